//! Number formatting for people: engineering notation, durations and plain numbers.
//!
//! Everything a learner reads goes through these functions, so that the same
//! quantity always looks the same on every page and in every explanation.

/// A number written without exponent when that stays readable, e.g. `1`, `0.5`, `1000000`.
pub fn plain_number(value: f64) -> String {
    if value != 0.0 && (value.abs() >= 1e7 || value.abs() < 1e-3) {
        scientific(value, 3)
    } else {
        trim_zeros(&format!("{value:.4}"))
    }
}

/// `mantissa × 10^exponent`, with superscript digits, e.g. `3.15 × 10²³`.
pub fn scientific(value: f64, significant: usize) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let formatted = format!("{:.*e}", significant.saturating_sub(1), value);
    let (mantissa, exponent) = formatted
        .split_once('e')
        .unwrap_or((formatted.as_str(), "0"));
    let mantissa = trim_zeros(mantissa);
    if exponent == "0" {
        return mantissa;
    }
    format!("{mantissa} × 10{}", superscript(exponent))
}

/// A count with thousands separators, e.g. `16,384`.
pub fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (idx, ch) in digits.chars().enumerate() {
        if idx > 0 && (digits.len() - idx).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A number as a chart's tooltip or a prediction's verdict shows it: three
/// significant figures below 1,000, whole and grouped up to ten million
/// (`1,621`, where three figures would drop digits a reader can check), then
/// scientific. A tooltip otherwise shows every digit the arithmetic left
/// (`56,314.408316829526`).
pub fn chart_value(value: f64) -> String {
    readable(value, 3)
}

/// A number a learner typed or reads in a sentence, to `significant` figures
/// below 1,000, whole and grouped up to ten million, then scientific: never
/// the 25 digits binary rounding leaves in `1.2e24`.
pub fn readable(value: f64, significant: i32) -> String {
    let size = value.abs();
    if !value.is_finite() || size >= 1e7 {
        scientific(value, significant.clamp(1, 17) as usize)
    } else if size >= 999.5 {
        let sign = if value < 0.0 { "-" } else { "" };
        // Below 1e7 the rounded magnitude fits a u64 exactly.
        format!("{sign}{}", grouped(size.round() as u64))
    } else {
        significant_digits(value, significant)
    }
}

/// A whole count with its noun, grouped and in the right number:
/// `count(1, "node", "nodes")` is `1 node`, `count(1024, ...)` is `1,024 nodes`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// The text with its first letter in capitals: a phrase lifted out of a
/// sentence ("against: the part…") or a lowercase label used as a menu entry.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A value with its unit, three significant figures and grouped thousands,
/// singular for exactly one operation ("1 op/byte", "2 ops/byte").
pub fn amount(value: f64, unit: &str) -> String {
    let number = chart_value(value);
    let unit = if number == "1" {
        unit.replacen("ops/", "op/", 1)
    } else {
        unit.to_string()
    };
    // A percent sign sits against its number, as every result shows it.
    if unit == "%" {
        return format!("{number}%");
    }
    format!("{number} {unit}")
}

/// A duration in hours, three significant digits (grouped from 1,000), for
/// a widget whose run times are all compared in hours, such as the case study.
pub fn hours(seconds: f64) -> String {
    let value = seconds / 3600.0;
    let number = if value.is_finite() && value >= 1000.0 {
        grouped(value.round() as u64)
    } else {
        significant_digits(value, 3)
    };
    let unit = if number == "1" { "hour" } else { "hours" };
    format!("{number} {unit}")
}

/// A duration in the largest sensible unit, e.g. `34.2 days` or `5.14 hours`.
pub fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if !seconds.is_finite() {
        return "—".to_string();
    }
    let (value, unit) = if seconds >= YEAR {
        (seconds / YEAR, "years")
    } else if seconds >= DAY {
        (seconds / DAY, "days")
    } else if seconds >= HOUR {
        (seconds / HOUR, "hours")
    } else if seconds >= MINUTE {
        (seconds / MINUTE, "minutes")
    } else {
        (seconds, "seconds")
    };
    // Three significant digits below 10, so "1.47 days" sits beside "35.2
    // hours" without seeming the longer, and a fraction of a second is not
    // rounded to "0 seconds"; one decimal above, as before.
    let number = if value >= 1e4 {
        scientific(value, 3)
    } else if value < 10.0 {
        significant_digits(value, 3)
    } else if value >= 1000.0 {
        // Whole units, grouped as every other count is: "2,835 hours".
        grouped(value.round() as u64)
    } else {
        trim_zeros(&format!("{value:.1}"))
    };
    // "1 days" reads as a slip; every unit above is a plural ending in "s".
    let unit = if number == "1" {
        unit.strip_suffix('s').unwrap_or(unit)
    } else {
        unit
    };
    format!("{number} {unit}")
}

