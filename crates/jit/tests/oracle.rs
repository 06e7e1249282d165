//! The independent FP oracle (the SoftFloat vectors `crates/fp/tests/oracle.rs` checks the
//! lane functions against, `crates/fp/tests/vectors/`) run through the simulator: each
//! operation as a one-instruction program (the first run interpreted while the tier warms
//! up, the others compiled), 32 vectors of one rounding mode per warp in its lanes (64 for packed
//! binary16: one in each half), with the tier forced on (hot = 1) and with the
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

/// How an oracle operation is an instruction, and where its result is.
#[derive(Clone, Copy)]
struct Form {
    v: InsnId,
    /// Sources: v0, v1 (and v2).
    arity: usize,
    /// The `rm` field carries the vector's mode (else MODE.rm / MODE.rm16 do).
    field: bool,
    /// Packed binary16: two vectors per lane.
    packed: bool,
    /// The result is a lane mask in U[3] (a compare), not V[3].
    mask: bool,
}

fn form(op: &str) -> Option<Form> {
    let f = |v, arity, field, packed| Form {
        v,
        arity,
        field,
        packed,
        mask: false,
    };
    let cmp = |v| Form {
        v,
        arity: 2,
        field: false,
        packed: false,
        mask: true,
    };
    Some(match op {
        "f32_add" => f(id::FADD_F32, 2, false, false),
        "f32_sub" => f(id::FSUB_F32, 2, false, false),
        "f32_mul" => f(id::FMUL_F32, 2, false, false),
        "f32_fma" => f(id::FFMA_F32, 3, true, false),
        "f32_min" => f(id::FMIN_F32, 2, false, false),
        "f32_max" => f(id::FMAX_F32, 2, false, false),
        "f16_add" => f(id::PKADD_F16, 2, false, true),
        "f16_sub" => f(id::PKSUB_F16, 2, false, true),
        "f16_mul" => f(id::PKMUL_F16, 2, false, true),
        "f16_fma" => f(id::PKFMA_F16, 3, true, true),
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
        _ => return None,
    })
}

/// The program for `f` in mode `rm` (a field, when the form has one).
fn program(f: Form, rm: u8) -> Vec<u8> {
    let mut i = Inst::new(f.v);
    (i.rd, i.rs1, i.rs2, i.rs3) = (3, 0, 1, 2);
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
        let nums: Vec<u32> = it
            .map(|t| u32::from_str_radix(t, 16).expect("hex field"))
            .collect();
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
    if f.mask {
        w.uregs()[3] >> l & 1
    } else if f.packed {
        w.vregs()[3][l] >> (16 * (k / LANES)) & 0xffff
    } else {
        w.vregs()[3][l]
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
    for ((op, rm), cases) in &all {
        let f = form(op).expect("only mapped operations are read");
        ops.insert(op.clone());
        let code = program(f, *rm);
        let p = Program::new(&code);
        let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
        let engine = jit.clone() as Arc<dyn RunEngine>;
        let per = if f.packed { 2 * LANES } else { LANES };
        for (ci, chunk) in cases.chunks(per).enumerate() {
            let want_fl = chunk.iter().fold(0, |a, c| a | c.fl);
            for (fflags, tier) in [(0, false), (0, true), (NX, false), (NX, true)] {
                let mut w = warp(f, *rm, chunk, fflags);
                let o = if tier {
                    engine.run(&mut w, &p, u64::MAX)
                } else {
                    w.run(&p, u64::MAX)
                };
                assert_eq!(o.status, RunStatus::Exited, "{op} rm {rm}");
                for (k, c) in chunk.iter().enumerate() {
                    total += 1;
                    let got = result(f, &w, k);
                    if got != c.r {
                        bad += 1;
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
    eprintln!(
        "{} operations, {total} lane results and {alone} single-lane runs checked, {bad} mismatches",
        ops.len()
    );
    for (op, n) in &compiled {
        eprintln!("  {op:12} {n:>8} instructions retired compiled");
    }
    assert_eq!(bad, 0, "{bad} mismatches against the SoftFloat oracle");
    assert_eq!(ops.len(), 24, "operations found: {ops:?}");
    // Every operation ran compiled (with NX preset, where no lane side-exits), not only
    // interpreted.
    for (op, n) in &compiled {
        assert!(*n > 0, "{op}: nothing ran compiled");
    }
}
