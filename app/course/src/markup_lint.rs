//! Markup that renders without complaint but not as the author meant: a
//! misspelt callout prints `[!NOTES]` as text, an `[!ANSWER]` with nothing
//! under it opens onto nothing, a `# ` heading duplicates the page title the
//! front matter already gives, and a picture without alt text is silent to a
//! screen reader. Only `lab check` runs these, so their messages stay out of
//! the browser's download.

use crate::diagnostic::Diagnostic;

/// The callout words the renderer knows: GitHub's five and the course's answer.
const CALLOUTS: [&str; 6] = ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION", "ANSWER"];

/// Markup problems in one module file, by file line. The front matter and
/// fenced blocks are skipped.
pub fn problems(path: &str, text: &str) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut fenced = false;
    let mut front_matter = false;
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        if line.trim() == "+++" && (index == 0 || front_matter) {
            front_matter = index == 0;
            continue;
        }
        if front_matter {
            continue;
        }
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let following = lines.get(index + 1..).unwrap_or_default();
        for message in line_problems(line, following) {
            found.push(Diagnostic::new(path, number, message));
        }
    }
    found
}

/// `following` is the rest of the file after `line`, for a marker's answer.
fn line_problems(line: &str, following: &[&str]) -> Vec<String> {
    let mut messages = Vec::new();
    if line.starts_with("# ") || line == "#" {
        messages.push(
            "a `# ` heading repeats the page title, which comes from the front matter; sections start at `##`"
                .to_string(),
        );
    }
    if let Some(message) = callout_problem(line, following) {
        messages.push(message);
    }
    if has_picture_without_alt(line) {
        messages.push(
            "a picture needs alt text: say what it shows between the brackets, `![...](public/diagrams/NAME.svg)`"
                .to_string(),
        );
    }
    messages
}

/// The text of a quote line after its `>` marks, or `None` for a line that
/// is not quoted.
fn quoted(line: &str) -> Option<&str> {
    let mut rest = line.trim_start().strip_prefix('>')?;
    while let Some(inner) = rest.trim_start().strip_prefix('>') {
        rest = inner;
    }
    Some(rest.trim())
}

fn callout_problem(line: &str, following: &[&str]) -> Option<String> {
    let inside = quoted(line)?;
    let (word, after) = inside.strip_prefix("[!")?.split_once(']')?;
    if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let known = CALLOUTS
        .iter()
        .any(|known| known.eq_ignore_ascii_case(word));
    if !known {
        return Some(format!(
            "`[!{word}]` is not a callout; use one of {}",
            CALLOUTS.join(", ")
        ));
    }
    if !after.trim().is_empty() {
        return Some(format!(
            "`[!{word}]` must stand alone on the quote's first line, with the text on the lines after it; otherwise it prints as text"
        ));
    }
    // The answer is the rest of the quote, which may start after a blank `>` line.
    let answer_follows = following
        .iter()
        .map_while(|line| quoted(line))
        .any(|text| !text.is_empty());
    if word.eq_ignore_ascii_case("answer") && !answer_follows {
        return Some(
            "an answer block is empty: write the answer on the quoted lines after `> [!ANSWER]`"
                .to_string(),
        );
    }
    None
}

/// `![](…)` or `![ ](…)`: a picture whose alt text is missing or blank.
fn has_picture_without_alt(line: &str) -> bool {
    line.match_indices("![").any(|(at, _)| {
        let rest = line.get(at + 2..).unwrap_or_default();
        rest.split_once("](")
            .is_some_and(|(alt, _)| alt.trim().is_empty())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(text: &str) -> Vec<(usize, String)> {
        problems("content/t.md", text)
            .into_iter()
            .map(|diagnostic| (diagnostic.line, diagnostic.message))
            .collect()
    }

    #[test]
    fn clean_markup_has_no_problems() {
        let text = "+++\ntitle = \"T\"\n# not a heading in front matter\n+++\n\n## A section\n\n> [!NOTE]\n> Read this.\n\n> [!answer]\n> Four.\n\n![A ring of eight GPUs](public/diagrams/ring.svg)\n\n```sh\n# a shell comment\n```\n\n> A plain quote with [!brackets] inside.\n";
        assert_eq!(messages(text), Vec::<(usize, String)>::new());
    }

    #[test]
    fn each_problem_is_reported_at_its_line() {
        let text = "# Title again\n\n> [!NOTES]\n> Read this.\n\n> [!TIP] Inline text.\n\n> [!ANSWER]\n\nAfter.\n\n> [!ANSWER]\n>\n> Too late.\n\nSee ![](public/diagrams/ring.svg) and ![ ](x.svg).\n";
        let found = messages(text);
        let at =
            |line: usize, needle: &str| found.iter().any(|(l, m)| *l == line && m.contains(needle));
        assert!(at(1, "repeats the page title"), "{found:?}");
        assert!(at(3, "`[!NOTES]` is not a callout"), "{found:?}");
        assert!(at(6, "must stand alone"), "{found:?}");
        assert!(at(8, "an answer block is empty"), "{found:?}");
        assert!(at(16, "a picture needs alt text"), "{found:?}");
        // The answer at line 12 goes on after a blank `>` line, so it is not empty.
        assert_eq!(found.len(), 5, "{found:?}");
    }

    #[test]
    fn nested_quotes_and_lowercase_markers_are_read_too() {
        let found = messages("> > [!warnings]\n> > Careful.\n");
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found.iter().all(|(line, _)| *line == 1));
    }
}
