//! `lab check content`.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

pub fn content(dir: &Path) -> ExitCode {
    let read = |relative: &str| {
        std::fs::read_to_string(dir.join(relative)).map_err(|error| error.to_string())
    };
    let report = course::validate::check_course(&read);
    let mut stdout = std::io::stdout().lock();
    for diagnostic in &report.diagnostics {
        // A closed pipe (e.g. `| head`) is not worth a panic; stop printing instead.
        if writeln!(stdout, "{diagnostic}").is_err() {
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

/// `lab hardware`: the catalogue as JSON; problems go to stderr with exit 1.
pub fn hardware(dir: &Path) -> ExitCode {
    let read = |relative: &str| {
        std::fs::read_to_string(dir.join(relative)).map_err(|error| error.to_string())
    };
    let manifest = match read("course.toml").map_err(|e| vec![e]).and_then(|text| {
        course::Manifest::parse(&text)
            .map_err(|problems| problems.iter().map(ToString::to_string).collect())
    }) {
        Ok(manifest) => manifest,
        Err(problems) => {
            let _ = writeln!(std::io::stderr(), "lab: {}", problems.join("; "));
            return ExitCode::from(1);
        }
    };
    let files = manifest
        .hardware
        .iter()
        .map(|file| (file.clone(), read(file)))
        .collect();
    let (catalogue, problems) = course::validate::parse_catalogue(files);
    let mut stderr = std::io::stderr();
    for problem in &problems {
        let _ = writeln!(stderr, "{problem}");
    }
    let mut stdout = std::io::stdout().lock();
    let printed =
        serde_json::to_writer_pretty(&mut stdout, &catalogue).is_ok() && writeln!(stdout).is_ok();
    if problems.is_empty() && printed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Loads the hardware catalogue named by `DIR/course.toml`; any catalogue problem is an error.
pub fn load_catalogue(dir: &Path) -> Result<engine::hardware::Catalogue, String> {
    let read = |relative: &str| {
        std::fs::read_to_string(dir.join(relative)).map_err(|error| error.to_string())
    };
    let text = read("course.toml")
        .map_err(|error| format!("cannot read {}: {error}", dir.join("course.toml").display()))?;
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
    let (catalogue, problems) = course::validate::parse_catalogue(files);
    match problems.first() {
        Some(problem) => Err(format!(
            "the hardware catalogue has problems, first: {problem}"
        )),
        None => Ok(catalogue),
    }
}
