//! The streaming trace of `warpkit run --trace`: one JSON line per retired instruction
//! ([`Commit::write_json`]), written while the warps run, in bounded memory.
//!
//! Warps run in parallel. The lowest warp whose records are not yet written (the *head*)
//! writes straight to the output; a warp that runs ahead of it writes to a temporary file
//! of its own (a *spill*), copied to the output once every earlier warp has been written.
//! So the output is the sequential trace (warp 0's records, then warp 1's ...) byte for
//! byte, whatever the number of threads.
//!
//! Memory does not grow with steps or warps: a thread holds one record, one line and one
//! 64 KiB buffer, and a warp is only started while it is fewer than [`WINDOW_PER_THREAD`]
//! x threads warps ahead of the head, so at most that many spills exist at once (a long
//! head warp makes the others wait rather than pile up files).

use crate::commit::Commit;
use crate::program::Program;
use crate::run::RunStatus;
use crate::sim::{LaunchWarp, Sim};
use crate::state::SimError;
use crate::trace_line::{AsmFn, TraceLine};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::{Range, RangeInclusive};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// How many warps per thread may be started ahead of the lowest unwritten one.
pub const WINDOW_PER_THREAD: usize = 4;

/// Steps run with the logged handlers between two looks at whether to stop (an output
/// error elsewhere ends the run early).
const CHUNK: u64 = 1 << 16;

/// Which records a trace keeps (`--trace-warps`, `--trace-steps`). Warps and steps outside
/// it run on the fast path: a filter makes a traced run faster, never different.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceFilter {
    /// Warps traced (inclusive ranges of indices); `None`: every warp.
    pub warps: Option<Vec<RangeInclusive<usize>>>,
    /// Records whose `step` (the warp's retired count before the instruction) is in this
    /// half-open range.
    pub steps: Range<u64>,
}

impl Default for TraceFilter {
    fn default() -> Self {
        TraceFilter::ALL
    }
}

impl TraceFilter {
    /// Every record of every warp.
    pub const ALL: TraceFilter = TraceFilter {
        warps: None,
        steps: 0..u64::MAX,
    };

    /// Whether warp `i` is traced.
    pub fn traces_warp(&self, i: usize) -> bool {
        self.warps
            .as_ref()
            .is_none_or(|r| r.iter().any(|r| r.contains(&i)))
    }
}

/// Where spilled records go and how many threads run.
pub struct TraceOptions<'a> {
    pub filter: TraceFilter,
    /// Threads (0: every available core). With one, every record goes straight to the
    /// output and nothing spills.
    pub threads: usize,
    /// Makes an empty, readable and writable temporary file for one warp's records. It is
    /// dropped after its copy, or on error: it should remove itself (an unlinked file, as
    /// `tempfile::tempfile_in` makes, leaves nothing behind even if the process is killed).
    pub spill: &'a (dyn Fn() -> io::Result<File> + Sync),
}

/// What one finished warp left for the output.
enum Done {
    /// Nothing (not traced, or written straight to the output).
    Nothing,
    /// Its records, in a spill rewound to the start.
    Spilled(File),
}

/// The state the threads share, under one lock.
struct Order<'w, 'o> {
    /// Warps not started yet, in order.
    pending: std::iter::Enumerate<std::slice::IterMut<'w, LaunchWarp>>,
    /// Index of the next warp to start.
    next: usize,
    /// The lowest warp whose records are not yet written or being written.
    head: usize,
    /// The output, absent while a thread writes to it.
    out: Option<&'o mut (dyn Write + Send)>,
    /// Finished warps above the head, waiting for their turn.
    done: BTreeMap<usize, Done>,
    error: Option<io::Error>,
}

struct TraceWorkers<'w, 'o> {
    order: Mutex<Order<'w, 'o>>,
    turn: Condvar,
    stop: AtomicBool,
    window: usize,
}

