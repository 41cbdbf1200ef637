//! `lab`: Compute Lab's command line. Thin by design: it reads files, hands text
//! to the `course` and `engine` crates, and prints what they return.

mod bench;
mod calculators;
mod check;
mod cost;
mod example;
mod matcher;
mod package;
mod simulate;
mod split;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "lab",
    about = "Compute Lab: content checks and calculators (JSON in, JSON out)",
    version
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate course content; print every problem as `path:line: message` and exit 1 if any.
    #[command(args_conflicts_with_subcommands = true)]
    Check {
        #[command(subcommand)]
        what: Option<CheckTarget>,
        /// The content folder, as in `lab check content DIR` (default: ./content).
        #[arg(value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Training compute (6 x params x tokens) and time on a cluster. Reads JSON from FILE or `-`.
    TrainCompute {
        /// A JSON file, or `-` for standard input.
        input: String,
    },
    /// Roofline: where an operation lands on each accelerator. Reads JSON from FILE or `-`.
    Roofline {
        /// A JSON file, or `-` for standard input.
        input: String,
        /// The content folder holding course.toml and the hardware catalogue.
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Time every calculator natively (median of many runs), for the README's performance table.
    Bench {
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Summarize every quiz for instructors, as JSON: questions by type and where correct options sit.
    Quizzes {
        #[arg(default_value = "content")]
        dir: PathBuf,
    },
    /// Checkpoint interval: Young's and Daly's optima and the share of time lost. Reads JSON from FILE or `-`.
    Checkpoint {
        /// A JSON file, or `-` for standard input.
        input: String,
    },
    /// Parallelism splitter: memory, step time and cost of a split, or the best split ("parallel": "auto"). Reads JSON from FILE or `-`.
    Split {
        /// A JSON file, or `-` for standard input.
        input: String,
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Case-study simulator: the recommender's training on a Kubernetes cluster with failures, Monte Carlo. Reads JSON from FILE or `-`.
    Simulate {
        /// A JSON file, or `-` for standard input.
        input: String,
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Package the built site for an LMS.
    Package {
        #[command(subcommand)]
        what: PackageTarget,
    },
    /// Refit the splitter's efficiency model on Megatron-LM Table 1 and print the residuals.
    Calibrate,
    /// Total cost of ownership: cloud on-demand, reserved and spot against buying, month by month. Reads JSON from FILE or `-`.
    Tco {
        /// A JSON file, or `-` for standard input.
        input: String,
    },
    /// Energy, electricity cost, CO2 and racks of a run, compared across the catalogue. Reads JSON from FILE or `-`.
    Energy {
        /// A JSON file, or `-` for standard input.
        input: String,
        /// The content folder holding course.toml and the hardware catalogue.
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Serving simulation: static or continuous batching, p50/p99 latency, throughput and accelerators needed. Reads JSON from FILE or `-`.
    Serve {
        /// A JSON file, or `-` for standard input.
        input: String,
        /// The content folder holding course.toml and the hardware catalogue.
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Chiplets against one big die: yield, dies per wafer and cost per working product. Reads JSON from FILE or `-`.
    Chiplet {
        /// A JSON file, or `-` for standard input.
        input: String,
    },
    /// Workload matcher: rank hardware classes and catalogue parts for a workload, with reasons. Reads `{"workload": {...}}` from FILE or `-`.
    Match {
        /// A JSON file, or `-` for standard input.
        input: Option<String>,
        /// Print the rule table (conditions, points, rationale, source) instead.
        #[arg(long)]
        rules: bool,
        /// The content folder holding course.toml and the hardware catalogue.
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Print a working input for a calculator, to edit and pipe back: `lab example split | lab split -`.
    Example {
        /// The calculator's subcommand.
        #[arg(value_enum)]
        calculator: example::Calculator,
    },
    /// List the widgets the course can place, as JSON.
    Widgets,
    /// Print the hardware catalogue (every accelerator, with sources) as JSON.
    Hardware {
        /// The content folder holding course.toml.
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
}

#[derive(Subcommand)]
enum PackageTarget {
    /// A SCORM 1.2 zip of the built site (run `trunk build` first).
    Scorm {
        /// The built site.
        #[arg(long, visible_alias = "site", default_value = "dist")]
        dist: PathBuf,
        /// Where to write the zip.
        #[arg(long, default_value = "target/compute-lab-scorm12.zip")]
        out: PathBuf,
    },
}

#[derive(Subcommand)]
enum CheckTarget {
    /// Check the content folder (default: ./content).
    Content {
        #[arg(default_value = "content")]
        dir: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check {
            what: Some(CheckTarget::Content { dir }),
            ..
        } => check::content(&dir),
        // `lab check DIR` is what authors type first; it means the same.
        Command::Check { what: None, dir } => {
            check::content(&dir.unwrap_or_else(|| PathBuf::from("content")))
        }
        Command::TrainCompute { input } => calculators::run(&input, calculators::train_compute),
        Command::Roofline { input, content } => match check::load_catalogue(&content) {
            Ok(catalogue) => {
                calculators::run(&input, |text| calculators::roofline(text, &catalogue))
            }
            Err(message) => calculators::fail(&message),
        },
        Command::Bench { content } => match check::load_catalogue(&content) {
            Ok(catalogue) => bench::run(&catalogue),
            Err(message) => calculators::fail(&message),
        },
        Command::Quizzes { dir } => check::quizzes(&dir),
        Command::Checkpoint { input } => calculators::run(&input, calculators::checkpoint),
        Command::Split { input, content } => match check::load_catalogue(&content) {
            Ok(catalogue) => calculators::run(&input, |text| split::run(text, &catalogue)),
            Err(message) => calculators::fail(&message),
        },
        Command::Simulate { input, content } => match check::load_catalogue(&content) {
            Ok(catalogue) => calculators::run(&input, |text| simulate::run(text, &catalogue)),
            Err(message) => calculators::fail(&message),
        },
        Command::Package {
            what: PackageTarget::Scorm { dist, out },
        } => package::scorm(&dist, &out),
        Command::Calibrate => calculators::run_value(split::calibrate()),
        Command::Tco { input } => calculators::run(&input, cost::tco),
        Command::Energy { input, content } => match check::load_catalogue(&content) {
            Ok(catalogue) => calculators::run(&input, |text| cost::energy(text, &catalogue)),
            Err(message) => calculators::fail(&message),
        },
        Command::Serve { input, content } => match check::load_catalogue(&content) {
            Ok(catalogue) => calculators::run(&input, |text| cost::serve(text, &catalogue)),
            Err(message) => calculators::fail(&message),
        },
        Command::Chiplet { input } => calculators::run(&input, calculators::chiplet),
        Command::Example { calculator } => example::print(calculator),
        Command::Match { rules: true, .. } => calculators::run_value(matcher::rules()),
        Command::Match {
            input: Some(input),
            content,
            ..
        } => match check::load_catalogue(&content) {
            Ok(catalogue) => calculators::run(&input, |text| matcher::run(text, &catalogue)),
            Err(message) => calculators::fail(&message),
        },
        Command::Match { input: None, .. } => {
            calculators::fail("match needs a JSON file or `-` (or --rules)")
        }
        Command::Widgets => calculators::widgets(),
        Command::Hardware { content } => check::hardware(&content),
    }
}
