//! One quiz question with its inputs, its Check button, and its feedback.

use super::QuestionState;
use engine::quiz::{grade, unreadable, Question, QuestionType};
use leptos::prelude::*;

#[component]
pub fn QuestionView(
    /// Position on the page, from 1.
    number: usize,
    /// Index in the quiz file, which keys the learner's state.
    idx: usize,
    question: Question,
    states: RwSignal<Vec<QuestionState>>,
    slug: String,
    quiz_id: String,
    /// The attempt number, which seeds the option order.
    attempt: u32,
) -> impl IntoView {
    let state = Memo::new(move |_| states.with(|s| s.get(idx).cloned().unwrap_or_default()));
    let name = format!("{quiz_id}-{}", question.id);
    let prompt = course::markdown::render_snippet(&question.prompt, &slug);
    let explanation = course::markdown::render_snippet(&question.explanation, &slug);
    let kind = question.kind;
    let question_for_check = question.clone();
    // A typed answer that cannot be read is reported beside its field and
    // leaves the question open, so a typo costs neither the attempt nor the
    // worked answer.
    let problem = RwSignal::new(None::<String>);
    let verdict_id = format!("{name}-verdict");
    let verdict_target = verdict_id.clone();
    // Grading disables the Check button, which would drop keyboard focus to
    // the page's start. Focus moves to the verdict instead, so a keyboard
    // learner lands on the feedback and a screen reader reads it.
    let check = Callback::new(move |()| {
        let current = state.get_untracked();
        let answer = current.answer(kind);
        if let Some(message) = unreadable(&question_for_check, &answer) {
            problem.set(Some(message));
            return;
        }
        problem.set(None);
        let verdict = grade(&question_for_check, &answer);
        states.update(|s| {
            if let Some(q) = s.get_mut(idx) {
                q.verdict = Some(verdict);
            }
        });
        let target = verdict_target.clone();
        request_animation_frame(move || crate::dom::refocus_if_lost(&target));
    });
    let locked = move || state.with(|s| s.verdict.is_some());
    let empty = move || {
        state.with(|s| match kind {
            QuestionType::Single | QuestionType::Multiple => s.chosen.is_empty(),
            QuestionType::Matching => s.pairs.is_empty() || s.pairs.iter().any(Option::is_none),
            QuestionType::Ordering => s.order.is_empty(),
            _ => s.text.trim().is_empty(),
        })
    };
    let inputs = match kind {
        QuestionType::Single | QuestionType::Multiple => {
            let multiple = kind == QuestionType::Multiple;
            let order =
                engine::quiz::option_order(&quiz_id, &question.id, attempt, question.options.len());
            order
                .into_iter()
                .filter_map(|option_idx| question.options.get(option_idx).map(|option| (option_idx, option)))
                .map(|(option_idx, option)| {
                    let id = format!("{name}-{option_idx}");
                    let input_id = id.clone();
                    let group = name.clone();
                    view! {
                        <li>
                            <label for=id.clone() class="check">
                                <input id=input_id type=if multiple { "checkbox" } else { "radio" } name=group
                                    data-testid=format!("option-{}", option_idx + 1)
                                    disabled=locked
                                    prop:checked=move || state.with(|s| s.chosen.contains(&option_idx))
                                    on:change=move |ev| {
                                        let on = event_target_checked(&ev);
                                        states.update(|s| if let Some(q) = s.get_mut(idx) {
                                            if !multiple { q.chosen.clear(); }
                                            q.chosen.retain(|c| *c != option_idx);
                                            if on { q.chosen.push(option_idx); }
                                        });
                                    } />
                                {format!(" {}", option.text)}
                            </label>
                        </li>
                    }
                })
                .collect_view()
                .into_any()
        }
        QuestionType::Matching => view! {
            <super::arrange::MatchingInputs question=question.clone() idx=idx states=states name=name.clone() quiz_id=quiz_id.clone() attempt=attempt />
        }
        .into_any(),
        QuestionType::Ordering => view! {
            <super::arrange::OrderingInputs question=question.clone() idx=idx states=states name=name.clone() quiz_id=quiz_id.clone() attempt=attempt />
        }
        .into_any(),
        QuestionType::Numeric | QuestionType::Short | QuestionType::Parameterized => {
            let input_id = format!("{name}-answer");
            let problem_id = format!("{name}-problem");
            let hint = match (kind, &question.unit) {
                (QuestionType::Numeric | QuestionType::Parameterized, Some(unit)) => {
                    format!("Your answer in {unit} (other units and 1.2e3-style numbers work too)")
                }
                (QuestionType::Numeric | QuestionType::Parameterized, None) => "Your answer, a number".to_string(),
                _ => "Your answer, in a few words".to_string(),
            };
            view! {
                <li class="text-answer">
                    <label for=input_id.clone()>{hint}</label>
                    <input id=input_id type="text" data-testid="answer-input" autocomplete="off" disabled=locked
                        aria-invalid=move || problem.with(|p| p.is_some().then_some("true"))
                        aria-describedby={
                            let problem_id = problem_id.clone();
                            move || problem.with(|p| p.is_some().then(|| problem_id.clone()))
                        }
                        prop:value=move || state.with(|s| s.text.clone())
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            problem.set(None);
                            states.update(|s| if let Some(q) = s.get_mut(idx) { q.text = text; });
                        }
                        on:keydown=move |ev| if ev.key() == "Enter" {
                            // Enter checks the answer, as in a one-field form.
                            ev.prevent_default();
                            if !locked() && !empty() {
                                check.run(());
                            }
                        } />
                    {
                        move || problem.get().map(|message| view! {
                            <p class="field-error" id=problem_id.clone() aria-live="polite" data-testid="answer-problem">{message}</p>
                        })
                    }
                </li>
            }
            .into_any()
        }
    };
    view! {
        <li class="question" data-testid=format!("question-{}", question.id) id=super::question_item_id(&quiz_id, &question.id) tabindex="-1">
            <fieldset>
                <legend><span class="question-number">{format!("Question {number}. ")}</span><span inner_html=prompt></span></legend>
                <ul class="options">{inputs}</ul>
            </fieldset>
            <button type="button" data-testid="check" disabled=move || locked() || empty() on:click=move |_| check.run(())>"Check"</button>
            {move || state.with(|s| s.verdict.clone()).map(|verdict| {
                let explanation = explanation.clone();
                view! {
                    <div class=if verdict.correct { "verdict right" } else { "verdict wrong" } role="status" data-testid="verdict" id=verdict_id.clone() tabindex="-1">
                        <p class="verdict-title">{if verdict.correct { "✓ Correct." } else { "✗ Not quite." }}</p>
                        {verdict.feedback.into_iter().map(|line| view! { <p>{line}</p> }).collect_view()}
                        <div class="explanation" inner_html=explanation></div>
                    </div>
                }
            })}
        </li>
    }
}
