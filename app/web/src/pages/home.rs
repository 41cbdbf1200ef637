//! The course map: every module with its summary, time and progress.

use crate::content::LoadedCourse;
use crate::context::use_progress;
use course::route::Route;
use leptos::prelude::*;

#[component]
pub fn HomePage() -> impl IntoView {
    let Some(course) = use_context::<LoadedCourse>() else {
        return ().into_any();
    };
    crate::dom::set_title(&course.manifest.title);
    let store = use_progress();
    let total = course.modules.len();
    let slugs: Vec<String> = course
        .modules
        .iter()
        .map(|m| m.front.slug.clone())
        .collect();
    let completed = Memo::new(move |_| {
        store
            .progress
            .with(|p| slugs.iter().filter(|slug| p.get(slug).completed).count())
    });
    let words_per_minute = course.words_per_minute();
    let cards = course
        .modules
        .iter()
        .enumerate()
        .map(|(idx, module)| {
            let slug = module.front.slug.clone();
            let href = Route::Module { slug: slug.clone(), section: None }.href();
            let reading = module.reading_minutes(words_per_minute);
            let status = move || {
                let entry = store.progress.with(|p| p.get(&slug));
                if entry.completed {
                    "✓ Completed"
                } else if entry.visited {
                    "◐ Started"
                } else {
                    "○ Not started"
                }
            };
            view! {
                <li class="module-card">
                    <h3><a href=href>{format!("{}. {}", idx + 1, module.front.title)}</a></h3>
                    <p>{module.front.summary.clone()}</p>
                    <p class="meta">
                        <span data-testid="module-status">{status}</span>
                        " · "{format!("{reading} min read · about {} min with activities", module.front.minutes)}
                    </p>
                </li>
            }
        })
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
