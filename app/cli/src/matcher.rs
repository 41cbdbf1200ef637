//! `lab match FILE|-`: the workload matcher as JSON in, JSON out.
//!
//! Input: `{"workload": {...}}`. Every key is checked (unknown keys are
//! errors); only `phase` is required. A key left out, or given as `null` or
//! `""`, is unknown and every rule that reads it stays silent. Numbers may be
//! JSON numbers or strings.
//!
//! | key | values | default |
//! |---|---|---|
//! | `phase` (required) | `training` or `inference` | |
//! | `model_family` | `cnn`, `transformer`, `llm`, `recommender`, `classical`, `spiking` | unknown |
//! | `params` | parameter count, 1 to 1e15 | unknown |
//! | `batch_size` | whole number, 1 to 1e7 | unknown |
//! | `latency_p99_ms` | p99 target in ms, above 0 (inference only) | unknown |
//! | `throughput_per_s` | requests per second, above 0 (inference only) | unknown |
//! | `power_budget_w` | watts, above 0 | unknown |
//! | `deployment` | `cloud`, `on_prem`, `edge` | unknown |
//! | `framework` | `pytorch`, `tensorflow`, `jax`, `onnx` | unknown |
//! | `model_update` | `never`, `rarely`, `monthly`, `weekly`, `daily` | unknown |
//! | `budget_usd` | dollars, 0 to 1e12 | unknown |
//! | `utilization` | share of hours busy, 0 to 1 | unknown |
//!
//! Output: `ranking` (one entry per hardware class, best first: `class`,
//! `label`, `device` {`id`, `name`}, `score`, `reasons`, `rules` [{`rule`,
//! `points`}], `devices` [{`id`, `name`, `score`}]), `unknown`, `note` and
//! `explanations`. `lab match --rules` prints the rule table instead.

use engine::hardware::Catalogue;
use engine::matcher::{self, MatcherForm, FIELDS};
use engine::widgets::WidgetForm;
use serde_json::Value;

fn text_of(key: &str, value: &Value) -> Result<String, String> {
    match value {
        Value::String(text) => Ok(text.clone()),
        Value::Number(number) => Ok(number.to_string()),
        Value::Null => Ok(String::new()),
        _ => Err(format!(
            "`workload.{key}` must be a string or a number, or null for unknown"
        )),
    }
}

fn form_from(text: &str) -> Result<MatcherForm, String> {
    let root: Value =
        serde_json::from_str(text).map_err(|error| format!("invalid input JSON: {error}"))?;
    let Value::Object(root) = root else {
        return Err("the input must be a JSON object".into());
    };
    if let Some(key) = root.keys().find(|key| key.as_str() != "workload") {
        return Err(format!("unknown key `{key}`; expected workload"));
    }
    let workload = match root.get("workload") {
        Some(Value::Object(map)) => map,
        Some(_) => return Err("`workload` must be an object".into()),
        None => return Err("`workload` is required".into()),
    };
    let mut form = MatcherForm::unknown();
    for (key, value) in workload {
        if !FIELDS.contains(&key.as_str()) {
            return Err(format!(
                "unknown key `workload.{key}`; expected one of: {}",
                FIELDS.join(", ")
            ));
        }
        form.set_field(key, text_of(key, value)?);
    }
    Ok(form)
}

pub fn run(text: &str, catalogue: &Catalogue) -> Result<Value, String> {
    let input = form_from(text)?
        .validate(catalogue)
        .map_err(|errors| crate::calculators::invalid(&errors, &[("workload", &FIELDS)]))?;
    serde_json::to_value(matcher::compute(&input))
        .map_err(|error| format!("cannot encode the result: {error}"))
}

/// `lab match --rules`: every rule with its condition, points, rationale and source.
pub fn rules() -> Result<Value, String> {
    serde_json::to_value(serde_json::json!({
        "classes": matcher::CLASSES,
        "rules": matcher::table(),
        "note": matcher::NOTE,
    }))
    .map_err(|error| format!("cannot encode the rules: {error}"))
}
