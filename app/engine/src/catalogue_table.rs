//! The hardware catalogue as a table a learner can filter and sort: every
//! part with its peak throughput per precision, memory, links, power, year
//! and price, each number linked to the source it was checked against.
//!
//! Keys and defaults: `class` `all` (or one of `gpu`, `tpu`, `asic`, `fpga`,
//! `cpu`, `edge`, `neuromorphic`), `sort` `class` (catalogue order within
//! each class; or `name`, `year`, `bf16`, `fp8`, `int8`, `memory`,
//! `bandwidth`, `tdp`, `cloud_price`). Numeric sorts put the largest first and
//! parts without the number last, so a missing figure never looks like a
//! small one.

use crate::field::{Checker, FieldErrors};
use crate::hardware::{Accelerator, Catalogue, Class, Precision};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

pub const SLUG: &str = "catalogue";

pub const FIELDS: [&str; 2] = ["class", "sort"];

/// The filter's choices: the URL key, and the class it keeps (`None`: every class).
pub const CLASS_CHOICES: [(&str, Option<Class>); 8] = [
    ("all", None),
    ("gpu", Some(Class::Gpu)),
    ("tpu", Some(Class::Tpu)),
    ("asic", Some(Class::Asic)),
    ("fpga", Some(Class::Fpga)),
    ("cpu", Some(Class::Cpu)),
    ("edge", Some(Class::Edge)),
    ("neuromorphic", Some(Class::Neuromorphic)),
];

/// How the rows are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SortKey {
    Class,
    Name,
    Year,
    Fp32,
    Bf16,
    Fp8,
    Int8,
    Memory,
    Bandwidth,
    ScaleUp,
    ScaleOut,
    Tdp,
    CloudPrice,
    CloudPriceLow,
    PurchasePriceLow,
}

/// The sort's choices: URL key, key, and the label a learner reads.
pub const SORT_CHOICES: [(&str, SortKey, &str); 15] = [
    ("class", SortKey::Class, "Class, then catalogue order"),
    ("name", SortKey::Name, "Name"),
    ("year", SortKey::Year, "Newest first"),
    ("fp32", SortKey::Fp32, "FP32 peak, highest first"),
    ("bf16", SortKey::Bf16, "BF16/FP16 peak, highest first"),
    ("fp8", SortKey::Fp8, "FP8 peak, highest first"),
    ("int8", SortKey::Int8, "INT8 peak, highest first"),
    ("memory", SortKey::Memory, "Memory capacity, largest first"),
    (
        "bandwidth",
        SortKey::Bandwidth,
        "Memory bandwidth, highest first",
    ),
    ("scale_up", SortKey::ScaleUp, "Scale-up link, fastest first"),
    (
        "scale_out",
        SortKey::ScaleOut,
        "Scale-out link, fastest first",
    ),
    ("tdp", SortKey::Tdp, "Power (TDP), highest first"),
    (
        "cloud_price",
        SortKey::CloudPrice,
        "Cloud $/hour, highest first",
    ),
    (
        "cloud_price_low",
        SortKey::CloudPriceLow,
        "Cloud $/hour, cheapest first",
    ),
    (
        "purchase_price_low",
        SortKey::PurchasePriceLow,
        "Purchase price, cheapest first",
    ),
];

/// The table's columns after the part's name: header, and the catalogue key
/// quoted in each cell (as in a `{{hw:ID.KEY}}` placeholder).
pub const COLUMNS: [(&str, &str); 12] = [
    ("Year", "year"),
    ("FP32", "peak_tflops.fp32"),
    ("BF16/FP16", "peak_tflops.bf16"),
    ("FP8", "peak_tflops.fp8"),
    ("INT8", "peak_tflops.int8"),
    ("Memory", "memory.capacity_gb"),
    ("Bandwidth", "memory.bandwidth_gb_s"),
    ("Scale-up link (both ways)", "interconnect.intra_gb_s"),
    ("Scale-out link (each way)", "interconnect.inter_gb_s"),
    ("TDP", "tdp_w"),
    ("Cloud price", "price.cloud_usd_per_hour"),
    ("Purchase price", "price.purchase_usd"),
];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CatalogueForm {
    pub class: String,
    pub sort: String,
}

