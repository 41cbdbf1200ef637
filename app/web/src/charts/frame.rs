//! The frame every chart shares: tick labels stay inside the canvas, axis
//! names sit where tick labels cannot reach them, and the legend under the
//! plot gets as many rows as it wraps to at the chart's real width.
//!
//! echarts 5 lays out tick labels itself (`containLabel`) but leaves axis
//! names and the legend out of that layout, so a phone-width chart clipped
//! its y-axis name and drew its legend over the x-axis name. The room for
//! both is reserved here, once, instead of by hand in every widget.

use charming::component::{Axis, Grid, Legend};
use charming::element::{NameLocation, SplitLine, TextStyle};
use charming::Chart;

use super::tooltip::AxisNames;

/// echarts' legend metrics, set explicitly (the padding is echarts' default)
/// so the row estimate matches them.
const LEGEND_ICON_PX: f64 = 25.0;
const LEGEND_ITEM_HEIGHT_PX: f64 = 14.0;
const LEGEND_ITEM_GAP_PX: f64 = 10.0;
const LEGEND_PADDING_PX: f64 = 5.0;
/// The gap echarts leaves between a legend icon and its text.
const LEGEND_TEXT_GAP_PX: f64 = 5.0;
/// A generous mean width of one 12 px glyph: a too-wide estimate costs a
/// spare row of white space, a too-narrow one draws the legend over the axis.
const GLYPH_PX: f64 = 7.2;
/// Room above the plot for the y-axis names, which sit over their axes.
const TOP_PX: f64 = 34.0;
/// Room below the tick labels for the x-axis name.
const X_NAME_BAND_PX: f64 = 24.0;
/// Distance from the x axis line to its name: below the tick labels.
const X_NAME_GAP_PX: f64 = 28.0;
/// Distance from the end of a y axis to its name.
const Y_NAME_GAP_PX: f64 = 12.0;
/// Right margin when there is no right-hand axis: room for the last x tick
/// label, which echarts centres on the end of the axis.
const RIGHT_PX: f64 = 32.0;
const SIDE_PX: f64 = 8.0;

/// A horizontal axis with its name centred under the tick labels.
pub fn x_axis(name: impl Into<String>) -> Axis {
    Axis::new()
        .name(name.into())
        .name_location(NameLocation::Middle)
        .name_gap(X_NAME_GAP_PX)
}

/// The left vertical axis, named above its top end and reading rightwards,
/// so the name never runs off the canvas or over the tick labels.
pub fn y_axis(name: impl Into<String>) -> Axis {
    y_axis_aligned(name.into(), "left")
}

/// The right vertical axis of a two-axis chart, named above its top end and
/// reading leftwards from it. It draws no grid lines of its own: two sets
/// that do not line up read as one cluttered grid.
pub fn y_axis_right(name: impl Into<String>) -> Axis {
    y_axis_aligned(name.into(), "right").split_line(SplitLine::new().show(false))
}

fn y_axis_aligned(name: String, align: &str) -> Axis {
    Axis::new()
        .name(name)
        .name_location(NameLocation::End)
        .name_gap(Y_NAME_GAP_PX)
        .name_text_style(TextStyle::new().align(align))
}

/// The canvas height every chart starts from, as the stylesheet sets it.
pub const CANVAS_PX: f64 = 320.0;
/// The plot keeps at least the height it has under a two-row legend (48 px)
/// in a 320 px canvas; a legend that wraps further makes the canvas taller
/// instead of squeezing the plot (eight parts on a phone wrap to eight rows).
const PLOT_MIN_PX: f64 = CANVAS_PX - TOP_PX - X_NAME_BAND_PX - 48.0;

/// The canvas height that keeps the plot at `PLOT_MIN_PX` under a legend of
/// `legend_px`, and never below `CANVAS_PX`.
pub fn canvas_height(legend_px: f64) -> f64 {
    (TOP_PX + PLOT_MIN_PX + X_NAME_BAND_PX + legend_px).max(CANVAS_PX)
}

