//! Monte Carlo over the whole run, the simulated checkpoint sweep, the
//! single-machine baseline and the recommendation, in chunks.

use super::placement::{place, Placement};
use super::sim::{
    expected_completion, replicate, replication_seed, restart_time, Dynamics, Event, Replication,
};
use super::step::{step_cost, StepCost};
use super::{CaseStudyInput, ClusterSpec, KUBERNETES_AUTOSCALER, SPOT_NOTICE};
use crate::checkpoint::{DALY_2006, YOUNG_1974};
use crate::explain::{Binding, Explanation};
use crate::format;
use crate::hardware::LinkSource;
use serde::Serialize;

/// Multiples of Young's interval the sweep tries.
pub const SWEEP: [f64; 13] = [
    0.25, 0.4, 0.55, 0.7, 0.8, 0.9, 1.0, 1.12, 1.25, 1.4, 1.8, 2.5, 4.0,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Quantiles {
    pub p50: f64,
    pub p90: f64,
    pub mean: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SingleMachine {
    pub feasible: bool,
    pub reason: Option<String>,
    pub time_s: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SweepPoint {
    pub interval_s: f64,
    pub mean_completion_s: f64,
    pub goodput: f64,
}

/// One setup the recommender priced.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Candidate {
    pub gpus: u64,
    pub spot_fraction: f64,
    pub expected_completion_s: f64,
    pub expected_cost_usd: f64,
    pub meets_deadline: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recommendation {
    pub gpus: u64,
    pub nodes: u64,
    pub spot_fraction: f64,
    pub checkpoint_interval_s: Option<f64>,
    pub expected_completion_s: f64,
    pub expected_cost_usd: f64,
    pub meets_deadline: bool,
    pub reasons: Vec<String>,
    pub configurations_considered: u32,
    /// Every setup priced, for the cost-against-time chart.
    pub candidates: Vec<Candidate>,
    pub deadline_s: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseStudyOutput {
    pub preset: String,
    pub feasible: bool,
    pub reason: Option<String>,
    pub single_machine: SingleMachine,
    pub placement: Placement,
    pub step: StepCost,
    pub nodes: u64,
    /// Compute time without any interruption.
    pub work_s: f64,
    pub completion_time_s: Option<Quantiles>,
    pub expected_completion_s: Option<f64>,
    pub goodput: Option<f64>,
    pub lost_work_s: Option<f64>,
    pub failures: Option<f64>,
    pub preemptions: Option<f64>,
    pub checkpoints: Option<f64>,
    pub autoscaling_events: Option<f64>,
    pub cost_usd: Option<Quantiles>,
    pub energy_kwh: Option<f64>,
    pub job_mtbf_s: Option<f64>,
    pub checkpoint_interval_s: Option<f64>,
    pub checkpoint_interval_young_daly_s: Option<f64>,
    pub checkpoint_interval_best_simulated_s: Option<f64>,
    pub sweep: Vec<SweepPoint>,
    pub recommendation: Option<Recommendation>,
    pub timeline: Vec<Event>,
    pub replications: u32,
    pub seed: u64,
    pub explanations: Vec<Explanation>,
}

/// Rates and times for a cluster of `gpus`, with `spot_fraction` of its nodes on spot.
fn dynamics_for(
    input: &CaseStudyInput,
    cluster: &ClusterSpec,
    step: &StepCost,
    spot_fraction: f64,
    interval: Option<f64>,
) -> Dynamics {
    let ops = &input.operations;
    let nodes = cluster.nodes();
    let spot_nodes = (spot_fraction * nodes as f64).round();
    let failure_rate = ops.node_mtbf_s.map_or(0.0, |mtbf| nodes as f64 / mtbf);
    let preemption_rate = spot_nodes * ops.spot_preemptions_per_node_hour / 3600.0;
    let dynamics = Dynamics {
        work_s: input.workload.total_samples() / step.samples_per_s,
        start_delay_s: if nodes > ops.min_nodes {
            ops.scale_up_delay_s
        } else {
            0.0
        },
        failure_rate_per_s: failure_rate,
        preemption_rate_per_s: preemption_rate,
        interval_s: f64::INFINITY,
        write_s: ops.checkpoint_write_s,
        restart_s: restart_time(ops, nodes),
        notice_s: ops.notice_s,
    };
    Dynamics {
        interval_s: interval
            .or(dynamics.young_interval())
            .unwrap_or(f64::INFINITY),
        ..dynamics
    }
}

/// Closed-form expectation including preemptions: with enough notice each
/// one costs a write and a restart; without, it acts like a failure.
fn expected_with_preemptions(dynamics: &Dynamics) -> f64 {
    if dynamics.notice_s >= dynamics.write_s {
        let base = expected_completion(dynamics);
        base * (1.0 + dynamics.preemption_rate_per_s * (dynamics.write_s + dynamics.restart_s))
    } else {
        expected_completion(&Dynamics {
            failure_rate_per_s: dynamics.event_rate(),
            ..*dynamics
        })
    }
}

fn blended_price(input: &CaseStudyInput, nodes: u64, spot_fraction: f64) -> f64 {
    let ops = &input.operations;
    let spot = (spot_fraction * nodes as f64).round() / nodes.max(1) as f64;
    (1.0 - spot) * ops.on_demand_usd_per_gpu_hour + spot * ops.spot_usd_per_gpu_hour
}

/// A simulation in progress.
#[derive(Debug, Clone)]
pub struct Run {
    input: CaseStudyInput,
    placement: Placement,
    step: StepCost,
    dynamics: Option<Dynamics>,
    sweep_intervals: Vec<f64>,
    sweep_reps: u64,
    main: Vec<Replication>,
    sweep_sums: Vec<f64>,
    timeline: Vec<Event>,
    next: u64,
    total: u64,
    /// Why the job cannot make progress when interruptions outpace it.
    stalled: Option<String>,
}

/// Beyond these, a run is reported as unable to finish instead of simulated:
/// each replication would walk millions of failures to print a number that
/// means "never".
const STALL_FACTOR: f64 = 100.0;
const MAX_EXPECTED_INTERRUPTIONS: f64 = 10_000.0;

/// Expected failures and preemptions over a run expected to take `expected`.
fn interruptions(dynamics: &Dynamics, expected: f64) -> f64 {
    expected * (dynamics.failure_rate_per_s + dynamics.preemption_rate_per_s)
}

/// Whether a job cannot finish: its expected completion (closed form) is more
/// than `STALL_FACTOR` times its work or needs more than
/// `MAX_EXPECTED_INTERRUPTIONS` failures and preemptions.
fn stalls(dynamics: &Dynamics, expected: f64) -> bool {
    let interruptions = interruptions(dynamics, expected);
    !expected.is_finite()
        || expected > STALL_FACTOR * dynamics.work_s
        || !interruptions.is_finite()
        || interruptions > MAX_EXPECTED_INTERRUPTIONS
}

/// Says why a job cannot finish, when it `stalls`.
fn stall_reason(dynamics: &Dynamics) -> Option<String> {
    let expected = expected_with_preemptions(dynamics);
    let interruptions = interruptions(dynamics, expected);
    let stalled = stalls(dynamics, expected);
    stalled.then(|| {
        let outlook = if expected.is_finite() && expected < 1e12 {
            format!(
                "expected to take {}, {}× its {} of work, through about {} interruptions",
                format::duration(expected),
                format::significant_digits(expected / dynamics.work_s.max(f64::MIN_POSITIVE), 2),
                format::duration(dynamics.work_s),
                format::significant_digits(interruptions, 2)
            )
        } else {
            "never expected to finish".to_string()
        };
        format!("Failures and preemptions come faster than the job can make progress: it is {outlook}. Raise the node MTBF, shorten restarts and checkpoint writes, checkpoint more often, or use fewer nodes.")
    })
}

impl Run {
    pub fn new(input: &CaseStudyInput) -> Run {
        let placement = place(&input.workload, &input.cluster, input.sharding);
        let step = step_cost(&input.workload, &input.cluster, &placement);
        let spot = input.operations.spot_fraction;
        let dynamics = placement.feasible.then(|| {
            dynamics_for(
                input,
                &input.cluster,
                &step,
                spot,
                input.operations.checkpoint_interval_s,
            )
        });
        let stalled = dynamics.as_ref().and_then(stall_reason);
        let dynamics = dynamics.filter(|_| stalled.is_none());
        let young = dynamics.and_then(|d| d.young_interval());
        let sweep_intervals: Vec<f64> = young
            .map(|y| SWEEP.iter().map(|m| m * y).collect())
            .unwrap_or_default();
        let replications = u64::from(input.replications.max(1));
        let sweep_reps = (replications / 4).clamp(20, 100);
        let total = if dynamics.is_some() {
            replications + sweep_reps * sweep_intervals.len() as u64
        } else {
            0
        };
        Run {
            input: input.clone(),
            placement,
            step,
            dynamics,
            sweep_sums: vec![0.0; sweep_intervals.len()],
            sweep_intervals,
            sweep_reps,
            main: Vec::with_capacity(usize::try_from(replications).unwrap_or(0)),
            timeline: Vec::new(),
            next: 0,
            total,
            stalled,
        }
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.next,
            total: self.total,
        }
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.total
    }

    /// Runs up to `budget` more replications.
    pub fn step(&mut self, budget: u64) -> Progress {
        let Some(dynamics) = self.dynamics else {
            return self.progress();
        };
        let main_count = u64::from(self.input.replications.max(1));
        let end = self.next.saturating_add(budget).min(self.total);
        while self.next < end {
            let index = self.next;
            if index < main_count {
                let seed = replication_seed(self.input.seed, index);
                let timeline = (index == 0).then_some(&mut self.timeline);
                self.main.push(replicate(&dynamics, seed, timeline));
            } else {
                let offset = index - main_count;
                let point = usize::try_from(offset / self.sweep_reps).unwrap_or(usize::MAX);
                // Common random numbers: every interval sees the same failure streams.
                let seed = replication_seed(self.input.seed, offset % self.sweep_reps);
                if let (Some(interval), Some(sum)) = (
                    self.sweep_intervals.get(point),
                    self.sweep_sums.get_mut(point),
                ) {
                    let trial = Dynamics {
                        interval_s: *interval,
                        ..dynamics
                    };
                    *sum += replicate(&trial, seed, None).completion_s;
                }
            }
            self.next += 1;
        }
        self.progress()
    }

    pub fn finish(mut self) -> CaseStudyOutput {
        while !self.is_done() {
            self.step(u64::MAX);
        }
        summarize(self)
    }
}

fn quantiles(mut values: Vec<f64>) -> Option<Quantiles> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let index = ((values.len() - 1) as f64 * q).round();
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        values.get(index as usize).copied().unwrap_or(f64::NAN)
    };
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    Some(Quantiles {
        p50: at(0.5),
        p90: at(0.9),
        mean,
    })
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, count) = values.fold((0.0, 0u64), |(s, c), v| (s + v, c + 1));
    (count > 0).then(|| sum / count as f64)
}

