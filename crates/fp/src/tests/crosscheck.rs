//! Random cross-checks against Berkeley SoftFloat 3e linked in as C (feature
//! `softfloat-crosscheck`, which needs cmake). The default build checks against SoftFloat
//! through the `softfloatpy` vectors instead (`tests/oracle.rs`).

use super::*;
use crate::softfloat as sf;

impl XorShiftStar {
    /// An operand close to `a` or `-a` (cancellation).
    pub fn f32_near(&mut self, a: u32) -> u32 {
        let d = self.below(64) as u32;
        let mut b = if self.next() & 1 == 0 {
            a.wrapping_add(d)
        } else {
            a.wrapping_sub(d)
        };
        if self.next() & 1 == 0 {
            b ^= 0x8000_0000;
        }
        if self.next() & 3 == 0 {
            // Different exponent, same leading bits.
            b = b.wrapping_add(((self.below(60) as u32).wrapping_sub(30)) << 23);
        }
        b
    }

    pub fn f16_near(&mut self, a: u16) -> u16 {
        let d = self.below(16) as u16;
        let mut b = if self.next() & 1 == 0 {
            a.wrapping_add(d)
        } else {
            a.wrapping_sub(d)
        };
        if self.next() & 1 == 0 {
            b ^= 0x8000;
        }
        b
    }
}

type Bin32 = fn(u32, u32, Rm, &mut u8) -> u32;

type Bin16 = fn(u16, u16, Rm, &mut u8) -> u16;

/// Compare `ours` with `reference` on random operand pairs (a third of them close to each
/// other, for cancellation) in every rounding mode; `gen`/`near` draw the operands.
fn check_pairs<T: Copy + PartialEq + std::fmt::LowerHex>(
    name: &str,
    seed: u64,
    gen: fn(&mut XorShiftStar) -> T,
    near: fn(&mut XorShiftStar, T) -> T,
    ours: fn(T, T, Rm, &mut u8) -> T,
    reference: fn(T, T, Rm, &mut u8) -> T,
) {
    let mut rng = XorShiftStar::new(seed ^ name.len() as u64);
    let mut bad = 0;
    for i in 0..cases() {
        let a = gen(&mut rng);
        let b = if i % 3 == 0 {
            near(&mut rng, a)
        } else {
            gen(&mut rng)
        };
        for rm in Rm::ALL {
            let (mut f1, mut f2) = (0, 0);
            let r1 = ours(a, b, rm, &mut f1);
            let r2 = reference(a, b, rm, &mut f2);
            if (r1, f1) != (r2, f2) {
                bad += 1;
                if bad < 10 {
                    eprintln!(
                        "{name} {rm:?} {a:x} {b:x}: got {r1:x}/{f1:02x} want {r2:x}/{f2:02x}"
                    );
                }
            }
        }
    }
    assert_eq!(bad, 0, "{name}: {bad} mismatches");
}

fn check32(name: &str, ours: Bin32, reference: Bin32) {
    check_pairs(
        name,
        0x1234_5678,
        XorShiftStar::f32,
        XorShiftStar::f32_near,
        ours,
        reference,
    );
}

fn check16(name: &str, ours: Bin16, reference: Bin16) {
    check_pairs(
        name,
        0x8765_4321,
        XorShiftStar::f16,
        XorShiftStar::f16_near,
        ours,
        reference,
    );
}

#[test]
fn fast_f32_add_sub_mul() {
    check32("f32_add", f32_add, sf::f32_add);
    check32("f32_sub", f32_sub, sf::f32_sub);
    check32("f32_mul", f32_mul, sf::f32_mul);
}

#[test]
fn fast_f16_add_sub_mul() {
    check16("f16_add", f16_add, sf::f16_add);
    check16("f16_sub", f16_sub, sf::f16_sub);
    check16("f16_mul", f16_mul, sf::f16_mul);
}

#[test]
fn fast_f32_fma() {
    let mut rng = XorShiftStar::new(42);
    let mut bad = 0;
    for i in 0..cases() {
        let a = rng.f32();
        let b = rng.f32();
        let c = match i % 4 {
            // c close to -(a*b): massive cancellation.
            0 => rng.f32_near((f32::from_bits(a) * f32::from_bits(b)).to_bits()),
            1 => rng.f32_near(a),
            _ => rng.f32(),
        };
        for rm in Rm::ALL {
            let (mut f1, mut f2) = (0, 0);
            let r1 = f32_fma(a, b, c, rm, &mut f1);
            let r2 = sf::f32_fma(a, b, c, rm, &mut f2);
            if (r1, f1) != (r2, f2) {
                bad += 1;
                if bad < 10 {
                    eprintln!("fma {rm:?} {a:08x} {b:08x} {c:08x}: got {r1:08x}/{f1:02x} want {r2:08x}/{f2:02x}");
                }
            }
        }
    }
    assert_eq!(bad, 0);
}

