//! The workload matcher: which class of hardware, and which catalogue part,
//! suits a described ML workload, with every point explained.
//!
//! It turns the course's eight questions (phase, model family, bottleneck,
//! latency, throughput, power and place, software and rate of change, budget)
//! into a table of named rules. A **class rule** reads only the workload and
//! gives fixed points to each hardware class; a **device rule** also reads one
//! catalogue part's figures (memory, bandwidth, peak, TDP, software list). A
//! part's score is the sum of the class rules for its class plus its own
//! device rules; a class's score is that of its best part. Nothing is random
//! and nothing is weighted by hand per scenario: the same input always gives
//! the same ranking. Classes that tie keep the order below (GPU, TPU, ASIC,
//! FPGA, CPU, edge, neuromorphic); parts that tie go to the one that attains
//! more on the workload, then to catalogue order.
//!
//! This is a teaching heuristic, not a benchmark: the points are round numbers
//! that encode the reasoning of the course and its sources, so a learner can
//! see *why* a class wins and what would flip it. Benchmark your own model.
//!
//! # Input
//!
//! Every key but `phase` is optional; left empty it is *unknown*, and every
//! rule that reads it stays silent. Choices are case-insensitive.
//!
//! | key | meaning | values | widget default |
//! |---|---|---|---|
//! | `phase` (required) | what the hardware does | `training`, `inference` | `training` |
//! | `model_family` | kind of model | `cnn`, `transformer`, `llm`, `recommender`, `classical`, `spiking` | `cnn` |
//! | `params` | parameters | 1 to 1e15 | 25e6 (ResNet-50 has 25.6 million) |
//! | `batch_size` | samples per step or per served batch | whole, 1 to 1e7 | 256 |
//! | `latency_p99_ms` | p99 latency target (inference only) | above 0, up to 1e7 | empty |
//! | `throughput_per_s` | requests per second to serve (inference only) | above 0, up to 1e12 | empty |
//! | `power_budget_w` | watts the hardware may draw | above 0, up to 1e9 | empty |
//! | `deployment` | where it runs | `cloud`, `on_prem`, `edge` | empty |
//! | `framework` | code or model format | `pytorch`, `tensorflow`, `jax`, `onnx` | `pytorch` |
//! | `model_update` | how often the model changes | `never`, `rarely`, `monthly`, `weekly`, `daily` | empty |
//! | `budget_usd` | hardware budget in dollars | 0 to 1e12 | empty |
//! | `utilization` | share of hours the hardware is busy | 0 to 1 | empty |
//!
//! The widget's defaults are the seed's first example, a CNN trained on
//! labelled images; `MatcherForm::unknown()` leaves everything but the phase
//! empty, which is what `lab match` and the scenario cards start from.
//!
//! # Output
//!
//! `ranking`: one entry per hardware class in the catalogue, best first, each
//! with its best `device` (id and name), `score`, `reasons` (sentences for and
//! against, strongest first, then notes on figures the catalogue lacks),
//! `rules` (each fired rule's id and points, which sum to the score) and
//! `devices` (every part of the class with its score, best first). Also
//! `unknown` (the keys left empty), `note`, `explanations` (the top score
//! as a sum of its rules, and its lead over the runner-up), `limits_unmet`
//! (the limits the learner set that even the top part breaks: the
//! `HARD_LIMIT_RULES` that fired against it) and `limits_unchecked` (a
//! power budget the catalogue has no figure to check for the top part).
//! When no budget, power budget or edge deployment is set and the top part
//! is a 500 W-plus flagship using under a tenth of its memory, its reasons
//! end with a note that a far cheaper card would hold the model.
//!
//! # Assumptions
//!
//! Serving holds 2 bytes per parameter (BF16 weights), or 1 on a part that
//! publishes only 8-bit peaks, and the fit of a served LLM counts weights
//! only, saying its KV cache comes on top; training holds 16
//! (mixed-precision Adam, Rajbhandari et al. 2020). Speed is compared at BF16,
//! or at the first precision a part publishes of INT8, FP8 and FP32; one
//! operation counts as one, and the reason names both precisions and the
//! fastest part it is measured against, calling a BF16 figure FP16 on a part
//! marked `fp16_only`. Intensity: LLM decoding at batch b
//! about b FLOP/byte; CNN serving at batch b as the roofline explorer counts a
//! whole ResNet-50 pass in BF16 (about 76 FLOP/byte at batch 1, levelling off
//! near 144); recommender serving at batch b as it counts a whole DLRM-DCNv2
//! (about 1 FLOP/byte at batch 1, levelling off near 141); recommender
//! training, or serving at an unknown batch, by its embedding lookups alone
//! (0.5 FLOP/byte); other dense work at the compute roof. Cloud TPUs and AWS
//! chips count as cloud-only.
//!
//! # Rules
//!
//! Class points are listed as GPU / TPU / ASIC / FPGA / CPU / edge / neuromorphic.
//!
//! | id | condition | points | rationale | source |
//! |---|---|---|---|---|
//! | `training` | phase = training, unless model_family = classical or spiking | +20 / +15 / +10 / −25 / −10 / −30 / −30 | Training keeps weights, gradients and optimizer state in memory for days; GPUs and TPUs are built for it, CPUs suit only quick simple models, and the catalogue's FPGA, edge and neuromorphic parts are inference or research parts. | Google Cloud, Introduction to Cloud TPU |
//! | `scale_large` | params ≥ 1e10 | +10 / +10 / +5 / −20 / −20 / −20 / −20 | Tens of billions of parameters need many HBM accelerators joined by fast links. | Llama 3 Herd of Models |
//! | `scale_small` | inference, params ≤ 1e7 | −5 / −10 / −5 / +5 / +10 / +10 / +5 | Models well under a million parameters run on microcontrollers; up to ten million on small accelerators and CPUs. | Banbury et al. 2021, MLPerf Tiny |
//! | `family_cnn` | model_family = cnn | +15 / +8 / +5 / +5 / −5 / +10 / −10 | Convolutions are dense, high-intensity math; cuDNN and the Edge TPU compiler are built around CNNs. | Chetlur et al. 2014, cuDNN |
//! | `family_transformer` | model_family = transformer | +12 / +15 / +8 / −5 / −5 / −5 / −10 | Matrix-dominated models with fixed shapes are the first TPU workload Google lists. | Google Cloud, Introduction to Cloud TPU |
//! | `family_llm` | model_family = llm | +15 / +12 / +8 / −15 / −15 / −15 / −20 | LLMs need large HBM and fast links to shard across chips. | Llama 3 Herd of Models |
//! | `family_recommender` | model_family = recommender | +12 / +10 / +5 / −10 / +5 / −20 / −20 | Embedding tables outgrow one device and are sharded over HBM, DDR and SSD. | Mudigere et al. 2022 |
//! | `family_classical` | model_family = classical | +5 / −20 / −20 / −10 / +35 / −5 / −20 | Tree ensembles lead on tabular data and run well on CPUs; XGBoost also uses GPUs; branchy code does not suit TPUs. | Grinsztajn et al. 2022 |
//! | `family_spiking` | model_family = spiking | −15 / −20 / −20 / −10 / +5 / −10 / +60 | Spiking networks run natively, event by event, only on neuromorphic chips. | Davies et al. 2021, Loihi survey |
//! | `research_only` | always | 0 / 0 / 0 / 0 / 0 / 0 / −15 | Loihi 2 is a research chip, not a product. | Intel Newsroom, Loihi 2 |
//! | `memory_bound_decode` | inference, llm, batch_size ≤ 16 | +5 / +3 / +3 / −5 / −10 / −10 / 0 | Decoding at batch b does about b FLOP per byte, so bandwidth sets the speed. | Pope et al. 2022 |
//! | `batch_large` | batch_size ≥ 64 | +8 / +8 / +5 / −10 / −10 / −10 / −5 | Large batches raise intensity toward the ridge point, where wide matrix units pay off. | Williams et al. 2009, Roofline |
//! | `latency_sub_ms` | inference, latency_p99_ms ≤ 1, batch_size ≤ 4 | −5 / −15 / +5 / +18 / +5 / 0 / 0 | Fixed pipelines serve batch 1 in real time; sub-millisecond budgets leave no room for batching. | Chung et al. 2018, Brainwave |
//! | `latency_tight` | inference, latency_p99_ms ≤ 5, batch_size ≤ 16 | 0 / −8 / +3 / +3 / +5 / +5 / 0 | Single-stream serving is judged on its tail; any part close to the request without a batching window meets a few milliseconds. | Reddi et al. 2020, MLPerf Inference |
//! | `throughput_high` | inference, throughput_per_s ≥ 1000 | +8 / +5 / +12 / +3 / −5 / −15 / −15 | Steady volume is judged on cost per inference, which serving parts are built to lower. | AWS Neuron, Inf2 Inference Performance |
//! | `throughput_low` | inference, throughput_per_s ≤ 10 | −5 / −10 / −5 / −10 / +10 / +5 / 0 | A trickle of requests leaves an accelerator idle; CPUs serve it. | Google Cloud, Introduction to Cloud TPU |
//! | `power_tight` | 1 < power_budget_w ≤ 30 | −20 / −25 / −20 / −10 / −15 / +25 / +10 | Edge parts run in a few watts; data-centre parts draw 70–1,000 W. | Coral Edge TPU FAQ |
//! | `power_milliwatt` | power_budget_w ≤ 1 | −30 / −35 / −30 / −20 / −25 / +30 / +30 | Milliwatt sensing belongs to microcontrollers and event-driven chips; the rule replaces `power_tight` at a watt or less and carries its points. | LiteRT for Microcontrollers |
//! | `deploy_edge` | deployment = edge | −25 / −40 / −30 / 0 / −10 / +30 / +5 | Cloud and data-centre parts do not go inside devices; Jetson and Coral do. | Google Cloud, Introduction to Cloud TPU |
//! | `deploy_cloud` | deployment = cloud | +5 / +10 / +10 / −5 / 0 / −25 / −20 | TPUs and AWS chips are rented only there; edge and research parts are not rented. | AWS Neuron, Inf2 Architecture |
//! | `deploy_on_prem` | deployment = on_prem | +10 / 0 / 0 / +5 / +5 / −15 / −10 | Owned hardware is bought from many vendors and amortised; edge modules are not racked. | Barroso et al. 2018 |
//! | `framework_pytorch` | framework = pytorch | +10 / −5 / 0 / −5 / +5 / 0 / −10 | Eager PyTorch is most mature on CUDA; PyTorch/XLA recompiles on new shapes. | PyTorch/XLA, Troubleshooting recompilations |
//! | `framework_tensorflow` | framework = tensorflow | +5 / +12 / 0 / −5 / +5 / +8 / −10 | TensorFlow compiles to TPUs (XLA) and to the Edge TPU (TensorFlow Lite). | Coral, TensorFlow models on the Edge TPU |
//! | `framework_jax` | framework = jax | +5 / +20 / 0 / −10 / 0 / −15 / −10 | JAX is built on XLA; TPUs are its home, GPUs and CPUs supported. | JAX documentation, Installation |
//! | `framework_onnx` | framework = onnx | +5 / −10 / 0 / +8 / +10 / +5 / −10 | ONNX Runtime reaches CPUs, GPUs, edge NPUs and FPGAs, not TPUs. | ONNX Runtime, Execution Providers |
//! | `updates_frequent` | model_update = weekly or daily | +10 / −5 / −10 / −30 / +5 / −5 / −10 | Compiled paths recompile on every change; an FPGA build takes hours. | AMD Vitis tutorial, Building the Device Binary |
//! | `updates_fixed` | model_update = never or rarely | 0 / +3 / +8 / +12 / 0 / +5 / 0 | Compile and FPGA-build costs are paid once for a frozen model; Catapult chose FPGAs because services change fast. | Putnam et al. 2014, Catapult |
//! | `rent_when_idle` | inference, cloud, utilization < 0.4 | −5 / 0 / +10 / −10 / +5 / 0 / 0 | Mostly idle capacity is rented in the smallest unit (one Inferentia2 chip, or CPU). | AWS Neuron, Inf2 Architecture |
//! | `buy_when_busy` | on_prem, utilization ≥ 0.7 | +12 / 0 / 0 / +3 / +5 / 0 / 0 | Capital spread over many busy hours pays back; GPUs are the most reusable part to own. | Barroso et al. 2018 |
//! | `budget_small` | budget_usd < 25000 | −5 / 0 / 0 / −10 / +8 / +10 / −5 | A flagship GPU is assumed to cost about $30,000; small budgets point to CPUs, edge parts or renting. | Course assumption (seed's H100 price) |
//!
//! Device rules (points depend on the part's catalogue figures):
//!
//! | id | condition | points | rationale | source |
//! |---|---|---|---|---|
//! | `memory_fit` | params known, capacity listed | +5 fits one chip; 0 fits the fast domain; else −20 (inference) or −10 (training without a listed scale-out network) | Weights (2 B/param; 1 on a part with only 8-bit peaks; a served LLM's KV cache on top) or training state (16 B/param) must fit or be sharded over fast links. | Rajbhandari et al. 2020, ZeRO |
//! | `roofline_speed` | dense model family known, not a served model of ≤ 1e7 parameters, peak listed | 15 for the fastest part, −5 per factor of ten slower, floor 0 | Attainable = min(peak, intensity × bandwidth). | Williams et al. 2009, Roofline |
//! | `latency_floor` | inference, llm or transformer, latency_p99_ms and params known, bandwidth and peak listed, weights within the fast domain | −25 if, with 16-bit weights (8-bit on a part that publishes only 8-bit peaks), one step misses the target even spread over up to 64 chips of the fast domain; else a note with the floor | A step reads every weight once, so it takes at least weight bytes ÷ bandwidth; PaLM 540B was served over 64 chips. | Pope et al. 2022 |
//! | `power_fit` | power_budget_w known, TDP listed (or a GPU, TPU or ASIC without one, under a budget every published one exceeds) | +5 within; −50 over, −5 more per factor of ten over (at most −20 more) | A part over the budget cannot run within it; −50 outweighs every power bonus (at most +30); such a part without a figure is scored at the lowest one published. | Fan et al. 2007 |
//! | `framework_listed` | framework known | +4 listed; −6 not | Listed support works on day one; anything else means a port. | The catalogue's `software` lists |
//! | `cloud_only` | on_prem or edge, Cloud TPU or AWS part | −40 | These parts are rented, not offered for sale to ordinary buyers. | AWS Neuron, Inf2 Architecture |
//! | `inference_part` | part marked `for_inference` | +6 inference; −20 training | Serving parts are economical for inference, wrong for training. | The catalogue's `for_inference` flags |
//! | `interconnect` | training, params ≥ 1e9, link listed | +6 ≥ 1,000 GB/s; +5 ≥ 600; +3 ≥ 300; +1 ≥ 100 | Every step all-reduces the gradients over these links. | Patarasuk and Yuan 2009 |
//! | `embedding_capacity` | recommender, capacity listed | +6 ≥ 128 GB; +4 ≥ 64; +2 ≥ 32 | Bigger memories mean fewer embedding shards and less all-to-all traffic. | Mudigere et al. 2022 |
//! | `flagship_over_budget` | budget_usd < 25000 | −10 for 500 W-plus modules, a listed price above the budget, or no price on a 250 W-plus card | Such modules sell only in 4- or 8-way servers; data-centre cards publish no price. | Course assumption (an article's H100 price) |

