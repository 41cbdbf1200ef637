//! The module 8 checkpoint: match scenario cards to hardware classes. Each
//! card takes a class dragged onto it or chosen from its list; after
//! submitting, every card says why its answer is right, or why the chosen one
//! is wrong, and links to the matcher with the card's workload filled in.

use crate::context::{use_course, use_progress};
use crate::widgets::content_problems::{ContentProblemsNote, SharedFile};
use crate::widgets::WidgetTitle;
use crate::widgets::{url_state, WidgetMount};
use course::route::{Location, Route};
use course::scenarios::{class_key, Card};
use engine::hardware::Class;
use engine::matcher::CLASSES;
use engine::scenario_quiz::{round, ScenarioQuizForm, DEFAULT_CARDS, FIELDS, PROGRESS_KEY};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// An unfinished round as stored: which cards it dealt and what the learner
/// has chosen so far. It comes back only for the same attempt and cards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct RoundDraft {
    /// The attempt count the cards were dealt by.
    attempt: u32,
    cards: Vec<String>,
    chosen: Vec<Option<Class>>,
    /// A retry of the wrong ones in progress: its round was submitted once,
    /// which raised the attempt count, so it comes back when the count is
    /// one past `attempt`. Drafts saved before this field read as `false`.
    #[serde(default)]
    retry: bool,
}

/// The matcher's page with this card's workload, every other field cleared.
fn matcher_link(card: &Card) -> String {
    let query = engine::matcher::FIELDS
        .iter()
        .map(|field| {
            let value = card
                .workload
                .iter()
                .find(|(k, _)| k == field)
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            (format!("matcher.{field}"), value)
        })
        .collect();
    format!(
        "./{}",
        Location {
            route: Route::Lab {
                widget: engine::matcher::SLUG.to_string()
            },
            query
        }
        .to_hash()
    )
}

#[component]
pub fn ScenarioQuiz(mount: WidgetMount) -> impl IntoView {
    let form = url_state::form_state::<ScenarioQuizForm>(&mount, &FIELDS);
    let validated = Memo::new(move |_| form.with(ScenarioQuizForm::validate));
    let per_round =
        Memo::new(move |_| validated.with(|v| v.as_ref().map_or(DEFAULT_CARDS, |cards| *cards)));
    // The round size has no field on the page; it comes from the module's
    // directive or a link. A bad value in a link is said, not silently replaced.
    let cards_note = Memo::new(move |_| {
        validated
            .with(|v| {
                v.as_ref()
                    .err()
                    .and_then(|errors| errors.page_message_for("cards"))
            })
            .map(|message| {
                format!(
                    "Cards per round in this link: {message} This round has {DEFAULT_CARDS} cards."
                )
            })
    });
    let bank = Signal::derive(move || use_course().and_then(|course| course.scenarios.get()));
    // No bank but a problem: the file could not be fetched or parsed, and
    // the note above says why; waiting on would only spin.
    let unreadable = Signal::derive(move || {
        use_course().is_some_and(|course| {
            course.scenarios.with(Option::is_none)
                && course
                    .content_problems
                    .with(|found| !found.scenarios.is_empty())
        })
    });
    let title = mount
        .title
        .clone()
        .unwrap_or_else(|| "Match the workload to the hardware".to_string());
    let heading_standalone = mount.standalone;
    let heading_id = format!("{}-heading", mount.instance);
    let labelled_by = heading_id.clone();
    let test_id = format!("widget-{}", mount.instance);
    // Each press of "Deal a new round" remounts the round, which deals by the
    // attempts recorded so far, so the next cards differ from the last.
    let deal = RwSignal::new(0_u32);
    let heading_for_round = heading_id.clone();
    view! {
        <section class="widget widget-wide scenario-quiz" aria-labelledby=labelled_by data-testid=test_id>
            <WidgetTitle standalone=heading_standalone id=heading_id kind="Checkpoint · ">{title}</WidgetTitle>
            <ContentProblemsNote file=SharedFile::Scenarios />
            {move || cards_note.get().map(|note| view! {
                <p class="field-error" data-testid="error-cards"><span aria-hidden="true">"⚠ "</span>{note}</p>
            })}
            {move || match bank.get() {
                None if unreadable.get() => view! {
                    <p data-testid="scenario-cards-unreadable">"The scenario cards could not be read, so there is no round to play until they are fixed."</p>
                }.into_any(),
                None => view! { <p role="status">"Loading the scenario cards…"</p> }.into_any(),
                Some(bank) => {
                    deal.track();
                    view! { <Round bank=bank per_round=per_round.get() deal=deal heading_id=heading_for_round.clone() /> }.into_any()
                }
            }}
        </section>
    }
}

