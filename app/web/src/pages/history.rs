//! Each module's stored checkpoint attempts: when, the score, and which
//! answers were wrong, so a learner sees what to revisit before retrying.

use crate::context::use_progress;
use leptos::prelude::*;

#[component]
pub fn AttemptHistory(modules: Vec<(String, String)>) -> impl IntoView {
    let store = use_progress();
    let slugs: Vec<String> = modules.iter().map(|(slug, _)| slug.clone()).collect();
    let sections = move || {
        store.progress.with(|progress| {
            modules
                .iter()
                .filter_map(|(slug, title)| {
                    let module = progress.get(slug);
                    (!module.history.is_empty()).then(|| history_of(slug, title, &module))
                })
                .collect_view()
        })
    };
    let none_yet = move || {
        store
            .progress
            .with(|p| slugs.iter().all(|slug| p.get(slug).history.is_empty()))
    };
    view! {
        <section class="attempt-history" aria-labelledby="history-heading">
            <h2 id="history-heading">"Checkpoint attempts"</h2>
            <p>"The most recent attempts per module, with the time (UTC) and the questions answered wrongly. The results report below lists every answer."</p>
            {move || none_yet().then(|| view! { <p data-testid="history-empty">"No checkpoint attempts yet."</p> })}
            {sections}
        </section>
    }
}

fn history_of(slug: &str, title: &str, module: &course::progress::ModuleProgress) -> impl IntoView {
    let first = (module.attempts as usize).saturating_sub(module.history.len()) + 1;
    let rows = (first..)
        .zip(&module.history)
        .map(|(number, attempt)| {
            let wrong: Vec<String> = attempt
                .answers
                .iter()
                .filter(|answer| !answer.correct)
                .map(|answer| format!("{} (you answered “{}”)", answer.question, answer.answer))
                .collect();
            let wrong = if wrong.is_empty() {
                "none".to_string()
            } else {
                wrong.join("; ")
            };
            view! {
                <tr>
                    <th scope="row">{number}</th>
                    <td>{short_time(&attempt.at)}</td>
                    <td>{engine::format::whole_percent(attempt.score)}</td>
                    <td>{if attempt.passed { "✓ Passed" } else { "— Not passed" }}</td>
                    <td>{wrong}</td>
                </tr>
            }
        })
        .collect_view();
    let summary = format!(
        "{title}: {}",
        engine::format::count(u64::from(module.attempts), "attempt", "attempts")
    );
    view! {
        <details data-testid=format!("history-{slug}")>
            <summary>{summary}</summary>
            <div class="table-scroll" role="region" aria-label=format!("Attempts at {title}") tabindex="0">
                <table>
                    <thead><tr>
                        <th scope="col">"#"</th><th scope="col">"Finished (UTC)"</th><th scope="col">"Score"</th>
                        <th scope="col">"Result"</th><th scope="col">"Wrong answers"</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </details>
    }
}

/// `2026-12-02T10:04:05.123Z` as `2026-12-02 10:04`; anything else as it is.
fn short_time(iso: &str) -> String {
    match (iso.get(..10), iso.get(11..16)) {
        (Some(date), Some(time)) if iso.len() >= 16 => format!("{date} {time}"),
        _ => iso.to_string(),
    }
}
