//! `warpkit-jit`: the compiling tier of the simulator. Hot straight runs of §6.1 integer
//! (64-bit pairs included), uniform, EXEC and branch instructions, §6.2 binary32
//! add/sub/mul/fma (rne, rtz, rdn, rup, rmm), binary16 add/sub/mul/fma (packed and scalar,
//! the same modes), compares, min/max and sign injection are translated to x86-64 AVX-512
//! code that keeps warp registers in zmm registers across the block, applies EXEC as mask
//! registers, and runs a block that branches back to its own start as a loop in place.
//! Every other §6.1/§6.2 variant (`movrel`, the rest of §6.2) is a kernel call in the
//! block (the interpreter runs it on the warp in memory); chapter 7 is left to the
//! interpreter, with the warp's state exact at the hand-over.
//!
//! [`Jit`] implements [`warpkit_sim::RunEngine`]: [`register`] puts it behind
//! [`Warp::run`] for the whole process (the default engine where the host supports it),
//! or install it per `Sim` with [`Sim::set_engine`](warpkit_sim::Sim::set_engine). It
//! gives exactly what the interpreter, [`Warp::interpret`], gives (registers, EXEC,
//! FFLAGS, PC, outcome, step count; faults at the same step), which
//! `tests/differential.rs` checks on random programs.
//!
//! [`Warp::run`]: warpkit_sim::Warp::run
//! [`Warp::interpret`]: warpkit_sim::Warp::interpret
//!
//! Tiering: code is interpreted (in runs that end at the next instruction that may jump)
//! until the runs starting at a PC have retired [`HOT`] instructions; then the block there
//! is compiled (once, shared by every warp). A block runs only when the warp's
//! `vgprs` covers its registers, its step budget covers one pass, and (when it has FP
//! arithmetic) FFLAGS holds NX and MODE.rm / MODE.rm16 are the ones it was compiled for;
//! otherwise the interpreter runs.
//!
//! Layout: `tier` (threshold, cap, statistics, host check), `code` (W^X code memory) →
//! `plan` (what a block is) → `emit` (its machine code; `emit::fp` the FP forms the host has
//! no instruction for) → `engine`.

#[cfg(target_arch = "x86_64")]
mod code;
#[cfg(target_arch = "x86_64")]
mod emit;
#[cfg(target_arch = "x86_64")]
mod plan;

#[cfg(target_arch = "x86_64")]
mod engine;
mod tier;

pub use tier::{supported, Stats, DEFAULT_CODE_CAP, HOT};

/// Put the tier behind [`warpkit_sim::Warp::run`] (`warpkit_sim::register_tier`): from then on every
/// program run with the process's engine gets its own [`Jit`] (made on its first run, with
/// the threshold `WARPKIT_JIT_HOT` or [`warpkit_sim::set_jit_hot`] gives, else [`HOT`]),
/// unless the interpreter was chosen (`WARPKIT_ENGINE=interp`,
/// [`warpkit_sim::set_default_engine`]) or this host cannot run it. Idempotent.
pub fn register() {
    warpkit_sim::register_tier(warpkit_sim::Tier {
        make: |p, hot| {
            let hot = if hot == 0 { HOT } else { hot };
            Jit::with_options(p, DEFAULT_CODE_CAP, hot)
                .map(|j| j as std::sync::Arc<dyn warpkit_sim::RunEngine>)
        },
        supported,
    });
}

#[cfg(target_arch = "x86_64")]
pub use engine::Jit;

/// Off x86-64 the tier does not exist: [`Jit::new`] says so with `None`, and the
/// interpreter runs.
#[cfg(not(target_arch = "x86_64"))]
pub struct Jit(());

#[cfg(not(target_arch = "x86_64"))]
impl Jit {
    pub fn new(_: &warpkit_sim::Program) -> Option<std::sync::Arc<Jit>> {
        None
    }
    pub fn with_options(_: &warpkit_sim::Program, _: usize, _: u32) -> Option<std::sync::Arc<Jit>> {
        None
    }
    pub fn stats(&self) -> Stats {
        Stats::default()
    }
}

#[cfg(not(target_arch = "x86_64"))]
impl warpkit_sim::RunEngine for Jit {
    fn run(
        &self,
        w: &mut warpkit_sim::Warp,
        p: &warpkit_sim::Program,
        max_steps: u64,
    ) -> warpkit_sim::RunOutcome {
        w.interpret(p, max_steps)
    }
}
