//! Collective communication times, shared by every widget that prices
//! collectives (the splitter, the case study and the serving simulator's
//! tensor parallelism), so all follow one rule.

/// Start-up cost of one step of a collective inside a node (assumed, typical of NVLink).
pub const LATENCY_INTRA_S: f64 = 5e-6;
/// Start-up cost of one step of a collective across the network (assumed, typical of InfiniBand).
pub const LATENCY_INTER_S: f64 = 10e-6;

/// A link: bandwidth one direction per rank (bytes/s) and latency per step (s).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Link {
    pub bytes_per_s: f64,
    pub latency_s: f64,
}

/// An all-reduce, or half of one: the reduce-scatter or all-gather that ZeRO
/// uses in its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collective {
    AllReduce,
    Gather,
}

/// Ring all-reduce: each link carries 2(n−1)/n of the message, in 2(n−1) steps
/// (Patarasuk and Yuan 2009).
pub fn ring_allreduce_s(ranks: u64, bytes: f64, bytes_per_s: f64, latency_s: f64) -> f64 {
    if ranks <= 1 {
        return 0.0;
    }
    let n = ranks as f64;
    2.0 * (n - 1.0) * latency_s + 2.0 * (n - 1.0) / n * bytes / bytes_per_s
}

/// Recursive-doubling all-reduce: ranks exchange the whole message with a
/// partner log₂ n times, each step paying one latency. With a number of ranks
/// that is not a power of two, the ranks beyond the largest power of two below
/// n first hand their data to a partner and take the result back afterwards:
/// ⌊log₂ n⌋ + 2 steps (Thakur, Rabenseifner and Gropp 2005, Section 4.4).
pub fn recursive_doubling_allreduce_s(
    ranks: u64,
    bytes: f64,
    bytes_per_s: f64,
    latency_s: f64,
) -> f64 {
    recursive_doubling_steps(ranks) as f64 * (latency_s + bytes / bytes_per_s)
}

/// Steps of a recursive-doubling all-reduce: log₂ n for a power of two, else
/// ⌊log₂ n⌋ + 2; none for a single rank.
pub fn recursive_doubling_steps(ranks: u64) -> u64 {
    if ranks <= 1 {
        return 0;
    }
    let floor_log2 = u64::from(u64::BITS - 1 - ranks.leading_zeros());
    if ranks.is_power_of_two() {
        floor_log2
    } else {
        floor_log2 + 2
    }
}

/// The faster of recursive doubling and the ring. Libraries choose the
/// algorithm by message size for the reason Thakur et al. (2005) give: few
/// latencies win for short messages, moving only 2(n−1)/n of the bytes per
/// link wins for long ones.
pub fn best_allreduce_s(ranks: u64, bytes: f64, bytes_per_s: f64, latency_s: f64) -> f64 {
    ring_allreduce_s(ranks, bytes, bytes_per_s, latency_s).min(recursive_doubling_allreduce_s(
        ranks,
        bytes,
        bytes_per_s,
        latency_s,
    ))
}

/// Ring all-gather or reduce-scatter: half an all-reduce.
pub fn ring_gather_s(ranks: u64, bytes: f64, bytes_per_s: f64, latency_s: f64) -> f64 {
    ring_allreduce_s(ranks, bytes, bytes_per_s, latency_s) / 2.0
}

fn ring_s(kind: Collective, ranks: u64, bytes: f64, link: Link) -> f64 {
    match kind {
        Collective::AllReduce => ring_allreduce_s(ranks, bytes, link.bytes_per_s, link.latency_s),
        Collective::Gather => ring_gather_s(ranks, bytes, link.bytes_per_s, link.latency_s),
    }
}

/// How a collective over `ranks`, `per_node` of which share a node, crosses
/// the cluster. Explanations read it to show the formula that was priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span {
    /// Every rank is in one node: one ring over the node's links.
    InNode,
    /// One rank per node: one ring over the network.
    OnePerNode,
    /// Several ranks in each of several nodes: two levels.
    TwoLevels { per_node: u64, nodes: u64 },
}

pub fn span(ranks: u64, per_node: u64) -> Span {
    let k = per_node.clamp(1, ranks.max(1));
    if k >= ranks {
        Span::InNode
    } else if k <= 1 {
        Span::OnePerNode
    } else {
        Span::TwoLevels {
            per_node: k,
            nodes: ranks.div_ceil(k),
        }
    }
}