#[test]
fn fast_f16_fma() {
    let mut rng = XorShiftStar::new(43);
    let mut bad = 0;
    for i in 0..cases() {
        let a = rng.f16();
        let b = rng.f16();
        let c = match i % 4 {
            0 => {
                let mut none = 0;
                let p = f16_mul(a, b, Rm::Rne, &mut none);
                rng.f16_near(p)
            }
            1 => rng.f16_near(a),
            _ => rng.f16(),
        };
        for rm in Rm::ALL {
            let (mut f1, mut f2) = (0, 0);
            let r1 = f16_fma(a, b, c, rm, &mut f1);
            let r2 = sf::f16_fma(a, b, c, rm, &mut f2);
            if (r1, f1) != (r2, f2) {
                bad += 1;
                if bad < 10 {
                    eprintln!("f16 fma {rm:?} {a:04x} {b:04x} {c:04x}: got {r1:04x}/{f1:02x} want {r2:04x}/{f2:02x}");
                }
            }
        }
    }
    assert_eq!(bad, 0);
}

#[test]
fn conversions_vs_softfloat() {
    let mut bad = 0;
    let mut report = |what: &str, x: u32, rm: Rm, got: (u32, u8), want: (u32, u8)| {
        if got != want {
            bad += 1;
            if bad < 20 {
                eprintln!(
                    "{what} {rm:?} {x:08x}: got {:x}/{:02x} want {:x}/{:02x}",
                    got.0, got.1, want.0, want.1
                );
            }
        }
    };
    // Exhaustive over all binary16 encodings and 16-bit integers.
    for x in 0..=u16::MAX {
        for rm in Rm::ALL {
            macro_rules! cmp16 {
                ($name:literal, $ours:expr, $theirs:expr) => {{
                    let (mut f1, mut f2) = (0, 0);
                    let r1 = $ours(x, rm, &mut f1) as u32;
                    let r2 = $theirs(x, rm, &mut f2) as u32;
                    report($name, x as u32, rm, (r1, f1), (r2, f2));
                }};
            }
            cmp16!("f16_to_i16", f16_to_i16, sf::f16_to_i16);
            cmp16!("f16_to_u16", f16_to_u16, sf::f16_to_u16);
            cmp16!("i16_to_f16", i16_to_f16, sf::i16_to_f16);
            cmp16!("u16_to_f16", u16_to_f16, sf::u16_to_f16);
            for exact in [false, true] {
                let (mut f1, mut f2) = (0, 0);
                let r1 = f16_round_to_int(x, rm, exact, &mut f1) as u32;
                let r2 = sf::f16_round_to_int(x, rm, exact, &mut f2) as u32;
                report("f16_round_to_int", x as u32, rm, (r1, f1), (r2, f2));
            }
        }
        let (mut f1, mut f2) = (0, 0);
        let r1 = f16_to_f32(x, &mut f1);
        let r2 = sf::f16_to_f32(x, &mut f2);
        report("f16_to_f32", x as u32, Rm::Rne, (r1, f1), (r2, f2));
    }
    let mut rng = XorShiftStar::new(7);
    for i in 0..cases() * 2 {
        let x = rng.f32();
        let n = if i % 2 == 0 {
            rng.next() as u32
        } else {
            (rng.next() as u32) >> rng.below(32)
        };
        for rm in Rm::ALL {
            macro_rules! cmp32 {
                ($name:literal, $ours:expr, $theirs:expr, $arg:expr) => {{
                    let (mut f1, mut f2) = (0, 0);
                    let r1 = $ours($arg, rm, &mut f1) as u32;
                    let r2 = $theirs($arg, rm, &mut f2) as u32;
                    report($name, $arg, rm, (r1, f1), (r2, f2));
                }};
            }
            cmp32!("f32_to_f16", f32_to_f16, sf::f32_to_f16, x);
            cmp32!("f32_to_i32", f32_to_i32, sf::f32_to_i32, x);
            cmp32!("f32_to_u32", f32_to_u32, sf::f32_to_u32, x);
            cmp32!("i32_to_f32", i32_to_f32, sf::i32_to_f32, n);
            cmp32!("u32_to_f32", u32_to_f32, sf::u32_to_f32, n);
            for exact in [false, true] {
                let (mut f1, mut f2) = (0, 0);
                let r1 = f32_round_to_int(x, rm, exact, &mut f1);
                let r2 = sf::f32_round_to_int(x, rm, exact, &mut f2);
                report("f32_round_to_int", x, rm, (r1, f1), (r2, f2));
            }
        }
    }
    assert_eq!(bad, 0);
}

