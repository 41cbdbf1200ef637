use super::*;
use crate::hardware::parse_file;
use crate::hardware::Catalogue;

/// Two rows of the real catalogue (NVIDIA H100 and A100 datasheets); the A100
/// row leaves out its capacity, so a part whose fit is unknown is covered too.
fn catalogue() -> Catalogue {
    let text = r#"
[[accelerator]]
id = "h100-sxm-80gb"
name = "H100"
class = "gpu"
vendor = "NVIDIA"
[accelerator.peak_tflops]
fp32 = 67.0
bf16 = 989.5
[accelerator.memory]
capacity_gb = 80.0
bandwidth_gb_s = 3350.0
[[accelerator.sources]]
title = "NVIDIA H100 datasheet"
url = "https://www.nvidia.com/en-us/data-center/h100/"
checked = "2026-12-02"
covers = ["peak_tflops", "memory"]

[[accelerator]]
id = "a100-sxm-80gb"
name = "A100"
class = "gpu"
vendor = "NVIDIA"
[accelerator.peak_tflops]
fp32 = 19.5
bf16 = 312.0
[accelerator.memory]
bandwidth_gb_s = 2039.0
[[accelerator.sources]]
title = "NVIDIA A100 datasheet"
url = "https://www.nvidia.com/en-us/data-center/a100/"
checked = "2026-12-02"
covers = ["peak_tflops", "memory"]

[[accelerator]]
id = "no-bandwidth"
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
"#;
    Catalogue {
        accelerators: parse_file(text).unwrap(),
    }
}

fn form(pairs: &[(&str, &str)]) -> RooflineForm {
    let mut form = RooflineForm::default();
    for (field, value) in pairs {
        assert!(form.set(field, (*value).to_string()), "{field}");
    }
    form
}

fn run(pairs: &[(&str, &str)]) -> RooflineOutput {
    compute(&form(pairs).validate(&catalogue()).unwrap())
}

/// Williams et al. 2009: attainable = min(peak, intensity × bandwidth). A square
/// BF16 matmul of side n has intensity 2n³ / (2·3n²) = n/3: 1,365 at n = 4,096,
/// far above the H100's ridge of 989.5e12 / 3.35e12 ≈ 295 FLOP/byte.
#[test]
fn golden_square_matmul_is_compute_bound_williams_2009() {
    let out = run(&[
        ("op", "matmul"),
        ("m", "4096"),
        ("k", "4096"),
        ("n", "4096"),
    ]);
    assert!((out.intensity_flops_per_byte - 4096.0 / 3.0).abs() < 1e-9);
    let h100 = &out.placements[0];
    assert_eq!(h100.bound, Bound::Compute);
    assert!((h100.ridge_flops_per_byte - 295.37).abs() < 0.01);
    assert_eq!(h100.attainable_flops_per_s, 989.5e12);
}

/// Decode of a 70B model at batch 1 in BF16 reads 140 GB of weights per token:
/// 41.8 ms on an H100 (3.35 TB/s) and 68.7 ms on an A100 80GB (2.039 TB/s),
/// a 1.64× gain for 3.17× the peak compute: the seed's over-provisioning warning.
#[test]
fn golden_decode_is_memory_bound_and_warns() {
    let out = run(&[]);
    assert!((out.intensity_flops_per_byte - 1.0).abs() < 1e-12);
    let (h100, a100) = (&out.placements[0], &out.placements[1]);
    assert_eq!(h100.bound, Bound::Memory);
    assert!((h100.time_s - 140e9 / 3.35e12).abs() < 1e-9);
    assert!((a100.time_s - 140e9 / 2.039e12).abs() < 1e-9);
    let warning = out.warning.unwrap_or_default();
    assert!(warning.contains("3.2× the peak FLOP/s"), "{warning}");
    assert!(warning.contains("only 1.6× faster"), "{warning}");
}

