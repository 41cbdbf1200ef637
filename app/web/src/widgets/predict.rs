//! Predict before reveal: the learner commits to a guess before seeing results,
//! then sees how far off it was. Guessing first makes the answer stick.

use leptos::prelude::*;

#[component]
pub fn PredictGate(
    #[prop(into)] id: String,
    /// The question to answer before the results show.
    #[prop(into)]
    question: String,
    /// The unit of the guess, e.g. "days".
    #[prop(into)]
    unit: String,
    revealed: RwSignal<bool>,
    guess: RwSignal<Option<f64>>,
    /// The model's answer in the same unit, for the comparison.
    actual: Signal<Option<f64>>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let input_id = format!("{id}-guess");
    let error_id = format!("{input_id}-error");
    let unit_for_label = unit.clone();
    let result_id = StoredValue::new(format!("{id}-result"));
    // The guess answers the question as asked, so it is graded against the
    // answer at the moment of reveal; later changes to the inputs explore
    // on from there and must not re-grade it.
    let answer_at_reveal = RwSignal::new(None::<f64>);
    // The form, and the button just pressed, go away on reveal; focus moves
    // to the verdict so a keyboard user reads on from there, not from the top.
    let show = move || {
        revealed.set(true);
        let target = result_id.get_value();
        request_animation_frame(move || crate::dom::refocus_if_lost(&target));
    };
    // Stored, not captured, so that `reveal` stays `Copy` for the form's handler.
    let unit_for_reading = StoredValue::new(unit.clone());
    let reveal = move || match unit_for_reading
        .with_value(|unit| engine::predict::read_guess(&text.get_untracked(), unit))
    {
        Ok(value) if value > 0.0 => {
            answer_at_reveal.set(actual.get_untracked());
            guess.set(Some(value));
            error.set(None);
            show();
        }
        Ok(_) => error.set(Some(
            "Enter a guess above zero, or choose “Skip”.".to_string(),
        )),
        Err(problem) => error.set(Some(problem)),
    };
    view! {
        <div class="predict" data-testid="predict">
            <p class="predict-question"><span class="predict-mark" aria-hidden="true">"?"</span><strong>"Predict first: "</strong>{question}</p>
            {move || if revealed.get() {
                let now = actual.get();
                let answer = answer_at_reveal.get().or(now);
                let comparison = match (guess.get(), answer) {
                    (Some(g), Some(a)) => {
                        let verdict = engine::predict::verdict(g, a, &unit).unwrap_or_default();
                        if now.is_some_and(|n| n != a) {
                            format!("{verdict} (That was for the inputs when you guessed; the results now follow your changes.)")
                        } else {
                            verdict
                        }
                    }
                    (None, _) => "You skipped the prediction; try guessing next time before you look.".to_string(),
                    (Some(_), None) => String::new(),
                };
                view! { <p id=result_id.get_value() class="predict-result" role="status" data-testid="predict-result">{comparison}</p> }.into_any()
            } else {
                view! {
                    <form class="predict-form" on:submit=move |ev| { ev.prevent_default(); reveal(); }>
                        <label for=input_id.clone()>{format!("Your guess ({unit_for_label})")}</label>
                        <input id=input_id.clone() type="text" inputmode="decimal" data-testid="predict-input"
                            aria-describedby=error_id.clone()
                            aria-invalid=move || error.with(|e| e.is_some().then_some("true"))
                            prop:value=move || text.get() on:input=move |ev| { error.set(None); text.set(event_target_value(&ev)); } />
                        <button type="submit" data-testid="predict-reveal">"Reveal"</button>
                        <button type="button" class="secondary" data-testid="predict-skip" on:click=move |_| show()>"Skip"</button>
                        <p class="field-error" id=error_id.clone() aria-live="polite">
                            {move || error.get().map(|message| view! { <span aria-hidden="true">"⚠ "</span>{message} })}
                        </p>
                    </form>
                }.into_any()
            }}
        </div>
    }
}
