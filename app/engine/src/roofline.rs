//! The roofline explorer: where an operation sits against each accelerator's
//! roofs. Attainable throughput is min(peak, intensity × bandwidth), and the
//! ridge point peak / bandwidth splits memory-bound from compute-bound work
//! (Williams, Waterman and Patterson 2009).

use crate::explain::{Binding, Explanation, Source};
use crate::field::{missing_figures, Checker, FieldErrors, FieldProblem, Range};
use crate::format;
use crate::hardware::{Accelerator, Catalogue, Precision};
use serde::{Deserialize, Serialize};

pub const SLUG: &str = "roofline";

pub const WILLIAMS_2009: Source = Source {
    title: "Williams, Waterman and Patterson 2009, Roofline: an insightful visual performance model for multicore architectures",
    locator: "Communications of the ACM 52(4), Section 2 (the model) and Figure 1",
    url: "https://doi.org/10.1145/1498765.1498785",
};

pub const DAO_2022: Source = Source {
    title: "Dao et al. 2022, FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness",
    locator: "Section 3.1 (attention computed in tiles; the score matrix never reaches HBM)",
    url: "https://arxiv.org/abs/2205.14135",
};

pub const KAPLAN_2020: Source = crate::train_compute::KAPLAN_2020;

/// What the learner can analyse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    Matmul,
    Layernorm,
    Embedding,
    Attention,
    Conv2d,
    Prefill,
    Decode,
    CnnInference,
}

impl Operation {
    pub const ALL: [Operation; 8] = [
        Operation::Matmul,
        Operation::Layernorm,
        Operation::Embedding,
        Operation::Attention,
        Operation::Conv2d,
        Operation::Prefill,
        Operation::Decode,
        Operation::CnnInference,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Operation::Matmul => "matmul",
            Operation::Layernorm => "layernorm",
            Operation::Embedding => "embedding",
            Operation::Attention => "attention",
            Operation::Conv2d => "conv2d",
            Operation::Prefill => "prefill",
            Operation::Decode => "decode",
            Operation::CnnInference => "cnn_inference",
        }
    }

    /// The name in the Operation select. Kept to 26 characters so a closed
    /// select on a 360 px phone shows it whole; each result's note explains
    /// the operation in full.
    pub fn label(self) -> &'static str {
        match self {
            Operation::Matmul => "Matrix multiply (M, K, N)",
            Operation::Layernorm => "Layer normalization",
            Operation::Embedding => "Embedding lookup",
            Operation::Attention => "Attention (fused)",
            Operation::Conv2d => "2-D convolution",
            Operation::Prefill => "LLM prefill (whole prompt)",
            Operation::Decode => "LLM decode (per token)",
            Operation::CnnInference => "CNN inference (ResNet-50)",
        }
    }

    /// The numeric fields this operation reads, in form order.
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            Operation::Matmul => &["m", "k", "n"],
            Operation::Layernorm => &["tokens", "hidden"],
            Operation::Embedding => &["lookups", "dim"],
            Operation::Attention => &["batch", "seq_len", "hidden"],
            Operation::Conv2d => &["batch", "size", "channels_in", "channels_out", "kernel"],
            Operation::Prefill => &["params", "batch", "seq_len"],
            Operation::Decode => &["params", "batch"],
            Operation::CnnInference => &["batch"],
        }
    }
}

/// Every numeric field any operation uses: (name, label, upper bound).
pub const NUMBER_FIELDS: [(&str, &str, f64); 14] = [
    ("m", "M (rows of A)", 1e7),
    ("k", "K (shared dimension)", 1e7),
    ("n", "N (columns of B)", 1e7),
    ("tokens", "Tokens", 1e9),
    ("hidden", "Hidden size", 1e6),
    ("lookups", "Lookups (rows gathered)", 1e10),
    ("dim", "Embedding dimension", 1e5),
    ("batch", "Batch size", 1e6),
    ("seq_len", "Sequence length", 1e7),
    ("size", "Image height and width", 1e5),
    ("channels_in", "Input channels", 1e5),
    ("channels_out", "Output channels", 1e5),
    ("kernel", "Kernel size", 31.0),
    ("params", "Model parameters", 1e14),
];