#[test]
fn batching_decode_raises_intensity_until_the_ridge() {
    let small = run(&[("batch", "8")]);
    let large = run(&[("batch", "512")]);
    assert!((small.intensity_flops_per_byte - 8.0).abs() < 1e-9);
    assert_eq!(small.placements[0].bound, Bound::Memory);
    assert_eq!(large.placements[0].bound, Bound::Compute);
}

/// A whole ResNet-50 forward pass (torchvision's layers: 4.09e9 multiply-adds
/// and 25.5 M weights per 224 × 224 image). The weights are shared by the batch
/// and the activations are not, so intensity rises with the batch but levels off
/// at 2·M_img / (b·A_img), about 144 FLOP/byte in BF16: below the H100's ridge
/// of 295, so even a large batch stays memory-bound there.
#[test]
fn cnn_inference_intensity_levels_off_below_the_h100_ridge() {
    let at = |batch: &str| run(&[("op", "cnn_inference"), ("batch", batch)]);
    let net = resnet50::resnet50();
    let ceiling = 2.0 * net.macs_per_image / (2.0 * net.activations_per_image);
    let (one, big) = (at("1"), at("1024"));
    assert!(one.intensity_flops_per_byte < 0.6 * ceiling);
    assert!(big.intensity_flops_per_byte < ceiling);
    assert!(big.intensity_flops_per_byte > 0.99 * ceiling);
    // Module 3 quotes both: "about 76 FLOP/byte at batch 1 and levels off near 144".
    assert!((ceiling - 143.9).abs() < 0.5, "{ceiling}");
    assert!(
        (one.intensity_flops_per_byte - 75.8).abs() < 0.5,
        "{}",
        one.intensity_flops_per_byte
    );
    assert!((big.flops - 1024.0 * 2.0 * 4.089e9).abs() / big.flops < 1e-3);
    assert_eq!(big.placements[0].bound, Bound::Memory);
    // Every size the formulas use is shown beside them.
    let flops = big
        .explanations
        .iter()
        .find(|e| e.output == "flops")
        .unwrap();
    let symbols: Vec<&str> = flops.bindings.iter().map(|b| b.symbol).collect();
    assert_eq!(symbols, ["B", "M_{\\text{img}}"]);
    let bytes = big
        .explanations
        .iter()
        .find(|e| e.output == "bytes")
        .unwrap();
    let symbols: Vec<&str> = bytes.bindings.iter().map(|b| b.symbol).collect();
    assert_eq!(symbols, ["b", "B", "\\Theta", "A_{\\text{img}}"]);
}

#[test]
fn layernorm_and_embeddings_sit_far_below_every_ridge() {
    for pairs in [[("op", "layernorm")], [("op", "embedding")]] {
        let out = run(&pairs);
        assert!(out.intensity_flops_per_byte < 2.0, "{pairs:?}");
        assert!(out.placements.iter().all(|p| p.bound == Bound::Memory));
    }
}

#[test]
fn bad_input_names_each_field() {
    let errors = form(&[
        ("accelerators", "h100-sxm-80gb, nope"),
        ("precision", "fp64"),
        ("op", "matmul"),
        ("m", "-1"),
        ("k", "x"),
        ("n", "1.5"),
    ])
    .validate(&catalogue())
    .unwrap_err();
    assert_eq!(
        errors.message_for("accelerators").as_deref(),
        Some("“nope” is not in the hardware catalogue.")
    );
    assert_eq!(
        errors.message_for("precision").as_deref(),
        Some("“fp64” is not a choice. Choose one of: fp32, bf16, fp8, int8.")
    );
    assert_eq!(
        errors.message_for("m").as_deref(),
        Some("Must be at least 1.")
    );
    assert!(errors.message_for("k").unwrap().contains("is not a number"));
    assert_eq!(
        errors.message_for("n").as_deref(),
        Some("Enter a whole number.")
    );
    let missing = form(&[("accelerators", "no-bandwidth")])
        .validate(&catalogue())
        .unwrap_err();
    // Only the missing figure is named: the chip has a BF16 peak.
    assert_eq!(
        missing.message_for("accelerators").as_deref(),
        Some("Mystery chip publishes no memory bandwidth, so it cannot be placed on this chart.")
    );
    let both = form(&[("accelerators", "no-bandwidth"), ("precision", "fp8")])
        .validate(&catalogue())
        .unwrap_err();
    assert_eq!(
        both.message_for("accelerators").as_deref(),
        Some("Mystery chip publishes no FP8 peak or memory bandwidth, so it cannot be placed on this chart.")
    );
    let empty = form(&[("accelerators", " , ")])
        .validate(&catalogue())
        .unwrap_err();
    assert_eq!(
        empty.message_for("accelerators").as_deref(),
        Some("Pick at least one accelerator.")
    );
}

