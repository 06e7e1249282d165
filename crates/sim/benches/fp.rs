//! §6.2 floating-point throughput of the simulator against native Rust doing the same
//! 32-lane arithmetic on the host's FMA/AVX2/F16C units (`#[target_feature]` functions
//! chosen at run time), measured in one run.
//!
//! Each kernel is 960 straight-line instructions on eight independent accumulators v1..v8
//! (sources v9..v12), one warp, full EXEC: `fadd.f32` and `fmac.f32` under MODE rne,
//! `ffma.f32` with `rm:dyn` (MODE rne) and with an explicit `rm:rtz`/`rdn`/`rup`/`rmm`, and
//! `pkfma.f16` (64 binary16 fmas per instruction) under MODE.rm16 rne and with `rm:rtz`.
//! The native code does the same dataflow on `[f32; 32]` arrays (`+`, `f32::mul_add` =
//! `vfmadd`; binary16 lanes converted to binary32 and back, `vcvtph2ps`/`vcvtps2ph`, as
//! native code does without AVX512-FP16); it has only round-to-nearest, so every mode
//! compares with the same native code. The binary32 rne kernels must end with exactly the
//! native registers (checked).
//!
//! Besides the criterion groups, a summary prints sim and native ns per instruction and
//! their ratio against the targets of issue 8 (rne 6x, rtz/rdn/rup and packed binary16
//! 10x, rmm 30x). `WARPKIT_FP_LEVEL=soft|avx2|avx512` forces the FP kernel level.
#![allow(clippy::needless_range_loop)]

mod common;
use common::best;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::lookup;
use warpkit_sim::{HandlerLevel, Mode, Program, RunStatus, SimdLevel, Warp};

/// Instructions per kernel.
const N: usize = 960;
/// Accumulators v1..v8; sources v9..v12.
const ACC: usize = 8;
const REGS: usize = 13;

type Regs = [[u32; 32]; REGS];

/// A register file for the native code, 64-byte aligned like the simulator's (an
/// unaligned copy on the stack made the native fadd 1.7 or 2.9 ns per instruction
/// depending on where it fell).
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct NativeRegs(Regs);

#[derive(Clone, Copy, PartialEq)]
enum Kernel {
    FaddRne,
    FmacRne,
    FfmaRne,
    /// `ffma.f32` with an explicit rm field (1 rtz, 2 rdn, 3 rup, 4 rmm).
    Ffma(u8),
    /// `pkfma.f16` with the rm field (7 = dyn, MODE.rm16 rne).
    Pkfma(u8),
}

const KERNELS: [Kernel; 9] = [
    Kernel::FaddRne,
    Kernel::FmacRne,
    Kernel::FfmaRne,
    Kernel::Ffma(1),
    Kernel::Ffma(2),
    Kernel::Ffma(3),
    Kernel::Ffma(4),
    Kernel::Pkfma(7),
    Kernel::Pkfma(1),
];

impl Kernel {
    fn name(self) -> String {
        let rm = |r: u8| ["rne", "rtz", "rdn", "rup", "rmm", "", "", "dyn"][r as usize];
        match self {
            Kernel::FaddRne => "fadd.f32 (MODE rne)".into(),
            Kernel::FmacRne => "fmac.f32 (MODE rne)".into(),
            Kernel::FfmaRne => "ffma.f32 rm:dyn (MODE rne)".into(),
            Kernel::Ffma(r) => format!("ffma.f32 rm:{}", rm(r)),
            Kernel::Pkfma(7) => "pkfma.f16 rm:dyn (MODE rne)".into(),
            Kernel::Pkfma(r) => format!("pkfma.f16 rm:{}", rm(r)),
        }
    }
    /// The ratio issue 8 asks for.
    fn target(self) -> f64 {
        match self {
            Kernel::FaddRne | Kernel::FmacRne | Kernel::FfmaRne => 6.0,
            Kernel::Ffma(4) => 30.0,
            _ => 10.0,
        }
    }
    fn packed(self) -> bool {
        matches!(self, Kernel::Pkfma(_))
    }
    /// Lane operations per instruction (a packed instruction does two per lane).
    fn ops(self) -> usize {
        if self.packed() {
            64
        } else {
            32
        }
    }
}

