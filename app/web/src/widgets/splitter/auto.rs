//! The auto-split: prices every valid plan in slices of about 8 ms, painting a
//! progress bar in between, so the page never freezes; then ranks them.

use crate::charts::chart_view::{ChartTable, ChartView};
use crate::charts::frame;
use crate::dom::{now_ms, yield_to_browser};
use crate::widgets::WidgetSubheading;
use charming::datatype::DataPoint;
use charming::element::{AxisType, Symbol, Tooltip, Trigger};
use charming::series::Scatter;
use charming::Chart;
use engine::format;
use engine::split::search::{Candidate, Progress, Search, SearchResult, NEAR_TIE};
use engine::split::{SplitForm, SplitInput};
use engine::widgets::WidgetForm;
use leptos::prelude::*;

/// Plans priced between clock checks; small enough that one batch stays well under a millisecond.
const BATCH: usize = 256;
/// Time budget of one slice before the browser gets the thread back.
const SLICE_MS: f64 = 8.0;

#[derive(Clone, Debug, PartialEq)]
struct Finished {
    result: SearchResult,
    /// The input searched, to tell when the form has moved on.
    input: SplitInput,
    elapsed_ms: f64,
    /// Time spent pricing plans, without the pauses that let the page paint.
    compute_ms: f64,
    longest_slice_ms: f64,
}

