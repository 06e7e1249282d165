//! Coverage-directed generation (`gen --toward DB`): a share of the statements aims at
//! the holes of a coverage database. A statement picks a variant with holes (weighted by
//! how many it has; never-executed variants first), loads its sources with values of the
//! classes they have not seen (or with values that provoke the FFLAGS bits not yet raised),
//! sets the rounding modes and modifiers not yet used, and for branches and EXEC writes
//! loads the condition or mask register with values that go each way. MODE is set at
//! launch, so the warps of a program start in modes some variant has not yet rounded with.

use crate::program::{Aim, Generator, ProgramItem};
use crate::rng::Rng;
use crate::solve::{
    solve, sources, RegOperand, Witness, F16_FLAG_VALUES, F32_FLAG_VALUES, FLAG_KEY,
};
use warpkit_cover::class::ValueKind;
use warpkit_cover::holes::{holes, VariantHoles};
use warpkit_cover::model::{Group, Model};
use warpkit_cover::Db;
use warpkit_encoding::Inst;
use warpkit_isa::{Flags, InsnId, OpType, RegFile, Slot, StateLoc, INSNS};

/// What `gen --toward` aims at.
#[derive(Debug)]
pub struct Toward {
    targets: Vec<VariantHoles>,
    /// Per target: operand values found to produce each missing result class or raise
    /// each missing flag.
    witnesses: Vec<Vec<(usize, Witness)>>,
    /// MODE values flag witnesses need (MODE is set at launch only).
    flag_modes: Vec<u8>,
    weights: Vec<u32>,
    /// MODE.rm / MODE.rm16 values some variant has not rounded with through `dyn`.
    modes: Vec<u8>,
    modes16: Vec<u8>,
    /// A 32-bit literal into a vector / uniform register (rd and a k32 immediate only).
    lit_v: InsnId,
    lit_u: InsnId,
}

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
        let m = Model::get();
        let witnesses: Vec<Vec<(usize, Witness)>> = targets
            .iter()
            .map(|h| {
                let res = m.variants[h.id.0 as usize].as_ref().and_then(|v| v.result);
                let missing = h.result.iter().fold(0u16, |a, k| a | 1 << k);
                if missing == 0 && h.fflags == 0 {
                    return Vec::new();
                }
                // A seed of its own per variant: the witnesses do not depend on which
                // other variants have holes.
                let mut rng = Rng::new(0x5017e, h.id.0 as u64);
                solve(h.id.desc(), res.as_ref(), missing, h.fflags, &mut rng)
            })
            .collect();
        // The launch modes flag witnesses were found in, where MODE is what rounds.
        let mut flag_modes = Vec::new();
        for (h, ws) in targets.iter().zip(&witnesses) {
            let d = h.id.desc();
            for (k, w) in ws {
                let dynamic =
                    d.operand(Slot::Rm).is_none() || w.inst.rm == warpkit_encoding::RM_DYN;
                if *k >= FLAG_KEY && dynamic && !flag_modes.contains(&w.mode) {
                    flag_modes.push(w.mode);
                }
            }
        }
        flag_modes.sort();
        let missing = "the instruction database has no literal load (rd and a k32 immediate)";
        Ok(Toward {
            targets,
            witnesses,
            flag_modes,
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
        // Modes not yet rounded with first; then the modes flag witnesses were found in.
        let (a, b) = if self.modes.is_empty() && self.modes16.is_empty() {
            let m = pick(&self.flag_modes, rm);
            (m, m)
        } else {
            (pick(&self.modes, rm), pick(&self.modes16, rm16))
        };
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
        let before = g.items.len();
        let found = &self.witnesses[k];
        // Witnesses take the share of the variant's holes that they can close, so the
        // other holes (flags, modes, source classes) keep theirs.
        if !found.is_empty() && g.rng.chance(found.len() as u64, h.missing.max(1) as u64) {
            let w = &g.rng.pick(found).1;
            if let Some(n) = self.witness(g, w) {
                return (n, n as u64);
            }
        }
        let mut inst = g.operands(h.id);
        writable_uniform_sources(g, &mut inst);
        if d.flags.has(Flags::BR) || d.flags.has(Flags::IX) {
            return self.branch(g, h, inst, pending, before);
        }
        if d.flags.has(Flags::WE) {
            if let Some(o) = d.operand(Slot::Rs1) {
                if matches!(o.ty.reg(), Some((RegFile::U, 1, _))) {
                    // A mask of a class the source has not held, or one that shapes EXEC.
                    let missing: Vec<&(Slot, ValueKind, usize)> =
                        h.values.iter().filter(|v| v.0 == Slot::Rs1).collect();
                    let v = if !missing.is_empty() && g.rng.chance(1, 2) {
                        let m = *g.rng.pick(&missing);
                        m.1.sample(m.2, g.rng.u64())
                    } else {
                        mask_value(&mut g.rng) as u64
                    };
                    self.load(g, RegFile::U, inst.rs1, 1, v);
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

    /// The instruction of a witness with the generator's registers, after literal loads of
    /// the witness's operand values: static instructions written, or `None` (nothing
    /// written) when two of its operands share a register.
    fn witness(&self, g: &mut Generator, w: &Witness) -> Option<usize> {
        let d = w.inst.id.desc();
        let picked = g.operands(w.inst.id);
        let mut inst = w.inst;
        for slot in [Slot::Rd, Slot::Rs1, Slot::Rs2, Slot::Rs3] {
            if d.operand(slot).is_some() {
                set(&mut inst, slot, get(&picked, slot));
            }
        }
        writable_uniform_sources(g, &mut inst);
        let srcs = sources(d, &inst);
        // The 32-bit registers each source covers: loads must not overwrite each other.
        let span = |s: &RegOperand| match s.1 {
            RegFile::H => (RegFile::V, s.2 >> 1, 1),
            f => (f, s.2, s.3),
        };
        for (i, a) in srcs.iter().enumerate() {
            for b in &srcs[..i] {
                let (fa, ra, na) = span(a);
                let (fb, rb, nb) = span(b);
                if fa == fb && ra < rb + nb && rb < ra + na {
                    return None;
                }
            }
        }
        let before = g.items.len();
        for s in &srcs {
            let v = w.values.iter().find(|x| x.0 == s.0).map_or(0, |x| x.1);
            let (file, first, count) = span(s);
            // A half's value goes in both halves of its register.
            let v = if s.1 == RegFile::H {
                (v & 0xffff) * 0x1_0001
            } else {
                v
            };
            self.load(g, file, first, count, v);
        }
        g.items.push(ProgramItem::Inst(inst));
        Some(g.items.len() - before)
    }

    /// Why each of `holes` (bin names; reachable, unwaived holes of a report) is still
    /// open after the rounds that led to this database, grouped by reason in [`Why`]
    /// order; bins this model does not have are left out.
    pub fn closure<'a>(&self, holes: &[&'a str]) -> Vec<(Why, Vec<&'a str>)> {
        let m = Model::get();
        let mut out: Vec<(Why, Vec<&'a str>)> = WHY.iter().map(|w| (*w, Vec::new())).collect();
        for &name in holes {
            let Some(i) = m.index(name) else { continue };
            let why = self.why(i);
            if let Some(e) = out.iter_mut().find(|e| e.0 == why) {
                e.1.push(name);
            }
        }
        out.retain(|e| !e.1.is_empty());
        out
    }

    /// The closure report: every hole of `holes` under its reason.
    pub fn closure_text(&self, holes: &[&str]) -> String {
        let mut o = format!(
            "closure: why the {} counted holes are open (what `gen --toward` can and cannot do):\n",
            holes.len()
        );
        for (why, bins) in self.closure(holes) {
            o.push_str(&format!(
                "  {} ({}): {}\n",
                why.name(),
                bins.len(),
                why.text()
            ));
            for b in bins {
                o.push_str(&format!("    {b}\n"));
            }
        }
        o
    }

    fn why(&self, bin: usize) -> Why {
        let m = Model::get();
        let b = &m.bins[bin];
        let Some(id) = b.variant else {
            return if b.group == Group::Fault && b.name.contains("illegal_insn") {
                Why::NeedsFaults
            } else if b.group == Group::Fault {
                Why::FetchFault
            } else {
                Why::Aimed
            };
        };
        let d = id.desc();
        let Some(vb) = &m.variants[id.0 as usize] else {
            return Why::Aimed;
        };
        match b.group {
            Group::Result => {
                let class = vb.result.map_or(0, |r| bin - r.bins as usize);
                let t = self.targets.iter().position(|h| h.id == id);
                let solved = t.is_some_and(|t| self.witnesses[t].iter().any(|w| w.0 == class));
                if solved {
                    Why::Aimed
                } else if d.flags.has(Flags::UR) {
                    Why::LaneMask
                } else if d.reads.contains(&StateLoc::Pc) {
                    Why::CodeAddress
                } else {
                    Why::Unsolved
                }
            }
            Group::Value if d.flags.has(Flags::IX) => Why::JumpTarget,
            _ => Why::Aimed,
        }
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

/// Why a reachable hole is still open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// `--toward` aims at it (a witness of a result class was found, or the class, mode,
    /// flag, modifier or shape is set directly): the next rounds should reach it.
    Aimed,
    /// A result class no search over the semantics found operand values for.
    Unsolved,
    /// A lane-mask result (one bit per lane): its classes need lanes that differ or an
    /// EXEC shape, which literal loads into every lane do not give.
    LaneMask,
    /// A result made of a code address (PC): needs code placed at that address.
    CodeAddress,
    /// The value of a jump's target register: the generator jumps only to its labels.
    JumpTarget,
    /// `illegal_insn` faults: placed only by `gen --faults`.
    NeedsFaults,
    /// Fetch faults: no generator option makes them (a state file's PC or a jump out of
    /// the code does).
    FetchFault,
}

/// Every reason, in report order.
pub const WHY: [Why; 7] = [
    Why::Aimed,
    Why::Unsolved,
    Why::LaneMask,
    Why::CodeAddress,
    Why::JumpTarget,
    Why::NeedsFaults,
    Why::FetchFault,
];

impl Why {
    /// The reason in words, for reports.
    pub fn text(self) -> &'static str {
        match self {
            Why::Aimed => "aimed at by --toward (a value, mode, flag or shape it sets, or operand values found for the result class); not reached yet",
            Why::Unsolved => "value constraint not solved: no operand values found that produce this result class",
            Why::LaneMask => "lane-mask result: needs lanes that differ or an EXEC shape; literal loads give every lane the same value",
            Why::CodeAddress => "a code address: needs code placed at that address",
            Why::JumpTarget => "a jump target register: the generator jumps only to its own labels",
            Why::NeedsFaults => "a fault: placed only by `gen --faults`",
            Why::FetchFault => "a fetch fault: no generator option makes one (a state file's PC or a jump out of the code does)",
        }
    }

    /// A short name.
    pub fn name(self) -> &'static str {
        match self {
            Why::Aimed => "aimed",
            Why::Unsolved => "unsolved-value",
            Why::LaneMask => "lane-mask",
            Why::CodeAddress => "code-address",
            Why::JumpTarget => "jump-target",
            Why::NeedsFaults => "needs-faults",
            Why::FetchFault => "fetch-fault",
        }
    }
}

/// Uniform source registers a statement loads must be ones random code may write.
fn writable_uniform_sources(g: &mut Generator, inst: &mut Inst) {
    let d = inst.id.desc();
    let ufree = g.ufree;
    for slot in [Slot::Rs1, Slot::Rs2, Slot::Rs3] {
        if let Some((RegFile::U, n, a)) = d.operand(slot).and_then(|o| o.ty.reg()) {
            let r = get(inst, slot);
            if r as u16 + n as u16 > ufree as u16 {
                set(inst, slot, g.pick_u_dst(n, a));
            }
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
