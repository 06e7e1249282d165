//! Helpers shared by the simulator benchmarks.

use std::time::Instant;

// Not every benchmark runs the integer loop.
#[allow(dead_code)]
pub mod muladd;

/// Best-of-7 wall time of `f` per call, in seconds.
pub fn best(mut f: impl FnMut(), reps: u32) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..7 {
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / reps as f64);
    }
    best
}
