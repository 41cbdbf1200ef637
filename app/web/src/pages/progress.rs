//! The learner's progress per module, and where it is stored.

use crate::context::{use_course, use_progress};
use crate::storage::Backend;
use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn ProgressPage() -> impl IntoView {
    let Some(course) = use_course() else {
        return ().into_any();
    };
    crate::dom::set_title(&format!("Progress · {}", course.manifest.title));
    let store = use_progress();
    let rows = course
        .manifest
        .modules
        .iter()
        .map(|entry| {
            let slug = entry.slug.clone();
            let row_id = format!("progress-row-{slug}");
            let href = Route::Module {
                slug: slug.clone(),
                section: None,
            }
            .href();
            let slug_for_scores = slug.clone();
            let scores = move || {
                store
                    .progress
                    .with(|p| attempts_text(&p.get(&slug_for_scores)))
            };
            // One status column, with the sidebar's marks and a word beside
            // each, so a phone shows the whole table and no state is a bare mark.
            let status = move || {
                store.progress.with(|p| {
                    let m = p.get(&slug);
                    if m.completed {
                        "✓ Completed"
                    } else if m.visited {
                        "◐ Started"
                    } else {
                        "○ Not started"
                    }
                })
            };
            view! {
                <tr data-testid=row_id>
                    <th scope="row"><a href=href>{entry.title.clone()}</a></th>
                    <td data-testid="progress-status">{status}</td>
                    <td>{scores}</td>
                </tr>
            }
        })
        .collect_view();
    // The scenario-card checkpoint keeps its own attempts, apart from module
    // 8's quiz, so it gets its own row rather than hiding behind the module's.
    let matching_row = {
        let href = Route::Lab {
            widget: engine::scenario_quiz::SLUG.to_string(),
        }
        .href();
        let key = engine::scenario_quiz::PROGRESS_KEY;
        view! {
            <tr data-testid="progress-row-matching-checkpoint">
                <th scope="row"><a href=href>"Matching checkpoint (scenario cards)"</a></th>
                <td data-testid="progress-status">{move || store.progress.with(|p| {
                    let m = p.get(key);
                    // A round with every scenario matched marks it completed.
                    if m.completed { "✓ All matched" } else if m.attempts > 0 { "◐ Attempted" } else { "○ Not started" }
                })}</td>
                <td data-testid="progress-attempts">{move || store.progress.with(|p| attempts_text(&p.get(key)))}</td>
            </tr>
        }
    };
    let where_saved = match store.backend() {
        Backend::Local => {
            "Progress is saved in this browser's local storage. It never leaves your device."
        }
        Backend::Memory => {
            "Storage is blocked in this browser, so progress lasts only until this tab closes."
        }
    };
    view! {
        <article class="progress-page" data-testid="progress-page">
            <h1>"Your progress"</h1>
            <p>{where_saved}</p>
            <div class="table-scroll" role="region" aria-label="Progress by module" tabindex="0">
                <table>
                    <thead><tr><th scope="col">"Module"</th><th scope="col">"Status"</th><th scope="col">"Module quiz"</th></tr></thead>
                    <tbody>{rows}{matching_row}</tbody>
                </table>
            </div>
            <crate::island::Island spec=crate::island::IslandSpec::ProgressTools />
        </article>
    }
    .into_any()
}

/// "No attempts", "1 attempt · 63%" or "3 attempts · best 88% · latest 75%".
fn attempts_text(m: &course::progress::ModuleProgress) -> String {
    let pct = |v: Option<f64>| {
        v.map(engine::format::whole_percent)
            .unwrap_or_else(|| "—".to_string())
    };
    match m.attempts {
        0 => "No attempts".to_string(),
        1 => format!("1 attempt · {}", pct(m.latest_score)),
        n => format!(
            "{n} attempts · best {} · latest {}",
            pct(m.best_score),
            pct(m.latest_score)
        ),
    }
}

/// The attempt history, the transfer of progress between browsers and the
/// results report. They run in the islands module: the reading shell needs
/// none of their code to show the table above.
#[component]
pub fn ProgressTools() -> impl IntoView {
    let Some(course) = use_course() else {
        return ().into_any();
    };
    view! {
        <crate::pages::history::AttemptHistory modules=reported_parts(&course.manifest) />
        <Transfer course_id=course.manifest.id.clone() modules=reported_parts(&course.manifest) />
    }
    .into_any()
}

