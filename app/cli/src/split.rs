//! `lab split FILE|-`: the parallelism splitter as JSON in, JSON out.
//!
//! Input sections and their defaults (every key is checked; unknown keys are errors):
//! - `model` (required): `{"preset": "gpt3-175b"}`, or an architecture
//!   `{"layers", "hidden", "heads", "vocab", "seq_len", "kv_heads" (= heads),
//!   "ffn_hidden" (= 4 × hidden), "gated_mlp" (= false)}`, or
//!   `{"params": 7.5e9, "seq_len" (= 2048)}`.
//! - `training`: `global_batch` (required), `micro_batch` (1), `precision`
//!   (`bf16`; also `fp32`, `fp16`, `fp8`), `optimizer` (`adam`; also `adamw`,
//!   `sgd`), `recompute` (`none`; also `selective`, `full`), `flash_attention`
//!   (true), `fp32_gradients` (false: gradients in the training precision, as
//!   in the ZeRO paper; true: FP32, as Megatron-LM keeps them), `tokens`
//!   (none: no training time).
//! - `cluster`: `accelerator` (required catalogue id), `count` (required),
//!   `per_node` (the catalogue's NVLink domain, else 8), `usd_per_hour` (the
//!   catalogue's cited cloud price if any, else none: no cost), `network_gbps`
//!   (network per accelerator between nodes, Gb/s one way; else the catalogue's).
//! - `parallel`: absent or `"auto"` runs the exhaustive search, which chooses
//!   the micro-batch and recomputation itself (the output's `overridden`
//!   names any the input gave); otherwise
//!   `tp` (1), `pp` (1), `dp` (count ÷ (tp × pp)), `virtual_stages` (1), `zero`
//!   (0), `sequence_parallel` (false).

use engine::hardware::Catalogue;
use engine::split::{self, search, SplitForm};
use engine::widgets::WidgetForm;
use serde_json::{Map, Value};

fn section<'a>(
    root: &'a Map<String, Value>,
    name: &str,
) -> Result<Option<&'a Map<String, Value>>, String> {
    match root.get(name) {
        None => Ok(None),
        Some(Value::Object(map)) => Ok(Some(map)),
        Some(_) => Err(format!("`{name}` must be an object")),
    }
}

/// Copies `keys` of one section into the form, rejecting any other key.
fn copy(
    form: &mut SplitForm,
    name: &str,
    map: &Map<String, Value>,
    keys: &[&str],
) -> Result<(), String> {
    for (key, value) in map {
        if !keys.contains(&key.as_str()) {
            return Err(format!(
                "unknown key `{name}.{key}`; expected one of: {}",
                keys.join(", ")
            ));
        }
        form.set_field(key, crate::calculators::json_text(value));
    }
    Ok(())
}

/// An architecture's keys; `params` is the other way to give a model.
const ARCHITECTURE_KEYS: [&str; 8] = [
    "layers",
    "hidden",
    "heads",
    "kv_heads",
    "ffn_hidden",
    "vocab",
    "seq_len",
    "gated_mlp",
];
const TRAINING_KEYS: [&str; 8] = [
    "global_batch",
    "micro_batch",
    "precision",
    "optimizer",
    "recompute",
    "flash_attention",
    "fp32_gradients",
    "tokens",
];
const CLUSTER_KEYS: [&str; 5] = [
    "accelerator",
    "count",
    "per_node",
    "usd_per_hour",
    "network_gbps",
];
/// A plan's keys. `micro_batch` and `recompute` belong to `training`, but a
/// searched plan prints them with the rest (`best.parallel`), so a plan can be
/// pasted back as `parallel` and priced as printed.
const PARALLEL_KEYS: [&str; 8] = [
    "dp",
    "tp",
    "pp",
    "virtual_stages",
    "zero",
    "sequence_parallel",
    "micro_batch",
    "recompute",
];

/// The `training` keys the exhaustive search sets itself, plan by plan.
const SEARCHED_TRAINING_KEYS: [&str; 2] = ["micro_batch", "recompute"];

/// The form, whether to search, and the `training` keys the input set that a
/// search would override.
type Parsed = (SplitForm, bool, Vec<String>);

