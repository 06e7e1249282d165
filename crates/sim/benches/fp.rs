//! §6.2 floating-point throughput: lane-FLOPs/s (an fma counts as 2 FLOPs) of straight-line
//! kernels of `fmac.f32` and `ffma.f32` (MODE rne), `ffma.f32` with an explicit `rm:rtz`, and
//! packed `pkfma.f16` (64 binary16 fmas per instruction), each next to native Rust
//! `f32::mul_add` on `[f32; 32]` arrays doing the same number of fmas in the same run.
//! Besides the criterion groups, a summary with the simulator/native time ratios is printed.
#![allow(clippy::needless_range_loop)]

mod common;
use common::best;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::lookup;
use warpkit_sim::{Program, RunStatus, Warp};

/// Instructions per kernel.
const N: usize = 960;
/// Accumulators v1..v4; constant sources v5..v8.
const ACC: usize = 4;

#[derive(Clone, Copy)]
enum Kernel {
    FmacRne,
    FfmaRne,
    FfmaRtz,
    PkfmaF16,
}

impl Kernel {
    fn name(self) -> &'static str {
        match self {
            Kernel::FmacRne => "fmac.f32 (MODE rne)",
            Kernel::FfmaRne => "ffma.f32 (rm:dyn, MODE rne)",
            Kernel::FfmaRtz => "ffma.f32 (rm:rtz)",
            Kernel::PkfmaF16 => "pkfma.f16 (rm:dyn, MODE.rm16 rne)",
        }
    }
    /// fmas per lane per instruction.
    fn fmas(self) -> usize {
        match self {
            Kernel::PkfmaF16 => 2,
            _ => 1,
        }
    }
}

/// Instruction k: d = fma(a, b, d) with d = v1 + k%4, a = v5 + k%4, b = v5 + (k/4)%4.
fn regs(k: usize) -> (u8, u8, u8) {
    (
        1 + (k % ACC) as u8,
        5 + (k % 4) as u8,
        5 + ((k / 4) % 4) as u8,
    )
}

fn program(kind: Kernel) -> Vec<u8> {
    let mut code = Vec::new();
    for k in 0..N {
        let (d, a, b) = regs(k);
        let m = match kind {
            Kernel::FmacRne => "fmac.f32",
            Kernel::FfmaRne | Kernel::FfmaRtz => "ffma.f32",
            Kernel::PkfmaF16 => "pkfma.f16",
        };
        let mut i = Inst::new(lookup(m).expect("known mnemonic"));
        i.rd = d;
        i.rs1 = a;
        i.rs2 = b;
        if !matches!(kind, Kernel::FmacRne) {
            i.rs3 = d;
        }
        if matches!(kind, Kernel::FfmaRtz) {
            i.rm = 1;
        }
        encode_into(&i, &mut code);
    }
    code
}

/// Initial v1..v8: accumulators around 1, factors in [0.5, 1) (binary32), or packed
/// binary16 with the same ranges.
fn init_regs(kind: Kernel) -> [[u32; 32]; 9] {
    let mut v = [[0u32; 32]; 9];
    for r in 1..=8 {
        for l in 0..32 {
            let t = ((r * 37 + l * 11) % 97) as f32 / 97.0;
            let x = if r <= ACC { 1.0 + t } else { 0.5 + t / 2.0 };
            v[r][l] = match kind {
                Kernel::PkfmaF16 => {
                    // Round to binary16 by truncating the mantissa (inputs only).
                    let h = f32_to_f16_trunc(x);
                    let h2 = f32_to_f16_trunc(x * 0.75);
                    h as u32 | (h2 as u32) << 16
                }
                _ => x.to_bits(),
            };
        }
    }
    v
}

/// Truncating conversion of a normal, in-range positive f32 to binary16 bits (input setup).
fn f32_to_f16_trunc(x: f32) -> u16 {
    let b = x.to_bits();
    let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
    ((e as u32) << 10 | (b >> 13) & 0x3ff) as u16
}

fn warp_for(kind: Kernel) -> Warp {
    let mut w = Warp::new();
    let v = init_regs(kind);
    w.vregs_mut()[..9].copy_from_slice(&v);
    w
}

/// Run the kernel on `w` after resetting PC and the accumulators (no 16 KiB copy timed).
fn sim_run(p: &Program, w: &mut Warp, init: &[[u32; 32]; 9]) {
    w.set_pc(0);
    w.vregs_mut()[1..=ACC].copy_from_slice(&init[1..=ACC]);
    let o = w.run(p, u64::MAX);
    assert_eq!(o.status, RunStatus::Exited);
    black_box(&*w);
}

