//! One component per page; `Page` picks one for the current route.

pub mod embed;
pub mod glossary;
pub mod history;
pub mod home;
pub mod lab;
pub mod load_error;
pub mod module;
pub mod not_found;
pub mod progress;

use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn Page(route: Memo<Route>) -> impl IntoView {
    // A section change scrolls within the module; only a new page re-renders.
    let page = Memo::new(move |_| match route.get() {
        Route::Module { slug, .. } => Route::Module {
            slug,
            section: None,
        },
        other => other,
    });
    move || match page.get() {
        Route::Home => view! { <home::HomePage /> }.into_any(),
        Route::Module { slug, .. } => view! { <module::ModulePage slug=slug /> }.into_any(),
        Route::Lab { widget } => view! { <lab::LabPage widget=widget /> }.into_any(),
        Route::Embed { kind, id } => view! { <embed::EmbedPage kind=kind id=id /> }.into_any(),
        Route::Glossary => view! { <glossary::GlossaryPage /> }.into_any(),
        Route::Progress => view! { <progress::ProgressPage /> }.into_any(),
        Route::NotFound { path } => view! { <not_found::NotFoundPage path=path /> }.into_any(),
    }
}
