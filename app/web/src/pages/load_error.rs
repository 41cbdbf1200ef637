//! Shown when the course content cannot be fetched or parsed at all.

use leptos::prelude::*;

#[component]
pub fn LoadError(reason: String) -> impl IntoView {
    view! {
        <article class="load-error" role="alert" data-testid="load-error">
            <h1>"The course could not be loaded"</h1>
            <p>"The page is fine, but its content files could not be read. If you host this course, check that the content/ folder was copied next to index.html."</p>
            <pre>{reason}</pre>
        </article>
    }
}
