//! Widget state in the URL query, so every state can be shared as a link.
//! Keys are `INSTANCE.FIELD`; only fields that differ from the preset are
//! written, so links stay short and a preset change reaches old links.

use crate::context::use_location;
use crate::widgets::WidgetMount;
use course::route::Location;
use engine::widgets::WidgetForm;
use leptos::prelude::*;

/// The form's fields as the URL holds them for this instance.
pub fn read(location: &Location, instance: &str, fields: &[&str]) -> Vec<(String, String)> {
    fields
        .iter()
        .filter_map(|field| {
            location
                .query_value(&format!("{instance}.{field}"))
                .map(|value| ((*field).to_string(), value.to_string()))
        })
        .collect()
}

/// Rewrites this instance's keys in the current URL, keeping everything else.
/// Uses `history.replaceState`: no new history entry, no scroll, no hashchange.
pub fn write(
    instance: &str,
    current: &[(&'static str, String)],
    baseline: &[(&'static str, String)],
) {
    let mut location = Location::parse(&crate::dom::current_hash());
    let prefix = format!("{instance}.");
    location.query.retain(|(key, _)| !key.starts_with(&prefix));
    for ((field, value), (_, base)) in current.iter().zip(baseline) {
        if value != base {
            location
                .query
                .push((format!("{prefix}{field}"), value.clone()));
        }
    }
    let hash = location.to_hash();
    if hash != crate::dom::current_hash() {
        crate::dom::replace_hash(&hash);
    }
}

/// A widget's form signal: defaults, then the fence's presets, then the URL.
/// Every change is written back to the URL, keyed by the widget instance.
/// A later navigation that carries this instance's keys (a shared link pasted
/// into the open tab, or back and forward between two states) sets the form
/// from them, as the first load did.
pub fn form_state<F: WidgetForm>(
    mount: &WidgetMount,
    fields: &'static [&'static str],
) -> RwSignal<F> {
    let location = use_location();
    let baseline: F = super::back_to_example::baseline(mount);
    let from_url = {
        let baseline = baseline.clone();
        let instance = mount.instance.clone();
        move |location: &Location| -> Option<F> {
            let values = read(location, &instance, fields);
            (!values.is_empty()).then(|| {
                let mut form = baseline.clone();
                for (field, value) in values {
                    form.set_field(&field, value);
                }
                form
            })
        }
    };
    let initial = location
        .with_untracked(|l| from_url(l))
        .unwrap_or_else(|| baseline.clone());
    let form = RwSignal::new(initial);
    let instance = mount.instance.clone();
    let baseline = baseline.field_pairs();
    // The URL is outside the reactive world, so following it is an Effect. It
    // re-runs on every navigation within the page and on every form change; it
    // tells the two apart by the location it saw last. A navigation that drops
    // the query (an in-page link) gets the form written back into the hash.
    Effect::new(move |seen: Option<Location>| {
        let now = location.get();
        if seen.is_some_and(|seen| seen != now) {
            if let Some(linked) = from_url(&now) {
                if form.with_untracked(|current| current.field_pairs() != linked.field_pairs()) {
                    form.set(linked);
                }
            }
        }
        form.with(|current| write(&instance, &current.field_pairs(), &baseline));
        now
    });
    form
}
