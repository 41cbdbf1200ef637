//! Checkpoint quizzes: the schema authors write in TOML, its validation, and
//! grading. Grading explains itself: every answer gets feedback, and every
//! question its explanation, so a quiz teaches rather than only scores.

mod describe;
pub mod expr;
pub mod units;

pub use describe::describe_answer;
pub use units::{parse_quantity, Quantity};

use crate::rng::splitmix64;
use serde::{Deserialize, Serialize};

/// One quiz file, e.g. `content/quizzes/why-hardware.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quiz {
    pub id: String,
    pub title: String,
    /// A checkpoint marks its module completed when passed.
    #[serde(default)]
    pub checkpoint: bool,
    /// Overrides the course's default pass mark, in (0, 1].
    pub pass_mark: Option<f64>,
    #[serde(rename = "question", default)]
    pub questions: Vec<Question>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionType {
    Single,
    Multiple,
    Numeric,
    Short,
    /// Numeric with per-learner values: `params` ranges and a `formula` answer key.
    Parameterized,
    /// Pair each left item with its right item.
    Matching,
    /// Put `items` (written in the correct order) in order.
    Ordering,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// Markdown. A missing prompt, explanation or option feedback reads as
    /// empty, so the checker names its question and goes on to the rest of
    /// the file instead of stopping at the first missing key.
    #[serde(default)]
    pub prompt: String,
    /// Markdown, shown after every answer.
    #[serde(default)]
    pub explanation: String,
    #[serde(default)]
    pub options: Vec<Choice>,
    pub answer: Option<f64>,
    pub tolerance: Option<Tolerance>,
    /// The unit the answer is in, e.g. "GB"; learners may answer in any unit of the same kind.
    pub unit: Option<String>,
    #[serde(default)]
    pub accepted: Vec<String>,
    /// Parameterized: the values each learner draws, used as `{name}` in the prompt.
    #[serde(default)]
    pub params: Vec<Param>,
    /// Parameterized: the answer key as a formula of the parameters.
    pub formula: Option<String>,
    /// Matching: the pairs, each left with its right.
    #[serde(default)]
    pub pairs: Vec<Pair>,
    /// Ordering: the items, in the correct order.
    #[serde(default)]
    pub items: Vec<String>,
}

/// One parameter of a parameterized question: drawn from min, min + step, …, max.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Param {
    pub name: String,
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pair {
    pub left: String,
    pub right: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub text: String,
    #[serde(default)]
    pub correct: bool,
    /// Why this option is right or wrong.
    #[serde(default)]
    pub feedback: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tolerance {
    pub absolute: Option<f64>,
    pub relative: Option<f64>,
}

/// A learner's answer to one question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Answer {
    /// Option indices, in the file's order.
    Choices(Vec<usize>),
    Text(String),
    /// Matching: for each left item in file order, the index of the right item chosen.
    Pairs(Vec<Option<usize>>),
    /// Ordering: item indices (file order) in the order the learner put them.
    Order(Vec<usize>),
}

/// The verdict on one answer, with what to tell the learner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub correct: bool,
    /// Feedback on the specific answer (the chosen options, or the number read).
    pub feedback: Vec<String>,
}

/// Parses a quiz file and checks it. Problems carry the line they concern.
pub fn parse(text: &str) -> Result<Quiz, Vec<(usize, String)>> {
    let quiz: Quiz = crate::toml_reader::from_str(text)
        .map_err(|error| vec![(error.line(), error.message().to_string())])?;
    let problems = problems(&quiz, text);
    if problems.is_empty() {
        Ok(quiz)
    } else {
        Err(problems)
    }
}

/// Prompt openings that refer back to an earlier question.
const LEANING_OPENINGS: [&str; 5] = ["That ", "Those ", "These ", "The same ", "Keep "];

