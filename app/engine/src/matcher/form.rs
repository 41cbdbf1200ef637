//! The matcher's form: the workload fields as typed, their names and menus,
//! and `validate()`, which turns them into a `MatcherInput` (unknown stays
//! `None`) joined with the catalogue's parts.

use super::Device;
use crate::field::{Checker, FieldErrors, FieldProblem, Range};
use crate::hardware::Catalogue;
use crate::widgets::WidgetForm;
use serde::{Deserialize, Serialize};

pub const FIELDS: [&str; 12] = [
    "phase",
    "model_family",
    "params",
    "batch_size",
    "latency_p99_ms",
    "throughput_per_s",
    "power_budget_w",
    "deployment",
    "framework",
    "model_update",
    "budget_usd",
    "utilization",
];

/// How a sentence names a field: the form's label without its unit, so a
/// learner reads "power budget" where the JSON says `power_budget_w`.
pub fn field_name(key: &str) -> &'static str {
    match key {
        "phase" => "phase",
        "model_family" => "model family",
        "params" => "parameters",
        "batch_size" => "batch size",
        "latency_p99_ms" => "p99 latency target",
        "throughput_per_s" => "throughput target",
        "power_budget_w" => "power budget",
        "deployment" => "where it runs",
        "framework" => "framework",
        "model_update" => "how often the model changes",
        "budget_usd" => "hardware budget",
        "utilization" => "expected utilization",
        _ => "another field",
    }
}

macro_rules! choice {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $key:literal, $label:literal;)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            pub fn key(self) -> &'static str {
                match self {
                    $($name::$variant => $key,)+
                }
            }

            pub fn label(self) -> &'static str {
                match self {
                    $($name::$variant => $label,)+
                }
            }

            pub fn parse(text: &str) -> Option<$name> {
                let wanted = text.trim().to_ascii_lowercase();
                Self::ALL.iter().copied().find(|choice| choice.key() == wanted)
            }

            fn keys() -> Vec<&'static str> {
                Self::ALL.iter().map(|choice| choice.key()).collect()
            }
        }
    };
}

choice!(
    /// Training or serving.
    Phase {
        Training => "training", "training";
        Inference => "inference", "inference";
    }
);

choice!(
    /// The kind of model, which decides its bottleneck.
    Family {
        Cnn => "cnn", "convolutional network";
        Transformer => "transformer", "transformer";
        Llm => "llm", "large language model";
        Recommender => "recommender", "recommender";
        Classical => "classical", "classical ML (boosted trees)";
        Spiking => "spiking", "spiking neural network";
    }
);

choice!(
    /// Where the hardware runs.
    Deployment {
        Cloud => "cloud", "public cloud";
        OnPrem => "on_prem", "own data centre";
        Edge => "edge", "device in the field";
    }
);

choice!(
    /// The framework the model is written in, or the format it is exchanged in.
    Framework {
        Pytorch => "pytorch", "PyTorch";
        Tensorflow => "tensorflow", "TensorFlow";
        Jax => "jax", "JAX";
        Onnx => "onnx", "ONNX";
    }
);

choice!(
    /// How often the deployed model changes.
    Update {
        Never => "never", "never";
        Rarely => "rarely", "rarely";
        Monthly => "monthly", "monthly";
        Weekly => "weekly", "weekly";
        Daily => "daily", "daily";
    }
);

/// Raw strings, as typed, from a URL, a preset, a scenario card or the CLI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MatcherForm {
    pub phase: String,
    pub model_family: String,
    pub params: String,
    pub batch_size: String,
    pub latency_p99_ms: String,
    pub throughput_per_s: String,
    pub power_budget_w: String,
    pub deployment: String,
    pub framework: String,
    pub model_update: String,
    pub budget_usd: String,
    pub utilization: String,
}

impl Default for MatcherForm {
    /// The seed's first example: a CNN (ResNet-50 has 25.6 million
    /// parameters, He et al. 2016) trained on labelled images in PyTorch.
    fn default() -> Self {
        MatcherForm {
            phase: "training".into(),
            model_family: "cnn".into(),
            params: "25e6".into(),
            batch_size: "256".into(),
            framework: "pytorch".into(),
            ..MatcherForm::unknown()
        }
    }
}

impl MatcherForm {
    /// Every field empty (unknown), including the required phase.
    pub fn unknown() -> Self {
        MatcherForm {
            phase: String::new(),
            model_family: String::new(),
            params: String::new(),
            batch_size: String::new(),
            latency_p99_ms: String::new(),
            throughput_per_s: String::new(),
            power_budget_w: String::new(),
            deployment: String::new(),
            framework: String::new(),
            model_update: String::new(),
            budget_usd: String::new(),
            utilization: String::new(),
        }
    }

    fn slot(&mut self, field: &str) -> Option<&mut String> {
        Some(match field {
            "phase" => &mut self.phase,
            "model_family" => &mut self.model_family,
            "params" => &mut self.params,
            "batch_size" => &mut self.batch_size,
            "latency_p99_ms" => &mut self.latency_p99_ms,
            "throughput_per_s" => &mut self.throughput_per_s,
            "power_budget_w" => &mut self.power_budget_w,
            "deployment" => &mut self.deployment,
            "framework" => &mut self.framework,
            "model_update" => &mut self.model_update,
            "budget_usd" => &mut self.budget_usd,
            "utilization" => &mut self.utilization,
            _ => return None,
        })
    }

