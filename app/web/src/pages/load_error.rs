//! Shown when the course content cannot be fetched or parsed at all.

use leptos::prelude::*;

#[component]
pub fn LoadError(reason: String) -> impl IntoView {
    view! {
        <article class="load-error" role="alert" data-testid="load-error">
            <h1>"The course could not be loaded"</h1>
            <p>"The page is fine, but its content could not be loaded, for the reason below."</p>
            <p>"If you host this course: a file that cannot be fetched means the content/ folder was not copied next to index.html; a file named with a line number was fetched but has a mistake at that line, and "<code>"lab check content"</code>" lists every one."</p>
            <pre>{reason}</pre>
        </article>
    }
}
