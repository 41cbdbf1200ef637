//! The discrete-event simulation: Poisson arrivals, one replica's server
//! (static batches here, continuous batching in `continuous`), run once per
//! batch limit of the sweep, in slices a browser can interleave with drawing.

use super::continuous::ContinuousRun;
use super::model::ServiceModel;
use super::percentile::Largest;
use super::{summarize, Scheduler, ServeInput, ServeOutput};
use crate::rng::SplitMix64;
use serde::Serialize;
use std::collections::VecDeque;

/// How far a simulation has got, in requests served across every run of the sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

/// Poisson arrivals: exponential gaps of mean 1/λ, a fixed number of them.
#[derive(Debug, Clone)]
pub(super) struct Arrivals {
    rng: SplitMix64,
    clock_s: f64,
    rate_per_s: f64,
    remaining: u64,
}

impl Arrivals {
    pub(super) fn new(input: &ServeInput) -> Arrivals {
        Arrivals {
            // Every run replays the same arrivals, so the sweep's curves
            // differ only by the batch limit and the scheduler, not by luck.
            rng: SplitMix64::new(input.seed),
            clock_s: 0.0,
            rate_per_s: input.arrival_per_s,
            remaining: input.requests,
        }
    }

    pub(super) fn next(&mut self) -> Option<f64> {
        self.remaining = self.remaining.checked_sub(1)?;
        self.clock_s += -self.rng.next_open_unit().ln() / self.rate_per_s;
        Some(self.clock_s)
    }
}

/// One sweep point's results.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RunResult {
    pub max_batch: u64,
    pub throughput_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub mean_ms: f64,
    pub mean_wait_ms: f64,
    pub mean_batch: f64,
    /// Arrival to the end of the request's prefill, when its first token is out.
    pub ttft_p50_ms: f64,
    pub ttft_p99_ms: f64,
    pub mean_ttft_ms: f64,
    /// Mean time per output token after the first: (latency − TTFT) / s_o.
    pub mean_tpot_ms: f64,
}

/// What a run has seen so far: the latencies of the requests served, their
/// waits, and how full the batches (or decode steps) were.
#[derive(Debug, Clone)]
pub(super) struct Tally {
    /// The slowest half and the slowest hundredth of the requests served, for
    /// the p50 and p99; kept as they come so a run's end costs nothing.
    slowest_half: Largest,
    slowest_hundredth: Largest,
    /// The same for the time to the first token.
    first_token_half: Largest,
    first_token_hundredth: Largest,
    served: u64,
    latency_sum_s: f64,
    wait_sum_s: f64,
    first_token_sum_s: f64,
    last_done_s: f64,
    /// Batches served (static) or decode steps taken (continuous), and the
    /// requests they held between them.
    batches: f64,
    batch_members: f64,
}

impl Tally {
    pub(super) fn new(requests: u64) -> Tally {
        Tally {
            slowest_half: Largest::for_percentile(0.50, requests),
            slowest_hundredth: Largest::for_percentile(0.99, requests),
            first_token_half: Largest::for_percentile(0.50, requests),
            first_token_hundredth: Largest::for_percentile(0.99, requests),
            served: 0,
            latency_sum_s: 0.0,
            wait_sum_s: 0.0,
            first_token_sum_s: 0.0,
            last_done_s: 0.0,
            batches: 0.0,
            batch_members: 0.0,
        }
    }

    /// A request that arrived at `arrival`, started its prefill at `start`,
    /// had its first token when the prefill ended at `first_token` and its
    /// last at `done`.
    pub(super) fn served(&mut self, arrival: f64, start: f64, first_token: f64, done: f64) {
        let latency = done - arrival;
        self.slowest_half.push(latency);
        self.slowest_hundredth.push(latency);
        let to_first = first_token - arrival;
        self.first_token_half.push(to_first);
        self.first_token_hundredth.push(to_first);
        self.served = self.served.saturating_add(1);
        self.latency_sum_s += latency;
        self.wait_sum_s += start - arrival;
        self.first_token_sum_s += to_first;
        self.last_done_s = self.last_done_s.max(done);
    }

