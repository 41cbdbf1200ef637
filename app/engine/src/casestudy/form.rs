//! The case study's form: every field as text, presets that fill them all,
//! and `validate`, which resolves the accelerator and checks every value.

use super::placement::Sharding;
use super::step::PCIE_BYTES_PER_S;
use super::workload::{format_tables, parse_tables, preset, EmbeddingOptimizer, PRESETS};
use super::{CaseStudyInput, ClusterSpec, Hardware, Operations, RestartPolicy};
use crate::field::{flag_menu_key, Checker, FieldErrors, FieldProblem, Range};
use crate::format;
use crate::hardware::{Catalogue, Precision};
use crate::widgets::WidgetForm;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const FIELDS: [&str; 36] = [
    "preset",
    "tables",
    "dense_params",
    "dense_mflops",
    "samples",
    "bytes_per_sample",
    "epochs",
    "embedding_precision",
    "optimizer",
    "global_batch",
    "accelerator",
    "gpus",
    "gpus_per_node",
    "sharding",
    "host_cache",
    "host_memory_gb",
    "storage_gb_s",
    "network_gbps",
    "cores_per_gpu",
    "samples_per_core_s",
    "min_nodes",
    "max_nodes",
    "scale_up_delay_s",
    "idle_scale_down_s",
    "node_mtbf_hours",
    "spot_fraction",
    "spot_preemptions_per_hour",
    "restart_policy",
    "restart_s",
    "checkpoint_interval_s",
    "checkpoint_write_s",
    "on_demand_usd",
    "spot_usd",
    "deadline_hours",
    "replications",
    "seed",
];

/// Every field by name; unknown names are never stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseStudyForm {
    values: BTreeMap<String, String>,
}

impl Default for CaseStudyForm {
    fn default() -> Self {
        let mut form = CaseStudyForm {
            values: BTreeMap::new(),
        };
        form.apply_preset("ecommerce");
        form
    }
}

/// What an empty host-cache field means, for `validate` and for its menu alike.
const HOST_CACHE_DEFAULT: bool = false;

impl WidgetForm for CaseStudyForm {
    /// Choosing another preset fills every field from it (fields set after it
    /// override it, so a fence or a link lists `preset` first, as `FIELDS` does).
    fn set_field(&mut self, field: &str, value: String) -> bool {
        if field == "preset" {
            let key = value.trim().to_ascii_lowercase();
            if key != self.get("preset") && PRESETS.contains(&key.as_str()) {
                self.apply_preset(&key);
                return true;
            }
        }
        if FIELDS.contains(&field) {
            self.values.insert(field.to_string(), value);
            true
        } else {
            false
        }
    }

    fn field(&self, name: &str) -> String {
        self.get(name).to_string()
    }

    /// The host-cache menu reads `yes`, `on` or an empty value as `validate` does.
    fn menu_value(&self, name: &str) -> String {
        match name {
            "host_cache" => flag_menu_key(self.get(name), HOST_CACHE_DEFAULT)
                .map_or_else(|| self.field(name), str::to_string),
            _ => self.field(name),
        }
    }

    fn field_pairs(&self) -> Vec<(&'static str, String)> {
        FIELDS
            .iter()
            .map(|name| (*name, self.get(name).to_string()))
            .collect()
    }
}

