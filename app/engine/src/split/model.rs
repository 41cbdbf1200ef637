//! The transformer itself: parameter count, FLOPs per step and activation
//! bytes per layer, all from the architecture.
//!
//! Parameters and FLOPs follow Narayanan et al. 2021 (Section 5.1 and
//! Appendix: 12·l·h² per dense decoder stack, 72·B·s·l·h² FLOPs per step
//! without recomputation and 96·B·s·l·h² with it); the gated-MLP and
//! grouped-query variants replace the 4·h MLP and the full K/V projections by
//! their real shapes. Activation bytes follow Korthikanti et al. 2022,
//! Section 4 (34·s·b·h + 5·a·s²·b per layer at 16 bits), term by term, so the
//! same sum works for other MLP widths and fewer key/value heads.

use serde::Serialize;

/// A dense decoder-only transformer (or an encoder with the same block).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Architecture {
    pub layers: u64,
    pub hidden: u64,
    pub heads: u64,
    /// Key/value heads; fewer than `heads` is grouped-query attention.
    pub kv_heads: u64,
    pub ffn_hidden: u64,
    pub vocab: u64,
    pub seq_len: u64,
    /// A SwiGLU-style MLP with three matrices, and the LLaMA conventions that
    /// come with it in every preset that uses it: no biases, RMSNorm, rotary
    /// positions, an output matrix separate from the input embedding, and no
    /// dropout (so no dropout masks are stored).
    pub gated_mlp: bool,
}

/// How much of the forward pass is stored for the backward pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Recompute {
    None,
    Selective,
    Full,
}

impl Recompute {
    pub const ALL: [Recompute; 3] = [Recompute::None, Recompute::Selective, Recompute::Full];

    pub fn key(self) -> &'static str {
        match self {
            Recompute::None => "none",
            Recompute::Selective => "selective",
            Recompute::Full => "full",
        }
    }

    pub fn parse(text: &str) -> Option<Recompute> {
        Recompute::ALL.into_iter().find(|r| r.key() == text)
    }
}

/// Activation layout options that change the bytes stored per layer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActivationLayout {
    pub micro_batch: f64,
    pub tp: f64,
    pub sequence_parallel: bool,
    pub recompute: Recompute,
    /// Fused attention kernels never write the s × s score matrix to memory.
    pub flash_attention: bool,
    /// Bytes per stored activation value (2 for 16-bit training, 4 for FP32).
    pub bytes_per_value: f64,
}

impl Architecture {
    fn h(&self) -> f64 {
        self.hidden as f64
    }

    /// Width of the key and value projections: head size × key/value heads.
    pub fn kv_dim(&self) -> f64 {
        self.h() * self.kv_heads as f64 / self.heads as f64
    }

    /// Weights multiplied in one layer's matrix products (no biases or norms).
    pub fn layer_matmul_params(&self) -> f64 {
        let h = self.h();
        let f = self.ffn_hidden as f64;
        let attention = 2.0 * h * h + 2.0 * h * self.kv_dim();
        let mlp_matrices = if self.gated_mlp { 3.0 } else { 2.0 };
        attention + mlp_matrices * h * f
    }

    /// Every parameter of one layer: matrices, biases and normalization weights.
    pub fn layer_params(&self) -> f64 {
        let h = self.h();
        let f = self.ffn_hidden as f64;
        if self.gated_mlp {
            // No biases; two RMSNorm weight vectors.
            self.layer_matmul_params() + 2.0 * h
        } else {
            // Biases on Q, K, V, the output projection and both MLP matrices,
            // plus weight and bias of two LayerNorms: 13·h when f = 4·h.
            let biases = h + 2.0 * self.kv_dim() + h + f + h;
            self.layer_matmul_params() + biases + 4.0 * h
        }
    }

    /// Parameters outside the layer stack: embeddings, positions, final norm.
    pub fn embedding_params(&self) -> f64 {
        let h = self.h();
        let vocab = self.vocab as f64;
        if self.gated_mlp {
            // Input embedding and a separate output matrix; rotary positions have no weights.
            2.0 * vocab * h + h
        } else {
            // Tied input/output embedding, learned positions, final LayerNorm.
            vocab * h + self.seq_len as f64 * h + 2.0 * h
        }
    }