    /// `count` batches or steps that held `members` requests between them.
    pub(super) fn batches(&mut self, count: f64, members: f64) {
        self.batches += count;
        self.batch_members += members;
    }

    pub(super) fn result(&self, max_batch: u64, output_tokens: u64) -> RunResult {
        let served = self.served as f64;
        let mean = |sum: f64| if served > 0.0 { sum / served } else { 0.0 };
        RunResult {
            max_batch,
            throughput_per_s: if self.last_done_s > 0.0 {
                served / self.last_done_s
            } else {
                0.0
            },
            p50_ms: self.slowest_half.smallest() * 1000.0,
            p99_ms: self.slowest_hundredth.smallest() * 1000.0,
            mean_ms: mean(self.latency_sum_s) * 1000.0,
            mean_wait_ms: mean(self.wait_sum_s) * 1000.0,
            mean_batch: if self.batches > 0.0 {
                self.batch_members / self.batches
            } else {
                0.0
            },
            ttft_p50_ms: self.first_token_half.smallest() * 1000.0,
            ttft_p99_ms: self.first_token_hundredth.smallest() * 1000.0,
            mean_ttft_ms: mean(self.first_token_sum_s) * 1000.0,
            mean_tpot_ms: mean(self.latency_sum_s - self.first_token_sum_s) * 1000.0
                / output_tokens.max(1) as f64,
        }
    }
}

/// One static-batching run in progress: a queue, a server and what it has
/// served so far.
#[derive(Debug, Clone)]
struct StaticRun {
    max_batch: u64,
    output_tokens: u64,
    arrivals: Arrivals,
    /// Arrival times of requests known but not yet served, oldest first.
    waiting: VecDeque<f64>,
    server_free_at: f64,
    tally: Tally,
}

impl StaticRun {
    fn new(input: &ServeInput, max_batch: u64) -> StaticRun {
        StaticRun {
            max_batch,
            output_tokens: input.output_tokens,
            arrivals: Arrivals::new(input),
            waiting: VecDeque::new(),
            server_free_at: 0.0,
            tally: Tally::new(input.requests),
        }
    }

    /// Every request has arrived and been served.
    fn exhausted(&self) -> bool {
        self.waiting.is_empty() && self.arrivals.remaining == 0
    }

    /// Forms and serves the next batch; returns how many requests it held,
    /// 0 once every request has been served.
    ///
    /// The server starts a batch when `max_batch` requests wait or when the
    /// oldest has waited `window_s`, whichever comes first, but never before it
    /// is free; it then takes every waiting request up to `max_batch`.
    fn serve_batch(&mut self, model: &ServiceModel, window_s: f64) -> u64 {
        if self.waiting.is_empty() {
            match self.arrivals.next() {
                Some(arrival) => self.waiting.push_back(arrival),
                None => return 0,
            }
        }
        let Some(&oldest) = self.waiting.front() else {
            return 0;
        };
        let limit = usize::try_from(self.max_batch).unwrap_or(usize::MAX);
        let deadline = oldest + window_s;
        // Learn every arrival up to the latest moment this batch could start,
        // or until the batch is full.
        let latest_start = deadline.max(self.server_free_at);
        while self.waiting.len() < limit
            && self
                .waiting
                .back()
                .is_some_and(|last| *last <= latest_start)
        {
            match self.arrivals.next() {
                Some(arrival) => self.waiting.push_back(arrival),
                None => break,
            }
        }
        let full_at = limit
            .checked_sub(1)
            .and_then(|last| self.waiting.get(last))
            .copied()
            .unwrap_or(f64::INFINITY);
        let start = self.server_free_at.max(deadline.min(full_at));
        let size = self
            .waiting
            .iter()
            .take(limit)
            .take_while(|arrival| **arrival <= start)
            .count();
        let first_token = start + model.prefill_s(size as u64);
        let done = start + model.service_s(size as u64);
        for arrival in self.waiting.drain(..size) {
            self.tally.served(arrival, start, first_token, done);
        }
        self.server_free_at = done;
        self.tally.batches(1.0, size as f64);
        size as u64
    }
}

