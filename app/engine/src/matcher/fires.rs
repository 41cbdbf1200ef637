//! The conditions of the class rules: each reads only the workload and, when
//! its rule fires, returns the fact that made it fire as a phrase the reasons
//! quote (for example "the model changes weekly"). The thresholds they share
//! with the rule table and the module docs live in `rules.rs`.

use super::rules::{
    LARGE_MODEL_PARAMS, MILLIWATT_BUDGET_W, SMALL_BUDGET_USD, SMALL_MODEL_PARAMS, TIGHT_BUDGET_W,
};
use super::{Deployment, Family, Framework, MatcherInput, Phase, Update};

fn count(value: f64) -> String {
    super::words::count(value)
}

fn is_inference(input: &MatcherInput) -> bool {
    input.phase == Phase::Inference
}

pub(super) fn fires_training(input: &MatcherInput) -> Option<String> {
    // Tree ensembles have no backward pass; `family_classical` covers them.
    // Spiking networks learn on chip by local rules, not by the dense
    // backpropagation this rule prices; `family_spiking` covers them.
    let dense = !matches!(
        input.model_family,
        Some(Family::Classical | Family::Spiking)
    );
    (input.phase == Phase::Training && dense).then(|| "the job is training".to_string())
}

pub(super) fn fires_scale_large(input: &MatcherInput) -> Option<String> {
    let params = input.params.filter(|p| *p >= LARGE_MODEL_PARAMS)?;
    Some(format!("the model has {} parameters", count(params)))
}

pub(super) fn fires_scale_small(input: &MatcherInput) -> Option<String> {
    let params = input.params.filter(|p| *p <= SMALL_MODEL_PARAMS)?;
    is_inference(input).then(|| format!("the model has only {} parameters", count(params)))
}

fn family_is(input: &MatcherInput, family: Family, fact: &str) -> Option<String> {
    (input.model_family == Some(family)).then(|| fact.to_string())
}

pub(super) fn fires_cnn(input: &MatcherInput) -> Option<String> {
    family_is(input, Family::Cnn, "the model is a convolutional network")
}

pub(super) fn fires_transformer(input: &MatcherInput) -> Option<String> {
    family_is(input, Family::Transformer, "the model is a transformer")
}

pub(super) fn fires_llm(input: &MatcherInput) -> Option<String> {
    family_is(input, Family::Llm, "the model is a large language model")
}

pub(super) fn fires_recommender(input: &MatcherInput) -> Option<String> {
    family_is(
        input,
        Family::Recommender,
        "the model is a recommender built on embedding tables",
    )
}

pub(super) fn fires_classical(input: &MatcherInput) -> Option<String> {
    family_is(
        input,
        Family::Classical,
        "the model is classical machine learning such as gradient-boosted trees",
    )
}

pub(super) fn fires_spiking(input: &MatcherInput) -> Option<String> {
    family_is(
        input,
        Family::Spiking,
        "the model is a spiking neural network",
    )
}

pub(super) fn fires_research_only(_: &MatcherInput) -> Option<String> {
    Some("Loihi-class neuromorphic chips are research hardware".to_string())
}

pub(super) fn fires_memory_bound_decode(input: &MatcherInput) -> Option<String> {
    let batch = input.batch_size.filter(|b| *b <= 16)?;
    (is_inference(input) && input.model_family == Some(Family::Llm))
        .then(|| format!("generating tokens at batch {batch} reads every weight once per step"))
}

pub(super) fn fires_batch_large(input: &MatcherInput) -> Option<String> {
    let batch = input.batch_size.filter(|b| *b >= 64)?;
    let samples = super::words::grouped(batch);
    // A recommender's lookups gain nothing from batching, and its speed
    // reason quotes their 0.5 FLOP/byte, so the phrase says which part of the
    // model the batch helps rather than contradict that figure.
    Some(if input.model_family == Some(Family::Recommender) {
        format!("batches hold {samples} samples, which share the dense layers' weights, though each sample still gathers its own embedding rows")
    } else {
        format!("batches hold {samples} samples")
    })
}

pub(super) fn fires_latency_sub_ms(input: &MatcherInput) -> Option<String> {
    let latency = input.latency_p99_ms.filter(|l| *l <= 1.0)?;
    let batch = input.batch_size.filter(|b| *b <= 4)?;
    is_inference(input).then(|| {
        format!(
            "the p99 target is {} ms at batch {batch}",
            super::words::number(latency)
        )
    })
}

pub(super) fn fires_latency_tight(input: &MatcherInput) -> Option<String> {
    let latency = input.latency_p99_ms.filter(|l| *l <= 5.0)?;
    let batch = input.batch_size.filter(|b| *b <= 16)?;
    is_inference(input).then(|| {
        format!(
            "the p99 target is {} ms at batch {batch}, a few milliseconds or less",
            super::words::number(latency)
        )
    })
}