#[test]
fn parts_without_the_precision_or_past_eight_are_left_off_in_words() {
    let course = crate::hardware::course_catalogue();
    let run = |pairs: &[(&str, &str)]| compute(&form(pairs).validate(&course).unwrap());
    // The A100 publishes no FP8 peak: the H100 stays on the chart, and a
    // sentence says why the A100 does not.
    let out = run(&[
        ("accelerators", "h100-sxm-80gb, a100-sxm-80gb"),
        ("precision", "fp8"),
    ]);
    assert_eq!(out.placements.len(), 1);
    assert_eq!(
        out.left_out,
        ["NVIDIA A100 SXM4 80 GB publishes no FP8 peak, so it is left off; pick another precision to compare it."]
    );
    // When no chosen part has the precision, the form itself says so.
    let none = form(&[("accelerators", "a100-sxm-80gb"), ("precision", "fp8")])
        .validate(&course)
        .unwrap_err();
    assert!(none
        .message_for("accelerators")
        .unwrap()
        .contains("publishes no FP8 peak"));
    // Ten parts: eight are placed, and the last two are named.
    let ten = "h100-sxm-80gb,a100-sxm-80gb,a100-sxm-40gb,h100-pcie-80gb,h200-sxm-141gb,b200-sxm-180gb,l4-24gb,t4-16gb,v100-sxm-32gb,mi250x-128gb";
    let out = run(&[("accelerators", ten)]);
    assert_eq!(out.placements.len(), 8);
    assert_eq!(out.left_out.len(), 1);
    assert!(
        out.left_out[0].starts_with("The chart compares up to 8 parts, so "),
        "{}",
        out.left_out[0]
    );
    assert!(out.left_out[0].contains(" and "), "{}", out.left_out[0]);
    assert!(
        out.left_out[0].ends_with("are left off; untick one to make room."),
        "{}",
        out.left_out[0]
    );
    // Nothing is left off in the default form.
    assert!(run(&[]).left_out.is_empty());
}

#[test]
fn unused_fields_are_not_checked() {
    // Garbage in a matmul field does not matter while the operation is decode.
    assert!(form(&[("m", "garbage")]).validate(&catalogue()).is_ok());
}

