//! The reading page and the interactive parts run as two WebAssembly modules.
//! The shell (this crate's `web` binary) renders modules, navigation and
//! progress; every widget and quiz is an island mounted by the `islands`
//! binary, which the browser fetches only after the first module has painted.
//! This keeps the first load small: widgets, quizzes and charts are most of
//! the code.
//!
//! The shell places a host element and asks `window.computeLabIslands()`
//! (defined in `public/boot.js`) for the islands API, then calls
//! `mount(host, spec)` with an `IslandSpec` as JSON and `unmount(id)` when
//! the host leaves the page.

use crate::widgets::WidgetMount;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What an island shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum IslandSpec {
    Widget(WidgetMount),
    /// A module's checkpoint quiz; `fence` is the id its `quiz` fence names.
    Quiz {
        module: String,
        fence: Option<String>,
        line: usize,
    },
    /// `#/embed/quiz/ID`: a module slug or a quiz id.
    EmbeddedQuiz {
        id: String,
    },
    /// The progress page's attempt history, transfer and results report.
    ProgressTools,
}

impl IslandSpec {
    fn kind(&self) -> &'static str {
        match self {
            IslandSpec::Widget(_) => "widget",
            IslandSpec::Quiz { .. } | IslandSpec::EmbeddedQuiz { .. } => "quiz",
            IslandSpec::ProgressTools => "progress-tools",
        }
    }

    /// The status line shown until the island has mounted.
    fn waiting(&self) -> &'static str {
        match self {
            IslandSpec::Widget(_) => "Loading the calculator…",
            IslandSpec::Quiz { .. } | IslandSpec::EmbeddedQuiz { .. } => "Loading the quiz…",
            IslandSpec::ProgressTools => "Loading your attempt history and the export tools…",
        }
    }
}

#[wasm_bindgen]
extern "C" {
    /// Defined by `public/boot.js`: loads the islands module once and resolves
    /// to its API object.
    #[wasm_bindgen(js_namespace = window, js_name = computeLabIslands, catch)]
    fn load_islands() -> Result<js_sys::Promise, JsValue>;
}

/// The islands API once loaded, or why it could not be.
async fn islands_api() -> Result<JsValue, String> {
    let promise = load_islands().map_err(|_| "the islands loader is missing".to_string())?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|error| {
            error
                .as_string()
                .or_else(|| {
                    error
                        .dyn_ref::<js_sys::Error>()
                        .map(|e| String::from(e.message()))
                })
                .unwrap_or_else(|| "the calculators could not be downloaded".to_string())
        })
}

fn api_function(api: &JsValue, name: &str) -> Option<js_sys::Function> {
    js_sys::Reflect::get(api, &JsValue::from_str(name))
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()
}

fn unmount(id: u32) {
    leptos::task::spawn_local(async move {
        if let Ok(api) = islands_api().await {
            if let Some(unmount) = api_function(&api, "unmount") {
                let _ = unmount.call1(&JsValue::NULL, &JsValue::from(id));
            }
        }
    });
}

/// A host for one island. It shows a status line until the island mounts,
/// and a visible error if the islands module cannot load.
#[component]
pub fn Island(spec: IslandSpec) -> impl IntoView {
    let host = NodeRef::<leptos::html::Div>::new();
    let state = RwSignal::new(None::<Result<(), String>>);
    // Shared with the cleanup, which may run before or after the mount finishes.
    let mounted = Arc::new(AtomicU32::new(0));
    let disposed = Arc::new(AtomicBool::new(false));
    let kind = spec.kind();
    let json = serde_json::to_string(&spec).unwrap_or_default();
    let (mounted_for_task, disposed_for_task) = (mounted.clone(), disposed.clone());
    Effect::new(move |_| {
        let Some(element) = host.get() else { return };
        let json = json.clone();
        let (mounted, disposed) = (mounted_for_task.clone(), disposed_for_task.clone());
        leptos::task::spawn_local(async move {
            // Let the module's text paint before the islands download.
            crate::dom::yield_to_browser().await;
            if disposed.load(Ordering::SeqCst) {
                return;
            }
            let outcome = islands_api().await.and_then(|api| {
                let mount = api_function(&api, "mount")
                    .ok_or_else(|| "the islands module has no mount function".to_string())?;
                mount
                    .call2(&JsValue::NULL, &element, &JsValue::from_str(&json))
                    .ok()
                    .and_then(|id| id.as_f64())
                    .filter(|id| *id >= 1.0)
                    .map(|id| id as u32)
                    .ok_or_else(|| "the islands module refused it".to_string())
            });
            match outcome {
                Ok(id) if disposed.load(Ordering::SeqCst) => unmount(id),
                Ok(id) => {
                    mounted.store(id, Ordering::SeqCst);
                    state.try_set(Some(Ok(())));
                }
                Err(reason) => {
                    state.try_set(Some(Err(reason)));
                }
            }
        });
    });
    on_cleanup(move || {
        disposed.store(true, Ordering::SeqCst);
        let id = mounted.swap(0, Ordering::SeqCst);
        if id != 0 {
            unmount(id);
        }
    });
    let waiting = spec.waiting();
    view! {
        <div class="island" data-island=kind>
            {move || match state.get() {
                None => Some(view! { <p class="island-status" role="status">{waiting}</p> }.into_any()),
                Some(Ok(())) => None,
                Some(Err(reason)) => Some(view! {
                    <p class="island-status" role="alert" data-testid="island-error">
                        {format!("This part of the page could not start: {reason}. Reload the page to try again.")}
                    </p>
                }.into_any()),
            }}
            <div node_ref=host></div>
        </div>
    }
}
