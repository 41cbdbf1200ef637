//! "Explain this number" for every output of the splitter: the formula, the
//! values plugged in, and the paper it comes from.

use super::calibration::EFFICIENCY;
use super::evaluate::{Metrics, ALLOWANCE_FIXED_BYTES, ALLOWANCE_SHARE};
use super::TrainPrecision;
use super::{
    Cluster, ModelSpec, Plan, SplitInput, Training, KORTHIKANTI_2022, MIKAMI_2018, NARAYANAN_2021,
    PATARASUK_2009, RAJBHANDARI_2020, SHOEYBI_2019, TRANSFORMER_ENGINE_GEMMS,
};
use crate::explain::{Binding, Explanation, Source};
use crate::format;
use crate::hardware::LinkSource;
use crate::train_compute::CHOWDHERY_2022;

fn bind(symbol: &'static str, meaning: &'static str, value: String) -> Binding {
    Binding {
        symbol,
        meaning,
        value,
    }
}

fn bytes(value: f64) -> String {
    format::si(value, "B")
}

fn count(value: u64) -> String {
    format::grouped(value)
}

#[allow(clippy::too_many_arguments)]
fn explanation(
    output: &'static str,
    label: &'static str,
    formula_tex: &'static str,
    bindings: Vec<Binding>,
    result: String,
    note: &'static str,
    source: Source,
) -> Explanation {
    Explanation {
        output,
        label,
        formula_tex,
        bindings,
        result,
        note,
        source,
    }
}

/// η as used: the calibrated share, and for FP8 the share FP8 GEMMs keep of it.
fn eta_binding(precision: TrainPrecision) -> Binding {
    let eta = EFFICIENCY.gemm * precision.gemm_share();
    if precision == TrainPrecision::Fp8 {
        bind(
            "\\eta",
            "matrix-product efficiency: 0.69, calibrated on Megatron-LM Table 1, × 0.8 for FP8 GEMMs (Transformer Engine's measured 1.58–1.69× BF16)",
            format::significant_digits(eta, 3),
        )
    } else {
        bind(
            "\\eta",
            "matrix-product efficiency, calibrated on Megatron-LM Table 1",
            format::significant_digits(eta, 3),
        )
    }
}

/// What β means when a group spans nodes.
fn across_nodes(source: LinkSource) -> &'static str {
    match source {
        LinkSource::PodLinks => {
            "the chips' own links, one direction (the whole job fits one pod: an NVLink domain, or a TPU slice)"
        }
        LinkSource::Typed => "network bandwidth per accelerator, as you typed it",
        LinkSource::Catalogue => "network bandwidth per accelerator",
    }
}

