use super::*;
use crate::hardware::parse_file;
use crate::widgets::WidgetForm;

/// Rows of the real catalogue (NVIDIA H100, A100 and V100 datasheets), a part
/// without a TDP and an edge part that publishes INT8 only.
fn catalogue() -> Catalogue {
    let text = r#"
[[accelerator]]
id = "h100-sxm-80gb"
name = "H100"
class = "gpu"
vendor = "NVIDIA"
tdp_w = 700.0
[accelerator.peak_tflops]
bf16 = 989.5
[[accelerator.sources]]
title = "NVIDIA H100 datasheet"
url = "https://www.nvidia.com/en-us/data-center/h100/"
checked = "2026-12-02"
covers = ["peak_tflops", "tdp_w"]

[[accelerator]]
id = "a100-sxm-80gb"
name = "A100"
class = "gpu"
vendor = "NVIDIA"
tdp_w = 400.0
[accelerator.peak_tflops]
bf16 = 312.0
[[accelerator.sources]]
title = "NVIDIA A100 datasheet"
url = "https://www.nvidia.com/en-us/data-center/a100/"
checked = "2026-12-02"
covers = ["peak_tflops", "tdp_w"]

[[accelerator]]
id = "v100-sxm-32gb"
name = "V100"
class = "gpu"
vendor = "NVIDIA"
tdp_w = 300.0
[accelerator.peak_tflops]
bf16 = 125.0
[[accelerator.sources]]
title = "NVIDIA V100 datasheet"
url = "https://www.nvidia.com/en-us/data-center/v100/"
checked = "2026-12-02"
covers = ["peak_tflops", "tdp_w"]

[[accelerator]]
id = "no-tdp"
name = "Mystery chip"
class = "asic"
vendor = "V"
[accelerator.peak_tflops]
bf16 = 100.0
[[accelerator.sources]]
title = "Brochure"
url = "https://example.com"
checked = "2026-12-02"
covers = ["peak_tflops"]

[[accelerator]]
id = "edge-int8"
name = "Edge chip"
class = "edge"
vendor = "E"
tdp_w = 2.0
[accelerator.peak_tflops]
int8 = 4.0
[[accelerator.sources]]
title = "Edge datasheet"
url = "https://example.com/edge"
checked = "2026-12-02"
covers = ["peak_tflops", "tdp_w"]
"#;
    Catalogue {
        accelerators: parse_file(text).unwrap(),
    }
}

fn form(pairs: &[(&str, &str)]) -> EnergyForm {
    let mut form = EnergyForm::default();
    for (field, value) in pairs {
        assert!(form.set_field(field, (*value).to_string()), "{field}");
    }
    form
}

fn run(pairs: &[(&str, &str)]) -> EnergyOutput {
    compute(&form(pairs).validate(&catalogue()).unwrap())
}

fn close(actual: f64, expected: f64, relative: f64) -> bool {
    ((actual - expected) / expected).abs() < relative
}

/// Patterson et al. 2021, Table 4, GPT-3: 10,000 V100s for 14.8 days at a
/// measured 330 W of system power per accelerator and PUE 1.10 used 1,287 MWh;
/// at 0.429 kg/kWh that is 552.1 t of CO2e. 330 W is the 300 W TDP plus 30 W
/// of server overhead per GPU, i.e. 240 W per 8-GPU server.
#[test]
fn golden_gpt3_energy_patterson_2021() {
    let out = run(&[
        ("accelerator", "v100-sxm-32gb"),
        ("count", "10000"),
        ("hours", "355.2"),
        ("utilization", "1"),
        ("pue", "1.1"),
        ("grid_kg_co2_per_kwh", "0.429"),
        ("server_overhead_w", "240"),
    ]);
    assert!(close(out.kwh, 1_287_000.0, 0.005), "{}", out.kwh);
    assert!(close(out.co2_kg, 552_100.0, 0.005), "{}", out.co2_kg);
}

