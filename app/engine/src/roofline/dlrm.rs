//! A recommender's inference as one whole phase: DLRM with a DCNv2 cross
//! network, as the MLPerf Training reference configures it for the Criteo 1TB
//! click logs with multi-hot features. Counted layer by layer so the roofline
//! can show the two faces of a ranking model: 26 embedding tables far larger
//! than the dense network, of which each sample touches only 214 rows, and a
//! dense network whose weights the whole batch shares.

use crate::explain::Source;

pub const MLPERF_DLRM_DCNV2: Source = Source {
    title: "MLCommons, MLPerf Training reference: TorchRec DLRM (recommendation_v2/torchrec_dlrm/README.MD), with TorchRec's DLRM_DCN and LowRankCrossNet",
    locator: "\"Running the MLPerf DLRM v2 benchmark\": --embedding_dim 128, --dense_arch_layer_sizes 512,256,128, --over_arch_layer_sizes 1024,1024,512,256,1, --num_embeddings_per_feature, --multi_hot_sizes, --dcn_num_layers=3, --dcn_low_rank_dim=512; the cross net's input and the over arch take (26 + 1) × 128 features",
    url: "https://github.com/mlcommons/training/blob/master/recommendation_v2/torchrec_dlrm/README.MD",
};

/// Criteo's 13 numeric features, which the bottom MLP takes as they are.
const DENSE_FEATURES: u64 = 13;
/// Every table's row width; the cross network's input is 27 such rows side by side.
pub const EMBEDDING_DIM: u64 = 128;
/// Rows in each of the 26 tables (`--num_embeddings_per_feature`), copied
/// from the benchmark so the explorer's footprint is the benchmark's own.
pub const TABLE_ROWS: [u64; 26] = [
    40_000_000, 39_060, 17_295, 7_424, 20_265, 3, 7_122, 1_543, 63, 40_000_000, 3_067_956, 405_282,
    10, 2_209, 11_938, 155, 4, 976, 14, 40_000_000, 40_000_000, 40_000_000, 590_152, 12_973, 108,
    36,
];
/// Rows each sample gathers from each table (`--multi_hot_sizes`); their sum,
/// 214, sets the gather traffic.
pub const LOOKUPS: [u64; 26] = [
    3, 2, 1, 2, 6, 1, 1, 1, 1, 7, 3, 8, 1, 6, 9, 5, 1, 1, 1, 12, 100, 27, 10, 3, 1, 1,
];
const BOTTOM_MLP: [u64; 3] = [512, 256, 128];
const TOP_MLP: [u64; 5] = [1024, 1024, 512, 256, 1];
const CROSS_LAYERS: u64 = 3;
const LOW_RANK: u64 = 512;

/// Per-sample work and traffic of one forward pass, in elements (not bytes),
/// so the roofline can price them at any precision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recommender {
    /// Multiply-adds per sample in the MLPs and the cross network.
    pub macs_per_sample: f64,
    /// Embedding elements each sample gathers (and sums into its 26 pools).
    pub gathered_per_sample: f64,
    /// Weights and biases of the MLPs and the cross network, read once per batch.
    pub dense_weights: f64,
    /// Elements in the 26 embedding tables.
    pub table_elements: f64,
    /// Activation elements read or written per sample, outside the gather.
    pub activations_per_sample: f64,
    /// The most activation elements alive at once per sample: a cross layer
    /// holds x₀, its input xₗ, the full-width W(V xₗ) + b and its output.
    pub peak_live_per_sample: f64,
}

/// One fully connected layer as (multiply-adds, weights plus biases, traffic),
/// where the traffic is its input read once and its output written once.
fn dense_layer(inputs: u64, outputs: u64) -> (u64, u64, u64) {
    (
        inputs * outputs,
        inputs * outputs + outputs,
        inputs + outputs,
    )
}

/// Numbers stored in tables of these row counts at the benchmark's row width.
pub fn table_elements(rows: &[u64]) -> u64 {
    rows.iter().sum::<u64>() * EMBEDDING_DIM
}

/// The benchmark's model. Its count never changes, and the roofline asks for
/// it twice on every input change (traffic and footprint), so it is counted
/// once and kept.
pub fn dlrm_dcnv2() -> Recommender {
    static DLRM_DCNV2: std::sync::OnceLock<Recommender> = std::sync::OnceLock::new();
    *DLRM_DCNV2.get_or_init(count_dlrm_dcnv2)
}

