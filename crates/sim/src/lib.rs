//! `warpkit-sim`: the golden functional model of one warpkit warp (32 lanes).
//!
//! * [`Program::new`] decodes a code object once: every 4-byte-aligned offset gets its
//!   instruction and resolved handlers, so [`Warp::step`] does no decoding, no lookup by
//!   name and no allocation.
//! * [`Warp`] holds the architectural state of SUPPLEMENT §1 and executes with
//!   [`Warp::step`] / [`Warp::run`] (the process's engine: the interpreter,
//!   [`Warp::interpret`], or a registered compiling tier, see [`EngineKind`]). [`Warp::step_logged`] / [`Warp::run_logged`] run the
//!   logged copy of the same handlers and return a [`Commit`] record per retired
//!   instruction (every register written, with its new value and lane mask); the fast
//!   path contains none of that.
//! * [`run_warps`] runs independent warps on all cores.
//! * [`state`] reads and writes JSON state files (the output of a run is a valid input:
//!   runs can be resumed). [`Sim`] holds a program and the warps a state file launches,
//!   to run them or step them one at a time with commit records (for embeddings);
//!   [`run_state`] is built on it. [`Sim::run_traced`] (`warpkit run --trace`) runs the
//!   warps in parallel with a streaming trace in bounded memory, equal byte for byte to a
//!   sequential one; [`Sim::write_state`] writes the state file a warp at a time, or a
//!   selection of warps and registers ([`Fields`]).
//! * [`log_diff`] compares two commit logs (`warpkit diff`): the first divergence and what
//!   differs in it, as data and as the report text.
//!
//! Semantics: every §6.1 variant (integer, uniform, EXEC, branches) and every §6.2 variant
//! (binary32/binary16 FP, packed 16-bit, via `warpkit-fp`), bit-exact; §7 tex/gfx variants
//! raise IllegalInsn (see [`has_semantics`]). Decisions the manual leaves open are in
//! `SEMANTICS-INT.md` (integer) and `docs/semantics.md` (FP).
//!
//! Layout: each module uses only the ones before it in the layer table of
//! `docs/simulator.md` (`warp` → `fault` → `commit` → `op` → `access` → `shapes` →
//! `int`, `float`, `kernels` → `semantics` → `program` → `run` → `launch` → `state` →
//! `trace_line` → `sim` → `trace` → `log_diff`); `tests/layers.rs` checks it.

mod access;
mod commit;
mod engine;
mod fault;
mod float;
mod int;
mod kernels;
mod launch;
pub mod log_diff;
mod op;
mod program;
mod run;
mod semantics;
mod shapes;
mod sim;
pub mod state;
mod trace;
mod trace_line;
mod warp;

pub use commit::{Commit, RegWrite, UWrite, VWrite, MAX_U_WRITES, MAX_V_WRITES};
pub use engine::{
    default_engine, register_tier, set_default_engine, set_jit_hot, tier_available, tier_for,
    EngineKind, Tier,
};
pub use fault::{Fault, FaultCause, FaultReason};
pub use launch::{run_warps, run_warps_sequential, WarpResult};
pub use program::{HandlerLevel, Program};
pub use run::{RunEngine, RunOutcome, RunStatus, Step, StepResult, Straight, Watch};
pub use semantics::has_semantics;
pub use sim::{run_state, Sim};
pub use state::{Fields, SimError, DEFAULT_MAX_STEPS};
pub use trace::{TraceFilter, TraceOptions, WINDOW_PER_THREAD};
pub use trace_line::AsmFn;
pub use warp::{fflag, rm, Mode, StateError, VReg, Warp, LANES, NUM_UREGS, NUM_VREGS};
/// The levels of the 32-lane FP kernels a [`Program`] can run ([`Program::with_levels`]).
pub use warpkit_fp::lanes::SimdLevel;