/// Instruction k: d = v1 + k%8, a = v9 + k%4, b = v9 + (k/4)%4.
fn regs(k: usize) -> (usize, usize, usize) {
    (1 + k % ACC, 9 + k % 4, 9 + (k / 4) % 4)
}

fn program(kind: Kernel) -> Vec<u8> {
    let mut code = Vec::new();
    for k in 0..N {
        let (d, a, b) = regs(k);
        let m = match kind {
            Kernel::FaddRne => "fadd.f32",
            Kernel::FmacRne => "fmac.f32",
            Kernel::FfmaRne | Kernel::Ffma(_) => "ffma.f32",
            Kernel::Pkfma(_) => "pkfma.f16",
        };
        let mut i = Inst::new(lookup(m).expect("known mnemonic"));
        i.rd = d as u8;
        i.rs1 = if kind == Kernel::FaddRne { d } else { a } as u8;
        i.rs2 = if kind == Kernel::FaddRne { a } else { b } as u8;
        i.rs3 = d as u8;
        i.rm = match kind {
            Kernel::Ffma(r) | Kernel::Pkfma(r) => r,
            _ => 7,
        };
        encode_into(&i, &mut code);
    }
    code
}

/// Initial registers: accumulators in [1, 2), factors in [0.5, 1) (binary32, or two
/// binary16 values per lane with the same ranges).
fn init_regs(kind: Kernel) -> Regs {
    let mut v = [[0u32; 32]; REGS];
    for r in 1..REGS {
        for l in 0..32 {
            let t = ((r * 37 + l * 11) % 97) as f32 / 97.0;
            let x = if r <= ACC { 1.0 + t } else { 0.5 + t / 2.0 };
            v[r][l] = if kind.packed() {
                f16_bits(x) as u32 | (f16_bits(x * 0.75) as u32) << 16
            } else {
                x.to_bits()
            };
        }
    }
    v
}

/// binary16 bits of a normal, in-range positive `x`, truncated (input setup only).
fn f16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
    ((e as u32) << 10 | (b >> 13) & 0x3ff) as u16
}

/// The FP kernel level: `WARPKIT_FP_LEVEL`, or the best this CPU runs.
fn fp_level() -> SimdLevel {
    match std::env::var("WARPKIT_FP_LEVEL").as_deref() {
        Ok("soft") => SimdLevel::Soft,
        Ok("avx2") => SimdLevel::Avx2,
        Ok("avx512") => SimdLevel::Avx512,
        _ => SimdLevel::best(),
    }
}

fn sim_program(kind: Kernel) -> Program {
    Program::with_levels(&program(kind), HandlerLevel::best(), fp_level())
        .expect("WARPKIT_FP_LEVEL names a level this CPU runs")
}

fn warp_for(init: &Regs) -> Warp {
    let mut w = Warp::new();
    w.vregs_mut()[..REGS].copy_from_slice(init);
    w.set_mode(Mode { rm: 0, rm16: 0 }).expect("valid mode");
    w
}

/// Run the kernel on `w` after resetting PC and the accumulators (no 16 KiB copy timed).
fn sim_run(p: &Program, w: &mut Warp, init: &Regs) {
    w.set_pc(0);
    w.vregs_mut()[1..=ACC].copy_from_slice(&init[1..=ACC]);
    let o = w.run(p, u64::MAX);
    assert_eq!(o.status, RunStatus::Exited);
    black_box(&*w);
}

// ------------------------------------------------------------------ native

