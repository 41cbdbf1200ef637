//! The course glossary: every module's key terms, merged and sorted.

use crate::module::Module;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GlossaryEntry {
    pub term: String,
    pub definition: String,
    /// Every module that lists the term, as (slug, title), in course order.
    pub taught_in: Vec<(String, String)>,
}

/// Merges terms case-insensitively, keeping the first definition in course order.
pub fn build<'a>(modules: impl IntoIterator<Item = &'a Module>) -> Vec<GlossaryEntry> {
    let mut entries: Vec<GlossaryEntry> = Vec::new();
    for module in modules {
        for term in &module.front.terms {
            let place = (module.front.slug.clone(), module.front.title.clone());
            match entries
                .iter_mut()
                .find(|entry| entry.term.eq_ignore_ascii_case(&term.term))
            {
                Some(entry) => {
                    if !entry.taught_in.contains(&place) {
                        entry.taught_in.push(place);
                    }
                }
                None => entries.push(GlossaryEntry {
                    term: term.term.clone(),
                    definition: term.definition.clone(),
                    taught_in: vec![place],
                }),
            }
        }
    }
    entries.sort_by_key(|entry| entry.term.to_lowercase());
    entries
}

/// The glossary anchor id for a term.
pub fn term_id(term: &str) -> String {
    format!("term-{}", crate::escape::slugify(term))
}
