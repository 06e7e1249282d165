//! The 32-lane binary32 compares and min/max (`Kernels::f32_cmp`, `f32_min`, `f32_max`)
//! against the scalar functions, lane by lane: every available level, every predicate,
//! random and edge-heavy operands (zeros of both signs, subnormals, infinities, quiet and
//! signalling NaNs with payloads, equal and neighbouring values), EXEC patterns, and splat
//! operands against the same value in every lane.

mod common;
use common::{exec_patterns, levels, Rng};
use warpkit_fp::lanes::{Src32, LANES};
use warpkit_fp::{f32_cmp, f32_max, f32_min, flags, CmpOp};

const EDGES: [u32; 14] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x0000_0001, // smallest subnormal
    0x807f_ffff, // largest negative subnormal
    0x0080_0000, // smallest normal
    0x3f80_0000, // 1
    0xbf80_0000, // -1
    0x7f7f_ffff, // largest finite
    0x7f80_0000, // +inf
    0xff80_0000, // -inf
    0x7fc0_0000, // canonical qNaN
    0xffc0_1234, // negative qNaN with payload
    0x7f80_0001, // sNaN
    0xffa0_0000, // negative sNaN
];

/// Operands: edges, random bits, values near one another (equal, one ulp apart, sign
/// flipped) so the orderings all occur.
fn operands(rng: &mut Rng) -> ([u32; LANES], [u32; LANES]) {
    near_pairs(rng, &EDGES, 0x8000_0000)
}

/// Pairs of `edges`, random values and neighbours, in a format whose sign bit is `sign` (the
/// values are of that width: a narrower format's wrap-arounds and random bits are the low
/// bits of these).
fn near_pairs(rng: &mut Rng, edges: &[u32], sign: u32) -> ([u32; LANES], [u32; LANES]) {
    let mut a = [0; LANES];
    let mut b = [0; LANES];
    for i in 0..LANES {
        let x = match rng.below(3) {
            0 => edges[rng.below(edges.len() as u64) as usize],
            _ => rng.next() as u32,
        };
        let y = match rng.below(6) {
            0 => edges[rng.below(edges.len() as u64) as usize],
            1 => x,
            2 => x.wrapping_add(1),
            3 => x.wrapping_sub(1),
            4 => x ^ sign,
            _ => rng.next() as u32,
        };
        a[i] = x;
        b[i] = y;
    }
    (a, b)
}

#[test]
fn compares_equal_scalar() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for k in levels() {
        for round in 0..300 {
            let (a, b) = operands(&mut rng);
            for exec in exec_patterns(&mut rng) {
                for op in CmpOp::ALL {
                    let (mut want, mut fl) = (0u32, 0u8);
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        want |= (f32_cmp(op, a[i], b[i], &mut fl) as u32) << i;
                    }
                    let got = k.f32_cmp(op, Src32::Lanes(&a), Src32::Lanes(&b), exec);
                    assert_eq!(
                        got,
                        (want, fl),
                        "{:?} {op:?} round {round} exec {exec:08x}\na {a:08x?}\nb {b:08x?}",
                        k.level()
                    );
                    // A splat second operand is the same value in every lane.
                    let s = b[round % LANES];
                    let got = k.f32_cmp(op, Src32::Lanes(&a), Src32::Splat(s), exec);
                    let got2 = k.f32_cmp(op, Src32::Lanes(&a), Src32::Lanes(&[s; LANES]), exec);
                    assert_eq!(got, got2, "{:?} {op:?} splat", k.level());
                }
            }
        }
    }
}

#[test]
fn min_max_equal_scalar() {
    let mut rng = Rng(0x0bad_cafe_f00d_0001);
    for k in levels() {
        for round in 0..300 {
            let (a, b) = operands(&mut rng);
            for exec in exec_patterns(&mut rng) {
                for max in [false, true] {
                    let mut fl = 0u8;
                    let mut want = [0u32; LANES];
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        want[i] = if max {
                            f32_max(a[i], b[i], &mut fl)
                        } else {
                            f32_min(a[i], b[i], &mut fl)
                        };
                    }
                    let mut out = [0u32; LANES];
                    let got_fl = if max {
                        k.f32_max(Src32::Lanes(&a), Src32::Lanes(&b), exec, &mut out)
                    } else {
                        k.f32_min(Src32::Lanes(&a), Src32::Lanes(&b), exec, &mut out)
                    };
                    assert_eq!(got_fl, fl, "{:?} max={max} round {round} flags", k.level());
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        assert_eq!(
                            out[i],
                            want[i],
                            "{:?} max={max} lane {i}: {:08x} {:08x}",
                            k.level(),
                            a[i],
                            b[i]
                        );
                    }
                }
            }
        }
    }
}

/// Inactive lanes holding signalling NaNs raise nothing and set no mask bit.
#[test]
fn inactive_lanes_raise_nothing() {
    let a = [0x7f80_0001u32; LANES];
    let mut b = [0x7f80_0001u32; LANES];
    b[3] = 0x3f80_0000;
    let mut a2 = a;
    a2[3] = 0x3f80_0000;
    for k in levels() {
        for op in CmpOp::ALL {
            let (m, fl) = k.f32_cmp(op, Src32::Lanes(&a2), Src32::Lanes(&b), 1 << 3);
            assert_eq!(fl, 0, "{op:?}");
            assert_eq!(m & !(1 << 3), 0, "{op:?}");
        }
        let mut out = [0; LANES];
        assert_eq!(
            k.f32_min(Src32::Lanes(&a2), Src32::Lanes(&b), 1 << 3, &mut out),
            0
        );
        assert_eq!(out[3], 0x3f80_0000);
        assert_eq!(
            k.f32_max(Src32::Lanes(&a), Src32::Lanes(&b), 0, &mut out),
            0
        );
        assert_eq!(
            k.f32_cmp(CmpOp::Lt, Src32::Lanes(&a), Src32::Lanes(&b), 1),
            (0, flags::NV)
        );
    }
}

