//! Every §6.2 variant on hand-computed IEEE 754 values: exact result bits and exact FFLAGS.
//!
//! Each row is run with lane 0 inactive (its sources hold signalling NaNs, its destination a
//! sentinel: it must stay untouched and raise nothing) and lanes 1..31 active with the row's
//! operands. Register layout: rd = v1 (H format: v1.h), s1 = v2 (v2.l), s2 = v3 or u2 (v3.h)
//! or the literal, s3 = v4 (v4.l); the unused halves of H sources hold sNaNs, the other
//! half of an H destination must be kept. Compares into U[d] must give the active-lane mask
//! (0xffff_fffe) or 0. Expected values come from the IEEE definitions (worked out by hand in
//! the comments), never from `warpkit-fp`.
#![allow(clippy::needless_range_loop)]

mod common;
use common::*;
use std::collections::BTreeSet;
use warpkit_isa::{lookup, OpType, Slot, INSNS};
use warpkit_sim::{Mode, Warp};

const NX: u8 = 1;
const UF: u8 = 2;
const OF: u8 = 4;
const NV: u8 = 16;

// binary32
const P0: u32 = 0x0000_0000;
const N0: u32 = 0x8000_0000;
const ONE: u32 = 0x3f80_0000;
const M1: u32 = 0xbf80_0000;
const HALF: u32 = 0x3f00_0000;
const QUART: u32 = 0x3e80_0000;
const F1_5: u32 = 0x3fc0_0000;
const F2: u32 = 0x4000_0000;
const F2_25: u32 = 0x4010_0000;
const F3: u32 = 0x4040_0000;
const F3_75: u32 = 0x4070_0000;
const F4: u32 = 0x4080_0000;
const MAX: u32 = 0x7f7f_ffff;
const INF: u32 = 0x7f80_0000;
const NINF: u32 = 0xff80_0000;
const QNAN: u32 = 0x7fc0_0000;
const SNAN: u32 = 0x7f80_0001;
/// 2^-24: half an ulp of 1.0.
const EPS24: u32 = 0x3380_0000;

// binary16
const H1: u32 = 0x3c00;
const HM1: u32 = 0xbc00;
const H0_5: u32 = 0x3800;
const H1_5: u32 = 0x3e00;
const H2: u32 = 0x4000;
const H2_25: u32 = 0x4080;
const H3_75: u32 = 0x4380;
const HMAX: u32 = 0x7bff;
const HINF: u32 = 0x7c00;
const HQNAN: u32 = 0x7e00;
const HSNAN: u32 = 0x7d00;
/// 2^-11: half an ulp of binary16 1.0.
const HEPS11: u32 = 0x1000;

/// Sentinel of the destination's lane 0 (inactive).
const SENT: u32 = 0x5a5a_5a5a;
/// Garbage for unused halves: a binary16 sNaN.
const HGARB: u32 = 0x7d01;

#[derive(Clone, Copy)]
struct Row {
    m: &'static str,
    s: [u32; 3],
    /// Initial destination (v* destinations, the kept half of H destinations).
    d0: u32,
    want: u32,
    fl: u8,
    rm: Option<u8>,
    neg: u8,
    abs: u8,
    sat: u8,
    mode: (u8, u8),
}

fn r(m: &'static str, s: &[u32], want: u32, fl: u8) -> Row {
    let mut a = [0u32; 3];
    a[..s.len()].copy_from_slice(s);
    Row {
        m,
        s: a,
        d0: 0xabcd_1234,
        want,
        fl,
        rm: None,
        neg: 0,
        abs: 0,
        sat: 0,
        mode: (0, 0),
    }
}

impl Row {
    fn d(mut self, d0: u32) -> Row {
        self.d0 = d0;
        self
    }
    fn rm(mut self, rm: u8) -> Row {
        self.rm = Some(rm);
        self
    }
    fn mods(mut self, neg: u8, abs: u8, sat: u8) -> Row {
        self.neg = neg;
        self.abs = abs;
        self.sat = sat;
        self
    }
    fn mode(mut self, rm: u8, rm16: u8) -> Row {
        self.mode = (rm, rm16);
        self
    }
}

const ACTIVE: u32 = 0xffff_fffe;

