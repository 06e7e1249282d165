//! `warpkit-dap`: a Debug Adapter Protocol server over [`warpkit_debug::Engine`], for
//! VS Code, nvim-dap, dape, Helix. [`framing`] reads and writes the base protocol,
//! [`types`] holds the serde types of the requests and bodies implemented, `server` the
//! session and what the handlers share, `handlers` one function per request, and
//! `adapter` the request loop ([`serve`]), which keeps answering while a motion runs;
//! [`check`] drives it with random request sequences (the `dap` fuzz target, a test). The
//! protocol types are written here: the DAP crates at hand are alpha or unmaintained, and
//! refuse unknown requests while parsing (where an adapter must answer them with an error
//! response).
//!
//! Layout: `framing` → `types` → `server` → `handlers` → `adapter` → `check` (no module
//! depends on a later one).

mod adapter;
pub mod check;
pub mod framing;
mod handlers;
mod server;
pub mod types;

pub use adapter::serve;
pub use server::LaunchLoader;
