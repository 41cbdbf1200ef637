//! Energy, electricity cost and carbon of running accelerators for a number of
//! hours, the racks they fill, and the same run on every catalogued part.
//!
//! # Model
//!
//! Energy follows Patterson et al. 2021, Section 2.5: hours × processors ×
//! average power per processor × PUE, and CO2 = energy × grid intensity.
//!
//! - **Average power per accelerator** is linear in utilization between an idle
//!   floor and the TDP, `TDP × (f + (1 − f) × u)`, the shape Fan, Weber and
//!   Barroso 2007 measured for servers. `u` is the share of hours the part is
//!   busy (its duty cycle), not model FLOPs utilization: a busy accelerator is
//!   taken to draw its full TDP, an upper bound for most workloads.
//! - **IT power** adds a fixed overhead per server (CPUs, memory, NICs, switches,
//!   fans) for `ceil(count / accelerators_per_server)` servers, drawn whether the
//!   accelerators are busy or not.
//! - **Facility power** multiplies IT power by the PUE.
//! - **Racks** are sized for peak, not average, draw: each server at full TDP
//!   plus its overhead, as many whole servers per rack as the rack limit allows.
//! - **Comparison** across the catalogue counts accelerators only, times PUE,
//!   because server overhead differs by platform and the catalogue does not
//!   record it. At equal *hours* every part runs as long as the chosen one. At
//!   equal *work* (only where both publish a dense BF16 peak) each part runs
//!   `hours × peak_chosen / peak_other`: this assumes every part reaches the
//!   same share of its peak on this job, which real software rarely does.
//!
//! # Keys and defaults
//!
//! The defaults are module 7's worked example: a 7-billion-parameter model on
//! one trillion tokens, 57.6 hours on 512 H100s.
//!
//! | key | default | meaning and source |
//! |---|---|---|
//! | `accelerator` | `h100-sxm-80gb` | catalogue id; must publish `tdp_w` |
//! | `count` | 512 | accelerators |
//! | `hours` | 57.6 | wall-clock hours of the run |
//! | `utilization` | 1 | share of hours busy, in [0, 1] |
//! | `idle_fraction` | 0.1 | assumed idle draw as a share of TDP, in [0, 1] |
//! | `pue` | 1.58 | industry average in 2023 (Uptime Institute) |
//! | `usd_per_kwh` | 0.08 | US industrial average in 2023 (EIA) |
//! | `grid_kg_co2_per_kwh` | 0.445 | global average in 2024 (IEA, Electricity 2025) |
//! | `tokens` | 1e12 | optional: tokens processed, for tokens per joule; empty for none |
//! | `samples` | empty | optional: samples processed, for samples per joule |
//! | `accelerators_per_server` | 8 | an HGX/DGX-style server |
//! | `server_overhead_w` | 4600 | DGX H100's ~10.2 kW maximum minus 8 × 700 W of GPUs |
//! | `rack_limit_kw` | 20 | top of the seed's "a single GPU rack can draw 15–20 kW" |

use crate::explain::{Binding, Explanation, Source};
use crate::field::{Checker, FieldErrors, FieldProblem, Range};
use crate::format;
use crate::hardware::{Accelerator, Catalogue, Precision};
use crate::tco::{EIA_2023, UPTIME_2023};
use serde::{Deserialize, Serialize};

pub const SLUG: &str = "energy";

/// Joules in one kilowatt-hour.
const JOULES_PER_KWH: f64 = 3.6e6;

pub const PATTERSON_2021: Source = Source {
    title: "Patterson et al. 2021, Carbon Emissions and Large Neural Network Training",
    locator: "Section 2.5 (kWh = hours × processors × average power × PUE; tCO2e = kWh × kg CO2e per kWh) and Table 4",
    url: "https://arxiv.org/abs/2104.10350",
};

pub const FAN_2007: Source = Source {
    title: "Fan, Weber and Barroso 2007, Power Provisioning for a Warehouse-sized Computer",
    locator:
        "ISCA 2007: server power modelled as linear in utilization, from an idle floor to full load",
    url: "https://doi.org/10.1145/1273440.1250665",
};

pub const IEA_2025: Source = Source {
    title: "International Energy Agency, Electricity 2025",
    locator: "Emissions chapter: global CO2 intensity of electricity generation, 445 g/kWh in 2024",
    url: "https://www.iea.org/reports/electricity-2025/emissions",
};

