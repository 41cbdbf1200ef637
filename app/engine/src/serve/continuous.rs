//! Continuous batching: the server admits waiting requests between decode
//! steps instead of waiting for a whole batch to finish (iteration-level
//! scheduling, Yu et al. 2022; vLLM, Kwon et al. 2023).
//!
//! Each scheduling decision is one of three things. If requests wait and
//! fewer than `max_batch` are running, the oldest ones are admitted and
//! prefilled together, as one pass that pauses the running requests (vLLM's
//! default before chunked prefill). If nothing runs, the clock jumps to the
//! next arrival. Otherwise the running requests decode together, one token
//! each per step, until the next request finishes or, when there is room,
//! until the step during which the next request arrives. Between those
//! moments the batch does not change, so the steps are summed in closed
//! form (`ServiceModel::decode_steps_s`) and a run costs a few decisions per
//! request, not one per token.
//!
//! Every request reserves its cache at full length when admitted, so
//! `max_batch` is still capped by `memory_max_batch`; vLLM allocates pages
//! as tokens arrive and can hold more, preempting when memory runs out.

use super::model::{decode_steps_for, ServiceModel};
use super::sim::{Arrivals, Request, RunResult, Tally};
use super::{first_where, ServeInput};
use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, VecDeque};

/// A request being decoded.
#[derive(Debug, Clone, Copy)]
struct Running {
    /// The decode step (counted over the whole run) after which it is done.
    finish_step: u64,
    /// Its place in the order of admission, which breaks ties.
    order: u64,
    /// The decode step it was admitted before.
    admitted_step: u64,
    arrival_s: f64,
    admitted_s: f64,
    /// When its prefill ended and its first token was out.
    first_token_s: f64,
    output_tokens: u64,
}

impl Running {
    fn key(&self) -> (u64, u64) {
        (self.finish_step, self.order)
    }
}

// Running requests leave in order of the step that finishes them; only that
// key orders them, so the times need no ordering of floats.
impl PartialEq for Running {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Running {}

impl PartialOrd for Running {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Running {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

#[derive(Debug, Clone)]
pub(super) struct ContinuousRun {
    max_batch: u64,
    arrivals: Arrivals,
    /// The next arrival not yet known to the server.
    next_arrival: Option<Request>,
    waiting: VecDeque<Request>,
    /// Running requests, the first to finish on top.
    running: BinaryHeap<Reverse<Running>>,
    admitted: u64,
    /// Σ `admitted_step` over `running`, so the cached tokens of all of them
    /// are n·(prompt + step) − this sum without a walk over the batch.
    admitted_steps_sum: u64,
    clock_s: f64,
    step: u64,
    tally: Tally,
}

impl ContinuousRun {
    pub(super) fn new(input: &ServeInput, max_batch: u64) -> ContinuousRun {
        let mut arrivals = Arrivals::new(input);
        let next_arrival = arrivals.next();
        ContinuousRun {
            max_batch: max_batch.max(1),
            arrivals,
            next_arrival,
            waiting: VecDeque::new(),
            running: BinaryHeap::new(),
            admitted: 0,
            admitted_steps_sum: 0,
            clock_s: 0.0,
            step: 0,
            tally: Tally::new(input.requests),
        }
    }

    pub(super) fn exhausted(&self) -> bool {
        self.next_arrival.is_none() && self.waiting.is_empty() && self.running.is_empty()
    }

    pub(super) fn result(&self) -> RunResult {
        self.tally.result(self.max_batch)
    }

    fn room(&self) -> u64 {
        self.max_batch.saturating_sub(self.running.len() as u64)
    }

    /// Takes one scheduling decision; returns how many requests finished.
    pub(super) fn advance(&mut self, model: &ServiceModel) -> u64 {
        while let Some(request) = self.next_arrival.filter(|r| r.arrival_s <= self.clock_s) {
            self.waiting.push_back(request);
            self.next_arrival = self.arrivals.next();
        }
        let room = usize::try_from(self.room()).unwrap_or(usize::MAX);
        if room > 0 && !self.waiting.is_empty() {
            return self.admit(model, room.min(self.waiting.len()));
        }
        if self.running.is_empty() {
            if let Some(request) = self.next_arrival {
                self.clock_s = self.clock_s.max(request.arrival_s);
            }
            return 0;
        }
        self.decode(model)
    }

