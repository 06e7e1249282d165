//! The 32-lane kernels (`warpkit_fp::lanes`) against native Rust doing the same lane
//! arithmetic on `[f32; 32]` arrays, compiled for the host's FMA/AVX2/F16C units (chosen at
//! run time): `f32::mul_add` (a `vfmadd`), `+`, `*`, and binary16 lanes converted to binary32
//! and back (`vcvtph2ps`, `vfmadd`, `vcvtps2ph`, what native code does without AVX512-FP16).
//!
//! One measured unit is 8 independent 32-lane instructions (8 x 32 lane operations; a packed
//! instruction is 64). Operands are normal numbers of moderate magnitude, as in shader code.
//! Besides the criterion groups, a summary prints each kernel's time over the native time,
//! all measured in the same run.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Instant;
use warpkit_fp::lanes::{ArithOp, Kernels, SimdLevel, Src32, LANES};
use warpkit_fp::Rm;

/// Instructions per measured unit.
const K: usize = 8;

type Regs = [[u32; LANES]; K];

struct Data {
    a: Regs,
    b: Regs,
    c: Regs,
    /// A uniform-register value for the splat forms.
    s: u32,
    out: Regs,
    out16: [[u16; LANES]; K],
}

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// binary32 values 2^-15 .. 2^14, both signs.
fn f32_regs(seed: u64) -> Regs {
    let mut s = seed | 1;
    std::array::from_fn(|_| {
        std::array::from_fn(|_| {
            let r = xorshift(&mut s);
            let exp = 112 + (r >> 40) as u32 % 30;
            ((r as u32) & 0x8000_0000) | (exp << 23) | ((r >> 8) as u32 & 0x7f_ffff)
        })
    })
}

/// Two binary16 values 2^-5 .. 2^4 per lane.
fn f16_regs(seed: u64) -> Regs {
    let mut s = seed | 1;
    let mut half = move || {
        let r = xorshift(&mut s);
        let exp = 10 + (r >> 40) as u32 % 10;
        ((r as u32) & 0x8000) | (exp << 10) | ((r >> 8) as u32 & 0x3ff)
    };
    std::array::from_fn(|_| std::array::from_fn(|_| half() | half() << 16))
}

fn data(f16: bool) -> Data {
    let regs = if f16 { f16_regs } else { f32_regs };
    Data {
        a: regs(1),
        b: regs(2),
        c: regs(3),
        s: regs(4)[0][0],
        out: [[0; LANES]; K],
        out16: [[0; LANES]; K],
    }
}

// ------------------------------------------------------------------ the kernels

#[derive(Clone, Copy, PartialEq)]
enum Form {
    /// binary32, all operands lane arrays.
    F32,
    /// binary32, second operand a splat (`fmac.f32.vu` style).
    F32Splat,
    /// binary16 H format (32 halves).
    F16,
    /// packed binary16.
    Pk,
}

fn run_kernel(k: Kernels, form: Form, op: ArithOp, rm: Rm, d: &mut Data) -> u8 {
    let mut fl = 0;
    for i in 0..K {
        let (a, c) = (Src32::Lanes(&d.a[i]), Src32::Lanes(&d.c[i]));
        let b = if form == Form::F32Splat {
            Src32::Splat(d.s)
        } else {
            Src32::Lanes(&d.b[i])
        };
        fl |= match form {
            Form::F32 | Form::F32Splat => k.f32(op, a, b, c, u32::MAX, rm, &mut d.out[i]),
            Form::Pk => k.pk_f16(op, a, b, c, u32::MAX, rm, &mut d.out[i]),
            Form::F16 => {
                let h = |r: &[u32; LANES]| r.map(|x| x as u16);
                let (x, y, z) = (h(&d.a[i]), h(&d.b[i]), h(&d.c[i]));
                let o = &mut d.out16[i];
                k.f16(op, (&x).into(), (&y).into(), (&z).into(), u32::MAX, rm, o)
            }
        };
    }
    fl
}

// ------------------------------------------------------------------ native Rust

