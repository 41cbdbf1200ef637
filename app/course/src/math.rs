//! TeX to MathML, produced in Rust so no JavaScript renders math.
//!
//! latex2mathml writes text from the TeX source into its output without
//! escaping it (`a < b` yields `<mo><</mo>`), so its output is re-tokenized
//! here and only known MathML tags with known attributes survive as markup;
//! everything else is escaped as text.

use crate::escape;
use latex2mathml::{latex_to_mathml, DisplayStyle};

/// TeX rendered as a MathML element, or a readable error.
pub fn to_mathml(tex: &str, display: bool) -> Result<String, String> {
    if let Some(problem) = unbalanced(tex).or_else(|| prose(tex)) {
        return Err(format!("cannot render math `{tex}`: {problem}"));
    }
    let style = if display {
        DisplayStyle::Block
    } else {
        DisplayStyle::Inline
    };
    let (protected, texts) = protect_text(&group_double_scripts(&rewrite_environments(tex)));
    let raw = latex_to_mathml(&alias_commands(&protected), style)
        .map_err(|error| format!("cannot render math `{tex}`: {error}"))?;
    // latex2mathml reports some failures inside its output instead of as an error.
    if let Some(start) = raw.find("[PARSE ERROR") {
        let detail: String = raw
            .get(start..)
            .unwrap_or_default()
            .chars()
            .take_while(|c| *c != '<')
            .collect();
        return Err(format!("cannot render math `{tex}`: {detail}"));
    }
    let mut safe = typographic_operators(&sanitize(&raw));
    if tex.contains("{,}") {
        safe = grouped_numbers(&safe);
    }
    for (idx, text) in texts.iter().enumerate() {
        safe = safe.replace(&placeholder(idx), &escape::html(&text_mode(text)));
    }
    // Keep the TeX as an annotation for screen readers that prefer it and for copy and paste.
    Ok(safe.replacen(
        "<math",
        &format!("<math alttext=\"{}\"", escape::html(tex)),
        1,
    ))
}

/// Operators whose scripts latex2mathml already places as limits or as a
/// sub-superscript pair; their scripts are left as written.
const BIG_OPERATORS: [&str; 23] = [
    "sum",
    "prod",
    "coprod",
    "int",
    "iint",
    "iiint",
    "oint",
    "lim",
    "limsup",
    "liminf",
    "max",
    "min",
    "sup",
    "inf",
    "bigcup",
    "bigcap",
    "bigoplus",
    "bigotimes",
    "bigvee",
    "bigwedge",
    "det",
    "gcd",
    "arg",
];

/// latex2mathml reads `x_a^b` as `x_{a^b}` and `u^*_r` as `u^{*_r}`, putting
/// the second script on the first one. TeX means one base with both scripts,
/// so the base and its first script are grouped, `{x_a}^b`, which the crate
/// reads as intended. A big operator's scripts are left alone.
/// Braces that do not pair up: latex2mathml renders `\frac{1}{` without
/// complaint, as an empty box the learner cannot read.
fn unbalanced(tex: &str) -> Option<String> {
    let mut depth: i64 = 0;
    let mut escaped = false;
    for c in tex.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth < 0 {
                    return Some("a `}` closes a brace that was never opened".to_string());
                }
            }
            _ => {}
        }
    }
    (depth > 0).then(|| "a `{` is never closed".to_string())
}

/// Words outside `\text{...}` are set as a row of italic variables; two or
/// more of them mean prose caught between two dollar signs, most often two
/// prices written with a bare `$` ("costs $8,000 and a server $40,000").
fn prose(tex: &str) -> Option<String> {
    // Groups that hold names rather than variables: \text{...}, the
    // environment of \begin{pmatrix}, \mathrm{...} and the like.
    const NAMING: [&str; 5] = ["\\text", "\\begin", "\\end", "\\math", "\\operatorname"];
    let mut plain = String::new();
    let mut rest = tex;
    while let Some(at) = NAMING.iter().filter_map(|c| rest.find(c)).min() {
        plain.push_str(rest.get(..at).unwrap_or_default());
        let after = rest.get(at..).unwrap_or_default();
        // Skip to the end of the group that follows, or drop the rest.
        let end = after.find('}').map_or(after.len(), |i| i + 1);
        rest = after.get(end..).unwrap_or_default();
    }
    plain.push_str(rest);
    // A command name such as \times is not a word: drop it before counting.
    let mut text = String::with_capacity(plain.len());
    let mut chars = plain.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            while chars.next_if(char::is_ascii_alphabetic).is_some() {}
            text.push(' ');
        } else {
            text.push(c);
        }
    }
    let words = text
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|word| word.len() >= 3)
        .count();
    (words >= 2).then(|| {
        "this reads as words, not math; for a price write `\\$` (a backslash before the dollar sign), and put words inside `\\text{...}`".to_string()
    })
}

