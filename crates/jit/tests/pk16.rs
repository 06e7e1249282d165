//! Packed binary16 arithmetic (`pkadd.f16 pksub.f16 pkmul.f16 pkfmac.f16 pkfma.f16`)
//! compiled, against the interpreter, in every rounding mode (fields and MODE.rm16), on
//! inputs built to be hard: exact ties, and near ties whose distance from the midpoint is
//! below binary32's precision (where rounding to binary32 first and then to binary16
//! would round twice), subnormal addends and results, the largest finite value, NaN and
//! infinities. Every register, EXEC, FFLAGS and the step count must agree; on inputs that
//! raise no flag but NX the block must run without a side exit.

mod common;

use warpkit_encoding::random::XorShift;
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::id;
use warpkit_jit::Jit;
use warpkit_sim::{Mode, Program, RunEngine, RunStatus, Warp, LANES};

/// A first instruction the interpreter runs while the tier warms up (hot = 1), then every
/// packed binary16 arithmetic form, each into its own register from v0 (a), v1 (b) and
/// v2 (c): `pkfma.f16` with each rm field (rne, rtz, rdn, rup, dyn, and rmm last), then
/// the scalar binary16 rows on halves of the same registers.
fn program() -> (Vec<u8>, usize) {
    encoded(&insts())
}

/// The instructions of [`program`]: its first 13 are the packed rows.
fn insts() -> Vec<Inst> {
    let i = |v, rd: u8, rs1: u8, rs2: u8, rs3: u8, rm: u8| {
        let mut x = Inst::new(v);
        (x.rd, x.rs1, x.rs2, x.rs3, x.rm) = (rd, rs1, rs2, rs3, rm);
        x
    };
    let insts = [
        i(id::UADDI, 50, 50, 0, 0, 0),
        i(id::PKFMA_F16, 3, 0, 1, 2, 0),
        i(id::PKFMA_F16, 4, 0, 1, 2, 1),
        i(id::PKFMA_F16, 5, 0, 1, 2, 2),
        i(id::PKFMA_F16, 6, 0, 1, 2, 3),
        i(id::PKFMA_F16, 7, 0, 1, 2, 7),
        i(id::PKADD_F16, 8, 0, 2, 0, 0),
        i(id::PKSUB_F16, 9, 0, 2, 0, 0),
        i(id::PKMUL_F16, 10, 0, 1, 0, 0),
        i(id::MOV, 11, 2, 0, 0, 0),
        i(id::PKFMAC_F16, 11, 0, 1, 0, 0),
        i(id::PKSUB_F16, 12, 2, 0, 0, 0),
        i(id::PKFMA_F16, 13, 0, 1, 2, 4),
        // Scalar rows on `h` register slots (2n + half): the sources' halves moved to
        // the other half, or kept; one half of the destination written.
        i(id::FFMA_F16, 2 * 14 + 1, 0, 2, 4, 0),
        i(id::FADD_F16, 2 * 15, 1, 5, 0, 7),
        i(id::FSUB_F16, 2 * 15 + 1, 1, 5, 0, 2),
        i(id::FMUL_F16, 2 * 16, 0, 2, 0, 3),
        i(id::FFMA_F16, 2 * 16 + 1, 1, 3, 5, 4),
        i(id::FFMA_F16, 2 * 17, 0, 2, 4, 7),
    ];
    insts.to_vec()
}

/// `insts` encoded, and their number.
fn encoded(insts: &[Inst]) -> (Vec<u8>, usize) {
    let mut code = Vec::new();
    for x in insts {
        encode_into(x, &mut code);
    }
    (code, insts.len())
}

/// The binary16 encoding of `v`, which must be representable.
fn enc16(v: f64) -> u16 {
    let s = if v.is_sign_negative() { 0x8000 } else { 0 };
    let x = v.abs();
    if x == 0.0 {
        return s;
    }
    let (e, m) = if x >= 2f64.powi(-14) {
        let e = x.log2().floor() as i32;
        (e + 15, (x / 2f64.powi(e) - 1.0) * 1024.0)
    } else {
        (0, x / 2f64.powi(-24))
    };
    assert_eq!(m, m.trunc(), "{v} is not a binary16 number");
    s | (e as u16) << 10 | m as u16
}