fn single_machine(input: &CaseStudyInput) -> SingleMachine {
    let gpus = input.cluster.gpus_per_node.min(input.cluster.gpus.max(1));
    let cluster = ClusterSpec {
        gpus,
        hardware: input.cluster.hardware.sized_for(gpus),
        ..input.cluster.clone()
    };
    let placement = place(&input.workload, &cluster, input.sharding);
    if !placement.feasible {
        return SingleMachine {
            feasible: false,
            reason: placement.reason,
            time_s: None,
        };
    }
    let step = step_cost(&input.workload, &cluster, &placement);
    SingleMachine {
        feasible: true,
        reason: None,
        time_s: Some(input.workload.total_samples() / step.samples_per_s),
    }
}

/// The cheapest setup that meets the deadline, among node counts in powers of
/// two up to the pool's maximum and spot shares 0, ½ and 1, by closed form.
fn recommend(input: &CaseStudyInput) -> Option<Recommendation> {
    let per_node = input.cluster.gpus_per_node.max(1);
    let mut considered = 0u32;
    let mut candidates = Vec::new();
    let mut best: Option<(f64, f64, u64, f64, Option<f64>)> = None;
    let mut fastest: Option<(f64, f64, u64, f64, Option<f64>)> = None;
    let mut nodes = 1u64;
    while nodes <= input.operations.max_nodes.max(1) {
        let gpus = nodes.saturating_mul(per_node);
        let cluster = ClusterSpec {
            gpus,
            hardware: input.cluster.hardware.sized_for(gpus),
            ..input.cluster.clone()
        };
        let placement = place(&input.workload, &cluster, input.sharding);
        if placement.feasible {
            let step = step_cost(&input.workload, &cluster, &placement);
            // Half of one node is that node, so shares that round to the same
            // count of spot nodes are one setup, named by its real share.
            let mut spot_counts: Vec<f64> = Vec::new();
            for share in [0.0, 0.5, 1.0] {
                let spot_nodes = (share * nodes as f64).round();
                if spot_counts.contains(&spot_nodes) {
                    continue;
                }
                spot_counts.push(spot_nodes);
                let spot = spot_nodes / nodes as f64;
                considered += 1;
                let dynamics = dynamics_for(input, &cluster, &step, spot, None);
                let time = expected_with_preemptions(&dynamics);
                // A setup that can never finish is neither a pick nor "the fastest".
                if stalls(&dynamics, time) {
                    continue;
                }
                let cost = (time + input.operations.idle_scale_down_s) / 3600.0
                    * cluster.gpus as f64
                    * blended_price(input, nodes, spot);
                let interval = dynamics
                    .interval_s
                    .is_finite()
                    .then_some(dynamics.interval_s);
                let candidate = (cost, time, cluster.gpus, spot, interval);
                candidates.push(Candidate {
                    gpus: cluster.gpus,
                    spot_fraction: spot,
                    expected_completion_s: time,
                    expected_cost_usd: cost,
                    meets_deadline: time <= input.operations.deadline_s,
                });
                if time <= input.operations.deadline_s && best.is_none_or(|b| cost < b.0) {
                    best = Some(candidate);
                }
                if fastest.is_none_or(|f| time < f.1) {
                    fastest = Some(candidate);
                }
            }
        }
        nodes = nodes.saturating_mul(2);
    }
    let meets = best.is_some();
    let (cost, time, gpus, spot, interval) = best.or(fastest)?;
    let mut reasons = vec![format!(
        "{} ({}){}: expected {} and {}.",
        format::count(gpus, "GPU", "GPUs"),
        format::count(gpus.div_ceil(per_node), "node", "nodes"),
        if spot > 0.0 {
            format!(
                ", {}% of nodes on spot",
                format::significant_digits(spot * 100.0, 3)
            )
        } else {
            ", all on demand".into()
        },
        format::hours(time),
        format::usd(cost)
    )];
    if meets {
        reasons.push(format!(
            "The cheapest of the {considered} setups searched that is expected to finish within the deadline of {}. The search tries every cluster size from one node, doubling up to {} nodes, with none, half or all of the nodes on spot; the results above are for your own setup.",
            format::hours(input.operations.deadline_s),
            format::grouped(input.operations.max_nodes)
        ));
    } else {
        reasons.push(format!("None of the {considered} setups searched, up to {} nodes with none, half or all of them on spot, is expected to meet the deadline of {}; this is the fastest. Raise the node limit or relax the deadline.", format::grouped(input.operations.max_nodes), format::hours(input.operations.deadline_s)));
    }
    if spot > 0.0 {
        let ops = &input.operations;
        reasons.push(if ops.notice_s >= ops.checkpoint_write_s {
            format!(
                "Spot capacity is cheaper per hour; its notice of preemption, {}, is long enough to write a checkpoint ({}), so a preemption costs only a write and a restart.",
                format::duration(ops.notice_s),
                format::duration(ops.checkpoint_write_s)
            )
        } else {
            format!(
                "Spot capacity is cheaper per hour, and still pays here although its notice of preemption, {}, is shorter than a checkpoint write ({}): each preemption loses the work since the last checkpoint, as a failure does.",
                format::duration(ops.notice_s),
                format::duration(ops.checkpoint_write_s)
            )
        });
    }
    if let Some(interval) = interval {
        reasons.push(format!(
            "Checkpoint every {}: Young's interval for the interruptions that lose work in this setup. Young's rule is a first-order estimate; the sweep above simulates your own setup and may find a different best.",
            format::duration(interval)
        ));
    }
    Some(Recommendation {
        gpus,
        nodes: gpus.div_ceil(per_node),
        spot_fraction: spot,
        checkpoint_interval_s: interval,
        expected_completion_s: time,
        expected_cost_usd: cost,
        meets_deadline: meets,
        reasons,
        configurations_considered: considered,
        candidates,
        deadline_s: input.operations.deadline_s,
    })
}

