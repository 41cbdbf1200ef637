//! The checkpoint-interval widget: Young's optimum and the time failures cost.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::{self, frame};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::field::{form_setter, form_value, ready_field_error, NumberField};
use crate::widgets::live_summary::{live_summary, summarize};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use charming::datatype::DataPoint;
use charming::element::{AxisType, Tooltip, Trigger};
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
                {live_summary(move || validated.with(Result::is_err), move || output.with(|o| o.as_ref().map(|o| summarize(&o.explanations))))}
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

#[component]
fn Results(instance: String, output: Memo<Option<CheckpointOutput>>) -> impl IntoView {
    let outputs = (0..3)
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
        <ChartView label="Share of time lost against checkpoint interval; the minimum is Young's interval" chart=chart table=table />
    }
}

fn waste_chart(output: &CheckpointOutput) -> Chart {
    let points: Vec<DataPoint> = output
        .curve
        .iter()
        .map(|p| DataPoint::from(vec![p.interval_s / 60.0, p.waste * 100.0]))
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
        // The only curve needs no symbols to tell it apart, and forty of them
        // would hide its shape; the marker line stays the one thing drawn on it.
        .series(
            charts::line_series("Time lost", 0)
                .show_symbol(false)
                .data(points),
        )
        .series(charts::marker_series("Young's interval").data(marker))
}

fn waste_table(output: &CheckpointOutput) -> ChartTable {
    ChartTable {
        caption: "Time lost at a range of checkpoint intervals".to_string(),
        header: vec!["Checkpoint every".to_string(), "Time lost".to_string()],
        rows: output
            .curve
            .iter()
            .step_by(5)
            .map(|p| {
                vec![
                    format::duration(p.interval_s),
                    format!("{}%", format::significant_digits(p.waste * 100.0, 3)),
                ]
            })
            .collect(),
    }
}
