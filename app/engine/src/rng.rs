//! The engine's one random-number generator: SplitMix64 (Steele, Lea and
//! Flood 2014). Randomness always comes in as a seed, so every simulation is
//! reproducible, natively and in WASM alike.

/// One step of SplitMix64's mixing function applied to `state + golden gamma`.
pub fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        let out = splitmix64(self.state);
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out
    }

    /// Uniform in (0, 1]: never 0, so its logarithm is finite.
    pub fn next_open_unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 1.0) / (1u64 << 53) as f64
    }

    /// An exponential draw of mean 1/rate; infinite when the rate is 0.
    pub fn exponential(&mut self, rate: f64) -> f64 {
        if rate > 0.0 {
            -self.next_open_unit().ln() / rate
        } else {
            f64::INFINITY
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_matches_the_one_step_function() {
        let mut stream = SplitMix64::new(42);
        assert_eq!(stream.next_u64(), splitmix64(42));
        assert_eq!(
            stream.next_u64(),
            splitmix64(42u64.wrapping_add(0x9E37_79B9_7F4A_7C15))
        );
    }

    #[test]
    fn exponential_draws_have_the_right_mean() {
        let mut stream = SplitMix64::new(7);
        let n = 200_000;
        let mean = (0..n).map(|_| stream.exponential(2.0)).sum::<f64>() / f64::from(n);
        assert!((mean - 0.5).abs() < 0.01, "{mean}");
        assert!(stream.exponential(0.0).is_infinite());
    }
}
