//! The FP instructions that run on the 32-lane kernels of `warpkit_fp::lanes` (binary32,
//! H-format binary16 and packed binary16 add, sub, mul, fma in every form) against the
//! scalar `warpkit-fp` functions applied lane by lane in this file: result bits of every
//! lane (inactive lanes keep their old value, the other half of an H destination too) and
//! FFLAGS (sticky, from the active lanes only), under random and edge-heavy operands,
//! every EXEC pattern, every rounding mode (explicit `rm` field and MODE through `dyn`, or
//! MODE alone), random `neg`/`abs`/`sat` modifiers where the variant has them, in the fast
//! and the logged handlers, on every (handler level, FP kernel level) pair this CPU runs.
//!
//! `WARPKIT_FP_ROUNDS=N` sets the number of random states per case (default 40).
#![allow(clippy::needless_range_loop)]

mod common;
use common::*;
// The operand stream and EXEC patterns of the 32-lane kernel tests of warpkit-fp.
#[path = "../../fp/tests/common/rng.rs"]
mod rng;
use rng::{exec_patterns, Rng};
use warpkit_isa::{OpType, Slot, INSNS};
use warpkit_sim::{Commit, HandlerLevel, Mode, Program, RunStatus, SimdLevel, StepResult, Warp};

// ------------------------------------------------------------------ which variants

