//! The serving widget: a form, a seeded simulation of a batching
//! server run in slices of a few milliseconds (so the page never freezes),
//! re-run whenever the form settles, and its results.

mod results;
mod run;

use crate::context::use_course;
use crate::widgets::content_problems::{ContentProblemsNote, SharedFile};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::field::{
    field_error, form_setter, form_value, menu_options, NumberField, SelectField,
};
use crate::widgets::live_summary::{live_summary, summarize_outputs};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use engine::hardware::Catalogue;
use engine::serve::{KvCache, OutputLengths, Scheduler, ServeForm, WeightPrecision, FIELDS};
use leptos::prelude::*;
use std::sync::Arc;

/// What the status line announces after each run: the tail latency judged
/// against the target, then the throughput it was measured at.
const HEADLINE: [&str; 2] = ["latency_ms", "throughput_per_s"];

/// Label and hint of every numeric field.
const NUMBERS: [(&str, &str, &str); 16] = [
    (
        "tensor_parallel",
        "Accelerators per replica (t)",
        "Above 1, every layer is split across them",
    ),
    ("params", "Parameters (N)", "e.g. 7e9 for a 7B model"),
    ("layers", "Layers", "Empty: derived from N"),
    (
        "kv_dim",
        "Key/value width per layer",
        "Empty: derived from N; smaller with GQA",
    ),
    ("prompt_tokens", "Prompt tokens", "Per request"),
    (
        "output_tokens",
        "Output tokens",
        "Per request; the mean if varied",
    ),
    (
        "arrival_per_s",
        "Arrival rate (requests/s)",
        "Mean of a random (Poisson) stream",
    ),
    (
        "latency_slo_ms",
        "p99 target (ms)",
        "Arrival to last token, for 99 in 100 requests",
    ),
    ("max_batch", "Max batch", "Most requests served at once"),
    (
        "batch_window_ms",
        "Batch window (ms)",
        "Static only: longest the oldest waits",
    ),
    (
        "compute_efficiency",
        "Compute efficiency (0 to 1)",
        "Share of peak FLOP/s reached",
    ),
    (
        "memory_efficiency",
        "Memory efficiency (0 to 1)",
        "Share of peak bandwidth reached",
    ),
    (
        "max_load",
        "Highest planned load (0 to 1)",
        "Headroom kept when sizing replicas",
    ),
    (
        "usd_per_hour",
        "Price per accelerator-hour ($)",
        "Optional, for the cost per request",
    ),
    (
        "requests",
        "Requests to simulate",
        "For each batch limit; more is smoother",
    ),
    (
        "seed",
        "Random seed",
        "The same seed replays the same arrivals",
    ),
];

fn precision_label(precision: WeightPrecision) -> &'static str {
    match precision {
        WeightPrecision::Fp32 => "FP32 (4 bytes a weight)",
        WeightPrecision::Bf16 => "BF16 (2 bytes)",
        WeightPrecision::Fp8 => "FP8 (1 byte)",
        WeightPrecision::Int8 => "INT8 (1 byte)",
        WeightPrecision::Int4 => "INT4 weights (½ byte)",
    }
}

fn kv_cache_label(cache: KvCache) -> &'static str {
    match cache {
        KvCache::Auto => "Default (16-bit; 32 for FP32)",
        KvCache::Fp8 => "FP8 (1 byte a value)",
    }
}

fn output_lengths_label(lengths: OutputLengths) -> &'static str {
    match lengths {
        OutputLengths::Fixed => "All the same",
        OutputLengths::Uniform => "Uniform (mean as typed)",
        OutputLengths::Geometric => "Long-tailed (mean as typed)",
    }
}

fn scheduler_label(scheduler: Scheduler) -> &'static str {
    match scheduler {
        Scheduler::Static => "Static (Triton-style)",
        Scheduler::Continuous => "Continuous (vLLM-style)",
    }
}

/// Parts that publish what serving needs: memory capacity and bandwidth.
fn accelerator_options(catalogue: Option<Arc<Catalogue>>) -> Vec<(String, String)> {
    catalogue
        .map(|catalogue| {
            catalogue
                .accelerators
                .iter()
                .filter(|acc| {
                    acc.memory.capacity_gb.is_some_and(|gb| gb > 0.0)
                        && acc.memory.bandwidth_gb_s.is_some_and(|bw| bw > 0.0)
                })
                .map(|acc| {
                    let memory = engine::format::significant_digits(
                        acc.memory.capacity_gb.unwrap_or_default(),
                        3,
                    );
                    // "NVIDIA A100 40 GB" already says its memory; no need to repeat it.
                    let name = acc.short();
                    let compact = name.replace(' ', "");
                    let text = if compact.ends_with(&format!("{memory}GB")) {
                        name.to_string()
                    } else {
                        format!("{name} ({memory} GB)")
                    };
                    (acc.id.clone(), text)
                })
                .collect()
        })
        .unwrap_or_default()
}

