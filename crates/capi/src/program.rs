//! Program bytes for `wk_sim_new`: raw machine code, or an ELF code object or linked
//! program (by its magic), through the loader the command line uses.

use warpkit_sim::Sim;

/// The simulator for `wk_sim_new`'s code and state file.
pub(crate) fn sim_new(code: &[u8], state: &str) -> Result<Sim, String> {
    warpkit_object::load::sim_from_bytes(code, state, None)
}
