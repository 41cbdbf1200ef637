//! The workload matcher: describe a workload, see every hardware class ranked
//! with its best catalogue part, the rules for and against it, and their points.

use crate::context::use_course;
use crate::widgets::content_problems::{ContentProblemsNote, SharedFile};
use crate::widgets::copy_link::CopyLink;
use crate::widgets::explain::ExplainedOutput;
use crate::widgets::field::{
    field_error, form_setter, form_value, menu_options, NumberField, SelectField,
};
use crate::widgets::live_summary::{live_summary, summarize};
use crate::widgets::predict::PredictGate;
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use engine::matcher::{
    compute, field_name, Deployment, Family, Framework, MatcherForm, MatcherOutput, Phase,
    Update as ModelUpdate, FIELDS,
};
use leptos::prelude::*;

const NUMBERS: [(&str, &str, &str); 7] = [
    ("params", "Parameters", "Empty if unknown; e.g. 7e9"),
    (
        "batch_size",
        "Batch size",
        "Samples per step or request batch",
    ),
    (
        "latency_p99_ms",
        "p99 latency target (ms)",
        "Inference only",
    ),
    (
        "throughput_per_s",
        "Throughput target (per second)",
        "Requests or samples",
    ),
    ("power_budget_w", "Power budget (W)", "Per device"),
    ("budget_usd", "Hardware budget ($)", "Per device"),
    (
        "utilization",
        "Expected utilization (0 to 1)",
        "Share of hours busy",
    ),
];

fn options<T: Copy + 'static>(
    all: &'static [T],
    key: fn(T) -> &'static str,
    label: fn(T) -> &'static str,
    unknown: bool,
) -> Signal<Vec<(String, String)>> {
    let mut list: Vec<(String, String)> = Vec::new();
    if unknown {
        list.push((String::new(), "Unknown".to_string()));
    }
    // A menu entry starts with a capital, like the "Unknown" beside it; the
    // engine's labels are lowercase because its reasons use them mid-sentence.
    list.extend(menu_options(all, key, |v| {
        engine::format::capitalized(label(v))
    }));
    Signal::derive(move || list.clone())
}

