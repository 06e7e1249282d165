//! `warpkit run`: load a program and a state file, run the warps (with a streaming trace if
//! asked), print the final state as JSON or as a table, and say which warps did not exit.

use crate::files::{self, Output};
use crate::input;
use crate::progress;
use crate::view::{self, IndexList, NumAsMap};
use std::io::{self, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use warpkit_sim::state::{parse_state, parse_state_reader};
use warpkit_sim::{
    EngineKind, Fields, Program, RunStatus, Sim, SimError, TraceFilter, TraceOptions,
};

/// Exit status of `--fail-on-fault` when a warp did not exit.
const EXIT_NOT_EXITED: u8 = 3;

#[derive(clap::Args)]
pub struct RunArgs {
    /// ELF code object or linked program (by its magic), assembly (.s, .S, .asm) or raw
    /// little-endian machine code (any other name; `-`: standard input).
    program: PathBuf,
    /// Read PROGRAM as assembly, machine code or ELF, whatever its name or contents.
    #[arg(long, value_enum)]
    format: Option<input::InputFormat>,
    /// Start at this kernel (of an ELF file or assembly with several `.kernel`s).
    #[arg(long, value_name = "NAME")]
    kernel: Option<String>,
    /// Initial state (JSON, see below; `-`: standard input); default: one warp. The
    /// output of a run is accepted too, to resume it.
    #[arg(long)]
    state: Option<PathBuf>,
    /// Stop a warp when its step count (continued from --state) reaches this.
    #[arg(long, default_value_t = warpkit_sim::DEFAULT_MAX_STEPS)]
    max_steps: u64,
    /// Write one JSON line per executed instruction to this file (`-`: standard output,
    /// before the final state), while the warps run: warp 0's lines, then warp 1's ...
    #[arg(long)]
    trace: Option<PathBuf>,
    /// Trace only these warps: indices and inclusive ranges, e.g. 0,2-5.
    #[arg(long, value_name = "LIST", value_parser = view::parse_index_list, requires = "trace")]
    trace_warps: Option<IndexList>,
    /// Trace only the instructions whose step (the warp's count of instructions retired
    /// before it) is in FROM..TO: FROM included, TO excluded (FROM..=TO includes TO;
    /// FROM.. and ..TO are open).
    #[arg(long, value_name = "FROM..TO", value_parser = view::parse_steps, requires = "trace")]
    trace_steps: Option<Range<u64>>,
    /// Show only these warps (each object then carries its index as `"warp": i`):
    /// indices and inclusive ranges, e.g. 0,2-5.
    #[arg(long, value_name = "LIST", value_parser = view::parse_index_list)]
    warps: Option<IndexList>,
    /// Show only these registers: v0-v127, u0-u63 and ranges (v0-v7), v or u for all,
    /// exec, pc, fflags, mode, vgprs; e.g. v0-v7,u0,u1,exec. (status, steps and fault are
    /// always shown.)
    #[arg(long, value_name = "LIST", value_parser = view::parse_regs)]
    regs: Option<Fields>,
    /// The final state as JSON (a state file), or as an aligned table per warp for people.
    #[arg(long, value_enum, default_value = "json")]
    view: View,
    /// Numbers in the table: hex (default), u32, i32, f32, or f16 (the low and high half
    /// of each register in two columns); for all registers, or per register or class:
    /// `v=f32,u=hex`, `v0-v3=f16,i32` (a bare kind is for the registers not named).
    #[arg(long = "as", value_parser = view::parse_num_as, value_name = "KIND|REGS=KIND,...")]
    num_as: Option<NumAsMap>,
    /// How the warps run: `jit` compiles hot code to host vector code (x86-64 with
    /// AVX-512; the same results as the interpreter), `interp` interprets every
    /// instruction. Default: jit where the host supports it, interp otherwise (or what
    /// WARPKIT_ENGINE says). Traced warps (--trace) always interpret.
    #[arg(long, value_enum)]
    engine: Option<EngineChoice>,
    /// After the run, print on standard error what the jit engine did: blocks compiled,
    /// instructions covered, compile time, code memory, and the variants it left to the
    /// interpreter.
    #[arg(long)]
    jit_stats: bool,
    /// Exit with status 3 when a warp did not exit (faulted, or stopped by --max-steps).
    #[arg(long)]
    fail_on_fault: bool,
    /// Print at most N assembly errors (and N warnings; default 100), and N lines about
    /// warps that did not exit (default: one line for every such warp).
    #[arg(long, value_name = "N")]
    max_errors: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineChoice {
    /// Compile hot blocks and loops (warpkit-jit).
    Jit,
    /// Interpret every instruction.
    Interp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// The state file (a valid --state).
    Json,
    /// A status line, the special and uniform registers, then a row per lane.
    Table,
}

fn load_state(state: Option<&Path>) -> Result<warpkit_sim::state::Launch, String> {
    match state {
        None => parse_state("{}").map_err(|e| e.to_string()),
        Some(p) => parse_state_reader(files::open_read(p)?)
            .map_err(|e| format!("{}: {e}", files::display(p))),
    }
}

pub fn run(a: RunArgs) -> Result<ExitCode, String> {
    if a.num_as.is_some() && a.view != View::Table {
        clap::Error::raw(
            clap::error::ErrorKind::ArgumentConflict,
            "--as applies to --view table (the JSON shows hex strings)\n",
        )
        .exit();
    }
    let program = &a.program;
    if files::is_std(program) && a.state.as_deref().is_some_and(files::is_std) {
        crate::help::usage_error("PROGRAM and --state cannot both be standard input");
    }
    let mut inputs: Vec<&Path> = vec![program];
    inputs.extend(a.state.as_deref());
    // The trace file is opened before anything runs: a bad path fails at once.
    let mut trace_out = a
        .trace
        .as_deref()
        .map(|t| Output::open(t, &inputs))
        .transpose()?;
    let loaded = input::load_program(
        program,
        a.format,
        a.kernel.as_deref(),
        a.max_errors.unwrap_or(100),
    )?;
    let code = &loaded.code;
    let mut launch = load_state(a.state.as_deref())?;
    loaded.prepare(&mut launch)?;
    let mut sim = Sim::from_launch(Program::new(code), launch);
    // The loader registered the tier; the process default says whether this host runs it.
    let engine = match a.engine {
        None => warpkit_sim::default_engine(),
        Some(EngineChoice::Interp) => EngineKind::Interp,
        Some(EngineChoice::Jit) => EngineKind::Jit,
    };
    sim.select_engine(engine).map_err(|e| format!("--{e}"))?;
    // The whole process follows the choice (the warps a trace leaves out, too).
    warpkit_sim::set_default_engine(engine);
    let n = sim.num_warps();
    let shown = a
        .warps
        .as_ref()
        .map(|l| view::expand_index_list(&l.0, n, "--warps"))
        .transpose()?;
    if let Some(l) = &a.trace_warps {
        view::expand_index_list(&l.0, n, "--trace-warps")?;
    }

    let mut ended = progress::Ended::Done;
    match trace_out.as_mut() {
        None => ended = progress::run_watched(&mut sim, a.max_steps)?,
        Some(out) => {
            let dir = out.scratch_dir();
            // Unlinked at once: nothing to remove, whatever ends the process.
            let spill = move || tempfile::tempfile_in(&dir);
            let opts = TraceOptions {
                filter: TraceFilter {
                    warps: a.trace_warps.clone().map(|l| l.0),
                    steps: a.trace_steps.clone().unwrap_or(TraceFilter::ALL.steps),
                },
                threads: 0,
                spill: &spill,
            };
            let asm = |i: &warpkit_encoding::Inst, pc: u32, s: &mut String| {
                warpkit_asm::format_inst(i, pc, None, s);
            };
            let name = out.name().to_string();
            match sim.run_traced(a.max_steps, out, &asm, &opts) {
                // The reader of the trace is gone (`| head`): the run stopped early and
                // nothing is left to say, so end quietly, as every output does.
                Err(SimError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                    return Ok(ExitCode::SUCCESS)
                }
                Err(SimError::Io(e)) => return Err(format!("cannot write {name}: {e}")),
                Err(e) => return Err(e.to_string()),
                Ok(()) => {}
            }
        }
    }
    if let Some(o) = trace_out {
        o.commit()?;
    }

    print_state(&sim, &a, shown.as_deref())?;
    if a.jit_stats {
        match sim.engine() {
            Some(e) => eprint!("{}", e.report()),
            None => eprintln!("jit: not used (--engine interp)"),
        }
    }
    if ended == progress::Ended::Interrupted {
        eprintln!(
            "warpkit: interrupted after {} instructions; the state printed is where the warps \
             stand: give it as --state to go on",
            sim.total_steps()
        );
        return Ok(ExitCode::from(progress::EXIT_INTERRUPTED));
    }
    let not_exited = report_not_exited(&sim, a.max_errors.unwrap_or(usize::MAX));
    if a.format.is_none() && loaded.format == warpkit_ui::load::ProgramFormat::Bin {
        let at_once = (0..n).any(|i| {
            matches!(sim.status(i), Ok(RunStatus::Faulted(_)))
                && sim.warp(i).is_ok_and(|w| w.steps() == 0)
        });
        if let Some(h) = input::text_hint(program, code, at_once) {
            eprintln!("{h}");
        }
    }
    Ok(if a.fail_on_fault && not_exited > 0 {
        ExitCode::from(EXIT_NOT_EXITED)
    } else {
        ExitCode::SUCCESS
    })
}

/// The final state on standard output, one warp at a time.
fn print_state(sim: &Sim, a: &RunArgs, shown: Option<&[usize]>) -> Result<(), String> {
    // Each warp's text is made whole and written at once: no further buffer (and copy).
    let mut out = io::stdout().lock();
    let r = match a.view {
        View::Json => sim
            .write_state(&mut out, shown, a.regs.as_ref().unwrap_or(&Fields::ALL))
            .map_err(|e| match e {
                SimError::Io(e) => e,
                e => io::Error::other(e.to_string()),
            })
            // The state file text ends in a newline, and the command has always printed
            // one more after it.
            .and_then(|()| out.write_all(b"\n")),
        View::Table => {
            let all: Vec<usize>;
            let list = match shown {
                Some(l) => l,
                None => {
                    all = (0..sim.num_warps()).collect();
                    &all
                }
            };
            let how = a.num_as.clone().unwrap_or_default();
            let mut s = String::new();
            list.iter().enumerate().try_for_each(|(k, &i)| {
                s.clear();
                if k > 0 {
                    s.push('\n');
                }
                if let (Ok(w), Ok(st)) = (sim.warp(i), sim.status(i)) {
                    view::warp_table(sim, i, w, st, a.regs.as_ref(), &how, &mut s);
                }
                out.write_all(s.as_bytes())
            })
        }
    };
    match r.and_then(|()| out.flush()) {
        // A closed pipe (`| head`) ends the output quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|e| format!("cannot write output: {e}")),
    }
}

/// One stderr line per warp that did not exit (at most `max` of them, then a count);
/// returns how many did not exit.
fn report_not_exited(sim: &Sim, max: usize) -> usize {
    let mut count = 0;
    let (mut faulted, mut limited) = (0, 0);
    let stderr = io::stderr();
    let mut err = stderr.lock();
    for i in 0..sim.num_warps() {
        let (Ok(w), Ok(st)) = (sim.warp(i), sim.status(i)) else {
            continue;
        };
        match st {
            RunStatus::Exited => continue,
            RunStatus::Faulted(_) => faulted += 1,
            RunStatus::StepLimit => limited += 1,
        }
        if count < max {
            if let Some(line) = view::not_exited_line(sim, i, w, st) {
                let _ = writeln!(err, "warpkit: {line}");
            }
        }
        count += 1;
    }
    if count > max {
        let _ = writeln!(
            err,
            "warpkit: and {} more warps did not exit ({faulted} faulted, {limited} stopped \
             by the step limit in all)",
            count - max
        );
    }
    count
}
