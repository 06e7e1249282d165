//! What one server allows: body size, sessions and their idle time, steps, run time,
//! warps, checkpoint memory, trace and timing sizes.

use std::time::Duration;

/// The limits of a server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, bytes.
    pub max_body: usize,
    pub max_sessions: usize,
    /// A session unused for this long is dropped.
    pub session_idle: Duration,
    /// Steps per warp (the engine's `max_steps`): a program that never exits stops here.
    pub max_steps: u64,
    /// Wall-clock time of one run or continue.
    pub run_time: Duration,
    pub max_warps: usize,
    /// Checkpoint memory per session.
    pub history_bytes: usize,
    pub checkpoint_interval: u64,
    /// Steps of an EXEC history window (the overview covers the whole run).
    pub exec_history_steps: usize,
    /// Steps per warp and bytes of a downloaded trace; steps of a timing run.
    pub trace_steps: u64,
    pub trace_bytes: usize,
    pub timing_steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body: 256 << 10,
            max_sessions: 64,
            session_idle: Duration::from_secs(15 * 60),
            max_steps: 1_000_000,
            run_time: Duration::from_secs(2),
            max_warps: 64,
            history_bytes: 4 << 20,
            checkpoint_interval: 4096,
            exec_history_steps: 2048,
            trace_steps: 100_000,
            trace_bytes: 8 << 20,
            timing_steps: 100_000,
        }
    }
}
