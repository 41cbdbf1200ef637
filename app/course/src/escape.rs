//! HTML escaping and URL helpers. Everything the course renders is built from
//! escaped text, so a `<script>` in content can only ever appear as text.

/// Escapes text for use inside HTML element content or a double-quoted attribute.
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// A heading's text turned into an id: lowercase ASCII words joined by hyphens.
pub fn slugify(text: &str) -> String {
    let mut slug = String::new();
    let mut pending_hyphen = false;
    for ch in text.chars() {
        if ch.is_ascii_alphanumeric() {
            if pending_hyphen && !slug.is_empty() {
                slug.push('-');
            }
            pending_hyphen = false;
            slug.push(ch.to_ascii_lowercase());
        } else {
            pending_hyphen = true;
        }
    }
    if slug.is_empty() {
        "section".to_string()
    } else {
        slug
    }
}

/// Percent-encodes a query component (RFC 3986 unreserved characters pass through).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(byte as char)
            }
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// Decodes `%XX` escapes and `+` as space. Invalid escapes are kept as typed, and
/// invalid UTF-8 is replaced, so a garbage URL never fails to decode.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut idx = 0;
    while let Some(&byte) = bytes.get(idx) {
        if byte == b'%' {
            let hex = bytes
                .get(idx + 1..idx + 3)
                .and_then(|pair| std::str::from_utf8(pair).ok());
            if let Some(value) = hex.and_then(|pair| u8::from_str_radix(pair, 16).ok()) {
                out.push(value);
                idx += 3;
                continue;
            }
        }
        out.push(if byte == b'+' { b' ' } else { byte });
        idx += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            html("<script>alert('x')</script>"),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
        );
        assert_eq!(html("a & \"b\""), "a &amp; &quot;b&quot;");
    }

    #[test]
    fn slugs() {
        assert_eq!(
            slugify("Why CPUs fall short (at scale)"),
            "why-cpus-fall-short-at-scale"
        );
        assert_eq!(slugify("  6·N·D  "), "6-n-d");
        assert_eq!(slugify("—"), "section");
    }

    #[test]
    fn percent_round_trip_and_garbage() {
        let text = "7e9 & ümlaut=1/2";
        assert_eq!(percent_decode(&percent_encode(text)), text);
        assert_eq!(percent_decode("%ZZ%4"), "%ZZ%4");
        assert_eq!(percent_decode("%FF%FE"), "\u{FFFD}\u{FFFD}");
        assert_eq!(percent_decode("a+b"), "a b");
    }
}
