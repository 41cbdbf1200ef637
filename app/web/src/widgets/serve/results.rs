//! The serving widget's results: whether the latency target is met, every
//! number with its explanation, and throughput against latency across the
//! batch limits simulated.

use super::run::Finished;
use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::frame;
use crate::widgets::explain::ExplainedOutput;
use charming::element::{AxisType, ItemStyle, LineStyle, LineStyleType, Symbol, Tooltip, Trigger};
use charming::series::{Bar, Line};
use charming::Chart;
use engine::format;
use engine::serve::{mean_batch_text, Scheduler, ServeOutput};
use leptos::prelude::*;

/// Outputs in the order a learner reads them; each has an explanation.
const OUTPUTS: [&str; 16] = [
    "throughput_per_s",
    "output_tokens_per_s",
    "p50_ms",
    "latency_ms",
    "ttft_ms",
    "tpot_ms",
    "max_batch_meeting_slo",
    "accelerators_needed",
    "usd_per_million_requests",
    "capacity_per_s",
    "service_time_ms",
    "tp_comm_per_step_ms",
    "memory_max_batch",
    "weights_gb",
    "kv_cache_bytes_per_token",
    "md1_mean_wait_ms",
];

/// What the output and the target it was judged against.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    output: ServeOutput,
    slo_ms: f64,
    requested_batch: u64,
    priced: bool,
    continuous: bool,
}

#[component]
pub fn Results(id: String, finished: RwSignal<Option<Finished>>) -> impl IntoView {
    let shown = Memo::new(move |_| {
        finished.with(|f| {
            f.as_ref().map(|f| Shown {
                output: f.output.clone(),
                slo_ms: f.input.latency_slo_s * 1000.0,
                requested_batch: f.input.max_batch,
                priced: f.input.usd_per_hour.is_some(),
                continuous: f.input.scheduler == Scheduler::Continuous,
            })
        })
    });
    let outputs = OUTPUTS
        .iter()
        .map(|key| {
            let explanation = Signal::derive(move || {
                shown.with(|s| {
                    s.as_ref().and_then(|s| {
                        s.output
                            .explanations
                            .iter()
                            .find(|e| e.output == *key)
                            .cloned()
                    })
                })
            });
            view! { <ExplainedOutput id=id.clone() explanation=explanation /> }
        })
        .collect_view();
    let chart = Signal::derive(move || shown.with(|s| s.as_ref().map(sweep_chart)));
    let table =
        Signal::derive(move || shown.with(|s| s.as_ref().map(sweep_table).unwrap_or_default()));
    view! {
        {move || shown.with(|s| s.as_ref().map(verdict))}
        <dl class="outputs">{outputs}</dl>
        {move || shown.with(|s| s.as_ref().is_some_and(|s| !s.priced)).then(|| view! {
            <p class="hint-line" data-testid="serve-no-price">"Enter a price per accelerator-hour to see the cost per million requests."</p>
        })}
        <ChartView label="Throughput and p50/p99 latency at each batch limit simulated, against the p99 target" chart=chart table=table />
    }
}

fn verdict(shown: &Shown) -> impl IntoView {
    let out = &shown.output;
    let meets = out.meets_slo && out.stable;
    let (icon, class, title) = if meets {
        ("✔", "callout callout-tip", "Meets the p99 target")
    } else {
        ("✖", "callout callout-warning", "Misses the p99 target")
    };
    let mut text = format!(
        "With {}, p99 latency is {} against a target of {}; the median is {}.",
        if shown.continuous {
            format!(
                "up to {} requests decoding at once (continuous batching)",
                format::grouped(out.max_batch_used)
            )
        } else {
            format!("batches of up to {}", format::grouped(out.max_batch_used))
        },
        format::milliseconds(out.latency_ms.p99),
        format::milliseconds(shown.slo_ms),
        format::milliseconds(out.latency_ms.p50),
    );
    if out.max_batch_used < shown.requested_batch {
        text.push_str(&format!(
            " Memory caps the batch at {}: every request's KV cache must fit beside the weights.",
            format::grouped(out.max_batch_used)
        ));
    }
    // The longest answers alone may already exceed the target; then no
    // spreading of the traffic can meet it, and the advice must say so.
    let beyond_reach = " Even alone on an idle server, the longest hundredth of the answers take longer than the target, so more replicas or another batch limit cannot meet it by themselves. Shorter or capped answers, more accelerators per replica or faster hardware can; a target on the time to first token or per token may suit long answers better.";
    if !out.stable {
        let server = if out.tensor_parallel > 1 {
            format!("One replica of {} accelerators", out.tensor_parallel)
        } else {
            "One accelerator".to_string()
        };
        text.push_str(&format!(
            " {server} cannot keep up: requests arrive at {} of what it can serve, so the queue grows for as long as the simulation runs and the tail keeps getting worse. Spread the traffic over {} accelerators.",
            format::percent(out.load),
            format::grouped(out.accelerators_needed)
        ));
        if out.slo_beyond_reach {
            text.push_str(beyond_reach);
        }
    } else if !out.meets_slo && out.slo_beyond_reach {
        text.push_str(beyond_reach);
    } else if !out.meets_slo {
        text.push_str(&match out.max_batch_meeting_slo {
            Some(limit) => format!(
                " A batch limit of {} meets it.",
                format::grouped(limit)
            ),
            // The accelerator keeps up, so more of them is not needed for
            // throughput; what helps is less traffic each, so that smaller,
            // faster batches suffice. A larger limit only makes each token slower.
            None if out.accelerators_needed > out.tensor_parallel => format!(
                " No batch limit simulated meets it. Spread the traffic over more accelerators, {} at the planned load, so that each runs smaller batches, whose tokens come faster; or shorten the outputs, or choose faster hardware.",
                format::grouped(out.accelerators_needed)
            ),
            None => " No batch limit simulated meets it. Spread the traffic over more accelerators so that each runs smaller batches, whose tokens come faster; or shorten the outputs, or choose faster hardware.".to_string(),
        });
    }
    view! {
        <aside class=class role="note" data-testid="serve-verdict" data-meets=meets.to_string()>
            <p class="callout-title"><span aria-hidden="true">{icon}</span>" "{title}</p>
            <p>{text}</p>
        </aside>
    }
}

