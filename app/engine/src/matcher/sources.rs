//! Where each matcher rule comes from. Sources shared with other calculators
//! are re-exported from there, so a citation is written once.

use crate::explain::Source;

pub use crate::roofline::WILLIAMS_2009;
pub use crate::serve::POPE_2022;
pub use crate::split::{PATARASUK_2009, RAJBHANDARI_2020};
pub use crate::tco::{BARROSO_2018, SEED_H100_PRICE};

/// Pope et al., cited for the matcher's latency floor: a decoding step reads
/// every weight, and one served model is split over as many as 64 chips.
pub const POPE_2022_SPLIT: Source = Source {
    title: POPE_2022.title,
    locator: "Section 2 (each decoding step reads every weight and the KV cache); Table 2 (PaLM 540B served on 64 TPU v4 chips, about 28 ms per token at batch 64 with int8 weights); and the abstract (a low-batch latency of 29 ms per token with int8 weights)",
    url: POPE_2022.url,
};

pub const GOOGLE_TPU_INTRO: Source = Source {
    title: "Google Cloud, Introduction to Cloud TPU",
    locator: "When to use TPUs: the CPU, GPU and TPU lists, and the workloads TPUs are not suited to; Cloud TPU is a Google Cloud service",
    url: "https://docs.cloud.google.com/tpu/docs/intro-to-tpu",
};

pub const CORAL_FAQ: Source = Source {
    title: "Coral, Edge TPU frequently asked questions",
    locator: "What is the Edge TPU? (inference for low-power devices) and its processing speed (4 TOPS at 2 W)",
    url: "https://coral.ai/docs/edgetpu/faq",
};

pub const CORAL_MODELS: Source = Source {
    title: "Coral, TensorFlow models on the Edge TPU",
    locator: "Compatibility overview: only fully 8-bit quantised TensorFlow Lite models compiled for the Edge TPU",
    url: "https://coral.ai/docs/edgetpu/models-intro",
};

pub const CHETLUR_2014: Source = Source {
    title: "Chetlur et al. 2014, cuDNN: Efficient Primitives for Deep Learning",
    locator: "Sections 1 and 3 (convolution as dense matrix work on GPUs)",
    url: "https://arxiv.org/abs/1410.0759",
};

pub const LLAMA3_2024: Source = Source {
    title: "Llama Team, AI @ Meta 2024, The Llama 3 Herd of Models",
    locator: "Section 3.3 (405B parameters trained on up to 16K H100 GPUs)",
    url: "https://arxiv.org/abs/2407.21783",
};

pub const MUDIGERE_2022: Source = Source {
    title: "Mudigere et al. 2022, Software-Hardware Co-design for Fast and Scalable Training of Deep Learning Recommendation Models",
    locator: "ISCA 2022: embedding tables sharded table-, row- and column-wise over GPU HBM, DDR and SSD",
    url: "https://arxiv.org/abs/2104.05158",
};

pub const GRINSZTAJN_2022: Source = Source {
    title: "Grinsztajn, Oyallon and Varoquaux 2022, Why do tree-based models still outperform deep learning on tabular data?",
    locator: "NeurIPS 2022 Datasets and Benchmarks: tree ensembles lead on medium-sized tabular data",
    url: "https://arxiv.org/abs/2207.08815",
};

pub const DAVIES_2021: Source = Source {
    title: "Davies et al. 2021, Advancing Neuromorphic Computing With Loihi: A Survey of Results and Outlook",
    locator: "Proceedings of the IEEE 109(5): brain-inspired spiking networks gain orders of magnitude in latency and energy; plain feed-forward networks little",
    url: "https://doi.org/10.1109/JPROC.2021.3067593",
};

pub const INTEL_LOIHI2: Source = Source {
    title: "Intel Newsroom, Intel Advances Neuromorphic with Loihi 2, New Lava Software Framework and New Partners",
    locator: "Loihi 2 is a second-generation research chip, offered with the open-source Lava framework",
    url: "https://www.intel.com/content/www/us/en/newsroom/news/intel-unveils-neuromorphic-loihi-2-lava-software.html",
};

pub const BANBURY_2021: Source = Source {
    title: "Banbury et al. 2021, MLPerf Tiny Benchmark",
    locator: "NeurIPS 2021 Datasets and Benchmarks: keyword spotting, visual wake words, image classification and anomaly detection on microcontrollers",
    url: "https://arxiv.org/abs/2106.07597",
};