/// The round's result, where focus goes after "Check my matches".
const RESULT_ID: &str = "scenario-quiz-result";

/// The id of a card's select, where focus goes when a retry clears it.
fn select_id(card_id: &str) -> String {
    format!("scenario-{card_id}")
}

#[component]
fn Round(
    bank: Arc<course::scenarios::ScenarioBank>,
    per_round: u64,
    deal: RwSignal<u32>,
    heading_id: String,
) -> impl IntoView {
    let store = use_progress();
    let recorded = store
        .progress
        .with_untracked(|p| p.get(PROGRESS_KEY).attempts);
    // An unfinished round comes back as the learner left it, when storage allows.
    let draft_key = store.draft_key(PROGRESS_KEY, "matching");
    let draft = draft_key
        .as_deref()
        .and_then(crate::storage::read_draft::<RoundDraft>);
    // A retry keeps the cards it was dealt, although submitting the round
    // counted one more attempt; anything else deals by the count.
    let attempt = match &draft {
        Some(d) if d.retry && d.attempt.wrapping_add(1) == recorded => d.attempt,
        _ => recorded,
    };
    let cards: Vec<Card> = round(bank.cards.len(), per_round, attempt)
        .into_iter()
        .filter_map(|index| bank.cards.get(index).cloned())
        .collect();
    let count = cards.len();
    let card_keys: Vec<String> = cards.iter().map(|c| c.id.clone()).collect();
    let restored =
        draft.filter(|d| d.attempt == attempt && d.cards == card_keys && d.chosen.len() == count);
    let retrying = RwSignal::new(restored.as_ref().is_some_and(|d| d.retry));
    let chosen = RwSignal::new(
        restored
            .map(|d| d.chosen)
            .unwrap_or_else(|| vec![None::<Class>; count]),
    );
    let submitted = RwSignal::new(false);
    // Storage is outside the reactive world, so keeping the draft is an Effect.
    let draft_for_effect = draft_key.clone();
    let key_for_new_round = StoredValue::new(draft_key.clone());
    Effect::new(move |_| {
        let Some(key) = draft_for_effect.as_deref() else {
            return;
        };
        chosen.with(|picks| {
            let retry = retrying.get_untracked();
            // A retry is kept even with every pick cleared, so that a reload
            // brings back its cards rather than dealing new ones.
            if !submitted.get_untracked() && (retry || picks.iter().any(Option::is_some)) {
                let draft = RoundDraft {
                    attempt,
                    cards: card_keys.clone(),
                    chosen: picks.clone(),
                    retry,
                };
                crate::storage::write_draft(key, &draft);
            }
        });
    });
    let dragging = RwSignal::new(None::<Class>);
    let correct = {
        let answers: Vec<Class> = cards.iter().map(|c| c.answer).collect();
        Memo::new(move |_| {
            chosen.with(|c| {
                c.iter()
                    .zip(&answers)
                    .filter(|(c, a)| **c == Some(**a))
                    .count()
            })
        })
    };
    let picked = Memo::new(move |_| chosen.with(|c| c.iter().filter(|p| p.is_some()).count()));
    let all_chosen = Memo::new(move |_| picked.get() == count);
    let card_ids: Vec<(String, Class)> = cards.iter().map(|c| (c.id.clone(), c.answer)).collect();
    let submit = move |_| {
        submitted.set(true);
        let score = correct.get_untracked() as f64 / count.max(1) as f64;
        let answers = chosen.with_untracked(|chosen| {
            card_ids
                .iter()
                .zip(chosen)
                .map(|((id, answer), pick)| course::progress::AnsweredQuestion {
                    question: id.clone(),
                    answer: pick.map(class_key).unwrap_or_default().to_string(),
                    correct: *pick == Some(*answer),
                })
                .collect()
        });
        let attempt = course::progress::Attempt {
            at: crate::dom::now_iso(),
            score,
            // The checkpoint has no pass mark of its own: a round passes when
            // every scenario is matched, which a retry of the wrong ones allows.
            passed: correct.get_untracked() == count,
            answers,
        };
        store.record_attempt(PROGRESS_KEY, attempt);
        retrying.set(false);
        if let Some(key) = draft_key.as_deref() {
            crate::storage::delete_draft(key);
        }
        // The focused button is now disabled, so focus would fall to the
        // page; the result is where a keyboard or screen-reader user goes next.
        request_animation_frame(|| crate::dom::refocus_if_lost(RESULT_ID));
    };
    let answers: Vec<Class> = cards.iter().map(|c| c.answer).collect();
    let select_ids: Vec<String> = cards.iter().map(|c| select_id(&c.id)).collect();
    let retry = move |_| {
        let first_wrong = chosen.with_untracked(|c| {
            c.iter()
                .zip(&answers)
                .position(|(slot, answer)| *slot != Some(*answer))
        });
        retrying.set(true);
        submitted.set(false);
        chosen.update(|c| {
            for (slot, answer) in c.iter_mut().zip(&answers) {
                if *slot != Some(*answer) {
                    *slot = None;
                }
            }
        });
        // The Retry button has just gone; the first cleared scenario is
        // where the learner picks up again.
        if let Some(target) = first_wrong.and_then(|i| select_ids.get(i)).cloned() {
            request_animation_frame(move || crate::dom::focus_element(&target));
        }
    };
    let heading = StoredValue::new(heading_id);
    let new_round = move |_| {
        // A retry left unfinished must not come back in place of the new cards.
        key_for_new_round.with_value(|key| {
            if let Some(key) = key.as_deref() {
                crate::storage::delete_draft(key);
            }
        });
        deal.update(|n| *n = n.wrapping_add(1));
        // The pressed button goes with the old round; the widget's heading
        // is where the new one starts.
        let target = heading.get_value();
        request_animation_frame(move || crate::dom::focus_element(&target));
    };
    let chips = CLASSES
        .iter()
        .map(|class| {
            let class = *class;
            view! {
                <li class="chip" draggable="true" data-testid=format!("class-chip-{}", class_key(class))
                    on:dragstart=move |_| dragging.set(Some(class)) on:dragend=move |_| dragging.set(None)>{class.label()}</li>
            }
        })
        .collect_view();
    let items = cards
        .into_iter()
        .enumerate()
        .map(|(index, card)| view! { <CardView index=index card=card chosen=chosen submitted=submitted dragging=dragging /> })
        .collect_view();
    let record = move || store.progress.with(|p| p.get(PROGRESS_KEY));
    view! {
        <p>"Drag a hardware class onto each scenario, or choose it from the list under the scenario. Then check your answers."</p>
        <ul class="chips" aria-label="Hardware classes">{chips}</ul>
        <ol class="scenario-cards">{items}</ol>
        <div class="quiz-footer">
            <p class="meta" data-testid="matching-record">{move || {
                let r = record();
                let best = r.best_score.map(engine::format::whole_percent).unwrap_or_else(|| "—".to_string());
                format!("Attempts {} · best {}", r.attempts, best)
            }}</p>
            // As in the module quizzes, the count says why the button waits.
            <p role="status" data-testid="matching-progress" hidden=move || submitted.get()>{move || format!("{} of {count} scenarios answered", picked.get())}</p>
            <button type="button" data-testid="matching-submit" disabled=move || !all_chosen.get() || submitted.get() on:click=submit>"Check my matches"</button>
            {move || submitted.get().then(|| {
                let right = correct.get();
                view! {
                    <div id=RESULT_ID class=if right == count { "quiz-result passed" } else { "quiz-result failed" } role="status" data-testid="matching-result">
                        <p><strong>{format!("{right} of {count} matched correctly.")}</strong></p>
                        <p class="quiz-actions">
                            {(right < count).then(|| view! { <button type="button" class="secondary" data-testid="matching-retry" on:click=retry.clone()>"Retry the wrong ones"</button> })}
                            " "<button type="button" class="secondary" data-testid="matching-new-round" on:click=new_round>"Deal a new round"</button>
                        </p>
                    </div>
                }
            })}
        </div>
    }
}