#[component]
pub fn AutoSplit(input: Signal<Option<SplitInput>>, form: RwSignal<SplitForm>) -> impl IntoView {
    let progress = RwSignal::new(None::<Progress>);
    let finished = RwSignal::new(None::<Finished>);
    let run_id = StoredValue::new(0u64);
    let start = move |_| {
        let Some(mut searched) = input.get_untracked() else {
            return;
        };
        searched.plan = None;
        let this_run = run_id.get_value() + 1;
        run_id.set_value(this_run);
        finished.set(None);
        leptos::task::spawn_local(async move {
            let started = now_ms();
            let mut longest = 0.0_f64;
            let mut computing = 0.0_f64;
            // Enumerating the plans counts as computing, as it does in the native benchmark.
            let enumerate_start = now_ms();
            let mut search = Search::new(&searched);
            computing += now_ms() - enumerate_start;
            progress.try_set(Some(search.progress()));
            yield_to_browser().await;
            while !search.is_done() {
                let slice_start = now_ms();
                while !search.is_done() && now_ms() - slice_start < SLICE_MS {
                    search.step(BATCH);
                }
                let slice = now_ms() - slice_start;
                longest = longest.max(slice);
                computing += slice;
                progress.try_set(Some(search.progress()));
                yield_to_browser().await;
                // A newer search, or an unmounted widget, ends this one.
                if run_id.try_get_value() != Some(this_run) {
                    return;
                }
            }
            let finish_start = now_ms();
            let result = search.finish();
            computing += now_ms() - finish_start;
            let elapsed_ms = now_ms() - started;
            progress.try_set(None);
            finished.try_set(Some(Finished {
                result,
                input: searched,
                elapsed_ms,
                compute_ms: computing,
                longest_slice_ms: longest,
            }));
        });
    };
    let stale = Memo::new(move |_| {
        finished.with(|f| {
            f.as_ref().map(|f| {
                input.with(|current| {
                    current.as_ref().map(|c| SplitInput {
                        plan: None,
                        ..c.clone()
                    }) != Some(f.input.clone())
                })
            })
        })
    });
    let use_plan = Callback::new(move |candidate: Candidate| {
        let plan = candidate.parallel;
        form.update(|f| {
            for (field, value) in [
                ("tp", plan.tp.to_string()),
                ("pp", plan.pp.to_string()),
                ("dp", String::new()),
                ("virtual_stages", plan.virtual_stages.to_string()),
                ("zero", plan.zero.to_string()),
                ("micro_batch", plan.micro_batch.to_string()),
                ("recompute", plan.recompute.key().to_string()),
                ("sequence_parallel", plan.sequence_parallel.to_string()),
            ] {
                f.set_field(field, value);
            }
        });
    });
    let chart =
        Signal::derive(move || finished.with(|f| f.as_ref().map(|f| pareto_chart(&f.result))));
    let table = Signal::derive(move || {
        finished.with(|f| {
            f.as_ref()
                .map(|f| pareto_table(&f.result))
                .unwrap_or_default()
        })
    });
    view! {
        <section class="auto-split" data-testid="auto-split" aria-label="Search every split">
            <WidgetSubheading>"Let the search choose"</WidgetSubheading>
            <p>{format!("Price every valid combination of tp, pp, dp, virtual stages, ZeRO stage, micro-batch, recomputation and sequence parallelism for this model and cluster, and rank those that fit by time to train. Plans within {}% of the fastest are a tie this model cannot break, so the one needing the least memory leads: its headroom absorbs fragmentation and activation peaks the model does not count.", NEAR_TIE * 100.0)}</p>
            <button type="button" data-testid="auto-run" disabled=move || input.with(Option::is_none) || progress.with(Option::is_some) on:click=start>
                "Search every split"
            </button>
            {move || progress.get().map(|p| {
                let label = format!("Priced {} of {} plans", format::grouped(p.done as u64), format::grouped(p.total as u64));
                view! {
                    <div class="auto-progress" role="status">
                        <progress data-testid="auto-progress" max=p.total.max(1).to_string() value=p.done.to_string() aria-label="Search progress"></progress>
                        <span>{label}</span>
                    </div>
                }
            })}
            {move || finished.get().map(|f| view! {
                <p class="auto-stats" data-testid="auto-stats" role="status"
                    data-configs=f.result.configs_evaluated.to_string()
                    data-elapsed-ms=format!("{:.1}", f.elapsed_ms)
                    data-compute-ms=format!("{:.1}", f.compute_ms)
                    data-longest-slice-ms=format!("{:.1}", f.longest_slice_ms)>
                    {format!("Priced {} plans in {} ms; {} fit in memory.",
                        format::grouped(f.result.configs_evaluated), format::significant_digits(f.elapsed_ms, 3), format::grouped(f.result.configs_fitting))}
                    {(f.result.configs_unsupported > 0).then(|| format!(
                        " Another {} fit but pair ZeRO-2 or -3 with pipeline parallelism, which no common framework runs, so they are not ranked.",
                        format::grouped(f.result.configs_unsupported)))}
                    {stale.get().unwrap_or(false).then_some(" These results are for earlier settings; search again to update them.")}
                </p>
                {tie_note(&f.result)}
                <Ranking top=f.result.top.clone() use_plan=use_plan />
            })}
            <Show when=move || finished.with(Option::is_some)>
                <ChartView label="Pareto front: the plans no other plan beats on both memory and throughput" chart=chart table=table />
            </Show>
        </section>
    }
}

/// Says why rank 1 is not the fastest plan, when it is not.
fn tie_note(result: &SearchResult) -> Option<impl IntoView> {
    let (best, fastest) = (result.best?, result.fastest?);
    (best.parallel != fastest.parallel).then(|| {
        let slower = (best.step_time_s / fastest.step_time_s - 1.0) * 100.0;
        // Below a hundredth of a percent the two are equal to any reader.
        let pace = if slower >= 0.005 {
            format!(
                "takes {}% longer per step than the fastest plan (rank 2) but",
                format::significant_digits(slower, 2)
            )
        } else {
            "is as fast as rank 2 and".to_string()
        };
        view! {
            <p data-testid="auto-tie">{format!(
                "Rank 1 {pace} needs {} less memory per accelerator ({} against {}).",
                format::si(fastest.memory_bytes - best.memory_bytes, "B"),
                format::si(best.memory_bytes, "B"),
                format::si(fastest.memory_bytes, "B"),
            )}</p>
        }
    })
}