/// Huge input: every operation, with every size at the largest value the form
/// accepts (and at 1), still gives finite, positive work, intensity and times.
#[test]
fn every_operation_stays_finite_from_the_smallest_to_the_largest_sizes() {
    for op in Operation::ALL {
        for largest in [false, true] {
            let mut pairs = vec![("op", op.key().to_string())];
            for field in op.fields() {
                let max = NUMBER_FIELDS
                    .iter()
                    .find(|(name, _, _)| name == field)
                    .map_or(1.0, |(_, _, max)| *max);
                let value = if largest {
                    format!("{max:e}")
                } else {
                    "1".into()
                };
                pairs.push((field, value));
            }
            let pairs: Vec<(&str, &str)> = pairs.iter().map(|(f, v)| (*f, v.as_str())).collect();
            let out = run(&pairs);
            let key = op.key();
            assert!(out.flops.is_finite() && out.flops > 0.0, "{key}");
            assert!(out.bytes.is_finite() && out.bytes > 0.0, "{key}");
            assert!(out.intensity_flops_per_byte.is_finite(), "{key}");
            for p in &out.placements {
                assert!(p.time_s.is_finite() && p.time_s > 0.0, "{key}");
            }
            let bytes = out.footprint_bytes;
            assert!(bytes.is_finite() && bytes > 0.0, "{key}");
        }
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn never_panics_on_any_text(op in "[a-z0-9]{0,10}", a in ".{0,20}", b in ".{0,20}", precision in ".{0,6}") {
            let form = form(&[("op", &op), ("m", &a), ("params", &b), ("batch", &a), ("precision", &precision)]);
            if let Ok(input) = form.validate(&catalogue()) {
                let _ = compute(&input);
            }
        }

        /// The warning appears exactly when some part needs more than one of
        /// itself, a bigger model never needs fewer parts, and the count is
        /// the smallest that holds the weights.
        #[test]
        fn the_fit_warning_matches_the_device_counts(whole in 1_000_000u64..10_000_000_000_000, factor in 1u64..=10) {
            let small = run(&[("params", &whole.to_string())]);
            let big = run(&[("params", &(whole * factor).to_string())]);
            #[allow(clippy::cast_precision_loss)]
            let params = whole as f64;
            let needs_more = |out: &RooflineOutput| out.placements.iter().any(|p| p.devices_needed.is_some_and(|n| n > 1));
            prop_assert_eq!(small.fit_warning.is_some(), needs_more(&small));
            prop_assert_eq!(big.fit_warning.is_some(), needs_more(&big));
            let (a, b) = (small.placements[0].devices_needed, big.placements[0].devices_needed);
            prop_assert!(a <= b, "{:?} then {:?}", a, b);
            let n = a.unwrap_or(1) as f64;
            prop_assert!(n * 80e9 >= 2.0 * params && (n - 1.0) * 80e9 < 2.0 * params);
        }

        #[test]
        fn attainable_never_exceeds_either_roof(m in 1u64..100_000, k in 1u64..100_000, n in 1u64..100_000) {
            let out = run(&[("op", "matmul"), ("m", &m.to_string()), ("k", &k.to_string()), ("n", &n.to_string())]);
            for p in &out.placements {
                prop_assert!(p.attainable_flops_per_s <= p.peak_flops_per_s * (1.0 + 1e-12));
                prop_assert!(p.attainable_flops_per_s <= out.intensity_flops_per_byte * p.bandwidth_bytes_per_s * (1.0 + 1e-12));
                prop_assert!(p.share_of_peak > 0.0 && p.share_of_peak <= 1.0 + 1e-12);
                prop_assert!(p.time_s.is_finite() && p.time_s > 0.0);
            }
        }
    }
}

/// More peak FLOP/s on less bandwidth: in memory-bound work the part with the
/// bigger peak is the slower one, and the warning must say so rather than
/// call a slow-down "0.5× faster". Figures shaped like TPU v6e (918 TFLOP/s,
/// 1,640 GB/s) against MI250X (383 TFLOP/s, 3,277 GB/s).
#[test]
fn more_compute_on_less_bandwidth_is_reported_as_slower() {
    let text = r#"
[[accelerator]]
id = "wide-compute"
name = "Wide compute"
class = "tpu"
vendor = "V"
[accelerator.peak_tflops]
bf16 = 918.0
[accelerator.memory]
bandwidth_gb_s = 1640.0
[[accelerator.sources]]
title = "W"
url = "https://example.com/w"
checked = "2026-12-04"
covers = ["peak_tflops", "memory"]

[[accelerator]]
id = "wide-memory"
name = "Wide memory"
class = "gpu"
vendor = "V"
[accelerator.peak_tflops]
bf16 = 383.0
[accelerator.memory]
bandwidth_gb_s = 3277.0
[[accelerator.sources]]
title = "M"
url = "https://example.com/m"
checked = "2026-12-04"
covers = ["peak_tflops", "memory"]

[[accelerator]]
id = "twin"
name = "Twin"
class = "gpu"
vendor = "V"
[accelerator.peak_tflops]
bf16 = 918.0
[accelerator.memory]
bandwidth_gb_s = 4800.0
[[accelerator.sources]]
title = "T"
url = "https://example.com/t"
checked = "2026-12-04"
covers = ["peak_tflops", "memory"]
"#;
    let catalogue = Catalogue {
        accelerators: parse_file(text).unwrap(),
    };
    let warn = |ids: &str| {
        let input = form(&[("accelerators", ids)]).validate(&catalogue).unwrap();
        compute(&input).warning.unwrap_or_default()
    };
    let slower = warn("wide-compute,wide-memory");
    assert!(slower.contains("2.4× the peak FLOP/s"), "{slower}");
    assert!(slower.contains("yet takes 2× as long"), "{slower}");
    assert!(!slower.contains("faster"), "{slower}");
    // Equal peaks are no comparison of compute at all.
    assert_eq!(warn("wide-compute,twin"), "");
}

