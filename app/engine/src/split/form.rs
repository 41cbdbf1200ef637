//! The splitter's form: every field as typed (or read from a URL, a preset or
//! the CLI's JSON), and `validate`, which resolves the accelerator from the
//! catalogue and turns the strings into a [`SplitInput`] or names every bad field.

use super::model::{Architecture, Recompute};
use super::{presets, Cluster, ModelSpec, Optimizer, Plan, SplitInput, TrainPrecision, Training};
use crate::field::{
    flag_menu_key, menu_key, parse_real, Checker, FieldErrors, FieldProblem, Range,
};
use crate::hardware::Catalogue;
use crate::hardware::LinkSource;
use serde::{Deserialize, Serialize};

pub const FIELDS: [&str; 29] = [
    "model",
    "params",
    "layers",
    "hidden",
    "heads",
    "kv_heads",
    "ffn_hidden",
    "vocab",
    "seq_len",
    "gated_mlp",
    "global_batch",
    "micro_batch",
    "precision",
    "optimizer",
    "recompute",
    "flash_attention",
    "fp32_gradients",
    "tokens",
    "accelerator",
    "count",
    "per_node",
    "usd_per_hour",
    "network_gbps",
    "dp",
    "tp",
    "pp",
    "virtual_stages",
    "sequence_parallel",
    "zero",
];

/// Model keys besides the presets: a full architecture, or a parameter count only.
pub const CUSTOM: &str = "custom";
pub const PARAMS_ONLY: &str = "params";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SplitForm {
    pub model: String,
    pub params: String,
    pub layers: String,
    pub hidden: String,
    pub heads: String,
    pub kv_heads: String,
    pub ffn_hidden: String,
    pub vocab: String,
    pub seq_len: String,
    pub gated_mlp: String,
    pub global_batch: String,
    pub micro_batch: String,
    pub precision: String,
    pub optimizer: String,
    pub recompute: String,
    pub flash_attention: String,
    /// Whether gradients are accumulated in FP32 (Megatron-LM and DeepSpeed
    /// do this under BF16) instead of the training precision.
    pub fp32_gradients: String,
    pub tokens: String,
    pub accelerator: String,
    pub count: String,
    pub per_node: String,
    pub usd_per_hour: String,
    /// Network per accelerator between nodes, Gb/s one way; empty uses the catalogue's.
    pub network_gbps: String,
    pub dp: String,
    pub tp: String,
    pub pp: String,
    pub virtual_stages: String,
    pub sequence_parallel: String,
    pub zero: String,
}

impl Default for SplitForm {
    /// GPT-3 175B on 1,024 A100s with 8-way tensor and 8-way pipeline
    /// parallelism, batch 1,536, 300 B tokens: the run Narayanan et al. 2021
    /// (Section 5.1) estimate at about 34 days.
    fn default() -> Self {
        let text = |value: &str| value.to_string();
        SplitForm {
            model: text("gpt3-175b"),
            params: text("175e9"),
            layers: text("96"),
            hidden: text("12288"),
            heads: text("96"),
            kv_heads: String::new(),
            ffn_hidden: String::new(),
            vocab: text("50257"),
            seq_len: text("2048"),
            gated_mlp: text("false"),
            global_batch: text("1536"),
            micro_batch: text("1"),
            precision: text("bf16"),
            optimizer: text("adam"),
            recompute: text("full"),
            flash_attention: text("false"),
            fp32_gradients: text("false"),
            tokens: text("300e9"),
            accelerator: text("a100-sxm-80gb"),
            count: text("1024"),
            // Empty: the catalogue's fast domain (8 for the A100), so switching to a
            // TPU takes its pod or slice instead of keeping a GPU server's 8.
            per_node: String::new(),
            usd_per_hour: String::new(),
            network_gbps: String::new(),
            dp: String::new(),
            tp: text("8"),
            pp: text("8"),
            virtual_stages: text("1"),
            sequence_parallel: text("false"),
            zero: text("0"),
        }
    }
}

