//! The page frame: skip link, header, sidebar and the main region.

use crate::context::use_progress;
use crate::layout::sidebar::Sidebar;
use crate::theme::ThemeToggle;
use leptos::prelude::*;

#[component]
pub fn Shell(children: Children) -> impl IntoView {
    let store = use_progress();
    let nav_open = RwSignal::new(false);
    let course_title = crate::context::use_course()
        .map(|c| c.manifest.title.clone())
        .unwrap_or_else(|| "Compute Lab".to_string());
    view! {
        <a class="skip-link" href="#main-content" on:click=|ev| {
            ev.prevent_default();
            crate::dom::focus_section("main-content");
        }>"Skip to content"</a>
        <header class="site-header">
            <button
                type="button"
                class="nav-toggle"
                aria-controls="site-nav"
                aria-expanded=move || nav_open.get().to_string()
                on:click=move |_| nav_open.update(|open| *open = !*open)
            >
                <span aria-hidden="true">"☰"</span>
                " Menu"
            </button>
            <a class="brand" href="#/">{course_title}</a>
            <crate::layout::search::SearchBox />
            <nav class="header-links" aria-label="Course tools">
                <a href="#/glossary">"Glossary"</a>
                <a href="#/progress">"Progress"</a>
            </nav>
            <ThemeToggle />
        </header>
        {move || store.notice.get().map(|message| view! {
            <div class="notice" role="status" data-testid="storage-notice">
                <span aria-hidden="true">"ⓘ "</span>{message}
            </div>
        })}
        <div class="layout">
            <Sidebar open=nav_open />
            <main id="main-content" class="main" tabindex="-1">
                {children()}
            </main>
        </div>
        <footer class="site-footer">
            <p>"Compute Lab · every number computed in your browser by WebAssembly · "
                <a href="#/progress">"Your progress"</a></p>
        </footer>
    }
}
