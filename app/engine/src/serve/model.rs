//! How long one batch takes on one replica, from the roofline, and how many
//! requests' KV caches fit next to the weights. A replica is `t` accelerators
//! splitting every layer Megatron-style, which costs two all-reduces of the
//! layer's output per layer and pass.

use super::ServeInput;
use crate::collective::best_allreduce_s;
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

/// The width of a dense transformer with `layers` layers, from N ≈ 12 L d²,
/// for a shape whose depth is typed and whose width is not: the width then
/// agrees with the depth, where `derived_shape` would ignore it. At least 1.
pub fn width_for_layers(params: f64, layers: u64) -> u64 {
    // Validation bounds params and layers, so the root is finite and small.
    (params / (12.0 * layers.max(1) as f64))
        .sqrt()
        .round()
        .max(1.0) as u64
}

/// Everything the service time depends on, in SI units.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ServiceModel {
    pub params: f64,
    pub weights_bytes: f64,
    /// Keys and values of one token across every layer, as the replica
    /// stores them (heads copied when t exceeds the key/value heads).
    pub kv_bytes_per_token: f64,
    /// Peak memory bandwidth times the share serving reaches of it.
    pub bandwidth_bytes_per_s: f64,
    /// Peak throughput at the compute precision times the achievable share.
    pub compute_flops_per_s: f64,
    pub prompt_tokens: f64,
    /// The mean output, and the longest a request may ask for.
    pub output_tokens: f64,
    pub longest_output_tokens: f64,
    /// Accelerators per replica; 1 without tensor parallelism.
    pub tensor_parallel: u64,
    pub layers: f64,
    /// The model width the all-reduced activations have: the derived width
    /// when the shape comes from N alone, else √(N / 12L).
    pub hidden: f64,
    pub activation_bytes: f64,
    /// The chips' own link, one direction, and its latency per step.
    pub link_bytes_per_s: f64,
    pub link_latency_s: f64,
}

/// The width of one key (or value) head assumed for a shape typed by hand:
/// Llama's and GPT-3's. A preset brings its own (hidden size / heads).
pub const KV_HEAD_SIZE: u64 = 128;

/// The width of one key/value head as the cache stores it: `head_size`, but
/// never wider than all the keys of a layer (`kv_dim`), nor below 1.
pub fn stored_head_size(kv_dim: u64, head_size: u64) -> u64 {
    head_size.min(kv_dim).max(1)
}

/// The key width per layer that a replica of `t` accelerators stores. Each
/// accelerator keeps whole key/value heads, so once t exceeds the model's
/// key/value heads (kv_dim / head size) each keeps one and the heads are
/// copied, as vLLM does: max(1, kv_heads / t) heads per accelerator.
pub fn replica_kv_dim(kv_dim: u64, tensor_parallel: u64, head_size: u64) -> u64 {
    kv_dim.max(
        tensor_parallel
            .max(1)
            .saturating_mul(stored_head_size(kv_dim, head_size)),
    )
}

/// Decode steps for an answer of `tokens` tokens: the prefill emits the
/// first, and each step after it one more, as serving benchmarks count them
/// (end-to-end latency = TTFT + (tokens − 1) × TPOT).
pub fn decode_steps_for(tokens: u64) -> u64 {
    tokens.saturating_sub(1)
}

/// The same for a mean or expected length, which is at least one token.
pub fn mean_decode_steps_for(tokens: f64) -> f64 {
    (tokens - 1.0).max(0.0)
}

/// All-reduces per layer in one forward pass: after attention and after the
/// MLP (Shoeybi et al. 2019, Section 3).
pub const ALLREDUCES_PER_LAYER: f64 = 2.0;

/// The width of a dense transformer of `params` and `layers`, from
/// N ≈ 12·L·d² (Kaplan et al. 2020, Section 2.1).
pub fn hidden_from(params: f64, layers: u64) -> f64 {
    (params / (12.0 * layers.max(1) as f64)).sqrt()
}

impl ServiceModel {
    pub fn new(input: &ServeInput) -> ServiceModel {
        ServiceModel {
            params: input.params,
            weights_bytes: input.params * input.precision.bytes_per_param(),
            kv_bytes_per_token: 2.0
                * input.layers as f64
                * replica_kv_dim(input.kv_dim, input.tensor_parallel, input.kv_head_size) as f64
                * input.kv_bytes_per_value(),
            bandwidth_bytes_per_s: input.bandwidth_bytes_per_s * input.memory_efficiency,
            compute_flops_per_s: input.peak_flops_per_s * input.compute_efficiency,
            prompt_tokens: input.prompt_tokens as f64,
            output_tokens: input.output_tokens as f64,
            longest_output_tokens: input.output_lengths.longest(input.output_tokens) as f64,
            tensor_parallel: input.tensor_parallel.max(1),
            layers: input.layers as f64,
            // A shape derived from N already has its width; typed layers give √(N / 12L).
            hidden: if input.layers_derived && input.kv_dim_derived {
                input.kv_dim as f64
            } else {
                hidden_from(input.params, input.layers)
            },
            activation_bytes: input.precision.activation_bytes(),
            link_bytes_per_s: input.link_bytes_per_s,
            link_latency_s: input.link_latency_s,
        }
    }

