//! Running many independent warps of one program on all cores.

use crate::warp::{RunOutcome, Warp};
use crate::Program;
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
    let n = warps.len();
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(n);
    if threads <= 1 {
        return run_warps_sequential(program, warps, max_steps);
    }
    let slots: Vec<Mutex<Option<WarpResult>>> = warps
        .into_iter()
        .map(|w| {
            Mutex::new(Some(WarpResult {
                warp: w,
                outcome: RunOutcome {
                    status: crate::RunStatus::StepLimit,
                    steps: 0,
                },
            }))
        })
        .collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(slot) = slots.get(i) else { break };
                // Each slot is taken by exactly one thread; a poisoned lock cannot happen
                // because nothing panics while holding it, but recover the data anyway.
                let mut g = slot.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(r) = g.as_mut() {
                    r.outcome = r.warp.run(program, max_steps);
                }
            });
        }
    });
    slots
        .into_iter()
        .filter_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
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
