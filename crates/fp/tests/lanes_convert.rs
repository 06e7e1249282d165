//! The 32-lane round-to-integral and conversions (`Kernels::f32_round`, `f32_to_i32`,
//! `i32_to_f32`, `f16_to_f32`) against the scalar functions, lane by lane, result bits and
//! flags: every available level, every direction / rounding mode, edge-heavy operands
//! (zeros, subnormals, halves and neighbours of integers, the int32 and 2^24 boundaries,
//! infinities, quiet and signalling NaNs), EXEC patterns, splats; binary16 widening over
//! every binary16 value in both halves.

mod common;
use common::{exec_patterns, levels, Rng};
use warpkit_fp::lanes::{Src32, LANES};
use warpkit_fp::{f16_to_f32, f32_round, f32_to_i32, i32_to_f32, Rm, RoundOp};

const RMS: [Rm; 5] = [Rm::Rne, Rm::Rtz, Rm::Rdn, Rm::Rup, Rm::Rmm];
const ROUNDS: [RoundOp; 4] = [
    RoundOp::Floor,
    RoundOp::Ceil,
    RoundOp::Trunc,
    RoundOp::NearestEven,
];

/// binary32 operands: specials, and values around integers, halves and the boundaries.
fn f32_operand(rng: &mut Rng) -> u32 {
    let specials = [
        0x0000_0000u32,
        0x8000_0000,
        0x0000_0001,
        0x8000_0001,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0xffc0_0001,
        0x7f80_0001,
        0xff80_0100,
        0x7f7f_ffff,
        0xff7f_ffff,
    ];
    let sign = (rng.below(2) as u32) << 31;
    match rng.below(6) {
        0 => specials[rng.below(specials.len() as u64) as usize],
        1 => rng.next() as u32,
        // k + j/4 for small k: halves, quarters, integers.
        2 => sign | (rng.below(64) as f32 + rng.below(4) as f32 * 0.25).to_bits(),
        // Around 2^31, 2^32, 2^23, 2^24 (exponent fields 157, 158, 150, 151), +-2 ulp.
        3 => {
            let e = [157u32, 158, 150, 151][rng.below(4) as usize];
            (sign | e << 23)
                .wrapping_add(rng.below(5) as u32)
                .wrapping_sub(2)
        }
        // Exponents -2 .. 40 with random fractions.
        4 => sign | (125 + rng.below(43) as u32) << 23 | (rng.next() as u32 & 0x7f_ffff),
        _ => sign | (rng.below(3) as u32 + 126) << 23 | (rng.next() as u32 & 0x7f_ffff),
    }
}

/// int32 operands: small, around 2^24 and 2^31, random.
fn i32_operand(rng: &mut Rng) -> u32 {
    let d = rng.below(9) as i64 - 4;
    (match rng.below(5) {
        0 => rng.below(2000) as i64 - 1000,
        1 => (1i64 << 24) + d,
        2 => -(1i64 << 24) + d,
        3 => [i32::MAX as i64, i32::MIN as i64][rng.below(2) as usize] - d.signum() * d,
        _ => rng.next() as u32 as i32 as i64,
    }) as i32 as u32
}

/// Check `got(a, exec, out) -> flags` against the scalar `want(x, &mut fl)` on random
/// operand sets under every EXEC pattern, and a splat against the same value in every lane.
fn check(
    name: &str,
    rng: &mut Rng,
    operand: fn(&mut Rng) -> u32,
    got: impl Fn(Src32, u32, &mut [u32; LANES]) -> u8,
    want: impl Fn(u32, &mut u8) -> u32,
) {
    for round in 0..200 {
        let a: [u32; LANES] = std::array::from_fn(|_| operand(rng));
        for exec in exec_patterns(rng) {
            let mut fl = 0u8;
            let mut w = [0u32; LANES];
            for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                w[i] = want(a[i], &mut fl);
            }
            let mut out = [0u32; LANES];
            let gfl = got(Src32::Lanes(&a), exec, &mut out);
            assert_eq!(
                gfl, fl,
                "{name} round {round} exec {exec:08x} flags\na {a:08x?}"
            );
            for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                assert_eq!(out[i], w[i], "{name} lane {i}: operand {:08x}", a[i]);
            }
            let s = a[round % LANES];
            let mut o1 = [0u32; LANES];
            let mut o2 = [0u32; LANES];
            let f1 = got(Src32::Splat(s), exec, &mut o1);
            let f2 = got(Src32::Lanes(&[s; LANES]), exec, &mut o2);
            assert_eq!(f1, f2, "{name} splat flags {s:08x}");
            for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                assert_eq!(o1[i], o2[i], "{name} splat {s:08x}");
            }
        }
    }
}

