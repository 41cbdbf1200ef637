//! Runs the serving simulation in slices of about 8 ms, painting a progress
//! bar in between, and starts again when the form settles on new values.

use crate::dom::{now_ms, sleep_ms, yield_to_browser};
use engine::format;
use engine::serve::{Progress, ServeInput, ServeOutput, Simulation};
use leptos::prelude::*;

/// Requests served between clock checks: whole batches, so a step stays far
/// below a millisecond.
const BATCH: u64 = 1024;
/// Time budget of one slice before the browser gets the thread back.
const SLICE_MS: f64 = 8.0;
/// Quiet time after the last change before a new run starts, so typing
/// "2000" runs one simulation, not four.
const DEBOUNCE_MS: i32 = 250;

#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The input simulated, to tell when the form has moved on.
    pub input: ServeInput,
    pub output: ServeOutput,
    /// Which run this was; it grows with every change of input.
    pub run: u64,
    pub requests: u64,
    pub elapsed_ms: f64,
    /// Time spent simulating, without the pauses that let the page paint.
    pub compute_ms: f64,
    pub longest_slice_ms: f64,
    /// How many slices the run took, each followed by a pause for the page.
    pub slices: u64,
}

/// The simulation's state as signals the view can follow.
#[derive(Clone, Copy)]
pub struct SimulationState {
    pub progress: RwSignal<Option<Progress>>,
    pub finished: RwSignal<Option<Finished>>,
}

/// Re-runs the simulation whenever the validated input changes. A newer run,
/// or an unmounted widget, ends an older one at its next slice.
pub fn start(input: Memo<Option<ServeInput>>) -> SimulationState {
    let progress = RwSignal::new(None::<Progress>);
    let finished = RwSignal::new(None::<Finished>);
    let run_id = StoredValue::new(0u64);
    // The simulation is outside the reactive graph's synchronous world, so
    // starting it is an Effect.
    Effect::new(move |_| {
        let current = input.get();
        let this_run = run_id.get_value() + 1;
        run_id.set_value(this_run);
        match current {
            Some(current) => leptos::task::spawn_local(simulate(
                current,
                this_run,
                run_id,
                SimulationState { progress, finished },
            )),
            None => progress.set(None),
        }
    });
    SimulationState { progress, finished }
}

async fn simulate(
    input: ServeInput,
    this_run: u64,
    run_id: StoredValue<u64>,
    state: SimulationState,
) {
    let current = move || run_id.try_get_value() == Some(this_run);
    sleep_ms(DEBOUNCE_MS).await;
    if !current() {
        return;
    }
    let started = now_ms();
    let mut longest = 0.0_f64;
    let mut computing = 0.0_f64;
    let mut slices = 0_u64;
    let mut simulation = Simulation::new(&input);
    state.progress.try_set(Some(simulation.progress()));
    yield_to_browser().await;
    while !simulation.is_done() {
        if !current() {
            return;
        }
        let slice_start = now_ms();
        while !simulation.is_done() && now_ms() - slice_start < SLICE_MS {
            simulation.step(BATCH);
        }
        let slice = now_ms() - slice_start;
        longest = longest.max(slice);
        computing += slice;
        slices += 1;
        state.progress.try_set(Some(simulation.progress()));
        yield_to_browser().await;
    }
    if !current() {
        return;
    }
    let requests = simulation.progress().total;
    let slice_start = now_ms();
    let output = simulation.finish();
    let slice = now_ms() - slice_start;
    state.progress.try_set(None);
    state.finished.try_set(Some(Finished {
        input,
        output,
        run: this_run,
        requests,
        elapsed_ms: now_ms() - started,
        compute_ms: computing + slice,
        longest_slice_ms: longest.max(slice),
        slices,
    }));
}

/// The progress bar while a run is under way, and a line about the last run.
#[component]
pub fn RunStatus(simulation: SimulationState, input: Memo<Option<ServeInput>>) -> impl IntoView {
    view! {
        {move || simulation.progress.get().filter(|_| input.with(Option::is_some)).map(|p| {
            let label = format!("Simulating: {} of {} requests served", format::grouped(p.done), format::grouped(p.total));
            view! {
                <div class="auto-progress" role="status" data-testid="serve-progress">
                    <progress max=p.total.max(1).to_string() value=p.done.to_string() aria-label="Simulation progress"></progress>
                    <span>{label}</span>
                </div>
            }
        })}
        {move || simulation.finished.get().filter(|_| input.with(Option::is_some)).map(|f| {
            let stale = input.with(|current| current.as_ref() != Some(&f.input));
            view! {
                <p class="auto-stats" data-testid="serve-stats" aria-live="polite"
                    data-run=f.run.to_string()
                    data-stale=stale.to_string()
                    data-elapsed-ms=format!("{:.1}", f.elapsed_ms)
                    data-compute-ms=format!("{:.1}", f.compute_ms)
                    data-longest-slice-ms=format!("{:.1}", f.longest_slice_ms)
                    data-slices=f.slices.to_string()>
                    {format!("Simulated {} requests over {} batch limits in {} ms.",
                        format::grouped(f.requests), f.output.sweep.len(), format::significant_digits(f.elapsed_ms, 3))}
                    {stale.then_some(" These results are for earlier settings; the new ones follow when the simulation finishes.")}
                </p>
            }
        })}
    }
}
