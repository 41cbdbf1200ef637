//! Content problems, each pointing at a file and a line like a compiler error.

use serde::Serialize;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Path relative to the content folder's parent, e.g. `content/01-why-hardware.md`.
    pub path: String,
    /// One-based line number.
    pub line: usize,
    pub message: String,
}

impl Diagnostic {
    pub fn new(path: &str, line: usize, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.to_string(),
            line: line.max(1),
            message: message.into(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.path, self.line, self.message)
    }
}

/// Maps byte offsets of a text to one-based line numbers.
#[derive(Debug, Clone)]
pub struct LineIndex {
    line_starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(idx, _)| idx + 1));
        LineIndex { line_starts }
    }

    pub fn line_of(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(idx) => idx + 1,
            Err(idx) => idx,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_one_based() {
        let index = LineIndex::new("a\nbc\n\nd");
        assert_eq!(index.line_of(0), 1);
        assert_eq!(index.line_of(2), 2);
        assert_eq!(index.line_of(3), 2);
        assert_eq!(index.line_of(5), 3);
        assert_eq!(index.line_of(6), 4);
        assert_eq!(
            Diagnostic::new("content/a.md", 3, "bad").to_string(),
            "content/a.md:3: bad"
        );
    }
}
