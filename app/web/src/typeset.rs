//! Typesets the formulas the reading shell leaves as TeX.
//!
//! The shell renders each formula as a pending element holding its TeX (see
//! `course::markdown::RenderTools`), so the TeX converter is not part of the
//! first download. The islands module, which carries the converter, replaces
//! every pending element with MathML: once when it starts, and again whenever
//! the page adds nodes, which covers module changes and anything rendered
//! later. Without the islands module the TeX stays readable in place.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Typesets what is pending now and follows the page for more.
pub fn follow_pending_math() {
    let Some(document) = crate::dom::document() else {
        return;
    };
    // A live collection: typesetting an element takes it out, and the check
    // after each change to the page costs a length lookup, not a search.
    let pending = document.get_elements_by_class_name(course::math::PENDING_CLASS);
    typeset_all(&pending);
    let Some(body) = document.body() else {
        return;
    };
    let callback = Closure::<dyn Fn()>::new(move || typeset_all(&pending));
    let Ok(observer) = web_sys::MutationObserver::new(callback.as_ref().unchecked_ref()) else {
        return;
    };
    let options = web_sys::MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    let _ = observer.observe_with_options(&body, &options);
    // The observer and its callback live as long as the page.
    callback.forget();
}

fn typeset_all(pending: &web_sys::HtmlCollection) {
    // Each pass removes the first element from the live collection, so the
    // count taken up front bounds the loop even if a replacement fails.
    for _ in 0..pending.length() {
        let Some(element) = pending.item(0) else {
            break;
        };
        typeset(&element);
    }
}

fn typeset(element: &web_sys::Element) {
    let _ = element.class_list().remove_1(course::math::PENDING_CLASS);
    let tex = element.get_attribute("data-tex").unwrap_or_default();
    let display = element.get_attribute("data-display").as_deref() == Some("block");
    element.set_outer_html(&course::math::render(&tex, display));
}
