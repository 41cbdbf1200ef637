//! The roofline explorer: pick accelerators and an operation, see where the
//! operation lands against each one's compute and memory roofs.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::{self, frame};
use crate::context::use_course;
use crate::widgets::content_problems::{ContentProblemsNote, SharedFile};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::field::{
    field_error, fixed_choices, form_setter, form_value, NumberField, SelectField,
};
use crate::widgets::live_summary::{live_summary, summarize};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use charming::datatype::{DataPoint, DataPointItem};
use charming::element::{AxisType, ItemStyle, Tooltip, Trigger};
use charming::Chart;
use engine::format;
use engine::hardware::{Accelerator, Catalogue, Precision};
use engine::roofline::{
    compute, Bound, Operation, Placement, RooflineForm, RooflineOutput, FIELDS, MAX_ACCELERATORS,
    NUMBER_FIELDS,
};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn Roofline(mount: WidgetMount) -> impl IntoView {
    let catalogue = Signal::derive(move || use_course().and_then(|course| course.catalogue.get()));
    let form = url_state::form_state::<RooflineForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| {
        catalogue
            .get()
            .map(|catalogue| form.with(|f| f.validate(&catalogue)))
    });
    let output = Memo::new(move |_| {
        validated.with(|v| v.as_ref().and_then(|r| r.as_ref().ok()).map(compute))
    });
    let error_for = move |field: &'static str| field_error(validated, field);

    let op = Memo::new(move |_| {
        form.with(|f| {
            Operation::ALL
                .into_iter()
                .find(|op| op.key() == f.op.trim())
        })
    });
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    let actual =
        Signal::derive(move || output.with(|o| o.as_ref().map(|o| o.intensity_flops_per_byte)));
    // The guess is asked before the learner changes anything, so the unit
    // follows the author's precision: ops/byte for an INT8 example.
    let predict_unit = form.with_untracked(|f| {
        Precision::from_key(&f.precision)
            .unwrap_or(Precision::Bf16)
            .per_byte_unit()
    });
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit=predict_unit revealed=revealed guess=guess actual=actual /> }
    });
    let id = mount.instance.clone();
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Roofline explorer".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    let widget_test_id = format!("widget-{id}");
    let field_prefix = id.clone();
    view! {
        <section class="widget" aria-labelledby=labelled_by data-testid=widget_test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live calculator · ">{title}</WidgetTitle>
            <ContentProblemsNote file=SharedFile::Catalogue />
            {changed_note}
            <form class="widget-form" on:submit=|ev| ev.prevent_default() novalidate>
                <SelectField id=format!("{id}-op") label="Operation" test_id="op" value=form_value(form, "op") on_change=form_setter(form, "op")
                    options=fixed_choices(&Operation::ALL.map(|op| (op.key(), op.label()))) error=error_for("op") />
                <SelectField id=format!("{id}-precision") label="Precision" test_id="precision" value=form_value(form, "precision") on_change=form_setter(form, "precision")
                    options=fixed_choices(&Precision::ALL.map(|p| (p.key(), p.label()))) error=error_for("precision") />
                {move || op.get().map(|op| op.fields().iter().map(|field| {
                    let field = *field;
                    let label = NUMBER_FIELDS.iter().find(|(name, _, _)| *name == field).map(|(_, label, _)| *label).unwrap_or(field);
                    let value = Signal::derive(move || form.with(|f| f.as_pairs().iter().find(|(n, _)| *n == field).map(|(_, v)| (*v).to_string()).unwrap_or_default()));
                    let on_input = Callback::new(move |text: String| form.update(|f| { f.set(field, text); }));
                    view! { <NumberField id=format!("{field_prefix}-{field}") label=label hint=field_hint(op, field) test_id=field value=value error=error_for(field) on_input=on_input /> }
                }).collect_view())}
            </form>
            <AcceleratorPicker id=id.clone() form=form catalogue=catalogue error=error_for("accelerators") />
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(move || validated.with(|v| matches!(v, Some(Err(_)))), move || output.with(|o| o.as_ref().map(|o| summarize(&o.explanations))))}
                {move || match (catalogue.get(), output.get()) {
                    (None, _) => view! { <p role="status">"Loading the hardware catalogue…"</p> }.into_any(),
                    (Some(_), None) => view! {
                        <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to see results."</p>
                    }.into_any(),
                    (Some(_), Some(_)) => ().into_any(),
                }}
                <Show when=move || output.with(Option::is_some)>
                    <Results id=mount.instance.clone() output=output />
                </Show>
            </div>
            <CopyLink />
        </section>
    }
}

