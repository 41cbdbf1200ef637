//! Total cost of ownership: renting GPUs on demand, reserved or on spot,
//! against buying them, month by month over a horizon.
//!
//! # Model
//!
//! A month is 730 hours (8,760 / 12). With `n` GPUs busy a share `u` of the time:
//!
//! - **On demand** and **spot** bill only the hours used: `n · 730 · u · price`
//!   a month. Spot also pays for the work lost to preemptions and checkpoint
//!   rework: a share `r` of paid spot hours does no useful work, so the useful
//!   hours cost `1 / (1 − r)` times more.
//! - **Reserved** capacity bills every hour of the horizon, busy or idle.
//! - **On-premises** pays the purchase (GPUs plus their share of the server and
//!   cluster network) by straight-line amortization: each month carries 1/A of
//!   it for A = `amortization_months`, the hardware's useful life. A shorter
//!   horizon leaves the rest as the book value of hardware still owned; a
//!   longer one replaces the hardware at the end of each life, so every month
//!   keeps carrying 1/A of a purchase (Barroso et al. 2018, Chapter 6). With a
//!   resale share s, hardware is sold for s of its price when its life ends:
//!   straight-line depreciation then runs down to that salvage value, so a
//!   month carries (1 − s)/A of the purchase, and in the cash view each
//!   replacement is paid for in part by selling the hardware it replaces. Running
//!   costs each month are electricity for the busy hours only (`W × PUE × $/kWh`;
//!   idle draw is left out, which flatters owning a little), hosting and
//!   cooling per GPU, and operations staff for the whole fleet. The data set is
//!   assumed to live in the cloud, so moving it out once to train on-premises
//!   costs `TB × 1,000 GB/TB × $/GB` of egress on day one.
//!
//! # Outputs
//!
//! - `break_even_month`: the first month whose cumulative on-premises cost
//!   (amortized) is at most cumulative **on-demand** cost; `null` if none within
//!   the horizon. On-demand is the reference because it is the pay-per-use
//!   option the seed's claim and the course's break-even formula compare against.
//! - `payback_month`: the same test with the purchase paid in cash on day one,
//!   i.e. when savings against on-demand have paid for the hardware; each
//!   replacement is paid for in part by selling the hardware it replaces.
//! - `break_even_utilization`: the utilization at which on-premises and
//!   on-demand cost the same over the whole horizon; `null` if that is not in
//!   (0, 1]. `reserved_break_even_utilization` is `P_reserved / P_on_demand`.
//! - `heuristic_check`: the seed's "above 70% utilization for more than 6
//!   months, on-premises or reserved is cheaper than on-demand", evaluated at
//!   its weakest point: exactly 70% for 7 months, the shortest whole-month run
//!   that is "more than 6 months". If owning or reserving wins there, both gaps
//!   only widen with more months or more utilization (as long as on-demand
//!   costs more per hour than the electricity of a busy GPU), so the claim holds
//!   for these prices wherever it applies.
//!
//! # Keys and defaults
//!
//! All prices are examples, not quotes; change them to yours.
//!
//! | key | default | meaning and source |
//! |---|---|---|
//! | `gpus` | 8 | one 8-GPU server |
//! | `horizon_months` | 36 | three years |
//! | `utilization` | 0.7 | share of hours busy, in (0, 1]; the seed's threshold |
//! | `on_demand_per_gpu_hour` | 6.88 | AWS p5.48xlarge (8 × H100) at $55.04/h in us-east-1, November 2026 snapshot |
//! | `reserved_per_gpu_hour` | 3.78 | assumed 45% discount on on-demand for a 1–3 year commitment |
//! | `spot_per_gpu_hour` | 2.75 | assumed 60% discount on on-demand; spot prices move hourly |
//! | `spot_rework_share` | 0.1 | assumed share of paid spot hours lost to preemption, in [0, 0.9] |
//! | `price_per_gpu` | 30000 | the seed's "an H100 can cost over $30,000" (NVIDIA publishes no price) |
//! | `server_and_network_per_gpu` | 7500 | assumed, so an 8-GPU server with its network costs $300,000 |
//! | `amortization_months` | 48 | four years, within the usual three-to-five |
//! | `resale_share` | 0 | assumed: share of the purchase recovered by selling the hardware when its life ends, in [0, 0.9]; none by default |
//! | `power_w_per_gpu` | 700 | H100 SXM maximum power (NVIDIA datasheet); a whole server draws up to ~1,275 W per GPU |
//! | `pue` | 1.58 | industry average PUE in 2023 (Uptime Institute) |
//! | `usd_per_kwh` | 0.08 | US industrial average, about 8.1 ¢/kWh in 2023 (EIA) |
//! | `hosting_per_gpu_month` | 312.5 | assumed $30,000 a year per 8-GPU server for space, cooling and support |
//! | `ops_usd_per_month` | 1000 | assumed staff for the fleet: one $200,000 engineer per 16 servers, rounded |
//! | `dataset_tb` | 50 | assumed size of the data set moved out of the cloud |
//! | `egress_per_gb` | 0.09 | assumed common first-tier internet egress list rate from US regions |