pub const NVIDIA_DGX_H100: Source = Source {
    title: "NVIDIA DGX H100 User Guide, Introduction to the NVIDIA DGX H100 System",
    locator: "Maximum system power about 10.2 kW for 8 × H100 (as quoted by secondary sources; see module 7)",
    url: "https://docs.nvidia.com/dgx/dgxh100-user-guide/introduction-to-dgxh100.html",
};

pub const SEED_RACK_LIMIT: Source = Source {
    title: "Assumption: an introductory article's \"a single GPU rack can draw 15–20 kW\"",
    locator: "Power, racks and PUE: dense racks such as GB200 NVL72 draw about 120 kW",
    url: "#/m/cost-energy",
};

pub const FIELDS: [&str; 13] = [
    "accelerator",
    "count",
    "hours",
    "utilization",
    "idle_fraction",
    "pue",
    "usd_per_kwh",
    "grid_kg_co2_per_kwh",
    "tokens",
    "samples",
    "accelerators_per_server",
    "server_overhead_w",
    "rack_limit_kw",
];

/// Raw strings, as typed; the module docs list every key's default and source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EnergyForm {
    pub accelerator: String,
    pub count: String,
    pub hours: String,
    pub utilization: String,
    pub idle_fraction: String,
    pub pue: String,
    pub usd_per_kwh: String,
    pub grid_kg_co2_per_kwh: String,
    pub tokens: String,
    pub samples: String,
    pub accelerators_per_server: String,
    pub server_overhead_w: String,
    pub rack_limit_kw: String,
}

impl Default for EnergyForm {
    /// Module 7's training run: 512 H100s for 57.6 hours on a trillion tokens.
    fn default() -> Self {
        EnergyForm {
            accelerator: "h100-sxm-80gb".into(),
            count: "512".into(),
            hours: "57.6".into(),
            utilization: "1".into(),
            idle_fraction: "0.1".into(),
            pue: "1.58".into(),
            usd_per_kwh: "0.08".into(),
            grid_kg_co2_per_kwh: "0.445".into(),
            tokens: "1e12".into(),
            samples: String::new(),
            accelerators_per_server: "8".into(),
            server_overhead_w: "4600".into(),
            rack_limit_kw: "20".into(),
        }
    }
}

impl EnergyForm {
    fn slot(&mut self, field: &str) -> Option<&mut String> {
        Some(match field {
            "accelerator" => &mut self.accelerator,
            "count" => &mut self.count,
            "hours" => &mut self.hours,
            "utilization" => &mut self.utilization,
            "idle_fraction" => &mut self.idle_fraction,
            "pue" => &mut self.pue,
            "usd_per_kwh" => &mut self.usd_per_kwh,
            "grid_kg_co2_per_kwh" => &mut self.grid_kg_co2_per_kwh,
            "tokens" => &mut self.tokens,
            "samples" => &mut self.samples,
            "accelerators_per_server" => &mut self.accelerators_per_server,
            "server_overhead_w" => &mut self.server_overhead_w,
            "rack_limit_kw" => &mut self.rack_limit_kw,
            _ => return None,
        })
    }

