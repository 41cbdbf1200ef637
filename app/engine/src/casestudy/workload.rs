//! What the recommender trains on: embedding tables, the dense part, and the
//! data set, with three presets.
//!
//! Presets:
//! - `ecommerce`: the seed's global retailer. Its sizes are illustrative, chosen
//!   to be consistent with each other (500 M users, 100 M items, 2 PB of logs),
//!   not a published system.
//! - `startup`: the same shape a hundred times smaller, on one small server.
//! - `benchmark`: MLPerf Training's DLRM-v2 on the Criteo 1TB Click Logs
//!   (multi-hot): 26 tables of 128 dimensions with the reference's row counts
//!   and lookups per sample, exact (per-value) Adagrad as its `dlrm_main.py`
//!   configures FBGEMM, a DCN-v2 interaction (3 layers, rank 512), and the
//!   23 training days of Criteo 1TB.

use crate::explain::Source;
use serde::Serialize;

pub const MLPERF_DLRM_V2: Source = Source {
    title: "MLCommons, MLPerf Training reference: recommendation_v2 (DLRM-DCNv2 on Criteo 1TB multi-hot)",
    locator: "README and run script: --num_embeddings_per_feature, --multi_hot_sizes, --embedding_dim 128, --dcn_num_layers 3, --dcn_low_rank_dim 512, --dense_arch_layer_sizes 512,256,128, --over_arch_layer_sizes 1024,1024,512,256,1",
    url: "https://github.com/mlcommons/training/tree/master/recommendation_v2/torchrec_dlrm",
};

pub const CRITEO_1TB: Source = Source {
    title: "Criteo AI Lab, Criteo 1TB Click Logs dataset",
    locator: "24 days of click logs, about 4.37 billion examples; MLPerf trains on days 0–22 (4.2 billion)",
    url: "https://ailab.criteo.com/download-criteo-1tb-click-logs-dataset/",
};

pub const NAUMOV_2019: Source = Source {
    title: "Naumov et al. 2019, Deep Learning Recommendation Model for Personalization and Recommendation Systems",
    locator: "Section 2 (embeddings, MLPs, interactions) and Section 3 (model-parallel embeddings, data-parallel MLPs, the all-to-all between them)",
    url: "https://arxiv.org/abs/1906.00091",
};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table {
    pub name: String,
    pub rows: f64,
    pub dim: u64,
    /// Rows looked up (and pooled) per sample.
    pub pooling: f64,
}

/// How embedding rows are updated; it sets the optimizer state per row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EmbeddingOptimizer {
    Sgd,
    /// One accumulator per row (the usual choice for big tables).
    RowWiseAdagrad,
    /// One accumulator per value (exact Adagrad, as the MLPerf reference runs it).
    Adagrad,
    /// Two moments per value.
    Adam,
}