use crate::explain::{Explanation, Source};
use crate::field::{Checker, FieldErrors, Range};
use crate::format;
use serde::{Deserialize, Serialize};

mod explain;

use explain::{explain, Summary};

pub const SLUG: &str = "tco";

/// 8,760 hours in a 365-day year, over 12 months.
pub const HOURS_PER_MONTH: f64 = 730.0;

/// The seed's claim is tested at exactly this utilization ...
pub const HEURISTIC_UTILIZATION: f64 = 0.7;
/// ... and over this many months, the shortest whole-month run "more than 6 months".
pub const HEURISTIC_MONTHS: u32 = 7;

pub const BARROSO_2018: Source = Source {
    title: "Barroso, Hölzle and Ranganathan 2018, The Datacenter as a Computer (3rd edition)",
    locator: "Chapter 6, Modeling Costs (capital costs amortized over the equipment's life, plus operating costs)",
    url: "https://doi.org/10.2200/S00874ED3V01Y201809CAC046",
};

pub const AWS_PRICE_SNAPSHOT: Source = Source {
    title: "datareceipts, GPU pricing: hyperscalers (third-party snapshot of AWS's public price list)",
    locator: "p5.48xlarge, 8 × H100, $55.04 per hour on demand in us-east-1, retrieved 9 November 2026",
    url: "https://raw.githubusercontent.com/datareceipts/data-receipts/main/109-gpu-pricing/hyperscalers.json",
};

/// The course's own labelled assumptions and its break-even algebra.
pub const COURSE_COST_MODULE: Source = Source {
    title: "Compute Lab, Cost, energy and deployment strategy (labelled assumptions)",
    locator: "The break-even formula; Testing the 70% rule of thumb",
    url: "#/m/cost-energy",
};

/// Renting by the hour, as the cost module teaches it.
pub const COURSE_GPU_HOUR: Source = Source {
    title: "Compute Lab, Cost, energy and deployment strategy",
    locator:
        "What a GPU-hour really costs (renting: accelerator-hours × price per accelerator-hour)",
    url: "#/m/cost-energy",
};

pub const SEED_H100_PRICE: Source = Source {
    title: "Assumption: an introductory article's \"an H100 can cost over $30,000 per unit\"",
    locator: "Not a vendor price (NVIDIA publishes none); see the module's Claim vs fact box",
    url: "#/m/cost-energy",
};

pub const UPTIME_2023: Source = Source {
    title: "Uptime Institute Intelligence 2023, Large data centers are mostly more efficient, analysis confirms",
    locator: "Industry average PUE 1.55–1.59 since about 2020; 1.58 in 2023",
    url: "https://intelligence.uptimeinstitute.com/resource/large-data-centers-are-mostly-more-efficient-analysis-confirms",
};

pub const EIA_2023: Source = Source {
    title: "U.S. Energy Information Administration, Electric Power Annual (data for 2023)",
    locator: "Average price of electricity to ultimate customers by end-use sector: industrial, about 8.1 ¢/kWh",
    url: "https://www.eia.gov/electricity/annual/",
};

pub const NVIDIA_H100: Source = Source {
    title: "NVIDIA H100 Tensor Core GPU datasheet",
    locator: "H100 SXM column: max thermal design power up to 700 W",
    url: "https://www.nvidia.com/en-us/data-center/h100/",
};

