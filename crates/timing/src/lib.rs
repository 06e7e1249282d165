//! `warpkit-timing`: a cycle-level timing model of one warpkit SM, driving the functional
//! simulator instruction by instruction. The model is written down in `docs/timing.md`.
//!
//! * [`SmConfig`]: schedulers, issue policy (`lrr`, `gto`) and per-unit latency overrides
//!   (`sm.toml`); every default latency is the database's.
//! * [`Timing`]: a program prepared for timing; [`Timing::run`] times a set of warps and
//!   returns the [`Report`] (cycles, instructions, IPC, stall cycles by cause, active-lane
//!   histograms) and the warps' final states, which are exactly `warpkit run`'s.
//! * Observers see every issued instruction: [`Timeline`] (llvm-mca-style text), [`Picture`]
//!   (SVG), [`TraceEvents`] (Chrome trace-event JSON for Perfetto), [`PerPc`] (issues and
//!   stall cycles by cause per instruction, as llvm-mca's per-instruction view).

mod config;
mod engine;
mod per_pc;
mod report;
pub mod svg;
mod timeline;
mod trace_events;

pub use config::{units, ConfigError, ExecUnit, Policy, SmConfig, MAX_LATENCY, MAX_SCHEDULERS};
pub use engine::{Issue, Observer, Timing, TimingError, TimingRun, Wait};
pub use per_pc::{PcTotal, PerPc};
pub use report::{Report, Stalls, WarpReport};
pub use svg::Picture;
pub use timeline::{Timeline, LEGEND, MAX_STRIP};
pub use trace_events::TraceEvents;
