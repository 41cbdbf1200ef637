//! The splitter's results for one plan: the regime, the memory and step-time
//! bars, every number with its explanation, the lints and the scaling chart.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::{self, frame};
use crate::widgets::bar::{Bar, Segment, StackedBar};
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::WidgetSubheading;
use charming::datatype::DataPoint;
use charming::element::{AxisType, Tooltip, Trigger};
use charming::Chart;
use engine::format;
use engine::split::lints::Severity;
use engine::split::Report;
use leptos::prelude::*;

/// Outputs in the order a learner reads them, each with its explanation.
const OUTPUTS: [&str; 21] = [
    "memory_total",
    "step_time",
    "mfu",
    "tokens_per_s",
    "train_time",
    "cost",
    "energy",
    "params",
    "weights",
    "gradients",
    "optimizer",
    "activations",
    "allowance",
    "compute",
    "tp_comm",
    "dp_comm",
    "pp_bubble",
    "pp_comm",
    "hfu",
    "model_flops",
    "hardware_flops",
];

fn bytes(value: f64) -> String {
    format::si(value, "B")
}

pub fn memory_bar(report: &Report) -> Bar {
    let memory = report.memory_per_device_bytes;
    let mut segments = vec![
        Segment {
            name: "Weights",
            value: memory.weights,
            text: bytes(memory.weights),
            class: "part-weights",
        },
        Segment {
            name: "Gradients",
            value: memory.gradients,
            text: bytes(memory.gradients),
            class: "part-gradients",
        },
        Segment {
            name: "Optimizer state",
            value: memory.optimizer,
            text: bytes(memory.optimizer),
            class: "part-optimizer",
        },
    ];
    segments.push(match memory.activations {
        Some(value) => Segment {
            name: "Activations",
            value,
            text: bytes(value),
            class: "part-activations",
        },
        None => Segment {
            name: "Activations",
            value: 0.0,
            text: "unknown (parameter count only)".into(),
            class: "part-activations",
        },
    });
    segments.push(Segment {
        name: "Buffers and fragmentation",
        value: memory.allowance,
        text: bytes(memory.allowance),
        class: "part-allowance",
    });
    let verdict = if report.fits {
        format!("fits, {} spare", bytes(report.headroom_bytes))
    } else {
        format!("does not fit, {} over", bytes(-report.headroom_bytes))
    };
    Bar {
        segments,
        limit: Some((
            report.capacity_bytes,
            format!("{} capacity", bytes(report.capacity_bytes)),
        )),
        summary: format!(
            "Memory per accelerator: {} of {} — {}.",
            bytes(memory.total),
            bytes(report.capacity_bytes),
            verdict
        ),
        total: memory.total,
    }
}

pub fn time_bar(report: &Report) -> Bar {
    let parts = report.breakdown_s;
    let segment = |name, value: f64, class| Segment {
        name,
        value,
        text: format::short_duration(value),
        class,
    };
    Bar {
        segments: vec![
            segment("Compute", parts.compute, "part-compute"),
            segment("Tensor-parallel communication", parts.tp_comm, "part-tp"),
            segment("Data-parallel communication (exposed)", parts.dp_comm, "part-dp"),
            segment("Pipeline bubble", parts.pp_bubble, "part-bubble"),
            segment("Pipeline sends", parts.pp_comm, "part-pp"),
        ],
        limit: None,
        summary: format!(
            "One step takes {}: {} computing, the rest waiting. The bubble is {} of the time the micro-batches themselves take, compute plus tensor-parallel communication, and {} of the step.",
            format::short_duration(report.step_time_s),
            format::short_duration(parts.compute),
            format::percent(report.bubble.ratio),
            format::percent(report.bubble.share)
        ),
        total: report.step_time_s,
    }
}

