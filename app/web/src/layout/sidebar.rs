//! The module list, with each module's progress shown by a symbol and words.

use crate::context::{use_course, use_location, use_progress};
use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn Sidebar(open: RwSignal<bool>) -> impl IntoView {
    let Some(course) = use_course() else {
        return ().into_any();
    };
    let store = use_progress();
    let location = use_location();
    let current_slug = Memo::new(move |_| match location.with(|l| l.route.clone()) {
        Route::Module { slug, .. } => Some(slug),
        _ => None,
    });
    let items = course
        .manifest
        .modules
        .iter()
        .enumerate()
        .map(|(idx, entry)| {
            let slug = entry.slug.clone();
            let title = entry.title.clone();
            let href = Route::Module { slug: slug.clone(), section: None }.href();
            let slug_for_status = slug.clone();
            let slug_for_current = slug.clone();
            let status = Signal::derive(move || {
                let entry = store.progress.with(|p| p.get(&slug_for_status));
                if entry.completed {
                    ("✓", "completed")
                } else if entry.visited {
                    ("◐", "started")
                } else {
                    ("○", "not started")
                }
            });
            let is_current = move || current_slug.get().as_deref() == Some(slug_for_current.as_str());
            view! {
                <li>
                    <a
                        href=href
                        aria-current=move || is_current().then_some("page")
                        on:click=move |_| open.set(false)
                        data-testid=format!("nav-{slug}")
                    >
                        <span class="status-mark" aria-hidden="true">{move || status.get().0}</span>
                        <span class="nav-number">{idx + 1}". "</span>
                        {title}
                        <span class="visually-hidden">{move || format!(" ({})", status.get().1)}</span>
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <nav id="site-nav" class="sidebar" class:open=move || open.get() aria-label="Modules">
            <p class="sidebar-heading"><a href="#/">"Course map"</a></p>
            <ol class="module-list">{items}</ol>
            // The header hides its tool links on a phone; the menu carries them there.
            <ul class="sidebar-tools">
                <li><a href="#/glossary" on:click=move |_| open.set(false) data-testid="nav-glossary">"Glossary"</a></li>
                <li><a href="#/progress" on:click=move |_| open.set(false) data-testid="nav-progress">"Progress"</a></li>
            </ul>
        </nav>
    }
    .into_any()
}
