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
    // A right option left unticked is named, with its reason.
    let verdict = grade(&quiz().questions[3], &Answer::Choices(vec![0]));
    assert_eq!(
        verdict.feedback,
        [
            "Yes: a few FLOPs per element.",
            "Also right, and not ticked: “Embedding lookup”. Yes: gathers with almost no math.",
        ]
    );
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

/// A typing problem is reported before grading, so the question stays open;
/// a readable number in the right kind of unit is graded, right or wrong.
#[test]
fn unreadable_numeric_answers_are_reported_not_graded() {
    let question = &quiz().questions[1];
    let problem = |answer: &str| unreadable(question, &text(answer));
    assert_eq!(problem("117 GB"), None);
    assert_eq!(problem("1.2e11 bytes"), None);
    for answer in [
        "abc",
        "about ten",
        "",
        "NaN",
        "120 ms",
        "120 bananas",
        "1,5",
    ] {
        assert!(problem(answer).is_some(), "{answer:?} should not be graded");
    }
    let words = problem("abc").unwrap_or_default();
    assert!(words.starts_with("“abc” is not a number."), "{words}");
    assert_eq!(
        problem("120 bananas").as_deref(),
        Some("“bananas” is not a unit this question knows.")
    );
    // A size cannot be zero or negative: a slip of the sign, said beside the field.
    for answer in ["-1", "0 GB", "-117 GB"] {
        let said = problem(answer).unwrap_or_default();
        assert!(
            said.ends_with("the answer is an amount above zero. Check the sign."),
            "{answer}: {said}"
        );
    }
    // Other question types have nothing to read before grading.
    assert_eq!(unreadable(&quiz().questions[2], &text("")), None);
    assert_eq!(
        unreadable(&quiz().questions[0], &Answer::Choices(vec![])),
        None
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
    let leaning = QUIZ.replace(
        "prompt = \"Which are memory-bound?\"",
        "prompt = \"The same model again: which are memory-bound?\"",
    );
    assert!(parse(&leaning).unwrap_err()[0]
        .1
        .contains("opens with \"The same\", which leans on another question"));
    let unit = QUIZ.replace("unit = \"GB\"", "unit = \"parsecs\"");
    assert!(parse(&unit).unwrap_err()[0]
        .1
        .contains("unknown unit `parsecs`"));
}

#[test]
fn fields_of_another_type_and_repeated_choices_are_reported() {
    let problems = |text: &str| -> Vec<String> {
        parse(text)
            .unwrap_err()
            .into_iter()
            .map(|(_, message)| message)
            .collect()
    };
    // A short-answer question given a numeric answer key: the grader would
    // only ever read `accepted`.
    let foreign = QUIZ.replace(
        "accepted = [\"roofline\", \"the roofline model\"]",
        "accepted = [\"roofline\"]\nanswer = 3.0\nunit = \"GB\"",
    );
    let found = problems(&foreign);
    assert!(
        found
            .iter()
            .any(|p| p.contains("`name`: `answer` does nothing in a short question")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|p| p.contains("`unit` does nothing in a short question")),
        "{found:?}"
    );
    let twice = QUIZ.replace(
        "{ text = \"Peak FLOP/s\",",
        "{ text = \"memory bandwidth \",",
    );
    let found = problems(&twice);
    assert!(
        found
            .iter()
            .any(|p| p.contains("two options read \"memory bandwidth\"")),
        "{found:?}"
    );
    let repeated_item = ARRANGE.replace("\"NVLink 4\", \"NDR", "\"HBM3\", \"NDR");
    let found = problems(&repeated_item);
    assert!(
        found
            .iter()
            .any(|p| p.contains("the item \"HBM3\" is listed twice")),
        "{found:?}"
    );
}

/// A repeated option or item is reported at the line that repeats it, so
/// the author is taken to the copy rather than the original.
#[test]
fn a_repeat_is_reported_at_its_own_line() {
    let line_of = |text: &str, needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map_or(0, |i| i + 1)
    };
    let problem_line = |text: &str| match parse(text) {
        Err(problems) => problems
            .iter()
            .find(|(_, message)| {
                message.contains("two options read") || message.contains("listed twice")
            })
            .map(|(line, _)| *line),
        Ok(_) => None,
    };
    let first = QUIZ
        .lines()
        .find(|l| l.contains("text = ") && !l.contains("Peak FLOP/s"))
        .unwrap();
    let first_text = first.split('"').nth(1).unwrap();
    let twice = QUIZ.replace(
        "{ text = \"Peak FLOP/s\",",
        &format!("{{ text = \"{first_text}\","),
    );
    assert_eq!(
        problem_line(&twice),
        Some(line_of(&twice, "feedback = \"Decode does"))
    );
    // Written differently (case, spaces), the repeat is still found on its line.
    let unlike = QUIZ.replace(
        "{ text = \"Peak FLOP/s\",",
        &format!("{{ text = \" {} \",", first_text.to_uppercase()),
    );
    assert_eq!(
        problem_line(&unlike),
        Some(line_of(&unlike, "feedback = \"Decode does"))
    );
    let items = ARRANGE.replace("\"NVLink 4\", \"NDR", "\"HBM3\", \"NDR");
    assert_eq!(problem_line(&items), Some(line_of(&items, "items = [")));
}