#[derive(Clone, Copy, Debug, PartialEq)]
enum LaneOp {
    Add,
    Sub,
    SubRev,
    Mul,
    Fma,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Format {
    /// binary32 in 32-bit lanes.
    F32,
    /// binary16 in half registers (H format).
    Half,
    /// Two binary16 values per 32-bit lane.
    Packed,
}

struct Variant {
    m: &'static str,
    op: LaneOp,
    fmt: Format,
}

/// The §6.2 add/sub/mul/fma variants on binary32 and binary16 lanes, read from the table.
fn variants() -> Vec<Variant> {
    let mut v = Vec::new();
    for d in INSNS.iter().filter(|d| d.group_desc().chapter == "6.2") {
        let m = d.mnemonic;
        let mut parts = m.split('.');
        let base = parts.next().unwrap_or("");
        let ty = parts.next().unwrap_or("");
        let (packed, name) = match base.strip_prefix("pk") {
            Some(rest) => (true, rest),
            None => (false, base),
        };
        let op = match name {
            "fadd" | "add" => LaneOp::Add,
            "fsub" | "sub" => LaneOp::Sub,
            "fsubr" => LaneOp::SubRev,
            "fmul" | "mul" => LaneOp::Mul,
            "fmac" | "ffma" | "fma" => LaneOp::Fma,
            _ => continue,
        };
        let fmt = match (packed, ty) {
            (true, "f16") => Format::Packed,
            (false, "f16") => Format::Half,
            (false, "f32") => Format::F32,
            _ => continue,
        };
        v.push(Variant { m, op, fmt });
    }
    let names: Vec<&str> = v.iter().map(|x| x.m).collect();
    for must in [
        "fadd.f32",
        "fadd.f32.m",
        "fsubr.f32.vl",
        "fmac.f32.vu",
        "ffma.f32",
        "pkfma.f16",
        "pkfmac.f16",
        "ffma.f16",
        "fsub.f16",
    ] {
        assert!(names.contains(&must), "{must} not found among {names:?}");
    }
    v
}

// ------------------------------------------------------------------ operands

/// Exponent and fraction widths of a binary format.
#[derive(Clone, Copy)]
struct FloatFormat {
    ebits: u32,
    mbits: u32,
}

const B32: FloatFormat = FloatFormat {
    ebits: 8,
    mbits: 23,
};
const B16: FloatFormat = FloatFormat {
    ebits: 5,
    mbits: 10,
};

impl FloatFormat {
    fn emax(self) -> u32 {
        (1 << self.ebits) - 1
    }
    fn sign(self) -> u32 {
        1 << (self.ebits + self.mbits)
    }
    fn pack(self, neg: bool, e: u32, frac: u32) -> u32 {
        (if neg { self.sign() } else { 0 })
            | (e.min(self.emax()) << self.mbits)
            | (frac & ((1 << self.mbits) - 1))
    }
    /// Zeros, subnormals, the smallest normal, one, the largest finite, infinities, quiet
    /// and signalling NaNs.
    fn edges(self) -> Vec<u32> {
        let top = 1 << (self.mbits - 1);
        let fmax = (1 << self.mbits) - 1;
        let bias = self.emax() >> 1;
        let mut v = Vec::new();
        for neg in [false, true] {
            v.extend([
                self.pack(neg, 0, 0),
                self.pack(neg, 0, 1),
                self.pack(neg, 0, fmax),
                self.pack(neg, 1, 0),
                self.pack(neg, bias, 0),
                self.pack(neg, bias, 1),
                self.pack(neg, self.emax() - 1, fmax),
                self.pack(neg, self.emax(), 0),
                self.pack(neg, self.emax(), top),
                self.pack(neg, self.emax(), 1),
            ]);
        }
        v
    }
    /// One operand: edges, random bits, values near a shared exponent `e` (cancellation),
    /// few-bit significands at nearby exponents (exact ties in sums and products), values
    /// near the underflow and overflow thresholds.
    fn value(self, rng: &mut Rng, e: u32, edges: &[u32]) -> u32 {
        let neg = rng.below(2) == 1;
        let frac = rng.next() as u32;
        let spread = |rng: &mut Rng, w: u32| {
            (e as i64 + rng.below(2 * w as u64 + 1) as i64 - w as i64).clamp(0, self.emax() as i64)
                as u32
        };
        match rng.below(8) {
            0 => edges[rng.below(edges.len() as u64) as usize],
            1 => rng.next() as u32 & (2 * self.sign() - 1),
            2 => self.pack(neg, spread(rng, 2), frac),
            3 => {
                // Top bit(s) and the lowest bit: sums and products land on midpoints.
                let f = (frac & (3 << (self.mbits - 2))) | (frac >> 7 & 1);
                self.pack(neg, spread(rng, self.mbits + 2), f)
            }
            4 => self.pack(neg, rng.below(self.mbits as u64 + 2) as u32, frac),
            5 => self.pack(neg, self.emax() - 1 - rng.below(3) as u32, frac),
            _ => self.pack(neg, spread(rng, 6), frac),
        }
    }
}

// ------------------------------------------------------------------ the reference

/// One scalar binary32 operation (`warpkit-fp`).
fn ref32(op: LaneOp, a: u32, b: u32, c: u32, rm: warpkit_fp::Rm, fl: &mut u8) -> u32 {
    use warpkit_fp as fp;
    match op {
        LaneOp::Add => fp::f32_add(a, b, rm, fl),
        LaneOp::Sub => fp::f32_sub(a, b, rm, fl),
        LaneOp::SubRev => fp::f32_sub(b, a, rm, fl),
        LaneOp::Mul => fp::f32_mul(a, b, rm, fl),
        LaneOp::Fma => fp::f32_fma(a, b, c, rm, fl),
    }
}

/// One scalar binary16 operation.
fn ref16(op: LaneOp, a: u16, b: u16, c: u16, rm: warpkit_fp::Rm, fl: &mut u8) -> u16 {
    use warpkit_fp as fp;
    match op {
        LaneOp::Add => fp::f16_add(a, b, rm, fl),
        LaneOp::Sub => fp::f16_sub(a, b, rm, fl),
        LaneOp::SubRev => fp::f16_sub(b, a, rm, fl),
        LaneOp::Mul => fp::f16_mul(a, b, rm, fl),
        LaneOp::Fma => fp::f16_fma(a, b, c, rm, fl),
    }
}

/// Half register `h` (2n + half) of lane `l`.
fn half(w: &Warp, h: u8, l: usize) -> u16 {
    (w.vregs()[(h >> 1) as usize][l] >> (16 * (h & 1))) as u16
}

/// `abs` then `neg` of source `k` on the sign bit `sign`.
fn modify(x: u32, k: u32, neg: u8, abs: u8, sign: u32) -> u32 {
    let x = if abs >> k & 1 == 1 { x & !sign } else { x };
    if neg >> k & 1 == 1 {
        x ^ sign
    } else {
        x
    }
}

/// What the instruction must leave: the warp after it, computed lane by lane.
fn expected(v: &Variant, i: &warpkit_encoding::Inst, w: &Warp) -> Warp {
    let d = i.desc();
    let has = |s: Slot| d.operand(s).is_some();
    let ty = |s: Slot| d.operand(s).map(|o| o.ty);
    // The rounding mode: the rm field (dyn: MODE.rm, MODE.rm16 for binary16 results), or
    // MODE alone.
    let mode16 = v.fmt != Format::F32;
    let mode_rm = if mode16 { w.mode().rm16 } else { w.mode().rm };
    let rm_bits = if has(Slot::Rm) && i.rm != 7 {
        i.rm
    } else {
        mode_rm
    };
    let rm = warpkit_fp::Rm::from_bits(rm_bits).expect("valid rounding mode");
    let (neg, abs, sat) = (i.neg, i.abs, i.sat);
    let mut out = w.clone();
    let mut fl = 0u8;
    let exec = w.exec();
    for l in (0..32).filter(|l| exec >> l & 1 == 1) {
        // 32-bit source values of this lane (halves are extracted below).
        let word = |s: Slot| -> u32 {
            match ty(s) {
                Some(OpType::U) => w.uregs()[i.rs2 as usize],
                Some(OpType::K32) => i.imm as u32,
                Some(OpType::VAcc) | Some(OpType::V) => {
                    let r = match s {
                        Slot::Rd => i.rd,
                        Slot::Rs1 => i.rs1,
                        Slot::Rs2 => i.rs2,
                        _ => i.rs3,
                    };
                    w.vregs()[r as usize][l]
                }
                _ => 0,
            }
        };
        let b_slot = if has(Slot::Imm) { Slot::Imm } else { Slot::Rs2 };
        let c_slot = if ty(Slot::Rd) == Some(OpType::VAcc) {
            Slot::Rd
        } else {
            Slot::Rs3
        };
        match v.fmt {
            Format::F32 => {
                let s = 0x8000_0000;
                let a = modify(word(Slot::Rs1), 0, neg, abs, s);
                let b = modify(word(b_slot), 1, neg, abs, s);
                let c = modify(word(c_slot), 2, neg, abs, s);
                let mut r = ref32(v.op, a, b, c, rm, &mut fl);
                if sat == 1 {
                    r = warpkit_fp::f32_apply_sat(r);
                }
                out.vregs_mut()[i.rd as usize][l] = r;
            }
            Format::Packed => {
                let (a, b, c) = (word(Slot::Rs1), word(b_slot), word(c_slot));
                let lo = ref16(v.op, a as u16, b as u16, c as u16, rm, &mut fl);
                let hi = ref16(
                    v.op,
                    (a >> 16) as u16,
                    (b >> 16) as u16,
                    (c >> 16) as u16,
                    rm,
                    &mut fl,
                );
                out.vregs_mut()[i.rd as usize][l] = lo as u32 | (hi as u32) << 16;
            }
            Format::Half => {
                let s = 0x8000;
                let a = modify(half(w, i.rs1, l) as u32, 0, neg, abs, s) as u16;
                let b = modify(half(w, i.rs2, l) as u32, 1, neg, abs, s) as u16;
                let c = modify(half(w, i.rs3, l) as u32, 2, neg, abs, s) as u16;
                let mut r = ref16(v.op, a, b, c, rm, &mut fl);
                if sat == 1 {
                    r = warpkit_fp::f16_apply_sat(r);
                }
                let reg = &mut out.vregs_mut()[(i.rd >> 1) as usize][l];
                let sh = 16 * (i.rd & 1) as u32;
                *reg = (*reg & !(0xffff << sh)) | (r as u32) << sh;
            }
        }
    }
    out.set_fflags(w.fflags() | fl).expect("valid flags");
    out.set_pc(i.size() as u32);
    out.set_steps(w.steps() + 1);
    out
}

// ------------------------------------------------------------------ the cases

/// Every (handler level, FP kernel level) pair this CPU runs, for a one-instruction code.
fn programs(code: &[u8]) -> Vec<Program> {
    let mut v = Vec::new();
    for level in HandlerLevel::ALL {
        for fp in SimdLevel::ALL {
            if let Some(p) = Program::with_levels(code, level, fp) {
                assert_eq!((p.level(), p.fp_level()), (level, fp));
                v.push(p);
            }
        }
    }
    assert!(!v.is_empty());
    v
}

fn rounds() -> usize {
    std::env::var("WARPKIT_FP_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40)
}

/// A warp with random and edge-heavy operands in v0..v7 and u0..u7 (binary32 or packed /
/// half binary16 values, shared exponent neighbourhoods per register set).
fn random_warp(rng: &mut Rng, fmt: Format, exec: u32, mode: Mode) -> Warp {
    let mut w = Warp::new();
    let (f, e32, e16) = (
        if fmt == Format::F32 { B32 } else { B16 },
        100 + rng.below(56) as u32,
        5 + rng.below(20) as u32,
    );
    let e = if fmt == Format::F32 { e32 } else { e16 };
    let edges = f.edges();
    let val = |rng: &mut Rng| {
        if fmt == Format::F32 {
            f.value(rng, e, &edges)
        } else {
            f.value(rng, e, &edges) | f.value(rng, e, &edges) << 16
        }
    };
    for r in 0..8 {
        for l in 0..32 {
            w.vregs_mut()[r][l] = val(rng);
        }
        w.uregs_mut()[r] = val(rng);
    }
    w.set_exec(exec);
    w.set_mode(mode).expect("valid mode");
    // Often flags are already raised: they must stay (sticky), and with NX raised the
    // binary32 kernels take their NX-known path.
    if rng.below(2) == 0 {
        w.set_fflags(rng.below(32) as u8).expect("valid flags");
    }
    w
}

/// The instruction: registers v0..v7 / u0..u7 / halves of v0..v7 (aliasing allowed), a
/// literal from the operand generator, the rounding field, random modifiers (or none).
fn random_inst(
    v: &Variant,
    rng: &mut Rng,
    rm: u8,
    literal: u32,
    mods: bool,
) -> warpkit_encoding::Inst {
    let mut i = ins(v.m);
    // Modifier bits only for the sources the variant has.
    let d = i.desc();
    let srcs = [Slot::Rs1, Slot::Rs2, Slot::Rs3]
        .iter()
        .enumerate()
        .filter(|(_, s)| d.operand(**s).is_some())
        .fold(0u8, |m, (k, _)| m | 1 << k);
    let reg = |rng: &mut Rng, ty: OpType| match ty {
        OpType::H => rng.below(16) as u8,
        _ => rng.below(8) as u8,
    };
    for o in i.desc().operands {
        match o.slot {
            Slot::Rd => i.rd = reg(rng, o.ty),
            Slot::Rs1 => i.rs1 = reg(rng, o.ty),
            Slot::Rs2 => i.rs2 = reg(rng, o.ty),
            Slot::Rs3 => i.rs3 = reg(rng, o.ty),
            Slot::Imm => i.imm = literal as i32,
            Slot::Rm => i.rm = rm,
            Slot::Neg if mods => i.neg = rng.below(8) as u8 & srcs,
            Slot::Abs if mods => i.abs = rng.below(8) as u8 & srcs,
            Slot::Sat if mods => i.sat = rng.below(2) as u8,
            Slot::Neg | Slot::Abs | Slot::Sat => {}
            s => panic!("{}: unexpected slot {s:?}", v.m),
        }
    }
    i
}

/// Run `i` on `w` with every program, fast and logged, and compare with `want`.
fn check(i: &warpkit_encoding::Inst, w: &Warp, want: &Warp, ctx: &str) {
    let bytes = code(std::slice::from_ref(i));
    for p in programs(&bytes) {
        let tag = format!("{ctx} level {:?}/{:?}", p.level(), p.fp_level());
        let mut fast = w.clone();
        let o = fast.run(&p, 1);
        assert_eq!(o.status, RunStatus::Exited, "{tag}");
        if fast != *want {
            diff(&fast, want, &tag);
        }
        let mut logged = w.clone();
        let mut c = Commit::new();
        let r = logged.step_logged(&p, &mut c);
        assert!(matches!(r, StepResult::Running), "{tag}: {r:?}");
        if logged != *want {
            diff(&logged, want, &format!("{tag} (logged)"));
        }
        // The record: the destination's new value (under EXEC for vector registers), and
        // FFLAGS when they changed.
        let rd_ty = i.desc().operand(Slot::Rd).map(|o| o.ty);
        if rd_ty == Some(OpType::U) {
            assert!(c.v_writes().is_empty(), "{tag}: v_writes");
            let uw = c.u_writes();
            assert_eq!(uw.len(), 1, "{tag}: u_writes");
            assert_eq!(
                (uw[0].reg, uw[0].value),
                (i.rd, want.uregs()[i.rd as usize]),
                "{tag}: record"
            );
        } else {
            let rd = if rd_ty == Some(OpType::H) {
                i.rd >> 1
            } else {
                i.rd
            };
            let vw = c.v_writes();
            assert_eq!(vw.len(), 1, "{tag}: v_writes");
            assert_eq!(
                (vw[0].reg, vw[0].mask, vw[0].value),
                (rd, w.exec(), want.vregs()[rd as usize]),
                "{tag}: record"
            );
        }
        let fw = (want.fflags() != w.fflags()).then_some(want.fflags());
        assert_eq!(c.fflags_write(), fw, "{tag}: fflags record");
    }
}

fn diff(got: &Warp, want: &Warp, ctx: &str) {
    assert_eq!(got.fflags(), want.fflags(), "{ctx}: fflags");
    assert_eq!(got.uregs(), want.uregs(), "{ctx}: uniform registers");
    for r in 0..8 {
        for l in 0..32 {
            assert_eq!(
                got.vregs()[r][l],
                want.vregs()[r][l],
                "{ctx}: v{r} lane {l}"
            );
        }
    }
    assert_eq!(got, want, "{ctx}: state");
}

/// Every routed variant, every rounding case, every EXEC pattern, `rounds()` random states
/// each, with and without modifiers where the variant has them.
fn run_variant(v: &Variant, seed: u64) {
    let mut rng = Rng(seed | 1);
    let has_rm = ins(v.m).desc().operand(Slot::Rm).is_some();
    // (rm field, MODE value): each mode through the field and through dyn; MODE alone
    // for variants without an rm field.
    let mut cases = Vec::new();
    for r in 0..5u8 {
        if has_rm {
            cases.push((r, 4 - r));
        }
        cases.push((7, r));
    }
    for (rm, mode_v) in cases {
        for _ in 0..rounds() {
            for exec in exec_patterns(&mut rng) {
                let mode = if v.fmt == Format::F32 {
                    Mode {
                        rm: mode_v,
                        rm16: rng.below(5) as u8,
                    }
                } else {
                    Mode {
                        rm: rng.below(5) as u8,
                        rm16: mode_v,
                    }
                };
                let w = random_warp(&mut rng, v.fmt, exec, mode);
                let literal = w.uregs()[7];
                let mods = rng.below(2) == 1;
                let i = random_inst(v, &mut rng, rm, literal, mods);
                let want = expected(v, &i, &w);
                let ctx = format!(
                    "{} rm={rm} mode={mode:?} exec={exec:08x} neg={} abs={} sat={} rd={} rs1={} rs2={} rs3={}",
                    v.m, i.neg, i.abs, i.sat, i.rd, i.rs1, i.rs2, i.rs3
                );
                check(&i, &w, &want, &ctx);
            }
        }
    }
}

#[test]
fn binary32_variants_equal_the_scalar_path() {
    for (k, v) in variants().iter().enumerate() {
        if v.fmt == Format::F32 {
            run_variant(v, 0x9e37_79b9_7f4a_7c15 ^ k as u64);
        }
    }
}

#[test]
fn half_variants_equal_the_scalar_path() {
    for (k, v) in variants().iter().enumerate() {
        if v.fmt == Format::Half {
            run_variant(v, 0x2545_f491_4f6c_dd1d ^ k as u64);
        }
    }
}

#[test]
fn packed_variants_equal_the_scalar_path() {
    for (k, v) in variants().iter().enumerate() {
        if v.fmt == Format::Packed {
            run_variant(v, 0x1234_5678_9abc_def1 ^ k as u64);
        }
    }
}

/// Inactive lanes full of operands that raise every flag change nothing and raise nothing,
/// on every level: the flags come from the active lanes only.
#[test]
fn inactive_lanes_raise_nothing() {
    const SNAN32: u32 = 0x7f80_0001;
    const MAX32: u32 = 0x7f7f_ffff;
    const TINY32: u32 = 0x0080_0001;
    for v in variants() {
        let mut w = Warp::new();
        for r in 0..8 {
            for l in 0..32 {
                let active = l % 3 == 0;
                w.vregs_mut()[r][l] = match (v.fmt, active) {
                    (Format::F32, true) => 0x3fc0_0000, // 1.5
                    (_, true) => 0x3e00_3e00,           // 1.5, 1.5
                    (Format::F32, false) => [SNAN32, MAX32, TINY32][r % 3],
                    (_, false) => [0x7c01_7c01, 0x7bff_7bff, 0x0401_0401][r % 3],
                };
            }
            w.uregs_mut()[r] = if v.fmt == Format::F32 {
                0x3fc0_0000
            } else {
                0x3e00_3e00
            };
        }
        w.set_exec(0x4924_9249); // lanes 0, 3, 6, ...
        let mut rng = Rng(7);
        let i = random_inst(&v, &mut rng, 7, 0x3fc0_0000, false);
        let want = expected(&v, &i, &w);
        assert_eq!(want.fflags(), 0, "{}: the reference raised flags", v.m);
        check(&i, &w, &want, &format!("{} inactive lanes", v.m));
    }
}

// ------------------------------------------------------------------ compares and min/max

#[derive(Clone, Copy, Debug)]
enum Select {
    /// `U[d]` = mask of the active lanes where `s1 op s2`.
    Mask(warpkit_fp::CmpOp),
    /// `d` = 1 or 0 per active lane (`feq`/`flt`/`fle`).
    ZeroOne(warpkit_fp::CmpOp),
    Min,
    Max,
    Med3,
    /// `s1 * 2^s2` in MODE.rm.
    Ldexp,
    /// `U[d]` = mask of the active lanes where `fclass(s1) & s2 != 0`.
    Class,
    /// `s3 + s1.l*s2.l + s1.h*s2.h` in MODE.rm (`dot2.f32.f16`).
    Dot2,
}

/// The binary32 compare, class test, min/max, med3 and ldexp variants on the 32-lane
/// kernels, read from the table.
fn select_variants() -> Vec<(&'static str, Select)> {
    use warpkit_fp::CmpOp;
    let pred = |p: &str| {
        CmpOp::ALL
            .into_iter()
            .find(|op| format!("{op:?}").to_lowercase() == p)
    };
    let mut v = Vec::new();
    for d in INSNS.iter().filter(|d| d.group_desc().chapter == "6.2") {
        let parts: Vec<&str> = d.mnemonic.split('.').collect();
        let sel = match parts.as_slice() {
            ["cmp", "class", "f32", ..] => Some(Select::Class),
            ["cmp", p, "f32", ..] => pred(p).map(Select::Mask),
            ["feq", "f32", ..] => Some(Select::ZeroOne(CmpOp::Eq)),
            ["flt", "f32", ..] => Some(Select::ZeroOne(CmpOp::Lt)),
            ["fle", "f32", ..] => Some(Select::ZeroOne(CmpOp::Le)),
            ["fmin", "f32", ..] => Some(Select::Min),
            ["fmax", "f32", ..] => Some(Select::Max),
            ["fmed3", "f32", ..] => Some(Select::Med3),
            ["fldexp", "f32", ..] => Some(Select::Ldexp),
            ["dot2", "f32", "f16"] => Some(Select::Dot2),
            _ => None,
        };
        if let Some(sel) = sel {
            v.push((d.mnemonic, sel));
        }
    }
    let names: Vec<&str> = v.iter().map(|x| x.0).collect();
    for must in [
        "cmp.lt.f32",
        "cmp.geu.f32.vu",
        "feq.f32",
        "fle.f32.vu",
        "fmin.f32.vl",
        "fmed3.f32",
        "fldexp.f32.vu",
        "dot2.f32.f16",
    ] {
        assert!(names.contains(&must), "{must} not found among {names:?}");
    }
    assert_eq!(
        names.iter().filter(|m| m.starts_with("cmp.")).count(),
        2 * (warpkit_fp::CmpOp::ALL.len() + 1),
        "every predicate and the class test in the C and CU forms"
    );
    v
}

/// What a compare or min/max must leave, from the scalar functions lane by lane.
fn expected_select(sel: Select, i: &warpkit_encoding::Inst, w: &Warp) -> Warp {
    let d = i.desc();
    let b_of = |l: usize| match d.operand(Slot::Rs2).map(|o| o.ty) {
        Some(OpType::U) => w.uregs()[i.rs2 as usize],
        Some(OpType::V) => w.vregs()[i.rs2 as usize][l],
        _ => i.imm as u32,
    };
    let mut out = w.clone();
    let (mut fl, mut mask) = (0u8, 0u32);
    for l in (0..32).filter(|l| w.exec() >> l & 1 == 1) {
        let (a, b) = (w.vregs()[i.rs1 as usize][l], b_of(l));
        match sel {
            Select::Mask(op) => mask |= (warpkit_fp::f32_cmp(op, a, b, &mut fl) as u32) << l,
            Select::Class => mask |= ((warpkit_fp::f32_class(a) & b != 0) as u32) << l,
            Select::ZeroOne(op) => {
                out.vregs_mut()[i.rd as usize][l] = warpkit_fp::f32_cmp(op, a, b, &mut fl) as u32
            }
            Select::Min => out.vregs_mut()[i.rd as usize][l] = warpkit_fp::f32_min(a, b, &mut fl),
            Select::Max => out.vregs_mut()[i.rd as usize][l] = warpkit_fp::f32_max(a, b, &mut fl),
            Select::Ldexp => {
                let rm = warpkit_fp::Rm::from_bits(w.mode().rm).expect("valid mode");
                out.vregs_mut()[i.rd as usize][l] = warpkit_fp::f32_ldexp(a, b as i32, rm, &mut fl)
            }
            Select::Med3 => {
                let c = w.vregs()[i.rs3 as usize][l];
                out.vregs_mut()[i.rd as usize][l] = warpkit_fp::f32_med3(a, b, c, &mut fl)
            }
            Select::Dot2 => {
                let rm = warpkit_fp::Rm::from_bits(w.mode().rm).expect("valid mode");
                let c = w.vregs()[i.rs3 as usize][l];
                out.vregs_mut()[i.rd as usize][l] = warpkit_fp::dot2_f32_f16(a, b, c, rm, &mut fl)
            }
        }
    }
    if let Select::Mask(_) | Select::Class = sel {
        out.uregs_mut()[i.rd as usize] = mask;
    }
    out.set_fflags(w.fflags() | fl).expect("valid flags");
    out.set_pc(i.size() as u32);
    out.set_steps(w.steps() + 1);
    out
}

#[test]
fn compare_and_min_max_variants_equal_the_scalar_path() {
    let mut rng = Rng(0x005e_ed0f_c0de);
    for (m, sel) in select_variants() {
        for _ in 0..rounds() {
            for exec in exec_patterns(&mut rng) {
                let mode = Mode {
                    rm: rng.below(5) as u8,
                    rm16: rng.below(5) as u8,
                };
                let mut w = random_warp(&mut rng, Format::F32, exec, mode);
                if let Select::Ldexp = sel {
                    // Exponents: small, near the range limits, any.
                    for r in 0..8 {
                        for l in 0..32 {
                            w.vregs_mut()[r][l] = match rng.below(3) {
                                0 => rng.below(61) as i32 - 30,
                                1 => rng.below(21) as i32 - 10 + [254, -254, 127, -127][l % 4],
                                _ => rng.next() as i32,
                            } as u32;
                        }
                        w.uregs_mut()[r] = rng.below(41) as u32 - 20;
                    }
                    // ... and binary32 values in v0..v3 (rs1 is drawn from all eight).
                    let v = random_warp(&mut rng, Format::F32, exec, mode);
                    for r in 0..4 {
                        w.vregs_mut()[r] = v.vregs()[r];
                    }
                }
                if let Select::Dot2 = sel {
                    // Pairs of binary16 values in v4..v7 (the binary32 ones stay in v0..v3:
                    // every source may be either).
                    let v = random_warp(&mut rng, Format::Packed, exec, mode);
                    for r in 4..8 {
                        w.vregs_mut()[r] = v.vregs()[r];
                    }
                }
                // Second sources equal to, one ulp from, or the negation of the first ones
                // in some lanes, so every ordering and -0 == +0 occur.
                for r in 0..8 {
                    for l in 0..32 {
                        let x = w.vregs()[(r + 1) % 8][l];
                        w.vregs_mut()[r][l] = match rng.below(6) {
                            0 => x,
                            1 => x.wrapping_add(1),
                            2 => x ^ 0x8000_0000,
                            _ => w.vregs()[r][l],
                        };
                    }
                }
                let mut i = ins(m);
                for o in i.desc().operands {
                    match o.slot {
                        Slot::Rd => i.rd = rng.below(8) as u8,
                        Slot::Rs1 => i.rs1 = rng.below(8) as u8,
                        Slot::Rs2 => i.rs2 = rng.below(8) as u8,
                        Slot::Rs3 => i.rs3 = rng.below(8) as u8,
                        Slot::Imm => i.imm = w.vregs()[0][rng.below(32) as usize] as i32,
                        s => panic!("{m}: unexpected slot {s:?}"),
                    }
                }
                let want = expected_select(sel, &i, &w);
                let ctx = format!(
                    "{m} exec={exec:08x} rd={} rs1={} rs2={}",
                    i.rd, i.rs1, i.rs2
                );
                check(&i, &w, &want, &ctx);
            }
        }
    }
}

// ------------------------------------------------------------------ round and convert

/// The unary binary32 variants on the 32-lane kernels, with their scalar reference
/// `(s1, old d, rm, flags) -> new d` (`rm`: the resolved rounding mode) and the operand
/// format; `mode16`: `dyn` and MODE mean MODE.rm16.
type UnaryRef = fn(u32, u32, warpkit_fp::Rm, &mut u8) -> u32;

fn unary_variants() -> Vec<(&'static str, UnaryRef, Format, bool)> {
    use warpkit_fp::{self as fp, Rm, RoundOp};
    let v: Vec<(&'static str, UnaryRef, Format, bool)> = vec![
        (
            "ffloor.f32",
            |a, _, _, fl| fp::f32_round(RoundOp::Floor, a, fl),
            Format::F32,
            false,
        ),
        (
            "fceil.f32",
            |a, _, _, fl| fp::f32_round(RoundOp::Ceil, a, fl),
            Format::F32,
            false,
        ),
        (
            "ftrunc.f32",
            |a, _, _, fl| fp::f32_round(RoundOp::Trunc, a, fl),
            Format::F32,
            false,
        ),
        (
            "frndne.f32",
            |a, _, _, fl| fp::f32_round(RoundOp::NearestEven, a, fl),
            Format::F32,
            false,
        ),
        (
            "fclass.f32",
            |a, _, _, _| fp::f32_class(a),
            Format::F32,
            false,
        ),
        (
            "ffract.f32",
            |a, _, rm, fl| fp::f32_fract(a, rm, fl),
            Format::F32,
            false,
        ),
        (
            "fcvt.i32.f32",
            |a, _, _, fl| fp::f32_to_i32(a, Rm::Rtz, fl),
            Format::F32,
            false,
        ),
        (
            "fcvt.i32.f32.m",
            |a, _, rm, fl| fp::f32_to_i32(a, rm, fl),
            Format::F32,
            false,
        ),
        (
            "fcvt.f32.i32",
            |a, _, rm, fl| fp::i32_to_f32(a, rm, fl),
            Format::F32,
            false,
        ),
        (
            "fcvt.f32.i32.m",
            |a, _, rm, fl| fp::i32_to_f32(a, rm, fl),
            Format::F32,
            false,
        ),
        (
            "fcvt.f32.f16.lo",
            |a, _, _, fl| fp::f16_to_f32(a as u16, fl),
            Format::Packed,
            false,
        ),
        (
            "fcvt.f32.f16.hi",
            |a, _, _, fl| fp::f16_to_f32((a >> 16) as u16, fl),
            Format::Packed,
            false,
        ),
        (
            "fcvt.f16.f32.lo",
            |a, d, rm, fl| d & 0xffff_0000 | fp::f32_to_f16(a, rm, fl) as u32,
            Format::F32,
            true,
        ),
        (
            "fcvt.f16.f32.hi",
            |a, d, rm, fl| d & 0xffff | (fp::f32_to_f16(a, rm, fl) as u32) << 16,
            Format::F32,
            true,
        ),
        (
            "fcvt.f16.f32.lo.m",
            |a, d, rm, fl| d & 0xffff_0000 | fp::f32_to_f16(a, rm, fl) as u32,
            Format::F32,
            true,
        ),
        (
            "fcvt.f16.f32.hi.m",
            |a, d, rm, fl| d & 0xffff | (fp::f32_to_f16(a, rm, fl) as u32) << 16,
            Format::F32,
            true,
        ),
    ];
    for (m, ..) in &v {
        assert!(warpkit_isa::lookup(m).is_some(), "{m} is not a variant");
    }
    v
}

#[test]
fn round_and_convert_variants_equal_the_scalar_path() {
    let mut rng = Rng(0x0c0f_fee0_1234_5679);
    for (m, reference, fmt, mode16) in unary_variants() {
        let d = ins(m).desc();
        let has_rm = d.operand(Slot::Rm).is_some();
        for r in 0..5u8 {
            for field in if has_rm { vec![r, 7] } else { vec![7] } {
                for _ in 0..rounds() {
                    for exec in exec_patterns(&mut rng) {
                        // Through the field, MODE.rm differs from it (so a variant that
                        // read MODE instead would fail); through dyn, MODE.rm is r.
                        let mode_rm = if field == 7 {
                            r
                        } else {
                            (field + 1 + rng.below(4) as u8) % 5
                        };
                        let other = rng.below(5) as u8;
                        let mode = if mode16 {
                            Mode {
                                rm: other,
                                rm16: mode_rm,
                            }
                        } else {
                            Mode {
                                rm: mode_rm,
                                rm16: other,
                            }
                        };
                        let mut w = random_warp(&mut rng, fmt, exec, mode);
                        if m.starts_with("fcvt.f32.i32") {
                            // Integers: small, near 2^24 and 2^31, random.
                            for l in 0..32 {
                                let x = match rng.below(3) {
                                    0 => rng.below(4000) as i32 - 2000,
                                    1 => (1 << 24) + rng.below(9) as i32 - 4,
                                    _ => rng.next() as i32,
                                };
                                w.vregs_mut()[l % 8][l] = x as u32;
                            }
                        }
                        let mut i = ins(m);
                        i.rd = rng.below(8) as u8;
                        i.rs1 = rng.below(8) as u8;
                        if has_rm {
                            i.rm = field;
                        }
                        // The mode the reference rounds with: the field, or MODE.rm.
                        let mode_bits = if mode16 { mode.rm16 } else { mode.rm };
                        let rm_bits = if has_rm && field != 7 {
                            field
                        } else {
                            mode_bits
                        };
                        let rm = warpkit_fp::Rm::from_bits(rm_bits).expect("valid mode");
                        let mut want = w.clone();
                        let mut fl = 0u8;
                        for l in (0..32).filter(|l| exec >> l & 1 == 1) {
                            let a = w.vregs()[i.rs1 as usize][l];
                            let d = w.vregs()[i.rd as usize][l];
                            want.vregs_mut()[i.rd as usize][l] = reference(a, d, rm, &mut fl);
                        }
                        want.set_fflags(w.fflags() | fl).expect("valid flags");
                        want.set_pc(i.size() as u32);
                        want.set_steps(w.steps() + 1);
                        let ctx = format!("{m} rm={field} mode={mode:?} exec={exec:08x}");
                        check(&i, &w, &want, &ctx);
                    }
                }
            }
        }
    }
}

/// binary16 compares (HC), H-format and packed min/max, against the scalar functions.
#[test]
fn binary16_compare_and_min_max_variants_equal_the_scalar_path() {
    use warpkit_fp::{f16_cmp, f16_max, f16_min, CmpOp};
    let pred = |p: &str| {
        CmpOp::ALL
            .into_iter()
            .find(|op| format!("{op:?}").to_lowercase() == p)
    };
    let mut names = Vec::new();
    let mut rng = Rng(0x1616_0000_abcd_ef01);
    for d in INSNS.iter().filter(|d| d.group_desc().chapter == "6.2") {
        let parts: Vec<&str> = d.mnemonic.split('.').collect();
        // (compare predicate, max, packed)
        let case = match parts.as_slice() {
            ["cmp", p, "f16"] => pred(p).map(|op| (Some(op), false, false)),
            ["fmin", "f16"] => Some((None, false, false)),
            ["fmax", "f16"] => Some((None, true, false)),
            ["pkmin", "f16"] => Some((None, false, true)),
            ["pkmax", "f16"] => Some((None, true, true)),
            _ => None,
        };
        let Some((op, max, packed)) = case else {
            continue;
        };
        names.push(d.mnemonic);
        let m = d.mnemonic;
        for _ in 0..rounds() {
            for exec in exec_patterns(&mut rng) {
                let mut w = random_warp(&mut rng, Format::Packed, exec, Mode::default());
                for r in 0..8 {
                    for l in 0..32 {
                        let x = w.vregs()[(r + 1) % 8][l];
                        w.vregs_mut()[r][l] = match rng.below(6) {
                            0 => x,
                            1 => x.wrapping_add(0x0001_0001),
                            2 => x ^ 0x8000_8000,
                            _ => w.vregs()[r][l],
                        };
                    }
                }
                let mut i = ins(m);
                let hreg = |rng: &mut Rng| rng.below(16) as u8;
                i.rs1 = if packed {
                    rng.below(8) as u8
                } else {
                    hreg(&mut rng)
                };
                i.rs2 = if packed {
                    rng.below(8) as u8
                } else {
                    hreg(&mut rng)
                };
                i.rd = if packed || op.is_some() {
                    rng.below(8) as u8
                } else {
                    hreg(&mut rng)
                };
                let mut want = w.clone();
                let (mut fl, mut mask) = (0u8, 0u32);
                for l in (0..32).filter(|l| exec >> l & 1 == 1) {
                    if packed {
                        let (a, b) = (w.vregs()[i.rs1 as usize][l], w.vregs()[i.rs2 as usize][l]);
                        let f = |x: u16, y: u16, fl: &mut u8| {
                            if max {
                                f16_max(x, y, fl)
                            } else {
                                f16_min(x, y, fl)
                            }
                        };
                        let lo = f(a as u16, b as u16, &mut fl);
                        let hi = f((a >> 16) as u16, (b >> 16) as u16, &mut fl);
                        want.vregs_mut()[i.rd as usize][l] = lo as u32 | (hi as u32) << 16;
                        continue;
                    }
                    let (a, b) = (half(&w, i.rs1, l), half(&w, i.rs2, l));
                    match op {
                        Some(op) => mask |= (f16_cmp(op, a, b, &mut fl) as u32) << l,
                        None => {
                            let r = if max {
                                f16_max(a, b, &mut fl)
                            } else {
                                f16_min(a, b, &mut fl)
                            };
                            let reg = &mut want.vregs_mut()[(i.rd >> 1) as usize][l];
                            let sh = 16 * (i.rd & 1) as u32;
                            *reg = (*reg & !(0xffff << sh)) | (r as u32) << sh;
                        }
                    }
                }
                if op.is_some() {
                    want.uregs_mut()[i.rd as usize] = mask;
                }
                want.set_fflags(w.fflags() | fl).expect("valid flags");
                want.set_pc(i.size() as u32);
                want.set_steps(w.steps() + 1);
                let ctx = format!(
                    "{m} exec={exec:08x} rd={} rs1={} rs2={}",
                    i.rd, i.rs1, i.rs2
                );
                check(&i, &w, &want, &ctx);
            }
        }
    }
    for must in ["cmp.lt.f16", "cmp.geu.f16", "fmin.f16", "pkmax.f16"] {
        assert!(names.contains(&must), "{must} not found among {names:?}");
    }
}
