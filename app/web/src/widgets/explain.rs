//! "Explain this number": the formula, the values plugged in, and the source.

use engine::Explanation;
use leptos::prelude::*;

/// One output row: label, value, and a toggle that reveals its explanation.
/// The row is built once per output; an input change only rewrites the value
/// text (and the open panel), so a change costs a few text nodes, not a subtree.
#[component]
pub fn ExplainedOutput(
    #[prop(into)] id: String,
    explanation: Signal<Option<Explanation>>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let panel_id = format!("{id}-explain");
    let test_id = id.clone();
    // Which output this row shows, and its label: these change only when the
    // widget switches to a different set of outputs.
    let key = Memo::new(move |_| explanation.with(|e| e.as_ref().map(|e| (e.output, e.label))));
    let result = Memo::new(move |_| {
        explanation.with(|e| e.as_ref().map(|e| e.result.clone()).unwrap_or_default())
    });
    move || {
        let Some((output, label)) = key.get() else {
            return ().into_any();
        };
        let panel_id = format!("{panel_id}-{output}");
        view! {
            <div class="output" data-testid=format!("out-{output}")>
                <dt>{label}</dt>
                <dd>
                    <span class="output-value" data-testid=format!("value-{output}")>{move || result.get()}</span>
                    <button
                        type="button"
                        class="explain-toggle"
                        aria-expanded=move || open.get().to_string()
                        aria-controls=panel_id.clone()
                        data-testid=format!("explain-{}-{}", test_id, output)
                        on:click=move |_| open.update(|o| *o = !*o)
                    >
                        {move || if open.get() { "Hide explanation" } else { "Explain" }}
                        // Every output has a toggle, so each names its output
                        // for a screen reader listing the page's buttons.
                        <span class="visually-hidden">{format!(": {label}")}</span>
                    </button>
                    <div id=panel_id class="explain-panel" hidden=move || !open.get()>
                        // Built only while open: rendering TeX for every output on every
                        // input change would cost more than the calculation itself.
                        {move || open.get().then(|| explanation.get().map(|body| view! { <ExplanationBody explanation=body /> })).flatten()}
                    </div>
                </dd>
            </div>
        }
        .into_any()
    }
}

#[component]
fn ExplanationBody(explanation: Explanation) -> impl IntoView {
    let formula = course::math::render(explanation.formula_tex, true);
    // The panel's formula may be wider than a phone; once it is on the page,
    // a box that scrolls is given keyboard focus like the module's formulas.
    Effect::new(move |_| request_animation_frame(crate::typeset::mark_scrollable_formulas));
    let rows = explanation
        .bindings
        .iter()
        .map(|binding| {
            let symbol = course::math::render(binding.symbol, false);
            view! {
                <tr>
                    <td inner_html=symbol></td>
                    <td>{binding.meaning}</td>
                    <td>{binding.value.clone()}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class=format!("formula {}", course::math::SCROLL_CLASS) inner_html=formula></div>
        <table class="bindings">
            <caption>"Values plugged in"</caption>
            <thead><tr><th scope="col">"Symbol"</th><th scope="col">"Meaning"</th><th scope="col">"Value"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
        <p>"Result: "<strong>{explanation.result.clone()}</strong></p>
        <p class="explain-note">{explanation.note}</p>
        <p class="source">"Source: "
            <a href=explanation.source.url rel="noopener noreferrer" target="_blank">{explanation.source.title}</a>
            {format!(", {}.", explanation.source.locator)}
        </p>
    }
}
