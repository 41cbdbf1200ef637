//! A stacked horizontal bar with a legend that names every part and its value,
//! so no part is told apart by colour alone.

use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    pub name: &'static str,
    pub value: f64,
    /// Text shown in the legend, e.g. "12.3 GB".
    pub text: String,
    /// CSS class giving the segment its fill and pattern.
    pub class: &'static str,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Bar {
    pub segments: Vec<Segment>,
    /// A limit drawn as a line (memory capacity), with its label.
    pub limit: Option<(f64, String)>,
    /// One sentence summarising the bar for screen readers and for tests.
    pub summary: String,
    pub total: f64,
}

#[component]
pub fn StackedBar(#[prop(into)] test_id: String, bar: Signal<Bar>) -> impl IntoView {
    view! {
        <div class="stacked" data-testid=test_id>
            {move || {
                let bar = bar.get();
                let scale = bar.limit.as_ref().map_or(bar.total, |(limit, _)| limit.max(bar.total)).max(f64::MIN_POSITIVE);
                let parts = bar.segments.iter().filter(|s| s.value > 0.0).map(|s| {
                    // Set through the CSS object model (style:width), which the strict CSP allows.
                    let width = format!("{:.3}%", s.value / scale * 100.0);
                    view! { <span class=format!("stacked-part {}", s.class) style:width=width title=format!("{}: {}", s.name, s.text)></span> }
                }).collect_view();
                let limit = bar.limit.as_ref().map(|(limit, label)| {
                    let position = limit / scale * 100.0;
                    let left = format!("{position:.3}%");
                    // Labels near the left edge extend rightwards so they stay inside the widget.
                    let label_class = if position < 50.0 { "stacked-limit-label from-left" } else { "stacked-limit-label" };
                    view! { <span class="stacked-limit" style:left=left aria-hidden="true"><span class=label_class>{label.clone()}</span></span> }
                });
                let legend = bar.segments.iter().map(|s| view! {
                    <li><span class=format!("swatch {}", s.class) aria-hidden="true"></span>{format!("{}: {}", s.name, s.text)}</li>
                }).collect_view();
                view! {
                    <p class="stacked-summary" data-testid="bar-summary" data-total=bar.total.to_string()>{bar.summary.clone()}</p>
                    <div class="stacked-track" aria-hidden="true">{parts}{limit}</div>
                    <ul class="stacked-legend">{legend}</ul>
                }
            }}
        </div>
    }
}
