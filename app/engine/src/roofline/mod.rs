//! The roofline explorer: where an operation sits against each accelerator's
//! roofs. Attainable throughput is min(peak, intensity × bandwidth), and the
//! ridge point peak / bandwidth splits memory-bound from compute-bound work
//! (Williams, Waterman and Patterson 2009).

use crate::explain::{Binding, Explanation, Source};
use crate::format;
use crate::hardware::{Accelerator, Precision};
use serde::Serialize;

pub const SLUG: &str = "roofline";

pub const WILLIAMS_2009: Source = Source {
    title: "Williams, Waterman and Patterson 2009, Roofline: an insightful visual performance model for multicore architectures",
    locator: "Communications of the ACM 52(4), Section 2 (the model) and Figure 1",
    url: "https://doi.org/10.1145/1498765.1498785",
};

/// The operation counts: F = 2MKN and Q = 2(MK + KN + MN) for a matmul,
/// and the guide's table of intensities (ReLU 0.25, layer normalization
/// below 10, a linear layer at batch 1 about 1).
pub const NVIDIA_PERF_GUIDE: Source = Source {
    title: "NVIDIA, GPU Performance Background User's Guide",
    locator: "Section Understanding Performance: arithmetic intensity of a matrix multiply, and the table of example operations",
    url: "https://docs.nvidia.com/deeplearning/performance/dl-performance-gpu-background/index.html",
};

/// A convolution computed as a matrix multiply (implicit GEMM): output pixels
/// times output channels by input channels times the kernel area.
pub const NVIDIA_CONV_GUIDE: Source = Source {
    title: "NVIDIA, Convolutional Layers User's Guide",
    locator: "Section Convolution Algorithms: the forward convolution as an implicit GEMM, M = N·P·Q, N = K, K = C·R·S",
    url: "https://docs.nvidia.com/deeplearning/performance/dl-performance-convolutional/index.html",
};

/// Embedding tables: huge storage, low compute intensity, irregular access.
pub const GUPTA_2020: Source = Source {
    title: "Gupta et al. 2020, The Architectural Implications of Facebook's DNN-based Personalized Recommendation",
    locator: "HPCA 2020, Section III (embedding tables: large capacity, low compute intensity, irregular memory accesses)",
    url: "https://arxiv.org/abs/1906.03109",
};

pub const DAO_2022: Source = Source {
    title: "Dao et al. 2022, FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness",
    locator: "Section 3.1 (attention computed in tiles; the score matrix never reaches HBM)",
    url: "https://arxiv.org/abs/2205.14135",
};

pub const KAPLAN_2020: Source = crate::train_compute::KAPLAN_2020;

mod dlrm;
mod footprint;
mod form;
pub use crate::hardware::devices_needed;
pub use footprint::{footprint, Footprint};
pub use form::*;

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

