//! A module: front matter, table of contents, rendered blocks, prev/next links.

use crate::blocks::Blocks;
use crate::content::ModuleSlot;
use crate::context::{use_course, use_location, use_progress};
use crate::island::{Island, IslandSpec};
use crate::pages::not_found::NotFoundPage;
use course::module::Heading;
use course::route::Route;
use course::Module;
use leptos::prelude::*;
use std::sync::Arc;

/// What the module page shows: the module once loaded, or why it failed.
type ModuleView = Result<Option<Arc<Module>>, String>;

#[component]
pub fn ModulePage(slug: String) -> impl IntoView {
    let Some(course) = use_course() else {
        return ().into_any();
    };
    if course.entry(&slug).is_none() {
        return view! { <NotFoundPage path=format!("/m/{slug}") /> }.into_any();
    }
    use_progress().visit(&slug);
    let slot_course = course.clone();
    let slot_slug = slug.clone();
    let slot = Memo::new(
        move |shown: Option<&ModuleView>| match slot_course.slot(&slot_slug) {
            // The page keeps the module it shows when the same module arrives with its
            // catalogue quotes resolved: `quotes::fill` writes them into the page.
            Some(ModuleSlot::Ready(module)) => match shown {
                Some(Ok(Some(shown))) if shown.resolves_to(&module) => Ok(Some(shown.clone())),
                _ => Ok(Some(module)),
            },
            Some(ModuleSlot::Failed(reason)) => Err(reason),
            _ => Ok(None),
        },
    );
    let readable = Memo::new(move |_| slot.with(|shown| matches!(shown, Ok(Some(_)))));
    let (previous, next) = course.neighbours(&slug);
    let previous = previous.map(|m| (m.slug.clone(), m.title.clone()));
    let next = next.map(|m| (m.slug.clone(), m.title.clone()));
    let course_title = course.manifest.title.clone();
    view! {
        {move || match slot.get() {
            Ok(Some(module)) => view! { <ModuleBody module=module course_title=course_title.clone() /> }.into_any(),
            Ok(None) => view! { <p class="boot-message" role="status">"Loading the module…"</p> }.into_any(),
            Err(reason) => view! {
                <article class="load-error" role="alert" data-testid="load-error">
                    <h1>"This module could not be loaded"</h1>
                    <pre>{reason}</pre>
                </article>
            }.into_any(),
        }}
        // A module that failed to load, or has not arrived, cannot be read,
        // so it offers no way to mark it completed.
        {move || readable.get().then(|| view! { <CompleteButton slug=slug.clone() /> })}
        <PrevNext previous=previous next=next />
    }
    .into_any()
}

#[component]
fn ModuleBody(module: Arc<Module>, course_title: String) -> impl IntoView {
    crate::dom::set_title(&format!("{} · {course_title}", module.front.title));
    let course = use_course();
    let words_per_minute = course.as_ref().map_or(200, |c| c.words_per_minute());
    let minutes = module.front.minutes;
    // The stored module, not the shown one: a page shown with pending quotes
    // counts each as one word until the resolved module arrives.
    let slug = module.front.slug.clone();
    let shown = module.clone();
    let reading = move || {
        let current = course.as_ref().and_then(|c| c.ready(&slug));
        let reading = current
            .as_ref()
            .unwrap_or(&shown)
            .reading_minutes(words_per_minute);
        format!("{reading} min read · about {minutes} min with activities")
    };
    let location = use_location();
    let section = Memo::new(move |_| match location.with(|l| l.route.clone()) {
        Route::Module { section, .. } => section,
        _ => None,
    });
    // Scrolling is a sync with the outside world (the viewport), so it is an Effect.
    // It runs once the module is in the DOM; the performance mark feeds the benchmark.
    Effect::new(move |_| {
        crate::dom::mark_once("first-module-text");
        if let Some(id) = section.get() {
            crate::dom::focus_section(&id);
        }
    });
    if module.quotes_pending > 0 {
        if let Some(course) = use_course() {
            let catalogue = course.catalogue;
            // Filling the page's pending quotes syncs the DOM with the catalogue.
            Effect::new(move |_| {
                if let Some(catalogue) = catalogue.get() {
                    crate::quotes::fill(&catalogue);
                }
            });
        }
    }
    view! {
        <article class="module" data-testid="module">
            <header class="module-header">
                <h1 data-testid="module-title">{module.front.title.clone()}</h1>
                <p class="lede">{module.front.summary.clone()}</p>
                <p class="meta">{reading}</p>
                <Objectives objectives=module.front.objectives.clone() />
            </header>
            <Toc module=module.clone() />
            <div class="module-body">{body(&module)}</div>
        </article>
    }
}

