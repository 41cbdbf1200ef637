//! What `serve::compute` returns, built from the finished runs, and the story
//! behind each number.

use super::model::{
    decode_steps_for, mean_decode_steps_for, replica_kv_dim, stored_head_size, KV_HEAD_SIZE,
};
use super::{
    KvCache, OutputLengths, RunResult, Scheduler, ServeInput, ServiceModel, Simulation,
    AIPERF_INTER_TOKEN_LATENCY, DATABRICKS_LATENCY_METRICS, DATABRICKS_MBU_2023,
    HARCHOL_BALTER_2013, KWON_2023, POPE_2022, THAKUR_2005, TRITON_DYNAMIC_BATCHER,
    VLLM_KV_HEAD_REPLICATION, YU_2022,
};
use crate::collective::recursive_doubling_steps;
use crate::explain::{Binding, Explanation};
use crate::format;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LatencyMs {
    pub p50: f64,
    pub p99: f64,
    pub mean: f64,
}

/// One point of the sweep, for the throughput-against-latency chart.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SweepPoint {
    pub max_batch: u64,
    pub throughput_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    /// The p99 time to the first token.
    pub ttft_p99_ms: f64,
    pub mean_batch: f64,
    pub meets_slo: bool,
    /// Whether this limit's full-batch capacity exceeds the arrival rate. When
    /// it does not, the queue and its latencies grow with the run's length.
    pub keeps_up: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServeOutput {
    pub throughput_per_s: f64,
    pub latency_ms: LatencyMs,
    pub mean_queue_wait_ms: f64,
    /// Arrival to the first token (the end of the request's prefill).
    pub ttft_ms: LatencyMs,
    /// Mean time per output token after the first, over `tpot_requests`.
    pub tpot_ms: f64,
    /// The requests with more than one token, which TPOT averages over.
    pub tpot_requests: u64,
    /// Output tokens per request, on average over the lengths drawn.
    pub mean_output_tokens: f64,
    /// Output tokens generated per second: the throughput in the unit serving
    /// benchmarks publish, `throughput_per_s` × `mean_output_tokens`.
    pub output_tokens_per_s: f64,
    /// Requests per batch, on average.
    pub mean_batch: f64,
    pub meets_slo: bool,
    pub max_batch_meeting_slo: Option<u64>,
    /// `max_batch`, capped by memory.
    pub max_batch_used: u64,
    pub memory_max_batch: u64,
    pub service_time_ms: f64,
    pub service_time_batch_1_ms: f64,
    /// Requests per second one accelerator serves with full batches.
    pub capacity_per_s: f64,
    /// Arrival rate over capacity; at 1 or more the queue grows without bound.
    pub load: f64,
    pub stable: bool,
    /// Even alone on an idle server, an answer at the 99th percentile of the
    /// length distribution takes longer than the target, so no number of
    /// replicas meets it: only shorter answers, more accelerators per replica
    /// or faster hardware can. It describes the distribution, so a short run
    /// that happens to draw few long answers may still meet the target.
    pub slo_beyond_reach: bool,
    /// Copies of the model serving the traffic, each on `tensor_parallel` accelerators.
    pub replicas: u64,
    pub tensor_parallel: u64,
    pub accelerators_needed: u64,
    /// Tensor-parallel all-reduces of one decode step at the batch limit, and
    /// of the batch's prefill; 0 without tensor parallelism.
    pub tp_comm_per_step_ms: f64,
    pub tp_comm_prefill_ms: f64,
    pub usd_per_million_requests: Option<f64>,
    /// Pollaczek–Khinchine's mean wait, for comparison, when batches hold one request.
    pub md1_mean_wait_ms: Option<f64>,
    pub weights_gb: f64,
    pub kv_cache_bytes_per_token: f64,
    pub layers: u64,
    pub kv_dim: u64,
    pub sweep: Vec<SweepPoint>,
    pub explanations: Vec<Explanation>,
}

/// Runs the whole simulation at once. Cannot fail: validation guarantees a
/// positive rate, a batch that fits and positive hardware figures.
pub fn compute(input: &ServeInput) -> ServeOutput {
    Simulation::new(input).finish()
}

