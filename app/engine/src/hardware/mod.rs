//! The hardware catalogue: accelerators with their peak throughput, memory,
//! interconnect, power and price, and the source of every number.
//!
//! The catalogue lives in content/ as TOML so instructors can add rows; this
//! module owns its types, parses it, and checks it (`check.rs`): every number
//! needs a source, and the units have to add up. Every widget that needs an
//! accelerator reads it from here.

mod check;
mod links;
mod lookup;

pub use check::check;
pub use links::LinkSource;
pub use lookup::Quoted;

use serde::{Deserialize, Serialize};

/// The broad kind of a part, which the course teaches as a family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Gpu,
    Tpu,
    Asic,
    Fpga,
    Cpu,
    Edge,
    Neuromorphic,
}

impl Class {
    pub fn label(self) -> &'static str {
        match self {
            Class::Gpu => "GPU",
            Class::Tpu => "TPU",
            Class::Asic => "ASIC",
            Class::Fpga => "FPGA",
            Class::Cpu => "CPU",
            Class::Edge => "Edge accelerator",
            Class::Neuromorphic => "Neuromorphic chip",
        }
    }
}

/// Arithmetic formats the catalogue records throughput for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Precision {
    Fp32,
    Bf16,
    Fp8,
    Int8,
}

impl Precision {
    pub const ALL: [Precision; 4] = [
        Precision::Fp32,
        Precision::Bf16,
        Precision::Fp8,
        Precision::Int8,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Precision::Fp32 => "fp32",
            Precision::Bf16 => "bf16",
            Precision::Fp8 => "fp8",
            Precision::Int8 => "int8",
        }
    }

    /// The precision a key names, in any case and with spaces around it, as
    /// menus and links give it.
    pub fn from_key(text: &str) -> Option<Precision> {
        let key = text.trim();
        Precision::ALL
            .into_iter()
            .find(|p| p.key().eq_ignore_ascii_case(key))
    }

    /// The name people write: FP32, BF16, FP8, INT8.
    pub fn label(self) -> &'static str {
        match self {
            Precision::Fp32 => "FP32",
            Precision::Bf16 => "BF16",
            Precision::Fp8 => "FP8",
            Precision::Int8 => "INT8",
        }
    }

    /// The unit of a catalogue peak at this precision: integer arithmetic
    /// counts operations (TOPS), not floating-point ones, so an INT8 peak
    /// never reads as TFLOP/s.
    pub fn tera_rate_unit(self) -> &'static str {
        match self {
            Precision::Int8 => "TOPS",
            _ => "TFLOP/s",
        }
    }

    /// The unit of arithmetic intensity at this precision.
    pub fn per_byte_unit(self) -> &'static str {
        match self {
            Precision::Int8 => "ops/byte",
            _ => "FLOP/byte",
        }
    }

    /// What the work is counted in at this precision, as a label.
    pub fn work_unit(self) -> &'static str {
        match self {
            Precision::Int8 => "Operations",
            _ => "FLOPs",
        }
    }

    /// What the work is counted in, as a noun inside a sentence.
    pub fn work_noun(self) -> &'static str {
        match self {
            Precision::Int8 => "integer operations",
            _ => "FLOPs",
        }
    }

    /// A rate in this precision's unit. FLOP/s take an SI prefix (`2.25
    /// PFLOP/s`); INT8 stays in TOPS, grouped (`1,979 TOPS`), the unit every
    /// datasheet and the catalogue use, since "POPS" is a unit few know.
    pub fn rate(self, per_second: f64) -> String {
        match self {
            Precision::Int8 => format!("{} TOPS", crate::format::chart_value(per_second / 1e12)),
            _ => crate::format::si(per_second, "FLOP/s"),
        }
    }

    /// A rate to four significant figures, as a catalogue figure plugged into
    /// a formula: "989.5 TFLOP/s", where `rate` rounds to "990 TFLOP/s".
    pub fn exact_rate(self, per_second: f64) -> String {
        match self {
            Precision::Int8 => format!("{} TOPS", crate::format::readable(per_second / 1e12, 4)),
            _ => crate::format::si_digits(per_second, "FLOP/s", 4),
        }
    }

    /// An intensity in this precision's unit, grouped, e.g. `1,365 FLOP/byte`.
    pub fn per_byte(self, value: f64) -> String {
        crate::format::amount(value, self.per_byte_unit())
    }
}

/// Peak throughput per precision, in TFLOP/s (TOPS for int8). `None`: not supported or not published.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Throughput {
    pub fp32: Option<f64>,
    pub bf16: Option<f64>,
    pub fp8: Option<f64>,
    pub int8: Option<f64>,
}

