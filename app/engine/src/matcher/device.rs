//! One catalogue part as the matcher sees it, and the device rules that read
//! its figures: memory fit, attainable speed on the roofline, power against
//! the budget, listed framework support, availability, interconnect,
//! embedding capacity and price class.

use super::rules::{self, Rule, SMALL_BUDGET_USD};
use super::words;
use super::{Deployment, Family, Framework, MatcherInput, Phase};
use crate::hardware::{Accelerator, Class, Precision};
use crate::roofline;
use serde::Serialize;

/// Bytes per parameter to serve a model with 16-bit (BF16/FP16) weights.
pub const INFERENCE_BYTES_PER_PARAM: f64 = 2.0;
/// Bytes per parameter to train with mixed-precision Adam: BF16 weights and
/// gradients plus FP32 master weights, momentum and variance (ZeRO, Section 3.1).
pub const TRAINING_BYTES_PER_PARAM: f64 = 16.0;
/// A sum-pooled BF16 embedding lookup: one add per 2-byte element read.
pub const EMBEDDING_INTENSITY: f64 = 0.5;
/// Points the fastest part gets from `roofline_speed`, and the loss per factor of ten.
pub const SPEED_TOP: f64 = 15.0;
pub const SPEED_PER_DECADE: f64 = 5.0;
/// `power_fit` points: within the budget, and over it.
pub const POWER_WITHIN: i32 = 5;
pub const POWER_OVER: i32 = -50;
/// Points a part over the budget loses beyond `POWER_OVER` per factor of ten
/// over, up to `POWER_OVER_EXTRA_MAX`, so that of two parts over a 50 mW
/// budget the 2 W one ranks above the 60 W one.
pub const POWER_OVER_PER_DECADE: f64 = 5.0;
pub const POWER_OVER_EXTRA_MAX: f64 = 20.0;
/// `latency_floor` points when even the fastest possible step misses the target.
pub const LATENCY_FLOOR_MISSED: i32 = -25;
/// The widest split of one served model the floor allows: Pope et al. (2022)
/// serve PaLM 540B over 64 TPU v4 chips.
pub const WIDEST_SERVING_SPLIT: u32 = 64;
/// Pope et al. (2022), abstract: 29 ms per generated token for PaLM 540B
/// with int8 weights on 64 TPU v4 chips, each reading HBM at 1,200 GB/s
/// (Google's TPU v4 page, as the catalogue lists it). The weights' read time
/// there is 540 GB / 76.8 TB/s = 7.0 ms, so the measured step took about
/// four times its floor: a yardstick for how much the links add to a split.
pub const POPE_MEASURED_STEP_S: f64 = 0.029;
pub const POPE_READ_FLOOR_S: f64 = 540e9 / (64.0 * 1.2e12);

/// The figures of one part that the device rules read, copied from the catalogue.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Device {
    pub id: String,
    pub name: String,
    pub class: Class,
    pub tdp_w: Option<f64>,
    pub capacity_gb: Option<f64>,
    pub bandwidth_gb_s: Option<f64>,
    /// Dense peak in TFLOP/s (TOPS for int8) at `precision`.
    pub peak_tflops: Option<f64>,
    pub precision: Option<Precision>,
    /// The name of `precision` on this part ("FP16" for the 16-bit figure
    /// of a part with FP16 tensor cores only).
    pub precision_label: &'static str,
    /// Chips in the fast domain (NVLink, pod); 1 when the catalogue lists none.
    pub domain_size: u32,
    pub intra_gb_s: Option<f64>,
    pub inter_gb_s: Option<f64>,
    pub software: Vec<String>,
    /// Cloud TPUs and AWS chips exist only as cloud instances.
    pub cloud_only: bool,
    pub for_inference: bool,
    pub purchase_usd: Option<f64>,
}

