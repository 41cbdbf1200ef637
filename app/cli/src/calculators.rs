//! Calculator subcommands: JSON in (a file or `-`), JSON out. Bad input exits 2
//! with one line on stderr; unknown fields are errors so typos never pass silently.

use engine::train_compute::{self, TrainComputeForm};
use serde::Deserialize;
use serde_json::Number;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Runs one calculator: read, decode, validate, compute, print.
pub fn run(input: &str, calculator: fn(&str) -> Result<serde_json::Value, String>) -> ExitCode {
    let text = match read_input(input) {
        Ok(text) => text,
        Err(message) => return fail(&message),
    };
    match calculator(&text) {
        Ok(value) => {
            let mut stdout = std::io::stdout().lock();
            let printed = serde_json::to_writer_pretty(&mut stdout, &value).is_ok()
                && writeln!(stdout).is_ok();
            if printed {
                ExitCode::SUCCESS
            } else {
                fail("could not write the result to standard output")
            }
        }
        Err(message) => fail(&message),
    }
}

fn read_input(input: &str) -> Result<String, String> {
    if input == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| format!("cannot read standard input: {error}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(input).map_err(|error| format!("cannot read {input}: {error}"))
    }
}

fn fail(message: &str) -> ExitCode {
    let one_line = message.replace('\n', " ");
    let _ = writeln!(std::io::stderr(), "lab: {one_line}");
    ExitCode::from(2)
}

/// `lab train-compute` input. Every field is optional; a missing one takes the
/// widget's default (GPT-3 175B, 300B tokens, 1,024 A100s at 312 TFLOP/s, u = 0.34).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TrainComputeRequest {
    params: Option<Number>,
    tokens: Option<Number>,
    accelerators: Option<Number>,
    peak_tflops: Option<Number>,
    utilization: Option<Number>,
}

pub fn train_compute(text: &str) -> Result<serde_json::Value, String> {
    let request: TrainComputeRequest =
        serde_json::from_str(text).map_err(|error| format!("invalid input JSON: {error}"))?;
    let mut form = TrainComputeForm::default();
    let fields = [
        ("params", request.params),
        ("tokens", request.tokens),
        ("accelerators", request.accelerators),
        ("peak_tflops", request.peak_tflops),
        ("utilization", request.utilization),
    ];
    for (name, value) in fields {
        if let Some(number) = value {
            form.set(name, number.to_string());
        }
    }
    let input = form
        .validate()
        .map_err(|errors| format!("invalid input: {}", errors.one_line()))?;
    let output = train_compute::compute(&input);
    serde_json::to_value(output).map_err(|error| format!("cannot encode the result: {error}"))
}

pub fn widgets() -> ExitCode {
    let list: Vec<serde_json::Value> = engine::widgets::WIDGETS
        .iter()
        .map(|spec| serde_json::json!({ "slug": spec.slug, "title": spec.title, "summary": spec.summary, "fields": spec.fields }))
        .collect();
    let mut stdout = std::io::stdout().lock();
    if serde_json::to_writer_pretty(&mut stdout, &list).is_ok() && writeln!(stdout).is_ok() {
        ExitCode::SUCCESS
    } else {
        fail("could not write to standard output")
    }
}