/// A size as the learner reads it beside the formula: grouped below ten
/// million ("1,806,336"), scientific above.
fn size(symbol: &'static str, meaning: &'static str, value: f64) -> Binding {
    Binding {
        symbol,
        meaning,
        value: format::readable(value, 4),
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
            source: NVIDIA_PERF_GUIDE,
        },
        Shape::Layernorm { tokens, hidden } => Work {
            flops: 7.0 * tokens * hidden,
            bytes: 2.0 * b * tokens * hidden,
            flops_tex: "F \\approx 7\\,T H",
            bytes_tex: "Q = 2\\,b\\,T H",
            bindings: vec![size("T", "tokens", tokens), size("H", "hidden size", hidden)],
            note: "About 7 arithmetic operations per element (mean, variance, normalize, scale, shift); the tensor is read once and written once. These run on the vector units, not the matrix units whose peak the chart draws, so the real compute roof is far lower, and in 8-bit formats layer norm is usually computed in 16 or 32 bits anyway; at intensities this low it is memory-bound either way.",
            source: NVIDIA_PERF_GUIDE,
        },
        Shape::Embedding { lookups, dim, .. } => Work {
            flops: lookups * dim,
            bytes: b * lookups * dim,
            flops_tex: "F = L\\,d",
            bytes_tex: "Q = b\\,L\\,d",
            bindings: vec![size("L", "rows gathered", lookups), size("d", "embedding dimension", dim)],
            note: "A gather from an embedding table (a recommender's sparse features) with sum pooling: one add per element read. Rows are scattered, so real bandwidth is lower still. The adds run on the vector units, not the matrix units whose peak the chart draws, so the real compute roof is lower; at 0.5 to 1 operation per byte it is memory-bound either way.",
            source: GUPTA_2020,
        },
        Shape::Attention { batch, seq_len, hidden } => Work {
            flops: 4.0 * batch * seq_len * seq_len * hidden,
            bytes: 4.0 * b * batch * seq_len * hidden,
            flops_tex: "F = 4\\,B s^2 h",
            bytes_tex: "Q = 4\\,b\\,B s h",
            bindings: vec![size("B", "batch", batch), size("s", "sequence length", seq_len), size("h", "hidden size", hidden)],
            note: "QKᵀ and the weighted sum of V each cost 2Bs²h operations (a multiply and an add per term). Fused (FlashAttention-style), the s×s scores stay on chip, so only Q, K, V and the output cross memory.",
            source: DAO_2022,
        },
        Shape::Conv2d { batch, size: side, channels_in, channels_out, kernel } => Work {
            flops: 2.0 * batch * side * side * channels_in * channels_out * kernel * kernel,
            bytes: b * (batch * side * side * channels_in + kernel * kernel * channels_in * channels_out + batch * side * side * channels_out),
            flops_tex: "F = 2\\,B S^2 C_i C_o k^2",
            bytes_tex: "Q = b\\,(B S^2 C_i + k^2 C_i C_o + B S^2 C_o)",
            bindings: vec![size("B", "batch", batch), size("S", "image height and width", side), size("C_i", "input channels", channels_in), size("C_o", "output channels", channels_out), size("k", "kernel size", kernel)],
            note: "Stride 1 with same padding: every output pixel takes k²·Cᵢ multiply-adds per output channel.",
            source: NVIDIA_CONV_GUIDE,
        },
        Shape::Prefill { params, batch, seq_len } => Work {
            flops: 2.0 * params * batch * seq_len,
            bytes: b * params,
            flops_tex: "F = 2\\,N B s",
            bytes_tex: "Q \\approx b\\,N",
            bindings: vec![size("N", "parameters", params), size("B", "batch", batch), size("s", "prompt length", seq_len)],
            note: "The forward pass costs about 2 operations (a multiply and an add) per parameter per token; the weights are read once for the whole prompt (activations and KV cache left out).",
            source: crate::serve::POPE_2022,
        },
        Shape::Decode { params, batch } => Work {
            flops: 2.0 * params * batch,
            bytes: b * params,
            flops_tex: "F = 2\\,N B",
            bytes_tex: "Q \\approx b\\,N",
            bindings: vec![size("N", "parameters", params), size("B", "batch", batch)],
            note: "Each step produces one token per sequence but must read every weight: intensity ≈ 2B / b. The KV cache adds more traffic at long contexts.",
            // Pope et al. count both halves: 2N operations per token, and
            // every weight read at every step. Kaplan gives only the first.
            source: crate::serve::POPE_2022,
        },
        Shape::CnnInference { batch } => {
            let net = resnet50::resnet50();
            Work {
                flops: 2.0 * net.macs_per_image * batch,
                bytes: b * (net.weights + batch * net.activations_per_image),
                flops_tex: "F = 2\\,M_{\\text{img}}\\,B",
                bytes_tex: "Q = b\\,(\\Theta + B\\,A_{\\text{img}})",
                bindings: vec![
                    size("B", "images in the batch", batch),
                    size("M_{\\text{img}}", "multiply-adds per image, summed over the 53 convolutions and the classifier", net.macs_per_image),
                    size("\\Theta", "weights, read once per batch (batch norm folded into biases)", net.weights),
                    size("A_{\\text{img}}", "activation elements read and written per image", net.activations_per_image),
                ],
                note: "ResNet-50 as torchvision builds it, counted layer by layer. Each layer reads its input and weights and writes its output once; batch norm, ReLU and the residual add are fused into the convolutions, but no layer's output stays on chip for the next. The weights are shared by the batch, the activations are not, so past a few dozen images the intensity stops rising. A chip whose cache can hold a layer's output for the next layer moves less than this.",
                source: resnet50::TORCHVISION_RESNET50,
            }
        }
        Shape::RecommenderInference { batch } => {
            let net = dlrm::dlrm_dcnv2();
            Work {
                flops: batch * (2.0 * net.macs_per_sample + net.gathered_per_sample),
                bytes: b * (net.dense_weights + batch * (net.gathered_per_sample + net.activations_per_sample)),
                flops_tex: "F = B\\,(2M_{\\text{s}} + G)",
                bytes_tex: "Q = b\\,(\\Theta + B\\,(G + A_{\\text{s}}))",
                bindings: vec![
                    size("B", "samples ranked in the batch", batch),
                    size("M_{\\text{s}}", "multiply-adds per sample in the two MLPs and the three cross layers", net.macs_per_sample),
                    size("G", "embedding numbers gathered per sample: 214 rows of 128, each summed into its feature's pool", net.gathered_per_sample),
                    size("\\Theta", "dense weights and biases, read once per batch", net.dense_weights),
                    size("A_{\\text{s}}", "activation elements read and written per sample outside the gather", net.activations_per_sample),
                ],
                note: "DLRM with a DCNv2 cross network, as MLPerf Training configures it for Criteo 1TB: 13 numeric features pass through a 512-256-128 MLP; 26 categorical features gather 214 rows of 128 numbers from their tables and sum each feature's rows; three rank-512 cross layers mix the 3,456 concatenated features; a 1024-1024-512-256-1 MLP scores the click. The batch shares the dense weights, each layer reads its input and writes its output, and the gathered rows are scattered, so real bandwidth on them is lower.",
                source: dlrm::MLPERF_DLRM_DCNV2,
            }
        }
    }
}

