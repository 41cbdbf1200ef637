//! Fetches the course from the served content/ folder at run time, so an
//! instructor edits markdown, reloads, and sees the change without a toolchain.
//!
//! The manifest comes first; then the module the learner opened; then the rest
//! in the background. A module's page never waits for the whole course.

use course::glossary::{self, GlossaryEntry};
use course::manifest::ModuleEntry;
use course::markdown::RenderTools;
use course::{Manifest, Module};
use engine::hardware::Catalogue;
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Where one module's content stands.
#[derive(Clone, Debug)]
pub enum ModuleSlot {
    Loading,
    Ready(Arc<Module>),
    /// Fetching or parsing failed; the message says why, with file and line.
    Failed(String),
}

/// The course: its manifest, and each module as it arrives.
#[derive(Clone)]
pub struct LoadedCourse {
    pub manifest: Arc<Manifest>,
    pub modules: RwSignal<BTreeMap<String, ModuleSlot>>,
    /// The hardware catalogue, once fetched.
    pub catalogue: RwSignal<Option<Arc<Catalogue>>>,
    /// The matching quiz's scenario cards, once fetched (if the course has them).
    /// Only the islands runtime fetches them.
    pub scenarios: RwSignal<Option<Arc<course::scenarios::ScenarioBank>>>,
    /// Checkpoint quizzes by module slug, fetched on demand by the islands runtime.
    pub quizzes: RwSignal<BTreeMap<String, QuizSlot>>,
    /// What went wrong reading the catalogue and the scenario cards, shown
    /// beside the widgets that use them, so an instructor who breaks a file
    /// sees where without running `lab check`.
    pub content_problems: RwSignal<ContentProblems>,
}

/// Problems in the shared content files, each as `content/FILE:LINE: message`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ContentProblems {
    pub catalogue: Vec<String>,
    pub scenarios: Vec<String>,
}

/// Where one module's quiz stands.
#[derive(Clone, Debug, PartialEq)]
pub enum QuizSlot {
    Loading,
    Ready(Arc<engine::quiz::Quiz>),
    /// Fetching or parsing failed; the message says why, with file and line.
    Failed(String),
}

impl LoadedCourse {
    pub fn new(manifest: Manifest) -> LoadedCourse {
        let slots = manifest
            .modules
            .iter()
            .map(|entry| (entry.slug.clone(), ModuleSlot::Loading))
            .collect();
        LoadedCourse {
            manifest: Arc::new(manifest),
            modules: RwSignal::new(slots),
            catalogue: RwSignal::new(None),
            scenarios: RwSignal::new(None),
            quizzes: RwSignal::new(BTreeMap::new()),
            content_problems: RwSignal::new(ContentProblems::default()),
        }
    }

    pub fn entry(&self, slug: &str) -> Option<&ModuleEntry> {
        self.manifest
            .modules
            .iter()
            .find(|entry| entry.slug == slug)
    }

    /// The module's slot; `None` when the manifest does not list the slug. Tracked.
    pub fn slot(&self, slug: &str) -> Option<ModuleSlot> {
        self.modules.with(|slots| slots.get(slug).cloned())
    }

    /// The module once loaded. Tracked.
    pub fn ready(&self, slug: &str) -> Option<Arc<Module>> {
        match self.slot(slug) {
            Some(ModuleSlot::Ready(module)) => Some(module),
            _ => None,
        }
    }

    /// The entries before and after `slug` in course order.
    pub fn neighbours(&self, slug: &str) -> (Option<&ModuleEntry>, Option<&ModuleEntry>) {
        let modules = &self.manifest.modules;
        let Some(idx) = modules.iter().position(|entry| entry.slug == slug) else {
            return (None, None);
        };
        (
            idx.checked_sub(1).and_then(|i| modules.get(i)),
            modules.get(idx + 1),
        )
    }

    pub fn words_per_minute(&self) -> u32 {
        self.manifest.defaults.words_per_minute
    }