/// A part the picker offers: one with a memory bandwidth and some peak.
fn placeable(acc: &Accelerator) -> bool {
    acc.memory.bandwidth_gb_s.is_some() && acc.default_precision().is_some()
}

#[component]
fn AcceleratorPicker(
    id: String,
    form: RwSignal<RooflineForm>,
    catalogue: Signal<Option<Arc<Catalogue>>>,
    error: Signal<Option<String>>,
) -> impl IntoView {
    // One list for every checkbox, worked out once per change of the form.
    let selected = Memo::new(move |_| {
        form.with(|f| {
            // Ids match as the engine matches them: trimmed, any case.
            f.accelerators
                .split(',')
                .map(|s| s.trim().to_ascii_lowercase())
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
        })
    });
    // A link may name a part that has no box here (unknown, or without the
    // figures a roofline needs). Any change of a box drops such ids, so the
    // message about one can always be cleared without editing the link.
    let toggle = move |acc_id: String, on: bool| {
        let offered = catalogue.get_untracked();
        form.update(|f| {
            let mut ids: Vec<String> = f
                .accelerators
                .split(',')
                .map(|s| s.trim().to_ascii_lowercase())
                .filter(|s| !s.is_empty() && *s != acc_id)
                .filter(|s| {
                    offered
                        .as_ref()
                        .and_then(|c| c.find(s))
                        .is_some_and(placeable)
                })
                .collect();
            if on {
                ids.push(acc_id);
            }
            f.accelerators = ids.join(", ");
        })
    };
    let legend_id = format!("{id}-accelerators");
    let box_prefix = legend_id.clone();
    let error_id = format!("{legend_id}-error");
    let full_note_id = format!("{legend_id}-full");
    let described_by = format!("{error_id} {full_note_id}");
    let at_limit = move || selected.with(|ids| ids.len() >= MAX_ACCELERATORS);
    // On a phone the list scrolls, so the ticked boxes can be out of sight;
    // this line keeps the choice in view above it.
    let chosen = move || {
        let names: Vec<String> = catalogue
            .get()
            .map(|catalogue| {
                selected.with(|ids| {
                    ids.iter()
                        .filter_map(|id| catalogue.find(id))
                        .map(|acc| acc.name.clone())
                        .collect()
                })
            })
            .unwrap_or_default();
        if names.is_empty() {
            String::new()
        } else {
            format!(
                "Chosen, {} of {MAX_ACCELERATORS}: {}.",
                names.len(),
                names.join(", ")
            )
        }
    };
    view! {
        <fieldset class="accelerator-picker" aria-describedby=described_by data-testid="accelerator-picker">
            <legend id=legend_id.clone()>{format!("Accelerators to compare (up to {MAX_ACCELERATORS})")}</legend>
            // The boxes sit in a list of their own, so on a phone the list can
            // scroll inside a short box while the messages below stay in view.
            <p class="hint-line picker-chosen" data-testid="picker-chosen">{chosen}</p>
            <div class="picker-list" data-testid="picker-list">
            {move || catalogue.get().map(|catalogue| catalogue.accelerators.iter().filter(|acc| placeable(acc)).map(|acc| {
                let acc_id = acc.id.clone();
                let checked_id = acc.id.clone();
                let full_id = acc.id.clone();
                // At the limit the unticked boxes rest, so a ninth part is
                // never ticked only to be left off the chart.
                let full = move || selected.with(|ids| ids.len() >= MAX_ACCELERATORS && !ids.contains(&full_id));
                let box_id = format!("{box_prefix}-{}", acc.id);
                let label_for = box_id.clone();
                view! {
                    <label class="check" for=label_for>
                        <input type="checkbox" id=box_id data-testid=format!("pick-{}", acc.id)
                            prop:checked=move || selected.with(|ids| ids.contains(&checked_id))
                            prop:disabled=full
                            on:change=move |ev| toggle(acc_id.clone(), event_target_checked(&ev)) />
                        {format!(" {} ({})", acc.name, acc.class.label())}
                    </label>
                }
            }).collect_view())}
            </div>
            <p class="field-error" id=error_id aria-live="polite" data-testid="error-accelerators">
                {move || error.get().map(|message| view! { <span aria-hidden="true">"⚠ "</span>{message} })}
            </p>
            // Disabled boxes leave the tab order, so the limit is said in words.
            <p class="hint-line" id=full_note_id aria-live="polite" data-testid="picker-full">
                {move || at_limit().then(|| format!("{MAX_ACCELERATORS} of {MAX_ACCELERATORS} chosen, the most one chart shows: untick one to choose another."))}
            </p>
        </fieldset>
    }
}

