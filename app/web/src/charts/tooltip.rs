//! Tooltip numbers and layout, set on each chart before charming's options.
//!
//! echarts rounds tooltip numbers only through JavaScript functions, which
//! charming's serialized options cannot carry; so these formatters are Rust
//! closures handed to JavaScript as functions. The value formatter is made
//! once and shared by every chart; the heading of an axis-triggered tooltip
//! names its axis ("Accelerators: 512"), so each chart has its own. The
//! tooltip is drawn as rich text on the canvas: its HTML form lays out name
//! and value with inline style attributes, which the page's
//! Content-Security-Policy blocks, so they ran together ("Spot112.41999999").

use charming::Echarts;
use js_sys::{Array, Object, Reflect};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

thread_local! {
    /// The value formatter, made once and shared by every chart.
    static VALUE_FORMATTER: JsValue = value_formatter();
}

/// The names of a chart's horizontal and vertical axes, in axis order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AxisNames {
    pub x: Vec<String>,
    pub y: Vec<String>,
}

/// One chart's tooltip heading: the value the pointer is on, after the name
/// of its axis. The names are read again at every draw, so a chart whose
/// axis is renamed keeps a true heading.
#[derive(Clone)]
pub struct Heading {
    names: Rc<RefCell<AxisNames>>,
    formatter: JsValue,
}

impl Heading {
    pub fn new() -> Self {
        let names = Rc::new(RefCell::new(AxisNames::default()));
        let read = names.clone();
        // An axis pointer's label (the tooltip's heading on an axis-triggered
        // chart) gets `{ value, axisDimension, axisIndex, ... }`; a category
        // axis passes its category through. The function belongs to
        // JavaScript, so it lives as long as the chart that calls it.
        let formatter = Closure::<dyn Fn(JsValue) -> JsValue>::new(move |params: JsValue| {
            let field =
                |key: &str| Reflect::get(&params, &JsValue::from_str(key)).unwrap_or_default();
            let value = number_text(&field("value")).as_string().unwrap_or_default();
            let index = field("axisIndex")
                .as_f64()
                .map_or(0, |i| i.max(0.0) as usize);
            let dimension = field("axisDimension").as_string().unwrap_or_default();
            let name = read
                .try_borrow()
                .map(|names| names.name(&dimension, index))
                .unwrap_or_default();
            JsValue::from_str(&heading_text(&name, &value))
        })
        .into_js_value();
        Self { names, formatter }
    }

    /// Takes the axis names of the options about to be drawn.
    pub fn set_names(&self, names: AxisNames) {
        if let Ok(mut held) = self.names.try_borrow_mut() {
            *held = names;
        }
    }
}

impl Default for Heading {
    fn default() -> Self {
        Self::new()
    }
}

impl AxisNames {
    fn name(&self, dimension: &str, index: usize) -> String {
        let names = if dimension == "y" { &self.y } else { &self.x };
        names.get(index).cloned().unwrap_or_default()
    }
}

/// "Accelerators: 512", or the bare value when its axis has no name.
fn heading_text(name: &str, value: &str) -> String {
    if name.is_empty() {
        value.to_string()
    } else {
        format!("{name}: {value}")
    }
}

/// The dark page's raised surface, border and text (`--bg-soft`, `--border`
/// and `--fg` in style.css): echarts' dark theme draws a white tooltip.
const DARK_SURFACE: &str = "#1b212a";
const DARK_BORDER: &str = "#33404f";
const DARK_TEXT: &str = "#e6e9ee";

/// Gives `echarts` rounded tooltip numbers and a canvas-drawn tooltip in the
/// page's theme. The options merge into the chart's own, so its trigger and
/// series stay.
pub fn apply(echarts: &Echarts, dark: bool, heading: &Heading) {
    let target: &JsValue = echarts.as_ref();
    let Ok(set_option) = Reflect::get(target, &JsValue::from_str("setOption")) else {
        return;
    };
    let Some(set_option) = set_option.dyn_ref::<js_sys::Function>() else {
        return;
    };
    let options = VALUE_FORMATTER.with(|value| options(value, &heading.formatter, dark));
    let _ = set_option.call1(target, &options);
}

fn value_formatter() -> JsValue {
    Closure::<dyn Fn(JsValue) -> JsValue>::new(|value: JsValue| number_text(&value)).into_js_value()
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
