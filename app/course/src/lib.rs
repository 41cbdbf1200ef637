//! Compute Lab's content model. This crate is the only code that understands the
//! content format: the course manifest (`course.toml`), module front matter,
//! markdown with widget fences and math, hash routes and the progress schema.
//!
//! It is pure: it reads text handed to it and never touches a file system or a
//! browser, so the `lab` CLI and the web shell share every rule.

pub mod diagnostic;
pub mod escape;
pub mod footnote_marks;
pub mod footnote_order;
pub mod glossary;
pub mod manifest;
pub mod markdown;
pub mod markup_lint;
pub mod math;
pub mod module;
pub mod placeholder;
pub mod progress;
pub mod route;
pub mod scenarios;
pub mod search;
pub mod spread;
pub mod transfer;
pub mod validate;

pub use diagnostic::Diagnostic;
pub use manifest::Manifest;
pub use module::{Block, Module, WidgetRef};
pub use route::Route;
