//! Progress persistence: localStorage through gloo-storage, with a memory
//! fallback when storage is blocked (sandboxed iframes, strict privacy modes).
//!
//! Storage is untrusted input. The `course::progress` decoder drops only what
//! it cannot read, and an unreadable record is copied to a backup key before
//! anything overwrites it, so no progress is ever silently destroyed.

use course::progress::{backup_key, storage_key, LoadNotice, Progress};
use gloo_storage::{LocalStorage, Storage};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Where progress lives for this page view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Local,
    /// Storage is blocked: progress lasts until the tab closes.
    Memory,
}

/// The learner's progress plus how it was loaded. Cheap to copy (signals inside).
#[derive(Clone, Copy)]
pub struct ProgressStore {
    pub progress: RwSignal<Progress>,
    pub notice: RwSignal<Option<String>>,
    backend: StoredValue<Backend>,
    read_only: StoredValue<bool>,
    key: StoredValue<String>,
    learner_seed: StoredValue<u64>,
    /// Tells this store's sync events from the other runtime's.
    instance: StoredValue<u32>,
}

/// Fired on `window` after either runtime (shell or islands) changes
/// progress; `detail` is `{source, progress}` with the encoded record.
const SYNC_EVENT: &str = "compute-lab:progress";
/// Asks the other runtime to announce its progress.
const REQUEST_EVENT: &str = "compute-lab:progress-request";

impl ProgressStore {
    /// Loads the course's progress, falling back to memory if storage is blocked.
    pub fn load(course_id: &str) -> ProgressStore {
        let key = storage_key(course_id);
        let backend = if local_storage_works() {
            Backend::Local
        } else {
            Backend::Memory
        };
        let raw = match backend {
            Backend::Local => LocalStorage::raw().get_item(&key).ok().flatten(),
            Backend::Memory => None,
        };
        let (progress, load_notice) = Progress::decode(raw.as_deref());
        if matches!(load_notice, LoadNotice::Unreadable) {
            if let Some(raw) = &raw {
                let _ = LocalStorage::raw().set_item(&backup_key(course_id), raw);
            }
        }
        let mut notice = load_notice.message();
        if backend == Backend::Memory {
            notice = Some("This browser is blocking storage, so progress is kept only until you close this tab.".to_string());
        }
        ProgressStore {
            progress: RwSignal::new(progress),
            notice: RwSignal::new(notice),
            backend: StoredValue::new(backend),
            read_only: StoredValue::new(load_notice.read_only()),
            key: StoredValue::new(key),
            learner_seed: StoredValue::new(learner_seed(course_id, backend)),
            instance: StoredValue::new(random_seed() as u32),
        }
    }

    /// A store that never persists, for components mounted outside the app.
    pub fn detached() -> ProgressStore {
        ProgressStore {
            progress: RwSignal::new(Progress::default()),
            notice: RwSignal::new(None),
            backend: StoredValue::new(Backend::Memory),
            read_only: StoredValue::new(true),
            key: StoredValue::new(String::new()),
            learner_seed: StoredValue::new(random_seed()),
            instance: StoredValue::new(random_seed() as u32),
        }
    }

    /// This browser's own seed for parameterized questions, so each learner
    /// gets their own numbers and a reload shows the same ones.
    pub fn learner_seed(&self) -> u64 {
        self.learner_seed.get_value()
    }

    pub fn backend(&self) -> Backend {
        self.backend.get_value()
    }

    /// Writes the current progress, unless that would overwrite a newer schema,
    /// and tells the other runtime.
    pub fn save(&self) {
        let encoded = self.progress.with_untracked(Progress::encode);
        self.announce(&encoded);
        if self.backend.get_value() != Backend::Local || self.read_only.get_value() {
            return;
        }
        let key = self.key.get_value();
        if LocalStorage::raw().set_item(&key, &encoded).is_err() {
            self.notice.set(Some("Progress could not be saved (storage is full or blocked); it is kept until you close this tab.".to_string()));
        }
    }

    fn announce(&self, encoded: &str) {
        let detail = js_sys::Object::new();
        let source = wasm_bindgen::JsValue::from(self.instance.get_value());
        let _ = js_sys::Reflect::set(&detail, &"source".into(), &source);
        let _ = js_sys::Reflect::set(&detail, &"progress".into(), &encoded.into());
        crate::dom::dispatch(SYNC_EVENT, &detail);
    }

