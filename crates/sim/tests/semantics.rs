//! Every §6.1 variant against an independently written reference (i64/i128 arithmetic,
//! bit loops), on edge-case operands, with full and partial EXEC; plus hand-computed exact
//! values for the corner cases. `coverage` checks that the tables below name every §6.1
//! variant exactly once.
#![allow(clippy::needless_range_loop)]

mod common;
use common::*;
use std::collections::BTreeSet;
use warpkit_isa::INSNS;
use warpkit_sim::Warp;

type Bin = fn(u32, u32) -> u32;
type Un = fn(u32) -> u32;
type Tri = fn(u32, u32, u32) -> u32;
type Cmp = fn(u32, u32) -> bool;
type Cmp64 = fn(u64, u64) -> bool;

/// Lane values of the first source: zero, ones, sign boundaries, shift-like values, noise.
const A: [u32; 32] = [
    0,
    1,
    2,
    3,
    31,
    32,
    33,
    63,
    64,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_ffff,
    0xffff_fffe,
    0x1234_5678,
    0x9abc_def0,
    0x0000_ffff,
    0xffff_0000,
    0x00ff_00ff,
    0x5555_5555,
    0xaaaa_aaaa,
    100,
    0xffff_ff80,
    0x7f,
    0x80,
    0xdead_beef,
    0x0f0f_0f0f,
    0x4000_0000,
    7,
    0xc000_0000,
    0x0001_0000,
    0xfedc_ba98,
];
/// Second source: deliberately includes shift amounts >= 32 and 64.
const B: [u32; 32] = [
    0,
    1,
    31,
    32,
    33,
    63,
    64,
    0xffff_ffe1,
    0x8000_0000,
    0xffff_ffff,
    0x7fff_ffff,
    2,
    0xffff_ffff,
    1,
    0x8765_4321,
    5,
    0x0001_0000,
    0x10,
    0xff00_ff00,
    0xaaaa_aaaa,
    0x5555_5555,
    0xffff_ff9c,
    3,
    0x81,
    0x80,
    0,
    0xf0f0_f0f0,
    0x4000_0000,
    0xffff_fff9,
    0x4000_0000,
    0xffff,
    0x0123_4567,
];
const C: [u32; 32] = [
    0,
    0xffff_ffff,
    1,
    8,
    16,
    31,
    32,
    33,
    63,
    64,
    0x1234_5678,
    0x8000_0000,
    0x0c0d_0e0f,
    0x0706_0504,
    0x0003_0201,
    0x0d0c_0b0a,
    5,
    0,
    24,
    0x7fff_ffff,
    7,
    40,
    0xffff_fff0,
    12,
    1,
    0x0101_0101,
    3,
    2,
    0x0800_0108,
    30,
    0x8000_0001,
    17,
];
const UVALS: [u32; 9] = [
    0,
    1,
    31,
    32,
    33,
    0x8000_0000,
    0xffff_ffff,
    0x1234_5678,
    0xffff_ff00,
];
const S8: [i32; 10] = [-128, -1, 0, 1, 5, 31, 32, 33, 127, -33];
const S10: [i32; 9] = [-512, -1, 0, 1, 31, 32, 33, 511, -100];
const K32: [u32; 7] = [
    0,
    1,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0x1234_5678,
    0xffff_fff0,
];
/// Partial EXEC used for every vector test in addition to full EXEC.
const PART: u32 = 0x5a5a_c3a5;
const SENT: u32 = 0xdead_0000;

fn s(x: u32) -> i64 {
    x as i32 as i64
}
fn z(x: u32) -> i64 {
    x as i64
}
fn clamp_i(x: i64) -> u32 {
    x.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
}
fn clamp_u(x: i64) -> u32 {
    x.clamp(0, u32::MAX as i64) as u32
}
fn mask_bits(w: u32) -> u32 {
    (0..w.min(32)).fold(0, |m, i| m | 1 << i)
}
fn ref_bfe_i(a: u32, off: u32, w: u32) -> u32 {
    // field bits, reading 0 beyond bit 31, then sign-extend from bit w-1
    let (off, w) = (off & 31, w & 63);
    let mut r: i64 = 0;
    for i in 0..w {
        let src = off + i;
        let bit = if src < 32 { (a >> src) & 1 } else { 0 };
        r |= (bit as i64) << i;
    }
    if w > 0 && (r >> (w - 1)) & 1 == 1 {
        r -= 1i64 << w;
    }
    r as u32
}
fn ref_med3(a: i64, b: i64, c: i64) -> i64 {
    let mut v = [a, b, c];
    v.sort();
    v[1]
}

const VV: &[(&str, Bin)] = &[
    ("add", |a, b| (z(a) + z(b)) as u32),
    ("sub", |a, b| (z(a) - z(b)) as u32),
    ("sll", |a, b| ((z(a) << (b % 32)) & 0xffff_ffff) as u32),
    ("slt", |a, b| (s(a) < s(b)) as u32),
    ("sltu", |a, b| (z(a) < z(b)) as u32),
    ("xor", |a, b| a ^ b),
    ("srl", |a, b| (z(a) >> (b % 32)) as u32),
    ("sra", |a, b| (s(a) >> (b % 32)) as u32),
    ("or", |a, b| a | b),
    ("and", |a, b| a & b),
    ("min", |a, b| if s(a) < s(b) { a } else { b }),
    ("max", |a, b| if s(a) > s(b) { a } else { b }),
    ("minu", |a, b| if a < b { a } else { b }),
    ("maxu", |a, b| if a > b { a } else { b }),
    ("andn", |a, b| a & (b ^ 0xffff_ffff)),
    ("orn", |a, b| a | (b ^ 0xffff_ffff)),
    ("mul", |a, b| (z(a) as i128 * z(b) as i128) as u32),
    ("mulh", |a, b| ((s(a) as i128 * s(b) as i128) >> 32) as u32),
    ("mulhsu", |a, b| {
        ((s(a) as i128 * z(b) as i128) >> 32) as u32
    }),
    ("mulhu", |a, b| ((z(a) as i128 * z(b) as i128) >> 32) as u32),
    ("xnor", |a, b| (a ^ b) ^ 0xffff_ffff),
    ("rol", |a, b| {
        ((((z(a) << 32) | z(a)) << (b % 32)) >> 32) as u32
    }),
    ("ror", |a, b| (((z(a) << 32) | z(a)) >> (b % 32)) as u32),
    ("czero.eqz", |a, b| if b == 0 { 0 } else { a }),
    ("czero.nez", |a, b| if b == 0 { a } else { 0 }),
    ("addsat.i32", |a, b| clamp_i(s(a) + s(b))),
    ("addsat.u32", |a, b| clamp_u(z(a) + z(b))),
    ("subsat.i32", |a, b| clamp_i(s(a) - s(b))),
    ("subsat.u32", |a, b| clamp_u(z(a) - z(b))),
    ("bfm", |a, b| {
        ((mask_bits(a % 64) as u64) << (b % 32)) as u32
    }),
];

