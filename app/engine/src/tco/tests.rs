use super::*;
use crate::widgets::WidgetForm;

fn input(pairs: &[(&str, &str)]) -> TcoInput {
    let mut form = TcoForm::default();
    for (field, value) in pairs {
        assert!(form.set_field(field, (*value).to_string()), "{field}");
    }
    form.validate().unwrap()
}

fn run(pairs: &[(&str, &str)]) -> TcoOutput {
    compute(&input(pairs))
}

/// One GPU busy all the time at $1 an hour on demand ($730 a month), a $2,920
/// purchase amortized over 40 months ($73 a month) and nothing else to run,
/// plus $1,642.50 of egress on day one: 2.5 months of the $657 monthly gap.
const ONE_GPU: [(&str, &str); 14] = [
    ("gpus", "1"),
    ("horizon_months", "12"),
    ("utilization", "1"),
    ("on_demand_per_gpu_hour", "1"),
    ("price_per_gpu", "2920"),
    ("server_and_network_per_gpu", "0"),
    ("amortization_months", "40"),
    ("power_w_per_gpu", "0"),
    ("hosting_per_gpu_month", "0"),
    ("ops_usd_per_month", "0"),
    ("dataset_tb", "16.425"),
    ("egress_per_gb", "0.1"),
    ("reserved_per_gpu_hour", "0.8"),
    ("spot_per_gpu_hour", "0.5"),
];

/// Closed form with amortization longer than the horizon: the cumulative gap
/// after m months is m·(730 − 73) − 1,642.5, first non-negative at
/// m = ceil(1,642.5 / 657) = ceil(2.5) = 3. Paying $2,920 in cash on day one,
/// payback needs 730·m ≥ 4,562.5, so m = ceil(6.25) = 7.
#[test]
fn break_even_and_payback_months_match_the_closed_form() {
    let out = run(&ONE_GPU);
    assert_eq!(out.break_even_month, Some(3));
    assert_eq!(out.payback_month, Some(7));
    let two = &out.monthly_cumulative[2];
    let three = &out.monthly_cumulative[3];
    assert!(two.on_prem > two.on_demand && three.on_prem <= three.on_demand);
    assert!((three.on_prem - (1642.5 + 3.0 * 73.0)).abs() < 1e-9);
    assert!((three.on_prem_cash - (1642.5 + 2920.0)).abs() < 1e-9);
}

/// A useful life shorter than the horizon means buying again: hardware that
/// lasts 6 months is replaced at months 6, 12 and 18, not run for two years
/// on one purchase.
#[test]
fn hardware_is_replaced_when_its_useful_life_ends() {
    let out = run(&[
        ("gpus", "1"),
        ("horizon_months", "24"),
        ("utilization", "1"),
        ("on_demand_per_gpu_hour", "1"),
        ("price_per_gpu", "6000"),
        ("server_and_network_per_gpu", "0"),
        ("amortization_months", "6"),
        ("power_w_per_gpu", "0"),
        ("hosting_per_gpu_month", "230"),
        ("ops_usd_per_month", "0"),
        ("dataset_tb", "0"),
    ]);
    // Hardware with a 6-month life is bought four times in 24 months: each
    // month carries $1,000 of purchases and $230 of hosting, more than the
    // $730 of renting, so owning never catches up.
    assert_eq!(out.break_even_month, None);
    assert_eq!(out.payback_month, None);
    assert!((out.total_usd.on_prem - (4.0 * 6000.0 + 24.0 * 230.0)).abs() < 1e-9);
    let cash = |month: usize| out.monthly_cumulative[month].on_prem_cash;
    assert!((cash(6) - (6000.0 + 6.0 * 230.0)).abs() < 1e-9);
    assert!((cash(7) - (12_000.0 + 7.0 * 230.0)).abs() < 1e-9);
}

