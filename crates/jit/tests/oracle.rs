//! The independent FP oracle (the SoftFloat vectors `crates/fp/tests/oracle.rs` checks the
//! lane functions against, `crates/fp/tests/vectors/`) run through the simulator, for every
//! operation there that is one instruction (69 of 80: not round-to-integer in a given
//! mode, binary16 sat, med3 and frexp, which no instruction is, nor the unorm/snorm packs,
//! whose instructions raise no flags; binary16 add/sub/mul/fma both packed and scalar):
//! each operation as a one-instruction program (the first run interpreted while the tier
//! warms up, the others compiled), 32 vectors of one rounding mode per warp in its lanes
//! (64 packed: one in each half), with the tier forced on (hot = 1) and with the
//! interpreter. Every lane's bits must be the vector's result, and the warp's FFLAGS the
//! OR of its vectors' flags: from 0 (then the tier leaves FP items to the interpreter) and
//! from NX (then they run compiled, NX added). A sample of vectors also runs alone
//! (EXEC one lane) for its own flags.
//!
//! `WARPKIT_FP_VECTORS=/path/to/file[.gz]` runs a full generated set instead of the slice.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::{id, InsnId};
use warpkit_jit::Jit;
use warpkit_sim::{Mode, Program, RunEngine, RunStatus, Warp, LANES};

const NX: u8 = 1;

/// The operations whose instructions the tier compiles (the others it leaves to the
/// interpreter, which these runs go through all the same).
const COMPILED: &[&str] = &[
    "f32_add",
    "f32_sub",
    "f32_mul",
    "f32_fma",
    "f32_min",
    "f32_max",
    "f16_add",
    "f16_sub",
    "f16_mul",
    "f16_fma",
    "f32_cmp_eq",
    "f32_cmp_ne",
    "f32_cmp_lt",
    "f32_cmp_le",
    "f32_cmp_gt",
    "f32_cmp_ge",
    "f32_cmp_o",
    "f32_cmp_u",
    "f32_cmp_equ",
    "f32_cmp_neu",
    "f32_cmp_ltu",
    "f32_cmp_leu",
    "f32_cmp_gtu",
    "f32_cmp_geu",
];

/// Where a vector's inputs or result are in a lane.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// The whole 32-bit lane.
    Full,
    /// Both 16-bit halves, one vector each (64 vectors per warp).
    Packed,
    /// The low half (a binary16 `h` register, or a `.lo` conversion).
    Low,
    /// A bit of the lane mask in U[3] (a compare).
    Mask,
}

/// How an oracle operation is an instruction.
#[derive(Clone, Copy)]
struct Form {
    v: InsnId,
    /// Sources: v0, v1, v2 (their low halves, as `h` operands, for `h16`).
    arity: usize,
    /// The `rm` field carries the vector's mode (else MODE.rm / MODE.rm16 do).
    field: bool,
    /// `h` register operands (register slot `2 * n` is the low half of v`n`).
    h16: bool,
    input: Shape,
    output: Shape,
    /// The instruction has this rounding mode only: the other vectors are not its.
    only_rm: Option<u8>,
}