/// A collective of `bytes` over `ranks`, `per_node` of which share a node.
/// Inside one node it is one ring over the node's links; with one rank per
/// node, one ring over the network. In between it has two levels, like Mikami
/// et al.'s 2D-Torus all-reduce (2018): the ranks of each node reduce-scatter
/// over the node's links, each exchanges only its 1/k share across nodes, and
/// they all-gather the result, so only 1/k of the bytes crosses the network.
pub fn across_nodes_s(
    kind: Collective,
    ranks: u64,
    per_node: u64,
    bytes: f64,
    inside: Link,
    between: Link,
) -> f64 {
    match span(ranks, per_node) {
        Span::InNode => ring_s(kind, ranks, bytes, inside),
        Span::OnePerNode => ring_s(kind, ranks, bytes, between),
        Span::TwoLevels { per_node, nodes } => {
            let scatter = ring_gather_s(per_node, bytes, inside.bytes_per_s, inside.latency_s);
            let inside_steps = match kind {
                Collective::AllReduce => 2.0 * scatter,
                Collective::Gather => scatter,
            };
            inside_steps + ring_s(kind, nodes, bytes / per_node as f64, between)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NVLINK: Link = Link {
        bytes_per_s: 450e9,
        latency_s: 0.0,
    };
    const NIC: Link = Link {
        bytes_per_s: 50e9,
        latency_s: 0.0,
    };

    /// Module 4's worked example: 14 GB over 64 GPUs in eight servers.
    #[test]
    fn module_four_example_two_levels_against_one_flat_ring() {
        let two = across_nodes_s(Collective::AllReduce, 64, 8, 14e9, NVLINK, NIC);
        let flat = across_nodes_s(Collective::AllReduce, 64, 1, 14e9, NVLINK, NIC);
        assert!((two - 0.1157).abs() < 5e-4, "{two}");
        assert!((flat - 0.5513).abs() < 5e-4, "{flat}");
    }

    #[test]
    fn one_node_and_one_rank_per_node_are_single_rings() {
        let inside = across_nodes_s(Collective::AllReduce, 8, 8, 1e9, NVLINK, NIC);
        assert_eq!(inside, ring_allreduce_s(8, 1e9, 450e9, 0.0));
        let gather = across_nodes_s(Collective::Gather, 8, 1, 1e9, NVLINK, NIC);
        assert_eq!(gather, ring_gather_s(8, 1e9, 50e9, 0.0));
        assert_eq!(
            across_nodes_s(Collective::AllReduce, 1, 8, 1e9, NVLINK, NIC),
            0.0
        );
    }

    /// Eight ranks on NVLink with 5 µs a step: a decode step's 512 KB message
    /// takes three latencies by recursive doubling, not the ring's fourteen;
    /// a prefill's 268 MB message goes round the ring.
    #[test]
    fn short_messages_double_and_long_messages_ring() {
        let short = best_allreduce_s(8, 524_288.0, 450e9, 5e-6);
        let doubling = 3.0 * (5e-6 + 524_288.0 / 450e9);
        assert!((short - doubling).abs() < 1e-12, "{short}");
        let long = best_allreduce_s(8, 268e6, 450e9, 5e-6);
        assert_eq!(long, ring_allreduce_s(8, 268e6, 450e9, 5e-6));
        // Six ranks: two more steps than the four that fit a power of two.
        let six = recursive_doubling_allreduce_s(6, 1.0, 1.0, 0.0);
        assert_eq!(six, 4.0);
        assert_eq!(best_allreduce_s(1, 1e9, 1e9, 1.0), 0.0);
    }

    proptest::proptest! {
        /// The faster of the two is never slower than either, and finite.
        #[test]
        fn best_allreduce_is_the_minimum(ranks in 1u64..100_000, bytes in 0.0f64..1e12, latency in 0.0f64..1e-3) {
            let best = best_allreduce_s(ranks, bytes, 450e9, latency);
            proptest::prop_assert!(best.is_finite() && best >= 0.0);
            proptest::prop_assert!(best <= ring_allreduce_s(ranks, bytes, 450e9, latency));
            proptest::prop_assert!(best <= recursive_doubling_allreduce_s(ranks, bytes, 450e9, latency));
        }

        /// Two levels never cost more than one flat ring over the network,
        /// and the answer is finite for any sizes.
        #[test]
        fn two_levels_never_lose_to_the_flat_ring(ranks in 1u64..100_000, per_node in 1u64..512, bytes in 1.0f64..1e12) {
            let two = across_nodes_s(Collective::AllReduce, ranks, per_node, bytes, NVLINK, NIC);
            let flat = across_nodes_s(Collective::AllReduce, ranks, 1, bytes, NVLINK, NIC);
            proptest::prop_assert!(two.is_finite() && two >= 0.0);
            proptest::prop_assert!(two <= flat * (1.0 + 1e-9), "{} > {}", two, flat);
        }
    }
}
