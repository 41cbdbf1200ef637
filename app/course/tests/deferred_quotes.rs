//! The first module a learner opens is shown before the catalogue is parsed,
//! with its quotes pending, and the page fills them in place. For every module
//! of the course, filling must give exactly the page a module parsed with the
//! catalogue has, or a learner would see a different page on a later visit.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use course::manifest::Manifest;
use course::markdown::RenderTools;
use course::module::Block;
use std::path::PathBuf;

fn content(path: &str) -> String {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../content")
        .join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|error| panic!("{}: {error}", file.display()))
}

/// Replaces each `span.hw-pending` the way `quotes.rs` does in the page.
fn fill(html: &str, catalogue: &engine::hardware::Catalogue) -> String {
    const OPEN: &str = "<span class=\"hw-pending\" data-hw=\"";
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        let after = &rest[start + OPEN.len()..];
        let quote_end = after.find('"').expect("data-hw is closed");
        let reference = &after[..quote_end];
        let close = after.find("</span>").expect("the pending span is closed");
        out.push_str(&course::placeholder::quote_html(reference, catalogue));
        rest = &after[close + "</span>".len()..];
    }
    out.push_str(rest);
    out
}

#[test]
fn filled_pages_equal_pages_parsed_with_the_catalogue() {
    let manifest = Manifest::parse(&content("course.toml")).expect("the manifest parses");
    let files = manifest
        .hardware
        .iter()
        .map(|file| (file.clone(), Ok(content(file))))
        .collect();
    let (catalogue, problems) = course::validate::parse_catalogue(files);
    assert!(problems.is_empty(), "{problems:?}");
    let mut quoted = 0;
    for entry in &manifest.modules {
        let text = content(&entry.file);
        let parse = |catalogue, tools| {
            course::validate::parse_entry_with(entry, Ok(text.clone()), catalogue, tools)
                .expect("the module parses")
        };
        let resolved = parse(Some(&catalogue), RenderTools::READING_SHELL);
        let pending = parse(None, RenderTools::FIRST_PAINT);
        assert_eq!(resolved.quotes_pending, 0);
        assert_eq!(pending.diagnostics, resolved.diagnostics, "{}", entry.file);
        quoted += pending.quotes_pending;
        let filled: Vec<Block> = pending
            .blocks
            .iter()
            .map(|block| match block {
                Block::Html(html) => Block::Html(fill(html, &catalogue)),
                other => other.clone(),
            })
            .collect();
        assert_eq!(filled, resolved.blocks, "{}", entry.file);
        if pending.quotes_pending > 0 {
            assert!(pending.resolves_to(&resolved), "{}", entry.file);
        }
    }
    assert!(
        quoted >= 50,
        "the course quotes the catalogue {quoted} times"
    );
}

#[test]
fn a_module_with_other_changes_is_rendered_again() {
    let manifest = Manifest::parse(&content("course.toml")).expect("the manifest parses");
    let entry = manifest
        .modules
        .iter()
        .find(|entry| content(&entry.file).contains("{{hw:"))
        .expect("a module quotes the catalogue");
    let text = content(&entry.file);
    let pending =
        course::validate::parse_entry_with(entry, Ok(text.clone()), None, RenderTools::FIRST_PAINT)
            .expect("the module parses");
    let edited = text.replacen("\n## ", "\n## An edited heading\n\n## ", 1);
    let other =
        course::validate::parse_entry_with(entry, Ok(edited), None, RenderTools::READING_SHELL)
            .expect("the edited module parses");
    assert!(!pending.resolves_to(&other));
    assert!(
        !pending.resolves_to(&pending),
        "a pending module never resolves to itself"
    );
}
