//! The registry of widgets the course may place, keyed by slug.
//!
//! The content validator asks this registry whether a `widget NAME` fence names a
//! real widget and whether its presets make a valid form, so an authoring
//! mistake fails `lab check content` before a learner meets it.

use crate::casestudy;
use crate::catalogue_table;
use crate::checkpoint;
use crate::chiplet;
use crate::energy;
use crate::hardware::Catalogue;
use crate::matcher;
use crate::roofline::{self, RooflineForm};
use crate::scenario_quiz;
use crate::serve;
use crate::split;
use crate::tco;
use crate::train_compute::{self, TrainComputeForm};

/// The raw-string form every widget has: fields settable by name and listed in
/// order, so presets, URLs and the web shell treat all widgets alike.
pub trait WidgetForm: Clone + Default + PartialEq + Send + Sync + 'static {
    /// Sets one field by name; false for a name the form does not have.
    fn set_field(&mut self, field: &str, value: String) -> bool;
    /// Every field as (name, raw text), in form order.
    fn field_pairs(&self) -> Vec<(&'static str, String)>;
    /// One field's raw text (empty for an unknown name). Forms that can reach a
    /// field directly override this, since it runs for every field on every change.
    fn field(&self, name: &str) -> String {
        self.field_pairs()
            .into_iter()
            .find(|(field, _)| *field == name)
            .map(|(_, value)| value)
            .unwrap_or_default()
    }
    /// What a menu shows for one field. Usually its raw text; forms whose
    /// fields accept aliases (`yes` for `true`, `AdamW` for `adam`, an empty
    /// yes/no for its default) return the menu's own key for them, so a link
    /// that the engine reads correctly never shows as "(not available)".
    fn menu_value(&self, name: &str) -> String {
        self.field(name)
    }
}

impl WidgetForm for TrainComputeForm {
    fn set_field(&mut self, field: &str, value: String) -> bool {
        self.set(field, value)
    }

    fn field_pairs(&self) -> Vec<(&'static str, String)> {
        self.pairs()
            .iter()
            .map(|(name, value)| (*name, (*value).to_string()))
            .collect()
    }
}

impl WidgetForm for RooflineForm {
    fn set_field(&mut self, field: &str, value: String) -> bool {
        self.set(field, value)
    }

    fn field_pairs(&self) -> Vec<(&'static str, String)> {
        self.as_pairs()
            .iter()
            .map(|(name, value)| (*name, (*value).to_string()))
            .collect()
    }
}

/// Implements `WidgetForm` for a form of `String` fields that has
/// `fn slot(&mut self, field: &str) -> Option<&mut String>` and a `FIELDS` list.
macro_rules! slot_form {
    (@impl $form:ty, $fields:expr, { $($menu:tt)* }) => {
        impl $crate::widgets::WidgetForm for $form {
            $($menu)*

            fn set_field(&mut self, field: &str, value: String) -> bool {
                match self.slot(field) {
                    Some(slot) => {
                        *slot = value;
                        true
                    }
                    None => false,
                }
            }

            fn field(&self, name: &str) -> String {
                // `slot` hands out `&mut`, so read through a copy; a form is a few short strings.
                self.clone()
                    .slot(name)
                    .map(|v| v.clone())
                    .unwrap_or_default()
            }

            fn field_pairs(&self) -> Vec<(&'static str, String)> {
                // As in `field`: read through one copy.
                let mut copy = self.clone();
                $fields
                    .iter()
                    .map(|field| {
                        (
                            *field,
                            copy.slot(field).map(|v| v.clone()).unwrap_or_default(),
                        )
                    })
                    .collect()
            }
        }
    };
    // A form with aliased menu fields names an inherent `menu_key(&self, name)`.
    ($form:ty, $fields:expr, menu_key) => {
        $crate::widgets::slot_form!(@impl $form, $fields, {
            fn menu_value(&self, name: &str) -> String {
                self.menu_key(name).map_or_else(
                    || $crate::widgets::WidgetForm::field(self, name),
                    str::to_string,
                )
            }
        });
    };
    ($form:ty, $fields:expr) => {
        $crate::widgets::slot_form!(@impl $form, $fields, {});
    };
}
pub(crate) use slot_form;

/// What the course needs to know about a widget without depending on the web.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WidgetSpec {
    pub slug: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
    /// Preset keys beyond the form fields that every widget accepts.
    pub fields: &'static [&'static str],
}

/// Keys every widget fence accepts besides its own fields.
pub const COMMON_PRESET_KEYS: [&str; 2] = ["title", "predict"];

