//! `lab bench`: native timings of every calculator's validate + compute, the
//! work one input change triggers. The browser side is measured by
//! tests/bench/page-load.mjs; together they give the WASM/native ratio.

use engine::hardware::Catalogue;
use engine::roofline::RooflineForm;
use engine::train_compute::{self, TrainComputeForm};
use std::io::Write;
use std::process::ExitCode;
// The CLI is native only, where the clock exists; the engine itself never reads it.
#[allow(clippy::disallowed_types)]
use std::time::Instant;

/// Median time of `runs` calls, in microseconds.
#[allow(clippy::disallowed_methods)]
fn median_micros(runs: usize, mut work: impl FnMut()) -> f64 {
    let mut samples: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples.get(runs / 2).copied().unwrap_or(f64::NAN)
}

pub fn run(catalogue: &Catalogue) -> ExitCode {
    let train = TrainComputeForm::default();
    let train_us = median_micros(2001, || {
        if let Ok(input) = train.validate() {
            std::hint::black_box(train_compute::compute(&input));
        }
    });
    let decode = RooflineForm::default();
    let roofline_us = median_micros(2001, || {
        if let Ok(input) = decode.validate(catalogue) {
            std::hint::black_box(engine::roofline::compute(&input));
        }
    });
    let matcher_us = matcher_us(catalogue);
    let (split_report_us, split_evaluate_us, search_ms, configs) = split_timings(catalogue);
    let (tco_us, energy_us, serve_ms, chiplet_us) = cost_timings(catalogue);
    let mut out = std::io::stdout().lock();
    let report = serde_json::json!({
        "train_compute_validate_and_compute_us": train_us,
        "roofline_validate_and_compute_us": roofline_us,
        "splitter_validate_and_report_us": split_report_us,
        "splitter_one_plan_evaluate_us": split_evaluate_us,
        "splitter_auto_llama3_405b_16384_h100_ms": search_ms,
        "splitter_auto_configs_evaluated": configs,
        "casestudy_1000_replications_30_day_run_256_gpus_ms": casestudy_ms(catalogue),
        "tco_validate_and_compute_us": tco_us,
        "energy_validate_and_compute_us": energy_us,
        "serve_default_simulation_ms": serve_ms,
        "chiplet_validate_and_compute_us": chiplet_us,
        "matcher_validate_and_compute_us": matcher_us,
        "runs": 2001,
    });
    if serde_json::to_writer_pretty(&mut out, &report).is_ok() && writeln!(out).is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// The splitter: one input change (validate + full report), one plan priced
/// alone, and the exhaustive search for Llama 3 405B on 16,384 H100s.
fn split_timings(catalogue: &Catalogue) -> (f64, f64, f64, u64) {
    use engine::split::{evaluate, report, search, SplitForm};
    use engine::widgets::WidgetForm;
    let form = SplitForm::default();
    let report_us = median_micros(2001, || {
        if let Ok(input) = form.validate(catalogue) {
            if let Some(plan) = input.plan {
                std::hint::black_box(report(&input, &plan));
            }
        }
    });
    let mut big = SplitForm::default();
    for (field, value) in [
        ("model", "llama3-405b"),
        ("accelerator", "h100-sxm-80gb"),
        ("count", "16384"),
        ("global_batch", "2048"),
        ("flash_attention", "true"),
        ("recompute", "none"),
    ] {
        big.set_field(field, value.to_string());
    }
    let Ok(mut input) = big.validate(catalogue) else {
        return (report_us, f64::NAN, f64::NAN, 0);
    };
    let plan = input.plan;
    let evaluate_us = match plan {
        Some(plan) => median_micros(2001, || {
            std::hint::black_box(evaluate(
                &input.model,
                &input.training,
                &input.cluster,
                &plan,
            ));
        }),
        None => f64::NAN,
    };
    input.plan = None;
    let mut configs = 0;
    let search_ms = median_micros(9, || {
        configs = search::run(&input).configs_evaluated;
    }) / 1000.0;
    (report_us, evaluate_us, search_ms, configs)
}

/// 1,000 replications of a 30-day run on 256 A100s with the course's failure
/// rate (one failure per server every 6,336 hours), plus the checkpoint sweep.
fn casestudy_ms(catalogue: &Catalogue) -> f64 {
    use engine::casestudy::{compute, CaseStudyForm};
    use engine::widgets::WidgetForm;
    let mut form = CaseStudyForm::default();
    for (field, value) in [
        ("epochs", "18"),
        ("gpus", "256"),
        ("max_nodes", "64"),
        ("replications", "1000"),
    ] {
        form.set_field(field, value.to_string());
    }
    match form.validate(catalogue) {
        Ok(input) => {
            median_micros(5, || {
                std::hint::black_box(compute(&input));
            }) / 1000.0
        }
        Err(_) => f64::NAN,
    }
}

/// The matcher on a workload that fires most rules: one input change
/// (validate against the whole catalogue, score every part, write every
/// reason). The target is well under 1 ms.
fn matcher_us(catalogue: &Catalogue) -> f64 {
    use engine::matcher::{compute, MatcherForm};
    use engine::widgets::WidgetForm;
    let mut form = MatcherForm::default();
    for (field, value) in [
        ("phase", "inference"),
        ("model_family", "llm"),
        ("params", "70e9"),
        ("batch_size", "8"),
        ("latency_p99_ms", "200"),
        ("throughput_per_s", "2000"),
        ("power_budget_w", "800"),
        ("deployment", "cloud"),
        ("framework", "pytorch"),
        ("model_update", "monthly"),
        ("budget_usd", "1e6"),
        ("utilization", "0.3"),
    ] {
        form.set_field(field, value.to_string());
    }
    median_micros(2001, || {
        if let Ok(input) = form.validate(catalogue) {
            std::hint::black_box(compute(&input));
        }
    })
}

/// The cost, energy, serving and chiplet calculators at their defaults.
fn cost_timings(catalogue: &Catalogue) -> (f64, f64, f64, f64) {
    use engine::{chiplet, energy, serve, tco};
    let tco_form = tco::TcoForm::default();
    let tco_us = median_micros(2001, || {
        if let Ok(input) = tco_form.validate() {
            std::hint::black_box(tco::compute(&input));
        }
    });
    let energy_form = energy::EnergyForm::default();
    let energy_us = median_micros(2001, || {
        if let Ok(input) = energy_form.validate(catalogue) {
            std::hint::black_box(energy::compute(&input));
        }
    });
    let serve_form = serve::ServeForm::default();
    let serve_ms = median_micros(5, || {
        if let Ok(input) = serve_form.validate(catalogue) {
            std::hint::black_box(serve::compute(&input));
        }
    }) / 1000.0;
    let chiplet_form = chiplet::ChipletForm::default();
    let chiplet_us = median_micros(2001, || {
        if let Ok(input) = chiplet_form.validate() {
            std::hint::black_box(chiplet::compute(&input));
        }
    });
    (tco_us, energy_us, serve_ms, chiplet_us)
}
