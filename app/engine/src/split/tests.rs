use super::search::{self, Search};
use super::*;
use crate::hardware::Catalogue;
use crate::widgets::WidgetForm;

fn catalogue() -> Catalogue {
    crate::hardware::course_catalogue()
}

fn form(pairs: &[(&str, &str)]) -> SplitForm {
    let mut form = SplitForm::default();
    for (field, value) in pairs {
        assert!(form.set_field(field, (*value).to_string()), "{field}");
    }
    form
}

fn input(pairs: &[(&str, &str)]) -> SplitInput {
    form(pairs).validate(&catalogue()).unwrap()
}

fn run(pairs: &[(&str, &str)]) -> Report {
    let input = input(pairs);
    let plan = input.plan.unwrap();
    report(&input, &plan)
}

const GB: f64 = 1e9;

/// Rajbhandari et al. 2020 (ZeRO), Figure 1 and Section 5: a 7.5 B-parameter
/// model with mixed-precision Adam on 64 data-parallel GPUs needs 120 GB of
/// model states per GPU without ZeRO, then 31.4, 16.6 and 1.9 GB at stages 1–3.
#[test]
fn golden_zero_paper_model_states() {
    let expected = [120.0, 31.4, 16.6, 1.9];
    for (stage, gb) in expected.iter().enumerate() {
        let out = run(&[
            ("model", "params"),
            ("params", "7.5e9"),
            ("count", "64"),
            ("tp", "1"),
            ("pp", "1"),
            ("zero", &stage.to_string()),
        ]);
        let memory = out.memory_per_device_bytes;
        let states = memory.weights + memory.gradients + memory.optimizer;
        assert!(
            (states / GB - gb).abs() < 0.05,
            "stage {stage}: {}",
            states / GB
        );
        assert_eq!(memory.activations, None);
    }
}

/// Megatron-LM's memory estimate (megatron/training/theoretical_memory_usage.py,
/// `compute_weight_and_optimizer_memory`): under BF16 with the distributed
/// optimizer (ZeRO-1), a parameter costs 6 + 12/d bytes, because Megatron keeps
/// FP32 gradients. For GPT-3 on 1,024 A100s (tp 8, pp 8, d 16) the first stage's
/// 2.796 B parameters then need 18.87 GB, against 13.28 GB at the ZeRO paper's
/// 2-byte gradients.
#[test]
fn golden_megatron_fp32_gradients_with_distributed_optimizer() {
    let states = |fp32: &str| {
        let out = run(&[("zero", "1"), ("fp32_gradients", fp32)]);
        let memory = out.memory_per_device_bytes;
        (memory.weights + memory.gradients + memory.optimizer) / GB
    };
    let (paper, megatron) = (states("false"), states("true"));
    assert!((paper - 13.28).abs() < 0.05, "{paper}");
    assert!((megatron - 18.87).abs() < 0.05, "{megatron}");
    // Megatron-LM reduces the FP32 gradients in FP32. Without ZeRO the sync is
    // one all-reduce of them, twice the traffic; with its distributed optimizer
    // it reduce-scatters FP32 gradients and all-gathers BF16 weights, 1.5 times.
    let traffic = |zero: &str, fp32: &str| {
        let input = input(&[("zero", zero), ("fp32_gradients", fp32)]);
        let plan = input.plan.unwrap();
        super::evaluate::evaluate(&input.model, &input.training, &input.cluster, &plan).dp_traffic_s
    };
    let ratio = |zero: &str| traffic(zero, "true") / traffic(zero, "false");
    assert!((ratio("0") - 2.0).abs() < 0.02, "{}", ratio("0"));
    assert!((ratio("1") - 1.5).abs() < 0.02, "{}", ratio("1"));
}

/// The model-FLOPs explanation says that halving the attention products for a
/// causal mask, as Megatron-LM now logs them, reads 11% lower for Llama 3 8B
/// at 8,192 tokens than the full square counted here.
#[test]
fn causal_attention_counting_is_eleven_percent_lower_for_llama3_8b() {
    let arch = super::presets::find("llama3-8b").unwrap().architecture;
    let full = arch.model_flops_per_token();
    let causal = full - 3.0 * arch.layers as f64 * arch.attention_core_flops_per_token() / 2.0;
    assert!(
        (1.0 - causal / full - 0.11).abs() < 0.005,
        "{}",
        1.0 - causal / full
    );
}

/// Korthikanti et al. 2022, Section 4.3: the output layer keeps
/// 4·s·b·h·(1 + V/h)/t bytes with sequence parallelism, the inputs of the final
/// norm and of the projection plus the FP32 logits. For Llama 3 8B at 8,192
/// tokens that is 4.34 GB, twice what its 32 layers keep under full
/// recomputation (2.15 GB). It sits on the last stage, which holds one
/// micro-batch, so with two stages the last one, not the first, is the busier.
#[test]
fn output_layer_activations_sit_on_the_last_stage() {
    let metrics = |pp: &str, tp: &str, sp: &str| {
        let input = input(&[
            ("model", "llama3-8b"),
            ("count", "8"),
            ("tp", tp),
            ("pp", pp),
            ("zero", "3"),
            ("recompute", "full"),
            ("sequence_parallel", sp),
        ]);
        let plan = input.plan.unwrap();
        super::evaluate::evaluate(&input.model, &input.training, &input.cluster, &plan)
    };
    let (s, h, v) = (8192.0, 4096.0, 128_256.0);
    let expected = 4.0 * s * h * (1.0 + v / h);
    let one = metrics("1", "1", "false");
    assert!((one.output_activations.unwrap() / expected - 1.0).abs() < 1e-12);
    let layers = one.activations_per_layer.unwrap() * 32.0;
    assert!((one.activations.unwrap() - layers - expected).abs() < 1.0);
    assert!((expected / GB - 4.34).abs() < 0.01);
    assert!((layers / GB - 2.15).abs() < 0.01, "{}", layers / GB);

    let two = metrics("2", "1", "false");
    let stage = two.activations_per_layer.unwrap() * 16.0;
    let first = stage * 2.0;
    let last = stage + two.output_activations.unwrap();
    assert!(last > first);
    assert!((two.activations.unwrap() - last).abs() < 1.0);

    // Tensor parallelism splits the logits; the two hidden-size inputs split
    // only with sequence parallelism, as the norms do.
    let inputs = 2.0 * 2.0 * s * h;
    let logits = 4.0 * s * v;
    let split = metrics("1", "8", "false").output_activations.unwrap();
    assert!((split - (inputs + logits / 8.0)).abs() < 1.0);
    let sequence = metrics("1", "8", "true").output_activations.unwrap();
    assert!((sequence - expected / 8.0).abs() < 1.0);
}

