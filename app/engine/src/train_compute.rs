//! Training compute: C ≈ 6·N·D, and how long a cluster needs to deliver it.
//!
//! The forward pass costs about 2 FLOPs per parameter per token (one multiply
//! and one add) and the backward pass about twice that, hence 6·N·D
//! (Kaplan et al. 2020, Section 2.1). Wall time divides that work by the
//! cluster's sustained rate: accelerators × peak × model FLOPs utilization.

use crate::explain::{Binding, Explanation, Source};
use crate::field::{Checker, FieldErrors, Range};
use crate::format;
use serde::{Deserialize, Serialize};

/// The slug used everywhere for this widget: content fence, route, CLI subcommand.
pub const SLUG: &str = "train-compute";

pub const KAPLAN_2020: Source = Source {
    title: "Kaplan et al. 2020, Scaling Laws for Neural Language Models",
    locator: "Section 2.1, Table 1 (C ≈ 6N FLOPs per training token)",
    url: "https://arxiv.org/abs/2001.08361",
};

pub const CHOWDHERY_2022: Source = Source {
    title: "Chowdhery et al. 2022, PaLM: Scaling Language Modeling with Pathways",
    locator: "Section 4.1 and Appendix B (model FLOPs utilization)",
    url: "https://arxiv.org/abs/2204.02311",
};

/// The raw text of every field, exactly as typed or as read from a URL or preset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TrainComputeForm {
    pub params: String,
    pub tokens: String,
    pub accelerators: String,
    pub peak_tflops: String,
    pub utilization: String,
}

impl Default for TrainComputeForm {
    /// GPT-3 175B on 1,024 A100s as in Narayanan et al. 2021, Section 5.1.
    fn default() -> Self {
        TrainComputeForm {
            params: "175e9".into(),
            tokens: "300e9".into(),
            accelerators: "1024".into(),
            peak_tflops: "312".into(),
            utilization: "0.34".into(),
        }
    }
}

/// The field names, in form order; also the keys a preset and a URL may set.
pub const FIELDS: [&str; 5] = [
    "params",
    "tokens",
    "accelerators",
    "peak_tflops",
    "utilization",
];

impl TrainComputeForm {
    /// Sets one field by name; returns false for a name the form does not have.
    pub fn set(&mut self, field: &str, value: String) -> bool {
        match field {
            "params" => self.params = value,
            "tokens" => self.tokens = value,
            "accelerators" => self.accelerators = value,
            "peak_tflops" => self.peak_tflops = value,
            "utilization" => self.utilization = value,
            _ => return false,
        }
        true
    }

    /// The fields as (name, raw text) pairs, in form order.
    pub fn pairs(&self) -> [(&'static str, &str); 5] {
        [
            ("params", &self.params),
            ("tokens", &self.tokens),
            ("accelerators", &self.accelerators),
            ("peak_tflops", &self.peak_tflops),
            ("utilization", &self.utilization),
        ]
    }

    /// Checks every field and reports every problem at once.
    pub fn validate(&self) -> Result<TrainComputeInput, FieldErrors> {
        let mut checker = Checker::default();
        let params = checker.real("params", &self.params, Range::above(0.0, 1e15));
        let tokens = checker.real("tokens", &self.tokens, Range::above(0.0, 1e16));
        let accelerators = checker.whole(
            "accelerators",
            &self.accelerators,
            Range::at_least(1.0, 1e7),
        );
        let peak_tflops = checker.real("peak_tflops", &self.peak_tflops, Range::above(0.0, 1e6));
        let utilization = checker.real("utilization", &self.utilization, Range::above(0.0, 1.0));
        checker.finish(|| {
            Some(TrainComputeInput {
                params: params?,
                tokens: tokens?,
                accelerators: accelerators?,
                peak_flops_per_s: peak_tflops? * 1e12,
                utilization: utilization?,
            })
        })
    }
}

/// Validated input: every value finite, positive and within physical bounds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TrainComputeInput {
    pub params: f64,
    pub tokens: f64,
    pub accelerators: u64,
    pub peak_flops_per_s: f64,
    /// Model FLOPs utilization, in (0, 1].
    pub utilization: f64,
}

/// One point of the "what if I had more accelerators" curve.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ScalingPoint {
    pub accelerators: u64,
    pub time_s: f64,
    /// The cluster size the learner typed, which the chart marks.
    pub chosen: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TrainComputeOutput {
    /// Total training FLOPs, 6·N·D.
    pub train_flops: f64,
    /// Sustained cluster rate in FLOP/s: accelerators × peak × utilization.
    pub sustained_flops_per_s: f64,
    pub time_s: f64,
    pub accelerator_hours: f64,
    /// Time to train at powers-of-two cluster sizes around the chosen one, at the same utilization.
    pub scaling: Vec<ScalingPoint>,
    pub explanations: Vec<Explanation>,
}

