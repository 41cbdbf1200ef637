//! `lab simulate FILE|-`: the case-study simulator as JSON in, JSON out.
//!
//! Keys (all optional; unknown keys are errors). `preset` (`ecommerce`,
//! `startup` or `benchmark`; default `ecommerce`) fills everything first, and
//! every other key overrides it:
//! - `workload`: `tables` (a list of `{name, rows, dim, pooling}`, pooling being
//!   lookups per sample), `dense_params`, `dense_mflops` (forward MFLOPs per
//!   sample), `samples`, `bytes_per_sample`, `epochs`, `embedding_precision`
//!   (`fp32`, `fp16`), `optimizer` (`rowwise_adagrad`, `adagrad` per value, `sgd`, `adam`), `global_batch`;
//! - `cluster`: `accelerator` (catalogue id), `gpus`, `gpus_per_node`, `sharding`
//!   (`auto`, `table`, `row`, `column`), `host_cache`, `host_memory_gb` (per
//!   node), `storage_gb_s` (per node), `network_gbps` (per GPU between nodes,
//!   one way; absent: the catalogue's figure, else an assumed PCIe-class rate),
//!   `cores_per_gpu`, `samples_per_core_s`;
//! - `autoscaler`: `min_nodes`, `max_nodes`, `scale_up_delay_s`, `idle_scale_down_s`;
//! - `failures`: `node_mtbf_hours` (0 or absent: no failures; the widget's
//!   presets use 6,335 h, the per-server figure the course derives from Llama 3),
//!   `spot_fraction`, `spot_preemptions_per_hour` (per spot node), `restart_policy`
//!   (`replace`, `restart_all`), `restart_s`;
//! - `checkpoint`: `interval_s` (absent: Young's interval), `write_s`;
//! - `prices`: `on_demand_usd`, `spot_usd` (per GPU-hour);
//! - `deadline_hours`, `replications`, `seed`.

use engine::casestudy::{compute, CaseStudyForm};
use engine::hardware::Catalogue;
use engine::widgets::WidgetForm;
use serde_json::{Map, Value};

fn tables_text(value: &Value) -> Result<String, String> {
    let Value::Array(list) = value else {
        return Ok(crate::calculators::json_text(value));
    };
    list.iter()
        .enumerate()
        .map(|(index, table)| {
            let field = |key: &str| {
                table
                    .get(key)
                    .map(crate::calculators::json_text)
                    .ok_or(format!("`workload.tables[{index}].{key}` is required"))
            };
            Ok(format!(
                "{}:{}:{}:{}",
                field("name")?,
                field("rows")?,
                field("dim")?,
                field("pooling")?
            ))
        })
        .collect::<Result<Vec<_>, String>>()
        .map(|entries| entries.join("; "))
}

const SECTIONS: [(&str, &[(&str, &str)]); 6] = [
    (
        "workload",
        &[
            ("tables", "tables"),
            ("dense_params", "dense_params"),
            ("dense_mflops", "dense_mflops"),
            ("samples", "samples"),
            ("bytes_per_sample", "bytes_per_sample"),
            ("epochs", "epochs"),
            ("embedding_precision", "embedding_precision"),
            ("optimizer", "optimizer"),
            ("global_batch", "global_batch"),
        ],
    ),
    (
        "cluster",
        &[
            ("accelerator", "accelerator"),
            ("gpus", "gpus"),
            ("gpus_per_node", "gpus_per_node"),
            ("sharding", "sharding"),
            ("host_cache", "host_cache"),
            ("host_memory_gb", "host_memory_gb"),
            ("storage_gb_s", "storage_gb_s"),
            ("network_gbps", "network_gbps"),
            ("cores_per_gpu", "cores_per_gpu"),
            ("samples_per_core_s", "samples_per_core_s"),
        ],
    ),
    (
        "autoscaler",
        &[
            ("min_nodes", "min_nodes"),
            ("max_nodes", "max_nodes"),
            ("scale_up_delay_s", "scale_up_delay_s"),
            ("idle_scale_down_s", "idle_scale_down_s"),
        ],
    ),
    (
        "failures",
        &[
            ("node_mtbf_hours", "node_mtbf_hours"),
            ("spot_fraction", "spot_fraction"),
            ("spot_preemptions_per_hour", "spot_preemptions_per_hour"),
            ("restart_policy", "restart_policy"),
            ("restart_s", "restart_s"),
        ],
    ),
    (
        "checkpoint",
        &[
            ("interval_s", "checkpoint_interval_s"),
            ("write_s", "checkpoint_write_s"),
        ],
    ),
    (
        "prices",
        &[("on_demand_usd", "on_demand_usd"), ("spot_usd", "spot_usd")],
    ),
];

fn form_from(text: &str) -> Result<CaseStudyForm, String> {
    let root: Value =
        serde_json::from_str(text).map_err(|error| format!("invalid input JSON: {error}"))?;
    let Value::Object(root) = root else {
        return Err("the input must be a JSON object".into());
    };
    let mut form = CaseStudyForm::default();
    if let Some(preset) = root.get("preset") {
        let key = crate::calculators::json_text(preset);
        if !engine::casestudy::workload::PRESETS.contains(&key.as_str()) {
            return Err(format!(
                "preset: choose one of: {}",
                engine::casestudy::workload::PRESETS.join(", ")
            ));
        }
        form.apply_preset(&key);
    }
    // As documented: failures are on only when `failures.node_mtbf_hours` is given.
    form.set_field("node_mtbf_hours", "0".to_string());
    for (key, value) in &root {
        match key.as_str() {
            "preset" => {}
            "deadline_hours" | "replications" | "seed" => {
                form.set_field(key, crate::calculators::json_text(value));
            }
            section => {
                let Some((_, keys)) = SECTIONS.iter().find(|(name, _)| *name == section) else {
                    return Err(format!("unknown key `{section}`; expected preset, workload, cluster, autoscaler, failures, checkpoint, prices, deadline_hours, replications, seed"));
                };
                let Value::Object(map) = value else {
                    return Err(format!("`{section}` must be an object"));
                };
                copy(&mut form, section, map, keys)?;
            }
        }
    }
    Ok(form)
}

fn copy(
    form: &mut CaseStudyForm,
    section: &str,
    map: &Map<String, Value>,
    keys: &[(&str, &str)],
) -> Result<(), String> {
    for (key, value) in map {
        let Some((_, field)) = keys.iter().find(|(name, _)| name == key) else {
            let allowed: Vec<&str> = keys.iter().map(|(name, _)| *name).collect();
            return Err(format!(
                "unknown key `{section}.{key}`; expected one of: {}",
                allowed.join(", ")
            ));
        };
        let text = if *field == "tables" {
            tables_text(value)?
        } else {
            crate::calculators::json_text(value)
        };
        form.set_field(field, text);
    }
    Ok(())
}

pub fn run(text: &str, catalogue: &Catalogue) -> Result<Value, String> {
    let form = form_from(text)?;
    let input = form.validate(catalogue).map_err(|errors| {
        crate::calculators::invalid_at(&errors, |field| {
            SECTIONS.iter().find_map(|(section, keys)| {
                keys.iter()
                    .find(|(_, name)| *name == field)
                    .map(|(key, _)| format!("{section}.{key}"))
            })
        })
    })?;
    serde_json::to_value(compute(&input))
        .map_err(|error| format!("cannot encode the result: {error}"))
}
