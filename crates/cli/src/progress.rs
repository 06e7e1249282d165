//! `run` without a trace, for long runs: progress on a terminal (instructions, rate) once a
//! run takes more than a second, and Ctrl-C that keeps the work: the run stops between two
//! instructions and the state reached is printed (a valid `--state`), then exit 130.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use warpkit_sim::Sim;

/// Wall time of one slice of the run between looks at the interrupt flag: a Ctrl-C is
/// answered within about this long.
const SLICE: Duration = Duration::from_millis(50);
/// Runs shorter than this show no progress.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Exit status after SIGINT, as a shell reports a process the signal ended.
pub const EXIT_INTERRUPTED: u8 = 130;

/// How a watched run ended.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    Done,
    Interrupted,
}

/// Run `sim` to `max_steps` as [`Sim::run`] does, watching for SIGINT (unless SIGINT was
/// ignored when the command started: a background job stays immune) and showing progress
/// on standard error when it is a terminal.
pub fn run_watched(sim: &mut Sim, max_steps: u64) -> Result<Ended, String> {
    use signal_hook::consts::SIGINT;
    let stop = Arc::new(AtomicBool::new(false));
    let mut ids = Vec::new();
    if !crate::files::ignored(SIGINT) {
        // A second Ctrl-C while the first is being answered ends the process at once.
        let err = |e: std::io::Error| format!("cannot install the SIGINT handler: {e}");
        ids.push(
            signal_hook::flag::register_conditional_default(SIGINT, stop.clone()).map_err(err)?,
        );
        ids.push(signal_hook::flag::register(SIGINT, stop.clone()).map_err(err)?);
    }
    let t0 = Instant::now();
    let steps0 = sim.total_steps();
    let tty = std::io::stderr().is_terminal();
    let mut bar: Option<indicatif::ProgressBar> = None;
    let done = sim.run_sliced(max_steps, SLICE, &mut |sim| {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        let t = t0.elapsed();
        if tty && t >= QUIET_FOR {
            let b = bar.get_or_insert_with(new_bar);
            let steps = sim.total_steps();
            let rate = (steps - steps0) as f64 / t.as_secs_f64();
            b.set_message(format!(
                "{steps} instructions, {:.1} M/s (Ctrl-C stops and prints the state reached)",
                rate / 1e6
            ));
            b.tick();
        }
        true
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    for id in ids {
        signal_hook::low_level::unregister(id);
    }
    Ok(if !done && stop.load(Ordering::Relaxed) {
        Ended::Interrupted
    } else {
        Ended::Done
    })
}

pub(crate) fn new_bar() -> indicatif::ProgressBar {
    let b = indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
        b.set_style(style);
    }
    b
}