#[component]
fn Results(id: String, output: Memo<Option<RooflineOutput>>) -> impl IntoView {
    let explanations = (0..6)
        .map(|idx| {
            let explanation = Signal::derive(move || {
                output.with(|o| o.as_ref().and_then(|o| o.explanations.get(idx).cloned()))
            });
            view! { <ExplainedOutput id=id.clone() explanation=explanation /> }
        })
        .collect_view();
    let chart = Signal::derive(move || output.with(|o| o.as_ref().map(roofline_chart)));
    let table =
        Signal::derive(move || output.with(|o| o.as_ref().map(roofline_table).unwrap_or_default()));
    view! {
        {move || output.with(|o| o.as_ref().and_then(|o| o.warning.clone())).map(|warning| view! {
            <aside class="callout callout-warning" role="note" data-testid="roofline-warning">
                <p class="callout-title"><span aria-hidden="true">"⚠"</span>" Compute you cannot use"</p>
                <p>{warning}</p>
            </aside>
        })}
        {move || output.with(|o| o.as_ref().and_then(|o| o.fit_warning.clone())).map(|warning| view! {
            <aside class="callout callout-warning" role="note" data-testid="roofline-fit-warning">
                <p class="callout-title"><span aria-hidden="true">"⚠"</span>" "{warning.title}</p>
                <p>{warning.text}</p>
            </aside>
        })}
        {move || {
            let left_out = output.with(|o| o.as_ref().map(|o| o.left_out.clone()).unwrap_or_default());
            (!left_out.is_empty()).then(|| view! {
                <aside class="callout callout-important" role="note" data-testid="roofline-left-out">
                    <p class="callout-title"><span aria-hidden="true">"ℹ"</span>" Not on the chart"</p>
                    {left_out.into_iter().map(|sentence| view! { <p>{sentence}</p> }).collect_view()}
                </aside>
            })
        }}
        // Named by the widget's title and the caption, so two rooflines on one
        // page are two distinct regions.
        <div class="table-scroll" role="region" aria-labelledby=format!("{id}-heading {id}-placement") tabindex="0">
            <table data-testid="roofline-table">
                <caption id=format!("{id}-placement")>"Where the operation lands"</caption>
                <thead><tr>
                    <th scope="col">"Accelerator"</th><th scope="col">"Ridge point"</th><th scope="col">"Bound"</th>
                    <th scope="col">"Attainable"</th><th scope="col">"Share of peak"</th><th scope="col">"Time"</th>
                    <th scope="col">"Fits in memory?"<span class="th-note">{move || output.with(|o| o.as_ref().map(|o| format!("Counts {}", o.footprint_what)))}</span></th>
                </tr></thead>
                <tbody>{move || output.get().map(|o| {
                    let precision = o.precision;
                    o.placements.into_iter().map(move |p| view! {
                    <tr data-testid=format!("place-{}", p.id)>
                        <th scope="row">{p.label(precision)}</th>
                        <td>{precision.per_byte(p.ridge_flops_per_byte)}</td>
                        <td data-testid="bound" class="nowrap">{match p.bound { Bound::Memory => "▁ Memory-bound", Bound::Compute => "▇ Compute-bound" }}</td>
                        <td>{precision.rate(p.attainable_flops_per_s)}</td>
                        <td>{format!("{}%", format::significant_digits(p.share_of_peak * 100.0, 3))}</td>
                        <td class="nowrap">{format::short_duration(p.time_s)}</td>
                        <td data-testid="fit">{fit_text(&p)}</td>
                    </tr>
                }).collect_view()
                })}</tbody>
            </table>
        </div>
        <dl class="outputs">{explanations}</dl>
        // The chart's name carries no unit: the axes give it, since INT8 peaks are in TOPS.
        <ChartView label="Roofline: attainable throughput against arithmetic intensity (log-log)" chart=chart table=table />
    }
}

