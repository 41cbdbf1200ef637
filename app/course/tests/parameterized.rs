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
