//! `lab bench`: native timings of the engine's benchmark cases
//! (`engine::bench`). The same cases compiled to WebAssembly are timed in
//! headless Chromium by app/web/tests/bench.rs, and the page's own latencies by
//! tests/bench/page-load.mjs; tests/bench/run prints all three.

use engine::hardware::Catalogue;
use std::io::Write;
use std::process::ExitCode;
// The CLI is native only, where the clock exists; the engine itself never reads it.
#[allow(clippy::disallowed_types)]
use std::time::Instant;

#[allow(clippy::disallowed_methods)]
pub fn run(catalogue: &Catalogue) -> ExitCode {
    let start = Instant::now();
    let mut clock = || start.elapsed().as_secs_f64() * 1000.0;
    let timings = engine::bench::run(catalogue, engine::bench::REPORT, &mut clock);
    let mut report = serde_json::Map::new();
    for timing in timings {
        report.insert(timing.key.to_string(), serde_json::json!(timing.value));
    }
    let mut out = std::io::stdout().lock();
    if serde_json::to_writer_pretty(&mut out, &report).is_ok() && writeln!(out).is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