/// Raw strings, as typed, from a URL or from a preset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RooflineForm {
    /// Comma-separated catalogue ids.
    pub accelerators: String,
    pub precision: String,
    pub op: String,
    pub m: String,
    pub k: String,
    pub n: String,
    pub tokens: String,
    pub hidden: String,
    pub lookups: String,
    pub dim: String,
    pub batch: String,
    pub seq_len: String,
    pub size: String,
    pub channels_in: String,
    pub channels_out: String,
    pub kernel: String,
    pub params: String,
}

impl Default for RooflineForm {
    /// LLM decode of a 70B model at batch 1 on an H100 and an A100: the seed's warning in one picture.
    fn default() -> Self {
        RooflineForm {
            accelerators: "h100-sxm-80gb, a100-sxm-80gb".into(),
            precision: "bf16".into(),
            op: "decode".into(),
            m: "4096".into(),
            k: "4096".into(),
            n: "4096".into(),
            tokens: "4096".into(),
            hidden: "8192".into(),
            lookups: "1e6".into(),
            dim: "128".into(),
            batch: "1".into(),
            seq_len: "2048".into(),
            size: "56".into(),
            channels_in: "64".into(),
            channels_out: "64".into(),
            kernel: "3".into(),
            params: "70e9".into(),
        }
    }
}

/// Every field name a preset or URL may set, in form order.
pub const FIELDS: [&str; 17] = [
    "accelerators",
    "precision",
    "op",
    "m",
    "k",
    "n",
    "tokens",
    "hidden",
    "lookups",
    "dim",
    "batch",
    "seq_len",
    "size",
    "channels_in",
    "channels_out",
    "kernel",
    "params",
];

impl RooflineForm {
    fn slot(&mut self, field: &str) -> Option<&mut String> {
        Some(match field {
            "accelerators" => &mut self.accelerators,
            "precision" => &mut self.precision,
            "op" => &mut self.op,
            "m" => &mut self.m,
            "k" => &mut self.k,
            "n" => &mut self.n,
            "tokens" => &mut self.tokens,
            "hidden" => &mut self.hidden,
            "lookups" => &mut self.lookups,
            "dim" => &mut self.dim,
            "batch" => &mut self.batch,
            "seq_len" => &mut self.seq_len,
            "size" => &mut self.size,
            "channels_in" => &mut self.channels_in,
            "channels_out" => &mut self.channels_out,
            "kernel" => &mut self.kernel,
            "params" => &mut self.params,
            _ => return None,
        })
    }

