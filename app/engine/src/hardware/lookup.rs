//! Catalogue values by name, for placeholders such as `{{hw:h100-sxm-80gb.memory.bandwidth_gb_s}}`
//! in course text: the number is written once, in the catalogue, and every page
//! that quotes it stays in step.

use super::{Accelerator, Precision, SourceRef};
use crate::format;

/// A catalogue value ready to print, with the source that backs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Quoted<'a> {
    pub text: String,
    pub source: Option<&'a SourceRef>,
}

impl Accelerator {
    /// The value of `field` as text with its unit, e.g. `3,350 GB/s`.
    /// `None` when the field is unknown or the catalogue has no value for it.
    pub fn quote(&self, field: &str) -> Option<Quoted<'_>> {
        if field == "name" {
            return Some(Quoted {
                text: self.name.clone(),
                source: None,
            });
        }
        let (table, key) = field.split_once('.').unwrap_or((field, ""));
        let precision = Precision::from_key(key);
        let text = match (table, key) {
            ("peak_tflops", _) => {
                let p = precision?;
                format!(
                    "{} {}",
                    pretty(self.peak_tflops.get(p)?),
                    p.tera_rate_unit()
                )
            }
            ("sparse_tflops", _) => {
                let p = precision?;
                format!(
                    "{} {} with sparsity",
                    pretty(self.sparse_tflops?.get(p)?),
                    p.tera_rate_unit()
                )
            }
            ("ridge", _) => {
                let p = precision?;
                format!(
                    "{} {}",
                    pretty_rounded(self.ridge_point(p)?),
                    p.per_byte_unit()
                )
            }
            ("memory", "capacity_gb") => format!("{} GB", pretty(self.memory.capacity_gb?)),
            ("memory", "bandwidth_gb_s") => format!("{} GB/s", pretty(self.memory.bandwidth_gb_s?)),
            ("interconnect", "intra_gb_s") => {
                format!("{} GB/s", pretty(self.interconnect.as_ref()?.intra_gb_s?))
            }
            ("interconnect", "inter_gb_s") => {
                format!("{} GB/s", pretty(self.interconnect.as_ref()?.inter_gb_s?))
            }
            ("interconnect", "domain_size") => format!(
                "{} chips",
                format::grouped(u64::from(self.interconnect.as_ref()?.domain_size?))
            ),
            ("tdp_w", "") => format!("{} W", pretty(self.tdp_w?)),
            ("year", "") => self.year?.to_string(),
            ("price", "cloud_usd_per_hour") => {
                format!("${} per hour", pretty(self.price?.cloud_usd_per_hour?))
            }
            ("price", "purchase_usd") => format!("${}", pretty(self.price?.purchase_usd?)),
            _ => return None,
        };
        // The ridge point is derived from the peak and the bandwidth, which share a source or two.
        let source_key = if table == "ridge" {
            "peak_tflops".to_string()
        } else {
            field.to_string()
        };
        Some(Quoted {
            text,
            source: self.source_for(&source_key),
        })
    }
}

/// Whole numbers with separators (`3,350`), others as written (`989.5`).
fn pretty(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format::grouped(value.abs() as u64)
    } else if value.abs() >= 1000.0 && value.abs() < 1e15 {
        // 1307.4 reads as 1,307.4, like the whole numbers beside it.
        let text = format::significant_digits(value.abs(), 5);
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
        let whole = whole
            .parse::<u64>()
            .map_or(whole.to_string(), format::grouped);
        if fraction.is_empty() {
            whole
        } else {
            format!("{whole}.{fraction}")
        }
    } else {
        format::significant_digits(value, 5)
    }
}

fn pretty_rounded(value: f64) -> String {
    pretty(value.round())
}

#[cfg(test)]
mod tests {
    /// TPU v5p: Google's v5p page covers the peaks it lists (BF16, FP8), and
    /// Google's JAX table is the only source naming the 918 INT8 TOPS.
    #[test]
    fn a_source_naming_the_key_beats_one_covering_its_table() {
        let catalogue = crate::hardware::course_catalogue();
        let v5p = catalogue.find("tpu-v5p").unwrap();
        let int8 = v5p.source_for("peak_tflops.int8").unwrap();
        assert!(int8.url.contains("jax-ml/jax"), "{}", int8.url);
        let bf16 = v5p.source_for("peak_tflops.bf16").unwrap();
        assert!(
            bf16.url.contains("docs.cloud.google.com/tpu/docs/v5p"),
            "{}",
            bf16.url
        );
    }

    #[test]
    fn large_fractional_figures_are_grouped_like_whole_ones() {
        // AMD's MI300X dense BF16 peak is 1,307.4 TFLOP/s (AMD MI300X data sheet).
        assert_eq!(super::pretty(1307.4), "1,307.4");
        assert_eq!(super::pretty(2614.9), "2,614.9");
        assert_eq!(super::pretty(1979.0), "1,979");
        assert_eq!(super::pretty(989.5), "989.5");
        assert_eq!(super::pretty(123_456.7), "123,457");
    }

    use crate::hardware::parse_file;

    const ENTRY: &str = r#"
[[accelerator]]
id = "x"
name = "Example X"
class = "gpu"
vendor = "V"
tdp_w = 700.0
[accelerator.peak_tflops]
bf16 = 989.5
int8 = 1979.0
[accelerator.memory]
capacity_gb = 80.0
bandwidth_gb_s = 3350.0
[[accelerator.sources]]
title = "Datasheet"
url = "https://example.com/x"
checked = "2026-12-02"
covers = ["peak_tflops", "memory", "tdp_w"]
"#;

    fn check(field: &str, expected: Option<&str>) {
        let parsed = parse_file(ENTRY).unwrap();
        assert_eq!(
            parsed[0].quote(field).map(|q| q.text),
            expected.map(str::to_string),
            "{field}"
        );
    }

    #[test]
    fn quotes_values_with_units() {
        check("peak_tflops.bf16", Some("989.5 TFLOP/s"));
        check("peak_tflops.int8", Some("1,979 TOPS"));
        check("memory.bandwidth_gb_s", Some("3,350 GB/s"));
        check("memory.capacity_gb", Some("80 GB"));
        check("tdp_w", Some("700 W"));
        check("ridge.bf16", Some("295 FLOP/byte"));
        check("name", Some("Example X"));
        check("peak_tflops.fp8", None);
        check("memory.nonsense", None);
        check("interconnect.intra_gb_s", None);
    }

    #[test]
    fn every_quote_names_its_source() {
        let parsed = parse_file(ENTRY).unwrap();
        let quoted = parsed[0].quote("ridge.bf16").unwrap();
        assert_eq!(quoted.source.map(|s| s.title.as_str()), Some("Datasheet"));
    }
}
