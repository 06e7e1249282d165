//! §6.2 machine behaviour around the arithmetic: per-lane values under EXEC, flags only from
//! active lanes, sticky FFLAGS, compare masks, half-register writes, every §6.2 variant having
//! semantics, and random §6.2 instructions never panicking.
#![allow(clippy::needless_range_loop)]

mod common;
use common::*;
use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_isa::{InsnId, INSNS};
use warpkit_sim::{has_semantics, FaultCause, FaultReason, Mode, Program, StepResult, Warp};

const NX: u8 = 1;
const OF: u8 = 4;
const NV: u8 = 16;
const SNAN: u32 = 0x7f80_0001;

fn f(x: f32) -> u32 {
    x.to_bits()
}

#[test]
fn every_6_2_variant_has_semantics() {
    let mut n = 0;
    for d in INSNS.iter().filter(|d| d.group_desc().chapter == "6.2") {
        assert!(has_semantics(d.id), "{} has no semantics", d.mnemonic);
        n += 1;
    }
    assert!(n > 0, "the table has no §6.2 rows");
}

#[test]
fn per_lane_values_and_exec_masking() {
    // v1 = v2 + v3 with lane i: i + 0.5 (exact, representable).
    let mut w = Warp::new();
    for l in 0..32 {
        w.vregs_mut()[2][l] = f(l as f32);
        w.vregs_mut()[3][l] = f(0.5);
        w.vregs_mut()[1][l] = 0xdead_0000 | l as u32;
    }
    // Inactive lanes hold operands that would raise every flag.
    let exec = 0x5555_5555;
    for l in (0..32).filter(|l| exec >> l & 1 == 0) {
        w.vregs_mut()[2][l] = if l % 4 == 1 { SNAN } else { 0x7f7f_ffff };
        w.vregs_mut()[3][l] = if l % 4 == 1 { 0x3f80_0000 } else { 0x7f7f_ffff };
    }
    w.set_exec(exec);
    let w2 = run1(&mk("fadd.f32", 1, 2, 3, 0, 0), &w);
    for l in 0..32 {
        let want = if exec >> l & 1 == 1 {
            f(l as f32 + 0.5)
        } else {
            0xdead_0000 | l as u32
        };
        assert_eq!(w2.vregs()[1][l], want, "lane {l}");
    }
    assert_eq!(w2.fflags(), 0);
    // The same with an explicit rm and modifiers (slow path), and FMA.
    let mut i = mk("fadd.f32.m", 1, 2, 3, 0, 0);
    i.rm = 0;
    let w3 = run1(&i, &w);
    assert_eq!(w3.vregs()[1], w2.vregs()[1]);
    assert_eq!(w3.fflags(), 0);
    let mut i = mk("ffma.f32", 1, 2, 3, 3, 0);
    i.rm = 1;
    let w4 = run1(&i, &w);
    for l in 0..32 {
        let want = if exec >> l & 1 == 1 {
            f(l as f32 * 0.5 + 0.5)
        } else {
            0xdead_0000 | l as u32
        };
        assert_eq!(w4.vregs()[1][l], want, "lane {l}");
    }
    assert_eq!(w4.fflags(), 0);
    // Activating one overflowing lane raises OF|NX, one sNaN lane NV.
    w.set_exec(exec | 1 << 3);
    assert_eq!(run1(&mk("fadd.f32", 1, 2, 3, 0, 0), &w).fflags(), OF | NX);
    w.set_exec(exec | 1 << 1);
    assert_eq!(run1(&mk("fadd.f32", 1, 2, 3, 0, 0), &w).fflags(), NV);
}

#[test]
fn fflags_are_sticky_and_ored() {
    let mut w = Warp::new();
    w.set_fflags(OF).unwrap();
    w.vregs_mut()[2] = [f(1.0); 32];
    w.vregs_mut()[3] = [f(3.0); 32];
    // Exact: flags unchanged.
    let w2 = run1(&mk("fmul.f32", 1, 2, 3, 0, 0), &w);
    assert_eq!(w2.fflags(), OF);
    assert_eq!(w2.vregs()[1], [f(3.0); 32]);
    // 1/3 is not available as an instruction; 1.0 * 2^-24 + 1.0 via fmac: NX added.
    let mut w = w2;
    w.set_pc(0);
    w.vregs_mut()[1] = [f(1.0); 32];
    w.vregs_mut()[3] = [0x3380_0000; 32];
    let w3 = run1(&mk("fmac.f32", 1, 2, 3, 0, 0), &w);
    assert_eq!(w3.fflags(), OF | NX);
    assert_eq!(w3.vregs()[1], [f(1.0); 32]);
}

