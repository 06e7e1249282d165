//! 32-lane throughput: warpkit-fp binary32 fma (RNE, RTZ) vs native `f32::mul_add`,
//! binary32 add/mul, and binary16 fma. Divide the reported time by 32 for ns per lane op.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use warpkit_fp::*;

const LANES: usize = 32;

/// Deterministic operands: normal values of moderate magnitude (the common case in shaders).
fn lanes32(seed: u64) -> [u32; LANES] {
    let mut s = seed | 1;
    let mut out = [0u32; LANES];
    for o in out.iter_mut() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let exp = 112 + (s >> 40) as u32 % 30; // 2^-15 .. 2^14
        *o = ((s as u32) & 0x8000_0000) | (exp << 23) | ((s >> 8) as u32 & 0x7f_ffff);
    }
    out
}

fn lanes16(seed: u64) -> [u16; LANES] {
    let mut s = seed | 1;
    let mut out = [0u16; LANES];
    for o in out.iter_mut() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let exp = 10 + (s >> 40) as u16 % 10; // 2^-5 .. 2^4
        *o = ((s as u16) & 0x8000) | (exp << 10) | ((s >> 8) as u16 & 0x3ff);
    }
    out
}

fn bench(c: &mut Criterion) {
    let (a, b, cc) = (lanes32(1), lanes32(2), lanes32(3));
    let (fa, fb, fc) = (
        a.map(f32::from_bits),
        b.map(f32::from_bits),
        cc.map(f32::from_bits),
    );
    let (ha, hb, hc) = (lanes16(4), lanes16(5), lanes16(6));
    let mut g = c.benchmark_group("lanes32");
    for (name, rm) in [("f32_fma_api_rne", Rm::Rne), ("f32_fma_api_rtz", Rm::Rtz)] {
        g.bench_function(name, |bch| {
            bch.iter(|| {
                let (a, b, cc) = (black_box(&a), black_box(&b), black_box(&cc));
                let mut fl = 0u8;
                let mut out = [0u32; LANES];
                for i in 0..LANES {
                    out[i] = f32_fma(a[i], b[i], cc[i], rm, &mut fl);
                }
                black_box((out, fl))
            })
        });
    }
    g.bench_function("f32_fma_native_mul_add", |bch| {
        bch.iter(|| {
            let (a, b, cc) = (black_box(&fa), black_box(&fb), black_box(&fc));
            let mut out = [0f32; LANES];
            for i in 0..LANES {
                out[i] = a[i].mul_add(b[i], cc[i]);
            }
            black_box(out)
        })
    });
    g.bench_function("f32_fma_softfloat_rne", |bch| {
        bch.iter(|| {
            let (a, b, cc) = (black_box(&a), black_box(&b), black_box(&cc));
            let mut fl = 0u8;
            let mut out = [0u32; LANES];
            for i in 0..LANES {
                out[i] = softfloat::f32_fma(a[i], b[i], cc[i], Rm::Rne, &mut fl);
            }
            black_box((out, fl))
        })
    });
    g.bench_function("f32_add_api_rne", |bch| {
        bch.iter(|| {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut fl = 0u8;
            let mut out = [0u32; LANES];
            for i in 0..LANES {
                out[i] = f32_add(a[i], b[i], Rm::Rne, &mut fl);
            }
            black_box((out, fl))
        })
    });
    g.bench_function("f32_mul_api_rne", |bch| {
        bch.iter(|| {
            let (a, b) = (black_box(&a), black_box(&b));
            let mut fl = 0u8;
            let mut out = [0u32; LANES];
            for i in 0..LANES {
                out[i] = f32_mul(a[i], b[i], Rm::Rne, &mut fl);
            }
            black_box((out, fl))
        })
    });
    g.bench_function("f16_fma_api_rne", |bch| {
        bch.iter(|| {
            let (a, b, cc) = (black_box(&ha), black_box(&hb), black_box(&hc));
            let mut fl = 0u8;
            let mut out = [0u16; LANES];
            for i in 0..LANES {
                out[i] = f16_fma(a[i], b[i], cc[i], Rm::Rne, &mut fl);
            }
            black_box((out, fl))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
