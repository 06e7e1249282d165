//! The arithmetic of the FP loops of `tools/bench/fp_loop.py` as plain Rust on lane arrays,
//! for a process-level comparison with `warpkit run` (the script builds it with
//! `rustc -O -C target-cpu=native`, so `f32::mul_add` is one `vfmadd` on zmm).
//!
//! Usage: `fp_native KERNEL ITERS [memory|registers]`, KERNEL one of
//! * `ffma`:  v[k] = fma(v[k], v[8+k], v[16+k]) for k in 0..8 (binary32),
//! * `fadd`:  v[k] = v[k] + v[8+k],
//! * `pkfma`: the `ffma` dataflow on two binary16 values per lane, each converted to
//!   binary32 (`vcvtph2ps`), one fma, converted back (`vcvtps2ph`, round to nearest
//!   even), as native code does without AVX512-FP16 (AVX-512 intrinsics: Rust has no
//!   stable binary16 type to write it as plain arrays).
//!
//! Native code has only round-to-nearest-even, so the loops in other rounding modes are
//! timed against the same code. Reads v0..v23 from standard input (24 lines of 32 hex
//! words) and prints v0..v7 as JSON (hex strings) to compare with `warpkit run`'s final
//! state. `memory` (the default) keeps the register file in memory from one iteration to
//! the next (`black_box` after each), as a simulator's is; `registers` keeps the 8
//! accumulators x 32 lanes in 16 zmm registers for the whole loop (the script checks the
//! machine code of `ffma_registers`, `fadd_registers` and `pkfma_registers`: zmm
//! arithmetic, no store, no call, no gather inside the loop).

mod accumulators;

use std::hint::black_box;

type Regs = [[u32; 32]; 24];

/// Eight registers of 32 lanes, one after the other (v0..v7, v8..v15 or v16..v23).
type Group = [u32; 256];

/// The register file, 64-byte aligned as the simulator's is (unaligned, vector accesses
/// that straddle cache lines make the native loops measurably slower).
#[repr(C, align(64))]
struct File([Group; 3]);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: fp_native ffma|fadd|pkfma ITERS [memory|registers]";
    let kernel = args.get(1).expect(usage).as_str();
    let iters: u64 = args.get(2).and_then(|a| a.parse().ok()).expect(usage);
    let in_memory = match args.get(3).map(String::as_str) {
        None | Some("memory") => true,
        Some("registers") => false,
        Some(m) => panic!("unknown mode {m} (memory or registers)"),
    };
    let mut file = File([[0; 256]; 3]);
    let init: Vec<String> = std::io::stdin()
        .lines()
        .map(|l| l.expect("registers on standard input"))
        .collect();
    // Standard input: 24 lines of 32 hex words (v0..v23), as the script writes them.
    for (r, line) in init.iter().enumerate().take(24) {
        for (l, x) in line.split_whitespace().enumerate().take(32) {
            file.0[r / 8][32 * (r % 8) + l] = u32::from_str_radix(x, 16).expect("hex word");
        }
    }
    let g = black_box(&mut file.0);
    match (kernel, in_memory) {
        ("ffma", true) => ffma_memory(g, iters),
        ("ffma", false) => ffma_registers(g, iters),
        ("fadd", true) => fadd_memory(g, iters),
        ("fadd", false) => fadd_registers(g, iters),
        ("pkfma", true) => pkfma_memory(g, iters),
        ("pkfma", false) => pkfma_registers(g, iters),
        _ => panic!("{usage}"),
    }
    // SAFETY: [[u32; 256]; 3] and [[u32; 32]; 24] have the same size and alignment.
    accumulators::print(unsafe { &*(&file.0 as *const [Group; 3] as *const Regs) });
}

/// A group as binary32 lanes (same bits).
#[inline(always)]
fn as_f32(g: &mut Group) -> &mut [f32; 256] {
    // SAFETY: same size and alignment, and every bit pattern is a valid `f32`.
    unsafe { &mut *(g as *mut Group as *mut [f32; 256]) }
}

/// `acc[i] = f(acc[i], b[i], c[i])` over the 256 lanes of the eight chains. One flat loop:
/// LLVM vectorises it with contiguous zmm loads; written as eight rows of 32 it vectorises
/// `fadd` across the rows with gathers and scatters.
#[inline(always)]
fn lanes(acc: &mut [f32; 256], b: &[f32; 256], c: &[f32; 256], f: impl Fn(f32, f32, f32) -> f32) {
    for i in 0..256 {
        acc[i] = f(acc[i], b[i], c[i]);
    }
}

#[inline(always)]
fn ffma(acc: &mut [f32; 256], b: &[f32; 256], c: &[f32; 256]) {
    lanes(acc, b, c, |x, y, z| x.mul_add(y, z));
}

#[inline(always)]
fn fadd(acc: &mut [f32; 256], b: &[f32; 256], c: &[f32; 256]) {
    lanes(acc, b, c, |x, y, _| x + y);
}

