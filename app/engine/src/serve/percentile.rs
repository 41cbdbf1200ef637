//! Percentiles of a stream of latencies without keeping or sorting them all.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The `keep` largest values seen so far, smallest on top. Sized for a
/// percentile p of n values, its top at the end is the nearest-rank
/// percentile: the smallest value with at least a share p of the values at or
/// below it. Each value costs O(log keep) as it arrives, so no step has to
/// sort a whole run (a million latencies would hold a browser's page for
/// tens of milliseconds).
#[derive(Debug, Clone)]
pub(super) struct Largest {
    heap: BinaryHeap<Reverse<u64>>,
    keep: usize,
}

impl Largest {
    pub(super) fn for_percentile(p: f64, n: u64) -> Largest {
        let n = n as f64;
        // Nearest rank ⌈p·n⌉ (1-based) leaves n − ⌈p·n⌉ + 1 values from it up.
        let keep = (n - (p * n).ceil() + 1.0).max(1.0) as usize;
        Largest {
            heap: BinaryHeap::with_capacity(keep.min(1 << 20)),
            keep,
        }
    }

    pub(super) fn push(&mut self, value: f64) {
        let key = order_key(value);
        if self.heap.len() < self.keep {
            self.heap.push(Reverse(key));
        } else if let Some(mut top) = self.heap.peek_mut() {
            if key > top.0 {
                *top = Reverse(key);
            }
        }
    }

    pub(super) fn smallest(&self) -> f64 {
        self.heap
            .peek()
            .map(|Reverse(key)| from_order_key(*key))
            .unwrap_or_default()
    }
}

/// Maps a float to an integer with the same order (`f64::total_cmp`'s), so
/// the heap compares integers.
fn order_key(value: f64) -> u64 {
    let bits = value.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    }
}

fn from_order_key(key: u64) -> f64 {
    if key >> 63 == 1 {
        f64::from_bits(key & !(1 << 63))
    } else {
        f64::from_bits(!key)
    }
}

#[cfg(test)]
mod tests {
    use super::{from_order_key, order_key, Largest};
    use crate::rng::SplitMix64;

    fn nearest_rank(values: &[f64], p: f64) -> f64 {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let rank = (p * sorted.len() as f64).ceil() as usize;
        sorted[rank.saturating_sub(1)]
    }

    #[test]
    fn the_heaps_give_the_nearest_rank_percentiles() {
        let mut rng = SplitMix64::new(7);
        for n in [1usize, 2, 3, 7, 99, 100, 101, 1000, 12_345] {
            // Some repeats, so ties are covered too.
            let values: Vec<f64> = (0..n)
                .map(|_| (rng.next_open_unit() * 50.0).round() / 10.0 - 1.0)
                .collect();
            for p in [0.5, 0.99] {
                let mut largest = Largest::for_percentile(p, n as u64);
                for value in &values {
                    largest.push(*value);
                }
                assert_eq!(
                    largest.smallest(),
                    nearest_rank(&values, p),
                    "n = {n}, p = {p}"
                );
            }
        }
    }

    #[test]
    fn the_order_key_keeps_the_order_and_round_trips() {
        let values = [-1e300, -2.5, -0.0, 0.0, 1e-300, 0.5, 3.0, 1e300];
        for pair in values.windows(2) {
            assert!(order_key(pair[0]) < order_key(pair[1]), "{pair:?}");
        }
        for value in values {
            assert_eq!(from_order_key(order_key(value)).to_bits(), value.to_bits());
        }
    }
}
