//! The rule table: every rule the matcher can fire, with its condition, its
//! points, a one-sentence rationale and a source. Class rules give fixed
//! points to each hardware class; device rules read the catalogue figures of
//! one part (see `device.rs`). The module docs print the same table.

use super::fires::*;
use super::sources::*;
use super::MatcherInput;
use crate::explain::Source;
use crate::hardware::Class;
use serde::Serialize;

/// The classes in the order the matcher reports ties and documents points.
pub const CLASSES: [Class; 7] = [
    Class::Gpu,
    Class::Tpu,
    Class::Asic,
    Class::Fpga,
    Class::Cpu,
    Class::Edge,
    Class::Neuromorphic,
];

/// Points a class rule gives each class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClassPoints {
    pub gpu: i32,
    pub tpu: i32,
    pub asic: i32,
    pub fpga: i32,
    pub cpu: i32,
    pub edge: i32,
    pub neuromorphic: i32,
}

impl ClassPoints {
    pub const fn new(points: [i32; 7]) -> Self {
        let [gpu, tpu, asic, fpga, cpu, edge, neuromorphic] = points;
        ClassPoints {
            gpu,
            tpu,
            asic,
            fpga,
            cpu,
            edge,
            neuromorphic,
        }
    }

    pub fn get(&self, class: Class) -> i32 {
        match class {
            Class::Gpu => self.gpu,
            Class::Tpu => self.tpu,
            Class::Asic => self.asic,
            Class::Fpga => self.fpga,
            Class::Cpu => self.cpu,
            Class::Edge => self.edge,
            Class::Neuromorphic => self.neuromorphic,
        }
    }

    /// The largest bonus any class can get from this rule.
    pub fn max_bonus(&self) -> i32 {
        CLASSES
            .iter()
            .map(|class| self.get(*class))
            .max()
            .unwrap_or(0)
            .max(0)
    }
}

/// Class rules read only the workload; device rules also read one part's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    Class,
    Device,
}

/// Returns the fact that made a class rule fire, as a phrase such as
/// "the model changes weekly", or `None` when it does not fire.
pub type Fires = fn(&MatcherInput) -> Option<String>;

/// One row of the rule table.
#[derive(Debug, Clone)]
pub struct Rule {
    pub id: &'static str,
    /// The symbol for this rule's points in the score explanation (TeX).
    pub symbol: &'static str,
    pub title: &'static str,
    pub scope: Scope,
    /// When it fires, in words; the keys it reads must all be known.
    pub condition: &'static str,
    /// Class rules: the points per class. Device rules: `None`, see `effect`.
    pub points: Option<ClassPoints>,
    /// The points in words (for device rules, how they depend on the part).
    pub effect: &'static str,
    pub rationale: &'static str,
    pub source: Source,
    /// Class rules: the test. Device rules: `None` (evaluated in `device.rs`).
    pub fires: Option<Fires>,
    /// How a bonus reads, after the fact: "For: {fact}; {for_text}."
    pub for_text: &'static str,
    /// How a penalty reads: "Against: {fact}; {against_text}."
    pub against_text: &'static str,
    /// Per-class wording where the general sentence would be wrong.
    pub wording: &'static [(Class, &'static str)],
}

impl Rule {
    /// The sentence for this rule's effect on one class, or `None` for 0 points.
    pub fn reason(&self, class: Class, fact: &str, points: i32) -> Option<String> {
        let special = self
            .wording
            .iter()
            .find(|(c, _)| *c == class)
            .map(|(_, text)| *text);
        match points.signum() {
            1 => Some(format!(
                "For: {fact}; {}.",
                special.unwrap_or(self.for_text)
            )),
            -1 => Some(format!(
                "Against: {fact}; {}.",
                special.unwrap_or(self.against_text)
            )),
            _ => None,
        }
    }
}

/// A rule as printed by `lab match --rules` and the module docs.
#[derive(Debug, Clone, Serialize)]
pub struct RuleView {
    pub id: &'static str,
    pub title: &'static str,
    pub scope: Scope,
    pub condition: &'static str,
    pub points: Option<ClassPoints>,
    pub effect: &'static str,
    pub rationale: &'static str,
    pub source: Source,
}

