//! Charts drawn by echarts through charming. echarts (about 1 MB) is loaded the
//! first time a chart mounts, so the first module paints without it; every
//! chart is paired with a data table for readers who cannot see the canvas.

pub mod chart_view;
pub mod frame;
pub mod loader;

pub use chart_view::ChartView;
