//! The exhaustive auto-split: every valid plan for the cluster, ranked.
//!
//! The space, stated so "exhaustive" has a meaning: tp over the divisors of
//! the accelerator count that divide the attention heads (and split or evenly
//! copy the key/value heads); pp over the divisors of the rest, up to the layer
//! count; dp fills the cluster and must divide the global batch; the
//! micro-batch over every divisor of the per-replica batch up to 64; virtual
//! stages 1 to 8 when pp > 1, the micro-batches divide among the stages
//! and every chunk has a layer; ZeRO 0–3 (only 0 when dp = 1); every
//! recompute mode; sequence parallelism on and off when tp > 1. Every plan
//! is priced; those no common framework runs (ZeRO-2 or -3 with pp > 1, see
//! `Plan::framework_supported`) are counted but not ranked.
//!
//! Plans are enumerated up front (cheap) and priced in chunks, so a browser
//! can run a slice per frame and paint a progress bar in between.
//!
//! The ranking is by step time, with one exception at the top: plans within
//! `NEAR_TIE` of the fastest are a tie the model cannot break (its own error
//! is larger), so the one among them that needs the least memory leads. Its
//! headroom absorbs allocator fragmentation and activation peaks the model
//! does not count. The fastest plan is still reported, and follows it.

use super::evaluate::evaluate;
use super::model::Recompute;
use super::{ModelSpec, Plan, SplitInput};
use serde::Serialize;