pub const FIELDS: [&str; 18] = [
    "gpus",
    "horizon_months",
    "utilization",
    "on_demand_per_gpu_hour",
    "reserved_per_gpu_hour",
    "spot_per_gpu_hour",
    "spot_rework_share",
    "price_per_gpu",
    "server_and_network_per_gpu",
    "amortization_months",
    "resale_share",
    "power_w_per_gpu",
    "pue",
    "usd_per_kwh",
    "hosting_per_gpu_month",
    "ops_usd_per_month",
    "dataset_tb",
    "egress_per_gb",
];

/// The fields by group, in `FIELDS` order: the form's fieldsets and the
/// command line's JSON sections both follow these, so a new key is added once.
pub const USAGE_FIELDS: [&str; 3] = ["gpus", "horizon_months", "utilization"];
pub const CLOUD_FIELDS: [&str; 4] = [
    "on_demand_per_gpu_hour",
    "reserved_per_gpu_hour",
    "spot_per_gpu_hour",
    "spot_rework_share",
];
pub const ON_PREM_FIELDS: [&str; 9] = [
    "price_per_gpu",
    "server_and_network_per_gpu",
    "amortization_months",
    "resale_share",
    "power_w_per_gpu",
    "pue",
    "usd_per_kwh",
    "hosting_per_gpu_month",
    "ops_usd_per_month",
];
pub const DATA_FIELDS: [&str; 2] = ["dataset_tb", "egress_per_gb"];

/// Raw strings, as typed; the module docs list every key's default and source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TcoForm {
    pub gpus: String,
    pub horizon_months: String,
    pub utilization: String,
    pub on_demand_per_gpu_hour: String,
    pub reserved_per_gpu_hour: String,
    pub spot_per_gpu_hour: String,
    pub spot_rework_share: String,
    pub price_per_gpu: String,
    pub server_and_network_per_gpu: String,
    pub amortization_months: String,
    pub resale_share: String,
    pub power_w_per_gpu: String,
    pub pue: String,
    pub usd_per_kwh: String,
    pub hosting_per_gpu_month: String,
    pub ops_usd_per_month: String,
    pub dataset_tb: String,
    pub egress_per_gb: String,
}

impl Default for TcoForm {
    /// One 8-GPU H100 server, busy 70% of the time for three years: the seed's
    /// threshold, priced with the sourced figures and labelled assumptions above.
    fn default() -> Self {
        TcoForm {
            gpus: "8".into(),
            horizon_months: "36".into(),
            utilization: "0.7".into(),
            on_demand_per_gpu_hour: "6.88".into(),
            reserved_per_gpu_hour: "3.78".into(),
            spot_per_gpu_hour: "2.75".into(),
            spot_rework_share: "0.1".into(),
            price_per_gpu: "30000".into(),
            server_and_network_per_gpu: "7500".into(),
            amortization_months: "48".into(),
            resale_share: "0".into(),
            power_w_per_gpu: "700".into(),
            pue: "1.58".into(),
            usd_per_kwh: "0.08".into(),
            hosting_per_gpu_month: "312.5".into(),
            ops_usd_per_month: "1000".into(),
            dataset_tb: "50".into(),
            egress_per_gb: "0.09".into(),
        }
    }
}

impl TcoForm {
    fn slot(&mut self, field: &str) -> Option<&mut String> {
        Some(match field {
            "gpus" => &mut self.gpus,
            "horizon_months" => &mut self.horizon_months,
            "utilization" => &mut self.utilization,
            "on_demand_per_gpu_hour" => &mut self.on_demand_per_gpu_hour,
            "reserved_per_gpu_hour" => &mut self.reserved_per_gpu_hour,
            "spot_per_gpu_hour" => &mut self.spot_per_gpu_hour,
            "spot_rework_share" => &mut self.spot_rework_share,
            "price_per_gpu" => &mut self.price_per_gpu,
            "server_and_network_per_gpu" => &mut self.server_and_network_per_gpu,
            "amortization_months" => &mut self.amortization_months,
            "resale_share" => &mut self.resale_share,
            "power_w_per_gpu" => &mut self.power_w_per_gpu,
            "pue" => &mut self.pue,
            "usd_per_kwh" => &mut self.usd_per_kwh,
            "hosting_per_gpu_month" => &mut self.hosting_per_gpu_month,
            "ops_usd_per_month" => &mut self.ops_usd_per_month,
            "dataset_tb" => &mut self.dataset_tb,
            "egress_per_gb" => &mut self.egress_per_gb,
            _ => return None,
        })
    }
}

