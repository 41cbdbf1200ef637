//! The problems an instructor's edit made in the shared content files, shown
//! beside the widgets that read them. A learner sees the same note, which is
//! honest: the widget below it is missing what the broken rows held.

use crate::content::ContentProblems;
use crate::context::use_course;
use leptos::prelude::*;

/// How many problems the note lists before pointing to `lab check content`.
const SHOWN: usize = 4;

/// Which shared file a widget reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SharedFile {
    Catalogue,
    Scenarios,
}

impl SharedFile {
    fn problems(self, found: &ContentProblems) -> Vec<String> {
        match self {
            SharedFile::Catalogue => found.catalogue.clone(),
            SharedFile::Scenarios => found.scenarios.clone(),
        }
    }

    fn lead(self) -> &'static str {
        match self {
            SharedFile::Catalogue => "The hardware catalogue has",
            SharedFile::Scenarios => "The scenario cards have",
        }
    }

    fn left_out(self) -> &'static str {
        match self {
            SharedFile::Catalogue => "a part with a problem is left out of every widget",
            SharedFile::Scenarios => "a card with a problem is left out of the quiz",
        }
    }
}

/// Nothing when the file read cleanly; otherwise an authoring error naming
/// the first few problems by file and line.
#[component]
pub fn ContentProblemsNote(file: SharedFile) -> impl IntoView {
    let problems = Memo::new(move |_| {
        use_course()
            .map(|course| course.content_problems.with(|found| file.problems(found)))
            .unwrap_or_default()
    });
    move || {
        let problems = problems.get();
        (!problems.is_empty()).then(|| {
            let count = problems.len();
            let more = count.saturating_sub(SHOWN);
            view! {
                <div class="authoring-error" role="alert" data-testid="content-problems">
                    <strong><span aria-hidden="true">"⚠ "</span>"Authoring error: "</strong>
                    {format!(
                        "{} {count} problem{}; {}. Fix {}, then reload.",
                        file.lead(),
                        if count == 1 { "" } else { "s" },
                        file.left_out(),
                        if count == 1 { "it" } else { "them" },
                    )}
                    <ul>{problems.into_iter().take(SHOWN).map(|problem| view! { <li><code>{problem}</code></li> }).collect_view()}</ul>
                    {(more > 0).then(|| view! {
                        <p>{format!("And {more} more: `lab check content` lists every one.")}</p>
                    })}
                </div>
            }
        })
    }
}