/// The line, at or after `from` (one-based) and before the next question,
/// where `repeat` was written: the quoted occurrence after those written
/// exactly alike. `None` when the value was written with escapes, so it
/// cannot be found as typed within its question.
fn repeat_line(text: &str, from: usize, repeat: &Repeat) -> Option<usize> {
    let quoted = format!("\"{}\"", repeat.text);
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .take_while(|(_, line)| !line.trim_start().starts_with("[[question"))
        .flat_map(|(index, line)| line.matches(quoted.as_str()).map(move |_| index + 1))
        .nth(repeat.written_alike)
}

fn problems(quiz: &Quiz, text: &str) -> Vec<(usize, String)> {
    // The n-th line declaring this id, so a repeated id is reported where
    // it is repeated, not at the question the author did not touch.
    let line_of_nth = |id: &str, nth: usize| {
        text.lines()
            .enumerate()
            .filter(|(_, l)| l.trim_start().starts_with("id") && l.contains(&format!("\"{id}\"")))
            .nth(nth)
            .map_or(1, |(i, _)| i + 1)
    };
    let mut out = Vec::new();
    if quiz.questions.is_empty() {
        out.push((1, format!("quiz `{}` has no [[question]]", quiz.id)));
    }
    if let Some(mark) = quiz.pass_mark {
        if !(mark > 0.0 && mark <= 1.0) {
            out.push((1, "pass_mark must be in (0, 1]".to_string()));
        }
    }
    for (idx, question) in quiz.questions.iter().enumerate() {
        let earlier = quiz
            .questions
            .iter()
            .take(idx)
            .filter(|q| q.id == question.id)
            .count();
        let line = line_of_nth(&question.id, earlier);
        let mut say =
            |message: String| out.push((line, format!("question `{}`: {message}", question.id)));
        if earlier > 0 {
            say("id is used twice in this quiz".to_string());
        }
        // Hardware quotes are resolved in module text only; in a quiz they
        // would reach the learner as typed.
        let texts = [question.prompt.as_str(), question.explanation.as_str()];
        if texts.iter().any(|t| t.contains("{{")) {
            say(
                "`{{...}}` quotes work in module text only; write the figure itself in a quiz"
                    .to_string(),
            );
        }
        if question.prompt.trim().is_empty() {
            say("prompt is empty".to_string());
        }
        // Questions are shuffled per attempt, so "That run" or "The same
        // model" may point at a question the learner has not seen yet.
        if let Some(opening) = LEANING_OPENINGS
            .iter()
            .find(|opening| question.prompt.trim_start().starts_with(*opening))
        {
            say(format!(
                "the prompt opens with \"{}\", which leans on another question; questions are shuffled, so state the numbers again",
                opening.trim_end()
            ));
        }
        if question.explanation.trim().is_empty() {
            say("every question needs an explanation".to_string());
        }
        for field in foreign_fields(question) {
            say(format!(
                "`{field}` does nothing in a {} question; remove it or change the type",
                type_name(question.kind)
            ));
        }
        // A repeat is reported where it is repeated, as a repeated id is.
        let mut say_at_repeat = |repeat: &Repeat, message: String| {
            let at = repeat_line(text, line, repeat).unwrap_or(line);
            out.push((at, format!("question `{}`: {message}", question.id)));
        };
        if let Some(repeat) = first_repeat(question.options.iter().map(|o| o.text.as_str())) {
            let shown = repeat.text.trim();
            say_at_repeat(
                &repeat,
                format!("two options read \"{shown}\"; a learner cannot tell them apart"),
            );
        }
        if let Some(repeat) = first_repeat(question.items.iter().map(String::as_str)) {
            let shown = repeat.text.trim();
            say_at_repeat(
                &repeat,
                format!("the item \"{shown}\" is listed twice, so its place is ambiguous"),
            );
        }
        if let Some(repeat) = first_repeat(question.pairs.iter().map(|p| p.left.as_str())) {
            let shown = repeat.text.trim();
            say_at_repeat(
                &repeat,
                format!("two pairs share the left side \"{shown}\""),
            );
        }
        let mut say =
            |message: String| out.push((line, format!("question `{}`: {message}", question.id)));
        match question.kind {
            QuestionType::Single | QuestionType::Multiple => {
                let correct = question.options.iter().filter(|o| o.correct).count();
                if question.options.len() < 2 {
                    say("needs at least two options".to_string());
                }
                if correct == 0 {
                    say("no option is marked correct".to_string());
                }
                if question.kind == QuestionType::Single && correct > 1 {
                    say("a single-choice question has exactly one correct option".to_string());
                }
                if question
                    .options
                    .iter()
                    .any(|o| o.feedback.trim().is_empty())
                {
                    say("every option needs feedback saying why it is right or wrong".to_string());
                }
            }
            QuestionType::Numeric => match (question.answer, question.tolerance) {
                (Some(answer), Some(tolerance)) => {
                    if !answer.is_finite() {
                        say("answer must be a finite number".to_string());
                    }
                    let absolute_ok = tolerance.absolute.is_none_or(|a| a.is_finite() && a >= 0.0);
                    let relative_ok = tolerance
                        .relative
                        .is_none_or(|r| r.is_finite() && (0.0..=0.5).contains(&r));
                    if tolerance.absolute.is_none() && tolerance.relative.is_none() {
                        say("tolerance needs `absolute` or `relative`".to_string());
                    } else if !(absolute_ok && relative_ok) {
                        say("tolerance must be non-negative, and relative at most 0.5".to_string());
                    }
                    if let Some(unit) = &question.unit {
                        if units::lookup(unit).is_none() {
                            say(format!("unknown unit `{unit}`; known: {}", units::known()));
                        }
                    }
                }
                _ => say("a numeric question needs `answer` and `tolerance`".to_string()),
            },
            QuestionType::Short => {
                if question.accepted.iter().all(|a| normalize(a).is_empty()) {
                    say("a short-answer question needs at least one `accepted` answer".to_string());
                }
            }
            QuestionType::Parameterized => {
                for message in parameterized_problems(question) {
                    say(message);
                }
            }
            QuestionType::Matching => {
                if question.pairs.len() < 2 {
                    say("a matching question needs at least two `pairs`".to_string());
                }
                let mut rights: Vec<&str> = question.pairs.iter().map(|p| p.right.trim()).collect();
                rights.sort_unstable();
                if rights.windows(2).any(|w| w.first() == w.get(1)) {
                    say(
                        "two pairs share a right side, so the answer would be ambiguous"
                            .to_string(),
                    );
                }
            }
            QuestionType::Ordering => {
                if question.items.len() < 2 {
                    say("an ordering question needs at least two `items`".to_string());
                }
            }
        }
    }
    out
}