crate::widgets::slot_form!(TcoForm, FIELDS);

impl TcoForm {
    /// Checks every field and reports every problem at once.
    pub fn validate(&self) -> Result<TcoInput, FieldErrors> {
        let mut checker = Checker::default();
        let price = Range::above(0.0, 1e4);
        let money = Range::at_least(0.0, 1e9);
        let gpus = checker.whole("gpus", &self.gpus, Range::at_least(1.0, 1e6));
        let horizon_months = checker.whole(
            "horizon_months",
            &self.horizon_months,
            Range::at_least(1.0, 240.0),
        );
        let utilization = checker.real("utilization", &self.utilization, Range::above(0.0, 1.0));
        let on_demand = checker.real(
            "on_demand_per_gpu_hour",
            &self.on_demand_per_gpu_hour,
            price,
        );
        let reserved = checker.real("reserved_per_gpu_hour", &self.reserved_per_gpu_hour, price);
        let spot = checker.real("spot_per_gpu_hour", &self.spot_per_gpu_hour, price);
        // At most 0.9 so that 1 / (1 − r) stays finite and meaningful.
        let spot_rework_share = checker.real(
            "spot_rework_share",
            &self.spot_rework_share,
            Range::at_least(0.0, 0.9),
        );
        let price_per_gpu =
            checker.real("price_per_gpu", &self.price_per_gpu, Range::above(0.0, 1e7));
        let server_and_network = checker.real(
            "server_and_network_per_gpu",
            &self.server_and_network_per_gpu,
            Range::at_least(0.0, 1e7),
        );
        let amortization_months = checker.whole(
            "amortization_months",
            &self.amortization_months,
            Range::at_least(1.0, 240.0),
        );
        // At most 0.9: hardware resold for its whole price would cost nothing
        // to own, which no second-hand market pays.
        let resale_share = checker.real(
            "resale_share",
            &self.resale_share,
            Range::at_least(0.0, 0.9),
        );
        let power_w = checker.real(
            "power_w_per_gpu",
            &self.power_w_per_gpu,
            Range::at_least(0.0, 1e5),
        );
        let pue = checker.real("pue", &self.pue, Range::at_least(1.0, 5.0));
        let usd_per_kwh =
            checker.real("usd_per_kwh", &self.usd_per_kwh, Range::at_least(0.0, 10.0));
        let hosting = checker.real(
            "hosting_per_gpu_month",
            &self.hosting_per_gpu_month,
            Range::at_least(0.0, 1e6),
        );
        let ops = checker.real("ops_usd_per_month", &self.ops_usd_per_month, money);
        let dataset_tb = checker.real("dataset_tb", &self.dataset_tb, Range::at_least(0.0, 1e6));
        let egress = checker.real(
            "egress_per_gb",
            &self.egress_per_gb,
            Range::at_least(0.0, 10.0),
        );
        checker.finish(|| {
            Some(TcoInput {
                gpus: gpus?,
                horizon_months: u32::try_from(horizon_months?).ok()?,
                utilization: utilization?,
                on_demand_per_gpu_hour: on_demand?,
                reserved_per_gpu_hour: reserved?,
                spot_per_gpu_hour: spot?,
                spot_rework_share: spot_rework_share?,
                price_per_gpu: price_per_gpu?,
                server_and_network_per_gpu: server_and_network?,
                amortization_months: u32::try_from(amortization_months?).ok()?,
                resale_share: resale_share?,
                power_w_per_gpu: power_w?,
                pue: pue?,
                usd_per_kwh: usd_per_kwh?,
                hosting_per_gpu_month: hosting?,
                ops_usd_per_month: ops?,
                dataset_tb: dataset_tb?,
                egress_per_gb: egress?,
            })
        })
    }
}

