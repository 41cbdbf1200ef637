//! Scenario cards for the matching quiz (`content/scenarios.toml`): a short
//! workload story, the workload as the matcher reads it, the class of hardware
//! that fits best, an explanation, and why the plausible alternatives do not.
//!
//! ```toml
//! [[card]]
//! id = "drone-obstacles"            # lowercase letters, digits, hyphens; unique
//! title = "Obstacle detection on a drone"
//! scenario = "One to three sentences."
//! answer = "edge"                   # gpu | tpu | asic | fpga | cpu | edge | neuromorphic
//! explanation = "Why the answer is right."
//!
//! [card.workload]                   # the matcher's keys; a key left out is unknown
//! phase = "inference"
//! power_budget_w = 5
//!
//! [card.why_not]                    # class = why it is not the answer
//! gpu = "..."
//! ```
//!
//! Checks: ids unique, every text present, the scenario at most three
//! sentences, the answer and every `why_not` key a known class (never the
//! answer itself), every workload valid under the matcher's own validation,
//! and every class the answer of at least [`MIN_PER_CLASS`] cards. The content
//! check also runs [`check_rivals`]: the answer among the matcher's top
//! [`TOP`] classes, and a `why_not` line for every class the matcher scores at
//! least as high as the answer.

use crate::diagnostic::Diagnostic;
use crate::manifest::is_slug;
use engine::hardware::{Catalogue, Class};
use engine::matcher::{MatcherForm, CLASSES, FIELDS};
use engine::widgets::WidgetForm;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Every class must be the right answer this many times across the bank.
pub const MIN_PER_CLASS: usize = 2;
/// A scenario is one to this many sentences.
pub const MAX_SENTENCES: usize = 3;
/// A card's answer must be among the matcher's best this many classes, so the
/// matcher a card links to never argues against the card.
pub const TOP: usize = 2;

/// The whole bank, in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ScenarioBank {
    pub cards: Vec<Card>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Card {
    pub id: String,
    pub title: String,
    pub scenario: String,
    pub answer: Class,
    pub explanation: String,
    /// The workload as matcher form fields (name, raw text), in file order.
    pub workload: Vec<(String, String)>,
    /// Why each plausible wrong class is wrong.
    pub why_not: Vec<(Class, String)>,
}

impl Card {
    /// The card's workload as a matcher form; keys it leaves out stay unknown.
    pub fn form(&self) -> MatcherForm {
        let mut form = MatcherForm::unknown();
        for (key, value) in &self.workload {
            form.set_field(key, value.clone());
        }
        form
    }

    /// Why `picked` is not the answer: the author's words when the card has
    /// them, else the matcher's own verdict on this workload (the two scores
    /// and the reason that costs `picked` the most), so a learner who picks
    /// an unexpected class still reads a reason about this scenario.
    pub fn why_not(&self, picked: Class, catalogue: Option<&Catalogue>) -> String {
        if let Some((_, text)) = self.why_not.iter().find(|(class, _)| *class == picked) {
            return text.clone();
        }
        catalogue
            .and_then(|catalogue| self.matcher_why_not(picked, catalogue))
            .unwrap_or_else(|| {
                format!(
                    "{} is not the best fit here; the explanation below says what is.",
                    picked.label()
                )
            })
    }

