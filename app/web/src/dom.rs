//! Small, panic-free helpers over web-sys. Every browser API can be missing or
//! refuse (sandboxed iframes, blocked storage), so each helper returns an Option.

use wasm_bindgen::JsCast;

pub fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

pub fn document() -> Option<web_sys::Document> {
    window()?.document()
}

pub fn element_by_id(id: &str) -> Option<web_sys::HtmlElement> {
    document()?
        .get_element_by_id(id)?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// Every element matching a CSS selector, as a static list: changing or
/// replacing one does not change what a caller iterates.
pub fn elements(selector: &str) -> Vec<web_sys::Element> {
    let Some(list) = document().and_then(|d| d.query_selector_all(selector).ok()) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|index| list.item(index))
        .filter_map(|node| node.dyn_into::<web_sys::Element>().ok())
        .collect()
}

/// The current `location.hash`, e.g. `#/m/why-hardware`.
pub fn current_hash() -> String {
    window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Replaces the URL's hash without a new history entry, without scrolling and
/// without firing `hashchange`, so widget state can follow every keystroke.
pub fn replace_hash(hash: &str) {
    let Some(window) = window() else {
        return;
    };
    let Ok(history) = window.history() else {
        return;
    };
    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash));
}

/// The full URL of the page, for copy-link buttons.
pub fn current_href() -> String {
    window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

pub fn prefers_reduced_motion() -> bool {
    media_matches("(prefers-reduced-motion: reduce)")
}

pub fn prefers_dark() -> bool {
    media_matches("(prefers-color-scheme: dark)")
}

/// A phone-sized window, where charts need more room for legends and labels.
pub fn narrow_screen() -> bool {
    media_matches("(max-width: 600px)")
}

fn media_matches(query: &str) -> bool {
    window()
        .and_then(|w| w.match_media(query).ok().flatten())
        .map(|list| list.matches())
        .unwrap_or(false)
}

/// Scrolls an element into view and moves focus to it, for in-page links.
pub fn focus_section(id: &str) {
    if let Some(element) = element_by_id(id) {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Start);
        if !prefers_reduced_motion() {
            options.set_behavior(web_sys::ScrollBehavior::Smooth);
        }
        element.scroll_into_view_with_scroll_into_view_options(&options);
        focus_html(&element);
    }
}

/// Moves focus to the element with `id`, making it focusable first if it is
/// not (a verdict, a footnote); the browser scrolls it into view if needed.
pub fn focus_element(id: &str) {
    if let Some(element) = element_by_id(id) {
        focus_html(&element);
    }
}

/// After the learner moves to another page, focus moves to its `h1`, so
/// keyboard and screen-reader users start at the new content rather than on
/// the link they pressed. The page may still be fetching its text, so this
/// looks again on each frame for about a second.
pub fn focus_page_heading() {
    fn active() -> Option<web_sys::Element> {
        document().and_then(|d| d.active_element())
    }
    // Focus the learner moves while the page loads is theirs to keep.
    fn attempt(frames_left: u32, start: Option<web_sys::Element>) {
        let body = document().and_then(|d| d.body());
        let now = active();
        let untouched =
            now == start || now.is_none() || body.is_some_and(|b| now.as_deref() == Some(&b));
        if !untouched {
            return;
        }
        let heading = document()
            .and_then(|d| d.query_selector("main h1").ok().flatten())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        match heading {
            Some(heading) => focus_html(&heading),
            None if frames_left > 0 => {
                leptos::prelude::request_animation_frame(move || attempt(frames_left - 1, start));
            }
            None => {}
        }
    }
    let start = active();
    leptos::prelude::request_animation_frame(move || attempt(60, start));
}

/// Like `focus_element`, but only when focus has been lost to the page
/// itself, as when the focused button was just disabled: focus the learner
/// has since moved elsewhere stays where they put it.
pub fn refocus_if_lost(id: &str) {
    let lost = document().is_none_or(|d| {
        d.active_element().is_none_or(|active| {
            d.body().is_some_and(|body| *body == active) || active.has_attribute("disabled")
        })
    });
    if lost {
        focus_element(id);
    }
}

fn focus_html(element: &web_sys::HtmlElement) {
    // A div or a heading takes focus only with a tabindex; -1 keeps it out of
    // the Tab order. A control or a link is focusable already, and a -1 there
    // would take it out of the Tab order for good.
    let natively_focusable = matches!(
        element.tag_name().to_ascii_lowercase().as_str(),
        "a" | "button" | "input" | "select" | "textarea" | "summary"
    );
    if !natively_focusable && !element.has_attribute("tabindex") {
        let _ = element.set_attribute("tabindex", "-1");
    }
    let _ = element.focus();
}

pub fn scroll_to_top() {
    if let Some(window) = window() {
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

pub fn set_title(title: &str) {
    if let Some(document) = document() {
        document.set_title(title);
    }
}

/// Milliseconds since navigation start, for the benchmark's marks.
pub fn now_ms() -> f64 {
    window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Resolves on a later task, after the browser has had a chance to render.
pub async fn yield_to_browser() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let scheduled =
            window().map(|w| w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0));
        if !matches!(scheduled, Some(Ok(_))) {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Resolves after about `ms` milliseconds, for debouncing.
pub async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let scheduled =
            window().map(|w| w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms));
        if !matches!(scheduled, Some(Ok(_))) {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Records a named performance mark the first time it is reached in this page view.
pub fn mark_once(name: &str) {
    let Some(performance) = window().and_then(|w| w.performance()) else {
        return;
    };
    if performance.get_entries_by_name(name).length() == 0 {
        let _ = performance.mark(name);
    }
}

/// Dispatches a `CustomEvent` named `name` on `window`, with `detail`.
pub fn dispatch(name: &str, detail: &wasm_bindgen::JsValue) {
    let init = web_sys::CustomEventInit::new();
    init.set_detail(detail);
    if let (Some(window), Ok(event)) = (
        window(),
        web_sys::CustomEvent::new_with_event_init_dict(name, &init),
    ) {
        let _ = window.dispatch_event(&event);
    }
}

/// Offers `text` as a downloaded file. Returns false if the browser refused.
pub fn download(filename: &str, mime: &str, text: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(document) = window().and_then(|w| w.document()) else {
        return false;
    };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return false;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return false;
    };
    let Some(anchor) = document
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    else {
        return false;
    };
    anchor.set_href(&url);
    anchor.set_download(filename);
    anchor.click();
    // The URL is not revoked here: the download may still be reading it. One
    // small blob per click lives until the page closes.
    true
}

/// The file chosen in a file input's change event.
pub fn chosen_file(event: &web_sys::Event) -> Option<web_sys::File> {
    use wasm_bindgen::JsCast;
    let input = event
        .target()?
        .dyn_into::<web_sys::HtmlInputElement>()
        .ok()?;
    input.files()?.get(0)
}

/// A file's text; `None` if reading fails.
pub async fn file_text(file: &web_sys::File) -> Option<String> {
    let text = wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .ok()?;
    text.as_string()
}

/// The browser's clock as ISO 8601 (UTC), for stamping exported files.
pub fn now_iso() -> String {
    js_sys::Date::new_0()
        .to_iso_string()
        .as_string()
        .unwrap_or_default()
}