/// A closed select on a 360 px phone shows about 28 characters; longer
/// operation names were cut off mid-word there.
#[test]
fn operation_names_fit_a_phone_select() {
    for op in Operation::ALL {
        assert!(op.label().chars().count() <= 26, "{}", op.label());
    }
}

/// Menu values from a hand-edited link are read as the menus read them:
/// trimmed and in any case, catalogue ids included.
#[test]
fn menu_values_ignore_case_and_spaces() {
    let loose = run(&[
        ("op", " DECODE "),
        ("precision", "BF16"),
        ("accelerators", "H100-SXM-80GB"),
    ]);
    let exact = run(&[
        ("op", "decode"),
        ("precision", "bf16"),
        ("accelerators", "h100-sxm-80gb"),
    ]);
    assert_eq!(loose, exact);
}

/// A 70B model in BF16 holds 70e9 × 2 B = 140 GB of weights: two 80 GB H100s
/// at least. The A100 row lists no capacity, so its fit is left unchecked
/// rather than guessed.
#[test]
fn a_model_larger_than_memory_names_the_devices_it_needs() {
    let out = run(&[]);
    assert_eq!(out.footprint_bytes, 140e9);
    let (h100, a100) = (&out.placements[0], &out.placements[1]);
    assert_eq!(h100.devices_needed, Some(2));
    assert_eq!(a100.devices_needed, None);
    let fit = out.fit_warning.clone();
    // No chosen part is known to hold it, so the headline speaks of one device.
    assert_eq!(
        fit.as_ref().map(|w| w.title),
        Some("Too big for one device")
    );
    let warning = fit.map(|w| w.text).unwrap_or_default();
    assert!(
        warning.contains("needs 140 GB for the weights alone, more than any of these parts holds"),
        "{warning}"
    );
    assert!(
        warning.contains("H100 holds 80 GB, so the work takes at least 2 of them"),
        "{warning}"
    );
    assert!(!warning.contains("A100"), "{warning}");
    let memory = out.explanations.iter().find(|e| e.output == "footprint");
    assert_eq!(
        memory.map(|e| e.result.as_str()),
        Some("140 GB: at least 2 × H100 (80 GB each)")
    );
}

#[test]
fn a_model_that_fits_raises_no_fit_warning() {
    let out = run(&[("params", "7e9")]);
    assert_eq!(out.placements[0].devices_needed, Some(1));
    assert_eq!(out.fit_warning, None);
    let memory = out.explanations.iter().find(|e| e.output == "footprint");
    assert_eq!(
        memory.map(|e| e.result.as_str()),
        Some("14 GB: fits on one H100 (80 GB)")
    );
}