mod device;
mod fires;
mod form;
pub mod rules;
mod sources;
#[cfg(test)]
mod tests;
mod words;

pub use device::{attainable, intensity, Device, Intensity};
pub use form::*;
pub use rules::{table, ClassPoints, Rule, RuleView, Scope, CLASSES, RULES};
pub use sources::COURSE_MATCHING;

use crate::explain::{Binding, Explanation};
use crate::hardware::Class;
use serde::Serialize;

pub const SLUG: &str = "matcher";

/// Shown with every result.
pub const NOTE: &str = "A teaching heuristic, not a benchmark: the points are round numbers that encode the course's reasoning and its sources, so the ranking says which class to benchmark first, not which will win. Measure your own model on your own shapes before you buy.";

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeviceRef {
    pub id: String,
    pub name: String,
}

/// One rule that fired for a class's best part, with its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FiredRule {
    pub rule: &'static str,
    pub points: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeviceScore {
    pub id: String,
    pub name: String,
    pub score: i32,
}

/// One hardware class: its best part and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassRanking {
    pub class: Class,
    pub label: &'static str,
    pub device: DeviceRef,
    /// The sum of `rules`.
    pub score: i32,
    pub reasons: Vec<String>,
    pub rules: Vec<FiredRule>,
    /// Every part of this class, best first (equal scores: the faster part on
    /// this workload first, then catalogue order).
    pub devices: Vec<DeviceScore>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatcherOutput {
    /// One entry per class in the catalogue, best first.
    pub ranking: Vec<ClassRanking>,
    /// Optional keys left empty: the rules reading them did not fire.
    pub unknown: Vec<&'static str>,
    pub note: &'static str,
    pub explanations: Vec<Explanation>,
    /// When even the top-ranked part breaks a limit the learner set (power,
    /// place, memory, latency), the reasons it does, so the ranking is read
    /// as "least bad", not as a recommendation. Empty when it meets them all.
    pub limits_unmet: Vec<String>,
    /// Limits the learner set that the catalogue cannot check for the top
    /// part (a power budget for a part with no power figure).
    pub limits_unchecked: Vec<String>,
}