#[test]
fn compare_vs_softfloat() {
    let mut rng = XorShiftStar::new(99);
    for i in 0..cases() {
        let a = rng.f32();
        let b = if i % 2 == 0 {
            rng.f32_near(a)
        } else {
            rng.f32()
        };
        // `swap`: the SoftFloat predicate is evaluated on (b, a).
        let q = |op, f: fn(u32, u32, &mut u8) -> bool, swap: bool| {
            let (mut f1, mut f2) = (0, 0);
            let r1 = f32_cmp(op, a, b, &mut f1);
            let r2 = if swap {
                f(b, a, &mut f2)
            } else {
                f(a, b, &mut f2)
            };
            assert_eq!((r1, f1), (r2, f2), "{op:?} {a:08x} {b:08x}");
        };
        q(CmpOp::Eq, sf::f32_eq, false);
        q(CmpOp::Lt, sf::f32_lt, false);
        q(CmpOp::Le, sf::f32_le, false);
        q(CmpOp::Gt, sf::f32_lt, true);
        q(CmpOp::Ge, sf::f32_le, true);
        // The "u" variants are the quiet negations.
        let (mut f1, mut f2) = (0, 0);
        assert_eq!(
            f32_cmp(CmpOp::Ltu, a, b, &mut f1),
            !sf::f32_le_quiet(b, a, &mut f2)
        );
        assert_eq!(
            f32_cmp(CmpOp::Geu, a, b, &mut f1),
            !sf::f32_lt_quiet(a, b, &mut f2)
        );
        assert_eq!(f1, f2);
        // binary16 predicates agree with binary32 on the widened operands.
        let (x, y) = (rng.f16(), rng.f16());
        let (mut g1, mut g2) = (0, 0);
        let mut none = 0;
        let (wx, wy) = (f16_to_f32(x, &mut none), f16_to_f32(y, &mut none));
        // Widening quiets sNaN: compare flags only for non-sNaN operands.
        for op in CmpOp::ALL {
            let r16 = f16_cmp(op, x, y, &mut g1);
            let r32 = f32_cmp(op, wx, wy, &mut g2);
            assert_eq!(r16, r32, "{op:?} {x:04x} {y:04x}");
        }
    }
}

#[test]
fn thread_safety() {
    // Many threads hammering the SoftFloat slow path with different modes must agree with a
    // single-threaded run.
    let inputs: Vec<(u32, u32, Rm)> = {
        let mut rng = XorShiftStar::new(3);
        (0..20_000)
            .map(|i| {
                (
                    rng.f32() | (0x7f80_0000 * ((i % 2) as u32)),
                    rng.f32(),
                    Rm::ALL[i % 5],
                )
            })
            .collect()
    };
    let expect: Vec<(u32, u8)> = inputs
        .iter()
        .map(|&(a, b, rm)| run32(|f| sf::f32_mul(a, b, rm, f)))
        .collect();
    std::thread::scope(|s| {
        for t in 0..4 {
            let inputs = &inputs;
            let expect = &expect;
            s.spawn(move || {
                for (i, &(a, b, rm)) in inputs.iter().enumerate().skip(t) {
                    assert_eq!(run32(|f| sf::f32_mul(a, b, rm, f)), expect[i]);
                }
            });
        }
    });
}

/// The pure-Rust dot2 against the SoftFloat composition (binary128 products and sum, final
/// addition rounded to odd, then one rounding to binary32).
#[test]
fn dot2_vs_softfloat() {
    let mut rng = XorShiftStar::new(0xd072);
    let mut bad = 0;
    for i in 0..cases() {
        let h = |r: &mut XorShiftStar| r.f16() as u32 | (r.f16() as u32) << 16;
        let (a, b) = (h(&mut rng), h(&mut rng));
        let c = if i % 3 == 0 {
            // Close to minus the products' sum: cancellation down to tiny results.
            let mut none = 0;
            let p = dot2_f32_f16(a, b, 0, Rm::Rne, &mut none);
            rng.f32_near(p ^ 0x8000_0000)
        } else {
            rng.f32()
        };
        for rm in Rm::ALL {
            let (mut f1, mut f2) = (0, 0);
            let r1 = dot2_f32_f16(a, b, c, rm, &mut f1);
            let r2 = sf::dot2_f32_f16(a, b, c, rm, &mut f2);
            if (r1, f1) != (r2, f2) {
                bad += 1;
                if bad < 10 {
                    eprintln!("dot2 {rm:?} {a:08x} {b:08x} {c:08x}: got {r1:08x}/{f1:02x} want {r2:08x}/{f2:02x}");
                }
            }
        }
    }
    assert_eq!(bad, 0);
}

/// fract against SoftFloat's floor (roundToInt, rdn) and subtraction in every mode.
#[test]
fn fract_vs_softfloat() {
    let mut rng = XorShiftStar::new(0xf4ac);
    for _ in 0..cases() {
        let x = rng.f32();
        for rm in Rm::ALL {
            let (mut f1, mut f2) = (0, 0);
            let r1 = f32_fract(x, rm, &mut f1);
            let fl = sf::f32_round_to_int(x, Rm::Rdn, false, &mut f2);
            let mut r2 = sf::f32_sub(x, fl, rm, &mut f2);
            if r2 == 0x3f80_0000 {
                r2 = 0x3f7f_ffff;
            }
            assert_eq!((r1, f1), (r2, f2), "{rm:?} {x:08x}");
        }
    }
}
