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
    let manifest_text = read("course.toml");
    let mut report = check_with_manifest(read, manifest_text.clone());
    if let Ok(text) = &manifest_text {
        at_naming_lines(&mut report.diagnostics, text);
    }
    report
}

/// A file the manifest names but that cannot be read is reported at the
/// manifest line that names it, where the fix is, rather than at line 1 of
/// the manifest or of a file that does not exist.
fn at_naming_lines(diagnostics: &mut [Diagnostic], manifest: &str) {
    for diagnostic in diagnostics {
        let Some((_, rest)) = diagnostic
            .message
            .split_once("cannot read ")
            .and_then(|(_, after)| after.split_once("content/"))
        else {
            continue;
        };
        let file = rest.split(':').next().unwrap_or_default();
        let named = format!("\"{file}\"");
        if let Some(index) = manifest.lines().position(|line| line.contains(&named)) {
            diagnostic.path = MANIFEST_PATH.to_string();
            diagnostic.line = index + 1;
        }
    }
}

fn check_with_manifest(
    read: &dyn Fn(&str) -> Result<String, String>,
    manifest_text: Result<String, String>,
) -> CourseReport {
    let manifest_source = manifest_text.as_ref().ok().cloned().unwrap_or_default();
    let manifest = match parse_manifest(manifest_text) {
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
    let read_hardware = read_catalogue(hardware);
    if !read_hardware.unreadable.is_empty() {
        // Every module, quiz and card leans on the catalogue; checked against
        // a file that did not parse, they would bury its one real error
        // under a page of parts "missing" only because of it.
        let mut diagnostics = read_hardware.problems;
        diagnostics.push(Diagnostic::new(
            MANIFEST_PATH,
            1,
            format!(
                "modules, quizzes and scenario cards were not checked, because {} could not be read; fix the problem above and check again",
                read_hardware.unreadable.join(" and ")
            ),
        ));
        return CourseReport {
            manifest: Some(manifest),
            diagnostics,
            ..CourseReport::default()
        };
    }
    let catalogue = read_hardware.catalogue.clone();
    let mut report = assemble(manifest, texts, &catalogue);
    attach_quizzes(&mut report, quizzes);
    let spread = crate::spread::correct_option_spread(&report.modules);
    report.diagnostics.extend(crate::spread::spread_problems(
        crate::manifest::MANIFEST_PATH,
        &spread,
    ));
    if let Some((file, text)) = scenario_text {
        let (bank, found) = parse_scenarios(&file, text, &catalogue);
        report.scenarios = bank;
        report.diagnostics.extend(found);
    }
    report
        .diagnostics
        .extend(image_problems(&report.modules, read));
    // The catalogue's own problems come first: the rest may follow from them,
    // and each such message says which problem left its part out.
    let follow_on: Vec<Diagnostic> = std::mem::take(&mut report.diagnostics)
        .into_iter()
        .map(|diagnostic| explain_left_out(diagnostic, &read_hardware))
        .collect();
    // A module quoting a part that was left out is counted with a note in
    // place of each number, so its length says nothing until the row is back.
    let miscounted: Vec<String> = follow_on
        .iter()
        .filter(|diagnostic| diagnostic.message.contains(LEFT_OUT))
        .map(|diagnostic| diagnostic.path.clone())
        .collect();
    let mut follow_on: Vec<Diagnostic> = follow_on
        .into_iter()
        .filter(|diagnostic| {
            !(diagnostic.message.starts_with(LENGTH_PROBLEM)
                && miscounted.contains(&diagnostic.path))
        })
        .collect();
    // Read top to bottom, file by file, as a compiler's errors are; the sort
    // is stable, so problems on one line keep the order they were found in.
    // An unreadable file is first moved to the manifest line naming it, so
    // it sorts where it is shown.
    at_naming_lines(&mut follow_on, &manifest_source);
    follow_on.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
    report.diagnostics = read_hardware.problems.clone();
    report.diagnostics.extend(follow_on);
    report.catalogue = catalogue;
    report
}

/// How a message about a missing part says that its row was left out.
const LEFT_OUT: &str = "its row was left out because of the problem at";

/// How a module's length problem begins (see `length_problems`).
const LENGTH_PROBLEM: &str = "the module reads ";

/// Adds to a message about a missing part where the problem that left the
/// part out of the catalogue is.
fn explain_left_out(mut diagnostic: Diagnostic, read: &CatalogueRead) -> Diagnostic {
    let cause = read.left_out.iter().find(|(id, _)| {
        diagnostic.message.contains(&format!("`{id}`"))
            || diagnostic
                .message
                .contains(&format!("\u{201c}{id}\u{201d}"))
    });
    if let Some((_, place)) = cause {
        if diagnostic.message.contains("catalogue") {
            let message = diagnostic.message.trim_end_matches('.');
            diagnostic.message = format!("{message} ({LEFT_OUT} {place})");
        }
    }
    diagnostic
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
    let (mut pictures, mut unread) = (0usize, 0usize);
    for module in modules {
        for image in &module.images {
            pictures += 1;
            let message = match read(&format!("../{}", image.target)) {
                Err(error) => {
                    unread += 1;
                    Some(format!(
                        "image `{}` cannot be read (pictures live in public/, the folder beside content/): {error}",
                        image.target
                    ))
                }
                Ok(svg) if image.target.ends_with(".svg") => svg_dark_problem(&svg)
                    .map(|problem| format!("image `{}` {problem}", image.target)),
                Ok(_) => None,
            };
            if let Some(message) = message {
                problems.push(Diagnostic::new(&module.path, image.line, message));
            }
        }
    }
    // A content folder checked away from its public/ (a copy, say) loses
    // every picture at once; one line says so instead of one per picture,
    // which would bury the problems in the text itself.
    if pictures > 1 && unread == pictures {
        return vec![Diagnostic::new(
            MANIFEST_PATH,
            1,
            format!("none of the {pictures} pictures the modules show could be read: is public/ beside the content folder? Pictures are checked only there"),
        )];
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
    let read = read_catalogue(files);
    (read.catalogue, read.problems)
}

/// The catalogue as read, with its problems and what they left out, so a
/// check can say why a part a module quotes is missing instead of only that
/// it is.
#[derive(Debug, Clone, Default)]
pub struct CatalogueRead {
    pub catalogue: Catalogue,
    pub problems: Vec<Diagnostic>,
    /// Each row left out, by id, with the place of the problem that left it out.
    pub left_out: Vec<(String, String)>,
    /// Files that could not be read or parsed at all (paths under content/).
    pub unreadable: Vec<String>,
}

impl CatalogueRead {
    /// Where the problem that left the part out is, as `path:line`.
    pub fn why_left_out(&self, id: &str) -> Option<&str> {
        self.left_out
            .iter()
            .find(|(left, _)| left == id)
            .map(|(_, place)| place.as_str())
    }
}

/// Reads the catalogue files row by row: good rows stay in, and every bad
/// row or file is reported and remembered as left out.
pub fn read_catalogue(files: Vec<(String, Result<String, String>)>) -> CatalogueRead {
    let mut read = CatalogueRead::default();
    // Where each kept id is written, for the message about a second row.
    let mut kept_at: Vec<(String, String)> = Vec::new();
    for (file, text) in files {
        let path = format!("content/{file}");
        let text = match text {
            Ok(text) => text,
            Err(error) => {
                read.problems.push(Diagnostic::new(
                    MANIFEST_PATH,
                    1,
                    format!("cannot read hardware file {path}: {error}"),
                ));
                read.unreadable.push(path);
                continue;
            }
        };
        // Rows that read and pass the checks stay in; each bad row is reported
        // and left out, so one slip never empties the file.
        let (accelerators, found) = engine::hardware::parse_rows(&text);
        let whole_file = accelerators.is_empty() && found.iter().any(|p| p.id.is_none());
        if whole_file {
            read.unreadable.push(path.clone());
            // Every part the file names is out, for the same reason.
            if let Some(problem) = found.first() {
                let place = format!("{path}:{}", problem.line);
                for id in ids_written(&text) {
                    read.left_out.push((id, place.clone()));
                }
            }
        }
        for problem in &found {
            if let Some(id) = &problem.id {
                if read.why_left_out(id).is_none() {
                    read.left_out
                        .push((id.clone(), format!("{path}:{}", problem.line)));
                }
            }
        }
        read.problems.extend(
            found
                .into_iter()
                .map(|p| Diagnostic::new(&path, p.line, p.message)),
        );
        let mut seen: Vec<String> = Vec::new();
        for accelerator in accelerators {
            // The n-th row with this id in this file is at its n-th `id` line.
            let nth = seen.iter().filter(|id| **id == accelerator.id).count();
            seen.push(accelerator.id.clone());
            let line = id_lines(&text, &accelerator.id).nth(nth).unwrap_or(1);
            let place = format!("{path}:{line}");
            if let Some((_, first)) = kept_at.iter().find(|(id, _)| *id == accelerator.id) {
                read.problems.push(Diagnostic::new(
                    &path,
                    line,
                    format!(
                        "accelerator id `{}` is listed twice; this row is left out, and the one at {first} is kept",
                        accelerator.id
                    ),
                ));
            } else {
                kept_at.push((accelerator.id.clone(), place));
                read.catalogue.accelerators.push(accelerator);
            }
        }
    }
    read
}

/// The one-based lines of `id = "ID"` in a catalogue file.
fn id_lines<'a>(text: &'a str, id: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.lines()
        .enumerate()
        .filter(move |(_, line)| written_id(line) == Some(id))
        .map(|(index, _)| index + 1)
}

/// The ids a file writes, found by text, for a file too broken to parse.
fn ids_written(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(written_id)
        .map(str::to_string)
        .collect()
}

/// The id an `id = "..."` line writes, read as text.
fn written_id(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("id")?.trim_start();
    let value = rest.strip_prefix('=')?.trim();
    Some(value.trim_matches('"')).filter(|id| !id.is_empty())
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
    // Quiz ids name a learner's records and an embedded quiz's report to
    // the LMS, so two quiz files may not share one.
    let mut seen: Vec<(String, String)> = Vec::new();
    for module in &report.modules {
        let Some(quiz) = &module.quiz else {
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(id, _)| *id == quiz.id) {
            let message = format!(
                "quiz id `{}` is already the id of module `{first}`'s quiz; give each quiz its own id",
                quiz.id
            );
            let file = manifest
                .modules
                .iter()
                .find(|e| e.slug == module.front.slug)
                .and_then(|e| e.quiz.clone())
                .unwrap_or_default();
            report
                .diagnostics
                .push(Diagnostic::new(&format!("content/{file}"), 1, message));
        } else {
            seen.push((quiz.id.clone(), module.front.slug.clone()));
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
            let markup = crate::markup_lint::problems(&path, source);
            report.diagnostics.extend(markup);
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
                    "{LENGTH_PROBLEM}{} words; course.toml asks for {min} to {max} (code and the Sources list are not counted)",
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