/// A normal binary16 number of either sign with exponent in [e0, e0 + span).
fn normal16(rng: &mut XorShift, e0: i32, span: u64) -> f64 {
    let e = e0 + rng.below(span) as i32;
    let m = 1.0 + rng.below(1024) as f64 / 1024.0;
    let s = if rng.below(2) == 0 { 1.0 } else { -1.0 };
    s * m * 2f64.powi(e)
}

/// One half-lane's (a, b, c): clean (no flag but NX from any form of the program) or not.
fn case(rng: &mut XorShift, clean: bool) -> (u16, u16, u16) {
    let sign = |rng: &mut XorShift| if rng.below(2) == 0 { 1.0 } else { -1.0 };
    match rng.below(if clean { 3 } else { 6 }) {
        // x * 1 + (half an ulp of x, or just off it by 2^-j of itself).
        0 => {
            let x = normal16(rng, -4, 9);
            let e = x.abs().log2().floor() as i32;
            let k = [0.0, 0.0, 1.0, -1.0][rng.below(4) as usize];
            let j = 1 + rng.below(9) as i32;
            let c = sign(rng) * 2f64.powi(e - 11) * (1.0 + k * 2f64.powi(-j));
            (enc16(x), enc16(1.0), enc16(c))
        }
        // (1 + 2^-p)(1 + 2^-q) with p + q = 11: a product that is a binary16 tie, scaled
        // up to 2^14; plus a tiny addend of either sign (down to 2^-24, far below
        // binary32's precision at the product's magnitude) or none.
        1 => {
            let p = 1 + rng.below(10) as i32;
            let (sa, sb) = (rng.below(8) as i32, rng.below(7) as i32);
            let a = sign(rng) * 2f64.powi(sa) * (1.0 + 2f64.powi(-p));
            let b = 2f64.powi(sb) * (1.0 + 2f64.powi(p - 11));
            let c = match rng.below(3) {
                0 => 0.0,
                _ => sign(rng) * 2f64.powi(-(rng.below(25) as i32)),
            };
            (enc16(a), enc16(b), enc16(c))
        }
        // Products and sums of random normal numbers that stay in range (no
        // cancellation in the fma: a, b of the same sign, c positive).
        2 => {
            let a = normal16(rng, -3, 6);
            let b = normal16(rng, -3, 6).abs() * a.signum();
            (enc16(a), enc16(b), enc16(normal16(rng, -3, 6).abs()))
        }
        // Subnormals, the smallest normal, zeros.
        3 => {
            let pick = |rng: &mut XorShift| {
                [0x0001u16, 0x03ff, 0x0400, 0x0401, 0, 0x0200][rng.below(6) as usize]
                    | (rng.below(2) as u16) << 15
            };
            (pick(rng), enc16(normal16(rng, -2, 4)), pick(rng))
        }
        // The largest finite value, with ties above it.
        4 => {
            let x = (0x7bff - rng.below(2) as u16) | ((rng.below(2) as u16) << 15);
            (x, enc16(1.0), enc16(16.0) | (rng.below(2) as u16) << 15)
        }
        // NaN (quiet, signalling, payloads) and infinities.
        _ => {
            let sp = [0x7e00u16, 0x7c01, 0x7c00, 0xffff, 0xfc00];
            let pick = |rng: &mut XorShift| sp[rng.below(5) as usize];
            (pick(rng), enc16(normal16(rng, -2, 4)), pick(rng))
        }
    }
}

fn warp(rng: &mut XorShift, clean: bool) -> Warp {
    let mut w = Warp::new();
    for l in 0..LANES {
        let (a0, b0, c0) = case(rng, clean);
        let (a1, b1, c1) = case(rng, clean);
        w.vregs_mut()[0][l] = a0 as u32 | (a1 as u32) << 16;
        w.vregs_mut()[1][l] = b0 as u32 | (b1 as u32) << 16;
        w.vregs_mut()[2][l] = c0 as u32 | (c1 as u32) << 16;
    }
    let rm16 = rng.below(5) as u8;
    w.set_mode(Mode { rm: 0, rm16 }).unwrap();
    w.set_fflags(1).unwrap();
    if rng.below(3) == 0 {
        w.set_exec(rng.next_u64() as u32);
    }
    w
}

