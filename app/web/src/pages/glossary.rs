//! Every key term of the course, with links to where it is taught.

use crate::content::LoadedCourse;
use course::glossary::term_id;
use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn GlossaryPage() -> impl IntoView {
    let Some(course) = use_context::<LoadedCourse>() else {
        return ().into_any();
    };
    crate::dom::set_title(&format!("Glossary · {}", course.manifest.title));
    let entries = course
        .glossary
        .iter()
        .map(|entry| {
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
                        <p class="meta">"Taught in:"</p>
                        <ul class="taught-in">{links}</ul>
                    </dd>
                </div>
            }
        })
        .collect_view();
    let count = course.glossary.len();
    view! {
        <article class="glossary" data-testid="glossary">
            <h1>"Glossary"</h1>
            <p class="lede">{format!("{count} key terms from across the course, each linked to the module that teaches it.")}</p>
            <dl>{entries}</dl>
        </article>
    }
    .into_any()
}
