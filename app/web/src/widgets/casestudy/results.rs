//! What one simulation found: feasibility, the headline numbers, the
//! recommendation, the step's parts, where the tables went, and the charts.

use super::charts::{CostChart, SweepChart, TimelineChart};
use crate::widgets::bar::{Bar, Segment, StackedBar};
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::WidgetSubheading;
use engine::casestudy::{CaseStudyOutput, Placement, ShardKind};
use engine::format;
use leptos::prelude::*;
use std::sync::Arc;

/// Rows of the placement table, each a run of GPUs that hold the same shards,
/// before it says how many GPUs it leaves out.
const LISTED_RUNS: usize = 16;

fn hours(seconds: f64) -> String {
    format::hours(seconds)
}

#[component]
fn Plain(
    #[prop(into)] key: String,
    #[prop(into)] label: String,
    #[prop(into)] value: String,
    /// Why the value is what it is, in ordinary text under the figure.
    #[prop(default = None)]
    note: Option<String>,
) -> impl IntoView {
    let note = note
        .map(|text| view! { <p class="output-note" data-testid=format!("note-{key}")>{text}</p> });
    view! {
        <div class="output" data-testid=format!("out-{key}")>
            <dt>{label}</dt>
            <dd><span class="output-value" data-testid=format!("value-{key}")>{value}</span></dd>
            {note}
        </div>
    }
}

#[component]
pub fn Results(id: String, output: Arc<CaseStudyOutput>) -> impl IntoView {
    let out = output;
    let explained = |key: &'static str| {
        let explanation = out.explanations.iter().find(|e| e.output == key).cloned();
        let signal = Signal::derive(move || explanation.clone());
        view! { <ExplainedOutput id=id.clone() explanation=signal /> }
    };
    // A server that cannot run the job says so at the figure's size; the
    // reason follows in ordinary text, and not at all when it only repeats
    // the warning above about the whole cluster.
    let (single, single_note) = match (&out.single_machine.time_s, &out.single_machine.reason) {
        (Some(time), _) => (
            format!(
                "{} ({} days)",
                hours(*time),
                format::significant_digits(time / 86_400.0, 3)
            ),
            None,
        ),
        (None, Some(reason)) if out.reason.as_ref() != Some(reason) => {
            ("Cannot run it".to_string(), Some(reason.clone()))
        }
        (None, _) => ("Cannot run it".to_string(), None),
    };
    let feasibility = (!out.feasible).then(|| {
        view! {
            <aside class="callout callout-warning" role="note" data-testid="infeasible">
                <p class="callout-title"><span aria-hidden="true">"✖"</span>" This cluster cannot run the job"</p>
                <p>{out.reason.clone().unwrap_or_default()}</p>
            </aside>
        }
    });
    let headline = out.completion_time_s.map(|c| {
        view! {
            <Plain key="completion_p50" label="Completion time, median" value=hours(c.p50) />
            <Plain key="completion_p90" label="Completion time, 90th percentile" value=hours(c.p90) />
        }
    });
    let numbers = out.feasible.then(|| {
        view! {
            <Plain key="failures" label="Failures per run (mean)" value=format::significant_digits(out.failures.unwrap_or(0.0), 3) />
            <Plain key="preemptions" label="Spot preemptions per run (mean)" value=format::significant_digits(out.preemptions.unwrap_or(0.0), 3) />
            <Plain key="lost_work" label="Work lost to failures (mean)" value=hours(out.lost_work_s.unwrap_or(0.0)) />
            <Plain key="autoscaling" label="Autoscaling events per run (mean)" value=format::significant_digits(out.autoscaling_events.unwrap_or(0.0), 3) />
            <Plain key="cost" label="Cost, median" value=out.cost_usd.map(|c| format::usd(c.p50)).unwrap_or_default() />
            <Plain key="energy" label="GPU energy, median" value=out.energy_kwh.map(|e| format!("{} kWh", format::grouped(e.round().max(0.0) as u64))).unwrap_or_else(|| "not published for this GPU".into()) />
            <Plain key="best_interval" label="Best checkpoint interval in the sweep" value=out.checkpoint_interval_best_simulated_s.map(hours).unwrap_or_else(|| "no failures, so no checkpoints".into()) />
        }
    });
    let step = &out.step;
    let bar = Bar {
        segments: vec![
            Segment {
                name: "Embedding lookups",
                value: step.lookup_s,
                text: format::short_duration(step.lookup_s),
                class: "part-compute",
            },
            Segment {
                name: "All-to-all",
                value: step.all_to_all_s,
                text: format::short_duration(step.all_to_all_s),
                class: "part-tp",
            },
            Segment {
                name: "Dense part",
                value: step.dense_s,
                text: format::short_duration(step.dense_s),
                class: "part-optimizer",
            },
            Segment {
                name: "Exposed all-reduce",
                value: step.allreduce_s,
                text: format::short_duration(step.allreduce_s),
                class: "part-bubble",
            },
        ],
        limit: Some((
            step.input_s,
            format!("data loader {}", format::short_duration(step.input_s)),
        )),
        summary: format!(
            "One step takes {}; the bottleneck is {}.{}",
            format::short_duration(step.step_s),
            step.bottleneck.replace('_', "-"),
            if step.input_bound {
                " The data loader is slower than the GPUs: they wait for input."
            } else {
                ""
            }
        ),
        total: step.lookup_s + step.all_to_all_s + step.dense_s + step.allreduce_s,
    };
    let bar = Signal::derive(move || bar.clone());
    let recommendation = out.recommendation.clone().map(|rec| {
        let (icon, class, title) = if rec.meets_deadline {
            ("✔", "callout callout-tip", "Recommended setup")
        } else {
            (
                "⚠",
                "callout callout-warning",
                "Nothing meets the deadline; the fastest setup",
            )
        };
        let reasons = rec
            .reasons
            .iter()
            .map(|r| view! { <li>{r.clone()}</li> })
            .collect_view();
        view! {
            <aside class=class role="note" data-testid="recommendation">
                <p class="callout-title"><span aria-hidden="true">{icon}</span>" "{title}</p>
                <ul>{reasons}</ul>
            </aside>
        }
    });
    let charts = out.feasible.then(|| {
        let timeline = out.clone();
        let sweep = out.clone();
        view! {
            <TimelineChart output=timeline />
            <SweepChart output=sweep />
        }
    });
    let cost = out
        .recommendation
        .as_ref()
        .map(|_| view! { <CostChart output=out.clone() /> });
    view! {
        {feasibility}
        <dl class="outputs">
            {headline}
            {explained("goodput")}
            {explained("work")}
            {explained("expected")}
            <Plain key="single_machine" label="One server alone" value=single note=single_note />
            {explained("young")}
            {explained("scaling")}
            {explained("spot")}
            {numbers}
        </dl>
        {recommendation}
        <WidgetSubheading>"Where a step's time goes"</WidgetSubheading>
        <StackedBar test_id="step-bar" bar=bar />
        <dl class="outputs">{explained("step")}</dl>
        <PlacementTable placement=out.placement.clone() />
        {charts}
        {cost}
    }
}