/// An embedding lookup holds its whole table, however few rows it gathers:
/// MLPerf's largest Criteo tables have 40 million rows of 128 (10.24 GB in
/// BF16), which fit one H100; a billion rows (256 GB) take four of them.
#[test]
fn an_embedding_lookup_holds_its_whole_table() {
    let out = run(&[("op", "embedding")]);
    assert_eq!(out.footprint_bytes, 2.0 * 4e7 * 128.0);
    assert_eq!(out.placements[0].devices_needed, Some(1));
    assert!(out.fit_warning.is_none());
    let big = run(&[("op", "embedding"), ("rows", "1e9")]);
    assert_eq!(big.footprint_bytes, 256e9);
    assert_eq!(big.placements[0].devices_needed, Some(4));
    let warning = big.fit_warning.unwrap();
    assert!(
        warning.text.contains("256 GB for the whole table"),
        "{}",
        warning.text
    );
    let explained = big
        .explanations
        .iter()
        .find(|e| e.output == "footprint")
        .unwrap();
    assert_eq!(explained.result, "256 GB: at least 4 × H100 (80 GB each)");
    // The intensity is the gather's, whatever the table's size.
    assert_eq!(big.intensity_flops_per_byte, out.intensity_flops_per_byte);
    // A table size is checked like any other field.
    let bad = form(&[("op", "embedding"), ("rows", "-1")])
        .validate(&catalogue())
        .unwrap_err();
    assert!(bad.message_for("rows").is_some());
}

/// For the operations that hold every tensor at once, the footprint equals the traffic.
#[test]
fn single_operations_hold_what_they_move() {
    for op in ["matmul", "layernorm", "attention", "conv2d"] {
        let out = run(&[("op", op)]);
        assert_eq!(out.footprint_bytes, out.bytes, "{op}");
    }
}

/// ResNet-50 at batch 256 in BF16: 25.5 M weights plus 256 × 1.81 M live
/// activation elements, 0.98 GB in all.
#[test]
fn cnn_inference_holds_weights_and_the_busiest_layers_activations() {
    let out = run(&[("op", "cnn_inference"), ("batch", "256")]);
    let net = resnet50::resnet50();
    let expected = 2.0 * (net.weights + 256.0 * net.peak_live_per_image);
    assert_eq!(out.footprint_bytes, expected);
    assert!((expected / 1e9 - 0.976).abs() < 0.01, "{expected}");
}

#[test]
fn devices_needed_rounds_up_and_saturates() {
    assert_eq!(devices_needed(80e9, 80e9), 1);
    assert_eq!(devices_needed(80.1e9, 80e9), 2);
    assert_eq!(devices_needed(1.0, 80e9), 1);
    assert_eq!(devices_needed(1e300, 1e-300), u64::MAX);
    assert_eq!(devices_needed(f64::NAN, 1.0), 1);
}

/// DLRM-DCNv2 as MLPerf Training configures it: at batch 1 the dense weights
/// dominate the traffic (about 1 FLOP/byte in BF16); a large batch shares them,
/// leaving the gathered rows and activations, and intensity levels off near
/// 141, below the H100's ridge of 295.
#[test]
fn recommender_inference_stays_memory_bound_on_the_h100() {
    let at = |batch: &str| run(&[("op", "recommender_inference"), ("batch", batch)]);
    let (one, big) = (at("1"), at("65536"));
    assert!(
        (one.intensity_flops_per_byte - 0.99).abs() < 0.01,
        "{}",
        one.intensity_flops_per_byte
    );
    assert!(
        (big.intensity_flops_per_byte - 140.8).abs() < 0.5,
        "{}",
        big.intensity_flops_per_byte
    );
    assert_eq!(big.placements[0].bound, Bound::Memory);
    // Every size the formulas use is shown beside them, with the MLPerf source.
    let flops = big.explanations.iter().find(|e| e.output == "flops");
    let symbols: Vec<&str> = flops
        .map(|e| e.bindings.iter().map(|b| b.symbol).collect())
        .unwrap_or_default();
    assert_eq!(symbols, ["B", "M_{\\text{s}}", "G"]);
    assert!(flops.is_some_and(|e| e.source.url.contains("mlcommons/training")));
}