/// Narayanan et al. 2021, Section 5.1: GPT-3 175B on 1,024 A100s (tp 8, pp 8,
/// batch 1,536) reaches 140 TFLOP/s per GPU and would train on 300 B tokens in
/// about 34 days. This run is not in the calibration set (Table 1).
#[test]
fn golden_gpt3_on_1024_a100s_held_out() {
    let out = run(&[]);
    let days = out.train_time_s.unwrap() / 86_400.0;
    let tflops = out.hardware_flops_per_step / out.step_time_s / 1024.0 / 1e12;
    assert!((days / 34.0 - 1.0).abs() < 0.12, "{days} days");
    assert!((tflops / 140.0 - 1.0).abs() < 0.12, "{tflops} TFLOP/s");
    assert!(out.fits);
    assert_eq!(out.regime.kind, "model_split");
}

/// Narayanan et al. 2021, Table 2: GPT-3 175B at a batch of 1,536 under
/// ZeRO-3 without model parallelism ran at 144, 88 and 44 TFLOP/s per A100 on
/// 384, 768 and 1,536 GPUs (the paper counts FLOPs with recomputation, as
/// `hardware_flops_per_step` does). Each GPU's whole share of the batch is one
/// micro-batch, an assumption: the paper does not state it. The bandwidth-ideal
/// pricing gave about 209 on all three; the measured-behaviour pricing gives
/// 115, 82 and 48 (−20%, −7%, +10%) and, like the paper, falls as GPUs are added.
#[test]
fn golden_zero3_without_model_parallelism_table_2() {
    let mut previous = f64::INFINITY;
    for (count, micro_batch, measured) in
        [("384", "4", 144.0), ("768", "2", 88.0), ("1536", "1", 44.0)]
    {
        let out = run(&[
            ("count", count),
            ("micro_batch", micro_batch),
            ("precision", "fp16"),
            ("flash_attention", "false"),
            ("recompute", "full"),
            ("tp", "1"),
            ("pp", "1"),
            ("zero", "3"),
        ]);
        let gpus: f64 = count.parse().unwrap();
        let tflops = out.hardware_flops_per_step / out.step_time_s / gpus / 1e12;
        assert!(
            (tflops / measured - 1.0).abs() < 0.25,
            "{count} GPUs: {tflops} TFLOP/s against {measured}"
        );
        assert!(tflops < previous, "{count} GPUs: {tflops} after {previous}");
        previous = tflops;
        assert!(dp_comm(&out).note.contains("Table 2"));
    }
}

/// Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
/// Transformer Models", Tables 3 and 5: GPT models of 22 B to 1 T parameters on
/// A100s with tp 8 and no data parallelism (vocabulary 51,200, sequences of
/// 2,048, interleaving 3 for 175 B and 530 B). Iteration times with selective
/// recomputation and sequence parallelism, then with full recomputation and
/// neither: 1.10 / 1.42, 13.75 / 18.13, 37.83 / 49.05 and 71.49 / 94.42 s; and
/// Section 6.3: the 530 B model with 8-way data parallelism (2,240 GPUs)
/// takes 39.15 s. Held out: the fit saw only Megatron-LM Table 1, with full
/// recomputation. The model lands within 13% of all nine, and finds the paper's
/// speed-up (29–32%) larger than measured (34–44%).
#[test]
fn golden_korthikanti_table_5_held_out() {
    type Row<'a> = (
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        f64,
        f64,
    );
    let rows: [Row; 5] = [
        ("48", "6144", "64", "1", "8", "4", "4", "1", 1.10, 1.42),
        ("96", "12288", "96", "8", "64", "64", "1", "3", 13.75, 18.13),
        (
            "105", "20480", "128", "35", "280", "280", "1", "3", 37.83, 49.05,
        ),
        (
            "128", "25600", "160", "64", "512", "512", "1", "1", 71.49, 94.42,
        ),
        (
            "105",
            "20480",
            "128",
            "35",
            "2240",
            "2240",
            "1",
            "3",
            39.15,
            f64::NAN,
        ),
    ];
    for (layers, hidden, heads, pp, count, batch, micro, v, selective_s, full_s) in rows {
        let step = |recompute: &str, sequence_parallel: &str| {
            run(&[
                ("model", "custom"),
                ("layers", layers),
                ("hidden", hidden),
                ("heads", heads),
                ("vocab", "51200"),
                ("seq_len", "2048"),
                ("global_batch", batch),
                ("micro_batch", micro),
                ("recompute", recompute),
                ("flash_attention", "false"),
                ("sequence_parallel", sequence_parallel),
                ("count", count),
                ("tp", "8"),
                ("pp", pp),
                ("virtual_stages", v),
            ])
            .step_time_s
        };
        let fast = step("selective", "true");
        assert!(
            (fast / selective_s - 1.0).abs() < 0.13,
            "{hidden} on {count}: {fast} s against {selective_s}"
        );
        if full_s.is_nan() {
            continue;
        }
        let slow = step("full", "false");
        assert!(
            (slow / full_s - 1.0).abs() < 0.13,
            "{hidden} on {count}, full recomputation: {slow} s against {full_s}"
        );
        let speedup = slow / fast - 1.0;
        assert!((0.25..0.50).contains(&speedup), "{hidden}: {speedup}");
    }
}

/// Llama Team 2024, Table 4: Llama 3 405B on 16,384 H100s with tp 8, pp 16,
/// dp 128, sequences of 8,192 and 16 M tokens per batch ran at 400 TFLOP/s per
/// GPU, 41% BF16 MFU. Held out from calibration (different GPU and kernels).
/// The paper does not state the virtual stages or the recomputation used, so
/// v = 2 and none are assumptions; the model lands at about 36%, and the
/// tolerance is wide on purpose.
#[test]
fn golden_llama3_405b_on_16384_h100s_held_out() {
    let out = run(&[
        ("model", "llama3-405b"),
        ("global_batch", "2048"),
        ("accelerator", "h100-sxm-80gb"),
        ("count", "16384"),
        ("tp", "8"),
        ("pp", "16"),
        ("recompute", "none"),
        ("flash_attention", "true"),
        ("sequence_parallel", "true"),
        ("zero", "1"),
        ("virtual_stages", "2"),
    ]);
    assert!((out.mfu - 0.41).abs() < 0.12, "MFU {}", out.mfu);
}