#[component]
pub fn Results(id: String, report: Memo<Option<Report>>) -> impl IntoView {
    let memory =
        Signal::derive(move || report.with(|r| r.as_ref().map(memory_bar).unwrap_or_default()));
    let time =
        Signal::derive(move || report.with(|r| r.as_ref().map(time_bar).unwrap_or_default()));
    let outputs = OUTPUTS
        .iter()
        .map(|key| {
            let explanation = Signal::derive(move || {
                report.with(|r| {
                    r.as_ref()
                        .and_then(|r| r.explanations.iter().find(|e| e.output == *key).cloned())
                })
            });
            view! { <ExplainedOutput id=id.clone() explanation=explanation /> }
        })
        .collect_view();
    let chart = Signal::derive(move || report.with(|r| r.as_ref().map(scaling_chart)));
    let table =
        Signal::derive(move || report.with(|r| r.as_ref().map(scaling_table).unwrap_or_default()));
    view! {
        {move || report.with(|r| r.as_ref().map(|r| {
            let (icon, class) = match r.regime.kind {
                "does_not_fit" => ("✖", "callout callout-warning"),
                "communication_bound" | "bubble_bound" => ("⚠", "callout callout-warning"),
                _ => ("✔", "callout callout-tip"),
            };
            view! {
                <aside class=class role="note" data-testid="regime" data-kind=r.regime.kind>
                    <p class="callout-title"><span aria-hidden="true">{icon}</span>" "{regime_title(r.regime.kind)}</p>
                    <p>{r.regime.text.clone()}</p>
                </aside>
            }
        }))}
        <WidgetSubheading>"Memory on each accelerator"</WidgetSubheading>
        <StackedBar test_id="memory-bar" bar=memory />
        <WidgetSubheading>"Where a step's time goes"</WidgetSubheading>
        <StackedBar test_id="time-bar" bar=time />
        {move || report.with(|r| r.as_ref().and_then(energy_link)).map(|href| view! {
            <p data-testid="splitter-energy-link"><a href=href>"Energy, electricity and carbon of this run: open the energy calculator with these numbers"</a></p>
        })}
        <Lints report=report />
        <dl class="outputs">{outputs}</dl>
        <ChartView label="Scaling: throughput and model FLOPs utilization as data-parallel replicas are added (same tp and pp)" chart=chart table=table />
    }
}

fn regime_title(kind: &str) -> &'static str {
    match kind {
        "does_not_fit" => "Does not fit",
        "communication_bound" => "Communication-bound",
        "bubble_bound" => "Bubble-bound",
        "data_parallel" => "Data parallelism is enough",
        _ => "The model is split",
    }
}

#[component]
fn Lints(report: Memo<Option<Report>>) -> impl IntoView {
    move || {
        let lints = report.with(|r| r.as_ref().map(|r| r.lints.clone()).unwrap_or_default());
        if lints.is_empty() {
            return view! { <p class="lints-none" data-testid="lints-none">"No configuration problems found."</p> }.into_any();
        }
        let items = lints.into_iter().map(|lint| {
            let (icon, label) = match lint.severity {
                Severity::Error => ("✖", "Problem"),
                Severity::Warning => ("⚠", "Warning"),
                Severity::Note => ("ℹ", "Note"),
            };
            view! {
                <li data-testid=format!("lint-{}", lint.code)><span aria-hidden="true">{icon}" "</span><strong>{label}": "</strong>{lint.message}</li>
            }
        }).collect_view();
        view! { <ul class="lints" data-testid="lints" aria-label="Configuration checks">{items}</ul> }.into_any()
    }
}

fn scaling_chart(report: &Report) -> Chart {
    let throughput: Vec<DataPoint> = report
        .scaling
        .iter()
        .map(|p| DataPoint::from(vec![p.accelerators as f64, p.tokens_per_s]))
        .collect();
    let mfu: Vec<DataPoint> = report
        .scaling
        .iter()
        .map(|p| DataPoint::from(vec![p.accelerators as f64, p.mfu * 100.0]))
        .collect();
    Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Axis))
        .x_axis(frame::x_axis("Accelerators").type_(AxisType::Log))
        .y_axis(frame::y_axis("Tokens/s").type_(AxisType::Log))
        .y_axis(
            frame::y_axis_right("MFU (%)")
                .type_(AxisType::Value)
                .min(0)
                .max(100),
        )
        .series(charts::line_series("Throughput (tokens/s)", 0).data(throughput))
        .series(charts::line_series("MFU (%)", 1).y_axis_index(1).data(mfu))
}

fn scaling_table(report: &Report) -> ChartTable {
    ChartTable {
        caption: "Throughput and utilization at each cluster size".into(),
        header: ["Accelerators", "Tokens/s", "MFU", "Fits"]
            .map(String::from)
            .to_vec(),
        rows: report
            .scaling
            .iter()
            .map(|p| {
                vec![
                    format::grouped(p.accelerators),
                    format::scientific(p.tokens_per_s, 3),
                    format::percent(p.mfu),
                    if p.fits { "yes".into() } else { "no".into() },
                ]
            })
            .collect(),
    }
}

/// The energy calculator with this run's accelerator, count and hours.
fn energy_link(report: &Report) -> Option<String> {
    use course::route::{Location, Route};
    let hours = report.train_time_s? / 3600.0;
    let mut query = vec![
        (
            "energy.accelerator".to_string(),
            report.accelerator_id.clone(),
        ),
        ("energy.count".to_string(), report.devices.to_string()),
        ("energy.hours".to_string(), format!("{hours:.1}")),
    ];
    if let Some(tokens) = report.tokens {
        query.push(("energy.tokens".to_string(), format!("{tokens:e}")));
    }
    let location = Location {
        route: Route::Lab {
            widget: "energy".to_string(),
        },
        query,
    };
    Some(format!("./{}", location.to_hash()))
}