fn group_double_scripts(tex: &str) -> String {
    let mut chars: Vec<char> = tex.chars().collect();
    let mut i = 0;
    while let Some(&op) = chars.get(i) {
        let escaped = i.checked_sub(1).and_then(|b| chars.get(b)) == Some(&'\\');
        if !(op == '_' || op == '^') || escaped {
            i += 1;
            continue;
        }
        let Some(first_end) = script_end(&chars, i + 1) else {
            i += 1;
            continue;
        };
        let next = skip_spaces(&chars, first_end);
        let other = if op == '_' { '^' } else { '_' };
        match (chars.get(next), base_start(&chars, i)) {
            (Some(c), Some(start)) if *c == other => {
                chars.insert(first_end, '}');
                chars.insert(start, '{');
                // Past the closing brace and the second operator.
                i = next + 2;
            }
            _ => i = first_end.max(i + 1),
        }
    }
    chars.into_iter().collect()
}

fn skip_spaces(chars: &[char], mut at: usize) -> usize {
    while chars.get(at).is_some_and(|c| c.is_whitespace()) {
        at += 1;
    }
    at
}

/// One past the end of the script argument that starts at `at`: a braced
/// group, a command, or one character.
fn script_end(chars: &[char], at: usize) -> Option<usize> {
    let at = skip_spaces(chars, at);
    match chars.get(at)? {
        '{' => {
            let mut depth = 0usize;
            for (offset, c) in chars.get(at..)?.iter().enumerate() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            return Some(at + offset + 1);
                        }
                    }
                    _ => {}
                }
            }
            None
        }
        '\\' => {
            let letters = chars
                .get(at + 1..)?
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .count();
            Some(at + 1 + letters.max(1))
        }
        _ => Some(at + 1),
    }
}

/// How many ASCII letters end `chars[..end]`.
fn letters_before(chars: &[char], end: usize) -> usize {
    chars.get(..end).map_or(0, |head| {
        head.iter()
            .rev()
            .take_while(|c| c.is_ascii_alphabetic())
            .count()
    })
}

