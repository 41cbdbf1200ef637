use super::*;

const QUIZ: &str = r#"
id = "q"
title = "Checkpoint"
checkpoint = true

[[question]]
id = "pick"
type = "single"
prompt = "Which limit binds LLM decode at batch 1?"
explanation = "Each token reads every weight once."
options = [
  { text = "Memory bandwidth", correct = true, feedback = "Right: about one FLOP per byte." },
  { text = "Peak FLOP/s", feedback = "Decode does about one FLOP per byte, far below any ridge point." },
]

[[question]]
id = "states"
type = "numeric"
prompt = "Model states of a 7.5B model under mixed-precision Adam, no ZeRO?"
explanation = "16 bytes per parameter (Rajbhandari et al. 2020)."
answer = 120.0
unit = "GB"
tolerance = { relative = 0.02 }

[[question]]
id = "name"
type = "short"
prompt = "Name the model that plots attainable FLOP/s against intensity."
explanation = "Williams et al. 2009."
accepted = ["roofline", "the roofline model"]

[[question]]
id = "many"
type = "multiple"
prompt = "Which are memory-bound?"
explanation = "Both do about one FLOP per byte or less."
options = [
  { text = "Layer norm", correct = true, feedback = "Yes: a few FLOPs per element." },
  { text = "Embedding lookup", correct = true, feedback = "Yes: gathers with almost no math." },
  { text = "A 4096-cubed matmul", feedback = "No: its intensity is about 1,365 FLOP/byte." },
]
"#;

fn quiz() -> Quiz {
    parse(QUIZ).unwrap()
}

fn check(question: usize, answer: Answer, expected: bool) {
    let quiz = quiz();
    let verdict = grade(&quiz.questions[question], &answer);
    assert_eq!(verdict.correct, expected, "{answer:?}: {verdict:?}");
}

fn text(s: &str) -> Answer {
    Answer::Text(s.to_string())
}

#[test]
fn single_choice() {
    check(0, Answer::Choices(vec![0]), true);
    check(0, Answer::Choices(vec![1]), false);
    check(0, Answer::Choices(vec![]), false);
    check(0, Answer::Choices(vec![9]), false);
    let verdict = grade(&quiz().questions[0], &Answer::Choices(vec![1]));
    assert_eq!(
        verdict.feedback,
        ["Decode does about one FLOP per byte, far below any ridge point."]
    );
}

#[test]
fn multiple_choice_needs_exactly_the_correct_set() {
    check(3, Answer::Choices(vec![1, 0]), true);
    check(3, Answer::Choices(vec![0]), false);
    check(3, Answer::Choices(vec![0, 1, 2]), false);
    check(3, Answer::Choices(vec![0, 0, 1]), true);
}

/// ZeRO (Rajbhandari et al. 2020), Section 3.1: 16 bytes per parameter, 120 GB for 7.5B.
#[test]
fn numeric_answers_accept_units_and_scientific_notation() {
    for (answer, expected) in [
        ("120", true),
        ("120 GB", true),
        ("121.5 GB", true),
        ("1.2e11 bytes", true),
        ("120e9 B", true),
        ("0.12 TB", true),
        ("111.8 GiB", true),
        ("118 GB", true),
        ("117 GB", false),
        ("125", false),
        ("120 ms", false),
        ("lots", false),
        ("", false),
        ("NaN", false),
    ] {
        check(1, text(answer), expected);
    }
    let verdict = grade(&quiz().questions[1], &text("120 ms"));
    assert_eq!(
        verdict.feedback,
        ["“ms” measures time, but the answer is in bytes."]
    );
}

#[test]
fn tolerance_edges_are_inclusive() {
    // 2% of 120 is 2.4: 117.6 and 122.4 pass, just outside fails.
    check(1, text("117.6"), true);
    check(1, text("122.4"), true);
    check(1, text("122.41"), false);
}

#[test]
fn short_answers_ignore_case_and_punctuation() {
    check(2, text("Roofline"), true);
    check(2, text("  the Roofline model. "), true);
    check(2, text("roof"), false);
    check(2, text(""), false);
}

#[test]
fn wrong_answer_shapes_are_wrong_not_panics() {
    check(0, text("Memory bandwidth"), false);
    check(1, Answer::Choices(vec![0]), false);
}

#[test]
fn validation_catches_authoring_mistakes() {
    let broken = QUIZ
        .replace(
            "{ text = \"Memory bandwidth\", correct = true,",
            "{ text = \"Memory bandwidth\",",
        )
        .replace(
            "tolerance = { relative = 0.02 }",
            "tolerance = { relative = 2.0 }",
        )
        .replace(
            "explanation = \"Williams et al. 2009.\"",
            "explanation = \"\"",
        )
        .replace("id = \"many\"", "id = \"pick\"");
    let problems: Vec<String> = parse(&broken)
        .unwrap_err()
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("`pick`: no option is marked correct")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.contains("relative at most 0.5")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.contains("needs an explanation")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.contains("id is used twice")),
        "{problems:?}"
    );
    let unit = QUIZ.replace("unit = \"GB\"", "unit = \"parsecs\"");
    assert!(parse(&unit).unwrap_err()[0]
        .1
        .contains("unknown unit `parsecs`"));
}

#[test]
fn option_order_is_a_reproducible_permutation_that_changes_per_attempt() {
    let first = option_order("q", "pick", 0, 4);
    assert_eq!(first, option_order("q", "pick", 0, 4));
    let mut sorted = first.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![0, 1, 2, 3]);
    let orders: std::collections::BTreeSet<Vec<usize>> = (0..10)
        .map(|attempt| option_order("q", "pick", attempt, 4))
        .collect();
    assert!(orders.len() > 3, "{orders:?}");
    assert_eq!(option_order("q", "x", 3, 0), Vec::<usize>::new());
}

#[test]
fn score_is_a_share() {
    assert_eq!(score(&[true, false, true, true]), 0.75);
    assert_eq!(score(&[]), 0.0);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn grading_never_panics(answer in ".{0,40}", indices in proptest::collection::vec(0usize..20, 0..6)) {
            for question in &quiz().questions {
                let _ = grade(question, &Answer::Text(answer.clone()));
                let _ = grade(question, &Answer::Choices(indices.clone()));
            }
        }
    }
}
