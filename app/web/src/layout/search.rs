//! The course search box: results as you type, from every loaded module.

use crate::content::ModuleSlot;
use crate::context::use_course;
use course::route::Route;
use course::search::{search, Hit};
use leptos::prelude::*;

#[component]
pub fn SearchBox() -> impl IntoView {
    let query = RwSignal::new(String::new());
    let hits = Memo::new(move |_| {
        let Some(course) = use_course() else {
            return Vec::<Hit>::new();
        };
        let text = query.get();
        course.modules.with(|slots| {
            let ready: Vec<&course::Module> = slots
                .values()
                .filter_map(|slot| match slot {
                    ModuleSlot::Ready(module) => Some(module.as_ref()),
                    _ => None,
                })
                .collect();
            search(&ready, &text, 8)
        })
    });
    let active = move || query.with(|q| q.trim().chars().count() >= 2);
    view! {
        <form class="search" role="search" on:submit=|ev| ev.prevent_default()>
            <label for="course-search" class="visually-hidden">"Search the course"</label>
            <input id="course-search" type="search" placeholder="Search the course" autocomplete="off" data-testid="search-input"
                prop:value=move || query.get()
                on:input=move |ev| query.set(event_target_value(&ev))
                on:keydown=move |ev| if ev.key() == "Escape" { query.set(String::new()); } />
            <div class="search-results" hidden=move || !active() data-testid="search-results">
                <p class="meta" role="status">{move || match hits.with(Vec::len) { 0 => "No matches.".to_string(), 1 => "1 match".to_string(), n => format!("{n} matches") }}</p>
                <ul>
                    {move || hits.get().into_iter().map(|hit| {
                        let section = (!hit.section.is_empty()).then(|| hit.section.clone());
                        let href = Route::Module { slug: hit.slug.clone(), section }.href();
                        view! {
                            <li>
                                <a href=href on:click=move |_| query.set(String::new())>
                                    <span class="search-heading">{hit.heading.clone()}</span>
                                    <span class="search-module">{hit.module_title.clone()}</span>
                                    <span class="search-excerpt">{hit.excerpt.clone()}</span>
                                </a>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </div>
        </form>
    }
}
