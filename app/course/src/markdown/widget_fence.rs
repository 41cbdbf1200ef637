//! Widget and quiz fences: which fenced blocks are directives, and how a
//! ```` ```widget NAME ```` fence and its TOML presets become a `WidgetRef`
//! or a message located at the offending line.

use super::PresetCheck;
use crate::module::WidgetRef;
use std::collections::HashMap;

/// A fenced block whose first word is `widget` or `quiz` (and nothing longer, like `widgets`).
pub(super) fn is_directive(info: &str) -> bool {
    matches!(info.split_whitespace().next(), Some("widget" | "quiz"))
}

/// Why a fence was refused: its first problem, with the line it is on, and
/// any more found in the same pass.
pub(super) struct Rejected {
    pub first: (usize, String),
    pub more: Vec<(usize, String)>,
}

impl From<(usize, String)> for Rejected {
    fn from(first: (usize, String)) -> Self {
        Rejected {
            first,
            more: Vec::new(),
        }
    }
}

/// Turns a ```` ```widget NAME ```` fence into a widget reference, or located messages.
pub(super) fn parse_widget(
    info: &str,
    body: &str,
    fence_line: usize,
    counts: &mut HashMap<String, usize>,
    catalogue: Option<&engine::hardware::Catalogue>,
    preset_check: Option<PresetCheck>,
) -> Result<WidgetRef, Rejected> {
    let mut words = info.split_whitespace();
    let _directive = words.next();
    let Some(slug) = words.next() else {
        return Err((
            fence_line,
            "widget fence needs a name, e.g. ```widget train-compute".to_string(),
        )
            .into());
    };
    let Some(spec) = engine::widgets::find(slug) else {
        let known: Vec<&str> = engine::widgets::WIDGETS.iter().map(|w| w.slug).collect();
        return Err((
            fence_line,
            format!(
                "unknown widget `{slug}`; known widgets: {}",
                known.join(", ")
            ),
        )
            .into());
    };
    let table = engine::toml_reader::parse(body).map_err(|error| {
        (
            fence_line + error.line(),
            format!(
                "widget `{slug}` presets are not valid TOML: {}",
                error.message()
            ),
        )
    })?;
    let mut widget = WidgetRef {
        slug: slug.to_string(),
        instance: String::new(),
        title: None,
        predict: None,
        preset: Vec::new(),
        line: fence_line,
    };
    let key_line = |key: &str| {
        table
            .line_of(key)
            .map_or(fence_line, |line| fence_line + line)
    };
    // A number is shown in its field as the author wrote it: `175e9` reads
    // better there than the 175000000000 its value would print as. A literal
    // the fields would read differently (TOML's `0x10`) keeps the value.
    let literal = |key: &str, number: f64| {
        let line = table.line_of(key)?;
        let (_, value) = body.lines().nth(line.checked_sub(1)?)?.split_once('=')?;
        let value = value.split('#').next()?.trim();
        (engine::field::parse_real(value).ok() == Some(number)).then(|| value.to_string())
    };
    for (key, value) in table.iter() {
        let text = match value {
            engine::toml_reader::Value::String(text) => text.clone(),
            engine::toml_reader::Value::Integer(number) => {
                literal(key, *number as f64).unwrap_or_else(|| number.to_string())
            }
            engine::toml_reader::Value::Float(number) => {
                literal(key, *number).unwrap_or_else(|| number.to_string())
            }
            engine::toml_reader::Value::Boolean(flag) => flag.to_string(),
            _ => {
                return Err((
                    key_line(key),
                    format!("widget `{slug}` preset `{key}` must be a string, number or boolean"),
                )
                    .into())
            }
        };
        match key {
            "title" => widget.title = Some(text),
            "predict" => widget.predict = Some(text),
            field if spec.fields.contains(&field) => widget.preset.push((key.to_string(), text)),
            _ => {
                let mut allowed: Vec<&str> = spec.fields.to_vec();
                allowed.extend(engine::widgets::COMMON_PRESET_KEYS);
                return Err((
                    key_line(key),
                    format!(
                        "widget `{slug}` has no preset `{key}`; allowed: {}",
                        allowed.join(", ")
                    ),
                )
                    .into());
            }
        }
    }
    // Fields apply in the widget's own field order, whatever order the TOML
    // table yields, so a whole-form key such as the case study's `preset` is
    // applied before the fields that override it.
    widget.preset.sort_by_key(|(key, _)| {
        spec.fields
            .iter()
            .position(|field| field == key)
            .unwrap_or(usize::MAX)
    });
    // Every rejected value is reported, each at its own line, so an author
    // fixes a fence in one pass instead of one value per run of the checker.
    let mut problems = preset_check
        .map(|check| check(slug, &widget.preset, catalogue))
        .unwrap_or_default()
        .into_iter()
        .map(|problem| {
            let field = problem.split(' ').next().unwrap_or_default().to_string();
            (
                key_line(&field),
                format!("widget `{slug}` preset {problem}"),
            )
        });
    if let Some(first) = problems.next() {
        return Err(Rejected {
            first,
            more: problems.collect(),
        });
    }
    let count = counts.entry(slug.to_string()).or_insert(0);
    *count += 1;
    widget.instance = if *count == 1 {
        slug.to_string()
    } else {
        format!("{slug}-{count}")
    };
    Ok(widget)
}
