//! How often to checkpoint a job that fails now and then: Young's first-order
//! optimum sqrt(2 δ M) (Young 1974), where δ is the time to write a checkpoint
//! and M the mean time between failures of the whole job, and the share of
//! time lost at any interval.

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
            node_mtbf_hours: "6336".into(),
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
    pub waste: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckpointOutput {
    pub job_mtbf_s: f64,
    pub young_interval_s: f64,
    /// Share of wall time lost at Young's interval, first order.
    pub waste_at_young: f64,
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
    input.write_s / interval_s + interval_s / (2.0 * job_mtbf_s) + input.restart_s / job_mtbf_s
}

/// Cannot fail: validation keeps every quantity positive and finite.
pub fn compute(input: &CheckpointInput) -> CheckpointOutput {
    let job_mtbf_s = input.node_mtbf_s / input.nodes as f64;
    let young_interval_s = (2.0 * input.write_s * job_mtbf_s).sqrt();
    let waste_at_young = waste(young_interval_s, input, job_mtbf_s);
    let curve = (0..=40)
        .map(|step| {
            let interval_s = young_interval_s * 10f64.powf(f64::from(step) / 20.0 - 1.0);
            WastePoint {
                interval_s,
                waste: waste(interval_s, input, job_mtbf_s),
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
    let explanations = vec![
        Explanation {
            output: "job_mtbf",
            label: "Job MTBF",
            formula_tex: "M = \\frac{M_{\\text{node}}}{n}",
            bindings: vec![
                Binding { symbol: "M_{\\text{node}}", meaning: "MTBF of one node", value: format::duration(input.node_mtbf_s) },
                Binding { symbol: "n", meaning: "nodes the job needs", value: format::grouped(input.nodes) },
            ],
            result: m.value.clone(),
            note: "Any node failing stops a synchronous job, so failures add up across nodes (independent failures assumed).",
            source: YOUNG_1974,
        },
        Explanation {
            output: "young_interval",
            label: "Checkpoint every",
            formula_tex: "\\tau^{*} = \\sqrt{2\\,\\delta\\,M}",
            bindings: vec![d, m],
            result: format::duration(young_interval_s),
            note: "Balances time spent writing checkpoints against work redone after a failure. Daly's higher-order estimate differs little while the interval is much shorter than M.",
            source: YOUNG_1974,
        },
        Explanation {
            output: "waste",
            label: "Time lost at that interval",
            formula_tex: "W \\approx \\frac{\\delta}{\\tau} + \\frac{\\tau}{2M} + \\frac{R}{M}",
            bindings: vec![Binding { symbol: "R", meaning: "time to restart after a failure", value: format::duration(input.restart_s) }],
            result: format!("{}%", format::significant_digits(waste_at_young * 100.0, 3)),
            note: "First order: writing, redoing half an interval on average, and restarting. It breaks down when failures come faster than checkpoints.",
            source: DALY_2006,
        },
    ];
    CheckpointOutput {
        job_mtbf_s,
        young_interval_s,
        waste_at_young,
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
            .min_by(|a, b| a.waste.total_cmp(&b.waste))
            .unwrap();
        assert!((best.interval_s / out.young_interval_s - 1.0).abs() < 1e-9);
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
                prop_assert!(out.curve.iter().all(|p| p.waste > 0.0 && p.waste <= 1.0));
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
    /// 2,048 nodes at 6,336 hours each) loses the run to restarting, and the
    /// warning says so rather than blaming a one-minute write.
    #[test]
    fn a_restart_longer_than_the_mtbf_is_named_as_the_cause() {
        let out = run(&[
            ("node_mtbf_hours", "6336"),
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
