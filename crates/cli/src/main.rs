//! `warpkit`: the command-line face of the toolchain.

mod cmd_cover;
mod cmd_diff;
mod cmd_export;
mod cmd_gen;
mod cmd_run;
mod cmd_shrink;
mod cmd_timing;
mod files;
mod help;
mod input;
mod spec;
mod view;

use clap::{Parser, Subcommand};
use files::Output;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use warpkit_asm::{disassemble, DisasmOptions};
use warpkit_isa::{docs, InsnDesc};

#[derive(Parser)]
#[command(
    name = "warpkit",
    version,
    about = "Toolchain and golden model of the warpkit GPU ISA",
    after_help = help::FILES_AND_EXIT
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Assemble a source file into little-endian machine code.
    #[command(after_help = help::ASM)]
    Asm {
        /// Assembly source (`-`: standard input).
        input: PathBuf,
        /// Output file (default: the input with extension .bin; standard output for `-`).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Print at most N errors (and N warnings), then how many more there are.
        #[arg(long, value_name = "N", default_value_t = 100)]
        max_errors: usize,
    },
    /// Disassemble machine code into assembly that assembles back to the same bytes.
    #[command(after_help = help::DISASM)]
    Disasm {
        /// Raw little-endian machine code (`-`: standard input).
        input: PathBuf,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Leave out the offset / raw-word comments.
        #[arg(long)]
        no_comments: bool,
    },
    /// Show an instruction's encoding, operands, latency, flags and semantics.
    #[command(after_help = help::SPEC)]
    Spec {
        /// Mnemonic (fadd.f32.m), family (fadd) or prefix; none lists every variant.
        #[arg(value_name = "NAME")]
        mnemonic: Option<String>,
        /// JSON: one object for a mnemonic, an array for a family or for all.
        #[arg(long)]
        json: bool,
    },
    /// Run a program on one or more warps and print the final state (JSON or a table).
    #[command(after_help = help::RUN)]
    Run(cmd_run::RunArgs),
    /// Write the reference documentation generated from the database.
    #[command(after_help = help::DOCS)]
    Docs {
        /// Output file.
        #[arg(short, long, default_value = "docs/isa.md")]
        output: PathBuf,
        /// Only check that the file is up to date (exit 1 if not).
        #[arg(long)]
        check: bool,
    },
    /// Generate random test programs and state files (deterministic per seed).
    Gen(cmd_gen::GenArgs),
    /// Reduce a program and its state file while a test command still succeeds.
    Shrink(cmd_shrink::ShrinkArgs),
    /// Show the first divergence between two commit logs (JSON Lines traces).
    Diff(cmd_diff::DiffArgs),
    /// Write the encoding facts as a SystemVerilog package (--sv) or a C header (--c).
    #[command(after_help = cmd_export::AFTER_HELP)]
    Export(cmd_export::ExportArgs),
    /// Time a program: cycles, IPC, stalls, timeline, SVG and trace-event pictures.
    Timing(cmd_timing::TimingArgs),
    /// Functional coverage: run programs into a coverage database; merge; report.
    #[command(after_help = cmd_cover::AFTER_HELP)]
    Cover(cmd_cover::CoverArgs),
}

/// One variant as `spec --json` shows it.
fn spec_entry(d: &InsnDesc) -> serde_json::Value {
    warpkit_isa::export::spec_json(d)
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    let done = match cli.cmd {
        Cmd::Run(a) => return cmd_run::run(a),
        Cmd::Cover(a) => return cmd_cover::run(a),
        Cmd::Asm {
            input,
            output,
            max_errors,
        } => {
            let out_path = output.unwrap_or_else(|| match files::is_std(&input) {
                true => PathBuf::from("-"),
                false => input.with_extension("bin"),
            });
            let mut out = Output::open(&out_path, &[&input])?;
            if out.is_terminal() {
                return Err(format!(
                    "refusing to write machine code to a terminal ({}); use -o FILE or redirect",
                    out.name()
                ));
            }
            let src = files::read_text(&input)?;
            let code = input::assemble(&files::display(&input), &src, max_errors)?;
            out.write_all_or_closed(&code)?;
            out.commit()
        }
        Cmd::Disasm {
            input,
            output,
            no_comments,
        } => {
            let mut out = Output::open(output.as_deref().unwrap_or(Path::new("-")), &[&input])?;
            let code = files::read(&input)?;
            let text = disassemble(
                &code,
                DisasmOptions {
                    comments: !no_comments,
                    labels: true,
                },
            );
            out.write_all_or_closed(text.as_bytes())?;
            out.commit()
        }
        Cmd::Spec { mnemonic, json } => {
            write_stdout(spec::answer(mnemonic.as_deref(), json)?.as_bytes())
        }
        Cmd::Docs { output, check } => {
            let text = docs::markdown();
            if check {
                let cur = match std::fs::read_to_string(&output) {
                    Ok(c) => c,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        return Err(format!(
                            "{} does not exist; run `warpkit docs` to create it",
                            output.display()
                        ))
                    }
                    Err(e) => return Err(format!("cannot read {}: {e}", output.display())),
                };
                if cur != text {
                    return Err(format!(
                        "{} is out of date; run `warpkit docs`",
                        output.display()
                    ));
                }
                return Ok(ExitCode::SUCCESS);
            }
            if let Some(dir) = output.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            files::write_file(&output, text.as_bytes(), &[])
        }
        Cmd::Gen(a) => cmd_gen::run(a),
        Cmd::Shrink(a) => cmd_shrink::run(a),
        Cmd::Diff(a) => cmd_diff::run(a),
        Cmd::Export(a) => cmd_export::run(a),
        Cmd::Timing(a) => cmd_timing::run(a),
    };
    done.map(|()| ExitCode::SUCCESS)
}

fn write_stdout(b: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(b).and_then(|_| out.flush()) {
        // A closed pipe (e.g. `| head`) is not an error worth a message.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|e| format!("cannot write output: {e}")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(msg) => {
            if !msg.is_empty() {
                eprintln!("warpkit: error: {msg}");
            }
            ExitCode::from(1)
        }
    }
}
