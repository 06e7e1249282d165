//! The coverage model: every bin, named stably, derived from the instruction database.
//!
//! Bins are numbered densely for counting; their names (`group/variant/...`) are what a
//! database stores, so databases of different runs and versions line up by name.

use crate::class::ValueKind;
use std::sync::OnceLock;
use warpkit_isa::{Flags, InsnDesc, InsnId, RegFile, Slot, StateLoc, INSNS};

/// Bin groups, in report order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// The variant retired at least once.
    Variant,
    /// EXEC before a per-lane variant: full, empty, one lane, partial.
    Exec,
    /// A source's value class in some active lane.
    Value,
    /// The result's value class in some written lane.
    Result,
    /// The rounding mode applied: the explicit `rm` field, or MODE through `dyn`.
    Round,
    /// An FFLAGS bit the instruction itself raised.
    Fflags,
    /// `neg` / `abs` on a source, `sat`.
    Modifier,
    /// Conditional branches: taken, not taken; uniform-mask branches: uniform, divergent.
    Branch,
    /// EXEC after a variant that writes it: empty, one lane, partial, full.
    ExecWrite,
    /// Calls (a link written) and returns (an indirect jump to the last live link).
    Call,
    /// A read of a register written 1, 2 or 3 instructions before.
    Hazard,
    /// Faults by cause and reason.
    Fault,
}

pub const GROUPS: [Group; 12] = [
    Group::Variant,
    Group::Exec,
    Group::Value,
    Group::Result,
    Group::Round,
    Group::Fflags,
    Group::Modifier,
    Group::Branch,
    Group::ExecWrite,
    Group::Call,
    Group::Hazard,
    Group::Fault,
];

impl Group {
    pub fn name(self) -> &'static str {
        match self {
            Group::Variant => "variant",
            Group::Exec => "exec",
            Group::Value => "value",
            Group::Result => "result",
            Group::Round => "round",
            Group::Fflags => "fflags",
            Group::Modifier => "modifier",
            Group::Branch => "branch",
            Group::ExecWrite => "exec_write",
            Group::Call => "call",
            Group::Hazard => "hazard",
            Group::Fault => "fault",
        }
    }

    pub fn from_name(s: &str) -> Option<Group> {
        GROUPS.iter().copied().find(|g| g.name() == s)
    }
}

/// EXEC classes (before a per-lane instruction, after one that writes EXEC).
pub const EXEC_CLASSES: [&str; 4] = ["full", "empty", "one", "partial"];
/// The rounding modes by MODE / `rm` value 0..=4.
pub const ROUND_MODES: [&str; 5] = ["rne", "rtz", "rdn", "rup", "rmm"];
/// FFLAGS bits 0..=4.
pub const FFLAG_NAMES: [&str; 5] = ["nx", "uf", "of", "dz", "nv"];
/// Hazard kinds: how the earlier write and the later read meet.
pub const HAZARD_KINDS: [&str; 6] = [
    "v",
    "u",
    "pair",
    "half",
    "half_write_whole_read",
    "whole_write_half_read",
];
/// How many instructions back a hazard is looked for.
pub const HAZARD_DISTANCE: usize = 3;
/// Fault bins: cause and reason (see `warpkit_sim::FaultReason`).
pub const FAULTS: [&str; 6] = [
    "illegal_insn/undecodable",
    "illegal_insn/unsupported",
    "illegal_insn/vgpr_limit",
    "fetch_fault/outside_code",
    "fetch_fault/misaligned",
    "fetch_fault/truncated",
];

/// One bin.
#[derive(Clone, Debug)]
pub struct Bin {
    pub name: String,
    pub group: Group,
    /// The variant it belongs to (`None`: hazards and faults).
    pub variant: Option<InsnId>,
}

/// A register source or destination the model classes values of.
#[derive(Clone, Copy, Debug)]
pub struct CoverOperand {
    pub slot: Slot,
    pub file: RegFile,
    pub count: u8,
    pub kind: ValueKind,
    /// First of its class bins.
    pub bins: u32,
}