/// (mnemonic, reference(lane value, uniform value)).
const VU: &[(&str, Bin)] = &[
    ("add.vu", |a, b| (z(a) + z(b)) as u32),
    ("sub.vu", |a, b| (z(a) - z(b)) as u32),
    ("sll.vu", |a, b| ((z(a) << (b % 32)) & 0xffff_ffff) as u32),
    ("slt.vu", |a, b| (s(a) < s(b)) as u32),
    ("sltu.vu", |a, b| (a < b) as u32),
    ("xor.vu", |a, b| a ^ b),
    ("srl.vu", |a, b| (z(a) >> (b % 32)) as u32),
    ("sra.vu", |a, b| (s(a) >> (b % 32)) as u32),
    ("or.vu", |a, b| a | b),
    ("and.vu", |a, b| a & b),
    ("min.vu", |a, b| s(a).min(s(b)) as u32),
    ("max.vu", |a, b| s(a).max(s(b)) as u32),
    ("minu.vu", |a, b| a.min(b)),
    ("maxu.vu", |a, b| a.max(b)),
    ("andn.vu", |a, b| a & !b),
    ("orn.vu", |a, b| a | !b),
    ("mul.vu", |a, b| (z(a) as i128 * z(b) as i128) as u32),
    ("mulh.vu", |a, b| {
        ((s(a) as i128 * s(b) as i128) >> 32) as u32
    }),
    ("mulhu.vu", |a, b| {
        ((z(a) as i128 * z(b) as i128) >> 32) as u32
    }),
    ("subr.vu", |a, b| (z(b) - z(a)) as u32),
    ("sllr.vu", |a, b| ((z(b) << (a % 32)) & 0xffff_ffff) as u32),
    ("srlr.vu", |a, b| (z(b) >> (a % 32)) as u32),
    ("srar.vu", |a, b| (s(b) >> (a % 32)) as u32),
];

/// (mnemonic, reference(lane value, sign-extended imm8 as u32)).
const VI: &[(&str, Bin)] = &[
    ("add.vi", |a, b| (z(a) + s(b)) as u32),
    ("sll.vi", |a, b| ((z(a) << (b % 32)) & 0xffff_ffff) as u32),
    ("slt.vi", |a, b| (s(a) < s(b)) as u32),
    ("sltu.vi", |a, b| (a < b) as u32),
    ("xor.vi", |a, b| a ^ b),
    ("srl.vi", |a, b| (z(a) >> (b % 32)) as u32),
    ("sra.vi", |a, b| (s(a) >> (b % 32)) as u32),
    ("or.vi", |a, b| a | b),
    ("and.vi", |a, b| a & b),
    ("min.vi", |a, b| s(a).min(s(b)) as u32),
    ("max.vi", |a, b| s(a).max(s(b)) as u32),
    ("minu.vi", |a, b| a.min(b)),
    ("maxu.vi", |a, b| a.max(b)),
    ("mul.vi", |a, b| (s(a) * s(b)) as u32),
    ("subr.vi", |a, b| (s(b) - s(a)) as u32),
];

/// (mnemonic, reference(lane value, k32 literal)).
const VL: &[(&str, Bin)] = &[
    ("add.vl", |a, b| (z(a) + z(b)) as u32),
    ("subr.vl", |a, b| (z(b) - z(a)) as u32),
    ("and.vl", |a, b| a & b),
    ("or.vl", |a, b| a | b),
    ("xor.vl", |a, b| a ^ b),
    ("mul.vl", |a, b| (z(a) as i128 * z(b) as i128) as u32),
];

const V1: &[(&str, Un)] = &[
    ("mov", |a| a),
    ("not", |a| a ^ 0xffff_ffff),
    ("clz", |a| {
        (0..32).rev().take_while(|i| (a >> i) & 1 == 0).count() as u32
    }),
    ("ctz", |a| {
        (0..32).take_while(|i| (a >> i) & 1 == 0).count() as u32
    }),
    ("cpop", |a| {
        (0..32).filter(|i| (a >> i) & 1 == 1).count() as u32
    }),
    ("brev", |a| {
        (0..32).fold(0, |r, i| r | ((a >> i) & 1) << (31 - i))
    }),
    ("rev8", |a| {
        (0..4).fold(0, |r, k| r | ((a >> (8 * k)) & 0xff) << (8 * (3 - k)))
    }),
    ("sext.b", |a| {
        ((a & 0xff) as i64 - if a & 0x80 != 0 { 256 } else { 0 }) as u32
    }),
    ("sext.h", |a| {
        ((a & 0xffff) as i64 - if a & 0x8000 != 0 { 65536 } else { 0 }) as u32
    }),
    ("zext.b", |a| a % 256),
    ("zext.h", |a| a % 65536),
    ("neg", |a| (0 - z(a)) as u32),
    ("abs", |a| s(a).unsigned_abs() as u32),
];

const VVV: &[(&str, Tri)] = &[
    ("sel", |a, b, c| if c == 0 { b } else { a }),
    ("bfe.u32", |a, b, c| {
        let w = c % 64;
        ((z(a) >> (b % 32)) & ((1i64 << w.min(32)) - 1)) as u32
    }),
    ("bfe.i32", |a, b, c| ref_bfe_i(a, b, c)),
    ("bfi", |a, b, c| {
        (0..32).fold(0, |r, i| {
            r | (if (a >> i) & 1 == 1 {
                (b >> i) & 1
            } else {
                (c >> i) & 1
            }) << i
        })
    }),
    ("perm.b32", |a, b, c| {
        let bytes = [
            b as u8,
            (b >> 8) as u8,
            (b >> 16) as u8,
            (b >> 24) as u8,
            a as u8,
            (a >> 8) as u8,
            (a >> 16) as u8,
            (a >> 24) as u8,
        ];
        let mut r = 0u32;
        for k in 0..4 {
            let sel = (c >> (8 * k)) as u8;
            let byte = if sel < 8 {
                bytes[sel as usize]
            } else if sel == 0x0d {
                0xff
            } else {
                0
            };
            r |= (byte as u32) << (8 * k);
        }
        r
    }),
    ("mad.u32", |a, b, c| {
        (z(a) as i128 * z(b) as i128 + z(c) as i128) as u32
    }),
    ("alignbit", |a, b, c| {
        (((z(a) as u128) << 32 | z(b) as u128) >> (c % 32)) as u32
    }),
    ("med3.i32", |a, b, c| ref_med3(s(a), s(b), s(c)) as u32),
    ("med3.u32", |a, b, c| ref_med3(z(a), z(b), z(c)) as u32),
    ("dp4a.i32", |a, b, c| {
        (0..4).fold(z(c), |acc, k| {
            acc + ((a >> (8 * k)) as u8 as i8 as i64) * ((b >> (8 * k)) as u8 as i8 as i64)
        }) as u32
    }),
    ("dp4a.u32", |a, b, c| {
        (0..4).fold(z(c), |acc, k| {
            acc + (((a >> (8 * k)) & 0xff) * ((b >> (8 * k)) & 0xff)) as i64
        }) as u32
    }),
];

