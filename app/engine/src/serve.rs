//! Serving an LLM with dynamic or continuous batching: a seeded discrete-event
//! simulation of one replica's queue (one accelerator, or several splitting the model), with
//! batch service times from the roofline.
//!
//! # Model
//!
//! - **Arrivals** are Poisson at `arrival_per_s`, drawn from SplitMix64 seeded
//!   with `seed`, so a run is reproducible to the last digit.
//! - **Batching** follows the dynamic batchers of serving systems such as
//!   Triton: the server starts a batch when `max_batch` requests wait or when
//!   the oldest waiting request has waited `batch_window_ms`, whichever is
//!   first, and never before it is free. With a window of 0 an idle server
//!   serves an arriving request at once. Batches are static: all requests of a
//!   batch are prefilled together and decode together until the longest answer
//!   is done; only then does the next batch start.
//! - **Continuous batching** (`scheduler` = `continuous`) schedules per step
//!   instead, as Orca (Yu et al. 2022) and vLLM do: between decode steps the
//!   server prefills the oldest waiting requests, up to `max_batch` running,
//!   in one pass that pauses the others, and a finished request leaves at
//!   once. The batch window plays no part. Each request still reserves its
//!   cache at full length, so memory caps the running batch as it caps a
//!   static one (see `continuous`). Prefill that pauses everyone, instead of
//!   running in chunks beside decode steps as TensorRT-LLM and vLLM can,
//!   makes the model conservative under load: against NVIDIA NIM's
//!   closed-loop throughput at 5, 25 and 50 requests in flight it is 6%, 17%
//!   and 22% low (see the tests).
//! - **Output lengths**: every request generates `output_tokens`, or with
//!   `output_lengths` = `uniform` a length drawn uniformly from 1 to
//!   2·`output_tokens` − 1, or with `geometric` a long-tailed length: each
//!   token ends the answer with chance 1 / `output_tokens`, up to 8 × that
//!   mean (from a second seeded stream, so every run of the sweep sees the
//!   same lengths). A static batch then decodes until its
//!   longest answer is done, each request receiving its last token after its
//!   own number of steps; capacity counts E[max] of B lengths, less the
//!   token the prefill emits, as a full batch's steps. Each request reserves
//!   cache for the longest length (one token more than it ever holds, since
//!   the last token's keys are never cached: a safe margin).
//! - **Service time** of a batch of B comes from the roofline (Williams et al.
//!   2009). Prefill takes max(2·N·B·prompt / (η·P), weights / BW). Each decode
//!   step reads the weights and every request's KV cache, or computes 2·N·B
//!   FLOPs, whichever is slower: max((W + B·context·κ) / BW, 2·N·B / (η·P)),
//!   with the context growing by one token a step. P is the dense peak at the
//!   compute precision, η = `compute_efficiency`, BW the peak memory bandwidth
//!   times `memory_efficiency` (the share of it that serving reaches, which
//!   Databricks measured at 55–60% at batch 1 on 2–4 GPUs). KV-cache
//!   writes and activations are left out. Prefill emits a request's first
//!   token (the time to first token ends there), and `output_tokens` − 1
//!   decode steps emit the rest, as serving benchmarks count them (latency =
//!   TTFT + (tokens − 1) × TPOT); a one-token answer is done when its
//!   prefill ends. With the defaults, batch-1 decode of a 70B model lands within 10% of
//!   NVIDIA's and LMDeploy's published per-token latencies (see the tests).
//! - **Tensor parallelism**: with `tensor_parallel` = t > 1 a replica is t
//!   accelerators that split every layer as Megatron-LM does (Shoeybi et al.
//!   2019): each holds W/t of the weights and 1/t of the KV cache, computes
//!   1/t of the FLOPs, and the replica all-reduces each layer's output twice
//!   a pass. Keys and values split by whole heads of 128, so once t exceeds
//!   the model's key/value heads (kv_dim / 128) each accelerator keeps a copy
//!   of one, as vLLM does, and the replica's cache holds t heads. A message is
//!   tokens × d × activation bytes with d = √(N / 12L); it crosses the chips'
//!   own links (half the catalogue's two-way figure, 5 µs a step) by ring or
//!   recursive doubling, whichever is faster (Thakur et al. 2005), and is not
//!   overlapped with compute. t may not exceed the part's fast-link domain (8
//!   for PCIe cards that publish none, as in 8-card cloud servers), nor 64.
//! - **Precision**: weights take 4, 2, 1, 1 or 0.5 bytes per parameter for
//!   fp32, bf16, fp8, int8 and int4. Arithmetic uses the same format, except
//!   int4, which is weight-only quantization (as in GPTQ): multiplied in bf16.
//!   The KV cache stays in 16 bits (32 for fp32 weights), as vLLM keeps it
//!   unless told otherwise; `kv_cache` = `fp8` stores it in one byte.
//! - **KV cache** per token is 2 × layers × kv_dim × bytes (Kwon et al. 2023),
//!   with kv_dim widened to t heads when the replica copies heads (above).
//!   Left empty, `layers` and `kv_dim` come from the parameter count with
//!   N ≈ 12·L·d² and d = 128·L (GPT-3's width per layer); models with
//!   grouped-query attention cache less than that guess. A batch's caches at
//!   full length plus the weights must fit in the replica's memory, which
//!   caps the batch (`memory_max_batch`); if not even one request fits the
//!   input is rejected.
//!
//! # Outputs
//!
//! Latency (`latency_ms`, with p50 and p99) is time to the last token: arrival
//! to the request's last decode step, or to the end of its prefill for a
//! one-token answer. `ttft_ms` is arrival to the end of its prefill, the
//! first token, and `tpot_ms` the mean time per later token as AIPerf
//! measures inter-token latency: each request's (latency − TTFT) / (tokens −
//! 1), averaged over the `tpot_requests` with more than one token (0 when
//! there are none); the sweep also gives each limit's p99 TTFT and whether
//! its full batches keep up with the arrivals (`keeps_up`, the sweep's
//! `stable`: when they do not, the queue grows for as long as the run). The
//! simulation runs once for each batch limit 1, 2, 4, … up to the largest that
//! fits (the `sweep`); the headline numbers are the last run's.
//! `max_batch_meeting_slo` is the largest swept limit whose p99 latency meets
//! `latency_slo_ms` at this arrival rate. `slo_beyond_reach` says that an
//! answer at the 99th percentile of the length distribution, served alone,
//! already takes longer than the target, so no number of replicas can meet
//! it. `accelerators_needed` splits the traffic evenly over replicas so each
//! runs at most `max_load` of its capacity with full batches, B / S(B), and
//! counts t accelerators for each replica. A full static batch runs E[max] of
//! B output lengths, less one, decode steps; a continuous server is charged a
//! prefill pass per request, the worst case, when requests leave and join one
//! at a time (`output::full_batch_s`). `usd_per_million_requests` charges
//! those replicas' hours at `usd_per_hour` and is `null` when no price is
//! given.
//!
//! # Keys and defaults
//!
//! | key | default | meaning |
//! |---|---|---|
//! | `accelerator` | `h100-sxm-80gb` | catalogue id; needs memory capacity, bandwidth and the compute precision's peak |
//! | `tensor_parallel` | 1 | accelerators per replica, splitting every layer; above 1 needs the part's chip-to-chip link |
//! | `params` | 7e9 | parameters N, a Llama-2-7B-sized model |
//! | `precision` | `bf16` | `fp32`, `bf16`, `fp8`, `int8` or `int4` |
//! | `layers` | empty | optional; derived from `params` when empty |
//! | `kv_cache` | `auto` | `auto` keeps keys and values in 16 bits (32 with fp32 weights); `fp8` in one byte |
//! | `kv_dim` | empty | optional width of keys (and of values) per layer; derived when empty; kv_heads × head size with grouped-query attention |
//! | `prompt_tokens` | 512 | prompt length per request |
//! | `output_tokens` | 128 | tokens generated per request (the mean, when they vary) |
//! | `output_lengths` | `fixed` | `fixed`; `uniform` from 1 to 2·`output_tokens` − 1; or `geometric` with mean `output_tokens`, up to 8 × it |
//! | `arrival_per_s` | 10 | mean request rate λ |
//! | `scheduler` | `static` | `static` batches, or `continuous` batching (requests join and leave between decode steps) |
//! | `max_batch` | 32 | largest batch the server forms; with `continuous`, most requests decoding at once |
//! | `batch_window_ms` | 50 | longest the oldest request waits for a static batch to fill |
//! | `latency_slo_ms` | 4000 | p99 target for the whole response |
//! | `compute_efficiency` | 0.5 | assumed share of peak FLOP/s reached, in (0, 1] |
//! | `memory_efficiency` | 0.6 | share of peak memory bandwidth reached, in (0, 1]; Databricks measured 0.55–0.6 |
//! | `max_load` | 0.8 | assumed highest share of capacity to plan for, in (0, 1] |
//! | `usd_per_hour` | empty | optional price of one accelerator-hour |
//! | `requests` | 20000 | requests simulated per run |
//! | `seed` | 1 | seed of the arrival stream |

