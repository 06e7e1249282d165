//! The 32-lane `dot2.f32.f16` kernel (`Kernels::dot2_f32_f16`) against the scalar
//! `dot2_f32_f16`, lane by lane, result bits and flags: every level this CPU runs, every
//! rounding mode, every EXEC pattern, splat operands, random and edge-heavy lanes (zeros of
//! both signs, subnormal and largest halves, infinities, quiet and signalling NaNs,
//! products that cancel each other or `c`, ties of the binary32 rounding, results at the
//! underflow and overflow limits).
//!
//! `lanes_dot2_100m_per_mode` (ignored) runs `WARPKIT_DOT2_LANES` (default 100 M) lanes per
//! mode at every level.

mod common;
use common::{exec_patterns, levels, Rng};
use warpkit_fp::lanes::{Kernels, Src32, LANES};
use warpkit_fp::{dot2_f32_f16, Rm};

const RMS: [Rm; 5] = [Rm::Rne, Rm::Rtz, Rm::Rdn, Rm::Rup, Rm::Rmm];

/// A binary16 operand: specials, subnormals, the largest values, powers of two, random.
fn half(rng: &mut Rng) -> u32 {
    const EDGE: [u32; 14] = [
        0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x7c00,
        0xfc00, 0x7e00, 0x7d00,
    ];
    let sign = (rng.below(2) as u32) << 15;
    match rng.below(8) {
        0 => EDGE[rng.below(EDGE.len() as u64) as usize],
        // A power of two, any exponent (subnormal ones included).
        1 => sign | pow2_half(rng.below(40) as i32 - 24),
        // Near 1: small exponents, random fractions.
        2 => sign | (13 + rng.below(5) as u32) << 10 | (rng.next() as u32 & 0x3ff),
        // Finite, any exponent.
        3 | 4 => sign | (rng.below(31) as u32) << 10 | (rng.next() as u32 & 0x3ff),
        _ => rng.next() as u32 & 0xffff,
    }
}

/// The binary16 bits of `2^e`, `-24 <= e <= 15`.
fn pow2_half(e: i32) -> u32 {
    if e < -14 {
        1 << (e + 24)
    } else {
        ((e + 15) as u32) << 10
    }
}

/// The exact value of a finite binary16.
fn half_value(h: u32) -> f64 {
    let (e, m) = ((h >> 10) & 0x1f, (h & 0x3ff) as f64);
    let v = if e == 0 {
        m * 2f64.powi(-24)
    } else {
        (1024.0 + m) * 2f64.powi(e as i32 - 25)
    };
    if h & 0x8000 != 0 {
        -v
    } else {
        v
    }
}

/// A binary32 operand: specials, the underflow and overflow limits, random.
fn single(rng: &mut Rng) -> u32 {
    const EDGE: [u32; 12] = [
        0x0000_0000,
        0x8000_0000,
        0x0000_0001,
        0x807f_ffff,
        0x0080_0000,
        0x7f7f_ffff,
        0xff7f_ffff,
        0x3f80_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x7f80_0001,
    ];
    let sign = (rng.below(2) as u32) << 31;
    match rng.below(6) {
        0 => EDGE[rng.below(EDGE.len() as u64) as usize],
        // Exponents where the products live (2^-48 .. 2^33).
        1 | 2 => sign | (79 + rng.below(82) as u32) << 23 | (rng.next() as u32 & 0x7f_ffff),
        // Near the smallest normal.
        3 => sign | (rng.below(4) as u32) << 23 | (rng.next() as u32 & 0x7f_ffff),
        _ => rng.next() as u32,
    }
}

