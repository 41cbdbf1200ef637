//! Field-level validation shared by every calculator.
//!
//! Forms arrive as raw strings (from a text box, a URL query or a TOML preset),
//! so parsing and range checks happen here, once, before any arithmetic.

use serde::Serialize;
use std::fmt;

/// Why one field was rejected. `Display` is the sentence shown beside the field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FieldProblem {
    #[error("Enter a value.")]
    Empty,
    #[error(
        "“{text}” is not a number. Use digits, optionally with an exponent (7e9 means 7 × 10⁹)."
    )]
    NotANumber { text: String },
    #[error("Enter a finite number; this one is too large to compute with.")]
    NotFinite,
    #[error("“{text}”: use a point for decimals (0.5); a comma may only group thousands (1,000).")]
    DecimalComma { text: String },
    #[error("Enter a whole number.")]
    NotWhole,
    #[error("Must be at least {min}.")]
    TooSmall { min: String },
    #[error("Must be more than {min}.")]
    NotAbove { min: String },
    #[error("Must be at most {max}.")]
    TooLarge { max: String },
    /// A value naming none of the keys. `text` is the value as given
    /// (shortened), and `suggestion` the key it is one or two typos away from.
    #[error("{}", choice_sentence(text, suggestion.as_deref(), allowed))]
    NotAChoice {
        text: String,
        allowed: String,
        suggestion: Option<String>,
    },
    #[error("“{id}” is not in the hardware catalogue.")]
    UnknownId { id: String },
    /// A catalogued part, named as the catalogue names it, that lacks the
    /// figures listed in `what` (`"BF16 peak or memory bandwidth"`); `so`
    /// says what the calculator therefore cannot do with it.
    #[error("{name} publishes no {what}, so {so}.")]
    MissingData {
        name: String,
        what: String,
        so: &'static str,
    },
    /// A value that parses but breaks a rule of the calculator, stated in full.
    #[error("{reason}")]
    Invalid { reason: String },
    /// A model too large for the chosen part, named as the catalogue names it.
    #[error("Needs {need} of memory, but the {name} has {have}.")]
    DoesNotFit {
        name: String,
        need: String,
        have: String,
    },
}

/// A rejected field: which one, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    pub field: &'static str,
    pub problem: FieldProblem,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.problem)
    }
}

/// The figures a part lacks, as a phrase: `a`, `a or b`, `a, b or c`.
pub fn missing_figures(missing: &[String]) -> String {
    word_list(missing, "or")
}

/// Items as a phrase joined by `conjunction`: `a`, `a and b`, `a, b and c`.
pub fn word_list(items: &[String], conjunction: &str) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} {conjunction} {last}", rest.join(", ")),
    }
}

/// Every rejected field of a form, in form order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FieldErrors(pub Vec<FieldError>);

impl FieldErrors {
    pub fn push(&mut self, field: &'static str, problem: FieldProblem) {
        self.0.push(FieldError { field, problem });
    }

    /// Why one field was rejected, if it was.
    pub fn problem_for(&self, field: &str) -> Option<&FieldProblem> {
        self.0
            .iter()
            .find(|error| error.field == field)
            .map(|error| &error.problem)
    }

    /// The message for one field, if that field was rejected.
    pub fn message_for(&self, field: &str) -> Option<String> {
        self.problem_for(field).map(ToString::to_string)
    }

