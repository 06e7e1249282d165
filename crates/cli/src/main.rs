//! `warpkit`: the command-line face of the toolchain.

mod files;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use warpkit_asm::{assemble_file, disassemble, DisasmOptions};
use warpkit_isa::{docs, lookup, suggest, INSNS};

#[derive(Parser)]
#[command(
    name = "warpkit",
    version,
    about = "Toolchain and golden model of the warpkit GPU ISA"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Assemble a source file into little-endian machine code.
    Asm {
        input: PathBuf,
        /// Output file (default: the input with extension .bin).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Disassemble machine code into assembly that assembles back to the same bytes.
    Disasm {
        input: PathBuf,
        /// Write to a file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Leave out the offset / raw-word comments.
        #[arg(long)]
        no_comments: bool,
    },
    /// Show an instruction's encoding, operands, latency, flags and semantics.
    Spec {
        /// Mnemonic, e.g. fadd.f32.m
        mnemonic: Option<String>,
        /// Every variant as a JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Run a program on one or more warps and print the final state as JSON.
    Run {
        /// Assembly (`.s`) or raw little-endian machine code (any other name).
        program: PathBuf,
        /// Initial state (JSON); every key optional. The output of a run is accepted too,
        /// to resume it.
        #[arg(long)]
        state: Option<PathBuf>,
        /// Stop a warp when its step count (continued from --state) reaches this.
        #[arg(long, default_value_t = warpkit_sim::DEFAULT_MAX_STEPS)]
        max_steps: u64,
        /// Write one JSON line per executed instruction to this file.
        #[arg(long)]
        trace: Option<PathBuf>,
    },
    /// Write the reference documentation generated from the database.
    Docs {
        /// Output file.
        #[arg(short, long, default_value = "docs/isa.md")]
        output: PathBuf,
        /// Only check that the file is up to date (exit 1 if not).
        #[arg(long)]
        check: bool,
    },
}

fn spec_json() -> String {
    let arr: Vec<serde_json::Value> = INSNS
        .iter()
        .map(|d| {
            serde_json::json!({
                "mnemonic": d.mnemonic,
                "format": d.format_desc().name,
                "opcode": d.opcode,
                "funct": d.funct.map(|f| serde_json::json!({"name": f.name, "value": f.value})),
                "latency": d.latency_text,
                "operands": d.operands.iter().map(|o| serde_json::json!({"slot": o.slot.name(), "type": o.ty.name()})).collect::<Vec<_>>(),
                "flags": d.flags.names().collect::<Vec<_>>(),
                "size": d.size,
                "group": d.group_desc().id,
                "chapter": d.group_desc().chapter,
                "unit": d.group_desc().unit,
                "semantics": d.semantics,
                "executable": !d.is_unsupported(),
            })
        })
        .collect();
    serde_json::to_string_pretty(&arr).unwrap_or_default()
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.cmd {
        Cmd::Asm { input, output } => {
            let src = files::read_text(&input)?;
            let name = input.display().to_string();
            match assemble_file(&name, &src) {
                Ok(a) => {
                    let out = output.unwrap_or_else(|| input.with_extension("bin"));
                    files::write_atomic(&out, &a.code, &[&input])?;
                    Ok(())
                }
                Err(d) => {
                    let color = std::env::var_os("NO_COLOR").is_none() && is_tty_stderr();
                    eprint!("{}", d.render(color));
                    Err(String::new())
                }
            }
        }
        Cmd::Disasm {
            input,
            output,
            no_comments,
        } => {
            let code = files::read(&input)?;
            let text = disassemble(
                &code,
                DisasmOptions {
                    comments: !no_comments,
                    labels: true,
                },
            );
            match output {
                Some(out) => files::write_atomic(&out, text.as_bytes(), &[&input]),
                None => write_stdout(text.as_bytes()),
            }
        }
        Cmd::Spec { mnemonic, json } => {
            if json {
                return write_stdout(format!("{}\n", spec_json()).as_bytes());
            }
            let Some(m) = mnemonic else {
                let mut s = String::new();
                for d in INSNS.iter() {
                    s.push_str(&format!(
                        "{:<24} {:<4} {}\n",
                        d.mnemonic,
                        d.format_desc().name,
                        d.semantics
                    ));
                }
                return write_stdout(s.as_bytes());
            };
            match lookup(&m) {
                Some(id) => write_stdout(docs::describe(id.desc()).as_bytes()),
                None => Err(match suggest(&m) {
                    Some(s) => format!("unknown instruction `{m}`; did you mean `{s}`?"),
                    None => format!(
                        "unknown instruction `{m}` (`warpkit spec` lists all {})",
                        INSNS.len()
                    ),
                }),
            }
        }
        Cmd::Run {
            program,
            state,
            max_steps,
            trace,
        } => {
            let code = load_program(&program)?;
            let state_text = match &state {
                Some(p) => files::read_text(p)?,
                None => "{}".to_string(),
            };
            let asm = |i: &warpkit_encoding::Inst, pc: u32, s: &mut String| {
                warpkit_asm::format_inst(i, pc, None, s);
            };
            let json = match &trace {
                None => warpkit_sim::run_state(&code, &state_text, max_steps, None),
                Some(tp) => {
                    let mut inputs: Vec<&std::path::Path> = vec![&program];
                    if let Some(s) = &state {
                        inputs.push(s);
                    }
                    // Trace to memory first, then write atomically like every other output.
                    let mut buf: Vec<u8> = Vec::new();
                    let r = warpkit_sim::run_state(
                        &code,
                        &state_text,
                        max_steps,
                        Some((&mut buf, &asm)),
                    );
                    if r.is_ok() {
                        files::write_atomic(tp, &buf, &inputs)?;
                    }
                    r
                }
            }
            .map_err(|e| match &state {
                Some(p) => format!("{}: {e}", p.display()),
                None => e.to_string(),
            })?;
            write_stdout(format!("{json}\n").as_bytes())
        }
        Cmd::Docs { output, check } => {
            let text = docs::markdown();
            if check {
                let cur = std::fs::read_to_string(&output).unwrap_or_default();
                if cur != text {
                    return Err(format!(
                        "{} is out of date; run `warpkit docs`",
                        output.display()
                    ));
                }
                return Ok(());
            }
            if let Some(dir) = output.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            files::write_atomic(&output, text.as_bytes(), &[])
        }
    }
}

/// Assembly for `.s` files (diagnostics printed), raw machine code otherwise.
fn load_program(path: &std::path::Path) -> Result<Vec<u8>, String> {
    if path.extension().is_some_and(|e| e == "s") {
        let src = files::read_text(path)?;
        assemble_file(&path.display().to_string(), &src)
            .map(|a| a.code)
            .map_err(|d| {
                let color = std::env::var_os("NO_COLOR").is_none() && is_tty_stderr();
                eprint!("{}", d.render(color));
                String::new()
            })
    } else {
        files::read(path)
    }
}

fn is_tty_stderr() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal()
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
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            if !msg.is_empty() {
                eprintln!("warpkit: error: {msg}");
            }
            ExitCode::from(1)
        }
    }
}
