//! The learner's progress per module, and where it is stored.

use crate::context::{use_course, use_progress};
use crate::storage::Backend;
use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn ProgressPage() -> impl IntoView {
    let Some(course) = use_course() else {
        return ().into_any();
    };
    crate::dom::set_title(&format!("Progress · {}", course.manifest.title));
    let store = use_progress();
    let rows = course
        .manifest
        .modules
        .iter()
        .map(|entry| {
            let slug = entry.slug.clone();
            let slug_for_completed = slug.clone();
            let row_id = format!("progress-row-{slug}");
            let href = Route::Module {
                slug: slug.clone(),
                section: None,
            }
            .href();
            let visited = move || store.progress.with(|p| p.get(&slug).visited);
            let completed = move || {
                store
                    .progress
                    .with(|p| p.get(&slug_for_completed).completed)
            };
            view! {
                <tr data-testid=row_id>
                    <th scope="row"><a href=href>{entry.title.clone()}</a></th>
                    <td>{move || if visited() { "✓ Yes" } else { "— No" }}</td>
                    <td>{move || if completed() { "✓ Yes" } else { "— No" }}</td>
                </tr>
            }
        })
        .collect_view();
    let where_saved = match store.backend() {
        Backend::Local => {
            "Progress is saved in this browser's local storage. It never leaves your device."
        }
        Backend::Memory => {
            "Storage is blocked in this browser, so progress lasts only until this tab closes."
        }
    };
    view! {
        <article class="progress-page" data-testid="progress-page">
            <h1>"Your progress"</h1>
            <p>{where_saved}</p>
            <div class="table-scroll" role="region" aria-label="Progress by module" tabindex="0">
                <table>
                    <thead><tr><th scope="col">"Module"</th><th scope="col">"Visited"</th><th scope="col">"Completed"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </article>
    }
    .into_any()
}