/// FLOP/s with an SI prefix, e.g. `989 TFLOP/s`, `1.1 EFLOP/s`.
pub fn flops_rate(value: f64) -> String {
    si(value, "FLOP/s")
}

/// A value with an SI prefix and unit, three significant figures.
pub fn si(value: f64, unit: &str) -> String {
    si_digits(value, unit, 3)
}

/// `si` to a chosen number of significant figures, for a value plugged into
/// a formula, where the catalogue's "989.5 TFLOP/s" must not read "990".
pub fn si_digits(value: f64, unit: &str, digits: i32) -> String {
    const PREFIXES: [(f64, &str); 8] = [
        (1e24, "Y"),
        (1e21, "Z"),
        (1e18, "E"),
        (1e15, "P"),
        (1e12, "T"),
        (1e9, "G"),
        (1e6, "M"),
        (1e3, "k"),
    ];
    for (scale, prefix) in PREFIXES {
        if value.abs() >= scale {
            return format!(
                "{} {prefix}{unit}",
                significant_digits(value / scale, digits)
            );
        }
    }
    format!("{} {unit}", significant_digits(value, digits))
}

/// A duration that may be tiny: nanoseconds below a microsecond,
/// microseconds below a millisecond, milliseconds below a second, then
/// `duration`'s units, so the parts of a step never round to "0 seconds"
/// and never read "0.0786 µs".
pub fn short_duration(seconds: f64) -> String {
    // Below 0.9995 µs three significant figures still round under 1,000 ns;
    // below 0.9995 ns, picoseconds, so a tiny matmul is "2.94 ps", not
    // "0.00294 ns".
    if seconds > 0.0 && seconds < 0.9995e-9 {
        format!("{} ps", significant_digits(seconds * 1e12, 3))
    } else if seconds > 0.0 && seconds < 0.9995e-6 {
        format!("{} ns", significant_digits(seconds * 1e9, 3))
    } else if seconds < 1e-3 {
        format!("{} µs", significant_digits(seconds * 1e6, 3))
    } else if seconds < 1.0 {
        format!("{} ms", significant_digits(seconds * 1e3, 3))
    } else {
        duration(seconds)
    }
}

/// A latency given in milliseconds, to three significant figures in the unit
/// that keeps it short: `850 µs`, `42.1 ms`, `1.62 s`, then `duration`'s units
/// from a minute up. "1621 ms" makes a reader count digits; "1.62 s" does not.
pub fn milliseconds(value_ms: f64) -> String {
    if !value_ms.is_finite() {
        return "—".to_string();
    }
    // Below 999.5 ms three significant figures still round under 1,000 ms,
    // and below 59,950 ms under 60 s; past those the next unit reads better.
    if value_ms <= 0.0 {
        format!("{} ms", significant_digits(value_ms, 3))
    } else if value_ms < 0.9995e-3 {
        format!("{} ns", significant_digits(value_ms * 1e6, 3))
    } else if value_ms < 0.9995 {
        format!("{} µs", significant_digits(value_ms * 1e3, 3))
    } else if value_ms < 999.5 {
        format!("{} ms", significant_digits(value_ms, 3))
    } else if value_ms < 59_950.0 {
        format!("{} s", significant_digits(value_ms / 1e3, 3))
    } else {
        // From 59,950 ms the value rounds to a whole minute.
        duration(value_ms.max(60_000.0) / 1e3)
    }
}

/// Dollars: whole dollars with thousands separators from $1,000 up, cents
/// below that and two significant figures under a dollar, e.g. `$1,234,567`,
/// `$6.88`, `$0.085`. Estimates this large carry no meaningful cents.
pub fn usd(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_string();
    }
    let sign = if value < 0.0 { "-" } else { "" };
    let magnitude = value.abs();
    let digits = if magnitude >= 1e15 {
        // A cost this large only comes from a job that never finishes; digits
        // grouped in threes would run across the page (and `as u64` saturates).
        scientific(magnitude, 3)
    } else if magnitude >= 1000.0 {
        grouped(magnitude.round() as u64)
    } else if magnitude >= 1.0 || magnitude == 0.0 {
        format!("{magnitude:.2}")
    } else {
        // Cents always show both digits: $0.10, not $0.1; a smaller price
        // keeps its two significant figures ($0.015).
        let cents = significant_digits(magnitude, 2);
        match cents.split_once('.') {
            Some((_, decimals)) if decimals.len() == 1 => format!("{cents}0"),
            _ => cents,
        }
    };
    format!("{sign}${digits}")
}