/// Builds the output from the finished runs, the last being the chosen limit.
pub(super) fn summarize(
    input: &ServeInput,
    model: &ServiceModel,
    runs: &[RunResult],
) -> ServeOutput {
    let limit = input.batch_limit(model);
    let slo_ms = input.latency_slo_s * 1000.0;
    let sweep: Vec<SweepPoint> = runs
        .iter()
        .map(|run| SweepPoint {
            max_batch: run.max_batch,
            throughput_per_s: run.throughput_per_s,
            p50_ms: run.p50_ms,
            p99_ms: run.p99_ms,
            ttft_p99_ms: run.ttft_p99_ms,
            mean_batch: run.mean_batch,
            meets_slo: run.p99_ms <= slo_ms,
            keeps_up: input.arrival_per_s
                < run.max_batch as f64
                    / full_batch_s(
                        input,
                        model,
                        run.max_batch,
                        full_batch_tokens(input, run.max_batch),
                    ),
        })
        .collect();
    let main = runs.last().copied().unwrap_or(RunResult {
        max_batch: limit,
        throughput_per_s: 0.0,
        p50_ms: 0.0,
        p99_ms: 0.0,
        mean_ms: 0.0,
        mean_wait_ms: 0.0,
        mean_batch: 0.0,
        ttft_p50_ms: 0.0,
        ttft_p99_ms: 0.0,
        mean_ttft_ms: 0.0,
        mean_tpot_ms: 0.0,
        paced_requests: 0,
        mean_output_tokens: 0.0,
    });
    let tokens = full_batch_tokens(input, limit);
    let service_s = full_batch_s(input, model, limit, tokens);
    let service_1_s = model.service_s(1);
    let capacity_per_s = limit as f64 / service_s;
    let load = input.arrival_per_s / capacity_per_s;
    // `as` saturates; validation bounds the rate, so the count stays far below that.
    let replicas = (input.arrival_per_s / (input.max_load * capacity_per_s))
        .ceil()
        .max(1.0) as u64;
    let accelerators_needed = replicas.saturating_mul(model.tensor_parallel);
    let usd_per_million_requests = input
        .usd_per_hour
        .map(|price| accelerators_needed as f64 * price / (input.arrival_per_s * 3600.0) * 1e6);
    // With varied lengths the service time varies too, and M/D/1 no longer applies.
    let md1_mean_wait_ms = (limit == 1 && input.output_lengths == OutputLengths::Fixed)
        .then_some(input.arrival_per_s * service_1_s)
        .filter(|rho| *rho < 1.0)
        .map(|rho| rho * service_1_s / (2.0 * (1.0 - rho)) * 1000.0);
    let out = ServeOutput {
        throughput_per_s: main.throughput_per_s,
        latency_ms: LatencyMs {
            p50: main.p50_ms,
            p99: main.p99_ms,
            mean: main.mean_ms,
        },
        mean_queue_wait_ms: main.mean_wait_ms,
        ttft_ms: LatencyMs {
            p50: main.ttft_p50_ms,
            p99: main.ttft_p99_ms,
            mean: main.mean_ttft_ms,
        },
        tpot_ms: main.mean_tpot_ms,
        tpot_requests: main.paced_requests,
        mean_output_tokens: main.mean_output_tokens,
        output_tokens_per_s: main.throughput_per_s * main.mean_output_tokens,
        mean_batch: main.mean_batch,
        meets_slo: main.p99_ms <= slo_ms,
        max_batch_meeting_slo: sweep
            .iter()
            .filter(|point| point.meets_slo)
            .map(|point| point.max_batch)
            .max(),
        max_batch_used: limit,
        memory_max_batch: model.memory_max_batch(input.memory_bytes),
        service_time_ms: service_s * 1000.0,
        service_time_batch_1_ms: service_1_s * 1000.0,
        capacity_per_s,
        load,
        stable: load < 1.0,
        slo_beyond_reach: alone_p99_s(input, model) > input.latency_slo_s,
        replicas,
        tensor_parallel: model.tensor_parallel,
        accelerators_needed,
        tp_comm_per_step_ms: model.pass_comm_s(limit as f64) * 1000.0,
        tp_comm_prefill_ms: model.pass_comm_s(limit as f64 * model.prompt_tokens) * 1000.0,
        usd_per_million_requests,
        md1_mean_wait_ms,
        weights_gb: model.weights_bytes / 1e9,
        kv_cache_bytes_per_token: model.kv_bytes_per_token,
        layers: input.layers,
        kv_dim: input.kv_dim,
        sweep,
        explanations: Vec::new(),
    };
    ServeOutput {
        explanations: explain(input, model, &out, tokens),
        ..out
    }
}

