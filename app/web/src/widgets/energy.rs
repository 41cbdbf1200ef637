//! The energy widget: a run's energy, electricity bill, carbon and racks on
//! one catalogued accelerator, and the same work on every other part.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::context::use_course;
use crate::widgets::content_problems::{ContentProblemsNote, SharedFile};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::field::{field_error, form_setter, form_value, NumberField, SelectField};
use crate::widgets::live_summary::{live_summary, summarize};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use charming::component::{Axis, Grid};
use charming::datatype::{DataPoint, DataPointItem};
use charming::element::{
    AxisLabel, AxisType, ItemStyle, Label, LabelPosition, NameLocation, Tooltip, Trigger,
};
use charming::series::Bar;
use charming::Chart;
use engine::energy::{compute, Comparison, EnergyForm, EnergyOutput, FIELDS};
use engine::format;
use engine::hardware::Catalogue;
use leptos::prelude::*;
use std::sync::Arc;

/// Label and hint of every numeric field.
const NUMBERS: [(&str, &str, &str); 12] = [
    ("count", "Accelerators", "In the whole run"),
    ("hours", "Hours", "Wall-clock duration of the run"),
    (
        "utilization",
        "Busy share (0 to 1)",
        "Share of hours the parts are busy",
    ),
    (
        "idle_fraction",
        "Idle draw (share of TDP)",
        "What an idle part still draws",
    ),
    (
        "tokens",
        "Tokens processed",
        "Optional, for tokens per joule",
    ),
    (
        "samples",
        "Samples processed",
        "Optional, for samples per joule",
    ),
    ("pue", "PUE", "1.58 on average; about 1.1 at hyperscalers"),
    (
        "usd_per_kwh",
        "Electricity ($ per kWh)",
        "0.08 is the US industrial average",
    ),
    (
        "grid_kg_co2_per_kwh",
        "Grid intensity (kg CO2 per kWh)",
        "0.445 world average; hydro is under 0.05",
    ),
    (
        "accelerators_per_server",
        "Accelerators per server",
        "8 in an HGX or DGX server",
    ),
    (
        "server_overhead_w",
        "Server overhead (W)",
        "CPUs, memory, NICs and fans per server",
    ),
    (
        "rack_limit_kw",
        "Rack power limit (kW)",
        "15–20 air-cooled; 100 or more liquid-cooled",
    ),
];

/// Outputs in reading order; each has an explanation from the engine.
const OUTPUTS: [&str; 9] = [
    "kwh",
    "usd",
    "co2_kg",
    "tokens_per_joule",
    "samples_per_joule",
    "racks_needed",
    "average_power_w",
    "it_power_kw",
    "facility_power_kw",
];

/// A valid input's result, with the chosen part's id to mark it in the comparison.
#[derive(Clone, Debug, PartialEq)]
struct Computed {
    chosen: String,
    output: EnergyOutput,
}

/// A catalogue entry's name for a chart label: without its vendor, its
/// product line and anything in brackets, e.g. "MI300X 192 GB".
fn short_name(name: &str) -> String {
    let name = name.split(" (").next().unwrap_or(name);
    let words: Vec<&str> = name
        .split_whitespace()
        .filter(|word| {
            !matches!(
                *word,
                "NVIDIA" | "AMD" | "Google" | "Cloud" | "AWS" | "Intel" | "Instinct" | "Tesla"
            )
        })
        .collect();
    if words.is_empty() {
        name.to_string()
    } else {
        words.join(" ")
    }
}