    /// Checks every field, and that the accelerator exists and publishes its TDP.
    pub fn validate(&self, catalogue: &Catalogue) -> Result<EnergyInput, FieldErrors> {
        let mut checker = Checker::default();
        let accelerator = find_with_tdp(catalogue, &self.accelerator, &mut checker);
        let count = checker.whole("count", &self.count, Range::at_least(1.0, 1e7));
        let hours = checker.real("hours", &self.hours, Range::above(0.0, 1e6));
        let utilization = checker.real("utilization", &self.utilization, Range::at_least(0.0, 1.0));
        let idle_fraction = checker.real(
            "idle_fraction",
            &self.idle_fraction,
            Range::at_least(0.0, 1.0),
        );
        let pue = checker.real("pue", &self.pue, Range::at_least(1.0, 5.0));
        let usd_per_kwh =
            checker.real("usd_per_kwh", &self.usd_per_kwh, Range::at_least(0.0, 10.0));
        let grid = checker.real(
            "grid_kg_co2_per_kwh",
            &self.grid_kg_co2_per_kwh,
            Range::at_least(0.0, 2.0),
        );
        let tokens = checker.optional_real("tokens", &self.tokens, Range::above(0.0, 1e18));
        let samples = checker.optional_real("samples", &self.samples, Range::above(0.0, 1e18));
        // Work is done only in busy hours: at zero utilization a count of tokens
        // or samples contradicts the run, and a per-joule figure would be invented.
        if utilization == Some(0.0) {
            for (field, work) in [("tokens", &tokens), ("samples", &samples)] {
                if matches!(work, Some(Some(_))) {
                    checker.invalid(
                        field,
                        format!("Nothing is processed at 0% utilization: raise the utilization or leave {field} empty."),
                    );
                }
            }
        }
        let per_server = checker.whole(
            "accelerators_per_server",
            &self.accelerators_per_server,
            Range::at_least(1.0, 64.0),
        );
        let overhead = checker.real(
            "server_overhead_w",
            &self.server_overhead_w,
            Range::at_least(0.0, 1e5),
        );
        let rack_limit = checker.real("rack_limit_kw", &self.rack_limit_kw, Range::above(0.0, 1e4));
        checker.finish(|| {
            let (accelerator, tdp_w) = accelerator?;
            Some(EnergyInput {
                accelerator,
                tdp_w,
                count: count?,
                hours: hours?,
                utilization: utilization?,
                idle_fraction: idle_fraction?,
                pue: pue?,
                usd_per_kwh: usd_per_kwh?,
                grid_kg_co2_per_kwh: grid?,
                tokens: tokens?,
                samples: samples?,
                accelerators_per_server: per_server?,
                server_overhead_w: overhead?,
                rack_limit_kw: rack_limit?,
                alternatives: catalogue
                    .accelerators
                    .iter()
                    .filter(|acc| positive_tdp(acc).is_some())
                    .cloned()
                    .collect(),
            })
        })
    }
}

crate::widgets::slot_form!(EnergyForm, FIELDS);

fn positive_tdp(acc: &Accelerator) -> Option<f64> {
    acc.tdp_w.filter(|watts| *watts > 0.0 && watts.is_finite())
}

/// The chosen accelerator and its TDP, or the problem recorded against `accelerator`.
fn find_with_tdp(
    catalogue: &Catalogue,
    raw: &str,
    checker: &mut Checker,
) -> Option<(Accelerator, f64)> {
    let id = raw.trim();
    if id.is_empty() {
        checker.errors.push("accelerator", FieldProblem::Empty);
        return None;
    }
    let Some(acc) = catalogue.find(id) else {
        checker.errors.push(
            "accelerator",
            FieldProblem::UnknownId {
                id: id.chars().take(40).collect(),
            },
        );
        return None;
    };
    match positive_tdp(acc) {
        Some(tdp) => Some((acc.clone(), tdp)),
        None => {
            checker.errors.push(
                "accelerator",
                FieldProblem::MissingData {
                    name: acc.name.clone(),
                    what: "TDP".into(),
                    so: "its energy cannot be estimated; choose a part with a published TDP",
                },
            );
            None
        }
    }
}

/// Validated input: a catalogued accelerator with a positive TDP, shares in
/// [0, 1], PUE of at least 1, and at least one accelerator per server.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnergyInput {
    pub accelerator: Accelerator,
    pub tdp_w: f64,
    pub count: u64,
    pub hours: f64,
    pub utilization: f64,
    pub idle_fraction: f64,
    pub pue: f64,
    pub usd_per_kwh: f64,
    pub grid_kg_co2_per_kwh: f64,
    pub tokens: Option<f64>,
    pub samples: Option<f64>,
    pub accelerators_per_server: u64,
    pub server_overhead_w: f64,
    pub rack_limit_kw: f64,
    /// Every catalogued part with a published TDP, for the comparison.
    pub alternatives: Vec<Accelerator>,
}

/// Servers, and how many fit in a rack at peak draw.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RackPlan {
    pub servers: u64,
    /// One server with every accelerator at TDP plus its overhead.
    pub server_peak_kw: f64,
    pub servers_per_rack: u64,
    /// `None` when a single server exceeds the rack limit.
    pub racks_needed: Option<u64>,
}

