//! What the engine is tuned by and reports: the tiering threshold, the code-memory cap,
//! the statistics, and whether this host runs the tier.

/// Instructions interpreted from a PC before the block there is compiled: a compile costs
/// about 33 us (`tools/bench/tier_report.py`, 199 blocks), what the interpreter spends on
/// some 18,000 instructions (about 1.8 ns each on the benchmark loops), and compiled code
/// runs them about ten times faster; a block that has run this much is expected to run as
/// much again, so the compile pays for itself (2,000 compiled blocks that then ran
/// only 1,800 instructions: 0.012 s of CPU time against the interpreter's 0.005 s).
pub const HOT: u32 = 20_000;

/// Instructions a program runs before the first block of a process is compiled: that
/// compile also builds the code assembler's tables (0.35-0.5 ms in total, about 200,000
/// interpreted instructions).
pub const FIRST_WARM: u64 = 200_000;

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
    /// Side exits: binary32 items (a lane that could raise a flag other than NX) and
    /// kernel calls that did not retire (a fault, raised by the interpreter).
    pub side_exits: u64,
    /// Blocks retired because they side-exited often (16 more side exits than whole
    /// passes): recompiled with the item that side-exited as a kernel call, or left to
    /// the interpreter.
    pub retired: u64,
    /// Blocks refused because the code-memory cap was reached.
    pub refused: u64,
    /// Variants that ended a block (or could not start one) because the tier does not
    /// compile them: (mnemonic, reason, times met at compile time), most frequent first.
    pub fallbacks: Vec<(String, String, u64)>,
    /// Variants compiled as kernel calls (the interpreter's handler called from the block)
    /// because the tier has no native code for them: (mnemonic, reason, times compiled),
    /// most frequent first.
    pub calls: Vec<(String, String, u64)>,
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
            "jit: {} instructions retired compiled ({:.1}%), {} interpreted, {} side exits, {} blocks retired (side exits), {} blocks refused (code cap)",
            self.compiled_steps,
            100.0 * self.compiled_steps as f64 / total as f64,
            self.interpreted_steps,
            self.side_exits,
            self.retired,
            self.refused
        )?;
        for (name, why, n) in &self.fallbacks {
            writeln!(f, "jit: fallback {name}: {n} ({why})")?;
        }
        for (name, why, n) in &self.calls {
            writeln!(f, "jit: kernel call {name}: {n} ({why})")?;
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