pub const WIDGETS: [WidgetSpec; 12] = [
    WidgetSpec {
        slug: train_compute::SLUG,
        title: "Training compute and time",
        summary: "How many FLOPs a training run needs (6 × parameters × tokens) and how long a cluster takes to deliver them.",
        fields: &train_compute::FIELDS,
    },
    WidgetSpec {
        slug: roofline::SLUG,
        title: "Roofline explorer",
        summary: "Where an operation lands against each accelerator's compute and memory roofs: compute-bound or memory-bound, and what it attains.",
        fields: &roofline::FIELDS,
    },
    WidgetSpec {
        slug: checkpoint::SLUG,
        title: "Checkpoint interval",
        summary: "How often a job on many nodes should checkpoint (Young's sqrt(2 × write time × MTBF)) and how much time failures cost.",
        fields: &checkpoint::FIELDS,
    },
    WidgetSpec {
        slug: split::SLUG,
        title: "Parallelism splitter",
        summary: "Split a model's training across a cluster: memory per accelerator, step time and its parts, utilization, and the best split found by searching every valid plan.",
        fields: &split::FIELDS,
    },
    WidgetSpec {
        slug: matcher::SLUG,
        title: "Workload matcher",
        summary: "Describe a workload (phase, model family, size, latency, throughput, power, place, framework, rate of change, budget) and see every hardware class ranked, with the best catalogue part of each and the rules for and against it.",
        fields: &matcher::FIELDS,
    },
    WidgetSpec {
        slug: scenario_quiz::SLUG,
        title: "Match the workload to the hardware",
        summary: "The module 8 checkpoint: a round of scenario cards to match to hardware classes, by drag and drop or from a list, with why each answer is right or wrong.",
        fields: &scenario_quiz::FIELDS,
    },
    WidgetSpec {
        slug: casestudy::SLUG,
        title: "Case-study simulator",
        summary: "Train the case study's e-commerce recommender on a Kubernetes cluster: shard the embedding tables, then simulate failures, spot preemptions, checkpoints and autoscaling, and get the cheapest setup that meets a deadline.",
        fields: &casestudy::FIELDS,
    },
    WidgetSpec {
        slug: chiplet::SLUG,
        title: "Chiplet yield and cost",
        summary: "One big die against several chiplets: Poisson yield, dies per wafer, and the silicon and assembly cost of a working product.",
        fields: &chiplet::FIELDS,
    },
    WidgetSpec {
        slug: tco::SLUG,
        title: "Rent or buy: total cost of ownership",
        summary: "On-demand, reserved and spot cloud against owning the GPUs, month by month: totals, break-even month and utilization, and whether the \"70% for 6 months\" rule holds for your prices.",
        fields: &tco::FIELDS,
    },
    WidgetSpec {
        slug: energy::SLUG,
        title: "Energy and carbon of a run",
        summary: "Energy, electricity bill, CO2, tokens per joule and racks for a run on any catalogued accelerator, and the same work on every other part.",
        fields: &energy::FIELDS,
    },
    WidgetSpec {
        slug: catalogue_table::SLUG,
        title: "Hardware catalogue",
        summary: "Every accelerator the course's widgets use: peak throughput per precision, memory, links, power, year and price, filtered by class and sorted by year, any peak, memory, bandwidth, links, power or price, each number linked to the source it was checked against.",
        fields: &catalogue_table::FIELDS,
    },
    WidgetSpec {
        slug: serve::SLUG,
        title: "Serving with batching",
        summary: "A simulated inference server with static or continuous batching: throughput and p50/p99 latency as the batch limit grows, the largest batch that meets a latency target, accelerators needed and cost per million requests.",
        fields: &serve::FIELDS,
    },
];

pub fn find(slug: &str) -> Option<&'static WidgetSpec> {
    WIDGETS.iter().find(|spec| spec.slug == slug)
}

/// Checks preset values (already turned into strings) against the widget's own
/// validation. Returns one message per problem; unknown keys are the caller's concern.
pub fn preset_problems(
    slug: &str,
    preset: &[(String, String)],
    catalogue: Option<&Catalogue>,
) -> Vec<String> {
    let result = match slug {
        train_compute::SLUG => {
            let mut form = TrainComputeForm::default();
            for (key, value) in preset {
                form.set(key, value.clone());
            }
            form.validate().err()
        }
        roofline::SLUG => {
            let mut form = RooflineForm::default();
            for (key, value) in preset {
                form.set(key, value.clone());
            }
            // Without a catalogue (for example a course with none) nothing can be checked.
            catalogue.and_then(|catalogue| form.validate(catalogue).err())
        }
        checkpoint::SLUG => {
            let mut form = checkpoint::CheckpointForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            form.validate().err()
        }
        chiplet::SLUG => {
            let mut form = chiplet::ChipletForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            form.validate().err()
        }
        scenario_quiz::SLUG => {
            let mut form = scenario_quiz::ScenarioQuizForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            form.validate().err()
        }
        casestudy::SLUG => {
            let mut form = casestudy::CaseStudyForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            catalogue.and_then(|catalogue| form.validate(catalogue).err())
        }
        matcher::SLUG => {
            let mut form = matcher::MatcherForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            catalogue.and_then(|catalogue| form.validate(catalogue).err())
        }
        split::SLUG => {
            let mut form = split::SplitForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            catalogue.and_then(|catalogue| form.validate(catalogue).err())
        }
        catalogue_table::SLUG => {
            let mut form = catalogue_table::CatalogueForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            form.validate().err()
        }
        tco::SLUG => {
            let mut form = tco::TcoForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            form.validate().err()
        }
        energy::SLUG => {
            let mut form = energy::EnergyForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            catalogue.and_then(|catalogue| form.validate(catalogue).err())
        }
        serve::SLUG => {
            let mut form = serve::ServeForm::default();
            for (key, value) in preset {
                form.set_field(key, value.clone());
            }
            catalogue.and_then(|catalogue| form.validate(catalogue).err())
        }
        _ => None,
    };
    result
        .map(|errors| {
            errors
                .0
                .iter()
                .map(|e| format!("{} = {}: {}", e.field, quote(preset, e.field), e.problem))
                .collect()
        })
        .unwrap_or_default()
}

fn quote(preset: &[(String, String)], field: &str) -> String {
    preset
        .iter()
        .find(|(key, _)| key == field)
        .map(|(_, value)| format!("{value:?}"))
        .unwrap_or_else(|| "(default)".to_string())
}
