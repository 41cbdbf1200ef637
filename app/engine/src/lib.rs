//! Compute Lab's engine: every calculator the course shows, as pure functions.
//!
//! Each calculator follows one path, borrowed from ripgrep's low/high args split:
//! a `Form` of raw strings is checked by `validate()`, which returns either a
//! typed `Input` or every `FieldError` at once; `compute(&Input)` then cannot
//! fail. The engine knows nothing about the web: no signals, no clock, no DOM.

pub mod bench;
pub mod casestudy;
pub mod catalogue_table;
pub mod checkpoint;
pub mod chiplet;
pub mod collective;
pub mod energy;
pub mod explain;
pub mod field;
pub mod format;
pub mod hardware;
pub mod matcher;
pub mod predict;
pub mod quiz;
pub mod rng;
pub mod roofline;
pub mod scenario_quiz;
pub mod serve;
pub mod split;
pub mod tco;
pub mod toml_reader;
pub mod train_compute;
pub mod widgets;

pub use explain::{Explanation, Source};
pub use field::{FieldError, FieldErrors};