    fn matcher_why_not(&self, picked: Class, catalogue: &Catalogue) -> Option<String> {
        let input = self.form().validate(catalogue).ok()?;
        let out = engine::matcher::compute(&input);
        let entry = |class: Class| out.ranking.iter().find(|e| e.class == class);
        let (wrong, right) = (entry(picked)?, entry(self.answer)?);
        // A class scored as high as the answer gets no matcher-made reason;
        // the bank's checks require the author's words for it, so this is
        // only a guard.
        if needs_authored_reason(wrong.score, right.score) {
            return None;
        }
        let behind = right.score.checked_sub(wrong.score)?;
        let scores = format!(
            // Scores are signed, as the matcher's own ranking prints them.
            "The matcher scores the {} class at {:+} on this workload, {} {} below {} ({:+})",
            picked.label(),
            wrong.score,
            behind,
            if behind == 1 { "point" } else { "points" },
            self.answer.label(),
            right.score
        );
        // Reasons against come most damaging first.
        let against = wrong
            .reasons
            .iter()
            .find_map(|reason| reason.strip_prefix("Against: "));
        Some(match against {
            Some(reason) => format!("{scores}. What costs it most: {reason}"),
            None => format!(
                "{scores}: nothing counts against it, but fewer of the workload's needs count for it."
            ),
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BankFile {
    #[serde(default)]
    card: Vec<CardFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    id: String,
    title: String,
    scenario: String,
    answer: String,
    explanation: String,
    #[serde(default)]
    workload: engine::toml_reader::Table,
    #[serde(default)]
    why_not: BTreeMap<String, String>,
}

/// A wrong class the matcher scores at least as high as the answer: a
/// matcher-made "why not" would contradict the card, so the author must
/// explain it in words.
fn needs_authored_reason(class_score: i32, answer_score: i32) -> bool {
    class_score >= answer_score
}

pub fn parse_class(text: &str) -> Option<Class> {
    CLASSES.into_iter().find(|class| class_key(*class) == text)
}

pub fn class_key(class: Class) -> &'static str {
    match class {
        Class::Gpu => "gpu",
        Class::Tpu => "tpu",
        Class::Asic => "asic",
        Class::Fpga => "fpga",
        Class::Cpu => "cpu",
        Class::Edge => "edge",
        Class::Neuromorphic => "neuromorphic",
    }
}

fn class_keys() -> String {
    CLASSES.map(class_key).join(", ")
}

/// Sentences in a text: ends of `.`, `!` or `?` followed by a space or the end.
fn sentences(text: &str) -> usize {
    let chars: Vec<char> = text.trim().chars().collect();
    let ends = chars
        .iter()
        .enumerate()
        .filter(|(idx, ch)| {
            matches!(ch, '.' | '!' | '?')
                && chars.get(idx + 1).is_none_or(|next| next.is_whitespace())
        })
        .count();
    ends.max(usize::from(!chars.is_empty()))
}

/// Line numbers of a card and of the keys under it, found by text search.
struct Lines<'a> {
    lines: Vec<&'a str>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Lines {
            lines: text.lines().collect(),
        }
    }

    /// The zero-based line of the n-th `[[card]]` in the file, so a second
    /// card with the same id is found at its own line.
    fn card_at(&self, index: usize) -> usize {
        self.lines
            .iter()
            .enumerate()
            .filter(|(_, line)| line.trim() == "[[card]]")
            .nth(index)
            .map_or(0, |(idx, _)| idx)
    }

    /// The zero-based line of the first `id = "ID"`, for a card known by id.
    fn card_by_id(&self, id: &str) -> usize {
        self.lines
            .iter()
            .position(|line| {
                line.trim_start().starts_with("id") && line.contains(&format!("\"{id}\""))
            })
            .unwrap_or(0)
    }

    /// One-based line of `key = ...`, or of the table `[card.key]`, at or after
    /// the card's line and before the next card.
    fn key(&self, from: usize, key: &str) -> usize {
        let found = self
            .lines
            .iter()
            .enumerate()
            .skip(from)
            .take_while(|(idx, line)| *idx == from || line.trim() != "[[card]]")
            .find(|(_, line)| {
                // `key = ...`, or the table `[card.key]` that holds it.
                line.trim() == format!("[card.{key}]")
                    || line
                        .trim_start()
                        .strip_prefix(key)
                        .is_some_and(|rest| rest.trim_start().starts_with('='))
            })
            .map(|(idx, _)| idx);
        found.unwrap_or(from) + 1
    }
}

