//! Every parameterized question in the course grades its own computed answer
//! as correct, whatever values a learner draws.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use engine::quiz::{grade, instantiate, parse, Answer, QuestionType};
use proptest::prelude::*;
use std::path::PathBuf;

fn quizzes() -> Vec<engine::quiz::Quiz> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content/quizzes");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        out.push(parse(&text).unwrap());
    }
    out
}

#[test]
fn the_course_has_parameterized_questions() {
    let count = quizzes()
        .iter()
        .flat_map(|q| q.questions.iter())
        .filter(|q| q.kind == QuestionType::Parameterized)
        .count();
    assert!(count >= 9, "{count}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_parameterized_question_accepts_its_own_answer(seed in any::<u64>()) {
        for quiz in quizzes() {
            for question in quiz.questions.iter().filter(|q| q.kind == QuestionType::Parameterized) {
                let concrete = instantiate(question, seed);
                let answer = concrete.answer.unwrap();
                prop_assert!(answer.is_finite(), "{}: {answer}", question.id);
                let unit = concrete.unit.clone().unwrap_or_default();
                let text = format!("{answer:e} {unit}");
                let verdict = grade(&concrete, &Answer::Text(text.clone()));
                prop_assert!(verdict.correct, "{} seed {seed}: {text} → {:?}", question.id, verdict.feedback);
            }
        }
    }
}

/// The case study's own-numbers table question exists to teach that row-wise
/// Adagrad adds 4 bytes a row. Whatever a learner draws, an answer that leaves
/// that state out must be marked wrong; so must the fixed question's 51.2 GB.
#[test]
fn table_memory_without_the_optimizer_state_is_always_wrong() {
    let quiz = quizzes()
        .into_iter()
        .find(|q| q.questions.iter().any(|q| q.id == "table-memory-yours"))
        .unwrap();
    let find = |id: &str| quiz.questions.iter().find(|q| q.id == id).unwrap();
    let weights_only = engine::quiz::Question {
        formula: Some("rows * dim * bytes / 1000".to_string()),
        ..find("table-memory-yours").clone()
    };
    for seed in 0..2_000 {
        let concrete = instantiate(find("table-memory-yours"), seed);
        let wrong = instantiate(&weights_only, seed).answer.unwrap();
        let verdict = grade(&concrete, &Answer::Text(format!("{wrong} GB")));
        assert!(!verdict.correct, "seed {seed}: {wrong} GB was accepted");
        let rounded = format!("{:.2e} GB", concrete.answer.unwrap());
        assert!(
            grade(&concrete, &Answer::Text(rounded.clone())).correct,
            "seed {seed}: {rounded}"
        );
    }
    let fixed = find("table-memory");
    assert!(!grade(fixed, &Answer::Text("51.2 GB".into())).correct);
    assert!(grade(fixed, &Answer::Text("52 GB".into())).correct);
}
