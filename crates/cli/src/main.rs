//! `warpkit`: the command-line face of the toolchain.

mod cmd_cover;
mod cmd_debug;
mod cmd_diff;
mod cmd_export;
mod cmd_gen;
mod cmd_isa;
mod cmd_link;
mod cmd_run;
mod cmd_shrink;
mod cmd_timing;
mod files;
mod help;
mod input;
mod objects;
mod progress;
mod spec;
mod view;

use clap::{Parser, Subcommand};
use files::{write_stdout, Output};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use warpkit_asm::DisasmOptions;
use warpkit_isa::docs;

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
        /// Output file (default: the input with extension .bin, or .o for -f elf; standard
        /// output for `-`).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Raw machine code, or an ELF object with symbols, kernels, lines, relocations.
        #[arg(short, long, value_enum, default_value = "bin")]
        format: objects::OutFormat,
        /// Print at most N errors (and N warnings), then how many more there are.
        #[arg(long, value_name = "N", default_value_t = 100)]
        max_errors: usize,
        /// Look for `.include` files (and a .S file's `#include`s) in DIR too, after the
        /// including file's directory; repeatable, searched in order.
        #[arg(short = 'I', value_name = "DIR")]
        include_dirs: Vec<PathBuf>,
        /// A .S file: define the cpp macro NAME (as `cpp -D`); repeatable.
        #[arg(short = 'D', value_name = "NAME[=VAL]")]
        defines: Vec<String>,
        /// Define the symbol NAME as the integer VALUE before the first line (`.set NAME,
        /// VALUE`); repeatable.
        #[arg(long, value_name = "NAME=VALUE", value_parser = parse_defsym)]
        defsym: Vec<(String, i64)>,
    },
    /// Disassemble machine code into assembly that assembles back to the same bytes.
    #[command(after_help = help::DISASM)]
    Disasm {
        /// Raw little-endian machine code or an ELF file (`-`: standard input).
        input: PathBuf,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Leave out the offset / raw-word comments.
        #[arg(long)]
        no_comments: bool,
        /// ELF input: show the source lines of its line table as comments.
        #[arg(long)]
        source: bool,
    },
    /// Show an instruction's encoding, operands, latency, flags and semantics.
    #[command(after_help = help::SPEC)]
    Spec(spec::SpecArgs),
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
        /// Write the HTML manual DIR/index.html instead (with --check: check it).
        #[arg(long, value_name = "DIR")]
        html: Option<PathBuf>,
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
    /// Tools for ISA authors: check, map, free slots and diff of any `.isa` table.
    Isa(cmd_isa::IsaArgs),
    /// Debug a program: breakpoints, watchpoints, lane views, reverse execution (gdb's commands).
    #[command(after_help = cmd_debug::AFTER_HELP)]
    Debug(cmd_debug::DebugArgs),
    /// Serve the Debug Adapter Protocol on standard input/output (for editors).
    Dap(cmd_debug::DapArgs),
    /// Serve the web playground (editor, stepping forward and back, lanes, EXEC history).
    Serve(warpkit_web::ServeArgs),
    /// Link ELF objects into one program with an entry kernel.
    Link(cmd_link::LinkArgs),
    /// Language server for warpkit assembly on standard input/output (docs/editors.md).
    Lsp,
    /// Functional coverage: run programs into a coverage database; merge; report.
    #[command(after_help = cmd_cover::AFTER_HELP)]
    Cover(cmd_cover::CoverArgs),
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    let done = match cli.cmd {
        Cmd::Run(a) => return cmd_run::run(a),
        Cmd::Isa(a) => return cmd_isa::run(a),
        Cmd::Debug(a) => return cmd_debug::run(a),
        Cmd::Dap(a) => return cmd_debug::dap(a),
        Cmd::Cover(a) => return cmd_cover::run(a),
        Cmd::Asm {
            input,
            output,
            format,
            max_errors,
            include_dirs,
            defines,
            defsym,
        } => {
            let is_cpp = input.extension().is_some_and(|e| e == "S");
            if !defines.is_empty() && !is_cpp {
                eprintln!(
                    "error: -D defines a C preprocessor macro, and only .S files go through \
                     the preprocessor; for an assembler symbol use --defsym NAME=VALUE"
                );
                return Ok(ExitCode::from(2));
            }
            let opts = warpkit_ui::load::SourceOptions {
                asm: warpkit_asm::AsmOptions {
                    externals: format == objects::OutFormat::Elf,
                    defsyms: defsym,
                    ..Default::default()
                },
                include_dirs,
                defines,
            };
            let out_path = output.unwrap_or_else(|| match files::is_std(&input) {
                true => PathBuf::from("-"),
                false => input.with_extension(match format {
                    objects::OutFormat::Bin => "bin",
                    objects::OutFormat::Elf => "o",
                }),
            });
            let mut out = Output::open(&out_path, &[&input])?;
            if out.is_terminal() {
                return Err(format!(
                    "refusing to write machine code to a terminal ({}); use -o FILE or redirect",
                    out.name()
                ));
            }
            objects::assemble(&input, &mut out, format, max_errors, &opts)?;
            out.commit()
        }
        Cmd::Disasm {
            input,
            output,
            no_comments,
            source,
        } => {
            let mut out = Output::open(output.as_deref().unwrap_or(Path::new("-")), &[&input])?;
            let code = files::read(&input)?;
            let opts = DisasmOptions {
                comments: !no_comments,
                labels: true,
            };
            let text = objects::disassemble(&code, &files::display(&input), opts, source)?;
            out.write_all_or_closed(text.as_bytes())?;
            out.commit()
        }
        Cmd::Spec(a) => write_stdout(spec::answer(&a)?.as_bytes()),
        Cmd::Docs {
            html: Some(dir),
            check,
            ..
        } => cmd_isa::manual(&dir, check),
        Cmd::Docs { output, check, .. } => {
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
            // A missing directory is an error (as for `export`), not created: a typo in -o,
            // or running outside the checkout, should not leave new directories behind.
            files::write_file(&output, text.as_bytes(), &[])
        }
        Cmd::Gen(a) => cmd_gen::run(a),
        Cmd::Shrink(a) => cmd_shrink::run(a),
        Cmd::Diff(a) => cmd_diff::run(a),
        Cmd::Export(a) => cmd_export::run(a),
        Cmd::Timing(a) => cmd_timing::run(a),
        Cmd::Serve(a) => warpkit_web::run(a),
        Cmd::Link(a) => cmd_link::run(a),
        Cmd::Lsp => return warpkit_lsp::run_stdio().map(|clean| ExitCode::from(!clean as u8)),
    };
    done.map(|()| ExitCode::SUCCESS)
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

/// `--defsym NAME=VALUE`: a name the assembler accepts and an integer (decimal, `0x`, `0b`,
/// optionally negative).
fn parse_defsym(s: &str) -> Result<(String, i64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}`: expected NAME=VALUE"))?;
    let name = name.trim();
    let ok_name = name
        .bytes()
        .next()
        .is_some_and(warpkit_asm::expr::is_ident_start)
        && name.bytes().all(warpkit_asm::expr::is_ident_char);
    if !ok_name {
        return Err(format!("`{name}` is not a symbol name"));
    }
    let v = value.trim();
    let (neg, digits) = match v.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, v),
    };
    let n = warpkit_asm::expr::parse_int(digits)
        .ok_or_else(|| format!("`{v}` is not an integer (decimal, 0x hex or 0b binary)"))?;
    Ok((name.to_string(), if neg { n.wrapping_neg() } else { n }))
}
