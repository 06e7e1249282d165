//! Program bytes for `wk_sim_new`: raw machine code, or an ELF code object or linked
//! program (by its magic), through the loader the command line uses.

use warpkit_sim::Sim;
use warpkit_ui::load::LoadOptions;

/// The simulator for `wk_sim_new_kernel`'s code, state file and kernel.
pub(crate) fn sim_new(code: &[u8], state: &str, kernel: Option<&str>) -> Result<Sim, String> {
    let opts = LoadOptions {
        kernel: kernel.map(str::to_string),
        kernel_option: "kernel ",
    };
    warpkit_ui::load::sim_from_bytes(code, state, &opts)
}
