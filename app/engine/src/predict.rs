//! How far a learner's prediction landed from the model's answer, in words.
//! A guess within a few percent is called right, a near miss is told in
//! percent, and a far one as a factor, since "1× too low" reads as a bug.

use crate::format::{self, amount};

/// Within this share of the answer, a guess counts as right: the widgets
/// show three significant figures, so closer than this is reading error.
pub const SPOT_ON: f64 = 0.05;
/// Below this factor a miss is told in percent; from it on, as a factor.
pub const TOLD_AS_FACTOR: f64 = 1.5;

/// A typed guess as a number in `unit`. A bare number is taken as it is; a
/// number followed by the unit the box asks for ("1 FLOP/byte", "3 classes")
/// or by another unit of the same kind ("2 hours" for minutes) is read too,
/// so the box accepts what its own label shows.
pub fn read_guess(text: &str, unit: &str) -> Result<f64, String> {
    let bare = crate::field::parse_real(text);
    if let Ok(value) = bare {
        return Ok(value);
    }
    let trimmed = text.trim();
    let without_unit = trimmed
        .len()
        .checked_sub(unit.len())
        .and_then(|cut| trimmed.get(cut..).map(|tail| (cut, tail)))
        .filter(|(_, tail)| !unit.is_empty() && tail.eq_ignore_ascii_case(unit))
        .and_then(|(cut, _)| trimmed.get(..cut));
    if let Some(number) = without_unit {
        if let Ok(value) = crate::field::parse_real(number) {
            return Ok(value);
        }
    }
    if crate::quiz::units::lookup(unit).is_some() {
        if let Ok(value) = crate::quiz::parse_quantity(trimmed, Some(unit)) {
            return Ok(value);
        }
    }
    bare.map_err(|problem| problem.to_string())
}

/// The sentence shown after a reveal. A guess and an answer of opposite sign
/// or zero (a matcher score can be negative) have no ratio, so the sentence
/// gives both and the difference. `None` only for a value that is not finite.
pub fn verdict(guess: f64, actual: f64, unit: &str) -> Option<String> {
    if !(guess.is_finite() && actual.is_finite()) {
        return None;
    }
    let said = format!(
        "You guessed {}; the model gives {}",
        amount(guess, unit),
        amount(actual, unit)
    );
    if !(guess > 0.0 && actual > 0.0) {
        let direction = if guess > actual { "high" } else { "low" };
        return Some(if guess == actual {
            format!("{said}: spot on.")
        } else {
            format!(
                "{said}: {} too {direction}.",
                amount((guess - actual).abs(), unit)
            )
        });
    }
    let off = (guess - actual).abs() / actual;
    let direction = if guess > actual { "high" } else { "low" };
    let ratio = if guess > actual {
        guess / actual
    } else {
        actual / guess
    };
    Some(if off <= SPOT_ON {
        format!("{said}: spot on.")
    } else if ratio < TOLD_AS_FACTOR {
        format!("{said}: {} too {direction}.", format::whole_percent(off))
    } else {
        format!(
            "{said}: {}× too {direction}.",
            format::significant_digits(ratio, 2)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guess_may_carry_the_unit_its_box_asks_for() {
        assert_eq!(read_guess("1", "FLOP/byte"), Ok(1.0));
        assert_eq!(read_guess("1 FLOP/byte", "FLOP/byte"), Ok(1.0));
        assert_eq!(read_guess("3 classes", "classes"), Ok(3.0));
        assert_eq!(read_guess("2 hours", "minutes"), Ok(120.0));
        assert_eq!(read_guess("15 days", "days"), Ok(15.0));
        assert!(read_guess("abc", "days").is_err());
        assert!(read_guess("3 bananas", "classes").is_err());
    }

    #[test]
    fn a_close_guess_is_spot_on_and_a_near_miss_is_told_in_percent() {
        let say = |g: f64, a: f64| verdict(g, a, "FLOP/byte").unwrap_or_default();
        assert_eq!(
            say(0.5, 0.5),
            "You guessed 0.5 FLOP/byte; the model gives 0.5 FLOP/byte: spot on."
        );
        assert!(say(0.49, 0.5).ends_with("spot on."), "{}", say(0.49, 0.5));
        // A share is written as the results write it, the sign against the number.
        assert_eq!(
            verdict(90.0, 89.6, "%").unwrap_or_default(),
            "You guessed 90%; the model gives 89.6%: spot on."
        );
        assert!(say(1.99, 2.0).ends_with("spot on."));
        assert!(
            say(1.2, 1.0).ends_with(": 20% too high."),
            "{}",
            say(1.2, 1.0)
        );
        assert!(
            say(0.8, 1.0).ends_with(": 20% too low."),
            "{}",
            say(0.8, 1.0)
        );
        assert!(
            say(3.0, 1.0).ends_with(": 3× too high."),
            "{}",
            say(3.0, 1.0)
        );
        assert!(
            say(1.0, 250.0).ends_with(": 250× too low."),
            "{}",
            say(1.0, 250.0)
        );
        for (g, a) in [(f64::NAN, 1.0), (1.0, f64::INFINITY)] {
            assert_eq!(verdict(g, a, "s"), None);
        }
        // A negative matcher score has no ratio; the difference is given.
        assert_eq!(
            verdict(20.0, -9.0, "points").unwrap_or_default(),
            "You guessed 20 points; the model gives -9 points: 29 points too high."
        );
        // One operation per byte is singular.
        assert_eq!(
            verdict(1.0, 2.0, "ops/byte").unwrap_or_default(),
            "You guessed 1 op/byte; the model gives 2 ops/byte: 2× too low."
        );
    }
}