pub fn explanations(
    input: &SplitInput,
    plan: &Plan,
    metrics: &Metrics,
    train_time_s: Option<f64>,
) -> Vec<Explanation> {
    let cluster = &input.cluster;
    let training = &input.training;
    let fp8 = training.precision == TrainPrecision::Fp8;
    let psi_local = bind(
        "\\Psi_d",
        "parameters on the busiest accelerator (its layers ÷ tp, plus an embedding matrix)",
        format::scientific(metrics.params_on_device, 3),
    );
    let dp_binding = bind("N_d", "data-parallel replicas", count(plan.dp));
    let weight_bytes = training.precision.weight_bytes();
    let mut list = Vec::new();

    let params_formula = match input.model {
        ModelSpec::Architecture(arch) if arch.gated_mlp => {
            "P = l\\,(2h^2 + 2h\\,h_{kv} + 3h\\,f + 2h) + 2Vh + h"
        }
        ModelSpec::Architecture(_) => "P = l\\,(12h^2 + 13h) + (V + s)\\,h \\quad (f = 4h)",
        ModelSpec::ParamsOnly { .. } => "P \\text{ as given}",
    };
    let mut params_bindings = Vec::new();
    if let ModelSpec::Architecture(arch) = input.model {
        params_bindings.push(bind("l", "layers", count(arch.layers)));
        params_bindings.push(bind("h", "hidden size", count(arch.hidden)));
        params_bindings.push(bind("f", "MLP hidden size", count(arch.ffn_hidden)));
        params_bindings.push(bind("V", "vocabulary", count(arch.vocab)));
        params_bindings.push(bind("s", "sequence length", count(arch.seq_len)));
    }
    list.push(explanation(
        "params",
        "Parameters",
        params_formula,
        params_bindings,
        format::scientific(metrics.params, 3),
        "Each layer is attention (query, key, value and output matrices) plus an MLP; embeddings add vocabulary × hidden. Grouped-query attention shrinks the key and value matrices to h_kv = h × kv_heads / heads.",
        NARAYANAN_2021,
    ));
    list.push(explanation(
        "weights",
        "Weights per accelerator",
        "M_w = \\frac{b_w\\,\\Psi_d}{N_d^{[\\text{ZeRO-3}]}}",
        vec![psi_local.clone(), bind("b_w", "bytes per weight", format::plain_number(weight_bytes)), dp_binding.clone()],
        bytes(metrics.weights),
        "Tensor and pipeline parallelism divide the parameters first; only ZeRO stage 3 also divides the weights across data-parallel replicas.",
        RAJBHANDARI_2020,
    ));
    list.push(explanation(
        "gradients",
        "Gradients per accelerator",
        "M_g = \\frac{b_g\\,\\Psi_d}{N_d^{[\\text{ZeRO-2,3}]}}",
        vec![psi_local.clone(), bind("b_g", "bytes per gradient", format::plain_number(training.gradient_bytes())), dp_binding.clone()],
        bytes(metrics.gradients),
        "One gradient per weight; ZeRO stage 2 and above keeps only this replica's shard. The ZeRO paper counts gradients in the training precision (its 16 bytes a parameter). Megatron-LM accumulates and reduces BF16 gradients in FP32, 4 bytes each, making 18 bytes a parameter; the data-parallel sync then moves twice the bytes without ZeRO and 1.5 times with ZeRO-1 or 2, which gather 16-bit weights. DeepSpeed also keeps an FP32 gradient shard. Choose FP32 under Gradients kept in to plan for them.",
        RAJBHANDARI_2020,
    ));
    list.push(explanation(
        "optimizer",
        "Optimizer state per accelerator",
        "M_o = \\frac{K\\,\\Psi_d}{N_d^{[\\text{ZeRO-1,2,3}]}}",
        vec![psi_local, bind("K", "optimizer bytes per parameter (FP32 master copy and moments)", format::plain_number(training.optimizer.state_bytes(training.precision))), dp_binding.clone()],
        bytes(metrics.optimizer),
        "Mixed-precision Adam keeps an FP32 master weight and two FP32 moments: 12 bytes, which with 2 + 2 for weights and gradients makes the paper's 16 bytes per parameter.",
        RAJBHANDARI_2020,
    ));
    if let (Some(per_layer), Some(output), Some(total)) = (
        metrics.activations_per_layer,
        metrics.output_activations,
        metrics.activations,
    ) {
        list.push(explanation(
            "activations",
            "Activations per accelerator",
            "M_a = \\max\\!\\left(A_{\\text{layer}} L_d \\min(m, p) \\left(1 + \\tfrac{p-1}{p\\,v}\\right)^{[v>1]},\\ A_{\\text{layer}} L_d + A_{\\text{out}}\\right)",
            vec![
                bind("A_{\\text{layer}}", layer_activation_meaning(input.model.architecture()), bytes(per_layer)),
                bind("L_d", "layers on each pipeline stage", count(metrics.layers_on_device)),
                bind("m", "micro-batches per step", count(metrics.micro_batches)),
                bind("p", "pipeline stages", count(plan.pp)),
                bind("v", "virtual stages", count(plan.virtual_stages)),
                bind("A_{\\text{out}}", "output layer, on the last stage: final-norm and projection inputs (s·b·h values each, split by t only with sp) and FP32 logits (4·s·b·V/t bytes)", bytes(output)),
            ],
            bytes(total),
            "Under the 1F1B schedule the first stage holds p micro-batches in flight before their backward passes free them; the last holds one, plus the output layer, whose FP32 logits can outweigh many layers (Korthikanti et al., Section 4.3). The busier of the two sets the memory. Full recomputation keeps only each layer's input; fused attention never stores the s × s scores.",
            KORTHIKANTI_2022,
        ));
    }
    list.push(explanation(
        "allowance",
        "Allowance for buffers and fragmentation",
        "M_{\\text{extra}} = 1\\,\\text{GB} + 10\\%\\times(M_w + M_g + M_o + M_a)",
        vec![bind("1\\,\\text{GB}", "runtime and communication buffers", bytes(ALLOWANCE_FIXED_BYTES)), bind("10\\%", "fragmentation share", format::percent(ALLOWANCE_SHARE))],
        bytes(metrics.allowance),
        "A stated allowance, not a measurement: real frameworks reserve memory for CUDA context, NCCL buffers and the allocator's fragmentation.",
        RAJBHANDARI_2020,
    ));
    list.push(explanation(
        "memory_total",
        "Memory per accelerator",
        "M = M_w + M_g + M_o + M_a + M_{\\text{extra}} \\le C",
        memory_bindings(metrics, cluster.hbm_bytes),
        format!("{} of {}", bytes(metrics.total), bytes(cluster.hbm_bytes)),
        "It fits when the total stays under the accelerator's memory.",
        RAJBHANDARI_2020,
    ));
    let tokens_binding = bind(
        "B\\,s",
        "tokens per step",
        format::scientific(metrics.tokens_per_step, 3),
    );
    list.push(explanation(
        "model_flops",
        "Model FLOPs per step",
        "F_{\\text{model}} = 3\\,B s\\,(l\\,(2P_{\\text{mm}} + 4sh) + 2Vh) \\approx 6\\,P\\,B s",
        vec![tokens_binding.clone(), bind("P", "parameters", format::scientific(metrics.params, 3)), bind("6PBs", "the 6ND rule for comparison", format::scientific(6.0 * metrics.params * metrics.tokens_per_step, 3))],
        format::scientific(metrics.model_flops_per_step, 3),
        "A forward pass costs two FLOPs per weight per token plus the attention products; the backward pass costs twice the forward. With f = 4h this is the paper's 72·B·s·l·h²·(1 + s/6h + V/12lh). The attention products are counted over the full s × s square, as the paper counts them; Megatron-LM now halves them for causal masks, so the MFU it logs reads lower at long sequences (11% lower for Llama 3 8B at 8,192 tokens).",
        NARAYANAN_2021,
    ));
    list.push(explanation(
        "hardware_flops",
        "Hardware FLOPs per step",
        "F_{\\text{hw}} = F_{\\text{model}} + F_{\\text{recompute}}",
        vec![
            model_flops_binding(metrics),
            bind("F_{\\text{recompute}}", "forward work done again", format::scientific(metrics.hardware_flops_per_step - metrics.model_flops_per_step, 3)),
            bind("\\text{recompute}", "activation recomputation", plan.recompute.key().to_string()),
        ],
        format::scientific(metrics.hardware_flops_per_step, 3),
        "Full recomputation reruns every layer's forward pass (96 instead of 72 in the paper's formula); selective recomputation reruns only the attention core.",
        NARAYANAN_2021,
    ));
    list.push(explanation(
        "compute",
        "Compute time per step",
        "T_c = m\\left(\\frac{F_{\\text{dev}}}{\\eta\\,\\Pi} + \\frac{k\\,A_{\\text{layer}}^{(0)}\\,L_d}{W}\\right)",
        vec![
            bind("m", "micro-batches per step", count(metrics.micro_batches)),
            bind("F_{\\text{dev}}", "FLOPs of one micro-batch on the busiest accelerator", format::scientific(metrics.device_flops_per_micro_batch, 3)),
            bind("L_d", "layers on each pipeline stage", count(metrics.layers_on_device)),
            bind("\\Pi", "dense peak", format::flops_rate(cluster.peak_flops)),
            eta_binding(training.precision),
            bind("k", "elementwise traffic per stored activation byte, calibrated likewise", format::significant_digits(EFFICIENCY.elementwise_traffic, 3)),
            bind("W", "memory bandwidth", format::si(cluster.hbm_bytes_per_s, "B/s")),
            bind("t_{\\text{mm}}", "matrix products per micro-batch", format::short_duration(metrics.gemm_s_per_micro_batch)),
            bind("t_{\\text{elt}}", "elementwise kernels per micro-batch", format::short_duration(metrics.elementwise_s_per_micro_batch)),
        ],
        format::short_duration(metrics.compute_s),
        if fp8 {
            "Matrix products run at a fixed share of peak; norms, activations, softmax and dropout are memory-bound and run at bandwidth. Both constants were fitted to Megatron-LM Table 1 (BF16 on A100s, RMS error about 3%); FP8 products keep 0.8 of that share, since casting and scaling on every call held NVIDIA's measured FP8 GEMMs to 1.58–1.69× BF16, not 2×."
        } else {
            "Matrix products run at a fixed share of peak; norms, activations, softmax and dropout are memory-bound and run at bandwidth. Both constants were fitted to Megatron-LM Table 1 only (RMS error about 3%)."
        },
        if fp8 { TRANSFORMER_ENGINE_GEMMS } else { NARAYANAN_2021 },
    ));
    list.push(explanation(
        "tp_comm",
        "Tensor-parallel communication",
        "T_{tp} = m\\,L_d\\,n_{ar}\\left(2(t-1)\\alpha + \\frac{2(t-1)}{t}\\,\\frac{b s h\\,b_a}{\\beta}\\right)",
        tp_bindings(input, plan, metrics),
        format::short_duration(metrics.tp_comm_s),
        "Each layer all-reduces its output twice forward and twice backward; nothing else can run meanwhile, so this time is fully exposed. Sequence parallelism swaps each all-reduce for a reduce-scatter and an all-gather of the same volume.",
        SHOEYBI_2019,
    ));
    list.push(dp_comm(cluster, training, plan, metrics, dp_binding));
    list.push(explanation(
        "pp_bubble",
        "Pipeline bubble",
        "T_{\\text{bubble}} = \\frac{p-1}{v}\\,t_{\\text{stage}}, \\qquad \\frac{T_{\\text{bubble}}}{T_{\\text{ideal}}} = \\frac{p-1}{v\\,m}",
        vec![
            bind("p", "pipeline stages", count(plan.pp)),
            bind("v", "virtual stages per accelerator", count(plan.virtual_stages)),
            bind("m", "micro-batches per step", count(metrics.micro_batches)),
            bind("t_{\\text{stage}}", "one micro-batch on one stage: its compute and tensor-parallel waits", format::short_duration(metrics.stage_s_per_micro_batch)),
        ],
        format::short_duration(metrics.pp_bubble_s),
        "At the start and end of every step some stages wait for work. More micro-batches or interleaved (virtual) stages shrink the idle share.",
        NARAYANAN_2021,
    ));
    list.push(explanation(
        "pp_comm",
        "Pipeline sends",
        "T_{pp} = 2\\,(m\\,v + p - 1)\\left(\\alpha + \\frac{b s h\\,b_a / t}{\\beta}\\right)",
        pp_bindings(input, plan, metrics),
        format::short_duration(metrics.pp_comm_s),
        "Each micro-batch's activations go forward and its gradients come back across every stage boundary; Megatron splits each message across the tensor-parallel ranks.",
        NARAYANAN_2021,
    ));
    list.push(explanation(
        "step_time",
        "Step time",
        "T = T_c + T_{tp} + T_{dp} + T_{\\text{bubble}} + T_{pp}",
        [
            (
                "T_c",
                "compute on the busiest accelerator",
                metrics.compute_s,
            ),
            ("T_{tp}", "tensor-parallel all-reduces", metrics.tp_comm_s),
            (
                "T_{dp}",
                "data-parallel traffic not hidden behind the backward pass",
                metrics.dp_comm_s,
            ),
            ("T_{\\text{bubble}}", "pipeline bubble", metrics.pp_bubble_s),
            (
                "T_{pp}",
                "activations sent between stages",
                metrics.pp_comm_s,
            ),
        ]
        .into_iter()
        .map(|(symbol, meaning, seconds)| bind(symbol, meaning, format::short_duration(seconds)))
        .collect(),
        format::short_duration(metrics.step_time_s),
        "The sum of the busiest accelerator's compute and every wait that is not hidden behind it.",
        NARAYANAN_2021,
    ));
    let peak_binding = bind(
        "N\\,\\Pi",
        "accelerators × dense peak",
        format::flops_rate(metrics.devices as f64 * cluster.peak_flops),
    );
    list.push(explanation(
        "mfu",
        "Model FLOPs utilization",
        "\\text{MFU} = \\frac{F_{\\text{model}}}{T\\,N\\,\\Pi}",
        vec![
            model_flops_binding(metrics),
            peak_binding.clone(),
            step_binding(metrics),
        ],
        format::percent(metrics.mfu),
        "The share of the cluster's peak that advances the model; recomputed work does not count.",
        CHOWDHERY_2022,
    ));
    list.push(explanation(
        "hfu",
        "Hardware FLOPs utilization",
        "\\text{HFU} = \\frac{F_{\\text{hw}}}{T\\,N\\,\\Pi}",
        vec![
            bind("F_{\\text{hw}}", "hardware FLOPs per step, recomputation included", format::scientific(metrics.hardware_flops_per_step, 3)),
            peak_binding,
            step_binding(metrics),
        ],
        format::percent(metrics.hfu),
        "Counts recomputed work too, so it is never below MFU. Megatron-LM Table 1 reports this kind of figure.",
        CHOWDHERY_2022,
    ));
    list.push(explanation(
        "tokens_per_s",
        "Throughput",
        "\\frac{B\\,s}{T}",
        vec![tokens_binding, step_binding(metrics)],
        format!("{} tokens/s", format::scientific(metrics.tokens_per_s, 3)),
        "Tokens trained per second across the whole cluster.",
        NARAYANAN_2021,
    ));
    if let (Some(time), Some(tokens)) = (train_time_s, training.tokens) {
        list.push(explanation(
            "train_time",
            if_it_fit(metrics.fits, "Time to train", "Time to train, if it fit"),
            "T_{\\text{train}} = \\frac{D}{\\text{tokens/s}}",
            vec![
                bind("D", "tokens to train", format::scientific(tokens, 3)),
                bind("\\text{tokens/s}", "throughput of the whole cluster", format::scientific(metrics.tokens_per_s, 3)),
            ],
            format::short_duration(time),
            "Assumes the cluster runs without failures or restarts; the checkpointing widget adds those. Megatron-LM estimates end-to-end training time the same way, tokens over achieved throughput (Section 5.1).",
            NARAYANAN_2021,
        ));
        let hours = time / 3600.0 * metrics.devices as f64;
        if let Some(price) = cluster.usd_per_hour {
            list.push(explanation(
                "cost",
                if_it_fit(metrics.fits, "Cost to train", "Cost to train, if it fit"),
                "\\$ = N \\times T_{\\text{train}} \\times p_{\\text{hour}}",
                vec![bind("p_{\\text{hour}}", "price per accelerator-hour", format!("${}", format::significant_digits(price, 3))), bind("N\\,T", "accelerator-hours", format::scientific(hours, 3))],
                format!("${}", format::scientific(price * hours, 3)),
                "Price per accelerator-hour times accelerator-hours. The price is the one you entered, otherwise the catalogue's cited cloud list price; cloud prices change often, so check a current quote.",
                crate::tco::COURSE_GPU_HOUR,
            ));
        }
        if let Some(watts) = cluster.tdp_w {
            list.push(explanation(
                "energy",
                if_it_fit(metrics.fits, "Accelerator energy", "Accelerator energy, if it fit"),
                "E = N \\times T_{\\text{train}} \\times P_{\\text{TDP}}",
                vec![bind("P_{\\text{TDP}}", "board power", format!("{} W", format::plain_number(watts))), bind("N\\,T", "accelerator-hours", format::scientific(hours, 3))],
                format!("{} kWh", format::scientific(watts * hours / 1000.0, 3)),
                "An upper bound for the accelerators alone at full board power; hosts, network and cooling (PUE) come on top, as in Patterson et al.'s hours × processors × average power × PUE.",
                crate::energy::PATTERSON_2021,
            ));
        }
    }
    list
}

