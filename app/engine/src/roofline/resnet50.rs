//! ResNet-50 as one whole inference phase: its 53 convolutions and one fully
//! connected layer, enumerated from the architecture so the roofline can count
//! the work and the memory traffic of a forward pass layer by layer.
//!
//! The layers follow torchvision's `resnet50` (ResNet v1.5: the downsampling
//! stride sits in each stage's first 3 × 3 convolution, not its first 1 × 1).
//! The totals reproduce torchvision's published figures exactly (25,557,032
//! parameters, 4.09 billion multiply-adds per 224 × 224 image); the tests pin both.

use crate::explain::Source;

pub const TORCHVISION_RESNET50: Source = Source {
    title: "PyTorch, torchvision.models.resnet50 (ResNet-50 v1.5, after He et al. 2016, Deep Residual Learning for Image Recognition)",
    locator: "ResNet50_Weights.IMAGENET1K_V1: num_params 25557032, GFLOPS 4.09 (multiply-adds per 224 × 224 image)",
    url: "https://pytorch.org/vision/stable/models/generated/torchvision.models.resnet50.html",
};

/// The input side of the images ResNet-50 was trained and published at.
pub const IMAGE_SIDE: u32 = 224;
const CLASSES: f64 = 1000.0;

/// Per-image work and traffic of one forward pass, in elements (not bytes), so
/// the roofline can price them at any precision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Network {
    /// Multiply-adds per image.
    pub macs_per_image: f64,
    /// Weights read once per batch: every convolution and the classifier, with
    /// batch norm folded into one bias per output channel.
    pub weights: f64,
    /// Parameters as torchvision counts them (batch norm's scale and shift
    /// before folding), kept so the tests can compare with its published count.
    pub trained_parameters: f64,
    /// Activation elements read or written per image.
    pub activations_per_image: f64,
    /// Activation elements the layers write per image (their outputs).
    pub outputs_per_image: f64,
    /// The most activation elements alive at once per image, in the order
    /// PyTorch's `Bottleneck` runs its layers with batch norm folded into the
    /// convolutions (as `weights` assumes): a layer's input and output, plus
    /// the block input that the residual add still needs.
    pub peak_live_per_image: f64,
}

/// One convolution: kernel side, channels in and out, input side and stride.
#[derive(Debug, Clone, Copy)]
struct Conv {
    kernel: u32,
    channels_in: u32,
    channels_out: u32,
    side_in: u32,
    stride: u32,
}

impl Conv {
    /// Padded as torchvision pads (k / 2 on each side), so odd sides round up.
    fn side_out(self) -> u32 {
        self.side_in.div_ceil(self.stride)
    }

    fn weights(self) -> f64 {
        f64::from(self.kernel).powi(2) * f64::from(self.channels_in) * f64::from(self.channels_out)
    }

    fn macs(self) -> f64 {
        self.weights() * f64::from(self.side_out()).powi(2)
    }

    fn input(self) -> f64 {
        f64::from(self.channels_in) * f64::from(self.side_in).powi(2)
    }

    fn output(self) -> f64 {
        f64::from(self.channels_out) * f64::from(self.side_out()).powi(2)
    }
}

/// The four stages: bottleneck blocks, bottleneck width and first stride.
const STAGES: [(u32, u32, u32); 4] = [(3, 64, 1), (4, 128, 2), (6, 256, 2), (3, 512, 2)];

/// The layers at one image side, with the elements the residual adds read and
/// the max pool writes, and the side of the last feature map.
struct Layers {
    convs: Vec<Conv>,
    shortcut_reads: f64,
    pooled: f64,
    last_side: u32,
    peak_live: f64,
}

fn layers(image_side: u32) -> Layers {
    let stem = Conv {
        kernel: 7,
        channels_in: 3,
        channels_out: 64,
        side_in: image_side,
        stride: 2,
    };
    let mut convs = vec![stem];
    // The 3 × 3, stride-2 max pool halves the stem's output before stage 1.
    let mut side = stem.side_out().div_ceil(2);
    let pooled = f64::from(stem.channels_out) * f64::from(side).powi(2);
    let mut channels = stem.channels_out;
    // Each block's residual add reads its shortcut once, fused into the last convolution.
    let mut shortcut_reads = 0.0;
    let mut peak_live = (stem.input() + stem.output()).max(stem.output() + pooled);
    for (blocks, width, first_stride) in STAGES {
        for block in 0..blocks {
            let stride = if block == 0 { first_stride } else { 1 };
            let reduce = Conv {
                kernel: 1,
                channels_in: channels,
                channels_out: width,
                side_in: side,
                stride: 1,
            };
            let spatial = Conv {
                kernel: 3,
                channels_in: width,
                channels_out: width,
                side_in: side,
                stride,
            };
            let expand = Conv {
                kernel: 1,
                channels_in: width,
                channels_out: 4 * width,
                side_in: spatial.side_out(),
                stride: 1,
            };
            convs.extend([reduce, spatial, expand]);
            // The block's input stays alive until the residual add at its end.
            let block_input = reduce.input();
            let mut live = (reduce.input() + reduce.output())
                .max(spatial.input() + spatial.output() + block_input)
                .max(expand.input() + expand.output() + block_input);
            if block == 0 {
                convs.push(Conv {
                    kernel: 1,
                    channels_in: channels,
                    channels_out: 4 * width,
                    side_in: side,
                    stride,
                });
                // PyTorch projects the shortcut after the main path, while
                // the main path's output waits for the add.
                live = live.max(block_input + 2.0 * expand.output());
            }
            peak_live = peak_live.max(live);
            shortcut_reads += expand.output();
            side = spatial.side_out();
            channels = 4 * width;
        }
    }
    Layers {
        convs,
        shortcut_reads,
        pooled,
        last_side: side,
        peak_live,
    }
}