const CMP_VV: &[(&str, Cmp)] = &[
    ("cmp.eq.i32", |a, b| a == b),
    ("cmp.ne.i32", |a, b| a != b),
    ("cmp.lt.i32", |a, b| s(a) < s(b)),
    ("cmp.ge.i32", |a, b| s(a) >= s(b)),
    ("cmp.lt.u32", |a, b| a < b),
    ("cmp.ge.u32", |a, b| a >= b),
];
const CMP_VU: &[(&str, Cmp)] = &[
    ("cmp.eq.i32.vu", |a, b| a == b),
    ("cmp.ne.i32.vu", |a, b| a != b),
    ("cmp.lt.i32.vu", |a, b| s(a) < s(b)),
    ("cmp.ge.i32.vu", |a, b| s(a) >= s(b)),
    ("cmp.lt.u32.vu", |a, b| a < b),
    ("cmp.ge.u32.vu", |a, b| a >= b),
];
const CMP_VI: &[(&str, Cmp)] = &[
    ("cmp.eq.i32.vi", |a, b| a == b),
    ("cmp.ne.i32.vi", |a, b| a != b),
    ("cmp.lt.i32.vi", |a, b| s(a) < s(b)),
    ("cmp.ge.i32.vi", |a, b| s(a) >= s(b)),
    ("cmp.lt.u32.vi", |a, b| a < b),
    ("cmp.ge.u32.vi", |a, b| a >= b),
    ("cmp.gt.i32.vi", |a, b| s(a) > s(b)),
    ("cmp.gt.u32.vi", |a, b| a > b),
];
const CMP_64: &[(&str, Cmp64)] = &[
    ("cmp.eq.i64", |a, b| a == b),
    ("cmp.ne.i64", |a, b| a != b),
    ("cmp.lt.i64", |a, b| (a as i64) < (b as i64)),
    ("cmp.ge.i64", |a, b| (a as i64) >= (b as i64)),
    ("cmp.lt.u64", |a, b| a < b),
    ("cmp.ge.u64", |a, b| a >= b),
];

const UU: &[(&str, Bin)] = &[
    ("uadd", |a, b| (z(a) + z(b)) as u32),
    ("usub", |a, b| (z(a) - z(b)) as u32),
    ("usll", |a, b| ((z(a) << (b % 32)) & 0xffff_ffff) as u32),
    ("uslt", |a, b| (s(a) < s(b)) as u32),
    ("usltu", |a, b| (a < b) as u32),
    ("uxor", |a, b| a ^ b),
    ("usrl", |a, b| (z(a) >> (b % 32)) as u32),
    ("usra", |a, b| (s(a) >> (b % 32)) as u32),
    ("uor", |a, b| a | b),
    ("uand", |a, b| a & b),
    ("umin", |a, b| s(a).min(s(b)) as u32),
    ("umax", |a, b| s(a).max(s(b)) as u32),
    ("uminu", |a, b| a.min(b)),
    ("umaxu", |a, b| a.max(b)),
    ("uandn", |a, b| a & !b),
    ("uorn", |a, b| a | !b),
    ("uxnor", |a, b| !(a ^ b)),
    ("umul", |a, b| (z(a) as i128 * z(b) as i128) as u32),
    ("umulh", |a, b| ((s(a) * s(b)) >> 32) as u32),
    ("umulhu", |a, b| {
        ((z(a) as i128 * z(b) as i128) >> 32) as u32
    }),
    ("umulhsu", |a, b| {
        ((s(a) as i128 * z(b) as i128) >> 32) as u32
    }),
    ("uczero.eqz", |a, b| if b == 0 { 0 } else { a }),
    ("uczero.nez", |a, b| if b != 0 { 0 } else { a }),
    ("useq", |a, b| (a == b) as u32),
    ("usne", |a, b| (a != b) as u32),
    ("usge", |a, b| (s(a) >= s(b)) as u32),
    ("usgeu", |a, b| (a >= b) as u32),
    ("ubfm", |a, b| {
        ((mask_bits(a % 64) as u64) << (b % 32)) as u32
    }),
    ("ubfe.u32", |a, b| {
        ((z(a) >> (b % 32)) & ((1i64 << ((b >> 16) % 64).min(32)) - 1)) as u32
    }),
    ("ubfe.i32", |a, b| ref_bfe_i(a, b, b >> 16)),
    ("urol", |a, b| a.rotate_left(b % 32)),
    ("uror", |a, b| a.rotate_right(b % 32)),
];
/// (mnemonic, reference(u1, sign-extended imm10 as u32)).
const UI: &[(&str, Bin)] = &[
    ("uaddi", |a, b| (z(a) + s(b)) as u32),
    ("uandi", |a, b| a & b),
    ("uori", |a, b| a | b),
    ("uxori", |a, b| a ^ b),
    ("uslli", |a, b| ((z(a) << (b % 32)) & 0xffff_ffff) as u32),
    ("usrli", |a, b| (z(a) >> (b % 32)) as u32),
    ("usrai", |a, b| (s(a) >> (b % 32)) as u32),
    ("uslti", |a, b| (s(a) < s(b)) as u32),
    ("usltiu", |a, b| (a < b) as u32),
    ("useqi", |a, b| (a == b) as u32),
    ("usnei", |a, b| (a != b) as u32),
    ("umuli", |a, b| (s(a) * s(b)) as u32),
];
/// (mnemonic, reference(u1, k32)).
const UL: &[(&str, Bin)] = &[
    ("uadd.l", |a, b| (z(a) + z(b)) as u32),
    ("uand.l", |a, b| a & b),
    ("uor.l", |a, b| a | b),
    ("uxor.l", |a, b| a ^ b),
    ("umul.l", |a, b| (z(a) as i128 * z(b) as i128) as u32),
    ("useq.l", |a, b| (a == b) as u32),
    ("uslt.l", |a, b| (s(a) < s(b)) as u32),
    ("usltu.l", |a, b| (a < b) as u32),
];
const U1: &[(&str, Un)] = &[
    ("umov", |a| a),
    ("unot", |a| a ^ 0xffff_ffff),
    ("uclz", |a| {
        if a == 0 {
            32
        } else {
            31 - (31 - a.leading_zeros())
        }
    }),
    ("uctz", |a| {
        (0..32).find(|i| (a >> i) & 1 == 1).unwrap_or(32)
    }),
    ("ucpop", |a| (0..32).map(|i| (a >> i) & 1).sum()),
    ("ubrev", |a| (0..32).fold(0, |r, i| r << 1 | (a >> i) & 1)),
    ("usext.b", |a| a as i8 as u32),
    ("usext.h", |a| a as i16 as u32),
    ("uwqm", |a| {
        (0..8).fold(0, |r, q| {
            if (a >> (4 * q)) & 0xf != 0 {
                r | 0xf << (4 * q)
            } else {
                r
            }
        })
    }),
];

