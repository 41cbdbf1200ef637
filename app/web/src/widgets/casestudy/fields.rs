//! The case study's form, in groups a learner can scan: the workload, the
//! cluster, the autoscaler and failures, checkpoints and prices, the run.

use crate::widgets::field::{
    field_error, fixed_choices, form_menu_value, form_setter, training_parts, NumberField,
    SelectField,
};
use engine::casestudy::{CaseStudyForm, CaseStudyInput};
use engine::field::FieldErrors;
use engine::hardware::Catalogue;
use leptos::prelude::*;
use std::sync::Arc;

type Validated = Memo<Option<Result<CaseStudyInput, FieldErrors>>>;

const NUMBERS: [(&str, &str, &str); 29] = [
    (
        "tables",
        "Embedding tables",
        "name:rows:dim:lookups per sample; separated by ;",
    ),
    (
        "dense_params",
        "Dense parameters",
        "MLPs, attention and interaction",
    ),
    ("dense_mflops", "Dense MFLOPs per sample", "Forward pass"),
    ("samples", "Samples per epoch", "For example 1e12"),
    (
        "bytes_per_sample",
        "Bytes per sample",
        "As read from storage",
    ),
    ("epochs", "Epochs", "Passes over the data"),
    ("global_batch", "Global batch", "Samples per step"),
    ("gpus", "GPUs", "In the training job"),
    ("gpus_per_node", "GPUs per node", "Per server"),
    (
        "host_memory_gb",
        "Host memory per node (GB)",
        "For host caching",
    ),
    (
        "storage_gb_s",
        "Storage read per node (GB/s)",
        "Feeds the data loader",
    ),
    (
        "network_gbps",
        "Network per GPU (Gb/s)",
        "One way. Empty: the catalogue's, or an assumed rate",
    ),
    ("cores_per_gpu", "CPU cores per GPU", "For preprocessing"),
    (
        "samples_per_core_s",
        "Samples per core per second",
        "Preprocessing speed",
    ),
    ("min_nodes", "Pool minimum nodes", "Kept running when idle"),
    ("max_nodes", "Pool maximum nodes", "The autoscaler's limit"),
    (
        "scale_up_delay_s",
        "Scale-up delay (s)",
        "Time to provision a node",
    ),
    (
        "idle_scale_down_s",
        "Idle scale-down (s)",
        "Idle nodes are removed after this",
    ),
    ("node_mtbf_hours", "Node MTBF (hours)", "0 = no failures"),
    ("spot_fraction", "Share of nodes on spot", "0 to 1"),
    (
        "spot_preemptions_per_hour",
        "Preemptions per spot node-hour",
        "For example 0.05",
    ),
    ("restart_s", "Restart time (s)", "Reload and warm up"),
    (
        "checkpoint_interval_s",
        "Checkpoint interval (s)",
        "Empty: Young's interval",
    ),
    (
        "checkpoint_write_s",
        "Checkpoint write time (s)",
        "The job pauses to save",
    ),
    (
        "on_demand_usd",
        "On-demand $ per GPU-hour",
        "An example price",
    ),
    ("spot_usd", "Spot $ per GPU-hour", "An example price"),
    (
        "deadline_hours",
        "Deadline (hours)",
        "For the recommendation",
    ),
    (
        "replications",
        "Monte Carlo replications",
        "More is smoother and slower",
    ),
    ("seed", "Random seed", "Same seed, same results"),
];

#[component]
pub fn CaseStudyFields(
    id: String,
    form: RwSignal<CaseStudyForm>,
    validated: Validated,
    catalogue: Signal<Option<Arc<Catalogue>>>,
) -> impl IntoView {
    let prefix = StoredValue::new(id);
    let value =
        move |field: &'static str| Signal::derive(move || form.with(|f| f.get(field).to_string()));
    let error = move |field: &'static str| field_error(validated, field);
    let set = move |field: &'static str| form_setter(form, field);
    let number = move |field: &'static str| {
        let (label, hint) = NUMBERS
            .iter()
            .find(|(n, _, _)| *n == field)
            .map(|(_, l, h)| (*l, *h))
            .unwrap_or((field, ""));
        view! { <NumberField id=format!("{}-{field}", prefix.get_value()) label=label hint=hint test_id=field value=value(field) error=error(field) on_input=set(field) /> }
    };
    let select = move |field: &'static str,
                       label: &'static str,
                       choices: Signal<Vec<(String, String)>>| {
        view! { <SelectField id=format!("{}-{field}", prefix.get_value()) label=label test_id=field options=choices value=form_menu_value(form, field) error=error(field) on_change=set(field) /> }
    };
    let accelerators = training_parts(catalogue);
    view! {
        <fieldset class="field-group" data-testid="group-workload">
            <legend>"Workload"</legend>
            {select("preset", "Preset (fills every field)", fixed_choices(&[("ecommerce", "Global retailer (illustrative)"), ("startup", "A small startup"), ("benchmark", "MLPerf DLRM-v2 (Criteo)")]))}
            <div class="field-wide">{number("tables")}</div>
            {number("dense_params")}{number("dense_mflops")}{number("samples")}{number("bytes_per_sample")}{number("epochs")}{number("global_batch")}
            {select("embedding_precision", "Embedding precision", fixed_choices(&[("fp32", "FP32"), ("fp16", "FP16")]))}
            {select("optimizer", "Embedding optimizer", fixed_choices(&[("rowwise_adagrad", "Row-wise Adagrad"), ("adagrad", "Adagrad (per value)"), ("sgd", "SGD"), ("adam", "Adam")]))}
        </fieldset>
        <fieldset class="field-group" data-testid="group-cluster">
            <legend>"Cluster and placement"</legend>
            {select("accelerator", "GPU", accelerators)}
            {number("gpus")}{number("gpus_per_node")}
            {select("sharding", "Embedding sharding", fixed_choices(&[("auto", "Auto (memory and lookups)"), ("table", "Table-wise"), ("row", "Row-wise"), ("column", "Column-wise")]))}
            {select("host_cache", "Spill tables to host memory", fixed_choices(&[("false", "No"), ("true", "Yes")]))}
            {number("host_memory_gb")}{number("storage_gb_s")}{number("network_gbps")}{number("cores_per_gpu")}{number("samples_per_core_s")}
        </fieldset>
        <fieldset class="field-group" data-testid="group-operations">
            <legend>"Kubernetes, failures and spot"</legend>
            {number("min_nodes")}{number("max_nodes")}{number("scale_up_delay_s")}{number("idle_scale_down_s")}
            {number("node_mtbf_hours")}{number("spot_fraction")}{number("spot_preemptions_per_hour")}
            {select("restart_policy", "On failure", fixed_choices(&[("replace", "Replace the failed worker"), ("restart_all", "Restart the whole job")]))}
            {number("restart_s")}
        </fieldset>
        <fieldset class="field-group" data-testid="group-run">
            <legend>"Checkpoints, prices and the run"</legend>
            {number("checkpoint_interval_s")}{number("checkpoint_write_s")}{number("on_demand_usd")}{number("spot_usd")}
            {number("deadline_hours")}{number("replications")}{number("seed")}
        </fieldset>
    }
}