mod choices;
mod continuous;
mod model;
mod output;
mod percentile;
mod sim;

pub use choices::{KvCache, OutputLengths, Scheduler, WeightPrecision};

pub use model::{derived_shape, ServiceModel, HIDDEN_PER_LAYER, KV_HEAD_SIZE};
pub use output::{compute, mean_batch_text, LatencyMs, ServeOutput, SweepPoint};
pub use sim::{sweep_sizes, Progress, RunResult, Simulation};

use output::summarize;

use crate::collective::LATENCY_INTRA_S;
use crate::explain::Source;
use crate::field::{missing_figures, Checker, FieldErrors, FieldProblem, Range};
use crate::format;
use crate::hardware::{Accelerator, Catalogue};
use crate::split::presets::ModelPreset;
use serde::{Deserialize, Serialize};

pub const SLUG: &str = "serve";

pub const KWON_2023: Source = Source {
    title: "Kwon et al. 2023, Efficient Memory Management for Large Language Model Serving with PagedAttention",
    locator: "Section 3 (one token's KV cache is 2 × hidden size × layers × bytes: 800 KB for OPT-13B)",
    url: "https://arxiv.org/abs/2309.06180",
};

pub const POPE_2022: Source = Source {
    title: "Pope et al. 2022, Efficiently Scaling Transformer Inference",
    locator: "Section 2 (decode reads all weights and the KV cache every step, so small batches are memory-bound)",
    url: "https://arxiv.org/abs/2211.05102",
};

