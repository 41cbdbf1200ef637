//! Renders a module's blocks: prose, live widgets, its quiz and authoring errors.

use crate::quiz::QuizView;
use crate::widgets::{Widget, WidgetMount};
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
                view! { <Widget mount=WidgetMount::from_ref(&widget) /> }.into_any()
            }
            Block::Quiz { id, line } => match module
                .as_ref()
                .and_then(|m| m.quiz.clone().map(|q| (q, m.front.slug.clone())))
            {
                Some((quiz, slug)) if quiz.id == id => {
                    view! { <QuizView quiz=quiz slug=slug /> }.into_any()
                }
                _ => authoring_error(
                    line,
                    format!("no quiz `{id}` is listed for this module in course.toml"),
                )
                .into_any(),
            },
            Block::AuthoringError { line, message } => authoring_error(line, message).into_any(),
        })
        .collect_view()
}

fn authoring_error(line: usize, message: String) -> impl IntoView {
    view! {
        <div class="authoring-error" role="alert" data-testid="authoring-error">
            <strong><span aria-hidden="true">"⚠ "</span>{format!("Authoring error (line {line}): ")}</strong>
            {message}
        </div>
    }
}