    /// Checks every field and copies the catalogue's parts into the input.
    pub fn validate(&self, catalogue: &Catalogue) -> Result<MatcherInput, FieldErrors> {
        let mut checker = Checker::default();
        let phase = required_choice(
            &mut checker,
            "phase",
            &self.phase,
            Phase::parse,
            Phase::keys,
        );
        let model_family = optional_choice(
            &mut checker,
            "model_family",
            &self.model_family,
            Family::parse,
            Family::keys,
        );
        let params = checker.optional_real("params", &self.params, Range::at_least(1.0, 1e15));
        let batch_size =
            checker.optional_whole("batch_size", &self.batch_size, Range::at_least(1.0, 1e7));
        let latency_p99_ms = checker.optional_real(
            "latency_p99_ms",
            &self.latency_p99_ms,
            Range::above(0.0, 1e7),
        );
        let throughput_per_s = checker.optional_real(
            "throughput_per_s",
            &self.throughput_per_s,
            Range::above(0.0, 1e12),
        );
        let power_budget_w = checker.optional_real(
            "power_budget_w",
            &self.power_budget_w,
            Range::above(0.0, 1e9),
        );
        let deployment = optional_choice(
            &mut checker,
            "deployment",
            &self.deployment,
            Deployment::parse,
            Deployment::keys,
        );
        let framework = optional_choice(
            &mut checker,
            "framework",
            &self.framework,
            Framework::parse,
            Framework::keys,
        );
        let model_update = optional_choice(
            &mut checker,
            "model_update",
            &self.model_update,
            Update::parse,
            Update::keys,
        );
        let budget_usd =
            checker.optional_real("budget_usd", &self.budget_usd, Range::at_least(0.0, 1e12));
        let utilization =
            checker.optional_real("utilization", &self.utilization, Range::at_least(0.0, 1.0));
        if phase == Some(Phase::Training) {
            if let Some(Some(_)) = latency_p99_ms {
                checker.errors.push(
                    "latency_p99_ms",
                    FieldProblem::Invalid {
                        reason: "A p99 latency target applies to inference; leave it empty for training.".into(),
                    },
                );
            }
            if let Some(Some(_)) = throughput_per_s {
                checker.errors.push(
                    "throughput_per_s",
                    FieldProblem::Invalid {
                        reason:
                            "Requests per second apply to inference; leave it empty for training."
                                .into(),
                    },
                );
            }
        }
        checker.finish(|| {
            Some(MatcherInput {
                phase: phase?,
                model_family: model_family?,
                params: params?,
                batch_size: batch_size?,
                latency_p99_ms: latency_p99_ms?,
                throughput_per_s: throughput_per_s?,
                power_budget_w: power_budget_w?,
                deployment: deployment?,
                framework: framework?,
                model_update: model_update?,
                budget_usd: budget_usd?,
                utilization: utilization?,
                devices: catalogue
                    .accelerators
                    .iter()
                    .map(Device::from_catalogue)
                    .collect(),
            })
        })
    }
}

fn required_choice<T>(
    checker: &mut Checker,
    field: &'static str,
    raw: &str,
    parse: fn(&str) -> Option<T>,
    keys: fn() -> Vec<&'static str>,
) -> Option<T> {
    let parsed = parse(raw);
    if parsed.is_none() {
        checker
            .errors
            .push(field, FieldProblem::not_a_choice(raw, &keys()));
    }
    parsed
}

/// `Some(None)` for an empty field; `None` after recording a bad value.
fn optional_choice<T>(
    checker: &mut Checker,
    field: &'static str,
    raw: &str,
    parse: fn(&str) -> Option<T>,
    keys: fn() -> Vec<&'static str>,
) -> Option<Option<T>> {
    if raw.trim().is_empty() {
        Some(None)
    } else {
        required_choice(checker, field, raw, parse, keys).map(Some)
    }
}

impl WidgetForm for MatcherForm {
    fn set_field(&mut self, field: &str, value: String) -> bool {
        match self.slot(field) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    fn field_pairs(&self) -> Vec<(&'static str, String)> {
        let mut copy = self.clone();
        FIELDS
            .iter()
            .map(|name| {
                (
                    *name,
                    copy.slot(name).map(|v| v.clone()).unwrap_or_default(),
                )
            })
            .collect()
    }
}

/// A validated workload: `None` means unknown, and the catalogue's parts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatcherInput {
    pub phase: Phase,
    pub model_family: Option<Family>,
    pub params: Option<f64>,
    pub batch_size: Option<u64>,
    pub latency_p99_ms: Option<f64>,
    pub throughput_per_s: Option<f64>,
    pub power_budget_w: Option<f64>,
    pub deployment: Option<Deployment>,
    pub framework: Option<Framework>,
    pub model_update: Option<Update>,
    pub budget_usd: Option<f64>,
    pub utilization: Option<f64>,
    pub devices: Vec<Device>,
}

impl MatcherInput {
    /// The optional keys left empty, in form order.
    pub fn unknown_keys(&self) -> Vec<&'static str> {
        let known = [
            ("model_family", self.model_family.is_some()),
            ("params", self.params.is_some()),
            ("batch_size", self.batch_size.is_some()),
            ("latency_p99_ms", self.latency_p99_ms.is_some()),
            ("throughput_per_s", self.throughput_per_s.is_some()),
            ("power_budget_w", self.power_budget_w.is_some()),
            ("deployment", self.deployment.is_some()),
            ("framework", self.framework.is_some()),
            ("model_update", self.model_update.is_some()),
            ("budget_usd", self.budget_usd.is_some()),
            ("utilization", self.utilization.is_some()),
        ];
        known
            .into_iter()
            .filter(|(_, is_known)| !is_known)
            .map(|(key, _)| key)
            .collect()
    }
}
