//! Whether the operation fits in one accelerator's memory. The roofline times
//! an operation as if one device held all of it; a 70-billion-parameter model
//! in BF16 needs 140 GB for its weights alone, so on an 80 GB part that time
//! describes a machine that does not exist. This module counts the bytes the
//! work must hold at once and how many devices of each kind that takes.

use super::{bytes_per_element, dlrm, resnet50, size, traffic_binding, Shape, Work};
use crate::explain::{Binding, Source};
use crate::hardware::Precision;

/// The bytes an operation must hold in device memory at once, with its formula.
#[derive(Debug, Clone, PartialEq)]
pub struct Footprint {
    pub bytes: f64,
    pub tex: &'static str,
    pub bindings: Vec<Binding>,
    /// What the count holds, to finish "…needs N GB for {what}".
    pub what: &'static str,
    pub note: &'static str,
    pub source: Source,
}

/// An embedding lookup holds its whole table, however few rows it gathers.
/// A single operation, and an LLM phase that reads each weight once, holds
/// exactly what it moves, so those reuse the traffic `work` already counted.
pub fn footprint(shape: Shape, precision: Precision, work: &Work) -> Footprint {
    let b = bytes_per_element(precision);
    let held_as_moved = |what: &'static str, note: &'static str| Footprint {
        bytes: work.bytes,
        tex: "V = Q",
        bindings: vec![traffic_binding(work.bytes)],
        what,
        note,
        source: work.source.clone(),
    };
    let every_tensor = "Every tensor the operation reads or writes is held at once, so the memory it needs equals its traffic.";
    match shape {
        Shape::Matmul { .. } => held_as_moved("its three matrices", every_tensor),
        Shape::Layernorm { .. } => held_as_moved("its input and output", every_tensor),
        Shape::Embedding { dim, rows, .. } => Footprint {
            bytes: b * rows * dim,
            tex: "V = b\\,R\\,d",
            bindings: vec![
                size("R", "rows in the table", rows),
                size("d", "embedding dimension", dim),
            ],
            what: "the whole table",
            note: "Any lookup may ask for any row, so the whole table sits in memory even though a batch reads only the rows it gathers: a large table costs capacity as well as bandwidth. MLPerf's DLRM-DCNv2 has five tables of 40 million rows; the whole-model recommender operation counts all 26 of its tables.",
            source: dlrm::MLPERF_DLRM_DCNV2,
        },
        Shape::Attention { .. } => held_as_moved(
            "Q, K, V and the output",
            "Fused attention keeps the s×s scores on chip in tiles, so only Q, K, V and the output occupy device memory: exactly the traffic.",
        ),
        Shape::Conv2d { .. } => held_as_moved("its input, weights and output", every_tensor),
        Shape::Prefill { .. } | Shape::Decode { .. } => held_as_moved(
            "the weights alone",
            "The traffic counted is the weights, read once, and every weight must sit in device memory for every step. The KV cache and the activations come on top, so a model that barely fits cannot serve long contexts; the serving simulator in the module on cost, energy and deployment counts the KV cache too, and finds the largest batch that fits beside the weights.",
        ),
        Shape::CnnInference { batch } => {
            let net = resnet50::resnet50();
            Footprint {
                bytes: b * (net.weights + batch * net.peak_live_per_image),
                tex: "V = b\\,(\\Theta + B\\,A_{\\text{live}})",
                bindings: vec![
                    size("\\Theta", "weights (batch norm folded into biases)", net.weights),
                    size("B", "images in the batch", batch),
                    size("A_{\\text{live}}", "activation elements alive at once per image, at the busiest layer", net.peak_live_per_image),
                ],
                what: "its weights and the activations alive at its busiest layer",
                note: "A layer's input and output are alive together, and a residual block keeps its input until the final add; the busiest moment is the end of a first-stage block, on 56 × 56 maps. Earlier outputs are freed as the pass goes on.",
                source: resnet50::TORCHVISION_RESNET50,
            }
        }
        Shape::RecommenderInference { batch } => {
            let net = dlrm::dlrm_dcnv2();
            Footprint {
                bytes: b * (net.table_elements + net.dense_weights + batch * net.peak_live_per_sample),
                tex: "V = b\\,(E + \\Theta + B\\,A_{\\text{live}})",
                bindings: vec![
                    size("E", "numbers in the 26 embedding tables, 128 to a row", net.table_elements),
                    size("\\Theta", "dense weights and biases", net.dense_weights),
                    size("B", "samples ranked in the batch", batch),
                    size("A_{\\text{live}}", "activation elements alive at once per sample, in a cross layer", net.peak_live_per_sample),
                ],
                what: "its embedding tables, dense weights and live activations",
                note: "A sample reads only a few hundred of the tables' rows, yet every row must be in memory because any sample may ask for it, so the tables cost far more capacity than bandwidth. Systems such as TorchRec shard them across devices, or keep the rarely used rows in host memory.",
                source: dlrm::MLPERF_DLRM_DCNV2,
            }
        }
    }
}
