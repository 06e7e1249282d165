//! Value constraints solved by search over the semantics: for a result class a variant has
//! not produced yet, run the variant on the simulator with fixed registers and operand
//! values drawn from the generator's corners and random bits (32 candidates a step, one a
//! lane) until a lane's result falls in the class; the operand values of that lane (and
//! the immediates, rounding field and modifiers of the step) are a *witness* that
//! `gen --toward` loads before the instruction. A class no search finds stays a hole, and
//! the closure report says so.

use crate::rng::Rng;
use crate::values::{f32_bits, field, value32};
use warpkit_cover::class::ValueKind;
use warpkit_cover::model::CoverOperand;
use warpkit_encoding::{encode, Inst};
use warpkit_isa::{Flags, InsnDesc, OpType, RegFile, Slot, StateLoc};
use warpkit_sim::{Mode, Program, StepResult, Warp};

/// Simulator steps (of 32 candidates each; 32 times as many of one for a uniform result)
/// spent looking for one variant's witnesses.
pub const STEPS: u32 = 256;

/// Values that make IEEE operations raise each flag, by FFLAGS bit (nx, uf, of, dz, nv):
/// values just above 1 and thirds (inexact), the smallest normals and subnormals and
/// halves (underflow), the largest finite values of both signs (overflow), and
/// infinities, zeros, signalling NaNs and the int32 range edges (invalid). No variant
/// divides, so the dz row is a mix of the others.
pub const F32_FLAG_VALUES: [&[u32]; 5] = [
    &[
        0x3f80_0001,
        0x3eaa_aaab,
        0x4040_0000,
        0x3dcc_cccd,
        0x4b80_0001,
        0x3f00_0000,
    ],
    &[
        0x0080_0001,
        0x0000_0003,
        0x3f00_0000,
        0x3eaa_aaab,
        0x8080_0001,
        0x0100_0000,
    ],
    &[
        0x7f7f_ffff,
        0xff7f_ffff,
        0x7f00_0000,
        0x477f_f000,
        0x4f00_0000,
    ],
    &[
        0x7f7f_ffff,
        0x0080_0001,
        0x3f80_0001,
        0x7f80_0001,
        0x0000_0000,
    ],
    &[
        0x7f80_0001,
        0xff80_0001,
        0x7f80_0000,
        0xff80_0000,
        0x0000_0000,
        0x4f00_0000,
        0xcf00_0001,
    ],
];
pub const F16_FLAG_VALUES: [&[u16]; 5] = [
    &[0x3c01, 0x3555, 0x4200, 0x2e66, 0x6401, 0x3800],
    &[0x0401, 0x0003, 0x3800, 0x3555, 0x8401, 0x0800],
    &[0x7bff, 0xfbff, 0x7800, 0x7a00],
    &[0x7bff, 0x0401, 0x3c01, 0x7c01, 0x0000],
    &[0x7c01, 0xfc01, 0x7c00, 0xfc00, 0x0000, 0x7bff],
];

/// Operand values that make a variant produce a result class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// The instruction as run: its immediates, rounding field and modifiers are part of
    /// the witness (its registers are the search's, see [`canonical`]).
    pub inst: Inst,
    /// The value of each register the instruction reads (a pair as one 64-bit value, a
    /// half in the low 16 bits), by slot.
    pub values: Vec<(Slot, u64)>,
    /// MODE.rm and MODE.rm16 of the run (what `dyn` and no field round with).
    pub mode: u8,
}

/// The key of a witness for FFLAGS bit `b` in [`solve`]'s answer (result classes are 0..16).
pub const FLAG_KEY: usize = 16;

/// A register operand: slot, file, first register (a half: 2 * register + half), count.
pub type RegOperand = (Slot, RegFile, u8, u8);

/// A lane value for an operand of any kind: integer, binary32 and binary16 corners and
/// random bits.
pub fn lane_value(rng: &mut Rng) -> u32 {
    match rng.below(6) {
        // The integer class representatives themselves: results such as `x | y == 0` need
        // both operands at a corner.
        0 => *rng.pick(&[0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff]),
        1 => f32_bits(rng),
        _ => value32(rng),
    }
}