/// Variants with their own tests below (not in the tables).
const SPECIAL: &[&str] = &[
    "mac",
    "mac.vu",
    "mbcnt",
    "cndmask",
    "movrel.s",
    "movrel.d",
    "mulwu",
    "mulw",
    "add64",
    "sub64",
    "addsx64",
    "addzx64",
    "addzx64.vu",
    "sll64",
    "srl64",
    "sra64",
    "mov.vu",
    "laneid",
    "mov64",
    "mov64.vu",
    "movi",
    "mad64.u32",
    "mad64.i32",
    "sel64",
    "mov.vl",
    "addsx64.vl",
    "uadd64",
    "usub64",
    "uaddsx64",
    "uaddzx64",
    "uadd64i",
    "umov64",
    "exec.get",
    "exec.set",
    "exec.wqm",
    "saveexec.and",
    "saveexec.or",
    "saveexec.xor",
    "saveexec.andn1",
    "saveexec.andn2",
    "saveexec.mov",
    "umovi",
    "upc",
    "upca",
    "umov.l",
    "uadd64.l",
    "jmp",
    "bexecz",
    "bexecnz",
    "jal",
    "bz",
    "bnz",
    "bnone",
    "bany",
    "jr",
    "jalr",
];

fn base_warp() -> Warp {
    let mut w = Warp::new();
    w.vregs_mut()[1] = A;
    w.vregs_mut()[2] = B;
    w.vregs_mut()[3] = C;
    for (l, x) in w.vregs_mut()[9].iter_mut().enumerate() {
        *x = SENT + l as u32;
    }
    w
}

/// Run a vector instruction writing v9 under full and partial EXEC, and check v9 against
/// `expect(lane)` on active lanes, the sentinel elsewhere, and every other register unchanged.
fn check_vec(i: &warpkit_encoding::Inst, w0: &Warp, expect: impl Fn(usize) -> u32) {
    for exec in [u32::MAX, PART, 0] {
        let mut w = w0.clone();
        w.set_exec(exec);
        let got = run1(i, &w);
        let mut want = w.clone();
        want.set_pc(i.size() as u32);
        want.set_steps(want.steps() + 1);
        for l in 0..32 {
            if exec >> l & 1 == 1 {
                want.vregs_mut()[9][l] = expect(l);
            }
        }
        if got != want {
            for l in 0..32 {
                assert_eq!(
                    got.vregs()[9][l],
                    want.vregs()[9][l],
                    "{} lane {l} exec {exec:#x} (a={:#x} b={:#x} c={:#x})",
                    i.desc().mnemonic,
                    A[l],
                    B[l],
                    C[l]
                );
            }
            panic!("{}: state other than v9 changed", i.desc().mnemonic);
        }
    }
}

#[test]
fn vector_vector() {
    for (m, f) in VV {
        check_vec(&mk(m, 9, 1, 2, 0, 0), &base_warp(), |l| f(A[l], B[l]));
    }
}

#[test]
fn vector_uniform() {
    for (m, f) in VU {
        for u in UVALS {
            let mut w = base_warp();
            w.uregs_mut()[7] = u;
            check_vec(&mk(m, 9, 1, 7, 0, 0), &w, |l| f(A[l], u));
        }
    }
}

#[test]
fn vector_imm8() {
    for (m, f) in VI {
        for imm in S8 {
            check_vec(&mk(m, 9, 1, 0, 0, imm), &base_warp(), |l| {
                f(A[l], imm as u32)
            });
        }
    }
}

#[test]
fn vector_literal() {
    for (m, f) in VL {
        for k in K32 {
            check_vec(&mk(m, 9, 1, 0, 0, k as i32), &base_warp(), |l| f(A[l], k));
        }
    }
}

#[test]
fn vector_unary() {
    for (m, f) in V1 {
        check_vec(&mk(m, 9, 1, 0, 0, 0), &base_warp(), |l| f(A[l]));
        check_vec(&mk(m, 9, 2, 0, 0, 0), &base_warp(), |l| f(B[l]));
    }
}

#[test]
fn vector_three_source() {
    for (m, f) in VVV {
        check_vec(&mk(m, 9, 1, 2, 3, 0), &base_warp(), |l| f(A[l], B[l], C[l]));
        check_vec(&mk(m, 9, 2, 3, 1, 0), &base_warp(), |l| f(B[l], C[l], A[l]));
        check_vec(&mk(m, 9, 3, 1, 2, 0), &base_warp(), |l| f(C[l], A[l], B[l]));
    }
}

fn pair(lo: &[u32; 32], hi: &[u32; 32], l: usize) -> u64 {
    lo[l] as u64 | (hi[l] as u64) << 32
}

/// Run a compare into u9 (preset to a sentinel) and check the mask.
fn check_cmp(i: &warpkit_encoding::Inst, w0: &Warp, pred: impl Fn(usize) -> bool) {
    for exec in [u32::MAX, PART, 0] {
        let mut w = w0.clone();
        w.set_exec(exec);
        w.uregs_mut()[9] = 0x1234_5678;
        let got = run1(i, &w);
        let want_mask = (0..32).filter(|&l| pred(l)).fold(0u32, |m, l| m | 1 << l) & exec;
        assert_eq!(
            got.uregs()[9],
            want_mask,
            "{} exec {exec:#x}",
            i.desc().mnemonic
        );
        let mut want = w.clone();
        want.set_pc(i.size() as u32);
        want.set_steps(want.steps() + 1);
        want.uregs_mut()[9] = want_mask;
        assert_eq!(got, want, "{}", i.desc().mnemonic);
    }
}

