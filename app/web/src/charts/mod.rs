//! Charts drawn by echarts through charming. echarts (about 1 MB) is loaded the
//! first time a chart mounts, so the first module paints without it; every
//! chart is paired with a data table for readers who cannot see the canvas.

pub mod chart_view;
pub mod frame;
pub mod loader;
pub mod tooltip;

pub use chart_view::ChartView;

use charming::element::{ItemStyle, LineStyle, LineStyleType, Symbol};
use charming::series::Line;

/// A line series marked so it reads apart from its neighbours without colour:
/// series `index` gets one of seven symbols and one of three dash patterns,
/// which repeat together only after 21 series. The legend draws the symbol and
/// the dash too, so the key still matches in greyscale or to a colour-blind eye.
pub fn line_series(name: impl Into<String>, index: usize) -> Line {
    let symbol = match index % 7 {
        0 => Symbol::Circle,
        1 => Symbol::Triangle,
        2 => Symbol::Rect,
        3 => Symbol::Diamond,
        4 => Symbol::RoundRect,
        5 => Symbol::Pin,
        _ => Symbol::Arrow,
    };
    let dash = match index % 3 {
        0 => LineStyleType::Solid,
        1 => LineStyleType::Dashed,
        _ => LineStyleType::Dotted,
    };
    Line::new()
        .name(name)
        .symbol(symbol)
        .symbol_size(7)
        .line_style(LineStyle::new().type_(dash).width(2))
}

/// The item style of a line drawn without symbols. echarts puts a circle in
/// the legend even for a line whose symbol is "none"; a transparent item
/// style hides it, so the legend shows the line's colour and dash alone, as
/// the chart draws the series. The tooltip keeps its coloured dot.
pub fn symbol_free() -> ItemStyle {
    ItemStyle::new().opacity(0.0)
}

/// A reference mark (this operation's intensity, Young's interval) drawn as a
/// grey dashed line without symbols, so it never looks like one more series.
/// Mid-grey keeps at least 3:1 contrast on the light and the dark background.
pub fn marker_series(name: impl Into<String>) -> Line {
    Line::new()
        .name(name)
        .symbol(Symbol::None)
        .item_style(symbol_free().color(MARKER_GREY))
        .line_style(
            LineStyle::new()
                .type_(LineStyleType::Dashed)
                .width(2)
                .color(MARKER_GREY),
        )
}

const MARKER_GREY: &str = "#888888";

/// Series colours on the light theme. echarts' default palette has a yellow
/// (1.6:1 on white), a light green (1.9:1) and a sky blue (2.0:1) that all but
/// vanish; these keep its hues in its order, each at least 4:1 on white. The
/// dark theme keeps echarts' own dark palette, which is bright on dark.
pub const LIGHT_PALETTE: [&str; 9] = [
    "#5470c6", "#3f8f2f", "#a36a00", "#d23c3c", "#1d7ea6", "#2a7f62", "#c85a14", "#9a60b4",
    "#c2408f",
];
