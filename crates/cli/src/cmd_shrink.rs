//! `warpkit shrink`: creduce-style reduction of a program and its state file while a
//! user's test command still says "interesting" (exit status 0).

use crate::files;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use wait_timeout::ChildExt;
use warpkit_gen::shrink::{shrink, Options};

#[derive(Args)]
pub struct ShrinkArgs {
    /// Program to reduce (assembly `.s`, or raw machine code, which is disassembled first).
    program: PathBuf,
    /// Its state file.
    #[arg(long)]
    state: PathBuf,
    /// Where the reduced program goes (default PROGRAM.min.s; needed when PROGRAM is `-`).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Where the reduced state goes (default: the state's name with `.min` before
    /// `.state.json` or `.json`; needed when --state is `-`).
    #[arg(long, value_name = "FILE")]
    output_state: Option<PathBuf>,
    /// Interestingness test, run with `sh -c`; the candidate's paths are in
    /// $WARPKIT_PROGRAM and $WARPKIT_STATE; exit status 0 means "still interesting".
    #[arg(long)]
    test: String,
    /// Seconds a test may take; a candidate whose test runs longer is not interesting.
    #[arg(long, default_value_t = 10.0, value_parser = parse_timeout)]
    timeout: f64,
    /// Candidates must stop (exit or fault) on every warp within this many steps.
    #[arg(long, default_value_t = warpkit_sim::DEFAULT_MAX_STEPS)]
    max_steps: u64,
    /// Do not print progress.
    #[arg(short, long)]
    quiet: bool,
}

/// `dir/name.s` -> `dir/name.min.s`; `dir/name.state.json` -> `dir/name.min.state.json`
/// (so a reproducer pairs with its state as the generator's files do: `P.s` with
/// `P.state.json`); any other `dir/name.ext` -> `dir/name.min.ext`.
fn min_path(p: &Path, ext: &str) -> PathBuf {
    let name = p
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let out = match name.strip_suffix(".state.json") {
        Some(base) => format!("{base}.min.state.json"),
        None => {
            let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned());
            format!("{}.min.{ext}", stem.unwrap_or_default())
        }
    };
    p.with_file_name(out)
}

/// How one test run ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Interesting,
    NotInteresting,
    /// Ran past --timeout and was killed: not interesting.
    TimedOut,
}

/// Run the test on one candidate.
fn interesting(
    cmd: &str,
    prog: &Path,
    state: &Path,
    timeout: Duration,
    p: &str,
    s: &str,
) -> Result<Verdict, String> {
    for (path, text) in [(prog, p), (state, s)] {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(cmd)
        .env("WARPKIT_PROGRAM", prog)
        .env("WARPKIT_STATE", state)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // Its own process group, so a timeout ends the whole pipeline, not just `sh`.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut c, 0);
    let mut child = c
        .spawn()
        .map_err(|e| format!("cannot run the test with sh: {e}"))?;
    let status = child
        .wait_timeout(timeout)
        .map_err(|e| format!("waiting for the test: {e}"))?;
    match status {
        Some(s) if s.success() => Ok(Verdict::Interesting),
        Some(_) => Ok(Verdict::NotInteresting),
        None => {
            #[cfg(unix)]
            // SAFETY: kill(2) on the process group we created; no memory is touched.
            unsafe {
                libc::kill(-(child.id() as i32), libc::SIGKILL);
            }
            let _ = child.kill();
            let _ = child.wait();
            Ok(Verdict::TimedOut)
        }
    }
}

/// `--timeout`: checked while the command line is read (a bad value is exit status 2).
fn parse_timeout(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => Ok(t),
        _ => Err("must be a number of seconds in (0, 86400]".into()),
    }
}

