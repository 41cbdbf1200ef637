//! The widget registry: maps the slug used in content fences, routes and the
//! CLI to its component. Adding a widget means adding one arm here.

pub mod back_to_example;
pub mod bar;
pub mod casestudy;
pub mod catalogue_table;
pub mod checkpoint;
pub mod chiplet;
pub mod content_problems;
pub mod copy_link;
pub mod energy;
pub mod explain;
pub mod field;
pub mod live_summary;
pub mod matcher;
pub mod predict;
pub mod roofline;
pub mod scenario_quiz;
pub mod serve;
pub mod splitter;
pub mod tco;
pub mod train_compute;
pub mod url_state;

use course::WidgetRef;
use leptos::prelude::*;

/// Everything a widget needs to mount: which one, its URL key prefix and presets.
/// The reading page hands it to the islands runtime as JSON.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WidgetMount {
    pub slug: String,
    /// Prefix of this widget's URL query keys; unique on its page.
    pub instance: String,
    pub title: Option<String>,
    pub predict: Option<String>,
    pub preset: Vec<(String, String)>,
    /// Alone on its page (a lab page or an embed), under the page's `h1`
    /// rather than under a module section's `h2`.
    #[serde(default)]
    pub standalone: bool,
}

impl WidgetMount {
    /// A widget alone on its page (`/lab/SLUG` or an embed), with default values.
    pub fn standalone(slug: &str) -> WidgetMount {
        WidgetMount {
            slug: slug.to_string(),
            instance: slug.to_string(),
            title: None,
            predict: None,
            preset: Vec::new(),
            standalone: true,
        }
    }

    pub fn from_ref(widget: &WidgetRef) -> WidgetMount {
        WidgetMount {
            slug: widget.slug.clone(),
            instance: widget.instance.clone(),
            title: widget.title.clone(),
            predict: widget.predict.clone(),
            preset: widget.preset.clone(),
            standalone: false,
        }
    }
}

/// A widget's title: an `h2` under the page's `h1` when the widget is alone
/// on its page, an `h3` under a module section's `h2` otherwise, styled alike
/// (`.widget-title`), so headings go down one level at a time everywhere.
#[component]
pub fn WidgetTitle(
    standalone: bool,
    id: String,
    kind: &'static str,
    children: Children,
) -> impl IntoView {
    if standalone {
        view! { <h2 class="widget-title" id=id><span class="widget-kind">{kind}</span>{children()}</h2> }.into_any()
    } else {
        view! { <h3 class="widget-title" id=id><span class="widget-kind">{kind}</span>{children()}</h3> }.into_any()
    }
}

/// Whether the widget being built is alone on its page; its parts read it
/// for the level of their sub-headings.
#[derive(Clone, Copy)]
pub struct Standalone(pub bool);

/// A heading inside a widget, one level below its title: `h3` on a page of
/// its own, `h4` in a module.
#[component]
pub fn WidgetSubheading(children: Children) -> impl IntoView {
    if use_context::<Standalone>().is_some_and(|s| s.0) {
        view! { <h3 class="widget-subheading">{children()}</h3> }.into_any()
    } else {
        view! { <h4 class="widget-subheading">{children()}</h4> }.into_any()
    }
}

#[component]
pub fn Widget(mount: WidgetMount) -> impl IntoView {
    provide_context(Standalone(mount.standalone));
    match mount.slug.as_str() {
        engine::train_compute::SLUG => {
            view! { <train_compute::TrainCompute mount=mount /> }.into_any()
        }
        engine::roofline::SLUG => view! { <roofline::Roofline mount=mount /> }.into_any(),
        engine::checkpoint::SLUG => view! { <checkpoint::Checkpoint mount=mount /> }.into_any(),
        engine::chiplet::SLUG => view! { <chiplet::Chiplet mount=mount /> }.into_any(),
        engine::matcher::SLUG => view! { <matcher::Matcher mount=mount /> }.into_any(),
        engine::scenario_quiz::SLUG => {
            view! { <scenario_quiz::ScenarioQuiz mount=mount /> }.into_any()
        }
        engine::casestudy::SLUG => view! { <casestudy::CaseStudy mount=mount /> }.into_any(),
        engine::catalogue_table::SLUG => {
            view! { <catalogue_table::CatalogueTable mount=mount /> }.into_any()
        }
        engine::split::SLUG => view! { <splitter::Splitter mount=mount /> }.into_any(),
        engine::tco::SLUG => view! { <tco::Tco mount=mount /> }.into_any(),
        engine::energy::SLUG => view! { <energy::Energy mount=mount /> }.into_any(),
        engine::serve::SLUG => view! { <serve::Serve mount=mount /> }.into_any(),
        other => view! {
            <div class="authoring-error" role="alert" data-testid="authoring-error">
                <strong>"Authoring error: "</strong>{format!("no widget is called `{other}`.")}
            </div>
        }
        .into_any(),
    }
}
