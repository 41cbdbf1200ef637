//! Whole-course validation: the manifest, every module, and every link between them.
//! The CLI runs it over the files on disk; the web shell fetches module by module
//! and runs the same per-module checks (`parse_entry`, `attach_quiz`,
//! `parse_catalogue`), so an author sees the same messages in both places.

use crate::diagnostic::Diagnostic;
use crate::manifest::{Manifest, ModuleEntry, MANIFEST_PATH};
use crate::module::{Block, Module};
use crate::route::Route;
use crate::scenarios::{self, ScenarioBank};
use engine::hardware::Catalogue;

/// Everything loaded from content/, with every problem found.
#[derive(Debug, Clone, Default)]
pub struct CourseReport {
    pub manifest: Option<Manifest>,
    pub modules: Vec<Module>,
    pub diagnostics: Vec<Diagnostic>,
    pub catalogue: engine::hardware::Catalogue,
    /// The matching quiz's scenario cards, when the manifest lists them.
    pub scenarios: Option<ScenarioBank>,
}

/// Loads and checks the course. `read` takes a path relative to the content
/// folder (e.g. `course.toml`) and returns the file's text.
pub fn check_course(read: &dyn Fn(&str) -> Result<String, String>) -> CourseReport {
    let manifest = match parse_manifest(read("course.toml")) {
        Ok(manifest) => manifest,
        Err(diagnostics) => {
            return CourseReport {
                diagnostics,
                ..CourseReport::default()
            }
        }
    };
    let texts = manifest
        .modules
        .iter()
        .map(|entry| read(&entry.file))
        .collect();
    let hardware = manifest
        .hardware
        .iter()
        .map(|file| (file.clone(), read(file)))
        .collect();
    let quizzes: Vec<Option<Result<String, String>>> = manifest
        .modules
        .iter()
        .map(|entry| entry.quiz.as_ref().map(|file| read(file)))
        .collect();
    let scenario_text = manifest
        .scenarios
        .as_ref()
        .map(|file| (file.clone(), read(file)));
    let (catalogue, problems) = parse_catalogue(hardware);
    let mut report = assemble(manifest, texts, &catalogue);
    attach_quizzes(&mut report, quizzes);
    let spread = crate::spread::correct_option_spread(&report.modules);
    report.diagnostics.extend(crate::spread::spread_problems(
        crate::manifest::MANIFEST_PATH,
        &spread,
    ));
    report.diagnostics.extend(problems);
    if let Some((file, text)) = scenario_text {
        let (bank, found) = parse_scenarios(&file, text, &catalogue);
        report.scenarios = bank;
        report.diagnostics.extend(found);
    }
    report
        .diagnostics
        .extend(image_problems(&report.modules, read));
    report.catalogue = catalogue;
    report
}

/// Every picture a module shows must exist in `public/`, beside `content/`.
/// An SVG is shown through `<img>`, where `currentColor` is always black, so
/// one drawn in `currentColor` must set its own colour for dark mode or it
/// vanishes on the dark theme.
fn image_problems(
    modules: &[Module],
    read: &dyn Fn(&str) -> Result<String, String>,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for module in modules {
        for image in &module.images {
            let message = match read(&format!("../{}", image.target)) {
                Err(error) => Some(format!("image `{}` cannot be read: {error}", image.target)),
                Ok(svg) if image.target.ends_with(".svg") => svg_dark_problem(&svg)
                    .map(|problem| format!("image `{}` {problem}", image.target)),
                Ok(_) => None,
            };
            if let Some(message) = message {
                problems.push(Diagnostic::new(&module.path, image.line, message));
            }
        }
    }
    problems
}

/// Why an SVG would not show on the dark theme, if it would not.
pub fn svg_dark_problem(svg: &str) -> Option<&'static str> {
    (svg.contains("currentColor") && !svg.contains("prefers-color-scheme: dark")).then_some(
        "draws in currentColor but has no `@media (prefers-color-scheme: dark)` rule setting `:root { color: ... }`, so it is black on the dark theme",
    )
}

/// Parses the scenario cards (path relative to content/), validating every
/// workload against the catalogue with the matcher's own validation, and
/// checks that every class the matcher ranks level with a card's answer has
/// the author's reason.
pub fn parse_scenarios(
    file: &str,
    text: Result<String, String>,
    catalogue: &Catalogue,
) -> (Option<ScenarioBank>, Vec<Diagnostic>) {
    let path = format!("content/{file}");
    match text {
        Ok(text) => {
            let (bank, mut problems) = scenarios::parse(&path, &text, Some(catalogue));
            if let Some(bank) = &bank {
                problems.extend(scenarios::check_rivals(&path, &text, bank, catalogue));
            }
            (bank, problems)
        }
        Err(error) => (
            None,
            vec![Diagnostic::new(
                MANIFEST_PATH,
                1,
                format!("cannot read scenarios file {path}: {error}"),
            )],
        ),
    }
}