/// Validated input: every price finite and in range, at least one GPU and one
/// month, utilization in (0, 1], spot rework share in [0, 0.9].
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TcoInput {
    pub gpus: u64,
    pub horizon_months: u32,
    pub utilization: f64,
    pub on_demand_per_gpu_hour: f64,
    pub reserved_per_gpu_hour: f64,
    pub spot_per_gpu_hour: f64,
    pub spot_rework_share: f64,
    pub price_per_gpu: f64,
    pub server_and_network_per_gpu: f64,
    pub amortization_months: u32,
    pub resale_share: f64,
    pub power_w_per_gpu: f64,
    pub pue: f64,
    pub usd_per_kwh: f64,
    pub hosting_per_gpu_month: f64,
    pub ops_usd_per_month: f64,
    pub dataset_tb: f64,
    pub egress_per_gb: f64,
}

/// What each option costs a month, at one utilization.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Rates {
    on_demand: f64,
    reserved: f64,
    spot: f64,
    /// The purchase: GPUs, their share of the server and the network.
    capex: f64,
    amortization_months: u32,
    /// What the purchase sells for when its life ends.
    resale: f64,
    /// Electricity, hosting and operations.
    running: f64,
    /// Egress paid once, on day one.
    one_off: f64,
}

impl Rates {
    fn new(input: &TcoInput, utilization: f64) -> Rates {
        let gpus = input.gpus as f64;
        let busy_hours = gpus * HOURS_PER_MONTH * utilization;
        let capex = gpus * (input.price_per_gpu + input.server_and_network_per_gpu);
        Rates {
            on_demand: busy_hours * input.on_demand_per_gpu_hour,
            reserved: gpus * HOURS_PER_MONTH * input.reserved_per_gpu_hour,
            spot: busy_hours * input.spot_per_gpu_hour / (1.0 - input.spot_rework_share),
            capex,
            amortization_months: input.amortization_months,
            resale: capex * input.resale_share,
            running: busy_hours * energy_per_busy_gpu_hour(input)
                + gpus * input.hosting_per_gpu_month
                + input.ops_usd_per_month,
            one_off: egress_usd(input),
        }
    }

    /// Cumulative owning cost at the end of `month`, with straight-line
    /// amortization down to the resale value. Hardware is replaced when its
    /// useful life ends, so past A months each month still carries 1/A of a
    /// purchase, less its resale.
    fn on_prem(&self, month: u32) -> f64 {
        let amortized = f64::from(month) / f64::from(self.amortization_months);
        self.one_off + (self.capex - self.resale) * amortized + f64::from(month) * self.running
    }

    /// Cumulative owning cost at the end of `month` with each purchase paid in
    /// cash: the first on day one, and a replacement at the start of every new
    /// life, paid for in part by selling the hardware it replaces. The
    /// hardware in use at `month` is still owned, so it is not sold.
    fn on_prem_cash(&self, month: u32) -> f64 {
        let purchases = month.max(1).div_ceil(self.amortization_months);
        let sales = purchases.saturating_sub(1);
        self.one_off + self.capex * f64::from(purchases) - self.resale * f64::from(sales)
            + f64::from(month) * self.running
    }
}

/// Electricity for one busy GPU-hour, facility overhead included.
fn energy_per_busy_gpu_hour(input: &TcoInput) -> f64 {
    input.power_w_per_gpu / 1000.0 * input.pue * input.usd_per_kwh
}

fn egress_usd(input: &TcoInput) -> f64 {
    input.dataset_tb * 1000.0 * input.egress_per_gb
}

/// Cost of each option over the horizon, in dollars.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct OptionCosts {
    pub on_demand: f64,
    pub reserved: f64,
    pub spot: f64,
    pub on_prem: f64,
}