impl Device {
    pub fn from_catalogue(acc: &Accelerator) -> Device {
        // BF16 is the format both training and serving use; parts that publish
        // only INT8 (the Edge TPU) or only FP32 are compared at that figure.
        let precision = [
            Precision::Bf16,
            Precision::Int8,
            Precision::Fp8,
            Precision::Fp32,
        ]
        .into_iter()
        .find(|p| acc.peak_tflops.get(*p).is_some());
        let interconnect = acc.interconnect.clone().unwrap_or_default();
        Device {
            id: acc.id.clone(),
            name: acc.name.clone(),
            class: acc.class,
            tdp_w: acc.tdp_w,
            capacity_gb: acc.memory.capacity_gb,
            bandwidth_gb_s: acc.memory.bandwidth_gb_s,
            peak_tflops: precision.and_then(|p| acc.peak_tflops.get(p)),
            precision,
            precision_label: precision.map_or(Precision::Bf16.label(), |p| acc.precision_label(p)),
            domain_size: interconnect.domain_size.unwrap_or(1).max(1),
            intra_gb_s: interconnect.intra_gb_s,
            inter_gb_s: interconnect.inter_gb_s,
            software: acc.software.clone(),
            cloud_only: acc.class == Class::Tpu || acc.vendor == "AWS",
            for_inference: acc.for_inference,
            purchase_usd: acc.price.and_then(|price| price.purchase_usd),
        }
    }
}

/// How much work the model does per byte it moves, for the roofline rule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Intensity {
    /// A known intensity in FLOP per byte, memory-bound below the ridge
    /// point, and the work it was counted for, which every memory-bound
    /// reason names.
    Known(f64, &'static str),
    /// Large dense work above every ridge point: the compute roof applies.
    ComputeRoof,
}

/// The workload's intensity, or `None` when the roofline says nothing about it:
/// the family is unknown, or it is not a dense FLOP workload (tree ensembles,
/// spiking networks).
pub fn intensity(input: &MatcherInput) -> Option<Intensity> {
    let served = input.phase == Phase::Inference;
    #[allow(clippy::cast_precision_loss)]
    let batch = input.batch_size.map(|b| b as f64);
    match input.model_family? {
        Family::Classical | Family::Spiking => None,
        // A served recommender at batch b, as the roofline explorer counts a
        // whole DLRM-DCNv2 in BF16: about 1 FLOP/byte for one sample, rising
        // towards 141 as the batch shares the dense weights. Training, and
        // serving at an unknown batch, fall back to the embedding lookups: the
        // explorer has no training count, and module 8 and the scenario cards
        // teach recommender training through its lookups and their all-to-all,
        // so a whole-model training count would contradict them. Each reason
        // says which of the two counts it used.
        Family::Recommender => Some(match batch {
            Some(batch) if served => whole_pass(
                roofline::Shape::RecommenderInference { batch },
                "a whole DLRM-DCNv2 pass at this batch",
            ),
            _ => Intensity::Known(EMBEDDING_INTENSITY, "its embedding lookups"),
        }),
        // Decoding reads every 2-byte weight once per step and does 2 FLOPs per
        // weight per sequence, so intensity ≈ batch FLOP/byte (Pope et al. 2022).
        Family::Llm if served => Some(batch.map_or(Intensity::ComputeRoof, |batch| {
            Intensity::Known(batch, "one decoding step at this batch")
        })),
        // A served CNN at batch b, as the roofline explorer counts a whole
        // ResNet-50 pass in BF16: the batch shares the weights but not the
        // activations, so intensity rises from about 76 to about 144 FLOP/byte.
        Family::Cnn if served => Some(batch.map_or(Intensity::ComputeRoof, |batch| {
            whole_pass(
                roofline::Shape::CnnInference { batch },
                "a whole ResNet-50 pass at this batch",
            )
        })),
        _ => Some(Intensity::ComputeRoof),
    }
}

/// The intensity of one of the roofline explorer's whole phases in BF16, so
/// the matcher and the explorer tell the learner the same number.
fn whole_pass(shape: roofline::Shape, what: &'static str) -> Intensity {
    let work = roofline::work(shape, Precision::Bf16);
    Intensity::Known(work.flops / work.bytes, what)
}

/// The workload's intensity and the highest attainable speed any part
/// reaches on it, worked out once per workload rather than once per part.
/// The fastest part is named so a reason can say what the yardstick is; that
/// clause is written once here, not once per part.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Speed<'a> {
    pub intensity: Intensity,
    pub best: f64,
    pub fastest: &'a Device,
    /// For example "; the fastest catalogued part, the Google Cloud TPU7x
    /// (Ironwood), reaches about 2,307 TFLOP/s (BF16)".
    pub yardstick: &'a str,
}

/// The clause that names the fastest part and its speed, for `Speed::yardstick`.
pub fn yardstick(fastest: &Device, best: f64) -> String {
    format!(
        "; the fastest catalogued part, the {}, reaches about {} {}",
        fastest.name,
        words::number(round3(best)),
        speed_unit(fastest)
    )
}