    pub fn set(&mut self, field: &str, value: String) -> bool {
        match self.slot(field) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    pub fn as_pairs(&self) -> [(&'static str, &str); 17] {
        [
            ("accelerators", &self.accelerators),
            ("precision", &self.precision),
            ("op", &self.op),
            ("m", &self.m),
            ("k", &self.k),
            ("n", &self.n),
            ("tokens", &self.tokens),
            ("hidden", &self.hidden),
            ("lookups", &self.lookups),
            ("dim", &self.dim),
            ("batch", &self.batch),
            ("seq_len", &self.seq_len),
            ("size", &self.size),
            ("channels_in", &self.channels_in),
            ("channels_out", &self.channels_out),
            ("kernel", &self.kernel),
            ("params", &self.params),
        ]
    }

    /// Checks the fields the chosen operation uses, and that each accelerator
    /// exists and publishes throughput at the precision and a memory bandwidth.
    pub fn validate(&self, catalogue: &Catalogue) -> Result<RooflineInput, FieldErrors> {
        let mut checker = Checker::default();
        // Menu keys ignore case and surrounding spaces, as every widget's do.
        let op = checker.choice("op", &self.op, &Operation::ALL.map(|op| (op.key(), op)));
        let precision = checker.choice(
            "precision",
            &self.precision,
            &Precision::ALL.map(|p| (p.key(), p)),
        );
        let accelerators = self.accelerators(catalogue, precision, &mut checker);
        let mut numbers = Vec::new();
        for field in op.map(Operation::fields).unwrap_or_default() {
            let bound = NUMBER_FIELDS
                .iter()
                .find(|(name, _, _)| name == field)
                .map(|(_, _, max)| *max)
                .unwrap_or(1e9);
            let raw = self
                .as_pairs()
                .into_iter()
                .find(|(name, _)| name == field)
                .map(|(_, v)| v)
                .unwrap_or("");
            if let Some(value) = checker.whole(field, raw, Range::at_least(1.0, bound)) {
                numbers.push(value as f64);
            }
        }
        checker.finish(|| {
            let op = op?;
            let precision = precision?;
            let shape = Shape::from_numbers(op, &numbers)?;
            Some(RooflineInput {
                op,
                precision,
                shape,
                accelerators,
            })
        })
    }

    fn accelerators(
        &self,
        catalogue: &Catalogue,
        precision: Option<Precision>,
        checker: &mut Checker,
    ) -> Vec<Accelerator> {
        let ids: Vec<&str> = self
            .accelerators
            .split(',')
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .collect();
        if ids.is_empty() {
            checker.errors.push("accelerators", FieldProblem::Empty);
            return Vec::new();
        }
        let mut found = Vec::new();
        for id in ids.iter().take(8) {
            match catalogue.find(id) {
                None => {
                    checker
                        .errors
                        .push("accelerators", FieldProblem::UnknownId { id: short(id) });
                    return Vec::new();
                }
                Some(acc) => {
                    let mut missing = Vec::new();
                    if let Some(p) = precision.filter(|p| acc.peak_tflops.get(*p).is_none()) {
                        missing.push(format!("{} peak", p.label()));
                    }
                    if acc.memory.bandwidth_gb_s.is_none() {
                        missing.push("memory bandwidth".to_string());
                    }
                    if !missing.is_empty() {
                        checker.errors.push(
                            "accelerators",
                            FieldProblem::MissingData {
                                name: acc.name.clone(),
                                what: missing_figures(&missing),
                            },
                        );
                        return Vec::new();
                    }
                    if !found.iter().any(|a: &Accelerator| a.id == acc.id) {
                        found.push(acc.clone());
                    }
                }
            }
        }
        found
    }
}

fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// An operation's size, validated.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Shape {
    Matmul {
        m: f64,
        k: f64,
        n: f64,
    },
    Layernorm {
        tokens: f64,
        hidden: f64,
    },
    Embedding {
        lookups: f64,
        dim: f64,
    },
    Attention {
        batch: f64,
        seq_len: f64,
        hidden: f64,
    },
    Conv2d {
        batch: f64,
        size: f64,
        channels_in: f64,
        channels_out: f64,
        kernel: f64,
    },
    Prefill {
        params: f64,
        batch: f64,
        seq_len: f64,
    },
    Decode {
        params: f64,
        batch: f64,
    },
    CnnInference {
        batch: f64,
    },
}

impl Shape {
    fn from_numbers(op: Operation, numbers: &[f64]) -> Option<Shape> {
        Some(match (op, numbers) {
            (Operation::Matmul, [m, k, n]) => Shape::Matmul {
                m: *m,
                k: *k,
                n: *n,
            },
            (Operation::Layernorm, [tokens, hidden]) => Shape::Layernorm {
                tokens: *tokens,
                hidden: *hidden,
            },
            (Operation::Embedding, [lookups, dim]) => Shape::Embedding {
                lookups: *lookups,
                dim: *dim,
            },
            (Operation::Attention, [batch, seq_len, hidden]) => Shape::Attention {
                batch: *batch,
                seq_len: *seq_len,
                hidden: *hidden,
            },
            (Operation::Conv2d, [batch, size, channels_in, channels_out, kernel]) => {
                Shape::Conv2d {
                    batch: *batch,
                    size: *size,
                    channels_in: *channels_in,
                    channels_out: *channels_out,
                    kernel: *kernel,
                }
            }
            (Operation::Prefill, [params, batch, seq_len]) => Shape::Prefill {
                params: *params,
                batch: *batch,
                seq_len: *seq_len,
            },
            (Operation::Decode, [params, batch]) => Shape::Decode {
                params: *params,
                batch: *batch,
            },
            (Operation::CnnInference, [batch]) => Shape::CnnInference { batch: *batch },
            _ => return None,
        })
    }
}

/// Validated input: a known operation with positive sizes, and accelerators that
/// publish both the chosen precision's peak and a memory bandwidth.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RooflineInput {
    pub op: Operation,
    pub precision: Precision,
    pub shape: Shape,
    pub accelerators: Vec<Accelerator>,
}

