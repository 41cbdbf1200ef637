use super::*;
use crate::hardware::Catalogue;
use crate::widgets::WidgetForm;

fn catalogue() -> Catalogue {
    crate::hardware::course_catalogue()
}

fn form(pairs: &[(&str, &str)]) -> MatcherForm {
    let mut form = MatcherForm::unknown();
    for (field, value) in pairs {
        assert!(form.set_field(field, (*value).to_string()), "{field}");
    }
    form
}

fn run(pairs: &[(&str, &str)]) -> MatcherOutput {
    compute(&form(pairs).validate(&catalogue()).unwrap())
}

fn describe(out: &MatcherOutput) -> String {
    out.ranking
        .iter()
        .map(|entry| {
            format!(
                "{:?} {} ({}): {:?}\n  {}",
                entry.class,
                entry.score,
                entry.device.id,
                entry.rules,
                entry.reasons.join("\n  ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

struct Golden {
    name: &'static str,
    workload: &'static [(&'static str, &'static str)],
    /// Acceptable winners: the first class of the ranking must be one of these.
    top: &'static [Class],
    /// The part the winning class must recommend, if the case pins one.
    device: Option<&'static str>,
}

/// The seed's examples and the course's worked scenarios (module "Matching
/// workloads to compute"), each with the class the course recommends.
const GOLDEN: &[Golden] = &[
    Golden {
        name: "seed: a CNN trained on thousands of labelled images -> GPU",
        workload: &[
            ("phase", "training"),
            ("model_family", "cnn"),
            ("params", "25e6"),
            ("batch_size", "256"),
            ("framework", "pytorch"),
        ],
        top: &[Class::Gpu],
        device: None,
    },
    Golden {
        name: "seed: scaling BERT on Google Cloud with JAX -> TPU",
        workload: &[
            ("phase", "training"),
            ("model_family", "transformer"),
            ("params", "340e6"),
            ("batch_size", "256"),
            ("deployment", "cloud"),
            ("framework", "jax"),
        ],
        top: &[Class::Tpu],
        device: None,
    },
    Golden {
        name: "seed: scaling BERT on Google Cloud with TensorFlow -> TPU",
        workload: &[
            ("phase", "training"),
            ("model_family", "transformer"),
            ("params", "340e6"),
            ("batch_size", "256"),
            ("deployment", "cloud"),
            ("framework", "tensorflow"),
        ],
        top: &[Class::Tpu],
        device: None,
    },
    Golden {
        name: "seed: a compressed model on a drone at a few watts -> edge",
        workload: &[
            ("phase", "inference"),
            ("model_family", "cnn"),
            ("params", "3e6"),
            ("batch_size", "1"),
            ("latency_p99_ms", "30"),
            ("power_budget_w", "5"),
            ("deployment", "edge"),
            ("framework", "tensorflow"),
            ("model_update", "rarely"),
        ],
        top: &[Class::Edge],
        device: Some("coral-edge-tpu"),
    },
    Golden {
        name: "course: ranking at search-engine scale -> recommender on GPU or ASIC",
        workload: &[
            ("phase", "inference"),
            ("model_family", "recommender"),
            ("params", "2e11"),
            ("batch_size", "256"),
            ("latency_p99_ms", "30"),
            ("throughput_per_s", "200000"),
            ("deployment", "on_prem"),
            ("framework", "pytorch"),
            ("model_update", "daily"),
            ("utilization", "0.8"),
        ],
        top: &[Class::Gpu, Class::Asic],
        device: None,
    },
    Golden {
        name: "seed: cheap high-volume inference in the cloud -> Inferentia-class ASIC",
        workload: &[
            ("phase", "inference"),
            ("model_family", "transformer"),
            ("params", "110e6"),
            ("batch_size", "8"),
            ("latency_p99_ms", "50"),
            ("throughput_per_s", "5000"),
            ("deployment", "cloud"),
            ("framework", "pytorch"),
            ("model_update", "monthly"),
            ("utilization", "0.3"),
        ],
        top: &[Class::Asic],
        device: Some("inferentia2"),
    },
    Golden {
        name: "course: an always-on sensor at milliwatts -> edge or neuromorphic",
        workload: &[
            ("phase", "inference"),
            ("model_family", "cnn"),
            ("params", "20e3"),
            ("batch_size", "1"),
            ("power_budget_w", "0.05"),
            ("deployment", "edge"),
            ("model_update", "never"),
        ],
        top: &[Class::Edge, Class::Neuromorphic],
        device: None,
    },
    Golden {
        name: "course: a multi-week LLM pre-training run -> GPU or TPU at scale",
        workload: &[
            ("phase", "training"),
            ("model_family", "llm"),
            ("params", "405e9"),
            ("batch_size", "2048"),
            ("framework", "pytorch"),
            ("model_update", "never"),
        ],
        top: &[Class::Gpu, Class::Tpu],
        device: None,
    },
    Golden {
        name: "course: gradient-boosted trees on tabular data -> CPU",
        workload: &[
            ("phase", "training"),
            ("model_family", "classical"),
            ("params", "1e6"),
            ("framework", "onnx"),
            ("deployment", "on_prem"),
        ],
        top: &[Class::Cpu],
        device: Some("epyc-9654"),
    },
    Golden {
        name: "course: a spiking network -> neuromorphic",
        workload: &[
            ("phase", "inference"),
            ("model_family", "spiking"),
            ("params", "1e6"),
            ("batch_size", "1"),
            ("power_budget_w", "1"),
            ("deployment", "edge"),
        ],
        top: &[Class::Neuromorphic],
        device: Some("loihi-2"),
    },
];

#[test]
fn golden_cases_pick_the_course_classes() {
    for case in GOLDEN {
        let out = run(case.workload);
        let top = out.ranking.first().unwrap();
        assert!(
            case.top.contains(&top.class),
            "{}: got {:?}\n{}",
            case.name,
            top.class,
            describe(&out)
        );
        if let Some(id) = case.device {
            assert_eq!(top.device.id, id, "{}\n{}", case.name, describe(&out));
        }
    }
}

#[test]
fn every_class_in_the_catalogue_is_ranked_once() {
    let out = run(&[("phase", "inference")]);
    let mut classes = out.classes();
    assert_eq!(classes.len(), 7, "{classes:?}");
    classes.sort_by_key(|class| CLASSES.iter().position(|c| c == class));
    assert_eq!(classes, CLASSES);
    let devices: usize = out.ranking.iter().map(|e| e.devices.len()).sum();
    assert_eq!(devices, catalogue().accelerators.len());
}

#[test]
fn scores_are_the_sum_of_the_fired_rules() {
    for case in GOLDEN {
        let out = run(case.workload);
        for entry in &out.ranking {
            let sum: i32 = entry.rules.iter().map(|r| r.points).sum();
            assert_eq!(sum, entry.score, "{}: {:?}", case.name, entry.class);
            assert_eq!(entry.devices.first().map(|d| d.score), Some(entry.score));
            assert!(entry.rules.iter().all(|r| rules::find(r.rule).is_some()));
        }
        let top = out.ranking.first().unwrap();
        let explanation = out.explanations.first().unwrap();
        assert_eq!(explanation.output, "score");
        assert_eq!(explanation.bindings.len(), top.rules.len());
        assert!(explanation
            .result
            .starts_with(&format!("{} points", top.score)));
        assert!(explanation.note.contains("not a benchmark"));
    }
}

#[test]
fn reasons_argue_both_ways_with_numbers() {
    // The issue's FPGA example: fixed model, sub-millisecond p99, small power budget.
    let out = run(&[
        ("phase", "inference"),
        ("params", "5e6"),
        ("batch_size", "1"),
        ("latency_p99_ms", "0.5"),
        ("power_budget_w", "20"),
        ("model_update", "weekly"),
    ]);
    let fpga = out.ranking.iter().find(|e| e.class == Class::Fpga).unwrap();
    let text = fpga.reasons.join("\n");
    assert!(
        text.contains("For: the p99 target is 0.5 ms at batch 1"),
        "{text}"
    );
    assert!(
        text.contains("Against: the model changes every week"),
        "{text}"
    );
    assert!(text.contains("hardware build"), "{text}");
    assert!(fpga.reasons.first().unwrap().starts_with("For:"), "{text}");
}

#[test]
fn unknown_keys_fire_nothing() {
    let out = run(&[("phase", "inference")]);
    assert_eq!(out.unknown.len(), 11);
    for entry in &out.ranking {
        let ids: Vec<&str> = entry.rules.iter().map(|r| r.rule).collect();
        let allowed = ["research_only", "inference_part"];
        assert!(ids.iter().all(|id| allowed.contains(id)), "{ids:?}");
    }
    // Nothing known: no class rule but the research chip's fires, and the
    // serving parts' bonus breaks the tie between GPUs (T4) and ASICs (Inferentia2).
    assert_eq!(out.ranking.first().map(|e| e.class), Some(Class::Gpu));
}

#[test]
fn the_power_penalty_outweighs_every_power_bonus() {
    // The two power rules never fire together: below a watt the milliwatt
    // rule replaces the 30 W one and carries its points.
    let power_bonus: i32 = ["power_tight", "power_milliwatt"]
        .iter()
        .map(|id| rules::find(id).unwrap().points.unwrap().max_bonus())
        .max()
        .unwrap();
    assert!(-device::POWER_OVER > power_bonus);
    for budget in ["0.05", "1", "1.5", "30"] {
        let out = run(&[("phase", "inference"), ("power_budget_w", budget)]);
        let fired: Vec<&str> = out.ranking[0].rules.iter().map(|r| r.rule).collect();
        let both = fired.contains(&"power_tight") && fired.contains(&"power_milliwatt");
        assert!(!both, "{budget} W: {fired:?}");
    }
}

#[test]
fn a_part_far_over_the_budget_ranks_below_one_just_over() {
    // A 100 mW always-on sensor in PyTorch: the Jetson lists PyTorch (+4)
    // and the Coral does not (−6) but is built for serving (+6), so at an
    // equal −50 the Jetson led. The 2 W Coral is 20 times over (−57), the
    // 60 W Jetson 600 times (−64), so now the Coral represents the class.
    let out = run(&[
        ("phase", "inference"),
        ("model_family", "spiking"),
        ("power_budget_w", "0.1"),
        ("framework", "pytorch"),
    ]);
    let edge = out.ranking.iter().find(|e| e.class == Class::Edge).unwrap();
    assert_eq!(edge.device.id, "coral-edge-tpu");
    assert_eq!(device::over_budget_points(2.0, 0.1), -57);
    assert_eq!(device::over_budget_points(60.0, 0.1), -64);
    assert_eq!(device::over_budget_points(1e9, 1e-6), -70);
    assert_eq!(device::over_budget_points(1.0, 1.0), -50);
}

#[test]
fn a_data_centre_part_with_no_published_power_is_not_let_off_a_tiny_budget() {
    // At 2.5 W the B200 (1,000 W) is over; the TPU7x and Trainium3 publish no
    // power, but no catalogued GPU, TPU or ASIC draws under the T4's 70 W.
    let out = run(&[("phase", "training"), ("power_budget_w", "2.5")]);
    let free = run(&[("phase", "training")]);
    for id in ["tpu7x", "trainium3", "tpu-v5e"] {
        let penalty = out.device_score(id).unwrap() - free.device_score(id).unwrap();
        // The class rule for a small budget, and the stand-in's −57.
        assert!(penalty <= -57, "{id}: {penalty}");
    }
    let tpu = out.ranking.iter().find(|e| e.class == Class::Tpu).unwrap();
    let reason = tpu
        .reasons
        .iter()
        .find(|r| r.contains("no power figure"))
        .unwrap();
    assert!(reason.starts_with("Against:"), "{reason}");
    assert!(reason.contains("70 W"), "{reason}");
    // Above the least published draw the missing figure costs nothing.
    let free = run(&[("phase", "training")]);
    let ample = run(&[("phase", "training"), ("power_budget_w", "500")]);
    for id in ["tpu7x", "trainium3"] {
        assert_eq!(ample.device_score(id), free.device_score(id), "{id}");
    }
    // A neuromorphic chip is no data-centre part: its missing figure stays unchecked.
    let out = run(&[("phase", "inference"), ("power_budget_w", "0.05")]);
    let loihi = out
        .ranking
        .iter()
        .find(|e| e.class == Class::Neuromorphic)
        .unwrap();
    assert!(loihi
        .reasons
        .iter()
        .any(|r| r.starts_with("Note:") && r.contains("no power figure")));
}

/// A served LLM at batch `batch` with a p99 target: the GPU class's entry
/// and the sentence its best part gets from the latency floor.
fn llm_floor(params: &str, batch: &str, p99_ms: &str) -> (ClassRanking, String) {
    let out = run(&[
        ("phase", "inference"),
        ("model_family", "llm"),
        ("params", params),
        ("batch_size", batch),
        ("latency_p99_ms", p99_ms),
    ]);
    let gpu = out
        .ranking
        .into_iter()
        .find(|e| e.class == Class::Gpu)
        .unwrap();
    let floor = gpu
        .reasons
        .iter()
        .find(|r| r.contains("decoding step of this model"))
        .unwrap()
        .clone();
    (gpu, floor)
}

#[test]
fn a_latency_target_below_the_weights_read_time_is_called_impossible() {
    // 70B in BF16 is 140 GB; one B200 reads it in 140 / 7,700 GB/s = 18.2 ms,
    // and its 8-chip NVLink domain in 2.27 ms, so 0.5 ms cannot be met.
    let (gpu, floor) = llm_floor("70e9", "1", "0.5");
    assert!(floor.starts_with("Against:"), "{floor}");
    assert!(floor.contains("spread over 8"), "{floor}");
    assert!(floor.contains("over the 0.5 ms p99 target"), "{floor}");
    assert!(gpu
        .rules
        .iter()
        .any(|r| r.rule == "latency_floor" && r.points == device::LATENCY_FLOOR_MISSED));
    // At 50 ms one chip holding the weights clears the floor: a note, no points.
    let (gpu, note) = llm_floor("70e9", "1", "50");
    assert!(!gpu.rules.iter().any(|r| r.rule == "latency_floor"));
    assert!(
        note.starts_with("Note:") && note.contains("within the 50 ms p99 target"),
        "{note}"
    );
    // A 13B model (26 GB) on parts with no multi-chip domain that cannot hold
    // it: the memory rule speaks, and the floor stays silent rather than
    // time chips that could not hold the weights.
    let cat = catalogue();
    let input = form(&[
        ("phase", "inference"),
        ("model_family", "llm"),
        ("params", "13e9"),
        ("batch_size", "1"),
        ("latency_p99_ms", "50"),
    ])
    .validate(&cat)
    .unwrap();
    let says_floor = |id: &str| {
        let part = device::Device::from_catalogue(cat.find(id).unwrap());
        let verdict = device::judge(&input, &part, None, device::Peers::default());
        verdict
            .notes
            .iter()
            .chain(verdict.fired.iter().map(|f| &f.reason))
            .any(|r| r.contains("decoding step of this model"))
    };
    assert!(!says_floor("t4-16gb"));
    // The 64 GB Jetson holds it: 26 GB at 204.8 GB/s is at least 127 ms.
    assert!(says_floor("jetson-agx-orin-64gb"));
    // At a large batch the arithmetic, not the weights, sets the floor.
    let (_, floor) = llm_floor("7e9", "100000", "1");
    assert!(floor.contains("of arithmetic at"), "{floor}");
    // At 10 ms one B200 (18.2 ms) is too slow, but a split over its domain clears it.
    let (_, note) = llm_floor("70e9", "1", "10");
    assert!(note.starts_with("Note:"), "{note}");
    assert!(note.contains("18.2 ms on one NVIDIA B200"), "{note}");
    assert!(note.contains("but 2.27 ms spread over 8"), "{note}");
    // A floor met only by a split says what a published split measured:
    // Pope et al.'s 29 ms against a 540 GB / (64 × 1.2 TB/s) = 7.03 ms floor.
    assert!(
        note.ends_with("For scale: Pope et al. measured 29 ms per token for PaLM 540B with 8-bit weights on 64 TPU v4 chips, about 4.1× the 7.03 ms its weights take to read there."),
        "{note}"
    );
    // One chip that holds the weights needs no such yardstick.
    let (_, single) = llm_floor("70e9", "1", "50");
    assert!(!single.contains("For scale"), "{single}");
}

#[test]
fn memory_bound_decode_favours_bandwidth() {
    let out = run(&[
        ("phase", "inference"),
        ("model_family", "llm"),
        ("params", "70e9"),
        ("batch_size", "1"),
    ]);
    let gpu = out.ranking.iter().find(|e| e.class == Class::Gpu).unwrap();
    // 140 GB of weights: only parts with at least that much HBM fit one chip,
    // and at batch 1 the fastest is the one with the most bandwidth.
    assert_eq!(gpu.device.id, "b200-sxm-180gb", "{}", describe(&out));
    let decode = gpu
        .reasons
        .iter()
        .find(|r| r.contains("memory-bound at 1 FLOP/byte"));
    assert!(decode.is_some(), "{:?}", gpu.reasons);
}

/// A served recommender uses the roofline explorer's whole DLRM-DCNv2 count,
/// so module 3's ranking-model widget and the matcher agree: about 91
/// FLOP/byte at batch 256 in BF16. Training, and serving at an unknown batch,
/// are judged by the embedding lookups alone (0.5 FLOP/byte).
#[test]
fn served_recommenders_take_the_explorers_dlrm_intensity() {
    let gpu_reasons = |workload: &[(&str, &str)]| {
        let out = run(workload);
        let gpu = out.ranking.iter().find(|e| e.class == Class::Gpu).unwrap();
        gpu.reasons.join(" | ")
    };
    let served = gpu_reasons(&[
        ("phase", "inference"),
        ("model_family", "recommender"),
        ("batch_size", "256"),
    ]);
    assert!(served.contains("memory-bound at 91 FLOP/byte"), "{served}");
    let unknown_batch = gpu_reasons(&[("phase", "inference"), ("model_family", "recommender")]);
    assert!(
        unknown_batch.contains("memory-bound at 0.5 FLOP/byte"),
        "{unknown_batch}"
    );
    let training = gpu_reasons(&[
        ("phase", "training"),
        ("model_family", "recommender"),
        ("batch_size", "256"),
    ]);
    assert!(
        training.contains("memory-bound at 0.5 FLOP/byte"),
        "{training}"
    );
    // The large-batch reason beside that figure says the batch helps the
    // dense layers, not the lookups the figure counts.
    assert!(
        training.contains("share the dense layers' weights, though each sample still gathers its own embedding rows"),
        "{training}"
    );
    let cnn = gpu_reasons(&[
        ("phase", "training"),
        ("model_family", "cnn"),
        ("batch_size", "256"),
    ]);
    assert!(
        cnn.contains("batches hold 256 samples; large batches"),
        "{cnn}"
    );
}

/// A served CNN uses the roofline explorer's whole ResNet-50 count, so the
/// matcher and the explorer tell the learner the same thing: about 129
/// FLOP/byte at batch 8 in BF16, memory-bound on an H100 (ridge 295).
#[test]
fn served_cnns_take_the_explorers_resnet50_intensity() {
    let out = run(&[
        ("phase", "inference"),
        ("model_family", "cnn"),
        ("params", "25.6e6"),
        ("batch_size", "8"),
    ]);
    let gpu = out.ranking.iter().find(|e| e.class == Class::Gpu).unwrap();
    let speed = gpu
        .reasons
        .iter()
        .find(|r| r.contains("memory-bound at 129 FLOP/byte"));
    assert!(speed.is_some(), "{:?}", gpu.reasons);
    // Training keeps the compute roof: no batch-based intensity is claimed for it.
    let training = run(&[
        ("phase", "training"),
        ("model_family", "cnn"),
        ("batch_size", "8"),
    ]);
    let gpu = training
        .ranking
        .iter()
        .find(|e| e.class == Class::Gpu)
        .unwrap();
    assert!(
        gpu.reasons.iter().all(|r| !r.contains("memory-bound")),
        "{:?}",
        gpu.reasons
    );
}

#[test]
fn a_small_budget_moves_the_gpu_pick_off_the_flagships() {
    let rich = run(GOLDEN[0].workload);
    let mut pairs = GOLDEN[0].workload.to_vec();
    pairs.push(("budget_usd", "15000"));
    let poor = run(&pairs);
    let gpu = |out: &MatcherOutput| {
        out.ranking
            .iter()
            .find(|e| e.class == Class::Gpu)
            .map(|e| e.device.id.clone())
            .unwrap()
    };
    assert_eq!(gpu(&rich), "b200-sxm-180gb");
    assert_ne!(gpu(&poor), "b200-sxm-180gb");
}

#[test]
fn cloud_only_parts_are_ruled_out_on_premises() {
    let out = run(&[
        ("phase", "training"),
        ("model_family", "transformer"),
        ("framework", "jax"),
        ("deployment", "on_prem"),
    ]);
    let tpu = out.ranking.iter().find(|e| e.class == Class::Tpu).unwrap();
    assert!(tpu
        .rules
        .iter()
        .any(|r| r.rule == "cloud_only" && r.points == -40));
    assert_ne!(out.ranking.first().map(|e| e.class), Some(Class::Tpu));
}

#[test]
fn bad_input_is_named() {
    let cat = catalogue();
    let errors = form(&[("phase", "testing")]).validate(&cat).unwrap_err();
    assert_eq!(
        errors.message_for("phase").as_deref(),
        Some("“testing” is not a choice. Choose one of: training, inference.")
    );
    let errors = MatcherForm::unknown().validate(&cat).unwrap_err();
    assert!(errors.message_for("phase").is_some());
    let errors = form(&[
        ("phase", "training"),
        ("params", "NaN"),
        ("batch_size", "2.5"),
        ("utilization", "1.5"),
        ("power_budget_w", "inf"),
        ("deployment", "moon"),
        ("latency_p99_ms", "5"),
    ])
    .validate(&cat)
    .unwrap_err();
    assert!(errors
        .message_for("params")
        .unwrap()
        .contains("is not a number"));
    assert_eq!(
        errors.message_for("batch_size").as_deref(),
        Some("Enter a whole number.")
    );
    assert_eq!(
        errors.message_for("utilization").as_deref(),
        Some("Must be at most 1.")
    );
    assert!(errors.message_for("power_budget_w").is_some());
    assert_eq!(
        errors.message_for("deployment").as_deref(),
        Some("“moon” is not a choice. Choose one of: cloud, on_prem, edge.")
    );
    assert_eq!(
        errors.message_for("latency_p99_ms").as_deref(),
        Some("A p99 latency target applies to inference; leave it empty for training.")
    );
}

#[test]
fn choices_ignore_case_and_spaces() {
    let out = run(&[
        ("phase", " Inference "),
        ("framework", "JAX"),
        ("deployment", "Cloud"),
    ]);
    assert_eq!(out.ranking.first().map(|e| e.class), Some(Class::Tpu));
}

#[test]
fn the_widget_default_is_the_seed_cnn() {
    let out = compute(&MatcherForm::default().validate(&catalogue()).unwrap());
    assert_eq!(out.ranking.first().map(|e| e.class), Some(Class::Gpu));
    assert_eq!(MatcherForm::default().field_pairs().len(), FIELDS.len());
}

#[test]
fn an_empty_catalogue_gives_an_empty_ranking() {
    let input = form(&[("phase", "training")])
        .validate(&Catalogue::default())
        .unwrap();
    let out = compute(&input);
    assert!(out.ranking.is_empty());
    assert!(out.explanations.is_empty());
}

#[test]
fn widget_presets_are_checked_against_the_catalogue() {
    let cat = catalogue();
    let preset = |key: &str, value: &str| vec![(key.to_string(), value.to_string())];
    let problems = crate::widgets::preset_problems(SLUG, &preset("phase", "testing"), Some(&cat));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("phase = \"testing\""),
        "{problems:?}"
    );
    assert!(
        crate::widgets::preset_problems(SLUG, &preset("deployment", "edge"), Some(&cat)).is_empty()
    );
    assert_eq!(
        crate::widgets::find(SLUG).map(|spec| spec.fields.len()),
        Some(12)
    );
}

/// The module docs print the rule table; it must say what the code does.
#[test]
fn the_documented_rule_table_matches_the_code() {
    let docs = include_str!("mod.rs");
    let sign = |points: i32| match points.signum() {
        1 => format!("+{points}"),
        -1 => format!("−{}", -points),
        _ => "0".to_string(),
    };
    for rule in RULES.iter() {
        let row = docs
            .lines()
            .find(|line| line.starts_with(&format!("//! | `{}` |", rule.id)))
            .unwrap_or_else(|| panic!("no documented row for `{}`", rule.id));
        if let Some(points) = rule.points {
            let expected = CLASSES
                .iter()
                .map(|class| sign(points.get(*class)))
                .collect::<Vec<_>>()
                .join(" / ");
            assert!(
                row.contains(&expected),
                "`{}`: expected {expected} in\n{row}",
                rule.id
            );
        }
    }
    let mut ids: Vec<&str> = RULES.iter().map(|rule| rule.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), RULES.len(), "rule ids must be unique");
}

/// Every rule in the table can fire: each is exercised by a golden case or
/// by one of these extra workloads.
#[test]
fn every_rule_fires_somewhere() {
    let extra: &[&[(&str, &str)]] = &[
        &[
            ("phase", "inference"),
            ("throughput_per_s", "5"),
            ("latency_p99_ms", "0.5"),
            ("batch_size", "1"),
        ],
        &[
            ("phase", "training"),
            ("model_family", "transformer"),
            ("params", "7e9"),
            ("budget_usd", "5000"),
            ("framework", "onnx"),
        ],
        &[
            ("phase", "inference"),
            ("model_family", "llm"),
            ("params", "7e9"),
            ("batch_size", "4"),
            ("deployment", "cloud"),
            ("framework", "tensorflow"),
        ],
        &[
            ("phase", "inference"),
            ("model_family", "recommender"),
            ("params", "1e12"),
            ("deployment", "cloud"),
            ("utilization", "0.2"),
            ("model_update", "weekly"),
        ],
        &[
            ("phase", "training"),
            ("model_family", "llm"),
            ("params", "1e12"),
            ("deployment", "on_prem"),
            ("utilization", "0.9"),
            ("framework", "jax"),
        ],
        &[
            ("phase", "inference"),
            ("model_family", "llm"),
            ("params", "70e9"),
            ("batch_size", "1"),
            ("latency_p99_ms", "0.5"),
        ],
    ];
    let mut fired: Vec<&str> = Vec::new();
    let workloads = GOLDEN
        .iter()
        .map(|case| case.workload)
        .chain(extra.iter().copied());
    for workload in workloads {
        let out = run(workload);
        for entry in &out.ranking {
            fired.extend(entry.rules.iter().map(|r| r.rule));
        }
    }
    for rule in RULES.iter() {
        assert!(fired.contains(&rule.id), "`{}` never fired", rule.id);
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            "[a-z_]{0,12}",
            (-1e3f64..1e16).prop_map(|v| v.to_string()),
            (0u64..100_000).prop_map(|v| v.to_string()),
            Just("NaN".to_string()),
            Just("1e999".to_string()),
            prop::sample::select(vec![
                "training",
                "inference",
                "cnn",
                "transformer",
                "llm",
                "recommender",
                "classical",
                "spiking",
                "cloud",
                "on_prem",
                "edge",
                "pytorch",
                "tensorflow",
                "jax",
                "onnx",
                "never",
                "rarely",
                "monthly",
                "weekly",
                "daily",
                "0.5",
                "1",
                "0",
            ])
            .prop_map(str::to_string),
        ]
    }

    fn choice(options: &'static [&'static str]) -> impl Strategy<Value = String> {
        prop::sample::select(options.to_vec()).prop_map(str::to_string)
    }

    /// A valid workload with no power budget, every key possibly unknown.
    fn workload() -> impl Strategy<Value = MatcherForm> {
        (
            choice(&["training", "inference"]),
            choice(&[
                "",
                "cnn",
                "transformer",
                "llm",
                "recommender",
                "classical",
                "spiking",
            ]),
            prop::option::of(1e3f64..1e13),
            prop::option::of(1u64..10_000),
            prop::option::of(0.05f64..1000.0),
            prop::option::of(0.5f64..1e6),
            choice(&["", "cloud", "on_prem", "edge"]),
            choice(&["", "pytorch", "tensorflow", "jax", "onnx"]),
            choice(&["", "never", "rarely", "monthly", "weekly", "daily"]),
            prop::option::of(0f64..1e7),
            prop::option::of(0f64..=1.0),
        )
            .prop_map(
                |(
                    phase,
                    family,
                    params,
                    batch,
                    latency,
                    rate,
                    place,
                    framework,
                    update,
                    budget,
                    util,
                )| {
                    let text = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
                    let inference = phase == "inference";
                    MatcherForm {
                        phase,
                        model_family: family,
                        params: text(params),
                        batch_size: batch.map(|b| b.to_string()).unwrap_or_default(),
                        latency_p99_ms: if inference {
                            text(latency)
                        } else {
                            String::new()
                        },
                        throughput_per_s: if inference { text(rate) } else { String::new() },
                        power_budget_w: String::new(),
                        deployment: place,
                        framework,
                        model_update: update,
                        budget_usd: text(budget),
                        utilization: text(util),
                    }
                },
            )
    }

    proptest! {
        #[test]
        fn no_input_panics(values in prop::collection::vec(value(), 12)) {
            let mut form = MatcherForm::unknown();
            for (field, value) in FIELDS.iter().zip(values) {
                form.set_field(field, value);
            }
            if let Ok(input) = form.validate(&catalogue()) {
                let out = compute(&input);
                prop_assert_eq!(out.ranking.len(), 7);
            }
        }

        #[test]
        fn the_ranking_is_deterministic_and_ordered(form in workload()) {
            let input = form.validate(&catalogue()).unwrap();
            let first = compute(&input);
            let second = compute(&input.clone());
            prop_assert_eq!(&first, &second);
            for pair in first.ranking.windows(2) {
                prop_assert!(pair[0].score >= pair[1].score);
                if pair[0].score == pair[1].score {
                    let rank = |c: Class| CLASSES.iter().position(|x| *x == c);
                    prop_assert!(rank(pair[0].class) < rank(pair[1].class));
                }
            }
            for entry in &first.ranking {
                prop_assert_eq!(entry.rules.iter().map(|r| r.points).sum::<i32>(), entry.score);
                for pair in entry.devices.windows(2) {
                    prop_assert!(pair[0].score >= pair[1].score);
                }
            }
        }

        #[test]
        fn a_power_budget_a_part_exceeds_never_raises_its_score(
            form in workload(),
            share in 0.01f64..0.999,
        ) {
            let cat = catalogue();
            let without = compute(&form.validate(&cat).unwrap());
            for acc in cat.accelerators.iter() {
                let Some(tdp) = acc.tdp_w else { continue };
                let mut tight = form.clone();
                tight.power_budget_w = (tdp * share).to_string();
                let with = compute(&tight.validate(&cat).unwrap());
                let before = without.device_score(&acc.id).unwrap();
                let after = with.device_score(&acc.id).unwrap();
                prop_assert!(after <= before, "{}: {} -> {} at {} W", acc.id, before, after, tdp * share);
            }
        }
    }
}

#[test]
fn every_field_has_a_name_for_prose() {
    for key in FIELDS {
        let name = field_name(key);
        assert_ne!(name, "another field", "{key}");
        assert!(!name.contains('_'), "{key}: {name}");
    }
}

/// A part with no multi-chip fast domain (the Jetson, the T4) is not
/// described as "a whole 1-chip domain" when the model overflows it.
/// One catalogue row for a toy part with a single peak, its memory and a
/// source covering both.
fn toy_part(id: &str, name: &str, class: &str, peak: &str, memory: (f64, f64)) -> String {
    let (capacity_gb, bandwidth_gb_s) = memory;
    format!(
        r#"
[[accelerator]]
id = "{id}"
name = "{name}"
class = "{class}"
vendor = "V"
[accelerator.peak_tflops]
{peak}
[accelerator.memory]
capacity_gb = {capacity_gb:.1}
bandwidth_gb_s = {bandwidth_gb_s:.1}
[[accelerator.sources]]
title = "S"
url = "https://example.com/s"
checked = "2026-12-04"
covers = ["peak_tflops", "memory"]
"#
    )
}

/// Ranks a workload against a catalogue of toy parts.
fn run_on(parts: &[String], pairs: &[(&str, &str)]) -> MatcherOutput {
    let catalogue = Catalogue {
        accelerators: crate::hardware::parse_file(&parts.concat()).unwrap(),
    };
    compute(&form(pairs).validate(&catalogue).unwrap())
}

#[test]
fn a_one_chip_part_is_not_called_a_domain() {
    let out = run_on(
        &[toy_part(
            "solo",
            "Solo module",
            "edge",
            "bf16 = 10.0",
            (8.0, 100.0),
        )],
        &[
            ("phase", "inference"),
            ("model_family", "transformer"),
            ("params", "10e9"),
        ],
    );
    let reasons = out.ranking[0].reasons.join("\n");
    assert!(!reasons.contains("1-chip"), "{reasons}");
    assert!(
        reasons.contains("exceed the 8 GB of one Solo module, which has no multi-chip fast domain"),
        "{reasons}"
    );
}

/// A speed reason names the part it is measured against and both units, so
/// an INT8 part's TOPS are never read as if they were BF16 TFLOP/s.
#[test]
fn speed_reasons_name_the_yardstick_and_its_precision() {
    let out = run_on(
        &[
            toy_part("big", "Big card", "gpu", "bf16 = 400.0", (80.0, 2000.0)),
            toy_part("small", "Small stick", "edge", "int8 = 4.0", (8.0, 50.0)),
        ],
        &[
            ("phase", "inference"),
            ("model_family", "transformer"),
            ("params", "1e9"),
        ],
    );
    let reasons = |class: Class| {
        let entry = out.ranking.iter().find(|e| e.class == class).unwrap();
        entry.reasons.join("\n")
    };
    let edge = reasons(Class::Edge);
    assert!(
        edge.contains(
            "the Small stick reaches about 4 TOPS (INT8) on this workload, at its compute roof; \
             the fastest catalogued part, the Big card, reaches about 400 TFLOP/s (BF16) \
             (speed points count one INT8 operation as one BF16 operation)."
        ),
        "{edge}"
    );
    let gpu = reasons(Class::Gpu);
    assert!(
        gpu.contains("reaches about 400 TFLOP/s (BF16) on this workload, at its compute roof, and no catalogued part is faster on it."),
        "{gpu}"
    );
}

/// Trainium2 and Trainium3 earn the same points for a 70B JAX training job:
/// both list JAX, fast links and room in their domain, and both land in the
/// same speed band. The tie goes to the part that attains more on the work
/// (Trainium3's 671 TFLOP/s of BF16 against 667), not to catalogue order,
/// so the newer, faster part is the one named.
#[test]
fn equal_points_go_to_the_faster_part() {
    let out = run(&[
        ("phase", "training"),
        ("model_family", "llm"),
        ("params", "70e9"),
        ("framework", "jax"),
    ]);
    let asic = out.ranking.iter().find(|r| r.class == Class::Asic);
    let devices: Vec<(&str, i32)> = asic
        .map(|r| r.devices.iter().map(|d| (d.id.as_str(), d.score)).collect())
        .unwrap_or_default();
    assert_eq!(
        devices.first().map(|d| d.0),
        Some("trainium3"),
        "{devices:?}"
    );
    assert_eq!(
        devices.get(1).map(|d| d.0),
        Some("trainium2"),
        "{devices:?}"
    );
    assert_eq!(devices[0].1, devices[1].1, "{devices:?}");
    assert_eq!(asic.map(|r| r.device.id.as_str()), Some("trainium3"));
}

#[test]
fn a_part_that_runs_only_int8_counts_one_byte_per_weight() {
    // The Edge TPU runs INT8 models only (Coral's documentation), so a
    // 4-million-parameter CNN served on it holds 4 MB of weights, not the
    // 8 MB its 16-bit weights take on a GPU.
    let out = run(&[
        ("phase", "inference"),
        ("model_family", "cnn"),
        ("params", "4e6"),
        ("power_budget_w", "2"),
        ("deployment", "edge"),
        ("framework", "tensorflow"),
    ]);
    let edge = out.ranking.iter().find(|e| e.class == Class::Edge).unwrap();
    assert_eq!(edge.device.id, "coral-edge-tpu", "{}", describe(&out));
    let all = edge.reasons.join("\n");
    assert!(all.contains("the fit of 4 MB of 8-bit weights"), "{all}");
    let gpu = out.ranking.iter().find(|e| e.class == Class::Gpu).unwrap();
    let all = gpu.reasons.join("\n");
    assert!(all.contains("the 8 MB of weights fit in the "), "{all}");
}

#[test]
fn a_served_llms_fit_says_the_kv_cache_comes_on_top() {
    let reasons = |family: &str| {
        let out = run(&[
            ("phase", "inference"),
            ("model_family", family),
            ("params", "7e9"),
        ]);
        let gpu = out.ranking.iter().find(|e| e.class == Class::Gpu).unwrap();
        gpu.reasons.join("\n")
    };
    let llm = reasons("llm");
    assert!(
        llm.contains("14 GB of weights fit in the ")
            && llm.contains(" (weights only: the KV cache, which grows with batch size × context length, comes on top)."),
        "{llm}"
    );
    // Other families hold no KV cache.
    assert!(!reasons("cnn").contains("KV cache"));
}

/// A part that publishes only 8-bit peaks serves 8-bit weights, so its
/// latency floor reads one byte per weight and counts integer operations, as
/// its memory fit does; a 16-bit part beside it (in another class, since a
/// class reports only its best part) keeps two bytes.
#[test]
fn an_eight_bit_part_floors_on_one_byte_per_weight() {
    let parts = [
        toy_part(
            "int8-only",
            "Int8 card",
            "edge",
            "int8 = 100.0",
            (8.0, 100.0),
        ),
        toy_part(
            "bf16-card",
            "Bf16 card",
            "asic",
            "bf16 = 100.0",
            (8.0, 100.0),
        ),
    ];
    let floor = |pairs: &[(&str, &str)], id: &str| {
        let out = run_on(&parts, pairs);
        let entry = out.ranking.iter().find(|e| e.device.id == id);
        entry
            .into_iter()
            .flat_map(|e| e.reasons.iter())
            .find(|r| r.contains("forward pass of this model"))
            .cloned()
            .unwrap_or_default()
    };
    let read = [
        ("phase", "inference"),
        ("model_family", "transformer"),
        ("params", "1e9"),
        ("batch_size", "1"),
        ("latency_p99_ms", "1"),
    ];
    // 1 GB at 100 GB/s is 10 ms, over a 1 ms target; 16-bit takes 20 ms.
    let eight = floor(&read, "int8-only");
    assert!(eight.starts_with("Against: with 8-bit weights"), "{eight}");
    assert!(eight.contains("at least 10 ms"), "{eight}");
    assert!(eight.contains("reading 1 GB of weights"), "{eight}");
    assert!(eight.contains("only a smaller model"), "{eight}");
    let sixteen = floor(&read, "bf16-card");
    assert!(
        sixteen.starts_with("Against: with 16-bit weights"),
        "{sixteen}"
    );
    assert!(sixteen.contains("at least 20 ms"), "{sixteen}");
    assert!(sixteen.contains("(8- or 4-bit)"), "{sixteen}");
    // A batch of 10,000 makes the arithmetic the floor: 2e13 operations at
    // 100 TOPS is 200 ms, told in operations, not FLOPs.
    let math = [
        ("phase", "inference"),
        ("model_family", "transformer"),
        ("params", "1e9"),
        ("batch_size", "10000"),
        ("latency_p99_ms", "1000"),
    ];
    let eight = floor(&math, "int8-only");
    assert!(
        eight.contains("doing 2 × 10¹³ operations of arithmetic"),
        "{eight}"
    );
    assert!(!eight.contains("FLOP"), "{eight}");
    assert!(floor(&math, "bf16-card").contains("20 TFLOP of arithmetic"));
}

/// When even the top part breaks a limit the learner set, the output says
/// so, with the reasons; a workload every limit of which the top part meets
/// gets no such warning.
#[test]
fn a_ranking_whose_top_part_breaks_a_limit_says_so() {
    let out = run(&[
        ("phase", "inference"),
        ("model_family", "cnn"),
        ("power_budget_w", "1.5"),
    ]);
    let all = out.limits_unmet.join("\n");
    assert!(!out.limits_unmet.is_empty(), "{}", describe(&out));
    assert!(all.contains("over the 1.5 W budget"), "{all}");
    assert!(all.starts_with("The "), "{all}");
    let fine = run(&[
        ("phase", "inference"),
        ("model_family", "cnn"),
        ("power_budget_w", "30"),
    ]);
    assert!(fine.limits_unmet.is_empty(), "{:?}", fine.limits_unmet);
    let default = run(&[("phase", "training"), ("model_family", "cnn")]);
    assert!(
        default.limits_unmet.is_empty(),
        "{:?}",
        default.limits_unmet
    );
}

/// A small job whose best part is a flagship says, when no budget is set,
/// that it would fit a far cheaper card; with a budget the note goes.
#[test]
fn a_small_job_on_a_flagship_says_a_budget_would_right_size_it() {
    let pairs = [
        ("phase", "training"),
        ("model_family", "cnn"),
        ("params", "25e6"),
        ("framework", "pytorch"),
    ];
    let out = run(&pairs);
    let gpu = out.ranking.iter().find(|e| e.class == Class::Gpu).unwrap();
    let all = gpu.reasons.join("\n");
    assert!(
        all.contains("with no budget set, points follow speed"),
        "{all}"
    );
    assert!(
        all.contains("this model's 400 MB of training state would fit a far smaller, cheaper card"),
        "{all}"
    );
    let budgeted = run(&[pairs.as_slice(), &[("budget_usd", "20000")]].concat());
    let gpu = budgeted
        .ranking
        .iter()
        .find(|e| e.class == Class::Gpu)
        .unwrap();
    assert!(!gpu.reasons.join("\n").contains("no budget set"));
    // A 70B model fills a flagship: no note.
    let big = run(&[
        ("phase", "training"),
        ("model_family", "llm"),
        ("params", "70e9"),
    ]);
    let gpu = big.ranking.iter().find(|e| e.class == Class::Gpu).unwrap();
    assert!(!gpu.reasons.join("\n").contains("no budget set"));
}

/// Where it runs is a limit too: an edge job whose top part is a data-centre
/// part says so; and a power budget the catalogue cannot check for the top
/// part is said apart from the limits it breaks.
#[test]
fn an_edge_job_led_by_a_data_centre_part_and_an_unchecked_budget_are_said() {
    let out = run(&[
        ("phase", "inference"),
        ("model_family", "llm"),
        ("params", "70e9"),
        ("deployment", "edge"),
    ]);
    assert_ne!(out.ranking[0].class, Class::Edge, "{}", describe(&out));
    assert!(
        out.limits_unmet
            .iter()
            .any(|r| r.to_lowercase().contains("data cent")),
        "{:?}",
        out.limits_unmet
    );
    let unchecked = run(&[
        ("phase", "training"),
        ("model_family", "llm"),
        ("params", "70e9"),
        ("power_budget_w", "100"),
    ]);
    // The TPU7x leads and publishes no power figure (Google's TPU7x page).
    assert!(
        unchecked.limits_unmet.is_empty(),
        "{:?}",
        unchecked.limits_unmet
    );
    assert_eq!(
        unchecked.limits_unchecked,
        ["The catalogue lists no power figure for the Google Cloud TPU7x (Ironwood), so the 100 W budget could not be checked."]
    );
    // A training job too big for one part's fast domain is not "a limit you set".
    let big = run(&[
        ("phase", "training"),
        ("model_family", "llm"),
        ("params", "1e12"),
    ]);
    assert!(
        !big.limits_unmet
            .iter()
            .any(|r| r.contains("scale-out network")),
        "{:?}",
        big.limits_unmet
    );
}

/// A row that lists no software (an instructor's new part) is neither
/// credited nor blamed for framework support: the catalogue says nothing.
#[test]
fn a_part_with_no_software_list_is_not_judged_on_frameworks() {
    let out = run_on(
        &[toy_part(
            "bare",
            "Bare card",
            "gpu",
            "bf16 = 100.0",
            (48.0, 900.0),
        )],
        &[
            ("phase", "inference"),
            ("model_family", "cnn"),
            ("framework", "pytorch"),
        ],
    );
    let top = &out.ranking[0];
    assert!(
        !top.rules.iter().any(|rule| rule.rule == "framework_listed"),
        "{:?}",
        top.rules
    );
    assert!(
        !top.reasons.join("\n").contains("lists no path"),
        "{:?}",
        top.reasons
    );
}

/// A small budget steers the pick away from data-centre cards that publish no
/// price, and an edge module is not offered for a server in your own rack.
#[test]
fn a_small_budget_and_an_own_data_centre_steer_the_part() {
    let default_form = MatcherForm::default();
    let mut budget = default_form.clone();
    assert!(budget.set_field("budget_usd", "3000".into()));
    let out = compute(&budget.validate(&catalogue()).unwrap());
    let gpu = out.ranking.iter().find(|e| e.class == Class::Gpu).unwrap();
    let part = catalogue().find(&gpu.device.id).unwrap().clone();
    assert!(part.tdp_w.is_some_and(|w| w < 250.0), "{}", describe(&out));
    let on_prem = run(&[
        ("phase", "inference"),
        ("deployment", "on_prem"),
        ("batch_size", "1"),
        ("params", "1e6"),
        ("latency_p99_ms", "0.2"),
    ]);
    let edge = on_prem
        .ranking
        .iter()
        .position(|e| e.class == Class::Edge)
        .unwrap();
    let cpu = on_prem
        .ranking
        .iter()
        .position(|e| e.class == Class::Cpu)
        .unwrap();
    assert!(cpu < edge, "{}", describe(&on_prem));
    let edge_entry = &on_prem.ranking[edge];
    assert!(
        edge_entry.reasons.iter().any(|r| r.contains("not racked")),
        "{}",
        describe(&on_prem)
    );
}
