//! The choices the serving form offers from a list: weight format, cache
//! format, scheduler and how output lengths vary.

use super::first_where;
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
    /// Each token ends the answer with the same chance, 1 / `output_tokens`,
    /// so lengths are geometric with that mean: most answers are short and a
    /// few run long, as chat answers do. Lengths stop at
    /// `GEOMETRIC_LONGEST_PER_MEAN` × the mean, which fewer than 1 in 2,900
    /// draws would pass. Each request reserves cache for that longest
    /// length, four times what uniform lengths reserve, so the memory cap
    /// on the batch is pessimistic here.
    Geometric,
}

/// The longest geometric length, as a multiple of the mean: the chance of a
/// longer one is (1 − 1/m)^(8m) < e⁻⁸ ≈ 0.034%.
pub const GEOMETRIC_LONGEST_PER_MEAN: u64 = 8;

impl OutputLengths {
    pub const ALL: [OutputLengths; 3] = [
        OutputLengths::Fixed,
        OutputLengths::Uniform,
        OutputLengths::Geometric,
    ];

    pub fn key(self) -> &'static str {
        match self {
            OutputLengths::Fixed => "fixed",
            OutputLengths::Uniform => "uniform",
            OutputLengths::Geometric => "geometric",
        }
    }

    /// The longest output a request can ask for, given the mean.
    pub fn longest(self, mean: u64) -> u64 {
        match self {
            OutputLengths::Fixed => mean.max(1),
            OutputLengths::Uniform => mean.saturating_mul(2).saturating_sub(1).max(1),
            OutputLengths::Geometric => mean.saturating_mul(GEOMETRIC_LONGEST_PER_MEAN).max(1),
        }
    }

    /// The chance that each token has of not being the answer's last: 0 for
    /// a mean of one token, which always stops at once.
    fn keep_going(mean: u64) -> f64 {
        1.0 - 1.0 / mean.max(1) as f64
    }

    /// P(length ≤ k), for k from 0 up to the longest.
    fn at_most(self, mean: u64, k: u64) -> f64 {
        let most = self.longest(mean);
        if k >= most {
            return 1.0;
        }
        match self {
            OutputLengths::Fixed => 0.0,
            OutputLengths::Uniform => k as f64 / most as f64,
            // Each token stops the answer with chance 1/m, so an answer
            // outlasts k tokens with chance (1 − 1/m)^k.
            OutputLengths::Geometric => 1.0 - Self::keep_going(mean).powf(k as f64),
        }
    }

    /// The shortest length that `share` of the answers do not exceed, for a
    /// share in (0, 1]: the 99th percentile of the lengths at 0.99. A share
    /// of 0 or less asks for the shortest length there is.
    pub fn quantile(self, mean: u64, share: f64) -> u64 {
        let most = self.longest(mean);
        if self == OutputLengths::Fixed {
            return most;
        }
        // P(length ≤ k) rises with k, so a binary search over 1..=most finds it.
        first_where(1, most, |k| self.at_most(mean, k) >= share)
    }

    /// The expected longest of `batch` independent lengths, which sets the
    /// decode steps a static batch runs (one fewer, as the prefill emits the
    /// first token), since it ends with its longest answer:
    /// E[max] = Σₖ P(max ≥ k) = Σₖ (1 − P(length ≤ k − 1)^B), k = 1 … longest.
    /// It walks every k up to the longest, at most 8 × 10⁵ for the largest
    /// mean the form accepts, once per finished run.
    pub fn expected_longest(self, mean: u64, batch: u64) -> f64 {
        let most = self.longest(mean);
        if self == OutputLengths::Fixed {
            return most as f64;
        }
        let power = i32::try_from(batch.max(1)).unwrap_or(i32::MAX);
        let keep_going = Self::keep_going(mean);
        // P(length > k − 1) for geometric lengths, kept as a running product
        // so each step costs one multiplication, not a power.
        let mut outlasts = 1.0;
        let mut sum = 0.0;
        for k in 1..=most {
            let at_most = match self {
                OutputLengths::Uniform => (k - 1) as f64 / most as f64,
                _ => 1.0 - outlasts,
            };
            sum += 1.0 - at_most.powi(power);
            outlasts *= keep_going;
        }
        sum
    }

    /// One request's length from a uniform draw `unit` in (0, 1].
    pub fn draw(self, mean: u64, unit: f64) -> u64 {
        let most = self.longest(mean);
        match self {
            OutputLengths::Fixed => most,
            // With unit ≤ 1 the product is at most `most`, and the min keeps
            // the draw of exactly 1 there; `as` saturates.
            OutputLengths::Uniform => (1 + (unit * most as f64) as u64).min(most),
            OutputLengths::Geometric => {
                let keep_going = Self::keep_going(mean);
                if keep_going <= 0.0 {
                    return 1;
                }
                // Inverse of the distribution: the first k with
                // (1 − 1/m)^k < unit. Capping before the cast keeps a unit of
                // 0 (an infinite logarithm) at the longest, not past it.
                let extra = (unit.ln() / keep_going.ln()).floor().min(most as f64);
                (1u64.saturating_add(extra as u64)).min(most)
            }
        }
    }
}
