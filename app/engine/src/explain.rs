//! "Explain this number": every output a learner sees carries its own story.

use serde::Serialize;

/// Where a formula or a figure comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Source {
    /// Authors or publisher and title, e.g. "Kaplan et al. 2020, Scaling Laws for Neural Language Models".
    pub title: &'static str,
    /// Section, table or page, e.g. "Section 2.1, Table 1".
    pub locator: &'static str,
    pub url: &'static str,
}

/// One value plugged into a formula.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Binding {
    /// The symbol as it appears in the TeX formula, e.g. `N`.
    pub symbol: &'static str,
    pub meaning: &'static str,
    /// The value as shown to the learner, with its unit.
    pub value: String,
}

/// How one output was computed: formula, values, result and source.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    /// Stable key of the output this explains, e.g. `train_flops`.
    pub output: &'static str,
    pub label: &'static str,
    /// The formula in TeX, rendered to MathML by the web shell.
    pub formula_tex: &'static str,
    pub bindings: Vec<Binding>,
    /// The result as shown to the learner.
    pub result: String,
    /// A sentence on why the formula holds and what it leaves out.
    pub note: &'static str,
    pub source: Source,
}
