use crate::hardware::{parse_file, Precision};

const GOOD: &str = r#"
[[accelerator]]
id = "h100-sxm-80gb"
name = "NVIDIA H100 SXM 80GB"
class = "gpu"
vendor = "NVIDIA"
year = 2022
tdp_w = 700.0

[accelerator.peak_tflops]
fp32 = 67.0
bf16 = 989.0
fp8 = 1979.0

[accelerator.sparse_tflops]
bf16 = 1979.0

[accelerator.memory]
capacity_gb = 80.0
bandwidth_gb_s = 3350.0

[[accelerator.sources]]
title = "NVIDIA H100 Tensor Core GPU datasheet"
url = "https://www.nvidia.com/en-us/data-center/h100/"
checked = "2026-12-02"
covers = ["peak_tflops", "sparse_tflops", "memory", "tdp_w", "year"]
"#;

fn problems(text: &str) -> Vec<(usize, String)> {
    match parse_file(text) {
        Ok(_) => Vec::new(),
        Err(problems) => problems.into_iter().map(|p| (p.line, p.message)).collect(),
    }
}

/// NVIDIA H100 datasheet: 989 TFLOP/s dense BF16 over 3.35 TB/s gives a ridge
/// point of about 295 FLOP/byte (Williams et al. 2009, the roofline model).
#[test]
fn golden_h100_ridge_point_from_the_datasheet() {
    let parsed = parse_file(GOOD).unwrap();
    let ridge = parsed[0].ridge_point(Precision::Bf16).unwrap();
    assert!((ridge - 295.2).abs() < 0.1, "{ridge}");
}

#[test]
fn a_good_entry_has_no_problems() {
    assert_eq!(problems(GOOD), Vec::<(usize, String)>::new());
}

#[test]
fn a_number_without_a_source_is_rejected_at_its_line() {
    let text = GOOD.replace(
        r#"covers = ["peak_tflops", "sparse_tflops", "memory", "tdp_w", "year"]"#,
        r#"covers = ["peak_tflops", "sparse_tflops", "tdp_w", "year"]"#,
    );
    let found = problems(&text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].0, 19);
    assert!(
        found[0].1.contains("memory.capacity_gb = 80 has no source"),
        "{found:?}"
    );
}

#[test]
fn units_that_do_not_add_up_are_rejected() {
    // Bandwidth typed in Gb/s-like thousands: the ridge point becomes absurd.
    let text = GOOD.replace("bandwidth_gb_s = 3350.0", "bandwidth_gb_s = 0.335");
    assert!(problems(&text)
        .iter()
        .any(|(_, m)| m.contains("check the units")));
    // A sparse figure recorded as dense: fp8 below bf16.
    let text = GOOD.replace("fp8 = 1979.0", "fp8 = 500.0");
    assert!(problems(&text)
        .iter()
        .any(|(_, m)| m.contains("is one a sparse figure")));
    // Sparse below dense.
    let text = GOOD.replace(
        "[accelerator.sparse_tflops]\nbf16 = 1979.0",
        "[accelerator.sparse_tflops]\nbf16 = 900.0",
    );
    assert!(problems(&text)
        .iter()
        .any(|(_, m)| m.contains("are they swapped")));
}

#[test]
fn bad_sources_and_keys_are_rejected() {
    let text = GOOD
        .replace("https://www.nvidia.com", "http://www.nvidia.com")
        .replace("2026-12-02", "Dec 2026");
    let found = problems(&text);
    assert!(
        found.iter().any(|(_, m)| m.contains("https://")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|(_, m)| m.contains("checked must be a date")),
        "{found:?}"
    );
    let typo = GOOD.replace("capacity_gb = 80.0", "capacity_gib = 80.0");
    assert!(
        problems(&typo)
            .iter()
            .any(|(_, m)| m.contains("unknown field")),
        "{:?}",
        problems(&typo)
    );
    let negative = GOOD.replace("tdp_w = 700.0", "tdp_w = -700.0");
    assert!(problems(&negative)
        .iter()
        .any(|(_, m)| m.contains("must be a positive number")));
    // Dates that do not exist, addresses with no host or with spaces, and
    // blank names are what an instructor's typo produces.
    for date in ["2026-13-45", "2026-02-30", "2025-02-29"] {
        let text = GOOD.replace("2026-12-02", date);
        assert!(
            problems(&text)
                .iter()
                .any(|(_, m)| m.contains("checked must be a date")),
            "{date}"
        );
    }
    assert!(problems(&GOOD.replace("2026-12-02", "2024-02-29")).is_empty());
    for url in ["https://", "https://www.nvidia .com/h100"] {
        let text = GOOD.replace("https://www.nvidia.com/en-us/data-center/h100/", url);
        assert!(
            problems(&text)
                .iter()
                .any(|(_, m)| m.contains("with a host and no spaces")),
            "{url}"
        );
    }
    let blank = GOOD.replace("vendor = \"NVIDIA\"", "vendor = \"\"");
    assert!(problems(&blank)
        .iter()
        .any(|(_, m)| m.contains("vendor is empty")));
    let untitled = GOOD.replace(
        "title = \"NVIDIA H100 Tensor Core GPU datasheet\"",
        "title = \" \"",
    );
    assert!(problems(&untitled)
        .iter()
        .any(|(_, m)| m.contains("needs a title")));
}

