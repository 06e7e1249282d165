//! `warpkit timing`: run a program under the timing model (crate `warpkit-timing`, model in
//! docs/timing.md) and report cycles, IPC, stalls and active lanes; optionally a text
//! timeline, an SVG picture, a Chrome trace-event file and the final state.

use crate::files::{self, Output};
use crate::input;
use clap::Args;
use std::path::{Path, PathBuf};
use warpkit_sim::state::{parse_state, state_to_json};
use warpkit_sim::{Program, RunStatus, WarpResult};
use warpkit_timing::{Picture, Policy, SmConfig, Timeline, Timing, TraceEvents};

pub const HELP: &str = "\
The model (docs/timing.md): S warp schedulers, warp i on scheduler i mod S; each issues at
most one instruction a cycle from its ready warps (lrr: the first ready after the warp that
issued last; gto: the warp that issued last while it stays ready, else the oldest ready).
An instruction is ready when no register it reads or writes (pairs and groups whole, the
full register of a half, EXEC, MODE; not FFLAGS) has a write pending; its writes complete
at issue + latency; after control flow the next instruction waits for the branch latency.
Latencies are the database's (`warpkit spec NAME`), per unit overridable in --config:

  schedulers = 2
  policy = \"gto\"
  [latency]
  valu-fp = 4

--schedulers and --policy override the file. The report gives, per warp and in total,
cycles, instructions, IPC, stall cycles by cause (waiting on a register, by the unit that
writes it; waiting after a branch; ready but another warp issued; finished) and the
active-lane histogram; --json gives the same as JSON (keys cycles, instructions, ipc,
warps, ...; with --timeline also `timeline`).

Timeline marks: I issued, e executing, E last execution cycle, = waiting on a register,
~ waiting after a branch, - ready but another warp issued.

Exit codes: 0 the program ran (also when warps faulted or hit the step limit: see each
warp's status); 1 assembly errors, a bad state or configuration file, or a file problem;
2 bad command line.

Outputs (--svg, --trace-events, --final-state) are opened before the run, never over an
input, written atomically; standard output carries the report, so they must be files.";

#[derive(Args)]
#[command(after_help = HELP)]
pub struct TimingArgs {
    /// ELF code object or linked program (by its magic), assembly (.s, .S, .asm) or raw
    /// little-endian machine code (any other name; `-`: standard input).
    program: PathBuf,
    /// Read PROGRAM as assembly, machine code or ELF, whatever its name or contents.
    #[arg(long, value_enum)]
    format: Option<input::InputFormat>,
    /// Start at this kernel (of an ELF file or assembly with several `.kernel`s).
    #[arg(long, value_name = "NAME")]
    kernel: Option<String>,
    /// Initial state (JSON, as for `run`; `-`: standard input); default: one warp.
    #[arg(long)]
    state: Option<PathBuf>,
    /// SM description (TOML: schedulers, policy, [latency] per unit).
    #[arg(long, value_name = "SM.TOML")]
    config: Option<PathBuf>,
    /// Warp schedulers (default 1, or the configuration's).
    #[arg(long, value_name = "S", value_parser = parse_schedulers)]
    schedulers: Option<u32>,
    /// Issue policy (default lrr, or the configuration's).
    #[arg(long, value_parser = ["lrr", "gto"])]
    policy: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Step limit per warp.
    #[arg(long, default_value_t = warpkit_sim::DEFAULT_MAX_STEPS)]
    max_steps: u64,
    /// Also print an llvm-mca-style timeline of the first N issued instructions.
    #[arg(long, value_name = "N", num_args = 0..=1, require_equals = true, default_missing_value = "40")]
    timeline: Option<usize>,
    /// Draw the per-warp timeline as an SVG picture.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write Chrome trace-event JSON (opens in Perfetto; 1 cycle = 1 us).
    #[arg(long, value_name = "FILE")]
    trace_events: Option<PathBuf>,
    /// Write the warps' final state (the same file `warpkit run` prints).
    #[arg(long, value_name = "FILE")]
    final_state: Option<PathBuf>,
    /// Print at most N assembly errors (and N warnings).
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_errors: usize,
}

/// `--schedulers`: checked while the command line is read (a bad value is exit status 2).
fn parse_schedulers(s: &str) -> Result<u32, String> {
    let n: u32 = s.parse().map_err(|e| format!("{e}"))?;
    SmConfig::default()
        .set_schedulers(n)
        .map(|()| n)
        .map_err(|e| e.to_string())
}

/// Open an output file: not standard output (the report goes there), not an input, not
/// another output.
fn open_output(
    path: Option<&PathBuf>,
    flag: &str,
    inputs: &[&Path],
    taken: &mut Vec<PathBuf>,
) -> Result<Option<Output>, String> {
    let Some(p) = path else { return Ok(None) };
    if files::is_std(p) {
        return Err(format!(
            "{flag} cannot be `-`: standard output carries the report; give a file name"
        ));
    }
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.clone());
    if taken.contains(&abs) {
        return Err(format!(
            "{flag} {} names the same file as another output",
            p.display()
        ));
    }
    taken.push(abs);
    Output::open(p, inputs).map(Some)
}

