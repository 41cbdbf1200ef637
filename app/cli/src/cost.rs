//! Cost, energy and serving calculators: `lab tco`, `lab energy` and `lab serve`.
//! JSON in with the groups of the issue (`cloud`, `on_prem`, `model`, …), JSON
//! out; every key is optional and a missing one takes the widget's default.

use crate::calculators::{decode, encode};
use engine::energy::{self, EnergyForm};
use engine::hardware::Catalogue;
use engine::serve::{self, ServeForm};
use engine::tco::{self, TcoForm};
use engine::widgets::WidgetForm;
use serde::{Deserialize, Deserializer};
use serde_json::Number;

/// Tells an absent key (keep the default) from an explicit `null` (clear an
/// optional field): absent is `None`, null is `Some(None)`.
fn nullable<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<Number>>, D::Error> {
    Option::<Number>::deserialize(deserializer).map(Some)
}

/// Sets each present number as the field's text; `Some(None)` empties it.
fn set_numbers<F: WidgetForm>(form: &mut F, fields: &[(&str, Option<Option<Number>>)]) {
    for (name, value) in fields {
        let text = match value {
            Some(Some(number)) => number.to_string(),
            Some(None) => String::new(),
            None => continue,
        };
        form.set_field(name, text);
    }
}

/// `lab tco` input; defaults: one 8-GPU H100 server at 70% for 36 months
/// (see the engine's `tco` module for every default and its source).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TcoRequest {
    gpus: Option<Number>,
    horizon_months: Option<Number>,
    utilization: Option<Number>,
    #[serde(default)]
    cloud: CloudPrices,
    #[serde(default)]
    on_prem: OnPrem,
    #[serde(default)]
    data: DataMove,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CloudPrices {
    on_demand_per_gpu_hour: Option<Number>,
    reserved_per_gpu_hour: Option<Number>,
    spot_per_gpu_hour: Option<Number>,
    spot_rework_share: Option<Number>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OnPrem {
    price_per_gpu: Option<Number>,
    server_and_network_per_gpu: Option<Number>,
    amortization_months: Option<Number>,
    resale_share: Option<Number>,
    power_w_per_gpu: Option<Number>,
    pue: Option<Number>,
    usd_per_kwh: Option<Number>,
    hosting_per_gpu_month: Option<Number>,
    ops_usd_per_month: Option<Number>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct DataMove {
    dataset_tb: Option<Number>,
    egress_per_gb: Option<Number>,
}

pub fn tco(text: &str) -> Result<serde_json::Value, String> {
    let request: TcoRequest = decode(text)?;
    let mut form = TcoForm::default();
    let (cloud, on_prem, data) = (request.cloud, request.on_prem, request.data);
    let fields = [
        ("gpus", request.gpus),
        ("horizon_months", request.horizon_months),
        ("utilization", request.utilization),
        ("on_demand_per_gpu_hour", cloud.on_demand_per_gpu_hour),
        ("reserved_per_gpu_hour", cloud.reserved_per_gpu_hour),
        ("spot_per_gpu_hour", cloud.spot_per_gpu_hour),
        ("spot_rework_share", cloud.spot_rework_share),
        ("price_per_gpu", on_prem.price_per_gpu),
        (
            "server_and_network_per_gpu",
            on_prem.server_and_network_per_gpu,
        ),
        ("amortization_months", on_prem.amortization_months),
        ("resale_share", on_prem.resale_share),
        ("power_w_per_gpu", on_prem.power_w_per_gpu),
        ("pue", on_prem.pue),
        ("usd_per_kwh", on_prem.usd_per_kwh),
        ("hosting_per_gpu_month", on_prem.hosting_per_gpu_month),
        ("ops_usd_per_month", on_prem.ops_usd_per_month),
        ("dataset_tb", data.dataset_tb),
        ("egress_per_gb", data.egress_per_gb),
    ]
    .map(|(name, value)| (name, value.map(Some)));
    set_numbers(&mut form, &fields);
    let input = form.validate().map_err(|errors| {
        crate::calculators::invalid(
            &errors,
            &[
                ("cloud", &tco::CLOUD_FIELDS),
                ("on_prem", &tco::ON_PREM_FIELDS),
                ("data", &tco::DATA_FIELDS),
            ],
        )
    })?;
    encode(tco::compute(&input))
}

/// `lab energy` input; defaults: module 7's run of 512 H100s for 57.6 hours
/// on a trillion tokens. `tokens` and `samples` may be `null` to leave them
/// out; the default tokens apply only while the accelerator, count, hours and
/// utilization are module 7's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnergyRequest {
    accelerator: Option<String>,
    count: Option<Number>,
    hours: Option<Number>,
    utilization: Option<Number>,
    idle_fraction: Option<Number>,
    pue: Option<Number>,
    usd_per_kwh: Option<Number>,
    grid_kg_co2_per_kwh: Option<Number>,
    #[serde(default, deserialize_with = "nullable")]
    tokens: Option<Option<Number>>,
    #[serde(default, deserialize_with = "nullable")]
    samples: Option<Option<Number>>,
    accelerators_per_server: Option<Number>,
    server_overhead_w: Option<Number>,
    rack_limit_kw: Option<Number>,
}

pub fn energy(text: &str, catalogue: &Catalogue) -> Result<serde_json::Value, String> {
    let request: EnergyRequest = decode(text)?;
    let mut form = EnergyForm::default();
    // The default trillion tokens belong to module 7's run. Once the input
    // describes another run, keeping them would print a tokens-per-joule
    // figure for work that run never did, so they are dropped unless given.
    let another_run = request.accelerator.is_some()
        || request.count.is_some()
        || request.hours.is_some()
        || request.utilization.is_some();
    if another_run && request.tokens.is_none() {
        form.set_field("tokens", String::new());
    }
    if let Some(id) = request.accelerator {
        form.set_field("accelerator", id);
    }
    let fields = [
        ("count", request.count.map(Some)),
        ("hours", request.hours.map(Some)),
        ("utilization", request.utilization.map(Some)),
        ("idle_fraction", request.idle_fraction.map(Some)),
        ("pue", request.pue.map(Some)),
        ("usd_per_kwh", request.usd_per_kwh.map(Some)),
        ("grid_kg_co2_per_kwh", request.grid_kg_co2_per_kwh.map(Some)),
        ("tokens", request.tokens),
        ("samples", request.samples),
        (
            "accelerators_per_server",
            request.accelerators_per_server.map(Some),
        ),
        ("server_overhead_w", request.server_overhead_w.map(Some)),
        ("rack_limit_kw", request.rack_limit_kw.map(Some)),
    ];
    set_numbers(&mut form, &fields);
    let input = form
        .validate(catalogue)
        .map_err(|errors| crate::calculators::invalid(&errors, &[]))?;
    encode(energy::compute(&input))
}

/// `lab serve` input; defaults: a 7B BF16 model on one H100 at 10 requests a
/// second. `model.layers`, `model.kv_dim` and `usd_per_hour` may be `null`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ServeRequest {
    accelerator: Option<String>,
    /// Accelerators per replica, splitting every layer.
    tensor_parallel: Option<Number>,
    #[serde(default)]
    model: ModelRequest,
    prompt_tokens: Option<Number>,
    output_tokens: Option<Number>,
    /// `fixed`; `uniform` from 1 to 2·`output_tokens` − 1; or `geometric`
    /// with mean `output_tokens`, up to 8 × it.
    output_lengths: Option<String>,
    arrival_per_s: Option<Number>,
    /// `static` batches or `continuous` batching.
    scheduler: Option<String>,
    max_batch: Option<Number>,
    batch_window_ms: Option<Number>,
    latency_slo_ms: Option<Number>,
    compute_efficiency: Option<Number>,
    memory_efficiency: Option<Number>,
    max_load: Option<Number>,
    #[serde(default, deserialize_with = "nullable")]
    usd_per_hour: Option<Option<Number>>,
    requests: Option<Number>,
    seed: Option<Number>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelRequest {
    /// A published shape (`llama3-70b`) filling params, layers and kv_dim;
    /// keys given beside it override it.
    preset: Option<String>,
    params: Option<Number>,
    precision: Option<String>,
    /// `auto` (16-bit, or FP32 with FP32 weights) or `fp8`.
    kv_cache: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    layers: Option<Option<Number>>,
    #[serde(default, deserialize_with = "nullable")]
    kv_dim: Option<Option<Number>>,
}

pub fn serve(text: &str, catalogue: &Catalogue) -> Result<serde_json::Value, String> {
    let request: ServeRequest = decode(text)?;
    let mut form = ServeForm::default();
    if let Some(key) = &request.model.preset {
        if !form.apply_preset(key) {
            let known: Vec<&str> = serve::model_presets().map(|preset| preset.key).collect();
            return Err(format!(
                "invalid input: model.preset: “{key}” is not a known model; known: {}",
                known.join(", ")
            ));
        }
    }
    for (field, value) in [
        ("accelerator", request.accelerator),
        ("precision", request.model.precision),
        ("kv_cache", request.model.kv_cache),
        ("scheduler", request.scheduler),
        ("output_lengths", request.output_lengths),
    ] {
        if let Some(value) = value {
            form.set_field(field, value);
        }
    }
    let fields = [
        ("tensor_parallel", request.tensor_parallel.map(Some)),
        ("params", request.model.params.map(Some)),
        ("layers", request.model.layers),
        ("kv_dim", request.model.kv_dim),
        ("prompt_tokens", request.prompt_tokens.map(Some)),
        ("output_tokens", request.output_tokens.map(Some)),
        ("arrival_per_s", request.arrival_per_s.map(Some)),
        ("max_batch", request.max_batch.map(Some)),
        ("batch_window_ms", request.batch_window_ms.map(Some)),
        ("latency_slo_ms", request.latency_slo_ms.map(Some)),
        ("compute_efficiency", request.compute_efficiency.map(Some)),
        ("memory_efficiency", request.memory_efficiency.map(Some)),
        ("max_load", request.max_load.map(Some)),
        ("usd_per_hour", request.usd_per_hour),
        ("requests", request.requests.map(Some)),
        ("seed", request.seed.map(Some)),
    ];
    set_numbers(&mut form, &fields);
    let input = form.validate(catalogue).map_err(|errors| {
        crate::calculators::invalid(
            &errors,
            &[(
                "model",
                &["params", "precision", "kv_cache", "layers", "kv_dim"],
            )],
        )
    })?;
    encode(serve::compute(&input))
}