/// The unit a part's speed is counted in, with its precision, so a sentence
/// that sets an INT8 part beside a BF16 part says so.
pub fn speed_unit(device: &Device) -> String {
    let unit = device.precision.unwrap_or(Precision::Bf16).tera_rate_unit();
    format!("{unit} ({})", device.precision_label)
}

/// Attainable TFLOP/s on the roofline: min(peak, intensity × bandwidth).
pub fn attainable(device: &Device, intensity: Intensity) -> Option<f64> {
    let peak = device.peak_tflops?;
    match intensity {
        Intensity::ComputeRoof => Some(peak),
        Intensity::Known(flop_per_byte, _) => {
            let memory_roof = flop_per_byte * device.bandwidth_gb_s? / 1000.0;
            Some(peak.min(memory_roof))
        }
    }
}

/// One device rule's contribution: points and the sentence a learner reads.
#[derive(Debug, Clone)]
pub struct DeviceFiring {
    pub rule: &'static Rule,
    pub points: i32,
    pub reason: String,
}

/// Everything the device rules say about one part.
#[derive(Debug, Clone, Default)]
pub struct DeviceVerdict {
    pub fired: Vec<DeviceFiring>,
    /// Sentences that carry no points: figures the catalogue lacks, so a rule
    /// could not be checked, and facts such as a latency floor a target clears.
    pub notes: Vec<String>,
    /// Limits the learner set that the catalogue cannot check for this part
    /// (a power budget for a part with no power figure), also among `notes`.
    pub unchecked: Vec<String>,
}

impl DeviceVerdict {
    fn fire(&mut self, id: &str, points: i32, reason: String) {
        if points == 0 {
            self.notes.push(reason);
        } else if let Some(rule) = rules::find(id) {
            self.fired.push(DeviceFiring {
                rule,
                points,
                reason,
            });
        }
    }

    pub fn points(&self) -> i32 {
        self.fired.iter().map(|firing| firing.points).sum()
    }
}

fn stance(points: i32) -> &'static str {
    if points > 0 {
        "For"
    } else if points < 0 {
        "Against"
    } else {
        "Note"
    }
}

/// What the rules for one part need to know about the rest of the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct Peers<'a> {
    /// The data-centre accelerator (GPU, TPU or ASIC) with the lowest
    /// published power, and that power: the stand-in for those that publish none.
    pub least_power: Option<(&'a Device, f64)>,
}

impl<'a> Peers<'a> {
    pub fn of(devices: &'a [Device]) -> Peers<'a> {
        let least_power = devices
            .iter()
            .filter(|d| is_datacentre(d.class))
            .filter_map(|d| d.tdp_w.map(|w| (d, w)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        Peers { least_power }
    }
}

/// The classes whose missing power figure the stand-in covers.
fn is_datacentre(class: Class) -> bool {
    matches!(class, Class::Gpu | Class::Tpu | Class::Asic)
}

/// Applies every device rule to one part. `speed` is the workload's intensity
/// and the best attainable speed over the catalogue, when the roofline applies.
pub fn judge(
    input: &MatcherInput,
    device: &Device,
    speed: Option<Speed<'_>>,
    peers: Peers<'_>,
) -> DeviceVerdict {
    let mut verdict = DeviceVerdict::default();
    memory_fit(input, device, &mut verdict);
    roofline_speed(input, device, speed, &mut verdict);
    latency_floor(input, device, &mut verdict);
    power_fit(input, device, peers, &mut verdict);
    framework_listed(input, device, &mut verdict);
    cloud_only(input, device, &mut verdict);
    inference_part(input, device, &mut verdict);
    interconnect(input, device, &mut verdict);
    embedding_capacity(input, device, &mut verdict);
    flagship_over_budget(input, device, &mut verdict);
    verdict
}

/// The weights a part serves: 16-bit on a part that publishes a 16-bit (or
/// FP32) peak, 8-bit on one that publishes only 8-bit peaks (the Edge TPU runs
/// INT8 models only). The memory fit and the latency floor both read it, so a
/// part's weights have one size in every sentence about it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ServedWeights {
    bytes: f64,
    eight_bit: bool,
}

impl ServedWeights {
    fn on(device: &Device) -> ServedWeights {
        let eight_bit = matches!(device.precision, Some(Precision::Int8 | Precision::Fp8));
        ServedWeights {
            bytes: if eight_bit {
                1.0
            } else {
                INFERENCE_BYTES_PER_PARAM
            },
            eight_bit,
        }
    }

    fn bits(self) -> &'static str {
        if self.eight_bit {
            "8-bit"
        } else {
            "16-bit"
        }
    }

    /// What could still bring a missed floor under the target on this part.
    fn way_under(self) -> &'static str {
        if self.eight_bit {
            "this part runs 8-bit weights only, so only a smaller model could bring it under here"
        } else {
            "only fewer bytes per weight (8- or 4-bit) could bring it under on this part"
        }
    }
}

