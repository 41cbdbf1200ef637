//! The benchmark cases: for each calculator, the work one input change
//! triggers (validate + compute), and the long computations the page runs in
//! slices. `lab bench` times them natively and `app/web/tests/bench.rs` times
//! the same cases compiled to WebAssembly in headless Chromium, so the two
//! reports divide into a WASM/native ratio case by case.
//!
//! The engine reads no clock: the caller passes one returning milliseconds.
//! Browsers coarsen their clock (to 0.1 ms without cross-origin isolation), so
//! fast cases are timed in batches and a sample is the mean call of one batch.

use crate::hardware::Catalogue;
use crate::widgets::WidgetForm;
use std::hint::black_box;

/// One timed case: its report key and the median time of one call.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Timing {
    pub key: &'static str,
    /// Median over the samples, in the unit the key names (`_us` or `_ms`).
    pub value: f64,
}

/// How many batches are timed, and how many calls each batch makes.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    pub samples: usize,
    pub batch: usize,
}

/// How the fast cases (one input change) and the long ones (whole searches
/// and simulations) are sampled.
#[derive(Debug, Clone, Copy)]
pub struct Plans {
    pub fast: Plan,
    pub long: Plan,
}

/// The report's sampling: fast cases in 21 batches of 100 calls, long cases
/// as 5 single calls.
pub const REPORT: Plans = Plans {
    fast: Plan {
        samples: 21,
        batch: 100,
    },
    long: Plan {
        samples: 5,
        batch: 1,
    },
};

