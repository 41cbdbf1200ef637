//! A file that course.toml names but that cannot be read is reported at the
//! manifest line that names it, where the author fixes the name.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use course::validate::check_course;
use std::path::PathBuf;

fn content_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

/// The real course with one file missing: its problems, as `path:line: message`.
fn without(missing: &str) -> Vec<String> {
    let root = content_root();
    let read = |relative: &str| {
        if relative == missing {
            Err("No such file or directory".to_string())
        } else {
            std::fs::read_to_string(root.join(relative)).map_err(|error| error.to_string())
        }
    };
    check_course(&read)
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .filter(|line| line.contains("cannot read"))
        .collect()
}

/// The line of course.toml that names `file` in quotes.
fn naming_line(file: &str) -> usize {
    let manifest = std::fs::read_to_string(content_root().join("course.toml")).unwrap();
    manifest
        .lines()
        .position(|line| line.contains(&format!("\"{file}\"")))
        .unwrap()
        + 1
}

#[test]
fn a_missing_module_quiz_or_catalogue_file_is_reported_where_the_manifest_names_it() {
    for file in [
        "03-compute-or-memory.md",
        "quizzes/compute-or-memory.toml",
        "hardware/gpus.toml",
        "scenarios.toml",
    ] {
        let found = without(file);
        let expected = format!("content/course.toml:{}:", naming_line(file));
        assert_eq!(found.len(), 1, "{file}: {found:?}");
        assert!(found[0].starts_with(&expected), "{file}: {found:?}");
        assert!(found[0].contains(file), "{file}: {found:?}");
    }
}

/// Problems other than the catalogue's read top to bottom, file by file,
/// with an unreadable file sorted at the manifest line where it is shown.
#[test]
fn problems_are_listed_in_file_and_line_order() {
    let root = content_root();
    let read = |relative: &str| {
        if relative == "quizzes/compute-or-memory.toml" {
            return Err("No such file or directory".to_string());
        }
        let text =
            std::fs::read_to_string(root.join(relative)).map_err(|error| error.to_string())?;
        // Two problems late in a module, and one early, found in that order.
        Ok(if relative == "05-clusters.md" {
            format!("{text}\n# A heading one level too high\n")
        } else if relative == "02-accelerators.md" {
            text.replacen("\n\n", "\n\n```widget nosuchwidget\n```\n\n", 1)
        } else {
            text
        })
    };
    let report = check_course(&read);
    let places: Vec<(String, usize)> = report
        .diagnostics
        .iter()
        .map(|d| (d.path.clone(), d.line))
        .collect();
    assert!(places.len() >= 3, "{places:?}");
    let mut sorted = places.clone();
    sorted.sort();
    assert_eq!(places, sorted);
}
