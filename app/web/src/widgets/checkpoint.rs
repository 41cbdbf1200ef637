//! The checkpoint-interval widget: Young's optimum and the time failures cost,
//! beside Daly's higher-order optimum and exponential model.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::{self, frame};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::field::{form_setter, form_value, ready_field_error, NumberField};
use crate::widgets::live_summary::{live_summary, summarize_outputs};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use charming::datatype::DataPoint;
use charming::element::{AxisType, Symbol, Tooltip, Trigger};
use charming::Chart;
use engine::checkpoint::{compute, CheckpointForm, CheckpointOutput, FIELDS};
use engine::format;
use leptos::prelude::*;

/// Label and hint for each field, in `FIELDS` order.
const LABELS: [(&str, &str); 4] = [
    (
        "MTBF of one node (hours)",
        "Mean time between failures of a single server",
    ),
    ("Nodes in the job", "Any one failing stops the job"),
    (
        "Checkpoint write time (s)",
        "Time the job pauses to save its state",
    ),
    (
        "Restart time (s)",
        "Rescheduling, reloading and warming up after a failure",
    ),
];

#[component]
pub fn Checkpoint(mount: WidgetMount) -> impl IntoView {
    let form = url_state::form_state::<CheckpointForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| form.with(CheckpointForm::validate));
    let output = Memo::new(move |_| validated.with(|v| v.as_ref().ok().map(compute)));
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual_minutes =
        Signal::derive(move || output.with(|o| o.as_ref().map(|o| o.young_interval_s / 60.0)));
    let fields = FIELDS
        .iter()
        .zip(LABELS)
        .map(|(field, (label, hint))| {
            let field = *field;
            let value = form_value(form, field);
            let error = ready_field_error(validated, field);
            let on_input = form_setter(form, field);
            view! { <NumberField id=format!("{}-{field}", mount.instance) label=label hint=hint test_id=field value=value error=error on_input=on_input /> }
        })
        .collect_view();
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit="minutes" revealed=revealed guess=guess actual=actual_minutes /> }
    });
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Checkpoint interval".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{}-heading", mount.instance);
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{}", mount.instance);
    let instance = mount.instance.clone();
    view! {
        <section class="widget" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live calculator · ">{title}</WidgetTitle>
            {changed_note}
            <form class="widget-form" on:submit=|ev| ev.prevent_default() novalidate>{fields}</form>
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(move || validated.with(Result::is_err), move || output.with(|o| o.as_ref().map(summary)))}
                <Show when=move || output.with(Option::is_some) fallback=|| view! {
                    <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to see results."</p>
                }>
                    <Results instance=instance.clone() output=output />
                </Show>
            </div>
            <CopyLink />
        </section>
    }
}

/// The interval and the time it loses, and the warning's title when the
/// formula is out of its range, so a screen reader hears all three.
fn summary(output: &CheckpointOutput) -> String {
    let headline = summarize_outputs(&output.explanations, &["young_interval", "waste"]);
    match output.warning {
        Some(_) => format!("{headline} Outside the formula's range."),
        None => headline,
    }
}

#[component]
fn Results(instance: String, output: Memo<Option<CheckpointOutput>>) -> impl IntoView {
    let count = output.with_untracked(|o| o.as_ref().map_or(0, |o| o.explanations.len()));
    let outputs = (0..count)
        .map(|idx| {
            let explanation = Signal::derive(move || {
                output.with(|o| o.as_ref().and_then(|o| o.explanations.get(idx).cloned()))
            });
            view! { <ExplainedOutput id=instance.clone() explanation=explanation /> }
        })
        .collect_view();
    let chart = Signal::derive(move || output.with(|o| o.as_ref().map(waste_chart)));
    let table =
        Signal::derive(move || output.with(|o| o.as_ref().map(waste_table).unwrap_or_default()));
    view! {
        {move || output.with(|o| o.as_ref().and_then(|o| o.warning.clone())).map(|warning| view! {
            <aside class="callout callout-warning" role="note" data-testid="checkpoint-warning">
                <p class="callout-title"><span aria-hidden="true">"⚠"</span>" Outside the formula's range"</p>
                <p>{warning}</p>
            </aside>
        })}
        <dl class="outputs">{outputs}</dl>
        <ChartView label="Share of time lost against checkpoint interval, by the first-order sum and under random failures; the marker is Young's interval" chart=chart table=table />
    }
}

fn waste_chart(output: &CheckpointOutput) -> Chart {
    // Past 100% the first-order sum describes nothing, so its line stops
    // there; the exponential model is drawn across the whole range.
    let first_order: Vec<DataPoint> = output
        .curve
        .iter()
        .filter_map(|p| {
            p.first_order
                .map(|w| DataPoint::from(vec![p.interval_s / 60.0, w * 100.0]))
        })
        .collect();
    let exponential: Vec<DataPoint> = output
        .curve
        .iter()
        .map(|p| DataPoint::from(vec![p.interval_s / 60.0, p.exponential * 100.0]))
        .collect();
    let young = output.young_interval_s / 60.0;
    let marker: Vec<DataPoint> = vec![
        DataPoint::from(vec![young, 0.0]),
        DataPoint::from(vec![young, output.waste_at_young * 100.0]),
    ];
    Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        // The curve draws no symbols to hover, so the tooltip follows the axis.
        .tooltip(Tooltip::new().trigger(Trigger::Axis))
        .x_axis(frame::x_axis("Checkpoint interval (minutes)").type_(AxisType::Log))
        .y_axis(frame::y_axis("Time lost (%)").type_(AxisType::Value))
        // Forty symbols per curve would hide their shapes, so the two curves
        // differ by line style, in the legend too, and by name in the
        // tooltip: solid and dotted, since Young's marker is already dashed.
        .series(
            charts::line_series("First-order sum", 0)
                .symbol(Symbol::None)
                .item_style(charts::symbol_free())
                .data(first_order),
        )
        .series(
            charts::line_series("Random failures (Daly)", 2)
                .symbol(Symbol::None)
                .item_style(charts::symbol_free())
                .data(exponential),
        )
        .series(charts::marker_series("Young's interval").data(marker))
}

fn waste_table(output: &CheckpointOutput) -> ChartTable {
    ChartTable {
        caption: "Time lost at a range of checkpoint intervals".to_string(),
        header: vec![
            "Checkpoint every".to_string(),
            "Time lost, first order".to_string(),
            "Time lost, random failures (Daly)".to_string(),
        ],
        rows: output
            .curve
            .iter()
            .step_by(5)
            .map(|p| {
                vec![
                    format::duration(p.interval_s),
                    p.first_order.map_or_else(
                        || "100% or more: the sum no longer applies".to_string(),
                        format::percent,
                    ),
                    format::percent(p.exponential),
                ]
            })
            .collect(),
    }
}