/// Module 7's worked run: 512 H100s for 57.6 hours draw 20.6 MWh in the GPUs,
/// 37.6 MWh with whole servers at 1.275 kW per GPU, about 45 MWh at an assumed
/// PUE of 1.2, and about 20 t of CO2 at the IEA's 0.445 kg/kWh.
#[test]
fn golden_course_training_run() {
    let out = run(&[("pue", "1.2")]);
    assert!(close(out.it_power_kw, 652.8, 1e-12));
    assert!(close(out.kwh, 652.8 * 57.6 * 1.2, 1e-12));
    assert!(close(out.co2_kg / 1000.0, 20.08, 0.001), "{}", out.co2_kg);
    assert!(close(out.accelerator_kwh / 1.2, 512.0 * 57.6 * 0.7, 1e-12));
    let per_joule = out.tokens_per_joule.unwrap();
    assert!(close(per_joule, 1e12 / (out.kwh * 3.6e6), 1e-12));
    assert_eq!(out.samples_per_joule, None);
}

/// Module 7's "Try it": at equal work an A100 runs 989.5 / 312 = 3.17 times
/// longer at 400 W instead of 700 W, using 1.81 times the H100's GPU energy.
#[test]
fn equal_work_follows_peak_per_watt() {
    let out = run(&[]);
    let row = |id: &str| out.comparison.iter().find(|c| c.id == id).unwrap();
    let h100 = row("h100-sxm-80gb");
    let a100 = row("a100-sxm-80gb");
    assert!(close(
        h100.kwh_equal_work.unwrap(),
        out.accelerator_kwh,
        1e-12
    ));
    assert!(close(
        a100.hours_equal_work.unwrap(),
        57.6 * 989.5 / 312.0,
        1e-12
    ));
    let ratio = a100.kwh_equal_work.unwrap() / h100.kwh_equal_work.unwrap();
    assert!(close(ratio, 400.0 * 989.5 / 312.0 / 700.0, 1e-12));
    assert!((ratio - 1.81).abs() < 0.01, "{ratio}");
    // At equal hours only the TDP differs.
    assert!(close(
        a100.kwh_equal_hours / h100.kwh_equal_hours,
        400.0 / 700.0,
        1e-12
    ));
    // No TDP, no row; no BF16 peak, no equal-work figures.
    assert!(out.comparison.iter().all(|c| c.id != "no-tdp"));
    let edge = row("edge-int8");
    assert_eq!(edge.kwh_equal_work, None);
    assert_eq!(edge.tflops_per_watt, None);
}

#[test]
fn racks_follow_peak_draw() {
    let out = run(&[]);
    // 8 × 700 W + 4,600 W = 10.2 kW a server: one fits under 20 kW, 64 racks.
    assert!(close(out.rack.server_peak_kw, 10.2, 1e-12));
    assert_eq!(out.rack.servers, 64);
    assert_eq!(out.rack.servers_per_rack, 1);
    assert_eq!(out.rack.racks_needed, Some(64));
    let dense = run(&[("rack_limit_kw", "120"), ("count", "100")]);
    assert_eq!(dense.rack.servers, 13);
    assert_eq!(dense.rack.servers_per_rack, 11);
    assert_eq!(dense.rack.racks_needed, Some(2));
    let tiny = run(&[("rack_limit_kw", "5")]);
    assert_eq!(tiny.rack.racks_needed, None);
    assert!(tiny
        .explanations
        .iter()
        .any(|e| e.output == "racks_needed" && e.result.starts_with("none")));
}

#[test]
fn idle_accelerators_draw_the_floor() {
    let out = run(&[
        ("utilization", "0"),
        ("idle_fraction", "0.1"),
        ("tokens", ""),
    ]);
    assert!(close(out.average_power_w, 70.0, 1e-12));
    let half = run(&[("utilization", "0.5"), ("idle_fraction", "0.2")]);
    assert!(close(half.average_power_w, 700.0 * 0.6, 1e-12));
}

#[test]
fn bad_input_is_named() {
    let cases = [
        (
            ("accelerator", "nope"),
            "“nope” is not in the hardware catalogue.",
        ),
        (
            ("accelerator", "no-tdp"),
            "Mystery chip publishes no TDP, so its energy cannot be estimated; choose a part with a published TDP.",
        ),
        (("accelerator", " "), "Enter a value."),
        (("count", "0"), "Must be at least 1."),
        (("tokens", "-1"), "Must be more than 0."),
        (("pue", "0.5"), "Must be at least 1."),
        (("utilization", "1.5"), "Must be at most 1."),
    ];
    for ((field, value), message) in cases {
        let errors = form(&[(field, value)]).validate(&catalogue()).unwrap_err();
        assert_eq!(
            errors.message_for(field).as_deref(),
            Some(message),
            "{field}"
        );
    }
}

