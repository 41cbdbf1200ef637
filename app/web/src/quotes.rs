//! Fills the catalogue quotes of the first module a learner opens.
//!
//! That module is shown before the hardware catalogue is parsed, with each
//! `{{hw:…}}` quote as a pending `span.hw-pending` (see
//! `course::placeholder::defer`). Once the catalogue is in, each span is
//! replaced with the same link to the number's source that a module parsed
//! with the catalogue has.

use engine::hardware::Catalogue;

/// Replaces every pending quote on the page with its number.
pub fn fill(catalogue: &Catalogue) {
    // A static list: replacing an element must not change what is iterated.
    for element in crate::dom::elements("span.hw-pending") {
        let reference = element.get_attribute("data-hw").unwrap_or_default();
        element.set_outer_html(&course::placeholder::quote_html(&reference, catalogue));
    }
}