#[component]
pub fn Matcher(mount: WidgetMount) -> impl IntoView {
    let catalogue = Signal::derive(move || use_course().and_then(|course| course.catalogue.get()));
    let form = url_state::form_state::<MatcherForm>(&mount, &FIELDS);
    let changed_note = crate::widgets::back_to_example::back_to_example(form, &mount);
    let validated = Memo::new(move |_| {
        catalogue
            .get()
            .map(|catalogue| form.with(|f| f.validate(&catalogue)))
    });
    let output = Memo::new(move |_| {
        validated.with(|v| v.as_ref().and_then(|r| r.as_ref().ok()).map(compute))
    });
    let prefix = StoredValue::new(mount.instance.clone());
    let value = move |field: &'static str| form_value(form, field);
    let error = move |field: &'static str| field_error(validated, field);
    let set = move |field: &'static str| form_setter(form, field);
    let select = move |field: &'static str,
                       label: &'static str,
                       choices: Signal<Vec<(String, String)>>| {
        view! { <SelectField id=format!("{}-{field}", prefix.get_value()) label=label test_id=field options=choices value=value(field) error=error(field) on_change=set(field) /> }
    };
    let numbers = NUMBERS
        .iter()
        .map(|(field, label, hint)| {
            let field = *field;
            view! { <NumberField id=format!("{}-{field}", prefix.get_value()) label=*label hint=*hint test_id=field value=value(field) error=error(field) on_input=set(field) /> }
        })
        .collect_view();
    let revealed = RwSignal::new(mount.predict.is_none());
    let guess = RwSignal::new(None::<f64>);
    // Points are the matcher's own scale, which a learner cannot guess
    // before seeing it; how many classes survive the workload can be reasoned.
    let actual = Signal::derive(move || {
        output.with(|o| {
            o.as_ref()
                .map(|o| o.ranking.iter().filter(|r| r.score > 0).count() as f64)
        })
    });
    let predict = mount.predict.clone().map(|question| {
        view! { <PredictGate id=mount.instance.clone() question=question unit="classes" revealed=revealed guess=guess actual=actual /> }
    });
    let id = mount.instance.clone();
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Workload matcher".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{id}");
    view! {
        <section class="widget widget-wide" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Live recommender · ">{title}</WidgetTitle>
            <ContentProblemsNote file=SharedFile::Catalogue />
            {changed_note}
            <form class="widget-form split-form" on:submit=|ev| ev.prevent_default() novalidate>
                <fieldset class="field-group">
                    <legend>"The workload"</legend>
                    {select("phase", "Phase", options(Phase::ALL, Phase::key, Phase::label, false))}
                    {select("model_family", "Model family", options(Family::ALL, Family::key, Family::label, true))}
                    {select("deployment", "Where it runs", options(Deployment::ALL, Deployment::key, Deployment::label, true))}
                    {select("framework", "Framework", options(Framework::ALL, Framework::key, Framework::label, true))}
                    {select("model_update", "How often the model changes", options(ModelUpdate::ALL, ModelUpdate::key, ModelUpdate::label, true))}
                    {numbers}
                </fieldset>
            </form>
            {predict}
            <div class="widget-results" hidden=move || !revealed.get()>
                {live_summary(move || validated.with(|v| matches!(v, Some(Err(_)))), move || output.with(|o| o.as_ref().map(|o| summarize(&o.explanations))))}
                {move || match (catalogue.with(Option::is_some), output.with(Option::is_some)) {
                    (false, _) => view! { <p role="status">"Loading the hardware catalogue…"</p> }.into_any(),
                    (true, false) => view! { <p class="results-invalid" data-testid="results-invalid"><span aria-hidden="true">"⚠ "</span>"Fix the highlighted fields to see the ranking."</p> }.into_any(),
                    (true, true) => ().into_any(),
                }}
                <Show when=move || output.with(Option::is_some)>
                    <Ranking id=id.clone() output=output />
                </Show>
            </div>
            <CopyLink />
        </section>
    }
}

