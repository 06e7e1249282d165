//! `warpkit-cover`: functional coverage of warpkit programs.
//!
//! * [`model`]: the coverage model, derived from the instruction database: per executable
//!   variant (executed, EXEC shape, value classes of sources and result, rounding modes,
//!   FFLAGS raised, modifiers, branch outcomes, EXEC writes, calls and returns) and global
//!   bins (hazards by distance, faults by cause). Bins have stable names.
//! * [`collect`]: counting bins while programs run on the simulator ([`Counts::run`]; the counts themselves are in [`counts`]).
//! * [`reference`]: the straightforward collector the fast one is tested against.
//! * [`db`]: the coverage database (JSON, hit counts by bin name); merging is associative
//!   and commutative.
//! * [`report`]: totals per group and per variant, holes, an HTML table, a percentage for
//!   CI gates.
//! * [`reach`]: the bins no execution can hit, derived from the database by named rules.
//! * [`ucis`]: the database as UCIS XML, for sign-off tools.
//! * [`holes`]: the holes of a database in a form a generator can aim at.
//!
//! See `docs/coverage.md`.

pub mod class;
pub mod collect;
pub mod counts;
pub mod db;
pub mod holes;
pub mod model;
pub mod reach;
pub mod reference;
pub mod report;
pub mod ucis;
pub mod waiver;

pub use counts::Counts;
pub use db::Db;
pub use model::{Group, Model};
