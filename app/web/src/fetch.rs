//! Fetching content files, with a head start for the first module.
//!
//! `fetch()` starts a request as soon as it is called and returns a promise,
//! so the shell can start the first module the moment the manifest is parsed
//! (`prefetch`), before the page renders, and the loader later awaits the
//! same promise (`text`). Without this, that request waited for the first
//! render of the shell, which cost tens of milliseconds before the first
//! module could appear.

use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

thread_local! {
    /// Requests already started, by path under content/; each is taken once.
    static STARTED: RefCell<Vec<(String, js_sys::Promise)>> = const { RefCell::new(Vec::new()) };
}

fn url(relative: &str) -> String {
    format!("content/{relative}")
}

/// Starts fetching `relative` (under content/) now; `text` picks it up later.
pub fn prefetch(relative: &str) {
    let Some(window) = crate::dom::window() else {
        return;
    };
    let promise = window.fetch_with_str(&url(relative));
    STARTED.with(|started| started.borrow_mut().push((relative.to_string(), promise)));
}

fn take_started(relative: &str) -> Option<js_sys::Promise> {
    STARTED.with(|started| {
        let mut started = started.borrow_mut();
        let idx = started.iter().position(|(path, _)| path == relative)?;
        Some(started.swap_remove(idx).1)
    })
}

/// The text of `relative` (under content/), or why it could not be read.
pub async fn text(relative: &str) -> Result<String, String> {
    let url = url(relative);
    let promise = match take_started(relative) {
        Some(promise) => promise,
        None => crate::dom::window()
            .ok_or_else(|| format!("cannot fetch {url}: no window"))?
            .fetch_with_str(&url),
    };
    let response: web_sys::Response = JsFuture::from(promise)
        .await
        .map_err(|error| format!("cannot fetch {url}: {}", describe(&error)))?
        .dyn_into()
        .map_err(|_| format!("cannot fetch {url}: the answer was not a response"))?;
    if !response.ok() {
        return Err(format!("cannot fetch {url}: HTTP {}", response.status()));
    }
    let body = response
        .text()
        .map_err(|error| format!("cannot read {url}: {}", describe(&error)))?;
    JsFuture::from(body)
        .await
        .map_err(|error| format!("cannot read {url}: {}", describe(&error)))?
        .as_string()
        .ok_or_else(|| format!("cannot read {url}: the body is not text"))
}

/// A JavaScript error's message, or its string form.
fn describe(error: &wasm_bindgen::JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|error| String::from(error.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "the request failed".to_string())
}