/// The type as a quiz file spells it, for messages.
fn type_name(kind: QuestionType) -> &'static str {
    match kind {
        QuestionType::Single => "single",
        QuestionType::Multiple => "multiple",
        QuestionType::Numeric => "numeric",
        QuestionType::Short => "short",
        QuestionType::Parameterized => "parameterized",
        QuestionType::Matching => "matching",
        QuestionType::Ordering => "ordering",
    }
}

/// Fields written for another question type: the grader never reads them,
/// so they usually mean the author meant another type or mistyped it.
fn foreign_fields(question: &Question) -> Vec<&'static str> {
    use QuestionType::*;
    let kind = question.kind;
    let present = [
        (
            "options",
            !question.options.is_empty(),
            &[Single, Multiple][..],
        ),
        ("answer", question.answer.is_some(), &[Numeric][..]),
        (
            "tolerance",
            question.tolerance.is_some(),
            &[Numeric, Parameterized][..],
        ),
        (
            "unit",
            question.unit.is_some(),
            &[Numeric, Parameterized][..],
        ),
        ("accepted", !question.accepted.is_empty(), &[Short][..]),
        ("params", !question.params.is_empty(), &[Parameterized][..]),
        ("formula", question.formula.is_some(), &[Parameterized][..]),
        ("pairs", !question.pairs.is_empty(), &[Matching][..]),
        ("items", !question.items.is_empty(), &[Ordering][..]),
    ];
    present
        .into_iter()
        .filter(|(_, written, types)| *written && !types.contains(&kind))
        .map(|(field, _, _)| field)
        .collect()
}