/// PyTorch's torchtitan benchmark (benchmarks/llama3_h100_202412_torchtitan.md,
/// Table 1): Llama 3.1 8B on 8 H100s with FSDP, local batch 2, global batch
/// 16 and selective recomputation trains at 6,667 tokens/s per GPU in BF16
/// and 8,532 with Float8, 1.28 times faster. Their H100s run at 500 W with
/// HBM2e, so only the ratio is compared. The splitter gives 1.47: FP8 matrix
/// products at 1.6× BF16's, from NVIDIA's GEMM profile; without that share it
/// gave 1.73.
#[test]
fn golden_fp8_speedup_for_llama3_8b_on_8_h100s_held_out() {
    let tokens = |precision: &str| {
        run(&[
            ("model", "llama3-8b"),
            ("global_batch", "16"),
            ("micro_batch", "2"),
            ("recompute", "selective"),
            ("precision", precision),
            ("accelerator", "h100-sxm-80gb"),
            ("count", "8"),
            ("tp", "1"),
            ("pp", "1"),
            ("zero", "3"),
        ])
        .tokens_per_s
    };
    let speedup = tokens("fp8") / tokens("bf16");
    assert!((speedup / 1.28 - 1.0).abs() < 0.2, "FP8 speedup {speedup}");
    assert!(speedup < 1.6, "FP8 speedup {speedup}");
}

/// The FP8 share is the middle of NVIDIA's two measured speed-ups for a
/// whole model's GEMMs on Hopper (1.58× and 1.69× BF16, against the 2× of
/// the peaks), and the explanation's words quote the constants in use.
#[test]
fn fp8_matrix_products_keep_the_measured_share() {
    assert!((1.58..=1.69).contains(&(2.0 * FP8_GEMM_SHARE)));
    let out = run(&[
        ("model", "llama3-8b"),
        ("global_batch", "16"),
        ("precision", "fp8"),
        ("accelerator", "h100-sxm-80gb"),
        ("count", "8"),
        ("tp", "1"),
        ("pp", "1"),
    ]);
    let compute = out
        .explanations
        .iter()
        .find(|e| e.output == "compute")
        .unwrap();
    assert_eq!(compute.source.url, TRANSFORMER_ENGINE_GEMMS.url);
    let eta = compute
        .bindings
        .iter()
        .find(|b| b.symbol == "\\eta")
        .unwrap();
    assert!(
        eta.meaning
            .contains(&format!("{}", super::calibration::EFFICIENCY.gemm)),
        "{}",
        eta.meaning
    );
    assert!(
        eta.meaning.contains(&format!("× {FP8_GEMM_SHARE}")),
        "{}",
        eta.meaning
    );
    assert_eq!(eta.value, "0.552");
}

/// The constants in `EFFICIENCY` are what `calibrate()` finds, and they
/// reproduce every row of Megatron-LM Table 1 within 10%.
#[test]
fn calibration_constants_are_the_fit_and_residuals_are_small() {
    let fit = calibrate();
    assert!((fit.efficiency.gemm - EFFICIENCY.gemm).abs() < 1e-9);
    assert!((fit.efficiency.elementwise_traffic - EFFICIENCY.elementwise_traffic).abs() < 1e-9);
    for (published, predicted, error) in &fit.residuals {
        assert!(error.abs() < 0.10, "{published} vs {predicted}");
    }
    assert!(fit.rms_relative_error < 0.05);
}

#[test]
fn raising_tp_lowers_memory_and_adds_communication() {
    let one = run(&[("tp", "1"), ("pp", "8")]);
    let eight = run(&[("tp", "8"), ("pp", "8")]);
    assert!(eight.memory_per_device_bytes.total < one.memory_per_device_bytes.total);
    assert_eq!(one.breakdown_s.tp_comm, 0.0);
    assert!(eight.breakdown_s.tp_comm > 0.0);
}

#[test]
fn single_accelerator_bert_is_data_parallel_regime() {
    let out = run(&[
        ("model", "bert-large"),
        ("global_batch", "256"),
        ("micro_batch", "32"),
        ("count", "8"),
        ("tp", "1"),
        ("pp", "1"),
        ("recompute", "none"),
    ]);
    assert!(out.fits);
    assert_eq!(out.regime.kind, "data_parallel");
    assert_eq!(out.micro_batches, 1);
}

#[test]
fn lints_teach_the_rules() {
    let out = run(&[("tp", "16"), ("pp", "2"), ("global_batch", "1000")]);
    let codes: Vec<&str> = out.lints.iter().map(|l| l.code).collect();
    assert!(codes.contains(&"tp_spans_nodes"), "{codes:?}");
    assert!(codes.contains(&"batch_mismatch"), "{codes:?}");
    let out = run(&[("tp", "7"), ("dp", "1"), ("pp", "5")]);
    let codes: Vec<&str> = out.lints.iter().map(|l| l.code).collect();
    assert!(codes.contains(&"tp_heads"), "{codes:?}");
    assert!(codes.contains(&"pp_layers"), "{codes:?}");
    assert!(codes.contains(&"idle_accelerators"), "{codes:?}");
    let out = run(&[
        ("pp", "64"),
        ("tp", "8"),
        ("count", "512"),
        ("global_batch", "16"),
    ]);
    let codes: Vec<&str> = out.lints.iter().map(|l| l.code).collect();
    assert!(codes.contains(&"few_micro_batches"), "{codes:?}");
    let out = run(&[("tp", "1"), ("pp", "1")]);
    assert!(!out.fits);
    assert_eq!(out.regime.kind, "does_not_fit");
    assert!(out.lints.iter().any(|l| l.code == "out_of_memory"));
}

#[test]
fn every_output_has_an_explanation() {
    let out = run(&[("usd_per_hour", "2")]);
    let keys: Vec<&str> = out.explanations.iter().map(|e| e.output).collect();
    for key in [
        "params",
        "weights",
        "gradients",
        "optimizer",
        "activations",
        "allowance",
        "memory_total",
        "model_flops",
        "hardware_flops",
        "compute",
        "tp_comm",
        "dp_comm",
        "pp_bubble",
        "pp_comm",
        "step_time",
        "mfu",
        "hfu",
        "tokens_per_s",
        "train_time",
        "cost",
        "energy",
    ] {
        assert!(keys.contains(&key), "missing {key}");
    }
    // Every explanation shows the values it plugs in; an empty table teaches nothing.
    for e in &out.explanations {
        assert!(!e.bindings.is_empty(), "{} plugs in no values", e.output);
    }
    assert!(out.cost_usd.unwrap() > 0.0);
}