#[test]
fn zero_exec_changes_nothing() {
    let mut w = Warp::new();
    for r in 0..8 {
        w.vregs_mut()[r] = [SNAN; 32];
    }
    w.uregs_mut()[1] = 0x1234;
    w.set_exec(0);
    for m in [
        "fadd.f32",
        "fmin.f32",
        "pkadd.f16",
        "fcvt.i32.f32",
        "fsat.f32",
    ] {
        let i = mk(m, 1, 2, 3, 0, 0);
        let w2 = run1(&i, &w);
        assert_eq!(w2.vregs(), w.vregs(), "{m}");
        assert_eq!(w2.fflags(), 0, "{m}");
    }
    // Compares write 0 and raise nothing even for signalling NaNs.
    for m in ["cmp.lt.f32", "cmp.u.f32", "cmp.lt.f16", "cmp.class.f32"] {
        let w2 = run1(&mk(m, 1, 4, 6, 0, 0), &w);
        assert_eq!(w2.uregs()[1], 0, "{m}");
        assert_eq!(w2.fflags(), 0, "{m}");
    }
}

#[test]
fn compare_masks_per_lane() {
    let mut w = Warp::new();
    for l in 0..32 {
        w.vregs_mut()[2][l] = f(l as f32);
        // binary16 lane values in the high half of v4: l as f16 (exact for small ints).
        let h = match l {
            0 => 0u32,
            _ => {
                let e = 31 - (l as u32).leading_zeros(); // floor(log2 l)
                let m = ((l as u32) << (10 - e)) & 0x3ff;
                (e + 15) << 10 | m
            }
        };
        w.vregs_mut()[4][l] = h << 16 | 0x7d01;
    }
    w.vregs_mut()[3] = [f(16.0); 32];
    w.vregs_mut()[5] = [0x4c00 | 0x7d01 << 16; 32]; // 16.0 in .l, sNaN in .h
    w.uregs_mut()[3] = f(16.0);
    w.set_exec(0x0f0f_0f0f);
    let w2 = run1(&mk("cmp.lt.f32", 1, 2, 3, 0, 0), &w);
    assert_eq!(w2.uregs()[1], 0x0000_0f0f);
    let w2 = run1(&mk("cmp.ge.f32.vu", 1, 2, 3, 0, 0), &w);
    assert_eq!(w2.uregs()[1], 0x0f0f_0000);
    // f16: v4.h (= 2*4+1) < v5.l (= 2*5)
    let w2 = run1(&mk("cmp.lt.f16", 1, 9, 10, 0, 0), &w);
    assert_eq!(w2.uregs()[1], 0x0000_0f0f);
    assert_eq!(w2.fflags(), 0);
    // Reading the sNaN halves instead: a signalling compare raises NV, result 0.
    let w2 = run1(&mk("cmp.lt.f16", 1, 8, 10, 0, 0), &w);
    assert_eq!((w2.uregs()[1], w2.fflags()), (0, NV));
    // A NaN only in inactive lanes raises nothing.
    let mut w3 = w.clone();
    for l in (0..32).filter(|l| 0x0f0f_0f0f >> l & 1 == 0) {
        w3.vregs_mut()[2][l] = SNAN;
    }
    let w4 = run1(&mk("cmp.lt.f32", 1, 2, 3, 0, 0), &w3);
    assert_eq!((w4.uregs()[1], w4.fflags()), (0x0000_0f0f, 0));
    let w4 = run1(&mk("flt.f32", 1, 2, 3, 0, 0), &w3);
    assert_eq!(w4.fflags(), 0);
}