/// One lane `(a, b, c)`, of one of several shapes.
fn lane(rng: &mut Rng) -> (u32, u32, u32) {
    let pack = |l: u32, h: u32| l | h << 16;
    let (al, bl, ah, bh) = (half(rng), half(rng), half(rng), half(rng));
    let finite = |h: u32| h & 0x7c00 != 0x7c00;
    match rng.below(8) {
        // a.l*b.l = -a.h*b.h, plus c (often zero).
        0 => {
            let c = if rng.bit() {
                single(rng)
            } else {
                rng.bit() as u32 * 0x8000_0000
            };
            (pack(al, al), pack(bl, bl ^ 0x8000), c)
        }
        // c = -(products), rounded to binary32: the sum cancels to zero or a small residual.
        1 if [al, bl, ah, bh].into_iter().all(finite) => {
            let s = half_value(al) * half_value(bl) + half_value(ah) * half_value(bh);
            let c = (-s as f32).to_bits() ^ (rng.below(4) == 0) as u32;
            (pack(al, ah), pack(bl, bh), c)
        }
        // A tie (or a neighbour of one) of the binary32 rounding: c with exponent E, one
        // product 2^(E-24), the other 0 or a power of two just below.
        2 => {
            let e = rng.below(41) as i32 - 20;
            let c = ((rng.below(2) as u32) << 31)
                | ((e + 127) as u32) << 23
                | (rng.next() as u32 & 0x7f_ffff);
            let k = e - 24;
            let i = (k / 2).clamp(-24, 15);
            let j = k - i;
            let (l1, l2) = (pow2_half(i), pow2_half(j.clamp(-24, 15)));
            let s = (rng.below(2) as u32) << 15;
            let h2 = if rng.bit() {
                0
            } else {
                pow2_half((i - 1 - rng.below(20) as i32).max(-24))
            };
            (
                pack(l1 | s, h2),
                pack(l2, pow2_half(j.clamp(-24, 15)) | s),
                c,
            )
        }
        // Zeros of both signs everywhere.
        3 => {
            let z = |rng: &mut Rng| (rng.below(2) as u32) << 15;
            let c = (rng.below(2) as u32) << 31;
            (pack(z(rng), z(rng)), pack(z(rng), z(rng)), c)
        }
        // Products only far apart in exponent (p1 + p2 not exact in binary64).
        4 => (
            pack(0x7bff, pow2_half(-24)),
            pack(
                0x7bff ^ (rng.bit() as u32) << 15,
                pow2_half(-20 + rng.below(5) as i32),
            ),
            single(rng),
        ),
        _ => (pack(al, ah), pack(bl, bh), single(rng)),
    }
}

/// The scalar result of every lane and the flags of the lanes active in `exec`.
fn reference(a: &[u32], b: &[u32], c: &[u32], exec: u32, rm: Rm) -> ([u32; LANES], u8) {
    let mut fl = 0;
    let r = std::array::from_fn(|i| {
        let mut f = 0;
        let r = dot2_f32_f16(a[i], b[i], c[i], rm, &mut f);
        if exec >> i & 1 == 1 {
            fl |= f;
        }
        r
    });
    (r, fl)
}

/// Checks `k` on one set of lanes under `exec`: the active lanes' bits and the OR of their
/// flags; with `per_lane`, also each active lane alone (its own flags).
fn check(
    k: Kernels,
    rm: Rm,
    a: &[u32; LANES],
    b: &[u32; LANES],
    c: &[u32; LANES],
    exec: u32,
    per_lane: bool,
) {
    let (want, wfl) = reference(a, b, c, exec, rm);
    let mut out = [0u32; LANES];
    let fl = k.dot2_f32_f16(
        Src32::Lanes(a),
        Src32::Lanes(b),
        Src32::Lanes(c),
        rm,
        exec,
        &mut out,
    );
    let ctx = |i: usize| {
        format!(
            "{:?} {rm:?} exec {exec:08x} lane {i}: a {:08x} b {:08x} c {:08x}",
            k.level(),
            a[i],
            b[i],
            c[i]
        )
    };
    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
        assert_eq!(out[i], want[i], "{}: bits", ctx(i));
    }
    assert_eq!(fl, wfl, "{:?} {rm:?} exec {exec:08x}: flags", k.level());
    if per_lane {
        for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
            let (w1, f1) = reference(a, b, c, 1 << i, rm);
            let mut o = [0u32; LANES];
            let f = k.dot2_f32_f16(
                Src32::Lanes(a),
                Src32::Lanes(b),
                Src32::Lanes(c),
                rm,
                1 << i,
                &mut o,
            );
            assert_eq!((o[i], f), (w1[i], f1), "{}: alone", ctx(i));
        }
    }
}

/// The three operands of 32 lanes from `lane`.
fn random_lanes(rng: &mut Rng) -> [[u32; LANES]; 3] {
    let ls: [(u32, u32, u32); LANES] = std::array::from_fn(|_| lane(rng));
    [ls.map(|l| l.0), ls.map(|l| l.1), ls.map(|l| l.2)]
}

#[test]
fn dot2_kernel_equals_scalar() {
    let mut rng = Rng(0xd072_f16d_0001);
    for k in levels() {
        for rm in RMS {
            for round in 0..300 {
                let [a, b, c] = random_lanes(&mut rng);
                for exec in exec_patterns(&mut rng) {
                    check(k, rm, &a, &b, &c, exec, round % 4 == 0);
                }
            }
        }
    }
}