/// A learner redoing a number by hand needs every symbol of its formula:
/// the bubble's stage time, the parts of the memory total, the FLOPs behind
/// MFU and HFU, and the size and link of a pipeline send.
#[test]
fn each_formula_binds_the_symbols_it_uses() {
    let out = run(&[]);
    let bound = |key: &str| -> Vec<&str> {
        let e = out.explanations.iter().find(|e| e.output == key).unwrap();
        e.bindings.iter().map(|b| b.symbol).collect()
    };
    let expected: [(&str, &[&str]); 7] = [
        ("pp_bubble", &["p", "v", "m", "t_{\\text{stage}}"]),
        (
            "memory_total",
            &["M_w", "M_g", "M_o", "M_a", "M_{\\text{extra}}", "C"],
        ),
        ("mfu", &["F_{\\text{model}}", "N\\,\\Pi", "T"]),
        ("hfu", &["F_{\\text{hw}}", "N\\,\\Pi", "T"]),
        (
            "pp_comm",
            &[
                "m", "v", "p", "\\alpha", "b", "s", "h", "b_a", "t", "\\beta",
            ],
        ),
        (
            "hardware_flops",
            &["F_{\\text{model}}", "F_{\\text{recompute}}"],
        ),
        (
            "compute",
            &["m", "F_{\\text{dev}}", "L_d", "\\Pi", "\\eta", "k", "W"],
        ),
    ];
    for (key, symbols) in expected {
        let have = bound(key);
        for symbol in symbols {
            assert!(
                have.contains(symbol),
                "{key} does not bind {symbol}: {have:?}"
            );
        }
    }
    // The values agree with the results they explain.
    let input = input(&[]);
    let plan = input.plan.unwrap();
    let m = evaluate(&input.model, &input.training, &input.cluster, &plan);
    let bubble = (plan.pp - 1) as f64 / plan.virtual_stages as f64 * m.stage_s_per_micro_batch;
    assert!((bubble - m.pp_bubble_s).abs() <= 1e-12 * m.pp_bubble_s);
    let sends = 2.0 * (m.micro_batches * plan.virtual_stages + plan.pp - 1) as f64 * m.pp_send_s;
    assert!((sends - m.pp_comm_s).abs() <= 1e-12 * m.pp_comm_s);
    let stage = (m.compute_s + m.tp_comm_s) / m.micro_batches as f64;
    assert!((stage - m.stage_s_per_micro_batch).abs() <= 1e-12 * stage);
}

#[test]
fn bad_input_names_each_field() {
    let errors = form(&[
        ("global_batch", "-4"),
        ("micro_batch", "1.5"),
        ("tp", "NaN"),
        ("accelerator", "warp-drive"),
        ("precision", "fp64"),
        ("count", "1e30"),
    ])
    .validate(&catalogue())
    .unwrap_err();
    assert_eq!(
        errors.message_for("global_batch").as_deref(),
        Some("Must be at least 1.")
    );
    assert_eq!(
        errors.message_for("micro_batch").as_deref(),
        Some("Enter a whole number.")
    );
    assert!(errors.message_for("tp").unwrap().contains("not a number"));
    assert!(errors
        .message_for("accelerator")
        .unwrap()
        .contains("not in the hardware catalogue"));
    assert!(errors
        .message_for("precision")
        .unwrap()
        .contains("fp32, bf16"));
    assert!(errors.message_for("count").unwrap().contains("at most"));
}

#[test]
fn plans_that_cannot_exist_are_rejected() {
    let errors = form(&[("tp", "3")]).validate(&catalogue()).unwrap_err();
    assert!(errors.message_for("pp").unwrap().contains("must divide"));
    let errors = form(&[("pp", "1"), ("virtual_stages", "2")])
        .validate(&catalogue())
        .unwrap_err();
    assert!(errors.message_for("virtual_stages").is_some());
    let errors = form(&[("precision", "fp8")])
        .validate(&catalogue())
        .unwrap_err();
    assert!(errors.message_for("accelerator").unwrap().contains("FP8"));
    let errors = form(&[("model", "custom"), ("hidden", "1000"), ("heads", "7")])
        .validate(&catalogue())
        .unwrap_err();
    assert!(errors.message_for("heads").is_some());
}

/// A split with tp-way tensor parallelism and no pipeline on `count` parts,
/// optionally with the node size typed in.
fn link_plan(id: &str, count: &str, tp: &str, per_node: Option<&str>) -> SplitForm {
    let mut pairs = vec![
        ("accelerator", id),
        ("count", count),
        ("tp", tp),
        ("pp", "1"),
    ];
    if let Some(size) = per_node {
        pairs.push(("per_node", size));
    }
    form(&pairs)
}

/// A split across nodes needs the catalogue's published link bandwidths; for a
/// part without them the splitter names the missing figure instead of guessing.
#[test]
fn multi_node_splits_need_published_links() {
    let across = |id: &str| link_plan(id, "64", "4", None).validate(&catalogue());
    for id in [
        "tpu-v4",
        "mi300x-192gb",
        "h100-sxm-80gb",
        "trainium2",
        "gaudi2-96gb",
        "v100-sxm-32gb",
    ] {
        let result = across(id);
        assert!(
            result.is_ok(),
            "{id}: {:?}",
            result.err().and_then(|e| e.message_for("accelerator"))
        );
    }
    // The L4 has only its PCIe link, so it plans inside a server but not across.
    let in_one_server = link_plan("l4-24gb", "8", "4", None);
    assert!(in_one_server.validate(&catalogue()).is_ok());
    let errors = across("l4-24gb").unwrap_err();
    let message = errors.message_for("accelerator").unwrap();
    assert!(message.contains("bandwidth between nodes"), "{message}");
    assert!(message.contains("Use 8 or fewer"), "{message}");
    assert!(message.contains("type your cluster's network"), "{message}");
    // An instructor's row with no link figures at all cannot be split.
    let mut bare = catalogue();
    if let Some(part) = bare.accelerators.iter_mut().find(|a| a.id == "l4-24gb") {
        part.interconnect = None;
    }
    let errors = in_one_server.validate(&bare).unwrap_err();
    assert!(errors
        .message_for("accelerator")
        .unwrap()
        .contains("bandwidth between accelerators in a node, which the splitter needs. Use one accelerator per node"));
    // A pod size alone is no promise: without its link figure, only one node works.
    if let Some(part) = bare.accelerators.iter_mut().find(|a| a.id == "l4-24gb") {
        part.interconnect = Some(crate::hardware::Interconnect {
            domain_size: Some(256),
            ..Default::default()
        });
    }
    let errors = link_plan("l4-24gb", "512", "1", Some("1"))
        .validate(&bare)
        .unwrap_err();
    let message = errors.message_for("accelerator").unwrap();
    assert!(message.contains("Use 1 or fewer"), "{message}");
}