/// Whether the part holds the operation, in words, so the cell never relies on colour.
fn fit_text(p: &Placement) -> String {
    match (p.devices_needed, p.capacity_bytes) {
        (Some(1), Some(capacity)) => format!("Yes ({})", format::si(capacity, "B")),
        (Some(n), Some(capacity)) => format!(
            "No: at least {} ({} each)",
            format::grouped(n),
            format::si(capacity, "B")
        ),
        _ => "Capacity not listed".to_string(),
    }
}

/// What to type in one size field of an operation, with a typical value.
fn field_hint(op: Operation, field: &str) -> &'static str {
    match (op, field) {
        (_, "m") => "Rows of A: the tokens in the batch, e.g. 4096",
        (_, "k") => "Columns of A, rows of B: e.g. the hidden size",
        (_, "n") => "Columns of B: e.g. 4 × hidden for an MLP",
        (_, "tokens") => "Rows normalized together, e.g. 4096",
        (_, "hidden") => "Model width, e.g. 4096",
        (_, "lookups") => "Rows gathered per batch, e.g. 1e6",
        (_, "rows") => "Rows the table holds, e.g. 4e7 (MLPerf's largest)",
        (_, "dim") => "Numbers in each row, e.g. 128",
        (_, "params") => "For example 7e9 or 70e9",
        (_, "seq_len") => "Tokens in each sequence, e.g. 2048",
        (_, "size") => "Pixels per side, e.g. 56",
        (_, "channels_in" | "channels_out") => "For example 64 or 256",
        (_, "kernel") => "Pixels per side, e.g. 3",
        (Operation::Decode, "batch") => "Sequences decoded together; 1 = one user",
        (Operation::Prefill, "batch") => "Prompts processed together",
        (Operation::Conv2d | Operation::CnnInference, "batch") => "Images processed together",
        (Operation::RecommenderInference, "batch") => "Samples ranked together, e.g. 2048",
        (_, "batch") => "Sequences processed together",
        _ => "A whole number",
    }
}