/// What one layer keeps, at 16 bits and t = 1: Korthikanti et al.'s sum,
/// less the dropout masks for a model trained without dropout.
fn layer_activation_meaning(arch: Option<&super::Architecture>) -> &'static str {
    match arch {
        Some(arch) if !arch.dropout() => "bytes one layer keeps per micro-batch (Korthikanti et al.'s sum term by term for a gated MLP, less the dropout masks, since LLaMA-style models train without dropout; less again with tp, sp, recompute, fused attention)",
        _ => "bytes one layer keeps per micro-batch (34·s·b·h + 5·a·s²·b at t = 1 with f = 4h, dropout masks included; less with tp, sp, recompute, fused attention)",
    }
}

fn model_flops_binding(metrics: &Metrics) -> Binding {
    bind(
        "F_{\\text{model}}",
        "model FLOPs per step",
        format::scientific(metrics.model_flops_per_step, 3),
    )
}

fn step_binding(metrics: &Metrics) -> Binding {
    bind(
        "T",
        "step time",
        format::short_duration(metrics.step_time_s),
    )
}

/// The parts of the memory total, so the sum can be checked by hand.
fn memory_bindings(metrics: &Metrics, capacity: f64) -> Vec<Binding> {
    let mut list = vec![
        bind("M_w", "weights", bytes(metrics.weights)),
        bind("M_g", "gradients", bytes(metrics.gradients)),
        bind("M_o", "optimizer state", bytes(metrics.optimizer)),
    ];
    if let Some(activations) = metrics.activations {
        list.push(bind("M_a", "activations", bytes(activations)));
    }
    list.push(bind(
        "M_{\\text{extra}}",
        "allowance for buffers and fragmentation",
        bytes(metrics.allowance),
    ));
    list.push(bind("C", "memory capacity", bytes(capacity)));
    list
}