    /// The message shown beside a field on the page. It is `message_for`'s,
    /// except that a menu value naming no choice is told to pick from the
    /// menu, whose words differ from the keys in `NotAChoice`; the keys follow,
    /// for whoever is fixing a hand-edited link.
    pub fn page_message_for(&self, field: &str) -> Option<String> {
        self.problem_for(field).map(|problem| match problem {
            FieldProblem::NotAChoice { text, allowed, .. } if text.is_empty() => format!(
                "Not one of this menu's choices; pick one from the list. A link may say: {allowed}."
            ),
            FieldProblem::NotAChoice { text, allowed, .. } => format!(
                "“{text}” is not one of this menu's choices; pick one from the list. A link may say: {allowed}."
            ),
            problem => problem.to_string(),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// One line naming every bad field, for command-line use.
    pub fn one_line(&self) -> String {
        self.0
            .iter()
            .map(|error| format!("{}: {}", error.field, error.problem))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl fmt::Display for FieldErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.one_line())
    }
}

impl std::error::Error for FieldErrors {}

/// The words a yes/no field accepts. The first of each value is the one a menu offers.
pub const FLAG_WORDS: [(&str, bool); 6] = [
    ("true", true),
    ("false", false),
    ("yes", true),
    ("no", false),
    ("on", true),
    ("off", false),
];

/// The menu key that `raw` stands for: the first key whose value equals the
/// value `raw` names, so an alias such as `yes` or `AdamW` selects the menu's
/// own entry. `None` when `raw` names no option; a menu then shows it as it is.
pub fn menu_key<'a, T: PartialEq>(raw: &str, options: &[(&'a str, T)]) -> Option<&'a str> {
    let wanted = raw.trim().to_ascii_lowercase();
    let (_, value) = options.iter().find(|(key, _)| *key == wanted)?;
    options
        .iter()
        .find(|(_, other)| other == value)
        .map(|(key, _)| *key)
}

/// The menu key of a yes/no field, reading an empty value as `default` the
/// way `Checker::flag` does.
pub fn flag_menu_key(raw: &str, default: bool) -> Option<&'static str> {
    if raw.trim().is_empty() {
        return Some(if default { "true" } else { "false" });
    }
    menu_key(raw, &FLAG_WORDS)
}

/// Parses a real number typed by a person. Accepts `1e9`, `1_000`, `1,000`
/// and surrounding spaces; rejects NaN and infinity, which Rust's parser would
/// otherwise accept from the strings "NaN" and "inf". A comma must group
/// thousands: "0,5" or "2,5" (a decimal comma) is refused with a message
/// rather than read as 5 or 25.
pub fn parse_real(raw: &str) -> Result<f64, FieldProblem> {
    let normalized = power_of_ten(raw);
    let trimmed = normalized.as_deref().unwrap_or(raw).trim();
    if trimmed.is_empty() {
        return Err(FieldProblem::Empty);
    }
    if trimmed.contains(',') && !commas_group_thousands(trimmed) {
        return Err(FieldProblem::DecimalComma {
            text: shorten(raw.trim()),
        });
    }
    let cleaned: String = trimmed.chars().filter(|c| *c != '_' && *c != ',').collect();
    let looks_numeric = cleaned
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'));
    if !looks_numeric {
        return Err(FieldProblem::NotANumber {
            text: shorten(raw.trim()),
        });
    }
    let value: f64 = cleaned.parse().map_err(|_| FieldProblem::NotANumber {
        text: shorten(raw.trim()),
    })?;
    if !value.is_finite() {
        return Err(FieldProblem::NotFinite);
    }
    Ok(value)
}

