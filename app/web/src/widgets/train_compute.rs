//! The training-compute widget: C = 6·N·D and the time a cluster needs for it.
//! Raw strings live in one signal; validation and compute are Memos over it.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::frame;
use crate::widgets::copy_link::CopyLink;
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::field::{ready_field_error, NumberField};
use crate::widgets::live_summary::{live_summary, summarize};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use charming::datatype::DataPoint;
use charming::element::{AxisType, Symbol, Tooltip, Trigger};
use charming::series::Line;
use charming::Chart;
use engine::format;
use engine::train_compute::{compute, TrainComputeForm, TrainComputeOutput, FIELDS};
use leptos::prelude::*;

/// Label and hint for each field, in `FIELDS` order.
const LABELS: [(&str, &str); 5] = [
    ("Parameters (N)", "Model size, e.g. 7e9 for 7 billion"),
    (
        "Training tokens (D)",
        "e.g. 300e9 for GPT-3, 15e12 for Llama 3",
    ),
    ("Accelerators (n)", "Whole number of GPUs or TPU chips"),
    (
        "Peak dense TFLOP/s per accelerator (P)",
        "Datasheet figure at the training precision, without sparsity",
    ),
    (
        "Utilization (u)",
        "Share of peak reached, 0 to 1; 0.2 to 0.5 is typical",
    ),
];

#[component]
pub fn TrainCompute(mount: WidgetMount) -> impl IntoView {
    let form = url_state::form_state::<TrainComputeForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| form.with(TrainComputeForm::validate));
    let output = Memo::new(move |_| validated.with(|v| v.as_ref().ok().map(compute)));

    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual_days =
        Signal::derive(move || output.with(|o| o.as_ref().map(|o| o.time_s / 86_400.0)));

    let fields = FIELDS
        .iter()
        .zip(LABELS)
        .map(|(field, (label, hint))| {
            let field = *field;
            let value = Signal::derive(move || form.with(|f| f.pairs().iter().find(|(name, _)| *name == field).map(|(_, v)| (*v).to_string()).unwrap_or_default()));
            let error = ready_field_error(validated, field);
            let on_input = Callback::new(move |text: String| form.update(|f| {
                f.set(field, text);
            }));
            view! {
                <NumberField id=format!("{}-{field}", mount.instance) label=label hint=hint test_id=field value=value error=error on_input=on_input />
            }
        })
        .collect_view();

    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Training compute and time".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{}-heading", mount.instance);
    let heading_id_for_section = heading_id.clone();
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit="days" revealed=revealed guess=guess actual=actual_days /> }
    });
    let instance_for_results = mount.instance.clone();
    let valid = Memo::new(move |_| output.with(Option::is_some));
    view! {
        <section class="widget" aria-labelledby=heading_id_for_section data-testid=format!("widget-{}", mount.instance)>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live calculator · ">{title}</WidgetTitle>
            {changed_note}
            <form class="widget-form" on:submit=|ev| ev.prevent_default() novalidate>
                {fields}
            </form>
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(move || validated.with(Result::is_err), move || output.with(|o| o.as_ref().map(|o| summarize(&o.explanations))))}
                <Show when=move || valid.get() fallback=|| view! {
                    <p class="results-invalid" data-testid="results-invalid">
                        <span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to see results."
                    </p>
                }>
                    <Results instance=instance_for_results.clone() output=output />
                </Show>
            </div>
            <CopyLink />
        </section>
    }
}

/// The outputs stay mounted while input changes, so the chart updates in place.
#[component]
fn Results(instance: String, output: Memo<Option<TrainComputeOutput>>) -> impl IntoView {
    let outputs = (0..OUTPUT_COUNT)
        .map(|idx| {
            let explanation = Signal::derive(move || {
                output.with(|o| o.as_ref().and_then(|o| o.explanations.get(idx).cloned()))
            });
            view! { <ExplainedOutput id=instance.clone() explanation=explanation /> }
        })
        .collect_view();
    let chart = Signal::derive(move || output.with(|o| o.as_ref().map(scaling_chart)));
    let table =
        Signal::derive(move || output.with(|o| o.as_ref().map(scaling_table).unwrap_or_default()));
    view! {
        <dl class="outputs">{outputs}</dl>
        <ChartView label="Time to train against cluster size, at the same utilization" chart=chart table=table />
        <p class="chart-note">"This assumes perfect scaling. Real clusters lose time to communication as they grow; the parallelism splitter models that."</p>
    }
}

/// How many explained outputs `compute` returns.
const OUTPUT_COUNT: usize = 4;

/// The unit the chart's times are drawn in: the largest of days, hours,
/// minutes and seconds that keeps the shortest time at 1 or more, so no
/// point falls below a log axis's first decade.
fn time_unit(shortest_s: f64) -> (&'static str, f64) {
    [("Days", 86_400.0), ("Hours", 3_600.0), ("Minutes", 60.0)]
        .into_iter()
        .find(|(_, seconds)| shortest_s >= *seconds)
        .unwrap_or(("Seconds", 1.0))
}

/// The chart's unit for this output, from its shortest time; the table uses it too.
fn scaling_unit(output: &TrainComputeOutput) -> (&'static str, f64) {
    let shortest = output
        .scaling
        .iter()
        .map(|p| p.time_s)
        .fold(f64::INFINITY, f64::min);
    time_unit(shortest)
}

/// A line on a log axis: time halves as the cluster doubles, so the points
/// fall on a straight line. Bars would hang from an arbitrary baseline.
fn scaling_chart(output: &TrainComputeOutput) -> Chart {
    let labels: Vec<String> = output
        .scaling
        .iter()
        .map(|p| format::grouped(p.accelerators))
        .collect();
    let (unit, seconds) = scaling_unit(output);
    // Three significant figures, as the table and the tooltip read them.
    let times: Vec<f64> = output
        .scaling
        .iter()
        .map(|p| {
            format::significant_digits(p.time_s / seconds, 3)
                .parse()
                .unwrap_or(p.time_s / seconds)
        })
        .collect();
    // The learner's own cluster as one larger diamond at its category, so it
    // stands out by shape and has its own legend entry.
    let yours: Vec<DataPoint> = output
        .scaling
        .iter()
        .zip(&times)
        .enumerate()
        .filter(|(_, (point, _))| point.chosen)
        .map(|(index, (_, time))| DataPoint::from(vec![index as f64, *time]))
        .collect();
    Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Axis))
        .x_axis(
            frame::x_axis("Accelerators")
                .type_(AxisType::Category)
                .data(labels),
        )
        .y_axis(frame::y_axis(unit).type_(AxisType::Log))
        .series(
            Line::new()
                .name(format!("{unit} to train"))
                .symbol(Symbol::Circle)
                .symbol_size(8)
                .data(times),
        )
        .series(
            Line::new()
                .name("Your cluster")
                .symbol(Symbol::Diamond)
                .symbol_size(16)
                .data(yours),
        )
}

fn scaling_table(output: &TrainComputeOutput) -> ChartTable {
    let (unit, seconds) = scaling_unit(output);
    ChartTable {
        caption: "Time to train against cluster size, in the chart's unit".to_string(),
        header: vec![
            "Accelerators".to_string(),
            format!("Time to train ({})", unit.to_lowercase()),
        ],
        rows: output
            .scaling
            .iter()
            .map(|p| {
                let size = format::grouped(p.accelerators);
                vec![
                    if p.chosen {
                        format!("{size} (your cluster)")
                    } else {
                        size
                    },
                    // As the chart's tooltip reads it.
                    format::chart_value(p.time_s / seconds),
                ]
            })
            .collect(),
    }
}