/// A share in [0, 1] as a percentage with three significant figures, e.g. `24.9%`.
pub fn percent(share: f64) -> String {
    format!("{}%", significant_digits(share * 100.0, 3))
}

/// A score as a whole percentage, halves rounded up: 5 of 8 is "63%", where
/// `{:.0}` would round half to even and print "62%".
pub fn whole_percent(share: f64) -> String {
    // 23 of 40 is 57.499999… in binary; settling the sixth decimal first
    // lets an exact half round up as it does on paper.
    let percent = (share * 100.0 * 1e6).round() / 1e6;
    format!("{:.0}%", percent.round())
}

/// Rounds to `digits` significant figures and drops trailing zeros.
pub fn significant_digits(value: f64, digits: i32) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (digits - 1 - magnitude).clamp(0, 12) as usize;
    // A decimal half such as 1.555 is stored just below itself (1.55499…),
    // and `{:.2}` would print 1.55 where a datasheet reader expects 1.56.
    // Settling the binary noise first lets a written half round up, as
    // `whole_percent` does.
    // Past 1e15 units of the last digit every f64 is whole already, and
    // the settling would only add error of its own.
    let factor = 10f64.powi(decimals as i32);
    let value = if (value * factor).abs() < 1e15 {
        ((value * factor * 1e6).round() / 1e6).round() / factor
    } else {
        value
    };
    trim_zeros(&format!("{value:.decimals$}"))
}

/// Round bounds for a chart axis that must show `low..=high` and no more: each
/// end moves out to a whole step, the power of ten just below the span, so the
/// end labels read `97` and `99` rather than the raw data `97.7368…`. A flat
/// series (a span of zero) gets the whole steps around it, a step being the
/// power of ten one below its size (40 to 42 around 41.2), because an axis
/// whose ends are equal is drawn with ends of its own choosing and raw labels.
/// Any value that is not finite, or ends the wrong way round, gives the values
/// back unchanged.
pub fn nice_bounds(low: f64, high: f64) -> (f64, f64) {
    let span = high - low;
    if !(low.is_finite() && high.is_finite() && span >= 0.0) {
        return (low, high);
    }
    if span == 0.0 {
        let size = low.abs();
        let exponent = if size > 0.0 {
            size.log10().floor() - 1.0
        } else {
            0.0
        };
        let step = 10_f64.powf(exponent);
        let below = ((low - step / 2.0) / step).floor();
        let above = ((high + step / 2.0) / step).ceil();
        return (on_grid(below, exponent), on_grid(above, exponent));
    }
    let exponent = span.log10().floor();
    let step = 10_f64.powf(exponent);
    (
        on_grid((low / step).floor(), exponent),
        on_grid((high / step).ceil(), exponent),
    )
}

/// `steps` × 10^`exponent`, divided rather than multiplied for a negative
/// exponent: 51 / 10 is the double nearest 5.1, where 51 × 0.1 is not, and an
/// axis prints its ends as they are.
fn on_grid(steps: f64, exponent: f64) -> f64 {
    if exponent < 0.0 {
        steps / 10_f64.powf(-exponent)
    } else {
        steps * 10_f64.powf(exponent)
    }
}

/// Tick spacing and axis end, both in months, for a chart that runs from
/// month 0 to `months`: the smallest step from 1, 2, 3, 6, 12, 24, 36, 60 and
/// 120 months that needs at most five gaps (beyond that, a multiple of a year),
/// with the axis ending on a tick.
/// Ending on a tick matters: a last month between two ticks (36 after 30)
/// puts two labels almost on top of each other on a phone.
pub fn month_ticks(months: u32) -> (u32, u32) {
    const STEPS: [u32; 9] = [1, 2, 3, 6, 12, 24, 36, 60, 120];
    const MOST_GAPS: u32 = 5;
    let months = months.max(1);
    let step = STEPS
        .into_iter()
        .find(|step| months.div_ceil(*step) <= MOST_GAPS)
        .unwrap_or_else(|| months.div_ceil(MOST_GAPS).div_ceil(12) * 12);
    (step, months.div_ceil(step).saturating_mul(step))
}