/// Bytes a part holds per parameter in this phase, and what they are called:
/// one rule for the memory fit and the note on an unbudgeted flagship.
fn held_per_param(phase: Phase, device: &Device) -> (f64, &'static str) {
    let served = ServedWeights::on(device);
    match phase {
        Phase::Training => (TRAINING_BYTES_PER_PARAM, "training state"),
        Phase::Inference if served.eight_bit => (served.bytes, "8-bit weights"),
        Phase::Inference => (served.bytes, "weights"),
    }
}

fn memory_fit(input: &MatcherInput, device: &Device, verdict: &mut DeviceVerdict) {
    let Some(params) = input.params else {
        return;
    };
    let (per_param, what) = held_per_param(input.phase, device);
    let need = params * per_param;
    let need_text = words::bytes(need);
    // A served LLM also holds a KV cache that grows with batch × context,
    // which the matcher has no inputs for, so its fit says what it counts.
    let cache = if input.phase == Phase::Inference && input.model_family == Some(Family::Llm) {
        " (weights only: the KV cache, which grows with batch size × context length, comes on top)"
    } else {
        ""
    };
    let Some(capacity_gb) = device.capacity_gb else {
        verdict.notes.push(format!(
            "Note: the catalogue lists no memory capacity for the {}, so the fit of {need_text} of {what} is unchecked.",
            device.name
        ));
        return;
    };
    let capacity = capacity_gb * 1e9;
    let domain = f64::from(device.domain_size);
    if need <= capacity {
        verdict.fire(
            "memory_fit",
            5,
            format!(
                "For: the {need_text} of {what} fit in the {} of one {}{cache}.",
                words::bytes(capacity),
                device.name
            ),
        );
    } else if need <= capacity * domain {
        let chips = crate::hardware::devices_needed(need, capacity);
        verdict.fire(
            "memory_fit",
            0,
            format!(
                "Note: the {need_text} of {what} need {} chips of the {}'s {}-chip fast domain{cache}.",
                words::grouped(chips),
                device.name,
                words::grouped(u64::from(device.domain_size))
            ),
        );
    } else {
        let points = match input.phase {
            Phase::Inference => -20,
            Phase::Training if device.inter_gb_s.is_some() => 0,
            Phase::Training => -10,
        };
        // What the model overflows: one chip when the part has no multi-chip
        // fast domain (T4, L4, Jetson), otherwise the whole domain.
        let limit = if device.domain_size <= 1 {
            format!(
                "the {} of one {}, which has no multi-chip fast domain in the catalogue",
                words::bytes(capacity),
                device.name
            )
        } else {
            format!(
                "the {} of a whole {}-chip domain of the {}",
                words::bytes(capacity * domain),
                device.domain_size,
                device.name
            )
        };
        let reason = match (input.phase, points) {
            (Phase::Training, 0) => format!(
                "Note: the {need_text} of {what} exceed {limit}, so they are spread over several, joined by their scale-out network."
            ),
            (Phase::Training, _) => format!(
                "Against: the {need_text} of {what} exceed {limit}, and the catalogue lists no scale-out network for it."
            ),
            _ => format!("Against: the {need_text} of {what} exceed {limit}."),
        };
        verdict.fire("memory_fit", points, reason);
    }
}

/// 15 points for the best part, 5 fewer per factor of ten slower, floor 0.
pub fn speed_points(attainable: f64, best: f64) -> i32 {
    if !(attainable > 0.0 && best > 0.0) {
        return 0;
    }
    let raw = SPEED_TOP + SPEED_PER_DECADE * (attainable / best).log10();
    // Clamped to [0, 15] before the cast, so it is exact.
    #[allow(clippy::cast_possible_truncation)]
    let points = raw.round().clamp(0.0, SPEED_TOP) as i32;
    points
}