#[test]
fn half_register_writes_keep_the_other_half() {
    // v2 = {h: 2.0, l: 1.5}, v3 = {h: 0.5, l: 2.25}; v1 = 0x1111_2222.
    let mut w = Warp::new();
    w.vregs_mut()[1] = [0x1111_2222; 32];
    w.vregs_mut()[2] = [0x4000_3e00; 32];
    w.vregs_mut()[3] = [0x3800_4080; 32];
    let cases = [
        // (rd, rs1, rs2, result)
        (2u8, 4u8, 6u8, 0x1111_4380u32), // v1.l = 1.5 + 2.25
        (3, 4, 6, 0x4380_2222),          // v1.h = 1.5 + 2.25
        (2, 5, 7, 0x1111_4100),          // v1.l = 2.0 + 0.5 = 2.5
        (3, 5, 6, 0x4440_2222),          // v1.h = 2.0 + 2.25 = 4.25
    ];
    for (rd, a, b, want) in cases {
        let w2 = run1(&mk("fadd.f16", rd, a, b, 0, 0), &w);
        assert_eq!(w2.vregs()[1], [want; 32], "rd {rd} rs1 {a} rs2 {b}");
    }
    // In place: v2.h = v2.l + v2.h = 3.5 (0x4300), v2.l kept.
    let w2 = run1(&mk("fadd.f16", 5, 4, 5, 0, 0), &w);
    assert_eq!(w2.vregs()[2], [0x4300_3e00; 32]);
    // Partial EXEC: inactive lanes keep both halves.
    w.set_exec(0xffff_0000);
    let w2 = run1(&mk("mov.b16", 3, 4, 0, 0, 0), &w);
    for l in 0..32 {
        let want = if l >= 16 { 0x3e00_2222 } else { 0x1111_2222 };
        assert_eq!(w2.vregs()[1][l], want);
    }
    // fcvt.f16.f32.lo/hi keep the other half too.
    let mut w = Warp::new();
    w.vregs_mut()[1] = [0x1111_2222; 32];
    w.vregs_mut()[2] = [f(-1.0); 32];
    assert_eq!(
        run1(&mk("fcvt.f16.f32.lo", 1, 2, 0, 0, 0), &w).vregs()[1],
        [0x1111_bc00; 32]
    );
    assert_eq!(
        run1(&mk("fcvt.f16.f32.hi", 1, 2, 0, 0, 0), &w).vregs()[1],
        [0xbc00_2222; 32]
    );
}

#[test]
fn mode_is_resolved_per_instruction() {
    // fadd.f32 with MODE.rm = rup/rdn; binary16 work ignores MODE.rm.
    let mut w = Warp::new();
    w.vregs_mut()[2] = [f(1.0); 32];
    w.vregs_mut()[3] = [0x3380_0000; 32]; // 2^-24
    for (rm, want) in [
        (0u8, 0x3f80_0000u32),
        (1, 0x3f80_0000),
        (2, 0x3f80_0000),
        (3, 0x3f80_0001),
        (4, 0x3f80_0001),
    ] {
        w.set_mode(Mode { rm, rm16: 0 }).unwrap();
        let w2 = run1(&mk("fadd.f32", 1, 2, 3, 0, 0), &w);
        assert_eq!((w2.vregs()[1][0], w2.fflags()), (want, NX), "rm {rm}");
        let w2 = run1(&mk("fmac.f32.vl", 1, 2, 0, 0, 0x3380_0000), &{
            let mut x = w.clone();
            x.vregs_mut()[1] = [f(1.0); 32];
            x
        });
        assert_eq!((w2.vregs()[1][0], w2.fflags()), (want, NX), "fmac rm {rm}");
    }
}

fn busy_warp(seed: u32) -> Warp {
    let pool = [
        0u32,
        0x8000_0000,
        0x3f80_0000,
        0xbf80_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x7f80_0001,
        0x0000_0001,
        0x7f7f_ffff,
        0x7d01_3c00,
        0x7c00_fc00,
        0x0001_8001,
        0xffff_ffff,
    ];
    let mut w = Warp::new();
    let mut x = seed | 1;
    for r in 0..128 {
        for l in 0..32 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            w.vregs_mut()[r][l] = if x & 1 == 0 {
                pool[(x >> 1) as usize % pool.len()]
            } else {
                x
            };
        }
    }
    for r in 0..64 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        w.uregs_mut()[r] = x;
    }
    w.set_exec(x);
    w.set_mode(Mode {
        rm: (seed % 5) as u8,
        rm16: (seed / 5 % 5) as u8,
    })
    .unwrap();
    w
}