#[component]
fn Ranking(top: Vec<Candidate>, use_plan: Callback<Candidate>) -> impl IntoView {
    if top.is_empty() {
        return view! { <p data-testid="auto-none" role="alert">"No valid split fits in memory on this cluster. Add accelerators, lower the micro-batch, or choose a part with more memory."</p> }.into_any();
    }
    let rows = top.into_iter().enumerate().map(|(rank, c)| {
        let p = c.parallel;
        view! {
            <tr data-testid="auto-row">
                <th scope="row">{rank + 1}</th>
                <td>{p.tp}</td><td>{p.pp}</td><td>{p.dp}</td><td>{p.virtual_stages}</td><td>{p.zero}</td>
                <td>{p.micro_batch}</td><td>{p.recompute.key()}</td><td>{if p.sequence_parallel { "yes" } else { "no" }}</td>
                <td>{format::si(c.memory_bytes, "B")}</td>
                <td>{format!("{} s", format::significant_digits(c.step_time_s, 3))}</td>
                <td>{format!("{}%", format::significant_digits(c.mfu * 100.0, 3))}</td>
                <td><button type="button" class="secondary" data-testid="auto-use" on:click=move |_| use_plan.run(c)>"Use"<span class="visually-hidden">{format!(" plan {}", rank + 1)}</span></button></td>
            </tr>
        }
    }).collect_view();
    view! {
        <div class="table-scroll" role="region" aria-label="The ten top-ranked splits" tabindex="0">
            <table data-testid="auto-table">
                <caption>"The ten top-ranked splits that fit"</caption>
                <thead><tr>
                    <th scope="col">"Rank"</th><th scope="col">"tp"</th><th scope="col">"pp"</th><th scope="col">"dp"</th>
                    <th scope="col">"v"</th><th scope="col">"ZeRO"</th><th scope="col">"Micro-batch"</th><th scope="col">"Recompute"</th>
                    <th scope="col">"SP"</th><th scope="col">"Memory"</th><th scope="col">"Step"</th><th scope="col">"MFU"</th><th scope="col">"Apply"</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }.into_any()
}

fn pareto_chart(result: &SearchResult) -> Chart {
    let points = |list: &[Candidate]| -> Vec<DataPoint> {
        list.iter()
            .map(|c| DataPoint::from(vec![c.memory_bytes / 1e9, c.tokens_per_s]))
            .collect()
    };
    Chart::new()
        .animation(!crate::dom::prefers_reduced_motion())
        .background_color("transparent")
        .tooltip(Tooltip::new().trigger(Trigger::Item))
        .x_axis(frame::x_axis("Memory per accelerator (GB)").type_(AxisType::Value))
        .y_axis(frame::y_axis("Tokens/s").type_(AxisType::Value))
        .series(
            Scatter::new()
                .name("Ten top-ranked")
                .symbol(Symbol::Triangle)
                .data(points(&result.top)),
        )
        .series(
            Scatter::new()
                .name("Pareto front")
                .symbol(Symbol::Circle)
                .data(points(&result.pareto)),
        )
}

fn pareto_table(result: &SearchResult) -> ChartTable {
    ChartTable {
        caption: "Pareto front, from least memory to most throughput".into(),
        header: [
            "tp",
            "pp",
            "dp",
            "v",
            "ZeRO",
            "Micro-batch",
            "Recompute",
            "Memory",
            "Tokens/s",
        ]
        .map(String::from)
        .to_vec(),
        rows: result
            .pareto
            .iter()
            .map(|c| {
                let p = c.parallel;
                vec![
                    p.tp.to_string(),
                    p.pp.to_string(),
                    p.dp.to_string(),
                    p.virtual_stages.to_string(),
                    p.zero.to_string(),
                    p.micro_batch.to_string(),
                    p.recompute.key().to_string(),
                    format::si(c.memory_bytes, "B"),
                    format::scientific(c.tokens_per_s, 3),
                ]
            })
            .collect(),
    }
}