    /// Keeps this store equal to the other runtime's: the shell and the islands
    /// each hold a store, and every change one saves is announced to the other.
    /// The other's record replaces this one (it already includes this one's
    /// earlier changes), without saving again, so events never bounce.
    pub fn follow_others(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let store = *self;
        let changes = gloo_events::EventListener::new(&window, SYNC_EVENT, move |event| {
            let Some(detail) = event
                .dyn_ref::<web_sys::CustomEvent>()
                .map(web_sys::CustomEvent::detail)
            else {
                return;
            };
            let field = |name: &str| js_sys::Reflect::get(&detail, &name.into()).ok();
            let source = field("source").and_then(|v| v.as_f64());
            if source == Some(f64::from(store.instance.get_value())) {
                return;
            }
            let Some(encoded) = field("progress").and_then(|v| v.as_string()) else {
                return;
            };
            let (incoming, _notice) = Progress::decode(Some(&encoded));
            if store
                .progress
                .with_untracked(|current| *current != incoming)
            {
                store.progress.set(incoming);
            }
        });
        let requests = gloo_events::EventListener::new(&window, REQUEST_EVENT, move |event| {
            let source = event
                .dyn_ref::<web_sys::CustomEvent>()
                .and_then(|e| e.detail().as_f64());
            if source != Some(f64::from(store.instance.get_value())) {
                store.announce(&store.progress.with_untracked(Progress::encode));
            }
        });
        // Both stores live as long as the page.
        changes.forget();
        requests.forget();
    }

    /// Asks the other runtime to announce its progress, which matters when
    /// storage is blocked and the two runtimes cannot meet in localStorage.
    pub fn request_snapshot(&self) {
        let source = wasm_bindgen::JsValue::from(self.instance.get_value());
        crate::dom::dispatch(REQUEST_EVENT, &source);
    }

    pub fn visit(&self, slug: &str) {
        let mut changed = false;
        self.progress
            .update(|progress| changed = progress.visit(slug));
        if changed {
            self.save();
        }
    }

    pub fn record_attempt(&self, slug: &str, attempt: course::progress::Attempt) {
        self.progress
            .update(|progress| progress.record_attempt(slug, attempt));
        self.save();
    }

    /// Merges imported progress in: whatever either side has earned is kept.
    pub fn import(&self, imported: &course::progress::Progress) {
        self.progress
            .update(|progress| *progress = course::transfer::merge(progress, imported));
        self.save();
    }

    pub fn set_completed(&self, slug: &str, completed: bool) {
        self.progress
            .update(|progress| progress.set_completed(slug, completed));
        self.save();
    }
}

fn random_seed() -> u64 {
    // Two draws, because Math.random carries at most 53 random bits.
    let high = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let low = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (high << 32) | low
}

/// Reads the stored learner seed, or makes and stores one. A garbled value is replaced.
fn learner_seed(course_id: &str, backend: Backend) -> u64 {
    let key = format!("compute-lab:{course_id}:learner-seed");
    if backend == Backend::Local {
        if let Some(seed) = LocalStorage::raw()
            .get_item(&key)
            .ok()
            .flatten()
            .and_then(|raw| raw.trim().parse::<u64>().ok())
        {
            return seed;
        }
    }
    let seed = random_seed();
    if backend == Backend::Local {
        let _ = LocalStorage::raw().set_item(&key, &seed.to_string());
    }
    seed
}

/// Probes localStorage without letting a SecurityError escape: gloo's `raw()`
/// throws when storage is blocked, so it is only used after this succeeds.
fn local_storage_works() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let Ok(Some(storage)) = window.local_storage() else {
        return false;
    };
    let probe = "compute-lab:probe";
    let works = storage.set_item(probe, "1").is_ok();
    let _ = storage.remove_item(probe);
    works
}

impl ProgressStore {
    /// Where an unfinished attempt of one quiz is kept, or `None` when storage
    /// is blocked (the attempt then lasts as long as the page).
    pub fn draft_key(&self, slug: &str, quiz_id: &str) -> Option<String> {
        if self.backend() != Backend::Local {
            return None;
        }
        let course = crate::context::use_course()?;
        Some(format!(
            "compute-lab:{}:quiz-draft:{slug}:{quiz_id}",
            course.manifest.id
        ))
    }
}

/// An unfinished attempt as stored, or `None` when there is none or it cannot
/// be read. Call only when the store's backend is `Local`.
pub fn read_draft<T: serde::de::DeserializeOwned>(key: &str) -> Option<T> {
    let raw = LocalStorage::raw().get_item(key).ok().flatten()?;
    serde_json::from_str(&raw).ok()
}

/// Writes an unfinished attempt. A failed write (storage full) changes
/// nothing on the page, so it is ignored.
pub fn write_draft<T: serde::Serialize>(key: &str, draft: &T) {
    if let Ok(encoded) = serde_json::to_string(draft) {
        let _ = LocalStorage::raw().set_item(key, &encoded);
    }
}

/// Drops an attempt's draft once the attempt is recorded.
pub fn delete_draft(key: &str) {
    LocalStorage::delete(key);
}
