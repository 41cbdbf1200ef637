//! The learner's progress as stored in localStorage: a versioned JSON schema,
//! decoded entry by entry so one corrupt entry never costs the rest.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

pub const SCHEMA_VERSION: u64 = 2;

/// How many past attempts each module keeps, newest last, so storage stays small.
pub const HISTORY_LIMIT: usize = 20;

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
    /// The most recent attempts (at most `HISTORY_LIMIT`), oldest first.
    #[serde(default)]
    pub history: Vec<Attempt>,
}

/// One finished attempt: when, how it went, and what was answered.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// When the attempt was finished, as an ISO 8601 UTC time.
    pub at: String,
    /// Share of the points earned, in [0, 1].
    pub score: f64,
    pub passed: bool,
    #[serde(default)]
    pub answers: Vec<AnsweredQuestion>,
}

/// A learner's answer to one question, as text a teacher can read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnsweredQuestion {
    pub question: String,
    pub answer: String,
    pub correct: bool,
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

    /// Records a finished attempt; a passed checkpoint marks the module completed.
    pub fn record_attempt(&mut self, slug: &str, mut attempt: Attempt) {
        let entry = self.modules.entry(slug.to_string()).or_default();
        let score = if attempt.score.is_finite() {
            attempt.score.clamp(0.0, 1.0)
        } else {
            0.0
        };
        attempt.score = score;
        entry.visited = true;
        entry.attempts = entry.attempts.saturating_add(1);
        entry.latest_score = Some(score);
        entry.best_score = Some(entry.best_score.map_or(score, |best| best.max(score)));
        if attempt.passed {
            entry.completed = true;
        }
        entry.history.push(attempt);
        trim_history(&mut entry.history);
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

    /// The record without attempt histories, for stores with tight limits
    /// (SCORM 1.2 keeps at most 4,096 characters of suspend data).
    pub fn encode_scores_only(&self) -> String {
        let mut scores = self.clone();
        for entry in scores.modules.values_mut() {
            entry.history.clear();
        }
        scores.encode()
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

/// Keeps the newest `HISTORY_LIMIT` attempts.
pub fn trim_history(history: &mut Vec<Attempt>) {
    let excess = history.len().saturating_sub(HISTORY_LIMIT);
    history.drain(..excess);
}

/// Brings an older record up to the current schema, one version at a time.
fn migrate(record: Map<String, Value>, version: u64) -> Map<String, Value> {
    let record = if version < 1 {
        version_0_to_1(record)
    } else {
        record
    };
    if version < 2 {
        version_1_to_2(record)
    } else {
        record
    }
}

/// Version 0 (no `version` key) kept `visited` as a list of slugs; version 1
/// keeps one entry per module.
fn version_0_to_1(mut record: Map<String, Value>) -> Map<String, Value> {
    if let Some(Value::Array(visited)) = record.remove("visited") {
        let modules: Map<String, Value> = visited
            .iter()
            .filter_map(Value::as_str)
            .map(|slug| (slug.to_string(), serde_json::json!({ "visited": true })))
            .collect();
        record.insert("modules".into(), Value::Object(modules));
    }
    record
}

/// Version 1 kept only attempt counts and scores; version 2 adds each module's
/// attempt history (times and answers), which older records start without.
fn version_1_to_2(mut record: Map<String, Value>) -> Map<String, Value> {
    if let Some(Value::Object(modules)) = record.get_mut("modules") {
        for entry in modules.values_mut() {
            if let Value::Object(fields) = entry {
                fields
                    .entry("history")
                    .or_insert_with(|| Value::Array(Vec::new()));
            }
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

    pub(crate) fn attempt(score: f64, passed: bool) -> Attempt {
        Attempt {
            at: "2026-12-02T10:00:00.000Z".to_string(),
            score,
            passed,
            answers: vec![AnsweredQuestion {
                question: "q1".to_string(),
                answer: "120 GB".to_string(),
                correct: passed,
            }],
        }
    }

    #[test]
    fn history_keeps_answers_times_and_only_the_newest_attempts() {
        let mut progress = Progress::default();
        for n in 0..(HISTORY_LIMIT + 5) {
            let mut next = attempt(0.1, false);
            next.at = format!("t{n:02}");
            progress.record_attempt("a", next);
        }
        let entry = progress.get("a");
        assert_eq!(entry.attempts as usize, HISTORY_LIMIT + 5);
        assert_eq!(entry.history.len(), HISTORY_LIMIT);
        assert_eq!(entry.history.first().map(|a| a.at.as_str()), Some("t05"));
        assert_eq!(entry.history.last().map(|a| a.answers.len()), Some(1));
        let (decoded, notice) = Progress::decode(Some(&progress.encode()));
        assert_eq!((decoded, notice), (progress, LoadNotice::Clean));
    }

    #[test]
    fn the_scores_only_record_drops_histories_but_keeps_scores() {
        let mut progress = Progress::default();
        progress.record_attempt("a", attempt(0.9, true));
        let (decoded, _) = Progress::decode(Some(&progress.encode_scores_only()));
        let entry = decoded.get("a");
        assert!(entry.history.is_empty());
        assert_eq!(
            (entry.attempts, entry.best_score, entry.completed),
            (1, Some(0.9), true)
        );
    }

    #[test]
    fn migrates_version_one_keeping_scores_with_an_empty_history() {
        let raw = r#"{"version":1,"modules":{"a":{"visited":true,"completed":true,"attempts":2,"best_score":0.9,"latest_score":0.5}}}"#;
        let (progress, notice) = Progress::decode(Some(raw));
        let entry = progress.get("a");
        assert_eq!(notice, LoadNotice::Clean);
        assert_eq!(
            (entry.attempts, entry.best_score, entry.completed),
            (2, Some(0.9), true)
        );
        assert!(entry.history.is_empty());
        assert!(progress.encode().contains("\"version\":2"));
    }

    #[test]
    fn attempts_keep_the_best_score_and_passing_completes() {
        let mut progress = Progress::default();
        progress.record_attempt("a", attempt(0.5, false));
        progress.record_attempt("a", attempt(0.9, true));
        progress.record_attempt("a", attempt(0.7, false));
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
        assert!(progress.get("a").history.is_empty());
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
