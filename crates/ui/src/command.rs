//! The debugger's command vocabulary, shared by the fronts: gdb's command names over the
//! `warpkit-debug` engine. A line is parsed into a typed [`Command`] ([`parse`]); a
//! [`Session`] runs it with one handler per command and answers with text the front prints
//! ([`Reply`]). `warpkit debug` reads the lines from a terminal or a script; a DAP debug
//! console or the playground can run the same commands.
//!
//! Layout: `help` (names, usage, completion) → `parse` → `session` (the state around the
//! engine, small texts) → `show` (stops, values) → `info` (`info`, `disassemble`, `list`)
//! → `handlers` (no module uses a later one).

mod handlers;
mod help;
mod info;
mod parse;
mod session;
mod show;

pub use help::{complete, help_of, HelpEntry, HELP, INFO_TOPICS};
pub use parse::{names_command, parse, Command, PrintFormat, Spec};
pub use session::{Reply, Session};