pub const THAKUR_2005: Source = Source {
    title: "Thakur, Rabenseifner and Gropp 2005, Optimization of Collective Communication Operations in MPICH",
    locator: "Section 4.4, MPI_Allreduce (recursive doubling, lg p steps each moving the whole message, for short messages; for long ones, algorithms that move only 2(p−1)/p of it, as a ring does)",
    url: "https://doi.org/10.1177/1094342005051521",
};

pub const DATABRICKS_MBU_2023: Source = Source {
    title: "Agarwal et al. (Databricks) 2023, LLM Inference Performance Engineering: Best Practices",
    locator: "Memory Bandwidth Utilization: a decode step moves the weights and KV cache, so achieved bandwidth = (model + KV-cache bytes) / time per output token; at batch 1 it reached 60% of peak on 2 H100-80GB and 55% on 4 A100-40GB",
    url: "https://www.databricks.com/blog/llm-inference-performance-engineering-best-practices",
};

pub const YU_2022: Source = Source {
    title: "Yu et al. 2022, Orca: A Distributed Serving System for Transformer-Based Generative Models (OSDI '22)",
    locator: "Section 3.1, iteration-level scheduling (requests join and leave the batch between iterations, so a finished request returns at once and a new one need not wait for the whole batch)",
    url: "https://www.usenix.org/conference/osdi22/presentation/yu",
};

pub const DATABRICKS_LATENCY_METRICS: Source = Source {
    title: "Agarwal et al. (Databricks) 2023, LLM Inference Performance Engineering: Best Practices",
    locator: "Important Metrics for LLM Serving: time to first token (TTFT), set by the wait in the queue and the prompt's prefill; time per output token (TPOT)",
    url: "https://www.databricks.com/blog/llm-inference-performance-engineering-best-practices",
};

pub const VLLM_KV_HEAD_REPLICATION: Source = Source {
    title: "vLLM, vllm/model_executor/models/llama.py, LlamaAttention",
    locator: "with fewer key/value heads than the tensor-parallel size the heads are replicated: num_kv_heads = max(1, total_num_kv_heads // tp_size) per GPU",
    url: "https://github.com/vllm-project/vllm/blob/0035bdf2b1ac243ef6f31eef27411b022461df8e/vllm/model_executor/models/llama.py",
};

