//! The case-study simulator: the seed's e-commerce company trains its
//! recommender on a Kubernetes cluster, with sharded embedding tables, an
//! autoscaler, gang scheduling, failures, spot preemptions and checkpoints.
//!
//! The path is the engine's usual one: `CaseStudyForm` (strings) →
//! `validate(&Catalogue)` → `CaseStudyInput` → `compute`, which cannot fail.
//! `compute` is `Run::new` then `Run::step` until done; the browser calls
//! `step` with a small budget and paints a progress bar in between.
//!
//! Layers: `workload.rs` (tables, dense part, data, presets), `placement.rs`
//! (sharding and the memory check), `step.rs` (one training step's cost),
//! `sim.rs` (one replication), `run.rs` (Monte Carlo, the checkpoint sweep,
//! the recommendation and the output), `form.rs` (validation).

mod form;
mod placement;
mod run;
mod sim;
mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub use tests::SEEDED_COMPLETION_BITS;
pub mod workload;

pub use form::{CaseStudyForm, FIELDS};
pub use placement::{place, GpuPlacement, GpuRun, Placement, Shard, ShardKind, Sharding};
pub use run::{
    compute, Candidate, CaseStudyOutput, Progress, Quantiles, Recommendation, Run, SingleMachine,
    SweepPoint,
};
pub use sim::{expected_completion, replicate, Dynamics, Event, EventKind, Replication};
pub use step::{step_cost, StepCost};
pub use workload::{EmbeddingOptimizer, Table, Workload};

use crate::explain::Source;
use crate::hardware::{Interconnect, LinkSource};
use serde::Serialize;
use step::PCIE_BYTES_PER_S;

pub const SLUG: &str = "casestudy";

pub const KUBERNETES_AUTOSCALER: Source = Source {
    title: "Kubernetes Cluster Autoscaler FAQ",
    locator: "How scale-up works (pending pods trigger new nodes) and scale-down (nodes unneeded for 10 minutes by default are removed)",
    url: "https://github.com/kubernetes/autoscaler/blob/master/cluster-autoscaler/FAQ.md",
};

pub const SPOT_NOTICE: Source = Source {
    title: "Amazon EC2 User Guide, Spot Instance interruption notices",
    locator: "A two-minute warning before a Spot Instance is interrupted",
    url:
        "https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/spot-instance-termination-notices.html",
};

/// The accelerator as the simulator needs it, resolved from the catalogue.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hardware {
    pub id: String,
    pub name: String,
    pub peak_flops: f64,
    pub hbm_bytes: f64,
    pub hbm_bytes_per_s: f64,
    /// One direction, per GPU, inside a node.
    pub intra_bytes_per_s: f64,
    /// Per GPU, between nodes.
    pub inter_bytes_per_s: f64,
    /// Where the between-node rate came from, so the explanation can say
    /// so; `None` when the part publishes none and the PCIe rate is assumed.
    pub inter_origin: Option<LinkSource>,
    pub tdp_w: Option<f64>,
    /// The part's links and the network the learner typed (Gb/s), kept so a
    /// job of another size can be priced by the same rule: the recommender
    /// tries 1 to 32 nodes, and a job that leaves the NVLink domain must pay
    /// the network's rate, not the rate the typed size happened to get.
    #[serde(skip)]
    pub link: Interconnect,
    #[serde(skip)]
    pub typed_network_gbps: Option<f64>,
}

impl Hardware {
    /// The between-node rate for a job of `gpus` by the shared rule
    /// (`Interconnect::between_nodes`); a part that publishes none gets the
    /// assumed PCIe rate, never more than its own links.
    pub fn between_nodes(&self, gpus: u64) -> (f64, Option<LinkSource>) {
        match self.link.between_nodes(gpus, self.typed_network_gbps) {
            Some((rate, source)) => (rate, Some(source)),
            None => (PCIE_BYTES_PER_S.min(self.intra_bytes_per_s), None),
        }
    }

    /// The same part, with the between-node rate a job of `gpus` gets.
    pub fn sized_for(&self, gpus: u64) -> Hardware {
        let (inter_bytes_per_s, inter_origin) = self.between_nodes(gpus);
        Hardware {
            inter_bytes_per_s,
            inter_origin,
            ..self.clone()
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClusterSpec {
    pub hardware: Hardware,
    pub gpus: u64,
    pub gpus_per_node: u64,
    pub host_cache: bool,
    pub host_memory_bytes_per_node: f64,
    pub storage_bytes_per_s_per_node: f64,
    pub cores_per_gpu: f64,
    pub samples_per_core_s: f64,
}

impl ClusterSpec {
    pub fn nodes(&self) -> u64 {
        self.gpus.div_ceil(self.gpus_per_node.max(1))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RestartPolicy {
    /// Replace the failed worker; the others wait and reload the checkpoint.
    Replace,
    /// Tear the whole job down and schedule it again.
    RestartAll,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Operations {
    pub min_nodes: u64,
    pub max_nodes: u64,
    pub scale_up_delay_s: f64,
    pub idle_scale_down_s: f64,
    /// `None`: no failures.
    pub node_mtbf_s: Option<f64>,
    pub spot_fraction: f64,
    pub spot_preemptions_per_node_hour: f64,
    pub notice_s: f64,
    pub restart_policy: RestartPolicy,
    pub restart_s: f64,
    /// `None`: Young's interval (or none when nothing fails).
    pub checkpoint_interval_s: Option<f64>,
    pub checkpoint_write_s: f64,
    pub on_demand_usd_per_gpu_hour: f64,
    pub spot_usd_per_gpu_hour: f64,
    pub deadline_s: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseStudyInput {
    pub preset: String,
    pub workload: Workload,
    pub cluster: ClusterSpec,
    pub sharding: Sharding,
    pub operations: Operations,
    pub replications: u32,
    pub seed: u64,
}
