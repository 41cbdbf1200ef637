//! Where footnote markers may stand in module text.
//!
//! A marker renders as a small raised number. Straight after a digit it reads
//! as part of the number ("a PUE of 1.1" plus note 8 looks like 1.18, and
//! screen readers and copied text join them), so the checker asks for the
//! marker after the unit, the word or the punctuation instead. The course also
//! sets every marker after the punctuation that closes its clause, as most
//! style guides do, so "rate.[^x]" and not "rate[^x].".

use crate::diagnostic::Diagnostic;

/// Problems with footnote-marker placement in one module file, by file line.
/// Fenced blocks and footnote definitions are skipped.
pub fn problems(path: &str, text: &str) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.starts_with("[^") {
            continue;
        }
        for message in line_problems(line) {
            found.push(Diagnostic::new(path, index + 1, message));
        }
    }
    found
}

fn line_problems(line: &str) -> Vec<String> {
    let mut messages = Vec::new();
    for (start, end, label) in markers(line) {
        let before = line.get(..start).and_then(|head| head.chars().next_back());
        let after = line.get(end..).and_then(|tail| tail.chars().next());
        if before.is_some_and(|c| c.is_ascii_digit()) {
            messages.push(format!(
                "footnote `[^{label}]` follows a digit and reads as part of the number; put it after the unit, a word or the punctuation"
            ));
        }
        if let Some(mark @ ('.' | ',' | ';' | ':')) = after {
            messages.push(format!(
                "footnote `[^{label}]` stands before `{mark}`; the course sets markers after the punctuation (`{mark}[^{label}]`)"
            ));
        }
    }
    messages
}

/// The footnote markers on one line, in order, as (start, end, label) with
/// byte offsets of the whole `[^label]`. "[^ and [^a]" opens a marker that
/// never closes: the real one starts at the next "[^", so the search goes on
/// from just after the first.
pub(crate) fn markers(line: &str) -> Vec<(usize, usize, &str)> {
    let mut found = Vec::new();
    let mut cursor = 0;
    while let Some(offset) = line.get(cursor..).and_then(|rest| rest.find("[^")) {
        let start = cursor + offset;
        let label_start = start + 2;
        let Some(length) = line.get(label_start..).and_then(|rest| rest.find(']')) else {
            break;
        };
        let label = line
            .get(label_start..label_start + length)
            .unwrap_or_default();
        if label.is_empty() || label.contains(|c: char| c.is_whitespace() || c == '[') {
            cursor = label_start;
            continue;
        }
        let end = label_start + length + 1;
        found.push((start, end, label));
        cursor = end;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(usize, String)> {
        problems("content/x.md", text)
            .into_iter()
            .map(|d| (d.line, d.message))
            .collect()
    }

    #[test]
    fn a_marker_after_a_digit_is_reported_on_its_line() {
        let found = lines("+++\n+++\nThe PUE was 1.1[^cnbc] in 2022.\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, 3);
        assert!(found[0].1.contains("`[^cnbc]` follows a digit"));
    }

    #[test]
    fn a_marker_before_punctuation_is_reported_with_the_fix() {
        let found = lines("It doubles throughput[^ampere][^sparse], if pruned.\n");
        assert_eq!(found.len(), 1);
        assert!(found[0].1.contains("(`,[^sparse]`)"), "{found:?}");
    }

    #[test]
    fn well_placed_markers_fences_and_definitions_pass() {
        let text = "Up to 1.1 in 2022.[^cnbc] A V100 GPU[^4] is older.\n\
                    ```widget x\nrate = 3[^y].\n```\n[^cnbc]: A report, 2022.\n";
        assert_eq!(lines(text), Vec::new());
    }

    #[test]
    fn an_unclosed_marker_or_a_multibyte_neighbour_does_not_panic() {
        assert_eq!(lines("≈[^a]≈ and [^b"), Vec::new());
    }
}
