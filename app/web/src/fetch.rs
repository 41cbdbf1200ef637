//! Fetching content files, with a head start for the first module and a
//! second and third try when the network drops one.
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

/// How many times a content file is asked for before the page gives up on it.
const ATTEMPTS: u32 = 3;
/// The pause before the second attempt, in milliseconds; it doubles after that.
const FIRST_PAUSE_MS: i32 = 400;

/// Why one request failed: worth asking again (the network dropped, the server
/// was busy) or not (the file is missing, or is not text).
enum Failure {
    Transient(String),
    Final(String),
}

/// The text of `relative` (under content/), or why it could not be read.
///
/// A dropped connection or a busy server is asked again, after 0.4 s and then
/// 0.8 s: one hiccup on a learner's network would otherwise leave a module, or
/// every catalogue number in it, unreadable until a reload. A missing file is
/// reported at once.
pub async fn text(relative: &str) -> Result<String, String> {
    let mut pause = FIRST_PAUSE_MS;
    let mut attempt = 1;
    loop {
        match attempt_text(relative).await {
            Ok(text) => return Ok(text),
            Err(Failure::Transient(_)) if attempt < ATTEMPTS => {
                crate::dom::sleep_ms(pause).await;
                pause = pause.saturating_mul(2);
                attempt += 1;
            }
            Err(Failure::Transient(reason) | Failure::Final(reason)) => return Err(reason),
        }
    }
}

/// One request for `relative`; the first takes over a prefetch if one was started.
async fn attempt_text(relative: &str) -> Result<String, Failure> {
    let url = url(relative);
    let promise = match take_started(relative) {
        Some(promise) => promise,
        None => crate::dom::window()
            .ok_or_else(|| Failure::Final(format!("cannot fetch {url}: no window")))?
            .fetch_with_str(&url),
    };
    let response: web_sys::Response = JsFuture::from(promise)
        .await
        .map_err(|error| Failure::Transient(format!("cannot fetch {url}: {}", describe(&error))))?
        .dyn_into()
        .map_err(|_| {
            Failure::Final(format!("cannot fetch {url}: the answer was not a response"))
        })?;
    if !response.ok() {
        let status = response.status();
        let reason = format!("cannot fetch {url}: HTTP {status}");
        // 408 (timeout), 429 (too many requests) and 5xx (server trouble) may pass.
        let transient = status == 408 || status == 429 || status >= 500;
        return Err(if transient {
            Failure::Transient(reason)
        } else {
            Failure::Final(reason)
        });
    }
    let body = response
        .text()
        .map_err(|error| Failure::Transient(format!("cannot read {url}: {}", describe(&error))))?;
    JsFuture::from(body)
        .await
        .map_err(|error| Failure::Transient(format!("cannot read {url}: {}", describe(&error))))?
        .as_string()
        .ok_or_else(|| Failure::Final(format!("cannot read {url}: the body is not text")))
}

/// A JavaScript error's message, or its string form.
fn describe(error: &wasm_bindgen::JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|error| String::from(error.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "the request failed".to_string())
}