/// A power of ten written out, "1.2 × 10^24", "1.2 x 10^24", "1.2*10^24" or
/// "10^24", rewritten as the e-notation the parser reads ("1.2e24"), with
/// whatever follows the exponent kept (a unit). `None` when there is none.
pub fn power_of_ten(text: &str) -> Option<String> {
    // Every keystroke of every number field comes through here; most have no power.
    if !text.contains("10^") {
        return None;
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    for times in ["×10^", "x10^", "X10^", "*10^", "·10^"] {
        if let Some((mantissa, exponent)) = compact.split_once(times) {
            if !mantissa.is_empty() {
                return Some(format!("{mantissa}e{exponent}"));
            }
        }
    }
    compact
        .strip_prefix("10^")
        .map(|exponent| format!("1e{exponent}"))
}

/// True when every comma in the integer part separates a group of exactly
/// three digits, with a first group of one to three digits that is not a
/// lone leading zero ("1,000" and "12,345.5" pass; "0,5", "2,5", "1,00" and
/// "0,500" do not), and no comma follows the point or the exponent.
fn commas_group_thousands(text: &str) -> bool {
    let unsigned = text.trim_start_matches(['+', '-']);
    let integer_end = unsigned.find(['.', 'e', 'E']).unwrap_or(unsigned.len());
    let (integer, rest) = unsigned.split_at(integer_end);
    if rest.contains(',') {
        return false;
    }
    let mut groups = integer.split(',');
    let first = groups.next().unwrap_or_default();
    let first_ok =
        (1..=3).contains(&first.len()) && first.chars().all(|c| c.is_ascii_digit()) && first != "0";
    first_ok && groups.all(|group| group.len() == 3 && group.chars().all(|c| c.is_ascii_digit()))
}

impl FieldProblem {
    /// The problem for `raw`, which names none of `keys`: it echoes the value
    /// and, when the value is a typo or two away from one key, suggests it.
    pub fn not_a_choice(raw: &str, keys: &[&str]) -> Self {
        let wanted = raw.trim().to_ascii_lowercase();
        FieldProblem::NotAChoice {
            text: shorten(raw.trim()),
            allowed: keys.join(", "),
            suggestion: nearest_key(&wanted, keys).map(str::to_string),
        }
    }
}

/// The sentence for a value that names no choice; an empty value is only
/// told the choices, since there is nothing to echo.
fn choice_sentence(text: &str, suggestion: Option<&str>, allowed: &str) -> String {
    match (text.is_empty(), suggestion) {
        (true, _) => format!("Choose one of: {allowed}."),
        (false, Some(key)) => {
            format!("“{text}” is not a choice; did you mean {key}? Choose one of: {allowed}.")
        }
        (false, None) => format!("“{text}” is not a choice. Choose one of: {allowed}."),
    }
}

/// The one key within two edits of `wanted` (one edit for keys of up to four
/// characters, so that short keys are not all suggested for each other), or
/// `None` when no key or more than one key is that close. Every digit typed
/// must appear in the key: digits name things (fp4, int4, a 13B model), so
/// a different digit is a different thing, not a typo, while a swapped or
/// dropped digit is a typo (bf61, llama3-8).
fn nearest_key<'k>(wanted: &str, keys: &[&'k str]) -> Option<&'k str> {
    if wanted.is_empty() {
        return None;
    }
    let mut close = keys.iter().copied().filter(|key| {
        let limit = if key.chars().count() <= 4 { 1 } else { 2 };
        digits_within(wanted, key) && edit_distance(wanted, key) <= limit
    });
    let first = close.next()?;
    close.all(|other| other == first).then_some(first)
}

/// Whether every digit of `typed`, counted with repeats, appears in `key`.
fn digits_within(typed: &str, key: &str) -> bool {
    let mut left: Vec<char> = key.chars().filter(char::is_ascii_digit).collect();
    typed.chars().filter(char::is_ascii_digit).all(|digit| {
        match left.iter().position(|&d| d == digit) {
            Some(at) => {
                left.swap_remove(at);
                true
            }
            None => false,
        }
    })
}

/// Levenshtein distance counted in characters, where swapping two neighbours
/// counts once (the commonest typo, as in `bf61`).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table suffice: row i-2 for swaps, row i-1, and row i.
    // A missing cell reads as "very far" and saturating adds keep it there.
    let cell = |row: &[usize], k: usize| row.get(k).copied().unwrap_or(usize::MAX);
    let mut before: Vec<usize> = Vec::new();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, &from) in a.iter().enumerate() {
        let mut current = Vec::with_capacity(b.len() + 1);
        current.push(i.saturating_add(1));
        for (j, &to) in b.iter().enumerate() {
            let deletion = cell(&previous, j + 1).saturating_add(1);
            let insertion = cell(&current, j).saturating_add(1);
            let substitution = cell(&previous, j).saturating_add(usize::from(from != to));
            let mut best = deletion.min(insertion).min(substitution);
            let swapped =
                i > 0 && j > 0 && a.get(i - 1) == Some(&to) && b.get(j - 1) == Some(&from);
            if swapped {
                best = best.min(cell(&before, j - 1).saturating_add(1));
            }
            current.push(best);
        }
        before = std::mem::replace(&mut previous, current);
    }
    previous.last().copied().unwrap_or(0)
}

