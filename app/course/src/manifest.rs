//! `content/course.toml`: the one place that lists the modules and their order.

use crate::diagnostic::Diagnostic;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Stable course id, used in storage keys and exported reports.
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub subtitle: String,
    #[serde(default)]
    pub defaults: Defaults,
    pub modules: Vec<ModuleEntry>,
    /// Hardware catalogue files, relative to the content folder.
    #[serde(default)]
    pub hardware: Vec<String>,
    #[serde(default)]
    pub embed: Embed,
    /// Scenario cards for the matching quiz (TOML), relative to the content folder.
    #[serde(default)]
    pub scenarios: Option<String>,
}

/// How an embedded quiz reports to the page around it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Embed {
    /// Origins (scheme, host and port, e.g. `https://lms.example.edu`) that an
    /// embedded quiz sends its result to with `postMessage`. Empty: it sends nothing.
    #[serde(default)]
    pub allowed_origins: Vec<String>,
}

/// A web origin as `postMessage` needs it: `https://host[:port]` (or plain
/// `http` for a local address), with no path and no wildcard.
pub fn is_origin(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once("://") else {
        return false;
    };
    let host = rest.split(':').next().unwrap_or_default();
    let local = host == "localhost" || host == "127.0.0.1";
    let scheme_ok = scheme == "https" || (scheme == "http" && local);
    let port_ok = rest
        .split_once(':')
        .is_none_or(|(_, port)| !port.is_empty() && port.chars().all(|c| c.is_ascii_digit()));
    scheme_ok
        && !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
        && port_ok
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defaults {
    /// Share of a checkpoint's points needed to pass, in (0, 1].
    #[serde(default = "default_pass_mark")]
    pub pass_mark: f64,
    /// Words per minute used for reading-time estimates.
    #[serde(default = "default_words_per_minute")]
    pub words_per_minute: u32,
    /// Allowed reading length of a module, in words (sources lists and code
    /// excluded), as `[min, max]`; absent means any length is accepted.
    #[serde(default)]
    pub module_words: Option<[usize; 2]>,
}

impl Default for Defaults {
    fn default() -> Self {
        Defaults {
            pass_mark: default_pass_mark(),
            words_per_minute: default_words_per_minute(),
            module_words: None,
        }
    }
}

fn default_pass_mark() -> f64 {
    0.8
}

fn default_words_per_minute() -> u32 {
    200
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleEntry {
    pub slug: String,
    /// The title in navigation; the module's own front matter title heads its page.
    pub title: String,
    /// Markdown file, relative to the content folder.
    pub file: String,
    /// The module's checkpoint quiz (TOML), relative to the content folder.
    pub quiz: Option<String>,
}

pub const MANIFEST_PATH: &str = "content/course.toml";

impl Manifest {
    /// Parses and checks the manifest. Problems in the listed modules are found later.
    pub fn parse(text: &str) -> Result<Manifest, Vec<Diagnostic>> {
        let manifest: Manifest = engine::toml_reader::from_str(text).map_err(|error| {
            vec![Diagnostic::new(
                MANIFEST_PATH,
                error.line(),
                error.message(),
            )]
        })?;
        let problems = manifest.problems(text);
        if problems.is_empty() {
            Ok(manifest)
        } else {
            Err(problems)
        }
    }

    fn problems(&self, text: &str) -> Vec<Diagnostic> {
        let mut problems = Vec::new();
        let line_of = |needle: &str| {
            text.lines()
                .position(|line| line.contains(needle))
                .map(|idx| idx + 1)
                .unwrap_or(1)
        };
        if self.modules.is_empty() {
            problems.push(Diagnostic::new(
                MANIFEST_PATH,
                1,
                "the course lists no modules; add [[modules]] entries",
            ));
        }
        if !(self.defaults.pass_mark > 0.0 && self.defaults.pass_mark <= 1.0) {
            problems.push(Diagnostic::new(
                MANIFEST_PATH,
                line_of("pass_mark"),
                "defaults.pass_mark must be in (0, 1], e.g. 0.8",
            ));
        }
        if self.defaults.words_per_minute == 0 {
            problems.push(Diagnostic::new(
                MANIFEST_PATH,
                line_of("words_per_minute"),
                "defaults.words_per_minute must be positive",
            ));
        }
        if let Some([min, max]) = self.defaults.module_words {
            if min == 0 || min > max {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line_of("module_words"),
                    "defaults.module_words must be [min, max] with 0 < min <= max, e.g. [1200, 3000]",
                ));
            }
        }
        for origin in &self.embed.allowed_origins {
            if !is_origin(origin) {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line_of(origin),
                    format!("embed origin `{origin}` must look like https://lms.example.edu (https, a host, an optional port, no path, no wildcard; http only for localhost)"),
                ));
            }
        }
        for file in &self.hardware {
            if !is_safe_path(file, ".toml") {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line_of(file),
                    format!("hardware file `{file}` must be a .toml file inside content/"),
                ));
            }
        }
        if let Some(file) = &self.scenarios {
            if !is_safe_path(file, ".toml") {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line_of(file),
                    format!("scenarios file `{file}` must be a .toml file inside content/"),
                ));
            }
        }
        for (idx, entry) in self.modules.iter().enumerate() {
            let line = line_of(&format!("\"{}\"", entry.slug));
            if !is_slug(&entry.slug) {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line,
                    format!(
                        "module slug `{}` must be lowercase letters, digits and hyphens",
                        entry.slug
                    ),
                ));
            }
            if self
                .modules
                .iter()
                .take(idx)
                .any(|earlier| earlier.slug == entry.slug)
            {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line,
                    format!("module slug `{}` is listed twice", entry.slug),
                ));
            }
            if entry.title.trim().is_empty() {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line,
                    format!("module `{}` needs a title", entry.slug),
                ));
            }
            if !is_safe_file(&entry.file) {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line_of(&entry.file),
                    format!(
                        "module file `{}` must be a .md file inside content/",
                        entry.file
                    ),
                ));
            }
            // Two modules on one file, or one quiz under two modules, would
            // share a page or a learner's quiz record.
            let earlier = self.modules.get(..idx).unwrap_or_default();
            if earlier.iter().any(|e| e.file == entry.file) {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    line,
                    format!(
                        "module `{}` uses the file `{}`, which an earlier module already uses",
                        entry.slug, entry.file
                    ),
                ));
            }
            if let Some(quiz) = &entry.quiz {
                if earlier.iter().any(|e| e.quiz.as_ref() == Some(quiz)) {
                    problems.push(Diagnostic::new(
                        MANIFEST_PATH,
                        line,
                        format!(
                            "module `{}` lists the quiz `{quiz}`, which an earlier module already lists; each module needs its own quiz file",
                            entry.slug
                        ),
                    ));
                }
            }
        }
        problems
    }

    pub fn position(&self, slug: &str) -> Option<usize> {
        self.modules.iter().position(|entry| entry.slug == slug)
    }
}

