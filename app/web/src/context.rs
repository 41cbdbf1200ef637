//! App-wide state, provided once by `App` and read through `use_*` helpers.
//! The helpers fall back to a detached default instead of panicking, so a
//! component mounted outside the app (in a DOM test) still works.

use crate::storage::ProgressStore;
use course::route::Location;
use leptos::prelude::*;

/// The current location, updated on every `hashchange`.
#[derive(Clone, Copy)]
pub struct LocationCtx(pub RwSignal<Location>);

/// The course manifest as fetched from content/, or why it could not be loaded.
#[derive(Clone, Copy)]
pub struct CourseCtx(pub LocalResource<Result<course::Manifest, String>>);

pub fn use_location() -> RwSignal<Location> {
    use_context::<LocationCtx>()
        .map(|ctx| ctx.0)
        .unwrap_or_else(|| RwSignal::new(Location::parse(&crate::dom::current_hash())))
}

pub fn use_progress() -> ProgressStore {
    use_context::<ProgressStore>().unwrap_or_else(ProgressStore::detached)
}

/// The loaded course, once its manifest has arrived.
pub fn use_course() -> Option<crate::content::LoadedCourse> {
    use_context::<crate::content::LoadedCourse>()
}
