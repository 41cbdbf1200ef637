//! Where the embedding tables live: sharded across GPUs (table-wise,
//! row-wise, column-wise, or copied everywhere when small), with a memory
//! check and optional overflow to host memory (Naumov et al. 2019, Section 3;
//! the sharding types follow TorchRec's).

use super::workload::Workload;
use super::ClusterSpec;
use serde::Serialize;

/// Bytes per dense parameter: FP32 weights, gradients and two Adam moments.
pub const DENSE_BYTES_PER_PARAM: f64 = 16.0;
/// Kept free on every GPU for activations, buffers and the runtime (assumed).
pub const RESERVE_FIXED_BYTES: f64 = 2e9;
pub const RESERVE_SHARE: f64 = 0.10;
/// Tables at most this large are copied to every GPU (data parallel) under `auto`.
pub const SMALL_TABLE_BYTES: f64 = 64e6;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sharding {
    /// Small tables copied, big ones whole on one GPU, split by rows only when too big.
    Auto,
    TableWise,
    RowWise,
    ColumnWise,
}

impl Sharding {
    pub const ALL: [Sharding; 4] = [
        Sharding::Auto,
        Sharding::TableWise,
        Sharding::RowWise,
        Sharding::ColumnWise,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Sharding::Auto => "auto",
            Sharding::TableWise => "table",
            Sharding::RowWise => "row",
            Sharding::ColumnWise => "column",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShardKind {
    /// A full copy on every GPU; each serves only its own samples.
    Replicated,
    Table,
    Row,
    Column,
    /// Rows that did not fit in HBM, served from host memory over PCIe.
    Host,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shard {
    pub table: String,
    pub kind: ShardKind,
    pub bytes: f64,
    /// Share of the table's lookups this shard serves (rows) or of its width (columns).
    pub fraction: f64,
    #[serde(skip)]
    pub dim: u64,
    #[serde(skip)]
    pub pooling: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GpuPlacement {
    pub gpu: u64,
    pub tables: Vec<Shard>,
    /// Embedding bytes in this GPU's memory (host shards excluded).
    pub bytes: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placement {
    pub gpus: Vec<GpuPlacement>,
    pub embedding_bytes: f64,
    /// HBM left for embeddings on each GPU after the dense part and the reserve.
    pub capacity_bytes_per_gpu: f64,
    pub dense_bytes_per_gpu: f64,
    pub host_bytes: f64,
    pub host_capacity_bytes: f64,
    pub feasible: bool,
    pub reason: Option<String>,
}

/// A run of consecutive GPUs that hold the same shards (the same tables,
/// sharded the same way), so a table can list each layout once instead of
/// once per GPU. Bytes may still differ a little inside a run, when rows do
/// not divide evenly, so the run keeps its least and most.
#[derive(Debug, Clone, PartialEq)]
pub struct GpuRun<'a> {
    pub first: u64,
    pub last: u64,
    /// The first GPU of the run; its shards stand for every GPU in it.
    pub layout: &'a GpuPlacement,
    pub min_bytes: f64,
    pub max_bytes: f64,
}

impl GpuRun<'_> {
    /// How many GPUs the run covers.
    pub fn gpu_count(&self) -> u64 {
        self.last.saturating_sub(self.first).saturating_add(1)
    }
}

impl Placement {
    /// The GPUs in order, with neighbours that hold the same shards merged.
    pub fn runs(&self) -> Vec<GpuRun<'_>> {
        let same_layout = |a: &GpuPlacement, b: &GpuPlacement| {
            a.tables.len() == b.tables.len()
                && a.tables
                    .iter()
                    .zip(&b.tables)
                    .all(|(x, y)| x.table == y.table && x.kind == y.kind)
        };
        let mut runs: Vec<GpuRun<'_>> = Vec::new();
        for gpu in &self.gpus {
            match runs.last_mut() {
                Some(run)
                    if run.last.checked_add(1) == Some(gpu.gpu) && same_layout(run.layout, gpu) =>
                {
                    run.last = gpu.gpu;
                    run.min_bytes = run.min_bytes.min(gpu.bytes);
                    run.max_bytes = run.max_bytes.max(gpu.bytes);
                }
                _ => runs.push(GpuRun {
                    first: gpu.gpu,
                    last: gpu.gpu,
                    layout: gpu,
                    min_bytes: gpu.bytes,
                    max_bytes: gpu.bytes,
                }),
            }
        }
        runs
    }
}

fn gb(bytes: f64) -> String {
    crate::format::si(bytes, "B")
}

/// Places every table. Never fails: an impossible placement says why.
pub fn place(workload: &Workload, cluster: &ClusterSpec, sharding: Sharding) -> Placement {
    let n = cluster.gpus.max(1);
    let hbm = cluster.hardware.hbm_bytes;
    let dense_bytes = workload.dense_params * DENSE_BYTES_PER_PARAM;
    let capacity = (hbm - dense_bytes - RESERVE_FIXED_BYTES - RESERVE_SHARE * hbm).max(0.0);
    let mut gpus: Vec<GpuPlacement> = (0..n)
        .map(|gpu| GpuPlacement {
            gpu,
            tables: Vec::new(),
            bytes: 0.0,
        })
        .collect();
    let mut order: Vec<usize> = (0..workload.tables.len()).collect();
    order.sort_by(|a, b| {
        let size = |i: &usize| workload.tables.get(*i).map_or(0.0, |t| t.bytes(workload));
        size(b).total_cmp(&size(a))
    });
    // Lookup traffic per table (samples × lookups × width), for load balancing.
    let lookup_load = |table: &super::workload::Table| table.pooling * table.dim as f64;
    let total_lookup_load: f64 = workload.tables.iter().map(lookup_load).sum();
    let shard = |table: &super::workload::Table, kind, bytes, fraction| Shard {
        table: table.name.clone(),
        kind,
        bytes,
        fraction,
        dim: table.dim,
        pooling: table.pooling,
    };
    for index in order {
        let Some(table) = workload.tables.get(index) else {
            continue;
        };
        let bytes = table.bytes(workload);
        let replicate =
            sharding == Sharding::Auto && bytes <= SMALL_TABLE_BYTES.min(capacity * 0.01);
        if replicate || n == 1 {
            for gpu in &mut gpus {
                gpu.tables.push(shard(
                    table,
                    if n == 1 {
                        ShardKind::Table
                    } else {
                        ShardKind::Replicated
                    },
                    bytes,
                    1.0,
                ));
                gpu.bytes += bytes;
            }
            continue;
        }
        let split_over = |gpus: &mut Vec<GpuPlacement>, k: u64, kind: ShardKind| {
            // The k least-loaded GPUs take an equal share.
            let mut by_load: Vec<usize> = (0..gpus.len()).collect();
            by_load.sort_by(|a, b| {
                let load = |i: &usize| gpus.get(*i).map_or(0.0, |g| g.bytes);
                load(a).total_cmp(&load(b))
            });
            let fraction = 1.0 / k as f64;
            for slot in by_load
                .into_iter()
                .take(usize::try_from(k).unwrap_or(usize::MAX))
            {
                if let Some(gpu) = gpus.get_mut(slot) {
                    gpu.tables
                        .push(shard(table, kind, bytes * fraction, fraction));
                    gpu.bytes += bytes * fraction;
                }
            }
        };
        match sharding {
            Sharding::RowWise => split_over(&mut gpus, n, ShardKind::Row),
            Sharding::ColumnWise => {
                // Columns split in chunks of at least 16 values.
                let k = (table.dim / 16).clamp(1, n);
                split_over(&mut gpus, k, ShardKind::Column);
            }
            Sharding::TableWise => split_over(&mut gpus, 1, ShardKind::Table),
            Sharding::Auto => {
                // Enough row shards to fit in memory and to keep this table's
                // lookups near an even share of all lookups, so a hot table
                // does not make one GPU the straggler.
                let mut loads: Vec<f64> = gpus.iter().map(|g| g.bytes).collect();
                loads.sort_by(f64::total_cmp);
                let fits = |k: u64| {
                    let kth = loads
                        .get(usize::try_from(k.saturating_sub(1)).unwrap_or(0))
                        .copied()
                        .unwrap_or(f64::INFINITY);
                    kth + bytes / k as f64 <= capacity
                };
                let for_memory = (1..=n).find(|k| fits(*k)).unwrap_or(n);
                let share =
                    lookup_load(table) / (total_lookup_load / n as f64).max(f64::MIN_POSITIVE);
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let for_load = (share.ceil() as u64).clamp(1, n);
                // Prefer the load-balanced count, but only where the pieces fit.
                let k = (for_load.max(for_memory)..=n)
                    .find(|k| fits(*k))
                    .unwrap_or(for_memory);
                split_over(
                    &mut gpus,
                    k,
                    if k == 1 {
                        ShardKind::Table
                    } else {
                        ShardKind::Row
                    },
                );
            }
        }
    }
    // Whatever exceeds HBM spills to host memory when allowed.
    let mut host_bytes = 0.0;
    let mut over: Option<(u64, f64)> = None;
    for gpu in &mut gpus {
        let excess = gpu.bytes - capacity;
        if excess <= 0.0 {
            continue;
        }
        if cluster.host_cache {
            let share = excess / gpu.bytes.max(f64::MIN_POSITIVE);
            let moved: Vec<Shard> = gpu
                .tables
                .iter()
                .filter(|s| s.kind != ShardKind::Replicated)
                .map(|s| Shard {
                    kind: ShardKind::Host,
                    bytes: s.bytes * share,
                    fraction: s.fraction * share,
                    ..s.clone()
                })
                .collect();
            for s in &mut gpu.tables {
                if s.kind != ShardKind::Replicated {
                    s.bytes *= 1.0 - share;
                    s.fraction *= 1.0 - share;
                }
            }
            host_bytes += moved.iter().map(|s| s.bytes).sum::<f64>();
            gpu.tables.extend(moved);
            gpu.bytes = capacity;
        } else if over.is_none_or(|(_, worst)| excess > worst) {
            over = Some((gpu.gpu, excess));
        }
    }
    let nodes = cluster.nodes();
    let host_capacity = cluster.host_memory_bytes_per_node * nodes as f64;
    let reason = if capacity <= 0.0 {
        Some(format!(
            "The dense part and the reserve alone ({}) fill the {} of each GPU.",
            gb(dense_bytes + RESERVE_FIXED_BYTES + RESERVE_SHARE * hbm),
            gb(hbm)
        ))
    } else if let Some((gpu, excess)) = over {
        Some(format!(
            "The embedding tables ({} in all) do not fit: GPU {} would need {} more than the {} it has for them. Add GPUs, shard by rows, or allow host-memory caching.",
            gb(workload.embedding_bytes()),
            gpu,
            gb(excess),
            gb(capacity)
        ))
    } else if host_bytes > host_capacity {
        Some(format!(
            "Even with host caching the tables do not fit: {} spill to host memory, which holds {}.",
            gb(host_bytes),
            gb(host_capacity)
        ))
    } else {
        None
    };
    Placement {
        gpus,
        embedding_bytes: workload.embedding_bytes(),
        capacity_bytes_per_gpu: capacity,
        dense_bytes_per_gpu: dense_bytes,
        host_bytes,
        host_capacity_bytes: host_capacity,
        feasible: reason.is_none(),
        reason,
    }
}