/// Where the base of the script operator at `op` starts, or `None` when the
/// base is a big operator, or there is none.
fn base_start(chars: &[char], op: usize) -> Option<usize> {
    let end = op.checked_sub(1)?;
    let last = *chars.get(end)?;
    let backslash_at = |at: usize| at.checked_sub(1).filter(|b| chars.get(*b) == Some(&'\\'));
    if last == '}' {
        let mut depth = 0usize;
        let mut at = end;
        loop {
            match chars.get(at)? {
                '}' => depth += 1,
                '{' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            at = at.checked_sub(1)?;
        }
        // A command taking the group, such as \text{…}, belongs to the base.
        let letters = letters_before(chars, at);
        return Some(
            (letters > 0)
                .then(|| backslash_at(at - letters))
                .flatten()
                .unwrap_or(at),
        );
    }
    if last.is_ascii_alphabetic() {
        let start = op - letters_before(chars, op);
        if let Some(backslash) = backslash_at(start) {
            let name: String = chars.get(start..op)?.iter().collect();
            return (!BIG_OPERATORS.contains(&name.as_str())).then_some(backslash);
        }
        return Some(end);
    }
    (!last.is_whitespace() && last != '{').then_some(end)
}

/// TeX typesets `-` as a minus sign and `/` as an ordinary symbol with no
/// space around it; latex2mathml keeps the hyphen, which a math font draws
/// short, and leaves `/` to the browser's operator spacing ("7 / 32").
fn typographic_operators(mathml: &str) -> String {
    mathml
        .replace("<mo>-</mo>", "<mo>\u{2212}</mo>")
        .replace("<mo>/</mo>", "<mo lspace=\"0\" rspace=\"0\">/</mo>")
}

/// A number written with thousands separators (`16{,}896`) comes out of
/// latex2mathml as three tokens, `16`, `,`, `896`, which a screen reader reads
/// as "16 comma 896" and which wrap like a list. Joined back into one `<mn>`,
/// it reads and breaks as one number. Only a comma between digits and a group
/// of exactly three digits is joined, so `f(1, 2)` is untouched.
fn grouped_numbers(mathml: &str) -> String {
    const JOINT: &str = "</mn><mo>,</mo><mn>";
    let mut out = String::with_capacity(mathml.len());
    let mut rest = mathml;
    while let Some(at) = rest.find(JOINT) {
        let (before, after) = rest.split_at(at);
        let after = after.get(JOINT.len()..).unwrap_or("");
        let left_digits = before.rsplit("<mn>").next().is_some_and(|left| {
            !left.is_empty() && left.chars().all(|c| c.is_ascii_digit() || c == ',')
        });
        let group = after.split("</mn>").next().unwrap_or("");
        let three = group
            .split('.')
            .next()
            .is_some_and(|whole| whole.len() == 3 && whole.chars().all(|c| c.is_ascii_digit()));
        out.push_str(before);
        if left_digits && three {
            out.push(',');
        } else {
            out.push_str(JOINT);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// TeX rendered for a page: MathML, or the escaped TeX in an error box.
pub fn render(tex: &str, display: bool) -> String {
    match to_mathml(tex, display) {
        Ok(mathml) => mathml,
        Err(message) => error_box(tex, &message),
    }
}

/// The escaped TeX in a box that says why it could not be rendered.
pub fn error_box(tex: &str, message: &str) -> String {
    format!(
        "<code class=\"math-error\" title=\"{}\">{}</code>",
        escape::html(message),
        escape::html(tex)
    )
}

/// The box around a displayed formula, which scrolls sideways when the
/// formula is wider than the page.
pub const SCROLL_CLASS: &str = "math-scroll";

/// The class of a formula still waiting to be typeset.
pub const PENDING_CLASS: &str = "math-pending";

/// A formula written as readable TeX, for the islands module to replace with
/// MathML (see `markdown::RenderTools`). It carries its source and style in
/// data attributes, so typesetting needs nothing else from the page.
pub fn pending(tex: &str, display: bool) -> String {
    let style = if display { "block" } else { "inline" };
    let escaped = escape::html(tex);
    format!(
        "<span class=\"{PENDING_CLASS} {PENDING_CLASS}-{style}\" data-tex=\"{escaped}\" data-display=\"{style}\">{escaped}</span>"
    )
}

/// Common TeX spellings latex2mathml lacks, mapped to ones it knows. The
/// text-style and display-style fractions become plain fractions: MathML sizes
/// them from their position anyway.
const ALIASES: [(&str, &str); 5] = [
    ("le", "leq"),
    ("ge", "geq"),
    ("ne", "neq"),
    ("tfrac", "frac"),
    ("dfrac", "frac"),
];

/// Environments latex2mathml lacks, spelled with ones it has: `cases` is a
/// matrix behind a left brace.
const ENVIRONMENTS: [(&str, &str); 2] = [
    ("\\begin{cases}", "\\left\\{\\begin{matrix}"),
    ("\\end{cases}", "\\end{matrix}\\right."),
];

fn rewrite_environments(tex: &str) -> String {
    ENVIRONMENTS
        .iter()
        .fold(tex.to_string(), |text, (from, to)| text.replace(from, to))
}

fn alias_commands(tex: &str) -> String {
    let mut out = String::with_capacity(tex.len());
    let mut chars = tex.chars().peekable();
    while let Some(ch) = chars.next() {
        out.push(ch);
        if ch != '\\' {
            continue;
        }
        match chars.peek() {
            // A line break (`\\`), not the start of a command.
            Some('\\') => {
                out.push('\\');
                chars.next();
                continue;
            }
            // TeX's control space is one word space, about a third of an em;
            // latex2mathml draws it as a full em, like `\quad`. The medium
            // space `\;` (5/18 em) is the nearest it has.
            Some(' ') => {
                out.push(';');
                chars.next();
                continue;
            }
            _ => {}
        }
        let mut name = String::new();
        while let Some(next) = chars.peek().copied().filter(char::is_ascii_alphabetic) {
            name.push(next);
            chars.next();
        }
        let replacement = ALIASES
            .iter()
            .find(|(from, _)| *from == name)
            .map_or(name.as_str(), |(_, to)| to);
        out.push_str(replacement);
    }
    out
}

/// latex2mathml's `\\text{}` rejects some characters (such as `/`), so the text
/// is swapped for letter-only placeholders and put back, escaped, afterwards.
fn protect_text(tex: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(tex.len());
    let mut texts = Vec::new();
    let mut rest = tex;
    while let Some(start) = rest.find("\\text{") {
        out.push_str(rest.get(..start).unwrap_or_default());
        let body = rest.get(start + 6..).unwrap_or_default();
        let mut depth = 1usize;
        let mut end = None;
        for (idx, ch) in body.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(idx);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            // Unbalanced: leave it for latex2mathml to report.
            out.push_str(rest.get(start..).unwrap_or_default());
            return (out, texts);
        };
        out.push_str(&format!("\\text{{{}}}", placeholder(texts.len())));
        texts.push(body.get(..end).unwrap_or_default().to_string());
        rest = body.get(end + 1..).unwrap_or_default();
    }
    out.push_str(rest);
    (out, texts)
}

/// Text inside `\text{}` is in TeX's text mode, where a backslash before a
/// space or a reserved character prints that character; a thin space `\,`
/// prints U+2009. Any other backslash is kept, so a typo stays visible.
fn text_mode(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(ch) = chars.next() {
        let escaped = match (ch, chars.peek().copied()) {
            ('\\', Some(next @ (' ' | '%' | '$' | '&' | '#' | '_' | '{' | '}'))) => Some(next),
            ('\\', Some(',')) => Some('\u{2009}'),
            _ => None,
        };
        match escaped {
            Some(printed) => {
                out.push(printed);
                chars.next();
            }
            None => out.push(ch),
        }
    }
    out
}

fn placeholder(idx: usize) -> String {
    let letters: String = idx
        .to_string()
        .chars()
        .map(|d| char::from(b'a' + (d as u8 - b'0')))
        .collect();
    format!("QZXtext{letters}QZX")
}

const TAGS: [&str; 25] = [
    "math",
    "mi",
    "mn",
    "mo",
    "ms",
    "mtext",
    "mrow",
    "mfrac",
    "msqrt",
    "mroot",
    "msub",
    "msup",
    "msubsup",
    "munder",
    "mover",
    "munderover",
    "mtable",
    "mtr",
    "mtd",
    "mspace",
    "mstyle",
    "mpadded",
    "menclose",
    "mphantom",
    "semantics",
];

const ATTRIBUTES: [&str; 20] = [
    "xmlns",
    "display",
    "mathvariant",
    "stretchy",
    "linethickness",
    "columnalign",
    "accent",
    "accentunder",
    "lspace",
    "rspace",
    "width",
    "fence",
    "form",
    "largeop",
    "movablelimits",
    "symmetric",
    "displaystyle",
    "scriptlevel",
    "notation",
    "separator",
];

/// Keeps whitelisted MathML tags and escapes every other `<`, `>` and `&`.
fn sanitize(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len() + 16);
    let mut rest = raw;
    while let Some(ch) = rest.chars().next() {
        if ch == '<' {
            if let Some(len) = allowed_tag_len(rest) {
                out.push_str(rest.get(..len).unwrap_or_default());
                rest = rest.get(len..).unwrap_or_default();
                continue;
            }
        }
        match ch {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str(
                entity_len(rest)
                    .and_then(|len| rest.get(..len))
                    .unwrap_or("&amp;"),
            ),
            other => out.push(other),
        }
        let advance = if ch == '&' {
            entity_len(rest).unwrap_or(1)
        } else {
            ch.len_utf8()
        };
        rest = rest.get(advance..).unwrap_or_default();
    }
    out
}

/// Length of a numeric character reference such as `&#x2062;` at the start of `text`.
fn entity_len(text: &str) -> Option<usize> {
    let body = text.strip_prefix("&#")?;
    let end = body.find(';')?;
    let digits = body.get(..end)?;
    let valid = match digits.strip_prefix('x') {
        Some(hex) => !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()),
        None => !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()),
    };
    valid.then_some(end + 3)
}

