//! One training step of the recommender, part by part: embedding lookups
//! (memory-bound), the all-to-all of pooled embeddings forward and backward,
//! the dense part, its gradient all-reduce, and the input pipeline that has to
//! keep up with all of it (Naumov et al. 2019, Section 3).

use super::placement::{Placement, ShardKind};
use super::workload::Workload;
use super::ClusterSpec;
use crate::collective::{across_nodes_s, Collective, Link};
use serde::Serialize;

/// Share of HBM bandwidth that random row gathers reach (assumed; rows are
/// small and scattered, so the full streaming bandwidth is out of reach).
pub const EMBEDDING_BANDWIDTH_SHARE: f64 = 0.5;
/// Share of dense peak small recommender MLPs sustain (assumed).
pub const DENSE_EFFICIENCY: f64 = 0.3;
/// Host memory read over PCIe per GPU (assumed, about Gen4 x16 in practice).
pub const PCIE_BYTES_PER_S: f64 = 25e9;
/// Traffic per lookup in training: the forward read plus the backward read-modify-write.
pub const LOOKUP_PASSES: f64 = 3.0;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepCost {
    pub lookup_s: f64,
    pub all_to_all_s: f64,
    pub dense_s: f64,
    /// The part of the dense all-reduce not hidden behind the backward pass.
    pub allreduce_s: f64,
    pub input_s: f64,
    pub step_s: f64,
    /// `lookups`, `all_to_all`, `dense`, `allreduce` or `input`.
    pub bottleneck: &'static str,
    pub samples_per_s: f64,
    /// True when the data loader, not the GPUs, sets the pace.
    pub input_bound: bool,
}

pub fn step_cost(workload: &Workload, cluster: &ClusterSpec, placement: &Placement) -> StepCost {
    let n = cluster.gpus.max(1) as f64;
    let hw = &cluster.hardware;
    let global = workload.global_batch.max(1.0);
    let local = global / n;
    let value = workload.value_bytes;
    let mut lookup_s: f64 = 0.0;
    let mut send_bytes: f64 = 0.0;
    for gpu in &placement.gpus {
        let mut hbm_bytes = 0.0;
        let mut host_bytes = 0.0;
        let mut produced = 0.0;
        for shard in &gpu.tables {
            let width = shard.dim as f64;
            let (samples, share) = match shard.kind {
                ShardKind::Replicated => (local, 1.0),
                _ => (global, shard.fraction),
            };
            let bytes = samples * shard.pooling * width * value * share;
            match shard.kind {
                ShardKind::Host => host_bytes += bytes,
                _ => hbm_bytes += bytes,
            }
            // Pooled outputs leave the GPU unless it serves its own samples.
            if shard.kind != ShardKind::Replicated && shard.kind != ShardKind::Host {
                let out_width = if shard.kind == ShardKind::Column {
                    width * shard.fraction
                } else {
                    width
                };
                produced += global * out_width * value;
            }
        }
        let time = LOOKUP_PASSES
            * (hbm_bytes / (hw.hbm_bytes_per_s * EMBEDDING_BANDWIDTH_SHARE)
                + host_bytes / PCIE_BYTES_PER_S);
        lookup_s = lookup_s.max(time);
        send_bytes = send_bytes.max(produced);
    }
    let multi_node = cluster.gpus > cluster.gpus_per_node;
    let link = if multi_node {
        hw.inter_bytes_per_s
    } else {
        hw.intra_bytes_per_s
    };
    let all_to_all_s = if cluster.gpus > 1 {
        // Forward sends pooled embeddings, backward returns their gradients.
        2.0 * send_bytes * (n - 1.0) / n / link
    } else {
        0.0
    };
    let dense_s =
        3.0 * workload.dense_flops_per_sample * local / (hw.peak_flops * DENSE_EFFICIENCY);
    // Every GPU holds the dense part, so its FP32 gradients are all-reduced
    // over all of them: one ring inside a node, two levels across nodes (the
    // splitter's rule, `collective::across_nodes_s`).
    let bandwidth_only = |bytes_per_s| Link {
        bytes_per_s,
        latency_s: 0.0,
    };
    let ring = across_nodes_s(
        Collective::AllReduce,
        cluster.gpus,
        cluster.gpus_per_node,
        workload.dense_params * 4.0,
        bandwidth_only(hw.intra_bytes_per_s),
        bandwidth_only(hw.inter_bytes_per_s),
    );
    // The gradient all-reduce overlaps with the backward half of the dense compute.
    let allreduce_s = (ring - dense_s * 2.0 / 3.0).max(0.0);
    let per_gpu_storage =
        cluster.storage_bytes_per_s_per_node / cluster.gpus_per_node.max(1) as f64;
    let read_s = local * workload.bytes_per_sample / per_gpu_storage;
    let preprocess_s = local / (cluster.cores_per_gpu * cluster.samples_per_core_s);
    let input_s = read_s.max(preprocess_s);
    let compute_path = lookup_s + all_to_all_s + dense_s + allreduce_s;
    // The loader prefetches, so it only costs time when it is the slower side.
    let step_s = compute_path.max(input_s).max(f64::MIN_POSITIVE);
    let parts = [
        ("lookups", lookup_s),
        ("all_to_all", all_to_all_s),
        ("dense", dense_s),
        ("allreduce", allreduce_s),
        ("input", input_s),
    ];
    let bottleneck = parts
        .iter()
        .copied()
        .fold(("lookups", f64::NEG_INFINITY), |best, part| {
            if part.1 > best.1 {
                part
            } else {
                best
            }
        })
        .0;
    StepCost {
        lookup_s,
        all_to_all_s,
        dense_s,
        allreduce_s,
        input_s,
        step_s,
        bottleneck,
        samples_per_s: global / step_s,
        input_bound: input_s > compute_path,
    }
}
