//! Model presets, each with the paper that publishes its shape.

use super::model::Architecture;
use crate::explain::Source;

#[derive(Debug, Clone, PartialEq)]
pub struct ModelPreset {
    pub key: &'static str,
    pub name: &'static str,
    pub architecture: Architecture,
    pub source: Source,
}

const fn gpt(layers: u64, hidden: u64, heads: u64, vocab: u64, seq_len: u64) -> Architecture {
    Architecture {
        layers,
        hidden,
        heads,
        kv_heads: heads,
        ffn_hidden: 4 * hidden,
        vocab,
        seq_len,
        gated_mlp: false,
    }
}

const fn llama(
    layers: u64,
    hidden: u64,
    heads: u64,
    kv_heads: u64,
    ffn_hidden: u64,
    vocab: u64,
    seq_len: u64,
) -> Architecture {
    Architecture {
        layers,
        hidden,
        heads,
        kv_heads,
        ffn_hidden,
        vocab,
        seq_len,
        gated_mlp: true,
    }
}

pub const PRESETS: [ModelPreset; 8] = [
    ModelPreset {
        key: "bert-large",
        name: "BERT-Large (340M)",
        architecture: gpt(24, 1024, 16, 30522, 512),
        source: Source {
            title: "Devlin et al. 2019, BERT: Pre-training of Deep Bidirectional Transformers",
            locator: "Section 3 (L = 24, H = 1024, A = 16) and Appendix A.2 (sequences of 512)",
            url: "https://arxiv.org/abs/1810.04805",
        },
    },
    ModelPreset {
        key: "gpt2-xl",
        name: "GPT-2 XL (1.5B)",
        architecture: gpt(48, 1600, 25, 50257, 1024),
        source: Source {
            title: "Radford et al. 2019, Language Models are Unsupervised Multitask Learners",
            locator: "Table 2 (48 layers, d_model 1600) and Section 2.3 (vocabulary 50,257, context 1024)",
            url: "https://cdn.openai.com/better-language-models/language_models_are_unsupervised_multitask_learners.pdf",
        },
    },
    ModelPreset {
        key: "gpt3-175b",
        name: "GPT-3 (175B)",
        architecture: gpt(96, 12288, 96, 50257, 2048),
        source: Source {
            title: "Brown et al. 2020, Language Models are Few-Shot Learners",
            locator: "Table 2.1 (96 layers, d_model 12288, 96 heads, context 2048)",
            url: "https://arxiv.org/abs/2005.14165",
        },
    },
    ModelPreset {
        key: "llama2-7b",
        name: "Llama 2 (7B)",
        architecture: llama(32, 4096, 32, 32, 11008, 32000, 4096),
        source: Source {
            title: "Touvron et al. 2023, Llama 2: Open Foundation and Fine-Tuned Chat Models",
            locator: "Table 1 and Section 2.2 (context 4k); shapes from the released configuration",
            url: "https://arxiv.org/abs/2307.09288",
        },
    },
    ModelPreset {
        key: "llama3-8b",
        name: "Llama 3 (8B)",
        architecture: llama(32, 4096, 32, 8, 14336, 128256, 8192),
        source: LLAMA3,
    },
    ModelPreset {
        key: "llama3-70b",
        name: "Llama 3 (70B)",
        architecture: llama(80, 8192, 64, 8, 28672, 128256, 8192),
        source: LLAMA3,
    },
    ModelPreset {
        key: "llama3-405b",
        name: "Llama 3 (405B)",
        architecture: llama(126, 16384, 128, 8, 53248, 128256, 8192),
        source: LLAMA3,
    },
    ModelPreset {
        key: "megatron-1t",
        name: "Megatron-LM GPT (1T)",
        architecture: gpt(128, 25600, 160, 51200, 2048),
        source: super::NARAYANAN_2021,
    },
];

const LLAMA3: Source = Source {
    title: "Llama Team 2024, The Llama 3 Herd of Models",
    locator: "Table 3 (layers, model dimension, FFN dimension, heads, key/value heads, vocabulary 128K) and Section 3.2",
    url: "https://arxiv.org/abs/2407.21783",
};

pub fn find(key: &str) -> Option<&'static ModelPreset> {
    // Menu keys ignore case, as `Checker::choice` does.
    PRESETS
        .iter()
        .find(|preset| preset.key.eq_ignore_ascii_case(key.trim()))
}