/// A missing key is named with its question, and the rest of the file is
/// still checked, so one run shows every problem.
#[test]
fn a_missing_feedback_names_its_question_and_the_rest_is_still_checked() {
    let text = QUIZ
        .replace(
            "{ text = \"Peak FLOP/s\", feedback = \"Decode does about one FLOP per byte, far below any ridge point.\" },",
            "{ text = \"Peak FLOP/s\" },",
        )
        .replace("explanation = \"Williams et al. 2009.\"", "");
    let found: Vec<String> = parse(&text)
        .unwrap_err()
        .into_iter()
        .map(|(_, message)| message)
        .collect();
    assert!(
        found
            .iter()
            .any(|p| p.contains("`pick`: every option needs feedback")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|p| p.contains("`name`: every question needs an explanation")),
        "{found:?}"
    );
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

const ARRANGE: &str = r#"
id = "arrange"
title = "Arrange"

[[question]]
id = "zero"
type = "parameterized"
prompt = "A {p}B-parameter model trains with mixed-precision Adam on {dp} GPUs under ZeRO-3. Model-state memory per GPU?"
explanation = "16 bytes per parameter, all of it sharded: 16 × P / N_d (Rajbhandari et al. 2020)."
params = [
  { name = "p", min = 1, max = 70, step = 1 },
  { name = "dp", min = 8, max = 512, step = 8 },
]
formula = "16 * p / dp"
unit = "GB"
tolerance = { relative = 0.05 }

[[question]]
id = "pairs"
type = "matching"
prompt = "Match each part to its family."
explanation = "TPUs are Google's ASICs; Gaudi is Intel's."
pairs = [
  { left = "TPU v5p", right = "Systolic-array ASIC from Google" },
  { left = "H100", right = "GPU" },
  { left = "Alveo U55C", right = "FPGA" },
]

[[question]]
id = "order"
type = "ordering"
prompt = "From fastest to slowest per GPU."
explanation = "HBM, then NVLink, then InfiniBand."
items = ["HBM3", "NVLink 4", "NDR InfiniBand"]
"#;

#[test]
fn parameterized_questions_give_each_learner_their_own_numbers() {
    let quiz = parse(ARRANGE).unwrap();
    let template = &quiz.questions[0];
    let a = instantiate(template, 11);
    let b = instantiate(template, 12);
    assert_eq!(a.kind, QuestionType::Numeric);
    assert!(!a.prompt.contains('{'), "{}", a.prompt);
    assert_ne!(a.prompt, b.prompt);
    // The engine's answer key: read the drawn values back from the prompt and recompute.
    let numbers: Vec<f64> = a
        .prompt
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter_map(|t| t.parse().ok())
        .collect();
    let (p, dp) = (numbers[0], numbers[1]);
    assert!((a.answer.unwrap() - 16.0 * p / dp).abs() < 1e-9);
    let answer = format!("{} GB", a.answer.unwrap());
    assert!(grade(&a, &Answer::Text(answer)).correct);
    // A wrong answer is told the number the learner's own values give.
    let wrong = grade(&a, &Answer::Text(format!("{} GB", a.answer.unwrap() * 3.0)));
    assert!(!wrong.correct);
    assert_eq!(
        wrong.feedback.last().cloned().unwrap_or_default(),
        format!(
            "With your numbers the answer is {} GB.",
            crate::format::significant_digits(a.answer.unwrap(), 4)
        )
    );
    // Same seed, same question: a reload shows the same numbers.
    assert_eq!(instantiate(template, 11), a);
}

#[test]
fn parameterized_validation_catches_what_would_break_a_learner() {
    let bad = ARRANGE.replace(
        "formula = \"16 * p / dp\"",
        "formula = \"16 * p / (dp - 8)\"",
    );
    let problems = parse(&bad).unwrap_err();
    assert!(
        problems.iter().any(|(_, m)| m.contains("not finite for")),
        "{problems:?}"
    );
    let bad = ARRANGE.replace("formula = \"16 * p / dp\"", "formula = \"16 * q\"");
    assert!(parse(&bad)
        .unwrap_err()
        .iter()
        .any(|(_, m)| m.contains("not a declared parameter")));
    let bad = ARRANGE.replace("on {dp} GPUs", "on some GPUs");
    assert!(parse(&bad)
        .unwrap_err()
        .iter()
        .any(|(_, m)| m.contains("never appears in the prompt")));
    // A name in braces that is not drawn would reach the learner as "{q}".
    let bad = ARRANGE.replace("on {dp} GPUs", "on {dp} GPUs and {q} layers");
    assert!(
        parse(&bad)
            .unwrap_err()
            .iter()
            .any(|(_, m)| m.contains("the prompt shows {q}, but `q` is not a declared parameter")),
        "{bad}"
    );
}

/// A repeated id is reported at its second use, the one just added; a
/// hardware quote in a quiz is refused, since only module text resolves it.
#[test]
fn quiz_checks_point_at_the_line_that_broke() {
    let twice = format!("{QUIZ}\n[[question]]\nid = \"name\"\ntype = \"short\"\nprompt = \"Again?\"\nexplanation = \"Again.\"\naccepted = [\"again\"]\n");
    let problems = parse(&twice).unwrap_err();
    let second = twice
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == "id = \"name\"")
        .nth(1)
        .map(|(i, _)| i + 1)
        .unwrap();
    assert!(
        problems
            .iter()
            .any(|(line, m)| *line == second && m.contains("id is used twice")),
        "{problems:?}"
    );
    let quoted = QUIZ.replace(
        "Which limit binds LLM decode at batch 1?",
        "Which limit binds {{hw:h100-sxm-80gb.name}} decode at batch 1?",
    );
    assert!(parse(&quoted)
        .unwrap_err()
        .iter()
        .any(|(_, m)| m.contains("quotes work in module text only")));
}

