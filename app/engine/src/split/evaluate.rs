//! Prices one plan: memory per accelerator and the time of one optimizer step.
//!
//! This runs for every plan the search enumerates, so it allocates nothing and
//! returns plain numbers; `report.rs` turns them into words and explanations.
//!
//! Time model, per optimizer step on the busiest accelerator:
//! - compute: matrix products at the calibrated fraction of peak, plus the
//!   memory-bound elementwise kernels at HBM bandwidth (`calibration.rs`);
//! - tensor-parallel all-reduces, never hidden (Shoeybi et al. 2019);
//! - the 1F1B pipeline bubble, (p − 1)/v micro-batch times (Narayanan et al.
//!   2021, Section 2.2), and the point-to-point sends between stages;
//! - the data-parallel gradient sync, with two levels when a node holds
//!   several ranks of the group, hidden behind the backward pass of the
//!   last micro-batch where it fits; under ZeRO-3 also the parameter gathers of
//!   every micro-batch, hidden behind that micro-batch's compute where they fit.

use super::calibration::Efficiency;
use super::model::{ActivationLayout, Recompute};
use super::{Cluster, ModelSpec, Plan, Training, EFFICIENCY};
use crate::collective::{across_nodes_s, Collective, Link as CollectiveLink};
use crate::collective::{ring_allreduce_s, ring_gather_s};

pub use crate::collective::{LATENCY_INTER_S, LATENCY_INTRA_S};
/// Memory kept free for the runtime, communication buffers and fragmentation:
/// a fixed part plus a share of everything else (a stated allowance, not a measurement).
pub const ALLOWANCE_FIXED_BYTES: f64 = 1e9;
pub const ALLOWANCE_SHARE: f64 = 0.10;
/// Tensor-parallel all-reduces per layer and micro-batch: two forward, two
/// backward (Shoeybi et al. 2019, Figure 4), and two more when the forward pass is redone.
pub const TP_ALLREDUCES: f64 = 4.0;
pub const TP_ALLREDUCES_RECOMPUTED: f64 = 6.0;
/// ZeRO-3 weight gathers per micro-batch: one before the forward pass and one
/// before the backward pass (Rajbhandari et al. 2020, Section 7.2.2), and a
/// third when full recomputation reruns the forward pass.
pub fn zero3_gathers(recompute: Recompute) -> u32 {
    if recompute == Recompute::Full {
        3
    } else {
        2
    }
}

/// Bytes per parameter that the once-per-step data-parallel sync moves, priced
/// as one all-reduce of that size. Without ZeRO it all-reduces the gradients.
/// ZeRO-1 and 2 reduce-scatter the gradients and all-gather the updated
/// weights, the two halves of an all-reduce, so with FP32 gradients and 16-bit
/// weights the halves differ. ZeRO-3 reduce-scatters the gradients only.
pub fn sync_bytes_per_param(training: &Training, zero: u8) -> f64 {
    let gradient = training.gradient_bytes();
    match zero {
        1 | 2 => (gradient + training.precision.weight_bytes()) / 2.0,
        _ => gradient,
    }
}

/// Everything the search ranks by and the report explains, for one plan.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Metrics {
    pub params: f64,
    /// Parameters on the busiest accelerator before ZeRO sharding.
    pub params_on_device: f64,
    pub weights: f64,
    pub gradients: f64,
    pub optimizer: f64,
    /// `None` when only a parameter count is known.
    pub activations: Option<f64>,
    pub activations_per_layer: Option<f64>,
    /// What the output layer keeps, on the last stage.
    pub output_activations: Option<f64>,
    pub allowance: f64,
    pub total: f64,
    pub fits: bool,
    pub devices: u64,
    /// Micro-batches each pipeline runs per step (gradient accumulation steps).
    pub micro_batches: u64,
    pub layers_on_device: u64,
    pub in_flight: u64,
    pub tokens_per_step: f64,
    pub model_flops_per_step: f64,
    pub hardware_flops_per_step: f64,
    /// FLOPs the busiest accelerator runs for one micro-batch.
    pub device_flops_per_micro_batch: f64,
    pub gemm_s_per_micro_batch: f64,
    pub elementwise_s_per_micro_batch: f64,
    pub compute_s: f64,
    pub tp_comm_s: f64,
    pub tp_allreduce_s: f64,
    pub dp_comm_s: f64,
    /// Data-parallel traffic time before any of it is hidden.
    pub dp_traffic_s: f64,
    /// One micro-batch on one stage, compute and tensor-parallel waits
    /// together: the unit the pipeline bubble is counted in.
    pub stage_s_per_micro_batch: f64,
    pub pp_bubble_s: f64,
    /// One activation (or gradient) message between two stages.
    pub pp_send_s: f64,
    pub pp_comm_s: f64,
    pub step_time_s: f64,
    pub mfu: f64,
    pub hfu: f64,
    pub tokens_per_s: f64,
    pub tp_in_node: bool,
    pub dp_in_node: bool,
    /// Data-parallel ranks one node holds: `dp` when the group fits a node,
    /// 1 when every rank is on its own node. Above 1 and below `dp`, the
    /// data-parallel collectives are hierarchical.
    pub dp_per_node: u64,
    pub pp_in_node: bool,
}

