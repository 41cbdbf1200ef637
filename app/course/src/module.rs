//! A parsed module: front matter, rendered blocks, table of contents and diagnostics.

use crate::diagnostic::Diagnostic;
use serde::{Deserialize, Serialize};

/// The TOML between the `+++` lines at the top of a module file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    pub title: String,
    pub slug: String,
    pub summary: String,
    pub objectives: Vec<String>,
    /// The author's estimate of reading plus activity time.
    pub minutes: u32,
    #[serde(default)]
    pub terms: Vec<Term>,
}

/// A key term; every term feeds the glossary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub term: String,
    pub definition: String,
}

/// A live widget placed by a ```` ```widget NAME ```` fence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WidgetRef {
    pub slug: String,
    /// Distinguishes several widgets of one kind on a page, e.g. `train-compute-2`; prefixes URL keys.
    pub instance: String,
    pub title: Option<String>,
    pub predict: Option<String>,
    /// Preset field values as strings, in the fence's order.
    pub preset: Vec<(String, String)>,
    pub line: usize,
}

/// One piece of a rendered module.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Block {
    /// HTML produced by the renderer from escaped text; never raw author HTML.
    Html(String),
    Widget(WidgetRef),
    /// The module's quiz, placed by a ```` ```quiz ID ```` fence.
    Quiz {
        id: String,
        line: usize,
    },
    /// A directive that could not be used, shown in place so the author sees it.
    AuthoringError {
        line: usize,
        message: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Heading {
    pub level: u8,
    pub id: String,
    pub text: String,
}

/// A link to another part of the course, checked by the validator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InternalLink {
    pub target: String,
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Module {
    pub path: String,
    pub front: FrontMatter,
    pub blocks: Vec<Block>,
    pub toc: Vec<Heading>,
    pub sections: Vec<crate::markdown::Section>,
    pub words: usize,
    pub links: Vec<InternalLink>,
    /// Pictures under `public/` that the text shows, checked by `lab check`.
    #[serde(default)]
    pub images: Vec<InternalLink>,
    /// Catalogue quotes written as pending `span.hw-pending` elements, for the
    /// page to fill (`RenderTools::FIRST_PAINT`); 0 when every quote is resolved.
    pub quotes_pending: usize,
    pub diagnostics: Vec<Diagnostic>,
    /// The checkpoint quiz listed for this module in course.toml, once loaded.
    pub quiz: Option<engine::quiz::Quiz>,
    /// The block where the `## Sources` section starts, if the module has one.
    #[serde(default)]
    pub sources_block: Option<usize>,
}

impl Module {
    /// Reading time in whole minutes at the given pace, at least one.
    pub fn reading_minutes(&self, words_per_minute: u32) -> u32 {
        let pace = words_per_minute.max(1) as usize;
        u32::try_from(self.words.div_ceil(pace).max(1)).unwrap_or(u32::MAX)
    }

    /// Whether `resolved` is this module with its pending quotes resolved and
    /// the page otherwise the same (front matter, headings, and blocks other
    /// than prose), so a page showing this module can fill its quotes in place
    /// instead of rendering again. The word count differs (a pending quote is
    /// one word), so a page showing the reading time follows the stored module.
    pub fn resolves_to(&self, resolved: &Module) -> bool {
        let same_kinds = self.blocks.len() == resolved.blocks.len()
            && self
                .blocks
                .iter()
                .zip(&resolved.blocks)
                .all(|pair| match pair {
                    (Block::Html(_), Block::Html(_)) => true,
                    (mine, theirs) => mine == theirs,
                });
        self.quotes_pending > 0
            && resolved.quotes_pending == 0
            && self.path == resolved.path
            && self.front == resolved.front
            && self.toc == resolved.toc
            && same_kinds
    }

    pub fn widgets(&self) -> impl Iterator<Item = &WidgetRef> {
        self.blocks.iter().filter_map(|block| match block {
            Block::Widget(widget) => Some(widget),
            _ => None,
        })
    }
}

/// Splits `+++` front matter from the body. Returns the front matter text, the
/// body, and how many lines precede the body.
pub fn split_front_matter(text: &str) -> Option<(&str, &str, usize)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let after_open = text
        .strip_prefix("+++\n")
        .or_else(|| text.strip_prefix("+++\r\n"))?;
    let mut offset = 0;
    for line in after_open.split_inclusive('\n') {
        if line.trim_end() == "+++" {
            let front = after_open.get(..offset)?;
            let body = after_open.get(offset + line.len()..)?;
            let lines_before_body = 2 + front.lines().count();
            return Some((front, body, lines_before_body));
        }
        offset += line.len();
    }
    None
}

