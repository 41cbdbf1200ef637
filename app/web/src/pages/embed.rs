//! Chrome-less pages for iframes: `#/embed/widget/SLUG` and
//! `#/embed/quiz/MODULE` (a module's checkpoint quiz, by module slug or quiz id).
//! The quiz is found by the islands runtime, which fetches quizzes.

use crate::island::{Island, IslandSpec};
use crate::pages::not_found::NotFoundPage;
use crate::widgets::WidgetMount;
use leptos::prelude::*;

#[component]
pub fn EmbedPage(kind: String, id: String) -> impl IntoView {
    match (kind.as_str(), engine::widgets::find(&id)) {
        ("widget", Some(spec)) => view! {
            <article class="embed" data-testid="embed">
                <h1 class="embed-title">{spec.title}</h1>
                <Island spec=IslandSpec::Widget(WidgetMount::standalone(spec.slug)) />
            </article>
        }
        .into_any(),
        ("quiz", _) => view! {
            <article class="embed" data-testid="embed">
                <Island spec=IslandSpec::EmbeddedQuiz { id } />
            </article>
        }
        .into_any(),
        _ => view! { <NotFoundPage path=format!("/embed/{kind}/{id}") /> }.into_any(),
    }
}