/// The integer class representatives (zero, one, minus one, INT_MIN, INT_MAX) of 32 and 16
/// bits.
const CORNERS32: [u32; 5] = [0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff];
const CORNERS16: [u32; 5] = [0, 1, 0xffff, 0x8000, 0x7fff];

/// A register value made of integer corners: two 32-bit ones (a pair's INT64_MAX is
/// 0x7fffffff:0xffffffff) or four 16-bit ones (packed halves such as 0x0001_ffff).
fn corner_value(rng: &mut Rng) -> u64 {
    if rng.chance(1, 2) {
        *rng.pick(&CORNERS32) as u64 | (*rng.pick(&CORNERS32) as u64) << 32
    } else {
        (0..4).fold(0, |a, k| a | (*rng.pick(&CORNERS16) as u64) << (16 * k))
    }
}

/// Operand values aimed at the missing classes of a result: for a few values of each
/// class, the value itself (an operand an addition with zero or an AND with all ones
/// passes through), its bytes swapped, the binary32 or binary16 number whose integer
/// conversion has that bit pattern (a conversion's result is classed as a float: the
/// integer 0x7f800000 is "+inf"; low bits are cleared first so that the number is exact),
/// and the fractions whose normalised conversions give its halves.
fn aimed_values(kind: ValueKind, missing: u16, rng: &mut Rng) -> Vec<u64> {
    let mut out = Vec::new();
    for k in (0..kind.classes().len()).filter(|k| missing >> k & 1 == 1) {
        for _ in 0..4 {
            let v = kind.sample(k, rng.u64());
            out.push(v);
            out.push((v as u32).swap_bytes() as u64);
            let x = v as u32 & !0xff;
            out.push((x as i32 as f32).to_bits() as u64);
            out.push((x as f32).to_bits() as u64);
            // The numbers a normalised conversion (snorm16, unorm16, unorm8) takes to
            // either half of the value.
            for h in [v as u16, (v >> 16) as u16] {
                for f in [
                    h as i16 as f32 / 32767.0,
                    h as f32 / 65535.0,
                    h as u8 as f32 / 255.0,
                ] {
                    out.push(f.to_bits() as u64);
                }
            }
            // A 64-bit class corner may be a product of two 32-bit operands (2^63 - 1 is
            // 4042815511 x 2281422937): a factor pair of it.
            if kind == ValueKind::Int64 && k + 1 < kind.classes().len() {
                if let Some((a, b)) = factor_pair(v) {
                    out.extend([a, b]);
                }
            }
            let h = v as u16 & !0xf;
            for f in [h as i16 as f32, h as f32] {
                out.push(warpkit_fp::f32_to_f16(f.to_bits(), warpkit_fp::Rm::Rne, &mut 0) as u64);
            }
        }
    }
    out
}

/// Two factors below 2^32 whose product is `v`, from its factors below 2^20 (and what is
/// left over, as one factor), if there are such.
fn factor_pair(v: u64) -> Option<(u64, u64)> {
    let limit = 1u64 << 32;
    if v < limit {
        return None;
    }
    let mut factors = Vec::new();
    let mut rest = v;
    let mut p = 2;
    while p < 1 << 20 && p * p <= rest {
        while rest.is_multiple_of(p) {
            factors.push(p);
            rest /= p;
        }
        p += 1;
    }
    if rest > 1 {
        factors.push(rest);
    }
    // The divisors below 2^32, grown factor by factor.
    let mut divisors = vec![1u64];
    for f in factors {
        let more: Vec<u64> = divisors
            .iter()
            .filter_map(|d| d.checked_mul(f))
            .filter(|d| *d < limit && !divisors.contains(d))
            .collect();
        divisors.extend(more);
        divisors.sort_unstable();
        divisors.dedup();
    }
    let d = *divisors.iter().find(|d| v / **d < limit)?;
    Some((d, v / d))
}

/// One candidate register value (a pair as 64 bits): integer corners, a value aimed at a
/// missing class, or a lane value in each word.
fn candidate(rng: &mut Rng, aimed: &[u64]) -> u64 {
    match rng.below(4) {
        0 => corner_value(rng),
        1 if !aimed.is_empty() => *rng.pick(aimed),
        _ => lane_value(rng) as u64 | (lane_value(rng) as u64) << 32,
    }
}

