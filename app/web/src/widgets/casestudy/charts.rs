//! The case study's charts, each with its data table: progress over time
//! with interruptions marked, goodput against checkpoint interval, and cost
//! against completion time for every setup the recommender priced.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::frame;
use charming::datatype::{DataPoint, DataPointItem};
use charming::element::{AxisType, Symbol, Tooltip, Trigger};
use charming::series::{Line, Scatter};
use charming::Chart;
use engine::casestudy::{CaseStudyOutput, EventKind};
use engine::format;
use leptos::prelude::*;
use std::sync::Arc;

fn base() -> Chart {
    Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Item))
}

fn kind_label(kind: EventKind) -> &'static str {
    match kind {
        EventKind::ScaleUp => "Scale-up",
        EventKind::Start => "Start",
        EventKind::Checkpoint => "Checkpoint",
        EventKind::Failure => "Failure",
        EventKind::Preemption => "Spot preemption",
        EventKind::Restart => "Restart",
        EventKind::Done => "Done",
        EventKind::ScaleDown => "Scale-down",
    }
}

#[component]
pub fn TimelineChart(output: Arc<CaseStudyOutput>) -> impl IntoView {
    let events = output.timeline.clone();
    let points = |filter: &dyn Fn(EventKind) -> bool| -> Vec<DataPoint> {
        events
            .iter()
            .filter(|e| filter(e.kind))
            .map(|e| {
                let hours = e.t_s / 3600.0;
                let name = format!(
                    "{} at {} h, work done (%)",
                    kind_label(e.kind),
                    format::significant_digits(hours, 3)
                );
                DataPoint::Item(DataPointItem::new(vec![hours, e.progress * 100.0]).name(name))
            })
            .collect()
    };
    let progress = points(&|_| true);
    let failures = points(&|k| k == EventKind::Failure);
    let preemptions = points(&|k| k == EventKind::Preemption);
    let scaling = points(&|k| {
        matches!(
            k,
            EventKind::ScaleUp | EventKind::ScaleDown | EventKind::Restart
        )
    });
    let chart = base()
        .x_axis(frame::x_axis("Hours").type_(AxisType::Value))
        .y_axis(
            frame::y_axis("Work done (%)")
                .type_(AxisType::Value)
                .min(0)
                .max(100),
        )
        .series(Line::new().name("Progress").data(progress))
        .series(
            Scatter::new()
                .name("Failures")
                .symbol(Symbol::Triangle)
                .symbol_size(12)
                .data(failures),
        )
        .series(
            Scatter::new()
                .name("Spot preemptions")
                .symbol(Symbol::Diamond)
                .symbol_size(12)
                .data(preemptions),
        )
        .series(
            Scatter::new()
                .name("Restarts and scaling")
                .symbol(Symbol::Rect)
                .symbol_size(8)
                .data(scaling),
        );
    let rows: Vec<Vec<String>> = events
        .iter()
        .filter(|e| e.kind != EventKind::Checkpoint)
        .map(|e| {
            vec![
                format!("{} h", format::significant_digits(e.t_s / 3600.0, 4)),
                kind_label(e.kind).to_string(),
                format!("{}%", format::significant_digits(e.progress * 100.0, 3)),
            ]
        })
        .collect();
    let checkpoints = events
        .iter()
        .filter(|e| e.kind == EventKind::Checkpoint)
        .count();
    let table = ChartTable {
        caption: format!("Events of the first replication ({checkpoints} checkpoints not listed)"),
        header: ["Time", "Event", "Work saved or done"]
            .map(String::from)
            .to_vec(),
        rows,
    };
    let chart = Signal::derive(move || Some(chart.clone()));
    let table = Signal::derive(move || table.clone());
    view! { <ChartView label="Timeline of one run: progress, with failures, preemptions, restarts and scaling marked" chart=chart table=table /> }
}

