//! Calculator subcommands: JSON in (a file or `-`), JSON out. Bad input exits 2
//! with one line on stderr; unknown fields are errors so typos never pass silently.

use engine::hardware::Catalogue;
use engine::roofline::{self, RooflineForm};
use engine::train_compute::{self, TrainComputeForm};
use serde::Deserialize;
use serde_json::Number;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Runs one calculator: read, decode, validate, compute, print.
pub fn run(
    input: &str,
    calculator: impl Fn(&str) -> Result<serde_json::Value, String>,
) -> ExitCode {
    let text = match read_input(input) {
        Ok(text) => text,
        Err(message) => return fail(&message),
    };
    match calculator(&text) {
        Ok(value) => print_json(&value),
        Err(message) => fail(&message),
    }
}

/// Prints a value computed without input.
pub fn run_value(value: Result<serde_json::Value, String>) -> ExitCode {
    match value {
        Ok(value) => print_json(&value),
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

/// Prints a result as pretty JSON. A reader that stops early (`lab … | head`)
/// closes the pipe, which is not a failure of the calculation, so that counts
/// as printed; `false` means standard output really failed.
pub fn write_json(value: &impl serde::Serialize) -> bool {
    let mut stdout = std::io::stdout().lock();
    let written = serde_json::to_writer_pretty(&mut stdout, value)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(stdout));
    match written {
        Ok(()) => true,
        Err(error) => error.kind() == std::io::ErrorKind::BrokenPipe,
    }
}

fn print_json(value: &serde_json::Value) -> ExitCode {
    if write_json(value) {
        ExitCode::SUCCESS
    } else {
        fail("could not write the result to standard output")
    }
}

/// A JSON leaf as the text a form field holds: strings as they are, `null`
/// as empty (unknown), numbers and booleans as written.
pub fn json_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(text) => text.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The form's messages, each naming its field by the path the input file
/// spells: a field that lives in a section (`training.precision`) is named
/// with it, so the reader knows where to look.
pub fn invalid(errors: &engine::field::FieldErrors, sections: &[(&str, &[&str])]) -> String {
    invalid_at(errors, |field| {
        sections
            .iter()
            .find(|(_, keys)| keys.contains(&field))
            .map(|(section, _)| format!("{section}.{field}"))
    })
}

/// As `invalid`, for inputs whose keys differ from the form's field names:
/// `path` gives a field's path in the input, or `None` to keep its name.
pub fn invalid_at(
    errors: &engine::field::FieldErrors,
    path: impl Fn(&str) -> Option<String>,
) -> String {
    let parts: Vec<String> = errors
        .0
        .iter()
        .map(|error| {
            let name = path(error.field).unwrap_or_else(|| error.field.to_string());
            format!("{name}: {}", error.problem)
        })
        .collect();
    format!("invalid input: {}", parts.join("; "))
}

pub fn fail(message: &str) -> ExitCode {
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
    let request: TrainComputeRequest = decode(text)?;
    let mut form = TrainComputeForm::default();
    fill(
        &mut form,
        [
            ("params", request.params),
            ("tokens", request.tokens),
            ("accelerators", request.accelerators),
            ("peak_tflops", request.peak_tflops),
            ("utilization", request.utilization),
        ],
    );
    let input = form.validate().map_err(|errors| one_line(&errors))?;
    encode(train_compute::compute(&input))
}

pub fn widgets() -> ExitCode {
    let list: Vec<serde_json::Value> = engine::widgets::WIDGETS
        .iter()
        .map(|spec| serde_json::json!({ "slug": spec.slug, "title": spec.title, "summary": spec.summary, "fields": spec.fields }))
        .collect();
    print_json(&serde_json::Value::Array(list))
}

/// `lab roofline` input. Every key is optional; missing ones take the widget's
/// defaults (LLM decode of a 70B model at batch 1, BF16, on an H100 and an A100).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RooflineRequest {
    accelerators: Option<Vec<String>>,
    precision: Option<String>,
    op: Option<String>,
    m: Option<Number>,
    k: Option<Number>,
    n: Option<Number>,
    tokens: Option<Number>,
    hidden: Option<Number>,
    lookups: Option<Number>,
    dim: Option<Number>,
    rows: Option<Number>,
    batch: Option<Number>,
    seq_len: Option<Number>,
    size: Option<Number>,
    channels_in: Option<Number>,
    channels_out: Option<Number>,
    kernel: Option<Number>,
    params: Option<Number>,
}