fn roofline_chart(output: &RooflineOutput) -> Chart {
    let (low, high) = intensity_range(output);
    let precision = output.precision;
    let mut chart = Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Item))
        .x_axis(
            frame::x_axis(format!(
                "Arithmetic intensity ({})",
                precision.per_byte_unit()
            ))
            .type_(AxisType::Log),
        )
        .y_axis(frame::y_axis(precision.tera_rate_unit()).type_(AxisType::Log));
    let mut top = 1.0_f64;
    for (index, p) in output.placements.iter().enumerate() {
        let peak = p.peak_flops_per_s / 1e12;
        top = top.max(peak);
        // Symbols mark the two points a learner reads: the ridge, and where
        // this operation meets the roof. The ends only draw the line.
        let at = |x: f64| vec![x, (x * p.bandwidth_bytes_per_s / 1e12).min(peak)];
        let end = |x: f64| {
            DataPoint::Item(DataPointItem::new(at(x)).item_style(ItemStyle::new().opacity(0)))
        };
        // Each marked point names itself, so its tooltip says what the
        // number is and in which unit, not only a bare rate.
        let intensity = output.intensity_flops_per_byte;
        let mut marked = [
            (p.ridge_flops_per_byte, "Ridge point"),
            (intensity, "This operation"),
        ];
        marked.sort_by(|a, b| a.0.total_cmp(&b.0));
        let points: Vec<DataPoint> = std::iter::once(end(low))
            // A ridge left of the axis is off the chart: the roof is flat there.
            .chain(
                marked
                    .into_iter()
                    .filter(|(x, _)| (low..=high).contains(x))
                    .map(|(x, what)| {
                        let label = format!(
                            "{what} at {}, {}",
                            precision.per_byte(x),
                            precision.tera_rate_unit()
                        );
                        DataPoint::Item(DataPointItem::new(at(x)).name(label))
                    }),
            )
            .chain(std::iter::once(end(high)))
            .collect();
        chart = chart.series(charts::line_series(p.label(precision), index).data(points));
    }
    // The operation's line spans exactly the decades the roofs use, so the
    // axis gains no empty decade above or below them.
    let floor = output
        .placements
        .iter()
        .map(|p| (low * p.bandwidth_bytes_per_s / 1e12).min(p.peak_flops_per_s / 1e12))
        .fold(f64::INFINITY, f64::min);
    let bottom = decade_below(if floor.is_finite() { floor } else { 1e-3 });
    let x = output.intensity_flops_per_byte;
    let marker: Vec<DataPoint> = vec![
        DataPoint::from(vec![x, bottom]),
        DataPoint::from(vec![x, decade_above(top)]),
    ];
    chart.series(charts::marker_series("This operation").data(marker))
}

/// The power of ten at or above `v`, kept inside 1e-9..=1e12 so that a
/// degenerate figure can never give a zero or infinite axis end.
fn decade_above(v: f64) -> f64 {
    10_f64.powf(v.clamp(1e-9, 1e12).log10().ceil())
}

/// The power of ten at or below `v`, inside the same bounds.
fn decade_below(v: f64) -> f64 {
    10_f64.powf(v.clamp(1e-9, 1e12).log10().floor())
}

/// The decades the intensity axis spans: from the decade below half this
/// operation's intensity (1 at most) to one that leaves room for the flat roof
/// past the highest ridge point and past this operation. A fixed 0.1 to
/// 100,000 put seven labels on a phone's narrow axis, where 10,000 and 100,000
/// ran together; this keeps six at most unless this operation needs more.
fn intensity_range(output: &RooflineOutput) -> (f64, f64) {
    let x = output.intensity_flops_per_byte;
    let ridge = output
        .placements
        .iter()
        .map(|p| p.ridge_flops_per_byte)
        .fold(0.0_f64, f64::max);
    // Clamped so that a degenerate figure can never give a zero or infinite end.
    let high = decade_above((ridge * 5.0).max(x * 2.0).clamp(1e3, 1e12));
    let below_x = decade_below((x / 2.0).clamp(1e-6, 1.0));
    // Five decades at most, unless that would cut this operation off.
    let narrowest = high / 1e5;
    let low = if narrowest <= x / 2.0 {
        below_x.max(narrowest)
    } else {
        below_x
    };
    (low, high)
}

fn roofline_table(output: &RooflineOutput) -> ChartTable {
    ChartTable {
        caption: format!(
            "Roofline data; this operation's intensity is {}",
            output.precision.per_byte(output.intensity_flops_per_byte)
        ),
        header: [
            "Accelerator",
            "Memory roof (bandwidth)",
            "Compute roof",
            "Ridge point",
            "Attainable here",
        ]
        .map(String::from)
        .to_vec(),
        rows: output
            .placements
            .iter()
            .map(|p| {
                vec![
                    p.label(output.precision),
                    format!(
                        "{} TB/s",
                        format::significant_digits(p.bandwidth_bytes_per_s / 1e12, 3)
                    ),
                    output.precision.rate(p.peak_flops_per_s),
                    output.precision.per_byte(p.ridge_flops_per_byte),
                    output.precision.rate(p.attainable_flops_per_s),
                ]
            })
            .collect(),
    }
}