impl From<&Rule> for RuleView {
    fn from(rule: &Rule) -> Self {
        RuleView {
            id: rule.id,
            title: rule.title,
            scope: rule.scope,
            condition: rule.condition,
            points: rule.points,
            effect: rule.effect,
            rationale: rule.rationale,
            source: rule.source.clone(),
        }
    }
}

pub fn table() -> Vec<RuleView> {
    RULES.iter().map(RuleView::from).collect()
}

pub fn find(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|rule| rule.id == id)
}

/// The smallest model the `scale_small` rule counts as small, in parameters.
pub const SMALL_MODEL_PARAMS: f64 = 1e7;
/// The parameter count from which `scale_large` fires.
pub const LARGE_MODEL_PARAMS: f64 = 1e10;
/// Power budgets up to this many watts fire `power_tight`, down to just above
/// `MILLIWATT_BUDGET_W`.
pub const TIGHT_BUDGET_W: f64 = 30.0;
/// Power budgets up to this many watts fire `power_milliwatt` instead.
pub const MILLIWATT_BUDGET_W: f64 = 1.0;
/// Budgets under this many dollars fire `budget_small` and `flagship_over_budget`.
pub const SMALL_BUDGET_USD: f64 = 25_000.0;

// A table row: the arguments are the table's columns, in order.
#[allow(clippy::too_many_arguments)]
const fn class_rule(
    id: &'static str,
    symbol: &'static str,
    title: &'static str,
    condition: &'static str,
    points: [i32; 7],
    fires: Fires,
    texts: (&'static str, &'static str),
    wording: &'static [(Class, &'static str)],
    rationale: &'static str,
    source: Source,
) -> Rule {
    Rule {
        id,
        symbol,
        title,
        scope: Scope::Class,
        condition,
        points: Some(ClassPoints::new(points)),
        effect: "fixed points per class",
        rationale,
        source,
        fires: Some(fires),
        for_text: texts.0,
        against_text: texts.1,
        wording,
    }
}

const fn device_rule(
    id: &'static str,
    symbol: &'static str,
    title: &'static str,
    condition: &'static str,
    effect: &'static str,
    rationale: &'static str,
    source: Source,
) -> Rule {
    Rule {
        id,
        symbol,
        title,
        scope: Scope::Device,
        condition,
        points: None,
        effect,
        rationale,
        source,
        fires: None,
        for_text: "",
        against_text: "",
        wording: &[],
    }
}

