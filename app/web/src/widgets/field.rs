//! A labelled text field with its validation message beside it.

use leptos::prelude::*;

#[component]
pub fn NumberField(
    /// The element id; the error message's id is derived from it.
    #[prop(into)]
    id: String,
    #[prop(into)] label: String,
    /// A short hint under the label, e.g. the unit or an example.
    #[prop(into)]
    hint: String,
    #[prop(into)] test_id: String,
    value: Signal<String>,
    error: Signal<Option<String>>,
    on_input: Callback<String>,
    /// What an empty field stands for, shown greyed inside it (e.g. the
    /// catalogue's figure), so a learner sees the value that was used.
    #[prop(optional, into)]
    placeholder: MaybeProp<String>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let described_by = format!("{hint_id} {error_id}");
    view! {
        <div class="field" class:invalid=move || error.get().is_some()>
            <label for=id.clone()>{label}</label>
            <span class="hint" id=hint_id>{hint}</span>
            <input
                id=id
                type="text"
                inputmode="decimal"
                autocomplete="off"
                spellcheck="false"
                data-testid=format!("input-{test_id}")
                placeholder=move || placeholder.get()
                aria-invalid=move || error.get().is_some().to_string()
                aria-describedby=described_by
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
            <p class="field-error" id=error_id aria-live="polite" data-testid=format!("error-{test_id}")>
                {move || error.get().map(|message| view! { <span aria-hidden="true">"⚠ "</span>{message} })}
            </p>
        </div>
    }
}

/// A labelled drop-down with its validation message beside it.
#[component]
pub fn SelectField(
    #[prop(into)] id: String,
    #[prop(into)] label: String,
    #[prop(into)] test_id: String,
    /// (value, visible text) pairs.
    options: Signal<Vec<(String, String)>>,
    value: Signal<String>,
    error: Signal<Option<String>>,
    on_change: Callback<String>,
    /// Takes a whole row of its group, for long option texts.
    #[prop(optional)]
    wide: bool,
    /// A short hint under the label, as number fields have, so a menu in a
    /// row of hinted fields lines up with them.
    #[prop(optional, into)]
    hint: Option<String>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let described_by = match hint {
        Some(_) => format!("{hint_id} {error_id}"),
        None => error_id.clone(),
    };
    let hint = hint.map(|text| view! { <span class="hint" id=hint_id>{text}</span> });
    view! {
        <div class="field" class:field-wide=wide class:invalid=move || error.get().is_some()>
            <label for=id.clone()>{label}</label>
            {hint}
            <select id=id data-testid=format!("input-{test_id}") aria-describedby=described_by
                aria-invalid=move || error.get().is_some().to_string()
                on:change=move |ev| on_change.run(event_target_value(&ev))>
                {move || {
                    let current = value.get();
                    // The engine reads menu values trimmed and in any case, so the
                    // menu shows "JAX" from a link that says "jax" or " JAX ".
                    let wanted = current.trim();
                    let matches = |option: &str| option.eq_ignore_ascii_case(wanted);
                    let known = options.with(|list| list.iter().any(|(v, _)| matches(v)));
                    // A value from a link that is not an option stays visible, so its error makes sense.
                    let stray = (!known).then(|| view! { <option value=current.clone() selected=true>{format!("{current} (not available)")}</option> });
                    let items = options.get().into_iter().map(|(option, text)| {
                        let selected = matches(&option);
                        view! { <option value=option selected=selected>{text}</option> }
                    }).collect_view();
                    view! { {stray}{items} }
                }}
            </select>
            <p class="field-error" id=error_id aria-live="polite" data-testid=format!("error-{test_id}")>
                {move || error.get().map(|message| view! { <span aria-hidden="true">"⚠ "</span>{message} })}
            </p>
        </div>
    }
}

/// A menu over every value of an engine enum: its key as the value, and the
/// text `label` gives it.
pub fn menu_options<T: Copy>(
    all: &[T],
    key: fn(T) -> &'static str,
    label: impl Fn(T) -> String,
) -> Vec<(String, String)> {
    all.iter()
        .map(|value| (key(*value).to_string(), label(*value)))
        .collect()
}

/// One field of a widget form as a signal of its raw text.
pub fn form_value<F: engine::widgets::WidgetForm>(
    form: RwSignal<F>,
    field: &'static str,
) -> Signal<String> {
    Signal::derive(move || form.with(|f| f.field(field)))
}

/// What one menu of a widget form shows: the raw text, or the menu's own key
/// when the text is an alias the engine reads the same way (`yes`, `AdamW`).
pub fn form_menu_value<F: engine::widgets::WidgetForm>(
    form: RwSignal<F>,
    field: &'static str,
) -> Signal<String> {
    Signal::derive(move || form.with(|f| f.menu_value(field)))
}

/// The message beside one field, from a validation result that may still be
/// waiting (for example for the hardware catalogue).
pub fn field_error<T: Clone + Send + Sync + 'static>(
    validated: Memo<Option<Result<T, engine::field::FieldErrors>>>,
    field: &'static str,
) -> Signal<Option<String>> {
    Signal::derive(move || {
        validated.with(|v| {
            v.as_ref()
                .and_then(|r| r.as_ref().err())
                .and_then(|e| e.page_message_for(field))
        })
    })
}

/// The message beside one field, from a validation result that needs nothing
/// fetched (no catalogue), so it is never waiting.
pub fn ready_field_error<T: Clone + Send + Sync + 'static>(
    validated: Memo<Result<T, engine::field::FieldErrors>>,
    field: &'static str,
) -> Signal<Option<String>> {
    Signal::derive(move || {
        validated.with(|v| v.as_ref().err().and_then(|e| e.page_message_for(field)))
    })
}

/// Writes what the learner typed into one field of a widget form.
pub fn form_setter<F: engine::widgets::WidgetForm>(
    form: RwSignal<F>,
    field: &'static str,
) -> Callback<String> {
    Callback::new(move |text: String| {
        form.update(|f| {
            f.set_field(field, text);
        })
    })
}

/// A fixed list of (value, visible text) choices for a `SelectField`.
pub fn fixed_choices(pairs: &[(&str, &str)]) -> Signal<Vec<(String, String)>> {
    let list: Vec<(String, String)> = pairs
        .iter()
        .map(|(value, text)| ((*value).to_string(), (*text).to_string()))
        .collect();
    Signal::derive(move || list.clone())
}

/// The catalogue parts a training calculator can price: memory capacity and
/// bandwidth, and a dense BF16 or FP32 peak, listed by their short menu names.
pub fn training_parts(
    catalogue: Signal<Option<std::sync::Arc<engine::hardware::Catalogue>>>,
) -> Signal<Vec<(String, String)>> {
    Signal::derive(move || {
        catalogue.with(|catalogue| {
            catalogue
                .iter()
                .flat_map(|c| c.accelerators.iter())
                .filter(|a| {
                    a.memory.capacity_gb.is_some()
                        && a.memory.bandwidth_gb_s.is_some()
                        && a.peak_tflops.bf16.or(a.peak_tflops.fp32).is_some()
                })
                .map(|a| (a.id.clone(), a.short().to_string()))
                .collect()
        })
    })
}