#[test]
fn matching_and_ordering_grade_and_explain() {
    let quiz = parse(ARRANGE).unwrap();
    let pairs = &quiz.questions[1];
    assert!(grade(pairs, &Answer::Pairs(vec![Some(0), Some(1), Some(2)])).correct);
    let wrong = grade(pairs, &Answer::Pairs(vec![Some(1), Some(0), Some(2)]));
    assert!(!wrong.correct);
    assert_eq!(wrong.feedback.len(), 2);
    assert!(wrong.feedback[0].contains("“TPU v5p” goes with"));
    assert!(!grade(pairs, &Answer::Pairs(vec![Some(0), None, Some(2)])).correct);
    let order = &quiz.questions[2];
    assert!(grade(order, &Answer::Order(vec![0, 1, 2])).correct);
    let wrong = grade(order, &Answer::Order(vec![1, 0, 2]));
    assert!(!wrong.correct && wrong.feedback[0].contains("HBM3 → NVLink 4"));
}

#[test]
fn question_order_is_a_seeded_permutation() {
    let first = question_order("q", 0, 8);
    let mut sorted = first.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..8).collect::<Vec<_>>());
    assert_eq!(first, question_order("q", 0, 8));
    assert_ne!(first, question_order("q", 1, 8));
}

/// Answers typed the way people write them: singular and spelled-out units,
/// energy and mass, powers of ten by hand, and a percentage for a share.
#[test]
fn answers_in_everyday_notation_are_read() {
    use super::units::parse_quantity;
    assert_eq!(parse_quantity("13.9 day", Some("days")), Ok(13.9));
    assert_eq!(parse_quantity("2 weeks", Some("days")), Ok(14.0));
    assert_eq!(parse_quantity("60,000 kWh", Some("MWh")), Ok(60.0));
    assert_eq!(parse_quantity("24000 kg", Some("t")), Ok(24.0));
    // Units spelled the way a prompt or a learner says them.
    assert_eq!(
        parse_quantity("250 FLOP per byte", Some("FLOP/byte")),
        Ok(250.0)
    );
    assert_eq!(parse_quantity("250 FLOPs/B", Some("FLOP/byte")), Ok(250.0));
    assert_eq!(parse_quantity("13 milliseconds", Some("ms")), Ok(13.0));
    assert_eq!(parse_quantity("13 ms/token", Some("ms")), Ok(13.0));
    assert_eq!(parse_quantity("13 ms per token", Some("ms")), Ok(13.0));
    assert_eq!(parse_quantity("0.8 PFLOPS", Some("TFLOP/s")), Ok(800.0));
    assert_eq!(parse_quantity("400 TF/s", Some("TFLOP/s")), Ok(400.0));
    assert_eq!(parse_quantity("~1024", None), Ok(1024.0));
    assert_eq!(parse_quantity("2 TOPS per watt", Some("TOPS/W")), Ok(2.0));
    assert_eq!(parse_quantity("2 tops/w", Some("TOPS/W")), Ok(2.0));
    assert_eq!(
        parse_quantity("≈ 1,024 FLOP/byte", Some("FLOP/byte")),
        Ok(1024.0)
    );
    assert_eq!(parse_quantity("1.2 × 10^24 FLOP", Some("FLOP")), Ok(1.2e24));
    assert_eq!(parse_quantity("1.2 x 10^24", Some("FLOP")), Ok(1.2e24));
    assert!(parse_quantity("3 kWh", Some("days")).is_err());
    assert_eq!(parse_quantity("300 GPUs", None), Ok(300.0));
    assert_eq!(parse_quantity("12.5x", None), Ok(12.5));
    assert_eq!(parse_quantity("12.5×", None), Ok(12.5));
    assert_eq!(parse_quantity("12.5 times", None), Ok(12.5));
    assert!(parse_quantity("300 GB", None).is_err());
    let share = |answer: f64| super::Question {
        id: "share".into(),
        kind: QuestionType::Numeric,
        prompt: "What share?".into(),
        explanation: "A share.".into(),
        options: Vec::new(),
        answer: Some(answer),
        tolerance: Some(super::Tolerance {
            absolute: None,
            relative: Some(0.02),
        }),
        unit: None,
        accepted: Vec::new(),
        params: Vec::new(),
        formula: None,
        pairs: Vec::new(),
        items: Vec::new(),
    };
    let read = |q: &super::Question, text: &str| {
        super::grade(q, &super::Answer::Text(text.into())).correct
    };
    assert!(read(&share(0.4), "40%"));
    assert!(read(&share(0.4), "0.4"));
    assert!(!read(&share(0.4), "40"));
    // "40" for a share is a percentage without its sign: said beside the
    // field, not graded, so the question stays open.
    let said = super::unreadable(&share(0.4), &super::Answer::Text("40".into()));
    assert_eq!(
        said.as_deref(),
        Some("The answer is a fraction between 0 and 1. For 40 percent, enter 0.4 or 40%.")
    );
    assert_eq!(
        super::unreadable(&share(0.4), &super::Answer::Text("0.4".into())),
        None
    );
    assert_eq!(
        super::unreadable(&share(0.4), &super::Answer::Text("40%".into())),
        None
    );
    assert_eq!(
        super::unreadable(&share(0.4), &super::Answer::Text("400".into())),
        None
    );
    // Where the answer is itself a percentage, the sign is only a label.
    assert!(read(&share(40.0), "40%"));
    assert_eq!(
        super::unreadable(&share(40.0), &super::Answer::Text("40".into())),
        None
    );
}

/// A short answer that states the accepted one inside a brief phrase is
/// right; one that negates it, or buries it in a sentence, is not.
#[test]
fn short_answers_may_wrap_the_accepted_words() {
    let matches = |given: &str, accepted: &str| {
        super::short_answer_matches(&super::normalize(given), &super::normalize(accepted))
    };
    assert!(matches("surrogate gradient method", "surrogate gradient"));
    assert!(matches("Static input shapes", "static"));
    assert!(matches("fixed-size", "fixed"));
    assert!(matches("the surrogate gradient", "surrogate gradient"));
    assert!(!matches("not static", "static"));
    assert!(!matches("non-static shapes", "static"));
    assert!(!matches("gradient surrogate", "surrogate gradient"));
    assert!(!matches(
        "it is definitely not something static at all",
        "static"
    ));
    assert!(!matches("dynamic", "static"));
}