/// Cumulative cost of every option at the end of one month (month 0 is day one).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MonthPoint {
    pub month: u32,
    pub on_demand: f64,
    pub reserved: f64,
    pub spot: f64,
    /// Amortized: the purchase, less its resale, spread over `amortization_months`.
    pub on_prem: f64,
    /// Cash: the purchase paid on day one; replacements less the resale of the old.
    pub on_prem_cash: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeuristicCheck {
    pub holds: bool,
    pub explanation: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TcoOutput {
    pub total_usd: OptionCosts,
    /// The option with the lowest total, by key: `on_demand`, `reserved`, `spot` or `on_prem`.
    pub cheapest: &'static str,
    /// Owning cost per GPU-hour of the horizon, busy or idle.
    pub on_prem_usd_per_gpu_hour: f64,
    pub break_even_month: Option<u32>,
    pub payback_month: Option<u32>,
    pub break_even_utilization: Option<f64>,
    pub reserved_break_even_utilization: Option<f64>,
    pub heuristic_check: HeuristicCheck,
    /// Sentences for a reserved or spot price above on-demand, which no
    /// provider charges: the usual cause is a changed on-demand price with
    /// the discounted ones left as they were.
    pub price_warnings: Vec<String>,
    pub monthly_cumulative: Vec<MonthPoint>,
    pub explanations: Vec<Explanation>,
}

/// Cannot fail: validation keeps every price finite, the amortization period
/// positive and the spot rework share below 1.
pub fn compute(input: &TcoInput) -> TcoOutput {
    let rates = Rates::new(input, input.utilization);
    let horizon = input.horizon_months;
    let monthly_cumulative: Vec<MonthPoint> =
        (0..=horizon).map(|month| point(&rates, month)).collect();
    let total = point(&rates, horizon);
    let total_usd = OptionCosts {
        on_demand: total.on_demand,
        reserved: total.reserved,
        spot: total.spot,
        on_prem: total.on_prem,
    };
    let break_even_month = first_month(horizon, |month| {
        rates.on_prem(month) <= f64::from(month) * rates.on_demand
    });
    let payback_month = first_month(horizon, |month| {
        rates.on_prem_cash(month) <= f64::from(month) * rates.on_demand
    });
    let break_even_utilization = break_even_utilization(input, horizon);
    let reserved_break_even_utilization = reserved_break_even_utilization(input);
    let gpu_hours = input.gpus as f64 * HOURS_PER_MONTH * f64::from(horizon);
    let summary = Summary {
        total_usd,
        break_even_month,
        payback_month,
        break_even_utilization,
        reserved_break_even_utilization,
    };
    TcoOutput {
        cheapest: cheapest(&total_usd),
        on_prem_usd_per_gpu_hour: total_usd.on_prem / gpu_hours,
        heuristic_check: heuristic_check(input),
        price_warnings: price_warnings(input),
        explanations: explain(input, &rates, &summary),
        total_usd,
        break_even_month,
        payback_month,
        break_even_utilization,
        reserved_break_even_utilization,
        monthly_cumulative,
    }
}

/// A discounted price above on-demand, in words. The three prices are typed
/// separately, so changing on-demand alone can leave the others above it.
fn price_warnings(input: &TcoInput) -> Vec<String> {
    let on_demand = input.on_demand_per_gpu_hour;
    [
        ("reserved", input.reserved_per_gpu_hour, "a commitment of one to three years is sold below on-demand (the example assumes 45% off)"),
        ("spot", input.spot_per_gpu_hour, "spare capacity that can be taken back is sold below on-demand (the example assumes 60% off)"),
    ]
    .into_iter()
    .filter(|(_, price, _)| *price > on_demand)
    .map(|(name, price, why)| {
        format!(
            "The {name} price, {} per GPU-hour, is above on-demand at {}, but {why}. Check the {name} price against the provider's list.",
            format::usd(price),
            format::usd(on_demand)
        )
    })
    .collect()
}

fn point(rates: &Rates, month: u32) -> MonthPoint {
    let months = f64::from(month);
    MonthPoint {
        month,
        on_demand: months * rates.on_demand,
        reserved: months * rates.reserved,
        spot: months * rates.spot,
        on_prem: rates.on_prem(month),
        on_prem_cash: rates.on_prem_cash(month),
    }
}

fn first_month(horizon: u32, test: impl Fn(u32) -> bool) -> Option<u32> {
    (1..=horizon).find(|month| test(*month))
}

/// The utilization at which owning and on-demand cost the same over `months`.
/// Owning is F + u·V (fixed costs plus electricity for busy hours), on-demand
/// is u·D, so u* = F / (D − V); none if on-demand never catches up within u ≤ 1.
pub fn break_even_utilization(input: &TcoInput, months: u32) -> Option<f64> {
    let fixed = fixed_owning_cost(input, months);
    let gpu_hours = input.gpus as f64 * HOURS_PER_MONTH * f64::from(months);
    let margin = gpu_hours * (input.on_demand_per_gpu_hour - energy_per_busy_gpu_hour(input));
    let share = fixed / margin;
    (margin > 0.0 && share > 0.0 && share <= 1.0).then_some(share)
}

/// Reserved capacity is paid every hour and on-demand only for busy ones, so
/// they cost the same at u = P_res / P_od; none if reserved costs more per hour.
pub fn reserved_break_even_utilization(input: &TcoInput) -> Option<f64> {
    Some(input.reserved_per_gpu_hour / input.on_demand_per_gpu_hour).filter(|u| *u <= 1.0)
}

/// Owning costs that do not depend on utilization, over `months`: at zero
/// utilization only those remain.
fn fixed_owning_cost(input: &TcoInput, months: u32) -> f64 {
    Rates::new(input, 0.0).on_prem(months)
}

fn cheapest(total: &OptionCosts) -> &'static str {
    [
        ("on_demand", total.on_demand),
        ("reserved", total.reserved),
        ("spot", total.spot),
        ("on_prem", total.on_prem),
    ]
    .into_iter()
    .min_by(|a, b| a.1.total_cmp(&b.1))
    .map(|(key, _)| key)
    .unwrap_or("on_demand")
}

