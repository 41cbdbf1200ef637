//! `lab check` reads every picture a module shows: it must exist under
//! `public/`, and an SVG drawn in `currentColor` must set its own colour for
//! the dark theme, because inside `<img>` `currentColor` is always black.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use course::validate::{check_course, svg_dark_problem};
use std::path::PathBuf;

const GANG: &str = "../public/diagrams/clusters-gang-scheduling.svg";

fn content_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

/// Reads the real course, with `swap` replacing one file's text.
fn course_with(swap: Option<(&str, Option<String>)>) -> Vec<String> {
    let root = content_root();
    let read = |relative: &str| match &swap {
        Some((path, text)) if *path == relative => {
            text.clone().ok_or_else(|| "not found".to_string())
        }
        _ => std::fs::read_to_string(root.join(relative)).map_err(|error| error.to_string()),
    };
    check_course(&read)
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .filter(|line| line.contains("image `"))
        .collect()
}

#[test]
fn every_picture_of_the_course_exists_and_shows_on_the_dark_theme() {
    assert_eq!(course_with(None), Vec::<String>::new());
}

#[test]
fn an_svg_without_a_dark_rule_is_reported_at_its_line() {
    let svg = std::fs::read_to_string(content_root().join(GANG)).unwrap();
    let without = svg.replace("prefers-color-scheme: dark", "min-width: 1px");
    let problems = course_with(Some((GANG, Some(without))));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("content/05-clusters.md:"),
        "{}",
        problems[0]
    );
    assert!(
        problems[0].contains("black on the dark theme"),
        "{}",
        problems[0]
    );
}

#[test]
fn a_missing_picture_is_reported() {
    let problems = course_with(Some((GANG, None)));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("cannot be read"), "{}", problems[0]);
}

#[test]
fn the_dark_rule_matters_only_for_currentcolor() {
    assert!(svg_dark_problem("<svg><rect fill=\"#123\"/></svg>").is_none());
    assert!(svg_dark_problem("<svg><rect fill=\"currentColor\"/></svg>").is_some());
    assert!(svg_dark_problem(
        "<svg><style>@media (prefers-color-scheme: dark) { :root { color: #eee; } }</style><rect fill=\"currentColor\"/></svg>"
    )
    .is_none());
}

#[test]
fn a_content_folder_away_from_its_pictures_gets_one_line_not_one_per_picture() {
    let root = content_root();
    let read = |relative: &str| {
        if relative.starts_with("../public/") {
            Err("No such file or directory".to_string())
        } else {
            std::fs::read_to_string(root.join(relative)).map_err(|error| error.to_string())
        }
    };
    let problems: Vec<String> = check_course(&read)
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("is public/ beside the content folder?"),
        "{problems:?}"
    );
}
