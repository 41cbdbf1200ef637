//! Matching and ordering questions. Both work with a mouse by drag and drop
//! and with a keyboard alone: matching through a drop-down per item, ordering
//! through "move up" and "move down" buttons, so neither depends on dragging.

use super::QuestionState;
use engine::quiz::{option_order, Question};
use leptos::prelude::*;

#[component]
pub fn MatchingInputs(
    question: Question,
    idx: usize,
    states: RwSignal<Vec<QuestionState>>,
    name: String,
    quiz_id: String,
    attempt: u32,
) -> impl IntoView {
    let count = question.pairs.len();
    // The right-hand items are shuffled per attempt, like options.
    let rights = option_order(&quiz_id, &format!("{}-right", question.id), attempt, count);
    let locked = move || states.with(|s| s.get(idx).is_some_and(|q| q.verdict.is_some()));
    let dragging = RwSignal::new(None::<usize>);
    let assign = move |left: usize, right: Option<usize>| {
        states.update(|s| {
            if let Some(q) = s.get_mut(idx) {
                if q.pairs.len() != count {
                    q.pairs = vec![None; count];
                }
                if let Some(slot) = q.pairs.get_mut(left) {
                    *slot = right;
                }
            }
        });
    };
    let chosen = move |left: usize| {
        states.with(|s| {
            s.get(idx)
                .and_then(|q| q.pairs.get(left).copied().flatten())
        })
    };
    let chips = rights
        .iter()
        .filter_map(|r| question.pairs.get(*r).map(|pair| (*r, pair.right.clone())))
        .map(|(r, text)| {
            view! {
                <li class="chip" draggable=move || (!locked()).to_string() data-testid=format!("chip-{}", r + 1)
                    on:dragstart=move |_| dragging.set(Some(r)) on:dragend=move |_| dragging.set(None)>{text}</li>
            }
        })
        .collect_view();
    let rows = question
        .pairs
        .iter()
        .enumerate()
        .map(|(left, pair)| {
            let select_id = format!("{name}-match-{left}");
            let options = rights
                .iter()
                .filter_map(|r| question.pairs.get(*r).map(|p| (*r, p.right.clone())))
                .map(|(r, text)| view! { <option value=r.to_string() selected=move || chosen(left) == Some(r)>{text}</option> })
                .collect_view();
            view! {
                <li class="match-row" data-testid=format!("match-{}", left + 1)
                    on:dragover=move |ev| ev.prevent_default()
                    on:drop=move |ev| { ev.prevent_default(); if !locked() { if let Some(r) = dragging.get_untracked() { assign(left, Some(r)); } } }>
                    <label for=select_id.clone()>{pair.left.clone()}</label>
                    <select id=select_id data-testid=format!("match-select-{}", left + 1) disabled=locked
                        on:change=move |ev| assign(left, event_target_value(&ev).parse::<usize>().ok())>
                        <option value="" selected=move || chosen(left).is_none()>"Choose…"</option>
                        {options}
                    </select>
                </li>
            }
        })
        .collect_view();
    view! {
        <li class="matching">
            <p class="hint">"Drag an item onto its partner, or choose it from the list under each one."</p>
            <ul class="chips" aria-label="Items to match">{chips}</ul>
            <ol class="match-rows">{rows}</ol>
        </li>
    }
}

#[component]
pub fn OrderingInputs(
    question: Question,
    idx: usize,
    states: RwSignal<Vec<QuestionState>>,
    name: String,
    quiz_id: String,
    attempt: u32,
) -> impl IntoView {
    let count = question.items.len();
    let start = option_order(&quiz_id, &question.id, attempt, count);
    // The shuffled start is the learner's first order; it is an answer like any other.
    states.update_untracked(|s| {
        if let Some(q) = s.get_mut(idx) {
            if q.order.len() != count {
                q.order = start.clone();
            }
        }
    });
    let locked = move || states.with(|s| s.get(idx).is_some_and(|q| q.verdict.is_some()));
    let dragging = RwSignal::new(None::<usize>);
    let move_item = move |from: usize, to: usize| {
        states.update(|s| {
            if let Some(q) = s.get_mut(idx) {
                if from < q.order.len() && to < q.order.len() {
                    let item = q.order.remove(from);
                    q.order.insert(to, item);
                }
            }
        });
    };
    let items = question.items.clone();
    let list_id = format!("{name}-order");
    move || {
        let order = states.with(|s| s.get(idx).map(|q| q.order.clone()).unwrap_or_default());
        let rows = order
            .iter()
            .enumerate()
            .map(|(position, item)| {
                let text = items.get(*item).cloned().unwrap_or_default();
                let up_label = format!("Move “{text}” up");
                let down_label = format!("Move “{text}” down");
                view! {
                    <li class="order-row" draggable=move || (!locked()).to_string() data-testid=format!("order-{}", position + 1)
                        on:dragstart=move |_| dragging.set(Some(position))
                        on:dragover=move |ev| ev.prevent_default()
                        on:drop=move |ev| { ev.prevent_default(); if !locked() { if let Some(from) = dragging.get_untracked() { move_item(from, position); } } }>
                        <span class="order-text">{text}</span>
                        <button type="button" class="secondary" aria-label=up_label data-testid="move-up"
                            disabled=move || locked() || position == 0 on:click=move |_| move_item(position, position.saturating_sub(1))>"↑"</button>
                        <button type="button" class="secondary" aria-label=down_label data-testid="move-down"
                            disabled=move || locked() || position + 1 == count on:click=move |_| move_item(position, position + 1)>"↓"</button>
                    </li>
                }
            })
            .collect_view();
        view! {
            <li class="ordering">
                <p class="hint">"Drag the items into order, or use the arrow buttons beside each."</p>
                <ol class="order-rows" id=list_id.clone()>{rows}</ol>
            </li>
        }
    }
}
