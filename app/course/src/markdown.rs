//! Markdown to blocks. pulldown-cmark parses; this module rewrites the event
//! stream so that raw HTML becomes text, math becomes MathML, links follow the
//! hash router, callouts, answers and footnotes get accessible markup, and widget fences
//! become typed blocks. The HTML it emits is therefore built only from escaped
//! text and tags chosen here.

use crate::diagnostic::{Diagnostic, LineIndex};
use crate::escape;
use crate::math;
use crate::module::{Block, Heading, InternalLink};
use answer::Step;
use pulldown_cmark::{
    html, BlockQuoteKind, CodeBlockKind, CowStr, Event, HeadingLevel, LinkType, Options, Parser,
    Tag, TagEnd,
};
use std::collections::HashMap;
use widget_fence::{is_directive, parse_widget};

mod answer;
mod widget_fence;

const FOOTNOTE_REF_OPEN: &str = "<sup class=\"footnote-ref\">";
const FOOTNOTE_SEPARATOR: &str = "<sup class=\"footnote-sep\" aria-hidden=\"true\">,</sup>";

/// What the renderer produces from one module body.
#[derive(Debug, Default)]
pub struct Rendered {
    pub blocks: Vec<Block>,
    pub toc: Vec<Heading>,
    /// Plain text per section, for the search index: (heading id, heading, text).
    pub sections: Vec<Section>,
    /// Words a learner reads: code and the `## Sources` list are not counted.
    pub words: usize,
    pub links: Vec<InternalLink>,
    /// Pictures the site serves itself (`public/...`), for the file checks.
    pub images: Vec<InternalLink>,
    pub diagnostics: Vec<Diagnostic>,
    /// The block where the `## Sources` section starts, so a page can put the
    /// checkpoint quiz before the reference list rather than after it.
    pub sources_block: Option<usize>,
}

/// One section's plain text; the text before the first heading has an empty id.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Section {
    pub id: String,
    pub heading: String,
    pub text: String,
}

/// Where a body sits in its file, so diagnostics name the right line.
#[derive(Debug, Clone, Copy)]
pub struct Origin<'a> {
    pub path: &'a str,
    /// Lines before the body (the front matter), added to every line number.
    pub line_offset: usize,
    /// The module's slug, used to build in-page links for the hash router.
    pub slug: &'a str,
    /// The hardware catalogue, for checking widget presets that name accelerators.
    pub catalogue: Option<&'a engine::hardware::Catalogue>,
    /// Preset checking and math rendering, or the reading shell's lighter set.
    pub tools: RenderTools,
}

/// Preset values of widget `slug` → one message per problem.
pub type PresetCheck =
    fn(&str, &[(String, String)], Option<&engine::hardware::Catalogue>) -> Vec<String>;

/// TeX (and whether it is display math) → MathML, or why it cannot be rendered.
pub type MathRender = fn(&str, bool) -> Result<String, String>;

/// The module text as written, the catalogue, and the quote problems found so
/// far → the same problems with the checks on the words around each quote.
pub type QuoteCheck = fn(
    &str,
    &engine::hardware::Catalogue,
    Vec<crate::placeholder::Unresolved>,
) -> Vec<crate::placeholder::Unresolved>;

/// The heavy parts of rendering and checking, passed as functions so that a
/// build which never names them does not link them. `lab check` and the islands
/// use `RenderTools::full()`. The browser's reading shell uses
/// `RenderTools::READING_SHELL`: it does not check preset values (an island
/// shows a bad preset beside its field) and writes each formula as a pending
/// TeX element that the islands module typesets, which keeps the widgets'
/// validation code, the TeX converter and the check on the words around
/// catalogue quotes out of the first download.
///
/// `FIRST_PAINT` also defers catalogue quotes (see `placeholder::defer`), so the
/// first module a learner opens shows before the catalogue is parsed.
#[derive(Debug, Clone, Copy)]
pub struct RenderTools {
    pub preset_check: Option<PresetCheck>,
    pub math: Option<MathRender>,
    pub quote_check: Option<QuoteCheck>,
    pub defer_quotes: bool,
}

impl RenderTools {
    pub const READING_SHELL: RenderTools = RenderTools {
        preset_check: None,
        math: None,
        quote_check: None,
        defer_quotes: false,
    };

