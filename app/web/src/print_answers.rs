//! Prints exercise answers open. Paper cannot be clicked, so a closed answer
//! would print as a bare "Answer" line. The print stylesheet opens them
//! through `::details-content`, which only recent browsers support; this
//! opens every closed answer just before printing, in any browser, and
//! closes again after printing the ones it opened, so a learner's own choice
//! of open answers is kept.

use wasm_bindgen::prelude::*;

/// Marks an answer this module opened, so only those are closed again.
const OPENED_FOR_PRINT: &str = "data-opened-for-print";

/// Listens for printing for as long as the page lives.
pub fn follow_printing() {
    let Some(window) = crate::dom::window() else {
        return;
    };
    let before = Closure::<dyn Fn()>::new(open_for_print);
    let after = Closure::<dyn Fn()>::new(close_after_print);
    let _ = window.add_event_listener_with_callback("beforeprint", before.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback("afterprint", after.as_ref().unchecked_ref());
    // The listeners live as long as the page.
    before.forget();
    after.forget();
}

fn open_for_print() {
    for answer in crate::dom::elements("details.answer:not([open])") {
        let _ = answer.set_attribute(OPENED_FOR_PRINT, "");
        let _ = answer.set_attribute("open", "");
    }
}

fn close_after_print() {
    for answer in crate::dom::elements(&format!("details.answer[{OPENED_FOR_PRINT}]")) {
        let _ = answer.remove_attribute("open");
        let _ = answer.remove_attribute(OPENED_FOR_PRINT);
    }
}
