//! Float literals: binary32 and binary16 bits against independent oracles (Rust's correctly
//! rounded `str::parse::<f32>`, `f64 as f32`, and the `half` crate's f64 -> f16), overflow
//! and underflow errors, and the warning for integers that are subnormal patterns.

use proptest::prelude::*;
use warpkit_asm::float::{parse, FloatError, BINARY16, BINARY32};
use warpkit_asm::{assemble, Severity};

fn f32_expect(s: &str) -> Result<u32, FloatError> {
    let v: f32 = s.parse().unwrap();
    let nonzero = s
        .split(['e', 'E'])
        .next()
        .unwrap()
        .bytes()
        .any(|c| (b'1'..=b'9').contains(&c));
    let bits = v.to_bits();
    if v.is_infinite() {
        Err(FloatError::Overflow)
    } else if nonzero && bits & 0x7f80_0000 == 0 {
        // Zero or subnormal: exact only if the literal equals it, which the exact decimal
        // expansion of the binary32 (Rust prints it exactly with enough digits) tells.
        let exact = bits != 0 && exact_decimal_eq(s, v as f64);
        if exact {
            Ok(bits)
        } else {
            Err(FloatError::Underflow { nearest: bits })
        }
    } else {
        Ok(bits)
    }
}

/// Does decimal literal `s` equal `x` exactly? Both normalised to digits and exponent.
fn exact_decimal_eq(s: &str, x: f64) -> bool {
    norm(s) == norm(&format!("{x:.1100e}"))
}

fn norm(s: &str) -> (String, i64) {
    let (mant, exp) = s.split_once(['e', 'E']).unwrap_or((s, "0"));
    let exp: i64 = exp.parse().unwrap();
    let (ip, fp) = mant.split_once('.').unwrap_or((mant, ""));
    let digits = format!("{ip}{fp}");
    let lead = digits.len() - digits.trim_start_matches('0').len();
    let d = digits
        .trim_start_matches('0')
        .trim_end_matches('0')
        .to_string();
    // Value = 0.d * 10^(position of the point after the first significant digit).
    (d, exp + ip.len() as i64 - lead as i64)
}

fn decimal_string() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(0u8..10, 1..20),
        0usize..20,
        -60i32..=45,
    )
        .prop_map(|(digits, point, exp)| {
            let d: String = digits.iter().map(|x| (b'0' + x) as char).collect();
            let point = point.min(d.len());
            format!("{}.{}e{exp}", &d[..point], &d[point..])
        })
}