/// The same run on another catalogued part, accelerators only, times PUE.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    pub id: String,
    pub name: String,
    pub tdp_w: f64,
    pub kwh_equal_hours: f64,
    pub peak_bf16_tflops: Option<f64>,
    pub tflops_per_watt: Option<f64>,
    /// Hours to do the chosen part's work, scaled by dense BF16 peak.
    pub hours_equal_work: Option<f64>,
    pub kwh_equal_work: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnergyOutput {
    /// Average draw of one accelerator.
    pub average_power_w: f64,
    pub servers: u64,
    pub it_power_kw: f64,
    pub facility_power_kw: f64,
    pub kwh: f64,
    /// The accelerators' share of `kwh` (times PUE, without server overhead), as compared below.
    pub accelerator_kwh: f64,
    pub usd: f64,
    pub co2_kg: f64,
    pub tokens_per_joule: Option<f64>,
    pub samples_per_joule: Option<f64>,
    pub rack: RackPlan,
    pub comparison: Vec<Comparison>,
    /// Set when the server overhead dwarfs the accelerators it serves: the
    /// default is a DGX H100's, and kept for a server of small inference
    /// cards it multiplies their energy several times over.
    pub overhead_warning: Option<String>,
    pub explanations: Vec<Explanation>,
}

/// Overhead above this multiple of a server's accelerator power is taken for
/// a default left in place rather than a measured figure.
const OVERHEAD_WARNING_RATIO: f64 = 2.0;

fn overhead_warning(input: &EnergyInput) -> Option<String> {
    let cards_w = input.accelerators_per_server as f64 * input.tdp_w;
    (input.server_overhead_w > OVERHEAD_WARNING_RATIO * cards_w).then(|| {
        format!(
            "The server overhead, {}, is more than twice what the server's accelerators draw at TDP ({} × {} = {}). The example's figure is a DGX H100's, an upper bound for an eight-GPU training server; a server of small cards draws far less beyond them. Set the overhead to your own server's figure.",
            format::si(input.server_overhead_w, "W"),
            format::grouped(input.accelerators_per_server),
            format::si(input.tdp_w, "W"),
            format::si(cards_w, "W"),
        )
    })
}

/// Average draw of one accelerator: linear between the idle floor and TDP.
fn average_power_w(tdp_w: f64, input: &EnergyInput) -> f64 {
    tdp_w * (input.idle_fraction + (1.0 - input.idle_fraction) * input.utilization)
}

/// Accelerator energy over `hours`, facility overhead included, in kWh.
fn accelerator_kwh(tdp_w: f64, hours: f64, input: &EnergyInput) -> f64 {
    input.count as f64 * average_power_w(tdp_w, input) * input.pue * hours / 1000.0
}

/// Cannot fail: validation keeps every quantity finite, the TDP positive and
/// at least one accelerator per server.
pub fn compute(input: &EnergyInput) -> EnergyOutput {
    let average_power_w = average_power_w(input.tdp_w, input);
    let servers = input.count.div_ceil(input.accelerators_per_server);
    let it_power_kw =
        (input.count as f64 * average_power_w + servers as f64 * input.server_overhead_w) / 1000.0;
    let facility_power_kw = it_power_kw * input.pue;
    let kwh = facility_power_kw * input.hours;
    let joules = kwh * JOULES_PER_KWH;
    let per_joule = |work: Option<f64>| work.filter(|_| joules > 0.0).map(|w| w / joules);
    let rack = rack_plan(input, servers);
    let out = EnergyOutput {
        average_power_w,
        servers,
        it_power_kw,
        facility_power_kw,
        kwh,
        accelerator_kwh: accelerator_kwh(input.tdp_w, input.hours, input),
        usd: kwh * input.usd_per_kwh,
        co2_kg: kwh * input.grid_kg_co2_per_kwh,
        tokens_per_joule: per_joule(input.tokens),
        samples_per_joule: per_joule(input.samples),
        rack,
        comparison: compare(input),
        overhead_warning: overhead_warning(input),
        explanations: Vec::new(),
    };
    EnergyOutput {
        explanations: explain(input, &out),
        ..out
    }
}

