//! Every key term of the course, with links to where it is taught.

use crate::context::use_course;
use course::glossary::{term_id, GlossaryEntry};
use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn GlossaryPage() -> impl IntoView {
    let Some(course) = use_course() else {
        return ().into_any();
    };
    crate::dom::set_title(&format!("Glossary · {}", course.manifest.title));
    let loading_course = course.clone();
    let entries = Memo::new(move |_| course.glossary());
    view! {
        <article class="glossary" data-testid="glossary">
            <h1>"Glossary"</h1>
            <p class="lede">{move || format!("{} key terms from across the course, each linked to the module that teaches it.", entries.with(Vec::len))}</p>
            {move || loading_course.loading().then(|| view! { <p class="meta" role="status">"Loading the remaining modules…"</p> })}
            <dl>{move || entries.get().into_iter().map(|entry| view! { <Entry entry=entry /> }).collect_view()}</dl>
        </article>
    }
    .into_any()
}

#[component]
fn Entry(entry: GlossaryEntry) -> impl IntoView {
    let links = entry
        .taught_in
        .iter()
        .map(|(slug, title)| {
            let href = Route::Module {
                slug: slug.clone(),
                section: None,
            }
            .href();
            view! { <li><a href=href>{title.clone()}</a></li> }
        })
        .collect_view();
    view! {
        <div class="glossary-entry" id=term_id(&entry.term)>
            <dt>{entry.term.clone()}</dt>
            <dd>
                <p>{entry.definition.clone()}</p>
                <div class="meta taught"><span>"Taught in: "</span><ul class="taught-in">{links}</ul></div>
            </dd>
        </div>
    }
}