/// Parses and checks the bank. With a catalogue, every workload is validated
/// by the matcher and every answer must be a class the catalogue has.
pub fn parse(
    path: &str,
    text: &str,
    catalogue: Option<&Catalogue>,
) -> (Option<ScenarioBank>, Vec<Diagnostic>) {
    let file: BankFile = match engine::toml_reader::from_str(text) {
        Ok(file) => file,
        Err(error) => {
            let diagnostic = Diagnostic::new(path, error.line(), error.message());
            return (None, vec![diagnostic]);
        }
    };
    let lines = Lines::new(text);
    let mut problems = Vec::new();
    if file.card.is_empty() {
        problems.push(Diagnostic::new(path, 1, "the bank has no [[card]]"));
    }
    let mut cards = Vec::new();
    for (index, raw) in file.card.iter().enumerate() {
        let at = lines.card_at(index);
        let mut say = |key: &str, message: String| {
            let line = lines.key(at, key);
            problems.push(Diagnostic::new(
                path,
                line,
                format!("card `{}`: {message}", raw.id),
            ));
        };
        if let Some(card) = check_card(raw, index, &file.card, catalogue, &mut say) {
            cards.push(card);
        }
    }
    for class in CLASSES {
        let answered = file
            .card
            .iter()
            .filter(|card| parse_class(&card.answer) == Some(class))
            .count();
        if answered < MIN_PER_CLASS {
            problems.push(Diagnostic::new(
                path,
                1,
                format!(
                    "`{}` is the answer of {answered} card{}; every class needs at least {MIN_PER_CLASS}",
                    class_key(class),
                    if answered == 1 { "" } else { "s" }
                ),
            ));
        }
    }
    (Some(ScenarioBank { cards }), problems)
}

/// Checks one card; returns it when its answer and workload could be read.
fn check_card(
    raw: &CardFile,
    index: usize,
    all: &[CardFile],
    catalogue: Option<&Catalogue>,
    say: &mut impl FnMut(&str, String),
) -> Option<Card> {
    if !is_slug(&raw.id) {
        say(
            "id",
            "id must be lowercase letters, digits and hyphens".into(),
        );
    }
    // A second card with the same id is reported and left out of the bank,
    // as a second catalogue row with the same id is.
    let duplicate = all.iter().take(index).any(|earlier| earlier.id == raw.id);
    if duplicate {
        let first = all
            .iter()
            .position(|earlier| earlier.id == raw.id)
            .unwrap_or(0);
        say(
            "id",
            format!(
                "id is used by an earlier card (card {} in the file); this one is left out",
                first + 1
            ),
        );
    }
    for (key, value) in [
        ("title", &raw.title),
        ("scenario", &raw.scenario),
        ("explanation", &raw.explanation),
    ] {
        if value.trim().is_empty() {
            say(key, format!("{key} is empty"));
        }
        // Hardware quotes are resolved in module text only.
        if value.contains("{{") {
            say(
                key,
                format!("{key} holds a `{{{{...}}}}` quote, which works in module text only; write the figure itself"),
            );
        }
    }
    let count = sentences(&raw.scenario);
    if count > MAX_SENTENCES {
        say(
            "scenario",
            format!("scenario has {count} sentences; keep it to 1–{MAX_SENTENCES}"),
        );
    }
    let answer = parse_class(&raw.answer);
    match answer {
        None => say(
            "answer",
            format!(
                "answer `{}` is not a class; use one of: {}",
                raw.answer,
                class_keys()
            ),
        ),
        Some(class) => {
            let present =
                catalogue.is_none_or(|cat| cat.accelerators.iter().any(|a| a.class == class));
            if !present {
                say(
                    "answer",
                    format!(
                        "answer `{}` has no part in the hardware catalogue",
                        raw.answer
                    ),
                );
            }
        }
    }
    let mut why_not = Vec::new();
    if raw.why_not.is_empty() {
        say(
            "why_not",
            "add [card.why_not] with at least one plausible wrong class".into(),
        );
    }
    for (key, text) in &raw.why_not {
        match parse_class(key) {
            None => say(
                key,
                format!(
                    "why_not key `{key}` is not a class; use one of: {}",
                    class_keys()
                ),
            ),
            Some(class) if Some(class) == answer => {
                say(key, format!("why_not names `{key}`, which is the answer"));
            }
            Some(class) => {
                if text.trim().is_empty() {
                    say(key, format!("why_not.{key} is empty"));
                }
                why_not.push((class, text.clone()));
            }
        }
    }
    let mut workload = Vec::new();
    let mut readable = true;
    for (key, value) in raw.workload.iter() {
        if !FIELDS.contains(&key) {
            say(
                key,
                format!(
                    "unknown workload key `{key}`; expected one of: {}",
                    FIELDS.join(", ")
                ),
            );
            readable = false;
            continue;
        }
        let text = match value {
            engine::toml_reader::Value::String(text) => text.clone(),
            engine::toml_reader::Value::Integer(number) => number.to_string(),
            engine::toml_reader::Value::Float(number) => number.to_string(),
            _ => {
                say(key, format!("workload.{key} must be a string or a number"));
                readable = false;
                continue;
            }
        };
        workload.push((key.to_string(), text));
    }
    if !raw.workload.contains_key("phase") {
        say(
            "workload",
            "workload.phase is required (training or inference)".into(),
        );
        return None;
    }
    let card = Card {
        id: raw.id.clone(),
        title: raw.title.clone(),
        scenario: raw.scenario.clone(),
        answer: answer?,
        explanation: raw.explanation.clone(),
        workload,
        why_not,
    };
    if let (true, Some(catalogue)) = (readable, catalogue) {
        if let Err(errors) = card.form().validate(catalogue) {
            for error in &errors.0 {
                say(
                    error.field,
                    format!("workload.{}: {}", error.field, error.problem),
                );
            }
            return None;
        }
    }
    (readable && !duplicate).then_some(card)
}

