//! Running many independent warps of one program on all cores.

use crate::program::Program;
use crate::run::RunOutcome;
use crate::warp::Warp;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A warp's final state and how its run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpResult {
    pub warp: Warp,
    pub outcome: RunOutcome,
}

/// Run every warp to completion (or `max_steps` instructions each), in parallel on all
/// available cores. Warps share nothing but the program, so the results are exactly those
/// of a sequential run, returned in input order.
pub fn run_warps(program: &Program, warps: Vec<Warp>, max_steps: u64) -> Vec<WarpResult> {
    par_map(warps, |mut w| {
        let outcome = w.run(program, max_steps);
        WarpResult { warp: w, outcome }
    })
}

/// `items.map(f)` on all available cores, results in input order. Each item is taken by
/// exactly one thread, so the result equals a sequential map.
pub(crate) fn par_map<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let n = items.len();
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(n);
    if threads <= 1 {
        return items.into_iter().map(f).collect();
    }
    // Slot i holds item i until a thread takes it, then its result.
    let slots: Vec<Mutex<Result<R, Option<T>>>> = items
        .into_iter()
        .map(|x| Mutex::new(Err(Some(x))))
        .collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(slot) = slots.get(i) else { break };
                // Nothing panics while a lock is held, but recover the data anyway.
                let mut g = slot.lock().unwrap_or_else(|e| e.into_inner());
                if let Err(item) = &mut *g {
                    if let Some(x) = item.take() {
                        *g = Ok(f(x));
                    }
                }
            });
        }
    });
    slots
        .into_iter()
        .filter_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()).ok())
        .collect()
}

/// The same as [`run_warps`], on the calling thread.
pub fn run_warps_sequential(
    program: &Program,
    warps: Vec<Warp>,
    max_steps: u64,
) -> Vec<WarpResult> {
    warps
        .into_iter()
        .map(|mut w| {
            let outcome = w.run(program, max_steps);
            WarpResult { warp: w, outcome }
        })
        .collect()
}