/// Keeps echoed input short so a pasted novel cannot flood the page.
fn shorten(text: &str) -> String {
    const LIMIT: usize = 24;
    if text.chars().count() <= LIMIT {
        text.to_string()
    } else {
        let head: String = text.chars().take(LIMIT).collect();
        format!("{head}…")
    }
}

/// A numeric range a field must lie in, with the bounds written for people.
#[derive(Debug, Clone, Copy)]
pub struct Range {
    pub min: f64,
    pub min_inclusive: bool,
    pub max: f64,
}

impl Range {
    pub const fn at_least(min: f64, max: f64) -> Self {
        Range {
            min,
            min_inclusive: true,
            max,
        }
    }

    pub const fn above(min: f64, max: f64) -> Self {
        Range {
            min,
            min_inclusive: false,
            max,
        }
    }

    fn check(&self, value: f64) -> Result<f64, FieldProblem> {
        if self.min_inclusive && value < self.min {
            return Err(FieldProblem::TooSmall {
                min: crate::format::readable(self.min, 4),
            });
        }
        if !self.min_inclusive && value <= self.min {
            return Err(FieldProblem::NotAbove {
                min: crate::format::readable(self.min, 4),
            });
        }
        if value > self.max {
            return Err(FieldProblem::TooLarge {
                max: crate::format::readable(self.max, 4),
            });
        }
        Ok(value)
    }
}

/// Collects the problems of one form while parsing its fields.
#[derive(Debug, Default)]
pub struct Checker {
    pub errors: FieldErrors,
}

impl Checker {
    /// A real number within `range`. Returns `None` after recording the problem.
    pub fn real(&mut self, field: &'static str, raw: &str, range: Range) -> Option<f64> {
        match parse_real(raw).and_then(|value| range.check(value)) {
            Ok(value) => Some(value),
            Err(problem) => {
                self.errors.push(field, problem);
                None
            }
        }
    }

    /// A whole number within `range`.
    pub fn whole(&mut self, field: &'static str, raw: &str, range: Range) -> Option<u64> {
        let parsed = parse_real(raw).and_then(|value| {
            if value.fract() != 0.0 {
                Err(FieldProblem::NotWhole)
            } else {
                range.check(value)
            }
        });
        match parsed {
            // The range check bounds the value below 2^53, so the cast is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Ok(value) => Some(value as u64),
            Err(problem) => {
                self.errors.push(field, problem);
                None
            }
        }
    }

    /// A real number within `range`, or `Some(None)` when the field is left
    /// empty on purpose. Returns `None` after recording the problem.
    pub fn optional_real(
        &mut self,
        field: &'static str,
        raw: &str,
        range: Range,
    ) -> Option<Option<f64>> {
        if raw.trim().is_empty() {
            Some(None)
        } else {
            self.real(field, raw, range).map(Some)
        }
    }

    /// A whole number within `range`, or `Some(None)` when the field is left empty.
    pub fn optional_whole(
        &mut self,
        field: &'static str,
        raw: &str,
        range: Range,
    ) -> Option<Option<u64>> {
        if raw.trim().is_empty() {
            Some(None)
        } else {
            self.whole(field, raw, range).map(Some)
        }
    }

    /// One of a fixed set of keys (case-insensitive), or a `NotAChoice` naming them all.
    pub fn choice<T: Copy>(
        &mut self,
        field: &'static str,
        raw: &str,
        options: &[(&str, T)],
    ) -> Option<T> {
        let wanted = raw.trim().to_ascii_lowercase();
        let found = options
            .iter()
            .find(|(key, _)| *key == wanted)
            .map(|(_, value)| *value);
        if found.is_none() {
            let mut allowed: Vec<&str> = options.iter().map(|(key, _)| *key).collect();
            allowed.dedup();
            self.errors
                .push(field, FieldProblem::not_a_choice(raw, &allowed));
        }
        found
    }

    /// Yes or no (`true`/`false`, `yes`/`no`, `on`/`off`); empty takes `default`.
    pub fn flag(&mut self, field: &'static str, raw: &str, default: bool) -> Option<bool> {
        if raw.trim().is_empty() {
            return Some(default);
        }
        self.choice(field, raw, &FLAG_WORDS)
    }

