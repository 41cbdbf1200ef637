//! `lab check content`.

use engine::hardware::Catalogue;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

pub fn content(dir: &Path) -> ExitCode {
    let read = |relative: &str| {
        std::fs::read_to_string(dir.join(relative)).map_err(|error| error.to_string())
    };
    let mut report = course::validate::check_course(&read);
    if let Some(manifest) = &report.manifest {
        report
            .diagnostics
            .extend(unlisted_hardware(dir, &manifest.hardware));
    }
    let mut stdout = std::io::stdout().lock();
    for diagnostic in &report.diagnostics {
        // A closed pipe (e.g. `| head`) is not worth a panic; stop printing instead.
        let line = format!(
            "{}:{}: {}",
            on_disk(dir, &diagnostic.path).display(),
            diagnostic.line,
            diagnostic.message
        );
        if writeln!(stdout, "{line}").is_err() {
            break;
        }
    }
    let modules = report.modules.len();
    let widgets: usize = report
        .modules
        .iter()
        .map(|module| module.widgets().count())
        .sum();
    let words: usize = report.modules.iter().map(|module| module.words).sum();
    let problems = report.diagnostics.len();
    let _ = writeln!(
        std::io::stderr(),
        "checked {modules} modules ({words} words, {widgets} widgets): {problems} problem{}",
        if problems == 1 { "" } else { "s" }
    );
    if problems == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Catalogue files in `hardware/` that course.toml does not list: the course
/// reads only listed files, so a part added in a new file would be missing
/// from every widget with nothing said. The browser cannot list a folder,
/// so only this check can notice.
fn unlisted_hardware(dir: &Path, listed: &[String]) -> Vec<course::Diagnostic> {
    let Ok(entries) = std::fs::read_dir(dir.join("hardware")) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| name.ends_with(".toml"))
        .filter(|name| {
            !listed
                .iter()
                .any(|file| *file == format!("hardware/{name}"))
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            course::Diagnostic::new(
                &format!("content/hardware/{name}"),
                1,
                format!(
                    "this file is not listed in course.toml's `hardware = [...]`, so no page reads it; add \"hardware/{name}\" to that list"
                ),
            )
        })
        .collect()
}

/// Where a diagnostic's file is on disk. Diagnostics name files as the
/// course sees them (`content/…`); an author checking a copy elsewhere must
/// be sent to the copy, so editors can open `path:line` directly.
fn on_disk(dir: &Path, path: &str) -> std::path::PathBuf {
    match path.strip_prefix("content/") {
        Some(inside) => dir.join(inside),
        None => std::path::PathBuf::from(path),
    }
}

/// `lab hardware`: the catalogue as JSON; problems go to stderr with exit 1.
pub fn hardware(dir: &Path) -> ExitCode {
    let (catalogue, problems) = match read_catalogue(dir) {
        Ok(read) => read,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "lab: {message}");
            return ExitCode::from(1);
        }
    };
    let mut stderr = std::io::stderr();
    for problem in &problems {
        let _ = writeln!(stderr, "{problem}");
    }
    let printed = crate::calculators::write_json(&catalogue);
    if problems.is_empty() && printed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Loads the hardware catalogue named by `DIR/course.toml`; any catalogue problem is an error.
pub fn load_catalogue(dir: &Path) -> Result<Catalogue, String> {
    let (catalogue, problems) = read_catalogue(&locate(dir))?;
    match problems.first() {
        Some(problem) => Err(format!(
            "the hardware catalogue has problems, first: {problem}"
        )),
        None => Ok(catalogue),
    }
}

/// A relative content folder as found from the working directory or, failing
/// that, from the nearest folder above it that has one, as git finds its
/// repository: a calculator run from `app/cli` or `tests/` still finds the
/// course's `content/`. An absolute or missing folder is returned as given,
/// so the error names what was asked for.
fn locate(dir: &Path) -> std::path::PathBuf {
    if dir.is_absolute() || dir.join("course.toml").is_file() {
        return dir.to_path_buf();
    }
    std::env::current_dir()
        .ok()
        .and_then(|cwd| {
            cwd.ancestors()
                .map(|ancestor| ancestor.join(dir))
                .find(|candidate| candidate.join("course.toml").is_file())
        })
        .unwrap_or_else(|| dir.to_path_buf())
}

/// Reads the hardware catalogue named by `DIR/course.toml`, with its problems.
fn read_catalogue(dir: &Path) -> Result<(Catalogue, Vec<course::Diagnostic>), String> {
    let read = |relative: &str| {
        std::fs::read_to_string(dir.join(relative)).map_err(|error| error.to_string())
    };
    let text = read("course.toml")
        .map_err(|error| {
            format!(
                "cannot read {}: {error} (run lab inside the course's folder, or name the content folder: `--content DIR` for a calculator, `lab check content DIR` for the checker)",
                dir.join("course.toml").display()
            )
        })?;
    let manifest = course::Manifest::parse(&text).map_err(|problems| {
        problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let files = manifest
        .hardware
        .iter()
        .map(|file| (file.clone(), read(file)))
        .collect();
    Ok(course::validate::parse_catalogue(files))
}

/// `lab quizzes`: per quiz, its module, question counts by type, and the
/// positions of correct options (1-based), plus the course-wide distribution,
/// so an instructor can see whether the right answer is always "B".
pub fn quizzes(dir: &Path) -> ExitCode {
    let read = |relative: &str| {
        std::fs::read_to_string(dir.join(relative)).map_err(|error| error.to_string())
    };
    let report = course::validate::check_course(&read);
    let mut course_positions: std::collections::BTreeMap<usize, usize> =
        std::collections::BTreeMap::new();
    let quizzes: Vec<serde_json::Value> = report
        .modules
        .iter()
        .filter_map(|module| module.quiz.as_ref().map(|quiz| (module, quiz)))
        .map(|(module, quiz)| {
            let mut by_type: std::collections::BTreeMap<String, usize> =
                std::collections::BTreeMap::new();
            let mut positions: std::collections::BTreeMap<usize, usize> =
                std::collections::BTreeMap::new();
            for question in &quiz.questions {
                let kind = serde_json::to_value(question.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                *by_type.entry(kind).or_default() += 1;
                for (idx, option) in question.options.iter().enumerate() {
                    if option.correct {
                        *positions.entry(idx + 1).or_default() += 1;
                        *course_positions.entry(idx + 1).or_default() += 1;
                    }
                }
            }
            let parameterized = by_type.get("parameterized").copied().unwrap_or(0);
            serde_json::json!({
                "id": quiz.id,
                "module": module.front.slug,
                "checkpoint": quiz.checkpoint,
                "questions": quiz.questions.len(),
                "by_type": by_type,
                "parameterized": parameterized,
                "correct_option_positions": positions,
            })
        })
        .collect();
    let spread = course::spread::correct_option_spread(&report.modules);
    let summary = serde_json::json!({ "quizzes": quizzes, "correct_option_positions": course_positions, "correct_option_spread": spread, "problems": report.diagnostics.len() });
    if crate::calculators::write_json(&summary) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