fn summarize(run: Run) -> CaseStudyOutput {
    let input = &run.input;
    let ops = &input.operations;
    let nodes = input.cluster.nodes();
    let work_s = input.workload.total_samples() / run.step.samples_per_s;
    let single = single_machine(input);
    let recommendation = recommend(input);
    let Some(dynamics) = run.dynamics else {
        return CaseStudyOutput {
            preset: input.preset.clone(),
            feasible: false,
            reason: run.stalled.clone().or_else(|| run.placement.reason.clone()),
            single_machine: single,
            placement: run.placement,
            step: run.step,
            nodes,
            work_s,
            completion_time_s: None,
            expected_completion_s: None,
            goodput: None,
            lost_work_s: None,
            failures: None,
            preemptions: None,
            checkpoints: None,
            autoscaling_events: None,
            cost_usd: None,
            energy_kwh: None,
            job_mtbf_s: None,
            checkpoint_interval_s: None,
            checkpoint_interval_young_daly_s: None,
            checkpoint_interval_best_simulated_s: None,
            sweep: Vec::new(),
            recommendation,
            timeline: Vec::new(),
            replications: input.replications,
            seed: input.seed,
            explanations: Vec::new(),
        };
    };
    let price = blended_price(input, nodes, ops.spot_fraction);
    let gpus = input.cluster.gpus as f64;
    let completions: Vec<f64> = run.main.iter().map(|r| r.completion_s).collect();
    let costs: Vec<f64> = completions
        .iter()
        .map(|t| (t + ops.idle_scale_down_s) / 3600.0 * gpus * price)
        .collect();
    let provisioning =
        ops.min_nodes <= nodes || ops.restart_policy == super::RestartPolicy::RestartAll;
    let autoscaling = mean(run.main.iter().map(|r| {
        let replacements = if provisioning {
            f64::from(r.failures + r.preemptions)
        } else {
            0.0
        };
        let start = if dynamics.start_delay_s > 0.0 {
            1.0
        } else {
            0.0
        };
        start + replacements + 1.0
    }));
    let losing = dynamics.losing_rate();
    let job_mtbf = (losing > 0.0).then(|| 1.0 / losing);
    let young = dynamics.young_interval();
    let sweep: Vec<SweepPoint> = run
        .sweep_intervals
        .iter()
        .zip(&run.sweep_sums)
        .map(|(interval, sum)| {
            let mean_completion = sum / run.sweep_reps as f64;
            SweepPoint {
                interval_s: *interval,
                mean_completion_s: mean_completion,
                goodput: work_s / mean_completion,
            }
        })
        .collect();
    // Ties (intervals longer than the run never checkpoint) go to the one nearest Young's.
    let best = sweep
        .iter()
        .zip(SWEEP)
        .min_by(|(a, ma), (b, mb)| {
            a.mean_completion_s
                .total_cmp(&b.mean_completion_s)
                .then(ma.ln().abs().total_cmp(&mb.ln().abs()))
        })
        .map(|(p, _)| p.interval_s);
    let completion = quantiles(completions.clone());
    let energy = input
        .cluster
        .hardware
        .tdp_w
        .and_then(|w| completion.map(|c| w * gpus * c.p50 / 3600.0 / 1000.0));
    let explanations = explain(
        input,
        &run.step,
        &dynamics,
        work_s,
        job_mtbf,
        young,
        completion.map(|c| c.mean),
    );
    CaseStudyOutput {
        preset: input.preset.clone(),
        feasible: true,
        reason: None,
        single_machine: single,
        placement: run.placement,
        step: run.step,
        nodes,
        work_s,
        goodput: completion.map(|c| work_s / c.mean),
        completion_time_s: completion,
        expected_completion_s: Some(expected_with_preemptions(&dynamics)),
        lost_work_s: mean(run.main.iter().map(|r| r.lost_work_s)),
        failures: mean(run.main.iter().map(|r| f64::from(r.failures))),
        preemptions: mean(run.main.iter().map(|r| f64::from(r.preemptions))),
        checkpoints: mean(run.main.iter().map(|r| f64::from(r.checkpoints))),
        autoscaling_events: autoscaling,
        cost_usd: quantiles(costs),
        energy_kwh: energy,
        job_mtbf_s: job_mtbf,
        checkpoint_interval_s: dynamics
            .interval_s
            .is_finite()
            .then_some(dynamics.interval_s),
        checkpoint_interval_young_daly_s: young,
        checkpoint_interval_best_simulated_s: best,
        sweep,
        recommendation,
        timeline: run.timeline,
        replications: input.replications,
        seed: input.seed,
        explanations,
    }
}

