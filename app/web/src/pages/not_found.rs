//! A helpful page for any address the course does not know.

use crate::context::use_course;
use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn NotFoundPage(path: String) -> impl IntoView {
    crate::dom::set_title("Page not found · Compute Lab");
    let suggestions = use_course().map(|course| {
        course
            .manifest
            .modules
            .iter()
            .map(|entry| {
                let href = Route::Module {
                    slug: entry.slug.clone(),
                    section: None,
                }
                .href();
                view! { <li><a href=href>{entry.title.clone()}</a></li> }
            })
            .collect_view()
    });
    view! {
        <article class="not-found" data-testid="not-found">
            <h1>"Page not found"</h1>
            <p>"There is no page at "<code>{path}</code>". It may have been renamed, or the link may be mistyped."</p>
            <p><a href="#/">"Go to the course map"</a>" or pick a module:"</p>
            <ul>{suggestions}</ul>
        </article>
    }
}