#[component]
fn CardView(
    index: usize,
    card: Card,
    chosen: RwSignal<Vec<Option<Class>>>,
    submitted: RwSignal<bool>,
    dragging: RwSignal<Option<Class>>,
) -> impl IntoView {
    let select_id = select_id(&card.id);
    let current = move || chosen.with(|c| c.get(index).copied().flatten());
    let set = move |class: Option<Class>| {
        chosen.update(|c| {
            if let Some(slot) = c.get_mut(index) {
                *slot = class;
            }
        })
    };
    let options = CLASSES
        .iter()
        .map(|class| {
            let class = *class;
            view! { <option value=class_key(class) selected=move || current() == Some(class)>{class.label()}</option> }
        })
        .collect_view();
    let link = matcher_link(&card);
    let answer = card.answer;
    let card_for_why_not = card.clone();
    let course = use_course();
    let explanation = card.explanation.clone();
    let verdict = move || {
        if !submitted.get() {
            return ().into_any();
        }
        let picked = current();
        let right = picked == Some(answer);
        let against = picked.filter(|p| *p != answer).map(|p| {
            // A class the card does not explain gets the matcher's verdict on
            // this workload, which needs the catalogue.
            let catalogue = course.as_ref().and_then(|course| course.catalogue.get());
            let reason = card_for_why_not.why_not(p, catalogue.as_deref());
            format!("Why not {}: {reason}", p.label())
        });
        view! {
            <div class=if right { "verdict right" } else { "verdict wrong" } data-testid="card-verdict">
                <p class="verdict-title">{if right { "✓ Correct.".to_string() } else { format!("✗ The best fit is {}.", answer.label()) }}</p>
                {against.map(|text| view! { <p>{text}</p> })}
                <p>{explanation.clone()}</p>
                <p><a href=link.clone() data-testid="card-matcher-link">"See the matcher's reasoning for this workload"</a></p>
            </div>
        }
        .into_any()
    };
    view! {
        <li class="scenario-card" data-testid=format!("card-{}", card.id)
            on:dragover=move |ev| ev.prevent_default()
            on:drop=move |ev| { ev.prevent_default(); if !submitted.get_untracked() { if let Some(class) = dragging.get_untracked() { set(Some(class)); } } }>
            <p class="scenario-title"><strong>{card.title.clone()}</strong></p>
            <p>{card.scenario.clone()}</p>
            // Eight selects share the visible label, so each names its card
            // for a screen reader moving from one to the next.
            <label for=select_id.clone()>"Best hardware class"<span class="visually-hidden">{format!(" for “{}”", card.title)}</span></label>
            <select id=select_id data-testid="card-select" disabled=move || submitted.get()
                on:change=move |ev| set(course::scenarios::parse_class(&event_target_value(&ev)))>
                <option value="" selected=move || current().is_none()>"Choose…"</option>
                {options}
            </select>
            {verdict}
        </li>
    }
}