    /// Every loaded module's key terms. Tracked.
    pub fn glossary(&self) -> Vec<GlossaryEntry> {
        // Borrow the loaded modules in course order; cloning them would copy every rendered page.
        self.modules.with(|slots| {
            let loaded =
                self.manifest
                    .modules
                    .iter()
                    .filter_map(|entry| match slots.get(&entry.slug) {
                        Some(ModuleSlot::Ready(module)) => Some(module.as_ref()),
                        _ => None,
                    });
            glossary::build(loaded)
        })
    }

    /// Whether any module is still loading. Tracked.
    pub fn loading(&self) -> bool {
        self.modules.with(|slots| {
            slots
                .values()
                .any(|slot| matches!(slot, ModuleSlot::Loading))
        })
    }

    /// Shows `first` (the module the learner opened) as soon as its text is in,
    /// with its catalogue quotes pending; then parses the hardware catalogue,
    /// which fills them (see `quotes.rs`); then fetches every other module.
    /// Parsing the catalogue first kept the text off the screen for tens of
    /// milliseconds on a cold load.
    pub fn load_modules(&self, first: Option<String>) {
        let course = self.clone();
        leptos::task::spawn_local(async move {
            let entries: Vec<ModuleEntry> = course.manifest.modules.clone();
            let (first_entries, rest): (Vec<ModuleEntry>, Vec<ModuleEntry>) = entries
                .into_iter()
                .partition(|entry| Some(&entry.slug) == first.as_ref());
            let first_texts =
                futures_util::future::join_all(first_entries.iter().map(fetch_module)).await;
            let mut waiting = Vec::new();
            for (entry, text) in first_entries.iter().zip(first_texts) {
                if course.store(entry, text.clone(), None, RenderTools::FIRST_PAINT) {
                    waiting.push((entry, text));
                }
            }
            // Let the first module paint before the catalogue is parsed.
            crate::dom::yield_to_browser().await;
            let catalogue = course.load_catalogue().await;
            // The resolved module replaces the pending one without a new render,
            // so search and a later visit see the numbers (`Module::resolves_to`).
            for (entry, text) in waiting {
                course.store(entry, text, Some(&catalogue), RenderTools::READING_SHELL);
            }
            let rest_texts = futures_util::future::join_all(rest.iter().map(fetch_module)).await;
            for (entry, text) in rest.iter().zip(rest_texts) {
                course.store(entry, text, Some(&catalogue), RenderTools::READING_SHELL);
            }
        });
    }

    /// What the widgets need and the reading page does not: the catalogue and
    /// the scenario cards. The islands runtime calls this once.
    pub fn load_tools(&self) {
        let course = self.clone();
        leptos::task::spawn_local(async move {
            let catalogue = course.load_catalogue().await;
            course.load_scenarios(&catalogue).await;
        });
    }

    /// Starts fetching the module's quiz, once; `quiz` then follows it.
    pub fn request_quiz(&self, slug: &str) {
        let Some(file) = self.entry(slug).and_then(|entry| entry.quiz.clone()) else {
            return;
        };
        let known = self
            .quizzes
            .with_untracked(|quizzes| quizzes.contains_key(slug));
        if !known {
            self.quizzes.update(|quizzes| {
                quizzes.insert(slug.to_string(), QuizSlot::Loading);
            });
            let quizzes = self.quizzes;
            let slug = slug.to_string();
            leptos::task::spawn_local(async move {
                let slot = match crate::fetch::text(&file).await {
                    Ok(text) => match engine::quiz::parse(&text) {
                        Ok(quiz) => QuizSlot::Ready(Arc::new(quiz)),
                        Err(problems) => QuizSlot::Failed(
                            problems
                                .iter()
                                .map(|(line, message)| format!("content/{file}:{line}: {message}"))
                                .collect::<Vec<_>>()
                                .join("\n"),
                        ),
                    },
                    Err(reason) => QuizSlot::Failed(reason),
                };
                quizzes.try_update(|quizzes| {
                    quizzes.insert(slug, slot);
                });
            });
        }
    }

