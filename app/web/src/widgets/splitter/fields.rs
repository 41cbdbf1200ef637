//! The splitter's form, in four groups: model, training, cluster and split.

use crate::widgets::field::{
    field_error, fixed_choices, form_menu_value, form_setter, form_value, training_parts,
    NumberField, SelectField,
};
use engine::field::FieldErrors;
use engine::hardware::{Catalogue, LinkSource};
use engine::split::form::{CUSTOM, PARAMS_ONLY};
use engine::split::{presets, SplitForm, SplitInput};
use leptos::prelude::*;
use std::sync::Arc;

type Validated = Memo<Option<Result<SplitInput, FieldErrors>>>;

/// Label and hint of every numeric field.
const NUMBERS: [(&str, &str, &str); 19] = [
    ("params", "Parameters", "For example 7.5e9"),
    ("layers", "Layers", "Transformer blocks"),
    ("hidden", "Hidden size", "Model width h"),
    ("heads", "Attention heads", "Must divide the hidden size"),
    ("kv_heads", "Key/value heads", "Empty: same as heads"),
    ("ffn_hidden", "MLP hidden size", "Empty: 4 × hidden"),
    ("vocab", "Vocabulary", "Tokens in the vocabulary"),
    ("seq_len", "Sequence length", "Tokens per sequence"),
    (
        "global_batch",
        "Global batch (sequences)",
        "Per optimizer step",
    ),
    ("micro_batch", "Micro-batch", "Sequences per forward pass"),
    ("tokens", "Tokens to train", "Empty: no training time"),
    ("count", "Accelerators", "In the whole cluster"),
    (
        "per_node",
        "Accelerators per node",
        "Sharing the fast link (NVLink, ICI). Empty: the catalogue's",
    ),
    (
        "usd_per_hour",
        "Price per accelerator-hour ($)",
        "Empty: the catalogue's price, if any",
    ),
    (
        "network_gbps",
        "Network per accelerator (Gb/s)",
        "One way; e.g. 400 for one NDR NIC each. Empty: the catalogue's",
    ),
    ("tp", "Tensor parallel (tp)", "Within a node, ideally"),
    ("pp", "Pipeline stages (pp)", "Splits the layers"),
    ("dp", "Data parallel (dp)", "Empty: fill the cluster"),
    (
        "virtual_stages",
        "Virtual stages (v)",
        "Interleaving; 1 = off",
    ),
];