#[test]
fn packed_binary16_matches_the_interpreter() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    let (code, n) = program();
    let p = Program::new(&code);
    let mut rng = XorShift::new(16);
    for clean in [true, false] {
        // One tier per MODE.rm16 (a block is compiled for the mode it first meets).
        let jits: Vec<_> = (0..5)
            .map(|_| Jit::with_options(&p, 1 << 24, 1).unwrap())
            .collect();
        for k in 0..600 {
            let w0 = warp(&mut rng, clean);
            let jit = &jits[w0.mode().rm16 as usize];
            let (mut a, mut b) = (w0.clone(), w0.clone());
            let oa = a.interpret(&p, u64::MAX);
            let ob = jit.run(&mut b, &p, u64::MAX);
            assert_eq!(oa.status, RunStatus::Exited);
            assert_eq!(oa, ob, "warp {k} clean {clean}");
            for r in 3..18 {
                for l in 0..LANES {
                    assert_eq!(
                        a.vregs()[r][l],
                        b.vregs()[r][l],
                        "warp {k} clean {clean} rm16 {}: v{r} lane {l}: {:08x} {:08x} {:08x}",
                        w0.mode().rm16,
                        w0.vregs()[0][l],
                        w0.vregs()[1][l],
                        w0.vregs()[2][l]
                    );
                }
            }
            assert_eq!(a, b, "warp {k} clean {clean}");
        }
        for (rm16, jit) in jits.iter().enumerate() {
            let s = jit.stats();
            if clean {
                // Every item compiled, none side-exited (the warm-up instruction is the
                // only one interpreted).
                assert_eq!(s.side_exits, 0, "rm16 {rm16}: {s}");
                assert!(s.fallbacks.is_empty(), "rm16 {rm16}: {s}");
                assert!(s.compiled_steps > 50 * n as u64, "rm16 {rm16}: {s}");
                assert!(s.interpreted_steps <= 1, "rm16 {rm16}: {s}");
            } else {
                assert!(s.side_exits > 0, "rm16 {rm16}: {s}");
            }
        }
    }
}

/// Random straight runs of the packed and scalar binary16 and binary32 FP forms the tier
/// compiles
/// (any registers of v0..v7 or halves of v0..v3, so destinations alias sources; any rm
/// field, reserved ones included; modifiers now and then), with integer moves between them, looped a random number of times, from
/// random warps (binary16 corner values in both halves, EXEC, MODE.rm / rm16 including
/// rmm, FFLAGS with and without NX), run in slices of random step limits: the tier and the
/// interpreter must agree on everything.
#[test]
fn random_fp_runs_agree() {
    use warpkit_encoding::random::random_inst;
    if !warpkit_jit::supported() {
        return;
    }
    const VARIANTS: &[warpkit_isa::InsnId] = &[
        id::PKADD_F16,
        id::PKSUB_F16,
        id::PKMUL_F16,
        id::PKFMAC_F16,
        id::PKFMA_F16,
        id::PKFMA_F16,
        id::FADD_F16,
        id::FSUB_F16,
        id::FMUL_F16,
        id::FFMA_F16,
        id::FFMA_F32,
        id::FMUL_F32,
        id::FADD_F32,
        id::MOV,
        id::XOR,
    ];
    let corner = |rng: &mut XorShift| -> u32 {
        let s = (rng.below(2) as u32) << 15;
        s | match rng.below(10) {
            0 => 0x7e00,
            1 => 0x7c00,
            2 => 0x7bff,
            3 => 0x0400,
            4 => rng.below(0x400) as u32,
            5 => 0,
            6 => 0x7c01 + rng.below(0x1ff) as u32,
            _ => 0x3400 + rng.below(0x1000) as u32,
        }
    };
    let mut compiled = 0;
    for seed in 0..1000u64 {
        let mut rng = XorShift::new(seed);
        let n = 1 + rng.below(12) as usize;
        let mut insts: Vec<Inst> = (0..n)
            .map(|_| {
                let v = VARIANTS[rng.below(VARIANTS.len() as u64) as usize];
                let mut i = random_inst(v, &mut rng);
                (i.rd, i.rs1, i.rs2, i.rs3) = (i.rd % 8, i.rs1 % 8, i.rs2 % 8, i.rs3 % 8);
                if rng.below(4) != 0 {
                    // Mostly without modifiers (which the tier leaves to the interpreter).
                    (i.neg, i.abs, i.sat) = (0, 0, 0);
                }
                i
            })
            .collect();
        // u60 += 1; u61 = u60 < u62; bnz u61 back to the start.
        insts.extend(common::loop_tail());
        let mut code = Vec::new();
        for i in &insts[..insts.len() - 1] {
            encode_into(i, &mut code);
        }
        let last = insts.len() - 1;
        insts[last].imm = -(code.len() as i32);
        encode_into(&insts[last], &mut code);
        let p = Program::new(&code);
        let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
        for _ in 0..3 {
            let mut w = Warp::new();
            for r in 0..8 {
                for l in 0..LANES {
                    w.vregs_mut()[r][l] = corner(&mut rng) | corner(&mut rng) << 16;
                }
            }
            w.uregs_mut()[62] = rng.below(20) as u32;
            w.set_mode(Mode {
                rm: rng.below(5) as u8,
                rm16: rng.below(5) as u8,
            })
            .unwrap();
            w.set_fflags(if rng.below(4) == 0 { 0 } else { 1 }).unwrap();
            if rng.below(3) == 0 {
                w.set_exec(rng.next_u64() as u32);
            }
            let (mut a, mut b) = (w.clone(), w);
            for _ in 0..3 {
                let max = rng.below(200);
                assert_eq!(
                    a.interpret(&p, max),
                    jit.run(&mut b, &p, max),
                    "seed {seed}"
                );
                assert_eq!(a, b, "seed {seed}");
            }
        }
        compiled += jit.stats().compiled_steps;
    }
    // Measured: about 31,000 (corner values send many items to the interpreter).
    assert!(
        compiled > 15_000,
        "{compiled} instructions retired compiled"
    );
}

