//! Compute Lab's web shell: a thin Leptos (CSR) layer over the `course` and
//! `engine` crates. This is the only crate that touches leptos, web-sys, gloo
//! or charming; signals never leave it.

pub mod app;
pub mod blocks;
pub mod charts;
pub mod content;
pub mod context;
pub mod dom;
pub mod fetch;
pub mod island;
pub mod islands;
pub mod layout;
pub mod lms;
pub mod pages;
pub mod print_answers;
pub mod quiz;
pub mod quotes;
pub mod storage;
pub mod theme;
pub mod typeset;
pub mod widgets;

/// Mounts the app into `<main id="app">`, or the body when that is missing.
pub fn start() {
    // Only a last resort: every input is validated before compute, so no panic is expected.
    console_error_panic_hook::set_once();
    match dom::element_by_id("app") {
        Some(root) => {
            // The static "Loading…" message is replaced by the live app.
            root.set_inner_html("");
            leptos::mount::mount_to(root, app::App).forget();
        }
        None => leptos::mount::mount_to_body(app::App),
    }
}
