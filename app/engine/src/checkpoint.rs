//! How often to checkpoint a job that fails now and then: Young's first-order
//! optimum sqrt(2 δ M) (Young 1974), where δ is the time to write a checkpoint
//! and M the mean time between failures of the whole job, and the share of
//! time lost at any interval. Daly's higher-order optimum and his exponential
//! failure model (Daly 2006) sit beside them, so a learner sees where the
//! first-order sums stop being accurate.

use crate::explain::{Binding, Explanation, Source};
use crate::field::{Checker, FieldErrors, Range};
use crate::format;
use crate::widgets::WidgetForm;
use serde::{Deserialize, Serialize};

pub const SLUG: &str = "checkpoint";

pub const YOUNG_1974: Source = Source {
    title: "Young 1974, A first order approximation to the optimum checkpoint interval",
    locator: "Communications of the ACM 17(9), pp. 530–531",
    url: "https://doi.org/10.1145/361147.361115",
};

/// Failures of independent parts add up: a job that needs all n nodes fails
/// n times as often as one node. Meta's Llama 3 report applies exactly this
/// to its 16,384-GPU run.
pub const SERIES_FAILURES: Source = Source {
    title: "Dubey et al. 2024, The Llama 3 Herd of Models",
    locator: "Section 3.3.4, Reliability and Operational Challenges: 419 unexpected interruptions in 54 days",
    url: "https://arxiv.org/abs/2407.21783",
};

pub const DALY_2006: Source = Source {
    title:
        "Daly 2006, A higher order estimate of the optimum checkpoint interval for restart dumps",
    locator:
        "Future Generation Computer Systems 22(3), Section 3 (the cost model with restart time)",
    url: "https://doi.org/10.1016/j.future.2004.11.016",
};

pub const FIELDS: [&str; 4] = ["node_mtbf_hours", "nodes", "write_s", "restart_s"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CheckpointForm {
    pub node_mtbf_hours: String,
    pub nodes: String,
    pub write_s: String,
    pub restart_s: String,
}

impl Default for CheckpointForm {
    /// 256 nodes whose MTBF is about 264 days, the per-server figure the course
    /// derives from the Llama 3 report; a one-minute checkpoint; ten minutes to restart.
    fn default() -> Self {
        CheckpointForm {
            node_mtbf_hours: "6335".into(),
            nodes: "256".into(),
            write_s: "60".into(),
            restart_s: "600".into(),
        }
    }
}

impl WidgetForm for CheckpointForm {
    fn set_field(&mut self, field: &str, value: String) -> bool {
        match field {
            "node_mtbf_hours" => self.node_mtbf_hours = value,
            "nodes" => self.nodes = value,
            "write_s" => self.write_s = value,
            "restart_s" => self.restart_s = value,
            _ => return false,
        }
        true
    }

    fn field_pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("node_mtbf_hours", self.node_mtbf_hours.clone()),
            ("nodes", self.nodes.clone()),
            ("write_s", self.write_s.clone()),
            ("restart_s", self.restart_s.clone()),
        ]
    }
}

impl CheckpointForm {
    pub fn validate(&self) -> Result<CheckpointInput, FieldErrors> {
        let mut checker = Checker::default();
        let node_mtbf_hours = checker.real(
            "node_mtbf_hours",
            &self.node_mtbf_hours,
            Range::above(0.0, 1e7),
        );
        let nodes = checker.whole("nodes", &self.nodes, Range::at_least(1.0, 1e6));
        let write_s = checker.real("write_s", &self.write_s, Range::above(0.0, 1e6));
        let restart_s = checker.real("restart_s", &self.restart_s, Range::at_least(0.0, 1e6));
        checker.finish(|| {
            Some(CheckpointInput {
                node_mtbf_s: node_mtbf_hours? * 3600.0,
                nodes: nodes?,
                write_s: write_s?,
                restart_s: restart_s?,
            })
        })
    }
}