#[component]
pub fn SweepChart(output: Arc<CaseStudyOutput>) -> impl IntoView {
    if output.sweep.is_empty() {
        return view! { <p data-testid="sweep-none">"Nothing fails in this setup, so no checkpoint interval is best: checkpoints only cost time."</p> }.into_any();
    }
    let curve: Vec<DataPoint> = output
        .sweep
        .iter()
        .map(|p| {
            let name = format!("Every {}, goodput (%)", format::duration(p.interval_s));
            DataPoint::Item(
                DataPointItem::new(vec![p.interval_s / 3600.0, p.goodput * 100.0]).name(name),
            )
        })
        .collect();
    // The axis spans the simulated goodputs only, since they differ by tenths
    // of a percent; its ends are rounded so the end labels stay short.
    let (low, high) = output
        .sweep
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p.goodput * 100.0), hi.max(p.goodput * 100.0))
        });
    let (low, high) = format::nice_bounds(low, high);
    let mut marks = Vec::new();
    if let Some(young) = output.checkpoint_interval_young_daly_s {
        let goodput = output
            .sweep
            .iter()
            .min_by(|a, b| {
                (a.interval_s - young)
                    .abs()
                    .total_cmp(&(b.interval_s - young).abs())
            })
            .map_or(0.0, |p| p.goodput);
        let name = format!("Every {}, goodput (%)", format::duration(young));
        marks.push(DataPoint::Item(
            DataPointItem::new(vec![young / 3600.0, goodput * 100.0]).name(name),
        ));
    }
    let chart = base()
        .x_axis(frame::x_axis("Checkpoint interval (hours)").type_(AxisType::Log))
        .y_axis(
            frame::y_axis("Goodput (%)")
                .type_(AxisType::Value)
                .min(low)
                .max(high),
        )
        .series(Line::new().name("Simulated goodput").data(curve))
        .series(
            Scatter::new()
                .name("Young's interval")
                .symbol(Symbol::Diamond)
                .symbol_size(14)
                .data(marks),
        );
    let table = ChartTable {
        caption: "Mean goodput at each simulated checkpoint interval".into(),
        header: ["Interval", "Mean completion", "Goodput"]
            .map(String::from)
            .to_vec(),
        rows: output
            .sweep
            .iter()
            .map(|p| {
                vec![
                    format::duration(p.interval_s),
                    format::hours(p.mean_completion_s),
                    format!("{}%", format::significant_digits(p.goodput * 100.0, 4)),
                ]
            })
            .collect(),
    };
    let chart = Signal::derive(move || Some(chart.clone()));
    let table = Signal::derive(move || table.clone());
    view! { <ChartView label="Goodput against checkpoint interval, with Young's interval marked" chart=chart table=table /> }.into_any()
}

/// A priced setup on the cost chart, named so its tooltip says which setup
/// it is and how long it takes, not only its cost.
fn setup_point(gpus: u64, spot_fraction: f64, completion_s: f64, cost_usd: f64) -> DataPoint {
    let name = format!(
        "{} GPUs, {}% on spot, {}; cost ($)",
        format::grouped(gpus),
        format::significant_digits(spot_fraction * 100.0, 3),
        format::hours(completion_s)
    );
    DataPoint::Item(DataPointItem::new(vec![completion_s / 3600.0, cost_usd]).name(name))
}

#[component]
pub fn CostChart(output: Arc<CaseStudyOutput>) -> impl IntoView {
    let Some(rec) = output.recommendation.clone() else {
        return ().into_any();
    };
    let pick = |meets: bool| -> Vec<DataPoint> {
        rec.candidates
            .iter()
            .filter(|c| c.meets_deadline == meets)
            .map(|c| {
                setup_point(
                    c.gpus,
                    c.spot_fraction,
                    c.expected_completion_s,
                    c.expected_cost_usd,
                )
            })
            .collect()
    };
    let chosen = vec![setup_point(
        rec.gpus,
        rec.spot_fraction,
        rec.expected_completion_s,
        rec.expected_cost_usd,
    )];
    // The deadline as a vertical line across the range of costs.
    let (low, high) = rec
        .candidates
        .iter()
        .fold((f64::INFINITY, 0.0_f64), |(lo, hi), c| {
            (lo.min(c.expected_cost_usd), hi.max(c.expected_cost_usd))
        });
    let deadline_hours = rec.deadline_s / 3600.0;
    let deadline = vec![
        DataPoint::from(vec![deadline_hours, low.min(high)]),
        DataPoint::from(vec![deadline_hours, high]),
    ];
    let chart = base()
        .x_axis(frame::x_axis("Expected completion (hours)").type_(AxisType::Log))
        .y_axis(frame::y_axis("Expected cost ($)").type_(AxisType::Log))
        .series(
            Scatter::new()
                .name("Meets the deadline")
                .symbol(Symbol::Circle)
                .data(pick(true)),
        )
        .series(
            Scatter::new()
                .name("Misses it")
                .symbol(Symbol::Triangle)
                .data(pick(false)),
        )
        .series(
            Scatter::new()
                .name("Recommended")
                .symbol(Symbol::Diamond)
                .symbol_size(16)
                .data(chosen),
        )
        .series(
            Line::new()
                .name("Deadline")
                .symbol(Symbol::None)
                .item_style(crate::charts::symbol_free())
                .data(deadline),
        );
    let table = ChartTable {
        caption: "Every setup the recommender priced".into(),
        header: [
            "GPUs",
            "On spot",
            "Expected completion",
            "Expected cost",
            "Meets the deadline",
        ]
        .map(String::from)
        .to_vec(),
        rows: rec
            .candidates
            .iter()
            .map(|c| {
                vec![
                    format::grouped(c.gpus),
                    format!(
                        "{}%",
                        format::significant_digits(c.spot_fraction * 100.0, 3)
                    ),
                    format::hours(c.expected_completion_s),
                    format!(
                        "${}",
                        format::grouped(c.expected_cost_usd.round().max(0.0) as u64)
                    ),
                    if c.meets_deadline {
                        "yes".into()
                    } else {
                        "no".into()
                    },
                ]
            })
            .collect(),
    };
    let chart = Signal::derive(move || Some(chart.clone()));
    let table = Signal::derive(move || table.clone());
    view! { <ChartView label="Cost against completion time for every setup considered, with the deadline as a vertical line" chart=chart table=table /> }.into_any()
}