/// The 26 tables hold 26.1 billion numbers; with the dense weights and a
/// batch of 2,048 samples' live activations that is 52.36 GB in BF16, which an
/// 80 GB H100 holds, and 104.72 GB in FP32, which takes two.
#[test]
fn recommender_tables_fit_in_bf16_but_not_in_fp32() {
    let bf16 = run(&[("op", "recommender_inference"), ("batch", "2048")]);
    let fp32 = run(&[
        ("op", "recommender_inference"),
        ("batch", "2048"),
        ("precision", "fp32"),
    ]);
    let gb = |out: &RooflineOutput| out.footprint_bytes / 1e9;
    assert!((gb(&bf16) - 52.36).abs() < 0.01, "{}", gb(&bf16));
    assert!((gb(&fp32) - 104.72).abs() < 0.01, "{}", gb(&fp32));
    assert_eq!(bf16.placements[0].devices_needed, Some(1));
    assert_eq!(fp32.placements[0].devices_needed, Some(2));
    let warning = fp32.fit_warning.map(|w| w.text).unwrap_or_default();
    assert!(
        warning.contains("for its embedding tables, dense weights and live activations"),
        "{warning}"
    );
}

/// A 512-cubed BF16 matmul has intensity 512/3 ≈ 171 FLOP/byte: above the
/// A100's ridge (312e12 / 2.039e12 ≈ 153) but below the H100's (≈ 295), so
/// the warning must not say the speed-up follows the bandwidth ratio (1.64);
/// it is 1.8 because the A100 is at its compute roof.
#[test]
fn the_waste_warning_names_each_roof_when_the_regimes_differ() {
    let out = run(&[
        ("op", "matmul"),
        ("m", "512"),
        ("k", "512"),
        ("n", "512"),
        ("accelerators", "h100-sxm-80gb, a100-sxm-80gb"),
    ]);
    let warning = out.warning.unwrap();
    assert!(warning.contains("finishes only 1.8× faster"), "{warning}");
    assert!(
        warning.contains("because H100 is capped by its memory bandwidth (3.35 TB/s) while A100 is at its compute roof"),
        "{warning}"
    );
    assert!(
        !warning.contains("time here follows memory bandwidth"),
        "{warning}"
    );
}

/// INT8 peaks are integer operations (the H100 datasheet lists 1,979 TOPS
/// dense), so INT8 work is told in operations and TOPS, never in FLOPs; and
/// an intensity past a thousand is grouped, as every other count is.
#[test]
fn int8_work_is_told_in_operations_and_tops() {
    let course = crate::hardware::course_catalogue();
    let run = |pairs: &[(&str, &str)]| compute(&form(pairs).validate(&course).unwrap());
    let out = run(&[
        ("accelerators", "h100-sxm-80gb"),
        ("precision", "int8"),
        ("op", "matmul"),
        ("m", "4096"),
        ("k", "4096"),
        ("n", "4096"),
    ]);
    assert_eq!(out.precision, Precision::Int8);
    let result = |key: &str| {
        out.explanations
            .iter()
            .find(|e| e.output == key)
            .map(|e| e.result.clone())
            .unwrap_or_default()
    };
    // One byte per element: 2n³ / 3n² = 2n/3 = 2,731 operations per byte.
    assert_eq!(result("intensity"), "2,731 ops/byte");
    assert_eq!(result("attainable"), "1,979 TOPS (NVIDIA H100 SXM5 80 GB)");
    assert_eq!(result("ridge"), "591 ops/byte (NVIDIA H100 SXM5 80 GB)");
    let flops = out.explanations.iter().find(|e| e.output == "flops");
    assert_eq!(flops.map(|e| e.label), Some("Operations"));
    for e in &out.explanations {
        assert!(!e.result.contains("FLOP"), "{}: {}", e.label, e.result);
    }
    // One operation per byte is singular, as "1 FLOP/byte" already is.
    assert_eq!(Precision::Int8.per_byte(1.0), "1 op/byte");
    assert_eq!(Precision::Int8.per_byte(2.0), "2 ops/byte");
    // BF16 on the same work keeps FLOPs, with the separator.
    let bf16 = run(&[
        ("accelerators", "h100-sxm-80gb"),
        ("op", "matmul"),
        ("m", "4096"),
        ("k", "4096"),
        ("n", "4096"),
    ]);
    let intensity = bf16.explanations.iter().find(|e| e.output == "intensity");
    assert_eq!(
        intensity.map(|e| e.result.as_str()),
        Some("1,365 FLOP/byte")
    );
}