/// Median of `plan.samples` batch means, in milliseconds per call, after one
/// untimed warm-up batch.
pub fn median_ms(plan: Plan, clock: &mut dyn FnMut() -> f64, mut work: impl FnMut()) -> f64 {
    let batch = plan.batch.max(1);
    // One untimed batch first: a browser compiles WebAssembly with a quick
    // baseline compiler and optimizes hot functions later, and the report
    // is about the steady state (the page's first change is measured apart).
    for _ in 0..batch {
        work();
    }
    let mut samples: Vec<f64> = (0..plan.samples.max(1))
        .map(|_| {
            let start = clock();
            for _ in 0..batch {
                work();
            }
            (clock() - start) / batch as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples.get(samples.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Times every case with `clock` (milliseconds) and returns them in report order.
/// A case whose default form fails to validate reports NaN, which the callers'
/// checks reject.
pub fn run(catalogue: &Catalogue, plans: Plans, clock: &mut dyn FnMut() -> f64) -> Vec<Timing> {
    let Plans { fast, long } = plans;
    let us = |value_ms: f64| value_ms * 1000.0;
    let mut out = Vec::new();
    let mut push = |key: &'static str, value: f64| out.push(Timing { key, value });

    let train = crate::train_compute::TrainComputeForm::default();
    push(
        "train_compute_validate_and_compute_us",
        us(median_ms(fast, clock, || {
            if let Ok(input) = train.validate() {
                black_box(crate::train_compute::compute(&input));
            }
        })),
    );
    let roofline = crate::roofline::RooflineForm::default();
    push(
        "roofline_validate_and_compute_us",
        us(median_ms(fast, clock, || {
            if let Ok(input) = roofline.validate(catalogue) {
                black_box(crate::roofline::compute(&input));
            }
        })),
    );
    let matcher = matcher_form();
    push(
        "matcher_validate_and_compute_us",
        us(median_ms(fast, clock, || {
            if let Ok(input) = matcher.validate(catalogue) {
                black_box(crate::matcher::compute(&input));
            }
        })),
    );
    split_cases(catalogue, plans, clock, &mut push);
    push(
        "casestudy_1000_replications_30_day_run_256_gpus_ms",
        casestudy_ms(catalogue, long, clock),
    );
    cost_cases(catalogue, plans, clock, &mut push);
    out
}

/// A matcher workload that fires most rules.
fn matcher_form() -> crate::matcher::MatcherForm {
    let mut form = crate::matcher::MatcherForm::default();
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
    form
}

/// The splitter: one input change (validate + full report), one plan priced
/// alone, and the exhaustive search for Llama 3 405B on 16,384 H100s.
fn split_cases(
    catalogue: &Catalogue,
    Plans { fast, long }: Plans,
    clock: &mut dyn FnMut() -> f64,
    push: &mut impl FnMut(&'static str, f64),
) {
    use crate::split::{evaluate, report, search, SplitForm};
    let form = SplitForm::default();
    let report_ms = median_ms(fast, clock, || {
        if let Ok(input) = form.validate(catalogue) {
            if let Some(plan) = input.plan {
                black_box(report(&input, &plan));
            }
        }
    });
    push("splitter_validate_and_report_us", report_ms * 1000.0);
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
        push("splitter_one_plan_evaluate_us", f64::NAN);
        push("splitter_auto_llama3_405b_16384_h100_ms", f64::NAN);
        return;
    };
    // One plan is priced in a tenth of a microsecond, so its batches are a
    // hundred times longer to stay well above the browser's clock resolution.
    let tiny = Plan {
        samples: fast.samples,
        batch: fast.batch.saturating_mul(100),
    };
    let evaluate_ms = match input.plan {
        Some(plan) => median_ms(tiny, clock, || {
            black_box(evaluate(
                &input.model,
                &input.training,
                &input.cluster,
                &plan,
            ));
        }),
        None => f64::NAN,
    };
    push("splitter_one_plan_evaluate_us", evaluate_ms * 1000.0);
    input.plan = None;
    let search_ms = median_ms(long, clock, || {
        black_box(search::run(&input));
    });
    push("splitter_auto_llama3_405b_16384_h100_ms", search_ms);
}

/// 1,000 replications of a 30-day run on 256 A100s with the course's failure
/// rate (one failure per server every 6,335 hours), plus the checkpoint sweep.
fn casestudy_ms(catalogue: &Catalogue, long: Plan, clock: &mut dyn FnMut() -> f64) -> f64 {
    use crate::casestudy::{compute, CaseStudyForm};
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
        Ok(input) => median_ms(long, clock, || {
            black_box(compute(&input));
        }),
        Err(_) => f64::NAN,
    }
}

/// The cost, energy, serving and chiplet calculators at their defaults.
fn cost_cases(
    catalogue: &Catalogue,
    Plans { fast, long }: Plans,
    clock: &mut dyn FnMut() -> f64,
    push: &mut impl FnMut(&'static str, f64),
) {
    use crate::{chiplet, energy, serve, tco};
    let tco_form = tco::TcoForm::default();
    let tco_ms = median_ms(fast, clock, || {
        if let Ok(input) = tco_form.validate() {
            black_box(tco::compute(&input));
        }
    });
    push("tco_validate_and_compute_us", tco_ms * 1000.0);
    let energy_form = energy::EnergyForm::default();
    let energy_ms = median_ms(fast, clock, || {
        if let Ok(input) = energy_form.validate(catalogue) {
            black_box(energy::compute(&input));
        }
    });
    push("energy_validate_and_compute_us", energy_ms * 1000.0);
    let serve_form = serve::ServeForm::default();
    let serve_ms = median_ms(long, clock, || {
        if let Ok(input) = serve_form.validate(catalogue) {
            black_box(serve::compute(&input));
        }
    });
    push("serve_default_simulation_ms", serve_ms);
    let continuous_form = serve::ServeForm {
        scheduler: "continuous".into(),
        ..Default::default()
    };
    let continuous_ms = median_ms(long, clock, || {
        if let Ok(input) = continuous_form.validate(catalogue) {
            black_box(serve::compute(&input));
        }
    });
    push("serve_continuous_simulation_ms", continuous_ms);
    let chiplet_form = chiplet::ChipletForm::default();
    let chiplet_ms = median_ms(fast, clock, || {
        if let Ok(input) = chiplet_form.validate() {
            black_box(chiplet::compute(&input));
        }
    });
    push("chiplet_validate_and_compute_us", chiplet_ms * 1000.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_the_middle_batch_mean_after_the_warm_up() {
        // Call k costs k ms. With batches of two, the warm-up takes calls 0
        // and 1; the timed batches average 2.5, 4.5 and 6.5 ms per call.
        let ticks = std::cell::Cell::new(0.0);
        let calls = std::cell::Cell::new(0.0);
        let mut clock = || ticks.get();
        let plan = Plan {
            samples: 3,
            batch: 2,
        };
        let median = median_ms(plan, &mut clock, || {
            ticks.set(ticks.get() + calls.get());
            calls.set(calls.get() + 1.0);
        });
        assert_eq!(median, 4.5);
        assert_eq!(calls.get(), 8.0);
    }

    #[test]
    fn every_case_reports_a_finite_time_with_a_unit() {
        let catalogue = crate::hardware::course_catalogue();
        let once = Plan {
            samples: 1,
            batch: 1,
        };
        let ticks = std::cell::Cell::new(0.0);
        // Each clock read advances 0.5 ms, so every case reads a positive time.
        let mut clock = || {
            ticks.set(ticks.get() + 0.5);
            ticks.get()
        };
        let plans = Plans {
            fast: once,
            long: once,
        };
        let timings = run(&catalogue, plans, &mut clock);
        assert_eq!(timings.len(), 12);
        for timing in &timings {
            assert!(timing.value.is_finite() && timing.value > 0.0, "{timing:?}");
            assert!(
                timing.key.ends_with("_us") || timing.key.ends_with("_ms"),
                "{timing:?}"
            );
        }
    }
}
