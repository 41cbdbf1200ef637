//! A problem with a catalogue quote is reported on the line an author wrote it,
//! even after longer quotes earlier in the module were spliced in as links.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use course::markdown::RenderTools;

const CATALOGUE: &str = r#"
[[accelerator]]
id = "p"
name = "Pod part"
class = "tpu"
vendor = "V"
[accelerator.memory]
bandwidth_gb_s = 1200.0
[accelerator.interconnect]
domain_size = 12
[[accelerator.sources]]
title = "A datasheet with a long title, so the spliced link is much longer than its placeholder"
url = "https://example.com/a/long/path/to/the/datasheet"
checked = "2026-12-04"
covers = ["memory", "interconnect"]
"#;

#[test]
fn quote_problems_point_at_the_line_written() {
    let catalogue = engine::hardware::Catalogue {
        accelerators: engine::hardware::parse_file(CATALOGUE).unwrap(),
    };
    let mut text = String::from(
        "+++\ntitle = \"T\"\nslug = \"t\"\nsummary = \"S\"\nobjectives = [\"O\"]\nminutes = 5\n+++\n\n# T\n\n",
    );
    // Lines 11 to 30 each quote the catalogue twice; every link is longer
    // than its placeholder, which moved the old line count forward.
    for _ in 0..20 {
        text.push_str(
            "Bandwidth {{hw:p.memory.bandwidth_gb_s}} and {{hw:p.memory.bandwidth_gb_s}}.\n",
        );
    }
    text.push_str("\nUp to {{hw:p.interconnect.domain_size}} chips in one box.\n");
    text.push_str("\nA {{hw:nope.memory.bandwidth_gb_s}} part.\n");
    let module = course::module::parse_module_with(
        "content/t.md",
        &text,
        Some(&catalogue),
        RenderTools::full(),
    )
    .unwrap();
    let lines: Vec<(usize, bool)> = module
        .diagnostics
        .iter()
        .map(|d| (d.line, d.message.contains("repeats its unit")))
        .collect();
    assert!(lines.contains(&(32, true)), "{:?}", module.diagnostics);
    assert!(lines.contains(&(34, false)), "{:?}", module.diagnostics);
}
