//! Light and dark themes. The page follows `prefers-color-scheme` until the
//! learner picks a theme, which is remembered.

use gloo_storage::{LocalStorage, Storage};
use leptos::prelude::*;

const KEY: &str = "compute-lab:theme";
/// Fired on `window` after the shell changes `<html data-theme>`, so the
/// islands runtime (a separate module) repaints its charts.
const CHANGED_EVENT: &str = "compute-lab:theme";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    System,
    Light,
    Dark,
}

impl Theme {
    fn next(self) -> Theme {
        match self {
            Theme::System => Theme::Light,
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::System,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Theme::System => "Theme: system",
            Theme::Light => "Theme: light",
            Theme::Dark => "Theme: dark",
        }
    }

    fn attribute(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn parse(text: &str) -> Theme {
        match text {
            "light" => Theme::Light,
            "dark" => Theme::Dark,
            _ => Theme::System,
        }
    }

    /// Whether charts should use their dark palette.
    pub fn is_dark(self) -> bool {
        match self {
            Theme::System => crate::dom::prefers_dark(),
            Theme::Light => false,
            Theme::Dark => true,
        }
    }
}

#[derive(Clone, Copy)]
pub struct ThemeCtx(pub RwSignal<Theme>);

pub fn use_theme() -> RwSignal<Theme> {
    use_context::<ThemeCtx>()
        .map(|ctx| ctx.0)
        .unwrap_or_else(|| RwSignal::new(Theme::System))
}

/// Provides the theme signal and keeps `<html data-theme>` and storage in sync.
pub fn provide_theme() {
    let stored = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .map(|text| Theme::parse(&text))
        .unwrap_or(Theme::System);
    let theme = RwSignal::new(stored);
    provide_context(ThemeCtx(theme));
    Effect::new(move |_| {
        let current = theme.get();
        if let Some(root) = crate::dom::document().and_then(|d| d.document_element()) {
            let _ = root.set_attribute("data-theme", current.attribute());
        }
        crate::dom::dispatch(CHANGED_EVENT, &wasm_bindgen::JsValue::NULL);
        if web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .is_some()
        {
            let _ = LocalStorage::raw().set_item(KEY, current.attribute());
        }
    });
}

/// The islands runtime's theme: read from `<html data-theme>`, which the
/// shell owns, and re-read whenever the shell announces a change.
pub fn follow_document_theme() -> RwSignal<Theme> {
    let read = || {
        crate::dom::document()
            .and_then(|d| d.document_element())
            .and_then(|root| root.get_attribute("data-theme"))
            .map(|text| Theme::parse(&text))
            .unwrap_or(Theme::System)
    };
    let theme = RwSignal::new(read());
    if let Some(window) = crate::dom::window() {
        let listener = gloo_events::EventListener::new(&window, CHANGED_EVENT, move |_| {
            theme.set(read());
        });
        listener.forget();
    }
    theme
}

#[component]
pub fn ThemeToggle() -> impl IntoView {
    let theme = use_theme();
    view! {
        <button
            type="button"
            class="theme-toggle"
            data-testid="theme-toggle"
            title="Switch between the system, light and dark themes"
            on:click=move |_| theme.update(|t| *t = t.next())
        >
            {move || theme.get().label()}
        </button>
    }
}