/// The first text that repeats an earlier one (ignoring case and outer
/// spaces), as written, with how many earlier texts were written exactly so:
/// that count says which quoted occurrence in the file is the repeat.
fn first_repeat<'a>(texts: impl Iterator<Item = &'a str>) -> Option<Repeat<'a>> {
    let mut seen: Vec<&str> = Vec::new();
    for text in texts {
        let key = text.trim();
        if seen
            .iter()
            .any(|earlier| earlier.trim().to_lowercase() == key.to_lowercase())
        {
            let written_alike = seen.iter().filter(|earlier| **earlier == text).count();
            return Some(Repeat {
                text,
                written_alike,
            });
        }
        seen.push(text);
    }
    None
}

struct Repeat<'a> {
    text: &'a str,
    written_alike: usize,
}

/// Every grid value of every parameter: corners and a seeded sample must all
/// give a finite answer, so no learner ever draws an impossible question.
fn parameterized_problems(question: &Question) -> Vec<String> {
    let mut out = Vec::new();
    if question.params.is_empty() {
        out.push("a parameterized question needs `params`".to_string());
    }
    for param in &question.params {
        let ok = param.min.is_finite()
            && param.max.is_finite()
            && param.step.is_finite()
            && param.step > 0.0
            && param.min <= param.max;
        if !ok {
            out.push(format!(
                "parameter `{}` needs finite min ≤ max and a step above 0",
                param.name
            ));
        } else if (param.max - param.min) / param.step > 1e6 {
            out.push(format!(
                "parameter `{}` has more than a million values; use a larger step",
                param.name
            ));
        }
        if question
            .params
            .iter()
            .filter(|p| p.name == param.name)
            .count()
            > 1
        {
            out.push(format!("parameter `{}` is declared twice", param.name));
        }
        if !question.prompt.contains(&format!("{{{}}}", param.name)) {
            out.push(format!(
                "parameter `{}` never appears in the prompt as {{{}}}",
                param.name, param.name
            ));
        }
    }
    // Every {name} in the prompt must be drawn, or the learner reads it raw.
    for name in braced_names(&question.prompt) {
        if !question.params.iter().any(|p| p.name == name) {
            out.push(format!(
                "the prompt shows {{{name}}}, but `{name}` is not a declared parameter"
            ));
        }
    }
    if question.tolerance.is_none() {
        out.push("a parameterized question needs a `tolerance`".to_string());
    }
    if let Some(unit) = &question.unit {
        if units::lookup(unit).is_none() {
            out.push(format!("unknown unit `{unit}`; known: {}", units::known()));
        }
    }
    let names: Vec<String> = question.params.iter().map(|p| p.name.clone()).collect();
    match question.formula.as_deref().map(|f| expr::parse(f, &names)) {
        None => out.push("a parameterized question needs a `formula`".to_string()),
        Some(Err(error)) => out.push(format!("formula: {error}")),
        Some(Ok(formula)) if out.is_empty() => {
            for seed in 0..64u64 {
                let values = draw(&question.params, seed);
                if !formula.eval(&values).is_finite() {
                    let shown: Vec<String> = names
                        .iter()
                        .zip(&values)
                        .map(|(n, v)| format!("{n} = {v}"))
                        .collect();
                    out.push(format!("formula is not finite for {}", shown.join(", ")));
                    break;
                }
            }
        }
        Some(Ok(_)) => {}
    }
    out
}

