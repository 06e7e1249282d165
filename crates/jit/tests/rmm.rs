//! Binary32 add/sub/mul/fma rounded to nearest, ties away from zero (`rm:rmm`, and MODE.rm
//! = rmm), compiled, against the interpreter on inputs built to be hard: exact ties, near
//! ties (a tiny addend of either sign above or below the midpoint), ties where the even
//! neighbour is the one away from zero, binade edges, the smallest normal and subnormals,
//! the largest finite value, NaN and infinities. Every lane of every register, EXEC,
//! FFLAGS and the step count must agree; on inputs that raise no flag but NX the block
//! must run without a side exit (so the compiled code, not the interpreter, is what is
//! compared).

use warpkit_encoding::random::XorShift;
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::id;
use warpkit_jit::Jit;
use warpkit_sim::{Mode, Program, RunEngine, RunStatus, Warp, LANES};

/// 2^-24: half an ulp of [1, 2).
const HALF_ULP_1: u32 = 0x3380_0000;

/// The straight run compiled: every binary32 arithmetic form that rounds, each writing its
/// own register from v0 (a), v1 (b), v2 (c), u0 (an addend), u1 (a factor) and an
/// immediate. A first instruction
/// the interpreter runs while the tier warms up (hot = 1).
fn program() -> (Vec<u8>, usize) {
    let i = |v, rd: u8, rs1: u8, rs2: u8, rs3: u8, rm: u8, imm: u32| {
        let mut x = Inst::new(v);
        (x.rd, x.rs1, x.rs2, x.rs3, x.rm, x.imm) = (rd, rs1, rs2, rs3, rm, imm as i32);
        x
    };
    let insts = [
        i(id::UADDI, 50, 50, 0, 0, 0, 0),
        i(id::FFMA_F32, 3, 0, 1, 2, 4, 0),
        i(id::FFMA_F32, 4, 0, 1, 2, 7, 0),
        i(id::FADD_F32, 5, 0, 2, 0, 7, 0),
        i(id::FSUB_F32, 6, 0, 2, 0, 7, 0),
        i(id::FMUL_F32, 7, 0, 1, 0, 7, 0),
        i(id::FADD_F32_M, 8, 0, 2, 0, 4, 0),
        i(id::FMUL_F32_M, 9, 0, 1, 0, 4, 0),
        i(id::MOV, 10, 2, 0, 0, 0, 0),
        i(id::FMAC_F32, 10, 0, 1, 0, 7, 0),
        i(id::FADD_F32_VU, 11, 0, 0, 0, 7, 0),
        i(id::FMUL_F32_VU, 12, 0, 1, 0, 7, 0),
        i(id::FADD_F32_VL, 13, 0, 0, 0, 7, HALF_ULP_1),
        i(id::FSUBR_F32_VL, 14, 0, 0, 0, 7, 0xb380_0000),
        i(id::MOV, 15, 2, 0, 0, 0, 0),
        i(id::FMAC_F32_VU, 15, 0, 1, 0, 7, 0),
        i(id::FSUB_F32_VU, 16, 0, 0, 0, 7, 0),
        i(id::FMUL_F32_VL, 17, 0, 0, 0, 7, 0x3fc0_0000),
    ];
    let mut code = Vec::new();
    for x in &insts {
        encode_into(x, &mut code);
    }
    (code, insts.len())
}

fn f(x: u32) -> f32 {
    f32::from_bits(x)
}

/// A normal binary32 number with a random 24-bit significand and exponent in
/// [e0, e0 + span).
fn normal(rng: &mut XorShift, e0: i32, span: u64) -> u32 {
    let e = (e0 + rng.below(span) as i32 + 127) as u32;
    ((rng.below(2) as u32) << 31) | e << 23 | rng.below(1 << 23) as u32
}

/// Half an ulp of the binade of normal `x`, times `1 + k * 2^-j` (a value just off it),
/// as a binary32 number (a power of two times a short significand: exact).
fn half_ulp(x: u32, k: i32, j: i32) -> u32 {
    let e = ((x >> 23) & 0xff) as i32 - 127 - 24;
    let v = 2f64.powi(e) * (1.0 + k as f64 * 2f64.powi(-j));
    (v as f32).to_bits()
}

