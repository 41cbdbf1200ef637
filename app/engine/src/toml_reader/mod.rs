//! A small TOML reader for the course's content files.
//!
//! The course reads TOML at runtime in the browser (the manifest, front
//! matter, the hardware catalogue, widget presets, quizzes and scenario
//! cards). The `toml` crate did this well but cost about 50 KB of brotli-
//! compressed WebAssembly in the first-load module, a sixth of the budget,
//! because it carries spans, dates, a full value model and a serializer.
//! This reader keeps what content needs: TOML 1.0 documents without dates
//! (tables, arrays of tables, dotted and quoted keys, all four string forms,
//! integers in every base, floats, booleans, arrays and inline tables),
//! errors with a line number, and a serde `Deserializer` whose errors name
//! the line of the value that failed. Dates and times are rejected with a
//! message asking for a quoted string, because no content field is a date
//! type. A differential test checks it against the `toml` crate.

mod de;
mod parse;
mod parse_scalar;
mod value;

pub use value::{Table, Value};

use serde::de::DeserializeOwned;

/// A TOML or deserialization error with the 1-based line it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    line: Option<usize>,
    message: String,
}

impl Error {
    pub(crate) fn at(line: usize, message: impl Into<String>) -> Error {
        Error {
            line: Some(line),
            message: message.into(),
        }
    }

    /// Keeps the innermost line: a value deeper in the document names its
    /// own line before the enclosing table's line is offered.
    pub(crate) fn or_line(mut self, line: usize) -> Error {
        if self.line.is_none() && line > 0 {
            self.line = Some(line);
        }
        self
    }

    /// The 1-based line of the problem (1 when the problem has no place,
    /// such as an empty document missing a required key).
    pub fn line(&self) -> usize {
        self.line.unwrap_or(1)
    }

    /// The message on one line, without a location.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line(), self.message)
    }
}

impl std::error::Error for Error {}

impl serde::de::Error for Error {
    fn custom<T: std::fmt::Display>(message: T) -> Error {
        Error {
            line: None,
            message: message.to_string().replace('\n', " "),
        }
    }

    // The messages below are read by instructors, not programmers: serde's
    // defaults ("invalid type: string, expected f64") name Rust types.
    fn invalid_type(found: serde::de::Unexpected<'_>, expected: &dyn serde::de::Expected) -> Error {
        let hint = match (found, expected_words(expected).as_str()) {
            (serde::de::Unexpected::Str(_), words) if words.contains("number") => {
                " (remove the quotes)"
            }
            _ => "",
        };
        Error::custom(format!(
            "expected {}, found {}{hint}",
            expected_words(expected),
            found_words(found)
        ))
    }

    fn invalid_value(
        found: serde::de::Unexpected<'_>,
        expected: &dyn serde::de::Expected,
    ) -> Error {
        Error::custom(format!(
            "expected {}, found {}",
            expected_words(expected),
            found_words(found)
        ))
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Error {
        Error::custom(format!(
            "unknown value `{variant}`; use one of: {}",
            expected.join(", ")
        ))
    }
}

/// What serde expected, in plain words.
fn expected_words(expected: &dyn serde::de::Expected) -> String {
    let rust = expected.to_string();
    match rust.as_str() {
        "f64" | "f32" => "a number".into(),
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".into(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "a list in square brackets, like [\"a\", \"b\"]".into(),
        "a map" => "a table".into(),
        other if other.starts_with("struct ") => "a table".into(),
        other => other.into(),
    }
}

/// What the document held instead, in plain words.
fn found_words(found: serde::de::Unexpected<'_>) -> String {
    use serde::de::Unexpected;
    match found {
        Unexpected::Str(text) => format!("the text \"{text}\""),
        Unexpected::Signed(number) => format!("{number}"),
        Unexpected::Unsigned(number) => format!("{number}"),
        Unexpected::Float(number) => format!("{number}"),
        Unexpected::Bool(flag) => format!("{flag}"),
        Unexpected::Seq => "a list".into(),
        Unexpected::Map => "a table".into(),
        other => other.to_string(),
    }
}

/// Parses a TOML document into its root table.
pub fn parse(text: &str) -> Result<Table, Error> {
    parse::document(text)
}

/// Parses a TOML document and deserializes it into `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    let root = Value::Table(parse::document(text)?);
    T::deserialize(de::ValueDeserializer::new(&root, 1))
}

/// Deserializes one already parsed value, such as one row of an array of
/// tables, so a reader can keep the rows that read and report the rest.
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, Error> {
    T::deserialize(de::ValueDeserializer::new(value, 1))
}

#[cfg(test)]
mod tests;
