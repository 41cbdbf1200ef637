//! Numbers with units, as learners type them: "120 GB", "1.2e11 bytes",
//! "120e9", "34 days". An answer in another unit of the same kind is converted.

use crate::field::parse_real;

/// A unit: its kind and its size in the kind's base unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quantity {
    pub kind: &'static str,
    pub factor: f64,
}

const UNITS: &[(&str, &str, f64)] = &[
    ("b", "bytes", 1.0),
    ("byte", "bytes", 1.0),
    ("bytes", "bytes", 1.0),
    ("kb", "bytes", 1e3),
    ("mb", "bytes", 1e6),
    ("gb", "bytes", 1e9),
    ("tb", "bytes", 1e12),
    ("pb", "bytes", 1e15),
    ("kib", "bytes", 1024.0),
    ("mib", "bytes", 1_048_576.0),
    ("gib", "bytes", 1_073_741_824.0),
    ("tib", "bytes", 1_099_511_627_776.0),
    ("flop", "flops", 1.0),
    ("flops", "flops", 1.0),
    ("gflop", "flops", 1e9),
    ("tflop", "flops", 1e12),
    ("pflop", "flops", 1e15),
    ("eflop", "flops", 1e18),
    ("flop/s", "flop rate", 1.0),
    ("gflop/s", "flop rate", 1e9),
    ("tflop/s", "flop rate", 1e12),
    ("gflops", "flop rate", 1e9),
    ("tflops", "flop rate", 1e12),
    ("pflops", "flop rate", 1e15),
    ("eflops", "flop rate", 1e18),
    ("tf/s", "flop rate", 1e12),
    ("pflop/s", "flop rate", 1e15),
    ("eflop/s", "flop rate", 1e18),
    ("s", "time", 1.0),
    ("sec", "time", 1.0),
    ("second", "time", 1.0),
    ("seconds", "time", 1.0),
    ("ms", "time", 1e-3),
    ("msec", "time", 1e-3),
    ("millisecond", "time", 1e-3),
    ("milliseconds", "time", 1e-3),
    ("µs", "time", 1e-6),
    ("us", "time", 1e-6),
    ("microsecond", "time", 1e-6),
    ("microseconds", "time", 1e-6),
    ("ns", "time", 1e-9),
    ("nanosecond", "time", 1e-9),
    ("nanoseconds", "time", 1e-9),
    ("min", "time", 60.0),
    ("mins", "time", 60.0),
    ("minute", "time", 60.0),
    ("minutes", "time", 60.0),
    ("h", "time", 3600.0),
    ("hr", "time", 3600.0),
    ("hrs", "time", 3600.0),
    ("hour", "time", 3600.0),
    ("hours", "time", 3600.0),
    ("d", "time", 86_400.0),
    ("day", "time", 86_400.0),
    ("days", "time", 86_400.0),
    ("week", "time", 604_800.0),
    ("weeks", "time", 604_800.0),
    ("w", "power", 1.0),
    ("kw", "power", 1e3),
    ("mw", "power", 1e6),
    ("wh", "energy", 1.0),
    ("kwh", "energy", 1e3),
    ("mwh", "energy", 1e6),
    ("gwh", "energy", 1e9),
    ("kg", "mass", 1.0),
    ("t", "mass", 1e3),
    ("tonne", "mass", 1e3),
    ("tonnes", "mass", 1e3),
    ("mb/s", "bandwidth", 1e6),
    ("gb/s", "bandwidth", 1e9),
    ("tb/s", "bandwidth", 1e12),
    ("flop/byte", "intensity", 1.0),
    ("flop/b", "intensity", 1.0),
    ("flops/byte", "intensity", 1.0),
    ("flops/b", "intensity", 1.0),
    ("flop per byte", "intensity", 1.0),
    ("tops/w", "efficiency", 1.0),
    ("tops/watt", "efficiency", 1.0),
    ("tops per watt", "efficiency", 1.0),
    ("flops per byte", "intensity", 1.0),
];

pub fn lookup(unit: &str) -> Option<Quantity> {
    let key = unit.trim().to_lowercase();
    UNITS
        .iter()
        .find(|(name, _, _)| *name == key)
        .map(|(_, kind, factor)| Quantity {
            kind,
            factor: *factor,
        })
}

pub fn known() -> String {
    UNITS
        .iter()
        .map(|(name, _, _)| *name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Words that may follow a number with no unit: what is counted, or "times".
const COUNT_LABELS: &[&str] = &[
    "x",
    "times",
    "gpu",
    "gpus",
    "chip",
    "chips",
    "accelerator",
    "accelerators",
    "node",
    "nodes",
    "server",
    "servers",
    "card",
    "cards",
];

/// Reads a number, optionally followed by a unit, and converts it to `unit`.
pub fn parse_quantity(text: &str, unit: Option<&str>) -> Result<f64, String> {
    // "1.2 × 10^24 FLOP" reads as "1.2e24 FLOP"; the x of "x 10^" is not a unit.
    let normalized = crate::field::power_of_ten(text);
    // "12.5×" is a ratio written with the multiplication sign.
    // "~1024" and "≈ 1024" are how people write an estimate; the answer is
    // graded with a tolerance anyway.
    let trimmed = normalized
        .as_deref()
        .unwrap_or(text)
        .trim()
        .trim_start_matches(['~', '≈'])
        .trim_start()
        .trim_end_matches('×')
        .trim_end();
    let split = trimmed
        .char_indices()
        .find(|(idx, c)| c.is_alphabetic() && !exponent_marker(trimmed, *idx) || *c == 'µ')
        .map_or(trimmed.len(), |(idx, _)| idx);
    let (number, suffix) = trimmed.split_at(split);
    // Words with no number in front ("abc", "about ten") are not a number, not
    // an empty answer: reading the whole text says so in the widgets' words.
    let number = if number.trim().is_empty() {
        trimmed
    } else {
        number
    };
    let value = parse_real(number).map_err(|problem| problem.to_string())?;
    // "13 ms/token" and "13 ms per token": the question already asks per token.
    let suffix = suffix.trim();
    let suffix = ["/token", " per token"]
        .iter()
        .find_map(|tail| suffix.strip_suffix(tail))
        .unwrap_or(suffix)
        .trim();
    if suffix.is_empty() {
        return Ok(value);
    }
    // A count or a ratio has no unit, but people name what they count.
    if unit.is_none() && COUNT_LABELS.contains(&suffix.to_lowercase().as_str()) {
        return Ok(value);
    }
    let given =
        lookup(suffix).ok_or_else(|| format!("“{suffix}” is not a unit this question knows."))?;
    let Some(expected) = unit.and_then(lookup) else {
        return Err(format!(
            "This answer has no unit; write just the number instead of “{suffix}”."
        ));
    };
    if given.kind != expected.kind {
        return Err(format!(
            "“{suffix}” measures {}, but the answer is in {}.",
            given.kind, expected.kind
        ));
    }
    Ok(value * given.factor / expected.factor)
}

/// An `e` or `E` between digits is an exponent, as in 1.2e11, not a unit.
fn exponent_marker(text: &str, idx: usize) -> bool {
    let bytes = text.as_bytes();
    let is_e = matches!(bytes.get(idx), Some(b'e' | b'E'));
    let before = idx
        .checked_sub(1)
        .and_then(|i| bytes.get(i))
        .is_some_and(|b| b.is_ascii_digit() || *b == b'.');
    let after = bytes
        .get(idx + 1)
        .is_some_and(|b| b.is_ascii_digit() || *b == b'-' || *b == b'+');
    is_e && before && after
}
