//! The root component: provides context, follows the hash, and picks the page.

use crate::content::{load_manifest_and_prefetch, LoadedCourse};
use crate::context::{CourseCtx, LocationCtx};
use crate::layout::shell::Shell;
use crate::pages;
use crate::storage::ProgressStore;
use course::route::{Location, Route};
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    let location = RwSignal::new(Location::parse(&crate::dom::current_hash()));
    provide_context(LocationCtx(location));
    crate::theme::provide_theme();
    follow_hash(location);

    let manifest = LocalResource::new(load_manifest_and_prefetch);
    provide_context(CourseCtx(manifest));

    let route = Memo::new(move |_| location.with(|l| l.route.clone()));
    let embedded = Memo::new(move |_| matches!(route.get(), Route::Embed { .. }));

    view! {
        {move || match manifest.get() {
            None => view! { <p class="boot-message" role="status">"Loading the course…"</p> }.into_any(),
            Some(Err(reason)) => view! { <pages::load_error::LoadError reason=reason /> }.into_any(),
            Some(Ok(manifest)) => {
                let loaded = LoadedCourse::new(manifest);
                let first = match route.get_untracked() {
                    Route::Module { slug, .. } => Some(slug),
                    _ => None,
                };
                loaded.load_modules(first);
                with_progress(loaded, route, embedded).into_any()
            }
        }}
    }
}

/// Provides progress for the loaded course and renders the page for the route.
fn with_progress(loaded: LoadedCourse, route: Memo<Route>, embedded: Memo<bool>) -> impl IntoView {
    let store = ProgressStore::load(&loaded.manifest.id);
    store.follow_others();
    crate::lms::connect(store, loaded.manifest.clone());
    provide_context(store);
    provide_context(loaded);
    move || {
        let page = view! { <pages::Page route=route /> };
        if embedded.get() {
            view! { <div class="embed-root" data-testid="embed-root">{page}</div> }.into_any()
        } else {
            view! { <Shell>{page}</Shell> }.into_any()
        }
    }
}

/// Keeps the location signal in step with `hashchange` for the page's lifetime.
fn follow_hash(location: RwSignal<Location>) {
    let Some(window) = crate::dom::window() else {
        return;
    };
    let listener = gloo_events::EventListener::new(&window, "hashchange", move |_| {
        let next = Location::parse(&crate::dom::current_hash());
        if location.with_untracked(|current| current.route != next.route) {
            crate::dom::scroll_to_top();
        }
        // A new page (not a section of the same module, which the module page
        // focuses itself) puts focus on its heading once it has rendered.
        let new_page = location.with_untracked(|current| match (&current.route, &next.route) {
            (Route::Module { slug: a, .. }, Route::Module { slug: b, section }) => {
                a != b && section.is_none()
            }
            (
                _,
                Route::Module {
                    section: Some(_), ..
                },
            ) => false,
            (a, b) => a != b,
        });
        location.set(next);
        if new_page {
            crate::dom::focus_page_heading();
        }
    });
    // The app lives as long as the page, so the listener does too.
    listener.forget();
}