/// `d` with registers apart from each other (rd low, sources 8, 16, 24 apart; groups
/// aligned) and random immediates, rounding fields and modifiers.
pub fn canonical(d: &InsnDesc, rng: &mut Rng) -> Inst {
    let mut inst = Inst::new(d.id);
    for o in d.operands {
        let base = match o.slot {
            Slot::Rs1 => 8,
            Slot::Rs2 => 16,
            Slot::Rs3 => 24,
            _ => 0,
        };
        let v: i64 = match o.ty.reg() {
            Some((RegFile::H, ..)) => 2 * base + rng.below(2) as i64,
            Some((RegFile::U, ..)) => base / 2 + 2,
            Some(_) => base,
            None => match o.ty {
                OpType::Rm => *rng.pick(&[0i64, 1, 2, 3, 4, 7]),
                OpType::Mod3 => (rng.below(8) as u8 & d.source_mask()) as i64,
                OpType::Dim => rng.below(10) as i64,
                OpType::K32 => lane_value(rng) as i64,
                t if t.is_pc_relative() => (rng.below(64) as i64 - 32) & !3,
                t => field(rng, o.width, t.is_signed()),
            },
        };
        inst.set(o.slot, v);
    }
    inst
}

/// The register operands `d` reads, with the registers of `inst`.
pub fn sources(d: &InsnDesc, inst: &Inst) -> Vec<RegOperand> {
    let mut out = Vec::new();
    for o in d.operands {
        if !d.reads.contains(&StateLoc::Op(o.slot)) {
            continue;
        }
        if let Some((file, count, _)) = o.ty.reg() {
            out.push((o.slot, file, reg_of(inst, o.slot), count));
        }
    }
    out
}

/// The register number in a register slot of `inst`.
pub fn reg_of(inst: &Inst, slot: Slot) -> u8 {
    match slot {
        Slot::Rd => inst.rd,
        Slot::Rs1 => inst.rs1,
        Slot::Rs2 => inst.rs2,
        _ => inst.rs3,
    }
}

fn write(w: &mut Warp, (_, file, reg, count): RegOperand, lane: usize, v: u64) {
    for k in 0..count.min(2) as usize {
        let x = (v >> (32 * k)) as u32;
        match file {
            RegFile::V => w.vregs_mut()[reg as usize + k][lane] = x,
            RegFile::U => w.uregs_mut()[reg as usize + k] = x,
            RegFile::H => {
                let r = &mut w.vregs_mut()[reg as usize >> 1][lane];
                let sh = 16 * (reg as u32 & 1);
                *r = (*r & !(0xffff << sh)) | ((x & 0xffff) << sh);
            }
        }
    }
}

fn read(w: &Warp, file: RegFile, reg: u8, count: u8, lane: usize) -> u64 {
    let mut v = 0u64;
    for k in 0..count.min(2) as usize {
        let x = match file {
            RegFile::V => w.vregs()[reg as usize + k][lane],
            RegFile::U => w.uregs()[reg as usize + k],
            RegFile::H => w.vregs()[reg as usize >> 1][lane] >> (16 * (reg as u32 & 1)) & 0xffff,
        };
        v |= (x as u64) << (32 * k);
    }
    v
}

