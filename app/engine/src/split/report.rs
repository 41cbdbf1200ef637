//! One plan in full: the numbers `evaluate` found, the regime in words, the
//! lints, a scaling curve, and the story behind every number.

use super::evaluate::{evaluate, Metrics};
use super::lints::{lints, Lint};
use super::{Plan, SplitInput};
use crate::explain::Explanation;
use crate::format;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MemoryBytes {
    pub weights: f64,
    pub gradients: f64,
    pub optimizer: f64,
    /// `None` when only a parameter count is known.
    pub activations: Option<f64>,
    pub allowance: f64,
    pub total: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Breakdown {
    pub compute: f64,
    pub tp_comm: f64,
    pub dp_comm: f64,
    pub pp_bubble: f64,
    pub pp_comm: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bubble {
    /// Bubble time over ideal compute time: (p − 1)/(v·m).
    pub ratio: f64,
    /// Bubble time as a share of the whole step.
    pub share: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Regime {
    /// `does_not_fit`, `data_parallel`, `model_split`, `communication_bound` or `bubble_bound`.
    pub kind: &'static str,
    pub text: String,
}

/// One point of the scaling curve: the same plan with more data-parallel replicas.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ScalePoint {
    pub accelerators: u64,
    pub tokens_per_s: f64,
    pub mfu: f64,
    pub fits: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub model: String,
    pub accelerator: String,
    /// The catalogue id, so other calculators can be opened on the same part.
    pub accelerator_id: String,
    /// Accelerators the plan uses (dp × tp × pp).
    pub devices: u64,
    pub tokens: Option<f64>,
    pub parallel: Plan,
    pub params: f64,
    pub memory_per_device_bytes: MemoryBytes,
    pub capacity_bytes: f64,
    pub fits: bool,
    /// Capacity minus need; negative when it does not fit.
    pub headroom_bytes: f64,
    pub micro_batches: u64,
    pub model_flops_per_step: f64,
    pub hardware_flops_per_step: f64,
    pub six_nd_flops_per_step: f64,
    pub step_time_s: f64,
    pub breakdown_s: Breakdown,
    pub bubble: Bubble,
    pub mfu: f64,
    pub hfu: f64,
    pub tokens_per_s: f64,
    pub train_time_s: Option<f64>,
    pub accelerator_hours: Option<f64>,
    pub cost_usd: Option<f64>,
    pub energy_kwh: Option<f64>,
    pub regime: Regime,
    pub lints: Vec<Lint>,
    pub scaling: Vec<ScalePoint>,
    pub explanations: Vec<Explanation>,
}

fn regime(plan: &Plan, metrics: &Metrics) -> Regime {
    let step = metrics.step_time_s;
    let communication = (metrics.tp_comm_s + metrics.dp_comm_s + metrics.pp_comm_s) / step;
    let bubble = metrics.pp_bubble_s / step;
    let percent = |share: f64| format!("{}%", format::significant_digits(share * 100.0, 2));
    if !metrics.fits {
        Regime {
            kind: "does_not_fit",
            text: "The model does not fit: one accelerator would need more memory than it has. Split the model further (tensor or pipeline parallelism), shard its states with ZeRO, or recompute activations.".into(),
        }
    } else if communication > 0.3 {
        Regime {
            kind: "communication_bound",
            text: format!("Communication-bound: {} of every step is spent waiting on the network rather than computing. This is the communication wall; keep tensor parallelism inside a node, use fewer, larger replicas, or a faster interconnect.", percent(communication)),
        }
    } else if bubble > 0.2 {
        Regime {
            kind: "bubble_bound",
            text: format!("Bubble-bound: {} of the step the pipeline sits idle while it fills and drains. More micro-batches per step, interleaved stages, or fewer stages shrink it.", percent(bubble)),
        }
    } else if plan.tp == 1 && plan.pp == 1 {
        Regime {
            kind: "data_parallel",
            text: data_parallel_text(plan.zero),
        }
    } else {
        // Only the splits in use are named: "1-way pipeline parallelism" is no split.
        let mut ways = Vec::new();
        if plan.tp > 1 {
            ways.push(format!("{}-way tensor", plan.tp));
        }
        if plan.pp > 1 {
            ways.push(format!("{}-way pipeline", plan.pp));
        }
        let share = if ways.len() > 1 { "share" } else { "shares" };
        let ways = ways.join(" and ");
        Regime {
            kind: "model_split",
            text: if plan.dp == 1 {
                format!("The model is split: {ways} parallelism {share} one replica, which takes the whole batch.")
            } else {
                format!("The model is split: {ways} parallelism {share} each replica, and {} replicas share the data.", format::grouped(plan.dp))
            },
        }
    }
}

/// What data parallelism keeps on each accelerator and sends between them,
/// which ZeRO changes: stage 3 no longer keeps the whole model anywhere.
fn data_parallel_text(zero: u8) -> String {
    match zero {
        0 => "Data parallelism is enough: each accelerator holds the whole model, works on its own slice of the batch, and only gradients cross the network.".into(),
        1 | 2 => format!("Data parallelism is enough: each accelerator holds the whole model's weights and works on its own slice of the batch; ZeRO stage {zero} shards the {} across the replicas, which exchange gradients and updated weights.", if zero == 1 { "optimizer states" } else { "optimizer states and gradients" }),
        _ => "Data parallelism is enough: each accelerator works on its own slice of the batch, and ZeRO stage 3 shards the weights, gradients and optimizer states across the replicas, gathering each layer's weights just before it runs.".into(),
    }
}

fn scaling(input: &SplitInput, plan: &Plan) -> Vec<ScalePoint> {
    let per_replica = plan.tp * plan.pp;
    let max_dp = (input.training.global_batch / plan.micro_batch).max(1);
    let mut dp = 1u64;
    let mut points = Vec::new();
    while dp <= max_dp && points.len() < 24 {
        let trial = Plan { dp, ..*plan };
        // Past the last size whose links are known, the curve stops.
        let Some(cluster) = input.cluster.with_count(dp * per_replica) else {
            break;
        };
        let metrics = evaluate(&input.model, &input.training, &cluster, &trial);
        points.push(ScalePoint {
            accelerators: dp * per_replica,
            tokens_per_s: metrics.tokens_per_s,
            mfu: metrics.mfu,
            fits: metrics.fits,
        });
        dp *= 2;
    }
    points
}

/// Everything about one plan. Cannot fail: `evaluate` keeps every number finite.
pub fn report(input: &SplitInput, plan: &Plan) -> Report {
    let metrics = evaluate(&input.model, &input.training, &input.cluster, plan);
    let tokens = input.training.tokens;
    let train_time_s = tokens.map(|tokens| tokens / metrics.tokens_per_s);
    let accelerator_hours = train_time_s.map(|s| s / 3600.0 * metrics.devices as f64);
    let cost_usd = accelerator_hours.and_then(|h| input.cluster.usd_per_hour.map(|p| p * h));
    let energy_kwh = accelerator_hours.and_then(|h| input.cluster.tdp_w.map(|w| w * h / 1000.0));
    let bubble_ratio = if plan.pp > 1 {
        (plan.pp - 1) as f64 / (plan.virtual_stages.max(1) * metrics.micro_batches) as f64
    } else {
        0.0
    };
    Report {
        model: input.model_name.clone(),
        accelerator: input.cluster.name.clone(),
        accelerator_id: input.cluster.accelerator.clone(),
        devices: metrics.devices,
        tokens,
        parallel: *plan,
        params: metrics.params,
        memory_per_device_bytes: MemoryBytes {
            weights: metrics.weights,
            gradients: metrics.gradients,
            optimizer: metrics.optimizer,
            activations: metrics.activations,
            allowance: metrics.allowance,
            total: metrics.total,
        },
        capacity_bytes: input.cluster.hbm_bytes,
        fits: metrics.fits,
        headroom_bytes: input.cluster.hbm_bytes - metrics.total,
        micro_batches: metrics.micro_batches,
        model_flops_per_step: metrics.model_flops_per_step,
        hardware_flops_per_step: metrics.hardware_flops_per_step,
        six_nd_flops_per_step: 6.0 * metrics.params * metrics.tokens_per_step,
        step_time_s: metrics.step_time_s,
        breakdown_s: Breakdown {
            compute: metrics.compute_s,
            tp_comm: metrics.tp_comm_s,
            dp_comm: metrics.dp_comm_s,
            pp_bubble: metrics.pp_bubble_s,
            pp_comm: metrics.pp_comm_s,
        },
        bubble: Bubble {
            ratio: bubble_ratio,
            share: metrics.pp_bubble_s / metrics.step_time_s,
        },
        mfu: metrics.mfu,
        hfu: metrics.hfu,
        tokens_per_s: metrics.tokens_per_s,
        train_time_s,
        accelerator_hours,
        cost_usd,
        energy_kwh,
        regime: regime(plan, &metrics),
        lints: lints(input, plan, &metrics),
        scaling: scaling(input, plan),
        explanations: super::explain::explanations(input, plan, &metrics, train_time_s),
    }
}
