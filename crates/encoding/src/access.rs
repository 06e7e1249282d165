//! The concrete warp state one instruction reads and writes: the database's access facts
//! ([`warpkit_isa::StateLoc`]) applied to an [`Inst`]'s register fields. No allocation: a
//! [`RegSet`] holds at most [`MAX_ACCESS_REGS`] entries inline. The sets depend on the
//! instruction only (indexed registers are resolved separately), so a tool that asks for them
//! on every executed instruction can compute them once per decoded instruction and keep them.

use crate::{Inst, RM_DYN};
use std::fmt;
use warpkit_isa::{RegFile, Slot, StateLoc, MAX_ACCESS_REGS};

/// One piece of warp state, concrete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reg {
    /// A whole 32-bit vector register (halves widened, pairs and groups one entry each).
    V(u8),
    /// A uniform register.
    U(u8),
    Exec,
    Fflags,
    /// MODE.rm / MODE.rm16.
    Mode,
    Pc,
    CodeBase,
    /// `movrel`: vector register `base + U[index_ureg]`, known only with the warp's uniform
    /// registers; see [`Reg::resolve`].
    VIndexed {
        base: u8,
        index_ureg: u8,
    },
    /// Chapter 7: vector register `first` and a number of registers after it that the
    /// model does not define (texture coordinates and returned data; never executed).
    VRun(u8),
}

impl Reg {
    /// The register a [`Reg::VIndexed`] names for a warp with these uniform registers and
    /// `vgprs` allocated vector registers; `None` when the index is at or past `vgprs` (then
    /// `movrel.s` reads 0 and `movrel.d` writes nothing). Every other register comes back
    /// as it is.
    #[inline]
    pub fn resolve(self, uregs: &[u32; 64], vgprs: u32) -> Option<Reg> {
        match self {
            Reg::VIndexed { base, index_ureg } => {
                let i = *uregs.get(index_ureg as usize)?;
                // Not wrapped (SUPPLEMENT 4): v127 + 1 is past the file, not v0.
                let n = base as u64 + i as u64;
                (n < vgprs.min(128) as u64).then_some(Reg::V(n as u8))
            }
            r => Some(r),
        }
    }
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reg::V(n) => write!(f, "v{n}"),
            Reg::U(n) => write!(f, "u{n}"),
            Reg::Exec => f.write_str("exec"),
            Reg::Fflags => f.write_str("fflags"),
            Reg::Mode => f.write_str("mode"),
            Reg::Pc => f.write_str("pc"),
            Reg::CodeBase => f.write_str("code_base"),
            Reg::VIndexed { base, index_ureg } => write!(f, "v[{base}+u{index_ureg}]"),
            Reg::VRun(n) => write!(f, "v{n}.."),
        }
    }
}

/// A small set of [`Reg`]s in the order the database lists them, without duplicates.
#[derive(Clone, Copy)]
pub struct RegSet {
    len: u8,
    regs: [Reg; MAX_ACCESS_REGS],
}

impl RegSet {
    pub const EMPTY: RegSet = RegSet {
        len: 0,
        regs: [Reg::Exec; MAX_ACCESS_REGS],
    };

    /// Add a register unless it is already there (two operands may name one register).
    #[inline]
    fn push(&mut self, r: Reg) {
        if !self.as_slice().contains(&r) {
            self.push_new(r);
        }
    }

    /// Add an entry known to be new (implicit state and indexed registers appear at most
    /// once per column; runs need not: `img.store` reads `rd..` and `rs1..`, which may
    /// start at the same register).
    #[inline]
    fn push_new(&mut self, r: Reg) {
        // The capacity is the database's largest column, so this never drops an entry for
        // an instruction of the table; an over-full set keeps its first entries.
        if let Some(slot) = self.regs.get_mut(self.len as usize) {
            *slot = r;
            self.len += 1;
        }
    }

    #[inline]
    pub fn as_slice(&self) -> &[Reg] {
        &self.regs[..self.len as usize]
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn contains(&self, r: Reg) -> bool {
        self.as_slice().contains(&r)
    }
    #[inline]
    pub fn iter(&self) -> std::iter::Copied<std::slice::Iter<'_, Reg>> {
        self.as_slice().iter().copied()
    }
}

impl Default for RegSet {
    fn default() -> RegSet {
        RegSet::EMPTY
    }
}

// Equality and hashing see the entries only, not the unused capacity.
impl PartialEq for RegSet {
    fn eq(&self, other: &RegSet) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for RegSet {}

impl std::hash::Hash for RegSet {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h)
    }
}

impl fmt::Debug for RegSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a RegSet {
    type Item = Reg;
    type IntoIter = std::iter::Copied<std::slice::Iter<'a, Reg>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Inst {
    /// The state this instruction may read (the database's `reads` column made concrete).
    /// MODE is read by a variant with an `rm` operand only when `rm` is dyn.
    #[inline]
    pub fn reads(&self) -> RegSet {
        let mut set = RegSet::EMPTY;
        self.concrete(self.desc().reads, &mut set);
        set
    }

    /// The state this instruction may write (the database's `writes` column made concrete).
    #[inline]
    pub fn writes(&self) -> RegSet {
        let mut set = RegSet::EMPTY;
        self.concrete(self.desc().writes, &mut set);
        set
    }

    /// The register number in a register slot (0 for other slots, which hold no register).
    #[inline]
    fn reg_field(&self, slot: Slot) -> u8 {
        match slot {
            Slot::Rd => self.rd,
            Slot::Rs1 => self.rs1,
            Slot::Rs2 => self.rs2,
            Slot::Rs3 => self.rs3,
            _ => 0,
        }
    }

    #[inline]
    fn concrete(&self, locs: &[StateLoc], set: &mut RegSet) {
        let d = self.desc();
        for &loc in locs {
            match loc {
                StateLoc::Op(slot) => {
                    let Some(Some(ext)) = d.reg_slots.get(slot as usize) else {
                        continue;
                    };
                    // Field values of a checked Inst keep groups inside their file; wrapping
                    // keeps an unchecked one from panicking.
                    let first = self.reg_field(slot);
                    match ext.file {
                        RegFile::V => {
                            for k in 0..ext.count {
                                set.push(Reg::V(first.wrapping_add(k)));
                            }
                        }
                        RegFile::U => {
                            for k in 0..ext.count {
                                set.push(Reg::U(first.wrapping_add(k)));
                            }
                        }
                        // `2*n + half`: the whole register n.
                        RegFile::H => set.push(Reg::V(first >> 1)),
                    }
                }
                StateLoc::Indexed { base, index } => set.push_new(Reg::VIndexed {
                    base: self.reg_field(base),
                    index_ureg: self.reg_field(index),
                }),
                StateLoc::Run(slot) => set.push(Reg::VRun(self.reg_field(slot))),
                StateLoc::Exec => set.push_new(Reg::Exec),
                StateLoc::Fflags => set.push_new(Reg::Fflags),
                StateLoc::Mode => {
                    if self.rm == RM_DYN || d.operand(Slot::Rm).is_none() {
                        set.push_new(Reg::Mode)
                    }
                }
                StateLoc::Pc => set.push_new(Reg::Pc),
                StateLoc::CodeBase => set.push_new(Reg::CodeBase),
            }
        }
    }
}
