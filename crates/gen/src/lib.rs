//! `warpkit-gen`: random test programs for warpkit and the reduction of failing ones.
//!
//! * [`Generator`] makes programs in the style of riscv-dv: random instruction streams
//!   whose operands obey the database (types, alignment, vgprs), directed streams (register
//!   hazards, pair/half aliasing, `movrel` at the vgprs limit, every rounding mode),
//!   values biased to corners, SIMT control flow as compilers emit it, and a proof of
//!   termination: a step bound printed at the top of each program.
//! * [`shrink`] reduces a program and its state file in the style of creduce while an
//!   "interestingness" test still holds.
//! * [`run`] executes programs to measure which variants they cover.
//! * [`toward`] biases generation toward the holes of a coverage database.

pub mod program;
pub mod rng;
pub mod run;
pub mod shrink;
pub mod solve;
pub mod state;
pub mod tables;
pub mod toward;
pub mod values;

pub use program::{ExpectedFault, FaultKind, GenConfig, Generated, Generator, Mix, CATEGORIES};
pub use tables::Tables;
