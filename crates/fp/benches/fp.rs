//! 32-lane throughput: warpkit-fp binary32 fma (RNE, RTZ) vs native `f32::mul_add`,
//! binary32 add/mul, binary16 fma/add, special operands, dot2 and fract. Divide the reported
//! time by 32 for ns per lane op. With `--features softfloat-crosscheck` it also times
//! Berkeley SoftFloat's fma.

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
    #[cfg(feature = "softfloat-crosscheck")]
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
    // Operands where every fourth lane is an infinity or a NaN: the special-operand paths.
    let sp = |x: [u32; LANES]| {
        let mut x = x;
        for (i, v) in x.iter_mut().enumerate() {
            match i % 8 {
                0 => *v = 0x7f80_0000 | (*v & 0x8000_0000),
                4 => *v = 0x7fc0_0000 | (*v & 0x003f_ffff),
                _ => {}
            }
        }
        x
    };
    let (sa, sb, sc) = (sp(a), sp(b), sp(cc));
    g.bench_function("f32_add_api_rne_specials", |bch| {
        bch.iter(|| {
            let (a, b) = (black_box(&sa), black_box(&sb));
            let mut fl = 0u8;
            let mut out = [0u32; LANES];
            for i in 0..LANES {
                out[i] = f32_add(a[i], b[i], Rm::Rne, &mut fl);
            }
            black_box((out, fl))
        })
    });
    g.bench_function("f32_fma_api_rne_specials", |bch| {
        bch.iter(|| {
            let (a, b, cc) = (black_box(&sa), black_box(&sb), black_box(&sc));
            let mut fl = 0u8;
            let mut out = [0u32; LANES];
            for i in 0..LANES {
                out[i] = f32_fma(a[i], b[i], cc[i], Rm::Rne, &mut fl);
            }
            black_box((out, fl))
        })
    });
    g.bench_function("f16_add_api_rtz", |bch| {
        bch.iter(|| {
            let (a, b) = (black_box(&ha), black_box(&hb));
            let mut fl = 0u8;
            let mut out = [0u16; LANES];
            for i in 0..LANES {
                out[i] = f16_add(a[i], b[i], Rm::Rtz, &mut fl);
            }
            black_box((out, fl))
        })
    });
    // dot2 packs two binary16 values per operand.
    let pack = |l: [u16; LANES], h: [u16; LANES]| -> [u32; LANES] {
        std::array::from_fn(|i| l[i] as u32 | (h[i] as u32) << 16)
    };
    let (da, db) = (pack(ha, hb), pack(hc, ha));
    for (name, rm) in [("dot2_api_rne", Rm::Rne), ("dot2_api_rdn", Rm::Rdn)] {
        g.bench_function(name, |bch| {
            bch.iter(|| {
                let (a, b, cc) = (black_box(&da), black_box(&db), black_box(&cc));
                let mut fl = 0u8;
                let mut out = [0u32; LANES];
                for i in 0..LANES {
                    out[i] = dot2_f32_f16(a[i], b[i], cc[i], rm, &mut fl);
                }
                black_box((out, fl))
            })
        });
    }
    // The 32-lane kernel of every level this CPU runs, on the same lanes.
    for k in lanes::SimdLevel::ALL
        .iter()
        .filter_map(|&l| lanes::Kernels::new(l))
    {
        for (name, rm) in [("rne", Rm::Rne), ("rdn", Rm::Rdn)] {
            g.bench_function(format!("dot2_lanes_{:?}_{name}", k.level()), |bch| {
                bch.iter(|| {
                    let (a, b, cc) = (black_box(&da), black_box(&db), black_box(&cc));
                    let mut out = [0u32; LANES];
                    let fl = k.dot2_f32_f16(
                        lanes::Src32::Lanes(a),
                        lanes::Src32::Lanes(b),
                        lanes::Src32::Lanes(cc),
                        rm,
                        u32::MAX,
                        &mut out,
                    );
                    black_box((out, fl))
                })
            });
        }
    }
    g.bench_function("f32_fract_api", |bch| {
        bch.iter(|| {
            let a = black_box(&a);
            let mut fl = 0u8;
            let mut out = [0u32; LANES];
            for i in 0..LANES {
                out[i] = fract_rne(a[i], &mut fl);
            }
            black_box((out, fl))
        })
    });
    g.finish();
}

/// `ffract` in round-to-nearest-even.
#[inline(always)]
fn fract_rne(a: u32, fl: &mut u8) -> u32 {
    f32_fract(a, Rm::Rne, fl)
}

criterion_group!(benches, bench);
criterion_main!(benches);