impl Placement {
    /// The part's name, with its precision when that differs from the one
    /// chosen (a T4 on a BF16 roofline is "NVIDIA T4 16 GB, FP16 peak"), for
    /// the chart's legend and the table's rows.
    pub fn label(&self, precision: Precision) -> String {
        if self.precision_label == precision.label() {
            self.name.clone()
        } else {
            format!("{}, {} peak", self.name, self.precision_label)
        }
    }
}

/// Where the operation lands on one accelerator.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placement {
    pub id: String,
    pub name: String,
    /// The precision this part's peak is at, by its name on this part: "FP16"
    /// for the 16-bit figure of a part with FP16 tensor cores only.
    pub precision_label: &'static str,
    pub peak_flops_per_s: f64,
    pub bandwidth_bytes_per_s: f64,
    pub ridge_flops_per_byte: f64,
    pub attainable_flops_per_s: f64,
    pub bound: Bound,
    pub time_s: f64,
    /// Attainable over peak, in (0, 1].
    pub share_of_peak: f64,
    /// Device memory, when the catalogue lists it.
    pub capacity_bytes: Option<f64>,
    /// Devices of this kind the operation's footprint needs, when the
    /// catalogue lists the capacity; 1 means it fits.
    pub devices_needed: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    Memory,
    Compute,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RooflineOutput {
    /// The precision the work runs at, which also names its units: INT8
    /// work is counted in operations, not FLOPs.
    pub precision: Precision,
    pub flops: f64,
    pub bytes: f64,
    pub intensity_flops_per_byte: f64,
    pub placements: Vec<Placement>,
    /// The seed's warning, made concrete when it applies.
    pub warning: Option<String>,
    /// Bytes the operation holds in memory at once.
    pub footprint_bytes: f64,
    /// What those bytes hold, such as "the weights alone", so a table can say
    /// what its fit column counts and what it leaves out.
    pub footprint_what: &'static str,
    /// Which parts cannot hold the operation, and how many each would take.
    pub fit_warning: Option<FitWarning>,
    /// Chosen parts that are not on the chart, and why, in sentences.
    pub left_out: Vec<String>,
    pub explanations: Vec<Explanation>,
}

/// The warning shown when some parts cannot hold the operation alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FitWarning {
    /// "Too big for one device" when no chosen part holds the work, else
    /// "Too big for some of these parts".
    pub title: &'static str,
    pub text: String,
}

/// Cannot fail: validation guarantees positive sizes, peaks and bandwidths.
pub fn compute(input: &RooflineInput) -> RooflineOutput {
    let work = work(input.shape, input.precision);
    let intensity = work.flops / work.bytes;
    let footprint = footprint(input.shape, input.precision, &work);
    let footprint_bytes = footprint.bytes;
    let placements: Vec<Placement> = input
        .accelerators
        .iter()
        .filter_map(|acc| place(acc, input.precision, &work, intensity, footprint_bytes))
        .collect();
    let warning = over_provisioning_warning(&placements, input.precision);
    let fit_warning = fit_warning(&footprint, &placements);
    // The ridge and the attainable rate are worked for one part: the first
    // memory-bound one when there is one, since that is where the roofline
    // has something to teach (its slanted roof), else the first part.
    let explained = placements
        .iter()
        .find(|p| p.bound == Bound::Memory)
        .or(placements.first());
    let mut explanations = explain(input, &work, intensity, explained);
    explanations.push(explain_footprint(
        input.precision,
        &footprint,
        placements.first(),
    ));
    RooflineOutput {
        precision: input.precision,
        flops: work.flops,
        bytes: work.bytes,
        intensity_flops_per_byte: intensity,
        placements,
        warning,
        footprint_bytes,
        footprint_what: footprint.what,
        fit_warning,
        left_out: input.left_out.clone(),
        explanations,
    }
}

