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

#[derive(Clone)]
struct Row {
    m: String,
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

fn r(m: &str, s: &[u32], want: u32, fl: u8) -> Row {
    let mut a = [0u32; 3];
    a[..s.len()].copy_from_slice(s);
    Row {
        m: m.to_string(),
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

const ACTIVE: u32 = 0xffff_fffe;

/// Run one row; panics with a description on any mismatch.
fn check(row: &Row) {
    let id = lookup(&row.m).unwrap_or_else(|| panic!("no variant {}", row.m));
    let desc = id.desc();
    let mut i = ins(&row.m);
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
            let m = format!("cmp.{p}{sfx}");
            v.push(r(&m, &[ops[0].0, ops[0].1], t[0], 0));
            v.push(r(&m, &[ops[1].0, ops[1].1], t[1], 0));
            v.push(r(&m, &[ops[2].0, ops[2].1], t[2], 0));
            v.push(r(&m, &[ops[3].0, ops[3].1], t[3], q));
            v.push(r(&m, &[ops[4].0, ops[4].1], t[3], NV));
        }
    }
    v
}

/// The names a value in `data/fp_ops.txt` may use.
const NAMES: &[(&str, u32)] = &[
    ("P0", P0),
    ("N0", N0),
    ("ONE", ONE),
    ("M1", M1),
    ("HALF", HALF),
    ("QUART", QUART),
    ("F1_5", F1_5),
    ("F2", F2),
    ("F2_25", F2_25),
    ("F3", F3),
    ("F3_75", F3_75),
    ("F4", F4),
    ("MAX", MAX),
    ("INF", INF),
    ("NINF", NINF),
    ("QNAN", QNAN),
    ("SNAN", SNAN),
    ("EPS24", EPS24),
    ("H1", H1),
    ("HM1", HM1),
    ("H0_5", H0_5),
    ("H1_5", H1_5),
    ("H2", H2),
    ("H2_25", H2_25),
    ("H3_75", H3_75),
    ("HMAX", HMAX),
    ("HINF", HINF),
    ("HQNAN", HQNAN),
    ("HSNAN", HSNAN),
    ("HEPS11", HEPS11),
];

/// One value of the vector file: a number, a name of [`NAMES`], or `HI:LO` halves.
fn value(t: &str) -> Result<u32, String> {
    if let Some((hi, lo)) = t.split_once(':') {
        return Ok(value(hi)? << 16 | value(lo)?);
    }
    if let Some(&(_, v)) = NAMES.iter().find(|(n, _)| *n == t) {
        return Ok(v);
    }
    let digits = t.replace('_', "");
    let parsed = if let Some(hex) = digits.strip_prefix("0x") {
        u32::from_str_radix(hex, 16).ok()
    } else if digits.starts_with('-') {
        digits.parse::<i32>().ok().map(|v| v as u32)
    } else {
        digits.parse::<u32>().ok()
    };
    parsed.ok_or_else(|| format!("`{t}` is not a number, a known name or HI:LO"))
}

fn flag_bits(t: &str) -> Result<u8, String> {
    if t == "-" {
        return Ok(0);
    }
    t.split('|')
        .map(|f| match f {
            "NX" => Ok(NX),
            "UF" => Ok(UF),
            "OF" => Ok(OF),
            "NV" => Ok(NV),
            _ => Err(format!("flag `{f}`: NX, UF, OF or NV")),
        })
        .try_fold(0, |acc, f| Ok(acc | f?))
}

/// `N,M,...` of small numbers.
fn small(t: &str, n: usize) -> Result<Vec<u8>, String> {
    let v: Vec<u8> = t
        .split(',')
        .map(|x| x.parse().map_err(|_| format!("`{x}` in `{t}`")))
        .collect::<Result<_, _>>()?;
    if v.len() == n {
        Ok(v)
    } else {
        Err(format!("`{t}`: {n} numbers expected"))
    }
}

/// One case line of the vector file (see its header).
fn parse_row(line: &str) -> Result<Row, String> {
    let mut f = line.split_whitespace();
    let (Some(m), Some(srcs), Some(want), Some(fl)) = (f.next(), f.next(), f.next(), f.next())
    else {
        return Err("MNEMONIC SOURCES WANT FLAGS expected".into());
    };
    let s: Vec<u32> = if srcs == "-" {
        Vec::new()
    } else {
        srcs.split(',').map(value).collect::<Result<_, _>>()?
    };
    if s.len() > 3 {
        return Err(format!("{} sources (at most 3)", s.len()));
    }
    let mut row = r(m, &s, value(want)?, flag_bits(fl)?);
    for opt in f {
        let (k, v) = opt
            .split_once('=')
            .ok_or_else(|| format!("option `{opt}`: KEY=VALUE"))?;
        match k {
            "d0" => row.d0 = value(v)?,
            "rm" => row.rm = Some(small(v, 1)?[0]),
            "mods" => {
                let x = small(v, 3)?;
                (row.neg, row.abs, row.sat) = (x[0], x[1], x[2]);
            }
            "mode" => {
                let x = small(v, 2)?;
                row.mode = (x[0], x[1]);
            }
            _ => return Err(format!("option `{k}`: d0, rm, mods or mode")),
        }
    }
    Ok(row)
}

/// The cases of `data/fp_ops.txt`, then the compare rows.
fn rows() -> Vec<Row> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fp_ops.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut v = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        v.push(parse_row(line).unwrap_or_else(|e| panic!("fp_ops.txt:{}: {e}", n + 1)));
    }
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
    let rows = rows();
    let got: BTreeSet<&str> = rows.iter().map(|r| r.m.as_str()).collect();
    let missing: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "missing {missing:?}, extra {extra:?}"
    );
}
