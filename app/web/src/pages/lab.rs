//! A widget on its own page, at `#/lab/SLUG`.

use crate::island::{Island, IslandSpec};
use crate::pages::not_found::NotFoundPage;
use crate::widgets::WidgetMount;
use leptos::prelude::*;

#[component]
pub fn LabPage(widget: String) -> impl IntoView {
    let Some(spec) = engine::widgets::find(&widget) else {
        return view! { <NotFoundPage path=format!("/lab/{widget}") /> }.into_any();
    };
    crate::dom::set_title(&format!("{} · Compute Lab", spec.title));
    view! {
        <article class="lab" data-testid="lab">
            <h1>{spec.title}</h1>
            <p class="lede">{spec.summary}</p>
            <Island spec=IslandSpec::Widget(WidgetMount::standalone(spec.slug)) />
        </article>
    }
    .into_any()
}