    /// Records a value that parses but breaks a rule, stated in full.
    pub fn invalid(&mut self, field: &'static str, reason: String) {
        self.errors.push(field, FieldProblem::Invalid { reason });
    }

    pub fn finish<T>(self, build: impl FnOnce() -> Option<T>) -> Result<T, FieldErrors> {
        if self.errors.is_empty() {
            // Every field parsed, so `build` only assembles values it was handed.
            build().ok_or(self.errors)
        } else {
            Err(self.errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_figures_read_as_a_list() {
        let list = |items: &[&str]| {
            missing_figures(&items.iter().map(ToString::to_string).collect::<Vec<_>>())
        };
        assert_eq!(list(&[]), "");
        assert_eq!(list(&["TDP"]), "TDP");
        assert_eq!(list(&["a", "b"]), "a or b");
        assert_eq!(list(&["a", "b", "c"]), "a, b or c");
    }

    fn check(raw: &str, expected: Result<f64, FieldProblem>) {
        assert_eq!(parse_real(raw), expected, "input {raw:?}");
    }

    #[test]
    fn parses_what_people_type() {
        check("7e9", Ok(7e9));
        check(" 1,000 ", Ok(1000.0));
        check("1_000.5", Ok(1000.5));
        // Powers of ten as people write them by hand.
        check("1.2 × 10^24", Ok(1.2e24));
        check("3 x 10^5", Ok(3e5));
        check("2*10^-3", Ok(2e-3));
        check("10^3", Ok(1e3));
        check(
            "× 10^3",
            Err(FieldProblem::NotANumber {
                text: "× 10^3".into(),
            }),
        );
        check("-3", Ok(-3.0));
        check("", Err(FieldProblem::Empty));
        check("   ", Err(FieldProblem::Empty));
        check("NaN", Err(FieldProblem::NotANumber { text: "NaN".into() }));
        check("inf", Err(FieldProblem::NotANumber { text: "inf".into() }));
        check("1e999", Err(FieldProblem::NotFinite));
        check(
            "12abc",
            Err(FieldProblem::NotANumber {
                text: "12abc".into(),
            }),
        );
        check("1e", Err(FieldProblem::NotANumber { text: "1e".into() }));
    }

    #[test]
    fn a_comma_only_groups_thousands() {
        check("12,345.5", Ok(12345.5));
        check("-1,024", Ok(-1024.0));
        check("1,000,000", Ok(1e6));
        for decimal_comma in [
            "0,5", "2,5", "1,00", "0,500", "1,0000", ",5", "1.5,0", "1e3,0",
        ] {
            check(
                decimal_comma,
                Err(FieldProblem::DecimalComma {
                    text: decimal_comma.into(),
                }),
            );
        }
        let message = parse_real("0,7")
            .err()
            .map(|p| p.to_string())
            .unwrap_or_default();
        assert!(
            message.contains("use a point for decimals (0.5)"),
            "{message}"
        );
    }

    #[test]
    fn long_garbage_is_shortened_in_the_message() {
        let garbage = "x".repeat(500);
        let problem = parse_real(&garbage).err();
        let message = problem.map(|p| p.to_string()).unwrap_or_default();
        assert!(message.len() < 120, "{message}");
    }

    #[test]
    fn the_page_asks_for_a_menu_choice_where_a_link_gets_the_keys() {
        let mut checker = Checker::default();
        assert_eq!(
            checker.choice("op", "conv", &[("conv2d", 1), ("matmul", 2)]),
            None
        );
        assert_eq!(checker.whole("n", "0", Range::at_least(1.0, 9.0)), None);
        let errors = checker.errors;
        assert_eq!(
            errors.message_for("op").as_deref(),
            Some("“conv” is not a choice; did you mean conv2d? Choose one of: conv2d, matmul.")
        );
        assert_eq!(
            errors.page_message_for("op").as_deref(),
            Some(
                "“conv” is not one of this menu's choices; pick one from the list. A link may say: conv2d, matmul."
            )
        );
        // Every other problem reads the same on the page and on the command line.
        assert_eq!(errors.page_message_for("n"), errors.message_for("n"));
        assert_eq!(errors.page_message_for("absent"), None);
    }

    #[test]
    fn a_wrong_choice_is_echoed_with_the_one_key_it_nearly_spells() {
        let keys = ["fp32", "bf16", "fp8", "int8", "int4"];
        let message = |raw: &str| FieldProblem::not_a_choice(raw, &keys).to_string();
        assert_eq!(
            message("bf61"),
            "“bf61” is not a choice; did you mean bf16? Choose one of: fp32, bf16, fp8, int8, int4."
        );
        assert_eq!(
            message(" FP23 "),
            "“FP23” is not a choice; did you mean fp32? Choose one of: fp32, bf16, fp8, int8, int4."
        );
        // int2 is one edit from both int8 and int4, so neither is suggested.
        assert_eq!(
            message("int2"),
            "“int2” is not a choice. Choose one of: fp32, bf16, fp8, int8, int4."
        );
        // TF32 is a format of its own, two edits from fp32: no suggestion.
        assert_eq!(
            message("tf32"),
            "“tf32” is not a choice. Choose one of: fp32, bf16, fp8, int8, int4."
        );
        assert_eq!(
            message("double"),
            "“double” is not a choice. Choose one of: fp32, bf16, fp8, int8, int4."
        );
        assert_eq!(message("  "), "Choose one of: fp32, bf16, fp8, int8, int4.");
        // A different digit names a different thing, so it is not a typo.
        assert_eq!(
            message("fp4"),
            "“fp4” is not a choice. Choose one of: fp32, bf16, fp8, int8, int4."
        );
        assert_eq!(
            message("fp3"),
            "“fp3” is not a choice; did you mean fp32? Choose one of: fp32, bf16, fp8, int8, int4."
        );
        let models = ["llama3-8b", "llama3-70b", "gpt3-175b"];
        let model = |raw: &str| FieldProblem::not_a_choice(raw, &models).to_string();
        assert!(model("llama3-8").contains("did you mean llama3-8b?"));
        assert!(!model("gpt3-13b").contains("did you mean"));
        // A pasted novel is echoed in part only.
        assert!(message(&"x".repeat(500)).starts_with("“xxxxxxxxxxxxxxxxxxxxxxxx…”"));
    }

    #[test]
    fn edit_distance_counts_typos() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("bf61", "bf16"), 1);
        assert_eq!(edit_distance("on-prem", "on_prem"), 1);
        assert_eq!(edit_distance("pytroch", "pytorch"), 1);
        assert_eq!(edit_distance("ünïcode", "unicode"), 2);
    }

    #[test]
    fn whole_rejects_fractions_and_ranges() {
        let mut checker = Checker::default();
        assert_eq!(checker.whole("n", "8", Range::at_least(1.0, 1e6)), Some(8));
        assert_eq!(checker.whole("n", "8.5", Range::at_least(1.0, 1e6)), None);
        assert_eq!(checker.whole("m", "0", Range::at_least(1.0, 1e6)), None);
        assert_eq!(
            checker.errors.message_for("n").as_deref(),
            Some("Enter a whole number.")
        );
        assert_eq!(
            checker.errors.message_for("m").as_deref(),
            Some("Must be at least 1.")
        );
    }

    #[test]
    fn optional_fields_may_be_empty_but_not_wrong() {
        let mut checker = Checker::default();
        let range = Range::above(0.0, 10.0);
        assert_eq!(checker.optional_real("a", "  ", range), Some(None));
        assert_eq!(checker.optional_real("b", "2.5", range), Some(Some(2.5)));
        assert_eq!(checker.optional_real("c", "0", range), None);
        assert_eq!(checker.optional_whole("d", "", range), Some(None));
        assert_eq!(checker.optional_whole("e", "3", range), Some(Some(3)));
        assert_eq!(checker.optional_whole("f", "3.5", range), None);
        assert_eq!(checker.errors.0.len(), 2);
    }
}