/// Rules whose penalty means a part cannot meet a limit the learner set
/// (its power budget, where it runs, its latency target, or a served model's
/// memory), rather than merely suiting the workload less well. A training
/// memory penalty is left out: it marks a scale-out network the catalogue
/// does not list, not a limit the learner set.
pub const HARD_LIMIT_RULES: [&str; 6] = [
    "power_fit",
    "cloud_only",
    "memory_fit",
    "latency_floor",
    "deploy_edge",
    "deploy_on_prem",
];

impl MatcherOutput {
    /// The classes best first.
    pub fn classes(&self) -> Vec<Class> {
        self.ranking.iter().map(|entry| entry.class).collect()
    }

    pub fn device_score(&self, id: &str) -> Option<i32> {
        self.ranking
            .iter()
            .flat_map(|entry| entry.devices.iter())
            .find(|device| device.id == id)
            .map(|device| device.score)
    }
}

/// A class rule that fired: the rule and the fact that triggered it.
struct ClassFiring {
    rule: &'static Rule,
    fact: String,
}

/// A scored part, with everything needed to explain it.
struct Scored<'a> {
    device: &'a Device,
    score: i32,
    /// What the part attains on this workload whenever its intensity is
    /// known, even where the speed rule awards no points (small served
    /// models); it breaks ties between parts of equal score.
    attainable: Option<f64>,
    verdict: device::DeviceVerdict,
}

