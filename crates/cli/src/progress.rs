//! Progress on a terminal and Ctrl-C that keeps the work.
//!
//! * `run` without a trace ([`run_watched`]): instructions and rate once a run takes more
//!   than a second; Ctrl-C stops between two instructions and the state reached is printed
//!   (a valid `--state`), then exit 130.
//! * Work over a list of items ([`Items`]: programs generated or covered, databases
//!   merged, shrink candidates): items done of all, rate and time left once the work takes
//!   more than a second; Ctrl-C stops between two items, the command keeps what is
//!   finished and exits 130.
//!
//! Nothing is drawn when standard error is not a terminal.

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
    let stop = Arc::new(AtomicBool::new(false));
    let ids = watch_sigint(&stop, true)?;
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

/// Make SIGINT set `stop` (unless SIGINT was ignored when the command started: a
/// background job stays immune); with `second_ends`, a second Ctrl-C while the first is
/// being answered ends the process at once. The handlers to unregister.
fn watch_sigint(
    stop: &Arc<AtomicBool>,
    second_ends: bool,
) -> Result<Vec<signal_hook::SigId>, String> {
    use signal_hook::consts::SIGINT;
    let mut ids = Vec::new();
    if !crate::files::ignored(SIGINT) {
        let err = |e: std::io::Error| format!("cannot install the SIGINT handler: {e}");
        if second_ends {
            ids.push(
                signal_hook::flag::register_conditional_default(SIGINT, stop.clone())
                    .map_err(err)?,
            );
        }
        ids.push(signal_hook::flag::register(SIGINT, stop.clone()).map_err(err)?);
    }
    Ok(ids)
}

/// Progress over `total` items, and Ctrl-C noted between items.
pub struct Items {
    what: &'static str,
    total: u64,
    done: u64,
    t0: Instant,
    tty: bool,
    bar: Option<indicatif::ProgressBar>,
    stop: Arc<AtomicBool>,
    ids: Vec<signal_hook::SigId>,
}

impl Items {
    /// Work of an unknown number of items (shrink's tests): items done and rate, no
    /// time left.
    pub fn start_open(what: &'static str) -> Result<Items, String> {
        Items::start(what, 0)
    }

    /// Start watching: `what` names the items ("programs", "databases", ...); `total` 0:
    /// not known.
    pub fn start(what: &'static str, total: u64) -> Result<Items, String> {
        let stop = Arc::new(AtomicBool::new(false));
        // The temporaries' cleanup (files.rs) leaves the first Ctrl-C to us and ends the
        // process, temporaries removed, on a second one.
        crate::files::SIGINT_KEEPS_WORK.store(true, Ordering::SeqCst);
        let ids = watch_sigint(&stop, false)?;
        Ok(Items {
            what,
            total,
            done: 0,
            t0: Instant::now(),
            tty: std::io::stderr().is_terminal(),
            bar: None,
            stop,
            ids,
        })
    }

    /// `n` more items done; the line drawn (on a terminal, after a second).
    pub fn inc(&mut self, n: u64) {
        self.done += n;
        if !self.tty {
            return;
        }
        if self.bar.is_none() && self.t0.elapsed() >= QUIET_FOR {
            let b = indicatif::ProgressBar::with_draw_target(
                (self.total > 0).then_some(self.total),
                indicatif::ProgressDrawTarget::stderr(),
            )
            .with_elapsed(self.t0.elapsed());
            let template = if self.total > 0 {
                "{elapsed} [{bar:30}] {pos}/{len} {msg}"
            } else {
                "{elapsed} {pos} {msg}"
            };
            if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                b.set_style(style.progress_chars("=> "));
            }
            self.bar = Some(b);
        }
        if let Some(b) = &self.bar {
            // Rate and time left over the whole work so far (indicatif's own estimate
            // starts at the first drawing, a second in).
            let t = self.t0.elapsed().as_secs_f64();
            let rate = self.done as f64 / t.max(1e-9);
            let left = (self.total - self.done.min(self.total)) as f64 / rate.max(1e-9);
            b.set_position(self.done);
            let left = if self.total > 0 {
                format!(", {} left", human(left))
            } else {
                String::new()
            };
            b.set_message(format!(
                "{}, {rate:.1}/s{left} (Ctrl-C stops and keeps what is done)",
                self.what
            ));
        }
    }

    /// A line of text above the progress line (or on standard error when there is none).
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(b) => b.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// End the display (before a final message, so that clearing the line keeps it).
    pub fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }

    /// Whether Ctrl-C was pressed: the caller stops before its next item.
    pub fn interrupted(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Items done so far.
    pub fn done(&self) -> u64 {
        self.done
    }
}

/// Seconds as `42s`, `3m07s`, `2h05m`.
fn human(secs: f64) -> String {
    let s = secs.round().min(1e9) as u64;
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

impl Drop for Items {
    fn drop(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
        crate::files::SIGINT_KEEPS_WORK.store(false, Ordering::SeqCst);
    }
}

pub(crate) fn new_bar() -> indicatif::ProgressBar {
    let b = indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
        b.set_style(style);
    }
    b
}
