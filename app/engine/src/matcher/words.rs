//! Numbers as they read inside a sentence: "25 million", "0.5", "4,096".

use crate::format;

/// A count in words for large values: `25 million`, `7 billion`, `1.2 trillion`.
pub fn count(value: f64) -> String {
    const SCALES: [(f64, &str); 3] = [(1e12, "trillion"), (1e9, "billion"), (1e6, "million")];
    for (scale, name) in SCALES {
        if value >= scale {
            return format!("{} {name}", format::significant_digits(value / scale, 3));
        }
    }
    number(value)
}

/// A plain number with thousands separators when whole, e.g. `4,096` or `0.25`.
pub fn number(value: f64) -> String {
    if value >= 1000.0 && value.fract() == 0.0 && value < 1e15 {
        // Whole, positive and below 2^53, so the cast is exact.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let whole = value as u64;
        format::grouped(whole)
    } else {
        format::significant_digits(value, 3)
    }
}

/// Watts, in milliwatts below 1 W: `50 mW`, `5 W`, `1,000 W`.
pub fn watts(value: f64) -> String {
    if value < 1.0 {
        format!("{} mW", number(value * 1000.0))
    } else {
        format!("{} W", number(value))
    }
}

pub fn grouped(value: u64) -> String {
    format::grouped(value)
}

/// GB with up to three significant figures, e.g. `14 GB`, `1.6 TB`.
pub fn bytes(value: f64) -> String {
    format::si(value, "B")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_words() {
        assert_eq!(count(25e6), "25 million");
        assert_eq!(count(7e9), "7 billion");
        assert_eq!(count(1.2e12), "1.2 trillion");
        assert_eq!(count(5000.0), "5,000");
        assert_eq!(number(0.5), "0.5");
        assert_eq!(bytes(14e9), "14 GB");
        assert_eq!(watts(0.05), "50 mW");
        assert_eq!(watts(75.0), "75 W");
    }
}