/// Witnesses for the result classes in `missing` (bit k = class k of `res.kind`; `res`
/// none when `d` has no classed result) and the FFLAGS bits in `flags` (key
/// [`FLAG_KEY`] + bit) of `d`: one per class or flag found, in key order. FFLAGS are one
/// per warp, so every other step gives all lanes the same values and a raised flag is
/// that lane's; lane-mask results (flag `ur`: one bit per lane) are searched with the
/// same values in every lane, as the generator's loads give them.
pub fn solve(
    d: &InsnDesc,
    res: Option<&CoverOperand>,
    missing: u16,
    flags: u8,
    rng: &mut Rng,
) -> Vec<(usize, Witness)> {
    let mut found: Vec<(usize, Witness)> = Vec::new();
    let mut left = missing;
    let mut flags_left = flags;
    let aimed = res.map_or(Vec::new(), |r| aimed_values(r.kind, missing, rng));
    // Uniform sources give one candidate a step, not 32: as many candidates as a vector
    // variant gets. (A lane-mask result also has one, but equal lanes cannot make most
    // masks: more steps would not help.)
    let uniform_sources = d.operands.iter().all(|o| {
        !d.reads.contains(&StateLoc::Op(o.slot))
            || o.ty.reg().is_none_or(|(file, ..)| file == RegFile::U)
    });
    let steps = if uniform_sources { STEPS * 32 } else { STEPS };
    for step in 0..steps {
        if left == 0 && flags_left == 0 {
            break;
        }
        let uniform_lanes = d.flags.has(Flags::UR) || (flags_left != 0 && step % 2 == 1);
        let mut inst = canonical(d, rng);
        // A 32-bit literal is an operand too: corners and aimed values half the time.
        for o in d.operands.iter().filter(|o| o.ty == OpType::K32) {
            if rng.chance(1, 2) {
                inst.set(o.slot, candidate(rng, &aimed) as u32 as i64);
            }
        }
        let srcs = sources(d, &inst);
        if srcs.iter().any(|s| s.3 > 2) {
            return found;
        }
        let p = Program::new(&encode(&inst));
        let mut w = Warp::new();
        let mode = rng.below(5) as u8;
        if w.set_mode(Mode {
            rm: mode,
            rm16: mode,
        })
        .is_err()
        {
            return found;
        }
        let mut shared = Vec::new();
        // Flag steps draw mostly from the values that tend to raise a missing flag.
        let flag: Option<usize> = (uniform_lanes && flags_left != 0).then(|| {
            let bits: Vec<usize> = (0..5).filter(|b| flags_left >> b & 1 == 1).collect();
            *rng.pick(&bits)
        });
        for s in &srcs {
            let v = match flag {
                Some(f) if rng.chance(3, 4) => {
                    if s.1 == RegFile::H || (d.flags.has(Flags::H16) || rng.chance(1, 3)) {
                        (*rng.pick(F16_FLAG_VALUES[f]) as u64) << 16
                            | *rng.pick(F16_FLAG_VALUES[f]) as u64
                    } else {
                        *rng.pick(F32_FLAG_VALUES[f]) as u64
                    }
                }
                _ => candidate(rng, &aimed),
            };
            shared.push(v);
            write(&mut w, *s, 0, v);
        }
        for lane in 0..32 {
            for (s, v) in srcs.iter().zip(&shared) {
                let v = if uniform_lanes || s.1 == RegFile::U {
                    *v
                } else {
                    candidate(rng, &aimed)
                };
                write(&mut w, *s, lane, v);
            }
        }
        let before: Vec<Vec<u64>> = (0..32)
            .map(|lane| srcs.iter().map(|s| read(&w, s.1, s.2, s.3, lane)).collect())
            .collect();
        w.set_pc(0);
        if w.step(&p) != StepResult::Running {
            continue;
        }
        let witness = |lane: usize| Witness {
            inst,
            values: srcs
                .iter()
                .map(|s| s.0)
                .zip(before[lane].iter().copied())
                .collect(),
            mode,
        };
        if uniform_lanes {
            let raised = w.fflags() & flags_left;
            for b in 0..5 {
                if raised >> b & 1 == 1 {
                    flags_left &= !(1 << b);
                    found.push((FLAG_KEY + b, witness(0)));
                }
            }
        }
        let Some(res) = res else { continue };
        let rd = reg_of(&inst, Slot::Rd);
        for lane in 0..32 {
            let got = res.kind.class_bits(read(&w, res.file, rd, res.count, lane)) & left;
            for k in 0..16 {
                if got >> k & 1 == 1 {
                    left &= !(1 << k);
                    found.push((k, witness(lane)));
                }
            }
        }
    }
    found.sort_by_key(|f| f.0);
    found
}

#[cfg(test)]
mod tests {
    use super::factor_pair;

    #[test]
    fn factor_pairs_are_32_bit_and_multiply_back() {
        let (a, b) = factor_pair(0x7fff_ffff_ffff_ffff).expect("2^63 - 1 splits");
        assert!(a < 1 << 32 && b < 1 << 32);
        assert_eq!(a * b, 0x7fff_ffff_ffff_ffff);
        // 2^63 has no pair below 2^32 (its factors are powers of two, one at least 2^32).
        assert_eq!(factor_pair(1 << 63), None);
        // A prime above 2^32 has none.
        assert_eq!(factor_pair(4_294_967_311), None);
    }
}