#[test]
fn compares() {
    for (m, f) in CMP_VV {
        check_cmp(&mk(m, 9, 1, 2, 0, 0), &base_warp(), |l| f(A[l], B[l]));
        check_cmp(&mk(m, 9, 2, 2, 0, 0), &base_warp(), |l| f(B[l], B[l]));
    }
    for (m, f) in CMP_VU {
        for u in UVALS {
            let mut w = base_warp();
            w.uregs_mut()[4] = u;
            check_cmp(&mk(m, 9, 1, 4, 0, 0), &w, |l| f(A[l], u));
        }
    }
    for (m, f) in CMP_VI {
        for imm in S8 {
            check_cmp(&mk(m, 9, 1, 0, 0, imm), &base_warp(), |l| {
                f(A[l], imm as u32)
            });
        }
    }
    let mut w = base_warp();
    w.vregs_mut()[4] = A;
    w.vregs_mut()[5] = B;
    w.vregs_mut()[6] = B;
    w.vregs_mut()[7] = A;
    for (m, f) in CMP_64 {
        check_cmp(&mk(m, 9, 4, 6, 0, 0), &w, |l| {
            f(pair(&A, &B, l), pair(&B, &A, l))
        });
        check_cmp(&mk(m, 9, 4, 4, 0, 0), &w, |l| {
            f(pair(&A, &B, l), pair(&A, &B, l))
        });
    }
}

/// Run a uniform instruction writing u9 and check only u9 (and PC) changed.
fn check_u(i: &warpkit_encoding::Inst, w: &Warp, want_u9: u32) {
    let got = run1(i, w);
    let mut want = w.clone();
    want.set_pc(i.size() as u32);
    want.set_steps(want.steps() + 1);
    want.uregs_mut()[9] = want_u9;
    assert_eq!(
        got,
        want,
        "{} -> {:#x}, want {want_u9:#x}",
        i.desc().mnemonic,
        got.uregs()[9]
    );
}

const UNI: [u32; 12] = [
    0,
    1,
    2,
    31,
    32,
    33,
    63,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0x0010_0008,
    0x003f_001f,
];

#[test]
fn uniform_ops() {
    for exec in [u32::MAX, 0] {
        for (m, f) in UU {
            for a in UNI {
                for b in UNI
                    .iter()
                    .copied()
                    .chain([0x0018_0004, 0x0020_0000, 0x0004_001e])
                {
                    let mut w = base_warp();
                    w.set_exec(exec);
                    w.uregs_mut()[1] = a;
                    w.uregs_mut()[2] = b;
                    check_u(&mk(m, 9, 1, 2, 0, 0), &w, f(a, b));
                }
            }
        }
        for (m, f) in UI {
            for a in UNI {
                for imm in S10 {
                    let mut w = base_warp();
                    w.set_exec(exec);
                    w.uregs_mut()[1] = a;
                    check_u(&mk(m, 9, 1, 0, 0, imm), &w, f(a, imm as u32));
                }
            }
        }
        for (m, f) in UL {
            for a in UNI {
                for k in K32 {
                    let mut w = base_warp();
                    w.set_exec(exec);
                    w.uregs_mut()[1] = a;
                    check_u(&mk(m, 9, 1, 0, 0, k as i32), &w, f(a, k));
                }
            }
        }
        for (m, f) in U1 {
            for a in UNI.iter().copied().chain([0x0100_8010, 0xf000_0000]) {
                let mut w = base_warp();
                w.set_exec(exec);
                w.uregs_mut()[1] = a;
                check_u(&mk(m, 9, 1, 0, 0, 0), &w, f(a));
            }
        }
    }
}

#[test]
fn coverage() {
    let mut named = BTreeSet::new();
    let tables: Vec<&str> = VV
        .iter()
        .map(|x| x.0)
        .chain(VU.iter().map(|x| x.0))
        .chain(VI.iter().map(|x| x.0))
        .chain(VL.iter().map(|x| x.0))
        .chain(V1.iter().map(|x| x.0))
        .chain(VVV.iter().map(|x| x.0))
        .chain(CMP_VV.iter().map(|x| x.0))
        .chain(CMP_VU.iter().map(|x| x.0))
        .chain(CMP_VI.iter().map(|x| x.0))
        .chain(CMP_64.iter().map(|x| x.0))
        .chain(UU.iter().map(|x| x.0))
        .chain(UI.iter().map(|x| x.0))
        .chain(UL.iter().map(|x| x.0))
        .chain(U1.iter().map(|x| x.0))
        .chain(SPECIAL.iter().copied())
        .collect();
    for m in &tables {
        assert!(named.insert(*m), "{m} listed twice");
    }
    let all: BTreeSet<&str> = INSNS
        .iter()
        .filter(|d| d.group_desc().chapter == "6.1")
        .map(|d| d.mnemonic)
        .collect();
    assert!(!all.is_empty());
    assert_eq!(named, all);
}

// ------------------------------------------------------------------ hand-computed corner cases

