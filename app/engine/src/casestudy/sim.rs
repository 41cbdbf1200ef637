//! The run itself, as a discrete-event simulation over the whole job, repeated
//! as Monte Carlo replications with seeded randomness.
//!
//! Time advances from event to event: checkpoint boundaries (every `interval`
//! of useful work, pausing `write`), failures (independent exponential
//! arrivals, rate = nodes / node MTBF, plus spot preemptions), and the end of
//! the work. A failure loses the work since the last completed checkpoint,
//! including a checkpoint being written when it strikes. A spot preemption
//! comes with a two-minute notice; when that is long enough to write a
//! checkpoint, no work is lost. Failures do not strike during a restart.

use super::Operations;
use crate::rng::{splitmix64, SplitMix64};
use serde::Serialize;

/// Checkpoint events kept for the timeline beyond which only failures are kept.
pub const TIMELINE_CHECKPOINTS: usize = 400;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    ScaleUp,
    Start,
    Checkpoint,
    Failure,
    Preemption,
    Restart,
    Done,
    ScaleDown,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Event {
    pub t_s: f64,
    pub kind: EventKind,
    /// Share of the work saved or done at this moment, in [0, 1].
    pub progress: f64,
}

/// What one replication produced.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Replication {
    pub completion_s: f64,
    pub lost_work_s: f64,
    pub failures: u32,
    pub preemptions: u32,
    pub checkpoints: u32,
}

/// The rates and times one replication needs, fixed for a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dynamics {
    pub work_s: f64,
    pub start_delay_s: f64,
    pub failure_rate_per_s: f64,
    pub preemption_rate_per_s: f64,
    /// `INFINITY` for no checkpoints.
    pub interval_s: f64,
    pub write_s: f64,
    pub restart_s: f64,
    pub notice_s: f64,
}

impl Dynamics {
    pub fn event_rate(&self) -> f64 {
        self.failure_rate_per_s + self.preemption_rate_per_s
    }

    /// Interruptions that lose work: failures, and preemptions whose notice
    /// is too short to write a checkpoint.
    pub fn losing_rate(&self) -> f64 {
        let unsaved_preemptions = if self.notice_s >= self.write_s {
            0.0
        } else {
            self.preemption_rate_per_s
        };
        self.failure_rate_per_s + unsaved_preemptions
    }

    /// Young's interval √(2·δ·M) for the work-losing interruptions, if any occur.
    pub fn young_interval(&self) -> Option<f64> {
        let rate = self.losing_rate();
        (rate > 0.0).then(|| (2.0 * self.write_s / rate).sqrt())
    }
}

/// The restart time after one interruption, by policy (see `Operations`).
pub fn restart_time(ops: &Operations, nodes: u64) -> f64 {
    // A warm spare exists only when the pool keeps more idle nodes than the job uses.
    let provision = if ops.min_nodes > nodes {
        0.0
    } else {
        ops.scale_up_delay_s
    };
    match ops.restart_policy {
        super::RestartPolicy::Replace => ops.restart_s + provision,
        super::RestartPolicy::RestartAll => 2.0 * ops.restart_s + ops.scale_up_delay_s,
    }
}

/// The seed of replication `index`: decorrelated streams from one seed.
pub fn replication_seed(seed: u64, index: u64) -> u64 {
    splitmix64(seed ^ splitmix64(index))
}

/// One replication. Pushes events to `timeline` when given.
pub fn replicate(
    dynamics: &Dynamics,
    seed: u64,
    mut timeline: Option<&mut Vec<Event>>,
) -> Replication {
    let mut rng = SplitMix64::new(seed);
    let work = dynamics.work_s;
    let rate = dynamics.event_rate();
    let preempt_share = if rate > 0.0 {
        dynamics.preemption_rate_per_s / rate
    } else {
        0.0
    };
    let mut out = Replication::default();
    let mut t = dynamics.start_delay_s;
    let mut done = 0.0_f64;
    let mut saved = 0.0_f64;
    let mut kept_checkpoints = 0usize;
    let mut record =
        |timeline: &mut Option<&mut Vec<Event>>, t_s: f64, kind: EventKind, progress: f64| {
            if let Some(list) = timeline.as_deref_mut() {
                if kind == EventKind::Checkpoint {
                    if kept_checkpoints >= TIMELINE_CHECKPOINTS {
                        return;
                    }
                    kept_checkpoints += 1;
                }
                list.push(Event {
                    t_s,
                    kind,
                    progress: (progress / work).clamp(0.0, 1.0),
                });
            }
        };
    if dynamics.start_delay_s > 0.0 {
        record(&mut timeline, 0.0, EventKind::ScaleUp, 0.0);
    }
    record(&mut timeline, t, EventKind::Start, 0.0);
    // A bound on events keeps a pathological input (failures far faster than
    // checkpoints) from looping for ever; such a run is reported as it stands.
    let mut budget = 10_000_000u32;
    while done < work && budget > 0 {
        budget -= 1;
        let until_event = rng.exponential(rate);
        let target = (saved + dynamics.interval_s).min(work);
        let need = target - done;
        let write = if target < work { dynamics.write_s } else { 0.0 };
        if need + write <= until_event {
            t += need + write;
            done = target;
            if write > 0.0 {
                saved = done;
                out.checkpoints += 1;
                record(&mut timeline, t, EventKind::Checkpoint, saved);
            }
            continue;
        }
        t += until_event;
        let reached = done + until_event.min(need);
        let preempted = rng.next_open_unit() <= preempt_share;
        let writing = until_event > need;
        if preempted && !writing && dynamics.notice_s >= dynamics.write_s {
            // The notice leaves time to save: nothing is lost but the write.
            out.preemptions += 1;
            record(&mut timeline, t, EventKind::Preemption, reached);
            t += dynamics.write_s;
            saved = reached;
            done = reached;
        } else {
            if preempted {
                out.preemptions += 1;
            } else {
                out.failures += 1;
            }
            let kind = if preempted {
                EventKind::Preemption
            } else {
                EventKind::Failure
            };
            record(&mut timeline, t, kind, reached);
            out.lost_work_s += reached - saved;
            done = saved;
        }
        t += dynamics.restart_s;
        record(&mut timeline, t, EventKind::Restart, done);
    }
    record(&mut timeline, t, EventKind::Done, done);
    out.completion_s = t;
    out
}

/// Expected completion under the same model, in closed form: each segment of
/// L = interval + write (the last without a write) takes (e^{λL} − 1)(1/λ + R)
/// on average, when failures cannot strike during restarts.
pub fn expected_completion(dynamics: &Dynamics) -> f64 {
    let rate = dynamics.failure_rate_per_s;
    let work = dynamics.work_s;
    let segment = |length: f64| {
        if rate > 0.0 {
            (rate * length).exp_m1() * (1.0 / rate + dynamics.restart_s)
        } else {
            length
        }
    };
    if !dynamics.interval_s.is_finite() || dynamics.interval_s >= work {
        return dynamics.start_delay_s + segment(work);
    }
    let full = (work / dynamics.interval_s).ceil() - 1.0;
    let last = work - full * dynamics.interval_s;
    dynamics.start_delay_s + full * segment(dynamics.interval_s + dynamics.write_s) + segment(last)
}