impl Throughput {
    pub fn get(&self, precision: Precision) -> Option<f64> {
        match precision {
            Precision::Fp32 => self.fp32,
            Precision::Bf16 => self.bf16,
            Precision::Fp8 => self.fp8,
            Precision::Int8 => self.int8,
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Memory {
    pub capacity_gb: Option<f64>,
    pub bandwidth_gb_s: Option<f64>,
}

/// Devices of `capacity_bytes` each that `bytes` needs: at least one, and
/// saturating rather than wrapping for absurd sizes. The roofline's fit
/// column, the matcher's memory rule and the serving simulator's fit hint all
/// count parts this one way.
pub fn devices_needed(bytes: f64, capacity_bytes: f64) -> u64 {
    let count = (bytes / capacity_bytes).ceil();
    if count >= 1.0 {
        // `as` saturates at u64::MAX, so an infinite ratio shows the largest count instead of wrapping.
        count as u64
    } else {
        // Below one, or NaN, which validation rules out: one device is the floor.
        1
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interconnect {
    /// Per chip, within the node or pod, with both directions summed as
    /// vendors quote NVLink-class links (GB/s); a ring uses half of it.
    pub intra_gb_s: Option<f64>,
    /// Chips in that fast domain.
    pub domain_size: Option<u32>,
    /// Per chip, across nodes, one direction: the NIC rate in GB/s shared
    /// out among the chips behind it.
    pub inter_gb_s: Option<f64>,
    /// The scale-out fabric in words, shown next to the figure.
    pub inter_name: Option<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Price {
    pub cloud_usd_per_hour: Option<f64>,
    pub purchase_usd: Option<f64>,
}

/// Where some of an accelerator's numbers come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceRef {
    pub title: String,
    pub url: String,
    /// The date the figures were checked against the source, `YYYY-MM-DD`.
    pub checked: String,
    /// Which numbers it backs: a table (`memory`), a key (`price.purchase_usd`) or `tdp_w`/`year`.
    pub covers: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Accelerator {
    pub id: String,
    pub name: String,
    /// The name a form's select shows, at most `SHORT_NAME_MAX` characters so
    /// a closed select on a phone shows it whole; `name` when left out.
    #[serde(default)]
    pub short_name: Option<String>,
    pub class: Class,
    pub vendor: String,
    pub year: Option<u32>,
    #[serde(default)]
    pub software: Vec<String>,
    /// The vendor designs and sells the part for inference (serving), not
    /// training; a source must cover `for_inference` when it is true.
    #[serde(default)]
    pub for_inference: bool,
    /// The part's 16-bit matrix math is FP16 only (Volta, Turing): its `bf16`
    /// peak is an FP16 figure, and every place that names the precision says
    /// FP16 for it. A source must cover `fp16_only` when it is true.
    #[serde(default)]
    pub fp16_only: bool,
    pub tdp_w: Option<f64>,
    #[serde(default)]
    pub notes: String,
    #[serde(default)]
    pub peak_tflops: Throughput,
    pub sparse_tflops: Option<Throughput>,
    #[serde(default)]
    pub memory: Memory,
    pub interconnect: Option<Interconnect>,
    pub price: Option<Price>,
    #[serde(default)]
    pub sources: Vec<SourceRef>,
}

/// A closed select on a 360 px phone shows about 26 characters of 16 px
/// text; a short name leaves room for a suffix such as " (180 GB)".
pub const SHORT_NAME_MAX: usize = 20;

impl Accelerator {
    /// The name for a form's select: `short_name`, else the full name.
    pub fn short(&self) -> &str {
        self.short_name.as_deref().unwrap_or(&self.name)
    }

    /// The name of a precision on this part: the `bf16` figure of a part
    /// with FP16 tensor cores only is FP16, and is called that.
    pub fn precision_label(&self, precision: Precision) -> &'static str {
        match precision {
            Precision::Bf16 if self.fp16_only => "FP16",
            _ => precision.label(),
        }
    }

    /// Dense peak in FLOP/s (or OP/s) at a precision.
    pub fn peak_flops_per_s(&self, precision: Precision) -> Option<f64> {
        self.peak_tflops.get(precision).map(|tflops| tflops * 1e12)
    }

    pub fn bandwidth_bytes_per_s(&self) -> Option<f64> {
        self.memory.bandwidth_gb_s.map(|gb_s| gb_s * 1e9)
    }

    /// The roofline's ridge point: the arithmetic intensity (FLOPs per byte of
    /// memory traffic) above which the part is compute-bound (Williams et al. 2009).
    pub fn ridge_point(&self, precision: Precision) -> Option<f64> {
        Some(self.peak_flops_per_s(precision)? / self.bandwidth_bytes_per_s()?)
    }

    /// The best precision the part publishes dense throughput for, preferring training formats.
    pub fn default_precision(&self) -> Option<Precision> {
        [
            Precision::Bf16,
            Precision::Fp32,
            Precision::Fp8,
            Precision::Int8,
        ]
        .into_iter()
        .find(|precision| self.peak_tflops.get(*precision).is_some())
    }

    /// The source backing one numeric key, e.g. `memory.bandwidth_gb_s`: one
    /// that names the key itself if any does, else one that covers its whole
    /// table. A page that gives a chip's BF16 and FP8 peaks may cover
    /// `peak_tflops` while another source names `peak_tflops.int8`; the INT8
    /// figure must cite the second.
    pub fn source_for(&self, key: &str) -> Option<&SourceRef> {
        let table = key.split('.').next().unwrap_or(key);
        let covering = |name: &str| {
            self.sources
                .iter()
                .find(|source| source.covers.iter().any(|covered| covered == name))
        };
        covering(key).or_else(|| covering(table))
    }
}

/// A problem in a catalogue file, located by line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogueProblem {
    pub line: usize,
    pub message: String,
    /// The id of the row left out because of this problem; `None` for a
    /// problem of the whole file, such as a TOML syntax error.
    pub id: Option<String>,
}

/// Parses one catalogue file and checks every accelerator in it; any
/// problem fails the whole file. Tests and tools that want all or nothing use
/// it; the course reads files with `parse_rows`.
pub fn parse_file(text: &str) -> Result<Vec<Accelerator>, Vec<CatalogueProblem>> {
    let (accelerators, problems) = parse_rows(text);
    if problems.is_empty() {
        Ok(accelerators)
    } else {
        Err(problems)
    }
}

/// Parses one catalogue file row by row: every accelerator that reads and
/// passes the checks, and the problems of those that do not. One instructor's
/// slip in a new row must not take the file's other parts, and every page
/// that quotes them, down with it.
pub fn parse_rows(text: &str) -> (Vec<Accelerator>, Vec<CatalogueProblem>) {
    let problem = |error: crate::toml_reader::Error| CatalogueProblem {
        line: error.line(),
        message: error.message().to_string(),
        id: None,
    };
    let root = match crate::toml_reader::parse(text) {
        Ok(root) => root,
        Err(error) => return (Vec::new(), vec![problem(error)]),
    };
    let mut accelerators = Vec::new();
    let mut problems = Vec::new();
    for (key, value) in root.iter() {
        let line = root.line_of(key).unwrap_or(1);
        match (key, value) {
            ("accelerator", crate::toml_reader::Value::Array(rows)) => {
                for row in rows {
                    let crate::toml_reader::Value::Table(table) = row else {
                        problems.push(CatalogueProblem {
                            line,
                            message: "each `[[accelerator]]` must be a table".into(),
                            id: None,
                        });
                        continue;
                    };
                    match crate::toml_reader::from_value::<Accelerator>(row) {
                        Ok(accelerator) => {
                            let found = check(&accelerator, table);
                            if found.is_empty() {
                                accelerators.push(accelerator);
                            } else {
                                problems.extend(found);
                            }
                        }
                        Err(error) => {
                            // Name the row, so the message says which part it is about.
                            let id = match table.get("id") {
                                Some(crate::toml_reader::Value::String(id)) => Some(id.clone()),
                                _ => None,
                            };
                            let message = match &id {
                                Some(id) => format!("{id}: {}", error.message()),
                                None => error.message().to_string(),
                            };
                            problems.push(CatalogueProblem {
                                line: error.line(),
                                message,
                                id,
                            });
                        }
                    }
                }
            }
            ("accelerator", _) => problems.push(CatalogueProblem {
                line,
                message: "`accelerator` must be a list of tables, each written `[[accelerator]]`"
                    .into(),
                id: None,
            }),
            (other, _) => problems.push(CatalogueProblem {
                line,
                message: format!(
                    "unknown key `{other}`: a catalogue file holds only `[[accelerator]]` tables"
                ),
                id: None,
            }),
        }
    }
    (accelerators, problems)
}

/// The whole catalogue, in file order.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Catalogue {
    pub accelerators: Vec<Accelerator>,
}

/// The course's own catalogue (`content/hardware`), so golden tests use the
/// datasheet figures learners see.
#[cfg(test)]
#[allow(clippy::expect_used)]
pub(crate) fn course_catalogue() -> Catalogue {
    let mut accelerators = parse_file(include_str!("../../../../content/hardware/gpus.toml"))
        .expect("the course's GPU catalogue parses");
    accelerators.extend(
        parse_file(include_str!(
            "../../../../content/hardware/accelerators.toml"
        ))
        .expect("the course's accelerator catalogue parses"),
    );
    Catalogue { accelerators }
}

impl Catalogue {
    pub fn find(&self, id: &str) -> Option<&Accelerator> {
        // Ids are lowercase (`lab check` enforces it), so a link that
        // capitalises one still names exactly one part.
        self.accelerators
            .iter()
            .find(|acc| acc.id.eq_ignore_ascii_case(id))
    }
}
