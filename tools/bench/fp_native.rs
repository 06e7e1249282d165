//! The arithmetic of the FP loops of `tools/bench/fp_loop.py` as plain Rust on 32-lane
//! arrays, for a process-level comparison with `warpkit run` (the script builds it with
//! `rustc -O -C target-cpu=native`, so `f32::mul_add` is one `vfmadd` and the binary16
//! conversions are `vcvtph2ps`/`vcvtps2ph`).
//!
//! Usage: `fp_native KERNEL ITERS [memory|registers]`, KERNEL one of
//! * `ffma`:  v[k] = fma(v[k], v[8+k], v[16+k]) for k in 0..8 (binary32),
//! * `fadd`:  v[k] = v[k] + v[8+k],
//! * `pkfma`: the `ffma` dataflow on two binary16 values per lane, each converted to
//!   binary32, one fma, converted back (round to nearest even), as native code does
//!   without AVX512-FP16.
//!
//! Native code has only round-to-nearest-even, so the loops in other rounding modes are
//! timed against the same code. Prints v0..v7 as JSON (hex strings) to compare with
//! `warpkit run`'s final state. `memory` (the default) keeps the register file in memory
//! from one iteration to the next (`black_box` after each), as a simulator's is;
//! `registers` lets the compiler keep the accumulators in vector registers.

mod accumulators;

use std::hint::black_box;

type Regs = [[u32; 32]; 24];

/// The register file, 64-byte aligned as the simulator's is (unaligned, vector accesses
/// that straddle cache lines make the native loops measurably slower).
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct File(Regs);

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
    let mut file = File([[0; 32]; 24]);
    let v = &mut file.0;
    let init: Vec<String> = std::io::stdin()
        .lines()
        .map(|l| l.expect("registers on standard input"))
        .collect();
    // Standard input: 24 lines of 32 hex words (v0..v23), as the script writes them.
    for (r, line) in init.iter().enumerate().take(24) {
        for (l, x) in line.split_whitespace().enumerate().take(32) {
            v[r][l] = u32::from_str_radix(x, 16).expect("hex word");
        }
    }
    black_box(&mut *v);
    match (kernel, in_memory) {
        ("ffma", true) => run_memory(v, iters, ffma),
        ("ffma", false) => run_registers(v, iters, ffma),
        ("fadd", true) => run_memory(v, iters, fadd),
        ("fadd", false) => run_registers(v, iters, fadd),
        ("pkfma", true) => run_memory(v, iters, pkfma),
        ("pkfma", false) => run_registers(v, iters, pkfma),
        _ => panic!("{usage}"),
    }
    accumulators::print(v);
}

/// The register file as binary32 lanes (same bits).
#[inline(always)]
fn as_f32(v: &mut Regs) -> &mut [[f32; 32]; 24] {
    // SAFETY: same size and alignment, and every bit pattern is a valid `f32`.
    unsafe { &mut *(v as *mut Regs as *mut [[f32; 32]; 24]) }
}

#[inline(always)]
fn ffma(v: &mut Regs) {
    let v = as_f32(v);
    for k in 0..8 {
        // Whole registers in and out (indexing v[k][l] in place lets LLVM vectorise across
        // k with gathers and scatters).
        let (a, b, c) = (v[k], v[8 + k], v[16 + k]);
        let mut r = [0f32; 32];
        for l in 0..32 {
            r[l] = a[l].mul_add(b[l], c[l]);
        }
        v[k] = r;
    }
}

/// Written with vector intrinsics: from plain loops LLVM vectorises this one across the
/// eight registers with gathers and scatters, ten times slower.
#[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
#[inline(always)]
fn fadd(v: &mut Regs) {
    use std::arch::x86_64::*;
    let v = as_f32(v);
    for k in 0..8 {
        for q in 0..4 {
            // SAFETY: lanes 8q .. 8q + 8 of a 32-lane register; AVX is enabled for the whole
            // program (checked by the cfg above).
            unsafe {
                let x = _mm256_loadu_ps(v[k].as_ptr().add(8 * q));
                let y = _mm256_loadu_ps(v[8 + k].as_ptr().add(8 * q));
                _mm256_storeu_ps(v[k].as_mut_ptr().add(8 * q), _mm256_add_ps(x, y));
            }
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
#[inline(always)]
fn fadd(v: &mut Regs) {
    let v = as_f32(v);
    for k in 0..8 {
        let (a, b) = (v[k], v[8 + k]);
        let mut r = [0f32; 32];
        for l in 0..32 {
            r[l] = a[l] + b[l];
        }
        v[k] = r;
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "f16c", target_feature = "fma"))]
#[inline(always)]
fn pkfma(v: &mut Regs) {
    use std::arch::x86_64::*;
    for k in 0..8 {
        // 64 halves per register, 8 at a time.
        for g in 0..8 {
            // SAFETY: halves 8g .. 8g + 8 of a 32-word register (16 bytes inside it); the
            // features are enabled for the whole program (`-C target-cpu=native`, checked
            // by the cfg above).
            unsafe {
                let at = |r: &[u32; 32]| {
                    _mm256_cvtph_ps(_mm_loadu_si128(
                        (r.as_ptr() as *const u16).add(8 * g) as *const __m128i
                    ))
                };
                let x = _mm256_fmadd_ps(at(&v[k]), at(&v[8 + k]), at(&v[16 + k]));
                let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(x);
                _mm_storeu_si128(
                    (v[k].as_mut_ptr() as *mut u16).add(8 * g) as *mut __m128i,
                    h,
                );
            }
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "f16c", target_feature = "fma")))]
fn pkfma(_: &mut Regs) {
    panic!("pkfma needs x86-64 with F16C and FMA (build with -C target-cpu=native)");
}

#[inline(never)]
fn run_memory(v: &mut Regs, iters: u64, step: impl Fn(&mut Regs)) {
    for _ in 0..iters {
        step(v);
        black_box(&mut *v);
    }
}

#[inline(never)]
fn run_registers(v: &mut Regs, iters: u64, step: impl Fn(&mut Regs)) {
    let mut w = File(*v);
    for _ in 0..iters {
        step(&mut w.0);
    }
    *v = w.0;
}