/// Hardware sold for a share s of its price when its life ends costs (1 − s)
/// of it to own: a 6-month life resold at 70% charges $1,800 of a $6,000
/// purchase over the 6 months. In cash, the purchase is paid on day one and
/// a replacement at month 7 is paid in part by selling the first: $6,000 −
/// $4,200.
#[test]
fn resale_lowers_the_amortized_cost_and_pays_for_replacements() {
    let pairs = [
        ("gpus", "1"),
        ("horizon_months", "12"),
        ("utilization", "1"),
        ("on_demand_per_gpu_hour", "1"),
        ("price_per_gpu", "6000"),
        ("server_and_network_per_gpu", "0"),
        ("amortization_months", "6"),
        ("resale_share", "0.7"),
        ("power_w_per_gpu", "0"),
        ("hosting_per_gpu_month", "0"),
        ("ops_usd_per_month", "0"),
        ("dataset_tb", "0"),
    ];
    let out = run(&pairs);
    let at = |month: usize| out.monthly_cumulative[month];
    assert!((at(6).on_prem - 1800.0).abs() < 1e-9);
    assert!((at(12).on_prem - 3600.0).abs() < 1e-9);
    assert!((at(6).on_prem_cash - 6000.0).abs() < 1e-9);
    assert!((at(7).on_prem_cash - (6000.0 + 6000.0 - 4200.0)).abs() < 1e-9);
    // $730 a month of renting against $300 a month of owning: month 1.
    assert_eq!(out.break_even_month, Some(1));
    // In cash, $6,000 then $7,800 from month 7: 730 × 11 = 8,030 is the first to cover it.
    assert_eq!(out.payback_month, Some(11));
    assert!(out
        .heuristic_check
        .explanation
        .contains("amortized, down to a resale value of 70% of the price, and its replacement"));
    // Without resale the same hardware never breaks even ($1,000 a month).
    let mut no_resale = pairs;
    no_resale[7] = ("resale_share", "0");
    assert_eq!(run(&no_resale).break_even_month, None);
    let explained = out
        .explanations
        .iter()
        .find(|e| e.output == "on_prem")
        .unwrap();
    assert!(explained
        .bindings
        .iter()
        .any(|b| b.symbol == "s" && b.value == "70%"));
}

/// The course's worked owning cost (module 7, "A worked owning cost"): a
/// $300,000 8-GPU server over 4 years, 8 kW × PUE 1.4 × $0.10/kWh, $30,000 a
/// year of hosting and support, one $200,000 engineer per 16 servers: $14.53 a
/// server-hour, $1.82 a GPU-hour. At u = 1 every hour draws the 1 kW per GPU.
#[test]
fn golden_course_owning_cost_per_gpu_hour() {
    let out = run(&[
        ("gpus", "8"),
        ("horizon_months", "48"),
        ("utilization", "1"),
        ("price_per_gpu", "30000"),
        ("server_and_network_per_gpu", "7500"),
        ("amortization_months", "48"),
        ("power_w_per_gpu", "1000"),
        ("pue", "1.4"),
        ("usd_per_kwh", "0.10"),
        ("hosting_per_gpu_month", "312.5"),
        ("ops_usd_per_month", "1041.6667"),
        ("dataset_tb", "0"),
    ]);
    assert!(
        (out.on_prem_usd_per_gpu_hour - 14.53 / 8.0).abs() < 0.005,
        "{}",
        out.on_prem_usd_per_gpu_hour
    );
}

#[test]
fn break_even_utilization_makes_the_two_totals_equal() {
    let base = input(&[]);
    let share = out_share(&base);
    let mut at_share = base;
    at_share.utilization = share;
    let out = compute(&at_share);
    let gap = (out.total_usd.on_prem - out.total_usd.on_demand) / out.total_usd.on_demand;
    assert!(gap.abs() < 1e-12, "{gap}");
}

fn out_share(input: &TcoInput) -> f64 {
    compute(input).break_even_utilization.unwrap()
}

#[test]
fn reserved_break_even_is_the_price_ratio() {
    let out = run(&[
        ("on_demand_per_gpu_hour", "4"),
        ("reserved_per_gpu_hour", "2.2"),
    ]);
    assert!((out.reserved_break_even_utilization.unwrap() - 0.55).abs() < 1e-12);
    let dearer = run(&[
        ("on_demand_per_gpu_hour", "2"),
        ("reserved_per_gpu_hour", "3"),
    ]);
    assert_eq!(dearer.reserved_break_even_utilization, None);
}

#[test]
fn the_defaults_favour_owning_and_the_seed_rule_holds() {
    let out = run(&[]);
    assert_eq!(out.cheapest, "on_prem");
    assert_eq!(out.break_even_month, Some(1));
    // 304,500 / (28,125.44 − 3,861.71) = 12.55: paid back in month 13.
    assert_eq!(out.payback_month, Some(13));
    assert!(out.heuristic_check.holds);
    assert!(out.heuristic_check.explanation.starts_with("Holds"));
    assert!(out.heuristic_check.explanation.contains("7 months"));
    assert_eq!(out.monthly_cumulative.len(), 37);
    assert_eq!(out.explanations.len(), 8);
}

/// Cheap cloud capacity (the course's "Try it" at an assumed $2.50 an hour)
/// with an expensive, quickly written-off purchase: the rule fails.
#[test]
fn the_seed_rule_fails_against_cheap_cloud() {
    let out = run(&[
        ("on_demand_per_gpu_hour", "2.5"),
        ("reserved_per_gpu_hour", "2.4"),
        ("amortization_months", "24"),
    ]);
    assert!(!out.heuristic_check.holds);
    assert!(out.heuristic_check.explanation.starts_with("Fails"));
}

