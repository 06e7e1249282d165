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
    /// Interestingness test, run with `sh -c`; the candidate's paths are in
    /// $WARPKIT_PROGRAM and $WARPKIT_STATE; exit status 0 means "still interesting".
    #[arg(long)]
    test: String,
    /// Seconds a test may take; a candidate whose test runs longer is not interesting.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Candidates must stop (exit or fault) on every warp within this many steps.
    #[arg(long, default_value_t = warpkit_sim::DEFAULT_MAX_STEPS)]
    max_steps: u64,
    /// Do not print progress.
    #[arg(short, long)]
    quiet: bool,
}

/// `dir/name.ext` -> `dir/name.min.<ext>`.
fn min_path(p: &Path, ext: &str) -> PathBuf {
    let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned());
    p.with_file_name(format!("{}.min.{ext}", stem.unwrap_or_default()))
}

/// Run the test on one candidate.
fn interesting(
    cmd: &str,
    prog: &Path,
    state: &Path,
    timeout: Duration,
    p: &str,
    s: &str,
) -> Result<bool, String> {
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
        Some(s) => Ok(s.success()),
        None => {
            #[cfg(unix)]
            // SAFETY: kill(2) on the process group we created; no memory is touched.
            unsafe {
                libc::kill(-(child.id() as i32), libc::SIGKILL);
            }
            let _ = child.kill();
            let _ = child.wait();
            Ok(false)
        }
    }
}

pub fn run(a: ShrinkArgs) -> Result<(), String> {
    if !(a.timeout.is_finite() && a.timeout > 0.0 && a.timeout <= 86_400.0) {
        return Err(format!(
            "--timeout must be a number of seconds in (0, 86400], got {}",
            a.timeout
        ));
    }
    let text = if a.program.extension().is_some_and(|e| e == "s") {
        files::read_text(&a.program)?
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
    let out_prog = min_path(&a.program, "s");
    let out_state = min_path(&a.state, "json");
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
    let mut oracle =
        |p: &str, s: &str| interesting(&a.test, &cand_prog, &cand_state, timeout, p, s);
    let quiet = a.quiet;
    let mut progress = |line: &str| {
        if !quiet {
            eprintln!("shrink: {line}");
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
    .map_err(|e| format!("{}: {e}", a.program.display()))?;
    prog_out.write_all_or_closed(r.program.as_bytes())?;
    prog_out.commit()?;
    state_out.write_all_or_closed(r.state.as_bytes())?;
    state_out.commit()?;
    println!("before: {}", r.before);
    println!("after:  {}", r.after);
    println!(
        "wrote {} and {} ({} tests)",
        out_prog.display(),
        out_state.display(),
        r.tests
    );
    Ok(())
}