fn place(
    acc: &Accelerator,
    precision: Precision,
    work: &Work,
    intensity: f64,
    footprint_bytes: f64,
) -> Option<Placement> {
    let peak = acc.peak_flops_per_s(precision)?;
    let capacity_bytes = acc.memory.capacity_gb.map(|gb| gb * 1e9);
    let bandwidth = acc.bandwidth_bytes_per_s()?;
    let ridge = peak / bandwidth;
    let attainable = peak.min(intensity * bandwidth);
    let time_s = (work.flops / peak).max(work.bytes / bandwidth);
    Some(Placement {
        id: acc.id.clone(),
        name: acc.name.clone(),
        precision_label: acc.precision_label(precision),
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
        capacity_bytes,
        devices_needed: capacity_bytes.map(|capacity| devices_needed(footprint_bytes, capacity)),
    })
}

/// Names every part that cannot hold the operation, with the count it would take.
fn fit_warning(footprint: &Footprint, placements: &[Placement]) -> Option<FitWarning> {
    let short: Vec<String> = placements
        .iter()
        .filter_map(|p| {
            let needed = p.devices_needed.filter(|n| *n > 1)?;
            let capacity = p.capacity_bytes?;
            Some(format!(
                "{} holds {}, so the work takes at least {} of them",
                p.name,
                format::si(capacity, "B"),
                format::grouped(needed)
            ))
        })
        .collect();
    if short.is_empty() {
        return None;
    }
    // A part that holds the work on its own changes the headline: the work
    // is too big for some parts, not for one device.
    let one_fits = placements.iter().any(|p| p.devices_needed == Some(1));
    let (title, more_than) = if one_fits {
        (
            "Too big for some of these parts",
            "more than some of these parts hold",
        )
    } else {
        (
            "Too big for one device",
            "more than any of these parts holds",
        )
    };
    Some(FitWarning {
        title,
        text: format!(
            "This work needs {} for {}, {more_than}. {}. The times in the table assume one device could hold it all. Split across n devices, each does about 1/n of the work, and they must then exchange results over their links, which this explorer does not count.",
            format::si(footprint.bytes, "B"),
            footprint.what,
            short.join("; "),
        ),
    })
}

fn explain_footprint(
    precision: Precision,
    footprint: &Footprint,
    first: Option<&Placement>,
) -> Explanation {
    // Only the values the formula names: "V = Q" has no b.
    let mut bindings = vec![bytes_binding(precision)];
    bindings.extend(footprint.bindings.iter().cloned());
    let bindings = used_in(footprint.tex, &bindings);
    let needed = format::si(footprint.bytes, "B");
    let result = match first.and_then(|p| Some((p, p.capacity_bytes?, p.devices_needed?))) {
        Some((p, capacity, 1)) => format!(
            "{needed}: fits on one {} ({})",
            p.name,
            format::si(capacity, "B")
        ),
        Some((p, capacity, n)) => format!(
            "{needed}: at least {} × {} ({} each)",
            format::grouped(n),
            p.name,
            format::si(capacity, "B")
        ),
        None => needed,
    };
    Explanation {
        output: "footprint",
        label: "Memory needed",
        formula_tex: footprint.tex,
        bindings,
        result,
        note: footprint.note,
        source: footprint.source.clone(),
    }
}

/// A memory-bound part that still reaches this share of its peak sits near
/// its ridge: most of the compute paid for is used, so the warning about
/// wasted compute would overstate it (a 3×3 convolution on an H100 reaches
/// about 89%).
pub const WASTE_BELOW_SHARE: f64 = 0.8;