/// Three significant figures, kept as a number so thousands get separators.
fn round3(value: f64) -> f64 {
    crate::format::significant_digits(value, 3)
        .parse()
        .unwrap_or(value)
}

fn roofline_speed(
    input: &MatcherInput,
    device: &Device,
    speed: Option<Speed<'_>>,
    verdict: &mut DeviceVerdict,
) {
    let Some(Speed {
        intensity,
        best,
        fastest,
        yardstick,
    }) = speed
    else {
        return;
    };
    // A small served model finishes in microseconds on any part (the course's
    // fraud-scoring scenario): peak speed buys nothing there.
    let small = input.params.is_some_and(|p| p <= rules::SMALL_MODEL_PARAMS);
    if small && input.phase == Phase::Inference {
        return;
    }
    let Some(reached) = attainable(device, intensity) else {
        return;
    };
    let points = speed_points(reached, best);
    let bound = match intensity {
        Intensity::Known(i, what) if device.peak_tflops.is_some_and(|peak| reached < peak) => {
            format!("memory-bound at {} FLOP/byte ({what})", words::number(i))
        }
        _ => "at its compute roof".to_string(),
    };
    let unit = speed_unit(device);
    let yardstick = if fastest.id == device.id {
        ", and no catalogued part is faster on it"
    } else {
        yardstick
    };
    // Speed points set a part's own precision against the fastest part's;
    // when those differ the sentence says that one operation counts as one.
    let mixed = if fastest.precision_label == device.precision_label {
        String::new()
    } else {
        format!(
            " (speed points count one {} operation as one {} operation)",
            device.precision_label, fastest.precision_label
        )
    };
    verdict.fire(
        "roofline_speed",
        points,
        format!(
            "{}: the {} reaches about {} {unit} on this workload, {bound}{yardstick}{mixed}.",
            stance(points),
            device.name,
            words::number(round3(reached)),
        ),
    );
}

/// The least time one step of a served transformer can take on `chips` of a
/// part: every weight read once from memory, and 2 operations per weight
/// per sequence at peak, both spread evenly over the chips. Queueing, prefill
/// and the links between chips only add to it.
struct StepFloor {
    seconds: f64,
    chips: u32,
    /// Whether reading the weights, rather than the arithmetic, sets the floor.
    read_bound: bool,
}

fn step_floor(weights: f64, flops: f64, device: &Device, chips: u32) -> Option<StepFloor> {
    let bandwidth = device.bandwidth_gb_s? * 1e9;
    let peak = device.peak_tflops? * 1e12;
    let spread = f64::from(chips);
    let read = weights / (bandwidth * spread);
    let math = flops / (peak * spread);
    Some(StepFloor {
        seconds: read.max(math),
        chips,
        read_bound: read >= math,
    })
}

impl StepFloor {
    /// "on one NVIDIA H100" or "spread over 8 NVIDIA H100 chips".
    fn place(&self, device: &Device) -> String {
        if self.chips == 1 {
            format!("on one {}", device.name)
        } else {
            format!("spread over {} {} chips", self.chips, device.name)
        }
    }

    /// What sets the floor, in words, with the figures plugged in.
    fn why(&self, device: &Device, weights: f64, flops: f64) -> String {
        if self.read_bound {
            format!(
                "reading {} of weights at {} GB/s per chip",
                words::bytes(weights),
                words::number(device.bandwidth_gb_s.unwrap_or_default())
            )
        } else {
            // A part counted in TOPS does integer operations, not FLOPs.
            let work = match device.precision {
                Some(Precision::Int8) => {
                    format!("{} operations", crate::format::scientific(flops, 3))
                }
                _ => crate::format::si(flops, "FLOP"),
            };
            format!(
                "doing {work} of arithmetic at {} {} per chip",
                words::number(device.peak_tflops.unwrap_or_default()),
                speed_unit(device)
            )
        }
    }
}