fn sweep_chart(shown: &Shown) -> Chart {
    let sweep = &shown.output.sweep;
    let labels: Vec<String> = sweep.iter().map(|p| format::grouped(p.max_batch)).collect();
    let line = |name: &str, values: Vec<f64>, style: LineStyleType, symbol: Symbol| {
        Line::new()
            .name(name)
            .symbol(symbol)
            .symbol_size(9)
            .line_style(LineStyle::new().type_(style).width(2.5))
            .data(values)
    };
    Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Axis))
        .x_axis(
            frame::x_axis("Batch limit")
                .type_(AxisType::Category)
                .data(labels),
        )
        // Seconds, not milliseconds: a queue that cannot keep up grows to hours,
        // and a log axis in ms would label it 100,000,000.
        .y_axis(frame::y_axis("Latency (s, log)").type_(AxisType::Log))
        .y_axis(frame::y_axis_right("Requests/s").type_(AxisType::Value))
        .series(
            Bar::new()
                .name("Throughput (requests/s)")
                .y_axis_index(1)
                // Opaque enough for 3:1 against the page in both themes (WCAG's
                // floor for graphics), yet lighter than the latency lines on top.
                .item_style(ItemStyle::new().opacity(0.8))
                .data(sweep.iter().map(|p| p.throughput_per_s).collect()),
        )
        .series(line(
            "p50 latency",
            sweep.iter().map(|p| p.p50_ms / 1000.0).collect(),
            LineStyleType::Solid,
            Symbol::Circle,
        ))
        .series(line(
            "p99 latency",
            sweep.iter().map(|p| p.p99_ms / 1000.0).collect(),
            LineStyleType::Dashed,
            Symbol::Triangle,
        ))
        .series(
            line(
                "p99 target",
                vec![shown.slo_ms / 1000.0; sweep.len()],
                LineStyleType::Dotted,
                Symbol::None,
            )
            .item_style(crate::charts::symbol_free()),
        )
}

fn sweep_table(shown: &Shown) -> ChartTable {
    ChartTable {
        caption: format!(
            "Each batch limit simulated on the same arrivals, against a p99 target of {}. Where full batches cannot keep up with the arrivals, the queue and its latencies grow for as long as the run lasts.",
            format::milliseconds(shown.slo_ms)
        ),
        header: [
            "Batch limit",
            "Throughput",
            "p50 latency",
            "p99 latency",
            "p99 time to first token",
            if shown.continuous {
                "Mean requests per step"
            } else {
                "Mean batch"
            },
            "Keeps up with arrivals",
            "Meets the target",
        ]
        .map(String::from)
        .to_vec(),
        rows: shown
            .output
            .sweep
            .iter()
            .map(|p| {
                vec![
                    format::grouped(p.max_batch),
                    format!(
                        "{} requests/s",
                        format::significant_digits(p.throughput_per_s, 3)
                    ),
                    format::milliseconds(p.p50_ms),
                    format::milliseconds(p.p99_ms),
                    format::milliseconds(p.ttft_p99_ms),
                    mean_batch_text(p.mean_batch),
                    if p.keeps_up { "yes" } else { "no: the queue grows" }.to_string(),
                    if p.meets_slo { "yes" } else { "no" }.to_string(),
                ]
            })
            .collect(),
    }
}
