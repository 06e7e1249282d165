//! Fixed workload for profiling: one kernel, many calls.
use std::hint::black_box;
use warpkit_fp::lanes::{ArithOp, Kernels, SimdLevel, Src32};
use warpkit_fp::Rm;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level = match args.get(1).map(String::as_str) {
        Some("avx2") => SimdLevel::Avx2,
        Some("soft") => SimdLevel::Soft,
        _ => SimdLevel::Avx512,
    };
    let form = args.get(2).cloned().unwrap_or("f32".into());
    let rm = match args.get(3).map(String::as_str) {
        Some("rtz") => Rm::Rtz,
        Some("rmm") => Rm::Rmm,
        _ => Rm::Rne,
    };
    let n: usize = args
        .get(4)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let k = Kernels::new(level).expect("level available");
    let mut s = 0x1234_5678_9abc_def1u64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let f32v = |r: u64| {
        let exp = 112 + (r >> 40) as u32 % 30;
        ((r as u32) & 0x8000_0000) | (exp << 23) | ((r >> 8) as u32 & 0x7f_ffff)
    };
    let f16v = |r: u64| {
        let h = |r: u64| {
            let exp = 10 + (r >> 40) as u32 % 10;
            ((r as u32) & 0x8000) | (exp << 10) | ((r >> 8) as u32 & 0x3ff)
        };
        h(r) | h(r.rotate_left(17)) << 16
    };
    let pk = form == "pk";
    let gen = |next: &mut dyn FnMut() -> u64| -> [u32; 32] {
        std::array::from_fn(|_| {
            let r = next();
            if pk {
                f16v(r)
            } else {
                f32v(r)
            }
        })
    };
    let (a, b, c) = (gen(&mut next), gen(&mut next), gen(&mut next));
    let exec: u32 = args
        .get(5)
        .map(|s| u32::from_str_radix(s, 16).unwrap())
        .unwrap_or(u32::MAX);
    let splat = args.get(6).is_some();
    let mut out = [0u32; 32];
    let mut fl = 0;
    let mut best = f64::MAX;
    for _ in 0..n / 2000 {
        let t = std::time::Instant::now();
        for _ in 0..2000 {
            let (a, b, c) = (black_box(&a), black_box(&b), black_box(&c));
            let (a, b, c) = if splat {
                (Src32::Splat(a[0]), Src32::Splat(b[0]), Src32::Splat(c[0]))
            } else {
                (Src32::Lanes(a), Src32::Lanes(b), Src32::Lanes(c))
            };
            fl |= if pk {
                k.pk_f16(ArithOp::Fma, a, b, c, black_box(exec), rm, &mut out)
            } else {
                k.f32(ArithOp::Fma, a, b, c, black_box(exec), rm, &mut out)
            };
            black_box(&out);
        }
        best = best.min(t.elapsed().as_secs_f64() * 1e9 / 2000.0);
    }
    println!(
        "{:?} {form} {rm:?}: best {best:.2} ns/call, flags {fl}",
        level
    );
}