#[inline(always)]
fn f(r: &[u32; LANES]) -> &[f32; LANES] {
    // SAFETY: u32 and f32 have the same size and alignment; every bit pattern is an f32.
    unsafe { &*(r as *const [u32; LANES] as *const [f32; LANES]) }
}

#[inline(always)]
fn f_mut(r: &mut [u32; LANES]) -> &mut [f32; LANES] {
    // SAFETY: as in `f`.
    unsafe { &mut *(r as *mut [u32; LANES] as *mut [f32; LANES]) }
}

#[inline(always)]
fn native_f32_body(form: Form, op: ArithOp, d: &mut Data) {
    let s = f32::from_bits(d.s);
    for i in 0..K {
        let (a, b, c) = (f(&d.a[i]), f(&d.b[i]), f(&d.c[i]));
        let o = f_mut(&mut d.out[i]);
        for l in 0..LANES {
            let y = if form == Form::F32Splat { s } else { b[l] };
            o[l] = match op {
                ArithOp::Add => a[l] + y,
                ArithOp::Sub => a[l] - y,
                ArithOp::Mul => a[l] * y,
                ArithOp::Fma => a[l].mul_add(y, c[l]),
            };
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
fn native_f32_avx2(form: Form, op: ArithOp, d: &mut Data) {
    native_f32_body(form, op, d)
}

/// binary16 lanes the way native code does them: to binary32, the operation, back.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
fn native_f16_avx2(form: Form, op: ArithOp, d: &mut Data) {
    use std::arch::x86_64::*;
    // H format: the low halves of 32 lanes; packed: 64 halves.
    let groups = if form == Form::Pk { 8 } else { 4 };
    for i in 0..K {
        let (a, b, c) = (&d.a[i], &d.b[i], &d.c[i]);
        let o = if form == Form::Pk {
            d.out[i].as_mut_ptr() as *mut __m128i
        } else {
            d.out16[i].as_mut_ptr() as *mut __m128i
        };
        for g in 0..groups {
            let load = |r: &[u32; LANES]| -> __m256 {
                if form == Form::Pk {
                    // SAFETY: 16 bytes inside the 128-byte array.
                    _mm256_cvtph_ps(unsafe {
                        _mm_loadu_si128((r.as_ptr() as *const __m128i).add(g))
                    })
                } else {
                    let v = unsafe { _mm256_loadu_si256((r.as_ptr() as *const __m256i).add(g)) };
                    let lo = _mm256_and_si256(v, _mm256_set1_epi32(0xffff));
                    let p = _mm256_packus_epi32(lo, lo);
                    _mm256_cvtph_ps(_mm256_castsi256_si128(_mm256_permute4x64_epi64::<8>(p)))
                }
            };
            let (x, y, z) = (load(a), load(b), load(c));
            let r = match op {
                ArithOp::Add => _mm256_add_ps(x, y),
                ArithOp::Sub => _mm256_sub_ps(x, y),
                ArithOp::Mul => _mm256_mul_ps(x, y),
                ArithOp::Fma => _mm256_fmadd_ps(x, y, z),
            };
            let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(r);
            // SAFETY: as above.
            unsafe { _mm_storeu_si128(o.add(g), h) };
        }
    }
}

fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("f16c")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The native unit, built for the host's vector units; `None` without them.
fn run_native(form: Form, op: ArithOp, d: &mut Data) -> Option<()> {
    if !has_avx2() {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the features were detected above.
    unsafe {
        match form {
            Form::F32 | Form::F32Splat => native_f32_avx2(form, op, d),
            Form::F16 | Form::Pk => native_f16_avx2(form, op, d),
        }
    }
    Some(())
}

// ------------------------------------------------------------------ what is measured

struct Case {
    name: &'static str,
    form: Form,
    op: ArithOp,
    rm: Rm,
}

const fn case(name: &'static str, form: Form, op: ArithOp, rm: Rm) -> Case {
    Case { name, form, op, rm }
}

const CASES: &[Case] = &[
    case("ffma.f32 rne", Form::F32, ArithOp::Fma, Rm::Rne),
    case("fadd.f32 rne", Form::F32, ArithOp::Add, Rm::Rne),
    case("fmul.f32 rne", Form::F32, ArithOp::Mul, Rm::Rne),
    case(
        "fmac.f32.vu rne (splat)",
        Form::F32Splat,
        ArithOp::Fma,
        Rm::Rne,
    ),
    case("ffma.f32 rtz", Form::F32, ArithOp::Fma, Rm::Rtz),
    case("ffma.f32 rdn", Form::F32, ArithOp::Fma, Rm::Rdn),
    case("ffma.f32 rup", Form::F32, ArithOp::Fma, Rm::Rup),
    case("ffma.f32 rmm", Form::F32, ArithOp::Fma, Rm::Rmm),
    case("fadd.f32 rmm", Form::F32, ArithOp::Add, Rm::Rmm),
    case("pkfma.f16 rne", Form::Pk, ArithOp::Fma, Rm::Rne),
    case("pkfma.f16 rtz", Form::Pk, ArithOp::Fma, Rm::Rtz),
    case("pkfma.f16 rmm", Form::Pk, ArithOp::Fma, Rm::Rmm),
    case("pkadd.f16 rne", Form::Pk, ArithOp::Add, Rm::Rne),
    case("ffma.f16 rne (H)", Form::F16, ArithOp::Fma, Rm::Rne),
];

fn levels() -> Vec<Kernels> {
    SimdLevel::ALL
        .iter()
        .rev()
        .filter_map(|&l| Kernels::new(l))
        .collect()
}

/// Best-of-7 wall time per unit, in nanoseconds.
fn best_ns(mut f: impl FnMut(), reps: u32) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..7 {
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() * 1e9 / reps as f64);
    }
    best
}

fn summary() {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "\nlanes summary: ns per {K} x 32-lane instructions (load average {})",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let ks = levels();
    let mut head = format!("{:<26} {:>8}", "instruction", "native");
    for k in &ks {
        head += &format!(" {:>8}", format!("{:?}", k.level()).to_lowercase());
    }
    for k in &ks {
        head += &format!(
            " {:>9}",
            format!("{}/nat", format!("{:?}", k.level()).to_lowercase())
        );
    }
    println!("{head}");
    for c in CASES {
        let mut d = data(matches!(c.form, Form::F16 | Form::Pk));
        let nat = run_native(c.form, c.op, &mut d).map(|_| {
            best_ns(
                || run_native(c.form, c.op, black_box(&mut d)).unwrap_or(()),
                20_000,
            )
        });
        let t: Vec<f64> = ks
            .iter()
            .map(|&k| {
                let reps = if k.level() == SimdLevel::Soft {
                    500
                } else {
                    5_000
                };
                best_ns(
                    || {
                        black_box(run_kernel(k, c.form, c.op, c.rm, black_box(&mut d)));
                    },
                    reps,
                )
            })
            .collect();
        let mut line = format!(
            "{:<26} {:>8}",
            c.name,
            nat.map_or("-".into(), |n| format!("{n:.0}"))
        );
        for x in &t {
            line += &format!(" {:>8.0}", x);
        }
        for x in &t {
            line += &format!(
                " {:>9}",
                nat.map_or("-".into(), |n| format!("{:.1}x", x / n))
            );
        }
        println!("{line}");
    }
}

fn bench(cr: &mut Criterion) {
    summary();
    let mut g = cr.benchmark_group("lanes");
    for c in CASES {
        let mut d = data(matches!(c.form, Form::F16 | Form::Pk));
        if run_native(c.form, c.op, &mut d).is_some() {
            g.bench_function(format!("{} native", c.name), |b| {
                b.iter(|| run_native(c.form, c.op, black_box(&mut d)))
            });
        }
        for k in levels() {
            g.bench_function(format!("{} {:?}", c.name, k.level()), |b| {
                b.iter(|| run_kernel(k, c.form, c.op, c.rm, black_box(&mut d)))
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