/// What the history and the results report cover: every module, then the
/// scenario-card matching checkpoint, which keeps its own attempts.
fn reported_parts(manifest: &course::Manifest) -> Vec<(String, String)> {
    manifest
        .modules
        .iter()
        .map(|m| (m.slug.clone(), m.title.clone()))
        .chain(std::iter::once((
            engine::scenario_quiz::PROGRESS_KEY.to_string(),
            "Matching checkpoint (scenario cards)".to_string(),
        )))
        .collect()
}

/// Export to a file and import from one, to move progress between browsers,
/// and a results report (CSV) for an instructor.
#[component]
fn Transfer(course_id: String, modules: Vec<(String, String)>) -> impl IntoView {
    let store = use_progress();
    let status = RwSignal::new(None::<(bool, String)>);
    let learner = RwSignal::new(String::new());
    let export_id = course_id.clone();
    let export = move |_| {
        let now = crate::dom::now_iso();
        let text = store.progress.with_untracked(|p| {
            course::transfer::export(&export_id, &learner.get_untracked(), &now, p)
        });
        let saved = crate::dom::download(
            &format!("{export_id}-progress.json"),
            "application/json",
            &text,
        );
        status.set(Some(if saved {
            (
                true,
                "Saved your progress to a file. Import it on this page in another browser."
                    .to_string(),
            )
        } else {
            (false, "This browser would not save the file.".to_string())
        }));
    };
    let report_id = course_id.clone();
    let report = move |_| {
        let now = crate::dom::now_iso();
        let csv = store.progress.with_untracked(|p| {
            course::transfer::results_csv(&report_id, &learner.get_untracked(), &now, &modules, p)
        });
        let saved = crate::dom::download(&format!("{report_id}-results.csv"), "text/csv", &csv);
        status.set(Some(if saved {
            (
                true,
                "Saved a results report (CSV) for your instructor.".to_string(),
            )
        } else {
            (false, "This browser would not save the file.".to_string())
        }));
    };
    let import = move |ev: leptos::ev::Event| {
        let course_id = course_id.clone();
        let Some(file) = crate::dom::chosen_file(&ev) else {
            return;
        };
        leptos::task::spawn_local(async move {
            let Some(text) = crate::dom::file_text(&file).await else {
                status.try_set(Some((false, "The file could not be read.".to_string())));
                return;
            };
            match course::transfer::read_export(&course_id, &text) {
                Ok(imported) => {
                    store.import(&imported);
                    status.try_set(Some((true, "Imported. Progress from the file was merged with this browser's; nothing was lost.".to_string())));
                }
                Err(error) => {
                    status.try_set(Some((false, error.to_string())));
                }
            }
        });
    };
    view! {
        <section class="transfer" aria-labelledby="transfer-heading">
            <h2 id="transfer-heading">"Move your progress, or report it"</h2>
            <p>"Export a file here and import it in another browser; importing merges, so it never removes what you have done. The results report is a CSV your instructor can open in a spreadsheet; both carry a checksum that shows if they were changed."</p>
            <div class="field">
                <label for="learner-name">"Your name on the report (optional)"</label>
                <input id="learner-name" type="text" autocomplete="name" data-testid="learner-name"
                    prop:value=move || learner.get() on:input=move |ev| learner.set(event_target_value(&ev)) />
            </div>
            <div class="transfer-actions">
                <button type="button" data-testid="export-progress" on:click=export>"Export progress (JSON)"</button>
                <button type="button" class="secondary" data-testid="export-report" on:click=report>"Results report (CSV)"</button>
            </div>
            <div class="field import-field">
                <label for="import-progress">"Import a progress file"</label>
                <input id="import-progress" type="file" accept="application/json,.json" data-testid="import-progress" on:change=import />
            </div>
            <p role="status" data-testid="transfer-status">{move || status.get().map(|(ok, message)| view! {
                <span aria-hidden="true">{if ok { "✓ " } else { "⚠ " }}</span>{message}
            })}</p>
        </section>
    }
}