/// How benchmarks count the tokens after the first: the prefill emits one,
/// so a request's decode interval divides by the tokens less one.
pub const AIPERF_INTER_TOKEN_LATENCY: Source = Source {
    title: "NVIDIA AIPerf (the successor of GenAI-Perf), README, Metrics Reference",
    locator: "Streaming Metrics: Inter Token Latency = (request_latency − time_to_first_token) / (output_sequence_length − 1)",
    url: "https://github.com/ai-dynamo/aiperf/blob/240ab66777dc06c0b2a67856c16a43f538ec9c9b/README.md",
};

pub const TRITON_DYNAMIC_BATCHER: Source = Source {
    title: "NVIDIA Triton Inference Server, Model Configuration",
    locator: "Dynamic Batcher: max batch size and max_queue_delay_microseconds",
    url: "https://docs.nvidia.com/deeplearning/triton-inference-server/user-guide/docs/user_guide/model_configuration.html#dynamic-batcher",
};

pub const HARCHOL_BALTER_2013: Source = Source {
    title: "Harchol-Balter 2013, Performance Modeling and Design of Computer Systems: Queueing Theory in Action",
    locator: "Chapter 23, The M/G/1 Queue (Pollaczek–Khinchine formula)",
    url: "https://www.cs.cmu.edu/~harchol/PerformanceModeling/book.html",
};

pub const FIELDS: [&str; 21] = [
    "accelerator",
    "tensor_parallel",
    "params",
    "precision",
    "kv_cache",
    "layers",
    "kv_dim",
    "prompt_tokens",
    "output_tokens",
    "output_lengths",
    "arrival_per_s",
    "scheduler",
    "max_batch",
    "batch_window_ms",
    "latency_slo_ms",
    "compute_efficiency",
    "memory_efficiency",
    "max_load",
    "usd_per_hour",
    "requests",
    "seed",
];

/// Raw strings, as typed; the module docs list every key and its default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServeForm {
    pub accelerator: String,
    pub tensor_parallel: String,
    pub params: String,
    pub precision: String,
    pub kv_cache: String,
    pub layers: String,
    pub kv_dim: String,
    pub prompt_tokens: String,
    pub output_tokens: String,
    pub output_lengths: String,
    pub arrival_per_s: String,
    pub scheduler: String,
    pub max_batch: String,
    pub batch_window_ms: String,
    pub latency_slo_ms: String,
    pub compute_efficiency: String,
    pub memory_efficiency: String,
    pub max_load: String,
    pub usd_per_hour: String,
    pub requests: String,
    pub seed: String,
}

impl Default for ServeForm {
    /// A 7B chat model in BF16 on one H100, ten requests a second, batches of
    /// up to 32 gathered for at most 50 ms, and a 4-second p99 target.
    fn default() -> Self {
        ServeForm {
            accelerator: "h100-sxm-80gb".into(),
            tensor_parallel: "1".into(),
            params: "7e9".into(),
            precision: "bf16".into(),
            kv_cache: "auto".into(),
            layers: String::new(),
            kv_dim: String::new(),
            prompt_tokens: "512".into(),
            output_tokens: "128".into(),
            output_lengths: "fixed".into(),
            arrival_per_s: "10".into(),
            scheduler: "static".into(),
            max_batch: "32".into(),
            batch_window_ms: "50".into(),
            latency_slo_ms: "4000".into(),
            compute_efficiency: "0.5".into(),
            memory_efficiency: "0.6".into(),
            max_load: "0.8".into(),
            usd_per_hour: String::new(),
            requests: "20000".into(),
            seed: "1".into(),
        }
    }
}

impl ServeForm {
    fn slot(&mut self, field: &str) -> Option<&mut String> {
        Some(match field {
            "accelerator" => &mut self.accelerator,
            "tensor_parallel" => &mut self.tensor_parallel,
            "params" => &mut self.params,
            "precision" => &mut self.precision,
            "kv_cache" => &mut self.kv_cache,
            "layers" => &mut self.layers,
            "kv_dim" => &mut self.kv_dim,
            "prompt_tokens" => &mut self.prompt_tokens,
            "output_tokens" => &mut self.output_tokens,
            "output_lengths" => &mut self.output_lengths,
            "arrival_per_s" => &mut self.arrival_per_s,
            "scheduler" => &mut self.scheduler,
            "max_batch" => &mut self.max_batch,
            "batch_window_ms" => &mut self.batch_window_ms,
            "latency_slo_ms" => &mut self.latency_slo_ms,
            "compute_efficiency" => &mut self.compute_efficiency,
            "memory_efficiency" => &mut self.memory_efficiency,
            "max_load" => &mut self.max_load,
            "usd_per_hour" => &mut self.usd_per_hour,
            "requests" => &mut self.requests,
            "seed" => &mut self.seed,
            _ => return None,
        })
    }

