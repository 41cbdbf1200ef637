//! The islands runtime: the second WebAssembly module (`src/bin/islands.rs`),
//! which mounts widgets and quizzes into hosts the shell placed (see
//! `island.rs`). It runs its own Leptos runtime, so it keeps its own copies of
//! the app-wide state and follows the shell's through the page:
//! the location through `hashchange`, the theme through the `data-theme`
//! attribute and an event, and progress through `ProgressStore`'s sync events.

use crate::content::{load_manifest, LoadedCourse, QuizSlot};
use crate::context::LocationCtx;
use crate::island::IslandSpec;
use crate::storage::ProgressStore;
use crate::theme::ThemeCtx;
use crate::widgets::Widget;
use course::route::Location;
use leptos::prelude::*;
use std::any::Any;
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

/// App-wide state of this runtime, made once and kept for the page's life.
#[derive(Clone, Copy)]
struct Shared {
    location: RwSignal<Location>,
    theme: RwSignal<crate::theme::Theme>,
    course: RwSignal<Option<Result<(LoadedCourse, ProgressStore), String>>>,
}

thread_local! {
    // The owner is kept so the shared signals are never disposed.
    static SHARED: OnceCell<(Owner, Shared)> = const { OnceCell::new() };
    static MOUNTED: RefCell<HashMap<u32, Box<dyn Any>>> = RefCell::new(HashMap::new());
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// Puts the islands API on `window.computeLabIslandsApi` for `public/boot.js`.
pub fn register() {
    console_error_panic_hook::set_once();
    // Tasks start before the first `mount_to` (which would set this up), so
    // the executor is set up here; a second call is harmless.
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let Some(window) = crate::dom::window() else {
        return;
    };
    let api = js_sys::Object::new();
    let mount = Closure::<dyn Fn(web_sys::HtmlElement, String) -> u32>::new(mount);
    let unmount = Closure::<dyn Fn(u32)>::new(unmount);
    let _ = js_sys::Reflect::set(&api, &JsValue::from_str("mount"), mount.as_ref());
    let _ = js_sys::Reflect::set(&api, &JsValue::from_str("unmount"), unmount.as_ref());
    let _ = js_sys::Reflect::set(&window, &JsValue::from_str("computeLabIslandsApi"), &api);
    crate::typeset::follow_pending_math();
    crate::print_answers::follow_printing();
    // The API lives as long as the page.
    mount.forget();
    unmount.forget();
}

/// Mounts an island; returns its id, or 0 when the spec is unreadable.
fn mount(host: web_sys::HtmlElement, spec: String) -> u32 {
    let Ok(spec) = serde_json::from_str::<IslandSpec>(&spec) else {
        return 0;
    };
    let shared = shared();
    let handle = leptos::mount::mount_to(
        host,
        move || view! { <IslandRoot spec=spec shared=shared /> },
    );
    let id = NEXT_ID.with(|next| {
        let id = next.get();
        next.set(id.wrapping_add(1).max(1));
        id
    });
    MOUNTED.with(|mounted| {
        mounted.borrow_mut().insert(id, Box::new(handle));
    });
    id
}

/// Dropping the mount handle removes the island's nodes and disposes its state.
fn unmount(id: u32) {
    let handle = MOUNTED.with(|mounted| mounted.borrow_mut().remove(&id));
    drop(handle);
}

fn shared() -> Shared {
    SHARED.with(|cell| {
        cell.get_or_init(|| {
            let owner = Owner::new();
            let shared = owner.with(start);
            (owner, shared)
        })
        .1
    })
}

/// Makes the shared state and starts loading the course's manifest, catalogue
/// and scenario cards (the browser has most of them cached from the shell).
fn start() -> Shared {
    let location = RwSignal::new(Location::parse(&crate::dom::current_hash()));
    if let Some(window) = crate::dom::window() {
        let listener = gloo_events::EventListener::new(&window, "hashchange", move |_| {
            location.set(Location::parse(&crate::dom::current_hash()));
        });
        listener.forget();
    }
    let theme = crate::theme::follow_document_theme();
    let course = RwSignal::new(None);
    leptos::task::spawn_local(async move {
        let loaded = load_manifest().await.map(|manifest| {
            let loaded = LoadedCourse::new(manifest);
            loaded.load_tools();
            let store = ProgressStore::load(&loaded.manifest.id);
            store.follow_others();
            store.request_snapshot();
            (loaded, store)
        });
        course.try_set(Some(loaded));
    });
    Shared {
        location,
        theme,
        course,
    }
}

#[component]
fn IslandRoot(spec: IslandSpec, shared: Shared) -> impl IntoView {
    provide_context(LocationCtx(shared.location));
    provide_context(ThemeCtx(shared.theme));
    let ready = Memo::new(move |_| shared.course.with(|c| c.as_ref().map(|r| r.is_ok())));
    move || match ready.get() {
        None => view! { <p class="island-status" role="status">"Loading…"</p> }.into_any(),
        Some(false) => {
            let reason = shared.course.with_untracked(|c| match c {
                Some(Err(reason)) => reason.clone(),
                _ => String::new(),
            });
            view! { <p class="island-status" role="alert">{format!("The course could not be loaded: {reason}")}</p> }.into_any()
        }
        Some(true) => {
            if let Some(Some(Ok((course, store)))) = shared.course.try_get_untracked() {
                provide_context(course);
                provide_context(store);
            }
            island_view(spec.clone()).into_any()
        }
    }
}

fn island_view(spec: IslandSpec) -> impl IntoView {
    match spec {
        IslandSpec::Widget(mount) => view! { <Widget mount=mount /> }.into_any(),
        IslandSpec::Quiz {
            module,
            fence,
            line,
        } => view! { <ModuleQuiz module=module fence=fence line=line /> }.into_any(),
        IslandSpec::EmbeddedQuiz { id } => view! { <EmbeddedQuiz id=id /> }.into_any(),
        IslandSpec::ProgressTools => view! { <crate::pages::progress::ProgressTools /> }.into_any(),
    }
}

/// A module's checkpoint, fetched when it mounts.
#[component]
fn ModuleQuiz(module: String, fence: Option<String>, line: usize) -> impl IntoView {
    let Some(course) = crate::context::use_course() else {
        return ().into_any();
    };
    course.request_quiz(&module);
    let slug = module.clone();
    let slot = Memo::new(move |_| course.quiz(&slug));
    (move || match slot.get() {
        None => crate::blocks::authoring_error(
            line,
            format!("no quiz is listed for module `{module}` in course.toml"),
        )
        .into_any(),
        Some(QuizSlot::Loading) => {
            view! { <p class="island-status" role="status">"Loading the quiz…"</p> }.into_any()
        }
        Some(QuizSlot::Failed(message)) => crate::blocks::authoring_error(line, message).into_any(),
        Some(QuizSlot::Ready(quiz)) => match &fence {
            Some(id) if *id != quiz.id => crate::blocks::authoring_error(
                line,
                format!(
                    "quiz fence names `{id}`, but this module's quiz is `{}`",
                    quiz.id
                ),
            )
            .into_any(),
            _ => view! { <crate::quiz::QuizView quiz=(*quiz).clone() slug=module.clone() /> }
                .into_any(),
        },
    })
    .into_any()
}

/// `#/embed/quiz/ID`: by module slug, else by quiz id across the course.
#[component]
fn EmbeddedQuiz(id: String) -> impl IntoView {
    let Some(course) = crate::context::use_course() else {
        return ().into_any();
    };
    // The quiz's own title is its h2; the frame needs an h1 above it. A quiz
    // that is not found shows the not-found page's h1 instead.
    if course.entry(&id).is_some() {
        return view! { <h1 class="visually-hidden">"Checkpoint quiz"</h1><ModuleQuiz module=id fence=None line=0 /> }.into_any();
    }
    let slugs: Vec<String> = course
        .manifest
        .modules
        .iter()
        .filter(|entry| entry.quiz.is_some())
        .map(|entry| entry.slug.clone())
        .collect();
    for slug in &slugs {
        course.request_quiz(slug);
    }
    let wanted = id.clone();
    // Some(slug) once found; None while loading; Some("") when no quiz has the id.
    let found = Memo::new(move |_| {
        let mut loading = false;
        for slug in &slugs {
            match course.quiz(slug) {
                Some(QuizSlot::Ready(quiz)) if quiz.id == wanted => return Some(slug.clone()),
                Some(QuizSlot::Loading) | None => loading = true,
                _ => {}
            }
        }
        (!loading).then(String::new)
    });
    (move || match found.get() {
        None => view! { <p class="island-status" role="status">"Loading the quiz…"</p> }.into_any(),
        Some(slug) if slug.is_empty() => {
            view! { <crate::pages::not_found::NotFoundPage path=format!("/embed/quiz/{id}") /> }
                .into_any()
        }
        Some(slug) => view! { <h1 class="visually-hidden">"Checkpoint quiz"</h1><ModuleQuiz module=slug fence=None line=0 /> }.into_any(),
    })
    .into_any()
}
