//! Which variants the generator may use where, read from the instruction database (unit,
//! chapter, flags, operand types) once per process. No mnemonic lists here except the
//! handful of instructions the SIMT control-flow templates are made of.

use std::sync::OnceLock;
use warpkit_isa::{id, Flags, InsnId, OpType, RegFile, Slot, INSNS};

/// Random-stream classes, selectable with `--mix`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Vector integer and bitwise work (unit valu-int).
    Int,
    /// Uniform (scalar) work (unit salu, not touching EXEC).
    Uni,
    /// binary32 and packed work (unit valu-fp without 16-bit half registers).
    Fp,
    /// 16-bit half-register work (unit valu-fp, flag h16).
    Half,
    /// Reads or writes EXEC (flags we, or re on a uniform instruction).
    Exec,
    /// Branches and jumps (unit branch), always forward.
    Branch,
}

pub const CLASSES: [Class; 6] = [
    Class::Int,
    Class::Uni,
    Class::Fp,
    Class::Half,
    Class::Exec,
    Class::Branch,
];

fn class_of(id: InsnId) -> Class {
    let d = id.desc();
    let g = d.group_desc();
    if g.unit == "branch" {
        Class::Branch
    } else if d.flags.has(Flags::WE) || (g.unit == "salu" && d.flags.has(Flags::RE)) {
        Class::Exec
    } else if g.unit == "salu" {
        Class::Uni
    } else if g.unit == "valu-fp" && d.flags.has(Flags::H16) {
        Class::Half
    } else if g.unit == "valu-fp" {
        Class::Fp
    } else {
        Class::Int
    }
}

/// The instructions the control-flow templates are built from.
pub struct Templates {
    pub saveexec_and: InsnId,
    pub saveexec_andn1: InsnId,
    pub saveexec_xor: InsnId,
    pub saveexec_andn2: InsnId,
    pub exec_get: InsnId,
    pub exec_set: InsnId,
    pub bexecz: InsnId,
    pub bexecnz: InsnId,
    pub bnone: InsnId,
    pub bz: InsnId,
    pub bnz: InsnId,
    pub jmp: InsnId,
    pub jal: InsnId,
    pub jr: InsnId,
    pub jalr: InsnId,
    pub upc: InsnId,
    pub umovi: InsnId,
    pub uaddi: InsnId,
}

pub struct Tables {
    /// Executable variants of each class (indexed like [`CLASSES`]).
    pub class: [Vec<InsnId>; 6],
    /// Vector compares into a uniform lane mask (flag ur): conditions of divergent code.
    pub cmp_mask: Vec<InsnId>,
    /// Floating point with an explicit `rm` operand.
    pub rmo: Vec<InsnId>,
    /// Floating point that rounds with MODE (flag fm, no `rm` operand).
    pub dyn_fp: Vec<InsnId>,
    /// Relative register addressing (flag ir).
    pub movrel: Vec<InsnId>,
    /// 64-bit pair and 16-bit half-register vector work (pair/half aliasing streams).
    pub alias: Vec<InsnId>,
    /// A destination and an immediate, nothing else (literal loads for corner streams).
    pub lit_move: Vec<InsnId>,
    /// Executable variants naming a vector register (vgpr-limit faults).
    pub uses_v: Vec<InsnId>,
    /// §7 variants (encodable, not modelled: IllegalInsn).
    pub unsupported: Vec<InsnId>,
    /// Executable variants of chapters 6.1 and 6.2 (the coverage denominator).
    pub executable: Vec<InsnId>,
    pub t: Templates,
}

impl Tables {
    fn build() -> Result<Tables, String> {
        let mut class: [Vec<InsnId>; 6] = Default::default();
        let mut t = Tables {
            class: Default::default(),
            cmp_mask: vec![],
            rmo: vec![],
            dyn_fp: vec![],
            movrel: vec![],
            alias: vec![],
            lit_move: vec![],
            uses_v: vec![],
            unsupported: vec![],
            executable: vec![],
            t: Templates {
                saveexec_and: id::SAVEEXEC_AND,
                saveexec_andn1: id::SAVEEXEC_ANDN1,
                saveexec_xor: id::SAVEEXEC_XOR,
                saveexec_andn2: id::SAVEEXEC_ANDN2,
                exec_get: id::EXEC_GET,
                exec_set: id::EXEC_SET,
                bexecz: id::BEXECZ,
                bexecnz: id::BEXECNZ,
                bnone: id::BNONE,
                bz: id::BZ,
                bnz: id::BNZ,
                jmp: id::JMP,
                jal: id::JAL,
                jr: id::JR,
                jalr: id::JALR,
                upc: id::UPC,
                umovi: id::UMOVI,
                uaddi: id::UADDI,
            },
        };
        for d in INSNS.iter() {
            let id = d.id;
            if d.is_unsupported() {
                t.unsupported.push(id);
                continue;
            }
            t.executable.push(id);
            // A variant without semantics would fault; random code must run to the end.
            if !warpkit_sim::has_semantics(id) {
                continue;
            }
            let c = class_of(id);
            class[CLASSES.iter().position(|x| *x == c).unwrap_or(0)].push(id);
            let f = d.flags;
            let rd_u = matches!(d.operand(Slot::Rd).map(|o| o.ty), Some(OpType::U));
            if f.has(Flags::UR) && rd_u {
                t.cmp_mask.push(id);
            }
            if d.operand(Slot::Rm).is_some() {
                t.rmo.push(id);
            } else if f.has(Flags::FM) && c != Class::Branch {
                t.dyn_fp.push(id);
            }
            if f.has(Flags::IR) {
                t.movrel.push(id);
            }
            let vector_only = d
                .operands
                .iter()
                .all(|o| !matches!(o.ty.reg(), Some((RegFile::U, ..))));
            let names_v = d
                .operands
                .iter()
                .any(|o| matches!(o.ty.reg(), Some((RegFile::V | RegFile::H, ..))));
            // movrel's relative base may lie beyond vgprs without a fault.
            if names_v && !f.has(Flags::IR) {
                t.uses_v.push(id);
            }
            if vector_only && names_v && (f.has(Flags::P64) || f.has(Flags::H16) || c == Class::Int)
            {
                t.alias.push(id);
            }
            if d.operands.len() == 2
                && d.operands[0].slot == Slot::Rd
                && d.operands[1].slot == Slot::Imm
                && !d.operands[1].ty.is_pc_relative()
            {
                t.lit_move.push(id);
            }
        }
        t.class = class;
        for (c, v) in CLASSES.iter().zip(t.class.iter()) {
            if v.is_empty() {
                return Err(format!(
                    "no executable variant of class {c:?} in the database"
                ));
            }
        }
        for (what, v) in [
            ("compare into a uniform lane mask", &t.cmp_mask),
            ("explicit-rm floating point", &t.rmo),
            ("MODE-rounded floating point", &t.dyn_fp),
            ("relative addressing", &t.movrel),
            ("literal load", &t.lit_move),
        ] {
            if v.is_empty() {
                return Err(format!("no executable {what} variant in the database"));
            }
        }
        Ok(t)
    }

    /// The tables, built on first use.
    pub fn get() -> Result<&'static Tables, String> {
        static T: OnceLock<Result<Tables, String>> = OnceLock::new();
        T.get_or_init(Tables::build).as_ref().map_err(|e| e.clone())
    }

    pub fn of(&self, c: Class) -> &[InsnId] {
        &self.class[CLASSES.iter().position(|x| *x == c).unwrap_or(0)]
    }
}