/// One run of either scheduler.
#[derive(Debug, Clone)]
enum Run {
    Static(StaticRun),
    Continuous(ContinuousRun),
}

impl Run {
    fn new(input: &ServeInput, max_batch: u64) -> Run {
        match input.scheduler {
            Scheduler::Static => Run::Static(StaticRun::new(input, max_batch)),
            Scheduler::Continuous => Run::Continuous(ContinuousRun::new(input, max_batch)),
        }
    }

    /// Moves the run on by one batch or one scheduling decision; returns how
    /// many requests finished.
    fn advance(&mut self, model: &ServiceModel, window_s: f64) -> u64 {
        match self {
            Run::Static(run) => run.serve_batch(model, window_s),
            Run::Continuous(run) => run.advance(model),
        }
    }

    /// Every request has arrived and been served.
    fn exhausted(&self) -> bool {
        match self {
            Run::Static(run) => run.exhausted(),
            Run::Continuous(run) => run.exhausted(),
        }
    }

    fn result(&self) -> RunResult {
        match self {
            Run::Static(run) => run.tally.result(run.max_batch, run.output_tokens),
            Run::Continuous(run) => run.result(),
        }
    }
}

/// Batch limits of the sweep: 1, 2, 4, … below `max`, then `max` itself.
pub fn sweep_sizes(max: u64) -> Vec<u64> {
    let mut sizes: Vec<u64> = std::iter::successors(Some(1u64), |size| size.checked_mul(2))
        .take_while(|size| *size < max)
        .collect();
    sizes.push(max.max(1));
    sizes
}

/// A simulation that can run in slices: `step` a few thousand requests per
/// animation frame, then `finish` for the output.
#[derive(Debug, Clone)]
pub struct Simulation {
    input: ServeInput,
    model: ServiceModel,
    /// Batch limits still to run, in order.
    pending: VecDeque<u64>,
    current: Option<Run>,
    results: Vec<RunResult>,
    done: u64,
    total: u64,
}

impl Simulation {
    pub fn new(input: &ServeInput) -> Simulation {
        let model = ServiceModel::new(input);
        let sizes = sweep_sizes(input.batch_limit(&model));
        let total = input.requests.saturating_mul(sizes.len() as u64);
        Simulation {
            input: input.clone(),
            model,
            pending: sizes.into(),
            current: None,
            results: Vec::new(),
            done: 0,
            total,
        }
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.done,
            total: self.total,
        }
    }

    pub fn is_done(&self) -> bool {
        self.current.is_none() && self.pending.is_empty()
    }

    /// Serves at least `max_events` requests (whole batches, so a few more),
    /// or everything left, whichever is less. Continuous batching can take
    /// several decisions per request served, so the slice also ends after
    /// `4 × max_events` decisions.
    pub fn step(&mut self, max_events: u64) -> Progress {
        let window_s = self.input.batch_window_s;
        let decision_budget = max_events.saturating_mul(4);
        let mut served = 0u64;
        let mut decisions = 0u64;
        while served < max_events && decisions < decision_budget {
            if self.current.is_none() {
                match self.pending.pop_front() {
                    Some(size) => self.current = Some(Run::new(&self.input, size)),
                    None => break,
                }
            }
            let Some(run) = self.current.as_mut() else {
                break;
            };
            let finished = run.advance(&self.model, window_s);
            // A run is closed as soon as its last request is served, so the
            // step that serves it reports the simulation done.
            if run.exhausted() {
                self.results.push(run.result());
                self.current = None;
            }
            served = served.saturating_add(finished);
            decisions = decisions.saturating_add(1);
            self.done = self.done.saturating_add(finished);
        }
        self.progress()
    }

    /// Runs whatever is left and summarizes every run.
    pub fn finish(mut self) -> ServeOutput {
        while !self.is_done() {
            self.step(u64::MAX);
        }
        summarize(&self.input, &self.model, &self.results)
    }
}
