//! `{{hw:ID.FIELD}}` placeholders: catalogue numbers quoted in course text.
//!
//! They are resolved in the markdown source before parsing, into a link to the
//! number's source, so the number is written once (in the catalogue) and every
//! quote of it carries its datasheet. Replacements never contain a newline, so
//! line numbers of later diagnostics stay right.

use engine::hardware::Catalogue;

const OPEN: &str = "{{hw:";
const CLOSE: &str = "}}";

/// A placeholder that could not be resolved: byte offset in the body, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unresolved {
    pub offset: usize,
    pub message: String,
}

/// Link destinations that mark a quote still waiting for the catalogue.
pub const PENDING_SCHEME: &str = "hw-pending:";

/// Replaces every placeholder with a link to its number's source, or with a
/// visible "unknown hardware value" note and a problem.
pub fn resolve(body: &str, catalogue: Option<&Catalogue>) -> (String, Vec<Unresolved>) {
    substitute(body, |reference| quote(reference, catalogue))
}

/// `problems` (from `resolve`) with a problem added, in text order, for every
/// word after a quote that repeats the quote's unit (see `repeated_units`).
/// `lab check` and the islands run it through `RenderTools::full()`; the
/// reading shell does not link it.
pub fn with_repeated_units(
    body: &str,
    catalogue: &Catalogue,
    problems: Vec<Unresolved>,
) -> Vec<Unresolved> {
    let problems = merge_by_offset(problems, repeated_units(body, catalogue));
    merge_by_offset(problems, placeholders_in_math(body))
}

/// Placeholders written inside `$...$` or `$$...$$` math. The quote becomes
/// a markdown link before the math is typeset, so TeX would show the link's
/// brackets and address as symbols; the number belongs in the sentence.
fn placeholders_in_math(body: &str) -> Vec<Unresolved> {
    let mut problems = Vec::new();
    let mut cursor = 0;
    while let Some((start, reference, end)) = next_placeholder(body, cursor) {
        let Some(end) = end else {
            break;
        };
        cursor = end;
        if inside_math(body, start) {
            problems.push(Unresolved {
                offset: start,
                message: format!(
                    "`{{{{hw:{reference}}}}}` is inside $...$ math, where a placeholder cannot render; quote the number in the sentence outside the math"
                ),
            });
        }
    }
    problems
}

/// Whether `offset` falls between an opening and a closing `$` of inline
/// math on its line, or between `$$` fences anywhere before it. Escaped
/// dollars (`\$5`) are prices, not math.
fn inside_math(body: &str, offset: usize) -> bool {
    let before = body.get(..offset).unwrap_or("");
    let unescaped = |text: &str, mark: &str| {
        text.match_indices(mark)
            .filter(|(index, _)| !text[..*index].ends_with('\\'))
            .count()
    };
    if unescaped(before, "$$") % 2 == 1 {
        return true;
    }
    let line = before.rsplit('\n').next().unwrap_or("");
    let singles = unescaped(line, "$") - 2 * unescaped(line, "$$");
    singles % 2 == 1
}

/// Joins two lists already in text order. A merge, not a sort: a sort's
/// generic code costs kilobytes of WebAssembly for lists that are nearly
/// always empty.
fn merge_by_offset(first: Vec<Unresolved>, second: Vec<Unresolved>) -> Vec<Unresolved> {
    if second.is_empty() {
        return first;
    }
    let mut merged = Vec::with_capacity(first.len() + second.len());
    let mut second = second.into_iter().peekable();
    for problem in first {
        while let Some(earlier) = second.next_if(|other| other.offset < problem.offset) {
            merged.push(earlier);
        }
        merged.push(problem);
    }
    merged.extend(second);
    merged
}

/// Words that count what a pod-size quote ("12 chips") has already counted.
const COUNT_NOUNS: [&str; 12] = [
    "chip",
    "chips",
    "GPU",
    "GPUs",
    "TPU",
    "TPUs",
    "accelerator",
    "accelerators",
    "card",
    "cards",
    "device",
    "devices",
];