    /// Checks every field, that the accelerator publishes what the model
    /// needs, and that the weights and one request's KV cache fit in memory.
    pub fn validate(&self, catalogue: &Catalogue) -> Result<ServeInput, FieldErrors> {
        let mut checker = Checker::default();
        let precision = WeightPrecision::parse(&self.precision);
        if precision.is_none() {
            let keys = WeightPrecision::ALL.map(WeightPrecision::key);
            let allowed = keys.join(", ");
            // FP16 is a real serving format, so it gets a way forward rather
            // than a bare list: it costs what BF16 costs in this model.
            let problem = if self.precision.trim().eq_ignore_ascii_case("fp16") {
                FieldProblem::Invalid {
                    reason: format!("Choose bf16 for FP16: both take 2 bytes, and the catalogue lists one 16-bit peak per part (FP16's on parts without BF16, such as the T4). Choose one of: {allowed}."),
                }
            } else {
                FieldProblem::not_a_choice(&self.precision, &keys)
            };
            checker.errors.push("precision", problem);
        }
        let hardware = find_hardware(catalogue, &self.accelerator, precision, &mut checker);
        let kv_cache = checker.choice(
            "kv_cache",
            &self.kv_cache,
            &KvCache::ALL.map(|cache| (cache.key(), cache)),
        );
        let scheduler = checker.choice(
            "scheduler",
            &self.scheduler,
            &Scheduler::ALL.map(|scheduler| (scheduler.key(), scheduler)),
        );
        let output_lengths = checker.choice(
            "output_lengths",
            &self.output_lengths,
            &OutputLengths::ALL.map(|lengths| (lengths.key(), lengths)),
        );
        let tensor_parallel = checker.whole(
            "tensor_parallel",
            &self.tensor_parallel,
            Range::at_least(1.0, MAX_TENSOR_PARALLEL as f64),
        );
        let params = checker.real("params", &self.params, Range::above(0.0, 1e13));
        let layers = checker.optional_whole("layers", &self.layers, Range::at_least(1.0, 1000.0));
        let kv_dim = checker.optional_whole("kv_dim", &self.kv_dim, Range::at_least(1.0, 1e6));
        let prompt = checker.whole(
            "prompt_tokens",
            &self.prompt_tokens,
            Range::at_least(0.0, 1e6),
        );
        let output = checker.whole(
            "output_tokens",
            &self.output_tokens,
            Range::at_least(1.0, 1e5),
        );
        let arrival = checker.real("arrival_per_s", &self.arrival_per_s, Range::above(0.0, 1e6));
        let max_batch = checker.whole("max_batch", &self.max_batch, Range::at_least(1.0, 4096.0));
        let window_ms = checker.real(
            "batch_window_ms",
            &self.batch_window_ms,
            Range::at_least(0.0, 1e6),
        );
        let slo_ms = checker.real(
            "latency_slo_ms",
            &self.latency_slo_ms,
            Range::above(0.0, 1e9),
        );
        // A share of peak below 1% describes no real server, and tinier ones
        // overflow the replica count, so both efficiencies start at 0.01.
        let efficiency = checker.real(
            "compute_efficiency",
            &self.compute_efficiency,
            Range::at_least(0.01, 1.0),
        );
        let memory_efficiency = checker.real(
            "memory_efficiency",
            &self.memory_efficiency,
            Range::at_least(0.01, 1.0),
        );
        let max_load = checker.real("max_load", &self.max_load, Range::above(0.0, 1.0));
        let usd_per_hour = checker.optional_real(
            "usd_per_hour",
            &self.usd_per_hour,
            Range::at_least(0.0, 1e6),
        );
        let requests = checker.whole("requests", &self.requests, Range::at_least(1.0, 1e6));
        let seed = checker.whole("seed", &self.seed, Range::at_least(0.0, 9e15));
        let shape = params.map(derived_shape);
        let link = match (hardware, tensor_parallel) {
            (Some((acc, _)), Some(t)) => tensor_link(acc, t, &mut checker),
            _ => None,
        };
        let input = checker.finish(|| {
            let (accelerator, hardware) = hardware?;
            let link_bytes_per_s = link?;
            Some(ServeInput {
                accelerator_id: accelerator.id.clone(),
                accelerator_name: accelerator.name.clone(),
                peak_flops_per_s: hardware.peak_flops_per_s,
                bandwidth_bytes_per_s: hardware.bandwidth_bytes_per_s,
                memory_bytes: hardware.memory_bytes,
                tensor_parallel: tensor_parallel?,
                link_bytes_per_s,
                link_latency_s: LATENCY_INTRA_S,
                params: params?,
                precision: precision?,
                kv_cache: kv_cache?,
                layers: layers?.or(shape.map(|(layers, _)| layers))?,
                kv_dim: kv_dim?.or(match layers? {
                    Some(typed) => Some(model::width_for_layers(params?, typed)),
                    None => shape.map(|(_, hidden)| hidden),
                })?,
                layers_derived: layers?.is_none(),
                kv_dim_derived: kv_dim?.is_none(),
                kv_head_size: self.preset_head_size().unwrap_or(KV_HEAD_SIZE),
                prompt_tokens: prompt?,
                output_tokens: output?,
                output_lengths: output_lengths?,
                arrival_per_s: arrival?,
                scheduler: scheduler?,
                max_batch: max_batch?,
                batch_window_s: window_ms? / 1000.0,
                latency_slo_s: slo_ms? / 1000.0,
                compute_efficiency: efficiency?,
                memory_efficiency: memory_efficiency?,
                max_load: max_load?,
                usd_per_hour: usd_per_hour?,
                requests: requests?,
                seed: seed?,
            })
        })?;
        // Memory depends on nearly every other field, so it is checked once they all parse.
        let model = ServiceModel::new(&input);
        if model.memory_max_batch(input.memory_bytes) == 0 {
            let need_bytes = model.weights_bytes + model.kv_bytes_per_request();
            let fit = FieldProblem::DoesNotFit {
                name: input.accelerator_name.clone(),
                need: format::si(need_bytes, "B"),
                have: if input.tensor_parallel > 1 {
                    format!(
                        "{} across {} of them",
                        format::si(input.memory_bytes * input.tensor_parallel as f64, "B"),
                        input.tensor_parallel
                    )
                } else {
                    format::si(input.memory_bytes, "B")
                },
            };
            let limit = catalogue
                .find(&input.accelerator_id)
                .and_then(group_limit)
                .map(|(limit, _)| limit);
            let mut errors = FieldErrors::default();
            errors.push(
                "params",
                FieldProblem::Invalid {
                    reason: format!("{fit} {}", fit_hint(need_bytes, input.memory_bytes, limit)),
                },
            );
            return Err(errors);
        }
        Ok(input)
    }
}