#[component]
pub fn Serve(mount: WidgetMount) -> impl IntoView {
    let catalogue = Signal::derive(move || use_course().and_then(|course| course.catalogue.get()));
    let form = url_state::form_state::<ServeForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| {
        catalogue
            .get()
            .map(|catalogue| form.with(|f| f.validate(&catalogue)))
    });
    let input =
        Memo::new(move |_| validated.with(|v| v.as_ref().and_then(|r| r.as_ref().ok()).cloned()));
    let error_for = move |field: &'static str| field_error(validated, field);
    let prefix = StoredValue::new(mount.instance.clone());
    let number = move |field: &'static str| {
        let (label, hint) = NUMBERS
            .iter()
            .find(|(name, _, _)| *name == field)
            .map(|(_, label, hint)| (*label, *hint))
            .unwrap_or((field, ""));
        view! { <NumberField id=format!("{}-{field}", prefix.get_value()) label=label hint=hint test_id=field value=form_value(form, field) error=error_for(field) on_input=form_setter(form, field) /> }
    };
    let accelerators = Signal::derive(move || accelerator_options(catalogue.get()));
    let precisions = Signal::derive(|| {
        menu_options(&WeightPrecision::ALL, WeightPrecision::key, |p| {
            precision_label(p).to_string()
        })
    });
    let kv_caches = Signal::derive(|| {
        menu_options(&KvCache::ALL, KvCache::key, |c| {
            kv_cache_label(c).to_string()
        })
    });
    let output_lengths = Signal::derive(|| {
        menu_options(&OutputLengths::ALL, OutputLengths::key, |l| {
            output_lengths_label(l).to_string()
        })
    });
    let schedulers = Signal::derive(|| {
        menu_options(&Scheduler::ALL, Scheduler::key, |s| {
            scheduler_label(s).to_string()
        })
    });
    // A published model fills parameters, layers and key/value width at once;
    // the menu reads "Custom" as soon as any of the three is typed over.
    let presets = Signal::derive(|| {
        std::iter::once((String::new(), "Custom (typed below)".to_string()))
            .chain(
                engine::serve::model_presets()
                    .map(|preset| (preset.key.to_string(), preset.name.to_string())),
            )
            .collect::<Vec<_>>()
    });
    let preset_value =
        Signal::derive(move || form.with(|f| f.preset_key().unwrap_or_default().to_string()));
    // The menu offers only known keys and "Custom", which changes nothing.
    let apply_preset = Callback::new(move |key: String| {
        form.update(|f| {
            f.apply_preset(&key);
        })
    });
    let no_error = Signal::derive(|| None::<String>);
    let simulation = run::start(input);
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual_ms = Signal::derive(move || {
        simulation
            .finished
            .with(|f| f.as_ref().map(|f| f.output.latency_ms.p99))
    });
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit="ms" revealed=revealed guess=guess actual=actual_ms /> }
    });
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Serving with batching".to_string());
    let id = mount.instance.clone();
    let heading_standalone = mount.standalone;
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{id}");
    view! {
        <section class="widget widget-wide" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live simulation · ">{title}</WidgetTitle>
            <ContentProblemsNote file=SharedFile::Catalogue />
            {changed_note}
            <form class="widget-form grouped-form" on:submit=|ev| ev.prevent_default() novalidate>
                <fieldset class="field-group" data-testid="group-model">
                    <legend>"Model and accelerator"</legend>
                    <SelectField id=format!("{id}-accelerator") label="Accelerator (memory)" test_id="accelerator" options=accelerators wide=true
                        value=form_value(form, "accelerator") error=error_for("accelerator") on_change=form_setter(form, "accelerator") />
                    <SelectField id=format!("{id}-model_preset") label="Known model" test_id="model_preset" options=presets wide=true
                        value=preset_value error=no_error on_change=apply_preset />
                    {number("tensor_parallel")}{number("params")}
                    <SelectField id=format!("{id}-precision") label="Precision" hint="Weights and arithmetic" test_id="precision" options=precisions
                        value=form_value(form, "precision") error=error_for("precision") on_change=form_setter(form, "precision") />
                    <SelectField id=format!("{id}-kv_cache") label="KV cache format" hint="Bytes per cached key or value" test_id="kv_cache" options=kv_caches
                        value=form_value(form, "kv_cache") error=error_for("kv_cache") on_change=form_setter(form, "kv_cache") />
                    {number("layers")}{number("kv_dim")}
                </fieldset>
                <fieldset class="field-group" data-testid="group-traffic">
                    <legend>"Traffic and target"</legend>
                    {number("arrival_per_s")}{number("prompt_tokens")}{number("output_tokens")}
                    <SelectField id=format!("{id}-output_lengths") label="Output lengths" hint="Varied draws keep the mean" test_id="output_lengths" options=output_lengths
                        value=form_value(form, "output_lengths") error=error_for("output_lengths") on_change=form_setter(form, "output_lengths") />
                    {number("latency_slo_ms")}
                </fieldset>
                <fieldset class="field-group" data-testid="group-server">
                    <legend>"Server"</legend>
                    <SelectField id=format!("{id}-scheduler") label="Scheduler" hint="When requests may join a batch" test_id="scheduler" options=schedulers
                        value=form_value(form, "scheduler") error=error_for("scheduler") on_change=form_setter(form, "scheduler") />
                    {number("max_batch")}{number("batch_window_ms")}{number("compute_efficiency")}{number("memory_efficiency")}{number("max_load")}{number("usd_per_hour")}
                </fieldset>
                <fieldset class="field-group" data-testid="group-simulation">
                    <legend>"Simulation"</legend>
                    {number("requests")}{number("seed")}
                </fieldset>
            </form>
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(
                    move || validated.with(|v| matches!(v, Some(Err(_)))),
                    move || simulation.finished.with(|f| f.as_ref().map(|f| summarize_outputs(&f.output.explanations, &HEADLINE))),
                )}
                {move || match (catalogue.with(Option::is_some), input.with(Option::is_some)) {
                    (false, _) => view! { <p role="status">"Loading the hardware catalogue…"</p> }.into_any(),
                    (true, false) => view! {
                        <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to see results."</p>
                    }.into_any(),
                    (true, true) => ().into_any(),
                }}
                <run::RunStatus simulation=simulation input=input />
                <Show when=move || input.with(Option::is_some) && simulation.finished.with(Option::is_some)>
                    <results::Results id=id.clone() finished=simulation.finished />
                </Show>
            </div>
            <CopyLink />
        </section>
    }
}