pub fn roofline(text: &str, catalogue: &Catalogue) -> Result<serde_json::Value, String> {
    let request: RooflineRequest = decode(text)?;
    let mut form = RooflineForm::default();
    if let Some(ids) = request.accelerators {
        form.accelerators = ids.join(",");
    }
    for (field, value) in [("precision", request.precision), ("op", request.op)] {
        if let Some(value) = value {
            form.set(field, value);
        }
    }
    fill(
        &mut form,
        [
            ("m", request.m),
            ("k", request.k),
            ("n", request.n),
            ("tokens", request.tokens),
            ("hidden", request.hidden),
            ("lookups", request.lookups),
            ("dim", request.dim),
            ("rows", request.rows),
            ("batch", request.batch),
            ("seq_len", request.seq_len),
            ("size", request.size),
            ("channels_in", request.channels_in),
            ("channels_out", request.channels_out),
            ("kernel", request.kernel),
            ("params", request.params),
        ],
    );
    let input = form
        .validate(catalogue)
        .map_err(|errors| one_line(&errors))?;
    encode(roofline::compute(&input))
}

/// `lab checkpoint` input. Every key is optional; missing ones take the widget's
/// defaults (256 nodes of 6,335 h MTBF, 60 s writes, 600 s restarts).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckpointRequest {
    node_mtbf_hours: Option<Number>,
    nodes: Option<Number>,
    write_s: Option<Number>,
    restart_s: Option<Number>,
}

pub fn checkpoint(text: &str) -> Result<serde_json::Value, String> {
    let request: CheckpointRequest = decode(text)?;
    let mut form = engine::checkpoint::CheckpointForm::default();
    fill(
        &mut form,
        [
            ("node_mtbf_hours", request.node_mtbf_hours),
            ("nodes", request.nodes),
            ("write_s", request.write_s),
            ("restart_s", request.restart_s),
        ],
    );
    let input = form.validate().map_err(|errors| one_line(&errors))?;
    encode(engine::checkpoint::compute(&input))
}

/// `lab chiplet` input. Every key is optional; missing ones take the widget's
/// defaults (an 800 mm² design cut into 8 chiplets, 0.1 defects per cm², a
/// $17,000 300 mm wafer).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChipletRequest {
    area_mm2: Option<Number>,
    chiplets: Option<Number>,
    defects_per_cm2: Option<Number>,
    wafer_usd: Option<Number>,
    wafer_mm: Option<Number>,
    edge_mm: Option<Number>,
    interface_share: Option<Number>,
    assembly_usd_per_chiplet: Option<Number>,
    assembly_yield: Option<Number>,
}

pub fn chiplet(text: &str) -> Result<serde_json::Value, String> {
    let request: ChipletRequest = decode(text)?;
    let mut form = engine::chiplet::ChipletForm::default();
    fill(
        &mut form,
        [
            ("area_mm2", request.area_mm2),
            ("chiplets", request.chiplets),
            ("defects_per_cm2", request.defects_per_cm2),
            ("wafer_usd", request.wafer_usd),
            ("wafer_mm", request.wafer_mm),
            ("edge_mm", request.edge_mm),
            ("interface_share", request.interface_share),
            ("assembly_usd_per_chiplet", request.assembly_usd_per_chiplet),
            ("assembly_yield", request.assembly_yield),
        ],
    );
    let input = form.validate().map_err(|errors| one_line(&errors))?;
    encode(engine::chiplet::compute(&input))
}

/// Reads a request, or says why its JSON is not one.
pub fn decode<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|error| format!("invalid input JSON: {error}"))
}

/// Writes a result as JSON.
pub fn encode(output: impl serde::Serialize) -> Result<serde_json::Value, String> {
    serde_json::to_value(output).map_err(|error| format!("cannot encode the result: {error}"))
}

fn one_line(errors: &engine::field::FieldErrors) -> String {
    format!("invalid input: {}", errors.one_line())
}

/// Types each number the request gives into its field, as a learner would;
/// a key left out keeps the widget's default. (`cost::set_numbers` also lets
/// an explicit `null` empty a field, for the forms with optional fields.)
fn fill<const N: usize>(
    form: &mut impl engine::widgets::WidgetForm,
    fields: [(&str, Option<Number>); N],
) {
    for (name, value) in fields {
        if let Some(number) = value {
            form.set_field(name, number.to_string());
        }
    }
}
