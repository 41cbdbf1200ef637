//! Fetches the course from the served content/ folder at run time, so an
//! instructor edits markdown, reloads, and sees the change without a toolchain.

use course::glossary::{self, GlossaryEntry};
use course::validate::{check_course_async, CourseReport};
use course::{Diagnostic, Manifest, Module};
use std::sync::Arc;

/// The whole course, parsed and checked.
#[derive(Clone)]
pub struct LoadedCourse {
    pub manifest: Arc<Manifest>,
    pub modules: Arc<Vec<Module>>,
    pub glossary: Arc<Vec<GlossaryEntry>>,
    /// Course-wide problems (links, manifest); module problems also show in place.
    pub diagnostics: Arc<Vec<Diagnostic>>,
}

impl LoadedCourse {
    pub fn module(&self, slug: &str) -> Option<&Module> {
        self.modules.iter().find(|module| module.front.slug == slug)
    }

    /// The modules before and after `slug` in course order.
    pub fn neighbours(&self, slug: &str) -> (Option<&Module>, Option<&Module>) {
        let Some(idx) = self.modules.iter().position(|m| m.front.slug == slug) else {
            return (None, None);
        };
        let previous = idx.checked_sub(1).and_then(|i| self.modules.get(i));
        (previous, self.modules.get(idx + 1))
    }

    pub fn words_per_minute(&self) -> u32 {
        self.manifest.defaults.words_per_minute
    }
}

/// Fetches one file under content/, relative to the page.
async fn fetch_text(relative: String) -> Result<String, String> {
    let url = format!("content/{relative}");
    let response = gloo_net::http::Request::get(&url)
        .send()
        .await
        .map_err(|error| format!("cannot fetch {url}: {error}"))?;
    if !response.ok() {
        return Err(format!("cannot fetch {url}: HTTP {}", response.status()));
    }
    response
        .text()
        .await
        .map_err(|error| format!("cannot read {url}: {error}"))
}

pub async fn load_course() -> Result<LoadedCourse, String> {
    let report: CourseReport = check_course_async(fetch_text).await;
    let Some(manifest) = report.manifest else {
        let reasons: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
        return Err(reasons.join("\n"));
    };
    let glossary = glossary::build(&report.modules);
    Ok(LoadedCourse {
        manifest: Arc::new(manifest),
        glossary: Arc::new(glossary),
        modules: Arc::new(report.modules),
        diagnostics: Arc::new(report.diagnostics),
    })
}