#[component]
pub fn SplitFields(
    id: String,
    form: RwSignal<SplitForm>,
    validated: Validated,
    catalogue: Signal<Option<Arc<Catalogue>>>,
) -> impl IntoView {
    let value = move |field: &'static str| form_value(form, field);
    let error = move |field: &'static str| field_error(validated, field);
    let set = move |field: &'static str| form_setter(form, field);
    // Stored so the field builders below are Copy and can be used in several views.
    let prefix = StoredValue::new(id.clone());
    let number = move |field: &'static str| {
        let (label, hint) = NUMBERS
            .iter()
            .find(|(n, _, _)| *n == field)
            .map(|(_, l, h)| (*l, *h))
            .unwrap_or((field, ""));
        // Only the cluster fields that fall back to the catalogue follow the
        // validated plan; the rest get no placeholder and no subscription.
        let placeholder: MaybeProp<String> = if CATALOGUE_FALLBACKS.contains(&field) {
            Signal::derive(move || stands_for(validated, field)).into()
        } else {
            MaybeProp::default()
        };
        view! { <NumberField id=format!("{}-{field}", prefix.get_value()) label=label hint=hint test_id=field value=value(field) error=error(field) on_input=set(field) placeholder=placeholder /> }
    };
    let select = move |field: &'static str,
                       label: &'static str,
                       choices: Signal<Vec<(String, String)>>| {
        view! { <SelectField id=format!("{}-{field}", prefix.get_value()) label=label test_id=field options=choices value=form_menu_value(form, field) error=error(field) on_change=set(field) /> }
    };
    let mut models: Vec<(String, String)> = presets::PRESETS
        .iter()
        .map(|p| (p.key.to_string(), p.name.to_string()))
        .collect();
    models.push((CUSTOM.into(), "Custom architecture…".into()));
    models.push((PARAMS_ONLY.into(), "Only a parameter count…".into()));
    // Switching to a custom architecture starts from the preset that was showing.
    let on_model = Callback::new(move |key: String| {
        form.update(|f| {
            if key == CUSTOM {
                let previous = f.model.clone();
                f.apply_preset(&previous);
            }
            f.model = key;
        });
    });
    let model_prefix = id.clone();
    let model_choices = Signal::derive(move || models.clone());
    let kind = Memo::new(move |_| form.with(|f| f.model.trim().to_string()));
    let accelerators = training_parts(catalogue);
    let yes_no = || fixed_choices(&[("true", "Yes"), ("false", "No")]);
    view! {
        <fieldset class="field-group" data-testid="group-model">
            <legend>"Model"</legend>
            <SelectField id=format!("{model_prefix}-model") label="Model" test_id="model" options=model_choices value=value("model") error=error("model") on_change=on_model />
            {move || match kind.get().as_str() {
                CUSTOM => view! {
                    {number("layers")}{number("hidden")}{number("heads")}{number("kv_heads")}
                    {number("ffn_hidden")}{number("vocab")}{number("seq_len")}
                    {select("gated_mlp", "Gated MLP (LLaMA style)", yes_no())}
                }.into_any(),
                PARAMS_ONLY => view! { {number("params")}{number("seq_len")} }.into_any(),
                key => presets::find(key).map(|p| {
                    let a = p.architecture;
                    view! {
                        <p class="preset-summary" data-testid="preset-summary">
                            {format!("{} layers, hidden {}, {} heads ({} key/value), MLP {}, vocabulary {}, sequences of {}. ", a.layers, a.hidden, a.heads, a.kv_heads, a.ffn_hidden, a.vocab, a.seq_len)}
                            <a href=p.source.url rel="noopener noreferrer" target="_blank">{p.source.title}</a>
                        </p>
                    }
                }).into_any(),
            }}
        </fieldset>
        <fieldset class="field-group" data-testid="group-training">
            <legend>"Training"</legend>
            {number("global_batch")}{number("micro_batch")}
            {select("precision", "Precision", fixed_choices(&[("bf16", "BF16 mixed (FP32 master)"), ("fp16", "FP16 mixed (FP32 master)"), ("fp8", "FP8 (Transformer Engine)"), ("fp32", "FP32")]))}
            {select("optimizer", "Optimizer", fixed_choices(&[("adam", "Adam / AdamW"), ("sgd", "SGD with momentum")]))}
            {select("recompute", "Activation recomputation", fixed_choices(&[("none", "None"), ("selective", "Selective (attention core)"), ("full", "Full (every layer)")]))}
            {select("flash_attention", "Fused (flash) attention", yes_no())}
            {select("fp32_gradients", "Gradients kept in", fixed_choices(&[("false", "Training precision"), ("true", "FP32 (Megatron-LM)")]))}
            {number("tokens")}
        </fieldset>
        <fieldset class="field-group" data-testid="group-cluster">
            <legend>"Cluster"</legend>
            {select("accelerator", "Accelerator", accelerators)}
            {number("count")}{number("per_node")}{number("usd_per_hour")}{number("network_gbps")}
        </fieldset>
        <fieldset class="field-group" data-testid="group-split">
            <legend>"Split"</legend>
            {number("tp")}{number("pp")}{number("dp")}{number("virtual_stages")}
            {select("sequence_parallel", "Sequence parallelism", yes_no())}
            {select("zero", "ZeRO stage", fixed_choices(&[("0", "0: none"), ("1", "1: optimizer state"), ("2", "2: + gradients"), ("3", "3: + weights")]))}
        </fieldset>
    }
}

/// The fields an empty value hands to the catalogue.
const CATALOGUE_FALLBACKS: [&str; 3] = ["per_node", "usd_per_hour", "network_gbps"];

/// What an empty cluster field resolves to, from the validated plan, so the
/// learner sees the catalogue's node size, price or network that was used.
fn stands_for(validated: Validated, field: &str) -> String {
    validated.with(|v| {
        let Some(Ok(input)) = v else {
            return String::new();
        };
        let cluster = &input.cluster;
        match field {
            "per_node" if cluster.per_node < cluster.node_size.min(cluster.count) => format!(
                "{} ({} equal nodes)",
                cluster.per_node,
                cluster.count / cluster.per_node.max(1)
            ),
            "per_node" => format!("{} (catalogue)", cluster.per_node),
            "usd_per_hour" => cluster
                .usd_per_hour
                .map(|usd| format!("{usd} (catalogue)"))
                .unwrap_or_else(|| "none".into()),
            "network_gbps" if cluster.across_nodes == LinkSource::Catalogue => {
                format!(
                    "{} (catalogue)",
                    (cluster.inter_bytes_per_s * 8.0 / 1e6).round() / 1e3
                )
            }
            _ => String::new(),
        }
    })
}
