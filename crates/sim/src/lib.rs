//! `warpkit-sim`: the golden functional model of one warpkit warp (32 lanes).
//!
//! * [`Program::new`] decodes a code object once: every 4-byte-aligned offset gets its
//!   instruction and a resolved handler, so [`Warp::step`] does no decoding, no lookup by
//!   name and no allocation.
//! * [`Warp`] holds the architectural state of SUPPLEMENT §1 and executes with
//!   [`Warp::step`] / [`Warp::run`] (and the `_traced` variants, which report every
//!   register written; the untraced path does not pay for them).
//! * [`run_warps`] runs independent warps on all cores.
//! * [`state`] reads and writes JSON state files and JSON Lines traces; [`run_state`] is
//!   the entry point of the command line tool.
//!
//! Semantics: every §6.1 variant (integer, uniform, EXEC, branches) and every §6.2 variant
//! (binary32/binary16 FP, packed 16-bit, via `warpkit-fp`), bit-exact; §7 tex/gfx variants
//! raise IllegalInsn (see [`semantics_for`]). Decisions the manual leaves open are in
//! `SEMANTICS-INT.md` (integer) and `docs/semantics.md` (FP).

mod exec;
mod fault;
mod fp;
pub mod int;
mod launch;
mod program;
pub mod state;
mod trace;
mod warp;

pub use exec::{has_semantics, semantics_for, Flow, Handler};
pub use fault::{Fault, FaultCause, FaultReason};
pub use launch::{run_warps, run_warps_sequential, WarpResult};
pub use program::{Op, Program};
pub use state::{run_state, SimError, DEFAULT_MAX_STEPS};
pub use trace::{RegWrite, TraceRecord};
pub use warp::{
    fflag, rm, Mode, RunOutcome, RunStatus, StateError, StepResult, VReg, Warp, LANES, NUM_UREGS,
    NUM_VREGS,
};
