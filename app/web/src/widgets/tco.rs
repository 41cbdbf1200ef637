//! The rent-or-buy widget: on-demand, reserved and spot cloud against owning,
//! month by month, with the "70% for 6 months" rule tested against the
//! learner's own prices.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::frame;
use crate::widgets::copy_link::CopyLink;
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::field::{form_setter, form_value, ready_field_error, NumberField};
use crate::widgets::live_summary::{live_summary, summarize};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use charming::datatype::DataPoint;
use charming::element::{AxisType, LineStyle, LineStyleType, Symbol, Tooltip, Trigger};
use charming::series::Line;
use charming::Chart;
use engine::format;
use engine::tco::{
    compute, MonthPoint, TcoForm, TcoInput, TcoOutput, CLOUD_FIELDS, DATA_FIELDS, FIELDS,
    HEURISTIC_MONTHS, HEURISTIC_UTILIZATION, ON_PREM_FIELDS, USAGE_FIELDS,
};
use leptos::prelude::*;

/// Label and hint of every field.
const NUMBERS: [(&str, &str, &str); 18] = [
    ("gpus", "GPUs", "All are paid for when owned or reserved"),
    (
        "horizon_months",
        "Horizon (months)",
        "How long to compare, e.g. 36",
    ),
    (
        "utilization",
        "Utilization (0 to 1)",
        "Share of hours the GPUs are busy",
    ),
    (
        "on_demand_per_gpu_hour",
        "On-demand ($ per GPU-hour)",
        "Billed only for busy hours",
    ),
    (
        "reserved_per_gpu_hour",
        "Reserved ($ per GPU-hour)",
        "Billed every hour of the term",
    ),
    (
        "spot_per_gpu_hour",
        "Spot ($ per GPU-hour)",
        "Can be preempted at short notice",
    ),
    (
        "spot_rework_share",
        "Spot rework (0 to 0.9)",
        "Share of paid spot hours lost to preemption",
    ),
    (
        "price_per_gpu",
        "Purchase per GPU ($)",
        "An assumption: no list price is published",
    ),
    (
        "server_and_network_per_gpu",
        "Server and network per GPU ($)",
        "Its share of the chassis, CPUs and fabric",
    ),
    (
        "amortization_months",
        "Amortization (months)",
        "Useful life; 36 to 60 is usual",
    ),
    (
        "resale_share",
        "Resale at end of life (0 to 0.9)",
        "Share of the price a buyer pays when its life ends",
    ),
    (
        "power_w_per_gpu",
        "Power per busy GPU (W)",
        "700 for an H100 SXM; ~1,275 with its server",
    ),
    ("pue", "PUE", "Facility energy ÷ IT energy, at least 1"),
    ("usd_per_kwh", "Electricity ($ per kWh)", "e.g. 0.08"),
    (
        "hosting_per_gpu_month",
        "Hosting per GPU ($ a month)",
        "Space, cooling capacity, support",
    ),
    (
        "ops_usd_per_month",
        "Operations staff ($ a month)",
        "For the whole fleet",
    ),
    (
        "dataset_tb",
        "Data set to move out (TB)",
        "0 if it already lives on-premises",
    ),
    (
        "egress_per_gb",
        "Egress ($ per GB)",
        "What the cloud charges for data leaving",
    ),
];

/// The form's four groups: legend, test id and fields.
const GROUPS: [(&str, &str, &[&str]); 4] = [
    ("Usage", "usage", &USAGE_FIELDS),
    ("Cloud prices", "cloud", &CLOUD_FIELDS),
    ("On-premises costs", "on-prem", &ON_PREM_FIELDS),
    ("Data", "data", &DATA_FIELDS),
];

/// Outputs in reading order; each has an explanation from the engine.
const OUTPUTS: [&str; 8] = [
    "on_demand",
    "reserved",
    "spot",
    "on_prem",
    "break_even_month",
    "payback_month",
    "break_even_utilization",
    "reserved_break_even_utilization",
];

/// A valid input and what it computes to.
#[derive(Clone, Debug, PartialEq)]
struct Computed {
    input: TcoInput,
    output: TcoOutput,
}