/// Time of a data-parallel all-reduce of `bytes` over `dp` ranks, `per_node`
/// of them to a node: two levels when a node holds several
/// (`collective::across_nodes_s`). ZeRO-1 and 2 cost the same; ZeRO-3 is
/// priced apart, as measured.
fn dp_allreduce_s(dp: u64, per_node: u64, bytes: f64, cluster: &Cluster) -> f64 {
    let (intra, intra_latency) = link(true, cluster);
    let (inter, inter_latency) = link(false, cluster);
    across_nodes_s(
        Collective::AllReduce,
        dp,
        per_node,
        bytes,
        CollectiveLink {
            bytes_per_s: intra,
            latency_s: intra_latency,
        },
        CollectiveLink {
            bytes_per_s: inter,
            latency_s: inter_latency,
        },
    )
}

/// How many ranks of a data-parallel group one node holds, with the
/// tensor-parallel ranks laid out first (Megatron's order).
fn dp_ranks_per_node(dp: u64, tp: u64, cluster: &Cluster) -> u64 {
    if tp.saturating_mul(dp) <= cluster.per_node {
        dp
    } else {
        (cluster.per_node / tp.max(1)).clamp(1, dp.max(1))
    }
}

pub(super) fn link(in_node: bool, cluster: &Cluster) -> (f64, f64) {
    if in_node {
        (cluster.intra_bytes_per_s, LATENCY_INTRA_S)
    } else {
        (cluster.inter_bytes_per_s, LATENCY_INTER_S)
    }
}

fn div_ceil(a: u64, b: u64) -> u64 {
    a.div_ceil(b.max(1))
}

/// Prices `plan`. Validation guarantees positive counts and rates; the
/// `max(1)` guards keep the arithmetic finite even if a caller skips it.
pub fn evaluate(model: &ModelSpec, training: &Training, cluster: &Cluster, plan: &Plan) -> Metrics {
    evaluate_with(model, training, cluster, plan, &EFFICIENCY)
}