/// The link the all-to-all and the all-reduce cross, and where its rate came from.
fn link_binding(input: &CaseStudyInput) -> Binding {
    let cluster = &input.cluster;
    let hw = &cluster.hardware;
    if cluster.gpus > cluster.gpus_per_node {
        Binding {
            symbol: "\\beta",
            meaning: "network per GPU, one way (the job spans nodes)",
            value: format!(
                "{} ({})",
                format::si(hw.inter_bytes_per_s, "B/s"),
                hw.inter_origin.map_or(
                    "assumed: the part publishes no network figure",
                    LinkSource::describe
                )
            ),
        }
    } else {
        Binding {
            symbol: "\\beta",
            meaning: "link between GPUs inside the node, one way",
            value: format::si(hw.intra_bytes_per_s, "B/s"),
        }
    }
}

fn explain(
    input: &CaseStudyInput,
    step: &StepCost,
    dynamics: &Dynamics,
    work_s: f64,
    job_mtbf: Option<f64>,
    young: Option<f64>,
    mean_completion: Option<f64>,
) -> Vec<Explanation> {
    let bind = |symbol, meaning, value| Binding {
        symbol,
        meaning,
        value,
    };
    let ms = |s: f64| format!("{} ms", format::significant_digits(s * 1e3, 3));
    let mut list = vec![
        Explanation {
            output: "step",
            label: "Time per step",
            formula_tex: "t = \\max\\left(t_{\\text{lookup}} + t_{\\text{a2a}} + t_{\\text{dense}} + t_{\\text{ar}},\\ t_{\\text{input}}\\right)",
            bindings: vec![
                bind("t_{\\text{lookup}}", "embedding lookups on the busiest GPU, at half of HBM bandwidth", ms(step.lookup_s)),
                bind("t_{\\text{a2a}}", "all-to-all of pooled embeddings, forward and backward", ms(step.all_to_all_s)),
                link_binding(input),
                bind("t_{\\text{dense}}", "dense part at 30% of peak", ms(step.dense_s)),
                bind("t_{\\text{ar}}", "dense gradient all-reduce left exposed (one ring in a node; across nodes, two levels)", ms(step.allreduce_s)),
                bind("t_{\\text{input}}", "reading and preprocessing the batch", ms(step.input_s)),
            ],
            result: ms(step.step_s),
            note: "Embeddings are model-parallel and the dense part data-parallel; the all-to-all moves each sample's pooled embeddings to the GPU that trains on it. The data loader runs ahead, so it only costs time when it is slower than the GPUs.",
            source: super::workload::NAUMOV_2019,
        },
        Explanation {
            output: "work",
            label: "Compute time without interruptions",
            formula_tex: "W = \\frac{N_{\\text{samples}} \\times \\text{epochs}}{B / t}",
            bindings: vec![
                bind("N", "samples per epoch", format::scientific(input.workload.samples, 3)),
                bind("B", "global batch", format::grouped(input.workload.global_batch.round().max(0.0) as u64)),
                bind("B/t", "samples per second", format::scientific(step.samples_per_s, 3)),
            ],
            result: format::hours(work_s),
            note: "The time the job needs when nothing fails, no checkpoint is written and no node has to be provisioned.",
            source: super::workload::NAUMOV_2019,
        },
    ];
    if let (Some(m), Some(tau)) = (job_mtbf, young) {
        list.push(Explanation {
            output: "young",
            label: "Young's checkpoint interval",
            formula_tex: "\\tau^{*} = \\sqrt{2\\,\\delta\\,M}, \\quad M = \\frac{M_{\\text{node}}}{n}",
            bindings: vec![
                bind("\\delta", "time to write a checkpoint", format::duration(dynamics.write_s)),
                bind("M", "mean time between work-losing interruptions of the job", format::duration(m)),
            ],
            result: format::duration(tau),
            note: "Balances time spent writing against work redone after a failure. The sweep below simulates other intervals to check it.",
            source: YOUNG_1974,
        });
    }
    if let Some(mean) = mean_completion {
        list.push(Explanation {
            output: "goodput",
            label: "Goodput",
            formula_tex: "G = \\frac{W}{\\mathbb{E}[T]}",
            bindings: vec![
                bind("W", "useful compute time", format::hours(work_s)),
                bind("\\mathbb{E}[T]", "mean simulated completion time", format::hours(mean)),
            ],
            result: format!("{}%", format::significant_digits(work_s / mean * 100.0, 3)),
            note: "The share of wall time spent on work that survives: checkpoint writes, lost work, restarts and waiting for nodes all lower it.",
            source: DALY_2006,
        });
        list.push(expected_explanation(dynamics, work_s));
    }
    list.push(Explanation {
        output: "scaling",
        label: "Waiting for nodes",
        formula_tex: "T_0 = \\begin{cases} d_{\\text{up}} & n > n_{\\min} \\\\ 0 & \\text{otherwise} \\end{cases}",
        bindings: vec![
            bind("d_{\\text{up}}", "autoscaler scale-up delay", format::duration(input.operations.scale_up_delay_s)),
            bind("n", "nodes the job needs", format::grouped(input.cluster.nodes())),
            bind("n_{\\min}", "nodes the pool keeps", format::grouped(input.operations.min_nodes)),
        ],
        result: format::duration(dynamics.start_delay_s),
        note: "Gang scheduling starts the job only when every worker is placed, so it waits for the slowest new node; idle nodes are removed after the scale-down delay, and billed until then.",
        source: KUBERNETES_AUTOSCALER,
    });
    if input.operations.spot_fraction > 0.0 {
        list.push(Explanation {
            output: "spot",
            label: "Spot preemptions",
            formula_tex: "\\lambda_{\\text{spot}} = n_{\\text{spot}} \\times r",
            bindings: vec![
                bind("r", "preemptions per spot node-hour", format::significant_digits(input.operations.spot_preemptions_per_node_hour, 3)),
                bind("\\text{notice}", "warning before a preemption", format::duration(dynamics.notice_s)),
            ],
            result: format!("{} per hour", format::significant_digits(dynamics.preemption_rate_per_s * 3600.0, 3)),
            note: "With a notice longer than a checkpoint write the job saves its progress first, so a preemption costs a write and a restart, not lost work.",
            source: SPOT_NOTICE,
        });
    }
    list
}

