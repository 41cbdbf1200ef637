//! A checkpoint quiz: answer each question, get feedback and the explanation
//! at once, finish the attempt, retry only the wrong ones. Passing a
//! checkpoint marks the module completed. Grading happens in the engine.

mod arrange;
mod draft;
mod question;
mod report;

use crate::context::{use_course, use_progress};
use course::progress::{AnsweredQuestion, Attempt};
use engine::quiz::{
    describe_answer, instantiate, question_order, question_seed, score, Answer, QuestionType, Quiz,
    Verdict,
};
use leptos::prelude::*;
use question::QuestionView;

/// What the learner has entered and been told for one question.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QuestionState {
    pub text: String,
    pub chosen: Vec<usize>,
    /// Matching: the right item chosen for each left item.
    pub pairs: Vec<Option<usize>>,
    /// Ordering: item indices in the learner's current order (empty until shown).
    pub order: Vec<usize>,
    pub verdict: Option<Verdict>,
}

impl QuestionState {
    /// What the learner has entered, in the form the engine grades.
    pub fn answer(&self, kind: QuestionType) -> Answer {
        match kind {
            QuestionType::Single | QuestionType::Multiple => Answer::Choices(self.chosen.clone()),
            QuestionType::Numeric | QuestionType::Short | QuestionType::Parameterized => {
                Answer::Text(self.text.clone())
            }
            QuestionType::Matching => Answer::Pairs(self.pairs.clone()),
            QuestionType::Ordering => Answer::Order(self.order.clone()),
        }
    }
}

/// The finished attempt as stored: when, the score, and each answer in words.
fn attempt_record(quiz: &Quiz, states: &[QuestionState], score: f64, passed: bool) -> Attempt {
    let answers = quiz
        .questions
        .iter()
        .zip(states)
        .map(|(question, state)| AnsweredQuestion {
            question: question.id.clone(),
            answer: describe_answer(question, &state.answer(question.kind)),
            correct: state.verdict.as_ref().is_some_and(|v| v.correct),
        })
        .collect();
    Attempt {
        at: crate::dom::now_iso(),
        score,
        passed,
        answers,
    }
}