impl EmbeddingOptimizer {
    pub fn key(self) -> &'static str {
        match self {
            EmbeddingOptimizer::Sgd => "sgd",
            EmbeddingOptimizer::RowWiseAdagrad => "rowwise_adagrad",
            EmbeddingOptimizer::Adagrad => "adagrad",
            EmbeddingOptimizer::Adam => "adam",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Workload {
    pub tables: Vec<Table>,
    /// Parameters of the dense part (MLPs, attention, interaction).
    pub dense_params: f64,
    /// Forward FLOPs of the dense part per sample.
    pub dense_flops_per_sample: f64,
    pub samples: f64,
    pub bytes_per_sample: f64,
    pub epochs: f64,
    /// Bytes per embedding value: 4 for FP32, 2 for FP16.
    pub value_bytes: f64,
    pub optimizer: EmbeddingOptimizer,
    pub global_batch: f64,
}

impl Table {
    /// Weights plus optimizer state.
    pub fn bytes(&self, workload: &Workload) -> f64 {
        let weights = self.rows * self.dim as f64 * workload.value_bytes;
        let state = match workload.optimizer {
            EmbeddingOptimizer::Sgd => 0.0,
            EmbeddingOptimizer::RowWiseAdagrad => self.rows * 4.0,
            EmbeddingOptimizer::Adagrad => self.rows * self.dim as f64 * 4.0,
            EmbeddingOptimizer::Adam => 2.0 * self.rows * self.dim as f64 * 4.0,
        };
        weights + state
    }
}

impl Workload {
    pub fn embedding_bytes(&self) -> f64 {
        self.tables.iter().map(|t| t.bytes(self)).sum()
    }

    /// Sum of pooled embedding widths: what one sample sends through the all-to-all.
    pub fn pooled_width(&self) -> f64 {
        self.tables.iter().map(|t| t.dim as f64).sum()
    }

    /// Total compute work in samples.
    pub fn total_samples(&self) -> f64 {
        self.samples * self.epochs
    }
}

/// Tables as text, `name:rows:dim:pooling` separated by `;`, so a form field
/// and a URL can carry them.
pub fn format_tables(tables: &[Table]) -> String {
    tables
        .iter()
        .map(|t| format!("{}:{}:{}:{}", t.name, t.rows, t.dim, t.pooling))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Parses `format_tables` text; the error says which entry is wrong and why.
pub fn parse_tables(text: &str) -> Result<Vec<Table>, String> {
    let mut tables = Vec::new();
    for (index, entry) in text
        .split(';')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .enumerate()
    {
        let parts: Vec<&str> = entry.split(':').map(str::trim).collect();
        let [name, rows, dim, pooling] = parts.as_slice() else {
            return Err(format!(
                "Table {} (“{}”) needs name:rows:dim:lookups.",
                index + 1,
                entry.chars().take(30).collect::<String>()
            ));
        };
        let number = |text: &str, what: &str| -> Result<f64, String> {
            let shown = text.chars().take(20).collect::<String>();
            crate::field::parse_real(text).map_err(|problem| match problem {
                // The same words every other field uses for 1e400.
                crate::field::FieldProblem::NotFinite => format!(
                    "Table {}: {what} “{shown}” is too large to compute with.",
                    index + 1
                ),
                _ => format!("Table {}: {what} “{shown}” is not a number.", index + 1),
            })
        };
        let rows = number(rows, "rows")?;
        let dim = number(dim, "dimension")?;
        let pooling = number(pooling, "lookups")?;
        if !(1.0..=1e12).contains(&rows) || rows.fract() != 0.0 {
            return Err(format!(
                "Table {}: rows must be a whole number from 1 to 10¹².",
                index + 1
            ));
        }
        if !(1.0..=4096.0).contains(&dim) || dim.fract() != 0.0 {
            return Err(format!(
                "Table {}: dimension must be a whole number from 1 to 4096.",
                index + 1
            ));
        }
        if !(0.0..=10_000.0).contains(&pooling) {
            return Err(format!(
                "Table {}: lookups per sample must be from 0 to 10,000.",
                index + 1
            ));
        }
        if name.is_empty() || name.len() > 40 {
            return Err(format!(
                "Table {}: give it a name of 1 to 40 characters.",
                index + 1
            ));
        }
        // The placement and the step breakdown name tables, so two with one
        // name could not be told apart.
        if let Some(first) = tables.iter().position(|t: &Table| t.name == *name) {
            return Err(format!(
                "Table {}: the name “{name}” is already used by table {}; give each table its own name.",
                index + 1,
                first + 1
            ));
        }
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        tables.push(Table {
            name: (*name).to_string(),
            rows,
            dim: dim as u64,
            pooling,
        });
    }
    if tables.is_empty() {
        return Err("List at least one embedding table.".into());
    }
    if tables.len() > 200 {
        return Err("At most 200 tables.".into());
    }
    Ok(tables)
}

fn table(name: &str, rows: f64, dim: u64, pooling: f64) -> Table {
    Table {
        name: name.to_string(),
        rows,
        dim,
        pooling,
    }
}

/// The DLRM-v2 reference's 26 tables: rows (hashed to at most 40 M) and
/// multi-hot lookups per sample, each 128 wide.
fn dlrm_v2_tables() -> Vec<Table> {
    const ROWS: [f64; 26] = [
        40e6, 39060.0, 17295.0, 7424.0, 20265.0, 3.0, 7122.0, 1543.0, 63.0, 40e6, 3067956.0,
        405282.0, 10.0, 2209.0, 11938.0, 155.0, 4.0, 976.0, 14.0, 40e6, 40e6, 40e6, 590152.0,
        12973.0, 108.0, 36.0,
    ];
    const HOT: [f64; 26] = [
        3.0, 2.0, 1.0, 2.0, 6.0, 1.0, 1.0, 1.0, 1.0, 7.0, 3.0, 8.0, 1.0, 6.0, 9.0, 5.0, 1.0, 1.0,
        1.0, 12.0, 100.0, 27.0, 10.0, 3.0, 1.0, 1.0,
    ];
    ROWS.iter()
        .zip(HOT)
        .enumerate()
        .map(|(index, (rows, hot))| table(&format!("c{}", index + 1), *rows, 128, hot))
        .collect()
}

/// The dense part of DLRM-v2 per sample, in multiply-adds: bottom MLP
/// 13→512→256→128, three low-rank (512) DCN-v2 cross layers on the 27 × 128
/// interaction vector, and the top MLP 3456→1024→1024→512→256→1.
fn dlrm_v2_dense_macs() -> f64 {
    let bottom = 13.0 * 512.0 + 512.0 * 256.0 + 256.0 * 128.0;
    let width = 27.0 * 128.0;
    let cross = 3.0 * 2.0 * width * 512.0;
    let top = width * 1024.0 + 1024.0 * 1024.0 + 1024.0 * 512.0 + 512.0 * 256.0 + 256.0;
    bottom + cross + top
}

pub const PRESETS: [&str; 3] = ["ecommerce", "startup", "benchmark"];

pub fn preset(key: &str) -> Option<Workload> {
    match key {
        "ecommerce" => Some(Workload {
            tables: vec![
                table("users", 500e6, 128, 1.0),
                table("items", 100e6, 128, 51.0),
                table("categories", 1e6, 64, 20.0),
                table("query_tokens", 5e6, 64, 10.0),
                table("sellers", 10e6, 64, 1.0),
                table("geo", 50e3, 32, 1.0),
                table("device", 1e3, 16, 1.0),
            ],
            dense_params: 20e6,
            dense_flops_per_sample: 165e6,
            samples: 1e12,
            bytes_per_sample: 2000.0,
            epochs: 1.0,
            value_bytes: 4.0,
            optimizer: EmbeddingOptimizer::RowWiseAdagrad,
            global_batch: 65536.0,
        }),
        "startup" => Some(Workload {
            tables: vec![
                table("users", 5e6, 64, 1.0),
                table("items", 500e3, 64, 21.0),
                table("categories", 10e3, 32, 5.0),
            ],
            dense_params: 2e6,
            dense_flops_per_sample: 4e6,
            samples: 2e9,
            bytes_per_sample: 500.0,
            epochs: 3.0,
            value_bytes: 4.0,
            optimizer: EmbeddingOptimizer::RowWiseAdagrad,
            global_batch: 8192.0,
        }),
        "benchmark" => Some(Workload {
            tables: dlrm_v2_tables(),
            dense_params: dlrm_v2_dense_macs(),
            dense_flops_per_sample: 2.0 * dlrm_v2_dense_macs(),
            samples: 4.195e9,
            bytes_per_sample: 915.0,
            epochs: 1.0,
            value_bytes: 4.0,
            optimizer: EmbeddingOptimizer::Adagrad,
            global_batch: 65536.0,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dlrm_v2_tables_match_the_reference() {
        let workload = preset("benchmark").unwrap();
        assert_eq!(workload.tables.len(), 26);
        let rows: f64 = workload.tables.iter().map(|t| t.rows).sum();
        // Five tables of 40 M plus the rest: 204.2 M rows.
        assert!((rows / 1e6 - 204.18).abs() < 0.01, "{rows}");
        // 204 M rows × 128 × 4 bytes ≈ 104.5 GB of FP32 weights.
        let weights = rows * 128.0 * 4.0;
        assert!((weights / 1e9 - 104.5).abs() < 0.1);
    }

    #[test]
    fn tables_round_trip_through_text() {
        let tables = preset("ecommerce").unwrap().tables;
        assert_eq!(parse_tables(&format_tables(&tables)).unwrap(), tables);
        assert!(parse_tables("users:1e6:64")
            .unwrap_err()
            .contains("name:rows:dim:lookups"));
        assert!(parse_tables("users:-5:64:1").unwrap_err().contains("rows"));
        assert!(parse_tables("users:5:64.5:1")
            .unwrap_err()
            .contains("dimension"));
        assert!(parse_tables("").unwrap_err().contains("at least one"));
    }
}
