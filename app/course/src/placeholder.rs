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

pub fn resolve(body: &str, catalogue: Option<&Catalogue>) -> (String, Vec<Unresolved>) {
    if !body.contains(OPEN) {
        return (body.to_string(), Vec::new());
    }
    let mut out = String::with_capacity(body.len());
    let mut problems = Vec::new();
    let mut cursor = 0;
    while let Some(found) = body.get(cursor..).and_then(|rest| rest.find(OPEN)) {
        let start = cursor + found;
        out.push_str(body.get(cursor..start).unwrap_or_default());
        let inner_start = start + OPEN.len();
        let Some(inner_len) = body.get(inner_start..).and_then(|rest| rest.find(CLOSE)) else {
            problems.push(Unresolved {
                offset: start,
                message: "`{{hw:` placeholder is not closed with `}}`".to_string(),
            });
            out.push_str(body.get(start..).unwrap_or_default());
            return (out, problems);
        };
        let reference = body
            .get(inner_start..inner_start + inner_len)
            .unwrap_or_default()
            .trim();
        match quote(reference, catalogue) {
            Ok(markdown) => out.push_str(&markdown),
            Err(message) => {
                // Inline code shows the reference literally, whatever it contains.
                let shown = reference.replace('`', "");
                out.push_str(&format!("(unknown hardware value: `{shown}`)"));
                problems.push(Unresolved {
                    offset: start,
                    message,
                });
            }
        }
        cursor = inner_start + inner_len + CLOSE.len();
    }
    out.push_str(body.get(cursor..).unwrap_or_default());
    (out, problems)
}

fn quote(reference: &str, catalogue: Option<&Catalogue>) -> Result<String, String> {
    let Some(catalogue) = catalogue else {
        return Err(format!(
            "`{{{{hw:{reference}}}}}` needs the hardware catalogue, which did not load"
        ));
    };
    let (id, field) = reference.split_once('.').ok_or_else(|| {
        format!(
            "`{{{{hw:{reference}}}}}` must be ID.FIELD, e.g. h100-sxm-80gb.memory.bandwidth_gb_s"
        )
    })?;
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

    #[test]
    fn without_a_catalogue_every_placeholder_is_reported() {
        let (_, problems) = resolve("{{hw:x.name}}", None);
        assert_eq!(problems.len(), 1);
    }
}