#[test]
fn random_6_2_instructions_never_panic() {
    let ids: Vec<InsnId> = INSNS
        .iter()
        .filter(|d| d.group_desc().chapter == "6.2")
        .map(|d| d.id)
        .collect();
    let mut rng = XorShift::new(0x6_2);
    for k in 0..30_000u32 {
        let i = random_inst(ids[k as usize % ids.len()], &mut rng);
        let mut w = busy_warp(k);
        w.set_vgprs(1 + (k * 37) % 128).unwrap();
        let before = w.clone();
        let p = Program::new(&code(&[i]));
        match w.step(&p) {
            StepResult::Running => {
                assert_eq!(w.exec(), before.exec());
                assert_eq!(w.fflags() & !before.fflags() & !0x1f, 0);
            }
            StepResult::Faulted(f) => {
                assert_eq!(f.cause, FaultCause::IllegalInsn);
                assert!(matches!(f.reason, FaultReason::VgprLimit { .. }), "{f}");
                assert_eq!(w, before);
            }
            StepResult::Exited => panic!("exited before executing"),
        }
    }
}

/// Host binary32 arithmetic (IEEE, round-to-nearest-even, subnormals kept) as an independent
/// oracle for the RNE results of add/sub/mul/fma and int-to-float conversions, on random
/// lanes biased towards subnormals, boundaries and specials (NaN results compared as the
/// canonical NaN).
#[test]
fn rne_results_match_host_arithmetic() {
    fn canon(x: f32) -> u32 {
        if x.is_nan() {
            0x7fc0_0000
        } else {
            x.to_bits()
        }
    }
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let r = x as u32;
        match (x >> 40) % 8 {
            0 => r & 0x807f_ffff,
            1 => (r & 0x80ff_ffff) | 0x0080_0000,
            2 => (r & 0x80ff_ffff) | 0x7e80_0000,
            3 => (r & 0x8000_000f) | 0x3f80_0000,
            4 => [
                0,
                0x8000_0000,
                0x7f80_0000,
                0xff80_0000,
                0x7fc0_0000,
                0x7f7f_ffff,
            ][r as usize % 6],
            _ => r,
        }
    };
    type HostOp = fn(f32, f32, f32) -> f32;
    let ops: [(&str, HostOp); 6] = [
        ("fadd.f32", |a, b, _| a + b),
        ("fsub.f32", |a, b, _| a - b),
        ("fmul.f32", |a, b, _| a * b),
        ("fmac.f32", |a, b, d| a.mul_add(b, d)),
        ("ffma.f32", |a, b, c| a.mul_add(b, c)),
        ("fsubr.f32.vu", |a, b, _| b - a),
    ];
    for round in 0..400 {
        let mut w = Warp::new();
        for r in 1..=4 {
            for l in 0..32 {
                w.vregs_mut()[r][l] = next();
            }
        }
        w.uregs_mut()[3] = next();
        for (m, host) in ops {
            let i = mk(m, 1, 2, 3, 4, 0);
            let w2 = run1(&i, &w);
            for l in 0..32 {
                let a = f32::from_bits(w.vregs()[2][l]);
                let b = f32::from_bits(if m.ends_with(".vu") {
                    w.uregs()[3]
                } else {
                    w.vregs()[3][l]
                });
                let c = f32::from_bits(if m == "ffma.f32" {
                    w.vregs()[4][l]
                } else {
                    w.vregs()[1][l]
                });
                let want = canon(host(a, b, c));
                assert_eq!(
                    w2.vregs()[1][l],
                    want,
                    "{m} round {round} lane {l}: {:08x} {:08x} {:08x}",
                    a.to_bits(),
                    b.to_bits(),
                    c.to_bits()
                );
            }
        }
        let w2 = run1(&mk("fcvt.f32.i32", 1, 2, 0, 0, 0), &w);
        let w3 = run1(&mk("fcvt.f32.u32", 1, 2, 0, 0, 0), &w);
        for l in 0..32 {
            let v = w.vregs()[2][l];
            assert_eq!(w2.vregs()[1][l], (v as i32 as f32).to_bits(), "i32 {v:08x}");
            assert_eq!(w3.vregs()[1][l], (v as f32).to_bits(), "u32 {v:08x}");
        }
    }
}