crate::widgets::slot_form!(ServeForm, FIELDS);

/// The splitter's published model shapes that generate text token by token;
/// BERT encodes a whole input at once and keeps no KV cache.
pub fn model_presets() -> impl Iterator<Item = &'static ModelPreset> {
    crate::split::presets::PRESETS
        .iter()
        .filter(|preset| preset.key != "bert-large")
}

/// The three fields a preset fills: parameters (three significant figures,
/// as typed), layers and the key/value width, kv_heads × head size.
fn preset_fields(preset: &ModelPreset) -> [String; 3] {
    let arch = &preset.architecture;
    let params = format!(
        "{}e9",
        format::significant_digits(arch.params() / 1e9, 3).replace(',', "")
    );
    // The width is hidden × kv_heads / heads, a whole number for every preset.
    let kv_dim = arch.kv_dim().round().max(1.0) as u64;
    [params, arch.layers.to_string(), kv_dim.to_string()]
}

impl ServeForm {
    /// Fills parameters, layers and key/value width from a published model
    /// and says whether it did; an unknown key leaves the form as it was.
    pub fn apply_preset(&mut self, key: &str) -> bool {
        let Some(preset) =
            model_presets().find(|preset| preset.key.eq_ignore_ascii_case(key.trim()))
        else {
            return false;
        };
        let [params, layers, kv_dim] = preset_fields(preset);
        self.params = params;
        self.layers = layers;
        self.kv_dim = kv_dim;
        true
    }

    /// The width of one attention head of the preset the form holds, which
    /// its keys and values share (hidden size / heads).
    fn preset_head_size(&self) -> Option<u64> {
        let arch = &self.held_preset()?.architecture;
        Some((arch.hidden / arch.heads.max(1)).max(1))
    }

