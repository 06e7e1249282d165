//! `warpkit-debug`: the debugging engine of warpkit, shared by `warpkit debug` (the
//! command line), `warpkit dap` (editors) and the web playground. No terminal or protocol
//! code: front ends call [`Engine`] and show its views (all `serde`-serialisable).
//!
//! * [`Target`]: the code, labels, a [`LineTable`] (offset → file:line: the assembler's
//!   table of the items it placed, or a code object's) and source texts.
//! * [`Engine`]: one deterministic schedule of every launched warp (round-robin, one
//!   instruction per live warp per round; see [`engine`]), positions (`goto`),
//!   breakpoints on PCs, labels, lines, mnemonics and globs, watchpoints on registers,
//!   lanes, pairs, halves, EXEC, FFLAGS bits and MODE, conditions ([`Expr`]) and hit
//!   counts, per warp or all; `step`, `next`, `finish`, `until`, `advance`, `cont` and
//!   their reverse twins, `last_write`; `set` (which drops the recorded future).
//! * Reverse execution is exact: checkpoints of the whole state plus deterministic
//!   replay, within a memory budget ([`DebugConfig::budget_bytes`], default 64 MiB).
//!
//! Layout: `target` → `loc` → `expr` → `engine` (no module depends on a later one).

pub mod engine;
pub mod expr;
pub mod history;
pub mod loc;
pub mod target;

pub use engine::{
    BreakKind, Breakpoint, DebugConfig, Engine, FaultCatch, FaultView, Frame, HistoryStats,
    HitCondition, Stop, StopReason, WarpStatus, WarpView, WriteInfo, MAX_FRAMES,
};
pub use expr::Expr;
pub use loc::StatePlace;
pub use target::Target;
pub use warpkit_asm::lines::{LineRow, LineTable, SourcePos};
