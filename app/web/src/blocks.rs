//! Renders a module's blocks: prose, live widgets, its quiz and authoring errors.

use crate::island::{Island, IslandSpec};
use crate::widgets::WidgetMount;
use course::{Block, Module};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn Blocks(blocks: Vec<Block>, #[prop(optional)] module: Option<Arc<Module>>) -> impl IntoView {
    blocks
        .into_iter()
        .map(|block| match block {
            // Safe: the course renderer escapes all author HTML and emits only its own tags.
            Block::Html(html) => view! { <div class="prose" inner_html=html></div> }.into_any(),
            Block::Widget(widget) => {
                view! { <Island spec=IslandSpec::Widget(WidgetMount::from_ref(&widget)) /> }
                    .into_any()
            }
            Block::Quiz { id, line } => match module
                .as_ref()
                .map(|m| m.front.slug.clone())
                .filter(|slug| has_quiz(slug))
            {
                Some(slug) => {
                    let spec = IslandSpec::Quiz {
                        module: slug,
                        fence: Some(id),
                        line,
                    };
                    view! { <Island spec=spec /> }.into_any()
                }
                None => authoring_error(
                    line,
                    format!("no quiz `{id}` is listed for this module in course.toml"),
                )
                .into_any(),
            },
            Block::AuthoringError { line, message } => authoring_error(line, message).into_any(),
        })
        .collect_view()
}

/// Whether course.toml lists a quiz for the module.
pub fn has_quiz(slug: &str) -> bool {
    crate::context::use_course()
        .and_then(|course| course.entry(slug).map(|entry| entry.quiz.is_some()))
        .unwrap_or(false)
}

pub fn authoring_error(line: usize, message: String) -> impl IntoView {
    view! {
        <div class="authoring-error" role="alert" data-testid="authoring-error">
            // Line 0 means the problem has no line of its own (a whole file
            // that could not be read), so none is shown.
            <strong><span aria-hidden="true">"⚠ "</span>{if line == 0 { "Authoring error: ".to_string() } else { format!("Authoring error (line {line}): ") }}</strong>
            {message}
        </div>
    }
}
