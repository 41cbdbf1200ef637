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
    let callback = Closure::<dyn Fn()>::new(move || {
        if typeset_all(&pending) > 0 {
            mark_scrollable_formulas();
        }
    });
    let Ok(observer) = web_sys::MutationObserver::new(callback.as_ref().unchecked_ref()) else {
        return;
    };
    let options = web_sys::MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    let _ = observer.observe_with_options(&body, &options);
    // The observer and its callback live as long as the page.
    callback.forget();
    follow_width_changes(&document);
    mark_scrollable_formulas();
}

/// Typesets every pending formula; returns how many it typeset.
fn typeset_all(pending: &web_sys::HtmlCollection) -> u32 {
    // Each pass removes the first element from the live collection, so the
    // count taken up front bounds the loop even if a replacement fails.
    let count = pending.length();
    for _ in 0..count {
        let Some(element) = pending.item(0) else {
            break;
        };
        typeset(&element);
    }
    count
}

/// A displayed formula wider than the page scrolls in its box; a box that
/// scrolls must take keyboard focus, or a keyboard user cannot read the
/// formula's end (WCAG 2.1.1). Boxes that fit stay out of the tab order, so
/// a module full of formulas does not cost a tab stop each.
pub fn mark_scrollable_formulas() {
    for element in crate::dom::elements(&format!(".{}", course::math::SCROLL_CLASS)) {
        // A formula's width changes when its math font arrives, after it
        // was first laid out; watching it re-runs this check then.
        if let Some(formula) = element.first_element_child() {
            WIDTH_WATCH.with(|watch| {
                if let Some(observer) = watch.get() {
                    observer.observe(&formula);
                }
            });
        }
        if element.scroll_width() > element.client_width() {
            let _ = element.set_attribute("tabindex", "0");
            let _ = element.set_attribute("role", "region");
            let _ = element.set_attribute("aria-label", "Formula, scrolls sideways");
        } else {
            let _ = element.remove_attribute("tabindex");
            let _ = element.remove_attribute("role");
            let _ = element.remove_attribute("aria-label");
        }
    }
}

thread_local! {
    /// Watches every displayed formula's size (see `mark_scrollable_formulas`).
    static WIDTH_WATCH: std::cell::OnceCell<web_sys::ResizeObserver> = const { std::cell::OnceCell::new() };
}

/// Formulas that fit at one width overflow at another, a formula grows when
/// its font loads, and an Explain panel shows its formula only when opened;
/// each changes which boxes scroll.
fn follow_width_changes(document: &web_sys::Document) {
    let recheck = Closure::<dyn Fn()>::new(mark_scrollable_formulas);
    if let Ok(observer) = web_sys::ResizeObserver::new(recheck.as_ref().unchecked_ref()) {
        WIDTH_WATCH.with(|watch| {
            let _ = watch.set(observer);
        });
    }
    if let Some(window) = crate::dom::window() {
        let _ = window.add_event_listener_with_callback("resize", recheck.as_ref().unchecked_ref());
    }
    // `toggle` does not bubble, so it is heard on the way down.
    let _ = document.add_event_listener_with_callback_and_bool(
        "toggle",
        recheck.as_ref().unchecked_ref(),
        true,
    );
    // The observer and the listeners live as long as the page.
    recheck.forget();
}

fn typeset(element: &web_sys::Element) {
    let _ = element.class_list().remove_1(course::math::PENDING_CLASS);
    let tex = element.get_attribute("data-tex").unwrap_or_default();
    let display = element.get_attribute("data-display").as_deref() == Some("block");
    element.set_outer_html(&course::math::render(&tex, display));
}