/// Largest micro-batch the search tries.
pub const MAX_MICRO_BATCH: u64 = 64;
/// Virtual pipeline stages per accelerator the search tries.
pub const MAX_VIRTUAL_STAGES: u64 = 8;
pub const TOP: usize = 10;
/// Step times within this fraction of the fastest count as a tie.
pub const NEAR_TIE: f64 = 0.01;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Candidate {
    pub parallel: Plan,
    pub memory_bytes: f64,
    pub step_time_s: f64,
    pub tokens_per_s: f64,
    pub mfu: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchResult {
    /// The recommended plan: the least memory among those within `NEAR_TIE`
    /// of the fastest step time.
    pub best: Option<Candidate>,
    /// The plan with the shortest step time, which `best` may differ from.
    pub fastest: Option<Candidate>,
    pub top: Vec<Candidate>,
    /// Plans no other fitting plan beats on both memory and throughput, by memory.
    pub pareto: Vec<Candidate>,
    pub configs_evaluated: u64,
    /// Plans that fit in memory and that a common framework runs: the ones ranked.
    pub configs_fitting: u64,
    /// Plans that fit but pair ZeRO-2 or -3 with pipeline parallelism.
    pub configs_unsupported: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// A search in progress.
#[derive(Debug, Clone)]
pub struct Search {
    input: SplitInput,
    plans: Vec<Plan>,
    next: usize,
    top: Vec<Candidate>,
    fitting: Vec<Candidate>,
    unsupported: u64,
}

fn divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1u64;
    while d.saturating_mul(d) <= n {
        if n.is_multiple_of(d) {
            small.push(d);
            if d != n / d {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

/// Every plan in the stated space for this model, batch and cluster.
pub fn enumerate(input: &SplitInput) -> Vec<Plan> {
    let count = input.cluster.count;
    let batch = input.training.global_batch;
    let (heads, kv_heads, layers) = match &input.model {
        ModelSpec::Architecture(arch) => (arch.heads, arch.kv_heads, arch.layers),
        // Without an architecture, model parallelism cannot be priced: replicas only.
        ModelSpec::ParamsOnly { .. } => (1, 1, 1),
    };
    let mut plans = Vec::new();
    for tp in divisors(count) {
        if heads % tp != 0 || (kv_heads % tp != 0 && tp % kv_heads != 0) {
            continue;
        }
        for pp in divisors(count / tp) {
            if pp > layers {
                continue;
            }
            let dp = count / tp / pp;
            if !batch.is_multiple_of(dp) {
                continue;
            }
            let per_replica = batch / dp;
            for micro_batch in divisors(per_replica) {
                if micro_batch > MAX_MICRO_BATCH {
                    break;
                }
                let micro_batches = per_replica / micro_batch;
                for virtual_stages in 1..=MAX_VIRTUAL_STAGES {
                    let interleaved = virtual_stages > 1;
                    if interleaved
                        && (pp == 1
                            || !micro_batches.is_multiple_of(pp)
                            || pp * virtual_stages > layers)
                    {
                        continue;
                    }
                    let zero_stages = if dp == 1 { 0..=0 } else { 0..=3 };
                    for zero in zero_stages {
                        for recompute in Recompute::ALL {
                            for sequence_parallel in [false, true] {
                                if sequence_parallel && tp == 1 {
                                    continue;
                                }
                                plans.push(Plan {
                                    dp,
                                    tp,
                                    pp,
                                    virtual_stages,
                                    sequence_parallel,
                                    zero,
                                    micro_batch,
                                    recompute,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    plans
}

impl Search {
    pub fn new(input: &SplitInput) -> Search {
        Search {
            input: input.clone(),
            plans: enumerate(input),
            next: 0,
            top: Vec::with_capacity(TOP + 1),
            fitting: Vec::new(),
            unsupported: 0,
        }
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.next,
            total: self.plans.len(),
        }
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.plans.len()
    }

    /// Prices up to `budget` more plans.
    pub fn step(&mut self, budget: usize) -> Progress {
        let end = self.next.saturating_add(budget).min(self.plans.len());
        let input = &self.input;
        for plan in self.plans.get(self.next..end).unwrap_or_default() {
            let metrics = evaluate(&input.model, &input.training, &input.cluster, plan);
            if !metrics.fits {
                continue;
            }
            if !plan.framework_supported() {
                self.unsupported += 1;
                continue;
            }
            let candidate = Candidate {
                parallel: *plan,
                memory_bytes: metrics.total,
                step_time_s: metrics.step_time_s,
                tokens_per_s: metrics.tokens_per_s,
                mfu: metrics.mfu,
            };
            self.fitting.push(candidate);
            let slot = self
                .top
                .partition_point(|kept| kept.step_time_s <= candidate.step_time_s);
            if slot < TOP {
                self.top.insert(slot, candidate);
                self.top.truncate(TOP);
            }
        }
        self.next = end;
        self.progress()
    }

    /// Finishes any plans left and returns the ranking.
    pub fn finish(mut self) -> SearchResult {
        while !self.is_done() {
            self.step(usize::MAX);
        }
        let mut by_memory = self.fitting.clone();
        by_memory.sort_by(|a, b| {
            a.memory_bytes
                .total_cmp(&b.memory_bytes)
                .then(b.tokens_per_s.total_cmp(&a.tokens_per_s))
        });
        let mut pareto: Vec<Candidate> = Vec::new();
        for candidate in by_memory {
            let better = pareto
                .last()
                .is_none_or(|last| candidate.tokens_per_s > last.tokens_per_s);
            if better {
                pareto.push(candidate);
            }
        }
        let fastest = self.top.first().copied();
        let best = fastest.and_then(|fastest| {
            let limit = fastest.step_time_s * (1.0 + NEAR_TIE);
            self.fitting
                .iter()
                .filter(|c| c.step_time_s <= limit)
                .min_by(|a, b| {
                    a.memory_bytes
                        .total_cmp(&b.memory_bytes)
                        .then(a.step_time_s.total_cmp(&b.step_time_s))
                })
                .copied()
        });
        // The recommended plan leads; the rest follow from the fastest down.
        let mut top: Vec<Candidate> = best.into_iter().collect();
        top.extend(
            self.top
                .iter()
                .filter(|c| best.is_none_or(|b| c.parallel != b.parallel))
                .copied(),
        );
        top.truncate(TOP);
        SearchResult {
            best,
            fastest,
            top,
            pareto,
            configs_evaluated: self.plans.len() as u64,
            configs_fitting: self.fitting.len() as u64,
            configs_unsupported: self.unsupported,
        }
    }
}

/// Runs the whole search at once (native callers and tests).
pub fn run(input: &SplitInput) -> SearchResult {
    Search::new(input).finish()
}
