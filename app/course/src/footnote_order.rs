//! The order of footnotes and of the Sources list.
//!
//! The page numbers footnotes in the order their markers first appear, and a
//! learner reads the notes at the end of the module as a list that counts up.
//! So the definitions must stand in that order too. Each note then points at
//! an item of the module's Sources list ("See Sources, item 6" or "Source 6").
//! When the Sources list is numbered in the order the notes first cite it,
//! note 6 is Sources item 6 wherever each source is cited once, and a learner
//! who takes a raised 6 for "Sources, item 6" is not misled.

use crate::diagnostic::Diagnostic;

/// One footnote definition: its label, its file line and the Sources item it
/// cites, if it names one.
struct Definition<'a> {
    label: &'a str,
    line: usize,
    cites: Option<usize>,
}

/// Problems with the order of footnote definitions and of the Sources items
/// they cite, in one module file, by file line. Fenced blocks are skipped.
pub fn problems(path: &str, text: &str) -> Vec<Diagnostic> {
    let mut first_use: Vec<&str> = Vec::new();
    let mut first_line: Vec<usize> = Vec::new();
    let mut definitions: Vec<Definition> = Vec::new();
    // The Sources list: its heading's line and its items' numbers and lines.
    let mut sources_heading: Option<usize> = None;
    let mut sources: Vec<(usize, usize)> = Vec::new();
    let mut in_sources = false;
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if line.starts_with("## ") {
            in_sources = line.trim() == "## Sources";
            if in_sources {
                sources_heading = Some(index + 1);
            }
            continue;
        }
        if in_sources {
            if let Some(number) = list_number(line) {
                sources.push((number, index + 1));
            }
        }
        if let Some((label, body)) = definition(line) {
            definitions.push(Definition {
                label,
                line: index + 1,
                cites: cited_item(body),
            });
            continue;
        }
        for (_, _, label) in crate::footnote_marks::markers(line) {
            if !first_use.contains(&label) {
                first_use.push(label);
                first_line.push(index + 1);
            }
        }
    }
    let mut found = Vec::new();
    // A marker with no definition renders as the literal text "[^x]".
    for (label, line) in first_use.iter().zip(&first_line) {
        if !definitions.iter().any(|d| d.label == *label) {
            found.push(Diagnostic::new(
                path,
                *line,
                format!("footnote `[^{label}]` has no definition; add a line `[^{label}]: ... See Sources, item N.`"),
            ));
        }
    }
    for definition in &definitions {
        if !first_use.contains(&definition.label) {
            found.push(Diagnostic::new(
                path,
                definition.line,
                format!(
                    "footnote `[^{}]` is defined but no text marks it; mark the claim it supports or remove it",
                    definition.label
                ),
            ));
        }
    }
    // The list must count 1, 2, 3…: markdown numbers an ordered list from its
    // first item, so a skipped or repeated number points notes at the wrong source.
    for (position, (number, line)) in sources.iter().enumerate() {
        if *number != position + 1 {
            found.push(Diagnostic::new(
                path,
                *line,
                format!(
                    "Sources item numbered {number} stands in place {}; number the list 1, 2, 3… with no gaps",
                    position + 1
                ),
            ));
            break;
        }
    }
    if !definitions.is_empty() {
        for definition in &definitions {
            match definition.cites {
                Some(item) if sources_heading.is_some() && item > sources.len() => {
                    found.push(Diagnostic::new(
                        path,
                        definition.line,
                        format!(
                            "footnote `[^{}]` cites Sources item {item}, but the Sources list has {}",
                            definition.label,
                            sources.len()
                        ),
                    ));
                }
                Some(_) => {}
                None => found.push(Diagnostic::new(
                    path,
                    definition.line,
                    format!(
                        "footnote `[^{}]` names no source; end it with \"See Sources, item N.\"",
                        definition.label
                    ),
                )),
            }
        }
        if sources_heading.is_none() && definitions.iter().any(|d| d.cites.is_some()) {
            found.push(Diagnostic::new(
                path,
                definitions.first().map_or(1, |d| d.line),
                "the notes cite Sources items, but the module has no `## Sources` heading with a numbered list".to_string(),
            ));
        }
    }
    // Definitions of notes the text never marks are left to the renderer's
    // own checks; only the marked ones have a number to keep in order.
    let marked: Vec<&Definition> = definitions
        .iter()
        .filter(|d| first_use.contains(&d.label))
        .collect();
    // One note moved or inserted shifts every definition after it; only the
    // definitions outside the longest run already in order need to move, so
    // only those are reported, each with where it belongs.
    let numbers: Vec<usize> = marked
        .iter()
        .map(|d| first_use.iter().position(|l| *l == d.label).unwrap_or(0))
        .collect();
    let keep = longest_increasing(&numbers);
    for (position, (definition, number)) in marked.iter().zip(&numbers).enumerate() {
        if keep.contains(&position) {
            continue;
        }
        let place = match number
            .checked_sub(1)
            .and_then(|before| first_use.get(before))
        {
            Some(before) => format!("just after the definition of `[^{before}]`"),
            None => "first".to_string(),
        };
        found.push(Diagnostic::new(
            path,
            definition.line,
            format!(
                "footnote `[^{}]` is note {} in reading order but definition {}; move its definition {place}, so the definitions follow the order their markers first appear",
                definition.label,
                number + 1,
                position + 1
            ),
        ));
    }
    let mut in_reading_order = marked;
    in_reading_order.sort_by_key(|d| first_use.iter().position(|l| *l == d.label));
    let mut highest: usize = 0;
    for definition in in_reading_order {
        let Some(item) = definition.cites else {
            continue;
        };
        if item > highest.saturating_add(1) {
            found.push(Diagnostic::new(
                path,
                definition.line,
                format!(
                    "footnote `[^{}]` cites Sources item {item} before any note cites item {}; number the Sources list in the order the notes first cite it",
                    definition.label,
                    highest.saturating_add(1)
                ),
            ));
        }
        highest = highest.max(item);
    }
    found
}

