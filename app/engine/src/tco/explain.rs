//! The story behind each number `tco::compute` returns: formula, values plugged
//! in, result and source.

use super::{
    energy_per_busy_gpu_hour, fixed_owning_cost, OptionCosts, Rates, TcoInput, AWS_PRICE_SNAPSHOT,
    BARROSO_2018, COURSE_COST_MODULE,
};
use crate::explain::{Binding, Explanation};
use crate::format;

/// The headline numbers `explain` describes.
pub(super) struct Summary {
    pub(super) total_usd: OptionCosts,
    pub(super) break_even_month: Option<u32>,
    pub(super) payback_month: Option<u32>,
    pub(super) break_even_utilization: Option<f64>,
    pub(super) reserved_break_even_utilization: Option<f64>,
}

fn month_text(month: Option<u32>) -> String {
    month
        .map(|month| format!("month {month}"))
        .unwrap_or_else(|| "none within the horizon".to_string())
}

fn share_text(share: Option<f64>) -> String {
    share
        .map(format::percent)
        .unwrap_or_else(|| "none up to 100%".to_string())
}

pub(super) fn explain(input: &TcoInput, rates: &Rates, summary: &Summary) -> Vec<Explanation> {
    let n = Binding {
        symbol: "n",
        meaning: "GPUs",
        value: format::grouped(input.gpus),
    };
    let hours = Binding {
        symbol: "T",
        meaning: "hours in the horizon (730 a month)",
        value: format::grouped(u64::from(input.horizon_months).saturating_mul(730)),
    };
    let u = Binding {
        symbol: "u",
        meaning: "share of hours the GPUs are busy",
        value: format::percent(input.utilization),
    };
    let p_od = Binding {
        symbol: "P_{\\text{od}}",
        meaning: "on-demand price per GPU-hour",
        value: format::usd(input.on_demand_per_gpu_hour),
    };
    let p_res = Binding {
        symbol: "P_{\\text{res}}",
        meaning: "reserved price per GPU-hour",
        value: format::usd(input.reserved_per_gpu_hour),
    };
    let e = Binding {
        symbol: "e",
        meaning: "electricity per busy GPU-hour, kW × PUE × $/kWh",
        value: format::usd(energy_per_busy_gpu_hour(input)),
    };
    let fixed = Binding {
        symbol: "F",
        meaning: "owning costs that do not depend on u over the horizon",
        value: format::usd(fixed_owning_cost(input, input.horizon_months)),
    };
    let capex = Binding {
        symbol: "K",
        meaning: "purchase: GPUs, server share and network",
        value: format::usd(rates.capex),
    };
    let egress = Binding {
        symbol: "E",
        meaning: "egress to move the data set out, once",
        value: format::usd(rates.one_off),
    };
    let od_month = Binding {
        symbol: "R_{\\text{od}}",
        meaning: "on-demand bill a month",
        value: format::usd(rates.on_demand),
    };
    let life = Binding {
        symbol: "A",
        meaning: "useful life (amortization period) in months",
        value: input.amortization_months.to_string(),
    };
    let resale = Binding {
        symbol: "s",
        meaning: "share of the purchase recovered by selling it when its life ends",
        value: format::percent(input.resale_share),
    };
    let own_month = Binding {
        symbol: "R_{\\text{run}}",
        meaning: "owning running costs a month (power, hosting, staff)",
        value: format::usd(rates.running),
    };
    vec![
        Explanation {
            output: "on_demand",
            label: "On-demand over the horizon",
            formula_tex: "C_{\\text{od}} = n\\,T\\,u\\,P_{\\text{od}}",
            bindings: vec![n.clone(), hours.clone(), u.clone(), p_od.clone()],
            result: format::usd(summary.total_usd.on_demand),
            note: "Only busy hours are billed. The default price is one dated list-price observation for AWS us-east-1, not a quote; discount providers charge far less.",
            source: AWS_PRICE_SNAPSHOT,
        },
        Explanation {
            output: "reserved",
            label: "Reserved over the horizon",
            formula_tex: "C_{\\text{res}} = n\\,T\\,P_{\\text{res}}",
            bindings: vec![n.clone(), hours.clone(), p_res.clone()],
            result: format::usd(summary.total_usd.reserved),
            note: "A reservation is billed for every hour of its term, busy or idle; the default assumes a 45% discount on on-demand.",
            source: COURSE_COST_MODULE,
        },
        Explanation {
            output: "spot",
            label: "Spot over the horizon",
            formula_tex: "C_{\\text{spot}} = \\frac{n\\,T\\,u\\,P_{\\text{spot}}}{1 - r}",
            bindings: vec![
                n.clone(),
                hours.clone(),
                u.clone(),
                Binding { symbol: "P_{\\text{spot}}", meaning: "spot price per GPU-hour", value: format::usd(input.spot_per_gpu_hour) },
                Binding { symbol: "r", meaning: "share of paid spot hours lost to preemption and rework", value: format::percent(input.spot_rework_share) },
            ],
            result: format::usd(summary.total_usd.spot),
            note: "Preempted work must be redone from the last checkpoint, so useful hours cost 1/(1 − r) paid hours. Spot price and rework share are assumptions.",
            source: COURSE_COST_MODULE,
        },
        Explanation {
            output: "on_prem",
            label: "Owning over the horizon",
            formula_tex: "C_{\\text{own}} = K\\,(1 - s)\\,\\frac{M}{A} + n\\,T\\,u\\,e + M\\,(n\\,h + o) + E",
            bindings: vec![
                capex.clone(),
                resale.clone(),
                Binding { symbol: "M", meaning: "months in the horizon", value: input.horizon_months.to_string() },
                life.clone(),
                e.clone(),
                Binding { symbol: "h", meaning: "hosting and cooling per GPU a month", value: format::usd(input.hosting_per_gpu_month) },
                Binding { symbol: "o", meaning: "operations staff a month", value: format::usd(input.ops_usd_per_month) },
                egress.clone(),
            ],
            result: format::usd(summary.total_usd.on_prem),
            note: "Straight-line amortization down to the resale value: a horizon shorter than A carries only part of the purchase, the rest being the book value of hardware still owned; a longer one replaces the hardware every A months, selling the old for a share s of its price. Depreciation, not electricity, dominates.",
            source: BARROSO_2018,
        },
        Explanation {
            output: "break_even_utilization",
            label: "Break-even utilization, owning vs on-demand",
            formula_tex: "u^{*} = \\frac{F}{n\\,T\\,(P_{\\text{od}} - e)}",
            bindings: vec![fixed, n.clone(), hours.clone(), p_od.clone(), e],
            result: share_text(summary.break_even_utilization),
            note: "Owning costs F whether the GPUs work or not, plus electricity for busy hours; on-demand costs nothing when idle. Without the electricity term this is the course's C_own / P_cloud.",
            source: COURSE_COST_MODULE,
        },
        Explanation {
            output: "reserved_break_even_utilization",
            label: "Break-even utilization, reserved vs on-demand",
            formula_tex: "u^{*}_{\\text{res}} = \\frac{P_{\\text{res}}}{P_{\\text{od}}}",
            bindings: vec![p_res, p_od],
            result: share_text(summary.reserved_break_even_utilization),
            note: "Both are cloud prices per GPU-hour; the reservation is paid every hour, on-demand only for busy ones.",
            source: COURSE_COST_MODULE,
        },
        Explanation {
            output: "break_even_month",
            label: "Break-even month, purchase amortized",
            formula_tex: "m^{*} = \\min\\{m : K\\,(1 - s)\\,\\frac{m}{A} + E + m\\,R_{\\text{run}} \\le m\\,R_{\\text{od}}\\}",
            bindings: vec![capex.clone(), resale.clone(), life.clone(), egress.clone(), own_month.clone(), od_month.clone()],
            result: month_text(summary.break_even_month),
            note: "Cumulative costs with the purchase amortized month by month; one-off costs such as egress are what delay it past month 1.",
            source: BARROSO_2018,
        },
        Explanation {
            output: "payback_month",
            label: "Payback month, purchase paid up front",
            formula_tex: "m_{\\text{pay}} = \\min\\{m : K \\left\\lceil \\tfrac{m}{A} \\right\\rceil - s\\,K \\left(\\left\\lceil \\tfrac{m}{A} \\right\\rceil - 1\\right) + E + m\\,R_{\\text{run}} \\le m\\,R_{\\text{od}}\\}",
            bindings: vec![capex, resale, life, egress, own_month, od_month],
            result: month_text(summary.payback_month),
            note: "The cash view: the whole purchase is paid on day one (and again at the start of each new useful life, less the share s of its price that the replaced hardware sells for) and the monthly savings against on-demand pay it back.",
            source: BARROSO_2018,
        },
    ]
}
