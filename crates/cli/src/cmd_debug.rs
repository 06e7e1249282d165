//! `warpkit debug`: a command-line debugger with gdb's command names over the
//! `warpkit-debug` engine. [`DebugSession::execute`] turns one command line into text; the
//! front end around it reads lines with rustyline on a terminal, or from a script /
//! standard input in batch mode (no prompts).

use crate::{files, input};
use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use warpkit_debug::loc::parse_value;
use warpkit_debug::LineTable;
use warpkit_debug::{
    BreakKind, DebugConfig, Engine, FaultCatch, StatePlace, Stop, StopReason, Target, WarpStatus,
};
use warpkit_sim::{FaultCause, LANES};

#[derive(clap::Args)]
pub struct DebugArgs {
    /// Program: assembly (.s, .S, .asm) or machine code.
    program: PathBuf,
    /// State file launching the warps (default: one warp, all registers 0).
    #[arg(long)]
    state: Option<PathBuf>,
    /// Read commands from FILE first (repeatable); with --batch, exit after them.
    #[arg(short = 'x', long = "command", value_name = "FILE")]
    scripts: Vec<PathBuf>,
    /// No prompts, no line editing: commands from -x files, else from standard input; exit
    /// at their end (status 1 if a command failed).
    #[arg(long)]
    batch: bool,
    /// Steps per warp after which it stops (status step_limit).
    #[arg(long, value_name = "N", default_value_t = warpkit_sim::DEFAULT_MAX_STEPS)]
    max_steps: u64,
    /// Memory for reverse-execution checkpoints, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    budget: usize,
    /// Read PROGRAM as assembly or machine code whatever its name.
    #[arg(long, value_enum)]
    format: Option<input::Format>,
}

pub const AFTER_HELP: &str = "\
Commands (gdb's names; `help CMD` in the session): break/b, tbreak, watch, delete/d, \
disable, enable, condition, ignore, catch fault, step/s, next/n, finish/fin, until/u, \
advance, continue/c, reverse-step/rs, reverse-next/rn, reverse-finish, reverse-continue/rc, \
goto, last-write, print/p, display, undisplay, set, info registers|warps|breakpoints|\
frame|display|line|history, backtrace/bt, disassemble/disas, list/l, warp, help, quit/q. \
Enter repeats the last command.\n\
Exit status: 0, or 1 when --batch and a command failed; bad program or state: 1.";

/// Loads the program (with its labels and line table: from the source for assembly, from
/// the symbols and `.debug_line` of an ELF file) and the state file.
pub fn load(
    program: &Path,
    state: Option<&Path>,
    format: Option<input::Format>,
) -> Result<(Target, String), String> {
    let target = match format.unwrap_or_else(|| input::format_of(program)) {
        // The same front stage as `warpkit asm` (includes, macros, kernels), whose line
        // table names the lines of every included file too.
        input::Format::Asm => {
            let src = input::read_source(program)?;
            let name = files::display(program);
            let disk = (!files::is_std(program)).then_some(program);
            let (obj, warnings) =
                warpkit_object::load::assemble_source(&name, src.clone(), disk, false)
                    .map_err(|e| input::report(e, 100))?;
            if !warnings.is_empty() {
                input::report(warpkit_object::load::LoadError::Assembly(warnings), 100);
            }
            target_of(obj.code.clone(), Some(obj), vec![(name, src)])
        }
        _ => {
            let p = input::load_program(program, format, None, 100)?;
            target_of(p.code, p.object, Vec::new())
        }
    };
    let state = match state {
        Some(p) => files::read_text(p)?,
        None => "{}".to_string(),
    };
    Ok((target, state))
}

/// A code object (or raw code) as the debugger's target: labels from its symbols, lines
/// from its line table, the source texts given and the others read where the table's files
/// are found.
fn target_of(
    code: Vec<u8>,
    object: Option<warpkit_object::CodeObject>,
    mut sources: Vec<(String, String)>,
) -> Target {
    let Some(o) = object else {
        return Target::from_code(code);
    };
    for f in &o.lines.files {
        if !sources.iter().any(|(n, _)| n == f) {
            if let Ok(t) = std::fs::read_to_string(f) {
                sources.push((f.clone(), t));
            }
        }
    }
    Target {
        code,
        labels: o
            .symbols
            .iter()
            .map(|s| (s.name.clone(), s.offset))
            .collect(),
        // The object's table is the debugger's type; `new` puts the rows in order.
        lines: LineTable::new(o.lines.files, o.lines.rows),
        sources,
    }
}

#[derive(clap::Args)]
pub struct DapArgs {}

/// The launch state with its fresh warps at the entry of `kernel` (or of the program's only
/// kernel; several and none named is refused, as `warpkit run` refuses), checked against
/// the kernel's register needs.
fn at_kernel(program: &Path, state: &str, kernel: Option<&str>) -> Result<String, String> {
    let opts = warpkit_object::load::LoadOptions {
        kernel: kernel.map(str::to_string),
        kernel_option: "the launch argument \"kernel\": ",
    };
    let p = warpkit_object::load::load_program(
        &files::display(program),
        files::read(program)?,
        Some(program),
        warpkit_object::load::ProgramFormat::Auto,
        &opts,
    )
    .map_err(|e| e.to_string())?;
    let mut launch = warpkit_sim::state::parse_state(state).map_err(|e| e.to_string())?;
    p.prepare(&mut launch)?;
    let mut v: serde_json::Value =
        serde_json::from_str(state).map_err(|e| format!("the state file: {e}"))?;
    if p.entry == 0 || !v.is_object() {
        return Ok(state.to_string());
    }
    if !v["warps"].is_array() {
        v["warps"] = serde_json::Value::Array(vec![serde_json::json!({}); launch.warps.len()]);
    }
    if let Some(ws) = v["warps"].as_array_mut() {
        for (j, w) in ws.iter_mut().zip(&launch.warps) {
            if j.is_object() {
                j["pc"] = w.pc().into();
            }
        }
    }
    Ok(v.to_string())
}

