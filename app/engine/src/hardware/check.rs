//! Catalogue checks: a number without a source is rejected, and so are
//! numbers whose units cannot add up (a ridge point outside any real chip's
//! range usually means GB/s and Gb/s, or TFLOP/s and TOPS, were mixed up).

use super::{Accelerator, CatalogueProblem, Precision, Throughput};
use crate::toml_reader::{Table, Value};

/// Arithmetic intensities (FLOP per byte) that real accelerators span: about 2
/// for a CPU at FP32 to a few hundred for tensor units. Outside, units are wrong.
const RIDGE_RANGE: (f64, f64) = (0.5, 5000.0);

/// No part's memory or memory bandwidth comes near this many GB (or GB/s).
const MAX_PLAUSIBLE_GB: f64 = 1e5;

/// No accelerator the course covers draws less than a watt; an edge TPU draws 2.
const MIN_PLAUSIBLE_W: f64 = 1.0;

/// Checks one row; `row` is the table it was read from, so each problem
/// points at the line of its own key, even in a second row with the same id.
pub fn check(acc: &Accelerator, row: &Table) -> Vec<CatalogueProblem> {
    let mut problems = Vec::new();
    let mut problem = |key: &str, message: String| {
        problems.push(CatalogueProblem {
            line: line_of(row, key),
            message: format!("{}: {message}", acc.id),
            id: Some(acc.id.clone()),
        });
    };
    if !is_id(&acc.id) {
        problem(
            "id",
            "id must be lowercase letters, digits and hyphens".to_string(),
        );
    }
    // Every part is shown by name and vendor; an empty one is a blank cell.
    for (key, text) in [("name", &acc.name), ("vendor", &acc.vendor)] {
        if text.trim().is_empty() {
            problem(key, format!("{key} is empty"));
        }
    }
    let max = super::SHORT_NAME_MAX;
    if acc.short_name.is_none() && acc.name.chars().count() > max {
        problem(
            "name",
            format!("name is longer than {max} characters; add a short_name of at most {max} for the widgets' menus"),
        );
    }
    if let Some(short) = &acc.short_name {
        let length = short.chars().count();
        if short.trim().is_empty() || length > max {
            problem(
                "short_name",
                format!(
                    "short_name must have 1 to {max} characters so a phone's menu shows it whole, found {length}"
                ),
            );
        }
    }
    if acc.sources.is_empty() {
        problem(
            "id",
            "no sources: every number needs a datasheet or paper".to_string(),
        );
    }
    for (key, value) in numbers(acc) {
        if !(value.is_finite() && value > 0.0) {
            problem(
                &key,
                format!("{key} must be a positive number (omit it if unknown), found {value}"),
            );
        }
        if acc.source_for(&key).is_none() {
            problem(
                &key,
                format!("{key} = {value} has no source; list it in a source's `covers`"),
            );
        }
    }
    if acc.fp16_only && acc.source_for("fp16_only").is_none() {
        problem(
            "fp16_only",
            "fp16_only = true has no source; list it in a source's `covers`".to_string(),
        );
    }
    if acc.for_inference && acc.source_for("for_inference").is_none() {
        problem(
            "for_inference",
            "for_inference = true has no source; list it in a source's `covers`".to_string(),
        );
    }
    for (index, source) in acc.sources.iter().enumerate() {
        if source.title.trim().is_empty() {
            problem(
                &format!("sources.{index}.title"),
                "a source needs a title saying what it is and where the figure sits".to_string(),
            );
        }
        if !is_https_url(&source.url) {
            problem(
                &format!("sources.{index}.url"),
                format!(
                    "source `{}` needs an https:// URL with a host and no spaces",
                    source.title
                ),
            );
        }
        if source.covers.is_empty() {
            problem(
                &format!("sources.{index}.covers"),
                format!(
                    "source `{}` covers no key; list the figures it gives in `covers`",
                    source.title
                ),
            );
        }
        if !is_date(&source.checked) {
            problem(
                &format!("sources.{index}.checked"),
                format!(
                    "source `{}`: checked must be a date like 2026-12-02",
                    source.title
                ),
            );
        }
        for covered in &source.covers {
            if !COVERABLE.contains(&covered.as_str()) {
                problem(
                    &format!("sources.{index}.covers"),
                    format!("source `{}` covers unknown key `{covered}`", source.title),
                );
            }
        }
    }
    // The largest memory of any part is a few terabytes (a server CPU's);
    // a figure past 100,000 GB is a byte count typed into a GB field.
    for (key, value) in [
        ("memory.capacity_gb", acc.memory.capacity_gb),
        ("memory.bandwidth_gb_s", acc.memory.bandwidth_gb_s),
    ] {
        if value.is_some_and(|value| value > MAX_PLAUSIBLE_GB) {
            problem(
                key,
                format!(
                    "{key} = {} is over 100,000: write gigabytes (80 for 80 GB), not bytes",
                    value.unwrap_or_default()
                ),
            );
        }
    }
    // The smallest part in the catalogue draws 2 W; below 1 W a figure in
    // kilowatts (0.7 for 700 W) is the likely slip.
    if let Some(tdp) = acc.tdp_w.filter(|w| *w > 0.0 && *w < MIN_PLAUSIBLE_W) {
        problem(
            "tdp_w",
            format!("tdp_w = {tdp} is below 1 W: write watts (700 for a 0.7 kW part)"),
        );
    }
    if let Some(year) = acc.year {
        if !(2010..=2035).contains(&year) {
            problem("year", format!("year {year} is outside 2010–2035"));
        }
    }
    check_precisions(acc, &mut problem);
    if let Some(precision) = acc.default_precision() {
        if let Some(ridge) = acc.ridge_point(precision) {
            if !(RIDGE_RANGE.0..=RIDGE_RANGE.1).contains(&ridge) {
                problem(
                    "memory.bandwidth_gb_s",
                    format!(
                        "peak {} over memory bandwidth gives {ridge:.1} FLOP/byte, outside {}–{}: check the units (TFLOP/s, GB/s)",
                        precision.key(),
                        RIDGE_RANGE.0,
                        RIDGE_RANGE.1
                    ),
                );
            }
        }
    }
    if let Some(net) = &acc.interconnect {
        if let (Some(intra), Some(inter)) = (net.intra_gb_s, net.inter_gb_s) {
            if inter > intra {
                problem(
                    "interconnect.inter_gb_s",
                    format!(
                        "inter-node {inter} GB/s exceeds intra-node {intra} GB/s: check the units"
                    ),
                );
            }
        }
    }
    problems
}

