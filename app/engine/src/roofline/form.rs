//! The roofline explorer's form: the operations a learner can analyse, the
//! raw fields as typed, and `validate()`, which turns them into a
//! `RooflineInput` whose sizes are positive and whose accelerators publish the
//! figures the roofline needs.

use crate::field::{missing_figures, word_list, Checker, FieldErrors, FieldProblem, Range};
use crate::hardware::{Accelerator, Catalogue, Precision};
use serde::{Deserialize, Serialize};

/// What a part without the figures the roofline needs cannot be.
const ON_CHART: &str = "it cannot be placed on this chart";

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
    RecommenderInference,
}

impl Operation {
    pub const ALL: [Operation; 9] = [
        Operation::Matmul,
        Operation::Layernorm,
        Operation::Embedding,
        Operation::Attention,
        Operation::Conv2d,
        Operation::Prefill,
        Operation::Decode,
        Operation::CnnInference,
        Operation::RecommenderInference,
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
            Operation::RecommenderInference => "recommender_inference",
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
            Operation::RecommenderInference => "Recommender (DLRM-DCNv2)",
        }
    }

    /// The numeric fields this operation reads, in form order.
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            Operation::Matmul => &["m", "k", "n"],
            Operation::Layernorm => &["tokens", "hidden"],
            Operation::Embedding => &["lookups", "dim", "rows"],
            Operation::Attention => &["batch", "seq_len", "hidden"],
            Operation::Conv2d => &["batch", "size", "channels_in", "channels_out", "kernel"],
            Operation::Prefill => &["params", "batch", "seq_len"],
            Operation::Decode => &["params", "batch"],
            Operation::CnnInference | Operation::RecommenderInference => &["batch"],
        }
    }
}

/// Every numeric field any operation uses: (name, label, upper bound).
pub const NUMBER_FIELDS: [(&str, &str, f64); 15] = [
    ("m", "M (rows of A)", 1e7),
    ("k", "K (shared dimension)", 1e7),
    ("n", "N (columns of B)", 1e7),
    ("tokens", "Tokens", 1e9),
    ("hidden", "Hidden size", 1e6),
    ("lookups", "Lookups (rows gathered)", 1e10),
    ("dim", "Embedding dimension", 1e5),
    ("rows", "Rows in the table", 1e12),
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
    /// Rows in the embedding table, which must all sit in memory.
    pub rows: String,
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
            // The default is the size of the largest Criteo 1TB tables in MLPerf's DLRM-DCNv2.
            rows: "4e7".into(),
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
pub const FIELDS: [&str; 18] = [
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
    "rows",
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
            "rows" => &mut self.rows,
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

    pub fn as_pairs(&self) -> [(&'static str, &str); 18] {
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
            ("rows", &self.rows),
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
        let (accelerators, left_out) = self.accelerators(catalogue, precision, &mut checker);
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
                left_out,
            })
        })
    }

    /// The chosen parts that can be placed, and a sentence for each chosen
    /// part left off the chart. A part that lacks only the chosen
    /// precision's peak, or comes after the eighth, is left off with that
    /// sentence rather than failing the form, so switching to FP8 keeps the
    /// parts that have it on screen; a form with nothing placeable fails.
    fn accelerators(
        &self,
        catalogue: &Catalogue,
        precision: Option<Precision>,
        checker: &mut Checker,
    ) -> (Vec<Accelerator>, Vec<String>) {
        let ids: Vec<&str> = self
            .accelerators
            .split(',')
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .collect();
        if ids.is_empty() {
            checker.errors.push(
                "accelerators",
                FieldProblem::Invalid {
                    reason: "Pick at least one accelerator.".to_string(),
                },
            );
            return (Vec::new(), Vec::new());
        }
        let mut found: Vec<Accelerator> = Vec::new();
        let mut no_peak: Vec<&Accelerator> = Vec::new();
        let mut past_limit: Vec<&Accelerator> = Vec::new();
        for id in ids {
            let Some(acc) = catalogue.find(id) else {
                checker
                    .errors
                    .push("accelerators", FieldProblem::UnknownId { id: short(id) });
                return (Vec::new(), Vec::new());
            };
            let seen = |list: &[&Accelerator]| list.iter().any(|a| a.id == acc.id);
            if found.iter().any(|a| a.id == acc.id) || seen(&no_peak) || seen(&past_limit) {
                continue;
            }
            if acc.memory.bandwidth_gb_s.is_none() {
                // The picker offers only parts with a bandwidth; a link may
                // name any part, and is told every figure the part lacks.
                let mut missing = Vec::new();
                if let Some(p) = precision.filter(|p| acc.peak_tflops.get(*p).is_none()) {
                    missing.push(format!("{} peak", p.label()));
                }
                missing.push("memory bandwidth".to_string());
                checker.errors.push(
                    "accelerators",
                    FieldProblem::MissingData {
                        name: acc.name.clone(),
                        what: missing_figures(&missing),
                        so: ON_CHART,
                    },
                );
                return (Vec::new(), Vec::new());
            }
            let has_any_peak = Precision::ALL
                .iter()
                .any(|q| acc.peak_tflops.get(*q).is_some());
            match precision {
                // A part with no peak at any precision can never be placed, and
                // a link is the only way to name one: the form says so.
                Some(p) if !has_any_peak => {
                    checker.errors.push(
                        "accelerators",
                        FieldProblem::MissingData {
                            name: acc.name.clone(),
                            what: format!("{} peak", p.label()),
                            so: ON_CHART,
                        },
                    );
                    return (Vec::new(), Vec::new());
                }
                Some(p) if acc.peak_tflops.get(p).is_none() => no_peak.push(acc),
                _ if found.len() >= MAX_ACCELERATORS => past_limit.push(acc),
                _ => found.push(acc.clone()),
            }
        }
        if found.is_empty() {
            if let (Some(p), Some(first)) = (precision, no_peak.first()) {
                checker.errors.push(
                    "accelerators",
                    FieldProblem::MissingData {
                        name: first.name.clone(),
                        what: format!("{} peak", p.label()),
                        so: ON_CHART,
                    },
                );
            }
            return (Vec::new(), Vec::new());
        }
        let names = |parts: &[&Accelerator]| {
            word_list(
                &parts.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
                "and",
            )
        };
        let mut left_out = Vec::new();
        if let (Some(p), false) = (precision, no_peak.is_empty()) {
            let verb = if no_peak.len() == 1 {
                "publishes"
            } else {
                "publish"
            };
            left_out.push(format!(
                "{} {verb} no {} peak, so {} left off; pick another precision to compare {}.",
                names(&no_peak),
                p.label(),
                if no_peak.len() == 1 {
                    "it is"
                } else {
                    "they are"
                },
                if no_peak.len() == 1 { "it" } else { "them" },
            ));
        }
        if !past_limit.is_empty() {
            left_out.push(format!(
                "The chart compares up to {MAX_ACCELERATORS} parts, so {} {} left off; untick one to make room.",
                names(&past_limit),
                if past_limit.len() == 1 { "is" } else { "are" },
            ));
        }
        (found, left_out)
    }
}

/// More lines than this on one log-log chart cannot be told apart.
pub const MAX_ACCELERATORS: usize = 8;

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
        rows: f64,
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
    RecommenderInference {
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
            (Operation::Embedding, [lookups, dim, rows]) => Shape::Embedding {
                lookups: *lookups,
                dim: *dim,
                rows: *rows,
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
            (Operation::RecommenderInference, [batch]) => {
                Shape::RecommenderInference { batch: *batch }
            }
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
    /// One sentence per reason chosen parts are not on the chart.
    pub left_out: Vec<String>,
}