fn rack_plan(input: &EnergyInput, servers: u64) -> RackPlan {
    let server_peak_kw =
        (input.accelerators_per_server as f64 * input.tdp_w + input.server_overhead_w) / 1000.0;
    // A positive TDP keeps the divisor positive; `as` saturates on absurd ratios.
    let servers_per_rack = (input.rack_limit_kw / server_peak_kw).floor() as u64;
    RackPlan {
        servers,
        server_peak_kw,
        servers_per_rack,
        racks_needed: (servers_per_rack > 0).then(|| servers.div_ceil(servers_per_rack)),
    }
}

fn compare(input: &EnergyInput) -> Vec<Comparison> {
    let chosen_peak = input.accelerator.peak_tflops.get(Precision::Bf16);
    input
        .alternatives
        .iter()
        .filter_map(|acc| {
            let tdp_w = positive_tdp(acc)?;
            let peak = acc.peak_tflops.get(Precision::Bf16).filter(|p| *p > 0.0);
            let hours_equal_work = chosen_peak
                .zip(peak)
                .map(|(chosen, other)| input.hours * chosen / other);
            Some(Comparison {
                id: acc.id.clone(),
                name: acc.name.clone(),
                tdp_w,
                kwh_equal_hours: accelerator_kwh(tdp_w, input.hours, input),
                peak_bf16_tflops: peak,
                tflops_per_watt: peak.map(|p| p / tdp_w),
                hours_equal_work,
                kwh_equal_work: hours_equal_work.map(|hours| accelerator_kwh(tdp_w, hours, input)),
            })
        })
        .collect()
}

/// Energy in the unit its size calls for (kWh, MWh, GWh), as the results show it.
pub fn kwh_text(kwh: f64) -> String {
    format::si(kwh * 1000.0, "Wh")
}

