//! A module: front matter, table of contents, rendered blocks, prev/next links.

use crate::blocks::Blocks;
use crate::content::ModuleSlot;
use crate::context::{use_course, use_location, use_progress};
use crate::pages::not_found::NotFoundPage;
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
        <CompleteButton slug=slug.clone() />
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
            <div class="module-body">
                <Blocks blocks=module.blocks.clone() module=module.clone() />
                {placed_elsewhere(&module)}
            </div>
        </article>
    }
}

/// A module with a quiz but no `quiz` fence gets it at the end.
fn placed_elsewhere(module: &Arc<Module>) -> Option<impl IntoView> {
    let placed = module
        .blocks
        .iter()
        .any(|block| matches!(block, course::Block::Quiz { .. }));
    let slug = module.front.slug.clone();
    if placed || !crate::blocks::has_quiz(&slug) {
        return None;
    }
    let spec = crate::island::IslandSpec::Quiz {
        module: slug,
        fence: None,
        line: 0,
    };
    Some(view! { <crate::island::Island spec=spec /> })
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
    let items = module
        .toc
        .iter()
        .map(|heading| {
            let href = Route::Module { slug: slug.clone(), section: Some(heading.id.clone()) }.href();
            view! { <li class=format!("toc-level-{}", heading.level)><a href=href>{heading.text.clone()}</a></li> }
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