    pub fn params(&self) -> f64 {
        self.layers as f64 * self.layer_params() + self.embedding_params()
    }

    /// Parameters held by the heaviest pipeline stage of one tensor-parallel rank:
    /// its share of the layers plus the embedding (or output) matrix that the
    /// first and last stages carry.
    pub fn stage_params(&self, layers_on_stage: f64, tp: f64, pp: u64) -> f64 {
        let vocab_matrix = self.vocab as f64 * self.h();
        let matrices_on_stage = if pp == 1 && self.gated_mlp { 2.0 } else { 1.0 };
        (layers_on_stage * self.layer_params() + matrices_on_stage * vocab_matrix) / tp
    }

    /// Forward FLOPs per token for one layer: 2 per multiplied weight, plus the
    /// attention score and value products (4·s·h, Narayanan et al. 2021).
    pub fn layer_forward_flops_per_token(&self) -> f64 {
        2.0 * self.layer_matmul_params() + 4.0 * self.seq_len as f64 * self.h()
    }

    /// Forward FLOPs per token of the output (logit) layer.
    pub fn logit_forward_flops_per_token(&self) -> f64 {
        2.0 * self.vocab as f64 * self.h()
    }

    /// The attention core alone (the part selective recompute redoes).
    pub fn attention_core_flops_per_token(&self) -> f64 {
        4.0 * self.seq_len as f64 * self.h()
    }

    /// Model FLOPs per token: forward plus a backward twice as costly.
    pub fn model_flops_per_token(&self) -> f64 {
        3.0 * (self.layers as f64 * self.layer_forward_flops_per_token()
            + self.logit_forward_flops_per_token())
    }

    /// FLOPs the hardware runs per token, counting recomputed forward work.
    pub fn hardware_flops_per_token(&self, recompute: Recompute) -> f64 {
        let layers = self.layers as f64;
        let extra = match recompute {
            Recompute::None => 0.0,
            Recompute::Selective => layers * self.attention_core_flops_per_token(),
            Recompute::Full => layers * self.layer_forward_flops_per_token(),
        };
        self.model_flops_per_token() + extra
    }

    /// Whether training applies dropout, as GPT-3 and Megatron-LM do; the
    /// LLaMA family (every gated-MLP preset) trains without it.
    pub fn dropout(&self) -> bool {
        !self.gated_mlp
    }

    /// Bytes one layer keeps for its backward pass, per micro-batch, on one
    /// tensor-parallel rank (Korthikanti et al. 2022, Section 4.1–4.2, Table 2).
    pub fn activation_bytes_per_layer(&self, layout: &ActivationLayout) -> f64 {
        let sbh = self.seq_len as f64 * layout.micro_batch * self.h();
        let sb = self.seq_len as f64 * layout.micro_batch;
        let t = layout.tp;
        let scale = layout.bytes_per_value / 2.0;
        if layout.recompute == Recompute::Full {
            // Only the layer input survives; sequence parallelism splits it too.
            let divisor = if layout.sequence_parallel { t } else { 1.0 };
            return scale * 2.0 * sbh / divisor;
        }
        // Kept whole under plain tensor parallelism: two norm inputs (4), two
        // dropout masks (2), and the inputs of the QKV and first MLP matrices (4).
        // LLaMA-style models train without dropout and keep no masks.
        let masks = if self.dropout() { 2.0 } else { 0.0 };
        let replicated = (8.0 + masks) * sbh;
        // Split by tensor parallelism: Q, K, V, the attention output, and the MLP
        // intermediates (two per element of f, or four with a gate).
        let f = self.ffn_hidden as f64;
        let mlp_intermediates = if self.gated_mlp { 8.0 } else { 4.0 };
        let split = 4.0 * sbh + 4.0 * sb * self.kv_dim() + mlp_intermediates * sb * f;
        // Softmax output, its dropout mask and dropout output: 5·a·s²·b;
        // without dropout only the softmax output, 2·a·s²·b.
        let scores_stored = layout.recompute == Recompute::None && !layout.flash_attention;
        let per_score = if self.dropout() { 5.0 } else { 2.0 };
        let scores = if scores_stored {
            per_score * self.heads as f64 * self.seq_len as f64 * sb
        } else {
            0.0
        };
        let bytes = if layout.sequence_parallel {
            (replicated + split + scores) / t
        } else {
            replicated + (split + scores) / t
        };
        scale * bytes
    }