/// The notes under each formula are read at every precision, so none of them
/// may call INT8 work "FLOPs"; the labels and results must not either.
#[test]
fn no_int8_explanation_says_flop() {
    let course = crate::hardware::course_catalogue();
    for op in Operation::ALL {
        let valid = form(&[
            ("accelerators", "h100-sxm-80gb"),
            ("precision", "int8"),
            ("op", op.key()),
        ])
        .validate(&course)
        .unwrap();
        for e in &compute(&valid).explanations {
            for text in [e.label, e.note, e.result.as_str()] {
                assert!(!text.contains("FLOP"), "{}, {}: {text}", op.key(), e.label);
            }
        }
    }
}

/// A memory-bound part near its ridge uses most of its compute, so the
/// warning about paying for compute it cannot use stays quiet; far below the
/// ridge (decode at batch 1) it still speaks.
#[test]
fn no_waste_warning_near_the_ridge() {
    let course = crate::hardware::course_catalogue();
    let run = |pairs: &[(&str, &str)]| compute(&form(pairs).validate(&course).unwrap());
    let conv = run(&[
        ("accelerators", "h100-sxm-80gb, a100-sxm-80gb"),
        ("op", "conv2d"),
    ]);
    let h100 = conv
        .placements
        .iter()
        .find(|p| p.id == "h100-sxm-80gb")
        .unwrap();
    assert_eq!(h100.bound, Bound::Memory);
    assert!(
        h100.share_of_peak > WASTE_BELOW_SHARE,
        "{}",
        h100.share_of_peak
    );
    assert_eq!(conv.warning, None);
    let alone = run(&[("accelerators", "h100-sxm-80gb"), ("op", "conv2d")]);
    assert_eq!(alone.warning, None);
    let decode = run(&[("accelerators", "h100-sxm-80gb, a100-sxm-80gb")]);
    assert!(decode.warning.is_some());
}

/// The T4 and V100 have FP16 tensor cores but no BF16 (NVIDIA's T4 page and
/// Ampere blog table): on a BF16 roofline their rows say FP16.
#[test]
fn fp16_only_parts_are_named_fp16_on_a_bf16_roofline() {
    let course = crate::hardware::course_catalogue();
    let out = compute(
        &form(&[("accelerators", "t4-16gb, v100-sxm-32gb, h100-sxm-80gb")])
            .validate(&course)
            .unwrap(),
    );
    let names: Vec<String> = out
        .placements
        .iter()
        .map(|p| p.label(out.precision))
        .collect();
    assert_eq!(
        names,
        [
            "NVIDIA T4 16 GB, FP16 peak",
            "NVIDIA Tesla V100 SXM2 32 GB, FP16 peak",
            "NVIDIA H100 SXM5 80 GB"
        ]
    );
    // Sentences keep the plain name, so no brackets nest.
    assert!(out.placements.iter().all(|p| !p.name.contains("FP16")));
    // At INT8 the T4's figure is INT8, with no FP16 label.
    let int8 = compute(
        &form(&[("accelerators", "t4-16gb"), ("precision", "int8")])
            .validate(&course)
            .unwrap(),
    );
    assert_eq!(int8.placements[0].label(int8.precision), "NVIDIA T4 16 GB");
}
