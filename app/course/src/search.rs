//! Client-side search over the loaded modules: every query word must appear in
//! a section; hits in titles and headings rank first. Small enough to run on
//! every keystroke over the whole course.

use crate::module::Module;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hit {
    pub slug: String,
    pub module_title: String,
    /// Heading id, empty for the module's opening text.
    pub section: String,
    pub heading: String,
    /// A short excerpt around the first match.
    pub excerpt: String,
    pub score: u32,
}

/// The best `limit` sections matching every word of `query` (two characters or more).
pub fn search(modules: &[&Module], query: &str, limit: usize) -> Vec<Hit> {
    let words: Vec<String> = query
        .split_whitespace()
        .map(str::to_lowercase)
        .filter(|w| w.chars().count() >= 2)
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    let mut hits = Vec::new();
    for module in modules {
        let title = module.front.title.to_lowercase();
        for section in &module.sections {
            let heading = section.heading.to_lowercase();
            let text = section.text.to_lowercase();
            let all_match = words
                .iter()
                .all(|w| title.contains(w) || heading.contains(w) || text.contains(w));
            if !all_match {
                continue;
            }
            let score: u32 = words
                .iter()
                .map(|w| {
                    10 * u32::from(heading.contains(w))
                        + 4 * u32::from(title.contains(w))
                        + u32::try_from(text.matches(w.as_str()).count().min(5)).unwrap_or(5)
                })
                .sum();
            hits.push(Hit {
                slug: module.front.slug.clone(),
                module_title: module.front.title.clone(),
                section: section.id.clone(),
                heading: if section.heading.is_empty() {
                    module.front.title.clone()
                } else {
                    section.heading.clone()
                },
                excerpt: excerpt(
                    &section.text,
                    words.first().map(String::as_str).unwrap_or_default(),
                ),
                score,
            });
        }
    }
    hits.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.slug.cmp(&b.slug)));
    hits.truncate(limit);
    hits
}

/// About 120 characters around the first occurrence of `word`, on char boundaries.
fn excerpt(text: &str, word: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let lower: Vec<char> = text.to_lowercase().chars().collect();
    let needle: Vec<char> = word.chars().collect();
    let position = if needle.is_empty() || lower.len() != chars.len() {
        0
    } else {
        lower
            .windows(needle.len())
            .position(|w| w == needle.as_slice())
            .unwrap_or(0)
    };
    let start = position.saturating_sub(50);
    let end = (position + 70).min(chars.len());
    let mut out: String = chars
        .get(start..end)
        .map(|c| c.iter().collect())
        .unwrap_or_default();
    if start > 0 {
        out.insert(0, '…');
    }
    if end < chars.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::parse_module;

    fn module() -> Module {
        let text = "+++\ntitle = \"Roofs\"\nslug = \"roofs\"\nsummary = \"s\"\nobjectives = [\"o\"]\nminutes = 1\n+++\nIntro text.\n\n## The ridge point\n\nPeak over bandwidth gives the ridge.\n\n## Decode\n\nDecode is memory-bound at batch one.\n";
        parse_module("content/r.md", text, None).unwrap()
    }

    #[test]
    fn finds_sections_and_ranks_headings_first() {
        let module = module();
        let hits = search(&[&module], "ridge", 5);
        assert_eq!(
            hits.first().map(|h| h.section.as_str()),
            Some("the-ridge-point")
        );
        let hits = search(&[&module], "memory BATCH", 5);
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].section, "decode");
        assert!(hits[0].excerpt.contains("memory-bound"));
        assert!(search(&[&module], "x", 5).is_empty());
        assert!(search(&[&module], "nowhere", 5).is_empty());
    }

    #[test]
    fn excerpts_respect_char_boundaries() {
        let text = format!("{}ümlaut ridge {}", "é".repeat(80), "ß".repeat(90));
        let cut = excerpt(&text, "ridge");
        assert!(cut.starts_with('…') && cut.ends_with('…') && cut.contains("ridge"));
    }
}