impl Scored<'_> {
    /// Best first: the higher score, then the higher speed on this workload;
    /// an unknown speed ranks below any known one.
    fn rank(&self, other: &Scored) -> std::cmp::Ordering {
        let speed = |s: &Scored| s.attainable.unwrap_or(f64::NEG_INFINITY);
        other
            .score
            .cmp(&self.score)
            .then(speed(other).total_cmp(&speed(self)))
    }
}

/// Ranks every class and every part. Cannot fail: validation bounded every
/// number, and an empty catalogue gives an empty ranking.
pub fn compute(input: &MatcherInput) -> MatcherOutput {
    let class_firings: Vec<ClassFiring> = RULES
        .iter()
        .filter_map(|rule| {
            let fires = rule.fires?;
            fires(input).map(|fact| ClassFiring { rule, fact })
        })
        .collect();
    let class_points = |class: Class| -> i32 {
        class_firings
            .iter()
            .filter_map(|firing| firing.rule.points.map(|points| points.get(class)))
            .sum()
    };
    let intensity = device::intensity(input);
    let fastest = intensity.and_then(|intensity| {
        input
            .devices
            .iter()
            .filter_map(|d| device::attainable(d, intensity).map(|value| (d, value)))
            .fold(
                None,
                |best: Option<(&device::Device, f64)>, (d, value)| match best {
                    Some((_, top)) if top >= value => best,
                    _ => Some((d, value)),
                },
            )
            .map(|(fastest, best)| (intensity, fastest, best))
    });
    let yardstick = fastest.map(|(_, d, best)| device::yardstick(d, best));
    let speed = fastest
        .zip(yardstick.as_deref())
        .map(|((intensity, fastest, best), yardstick)| device::Speed {
            intensity,
            best,
            fastest,
            yardstick,
        });
    let peers = device::Peers::of(&input.devices);
    let scored: Vec<Scored> = input
        .devices
        .iter()
        .map(|d| {
            let verdict = device::judge(input, d, speed, peers);
            Scored {
                device: d,
                score: class_points(d.class) + verdict.points(),
                attainable: intensity.and_then(|i| device::attainable(d, i)),
                verdict,
            }
        })
        .collect();
    let mut ranking: Vec<ClassRanking> = CLASSES
        .iter()
        .filter_map(|class| rank_class(*class, &scored, &class_firings))
        .collect();
    // Stable: equal scores keep the CLASSES order.
    ranking.sort_by_key(|entry| std::cmp::Reverse(entry.score));
    let explanations = explain(&ranking);
    let top = ranking
        .first()
        .and_then(|entry| scored.iter().find(|s| s.device.id == entry.device.id));
    let hard = |rule: &str, points: i32| {
        points < 0
            && HARD_LIMIT_RULES.contains(&rule)
            && !(rule == "memory_fit" && input.phase == Phase::Training)
    };
    let limits_unmet: Vec<String> = top
        .map(|top| {
            let class = top.device.class;
            let from_class = class_firings.iter().filter_map(|firing| {
                let points = firing.rule.points.map_or(0, |p| p.get(class));
                hard(firing.rule.id, points)
                    .then(|| firing.rule.reason(class, &firing.fact, points))
                    .flatten()
            });
            let from_part = top
                .verdict
                .fired
                .iter()
                .filter(|f| hard(f.rule.id, f.points))
                .map(|f| f.reason.clone());
            from_class
                .chain(from_part)
                // A reason lifted out of its "Against: " frame starts a sentence.
                .map(|reason| crate::format::capitalized(reason.trim_start_matches("Against: ")))
                .collect()
        })
        .unwrap_or_default();
    let limits_unchecked = top
        .map(|top| top.verdict.unchecked.clone())
        .unwrap_or_default();
    // A small job led by a flagship, with nothing set to price it, says so.
    if let (Some(entry), Some(top)) = (ranking.first_mut(), top) {
        entry
            .reasons
            .extend(device::unbudgeted_flagship_note(input, top.device));
    }
    MatcherOutput {
        ranking,
        unknown: input.unknown_keys(),
        note: NOTE,
        explanations,
        limits_unmet,
        limits_unchecked,
    }
}

