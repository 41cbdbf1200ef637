//! Where correct options sit across the course. Options are shuffled when a
//! learner takes a quiz, but the authored order still shows in print, in the
//! CLI summary and to anyone reading the TOML, and a course whose right answer
//! is usually "B" teaches test-taking instead of the subject.

use crate::diagnostic::Diagnostic;
use crate::module::Module;
use serde::Serialize;

/// How often a 1-based option position holds a correct answer, against what
/// an even spread would give for the same questions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PositionCount {
    pub position: usize,
    pub observed: usize,
    /// For each choice question with at least `position` options, its number
    /// of correct options divided by its number of options, summed.
    pub expected: f64,
}

/// The course-wide spread of correct options over positions.
pub fn correct_option_spread(modules: &[Module]) -> Vec<PositionCount> {
    let mut counts: Vec<PositionCount> = Vec::new();
    let questions = modules
        .iter()
        .filter_map(|module| module.quiz.as_ref())
        .flat_map(|quiz| quiz.questions.iter())
        .filter(|question| question.options.iter().any(|option| option.correct));
    for question in questions {
        let options = question.options.len();
        let correct = question.options.iter().filter(|o| o.correct).count();
        while counts.len() < options {
            counts.push(PositionCount {
                position: counts.len() + 1,
                observed: 0,
                expected: 0.0,
            });
        }
        for (count, option) in counts.iter_mut().zip(&question.options) {
            count.expected += correct as f64 / options as f64;
            if option.correct {
                count.observed += 1;
            }
        }
    }
    counts
}

/// The allowed gap between observed and expected counts at one position:
/// small counts get a little room, larger ones 40 percent.
fn allowed_gap(expected: f64) -> f64 {
    (0.4 * expected).max(3.0)
}

/// A problem for each position whose count strays too far from an even spread.
pub fn spread_problems(manifest_path: &str, spread: &[PositionCount]) -> Vec<Diagnostic> {
    spread
        .iter()
        .filter(|count| (count.observed as f64 - count.expected).abs() > allowed_gap(count.expected))
        .map(|count| {
            Diagnostic::new(
                manifest_path,
                1,
                format!(
                    "correct options sit unevenly: position {} holds {} correct answers across the course where an even spread gives about {:.1}; move some correct options to other positions",
                    count.position, count.observed, count.expected
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(position: usize, observed: usize, expected: f64) -> PositionCount {
        PositionCount {
            position,
            observed,
            expected,
        }
    }

    #[test]
    fn an_even_spread_passes_and_a_lopsided_one_names_the_position() {
        let even = [
            count(1, 5, 5.0),
            count(2, 6, 5.0),
            count(3, 4, 5.0),
            count(4, 5, 5.0),
        ];
        assert!(spread_problems("course.toml", &even).is_empty());
        // Twenty four-option questions with the answer always second.
        let lopsided = [
            count(1, 0, 5.0),
            count(2, 20, 5.0),
            count(3, 0, 5.0),
            count(4, 0, 5.0),
        ];
        let problems = spread_problems("course.toml", &lopsided);
        assert_eq!(problems.len(), 4);
        assert!(problems
            .iter()
            .any(|p| p.message.contains("position 2 holds 20")));
    }

    #[test]
    fn larger_counts_get_forty_percent_of_room() {
        assert!(spread_problems("c", &[count(1, 13, 10.0)]).is_empty());
        assert_eq!(spread_problems("c", &[count(1, 60, 40.0)]).len(), 1);
        assert!(spread_problems("c", &[count(1, 55, 40.0)]).is_empty());
    }
}