/// A six-month life, written off before the rule's seven months end: owning
/// never pays there, and the check says "never" and names the replacement,
/// not "at no utilization" and "7 months of a 6-month life".
#[test]
fn a_life_shorter_than_the_rule_is_told_plainly() {
    let out = run(&[("amortization_months", "6")]);
    let text = &out.heuristic_check.explanation;
    assert!(
        text.contains("owning never beats on-demand, even at 100% utilization"),
        "{text}"
    );
    assert!(
        text.contains("a 6-month useful life amortized, and its replacement"),
        "{text}"
    );
    assert!(!text.contains("at no utilization"), "{text}");
    assert!(!text.contains("7 months of a 6-month"), "{text}");
}

#[test]
fn never_breaking_even_is_null() {
    let out = run(&[("on_demand_per_gpu_hour", "0.5"), ("horizon_months", "6")]);
    assert_eq!(out.break_even_month, None);
    assert_eq!(out.payback_month, None);
    assert_eq!(out.break_even_utilization, None);
    assert!(out
        .explanations
        .iter()
        .any(|e| e.result == "none within the horizon"));
}

#[test]
fn bad_input_is_named() {
    let mut form = TcoForm::default();
    for (field, value) in [
        ("utilization", "0"),
        ("spot_rework_share", "0.95"),
        ("horizon_months", "2.5"),
        ("pue", "0.9"),
        ("price_per_gpu", "inf"),
    ] {
        assert!(form.set_field(field, value.to_string()));
    }
    assert!(!form.set_field("no_such_field", "1".into()));
    let errors = form.validate().unwrap_err();
    let expected = [
        ("utilization", "Must be more than 0."),
        ("spot_rework_share", "Must be at most 0.9."),
        ("horizon_months", "Enter a whole number."),
        ("pue", "Must be at least 1."),
    ];
    for (field, message) in expected {
        assert_eq!(
            errors.message_for(field).as_deref(),
            Some(message),
            "{field}"
        );
    }
    assert!(errors.message_for("price_per_gpu").is_some());
}