    pub const FIRST_PAINT: RenderTools = RenderTools {
        defer_quotes: true,
        ..RenderTools::READING_SHELL
    };

    pub fn full() -> RenderTools {
        RenderTools {
            preset_check: Some(engine::widgets::preset_problems),
            math: Some(math::to_mathml),
            quote_check: Some(crate::placeholder::with_repeated_units),
            defer_quotes: false,
        }
    }
}

pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_MATH
        | Options::ENABLE_GFM
}

/// Renders a short markdown snippet (a quiz prompt or explanation) to safe HTML.
/// Directives and headings have no place there, so only the prose is kept.
pub fn render_snippet(markdown: &str, slug: &str) -> String {
    let origin = Origin {
        path: "quiz",
        line_offset: 0,
        slug,
        catalogue: None,
        tools: RenderTools::full(),
    };
    render(markdown, origin)
        .blocks
        .into_iter()
        .filter_map(|block| match block {
            Block::Html(html) => Some(html),
            _ => None,
        })
        .collect()
}

pub fn render(body: &str, origin: Origin<'_>) -> Rendered {
    Renderer::new(body, origin).run()
}

struct Renderer<'a> {
    body: &'a str,
    origin: Origin<'a>,
    lines: LineIndex,
    out: Rendered,
    pending: Vec<Event<'a>>,
    heading: Option<(HeadingLevel, Vec<Event<'a>>, usize)>,
    fence: Option<(String, String, usize)>,
    heading_ids: HashMap<String, usize>,
    footnotes: HashMap<String, usize>,
    anchors: Vec<(String, usize)>,
    widget_counts: HashMap<String, usize>,
    in_code: bool,
    /// Inside the module's `## Sources` list, which is reference, not reading.
    in_sources: bool,
    /// Inside a catalogue quote that waits for the catalogue (`RenderTools::FIRST_PAINT`).
    in_pending_quote: bool,
    /// Links open around this point; an image inside one keeps that link.
    open_links: usize,
    /// For each open link, whether it is a bare address written as `<https://…>`,
    /// which closes with its own markup.
    bare_links: Vec<bool>,
    /// Images wrapped in a full-size link, still to be closed.
    wrapped_images: usize,
    /// Tables and callouts so far, by label: landmarks on one page need
    /// distinct names, so the second "Table" region is "Table 2".
    landmark_counts: HashMap<&'static str, usize>,
}

impl<'a> Renderer<'a> {
    /// The accessible name of the next landmark labelled `label`: the label
    /// itself the first time, then "label 2", "label 3", ….
    fn landmark_name(&mut self, label: &'static str) -> String {
        let count = self.landmark_counts.entry(label).or_insert(0);
        *count = count.saturating_add(1);
        if *count == 1 {
            label.to_string()
        } else {
            format!("{label} {count}")
        }
    }

    fn new(body: &'a str, origin: Origin<'a>) -> Self {
        Renderer {
            body,
            origin,
            lines: LineIndex::new(body),
            out: Rendered::default(),
            pending: Vec::new(),
            heading: None,
            fence: None,
            heading_ids: HashMap::new(),
            footnotes: HashMap::new(),
            anchors: Vec::new(),
            widget_counts: HashMap::new(),
            in_code: false,
            in_sources: false,
            in_pending_quote: false,
            open_links: 0,
            bare_links: Vec::new(),
            wrapped_images: 0,
            landmark_counts: HashMap::new(),
        }
    }

    fn line(&self, offset: usize) -> usize {
        self.lines.line_of(offset) + self.origin.line_offset
    }

    fn diagnose(&mut self, offset: usize, message: impl Into<String>) {
        let line = self.line(offset);
        self.out
            .diagnostics
            .push(Diagnostic::new(self.origin.path, line, message));
    }

    fn run(mut self) -> Rendered {
        let events = Parser::new_ext(self.body, options())
            .into_offset_iter()
            .collect();
        answer::walk(events, |step| {
            match step {
                Step::Event(event, offset) => self.event(event, offset),
                // A closed disclosure: the learner decides, then opens it. Print
                // shows it open (style.css), since paper cannot be clicked.
                Step::OpenAnswer => self.emit(Event::Html(
                    "<details class=\"answer\"><summary>Answer</summary>\n".into(),
                )),
                Step::CloseAnswer => self.emit(Event::Html("</details>\n".into())),
            }
        });
        self.flush();
        self.check_anchors();
        self.out
    }