fn trim_zeros(text: &str) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

fn superscript(exponent: &str) -> String {
    exponent
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            '9' => '⁹',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {

    #[test]
    fn tiny_durations_read_in_nanoseconds() {
        assert_eq!(super::short_duration(7.86e-8), "78.6 ns");
        assert_eq!(super::short_duration(4.18e-9), "4.18 ns");
        assert_eq!(super::short_duration(0.9996e-6), "1 µs");
        assert_eq!(super::short_duration(8.77e-7), "877 ns");
        assert_eq!(super::short_duration(2.5e-5), "25 µs");
        assert_eq!(super::milliseconds(7.86e-5), "78.6 ns");
        assert_eq!(super::milliseconds(0.5), "500 µs");
        assert_eq!(super::short_duration(2.94e-12), "2.94 ps");
        assert_eq!(super::short_duration(0.9996e-9), "1 ns");
    }

    /// A written half rounds up, as on paper: the A100 40 GB's 1,555 GB/s
    /// is 1.56 TB/s, not the 1.55 that its binary value (1.55499…) gives.
    #[test]
    fn decimal_halves_round_up() {
        assert_eq!(super::significant_digits(1.555, 3), "1.56");
        assert_eq!(super::si(1.555e12, "B/s"), "1.56 TB/s");
        assert_eq!(super::significant_digits(2.675, 3), "2.68");
        assert_eq!(super::significant_digits(-1.555, 3), "-1.56");
        assert_eq!(super::significant_digits(1.554999, 3), "1.55");
        assert_eq!(super::significant_digits(1e300, 3), format!("{:.0}", 1e300));
    }

    #[test]
    fn scores_round_half_up_to_a_whole_percent() {
        use super::whole_percent;
        assert_eq!(whole_percent(5.0 / 8.0), "63%");
        assert_eq!(whole_percent(1.0 / 8.0), "13%");
        assert_eq!(whole_percent(2.0 / 3.0), "67%");
        assert_eq!(whole_percent(23.0 / 40.0), "58%");
        assert_eq!(whole_percent(0.0), "0%");
        assert_eq!(whole_percent(1.0), "100%");
    }

    #[test]
    fn month_axes_end_on_a_tick_with_at_most_five_gaps() {
        use super::month_ticks;
        assert_eq!(month_ticks(36), (12, 36));
        assert_eq!(month_ticks(30), (6, 30));
        assert_eq!(month_ticks(31), (12, 36));
        assert_eq!(month_ticks(1), (1, 1));
        assert_eq!(month_ticks(0), (1, 1));
        assert_eq!(month_ticks(240), (60, 240));
        assert_eq!(month_ticks(601), (132, 660));
        assert_eq!(month_ticks(u32::MAX).1, u32::MAX);
        for months in 1..=240 {
            let (step, end) = month_ticks(months);
            assert!(
                end >= months && end % step == 0 && end / step <= 5,
                "{months}"
            );
        }
    }

    #[test]
    fn latencies_switch_to_seconds_before_four_digits() {
        use super::milliseconds;
        assert_eq!(milliseconds(0.85), "850 µs");
        assert_eq!(milliseconds(42.13), "42.1 ms");
        assert_eq!(milliseconds(999.4), "999 ms");
        assert_eq!(milliseconds(0.9996), "1 ms");
        assert_eq!(milliseconds(0.0), "0 ms");
        assert_eq!(milliseconds(59_960.0), "1 minute");
        assert_eq!(milliseconds(59_940.0), "59.9 s");
        assert_eq!(milliseconds(999.7), "1 s");
        assert_eq!(milliseconds(1621.0), "1.62 s");
        assert_eq!(milliseconds(12_345.0), "12.3 s");
        assert_eq!(milliseconds(90_000.0), "1.5 minutes");
        assert_eq!(milliseconds(f64::NAN), "—");
    }
    #[test]
    fn chart_values_keep_three_figures_or_whole_units() {
        use super::chart_value;
        assert_eq!(chart_value(512.000_000_000_1), "512");
        assert_eq!(chart_value(37.945_295_5), "37.9");
        assert_eq!(chart_value(0.335), "0.335");
        assert_eq!(chart_value(9.0), "9");
        assert_eq!(chart_value(56_314.408_316_829_526), "56,314");
        assert_eq!(chart_value(-1_234.6), "-1,235");
        assert_eq!(chart_value(1.02e7), "1.02 × 10⁷");
        assert_eq!(chart_value(0.0), "0");
        assert_eq!(chart_value(f64::NAN), "NaN");
        // Predictions read large answers grouped, not cut to three figures.
        assert_eq!(chart_value(1621.0), "1,621");
        assert_eq!(chart_value(999.6), "1,000");
        assert_eq!(chart_value(13.44), "13.4");
        assert_eq!(chart_value(-25_000.4), "-25,000");
        assert_eq!(chart_value(2e15), "2 × 10¹⁵");
    }

    use super::*;

    #[test]
    fn formats() {
        assert_eq!(scientific(3.15e23, 3), "3.15 × 10²³");
        assert_eq!(scientific(1e-5, 2), "1 × 10⁻⁵");
        assert_eq!(grouped(16384), "16,384");
        assert_eq!(grouped(999), "999");
        assert_eq!(duration(86_400.0 * 34.26), "34.3 days");
        assert_eq!(duration(90.0), "1.5 minutes");
        assert_eq!(duration(86_400.0), "1 day");
        assert_eq!(duration(3_600.0 * 1.0004), "1 hour");
        assert_eq!(duration(3_600.0 * 1.04), "1.04 hours");
        assert_eq!(duration(86_400.0 * 1.47), "1.47 days");
        assert_eq!(duration(0.036), "0.036 seconds");
        assert_eq!(hours(3_600.0 * 2_835.3), "2,835 hours");
        assert_eq!(hours(3_600.0 * 35.24), "35.2 hours");
        assert_eq!(hours(3_600.0), "1 hour");
        assert_eq!(duration(1.0), "1 second");
        assert_eq!(count(1, "node", "nodes"), "1 node");
        assert_eq!(count(0, "node", "nodes"), "0 nodes");
        assert_eq!(count(1024, "node", "nodes"), "1,024 nodes");
        assert_eq!(flops_rate(989e12), "989 TFLOP/s");
        assert_eq!(si(1.1e18, "FLOP/s"), "1.1 EFLOP/s");
        assert_eq!(plain_number(0.5), "0.5");
        assert_eq!(plain_number(1e15), "1 × 10¹⁵");
        assert_eq!(plain_number(1000.0), "1000");
        assert_eq!(usd(1_234_567.4), "$1,234,567");
        assert_eq!(usd(6.88), "$6.88");
        assert_eq!(usd(0.0853), "$0.085");
        assert_eq!(usd(0.1), "$0.10");
        assert_eq!(usd(0.5), "$0.50");
        assert_eq!(usd(0.015), "$0.015");
        assert_eq!(readable(1.2e24 + 33_554_432.0, 4), "1.2 × 10²⁴");
        assert_eq!(readable(4096.0, 4), "4,096");
        assert_eq!(readable(0.36, 4), "0.36");
        assert_eq!(usd(0.0), "$0.00");
        assert_eq!(usd(-2500.0), "-$2,500");
        // Past a quadrillion dollars only a job that never finishes gets here.
        assert_eq!(usd(1.8e19), "$1.8 × 10¹⁹");
        assert_eq!(percent(0.2489), "24.9%");
    }

    #[test]
    fn nice_bounds_round_outwards_to_the_step_below_the_span() {
        assert_eq!(nice_bounds(97.736_844, 98.986_146), (97.0, 99.0));
        assert_eq!(nice_bounds(12.0, 87.0), (10.0, 90.0));
        assert_eq!(nice_bounds(0.0, 100.0), (0.0, 100.0));
        assert_eq!(nice_bounds(99.21, 99.68), (99.2, 99.7));
        // A flat line: whole steps either side, never two equal ends.
        assert_eq!(nice_bounds(41.222_548, 41.222_548), (40.0, 42.0));
        assert_eq!(nice_bounds(5.0, 5.0), (4.9, 5.1));
        assert_eq!(nice_bounds(100.0, 100.0), (90.0, 110.0));
        assert_eq!(nice_bounds(0.0, 0.0), (-1.0, 1.0));
        assert_eq!(nice_bounds(-41.2, -41.2), (-42.0, -40.0));
        assert_eq!(nice_bounds(3.0, 1.0), (3.0, 1.0));
        let (low, high) = nice_bounds(f64::NAN, 1.0);
        assert!(low.is_nan() && high == 1.0);
    }
}