pub const TFLM: Source = Source {
    title: "Google AI Edge, LiteRT for Microcontrollers (formerly TensorFlow Lite for Microcontrollers)",
    locator:
        "Overview: the core runtime fits in 16 KB on an Arm Cortex-M3 and needs no operating system",
    url: "https://ai.google.dev/edge/lite/microcontrollers/overview",
};

pub const CHUNG_2018: Source = Source {
    title: "Chung et al. 2018, Serving DNNs in Real Time at Datacenter Scale with Project Brainwave",
    locator: "IEEE Micro 38(2): FPGA soft processor serving DNNs at batch 1 for Bing; models compile to it without a new hardware build",
    url: "https://doi.org/10.1109/MM.2018.022071131",
};

pub const PUTNAM_2014: Source = Source {
    title: "Putnam et al. 2014, A Reconfigurable Fabric for Accelerating Large-Scale Datacenter Services",
    locator: "ISCA 2014 (CACM 59(11), 2016): FPGAs in 1,632 servers; 29% lower tail latency for Bing ranking at equal throughput; section 1 on services that evolve too fast for non-programmable hardware",
    url: "https://cacm.acm.org/research/a-reconfigurable-fabric-for-accelerating-large-scale-datacenter-services/",
};

pub const REDDI_2020: Source = Source {
    title: "Reddi et al. 2020, MLPerf Inference Benchmark",
    locator: "Section 3 (scenarios: single-stream latency at one query at a time, server under a tail-latency bound, offline throughput)",
    url: "https://arxiv.org/abs/1911.02549",
};

pub const AWS_INF2_PERFORMANCE: Source = Source {
    title: "AWS Neuron documentation, Inf2 Inference Performance",
    locator: "Throughput, p50/p99 latency and cost per million inferences by model and batch size",
    url: "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/general/benchmarks/inf2/inf2-performance.html",
};

pub const AWS_INF2_ARCH: Source = Source {
    title: "AWS Neuron documentation, Amazon EC2 Inf2 Architecture",
    locator: "Instance sizes from inf2.xlarge (one Inferentia2 chip) to inf2.48xlarge (12 chips); the chips come only as EC2 instances",
    url: "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/general/arch/neuron-hardware/inf2-arch.html",
};

pub const PYTORCH_XLA_RECOMPILATION: Source = Source {
    title: "PyTorch/XLA documentation, Troubleshooting recompilations",
    locator: "XLA compiles for static shapes and recompiles, expensively, whenever an input shape changes",
    url: "https://docs.pytorch.org/xla/release/r2.8/perf/recompilation.html",
};

pub const JAX_INSTALL: Source = Source {
    title: "JAX documentation, Installation",
    locator: "Supported platforms: CPU, NVIDIA GPU, AMD GPU and Google Cloud TPU",
    url: "https://docs.jax.dev/en/latest/installation.html",
};

pub const ONNX_RUNTIME_EP: Source = Source {
    title: "ONNX Runtime documentation, Execution Providers",
    locator: "Summary of supported execution providers: CPU, GPU (CUDA, TensorRT, ROCm), IoT/edge and FPGA (Vitis AI) back ends",
    url: "https://onnxruntime.ai/docs/execution-providers/",
};

pub const VITIS_BUILD: Source = Source {
    title: "AMD Vitis Tutorials, Hardware Acceleration: Building the Device Binary (xclbin)",
    locator: "A hardware build (synthesis, place and route) can take several hours",
    url: "https://docs.amd.com/r/2024.1-English/Vitis-Tutorials-Hardware-Acceleration/Building-the-Device-Binary-xclbin",
};

pub const FAN_2007: Source = crate::energy::FAN_2007;

/// The catalogue itself: each part's `software` list and `for_inference` flag.
pub const CATALOGUE: Source = Source {
    title: "Compute Lab hardware catalogue (content/hardware), each entry with its datasheet",
    locator:
        "`software`, `for_inference`, `memory`, `interconnect` and `tdp_w` of each accelerator",
    url: "#/m/accelerators",
};

/// The course module whose method the matcher turns into points.
pub const COURSE_MATCHING: Source = Source {
    title: "Compute Lab, Matching workloads to compute (the eight questions)",
    locator: "The method in eight questions, and the scenarios side by side",
    url: "#/m/matching",
};