/// A PCIe card's datasheet cannot say which NIC a server has, so the learner
/// may type the network rate; it then wins over the catalogue, in Gb/s one way.
#[test]
fn a_typed_network_lets_pcie_cards_cross_nodes_and_wins_over_the_catalogue() {
    let mut across = link_plan("l4-24gb", "64", "4", None);
    across.network_gbps = "200".into();
    let input = across.validate(&catalogue()).unwrap();
    assert_eq!(input.cluster.inter_bytes_per_s, 25.0 * GB);
    assert_eq!(input.cluster.across_nodes, LinkSource::Typed);
    let explained = report(&input, &input.plan.unwrap()).explanations;
    let dp = explained.iter().find(|e| e.output == "dp_comm").unwrap();
    assert!(
        dp.bindings
            .iter()
            .any(|b| b.meaning.contains("as you typed it")),
        "{:?}",
        dp.bindings
    );
    // On a part with a published figure, the typed one still wins.
    let mut h100 = link_plan("h100-sxm-80gb", "64", "8", None);
    assert_eq!(
        h100.validate(&catalogue())
            .unwrap()
            .cluster
            .inter_bytes_per_s,
        50.0 * GB
    );
    h100.network_gbps = "100".into();
    let slow = h100.validate(&catalogue()).unwrap();
    assert_eq!(slow.cluster.inter_bytes_per_s, 12.5 * GB);
    // Empty means the catalogue's; zero, negative, NaN and words are refused beside the field.
    for bad in ["0", "-5", "NaN", "inf", "fast", "1e9"] {
        h100.network_gbps = bad.into();
        let errors = h100.validate(&catalogue()).unwrap_err();
        assert!(errors.message_for("network_gbps").is_some(), "{bad}");
        assert!(errors.message_for("accelerator").is_none(), "{bad}");
    }
}

/// Module 4 asks the learner to cut Selene's 200 Gb/s per GPU to 50 on
/// Megatron-LM's 145.6B plan and promises a step only about 5% slower: with
/// tp inside a server, only data-parallel and pipeline traffic crosses nodes.
#[test]
fn a_quarter_of_the_network_costs_the_megatron_plan_about_five_percent() {
    let pairs = [
        ("model", "custom"),
        ("layers", "80"),
        ("hidden", "12288"),
        ("heads", "96"),
        ("vocab", "51200"),
        ("seq_len", "2048"),
        ("global_batch", "2304"),
        ("precision", "fp16"),
        ("recompute", "full"),
        ("flash_attention", "false"),
        ("accelerator", "a100-sxm-80gb"),
        ("count", "1536"),
        ("tp", "8"),
        ("pp", "8"),
    ];
    let step = |network: &str| {
        let mut form = form(&pairs);
        form.network_gbps = network.into();
        let input = form.validate(&catalogue()).unwrap();
        report(&input, &input.plan.unwrap()).step_time_s
    };
    let ratio = step("50") / step("");
    assert!((1.03..1.07).contains(&ratio), "{ratio}");
    assert_eq!(step("200"), step(""));
}

/// Inside one pod, hosts talk over the pod's own links (ICI), not the
/// data-centre network: a 256-chip v5e or v6e job with nodes of 8 must price
/// cross-host traffic at the ICI rate, and a typed network must not replace it.
#[test]
fn a_job_inside_one_pod_crosses_hosts_over_the_pods_links() {
    for (id, ici) in [
        ("tpu-v5e", 200.0 * GB),
        ("tpu-v6e", 400.0 * GB),
        ("tpu-v5p", 600.0 * GB),
    ] {
        let mut pod = link_plan(id, "256", "8", Some("8"));
        pod.network_gbps = "100".into();
        let input = pod.validate(&catalogue()).unwrap();
        assert_eq!(input.cluster.inter_bytes_per_s, ici, "{id}");
        assert_eq!(input.cluster.across_nodes, LinkSource::PodLinks, "{id}");
    }
    // Beyond the pod, the data-centre network applies again.
    let two_pods = link_plan("tpu-v5e", "512", "8", Some("8"))
        .validate(&catalogue())
        .unwrap();
    assert_eq!(two_pods.cluster.inter_bytes_per_s, 3.125 * GB);
    assert_eq!(two_pods.cluster.across_nodes, LinkSource::Catalogue);
    // A TPU v5p pod holds 8,960 chips, but one job's ICI slice stops at 6,144
    // (Google Cloud, "TPU v5p"); 8,192 chips are a multislice over the DCN.
    let largest_slice = link_plan("tpu-v5p", "6144", "8", Some("8"))
        .validate(&catalogue())
        .unwrap();
    assert_eq!(largest_slice.cluster.across_nodes, LinkSource::PodLinks);
    let multislice = link_plan("tpu-v5p", "8192", "8", Some("8"))
        .validate(&catalogue())
        .unwrap();
    assert_eq!(multislice.cluster.inter_bytes_per_s, 6.25 * GB);
    assert_eq!(multislice.cluster.across_nodes, LinkSource::Catalogue);
}

/// The EC2 User Guide gives an inf2.48xlarge 100 Gb/s of instance network
/// (as generated into AWS's Karpenter bandwidth table) for its 12 chips, so a
/// model sharded over two instances crosses at 100 / 12 / 8 GB/s per chip, and
/// one instance stays on NeuronLink-v2 (192 GB/s per chip, half each way).
#[test]
fn inferentia2_crosses_instances_over_its_share_of_100_gbps() {
    let one_instance = link_plan("inferentia2", "12", "4", None)
        .validate(&catalogue())
        .unwrap();
    assert_eq!(one_instance.cluster.across_nodes, LinkSource::PodLinks);
    assert_eq!(one_instance.cluster.inter_bytes_per_s, 96.0 * GB);
    let two_instances = link_plan("inferentia2", "24", "4", None)
        .validate(&catalogue())
        .unwrap();
    assert_eq!(two_instances.cluster.across_nodes, LinkSource::Catalogue);
    assert_eq!(two_instances.cluster.per_node, 12);
    let per_chip = 100e9 / 12.0 / 8.0;
    assert!(
        (two_instances.cluster.inter_bytes_per_s - per_chip).abs() / per_chip < 1e-3,
        "{}",
        two_instances.cluster.inter_bytes_per_s
    );
}

/// Cloud TPU Multislice joins slices of one shape, and the collective model
/// assumes equal nodes, so a job that is not a whole number of catalogue nodes
/// is spread over equal ones while they stay at least half full; a node size
/// typed in is kept as it is.
#[test]
fn a_job_that_does_not_fill_whole_nodes_is_spread_over_equal_ones() {
    use super::node_share;
    assert_eq!(node_share(8192, 6144, true), 4096);
    assert_eq!(node_share(8192, 6144, false), 6144);
    assert_eq!(node_share(6144, 6144, true), 6144);
    assert_eq!(node_share(512, 6144, true), 512);
    assert_eq!(node_share(12, 8, true), 6);
    assert_eq!(node_share(10, 8, true), 5);
    assert_eq!(node_share(13, 8, true), 8);
    assert_eq!(node_share(1024, 8, true), 8);
    assert_eq!(node_share(0, 8, true), 1);
    assert_eq!(node_share(5, 0, true), 1);

    let multislice = link_plan("tpu-v5p", "8192", "8", None)
        .validate(&catalogue())
        .unwrap();
    assert_eq!(multislice.cluster.per_node, 4096);
    assert_eq!(multislice.cluster.across_nodes, LinkSource::Catalogue);
    let typed = link_plan("tpu-v5p", "8192", "8", Some("6144"))
        .validate(&catalogue())
        .unwrap();
    assert_eq!(typed.cluster.per_node, 6144);
    // The scaling curve applies the same rule at each size.
    let curve_point = multislice.cluster.with_count(12288).unwrap();
    assert_eq!(curve_point.per_node, 6144);
    assert_eq!(multislice.cluster.with_count(10240).unwrap().per_node, 5120);
}