/// Sparse figures are at least the dense ones; lower-precision formats are at
/// least as fast as higher ones on the same part.
fn check_precisions(acc: &Accelerator, problem: &mut impl FnMut(&str, String)) {
    let dense = &acc.peak_tflops;
    if let Some(sparse) = &acc.sparse_tflops {
        for precision in Precision::ALL {
            if let (Some(s), Some(d)) = (sparse.get(precision), dense.get(precision)) {
                if s < d {
                    problem(
                        &format!("sparse_tflops.{}", precision.key()),
                        format!(
                            "sparse {} ({s}) is below dense ({d}); are they swapped?",
                            precision.key()
                        ),
                    );
                } else if s == d {
                    // 2:4 structured sparsity doubles the rate; a datasheet that
                    // gives one figure gives the dense one, so an equal "sparse"
                    // figure is usually the dense one copied.
                    problem(
                        &format!("sparse_tflops.{}", precision.key()),
                        format!(
                            "sparse {} equals dense ({d}); a sparse figure is the separate, higher structured-sparsity rate, so give the datasheet's own or leave it out",
                            precision.key()
                        ),
                    );
                }
            }
        }
    }
    let order = [Precision::Fp32, Precision::Bf16, Precision::Fp8];
    for pair in order.windows(2) {
        if let [wide, narrow] = pair {
            if let (Some(w), Some(n)) = (dense.get(*wide), dense.get(*narrow)) {
                if n < w {
                    problem(
                        &format!("peak_tflops.{}", narrow.key()),
                        format!(
                            "dense {} ({n}) is below {} ({w}); is one a sparse figure?",
                            narrow.key(),
                            wide.key()
                        ),
                    );
                }
            }
        }
    }
}

