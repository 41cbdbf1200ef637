//! The one short status each widget announces. A widget's results panel is
//! not itself a live region: it re-renders up to thousands of characters on
//! each keystroke, and a screen reader would read all of them every time. The
//! summary says the headline results in a sentence or two instead; the full
//! panel stays one Tab or arrow key away.

use engine::explain::Explanation;
use leptos::prelude::*;

const FIX_FIELDS: &str = "Fix the highlighted fields to see results.";

/// The first two outputs as "label: result." sentences.
pub fn summarize(explanations: &[Explanation]) -> String {
    sentences(explanations.iter())
}

/// The named outputs, in the order given, as "label: result." sentences, for
/// a widget whose first explanations are inputs to its headline rather than
/// the headline itself. It borrows them: the splitter runs this on every
/// keystroke, and a cloned explanation carries all its bindings.
pub fn summarize_outputs(explanations: &[Explanation], outputs: &[&str]) -> String {
    sentences(
        outputs
            .iter()
            .filter_map(|key| explanations.iter().find(|e| e.output == *key)),
    )
}

fn sentences<'a>(explanations: impl Iterator<Item = &'a Explanation>) -> String {
    explanations
        .take(2)
        .map(|e| format!("{}: {}.", e.label, e.result))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A visually hidden status line: the field message while any field is
/// refused, else the summary (empty while the results are still loading).
///
/// The summary is read first, and always. When `invalid` read a Memo derived
/// from the output before the output itself, the line kept its first numbers
/// while the panel changed: checking that Memo recomputed the output on the
/// way, so the output no longer looked changed when its own turn came.
pub fn live_summary(
    invalid: impl Fn() -> bool + Send + Sync + 'static,
    summary: impl Fn() -> Option<String> + Send + Sync + 'static,
) -> impl IntoView {
    let text = move || {
        let summary = summary();
        if invalid() {
            FIX_FIELDS.to_string()
        } else {
            summary.unwrap_or_default()
        }
    };
    view! { <p class="visually-hidden" role="status" aria-atomic="true" data-testid="live-summary">{text}</p> }
}