/// Bytes per element at a precision.
pub fn bytes_per_element(precision: Precision) -> f64 {
    match precision {
        Precision::Fp32 => 4.0,
        Precision::Bf16 => 2.0,
        Precision::Fp8 | Precision::Int8 => 1.0,
    }
}

/// FLOPs and bytes of memory traffic for an operation, with the formulas in TeX.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Work {
    pub flops: f64,
    pub bytes: f64,
    pub flops_tex: &'static str,
    pub bytes_tex: &'static str,
    /// The sizes the two formulas use, as the learner entered them (or, for a
    /// whole network, as counted from its layers).
    pub bindings: Vec<Binding>,
    pub note: &'static str,
    pub source: Source,
}

/// A size as the learner reads it beside the formula.
fn size(symbol: &'static str, meaning: &'static str, value: f64) -> Binding {
    Binding {
        symbol,
        meaning,
        value: format::plain_number(value),
    }
}

pub fn work(shape: Shape, precision: Precision) -> Work {
    let b = bytes_per_element(precision);
    match shape {
        Shape::Matmul { m, k, n } => Work {
            flops: 2.0 * m * k * n,
            bytes: b * (m * k + k * n + m * n),
            flops_tex: "F = 2MKN",
            bytes_tex: "Q = b\\,(MK + KN + MN)",
            bindings: vec![size("M", "rows of A", m), size("K", "shared dimension", k), size("N", "columns of B", n)],
            note: "One multiply and one add per term; each matrix crosses memory once (ideal tiling).",
            source: WILLIAMS_2009,
        },
        Shape::Layernorm { tokens, hidden } => Work {
            flops: 7.0 * tokens * hidden,
            bytes: 2.0 * b * tokens * hidden,
            flops_tex: "F \\approx 7\\,T H",
            bytes_tex: "Q = 2\\,b\\,T H",
            bindings: vec![size("T", "tokens", tokens), size("H", "hidden size", hidden)],
            note: "About 7 FLOPs per element (mean, variance, normalize, scale, shift); the tensor is read once and written once.",
            source: WILLIAMS_2009,
        },
        Shape::Embedding { lookups, dim } => Work {
            flops: lookups * dim,
            bytes: b * lookups * dim,
            flops_tex: "F = L\\,d",
            bytes_tex: "Q = b\\,L\\,d",
            bindings: vec![size("L", "rows gathered", lookups), size("d", "embedding dimension", dim)],
            note: "A gather from an embedding table (a recommender's sparse features) with sum pooling: one add per element read. Rows are scattered, so real bandwidth is lower still.",
            source: WILLIAMS_2009,
        },
        Shape::Attention { batch, seq_len, hidden } => Work {
            flops: 4.0 * batch * seq_len * seq_len * hidden,
            bytes: 4.0 * b * batch * seq_len * hidden,
            flops_tex: "F = 4\\,B s^2 h",
            bytes_tex: "Q = 4\\,b\\,B s h",
            bindings: vec![size("B", "batch", batch), size("s", "sequence length", seq_len), size("h", "hidden size", hidden)],
            note: "QKᵀ and the weighted sum of V each cost 2Bs²h FLOPs. Fused (FlashAttention-style), the s×s scores stay on chip, so only Q, K, V and the output cross memory.",
            source: DAO_2022,
        },
        Shape::Conv2d { batch, size: side, channels_in, channels_out, kernel } => Work {
            flops: 2.0 * batch * side * side * channels_in * channels_out * kernel * kernel,
            bytes: b * (batch * side * side * channels_in + kernel * kernel * channels_in * channels_out + batch * side * side * channels_out),
            flops_tex: "F = 2\\,B S^2 C_i C_o k^2",
            bytes_tex: "Q = b\\,(B S^2 C_i + k^2 C_i C_o + B S^2 C_o)",
            bindings: vec![size("B", "batch", batch), size("S", "image height and width", side), size("C_i", "input channels", channels_in), size("C_o", "output channels", channels_out), size("k", "kernel size", kernel)],
            note: "Stride 1 with same padding: every output pixel takes k²·Cᵢ multiply-adds per output channel.",
            source: WILLIAMS_2009,
        },
        Shape::Prefill { params, batch, seq_len } => Work {
            flops: 2.0 * params * batch * seq_len,
            bytes: b * params,
            flops_tex: "F = 2\\,N B s",
            bytes_tex: "Q \\approx b\\,N",
            bindings: vec![size("N", "parameters", params), size("B", "batch", batch), size("s", "prompt length", seq_len)],
            note: "The forward pass costs about 2 FLOPs per parameter per token; the weights are read once for the whole prompt (activations and KV cache left out).",
            source: KAPLAN_2020,
        },
        Shape::Decode { params, batch } => Work {
            flops: 2.0 * params * batch,
            bytes: b * params,
            flops_tex: "F = 2\\,N B",
            bytes_tex: "Q \\approx b\\,N",
            bindings: vec![size("N", "parameters", params), size("B", "batch", batch)],
            note: "Each step produces one token per sequence but must read every weight: intensity ≈ 2B / b. The KV cache adds more traffic at long contexts.",
            source: KAPLAN_2020,
        },
        Shape::CnnInference { batch } => {
            let net = resnet50::resnet50();
            Work {
                flops: 2.0 * net.macs_per_image * batch,
                bytes: b * (net.weights + batch * net.activations_per_image),
                flops_tex: "F = 2\\,M_{\\text{img}}\\,B",
                bytes_tex: "Q = b\\,(W + B\\,A_{\\text{img}})",
                bindings: vec![
                    size("B", "images in the batch", batch),
                    size("M_{\\text{img}}", "multiply-adds per image, summed over the 53 convolutions and the classifier", net.macs_per_image),
                    size("W", "weights, read once per batch (batch norm folded into biases)", net.weights),
                    size("A_{\\text{img}}", "activation elements read and written per image", net.activations_per_image),
                ],
                note: "ResNet-50 as torchvision builds it, counted layer by layer. Each layer reads its input and weights and writes its output once; batch norm, ReLU and the residual add are fused into the convolutions, but no layer's output stays on chip for the next. The weights are shared by the batch, the activations are not, so past a few dozen images the intensity stops rising. A chip whose cache can hold a layer's output for the next layer moves less than this.",
                source: resnet50::TORCHVISION_RESNET50,
            }
        }
    }
}

