//! The SCORM 1.2 bridge. When the course runs as a SCORM package inside an
//! LMS, the LMS puts an `API` object on an ancestor window; the course then
//! reports a score (the mean best checkpoint score), a status (incomplete
//! until every module is completed, then passed or failed against the mastery
//! score) and keeps its progress in `cmi.suspend_data`, so progress follows
//! the learner across devices (scores only: attempt histories with answers
//! would overflow SCORM 1.2's 4,096 characters). Outside an LMS this does nothing.

use crate::storage::ProgressStore;
use course::manifest::Manifest;
use course::progress::Progress;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// SCORM 1.2 limits `cmi.suspend_data` to 4,096 characters.
const SUSPEND_DATA_LIMIT: usize = 4096;

#[derive(Clone)]
struct Api(JsValue);

impl Api {
    /// Looks for `API` on this window's ancestors and opener, as the SCORM 1.2
    /// runtime specification describes; a cross-origin ancestor simply fails the lookup.
    fn find() -> Option<Api> {
        let mut current = web_sys::window()?;
        for _ in 0..10 {
            if let Ok(api) = js_sys::Reflect::get(&current, &JsValue::from_str("API")) {
                if api.is_object() {
                    return Some(Api(api));
                }
            }
            let Ok(Some(parent)) = current.parent() else {
                break;
            };
            if js_sys::Object::is(&parent, &current) {
                break;
            }
            current = parent;
        }
        let opener = web_sys::window()?.opener().ok()?;
        let api = js_sys::Reflect::get(&opener, &JsValue::from_str("API")).ok()?;
        api.is_object().then_some(Api(api))
    }

    fn call(&self, method: &str, args: &[&str]) -> Option<JsValue> {
        let function = js_sys::Reflect::get(&self.0, &JsValue::from_str(method))
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?;
        let result = match args {
            [] => function.call0(&self.0),
            [a] => function.call1(&self.0, &JsValue::from_str(a)),
            [a, b, ..] => function.call2(&self.0, &JsValue::from_str(a), &JsValue::from_str(b)),
        };
        result.ok()
    }

    fn get(&self, key: &str) -> Option<String> {
        self.call("LMSGetValue", &[key]).and_then(|v| v.as_string())
    }

    fn set(&self, key: &str, value: &str) {
        let _ = self.call("LMSSetValue", &[key, value]);
    }
}

/// Score in [0, 100] and status for SCORM, from progress.
pub fn lms_report(manifest: &Manifest, progress: &Progress) -> (u32, &'static str) {
    let with_quiz: Vec<&str> = manifest
        .modules
        .iter()
        .filter(|m| m.quiz.is_some())
        .map(|m| m.slug.as_str())
        .collect();
    let total: f64 = with_quiz
        .iter()
        .map(|slug| progress.get(slug).best_score.unwrap_or(0.0))
        .sum();
    let mean = if with_quiz.is_empty() {
        0.0
    } else {
        total / with_quiz.len() as f64
    };
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let score = (mean * 100.0).round().clamp(0.0, 100.0) as u32;
    let all_done = manifest
        .modules
        .iter()
        .all(|m| progress.get(&m.slug).completed);
    let status = match (all_done, mean + 1e-9 >= manifest.defaults.pass_mark) {
        (false, _) => "incomplete",
        (true, true) => "passed",
        (true, false) => "failed",
    };
    (score, status)
}

/// Connects to an LMS if there is one: restores progress from it, then
/// reports every change back. The reporting is a sync with the outside
/// world, so it is an Effect.
pub fn connect(store: ProgressStore, manifest: std::sync::Arc<Manifest>) {
    let Some(api) = Api::find() else { return };
    let _ = api.call("LMSInitialize", &[""]);
    if let Some(saved) = api.get("cmi.suspend_data").filter(|s| !s.is_empty()) {
        let (progress, _notice) = Progress::decode(Some(&saved));
        store.import(&progress);
    }
    let reporter = api.clone();
    Effect::new(move |_| {
        let (encoded, (score, status)) = store
            .progress
            .with(|p| (p.encode_scores_only(), lms_report(&manifest, p)));
        reporter.set("cmi.core.score.min", "0");
        reporter.set("cmi.core.score.max", "100");
        reporter.set("cmi.core.score.raw", &score.to_string());
        reporter.set("cmi.core.lesson_status", status);
        if encoded.chars().count() <= SUSPEND_DATA_LIMIT {
            reporter.set("cmi.suspend_data", &encoded);
        }
        let _ = reporter.call("LMSCommit", &[""]);
    });
    if let Some(window) = web_sys::window() {
        let listener = gloo_events::EventListener::new(&window, "pagehide", move |_| {
            let _ = api.call("LMSFinish", &[""]);
        });
        // The connection lives as long as the page.
        listener.forget();
    }
}