#[component]
pub fn Tco(mount: WidgetMount) -> impl IntoView {
    let form = url_state::form_state::<TcoForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| form.with(TcoForm::validate));
    let computed = Memo::new(move |_| {
        validated.with(|v| {
            v.as_ref().ok().map(|input| Computed {
                input: *input,
                output: compute(input),
            })
        })
    });
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual_months = Signal::derive(move || {
        computed.with(|c| {
            c.as_ref()
                .and_then(|c| c.output.payback_month)
                .map(f64::from)
        })
    });
    let prefix = StoredValue::new(mount.instance.clone());
    let number = move |field: &'static str| {
        let (label, hint) = NUMBERS
            .iter()
            .find(|(name, _, _)| *name == field)
            .map(|(_, label, hint)| (*label, *hint))
            .unwrap_or((field, ""));
        let error = ready_field_error(validated, field);
        view! { <NumberField id=format!("{}-{field}", prefix.get_value()) label=label hint=hint test_id=field value=form_value(form, field) error=error on_input=form_setter(form, field) /> }
    };
    let groups = GROUPS
        .iter()
        .map(|(legend, key, fields)| {
            view! {
                <fieldset class="field-group" data-testid=format!("group-{key}")>
                    <legend>{*legend}</legend>
                    {fields.iter().map(|field| number(field)).collect_view()}
                </fieldset>
            }
        })
        .collect_view();
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit="months" revealed=revealed guess=guess actual=actual_months /> }
    });
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Rent or buy".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{}-heading", mount.instance);
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{}", mount.instance);
    let instance = mount.instance.clone();
    view! {
        <section class="widget widget-wide" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live calculator · ">{title}</WidgetTitle>
            {changed_note}
            <form class="widget-form grouped-form" on:submit=|ev| ev.prevent_default() novalidate>{groups}</form>
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(move || validated.with(Result::is_err), move || computed.with(|c| c.as_ref().map(|c| summarize(&c.output.explanations))))}
                <Show when=move || computed.with(Option::is_some) fallback=|| view! {
                    <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to see results."</p>
                }>
                    <Results instance=instance.clone() computed=computed />
                </Show>
            </div>
            <CopyLink />
        </section>
    }
}

#[component]
fn Results(instance: String, computed: Memo<Option<Computed>>) -> impl IntoView {
    let outputs = OUTPUTS
        .iter()
        .map(|key| {
            let explanation = Signal::derive(move || {
                computed.with(|c| {
                    c.as_ref().and_then(|c| {
                        c.output
                            .explanations
                            .iter()
                            .find(|e| e.output == *key)
                            .cloned()
                    })
                })
            });
            view! { <ExplainedOutput id=instance.clone() explanation=explanation /> }
        })
        .collect_view();
    let chart = Signal::derive(move || computed.with(|c| c.as_ref().map(cost_chart)));
    let table =
        Signal::derive(move || computed.with(|c| c.as_ref().map(cost_table).unwrap_or_default()));
    view! {
        {move || computed.with(|c| c.as_ref().map(|c| view! {
            <p class="result-summary" data-testid="tco-cheapest" data-cheapest=c.output.cheapest>{summary(c)}</p>
        }))}
        {move || computed.with(|c| c.as_ref().map(|c| c.output.price_warnings.clone()).filter(|w| !w.is_empty())).map(|warnings| view! {
            <aside class="callout callout-warning" role="note" data-testid="tco-price-warning">
                <p class="callout-title"><span aria-hidden="true">"⚠"</span>" Prices that do not add up"</p>
                {warnings.into_iter().map(|sentence| view! { <p>{sentence}</p> }).collect_view()}
            </aside>
        })}
        <dl class="outputs">{outputs}</dl>
        {move || computed.with(|c| c.as_ref().map(|c| {
            let check = &c.output.heuristic_check;
            let (icon, class, verdict) = if check.holds {
                ("✔", "callout callout-tip", "holds")
            } else {
                ("✖", "callout callout-warning", "does not hold")
            };
            view! {
                <aside class=class role="note" data-testid="heuristic" data-holds=check.holds.to_string()>
                    <p class="callout-title" data-testid="heuristic-title">
                        <span aria-hidden="true">{icon}</span>
                        {format!(" The “70% for more than 6 months” rule {verdict} for these prices")}
                    </p>
                    <p data-testid="heuristic-text">{check.explanation.clone()}</p>
                    <p data-testid="heuristic-scenario">{scenario(&c.input, &c.output)}</p>
                </aside>
            }
        }))}
        <ChartView label="Cumulative cost of each option, month by month" chart=chart table=table />
    }
}

fn option_name(key: &str) -> &'static str {
    match key {
        "on_demand" => "on-demand cloud",
        "reserved" => "reserved cloud",
        "spot" => "spot",
        _ => "owning",
    }
}

fn total_of(output: &TcoOutput, key: &str) -> f64 {
    let t = &output.total_usd;
    match key {
        "on_demand" => t.on_demand,
        "reserved" => t.reserved,
        "spot" => t.spot,
        _ => t.on_prem,
    }
}

fn summary(c: &Computed) -> String {
    format!(
        "Cheapest over {} months: {}, at {}. Owning works out at {} per GPU-hour of the horizon, busy or idle.",
        c.input.horizon_months,
        option_name(c.output.cheapest),
        format::usd(total_of(&c.output, c.output.cheapest)),
        format::usd(c.output.on_prem_usd_per_gpu_hour),
    )
}