/// Computes the outputs. Cannot fail: the bounds in `validate` keep every
/// product and quotient finite and positive (at most 6e31 FLOPs; at least 1e-3 FLOP/s).
pub fn compute(input: &TrainComputeInput) -> TrainComputeOutput {
    let train_flops = 6.0 * input.params * input.tokens;
    let accelerators = input.accelerators as f64;
    let sustained_flops_per_s = accelerators * input.peak_flops_per_s * input.utilization;
    let time_s = train_flops / sustained_flops_per_s;
    let accelerator_hours = time_s * accelerators / 3600.0;
    let scaling = scaling_points(input.accelerators)
        .into_iter()
        .map(|count| ScalingPoint {
            accelerators: count,
            time_s: train_flops / (count as f64 * input.peak_flops_per_s * input.utilization),
            chosen: count == input.accelerators,
        })
        .collect();
    let explanations = explain(
        input,
        train_flops,
        sustained_flops_per_s,
        time_s,
        accelerator_hours,
    );
    TrainComputeOutput {
        train_flops,
        sustained_flops_per_s,
        time_s,
        accelerator_hours,
        scaling,
        explanations,
    }
}

/// Nine cluster sizes: the chosen one and four doublings and halvings either side.
fn scaling_points(chosen: u64) -> Vec<u64> {
    let mut points: Vec<u64> = (1..=4)
        .rev()
        .map(|shift| chosen >> shift)
        .filter(|n| *n >= 1)
        .collect();
    points.push(chosen);
    points.extend((1..=4).filter_map(|shift| chosen.checked_mul(1 << shift)));
    points.dedup();
    points
}