pub fn run(a: ShrinkArgs) -> Result<(), String> {
    // Standard input has no name to derive the output's from.
    for (input, output, flag) in [
        (
            &a.program,
            &a.output,
            "PROGRAM is `-`: give the reduced program's name with -o FILE",
        ),
        (
            &a.state,
            &a.output_state,
            "--state is `-`: give the reduced state's name with --output-state FILE",
        ),
    ] {
        if files::is_std(input) && output.is_none() {
            crate::help::usage_error(flag);
        }
    }
    if files::is_std(&a.program) && files::is_std(&a.state) {
        crate::help::usage_error("PROGRAM and --state cannot both be standard input");
    }
    let text = if crate::input::format_of(&a.program) == crate::input::InputFormat::Asm {
        crate::input::read_source(&a.program)?
    } else {
        let code = files::read(&a.program)?;
        warpkit_asm::disassemble(
            &code,
            warpkit_asm::DisasmOptions {
                comments: false,
                labels: true,
            },
        )
    };
    let state = files::read_text(&a.state)?;
    let out_prog = a
        .output
        .clone()
        .unwrap_or_else(|| min_path(&a.program, "s"));
    let out_state = a
        .output_state
        .clone()
        .unwrap_or_else(|| min_path(&a.state, "json"));
    // Opened (and checked against the inputs) before a long reduction, not after it.
    let inputs: [&std::path::Path; 2] = [&a.program, &a.state];
    let mut prog_out = files::Output::open(&out_prog, &inputs)?;
    let mut state_out = files::Output::open(&out_state, &inputs)?;
    let dir = tempfile::Builder::new()
        .prefix("warpkit-shrink.")
        .tempdir()
        .map_err(|e| format!("cannot create a temporary directory: {e}"))?;
    let cand_prog = dir.path().join("candidate.s");
    let cand_state = dir.path().join("candidate.state.json");
    let timeout = Duration::from_secs_f64(a.timeout);
    // How the first test (the input as given) ended: a timeout there gets its own message.
    let mut first: Option<Verdict> = None;
    // Tests run, on a terminal; after Ctrl-C every candidate is "not interesting" without
    // a test, so the reduction ends at once with the smallest interesting case so far.
    let items = std::cell::RefCell::new(crate::progress::Items::start_open("tests")?);
    let mut oracle = |p: &str, s: &str| {
        if items.borrow().interrupted() {
            return Ok(false);
        }
        let v = interesting(&a.test, &cand_prog, &cand_state, timeout, p, s)?;
        items.borrow_mut().inc(1);
        first.get_or_insert(v);
        Ok(v == Verdict::Interesting)
    };
    let quiet = a.quiet;
    let mut progress = |line: &str| {
        if !quiet {
            items.borrow().println(&format!("shrink: {line}"));
        }
    };
    let r = shrink(
        &text,
        &state,
        &mut oracle,
        Options {
            max_steps: a.max_steps,
            progress: Some(&mut progress),
        },
    )
    .map_err(|e| match first {
        Some(Verdict::TimedOut) => format!(
            "{}: the test timed out on the input as given (it ran longer than --timeout {} s \
             and was stopped); raise --timeout or make the test faster",
            files::display(&a.program),
            a.timeout
        ),
        _ => format!("{}: {e}", files::display(&a.program)),
    })?;
    let mut items = items.into_inner();
    items.finish();
    let stopped = items.interrupted();
    drop(items);
    prog_out.write_all_or_closed(r.program.as_bytes())?;
    prog_out.commit()?;
    state_out.write_all_or_closed(r.state.as_bytes())?;
    state_out.commit()?;
    crate::files::write_stdout(
        format!(
            "before: {}\nafter:  {}\nwrote {} and {} ({} tests)\n",
            r.before,
            r.after,
            out_prog.display(),
            out_state.display(),
            r.tests
        )
        .as_bytes(),
    )?;
    if stopped {
        eprintln!(
            "warpkit: interrupted; the files written hold the smallest interesting case found"
        );
        std::process::exit(crate::progress::EXIT_INTERRUPTED.into());
    }
    Ok(())
}
