//! The parallelism splitter: how a transformer's training splits across a
//! cluster (data, tensor and pipeline parallelism, ZeRO, recomputation), what
//! each accelerator holds, how long a step takes and why.
//!
//! Raw form strings (`form.rs`) become a validated [`SplitInput`]; then
//! [`evaluate`] prices one plan without allocating (the search calls it tens of
//! thousands of times), [`report`] turns one plan into everything a learner
//! sees (memory, time, lints, the regime in words and an explanation for every
//! number), and [`search`] ranks every valid plan, in chunks a browser can
//! interleave with painting.

mod calibration;
mod evaluate;
mod explain;
pub mod form;
pub mod lints;
pub mod model;
pub mod presets;
mod report;
pub mod search;
#[cfg(test)]
mod tests;

pub use calibration::{calibrate, CalibrationRow, EFFICIENCY, TABLE_1};
pub use evaluate::{evaluate, Metrics};
pub use form::{SplitForm, FIELDS};
pub use lints::Lint;
pub use model::{Architecture, Recompute};
pub use report::{report, Breakdown, MemoryBytes, Regime, Report};

use crate::explain::Source;
use crate::hardware::{Interconnect, LinkSource};
use serde::Serialize;

pub const SLUG: &str = "splitter";

pub const NARAYANAN_2021: Source = Source {
    title: "Narayanan et al. 2021, Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM",
    locator: "Section 2.2 (pipeline bubble), Section 3 (performance analysis), Section 5.1 and Table 1 (parameters, FLOPs, throughput)",
    url: "https://arxiv.org/abs/2104.04473",
};

/// FP8 matrix products reach this share of the efficiency BF16 ones reach of
/// their own peak (see `TrainPrecision::gemm_share`).
pub const FP8_GEMM_SHARE: f64 = 0.8;

pub const TRANSFORMER_ENGINE_GEMMS: Source = Source {
    title: "NVIDIA Transformer Engine documentation, GEMM Profiling Tutorial",
    locator: "Worked Example: 5B Model on H200 (autocast, with quantization): a layer's 12 GEMMs take 32.0 ms in BF16, 20.3 ms in FP8 current scaling (1.58×) and 19.0 ms in FP8 delayed scaling (1.69×)",
    url: "https://nvidia.github.io/TransformerEngine/examples/gemm_profiling/gemm_profiling.html",
};

pub const RAJBHANDARI_2020: Source = Source {
    title: "Rajbhandari et al. 2020, ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
    locator: "Section 3.1 (16 bytes per parameter for mixed-precision Adam), Section 5 and Figure 1 (ZeRO stages 1–3), Section 7 (communication volume)",
    url: "https://arxiv.org/abs/1910.02054",
};

pub const KORTHIKANTI_2022: Source = Source {
    title: "Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer Models",
    locator: "Section 4 (activation memory per layer, Table 2) and Section 4.2.3 (in-flight micro-batches under 1F1B)",
    url: "https://arxiv.org/abs/2205.05198",
};

pub const PATARASUK_2009: Source = Source {
    title: "Patarasuk and Yuan 2009, Bandwidth optimal all-reduce algorithms for clusters of workstations",
    locator: "Section 3 (ring all-reduce moves 2(n−1)/n of the data through each link)",
    url: "https://doi.org/10.1016/j.jpdc.2008.09.002",
};

pub const MIKAMI_2018: Source = Source {
    title: "Mikami et al. 2018, Massively Distributed SGD: ImageNet/ResNet-50 Training in a Flash",
    locator: "the 2D-Torus all-reduce: a reduce-scatter along one dimension, an all-reduce of each share along the other, an all-gather back",
    url: "https://arxiv.org/abs/1811.05233",
};

pub const SHOEYBI_2019: Source = Source {
    title: "Shoeybi et al. 2019, Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism",
    locator: "Section 3, Figure 4 (two all-reduces forward and two backward per layer)",
    url: "https://arxiv.org/abs/1909.08053",
};

/// Arithmetic used for training.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainPrecision {
    Fp32,
    Bf16,
    Fp16,
    Fp8,
}