/// A quote carries its own unit ("12 chips", "32 GB"), so the word written
/// after the placeholder must not say it again: "up to {{hw:…domain_size}}
/// chips" would read "up to 12 chips chips". A `name` quote carries the vendor
/// and often the memory size ("AMD Instinct MI300X 192 GB"), so the word
/// before it may not name the vendor again ("Intel's Intel Loihi 2") and a
/// quote right after it may not repeat a figure the name already shows
/// ("MI300X 192 GB (192 GB)"). Such a sentence is reported at its placeholder.
fn repeated_units(body: &str, catalogue: &Catalogue) -> Vec<Unresolved> {
    let mut problems = Vec::new();
    let mut cursor = 0;
    // The end offset and text of the last `name` quote, for the quote after it.
    let mut last_name: Option<(usize, String)> = None;
    while let Some((start, reference, end)) = next_placeholder(body, cursor) {
        let Some(end) = end else {
            break;
        };
        cursor = end;
        let Some((field, text)) = split_reference(reference)
            .ok()
            .and_then(|(id, field)| Some((field, catalogue.find(id)?.quote(field)?.text)))
        else {
            continue;
        };
        let mut report = |message: String| {
            problems.push(Unresolved {
                offset: start,
                message,
            })
        };
        if let Some((name_end, name)) = last_name.take() {
            let between = body.get(name_end..start).unwrap_or_default();
            if between.len() <= NAME_GAP && name.contains(&text) {
                report(format!(
                    "`{{{{hw:{reference}}}}}` reads \"{text}\", which the name just before it (\"{name}\") already shows"
                ));
            }
        }
        if field == "name" {
            let before = word_before(body, start);
            let vendor = text.split(' ').next().unwrap_or_default();
            if !vendor.is_empty() && before.eq_ignore_ascii_case(vendor) {
                report(format!(
                    "`{{{{hw:{reference}}}}}` already reads \"{text}\", so the word before it repeats the vendor"
                ));
            }
            last_name = Some((end, text));
            continue;
        }
        let unit = text.rsplit(' ').next().unwrap_or_default();
        if unit.is_empty() || !unit.chars().all(|c| c.is_alphabetic() || c == '/') {
            continue;
        }
        let next = word_after(body, cursor);
        let repeats = next == unit || (unit == "chips" && COUNT_NOUNS.contains(&next.as_str()));
        if repeats {
            report(format!(
                "`{{{{hw:{reference}}}}}` already reads \"{text}\", so the word after it, \"{next}\", repeats its unit"
            ));
        }
    }
    problems
}

/// How many bytes may separate a `name` quote from a quote that repeats part
/// of it, as in " at " or " (": far enough for a short joining word, near
/// enough that a figure in the next clause is not caught.
const NAME_GAP: usize = 5;

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '/'
}

/// The word that starts at `offset`, after any spaces.
fn word_after(body: &str, offset: usize) -> String {
    body.get(offset..)
        .unwrap_or_default()
        .trim_start_matches(' ')
        .chars()
        .take_while(|c| is_word(*c))
        .collect()
}

/// The word that ends just before `offset` (spaces skipped), without a
/// possessive "'s", so "Intel's " gives "Intel".
fn word_before(body: &str, offset: usize) -> String {
    let head = body.get(..offset).unwrap_or_default().trim_end_matches(' ');
    let head = head
        .strip_suffix("'s")
        .or_else(|| head.strip_suffix("\u{2019}s"))
        .unwrap_or(head);
    let reversed: String = head.chars().rev().take_while(|c| is_word(*c)).collect();
    reversed.chars().rev().collect()
}

/// Like `resolve`, before the catalogue has arrived: each well-formed
/// placeholder becomes a pending quote, `[…](hw-pending:REF)`, which the
/// renderer writes as a `span.hw-pending` and the page fills with
/// `quote_html` once the catalogue is parsed. This lets the reading shell show
/// a module's text without waiting for the catalogue. The count is the
/// number of pending quotes.
pub fn defer(body: &str) -> (String, Vec<Unresolved>, usize) {
    let mut pending = 0;
    let (out, problems) = substitute(body, |reference| {
        split_reference(reference)?;
        let well_formed = reference
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
        if !well_formed {
            return Err(format!(
                "`{{{{hw:{reference}}}}}` may use only letters, digits, `.`, `-` and `_`"
            ));
        }
        pending += 1;
        Ok(format!("[…]({PENDING_SCHEME}{reference})"))
    });
    (out, problems, pending)
}