/// Cluster and operations defaults per preset, as (field, value).
fn preset_cluster(key: &str) -> &'static [(&'static str, &'static str)] {
    match key {
        // A cloud pool of 8-GPU A100 servers; prices are examples, not quotes.
        "ecommerce" => &[
            ("accelerator", "a100-sxm-80gb"),
            ("gpus", "64"),
            ("gpus_per_node", "8"),
            ("sharding", "auto"),
            ("host_cache", "false"),
            ("host_memory_gb", "2048"),
            ("storage_gb_s", "10"),
            ("cores_per_gpu", "12"),
            ("samples_per_core_s", "50000"),
            ("min_nodes", "2"),
            ("max_nodes", "32"),
            ("scale_up_delay_s", "300"),
            ("idle_scale_down_s", "600"),
            ("node_mtbf_hours", "6335"),
            ("spot_fraction", "0"),
            ("spot_preemptions_per_hour", "0.05"),
            ("restart_policy", "replace"),
            ("restart_s", "600"),
            ("checkpoint_interval_s", ""),
            ("checkpoint_write_s", "120"),
            ("on_demand_usd", "4.10"),
            ("spot_usd", "1.60"),
            ("deadline_hours", "48"),
            ("replications", "500"),
            ("seed", "1"),
        ],
        "startup" => &[
            ("accelerator", "l4-24gb"),
            ("gpus", "4"),
            ("gpus_per_node", "4"),
            ("sharding", "auto"),
            ("host_cache", "false"),
            ("host_memory_gb", "256"),
            ("storage_gb_s", "2"),
            ("cores_per_gpu", "8"),
            ("samples_per_core_s", "50000"),
            ("min_nodes", "0"),
            ("max_nodes", "4"),
            ("scale_up_delay_s", "300"),
            ("idle_scale_down_s", "600"),
            ("node_mtbf_hours", "6335"),
            ("spot_fraction", "0"),
            ("spot_preemptions_per_hour", "0.05"),
            ("restart_policy", "replace"),
            ("restart_s", "300"),
            ("checkpoint_interval_s", ""),
            ("checkpoint_write_s", "30"),
            ("on_demand_usd", "0.80"),
            ("spot_usd", "0.35"),
            ("deadline_hours", "24"),
            ("replications", "500"),
            ("seed", "1"),
        ],
        _ => &[
            ("accelerator", "a100-sxm-80gb"),
            ("gpus", "8"),
            ("gpus_per_node", "8"),
            ("sharding", "auto"),
            ("host_cache", "false"),
            ("host_memory_gb", "2048"),
            ("storage_gb_s", "20"),
            ("cores_per_gpu", "16"),
            ("samples_per_core_s", "100000"),
            ("min_nodes", "0"),
            ("max_nodes", "8"),
            ("scale_up_delay_s", "300"),
            ("idle_scale_down_s", "600"),
            ("node_mtbf_hours", "6335"),
            ("spot_fraction", "0"),
            ("spot_preemptions_per_hour", "0.05"),
            ("restart_policy", "replace"),
            ("restart_s", "300"),
            ("checkpoint_interval_s", ""),
            ("checkpoint_write_s", "60"),
            ("on_demand_usd", "4.10"),
            ("spot_usd", "1.60"),
            ("deadline_hours", "4"),
            ("replications", "500"),
            ("seed", "1"),
        ],
    }
}

impl CaseStudyForm {
    pub fn get(&self, field: &str) -> &str {
        self.values.get(field).map_or("", String::as_str)
    }

    /// Fills every field from a preset: the workload, then the cluster and operations.
    pub fn apply_preset(&mut self, key: &str) {
        let Some(workload) = preset(key) else { return };
        let set = |values: &mut BTreeMap<String, String>, field: &str, value: String| {
            values.insert(field.to_string(), value);
        };
        set(&mut self.values, "preset", key.to_string());
        set(&mut self.values, "tables", format_tables(&workload.tables));
        set(
            &mut self.values,
            "dense_params",
            workload.dense_params.to_string(),
        );
        set(
            &mut self.values,
            "dense_mflops",
            (workload.dense_flops_per_sample / 1e6).to_string(),
        );
        set(&mut self.values, "samples", workload.samples.to_string());
        set(
            &mut self.values,
            "bytes_per_sample",
            workload.bytes_per_sample.to_string(),
        );
        set(&mut self.values, "epochs", workload.epochs.to_string());
        set(
            &mut self.values,
            "embedding_precision",
            if workload.value_bytes > 2.0 {
                "fp32"
            } else {
                "fp16"
            }
            .to_string(),
        );
        set(
            &mut self.values,
            "optimizer",
            workload.optimizer.key().to_string(),
        );
        set(
            &mut self.values,
            "global_batch",
            workload.global_batch.to_string(),
        );
        // No preset types a network: each starts from its part's catalogue figure.
        set(&mut self.values, "network_gbps", String::new());
        for (field, value) in preset_cluster(key) {
            set(&mut self.values, field, (*value).to_string());
        }
    }