#[test]
fn exact_corner_values() {
    let w = base_warp();
    // lane 10: A = 0x80000000 (INT_MIN); lane 12: A = B = 0xffffffff; lane 0: A = 0.
    let get = |m: &str, rs1: u8, rs2: u8, lane: usize| {
        run1(&mk(m, 9, rs1, rs2, 0, 0), &w).vregs()[9][lane]
    };
    assert_eq!(get("abs", 1, 0, 10), 0x8000_0000);
    assert_eq!(get("neg", 1, 0, 10), 0x8000_0000);
    assert_eq!(get("clz", 1, 0, 0), 32);
    assert_eq!(get("ctz", 1, 0, 0), 32);
    assert_eq!(get("clz", 1, 0, 1), 31);
    assert_eq!(get("add", 1, 2, 9), 0x7fff_fffe); // 0x7fffffff + 0xffffffff wraps
    assert_eq!(get("addsat.i32", 1, 1, 9), 0x7fff_ffff);
    assert_eq!(get("addsat.u32", 1, 2, 12), 0xffff_ffff);
    assert_eq!(get("subsat.i32", 1, 2, 10), 0x8000_0000); // INT_MIN - INT_MAX clamps
    assert_eq!(get("subsat.u32", 1, 2, 1), 0);
    assert_eq!(get("mulh", 1, 1, 10), 0x4000_0000); // INT_MIN^2 >> 32
                                                    // shifts by B: lane 3 = 32, lane 4 = 33, lane 6 = 64 use [4:0].
    assert_eq!(get("sll", 1, 2, 3), 3); // 3 << (32 & 31 = 0)
    assert_eq!(get("sll", 1, 2, 4), 31 << 1); // A[4]=31, 33 -> 1
    assert_eq!(get("srl", 1, 2, 6), 33); // A[6]=33, 64 -> 0
    assert_eq!(get("sra", 1, 2, 10), 0xffff_ffff); // B[10]=0x7fffffff -> 31: sign fill
    let mut w2 = Warp::new();
    w2.vregs_mut()[1] = [0x8000_0000; 32];
    w2.vregs_mut()[2] = [31; 32];
    assert_eq!(
        run1(&mk("sra", 9, 1, 2, 0, 0), &w2).vregs()[9][0],
        0xffff_ffff
    );
    // 64-bit shifts use [5:0]: 1 << 32 = 0x1_00000000; amount 64 -> 0
    let mut w3 = Warp::new();
    w3.vregs_mut()[4] = [1; 32];
    w3.vregs_mut()[2] = [32; 32];
    let r = run1(&mk("sll64", 6, 4, 2, 0, 0), &w3);
    assert_eq!((r.vregs()[6][0], r.vregs()[7][0]), (0, 1));
    w3.vregs_mut()[2] = [64; 32];
    let r = run1(&mk("sll64", 6, 4, 2, 0, 0), &w3);
    assert_eq!((r.vregs()[6][0], r.vregs()[7][0]), (1, 0));
    // perm / alignbit / bfe / dp4a exact values
    let mut w4 = Warp::new();
    w4.vregs_mut()[1] = [0x4433_2211; 32];
    w4.vregs_mut()[2] = [0x8877_6655; 32];
    w4.vregs_mut()[3] = [0x0c0d_0704; 32];
    assert_eq!(
        run1(&mk("perm.b32", 9, 1, 2, 3, 0), &w4).vregs()[9][0],
        0x00ff_4411
    );
    w4.vregs_mut()[3] = [8; 32];
    assert_eq!(
        run1(&mk("alignbit", 9, 1, 2, 3, 0), &w4).vregs()[9][0],
        0x1188_7766
    );
    w4.vregs_mut()[1] = [0x0000_f000; 32];
    w4.vregs_mut()[2] = [12; 32];
    w4.vregs_mut()[3] = [4; 32];
    assert_eq!(
        run1(&mk("bfe.i32", 9, 1, 2, 3, 0), &w4).vregs()[9][0],
        0xffff_ffff
    );
    assert_eq!(run1(&mk("bfe.u32", 9, 1, 2, 3, 0), &w4).vregs()[9][0], 0xf);
    w4.vregs_mut()[1] = [0x80ff_0102; 32];
    w4.vregs_mut()[2] = [0x0202_0303; 32];
    w4.vregs_mut()[3] = [100; 32];
    // sext: -128*2 + -1*2 + 1*3 + 2*3 = -249 -> 100 - 249 = -149
    assert_eq!(
        run1(&mk("dp4a.i32", 9, 1, 2, 3, 0), &w4).vregs()[9][0],
        (-149i32) as u32
    );
    // zext: 128*2 + 255*2 + 3 + 6 = 775 -> 875
    assert_eq!(run1(&mk("dp4a.u32", 9, 1, 2, 3, 0), &w4).vregs()[9][0], 875);
}

// ------------------------------------------------------------------ special shapes

#[test]
fn mac_accumulates() {
    let mut w = base_warp();
    w.vregs_mut()[9] = C;
    check_vec(&mk("mac", 9, 1, 2, 0, 0), &w, |l| {
        C[l].wrapping_add(A[l].wrapping_mul(B[l]))
    });
    w.uregs_mut()[3] = 0x8000_0001;
    check_vec(&mk("mac.vu", 9, 1, 3, 0, 0), &w, |l| {
        C[l].wrapping_add(A[l].wrapping_mul(0x8000_0001))
    });
}

#[test]
fn mbcnt_and_cndmask() {
    let mut w = base_warp();
    w.uregs_mut()[3] = 0xf0f0_1111;
    check_vec(&mk("mbcnt", 9, 1, 3, 0, 0), &w, |l| {
        A[l].wrapping_add((0..l).filter(|&k| 0xf0f0_1111u32 >> k & 1 == 1).count() as u32)
    });
    check_vec(&mk("cndmask", 9, 1, 3, 0, 0), &w, |l| {
        if 0xf0f0_1111u32 >> l & 1 == 1 {
            A[l]
        } else {
            SENT + l as u32
        }
    });
    w.uregs_mut()[3] = u32::MAX;
    check_vec(&mk("mbcnt", 9, 1, 3, 0, 0), &w, |l| {
        A[l].wrapping_add(l as u32)
    });
}

#[test]
fn movrel() {
    let mut w = base_warp();
    w.vregs_mut()[20] = [0x2020; 32];
    w.uregs_mut()[5] = 19; // rs1 = 1 -> v20
    check_vec(&mk("movrel.s", 9, 1, 5, 0, 0), &w, |_| 0x2020);
    // index beyond vgprs reads 0
    w.set_vgprs(20).unwrap();
    check_vec(&mk("movrel.s", 9, 1, 5, 0, 0), &w, |_| 0);
    w.uregs_mut()[5] = 0xffff_ffff; // not wrapped
    check_vec(&mk("movrel.s", 9, 1, 5, 0, 0), &w, |_| 0);
    w.uregs_mut()[5] = 0;
    check_vec(&mk("movrel.s", 9, 1, 5, 0, 0), &w, |l| A[l]);
    // movrel.d: v[rd + u2] = s1; base rd = 2, u2 = 7 -> v9
    let mut w = base_warp();
    w.uregs_mut()[5] = 7;
    check_vec(&mk("movrel.d", 2, 1, 5, 0, 0), &w, |l| A[l]);
    // dropped when beyond vgprs (base itself may be beyond too), state unchanged
    w.set_vgprs(12).unwrap();
    w.uregs_mut()[5] = 10; // 2 + 10 = 12 >= 12
    let got = run1(&mk("movrel.d", 2, 1, 5, 0, 0), &w);
    let mut want = w.clone();
    want.set_pc(4);
    want.set_steps(want.steps() + 1);
    assert_eq!(got, want);
    w.uregs_mut()[5] = 0xffff_fff0; // would wrap to a small number if wrapped
    let got = run1(&mk("movrel.d", 20, 1, 5, 0, 0), &w);
    let mut want = w.clone();
    want.set_pc(4);
    want.set_steps(want.steps() + 1);
    assert_eq!(got, want);
    // movrel.d's source must be allocated
    expect_fault(&[mk("movrel.d", 2, 12, 5, 0, 0)], &w, 1);
    // movrel.s's destination must be allocated
    expect_fault(&[mk("movrel.s", 12, 1, 5, 0, 0)], &w, 1);
}

fn set_pair(w: &mut Warp, r: usize, f: impl Fn(usize) -> u64) {
    for l in 0..32 {
        w.vregs_mut()[r][l] = f(l) as u32;
        w.vregs_mut()[r + 1][l] = (f(l) >> 32) as u32;
    }
}