    /// The module's quiz as far as it has loaded; `None` before `request_quiz`. Tracked.
    pub fn quiz(&self, slug: &str) -> Option<QuizSlot> {
        self.quizzes.with(|quizzes| quizzes.get(slug).cloned())
    }

    async fn load_catalogue(&self) -> Arc<Catalogue> {
        let files = self.manifest.hardware.clone();
        let texts =
            futures_util::future::join_all(files.iter().map(|file| crate::fetch::text(file))).await;
        let (catalogue, problems) =
            course::validate::parse_catalogue(files.into_iter().zip(texts).collect());
        // A placeholder that cannot resolve is marked in the text; the
        // problem behind it is shown beside every widget that reads the
        // catalogue (and `lab check content` lists them all by line).
        self.content_problems.try_update(|found| {
            found.catalogue = problems.iter().map(ToString::to_string).collect();
        });
        let catalogue = Arc::new(catalogue);
        self.catalogue.try_set(Some(catalogue.clone()));
        catalogue
    }

    /// The scenario bank. A card with a problem is left out and the problem
    /// kept for the quiz to show; a bank that cannot be fetched or parsed
    /// leaves only its problem, so the quiz says so instead of loading forever.
    async fn load_scenarios(&self, catalogue: &Catalogue) {
        let Some(file) = self.manifest.scenarios.clone() else {
            return;
        };
        let path = format!("content/{file}");
        let (bank, problems) = match crate::fetch::text(&file).await {
            Ok(text) => {
                let (bank, problems) = course::scenarios::parse(&path, &text, Some(catalogue));
                (bank, problems.iter().map(ToString::to_string).collect())
            }
            Err(reason) => (None, vec![format!("{path}: {reason}")]),
        };
        self.content_problems
            .try_update(|found| found.scenarios = problems);
        if let Some(bank) = bank {
            self.scenarios.try_set(Some(Arc::new(bank)));
        }
    }

    /// Parses and stores one module; true when it has quotes waiting for the catalogue.
    fn store(
        &self,
        entry: &ModuleEntry,
        text: Result<String, String>,
        catalogue: Option<&Catalogue>,
        tools: RenderTools,
    ) -> bool {
        let mut waiting = false;
        let slot = match course::validate::parse_entry_with(entry, text, catalogue, tools) {
            Ok(module) => {
                waiting = module.quotes_pending > 0;
                ModuleSlot::Ready(Arc::new(module))
            }
            Err(problems) => ModuleSlot::Failed(
                problems
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
        };
        // `try_update`: the app may have been unmounted while the fetch was in flight.
        self.modules.try_update(|slots| {
            slots.insert(entry.slug.clone(), slot);
        });
        waiting
    }
}

/// Fetches a module's markdown. Its quiz is fetched by the islands runtime
/// when the quiz mounts, so the reading page never waits for it.
async fn fetch_module(entry: &ModuleEntry) -> Result<String, String> {
    crate::fetch::text(&entry.file).await
}

/// The reading shell's manifest load: as soon as the manifest is parsed, the
/// module in the address starts downloading. The hardware catalogue waits
/// until that module's text is on screen (`load_modules`): the text does not
/// need it, and it would share the connection and the main thread with the
/// one file that matters first.
pub async fn load_manifest_and_prefetch() -> Result<Manifest, String> {
    let manifest = load_manifest().await?;
    let route = course::route::Location::parse(&crate::dom::current_hash()).route;
    if let course::route::Route::Module { slug, .. } = route {
        if let Some(entry) = manifest.modules.iter().find(|entry| entry.slug == slug) {
            crate::fetch::prefetch(&entry.file);
        }
    }
    Ok(manifest)
}

/// Fetches and checks the manifest.
pub async fn load_manifest() -> Result<Manifest, String> {
    let text = crate::fetch::text("course.toml").await?;
    Manifest::parse(&text).map_err(|problems| {
        problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })
}