/// Where the operation lands on one accelerator.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placement {
    pub id: String,
    pub name: String,
    pub peak_flops_per_s: f64,
    pub bandwidth_bytes_per_s: f64,
    pub ridge_flops_per_byte: f64,
    pub attainable_flops_per_s: f64,
    pub bound: Bound,
    pub time_s: f64,
    /// Attainable over peak, in (0, 1].
    pub share_of_peak: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    Memory,
    Compute,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RooflineOutput {
    pub flops: f64,
    pub bytes: f64,
    pub intensity_flops_per_byte: f64,
    pub placements: Vec<Placement>,
    /// The seed's warning, made concrete when it applies.
    pub warning: Option<String>,
    pub explanations: Vec<Explanation>,
}

/// Cannot fail: validation guarantees positive sizes, peaks and bandwidths.
pub fn compute(input: &RooflineInput) -> RooflineOutput {
    let work = work(input.shape, input.precision);
    let intensity = work.flops / work.bytes;
    let placements: Vec<Placement> = input
        .accelerators
        .iter()
        .filter_map(|acc| place(acc, input.precision, &work, intensity))
        .collect();
    let warning = over_provisioning_warning(&placements);
    let explanations = explain(input, &work, intensity, placements.first());
    RooflineOutput {
        flops: work.flops,
        bytes: work.bytes,
        intensity_flops_per_byte: intensity,
        placements,
        warning,
        explanations,
    }
}