/// When a part with more peak compute is no faster, or barely faster, say so with numbers.
fn over_provisioning_warning(placements: &[Placement], precision: Precision) -> Option<String> {
    let rate = if precision == Precision::Int8 {
        "OPS"
    } else {
        "FLOP/s"
    };
    let memory_bound: Vec<&Placement> = placements
        .iter()
        .filter(|p| p.bound == Bound::Memory)
        .collect();
    let first = memory_bound.first()?;
    if placements.len() < 2 {
        if first.share_of_peak >= WASTE_BELOW_SHARE {
            return None;
        }
        return Some(format!(
            "Memory-bound: {} reaches only {}% of its peak here. Buying more {rate} would not help; more memory bandwidth, a bigger batch or fusing operations would.",
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
    if most_compute.bound != Bound::Memory
        || most_compute.id == least_compute.id
        || most_compute.share_of_peak >= WASTE_BELOW_SHARE
    {
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
    // When the smaller part sits at its compute roof, the speed-up is not the
    // bandwidth ratio, so the sentence says which roof caps each part.
    let because = if least_compute.bound == Bound::Compute {
        format!(
            "because {} is capped by its memory bandwidth ({}) while {} is at its compute roof",
            most_compute.name,
            format::si(most_compute.bandwidth_bytes_per_s, "B/s"),
            least_compute.name,
        )
    } else {
        format!(
            "because time here follows memory bandwidth ({} vs {})",
            format::si(most_compute.bandwidth_bytes_per_s, "B/s"),
            format::si(least_compute.bandwidth_bytes_per_s, "B/s"),
        )
    };
    Some(format!(
        "Memory-bound: {} has {}× the peak {rate} of {} {comparison}, {because}. Paying for compute that this work cannot use wastes money.",
        most_compute.name,
        format::significant_digits(compute_ratio, 2),
        least_compute.name,
    ))
}

/// b, the bytes per element at a precision, as the formulas show it.
fn bytes_binding(precision: Precision) -> Binding {
    Binding {
        symbol: "b",
        meaning: "bytes per element",
        value: format!("{} ({})", bytes_per_element(precision), precision.label()),
    }
}

/// Q, the bytes an operation moves to and from memory.
fn traffic_binding(bytes: f64) -> Binding {
    Binding {
        symbol: "Q",
        meaning: "bytes moved to and from memory",
        value: format!("{} B", format::scientific(bytes, 3)),
    }
}

/// The sizes a formula mentions, so each explanation lists only its own values.
fn used_in(tex: &str, bindings: &[Binding]) -> Vec<Binding> {
    bindings
        .iter()
        .filter(|binding| tex.contains(binding.symbol))
        .cloned()
        .collect()
}

/// What the byte count means, said once for every operation; the FLOPs panel
/// keeps the operation's own note, so the two panels do not repeat each other.
const TRAFFIC_NOTE: &str = "Bytes that cross between the chip and its main memory (HBM or DRAM), each tensor counted once as if the caches kept every reuse on chip. Real kernels move somewhat more, so the intensity is an upper bound.";

fn explain(
    input: &RooflineInput,
    work: &Work,
    intensity: f64,
    first: Option<&Placement>,
) -> Vec<Explanation> {
    let precision = input.precision;
    let f = Binding {
        symbol: "F",
        meaning: precision.work_noun(),
        value: format::scientific(work.flops, 3),
    };
    let q = traffic_binding(work.bytes);
    let mut explanations = vec![
        Explanation {
            output: "flops",
            label: precision.work_unit(),
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
            bindings: std::iter::once(bytes_binding(input.precision))
                .chain(used_in(work.bytes_tex, &work.bindings))
                .collect(),
            result: q.value.clone(),
            note: TRAFFIC_NOTE,
            source: work.source.clone(),
        },
        Explanation {
            output: "intensity",
            label: "Arithmetic intensity",
            formula_tex: "I = \\frac{F}{Q}",
            bindings: vec![f, q],
            result: precision.per_byte(intensity),
            note: "How many operations the work does for each byte it moves. Compare it with each accelerator's ridge point.",
            source: WILLIAMS_2009,
        },
    ];
    if let Some(p) = first {
        let peak = Binding {
            symbol: "P",
            meaning: "peak at this precision",
            value: precision.exact_rate(p.peak_flops_per_s),
        };
        let bw = Binding {
            symbol: "W",
            meaning: "memory bandwidth",
            value: format::si_digits(p.bandwidth_bytes_per_s, "B/s", 4),
        };
        let i = Binding {
            symbol: "I",
            meaning: "arithmetic intensity",
            value: precision.per_byte(intensity),
        };
        explanations.push(Explanation {
            output: "ridge",
            label: "Ridge point",
            formula_tex: "I^{*} = \\frac{P}{W}",
            bindings: vec![peak.clone(), bw.clone()],
            result: format!(
                "{} ({})",
                precision.per_byte(p.ridge_flops_per_byte),
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
            result: format!("{} ({})", precision.rate(p.attainable_flops_per_s), p.name),
            note: "The roofline: the slanted roof is bandwidth times intensity, the flat roof is peak compute. Real kernels land below both.",
            source: WILLIAMS_2009,
        });
    }
    explanations
}

mod resnet50;

#[cfg(test)]
mod tests;