pub const RULES: [Rule; 40] = [
    class_rule(
        "training",
        "p_{\\mathrm{train}}",
        "Training",
        "phase = training, unless model_family = classical or spiking",
        [20, 15, 10, -25, -10, -30, -30],
        fires_training,
        (
            "backward passes, optimizer state and gradient exchange need fast matrix units, large memory and chip-to-chip links, which this class has",
            "this class is built for inference or research, or runs dense training math far more slowly",
        ),
        &[
            (Class::Cpu, "a CPU runs the dense matrix math of network training many times more slowly than parts with matrix units"),
            (Class::Fpga, "FPGA toolchains compile trained models for inference, not the backward passes and optimizer state that training needs"),
            (Class::Edge, "edge parts are built to run trained models within a small power budget, not to train them"),
            (Class::Neuromorphic, "neuromorphic chips are research parts for spiking networks, not for training networks by backpropagation"),
        ],
        "Training keeps weights, gradients and optimizer state in memory and runs forward and backward passes for days; Google sends such work to GPUs or TPUs and keeps CPUs for simple models that train quickly, and the catalogue's FPGA, edge and neuromorphic parts are inference or research parts.",
        GOOGLE_TPU_INTRO,
    ),
    class_rule(
        "scale_large",
        "p_{\\mathrm{large}}",
        "Ten billion parameters or more",
        "params ≥ 1e10",
        [10, 10, 5, -20, -20, -20, -20],
        fires_scale_large,
        (
            "models this large need high-bandwidth memory and fast links between many chips, which this class offers",
            "models this large need tens to hundreds of gigabytes of fast memory and chip-to-chip links this class lacks",
        ),
        &[],
        "Models with tens of billions of parameters are trained and served on many HBM accelerators joined by fast links; Llama 3 405B used up to 16K H100 GPUs.",
        LLAMA3_2024,
    ),
    class_rule(
        "scale_small",
        "p_{\\mathrm{small}}",
        "Ten million parameters or fewer, served",
        "phase = inference and params ≤ 1e7",
        [-5, -10, -5, 5, 10, 10, 5],
        fires_scale_small,
        (
            "a model this small fits in on-chip memory or caches, so a small part close to the data is enough",
            "a model this small leaves a big accelerator idle, and the trip to it can cost more than the math",
        ),
        &[],
        "Keyword spotters, wake-word detectors and anomaly detectors of well under a million parameters run on microcontrollers, which is what the MLPerf Tiny suite measures; models up to ten million run on small edge accelerators and CPUs.",
        BANBURY_2021,
    ),
    class_rule(
        "family_cnn",
        "p_{\\mathrm{cnn}}",
        "Convolutional network",
        "model_family = cnn",
        [15, 8, 5, 5, -5, 10, -10],
        fires_cnn,
        (
            "convolutions are dense, high-intensity math that this class runs well and its tools support directly",
            "convolutions are dense math this class runs slowly or only after conversion",
        ),
        &[],
        "Convolutions reuse each weight across a whole image, tens to hundreds of FLOP per byte and most in large-batch training, so tensor units pay off; cuDNN on GPUs and the Edge TPU compiler are both built around CNNs.",
        CHETLUR_2014,
    ),
    class_rule(
        "family_transformer",
        "p_{\\mathrm{tfm}}",
        "Transformer",
        "model_family = transformer",
        [12, 15, 8, -5, -5, -5, -10],
        fires_transformer,
        (
            "transformers are large dense matrix products with fixed shapes, which this class's matrix units and compilers handle well",
            "transformers are large dense matrix products, which this class runs far more slowly than parts with wide matrix units",
        ),
        &[],
        "Google lists models dominated by matrix computations first among TPU workloads, and transformer encoders are exactly that.",
        GOOGLE_TPU_INTRO,
    ),
    class_rule(
        "family_llm",
        "p_{\\mathrm{llm}}",
        "Large language model",
        "model_family = llm",
        [15, 12, 8, -15, -15, -15, -20],
        fires_llm,
        (
            "LLMs need large HBM for weights and the KV cache and fast links to shard across chips, which this class has",
            "LLMs need far more memory bandwidth than this class offers, and for all but small models more fast memory too",
        ),
        &[],
        "LLMs are trained and served on HBM accelerators sharded over fast links; Llama 3 was trained on up to 16K H100 GPUs.",
        LLAMA3_2024,
    ),
    class_rule(
        "family_recommender",
        "p_{\\mathrm{rec}}",
        "Recommender with embedding tables",
        "model_family = recommender",
        [12, 10, 5, -10, 5, -20, -20],
        fires_recommender,
        (
            "embedding tables need large, fast memory and an all-to-all exchange between chips, which this class provides",
            "embedding tables need far more memory than this class has",
        ),
        &[(Class::Cpu, "recommendation inference has long run on server CPUs with large DRAM, close to the features")],
        "Recommenders spend their time in embedding lookups over tables that outgrow one device; Meta shards them over GPU HBM, DDR and SSD, and Google lists ultra-large embeddings among TPU workloads.",
        MUDIGERE_2022,
    ),
    class_rule(
        "family_classical",
        "p_{\\mathrm{gbdt}}",
        "Classical ML (trees, linear models)",
        "model_family = classical",
        [5, -20, -20, -10, 35, -5, -20],
        fires_classical,
        (
            "tree ensembles are branchy, irregular code that many CPU cores with large caches run well",
            "tree ensembles are branchy code that matrix units cannot speed up",
        ),
        &[(Class::Gpu, "XGBoost trains and predicts on GPUs and LightGBM trains on them, which helps with very large data or long searches")],
        "Tree ensembles still lead deep networks on medium-sized tabular data and train quickly on CPUs; XGBoost also runs on CUDA GPUs, while Google lists branch-heavy code as unsuited to TPUs.",
        GRINSZTAJN_2022,
    ),
    class_rule(
        "family_spiking",
        "p_{\\mathrm{snn}}",
        "Spiking neural network",
        "model_family = spiking",
        [-15, -20, -20, -10, 5, -10, 60],
        fires_spiking,
        (
            "neuromorphic cores run spiking networks natively, event by event",
            "this class can only simulate a spiking network step by step, losing its event-driven efficiency",
        ),
        &[(Class::Cpu, "a CPU can simulate it for development (Lava has a CPU back end)")],
        "Spiking networks communicate with sparse events over time; on Loihi, brain-inspired spiking networks reached orders of magnitude lower latency and energy than conventional hardware on suited tasks.",
        DAVIES_2021,
    ),
    class_rule(
        "research_only",
        "p_{\\mathrm{research}}",
        "Research hardware",
        "always (neuromorphic class only)",
        [0, 0, 0, 0, 0, 0, -15],
        fires_research_only,
        (
            "",
            "they are offered to research partners rather than sold as products, with a young software stack (Lava)",
        ),
        &[],
        "Intel describes Loihi 2 as a research chip offered with the open Lava framework; plan a research project, not a product component.",
        INTEL_LOIHI2,
    ),
    class_rule(
        "memory_bound_decode",
        "p_{\\mathrm{decode}}",
        "Memory-bound LLM decoding",
        "phase = inference, model_family = llm and batch_size ≤ 16",
        [5, 3, 3, -5, -10, -10, 0],
        fires_memory_bound_decode,
        (
            "speed therefore follows memory bandwidth, and this class has high-bandwidth memory",
            "speed therefore follows memory bandwidth, and this class's memory is several times slower than a data-centre GPU's HBM",
        ),
        &[],
        "At batch b, LLM decoding does about b FLOP per byte of weights read (1 to 16 here), far below every accelerator's ridge point, so tokens per second track memory bandwidth, not peak FLOP/s.",
        POPE_2022,
    ),
    class_rule(
        "batch_large",
        "p_{\\mathrm{batch}}",
        "Large batches",
        "batch_size ≥ 64",
        [8, 8, 5, -10, -10, -10, -5],
        fires_batch_large,
        (
            "large batches reuse each weight many times, raising arithmetic intensity toward the ridge point where wide matrix units pay off",
            "large batches reward many wide matrix units, and this class has few or none",
        ),
        &[],
        "Batching raises arithmetic intensity; the nearer the work comes to the ridge point, the more throughput follows peak FLOP/s, the strength of GPUs, TPUs and training ASICs.",
        WILLIAMS_2009,
    ),
    class_rule(
        "latency_sub_ms",
        "p_{\\mathrm{sub\\,ms}}",
        "Sub-millisecond tail at batch 4 or less",
        "phase = inference, latency_p99_ms ≤ 1 and batch_size ≤ 4",
        [-5, -15, 5, 18, 5, 0, 0],
        fires_latency_sub_ms,
        (
            "a dedicated inference pipeline answers each request without waiting to fill a batch",
            "this class reaches full speed only with batching or across a network hop, which a sub-millisecond budget cannot absorb",
        ),
        &[
            (Class::Fpga, "a fixed hardware pipeline answers each request in a predictable number of cycles, the pattern Catapult and Brainwave used"),
            (Class::Cpu, "a small model on the CPU that already handles the request avoids a PCIe round trip"),
        ],
        "Microsoft's Brainwave served DNNs on FPGAs at batch 1 in real time, and a sub-millisecond budget leaves no room for batching windows.",
        CHUNG_2018,
    ),
    class_rule(
        "latency_tight",
        "p_{\\mathrm{tight}}",
        "Few-millisecond tail with small batches",
        "phase = inference, latency_p99_ms ≤ 5 and batch_size ≤ 16",
        [0, -8, 3, 3, 5, 5, 0],
        fires_latency_tight,
        (
            "this class serves small batches predictably, close to the request",
            "this class is built for large batches reached over a network, which a few-millisecond tail leaves little room for",
        ),
        &[],
        "MLPerf's single-stream scenario measures exactly this, one query at a time judged on its tail latency; a part close to the request with no batching window meets a few milliseconds easily, so the bonus is small.",
        REDDI_2020,
    ),
    class_rule(
        "throughput_high",
        "p_{\\mathrm{tput}}",
        "High, steady request rate",
        "phase = inference and throughput_per_s ≥ 1000",
        [8, 5, 12, 3, -5, -15, -15],
        fires_throughput_high,
        (
            "steady high volume rewards parts with a low cost per inference once they are kept busy",
            "this class runs out of throughput per watt and per dollar long before data-centre accelerators at this volume",
        ),
        &[],
        "Steady serving is judged on cost per inference; AWS publishes cost per million inferences for Inferentia2 because that is the figure such parts are built to lower.",
        AWS_INF2_PERFORMANCE,
    ),
    class_rule(
        "throughput_low",
        "p_{\\mathrm{trickle}}",
        "A trickle of requests",
        "phase = inference and throughput_per_s ≤ 10",
        [-5, -10, -5, -10, 10, 5, 0],
        fires_throughput_low,
        (
            "a trickle of requests is served well by a part that is already there",
            "a dedicated accelerator would sit idle almost all the time",
        ),
        &[],
        "Google keeps simple models and small effective batch sizes on CPUs; an accelerator pays off only when it is kept busy.",
        GOOGLE_TPU_INTRO,
    ),
    class_rule(
        "power_tight",
        "p_{\\mathrm{watts}}",
        "Power budget above 1 W, up to 30 W",
        "1 < power_budget_w ≤ 30",
        [-20, -25, -20, -10, -15, 25, 10],
        fires_power_tight,
        (
            "this class has parts that run within a few watts to a few tens of watts",
            "this class's catalogued parts draw tens to hundreds of watts",
        ),
        &[],
        "Edge parts are specified in single or low double-digit watts (the Coral Edge TPU about 2 W), while data-centre accelerators draw 70 to 1,000 W.",
        CORAL_FAQ,
    ),
    class_rule(
        "power_milliwatt",
        "p_{\\mathrm{mW}}",
        "Power budget of 1 W or less",
        "power_budget_w ≤ 1",
        [-30, -35, -30, -20, -25, 30, 30],
        fires_power_milliwatt,
        (
            "only the smallest edge parts and microcontrollers come near this budget",
            "even idle, the data-centre parts of this class draw more than the whole budget",
        ),
        &[(Class::Neuromorphic, "event-driven chips draw power mainly when spikes arrive, the regime neuromorphic research targets")],
        "Always-on sensing at milliwatts is the domain of microcontrollers (LiteRT for Microcontrollers, formerly TensorFlow Lite for Microcontrollers, runs in 16 KB with no operating system) and of event-driven neuromorphic chips; the rule takes over from the 30 W rule at a watt or less and carries its points too, since a milliwatt budget is tighter still.",
        TFLM,
    ),
    class_rule(
        "deploy_edge",
        "p_{\\mathrm{edge}}",
        "Deployed on a device in the field",
        "deployment = edge",
        [-25, -40, -30, 0, -10, 30, 5],
        fires_deploy_edge,
        (
            "this class makes small, low-power modules meant for devices",
            "this class lives in data centres and clouds, not inside a device",
        ),
        &[
            (Class::Neuromorphic, "neuromorphic research boards are small and frugal enough to sit inside a device"),
            (Class::Cpu, "a server CPU like the EPYC draws hundreds of watts in a data centre, and a device's own small CPU is a different part"),
        ],
        "Cloud TPUs are a Google Cloud service and AWS Neuron chips come only as EC2 instances; data-centre GPUs need server power and cooling, while Jetson and Coral modules are built into devices.",
        GOOGLE_TPU_INTRO,
    ),
    class_rule(
        "deploy_cloud",
        "p_{\\mathrm{cloud}}",
        "Runs in a public cloud",
        "deployment = cloud",
        [5, 10, 10, -5, 0, -25, -20],
        fires_deploy_cloud,
        (
            "this class can be rented by the hour from cloud providers",
            "this class is rarely or never offered as a rentable cloud instance",
        ),
        &[
            (Class::Tpu, "Cloud TPUs are rented by the hour, and only in Google Cloud"),
            (Class::Asic, "AWS's Inferentia and Trainium are rented by the hour, and only in AWS"),
            (Class::Fpga, "few clouds rent FPGAs, so the choice of instance is narrow"),
        ],
        "Cloud TPUs and the AWS Neuron chips exist only as cloud instances, and GPUs are rented by every cloud; edge modules and research chips are not rented.",
        AWS_INF2_ARCH,
    ),
    class_rule(
        "deploy_on_prem",
        "p_{\\mathrm{own}}",
        "Runs in your own data centre",
        "deployment = on_prem",
        [10, 0, 0, 5, 5, -15, -10],
        fires_deploy_on_prem,
        (
            "this class is sold by several vendors to rack and run yourself",
            "research chips are not sold for production racks",
        ),
        &[(
            Class::Edge,
            "edge modules are built into devices in the field, not racked: they lack a server's I/O, remote management and redundancy",
        )],
        "Owned hardware is bought, racked and amortised over years, which works for parts sold through many server vendors; cloud-only parts are handled by the device rule `cloud_only`.",
        BARROSO_2018,
    ),
    class_rule(
        "framework_pytorch",
        "p_{\\mathrm{torch}}",
        "PyTorch",
        "framework = pytorch",
        [10, -5, 0, -5, 5, 0, -10],
        fires_pytorch,
        (
            "PyTorch runs eagerly here, with mature kernels and most published research code",
            "PyTorch models must be exported and converted for this class",
        ),
        &[
            (Class::Tpu, "PyTorch reaches TPUs through PyTorch/XLA, which recompiles whenever an input shape changes"),
            (Class::Fpga, "PyTorch models reach an FPGA only through a vendor compiler such as Vitis AI, which quantizes them first, so every model change goes through that compiler"),
            (Class::Neuromorphic, "a PyTorch network has to be rebuilt as a spiking network in the chip's own framework"),
        ],
        "PyTorch's eager mode is most mature on CUDA; on TPUs it runs through PyTorch/XLA, which compiles for static shapes and recompiles on every new one.",
        PYTORCH_XLA_RECOMPILATION,
    ),
    class_rule(
        "framework_tensorflow",
        "p_{\\mathrm{tf}}",
        "TensorFlow",
        "framework = tensorflow",
        [5, 12, 0, -5, 5, 8, -10],
        fires_tensorflow,
        (
            "TensorFlow has a first-class path here (XLA on TPUs, TensorFlow Lite on the Edge TPU, native kernels elsewhere)",
            "TensorFlow models need conversion for this class",
        ),
        &[],
        "TensorFlow compiles to TPUs through XLA and to the Coral Edge TPU through TensorFlow Lite, the only format that part accepts.",
        CORAL_MODELS,
    ),
    class_rule(
        "framework_jax",
        "p_{\\mathrm{jax}}",
        "JAX",
        "framework = jax",
        [5, 20, 0, -10, 0, -15, -10],
        fires_jax,
        (
            "JAX is built on XLA and supports this class directly",
            "JAX has no supported path to this class",
        ),
        &[(Class::Tpu, "JAX is built on XLA, and Cloud TPUs are its home platform")],
        "JAX supports CPUs, NVIDIA and AMD GPUs and Cloud TPUs; it is built on XLA, the TPU compiler.",
        JAX_INSTALL,
    ),
    class_rule(
        "framework_onnx",
        "p_{\\mathrm{onnx}}",
        "ONNX",
        "framework = onnx",
        [5, -10, 0, 8, 10, 5, -10],
        fires_onnx,
        (
            "ONNX Runtime has an execution provider for this class",
            "there is no ONNX Runtime path to this class",
        ),
        &[],
        "ONNX Runtime reaches CPUs, GPUs, edge NPUs and FPGAs (Vitis AI) through execution providers, but not Cloud TPUs.",
        ONNX_RUNTIME_EP,
    ),
    class_rule(
        "updates_frequent",
        "p_{\\mathrm{churn}}",
        "Weekly or daily model changes",
        "model_update = weekly or daily",
        [10, -5, -10, -30, 5, -5, -10],
        fires_updates_frequent,
        (
            "a changed model runs here without an ahead-of-time compile or a hardware build",
            "on most parts of this class every change goes through an ahead-of-time compiler that wants static shapes and supported operators",
        ),
        &[(Class::Fpga, "a change that needs new FPGA logic means a new hardware build, hours of synthesis and place-and-route")],
        "Compiled paths (XLA, Neuron, the Edge TPU compiler) recompile on every change, and an FPGA hardware build can take several hours.",
        VITIS_BUILD,
    ),
    class_rule(
        "updates_fixed",
        "p_{\\mathrm{frozen}}",
        "Model frozen or rarely changed",
        "model_update = never or rarely",
        [0, 3, 8, 12, 0, 5, 0],
        fires_updates_fixed,
        (
            "the one-off cost of compiling for it, or building hardware, is paid once and amortised",
            "",
        ),
        &[],
        "A frozen model pays for an ahead-of-time compile or an FPGA build once. Catapult's authors chose reprogrammable FPGAs because data-centre services change too fast for fixed-function chips, and each FPGA change is still a build of hours.",
        PUTNAM_2014,
    ),
    class_rule(
        "rent_when_idle",
        "p_{\\mathrm{idle}}",
        "Mostly idle, in the cloud",
        "phase = inference, deployment = cloud and utilization < 0.4",
        [-5, 0, 10, -10, 5, 0, 0],
        fires_rent_when_idle,
        (
            "small rented inference instances (one Inferentia2 chip in an inf2.xlarge) or CPU endpoints keep the bill for idle hours low",
            "a big dedicated accelerator would be billed through hours it sits idle",
        ),
        &[],
        "Capacity busy less than 40% of the time should be rented in the smallest unit that serves it; Inf2 starts at a single-chip instance.",
        AWS_INF2_ARCH,
    ),
    class_rule(
        "buy_when_busy",
        "p_{\\mathrm{buy}}",
        "Busy most of the time, on your own hardware",
        "deployment = on_prem and utilization ≥ 0.7",
        [12, 0, 0, 3, 5, 0, 0],
        fires_buy_when_busy,
        (
            "a fleet kept this busy pays back its purchase, and GPUs are the most reusable part to own across models",
            "",
        ),
        &[],
        "Owning pays when capital is spread over many busy hours; the course's TCO calculator shows the break-even utilization for your prices.",
        BARROSO_2018,
    ),
    class_rule(
        "budget_small",
        "p_{\\mathrm{budget}}",
        "Hardware budget under $25,000",
        "budget_usd < 25000",
        [-5, 0, 0, -10, 8, 10, -5],
        fires_budget_small,
        (
            "parts in this class cost from under a hundred to a few thousand dollars, or can be rented by the hour",
            "serious parts in this class, with their servers and engineering, cost more than that",
        ),
        &[(Class::Cpu, "server CPUs cost from a few hundred dollars to about $12,000 (the EPYC 9654 lists at $11,805), and CPU instances rent by the hour")],
        "A flagship data-centre GPU alone is assumed to cost about $30,000 (the course's labelled assumption); small budgets point to CPUs, edge parts or renting.",
        SEED_H100_PRICE,
    ),
    device_rule(
        "memory_fit",
        "p_{\\mathrm{fit}}",
        "The model fits in memory",
        "params known and the part lists its memory capacity",
        "+5 if it fits one chip; 0 if it fits the part's fast domain (NVLink, pod); otherwise −20 for inference, and for training −10 when the catalogue lists no scale-out network, else 0",
        "Weights take 2 bytes per parameter to serve in BF16 (1 on a part that publishes only 8-bit peaks, and a served LLM's KV cache comes on top) and 16 bytes per parameter to train with mixed-precision Adam, and they must fit in one chip or be sharded over fast links.",
        RAJBHANDARI_2020,
    ),
    device_rule(
        "roofline_speed",
        "p_{\\mathrm{speed}}",
        "Attainable speed at this workload's intensity",
        "model_family known and not classical or spiking, not a served model of 1e7 parameters or fewer, and the part lists a peak (and a bandwidth when memory-bound)",
        "15 for the fastest catalogue part at this workload, 5 fewer per factor of ten slower, never below 0; attainable = min(peak, intensity × bandwidth), with peak at BF16, else at the first of INT8, FP8 and FP32 the part publishes, one operation counting as one",
        "The roofline caps throughput at min(peak, intensity × bandwidth): embedding lookups (0.5 FLOP/byte, for recommender training or an unknown batch) and small-batch decoding (batch FLOP/byte) are set by bandwidth, a served CNN (a whole ResNet-50 pass, 76 to 144 FLOP/byte in BF16) and a served recommender (a whole DLRM-DCNv2, 1 to 141 FLOP/byte in BF16) sit below most ridge points, and large dense work is set by peak; a served model of 10 million parameters finishes in microseconds anywhere, so speed earns nothing there.",
        WILLIAMS_2009,
    ),
    device_rule(
        "latency_floor",
        "p_{\\mathrm{floor}}",
        "The latency target against the fastest possible step",
        "phase = inference, model_family = llm or transformer, latency_p99_ms and params known, and the part lists its bandwidth and a peak",
        "−25 if, with 16-bit weights (8-bit on a part that publishes only 8-bit peaks), one step takes longer than the target even spread over up to 64 chips of the part's fast domain (every weight read once, 2 operations per weight per sequence at peak); otherwise a note with the floor, no points; silent when the weights overflow the fast domain",
        "Each decoding step reads every weight from memory, so a step takes at least weight bytes ÷ bandwidth however fast the arithmetic; tensor parallelism divides that over chips, and Pope et al. serve PaLM 540B over 64 TPU v4 chips (Table 2), the widest split the floor allows. With 16-bit weights (8-bit on a part that runs only 8-bit models) a target below the floor cannot be met on that part; only fewer bytes per weight, or a smaller model, can. A floor met only by splitting over chips leaves out the links between them, so its note adds what Pope et al. measured: 29 ms per token against a 7.03 ms read floor, about 4.1 times.",
        POPE_2022_SPLIT,
    ),
    device_rule(
        "power_fit",
        "p_{\\mathrm{TDP}}",
        "Power draw against the budget",
        "power_budget_w known, and the part lists tdp_w or is a GPU, TPU or ASIC that lists none while every one that does exceeds the budget",
        "+5 within the budget; −50 over it, more than any class bonus a power budget can give, and 5 more per factor of ten over, up to 20 more; a GPU, TPU or ASIC that publishes no power, under a budget every published one exceeds, is scored as drawing the least published figure; otherwise its missing figure is a note",
        "A part that draws more than the budget cannot be used within it at all, so exceeding it outweighs every power-related bonus; a part far over ranks below one just over, and a data-centre part with no published figure is not let off a budget that every published one exceeds.",
        FAN_2007,
    ),
    device_rule(
        "framework_listed",
        "p_{\\mathrm{sw}}",
        "Framework support listed for the part",
        "framework known",
        "+4 if the part's software list includes it (TensorRT and Vitis AI count as ONNX importers, Vitis AI also for PyTorch and TensorFlow); −6 if not",
        "Support the vendor lists is support you can use on day one; anything else means converting or porting the model.",
        CATALOGUE,
    ),
    device_rule(
        "cloud_only",
        "p_{\\mathrm{rent}}",
        "Rented only as a cloud service",
        "deployment = on_prem or edge, and the part is a Cloud TPU or an AWS chip",
        "−40",
        "Cloud TPUs and AWS Inferentia and Trainium are not offered for sale to ordinary buyers; they are rented as instances in their vendor's cloud.",
        AWS_INF2_ARCH,
    ),
    device_rule(
        "inference_part",
        "p_{\\mathrm{serve}}",
        "A part built for inference",
        "the part is marked for_inference in the catalogue",
        "+6 for inference; −20 for training",
        "Parts designed for serving (T4, Inferentia2, the Edge TPU) are the economical choice for inference and the wrong one for training.",
        CATALOGUE,
    ),
    device_rule(
        "interconnect",
        "p_{\\mathrm{link}}",
        "Chip-to-chip bandwidth for large training",
        "phase = training and params ≥ 1e9",
        "+6 at 1,000 GB/s per chip or more; +5 at 600; +3 at 300; +1 at 100; 0 below or unlisted",
        "Data-parallel training all-reduces every gradient every step, and a ring all-reduce moves about twice the gradient bytes through each chip's links.",
        PATARASUK_2009,
    ),
    device_rule(
        "embedding_capacity",
        "p_{\\mathrm{emb}}",
        "Memory for embedding tables",
        "model_family = recommender and the part lists its memory capacity",
        "+6 at 128 GB per chip or more; +4 at 64 GB; +2 at 32 GB; 0 below",
        "Embedding tables grow to terabytes, so fewer, larger memories mean fewer shards and less all-to-all traffic.",
        MUDIGERE_2022,
    ),
    device_rule(
        "flagship_over_budget",
        "p_{\\mathrm{price}}",
        "Flagship part on a small budget",
        "budget_usd < 25000",
        "−10 if the part draws 500 W or more (8-way SXM/OAM modules sold in whole servers) or its listed purchase price exceeds the budget; with no budget, a note (no points) when such a part leads a class for a model using under a tenth of its memory",
        "The 500 W-plus modules are sold only in 4- or 8-accelerator servers costing far more than a small budget; a listed price above the budget rules a part out the same way.",
        SEED_H100_PRICE,
    ),
];
