//! The discrete-event simulation: Poisson arrivals, one dynamic-batching
//! server, run once per batch limit of the sweep, in slices a browser can
//! interleave with drawing.

use super::model::ServiceModel;
use super::{summarize, ServeInput, ServeOutput};
use crate::rng::SplitMix64;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// How far a simulation has got, in requests served across every run of the sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

/// Poisson arrivals: exponential gaps of mean 1/λ, a fixed number of them.
#[derive(Debug, Clone)]
struct Arrivals {
    rng: SplitMix64,
    clock_s: f64,
    rate_per_s: f64,
    remaining: u64,
}

impl Arrivals {
    fn next(&mut self) -> Option<f64> {
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
}

/// One run in progress: a queue, a server and the latencies seen so far.
#[derive(Debug, Clone)]
struct Run {
    max_batch: u64,
    arrivals: Arrivals,
    /// Arrival times of requests known but not yet served, oldest first.
    waiting: VecDeque<f64>,
    server_free_at: f64,
    /// The slowest half and the slowest hundredth of the requests served, for
    /// the p50 and p99; kept as they come so a run's end costs nothing.
    slowest_half: Largest,
    slowest_hundredth: Largest,
    served: u64,
    latency_sum_s: f64,
    wait_sum_s: f64,
    last_done_s: f64,
    batches: u64,
}

impl Run {
    fn new(input: &ServeInput, max_batch: u64) -> Run {
        Run {
            max_batch,
            arrivals: Arrivals {
                // Every run replays the same arrivals, so the sweep's curves
                // differ only by the batch limit, not by luck.
                rng: SplitMix64::new(input.seed),
                clock_s: 0.0,
                rate_per_s: input.arrival_per_s,
                remaining: input.requests,
            },
            waiting: VecDeque::new(),
            server_free_at: 0.0,
            slowest_half: Largest::for_percentile(0.50, input.requests),
            slowest_hundredth: Largest::for_percentile(0.99, input.requests),
            served: 0,
            latency_sum_s: 0.0,
            wait_sum_s: 0.0,
            last_done_s: 0.0,
            batches: 0,
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
        let done = start + model.service_s(size as u64);
        for arrival in self.waiting.drain(..size) {
            let latency = done - arrival;
            self.slowest_half.push(latency);
            self.slowest_hundredth.push(latency);
            self.served = self.served.saturating_add(1);
            self.latency_sum_s += latency;
            self.wait_sum_s += start - arrival;
        }
        self.server_free_at = done;
        self.last_done_s = done;
        self.batches = self.batches.saturating_add(1);
        size as u64
    }

    fn result(self) -> RunResult {
        let served = self.served as f64;
        let mean = |sum: f64| if served > 0.0 { sum / served } else { 0.0 };
        RunResult {
            max_batch: self.max_batch,
            throughput_per_s: if self.last_done_s > 0.0 {
                served / self.last_done_s
            } else {
                0.0
            },
            p50_ms: self.slowest_half.smallest() * 1000.0,
            p99_ms: self.slowest_hundredth.smallest() * 1000.0,
            mean_ms: mean(self.latency_sum_s) * 1000.0,
            mean_wait_ms: mean(self.wait_sum_s) * 1000.0,
            mean_batch: if self.batches > 0 {
                served / self.batches as f64
            } else {
                0.0
            },
        }
    }
}

/// The `keep` largest values seen so far, smallest on top. Sized for a
/// percentile p of n values, its top at the end is the nearest-rank
/// percentile: the smallest value with at least a share p of the values at or
/// below it. Each value costs O(log keep) as it arrives, so no step has to
/// sort a whole run (a million latencies would hold a browser's page for
/// tens of milliseconds).
#[derive(Debug, Clone)]
struct Largest {
    heap: BinaryHeap<Reverse<u64>>,
    keep: usize,
}

impl Largest {
    fn for_percentile(p: f64, n: u64) -> Largest {
        let n = n as f64;
        // Nearest rank ⌈p·n⌉ (1-based) leaves n − ⌈p·n⌉ + 1 values from it up.
        let keep = (n - (p * n).ceil() + 1.0).max(1.0) as usize;
        Largest {
            heap: BinaryHeap::with_capacity(keep.min(1 << 20)),
            keep,
        }
    }

    fn push(&mut self, value: f64) {
        let key = order_key(value);
        if self.heap.len() < self.keep {
            self.heap.push(Reverse(key));
        } else if let Some(mut top) = self.heap.peek_mut() {
            if key > top.0 {
                *top = Reverse(key);
            }
        }
    }

    fn smallest(&self) -> f64 {
        self.heap
            .peek()
            .map(|Reverse(key)| from_order_key(*key))
            .unwrap_or_default()
    }
}

/// Maps a float to an integer with the same order (`f64::total_cmp`'s), so
/// the heap compares integers.
fn order_key(value: f64) -> u64 {
    let bits = value.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    }
}

fn from_order_key(key: u64) -> f64 {
    if key >> 63 == 1 {
        f64::from_bits(key & !(1 << 63))
    } else {
        f64::from_bits(!key)
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
    /// or everything left, whichever is less.
    pub fn step(&mut self, max_events: u64) -> Progress {
        let window_s = self.input.batch_window_s;
        let mut served = 0u64;
        while served < max_events {
            if self.current.is_none() {
                match self.pending.pop_front() {
                    Some(size) => self.current = Some(Run::new(&self.input, size)),
                    None => break,
                }
            }
            let Some(run) = self.current.as_mut() else {
                break;
            };
            let size = run.serve_batch(&self.model, window_s);
            // A run is closed as soon as its last request is served, so the
            // step that serves it reports the simulation done.
            if size == 0 || run.exhausted() {
                if let Some(finished) = self.current.take() {
                    self.results.push(finished.result());
                }
            }
            served = served.saturating_add(size);
            self.done = self.done.saturating_add(size);
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

#[cfg(test)]
mod percentile_tests {
    use super::{from_order_key, order_key, Largest, SplitMix64};

    fn nearest_rank(values: &[f64], p: f64) -> f64 {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let rank = (p * sorted.len() as f64).ceil() as usize;
        sorted[rank.saturating_sub(1)]
    }

    #[test]
    fn the_heaps_give_the_nearest_rank_percentiles() {
        let mut rng = SplitMix64::new(7);
        for n in [1usize, 2, 3, 7, 99, 100, 101, 1000, 12_345] {
            // Some repeats, so ties are covered too.
            let values: Vec<f64> = (0..n)
                .map(|_| (rng.next_open_unit() * 50.0).round() / 10.0 - 1.0)
                .collect();
            for p in [0.5, 0.99] {
                let mut largest = Largest::for_percentile(p, n as u64);
                for value in &values {
                    largest.push(*value);
                }
                assert_eq!(
                    largest.smallest(),
                    nearest_rank(&values, p),
                    "n = {n}, p = {p}"
                );
            }
        }
    }

    #[test]
    fn the_order_key_keeps_the_order_and_round_trips() {
        let values = [-1e300, -2.5, -0.0, 0.0, 1e-300, 0.5, 3.0, 1e300];
        for pair in values.windows(2) {
            assert!(order_key(pair[0]) < order_key(pair[1]), "{pair:?}");
        }
        for value in values {
            assert_eq!(from_order_key(order_key(value)).to_bits(), value.to_bits());
        }
    }
}
