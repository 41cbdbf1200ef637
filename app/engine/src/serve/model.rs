//! How long one batch takes on one accelerator, from the roofline, and how
//! many requests' KV caches fit next to the weights.

use super::ServeInput;
use serde::Serialize;

/// Width over depth of GPT-3 175B (12,288 / 96) and of GPT-3 13B and OPT-13B
/// (5,120 / 40), used to guess a model's shape from its size alone.
pub const HIDDEN_PER_LAYER: f64 = 128.0;

/// A dense transformer's shape from its parameter count: N ≈ 12 L d²
/// (Kaplan et al. 2020, Section 2.1) with d = 128 L gives d = (128 N / 12)^(1/3).
/// Returns (layers, hidden size), each at least 1.
pub fn derived_shape(params: f64) -> (u64, u64) {
    let hidden = (HIDDEN_PER_LAYER * params / 12.0).cbrt();
    // Validation bounds params, so both values are small positive numbers and
    // the casts are exact after rounding.
    let layers = (hidden / HIDDEN_PER_LAYER).round().max(1.0) as u64;
    (layers, hidden.round().max(1.0) as u64)
}

/// Everything the service time depends on, in SI units.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ServiceModel {
    pub params: f64,
    pub weights_bytes: f64,
    /// Keys and values of one token across every layer.
    pub kv_bytes_per_token: f64,
    pub bandwidth_bytes_per_s: f64,
    /// Peak throughput at the compute precision times the achievable share.
    pub compute_flops_per_s: f64,
    pub prompt_tokens: f64,
    pub output_tokens: f64,
}

impl ServiceModel {
    pub fn new(input: &ServeInput) -> ServiceModel {
        ServiceModel {
            params: input.params,
            weights_bytes: input.params * input.precision.bytes_per_param(),
            kv_bytes_per_token: 2.0
                * input.layers as f64
                * input.kv_dim as f64
                * input.kv_bytes_per_value(),
            bandwidth_bytes_per_s: input.bandwidth_bytes_per_s,
            compute_flops_per_s: input.peak_flops_per_s * input.compute_efficiency,
            prompt_tokens: input.prompt_tokens as f64,
            output_tokens: input.output_tokens as f64,
        }
    }

    /// The KV cache one request holds at its longest: prompt plus output.
    pub fn kv_bytes_per_request(&self) -> f64 {
        (self.prompt_tokens + self.output_tokens) * self.kv_bytes_per_token
    }

    /// The largest batch whose KV caches fit in memory beside the weights.
    pub fn memory_max_batch(&self, memory_bytes: f64) -> u64 {
        let room = (memory_bytes - self.weights_bytes) / self.kv_bytes_per_request();
        // `as` saturates, so an enormous room cannot wrap.
        room.floor().max(0.0) as u64
    }

    /// The whole prompt of every request in one pass: compute for all prompt
    /// tokens, or one read of the weights, whichever is slower.
    pub fn prefill_s(&self, batch: u64) -> f64 {
        let flops = 2.0 * self.params * batch as f64 * self.prompt_tokens;
        (flops / self.compute_flops_per_s).max(self.weights_bytes / self.bandwidth_bytes_per_s)
    }

    /// One decode step with `context` tokens already cached per request: read
    /// the weights and every request's cache, or compute one token each.
    pub fn decode_step_s(&self, batch: u64, context: f64) -> f64 {
        let batch = batch as f64;
        let bytes = self.weights_bytes + batch * context * self.kv_bytes_per_token;
        let flops = 2.0 * self.params * batch;
        (bytes / self.bandwidth_bytes_per_s).max(flops / self.compute_flops_per_s)
    }

    /// Every decode step, summed in closed form. Step t (from 0) reads a cache
    /// of prompt + t tokens, so its memory time a + c·t grows while its compute
    /// time K stays fixed: the first t₀ steps cost K, the rest a + c·t.
    pub fn decode_s(&self, batch: u64) -> f64 {
        let steps = self.output_tokens;
        let batch = batch as f64;
        let a = (self.weights_bytes + batch * self.prompt_tokens * self.kv_bytes_per_token)
            / self.bandwidth_bytes_per_s;
        let c = batch * self.kv_bytes_per_token / self.bandwidth_bytes_per_s;
        let k = 2.0 * self.params * batch / self.compute_flops_per_s;
        let compute_bound_steps = if c > 0.0 {
            ((k - a) / c).ceil().clamp(0.0, steps)
        } else if k > a {
            steps
        } else {
            0.0
        };
        let t0 = compute_bound_steps;
        let memory_steps = steps - t0;
        // Σ t for t in [t₀, steps) = (steps(steps − 1) − t₀(t₀ − 1)) / 2.
        let sum_of_t = (steps * (steps - 1.0) - t0 * (t0 - 1.0)) / 2.0;
        t0 * k + memory_steps * a + c * sum_of_t
    }

    /// Time from the start of a batch until all its requests have their output.
    pub fn service_s(&self, batch: u64) -> f64 {
        self.prefill_s(batch) + self.decode_s(batch)
    }
}
