//! `warpkit debug`: a command-line debugger with gdb's command names over the
//! `warpkit-debug` engine. The commands are `warpkit_ui::command`'s ([`Session::execute`]
//! turns one command line into text); this front reads lines with rustyline on a terminal
//! (Tab completion, progress of long motions, Ctrl-C interrupting them), or from a script /
//! standard input in batch mode (no prompts).

use crate::{files, input};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use warpkit_debug::{DebugConfig, Engine, Target};
use warpkit_ui::command::{self, Session};
use warpkit_ui::load::{ProgramFormat, Sources};

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
    format: Option<input::InputFormat>,
    /// Start at this kernel (of an ELF file or assembly with several `.kernel`s).
    #[arg(long, value_name = "NAME")]
    kernel: Option<String>,
}

pub const AFTER_HELP: &str = "\
Commands (gdb's names; `help CMD` in the session): break/b, tbreak, watch, delete/d, \
disable, enable, condition, ignore, catch fault, step/s, next/n, finish/fin, until/u, \
advance, continue/c, reverse-step/rs, reverse-next/rn, reverse-finish, reverse-continue/rc, \
goto, last-write, print/p, display, undisplay, set, info registers|warps|breakpoints|\
frame|display|line|history, backtrace/bt, disassemble/disas, list/l, warp, help, quit/q. \
Enter repeats the last command.\n\
Exit status: 0, or 1 when --batch and a command failed; bad program or state: 1.";

/// Loads the program with the loader every front shares (includes, kernels, ELF): its
/// labels and line table (from the source for assembly, from the symbols and `.debug_line`
/// of an ELF file), and the state file, started at the entry kernel.
pub fn load(
    program: &Path,
    state: Option<&Path>,
    format: Option<input::InputFormat>,
    kernel: Option<&str>,
) -> Result<(Target, String), String> {
    load_with(program, state, format, kernel, "--kernel ")
}

/// [`load`], naming the kernel choice as `kernel_option` in messages (DAP's launch
/// argument rather than the command line's option).
fn load_with(
    program: &Path,
    state: Option<&Path>,
    format: Option<input::InputFormat>,
    kernel: Option<&str>,
    kernel_option: &'static str,
) -> Result<(Target, String), String> {
    let bytes = files::read(program)?;
    // The main file's text, kept for showing its lines (standard input cannot be read again).
    let text = warpkit_asm::source_text(&bytes)
        .ok()
        .map(|t| t.into_owned());
    let p = input::load_bytes(program, bytes, format, kernel, kernel_option, 100)?;
    let sources = match (p.format, text) {
        (ProgramFormat::Asm, Some(t)) => vec![(files::display(program), t)],
        _ => Vec::new(),
    };
    let state = match state {
        Some(p) => files::read_text(p)?,
        None => "{}".to_string(),
    };
    p.debuggee(sources, Sources::Disk, &state)
}

#[derive(clap::Args)]
pub struct DapArgs {}

/// `warpkit dap`: the Debug Adapter Protocol on standard input and output; `launch`
/// loads programs as `warpkit debug` does, started at the kernel chosen as `run` chooses
/// (the launch argument `kernel`).
pub fn dap(_: DapArgs) -> Result<ExitCode, String> {
    let load = |a: &warpkit_dap::types::LaunchArgs| {
        let program = a.program.as_deref().unwrap_or_default();
        load_with(
            Path::new(program),
            a.state.as_deref().map(Path::new),
            None,
            a.kernel.as_deref(),
            "the launch argument \"kernel\": ",
        )
        .map_err(|e| {
            if e.is_empty() {
                format!("{program} does not assemble")
            } else {
                e
            }
        })
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
    let (target, state) = load(
        &a.program,
        a.state.as_deref(),
        a.format,
        a.kernel.as_deref(),
    )?;
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
    let mut s = Session::new(engine, color);
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
    let mut rl: rustyline::Editor<PromptCompletion, rustyline::history::DefaultHistory> =
        rustyline::Editor::new().map_err(|e| format!("terminal: {e}"))?;
    rl.set_helper(Some(PromptCompletion {
        labels: s
            .engine()
            .target()
            .labels
            .iter()
            .map(|(n, _)| n.clone())
            .collect(),
    }));
    let counter = s.engine_mut().position_counter();
    let tty = std::io::stderr().is_terminal();
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
                let r = if tty {
                    with_progress(counter.clone(), || s.execute(&cmd))
                } else {
                    s.execute(&cmd)
                };
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

/// Tab completion at the prompt: command names, `info` topics, then registers and labels.
struct PromptCompletion {
    labels: Vec<String>,
}

impl rustyline::completion::Completer for PromptCompletion {
    type Candidate = String;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(command::complete(
            line.get(..pos).unwrap_or(line),
            &self.labels,
        ))
    }
}

impl rustyline::hint::Hinter for PromptCompletion {
    type Hint = String;
}
impl rustyline::highlight::Highlighter for PromptCompletion {}
impl rustyline::validate::Validator for PromptCompletion {}
impl rustyline::Helper for PromptCompletion {}

/// Run `f` while another thread shows, once it takes over a second, the position the
/// engine has reached (on standard error, cleared before `f`'s output is printed).
fn with_progress<T>(counter: Arc<AtomicU64>, f: impl FnOnce() -> T) -> T {
    let done = Arc::new(AtomicBool::new(false));
    let d = done.clone();
    let ticker = std::thread::spawn(move || {
        let t0 = Instant::now();
        let mut bar = None;
        while !d.load(Ordering::Relaxed) {
            // Woken at once when `f` is done.
            std::thread::park_timeout(Duration::from_millis(100));
            if d.load(Ordering::Relaxed) {
                break;
            }
            if t0.elapsed() >= Duration::from_secs(1) {
                let b = bar.get_or_insert_with(crate::progress::new_bar);
                b.set_message(format!(
                    "running: position {} (Ctrl-C stops)",
                    counter.load(Ordering::Relaxed)
                ));
                b.tick();
            }
        }
        if let Some(b) = bar {
            b.finish_and_clear();
        }
    });
    let r = f();
    done.store(true, Ordering::Relaxed);
    ticker.thread().unpark();
    let _ = ticker.join();
    r
}

fn exit(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