/// Run a pair-writing instruction into v[10:11] under full and partial EXEC.
fn check_pair(i: &warpkit_encoding::Inst, w0: &Warp, expect: impl Fn(usize) -> u64) {
    for exec in [u32::MAX, PART, 0] {
        let mut w = w0.clone();
        w.set_exec(exec);
        w.vregs_mut()[10] = [0xaaaa_aaaa; 32];
        w.vregs_mut()[11] = [0xbbbb_bbbb; 32];
        let got = run1(i, &w);
        let mut want = w.clone();
        want.set_pc(i.size() as u32);
        want.set_steps(want.steps() + 1);
        for l in 0..32 {
            if exec >> l & 1 == 1 {
                want.vregs_mut()[10][l] = expect(l) as u32;
                want.vregs_mut()[11][l] = (expect(l) >> 32) as u32;
            }
        }
        assert_eq!(got, want, "{} exec {exec:#x}", i.desc().mnemonic);
    }
}

#[test]
fn pair_ops() {
    let mut w = base_warp();
    let p4 = |l: usize| pair(&A, &B, l);
    let p6 = |l: usize| pair(&C, &A, l);
    set_pair(&mut w, 4, p4);
    set_pair(&mut w, 6, p6);
    let (a, b) = (|l: usize| A[l] as u128, |l: usize| B[l] as u128);
    check_pair(&mk("add64", 10, 4, 6, 0, 0), &w, |l| {
        (p4(l) as u128 + p6(l) as u128) as u64
    });
    check_pair(&mk("sub64", 10, 4, 6, 0, 0), &w, |l| {
        (p4(l) as i128 - p6(l) as i128) as u64
    });
    check_pair(&mk("addsx64", 10, 4, 2, 0, 0), &w, |l| {
        (p4(l) as i128 + B[l] as i32 as i128) as u64
    });
    check_pair(&mk("addzx64", 10, 4, 2, 0, 0), &w, |l| {
        (p4(l) as u128 + b(l)) as u64
    });
    check_pair(&mk("sll64", 10, 4, 2, 0, 0), &w, |l| {
        ((p4(l) as u128) << (B[l] % 64)) as u64
    });
    check_pair(&mk("srl64", 10, 4, 2, 0, 0), &w, |l| p4(l) >> (B[l] % 64));
    check_pair(&mk("sra64", 10, 4, 2, 0, 0), &w, |l| {
        ((p4(l) as i64 as i128) >> (B[l] % 64)) as u64
    });
    check_pair(&mk("mulwu", 10, 1, 2, 0, 0), &w, |l| (a(l) * b(l)) as u64);
    check_pair(&mk("mulw", 10, 1, 2, 0, 0), &w, |l| {
        (A[l] as i32 as i128 * B[l] as i32 as i128) as u64
    });
    check_pair(&mk("mad64.u32", 10, 1, 2, 6, 0), &w, |l| {
        (a(l) * b(l) + p6(l) as u128) as u64
    });
    check_pair(&mk("mad64.i32", 10, 1, 2, 6, 0), &w, |l| {
        (A[l] as i32 as i128 * B[l] as i32 as i128 + p6(l) as i128) as u64
    });
    check_pair(&mk("sel64", 10, 4, 6, 3, 0), &w, |l| {
        if C[l] != 0 {
            p4(l)
        } else {
            p6(l)
        }
    });
    check_pair(&mk("mov64", 10, 4, 0, 0, 0), &w, p4);
    for k in K32 {
        check_pair(&mk("addsx64.vl", 10, 4, 0, 0, k as i32), &w, |l| {
            (p4(l) as i128 + k as i32 as i128) as u64
        });
    }
    for u in UVALS {
        let mut w = w.clone();
        w.uregs_mut()[3] = u;
        w.uregs_mut()[8] = u;
        w.uregs_mut()[9] = !u;
        check_pair(&mk("addzx64.vu", 10, 4, 3, 0, 0), &w, |l| {
            (p4(l) as u128 + u as u128) as u64
        });
        check_pair(&mk("mov64.vu", 10, 8, 0, 0, 0), &w, |_| {
            u as u64 | ((!u as u64) << 32)
        });
    }
    // In-place: rd overlaps sources (results computed before writing).
    let r = run1(&mk("add64", 4, 4, 4, 0, 0), &w);
    for l in 0..32 {
        assert_eq!(pair(&r.vregs()[4], &r.vregs()[5], l), p4(l).wrapping_mul(2));
    }
}

#[test]
fn broadcasts_and_immediates() {
    let mut w = base_warp();
    w.uregs_mut()[6] = 0xcafe_f00d;
    check_vec(&mk("mov.vu", 9, 6, 0, 0, 0), &w, |_| 0xcafe_f00d);
    check_vec(&mk("laneid", 9, 0, 0, 0, 0), &w, |l| l as u32);
    for imm in [-131072, -1, 0, 1, 131071] {
        check_vec(&mk("movi", 9, 0, 0, 0, imm), &w, |_| imm as u32);
    }
    for k in K32 {
        check_vec(&mk("mov.vl", 9, 0, 0, 0, k as i32), &w, |_| k);
    }
}

#[test]
fn uniform_pairs_and_immediates() {
    let mut w = base_warp();
    let vals: [u64; 5] = [
        0,
        1,
        0xffff_ffff,
        0x7fff_ffff_ffff_ffff,
        0xffff_ffff_ffff_ffff,
    ];
    let set64 = |w: &mut Warp, r: usize, x: u64| {
        w.uregs_mut()[r] = x as u32;
        w.uregs_mut()[r + 1] = (x >> 32) as u32;
    };
    let chk64 = |i: &warpkit_encoding::Inst, w: &Warp, x: u64| {
        let got = run1(i, w);
        let mut want = w.clone();
        want.set_pc(i.size() as u32);
        want.set_steps(want.steps() + 1);
        want.uregs_mut()[10] = x as u32;
        want.uregs_mut()[11] = (x >> 32) as u32;
        assert_eq!(got, want, "{}", i.desc().mnemonic);
    };
    for a in vals {
        for b in vals {
            set64(&mut w, 2, a);
            set64(&mut w, 4, b);
            w.uregs_mut()[6] = b as u32;
            chk64(&mk("uadd64", 10, 2, 4, 0, 0), &w, a.wrapping_add(b));
            chk64(&mk("usub64", 10, 2, 4, 0, 0), &w, a.wrapping_sub(b));
            chk64(
                &mk("uaddsx64", 10, 2, 6, 0, 0),
                &w,
                (a as i128 + b as u32 as i32 as i128) as u64,
            );
            chk64(
                &mk("uaddzx64", 10, 2, 6, 0, 0),
                &w,
                (a as u128 + b as u32 as u128) as u64,
            );
            chk64(&mk("umov64", 10, 2, 0, 0, 0), &w, a);
        }
        for imm in S10 {
            chk64(
                &mk("uadd64i", 10, 2, 0, 0, imm),
                &w,
                (a as i128 + imm as i128) as u64,
            );
        }
        for k in K32 {
            chk64(
                &mk("uadd64.l", 10, 2, 0, 0, k as i32),
                &w,
                (a as i128 + k as i32 as i128) as u64,
            );
        }
    }
    for imm in [-65536, -1, 0, 65535] {
        check_u(&mk("umovi", 9, 0, 0, 0, imm), &w, imm as u32);
    }
    for k in K32 {
        check_u(&mk("umov.l", 9, 0, 0, 0, k as i32), &w, k);
    }
}