impl Default for CatalogueForm {
    fn default() -> Self {
        CatalogueForm {
            class: "all".to_string(),
            sort: "class".to_string(),
        }
    }
}

impl CatalogueForm {
    fn slot(&mut self, field: &str) -> Option<&mut String> {
        match field {
            "class" => Some(&mut self.class),
            "sort" => Some(&mut self.sort),
            _ => None,
        }
    }

    pub fn validate(&self) -> Result<CatalogueInput, FieldErrors> {
        let mut checker = Checker::default();
        let classes: Vec<(&str, Option<Class>)> = CLASS_CHOICES.to_vec();
        let class = checker.choice("class", &self.class, &classes);
        let sorts: Vec<(&str, SortKey)> = SORT_CHOICES
            .iter()
            .map(|(key, sort, _)| (*key, *sort))
            .collect();
        let sort = checker.choice("sort", &self.sort, &sorts);
        checker.finish(|| {
            Some(CatalogueInput {
                class: class?,
                sort: sort?,
            })
        })
    }
}

crate::widgets::slot_form!(CatalogueForm, FIELDS);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CatalogueInput {
    /// `None` keeps every class.
    pub class: Option<Class>,
    pub sort: SortKey,
}

/// One cell: the number as the course quotes it, and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// `None` when the catalogue has no figure (not published, or not found yet).
    pub text: Option<String>,
    pub source_title: Option<String>,
    pub source_url: Option<String>,
    pub checked: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    pub id: String,
    pub name: String,
    pub class: String,
    pub vendor: String,
    pub software: Vec<String>,
    /// One cell per entry of `COLUMNS`, in order.
    pub cells: Vec<Cell>,
}

/// One source a row cites, once, with the headers of the figures it backs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CitedSource {
    pub title: String,
    pub url: String,
    pub checked: String,
    pub figures: Vec<&'static str>,
}