#[test]
fn field_pairs_follow_fields() {
    let pairs = TcoForm::default().field_pairs();
    let names: Vec<&str> = pairs.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, FIELDS);
    assert!(pairs.iter().all(|(_, value)| !value.is_empty()));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    prop_compose! {
        fn any_input()(
            gpus in 1u64..10_000,
            horizon in 1u32..=240,
            utilization in 0.01f64..=1.0,
            on_demand in 0.1f64..20.0,
            reserved in 0.1f64..20.0,
            spot in 0.1f64..20.0,
            rework in 0.0f64..=0.9,
            price in 100f64..100_000.0,
            server in 0f64..50_000.0,
            amortization in 1u32..=240,
            resale in 0.0f64..=0.9,
            power in 0f64..2000.0,
            pue in 1f64..3.0,
            kwh in 0f64..0.5,
            hosting in 0f64..1000.0,
            ops in 0f64..50_000.0,
            tb in 0f64..1000.0,
            egress in 0f64..0.2,
        ) -> TcoInput {
            TcoInput {
                gpus,
                horizon_months: horizon,
                utilization,
                on_demand_per_gpu_hour: on_demand,
                reserved_per_gpu_hour: reserved,
                spot_per_gpu_hour: spot,
                spot_rework_share: rework,
                price_per_gpu: price,
                server_and_network_per_gpu: server,
                amortization_months: amortization,
                resale_share: resale,
                power_w_per_gpu: power,
                pue,
                usd_per_kwh: kwh,
                hosting_per_gpu_month: hosting,
                ops_usd_per_month: ops,
                dataset_tb: tb,
                egress_per_gb: egress,
            }
        }
    }

    proptest! {
        #[test]
        fn validation_never_panics(field in proptest::sample::select(FIELDS.to_vec()), text in ".{0,30}") {
            let mut form = TcoForm::default();
            form.set_field(field, text);
            if let Ok(input) = form.validate() {
                let out = compute(&input);
                prop_assert!(out.total_usd.on_prem.is_finite());
            }
        }

        #[test]
        fn outputs_are_finite_and_curves_rise(input in any_input()) {
            let out = compute(&input);
            prop_assert_eq!(out.monthly_cumulative.len() as u32, input.horizon_months + 1);
            for pair in out.monthly_cumulative.windows(2) {
                prop_assert!(pair[1].on_demand >= pair[0].on_demand);
                prop_assert!(pair[1].on_prem >= pair[0].on_prem);
                prop_assert!(pair[1].on_prem_cash >= pair[0].on_prem_cash);
            }
            // The cash view never looks better than the amortized one.
            prop_assert!(out.monthly_cumulative.iter().all(|p| p.on_prem_cash >= p.on_prem - 1e-6));
            let totals = [out.total_usd.on_demand, out.total_usd.reserved, out.total_usd.spot, out.total_usd.on_prem];
            prop_assert!(totals.iter().all(|t| t.is_finite() && *t >= 0.0));
            if let Some(share) = out.break_even_utilization {
                prop_assert!(share > 0.0 && share <= 1.0);
            }
        }

        #[test]
        fn break_even_utilization_equalizes_totals(input in any_input()) {
            if let Some(share) = compute(&input).break_even_utilization {
                let mut at_share = input;
                at_share.utilization = share;
                let out = compute(&at_share);
                let gap = (out.total_usd.on_prem - out.total_usd.on_demand) / out.total_usd.on_demand;
                prop_assert!(gap.abs() < 1e-9, "gap {}", gap);
            }
        }

        /// Owning's fixed costs spread over more busy hours, so its total relative
        /// to on-demand never rises with utilization; the absolute saving never
        /// falls while on-demand costs more per hour than a busy GPU's electricity.
        #[test]
        fn higher_utilization_never_makes_owning_relatively_worse(input in any_input(), low in 0.01f64..1.0, step in 0.0f64..1.0) {
            let high = (low + step * (1.0 - low)).min(1.0);
            let mut at_low = input;
            at_low.utilization = low;
            let mut at_high = input;
            at_high.utilization = high;
            let (a, b) = (compute(&at_low).total_usd, compute(&at_high).total_usd);
            prop_assert!(b.on_prem / b.on_demand <= a.on_prem / a.on_demand * (1.0 + 1e-12));
            if input.on_demand_per_gpu_hour >= energy_per_busy_gpu_hour(&input) {
                prop_assert!(b.on_demand - b.on_prem >= a.on_demand - a.on_prem - 1e-6 * a.on_demand.max(1.0));
            }
        }

        /// Costs up to a month do not depend on the horizon, so a longer horizon
        /// finds the same break-even month if the shorter one found one.
        #[test]
        fn longer_horizon_never_moves_break_even(input in any_input(), extra in 1u32..120) {
            let short = compute(&input);
            let mut longer_input = input;
            longer_input.horizon_months = (input.horizon_months + extra).min(240);
            let longer = compute(&longer_input);
            if short.break_even_month.is_some() {
                prop_assert_eq!(short.break_even_month, longer.break_even_month);
            }
            if short.payback_month.is_some() {
                prop_assert_eq!(short.payback_month, longer.payback_month);
            }
            prop_assert!(short.monthly_cumulative.iter().zip(&longer.monthly_cumulative).all(|(a, b)| a == b));
        }
    }
}

#[test]
fn a_discounted_price_above_on_demand_is_named() {
    let calm = compute(&TcoForm::default().validate().unwrap());
    assert!(calm.price_warnings.is_empty(), "{:?}", calm.price_warnings);
    let out = run(&[("on_demand_per_gpu_hour", "2.7447")]);
    assert_eq!(out.price_warnings.len(), 2, "{:?}", out.price_warnings);
    assert!(
        out.price_warnings[0]
            .starts_with("The reserved price, $3.78 per GPU-hour, is above on-demand at $2.74"),
        "{:?}",
        out.price_warnings
    );
    assert!(
        out.price_warnings[1].starts_with("The spot price, $2.75"),
        "{:?}",
        out.price_warnings
    );
}

/// The groups that the form and the command line share cover every field
/// once, in `FIELDS` order.
#[test]
fn field_groups_partition_fields_in_order() {
    let grouped: Vec<&str> = [
        &USAGE_FIELDS[..],
        &CLOUD_FIELDS[..],
        &ON_PREM_FIELDS[..],
        &DATA_FIELDS[..],
    ]
    .concat();
    assert_eq!(grouped, FIELDS.to_vec());
}

/// The defaults type in two figures of the H100 SXM's catalogue row, its
/// power and its on-demand price; hardware numbers live once, in the
/// catalogue, so the defaults must not drift from it.
#[test]
fn the_defaults_quote_the_catalogue_row_of_the_h100() {
    let catalogue = crate::hardware::course_catalogue();
    let h100 = catalogue.find("h100-sxm-80gb").unwrap();
    let form = TcoForm::default();
    assert_eq!(form.power_w_per_gpu.parse::<f64>().ok(), h100.tdp_w);
    assert_eq!(
        form.on_demand_per_gpu_hour.parse::<f64>().ok(),
        h100.price
            .as_ref()
            .and_then(|price| price.cloud_usd_per_hour)
    );
}