/// Whether the rule speaks about the learner's own utilization and horizon,
/// and if it does, whether it is right for them.
fn scenario(input: &TcoInput, output: &TcoOutput) -> String {
    let t = &output.total_usd;
    let case = format!(
        "{} busy for {} months",
        format::percent(input.utilization),
        input.horizon_months
    );
    let covered =
        input.utilization >= HEURISTIC_UTILIZATION && input.horizon_months >= HEURISTIC_MONTHS;
    if !covered {
        return format!(
            "Your case, {case}, is outside the rule, which speaks only of 70% or more for more than 6 months. Here the cheapest option is {}, at {}.",
            option_name(output.cheapest),
            format::usd(total_of(output, output.cheapest)),
        );
    }
    if t.on_prem.min(t.reserved) < t.on_demand {
        format!(
            "Your case, {case}, is one the rule covers, and it is right here: owning costs {} and reserved {}, against {} on demand.",
            format::usd(t.on_prem),
            format::usd(t.reserved),
            format::usd(t.on_demand),
        )
    } else {
        format!(
            "Your case, {case}, is one the rule covers, and it is wrong here: on demand costs {}, less than owning ({}) or reserved ({}).",
            format::usd(t.on_demand),
            format::usd(t.on_prem),
            format::usd(t.reserved),
        )
    }
}

/// One line of the chart: its name, how to read it and how it is drawn.
struct Series {
    name: &'static str,
    pick: fn(&MonthPoint) -> f64,
    style: LineStyleType,
    width: f64,
    /// An echarts symbol name; empty ones are outlines, so they read apart from filled ones.
    symbol: &'static str,
}

const SERIES: [Series; 5] = [
    Series {
        name: "On demand",
        pick: |p| p.on_demand,
        style: LineStyleType::Solid,
        width: 2.0,
        symbol: "circle",
    },
    Series {
        name: "Reserved",
        pick: |p| p.reserved,
        style: LineStyleType::Dashed,
        width: 2.0,
        symbol: "rect",
    },
    Series {
        name: "Spot",
        pick: |p| p.spot,
        style: LineStyleType::Dotted,
        width: 2.0,
        symbol: "triangle",
    },
    Series {
        name: "Owning (amortized)",
        pick: |p| p.on_prem,
        style: LineStyleType::Solid,
        width: 4.0,
        symbol: "diamond",
    },
    Series {
        name: "Owning (paid up front)",
        pick: |p| p.on_prem_cash,
        style: LineStyleType::Dashed,
        width: 4.0,
        symbol: "emptyCircle",
    },
];

/// Months to plot and tabulate: about a dozen evenly spaced, the last, and
/// the month amortization ends. Every cost is linear between those months,
/// so lines through them are exact.
fn sample_months(c: &Computed) -> Vec<usize> {
    let months = c.output.monthly_cumulative.len().saturating_sub(1);
    let every = months.div_ceil(12).max(1);
    let knee = c.input.amortization_months as usize;
    (0..=months)
        .filter(|m| m % every == 0 || *m == months || *m == knee)
        .collect()
}

fn cost_chart(c: &Computed) -> Chart {
    let months = sample_months(c);
    let last = months.last().copied().unwrap_or_default();
    let (tick, axis_end) = format::month_ticks(u32::try_from(last).unwrap_or(u32::MAX));
    let mut chart = Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Axis))
        .x_axis(
            frame::x_axis("Month")
                .type_(AxisType::Value)
                .min(0)
                .max(f64::from(axis_end))
                .interval(f64::from(tick)),
        )
        .y_axis(frame::y_axis("Cumulative cost ($ thousands)").type_(AxisType::Value));
    for series in &SERIES {
        let points: Vec<DataPoint> = months
            .iter()
            .filter_map(|m| c.output.monthly_cumulative.get(*m))
            .map(|p| DataPoint::from(vec![f64::from(p.month), (series.pick)(p) / 1000.0]))
            .collect();
        chart = chart.series(
            Line::new()
                .name(series.name)
                .symbol(Symbol::Custom(series.symbol.to_string()))
                .symbol_size(8)
                .line_style(LineStyle::new().type_(series.style).width(series.width))
                .data(points),
        );
    }
    chart
}

fn cost_table(c: &Computed) -> ChartTable {
    let mut header = vec!["Month".to_string()];
    header.extend(SERIES.iter().map(|s| s.name.to_string()));
    ChartTable {
        caption: "Cumulative cost of each option at the end of each month".to_string(),
        header,
        rows: sample_months(c)
            .iter()
            .filter_map(|m| c.output.monthly_cumulative.get(*m))
            .map(|p| {
                let mut row = vec![p.month.to_string()];
                row.extend(SERIES.iter().map(|s| format::usd((s.pick)(p))));
                row
            })
            .collect(),
    }
}
