//! Chiplets against one big die: the Poisson yield model Y = e^{−A·D}
//! (Ferris-Prabhu 1990), gross dies per 300 mm wafer (de Vries 2005), and
//! what a working product costs in wafer area and money once die-to-die
//! interface area, assembly and its yield are paid for.
//!
//! Keys and defaults (the module's worked example, then stated assumptions):
//! `area_mm2` 800 (the logic a product needs), `chiplets` 8, `defects_per_cm2`
//! 0.1 (illustrative, not a foundry figure), `wafer_usd` 17,000 (an assumed
//! leading-edge wafer price; foundries do not publish theirs), `wafer_mm` 300,
//! `edge_mm` 3 (edge exclusion), `interface_share` 0.1 (extra area per chiplet
//! for die-to-die links), `assembly_usd_per_chiplet` 10 and `assembly_yield`
//! 0.99 (each chiplet bonded correctly; both assumed).

use crate::explain::{Binding, Explanation, Source};
use crate::field::{Checker, FieldErrors, Range};
use crate::format;
use crate::widgets::WidgetForm;
use serde::{Deserialize, Serialize};

pub const SLUG: &str = "chiplet";

pub const FERRIS_PRABHU_1990: Source = Source {
    title: "Ferris-Prabhu 1990, A cluster-modified Poisson model for estimating defect density and yield",
    locator: "IEEE Transactions on Semiconductor Manufacturing 3(2), pp. 54–59 (the Poisson yield, Y = exp(−AD))",
    url: "https://doi.org/10.1109/66.53187",
};

pub const DE_VRIES_2005: Source = Source {
    title: "de Vries 2005, Investigation of gross die per wafer formulas",
    locator: "IEEE Transactions on Semiconductor Manufacturing 18(1), pp. 136–139 (DPW ≈ πd²/4A − πd/√(2A))",
    url: "https://doi.org/10.1109/TSM.2004.836656",
};

pub const FIELDS: [&str; 9] = [
    "area_mm2",
    "chiplets",
    "defects_per_cm2",
    "wafer_usd",
    "wafer_mm",
    "edge_mm",
    "interface_share",
    "assembly_usd_per_chiplet",
    "assembly_yield",
];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChipletForm {
    pub values: Vec<(String, String)>,
}

impl Default for ChipletForm {
    fn default() -> Self {
        let defaults = [
            ("area_mm2", "800"),
            ("chiplets", "8"),
            ("defects_per_cm2", "0.1"),
            ("wafer_usd", "17000"),
            ("wafer_mm", "300"),
            ("edge_mm", "3"),
            ("interface_share", "0.1"),
            ("assembly_usd_per_chiplet", "10"),
            ("assembly_yield", "0.99"),
        ];
        ChipletForm {
            values: defaults
                .iter()
                .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
                .collect(),
        }
    }
}

impl WidgetForm for ChipletForm {
    fn set_field(&mut self, field: &str, value: String) -> bool {
        match self.values.iter_mut().find(|(k, _)| k == field) {
            Some(slot) => {
                slot.1 = value;
                true
            }
            None => false,
        }
    }

    fn field(&self, name: &str) -> String {
        self.get(name).to_string()
    }