/// The link a group's messages cross, as the evaluator prices it: its
/// bandwidth β, its per-step latency α, and what β means here.
fn link_used(in_node: bool, cluster: &Cluster) -> (f64, f64, &'static str) {
    let (beta, alpha) = super::evaluate::link(in_node, cluster);
    let meaning = if in_node {
        "link bandwidth inside a node, one direction"
    } else {
        across_nodes(cluster.across_nodes)
    };
    (beta, alpha, meaning)
}

/// The size of one activation message, b·s·h·b_a, term by term.
fn message_bindings(input: &SplitInput, plan: &Plan) -> Vec<Binding> {
    let mut list = vec![bind(
        "b",
        "sequences per micro-batch",
        count(plan.micro_batch),
    )];
    if let Some(arch) = input.model.architecture() {
        list.push(bind("s", "tokens per sequence", count(arch.seq_len)));
        list.push(bind("h", "hidden size", count(arch.hidden)));
    }
    list.push(bind(
        "b_a",
        "bytes per activation value",
        format::plain_number(input.training.precision.activation_bytes()),
    ));
    list
}

/// Every value the pipeline-send formula uses: how many messages, how big,
/// and over which link.
fn pp_bindings(input: &SplitInput, plan: &Plan, metrics: &Metrics) -> Vec<Binding> {
    let (beta, alpha, link_meaning) = link_used(metrics.pp_in_node, &input.cluster);
    let mut list = vec![
        bind("m", "micro-batches per step", count(metrics.micro_batches)),
        bind(
            "v",
            "virtual stages per accelerator",
            count(plan.virtual_stages),
        ),
        bind("p", "pipeline stages", count(plan.pp)),
        bind(
            "\\alpha",
            "latency of one send",
            format::short_duration(alpha),
        ),
    ];
    list.extend(message_bindings(input, plan));
    list.push(bind("t", "tensor-parallel ranks", count(plan.tp)));
    list.push(bind("\\beta", link_meaning, format::si(beta, "B/s")));
    list.push(bind(
        "t_{\\text{send}}",
        "one send",
        format::short_duration(metrics.pp_send_s),
    ));
    list
}