/// One figure, or the least and the most when the GPUs of a run differ (rows
/// that do not divide evenly); equal when both print the same.
fn spread(least: f64, most: f64, show: impl Fn(f64) -> String) -> String {
    let (low, high) = (show(least), show(most));
    if low == high {
        low
    } else {
        format!("{low} to {high}")
    }
}

#[component]
fn PlacementTable(placement: Placement) -> impl IntoView {
    let capacity = placement.capacity_bytes_per_gpu.max(1.0);
    let runs = placement.runs();
    let rows = runs
        .iter()
        .take(LISTED_RUNS)
        .map(|run| {
            let tables = run
                .layout
                .tables
                .iter()
                .map(|s| {
                    let kind = match s.kind {
                        ShardKind::Replicated => "copy",
                        ShardKind::Table => "whole",
                        ShardKind::Row => "rows",
                        ShardKind::Column => "columns",
                        ShardKind::Host => "host",
                    };
                    format!("{} ({kind})", s.table)
                })
                .collect::<Vec<_>>()
                .join(", ");
            let tables = if tables.is_empty() { "none".to_string() } else { tables };
            let gpus = if run.gpu_count() == 1 {
                run.first.to_string()
            } else {
                format!("{}–{}", run.first, run.last)
            };
            let (noun, each) = if run.gpu_count() == 1 { ("GPU", "") } else { ("GPUs", ", each") };
            let memory = spread(run.min_bytes, run.max_bytes, |b| format::si(b, "B"));
            let share = spread(run.min_bytes / capacity, run.max_bytes / capacity, |s| {
                format!("{}%", format::significant_digits(s * 100.0, 3))
            });
            view! {
                <tr>
                    <th scope="row"><span class="visually-hidden">{format!("{noun} ")}</span>{gpus.clone()}{(run.gpu_count() > 1).then(|| view! { <span class="cell-note">{format::count(run.gpu_count(), "GPU", "GPUs")}</span> })}</th>
                    <td>{tables}</td>
                    <td>{memory}</td>
                    <td><meter min="0" max="1" value=(run.max_bytes / capacity).to_string() aria-label=format!("{noun} {gpus}: memory for embeddings{each}")></meter>{format!(" {share}")}</td>
                </tr>
            }
        })
        .collect_view();
    let hidden: u64 = runs.iter().skip(LISTED_RUNS).map(|r| r.gpu_count()).sum();
    let caption = if hidden > 0 {
        let last_listed = runs
            .get(LISTED_RUNS.saturating_sub(1))
            .map_or(0, |r| r.last);
        format!(
            "GPUs 0–{last_listed}; {} more not listed. Neighbouring GPUs that hold the same shards share a row.",
            format::count(hidden, "GPU", "GPUs")
        )
    } else {
        "Every GPU; neighbouring GPUs that hold the same shards share a row.".to_string()
    };
    let busiest = placement.gpus.iter().map(|g| g.bytes).fold(0.0, f64::max);
    let summary = format!(
        "{} of embedding tables and their optimizer state over {}, each with {} free for them; the fullest holds {}.{}",
        format::si(placement.embedding_bytes, "B"),
        format::count(u64::try_from(placement.gpus.len()).unwrap_or(u64::MAX), "GPU", "GPUs"),
        format::si(capacity, "B"),
        format::si(busiest, "B"),
        if placement.host_bytes > 0.0 { format!(" {} spill to host memory.", format::si(placement.host_bytes, "B")) } else { String::new() }
    );
    view! {
        <WidgetSubheading>"Where the tables live"</WidgetSubheading>
        <p data-testid="placement-summary">{summary}</p>
        <div class="table-scroll" role="region" aria-label="Embedding placement per GPU" tabindex="0">
            <table data-testid="placement-table">
                <caption>{caption}</caption>
                <thead><tr><th scope="col">"GPUs"</th><th scope="col">"Tables (how)"</th><th scope="col">"Embedding memory per GPU"</th><th scope="col">"Of its free HBM"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
