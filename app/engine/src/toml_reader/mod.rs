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