fn parse_manifest(text: Result<String, String>) -> Result<Manifest, Vec<Diagnostic>> {
    let text = text.map_err(|error| {
        let message = format!("cannot read the course manifest: {error}");
        vec![Diagnostic::new(MANIFEST_PATH, 1, message)]
    })?;
    Manifest::parse(&text)
}

/// Parses the hardware catalogue files (path relative to content/, text) into
/// one catalogue; an id listed twice, in one file or two, is a problem.
pub fn parse_catalogue(
    files: Vec<(String, Result<String, String>)>,
) -> (Catalogue, Vec<Diagnostic>) {
    let mut catalogue = Catalogue::default();
    let mut problems = Vec::new();
    for (file, text) in files {
        let path = format!("content/{file}");
        let text = match text {
            Ok(text) => text,
            Err(error) => {
                problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    1,
                    format!("cannot read hardware file {path}: {error}"),
                ));
                continue;
            }
        };
        // Rows that read and pass the checks stay in; each bad row is reported
        // and left out, so one slip never empties the file.
        let (accelerators, found) = engine::hardware::parse_rows(&text);
        problems.extend(
            found
                .into_iter()
                .map(|p| Diagnostic::new(&path, p.line, p.message)),
        );
        for accelerator in accelerators {
            if catalogue.find(&accelerator.id).is_some() {
                let line = text
                    .lines()
                    .position(|l| l.contains(&format!("\"{}\"", accelerator.id)))
                    .map_or(1, |i| i + 1);
                problems.push(Diagnostic::new(
                    &path,
                    line,
                    format!("accelerator id `{}` is listed twice", accelerator.id),
                ));
            } else {
                catalogue.accelerators.push(accelerator);
            }
        }
    }
    (catalogue, problems)
}

/// Attaches each module's quiz (in manifest order) and reports quiz problems.
fn attach_quizzes(report: &mut CourseReport, quizzes: Vec<Option<Result<String, String>>>) {
    let Some(manifest) = report.manifest.clone() else {
        return;
    };
    for (entry, text) in manifest.modules.iter().zip(quizzes) {
        let Some(text) = text else {
            continue;
        };
        if let Some(module) = report
            .modules
            .iter_mut()
            .find(|m| m.front.slug == entry.slug)
        {
            let problems = attach_quiz(entry, module, text);
            report.diagnostics.extend(problems);
        }
    }
    for module in &report.modules {
        // A quiz the manifest lists but that failed to read or parse has
        // already been reported with its own file and line; saying the
        // manifest lists none would send the author to the wrong file.
        let listed = manifest
            .modules
            .iter()
            .any(|entry| entry.slug == module.front.slug && entry.quiz.is_some());
        if listed {
            continue;
        }
        for block in &module.blocks {
            if let (Block::Quiz { id, line }, None) = (block, &module.quiz) {
                let message = format!(
                    "quiz fence names `{id}`, but course.toml lists no quiz for this module"
                );
                report
                    .diagnostics
                    .push(Diagnostic::new(&module.path, *line, message));
            }
        }
    }
}

/// Parses a module's quiz file and attaches it; checks the `quiz` fence names it.
pub fn attach_quiz(
    entry: &ModuleEntry,
    module: &mut Module,
    text: Result<String, String>,
) -> Vec<Diagnostic> {
    let Some(file) = &entry.quiz else {
        return Vec::new();
    };
    let path = format!("content/{file}");
    let mut problems = Vec::new();
    match text
        .map_err(|error| vec![(1, format!("cannot read {path}: {error}"))])
        .and_then(|t| engine::quiz::parse(&t))
    {
        Ok(quiz) => {
            for block in &module.blocks {
                if let Block::Quiz { id, line } = block {
                    if *id != quiz.id {
                        problems.push(Diagnostic::new(
                            &module.path,
                            *line,
                            format!(
                                "quiz fence names `{id}`, but this module's quiz is `{}`",
                                quiz.id
                            ),
                        ));
                    }
                }
            }
            module.quiz = Some(quiz);
        }
        Err(found) => problems.extend(
            found
                .into_iter()
                .map(|(line, message)| Diagnostic::new(&path, line, message)),
        ),
    }
    problems
}

