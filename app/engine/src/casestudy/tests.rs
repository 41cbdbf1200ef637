use super::*;
use crate::hardware::{Catalogue, LinkSource};
use crate::widgets::WidgetForm;

fn catalogue() -> Catalogue {
    crate::hardware::course_catalogue()
}

fn form(preset: &str, pairs: &[(&str, &str)]) -> CaseStudyForm {
    let mut form = CaseStudyForm::default();
    form.apply_preset(preset);
    for (field, value) in pairs {
        assert!(form.set_field(field, (*value).to_string()), "{field}");
    }
    form
}

fn input(preset: &str, pairs: &[(&str, &str)]) -> CaseStudyInput {
    form(preset, pairs).validate(&catalogue()).unwrap()
}

#[test]
fn without_failures_completion_is_work_over_throughput() {
    let input = input(
        "ecommerce",
        &[
            ("node_mtbf_hours", "0"),
            ("min_nodes", "8"),
            ("replications", "20"),
        ],
    );
    let out = compute(&input);
    let completion = out.completion_time_s.unwrap();
    assert!((completion.mean / out.work_s - 1.0).abs() < 0.01);
    let expected = input.workload.total_samples() / out.step.samples_per_s;
    assert!((out.work_s - expected).abs() < 1e-6);
    assert_eq!(out.failures, Some(0.0));
    assert_eq!(out.checkpoint_interval_young_daly_s, None);
}

/// With failures, the Monte Carlo mean matches the closed-form expectation
/// (e^{λL} − 1)(1/λ + R) per segment within three standard errors.
#[test]
fn with_failures_the_mean_matches_the_analytic_expectation() {
    let dynamics = Dynamics {
        work_s: 100_000.0,
        start_delay_s: 0.0,
        failure_rate_per_s: 1.0 / 20_000.0,
        preemption_rate_per_s: 0.0,
        interval_s: 2_000.0,
        write_s: 60.0,
        restart_s: 300.0,
        notice_s: 120.0,
    };
    let n = 4000;
    let samples: Vec<f64> = (0..n)
        .map(|i| replicate(&dynamics, sim_seed(i), None).completion_s)
        .collect();
    let mean = samples.iter().sum::<f64>() / f64::from(n);
    let variance = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / f64::from(n - 1);
    let stderr = (variance / f64::from(n)).sqrt();
    let expected = expected_completion(&dynamics);
    assert!(
        (mean - expected).abs() < 3.0 * stderr,
        "mean {mean}, expected {expected}, stderr {stderr}"
    );
    assert!(expected > dynamics.work_s * 1.05);
}

fn sim_seed(i: u32) -> u64 {
    super::sim::replication_seed(99, u64::from(i))
}

#[test]
fn the_best_simulated_interval_is_near_young() {
    let out = compute(&input(
        "startup",
        &[
            ("node_mtbf_hours", "2"),
            ("epochs", "30"),
            ("replications", "400"),
            ("min_nodes", "1"),
        ],
    ));
    let young = out.checkpoint_interval_young_daly_s.unwrap();
    let best = out.checkpoint_interval_best_simulated_s.unwrap();
    assert!(
        (best / young - 1.0).abs() <= 0.25,
        "best {best}, Young {young}"
    );
    assert!(out.failures.unwrap() > 3.0);
}

#[test]
fn the_same_seed_gives_the_same_run_and_a_new_seed_a_different_one() {
    let a = compute(&input(
        "ecommerce",
        &[("node_mtbf_hours", "500"), ("replications", "50")],
    ));
    let b = compute(&input(
        "ecommerce",
        &[("node_mtbf_hours", "500"), ("replications", "50")],
    ));
    let c = compute(&input(
        "ecommerce",
        &[
            ("node_mtbf_hours", "500"),
            ("replications", "50"),
            ("seed", "2"),
        ],
    ));
    assert_eq!(a, b);
    assert_ne!(a.completion_time_s, c.completion_time_s);
}

