//! Chrome-less pages for iframes: `#/embed/widget/SLUG` and
//! `#/embed/quiz/MODULE` (a module's checkpoint quiz, by module slug or quiz id).
//! The quiz is found by the islands runtime, which fetches quizzes.

use crate::island::{Island, IslandSpec};
use crate::pages::not_found::NotFoundPage;
use crate::widgets::WidgetMount;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Inside an iframe, a link that leaves the embed must not replace it: the
/// host page (an LMS lesson) would show the whole course inside its frame.
/// Such links open in a new tab instead; links that already choose a target,
/// and jumps within the page, are left alone.
fn open_outside(event: leptos::ev::MouseEvent) {
    let Some(element) = event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let Ok(Some(anchor)) = element.closest("a[href]") else {
        return;
    };
    let href = anchor.get_attribute("href").unwrap_or_default();
    if anchor.has_attribute("target") || (href.starts_with('#') && !href.starts_with("#/")) {
        return;
    }
    let url = anchor
        .dyn_ref::<web_sys::HtmlAnchorElement>()
        .map_or(href, web_sys::HtmlAnchorElement::href);
    if let Some(window) = web_sys::window() {
        event.prevent_default();
        let _ = window.open_with_url_and_target_and_features(&url, "_blank", "noopener");
    }
}

#[component]
pub fn EmbedPage(kind: String, id: String) -> impl IntoView {
    match (kind.as_str(), engine::widgets::find(&id)) {
        // Each embed is its page's `main` landmark, so a screen reader in
        // the host's frame can jump straight to it.
        ("widget", Some(spec)) => view! {
            <main class="embed" data-testid="embed" on:click=open_outside>
                // The widget shows its own title just below; the page's
                // heading is for screen readers, so a frame shows it once.
                <h1 class="embed-title visually-hidden">{spec.title}</h1>
                <Island spec=IslandSpec::Widget(WidgetMount::standalone(spec.slug)) />
            </main>
        }
        .into_any(),
        ("quiz", _) => view! {
            <main class="embed" data-testid="embed" on:click=open_outside>
                <Island spec=IslandSpec::EmbeddedQuiz { id } />
            </main>
        }
        .into_any(),
        _ => view! { <NotFoundPage path=format!("/embed/{kind}/{id}") /> }.into_any(),
    }
}
