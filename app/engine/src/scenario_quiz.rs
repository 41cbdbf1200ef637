//! The matching quiz of module 8: a round of scenario cards to match to
//! hardware classes. The cards live in content (`scenarios.toml`); this is
//! the widget's form and the seeded choice of cards for each attempt.

use crate::field::{Checker, FieldErrors, Range};
use serde::{Deserialize, Serialize};

pub const SLUG: &str = "matching-quiz";
pub const FIELDS: [&str; 1] = ["cards"];
/// Where attempts and the best score are kept in progress.
pub const PROGRESS_KEY: &str = "matching-quiz";
/// Eight cards a round: enough to cover most classes, short enough to finish.
/// A round size that does not validate falls back to this.
pub const DEFAULT_CARDS: u64 = 8;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScenarioQuizForm {
    pub cards: String,
}

impl Default for ScenarioQuizForm {
    fn default() -> Self {
        ScenarioQuizForm {
            cards: DEFAULT_CARDS.to_string(),
        }
    }
}

impl ScenarioQuizForm {
    fn slot(&mut self, field: &str) -> Option<&mut String> {
        match field {
            "cards" => Some(&mut self.cards),
            _ => None,
        }
    }

    /// Cards per round.
    pub fn validate(&self) -> Result<u64, FieldErrors> {
        let mut checker = Checker::default();
        let cards = checker.whole("cards", &self.cards, Range::at_least(2.0, 100.0));
        checker.finish(|| cards)
    }
}

crate::widgets::slot_form!(ScenarioQuizForm, FIELDS);

/// The cards of one attempt, by index into the bank: a seeded shuffle, so a
/// reload shows the same round and the next attempt a new one.
pub fn round(bank_size: usize, per_round: u64, attempt: u32) -> Vec<usize> {
    let take = usize::try_from(per_round)
        .unwrap_or(usize::MAX)
        .min(bank_size);
    crate::quiz::option_order(SLUG, "round", attempt, bank_size)
        .into_iter()
        .take(take)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_are_seeded_distinct_and_bounded() {
        let first = round(25, 8, 0);
        assert_eq!(first.len(), 8);
        let mut sorted = first.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 8);
        assert!(first.iter().all(|i| *i < 25));
        assert_eq!(first, round(25, 8, 0));
        assert_ne!(first, round(25, 8, 1));
        assert_eq!(round(3, 8, 0).len(), 3);
    }

    #[test]
    fn the_round_size_is_checked() {
        let form = ScenarioQuizForm { cards: "1".into() };
        assert_eq!(
            form.validate().unwrap_err().message_for("cards").as_deref(),
            Some("Must be at least 2.")
        );
    }
}