fn form(op: &str) -> Option<Form> {
    use Shape::*;
    let f = |v, arity, field, input, output| Form {
        v,
        arity,
        field,
        h16: false,
        input,
        output,
        only_rm: None,
    };
    let full = |v, arity| f(v, arity, false, Full, Full);
    let h = |v, arity, field| Form {
        h16: true,
        ..f(v, arity, field, Low, Low)
    };
    let cmp = |v| f(v, 2, false, Full, Mask);
    let hcmp = |v| Form {
        h16: true,
        ..f(v, 2, false, Low, Mask)
    };
    let rtz = |x: Form| Form {
        only_rm: Some(1),
        ..x
    };
    Some(match op {
        "f32_add" => full(id::FADD_F32, 2),
        "f32_sub" => full(id::FSUB_F32, 2),
        "f32_mul" => full(id::FMUL_F32, 2),
        "f32_fma" => f(id::FFMA_F32, 3, true, Full, Full),
        "f32_min" => full(id::FMIN_F32, 2),
        "f32_max" => full(id::FMAX_F32, 2),
        "f32_med3" => full(id::FMED3_F32, 3),
        "f32_ldexp" => full(id::FLDEXP_F32, 2),
        "f32_floor" => full(id::FFLOOR_F32, 1),
        "f32_ceil" => full(id::FCEIL_F32, 1),
        "f32_trunc" => full(id::FTRUNC_F32, 1),
        "f32_rndne" => full(id::FRNDNE_F32, 1),
        "f32_fract" => full(id::FFRACT_F32, 1),
        "f32_sat" => full(id::FSAT_F32, 1),
        "f32_class" => full(id::FCLASS_F32, 1),
        "f32_frexp_mant" => full(id::FREXP_MANT_F32, 1),
        "f32_frexp_exp" => full(id::FREXP_EXP_F32, 1),
        "f32_to_i32" => f(id::FCVT_I32_F32_M, 1, true, Full, Full),
        "f32_to_u32" => f(id::FCVT_U32_F32_M, 1, true, Full, Full),
        "i32_to_f32" => f(id::FCVT_F32_I32_M, 1, true, Full, Full),
        "u32_to_f32" => f(id::FCVT_F32_U32_M, 1, true, Full, Full),
        "f32_to_f16" => f(id::FCVT_F16_F32_LO_M, 1, true, Full, Low),
        "f16_to_f32" => f(id::FCVT_F32_F16_LO, 1, false, Low, Full),
        "dot2" => full(id::DOT2_F32_F16, 3),
        "f16_add" => f(id::PKADD_F16, 2, false, Packed, Packed),
        "f16_sub" => f(id::PKSUB_F16, 2, false, Packed, Packed),
        "f16_mul" => f(id::PKMUL_F16, 2, false, Packed, Packed),
        "f16_fma" => f(id::PKFMA_F16, 3, true, Packed, Packed),
        "f16_min" => f(id::PKMIN_F16, 2, false, Packed, Packed),
        "f16_max" => f(id::PKMAX_F16, 2, false, Packed, Packed),
        "f16_floor" => h(id::FFLOOR_F16, 1, false),
        "f16_ceil" => h(id::FCEIL_F16, 1, false),
        "f16_trunc" => h(id::FTRUNC_F16, 1, false),
        "f16_rndne" => h(id::FRNDNE_F16, 1, false),
        "f16_fract" => h(id::FFRACT_F16, 1, false),
        "f16_class" => h(id::FCLASS_F16, 1, false),
        "f16_ldexp" => h(id::FLDEXP_F16, 2, false),
        "i16_to_f16" => h(id::FCVT_F16_I16, 1, false),
        "u16_to_f16" => h(id::FCVT_F16_U16, 1, false),
        "f16_to_i16" => rtz(h(id::FCVT_I16_F16, 1, false)),
        "f16_to_u16" => rtz(h(id::FCVT_U16_F16, 1, false)),
        "f32_cmp_eq" => cmp(id::CMP_EQ_F32),
        "f32_cmp_ne" => cmp(id::CMP_NE_F32),
        "f32_cmp_lt" => cmp(id::CMP_LT_F32),
        "f32_cmp_le" => cmp(id::CMP_LE_F32),
        "f32_cmp_gt" => cmp(id::CMP_GT_F32),
        "f32_cmp_ge" => cmp(id::CMP_GE_F32),
        "f32_cmp_o" => cmp(id::CMP_O_F32),
        "f32_cmp_u" => cmp(id::CMP_U_F32),
        "f32_cmp_equ" => cmp(id::CMP_EQU_F32),
        "f32_cmp_neu" => cmp(id::CMP_NEU_F32),
        "f32_cmp_ltu" => cmp(id::CMP_LTU_F32),
        "f32_cmp_leu" => cmp(id::CMP_LEU_F32),
        "f32_cmp_gtu" => cmp(id::CMP_GTU_F32),
        "f32_cmp_geu" => cmp(id::CMP_GEU_F32),
        "f16_cmp_eq" => hcmp(id::CMP_EQ_F16),
        "f16_cmp_ne" => hcmp(id::CMP_NE_F16),
        "f16_cmp_lt" => hcmp(id::CMP_LT_F16),
        "f16_cmp_le" => hcmp(id::CMP_LE_F16),
        "f16_cmp_gt" => hcmp(id::CMP_GT_F16),
        "f16_cmp_ge" => hcmp(id::CMP_GE_F16),
        "f16_cmp_o" => hcmp(id::CMP_O_F16),
        "f16_cmp_u" => hcmp(id::CMP_U_F16),
        "f16_cmp_equ" => hcmp(id::CMP_EQU_F16),
        "f16_cmp_neu" => hcmp(id::CMP_NEU_F16),
        "f16_cmp_ltu" => hcmp(id::CMP_LTU_F16),
        "f16_cmp_leu" => hcmp(id::CMP_LEU_F16),
        "f16_cmp_gtu" => hcmp(id::CMP_GTU_F16),
        "f16_cmp_geu" => hcmp(id::CMP_GEU_F16),
        _ => return None,
    })
}