/// Validated input: positive MTBF and write time, at least one node.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CheckpointInput {
    pub node_mtbf_s: f64,
    pub nodes: u64,
    pub write_s: f64,
    pub restart_s: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct WastePoint {
    pub interval_s: f64,
    /// Young's first-order sum, or `None` where it reaches 100% and so no
    /// longer describes anything (failures come faster than checkpoints).
    pub first_order: Option<f64>,
    /// Daly's exponential-failure model, always between 0 and 1.
    pub exponential: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckpointOutput {
    pub job_mtbf_s: f64,
    pub young_interval_s: f64,
    /// Share of wall time lost at Young's interval, first order.
    pub waste_at_young: f64,
    /// The three first-order terms at Young's interval: writing (δ/τ),
    /// rework (τ/2M) and restarting (R/M), uncapped.
    pub waste_terms: [f64; 3],
    /// Daly's higher-order optimum interval.
    pub daly_interval_s: f64,
    /// Share of wall time lost at Daly's interval under exponential failures.
    pub waste_at_daly: f64,
    /// Waste against interval, from a tenth of Young's interval to ten times it.
    pub curve: Vec<WastePoint>,
    pub explanations: Vec<Explanation>,
    /// Set when Young's first-order formula is out of its depth: a write that
    /// does not fit in the interval it recommends, or half the time lost.
    pub warning: Option<String>,
}

/// Young's formula assumes a write and a restart much shorter than the time
/// between failures (δ, R ≪ M); past that its interval and waste stop meaning
/// much. The message names the larger loss, since the remedies differ: at
/// Young's interval writing and redoing cost the same, √(δ/2M) each, and a
/// restart costs R/M whatever the interval.
fn out_of_range(input: &CheckpointInput, job_mtbf_s: f64, young_interval_s: f64) -> Option<String> {
    let uncapped = uncapped_waste(young_interval_s, input, job_mtbf_s);
    let restarting = input.restart_s / job_mtbf_s;
    let cause = if restarting > uncapped - restarting {
        format!(
            "Most of it goes to restarting: {} per restart against a failure every {}. Expect the job to crawl or never finish: restart faster (warm spare nodes, a checkpoint kept in memory), or use fewer nodes or more reliable ones.",
            format::duration(input.restart_s),
            format::duration(job_mtbf_s),
        )
    } else {
        format!(
            "Most of it goes to writing checkpoints and redoing lost work: a write takes {}. Expect the job to crawl or never finish: use faster writes, fewer nodes or more reliable ones.",
            format::duration(input.write_s),
        )
    };
    (young_interval_s <= input.write_s || uncapped >= 0.5).then(|| {
        format!(
            "Young's formula assumes a checkpoint write and a restart much shorter than the time between failures. Here the job fails every {} on average, so the interval it gives ({}) leaves {} of the time to work at best. {cause}",
            format::duration(job_mtbf_s),
            format::duration(young_interval_s),
            if uncapped >= 1.0 {
                "none".to_string()
            } else {
                format!("{}%", format::significant_digits((1.0 - uncapped) * 100.0, 2))
            }
        )
    })
}

/// First-order share of time lost: writing checkpoints (δ/τ), redoing half an
/// interval per failure (τ/2M) and restarting (R/M), capped at 1.
pub fn waste(interval_s: f64, input: &CheckpointInput, job_mtbf_s: f64) -> f64 {
    uncapped_waste(interval_s, input, job_mtbf_s).min(1.0)
}

/// The first-order sum before the cap, which can pass 1 when failures come
/// faster than checkpoints.
fn uncapped_waste(interval_s: f64, input: &CheckpointInput, job_mtbf_s: f64) -> f64 {
    waste_terms(interval_s, input, job_mtbf_s).iter().sum()
}

fn waste_terms(interval_s: f64, input: &CheckpointInput, job_mtbf_s: f64) -> [f64; 3] {
    [
        input.write_s / interval_s,
        interval_s / (2.0 * job_mtbf_s),
        input.restart_s / job_mtbf_s,
    ]
}

/// Daly's higher-order optimum (Daly 2006):
/// τ = √(2δM)·[1 + ⅓·√(δ/2M) + (δ/2M)/9] − δ while δ < 2M, and M beyond.
pub fn daly_interval(write_s: f64, job_mtbf_s: f64) -> f64 {
    if write_s >= 2.0 * job_mtbf_s {
        return job_mtbf_s;
    }
    let x = write_s / (2.0 * job_mtbf_s);
    (2.0 * write_s * job_mtbf_s).sqrt() * (1.0 + x.sqrt() / 3.0 + x / 9.0) - write_s
}

/// Share of wall time lost when failures arrive at random (exponentially,
/// mean M): Daly's expected wall time per interval of work τ is
/// M·e^{R/M}·(e^{(τ+δ)/M} − 1), so the useful share is τ divided by that.
/// It stays in [0, 1] where the first-order sum passes 100%.
pub fn exponential_waste(interval_s: f64, input: &CheckpointInput, job_mtbf_s: f64) -> f64 {
    let wall = job_mtbf_s
        * (input.restart_s / job_mtbf_s).exp()
        * ((interval_s + input.write_s) / job_mtbf_s).exp_m1();
    // A wall time that overflows (failures far faster than the work) leaves
    // nothing useful; one that underflows to zero cannot happen with δ > 0,
    // but is treated as no loss rather than divided by.
    let useful = if wall.is_finite() && wall > 0.0 {
        interval_s / wall
    } else if wall > 0.0 {
        0.0
    } else {
        1.0
    };
    (1.0 - useful).clamp(0.0, 1.0)
}

/// Cannot fail: validation keeps every quantity positive and finite.
pub fn compute(input: &CheckpointInput) -> CheckpointOutput {
    let job_mtbf_s = input.node_mtbf_s / input.nodes as f64;
    let young_interval_s = (2.0 * input.write_s * job_mtbf_s).sqrt();
    let waste_at_young = waste(young_interval_s, input, job_mtbf_s);
    let terms = waste_terms(young_interval_s, input, job_mtbf_s);
    let daly_interval_s = daly_interval(input.write_s, job_mtbf_s);
    let waste_at_daly = exponential_waste(daly_interval_s, input, job_mtbf_s);
    let curve = (0..=40)
        .map(|step| {
            let interval_s = young_interval_s * 10f64.powf(f64::from(step) / 20.0 - 1.0);
            let first_order = uncapped_waste(interval_s, input, job_mtbf_s);
            WastePoint {
                interval_s,
                first_order: (first_order < 1.0).then_some(first_order),
                exponential: exponential_waste(interval_s, input, job_mtbf_s),
            }
        })
        .collect();
    let m = Binding {
        symbol: "M",
        meaning: "mean time between failures of the job",
        value: format::duration(job_mtbf_s),
    };
    let d = Binding {
        symbol: "\\delta",
        meaning: "time to write one checkpoint",
        value: format::duration(input.write_s),
    };
    let r = Binding {
        symbol: "R",
        meaning: "time to restart after a failure",
        value: format::duration(input.restart_s),
    };
    let explanations = vec![
        Explanation {
            output: "job_mtbf",
            label: "Job MTBF",
            formula_tex: "M = \\frac{M_{\\text{node}}}{n}",
            bindings: vec![
                Binding {
                    symbol: "M_{\\text{node}}",
                    meaning: "MTBF of one node",
                    value: format!("{} hours", format::readable(input.node_mtbf_s / 3600.0, 4)),
                },
                Binding { symbol: "n", meaning: "nodes the job needs", value: format::grouped(input.nodes) },
            ],
            result: m.value.clone(),
            note: "Any node failing stops a synchronous job, so failures add up across nodes (independent failures assumed). The Llama 3 report counts them this way for its whole cluster.",
            source: SERIES_FAILURES,
        },
        Explanation {
            output: "young_interval",
            label: "Checkpoint every",
            formula_tex: "\\tau^{*} = \\sqrt{2\\,\\delta\\,M}",
            bindings: vec![d.clone(), m.clone()],
            result: format::duration(young_interval_s),
            note: "Balances time spent writing checkpoints against work redone after a failure. Daly's higher-order estimate, below, differs little while a write is much shorter than M.",
            source: YOUNG_1974,
        },
        Explanation {
            output: "waste",
            label: "Time lost at that interval",
            formula_tex: "W \\approx \\frac{\\delta}{\\tau^{*}} + \\frac{\\tau^{*}}{2M} + \\frac{R}{M}",
            bindings: vec![
                d.clone(),
                Binding { symbol: "\\tau^{*}", meaning: "Young's interval", value: format::duration(young_interval_s) },
                m.clone(),
                r.clone(),
                Binding { symbol: "\\delta/\\tau^{*}", meaning: "share spent writing checkpoints", value: format::percent(terms[0]) },
                Binding { symbol: "\\tau^{*}/2M", meaning: "share spent redoing lost work", value: format::percent(terms[1]) },
                Binding { symbol: "R/M", meaning: "share spent restarting", value: format::percent(terms[2]) },
            ],
            result: format::percent(waste_at_young),
            note: "First order: writing, redoing half an interval on average, and restarting. It overstates the loss once R or τ is a sizeable slice of M (compare Daly's model below), and breaks down when failures come faster than checkpoints.",
            source: DALY_2006,
        },
        Explanation {
            output: "daly_interval",
            label: "Daly's higher-order interval",
            formula_tex: "\\tau_{D} = \\sqrt{2\\,\\delta\\,M}\\left[1 + \\tfrac{1}{3}\\sqrt{\\tfrac{\\delta}{2M}} + \\tfrac{1}{9}\\,\\tfrac{\\delta}{2M}\\right] - \\delta",
            bindings: vec![d.clone(), m.clone()],
            result: format::duration(daly_interval_s),
            note: "Valid while δ < 2M; for longer writes Daly's optimum is M itself. It corrects Young's interval for the write time and for failures that strike during a write or a restart.",
            source: DALY_2006,
        },
        Explanation {
            output: "daly_waste",
            label: "Time lost at Daly's interval, random failures",
            formula_tex: "W_{D} = 1 - \\frac{\\tau_{D}}{M\\,e^{R/M}\\left(e^{(\\tau_{D}+\\delta)/M} - 1\\right)}",
            bindings: vec![
                Binding { symbol: "\\tau_{D}", meaning: "Daly's interval", value: format::duration(daly_interval_s) },
                d,
                r,
                m,
            ],
            result: format::percent(waste_at_daly),
            note: "Failures arrive at random with mean M, and one may strike during a write or a restart. Unlike the first-order sum it never passes 100%, so it is the better guide when the two disagree.",
            source: DALY_2006,
        },
    ];
    CheckpointOutput {
        job_mtbf_s,
        young_interval_s,
        waste_at_young,
        waste_terms: terms,
        daly_interval_s,
        waste_at_daly,
        curve,
        explanations,
        warning: out_of_range(input, job_mtbf_s, young_interval_s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(pairs: &[(&str, &str)]) -> CheckpointOutput {
        let mut form = CheckpointForm::default();
        for (field, value) in pairs {
            assert!(form.set_field(field, (*value).to_string()));
        }
        compute(&form.validate().unwrap())
    }

    /// Young 1974 via Daly 2006's worked case: M = 24 h and δ = 5 min give
    /// sqrt(2 × 300 s × 86,400 s) = 7,200 s, i.e. 120 minutes.
    #[test]
    fn golden_young_interval_daly_2006_case() {
        let out = run(&[
            ("node_mtbf_hours", "24"),
            ("nodes", "1"),
            ("write_s", "300"),
            ("restart_s", "0"),
        ]);
        assert!((out.young_interval_s - 7200.0).abs() < 1e-6);
        // At the optimum the two first-order terms are equal: δ/τ = τ/2M = 300/7200.
        assert!((out.waste_at_young - 2.0 * 300.0 / 7200.0).abs() < 1e-12);
    }

    #[test]
    fn more_nodes_mean_more_frequent_checkpoints() {
        let small = run(&[("nodes", "16")]);
        let large = run(&[("nodes", "1024")]);
        assert!(large.young_interval_s < small.young_interval_s);
        assert!((small.young_interval_s / large.young_interval_s - 8.0).abs() < 1e-9);
    }

    #[test]
    fn the_curve_has_its_minimum_at_young() {
        let out = run(&[]);
        let best = out
            .curve
            .iter()
            .filter_map(|p| Some((p.interval_s, p.first_order?)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        assert!((best.0 / out.young_interval_s - 1.0).abs() < 1e-9);
    }

    /// Daly 2006's own cases, as module 5 quotes them: M = 24 h, δ = 5 min
    /// gives 116.7 minutes (Young: 120); M = 15 min, δ = 5 min gives 9.14
    /// minutes (Young: 12.2).
    #[test]
    fn golden_daly_higher_order_interval() {
        let long = daly_interval(300.0, 86_400.0);
        assert!((long / 60.0 - 116.69).abs() < 0.01, "{long}");
        let short = daly_interval(300.0, 900.0);
        assert!((short / 60.0 - 9.14).abs() < 0.01, "{short}");
        // Past δ = 2M the optimum is M itself.
        assert_eq!(daly_interval(2000.0, 900.0), 900.0);
    }

    /// When writes and restarts are short against M, the exponential model
    /// and the first-order sum agree; module 5's default (R/M = 0.22) is
    /// where they part: 42.3% first order against 35.0% at Daly's interval.
    #[test]
    fn the_exponential_model_agrees_when_failures_are_rare() {
        let rare = run(&[("nodes", "16"), ("restart_s", "60")]);
        let exponential = exponential_waste(rare.young_interval_s, &rare_input(), rare.job_mtbf_s);
        assert!((exponential / rare.waste_at_young - 1.0).abs() < 0.02);
        let out = run(&[("node_mtbf_hours", "6330"), ("nodes", "8192")]);
        assert_eq!(format::percent(out.waste_at_young), "42.3%");
        assert_eq!(format::percent(out.waste_at_daly), "35%");
        let [writing, rework, restart] = out.waste_terms;
        assert!((writing - rework).abs() < 1e-12);
        assert!((restart - 600.0 / out.job_mtbf_s).abs() < 1e-12);
    }

    fn rare_input() -> CheckpointInput {
        let mut form = CheckpointForm::default();
        form.set_field("nodes", "16".into());
        form.set_field("restart_s", "60".into());
        form.validate().unwrap()
    }

    /// The first-order curve leaves out the intervals where its sum reaches
    /// 100%, instead of drawing a flat line there; the exponential model is
    /// drawn everywhere and stays below 100%.
    #[test]
    fn the_curve_drops_first_order_points_past_one_hundred_percent() {
        let out = run(&[("node_mtbf_hours", "6330"), ("nodes", "8192")]);
        assert!(out.curve[0].first_order.is_none());
        assert!(out.curve.iter().any(|p| p.first_order.is_some()));
        assert!(out.curve.iter().all(|p| p.exponential < 1.0));
    }

    #[test]
    fn bad_input_is_named() {
        let mut form = CheckpointForm::default();
        form.set_field("nodes", "0".into());
        form.set_field("write_s", "-1".into());
        form.set_field("node_mtbf_hours", "NaN".into());
        let errors = form.validate().unwrap_err();
        assert_eq!(
            errors.message_for("nodes").as_deref(),
            Some("Must be at least 1.")
        );
        assert_eq!(
            errors.message_for("write_s").as_deref(),
            Some("Must be more than 0.")
        );
        assert!(errors
            .message_for("node_mtbf_hours")
            .unwrap()
            .contains("is not a number"));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn outputs_stay_finite_and_waste_in_range(mtbf in 1e-3f64..1e7, nodes in 1u64..1_000_000, write in 1e-3f64..1e6, restart in 0f64..1e6) {
                let mut form = CheckpointForm::default();
                form.set_field("node_mtbf_hours", mtbf.to_string());
                form.set_field("nodes", nodes.to_string());
                form.set_field("write_s", write.to_string());
                form.set_field("restart_s", restart.to_string());
                let out = compute(&form.validate().unwrap());
                prop_assert!(out.young_interval_s.is_finite() && out.young_interval_s > 0.0);
                prop_assert!(out.curve.iter().all(|p| p.first_order.is_none_or(|w| w > 0.0 && w < 1.0)));
                prop_assert!(out.curve.iter().all(|p| (0.0..=1.0).contains(&p.exponential)));
                prop_assert!(out.daly_interval_s.is_finite() && out.daly_interval_s > 0.0);
                prop_assert!((0.0..=1.0).contains(&out.waste_at_daly));
            }
        }
    }

    /// One node failing every hour, a thousand of them, and a minute per
    /// write: Young's interval (21 s) is shorter than a write, and the
    /// output says the formula is out of its depth instead of a bare 100%.
    #[test]
    fn a_write_longer_than_the_interval_is_flagged() {
        let out = run(&[("node_mtbf_hours", "1"), ("nodes", "1000")]);
        assert!(out.young_interval_s < 60.0, "{}", out.young_interval_s);
        let warning = out.warning.unwrap();
        assert!(warning.contains("leaves none of the time"), "{warning}");
        // A 10-minute restart against a failure every 3.6 s is the larger loss.
        assert!(
            warning.contains("Most of it goes to restarting"),
            "{warning}"
        );
        let quick = run(&[
            ("node_mtbf_hours", "1"),
            ("nodes", "1000"),
            ("restart_s", "1"),
        ]);
        let warning = quick.warning.unwrap();
        assert!(warning.contains("Most of it goes to writing checkpoints and redoing lost work: a write takes 1 minute"), "{warning}");
        assert_eq!(run(&[]).warning, None);
    }

    /// A restart of 5.6 hours against a failure every 3.1 hours (Llama 3's
    /// 2,048 nodes at 6,335 hours each) loses the run to restarting, and the
    /// warning says so rather than blaming a one-minute write.
    #[test]
    fn a_restart_longer_than_the_mtbf_is_named_as_the_cause() {
        let out = run(&[
            ("node_mtbf_hours", "6335"),
            ("nodes", "2048"),
            ("write_s", "60"),
            ("restart_s", "20000"),
        ]);
        let warning = out.warning.unwrap();
        assert!(
            warning.contains("Most of it goes to restarting: 5.56 hours per restart"),
            "{warning}"
        );
        assert!(!warning.contains("faster writes"), "{warning}");
    }
}