/// The positions of one longest strictly increasing run (not necessarily
/// contiguous) in `values`: the definitions that can stay where they are.
fn longest_increasing(values: &[usize]) -> Vec<usize> {
    // For each position, the length of the longest run ending there and the
    // position before it in that run. Footnote lists are short, so the
    // quadratic search is plenty.
    let mut length = vec![1usize; values.len()];
    let mut previous: Vec<Option<usize>> = vec![None; values.len()];
    for (i, value) in values.iter().enumerate() {
        for (j, earlier) in values.iter().enumerate().take(i) {
            let candidate = length.get(j).copied().unwrap_or(0) + 1;
            if earlier < value && candidate > length.get(i).copied().unwrap_or(0) {
                if let (Some(slot), Some(link)) = (length.get_mut(i), previous.get_mut(i)) {
                    *slot = candidate;
                    *link = Some(j);
                }
            }
        }
    }
    let mut end = length
        .iter()
        .enumerate()
        .max_by_key(|(position, len)| (**len, std::cmp::Reverse(*position)))
        .map(|(position, _)| position);
    let mut run = Vec::new();
    while let Some(position) = end {
        run.push(position);
        end = previous.get(position).copied().flatten();
    }
    run.reverse();
    run
}

/// The number of an ordered-list item, `12. Text`, at the start of a line.
fn list_number(line: &str) -> Option<usize> {
    let digits: String = line.chars().take_while(char::is_ascii_digit).collect();
    let rest = line.get(digits.len()..)?;
    if digits.is_empty() || !rest.starts_with(". ") {
        return None;
    }
    digits.parse().ok()
}

/// `[^label]: body` at the start of a line.
fn definition(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("[^")?;
    let (label, body) = rest.split_once("]:")?;
    (!label.is_empty() && !label.contains(']')).then_some((label, body))
}

