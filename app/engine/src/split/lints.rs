//! Configuration lints: plans that run, but not the way the learner may think.
//! Each message teaches the rule behind it.

use super::evaluate::Metrics;
use super::{ModelSpec, Plan, SplitInput};
use crate::format;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The plan cannot run as stated (for example out of memory).
    Error,
    /// It runs, but slower or differently than intended.
    Warning,
    /// Worth knowing; nothing is wrong.
    Note,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lint {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
}

fn lint(code: &'static str, severity: Severity, message: String) -> Lint {
    Lint {
        code,
        severity,
        message,
    }
}

pub fn lints(input: &SplitInput, plan: &Plan, metrics: &Metrics) -> Vec<Lint> {
    let mut found = Vec::new();
    let cluster = &input.cluster;
    let batch = input.training.global_batch;
    if !metrics.fits {
        found.push(lint(
            "out_of_memory",
            Severity::Error,
            format!(
                "Each accelerator needs {} but has {}. Shard more: raise tp or pp, use a higher ZeRO stage, recompute activations, or lower the micro-batch.",
                format::si(metrics.total, "B"),
                format::si(cluster.hbm_bytes, "B")
            ),
        ));
    }
    if let ModelSpec::Architecture(arch) = &input.model {
        if arch.heads % plan.tp != 0 {
            found.push(lint(
                "tp_heads",
                Severity::Warning,
                format!(
                    "Tensor parallelism gives each rank whole attention heads, so tp must divide the {} heads; {} does not.",
                    arch.heads, plan.tp
                ),
            ));
        } else if arch.kv_heads % plan.tp != 0 && !plan.tp.is_multiple_of(arch.kv_heads) {
            found.push(lint(
                "tp_kv_heads",
                Severity::Warning,
                format!(
                    "The {} key/value heads cannot be split or evenly copied across {} ranks.",
                    arch.kv_heads, plan.tp
                ),
            ));
        }
        let chunks = plan.pp * plan.virtual_stages;
        if arch.layers % chunks != 0 {
            found.push(lint(
                "pp_layers",
                Severity::Warning,
                format!(
                    "{} layers do not split evenly into {} pipeline chunks; the busiest stage holds {} layers and sets the pace for all.",
                    arch.layers, chunks, metrics.layers_on_device
                ),
            ));
        }
    } else {
        found.push(lint(
            "params_only",
            Severity::Note,
            "With only a parameter count, activation memory, tensor-parallel traffic and pipeline sends are unknown; they are left out, so memory and time are lower bounds.".into(),
        ));
    }
    let effective = plan.dp * plan.micro_batch * metrics.micro_batches;
    if effective != batch {
        found.push(lint(
            "batch_mismatch",
            Severity::Warning,
            format!(
                "The global batch {} is not dp × micro-batch × accumulation ({} × {} × {} = {}); each step really trains on {} sequences.",
                batch, plan.dp, plan.micro_batch, metrics.micro_batches, effective, effective
            ),
        ));
    }
    // The step was priced at the network rate exactly when this holds, so the
    // lint and the step time agree; only the reason differs.
    if !metrics.tp_in_node {
        let (tp, node) = (plan.tp, cluster.per_node);
        let (code, why, advice) = if tp > node {
            (
                "tp_spans_nodes",
                format!("spans nodes of {node}"),
                "Keep tp within a node.",
            )
        } else {
            (
                "tp_straddles_nodes",
                format!("does not divide a node of {node}, so with ranks laid out in order some groups straddle two nodes"),
                "Choose a tp that divides the node.",
            )
        };
        found.push(lint(
            code,
            Severity::Warning,
            format!(
                "The tensor-parallel group of {tp} {why}: its all-reduces, several per layer, cross the network at {} per accelerator instead of {}. {advice}",
                format::si(cluster.inter_bytes_per_s, "B/s"),
                format::si(cluster.intra_bytes_per_s, "B/s")
            ),
        ));
    }
    if plan.pp > 1 && metrics.micro_batches < plan.pp {
        found.push(lint(
            "few_micro_batches",
            Severity::Warning,
            format!(
                "Only {} through {} stages, so the pipeline never fills: the bubble is {} micro-batch times against {} of work.",
                if metrics.micro_batches == 1 {
                    "1 micro-batch flows".to_string()
                } else {
                    format!("{} micro-batches flow", metrics.micro_batches)
                },
                plan.pp,
                format::significant_digits((plan.pp - 1) as f64 / plan.virtual_stages as f64, 3),
                metrics.micro_batches
            ),
        ));
    }
    if metrics.devices < cluster.count {
        found.push(lint(
            "idle_accelerators",
            Severity::Warning,
            format!(
                "dp × tp × pp = {} uses {} of the {} accelerators; the rest sit idle.",
                metrics.devices, metrics.devices, cluster.count
            ),
        ));
    }
    if plan.zero > 0 && plan.dp == 1 {
        found.push(lint(
            "zero_without_dp",
            Severity::Note,
            "ZeRO shards model states across data-parallel ranks; with dp = 1 there is nothing to shard across.".into(),
        ));
    }
    if !plan.framework_supported() {
        found.push(lint(
            "zero_with_pipeline",
            Severity::Note,
            format!(
                "No common framework runs ZeRO-{} with pipeline parallelism: DeepSpeed's pipeline engine accepts ZeRO-0 and -1 only, and Megatron-LM's distributed optimizer shards optimizer states (ZeRO-1). Treat this estimate as a what-if; the auto-split does not recommend it.",
                plan.zero
            ),
        ));
    }
    if plan.sequence_parallel && plan.tp == 1 {
        found.push(lint(
            "sp_without_tp",
            Severity::Note,
            "Sequence parallelism splits the norm and dropout activations across the tensor-parallel group; with tp = 1 it changes nothing.".into(),
        ));
    }
    if plan.recompute == super::Recompute::Selective && input.training.flash_attention {
        found.push(lint(
            "selective_with_flash",
            Severity::Note,
            "Fused (flash) attention already avoids storing the attention scores, so selective recomputation saves no memory here and only adds work.".into(),
        ));
    }
    found
}