fn place(
    acc: &Accelerator,
    precision: Precision,
    work: &Work,
    intensity: f64,
) -> Option<Placement> {
    let peak = acc.peak_flops_per_s(precision)?;
    let bandwidth = acc.bandwidth_bytes_per_s()?;
    let ridge = peak / bandwidth;
    let attainable = peak.min(intensity * bandwidth);
    let time_s = (work.flops / peak).max(work.bytes / bandwidth);
    Some(Placement {
        id: acc.id.clone(),
        name: acc.name.clone(),
        peak_flops_per_s: peak,
        bandwidth_bytes_per_s: bandwidth,
        ridge_flops_per_byte: ridge,
        attainable_flops_per_s: attainable,
        bound: if intensity < ridge {
            Bound::Memory
        } else {
            Bound::Compute
        },
        time_s,
        share_of_peak: attainable / peak,
    })
}

/// When a part with more peak compute is no faster, or barely faster, say so with numbers.
fn over_provisioning_warning(placements: &[Placement]) -> Option<String> {
    let memory_bound: Vec<&Placement> = placements
        .iter()
        .filter(|p| p.bound == Bound::Memory)
        .collect();
    let first = memory_bound.first()?;
    if placements.len() < 2 {
        return Some(format!(
            "Memory-bound: {} reaches only {}% of its peak here. Buying more FLOP/s would not help; more memory bandwidth, a bigger batch or fusing operations would.",
            first.name,
            format::significant_digits(first.share_of_peak * 100.0, 2)
        ));
    }
    let most_compute = placements
        .iter()
        .max_by(|a, b| a.peak_flops_per_s.total_cmp(&b.peak_flops_per_s))?;
    let least_compute = placements
        .iter()
        .min_by(|a, b| a.peak_flops_per_s.total_cmp(&b.peak_flops_per_s))?;
    if most_compute.bound != Bound::Memory || most_compute.id == least_compute.id {
        return None;
    }
    let compute_ratio = most_compute.peak_flops_per_s / least_compute.peak_flops_per_s;
    let speedup = least_compute.time_s / most_compute.time_s;
    // Equal peaks make no comparison; a "speed-up" at or above the compute
    // ratio means the extra FLOP/s did pay off.
    if compute_ratio < 1.05 || speedup >= compute_ratio {
        return None;
    }
    // A part with more FLOP/s but less bandwidth is slower here, not "0.5× faster".
    let comparison = if speedup < 1.0 {
        format!(
            "yet takes {}× as long",
            format::significant_digits(1.0 / speedup, 2)
        )
    } else {
        format!(
            "but finishes only {}× faster",
            format::significant_digits(speedup, 2)
        )
    };
    Some(format!(
        "Memory-bound: {} has {}× the peak FLOP/s of {} {comparison}, because time here follows memory bandwidth ({} vs {}). Paying for compute that this work cannot use wastes money.",
        most_compute.name,
        format::significant_digits(compute_ratio, 2),
        least_compute.name,
        format::si(most_compute.bandwidth_bytes_per_s, "B/s"),
        format::si(least_compute.bandwidth_bytes_per_s, "B/s"),
    ))
}