/// The id of the checkpoint placed by the page, for the table of contents.
const PLACED_QUIZ_ID: &str = "checkpoint-quiz";

/// The module's blocks, with a quiz that has no `quiz` fence placed before the
/// Sources list (or at the end when there is none): a learner reaches the
/// checkpoint at the close of the reading, not after the references.
fn body(module: &Arc<Module>) -> impl IntoView {
    let places = places_quiz(module);
    let split = match (places, module.sources_block) {
        (true, Some(at)) => at.min(module.blocks.len()),
        _ => module.blocks.len(),
    };
    let (reading, sources) = module.blocks.split_at(split);
    let quiz = places.then(|| {
        let spec = IslandSpec::Quiz {
            module: module.front.slug.clone(),
            fence: None,
            line: 0,
        };
        // The wrapper carries the contents entry's target from the first paint,
        // before the quiz itself has loaded.
        view! { <div id=PLACED_QUIZ_ID tabindex="-1"><Island spec=spec /></div> }
    });
    view! {
        <Blocks blocks=reading.to_vec() module=module.clone() />
        {quiz}
        <Blocks blocks=sources.to_vec() module=module.clone() />
    }
}

/// Whether the page places the module's quiz: one is listed and no `quiz`
/// fence placed it.
fn places_quiz(module: &Module) -> bool {
    let placed = module
        .blocks
        .iter()
        .any(|block| matches!(block, course::Block::Quiz { .. }));
    !placed && crate::blocks::has_quiz(&module.front.slug)
}

#[component]
fn Objectives(objectives: Vec<String>) -> impl IntoView {
    let items = objectives
        .into_iter()
        .map(|objective| view! { <li>{objective}</li> })
        .collect_view();
    view! {
        <section class="objectives" aria-labelledby="objectives-heading">
            <h2 id="objectives-heading">"You will be able to"</h2>
            <ul>{items}</ul>
        </section>
    }
}

#[component]
fn Toc(module: Arc<Module>) -> impl IntoView {
    if module.toc.is_empty() {
        return ().into_any();
    }
    let slug = module.front.slug.clone();
    let mut entries = module.toc.clone();
    if places_quiz(&module) {
        // Before the Sources entry, where `body` puts the quiz.
        let at = module
            .sources_block
            .and_then(|_| {
                entries
                    .iter()
                    .position(|h| h.level == 2 && h.text.trim().eq_ignore_ascii_case("sources"))
            })
            .unwrap_or(entries.len());
        let checkpoint = Heading {
            level: 2,
            id: PLACED_QUIZ_ID.to_string(),
            text: "Checkpoint quiz".to_string(),
        };
        entries.insert(at, checkpoint);
    }
    let items = entries
        .into_iter()
        .map(|heading| {
            let href = Route::Module { slug: slug.clone(), section: Some(heading.id) }.href();
            view! { <li class=format!("toc-level-{}", heading.level)><a href=href>{heading.text}</a></li> }
        })
        .collect_view();
    view! {
        <nav class="toc" aria-labelledby="toc-heading" data-testid="toc">
            <h2 id="toc-heading">"On this page"</h2>
            <ul>{items}</ul>
        </nav>
    }
    .into_any()
}

#[component]
fn CompleteButton(slug: String) -> impl IntoView {
    let store = use_progress();
    let slug_for_state = slug.clone();
    let completed = Memo::new(move |_| store.progress.with(|p| p.get(&slug_for_state).completed));
    view! {
        <div class="complete-row">
            <button
                type="button"
                data-testid="complete-button"
                aria-pressed=move || completed.get().to_string()
                on:click=move |_| store.set_completed(&slug, !completed.get_untracked())
            >
                {move || if completed.get() { "✓ Completed — mark as not done" } else { "Mark this module as completed" }}
            </button>
        </div>
    }
}

#[component]
fn PrevNext(previous: Option<(String, String)>, next: Option<(String, String)>) -> impl IntoView {
    let link = |target: Option<(String, String)>, rel: &'static str, label: &'static str| {
        target.map(|(slug, title)| {
            let href = Route::Module { slug, section: None }.href();
            view! {
                <a class=format!("pager-{rel}") rel=rel href=href data-testid=format!("pager-{rel}")>
                    <span class="pager-label">{label}</span>
                    <span class="pager-title">{title}</span>
                </a>
            }
        })
    };
    view! {
        <nav class="pager" aria-label="Previous and next module">
            {link(previous, "prev", "← Previous")}
            {link(next, "next", "Next →")}
        </nav>
    }
}