fn explain(input: &EnergyInput, out: &EnergyOutput) -> Vec<Explanation> {
    let p_avg = Binding {
        symbol: "P",
        meaning: "average draw of one accelerator",
        value: format::si(out.average_power_w, "W"),
    };
    let p_it = Binding {
        symbol: "P_{\\text{IT}}",
        meaning: "IT power: accelerators and servers",
        value: format::si(out.it_power_kw * 1000.0, "W"),
    };
    let pue = Binding {
        symbol: "\\text{PUE}",
        meaning: "facility energy over IT energy",
        value: format::plain_number(input.pue),
    };
    let energy = Binding {
        symbol: "E",
        meaning: "facility energy",
        value: kwh_text(out.kwh),
    };
    let mut explanations = vec![
        Explanation {
            output: "average_power_w",
            label: "Average draw per accelerator",
            formula_tex: "P = \\text{TDP}\\,\\left(f + (1 - f)\\,u\\right)",
            bindings: vec![
                Binding { symbol: "\\text{TDP}", meaning: "thermal design power", value: format::si(input.tdp_w, "W") },
                Binding { symbol: "f", meaning: "idle draw as a share of TDP", value: format::percent(input.idle_fraction) },
                Binding { symbol: "u", meaning: "share of hours busy", value: format::percent(input.utilization) },
            ],
            result: p_avg.value.clone(),
            note: "Power rises about linearly from an idle floor to full load. A busy part is taken to draw its full TDP, usually an upper bound: Patterson et al. measured TPU v3 systems averaging about 300 W per chip, host included, against a 450 W TDP.",
            source: FAN_2007,
        },
        Explanation {
            output: "it_power_kw",
            label: "IT power",
            formula_tex: "P_{\\text{IT}} = n\\,P + s\\,P_{\\text{server}}",
            bindings: vec![
                Binding { symbol: "n", meaning: "accelerators", value: format::grouped(input.count) },
                p_avg,
                Binding { symbol: "s", meaning: "servers", value: format::grouped(out.servers) },
                Binding { symbol: "P_{\\text{server}}", meaning: "server overhead: CPUs, memory, NICs, fans", value: format::si(input.server_overhead_w, "W") },
            ],
            result: p_it.value.clone(),
            note: "The default overhead is what a DGX H100 can draw beyond its eight GPUs at maximum, so it is an upper bound.",
            source: NVIDIA_DGX_H100,
        },
        Explanation {
            output: "facility_power_kw",
            label: "Facility power",
            formula_tex: "P_{\\text{fac}} = \\text{PUE} \\times P_{\\text{IT}}",
            bindings: vec![pue.clone(), p_it],
            result: format::si(out.facility_power_kw * 1000.0, "W"),
            note: "Cooling and power conversion add PUE − 1 watts for every IT watt; hyperscale sites report about 1.1, the industry average is near 1.58.",
            source: UPTIME_2023,
        },
        Explanation {
            output: "kwh",
            label: "Energy",
            formula_tex: "E = P_{\\text{fac}} \\times t",
            bindings: vec![
                Binding { symbol: "P_{\\text{fac}}", meaning: "facility power", value: format::si(out.facility_power_kw * 1000.0, "W") },
                Binding { symbol: "t", meaning: "duration of the run", value: format!("{} hours", format::plain_number(input.hours)) },
            ],
            result: energy.value.clone(),
            note: "Hours × processors × average power × PUE, with server overhead added to the processors' power.",
            source: PATTERSON_2021,
        },
        Explanation {
            output: "usd",
            label: "Electricity bill",
            formula_tex: "\\$ = E \\times p",
            bindings: vec![energy.clone(), Binding { symbol: "p", meaning: "price per kWh", value: format::usd(input.usd_per_kwh) }],
            result: format::usd(out.usd),
            note: "Electricity is a small part of owning accelerators; depreciation dominates (see the TCO calculator).",
            source: EIA_2023,
        },
        Explanation {
            output: "co2_kg",
            label: "Carbon",
            formula_tex: "m_{\\text{CO}_2} = E \\times g",
            bindings: vec![energy.clone(), Binding { symbol: "g", meaning: "grid carbon intensity", value: format!("{} kg/kWh", format::plain_number(input.grid_kg_co2_per_kwh)) }],
            result: format!("{} t", format::significant_digits(out.co2_kg / 1000.0, 3)),
            note: "Grid intensity varies more than tenfold by region; the default is the IEA's 2024 global average. The region is usually the biggest carbon decision.",
            source: IEA_2025,
        },
        Explanation {
            output: "racks_needed",
            label: "Racks needed",
            formula_tex: "\\text{racks} = \\left\\lceil \\frac{s}{\\left\\lfloor L / (k\\,\\text{TDP} + P_{\\text{server}}) \\right\\rfloor} \\right\\rceil",
            bindings: vec![
                Binding { symbol: "L", meaning: "rack power limit", value: format::si(input.rack_limit_kw * 1000.0, "W") },
                Binding { symbol: "k", meaning: "accelerators per server", value: format::grouped(input.accelerators_per_server) },
                Binding { symbol: "s", meaning: "servers", value: format::grouped(out.servers) },
            ],
            result: match out.rack.racks_needed {
                Some(racks) => format!("{} ({} per rack)", format::grouped(racks), format::grouped(out.rack.servers_per_rack)),
                None => format!("none: one server draws {} at peak, more than the rack limit", format::si(out.rack.server_peak_kw * 1000.0, "W")),
            },
            note: "Racks are provisioned for peak draw. An 8-GPU H100 server peaks at about 10.2 kW, so a 15–20 kW rack holds one of them; dense liquid-cooled racks take 100 kW and more.",
            source: SEED_RACK_LIMIT,
        },
    ];
    if let Some(per_joule) = out.tokens_per_joule {
        explanations.push(Explanation {
            output: "tokens_per_joule",
            label: "Tokens per joule",
            formula_tex: "\\frac{D}{E}",
            bindings: vec![
                Binding { symbol: "D", meaning: "tokens processed", value: format::scientific(input.tokens.unwrap_or_default(), 3) },
                energy.clone(),
            ],
            result: format::significant_digits(per_joule, 3),
            note: "Work per unit of facility energy, for the hours you entered. To compare hardware for the same job, give each part the hours it needs for it (a slower part runs longer); the chart below does that for every part with a published BF16 peak.",
            source: PATTERSON_2021,
        });
    }
    if let Some(per_joule) = out.samples_per_joule {
        explanations.push(Explanation {
            output: "samples_per_joule",
            label: "Samples per joule",
            formula_tex: "\\frac{S}{E}",
            bindings: vec![
                Binding { symbol: "S", meaning: "samples processed", value: format::scientific(input.samples.unwrap_or_default(), 3) },
                energy,
            ],
            result: format::significant_digits(per_joule, 3),
            note: "The same measure for work counted in samples (images, requests) rather than tokens.",
            source: PATTERSON_2021,
        });
    }
    explanations
}

#[cfg(test)]
mod tests;