/// The scaling curve re-resolves the links at every size: past one pod (or one
/// NVLink domain) it leaves the pod's links for the network, and it stops where
/// no network rate is known.
#[test]
fn the_scaling_curve_leaves_the_pod_links_where_the_pod_ends() {
    let small = link_plan("h100-sxm-80gb", "8", "8", None)
        .validate(&catalogue())
        .unwrap();
    assert_eq!(small.cluster.across_nodes, LinkSource::PodLinks);
    let bigger = small.cluster.with_count(64).unwrap();
    assert_eq!(bigger.inter_bytes_per_s, 50.0 * GB);
    assert_eq!(bigger.across_nodes, LinkSource::Catalogue);
    assert_eq!(bigger.per_node, 8);

    let v6e = link_plan("tpu-v6e", "256", "8", Some("8"))
        .validate(&catalogue())
        .unwrap();
    assert_eq!(
        v6e.cluster.with_count(256).unwrap().inter_bytes_per_s,
        400.0 * GB
    );
    assert_eq!(
        v6e.cluster.with_count(512).unwrap().inter_bytes_per_s,
        12.5 * GB
    );

    // A pod part without a data-centre network figure: its curve ends at the pod.
    let no_dcn = catalogue_without_dcn("tpu-v4");
    let v4 = link_plan("tpu-v4", "4096", "8", Some("8"))
        .validate(&no_dcn)
        .unwrap();
    assert!(v4.cluster.with_count(4096).is_some());
    assert!(v4.cluster.with_count(8192).is_none());
    let curve = report(&v4, &v4.plan.unwrap()).scaling;
    assert!(
        curve.iter().all(|point| point.accelerators <= 4096),
        "{curve:?}"
    );
    assert!(!curve.is_empty());
    // With the catalogue's 50 Gb/s per chip, the real TPU v4 goes on past it.
    let v4 = link_plan("tpu-v4", "4096", "8", Some("8"))
        .validate(&catalogue())
        .unwrap();
    assert_eq!(
        v4.cluster.with_count(8192).unwrap().inter_bytes_per_s,
        6.25 * GB
    );
}

/// The course catalogue with one part's data-centre network figure removed,
/// as an instructor's row might arrive, to test what the splitter does
/// without it.
fn catalogue_without_dcn(id: &str) -> Catalogue {
    let mut catalogue = catalogue();
    let parts = catalogue.accelerators.iter_mut().filter(|a| a.id == id);
    for links in parts.filter_map(|a| a.interconnect.as_mut()) {
        links.inter_gb_s = None;
        links.inter_name = None;
    }
    catalogue
}

/// Google's TPU v5e and v6e pages give each 8-chip host 2 x 100 and 4 x 200
/// Gb/s of data-centre network, so a job of two 256-chip pods can be planned on
/// either, and the TPU v4 row's 50 Gb/s per chip lets a job span two of its
/// pods. A pod part with no DCN figure refuses a job beyond its pod, with a
/// reason that names what still works.
#[test]
fn jobs_beyond_one_tpu_pod_need_a_published_dcn_figure() {
    let two_pods = |id: &str, count: &str| link_plan(id, count, "8", None).validate(&catalogue());
    for (id, count) in [("tpu-v5e", "512"), ("tpu-v6e", "512"), ("tpu-v4", "8192")] {
        let plan = two_pods(id, count);
        assert!(
            plan.is_ok(),
            "{id}: {:?}",
            plan.err().and_then(|e| e.message_for("accelerator"))
        );
    }
    // The widget's default node of 8 must not hide that a whole pod still works.
    let no_dcn = catalogue_without_dcn("tpu-v4");
    let errors = link_plan("tpu-v4", "8192", "8", Some("8"))
        .validate(&no_dcn)
        .unwrap_err();
    let message = errors.message_for("accelerator").unwrap();
    assert!(message.contains("bandwidth between nodes"), "{message}");
    assert!(message.contains("Use 4096 or fewer"), "{message}");
    assert!(link_plan("tpu-v4", "4096", "8", Some("8"))
        .validate(&no_dcn)
        .is_ok());
}

fn llama405b_on_16384() -> SplitInput {
    let mut input = input(&[
        ("model", "llama3-405b"),
        ("global_batch", "2048"),
        ("accelerator", "h100-sxm-80gb"),
        ("count", "16384"),
        ("flash_attention", "true"),
    ]);
    input.plan = None;
    input
}

#[test]
fn auto_split_is_exhaustive_and_its_best_beats_everything_it_saw() {
    let input = llama405b_on_16384();
    let plans = search::enumerate(&input);
    assert!(plans.len() >= 10_000, "{}", plans.len());
    let result = search::run(&input);
    let best = result.best.unwrap();
    let fastest = result.fastest.unwrap();
    assert!(best.step_time_s <= fastest.step_time_s * (1.0 + search::NEAR_TIE));
    assert_eq!(result.top.first(), Some(&best));
    let mut unsupported = 0;
    for plan in &plans {
        let metrics = evaluate(&input.model, &input.training, &input.cluster, plan);
        if metrics.fits && plan.framework_supported() {
            assert!(fastest.step_time_s <= metrics.step_time_s);
            // Within the tie band, nothing needs less memory than the leader.
            if metrics.step_time_s <= fastest.step_time_s * (1.0 + search::NEAR_TIE) {
                assert!(best.memory_bytes <= metrics.total);
            }
        }
        unsupported += u64::from(metrics.fits && !plan.framework_supported());
    }
    // ZeRO-2 or -3 beside pipeline parallelism is priced and counted, never ranked.
    assert_eq!(result.configs_unsupported, unsupported);
    assert!(unsupported > 0);
    assert!(result
        .top
        .iter()
        .chain(&result.pareto)
        .all(|c| c.parallel.framework_supported()));
    assert_eq!(result.top.len(), search::TOP);
    // After the leader, the rest run from the fastest down.
    assert!(result
        .top
        .iter()
        .skip(1)
        .collect::<Vec<_>>()
        .windows(2)
        .all(|w| w[0].step_time_s <= w[1].step_time_s));
    assert!(result
        .pareto
        .windows(2)
        .all(|w| w[0].memory_bytes <= w[1].memory_bytes && w[0].tokens_per_s < w[1].tokens_per_s));
}

