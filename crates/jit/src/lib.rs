//! `warpkit-jit`: the compiling tier of the simulator. Hot straight runs of §6.1 integer,
//! uniform, EXEC and branch instructions and §6.2 binary32 add/sub/mul/fma (rne, rtz, rdn,
//! rup) are translated to x86-64 AVX-512 code that keeps warp registers in zmm registers
//! across the block, applies EXEC as mask registers, and runs a block that branches back
//! to its own start as a loop in place. Everything else is left to the interpreter, per
//! instruction, with the warp's state exact at the hand-over.
//!
//! [`Jit`] implements [`warpkit_sim::Engine`]: install it with
//! [`Sim::set_engine`](warpkit_sim::Sim::set_engine). It gives exactly what
//! [`Warp::run`] gives (registers, EXEC, FFLAGS, PC, outcome, step count; faults at the
//! same step), which `tests/differential.rs` checks on random programs.
//!
//! Tiering: code is interpreted (in runs that end at the next instruction that may jump)
//! until the runs starting at a PC have retired [`HOT`] instructions; then the block there
//! is compiled (once, shared by every warp). A block runs only when the warp's
//! `vgprs` covers its registers, its step budget covers one pass, and (when it has
//! binary32 arithmetic) FFLAGS holds NX and MODE.rm is the one it was compiled for;
//! otherwise the interpreter runs.
//!
//! Layout: `code` (W^X code memory) → `plan` (what a block is) → `emit` (its machine code)
//! → this file (the engine).

#[cfg(target_arch = "x86_64")]
mod code;
#[cfg(target_arch = "x86_64")]
mod emit;
#[cfg(target_arch = "x86_64")]
mod plan;

#[cfg(target_arch = "x86_64")]
mod engine;

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
impl warpkit_sim::Engine for Jit {
    fn run(
        &self,
        w: &mut warpkit_sim::Warp,
        p: &warpkit_sim::Program,
        max_steps: u64,
    ) -> warpkit_sim::RunOutcome {
        w.run(p, max_steps)
    }
}

/// Instructions interpreted from a PC before the block there is compiled: a compile costs
/// about 20 us, what the interpreter spends on a few thousand instructions (measured with
/// `examples/gen_programs.rs`, BENCHMARKS.md).
pub const HOT: u32 = 2000;

/// Default cap on code memory (bytes).
pub const DEFAULT_CODE_CAP: usize = 64 << 20;

/// What the tier did (`warpkit run --jit-stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Blocks compiled.
    pub blocks: u64,
    /// Instructions in them (each counted once per block).
    pub insns: u64,
    /// Time spent compiling (ns).
    pub compile_ns: u64,
    /// Bytes of code memory mapped.
    pub code_bytes: u64,
    /// Instructions retired by compiled code.
    pub compiled_steps: u64,
    /// Instructions retired by the interpreter.
    pub interpreted_steps: u64,
    /// Side exits of binary32 items (a lane that could raise a flag other than NX).
    pub side_exits: u64,
    /// Blocks refused because the code-memory cap was reached.
    pub refused: u64,
    /// Variants that ended a block (or could not start one) because the tier does not
    /// compile them: (mnemonic, reason, times met at compile time), most frequent first.
    pub fallbacks: Vec<(String, String, u64)>,
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "jit: {} blocks compiled ({} instructions) in {:.3} ms, {} KiB of code",
            self.blocks,
            self.insns,
            self.compile_ns as f64 / 1e6,
            self.code_bytes / 1024
        )?;
        let total = (self.compiled_steps + self.interpreted_steps).max(1);
        writeln!(
            f,
            "jit: {} instructions retired compiled ({:.1}%), {} interpreted, {} side exits, {} blocks refused (code cap)",
            self.compiled_steps,
            100.0 * self.compiled_steps as f64 / total as f64,
            self.interpreted_steps,
            self.side_exits,
            self.refused
        )?;
        for (name, why, n) in &self.fallbacks {
            writeln!(f, "jit: fallback {name}: {n} ({why})")?;
        }
        Ok(())
    }
}

/// Whether this host can run the tier (x86-64 with AVX-512 F/DQ/BW/VL/CD/VPOPCNTDQ, BMI1,
/// BMI2, LZCNT and POPCNT).
pub fn supported() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512dq")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512cd")
            && std::is_x86_feature_detected!("avx512vpopcntdq")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