/// Where a variant's bins are (`NONE` where the model has none of that kind).
#[derive(Clone, Debug)]
pub struct VariantBins {
    pub executed: u32,
    /// 4 bins, [`EXEC_CLASSES`].
    pub exec: u32,
    pub sources: Vec<CoverOperand>,
    pub result: Option<CoverOperand>,
    /// 5 bins each, [`ROUND_MODES`].
    pub round_explicit: u32,
    pub round_mode: u32,
    /// `dyn` rounds with MODE.rm16 (binary16 results), else MODE.rm.
    pub round16: bool,
    /// 5 bins, [`FFLAG_NAMES`].
    pub fflags: u32,
    /// 3 bins each (rs1, rs2, rs3; `NONE` entries where the variant lacks the source).
    pub neg: [u32; 3],
    pub abs: [u32; 3],
    pub sat: u32,
    /// taken, not_taken.
    pub branch: u32,
    /// uniform, divergent.
    pub divergence: u32,
    /// 4 bins, [`EXEC_CLASSES`] (after the write).
    pub exec_write: u32,
    pub call: u32,
    pub ret: u32,
}

pub const NONE: u32 = u32::MAX;

/// The whole model.
pub struct Model {
    pub bins: Vec<Bin>,
    /// Indexed by variant id; `None` for variants the model leaves out (chapter 7, which
    /// only faults, and variants without semantics).
    pub variants: Vec<Option<VariantBins>>,
    /// [`HAZARD_KINDS`] x distances 1..=3.
    pub hazard: u32,
    /// [`FAULTS`].
    pub fault: u32,
}

/// The kind of data an operand of `d` carries: from the register file, the group size and
/// the variant's flags (`fm` floating point, `h16` 16-bit halves or packed binary16).
fn kind_of(d: &InsnDesc, file: RegFile, count: u8, result: bool) -> Option<ValueKind> {
    let fp = d.flags.has(Flags::FM);
    // Compares into a uniform lane mask produce a mask, whatever they compare.
    if result && file == RegFile::U && d.flags.has(Flags::UR) {
        return Some(ValueKind::Int32);
    }
    Some(match (file, count) {
        (RegFile::H, _) if fp => ValueKind::F16,
        (RegFile::H, _) => ValueKind::Int16,
        (_, 1) if fp && d.flags.has(Flags::H16) => ValueKind::F16x2,
        (_, 1) if fp => ValueKind::F32,
        (_, 1) => ValueKind::Int32,
        (_, 2) if !fp => ValueKind::Int64,
        _ => return None,
    })
}

fn reg_slot(s: Slot) -> bool {
    matches!(s, Slot::Rd | Slot::Rs1 | Slot::Rs2 | Slot::Rs3)
}

struct Builder {
    bins: Vec<Bin>,
}

impl Builder {
    fn add(&mut self, group: Group, variant: Option<InsnId>, names: &[&str], prefix: &str) -> u32 {
        let first = self.bins.len() as u32;
        // Joined by hand rather than with `format!`: the model is built at every start of
        // `warpkit cover`, and formatting its ~10,000 names was most of that start.
        let mnemonic = variant.map(|id| id.desc().mnemonic);
        for n in names {
            let parts = [
                group.name(),
                "/",
                mnemonic.unwrap_or(""),
                if mnemonic.is_some() { "/" } else { "" },
                prefix,
                n,
            ];
            let mut name = String::with_capacity(parts.iter().map(|p| p.len()).sum());
            for p in parts {
                name.push_str(p);
            }
            self.bins.push(Bin {
                name,
                group,
                variant,
            });
        }
        first
    }
}

/// Whether the model covers a variant: it executes (chapters 6.1 and 6.2, with semantics).
pub fn modelled(d: &InsnDesc) -> bool {
    !d.is_unsupported() && warpkit_sim::has_semantics(d.id)
}

