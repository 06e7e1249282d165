//! Coverage-directed generation (`gen --toward DB`): a share of the statements aims at
//! the holes of a coverage database. A statement picks a variant with holes (weighted by
//! how many it has; never-executed variants first), loads its sources with values of the
//! classes they have not seen (or with values that provoke the FFLAGS bits not yet raised),
//! sets the rounding modes and modifiers not yet used, and for branches and EXEC writes
//! loads the condition or mask register with values that go each way. MODE is set at
//! launch, so the warps of a program start in modes some variant has not yet rounded with.

use crate::program::{Aim, Generator, ProgramItem};
use crate::rng::Rng;
use warpkit_cover::class::ValueKind;
use warpkit_cover::holes::{holes, VariantHoles};
use warpkit_cover::Db;
use warpkit_encoding::Inst;
use warpkit_isa::{Flags, InsnId, OpType, RegFile, Slot, INSNS};

/// What `gen --toward` aims at.
#[derive(Debug)]
pub struct Toward {
    targets: Vec<VariantHoles>,
    weights: Vec<u32>,
    /// MODE.rm / MODE.rm16 values some variant has not rounded with through `dyn`.
    modes: Vec<u8>,
    modes16: Vec<u8>,
    /// A 32-bit literal into a vector / uniform register (rd and a k32 immediate only).
    lit_v: InsnId,
    lit_u: InsnId,
}

