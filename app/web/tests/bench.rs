//! The WebAssembly half of the benchmark: the engine's benchmark cases
//! (`engine::bench`), compiled to wasm32 and timed in headless Chromium with
//! the page's clock. It is ignored by the test command and run by
//! tests/bench/run, which prints it beside `lab bench` as WASM/native ratios.
//! It checks that every case reports a finite time; it never judges the time.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn catalogue() -> engine::hardware::Catalogue {
    let mut accelerators =
        engine::hardware::parse_file(include_str!("../../../content/hardware/gpus.toml"))
            .expect("the GPU catalogue parses");
    accelerators.extend(
        engine::hardware::parse_file(include_str!("../../../content/hardware/accelerators.toml"))
            .expect("the accelerator catalogue parses"),
    );
    engine::hardware::Catalogue { accelerators }
}

#[wasm_bindgen_test]
#[ignore = "a benchmark: run by tests/bench/run"]
fn engine_cases_in_wasm() {
    let performance = web_sys::window().unwrap().performance().unwrap();
    let mut clock = || performance.now();
    let timings = engine::bench::run(&catalogue(), engine::bench::REPORT, &mut clock);
    let mut report = serde_json::Map::new();
    for timing in &timings {
        assert!(
            timing.value.is_finite() && timing.value >= 0.0,
            "{timing:?}"
        );
        report.insert(timing.key.to_string(), serde_json::json!(timing.value));
    }
    // One line with a fixed prefix, which tests/bench/page-load.mjs picks out.
    console_log!(
        "WASM-BENCH {}",
        serde_json::Value::Object(report).to_string()
    );
}
