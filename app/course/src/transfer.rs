//! Moving progress between browsers: an export file with a checksum, and an
//! import that checks it and merges, so importing can only add progress.
//!
//! The checksum (FNV-1a over the progress record) catches a truncated or
//! hand-edited file; it is not a signature, and the file says so.

use crate::progress::{Attempt, ModuleProgress, Progress};
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "compute-lab-progress";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportFile {
    pub format: String,
    pub course: String,
    /// The name the learner typed for the report; may be empty.
    #[serde(default)]
    pub learner: String,
    /// When the file was written, as the browser's clock said (ISO 8601).
    #[serde(default)]
    pub exported_at: String,
    /// The progress record exactly as stored (`Progress::encode`).
    pub progress: String,
    /// FNV-1a 64 of course, learner, time and progress, as 16 hex digits.
    pub checksum: String,
    pub note: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("This is not a Compute Lab progress file.")]
    NotAnExport,
    #[error("This file is for the course “{found}”, not this one (“{expected}”).")]
    OtherCourse { found: String, expected: String },
    #[error("The file's checksum does not match its contents: it was changed or cut short, so nothing was imported.")]
    ChecksumMismatch,
    #[error("The progress inside the file could not be read, so nothing was imported.")]
    Unreadable,
}

fn fnv1a_hex(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

fn sealed(course: &str, learner: &str, exported_at: &str, progress: &str) -> String {
    fnv1a_hex(&format!("{course}\n{learner}\n{exported_at}\n{progress}"))
}

/// The export file for `progress`, as pretty JSON.
pub fn export(course_id: &str, learner: &str, exported_at: &str, progress: &Progress) -> String {
    let record = progress.encode();
    let file = ExportFile {
        format: FORMAT.to_string(),
        course: course_id.to_string(),
        learner: learner.chars().take(120).collect(),
        exported_at: exported_at.to_string(),
        checksum: sealed(course_id, learner, exported_at, &record),
        progress: record,
        note: "Import this file on the course's Progress page. The checksum detects damage; it is not a signature.".to_string(),
    };
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// Reads an export file and returns the progress it holds.
pub fn read_export(course_id: &str, text: &str) -> Result<Progress, ImportError> {
    let file: ExportFile = serde_json::from_str(text).map_err(|_| ImportError::NotAnExport)?;
    if file.format != FORMAT {
        return Err(ImportError::NotAnExport);
    }
    if file.course != course_id {
        return Err(ImportError::OtherCourse {
            found: file.course.chars().take(60).collect(),
            expected: course_id.to_string(),
        });
    }
    if sealed(
        &file.course,
        &file.learner,
        &file.exported_at,
        &file.progress,
    ) != file.checksum
    {
        return Err(ImportError::ChecksumMismatch);
    }
    let (progress, notice) = Progress::decode(Some(&file.progress));
    match notice {
        crate::progress::LoadNotice::Unreadable
        | crate::progress::LoadNotice::NewerVersion { .. } => Err(ImportError::Unreadable),
        _ => Ok(progress),
    }
}

fn merge_module(mine: &ModuleProgress, theirs: &ModuleProgress) -> ModuleProgress {
    let best = match (mine.best_score, theirs.best_score) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    };
    // The side with more attempts has the later latest score.
    let latest = if theirs.attempts > mine.attempts {
        theirs.latest_score.or(mine.latest_score)
    } else {
        mine.latest_score.or(theirs.latest_score)
    };
    ModuleProgress {
        visited: mine.visited || theirs.visited,
        completed: mine.completed || theirs.completed,
        attempts: mine.attempts.max(theirs.attempts),
        best_score: best,
        latest_score: latest,
        history: merge_history(&mine.history, &theirs.history),
    }
}

/// Both sides' attempts in time order, each once, newest `HISTORY_LIMIT` kept.
fn merge_history(mine: &[Attempt], theirs: &[Attempt]) -> Vec<Attempt> {
    let mut history = mine.to_vec();
    for attempt in theirs {
        if !history.contains(attempt) {
            history.push(attempt.clone());
        }
    }
    // ISO 8601 UTC times sort as text; the sort is stable, so equal times keep their order.
    history.sort_by(|a, b| a.at.cmp(&b.at));
    crate::progress::trim_history(&mut history);
    history
}

/// A spreadsheet-friendly results report: one row per answered question of
/// every stored attempt (a module without attempts gets one row), then a line
/// with the checksum of everything above it.
pub fn results_csv(
    course_id: &str,
    learner: &str,
    exported_at: &str,
    modules: &[(String, String)],
    progress: &Progress,
) -> String {
    let cell = |text: &str| {
        // Quote every text cell, doubling quotes; a leading =, +, - or @ is
        // prefixed so a spreadsheet never runs it as a formula.
        let safe = if text.starts_with(['=', '+', '-', '@']) {
            format!("'{text}")
        } else {
            text.to_string()
        };
        format!("\"{}\"", safe.replace('"', "\"\""))
    };
    let score = |v: Option<f64>| v.map(|s| format!("{:.3}", s)).unwrap_or_default();
    let mut out = String::from("course,learner,exported_at,module,title,visited,completed,attempts,best_score,latest_score,attempt,attempt_at,attempt_score,attempt_passed,question,answer,correct\n");
    for (slug, title) in modules {
        let m = progress.get(slug);
        let module = format!(
            "{},{},{},{},{},{},{},{},{},{}",
            cell(course_id),
            cell(learner),
            cell(exported_at),
            cell(slug),
            cell(title),
            m.visited,
            m.completed,
            m.attempts,
            score(m.best_score),
            score(m.latest_score)
        );
        if m.history.is_empty() {
            out.push_str(&format!("{module},,,,,,,\n"));
        }
        // Stored history holds the newest attempts, so numbering starts after the dropped ones.
        let first = (m.attempts as usize).saturating_sub(m.history.len()) + 1;
        for (number, attempt) in (first..).zip(&m.history) {
            let head = format!(
                "{module},{number},{},{},{}",
                cell(&attempt.at),
                score(Some(attempt.score)),
                attempt.passed
            );
            if attempt.answers.is_empty() {
                out.push_str(&format!("{head},,,\n"));
            }
            for answer in &attempt.answers {
                out.push_str(&format!(
                    "{head},{},{},{}\n",
                    cell(&answer.question),
                    cell(&answer.answer),
                    answer.correct
                ));
            }
        }
    }
    let checksum = fnv1a_hex(&out);
    out.push_str(&format!(
        "# fnv1a64 checksum of the lines above: {checksum}\n"
    ));
    out
}

/// Merges imported progress into this browser's: nothing already earned is lost.
pub fn merge(mine: &Progress, theirs: &Progress) -> Progress {
    let mut modules = mine.modules.clone();
    for (slug, entry) in &theirs.modules {
        let merged = modules
            .get(slug)
            .map_or_else(|| entry.clone(), |current| merge_module(current, entry));
        modules.insert(slug.clone(), merged);
    }
    Progress { modules }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(at: &str, score: f64, passed: bool) -> Attempt {
        Attempt {
            at: at.to_string(),
            score,
            passed,
            answers: vec![
                crate::progress::AnsweredQuestion {
                    question: "h100-bf16".to_string(),
                    answer: "989 TFLOPS".to_string(),
                    correct: true,
                },
                crate::progress::AnsweredQuestion {
                    question: "ib-hdr".to_string(),
                    answer: "=400 Gb/s".to_string(),
                    correct: passed,
                },
            ],
        }
    }

    fn sample() -> Progress {
        let mut progress = Progress::default();
        progress.visit("why-hardware");
        progress.record_attempt(
            "why-hardware",
            attempt("2026-12-01T09:00:00.000Z", 0.5, false),
        );
        progress.record_attempt(
            "why-hardware",
            attempt("2026-12-01T10:00:00.000Z", 0.9, true),
        );
        progress
    }

    #[test]
    fn an_export_round_trips() {
        let text = export("compute-lab", "Ada", "2026-12-02T10:00:00Z", &sample());
        assert_eq!(read_export("compute-lab", &text).unwrap(), sample());
    }

    #[test]
    fn damaged_or_foreign_files_are_refused_with_a_reason() {
        let text = export("compute-lab", "Ada", "2026-12-02T10:00:00Z", &sample());
        let tampered = text.replace("0.9", "1.0");
        assert_eq!(
            read_export("compute-lab", &tampered),
            Err(ImportError::ChecksumMismatch)
        );
        let renamed = text.replace("Ada", "Bob");
        assert_eq!(
            read_export("compute-lab", &renamed),
            Err(ImportError::ChecksumMismatch)
        );
        assert_eq!(
            read_export("compute-lab", &tampered),
            Err(ImportError::ChecksumMismatch)
        );
        assert!(matches!(
            read_export("other-course", &text),
            Err(ImportError::OtherCourse { .. })
        ));
        assert_eq!(
            read_export("compute-lab", "not json"),
            Err(ImportError::NotAnExport)
        );
        assert_eq!(
            read_export("compute-lab", "{\"format\": \"x\"}"),
            Err(ImportError::NotAnExport)
        );
    }

    #[test]
    fn the_csv_report_has_a_row_per_answer_and_defuses_formulas() {
        let modules = vec![
            ("why-hardware".to_string(), "Why \"hardware\"".to_string()),
            ("clusters".to_string(), "Clusters".to_string()),
        ];
        let csv = results_csv(
            "compute-lab",
            "=cmd()",
            "2026-12-02T10:00:00Z",
            &modules,
            &sample(),
        );
        let lines: Vec<&str> = csv.lines().collect();
        // Header, 2 attempts x 2 answers, one row for the module never attempted, checksum.
        assert_eq!(lines.len(), 7, "{csv}");
        assert!(lines[1].contains("\"'=cmd()\""), "{}", lines[1]);
        assert!(lines[1].contains("\"Why \"\"hardware\"\"\""));
        assert!(
            lines[1].contains(",true,true,2,0.900,0.900,1,\"2026-12-01T09:00:00.000Z\",0.500,false,\"h100-bf16\",\"989 TFLOPS\",true"),
            "{}",
            lines[1]
        );
        assert!(
            lines[2].ends_with(",\"ib-hdr\",\"'=400 Gb/s\",false"),
            "{}",
            lines[2]
        );
        assert!(
            lines[4].contains(",2,\"2026-12-01T10:00:00.000Z\",0.900,true,"),
            "{}",
            lines[4]
        );
        assert!(
            lines[5].contains("\"clusters\"") && lines[5].ends_with(",,,,,,,"),
            "{}",
            lines[5]
        );
        assert!(lines[6].starts_with("# fnv1a64 checksum"));
    }

    #[test]
    fn merging_never_loses_progress() {
        let mine = sample();
        let mut theirs = Progress::default();
        theirs.visit("clusters");
        theirs.record_attempt(
            "why-hardware",
            attempt("2026-12-01T09:30:00.000Z", 0.7, false),
        );
        let merged = merge(&mine, &theirs);
        let module = merged.get("why-hardware");
        assert!(module.completed && module.visited);
        assert_eq!(module.best_score, Some(0.9));
        assert_eq!(module.attempts, 2);
        let times: Vec<&str> = module.history.iter().map(|a| a.at.as_str()).collect();
        assert_eq!(
            times,
            [
                "2026-12-01T09:00:00.000Z",
                "2026-12-01T09:30:00.000Z",
                "2026-12-01T10:00:00.000Z"
            ]
        );
        assert!(merged.get("clusters").visited);
        assert_eq!(merge(&merged, &mine), merged);
    }
}
