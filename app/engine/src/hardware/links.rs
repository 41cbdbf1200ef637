//! Which link carries a job's traffic between its nodes: one rule for every
//! widget that plans across nodes (the splitter and the case study).

use super::Interconnect;
use serde::Serialize;

/// Where a between-node rate comes from, so explanations can say so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkSource {
    /// One pod holds the whole job, and its own chip-to-chip links join the hosts.
    PodLinks,
    /// The learner typed the cluster's network.
    Typed,
    /// The catalogue's cited scale-out figure.
    Catalogue,
}

impl LinkSource {
    /// The origin in words, shown beside the rate.
    pub fn describe(self) -> &'static str {
        match self {
            LinkSource::PodLinks => "the chips' own links: the whole job fits one pod (an NVLink domain, or a TPU slice)",
            LinkSource::Typed => "as you typed it",
            LinkSource::Catalogue => "the catalogue's scale-out figure",
        }
    }
}

impl Interconnect {
    /// The fast link inside the node or pod, one direction, in bytes/s:
    /// vendors sum both directions and a ring sends one way at a time.
    pub fn pod_bytes_per_s(&self) -> Option<f64> {
        self.intra_gb_s.map(|gb_s| gb_s * 1e9 / 2.0)
    }

    /// The link a job of `chips` uses between its nodes, one direction per
    /// chip, in bytes/s. A job inside one pod crosses hosts over the pod's own
    /// links (a TPU's ICI), never the data-centre network. Beyond the pod a
    /// network typed in (Gb/s) wins, because NICs are chosen per server and a
    /// PCIe card's datasheet cannot say which one a cluster has; else the
    /// catalogue's figure. `None` when no rate is known.
    pub fn between_nodes(&self, chips: u64, typed_gbps: Option<f64>) -> Option<(f64, LinkSource)> {
        let pod = self
            .domain_size
            .filter(|size| u64::from(*size) >= chips)
            .and(self.pod_bytes_per_s());
        if let Some(rate) = pod {
            return Some((rate, LinkSource::PodLinks));
        }
        typed_gbps
            .map(|gbps| (gbps * 1e9 / 8.0, LinkSource::Typed))
            .or(self
                .inter_gb_s
                .map(|gb_s| (gb_s * 1e9, LinkSource::Catalogue)))
    }
}