const COVERABLE: [&str; 24] = [
    "peak_tflops",
    "peak_tflops.fp32",
    "peak_tflops.bf16",
    "peak_tflops.fp8",
    "peak_tflops.int8",
    "sparse_tflops",
    "sparse_tflops.fp32",
    "sparse_tflops.bf16",
    "sparse_tflops.fp8",
    "sparse_tflops.int8",
    "memory",
    "memory.capacity_gb",
    "memory.bandwidth_gb_s",
    "interconnect",
    "interconnect.intra_gb_s",
    "interconnect.domain_size",
    "interconnect.inter_gb_s",
    "price",
    "price.cloud_usd_per_hour",
    "price.purchase_usd",
    "tdp_w",
    "year",
    "for_inference",
    "fp16_only",
];

/// Every number the accelerator states, keyed by its dotted path.
fn numbers(acc: &Accelerator) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    let mut push = |key: String, value: Option<f64>| {
        if let Some(value) = value {
            out.push((key, value));
        }
    };
    let mut throughput = |table: &str, values: &Throughput| {
        for precision in Precision::ALL {
            push(
                format!("{table}.{}", precision.key()),
                values.get(precision),
            );
        }
    };
    throughput("peak_tflops", &acc.peak_tflops);
    if let Some(sparse) = &acc.sparse_tflops {
        throughput("sparse_tflops", sparse);
    }
    push("memory.capacity_gb".into(), acc.memory.capacity_gb);
    push("memory.bandwidth_gb_s".into(), acc.memory.bandwidth_gb_s);
    if let Some(net) = &acc.interconnect {
        push("interconnect.intra_gb_s".into(), net.intra_gb_s);
        push(
            "interconnect.domain_size".into(),
            net.domain_size.map(f64::from),
        );
        push("interconnect.inter_gb_s".into(), net.inter_gb_s);
    }
    if let Some(price) = &acc.price {
        push("price.cloud_usd_per_hour".into(), price.cloud_usd_per_hour);
        push("price.purchase_usd".into(), price.purchase_usd);
    }
    push("tdp_w".into(), acc.tdp_w);
    push("year".into(), acc.year.map(f64::from));
    out
}

fn is_id(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !text.starts_with('-')
}

/// A calendar date written YYYY-MM-DD that exists: 2026-02-30 does not.
fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return false;
    };
    let digits = |p: &str, len: usize| p.len() == len && p.chars().all(|c| c.is_ascii_digit());
    if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
        return false;
    }
    let (Ok(year), Ok(month), Ok(day)) = (y.parse::<u32>(), m.parse::<u32>(), d.parse::<u32>())
    else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// An https:// address with a host that has a dot, and no whitespace.
fn is_https_url(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("https://") else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !text.chars().any(char::is_whitespace) && host.contains('.') && !host.starts_with('.')
}

/// The line where a dotted key (`memory.capacity_gb`, `sources.2.url`) is
/// written in the row, or the row's `id` line when the key is not written
/// (a missing field, or a problem of the whole row).
fn line_of(row: &Table, key: &str) -> usize {
    let fallback = row.line_of("id").unwrap_or(row.line());
    let mut table = row;
    let mut parts = key.split('.').peekable();
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            return table.line_of(part).unwrap_or(fallback);
        }
        let next = match table.get(part) {
            Some(Value::Table(inner)) => Some(inner),
            Some(Value::Array(items)) => parts
                .next()
                .and_then(|index| index.parse::<usize>().ok())
                .and_then(|index| items.get(index))
                .and_then(|item| match item {
                    Value::Table(inner) => Some(inner),
                    _ => None,
                }),
            _ => None,
        };
        match next {
            Some(inner) => table = inner,
            None => return table.line_of(part).unwrap_or(fallback),
        }
    }
    fallback
}

#[cfg(test)]
#[path = "check/tests.rs"]
mod tests;
