//! Chrome-less pages for iframes, at `#/embed/KIND/ID`.

use crate::pages::not_found::NotFoundPage;
use crate::widgets::{Widget, WidgetMount};
use leptos::prelude::*;

#[component]
pub fn EmbedPage(kind: String, id: String) -> impl IntoView {
    match (kind.as_str(), engine::widgets::find(&id)) {
        ("widget", Some(spec)) => view! {
            <article class="embed" data-testid="embed">
                <h1 class="embed-title">{spec.title}</h1>
                <Widget mount=WidgetMount::standalone(spec.slug) />
            </article>
        }
        .into_any(),
        _ => view! { <NotFoundPage path=format!("/embed/{kind}/{id}") /> }.into_any(),
    }
}