/// Compares the p99 target of a served transformer with the least time one
/// step can take: a target below that floor cannot be met by any software.
fn latency_floor(input: &MatcherInput, device: &Device, verdict: &mut DeviceVerdict) {
    if input.phase != Phase::Inference {
        return;
    }
    let step = match input.model_family {
        Some(Family::Llm) => "decoding step",
        Some(Family::Transformer) => "forward pass",
        _ => return,
    };
    let (Some(target_ms), Some(params)) = (input.latency_p99_ms, input.params) else {
        return;
    };
    // An unknown batch is taken as one sequence, the case with the lowest floor.
    #[allow(clippy::cast_precision_loss)]
    let batch = input.batch_size.map_or(1.0, |b| b as f64);
    let served = ServedWeights::on(device);
    let bits = served.bits();
    let weights = params * served.bytes;
    let flops = 2.0 * params * batch;
    let domain = device.domain_size.max(1);
    let needed = device
        .capacity_gb
        .map_or(1, |gb| crate::hardware::devices_needed(weights, gb * 1e9));
    // Weights that overflow the fast domain would be spread over the slower
    // scale-out network too, which this floor does not model; the memory rule
    // already says they do not fit, so the floor stays silent.
    let Ok(fewest) = u32::try_from(needed) else {
        return;
    };
    if fewest > domain {
        return;
    }
    // The fewest chips that hold the weights, and the widest split one model
    // replica is given in published serving work, or the whole domain if smaller.
    let widest = domain.min(WIDEST_SERVING_SPLIT).max(fewest);
    let (Some(least), Some(split)) = (
        step_floor(weights, flops, device, fewest),
        step_floor(weights, flops, device, widest),
    ) else {
        return;
    };
    // Written as the form takes it, as the class rules write it: "0.5 ms".
    let target = format!("{} ms", words::number(target_ms));
    let time = |floor: &StepFloor| crate::format::milliseconds(floor.seconds * 1e3);
    let target_s = target_ms / 1e3;
    // A p99 target may cover a whole reply; a step is its least part.
    let rest = match (input.model_family, least.chips > 1) {
        (Some(Family::Llm), false) => "a reply of n tokens takes n such steps, and queueing and prefill add to them",
        (Some(Family::Llm), true) => "a reply of n tokens takes n such steps, and queueing, prefill and the links between chips add to them",
        (_, false) => "queueing adds to it",
        (_, true) => "queueing and the links between chips add to it",
    };
    if least.seconds <= target_s {
        verdict.fire(
            "latency_floor",
            0,
            format!(
                "Note: with {bits} weights, one {step} of this model takes at least {} {}, {}, within the {target} p99 target; {rest}.{}",
                time(&least),
                least.place(device),
                least.why(device, weights, flops),
                if least.chips > 1 {
                    format!(" {}", measured_split())
                } else {
                    String::new()
                }
            ),
        );
    } else if split.seconds <= target_s {
        verdict.fire(
            "latency_floor",
            0,
            format!(
                "Note: with {bits} weights, one {step} of this model takes at least {} {}, over the {target} p99 target, but {} {}, within it before the links between chips add their share. {}",
                time(&least),
                least.place(device),
                time(&split),
                split.place(device),
                measured_split()
            ),
        );
    } else {
        verdict.fire(
            "latency_floor",
            LATENCY_FLOOR_MISSED,
            format!(
                "Against: with {bits} weights, one {step} of this model takes at least {} {}, {}, over the {target} p99 target; {}.",
                time(&split),
                split.place(device),
                split.why(device, weights, flops),
                served.way_under()
            ),
        );
    }
}

/// What a published split measured against its floor, so a floor that fits
/// only when spread over many chips is not read as a promise.
fn measured_split() -> String {
    format!(
        "For scale: Pope et al. measured {} per token for PaLM 540B with 8-bit weights on 64 TPU v4 chips, about {}× the {} its weights take to read there.",
        crate::format::milliseconds(POPE_MEASURED_STEP_S * 1e3),
        words::number((POPE_MEASURED_STEP_S / POPE_READ_FLOOR_S * 10.0).round() / 10.0),
        crate::format::milliseconds(POPE_READ_FLOOR_S * 1e3),
    )
}

/// `POWER_OVER`, less `POWER_OVER_PER_DECADE` for each factor of ten the
/// draw exceeds the budget, capped at `POWER_OVER_EXTRA_MAX`.
pub fn over_budget_points(draw_w: f64, budget_w: f64) -> i32 {
    let decades = (draw_w / budget_w).log10();
    if !decades.is_finite() {
        return POWER_OVER;
    }
    // Clamped to [0, 20] before the cast, so it is exact.
    #[allow(clippy::cast_possible_truncation)]
    let extra = (POWER_OVER_PER_DECADE * decades)
        .round()
        .clamp(0.0, POWER_OVER_EXTRA_MAX) as i32;
    POWER_OVER - extra
}