pub fn run(a: TimingArgs) -> Result<(), String> {
    let stdin_inputs = [Some(&a.program), a.state.as_ref(), a.config.as_ref()]
        .into_iter()
        .flatten()
        .filter(|p| files::is_std(p))
        .count();
    if stdin_inputs > 1 {
        crate::help::usage_error("only one of PROGRAM, --state and --config can be standard input");
    }
    for (p, flag) in [
        (&a.svg, "--svg"),
        (&a.trace_events, "--trace-events"),
        (&a.final_state, "--final-state"),
    ] {
        if p.as_deref().is_some_and(files::is_std) {
            crate::help::usage_error(&format!(
                "{flag} cannot be `-`: standard output carries the report; give a file name"
            ));
        }
    }
    let mut inputs: Vec<&Path> = vec![&a.program];
    inputs.extend(a.state.as_deref());
    inputs.extend(a.config.as_deref());
    // Outputs first: a bad path fails before anything runs.
    let mut taken = Vec::new();
    let svg_out = open_output(a.svg.as_ref(), "--svg", &inputs, &mut taken)?;
    let mut te_out = open_output(
        a.trace_events.as_ref(),
        "--trace-events",
        &inputs,
        &mut taken,
    )?;
    let state_out = open_output(a.final_state.as_ref(), "--final-state", &inputs, &mut taken)?;

    let mut cfg = match &a.config {
        Some(p) => SmConfig::from_toml(&files::read_text(p)?)
            .map_err(|e| format!("{}: {e}", files::display(p)))?,
        None => SmConfig::default(),
    };
    if let Some(s) = a.schedulers {
        cfg.set_schedulers(s)
            .map_err(|e| format!("--schedulers: {e}"))?;
    }
    if let Some(p) = &a.policy {
        cfg.set_policy(p.parse::<Policy>().map_err(|e| format!("--policy: {e}"))?);
    }
    let loaded = input::load_program(&a.program, a.format, a.kernel.as_deref(), a.max_errors)?;
    let code = &loaded.code;
    let state_text = match &a.state {
        Some(p) => files::read_text(p)?,
        None => "{}".to_string(),
    };
    let mut launch = parse_state(&state_text).map_err(|e| match &a.state {
        Some(p) => format!("{}: {e}", files::display(p)),
        None => e.to_string(),
    })?;
    loaded.prepare(&mut launch)?;

    let program = Program::new(code);
    let timing = Timing::new(&program, &cfg);
    let name = files::display(&a.program);
    let mut timeline = a.timeline.map(Timeline::new);
    let mut picture = svg_out.as_ref().map(|_| Picture::new(&name));
    let label = format!(
        "warpkit SM: {name} ({} scheduler{}, {})",
        cfg.schedulers(),
        if cfg.schedulers() == 1 { "" } else { "s" },
        cfg.policy()
    );
    let mut events = te_out
        .as_mut()
        .map(|o| TraceEvents::new(o, &program, &label));
    let mut per_pc = warpkit_timing::PerPc::default();
    let run = timing
        .run(
            launch.warps,
            a.max_steps,
            &mut ((&mut timeline, &mut per_pc), (&mut picture, &mut events)),
        )
        .map_err(|e| e.to_string())?;

    if let (Some(mut o), Some(p)) = (svg_out, &picture) {
        o.write_all_or_closed(p.render().as_bytes())?;
        o.commit()?;
    }
    if let Some(te) = events {
        te.finish().map_err(|e| {
            format!(
                "cannot write {}: {e}",
                a.trace_events.as_deref().map_or("".into(), files::display)
            )
        })?;
    }
    if let Some(o) = te_out {
        o.commit()?;
    }
    if let Some(mut o) = state_out {
        o.write_all_or_closed(state_to_json(launch.code_base, &run.results).as_bytes())?;
        o.commit()?;
    }

    let r = &run.report;
    let text = if a.json {
        let mut extra: Vec<(&str, serde_json::Value)> = vec![("per_pc", per_pc.to_json(&program))];
        extra.extend(timeline.iter().map(|t| ("timeline", t.to_json(&program))));
        r.to_json(&extra) + "\n"
    } else {
        let mut s = r.to_text();
        s.push('\n');
        s.push_str(&per_pc.to_text(&program));
        if let Some(t) = &timeline {
            s.push('\n');
            s.push_str(&t.render(&program));
        }
        s
    };
    crate::files::write_stdout(text.as_bytes())?;
    if a.format.is_none() && loaded.format == warpkit_ui::load::ProgramFormat::Bin {
        if let Some(h) = text_hint(&a.program, code, &run.results) {
            eprintln!("{h}");
        }
    }
    Ok(())
}

/// `run`'s hint for text taken as machine code, from the warps' outcomes.
fn text_hint(path: &Path, code: &[u8], results: &[WarpResult]) -> Option<String> {
    let at_once = results
        .iter()
        .any(|r| matches!(r.outcome.status, RunStatus::Faulted(_)) && r.outcome.steps == 0);
    input::text_hint(path, code, at_once)
}