/// The HTML that replaces a pending quote: exactly what `resolve` and the
/// renderer produce for the same placeholder, so a filled page matches a page
/// rendered with the catalogue from the start.
pub fn quote_html(reference: &str, catalogue: &Catalogue) -> String {
    let markdown = quote(reference, Some(catalogue)).unwrap_or_else(|_| unknown(reference));
    let events =
        pulldown_cmark::Parser::new_ext(&markdown, crate::markdown::options()).filter(|event| {
            !matches!(
                event,
                pulldown_cmark::Event::Start(pulldown_cmark::Tag::Paragraph)
                    | pulldown_cmark::Event::End(pulldown_cmark::TagEnd::Paragraph)
            )
        });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// The first placeholder at or after `cursor`: where it starts, its trimmed
/// reference, and the offset just past its `}}` (`None` when it is never
/// closed). Both the substitution and the checks walk the text with it.
fn next_placeholder(body: &str, cursor: usize) -> Option<(usize, &str, Option<usize>)> {
    let start = cursor + body.get(cursor..)?.find(OPEN)?;
    let inner_start = start + OPEN.len();
    let Some(inner_len) = body.get(inner_start..).and_then(|rest| rest.find(CLOSE)) else {
        return Some((start, "", None));
    };
    let reference = body
        .get(inner_start..inner_start + inner_len)
        .unwrap_or_default()
        .trim();
    Some((
        start,
        reference,
        Some(inner_start + inner_len + CLOSE.len()),
    ))
}

/// Calls `each` on every placeholder's reference and splices in what it returns.
fn substitute(
    body: &str,
    mut each: impl FnMut(&str) -> Result<String, String>,
) -> (String, Vec<Unresolved>) {
    if !body.contains(OPEN) {
        return (body.to_string(), Vec::new());
    }
    let mut out = String::with_capacity(body.len());
    let mut problems = Vec::new();
    let mut cursor = 0;
    while let Some((start, reference, end)) = next_placeholder(body, cursor) {
        out.push_str(body.get(cursor..start).unwrap_or_default());
        let Some(end) = end else {
            problems.push(Unresolved {
                offset: start,
                message: "`{{hw:` placeholder is not closed with `}}`".to_string(),
            });
            out.push_str(body.get(start..).unwrap_or_default());
            return (out, problems);
        };
        match each(reference) {
            Ok(markdown) => out.push_str(&markdown),
            Err(message) => {
                out.push_str(&unknown(reference));
                problems.push(Unresolved {
                    offset: start,
                    message,
                });
            }
        }
        cursor = end;
    }
    out.push_str(body.get(cursor..).unwrap_or_default());
    (out, problems)
}

/// What a placeholder that cannot be resolved shows in the text. Inline code
/// shows the reference literally, whatever it contains.
fn unknown(reference: &str) -> String {
    let shown = reference.replace('`', "");
    format!("(unknown hardware value: `{shown}`)")
}

fn split_reference(reference: &str) -> Result<(&str, &str), String> {
    reference.split_once('.').ok_or_else(|| {
        format!(
            "`{{{{hw:{reference}}}}}` must be ID.FIELD, e.g. h100-sxm-80gb.memory.bandwidth_gb_s"
        )
    })
}

fn quote(reference: &str, catalogue: Option<&Catalogue>) -> Result<String, String> {
    let Some(catalogue) = catalogue else {
        return Err(format!(
            "`{{{{hw:{reference}}}}}` needs the hardware catalogue, which did not load"
        ));
    };
    let (id, field) = split_reference(reference)?;
    let accelerator = catalogue.find(id).ok_or_else(|| {
        format!("`{{{{hw:{reference}}}}}`: no accelerator `{id}` in the catalogue")
    })?;
    let quoted = accelerator
        .quote(field)
        .ok_or_else(|| format!("`{{{{hw:{reference}}}}}`: `{id}` has no value for `{field}`"))?;
    Ok(match quoted.source {
        Some(source) => format!(
            "[{}](<{}> \"Source: {}, checked {}\")",
            quoted.text,
            // A `|` would end a table cell, so it is escaped in every part of the link.
            source.url.replace('>', "%3E").replace('|', "%7C"),
            source.title.replace('"', "'").replace('|', "/"),
            source.checked
        ),
        None => quoted.text.replace('|', "/"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue() -> Catalogue {
        let text = r#"
[[accelerator]]
id = "x"
name = "Example X"
class = "gpu"
vendor = "V"
[accelerator.memory]
bandwidth_gb_s = 3350.0
[[accelerator.sources]]
title = "X \"datasheet\""
url = "https://example.com/x"
checked = "2026-12-02"
covers = ["memory"]
"#;
        Catalogue {
            accelerators: engine::hardware::parse_file(text).unwrap_or_default(),
        }
    }

    #[test]
    fn a_pipe_in_a_source_cannot_break_a_table_cell() {
        let mut with_pipe = catalogue();
        if let Some(source) = with_pipe
            .accelerators
            .first_mut()
            .and_then(|a| a.sources.first_mut())
        {
            source.title = "Datasheet | rev 4".to_string();
        }
        let (out, _) = resolve("| {{hw:x.memory.bandwidth_gb_s}} |", Some(&with_pipe));
        assert_eq!(out.matches('|').count(), 2, "{out}");
    }

    #[test]
    fn resolves_to_a_sourced_link() {
        let (out, problems) = resolve(
            "Bandwidth: {{hw:x.memory.bandwidth_gb_s}}.",
            Some(&catalogue()),
        );
        assert_eq!(out, "Bandwidth: [3,350 GB/s](<https://example.com/x> \"Source: X 'datasheet', checked 2026-12-02\").");
        assert!(problems.is_empty());
    }

    #[test]
    fn unknown_references_are_located_problems() {
        let body = "a {{hw:nope.memory.bandwidth_gb_s}} b {{hw:x.tdp_w}} c {{hw:x}} d {{hw:x.name";
        let (out, problems) = resolve(body, Some(&catalogue()));
        let offsets: Vec<usize> = problems.iter().map(|p| p.offset).collect();
        assert_eq!(offsets, vec![2, 38, 55, 66]);
        assert!(problems[0].message.contains("no accelerator `nope`"));
        assert!(problems[1].message.contains("has no value for `tdp_w`"));
        assert!(problems[2].message.contains("must be ID.FIELD"));
        assert!(problems[3].message.contains("not closed"));
        assert!(out.contains("(unknown hardware value: `nope.memory.bandwidth_gb_s`)"));
        assert!(!out.contains('\n'));
    }

    fn resolve_checked(body: &str, catalogue: &Catalogue) -> Vec<Unresolved> {
        let (_, problems) = resolve(body, Some(catalogue));
        with_repeated_units(body, catalogue, problems)
    }

    #[test]
    fn a_word_after_a_quote_may_not_repeat_its_unit() {
        let body = "a {{hw:x.memory.bandwidth_gb_s}} GB/s b {{hw:x.memory.bandwidth_gb_s}} of HBM";
        let problems = resolve_checked(body, &catalogue());
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].offset, 2);
        assert!(
            problems[0].message.contains("already reads \"3,350 GB/s\""),
            "{}",
            problems[0].message
        );
        let pod = r#"
[[accelerator]]
id = "p"
name = "Pod part"
class = "tpu"
vendor = "V"
[accelerator.interconnect]
domain_size = 12
[[accelerator.sources]]
title = "P"
url = "https://example.com/p"
checked = "2026-12-04"
covers = ["interconnect"]
"#;
        let pods = Catalogue {
            accelerators: engine::hardware::parse_file(pod).unwrap_or_default(),
        };
        for (body, flagged) in [
            ("up to {{hw:p.interconnect.domain_size}} chips in one", true),
            (
                "of {{hw:p.interconnect.domain_size}} GPUs in a server",
                true,
            ),
            (
                "up to {{hw:p.interconnect.domain_size}} in one instance",
                false,
            ),
            (
                "a domain of {{hw:p.interconnect.domain_size}}, which",
                false,
            ),
        ] {
            let problems = resolve_checked(body, &pods);
            assert_eq!(problems.len(), usize::from(flagged), "{body}: {problems:?}");
        }
    }

    #[test]
    fn a_name_quote_may_not_be_echoed_by_its_vendor_or_its_figures() {
        let part = r#"
[[accelerator]]
id = "m"
name = "Acme M1 192 GB"
class = "gpu"
vendor = "Acme"
[accelerator.memory]
capacity_gb = 192.0
bandwidth_gb_s = 5300.0
[[accelerator.sources]]
title = "M"
url = "https://example.com/m"
checked = "2026-12-04"
covers = ["memory"]
"#;
        let parts = Catalogue {
            accelerators: engine::hardware::parse_file(part).unwrap_or_default(),
        };
        for (body, flagged) in [
            ("but Acme's {{hw:m.name}} is", 1),
            ("but acme\u{2019}s {{hw:m.name}} is", 1),
            ("the Acme {{hw:m.name}} is", 1),
            ("the {{hw:m.name}} at {{hw:m.memory.capacity_gb}}, the", 1),
            ("one {{hw:m.name}} ({{hw:m.memory.capacity_gb}}) and", 1),
            ("the {{hw:m.name}} at {{hw:m.memory.bandwidth_gb_s}}", 0),
            (
                "the {{hw:m.name}} and later, much later, {{hw:m.memory.capacity_gb}}",
                0,
            ),
            ("Acmes {{hw:m.name}}, by Acme, is", 0),
        ] {
            let problems = resolve_checked(body, &parts);
            assert_eq!(problems.len(), flagged, "{body}: {problems:?}");
        }
    }

    #[test]
    fn a_placeholder_inside_math_is_reported() {
        let body = "Cost \\$5, and $r = {{hw:x.tdp_w}}$ but {{hw:x.memory.bandwidth_gb_s}} is fine.\n$$\nq = {{hw:x.name}}\n$$\n";
        let problems = placeholders_in_math(body);
        let offsets: Vec<usize> = problems.iter().map(|p| p.offset).collect();
        assert_eq!(offsets, vec![19, 86], "{problems:?}");
        assert!(problems[0].message.contains("inside $...$ math"));
    }

    #[test]
    fn repeated_units_join_the_other_problems_in_text_order() {
        let body = "a {{hw:nope.tdp_w}} b {{hw:x.memory.bandwidth_gb_s}} GB/s c {{hw:x}} d";
        let offsets: Vec<usize> = resolve_checked(body, &catalogue())
            .iter()
            .map(|p| p.offset)
            .collect();
        assert_eq!(offsets, vec![2, 22, 60], "{offsets:?}");
    }

    #[test]
    fn without_a_catalogue_every_placeholder_is_reported() {
        let (_, problems) = resolve("{{hw:x.name}}", None);
        assert_eq!(problems.len(), 1);
    }

    #[test]
    fn deferred_quotes_are_pending_links_and_bad_ones_stay_problems() {
        let body = "a {{hw:x.memory.bandwidth_gb_s}} b {{hw:x}} c {{hw:x.<b>}} d";
        let (out, problems, pending) = defer(body);
        assert_eq!(pending, 1);
        assert!(
            out.starts_with("a [\u{2026}](hw-pending:x.memory.bandwidth_gb_s) b "),
            "{out}"
        );
        let messages: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(problems.len(), 2, "{messages:?}");
        assert!(messages[0].contains("must be ID.FIELD"));
        assert!(messages[1].contains("only letters"));
        assert!(out.contains("(unknown hardware value: `x.<b>`)"));
    }

    #[test]
    fn a_filled_quote_is_the_resolved_link_as_html() {
        let html = quote_html("x.memory.bandwidth_gb_s", &catalogue());
        assert_eq!(
            html,
            "<a href=\"https://example.com/x\" title=\"Source: X &#39;datasheet&#39;, checked 2026-12-02\">3,350 GB/s</a>"
        );
        let missing = quote_html("x.tdp_w\"><script>", &catalogue());
        assert_eq!(
            missing,
            "(unknown hardware value: <code>x.tdp_w\"&gt;&lt;script&gt;</code>)"
        );
    }
}
