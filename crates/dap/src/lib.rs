//! `warpkit-dap`: a Debug Adapter Protocol server over [`warpkit_debug::Engine`], for
//! VS Code, nvim-dap, dape, Helix. [`framing`] reads and writes the base protocol,
//! [`types`] holds the serde types of the requests and bodies implemented, [`serve`] is
//! the adapter. The protocol types are written here: the DAP crates at hand are alpha or
//! unmaintained, and refuse unknown requests while parsing (where an adapter must answer
//! them with an error response).

pub mod framing;
mod server;
pub mod types;

pub use server::{serve, LaunchLoader};