    /// The tensor-parallel degree as a divisor.
    fn tp(&self) -> f64 {
        self.tensor_parallel as f64
    }

    /// One all-reduce of the activations of `tokens` tokens across the replica.
    pub fn allreduce_s(&self, tokens: f64) -> f64 {
        // An empty prefill sends nothing, so it waits for no latency either.
        if self.tensor_parallel <= 1 || self.link_bytes_per_s <= 0.0 || tokens <= 0.0 {
            return 0.0;
        }
        let bytes = tokens * self.hidden * self.activation_bytes;
        best_allreduce_s(
            self.tensor_parallel,
            bytes,
            self.link_bytes_per_s,
            self.link_latency_s,
        )
    }

    /// Every all-reduce of one forward pass over `tokens` tokens, fully exposed.
    pub fn pass_comm_s(&self, tokens: f64) -> f64 {
        ALLREDUCES_PER_LAYER * self.layers * self.allreduce_s(tokens)
    }

    /// The KV cache one request reserves: prompt plus the longest output it
    /// may ask for, since the server cannot know its length in advance. The
    /// last token's keys are never cached, so this is one token more than a
    /// request ever holds, a margin on the safe side.
    pub fn kv_bytes_per_request(&self) -> f64 {
        (self.prompt_tokens + self.longest_output_tokens) * self.kv_bytes_per_token
    }

    /// The largest batch whose KV caches fit beside the weights in the
    /// replica's memory: `memory_bytes` on each of its accelerators.
    pub fn memory_max_batch(&self, memory_bytes: f64) -> u64 {
        let room = (self.tp() * memory_bytes - self.weights_bytes) / self.kv_bytes_per_request();
        // `as` saturates, so an enormous room cannot wrap.
        room.floor().max(0.0) as u64
    }

    /// The whole prompt of every request in one pass: compute for all prompt
    /// tokens, or one read of the weights, whichever is slower, shared by the
    /// replica's accelerators; then the pass's all-reduces.
    pub fn prefill_s(&self, batch: u64) -> f64 {
        let flops = 2.0 * self.params * batch as f64 * self.prompt_tokens;
        let t = self.tp();
        (flops / (t * self.compute_flops_per_s))
            .max(self.weights_bytes / (t * self.bandwidth_bytes_per_s))
            + self.pass_comm_s(batch as f64 * self.prompt_tokens)
    }

    /// One decode step with `context` tokens already cached per request: read
    /// the weights and every request's cache, or compute one token each; then
    /// the all-reduces of one token per request.
    pub fn decode_step_s(&self, batch: u64, context: f64) -> f64 {
        let batch = batch as f64;
        let t = self.tp();
        let bytes = self.weights_bytes + batch * context * self.kv_bytes_per_token;
        let flops = 2.0 * self.params * batch;
        (bytes / (t * self.bandwidth_bytes_per_s)).max(flops / (t * self.compute_flops_per_s))
            + self.pass_comm_s(batch)
    }

    /// Every decode step of a full static batch of mean-length answers,
    /// summed in closed form.
    pub fn decode_s(&self, batch: u64) -> f64 {
        self.decode_steps_s(
            batch,
            batch as f64 * self.prompt_tokens,
            mean_decode_steps_for(self.output_tokens),
        )
    }

    /// `steps` decode steps of `batch` requests that hold `context` cached
    /// tokens between them at the first step, summed in closed form. Each step
    /// adds one token per request, so step j (from 0) reads context + B·j
    /// tokens: its memory time a + c·j grows while its compute time K stays
    /// fixed. The first j₀ steps cost K, the rest a + c·j; every step adds the
    /// same all-reduces.
    pub fn decode_steps_s(&self, batch: u64, context: f64, steps: f64) -> f64 {
        let comm = steps * self.pass_comm_s(batch as f64);
        let batch = batch as f64;
        let bandwidth = self.tp() * self.bandwidth_bytes_per_s;
        let a = (self.weights_bytes + context * self.kv_bytes_per_token) / bandwidth;
        let c = batch * self.kv_bytes_per_token / bandwidth;
        let k = 2.0 * self.params * batch / (self.tp() * self.compute_flops_per_s);
        let compute_bound_steps = if c > 0.0 {
            ((k - a) / c).ceil().clamp(0.0, steps)
        } else if k > a {
            steps
        } else {
            0.0
        };
        let j0 = compute_bound_steps;
        let memory_steps = steps - j0;
        // Σ j for j in [j₀, steps) = (steps(steps − 1) − j₀(j₀ − 1)) / 2.
        let sum_of_j = (steps * (steps - 1.0) - j0 * (j0 - 1.0)) / 2.0;
        j0 * k + memory_steps * a + c * sum_of_j + comm
    }

    /// Time from the start of a batch until all its requests have their output.
    pub fn service_s(&self, batch: u64) -> f64 {
        self.prefill_s(batch) + self.decode_s(batch)
    }

    /// The same for a batch that decodes `steps` times: a static batch runs
    /// until its longest answer is done.
    pub fn service_steps_s(&self, batch: u64, steps: f64) -> f64 {
        self.prefill_s(batch) + self.decode_steps_s(batch, batch as f64 * self.prompt_tokens, steps)
    }
}
