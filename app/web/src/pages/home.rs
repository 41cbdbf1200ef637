//! The course map: every module with its summary, time and progress.

use crate::content::{LoadedCourse, ModuleSlot};
use crate::context::{use_course, use_progress};
use course::manifest::ModuleEntry;
use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn HomePage() -> impl IntoView {
    let Some(course) = use_course() else {
        return ().into_any();
    };
    crate::dom::set_title(&course.manifest.title);
    let store = use_progress();
    let total = course.manifest.modules.len();
    let slugs: Vec<String> = course
        .manifest
        .modules
        .iter()
        .map(|m| m.slug.clone())
        .collect();
    let completed = Memo::new(move |_| {
        store
            .progress
            .with(|p| slugs.iter().filter(|slug| p.get(slug).completed).count())
    });
    let cards = course
        .manifest
        .modules
        .iter()
        .enumerate()
        .map(|(idx, entry)| view! { <ModuleCard number=idx + 1 entry=entry.clone() course=course.clone() /> })
        .collect_view();
    view! {
        <article class="home" data-testid="home">
            <h1>{course.manifest.title.clone()}</h1>
            <p class="lede">{course.manifest.subtitle.clone()}</p>
            <section aria-labelledby="course-progress-heading" class="course-progress">
                <h2 id="course-progress-heading">"Your progress"</h2>
                <p data-testid="course-progress-text">
                    {move || format!("{} of {total} modules completed", completed.get())}
                </p>
                <progress max=total.to_string() value=move || completed.get().to_string() aria-labelledby="course-progress-heading"></progress>
            </section>
            <section aria-labelledby="modules-heading">
                <h2 id="modules-heading">"Course map"</h2>
                <ol class="module-cards">{cards}</ol>
            </section>
        </article>
    }
    .into_any()
}

#[component]
fn ModuleCard(number: usize, entry: ModuleEntry, course: LoadedCourse) -> impl IntoView {
    let store = use_progress();
    let href = Route::Module {
        slug: entry.slug.clone(),
        section: None,
    }
    .href();
    let slug = entry.slug.clone();
    let status = move || {
        let progress = store.progress.with(|p| p.get(&slug));
        if progress.completed {
            "✓ Completed"
        } else if progress.visited {
            "◐ Started"
        } else {
            "○ Not started"
        }
    };
    let words_per_minute = course.words_per_minute();
    let slug_for_details = entry.slug.clone();
    let details = Memo::new(move |_| match course.slot(&slug_for_details) {
        Some(ModuleSlot::Ready(module)) => {
            let reading = module.reading_minutes(words_per_minute);
            (
                module.front.summary.clone(),
                format!(
                    " · {reading} min read · about {} min with activities",
                    module.front.minutes
                ),
            )
        }
        Some(ModuleSlot::Failed(_)) => (
            "This module could not be loaded.".to_string(),
            String::new(),
        ),
        _ => ("Loading…".to_string(), String::new()),
    });
    view! {
        <li class="module-card">
            <h3><a href=href>{format!("{number}. {}", entry.title)}</a></h3>
            <p>{move || details.get().0}</p>
            <p class="meta"><span data-testid="module-status">{status}</span>{move || details.get().1}</p>
        </li>
    }
}