    /// The preset whose shape the form holds, if any, so a menu can show it.
    pub fn preset_key(&self) -> Option<&'static str> {
        self.held_preset().map(|preset| preset.key)
    }

    /// The published model whose three fields the form holds exactly.
    fn held_preset(&self) -> Option<&'static ModelPreset> {
        model_presets().find(|preset| {
            let [params, layers, kv_dim] = preset_fields(preset);
            self.params.trim() == params
                && self.layers.trim() == layers
                && self.kv_dim.trim() == kv_dim
        })
    }
}

/// The largest tensor-parallel group the simulator accepts on any part.
pub const MAX_TENSOR_PARALLEL: u64 = 64;

/// PCIe cards publish no group size for their links; eight is what the
/// 8-card cloud servers the catalogue prices them by hold (AWS g4dn.metal
/// and g6.48xlarge).
pub const PCIE_CARDS_PER_SERVER: u64 = 8;

/// The largest tensor-parallel group the part's own links join, and their
/// one-way rate: the fast-link domain, or `PCIE_CARDS_PER_SERVER` for cards
/// that publish none, never above `MAX_TENSOR_PARALLEL`. `None` when the part
/// lists no chip-to-chip link at all.
fn group_limit(acc: &Accelerator) -> Option<(u64, f64)> {
    let interconnect = acc.interconnect.as_ref()?;
    let rate = interconnect.pod_bytes_per_s().filter(|rate| *rate > 0.0)?;
    let domain = interconnect
        .domain_size
        .map_or(PCIE_CARDS_PER_SERVER, u64::from);
    Some((domain.min(MAX_TENSOR_PARALLEL), rate))
}

/// What to try when a model does not fit: the smallest replica that would
/// hold it, if the part's links allow one, else fewer bytes per weight.
fn fit_hint(need_bytes: f64, memory_bytes: f64, limit: Option<u64>) -> String {
    // A replica of t holds one request when t·M ≥ W + one request's cache.
    let smallest = crate::hardware::devices_needed(need_bytes, memory_bytes);
    match limit {
        Some(limit) if smallest <= limit => format!(
            "Split it over at least {smallest} accelerators per replica (t), or store fewer bytes per weight."
        ),
        Some(limit) => format!(
            "Even {limit} accelerators per replica, as many as its links join, cannot hold it: store fewer bytes per weight or choose a part with more memory."
        ),
        None => "This part lists no chip-to-chip link to split the model over: store fewer bytes per weight or choose a part with more memory.".to_string(),
    }
}

/// The one-way rate of the link tensor parallelism uses, or the problem
/// recorded against `tensor_parallel`. A replica of one needs no link.
fn tensor_link(acc: &Accelerator, t: u64, checker: &mut Checker) -> Option<f64> {
    if t <= 1 {
        return Some(0.0);
    }
    let Some((limit, rate)) = group_limit(acc) else {
        checker.errors.push(
            "tensor_parallel",
            FieldProblem::Invalid {
                reason: format!(
                    "{} publishes no chip-to-chip link bandwidth, so splitting the model across accelerators cannot be priced. Use 1.",
                    acc.name
                ),
            },
        );
        return None;
    };
    if t > limit {
        let domain = acc.interconnect.as_ref().and_then(|link| link.domain_size);
        let reason = match domain {
            Some(size) => format!(
                "{}'s fast links join {} chips; a tensor-parallel group larger than that would cross the slower network, which this simulator does not model. Use at most {}.",
                acc.name, size, limit
            ),
            None => format!(
                "{} publishes no group size for its links; this simulator allows up to {} cards, as many as the 8-card cloud servers hold. Use at most {}.",
                acc.name, PCIE_CARDS_PER_SERVER, limit
            ),
        };
        checker
            .errors
            .push("tensor_parallel", FieldProblem::Invalid { reason });
        return None;
    }
    Some(rate)
}

/// The three numbers the model needs from the catalogue.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Hardware {
    peak_flops_per_s: f64,
    bandwidth_bytes_per_s: f64,
    memory_bytes: f64,
}