/// Values that make IEEE operations raise each flag, by FFLAGS bit (nx, uf, of, dz, nv):
/// values just above 1 and thirds (inexact), the smallest normals and subnormals and
/// halves (underflow), the largest finite values of both signs (overflow), and
/// infinities, zeros, signalling NaNs and the int32 range edges (invalid). No variant
/// divides, so the dz row is a mix of the others.
const F32_FLAG_VALUES: [&[u32]; 5] = [
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
const F16_FLAG_VALUES: [&[u16]; 5] = [
    &[0x3c01, 0x3555, 0x4200, 0x2e66, 0x6401, 0x3800],
    &[0x0401, 0x0003, 0x3800, 0x3555, 0x8401, 0x0800],
    &[0x7bff, 0xfbff, 0x7800, 0x7a00],
    &[0x7bff, 0x0401, 0x3c01, 0x7c01, 0x0000],
    &[0x7c01, 0xfc01, 0x7c00, 0xfc00, 0x0000, 0x7bff],
];

fn lit_of(file: RegFile) -> Option<InsnId> {
    INSNS
        .iter()
        .find(|d| {
            !d.is_unsupported()
                && warpkit_sim::has_semantics(d.id)
                && d.operands.len() == 2
                && d.operands[0].slot == Slot::Rd
                && d.operands[0].ty.reg().map(|r| r.0) == Some(file)
                && d.operands[0].ty.reg().map(|r| r.1) == Some(1)
                && d.operands[1].ty == OpType::K32
        })
        .map(|d| d.id)
}

impl Toward {
    /// The holes of `db`, ready to aim at.
    pub fn new(db: &Db) -> Result<Toward, String> {
        let targets = holes(db);
        let weights = targets
            .iter()
            .map(|h| h.missing as u32 + if h.executed { 0 } else { 50 })
            .collect();
        let mut modes = Vec::new();
        let mut modes16 = Vec::new();
        for h in &targets {
            let list = if h.round16 { &mut modes16 } else { &mut modes };
            for m in &h.round_mode {
                if !list.contains(m) {
                    list.push(*m);
                }
            }
        }
        modes.sort();
        modes16.sort();
        let missing = "the instruction database has no literal load (rd and a k32 immediate)";
        Ok(Toward {
            targets,
            weights,
            modes,
            modes16,
            lit_v: lit_of(RegFile::V).ok_or(missing)?,
            lit_u: lit_of(RegFile::U).ok_or(missing)?,
        })
    }

    /// Variants with holes.
    pub fn targets(&self) -> usize {
        self.targets.len()
    }

    /// The launch MODE of a program's first warp: a missing mode, three times in four.
    pub(crate) fn modes(&self, rng: &mut Rng, rm: u8, rm16: u8) -> (u8, u8) {
        let mut pick = |list: &[u8], dflt: u8| {
            if !list.is_empty() && rng.chance(3, 4) {
                *rng.pick(list)
            } else {
                dflt
            }
        };
        let a = pick(&self.modes, rm);
        let b = pick(&self.modes16, rm16);
        (a, b)
    }

    /// One statement aimed at a hole: (static instructions, step bound).
    pub(crate) fn statement(
        &self,
        g: &mut Generator,
        pending: &mut Vec<(u32, u32)>,
    ) -> (usize, u64) {
        if self.targets.is_empty() {
            // Nothing left to aim at: an ordinary random instruction.
            let id = *g.rng.pick(&g.t.class[0]);
            let i = g.operands(id);
            g.items.push(ProgramItem::Inst(i));
            return (1, 1);
        }
        let k = g.rng.weighted(&self.weights);
        let h = &self.targets[k];
        let d = h.id.desc();
        let mut inst = g.operands(h.id);
        let before = g.items.len();
        // Registers the statement loads must be ones random code may write.
        let ufree = g.ufree;
        for slot in [Slot::Rs1, Slot::Rs2, Slot::Rs3] {
            if let Some(o) = d.operand(slot) {
                if matches!(o.ty.reg(), Some((RegFile::U, ..))) {
                    let (_, n, a) = o.ty.reg().unwrap_or((RegFile::U, 1, 1));
                    let r = get(&inst, slot);
                    if r as u16 + n as u16 > ufree as u16 {
                        set(&mut inst, slot, g.pick_u_dst(n, a));
                    }
                }
            }
        }
        if d.flags.has(Flags::BR) || d.flags.has(Flags::IX) {
            return self.branch(g, h, inst, pending, before);
        }
        if d.flags.has(Flags::WE) {
            if let Some(o) = d.operand(Slot::Rs1) {
                if matches!(o.ty.reg(), Some((RegFile::U, 1, _))) {
                    let v = mask_value(&mut g.rng);
                    self.load(g, RegFile::U, inst.rs1, 1, v as u64);
                }
            }
            g.items.push(ProgramItem::Inst(inst));
            let n = g.items.len() - before;
            return (n, n as u64);
        }
        // Sources: a missing class, or values that raise a missing flag.
        // Half the time, values that tend to raise one of the flags not yet raised.
        let flag = (h.fflags != 0 && g.rng.chance(1, 2)).then(|| {
            let bits: Vec<usize> = (0..5).filter(|b| h.fflags >> b & 1 == 1).collect();
            *g.rng.pick(&bits)
        });
        for slot in [Slot::Rd, Slot::Rs1, Slot::Rs2, Slot::Rs3] {
            let Some(o) = d.operand(slot) else { continue };
            if !d.reads.contains(&warpkit_isa::StateLoc::Op(slot)) {
                continue;
            }
            let Some((file, count, _)) = o.ty.reg() else {
                continue;
            };
            let missing: Vec<&(Slot, ValueKind, usize)> =
                h.values.iter().filter(|v| v.0 == slot).collect();
            let kind = missing.first().map(|m| m.1);
            let value = if let Some(f) = flag {
                // A 32-bit register of a 16-bit variant may hold binary16 pairs or a
                // binary32 (conversions): either.
                let is16 = file == RegFile::H || (d.flags.has(Flags::H16) && g.rng.chance(1, 2));
                let x = if is16 {
                    let v = *g.rng.pick(F16_FLAG_VALUES[f]) as u64;
                    v | (*g.rng.pick(F16_FLAG_VALUES[f]) as u64) << 16
                } else {
                    *g.rng.pick(F32_FLAG_VALUES[f]) as u64
                };
                Some(x)
            } else if missing.is_empty() || g.rng.chance(1, 4) {
                None
            } else {
                let m = *g.rng.pick(&missing);
                let pick = g.rng.u64();
                Some(m.1.sample(m.2, pick))
            };
            let Some(mut value) = value else { continue };
            let reg = get(&inst, slot);
            let (file, first) = match file {
                RegFile::H => {
                    // The half's value in both halves of its register.
                    value &= 0xffff;
                    value |= value << 16;
                    (RegFile::V, reg >> 1)
                }
                f => (f, reg),
            };
            if kind == Some(ValueKind::Int64) || count == 2 {
                self.load(g, file, first, 2, value);
            } else {
                self.load(g, file, first, 1, value);
            }
        }
        if !h.round_explicit.is_empty() && (h.round_mode.is_empty() || g.rng.chance(1, 2)) {
            inst.rm = *g.rng.pick(&h.round_explicit);
        } else if !h.round_mode.is_empty() && d.operand(Slot::Rm).is_some() {
            inst.rm = warpkit_encoding::RM_DYN;
        }
        if d.operand(Slot::Neg).is_some() {
            inst.neg |= h.neg & g.rng.below(8) as u8;
        }
        if d.operand(Slot::Abs).is_some() {
            inst.abs |= h.abs & g.rng.below(8) as u8;
        }
        if h.sat {
            inst.sat = 1;
        }
        g.items.push(ProgramItem::Inst(inst));
        let n = g.items.len() - before;
        (n, n as u64)
    }

    /// A forward branch whose condition register holds a value that goes one way or the
    /// other (or splits the lanes).
    fn branch(
        &self,
        g: &mut Generator,
        h: &VariantHoles,
        mut inst: Inst,
        pending: &mut Vec<(u32, u32)>,
        before: usize,
    ) -> (usize, u64) {
        let d = h.id.desc();
        let label = g.new_label();
        pending.push((label, g.rng.below(6) as u32));
        if d.flags.has(Flags::IX) {
            let tmp = g.pick_u_dst(1, 1);
            g.indirect(h.id, tmp, label);
        } else {
            if d.flags.has(Flags::CD) && d.operand(Slot::Rs1).is_some() {
                let v = mask_value(&mut g.rng);
                inst.rs1 = g.pick_u_dst(1, 1);
                self.load(g, RegFile::U, inst.rs1, 1, v as u64);
            }
            g.items.push(ProgramItem::Branch(inst, label));
        }
        let n = g.items.len() - before;
        (n, n as u64)
    }

    /// Literal loads of `value` (low word first for a pair) into `count` registers.
    fn load(&self, g: &mut Generator, file: RegFile, first: u8, count: u8, value: u64) {
        let id = if file == RegFile::U {
            self.lit_u
        } else {
            self.lit_v
        };
        for k in 0..count {
            let mut i = Inst::new(id);
            i.set(Slot::Rd, first.wrapping_add(k) as i64);
            i.set(Slot::Imm, (value >> (32 * k as u32)) as u32 as i64);
            g.items.push(ProgramItem::Inst(i));
        }
    }
}

/// A uniform value used as a condition or lane mask: zero, one lane, all lanes, half.
fn mask_value(rng: &mut Rng) -> u32 {
    *rng.pick(&[0, 1, u32::MAX, 0x0000_ffff, 0x8000_0000, 0x5555_5555, 2])
}

fn get(i: &Inst, slot: Slot) -> u8 {
    match slot {
        Slot::Rd => i.rd,
        Slot::Rs1 => i.rs1,
        Slot::Rs2 => i.rs2,
        _ => i.rs3,
    }
}

fn set(i: &mut Inst, slot: Slot, r: u8) {
    i.set(slot, r as i64);
}

/// The generator asks a `Toward` for its share of statements.
impl Aim for Toward {
    fn modes(&self, rng: &mut Rng, rm: u8, rm16: u8) -> (u8, u8) {
        Toward::modes(self, rng, rm, rm16)
    }

    fn statement(&self, g: &mut Generator, pending: &mut Vec<(u32, u32)>) -> (usize, u64) {
        Toward::statement(self, g, pending)
    }
}