impl Row {
    /// Every source the row's figures cite, in column order of first use.
    pub fn sources(&self) -> Vec<CitedSource> {
        let mut cited: Vec<CitedSource> = Vec::new();
        for ((header, _), cell) in COLUMNS.iter().zip(&self.cells) {
            let (Some(title), Some(url)) = (&cell.source_title, &cell.source_url) else {
                continue;
            };
            match cited
                .iter_mut()
                .find(|c| &c.title == title && &c.url == url)
            {
                Some(source) => source.figures.push(header),
                None => cited.push(CitedSource {
                    title: title.clone(),
                    url: url.clone(),
                    checked: cell.checked.clone().unwrap_or_default(),
                    figures: vec![header],
                }),
            }
        }
        cited
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CatalogueOutput {
    pub rows: Vec<Row>,
    /// Parts in the whole catalogue, before the filter.
    pub total: usize,
    /// Shown parts with a year, and with a cloud or purchase price.
    pub with_year: usize,
    pub with_price: usize,
}

/// Filters and sorts the catalogue. Cannot fail: a part without a figure gets
/// an empty cell, and ties keep catalogue order.
pub fn compute(input: &CatalogueInput, catalogue: &Catalogue) -> CatalogueOutput {
    let mut shown: Vec<(usize, &Accelerator)> = catalogue
        .accelerators
        .iter()
        .enumerate()
        .filter(|(_, acc)| input.class.is_none_or(|class| acc.class == class))
        .collect();
    shown.sort_by(|(ia, a), (ib, b)| order(input.sort, a, b).then(ia.cmp(ib)));
    let rows: Vec<Row> = shown.into_iter().map(|(_, acc)| row(acc)).collect();
    let has = |row: &Row, key: &str| {
        COLUMNS
            .iter()
            .position(|(_, column)| *column == key)
            .and_then(|idx| row.cells.get(idx))
            .is_some_and(|cell| cell.text.is_some())
    };
    CatalogueOutput {
        total: catalogue.accelerators.len(),
        with_year: rows.iter().filter(|row| has(row, "year")).count(),
        with_price: rows
            .iter()
            .filter(|row| has(row, "price.cloud_usd_per_hour") || has(row, "price.purchase_usd"))
            .count(),
        rows,
    }
}

fn row(acc: &Accelerator) -> Row {
    let cells = COLUMNS
        .iter()
        .map(|(_, key)| match acc.quote(key) {
            Some(quoted) => Cell {
                text: Some(quoted.text),
                source_title: quoted.source.map(|s| s.title.clone()),
                source_url: quoted.source.map(|s| s.url.clone()),
                checked: quoted.source.map(|s| s.checked.clone()),
            },
            None => Cell {
                text: None,
                source_title: None,
                source_url: None,
                checked: None,
            },
        })
        .collect();
    Row {
        id: acc.id.clone(),
        name: acc.name.clone(),
        class: acc.class.label().to_string(),
        vendor: acc.vendor.clone(),
        software: acc.software.clone(),
        cells,
    }
}

fn order(sort: SortKey, a: &Accelerator, b: &Accelerator) -> Ordering {
    let number = |acc: &Accelerator| -> Option<f64> {
        match sort {
            SortKey::Class | SortKey::Name => None,
            SortKey::Year => acc.year.map(f64::from),
            SortKey::Fp32 => acc.peak_tflops.get(Precision::Fp32),
            SortKey::Bf16 => acc.peak_tflops.get(Precision::Bf16),
            SortKey::Fp8 => acc.peak_tflops.get(Precision::Fp8),
            SortKey::Int8 => acc.peak_tflops.get(Precision::Int8),
            SortKey::Memory => acc.memory.capacity_gb,
            SortKey::Bandwidth => acc.memory.bandwidth_gb_s,
            SortKey::ScaleUp => acc.interconnect.as_ref().and_then(|i| i.intra_gb_s),
            SortKey::ScaleOut => acc.interconnect.as_ref().and_then(|i| i.inter_gb_s),
            SortKey::Tdp => acc.tdp_w,
            SortKey::CloudPrice | SortKey::CloudPriceLow => {
                acc.price.and_then(|p| p.cloud_usd_per_hour)
            }
            SortKey::PurchasePriceLow => acc.price.and_then(|p| p.purchase_usd),
        }
    };
    let cheapest_first = matches!(sort, SortKey::CloudPriceLow | SortKey::PurchasePriceLow);
    match sort {
        SortKey::Class => class_rank(a.class).cmp(&class_rank(b.class)),
        SortKey::Name => a.name.to_lowercase().cmp(&b.name.to_lowercase()),
        _ => match (number(a), number(b)) {
            // Largest first, or smallest for the cheapest-first prices; either
            // way a missing figure goes last. `total_cmp` orders every float,
            // so no figure can break the sort.
            (Some(x), Some(y)) if cheapest_first => x.total_cmp(&y),
            (Some(x), Some(y)) => y.total_cmp(&x),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        },
    }
}

fn class_rank(class: Class) -> usize {
    CLASS_CHOICES
        .iter()
        .position(|(_, choice)| *choice == Some(class))
        .unwrap_or(CLASS_CHOICES.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hardware::course_catalogue;
    use crate::widgets::WidgetForm;

    fn table(class: &str, sort: &str) -> CatalogueOutput {
        let mut form = CatalogueForm::default();
        form.set_field("class", class.to_string());
        form.set_field("sort", sort.to_string());
        let input = form
            .validate()
            .unwrap_or_else(|errors| panic!("{errors:?}"));
        compute(&input, &course_catalogue())
    }

    #[test]
    fn every_part_is_listed_once_with_a_cell_per_column() {
        let out = table("all", "class");
        assert_eq!(out.rows.len(), out.total);
        assert!(out.total >= 25);
        let mut ids: Vec<&str> = out.rows.iter().map(|r| r.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), out.total);
        assert!(out.rows.iter().all(|r| r.cells.len() == COLUMNS.len()));
    }

    #[test]
    fn every_shown_number_carries_its_source_and_check_date() {
        for row in table("all", "class").rows {
            for (cell, (header, _)) in row.cells.iter().zip(COLUMNS) {
                if cell.text.is_some() {
                    assert!(
                        cell.source_url
                            .as_deref()
                            .is_some_and(|u| u.starts_with("https://")),
                        "{} {header}",
                        row.id
                    );
                    assert!(cell.checked.is_some(), "{} {header}", row.id);
                }
            }
        }
    }

    #[test]
    fn the_class_filter_keeps_only_that_class() {
        let out = table("tpu", "class");
        assert!(!out.rows.is_empty());
        assert!(out.rows.iter().all(|r| r.class == "TPU"));
        assert!(out.rows.len() < out.total);
    }

    #[test]
    fn numeric_sorts_put_the_largest_first_and_missing_figures_last() {
        // H100 SXM dense BF16 is 989 TFLOP/s (NVIDIA H100 datasheet); the B200 is above it.
        let out = table("all", "bf16");
        let position = |id: &str| out.rows.iter().position(|r| r.id == id);
        assert!(position("b200-sxm-180gb") < position("h100-sxm-80gb"));
        let bf16 = COLUMNS
            .iter()
            .position(|(_, key)| *key == "peak_tflops.bf16")
            .unwrap_or(0);
        let present: Vec<bool> = out
            .rows
            .iter()
            .map(|r| r.cells[bf16].text.is_some())
            .collect();
        let first_missing = present.iter().position(|p| !p).unwrap_or(present.len());
        assert!(present[first_missing..].iter().all(|p| !p), "{present:?}");
        let years = table("all", "year");
        let first = years.rows.first().map(|r| r.cells[0].text.clone());
        assert!(first.flatten().is_some_and(|y| y.as_str() >= "2024"));
    }

    #[test]
    fn cheapest_first_sorts_rise_and_still_put_missing_prices_last() {
        let purchase = COLUMNS
            .iter()
            .position(|(_, key)| *key == "price.purchase_usd")
            .unwrap_or(0);
        let out = table("all", "purchase_price_low");
        // The Coral Edge TPU lists at $75, the cheapest catalogued part.
        assert_eq!(
            out.rows.first().map(|r| r.id.as_str()),
            Some("coral-edge-tpu")
        );
        let prices: Vec<Option<String>> = out
            .rows
            .iter()
            .map(|r| r.cells[purchase].text.clone())
            .collect();
        let first_missing = prices
            .iter()
            .position(Option::is_none)
            .unwrap_or(prices.len());
        assert!(
            prices[first_missing..].iter().all(Option::is_none),
            "{prices:?}"
        );
        let cloud = table("all", "cloud_price_low");
        let dear = table("all", "cloud_price");
        assert_ne!(
            cloud.rows.first().map(|r| &r.id),
            dear.rows.first().map(|r| &r.id)
        );
        for key in ["fp32", "scale_up", "scale_out"] {
            assert_eq!(table("all", key).rows.len(), out.rows.len(), "{key}");
        }
    }

    #[test]
    fn a_row_lists_each_source_once_with_the_figures_it_backs() {
        let out = table("all", "class");
        let v5p = out.rows.iter().find(|r| r.id == "tpu-v5p").unwrap();
        let sources = v5p.sources();
        let jax = sources
            .iter()
            .find(|s| s.url.contains("jax-ml/jax"))
            .unwrap();
        assert_eq!(jax.figures, ["INT8"]);
        assert_eq!(jax.checked, "2026-12-06");
        let docs = sources
            .iter()
            .find(|s| s.url.contains("tpu/docs/v5p"))
            .unwrap();
        assert!(docs.figures.contains(&"BF16/FP16") && docs.figures.contains(&"Memory"));
        let mut urls: Vec<&str> = sources.iter().map(|s| s.url.as_str()).collect();
        urls.dedup();
        assert_eq!(urls.len(), sources.len());
    }

    #[test]
    fn unknown_choices_are_field_errors() {
        let form = CatalogueForm {
            class: "quantum".into(),
            sort: "speed".into(),
        };
        let errors = form.validate().err().unwrap_or_default();
        assert!(errors.message_for("class").is_some());
        assert!(errors.message_for("sort").is_some());
    }
}