#[test]
fn upc_and_upca() {
    // upc/upca at PC 8 (after two nops = uadd u0,u0,u0).
    let nop = mk("uadd", 0, 0, 0, 0, 0);
    for imm in [-8, -3, 0, 5, 65532] {
        let mut w = Warp::new();
        w.set_code_base(0xffff_ffff_ffff_fff0);
        let (r, o) = run(
            &[
                nop,
                nop,
                mk("upc", 9, 0, 0, 0, imm),
                mk("upca", 10, 0, 0, 0, imm),
            ],
            &w,
            10,
        );
        assert_eq!(o.status, warpkit_sim::RunStatus::Exited);
        assert_eq!(r.uregs()[9], (8 + imm) as u32);
        let va = 0xffff_ffff_ffff_fff0u64
            .wrapping_add(12)
            .wrapping_add(imm as i64 as u64);
        assert_eq!(
            (r.uregs()[10], r.uregs()[11]),
            (va as u32, (va >> 32) as u32)
        );
    }
}

#[test]
fn exec_control() {
    let ops: &[(&str, Bin)] = &[
        ("saveexec.and", |e, s| e & s),
        ("saveexec.or", |e, s| e | s),
        ("saveexec.xor", |e, s| e ^ s),
        ("saveexec.andn1", |e, s| s & !e),
        ("saveexec.andn2", |e, s| e & !s),
        ("saveexec.mov", |_, s| s),
    ];
    for exec in [0, u32::MAX, 0x0f0f_00ff] {
        for src in [0, u32::MAX, 0x3333_5555] {
            for (m, f) in ops {
                let mut w = base_warp();
                w.set_exec(exec);
                w.uregs_mut()[1] = src;
                let got = run1(&mk(m, 9, 1, 0, 0, 0), &w);
                assert_eq!((got.uregs()[9], got.exec()), (exec, f(exec, src)), "{m}");
                // rd == rs1: the source is read before the old EXEC is written
                let got = run1(&mk(m, 1, 1, 0, 0, 0), &w);
                assert_eq!(
                    (got.uregs()[1], got.exec()),
                    (exec, f(exec, src)),
                    "{m} rd=rs1"
                );
            }
            let mut w = base_warp();
            w.set_exec(exec);
            w.uregs_mut()[1] = src;
            let got = run1(&mk("exec.get", 9, 0, 0, 0, 0), &w);
            assert_eq!((got.uregs()[9], got.exec()), (exec, exec));
            let got = run1(&mk("exec.set", 0, 1, 0, 0, 0), &w);
            assert_eq!(got.exec(), src);
        }
    }
    let mut w = base_warp();
    w.set_exec(0x8010_0201);
    let got = run1(&mk("exec.wqm", 9, 0, 0, 0, 0), &w);
    assert_eq!((got.uregs()[9], got.exec()), (0x8010_0201, 0xf0f0_0f0f));
}

/// Run `[branch, uaddi u9 += 1, uaddi u9 += 2]`; returns (u9, steps, pc).
fn branch_case(b: warpkit_encoding::Inst, w: &Warp) -> (u32, u64, Warp) {
    let prog = [b, mk("uaddi", 9, 9, 0, 0, 1), mk("uaddi", 9, 9, 0, 0, 2)];
    let (r, o) = run(&prog, w, 100);
    assert_eq!(
        o.status,
        warpkit_sim::RunStatus::Exited,
        "{}",
        b.desc().mnemonic
    );
    (r.uregs()[9], o.steps, r)
}

#[test]
fn branches() {
    let w = base_warp();
    // taken to +8 skips the first uaddi (u9 = 2); not taken runs both (u9 = 3)
    let cond: &[(&str, Cmp)] = &[
        ("bz", |u, _| u == 0),
        ("bnz", |u, _| u != 0),
        ("bnone", |u, e| u & e == 0),
        ("bany", |u, e| u & e != 0),
    ];
    for exec in [0, u32::MAX, 0x0000_00f0] {
        for u in [0, 1, 0x0000_0f00, 0x10] {
            let mut w = w.clone();
            w.set_exec(exec);
            w.uregs_mut()[3] = u;
            for (m, f) in cond {
                let (r, _, _) = branch_case(mk(m, 0, 3, 0, 0, 8), &w);
                assert_eq!(
                    r,
                    if f(u, exec) { 2 } else { 3 },
                    "{m} u={u:#x} exec={exec:#x}"
                );
            }
            let (r, _, _) = branch_case(mk("bexecz", 0, 0, 0, 0, 8), &w);
            assert_eq!(r, if exec == 0 { 2 } else { 3 });
            let (r, _, _) = branch_case(mk("bexecnz", 0, 0, 0, 0, 8), &w);
            assert_eq!(r, if exec != 0 { 2 } else { 3 });
            let (r, _, _) = branch_case(mk("jmp", 0, 0, 0, 0, 8), &w);
            assert_eq!(r, 2);
            // jump to the end (+12) exits normally
            let (r, steps, _) = branch_case(mk("jmp", 0, 0, 0, 0, 12), &w);
            assert_eq!((r, steps), (0, 1));
        }
    }
    // jal links PC + 4
    let (r, _, st) = branch_case(mk("jal", 5, 0, 0, 0, 8), &w);
    assert_eq!((r, st.uregs()[5]), (2, 4));
    // jr: (u1 + imm) & ~3
    let mut w2 = w.clone();
    w2.uregs_mut()[3] = 7;
    let (r, _, _) = branch_case(mk("jr", 0, 3, 0, 0, 2), &w2); // 9 & ~3 = 8
    assert_eq!(r, 2);
    let (r, _, st) = branch_case(mk("jalr", 3, 3, 0, 0, 1), &w2); // rd == rs1: target from old u3
    assert_eq!((r, st.uregs()[3]), (2, 4));
    // backward branch: loop u9 from 0 to 5
    let prog = [
        mk("uaddi", 9, 9, 0, 0, 1),
        mk("uslti", 8, 9, 0, 0, 5),
        mk("bnz", 0, 8, 0, 0, -8),
    ];
    let (r, o) = run(&prog, &w, 100);
    assert_eq!(
        (r.uregs()[9], o.steps, o.status),
        (5, 15, warpkit_sim::RunStatus::Exited)
    );
}