/// Parses one module file. Front matter problems stop parsing; body problems
/// are kept in `Module::diagnostics` and rendered in place as error boxes.
pub fn parse_module(
    path: &str,
    text: &str,
    catalogue: Option<&engine::hardware::Catalogue>,
) -> Result<Module, Vec<Diagnostic>> {
    parse_module_with(path, text, catalogue, crate::markdown::RenderTools::full())
}

/// `parse_module` with the rendering tools chosen by the caller (see
/// `markdown::RenderTools`).
pub fn parse_module_with(
    path: &str,
    text: &str,
    catalogue: Option<&engine::hardware::Catalogue>,
    tools: crate::markdown::RenderTools,
) -> Result<Module, Vec<Diagnostic>> {
    let Some((front_text, body, line_offset)) = split_front_matter(text) else {
        return Err(vec![Diagnostic::new(
            path,
            1,
            "a module starts with TOML front matter between two `+++` lines",
        )]);
    };
    let front: FrontMatter = engine::toml_reader::from_str(front_text)
        .map_err(|error| vec![Diagnostic::new(path, 1 + error.line(), error.message())])?;
    let mut diagnostics = front_matter_problems(path, front_text, &front);
    let source_body = body;
    let (body, unresolved, quotes_pending) = if tools.defer_quotes {
        crate::placeholder::defer(body)
    } else {
        let (body, unresolved) = crate::placeholder::resolve(body, catalogue);
        let unresolved = match (tools.quote_check, catalogue) {
            (Some(check), Some(catalogue)) => check(source_body, catalogue, unresolved),
            _ => unresolved,
        };
        (body, unresolved, 0)
    };
    // Problem offsets point into the markdown as written, before any quote
    // was spliced in, so lines are counted there.
    let body_lines = crate::diagnostic::LineIndex::new(source_body);
    for problem in unresolved {
        let line = body_lines.line_of(problem.offset) + line_offset;
        diagnostics.push(Diagnostic::new(path, line, problem.message));
    }
    let rendered = crate::markdown::render(
        &body,
        crate::markdown::Origin {
            path,
            line_offset,
            slug: &front.slug,
            catalogue,
            tools,
        },
    );
    diagnostics.extend(rendered.diagnostics);
    Ok(Module {
        path: path.to_string(),
        front,
        blocks: rendered.blocks,
        toc: rendered.toc,
        sections: rendered.sections,
        words: rendered.words,
        links: rendered.links,
        images: rendered.images,
        quotes_pending,
        diagnostics,
        quiz: None,
        sources_block: rendered.sources_block,
    })
}

fn front_matter_problems(path: &str, front_text: &str, front: &FrontMatter) -> Vec<Diagnostic> {
    let line_of = |key: &str| {
        front_text
            .lines()
            .position(|line| line.trim_start().starts_with(key))
            .map(|idx| idx + 2)
            .unwrap_or(1)
    };
    let mut problems = Vec::new();
    let mut problem =
        |key: &str, message: String| problems.push(Diagnostic::new(path, line_of(key), message));
    if !crate::manifest::is_slug(&front.slug) {
        problem(
            "slug",
            format!(
                "slug `{}` must be lowercase letters, digits and hyphens",
                front.slug
            ),
        );
    }
    if front.title.trim().is_empty() {
        problem("title", "title must not be empty".to_string());
    }
    if front.summary.trim().is_empty() {
        problem("summary", "summary must not be empty".to_string());
    }
    if front.objectives.is_empty() || front.objectives.iter().any(|o| o.trim().is_empty()) {
        problem(
            "objectives",
            "list at least one learning objective, none empty".to_string(),
        );
    }
    if front.minutes == 0 || front.minutes > 600 {
        problem("minutes", "minutes must be between 1 and 600".to_string());
    }
    for term in &front.terms {
        if term.term.trim().is_empty() || term.definition.trim().is_empty() {
            problem(
                "term",
                format!(
                    "key term `{}` needs both a term and a definition",
                    term.term
                ),
            );
        }
    }
    problems
}
