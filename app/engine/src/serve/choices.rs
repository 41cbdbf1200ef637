//! The choices the serving form offers from a list: weight format, cache
//! format, scheduler and how output lengths vary.

use crate::hardware::Precision;
use serde::{Deserialize, Serialize};

/// Weight formats, with the bytes each parameter takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeightPrecision {
    Fp32,
    Bf16,
    Fp8,
    Int8,
    Int4,
}

impl WeightPrecision {
    pub const ALL: [WeightPrecision; 5] = [
        WeightPrecision::Fp32,
        WeightPrecision::Bf16,
        WeightPrecision::Fp8,
        WeightPrecision::Int8,
        WeightPrecision::Int4,
    ];

    pub fn key(self) -> &'static str {
        match self {
            WeightPrecision::Fp32 => "fp32",
            WeightPrecision::Bf16 => "bf16",
            WeightPrecision::Fp8 => "fp8",
            WeightPrecision::Int8 => "int8",
            WeightPrecision::Int4 => "int4",
        }
    }

    pub fn bytes_per_param(self) -> f64 {
        match self {
            WeightPrecision::Fp32 => 4.0,
            WeightPrecision::Bf16 => 2.0,
            WeightPrecision::Fp8 | WeightPrecision::Int8 => 1.0,
            WeightPrecision::Int4 => 0.5,
        }
    }

    /// The format the arithmetic runs in. INT4 is weight-only quantization:
    /// weights are widened to BF16 before they are multiplied.
    pub fn compute_precision(self) -> Precision {
        match self {
            WeightPrecision::Fp32 => Precision::Fp32,
            WeightPrecision::Bf16 | WeightPrecision::Int4 => Precision::Bf16,
            WeightPrecision::Fp8 => Precision::Fp8,
            WeightPrecision::Int8 => Precision::Int8,
        }
    }

    /// Bytes per activation value: 16 bits, or 32 with FP32 weights.
    /// Quantized weights are widened before they meet the activations.
    pub fn activation_bytes(self) -> f64 {
        match self {
            WeightPrecision::Fp32 => 4.0,
            _ => 2.0,
        }
    }

    /// Bytes per cached key or value when the cache format is left to the
    /// server: the activations' format. Quantized weights do not shrink the
    /// cache; vLLM's default keeps it in the model's activation type, and an
    /// FP8 cache is a separate choice (`KvCache::Fp8`).
    pub fn default_kv_bytes(self) -> f64 {
        self.activation_bytes()
    }

    pub(super) fn parse(text: &str) -> Option<WeightPrecision> {
        WeightPrecision::ALL
            .into_iter()
            .find(|precision| precision.key().eq_ignore_ascii_case(text.trim()))
    }
}

/// How the KV cache is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KvCache {
    /// In the activations' format (see `WeightPrecision::default_kv_bytes`).
    Auto,
    /// In FP8, one byte per value.
    Fp8,
}

impl KvCache {
    pub const ALL: [KvCache; 2] = [KvCache::Auto, KvCache::Fp8];

    pub fn key(self) -> &'static str {
        match self {
            KvCache::Auto => "auto",
            KvCache::Fp8 => "fp8",
        }
    }

    pub fn bytes_per_value(self, precision: WeightPrecision) -> f64 {
        match self {
            KvCache::Auto => precision.default_kv_bytes(),
            KvCache::Fp8 => 1.0,
        }
    }
}

/// How the server groups requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scheduler {
    /// Static batches, as Triton's dynamic batcher forms them: a batch is
    /// prefilled and decoded together, and the next starts only when its
    /// longest answer is done.
    Static,
    /// Iteration-level scheduling, as in Orca and vLLM: requests join and
    /// leave the running batch between decode steps.
    Continuous,
}

impl Scheduler {
    pub const ALL: [Scheduler; 2] = [Scheduler::Static, Scheduler::Continuous];

    pub fn key(self) -> &'static str {
        match self {
            Scheduler::Static => "static",
            Scheduler::Continuous => "continuous",
        }
    }
}

/// How many tokens each request generates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OutputLengths {
    /// Every request generates exactly `output_tokens`.
    Fixed,
    /// Each request draws a length uniformly from 1 to 2·`output_tokens` − 1,
    /// so the mean stays `output_tokens` and the longest is about twice it.
    Uniform,
}

impl OutputLengths {
    pub const ALL: [OutputLengths; 2] = [OutputLengths::Fixed, OutputLengths::Uniform];

    pub fn key(self) -> &'static str {
        match self {
            OutputLengths::Fixed => "fixed",
            OutputLengths::Uniform => "uniform",
        }
    }

    /// The longest output a request can ask for, given the mean.
    pub fn longest(self, mean: u64) -> u64 {
        match self {
            OutputLengths::Fixed => mean.max(1),
            OutputLengths::Uniform => mean.saturating_mul(2).saturating_sub(1).max(1),
        }
    }

    /// The expected longest of `batch` independent lengths, which sets the
    /// decode steps a static batch runs (one fewer, as the prefill emits the
    /// first token), since it ends with its longest answer. For the
    /// uniform lengths on 1..=M, E[max] = Σₖ P(max ≥ k) = Σₖ (1 − ((k − 1)/M)^B).
    pub fn expected_longest(self, mean: u64, batch: u64) -> f64 {
        match self {
            OutputLengths::Fixed => mean.max(1) as f64,
            OutputLengths::Uniform => {
                let most = self.longest(mean);
                let power = i32::try_from(batch.max(1)).unwrap_or(i32::MAX);
                (1..=most)
                    .map(|k| 1.0 - ((k - 1) as f64 / most as f64).powi(power))
                    .sum()
            }
        }
    }

    /// One request's length from a uniform draw `unit` in (0, 1).
    pub fn draw(self, mean: u64, unit: f64) -> u64 {
        match self {
            OutputLengths::Fixed => mean.max(1),
            OutputLengths::Uniform => {
                let most = self.longest(mean);
                // `as` saturates; the product is below `most`, then bounded by it.
                (1 + (unit * most as f64) as u64).min(most)
            }
        }
    }
}