fn rank_class(class: Class, scored: &[Scored], firings: &[ClassFiring]) -> Option<ClassRanking> {
    let mut members: Vec<&Scored> = scored.iter().filter(|s| s.device.class == class).collect();
    // Best first: the highest score, then the faster part on this workload,
    // so of two parts with equal points the one that attains more is named;
    // the sort is stable, so full ties (equal peaks) keep catalogue order.
    members.sort_by(|a, b| a.rank(b));
    let best = *members.first()?;
    let mut weighted: Vec<(i32, String)> = Vec::new();
    let mut rules = Vec::new();
    for firing in firings {
        let points = firing.rule.points.map_or(0, |p| p.get(class));
        if points != 0 {
            rules.push(FiredRule {
                rule: firing.rule.id,
                points,
            });
            if let Some(reason) = firing.rule.reason(class, &firing.fact, points) {
                weighted.push((points, reason));
            }
        }
    }
    for firing in &best.verdict.fired {
        rules.push(FiredRule {
            rule: firing.rule.id,
            points: firing.points,
        });
        weighted.push((firing.points, firing.reason.clone()));
    }
    // For first (largest first), then against (most damaging first); stable otherwise.
    weighted.sort_by_key(|(points, _)| (*points < 0, -points.abs()));
    let mut reasons: Vec<String> = weighted.into_iter().map(|(_, reason)| reason).collect();
    reasons.extend(best.verdict.notes.iter().cloned());
    let devices: Vec<DeviceScore> = members
        .iter()
        .map(|s| DeviceScore {
            id: s.device.id.clone(),
            name: s.device.name.clone(),
            score: s.score,
        })
        .collect();
    Some(ClassRanking {
        class,
        label: class.label(),
        device: DeviceRef {
            id: best.device.id.clone(),
            name: best.device.name.clone(),
        },
        score: best.score,
        reasons,
        rules,
        devices,
    })
}