/// Run one row; panics with a description on any mismatch.
fn check(row: &Row) {
    let id = lookup(row.m).unwrap_or_else(|| panic!("no variant {}", row.m));
    let desc = id.desc();
    let mut i = ins(row.m);
    let mut w = Warp::new();
    w.set_mode(Mode {
        rm: row.mode.0,
        rm16: row.mode.1,
    })
    .unwrap();
    w.set_exec(ACTIVE);
    let wide_nan = if desc.mnemonic.contains("f16") || desc.format_desc().name.starts_with('H') {
        0x7d01_7d01
    } else {
        SNAN
    };
    let mut rd_kind = OpType::V;
    for o in desc.operands {
        let (reg_v, half, val) = match o.slot {
            Slot::Rd => {
                rd_kind = o.ty;
                match o.ty {
                    OpType::U => {
                        i.rd = 1;
                        w.uregs_mut()[1] = SENT;
                        continue;
                    }
                    OpType::H => {
                        i.rd = 3; // v1.h
                        let v = &mut w.vregs_mut()[1];
                        v[0] = SENT;
                        for l in 1..32 {
                            v[l] = row.d0;
                        }
                        continue;
                    }
                    _ => {
                        i.rd = 1;
                        let v = &mut w.vregs_mut()[1];
                        v[0] = SENT;
                        let init = if o.ty == OpType::VAcc { row.d0 } else { SENT };
                        for l in 1..32 {
                            v[l] = init;
                        }
                        continue;
                    }
                }
            }
            Slot::Rs1 => (2usize, 0u8, row.s[0]),
            Slot::Rs2 => (3, 1, row.s[1]),
            Slot::Rs3 => (4, 0, row.s[2]),
            Slot::Imm => {
                i.imm = row.s[1] as i32;
                continue;
            }
            Slot::Rm => {
                i.rm = row.rm.unwrap_or(7);
                continue;
            }
            Slot::Neg => {
                i.neg = row.neg;
                continue;
            }
            Slot::Abs => {
                i.abs = row.abs;
                continue;
            }
            Slot::Sat => {
                i.sat = row.sat;
                continue;
            }
            s => panic!("{}: unexpected slot {s:?}", row.m),
        };
        let slot_reg = match o.ty {
            OpType::U => {
                w.uregs_mut()[2] = val;
                2u8
            }
            OpType::H => {
                let v = &mut w.vregs_mut()[reg_v];
                let word = if half == 1 {
                    val << 16 | HGARB
                } else {
                    HGARB << 16 | (val & 0xffff)
                };
                v[0] = wide_nan;
                for l in 1..32 {
                    v[l] = word;
                }
                (2 * reg_v + half as usize) as u8
            }
            _ => {
                let v = &mut w.vregs_mut()[reg_v];
                v[0] = wide_nan;
                for l in 1..32 {
                    v[l] = val;
                }
                reg_v as u8
            }
        };
        match o.slot {
            Slot::Rs1 => i.rs1 = slot_reg,
            Slot::Rs2 => i.rs2 = slot_reg,
            _ => i.rs3 = slot_reg,
        }
    }
    assert!(
        row.rm.is_none() || desc.operand(Slot::Rm).is_some(),
        "{}: row sets rm but the variant has none",
        row.m
    );
    let w2 = run1(&i, &w);
    let ctx = format!(
        "{} s={:08x?} rm={:?} neg={} abs={} sat={} mode={:?}",
        row.m, row.s, row.rm, row.neg, row.abs, row.sat, row.mode
    );
    match rd_kind {
        OpType::U => {
            let want = if row.want != 0 { ACTIVE } else { 0 };
            assert_eq!(w2.uregs()[1], want, "{ctx}: mask");
        }
        OpType::H => {
            let v = w2.vregs()[1];
            assert_eq!(v[0], SENT, "{ctx}: inactive lane written");
            let want = (row.d0 & 0xffff) | (row.want & 0xffff) << 16;
            for l in 1..32 {
                assert_eq!(v[l], want, "{ctx}: lane {l}: {:08x} vs {want:08x}", v[l]);
            }
        }
        _ => {
            let v = w2.vregs()[1];
            assert_eq!(v[0], SENT, "{ctx}: inactive lane written");
            for l in 1..32 {
                assert_eq!(
                    v[l], row.want,
                    "{ctx}: lane {l}: {:08x} vs {:08x}",
                    v[l], row.want
                );
            }
        }
    }
    assert_eq!(w2.fflags(), row.fl, "{ctx}: fflags");
}

/// Truth table of the 14 compare predicates for (less, equal, greater, unordered), and
/// whether they signal on a quiet NaN.
fn pred(name: &str) -> ([u32; 4], bool) {
    match name {
        "eq" => ([0, 1, 0, 0], false),
        "ne" => ([1, 0, 1, 0], false),
        "lt" => ([1, 0, 0, 0], true),
        "le" => ([1, 1, 0, 0], true),
        "gt" => ([0, 0, 1, 0], true),
        "ge" => ([0, 1, 1, 0], true),
        "o" => ([1, 1, 1, 0], false),
        "u" => ([0, 0, 0, 1], false),
        "equ" => ([0, 1, 0, 1], false),
        "neu" => ([1, 0, 1, 1], false),
        "ltu" => ([1, 0, 0, 1], false),
        "leu" => ([1, 1, 0, 1], false),
        "gtu" => ([0, 0, 1, 1], false),
        "geu" => ([0, 1, 1, 1], false),
        _ => panic!("{name}"),
    }
}

const PREDS: [&str; 14] = [
    "eq", "ne", "lt", "le", "gt", "ge", "o", "u", "equ", "neu", "ltu", "leu", "gtu", "geu",
];

/// Rows for the binary32 and binary16 ordered/unordered compares.
fn compare_rows() -> Vec<Row> {
    let mut v = Vec::new();
    for p in PREDS {
        let (t, signals) = pred(p);
        let q = if signals { NV } else { 0 };
        for (sfx, ops) in [
            // f32: 1 < 2, -0 == +0, 2 > -inf, qNaN, sNaN
            (
                ".f32",
                [(ONE, F2), (N0, P0), (F2, NINF), (QNAN, ONE), (ONE, SNAN)],
            ),
            (
                ".f32.vu",
                [
                    (M1, HALF),
                    (INF, INF),
                    (ONE, HALF),
                    (ONE, QNAN),
                    (SNAN, ONE),
                ],
            ),
            (
                ".f16",
                [(H1, H2), (0x8000, 0), (H2, H1), (HQNAN, H1), (H1, HSNAN)],
            ),
        ] {
            let m: &'static str = Box::leak(format!("cmp.{p}{sfx}").into_boxed_str());
            v.push(r(m, &[ops[0].0, ops[0].1], t[0], 0));
            v.push(r(m, &[ops[1].0, ops[1].1], t[1], 0));
            v.push(r(m, &[ops[2].0, ops[2].1], t[2], 0));
            v.push(r(m, &[ops[3].0, ops[3].1], t[3], q));
            v.push(r(m, &[ops[4].0, ops[4].1], t[3], NV));
        }
    }
    v
}