pub(super) fn fires_throughput_high(input: &MatcherInput) -> Option<String> {
    let rate = input.throughput_per_s.filter(|t| *t >= 1000.0)?;
    is_inference(input).then(|| {
        format!(
            "the service must sustain {} requests per second",
            count(rate)
        )
    })
}

pub(super) fn fires_throughput_low(input: &MatcherInput) -> Option<String> {
    let rate = input.throughput_per_s.filter(|t| *t <= 10.0)?;
    is_inference(input).then(|| {
        format!(
            "only {} requests per second arrive",
            super::words::number(rate)
        )
    })
}

/// Fires from just above a watt to 30 W; at a watt or less `power_milliwatt`
/// fires instead, with these points folded into its own, so a milliwatt budget
/// is not told that a class "runs within a few watts".
pub(super) fn fires_power_tight(input: &MatcherInput) -> Option<String> {
    let watts = input
        .power_budget_w
        .filter(|w| *w > MILLIWATT_BUDGET_W && *w <= TIGHT_BUDGET_W)?;
    Some(format!(
        "the power budget is {}",
        super::words::watts(watts)
    ))
}

pub(super) fn fires_power_milliwatt(input: &MatcherInput) -> Option<String> {
    let watts = input.power_budget_w.filter(|w| *w <= MILLIWATT_BUDGET_W)?;
    Some(format!(
        "{} is at most a watt, the always-on sensing range",
        super::words::watts(watts)
    ))
}

pub(super) fn fires_deploy(input: &MatcherInput, place: Deployment, fact: &str) -> Option<String> {
    (input.deployment == Some(place)).then(|| fact.to_string())
}

pub(super) fn fires_deploy_edge(input: &MatcherInput) -> Option<String> {
    fires_deploy(
        input,
        Deployment::Edge,
        "it must run on a device in the field",
    )
}

pub(super) fn fires_deploy_cloud(input: &MatcherInput) -> Option<String> {
    fires_deploy(input, Deployment::Cloud, "it runs in a public cloud")
}

pub(super) fn fires_deploy_on_prem(input: &MatcherInput) -> Option<String> {
    fires_deploy(input, Deployment::OnPrem, "it runs in your own data centre")
}

pub(super) fn fires_framework(
    input: &MatcherInput,
    framework: Framework,
    fact: &str,
) -> Option<String> {
    (input.framework == Some(framework)).then(|| fact.to_string())
}

pub(super) fn fires_pytorch(input: &MatcherInput) -> Option<String> {
    fires_framework(input, Framework::Pytorch, "the code is PyTorch")
}

pub(super) fn fires_tensorflow(input: &MatcherInput) -> Option<String> {
    fires_framework(input, Framework::Tensorflow, "the code is TensorFlow")
}

pub(super) fn fires_jax(input: &MatcherInput) -> Option<String> {
    fires_framework(input, Framework::Jax, "the code is JAX")
}

pub(super) fn fires_onnx(input: &MatcherInput) -> Option<String> {
    fires_framework(input, Framework::Onnx, "the model is exchanged as ONNX")
}

pub(super) fn fires_updates_frequent(input: &MatcherInput) -> Option<String> {
    match input.model_update? {
        Update::Weekly => Some("the model changes every week".to_string()),
        Update::Daily => Some("the model changes every day".to_string()),
        _ => None,
    }
}

pub(super) fn fires_updates_fixed(input: &MatcherInput) -> Option<String> {
    match input.model_update? {
        Update::Never => Some("the model is frozen once deployed".to_string()),
        Update::Rarely => Some("the model changes rarely".to_string()),
        _ => None,
    }
}

pub(super) fn fires_rent_when_idle(input: &MatcherInput) -> Option<String> {
    let share = input.utilization.filter(|u| *u < 0.4)?;
    (is_inference(input) && input.deployment == Some(Deployment::Cloud)).then(|| {
        format!(
            "the service is busy only {} of the time, in the cloud",
            crate::format::percent(share)
        )
    })
}

pub(super) fn fires_buy_when_busy(input: &MatcherInput) -> Option<String> {
    let share = input.utilization.filter(|u| *u >= 0.7)?;
    (input.deployment == Some(Deployment::OnPrem)).then(|| {
        format!(
            "hardware you own would be busy {} of the time",
            crate::format::percent(share)
        )
    })
}

pub(super) fn fires_budget_small(input: &MatcherInput) -> Option<String> {
    let budget = input.budget_usd.filter(|b| *b < SMALL_BUDGET_USD)?;
    Some(format!(
        "the hardware budget is {}",
        crate::format::usd(budget)
    ))
}