/// One lane's (a, b, c), clean (no flag but NX for any form of the program, with a
/// uniform operand or immediate that are themselves clean) or not.
fn case(rng: &mut XorShift, clean: bool) -> (u32, u32, u32) {
    let one = 0x3f80_0000;
    let k = [0, 0, 1, -1][rng.below(4) as usize];
    let j = 1 + rng.below(22) as i32;
    let s = (rng.below(2) as u32) << 31;
    match rng.below(if clean { 6 } else { 10 }) {
        // x * 1 + (a half ulp of x, or just off it): the tie or near tie of an add.
        0 => {
            let x = normal(rng, -20, 40);
            (x, one, half_ulp(x, k, j) | s)
        }
        // (1 + 2^-p)(1 + 2^-q), p + q = 24: a product that is a tie (1 + 2^-p + 2^-q +
        // 2^-24), scaled; with an addend 0, a tiny one of either sign, or a whole one.
        1 => {
            let p = 1 + rng.below(23) as i32;
            let sc = rng.below(30) as i32 - 15;
            let a = (2f64.powi(sc) * (1.0 + 2f64.powi(-p))) as f32;
            let b = (1.0 + 2f64.powi(-(24 - p))) as f32;
            let c = match rng.below(4) {
                0 => 0.0,
                1 => 2f64.powi(sc - 30 - rng.below(20) as i32) as f32,
                2 => -(2f64.powi(sc - 30 - rng.below(20) as i32) as f32),
                _ => 2f64.powi(sc + rng.below(3) as i32) as f32,
            };
            (a.to_bits() ^ s, b.to_bits() ^ s, c.to_bits())
        }
        // 1.5 * x with x's last significand bit set: a 25-bit product (a tie) half the
        // time.
        2 => {
            let x = normal(rng, -30, 60) | 1;
            (x, 0x3fc0_0000 | s, half_ulp(x, k, j))
        }
        // Random normal operands in a range that neither overflows nor underflows.
        3 => (
            normal(rng, -10, 20),
            normal(rng, -10, 20),
            normal(rng, -10, 20),
        ),
        // Ties whose even neighbour is away from zero, or toward it: x odd or even.
        4 => {
            let x = (normal(rng, -20, 40) & !1) | rng.below(2) as u32;
            (x, one, half_ulp(x, 0, 0) | (x & 0x8000_0000))
        }
        // Binade edges: 2 - ulp, 1, with ties and near ties.
        5 => {
            let x = [0x3fff_ffffu32, 0x3f80_0000, 0x3f7f_ffff][rng.below(3) as usize] | s;
            (x, one, half_ulp(x, k, j) | (rng.below(2) as u32) << 31)
        }
        // The largest finite value with a tie / near tie above it (overflow in rmm).
        6 => {
            let x = (0x7f7f_ffff - rng.below(2) as u32) | s;
            (x, one, half_ulp(x, k, j) | s)
        }
        // The smallest normal and subnormals with subnormal half ulps.
        7 => {
            let x = (0x0080_0000 + rng.below(4) as u32 - 2) | s;
            let c = rng.below(8) as u32 | (rng.below(2) as u32) << 31;
            (x, [one, 0x3f00_0000, 0x3fc0_0000][rng.below(3) as usize], c)
        }
        // NaN (quiet, signalling, with payloads) and infinities anywhere.
        8 => {
            let sp = [0x7fc0_0000u32, 0x7f80_0001, 0x7f80_0000, 0xffff_ffff, 0];
            let pick = |rng: &mut XorShift| sp[rng.below(5) as usize] | s;
            (pick(rng), normal(rng, -5, 10), pick(rng))
        }
        // Products at the bottom of the normal range.
        _ => (
            normal(rng, -70, 10),
            normal(rng, -70, 10),
            normal(rng, -130, 10),
        ),
    }
}

fn warp(rng: &mut XorShift, clean: bool) -> Warp {
    let mut w = Warp::new();
    for l in 0..LANES {
        let (a, b, c) = case(rng, clean);
        w.vregs_mut()[0][l] = a;
        w.vregs_mut()[1][l] = b;
        w.vregs_mut()[2][l] = c;
    }
    // When clean: an addend that makes ties of x in [1, 2), and a factor (1.5 * 2^-40)
    // whose products are too small to cancel an addend of `case` (a zero sum is a side
    // exit).
    (w.uregs_mut()[0], w.uregs_mut()[1]) = if clean {
        (HALF_ULP_1, 0x2bc0_0000)
    } else {
        (case(rng, false).2, case(rng, false).0)
    };
    w.set_mode(Mode { rm: 4, rm16: 0 }).unwrap();
    w.set_fflags(1).unwrap();
    if rng.below(3) == 0 {
        w.set_exec(rng.next_u64() as u32);
    }
    w
}

#[test]
fn rmm_matches_the_interpreter() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    let (code, n) = program();
    let p = Program::new(&code);
    let mut rng = XorShift::new(34);
    let mut differ = 0u64;
    for clean in [true, false] {
        let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
        for k in 0..400 {
            let w0 = warp(&mut rng, clean);
            let (mut a, mut b) = (w0.clone(), w0.clone());
            let oa = a.interpret(&p, u64::MAX);
            let ob = jit.run(&mut b, &p, u64::MAX);
            assert_eq!(oa.status, RunStatus::Exited);
            assert_eq!(oa, ob, "warp {k} clean {clean}");
            for r in 0..18 {
                assert_eq!(
                    a.vregs()[r],
                    b.vregs()[r],
                    "warp {k} clean {clean}: v{r} (a {:x?} b {:x?} c {:x?})",
                    w0.vregs()[0],
                    w0.vregs()[1],
                    w0.vregs()[2]
                );
            }
            assert_eq!(a, b, "warp {k} clean {clean}");
            // How often rmm differs from rne here: the test meets real ties.
            for l in 0..LANES {
                let (x, c) = (w0.vregs()[0][l], w0.vregs()[2][l]);
                let rne = (f(x) + f(c)).to_bits();
                differ += (a.exec() >> l & 1 == 1 && a.vregs()[5][l] != rne) as u64;
            }
        }
        let s = jit.stats();
        assert!(s.fallbacks.is_empty(), "{s}");
        if clean {
            // Every FP item compiled and none side-exited: every instruction ran compiled
            // (with hot = 1 nothing warms up).
            assert_eq!(s.side_exits, 0, "{s}");
            assert_eq!(s.compiled_steps, 400 * n as u64, "{s}");
        } else {
            assert!(s.side_exits > 0, "{s}");
        }
    }
    assert!(
        differ > 1000,
        "only {differ} lanes where rmm and rne differ"
    );
}