fn rows() -> Vec<Row> {
    let mut v = vec![
        // ---------------------------------------------------------------- add / sub
        r("fadd.f32", &[F1_5, F2_25], F3_75, 0),
        // 1 + 2^-24 is a tie: RNE keeps 1.0 (even)
        r("fadd.f32", &[ONE, EPS24], ONE, NX),
        r("fadd.f32", &[ONE, EPS24], 0x3f80_0001, NX).mode(3, 0),
        r("fadd.f32", &[MAX, MAX], INF, OF | NX),
        r("fadd.f32", &[MAX, MAX], MAX, OF | NX).mode(1, 0),
        r("fadd.f32", &[INF, NINF], QNAN, NV),
        r("fadd.f32", &[F1_5, N0], F1_5, 0),
        r("fadd.f32", &[F1_5, 0xbfc0_0000], P0, 0),
        r("fadd.f32", &[F1_5, 0xbfc0_0000], N0, 0).mode(2, 0),
        r("fadd.f32", &[0x7fc0_1234, ONE], QNAN, 0),
        r("fadd.f32", &[ONE, SNAN], QNAN, NV),
        // smallest subnormals: 2^-149 + 2^-149 = 2^-148 exact, no UF
        r("fadd.f32", &[1, 1], 2, 0),
        r("fadd.f32.vu", &[F1_5, F2_25], F3_75, 0),
        r("fadd.f32.vu", &[ONE, EPS24], ONE, NX).mode(1, 3),
        r("fadd.f32.m", &[F1_5, F2_25], F3_75, 0),
        r("fadd.f32.m", &[ONE, EPS24], 0x3f80_0001, NX).rm(3),
        // explicit rm wins over MODE
        r("fadd.f32.m", &[ONE, EPS24], ONE, NX).rm(1).mode(3, 3),
        // dyn uses MODE.rm
        r("fadd.f32.m", &[ONE, EPS24], 0x3f80_0001, NX).mode(3, 0),
        // -(1.5) + 2.25 = 0.75
        r("fadd.f32.m", &[F1_5, F2_25], 0x3f40_0000, 0).mods(1, 0, 0),
        // 1.5 + |-2.25| = 3.75
        r("fadd.f32.m", &[F1_5, 0xc010_0000], F3_75, 0).mods(0, 2, 0),
        // abs then neg: -|-1.5| + 2.25 = 0.75
        r("fadd.f32.m", &[0xbfc0_0000, F2_25], 0x3f40_0000, 0).mods(1, 1, 0),
        // sat: 3.75 -> 1.0; -1.0 -> +0; NaN (NV) -> +0
        r("fadd.f32.m", &[F1_5, F2_25], ONE, 0).mods(0, 0, 1),
        r("fadd.f32.m", &[F1_5, HALF], P0, 0).mods(1, 0, 1),
        r("fadd.f32.m", &[INF, NINF], P0, NV).mods(0, 0, 1),
        // sat after rounding: 1 - 2^-25 rounds (RNE) to 1.0, stays 1.0 with NX
        r("fadd.f32.m", &[ONE, 0xb300_0000], ONE, NX).mods(0, 0, 1),
        r("fadd.f32.vl", &[F1_5, F2_25], F3_75, 0),
        r("fadd.f32.vl", &[MAX, MAX], INF, OF | NX),
        r("fsub.f32", &[F3_75, F1_5], F2_25, 0),
        r("fsub.f32", &[INF, INF], QNAN, NV),
        r("fsub.f32", &[ONE, ONE], N0, 0).mode(2, 0),
        r("fsub.f32.vu", &[ONE, QUART], 0x3f40_0000, 0),
        r("fsubr.f32.vu", &[ONE, F3], F2, 0),
        r("fsubr.f32.vu", &[F2, ONE], M1, 0),
        r("fsubr.f32.vl", &[ONE, QUART], 0xbf40_0000, 0),
        // ---------------------------------------------------------------- mul
        // 1.5 * 2.25 = 3.375 = 1.6875 * 2
        r("fmul.f32", &[F1_5, F2_25], 0x4058_0000, 0),
        // 0x3eaaaaab = 11184811 * 2^-25; * 3 = 1 + 2^-25 -> 1.0 inexact
        r("fmul.f32", &[0x3eaa_aaab, F3], ONE, NX),
        // (2^-126 + 2^-149) * 0.5: 2^22 + 0.5 subnormal ulps, tie to even: tiny and inexact
        r("fmul.f32", &[0x0080_0001, HALF], 0x0040_0000, UF | NX),
        // 2^-126 * 0.5 = 2^-127 exact subnormal: no flags
        r("fmul.f32", &[0x0080_0000, HALF], 0x0040_0000, 0),
        r("fmul.f32", &[INF, P0], QNAN, NV),
        r("fmul.f32", &[M1, P0], N0, 0),
        r("fmul.f32.vu", &[F2, MAX], INF, OF | NX),
        r("fmul.f32.m", &[F2, MAX], MAX, OF | NX).rm(1),
        r("fmul.f32.m", &[F2, MAX], INF, OF | NX).rm(4),
        r("fmul.f32.m", &[0xbfc0_0000, 0xc010_0000], 0x4058_0000, 0).mods(3, 0, 0),
        r("fmul.f32.m", &[0xbfc0_0000, F2], F3, 0).mods(0, 1, 0),
        r("fmul.f32.m", &[HALF, HALF], QUART, 0).mods(0, 0, 1),
        r("fmul.f32.m", &[M1, F2], P0, 0).mods(0, 0, 1),
        r("fmul.f32.vl", &[F1_5, F2_25], 0x4058_0000, 0),
        // ---------------------------------------------------------------- fma
        r("fmac.f32", &[F1_5, F2], F4, 0).d(ONE),
        // (1+2^-23)(1-2^-24) - 1 = 2^-24 - 2^-47 = 2^-25 * 1.(22 ones)0: exact only when fused
        r("fmac.f32", &[0x3f80_0001, 0x3f7f_ffff], 0x337f_fffe, 0).d(M1),
        // (1+2^-12)^2 + 2^-100: just above the binary32 midpoint 1+2^-11+2^-24 -> rounds up
        r("fmac.f32", &[0x3f80_0800, 0x3f80_0800], 0x3f80_1001, NX).d(0x0d80_0000),
        r("fmac.f32", &[INF, P0], QNAN, NV).d(QNAN),
        r("fmac.f32", &[MAX, F2], INF, OF | NX).d(ONE),
        r("fmac.f32.vu", &[F2, QUART], ONE, 0).d(HALF),
        r("fmac.f32.vl", &[F1_5, F2], F4, 0).d(ONE),
        // 1.5 * 2 + 0.25 = 3.25
        r("ffma.f32", &[F1_5, F2, QUART], 0x4050_0000, 0),
        r("ffma.f32", &[ONE, ONE, EPS24], ONE, NX),
        r("ffma.f32", &[ONE, ONE, EPS24], 0x3f80_0001, NX).mode(3, 0),
        r("ffma.f32", &[ONE, ONE, EPS24], ONE, NX).rm(1).mode(3, 0),
        r("ffma.f32", &[ONE, ONE, EPS24], 0x3f80_0001, NX).rm(4),
        // 1 - 2^-24 is exact; 1 - 2^-25 rounds down (rdn) to 1 - 2^-24, up (rne tie) to 1
        r("ffma.f32", &[ONE, ONE, 0xb380_0000], 0x3f7f_ffff, 0).rm(2),
        r("ffma.f32", &[ONE, ONE, 0xb300_0000], 0x3f7f_ffff, NX).rm(2),
        r("ffma.f32", &[ONE, ONE, 0xb300_0000], ONE, NX),
        // 1.5*2 - 0.25 = 2.75
        r("ffma.f32", &[F1_5, F2, QUART], 0x4030_0000, 0).mods(4, 0, 0),
        r("ffma.f32", &[0xbfc0_0000, F2, QUART], 0x4050_0000, 0).mods(0, 1, 0),
        r("ffma.f32", &[F1_5, F2, QUART], ONE, 0).mods(0, 0, 1),
        r("ffma.f32", &[INF, P0, QNAN], QNAN, NV),
        r(
            "ffma.f32",
            &[0x3f80_0800, 0x3f80_0800, 0x0d80_0000],
            0x3f80_1001,
            NX,
        ),
        // ---------------------------------------------------------------- min / max
        r("fmin.f32", &[ONE, QNAN], ONE, 0),
        r("fmin.f32", &[N0, P0], N0, 0),
        r("fmin.f32", &[P0, N0], N0, 0),
        r("fmin.f32", &[SNAN, ONE], ONE, NV),
        r("fmin.f32", &[QNAN, 0x7fc0_0001], QNAN, 0),
        r("fmin.f32.vu", &[F2, F1_5], F1_5, 0),
        r("fmin.f32.vl", &[ONE, QNAN], ONE, 0),
        r("fmin.f32.vl", &[NINF, M1], NINF, 0),
        r("fmax.f32", &[P0, N0], P0, 0),
        r("fmax.f32", &[ONE, 0x7fc0_0001], ONE, 0),
        r("fmax.f32", &[M1, SNAN], M1, NV),
        r("fmax.f32.vu", &[M1, HALF], HALF, 0),
        r("fmax.f32.vl", &[M1, HALF], HALF, 0),
        // ---------------------------------------------------------------- sign injection
        r("fsgnj.f32", &[F1_5, N0], 0xbfc0_0000, 0),
        r("fsgnj.f32", &[SNAN, M1], 0xff80_0001, 0),
        r("fsgnj.f32.vu", &[0xc000_0000, ONE], F2, 0),
        r("fsgnjn.f32", &[F1_5, ONE], 0xbfc0_0000, 0),
        r("fsgnjn.f32", &[0x7f80_0001, ONE], 0xff80_0001, 0),
        r("fsgnjn.f32.vu", &[0xbfc0_0000, M1], F1_5, 0),
        r("fsgnjx.f32", &[0xbfc0_0000, M1], F1_5, 0),
        r("fsgnjx.f32", &[F1_5, M1], 0xbfc0_0000, 0),
        r("fsgnjx.f32.vu", &[0xc000_0000, ONE], 0xc000_0000, 0),
        // ---------------------------------------------------------------- 0/1 compares
        r("feq.f32", &[ONE, ONE], 1, 0),
        r("feq.f32", &[P0, N0], 1, 0),
        r("feq.f32", &[QNAN, ONE], 0, 0),
        r("feq.f32", &[SNAN, ONE], 0, NV),
        r("feq.f32.vu", &[F2, F3], 0, 0),
        r("flt.f32", &[ONE, F2], 1, 0),
        r("flt.f32", &[QNAN, ONE], 0, NV),
        r("flt.f32.vu", &[F2, ONE], 0, 0),
        r("fle.f32", &[F2, F2], 1, 0),
        r("fle.f32", &[ONE, QNAN], 0, NV),
        r("fle.f32.vu", &[N0, P0], 1, 0),
        // ---------------------------------------------------------------- ldexp
        r("fldexp.f32", &[F1_5, 3], 0x4140_0000, 0),
        r("fldexp.f32", &[ONE, 128], INF, OF | NX),
        r("fldexp.f32", &[ONE, 128], MAX, OF | NX).mode(1, 0),
        r("fldexp.f32", &[ONE, (-149i32) as u32], 1, 0),
        // 2^-150: tie between 0 and 2^-149 -> 0 (even), tiny and inexact
        r("fldexp.f32", &[ONE, (-150i32) as u32], 0, UF | NX),
        // 1.5 * 2^-149: tie between 1 and 2 ulps -> 2
        r("fldexp.f32", &[F1_5, (-149i32) as u32], 2, UF | NX),
        r("fldexp.f32", &[ONE, 0x8000_0000], P0, UF | NX),
        r("fldexp.f32", &[ONE, 0x7fff_ffff], INF, OF | NX),
        r("fldexp.f32", &[N0, 1000], N0, 0),
        r("fldexp.f32", &[SNAN, 1], QNAN, NV),
        r("fldexp.f32.vu", &[F3, u32::MAX], F1_5, 0),
        // ---------------------------------------------------------------- packed f16
        // lo 1.5 + 2.25 = 3.75, hi 1 + 1 = 2
        r(
            "pkadd.f16",
            &[H1 << 16 | H1_5, H1 << 16 | H2_25],
            H2 << 16 | H3_75,
            0,
        ),
        r(
            "pkadd.f16",
            &[HMAX << 16 | H1, HMAX << 16 | HEPS11],
            HINF << 16 | H1,
            OF | NX,
        ),
        // MODE.rm16 (not MODE.rm) rounds: rup gives 1 + 2^-10
        r("pkadd.f16", &[H1, HEPS11], 0x3c01, NX).mode(0, 3),
        r("pkadd.f16", &[H1, HEPS11], H1, NX).mode(3, 0),
        r("pksub.f16", &[H1 << 16 | H3_75, H1 << 16 | H1_5], H2_25, 0),
        r("pksub.f16", &[HINF << 16, HINF << 16], HQNAN << 16, NV),
        // lo 1.5 * 2.25 = 3.375 = 0x42c0, hi 0.5 * 0.5 = 0.25 = 0x3400
        r(
            "pkmul.f16",
            &[H0_5 << 16 | H1_5, H0_5 << 16 | H2_25],
            0x3400_42c0,
            0,
        ),
        // 2^-14 * 0.5 exact subnormal; (2^-14 + 2^-24) * 0.5 tie -> even
        r(
            "pkmul.f16",
            &[0x0401 << 16 | 0x0400, H0_5 << 16 | H0_5],
            0x0200_0200,
            UF | NX,
        ),
        // lo 1.5*2 + 1 = 4, hi 2*2 + 1 = 5
        r(
            "pkfmac.f16",
            &[H2 << 16 | H1_5, H2 << 16 | H2],
            0x4500_4400,
            0,
        )
        .d(H1 << 16 | H1),
        r("pkfmac.f16", &[H1, HEPS11], 0x3c01, NX).d(H1).mode(0, 3),
        r(
            "pkfma.f16",
            &[H2 << 16 | H1_5, H2 << 16 | H2, H1 << 16 | H1],
            0x4500_4400,
            0,
        ),
        r("pkfma.f16", &[H1, HEPS11, H1], H1, NX).rm(1).mode(0, 3),
        r("pkfma.f16", &[H1, HEPS11, H1], 0x3c01, NX).rm(3),
        r("pkfma.f16", &[H1, HEPS11, H1], 0x3c01, NX).mode(0, 3),
        r("pkmin.f16", &[0x8000 << 16 | H1, HQNAN], 0x8000_3c00, 0),
        r(
            "pkmax.f16",
            &[HSNAN << 16 | H1, H1 << 16 | H2],
            0x3c00_4000,
            NV,
        ),
        // ---------------------------------------------------------------- packed i16
        r("pkadd.i16", &[0xffff_0001, 0x0001_7fff], 0x0000_8000, 0),
        r("pksub.i16", &[0x0000_8000, 0x0001_0001], 0xffff_7fff, 0),
        r("pkmul.i16", &[0x0100_00ff, 0x0100_0101], 0x0000_ffff, 0),
        r("pkmin.i16", &[0xffff_0005, 0x0001_0003], 0xffff_0003, 0),
        r("pkmin.u16", &[0xffff_0005, 0x0001_0003], 0x0001_0003, 0),
        r("pkmax.i16", &[0xffff_0005, 0x0001_0003], 0x0001_0005, 0),
        r("pkmax.u16", &[0xffff_0005, 0x0001_0003], 0xffff_0005, 0),
        r("pksll.i16", &[0x0001_0001, 0x0011_0004], 0x0002_0010, 0),
        r("pksrl.i16", &[0x8000_8000, 0x000f_0001], 0x0001_4000, 0),
        r("pksra.i16", &[0x8000_8000, 0x000f_0001], 0xffff_c000, 0),
        // ---------------------------------------------------------------- pack conversions
        r("pkcvt.f16.f32", &[F1_5, 0xc000_0000], 0xc000_3e00, 0),
        // 1 + 2^-11 is a binary16 tie: RNE -> 1.0, rup (MODE.rm16) -> 1 + 2^-10
        r("pkcvt.f16.f32", &[0x3f80_1000, ONE], 0x3c00_3c00, NX),
        r("pkcvt.f16.f32", &[0x3f80_1000, ONE], 0x3c00_3c01, NX).mode(1, 3),
        // 65520 is the tie between 65504 and 65536: RNE overflows
        r("pkcvt.f16.f32", &[0x477f_f000, ONE], 0x3c00_7c00, OF | NX),
        r("pkcvt.f16.f32", &[SNAN, QNAN], 0x7e00_7e00, NV),
        r("pkcvt.f16.f32.m", &[0x4800_0000, ONE], 0x3c00_7bff, OF | NX).rm(1),
        r("pkcvt.f16.f32.m", &[0x3f80_1000, ONE], 0x3c00_3c01, NX).mode(0, 3),
        // 0.5 * 65535 = 32767.5 -> 32768 (even); 2.0 clamps to 65535; no flags ever
        r("pkcvt.unorm16.f32", &[HALF, F2], 0xffff_8000, 0),
        r("pkcvt.unorm16.f32", &[SNAN, M1], 0, 0),
        r("pkcvt.snorm16.f32", &[M1, HALF], 0x4000_8001, 0),
        r("pkcvt.snorm16.f32", &[NINF, QNAN], 0x0000_8001, 0),
        r("pkcvt.u16.u32", &[0x0001_2345, 0x1234], 0x1234_ffff, 0),
        r("pkcvt.i16.i32", &[0xffff_0000, 0x7fff], 0x7fff_8000, 0),
        r("pkcvt.i16.i32", &[(-5i32) as u32, 0x8000], 0x7fff_fffb, 0),
        // 1.0 -> 255, 0.5 -> 127.5 -> 128
        r("pkcvt.unorm8.f32", &[ONE, HALF], 0xabcd_80ff, 0).d(0xabcd_1234),
        // 0.25 * 255 = 63.75 -> 64
        r("pkcvt.unorm8h.f32", &[QUART, P0], 0x0040_1234, 0).d(0xabcd_1234),
        r("pkcvt.unorm8h.f32", &[SNAN, INF], 0xff00_1234, 0).d(0xabcd_1234),
        r("pack.lo.b16", &[0x1111_2222, 0x3333_4444], 0x4444_2222, 0),
        r("pack.hi.b16", &[0x1111_2222, 0x3333_4444], 0x3333_1111, 0),
        r("pack.lohi.b16", &[0x1111_2222, 0x3333_4444], 0x3333_2222, 0),
        r("pack.lo.b16", &[0x0000_7d01, 0x0000_7c01], 0x7c01_7d01, 0),
        // ---------------------------------------------------------------- med3 / dot2
        r("fmed3.f32", &[F3, ONE, F2], F2, 0),
        r("fmed3.f32", &[N0, P0, N0], N0, 0),
        r("fmed3.f32", &[QNAN, F3, ONE], ONE, 0),
        r("fmed3.f32", &[SNAN, ONE, F2], ONE, NV),
        // 0.5 + 1.5*2 + 2*3 = 9.5
        r(
            "dot2.f32.f16",
            &[H2 << 16 | H1_5, 0x4200 << 16 | H2, HALF],
            0x4118_0000,
            0,
        ),
        // 1 + 1.0 * 2^-24 (binary16 subnormal 0x0001): binary32 tie -> 1.0
        r("dot2.f32.f16", &[H1, 0x0001, ONE], ONE, NX),
        r("dot2.f32.f16", &[H1, 0x0001, ONE], 0x3f80_0001, NX).mode(3, 0),
        r("dot2.f32.f16", &[HINF, 0, ONE], QNAN, NV),
        // ---------------------------------------------------------------- conversions
        // 16777217 is a binary32 tie -> 16777216 (RNE), 16777218 (rup)
        r("fcvt.f32.i32.m", &[0x0100_0001], 0x4b80_0000, NX),
        r("fcvt.f32.i32.m", &[0x0100_0001], 0x4b80_0001, NX).rm(3),
        r("fcvt.f32.i32.m", &[(-3i32) as u32], 0xc040_0000, 0).rm(1),
        r("fcvt.f32.u32.m", &[u32::MAX], 0x4f80_0000, NX),
        r("fcvt.f32.u32.m", &[u32::MAX], 0x4f7f_ffff, NX).rm(1),
        r("fcvt.i32.f32.m", &[0x4020_0000], 2, NX),
        r("fcvt.i32.f32.m", &[0x4020_0000], 3, NX).rm(4),
        r("fcvt.i32.f32.m", &[0x4020_0000], 3, NX).rm(3),
        r("fcvt.i32.f32.m", &[0xc020_0000], (-3i32) as u32, NX).rm(2),
        r("fcvt.i32.f32.m", &[0xc020_0000], (-2i32) as u32, NX).mode(1, 0),
        r("fcvt.i32.f32.m", &[QNAN], 0x7fff_ffff, NV).rm(0),
        r("fcvt.i32.f32.m", &[0x4f32_d05e], 0x7fff_ffff, NV).rm(0),
        r("fcvt.i32.f32.m", &[NINF], 0x8000_0000, NV).rm(0),
        r("fcvt.u32.f32.m", &[M1], 0, NV).rm(0),
        r("fcvt.u32.f32.m", &[0x4020_0000], 3, NX).rm(3),
        r("fcvt.u32.f32.m", &[0xbe80_0000], 0, NX).rm(0),
        r("fcvt.f16.f32.lo.m", &[F1_5], 0xabcd_3e00, 0).d(0xabcd_1234),
        r("fcvt.f16.f32.lo.m", &[0x4800_0000], 0xabcd_7bff, OF | NX)
            .d(0xabcd_1234)
            .rm(1),
        r("fcvt.f16.f32.hi.m", &[0xc000_0000], 0xc000_1234, 0).d(0xabcd_1234),
        r("fcvt.f16.f32.hi.m", &[0x3f80_1000], 0x3c01_1234, NX)
            .d(0xabcd_1234)
            .mode(0, 3),
        // ---------------------------------------------------------------- fp32 unary
        r("fclass.f32", &[NINF], 1 << 0, 0),
        r("fclass.f32", &[M1], 1 << 1, 0),
        r("fclass.f32", &[0x8000_0001], 1 << 2, 0),
        r("fclass.f32", &[N0], 1 << 3, 0),
        r("fclass.f32", &[P0], 1 << 4, 0),
        r("fclass.f32", &[0x007f_ffff], 1 << 5, 0),
        r("fclass.f32", &[ONE], 1 << 6, 0),
        r("fclass.f32", &[INF], 1 << 7, 0),
        r("fclass.f32", &[SNAN], 1 << 8, 0),
        r("fclass.f32", &[QNAN], 1 << 9, 0),
        r("ffloor.f32", &[0xbfc0_0000], 0xc000_0000, 0),
        r("ffloor.f32", &[0xbf00_0000], M1, 0),
        r("ffloor.f32", &[SNAN], QNAN, NV),
        r("fceil.f32", &[0xbf00_0000], N0, 0),
        r("fceil.f32", &[0x3fa0_0000], F2, 0),
        r("ftrunc.f32", &[0xbfe0_0000], M1, 0),
        r("ftrunc.f32", &[NINF], NINF, 0),
        r("frndne.f32", &[0x4020_0000], F2, 0),
        r("frndne.f32", &[0x4060_0000], F4, 0),
        r("frndne.f32", &[0xbf00_0000], N0, 0),
        // ffract: floor exact, the subtraction rounded with MODE.rm, 1.0 clamped to 0x3f7fffff.
        // 1.75 - 1 = 0.75; -0.25 - (-1) = 0.75 (exact in every mode)
        r("ffract.f32", &[0x3fe0_0000], 0x3f40_0000, 0),
        r("ffract.f32", &[0xbe80_0000], 0x3f40_0000, 0).mode(2, 0),
        r("ffract.f32", &[INF], QNAN, NV),
        // -2^-149 + 1 = 1 - 2^-149: rne and rup give 1.0 (clamped), rdn gives 0x3f7fffff; NX
        r("ffract.f32", &[0x8000_0001], 0x3f7f_ffff, NX),
        r("ffract.f32", &[0x8000_0001], 0x3f7f_ffff, NX).mode(3, 0),
        r("ffract.f32", &[0x8000_0001], 0x3f7f_ffff, NX).mode(2, 0),
        // integers, ±0 included: x - x = +0, -0 in rdn (MODE.rm16 does not matter)
        r("ffract.f32", &[N0], P0, 0),
        r("ffract.f32", &[N0], P0, 0).mode(0, 2),
        r("ffract.f32", &[N0], N0, 0).mode(2, 0),
        r("ffract.f32", &[P0], N0, 0).mode(2, 0),
        r("ffract.f32", &[F3], N0, 0).mode(2, 0),
        r("ffract.f32", &[F3], P0, 0).mode(3, 0),
        // -0.25 - 2^-25 (0xbe800001): 0.75 - 2^-25 is a tie between 0x3f3fffff and 0.75
        r("ffract.f32", &[0xbe80_0001], 0x3f40_0000, NX),
        r("ffract.f32", &[0xbe80_0001], 0x3f3f_ffff, NX).mode(2, 0),
        r("ffract.f32", &[0xbe80_0001], 0x3f3f_ffff, NX).mode(1, 0),
        r("ffract.f32", &[0xbe80_0001], 0x3f40_0000, NX).mode(4, 0),
        r("fsat.f32", &[F2], ONE, 0),
        r("fsat.f32", &[N0], P0, 0),
        r("fsat.f32", &[QNAN], P0, 0),
        r("fsat.f32", &[HALF], HALF, 0),
        r("fsat.f32", &[SNAN], P0, NV),
        r("fcvt.i32.f32", &[0xc030_0000], (-2i32) as u32, NX),
        r("fcvt.i32.f32", &[0x3fe0_0000], 1, NX).mode(3, 3),
        r("fcvt.i32.f32", &[0x4f00_0000], 0x7fff_ffff, NV),
        r("fcvt.i32.f32", &[0xcf00_0000], 0x8000_0000, 0),
        r("fcvt.i32.f32", &[QNAN], 0x7fff_ffff, NV),
        r("fcvt.u32.f32", &[0x4060_0000], 3, NX),
        r("fcvt.u32.f32", &[M1], 0, NV),
        r("fcvt.u32.f32", &[SNAN], u32::MAX, NV),
        r("fcvt.u32.f32", &[0x4f80_0000], u32::MAX, NV),
        r("fcvt.f32.i32", &[0x0100_0001], 0x4b80_0000, NX),
        r("fcvt.f32.i32", &[0x0100_0001], 0x4b80_0001, NX).mode(3, 0),
        r("fcvt.f32.i32", &[u32::MAX], M1, 0),
        r("fcvt.f32.u32", &[0x8000_0000], 0x4f00_0000, 0),
        r("fcvt.f32.u32", &[u32::MAX], 0x4f80_0000, NX),
        r("fcvt.f32.u32", &[u32::MAX], 0x4f7f_ffff, NX).mode(2, 0),
        r("fcvt.f16.f32.lo", &[F1_5], 0xabcd_3e00, 0).d(0xabcd_1234),
        r("fcvt.f16.f32.lo", &[0x3f80_1000], 0xabcd_3c01, NX)
            .d(0xabcd_1234)
            .mode(1, 3),
        r("fcvt.f16.f32.lo", &[0x3f80_1000], 0xabcd_3c00, NX)
            .d(0xabcd_1234)
            .mode(3, 1),
        r("fcvt.f16.f32.hi", &[F2], 0x4000_1234, 0).d(0xabcd_1234),
        // 2^-25 is the tie between 0 and the smallest binary16 subnormal -> 0
        r("fcvt.f16.f32.hi", &[0x3300_0000], 0x0000_1234, UF | NX).d(0xabcd_1234),
        r("fcvt.f32.f16.lo", &[0xc000_3e00], F1_5, 0),
        r("fcvt.f32.f16.lo", &[0x0001], EPS24, 0),
        r("fcvt.f32.f16.lo", &[HSNAN], QNAN, NV),
        r("fcvt.f32.f16.hi", &[0xc000_3e00], 0xc000_0000, 0),
        r("fcvt.f32.f16.hi", &[HINF << 16], INF, 0),
        r("fcvt.f32.ubyte0", &[0xff80_4001], ONE, 0),
        r("fcvt.f32.ubyte1", &[0xff80_4001], 0x4280_0000, 0),
        r("fcvt.f32.ubyte2", &[0xff80_4001], 0x4300_0000, 0),
        r("fcvt.f32.ubyte3", &[0xff80_4001], 0x437f_0000, 0),
        r("frexp.mant.f32", &[0x4140_0000], 0x3f40_0000, 0),
        r("frexp.mant.f32", &[M1], 0xbf00_0000, 0),
        r("frexp.mant.f32", &[1], HALF, 0),
        r("frexp.mant.f32", &[NINF], NINF, 0),
        r("frexp.mant.f32", &[SNAN], SNAN, 0),
        r("frexp.exp.f32", &[0x4140_0000], 4, 0),
        r("frexp.exp.f32", &[HALF], 0, 0),
        r("frexp.exp.f32", &[1], (-148i32) as u32, 0),
        r("frexp.exp.f32", &[INF], 0, 0),
        r("frexp.exp.f32", &[SNAN], 0, 0),
        // ---------------------------------------------------------------- class compares
        r("cmp.class.f32", &[N0, 1 << 3], 1, 0),
        r("cmp.class.f32", &[N0, 1 << 4], 0, 0),
        r("cmp.class.f32", &[SNAN, 1 << 8], 1, 0),
        r("cmp.class.f32.vu", &[ONE, 0x3ff], 1, 0),
        r("cmp.class.f32.vu", &[QNAN, 0xff], 0, 0),
        // ---------------------------------------------------------------- half (H)
        r("fadd.f16", &[H1_5, H2_25], H3_75, 0),
        r("fadd.f16", &[H1, HEPS11], H1, NX),
        r("fadd.f16", &[H1, HEPS11], 0x3c01, NX).rm(3),
        r("fadd.f16", &[H1, HEPS11], 0x3c01, NX).mode(0, 3),
        r("fadd.f16", &[H1, HEPS11], H1, NX).mode(3, 0),
        r("fadd.f16", &[HMAX, HMAX], HINF, OF | NX),
        r("fadd.f16", &[H1_5, H2_25], 0xba00, 0).mods(2, 0, 0),
        r("fadd.f16", &[H1_5, H2_25], H1, 0).mods(0, 0, 1),
        r("fadd.f16", &[HINF, 0xfc00], 0, NV).mods(0, 0, 1),
        r("fsub.f16", &[H3_75, H1_5], H2_25, 0),
        r("fsub.f16", &[HM1, H0_5], H0_5, 0).mods(0, 1, 0),
        r("fsub.f16", &[H1, H1], 0x8000, 0).rm(2),
        r("fmul.f16", &[H1_5, H2_25], 0x42c0, 0),
        r("fmul.f16", &[0x0400, H0_5], 0x0200, 0),
        r("fmul.f16", &[0x0401, H0_5], 0x0200, UF | NX),
        r("fmul.f16", &[HMAX, H2], HMAX, OF | NX).rm(1),
        r("fmul.f16", &[HSNAN, H1], HQNAN, NV),
        r("ffma.f16", &[H1_5, H2, H1], 0x4400, 0),
        r("ffma.f16", &[H1_5, H2, H1], H2, 0).mods(4, 0, 0),
        r("ffma.f16", &[H1, HEPS11, H1], 0x3c01, NX).mode(0, 3),
        r("ffma.f16", &[H1, HEPS11, H1], H1, NX).rm(1).mode(0, 3),
        r("ffma.f16", &[H1_5, H2, H1], H1, 0).mods(0, 0, 1),
        r("fmin.f16", &[H1, HM1], HM1, 0),
        r("fmin.f16", &[HQNAN, H1], H1, 0),
        r("fmax.f16", &[H1, HM1], H1, 0),
        r("fmax.f16", &[HSNAN, H2], H2, NV),
        r("fsgnj.f16", &[H1, 0x8000], HM1, 0),
        r("fsgnj.f16", &[HSNAN, 0x8000], 0xfd00, 0),
        r("fsgnjn.f16", &[H1, 0x8000], H1, 0),
        r("fsgnjx.f16", &[HM1, 0x8000], H1, 0),
        r("ffloor.f16", &[0xbe00], 0xc000, 0),
        r("fceil.f16", &[0x3d00], H2, 0),
        r("ftrunc.f16", &[0xbf00], HM1, 0),
        r("ftrunc.f16", &[HSNAN], HQNAN, NV),
        r("frndne.f16", &[0x4100], H2, 0),
        r("frndne.f16", &[0x4300], 0x4400, 0),
        // ffract.f16 rounds with MODE.rm16. 1.75 -> 0.75
        r("ffract.f16", &[0x3f00], 0x3a00, 0),
        r("ffract.f16", &[HINF], HQNAN, NV),
        // -2^-24 + 1: 1.0 in rne/rup (clamped to 0x3bff), 0x3bff in rtz; NX
        r("ffract.f16", &[0x8001], 0x3bff, NX),
        r("ffract.f16", &[0x8001], 0x3bff, NX).mode(0, 3),
        r("ffract.f16", &[0x8001], 0x3bff, NX).mode(0, 1),
        // integers: -0 in rdn (MODE.rm16, not MODE.rm)
        r("ffract.f16", &[0x0000], 0x8000, 0).mode(0, 2),
        r("ffract.f16", &[0x0000], 0x0000, 0).mode(2, 0),
        r("ffract.f16", &[0xc200], 0x8000, 0).mode(0, 2),
        // -0.25 - 2^-12 (0xb401): 0.75 - 2^-12 is a tie between 0x39ff and 0.75 (0x3a00)
        r("ffract.f16", &[0xb401], 0x3a00, NX),
        r("ffract.f16", &[0xb401], 0x39ff, NX).mode(0, 2),
        r("ffract.f16", &[0xb401], 0x3a00, NX).mode(0, 4),
        r("mov.b16", &[HSNAN], HSNAN, 0),
        r("add.i16", &[0xffff, 2], 1, 0),
        r("sub.i16", &[0, 1], 0xffff, 0),
        r("mul.i16", &[0x0100, 0x0100], 0, 0),
        r("mul.i16", &[0xffff, 0xffff], 1, 0),
        r("sll.i16", &[1, 0x13], 8, 0),
        r("srl.i16", &[0x8000, 15], 1, 0),
        r("sra.i16", &[0x8000, 15], 0xffff, 0),
        r("sra.i16", &[0x8000, 0x10], 0x8000, 0),
        r("and.b16", &[0xf0f0, 0xff00], 0xf000, 0),
        r("or.b16", &[0xf0f0, 0xff00], 0xfff0, 0),
        r("xor.b16", &[0xf0f0, 0xff00], 0x0ff0, 0),
        r("min.i16", &[0xffff, 1], 0xffff, 0),
        r("min.u16", &[0xffff, 1], 1, 0),
        r("max.i16", &[0xffff, 1], 1, 0),
        r("max.u16", &[0xffff, 1], 0xffff, 0),
        r("fcvt.f16.i16", &[0xfffd], 0xc200, 0),
        // 2049 is the binary16 tie between 2048 and 2050
        r("fcvt.f16.i16", &[0x0801], 0x6800, NX),
        r("fcvt.f16.i16", &[0x0801], 0x6801, NX).mode(0, 3),
        r("fcvt.f16.u16", &[1000], 0x63d0, 0),
        r("fcvt.f16.u16", &[0xffff], HINF, OF | NX),
        r("fcvt.f16.u16", &[0xffff], HMAX, NX).mode(0, 1),
        r("fcvt.i16.f16", &[0xc180], 0xfffe, NX),
        r("fcvt.i16.f16", &[HMAX], 0x7fff, NV),
        r("fcvt.i16.f16", &[HQNAN], 0x7fff, NV),
        r("fcvt.i16.f16", &[0xf800], 0x8000, 0),
        r("fcvt.u16.f16", &[0x4300], 3, NX),
        r("fcvt.u16.f16", &[HM1], 0, NV),
        r("fcvt.u16.f16", &[HMAX], 0xffe0, 0),
        r("fclass.f16", &[0xfc00], 1, 0),
        r("fclass.f16", &[HSNAN], 0x100, 0),
        r("fclass.f16", &[0x0001], 0x20, 0),
        r("fclass.f16", &[HQNAN], 0x200, 0),
        r("sel.b16", &[0x1111, 0x2222, 0], 0x2222, 0),
        r("sel.b16", &[0x1111, 0x2222, 0x8000], 0x1111, 0),
        // 1.5 * 2^3 = 12 = 0x4a00
        r("fldexp.f16", &[H1_5, 3], 0x4a00, 0),
        r("fldexp.f16", &[H1, 0xfff0], 0x0100, 0),
        r("fldexp.f16", &[H1, 16], HINF, OF | NX),
        r("fldexp.f16", &[H1, 16], HMAX, OF | NX).mode(0, 1),
        r("fldexp.f16", &[H1, 0x8000], 0, UF | NX),
        r("fldexp.f16", &[H2, 0xffff], H1, 0),
        // ---------------------------------------------------------------- HC integer
        r("cmp.eq.i16", &[0xffff, 1], 0, 0),
        r("cmp.eq.i16", &[0x7d01, 0x7d01], 1, 0),
        r("cmp.ne.i16", &[0xffff, 1], 1, 0),
        r("cmp.lt.i16", &[0xffff, 1], 1, 0),
        r("cmp.ge.i16", &[0xffff, 1], 0, 0),
        r("cmp.ge.i16", &[1, 1], 1, 0),
        r("cmp.lt.u16", &[0xffff, 1], 0, 0),
        r("cmp.ge.u16", &[0xffff, 1], 1, 0),
    ];
    v.extend(compare_rows());
    v
}

#[test]
fn every_row_matches() {
    let rows = rows();
    let mut failures = Vec::new();
    for row in &rows {
        if let Err(e) = std::panic::catch_unwind(|| check(row)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(msg);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
    println!("{} rows", rows.len());
}

#[test]
fn rows_cover_every_6_2_variant() {
    let want: BTreeSet<&str> = INSNS
        .iter()
        .filter(|d| d.group_desc().chapter == "6.2")
        .map(|d| d.mnemonic)
        .collect();
    assert!(!want.is_empty());
    let got: BTreeSet<&str> = rows().iter().map(|r| r.m).collect();
    let missing: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "missing {missing:?}, extra {extra:?}"
    );
}