fn explain(
    input: &TrainComputeInput,
    train_flops: f64,
    sustained: f64,
    time_s: f64,
    accelerator_hours: f64,
) -> Vec<Explanation> {
    let n = Binding {
        symbol: "N",
        meaning: "parameters",
        value: format::scientific(input.params, 3),
    };
    let d = Binding {
        symbol: "D",
        meaning: "training tokens",
        value: format::scientific(input.tokens, 3),
    };
    let count = Binding {
        symbol: "n",
        meaning: "accelerators",
        value: format::grouped(input.accelerators),
    };
    let peak = Binding {
        symbol: "P",
        meaning: "peak dense FLOP/s per accelerator",
        value: format::flops_rate(input.peak_flops_per_s),
    };
    let mfu = Binding {
        symbol: "u",
        meaning: "model FLOPs utilization",
        value: format!(
            "{}%",
            format::significant_digits(input.utilization * 100.0, 3)
        ),
    };
    let c = Binding {
        symbol: "C",
        meaning: "training compute",
        value: format!("{} FLOPs", format::scientific(train_flops, 3)),
    };
    let r = Binding {
        symbol: "R",
        meaning: "sustained cluster rate",
        value: format::flops_rate(sustained),
    };
    let t = Binding {
        symbol: "T",
        meaning: "wall-clock time",
        value: format::duration(time_s),
    };
    vec![
        Explanation {
            output: "train_flops",
            label: "Training compute",
            formula_tex: "C = 6\\,N\\,D",
            bindings: vec![n, d],
            result: c.value.clone(),
            note: "About 2 FLOPs per parameter per token in the forward pass and 4 in the backward pass. Attention over long contexts and activation recomputation add work on top.",
            source: KAPLAN_2020,
        },
        Explanation {
            output: "sustained_flops_per_s",
            label: "Sustained cluster rate",
            formula_tex: "R = n \\times P \\times u",
            bindings: vec![count.clone(), peak, mfu],
            result: r.value.clone(),
            note: "Peak is the datasheet's dense figure at the training precision; utilization is the share of it that useful model FLOPs actually reach, typically 20–50% for large runs: 21.3% for GPT-3, 30.2% for Megatron-Turing NLG and 46.2% for PaLM 540B (Chowdhery et al., Table 3).",
            source: CHOWDHERY_2022,
        },
        Explanation {
            output: "time_s",
            label: "Time to train",
            formula_tex: "T = \\frac{C}{R}",
            bindings: vec![c, r],
            result: t.value.clone(),
            note: "Assumes the cluster sustains the same utilization for the whole run, with no failures, restarts or evaluation pauses.",
            source: CHOWDHERY_2022,
        },
        Explanation {
            output: "accelerator_hours",
            label: "Accelerator-hours",
            formula_tex: "H = \\frac{n \\times T}{3600\\,\\text{s/h}}",
            bindings: vec![
                count,
                Binding {
                    symbol: "T",
                    meaning: "wall-clock time, in seconds",
                    value: format!("{} s", format::scientific(time_s, 3)),
                },
            ],
            result: format!("{} h", format::scientific(accelerator_hours, 3)),
            note: "What a cloud bill counts: multiply by the hourly price per accelerator for the cost of the run.",
            source: CHOWDHERY_2022,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default peak is the A100's dense BF16 figure, typed in; it must
    /// stay the catalogue's, where hardware numbers live.
    #[test]
    fn the_default_peak_quotes_the_catalogue_row_of_the_a100() {
        let catalogue = crate::hardware::course_catalogue();
        let a100 = catalogue.find("a100-sxm-80gb").unwrap();
        assert_eq!(
            TrainComputeForm::default().peak_tflops.parse::<f64>().ok(),
            a100.peak_tflops.get(crate::hardware::Precision::Bf16)
        );
    }

    fn form(
        params: &str,
        tokens: &str,
        accelerators: &str,
        peak: &str,
        utilization: &str,
    ) -> TrainComputeForm {
        TrainComputeForm {
            params: params.into(),
            tokens: tokens.into(),
            accelerators: accelerators.into(),
            peak_tflops: peak.into(),
            utilization: utilization.into(),
        }
    }

    fn relative_error(actual: f64, expected: f64) -> f64 {
        ((actual - expected) / expected).abs()
    }

    /// Brown et al. 2020 (GPT-3), Table D.1: GPT-3 175B used 3.14e23 training FLOPs
    /// (174.6e9 parameters, 300e9 tokens).
    #[test]
    fn golden_gpt3_total_compute_brown_2020_table_d1() {
        let input = form("174.6e9", "300e9", "1", "1", "1").validate();
        let output = input.map(|input| compute(&input).train_flops);
        let flops = output.unwrap_or(f64::NAN);
        assert!(relative_error(flops, 3.14e23) < 0.005, "{flops}");
    }

    /// Narayanan et al. 2021 (Megatron-LM), Section 5.1: GPT-3 175B on 300B tokens on
    /// 1,024 A100s at 140 TFLOP/s per GPU (hardware FLOPs, with recomputation, i.e. 8·N·D)
    /// takes about 34 days. Model FLOPs are 6/8 of that: 105 TFLOP/s, u = 105/312.
    #[test]
    fn golden_gpt3_on_1024_a100_narayanan_2021_section_5_1() {
        let utilization = (105.0_f64 / 312.0).to_string();
        let output = form("175e9", "300e9", "1024", "312", &utilization)
            .validate()
            .map(|input| compute(&input));
        let days = output.map(|out| out.time_s / 86_400.0).unwrap_or(f64::NAN);
        assert!(relative_error(days, 34.0) < 0.01, "{days} days");
    }

    #[test]
    fn every_bad_field_is_reported_at_once() {
        let errors = form("", "-1", "2.5", "NaN", "1.5")
            .validate()
            .err()
            .unwrap_or_default();
        let fields: Vec<&str> = errors.0.iter().map(|e| e.field).collect();
        assert_eq!(fields, FIELDS.to_vec());
        assert_eq!(
            errors.message_for("params").as_deref(),
            Some("Enter a value.")
        );
        assert_eq!(
            errors.message_for("tokens").as_deref(),
            Some("Must be more than 0.")
        );
        assert_eq!(
            errors.message_for("accelerators").as_deref(),
            Some("Enter a whole number.")
        );
        assert_eq!(
            errors.message_for("utilization").as_deref(),
            Some("Must be at most 1.")
        );
    }

    #[test]
    fn scaling_points_surround_the_chosen_size() {
        assert_eq!(scaling_points(1), vec![1, 2, 4, 8, 16]);
        assert_eq!(
            scaling_points(64),
            vec![4, 8, 16, 32, 64, 128, 256, 512, 1024]
        );
        assert_eq!(scaling_points(3), vec![1, 3, 6, 12, 24, 48]);
    }

    #[test]
    fn every_output_is_explained() {
        let output = TrainComputeForm::default()
            .validate()
            .map(|input| compute(&input));
        let explained: Vec<&str> = output
            .map(|o| o.explanations.iter().map(|e| e.output).collect())
            .unwrap_or_default();
        assert_eq!(
            explained,
            [
                "train_flops",
                "sustained_flops_per_s",
                "time_s",
                "accelerator_hours"
            ]
        );
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn validate_never_panics_on_any_text(a in ".*", b in ".*", c in ".*", d in ".*", e in ".*") {
                let _ = form(&a, &b, &c, &d, &e).validate();
            }

            #[test]
            fn outputs_are_finite_and_positive_for_any_valid_input(
                params in 1e-3f64..1e15, tokens in 1e-3f64..1e16, count in 1u64..10_000_000,
                peak in 1e-3f64..1e6, utilization in 1e-6f64..=1.0,
            ) {
                let input = form(&params.to_string(), &tokens.to_string(), &count.to_string(), &peak.to_string(), &utilization.to_string()).validate();
                prop_assert!(input.is_ok());
                if let Ok(input) = input {
                    let out = compute(&input);
                    prop_assert!(out.train_flops.is_finite() && out.train_flops > 0.0);
                    prop_assert!(out.time_s.is_finite() && out.time_s > 0.0);
                    prop_assert!(out.scaling.windows(2).all(|w| w[0].time_s >= w[1].time_s));
                }
            }

            #[test]
            fn more_accelerators_never_take_longer(count in 1u64..1_000_000) {
                let slow = form("7e9", "1e12", &count.to_string(), "312", "0.4").validate().map(|i| compute(&i).time_s);
                let fast = form("7e9", "1e12", &(count + 1).to_string(), "312", "0.4").validate().map(|i| compute(&i).time_s);
                prop_assert!(fast.unwrap_or(f64::NAN) < slow.unwrap_or(f64::NAN));
            }
        }
    }
}