/// The same numbers the wasm DOM test expects, so native and WASM agree bit for bit.
#[test]
fn golden_seeded_run_for_the_wasm_comparison() {
    let dynamics = Dynamics {
        work_s: 50_000.0,
        start_delay_s: 300.0,
        failure_rate_per_s: 1.0 / 10_000.0,
        preemption_rate_per_s: 1.0 / 40_000.0,
        interval_s: 1_500.0,
        write_s: 60.0,
        restart_s: 600.0,
        notice_s: 120.0,
    };
    let run = replicate(&dynamics, 7, None);
    assert_eq!(
        run.completion_s.to_bits(),
        SEEDED_COMPLETION_BITS,
        "{}",
        run.completion_s
    );
}

/// `replicate(.., seed 7)` of the golden run above, as f64 bits.
pub const SEEDED_COMPLETION_BITS: u64 = 4_679_271_494_003_586_460;

#[test]
fn chunked_runs_equal_one_shot() {
    let input = input(
        "ecommerce",
        &[("node_mtbf_hours", "300"), ("replications", "60")],
    );
    let mut run = Run::new(&input);
    let mut slices = 0;
    while !run.is_done() {
        run.step(7);
        slices += 1;
    }
    assert!(slices > 5);
    assert_eq!(run.finish(), compute(&input));
}

#[test]
fn tables_that_do_not_fit_are_explained_and_host_memory_rescues_them() {
    let out = compute(&input(
        "benchmark",
        &[("gpus", "1"), ("gpus_per_node", "1"), ("max_nodes", "8")],
    ));
    assert!(!out.feasible);
    assert!(
        out.reason.as_deref().unwrap().contains("do not fit"),
        "{:?}",
        out.reason
    );
    assert!(out.completion_time_s.is_none());
    let cached = compute(&input(
        "benchmark",
        &[
            ("gpus", "1"),
            ("gpus_per_node", "1"),
            ("host_cache", "true"),
            ("replications", "5"),
        ],
    ));
    assert!(cached.feasible);
    assert!(cached.placement.host_bytes > 0.0);
    // Host memory is slower: the lookups take longer than on eight GPUs.
    let eight = compute(&input("benchmark", &[("replications", "5")]));
    assert!(cached.step.lookup_s > eight.step.lookup_s);
}

#[test]
fn the_seed_company_cannot_train_on_one_gpu_but_can_on_a_cluster() {
    let out = compute(&input("ecommerce", &[("replications", "20")]));
    assert!(out.feasible);
    let single = &out.single_machine;
    // One 8-GPU server holds the tables but needs more than a week: the seed's
    // "days" without distributed training. The 64-GPU cluster is over 3× faster.
    assert!(single.time_s.unwrap() > 7.0 * 86_400.0);
    assert!(single.time_s.unwrap() > 3.0 * out.work_s);
    let one_gpu = compute(&input(
        "ecommerce",
        &[("gpus", "1"), ("gpus_per_node", "1"), ("replications", "5")],
    ));
    assert!(!one_gpu.feasible);
}