#[test]
fn round_to_integral_equals_scalar() {
    let mut rng = Rng(0x1111_2222_3333_4445);
    for k in levels() {
        for op in ROUNDS {
            check(
                &format!("{:?} {op:?}", k.level()),
                &mut rng,
                f32_operand,
                |a, e, o| k.f32_round(op, a, e, o),
                |x, fl| f32_round(op, x, fl),
            );
        }
    }
}

#[test]
fn f32_to_i32_equals_scalar() {
    let mut rng = Rng(0x5555_6666_7777_8889);
    for k in levels() {
        for rm in RMS {
            check(
                &format!("{:?} {rm:?}", k.level()),
                &mut rng,
                f32_operand,
                |a, e, o| k.f32_to_i32(a, rm, e, o),
                |x, fl| f32_to_i32(x, rm, fl),
            );
        }
    }
}

#[test]
fn i32_to_f32_equals_scalar() {
    let mut rng = Rng(0x9999_aaaa_bbbb_cccd);
    for k in levels() {
        for rm in RMS {
            check(
                &format!("{:?} {rm:?}", k.level()),
                &mut rng,
                i32_operand,
                |a, e, o| k.i32_to_f32(a, rm, e, o),
                |x, fl| i32_to_f32(x, rm, fl),
            );
        }
    }
}

/// Every binary16 value, in the low and in the high half, with the other half random.
#[test]
fn f16_to_f32_exhaustive() {
    let mut rng = Rng(0xdddd_eeee_ffff_0001);
    for k in levels() {
        for hi in [false, true] {
            for base in (0..=0xffffu32).step_by(LANES) {
                let a: [u32; LANES] = std::array::from_fn(|i| {
                    let h = base + i as u32;
                    let other = rng.next() as u32 & 0xffff;
                    if hi {
                        h << 16 | other
                    } else {
                        other << 16 | h
                    }
                });
                for exec in [u32::MAX, rng.next() as u32] {
                    let mut fl = 0u8;
                    let mut out = [0u32; LANES];
                    let gfl = k.f16_to_f32(Src32::Lanes(&a), hi, exec, &mut out);
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        let h = if hi { a[i] >> 16 } else { a[i] & 0xffff };
                        let w = f16_to_f32(h as u16, &mut fl);
                        assert_eq!(out[i], w, "{:?} hi={hi} {h:04x}", k.level());
                    }
                    assert_eq!(gfl, fl, "{:?} hi={hi} base {base:04x} flags", k.level());
                }
            }
        }
    }
}

/// binary32 operands for narrowing: binary16-representable values and their binary32
/// neighbours (exact, ties, near-ties), around 65504/65520 (overflow), 2^-14 and 2^-24
/// (underflow), subnormal binary16 range, and the general operands above.
fn narrow_operand(rng: &mut Rng) -> u32 {
    let sign = (rng.below(2) as u32) << 31;
    match rng.below(5) {
        0 => f32_operand(rng),
        // Exponents around the binary16 range (2^-26 .. 2^17), fractions with 13 low bits
        // shaped: zero (exact), 0x1000 (tie), 0x1000 +- 1, random.
        1 | 2 => {
            let e = 101 + rng.below(43) as u32;
            let low =
                [0u32, 0x1000, 0x0fff, 0x1001, rng.next() as u32 & 0x1fff][rng.below(5) as usize];
            sign | e << 23 | (rng.next() as u32 & 0x7f_e000) | low
        }
        // 65504 (0x477fe000), 65520 (0x477ff000) and neighbours.
        3 => {
            sign | [0x477f_e000u32, 0x477f_f000, 0x4780_0000][rng.below(3) as usize]
                .wrapping_add(rng.below(5) as u32)
                .wrapping_sub(2)
        }
        // 2^-14 (0x38800000), 2^-24 (0x33800000), 2^-25 and neighbours.
        _ => {
            sign | [0x3880_0000u32, 0x3380_0000, 0x3300_0000, 0x387f_e000][rng.below(4) as usize]
                .wrapping_add(rng.below(5) as u32)
                .wrapping_sub(2)
        }
    }
}

