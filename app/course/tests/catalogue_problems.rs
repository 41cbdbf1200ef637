//! A slip in the hardware catalogue is reported first and once: a file that
//! does not parse stops the check before the modules are read, and a part
//! left out for a bad row is named as such wherever the course quotes it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use course::validate::check_course;
use std::path::PathBuf;

const GPUS: &str = "hardware/gpus.toml";

fn content_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

/// Every problem in the real course, with the GPU file's text changed by `edit`.
fn problems_with(edit: impl Fn(String) -> String) -> Vec<String> {
    let root = content_root();
    let read = |relative: &str| {
        let text =
            std::fs::read_to_string(root.join(relative)).map_err(|error| error.to_string())?;
        Ok(if relative == GPUS { edit(text) } else { text })
    };
    check_course(&read)
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The line of the first `needle` in the GPU file.
fn line_of(needle: &str) -> usize {
    let text = std::fs::read_to_string(content_root().join(GPUS)).unwrap();
    text.lines().position(|line| line.contains(needle)).unwrap() + 1
}

#[test]
fn a_file_that_does_not_parse_is_the_only_problem_shown() {
    let problems = problems_with(|text| {
        text.replacen(
            "name = \"NVIDIA H100 SXM",
            "name = \"NVIDIA H100 SXM\"\"",
            1,
        )
    });
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].starts_with("content/hardware/gpus.toml:"),
        "{problems:?}"
    );
    assert!(
        problems[1]
            .contains("were not checked, because content/hardware/gpus.toml could not be read"),
        "{problems:?}"
    );
}

#[test]
fn a_part_left_out_is_named_with_the_problem_that_left_it_out() {
    let problems = problems_with(|text| text.replacen("tdp_w = 700.0", "tdp_w = -700.0", 1));
    let cause = line_of("tdp_w = 700.0");
    assert!(
        problems[0].starts_with(&format!(
            "content/hardware/gpus.toml:{cause}: h100-sxm-80gb: tdp_w"
        )),
        "{problems:?}"
    );
    let quotes: Vec<&String> = problems.iter().skip(1).collect();
    assert!(!quotes.is_empty());
    for quote in quotes {
        assert!(
            quote.ends_with(&format!(
                "(its row was left out because of the problem at content/hardware/gpus.toml:{cause})"
            )),
            "{quote}"
        );
    }
    // A module's length is not judged while notes stand in for its numbers.
    assert!(
        !problems
            .iter()
            .any(|p| p.contains("words; course.toml asks")),
        "{problems:?}"
    );
}

#[test]
fn a_second_row_with_an_id_is_reported_at_its_own_line() {
    let text = std::fs::read_to_string(content_root().join(GPUS)).unwrap();
    let first_row = text.split("[[accelerator]]").nth(1).unwrap().to_string();
    let original = line_of(first_row.lines().nth(1).unwrap());
    let total = text.lines().count();
    let problems = problems_with(|text| format!("{text}\n[[accelerator]]{first_row}"));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with(&format!(
            "content/hardware/gpus.toml:{}: accelerator id",
            total + 3
        )),
        "{problems:?}"
    );
    assert!(
        problems[0].ends_with(&format!(
            "this row is left out, and the one at content/hardware/gpus.toml:{original} is kept"
        )),
        "{problems:?}"
    );
}