#[test]
fn med3_equals_scalar() {
    let mut rng = Rng(0x3333_1111_7777_5555);
    for k in levels() {
        for round in 0..300 {
            let (a, b) = operands(&mut rng);
            let (c, _) = operands(&mut rng);
            // Some lanes take the third operand from the first two (equal keys, NaN pairs).
            let c: [u32; LANES] = std::array::from_fn(|i| match rng.below(4) {
                0 => a[i],
                1 => b[i],
                _ => c[i],
            });
            for exec in exec_patterns(&mut rng) {
                let mut fl = 0u8;
                let mut want = [0u32; LANES];
                for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                    want[i] = warpkit_fp::f32_med3(a[i], b[i], c[i], &mut fl);
                }
                let mut out = [0u32; LANES];
                let got = k.f32_med3(
                    Src32::Lanes(&a),
                    Src32::Lanes(&b),
                    Src32::Lanes(&c),
                    exec,
                    &mut out,
                );
                assert_eq!(got, fl, "{:?} round {round} flags", k.level());
                for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                    assert_eq!(
                        out[i],
                        want[i],
                        "{:?} lane {i}: {:08x} {:08x} {:08x}",
                        k.level(),
                        a[i],
                        b[i],
                        c[i]
                    );
                }
            }
        }
    }
}

const EDGES16: [u16; 12] = [
    0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0x7c00, 0xfc00, 0x7e00,
    0x7d01, // sNaN
];

fn operands16(rng: &mut Rng) -> ([u16; LANES], [u16; LANES]) {
    let (a, b) = near_pairs(rng, &EDGES16.map(u32::from), 0x8000);
    (a.map(|x| x as u16), b.map(|x| x as u16))
}

#[test]
fn binary16_compares_and_min_max_equal_scalar() {
    use warpkit_fp::lanes::Src16;
    use warpkit_fp::{f16_cmp, f16_max, f16_min};
    let mut rng = Rng(0x1616_2323_4545_6767);
    for k in levels() {
        for round in 0..300 {
            let (a, b) = operands16(&mut rng);
            for exec in exec_patterns(&mut rng) {
                for op in CmpOp::ALL {
                    let (mut want, mut fl) = (0u32, 0u8);
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        want |= (f16_cmp(op, a[i], b[i], &mut fl) as u32) << i;
                    }
                    let got = k.f16_cmp(op, Src16::Lanes(&a), Src16::Lanes(&b), exec);
                    assert_eq!(got, (want, fl), "{:?} {op:?} round {round}", k.level());
                    let s = b[round % LANES];
                    assert_eq!(
                        k.f16_cmp(op, Src16::Lanes(&a), Src16::Splat(s), exec),
                        k.f16_cmp(op, Src16::Lanes(&a), Src16::Lanes(&[s; LANES]), exec),
                        "{:?} {op:?} splat",
                        k.level()
                    );
                }
                for max in [false, true] {
                    let mut fl = 0u8;
                    let mut want = [0u16; LANES];
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        want[i] = if max {
                            f16_max(a[i], b[i], &mut fl)
                        } else {
                            f16_min(a[i], b[i], &mut fl)
                        };
                    }
                    let mut out = [0u16; LANES];
                    let got = if max {
                        k.f16_max(Src16::Lanes(&a), Src16::Lanes(&b), exec, &mut out)
                    } else {
                        k.f16_min(Src16::Lanes(&a), Src16::Lanes(&b), exec, &mut out)
                    };
                    assert_eq!(got, fl, "{:?} max={max} flags", k.level());
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        assert_eq!(
                            out[i],
                            want[i],
                            "{:?} max={max} lane {i}: {:04x} {:04x}",
                            k.level(),
                            a[i],
                            b[i]
                        );
                    }
                }
            }
        }
    }
}

/// fclass of random bits, every edge value, and every exponent with zero, one-bit and
/// quiet-bit fractions, on every level.
#[test]
fn class_equals_scalar() {
    let mut rng = Rng(0xc1a5_5c1a_55c1_a55d);
    let mut values: Vec<u32> = EDGES.to_vec();
    for e in 0..256u32 {
        for f in [0, 1, 0x40_0000, 0x3f_ffff, 0x7f_ffff] {
            values.push(e << 23 | f);
            values.push(0x8000_0000 | e << 23 | f);
        }
    }
    for _ in 0..20_000 {
        values.push(rng.next() as u32);
    }
    for k in levels() {
        for chunk in values.chunks(LANES) {
            let mut a = [0u32; LANES];
            a[..chunk.len()].copy_from_slice(chunk);
            let mut out = [0u32; LANES];
            k.f32_class(Src32::Lanes(&a), &mut out);
            for i in 0..LANES {
                assert_eq!(
                    out[i],
                    warpkit_fp::f32_class(a[i]),
                    "{:?} {:08x}",
                    k.level(),
                    a[i]
                );
            }
        }
        let mut out = [0u32; LANES];
        k.f32_class(Src32::Splat(0xff80_0000), &mut out);
        assert!(out.iter().all(|&c| c == 1), "{:?} splat -inf", k.level());
    }
}