/// The scalar binary16 row (`h` registers) of the operations that also have a packed one
/// (which [`form`] gives): run too.
fn scalar16(op: &str) -> Option<Form> {
    let v = match op {
        "f16_add" => id::FADD_F16,
        "f16_sub" => id::FSUB_F16,
        "f16_mul" => id::FMUL_F16,
        "f16_fma" => id::FFMA_F16,
        _ => return None,
    };
    let arity = if v == id::FFMA_F16 { 3 } else { 2 };
    Some(Form {
        v,
        arity,
        field: true,
        h16: true,
        input: Shape::Low,
        output: Shape::Low,
        only_rm: None,
    })
}

/// The program for `f` in mode `rm` (a field, when the form has one).
fn program(f: Form, rm: u8) -> Vec<u8> {
    let mut i = Inst::new(f.v);
    let n = if f.h16 { 2 } else { 1 };
    let rd = if f.output == Shape::Mask { 3 } else { 3 * n };
    (i.rd, i.rs1, i.rs2, i.rs3) = (rd, 0, n, 2 * n);
    i.rm = if f.field {
        rm
    } else {
        warpkit_encoding::RM_DYN
    };
    let mut code = Vec::new();
    encode_into(&i, &mut code);
    code
}

/// A vector: inputs, result, flags.
#[derive(Clone)]
struct Case {
    ins: Vec<u32>,
    r: u32,
    fl: u8,
}

fn open(path: &str) -> Box<dyn BufRead> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("cannot open {path}: {e}"));
    let r: Box<dyn Read> = if path.ends_with(".gz") {
        Box::new(flate2::read::GzDecoder::new(file))
    } else {
        Box::new(file)
    };
    Box::new(BufReader::with_capacity(1 << 20, r))
}

/// The vectors of the operations [`form`] maps, by (operation, mode).
fn vectors() -> BTreeMap<(String, u8), Vec<Case>> {
    let path = std::env::var("WARPKIT_FP_VECTORS").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fp/tests/vectors/slice.txt.gz"
        )
        .to_string()
    });
    let mut out: BTreeMap<(String, u8), Vec<Case>> = BTreeMap::new();
    for line in open(&path).lines() {
        let line = line.expect("read error");
        let mut it = line.split_ascii_whitespace();
        let Some(op) = it.next() else { continue };
        let Some(f) = form(op) else { continue };
        let rm = u8::from_str_radix(it.clone().next().unwrap_or("0"), 16).unwrap_or(0);
        if f.only_rm.is_some_and(|m| m != rm) {
            continue;
        }
        let nums: Vec<u32> = it
            .map(|t| u32::from_str_radix(t, 16).expect("hex field"))
            .collect();
        // binary16 ldexp's exponent is a 16-bit register half: the 32-bit ones beyond it
        // are not its vectors.
        if op == "f16_ldexp" && i16::try_from(nums[2] as i32).is_err() {
            continue;
        }
        assert_eq!(nums.len(), f.arity + 3, "{line}");
        let n = nums.len();
        out.entry((op.to_string(), nums[0] as u8))
            .or_default()
            .push(Case {
                ins: nums[1..n - 2].to_vec(),
                r: nums[n - 2],
                fl: nums[n - 1] as u8,
            });
    }
    out
}

/// A warp holding `cases` (up to 32, or 64 packed) in its lanes, EXEC the lanes used.
fn warp(f: Form, rm: u8, cases: &[Case], fflags: u8) -> Warp {
    let mut w = Warp::new();
    for (k, c) in cases.iter().enumerate() {
        let (l, shift) = (k % LANES, 16 * (k / LANES) as u32);
        debug_assert!(f.input == Shape::Packed || shift == 0);
        for (s, &x) in c.ins.iter().enumerate() {
            w.vregs_mut()[s][l] |= x << shift;
        }
    }
    let lanes = cases.len().min(LANES);
    w.set_exec(if lanes == LANES {
        u32::MAX
    } else {
        (1 << lanes) - 1
    });
    // Modes without a field: MODE (both formats); with one, MODE is some other valid mode.
    let m = if f.field { (rm + 1) % 5 } else { rm };
    w.set_mode(Mode { rm: m, rm16: m }).unwrap();
    w.set_fflags(fflags).unwrap();
    w
}