fn form_from(text: &str) -> Result<Parsed, String> {
    let root: Value =
        serde_json::from_str(text).map_err(|error| format!("invalid input JSON: {error}"))?;
    let Value::Object(root) = root else {
        return Err("the input must be a JSON object".into());
    };
    for key in root.keys() {
        if !["model", "training", "cluster", "parallel"].contains(&key.as_str()) {
            return Err(format!(
                "unknown key `{key}`; expected model, training, cluster, parallel"
            ));
        }
    }
    let mut form = SplitForm::default();
    // Defaults that differ from the widget's teaching preset.
    for (field, value) in [
        ("micro_batch", "1"),
        ("precision", "bf16"),
        ("optimizer", "adam"),
        ("recompute", "none"),
        ("flash_attention", "true"),
        ("tokens", ""),
        ("per_node", ""),
        ("usd_per_hour", ""),
        ("network_gbps", ""),
        ("tp", "1"),
        ("pp", "1"),
        ("dp", ""),
        ("virtual_stages", "1"),
        ("zero", "0"),
        ("sequence_parallel", "false"),
        ("global_batch", ""),
        ("accelerator", ""),
        ("count", ""),
        ("seq_len", "2048"),
        ("kv_heads", ""),
        ("ffn_hidden", ""),
        ("gated_mlp", "false"),
    ] {
        form.set_field(field, value.to_string());
    }
    let model = section(&root, "model")?.ok_or("`model` is required")?;
    if let Some(preset) = model.get("preset") {
        if model.len() > 1 {
            return Err("`model.preset` cannot be combined with other model keys".into());
        }
        form.model = crate::calculators::json_text(preset);
    } else if model.contains_key("params") {
        form.model = split::form::PARAMS_ONLY.to_string();
        copy(&mut form, "model", model, &["params", "seq_len"])?;
    } else {
        form.model = split::form::CUSTOM.to_string();
        for required in ["layers", "hidden", "heads", "vocab"] {
            if !model.contains_key(required) {
                return Err(format!(
                    "`model.{required}` is required for an architecture"
                ));
            }
        }
        copy(&mut form, "model", model, &ARCHITECTURE_KEYS)?;
    }
    let training = section(&root, "training")?.ok_or("`training` is required")?;
    copy(&mut form, "training", training, &TRAINING_KEYS)?;
    let cluster = section(&root, "cluster")?.ok_or("`cluster` is required")?;
    copy(&mut form, "cluster", cluster, &CLUSTER_KEYS)?;
    let auto = match root.get("parallel") {
        None => true,
        Some(Value::String(text)) if text == "auto" => true,
        Some(Value::Object(map)) => {
            if let Some(key) = SEARCHED_TRAINING_KEYS
                .iter()
                .find(|key| map.contains_key(**key) && training.contains_key(**key))
            {
                return Err(format!(
                    "`{key}` is given in both `training` and `parallel`; give it once"
                ));
            }
            copy(&mut form, "parallel", map, &PARALLEL_KEYS)?;
            false
        }
        Some(_) => return Err("`parallel` must be an object or \"auto\"".into()),
    };
    let overridden = SEARCHED_TRAINING_KEYS
        .iter()
        .filter(|key| auto && training.contains_key(**key))
        .map(|key| format!("training.{key}"))
        .collect();
    Ok((form, auto, overridden))
}

pub fn run(text: &str, catalogue: &Catalogue) -> Result<Value, String> {
    let (form, auto, overridden) = form_from(text)?;
    let input = form.validate(catalogue).map_err(|errors| {
        crate::calculators::invalid(
            &errors,
            &[
                ("model", &["params"]),
                ("model", &ARCHITECTURE_KEYS),
                ("training", &TRAINING_KEYS),
                ("cluster", &CLUSTER_KEYS),
                ("parallel", &PARALLEL_KEYS),
            ],
        )
    })?;
    let encode = |value: Result<Value, serde_json::Error>| {
        value.map_err(|error| format!("cannot encode the result: {error}"))
    };
    match input.plan {
        Some(plan) if !auto => encode(serde_json::to_value(split::report(&input, &plan))),
        _ => {
            let result = search::run(&input);
            let best = result
                .best
                .map(|best| split::report(&input, &best.parallel));
            encode(serde_json::to_value(serde_json::json!({
                "best": best,
                "fastest": result.fastest,
                "top": result.top,
                "pareto": result.pareto,
                "configs_evaluated": result.configs_evaluated,
                "configs_fitting": result.configs_fitting,
                "configs_unsupported": result.configs_unsupported,
                // Said aloud, so a value the reader set is not silently dropped.
                "overridden": overridden,
                "note": search_note(&overridden),
            })))
        }
    }
}

/// What the search decides for itself, naming any of it the input had set.
fn search_note(overridden: &[String]) -> String {
    let searched = format!(
        "The search tries every micro-batch, recomputation mode and sequence-parallel setting with each tp, pp, dp, virtual-stage and ZeRO choice, and reports the plan it ranks first: the one needing the least memory among those within {}% of the fastest step time (`fastest`), a difference smaller than the model's own error.",
        search::NEAR_TIE * 100.0
    );
    if overridden.is_empty() {
        searched
    } else {
        format!(
            "{searched} The input's {} is not used; to price a plan as written, give it as `parallel` (`best.parallel` can be pasted there as it is).",
            overridden.join(" and ")
        )
    }
}

/// `lab calibrate`: refits the efficiency model on Megatron-LM Table 1 and prints the residuals.
pub fn calibrate() -> Result<Value, String> {
    serde_json::to_value(split::calibrate())
        .map_err(|error| format!("cannot encode the result: {error}"))
}