/// The sizes a formula mentions, so each explanation lists only its own values.
fn used_in(tex: &str, bindings: &[Binding]) -> Vec<Binding> {
    bindings
        .iter()
        .filter(|binding| tex.contains(binding.symbol))
        .cloned()
        .collect()
}

fn explain(
    input: &RooflineInput,
    work: &Work,
    intensity: f64,
    first: Option<&Placement>,
) -> Vec<Explanation> {
    let b = bytes_per_element(input.precision);
    let f = Binding {
        symbol: "F",
        meaning: "FLOPs",
        value: format::scientific(work.flops, 3),
    };
    let q = Binding {
        symbol: "Q",
        meaning: "bytes moved to and from memory",
        value: format!("{} B", format::scientific(work.bytes, 3)),
    };
    let mut explanations = vec![
        Explanation {
            output: "flops",
            label: "FLOPs",
            formula_tex: work.flops_tex,
            bindings: used_in(work.flops_tex, &work.bindings),
            result: f.value.clone(),
            note: work.note,
            source: work.source.clone(),
        },
        Explanation {
            output: "bytes",
            label: "Memory traffic",
            formula_tex: work.bytes_tex,
            bindings: std::iter::once(Binding { symbol: "b", meaning: "bytes per element", value: format!("{b} ({})", input.precision.label()) })
                .chain(used_in(work.bytes_tex, &work.bindings))
                .collect(),
            result: q.value.clone(),
            note: work.note,
            source: work.source.clone(),
        },
        Explanation {
            output: "intensity",
            label: "Arithmetic intensity",
            formula_tex: "I = \\frac{F}{Q}",
            bindings: vec![f, q],
            result: format!("{} FLOP/byte", format::significant_digits(intensity, 3)),
            note: "How many operations the work does for each byte it moves. Compare it with each accelerator's ridge point.",
            source: WILLIAMS_2009,
        },
    ];
    if let Some(p) = first {
        let peak = Binding {
            symbol: "P",
            meaning: "peak at this precision",
            value: format::flops_rate(p.peak_flops_per_s),
        };
        let bw = Binding {
            symbol: "W",
            meaning: "memory bandwidth",
            value: format::si(p.bandwidth_bytes_per_s, "B/s"),
        };
        let i = Binding {
            symbol: "I",
            meaning: "arithmetic intensity",
            value: format!("{} FLOP/byte", format::significant_digits(intensity, 3)),
        };
        explanations.push(Explanation {
            output: "ridge",
            label: "Ridge point",
            formula_tex: "I^{*} = \\frac{P}{W}",
            bindings: vec![peak.clone(), bw.clone()],
            result: format!(
                "{} FLOP/byte ({})",
                format::significant_digits(p.ridge_flops_per_byte, 3),
                p.name
            ),
            note: "Below this intensity the memory cannot feed the arithmetic units fast enough.",
            source: WILLIAMS_2009,
        });
        explanations.push(Explanation {
            output: "attainable",
            label: "Attainable throughput",
            formula_tex: "R = \\min(P,\\; I \\times W)",
            bindings: vec![peak, i, bw],
            result: format!("{} ({})", format::flops_rate(p.attainable_flops_per_s), p.name),
            note: "The roofline: the slanted roof is bandwidth times intensity, the flat roof is peak compute. Real kernels land below both.",
            source: WILLIAMS_2009,
        });
    }
    explanations
}

mod resnet50;

#[cfg(test)]
mod tests;
