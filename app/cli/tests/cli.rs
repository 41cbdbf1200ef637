//! The `lab` binary end to end: exit codes, JSON in and out, and the real content.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn lab(args: &[&str], stdin: &str) -> Output {
    lab_in(&repo_root(), args, stdin)
}

fn lab_in(dir: &std::path::Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lab"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run that fails before reading its input (no content folder) closes
    // the pipe early; its exit code and message are what the test checks.
    let written = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    if let Err(error) = written {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    child.wait_with_output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn the_course_content_validates_with_zero_diagnostics() {
    let output = lab(&["check", "content"], "");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "",
        "{}",
        stderr(&output)
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn content_problems_print_path_line_message_and_exit_1() {
    let output = lab(&["check", "content", "tests/e2e/fixtures/content"], "");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout.contains("content/hostile.md:11: raw HTML is not allowed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("content/hostile.md:21: unknown widget `no-such-widget`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("content/hostile.md:26: widget `train-compute` presets are not valid TOML"),
        "{stdout}"
    );
    assert!(
        stdout.contains("uses a scheme that is not allowed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("content/hostile.md:36: `{{hw:no-such-chip.memory.bandwidth_gb_s}}`: no accelerator `no-such-chip` in the catalogue"),
        "{stdout}"
    );
    // Paths name the folder that was checked, so `path:line` opens in an editor.
    assert!(
        stdout
            .lines()
            .all(|line| line.starts_with("tests/e2e/fixtures/content/")),
        "{stdout}"
    );
}

#[test]
fn train_compute_reads_json_and_writes_json() {
    let output = lab(
        &["train-compute", "-"],
        r#"{"params": 175e9, "tokens": 300e9, "accelerators": 1024, "peak_tflops": 312, "utilization": 0.34}"#,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let flops = json["train_flops"].as_f64().unwrap();
    assert!((flops - 3.15e23).abs() / 3.15e23 < 1e-9);
    assert!(json["explanations"].as_array().unwrap().len() == 4);
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases = [
        (r#"{"parms": 1}"#, "unknown field `parms`"),
        (r#"{"params": "seven"}"#, "invalid type"),
        (r#"{"params": -1}"#, "params: Must be more than 0."),
        (
            r#"{"accelerators": 2.5}"#,
            "accelerators: Enter a whole number.",
        ),
        ("not json", "invalid input JSON"),
        ("", "invalid input JSON"),
    ];
    for (input, needle) in cases {
        let output = lab(&["train-compute", "-"], input);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{input}: {message}");
        assert!(message.contains(needle), "{input}: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{input}: {message}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_missing_file_exits_2() {
    let output = lab(&["train-compute", "no/such/file.json"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("lab: cannot read no/such/file.json"));
}

#[test]
fn roofline_reads_the_real_catalogue() {
    let output = lab(
        &["roofline", "-"],
        r#"{"op": "decode", "params": 70e9, "batch": 1, "accelerators": ["h100-sxm-80gb", "a100-sxm-80gb"]}"#,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["placements"][0]["bound"], "memory");
    // 140 GB of BF16 weights over the H100's 3.35 TB/s (NVIDIA H100 datasheet).
    let time = json["placements"][0]["time_s"].as_f64().unwrap();
    assert!((time - 140e9 / 3.35e12).abs() < 1e-9, "{time}");
    assert!(json["warning"].as_str().unwrap().contains("wastes money"));
}

/// An edge part on the FP32 roofline: NVIDIA's Jetson AGX Orin Series Technical
/// Brief v1.2 gives the 64GB module's GPU 5.3 FP32 TFLOP/s, and its data sheet
/// DS-10662-001 gives 204.8 GB/s of LPDDR5, so the ridge is 5.3e12 / 204.8e9,
/// about 25.9 FLOP/byte, and a 1024-cube FP32 matmul (171 FLOP/byte) is
/// compute-bound there.
#[test]
fn golden_jetson_agx_orin_fp32_ridge_from_the_technical_brief() {
    let output = lab(
        &["roofline", "-"],
        r#"{"op": "matmul", "m": 1024, "k": 1024, "n": 1024, "precision": "fp32", "accelerators": ["jetson-agx-orin-64gb"]}"#,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let ridge = json["placements"][0]["ridge_flops_per_byte"]
        .as_f64()
        .unwrap();
    assert!((ridge - 5.3e12 / 204.8e9).abs() < 1e-9, "{ridge}");
    assert_eq!(json["placements"][0]["bound"], "compute");
}

/// Module 3 says the explorer, which sees only bandwidth for ResNet-50 at a
/// batch of 32, puts the T4 7% ahead of the L4: both are memory-bound, so the
/// times stand in the ratio of NVIDIA's datasheet bandwidths, 300 and 320 GB/s.
#[test]
fn resnet_puts_the_t4_ahead_of_the_l4_as_module_3_says() {
    let output = lab(
        &["roofline", "-"],
        r#"{"op": "cnn_inference", "batch": 32, "accelerators": ["l4-24gb", "t4-16gb"]}"#,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let placements = json["placements"].as_array().unwrap();
    assert!(placements.iter().all(|p| p["bound"] == "memory"));
    let time = |i: usize| placements[i]["time_s"].as_f64().unwrap();
    let lead = time(0) / time(1) - 1.0;
    assert!((lead - (320.0 / 300.0 - 1.0)).abs() < 1e-9, "{lead}");
    assert_eq!(format!("{:.0}", lead * 100.0), "7");
}

#[test]
fn roofline_rejects_unknown_accelerators_and_fields() {
    for (input, needle) in [
        (
            r#"{"accelerators": ["nope"]}"#,
            "not in the hardware catalogue",
        ),
        (r#"{"opp": "matmul"}"#, "unknown field `opp`"),
        (r#"{"op": "matmul", "m": 0}"#, "m: Must be at least 1."),
    ] {
        let output = lab(&["roofline", "-"], input);
        assert_eq!(output.status.code(), Some(2), "{input}");
        assert!(
            stderr(&output).contains(needle),
            "{input}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn hardware_prints_the_catalogue_with_the_ids_the_splitter_needs() {
    let output = lab(&["hardware"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let ids: Vec<&str> = json["accelerators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    for id in [
        "a100-sxm-40gb",
        "a100-sxm-80gb",
        "h100-sxm-80gb",
        "h100-pcie-80gb",
        "h200-sxm-141gb",
        "v100-sxm-32gb",
        "tpu-v4",
        "mi300x-192gb",
    ] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
}

/// Young 1974 via Daly 2006's worked case: M = 24 h, δ = 5 min gives 120 minutes.
#[test]
fn checkpoint_gives_youngs_interval() {
    let output = lab(
        &["checkpoint", "-"],
        r#"{"node_mtbf_hours": 24, "nodes": 1, "write_s": 300, "restart_s": 0}"#,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!((json["young_interval_s"].as_f64().unwrap() - 7200.0).abs() < 1e-6);
    let bad = lab(&["checkpoint", "-"], r#"{"nodes": 0}"#);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("nodes: Must be at least 1."));
}

/// The Poisson yield the chiplet calculator cites (Ferris-Prabhu 1990):
/// a 100 mm² die at 0.1 defects per cm² yields e^(−0.1) ≈ 90.5%; cut in two
/// with no interface overhead, each half yields e^(−0.05) ≈ 95.1%.
#[test]
fn chiplet_gives_the_poisson_yield() {
    let output = lab(
        &["chiplet", "-"],
        r#"{"area_mm2": 100, "chiplets": 2, "defects_per_cm2": 0.1, "interface_share": 0}"#,
    );
    let json = json(&output);
    let whole = json["monolithic"]["die_yield"].as_f64().unwrap();
    let half = json["chiplet"]["die_yield"].as_f64().unwrap();
    assert!((whole - (-0.1f64).exp()).abs() < 1e-12, "{whole}");
    assert!((half - (-0.05f64).exp()).abs() < 1e-12, "{half}");
    assert_eq!(json["curve"].as_array().map(Vec::len), Some(16));
    let bad = lab(&["chiplet", "-"], r#"{"chiplets": 0}"#);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("chiplets:"), "{}", stderr(&bad));
    let typo = lab(&["chiplet", "-"], r#"{"chiplet": 4}"#);
    assert_eq!(typo.status.code(), Some(2));
    assert!(stderr(&typo).contains("unknown field"), "{}", stderr(&typo));
}

fn json(output: &Output) -> serde_json::Value {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The issue's own scenario: GPT-3 175B on 3,072 A100s with dp 6, tp 8, pp 64.
#[test]
fn split_prints_the_documented_report() {
    let scenario = r#"{"model": {"preset": "gpt3-175b"},
        "training": {"global_batch": 1536, "micro_batch": 1, "precision": "bf16", "optimizer": "adam", "recompute": "full", "tokens": 3e11},
        "cluster": {"accelerator": "a100-sxm-80gb", "count": 3072, "per_node": 8},
        "parallel": {"dp": 6, "tp": 8, "pp": 64, "virtual_stages": 1, "zero": 0, "sequence_parallel": false}}"#;
    let report = json(&lab(&["split", "-"], scenario));
    for key in [
        "params",
        "memory_per_device_bytes",
        "fits",
        "model_flops_per_step",
        "hardware_flops_per_step",
        "step_time_s",
        "breakdown_s",
        "mfu",
        "hfu",
        "tokens_per_s",
        "train_time_s",
        "lints",
    ] {
        assert!(report.get(key).is_some(), "missing {key}");
    }
    for key in ["compute", "tp_comm", "dp_comm", "pp_bubble", "pp_comm"] {
        assert!(report["breakdown_s"][key].as_f64().unwrap() >= 0.0, "{key}");
    }
    assert!(report["memory_per_device_bytes"]["activations"].is_number());
    assert_eq!(report["fits"], true);
    assert_eq!(report["lints"][0]["code"], "pp_layers");
}

#[test]
fn split_with_only_a_parameter_count_reports_unknown_activations() {
    let scenario = r#"{"model": {"params": 7.5e9}, "training": {"global_batch": 64},
        "cluster": {"accelerator": "a100-sxm-80gb", "count": 64}, "parallel": {"zero": 3}}"#;
    let report = json(&lab(&["split", "-"], scenario));
    assert!(report["memory_per_device_bytes"]["activations"].is_null());
    assert!(report["train_time_s"].is_null());
}

#[test]
fn split_auto_searches_every_plan() {
    let scenario = r#"{"model": {"preset": "llama3-70b"}, "training": {"global_batch": 512, "tokens": 1e12},
        "cluster": {"accelerator": "h100-sxm-80gb", "count": 256}, "parallel": "auto"}"#;
    let result = json(&lab(&["split", "-"], scenario));
    assert!(result["configs_evaluated"].as_u64().unwrap() > 1000);
    assert_eq!(result["top"].as_array().unwrap().len(), 10);
    assert!(!result["pareto"].as_array().unwrap().is_empty());
    assert_eq!(result["best"]["fits"], true);
    assert!(result["best"]["parallel"]["tp"].as_u64().unwrap() >= 1);
    assert_eq!(result["overridden"], serde_json::json!([]));
    // A micro-batch the reader set is named as not used, not dropped silently.
    let given = scenario.replace(
        r#""global_batch": 512,"#,
        r#""global_batch": 512, "micro_batch": 2,"#,
    );
    let result = json(&lab(&["split", "-"], &given));
    assert_eq!(
        result["overridden"],
        serde_json::json!(["training.micro_batch"])
    );
    let note = result["note"].as_str().unwrap();
    assert!(note.contains("training.micro_batch is not used"), "{note}");
    // The best plan, pasted back as `parallel`, is priced as printed.
    let best = &result["best"];
    let again = scenario.replace(
        r#""parallel": "auto""#,
        &format!(r#""parallel": {}"#, best["parallel"]),
    );
    let priced = json(&lab(&["split", "-"], &again));
    assert_eq!(priced["parallel"], best["parallel"]);
    assert_eq!(priced["step_time_s"], best["step_time_s"]);
    let twice = again.replace(
        r#""tokens": 1e12"#,
        r#""tokens": 1e12, "recompute": "full""#,
    );
    let output = lab(&["split", "-"], &twice);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("`recompute` is given in both"),
        "{}",
        stderr(&output)
    );
}

/// PCIe cards have no scale-out figure in the catalogue (the server picks the
/// NIC), so a 64-card L4 job needs the cluster's network typed in.
#[test]
fn split_takes_the_clusters_network_for_pcie_cards() {
    let scenario = |network: &str| {
        format!(
            r#"{{"model": {{"preset": "llama2-7b"}}, "training": {{"global_batch": 512}},
            "cluster": {{"accelerator": "l4-24gb", "count": 64{network}}}, "parallel": {{"tp": 4}}}}"#
        )
    };
    let refused = lab(&["split", "-"], &scenario(""));
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("type your cluster's network"),
        "{}",
        stderr(&refused)
    );
    let report = json(&lab(&["split", "-"], &scenario(r#", "network_gbps": 100"#)));
    assert!(report["step_time_s"].as_f64().unwrap() > 0.0);
    let bad = lab(&["split", "-"], &scenario(r#", "network_gbps": -1"#));
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("network_gbps"), "{}", stderr(&bad));
}

#[test]
fn split_rejects_bad_input_with_one_line() {
    let cases = [
        (
            r#"{"model": {"preset": "gpt3-175b"}, "training": {"global_batch": -1}, "cluster": {"accelerator": "a100-sxm-80gb", "count": 8}}"#,
            "training.global_batch: Must be at least 1.",
        ),
        (
            r#"{"model": {"preset": "gpt3-175b"}, "training": {"global_batch": 8}, "cluster": {"accelerator": "nope", "count": 8}}"#,
            "not in the hardware catalogue",
        ),
        (
            r#"{"model": {"preset": "gpt3-175b"}, "training": {"global_batch": 8, "typo": 1}, "cluster": {"accelerator": "a100-sxm-80gb", "count": 8}}"#,
            "unknown key `training.typo`",
        ),
        (
            r#"{"model": {"layers": 2}, "training": {"global_batch": 8}, "cluster": {"accelerator": "a100-sxm-80gb", "count": 8}}"#,
            "`model.hidden` is required",
        ),
        (
            r#"{"model": {"preset": "gpt3-175b"}, "training": {"global_batch": 8, "precision": "fp4"}, "cluster": {"accelerator": "a100-sxm-80gb", "count": 8}, "parallel": {"tp": 3}}"#,
            "training.precision: “fp4” is not a choice. Choose one of: fp32, bf16, fp16, fp8.; parallel.pp: tp × pp = 3 must divide",
        ),
        ("[1, 2]", "must be a JSON object"),
    ];
    for (scenario, expected) in cases {
        let output = lab(&["split", "-"], scenario);
        assert_eq!(output.status.code(), Some(2), "{scenario}");
        assert!(stderr(&output).contains(expected), "{}", stderr(&output));
    }
}

/// Runs a calculator on bad inputs: each must exit 2 with one line naming the problem.
fn assert_rejected(command: &str, cases: &[(&str, &str)]) {
    for (input, needle) in cases {
        let output = lab(&[command, "-"], input);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{input}: {message}");
        assert!(message.contains(needle), "{input}: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{input}: {message}");
        assert!(output.stdout.is_empty());
    }
}

/// Break-even in closed form: $730 a month of on-demand against $73 a month of
/// amortized purchase and $1,642.50 of egress breaks even at ceil(2.5) = 3.
#[test]
fn tco_reads_nested_prices_and_finds_the_break_even() {
    let output = lab(
        &["tco", "-"],
        r#"{"gpus": 1, "horizon_months": 12, "utilization": 1,
            "cloud": {"on_demand_per_gpu_hour": 1, "reserved_per_gpu_hour": 0.8, "spot_per_gpu_hour": 0.5},
            "on_prem": {"price_per_gpu": 2920, "server_and_network_per_gpu": 0, "amortization_months": 40,
                        "power_w_per_gpu": 0, "hosting_per_gpu_month": 0, "ops_usd_per_month": 0},
            "data": {"dataset_tb": 16.425, "egress_per_gb": 0.1}}"#,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["break_even_month"], 3);
    assert_eq!(json["payback_month"], 7);
    assert!((json["total_usd"]["on_demand"].as_f64().unwrap() - 8760.0).abs() < 1e-9);
    assert_eq!(json["monthly_cumulative"].as_array().unwrap().len(), 13);
    assert!(json["heuristic_check"]["holds"].is_boolean());
    let defaults = lab(&["tco", "-"], "{}");
    let json: serde_json::Value = serde_json::from_slice(&defaults.stdout).unwrap();
    assert_eq!(json["heuristic_check"]["holds"], true);
    assert!(json["break_even_utilization"].as_f64().unwrap() < 0.3);
    assert_rejected(
        "tco",
        &[
            (r#"{"utilization": 0}"#, "utilization: Must be more than 0."),
            (
                r#"{"cloud": {"on_demand": 3}}"#,
                "unknown field `on_demand`",
            ),
            (
                r#"{"on_prem": {"pue": 0.5}}"#,
                "on_prem.pue: Must be at least 1.",
            ),
            ("[]", "invalid input JSON"),
        ],
    );
}

/// Patterson et al. 2021, Table 4: GPT-3 on 10,000 V100s for 14.8 days at
/// 330 W per accelerator (300 W TDP plus 30 W of server) and PUE 1.1 used
/// 1,287 MWh, 552 t CO2e at 0.429 kg/kWh.
#[test]
fn energy_reads_the_real_catalogue() {
    let output = lab(
        &["energy", "-"],
        r#"{"accelerator": "v100-sxm-32gb", "count": 10000, "hours": 355.2, "utilization": 1,
            "pue": 1.1, "grid_kg_co2_per_kwh": 0.429, "server_overhead_w": 240, "tokens": null}"#,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let kwh = json["kwh"].as_f64().unwrap();
    assert!((kwh / 1_287_000.0 - 1.0).abs() < 0.005, "{kwh}");
    assert!((json["co2_kg"].as_f64().unwrap() / 552_100.0 - 1.0).abs() < 0.005);
    assert!(json["tokens_per_joule"].is_null());
    // Module 7's trillion tokens stay with module 7's run, and leave with it.
    let defaults = crate::json(&lab(&["energy", "-"], "{}"));
    assert!(defaults["tokens_per_joule"].as_f64().unwrap() > 0.0);
    let other = crate::json(&lab(&["energy", "-"], r#"{"count": 64}"#));
    assert!(other["tokens_per_joule"].is_null(), "{other}");
    let given = crate::json(&lab(&["energy", "-"], r#"{"count": 64, "tokens": 1e11}"#));
    assert!(given["tokens_per_joule"].as_f64().unwrap() > 0.0);
    let rows = json["comparison"].as_array().unwrap();
    assert!(rows.iter().any(|row| row["id"] == "h100-sxm-80gb"));
    assert_rejected(
        "energy",
        &[
            (
                r#"{"accelerator": "nope"}"#,
                "not in the hardware catalogue",
            ),
            (
                r#"{"accelerator": "loihi-2"}"#,
                "Intel Loihi 2 publishes no TDP",
            ),
            (r#"{"count": 0}"#, "count: Must be at least 1."),
            (r#"{"hourz": 1}"#, "unknown field `hourz`"),
        ],
    );
}

/// At very low load with one request per batch nobody queues, so latency is
/// the service time; the default load keeps p99 ≥ p50 and meets the target.
#[test]
fn serve_simulates_the_queue() {
    let output = lab(
        &["serve", "-"],
        r#"{"accelerator": "h100-sxm-80gb", "model": {"params": 7e9, "precision": "bf16"},
            "arrival_per_s": 0.001, "max_batch": 1, "batch_window_ms": 0, "latency_slo_ms": 5000,
            "requests": 500, "usd_per_hour": 6.88}"#,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let p50 = json["latency_ms"]["p50"].as_f64().unwrap();
    let service = json["service_time_batch_1_ms"].as_f64().unwrap();
    assert!((p50 / service - 1.0).abs() < 1e-9, "{p50} vs {service}");
    assert_eq!(json["max_batch_meeting_slo"], 1);
    assert!(json["usd_per_million_requests"].as_f64().unwrap() > 0.0);
    let defaults = lab(&["serve", "-"], r#"{"requests": 2000}"#);
    let json: serde_json::Value = serde_json::from_slice(&defaults.stdout).unwrap();
    let latency = &json["latency_ms"];
    assert!(latency["p99"].as_f64().unwrap() >= latency["p50"].as_f64().unwrap());
    assert_eq!(json["sweep"].as_array().unwrap().len(), 6);
    assert!(json["usd_per_million_requests"].is_null());
    // Two H100s hold a 70B model that one cannot; every replica counts both.
    let split = lab(
        &["serve", "-"],
        r#"{"tensor_parallel": 2, "memory_efficiency": 0.8, "model": {"params": 70e9},
            "arrival_per_s": 1, "requests": 500}"#,
    );
    assert_eq!(split.status.code(), Some(0), "{}", stderr(&split));
    let json: serde_json::Value = serde_json::from_slice(&split.stdout).unwrap();
    assert_eq!(json["tensor_parallel"], 2);
    assert!(json["tp_comm_per_step_ms"].as_f64().unwrap() > 0.0);
    let replicas = json["replicas"].as_u64().unwrap();
    assert_eq!(json["accelerators_needed"].as_u64().unwrap(), 2 * replicas);
    // A preset fills the shape: Llama 3 70B caches 2 × 80 × 1,024 × 2 bytes a token.
    let preset = lab(
        &["serve", "-"],
        r#"{"tensor_parallel": 2, "model": {"preset": "llama3-70b"}, "requests": 200}"#,
    );
    assert_eq!(preset.status.code(), Some(0), "{}", stderr(&preset));
    let json: serde_json::Value = serde_json::from_slice(&preset.stdout).unwrap();
    assert_eq!(json["kv_cache_bytes_per_token"], 327_680.0);
    assert_eq!(json["layers"], 80);
    // Continuous batching serves the default traffic with a shorter tail.
    let continuous = lab(
        &["serve", "-"],
        r#"{"scheduler": "continuous", "requests": 2000}"#,
    );
    assert_eq!(continuous.status.code(), Some(0), "{}", stderr(&continuous));
    let json: serde_json::Value = serde_json::from_slice(&continuous.stdout).unwrap();
    let p99 = json["latency_ms"]["p99"].as_f64().unwrap();
    assert!(p99 < latency["p99"].as_f64().unwrap(), "{p99}");
    assert_rejected(
        "serve",
        &[
            (
                r#"{"tensor_parallel": 16}"#,
                "tensor_parallel: NVIDIA H100 SXM5 80 GB's fast links join 8 chips",
            ),
            (
                r#"{"scheduler": "fifo"}"#,
                "scheduler: “fifo” is not a choice. Choose one of: static, continuous.",
            ),
            (
                r#"{"memory_efficiency": 0}"#,
                "memory_efficiency: Must be at least 0.01.",
            ),
            (
                r#"{"model": {"preset": "bert-large"}}"#,
                "model.preset: “bert-large” is not a known model; known: gpt2-xl,",
            ),
            (
                r#"{"model": {"params": 70e9}}"#,
                "params: Needs 142 GB of memory",
            ),
            (
                r#"{"model": {"precision": "fp16"}}"#,
                "model.precision: Choose bf16 for FP16",
            ),
            (r#"{"max_batch": 0}"#, "max_batch: Must be at least 1."),
            (r#"{"model": {"size": 1}}"#, "unknown field `size`"),
        ],
    );
}

/// Every formula and symbol the calculators explain must render in the
/// browser, which turns TeX into MathML with the course crate, not fall back
/// to raw TeX. The runs cover each branch that picks a different formula
/// (gated MLP, ZeRO-3, a parameter count only with its two-level
/// data-parallel reduction, a flat data-parallel ring, unbatched serving,
/// every roofline operation).
#[test]
fn every_explained_formula_and_symbol_renders_to_mathml() {
    let mut runs: Vec<(&str, String)> = vec![
        (
            "split",
            r#"{"model": {"preset": "gpt3-175b"}, "training": {"global_batch": 1536, "tokens": 3e11, "recompute": "full"},
            "cluster": {"accelerator": "a100-sxm-80gb", "count": 1024}, "parallel": {"tp": 8, "pp": 8, "zero": 3, "virtual_stages": 2}}"#
                .into(),
        ),
        (
            "split",
            r#"{"model": {"preset": "llama3-70b"}, "training": {"global_batch": 512, "tokens": 1e12},
            "cluster": {"accelerator": "h100-sxm-80gb", "count": 256}, "parallel": {"tp": 8, "pp": 4, "sequence_parallel": true}}"#
                .into(),
        ),
        (
            "split",
            r#"{"model": {"params": 7e9}, "training": {"global_batch": 64},
            "cluster": {"accelerator": "a100-sxm-80gb", "count": 64}, "parallel": {"zero": 1}}"#
                .into(),
        ),
        ("train-compute", "{}".into()),
        ("checkpoint", "{}".into()),
        ("chiplet", "{}".into()),
        ("tco", "{}".into()),
        ("energy", r#"{"samples": 1e9}"#.into()),
        ("serve", r#"{"requests": 200, "usd_per_hour": 2}"#.into()),
        (
            "serve",
            r#"{"requests": 200, "max_batch": 1, "arrival_per_s": 1}"#.into(),
        ),
        (
            "match",
            r#"{"workload": {"phase": "inference", "model_family": "cnn"}}"#.into(),
        ),
        ("simulate", r#"{"replications": 20}"#.into()),
    ];
    for op in [
        "matmul",
        "layernorm",
        "embedding",
        "attention",
        "conv2d",
        "prefill",
        "decode",
        "cnn_inference",
    ] {
        runs.push(("roofline", format!(r#"{{"op": "{op}"}}"#)));
    }
    let mut explanations = Vec::new();
    for (command, input) in &runs {
        let output = lab(&[command, "-"], input);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{command}: {}",
            stderr(&output)
        );
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        collect_explanations(&json, &mut explanations);
    }
    let chiplet =
        engine::chiplet::compute(&engine::chiplet::ChipletForm::default().validate().unwrap());
    explanations.extend(
        chiplet
            .explanations
            .iter()
            .map(|e| serde_json::to_value(e).unwrap()),
    );
    assert!(explanations.len() > 70, "{}", explanations.len());
    let mut failures = Vec::new();
    for explanation in &explanations {
        let output = &explanation["output"];
        let tex = explanation["formula_tex"].as_str().unwrap();
        if let Err(message) = course::math::to_mathml(tex, true) {
            failures.push(format!("{output}: {message}"));
        }
        for binding in explanation["bindings"].as_array().unwrap() {
            let symbol = binding["symbol"].as_str().unwrap();
            if let Err(message) = course::math::to_mathml(symbol, false) {
                failures.push(format!("{output} symbol: {message}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    for expected in [
        "payback_month",
        "racks_needed",
        "usd_per_million_requests",
        "md1_mean_wait_ms",
    ] {
        assert!(
            explanations.iter().any(|e| e["output"] == expected),
            "{expected}"
        );
    }
}

fn collect_explanations(json: &serde_json::Value, into: &mut Vec<serde_json::Value>) {
    match json {
        serde_json::Value::Object(map) => {
            if map.contains_key("formula_tex") {
                into.push(json.clone());
            }
            map.values().for_each(|v| collect_explanations(v, into));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_explanations(v, into)),
        _ => {}
    }
}

#[test]
fn simulate_prints_the_documented_fields() {
    let output = json(&lab(
        &["simulate", "-"],
        r#"{"preset": "ecommerce", "replications": 50, "seed": 3}"#,
    ));
    for key in [
        "single_machine",
        "completion_time_s",
        "goodput",
        "failures",
        "cost_usd",
        "checkpoint_interval_young_daly_s",
        "checkpoint_interval_best_simulated_s",
        "placement",
        "recommendation",
        "replications",
        "seed",
        "timeline",
    ] {
        assert!(output.get(key).is_some(), "missing {key}");
    }
    assert_eq!(output["replications"], 50);
    assert_eq!(output["seed"], 3);
    assert!(
        output["completion_time_s"]["p90"].as_f64().unwrap()
            >= output["completion_time_s"]["p50"].as_f64().unwrap()
    );
    assert!(output["placement"]["gpus"].as_array().unwrap().len() == 64);
}

#[test]
fn simulate_without_a_node_mtbf_has_no_failures() {
    let output = json(&lab(
        &["simulate", "-"],
        r#"{"preset": "ecommerce", "replications": 20}"#,
    ));
    assert_eq!(output["failures"], 0.0);
    assert!(output["checkpoint_interval_young_daly_s"].is_null());
}

#[test]
fn simulate_reports_an_infeasible_single_gpu_and_rejects_bad_keys() {
    let output = json(&lab(
        &["simulate", "-"],
        r#"{"preset": "benchmark", "cluster": {"gpus": 1, "gpus_per_node": 1}, "replications": 5}"#,
    ));
    assert_eq!(output["feasible"], false);
    assert!(output["reason"].as_str().unwrap().contains("do not fit"));
    let tables = r#"{"workload": {"tables": [{"name": "users", "rows": 1e6, "dim": 64, "pooling": 1}]}, "replications": 5}"#;
    let bytes = json(&lab(&["simulate", "-"], tables))["placement"]["embedding_bytes"].as_f64();
    // One table of 1 M rows × 64 × 4 bytes plus a row-wise accumulator: 260 MB.
    assert!((bytes.unwrap() - 260e6).abs() < 1.0);
    assert!(
        json(&lab(&["simulate", "-"], tables))["placement"]["embedding_bytes"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert_rejected(
        "simulate",
        &[
            (r#"{"preset": "nope"}"#, "preset: choose one of"),
            (
                r#"{"failures": {"mtbf": 3}}"#,
                "unknown key `failures.mtbf`",
            ),
            (
                r#"{"cluster": {"gpus": -8}}"#,
                "cluster.gpus: Must be at least 1.",
            ),
            (r#"{"replications": "many"}"#, "replications:"),
        ],
    );
}

/// The seed's "cheap, high-volume inference in the cloud": a frozen BERT-base
/// classifier on AWS, busy a third of the time, goes to an Inferentia-class ASIC.
#[test]
fn match_ranks_every_class_with_reasons() {
    let workload = r#"{"workload": {"phase": "inference", "model_family": "transformer",
        "params": 110e6, "batch_size": 8, "latency_p99_ms": 50, "throughput_per_s": 5000,
        "deployment": "cloud", "framework": "pytorch", "model_update": "monthly",
        "utilization": "0.3", "budget_usd": null}}"#;
    let result = json(&lab(&["match", "-"], workload));
    let ranking = result["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 7);
    assert_eq!(ranking[0]["class"], "asic");
    assert_eq!(ranking[0]["device"]["id"], "inferentia2");
    for entry in ranking {
        let sum: i64 = entry["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["points"].as_i64().unwrap())
            .sum();
        assert_eq!(Some(sum), entry["score"].as_i64());
        assert!(!entry["reasons"].as_array().unwrap().is_empty());
        assert!(!entry["devices"].as_array().unwrap().is_empty());
    }
    let scores: Vec<i64> = ranking
        .iter()
        .map(|e| e["score"].as_i64().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|pair| pair[0] >= pair[1]),
        "{scores:?}"
    );
    assert_eq!(
        result["unknown"],
        serde_json::json!(["power_budget_w", "budget_usd"])
    );
    assert!(result["note"].as_str().unwrap().contains("not a benchmark"));
    assert_eq!(result["explanations"][0]["output"], "score");
}

#[test]
fn match_prints_the_rule_table() {
    let table = json(&lab(&["match", "--rules"], ""));
    let rules = table["rules"].as_array().unwrap();
    assert!(rules.len() >= 30);
    for rule in rules {
        assert!(rule["source"]["url"]
            .as_str()
            .is_some_and(|u| !u.is_empty()));
        assert!(!rule["rationale"].as_str().unwrap().is_empty());
    }
    let training = rules.iter().find(|r| r["id"] == "training").unwrap();
    assert_eq!(training["points"]["gpu"], 20);
}

#[test]
fn match_rejects_bad_input_with_one_line() {
    assert_rejected(
        "match",
        &[
            (
                r#"{"workload": {"phase": "inference", "framwork": "jax"}}"#,
                "unknown key `workload.framwork`",
            ),
            (
                r#"{"workload": {"phase": "inference"}, "extra": 1}"#,
                "unknown key `extra`",
            ),
            (
                r#"{"workload": {"phase": "testing"}}"#,
                "phase: “testing” is not a choice. Choose one of: training, inference.",
            ),
            (
                r#"{"workload": {"model_family": "cnn"}}"#,
                "phase: Choose one of",
            ),
            (
                r#"{"workload": {"phase": "inference", "power_budget_w": -3}}"#,
                "workload.power_budget_w: Must be more than 0.",
            ),
            (
                r#"{"workload": {"phase": "inference", "utilization": 2}}"#,
                "utilization: Must be at most 1.",
            ),
            (
                r#"{"workload": {"phase": "inference", "batch_size": true}}"#,
                "must be a string or a number",
            ),
            (
                r#"{"workload": {"phase": "training", "latency_p99_ms": 5}}"#,
                "applies to inference",
            ),
            (r#"{"phase": "inference"}"#, "unknown key `phase`"),
            ("[]", "must be a JSON object"),
            ("{}", "`workload` is required"),
        ],
    );
    let output = lab(&["match"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn bench_reports_every_engine_case_as_a_finite_time() {
    let output = lab(&["bench"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let cases = report.as_object().unwrap();
    // The same cases the WASM half (app/web/tests/bench.rs) reports.
    assert_eq!(cases.len(), 12, "{cases:?}");
    for (key, value) in cases {
        let time = value.as_f64().unwrap();
        assert!(time.is_finite() && time > 0.0, "{key}: {time}");
        assert!(key.ends_with("_us") || key.ends_with("_ms"), "{key}");
    }
}

/// `lab check DIR`, what an author types first, means `lab check content DIR`.
#[test]
fn check_takes_the_folder_directly_too() {
    let long = lab(&["check", "content", "tests/e2e/fixtures/content"], "");
    let short = lab(&["check", "tests/e2e/fixtures/content"], "");
    assert_eq!(short.status.code(), Some(1));
    assert_eq!(short.stdout, long.stdout);
    let default = lab(&["check"], "");
    assert_eq!(
        default.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&default.stdout)
    );
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A typo in a quiz file is reported in that file, with its line, and does
/// not also claim that course.toml lists no quiz for the module.
#[test]
fn a_quiz_typo_is_reported_once_in_its_own_file() {
    let dir = std::env::temp_dir().join(format!("lab-quiz-typo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&repo_root().join("content"), &dir);
    let quiz = dir.join("quizzes/compute-or-memory.toml");
    let text = std::fs::read_to_string(&quiz).unwrap();
    std::fs::write(&quiz, text.replacen("correct = true", "corect = true", 1)).unwrap();
    let output = lab(&["check", dir.to_str().unwrap()], "");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout.contains("quizzes/compute-or-memory.toml:"),
        "{stdout}"
    );
    assert!(stdout.contains("corect"), "{stdout}");
    assert!(!stdout.contains("lists no quiz"), "{stdout}");
}

/// A catalogue file course.toml does not list is read by no page; only the
/// command line can see the folder, so it says so.
#[test]
fn a_hardware_file_course_toml_does_not_list_is_reported() {
    let dir = std::env::temp_dir().join(format!("lab-unlisted-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&repo_root().join("content"), &dir.join("content"));
    copy_dir(&repo_root().join("public"), &dir.join("public"));
    std::fs::write(dir.join("content/hardware/mine.toml"), "").unwrap();
    let output = lab(
        &["check", "content", dir.join("content").to_str().unwrap()],
        "",
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.contains(
            "hardware/mine.toml:1: this file is not listed in course.toml's `hardware = [...]`"
        ),
        "{stdout}"
    );
}

/// Run from a folder inside the course, a calculator looks upward for
/// `content/`, as git looks for its repository; from outside, it says how to
/// name the folder.
#[test]
fn a_calculator_finds_the_content_folder_from_a_subfolder() {
    let inside = lab_in(&repo_root().join("app/cli/src"), &["energy", "-"], "{}");
    assert_eq!(inside.status.code(), Some(0), "{}", stderr(&inside));
    let outside = lab_in(&std::env::temp_dir(), &["energy", "-"], "{}");
    assert_eq!(outside.status.code(), Some(2));
    assert!(
        stderr(&outside).contains("--content DIR"),
        "{}",
        stderr(&outside)
    );
}

/// Every example the CLI prints is accepted by its calculator, so
/// `lab example X | lab X -` always works; an unknown name is refused with
/// the list of names.
#[test]
fn every_example_runs_through_its_calculator() {
    let names = [
        "train-compute",
        "roofline",
        "checkpoint",
        "split",
        "simulate",
        "tco",
        "energy",
        "serve",
        "match",
        "chiplet",
    ];
    for name in names {
        let example = lab(&["example", name], "");
        assert!(example.status.success(), "{name}: {}", stderr(&example));
        let text = String::from_utf8(example.stdout).unwrap();
        assert!(
            text.starts_with("{\n"),
            "{name}: pretty JSON expected: {text}"
        );
        let run = lab(&[name, "-"], &text);
        assert!(run.status.success(), "{name}: {}", stderr(&run));
        let output: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert!(output.is_object(), "{name}");
    }
    let unknown = lab(&["example", "splitter"], "");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("split"), "{}", stderr(&unknown));
}