fn accelerator_options(catalogue: Option<Arc<Catalogue>>) -> Vec<(String, String)> {
    catalogue
        .map(|catalogue| {
            catalogue
                .accelerators
                .iter()
                .filter(|acc| acc.tdp_w.is_some_and(|w| w > 0.0))
                .map(|acc| {
                    let watts = acc.tdp_w.unwrap_or_default();
                    (
                        acc.id.clone(),
                        format!("{} ({})", acc.short(), format::si(watts, "W")),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[component]
pub fn Energy(mount: WidgetMount) -> impl IntoView {
    let catalogue = Signal::derive(move || use_course().and_then(|course| course.catalogue.get()));
    let form = url_state::form_state::<EnergyForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| {
        catalogue
            .get()
            .map(|catalogue| form.with(|f| f.validate(&catalogue)))
    });
    let output = Memo::new(move |_| {
        validated.with(|v| {
            v.as_ref()
                .and_then(|r| r.as_ref().ok())
                .map(|input| Computed {
                    chosen: input.accelerator.id.clone(),
                    output: compute(input),
                })
        })
    });
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
    let options = Signal::derive(move || accelerator_options(catalogue.get()));
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual_tonnes =
        Signal::derive(move || output.with(|o| o.as_ref().map(|o| o.output.co2_kg / 1000.0)));
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit="tonnes of CO2" revealed=revealed guess=guess actual=actual_tonnes /> }
    });
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Energy and carbon of a run".to_string());
    let id = mount.instance.clone();
    let heading_standalone = mount.standalone;
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{id}");
    view! {
        <section class="widget widget-wide" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live calculator · ">{title}</WidgetTitle>
            <ContentProblemsNote file=SharedFile::Catalogue />
            {changed_note}
            <form class="widget-form grouped-form" on:submit=|ev| ev.prevent_default() novalidate>
                <fieldset class="field-group" data-testid="group-run">
                    <legend>"The run"</legend>
                    <SelectField id=format!("{id}-accelerator") label="Accelerator (with its TDP)" test_id="accelerator" options=options wide=true
                        value=form_value(form, "accelerator") error=error_for("accelerator") on_change=form_setter(form, "accelerator") />
                    {number("count")}{number("hours")}{number("utilization")}{number("idle_fraction")}
                    {number("tokens")}{number("samples")}
                </fieldset>
                <fieldset class="field-group" data-testid="group-site">
                    <legend>"The site"</legend>
                    {number("pue")}{number("usd_per_kwh")}{number("grid_kg_co2_per_kwh")}
                </fieldset>
                <fieldset class="field-group" data-testid="group-racks">
                    <legend>"Servers and racks"</legend>
                    {number("accelerators_per_server")}{number("server_overhead_w")}{number("rack_limit_kw")}
                </fieldset>
            </form>
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(move || validated.with(|v| matches!(v, Some(Err(_)))), move || output.with(|o| o.as_ref().map(|c| summarize(&c.output.explanations))))}
                {move || match (catalogue.with(Option::is_some), output.with(Option::is_some)) {
                    (false, _) => view! { <p role="status">"Loading the hardware catalogue…"</p> }.into_any(),
                    (true, false) => view! {
                        <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to see results."</p>
                    }.into_any(),
                    (true, true) => ().into_any(),
                }}
                <Show when=move || output.with(Option::is_some)>
                    <Results id=id.clone() output=output />
                </Show>
            </div>
            <CopyLink />
        </section>
    }
}

#[component]
fn Results(id: String, output: Memo<Option<Computed>>) -> impl IntoView {
    let outputs = OUTPUTS
        .iter()
        .map(|key| {
            let explanation = Signal::derive(move || {
                output.with(|o| {
                    o.as_ref().and_then(|o| {
                        o.output
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
    let chart = Signal::derive(move || output.with(|o| o.as_ref().map(comparison_chart)));
    let table = Signal::derive(move || {
        output.with(|o| o.as_ref().map(comparison_table).unwrap_or_default())
    });
    view! {
        {move || output.with(|o| o.as_ref().map(|o| view! {
            <p class="result-summary" data-testid="energy-summary">{summary(&o.output)}</p>
        }))}
        {move || output.with(|o| o.as_ref().and_then(|o| o.output.overhead_warning.clone())).map(|warning| view! {
            <aside class="callout callout-warning" role="note" data-testid="energy-overhead-warning">
                <p class="callout-title"><span aria-hidden="true">"⚠"</span>" An overhead larger than the cards"</p>
                <p>{warning}</p>
            </aside>
        })}
        <dl class="outputs">{outputs}</dl>
        <ChartView label="This run's accelerator energy on every catalogued part (MWh, PUE included, servers left out; ★ marks the chosen part)" chart=chart table=table />
    }
}

fn mwh(kwh: f64) -> String {
    format!("{} MWh", format::significant_digits(kwh / 1000.0, 3))
}

fn summary(output: &EnergyOutput) -> String {
    format!(
        "{} of facility energy, {} of electricity and {} t of CO2, drawn by {} at {} from the grid.",
        engine::energy::kwh_text(output.kwh),
        format::usd(output.usd),
        format::significant_digits(output.co2_kg / 1000.0, 3),
        format::count(output.servers, "server", "servers"),
        format::si(output.facility_power_kw * 1000.0, "W"),
    )
}

/// The parts that can do the same work (both they and the chosen part
/// publish a dense BF16 peak), least energy first; when the chosen part has
/// no such peak, every part for the same hours instead. The flag says which.
fn bars(output: &EnergyOutput) -> (Vec<(&Comparison, f64)>, bool) {
    let pick = |same_work: bool| {
        let mut parts: Vec<(&Comparison, f64)> = output
            .comparison
            .iter()
            .filter_map(|c| {
                if same_work {
                    c.kwh_equal_work.map(|kwh| (c, kwh))
                } else {
                    Some((c, c.kwh_equal_hours))
                }
            })
            .collect();
        parts.sort_by(|a, b| a.1.total_cmp(&b.1));
        parts
    };
    let same_work = pick(true);
    if same_work.is_empty() {
        (pick(false), false)
    } else {
        (same_work, true)
    }
}

fn comparison_chart(computed: &Computed) -> Chart {
    let is_chosen = |c: &Comparison| c.id == computed.chosen;
    let narrow = crate::dom::narrow_screen();
    // Horizontal bars list from the bottom up, so the least energy goes last.
    let (parts, same_work) = bars(&computed.output);
    let parts: Vec<(&Comparison, f64)> = parts.into_iter().rev().collect();
    let names: Vec<String> = parts
        .iter()
        .map(|(c, _)| {
            let name = short_name(&c.name);
            if is_chosen(c) {
                format!("★ {name}")
            } else {
                name
            }
        })
        .collect();
    let values: Vec<DataPoint> = parts
        .iter()
        .map(|(c, kwh)| {
            // MWh to three figures, so the bar labels stay short.
            let mwh = kwh / 1000.0;
            let value = format::significant_digits(mwh, 3)
                .parse::<f64>()
                .unwrap_or(mwh);
            if is_chosen(c) {
                DataPoint::from(
                    DataPointItem::new(value)
                        .item_style(ItemStyle::new().border_width(3).border_color("#d98c1f")),
                )
            } else {
                DataPoint::from(value)
            }
        })
        .collect();
    Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Axis))
        .grid(
            Grid::new()
                .left(8)
                .right(56)
                .top(8)
                .bottom(30)
                .contain_label(true),
        )
        .x_axis(
            Axis::new()
                .type_(AxisType::Value)
                .name(if same_work {
                    "MWh for the same work"
                } else {
                    "MWh for the same hours (no BF16 peak to scale by)"
                })
                .name_location(NameLocation::Middle)
                .name_gap(24)
                // Each bar carries its value, so a narrow screen needs few ticks.
                .split_number(if narrow { 2 } else { 5 }),
        )
        .y_axis(
            Axis::new()
                .type_(AxisType::Category)
                .axis_label(AxisLabel::new().font_size(if narrow { 11 } else { 12 }))
                .data(names),
        )
        .series(
            Bar::new()
                .name("Energy (MWh)")
                .label(Label::new().show(true).position(LabelPosition::Right))
                .data(values),
        )
}

fn comparison_table(computed: &Computed) -> ChartTable {
    let is_chosen = |c: &Comparison| c.id == computed.chosen;
    let mut parts: Vec<&Comparison> = computed.output.comparison.iter().collect();
    parts.sort_by(|a, b| match (a.kwh_equal_work, b.kwh_equal_work) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.name.cmp(&b.name),
    });
    let dash = || "—".to_string();
    ChartTable {
        caption: "The same run on every catalogued part with a published TDP: accelerators only, PUE included. Parts without a dense BF16 peak cannot be scaled to the same work; a part with FP16 tensor cores only is counted at its FP16 peak.".to_string(),
        header: [
            "Accelerator",
            "TDP",
            "16-bit peak (FP16 where a part has no BF16)",
            "TFLOP/s per W",
            "Hours for the same work",
            "Energy, same work",
            "Energy, same hours",
        ]
        .map(String::from)
        .to_vec(),
        rows: parts
            .into_iter()
            .map(|c| {
                let name = if is_chosen(c) {
                    format!("{} (chosen)", c.name)
                } else {
                    c.name.clone()
                };
                vec![
                    name,
                    format::si(c.tdp_w, "W"),
                    c.peak_bf16_tflops
                        .map(|p| format!("{} TFLOP/s", format::significant_digits(p, 4)))
                        .unwrap_or_else(dash),
                    c.tflops_per_watt
                        .map(|p| format::significant_digits(p, 3))
                        .unwrap_or_else(dash),
                    c.hours_equal_work
                        .map(|h| format::significant_digits(h, 3))
                        .unwrap_or_else(dash),
                    c.kwh_equal_work.map(mwh).unwrap_or_else(dash),
                    mwh(c.kwh_equal_hours),
                ]
            })
            .collect(),
    }
}