impl TrainPrecision {
    pub const ALL: [TrainPrecision; 4] = [
        TrainPrecision::Fp32,
        TrainPrecision::Bf16,
        TrainPrecision::Fp16,
        TrainPrecision::Fp8,
    ];

    pub fn key(self) -> &'static str {
        match self {
            TrainPrecision::Fp32 => "fp32",
            TrainPrecision::Bf16 => "bf16",
            TrainPrecision::Fp16 => "fp16",
            TrainPrecision::Fp8 => "fp8",
        }
    }

    /// Bytes of the working copy of weights and of gradients. FP8 training
    /// (Transformer Engine) keeps 16-bit weights and casts per GEMM.
    pub fn weight_bytes(self) -> f64 {
        match self {
            TrainPrecision::Fp32 => 4.0,
            _ => 2.0,
        }
    }

    pub fn activation_bytes(self) -> f64 {
        self.weight_bytes()
    }

    /// The share of the calibrated matrix-product efficiency this precision
    /// keeps. FP8 GEMMs cast their inputs and keep scaling factors on every
    /// call, so they run well short of twice the BF16 speed that the doubled
    /// peak promises: NVIDIA measured 1.58× (current scaling) and 1.69×
    /// (delayed scaling) over BF16 for a whole model's GEMMs on Hopper
    /// (`TRANSFORMER_ENGINE_GEMMS`), that is 0.79 and 0.85 of 2×. The
    /// splitter takes 0.8, so FP8 matrix products run 1.6× BF16's.
    pub fn gemm_share(self) -> f64 {
        match self {
            TrainPrecision::Fp8 => FP8_GEMM_SHARE,
            _ => 1.0,
        }
    }

    /// The catalogue column whose dense peak this precision runs at.
    pub fn catalogue_precision(self) -> crate::hardware::Precision {
        match self {
            TrainPrecision::Fp32 => crate::hardware::Precision::Fp32,
            TrainPrecision::Bf16 | TrainPrecision::Fp16 => crate::hardware::Precision::Bf16,
            TrainPrecision::Fp8 => crate::hardware::Precision::Fp8,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Optimizer {
    Adam,
    Sgd,
}

impl Optimizer {
    /// Optimizer-state bytes per parameter: FP32 master weights under mixed
    /// precision, plus Adam's two moments or SGD's momentum (ZeRO, Section 3.1).
    pub fn state_bytes(self, precision: TrainPrecision) -> f64 {
        let master = if precision == TrainPrecision::Fp32 {
            0.0
        } else {
            4.0
        };
        let moments = match self {
            Optimizer::Adam => 8.0,
            Optimizer::Sgd => 4.0,
        };
        master + moments
    }
}

/// What is being trained: a full architecture, or only a parameter count
/// (then activations and model-parallel traffic cannot be known).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ModelSpec {
    Architecture(Architecture),
    ParamsOnly { params: f64, seq_len: u64 },
}

impl ModelSpec {
    pub fn params(&self) -> f64 {
        match self {
            ModelSpec::Architecture(arch) => arch.params(),
            ModelSpec::ParamsOnly { params, .. } => *params,
        }
    }

    pub fn seq_len(&self) -> u64 {
        match self {
            ModelSpec::Architecture(arch) => arch.seq_len,
            ModelSpec::ParamsOnly { seq_len, .. } => *seq_len,
        }
    }

    pub fn architecture(&self) -> Option<&Architecture> {
        match self {
            ModelSpec::Architecture(arch) => Some(arch),
            ModelSpec::ParamsOnly { .. } => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Training {
    /// Sequences per optimizer step across the whole cluster.
    pub global_batch: u64,
    pub precision: TrainPrecision,
    pub optimizer: Optimizer,
    pub flash_attention: bool,
    /// Gradients accumulated in FP32 whatever the training precision.
    pub fp32_gradients: bool,
    pub tokens: Option<f64>,
}

impl Training {
    /// Bytes of one gradient. The ZeRO paper counts them in the training
    /// precision (2 of its 16 bytes a parameter); Megatron-LM keeps the
    /// gradients of BF16 training in FP32, which its documentation counts as
    /// 18 bytes a parameter.
    pub fn gradient_bytes(&self) -> f64 {
        if self.fp32_gradients {
            4.0
        } else {
            self.precision.weight_bytes()
        }
    }
}

/// The accelerators as the splitter needs them, resolved from the catalogue.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cluster {
    pub accelerator: String,
    pub name: String,
    pub count: u64,
    pub per_node: u64,
    pub peak_flops: f64,
    pub hbm_bytes: f64,
    pub hbm_bytes_per_s: f64,
    /// One direction, per accelerator, inside a node.
    pub intra_bytes_per_s: f64,
    /// One direction, per accelerator, between nodes.
    pub inter_bytes_per_s: f64,
    /// Which link carries traffic between nodes, for the explanations.
    pub across_nodes: LinkSource,
    /// What `with_count` needs to resolve the links again for another size:
    /// the node size asked for, the part's links and the network typed in.
    pub node_size: u64,
    /// Whether the node size is the catalogue's fast domain rather than one
    /// typed in: then a job that does not fill whole nodes is spread over
    /// equal, smaller nodes (see `node_share`).
    pub node_from_catalogue: bool,
    pub links: Interconnect,
    pub typed_network_gbps: Option<f64>,
    pub usd_per_hour: Option<f64>,
    pub tdp_w: Option<f64>,
}

impl Cluster {
    /// The same accelerators at another size, as the scaling curve needs: a
    /// point beyond one pod leaves the pod's links for the network, and a
    /// point that would need an unknown network is `None`.
    pub fn with_count(&self, count: u64) -> Option<Cluster> {
        let per_node = node_share(count, self.node_size, self.node_from_catalogue);
        let between = self.links.between_nodes(count, self.typed_network_gbps);
        if count > per_node && between.is_none() {
            return None;
        }
        // Inside one node the between-node link is never used.
        let (inter, across_nodes) =
            between.unwrap_or((self.intra_bytes_per_s, LinkSource::Catalogue));
        Some(Cluster {
            count,
            per_node,
            inter_bytes_per_s: inter,
            across_nodes,
            ..self.clone()
        })
    }
}

/// Accelerators per node for a job of `count` on nodes of up to `node_size`.
/// The collective model assumes equal nodes, and Cloud TPU Multislice joins
/// only slices of one shape, so when the node size is the catalogue's own and
/// `count` is not a whole number of nodes, the job is spread over equal nodes
/// of the largest size that divides it: 8,192 TPU v5p chips are two slices of
/// 4,096, not 6,144 and 2,048. That is only done while such a node is at least
/// half the full size; otherwise (13 GPUs on 8-GPU servers) the nodes stay
/// full and the last one is treated as if it were full too. A size typed in is
/// always kept.
pub fn node_share(count: u64, node_size: u64, from_catalogue: bool) -> u64 {
    let full = node_size.clamp(1, count.max(1));
    if !from_catalogue || count.is_multiple_of(full) {
        return full;
    }
    let equal = (1..=full)
        .rev()
        .find(|size| count.is_multiple_of(*size))
        .unwrap_or(1);
    if equal.saturating_mul(2) >= full {
        equal
    } else {
        full
    }
}

/// One way to split the work: the settings the search varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Plan {
    pub dp: u64,
    pub tp: u64,
    pub pp: u64,
    pub virtual_stages: u64,
    pub sequence_parallel: bool,
    pub zero: u8,
    pub micro_batch: u64,
    pub recompute: Recompute,
}

impl Plan {
    /// Whether a common framework runs this combination. DeepSpeed's pipeline
    /// engine accepts ZeRO stages 0 and 1 only, and Megatron-LM's distributed
    /// optimizer shards optimizer states (stage 1), so ZeRO-2 or -3 beside
    /// pipeline parallelism is a what-if: the auto-split prices it but does
    /// not recommend it, and a manual plan gets a lint.
    pub fn framework_supported(&self) -> bool {
        !(self.zero >= 2 && self.pp > 1)
    }
}

/// Validated input: every count positive, every rate finite and positive.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SplitInput {
    pub model: ModelSpec,
    pub model_name: String,
    pub training: Training,
    pub cluster: Cluster,
    /// `None` asks for the exhaustive search.
    pub plan: Option<Plan>,
}