/// `evaluate` at chosen efficiency constants; calibration uses it to fit them.
pub fn evaluate_with(
    model: &ModelSpec,
    training: &Training,
    cluster: &Cluster,
    plan: &Plan,
    efficiency: &Efficiency,
) -> Metrics {
    let (dp, tp, pp) = (plan.dp.max(1), plan.tp.max(1), plan.pp.max(1));
    let v = plan.virtual_stages.max(1);
    let b = plan.micro_batch.max(1);
    let devices = dp * tp * pp;
    let seq = model.seq_len().max(1) as f64;
    let micro_batches = (training.global_batch / (dp * b)).max(1);
    let tokens_per_step = (dp * micro_batches * b) as f64 * seq;
    let tokens_per_micro_batch = b as f64 * seq;
    let params = model.params();

    let (layers_on_device, params_on_device) = match model {
        ModelSpec::Architecture(arch) => {
            let layers = div_ceil(arch.layers, pp * v) * v;
            (layers, arch.stage_params(layers as f64, tp as f64, pp))
        }
        ModelSpec::ParamsOnly { params, .. } => (0, params / (tp * pp) as f64),
    };

    // Model states (ZeRO, Section 3.1 and 5): each stage shards one more state over dp.
    let weight_bytes = training.precision.weight_bytes();
    let shard = |stage: u8| if plan.zero >= stage { dp as f64 } else { 1.0 };
    let weights = params_on_device * weight_bytes / shard(3);
    let gradients = params_on_device * training.gradient_bytes() / shard(2);
    let optimizer =
        params_on_device * training.optimizer.state_bytes(training.precision) / shard(1);

    // Activations: the first 1F1B stage holds min(m, p) micro-batches in flight,
    // and interleaving adds (p − 1)/(p·v) of a stage (Korthikanti et al. 2022, 4.2.3).
    let in_flight = micro_batches.min(pp);
    let layout = ActivationLayout {
        micro_batch: b as f64,
        tp: tp as f64,
        sequence_parallel: plan.sequence_parallel && tp > 1,
        recompute: plan.recompute,
        flash_attention: training.flash_attention,
        bytes_per_value: training.precision.activation_bytes(),
    };
    let interleave = if v > 1 {
        1.0 + (pp - 1) as f64 / (pp * v) as f64
    } else {
        1.0
    };
    let activations_per_layer = model
        .architecture()
        .map(|arch| arch.activation_bytes_per_layer(&layout));
    // The last stage holds a single micro-batch but also the output layer,
    // whose FP32 logits can outweigh many layers with a large vocabulary and
    // long sequences; whichever of the first and last stage keeps more sets
    // the memory. With one stage both are the same device.
    let output_activations = model
        .architecture()
        .map(|arch| arch.output_activation_bytes(&layout));
    let activations = activations_per_layer
        .zip(output_activations)
        .map(|(per_layer, output)| {
            let stage = per_layer * layers_on_device as f64;
            (stage * in_flight as f64 * interleave).max(stage + output)
        });
    let states = weights + gradients + optimizer + activations.unwrap_or(0.0);
    let allowance = ALLOWANCE_FIXED_BYTES + ALLOWANCE_SHARE * states;
    let total = states + allowance;

    // FLOPs for the whole step, then for one micro-batch on the busiest device.
    let (model_per_token, hardware_per_token, device_flops_per_token) = match model {
        ModelSpec::Architecture(arch) => {
            let layer_fwd = arch.layer_forward_flops_per_token();
            let layer_hw = 3.0 * layer_fwd
                + match plan.recompute {
                    Recompute::None => 0.0,
                    Recompute::Selective => arch.attention_core_flops_per_token(),
                    Recompute::Full => layer_fwd,
                };
            let logits = 3.0 * arch.logit_forward_flops_per_token();
            (
                arch.model_flops_per_token(),
                arch.hardware_flops_per_token(plan.recompute),
                (layers_on_device as f64 * layer_hw + logits) / tp as f64,
            )
        }
        ModelSpec::ParamsOnly { params, .. } => {
            let hardware = if plan.recompute == Recompute::Full {
                8.0
            } else {
                6.0
            } * params;
            (6.0 * params, hardware, hardware / (tp * pp) as f64)
        }
    };
    let gemm_share = efficiency.gemm * training.precision.gemm_share();
    let gemm_s =
        device_flops_per_token * tokens_per_micro_batch / (cluster.peak_flops * gemm_share);
    let elementwise_s = match model.architecture() {
        Some(arch) => {
            // Redoing the forward pass adds a third to the traffic of forward plus backward.
            let passes = if plan.recompute == Recompute::Full {
                4.0 / 3.0
            } else {
                1.0
            };
            efficiency.elementwise_traffic
                * arch.elementwise_bytes_per_layer(&layout)
                * layers_on_device as f64
                * passes
                / cluster.hbm_bytes_per_s
        }
        None => 0.0,
    };
    let compute_per_mb = gemm_s + elementwise_s;

    // Tensor parallelism: all-reduces of the layer output, fully exposed.
    // Ranks are laid out in order, tensor-parallel innermost, so a group stays
    // inside one node only when tp divides the node; otherwise some groups
    // straddle two nodes, and every step waits for their all-reduces.
    let tp_in_node = tp <= cluster.per_node && cluster.per_node.is_multiple_of(tp);
    let (tp_bw, tp_latency) = link(tp_in_node, cluster);
    let act_bytes = training.precision.activation_bytes();
    let (tp_allreduce_s, tp_per_mb) = match model.architecture() {
        Some(arch) if tp > 1 => {
            let message = tokens_per_micro_batch * arch.hidden as f64 * act_bytes;
            let one = ring_allreduce_s(tp, message, tp_bw, tp_latency);
            let count = if plan.recompute == Recompute::Full {
                TP_ALLREDUCES_RECOMPUTED
            } else {
                TP_ALLREDUCES
            };
            (one, one * count * layers_on_device as f64)
        }
        _ => (0.0, 0.0),
    };
    let stage_per_mb = compute_per_mb + tp_per_mb;
    let compute_s = micro_batches as f64 * compute_per_mb;
    let tp_comm_s = micro_batches as f64 * tp_per_mb;

    // Pipeline: the bubble and the activation sends between stages.
    let pp_in_node = tp * dp * 2 <= cluster.per_node;
    let (pp_bw, pp_latency) = link(pp_in_node, cluster);
    let (pp_bubble_s, pp_send_s, pp_comm_s) = if pp > 1 {
        let bubble = (pp - 1) as f64 / v as f64 * stage_per_mb;
        let one = match model.architecture() {
            Some(arch) => {
                // Split across the tensor-parallel ranks (Narayanan et al. 2021, 4.1).
                let message = tokens_per_micro_batch * arch.hidden as f64 * act_bytes / tp as f64;
                pp_latency + message / pp_bw
            }
            None => 0.0,
        };
        (bubble, one, 2.0 * (micro_batches * v + pp - 1) as f64 * one)
    } else {
        (0.0, 0.0, 0.0)
    };

    // Data parallelism: gradient sync once per step, parameter gathers under ZeRO-3.
    let dp_per_node = dp_ranks_per_node(dp, tp, cluster);
    let dp_in_node = dp_per_node >= dp;
    // Megatron-LM reduces FP32 gradients in FP32, so its sync moves more bytes
    // than the weights alone would (see `sync_bytes_per_param`).
    let grad_bytes = params_on_device * training.gradient_bytes();
    let weight_volume = params_on_device * weight_bytes;
    let backward_window = compute_per_mb * 2.0 / 3.0;
    let (dp_comm_s, dp_traffic_s) = if dp < 2 {
        (0.0, 0.0)
    } else if plan.zero >= 3 {
        // ZeRO-3 is priced as Narayanan et al. measured it (Table 2), not as a
        // bandwidth-ideal collective: one flat ring over the group at each
        // rank's own link, with the weight gathers exposed. The ideal
        // two-level, overlapped pricing put GPT-3 on 1,536 A100s at about 200
        // TFLOP/s per GPU, where the paper measured 44.
        let (bw, latency) = link(dp_in_node, cluster);
        let sync = ring_gather_s(dp, grad_bytes, bw, latency);
        // The gradient reduce-scatter still streams out during the last backward pass.
        let exposed_sync = (sync - backward_window).max(0.0);
        let per_mb = ring_gather_s(dp, weight_volume, bw, latency)
            * f64::from(zero3_gathers(plan.recompute));
        let gathers = micro_batches as f64 * per_mb;
        (exposed_sync + gathers, sync + gathers)
    } else {
        let sync_bytes = params_on_device * sync_bytes_per_param(training, plan.zero);
        let sync = dp_allreduce_s(dp, dp_per_node, sync_bytes, cluster);
        // Gradients of the last micro-batch's backward pass stream out while it runs.
        ((sync - backward_window).max(0.0), sync)
    };

    let step_time_s = compute_s + tp_comm_s + dp_comm_s + pp_bubble_s + pp_comm_s;
    let model_flops_per_step = model_per_token * tokens_per_step;
    let hardware_flops_per_step = hardware_per_token * tokens_per_step;
    let peak_per_step = step_time_s * devices as f64 * cluster.peak_flops;
    Metrics {
        params,
        params_on_device,
        weights,
        gradients,
        optimizer,
        activations,
        activations_per_layer,
        output_activations,
        allowance,
        total,
        fits: total <= cluster.hbm_bytes,
        devices,
        micro_batches,
        layers_on_device,
        in_flight,
        tokens_per_step,
        model_flops_per_step,
        hardware_flops_per_step,
        device_flops_per_micro_batch: device_flops_per_token * tokens_per_micro_batch,
        gemm_s_per_micro_batch: gemm_s,
        elementwise_s_per_micro_batch: elementwise_s,
        compute_s,
        tp_comm_s,
        tp_allreduce_s,
        dp_comm_s,
        dp_traffic_s,
        stage_s_per_micro_batch: stage_per_mb,
        pp_bubble_s,
        pp_send_s,
        pp_comm_s,
        step_time_s,
        mfu: model_flops_per_step / peak_per_step,
        hfu: hardware_flops_per_step / peak_per_step,
        tokens_per_s: tokens_per_step / step_time_s,
        tp_in_node,
        dp_in_node,
        dp_per_node,
        pp_in_node,
    }
}