#[component]
fn Ranking(id: String, output: Memo<Option<MatcherOutput>>) -> impl IntoView {
    let explanations = (0..4)
        .map(|idx| {
            let explanation = Signal::derive(move || {
                output.with(|o| o.as_ref().and_then(|o| o.explanations.get(idx).cloned()))
            });
            view! { <ExplainedOutput id=id.clone() explanation=explanation /> }
        })
        .collect_view();
    let ranking = move || {
        let Some(out) = output.get() else {
            return ().into_any();
        };
        let unknown = (!out.unknown.is_empty()).then(|| view! {
            <p class="hint" data-testid="matcher-unknown">{format!("Left unknown, so their rules did not fire: {}.", out.unknown.iter().map(|key| field_name(key)).collect::<Vec<_>>().join(", "))}</p>
        });
        // A ranking whose best part still breaks a limit is a list of
        // near misses; the learner is told before reading it as advice.
        let unmet = (!out.limits_unmet.is_empty()).then(|| view! {
            <aside class="callout callout-warning" role="note" data-testid="matcher-limits-unmet">
                <p class="callout-title"><span aria-hidden="true">"⚠"</span>" No part here meets every limit you set"</p>
                <p>{format!("Even the top-ranked part, the {}, misses:", out.ranking.first().map(|top| top.device.name.as_str()).unwrap_or_default())}</p>
                <ul>{out.limits_unmet.iter().map(|reason| view! { <li>{reason.clone()}</li> }).collect_view()}</ul>
                <p>"The ranking below is still by total score, and none of its parts meets every limit. Relax a limit, or look beyond this catalogue."</p>
            </aside>
        });
        // A limit the catalogue has no figure for is neither met nor broken.
        let unchecked = (!out.limits_unchecked.is_empty()).then(|| view! {
            <aside class="callout callout-note" role="note" data-testid="matcher-limits-unchecked">
                <p class="callout-title"><span aria-hidden="true">"ℹ"</span>" A limit the catalogue cannot check"</p>
                <ul>{out.limits_unchecked.iter().map(|reason| view! { <li>{reason.clone()}</li> }).collect_view()}</ul>
            </aside>
        });
        view! {
            <p class="explain-note">{out.note}</p>
            {unknown}
            {unmet}
            {unchecked}
        }
        .into_any()
    };
    // Rows are keyed by class, so a change of input updates each row in
    // place: a learner's open "Rules that fired" stays open, and only the
    // text that changed is redrawn, not seven rows of reasons and tables.
    let order = Memo::new(move |_| {
        output.with(|o| {
            o.as_ref()
                .map(|o| o.ranking.iter().map(|e| e.label).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    view! {
        {ranking}
        <ol class="match-ranking" data-testid="matcher-ranking" hidden=move || order.with(Vec::is_empty)>
            <For each=move || order.get() key=|label| *label let:label>
                <RankRow label=label output=output />
            </For>
        </ol>
        <dl class="outputs">{explanations}</dl>
    }
}

/// One class in the ranking: its place, best part, reasons and the rules
/// that fired, read from the current output by the class's label.
#[component]
fn RankRow(label: &'static str, output: Memo<Option<MatcherOutput>>) -> impl IntoView {
    let entry = Memo::new(move |_| {
        output.with(|o| {
            o.as_ref().and_then(|o| {
                o.ranking
                    .iter()
                    .position(|e| e.label == label)
                    .and_then(|rank| Some((rank, o.ranking.get(rank)?.clone())))
            })
        })
    });
    let rank = move || entry.with(|e| e.as_ref().map_or(0, |(rank, _)| rank + 1));
    let head = move || {
        entry.with(|e| {
            e.as_ref()
                .map(|(_, entry)| {
                    format!(
                        " — best part: {} · score {:+}",
                        entry.device.name, entry.score
                    )
                })
                .unwrap_or_default()
        })
    };
    let reasons = move || {
        entry.with(|e| {
            e.as_ref()
                .map(|(_, entry)| {
                    entry
                        .reasons
                        .iter()
                        .map(|r| view! { <li>{r.clone()}</li> })
                        .collect_view()
                })
                .unwrap_or_default()
        })
    };
    // The rule's title in words, with its id for the rules table under the
    // explanation and the CLI's JSON.
    let rules = move || {
        entry.with(|e| {
            e.as_ref()
                .map(|(_, entry)| {
                    entry.rules.iter().map(|r| view! {
                        <tr><td>{engine::matcher::rules::find(r.rule).map(|rule| rule.title).unwrap_or(r.rule)}" "<code class="rule-id">{r.rule}</code></td><td>{format!("{:+}", r.points)}</td></tr>
                    }).collect_view()
                })
                .unwrap_or_default()
        })
    };
    let others = move || {
        entry.with(|e| {
            e.as_ref().and_then(|(_, entry)| {
                let others = entry
                    .devices
                    .iter()
                    .skip(1)
                    .map(|d| format!("{} ({:+})", d.name, d.score))
                    .collect::<Vec<_>>()
                    .join(", ");
                (!others.is_empty())
                    .then(|| view! { <p>{format!("Other parts of this class: {others}.")}</p> })
            })
        })
    };
    view! {
        <li class="match-class" data-testid=move || format!("rank-{}", rank()) data-class=label>
            <p class="match-head"><strong>{move || format!("{}. {label}", rank())}</strong>{head}</p>
            <ul class="match-reasons">{reasons}</ul>
            <details>
                <summary>"Rules that fired, with their points"</summary>
                <table><thead><tr><th scope="col">"Rule"</th><th scope="col">"Points"</th></tr></thead><tbody>{rules}</tbody></table>
                {others}
            </details>
        </li>
    }
}