/// The latency of an answer at the 99th percentile of the lengths served
/// alone: its prefill and one decode step per later token, with nobody to
/// share them or wait behind. Load only adds to it.
fn alone_p99_s(input: &ServeInput, model: &ServiceModel) -> f64 {
    let tokens = input.output_lengths.quantile(input.output_tokens, 0.99);
    model.prefill_s(1)
        + model.decode_steps_s(1, model.prompt_tokens, decode_steps_for(tokens) as f64)
}

/// Requests per batch or per decode step, as a table shows it. A continuous
/// server whose answers are all one token long takes no decode step, so its
/// mean is 0 and says so.
pub fn mean_batch_text(mean_batch: f64) -> String {
    if mean_batch > 0.0 {
        format::significant_digits(mean_batch, 3)
    } else {
        "none (no decode step)".to_string()
    }
}

/// The answer length that sets a full server's decode steps (one fewer
/// than it): a static batch decodes until its longest answer is done, E[max]
/// of B lengths; a continuous server decodes each request for its own
/// length, the mean on average.
fn full_batch_tokens(input: &ServeInput, batch: u64) -> f64 {
    match input.scheduler {
        Scheduler::Static => input
            .output_lengths
            .expected_longest(input.output_tokens, batch),
        Scheduler::Continuous => input.output_tokens as f64,
    }
}

/// The time in which a full server turns over B requests, S(B), given the
/// answer length `tokens` that sets its decode steps. A static batch prefills its B prompts in one pass. A
/// continuous server is charged a prefill pass of its own for every request,
/// the worst case, when requests leave and join one at a time. Long prompts
/// make prefill compute-bound, so both cost the same; short ones make each
/// pass a read of all the weights, and there the static server keeps up at
/// higher rates.
fn full_batch_s(input: &ServeInput, model: &ServiceModel, batch: u64, tokens: f64) -> f64 {
    let steps = mean_decode_steps_for(tokens);
    match input.scheduler {
        Scheduler::Static => model.service_steps_s(batch, steps),
        Scheduler::Continuous => {
            batch as f64 * model.prefill_s(1)
                + model.decode_steps_s(batch, batch as f64 * model.prompt_tokens, steps)
        }
    }
}