impl<'w, 'o> TraceWorkers<'w, 'o> {
    fn lock(&self) -> MutexGuard<'_, Order<'w, 'o>> {
        // No thread panics while holding the lock; recover the data anyway.
        self.order.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn fail(&self, g: &mut Order<'w, 'o>, e: io::Error) {
        g.error.get_or_insert(e);
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Sim {
    /// [`Sim::run`] with a trace: every retired instruction that `opts.filter` keeps
    /// becomes one JSON line on `out` (see [`Commit::write_json`]; the text of the
    /// instruction from `asm`), warp 0's records first, then warp 1's, and so on. The
    /// warps run in parallel (records of warps ahead of the output wait in spill files);
    /// output and final state equal those of a sequential run.
    ///
    /// On an output error the run stops early (warps not started stay as they were) and
    /// the error is returned.
    pub fn run_traced(
        &mut self,
        max_steps: u64,
        out: &mut (dyn Write + Send),
        asm: AsmFn<'_>,
        opts: &TraceOptions<'_>,
    ) -> Result<(), SimError> {
        let threads = match opts.threads {
            0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
            t => t,
        }
        .clamp(1, self.warps.len().max(1));
        let program = &self.program;
        let shared = TraceWorkers {
            order: Mutex::new(Order {
                pending: self.warps.iter_mut().enumerate(),
                next: 0,
                head: 0,
                out: Some(out),
                done: BTreeMap::new(),
                error: None,
            }),
            turn: Condvar::new(),
            stop: AtomicBool::new(false),
            window: threads * WINDOW_PER_THREAD,
        };
        let work = || worker(&shared, program, max_steps, asm, opts);
        if threads == 1 {
            work();
        } else {
            std::thread::scope(|s| {
                for _ in 0..threads {
                    s.spawn(work);
                }
            });
        }
        let order = shared.order.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = order.error {
            return Err(SimError::Io(e));
        }
        debug_assert!(order.done.is_empty());
        match order.out {
            Some(o) => o.flush().map_err(SimError::Io),
            None => Ok(()),
        }
    }
}

/// One thread: start the next warp (waiting while the window is full), run it, hand its
/// records to the output, until no warp is left.
fn worker(
    sh: &TraceWorkers<'_, '_>,
    p: &Program,
    max_steps: u64,
    asm: AsmFn<'_>,
    opts: &TraceOptions<'_>,
) {
    loop {
        let (i, lw, traced, direct) = {
            let mut g = sh.lock();
            loop {
                if g.error.is_some() {
                    return;
                }
                if g.next >= g.head + sh.window {
                    g = sh.turn.wait(g).unwrap_or_else(|e| e.into_inner());
                    continue;
                }
                let Some((i, lw)) = g.pending.next() else {
                    return;
                };
                g.next = i + 1;
                let traced = opts.filter.traces_warp(i) && lw.runnable();
                // The head writes straight to the output when no copy is going on.
                let direct = if traced && i == g.head {
                    g.out.take()
                } else {
                    None
                };
                break (i, lw, traced, direct);
            }
        };
        let steps = &opts.filter.steps;
        let (result, out) = match direct {
            _ if !traced => {
                lw.continue_fast(p, max_steps);
                (Ok(Done::Nothing), None)
            }
            Some(out) => {
                let r = trace_warp(lw, i, p, max_steps, steps, &mut *out, asm, &sh.stop);
                (r.map(|()| Done::Nothing), Some(out))
            }
            None => (
                spill_warp(lw, i, p, max_steps, steps, asm, opts, &sh.stop),
                None,
            ),
        };
        let mut g = sh.lock();
        let done = match result {
            Ok(d) => d,
            Err(e) => {
                sh.fail(&mut g, e);
                Done::Nothing
            }
        };
        if let Some(out) = out {
            g.out = Some(out);
            g.head = i + 1;
        } else {
            g.done.insert(i, done);
        }
        g = drain(sh, g);
        drop(g);
        sh.turn.notify_all();
    }
}

/// Write finished warps at the head to the output, in order, while the output is free.
/// The lock is released during each copy.
fn drain<'g, 'w, 'o>(
    sh: &'g TraceWorkers<'w, 'o>,
    mut g: MutexGuard<'g, Order<'w, 'o>>,
) -> MutexGuard<'g, Order<'w, 'o>> {
    while g.error.is_none() {
        let head = g.head;
        if g.out.is_none() || !g.done.contains_key(&head) {
            break;
        }
        let Some(done) = g.done.remove(&head) else {
            break;
        };
        g.head = head + 1;
        let Done::Spilled(mut file) = done else {
            continue;
        };
        let Some(out) = g.out.take() else { break };
        drop(g);
        let r = copy(&mut file, &mut *out);
        drop(file);
        g = sh.lock();
        g.out = Some(out);
        if let Err(e) = r {
            sh.fail(&mut g, e);
        }
    }
    g
}

fn copy(from: &mut File, to: &mut dyn Write) -> io::Result<()> {
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match from.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => to.write_all(&buf[..n])?,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Run a warp ahead of the output, its records into a new spill.
#[allow(clippy::too_many_arguments)]
fn spill_warp(
    lw: &mut LaunchWarp,
    i: usize,
    p: &Program,
    max_steps: u64,
    steps: &Range<u64>,
    asm: AsmFn<'_>,
    opts: &TraceOptions<'_>,
    stop: &AtomicBool,
) -> io::Result<Done> {
    let mut w = BufWriter::with_capacity(1 << 16, (opts.spill)()?);
    trace_warp(lw, i, p, max_steps, steps, &mut w, asm, stop)?;
    let mut f = w.into_inner().map_err(|e| e.into_error())?;
    f.seek(SeekFrom::Start(0))?;
    Ok(Done::Spilled(f))
}

/// Go on with warp `i` until its step count reaches `max_steps` or it ends, writing the
/// records whose step is in `steps` to `out`; the steps before and after that range run
/// on the fast path.
#[allow(clippy::too_many_arguments)]
fn trace_warp(
    lw: &mut LaunchWarp,
    i: usize,
    p: &Program,
    max_steps: u64,
    steps: &Range<u64>,
    out: &mut dyn Write,
    asm: AsmFn<'_>,
    stop: &AtomicBool,
) -> io::Result<()> {
    let mut lines = TraceLine::default();
    let mut error = None;
    let w = &mut lw.warp;
    let status = loop {
        let s = w.steps();
        let (end, logged) = if s < steps.start {
            (steps.start, false)
        } else if s < steps.end {
            (steps.end.min(s.saturating_add(CHUNK)), true)
        } else {
            (max_steps, false)
        };
        let budget = end.min(max_steps).saturating_sub(s);
        let r = if logged {
            w.run_logged(p, budget, &mut |c: &Commit| {
                if error.is_none() {
                    error = lines.write(out, asm, c, i).err();
                }
            })
        } else {
            // A traced warp interprets throughout (docs/simulator.md).
            w.interpret(p, budget)
        };
        let finished = r.status != RunStatus::StepLimit || w.steps() >= max_steps;
        if finished || error.is_some() || stop.load(Ordering::Relaxed) {
            break r.status;
        }
    };
    lw.status = Some(status);
    error.map_or(Ok(()), Err)
}