#[test]
fn f32_to_f16_equals_scalar() {
    let mut rng = Rng(0x0f0f_1e1e_2d2d_3c3d);
    for k in levels() {
        for rm in RMS {
            check(
                &format!("{:?} {rm:?}", k.level()),
                &mut rng,
                narrow_operand,
                |a, e, o| {
                    let mut h = [0u16; LANES];
                    let fl = k.f32_to_f16(a, rm, e, &mut h);
                    for i in 0..LANES {
                        o[i] = h[i] as u32;
                    }
                    fl
                },
                |x, fl| warpkit_fp::f32_to_f16(x, rm, fl) as u32,
            );
        }
    }
}

#[test]
fn fract_equals_scalar() {
    let mut rng = Rng(0x7777_0000_3333_1235);
    for k in levels() {
        for rm in RMS {
            check(
                &format!("{:?} {rm:?}", k.level()),
                &mut rng,
                // Tiny negative values too: their fract rounds to 1.0 in some modes.
                |rng| match rng.below(4) {
                    0 => {
                        0x8000_0000
                            | (rng.below(40) as u32 + 80) << 23
                            | rng.next() as u32 & 0x7f_ffff
                    }
                    _ => f32_operand(rng),
                },
                |a, e, o| k.f32_fract(a, rm, e, o),
                |x, fl| warpkit_fp::f32_fract(x, rm, fl),
            );
        }
    }
}

#[test]
fn ldexp_equals_scalar() {
    let mut rng = Rng(0x4444_5555_6666_7778);
    for k in levels() {
        for rm in RMS {
            for round in 0..200 {
                let a: [u32; LANES] = std::array::from_fn(|_| f32_operand(&mut rng));
                let e: [u32; LANES] = std::array::from_fn(|_| {
                    (match rng.below(5) {
                        0 => rng.below(61) as i32 - 30,
                        1 => rng.below(601) as i32 - 300,
                        2 => [i32::MIN, i32::MAX, -150, 150, 127, -126, 254, -254]
                            [rng.below(8) as usize],
                        3 => {
                            rng.below(9) as i32 - 4 + [127, -127, 254, -254][rng.below(4) as usize]
                        }
                        _ => rng.next() as i32,
                    }) as u32
                });
                for exec in exec_patterns(&mut rng) {
                    let mut fl = 0u8;
                    let mut want = [0u32; LANES];
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        want[i] = warpkit_fp::f32_ldexp(a[i], e[i] as i32, rm, &mut fl);
                    }
                    let mut out = [0u32; LANES];
                    let got = k.f32_ldexp(Src32::Lanes(&a), Src32::Lanes(&e), rm, exec, &mut out);
                    assert_eq!(got, fl, "{:?} {rm:?} round {round} flags", k.level());
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        assert_eq!(
                            out[i],
                            want[i],
                            "{:?} {rm:?} lane {i}: {:08x} * 2^{}",
                            k.level(),
                            a[i],
                            e[i] as i32
                        );
                    }
                    // A splat exponent (fldexp.f32.vu).
                    let s = e[round % LANES];
                    let mut o1 = [0u32; LANES];
                    let mut o2 = [0u32; LANES];
                    let f1 = k.f32_ldexp(Src32::Lanes(&a), Src32::Splat(s), rm, exec, &mut o1);
                    let f2 = k.f32_ldexp(
                        Src32::Lanes(&a),
                        Src32::Lanes(&[s; LANES]),
                        rm,
                        exec,
                        &mut o2,
                    );
                    assert_eq!(f1, f2);
                    for i in (0..LANES).filter(|i| exec >> i & 1 == 1) {
                        assert_eq!(o1[i], o2[i]);
                    }
                }
            }
        }
    }
}
