//! Chrome-less pages for iframes: `#/embed/widget/SLUG` and
//! `#/embed/quiz/MODULE` (a module's checkpoint quiz, by module slug or quiz id).

use crate::content::ModuleSlot;
use crate::context::use_course;
use crate::pages::not_found::NotFoundPage;
use crate::quiz::QuizView;
use crate::widgets::{Widget, WidgetMount};
use leptos::prelude::*;

#[component]
pub fn EmbedPage(kind: String, id: String) -> impl IntoView {
    match (kind.as_str(), engine::widgets::find(&id)) {
        ("widget", Some(spec)) => view! {
            <article class="embed" data-testid="embed">
                <h1 class="embed-title">{spec.title}</h1>
                <Widget mount=WidgetMount::standalone(spec.slug) />
            </article>
        }
        .into_any(),
        ("quiz", _) => view! { <EmbeddedQuiz id=id /> }.into_any(),
        _ => view! { <NotFoundPage path=format!("/embed/{kind}/{id}") /> }.into_any(),
    }
}

#[component]
fn EmbeddedQuiz(id: String) -> impl IntoView {
    let Some(course) = use_course() else {
        return view! { <NotFoundPage path=format!("/embed/quiz/{id}") /> }.into_any();
    };
    let path = format!("/embed/quiz/{id}");
    let body = move || {
        // The id is a module slug, or a quiz id found among the loaded modules.
        let by_slug = course.entry(&id).map(|entry| entry.slug.clone());
        let slug = by_slug.or_else(|| {
            course.modules.with(|slots| {
                slots.iter().find_map(|(slug, slot)| match slot {
                    ModuleSlot::Ready(module)
                        if module.quiz.as_ref().is_some_and(|q| q.id == id) =>
                    {
                        Some(slug.clone())
                    }
                    _ => None,
                })
            })
        });
        let loading = course
            .modules
            .with(|slots| slots.values().any(|s| matches!(s, ModuleSlot::Loading)));
        match slug.as_ref().map(|slug| (slug.clone(), course.slot(slug))) {
            Some((slug, Some(ModuleSlot::Ready(module)))) => match module.quiz.clone() {
                Some(quiz) => view! {
                    <article class="embed" data-testid="embed">
                        <QuizView quiz=quiz slug=slug />
                    </article>
                }
                .into_any(),
                None => view! { <NotFoundPage path=path.clone() /> }.into_any(),
            },
            Some((_, Some(ModuleSlot::Failed(message)))) => {
                view! { <p role="alert">{message}</p> }.into_any()
            }
            None if !loading => view! { <NotFoundPage path=path.clone() /> }.into_any(),
            _ => view! { <p role="status">"Loading the quiz…"</p> }.into_any(),
        }
    };
    view! { {body} }.into_any()
}
