//! The parallelism splitter widget: a form, the report for the plan it
//! describes (recomputed on every change, well within a frame), and the
//! exhaustive auto-split on request.

mod auto;
mod fields;
mod results;

use crate::context::use_course;
use crate::widgets::content_problems::{ContentProblemsNote, SharedFile};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::live_summary::{live_summary, summarize_outputs};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use engine::split::{report, SplitForm, FIELDS};
use leptos::prelude::*;

/// What a screen reader hears after each change: the memory each accelerator
/// needs and how long a step takes. The first explanations (parameters,
/// weights) do not move when a learner changes the batch or recomputation.
const HEADLINE: [&str; 2] = ["memory_total", "step_time"];

#[component]
pub fn Splitter(mount: WidgetMount) -> impl IntoView {
    let catalogue = Signal::derive(move || use_course().and_then(|course| course.catalogue.get()));
    let form = url_state::form_state::<SplitForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| {
        catalogue
            .get()
            .map(|catalogue| form.with(|f| f.validate(&catalogue)))
    });
    let input = Signal::derive(move || {
        validated.with(|v| v.as_ref().and_then(|r| r.as_ref().ok()).cloned())
    });
    let report = Memo::new(move |_| {
        validated.with(|v| {
            v.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|input| input.plan.map(|plan| report(input, &plan)))
        })
    });
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual_gb = Signal::derive(move || {
        report.with(|r| r.as_ref().map(|r| r.memory_per_device_bytes.total / 1e9))
    });
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit="GB" revealed=revealed guess=guess actual=actual_gb /> }
    });
    let id = mount.instance.clone();
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Parallelism splitter".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{id}");
    view! {
        <section class="widget widget-wide" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live planner · ">{title}</WidgetTitle>
            <ContentProblemsNote file=SharedFile::Catalogue />
            {changed_note}
            <form class="widget-form split-form" on:submit=|ev| ev.prevent_default() novalidate>
                <fields::SplitFields id=id.clone() form=form validated=validated catalogue=catalogue />
            </form>
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(move || validated.with(|v| matches!(v, Some(Err(_)))), move || report.with(|r| r.as_ref().map(|r| summarize_outputs(&r.explanations, &HEADLINE))))}
                {move || match (catalogue.with(Option::is_some), report.with(Option::is_some)) {
                    (false, _) => view! { <p role="status">"Loading the hardware catalogue…"</p> }.into_any(),
                    (true, false) => view! {
                        <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to see results."</p>
                    }.into_any(),
                    (true, true) => ().into_any(),
                }}
                <Show when=move || report.with(Option::is_some)>
                    <results::Results id=id.clone() report=report />
                </Show>
                <auto::AutoSplit input=input form=form />
            </div>
            <CopyLink />
        </section>
    }
}