/// The network between nodes comes from the catalogue, from the learner, or
/// (for a part that publishes none) from an assumption, and the step's
/// explanation says which. A typed rate wins, and a slower one slows the all-to-all.
#[test]
fn the_network_is_typed_or_cited_or_assumed_and_the_explanation_says_which() {
    let beta = |out: &CaseStudyOutput| {
        let step = out
            .explanations
            .iter()
            .find(|e| e.output == "step")
            .unwrap();
        step.bindings
            .iter()
            .find(|b| b.symbol == "\\beta")
            .unwrap()
            .value
            .clone()
    };
    let cited = input("ecommerce", &[("replications", "5")]);
    assert_eq!(
        cited.cluster.hardware.inter_origin,
        Some(LinkSource::Catalogue)
    );
    assert_eq!(cited.cluster.hardware.inter_bytes_per_s, 25e9);
    let cited_out = compute(&cited);
    assert!(
        beta(&cited_out).contains("catalogue"),
        "{}",
        beta(&cited_out)
    );

    let typed = input(
        "ecommerce",
        &[("network_gbps", "50"), ("replications", "5")],
    );
    assert_eq!(typed.cluster.hardware.inter_origin, Some(LinkSource::Typed));
    assert_eq!(typed.cluster.hardware.inter_bytes_per_s, 6.25e9);
    let typed_out = compute(&typed);
    assert!(typed_out.step.all_to_all_s > 3.9 * cited_out.step.all_to_all_s);
    assert!(
        beta(&typed_out).contains("as you typed it"),
        "{}",
        beta(&typed_out)
    );

    let assumed = input(
        "ecommerce",
        &[("accelerator", "l4-24gb"), ("replications", "5")],
    );
    assert_eq!(assumed.cluster.hardware.inter_origin, None);
    assert!(beta(&compute(&assumed)).contains("assumed"));

    // A TPU job that fits one pod crosses hosts over ICI (400 GBps summed, 200 one way).
    let pod = input(
        "ecommerce",
        &[
            ("accelerator", "tpu-v5e"),
            ("network_gbps", "50"),
            ("replications", "5"),
        ],
    );
    assert_eq!(
        pod.cluster.hardware.inter_origin,
        Some(LinkSource::PodLinks)
    );
    assert_eq!(pod.cluster.hardware.inter_bytes_per_s, 200e9);

    // Choosing a preset clears a typed network, as it fills every other field.
    let mut reset = form("ecommerce", &[("network_gbps", "50")]);
    reset.set_field("preset", "startup".into());
    assert_eq!(reset.get("network_gbps"), "");
    for bad in ["0", "-1", "NaN", "fast", "1e9"] {
        let errors = form("ecommerce", &[("network_gbps", bad)])
            .validate(&catalogue())
            .unwrap_err();
        assert!(errors.message_for("network_gbps").is_some(), "{bad}");
    }
}

#[test]
fn runs_merge_neighbouring_gpus_with_the_same_shards_and_cover_every_gpu() {
    for (preset, sharding) in [
        ("ecommerce", "auto"),
        ("ecommerce", "table"),
        ("benchmark", "row"),
        ("benchmark", "column"),
    ] {
        let out = compute(&input(
            preset,
            &[("sharding", sharding), ("replications", "5")],
        ));
        let placement = &out.placement;
        let runs = placement.runs();
        // The runs tile the GPUs in order, with no gap and no overlap.
        let covered: Vec<u64> = runs.iter().flat_map(|r| r.first..=r.last).collect();
        let every: Vec<u64> = placement.gpus.iter().map(|g| g.gpu).collect();
        assert_eq!(covered, every, "{preset} {sharding}");
        assert_eq!(
            runs.iter().map(|r| r.gpu_count()).sum::<u64>(),
            every.len() as u64
        );
        for run in &runs {
            for gpu in placement
                .gpus
                .iter()
                .filter(|g| (run.first..=run.last).contains(&g.gpu))
            {
                let kinds = |g: &GpuPlacement| -> Vec<(String, ShardKind)> {
                    g.tables.iter().map(|s| (s.table.clone(), s.kind)).collect()
                };
                assert_eq!(kinds(gpu), kinds(run.layout), "{preset} {sharding}");
                assert!(run.min_bytes <= gpu.bytes && gpu.bytes <= run.max_bytes);
            }
        }
        // Two neighbouring runs never hold the same shards, or they would be one.
        for pair in runs.windows(2) {
            let same = pair[0]
                .layout
                .tables
                .iter()
                .map(|s| (&s.table, s.kind))
                .eq(pair[1].layout.tables.iter().map(|s| (&s.table, s.kind)));
            assert!(
                !same,
                "{preset} {sharding}: GPUs {} and {}",
                pair[0].last, pair[1].first
            );
        }
    }
    // Row-wise sharding puts a slice of every table on every GPU: one run.
    let rows = compute(&input(
        "benchmark",
        &[("sharding", "row"), ("replications", "5")],
    ));
    assert_eq!(rows.placement.runs().len(), 1);
}