/// Every value the tensor-parallel formula uses, so a learner can redo it:
/// the message size (b·s·h·b_a) and the per-step latency α included.
fn tp_bindings(input: &SplitInput, plan: &Plan, metrics: &Metrics) -> Vec<Binding> {
    let (beta, alpha, link_meaning) = link_used(metrics.tp_in_node, &input.cluster);
    let mut list = vec![
        bind("m", "micro-batches per step", count(metrics.micro_batches)),
        bind(
            "L_d",
            "layers on each pipeline stage",
            count(metrics.layers_on_device),
        ),
        bind("t", "tensor-parallel ranks", count(plan.tp)),
        bind(
            "n_{ar}",
            "all-reduces per layer (4, or 6 with full recomputation)",
            if plan.recompute == super::Recompute::Full {
                "6".into()
            } else {
                "4".into()
            },
        ),
        bind(
            "\\alpha",
            "latency of one step of the ring",
            format::short_duration(alpha),
        ),
    ];
    list.extend(message_bindings(input, plan));
    list.push(bind("\\beta", link_meaning, format::si(beta, "B/s")));
    list.push(bind(
        "t_{ar}",
        "one all-reduce",
        format::short_duration(metrics.tp_allreduce_s),
    ));
    list
}

/// A label for a figure that only a plan which fits can earn: a plan that
/// runs out of memory never trains, so its time, cost and energy are what it
/// would take, and the label says so beside the number.
fn if_it_fit(fits: bool, label: &'static str, hypothetical: &'static str) -> &'static str {
    if fits {
        label
    } else {
        hypothetical
    }
}