    /// Prefills the `count` oldest waiting requests in one pass; returns how
    /// many of them are done with it, because they asked for one token.
    fn admit(&mut self, model: &ServiceModel, count: usize) -> u64 {
        let start = self.clock_s;
        self.clock_s += model.prefill_s(count as u64);
        let mut finished = 0;
        for request in self.waiting.drain(..count) {
            // The prefill emits the first token; an answer of one is complete.
            let steps = decode_steps_for(request.output_tokens);
            if steps == 0 {
                self.tally
                    .served(&request, start, self.clock_s, self.clock_s);
                finished += 1;
                continue;
            }
            self.running.push(Reverse(Running {
                finish_step: self.step.saturating_add(steps),
                order: self.admitted,
                admitted_step: self.step,
                arrival_s: request.arrival_s,
                admitted_s: start,
                first_token_s: self.clock_s,
                output_tokens: request.output_tokens,
            }));
            self.admitted = self.admitted.saturating_add(1);
            self.admitted_steps_sum = self.admitted_steps_sum.saturating_add(self.step);
        }
        finished
    }

    /// Decodes until the next request finishes or, if there is room, until
    /// the step during which the next request arrives ends.
    fn decode(&mut self, model: &ServiceModel) -> u64 {
        let Some(Reverse(first_done)) = self.running.peek().copied() else {
            return 0;
        };
        let batch = self.running.len() as u64;
        let to_finish = first_done.finish_step.saturating_sub(self.step).max(1);
        // Tokens cached across the batch: each holds its prompt plus one per
        // step since it was admitted.
        let context = (batch as f64) * (model.prompt_tokens + self.step as f64)
            - self.admitted_steps_sum as f64;
        let duration = |steps: u64| model.decode_steps_s(batch, context, steps as f64);
        let steps = match self.next_arrival {
            Some(request) if self.room() > 0 => {
                // Compare the clock the run will reach, not a difference of
                // times, so rounding cannot stop a step short of the arrival.
                let clock = self.clock_s;
                first_reaching(request.arrival_s, to_finish, |steps| {
                    clock + duration(steps)
                })
            }
            _ => to_finish,
        };
        self.clock_s += duration(steps);
        self.step = self.step.saturating_add(steps);
        self.tally
            .batches(steps as f64, steps as f64 * batch as f64);
        let mut finished = 0;
        while let Some(Reverse(request)) = self
            .running
            .peek()
            .copied()
            .filter(|Reverse(r)| r.finish_step <= self.step)
        {
            self.running.pop();
            self.admitted_steps_sum = self
                .admitted_steps_sum
                .saturating_sub(request.admitted_step);
            let arrived = Request {
                arrival_s: request.arrival_s,
                output_tokens: request.output_tokens,
            };
            self.tally.served(
                &arrived,
                request.admitted_s,
                request.first_token_s,
                self.clock_s,
            );
            finished += 1;
        }
        finished
    }
}

/// The fewest steps, from 1 to `most`, after which `clock_after` reaches
/// `target`, or `most` if none does. The clock grows with the step count, so
/// a binary search finds it in about log₂ `most` evaluations.
fn first_reaching(target: f64, most: u64, clock_after: impl Fn(u64) -> f64) -> u64 {
    first_where(1, most.max(1), |steps| clock_after(steps) >= target)
}

#[cfg(test)]
mod tests {
    use super::first_reaching;

    #[test]
    fn the_search_finds_the_first_step_that_reaches_the_gap() {
        let linear = |steps: u64| steps as f64 * 2.0;
        assert_eq!(first_reaching(5.0, 10, linear), 3);
        assert_eq!(first_reaching(6.0, 10, linear), 3);
        assert_eq!(first_reaching(0.5, 10, linear), 1);
        assert_eq!(first_reaching(100.0, 10, linear), 10);
        assert_eq!(first_reaching(1.0, 0, linear), 1);
    }
}
