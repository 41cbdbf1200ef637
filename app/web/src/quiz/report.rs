//! Tells the page around an embedded quiz how the attempt went, with
//! `postMessage`, but only to the origins the course lists in `course.toml`
//! (`[embed] allowed_origins`). The browser itself drops a message whose
//! target origin does not match the parent, so results never leak elsewhere.

use serde::Serialize;

#[derive(Serialize)]
pub struct QuizResult<'a> {
    /// Always `compute-lab:quiz-result`, so a host page can filter messages.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub course: &'a str,
    pub module: &'a str,
    pub quiz: &'a str,
    /// Questions answered correctly, out of `max`.
    pub score: usize,
    pub max: usize,
    /// `score ÷ max`, in [0, 1].
    pub share: f64,
    pub passed: bool,
    pub attempts: u32,
}

/// Posts `result` to the parent window, once per allowed origin. Does nothing
/// when the page is not in a frame or no origin is allowed.
pub fn post_to_parent(result: &QuizResult<'_>, allowed_origins: &[String]) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    // A top-level page is its own parent.
    if js_sys::Object::is(&parent, &window) || allowed_origins.is_empty() {
        return;
    }
    let Ok(json) = serde_json::to_string(result) else {
        return;
    };
    let Ok(message) = js_sys::JSON::parse(&json) else {
        return;
    };
    for origin in allowed_origins {
        let _ = parent.post_message(&message, origin);
    }
}