/// The native kernel of `kind` on the register file `v` (binary32 or packed binary16 bits),
/// compiled for the host's FMA, AVX2 and F16C; `None` when the CPU lacks them.
fn native_fn(kind: Kernel) -> Option<fn(&mut Regs)> {
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("fma")
        && is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("f16c")
    {
        return Some(match kind {
            // SAFETY (all three): the features the functions are compiled for were detected
            // just above.
            Kernel::FaddRne => |v| unsafe { native::fadd(v) },
            Kernel::Pkfma(_) => |v| unsafe { native::pkfma(v) },
            _ => |v| unsafe { native::fma(v) },
        });
    }
    let _ = kind;
    None
}

#[cfg(target_arch = "x86_64")]
mod native {
    use super::{regs, Regs, N};
    use core::arch::x86_64::*;
    use std::hint::black_box;

    /// The register file as `f32` lanes (same bits).
    #[inline(always)]
    fn as_f32(v: &mut Regs) -> &mut [[f32; 32]; super::REGS] {
        // SAFETY: same size and alignment, and every bit pattern is a valid `f32`.
        unsafe { &mut *(v as *mut Regs as *mut [[f32; 32]; super::REGS]) }
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    pub fn fadd(v: &mut Regs) {
        let v = as_f32(v);
        for k in 0..N {
            let (d, a, _) = regs(k);
            let (x, mut r) = (v[a], v[d]);
            for l in 0..32 {
                r[l] += x[l];
            }
            v[d] = r;
            if k % 24 == 23 {
                black_box(&mut *v);
            }
        }
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    pub fn fma(v: &mut Regs) {
        let v = as_f32(v);
        for k in 0..N {
            let (d, a, b) = regs(k);
            let (x, y, mut r) = (v[a], v[b], v[d]);
            for l in 0..32 {
                r[l] = x[l].mul_add(y[l], r[l]);
            }
            v[d] = r;
            if k % 24 == 23 {
                black_box(&mut *v);
            }
        }
    }

    /// Packed binary16: every half converted to binary32, one fma, converted back (rne).
    #[target_feature(enable = "avx2,fma,f16c")]
    pub fn pkfma(v: &mut Regs) {
        for k in 0..N {
            let (d, a, b) = regs(k);
            for q in 0..4 {
                // 8 lanes = 16 halves = two 8-half groups.
                let at = |r: usize, h: usize| {
                    // SAFETY: lanes 8q .. 8q + 8 of a 32-lane register are 32 bytes; halves
                    // 8h .. 8h + 8 of them are 16 bytes inside.
                    unsafe {
                        _mm_loadu_si128(
                            (v[r].as_ptr().add(8 * q) as *const u16).add(8 * h) as *const __m128i
                        )
                    }
                };
                let mut out = [_mm_setzero_si128(); 2];
                for h in 0..2 {
                    let (x, y, z) = (
                        _mm256_cvtph_ps(at(a, h)),
                        _mm256_cvtph_ps(at(b, h)),
                        _mm256_cvtph_ps(at(d, h)),
                    );
                    out[h] = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(_mm256_fmadd_ps(x, y, z));
                }
                // SAFETY: as above, 32 bytes of lanes 8q .. 8q + 8.
                unsafe {
                    let p = v[d].as_mut_ptr().add(8 * q) as *mut __m128i;
                    _mm_storeu_si128(p, out[0]);
                    _mm_storeu_si128(p.add(1), out[1]);
                }
            }
            if k % 24 == 23 {
                black_box(&mut *v);
            }
        }
    }
}

// ------------------------------------------------------------------ summary and groups

fn summary() {
    let level = fp_level();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "fp summary: ns per 32-lane instruction, FP kernels {level:?}, handlers {:?} (load average {})",
        HandlerLevel::best(),
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
    println!(
        "{:30} {:>8} {:>8} {:>10} {:>7}",
        "instruction", "sim", "native", "sim/native", "target"
    );
    for kind in KERNELS {
        let p = sim_program(kind);
        let init = init_regs(kind);
        let mut w = warp_for(&init);
        let Some(nat) = native_fn(kind) else {
            println!(
                "{:30} (no FMA/AVX2/F16C on this CPU: no native figure)",
                kind.name()
            );
            continue;
        };
        // The rne binary32 kernels compute exactly what the native code does.
        if matches!(kind, Kernel::FaddRne | Kernel::FmacRne | Kernel::FfmaRne) {
            sim_run(&p, &mut w, &init);
            let mut n = init;
            nat(&mut n);
            for r in 1..=ACC {
                assert_eq!(
                    w.vregs()[r],
                    n[r],
                    "{}: v{r} differs from native",
                    kind.name()
                );
            }
        }
        let t_sim = best(|| sim_run(&p, &mut w, &init), 20);
        let native_init = NativeRegs(init);
        let t_nat = best(|| nat(&mut black_box(native_init).0), 20);
        let ratio = t_sim / t_nat;
        println!(
            "{:30} {:8.2} {:8.2} {:9.2}x {:>6}x{}",
            kind.name(),
            t_sim / N as f64 * 1e9,
            t_nat / N as f64 * 1e9,
            ratio,
            kind.target(),
            if ratio <= kind.target() {
                ""
            } else {
                "  NOT MET"
            }
        );
    }
}

/// Other FP instructions, on their 32-lane kernels or still lane by lane through
/// `warpkit-fp`'s scalar functions, and integer `add` for the cost of dispatch and register
/// access alone: sim ns per instruction, same register pattern as the kernels above
/// (H-format registers: the halves of v1..v12).
const OTHERS: [&str; 20] = [
    "add",
    "fmul.f32",
    "fmin.f32",
    "fmax.f32",
    "feq.f32",
    "cmp.lt.f32",
    "fmed3.f32",
    "ffloor.f32",
    "fcvt.f32.i32",
    "fcvt.i32.f32",
    "fcvt.f16.f32.lo",
    "fcvt.f32.f16.lo",
    "fmin.f16",
    "pkmax.f16",
    "cmp.lt.f16",
    "fclass.f32",
    "ffract.f32",
    "fldexp.f32",
    "fsgnj.f32",
    "dot2.f32.f16",
];

fn others() {
    println!("other instructions: sim ns per 32-lane instruction");
    for m in OTHERS {
        let mut init = init_regs(Kernel::FfmaRne);
        let ldexp = m.starts_with("fldexp");
        if ldexp {
            // d = d * 2^e with exponents -1 ..= 1 from v9..v12 (so the accumulators stay
            // normal numbers).
            for r in 9..REGS {
                for l in 0..32 {
                    init[r][l] = ((r + l) % 3) as u32 - 1;
                }
            }
        }
        let id = lookup(m).expect("known mnemonic");
        let mut code = Vec::new();
        for k in 0..N {
            let (d, a, b) = regs(k);
            let mut i = Inst::new(id);
            i.rd = d as u8;
            i.rs1 = if ldexp { d } else { a } as u8;
            i.rs2 = b as u8;
            i.rs3 = d as u8;
            encode_into(&i, &mut code);
        }
        let p = Program::with_levels(&code, HandlerLevel::best(), fp_level()).expect("level runs");
        let mut w = warp_for(&init);
        let t = best(|| sim_run(&p, &mut w, &init), 20);
        println!("{m:30} {:8.2}", t / N as f64 * 1e9);
    }
}

fn bench(c: &mut Criterion) {
    summary();
    others();
    for kind in KERNELS {
        let mut g = c.benchmark_group(format!("fp/{}", kind.name()));
        g.throughput(Throughput::Elements((N * kind.ops()) as u64));
        let p = sim_program(kind);
        let init = init_regs(kind);
        let mut w = warp_for(&init);
        g.bench_function("sim", |b| b.iter(|| sim_run(&p, &mut w, &init)));
        if let Some(nat) = native_fn(kind) {
            g.bench_function("native host", |b| {
                let native_init = NativeRegs(init);
                b.iter(|| nat(&mut black_box(native_init).0))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
