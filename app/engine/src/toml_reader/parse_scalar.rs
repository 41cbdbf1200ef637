//! Booleans, integers and floats, from one token of the document.

use super::Value;

/// Reads a bare token. Dates are refused with a hint, because no content
/// field holds a date value and a quoted date reads the same to people.
pub(super) fn scalar(token: &str) -> Result<Value, String> {
    match token {
        "" => return Err("expected a value".into()),
        "true" => return Ok(Value::Boolean(true)),
        "false" => return Ok(Value::Boolean(false)),
        "inf" | "+inf" => return Ok(Value::Float(f64::INFINITY)),
        "-inf" => return Ok(Value::Float(f64::NEG_INFINITY)),
        "nan" | "+nan" | "-nan" => return Ok(Value::Float(f64::NAN)),
        _ => {}
    }
    if looks_like_date(token) {
        return Err(format!(
            "`{token}` looks like a date or time; write it as a quoted string"
        ));
    }
    if let Some((radix, digits)) = radix_prefix(token) {
        return integer_in_radix(token, digits, radix);
    }
    let unsigned = token.strip_prefix(['+', '-']).unwrap_or(token);
    if !unsigned.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(format!(
            "`{token}` is not a value; quote text, as in \"{token}\""
        ));
    }
    if unsigned.contains(['.', 'e', 'E']) {
        float(token, unsigned)
    } else {
        decimal(token, unsigned)
    }
}

fn looks_like_date(token: &str) -> bool {
    let bytes = token.as_bytes();
    token.contains(':')
        || (bytes.len() >= 10
            && bytes.get(4) == Some(&b'-')
            && bytes.get(7) == Some(&b'-')
            && bytes.iter().take(4).all(u8::is_ascii_digit))
}

fn radix_prefix(token: &str) -> Option<(u32, &str)> {
    [("0x", 16), ("0o", 8), ("0b", 2)]
        .into_iter()
        .find_map(|(prefix, radix)| token.strip_prefix(prefix).map(|rest| (radix, rest)))
}

/// Underscores may only sit between two digits.
fn strip_underscores(token: &str, digits: &str, radix: u32) -> Result<String, String> {
    let bytes = digits.as_bytes();
    for (idx, byte) in bytes.iter().enumerate() {
        if *byte == b'_' {
            let before = idx.checked_sub(1).and_then(|prev| bytes.get(prev));
            let after = bytes.get(idx + 1);
            let digit = |b: Option<&u8>| b.is_some_and(|b| char::from(*b).is_digit(radix));
            if !digit(before) || !digit(after) {
                return Err(format!(
                    "`{token}`: an underscore must sit between two digits"
                ));
            }
        }
    }
    Ok(digits.replace('_', ""))
}

fn integer_in_radix(token: &str, digits: &str, radix: u32) -> Result<Value, String> {
    let clean = strip_underscores(token, digits, radix)?;
    if clean.is_empty() || clean.starts_with(['+', '-']) {
        return Err(format!("`{token}` is not a valid integer"));
    }
    i64::from_str_radix(&clean, radix)
        .map(Value::Integer)
        .map_err(|_| format!("`{token}` is not a valid integer or does not fit in 64 bits"))
}

fn leading_zero(digits: &str) -> bool {
    let integer_part = digits.split(['.', 'e', 'E']).next().unwrap_or_default();
    integer_part.len() > 1 && integer_part.starts_with('0')
}

fn decimal(token: &str, unsigned: &str) -> Result<Value, String> {
    let clean = strip_underscores(token, unsigned, 10)?;
    if leading_zero(&clean) || !clean.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{token}` is not a valid integer"));
    }
    let signed = with_sign(token, clean);
    signed
        .parse::<i64>()
        .map(Value::Integer)
        .map_err(|_| format!("`{token}` does not fit in a 64-bit integer"))
}

fn float(token: &str, unsigned: &str) -> Result<Value, String> {
    let clean = strip_underscores(token, unsigned, 10)?;
    let (mantissa, exponent) = match clean.find(['e', 'E']) {
        Some(at) => (
            clean.get(..at).unwrap_or_default(),
            Some(clean.get(at + 1..).unwrap_or_default()),
        ),
        None => (clean.as_str(), None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => digits(whole) && digits(fraction),
        None => digits(mantissa),
    };
    let exponent_ok =
        exponent.is_none_or(|exp| digits(exp.strip_prefix(['+', '-']).unwrap_or(exp)));
    if !mantissa_ok || !exponent_ok || leading_zero(&clean) {
        return Err(format!("`{token}` is not a valid number"));
    }
    let signed = with_sign(token, clean);
    signed
        .parse::<f64>()
        .map(Value::Float)
        .map_err(|_| format!("`{token}` is not a valid number"))
}

/// `clean` (digits without sign or underscores) with the token's minus sign.
fn with_sign(token: &str, clean: String) -> String {
    if token.starts_with('-') {
        format!("-{clean}")
    } else {
        clean
    }
}