#[test]
fn work_at_zero_utilization_is_refused() {
    let errors = form(&[("utilization", "0"), ("samples", "1e9")])
        .validate(&catalogue())
        .unwrap_err();
    for field in ["tokens", "samples"] {
        assert_eq!(
            errors.message_for(field),
            Some(format!("Nothing is processed at 0% utilization: raise the utilization or leave {field} empty.")),
        );
    }
    assert_eq!(errors.message_for("utilization"), None);
    assert!(form(&[("utilization", "0.01"), ("samples", "1e9")])
        .validate(&catalogue())
        .is_ok());
}

#[test]
fn empty_optional_work_gives_no_per_joule_figure() {
    let out = run(&[("tokens", ""), ("samples", "1e9")]);
    assert_eq!(out.tokens_per_joule, None);
    assert!(out.samples_per_joule.unwrap() > 0.0);
    assert!(out
        .explanations
        .iter()
        .all(|e| e.output != "tokens_per_joule"));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn validation_never_panics(field in proptest::sample::select(FIELDS.to_vec()), text in ".{0,30}") {
            let mut form = EnergyForm::default();
            form.set_field(field, text);
            if let Ok(input) = form.validate(&catalogue()) {
                prop_assert!(compute(&input).kwh.is_finite());
            }
        }

        #[test]
        fn energy_is_finite_and_grows_with_hours_count_and_load(
            id in proptest::sample::select(vec!["h100-sxm-80gb", "a100-sxm-80gb", "v100-sxm-32gb", "edge-int8"]),
            count in 1u64..100_000,
            hours in 0.01f64..10_000.0,
            utilization in 0.0f64..=1.0,
            idle in 0.0f64..=1.0,
            pue in 1.0f64..3.0,
            per_server in 1u64..=16,
            overhead in 0.0f64..10_000.0,
            limit in 0.1f64..200.0,
        ) {
            let base = [
                ("accelerator", id.to_string()),
                ("count", count.to_string()),
                ("hours", hours.to_string()),
                ("utilization", utilization.to_string()),
                ("idle_fraction", idle.to_string()),
                ("pue", pue.to_string()),
                ("accelerators_per_server", per_server.to_string()),
                ("server_overhead_w", overhead.to_string()),
                ("rack_limit_kw", limit.to_string()),
                // Tokens at zero utilization are refused; this property is about power.
                ("tokens", String::new()),
            ];
            let build = |changes: &[(&str, String)]| {
                let mut form = EnergyForm::default();
                for (field, value) in base.iter().chain(changes) {
                    form.set_field(field, value.clone());
                }
                compute(&form.validate(&catalogue()).unwrap())
            };
            let out = build(&[]);
            prop_assert!(out.kwh.is_finite() && out.kwh > 0.0);
            prop_assert!(out.co2_kg.is_finite() && out.usd.is_finite());
            prop_assert!(out.accelerator_kwh <= out.kwh * (1.0 + 1e-12));
            if let Some(racks) = out.rack.racks_needed {
                prop_assert!(racks * out.rack.servers_per_rack >= out.servers);
            }
            let longer = build(&[("hours", (hours * 2.0).to_string())]);
            prop_assert!(longer.kwh >= out.kwh);
            let more = build(&[("count", (count + 1).to_string())]);
            prop_assert!(more.kwh >= out.kwh);
            let busier = build(&[("utilization", ((utilization + 1.0) / 2.0).to_string())]);
            prop_assert!(busier.kwh >= out.kwh * (1.0 - 1e-12));
        }
    }
}

/// A DGX H100's 4,600 W of overhead beside eight 72 W L4s is flagged; beside
/// eight 700 W H100s, its own GPUs, it is not.
#[test]
fn an_overhead_that_dwarfs_the_cards_is_flagged() {
    let course = crate::hardware::course_catalogue();
    let form = EnergyForm {
        accelerator: "l4-24gb".into(),
        ..EnergyForm::default()
    };
    let out = compute(&form.validate(&course).unwrap());
    let warning = out.overhead_warning.unwrap_or_default();
    assert!(warning.starts_with("The server overhead, 4.6 kW, is more than twice what the server's accelerators draw at TDP (8 × 72 W = 576 W)"), "{warning}");
    let form = EnergyForm {
        accelerator: "h100-sxm-80gb".into(),
        ..EnergyForm::default()
    };
    assert_eq!(
        compute(&form.validate(&course).unwrap()).overhead_warning,
        None
    );
}