/// The story behind each number; `tokens_per_batch` is the answer length
/// `summarize` counted for a full server, so S(B) is explained as computed.
fn explain(
    input: &ServeInput,
    model: &ServiceModel,
    out: &ServeOutput,
    tokens_per_batch: f64,
) -> Vec<Explanation> {
    let n = Binding {
        symbol: "N",
        meaning: "parameters",
        value: format::scientific(input.params, 3),
    };
    let w = Binding {
        symbol: "W",
        meaning: "bytes of weights",
        value: format::si(model.weights_bytes, "B"),
    };
    // With more accelerators than key/value heads, each keeps a copy of one.
    let heads_copied =
        replica_kv_dim(input.kv_dim, input.tensor_parallel, input.kv_head_size) > input.kv_dim;
    let kappa = Binding {
        symbol: "\\kappa",
        meaning: "KV-cache bytes per token",
        value: format::si(model.kv_bytes_per_token, "B"),
    };
    let bw = Binding {
        symbol: "\\eta_m BW",
        meaning: "achieved memory bandwidth: memory efficiency × peak bandwidth",
        value: format!(
            "{} ({} of {})",
            format::si(model.bandwidth_bytes_per_s, "B/s"),
            format::percent(input.memory_efficiency),
            format::si(input.bandwidth_bytes_per_s, "B/s")
        ),
    };
    let b = Binding {
        symbol: "B",
        meaning: "batch limit used",
        value: format::grouped(out.max_batch_used),
    };
    let s_b = Binding {
        symbol: "S(B)",
        meaning: if input.scheduler == Scheduler::Continuous {
            "time in which a full server turns over B requests"
        } else {
            "service time of a full batch"
        },
        value: format::milliseconds(out.service_time_ms),
    };
    let mu = Binding {
        symbol: "\\mu",
        meaning: if out.tensor_parallel > 1 {
            "capacity of one replica"
        } else {
            "capacity of one accelerator"
        },
        value: format!(
            "{} requests/s",
            format::significant_digits(out.capacity_per_s, 3)
        ),
    };
    let lambda = Binding {
        symbol: "\\lambda",
        meaning: "arrival rate",
        value: format!(
            "{} requests/s",
            format::significant_digits(input.arrival_per_s, 3)
        ),
    };
    let split = out.tensor_parallel > 1;
    let continuous = input.scheduler == Scheduler::Continuous;
    let varied = input.output_lengths != OutputLengths::Fixed;
    let scheduler_source = if continuous {
        YU_2022
    } else {
        TRITON_DYNAMIC_BATCHER
    };
    // Continuous batching never waits for a batch to fill, so it has no window.
    let window = if continuous {
        Binding {
            symbol: "\\text{sched}",
            meaning: "scheduler",
            value: "continuous batching (no window)".to_string(),
        }
    } else {
        Binding {
            symbol: "\\tau",
            meaning: "batch window",
            value: format::milliseconds(input.batch_window_s * 1000.0),
        }
    };
    let t = Binding {
        symbol: "t",
        meaning: "accelerators per replica (tensor-parallel degree)",
        value: format::grouped(out.tensor_parallel),
    };
    let mut explanations = vec![
        Explanation {
            output: "weights_gb",
            label: "Weights",
            formula_tex: "W = N\\,b",
            bindings: vec![n.clone(), Binding { symbol: "b", meaning: "bytes per parameter", value: format!("{} ({})", input.precision.bytes_per_param(), input.precision.key().to_ascii_uppercase()) }],
            result: w.value.clone(),
            note: "Every decode step reads all of these from memory, which is why small batches are memory-bound.",
            source: POPE_2022,
        },
        Explanation {
            output: "kv_cache_bytes_per_token",
            label: "KV cache per token",
            formula_tex: if heads_copied { "\\kappa = 2\\,L\\,t\\,d_h\\,b_{kv}" } else { "\\kappa = 2\\,L\\,d_{kv}\\,b_{kv}" },
            bindings: {
                let mut bindings = vec![
                    Binding { symbol: "L", meaning: if input.layers_derived { "layers (derived from N)" } else { "layers" }, value: format::grouped(input.layers) },
                    Binding { symbol: "d_{kv}", meaning: match (input.kv_dim_derived, input.layers_derived) { (true, true) => "key width per layer (derived from N)", (true, false) => "key width per layer (derived from N and L: √(N / 12L))", _ => "key width per layer" }, value: format::grouped(input.kv_dim) },
                ];
                if heads_copied {
                    bindings.push(t.clone());
                    bindings.push(Binding { symbol: "d_h", meaning: if input.kv_head_size == KV_HEAD_SIZE { "width of one key/value head (128, as in Llama and GPT-3, unless the model is a preset)" } else { "width of one key/value head (the preset's hidden size ÷ heads)" }, value: format::grouped(stored_head_size(input.kv_dim, input.kv_head_size)) });
                }
                bindings.push(Binding { symbol: "b_{kv}", meaning: match input.kv_cache { KvCache::Auto => "bytes per cached value (the activations' format: 16-bit, or 32 with FP32 weights)", KvCache::Fp8 => "bytes per cached value (FP8 cache)" }, value: format::plain_number(input.kv_bytes_per_value()) });
                bindings
            },
            result: kappa.value.clone(),
            note: if heads_copied { "A key and a value per layer per token. The model has only d_kv / d_h key/value heads, fewer than the t accelerators, and each accelerator keeps at least one whole head, so heads are copied and the replica stores t of them: more cache than the model alone needs." } else { "A key and a value per layer per token. A derived shape assumes N ≈ 12·L·d² (Kaplan et al. 2020) and d = 128·L, GPT-3's proportions. Grouped-query attention stores less: type its key/value heads × head size as the width (1,024 for Llama 3 8B, a quarter of its hidden size)." },
            source: if heads_copied { VLLM_KV_HEAD_REPLICATION } else { KWON_2023 },
        },
        Explanation {
            output: "memory_max_batch",
            label: "Largest batch that fits",
            formula_tex: if split { "B_{\\text{mem}} = \\left\\lfloor \\frac{t\\,M - W}{(s_p + s_o)\\,\\kappa} \\right\\rfloor" } else { "B_{\\text{mem}} = \\left\\lfloor \\frac{M - W}{(s_p + s_o)\\,\\kappa} \\right\\rfloor" },
            bindings: vec![
                Binding { symbol: "M", meaning: "memory of one accelerator", value: format::si(input.memory_bytes, "B") },
                t.clone(),
                w.clone(),
                Binding { symbol: "s_p + s_o", meaning: if varied { "prompt plus the longest output a request may ask for" } else { "prompt plus output tokens" }, value: format::grouped(input.prompt_tokens.saturating_add(input.output_lengths.longest(input.output_tokens))) },
                kappa.clone(),
            ],
            result: format::grouped(out.memory_max_batch),
            note: if continuous { "Each running request reserves its whole KV cache until it finishes; activations and fragmentation, left out here, take some more. vLLM allocates the cache page by page and can run more at once, preempting requests when memory runs out." } else { "Each request in a batch holds its whole KV cache until the batch ends; activations and fragmentation, left out here, take some more." },
            source: KWON_2023,
        },
        Explanation {
            output: "service_time_ms",
            label: if continuous { "Time to turn over a full server" } else { "Time to serve a full batch" },
            formula_tex: match (continuous, split) {
                (false, true) => "S(B) = \\max\\left(\\frac{2 N B s_p}{t\\,\\eta P}, \\frac{W}{t\\,\\eta_m BW}\\right) + C_p + \\sum_{j=0}^{s_o - 2} \\left[\\max\\left(\\frac{W + B (s_p + j)\\,\\kappa}{t\\,\\eta_m BW}, \\frac{2 N B}{t\\,\\eta P}\\right) + C_d\\right]",
                (false, false) => "S(B) = \\max\\left(\\frac{2 N B s_p}{\\eta P}, \\frac{W}{\\eta_m BW}\\right) + \\sum_{j=0}^{s_o - 2} \\max\\left(\\frac{W + B (s_p + j)\\,\\kappa}{\\eta_m BW}, \\frac{2 N B}{\\eta P}\\right)",
                (true, true) => "S(B) = B\\left[\\max\\left(\\frac{2 N s_p}{t\\,\\eta P}, \\frac{W}{t\\,\\eta_m BW}\\right) + C_{p,1}\\right] + \\sum_{j=0}^{s_o - 2} \\left[\\max\\left(\\frac{W + B (s_p + j)\\,\\kappa}{t\\,\\eta_m BW}, \\frac{2 N B}{t\\,\\eta P}\\right) + C_d\\right]",
                (true, false) => "S(B) = B\\,\\max\\left(\\frac{2 N s_p}{\\eta P}, \\frac{W}{\\eta_m BW}\\right) + \\sum_{j=0}^{s_o - 2} \\max\\left(\\frac{W + B (s_p + j)\\,\\kappa}{\\eta_m BW}, \\frac{2 N B}{\\eta P}\\right)",
            },
            bindings: vec![
                n.clone(),
                t.clone(),
                if continuous {
                    Binding { symbol: "C_{p,1}", meaning: "all-reduces of one request's prefill", value: format::milliseconds(model.pass_comm_s(model.prompt_tokens) * 1000.0) }
                } else {
                    Binding { symbol: "C_p", meaning: "all-reduces of the batch's prefill", value: format::milliseconds(out.tp_comm_prefill_ms) }
                },
                Binding { symbol: "C_d", meaning: "all-reduces of one decode step", value: format::milliseconds(out.tp_comm_per_step_ms) },
                b.clone(),
                Binding { symbol: "s_p", meaning: "prompt tokens", value: format::grouped(input.prompt_tokens) },
                Binding { symbol: "s_o", meaning: if varied && !continuous { "tokens of a full batch's longest answer, on average over B draws (the prefill emits the first, each decode step one more)" } else if varied { "output tokens, on average (the prefill emits the first, each decode step one more)" } else { "output tokens (the prefill emits the first, each decode step one more)" }, value: format::significant_digits(tokens_per_batch, 4) },
                Binding { symbol: "\\eta P", meaning: "achieved compute: efficiency × dense peak in the arithmetic's format (INT4 weights compute in BF16)", value: format::flops_rate(model.compute_flops_per_s) },
                w,
                kappa,
                bw,
            ],
            result: format::milliseconds(out.service_time_ms),
            note: match (continuous, split) {
                (false, true) => "Prefill is usually compute-bound, decode memory-bound: each step reads every weight and every cached token, at the share of peak bandwidth that serving engines measure. Splitting the model over t accelerators divides both by t but adds the all-reduces C_p (prefill) and C_d (each decode step), explained below.",
                (false, false) => "Prefill is usually compute-bound, decode memory-bound: each step reads every weight and every cached token, at the share of peak bandwidth that serving engines measure. Batching shares the weight reads, so S(B) grows far slower than B.",
                (true, _) => "The time in which a full continuous server turns over B requests. Each is charged a prefill pass of its own, the worst case, when requests leave and join one at a time; decode steps are shared by all B. A long prompt's prefill is compute-bound and costs the same either way, but a short one reads every weight for a few tokens, and then static batches, which prefill together, keep up at higher rates.",
            },
            source: DATABRICKS_MBU_2023,
        },
        Explanation {
            output: "capacity_per_s",
            label: if split { "Capacity of one replica" } else { "Capacity of one accelerator" },
            formula_tex: "\\mu = \\frac{B}{S(B)}",
            bindings: vec![b, s_b],
            result: mu.value.clone(),
            note: if continuous { "Requests per second with every place full, counting a prefill pass for each request; a server whose requests leave in groups prefills together and serves a little more." } else { "Requests per second with every batch full. Partly filled batches, at low load or short windows, serve fewer." },
            source: POPE_2022,
        },
        Explanation {
            output: "latency_ms",
            label: "p99 latency (simulated)",
            formula_tex: "T = t_{\\text{done}} - t_{\\text{arrive}}",
            bindings: vec![lambda.clone(), window.clone(), Binding { symbol: "p_{50}", meaning: "median latency", value: format::milliseconds(out.latency_ms.p50) }],
            result: format::milliseconds(out.latency_ms.p99),
            note: if continuous { "Time to the last token, from a seeded simulation of continuous batching: a request waits only until a decode step ends and a place is free, is prefilled with the others waiting, then decodes alongside whatever is running. Each prefill pauses the running requests, which is what makes its neighbours' tokens come slower." } else { "Time to the last token, from a seeded simulation: a batch starts when full or when its oldest request has waited the window, and queues behind the batch in service." },
            source: scheduler_source.clone(),
        },
        Explanation {
            output: "p50_ms",
            label: "p50 latency (simulated)",
            formula_tex: "T_{50} = \\text{median}\\left(t_{\\text{done}} - t_{\\text{arrive}}\\right)",
            bindings: vec![
                lambda.clone(),
                window,
                Binding { symbol: "W_q", meaning: if continuous { "mean wait before its prefill starts" } else { "mean wait before a batch starts" }, value: format::milliseconds(out.mean_queue_wait_ms) },
            ],
            result: format::milliseconds(out.latency_ms.p50),
            note: if continuous { "Half of the requests finish sooner than this. With continuous batching the tail comes from queueing for a free place and from the prefills that interrupt decoding, not from waiting for a whole batch." } else { "Half of the requests finish sooner than this. The distance from here to p99 is the tail that waiting for a batch, and behind other batches, adds." },
            source: scheduler_source.clone(),
        },
        Explanation {
            output: "ttft_ms",
            label: "p99 time to first token (simulated)",
            formula_tex: "T_{\\text{first}} = t_{\\text{prefilled}} - t_{\\text{arrive}}",
            bindings: vec![
                lambda.clone(),
                Binding { symbol: "W_q", meaning: if continuous { "mean wait before its prefill starts" } else { "mean wait before a batch starts" }, value: format::milliseconds(out.mean_queue_wait_ms) },
                Binding { symbol: "p_{50}", meaning: "median time to first token", value: format::milliseconds(out.ttft_ms.p50) },
            ],
            result: format::milliseconds(out.ttft_ms.p99),
            note: if continuous { "How long a user stares at nothing: the wait for a free place at the end of a decode step, then the prefill of its prompt together with the others admitted beside it. The first token comes out of that prefill." } else { "How long a user stares at nothing: the wait for a batch to start, often behind a whole batch still decoding, then the prefill of every prompt in the batch. The first token comes out of that prefill." },
            source: DATABRICKS_LATENCY_METRICS,
        },
        Explanation {
            output: "throughput_per_s",
            label: "Throughput (simulated)",
            formula_tex: "X = \\frac{R}{t_{\\text{last}}}",
            bindings: vec![
                Binding { symbol: "R", meaning: "requests simulated", value: format::grouped(input.requests) },
                Binding { symbol: "t_{\\text{last}}", meaning: "when the last request finished", value: if out.throughput_per_s > 0.0 { format::duration(input.requests as f64 / out.throughput_per_s) } else { "—".to_string() } },
                lambda.clone(),
                Binding { symbol: "\\bar{B}", meaning: if continuous { "requests per decode step, on average" } else { "requests per batch, on average" }, value: mean_batch_text(out.mean_batch) },
            ],
            result: format!("{} requests/s", format::significant_digits(out.throughput_per_s, 3)),
            note: "Requests served per second until the last one finished. A server that keeps up serves what arrives, so X is close to λ; one that cannot falls behind and X stays at what it can do.",
            source: HARCHOL_BALTER_2013,
        },
        Explanation {
            output: "output_tokens_per_s",
            label: "Output tokens per second (simulated)",
            formula_tex: "X_{\\text{tok}} = X \\, \\bar{s}_o",
            bindings: vec![
                Binding { symbol: "X", meaning: "requests served per second", value: format!("{} requests/s", format::significant_digits(out.throughput_per_s, 3)) },
                Binding { symbol: "\\bar{s}_o", meaning: "output tokens per request, on average over the lengths drawn", value: format::significant_digits(out.mean_output_tokens, 4) },
            ],
            result: format!("{} tokens/s", format::readable(out.output_tokens_per_s, 3)),
            note: "The figure serving benchmarks publish for a whole server: generated tokens only, prompts not counted. Divide by the accelerators of one replica for a per-chip rate.",
            source: HARCHOL_BALTER_2013,
        },
        Explanation {
            output: "max_batch_meeting_slo",
            label: "Largest batch limit meeting the p99 target",
            formula_tex: "B_{\\text{SLO}} = \\max\\{B : p_{99}(B) \\le T_{\\text{SLO}}\\}",
            bindings: vec![
                Binding { symbol: "T_{\\text{SLO}}", meaning: "p99 latency target", value: format::milliseconds(input.latency_slo_s * 1000.0) },
                Binding { symbol: "B", meaning: "batch limits simulated", value: out.sweep.iter().map(|p| format::grouped(p.max_batch)).collect::<Vec<_>>().join(", ") },
            ],
            result: out.max_batch_meeting_slo.map(format::grouped).unwrap_or_else(|| "none of those simulated".to_string()),
            note: "Every limit replays the same arrivals. Too small a limit cannot keep up and its queue grows without end; a larger one helps only while there are requests waiting to fill it.",
            source: scheduler_source.clone(),
        },
        Explanation {
            output: "accelerators_needed",
            label: "Accelerators for this traffic",
            formula_tex: if split { "n = t \\left\\lceil \\frac{\\lambda}{\\rho_{\\max}\\,\\mu} \\right\\rceil" } else { "n = \\left\\lceil \\frac{\\lambda}{\\rho_{\\max}\\,\\mu} \\right\\rceil" },
            bindings: vec![
                lambda,
                Binding { symbol: "\\rho_{\\max}", meaning: "highest planned load", value: format::percent(input.max_load) },
                mu,
                t.clone(),
            ],
            result: if split { format!("{} ({} {} of {})", format::grouped(out.accelerators_needed), format::grouped(out.replicas), if out.replicas == 1 { "replica" } else { "replicas" }, out.tensor_parallel) } else { format::grouped(out.accelerators_needed) },
            note: if split { "Queueing delay grows as 1/(1 − ρ), so replicas are sized with headroom below full load. Each replica holds the whole model, split over its t accelerators." } else { "Queueing delay grows as 1/(1 − ρ), so replicas are sized with headroom below full load. Each replica holds the whole model." },
            source: HARCHOL_BALTER_2013,
        },
    ];
    // Without tensor parallelism the formulas have no t and no all-reduces,
    // so their symbols are not listed either.
    if !split {
        for explanation in &mut explanations {
            explanation
                .bindings
                .retain(|binding| !matches!(binding.symbol, "t" | "C_p" | "C_{p,1}" | "C_d"));
        }
    }
    if split {
        explanations.push(Explanation {
            output: "tp_comm_per_step_ms",
            label: "Tensor-parallel all-reduces per decode step",
            formula_tex: "C_d = 2 L \\min\\left(2(t-1)\\alpha + \\frac{2(t-1)}{t}\\frac{m}{\\beta},\\; k \\left(\\alpha + \\frac{m}{\\beta}\\right)\\right),\\quad m = B\\,d\\,b_a",
            bindings: vec![
                Binding { symbol: "L", meaning: if input.layers_derived { "layers (derived from N)" } else { "layers" }, value: format::grouped(input.layers) },
                t,
                Binding { symbol: "d", meaning: "model width, √(N / 12L)", value: format::grouped(model.hidden.round() as u64) },
                Binding { symbol: "b_a", meaning: "bytes per activation value", value: format::plain_number(model.activation_bytes) },
                Binding { symbol: "k", meaning: "steps of recursive doubling: log₂ t for a power of two, else ⌊log₂ t⌋ + 2", value: format::grouped(recursive_doubling_steps(out.tensor_parallel)) },
                Binding { symbol: "m", meaning: "one all-reduce's message at the batch limit", value: format::si(out.max_batch_used as f64 * model.hidden * model.activation_bytes, "B") },
                Binding { symbol: "\\beta", meaning: "chip-to-chip link, one direction (half the catalogue's two-way figure)", value: format::si(input.link_bytes_per_s, "B/s") },
                Binding { symbol: "\\alpha", meaning: "latency per step (assumed)", value: format::milliseconds(input.link_latency_s * 1000.0) },
                Binding { symbol: "C_p", meaning: "the same for the batch's prefill, m × s_p", value: format::milliseconds(out.tp_comm_prefill_ms) },
            ],
            result: format::milliseconds(out.tp_comm_per_step_ms),
            note: "Megatron-style tensor parallelism all-reduces each layer's output after attention and after the MLP. A decode step's messages are small, so the step count and its latency dominate and recursive doubling beats the ring; for t above 2, prefill's long messages are faster round the ring. No overlap with compute is assumed. Measured gains from more accelerators are smaller than this model's: Databricks (2023) saw Llama 2 70B's small-batch latency fall only to 0.7× from 4 to 8 GPUs, as each GPU uses less of its bandwidth. With fewer key/value heads than t, each accelerator keeps a copied head and caches more than 1/t (see the KV cache per token).",
            source: THAKUR_2005,
        });
    }
    if let (Some(price), Some(cost)) = (input.usd_per_hour, out.usd_per_million_requests) {
        explanations.push(Explanation {
            output: "usd_per_million_requests",
            label: "Cost per million requests",
            formula_tex: "\\frac{n\\,p \\times 10^6}{3600\\,\\lambda}",
            bindings: vec![
                Binding { symbol: "n", meaning: "accelerators", value: format::grouped(out.accelerators_needed) },
                Binding { symbol: "p", meaning: "price per accelerator-hour", value: format::usd(price) },
                Binding { symbol: "\\lambda", meaning: "arrival rate", value: format!("{} requests/s", format::significant_digits(input.arrival_per_s, 3)) },
            ],
            result: format::usd(cost),
            note: "Every provisioned hour is paid, busy or not, so headroom for the latency target shows up directly in the cost per request.",
            source: HARCHOL_BALTER_2013,
        });
    }
    if let Some(wait) = out.md1_mean_wait_ms {
        explanations.push(Explanation {
            output: "md1_mean_wait_ms",
            label: "Mean wait, queueing theory",
            formula_tex: "W_q = \\frac{\\rho}{2\\mu(1-\\rho)}",
            bindings: vec![Binding { symbol: "\\rho", meaning: "load", value: format::percent(out.load) }],
            result: format!("{} (simulated: {})", format::milliseconds(wait), format::milliseconds(out.mean_queue_wait_ms)),
            note: "With one request per batch the server is an M/D/1 queue, and Pollaczek–Khinchine gives the mean wait exactly; the simulation should agree to within noise.",
            source: HARCHOL_BALTER_2013,
        });
    }
    // When every answer is a single token, no decode step runs and there is
    // no pace of later tokens to explain (`tpot_ms` is then 0).
    if out.tpot_requests > 0 {
        explanations.push(Explanation {
            output: "tpot_ms",
            label: "Time per output token, mean (simulated)",
            formula_tex: "\\text{TPOT} = \\frac{1}{R_2} \\sum_{i:\\, s_{o,i} \\ge 2} \\frac{T_i - F_i}{s_{o,i} - 1}",
            bindings: vec![
                Binding { symbol: "R_2", meaning: "requests served with more than one token", value: format::grouped(out.tpot_requests) },
                Binding { symbol: "T_i - F_i", meaning: "time from first to last token of request i (latency less time to first token); mean over all requests", value: format::milliseconds(out.latency_ms.mean - out.ttft_ms.mean) },
                Binding { symbol: "s_{o,i}", meaning: if varied { "output tokens of request i; all but the first come from decode steps; mean over the lengths drawn" } else { "output tokens of each request; all but the first come from decode steps" }, value: format::significant_digits(out.mean_output_tokens, 4) },
                Binding { symbol: "\\bar{B}", meaning: if continuous { "requests per decode step, on average" } else { "requests per batch, on average" }, value: mean_batch_text(out.mean_batch) },
            ],
            result: format::milliseconds(out.tpot_ms),
            note: if continuous { "The pace at which a streamed answer appears once it starts: one decode step, slower when more requests share it, plus the prefills of newcomers that pause it. Continuous batching shortens the wait for the first token and pays some of it back here." } else { "The pace at which a streamed answer appears once it starts: one decode step, which reads every weight and every cached token of the batch, so larger batches decode a little slower." },
            source: AIPERF_INTER_TOKEN_LATENCY,
        });
    }
    explanations
}
