//! A learner's answer as plain text, for results reports a teacher reads
//! without the quiz file beside them.

use super::{Answer, Question};

/// Longest answer text kept, so one pasted essay cannot bloat stored progress.
const MAX_CHARS: usize = 200;

/// The answer in words: chosen option texts, the typed text, matched pairs as
/// `left → right`, or the items in the learner's order.
pub fn describe_answer(question: &Question, answer: &Answer) -> String {
    let text = match answer {
        Answer::Choices(chosen) => chosen
            .iter()
            .filter_map(|idx| question.options.get(*idx))
            .map(|option| option.text.as_str())
            .collect::<Vec<_>>()
            .join("; "),
        Answer::Text(text) => text.trim().to_string(),
        Answer::Pairs(pairs) => question
            .pairs
            .iter()
            .zip(pairs)
            .map(|(pair, chosen)| {
                let right = chosen
                    .and_then(|idx| question.pairs.get(idx))
                    .map_or("(none)", |p| p.right.as_str());
                format!("{} → {right}", pair.left)
            })
            .collect::<Vec<_>>()
            .join("; "),
        Answer::Order(order) => order
            .iter()
            .filter_map(|idx| question.items.get(*idx))
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" > "),
    };
    text.chars().take(MAX_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiz::{Choice, Pair, QuestionType};

    fn question() -> Question {
        Question {
            id: "q".into(),
            kind: QuestionType::Single,
            prompt: String::new(),
            explanation: String::new(),
            options: vec![
                Choice {
                    text: "NDR".into(),
                    correct: false,
                    feedback: String::new(),
                },
                Choice {
                    text: "HDR".into(),
                    correct: true,
                    feedback: String::new(),
                },
            ],
            answer: None,
            tolerance: None,
            unit: None,
            accepted: Vec::new(),
            params: Vec::new(),
            formula: None,
            pairs: vec![
                Pair {
                    left: "T4".into(),
                    right: "inference".into(),
                },
                Pair {
                    left: "H100".into(),
                    right: "training".into(),
                },
            ],
            items: vec!["prefill".into(), "decode".into()],
        }
    }

    #[test]
    fn every_kind_of_answer_reads_as_words() {
        let q = question();
        assert_eq!(describe_answer(&q, &Answer::Choices(vec![1, 9])), "HDR");
        assert_eq!(
            describe_answer(&q, &Answer::Text(" 120 GB ".into())),
            "120 GB"
        );
        assert_eq!(
            describe_answer(&q, &Answer::Pairs(vec![Some(1), None])),
            "T4 → training; H100 → (none)"
        );
        assert_eq!(
            describe_answer(&q, &Answer::Order(vec![1, 0])),
            "decode > prefill"
        );
        let long = "x".repeat(1000);
        assert_eq!(describe_answer(&q, &Answer::Text(long)).len(), MAX_CHARS);
    }
}
