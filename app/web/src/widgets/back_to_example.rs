//! The line under a widget's title once the learner has changed its inputs.
//!
//! A module's widget opens on the author's example, and its title describes
//! that example ("The same decode step on four accelerators"). After a few
//! edits (or a link that carries other values) the title no longer matches
//! what is on screen, so the widget says so and offers one press back to the
//! example. On a lab page the baseline is the widget's defaults.

use super::WidgetMount;
use engine::widgets::WidgetForm;
use leptos::prelude::*;

/// The form a mount starts from before any link: defaults, then the presets.
pub fn baseline<F: WidgetForm>(mount: &WidgetMount) -> F {
    let mut form = F::default();
    for (field, value) in &mount.preset {
        form.set_field(field, value.clone());
    }
    form
}

/// "These inputs differ from the example" with a button that restores it; nothing
/// while the form equals its baseline. Restoring drops the widget's keys from
/// the URL, since the URL keeps only fields that differ from the presets.
pub fn back_to_example<F: WidgetForm>(form: RwSignal<F>, mount: &WidgetMount) -> impl IntoView {
    let start: F = baseline(mount);
    // Forms hold only their raw field texts, so comparing the structs is
    // comparing the fields, with no allocation on each keystroke.
    let compared = start.clone();
    let changed = Memo::new(move |_| form.with(|current| *current != compared));
    let (note, action) = if mount.title.is_some() {
        (
            "These inputs differ from the example.",
            "Back to the example",
        )
    } else {
        (
            "These inputs differ from the defaults.",
            "Back to the defaults",
        )
    };
    // The button goes away once the form is back at its baseline, so focus
    // moves to the widget's heading (every widget's is `INSTANCE-heading`)
    // rather than falling to the top of the page.
    let heading = StoredValue::new(format!("{}-heading", mount.instance));
    move || {
        changed.get().then(|| {
            let start = start.clone();
            let restore = move |_| {
                form.set(start.clone());
                let target = heading.get_value();
                request_animation_frame(move || crate::dom::refocus_if_lost(&target));
            };
            view! {
                <p class="widget-changed" data-testid="widget-changed">
                    {note}" "
                    <button type="button" class="secondary" data-testid="back-to-example"
                        on:click=restore>{action}</button>
                </p>
            }
        })
    }
}
