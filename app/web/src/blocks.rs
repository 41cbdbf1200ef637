//! Renders a module's blocks: prose, live widgets and authoring errors.

use crate::widgets::{Widget, WidgetMount};
use course::Block;
use leptos::prelude::*;

#[component]
pub fn Blocks(blocks: Vec<Block>) -> impl IntoView {
    blocks
        .into_iter()
        .map(|block| match block {
            // Safe: the course renderer escapes all author HTML and emits only its own tags.
            Block::Html(html) => view! { <div class="prose" inner_html=html></div> }.into_any(),
            Block::Widget(widget) => view! { <Widget mount=WidgetMount::from_ref(&widget) /> }.into_any(),
            Block::AuthoringError { line, message } => view! {
                <div class="authoring-error" role="alert" data-testid="authoring-error">
                    <strong><span aria-hidden="true">"⚠ "</span>{format!("Authoring error (line {line}): ")}</strong>
                    {message}
                </div>
            }
            .into_any(),
        })
        .collect_view()
}