/// `warpkit dap`: the Debug Adapter Protocol on standard input and output; `launch`
/// loads programs as `warpkit debug` does, started at the kernel chosen as `run` chooses.
pub fn dap(_: DapArgs) -> Result<ExitCode, String> {
    let load = |a: &warpkit_dap::types::LaunchArgs| {
        let program = a.program.as_deref().unwrap_or_default();
        let (target, state) = load(Path::new(program), a.state.as_deref().map(Path::new), None)
            .map_err(|e| {
                if e.is_empty() {
                    format!("{program} does not assemble")
                } else {
                    e
                }
            })?;
        let state = at_kernel(Path::new(program), &state, a.kernel.as_deref())?;
        Ok((target, state))
    };
    let mut out = std::io::stdout().lock();
    match warpkit_dap::serve(std::io::stdin(), &mut out, &load) {
        // The client closed our output: it is gone, and there is no one to tell.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("dap: {e}")),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

pub fn run(a: DebugArgs) -> Result<ExitCode, String> {
    let from_stdin = usize::from(files::is_std(&a.program))
        + usize::from(a.state.as_deref().is_some_and(files::is_std))
        + a.scripts.iter().filter(|s| files::is_std(s)).count();
    if from_stdin > 1 {
        crate::help::usage_error(
            "standard input can be read only once: one of PROGRAM, --state and -x can be `-`",
        );
    }
    if from_stdin == 1 && a.batch && a.scripts.is_empty() {
        crate::help::usage_error(
            "--batch without -x reads its commands from standard input: PROGRAM and --state \
             cannot be `-` too",
        );
    }
    let (target, state) = load(&a.program, a.state.as_deref(), a.format)?;
    let cfg = DebugConfig {
        budget_bytes: a.budget.saturating_mul(1 << 20),
        max_steps: a.max_steps,
        ..DebugConfig::default()
    };
    let engine = Engine::new(target, &state, cfg).map_err(|e| match &a.state {
        Some(p) => format!("{}: {e}", files::display(p)),
        None => e,
    })?;
    let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut s = DebugSession::new(engine, color);
    let interrupt = Arc::new(AtomicBool::new(false));
    // Ctrl-C stops a running motion (the engine checks the flag) instead of the process.
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, interrupt.clone());
    s.interrupt = Some(interrupt);
    let mut failed = false;
    let mut out = std::io::stdout();
    for script in &a.scripts {
        let text = files::read_text(script)?;
        for line in text.lines() {
            let r = s.execute(line);
            failed |= r.failed;
            let _ = out.write_all(r.text.as_bytes());
            if r.quit {
                return Ok(exit(a.batch && failed));
            }
        }
    }
    if a.batch && !a.scripts.is_empty() {
        return Ok(exit(failed));
    }
    let interactive = !a.batch && std::io::stdin().is_terminal();
    if !interactive {
        for line in std::io::stdin().lock().lines() {
            let line = line.map_err(|e| format!("reading commands: {e}"))?;
            let r = s.execute(&line);
            failed |= r.failed;
            let _ = out.write_all(r.text.as_bytes());
            let _ = out.flush();
            if r.quit {
                break;
            }
        }
        return Ok(exit(a.batch && failed));
    }
    let mut rl = rustyline::DefaultEditor::new().map_err(|e| format!("terminal: {e}"))?;
    let _ = out.write_all(s.where_text().as_bytes());
    let mut last = String::new();
    loop {
        match rl.readline("(warpkit) ") {
            Ok(line) => {
                // Enter on an empty line repeats the last command, as in gdb.
                let cmd = if line.trim().is_empty() {
                    last.clone()
                } else {
                    line.clone()
                };
                if !line.trim().is_empty() {
                    let _ = rl.add_history_entry(line.as_str());
                    last = line;
                }
                let r = s.execute(&cmd);
                let _ = out.write_all(r.text.as_bytes());
                let _ = out.flush();
                if r.quit {
                    break;
                }
            }
            Err(rustyline::error::ReadlineError::Interrupted) => continue,
            Err(_) => break,
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn exit(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What one command produced.
pub struct Reply {
    pub text: String,
    pub failed: bool,
    pub quit: bool,
}

/// Print formats.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PrintFormat {
    Hex,
    Dec,
    Unsigned,
    F32,
    F16,
}

impl PrintFormat {
    fn parse(c: &str) -> Result<PrintFormat, String> {
        Ok(match c {
            "" | "x" => PrintFormat::Hex,
            "d" => PrintFormat::Dec,
            "u" => PrintFormat::Unsigned,
            "f" => PrintFormat::F32,
            "h" => PrintFormat::F16,
            _ => {
                return Err(format!(
                    "unknown format /{c}: use /x, /d, /u, /f (binary32) or /h (binary16 halves)"
                ))
            }
        })
    }
}

/// A debugging session: the engine and what the user set up around it.
pub struct DebugSession {
    e: Engine,
    color: bool,
    displays: Vec<(u32, PrintFormat, String)>,
    next_display: u32,
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// One command's help: names, usage, text.
const HELP: &[(&[&str], &str, &str)] = &[
    (&["break", "b", "br"], "break LOC [warp N] [if COND]", "Stop before an instruction at LOC: *ADDR or 0xADDR, LINE or FILE:LINE, a label, a mnemonic, family or glob (ffma*)."),
    (&["tbreak"], "tbreak LOC [warp N] [if COND]", "A breakpoint deleted at its first stop."),
    (&["watch"], "watch REG [warp N] [if COND]", "Stop after an instruction changes REG: v3, v3[5], v[2:3], v3.h, u5, exec, fflags, fflags.nx, mode."),
    (&["delete", "d"], "delete [ID...]", "Delete breakpoints (all without IDs)."),
    (&["disable"], "disable ID...", "Disable breakpoints."),
    (&["enable"], "enable ID...", "Enable breakpoints."),
    (&["condition"], "condition ID [COND]", "Set (or remove) a breakpoint's condition, e.g. v3[5] == 7, exec == 0, popcount(exec) < 32."),
    (&["ignore"], "ignore ID N", "Do not stop at the next N hits of a breakpoint."),
    (&["catch"], "catch fault [any|IllegalInsn|FetchFault|off]", "Which faults stop execution (default: any)."),
    (&["step", "s", "stepi", "si"], "step [N]", "Run until the selected warp has executed N instructions (other warps run in the schedule)."),
    (&["next", "n", "nexti", "ni"], "next [N]", "Like step, but a call (jal/jalr) runs until it returns."),
    (&["finish", "fin"], "finish", "Run until the selected warp's current call returns."),
    (&["until", "u"], "until [LOC]", "Run until the selected warp reaches an instruction after this one (a loop's back jump does not stop), or LOC."),
    (&["advance"], "advance LOC", "Run until the selected warp reaches LOC."),
    (&["continue", "c", "cont"], "continue [N]", "Run the schedule until a breakpoint, watchpoint, caught fault or the end; N: ignore this breakpoint N-1 more times."),
    (&["reverse-step", "rs", "reverse-stepi", "rsi"], "reverse-step [N]", "Back to before the selected warp's previous instruction."),
    (&["reverse-next", "rn", "reverse-nexti", "rni"], "reverse-next [N]", "Back over the previous instruction; a call returned from is gone back over whole."),
    (&["reverse-finish", "rf"], "reverse-finish", "Back to the call that made the current frame."),
    (&["reverse-continue", "rc"], "reverse-continue", "Back to the previous breakpoint, watchpoint or caught fault (or the launch)."),
    (&["goto"], "goto POS", "Go to a position of the schedule (the count of instructions all warps have attempted)."),
    (&["last-write", "lw"], "last-write REG", "When the selected warp last wrote REG (v3, v3[5], u2, exec, fflags), without moving."),
    (&["print", "p", "inspect"], "print[/x|d|u|f|h] EXPR", "Print a register as a 32-lane grid (inactive lanes marked *), exec as a lane strip, a lane, a pair, or an expression."),
    (&["display"], "display[/FMT] EXPR", "Print EXPR after every stop."),
    (&["undisplay"], "undisplay [ID...]", "Stop displaying."),
    (&["set"], "set [var] REG = VALUE", "Change the selected warp's state (all lanes of a vector register); drops the recorded future."),
    (&["info", "i"], "info registers|warps|breakpoints|frame|display|line|history", "Show state: registers [REG...], warps (PC, status, steps, EXEC population), breakpoints, call frames, displays, the source line, checkpoints."),
    (&["backtrace", "bt", "where"], "backtrace", "The selected warp's call frames."),
    (&["disassemble", "disas", "x/i"], "disassemble [LOC] [N]", "N instructions (default 8) from LOC (default around the PC)."),
    (&["list", "l"], "list [LINE|LOC]", "Source lines around the PC or a line."),
    (&["warp", "thread"], "warp [N]", "Select warp N (or show the selected one)."),
    (&["run", "r", "start"], "run", "Back to the launch (position 0)."),
    (&["help", "h"], "help [CMD]", "List commands, or explain one."),
    (&["quit", "q", "exit"], "quit", "Leave."),
];

fn help_of(name: &str) -> Option<&'static (&'static [&'static str], &'static str, &'static str)> {
    HELP.iter().find(|(names, _, _)| names.contains(&name))
}

/// Split `LOC [warp N] [if COND]`.
fn split_spec(rest: &str) -> Result<(String, Option<usize>, Option<String>), String> {
    let (head, cond) = match rest.find(" if ") {
        Some(i) => (&rest[..i], Some(rest[i + 4..].trim().to_string())),
        None => match rest.strip_prefix("if ") {
            Some(c) => ("", Some(c.trim().to_string())),
            None => (rest, None),
        },
    };
    let words: Vec<&str> = head.split_whitespace().collect();
    let (loc, warp) = match words.as_slice() {
        [l @ .., "warp" | "thread", n] => (
            l.join(" "),
            Some(
                n.parse::<usize>()
                    .map_err(|_| format!("`{n}` is not a warp number"))?,
            ),
        ),
        l => (l.join(" "), None),
    };
    Ok((loc, warp, cond))
}

fn parse_count(arg: &str) -> Result<u64, String> {
    if arg.trim().is_empty() {
        return Ok(1);
    }
    match arg.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{}` is not a count (1 or more)", arg.trim())),
    }
}

fn f16_text(bits: u16) -> String {
    let v = half::f16::from_bits(bits);
    if v.is_nan() {
        "nan".into()
    } else {
        format!("{}", v.to_f64())
    }
}

fn cell(v: u64, fmt: PrintFormat, width: u32) -> String {
    match (fmt, width) {
        (PrintFormat::Hex, 64) => format!("0x{v:016x}"),
        (PrintFormat::Hex, 16) => format!("0x{v:04x}"),
        (PrintFormat::Hex, _) => format!("0x{v:08x}"),
        (PrintFormat::Dec, 64) => format!("{}", v as i64),
        (PrintFormat::Dec, 16) => format!("{}", v as u16 as i16),
        (PrintFormat::Dec, _) => format!("{}", v as u32 as i32),
        (PrintFormat::Unsigned, _) => format!("{v}"),
        (PrintFormat::F32, 64) => format!("{}", f64::from_bits(v)),
        (PrintFormat::F32, 16) => f16_text(v as u16),
        (PrintFormat::F32, _) => format!("{}", f32::from_bits(v as u32)),
        (PrintFormat::F16, 16) => f16_text(v as u16),
        (PrintFormat::F16, _) => format!("{}|{}", f16_text((v >> 16) as u16), f16_text(v as u16)),
    }
}

impl DebugSession {
    pub fn new(e: Engine, color: bool) -> DebugSession {
        DebugSession {
            e,
            color,
            displays: Vec::new(),
            next_display: 1,
            interrupt: None,
        }
    }

    fn paint(&self, code: &str, s: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }

    /// Run one command line.
    pub fn execute(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Reply {
                text: String::new(),
                failed: false,
                quit: false,
            };
        }
        match self.command(line) {
            Ok(Some(text)) => Reply {
                text,
                failed: false,
                quit: false,
            },
            Ok(None) => Reply {
                text: String::new(),
                failed: false,
                quit: true,
            },
            Err(e) => Reply {
                text: format!("{}\n", self.paint("31", &format!("error: {e}"))),
                failed: true,
                quit: false,
            },
        }
    }

    fn command(&mut self, line: &str) -> Result<Option<String>, String> {
        let (word, rest) = match line.find(|c: char| c.is_whitespace()) {
            Some(i) => (&line[..i], line[i..].trim()),
            None => (line, ""),
        };
        // `p/x v3`: the format is part of the word.
        let (word, fmt) = match word.split_once('/') {
            Some((w, f)) if w != "x" => (w, Some(f)),
            _ => (word, None),
        };
        let w = self.e.selected();
        let mut out = String::new();
        match word {
            "break" | "b" | "br" | "tbreak" => {
                let (loc, warp, cond) = split_spec(rest)?;
                let id = self.e.add_breakpoint(&loc, warp, cond.as_deref())?;
                if word == "tbreak" {
                    self.e.set_temporary(id, true)?;
                }
                let _ = writeln!(out, "{}", self.describe_bp(id));
            }
            "watch" => {
                let (loc, warp, cond) = split_spec(rest)?;
                let id = self.e.add_watchpoint(&loc, warp, cond.as_deref())?;
                let _ = writeln!(out, "{}", self.describe_bp(id));
            }
            "delete" | "d" => {
                if rest.is_empty() {
                    self.e.delete_all();
                    out.push_str("Deleted all breakpoints.\n");
                } else {
                    for id in ids(rest)? {
                        self.e.delete(id)?;
                    }
                }
            }
            "disable" | "enable" => {
                for id in ids(rest)? {
                    self.e.enable(id, word == "enable")?;
                }
            }
            "condition" => {
                let (id, cond) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let id = ids(id)?
                    .first()
                    .copied()
                    .ok_or("condition needs a breakpoint number")?;
                let cond = cond.trim();
                self.e
                    .set_condition(id, (!cond.is_empty()).then_some(cond))?;
                let _ = writeln!(out, "{}", self.describe_bp(id));
            }
            "ignore" => {
                let v: Vec<&str> = rest.split_whitespace().collect();
                let [id, n] = v.as_slice() else {
                    return Err("usage: ignore ID N".into());
                };
                let id = ids(id)?[0];
                let n: u64 = n.parse().map_err(|_| format!("`{n}` is not a count"))?;
                let hits = self
                    .e
                    .breakpoints()
                    .iter()
                    .find(|b| b.id == id)
                    .map_or(0, |b| b.hits);
                self.e.set_hit_condition(
                    id,
                    Some(warpkit_debug::HitCondition::AtLeast(hits + n + 1)),
                )?;
                let _ = writeln!(out, "Will ignore next {n} crossings of breakpoint {id}.");
            }
            "catch" => {
                let v: Vec<&str> = rest.split_whitespace().collect();
                let c = match v.as_slice() {
                    ["fault"] | ["fault", "any"] => FaultCatch::Any,
                    ["fault", "off"] | ["fault", "none"] => FaultCatch::None,
                    ["fault", causes @ ..] => FaultCatch::Causes(
                        causes
                            .iter()
                            .map(|c| match c.to_ascii_lowercase().as_str() {
                                "illegalinsn" | "1" => Ok(FaultCause::IllegalInsn),
                                "fetchfault" | "2" => Ok(FaultCause::FetchFault),
                                _ => Err(format!(
                                    "unknown fault cause `{c}`: IllegalInsn (1) or FetchFault (2)"
                                )),
                            })
                            .collect::<Result<_, _>>()?,
                    ),
                    _ => return Err("usage: catch fault [any|IllegalInsn|FetchFault|off]".into()),
                };
                self.e.set_fault_catch(c);
                let _ = writeln!(out, "Faults that stop: {}.", self.catch_text());
            }
            "step" | "s" | "stepi" | "si" => {
                let n = parse_count(rest)?;
                let mut stop = None;
                for _ in 0..n {
                    let s = self.e.step(w)?;
                    let done = s.reason != StopReason::Step;
                    stop = Some(s);
                    if done {
                        break;
                    }
                }
                out.push_str(&self.report(stop));
            }
            "next" | "n" | "nexti" | "ni" => {
                let n = parse_count(rest)?;
                let mut stop = None;
                for _ in 0..n {
                    let s = self.e.next(w, self.interrupt.as_deref())?;
                    let done = !matches!(s.reason, StopReason::Step | StopReason::Returned);
                    stop = Some(s);
                    if done {
                        break;
                    }
                }
                out.push_str(&self.report(stop));
            }
            "finish" | "fin" => {
                let s = self.e.finish(w, self.interrupt.as_deref())?;
                out.push_str(&self.report(Some(s)));
            }
            "until" | "u" | "advance" => {
                let s = if rest.is_empty() {
                    if word == "advance" {
                        return Err("advance needs a location".into());
                    }
                    self.e.until(w, self.interrupt.as_deref())?
                } else {
                    let pcs = self.e.resolve(rest)?;
                    self.e.advance(w, pcs, self.interrupt.as_deref())?
                };
                out.push_str(&self.report(Some(s)));
            }
            "continue" | "c" | "cont" => {
                if !rest.is_empty() {
                    let n = parse_count(rest)?;
                    if let Some(StopReason::Breakpoint { id }) = self.last_bp() {
                        let hits = self
                            .e
                            .breakpoints()
                            .iter()
                            .find(|b| b.id == id)
                            .map_or(0, |b| b.hits);
                        self.e.set_hit_condition(
                            id,
                            Some(warpkit_debug::HitCondition::AtLeast(hits + n)),
                        )?;
                        let _ = writeln!(
                            out,
                            "Will ignore next {} crossings of breakpoint {id}.",
                            n - 1
                        );
                    }
                }
                let interrupt = self.interrupt.clone();
                let s = self.e.cont(interrupt.as_deref());
                out.push_str(&self.report(Some(s)));
            }
            "reverse-step" | "rs" | "reverse-stepi" | "rsi" | "reverse-next" | "rn"
            | "reverse-nexti" | "rni" => {
                let n = parse_count(rest)?;
                let mut stop = None;
                for _ in 0..n {
                    let s = if matches!(word, "reverse-next" | "rn" | "reverse-nexti" | "rni") {
                        self.e.reverse_next(w)?
                    } else {
                        self.e.reverse_step(w)?
                    };
                    let done = s.reason != StopReason::Step;
                    stop = Some(s);
                    if done {
                        break;
                    }
                }
                out.push_str(&self.report(stop));
            }
            "reverse-finish" | "rf" => {
                let s = self.e.reverse_finish(w)?;
                out.push_str(&self.report(Some(s)));
            }
            "reverse-continue" | "rc" => {
                let s = self.e.reverse_continue();
                out.push_str(&self.report(Some(s)));
            }
            "goto" => {
                let p = parse_value(rest)
                    .map_err(|_| format!("goto needs a position, got `{rest}`"))?;
                let s = self.e.goto(p);
                out.push_str(&self.report(Some(s)));
            }
            "run" | "r" | "start" => {
                let s = self.e.goto(0);
                out.push_str(&self.report(Some(s)));
            }
            "last-write" | "lw" => {
                let loc = StatePlace::parse(rest)?;
                match self.e.last_write(w, rest)? {
                    None => {
                        let _ =
                            writeln!(out, "{loc} of warp {w} was not written since the launch.");
                    }
                    Some(wi) => {
                        let asm = self
                            .e
                            .disassemble_at(wi.pc)
                            .map(|a| a.0)
                            .unwrap_or_default();
                        let _ = writeln!(
                            out,
                            "{loc} of warp {w} last written at position {} (warp step {}), pc 0x{:08x}{}: {asm}",
                            wi.position,
                            wi.step,
                            wi.pc,
                            self.line_suffix(wi.pc),
                        );
                        let _ = writeln!(
                            out,
                            "  value then: {}",
                            wi.value
                                .iter()
                                .map(|v| cell(*v, PrintFormat::Hex, loc.width()))
                                .collect::<Vec<_>>()
                                .join(" ")
                        );
                    }
                }
            }
            "print" | "p" | "inspect" | "output" | "call" => {
                let f = PrintFormat::parse(fmt.unwrap_or(""))?;
                out.push_str(&self.print(rest, f)?);
            }
            "display" => {
                let f = PrintFormat::parse(fmt.unwrap_or(""))?;
                if rest.is_empty() {
                    out.push_str(&self.show_displays());
                } else {
                    let text = self.print(rest, f)?;
                    self.displays.push((self.next_display, f, rest.to_string()));
                    let _ = write!(out, "{}: {text}", self.next_display);
                    self.next_display += 1;
                }
            }
            "undisplay" => {
                if rest.is_empty() {
                    self.displays.clear();
                } else {
                    for id in ids(rest)? {
                        let n = self.displays.len();
                        self.displays.retain(|d| d.0 != id);
                        if n == self.displays.len() {
                            return Err(format!("no display {id}"));
                        }
                    }
                }
            }
            "set" => {
                let rest = rest.strip_prefix("var ").unwrap_or(rest);
                let (loc, value) = rest.split_once('=').ok_or("usage: set REG = VALUE")?;
                let v = parse_value(value)?;
                self.e.set(w, loc.trim(), v)?;
                let _ = writeln!(
                    out,
                    "{} = {} (the recorded future is dropped)",
                    loc.trim(),
                    value.trim()
                );
            }
            "info" | "i" => out.push_str(&self.info(rest)?),
            "backtrace" | "bt" | "where" => out.push_str(&self.info("frame")?),
            "disassemble" | "disas" => out.push_str(&self.disas(rest)?),
            "list" | "l" => out.push_str(&self.list(rest)?),
            "warp" | "thread" => {
                if !rest.is_empty() {
                    let n: usize = rest
                        .parse()
                        .map_err(|_| format!("`{rest}` is not a warp number"))?;
                    self.e.select(n)?;
                }
                out.push_str(&self.where_text());
            }
            "help" | "h" => {
                if rest.is_empty() {
                    for (names, usage, _) in HELP {
                        let alias = if names.len() > 1 {
                            format!(" ({})", names[1..].join(", "))
                        } else {
                            String::new()
                        };
                        let _ = writeln!(out, "  {usage:<46}{alias}");
                    }
                    out.push_str("Enter repeats the last command. `help CMD` explains one.\n");
                } else {
                    let (names, usage, text) = help_of(rest)
                        .ok_or_else(|| format!("no command `{rest}`; `help` lists them"))?;
                    let _ = writeln!(out, "{usage}\n  {text}\n  Names: {}", names.join(", "));
                }
            }
            "quit" | "q" | "exit" => return Ok(None),
            _ => {
                let near = HELP
                    .iter()
                    .flat_map(|(n, _, _)| n.iter())
                    .filter(|n| n.len() > 2)
                    .min_by_key(|n| warpkit_isa::edit_distance(n, word))
                    .filter(|n| warpkit_isa::edit_distance(n, word) <= 2);
                return Err(match near {
                    Some(n) => format!(
                        "unknown command `{word}` (did you mean `{n}`?); `help` lists the commands"
                    ),
                    None => format!("unknown command `{word}`; `help` lists the commands"),
                });
            }
        }
        Ok(Some(out))
    }

    fn last_bp(&self) -> Option<StopReason> {
        let w = self.e.selected();
        let pc = self.e.warp(w).ok()?.pc();
        self.e
            .breakpoints()
            .iter()
            .find(|b| matches!(&b.kind, BreakKind::Code { pcs } if pcs.contains(&pc)))
            .map(|b| StopReason::Breakpoint { id: b.id })
    }

    fn catch_text(&self) -> String {
        match self.e.fault_catch() {
            FaultCatch::None => "none".into(),
            FaultCatch::Any => "any".into(),
            FaultCatch::Causes(c) => c.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "),
        }
    }

    /// Where a breakpoint is and what limits it (`loop (0xc) prog.s:8, warp 1, if ...`).
    fn bp_where(&self, b: &warpkit_debug::Breakpoint) -> String {
        let mut s = match &b.kind {
            BreakKind::Code { pcs } => {
                let at: Vec<String> = pcs.iter().take(6).map(|p| format!("0x{p:x}")).collect();
                let more = if pcs.len() > 6 {
                    format!(" and {} more", pcs.len() - 6)
                } else {
                    String::new()
                };
                format!(
                    "{} ({}{more}){}",
                    b.spec,
                    at.join(", "),
                    pcs.first()
                        .map(|&p| self.line_suffix(p))
                        .unwrap_or_default()
                )
            }
            BreakKind::Watch { loc } => loc.to_string(),
        };
        if let Some(w) = b.warp {
            let _ = write!(s, ", warp {w}");
        }
        if let Some(c) = &b.condition {
            let _ = write!(s, ", if {c}");
        }
        s
    }

    fn describe_bp(&self, id: u32) -> String {
        let Some(b) = self.e.breakpoints().iter().find(|b| b.id == id) else {
            return format!("no breakpoint {id}");
        };
        match &b.kind {
            BreakKind::Code { .. } if b.temporary => {
                format!("Temporary breakpoint {id} at {}", self.bp_where(b))
            }
            BreakKind::Code { .. } => format!("Breakpoint {id} at {}", self.bp_where(b)),
            BreakKind::Watch { .. } => format!("Watchpoint {id}: {}", self.bp_where(b)),
        }
    }

    fn line_suffix(&self, pc: u32) -> String {
        match self.e.target().lines.pos_of(pc) {
            Some(p) => format!(" {}:{}", p.file, p.line),
            None => String::new(),
        }
    }

    /// `<label+off>`.
    fn symbol(&self, pc: u32) -> String {
        match self.e.target().symbolize(pc) {
            Some((l, 0)) => format!(" <{l}>"),
            Some((l, d)) => format!(" <{l}+{d}>"),
            None => String::new(),
        }
    }

    /// The selected warp's position: a header line, the source line, the instruction.
    pub fn where_text(&self) -> String {
        let w = self.e.selected();
        let Ok(v) = self.e.warp_view(w) else {
            return String::new();
        };
        let mut s = format!(
            "{} warp {w} ({}), step {}, pc 0x{:08x}{}{}, exec 0x{:08x} ({}/32)\n",
            self.paint("1", &format!("[pos {}]", self.e.position())),
            v.status.name(),
            v.steps,
            v.pc,
            self.symbol(v.pc),
            self.line_suffix(v.pc),
            v.exec,
            v.active_lanes
        );
        if let Some(p) = self.e.target().lines.pos_of(v.pc) {
            if let Some(text) = self.e.target().source_line(&p.file, p.line) {
                let _ = writeln!(s, "{:>6} | {}", p.line, text.trim_end());
            }
        }
        match self.e.disassemble_at(v.pc) {
            Some((asm, _)) if v.status == WarpStatus::Live => {
                let _ = writeln!(s, "=> 0x{:08x}: {}", v.pc, self.paint("32", &asm));
            }
            _ => {}
        }
        if let Some(f) = &v.fault {
            let _ = writeln!(
                s,
                "   faulted: {} (cause {}) at pc 0x{:08x}, word {}: {}",
                f.name, f.cause, f.pc, f.word, f.reason
            );
        }
        s
    }

    fn report(&mut self, stop: Option<Stop>) -> String {
        let Some(stop) = stop else {
            return String::new();
        };
        let mut s = String::new();
        let who = stop.warp.map(|w| format!(", warp {w}")).unwrap_or_default();
        let head = match &stop.reason {
            StopReason::Step | StopReason::Goto => String::new(),
            StopReason::Breakpoint { id } => {
                let spec = self
                    .e
                    .breakpoints()
                    .iter()
                    .find(|b| b.id == *id)
                    .map(|b| b.spec.clone())
                    .unwrap_or_default();
                format!("Breakpoint {id} ({spec}){who}")
            }
            StopReason::Watchpoint { id, loc, old, new } => {
                let show = |v: &Vec<u64>| match v.as_slice() {
                    [x] => cell(*x, PrintFormat::Hex, loc.width()),
                    lanes => {
                        let changed: Vec<String> = lanes
                            .iter()
                            .zip(if new.len() == lanes.len() {
                                new.iter()
                            } else {
                                lanes.iter()
                            })
                            .enumerate()
                            .filter(|(_, (a, b))| a != b)
                            .map(|(i, _)| i.to_string())
                            .collect();
                        format!("[{} lanes]", changed.len())
                    }
                };
                let mut h = format!(
                    "Watchpoint {id}: {loc}{who}\nOld value = {}\nNew value = {}",
                    show(old),
                    show(new)
                );
                if old.len() > 1 {
                    let lanes: Vec<String> = (0..old.len())
                        .filter(|&i| old[i] != new[i])
                        .map(|i| {
                            format!(
                                "[{i}] {} -> {}",
                                cell(old[i], PrintFormat::Hex, loc.width()),
                                cell(new[i], PrintFormat::Hex, loc.width())
                            )
                        })
                        .collect();
                    h = format!(
                        "Watchpoint {id}: {loc}{who}\nchanged lanes: {}",
                        lanes.join(", ")
                    );
                }
                h
            }
            StopReason::Fault { fault } => format!(
                "Fault{who}: {} (cause {}) at pc 0x{:08x}, word {}: {}",
                fault.name, fault.cause, fault.pc, fault.word, fault.reason
            ),
            StopReason::Returned => format!("Run till exit{who}: returned"),
            StopReason::Location => String::new(),
            StopReason::WarpEnded => format!("The warp ended{who}"),
            StopReason::AllEnded => {
                "The program ended: no warp is live (exited, faulted or at the step limit).".into()
            }
            StopReason::HistoryStart => "No more reverse-execution history: at the launch.".into(),
            StopReason::Interrupted => "Interrupted.".into(),
        };
        if !head.is_empty() {
            let _ = writeln!(s, "{}", self.paint("33", &head));
        }
        s.push_str(&self.where_text());
        s.push_str(&self.show_displays());
        s
    }

    fn show_displays(&self) -> String {
        let mut s = String::new();
        for (id, f, e) in &self.displays {
            match self.print(e, *f) {
                Ok(t) => {
                    let _ = write!(s, "{id}: {t}");
                }
                Err(err) => {
                    let _ = writeln!(s, "{id}: {e}: {err}");
                }
            }
        }
        s
    }

    fn print(&self, what: &str, f: PrintFormat) -> Result<String, String> {
        if what.is_empty() {
            return Err("print needs a register or an expression".into());
        }
        let w = self.e.selected();
        let warp = self.e.warp(w)?;
        let mut s = String::new();
        if let Ok(loc) = StatePlace::parse(what) {
            let vals = loc.read(warp);
            if loc.is_vector() {
                let exec = warp.exec();
                let per_row = if loc.width() == 64 || f == PrintFormat::F16 {
                    4
                } else {
                    8
                };
                let _ = writeln!(
                    s,
                    "{loc} (warp {w}; * = lane inactive under exec 0x{exec:08x}):"
                );
                for row in (0..LANES).step_by(per_row) {
                    let _ = write!(s, "  [{row:>2}]");
                    for (i, v) in vals.iter().enumerate().skip(row).take(per_row) {
                        let c = cell(*v, f, loc.width());
                        let mark = if exec >> i & 1 == 1 { " " } else { "*" };
                        let text = format!(" {c:>12}{mark}");
                        s.push_str(&if mark == "*" {
                            self.paint("2", &text)
                        } else {
                            text
                        });
                    }
                    s.push('\n');
                }
                return Ok(s);
            }
            if loc == (StatePlace::Exec { lane: None }) {
                let e = vals[0] as u32;
                let strip: String = (0..32)
                    .map(|i| if e >> i & 1 == 1 { '1' } else { '.' })
                    .collect();
                let _ = writeln!(
                    s,
                    "exec = 0x{e:08x} ({} of 32 active)\n  lanes 0..31: {strip}",
                    e.count_ones()
                );
                return Ok(s);
            }
            let v = vals[0];
            let fmt = if f == PrintFormat::Hex
                && matches!(loc, StatePlace::Rm | StatePlace::Rm16 | StatePlace::Steps)
            {
                PrintFormat::Unsigned
            } else {
                f
            };
            let _ = write!(s, "{loc} = {}", cell(v, fmt, loc.width()));
            match loc {
                StatePlace::Rm | StatePlace::Rm16 => {
                    let _ = write!(s, " ({})", warpkit_sim::rm::name(v as u8).unwrap_or("?"));
                }
                StatePlace::Mode => {
                    let _ = write!(
                        s,
                        " (rm {}, rm16 {})",
                        warpkit_sim::rm::name(v as u8 & 0xf).unwrap_or("?"),
                        warpkit_sim::rm::name((v >> 4) as u8).unwrap_or("?")
                    );
                }
                StatePlace::Fflags { .. } => {
                    let names: Vec<&str> = warpkit_debug::loc::FFLAG_NAMES
                        .iter()
                        .filter(|(_, b)| v as u8 & b != 0)
                        .map(|(n, _)| *n)
                        .collect();
                    let _ = write!(
                        s,
                        " ({})",
                        if names.is_empty() {
                            "none".to_string()
                        } else {
                            names.join(" ")
                        }
                    );
                }
                _ if f == PrintFormat::Hex => {
                    let _ = write!(s, " ({v})");
                }
                _ => {}
            }
            s.push('\n');
            return Ok(s);
        }
        let v = self.e.eval(w, what)?;
        let _ = writeln!(
            s,
            "{} = {}",
            what.trim(),
            match f {
                PrintFormat::Hex => format!("{v} (0x{v:x})"),
                _ => cell(v as u64, f, 64),
            }
        );
        Ok(s)
    }

    fn info(&self, what: &str) -> Result<String, String> {
        let (sub, rest) = what.split_once(char::is_whitespace).unwrap_or((what, ""));
        let w = self.e.selected();
        let mut s = String::new();
        match sub {
            "registers" | "r" | "reg" | "all-registers" => {
                if !rest.trim().is_empty() {
                    for r in rest.split_whitespace() {
                        s.push_str(&self.print(r, PrintFormat::Hex)?);
                    }
                    return Ok(s);
                }
                let warp = self.e.warp(w)?;
                let m = warp.mode();
                let _ = writeln!(
                    s,
                    "warp {w}: pc 0x{:08x}  exec 0x{:08x}  mode rm={} rm16={}  fflags 0x{:02x}  vgprs {}  steps {}",
                    warp.pc(),
                    warp.exec(),
                    warpkit_sim::rm::name(m.rm).unwrap_or("?"),
                    warpkit_sim::rm::name(m.rm16).unwrap_or("?"),
                    warp.fflags(),
                    warp.vgprs(),
                    warp.steps()
                );
                for row in (0..64).step_by(8) {
                    let _ = write!(s, "  ");
                    for r in row..row + 8 {
                        let _ = write!(s, "{:>4} 0x{:08x}", format!("u{r}"), warp.uregs()[r]);
                    }
                    s.push('\n');
                }
                s.push_str("(vector registers: `p v3`, `info registers v0 v1`)\n");
            }
            "warps" | "threads" => {
                let _ = writeln!(s, "  warp  status      pc          steps       attempts    exec        active  frames");
                for v in self.e.warp_views() {
                    let mark = if v.index == w { '*' } else { ' ' };
                    let _ = writeln!(
                        s,
                        "{mark} {:<5} {:<11} 0x{:08x}  {:<11} {:<11} 0x{:08x}  {:<7} {}{}",
                        v.index,
                        v.status.name(),
                        v.pc,
                        v.steps,
                        v.attempts,
                        v.exec,
                        v.active_lanes,
                        v.frames.len(),
                        if v.next { "  (next)" } else { "" }
                    );
                }
            }
            "breakpoints" | "b" | "break" | "watchpoints" => {
                if self.e.breakpoints().is_empty() {
                    s.push_str("No breakpoints or watchpoints.\n");
                } else {
                    let _ = writeln!(s, "Num  Type        Enb  Hits  What");
                    for b in self.e.breakpoints() {
                        let ty = match b.kind {
                            BreakKind::Code { .. } => "breakpoint",
                            BreakKind::Watch { .. } => "watchpoint",
                        };
                        let what = self.bp_where(b);
                        let hc = b.hit_condition.map(|h| format!(", stops at hits {h:?}")).unwrap_or_default();
                        let ty = if b.temporary { "tbreak" } else { ty };
                        let _ = writeln!(s, "{:<4} {ty:<11} {:<4} {:<5} {what}{hc}", b.id, if b.enabled { "y" } else { "n" }, b.hits);
                    }
                }
                let _ = writeln!(s, "Faults that stop: {}.", self.catch_text());
            }
            "frame" | "f" | "stack" => {
                let frames = self.e.frames(w)?;
                let pc = self.e.warp(w)?.pc();
                let _ = writeln!(s, "#0  0x{pc:08x}{}{}", self.symbol(pc), self.line_suffix(pc));
                for (i, f) in frames.iter().rev().enumerate() {
                    let _ = writeln!(
                        s,
                        "#{}  0x{:08x}{}{}  (called 0x{:08x}{}, returns to 0x{:08x})",
                        i + 1,
                        f.call_pc,
                        self.symbol(f.call_pc),
                        self.line_suffix(f.call_pc),
                        f.target,
                        self.symbol(f.target),
                        f.return_pc
                    );
                }
            }
            "display" => s.push_str(&self.show_displays()),
            "line" => {
                let pc = self.e.warp(w)?.pc();
                match self.e.target().lines.pos_of(pc) {
                    Some(p) => {
                        let _ = writeln!(s, "pc 0x{pc:08x} is in {}:{}", p.file, p.line);
                    }
                    None => {
                        let _ = writeln!(s, "no line information for pc 0x{pc:08x}");
                    }
                }
            }
            "history" | "checkpoints" | "record" => {
                let h = self.e.history_stats();
                let _ = writeln!(
                    s,
                    "position {}; {} checkpoints ({} to {}), {} KiB of a {} KiB budget",
                    self.e.position(),
                    h.checkpoints,
                    h.first,
                    h.last,
                    h.bytes / 1024,
                    h.budget_bytes / 1024
                );
            }
            "" => return Err("info what? registers, warps, breakpoints, frame, display, line, history".into()),
            _ => return Err(format!("unknown `info {sub}`: registers, warps, breakpoints, frame, display, line, history")),
        }
        Ok(s)
    }

    fn disas(&self, rest: &str) -> Result<String, String> {
        let w = self.e.selected();
        let pc_now = self.e.warp(w)?.pc();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (start, n) = match words.as_slice() {
            [] => (None, 8usize),
            [l] => (Some(*l), 8),
            [l, n] => (
                Some(*l),
                n.parse().map_err(|_| format!("`{n}` is not a count"))?,
            ),
            _ => return Err("usage: disassemble [LOC] [N]".into()),
        };
        let starts = self.e.target().instruction_starts();
        let from = match start {
            Some(l) => *self.e.resolve(l)?.first().ok_or("no such location")?,
            None => {
                let i = starts.partition_point(|&p| p < pc_now);
                starts.get(i.saturating_sub(3)).copied().unwrap_or(0)
            }
        };
        let mut s = String::new();
        let i = starts.partition_point(|&p| p < from);
        for &pc in starts.iter().skip(i).take(n.clamp(1, 10_000)) {
            if let Some(l) = self.e.target().label_at(pc) {
                let _ = writeln!(s, "{l}:");
            }
            let mark = if pc == pc_now { "=>" } else { "  " };
            let asm = self
                .e
                .disassemble_at(pc)
                .map(|a| a.0)
                .unwrap_or_else(|| "(does not decode)".into());
            let _ = writeln!(s, "{mark} 0x{pc:08x}: {asm}");
        }
        if s.is_empty() {
            s.push_str("no instructions there\n");
        }
        Ok(s)
    }

    fn list(&self, rest: &str) -> Result<String, String> {
        let t = self.e.target();
        let pc = self.e.warp(self.e.selected())?.pc();
        let pos = if rest.is_empty() {
            t.lines.pos_of(pc)
        } else if let Ok(n) = rest.parse::<u32>() {
            t.lines.files().first().map(|f| warpkit_debug::SourcePos {
                file: f.clone(),
                line: n,
            })
        } else {
            let p = *self.e.resolve(rest)?.first().ok_or("no such location")?;
            t.lines.pos_of(p)
        };
        let pos = pos.ok_or("no line information (the program was not assembled from source)")?;
        let here = t.lines.pos_of(pc).map(|p| p.line);
        let mut s = String::new();
        for l in pos.line.saturating_sub(5).max(1)..pos.line + 5 {
            if let Some(text) = t.source_line(&pos.file, l) {
                let mark = if Some(l) == here { "=>" } else { "  " };
                let _ = writeln!(s, "{mark}{l:>5} | {}", text.trim_end());
            }
        }
        Ok(s)
    }
}

fn ids(s: &str) -> Result<Vec<u32>, String> {
    s.split_whitespace()
        .map(|t| {
            t.parse::<u32>()
                .map_err(|_| format!("`{t}` is not a breakpoint number"))
        })
        .collect()
}