#[test]
fn a_hot_table_is_spread_by_auto_sharding() {
    let auto = compute(&input("ecommerce", &[("replications", "5")]));
    let table = compute(&input(
        "ecommerce",
        &[("sharding", "table"), ("replications", "5")],
    ));
    // Table-wise puts the 51-lookup items table on one GPU, which becomes the straggler.
    assert!(table.step.lookup_s > 10.0 * auto.step.lookup_s);
}

#[test]
fn the_recommendation_meets_a_reachable_deadline_and_says_why() {
    let out = compute(&input(
        "ecommerce",
        &[("deadline_hours", "200"), ("replications", "5")],
    ));
    let rec = out.recommendation.unwrap();
    assert!(rec.meets_deadline);
    assert!(rec.expected_completion_s <= 200.0 * 3600.0);
    assert!(rec.reasons.iter().any(|r| r.contains("cheapest")));
    let impossible = compute(&input(
        "ecommerce",
        &[("deadline_hours", "1"), ("replications", "5")],
    ));
    assert!(!impossible.recommendation.unwrap().meets_deadline);
}

#[test]
fn bad_values_are_named() {
    let errors = form(
        "ecommerce",
        &[
            ("gpus", "0"),
            ("spot_fraction", "1.5"),
            ("replications", "NaN"),
            ("tables", "users:1e6"),
            ("accelerator", "abacus"),
            ("max_nodes", "2"),
        ],
    )
    .validate(&catalogue())
    .unwrap_err();
    assert_eq!(
        errors.message_for("gpus").as_deref(),
        Some("Must be at least 1.")
    );
    assert_eq!(
        errors.message_for("spot_fraction").as_deref(),
        Some("Must be at most 1.")
    );
    assert!(errors
        .message_for("replications")
        .unwrap()
        .contains("not a number"));
    assert!(errors
        .message_for("tables")
        .unwrap()
        .contains("name:rows:dim:lookups"));
    assert!(errors
        .message_for("accelerator")
        .unwrap()
        .contains("not in the hardware catalogue"));
    let errors = form("ecommerce", &[("max_nodes", "2")])
        .validate(&catalogue())
        .unwrap_err();
    assert!(errors
        .message_for("max_nodes")
        .unwrap()
        .contains("needs 8 nodes"));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("NaN".to_string()),
            Just("-3".to_string()),
            Just("1e300".to_string()),
            Just("true".to_string()),
            (0u64..5000).prop_map(|n| n.to_string()),
            "[a-z0-9:;.]{0,16}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]

        #[test]
        fn no_input_panics(values in proptest::collection::vec(text(), FIELDS.len()), preset in 0usize..3) {
            let mut form = CaseStudyForm::default();
            form.apply_preset(workload::PRESETS[preset]);
            for (field, value) in FIELDS.iter().zip(values) {
                if *field != "replications" {
                    form.set_field(field, value);
                }
            }
            form.set_field("replications", "3".into());
            if let Ok(input) = form.validate(&catalogue()) {
                let out = compute(&input);
                if let Some(c) = out.completion_time_s {
                    prop_assert!(c.p50.is_finite() && c.p50 >= 0.0);
                    prop_assert!(out.goodput.unwrap() <= 1.0 + 1e-9);
                }
            }
        }

        #[test]
        fn more_failures_never_finish_sooner_on_average(mtbf in 50.0f64..5000.0) {
            let slow = compute(&input("startup", &[("node_mtbf_hours", &(mtbf / 4.0).to_string()), ("replications", "200"), ("checkpoint_interval_s", "600")]));
            let fast = compute(&input("startup", &[("node_mtbf_hours", &mtbf.to_string()), ("replications", "200"), ("checkpoint_interval_s", "600")]));
            prop_assert!(slow.expected_completion_s.unwrap() >= fast.expected_completion_s.unwrap());
        }
    }
}