/// The result of case `k` of a run of `cases`.
fn result(f: Form, w: &Warp, k: usize) -> u32 {
    let l = k % LANES;
    match f.output {
        Shape::Mask => w.uregs()[3] >> l & 1,
        Shape::Packed => w.vregs()[3][l] >> (16 * (k / LANES)) & 0xffff,
        Shape::Low => w.vregs()[3][l] & 0xffff,
        Shape::Full => w.vregs()[3][l],
    }
}

#[test]
fn oracle_vectors_through_the_tier() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    let all = vectors();
    let mut ops = std::collections::BTreeSet::new();
    let (mut total, mut alone, mut bad) = (0u64, 0u64, 0u64);
    let mut compiled: BTreeMap<String, u64> = BTreeMap::new();
    let mut bad_ops: BTreeMap<String, u64> = BTreeMap::new();
    for ((op, rm), cases) in &all {
        let f0 = form(op).expect("only mapped operations are read");
        ops.insert(op.clone());
        for f in [Some(f0), scalar16(op)].into_iter().flatten() {
            let code = program(f, *rm);
            let p = Program::new(&code);
            let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
            let engine = jit.clone() as Arc<dyn RunEngine>;
            let per = if f.input == Shape::Packed {
                2 * LANES
            } else {
                LANES
            };
            for (ci, chunk) in cases.chunks(per).enumerate() {
                let want_fl = chunk.iter().fold(0, |a, c| a | c.fl);
                for (fflags, tier) in [(0, false), (0, true), (NX, false), (NX, true)] {
                    let mut w = warp(f, *rm, chunk, fflags);
                    let o = if tier {
                        engine.run(&mut w, &p, u64::MAX)
                    } else {
                        w.interpret(&p, u64::MAX)
                    };
                    assert_eq!(o.status, RunStatus::Exited, "{op} rm {rm}");
                    for (k, c) in chunk.iter().enumerate() {
                        total += 1;
                        let got = result(f, &w, k);
                        if got != c.r {
                            bad += 1;
                            *bad_ops.entry(op.clone()).or_insert(0) += 1;
                            if bad <= 20 {
                                eprintln!(
                                "MISMATCH {op} rm {rm} tier {tier} fflags {fflags}: {:08x?} gave {got:08x}, want {:08x}",
                                c.ins, c.r
                            );
                            }
                        }
                    }
                    if w.fflags() != fflags | want_fl {
                        bad += 1;
                        *bad_ops.entry(op.clone()).or_insert(0) += 1;
                        eprintln!(
                        "MISMATCH {op} rm {rm} tier {tier} chunk {ci}: FFLAGS {:02x}, want {:02x}",
                        w.fflags(),
                        fflags | want_fl
                    );
                    }
                }
                // A sample alone, through the tier: its own flags (the other cases ones, so
                // that the other half of a packed lane raises nothing and needs no side exit).
                for (k, c) in chunk.iter().enumerate().step_by(7) {
                    let zero = Case {
                        ins: vec![0x3c00; f.arity],
                        r: 0,
                        fl: 0,
                    };
                    let only: Vec<Case> = (0..=k)
                        .map(|j| if j == k { c.clone() } else { zero.clone() })
                        .collect();
                    for fflags in [0, NX] {
                        let mut w = warp(f, *rm, &only, fflags);
                        w.set_exec(1 << (k % LANES));
                        engine.run(&mut w, &p, u64::MAX);
                        alone += 1;
                        let got = result(f, &w, k);
                        if got != c.r || w.fflags() != fflags | c.fl {
                            bad += 1;
                            *bad_ops.entry(op.clone()).or_insert(0) += 1;
                            if bad <= 20 {
                                eprintln!(
                                "MISMATCH alone {op} rm {rm} fflags {fflags}: {:08x?} gave {got:08x} flags {:02x}, want {:08x} flags {:02x}",
                                c.ins,
                                w.fflags(),
                                c.r,
                                fflags | c.fl
                            );
                            }
                        }
                    }
                }
            }
            *compiled.entry(op.clone()).or_default() += jit.stats().compiled_steps;
        }
    }
    eprintln!(
        "{} operations, {total} lane results and {alone} single-lane runs checked, {bad} mismatches",
        ops.len()
    );
    for (op, n) in &compiled {
        eprintln!("  {op:12} {n:>8} instructions retired compiled");
    }
    assert_eq!(
        bad, 0,
        "mismatches against the SoftFloat oracle: {bad_ops:?}"
    );
    assert_eq!(ops.len(), 69, "operations found: {ops:?}");
    // The operations the tier compiles ran compiled (with NX preset, where no lane
    // side-exits), not only interpreted.
    for op in COMPILED {
        assert!(compiled[*op] > 0, "{op}: nothing ran compiled");
    }
}