    fn resolve_hardware(
        &self,
        checker: &mut Checker,
        catalogue: &Catalogue,
        typed_network: Option<f64>,
        gpus: Option<u64>,
    ) -> Option<Hardware> {
        let id = self.get("accelerator").trim();
        let Some(part) = catalogue.find(id) else {
            checker.errors.push(
                "accelerator",
                FieldProblem::UnknownId {
                    id: if id.is_empty() {
                        "(empty)".into()
                    } else {
                        id.chars().take(40).collect()
                    },
                },
            );
            return None;
        };
        let peak = part
            .peak_flops_per_s(Precision::Bf16)
            .or_else(|| part.peak_flops_per_s(Precision::Fp32));
        let (Some(peak), Some(capacity), Some(bandwidth)) =
            (peak, part.memory.capacity_gb, part.bandwidth_bytes_per_s())
        else {
            checker.errors.push("accelerator", FieldProblem::Invalid {
                reason: format!("{} does not publish its peak throughput, memory capacity and bandwidth, which the simulator needs.", part.name),
            });
            return None;
        };
        let link = part.interconnect.clone().unwrap_or_default();
        // Parts without a GPU-to-GPU link talk over PCIe, at the assumed PCIe rate.
        let intra = link.pod_bytes_per_s().unwrap_or(PCIE_BYTES_PER_S);
        let resolved = Hardware {
            id: part.id.clone(),
            name: part.name.clone(),
            peak_flops: peak,
            hbm_bytes: capacity * 1e9,
            hbm_bytes_per_s: bandwidth,
            intra_bytes_per_s: intra,
            inter_bytes_per_s: PCIE_BYTES_PER_S.min(intra),
            inter_origin: None,
            tdp_w: part.tdp_w,
            link,
            typed_network_gbps: typed_network,
        };
        // Until the GPU count is known, the assumed PCIe rate stands in.
        Some(match gpus {
            Some(n) => resolved.sized_for(n),
            None => resolved,
        })
    }