/// Adds the grid and the legend to `chart` for a canvas `width` pixels wide,
/// unless the widget laid out its own grid. The legend lists every named
/// series; a chart with one series needs none. The names of its axes come
/// back with it, read from the same serialized options, with the canvas
/// height the legend needs.
pub fn fit(chart: Chart, width: f64) -> (Chart, AxisNames, f64) {
    let json = serde_json::to_value(&chart).unwrap_or_default();
    let axes = axis_names(&json);
    let has_grid = json
        .get("grid")
        .and_then(|grid| grid.as_array())
        .is_some_and(|grids| !grids.is_empty());
    if has_grid {
        return (chart, axes, CANVAS_PX);
    }
    let names: Vec<&str> = json
        .get("series")
        .and_then(|series| series.as_array())
        .map(|series| {
            series
                .iter()
                .filter_map(|s| s.get("name").and_then(|name| name.as_str()))
                .collect()
        })
        .unwrap_or_default();
    let right_axis = json
        .get("yAxis")
        .and_then(|axes| axes.as_array())
        .is_some_and(|axes| axes.len() > 1);
    let rows = if names.len() > 1 {
        legend_rows(&names, width)
    } else {
        0
    };
    let legend_px = legend_height(rows);
    let grid = Grid::new()
        .left(SIDE_PX)
        .right(if right_axis { SIDE_PX } else { RIGHT_PX })
        .top(TOP_PX)
        .bottom(X_NAME_BAND_PX + legend_px)
        .contain_label(true);
    let chart = chart.grid(grid);
    let height = canvas_height(legend_px);
    if rows == 0 {
        return (chart, axes, height);
    }
    let legend = Legend::new()
        .bottom(0)
        .item_gap(LEGEND_ITEM_GAP_PX)
        .item_width(LEGEND_ICON_PX)
        .item_height(LEGEND_ITEM_HEIGHT_PX);
    (chart.legend(legend), axes, height)
}

/// The names of a chart's axes, read from its options for its tooltip
/// heading. An axis given as a single object counts as a list of one; an
/// unnamed axis has an empty name.
fn axis_names(json: &serde_json::Value) -> AxisNames {
    let names = |key: &str| -> Vec<String> {
        let name = |axis: &serde_json::Value| {
            axis.get("name")
                .and_then(|name| name.as_str())
                .unwrap_or_default()
                .to_string()
        };
        match json.get(key) {
            Some(serde_json::Value::Array(axes)) => axes.iter().map(name).collect(),
            Some(axis) => vec![name(axis)],
            None => Vec::new(),
        }
    };
    AxisNames {
        x: names("xAxis"),
        y: names("yAxis"),
    }
}

/// How many rows the legend wraps to: items are packed left to right until
/// the next one would pass the canvas width, as echarts does.
pub fn legend_rows(names: &[&str], width: f64) -> usize {
    let usable = (width - 2.0 * LEGEND_PADDING_PX).max(1.0);
    let mut rows = 0;
    let mut used = 0.0;
    for name in names {
        #[allow(clippy::cast_precision_loss)]
        let text = name.chars().count() as f64 * GLYPH_PX;
        let item = LEGEND_ICON_PX + LEGEND_TEXT_GAP_PX + text;
        if rows == 0 || used + LEGEND_ITEM_GAP_PX + item > usable {
            rows += 1;
            used = item;
        } else {
            used += LEGEND_ITEM_GAP_PX + item;
        }
    }
    rows
}

fn legend_height(rows: usize) -> f64 {
    if rows == 0 {
        return 0.0;
    }
    #[allow(clippy::cast_precision_loss)]
    let rows = rows as f64;
    rows * LEGEND_ITEM_HEIGHT_PX + (rows - 1.0) * LEGEND_ITEM_GAP_PX + 2.0 * LEGEND_PADDING_PX
}
