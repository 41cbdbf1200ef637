use super::*;
use crate::module::WidgetRef;

fn origin() -> Origin<'static> {
    Origin {
        path: "content/t.md",
        line_offset: 10,
        slug: "t",
        catalogue: None,
        tools: RenderTools::full(),
    }
}

fn html_of(rendered: &Rendered) -> String {
    rendered
        .blocks
        .iter()
        .filter_map(|block| match block {
            Block::Html(html) => Some(html.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn raw_html_is_escaped_and_reported() {
    let rendered = render(
        "Hello <script>alert(1)</script>\n\n<div onclick=\"x\">hi</div>\n",
        origin(),
    );
    let html = html_of(&rendered);
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<div onclick"), "{html}");
    assert!(html.contains("&lt;script&gt;"), "{html}");
    assert_eq!(rendered.diagnostics.first().map(|d| d.line), Some(11));
}

#[test]
fn headings_get_ids_and_a_table_of_contents() {
    let rendered = render(
        "## Why it matters\n\ntext\n\n### Why it matters\n",
        origin(),
    );
    let ids: Vec<&str> = rendered.toc.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["why-it-matters", "why-it-matters-2"]);
    assert!(html_of(&rendered).contains("<h2 id=\"why-it-matters\""));
    assert!(html_of(&rendered).contains("href=\"#/m/t/why-it-matters\""));
    // The anchor follows the last word with no space, so it cannot wrap alone.
    assert!(
        html_of(&rendered).contains("matters<a class=\"heading-anchor\""),
        "{}",
        html_of(&rendered)
    );
}

#[test]
fn links_follow_the_hash_router_and_bad_schemes_are_refused() {
    let rendered = render(
        "[a](/m/other) [b](#sec) [c](javascript:alert(1)) [d](https://arxiv.org)\n\n## Sec\n",
        origin(),
    );
    let html = html_of(&rendered);
    assert!(html.contains("href=\"#/m/other\""), "{html}");
    assert!(html.contains("href=\"#/m/t/sec\""), "{html}");
    assert!(!html.contains("javascript:"), "{html}");
    assert!(html.contains("href=\"https://arxiv.org\""), "{html}");
    assert_eq!(
        rendered.links.first().map(|l| l.target.as_str()),
        Some("/m/other")
    );
    assert_eq!(rendered.diagnostics.len(), 1, "{:?}", rendered.diagnostics);
}

#[test]
fn math_tables_footnotes_and_callouts() {
    let body = "Inline $C = 6ND$.\n\n$$T = \\frac{C}{R}$$\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\nSee[^src].\n\n[^src]: A paper.\n\n> [!WARNING]\n> Careful.\n";
    let rendered = render(body, origin());
    let html = html_of(&rendered);
    assert!(html.contains("<math"), "{html}");
    assert!(html.contains("display=\"block\""), "{html}");
    assert!(html.contains("<table>"), "{html}");
    assert!(!html.contains("style="), "{html}");
    assert!(html.contains("href=\"#/m/t/fn-src\""), "{html}");
    assert!(html.contains("id=\"fn-src\""), "{html}");
    assert!(html.contains("callout-warning"), "{html}");
    assert!(
        rendered.diagnostics.is_empty(),
        "{:?}",
        rendered.diagnostics
    );
}

#[test]
fn an_opening_bracket_stays_on_the_line_of_the_formula_after_it() {
    let body = "Time per token ($t = m / W$) but (at least $t$) and [$x$], then a (plain one.\n\n## Heading ($M$)\n\n($y$)\n";
    let rendered = render(body, origin());
    let html = html_of(&rendered);
    assert!(
        html.contains("Time per token <span class=\"nowrap\">(<math"),
        "{html}"
    );
    assert!(html.contains("and <span class=\"nowrap\">[<math"), "{html}");
    assert!(html.contains("then a (plain one."), "{html}");
    // A paragraph that opens with the bracket loses no text before it.
    assert!(html.contains("<p><span class=\"nowrap\">(<math"), "{html}");
    // Only a bracket right before the formula moves.
    assert!(html.contains("but (at least <math"), "{html}");
    // A heading keeps its text events, from which its section is named.
    assert!(html.contains("Link to section Heading ()"), "{html}");
    assert_eq!(html.matches("nowrap").count(), 3, "{html}");
}

#[test]
fn a_diagram_links_to_itself_full_size_unless_it_is_already_a_link() {
    let body =
        "![A chart](public/diagrams/a.svg)\n\n[![B chart](public/diagrams/b.svg)](/m/other)\n\n![C chart](https://example.org/c.svg)\n";
    let rendered = render(body, origin());
    let html = html_of(&rendered);
    assert!(
        html.contains("<a class=\"figure-link\" href=\"public/diagrams/a.svg\" target=\"_blank\" rel=\"noopener\"><img src=\"public/diagrams/a.svg\" alt=\"A chart\" /></a>"),
        "{html}"
    );
    assert_eq!(html.matches("figure-link").count(), 1, "{html}");
    assert_eq!(
        html.matches("<a ").count(),
        html.matches("</a>").count(),
        "{html}"
    );
    let images: Vec<&str> = rendered.images.iter().map(|i| i.target.as_str()).collect();
    assert_eq!(images, ["public/diagrams/a.svg", "public/diagrams/b.svg"]);
}

#[test]
fn adjacent_footnote_references_are_kept_apart() {
    let body = "Two sources.[^a][^b] One.[^a] Apart[^a] and[^b].\n\n[^a]: A.\n\n[^b]: B.\n";
    let html = html_of(&render(body, origin()));
    let sep = "<sup class=\"footnote-sep\" aria-hidden=\"true\">,</sup>";
    // Only the pair written side by side gets a separator.
    assert_eq!(html.matches(sep).count(), 1, "{html}");
    assert!(
        html.contains(&format!("1</a></sup>{sep}<sup class=\"footnote-ref\">")),
        "{html}"
    );
}

#[test]
fn widget_fences_become_blocks() {
    let body = "Before.\n\n```widget train-compute\ntitle = \"GPT-3\"\nparams = 175e9\naccelerators = 1024  # two pods\npredict = \"How long?\"\n```\n\n```widget train-compute\n```\n\nAfter.\n";
    let rendered = render(body, origin());
    let widgets: Vec<&WidgetRef> = rendered
        .blocks
        .iter()
        .filter_map(|b| {
            if let Block::Widget(w) = b {
                Some(w)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(widgets.len(), 2);
    let first = widgets.first().copied();
    assert_eq!(first.map(|w| w.instance.as_str()), Some("train-compute"));
    assert_eq!(first.and_then(|w| w.title.as_deref()), Some("GPT-3"));
    assert_eq!(
        first.map(|w| w.preset.clone()),
        // In the widget's own field order, not the order TOML yields, and
        // each number as the author wrote it, without its comment.
        Some(vec![
            ("params".to_string(), "175e9".to_string()),
            ("accelerators".to_string(), "1024".to_string())
        ])
    );
    assert_eq!(first.map(|w| w.line), Some(13));
    assert_eq!(
        widgets.get(1).map(|w| w.instance.as_str()),
        Some("train-compute-2")
    );
    assert!(matches!(rendered.blocks.first(), Some(Block::Html(_))));
    assert!(matches!(rendered.blocks.last(), Some(Block::Html(_))));
}

#[test]
fn bad_widget_fences_become_located_errors() {
    let cases = [
        ("```widget nope\n```\n", 11, "unknown widget `nope`"),
        (
            "```widget train-compute\nparams = \n```\n",
            12,
            "not valid TOML",
        ),
        (
            "```widget train-compute\nparms = 1\n```\n",
            12,
            "has no preset `parms`",
        ),
        (
            "```widget train-compute\nutilization = 2\n```\n",
            12,
            "utilization",
        ),
        ("```widget\n```\n", 11, "needs a name"),
    ];
    for (body, line, needle) in cases {
        let rendered = render(body, origin());
        let error = rendered.blocks.iter().find_map(|b| {
            if let Block::AuthoringError { line, message } = b {
                Some((*line, message.clone()))
            } else {
                None
            }
        });
        let (found_line, message) = error.unwrap_or_default();
        assert_eq!(found_line, line, "{body}: {message}");
        assert!(message.contains(needle), "{body}: {message}");
        assert_eq!(rendered.diagnostics.len(), 1, "{body}");
    }
}

#[test]
fn every_rejected_preset_value_is_reported_at_its_own_line() {
    let body = "```widget train-compute\nutilization = 2\naccelerators = -5\ntokens = 3e9\n```\n";
    let rendered = render(body, origin());
    let found: Vec<(usize, String)> = rendered
        .diagnostics
        .iter()
        .map(|d| (d.line, d.message.clone()))
        .collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found
            .iter()
            .any(|(line, m)| *line == 12 && m.contains("utilization")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|(line, m)| *line == 13 && m.contains("accelerators")),
        "{found:?}"
    );
}

#[test]
fn in_page_links_to_missing_headings_are_reported() {
    let rendered = render("[x](#nowhere)\n", origin());
    assert_eq!(
        rendered.diagnostics.first().map(|d| d.message.as_str()),
        Some("link to `#nowhere` matches no heading in this module")
    );
}

#[test]
fn counts_words_outside_code() {
    let rendered = render(
        "## Two words\n\none two three\n\n```\nnot counted here\n```\n",
        origin(),
    );
    assert_eq!(rendered.words, 5);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_text_renders_without_panic_and_never_emits_a_script_tag(body in ".{0,400}") {
            let rendered = render(&format!("{body}<script>x</script>"), origin());
            prop_assert!(!html_of(&rendered).to_lowercase().contains("<script"));
        }
    }
}

#[test]
fn task_lists_are_labelled_marks_not_dead_checkboxes() {
    let rendered = render(
        "- [ ] **Which number?** Dense or sparse.\n- [x] Done already.\n",
        origin(),
    );
    let html = html_of(&rendered);
    assert!(!html.contains("<input"), "{html}");
    assert!(
        html.contains("role=\"img\" aria-label=\"To check\">☐</span>"),
        "{html}"
    );
    assert!(html.contains("aria-label=\"Done\">☑</span>"), "{html}");
}

#[test]
fn the_sources_section_starts_a_block_of_its_own() {
    let rendered = render(
        "Reading.\n\n## Key takeaways\n\nOne.\n\n## Sources\n\n1. A paper.\n",
        origin(),
    );
    let at = rendered.sources_block.unwrap_or(usize::MAX);
    let starts = |block: Option<&Block>, text: &str| matches!(block, Some(Block::Html(html)) if html.trim_start().starts_with(text));
    assert!(
        starts(rendered.blocks.get(at), "<h2 id=\"sources\""),
        "{:?}",
        rendered.blocks
    );
    assert!(at > 0 && !html_of(&rendered).is_empty());
    let before: String = rendered.blocks[..at]
        .iter()
        .filter_map(|b| match b {
            Block::Html(html) => Some(html.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        before.contains("Key takeaways") && !before.contains("A paper"),
        "{before}"
    );
}

#[test]
fn a_module_without_sources_has_no_sources_block() {
    let rendered = render("Reading.\n\n## Sourcing parts\n\nText.\n", origin());
    assert_eq!(rendered.sources_block, None);
}

#[test]
fn an_answer_block_becomes_a_closed_disclosure() {
    let body = "**Try it.** How many?\n\n> [!ANSWER]\n> About *four*, since $2 \\times 2 = 4$.\n>\n> A second paragraph.\n\nAfter.\n";
    let rendered = render(body, origin());
    let html = html_of(&rendered);
    assert!(
        html.contains(
            "<details class=\"answer\"><summary>Answer</summary>\n<p>About <em>four</em>"
        ),
        "{html}"
    );
    assert!(
        html.contains("A second paragraph.</p>\n</details>"),
        "{html}"
    );
    assert!(!html.contains("[!ANSWER]"), "{html}");
    assert!(!html.contains("<blockquote"), "{html}");
    assert!(html.contains("<math"), "{html}");
    assert!(
        rendered.diagnostics.is_empty(),
        "{:?}",
        rendered.diagnostics
    );
}

#[test]
fn an_answer_marker_is_case_blind_and_its_text_may_follow_on_the_next_line() {
    let rendered = render("> [!answer]\n> Four.\n", origin());
    let html = html_of(&rendered);
    assert!(
        html.contains("<summary>Answer</summary>\n<p>Four.</p>\n</details>"),
        "{html}"
    );
}

#[test]
fn a_plain_quote_and_a_quote_inside_an_answer_stay_quotes() {
    let body =
        "> Just a quote.\n\n> [!ANSWER]\n> As they say:\n>\n> > A nested quote.\n>\n> Done.\n";
    let rendered = render(body, origin());
    let html = html_of(&rendered);
    assert_eq!(html.matches("<blockquote>").count(), 2, "{html}");
    assert_eq!(html.matches("</blockquote>").count(), 2, "{html}");
    assert_eq!(html.matches("<details").count(), 1, "{html}");
    assert!(html.contains("<p>Done.</p>\n</details>"), "{html}");
    assert!(
        rendered.diagnostics.is_empty(),
        "{:?}",
        rendered.diagnostics
    );
}