#[test]
fn dot2_kernel_splats_equal_lanes() {
    let mut rng = Rng(0xd072_f16d_0002);
    for k in levels() {
        for rm in RMS {
            for _ in 0..100 {
                let [a, b, c] = random_lanes(&mut rng);
                let exec = rng.next() as u32 | 1;
                let j = rng.below(LANES as u64) as usize;
                // Each operand in turn a splat of lane j's value, against the same array.
                for which in 0..3 {
                    let mut ops = [a, b, c];
                    let s = ops[which][j];
                    ops[which] = [s; LANES];
                    let (want, wfl) = reference(&ops[0], &ops[1], &ops[2], exec, rm);
                    let src = |n: usize| {
                        if n == which {
                            Src32::Splat(s)
                        } else {
                            Src32::Lanes(&ops[n])
                        }
                    };
                    let mut out = [0u32; LANES];
                    let fl = k.dot2_f32_f16(src(0), src(1), src(2), rm, exec, &mut out);
                    assert_eq!(fl, wfl, "{:?} {rm:?} splat {which} {s:08x}", k.level());
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        assert_eq!(
                            out[i],
                            want[i],
                            "{:?} {rm:?} splat {which} lane {i}",
                            k.level()
                        );
                    }
                }
            }
        }
    }
}

/// Hand-picked lanes whose outcome is known: ties in every mode, cancellation to zero with
/// the sign rules, overflow and underflow, NaN rules.
#[test]
fn dot2_kernel_known_lanes() {
    let pack = |l: u32, h: u32| l | h << 16;
    let one = 0x3c00;
    let tiny = pow2_half(-12); // 2^-12: products of 2^-24, half an ulp of 1.0
    for k in levels() {
        let cases: [(u32, u32, u32, Rm, u32, u8); 9] = [
            // 1 + 2^-24: a tie; rne and rtz keep 1, rup and rmm go up.
            (
                pack(tiny, 0),
                pack(tiny, 0),
                0x3f80_0000,
                Rm::Rne,
                0x3f80_0000,
                1,
            ),
            (
                pack(tiny, 0),
                pack(tiny, 0),
                0x3f80_0000,
                Rm::Rmm,
                0x3f80_0001,
                1,
            ),
            (
                pack(tiny, 0),
                pack(tiny, 0),
                0x3f80_0000,
                Rm::Rup,
                0x3f80_0001,
                1,
            ),
            (
                pack(tiny | 0x8000, 0),
                pack(tiny, 0),
                0xbf80_0000,
                Rm::Rdn,
                0xbf80_0001,
                1,
            ),
            // 1*1 - 1*1 + 0: +0, -0 in rdn.
            (pack(one, one), pack(one, 0xbc00), 0, Rm::Rne, 0, 0),
            (
                pack(one, one),
                pack(one, 0xbc00),
                0,
                Rm::Rdn,
                0x8000_0000,
                0,
            ),
            // -0 * 1 + -0 * 1 + -0: -0 in every mode.
            (
                pack(0x8000, 0x8000),
                pack(one, one),
                0x8000_0000,
                Rm::Rup,
                0x8000_0000,
                0,
            ),
            // Overflow: max + 1 in rup.
            (
                pack(one, 0),
                pack(one, 0),
                0x7f7f_ffff,
                Rm::Rup,
                0x7f80_0000,
                0x05,
            ),
            // qNaN c: canonical NaN, no flags.
            (0, 0, 0x7fc1_2345, Rm::Rne, 0x7fc0_0000, 0),
        ];
        for (a, b, c, rm, r, f) in cases {
            let mut out = [0u32; LANES];
            let fl = k.dot2_f32_f16(
                Src32::Splat(a),
                Src32::Splat(b),
                Src32::Splat(c),
                rm,
                1,
                &mut out,
            );
            assert_eq!(
                (out[0], fl),
                (r, f),
                "{:?} {rm:?} {a:08x} {b:08x} {c:08x}",
                k.level()
            );
        }
    }
}

#[test]
#[ignore = "long: WARPKIT_DOT2_LANES (default 100 M) lanes per mode and level"]
fn lanes_dot2_100m_per_mode() {
    let lanes: u64 = std::env::var("WARPKIT_DOT2_LANES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000_000);
    let mut rng = Rng(0xd072_f16d_0003);
    for k in levels()
        .into_iter()
        .filter(|k| k.level() != warpkit_fp::lanes::SimdLevel::Soft)
    {
        for rm in RMS {
            let start = std::time::Instant::now();
            for round in 0..lanes.div_ceil(LANES as u64) {
                let [a, b, c] = random_lanes(&mut rng);
                // Full EXEC for the bits; each lane alone every 8th round for its flags.
                check(k, rm, &a, &b, &c, u32::MAX, round % 8 == 0);
            }
            eprintln!(
                "{:?} {rm:?}: {lanes} lanes match ({:.1} s)",
                k.level(),
                start.elapsed().as_secs_f64()
            );
        }
    }
}