/// `step` each iteration on the register file in memory.
#[inline(always)]
fn memory(
    g: &mut [Group; 3],
    iters: u64,
    step: impl Fn(&mut [f32; 256], &[f32; 256], &[f32; 256]),
) {
    for _ in 0..iters {
        let [a, b, c] = &mut *g;
        step(as_f32(a), as_f32(b), as_f32(c));
        black_box(&mut *g);
    }
}

/// `step` each iteration on local copies: the accumulators are a value the loop carries.
#[inline(always)]
fn registers(
    g: &mut [Group; 3],
    iters: u64,
    step: impl Fn(&mut [f32; 256], &[f32; 256], &[f32; 256]),
) {
    let (mut a, mut b, mut c) = (g[0], g[1], g[2]);
    let (acc, b, c) = (as_f32(&mut a), as_f32(&mut b), as_f32(&mut c));
    for _ in 0..iters {
        step(acc, b, c);
    }
    g[0] = a;
}

#[inline(never)]
fn ffma_memory(g: &mut [Group; 3], iters: u64) {
    memory(g, iters, ffma);
}

#[inline(never)]
fn ffma_registers(g: &mut [Group; 3], iters: u64) {
    registers(g, iters, ffma);
}

#[inline(never)]
fn fadd_memory(g: &mut [Group; 3], iters: u64) {
    memory(g, iters, fadd);
}

#[inline(never)]
fn fadd_registers(g: &mut [Group; 3], iters: u64) {
    registers(g, iters, fadd);
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "f16c"
))]
mod half {
    use super::Group;
    use std::arch::x86_64::*;

    /// The accumulators: 16 zmm registers of 32 halves each (512 halves = 8 chains x 32
    /// lanes x 2).
    pub type Acc = [__m512i; 16];

    /// Sixteen words (32 halves) at `16 * i` of a group.
    #[inline(always)]
    pub fn load(g: &Group, i: usize) -> __m512i {
        // SAFETY: i < 16, so the 64 bytes are inside the group; AVX-512F is enabled for the
        // whole program (checked by the cfg above).
        unsafe { _mm512_loadu_si512(g.as_ptr().add(16 * i) as *const _) }
    }

    #[inline(always)]
    pub fn store(g: &mut Group, i: usize, x: __m512i) {
        // SAFETY: as in `load`.
        unsafe { _mm512_storeu_si512(g.as_mut_ptr().add(16 * i) as *mut _, x) }
    }

    /// fma on 32 halves: each 16-half half of the register widened, one binary32 fma,
    /// narrowed back with round to nearest even.
    #[inline(always)]
    fn fma32(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
        // SAFETY: AVX-512F (which includes the zmm forms of the conversions) is enabled.
        unsafe {
            let one = |lo: __m256i, b: __m256i, c: __m256i| {
                let r =
                    _mm512_fmadd_ps(_mm512_cvtph_ps(lo), _mm512_cvtph_ps(b), _mm512_cvtph_ps(c));
                _mm512_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(r)
            };
            let hi = |x: __m512i| _mm512_extracti64x4_epi64::<1>(x);
            let lo = |x: __m512i| _mm512_castsi512_si256(x);
            let l = one(lo(a), lo(b), lo(c));
            let h = one(hi(a), hi(b), hi(c));
            _mm512_inserti64x4::<1>(_mm512_castsi256_si512(l), h)
        }
    }

    /// One iteration. Written out for each of the 16 registers (not a loop over them), so
    /// the array is a set of register values and not memory.
    #[inline(always)]
    pub fn step(acc: &mut Acc, b: &Group, c: &Group) {
        macro_rules! each {
            ($($i:literal)*) => { $( acc[$i] = fma32(acc[$i], load(b, $i), load(c, $i)); )* };
        }
        each!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    }
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "f16c"
))]
#[inline(never)]
fn pkfma_memory(g: &mut [Group; 3], iters: u64) {
    for _ in 0..iters {
        let mut acc: half::Acc = std::array::from_fn(|i| half::load(&g[0], i));
        half::step(&mut acc, &g[1], &g[2]);
        for (i, x) in acc.into_iter().enumerate() {
            half::store(&mut g[0], i, x);
        }
        black_box(&mut *g);
    }
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "f16c"
))]
#[inline(never)]
fn pkfma_registers(g: &mut [Group; 3], iters: u64) {
    let mut acc: half::Acc = std::array::from_fn(|i| half::load(&g[0], i));
    for _ in 0..iters {
        half::step(&mut acc, &g[1], &g[2]);
    }
    for (i, x) in acc.into_iter().enumerate() {
        half::store(&mut g[0], i, x);
    }
}

#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "f16c"
)))]
fn pkfma_memory(_: &mut [Group; 3], _: u64) {
    panic!("pkfma needs x86-64 with AVX-512F and F16C (build with -C target-cpu=native)");
}

#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx512f",
    target_feature = "f16c"
)))]
fn pkfma_registers(_: &mut [Group; 3], _: u64) {
    panic!("pkfma needs x86-64 with AVX-512F and F16C (build with -C target-cpu=native)");
}