/// ResNet-50 on one 224 × 224 RGB image. The count never changes, and the
/// roofline and the matcher ask for it on every input change, so it is
/// enumerated once and kept.
pub fn resnet50() -> Network {
    static RESNET50: std::sync::OnceLock<Network> = std::sync::OnceLock::new();
    *RESNET50.get_or_init(|| network(IMAGE_SIDE))
}

fn network(image_side: u32) -> Network {
    let Layers {
        convs,
        shortcut_reads,
        pooled,
        last_side,
        peak_live,
    } = layers(image_side);
    let features = 2048.0;
    let classifier = features * CLASSES;
    let conv_weights: f64 = convs.iter().map(|c| c.weights()).sum();
    let biases: f64 = convs.iter().map(|c| f64::from(c.channels_out)).sum();
    let stem_out = convs.first().map_or(0.0, |c| c.output());
    let last_map = features * f64::from(last_side).powi(2);
    let conv_inputs: f64 = convs.iter().map(|c| c.input()).sum();
    let conv_outputs: f64 = convs.iter().map(|c| c.output()).sum();
    // The max pool reads the stem's output and writes a quarter of it; the
    // global average pool reads the last map; the classifier reads 2,048
    // features and writes the scores.
    let pools_and_head = stem_out + pooled + last_map + features + features + CLASSES;
    Network {
        macs_per_image: convs.iter().map(|c| c.macs()).sum::<f64>() + classifier,
        weights: conv_weights + biases + classifier + CLASSES,
        trained_parameters: conv_weights + 2.0 * biases + classifier + CLASSES,
        activations_per_image: conv_inputs + conv_outputs + shortcut_reads + pools_and_head,
        outputs_per_image: conv_outputs,
        peak_live_per_image: peak_live,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden: torchvision's ResNet50_Weights.IMAGENET1K_V1 lists num_params
    /// 25557032 and GFLOPS 4.09, which counts multiply-adds
    /// (https://pytorch.org/vision/stable/models/generated/torchvision.models.resnet50.html).
    #[test]
    fn resnet50_matches_torchvisions_published_counts() {
        let net = resnet50();
        assert_eq!(net.trained_parameters, 25_557_032.0);
        assert!(
            (net.macs_per_image / 4.09e9 - 1.0).abs() < 0.002,
            "{}",
            net.macs_per_image
        );
        assert_eq!(layers(IMAGE_SIDE).convs.len(), 53);
    }

    /// Golden: timm's model card for resnet50.tv2_in1k (the same torchvision
    /// architecture, at its 176 × 176 training size) lists GMACs 2.6 and
    /// Activations (M) 6.9, the elements the convolutions write
    /// (https://huggingface.co/timm/resnet50.tv2_in1k). An odd side (11) appears
    /// on the way down, so this also checks the rounding of strided layers.
    #[test]
    fn at_176_pixels_the_counts_match_timms_model_card() {
        let net = network(176);
        assert!(
            (net.macs_per_image / 2.6e9 - 1.0).abs() < 0.01,
            "{}",
            net.macs_per_image
        );
        assert!(
            (net.outputs_per_image / 6.9e6 - 1.0).abs() < 0.01,
            "{}",
            net.outputs_per_image
        );
        assert_eq!(net.trained_parameters, 25_557_032.0);
    }

    /// At 224 pixels the busiest moment is the end of a first-stage block:
    /// 64 × 56 × 56 in, 256 × 56 × 56 out, and the 256 × 56 × 56 block input
    /// kept for the add (or, in the first block, the projected shortcut).
    #[test]
    fn the_busiest_moment_is_a_first_stage_residual_add() {
        let plane = 56.0 * 56.0;
        assert_eq!(
            resnet50().peak_live_per_image,
            (64.0 + 256.0 + 256.0) * plane
        );
    }

    /// The traffic model reads every output again (as the next layer's input)
    /// plus the shortcuts and pools, so it lies between two and three times the outputs.
    #[test]
    fn traffic_counts_each_activation_about_twice() {
        let net = resnet50();
        assert!(net.activations_per_image > 2.0 * net.outputs_per_image);
        assert!(net.activations_per_image < 3.0 * net.outputs_per_image);
    }
}