impl Model {
    fn build() -> Model {
        let mut b = Builder { bins: Vec::new() };
        let mut variants = Vec::with_capacity(INSNS.len());
        for d in INSNS.iter() {
            if !modelled(d) {
                variants.push(None);
                continue;
            }
            let id = Some(d.id);
            let f = d.flags;
            let executed = b.add(Group::Variant, id, &["executed"], "");
            let exec = if f.has(Flags::EI) {
                NONE
            } else {
                b.add(Group::Exec, id, &EXEC_CLASSES, "")
            };
            let mut sources = Vec::new();
            for loc in d.reads {
                let StateLoc::Op(slot) = *loc else { continue };
                let Some(Some(ext)) = d.reg_slots.get(slot as usize).filter(|_| reg_slot(slot))
                else {
                    continue;
                };
                if let Some(kind) = kind_of(d, ext.file, ext.count, false) {
                    let bins = b.add(
                        Group::Value,
                        id,
                        kind.classes(),
                        &format!("{}/", slot.name()),
                    );
                    sources.push(CoverOperand {
                        slot,
                        file: ext.file,
                        count: ext.count,
                        kind,
                        bins,
                    });
                }
            }
            let result = d.writes.iter().find_map(|loc| {
                let StateLoc::Op(Slot::Rd) = *loc else {
                    return None;
                };
                let ext = d.reg_slots[Slot::Rd as usize]?;
                let kind = kind_of(d, ext.file, ext.count, true)?;
                let bins = b.add(Group::Result, id, kind.classes(), "");
                Some(CoverOperand {
                    slot: Slot::Rd,
                    file: ext.file,
                    count: ext.count,
                    kind,
                    bins,
                })
            });
            let has_rm = d.operand(Slot::Rm).is_some();
            let round_explicit = if has_rm {
                b.add(Group::Round, id, &ROUND_MODES, "explicit/")
            } else {
                NONE
            };
            let round_mode = if d.reads.contains(&StateLoc::Mode) {
                b.add(Group::Round, id, &ROUND_MODES, "mode/")
            } else {
                NONE
            };
            let round16 = f.has(Flags::H16) || d.semantics.contains("rm16");
            let fflags = if d.writes.contains(&StateLoc::Fflags) {
                b.add(Group::Fflags, id, &FFLAG_NAMES, "")
            } else {
                NONE
            };
            let mut neg = [NONE; 3];
            let mut abs = [NONE; 3];
            for (k, src) in ["rs1", "rs2", "rs3"].iter().enumerate() {
                if d.source_mask() >> k & 1 == 0 {
                    continue;
                }
                if d.operand(Slot::Neg).is_some() {
                    neg[k] = b.add(Group::Modifier, id, &[src], "neg/");
                }
                if d.operand(Slot::Abs).is_some() {
                    abs[k] = b.add(Group::Modifier, id, &[src], "abs/");
                }
            }
            let sat = if d.operand(Slot::Sat).is_some() {
                b.add(Group::Modifier, id, &["sat"], "")
            } else {
                NONE
            };
            let branch = if f.has(Flags::CD) {
                b.add(Group::Branch, id, &["taken", "not_taken"], "")
            } else {
                NONE
            };
            // A branch on a uniform lane mask ANDed with EXEC: all active lanes agree, or not.
            let divergence = if f.has(Flags::CD)
                && f.has(Flags::RE)
                && d.reads.contains(&StateLoc::Op(Slot::Rs1))
            {
                b.add(Group::Branch, id, &["uniform", "divergent"], "")
            } else {
                NONE
            };
            let exec_write = if d.writes.contains(&StateLoc::Exec) {
                b.add(Group::ExecWrite, id, &EXEC_CLASSES, "")
            } else {
                NONE
            };
            let call = if f.has(Flags::CAL) {
                b.add(Group::Call, id, &["call"], "")
            } else {
                NONE
            };
            let ret = if f.has(Flags::IX) && !f.has(Flags::CAL) {
                b.add(Group::Call, id, &["return"], "")
            } else {
                NONE
            };
            variants.push(Some(VariantBins {
                executed,
                exec,
                sources,
                result,
                round_explicit,
                round_mode,
                round16,
                fflags,
                neg,
                abs,
                sat,
                branch,
                divergence,
                exec_write,
                call,
                ret,
            }));
        }
        let mut hazard = NONE;
        for kind in HAZARD_KINDS {
            let names: Vec<String> = (1..=HAZARD_DISTANCE)
                .map(|d| format!("{kind}/{d}"))
                .collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let first = b.add(Group::Hazard, None, &refs, "");
            if hazard == NONE {
                hazard = first;
            }
        }
        let fault = b.add(Group::Fault, None, &FAULTS, "");
        Model {
            bins: b.bins,
            variants,
            hazard,
            fault,
        }
    }

    /// The model, built on first use.
    pub fn get() -> &'static Model {
        static M: OnceLock<Model> = OnceLock::new();
        M.get_or_init(Model::build)
    }

    pub fn len(&self) -> usize {
        self.bins.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bins.is_empty()
    }

    /// The bin of a name.
    pub fn index(&self, name: &str) -> Option<usize> {
        static BY_NAME: OnceLock<std::collections::HashMap<&'static str, usize>> = OnceLock::new();
        let m: &'static Model = Model::get();
        BY_NAME
            .get_or_init(|| {
                m.bins
                    .iter()
                    .enumerate()
                    .map(|(i, b)| (b.name.as_str(), i))
                    .collect()
            })
            .get(name)
            .copied()
    }

    /// The hazard bin of a kind (index into [`HAZARD_KINDS`]) at distance 1..=3.
    pub fn hazard_bin(&self, kind: usize, distance: usize) -> u32 {
        self.hazard + (kind * HAZARD_DISTANCE + distance - 1) as u32
    }
}
