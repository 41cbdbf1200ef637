//! `lab example NAME`: a working input for each calculator, to print, edit and
//! pipe back (`lab example split | lab split -`). Each one is run by the CLI
//! tests, so an example can never drift from what the calculator accepts.

use clap::ValueEnum;
use std::io::Write;
use std::process::ExitCode;

/// The calculators that read JSON, by the subcommand that runs them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Calculator {
    TrainCompute,
    Roofline,
    Checkpoint,
    Split,
    Simulate,
    Tco,
    Energy,
    Serve,
    Match,
    Chiplet,
}

impl Calculator {
    /// A realistic input that uses the calculator's main keys. The comment
    /// line before each says what the numbers are, for the reader of this file.
    pub fn input(self) -> &'static str {
        match self {
            // Llama 2 7B's 2 trillion tokens on 256 H100s at 40% MFU.
            Calculator::TrainCompute => {
                r#"{"params": 7e9, "tokens": 2e12, "accelerators": 256, "peak_tflops": 989, "utilization": 0.4}"#
            }
            // One 4096-cube BF16 matrix product on a training part and an inference part.
            Calculator::Roofline => {
                r#"{"accelerators": ["h100-sxm-80gb", "l4-24gb"], "precision": "bf16", "op": "matmul", "m": 4096, "k": 4096, "n": 4096}"#
            }
            // Llama 3's failure rate per server (module 5) on its 2,048 servers.
            Calculator::Checkpoint => {
                r#"{"node_mtbf_hours": 6335, "nodes": 2048, "write_s": 60, "restart_s": 600}"#
            }
            // Llama 3 70B on 256 H100s, searched.
            Calculator::Split => {
                r#"{"model": {"preset": "llama3-70b"}, "training": {"global_batch": 512, "tokens": 1e12}, "cluster": {"accelerator": "h100-sxm-80gb", "count": 256}, "parallel": "auto"}"#
            }
            // The start-up preset on 16 GPUs (its node limit) with a third of them spot.
            Calculator::Simulate => {
                r#"{"preset": "startup", "cluster": {"gpus": 16}, "failures": {"spot_fraction": 0.33}, "replications": 200, "seed": 7}"#
            }
            // 64 GPUs used half the time, against a $2.50 on-demand rate.
            Calculator::Tco => {
                r#"{"gpus": 64, "utilization": 0.5, "cloud": {"on_demand_per_gpu_hour": 2.5}}"#
            }
            // A 512-A100 run of about a week.
            Calculator::Energy => {
                r#"{"accelerator": "a100-sxm-80gb", "count": 512, "hours": 182.7}"#
            }
            // A 70B model in INT4 at two requests a second.
            Calculator::Serve => {
                r#"{"model": {"params": 70e9, "precision": "int4"}, "arrival_per_s": 2}"#
            }
            // A small vision model on a 5 W drone.
            Calculator::Match => {
                r#"{"workload": {"phase": "inference", "model_family": "cnn", "params": 3e6, "batch_size": 1, "power_budget_w": 5, "deployment": "edge", "framework": "tensorflow"}}"#
            }
            // A 600 mm² design in four chiplets, at a defect density of 0.2 per cm².
            Calculator::Chiplet => r#"{"area_mm2": 600, "chiplets": 4, "defects_per_cm2": 0.2}"#,
        }
    }
}

/// Prints the example, pretty, so it reads well and edits easily.
pub fn print(calculator: Calculator) -> ExitCode {
    let text = match serde_json::from_str::<serde_json::Value>(calculator.input())
        .and_then(|value| serde_json::to_string_pretty(&value))
    {
        Ok(text) => text,
        Err(error) => {
            return crate::calculators::fail(&format!("the example is not JSON: {error}"))
        }
    };
    match writeln!(std::io::stdout().lock(), "{text}") {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that closed the pipe wanted no more; that is not a failure.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => crate::calculators::fail(&error.to_string()),
    }
}