/// What both data-parallel notes say about overlap and ZeRO.
macro_rules! dp_overlap {
    () => {
        "It overlaps with the backward pass of the last micro-batch; what does not fit there is exposed. ZeRO-1 and 2 replace the all-reduce with a reduce-scatter and an all-gather of equal volume, so they cost the same."
    };
}

/// The data-parallel explanation. Its formula depends on where the group
/// sits: one flat ring inside a node or across nodes, or a hierarchical
/// collective when each node holds several of the group's ranks.
fn dp_comm(
    cluster: &Cluster,
    training: &Training,
    plan: &Plan,
    metrics: &Metrics,
    dp_binding: Binding,
) -> Explanation {
    let weight_bytes = training.precision.weight_bytes();
    let k = metrics.dp_per_node;
    let hierarchical = matches!(
        crate::collective::span(plan.dp, k),
        crate::collective::Span::TwoLevels { .. }
    );
    let traffic = bind(
        "T_{\\text{traffic}}",
        "all data-parallel traffic before overlap",
        format::short_duration(metrics.dp_traffic_s),
    );
    let zero = bind("\\text{ZeRO}", "stage", plan.zero.to_string());
    let sync_bytes = bind(
        "b_s",
        "bytes a parameter's sync moves: its gradient, or under ZeRO-1 and 2 half a gradient (reduce-scatter) and half a weight (all-gather)",
        format::plain_number(super::evaluate::sync_bytes_per_param(training, plan.zero)),
    );
    let (formula, bindings, note, source) = if plan.zero >= 3 {
        let (rate, link_meaning) = if metrics.dp_in_node {
            (cluster.intra_bytes_per_s, "link bandwidth inside a node")
        } else {
            (
                cluster.inter_bytes_per_s,
                across_nodes(cluster.across_nodes),
            )
        };
        (
            "T_{dp} = \\max\\!\\left(0,\\ \\frac{N_d-1}{N_d}\\frac{b_g\\Psi_d}{\\beta} - \\tfrac{2}{3}t_{mb}\\right) + m\\,g\\,\\frac{N_d-1}{N_d}\\frac{b_w\\Psi_d}{\\beta}",
            vec![
                dp_binding,
                bind("b_g", "bytes per gradient", format::plain_number(training.gradient_bytes())),
                bind("b_w", "bytes per weight", format::plain_number(weight_bytes)),
                bind("\\beta", link_meaning, format::si(rate, "B/s")),
                bind("m", "micro-batches per step", count(metrics.micro_batches)),
                bind("g", "weight gathers per micro-batch: forward, backward, and the recomputed forward under full recomputation", super::evaluate::zero3_gathers(plan.recompute).to_string()),
                traffic,
                zero,
            ],
            "ZeRO-3 reduce-scatters the gradients once per step, which overlaps with the last backward pass, and gathers every layer's weights before each forward and backward pass of every micro-batch. The gathers are priced as Narayanan et al. measured them, not as an ideal collective: one flat ring at each accelerator's own link, not hidden behind compute. Priced the ideal way (two levels, overlapped), GPT-3 on 1,536 A100s would run at about 209 TFLOP/s per GPU; Table 2 measured 44, and this pricing gives 48. It falls as GPUs are added while each GPU's compute shrinks, because every GPU still receives all the weights each micro-batch. Implementations that keep the sharding inside a node (FSDP's HYBRID_SHARD) or prefetch well can beat it; treat it as the cautious case. Use the largest micro-batch that fits: each extra micro-batch gathers every weight again.",
            NARAYANAN_2021,
        )
    } else if hierarchical {
        (
            "T_{dp} = \\max\\!\\left(0,\\ \\frac{2(k-1)}{k}\\frac{b_s\\Psi_d}{\\beta_n} + \\frac{2(N_d/k-1)}{N_d/k}\\frac{b_s\\Psi_d}{k\\,\\beta} - \\tfrac{2}{3}t_{mb}\\right) [+\\ \\text{ZeRO-3 gathers}]",
            vec![
                dp_binding,
                sync_bytes.clone(),
                bind("k", "data-parallel ranks inside each node", count(k)),
                bind("\\beta_n", "link bandwidth inside a node, one direction", format::si(cluster.intra_bytes_per_s, "B/s")),
                bind("\\beta", across_nodes(cluster.across_nodes), format::si(cluster.inter_bytes_per_s, "B/s")),
                traffic,
                zero,
            ],
            concat!(
                "The group spans nodes with k of its ranks in each, so the reduction has two levels, like the 2D-Torus all-reduce: the k ranks in a node reduce-scatter over the node's links, each all-reduces only its 1/k share across the network, and they all-gather the result, so only 1/k of the gradients cross the network. ",
                dp_overlap!()
            ),
            MIKAMI_2018,
        )
    } else {
        (
            "T_{dp} = \\max\\!\\left(0,\\ \\frac{2(N_d-1)}{N_d}\\frac{b_s\\Psi_d}{\\beta} - \\tfrac{2}{3}t_{mb}\\right) [+\\ \\text{ZeRO-3 gathers}]",
            vec![
                dp_binding,
                sync_bytes,
                bind("\\beta", if metrics.dp_in_node { "link bandwidth inside a node" } else { across_nodes(cluster.across_nodes) }, format::si(if metrics.dp_in_node { cluster.intra_bytes_per_s } else { cluster.inter_bytes_per_s }, "B/s")),
                traffic,
                zero,
            ],
            concat!(
                "A ring all-reduce moves 2(n−1)/n of the gradients through every link. ",
                dp_overlap!()
            ),
            PATARASUK_2009,
        )
    };
    explanation(
        "dp_comm",
        "Exposed data-parallel communication",
        formula,
        bindings,
        format::short_duration(metrics.dp_comm_s),
        note,
        source,
    )
}
