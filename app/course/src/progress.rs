//! The learner's progress as stored in localStorage: a versioned JSON schema,
//! decoded entry by entry so one corrupt entry never costs the rest.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

pub const SCHEMA_VERSION: u64 = 1;

/// The storage key for a course, so several courses can share one origin.
pub fn storage_key(course_id: &str) -> String {
    format!("compute-lab:{course_id}:progress")
}

/// Where an unreadable entry is kept, so nothing is ever silently destroyed.
pub fn backup_key(course_id: &str) -> String {
    format!("compute-lab:{course_id}:progress:unreadable-backup")
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleProgress {
    #[serde(default)]
    pub visited: bool,
    #[serde(default)]
    pub completed: bool,
    /// Checkpoint attempts submitted.
    #[serde(default)]
    pub attempts: u32,
    /// Best and latest checkpoint scores, in [0, 1].
    #[serde(default)]
    pub best_score: Option<f64>,
    #[serde(default)]
    pub latest_score: Option<f64>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Progress {
    pub modules: BTreeMap<String, ModuleProgress>,
}

/// What happened while loading, shown to the learner when it is not `Clean`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadNotice {
    Clean,
    /// Some entries could not be read and were dropped; the rest were kept.
    DroppedEntries {
        dropped: Vec<String>,
    },
    /// The whole record was unreadable; it was set aside and progress starts fresh.
    Unreadable,
    /// Written by a newer version of the course; shown but not overwritten.
    NewerVersion {
        version: u64,
    },
}

impl LoadNotice {
    pub fn message(&self) -> Option<String> {
        match self {
            LoadNotice::Clean => None,
            LoadNotice::DroppedEntries { dropped } => Some(format!(
                "Some saved progress could not be read ({}) and was skipped; everything else was kept.",
                dropped.join(", ")
            )),
            LoadNotice::Unreadable => Some("Saved progress in this browser could not be read, so it was set aside and progress starts fresh.".to_string()),
            LoadNotice::NewerVersion { version } => Some(format!(
                "Your progress was saved by a newer version of this course (schema {version}); it is shown but will not be changed here."
            )),
        }
    }

    /// Whether saving would destroy data this version cannot represent.
    pub fn read_only(&self) -> bool {
        matches!(self, LoadNotice::NewerVersion { .. })
    }
}

impl Progress {
    pub fn visit(&mut self, slug: &str) -> bool {
        let entry = self.modules.entry(slug.to_string()).or_default();
        let changed = !entry.visited;
        entry.visited = true;
        changed
    }

    pub fn set_completed(&mut self, slug: &str, completed: bool) {
        let entry = self.modules.entry(slug.to_string()).or_default();
        entry.visited = true;
        entry.completed = completed;
    }

    /// Records a checkpoint attempt; passing marks the module completed.
    pub fn record_attempt(&mut self, slug: &str, score: f64, passed: bool) {
        let entry = self.modules.entry(slug.to_string()).or_default();
        let score = if score.is_finite() {
            score.clamp(0.0, 1.0)
        } else {
            0.0
        };
        entry.visited = true;
        entry.attempts = entry.attempts.saturating_add(1);
        entry.latest_score = Some(score);
        entry.best_score = Some(entry.best_score.map_or(score, |best| best.max(score)));
        if passed {
            entry.completed = true;
        }
    }

    pub fn get(&self, slug: &str) -> ModuleProgress {
        self.modules.get(slug).cloned().unwrap_or_default()
    }

    pub fn encode(&self) -> String {
        let modules: Map<String, Value> = self
            .modules
            .iter()
            .filter_map(|(slug, entry)| {
                serde_json::to_value(entry)
                    .ok()
                    .map(|value| (slug.clone(), value))
            })
            .collect();
        let mut record = Map::new();
        record.insert("version".into(), Value::from(SCHEMA_VERSION));
        record.insert("modules".into(), Value::Object(modules));
        Value::Object(record).to_string()
    }

    /// Decodes whatever storage held. Never fails; the notice says what was lost.
    pub fn decode(raw: Option<&str>) -> (Progress, LoadNotice) {
        let Some(raw) = raw else {
            return (Progress::default(), LoadNotice::Clean);
        };
        let Ok(Value::Object(record)) = serde_json::from_str::<Value>(raw) else {
            return (Progress::default(), LoadNotice::Unreadable);
        };
        let version = record.get("version").and_then(Value::as_u64).unwrap_or(0);
        let record = migrate(record, version);
        let mut progress = Progress::default();
        let mut dropped = Vec::new();
        match record.get("modules") {
            Some(Value::Object(modules)) => {
                for (slug, value) in modules {
                    match serde_json::from_value::<ModuleProgress>(value.clone()) {
                        Ok(entry) if crate::manifest::is_slug(slug) => {
                            progress.modules.insert(slug.clone(), entry);
                        }
                        _ => dropped.push(short(slug)),
                    }
                }
            }
            _ => return (Progress::default(), LoadNotice::Unreadable),
        }
        let notice = if version > SCHEMA_VERSION {
            LoadNotice::NewerVersion { version }
        } else if dropped.is_empty() {
            LoadNotice::Clean
        } else {
            LoadNotice::DroppedEntries { dropped }
        };
        (progress, notice)
    }
}

/// Brings an older record up to the current schema.
/// Version 0 (no `version` key) kept `visited` as a list of slugs.
fn migrate(mut record: Map<String, Value>, version: u64) -> Map<String, Value> {
    if version == 0 {
        if let Some(Value::Array(visited)) = record.remove("visited") {
            let modules: Map<String, Value> = visited
                .iter()
                .filter_map(Value::as_str)
                .map(|slug| (slug.to_string(), serde_json::json!({ "visited": true })))
                .collect();
            record.insert("modules".into(), Value::Object(modules));
        }
    }
    record
}

fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let mut progress = Progress::default();
        progress.visit("a");
        progress.set_completed("b", true);
        let (decoded, notice) = Progress::decode(Some(&progress.encode()));
        assert_eq!(decoded, progress);
        assert_eq!(notice, LoadNotice::Clean);
    }

    #[test]
    fn attempts_keep_the_best_score_and_passing_completes() {
        let mut progress = Progress::default();
        progress.record_attempt("a", 0.5, false);
        progress.record_attempt("a", 0.9, true);
        progress.record_attempt("a", 0.7, false);
        let entry = progress.get("a");
        assert_eq!(
            (
                entry.attempts,
                entry.best_score,
                entry.latest_score,
                entry.completed
            ),
            (3, Some(0.9), Some(0.7), true)
        );
        let (decoded, _) = Progress::decode(Some(&progress.encode()));
        assert_eq!(decoded, progress);
    }

    #[test]
    fn a_corrupt_entry_is_dropped_alone() {
        let raw = r#"{"version":1,"modules":{"a":{"visited":true,"completed":true},"b":"garbage","c":{"visited":"yes"}}}"#;
        let (progress, notice) = Progress::decode(Some(raw));
        assert!(progress.get("a").completed);
        assert_eq!(progress.modules.len(), 1);
        assert_eq!(
            notice,
            LoadNotice::DroppedEntries {
                dropped: vec!["b".into(), "c".into()]
            }
        );
    }

    #[test]
    fn garbage_is_unreadable_not_a_crash() {
        for raw in [
            "",
            "{",
            "null",
            "[1,2]",
            "\"x\"",
            "{\"version\":1}",
            "{\"modules\":[]}",
        ] {
            let (progress, notice) = Progress::decode(Some(raw));
            assert_eq!(progress, Progress::default(), "{raw}");
            assert_eq!(notice, LoadNotice::Unreadable, "{raw}");
        }
    }

    #[test]
    fn migrates_version_zero() {
        let (progress, notice) = Progress::decode(Some(r#"{"visited":["a","b"]}"#));
        assert!(progress.get("a").visited && progress.get("b").visited);
        assert_eq!(notice, LoadNotice::Clean);
    }

    #[test]
    fn newer_versions_are_read_only() {
        let (progress, notice) =
            Progress::decode(Some(r#"{"version":9,"modules":{"a":{"visited":true}}}"#));
        assert!(progress.get("a").visited);
        assert!(notice.read_only());
    }
}