fn count_dlrm_dcnv2() -> Recommender {
    let sparse = TABLE_ROWS.len() as u64;
    let cross_width = (sparse + 1) * EMBEDDING_DIM;
    let mut macs = 0;
    let mut weights = 0;
    let mut activations = 0;
    let mut mlp = |sizes: &[u64], inputs: u64| {
        let mut width = inputs;
        for &size in sizes {
            let (m, w, a) = dense_layer(width, size);
            macs += m;
            weights += w;
            activations += a;
            width = size;
        }
    };
    mlp(&BOTTOM_MLP, DENSE_FEATURES);
    mlp(&TOP_MLP, cross_width);
    // Each cross layer computes x₀ ⊙ (W (V xₗ) + b) + xₗ: two thin matmuls
    // through the rank-512 bottleneck, then one elementwise pass that reads
    // x₀, xₗ and the product and writes the next layer's input.
    let cross_macs = CROSS_LAYERS * 2 * cross_width * LOW_RANK;
    let cross_weights = CROSS_LAYERS * (2 * cross_width * LOW_RANK + cross_width);
    let cross_traffic = CROSS_LAYERS * (6 * cross_width + 2 * LOW_RANK);
    // The 26 pools are written once, then concatenated with the bottom MLP's
    // output into the cross network's input (read both, write the whole).
    let pooled = sparse * EMBEDDING_DIM;
    let concat = 2 * cross_width;
    let gathered: u64 = LOOKUPS.iter().sum::<u64>() * EMBEDDING_DIM;
    let table_elements = table_elements(&TABLE_ROWS);
    Recommender {
        macs_per_sample: (macs + cross_macs) as f64,
        gathered_per_sample: gathered as f64,
        dense_weights: (weights + cross_weights) as f64,
        table_elements: table_elements as f64,
        activations_per_sample: (activations + cross_traffic + pooled + concat) as f64,
        peak_live_per_sample: (4 * cross_width) as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden: the MLPerf reference README lists 91.10 for the "collective size
    /// of embedding tables" of its one-hot Criteo runs
    /// (`--num_embeddings_per_feature 45833188,…,35`, 128 FP32 numbers a row).
    /// The count the explorer uses gives 91.107 × 10⁹ bytes for those rows, so
    /// the README's "GiB" column is in decimal gigabytes, cut to two decimals.
    #[test]
    fn table_bytes_match_the_mlperf_readme() {
        let one_hot_rows: [u64; 26] = [
            45_833_188, 36_746, 17_245, 7_413, 20_243, 3, 7_114, 1_441, 62, 29_275_261, 1_572_176,
            345_138, 10, 2_209, 11_267, 128, 4, 974, 14, 48_937_457, 11_316_796, 40_094_537,
            452_104, 12_606, 104, 35,
        ];
        let bytes = (table_elements(&one_hot_rows) * 4) as f64;
        assert!((bytes / 1e9 - 91.107).abs() < 0.001, "{bytes}");
    }

    /// The multi-hot benchmark's 26 tables hold 204,184,588 rows, 26.1 billion
    /// numbers, and each sample gathers 214 rows.
    #[test]
    fn the_benchmark_tables_and_lookups() {
        let net = dlrm_dcnv2();
        assert_eq!(net.table_elements, 204_184_588.0 * 128.0);
        assert_eq!(net.gathered_per_sample, 214.0 * 128.0);
    }

    /// Bottom 13→512→256→128 (170,496 multiply-adds), three rank-512 cross
    /// layers on 27 × 128 = 3,456 features (10,616,832) and the over arch
    /// 3,456→1,024→1,024→512→256→1 (5,243,136): 16.0 million per sample,
    /// against 26.1 billion table numbers, of which each sample reads 27,392.
    #[test]
    fn the_dense_network_is_tiny_beside_the_tables() {
        let net = dlrm_dcnv2();
        assert_eq!(net.macs_per_sample, 16_030_464.0);
        assert_eq!(
            net.dense_weights,
            16_030_464.0 + 896.0 + 3.0 * 3456.0 + 2817.0
        );
        assert!(net.table_elements / net.dense_weights > 1600.0);
    }
}