/// Lowercase ASCII letters, digits and single hyphens, e.g. `why-hardware`.
pub fn is_slug(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 64
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !text.starts_with('-')
        && !text.ends_with('-')
        && !text.contains("--")
}

/// A relative markdown path that cannot climb out of content/.
fn is_safe_file(path: &str) -> bool {
    is_safe_path(path, ".md")
}

/// A relative path with the given extension that cannot climb out of content/.
fn is_safe_path(path: &str, extension: &str) -> bool {
    path.ends_with(extension)
        && !path.starts_with('/')
        && !path.contains('\\')
        && path
            .split('/')
            .all(|part| !part.is_empty() && part != ".." && part != ".")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_good_manifest() {
        let text = "id = \"c\"\ntitle = \"T\"\n[[modules]]\nslug = \"a\"\ntitle = \"A\"\nfile = \"a.md\"\n";
        let manifest = Manifest::parse(text);
        assert!(manifest.is_ok(), "{manifest:?}");
    }

    #[test]
    fn reports_problems_with_lines() {
        let text = "id = \"c\"\ntitle = \"T\"\n[defaults]\npass_mark = 1.5\n[[modules]]\nslug = \"Bad Slug\"\ntitle = \"B\"\nfile = \"../x.md\"\n";
        let problems: Vec<String> = Manifest::parse(text)
            .err()
            .unwrap_or_default()
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            problems,
            [
                "content/course.toml:4: defaults.pass_mark must be in (0, 1], e.g. 0.8",
                "content/course.toml:6: module slug `Bad Slug` must be lowercase letters, digits and hyphens",
                "content/course.toml:8: module file `../x.md` must be a .md file inside content/",
            ]
        );
    }

    #[test]
    fn a_file_or_quiz_listed_under_two_modules_is_reported() {
        let text = "id = \"c\"\ntitle = \"T\"\n[[modules]]\nslug = \"a\"\ntitle = \"A\"\nfile = \"a.md\"\nquiz = \"quizzes/a.toml\"\n[[modules]]\nslug = \"b\"\ntitle = \"B\"\nfile = \"a.md\"\nquiz = \"quizzes/a.toml\"\n";
        let problems: Vec<String> = Manifest::parse(text)
            .err()
            .unwrap_or_default()
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            problems,
            [
                "content/course.toml:9: module `b` uses the file `a.md`, which an earlier module already uses",
                "content/course.toml:9: module `b` lists the quiz `quizzes/a.toml`, which an earlier module already lists; each module needs its own quiz file",
            ]
        );
    }

    #[test]
    fn unknown_keys_are_errors_with_their_line() {
        let text = "id = \"c\"\ntitle = \"T\"\ntitel = \"typo\"\n[[modules]]\nslug = \"a\"\ntitle = \"A\"\nfile = \"a.md\"\n";
        let problems = Manifest::parse(text).err().unwrap_or_default();
        assert_eq!(problems.first().map(|d| d.line), Some(3), "{problems:?}");
    }
}