fn power_fit(input: &MatcherInput, device: &Device, peers: Peers<'_>, verdict: &mut DeviceVerdict) {
    let Some(budget) = input.power_budget_w else {
        return;
    };
    match device.tdp_w {
        Some(tdp) if tdp <= budget => verdict.fire(
            "power_fit",
            POWER_WITHIN,
            format!(
                "For: the {} draws at most {}, within the {} budget.",
                device.name,
                words::watts(tdp),
                words::watts(budget)
            ),
        ),
        Some(tdp) => verdict.fire(
            "power_fit",
            over_budget_points(tdp, budget),
            format!(
                "Against: the {} draws up to {}, over the {} budget, so it cannot run within it.",
                device.name,
                words::watts(tdp),
                words::watts(budget)
            ),
        ),
        None => {
            // A data-centre accelerator that publishes no power figure is not
            // let off a budget below what every such part that does publish
            // one draws; otherwise missing data would beat a known figure.
            let stand_in = peers
                .least_power
                .filter(|(_, least_w)| is_datacentre(device.class) && *least_w > budget);
            match stand_in {
                Some((least, least_w)) => verdict.fire(
                    "power_fit",
                    over_budget_points(least_w, budget),
                    format!(
                        "Against: the catalogue lists no power figure for the {}, but no GPU, TPU or ASIC in it draws less than the {}'s {}, over the {} budget, so it is taken to be over it too.",
                        device.name,
                        least.name,
                        words::watts(least_w),
                        words::watts(budget)
                    ),
                ),
                None => {
                    let note = format!(
                        "Note: the catalogue lists no power figure for the {}, so the {} budget is unchecked.",
                        device.name,
                        words::watts(budget)
                    );
                    verdict.unchecked.push(format!(
                        "The catalogue lists no power figure for the {}, so the {} budget could not be checked.",
                        device.name,
                        words::watts(budget)
                    ));
                    verdict.notes.push(note);
                }
            }
        }
    }
}

/// Software names that count as support for a framework, lower case.
pub fn framework_aliases(framework: Framework) -> &'static [&'static str] {
    match framework {
        Framework::Pytorch => &["pytorch", "vitis ai"],
        Framework::Tensorflow => &["tensorflow", "vitis ai"],
        Framework::Jax => &["jax"],
        Framework::Onnx => &["onnx", "tensorrt", "vitis ai"],
    }
}

fn framework_listed(input: &MatcherInput, device: &Device, verdict: &mut DeviceVerdict) {
    let Some(framework) = input.framework else {
        return;
    };
    // A row that lists no software says nothing about frameworks, and the
    // matcher scores only what the catalogue says; "no path" would be a guess.
    if device.software.iter().all(|name| name.trim().is_empty()) {
        return;
    }
    let aliases = framework_aliases(framework);
    let listed = device.software.iter().find(|name| {
        let lower = name.to_lowercase();
        aliases.iter().any(|alias| lower.contains(alias))
    });
    match listed {
        Some(name) => verdict.fire(
            "framework_listed",
            4,
            format!(
                "For: the {} lists {name}, a path for {} models.",
                device.name,
                framework.label()
            ),
        ),
        None => verdict.fire(
            "framework_listed",
            -6,
            format!(
                "Against: the {}'s software ({}) lists no path for {} models, so expect a conversion or port.",
                device.name,
                device.software.join(", "),
                framework.label()
            ),
        ),
    }
}

fn cloud_only(input: &MatcherInput, device: &Device, verdict: &mut DeviceVerdict) {
    let place = match input.deployment {
        Some(Deployment::OnPrem) => "your own data centre",
        Some(Deployment::Edge) => "a device in the field",
        _ => return,
    };
    if device.cloud_only {
        verdict.fire(
            "cloud_only",
            -40,
            format!(
                "Against: the {} is not offered for sale to ordinary buyers; it is rented as a cloud instance, not installed in {place}.",
                device.name
            ),
        );
    }
}

fn inference_part(input: &MatcherInput, device: &Device, verdict: &mut DeviceVerdict) {
    if !device.for_inference {
        return;
    }
    match input.phase {
        Phase::Inference => verdict.fire(
            "inference_part",
            6,
            format!(
                "For: the {} is built and sold for inference, the economical choice for serving.",
                device.name
            ),
        ),
        Phase::Training => verdict.fire(
            "inference_part",
            -20,
            format!(
                "Against: the {} is built for inference, not training.",
                device.name
            ),
        ),
    }
}