/// The parameter values for `seed`; seeds 0 and 1 are the all-minimum and
/// all-maximum corners, so validation always tries them.
fn draw(params: &[Param], seed: u64) -> Vec<f64> {
    let mut state = seed;
    params
        .iter()
        .map(|p| {
            let steps = ((p.max - p.min) / p.step).floor().max(0.0);
            let k = match seed {
                0 => 0.0,
                1 => steps,
                _ => {
                    state = splitmix64(state);
                    (state % (steps as u64 + 1)) as f64
                }
            };
            // Round away binary noise such as 0.30000000000000004.
            let value = p.min + k * p.step;
            (value * 1e9).round() / 1e9
        })
        .collect()
}

/// The names written as `{name}` in a prompt: a letter or underscore, then
/// letters, digits or underscores, between single braces.
fn braced_names(prompt: &str) -> Vec<&str> {
    prompt
        .split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .filter(|name| {
            let mut chars = name.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        .collect()
}

/// A parameterized question made concrete for one learner and attempt: a
/// numeric question whose prompt shows the drawn values and whose answer the
/// formula computed. Any other question comes back unchanged.
pub fn instantiate(question: &Question, seed: u64) -> Question {
    if question.kind != QuestionType::Parameterized {
        return question.clone();
    }
    let names: Vec<String> = question.params.iter().map(|p| p.name.clone()).collect();
    // Seeds 0 and 1 are reserved for the corners; learners draw from 2 upwards.
    let values = draw(&question.params, seed.max(2));
    let answer = question
        .formula
        .as_deref()
        .and_then(|f| expr::parse(f, &names).ok())
        .map(|f| f.eval(&values))
        .filter(|v| v.is_finite());
    let mut prompt = question.prompt.clone();
    for (name, value) in names.iter().zip(&values) {
        prompt = prompt.replace(&format!("{{{name}}}"), &parameter_text(*value));
    }
    Question {
        kind: QuestionType::Numeric,
        prompt,
        answer,
        ..question.clone()
    }
}

/// A drawn value as the prompt shows it: whole numbers grouped in thousands
/// ("4,096 accelerators", as the fixed questions write them), others plain.
fn parameter_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() >= 1000.0 && value.abs() < 1e15 {
        let sign = if value < 0.0 { "-" } else { "" };
        format!("{sign}{}", crate::format::grouped(value.abs() as u64))
    } else {
        crate::format::plain_number(value)
    }
}

/// The seed of one learner's values for one question on one attempt.
pub fn question_seed(quiz_id: &str, question_id: &str, attempt: u32, learner: u64) -> u64 {
    splitmix64(
        fnv1a(quiz_id)
            ^ fnv1a(question_id).rotate_left(17)
            ^ learner
            ^ u64::from(attempt).wrapping_mul(0xA24B_AED4_963E_E407),
    )
}

/// The order to show a quiz's questions in on a given attempt, seeded like `option_order`.
pub fn question_order(quiz_id: &str, attempt: u32, count: usize) -> Vec<usize> {
    option_order(quiz_id, "\u{0}questions", attempt, count)
}

/// Grades one answer. Never fails: an answer of the wrong shape is simply wrong.
pub fn grade(question: &Question, answer: &Answer) -> Verdict {
    match (question.kind, answer) {
        (QuestionType::Single | QuestionType::Multiple, Answer::Choices(chosen)) => {
            let mut chosen: Vec<usize> = chosen
                .iter()
                .copied()
                .filter(|i| *i < question.options.len())
                .collect();
            chosen.sort_unstable();
            chosen.dedup();
            let correct_set: Vec<usize> = question
                .options
                .iter()
                .enumerate()
                .filter(|(_, o)| o.correct)
                .map(|(i, _)| i)
                .collect();
            let mut feedback: Vec<String> = chosen
                .iter()
                .filter_map(|i| question.options.get(*i))
                .map(|o| o.feedback.clone())
                .collect();
            // Feedback on the ticked options cannot say what was left
            // unticked; a missed right option is named with its reason.
            if question.kind == QuestionType::Multiple {
                for index in correct_set.iter().filter(|i| !chosen.contains(i)) {
                    if let Some(option) = question.options.get(*index) {
                        feedback.push(format!(
                            "Also right, and not ticked: “{}”. {}",
                            option.text, option.feedback
                        ));
                    }
                }
            }
            Verdict {
                correct: !chosen.is_empty() && chosen == correct_set,
                feedback,
            }
        }
        (QuestionType::Numeric, Answer::Text(text)) => grade_numeric(question, text),
        (QuestionType::Matching, Answer::Pairs(chosen)) => {
            let wrong: Vec<String> = question
                .pairs
                .iter()
                .enumerate()
                .filter(|(i, _)| chosen.get(*i).copied().flatten() != Some(*i))
                .map(|(_, pair)| format!("“{}” goes with “{}”.", pair.left, pair.right))
                .collect();
            Verdict {
                correct: wrong.is_empty() && chosen.len() == question.pairs.len(),
                feedback: wrong,
            }
        }
        (QuestionType::Ordering, Answer::Order(order)) => {
            let expected: Vec<usize> = (0..question.items.len()).collect();
            let correct = *order == expected;
            let feedback = if correct {
                Vec::new()
            } else {
                vec![format!("The right order: {}.", question.items.join(" → "))]
            };
            Verdict { correct, feedback }
        }
        (QuestionType::Short, Answer::Text(text)) => {
            let given = normalize(text);
            let correct = !given.is_empty()
                && question
                    .accepted
                    .iter()
                    .any(|a| short_answer_matches(&given, &normalize(a)));
            Verdict {
                correct,
                feedback: Vec::new(),
            }
        }
        _ => Verdict {
            correct: false,
            feedback: vec!["That answer does not fit this question.".to_string()],
        },
    }
}

/// Why a typed answer cannot be graded, if it cannot. A numeric answer that
/// is not a number, or whose unit is unknown or of the wrong kind, is a typing
/// problem to fix beside the field, not a wrong answer: grading it would lock
/// the question and show the worked answer for a slip of the keyboard.
///
/// So is zero or a negative amount where the answer is a positive amount of
/// something (a time, a size, a count): no reasoning gives "-1 µs", so it is
/// a slip of the sign, not a view worth grading. A percentage may be a
/// change either way, so it is left to grading.
pub fn unreadable(question: &Question, answer: &Answer) -> Option<String> {
    match (question.kind, answer) {
        (QuestionType::Numeric | QuestionType::Parameterized, Answer::Text(text)) => {
            let unit = question.unit.as_deref();
            match read_answer(text, unit, question.answer) {
                Err(message) => Some(message),
                Ok(value)
                    if value <= 0.0
                        && question.answer.is_some_and(|expected| expected > 0.0)
                        && unit != Some("%") =>
                {
                    Some(format!(
                        "{} cannot be it: the answer is an amount above zero. Check the sign.",
                        text.trim()
                    ))
                }
                // "15" for a share of 0.15 is a percentage typed without its
                // sign far more often than a claim that the share is fifteen.
                Ok(value)
                    if unit.is_none()
                        && !text.trim().ends_with('%')
                        && question.answer.is_some_and(|e| e > 0.0 && e <= 1.0)
                        && value > 1.0
                        && value <= 100.0 =>
                {
                    let typed = text.trim();
                    Some(format!(
                        "The answer is a fraction between 0 and 1. For {typed} percent, enter {} or {typed}%.",
                        crate::format::readable(value / 100.0, 4)
                    ))
                }
                Ok(_) => None,
            }
        }
        _ => None,
    }
}

/// A typed answer as a number in the question's unit. On a question without
/// a unit whose answer is a share (at most 1), "40%" means 0.4; where the
/// answer is larger, the percent sign is only a label.
fn read_answer(text: &str, unit: Option<&str>, expected: Option<f64>) -> Result<f64, String> {
    match (unit, text.trim().strip_suffix('%')) {
        (None, Some(number)) => {
            let value = parse_quantity(number, None)?;
            Ok(if expected.is_some_and(|e| e.abs() <= 1.0) {
                value / 100.0
            } else {
                value
            })
        }
        _ => parse_quantity(text, unit),
    }
}

fn grade_numeric(question: &Question, text: &str) -> Verdict {
    let (Some(expected), Some(tolerance)) = (question.answer, question.tolerance) else {
        return Verdict {
            correct: false,
            feedback: Vec::new(),
        };
    };
    let unit = question.unit.as_deref();
    match read_answer(text, unit, Some(expected)) {
        Ok(value) => {
            let allowed = tolerance
                .absolute
                .unwrap_or(0.0)
                .max(tolerance.relative.unwrap_or(0.0) * expected.abs());
            // A hair of slack so that decimal edges such as 117.6 for 120 ± 2% pass despite binary rounding.
            let correct =
                (value - expected).abs() <= allowed * (1.0 + 1e-9) + f64::EPSILON * expected.abs();
            let unit_text = unit.map(|u| format!(" {u}")).unwrap_or_default();
            let read = format!("Read as {}{unit_text}.", crate::format::readable(value, 4));
            let mut feedback = vec![read];
            // A question drawn with the learner's own values explains itself
            // in symbols; the number those values give is said here.
            if !correct && question.formula.is_some() {
                feedback.push(format!(
                    "With your numbers the answer is {}{unit_text}.",
                    crate::format::readable(expected, 4)
                ));
            }
            Verdict { correct, feedback }
        }
        Err(message) => Verdict {
            correct: false,
            feedback: vec![message],
        },
    }
}

/// Whether a short answer gives an accepted one: the same words, or the
/// accepted words in a row inside a short phrase ("surrogate gradient
/// method", "static input shapes"). A phrase that negates ("not static") or
/// runs on past a few extra words is not taken as the answer.
fn short_answer_matches(given: &str, accepted: &str) -> bool {
    if accepted.is_empty() {
        return false;
    }
    if given == accepted {
        return true;
    }
    let words: Vec<&str> = given.split(' ').collect();
    let wanted: Vec<&str> = accepted.split(' ').collect();
    let negated = words
        .iter()
        .any(|w| matches!(*w, "not" | "no" | "non" | "never" | "without"));
    let short = words.len() <= wanted.len() + SHORT_ANSWER_EXTRA_WORDS;
    !negated
        && short
        && words
            .windows(wanted.len())
            .any(|run| run == wanted.as_slice())
}

/// How many words a short answer may add around an accepted one.
const SHORT_ANSWER_EXTRA_WORDS: usize = 3;

/// Lowercase words without punctuation, for short answers.
fn normalize(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The order to show a question's options in on a given attempt: a seeded
/// shuffle, so each attempt differs but a reload shows the same order.
pub fn option_order(quiz_id: &str, question_id: &str, attempt: u32, count: usize) -> Vec<usize> {
    let mut state = fnv1a(quiz_id)
        ^ fnv1a(question_id).rotate_left(21)
        ^ u64::from(attempt).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut order: Vec<usize> = (0..count).collect();
    for idx in (1..count).rev() {
        state = splitmix64(state);
        let pick = (state % (idx as u64 + 1)) as usize;
        order.swap(idx, pick);
    }
    order
}

/// FNV-1a: a small, stable string hash (no std hasher, whose output may change between releases).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The score of a set of verdicts, in [0, 1].
pub fn score(verdicts: &[bool]) -> f64 {
    if verdicts.is_empty() {
        0.0
    } else {
        verdicts.iter().filter(|v| **v).count() as f64 / verdicts.len() as f64
    }
}

#[cfg(test)]
mod tests;