/// Llama 3 8B on one 8-GPU server: the fastest plan fills 78.5 of 80 GB,
/// and one 0.15% slower needs 52 GB. The search leads with the second, since
/// the model's error is far larger than 0.15%, and still reports the first.
#[test]
fn a_near_tie_is_led_by_the_plan_with_headroom() {
    let mut input = input(&[
        ("model", "llama3-8b"),
        ("global_batch", "16"),
        ("micro_batch", "1"),
        ("accelerator", "h100-sxm-80gb"),
        ("count", "8"),
        ("tp", "1"),
        ("pp", "1"),
    ]);
    input.plan = None;
    let result = search::run(&input);
    let (best, fastest) = (result.best.unwrap(), result.fastest.unwrap());
    assert_ne!(best, fastest);
    assert!(best.step_time_s <= fastest.step_time_s * (1.0 + search::NEAR_TIE));
    assert!(
        fastest.memory_bytes - best.memory_bytes > 20e9,
        "{best:?} {fastest:?}"
    );
    assert_eq!(result.top.first(), Some(&best));
    assert_eq!(result.top.get(1), Some(&fastest));
}

#[test]
fn chunked_search_equals_one_shot() {
    let mut input = input(&[("count", "256")]);
    input.plan = None;
    let mut chunked = Search::new(&input);
    let mut steps = 0;
    while !chunked.is_done() {
        chunked.step(97);
        steps += 1;
    }
    assert!(steps > 1);
    assert_eq!(chunked.finish(), search::run(&input));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn arbitrary_text() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("NaN".to_string()),
            Just("-1".to_string()),
            Just("1e308".to_string()),
            Just("true".to_string()),
            (0u64..100_000).prop_map(|n| n.to_string()),
            "[a-z0-9.-]{0,12}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn no_input_panics(values in proptest::collection::vec(arbitrary_text(), FIELDS.len())) {
            let mut form = SplitForm::default();
            for (field, value) in FIELDS.iter().zip(values) {
                form.set_field(field, value);
            }
            if let Ok(input) = form.validate(&catalogue()) {
                let plan = input.plan.unwrap();
                let out = report(&input, &plan);
                prop_assert!(out.step_time_s.is_finite() && out.step_time_s > 0.0);
                prop_assert!(out.mfu > 0.0 && out.mfu <= 1.0);
            }
        }

        #[test]
        fn utilization_is_a_fraction_and_step_time_covers_pure_compute(
            tp_log in 0u32..4, pp_log in 0u32..4, zero in 0u8..4, micro in 1u64..4,
            recompute in 0usize..3, model in 0usize..8,
        ) {
            let preset = &presets::PRESETS[model];
            let (tp, pp) = (1u64 << tp_log, 1u64 << pp_log);
            let out = run(&[
                ("model", preset.key),
                ("tp", &tp.to_string()),
                ("pp", &pp.to_string()),
                ("zero", &zero.to_string()),
                ("micro_batch", &micro.to_string()),
                ("recompute", Recompute::ALL[recompute].key()),
            ]);
            prop_assert!(out.mfu > 0.0 && out.mfu <= 1.0);
            prop_assert!(out.hfu >= out.mfu && out.hfu <= 1.0);
            let pure = out.hardware_flops_per_step / (1024.0 * 312e12);
            prop_assert!(out.step_time_s >= pure);
        }

        #[test]
        fn memory_grows_with_the_model_and_shrinks_with_sharding(
            layers in 2u64..64, tp_log in 0u32..3, pp_log in 0u32..3, zero in 0u8..3,
        ) {
            // Layers divisible by every pp tried, so stages stay even.
            let layers = layers * 8;
            let (tp, pp) = (1u64 << tp_log, 1u64 << pp_log);
            let base = [
                ("model", "custom"), ("hidden", "4096"), ("heads", "32"), ("vocab", "32000"),
                ("seq_len", "2048"), ("count", "64"), ("global_batch", "512"),
            ];
            let memory = |layers: u64, tp: u64, pp: u64, zero: u8| {
                let mut pairs = base.to_vec();
                let (l, t, p, z) = (layers.to_string(), tp.to_string(), pp.to_string(), zero.to_string());
                pairs.extend([("layers", l.as_str()), ("tp", t.as_str()), ("pp", p.as_str()), ("zero", z.as_str())]);
                run(&pairs).memory_per_device_bytes.total
            };
            let here = memory(layers, tp, pp, zero);
            prop_assert!(memory(layers + 8, tp, pp, zero) > here);
            prop_assert!(memory(layers, tp * 2, pp, zero) <= here);
            prop_assert!(memory(layers, tp, pp * 2, zero) <= here);
            prop_assert!(memory(layers, tp, pp, zero + 1) <= here);
        }
    }
}

/// Llama 2 7B on 64 H100s (eight servers of eight) at the given tp, pp 1.
fn llama2_on_64_h100s(tp: &str) -> SplitInput {
    input(&[
        ("model", "llama2-7b"),
        ("accelerator", "h100-sxm-80gb"),
        ("count", "64"),
        ("global_batch", "512"),
        ("tp", tp),
        ("pp", "1"),
        ("zero", "0"),
    ])
}

fn dp_comm(out: &Report) -> &crate::Explanation {
    out.explanations
        .iter()
        .find(|e| e.output == "dp_comm")
        .unwrap()
}

