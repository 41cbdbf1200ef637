//! The chiplet widget: one big die against n chiplets, in yield, wafer area and cost.

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
use engine::chiplet::{compute, verdict, ChipletForm, ChipletOutput, FIELDS};
use engine::format;
use leptos::prelude::*;

const LABELS: [(&str, &str); 9] = [
    (
        "Logic area per product (mm²)",
        "What one big die would measure",
    ),
    ("Chiplets", "1 = one monolithic die"),
    (
        "Defects per cm²",
        "Illustrative; foundries do not publish theirs",
    ),
    ("Wafer price ($)", "An assumption for a leading-edge node"),
    ("Wafer diameter (mm)", "300 for current fabs"),
    ("Edge exclusion (mm)", "Unusable rim of the wafer"),
    (
        "Interface area share",
        "Extra area per chiplet for die-to-die links",
    ),
    ("Assembly $ per chiplet", "Bonding and test"),
    (
        "Bonding yield per chiplet",
        "Chance one chiplet is attached correctly",
    ),
];

#[component]
pub fn Chiplet(mount: WidgetMount) -> impl IntoView {
    let form = url_state::form_state::<ChipletForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| form.with(ChipletForm::validate));
    let output = Memo::new(move |_| validated.with(|v| v.as_ref().ok().map(compute)));
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual =
        Signal::derive(move || output.with(|o| o.as_ref().map(|o| o.chiplet.die_yield * 100.0)));
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
        view! { <PredictGate id=mount.instance.clone() question=question unit="%" revealed=revealed guess=guess actual=actual /> }
    });
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Chiplet yield and cost".to_string());
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
fn Results(instance: String, output: Memo<Option<ChipletOutput>>) -> impl IntoView {
    let outputs = (0..3)
        .map(|idx| {
            let explanation = Signal::derive(move || {
                output.with(|o| o.as_ref().and_then(|o| o.explanations.get(idx).cloned()))
            });
            view! { <ExplainedOutput id=instance.clone() explanation=explanation /> }
        })
        .collect_view();
    let verdict = move || {
        output.with(|o| {
            o.as_ref().map(|o| {
                let (good, text) = verdict(&o.input, o);
                let icon = if good { "✔" } else { "✖" };
                view! { <p class="chiplet-verdict" data-testid="chiplet-verdict"><span aria-hidden="true">{icon}" "</span>{text}</p> }
            })
        })
    };
    let chart = Signal::derive(move || output.with(|o| o.as_ref().map(cost_chart)));
    let table =
        Signal::derive(move || output.with(|o| o.as_ref().map(cost_table).unwrap_or_default()));
    view! {
        {verdict}
        <dl class="outputs">{outputs}</dl>
        <ChartView label="Cost per working product against the number of chiplets" chart=chart table=table />
    }
}

fn cost_chart(output: &ChipletOutput) -> Chart {
    let cost: Vec<DataPoint> = output
        .curve
        .iter()
        .map(|d| DataPoint::from(vec![d.chiplets as f64, d.usd_per_product]))
        .collect();
    let area: Vec<DataPoint> = output
        .curve
        .iter()
        .map(|d| DataPoint::from(vec![d.chiplets as f64, d.area_per_product_mm2]))
        .collect();
    Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Axis))
        .x_axis(
            // Ticks every 2 from 0: echarts' own choice for 1 to 16 (1, 3,
            // 6 … 15, 16) printed the last two labels on top of each other on
            // a phone.
            frame::x_axis("Chiplets per product")
                .type_(AxisType::Value)
                .min(0)
                .max(16)
                .interval(2),
        )
        .y_axis(frame::y_axis("$ per product").type_(AxisType::Value))
        .y_axis(frame::y_axis_right("mm² per product").type_(AxisType::Value))
        .series(charts::line_series("Cost ($)", 0).data(cost))
        .series(
            charts::line_series("Wafer area (mm²)", 1)
                .y_axis_index(1)
                .data(area),
        )
}

fn cost_table(output: &ChipletOutput) -> ChartTable {
    ChartTable {
        caption: "Each split of the same logic".into(),
        header: [
            "Chiplets",
            "Die area",
            "Die yield",
            "Wafer area per product",
            "Cost per product",
        ]
        .map(String::from)
        .to_vec(),
        rows: output
            .curve
            .iter()
            .map(|d| {
                vec![
                    d.chiplets.to_string(),
                    format!("{} mm²", format::significant_digits(d.die_mm2, 4)),
                    format!("{}%", format::significant_digits(d.die_yield * 100.0, 3)),
                    format!("{} mm²", format::readable(d.area_per_product_mm2, 4)),
                    format::usd(d.usd_per_product),
                ]
            })
            .collect(),
    }
}