/// Tests the seed's rule at its weakest point, 70% for 7 months, with these prices.
pub fn heuristic_check(input: &TcoInput) -> HeuristicCheck {
    let months = HEURISTIC_MONTHS;
    let rates = Rates::new(input, HEURISTIC_UTILIZATION);
    let on_demand = f64::from(months) * rates.on_demand;
    let reserved = f64::from(months) * rates.reserved;
    let on_prem = rates.on_prem(months);
    let holds = on_prem.min(reserved) < on_demand;
    let own_threshold = match break_even_utilization(input, months) {
        Some(share) => format!("owning beats on-demand above {}", format::percent(share)),
        // No share up to 100% evens them: owning wins at any use if its fixed
        // costs are nothing, and otherwise never.
        None if fixed_owning_cost(input, months) <= 0.0 => {
            "owning beats on-demand at any utilization".to_string()
        }
        None => "owning never beats on-demand, even at 100% utilization".to_string(),
    };
    let reserved_threshold = match reserved_break_even_utilization(input) {
        Some(share) => format!("reserved beats it above {}", format::percent(share)),
        None => "reserved never does, costing more per hour".to_string(),
    };
    let resale = if input.resale_share > 0.0 {
        format!(
            ", down to a resale value of {} of the price",
            format::percent(input.resale_share)
        )
    } else {
        String::new()
    };
    let life = input.amortization_months;
    let owned = if life < months {
        format!("a {life}-month useful life amortized{resale}, and its replacement for the months after it")
    } else {
        format!("7 months of a {life}-month useful life amortized{resale}")
    };
    let costs = format!(
        "at 70% utilization for 7 months (the shortest whole-month run \"more than 6 months\"), on-demand costs {}, reserved {} and owning {} ({owned})",
        format::usd(on_demand),
        format::usd(reserved),
        format::usd(on_prem),
    );
    let thresholds = format!(
        "Over those 7 months {own_threshold} and {reserved_threshold}: the threshold that matters comes from your prices, not from the rule."
    );
    let explanation = if holds {
        let winner = if on_prem <= reserved {
            "owning"
        } else {
            "reserved"
        };
        format!(
            "Holds for these prices: {costs}, so {winner} is cheaper. More months or more utilization only widen the gap. {thresholds}"
        )
    } else {
        format!(
            "Fails for these prices: {costs}, so on-demand is the cheapest of the three. {thresholds}"
        )
    };
    HeuristicCheck { holds, explanation }
}

#[cfg(test)]
mod tests;
