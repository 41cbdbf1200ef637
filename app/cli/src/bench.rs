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
    let mut out = std::io::stdout().lock();
    let report = serde_json::json!({
        "train_compute_validate_and_compute_us": train_us,
        "roofline_validate_and_compute_us": roofline_us,
        "runs": 2001,
    });
    if serde_json::to_writer_pretty(&mut out, &report).is_ok() && writeln!(out).is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