/// Requires the matcher to rank each card's answer in its top [`TOP`], and
/// asks for an authored `why_not` for every class the matcher scores at
/// least as high as the answer, since a matcher-made reason for it would
/// contradict the card. Only the content check runs it: the browser parses
/// the bank on every load and has no use for these diagnostics, and running
/// the matcher once per card there would cost the load for nothing.
pub fn check_rivals(
    path: &str,
    text: &str,
    bank: &ScenarioBank,
    catalogue: &Catalogue,
) -> Vec<Diagnostic> {
    let lines = Lines::new(text);
    let mut problems = Vec::new();
    for card in &bank.cards {
        let Ok(input) = card.form().validate(catalogue) else {
            continue;
        };
        let out = engine::matcher::compute(&input);
        let classes = out.classes();
        if let Some(rank) = classes.iter().position(|class| *class == card.answer) {
            if rank >= TOP {
                // The card needs rework first; a reason for every class above
                // the answer would only repeat this.
                let leaders: Vec<&str> = classes.iter().take(TOP).map(|c| class_key(*c)).collect();
                problems.push(Diagnostic::new(
                    path,
                    lines.key(lines.card_by_id(&card.id), "answer"),
                    format!(
                        "card `{}`: the matcher ranks the answer `{}` in place {} of {}, behind {}; a card's answer must be in the matcher's top {TOP}, so give the workload the facts that make the answer right, or change the answer",
                        card.id,
                        class_key(card.answer),
                        rank + 1,
                        classes.len(),
                        leaders.join(" and "),
                    ),
                ));
                continue;
            }
        }
        let Some(answer) = out.ranking.iter().find(|e| e.class == card.answer) else {
            continue;
        };
        for rival in &out.ranking {
            let explained = card.why_not.iter().any(|(class, _)| *class == rival.class);
            if rival.class != card.answer
                && needs_authored_reason(rival.score, answer.score)
                && !explained
            {
                problems.push(Diagnostic::new(
                    path,
                    lines.key(lines.card_by_id(&card.id), "why_not"),
                    format!(
                        "card `{}`: the matcher scores {} ({}) at least as high as the answer; add why_not.{} to say why it is not the answer",
                        card.id,
                        class_key(rival.class),
                        rival.score,
                        class_key(rival.class)
                    ),
                ));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::matcher::compute;

    const PATH: &str = "content/scenarios.toml";

    fn catalogue() -> Catalogue {
        let mut accelerators =
            engine::hardware::parse_file(include_str!("../../../content/hardware/gpus.toml"))
                .unwrap();
        accelerators.extend(
            engine::hardware::parse_file(include_str!(
                "../../../content/hardware/accelerators.toml"
            ))
            .unwrap(),
        );
        Catalogue { accelerators }
    }

    fn bank() -> ScenarioBank {
        let (bank, problems) = parse(
            PATH,
            include_str!("../../../content/scenarios.toml"),
            Some(&catalogue()),
        );
        assert!(problems.is_empty(), "{problems:?}");
        bank.unwrap()
    }

    #[test]
    fn the_bank_has_enough_cards_for_every_class() {
        let bank = bank();
        assert!(bank.cards.len() >= 24, "{}", bank.cards.len());
        for class in CLASSES {
            let answered = bank.cards.iter().filter(|c| c.answer == class).count();
            assert!(answered >= MIN_PER_CLASS, "{class:?}: {answered}");
        }
    }

    /// The matcher must rank every card's answer among its top two classes.
    /// If this fails, tune a rule (with a rationale and a source), never a card.
    #[test]
    fn the_matcher_puts_every_answer_in_its_top_two() {
        let catalogue = catalogue();
        let mut first = 0;
        for card in bank().cards {
            let out = compute(&card.form().validate(&catalogue).unwrap());
            let top: Vec<Class> = out.classes().into_iter().take(2).collect();
            assert!(
                top.contains(&card.answer),
                "card `{}`: answer {:?}, matcher's top two {top:?}",
                card.id,
                card.answer
            );
            first += usize::from(top.first() == Some(&card.answer));
        }
        // Not required, but a card whose answer is only second deserves a look.
        assert!(first >= 20, "only {first} answers ranked first");
    }

    /// Every problem `lab check content` reports for a bank.
    fn problems_of(text: &str) -> Vec<String> {
        let catalogue = catalogue();
        let (bank, mut problems) = parse(PATH, text, Some(&catalogue));
        if let Some(bank) = bank {
            problems.extend(check_rivals(PATH, text, &bank, &catalogue));
        }
        problems.iter().map(ToString::to_string).collect()
    }

    fn card(id: &str, answer: &str, workload: &str, why_not: &str) -> String {
        format!(
            "[[card]]\nid = \"{id}\"\ntitle = \"T\"\nscenario = \"One sentence.\"\nanswer = \"{answer}\"\nexplanation = \"E\"\n\n[card.workload]\n{workload}\n\n[card.why_not]\n{why_not}\n"
        )
    }

    /// Two valid cards per class, so only the problem under test is reported.
    /// Each borrows the workload of a shipped card with the same answer, so
    /// the matcher ranks its answer in the top two, and explains every other
    /// class in a word.
    fn filler() -> String {
        let shipped = bank();
        CLASSES
            .iter()
            .flat_map(|class| {
                let key = class_key(*class);
                let others: String = CLASSES
                    .iter()
                    .map(|c| class_key(*c))
                    .filter(|other| *other != key)
                    .map(|other| format!("{other} = \"no\"\n"))
                    .collect();
                let workloads: Vec<String> = shipped
                    .cards
                    .iter()
                    .filter(|card| card.answer == *class)
                    .take(2)
                    .map(|card| {
                        card.workload
                            .iter()
                            .map(|(field, value)| format!("{field} = \"{value}\""))
                            .collect::<Vec<_>>()
                            .join("\n")
                    })
                    .collect();
                workloads.into_iter().enumerate().map(move |(n, workload)| {
                    card(&format!("{key}-{n}"), key, &workload, others.trim_end())
                })
            })
            .collect()
    }

    #[test]
    fn a_class_the_card_does_not_explain_gets_the_matchers_reason() {
        let catalogue = catalogue();
        let bank = bank();
        let card = bank
            .cards
            .iter()
            .find(|c| c.id == "product-photos-weekly")
            .unwrap();
        // The author's words win where the card has them.
        assert!(card
            .why_not(Class::Tpu, Some(&catalogue))
            .starts_with("PyTorch reaches TPUs mainly through PyTorch/XLA"));
        // Elsewhere the matcher speaks: both scores, and its worst reason.
        let out = compute(&card.form().validate(&catalogue).unwrap());
        let score = |class| out.ranking.iter().find(|e| e.class == class).unwrap().score;
        let left = CLASSES
            .into_iter()
            .find(|c| *c != card.answer && card.why_not.iter().all(|(w, _)| w != c))
            .unwrap();
        let text = card.why_not(left, Some(&catalogue));
        assert!(
            text.starts_with(&format!(
                "The matcher scores the {} class at {:+} on this workload, {} points below GPU ({:+}). What costs it most: ",
                left.label(),
                score(left),
                score(Class::Gpu) - score(left),
                score(Class::Gpu)
            )),
            "{text}"
        );
        // Without a catalogue it still says something true.
        assert_eq!(
            card.why_not(Class::Edge, None),
            "Edge accelerator is not the best fit here; the explanation below says what is."
        );
    }

    /// Every wrong pick on every shipped card gets a reason about that card:
    /// the author's, or the matcher's with the answer strictly ahead.
    #[test]
    fn every_wrong_pick_on_every_card_has_a_specific_reason() {
        let catalogue = catalogue();
        for card in bank().cards {
            for class in CLASSES.into_iter().filter(|c| *c != card.answer) {
                let text = card.why_not(class, Some(&catalogue));
                let authored = card.why_not.iter().any(|(c, _)| *c == class);
                assert!(
                    authored || text.starts_with("The matcher scores the "),
                    "{} / {class:?}: {text}",
                    card.id
                );
                assert!(!text.contains("is not the best fit here"), "{}", card.id);
            }
        }
    }

    /// Weekly PyTorch fine-tuning of a CNN in the cloud: the matcher ranks the
    /// GPU first and the TPU second.
    const PHOTOS: &str = "phase = \"training\"\nmodel_family = \"cnn\"\nparams = 25e6\nbatch_size = 128\ndeployment = \"cloud\"\nframework = \"pytorch\"\nmodel_update = \"weekly\"";

    #[test]
    fn a_rival_the_matcher_ranks_above_the_answer_must_be_explained() {
        let second = card("tpu-photos", "tpu", PHOTOS, "cpu = \"no\"");
        let text = format!("{}{second}", filler());
        let base = filler().lines().count();
        let problems = problems_of(&text);
        let gpu = problems
            .iter()
            .find(|p| p.contains("add why_not.gpu"))
            .unwrap_or_else(|| panic!("{problems:?}"));
        assert!(
            gpu.starts_with(&format!(
                "{PATH}:{}: card `tpu-photos`: the matcher scores gpu (",
                base + 17
            )),
            "{gpu}"
        );
        // The class the card does explain is not reported.
        assert!(
            !problems.iter().any(|p| p.contains("why_not.cpu")),
            "{problems:?}"
        );
    }

    #[test]
    fn an_answer_outside_the_matchers_top_two_is_reported_alone() {
        let far = card("fpga-photos", "fpga", PHOTOS, "cpu = \"no\"");
        let text = format!("{}{far}", filler());
        let base = filler().lines().count();
        let problems = problems_of(&text);
        assert_eq!(
            problems,
            [format!(
                "{PATH}:{}: card `fpga-photos`: the matcher ranks the answer `fpga` in place 6 of 7, behind gpu and tpu; a card's answer must be in the matcher's top 2, so give the workload the facts that make the answer right, or change the answer",
                base + 5
            )]
        );
    }

    #[test]
    fn a_second_card_with_an_id_is_reported_at_its_own_line_and_left_out() {
        let again = card("gpu-0", "gpu", PHOTOS, "tpu = \"no\"");
        let text = format!("{}{again}", filler());
        let base = filler().lines().count();
        let (bank, problems) = parse(PATH, &text, Some(&catalogue()));
        assert_eq!(
            problems.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [format!(
                "{PATH}:{}: card `gpu-0`: id is used by an earlier card (card 1 in the file); this one is left out",
                base + 2
            )]
        );
        let kept = bank.unwrap().cards;
        assert_eq!(kept.iter().filter(|card| card.id == "gpu-0").count(), 1);
    }

    #[test]
    fn a_good_bank_has_no_problems() {
        assert_eq!(problems_of(&filler()), Vec::<String>::new());
    }

    #[test]
    fn problems_name_the_card_and_line() {
        let bad = card(
            "bad-card",
            "quantum",
            "phase = \"inference\"\nparams = -5\nbatchsize = 3",
            "gpu = \"no\"",
        );
        let text = format!("{}{bad}", filler());
        let problems = problems_of(&text);
        let base = filler().lines().count();
        assert!(
            problems.contains(&format!(
                "{PATH}:{}: card `bad-card`: answer `quantum` is not a class; use one of: gpu, tpu, asic, fpga, cpu, edge, neuromorphic",
                base + 5
            )),
            "{problems:?}"
        );
        assert!(
            problems.iter().any(|p| p.starts_with(&format!(
                "{PATH}:{}: card `bad-card`: unknown workload key `batchsize`",
                base + 11
            ))),
            "{problems:?}"
        );
        let text = format!(
            "{}{}",
            filler(),
            card(
                "gpu-0",
                "gpu",
                "phase = \"training\"\nparams = -5",
                "gpu = \"no\""
            )
        );
        let problems = problems_of(&text);
        assert!(
            problems
                .iter()
                .any(|p| p.contains("card `gpu-0`: id is used by an earlier card")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.contains("why_not names `gpu`, which is the answer")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.contains("workload.params: Must be at least 1.")),
            "{problems:?}"
        );
    }

    #[test]
    fn every_class_needs_two_answers() {
        let text: String = filler()
            .split("[[card]]")
            .filter(|chunk| !chunk.contains("id = \"fpga-1\""))
            .collect::<Vec<_>>()
            .join("[[card]]");
        let problems = problems_of(&text);
        assert_eq!(
            problems,
            [format!(
                "{PATH}:1: `fpga` is the answer of 1 card; every class needs at least 2"
            )]
        );
    }

    #[test]
    fn long_scenarios_and_missing_phases_are_reported() {
        let long = card("long", "gpu", "params = 5", "cpu = \"no\"")
            .replace("One sentence.", "One. Two. Three. Four.");
        let problems = problems_of(&format!("{}{long}", filler()));
        assert!(
            problems
                .iter()
                .any(|p| p.contains("scenario has 4 sentences")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.contains("workload.phase is required")),
            "{problems:?}"
        );
    }

    #[test]
    fn toml_errors_have_a_line() {
        let problems = problems_of("[[card]]\nid = \"x\"\nanswer = gpu\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with(&format!("{PATH}:3:")),
            "{problems:?}"
        );
    }

    #[test]
    fn sentences_are_counted_at_full_stops() {
        assert_eq!(sentences("A 0.5 ms budget. Two!"), 2);
        assert_eq!(sentences("No stop at all"), 1);
        assert_eq!(sentences(""), 0);
    }
}