fn signed(points: i32) -> String {
    if points > 0 {
        format!("+{points}")
    } else {
        points.to_string()
    }
}

fn explain(ranking: &[ClassRanking]) -> Vec<Explanation> {
    let Some(top) = ranking.first() else {
        return Vec::new();
    };
    let bindings = top
        .rules
        .iter()
        .filter_map(|fired| {
            let rule = rules::find(fired.rule)?;
            Some(Binding {
                symbol: rule.symbol,
                meaning: rule.title,
                value: signed(fired.points),
            })
        })
        .collect();
    let mut explanations = vec![Explanation {
        output: "score",
        label: "Score of the top class",
        formula_tex: "S = \\sum_{r\\,\\in\\,\\text{fired rules}} p_r",
        bindings,
        result: format!("{} points: {} ({})", top.score, top.label, top.device.name),
        note: NOTE,
        source: COURSE_MATCHING,
    }];
    if let Some(second) = ranking.get(1) {
        explanations.push(Explanation {
            output: "margin",
            label: "Lead over the runner-up",
            formula_tex: "\\Delta = S_1 - S_2",
            bindings: vec![
                Binding {
                    symbol: "S_1",
                    meaning: top.label,
                    value: top.score.to_string(),
                },
                Binding {
                    symbol: "S_2",
                    meaning: second.label,
                    value: second.score.to_string(),
                },
            ],
            result: format!("{} points", top.score - second.score),
            note: "A lead of a few points means the two classes are close calls: read both lists of reasons, and benchmark both.",
            source: COURSE_MATCHING,
        });
    }
    explanations
}
