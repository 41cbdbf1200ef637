//! An attempt in progress, kept in localStorage so that leaving the page (a
//! link in the text, a reload, a closed tab) loses no answer. A draft belongs
//! to one attempt: the attempt number seeds the question order and the values
//! of parameterized questions, so a draft from another attempt is dropped.
//! Verdicts are not stored: a checked answer is graded again when the draft
//! comes back, so an edited draft cannot claim a right answer.

use super::QuestionState;
use crate::storage::{read_draft, write_draft};
use engine::quiz::{grade, Question, QuestionType};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct DraftAnswer {
    #[serde(default)]
    text: String,
    #[serde(default)]
    chosen: Vec<usize>,
    #[serde(default)]
    pairs: Vec<Option<usize>>,
    #[serde(default)]
    order: Vec<usize>,
    #[serde(default)]
    checked: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Draft {
    attempt: u32,
    answers: Vec<DraftAnswer>,
}

/// The saved answers of this attempt, checked against the questions, or
/// `None` when there is no usable draft. `questions` are indexed as the quiz
/// file lists them, already made concrete for this attempt.
pub fn load(key: &str, attempt: u32, questions: &[Question]) -> Option<Vec<QuestionState>> {
    let draft: Draft = read_draft(key)?;
    if draft.attempt != attempt || draft.answers.len() != questions.len() {
        return None;
    }
    Some(
        questions
            .iter()
            .zip(draft.answers)
            .map(|(question, saved)| restore(question, saved))
            .collect(),
    )
}

/// Keeps only what fits the question, then grades a checked answer again.
fn restore(question: &Question, saved: DraftAnswer) -> QuestionState {
    let options = question.options.len();
    let pairs = question.pairs.len();
    let mut chosen: Vec<usize> = saved.chosen.into_iter().filter(|c| *c < options).collect();
    chosen.sort_unstable();
    chosen.dedup();
    if question.kind == QuestionType::Single {
        chosen.truncate(1);
    }
    let pairs_ok = saved.pairs.len() == pairs && saved.pairs.iter().flatten().all(|p| *p < pairs);
    // An order is kept only as a whole permutation of the question's items.
    let order_ok = {
        let mut sorted = saved.order.clone();
        sorted.sort_unstable();
        sorted.into_iter().eq(0..question.items.len())
    };
    let mut state = QuestionState {
        text: saved.text.chars().take(1_000).collect(),
        chosen,
        pairs: if pairs_ok { saved.pairs } else { Vec::new() },
        order: if order_ok { saved.order } else { Vec::new() },
        verdict: None,
    };
    if saved.checked {
        state.verdict = Some(grade(question, &state.answer(question.kind)));
    }
    state
}

/// Writes the attempt's answers. A failed write (storage full or blocked)
/// changes nothing on the page, so it is ignored.
pub fn save(key: &str, attempt: u32, states: &[QuestionState]) {
    let draft = Draft {
        attempt,
        answers: states
            .iter()
            .map(|s| DraftAnswer {
                text: s.text.clone(),
                chosen: s.chosen.clone(),
                pairs: s.pairs.clone(),
                order: s.order.clone(),
                checked: s.verdict.is_some(),
            })
            .collect(),
    };
    write_draft(key, &draft);
}