/// Pure data parallelism over 8 servers of 8 H100s: each server holds 8 ranks
/// of the group, so the gradient all-reduce has two levels (reduce-scatter
/// over NVLink, an all-reduce of one eighth of the bytes over the network,
/// an all-gather over NVLink), and it is cheaper than one flat ring over the
/// network.
#[test]
fn data_parallel_across_nodes_reduces_hierarchically() {
    use super::evaluate::{LATENCY_INTER_S, LATENCY_INTRA_S};
    use crate::collective::{ring_allreduce_s, ring_gather_s};
    let input = llama2_on_64_h100s("1");
    let plan = input.plan.unwrap();
    let metrics = super::evaluate(&input.model, &input.training, &input.cluster, &plan);
    assert_eq!(metrics.dp_per_node, 8);
    let cluster = &input.cluster;
    let bytes = metrics.params_on_device * input.training.precision.weight_bytes();
    let hierarchical = 2.0 * ring_gather_s(8, bytes, cluster.intra_bytes_per_s, LATENCY_INTRA_S)
        + ring_allreduce_s(8, bytes / 8.0, cluster.inter_bytes_per_s, LATENCY_INTER_S);
    assert!(
        (metrics.dp_traffic_s / hierarchical - 1.0).abs() < 1e-9,
        "{} vs {hierarchical}",
        metrics.dp_traffic_s
    );
    let flat = ring_allreduce_s(64, bytes, cluster.inter_bytes_per_s, LATENCY_INTER_S);
    assert!(
        metrics.dp_traffic_s < flat / 4.0,
        "{} vs flat {flat}",
        metrics.dp_traffic_s
    );
    // The explanation names k and both links.
    let out = report(&input, &plan);
    let dp = dp_comm(&out);
    let symbols: Vec<&str> = dp.bindings.iter().map(|b| b.symbol).collect();
    assert!(
        symbols.contains(&"k") && symbols.contains(&"\\beta_n"),
        "{symbols:?}"
    );
    assert!(dp.note.contains("two levels"));
}

/// With tensor parallelism filling each server, one rank per node is left and
/// the data-parallel ring is flat over the network, as before.
#[test]
fn one_rank_per_node_keeps_the_flat_ring() {
    let input = llama2_on_64_h100s("8");
    let out = report(&input, &input.plan.unwrap());
    let dp = dp_comm(&out);
    assert!(dp.note.starts_with("A ring all-reduce"));
    assert!(!dp.bindings.iter().any(|b| b.symbol == "k"));
}

/// The node size defaults to the part's fast domain: 8 for the preset's A100s,
/// and TPU v5p slices of up to 6,144 chips once the learner picks it (8,192
/// chips are two equal slices of 4,096), so a multislice job keeps its traffic
/// inside each slice on ICI and sends only each rank's share over the
/// data-centre network.
#[test]
fn the_node_size_follows_the_chosen_part() {
    assert_eq!(input(&[]).cluster.per_node, 8);
    let v5p = input(&[("accelerator", "tpu-v5p"), ("count", "8192")]);
    assert_eq!(v5p.cluster.per_node, 4096);
    assert_eq!(v5p.cluster.across_nodes, LinkSource::Catalogue);
    let hosts = input(&[
        ("accelerator", "tpu-v5p"),
        ("count", "8192"),
        ("per_node", "8"),
    ]);
    let slices = report(&v5p, &v5p.plan.unwrap());
    let by_host = report(&hosts, &hosts.plan.unwrap());
    assert!(slices.breakdown_s.dp_comm < by_host.breakdown_s.dp_comm / 10.0);
}

/// A link may spell a menu value any way the validator accepts. The menu must
/// then show its own entry for it, and the plan must be the menu entry's plan,
/// so a learner never sees "(not available)" beside a value that was used.
#[test]
fn menus_show_their_own_entry_for_every_alias_the_validator_reads() {
    let catalogue = catalogue();
    // (custom architecture?, field, alias in the link, menu key)
    let cases = [
        (false, "flash_attention", "yes", "true"),
        (false, "flash_attention", " ON ", "true"),
        (false, "flash_attention", "No", "false"),
        // Empty is the validator's default: fused attention on, the others off.
        (false, "flash_attention", "", "true"),
        (false, "sequence_parallel", "", "false"),
        (false, "sequence_parallel", "off", "false"),
        (true, "gated_mlp", "YES", "true"),
        (false, "optimizer", "AdamW", "adam"),
        (false, "zero", "2.0", "2"),
        (false, "zero", " 1e0 ", "1"),
    ];
    for (custom, field, alias, key) in cases {
        let with = |value: &str| {
            let model = if custom { "custom" } else { "gpt3-175b" };
            form(&[("model", model), (field, value)])
        };
        let aliased = with(alias);
        assert_eq!(aliased.menu_value(field), key, "{field}={alias:?}");
        assert!(with(key).validate(&catalogue).is_ok(), "{field}={key}");
        assert_eq!(
            aliased.validate(&catalogue),
            with(key).validate(&catalogue),
            "{field}={alias:?}"
        );
    }
    // A value the validator refuses stays as typed, beside its message.
    for (field, value) in [
        ("flash_attention", "maybe"),
        ("zero", "5"),
        ("optimizer", "lion"),
    ] {
        let refused = form(&[(field, value)]);
        assert_eq!(refused.menu_value(field), value);
        assert!(refused.validate(&catalogue).is_err(), "{field}={value}");
    }
    // Fields without aliases show their text unchanged.
    assert_eq!(
        form(&[("precision", "bf16")]).menu_value("precision"),
        "bf16"
    );
}

/// With 8 accelerators a node and ranks in order, groups of 6 are ranks 0–5,
/// 6–11, …: the second straddles two nodes, so the step pays the network
/// rate for tensor parallelism and a lint says why. Groups of 4 stay inside.
#[test]
fn a_tensor_parallel_group_that_does_not_divide_the_node_pays_the_network() {
    let codes = |out: &Report| out.lints.iter().map(|l| l.code).collect::<Vec<_>>();
    let plan = |tp| {
        run(&[
            ("model", "llama3-8b"),
            ("tp", tp),
            ("pp", "1"),
            ("dp", "4"),
            ("count", "24"),
            ("global_batch", "64"),
        ])
    };
    let six = plan("6");
    assert!(
        codes(&six).contains(&"tp_straddles_nodes"),
        "{:?}",
        codes(&six)
    );
    let four = plan("4");
    assert!(
        !codes(&four).contains(&"tp_straddles_nodes"),
        "{:?}",
        codes(&four)
    );
    // Per micro-batch both move the same layer outputs; six ranks over the
    // network are far slower than four over NVLink.
    let per_mb = |out: &Report| out.breakdown_s.tp_comm / out.micro_batches as f64;
    assert!(
        per_mb(&six) > 2.0 * per_mb(&four),
        "{} vs {}",
        per_mb(&six),
        per_mb(&four)
    );
}

/// A plan that runs out of memory never trains, so its time, cost and
/// energy are labelled as what it would take.
#[test]
fn a_plan_that_does_not_fit_labels_its_time_and_cost_as_hypothetical() {
    let label = |out: &Report, key: &str| {
        out.explanations
            .iter()
            .find(|e| e.output == key)
            .map(|e| e.label)
    };
    let tight = run(&[("tp", "1"), ("pp", "1"), ("zero", "0"), ("tokens", "300e9")]);
    assert!(!tight.fits);
    assert_eq!(
        label(&tight, "train_time"),
        Some("Time to train, if it fit")
    );
    let roomy = run(&[("tokens", "300e9")]);
    assert!(roomy.fits);
    assert_eq!(label(&roomy, "train_time"), Some("Time to train"));
}