    /// Whether the last event written was a footnote reference, with no
    /// text between it and what comes next.
    fn follows_footnote_ref(&self) -> bool {
        let last = match &self.heading {
            Some((_, inner, _)) => inner.last(),
            None => self.pending.last(),
        };
        matches!(last, Some(Event::InlineHtml(html)) if html.starts_with(FOOTNOTE_REF_OPEN))
    }

    /// Takes an opening bracket off the end of the text just written, so it
    /// can be kept on one line with the inline formula that follows it.
    /// Not in a heading, whose section name is read from its text events.
    fn take_opening_bracket(&mut self) -> Option<char> {
        if self.heading.is_some() {
            return None;
        }
        let events = &mut self.pending;
        let Some(Event::Text(text)) = events.last() else {
            return None;
        };
        let bracket = text.chars().last().filter(|c| matches!(c, '(' | '['))?;
        let kept = text.strip_suffix(bracket).unwrap_or_default().to_string();
        events.pop();
        if !kept.is_empty() {
            events.push(Event::Text(kept.into()));
        }
        Some(bracket)
    }

    fn emit(&mut self, event: Event<'a>) {
        match &mut self.heading {
            Some((_, inner, _)) => inner.push(event),
            None => self.pending.push(event),
        }
    }

    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let mut text = String::new();
        html::push_html(&mut text, self.pending.drain(..));
        self.out.blocks.push(Block::Html(text));
    }

    fn event(&mut self, event: Event<'a>, offset: usize) {
        if let Some((_, body, _)) = &mut self.fence {
            match event {
                Event::Text(text) => body.push_str(&text),
                Event::End(TagEnd::CodeBlock) => self.finish_fence(),
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if is_directive(&info) => {
                self.fence = Some((info.to_string(), String::new(), offset));
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                self.in_code = true;
                self.emit(Event::Start(Tag::CodeBlock(kind)));
            }
            Event::End(TagEnd::CodeBlock) => {
                self.in_code = false;
                self.emit(Event::End(TagEnd::CodeBlock));
            }
            Event::Start(Tag::Heading { level, .. }) => {
                self.heading = Some((level, Vec::new(), offset))
            }
            Event::End(TagEnd::Heading(_)) => self.finish_heading(),
            Event::Html(raw) | Event::InlineHtml(raw) => {
                self.diagnose(
                    offset,
                    format!(
                        "raw HTML is not allowed and is shown as text: `{}`",
                        raw.trim()
                    ),
                );
                self.emit(Event::Text(raw));
            }
            Event::Start(Tag::HtmlBlock) => self.emit(Event::Start(Tag::Paragraph)),
            Event::End(TagEnd::HtmlBlock) => self.emit(Event::End(TagEnd::Paragraph)),
            Event::InlineMath(tex) => self.math(&tex, false, offset),
            Event::DisplayMath(tex) => self.math(&tex, true, offset),
            Event::Start(Tag::BlockQuote(Some(kind))) => {
                let (class, icon, label) = callout_kind(kind);
                let name = self.landmark_name(label);
                self.emit(Event::Html(format!("<aside class=\"callout callout-{class}\" aria-label=\"{name}\"><p class=\"callout-title\"><span aria-hidden=\"true\">{icon}</span> {label}</p>\n").into()))
            }
            Event::End(TagEnd::BlockQuote(Some(_))) => self.emit(Event::Html("</aside>\n".into())),
            Event::Start(Tag::Table(alignments)) => {
                // pulldown-cmark writes alignment as inline `style` attributes, which the
                // page's CSP (style-src 'self') refuses; tables stay left-aligned instead.
                let alignments = vec![pulldown_cmark::Alignment::None; alignments.len()];
                let name = self.landmark_name("Table");
                self.emit(Event::Html(format!("<div class=\"table-scroll\" role=\"region\" aria-label=\"{name}\" tabindex=\"0\">").into()));
                self.emit(Event::Start(Tag::Table(alignments)));
            }
            Event::End(TagEnd::Table) => {
                self.emit(Event::End(TagEnd::Table));
                self.emit(Event::Html("</div>\n".into()));
            }
            Event::FootnoteReference(name) => {
                // Side by side, "4" and "7" would read as footnote 47; a comma
                // between them keeps them apart (screen readers hear each
                // link's own label, so the comma is hidden from them).
                if self.follows_footnote_ref() {
                    self.emit(Event::InlineHtml(FOOTNOTE_SEPARATOR.into()));
                }
                let number = self.footnote_number(&name);
                let id = escape::slugify(&name);
                let html = format!(
                    "{FOOTNOTE_REF_OPEN}<a href=\"#/m/{}/fn-{id}\" aria-label=\"Footnote {number}\">{number}</a></sup>",
                    self.origin.slug
                );
                self.emit(Event::InlineHtml(html.into()));
            }
            Event::Start(Tag::FootnoteDefinition(name)) => {
                let number = self.footnote_number(&name);
                let html = format!("<div class=\"footnote\" id=\"fn-{}\"><span class=\"footnote-label\">{number}.</span>", escape::slugify(&name));
                self.emit(Event::Html(html.into()));
            }
            Event::End(TagEnd::FootnoteDefinition) => self.emit(Event::Html("</div>\n".into())),
            // A task list in a module is a checklist to read, not a form: a disabled,
            // unlabelled checkbox would be announced as a control nobody can use.
            Event::TaskListMarker(checked) => {
                let (mark, label) = if checked {
                    ("☑", "Done")
                } else {
                    ("☐", "To check")
                };
                let html = format!("<span class=\"task-marker\" role=\"img\" aria-label=\"{label}\">{mark}</span> ");
                self.emit(Event::InlineHtml(html.into()));
            }
            Event::Start(Tag::Link { dest_url, .. })
                if self.origin.tools.defer_quotes
                    && dest_url.starts_with(crate::placeholder::PENDING_SCHEME) =>
            {
                let reference = dest_url
                    .strip_prefix(crate::placeholder::PENDING_SCHEME)
                    .unwrap_or_default();
                self.in_pending_quote = true;
                let html = format!(
                    "<span class=\"hw-pending\" data-hw=\"{}\">",
                    escape::html(reference)
                );
                self.emit(Event::InlineHtml(html.into()));
            }
            Event::End(TagEnd::Link) if self.in_pending_quote => {
                self.in_pending_quote = false;
                self.emit(Event::InlineHtml("</span>".into()));
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let dest_url = self.rewrite_url(dest_url, offset, false);
                self.open_links += 1;
                let bare = link_type == LinkType::Autolink;
                self.bare_links.push(bare);
                if bare {
                    // Its text is its address, so print must not repeat it after the link.
                    let html = format!(
                        "<a href=\"{}\" class=\"bare-url\">",
                        escape::html(&dest_url)
                    );
                    self.emit(Event::InlineHtml(html.into()));
                } else {
                    self.emit(Event::Start(Tag::Link {
                        link_type,
                        dest_url,
                        title,
                        id,
                    }));
                }
            }
            Event::End(TagEnd::Link) => {
                self.open_links = self.open_links.saturating_sub(1);
                if self.bare_links.pop() == Some(true) {
                    self.emit(Event::InlineHtml("</a>".into()));
                } else {
                    self.emit(Event::End(TagEnd::Link));
                }
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let dest_url = self.rewrite_url(dest_url, offset, true);
                if dest_url.starts_with("public/") {
                    let line = self.line(offset);
                    self.out.images.push(InternalLink {
                        target: dest_url.to_string(),
                        line,
                    });
                }
                // A diagram drawn 700 px wide is shrunk to a phone's width,
                // where its labels are 5 px tall; the link opens the site's
                // own file full size in a new tab, where it can be zoomed.
                if self.open_links == 0 && dest_url.starts_with("public/") {
                    self.wrapped_images += 1;
                    self.emit(Event::InlineHtml(
                        format!(
                            "<a class=\"figure-link\" href=\"{}\" target=\"_blank\" rel=\"noopener\">",
                            escape::html(&dest_url)
                        )
                        .into(),
                    ));
                }
                self.emit(Event::Start(Tag::Image {
                    link_type,
                    dest_url,
                    title,
                    id,
                }));
            }
            Event::End(TagEnd::Image) => {
                self.emit(Event::End(TagEnd::Image));
                if self.open_links == 0 && self.wrapped_images > 0 {
                    self.wrapped_images -= 1;
                    self.emit(Event::InlineHtml("</a>".into()));
                }
            }
            Event::Text(text) => {
                if !self.in_code {
                    if !self.in_sources {
                        self.out.words += text.split_whitespace().count();
                    }
                    if self.heading.is_none() {
                        self.section_text(&text);
                    }
                }
                self.emit(Event::Text(text));
            }
            other => self.emit(other),
        }
    }

    fn math(&mut self, tex: &str, display: bool, offset: usize) {
        let html = match self.origin.tools.math {
            Some(to_mathml) => match to_mathml(tex, display) {
                Ok(mathml) => mathml,
                Err(message) => {
                    let html = math::error_box(tex, &message);
                    self.diagnose(offset, message);
                    html
                }
            },
            None => math::pending(tex, display),
        };
        // A displayed formula scrolls inside its own box on a narrow screen:
        // the formula takes its full width, and the box is the scroll
        // container that carries the shading of its hidden edge. An inline
        // formula takes an opening bracket right before it onto its own line,
        // since a line that ends in "(" reads as a slip.
        let html = if display {
            format!("<span class=\"{}\">{html}</span>", math::SCROLL_CLASS)
        } else if let Some(bracket) = self.take_opening_bracket() {
            format!("<span class=\"nowrap\">{bracket}{html}</span>")
        } else {
            html
        };
        self.emit(Event::InlineHtml(html.into()));
    }

    fn directive_error(&mut self, line: usize, message: &str) -> Block {
        self.out
            .diagnostics
            .push(Diagnostic::new(self.origin.path, line, message));
        Block::AuthoringError {
            line,
            message: message.to_string(),
        }
    }

    fn section_text(&mut self, text: &str) {
        if self.out.sections.is_empty() {
            self.out.sections.push(Section::default());
        }
        if let Some(section) = self.out.sections.last_mut() {
            if !section.text.is_empty() {
                section.text.push(' ');
            }
            section.text.push_str(text.trim());
        }
    }

    fn footnote_number(&mut self, name: &str) -> usize {
        let next = self.footnotes.len() + 1;
        *self.footnotes.entry(escape::slugify(name)).or_insert(next)
    }

    fn finish_heading(&mut self) {
        let Some((level, inner, _offset)) = self.heading.take() else {
            return;
        };
        let text = plain_text(&inner);
        if level == HeadingLevel::H2 {
            self.in_sources = text.trim().eq_ignore_ascii_case("sources");
            if self.in_sources && self.out.sources_block.is_none() {
                // The heading starts a block of its own, so the list can be
                // shown apart from the reading above it.
                self.flush();
                self.out.sources_block = Some(self.out.blocks.len());
            }
        }
        let base = escape::slugify(&text);
        let seen = self.heading_ids.entry(base.clone()).or_insert(0);
        *seen += 1;
        let id = if *seen == 1 {
            base
        } else {
            format!("{base}-{seen}")
        };
        self.out.sections.push(Section {
            id: id.clone(),
            heading: text.clone(),
            text: String::new(),
        });
        let number = heading_number(level);
        if number <= 3 {
            self.out.toc.push(Heading {
                level: number,
                id: id.clone(),
                text: text.clone(),
            });
        }
        self.pending.push(Event::Html(
            format!("<h{number} id=\"{id}\" tabindex=\"-1\">").into(),
        ));
        self.pending.extend(inner);
        // No space before the anchor: a space would let the line break there
        // and leave the `#` alone on a line of its own; its CSS margin spaces it.
        self.pending.push(Event::Html(
            format!(
                "<a class=\"heading-anchor\" href=\"#/m/{}/{id}\" aria-label=\"Link to section {}\">#</a></h{number}>\n",
                self.origin.slug,
                escape::html(&text)
            )
            .into(),
        ));
    }

    fn finish_fence(&mut self) {
        let Some((info, body, offset)) = self.fence.take() else {
            return;
        };
        let fence_line = self.line(offset);
        if info.split_whitespace().next() == Some("quiz") {
            let block = match info.split_whitespace().nth(1) {
                Some(id) if body.trim().is_empty() => Block::Quiz {
                    id: id.to_string(),
                    line: fence_line,
                },
                Some(_) => self.directive_error(
                    fence_line,
                    "a quiz fence has no body; the questions live in the quiz's TOML file",
                ),
                None => self.directive_error(
                    fence_line,
                    "quiz fence needs the quiz id, e.g. ```quiz why-hardware-checkpoint",
                ),
            };
            self.flush();
            self.out.blocks.push(block);
            return;
        }
        let block = match parse_widget(
            &info,
            &body,
            fence_line,
            &mut self.widget_counts,
            self.origin.catalogue,
            self.origin.tools.preset_check,
        ) {
            Ok(widget) => Block::Widget(widget),
            Err(rejected) => {
                let (line, message) = rejected.first;
                self.out
                    .diagnostics
                    .push(Diagnostic::new(self.origin.path, line, message.clone()));
                for (more_line, more_message) in rejected.more {
                    self.out.diagnostics.push(Diagnostic::new(
                        self.origin.path,
                        more_line,
                        more_message,
                    ));
                }
                Block::AuthoringError { line, message }
            }
        };
        self.flush();
        self.out.blocks.push(block);
    }

    /// Points course links at the hash router and refuses schemes that could run code.
    fn rewrite_url(&mut self, url: CowStr<'a>, offset: usize, image: bool) -> CowStr<'a> {
        let line = self.line(offset);
        if let Some(anchor) = url.strip_prefix('#') {
            self.anchors.push((anchor.to_string(), line));
            return format!("#/m/{}/{anchor}", self.origin.slug).into();
        }
        if url.starts_with('/') && !url.starts_with("//") {
            self.out.links.push(InternalLink {
                target: url.to_string(),
                line,
            });
            return format!("#{url}").into();
        }
        let lower = url.to_ascii_lowercase();
        let scheme_end = lower.find(':');
        let path_start = lower.find(['/', '?', '#']).unwrap_or(lower.len());
        let has_scheme = scheme_end.is_some_and(|end| end < path_start);
        let allowed = if image {
            !has_scheme || lower.starts_with("https:")
        } else {
            !has_scheme
                || lower.starts_with("https:")
                || lower.starts_with("http:")
                || lower.starts_with("mailto:")
        };
        if allowed && !url.starts_with("//") {
            url
        } else {
            self.out.diagnostics.push(Diagnostic::new(self.origin.path, line, format!("link `{url}` uses a scheme that is not allowed; use https:, mailto: or a course path")));
            "#/".into()
        }
    }

    fn check_anchors(&mut self) {
        let anchors = std::mem::take(&mut self.anchors);
        for (anchor, line) in anchors {
            let known = self.out.toc.iter().any(|heading| heading.id == anchor)
                || self.heading_ids.contains_key(&anchor)
                || anchor
                    .strip_prefix("fn-")
                    .is_some_and(|name| self.footnotes.contains_key(name));
            if !known {
                self.out.diagnostics.push(Diagnostic::new(
                    self.origin.path,
                    line,
                    format!("link to `#{anchor}` matches no heading in this module"),
                ));
            }
        }
    }
}

fn heading_number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// A callout's class, icon and visible label.
fn callout_kind(kind: BlockQuoteKind) -> (&'static str, &'static str, &'static str) {
    match kind {
        BlockQuoteKind::Note => ("note", "ℹ", "Note"),
        BlockQuoteKind::Tip => ("tip", "✦", "Tip"),
        BlockQuoteKind::Important => ("important", "!", "Important"),
        BlockQuoteKind::Warning => ("warning", "⚠", "Warning"),
        BlockQuoteKind::Caution => ("caution", "✗", "Check the claim"),
    }
}

/// The visible text of heading events, for ids and the table of contents.
fn plain_text(events: &[Event<'_>]) -> String {
    let mut text = String::new();
    for event in events {
        match event {
            Event::Text(part) | Event::Code(part) => text.push_str(part),
            Event::InlineMath(part) => text.push_str(part),
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            _ => {}
        }
    }
    text.trim().to_string()
}

#[cfg(test)]
mod tests;