/// Runs the whole simulation at once.
pub fn compute(input: &CaseStudyInput) -> CaseStudyOutput {
    Run::new(input).finish()
}

/// The closed-form mean completion under exponential interruptions (Daly 2006).
const EXPECTED_TEX: &str = "\\mathbb{E}[T] = T_0 + \\sum_{\\text{segments}} (e^{\\lambda L} - 1)\\left(\\tfrac{1}{\\lambda} + R\\right)";
/// The same, stretched by a write and a restart per warned preemption.
const EXPECTED_WARNED_TEX: &str = "\\mathbb{E}[T] = \\Big(T_0 + \\sum_{\\text{segments}} (e^{\\lambda L} - 1)\\left(\\tfrac{1}{\\lambda} + R\\right)\\Big)\\big(1 + \\mu\\,(\\delta + R)\\big)";

/// The closed-form expectation, written the way `expected_with_preemptions`
/// computes it, so the card and its explanation agree with the recommender:
/// preemptions with enough notice stretch the run by a write and a restart
/// each; without it, they lose work like failures and join λ.
fn expected_explanation(dynamics: &Dynamics, work_s: f64) -> Explanation {
    let bind = |symbol, meaning, value| Binding {
        symbol,
        meaning,
        value,
    };
    let per_hour = |rate: f64| format::significant_digits(rate * 3600.0, 3);
    let segment = if dynamics.interval_s.is_finite() {
        format::duration(dynamics.interval_s + dynamics.write_s)
    } else {
        format::hours(work_s)
    };
    let mut bindings = vec![
        bind(
            "T_0",
            "waiting for the autoscaler before the gang starts",
            format::duration(dynamics.start_delay_s),
        ),
        bind(
            "\\lambda",
            "failures per hour",
            per_hour(dynamics.failure_rate_per_s),
        ),
        bind("L", "a segment: interval plus write", segment),
        bind("R", "restart time", format::duration(dynamics.restart_s)),
    ];
    let preempted = dynamics.preemption_rate_per_s > 0.0;
    let warned = dynamics.notice_s >= dynamics.write_s;
    let (formula_tex, note) = match (preempted, warned) {
        (false, _) => (
            EXPECTED_TEX,
            "The exact mean for exponential failures when none strike during a restart; the Monte Carlo mean should agree within its sampling error.",
        ),
        (true, true) => {
            bindings.push(bind("\\mu", "spot preemptions per hour", per_hour(dynamics.preemption_rate_per_s)));
            bindings.push(bind("\\delta", "time to write a checkpoint, done within the notice", format::duration(dynamics.write_s)));
            (
                EXPECTED_WARNED_TEX,
                "Failures follow the exact mean for exponential failures; each preemption, warned in time to write a checkpoint, adds a write and a restart and loses no work. The Monte Carlo mean should agree within its sampling error.",
            )
        }
        (true, false) => {
            if let Some(lambda) = bindings.get_mut(1) {
                lambda.meaning = "failures and spot preemptions per hour: the notice is shorter than a write, so a preemption loses work as a failure does";
                lambda.value = per_hour(dynamics.event_rate());
            }
            (
                EXPECTED_TEX,
                "The exact mean for exponential interruptions when none strike during a restart; the Monte Carlo mean should agree within its sampling error.",
            )
        }
    };
    Explanation {
        output: "expected",
        label: "Expected completion (closed form)",
        formula_tex,
        bindings,
        result: format::hours(expected_with_preemptions(dynamics)),
        note,
        source: DALY_2006,
    }
}