/// The host-cache menu takes the same yes/no words as every other yes/no
/// field, shows its own entry for them, and reads empty as no.
#[test]
fn host_cache_reads_yes_no_words_and_shows_its_own_entry() {
    let catalogue = catalogue();
    for (alias, key) in [
        ("yes", "true"),
        (" On ", "true"),
        ("NO", "false"),
        ("", "false"),
    ] {
        let aliased = form("ecommerce", &[("host_cache", alias)]);
        assert_eq!(aliased.menu_value("host_cache"), key, "{alias:?}");
        assert!(aliased.validate(&catalogue).is_ok(), "{alias:?}");
        assert_eq!(
            aliased.validate(&catalogue),
            form("ecommerce", &[("host_cache", key)]).validate(&catalogue),
            "{alias:?}"
        );
    }
    let refused = form("ecommerce", &[("host_cache", "sometimes")]);
    assert_eq!(refused.menu_value("host_cache"), "sometimes");
    assert!(refused.validate(&catalogue).is_err());
}

/// The recommender prices each candidate size with the link that size gets.
/// Typed as one 8-GPU server, the job rides NVLink; the 64-GPU candidate
/// leaves the server and must pay the network's rate, exactly as when 64 is typed.
#[test]
fn recommendation_does_not_depend_on_the_typed_gpu_count() {
    let candidates = |gpus: &str| {
        let out = compute(&input(
            "ecommerce",
            &[("gpus", gpus), ("replications", "5")],
        ));
        out.recommendation.unwrap().candidates
    };
    let one_server = candidates("8");
    let eight_servers = candidates("64");
    assert_eq!(one_server.len(), eight_servers.len());
    for (a, b) in one_server.iter().zip(&eight_servers) {
        assert_eq!(a.gpus, b.gpus);
        assert!(
            (a.expected_completion_s / b.expected_completion_s - 1.0).abs() < 1e-9,
            "{} GPUs: {} s typed as 8, {} s typed as 64",
            a.gpus,
            a.expected_completion_s,
            b.expected_completion_s
        );
    }
    let one = input("ecommerce", &[("gpus", "8")]);
    assert_eq!(
        one.cluster.hardware.inter_origin,
        Some(LinkSource::PodLinks)
    );
    assert_eq!(
        one.cluster.hardware.sized_for(64).inter_bytes_per_s,
        25e9,
        "64 A100s span eight servers and use the catalogue's NIC share"
    );
}

/// The figures module 6 (content/06-case-study.md) and its `deadline-choice`
/// quiz question quote for the `ecommerce` preset. If a model change moves
/// them, this fails, and the text and the question must be updated with it.
#[test]
fn module_six_quotes_the_simulator() {
    let close = |got: f64, quoted: f64, tolerance: f64, what: &str| {
        assert!(
            (got / quoted - 1.0).abs() <= tolerance,
            "{what}: the simulator gives {got}, module 6 quotes {quoted}"
        );
    };
    let hours = |s: f64| s / 3600.0;
    let run = |pairs: &[(&str, &str)]| {
        let mut all = vec![("replications", "200")];
        all.extend_from_slice(pairs);
        compute(&input("ecommerce", &all))
    };
    let base = run(&[]);
    close(base.step.step_s * 1e3, 8.3, 0.02, "ms per step");
    close(base.step.samples_per_s, 7.9e6, 0.02, "samples per second");
    close(base.step.all_to_all_s * 1e3, 2.6, 0.03, "all-to-all ms");
    assert_eq!(base.step.allreduce_s, 0.0, "the all-reduce hides");
    close(hours(base.work_s), 35.0, 0.02, "hours of compute");
    close(base.checkpoints.unwrap(), 4.0, 0.01, "checkpoints");
    let mean_hours = |pairs: &[(&str, &str)]| hours(run(pairs).completion_time_s.unwrap().mean);
    close(mean_hours(&[("gpus", "128")]), 24.0, 0.03, "hours on 128");
    close(mean_hours(&[("gpus", "256")]), 19.0, 0.03, "hours on 256");
    close(mean_hours(&[("gpus", "8")]) / 24.0, 8.6, 0.02, "days on 8");
    close(
        mean_hours(&[("storage_gb_s", "1")]),
        70.0,
        0.02,
        "hours at 1 GB/s",
    );

    let spot = run(&[("spot_fraction", "1")]);
    close(spot.preemptions.unwrap(), 14.0, 0.05, "preemptions");
    let spot_time = spot.completion_time_s.unwrap();
    close(hours(spot_time.mean), 39.0, 0.02, "hours on spot");
    close(hours(spot_time.p90), 41.0, 0.02, "slowest tenth on spot");
    close(spot.cost_usd.unwrap().mean, 4000.0, 0.03, "spot bill");
    close(base.cost_usd.unwrap().mean, 9300.0, 0.01, "on-demand bill");
    let slow_write = run(&[("spot_fraction", "1"), ("checkpoint_write_s", "300")]);
    close(
        hours(slow_write.completion_time_s.unwrap().mean),
        50.0,
        0.02,
        "hours with 300 s writes",
    );

    // The deadline table: (deadline, GPUs, spot fraction, meets it, cost).
    for (deadline, gpus, spot, meets, cost) in [
        ("18", 256, 0.0, false, 20_200.0),
        ("24", 128, 0.0, true, 12_500.0),
        ("36", 128, 1.0, true, 6_000.0),
        ("48", 64, 1.0, true, 4_000.0),
        ("72", 32, 1.0, true, 3_500.0),
    ] {
        let pick = run(&[("deadline_hours", deadline)]).recommendation.unwrap();
        assert_eq!(
            (pick.gpus, pick.spot_fraction, pick.meets_deadline),
            (gpus, spot, meets),
            "{deadline} h"
        );
        close(pick.expected_cost_usd, cost, 0.02, deadline);
    }
}