    pub fn validate(&self, catalogue: &Catalogue) -> Result<CaseStudyInput, FieldErrors> {
        let mut c = Checker::default();
        let preset_key = self.get("preset").trim().to_ascii_lowercase();
        if !PRESETS.contains(&preset_key.as_str()) {
            c.errors.push(
                "preset",
                FieldProblem::not_a_choice(self.get("preset"), &PRESETS),
            );
        }
        let tables = match parse_tables(self.get("tables")) {
            Ok(tables) => Some(tables),
            Err(reason) => {
                c.errors.push("tables", FieldProblem::Invalid { reason });
                None
            }
        };
        let dense_params = c.real(
            "dense_params",
            self.get("dense_params"),
            Range::at_least(0.0, 1e12),
        );
        let dense_mflops = c.real(
            "dense_mflops",
            self.get("dense_mflops"),
            Range::at_least(0.0, 1e9),
        );
        let samples = c.real("samples", self.get("samples"), Range::at_least(1.0, 1e16));
        let bytes_per_sample = c.real(
            "bytes_per_sample",
            self.get("bytes_per_sample"),
            Range::above(0.0, 1e9),
        );
        let epochs = c.real("epochs", self.get("epochs"), Range::above(0.0, 1e4));
        let value_bytes = c.choice(
            "embedding_precision",
            self.get("embedding_precision"),
            &[("fp32", 4.0), ("fp16", 2.0)],
        );
        let optimizer = c.choice(
            "optimizer",
            self.get("optimizer"),
            &[
                ("rowwise_adagrad", EmbeddingOptimizer::RowWiseAdagrad),
                ("adagrad", EmbeddingOptimizer::Adagrad),
                ("sgd", EmbeddingOptimizer::Sgd),
                ("adam", EmbeddingOptimizer::Adam),
            ],
        );
        let global_batch = c.whole(
            "global_batch",
            self.get("global_batch"),
            Range::at_least(1.0, 1e9),
        );
        // Empty means the catalogue's figure; up to 100 Tb/s, far above any NIC sold.
        let network_gbps = c.optional_real(
            "network_gbps",
            self.get("network_gbps"),
            Range::above(0.0, 1e5),
        );
        let gpus = c.whole("gpus", self.get("gpus"), Range::at_least(1.0, 100_000.0));
        let hardware = self.resolve_hardware(&mut c, catalogue, network_gbps.flatten(), gpus);
        let gpus_per_node = c.whole(
            "gpus_per_node",
            self.get("gpus_per_node"),
            Range::at_least(1.0, 256.0),
        );
        let sharding = c.choice(
            "sharding",
            self.get("sharding"),
            &Sharding::ALL.map(|s| (s.key(), s)),
        );
        // Yes or no, with the same words as every other yes/no field.
        let host_cache = c.flag("host_cache", self.get("host_cache"), HOST_CACHE_DEFAULT);
        let host_memory_gb = c.real(
            "host_memory_gb",
            self.get("host_memory_gb"),
            Range::at_least(0.0, 1e6),
        );
        let storage_gb_s = c.real(
            "storage_gb_s",
            self.get("storage_gb_s"),
            Range::above(0.0, 1e5),
        );
        let cores_per_gpu = c.real(
            "cores_per_gpu",
            self.get("cores_per_gpu"),
            Range::above(0.0, 1e4),
        );
        let samples_per_core_s = c.real(
            "samples_per_core_s",
            self.get("samples_per_core_s"),
            Range::above(0.0, 1e9),
        );
        let min_nodes = c.whole(
            "min_nodes",
            self.get("min_nodes"),
            Range::at_least(0.0, 100_000.0),
        );
        let max_nodes = c.whole(
            "max_nodes",
            self.get("max_nodes"),
            Range::at_least(1.0, 100_000.0),
        );
        let scale_up = c.real(
            "scale_up_delay_s",
            self.get("scale_up_delay_s"),
            Range::at_least(0.0, 1e6),
        );
        let scale_down = c.real(
            "idle_scale_down_s",
            self.get("idle_scale_down_s"),
            Range::at_least(0.0, 1e6),
        );
        let mtbf = c.real(
            "node_mtbf_hours",
            self.get("node_mtbf_hours"),
            Range::at_least(0.0, 1e8),
        );
        let spot_fraction = c.real(
            "spot_fraction",
            self.get("spot_fraction"),
            Range::at_least(0.0, 1.0),
        );
        let spot_rate = c.real(
            "spot_preemptions_per_hour",
            self.get("spot_preemptions_per_hour"),
            Range::at_least(0.0, 100.0),
        );
        let policy = c.choice(
            "restart_policy",
            self.get("restart_policy"),
            &[
                ("replace", RestartPolicy::Replace),
                ("restart_all", RestartPolicy::RestartAll),
            ],
        );
        let restart_s = c.real(
            "restart_s",
            self.get("restart_s"),
            Range::at_least(0.0, 1e6),
        );
        let interval = c.optional_real(
            "checkpoint_interval_s",
            self.get("checkpoint_interval_s"),
            Range::above(0.0, 1e9),
        );
        let write_s = c.real(
            "checkpoint_write_s",
            self.get("checkpoint_write_s"),
            Range::at_least(0.0, 1e6),
        );
        let on_demand = c.real(
            "on_demand_usd",
            self.get("on_demand_usd"),
            Range::at_least(0.0, 1e4),
        );
        let spot_usd = c.real("spot_usd", self.get("spot_usd"), Range::at_least(0.0, 1e4));
        let deadline = c.real(
            "deadline_hours",
            self.get("deadline_hours"),
            Range::above(0.0, 1e6),
        );
        let replications = c.whole(
            "replications",
            self.get("replications"),
            Range::at_least(1.0, 100_000.0),
        );
        let seed = c.whole("seed", self.get("seed"), Range::at_least(0.0, 9e15));
        // Checkpointing more often than a write takes would keep the job
        // writing most of the time; the sweep already shows short intervals.
        if let (Some(Some(interval)), Some(write)) = (interval, write_s) {
            if interval < write {
                c.errors.push(
                    "checkpoint_interval_s",
                    FieldProblem::Invalid {
                        reason: format!(
                            "Shorter than one checkpoint write ({}): the job would spend most of its time writing. Use at least the write time, or leave it empty for Young's interval.",
                            format::duration(write)
                        ),
                    },
                );
            }
        }
        if let (Some(gpus), Some(per_node), Some(min), Some(max)) =
            (gpus, gpus_per_node, min_nodes, max_nodes)
        {
            let nodes = gpus.div_ceil(per_node);
            if nodes > max {
                // Either field may be the one to change, so both say so.
                let (nodes_text, max_text) = (format::grouped(nodes), format::grouped(max));
                c.errors.push("gpus", FieldProblem::Invalid { reason: format!("{} GPUs take {nodes_text} nodes of {per_node}, but the node limit below is {max_text}; gang scheduling would wait for ever. Use fewer GPUs or raise the limit.", format::grouped(gpus)) });
                c.errors.push("max_nodes", FieldProblem::Invalid { reason: format!("The job needs {nodes_text} nodes but the autoscaler may add at most {max_text}; gang scheduling would wait for ever.") });
            } else if min > max {
                c.errors.push(
                    "min_nodes",
                    FieldProblem::Invalid {
                        reason: format!("The pool's minimum ({min}) is above its maximum ({max})."),
                    },
                );
            }
        }
        c.finish(|| {
            let workload = super::Workload {
                tables: tables?,
                dense_params: dense_params?,
                dense_flops_per_sample: dense_mflops? * 1e6,
                samples: samples?,
                bytes_per_sample: bytes_per_sample?,
                epochs: epochs?,
                value_bytes: value_bytes?,
                optimizer: optimizer?,
                global_batch: global_batch? as f64,
            };
            let cluster = ClusterSpec {
                hardware: hardware?,
                gpus: gpus?,
                gpus_per_node: gpus_per_node?,
                host_cache: host_cache?,
                host_memory_bytes_per_node: host_memory_gb? * 1e9,
                storage_bytes_per_s_per_node: storage_gb_s? * 1e9,
                cores_per_gpu: cores_per_gpu?,
                samples_per_core_s: samples_per_core_s?,
            };
            let mtbf = mtbf?;
            let operations = Operations {
                min_nodes: min_nodes?,
                max_nodes: max_nodes?,
                scale_up_delay_s: scale_up?,
                idle_scale_down_s: scale_down?,
                node_mtbf_s: (mtbf > 0.0).then_some(mtbf * 3600.0),
                spot_fraction: spot_fraction?,
                spot_preemptions_per_node_hour: spot_rate?,
                notice_s: 120.0,
                restart_policy: policy?,
                restart_s: restart_s?,
                checkpoint_interval_s: interval?,
                checkpoint_write_s: write_s?,
                on_demand_usd_per_gpu_hour: on_demand?,
                spot_usd_per_gpu_hour: spot_usd?,
                deadline_s: deadline? * 3600.0,
            };
            #[allow(clippy::cast_possible_truncation)]
            Some(CaseStudyInput {
                preset: preset_key,
                workload,
                cluster,
                sharding: sharding?,
                operations,
                replications: replications? as u32,
                seed: seed?,
            })
        })
    }
}