    fn field_pairs(&self) -> Vec<(&'static str, String)> {
        FIELDS
            .iter()
            .map(|f| (*f, self.get(f).to_string()))
            .collect()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ChipletInput {
    pub area_mm2: f64,
    pub chiplets: u64,
    pub defects_per_cm2: f64,
    pub wafer_usd: f64,
    pub wafer_mm: f64,
    pub edge_mm: f64,
    pub interface_share: f64,
    pub assembly_usd_per_chiplet: f64,
    pub assembly_yield: f64,
}

impl ChipletForm {
    pub fn get(&self, field: &str) -> &str {
        self.values
            .iter()
            .find(|(k, _)| k == field)
            .map_or("", |(_, v)| v.as_str())
    }

    pub fn validate(&self) -> Result<ChipletInput, FieldErrors> {
        let mut c = Checker::default();
        let area = c.real(
            "area_mm2",
            self.get("area_mm2"),
            Range::above(0.0, 10_000.0),
        );
        let chiplets = c.whole("chiplets", self.get("chiplets"), Range::at_least(1.0, 64.0));
        let defects = c.real(
            "defects_per_cm2",
            self.get("defects_per_cm2"),
            // Beyond a few defects per cm² no process is in production, and a
            // big die's yield, e^(−A·D), drops below 10⁻¹⁵.
            Range::at_least(0.0, 2.0),
        );
        let wafer_usd = c.real("wafer_usd", self.get("wafer_usd"), Range::above(0.0, 1e6));
        let wafer_mm = c.real(
            "wafer_mm",
            self.get("wafer_mm"),
            Range::at_least(50.0, 450.0),
        );
        let edge_mm = c.real("edge_mm", self.get("edge_mm"), Range::at_least(0.0, 20.0));
        let interface = c.real(
            "interface_share",
            self.get("interface_share"),
            Range::at_least(0.0, 1.0),
        );
        let assembly_usd = c.real(
            "assembly_usd_per_chiplet",
            self.get("assembly_usd_per_chiplet"),
            Range::at_least(0.0, 1e5),
        );
        let assembly_yield = c.real(
            "assembly_yield",
            self.get("assembly_yield"),
            Range::above(0.0, 1.0),
        );
        if let (Some(area), Some(n), Some(interface), Some(wafer), Some(edge)) =
            (area, chiplets, interface, wafer_mm, edge_mm)
        {
            let die = area / n as f64 * (1.0 + interface);
            if gross_dies(die, wafer - 2.0 * edge) < 1.0 {
                c.errors.push(
                    "area_mm2",
                    crate::field::FieldProblem::Invalid {
                        reason: format!(
                            "Each chiplet would be {} mm² with its interface share, too big for the {} mm usable diameter of a {} mm wafer; use more chiplets or a smaller area.",
                            format::significant_digits(die, 3),
                            format::plain_number(wafer - 2.0 * edge),
                            format::plain_number(wafer)
                        ),
                    },
                );
            }
        }
        c.finish(|| {
            Some(ChipletInput {
                area_mm2: area?,
                chiplets: chiplets?,
                defects_per_cm2: defects?,
                wafer_usd: wafer_usd?,
                wafer_mm: wafer_mm?,
                edge_mm: edge_mm?,
                interface_share: interface?,
                assembly_usd_per_chiplet: assembly_usd?,
                assembly_yield: assembly_yield?,
            })
        })
    }
}

/// Gross dies per wafer of usable diameter `d` (de Vries 2005).
pub fn gross_dies(die_mm2: f64, d: f64) -> f64 {
    let pi = std::f64::consts::PI;
    (pi * d * d / (4.0 * die_mm2) - pi * d / (2.0 * die_mm2).sqrt())
        .floor()
        .max(0.0)
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Design {
    pub chiplets: u64,
    /// Whether at least one such die fits on the wafer's usable area.
    pub fits: bool,
    pub die_mm2: f64,
    pub die_yield: f64,
    pub gross_dies: f64,
    /// Wafer area consumed per working product.
    pub area_per_product_mm2: f64,
    pub usd_per_product: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChipletOutput {
    /// What was compared, so the verdict can price the split without each overhead.
    pub input: ChipletInput,
    pub monolithic: Design,
    pub chiplet: Design,
    /// Cost saved by the chiplet design, as a share of the monolithic cost.
    pub saving: f64,
    /// Cost per product for 1 to 16 chiplets.
    pub curve: Vec<Design>,
    pub explanations: Vec<Explanation>,
}

fn design(input: &ChipletInput, n: u64) -> Design {
    let split = n > 1;
    let die = input.area_mm2 / n as f64
        * if split {
            1.0 + input.interface_share
        } else {
            1.0
        };
    let die_yield = (-die / 100.0 * input.defects_per_cm2).exp();
    let whole = gross_dies(die, input.wafer_mm - 2.0 * input.edge_mm);
    // A die too big for the wafer is priced as if one fitted, and `fits` says it does not.
    let gross = whole.max(1.0);
    let per_good_die = input.wafer_usd / (gross * die_yield);
    let (assembly_usd, assembly_yield) = if split {
        (
            input.assembly_usd_per_chiplet * n as f64,
            input.assembly_yield.powf(n as f64),
        )
    } else {
        (0.0, 1.0)
    };
    Design {
        chiplets: n,
        fits: whole >= 1.0,
        die_mm2: die,
        die_yield,
        gross_dies: gross,
        area_per_product_mm2: n as f64 * die / die_yield / assembly_yield,
        usd_per_product: (n as f64 * per_good_die + assembly_usd) / assembly_yield,
    }
}

/// The comparison in one sentence, with the reason that decides it: whether
/// splitting saves, and if not, which overhead eats the yield gain.
pub fn verdict(input: &ChipletInput, out: &ChipletOutput) -> (bool, String) {
    let area = |mm2: f64| format!("{} mm²", format::readable(mm2, 3));
    if !out.monolithic.fits {
        return (
            true,
            format!(
                "One big die of {} does not fit on a {} mm wafer at all; only the chiplets can be made.",
                area(input.area_mm2),
                format::plain_number(input.wafer_mm)
            ),
        );
    }
    if input.chiplets == 1 {
        return (
            true,
            "With one chiplet the two designs are the same die; choose 2 or more to compare."
                .to_string(),
        );
    }
    let percent = |share: f64| format::significant_digits(share.abs() * 100.0, 3);
    if out.saving >= 0.0 {
        // Above 99% a percentage rounds to "100% less", which reads as free;
        // a factor says how much cheaper without losing the difference.
        let cheaper = if out.saving > 0.99 && out.chiplet.usd_per_product > 0.0 {
            format!(
                "{} times less",
                format::readable(
                    out.monolithic.usd_per_product / out.chiplet.usd_per_product,
                    3
                )
            )
        } else {
            format!("{}% less", percent(out.saving))
        };
        return (
            true,
            format!(
                "The chiplet design costs {} per working product and uses {} of wafer instead of {}.",
                cheaper,
                area(out.chiplet.area_per_product_mm2),
                area(out.monolithic.area_per_product_mm2)
            ),
        );
    }
    // Price the split again without each overhead: the larger difference is the reason.
    let without_interface = design(
        &ChipletInput {
            interface_share: 0.0,
            ..*input
        },
        input.chiplets,
    );
    let without_assembly = design(
        &ChipletInput {
            assembly_usd_per_chiplet: 0.0,
            assembly_yield: 1.0,
            ..*input
        },
        input.chiplets,
    );
    let interface_cost = out.chiplet.usd_per_product - without_interface.usd_per_product;
    let assembly_cost = out.chiplet.usd_per_product - without_assembly.usd_per_product;
    let reason = if interface_cost >= assembly_cost {
        format!(
            "the interface area, {}% more silicon per chiplet, costs more than the better yield saves",
            percent(input.interface_share)
        )
    } else {
        format!(
            "assembly, {} and a {}% chance of a good bond per chiplet, costs more than the better yield saves",
            format::usd(input.assembly_usd_per_chiplet),
            format::significant_digits(input.assembly_yield * 100.0, 3)
        )
    };
    (
        false,
        format!(
            "Here splitting costs {}% more: one big die already yields {}%, and {reason}.",
            percent(out.saving),
            format::significant_digits(out.monolithic.die_yield * 100.0, 3)
        ),
    )
}

pub fn compute(input: &ChipletInput) -> ChipletOutput {
    let monolithic = design(input, 1);
    let chiplet = design(input, input.chiplets);
    let curve = (1..=16).map(|n| design(input, n)).collect();
    let money = format::usd;
    let explanations = vec![
        Explanation {
            output: "yield",
            label: "Yield of one chiplet",
            formula_tex: "Y = e^{-A D}",
            bindings: vec![
                Binding { symbol: "A", meaning: "chiplet area, with its share of interface area", value: format!("{} mm²", format::significant_digits(chiplet.die_mm2, 4)) },
                Binding { symbol: "D", meaning: "defects per cm²", value: format::plain_number(input.defects_per_cm2) },
            ],
            result: format!("{}% (one big die: {}%)", format::significant_digits(chiplet.die_yield * 100.0, 3), format::significant_digits(monolithic.die_yield * 100.0, 3)),
            note: "Random, independent defects: the chance a die has none falls exponentially with its area. Clustered defects (the cluster-modified model) make big dies a little less hopeless.",
            source: FERRIS_PRABHU_1990,
        },
        Explanation {
            output: "dies",
            label: "Chiplets per wafer",
            formula_tex: "N \\approx \\frac{\\pi d^2}{4A} - \\frac{\\pi d}{\\sqrt{2A}}",
            bindings: vec![
                Binding { symbol: "d", meaning: "usable wafer diameter (edge excluded)", value: format!("{} mm", format::plain_number(input.wafer_mm - 2.0 * input.edge_mm)) },
                Binding { symbol: "A", meaning: "die area: one chiplet with its interface share (one big die)", value: format!("{} mm² ({} mm²)", format::significant_digits(chiplet.die_mm2, 4), format::significant_digits(monolithic.die_mm2, 4)) },
            ],
            result: format!("{} (one big die: {})", format::grouped(chiplet.gross_dies as u64), format::grouped(monolithic.gross_dies as u64)),
            note: "Rectangles do not tile a circle: the second term counts the dies lost at the edge, which costs big dies more.",
            source: DE_VRIES_2005,
        },
        Explanation {
            output: "cost",
            label: "Silicon and assembly per working product",
            formula_tex: "C = \\frac{n \\cdot \\frac{W}{N\\,Y} + n\\,c_a}{y_a^{\\,n}}",
            bindings: vec![
                Binding { symbol: "n", meaning: "chiplets per product", value: input.chiplets.to_string() },
                Binding { symbol: "W", meaning: "wafer price (assumed)", value: money(input.wafer_usd) },
                Binding { symbol: "c_a", meaning: "assembly cost per chiplet (assumed)", value: money(input.assembly_usd_per_chiplet) },
                Binding { symbol: "y_a", meaning: "bonding yield per chiplet (assumed)", value: format::plain_number(input.assembly_yield) },
            ],
            result: format!("{} against {} for one big die", money(chiplet.usd_per_product), money(monolithic.usd_per_product)),
            note: "Chiplets are tested before assembly (known-good dies), so only good ones are packaged; a product still fails if any bond fails.",
            source: FERRIS_PRABHU_1990,
        },
    ];
    ChipletOutput {
        input: *input,
        saving: 1.0 - chiplet.usd_per_product / monolithic.usd_per_product,
        monolithic,
        chiplet,
        curve,
        explanations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(pairs: &[(&str, &str)]) -> ChipletOutput {
        let mut form = ChipletForm::default();
        for (k, v) in pairs {
            assert!(form.set_field(k, (*v).to_string()));
        }
        compute(&form.validate().unwrap())
    }

    /// Module 9's worked example: 800 mm² at D = 0.1/cm² yields e^{-0.8} ≈ 0.45,
    /// 100 mm² chiplets e^{-0.1} ≈ 0.90; wafer area per product 1,780 vs 890 mm².
    #[test]
    fn golden_module_nine_worked_example() {
        let out = run(&[
            ("interface_share", "0"),
            ("assembly_yield", "1"),
            ("assembly_usd_per_chiplet", "0"),
        ]);
        assert!((out.monolithic.die_yield - (-0.8f64).exp()).abs() < 1e-12);
        assert!((out.chiplet.die_yield - (-0.1f64).exp()).abs() < 1e-12);
        assert!((out.monolithic.area_per_product_mm2 - 1780.4).abs() < 0.5);
        assert!((out.chiplet.area_per_product_mm2 - 884.1).abs() < 0.5);
        assert!(out.saving > 0.4);
    }

    /// de Vries 2005's formula for a 100 mm² die on a 300 mm wafer: 706.9 − 66.6 → 640.
    #[test]
    fn golden_gross_dies() {
        assert_eq!(gross_dies(100.0, 300.0), 640.0);
    }

    #[test]
    fn without_defects_splitting_only_adds_cost() {
        let out = run(&[("defects_per_cm2", "0")]);
        assert!(out.saving < 0.0);
    }

    fn verdict_for(pairs: &[(&str, &str)]) -> (bool, String) {
        let mut form = ChipletForm::default();
        for (k, v) in pairs {
            assert!(form.set_field(k, (*v).to_string()));
        }
        let input = form.validate().unwrap();
        verdict(&input, &compute(&input))
    }

    /// The verdict names the overhead that decides it, not always the same one.
    #[test]
    fn the_verdict_gives_the_reason_that_decides() {
        let (good, text) = verdict_for(&[]);
        assert!(good && text.contains("less per working product"), "{text}");
        let (good, text) = verdict_for(&[("interface_share", "1")]);
        assert!(
            !good && text.contains("the interface area, 100% more silicon"),
            "{text}"
        );
        let (good, text) = verdict_for(&[("assembly_usd_per_chiplet", "2000")]);
        assert!(!good && text.contains("assembly, $2,000"), "{text}");
        let (good, text) = verdict_for(&[("defects_per_cm2", "2"), ("chiplets", "8")]);
        assert!(
            good && text.contains("times less") && !text.contains("100%"),
            "{text}"
        );
        let (_, text) = verdict_for(&[("chiplets", "1")]);
        assert!(text.contains("the same die"), "{text}");
        let (good, text) = verdict_for(&[("wafer_mm", "50")]);
        assert!(
            good && text.contains("does not fit on a 50 mm wafer"),
            "{text}"
        );
        // The worst defect density allowed still prints readable numbers.
        let (_, text) = verdict_for(&[("defects_per_cm2", "2")]);
        assert!(!text.contains("18,446,744"), "{text}");
        let mut form = ChipletForm::default();
        form.set_field("defects_per_cm2", "5".into());
        assert!(form
            .validate()
            .unwrap_err()
            .message_for("defects_per_cm2")
            .is_some());
    }

    #[test]
    fn bad_values_are_named() {
        let mut form = ChipletForm::default();
        form.set_field("chiplets", "0".into());
        form.set_field("assembly_yield", "1.5".into());
        form.set_field("area_mm2", "NaN".into());
        let errors = form.validate().unwrap_err();
        assert_eq!(
            errors.message_for("chiplets").as_deref(),
            Some("Must be at least 1.")
        );
        assert!(errors.message_for("assembly_yield").is_some());
        assert!(errors
            .message_for("area_mm2")
            .unwrap()
            .contains("not a number"));
        let mut huge = ChipletForm::default();
        huge.set_field("area_mm2", "9000".into());
        huge.set_field("chiplets", "1".into());
        assert!(huge
            .validate()
            .unwrap_err()
            .message_for("area_mm2")
            .unwrap()
            .contains("too big for the 294 mm usable diameter of a 300 mm wafer"));
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn costs_stay_finite_and_yields_in_range(area in 1.0f64..2000.0, n in 1u64..64, d in 0.0f64..2.0) {
                let out = run(&[("area_mm2", &area.to_string()), ("chiplets", &n.to_string()), ("defects_per_cm2", &d.to_string())]);
                prop_assert!(out.chiplet.usd_per_product.is_finite() && out.chiplet.usd_per_product > 0.0);
                prop_assert!(out.chiplet.die_yield > 0.0 && out.chiplet.die_yield <= 1.0);
            }
        }
    }
}
