//! The case-study simulator widget. Every valid change starts a new Monte
//! Carlo run in slices of about 8 ms, with a progress bar and a cancel
//! button; results appear when it finishes, and a newer change or a cancel
//! ends the run in flight.

mod charts;
mod fields;
mod results;

use crate::context::use_course;
use crate::dom::{now_ms, yield_to_browser};
use crate::widgets::content_problems::{ContentProblemsNote, SharedFile};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::live_summary::{live_summary, summarize};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use engine::casestudy::{CaseStudyForm, CaseStudyOutput, Progress, Run, FIELDS};
use engine::format;
use leptos::prelude::*;
use std::sync::Arc;

/// Replications between clock checks; one batch stays well under a millisecond.
const BATCH: u64 = 8;
const SLICE_MS: f64 = 8.0;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Status {
    Running(Progress),
    Cancelled,
    Done {
        /// Which run finished: it changes with every run, so a test or a
        /// benchmark can tell a new result from the one it replaced.
        run: u64,
        elapsed_ms: f64,
        compute_ms: f64,
        longest_slice_ms: f64,
    },
}

#[component]
pub fn CaseStudy(mount: WidgetMount) -> impl IntoView {
    let catalogue = Signal::derive(move || use_course().and_then(|course| course.catalogue.get()));
    let form = url_state::form_state::<CaseStudyForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| {
        catalogue
            .get()
            .map(|catalogue| form.with(|f| f.validate(&catalogue)))
    });
    let output = RwSignal::new(None::<Arc<CaseStudyOutput>>);
    let status = RwSignal::new(None::<Status>);
    let run_id = StoredValue::new(0u64);
    // Running the simulation is work outside the reactive graph, started by a
    // change of input, so it lives in an Effect and reports through signals.
    Effect::new(move |_| {
        let Some(Ok(input)) = validated.get() else {
            run_id.update_value(|id| *id += 1);
            status.set(None);
            return;
        };
        run_id.update_value(|id| *id += 1);
        let this_run = run_id.get_value();
        leptos::task::spawn_local(async move {
            let started = now_ms();
            let mut longest = 0.0_f64;
            let mut computing = 0.0_f64;
            // Placement and set-up count as computing, as they do in the native benchmark.
            let setup_start = now_ms();
            let mut run = Run::new(&input);
            computing += now_ms() - setup_start;
            status.try_set(Some(Status::Running(run.progress())));
            while !run.is_done() {
                yield_to_browser().await;
                if run_id.try_get_value() != Some(this_run) {
                    return;
                }
                let slice_start = now_ms();
                while !run.is_done() && now_ms() - slice_start < SLICE_MS {
                    run.step(BATCH);
                }
                let slice = now_ms() - slice_start;
                longest = longest.max(slice);
                computing += slice;
                status.try_set(Some(Status::Running(run.progress())));
            }
            let finish_start = now_ms();
            let result = run.finish();
            computing += now_ms() - finish_start;
            output.try_set(Some(Arc::new(result)));
            status.try_set(Some(Status::Done {
                run: this_run,
                elapsed_ms: now_ms() - started,
                compute_ms: computing,
                longest_slice_ms: longest,
            }));
        });
    });
    let cancel = move |_| {
        run_id.update_value(|id| *id += 1);
        status.set(Some(Status::Cancelled));
    };
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual_hours = Signal::derive(move || {
        output.with(|o| {
            o.as_ref()
                .and_then(|o| o.completion_time_s)
                .map(|c| c.p50 / 3600.0)
        })
    });
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit="hours" revealed=revealed guess=guess actual=actual_hours /> }
    });
    let id = mount.instance.clone();
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Case-study simulator".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{id}");
    let invalid = move || validated.with(|v| matches!(v, Some(Err(_))));
    view! {
        <section class="widget widget-wide" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live simulator · ">{title}</WidgetTitle>
            <ContentProblemsNote file=SharedFile::Catalogue />
            {changed_note}
            <form class="widget-form split-form" on:submit=|ev| ev.prevent_default() novalidate>
                <fields::CaseStudyFields id=id.clone() form=form validated=validated catalogue=catalogue />
            </form>
            <div class="sim-status" role="status" data-testid="sim-status">
                {move || match status.get() {
                    Some(Status::Running(p)) => view! {
                        <progress data-testid="sim-progress" max=p.total.max(1).to_string() value=p.done.to_string() aria-label="Simulation progress"></progress>
                        <span>{format!("Simulating: {} of {} replications", format::grouped(p.done), format::grouped(p.total))}</span>
                        <button type="button" class="secondary" data-testid="sim-cancel" on:click=cancel>"Cancel"</button>
                    }.into_any(),
                    Some(Status::Cancelled) => view! { <span data-testid="sim-cancelled">"Cancelled. The results below are from the last finished run; change any field to run again."</span> }.into_any(),
                    Some(Status::Done { run, elapsed_ms, compute_ms, longest_slice_ms }) => view! {
                        <span data-testid="sim-done" data-run=run.to_string() data-elapsed-ms=format!("{elapsed_ms:.1}") data-compute-ms=format!("{compute_ms:.1}") data-longest-slice-ms=format!("{longest_slice_ms:.1}")>
                            {format!("Simulated in {} ms.", format::significant_digits(elapsed_ms, 3))}
                        </span>
                    }.into_any(),
                    None => ().into_any(),
                }}
            </div>
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(move || validated.with(|v| matches!(v, Some(Err(_)))), move || output.with(|o| o.as_ref().map(|o| summarize(&o.explanations))))}
                <Show when=invalid>
                    <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to run the simulation."</p>
                </Show>
                // The last run's numbers belong to inputs the form no longer
                // holds, so they are hidden until the fields are fixed, as in
                // every other widget; fixing them runs the simulation again.
                {move || (!invalid()).then(|| output.get()).flatten().map(|out| view! { <results::Results id=id.clone() output=out /> })}
            </div>
            <CopyLink />
        </section>
    }
}