/// The accelerator and its figures, or the problem recorded against
/// `accelerator`. An unknown id is reported even when the precision is not
/// valid; what the part must publish depends on the precision, so that check waits.
fn find_hardware<'a>(
    catalogue: &'a Catalogue,
    raw: &str,
    precision: Option<WeightPrecision>,
    checker: &mut Checker,
) -> Option<(&'a Accelerator, Hardware)> {
    let id = raw.trim();
    if id.is_empty() {
        checker.errors.push("accelerator", FieldProblem::Empty);
        return None;
    }
    let Some(acc) = catalogue.find(id) else {
        checker.errors.push(
            "accelerator",
            FieldProblem::UnknownId {
                id: id.chars().take(40).collect(),
            },
        );
        return None;
    };
    let compute = precision?.compute_precision();
    let hardware = acc
        .peak_flops_per_s(compute)
        .zip(acc.bandwidth_bytes_per_s())
        .zip(acc.memory.capacity_gb)
        .map(|((peak, bandwidth), capacity_gb)| Hardware {
            peak_flops_per_s: peak,
            bandwidth_bytes_per_s: bandwidth,
            memory_bytes: capacity_gb * 1e9,
        })
        .filter(|h| {
            h.peak_flops_per_s > 0.0 && h.bandwidth_bytes_per_s > 0.0 && h.memory_bytes > 0.0
        });
    if hardware.is_none() {
        // Name only the figures that are absent; a figure present but not
        // positive cannot pass the catalogue check, so the fallback names all.
        let mut missing: Vec<String> = [
            (
                acc.peak_flops_per_s(compute).is_none(),
                format!("{} peak", compute.label()),
            ),
            (
                acc.memory.capacity_gb.is_none(),
                "memory capacity".to_string(),
            ),
            (
                acc.bandwidth_bytes_per_s().is_none(),
                "memory bandwidth".to_string(),
            ),
        ]
        .into_iter()
        .filter_map(|(absent, figure)| absent.then_some(figure))
        .collect();
        if missing.is_empty() {
            missing = vec![
                format!("positive {} peak", compute.label()),
                "memory capacity".to_string(),
                "memory bandwidth".to_string(),
            ];
        }
        checker.errors.push(
            "accelerator",
            FieldProblem::MissingData {
                name: acc.name.clone(),
                what: missing_figures(&missing),
                so: "serving on it cannot be simulated; choose another part",
            },
        );
    }
    hardware.map(|hardware| (acc, hardware))
}

/// Validated input: an accelerator that publishes the compute precision's
/// peak, its memory capacity and bandwidth, and a model whose weights and one
/// request's KV cache fit in that memory.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServeInput {
    pub accelerator_id: String,
    pub accelerator_name: String,
    pub peak_flops_per_s: f64,
    pub bandwidth_bytes_per_s: f64,
    pub memory_bytes: f64,
    /// Accelerators per replica.
    pub tensor_parallel: u64,
    /// The chips' own link, one direction (0 when `tensor_parallel` is 1).
    pub link_bytes_per_s: f64,
    pub link_latency_s: f64,
    pub params: f64,
    pub precision: WeightPrecision,
    pub kv_cache: KvCache,
    pub layers: u64,
    pub kv_dim: u64,
    pub layers_derived: bool,
    pub kv_dim_derived: bool,
    /// The width of one key/value head: the preset's, else `KV_HEAD_SIZE`.
    pub kv_head_size: u64,
    pub prompt_tokens: u64,
    pub output_tokens: u64,
    pub output_lengths: OutputLengths,
    pub arrival_per_s: f64,
    pub scheduler: Scheduler,
    pub max_batch: u64,
    pub batch_window_s: f64,
    pub latency_slo_s: f64,
    pub compute_efficiency: f64,
    pub memory_efficiency: f64,
    pub max_load: f64,
    pub usd_per_hour: Option<f64>,
    pub requests: u64,
    pub seed: u64,
}

impl ServeInput {
    /// Bytes per cached key or value.
    pub fn kv_bytes_per_value(&self) -> f64 {
        self.kv_cache.bytes_per_value(self.precision)
    }

    /// The batch limit the server uses: the requested one, capped by memory.
    pub fn batch_limit(&self, model: &ServiceModel) -> u64 {
        self.max_batch
            .min(model.memory_max_batch(self.memory_bytes))
            .max(1)
    }
}

/// The smallest k from `low` to `high` for which `holds(k)` is true, or
/// `high` if none is. `holds` must stay true once it is, as k grows, so a
/// binary search finds k in about log₂(high − low) calls.
fn first_where(low: u64, high: u64, holds: impl Fn(u64) -> bool) -> u64 {
    let (mut low, mut high) = (low.min(high), high);
    while low < high {
        let middle = low + (high - low) / 2;
        if holds(middle) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    low
}

#[cfg(test)]
mod tests;