    /// Bytes the output layer keeps for its backward pass, per micro-batch, on
    /// one tensor-parallel rank: the final norm's input and the projection's
    /// input (s·b·h values each, 2·s·b·h bytes at 16 bits, split only by
    /// sequence parallelism) and the logits in FP32 for the loss (4·s·b·V
    /// bytes, split across ranks by the vocabulary-parallel projection).
    /// Korthikanti et al. 2022, Section 4.3, give 4·s·b·h·(1 + V/h)/t with
    /// sequence parallelism at 16 bits.
    pub fn output_activation_bytes(&self, layout: &ActivationLayout) -> f64 {
        let sb = self.seq_len as f64 * layout.micro_batch;
        let t = layout.tp;
        let hidden_divisor = if layout.sequence_parallel { t } else { 1.0 };
        let inputs = 2.0 * layout.bytes_per_value * sb * self.h() / hidden_divisor;
        let logits = 4.0 * sb * self.vocab as f64 / t;
        inputs + logits
    }

    /// Bytes that elementwise kernels (norms, activations, softmax, dropout,
    /// residuals) move per layer and micro-batch in one forward pass on one
    /// rank: proportional to what the layer writes before recomputation trims it.
    pub fn elementwise_bytes_per_layer(&self, layout: &ActivationLayout) -> f64 {
        let unrecomputed = ActivationLayout {
            recompute: Recompute::None,
            ..*layout
        };
        self.activation_bytes_per_layer(&unrecomputed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gpt(layers: u64, hidden: u64, heads: u64) -> Architecture {
        Architecture {
            layers,
            hidden,
            heads,
            kv_heads: heads,
            ffn_hidden: 4 * hidden,
            vocab: 51200,
            seq_len: 2048,
            gated_mlp: false,
        }
    }

    /// Narayanan et al. 2021, Section 5.1: P = 12·l·h²·(1 + 13/(12h) + (V + s)/(12·l·h)).
    fn narayanan_params(l: f64, h: f64) -> f64 {
        12.0 * l * h * h * (1.0 + 13.0 / (12.0 * h) + (51200.0 + 2048.0) / (12.0 * l * h))
    }

    /// Megatron-LM Table 1 (Narayanan et al. 2021): the ten GPT configurations and
    /// their parameter counts in billions, as printed.
    #[test]
    fn golden_megatron_table_1_parameter_counts() {
        let rows = [
            (24, 2304, 24, 1.7),
            (30, 3072, 32, 3.6),
            (36, 4096, 32, 7.5),
            (40, 6144, 48, 18.4),
            (48, 8192, 64, 39.1),
            (60, 10240, 80, 76.1),
            (80, 12288, 96, 145.6),
            (96, 16384, 128, 310.1),
            (105, 20480, 128, 529.6),
            (128, 25600, 160, 1008.0),
        ];
        for (layers, hidden, heads, billions) in rows {
            let arch = gpt(layers, hidden, heads);
            let ours = arch.params();
            let theirs = narayanan_params(layers as f64, hidden as f64);
            // Ours adds only the final LayerNorm (2·h) to the paper's formula.
            assert!(
                (ours - theirs - 2.0 * hidden as f64).abs() < 1.0,
                "{layers}"
            );
            // The table rounds to one decimal, and the smallest row to two digits.
            assert!(
                (ours / 1e9 - billions).abs() < 0.06,
                "{layers}: {}",
                ours / 1e9
            );
        }
    }

    /// Narayanan et al. 2021, Section 5.1, equation (3): FLOPs per iteration with
    /// full recomputation are 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)); without it,
    /// 72·B·s·l·h²·(1 + s/(6h) + V/(12·l·h)).
    #[test]
    fn golden_narayanan_flops_per_iteration() {
        let arch = gpt(128, 25600, 160);
        let (b, s, l, h, v) = (3072.0, 2048.0, 128.0, 25600.0, 51200.0);
        let with_recompute = 96.0 * b * s * l * h * h * (1.0 + s / (6.0 * h) + v / (16.0 * l * h));
        let without = 72.0 * b * s * l * h * h * (1.0 + s / (6.0 * h) + v / (12.0 * l * h));
        let tokens = b * s;
        // Ours counts the bias-free matrices exactly as the paper does when f = 4h.
        let ours_full = arch.hardware_flops_per_token(Recompute::Full) * tokens;
        let ours_none = arch.model_flops_per_token() * tokens;
        assert!((ours_full / with_recompute - 1.0).abs() < 1e-12);
        assert!((ours_none / without - 1.0).abs() < 1e-12);
    }

    /// Korthikanti et al. 2022, Table 2: bytes per layer for each technique, with
    /// s = 2048, b = 1, h = 12288, a = 96, t = 8 (the GPT-3 layer).
    #[test]
    fn golden_korthikanti_activation_formulas() {
        let arch = gpt(96, 12288, 96);
        let (s, b, h, a, t) = (2048.0, 1.0, 12288.0, 96.0, 8.0);
        let layout = |tp: f64, sp: bool, recompute: Recompute| ActivationLayout {
            micro_batch: b,
            tp,
            sequence_parallel: sp,
            recompute,
            flash_attention: false,
            bytes_per_value: 2.0,
        };
        let cases = [
            (
                layout(1.0, false, Recompute::None),
                s * b * h * (34.0 + 5.0 * a * s / h),
            ),
            (
                layout(t, false, Recompute::None),
                s * b * h * (10.0 + 24.0 / t + 5.0 * a * s / (h * t)),
            ),
            (
                layout(t, true, Recompute::None),
                s * b * h / t * (34.0 + 5.0 * a * s / h),
            ),
            (
                layout(t, false, Recompute::Selective),
                s * b * h * (10.0 + 24.0 / t),
            ),
            (layout(t, true, Recompute::Selective), s * b * h / t * 34.0),
            (layout(t, false, Recompute::Full), 2.0 * s * b * h),
            (layout(t, true, Recompute::Full), 2.0 * s * b * h / t),
        ];
        for (layout, expected) in cases {
            let ours = arch.activation_bytes_per_layer(&layout);
            assert!((ours / expected - 1.0).abs() < 1e-12, "{layout:?}");
        }
    }

    /// Published sizes: LLaMA 2 7B is 6.74 B parameters (Touvron et al. 2023,
    /// Table 1 rounds to 7B; the released checkpoint has 6,738,415,616), Llama 3
    /// 8B, 70B and 405B (Llama Team 2024, Table 3) are 8.03, 70.6 and 405.9 B.
    #[test]
    fn golden_llama_parameter_counts() {
        let cases = [
            ("llama2-7b", 6.738e9),
            ("llama3-8b", 8.03e9),
            ("llama3-70b", 70.55e9),
            ("llama3-405b", 405.85e9),
        ];
        for (preset, expected) in cases {
            let arch = super::super::presets::find(preset).unwrap().architecture;
            let ours = arch.params();
            assert!((ours / expected - 1.0).abs() < 2e-3, "{preset}: {ours}");
        }
    }

    /// LLaMA-style models train without dropout, so a layer keeps no masks:
    /// Korthikanti et al.'s terms without the two s·b·h masks and with only
    /// the softmax output (2·a·s²·b) of the three score-sized tensors.
    #[test]
    fn gated_models_store_no_dropout_masks() {
        let arch = super::super::presets::find("llama3-8b")
            .unwrap()
            .architecture;
        assert!(!arch.dropout());
        assert!(gpt(24, 2304, 24).dropout());
        let (s, h, a) = (arch.seq_len as f64, arch.hidden as f64, arch.heads as f64);
        let (kv, f) = (arch.kv_dim(), arch.ffn_hidden as f64);
        let layout = ActivationLayout {
            micro_batch: 1.0,
            tp: 1.0,
            sequence_parallel: false,
            recompute: Recompute::None,
            flash_attention: false,
            bytes_per_value: 2.0,
        };
        // Two norm inputs and two matrix inputs (8), Q, K, V and the attention
        // output (4·s·h + 4·s·kv), the gate, up, activation and product (8·s·f),
        // and the softmax output.
        let expected = 8.0 * s * h + 4.0 * s * h + 4.0 * s * kv + 8.0 * s * f + 2.0 * a * s * s;
        let ours = arch.activation_bytes_per_layer(&layout);
        assert!(
            (ours / expected - 1.0).abs() < 1e-12,
            "{ours} vs {expected}"
        );
    }
}