/// A menu on a 360 px phone shows about 26 characters, so a long name needs a
/// short one, and the short one must fit with room for a suffix.
#[test]
fn long_names_need_a_short_name_that_fits() {
    let long = GOOD.replace(
        "name = \"NVIDIA H100 SXM 80GB\"",
        "name = \"NVIDIA H100 SXM5 80 GB\"",
    );
    let found = problems(&long);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 4);
    assert!(found[0].1.contains("add a short_name"), "{found:?}");
    let fixed = long.replace(
        "name = \"NVIDIA H100 SXM5 80 GB\"",
        "name = \"NVIDIA H100 SXM5 80 GB\"\nshort_name = \"NVIDIA H100 SXM\"",
    );
    assert_eq!(problems(&fixed), Vec::<(usize, String)>::new());
    let too_long = fixed.replace(
        "short_name = \"NVIDIA H100 SXM\"",
        "short_name = \"NVIDIA H100 SXM5 80 GB\"",
    );
    let found = problems(&too_long);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 5);
    assert!(
        found[0]
            .1
            .contains("short_name must have 1 to 20 characters"),
        "{found:?}"
    );
}

/// One bad row is reported and left out; the rows around it still load, so
/// an instructor's slip never empties the file (and every page quoting it).
#[test]
fn a_bad_row_is_reported_and_the_good_rows_stay() {
    let missing_field = GOOD.replace("[[accelerator]]", "[[accelerator]]\nshort_name_typo = 1");
    let text = format!("{GOOD}\n{missing_field}");
    let (kept, problems) = crate::hardware::parse_rows(&text);
    assert_eq!(kept.len(), 1, "{problems:?}");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].line > GOOD.lines().count(), "{problems:?}");

    let unsourced = GOOD
        .replace("id = \"", "id = \"other-")
        .replace(", \"tdp_w\"", "");
    let (kept, problems) = crate::hardware::parse_rows(&format!("{GOOD}\n{unsourced}"));
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].id, "h100-sxm-80gb");
    assert!(
        problems.iter().any(|p| p.message.contains("tdp_w")),
        "{problems:?}"
    );
    assert!(crate::hardware::parse_file(&format!("{GOOD}\n{missing_field}")).is_err());
}

/// A problem with a sparse figure points at the sparse line, not at the
/// dense figure of the same precision written earlier in the row.
#[test]
fn a_sparse_figure_is_reported_at_its_own_line() {
    let text = GOOD.replace(
        r#"covers = ["peak_tflops", "sparse_tflops", "memory", "tdp_w", "year"]"#,
        r#"covers = ["peak_tflops", "memory", "tdp_w", "year"]"#,
    );
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 16, "{found:?}");
    assert!(found[0].1.contains("sparse_tflops.bf16"), "{found:?}");
}

/// Each problem names the row it leaves out, and a second row with the same
/// id is located at its own lines, so the course can say why a part is missing.
#[test]
fn problems_name_the_row_they_leave_out() {
    let second = GOOD.replace("tdp_w = 700.0", "tdp_w = -1.0");
    let text = format!("{GOOD}{second}");
    let (kept, problems) = crate::hardware::parse_rows(&text);
    assert_eq!(kept.len(), 1);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].id.as_deref(), Some("h100-sxm-80gb"));
    assert_eq!(problems[0].line, GOOD.lines().count() + 8, "{problems:?}");

    let typed = GOOD.replace("tdp_w = 700.0", "tdp_w = \"700\"");
    let (_, problems) = crate::hardware::parse_rows(&typed);
    assert_eq!(problems[0].id.as_deref(), Some("h100-sxm-80gb"));
    assert_eq!(
        problems[0].message,
        "h100-sxm-80gb: expected a number, found the text \"700\" (remove the quotes)"
    );

    let (_, problems) = crate::hardware::parse_rows("[[accelerator]\nid = \"x\"\n");
    assert_eq!(
        problems[0].id, None,
        "a syntax error leaves out the whole file"
    );
}

#[test]
fn a_capacity_in_bytes_is_rejected() {
    let found = problems(&GOOD.replace("capacity_gb = 80.0", "capacity_gb = 80e9"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0]
            .1
            .contains("write gigabytes (80 for 80 GB), not bytes"),
        "{found:?}"
    );
}

#[test]
fn a_sparse_figure_equal_to_the_dense_one_is_questioned_at_its_line() {
    let text = GOOD.replace(
        "[accelerator.sparse_tflops]\nbf16 = 1979.0",
        "[accelerator.sparse_tflops]\nbf16 = 989.0",
    );
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 16);
    assert!(
        found[0].1.contains("sparse bf16 equals dense (989)"),
        "{found:?}"
    );
}

#[test]
fn a_power_below_one_watt_is_taken_for_kilowatts() {
    let found = problems(&GOOD.replace("tdp_w = 700.0", "tdp_w = 0.7"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 8);
    assert!(found[0].1.contains("tdp_w = 0.7 is below 1 W"), "{found:?}");
    assert_eq!(
        problems(&GOOD.replace("tdp_w = 700.0", "tdp_w = 2.0")),
        Vec::<(usize, String)>::new()
    );
}
