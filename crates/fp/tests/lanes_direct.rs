//! The direct binary32 kernels (`Kernels::f32_direct_given`, `Direct32`): when they
//! write, the destination holds the scalar functions' results in the active lanes and its
//! old value elsewhere, and no active lane raised a flag other than NX; when they decline,
//! nothing changed. The destination may be any source. Checked on every level this CPU
//! runs, every operation and mode they are offered for, every EXEC pattern.

#![allow(clippy::needless_range_loop)] // lanes index several arrays at once

mod common;
use common::{exec_patterns, levels, ref_f32, Rng};
use warpkit_fp::lanes::{ArithOp, DirectOperand, SimdLevel, LANES};
use warpkit_fp::{flags, Rm};

const RMS: [Rm; 5] = Rm::ALL;

/// A binary32 value: `ordinary` keeps to [1/4, 4) in magnitude (results are normal and
/// finite: the direct kernels must take every lane), otherwise edge-heavy (zeros,
/// subnormals, the normal and overflow limits, infinities, NaNs, random bits).
fn value(rng: &mut Rng, ordinary: bool) -> u32 {
    let sign = (rng.bit() as u32) << 31;
    let frac = rng.next() as u32 & 0x7f_ffff;
    if ordinary {
        return sign | (125 + rng.below(4) as u32) << 23 | frac;
    }
    sign | match rng.below(8) {
        0 => [
            0,
            1,
            0x7f_ffff,
            0x80_0000,
            0x7f7f_ffff,
            0x7f80_0000,
            0x7fc0_0000,
            0x7fa0_0000,
        ][rng.below(8) as usize],
        1 => frac,                                      // subnormal
        2 => (1 + rng.below(30) as u32) << 23 | frac,   // near the smallest normal
        3 => (220 + rng.below(34) as u32) << 23 | frac, // near overflow
        4 => rng.next() as u32 & 0x7fff_ffff,
        _ => (100 + rng.below(56) as u32) << 23 | frac,
    }
}

/// A register index of a four-register file, or a splat.
fn operand(rng: &mut Rng, ordinary: bool) -> DirectOperand {
    if rng.below(4) == 0 {
        DirectOperand::Splat(value(rng, ordinary))
    } else {
        DirectOperand::Reg(rng.below(4) as usize)
    }
}

fn lane(file: &[[u32; LANES]; 4], x: DirectOperand, i: usize) -> u32 {
    match x {
        DirectOperand::Reg(r) => file[r][i],
        DirectOperand::Splat(v) => v,
    }
}

#[test]
fn direct_kernels_write_the_scalar_results_or_nothing() {
    let mut rng = Rng(0x2f6b_1c3d_94e7_a501);
    let (mut written, mut declined) = (0u64, 0u64);
    for k in levels() {
        for op in ArithOp::ALL {
            for rm in RMS {
                let Some(direct) = k.f32_direct_given(op, rm, flags::NX) else {
                    continue;
                };
                for set in 0..300 {
                    let ordinary = set % 3 == 0;
                    for exec in exec_patterns(&mut rng) {
                        let file: [[u32; LANES]; 4] = std::array::from_fn(|_| {
                            std::array::from_fn(|_| value(&mut rng, ordinary))
                        });
                        let d = rng.below(4) as usize;
                        let (a, b, c) = (
                            operand(&mut rng, ordinary),
                            operand(&mut rng, ordinary),
                            operand(&mut rng, ordinary),
                        );
                        let mut want = file;
                        let mut others = 0u8;
                        for i in 0..LANES {
                            if exec >> i & 1 == 1 {
                                let x = (lane(&file, a, i), lane(&file, b, i), lane(&file, c, i));
                                let (r, fl) = ref_f32(op, x.0, x.1, x.2, rm);
                                want[d][i] = r;
                                others |= fl & !flags::NX;
                            }
                        }
                        let mut got = file;
                        let ctx = format!(
                            "{:?} {op:?} {rm:?} exec {exec:08x} d {d} a {a:?} b {b:?} c {c:?}",
                            k.level()
                        );
                        if direct.run(&mut got, d, a, b, c, exec) {
                            written += 1;
                            assert_eq!(others, 0, "{ctx}: wrote though a lane raises {others:#x}");
                            for r in 0..4 {
                                for i in 0..LANES {
                                    assert_eq!(
                                        got[r][i],
                                        want[r][i],
                                        "{ctx}: v{r} lane {i} (inputs {:08x} {:08x} {:08x})",
                                        lane(&file, a, i),
                                        lane(&file, b, i),
                                        lane(&file, c, i)
                                    );
                                }
                            }
                        } else {
                            declined += 1;
                            assert!(!ordinary, "{ctx}: declined ordinary operands");
                            assert_eq!(got, file, "{ctx}: declined but wrote");
                        }
                    }
                }
            }
        }
    }
    eprintln!("direct kernels: {written} written, {declined} declined");
}

#[test]
fn direct_kernels_are_offered_only_with_nx_and_without_mxcsr() {
    for k in levels() {
        for op in ArithOp::ALL {
            for rm in RMS {
                assert!(
                    k.f32_direct_given(op, rm, 0).is_none(),
                    "{op:?} {rm:?} without NX"
                );
                assert!(
                    k.f32_direct_given(op, rm, flags::NV | flags::DZ | flags::OF | flags::UF)
                        .is_none(),
                    "{op:?} {rm:?} without NX"
                );
                let offered = k.f32_direct_given(op, rm, flags::NX).is_some();
                let want = match k.level() {
                    SimdLevel::Soft => false,
                    SimdLevel::Avx2 => rm == Rm::Rne,
                    SimdLevel::Avx512 => rm != Rm::Rmm,
                };
                assert_eq!(offered, want, "{:?} {op:?} {rm:?}", k.level());
            }
        }
    }
}

#[test]
fn out_of_range_registers_write_nothing() {
    for k in levels() {
        let Some(direct) = k.f32_direct_given(ArithOp::Add, Rm::Rne, flags::NX) else {
            continue;
        };
        let file = [[0x3f80_0000u32; LANES]; 4];
        let mut got = file;
        assert!(!direct.run(
            &mut got,
            4,
            DirectOperand::Reg(0),
            DirectOperand::Reg(1),
            DirectOperand::Reg(2),
            !0
        ));
        assert!(!direct.run(
            &mut got,
            0,
            DirectOperand::Reg(4),
            DirectOperand::Reg(1),
            DirectOperand::Reg(2),
            !0
        ));
        assert!(!direct.run(
            &mut got,
            0,
            DirectOperand::Reg(0),
            DirectOperand::Reg(9),
            DirectOperand::Reg(2),
            !0
        ));
        assert!(!direct.run(
            &mut got,
            0,
            DirectOperand::Reg(0),
            DirectOperand::Reg(1),
            DirectOperand::Reg(5),
            !0
        ));
        assert_eq!(got, file);
        assert!(direct.run(
            &mut got,
            0,
            DirectOperand::Reg(0),
            DirectOperand::Splat(0x3f80_0000),
            DirectOperand::Reg(3),
            !0
        ));
        assert_eq!(got[0], [0x4000_0000; LANES], "1 + 1");
    }
}