/// Length of an allowed tag such as `<mi mathvariant="normal">` at the start of `text`.
fn allowed_tag_len(text: &str) -> Option<usize> {
    let end = text.find('>')?;
    let inner = text.get(1..end)?;
    let inner = inner.strip_prefix('/').unwrap_or(inner);
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    let mut parts = inner.splitn(2, ' ');
    let name = parts.next()?;
    if !TAGS.contains(&name) {
        return None;
    }
    let mut attributes = parts.next().unwrap_or_default().trim();
    while !attributes.is_empty() {
        let (key, after) = attributes.split_once("=\"")?;
        let (value, after) = after.split_once('"')?;
        if !ATTRIBUTES.contains(&key.trim()) || value.contains(['<', '>', '&']) {
            return None;
        }
        attributes = after.trim_start();
    }
    Some(end + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An unclosed brace and a pair of bare dollar prices are refused with a
    /// reason; matrices, units in \text and commands are not words.
    #[test]
    fn broken_braces_and_prose_between_dollars_are_refused() {
        let unclosed = to_mathml("\\frac{1}{", false).unwrap_err();
        assert!(unclosed.contains("is never closed"), "{unclosed}");
        let prices = to_mathml("8,000 and a server ", false).unwrap_err();
        assert!(prices.contains("for a price write"), "{prices}");
        for fine in [
            "A = \\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}",
            "200 \\times 4.3 \\text{ ms} \\approx 0.87",
            "\\min\\left(P,\\ I \\times W\\right)",
            "I_{\\text{prefill}} = \\frac{4s^2d}{8sd}",
        ] {
            assert!(to_mathml(fine, false).is_ok(), "{fine}");
        }
    }

    #[test]
    fn a_base_with_both_scripts_keeps_both_on_the_base() {
        let cases = [
            ("x_a^b", "{x_a}^b"),
            ("u^{*}_{res}", "{u^{*}}_{res}"),
            ("N_d^{[\\text{Z}]}", "{N_d}^{[\\text{Z}]}"),
            ("A_{layer}^{(0)} + 1", "{A_{layer}}^{(0)} + 1"),
            ("\\Psi_a^b", "{\\Psi_a}^b"),
            ("\\text{P}_a^b", "{\\text{P}_a}^b"),
            ("y_a^{\\,n}", "{y_a}^{\\,n}"),
            // A single script, nested scripts and big operators are left as written.
            ("e^{x_i}", "e^{x_i}"),
            ("x_{a^b}", "x_{a^b}"),
            ("\\sum_{i=1}^{n} x_i", "\\sum_{i=1}^{n} x_i"),
            ("\\int_0^1 f", "\\int_0^1 f"),
            ("a\\_b^c", "a\\_b^c"),
            ("_a^b", "_a^b"),
            ("x_{unclosed^b", "x_{unclosed^b"),
        ];
        for (tex, grouped) in cases {
            assert_eq!(group_double_scripts(tex), grouped, "{tex}");
        }
        // The rendered structure: the superscript sits on the subscripted base.
        let mathml = to_mathml("x_a^b", false).unwrap_or_default();
        assert!(
            mathml.contains("<msup><msub><mi>x</mi><mi>a</mi></msub><mi>b</mi></msup>"),
            "{mathml}"
        );
    }

    #[test]
    fn renders_fractions_and_display() {
        let inline = to_mathml("T = \\frac{C}{R}", false).unwrap_or_default();
        assert!(inline.starts_with("<math alttext="), "{inline}");
        assert!(inline.contains("<mfrac>"), "{inline}");
        let block = to_mathml("C = 6 N D", true).unwrap_or_default();
        assert!(block.contains("display=\"block\""), "{block}");
    }

    #[test]
    fn le_and_ge_are_understood() {
        for tex in ["a \\le b", "a \\ge b", "a \\ne b", "\\left( x \\right)"] {
            assert!(to_mathml(tex, false).is_ok(), "{tex}");
        }
    }

    /// The engine's explanations use both; before these were mapped, the
    /// splitter's and the simulator's formulas showed as raw TeX.
    #[test]
    fn tfrac_and_cases_are_understood() {
        let half = to_mathml("\\tfrac{2}{3} t + \\dfrac{1}{2}", false).unwrap_or_default();
        assert_eq!(half.matches("<mfrac>").count(), 2, "{half}");
        let cases = to_mathml(
            "T_0 = \\begin{cases} d & n > 1 \\\\ 0 & \\text{otherwise} \\end{cases}",
            true,
        )
        .unwrap_or_default();
        assert!(cases.contains("<mtable"), "{cases}");
        assert!(cases.contains("<mtext>otherwise</mtext>"), "{cases}");
        assert!(cases.contains("{"), "{cases}");
    }

    #[test]
    fn a_control_space_is_a_word_space_not_a_quad() {
        let spaced = to_mathml("a,\\ b", false).unwrap_or_default();
        assert!(!spaced.contains("width=\"1em\""), "{spaced}");
        assert!(spaced.contains("<mspace width=\"0.27"), "{spaced}");
        // The alt text keeps the TeX as written.
        assert!(spaced.contains("alttext=\"a,\\ b\""), "{spaced}");
        // `\quad` stays a full em, and a line break followed by a space is
        // still a line break.
        let quad = to_mathml("a \\quad b", false).unwrap_or_default();
        assert!(quad.contains("width=\"1em\""), "{quad}");
        let rows = to_mathml("\\begin{matrix} a \\\\ b \\end{matrix}", true).unwrap_or_default();
        assert_eq!(rows.matches("<mtr>").count(), 2, "{rows}");
    }

    #[test]
    fn minus_is_a_minus_sign_and_a_slash_takes_no_space() {
        let html = to_mathml("\\frac{p - 1}{m} + 7/32 - -1", false).unwrap_or_default();
        assert!(!html.contains("<mo>-</mo>"), "{html}");
        assert_eq!(html.matches("<mo>\u{2212}</mo>").count(), 3, "{html}");
        assert!(
            html.contains("<mo lspace=\"0\" rspace=\"0\">/</mo>"),
            "{html}"
        );
        // Text keeps its own characters.
        let text = to_mathml("\\text{bytes/s - x}", false).unwrap_or_default();
        assert!(text.contains("<mtext>bytes/s - x</mtext>"), "{text}");
    }

    #[test]
    fn text_mode_escapes_print_their_character() {
        let html = to_mathml("\\text{per\\ GPU, 50\\% of \\$2\\,k}", false).unwrap_or_default();
        assert!(
            html.contains("<mtext>per GPU, 50% of $2\u{2009}k</mtext>"),
            "{html}"
        );
        let unknown = to_mathml("\\text{a\\b}", false).unwrap_or_default();
        assert!(unknown.contains("<mtext>a\\b</mtext>"), "{unknown}");
    }

    #[test]
    fn text_keeps_slashes_and_spaces() {
        let html = to_mathml("\\text{ bytes/s} + \\text{a < b}", false).unwrap_or_default();
        assert!(html.contains("<mtext> bytes/s</mtext>"), "{html}");
        assert!(html.contains("<mtext>a &lt; b</mtext>"), "{html}");
    }

    #[test]
    fn text_in_math_cannot_inject_markup() {
        for tex in [
            "a < b",
            "\\text{<script>alert(1)</script>}",
            "\\text{<img src=x onerror=alert(1)>}",
            "x > y & z",
        ] {
            let html = render(tex, false);
            assert!(!html.contains("<script"), "{tex} -> {html}");
            assert!(!html.contains("<img"), "{tex} -> {html}");
        }
    }

    #[test]
    fn broken_tex_is_an_error_shown_escaped() {
        for tex in ["\\frac{1}{", "a}"] {
            assert!(to_mathml(tex, false).is_err(), "{tex}");
            assert!(render(tex, false).contains("math-error"), "{tex}");
        }
    }
}

#[cfg(test)]
mod grouped_number_tests {
    use super::to_mathml;

    #[test]
    fn a_number_with_thousands_separators_is_one_token() {
        let out = to_mathml("16{,}896 \\times 1{,}000{,}000.5", false).unwrap_or_default();
        assert!(out.contains("<mn>16,896</mn>"), "{out}");
        assert!(out.contains("<mn>1,000,000.5</mn>"), "{out}");
        // A list of numbers keeps its commas as operators.
        let list = to_mathml("f(1, 2) + 3{,}5", false).unwrap_or_default();
        assert!(list.contains("<mn>1</mn><mo>,</mo><mn>2</mn>"), "{list}");
        assert!(list.contains("<mn>3</mn><mo>,</mo><mn>5</mn>"), "{list}");
    }
}
