//! Tooltip numbers and layout, set on each chart before charming's options.
//!
//! echarts rounds tooltip numbers only through JavaScript functions, which
//! charming's serialized options cannot carry; so these formatters are Rust
//! closures handed to JavaScript as functions, made once and shared by every
//! chart. The tooltip is drawn as rich text on the canvas: its HTML form lays
//! out name and value with inline style attributes, which the page's
//! Content-Security-Policy blocks, so they ran together ("Spot112.41999999").

use charming::Echarts;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

thread_local! {
    /// The value and heading formatters, made once and shared by every chart.
    static FORMATTERS: (JsValue, JsValue) = formatters();
}

/// The dark page's raised surface, border and text (`--bg-soft`, `--border`
/// and `--fg` in style.css): echarts' dark theme draws a white tooltip.
const DARK_SURFACE: &str = "#1b212a";
const DARK_BORDER: &str = "#33404f";
const DARK_TEXT: &str = "#e6e9ee";

/// Gives `echarts` rounded tooltip numbers and a canvas-drawn tooltip in the
/// page's theme. The options merge into the chart's own, so its trigger and
/// series stay.
pub fn apply(echarts: &Echarts, dark: bool) {
    let target: &JsValue = echarts.as_ref();
    let Ok(set_option) = Reflect::get(target, &JsValue::from_str("setOption")) else {
        return;
    };
    let Some(set_option) = set_option.dyn_ref::<js_sys::Function>() else {
        return;
    };
    let options = FORMATTERS.with(|(value, heading)| options(value, heading, dark));
    let _ = set_option.call1(target, &options);
}

fn formatters() -> (JsValue, JsValue) {
    let value = Closure::<dyn Fn(JsValue) -> JsValue>::new(|value: JsValue| number_text(&value))
        .into_js_value();
    // An axis pointer's label (the tooltip's heading on an axis-triggered
    // chart) gets `{ value, ... }`; a category axis passes its name through.
    let heading = Closure::<dyn Fn(JsValue) -> JsValue>::new(|params: JsValue| {
        let value = Reflect::get(&params, &JsValue::from_str("value")).unwrap_or_default();
        number_text(&value)
    })
    .into_js_value();
    (value, heading)
}

fn options(value: &JsValue, heading: &JsValue, dark: bool) -> JsValue {
    let mut tooltip = vec![
        ("renderMode", JsValue::from_str("richText")),
        ("valueFormatter", value.clone()),
    ];
    if dark {
        tooltip.push(("backgroundColor", JsValue::from_str(DARK_SURFACE)));
        tooltip.push(("borderColor", JsValue::from_str(DARK_BORDER)));
        let text = object(&[("color", JsValue::from_str(DARK_TEXT))]);
        tooltip.push(("textStyle", text));
    }
    let label = object(&[("formatter", heading.clone())]);
    let axis_pointer = object(&[("label", label)]);
    object(&[("tooltip", object(&tooltip)), ("axisPointer", axis_pointer)])
}

/// A number rounded for reading; a list (a point's coordinates) item by item;
/// anything else, such as a category's name, as it is.
fn number_text(value: &JsValue) -> JsValue {
    if let Some(number) = value.as_f64() {
        return JsValue::from_str(&engine::format::chart_value(number));
    }
    if let Some(list) = value.dyn_ref::<Array>() {
        let parts: Vec<String> = list
            .iter()
            .map(|item| {
                item.as_f64().map_or_else(
                    || item.as_string().unwrap_or_default(),
                    engine::format::chart_value,
                )
            })
            .collect();
        return JsValue::from_str(&parts.join(", "));
    }
    value.clone()
}

fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in fields {
        let _ = Reflect::set(&object, &JsValue::from_str(key), value);
    }
    object.into()
}