/// The binary16 nearest to `x` (ties to even), found by search around `half`'s conversion:
/// `half::f16::from_f64` may round twice (through binary32), so it only gives a neighbour.
/// Each distance is exact (Sterbenz: the candidates lie within a factor of two of `x`).
fn nearest_f16(x: f64) -> half::f16 {
    let h = half::f16::from_f64(x);
    if h.is_infinite() && x.abs() < 65520.0 {
        // Double rounding can carry a value just below the overflow threshold to infinity.
        return half::f16::from_bits(0x7bff | (h.to_bits() & 0x8000));
    }
    if !h.is_finite() || x == 0.0 {
        return h;
    }
    let b = h.to_bits();
    let mut best = h;
    for c in [b.wrapping_sub(1), b.wrapping_add(1)] {
        let ch = half::f16::from_bits(c);
        // Stay in the same sign and among finite values.
        if (c ^ b) & 0x8000 != 0 || !ch.is_finite() {
            continue;
        }
        let (dc, db) = ((x - ch.to_f64()).abs(), (x - best.to_f64()).abs());
        if dc < db || (dc == db && c & 1 == 0) {
            best = ch;
        }
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn decimal_binary32_matches_rusts_parser(s in decimal_string()) {
        prop_assert_eq!(parse(&s, &BINARY32), Some(f32_expect(&s)), "{}", s);
        let neg = format!("-{s}");
        let want = f32_expect(&s).map(|b| b | 0x8000_0000).map_err(|e| match e {
            FloatError::Underflow { nearest } => FloatError::Underflow { nearest: nearest | 0x8000_0000 },
            e => e,
        });
        prop_assert_eq!(parse(&neg, &BINARY32), Some(want), "{}", neg);
    }

    /// Short decimals (at most 12 digits, so never within a binary64 rounding of a binary16
    /// midpoint they are not equal to) against the nearest binary16 to their binary64.
    #[test]
    fn decimal_binary16_matches_half(digits in proptest::collection::vec(0u8..10, 1..12),
                                     point in 0usize..12, exp in -12i32..=7) {
        let d: String = digits.iter().map(|x| (b'0' + x) as char).collect();
        let point = point.min(d.len());
        let s = format!("{}.{}e{exp}", &d[..point], &d[point..]);
        let x: f64 = s.parse().unwrap();
        let h = nearest_f16(x);
        let bits = h.to_bits() as u32;
        let want = if h.is_infinite() {
            Err(FloatError::Overflow)
        } else if x != 0.0 && bits & 0x7c00 == 0 && (h.to_f64() != x || !exact_decimal_eq(&s, x)) {
            // Tiny and inexact: the binary16 is not the binary64, or the binary64 is not
            // the literal.
            Err(FloatError::Underflow { nearest: bits })
        } else {
            Ok(bits)
        };
        prop_assert_eq!(parse(&s, &BINARY16), Some(want), "{}", s);
    }

    /// Hex floats spell a binary64 exactly: `as f32` and `half` round it once.
    #[test]
    fn hex_matches_f64_conversions(bits in any::<u64>()) {
        let x = f64::from_bits(bits & 0x7fff_ffff_ffff_ffff);
        prop_assume!(x.is_finite() && x != 0.0);
        let e = ((x.to_bits() >> 52) & 0x7ff) as i64;
        let frac = x.to_bits() & ((1 << 52) - 1);
        let s = if e == 0 {
            format!("0x0.{frac:013x}p-1022")
        } else {
            format!("0x1.{frac:013x}p{}", e - 1023)
        };
        let f = x as f32;
        let want32 = if f.is_infinite() {
            Err(FloatError::Overflow)
        } else if f.to_bits() & 0x7f80_0000 == 0 && f as f64 != x {
            Err(FloatError::Underflow { nearest: f.to_bits() })
        } else {
            Ok(f.to_bits())
        };
        prop_assert_eq!(parse(&s, &BINARY32), Some(want32), "{}", s);
        let h = nearest_f16(x);
        let hb = h.to_bits() as u32;
        let want16 = if h.is_infinite() {
            Err(FloatError::Overflow)
        } else if hb & 0x7c00 == 0 && h.to_f64() != x {
            Err(FloatError::Underflow { nearest: hb })
        } else {
            Ok(hb)
        };
        prop_assert_eq!(parse(&s, &BINARY16), Some(want16), "{}", s);
    }

    /// Strings from the literal alphabet never panic (debug builds check overflow), and a
    /// float never comes back for integer syntax.
    #[test]
    fn literal_soup_never_panics(s in "[-+0-9a-fA-FxXpPeE._nity]{0,40}") {
        for f in [&BINARY32, &BINARY16] {
            let r = parse(&s, f);
            if s.bytes().all(|c| c.is_ascii_digit()) {
                prop_assert_eq!(r, None);
            }
        }
        let _ = assemble(format!("mov.vl v1, {s}\n.half {s}\n.word {s}"), &Default::default());
    }

    /// Every binary32 subnormal, written as its exact decimal expansion, is accepted; one
    /// more digit makes it inexact, an underflow.
    #[test]
    fn exact_subnormals_and_their_neighbours(k in 1u32..0x80_0000) {
        let x = f32::from_bits(k) as f64;
        let s = format!("{x:.120e}");
        prop_assert_eq!(parse(&s, &BINARY32), Some(Ok(k)), "{}", s);
        let (m, e) = s.split_once('e').unwrap();
        let off = format!("{}1e{e}", m.trim_end_matches('0'));
        prop_assert!(matches!(parse(&off, &BINARY32), Some(Err(FloatError::Underflow { .. }))), "{}", off);
    }
}

#[test]
fn hand_picked_edges() {
    let p32 = |s: &str| parse(s, &BINARY32);
    let p16 = |s: &str| parse(s, &BINARY16);
    assert_eq!(p32("1.5e999"), Some(Err(FloatError::Overflow)));
    assert_eq!(p32("-1.5e999"), Some(Err(FloatError::Overflow)));
    assert_eq!(
        p32("1e-50"),
        Some(Err(FloatError::Underflow { nearest: 0 }))
    );
    assert_eq!(
        p32("-1e-50"),
        Some(Err(FloatError::Underflow {
            nearest: 0x8000_0000
        }))
    );
    assert_eq!(
        p32("1e-45"),
        Some(Err(FloatError::Underflow { nearest: 1 }))
    );
    assert_eq!(p32("0x1p-149"), Some(Ok(1)));
    assert_eq!(p32("-0x1p-149"), Some(Ok(0x8000_0001)));
    // Half the smallest subnormal ties to even: zero, an underflow.
    assert_eq!(
        p32("0x1p-150"),
        Some(Err(FloatError::Underflow { nearest: 0 }))
    );
    assert_eq!(p32("3.4028235e38"), Some(Ok(0x7f7f_ffff)));
    assert_eq!(p32("3.4028236e38"), Some(Err(FloatError::Overflow)));
    assert_eq!(p32("-nan"), Some(Ok(0xffc0_0000)));
    // MAX + half an ulp (2^128 - 2^103) ties to even: infinity.
    assert_eq!(
        p32("340282356779733661637539395458142568448.0"),
        Some(Err(FloatError::Overflow))
    );
    assert_eq!(
        p32("340282356779733661637539395458142568447.9"),
        Some(Ok(0x7f7f_ffff))
    );
    // Midpoint 1 + 2^-24: ties to even, a hair above rounds up, a hair below down.
    assert_eq!(p32("1.000000059604644775390625"), Some(Ok(0x3f80_0000)));
    assert_eq!(
        p32("1.0000000596046447753906250000001"),
        Some(Ok(0x3f80_0001))
    );
    assert_eq!(
        p32("1.0000000596046447753906249999999"),
        Some(Ok(0x3f80_0000))
    );
    assert_eq!(p32("inf"), Some(Ok(0x7f80_0000)));
    assert_eq!(p32("-Infinity"), Some(Ok(0xff80_0000)));
    assert_eq!(p32("NaN"), Some(Ok(0x7fc0_0000)));
    assert_eq!(p32("0.0"), Some(Ok(0)));
    assert_eq!(p32("-0.0"), Some(Ok(0x8000_0000)));
    assert_eq!(p32("0e99999999999999999999"), Some(Ok(0)));
    assert_eq!(p32(".5"), Some(Ok(0x3f00_0000)));
    assert_eq!(p32("2."), Some(Ok(0x4000_0000)));
    assert_eq!(p32("0x1.8p1"), Some(Ok(0x4040_0000)));
    // A hex mantissa longer than 64 bits still rounds once, by its sticky tail.
    assert_eq!(p32("0x1.000001000000000000000001p0"), Some(Ok(0x3f80_0001)));
    assert_eq!(p32("0x1.000001p0"), Some(Ok(0x3f80_0000)));
    assert_eq!(p32("0x1p2147483647"), Some(Err(FloatError::Overflow)));
    // Not float syntax: integers, names, expressions.
    for s in [
        "1", "0x10", "-5", "e5", ".", "1e", "0x1p", "abc", "1.5.2", "1_0.5", "",
    ] {
        assert_eq!(p32(s), None, "{s}");
    }
    // binary16.
    assert_eq!(p16("1.5"), Some(Ok(0x3e00)));
    assert_eq!(p16("65504.0"), Some(Ok(0x7bff)));
    assert_eq!(p16("65519.99"), Some(Ok(0x7bff)));
    assert_eq!(p16("65520.0"), Some(Err(FloatError::Overflow)));
    assert_eq!(p16("0x1p-24"), Some(Ok(1)));
    assert_eq!(p16("6e-8"), Some(Err(FloatError::Underflow { nearest: 1 })));
    assert_eq!(p16("1.00048828125"), Some(Ok(0x3c00)));
    assert_eq!(p16("1.000488281250000000001"), Some(Ok(0x3c01)));
    assert_eq!(p16("1.000488281249999999999"), Some(Ok(0x3c00)));
    assert_eq!(p16("-inf"), Some(Ok(0xfc00)));
    assert_eq!(p16("nan"), Some(Ok(0x7e00)));
}

fn code(src: &str) -> Vec<u8> {
    match assemble(src, &Default::default()) {
        Ok(a) => a.code,
        Err(d) => panic!("{src}: {d}"),
    }
}

fn first_error(src: &str) -> String {
    let d = assemble(src, &Default::default())
        .expect_err(src)
        .main_file();
    let e = d.iter().find(|d| d.severity == Severity::Error).unwrap();
    format!(
        "{}:{}: {} | {}",
        e.line,
        e.col,
        e.message,
        e.hint.clone().unwrap_or_default()
    )
}

#[test]
fn float_literals_wherever_a_32_bit_literal_is() {
    assert_eq!(code("mov.vl v1, 1.0"), code("mov.vl v1, 0x3f800000"));
    assert_eq!(code("umov.l u1, 1.5"), code("umov.l u1, 0x3fc00000"));
    assert_eq!(
        code("uadd.l u1, u2, -2.0"),
        code("uadd.l u1, u2, 0xc0000000")
    );
    assert_eq!(code("mov.vl v1, inf"), code("mov.vl v1, 0x7f800000"));
    assert_eq!(code(".word 1.0, -0.5"), [0, 0, 0x80, 0x3f, 0, 0, 0, 0xbf]);
    assert_eq!(code(".half 1.5, -inf"), [0x00, 0x3e, 0x00, 0xfc]);
    let e = first_error("mov.vl v1, 1.5e999");
    assert!(e.starts_with("1:12: `1.5e999` overflows binary32"), "{e}");
    let e = first_error("fadd.f32.vl v1, v2, 1e-50");
    assert!(
        e.contains("`1e-50` underflows binary32: the nearest value is zero"),
        "{e}"
    );
    assert!(first_error(".half 65520.0").contains("overflows binary16"));
    assert!(first_error(".half 1e-9").contains("underflows binary16"));
    // Not where the value is not 32 or 16 bits, nor inside expressions.
    assert!(first_error(".byte 1.5").contains("float literal `1.5` where an integer"));
    assert!(first_error("add.vi v1, v2, 1.0").contains("float literal"));
    assert!(first_error(".equ X, 2.5").contains("float literal"));
}

#[test]
fn integers_that_are_subnormal_patterns_in_fp_operands_warn() {
    let a = assemble("fmul.f32.vl v1, v2, 2", &Default::default()).unwrap();
    assert_eq!(a.code, code("fmul.f32.vl v1, v2, 0x2p-149"));
    let w = a.warnings.main_file();
    assert_eq!(w.len(), 1);
    let w = &w[0];
    assert_eq!((w.severity, w.line, w.col), (Severity::Warning, 1, 21));
    assert!(w.message.contains("2.80e-45"), "{}", w.message);
    assert!(
        w.hint.as_deref().unwrap().contains("did you mean `2.0`?"),
        "{:?}",
        w.hint
    );
    // A forward .equ is checked in pass 2 the same way; negative subnormals too.
    let a = assemble(
        "fadd.f32.vl v1, v2, N\n.equ N, 0x80000003",
        &Default::default(),
    )
    .unwrap();
    let w = a.warnings.main_file();
    assert_eq!(w.len(), 1);
    assert!(w[0].hint.as_deref().unwrap().contains("-0x3p-149"));
    // No warning: zero, normal patterns, floats, integer instructions.
    for src in [
        "fmul.f32.vl v1, v2, 0",
        "fmul.f32.vl v1, v2, 0x3f800000",
        "fmul.f32.vl v1, v2, 2.0",
        "fmul.f32.vl v1, v2, 0x1p-149",
        "mov.vl v1, 2",
    ] {
        assert!(
            assemble(src, &Default::default())
                .unwrap()
                .warnings
                .is_empty(),
            "{src}"
        );
    }
    // Warnings go with errors when both occur; errors alone fail the assembly.
    let d = assemble("fmul.f32.vl v1, v2, 1\nbogus", &Default::default())
        .unwrap_err()
        .main_file();
    assert_eq!(d.len(), 2);
    assert_eq!(d[0].severity, Severity::Warning);
    assert_eq!(d[1].severity, Severity::Error);
}