/// Nodes that fail every few seconds never let the job finish. The run says
/// so at once, instead of walking millions of failures per replication to
/// report a meaningless completion time as feasible.
#[test]
fn a_job_that_cannot_outrun_its_failures_is_reported_not_simulated() {
    let input = input(
        "ecommerce",
        &[("node_mtbf_hours", "0.001"), ("replications", "500")],
    );
    let out = compute(&input);
    assert!(!out.feasible);
    let reason = out.reason.unwrap();
    assert!(
        reason.contains("faster than the job can make progress"),
        "{reason}"
    );
    assert_eq!(out.completion_time_s, None);
    // No setup of this cluster can finish either, so nothing is recommended,
    // not even as "the fastest".
    assert!(out.recommendation.is_none(), "{:?}", out.recommendation);
    // A merely unreliable cluster is still simulated.
    let shaky = compute(&input_with_mtbf("200"));
    assert!(shaky.feasible, "{:?}", shaky.reason);
    assert!(shaky.failures.unwrap() > 1.0);
}

fn input_with_mtbf(hours: &str) -> CaseStudyInput {
    input(
        "ecommerce",
        &[("node_mtbf_hours", hours), ("replications", "50")],
    )
}

/// Half of one node is that node: a one-node setup is all on demand or all
/// on spot, and the recommender names the share it really prices.
#[test]
fn a_one_node_setup_is_never_half_on_spot() {
    let out = compute(&input("benchmark", &[("replications", "5")]));
    let rec = out.recommendation.unwrap();
    let one_node: Vec<f64> = rec
        .candidates
        .iter()
        .filter(|c| c.gpus == 8)
        .map(|c| c.spot_fraction)
        .collect();
    assert_eq!(one_node, vec![0.0, 1.0]);
    assert!(
        !rec.reasons[0].contains("50% of nodes"),
        "{:?}",
        rec.reasons
    );
}