fn interconnect(input: &MatcherInput, device: &Device, verdict: &mut DeviceVerdict) {
    let large = input.params.is_some_and(|p| p >= 1e9);
    if input.phase != Phase::Training || !large {
        return;
    }
    let Some(link) = device.intra_gb_s else {
        return;
    };
    let points = if link >= 1000.0 {
        6
    } else if link >= 600.0 {
        5
    } else if link >= 300.0 {
        3
    } else if link >= 100.0 {
        1
    } else {
        0
    };
    if points > 0 {
        verdict.fire(
            "interconnect",
            points,
            format!(
                "For: the {} links chips at {} GB/s each, for the gradient exchange every training step needs.",
                device.name,
                words::number(link)
            ),
        );
    }
}

fn embedding_capacity(input: &MatcherInput, device: &Device, verdict: &mut DeviceVerdict) {
    if input.model_family != Some(Family::Recommender) {
        return;
    }
    let Some(capacity) = device.capacity_gb else {
        return;
    };
    let points = if capacity >= 128.0 {
        6
    } else if capacity >= 64.0 {
        4
    } else if capacity >= 32.0 {
        2
    } else {
        0
    };
    if points > 0 {
        verdict.fire(
            "embedding_capacity",
            points,
            format!(
                "For: {} GB per chip holds large embedding shards, so fewer chips exchange rows.",
                words::number(capacity)
            ),
        );
    }
}

/// Below this share of a flagship's memory, a model is small enough for a
/// far cheaper part, and the matcher says so when no budget prices it in.
pub const SMALL_FOR_FLAGSHIP: f64 = 0.1;

/// With no budget, points follow speed, so a small job's top part can be a
/// 1,000 W flagship; a note says the job would fit a far smaller card. Only
/// the ranking's top part gets it, and only when no power budget or edge
/// deployment already speaks against such a part.
pub fn unbudgeted_flagship_note(input: &MatcherInput, device: &Device) -> Option<String> {
    let (Some(params), Some(capacity_gb)) = (input.params, device.capacity_gb) else {
        return None;
    };
    let flagship = device.tdp_w.is_some_and(|w| w >= 500.0);
    let (per_param, what) = held_per_param(input.phase, device);
    let need = params * per_param;
    let free_to_pick = input.budget_usd.is_none()
        && input.power_budget_w.is_none()
        && input.deployment != Some(Deployment::Edge);
    (free_to_pick && flagship && need <= SMALL_FOR_FLAGSHIP * capacity_gb * 1e9).then(|| {
        format!(
            "Note: with no budget set, points follow speed, so the {} leads, though this model's {} of {what} would fit a far smaller, cheaper card; a budget would weigh that.",
            device.name,
            words::bytes(need)
        )
    })
}

/// Board power from which an unpriced part counts as a data-centre card.
const DATA_CENTRE_CARD_W: f64 = 250.0;

fn flagship_over_budget(input: &MatcherInput, device: &Device, verdict: &mut DeviceVerdict) {
    let Some(budget) = input.budget_usd.filter(|b| *b < SMALL_BUDGET_USD) else {
        return;
    };
    let flagship = device.tdp_w.is_some_and(|w| w >= 500.0);
    let priced_out = device.purchase_usd.is_some_and(|price| price > budget);
    // Most data-centre parts publish no price. Power is the one figure that
    // tells a data-centre card from a small inference card, so a part of
    // 250 W or more with no price is not taken to fit a small budget.
    let unpriced_card = device.purchase_usd.is_none()
        && device.tdp_w.filter(|w| *w >= DATA_CENTRE_CARD_W).is_some();
    if flagship || priced_out || unpriced_card {
        let why = match (device.purchase_usd, device.tdp_w) {
            (Some(price), _) if priced_out => format!("lists at {}", crate::format::usd(price)),
            _ if flagship => {
                "is a 500 W-plus module sold only in multi-accelerator servers (4- or 8-way)"
                    .to_string()
            }
            (_, Some(watts)) => format!(
                "publishes no price, and a {} W data-centre card is unlikely to fit (check a quote)",
                crate::format::plain_number(watts)
            ),
            (_, None) => "publishes no price".to_string(),
        };
        verdict.fire(
            "flagship_over_budget",
            -10,
            format!(
                "Against: the {} {why}, beyond a {} budget.",
                device.name,
                crate::format::usd(budget)
            ),
        );
    }
}