crate::widgets::slot_form!(SplitForm, FIELDS, menu_key);

/// The yes/no fields and what an empty value means for each.
const FLAG_DEFAULTS: [(&str, bool); 4] = [
    ("gated_mlp", false),
    ("flash_attention", true),
    ("fp32_gradients", false),
    ("sequence_parallel", false),
];

/// The optimizer keys; `adamw` reads as Adam, whose update it shares.
const OPTIMIZERS: [(&str, Optimizer); 3] = [
    ("adam", Optimizer::Adam),
    ("adamw", Optimizer::Adam),
    ("sgd", Optimizer::Sgd),
];

/// The ZeRO menu's keys, one per stage.
const ZERO_STAGES: [&str; 4] = ["0", "1", "2", "3"];

fn flag_default(field: &str) -> bool {
    FLAG_DEFAULTS
        .iter()
        .find(|(name, _)| *name == field)
        .is_some_and(|(_, default)| *default)
}

impl SplitForm {
    /// The menu entry for a field whose value has aliases, as `validate` reads it.
    fn menu_key(&self, field: &str) -> Option<&'static str> {
        match field {
            "gated_mlp" => flag_menu_key(&self.gated_mlp, flag_default(field)),
            "flash_attention" => flag_menu_key(&self.flash_attention, flag_default(field)),
            "fp32_gradients" => flag_menu_key(&self.fp32_gradients, flag_default(field)),
            "sequence_parallel" => flag_menu_key(&self.sequence_parallel, flag_default(field)),
            "optimizer" => menu_key(&self.optimizer, &OPTIMIZERS),
            // A stage written as "2.0" or "2e0" is stage 2 to the validator.
            "zero" => parse_real(&self.zero).ok().and_then(|stage| {
                ZERO_STAGES
                    .iter()
                    .zip(0u8..)
                    .find(|(_, n)| f64::from(*n) == stage)
                    .map(|(key, _)| *key)
            }),
            _ => None,
        }
    }

    fn slot(&mut self, field: &str) -> Option<&mut String> {
        Some(match field {
            "model" => &mut self.model,
            "params" => &mut self.params,
            "layers" => &mut self.layers,
            "hidden" => &mut self.hidden,
            "heads" => &mut self.heads,
            "kv_heads" => &mut self.kv_heads,
            "ffn_hidden" => &mut self.ffn_hidden,
            "vocab" => &mut self.vocab,
            "seq_len" => &mut self.seq_len,
            "gated_mlp" => &mut self.gated_mlp,
            "global_batch" => &mut self.global_batch,
            "micro_batch" => &mut self.micro_batch,
            "precision" => &mut self.precision,
            "optimizer" => &mut self.optimizer,
            "recompute" => &mut self.recompute,
            "flash_attention" => &mut self.flash_attention,
            "fp32_gradients" => &mut self.fp32_gradients,
            "tokens" => &mut self.tokens,
            "accelerator" => &mut self.accelerator,
            "count" => &mut self.count,
            "per_node" => &mut self.per_node,
            "usd_per_hour" => &mut self.usd_per_hour,
            "network_gbps" => &mut self.network_gbps,
            "dp" => &mut self.dp,
            "tp" => &mut self.tp,
            "pp" => &mut self.pp,
            "virtual_stages" => &mut self.virtual_stages,
            "sequence_parallel" => &mut self.sequence_parallel,
            "zero" => &mut self.zero,
            _ => return None,
        })
    }

    /// Fills the architecture fields from a preset, so the form shows what a preset means.
    pub fn apply_preset(&mut self, key: &str) {
        if let Some(preset) = presets::find(key) {
            let arch = preset.architecture;
            self.model = preset.key.to_string();
            self.layers = arch.layers.to_string();
            self.hidden = arch.hidden.to_string();
            self.heads = arch.heads.to_string();
            self.kv_heads = arch.kv_heads.to_string();
            self.ffn_hidden = arch.ffn_hidden.to_string();
            self.vocab = arch.vocab.to_string();
            self.seq_len = arch.seq_len.to_string();
            self.gated_mlp = arch.gated_mlp.to_string();
        }
    }

    fn validate_model(&self, checker: &mut Checker) -> Option<(ModelSpec, String)> {
        let lowered = self.model.trim().to_ascii_lowercase();
        let key = lowered.as_str();
        if let Some(preset) = presets::find(key) {
            return Some((
                ModelSpec::Architecture(preset.architecture),
                preset.name.to_string(),
            ));
        }
        if key == PARAMS_ONLY {
            let params = checker.real("params", &self.params, Range::above(0.0, 1e15));
            let seq_len = checker.whole("seq_len", &self.seq_len, Range::at_least(1.0, 1e7));
            return Some((
                ModelSpec::ParamsOnly {
                    params: params?,
                    seq_len: seq_len?,
                },
                "a model given by its parameter count".to_string(),
            ));
        }
        if key != CUSTOM {
            let mut allowed: Vec<&str> = presets::PRESETS.iter().map(|p| p.key).collect();
            allowed.extend([CUSTOM, PARAMS_ONLY]);
            checker
                .errors
                .push("model", FieldProblem::not_a_choice(&self.model, &allowed));
            return None;
        }
        let layers = checker.whole("layers", &self.layers, Range::at_least(1.0, 10_000.0));
        let hidden = checker.whole("hidden", &self.hidden, Range::at_least(1.0, 1e6));
        let heads = checker.whole("heads", &self.heads, Range::at_least(1.0, 1e5));
        let kv_heads =
            checker.optional_whole("kv_heads", &self.kv_heads, Range::at_least(1.0, 1e5));
        let ffn_hidden =
            checker.optional_whole("ffn_hidden", &self.ffn_hidden, Range::at_least(1.0, 1e7));
        let vocab = checker.whole("vocab", &self.vocab, Range::at_least(1.0, 1e7));
        let seq_len = checker.whole("seq_len", &self.seq_len, Range::at_least(1.0, 1e7));
        let gated_mlp = checker.flag("gated_mlp", &self.gated_mlp, flag_default("gated_mlp"));
        let (hidden_v, heads_v) = (hidden?, heads?);
        if hidden_v % heads_v != 0 {
            checker.invalid(
                "heads",
                format!("The hidden size {hidden_v} must split evenly into {heads_v} heads."),
            );
            return None;
        }
        let kv = kv_heads?.unwrap_or(heads_v);
        if kv > heads_v || heads_v % kv != 0 {
            checker.invalid(
                "kv_heads",
                format!("Key/value heads must divide the {heads_v} query heads evenly."),
            );
            return None;
        }
        let arch = Architecture {
            layers: layers?,
            hidden: hidden_v,
            heads: heads_v,
            kv_heads: kv,
            ffn_hidden: ffn_hidden?.unwrap_or(4 * hidden_v),
            vocab: vocab?,
            seq_len: seq_len?,
            gated_mlp: gated_mlp?,
        };
        Some((
            ModelSpec::Architecture(arch),
            "a custom architecture".to_string(),
        ))
    }

    fn validate_cluster(
        &self,
        checker: &mut Checker,
        catalogue: &Catalogue,
        precision: Option<TrainPrecision>,
    ) -> Option<Cluster> {
        let count = checker.whole("count", &self.count, Range::at_least(1.0, 1e7));
        let per_node =
            checker.optional_whole("per_node", &self.per_node, Range::at_least(1.0, 1e5));
        let usd_per_hour = checker.optional_real(
            "usd_per_hour",
            &self.usd_per_hour,
            Range::at_least(0.0, 1e6),
        );
        // Up to 100 Tb/s per accelerator: far above any NIC sold, so only typos are refused.
        let network_gbps =
            checker.optional_real("network_gbps", &self.network_gbps, Range::above(0.0, 1e5));
        let id = self.accelerator.trim();
        let Some(part) = catalogue.find(id) else {
            checker.errors.push(
                "accelerator",
                FieldProblem::UnknownId {
                    id: if id.is_empty() {
                        "(empty)".into()
                    } else {
                        id.chars().take(40).collect()
                    },
                },
            );
            return None;
        };
        let precision = precision?;
        let missing = |what: &str| {
            format!(
                "{} does not publish its {what}, which the splitter needs.",
                part.name
            )
        };
        let peak = part.peak_flops_per_s(precision.catalogue_precision());
        if peak.is_none() {
            checker.invalid(
                "accelerator",
                missing(&format!(
                    "dense {} throughput",
                    precision.catalogue_precision().key().to_uppercase()
                )),
            );
        }
        let capacity = part.memory.capacity_gb;
        let bandwidth = part.bandwidth_bytes_per_s();
        if capacity.is_none() || bandwidth.is_none() {
            checker.invalid("accelerator", missing("memory capacity and bandwidth"));
        }
        let count = count?;
        let link = part.interconnect.clone().unwrap_or_default();
        let typed_node = per_node?;
        let node_size = typed_node.or(link.domain_size.map(u64::from)).unwrap_or(8);
        let node_from_catalogue = typed_node.is_none();
        let per_node = super::node_share(count, node_size, node_from_catalogue);
        let intra = link.pod_bytes_per_s();
        let typed_network_gbps = network_gbps?;
        let between = link.between_nodes(count, typed_network_gbps);
        if per_node > 1 && intra.is_none() {
            checker.invalid(
                "accelerator",
                format!(
                    "{} Use one accelerator per node, or pick a part that publishes it.",
                    missing("bandwidth between accelerators in a node")
                ),
            );
        }
        if count > per_node && between.is_none() {
            // Say what would work, so the learner is not left at a dead end: a
            // job that fits one pod runs over its links, whatever the node size,
            // but only if those links are published.
            let pod = link.domain_size.filter(|_| intra.is_some());
            let largest = pod.map_or(0, u64::from).max(node_size);
            checker.invalid(
                "accelerator",
                format!(
                    "{} Use {largest} or fewer, which fit in one node or pod, type your cluster's network per accelerator, or pick a part that publishes it.",
                    missing("bandwidth between nodes")
                ),
            );
        }
        Some(Cluster {
            accelerator: part.id.clone(),
            name: part.name.clone(),
            count,
            per_node,
            peak_flops: peak?,
            hbm_bytes: capacity? * 1e9,
            hbm_bytes_per_s: bandwidth?,
            intra_bytes_per_s: intra.unwrap_or(f64::MAX),
            inter_bytes_per_s: between.map(|(rate, _)| rate).or(intra).unwrap_or(f64::MAX),
            across_nodes: between.map_or(LinkSource::Catalogue, |(_, source)| source),
            node_size,
            node_from_catalogue,
            links: link,
            typed_network_gbps,
            // A price typed in wins; otherwise the catalogue's cited cloud price, if any.
            usd_per_hour: usd_per_hour?.or(part.price.and_then(|p| p.cloud_usd_per_hour)),
            tdp_w: part.tdp_w,
        })
    }

    fn validate_plan(
        &self,
        checker: &mut Checker,
        model: Option<&ModelSpec>,
        count: Option<u64>,
    ) -> Option<Plan> {
        let tp = checker.whole("tp", &self.tp, Range::at_least(1.0, 1e6));
        let pp = checker.whole("pp", &self.pp, Range::at_least(1.0, 1e5));
        let dp = checker.optional_whole("dp", &self.dp, Range::at_least(1.0, 1e7));
        let virtual_stages = checker.whole(
            "virtual_stages",
            &self.virtual_stages,
            Range::at_least(1.0, 64.0),
        );
        let zero = checker.whole("zero", &self.zero, Range::at_least(0.0, 3.0));
        let micro_batch =
            checker.whole("micro_batch", &self.micro_batch, Range::at_least(1.0, 1e6));
        let sequence_parallel = checker.flag(
            "sequence_parallel",
            &self.sequence_parallel,
            flag_default("sequence_parallel"),
        );
        let recompute = checker.choice(
            "recompute",
            &self.recompute,
            &[
                ("none", Recompute::None),
                ("selective", Recompute::Selective),
                ("full", Recompute::Full),
            ],
        );
        let (tp_v, pp_v, count) = (tp?, pp?, count?);
        let v = virtual_stages?;
        if let Some(arch) = model.and_then(ModelSpec::architecture) {
            if pp_v * v > arch.layers {
                checker.invalid(
                    "pp",
                    format!(
                        "{pp_v} stages × {v} virtual stages need at least that many layers; the model has {}.",
                        arch.layers
                    ),
                );
            }
        }
        if v > 1 && pp_v == 1 {
            checker.invalid(
                "virtual_stages",
                "Interleaving splits each pipeline stage; it needs pp above 1.".into(),
            );
        }
        let dp = match dp? {
            Some(dp) => {
                if dp.saturating_mul(tp_v).saturating_mul(pp_v) > count {
                    checker.invalid(
                        "dp",
                        format!(
                            "dp × tp × pp = {}, but there are only {count} accelerators; lower dp, tp or pp, or leave dp empty to use the whole cluster.",
                            dp.saturating_mul(tp_v).saturating_mul(pp_v)
                        ),
                    );
                }
                dp
            }
            None => {
                let model_parallel = tp_v.saturating_mul(pp_v);
                if model_parallel > count || count % model_parallel != 0 {
                    checker.invalid(
                        "pp",
                        format!("tp × pp = {} must divide the {} accelerators so every data-parallel replica is whole.", crate::format::grouped(model_parallel), crate::format::grouped(count)),
                    );
                    return None;
                }
                count / model_parallel
            }
        };
        Some(Plan {
            dp,
            tp: tp_v,
            pp: pp_v,
            virtual_stages: v,
            sequence_parallel: sequence_parallel?,
            #[allow(clippy::cast_possible_truncation)]
            zero: zero? as u8,
            micro_batch: micro_batch?,
            recompute: recompute?,
        })
    }

    /// Every field checked at once; the accelerator comes from `catalogue`.
    pub fn validate(&self, catalogue: &Catalogue) -> Result<SplitInput, FieldErrors> {
        let mut checker = Checker::default();
        let model = self.validate_model(&mut checker);
        let global_batch = checker.whole(
            "global_batch",
            &self.global_batch,
            Range::at_least(1.0, 1e8),
        );
        let precision = checker.choice(
            "precision",
            &self.precision,
            &[
                ("fp32", TrainPrecision::Fp32),
                ("bf16", TrainPrecision::Bf16),
                ("fp16", TrainPrecision::Fp16),
                ("fp8", TrainPrecision::Fp8),
            ],
        );
        let optimizer = checker.choice("optimizer", &self.optimizer, &OPTIMIZERS);
        let flash_attention = checker.flag(
            "flash_attention",
            &self.flash_attention,
            flag_default("flash_attention"),
        );
        let fp32_gradients = checker.flag(
            "fp32_gradients",
            &self.fp32_gradients,
            flag_default("fp32_gradients"),
        );
        let tokens = checker.optional_real("tokens", &self.tokens, Range::above(0.0, 1e16));
        let cluster = self.validate_cluster(&mut checker, catalogue, precision);
        let count = parse_real(&self.count)
            .ok()
            .filter(|c| *c >= 1.0 && c.fract() == 0.0 && *c <= 1e7);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let plan = self.validate_plan(
            &mut checker,
            model.as_ref().map(|m| &m.0),
            count.map(|c| c as u64),
        );
        checker.finish(|| {
            let (model, model_name) = model?;
            Some(SplitInput {
                model,
                model_name,
                training: Training {
                    global_batch: global_batch?,
                    precision: precision?,
                    optimizer: optimizer?,
                    flash_attention: flash_attention?,
                    fp32_gradients: fp32_gradients?,
                    tokens: tokens?,
                },
                cluster: cluster?,
                plan: Some(plan?),
            })
        })
    }
}