#[component]
pub fn QuizView(quiz: Quiz, slug: String) -> impl IntoView {
    let store = use_progress();
    let pass_mark = quiz
        .pass_mark
        .or_else(|| use_course().map(|c| c.manifest.defaults.pass_mark))
        .unwrap_or(0.8);
    // Questions and options are shuffled per attempt: the stored attempt count
    // seeds the order, so a reload shows the same order and a new attempt a new one.
    // Parameterized questions draw this learner's own values the same way.
    let attempt = store.progress.with_untracked(|p| p.get(&slug).attempts);
    let learner = store.learner_seed();
    let concrete: Vec<engine::quiz::Question> = quiz
        .questions
        .iter()
        .map(|question| {
            instantiate(
                question,
                question_seed(&quiz.id, &question.id, attempt, learner),
            )
        })
        .collect();
    // An unfinished attempt comes back as the learner left it, when storage allows.
    let draft_key = store.draft_key(&slug, &quiz.id);
    let restored = draft_key
        .as_deref()
        .and_then(|key| draft::load(key, attempt, &concrete));
    let states = RwSignal::new(
        restored.unwrap_or_else(|| vec![QuestionState::default(); quiz.questions.len()]),
    );
    let finished = RwSignal::new(None::<f64>);
    // Storage is outside the reactive world, so keeping the draft is an Effect.
    let draft_for_effect = draft_key.clone();
    Effect::new(move |_| {
        let Some(key) = draft_for_effect.as_deref() else {
            return;
        };
        states.with(|s| {
            if finished.with_untracked(Option::is_none)
                && s.iter().any(|q| *q != QuestionState::default())
            {
                draft::save(key, attempt, s);
            }
        });
    });
    let answered =
        Memo::new(move |_| states.with(|s| s.iter().filter(|q| q.verdict.is_some()).count()));
    let total = quiz.questions.len();
    let slug_for_progress = slug.clone();
    let record = Memo::new(move |_| store.progress.with(|p| p.get(&slug_for_progress)));
    let slug_for_finish = slug.clone();
    let checkpoint = quiz.checkpoint;
    let quiz_id_for_finish = quiz.id.clone();
    let quiz_for_finish = quiz.clone();
    let result_id = format!("quiz-{}-result", quiz.id);
    let result_target = result_id.clone();
    let finish = move |_| {
        // A second press would record and report the same attempt twice.
        if finished.with_untracked(Option::is_some) {
            return;
        }
        let verdicts: Vec<bool> = states.with_untracked(|s| {
            s.iter()
                .map(|q| q.verdict.as_ref().is_some_and(|v| v.correct))
                .collect()
        });
        let result = score(&verdicts);
        let passed = result + 1e-9 >= pass_mark;
        let attempt = states
            .with_untracked(|s| attempt_record(&quiz_for_finish, s, result, checkpoint && passed));
        store.record_attempt(&slug_for_finish, attempt);
        if let Some(key) = draft_key.as_deref() {
            crate::storage::delete_draft(key);
        }
        finished.set(Some(result));
        // The pressed button is now disabled, which would drop focus to the
        // page's start; the result is what the learner wants next.
        let target = result_target.clone();
        request_animation_frame(move || crate::dom::focus_element(&target));
        if let Some(course) = use_course() {
            let attempts = store
                .progress
                .with_untracked(|p| p.get(&slug_for_finish).attempts);
            let report = report::QuizResult {
                kind: "compute-lab:quiz-result",
                course: &course.manifest.id,
                module: &slug_for_finish,
                quiz: &quiz_id_for_finish,
                score: verdicts.iter().filter(|v| **v).count(),
                max: verdicts.len(),
                share: result,
                passed,
                attempts,
            };
            report::post_to_parent(&report, &course.manifest.embed.allowed_origins);
        }
    };
    // The first question the learner retries, in page order, where focus
    // goes when "Retry the wrong ones" disappears with the result.
    let order = question_order(&quiz.id, attempt, quiz.questions.len());
    let item_ids: Vec<String> = quiz
        .questions
        .iter()
        .map(|question| question_item_id(&quiz.id, &question.id))
        .collect();
    let first_retried = move || {
        states.with_untracked(|s| {
            order
                .iter()
                .find(|idx| {
                    s.get(**idx)
                        .is_some_and(|q| !q.verdict.as_ref().is_some_and(|v| v.correct))
                })
                .and_then(|idx| item_ids.get(*idx).cloned())
        })
    };
    // A Callback, so the result view, built again on each finish, can hold a copy.
    let retry_wrong = Callback::new(move |()| {
        let target = first_retried();
        states.update(|s| {
            for q in s
                .iter_mut()
                .filter(|q| !q.verdict.as_ref().is_some_and(|v| v.correct))
            {
                *q = QuestionState::default();
            }
        });
        finished.set(None);
        if let Some(target) = target {
            request_animation_frame(move || crate::dom::focus_element(&target));
        }
    });
    let questions = question_order(&quiz.id, attempt, quiz.questions.len())
        .into_iter()
        .enumerate()
        .filter_map(|(position, idx)| concrete.get(idx).map(|question| (position, idx, question.clone())))
        .map(|(position, idx, question)| {
            view! { <QuestionView number=position + 1 idx=idx question=question states=states slug=slug.clone() quiz_id=quiz.id.clone() attempt=attempt /> }
        })
        .collect_view();
    let heading_id = format!("quiz-{}", quiz.id);
    let labelled_by = heading_id.clone();
    let quiz_test_id = format!("quiz-{}", quiz.id);
    view! {
        <section class="quiz" aria-labelledby=labelled_by data-testid=quiz_test_id>
            <h2 id=heading_id>{quiz.title.clone()}</h2>
            <p class="meta" data-testid="quiz-record">{move || {
                let r = record.get();
                let pct = |v: Option<f64>| v.map(engine::format::whole_percent).unwrap_or_else(|| "—".to_string());
                format!("Pass mark {:.0}% · attempts {} · best {} · latest {}", pass_mark * 100.0, r.attempts, pct(r.best_score), pct(r.latest_score))
            }}</p>
            <ol class="questions">{questions}</ol>
            <div class="quiz-footer">
                <p role="status" data-testid="quiz-progress">{move || format!("{} of {total} answered", answered.get())}</p>
                <button type="button" data-testid="quiz-finish" disabled=move || answered.get() < total || finished.get().is_some() on:click=finish>"Finish attempt"</button>
                {move || finished.get().map(|result| {
                    let passed = result + 1e-9 >= pass_mark;
                    let correct = (result * total as f64).round() as usize;
                    view! {
                        <div class=if passed { "quiz-result passed" } else { "quiz-result failed" } role="status" data-testid="quiz-result" id=result_id.clone() tabindex="-1">
                            <p><strong>{if passed { "✓ Passed" } else { "✗ Not passed yet" }}</strong>
                                {format!(": {correct} of {total} correct ({}).", engine::format::whole_percent(result))}
                                {if passed && checkpoint { " This module is now marked completed." } else { "" }}</p>
                            {(!passed || correct < total).then(|| view! {
                                <button type="button" class="secondary" data-testid="quiz-retry" on:click=move |_| retry_wrong.run(())>"Retry the wrong ones"</button>
                            })}
                        </div>
                    }
                })}
            </div>
        </section>
    }
}

/// The id of a question's list item, where focus goes when it is retried.
pub fn question_item_id(quiz_id: &str, question_id: &str) -> String {
    format!("{quiz_id}-{question_id}-item")
}