/// Native: the same dataflow with `f32::mul_add` on `[f32; 32]` arrays; `reps` fmas per
/// lane per instruction (2 for the packed f16 kernel: two independent halves).
fn native(v: &mut [[f32; 32]; 9], reps: usize) {
    native_body(v, reps)
}

/// The same native kernel compiled for the host's FMA and AVX2 units: what hand-written
/// native code can reach, as an upper bound (the default build calls libm's fmaf).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn native_fma_avx2(v: &mut [[f32; 32]; 9], reps: usize) {
    native_body(v, reps)
}

/// `Some(seconds per call)` of [`native_fma_avx2`] where the CPU has FMA and AVX2.
fn time_native_fma(nv: &[[f32; 32]; 9], reps: usize) -> Option<f64> {
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("fma") && is_x86_feature_detected!("avx2") {
        // SAFETY: the features the function is compiled for were detected just above.
        return Some(best(
            || unsafe { native_fma_avx2(black_box(&mut nv.clone()), reps) },
            20,
        ));
    }
    let _ = (nv, reps);
    None
}

#[inline(always)]
fn native_body(v: &mut [[f32; 32]; 9], reps: usize) {
    for k in 0..N {
        let (d, a, b) = regs(k);
        let (d, a, b) = (d as usize, a as usize, b as usize);
        for _ in 0..reps {
            let (x, y) = (v[a], v[b]);
            let mut r = v[d];
            for l in 0..32 {
                r[l] = x[l].mul_add(y[l], r[l]);
            }
            v[d] = r;
        }
        if k % 24 == 23 {
            black_box(&mut *v);
        }
    }
}

fn native_regs() -> [[f32; 32]; 9] {
    let v = init_regs(Kernel::FmacRne);
    let mut f = [[0f32; 32]; 9];
    for r in 0..9 {
        for l in 0..32 {
            f[r][l] = f32::from_bits(v[r][l]);
        }
    }
    f
}

fn summary() {
    let nv = native_regs();
    // The RNE binary32 kernels must compute exactly what the native fma does.
    for kind in [Kernel::FmacRne, Kernel::FfmaRne] {
        let p = Program::new(&program(kind));
        let mut w = warp_for(kind);
        w.run(&p, u64::MAX);
        let mut n = nv;
        native(&mut n, 1);
        for r in 1..=ACC {
            let got: Vec<u32> = w.vregs()[r].to_vec();
            let want: Vec<u32> = n[r].iter().map(|x| x.to_bits()).collect();
            assert_eq!(got, want, "{}: v{r} differs from native", kind.name());
        }
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("fp summary (load average: {})", load.trim());
    for kind in [
        Kernel::FmacRne,
        Kernel::FfmaRne,
        Kernel::FfmaRtz,
        Kernel::PkfmaF16,
    ] {
        let p = Program::new(&program(kind));
        let init = init_regs(kind);
        let mut w = warp_for(kind);
        let t_sim = best(|| sim_run(&p, &mut w, &init), 20);
        let reps = kind.fmas();
        let t_nat = best(|| native(black_box(&mut nv.clone()), reps), 20);
        let flops = (N * 32 * 2 * reps) as f64;
        println!(
            "{:36} sim {:7.3} G lane-FLOP/s ({:6.1} ns/inst); native f32::mul_add {:7.3} G lane-FLOP/s; sim/native time {:5.2}x",
            kind.name(),
            flops / t_sim / 1e9,
            t_sim / N as f64 * 1e9,
            flops / t_nat / 1e9,
            t_sim / t_nat
        );
        if let Some(t_fma) = time_native_fma(&nv, reps) {
            println!(
                "{:36} native with FMA+AVX2 {:7.3} G lane-FLOP/s; sim/native-FMA time {:5.1}x",
                "",
                flops / t_fma / 1e9,
                t_sim / t_fma
            );
        }
    }
}

fn bench(c: &mut Criterion) {
    summary();
    let nv = native_regs();
    for kind in [
        Kernel::FmacRne,
        Kernel::FfmaRne,
        Kernel::FfmaRtz,
        Kernel::PkfmaF16,
    ] {
        let mut g = c.benchmark_group(format!("fp/{}", kind.name()));
        let reps = kind.fmas();
        g.throughput(Throughput::Elements((N * 32 * 2 * reps) as u64));
        let p = Program::new(&program(kind));
        let init = init_regs(kind);
        let mut w = warp_for(kind);
        g.bench_function("sim", |b| b.iter(|| sim_run(&p, &mut w, &init)));
        g.bench_function("native", |b| {
            b.iter(|| native(black_box(&mut nv.clone()), reps))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