/// The range check of both halves of a packed row in one compare: lanes outside EXEC never
/// take the side exit whatever they hold (NaN, infinities, overflowing and subnormal
/// results), and one active lane's one binary16 half outside the range, in either zmm
/// half of the warp, always does; the tier and the interpreter agree either way.
#[test]
fn only_active_halves_take_the_side_exit() {
    if !warpkit_jit::supported() {
        return;
    }
    // The packed rows only (a scalar row reading a NaN half would side-exit itself).
    let (code, _) = encoded(&insts()[..13]);
    let p = Program::new(&code);
    let mut rng = XorShift::new(34);
    for rm16 in 0..5u8 {
        for k in 0..40 {
            // Clean active lanes, lanes outside EXEC from the cases that raise flags.
            let mut w = warp(&mut rng, true);
            w.set_mode(Mode { rm: 0, rm16 }).unwrap();
            let exec = (rng.next_u64() as u32) | 1 | 1 << 16;
            w.set_exec(exec);
            for l in (0..LANES).filter(|&l| exec >> l & 1 == 0) {
                for r in 0..3 {
                    w.vregs_mut()[r][l] = 0x7c00_7e00 ^ (l as u32) << 31;
                }
                w.vregs_mut()[0][l] = 0x7bff_0001;
            }
            let run = |w: &Warp| {
                let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
                let (mut a, mut b) = (w.clone(), w.clone());
                assert_eq!(a.interpret(&p, u64::MAX), jit.run(&mut b, &p, u64::MAX));
                assert_eq!(a, b, "rm16 {rm16} warp {k}");
                jit.stats().side_exits
            };
            assert_eq!(
                run(&w),
                0,
                "rm16 {rm16} warp {k}: an inactive lane side-exited"
            );
            // One active lane (of the first or second zmm), one half: a NaN addend.
            let l = if k % 2 == 0 { 0 } else { 16 } + rng.below(16) as usize;
            let l = if exec >> l & 1 == 1 { l } else { l & 16 };
            let shift = 16 * (k / 2 % 2);
            w.vregs_mut()[2][l] = w.vregs()[2][l] & !(0xffff << shift) | 0x7e00 << shift;
            assert!(
                run(&w) > 0,
                "rm16 {rm16} warp {k}: lane {l} did not side-exit"
            );
        }
    }
}