/// The Sources item a note names, as in "See Sources, item 6" or "Source 6".
fn cited_item(body: &str) -> Option<usize> {
    ["See Sources, item ", "Source "].iter().find_map(|lead| {
        let after = body.get(body.find(lead)? + lead.len()..)?;
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })
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
    fn notes_and_sources_in_reading_order_pass() {
        let text = "A claim.[^a] Another.[^b][^a]\n\n## Sources\n\n1. First.\n2. Second.\n\n\
                    [^a]: Paper A. See Sources, item 1.\n[^b]: Source 2, Table 3.\n";
        assert_eq!(lines(text), Vec::new());
    }

    #[test]
    fn a_definition_out_of_reading_order_is_reported_on_its_line() {
        let text =
            "One.[^x] Two.[^y]\n\n## Sources\n1. A.\n2. B.\n[^y]: Source 2.\n[^x]: Source 1.\n";
        let found = lines(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, 7);
        assert!(found[0].1.contains(
            "`[^x]` is note 1 in reading order but definition 2; move its definition first"
        ));
    }

    /// A note added early in the text with its definition put at the end
    /// shifts every later note's number; only the one definition that moved
    /// is reported, with where it belongs, not every note after it.
    #[test]
    fn one_misplaced_definition_gives_one_message() {
        let mut text = String::from("Start.[^a] New.[^new]");
        for label in ["b", "c", "d", "e", "f"] {
            text.push_str(&format!(" More.[^{label}]"));
        }
        text.push_str("\n\n");
        for label in ["a", "b", "c", "d", "e", "f", "new"] {
            text.push_str(&format!("[^{label}]: A note.\n"));
        }
        let found: Vec<_> = lines(&text)
            .into_iter()
            .filter(|(_, message)| message.contains("reading order"))
            .collect();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].1.contains("`[^new]` is note 2 in reading order but definition 7; move its definition just after the definition of `[^a]`"), "{found:?}");
    }

    #[test]
    fn the_longest_run_in_order_stays() {
        assert_eq!(longest_increasing(&[0, 1, 2]), vec![0, 1, 2]);
        assert_eq!(longest_increasing(&[0, 2, 3, 1]), vec![0, 1, 2]);
        assert_eq!(longest_increasing(&[]), Vec::<usize>::new());
        assert_eq!(longest_increasing(&[3, 0, 1, 2]), vec![1, 2, 3]);
    }

    /// Module 1 once cited its Sources as 4, 7, 8 and then 6, so the note a
    /// learner saw as 8 was the V100 datasheet's Sources item.
    #[test]
    fn a_source_cited_before_a_lower_numbered_one_is_reported() {
        let text = "A.[^4] B.[^7]\n\n## Sources\n1. A.\n2. B.\n3. C.\n4. D.\n5. E.\n6. F.\n[^4]: See Sources, item 4.\n[^7]: See Sources, item 6.\n";
        let found = lines(text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0]
            .1
            .contains("cites Sources item 4 before any note cites item 1"));
        assert!(found[1]
            .1
            .contains("cites Sources item 6 before any note cites item 5"));
    }

    #[test]
    fn a_source_cited_again_later_is_fine() {
        let text =
            "A.[^a] B.[^b] C.[^c]\n\n## Sources\n1. A.\n2. B.\n[^a]: Source 1.\n[^b]: Source 2.\n[^c]: Source 1, page 4.\n";
        assert_eq!(lines(text), Vec::new());
    }

    #[test]
    fn fences_unmarked_notes_and_broken_markers_are_ignored_without_panic() {
        let text = "```\n[^z]: Source 9.\n```\nText [^ and ≈[^a]≈ then [^b].\n\n## Sources\n1. A.\n2. B.\n[^a]: Source 1.\n[^b]: Source 2.\n";
        assert_eq!(lines(text), Vec::new());
        let labels: Vec<&str> = crate::footnote_marks::markers("Text [^ and ≈[^a]≈ [^b]")
            .into_iter()
            .map(|(_, _, label)| label)
            .collect();
        assert_eq!(labels, ["a", "b"]);
    }

    /// What an instructor's slip leaves: a marker with no note, a note with
    /// no marker, a note naming no source, an item past the end of the
    /// list, a list that skips a number, and notes with no Sources list.
    #[test]
    fn notes_and_sources_that_do_not_match_are_reported() {
        let text = "A.[^a] B.[^b] C.[^gone]\n\n## Sources\n1. A.\n3. C.\n[^a]: Source 1.\n[^b]: A paper.\n[^c]: Source 5.\n";
        let found: Vec<String> = lines(text)
            .into_iter()
            .map(|(line, m)| format!("{line}: {m}"))
            .collect();
        let expect = [
            "1: footnote `[^gone]` has no definition",
            "8: footnote `[^c]` is defined but no text marks it",
            "5: Sources item numbered 3 stands in place 2",
            "7: footnote `[^b]` names no source",
            "8: footnote `[^c]` cites Sources item 5, but the Sources list has 2",
        ];
        for expected in expect {
            assert!(
                found.iter().any(|f| f.starts_with(expected)),
                "{expected}\n{found:#?}"
            );
        }
        let no_list = lines("A.[^a]\n\n[^a]: Source 1.\n");
        assert!(
            no_list
                .iter()
                .any(|(_, m)| m.contains("no `## Sources` heading")),
            "{no_list:?}"
        );
    }
}