/// The spot reason says whether the notice covers a write, and the card's
/// closed form is the recommender's: failures plus warned preemptions.
#[test]
fn spot_reasons_and_the_expected_card_follow_the_notice() {
    let slow = compute(&input(
        "ecommerce",
        &[
            ("checkpoint_write_s", "300"),
            ("spot_fraction", "1"),
            ("replications", "5"),
        ],
    ));
    let reasons = slow.recommendation.map(|r| r.reasons).unwrap_or_default();
    // Spot still wins at a 48-hour deadline, so the reason must own up to the short notice.
    let spot = reasons
        .iter()
        .find(|r| r.starts_with("Spot capacity"))
        .unwrap();
    assert!(
        spot.contains("shorter than a checkpoint write (5 minutes)"),
        "{spot}"
    );
    let spot = compute(&input(
        "ecommerce",
        &[("spot_fraction", "1"), ("replications", "5")],
    ));
    let card = spot
        .explanations
        .iter()
        .find(|e| e.output == "expected")
        .unwrap();
    assert_eq!(
        card.result,
        crate::format::hours(spot.expected_completion_s.unwrap())
    );
    assert!(card.bindings.iter().any(|b| b.symbol == "\\mu"), "{card:?}");
    let reasons = spot.recommendation.map(|r| r.reasons).unwrap_or_default();
    assert!(
        reasons
            .iter()
            .all(|r| !r.contains("shorter than a checkpoint write")),
        "{reasons:?}"
    );
}

/// More GPUs than the node limit allows is said at both fields, since either
/// may be the one to change.
#[test]
fn too_many_gpus_for_the_node_limit_is_named_at_both_fields() {
    let errors = form("ecommerce", &[("gpus", "300")])
        .validate(&catalogue())
        .unwrap_err();
    assert_eq!(
        errors.message_for("gpus").as_deref(),
        Some("300 GPUs take 38 nodes of 8, but the node limit below is 32; gang scheduling would wait for ever. Use fewer GPUs or raise the limit.")
    );
    assert!(errors
        .message_for("max_nodes")
        .is_some_and(|m| m.starts_with("The job needs 38 nodes")));
}

/// The sharding Try-it in module 6 (content/06-case-study.md) quotes these
/// step parts for the `benchmark` preset; a model change that moves them must
/// move the text with it.
#[test]
fn module_six_quotes_the_sharding_comparison() {
    let step = |sharding: &str| {
        compute(&input(
            "benchmark",
            &[("sharding", sharding), ("replications", "2")],
        ))
        .step
    };
    let ms = |s: f64| (s * 1e4).round() / 10.0;
    let (table, auto, row, column) = (step("table"), step("auto"), step("row"), step("column"));
    assert_eq!(ms(table.lookup_s), 9.9);
    assert_eq!((ms(auto.lookup_s), ms(auto.dense_s)), (4.3, 8.4));
    assert_eq!((ms(row.lookup_s), ms(row.all_to_all_s)), (2.6, 5.1));
    assert_eq!((ms(column.step_s), ms(auto.step_s)), (11.7, 13.2));
}

/// Two tables with one name could not be told apart in the placement, and a
/// number too large for a float gets the words every other field uses.
#[test]
fn table_lists_reject_a_repeated_name_and_say_when_a_number_is_too_large() {
    use super::workload::parse_tables;
    assert_eq!(
        parse_tables("u:10:16:1; u:10:16:1").map(|t| t.len()),
        Err(
            "Table 2: the name “u” is already used by table 1; give each table its own name."
                .to_string()
        )
    );
    assert_eq!(
        parse_tables("users:1e400:128:1").map(|t| t.len()),
        Err("Table 1: rows “1e400” is too large to compute with.".to_string())
    );
    assert_eq!(parse_tables("u:10:16:1; v:10:16:1").map(|t| t.len()), Ok(2));
}

#[test]
fn a_checkpoint_interval_shorter_than_a_write_is_named() {
    let errors = form("ecommerce", &[("checkpoint_interval_s", "1.5")])
        .validate(&catalogue())
        .unwrap_err();
    assert!(
        errors
            .message_for("checkpoint_interval_s")
            .is_some_and(|m| m.starts_with("Shorter than one checkpoint write (2 minutes)")),
        "{errors:?}"
    );
    assert!(form("ecommerce", &[("checkpoint_interval_s", "3600")])
        .validate(&catalogue())
        .is_ok());
}