/// Parses one module fetched for a manifest entry; a slug mismatch is a problem too.
pub fn parse_entry(
    entry: &ModuleEntry,
    text: Result<String, String>,
    catalogue: Option<&Catalogue>,
) -> Result<Module, Vec<Diagnostic>> {
    parse_entry_with(entry, text, catalogue, crate::markdown::RenderTools::full())
}

/// `parse_entry` with the rendering tools chosen by the caller; the browser's
/// reading shell passes `RenderTools::READING_SHELL` (see `markdown::RenderTools`).
pub fn parse_entry_with(
    entry: &ModuleEntry,
    text: Result<String, String>,
    catalogue: Option<&Catalogue>,
    tools: crate::markdown::RenderTools,
) -> Result<Module, Vec<Diagnostic>> {
    let path = format!("content/{}", entry.file);
    let text = text.map_err(|error| {
        let message = format!("module `{}`: cannot read {path}: {error}", entry.slug);
        vec![Diagnostic::new(MANIFEST_PATH, 1, message)]
    })?;
    let mut module = crate::module::parse_module_with(&path, &text, catalogue, tools)?;
    if module.front.slug != entry.slug {
        let message = format!(
            "front matter slug `{}` differs from `{}` in course.toml",
            module.front.slug, entry.slug
        );
        module
            .diagnostics
            .insert(0, Diagnostic::new(&path, 2, message));
    }
    Ok(module)
}

/// Parses every module text (in manifest order) and checks links across them.
fn assemble(
    manifest: Manifest,
    texts: Vec<Result<String, String>>,
    catalogue: &Catalogue,
) -> CourseReport {
    let mut report = CourseReport::default();
    for (entry, text) in manifest.modules.iter().zip(texts) {
        if let Ok(source) = &text {
            let path = format!("content/{}", entry.file);
            let marks = crate::footnote_marks::problems(&path, source);
            report.diagnostics.extend(marks);
            let order = crate::footnote_order::problems(&path, source);
            report.diagnostics.extend(order);
        }
        match parse_entry(entry, text, Some(catalogue)) {
            Ok(module) => report.modules.push(module),
            Err(problems) => report.diagnostics.extend(problems),
        }
    }
    let link_problems = check_links(&report.modules);
    if let Some(range) = manifest.defaults.module_words {
        report
            .diagnostics
            .extend(length_problems(&report.modules, range));
    }
    for module in &report.modules {
        report
            .diagnostics
            .extend(module.diagnostics.iter().cloned());
    }
    report.diagnostics.extend(link_problems);
    report.manifest = Some(manifest);
    report
}

/// A module must be long enough to teach its objectives and short enough to
/// read in one sitting; the range comes from course.toml.
fn length_problems(modules: &[Module], [min, max]: [usize; 2]) -> Vec<Diagnostic> {
    modules
        .iter()
        .filter(|module| module.words < min || module.words > max)
        .map(|module| {
            Diagnostic::new(
                &module.path,
                1,
                format!(
                    "the module reads {} words; course.toml asks for {min} to {max} (code and the Sources list are not counted)",
                    module.words
                ),
            )
        })
        .collect()
}

/// Every internal link must name a route that exists.
fn check_links(modules: &[Module]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for module in modules {
        for link in &module.links {
            let path_only = link.target.split(['?', '#']).next().unwrap_or_default();
            let problem = match Route::parse(path_only) {
                Route::Home | Route::Glossary | Route::Progress => None,
                Route::Module { slug, section } => match modules.iter().find(|m| m.front.slug == slug) {
                    None => Some(format!("link `{}` names no module; known: {}", link.target, slugs(modules))),
                    Some(target) => section
                        .filter(|id| !target.toc.iter().any(|heading| &heading.id == id))
                        .map(|id| format!("link `{}`: module `{slug}` has no section `{id}`", link.target)),
                },
                Route::Lab { widget } | Route::Embed { id: widget, .. } => engine::widgets::find(&widget)
                    .is_none()
                    .then(|| format!("link `{}` names no widget", link.target)),
                Route::NotFound { .. } => Some(format!("link `{}` is not a course route (/, /m/SLUG, /lab/WIDGET, /glossary, /progress)", link.target)),
            };
            if let Some(message) = problem {
                problems.push(Diagnostic::new(&module.path, link.line, message));
            }
        }
    }
    problems
}

fn slugs(modules: &[Module]) -> String {
    modules
        .iter()
        .map(|m| m.front.slug.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
