//! The random program generator (riscv-dv style).
//!
//! A program is built as a list of items (instructions, forward references to labels,
//! labels, raw words), laid out once to resolve label addresses, and printed with the
//! disassembler's formatter, so its text is the canonical syntax. Control flow is
//! structured so every program ends:
//!
//! * random branches and jumps go forward only, to a statement boundary of their own
//!   block, so they never skip the set-up of a loop or a join;
//! * loops come from templates whose trip count lives in a uniform register reserved for
//!   that nesting level, which random code never writes;
//! * divergent if/else and loops follow what compilers emit: `saveexec` into a reserved
//!   register, `bexecz` / `bnone` around empty sides, `bexecnz` back-edges, EXEC restored
//!   from the saved register at the join;
//! * calls go forward with `jal`/`jalr` and return with `jr` through a reserved link register.
//!
//! The step bound printed at the top of each program is computed from the same
//! structure: a block's bound is the sum of its statements' bounds, a loop's is its trip
//! count times its body's.

use crate::rng::Rng;
use crate::state::{write_state, VInit, WarpInit};
use crate::tables::{Class, Tables, CLASSES};
use crate::values;
use warpkit_encoding::{decode, encode_word, DecodeError, Inst};
use warpkit_isa::{Flags, InsnId, OpType, RegFile, Slot, INSNS};

/// `--mix` categories, in weight order.
pub const CATEGORIES: [&str; 8] = [
    "int", "uni", "fp", "half", "exec", "branch", "simt", "directed",
];

const DEFAULT_WEIGHTS: [u32; 8] = [8, 4, 6, 4, 1, 2, 2, 2];

/// Relative weights of the statement categories.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mix {
    pub weights: [u32; 8],
}

impl Default for Mix {
    fn default() -> Self {
        Mix {
            weights: DEFAULT_WEIGHTS,
        }
    }
}

impl Mix {
    /// `int=3,fp=2,...`: the named categories get these weights, the others keep their
    /// defaults (name one with 0 to leave it out).
    pub fn parse(s: &str) -> Result<Mix, String> {
        let mut m = Mix::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("mix entry `{part}` is not NAME=WEIGHT"))?;
            let i = CATEGORIES
                .iter()
                .position(|c| *c == k.trim())
                .ok_or_else(|| {
                    format!(
                        "unknown mix category `{}` (known: {})",
                        k.trim(),
                        CATEGORIES.join(", ")
                    )
                })?;
            m.weights[i] = v.trim().parse::<u32>().map_err(|_| {
                format!(
                    "mix weight `{}` of `{}` is not a whole number",
                    v.trim(),
                    k.trim()
                )
            })?;
            if m.weights[i] > 1_000_000 {
                return Err(format!("mix weight of `{}` is above 1000000", k.trim()));
            }
        }
        if m.weights.iter().all(|&w| w == 0) {
            return Err("every mix weight is 0: nothing to generate".into());
        }
        Ok(m)
    }
}

/// Longest program (static instructions): keeps every PC-relative offset well inside
/// the 17-bit branch range.
pub const MAX_LENGTH: usize = 4000;
/// Deepest nesting of SIMT structures: each level reserves two uniform registers.
pub const MAX_DEPTH: u8 = 8;
/// Most iterations of one loop, and of all loops around a statement together.
const MAX_TRIPS: u64 = 4;
const MAX_TRIP_PRODUCT: u64 = 64;

#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Static instructions per program (approximately: a structure is not cut short).
    pub length: usize,
    pub mix: Mix,
    /// Nesting depth of if/else, loops and calls.
    pub depth: u8,
    /// Also place one faulting instruction (in three programs of four).
    pub faults: bool,
    /// Aim at the holes of a coverage database (`gen --toward`: a
    /// [`Toward`](crate::toward::Toward)).
    pub toward: Option<std::sync::Arc<dyn Aim>>,
}

/// Statements aimed at something rather than drawn at random (`toward.rs`: at a coverage
/// database's holes). The generator asks it for [`AIM_SHARE`] of its statements.
pub trait Aim: std::fmt::Debug + Send + Sync {
    /// The launch rounding modes (MODE.rm, MODE.rm16), given the random ones.
    fn modes(&self, rng: &mut Rng, rm: u8, rm16: u8) -> (u8, u8);
    /// One statement: (static instructions, step bound).
    fn statement(&self, g: &mut Generator, pending: &mut Vec<(u32, u32)>) -> (usize, u64);
}

/// The share (numerator, denominator) of statements an [`Aim`] writes.
pub const AIM_SHARE: (u64, u64) = (1, 2);

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            length: 200,
            mix: Mix::default(),
            depth: 2,
            faults: false,
            toward: None,
        }
    }
}

impl GenConfig {
    pub fn check(&self) -> Result<(), String> {
        if self.length == 0 || self.length > MAX_LENGTH {
            return Err(format!(
                "length must be 1..={MAX_LENGTH} instructions, got {}",
                self.length
            ));
        }
        if self.depth > MAX_DEPTH {
            return Err(format!("depth must be 0..={MAX_DEPTH}, got {}", self.depth));
        }
        Ok(())
    }
}

/// The kind of faulting instruction a `--faults` program ends with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// A word that does not decode (random, or a valid instruction with a reserved bit set).
    Undecodable,
    /// A §7 variant: encodable, its unit not modelled.
    Unsupported,
    /// An executable instruction naming a vector register at or above every warp's vgprs.
    VgprLimit,
    /// `movrel` whose fixed register is at or above every warp's vgprs.
    MovrelRange,
}

impl FaultKind {
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::Undecodable => "undecodable word",
            FaultKind::Unsupported => "tex/gfx variant (not modelled)",
            FaultKind::VgprLimit => "vector register at or above vgprs",
            FaultKind::MovrelRange => "movrel register at or above vgprs",
        }
    }
}

/// Where every warp of a `--faults` program stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpectedFault {
    pub pc: u32,
    pub kind: FaultKind,
}

/// One generated program.
#[derive(Clone, Debug)]
pub struct Generated {
    /// Assembly source.
    pub text: String,
    /// State file (JSON).
    pub state: String,
    /// Most instructions any warp executes (before the fault, if there is one).
    pub step_bound: u64,
    /// With `--faults`: the instruction at which every warp faults (IllegalInsn).
    pub fault: Option<ExpectedFault>,
    pub warps: usize,
    /// Static instructions (and data words) in the program.
    pub instructions: usize,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum ProgramItem {
    Inst(Inst),
    /// A branch or jump whose offset is the label's address minus its own.
    Branch(Inst, u32),
    /// `upc`: immediate = label address - own address + adjustment.
    PcRel(Inst, u32, i64),
    Label(u32),
    Word(u32),
    Dword(u64),
}

/// Initial uniform and vector register values of one warp.
type Contents = (Vec<(u8, u32)>, Vec<(u8, VInit)>);

/// Generates programs; keeps its buffers between programs.
pub struct Generator {
    pub(crate) t: &'static Tables,
    cfg: GenConfig,
    pub(crate) rng: Rng,
    pub(crate) items: Vec<ProgramItem>,
    labels: u32,
    label_pc: Vec<u32>,
    is_label: Vec<bool>,
    line: String,
    // Registers random code may use.
    vlim: u8,
    vwin: (u8, u8),
    pub(crate) ufree: u8,
    uwin: (u8, u8),
    depth: u8,
    trips: u64,
}

/// Uniform registers of nesting level `k` (1-based): saved EXEC or link, and the loop
/// counter or condition mask. Random code never writes them.
fn reserved(k: u8) -> (u8, u8) {
    let s = 63 - 2 * (k - 1);
    (s, s - 1)
}

impl Generator {
    pub fn new(cfg: GenConfig) -> Result<Generator, String> {
        cfg.check()?;
        Ok(Generator {
            t: Tables::get()?,
            ufree: 64 - 2 * cfg.depth,
            cfg,
            rng: Rng::new(0, 0),
            items: Vec::new(),
            labels: 0,
            label_pc: Vec::new(),
            is_label: Vec::new(),
            line: String::new(),
            vlim: 128,
            vwin: (0, 16),
            uwin: (0, 8),
            depth: 0,
            trips: 1,
        })
    }

    pub fn config(&self) -> &GenConfig {
        &self.cfg
    }

    /// Program `index` of run `seed`: the same bytes for the same (seed, index, config).
    pub fn generate(&mut self, seed: u64, index: u64) -> Generated {
        self.rng = Rng::new(seed, index);
        self.items.clear();
        self.labels = 0;
        self.depth = 0;
        self.trips = 1;

        let fault_kind = if self.cfg.faults && self.rng.chance(3, 4) {
            Some(match self.rng.below(4) {
                0 => FaultKind::Undecodable,
                1 => FaultKind::Unsupported,
                2 => FaultKind::VgprLimit,
                _ => FaultKind::MovrelRange,
            })
        } else {
            None
        };
        let needs_limit = matches!(
            fault_kind,
            Some(FaultKind::VgprLimit | FaultKind::MovrelRange)
        );

        // Launch: the register limit of the code, and each warp's vgprs at or above it.
        let nwarps = *self.rng.pick(&[1usize, 1, 2, 3, 4]);
        let (vlim, vmax) = if needs_limit {
            let l = self.rng.range(8, 100) as u8;
            (l, self.rng.range(l as u64, 120) as u8)
        } else {
            let l = match self.rng.below(4) {
                0 | 1 => 128,
                2 => self.rng.range(8, 32),
                _ => self.rng.range(33, 127),
            } as u8;
            (l, 128)
        };
        self.vlim = vlim;
        let w = (*self.rng.pick(&[3u8, 4, 8, 12, 16, 24, 32])).min(vlim);
        let lo = self.rng.below((vlim - w) as u64 + 1) as u8;
        self.vwin = (lo, lo + w);
        let uw = (self.rng.range(3, 12) as u8).min(self.ufree);
        let ulo = self.rng.below((self.ufree - uw) as u64 + 1) as u8;
        self.uwin = (ulo, ulo + uw);

        // Code.
        let len = self.cfg.length;
        let (step_bound, fault_at) = match fault_kind {
            None => (self.block(len), None),
            Some(kind) => {
                // The fault stands at top level, so no branch can jump over it and every
                // warp reaches it; the code after it never runs.
                let before = self.rng.below(len as u64) as usize;
                let b = self.block(before);
                let item = self.fault_item(kind, vmax);
                self.items.push(item);
                let at = self.items.len() - 1;
                let after = len.saturating_sub(before + 1);
                self.block(after);
                (b, Some((at, kind)))
            }
        };

        // Warps.
        let warps = self.warps(nwarps, vlim, vmax);
        let code_base = if self.rng.chance(1, 4) {
            self.rng.u64() & !3
        } else {
            0
        };
        let state = write_state(code_base, &warps);

        let (body, fault_pc, instructions) = self.render(fault_at.map(|(a, _)| a));
        let fault = fault_at
            .zip(fault_pc)
            .map(|((_, kind), pc)| ExpectedFault { pc, kind });
        let mut text = format!(
            "; warpkit gen: seed {seed}, program {index}, length {}, depth {}\n; steps <= {step_bound} per warp\n",
            self.cfg.length, self.cfg.depth
        );
        if let Some(f) = fault {
            text.push_str(&format!(
                "; expect: every warp faults (IllegalInsn, {}) at 0x{:x}\n",
                f.kind.name(),
                f.pc
            ));
        }
        text.push_str(&body);
        Generated {
            text,
            state,
            step_bound,
            fault,
            warps: nwarps,
            instructions,
        }
    }

    // ------------------------------------------------------------------ registers

    /// First register of an `n`-register group aligned to `align`, inside `[lo, hi)` when
    /// it fits there, else anywhere below `limit`.
    fn pick_reg(&mut self, (lo, hi): (u8, u8), limit: u8, n: u8, align: u8) -> u8 {
        let fits = |r: u8| r.is_multiple_of(align) && r as u32 + n as u32 <= limit as u32;
        if hi > lo {
            let r = lo + self.rng.below((hi - lo) as u64) as u8;
            let r = r - r % align;
            if r >= lo && fits(r) {
                return r;
            }
            if fits(lo.next_multiple_of(align)) && lo.next_multiple_of(align) < hi {
                return lo.next_multiple_of(align);
            }
        }
        let slots = (limit.saturating_sub(n) / align) as u64 + 1;
        (self.rng.below(slots) as u8) * align
    }

    pub(crate) fn pick_v(&mut self, n: u8, align: u8) -> u8 {
        self.pick_reg(self.vwin, self.vlim, n, align)
    }

    pub(crate) fn pick_u_dst(&mut self, n: u8, align: u8) -> u8 {
        self.pick_reg(self.uwin, self.ufree, n, align)
    }

    fn pick_u_src(&mut self, n: u8, align: u8) -> u8 {
        if self.rng.chance(1, 10) {
            self.pick_reg((0, 0), 64, n, align)
        } else {
            self.pick_reg(self.uwin, self.ufree, n, align)
        }
    }

    // ------------------------------------------------------------------ operands

    /// Random valid operands for `id`, from the database's operand types: registers
    /// inside the current windows (aligned, below vgprs, reserved uniforms never written),
    /// immediates and modifiers biased to corners.
    pub(crate) fn operands(&mut self, id: InsnId) -> Inst {
        let d = id.desc();
        let mut inst = Inst::new(id);
        for o in d.operands {
            let v: i64 = match o.ty.reg() {
                Some((RegFile::V, n, a)) => self.pick_v(n, a) as i64,
                Some((RegFile::H, ..)) => 2 * self.pick_v(1, 1) as i64 + self.rng.below(2) as i64,
                Some((RegFile::U, n, a)) => {
                    if o.slot == Slot::Rd {
                        self.pick_u_dst(n, a) as i64
                    } else {
                        self.pick_u_src(n, a) as i64
                    }
                }
                None => match o.ty {
                    OpType::Rm => *self.rng.pick(&[0i64, 1, 2, 3, 4, 7, 7, 7]),
                    OpType::Mod3 => (self.rng.below(8) as u8 & d.source_mask()) as i64,
                    OpType::Dim => self.rng.below(10) as i64,
                    OpType::K32 => {
                        let bits = if d.flags.has(Flags::FM) {
                            values::f32_bits(&mut self.rng)
                        } else {
                            values::value32(&mut self.rng)
                        };
                        bits as i64
                    }
                    // Branch offsets are set at layout; `upc` offsets may be anything.
                    t if t.is_pc_relative() => {
                        let v = self.rng.range(0, 512) as i64 - 256;
                        if d.flags.has(Flags::BR) {
                            v & !3
                        } else {
                            v
                        }
                    }
                    t => values::field(&mut self.rng, o.width, t.is_signed()),
                },
            };
            inst.set(o.slot, v);
        }
        inst
    }

    fn mk(&self, id: InsnId, ops: &[(Slot, i64)]) -> Inst {
        let mut i = Inst::new(id);
        for &(s, v) in ops {
            i.set(s, v);
        }
        i
    }

    /// Append the instruction `id` with the fields `ops`.
    fn emit(&mut self, id: InsnId, ops: &[(Slot, i64)]) {
        let i = self.mk(id, ops);
        self.items.push(ProgramItem::Inst(i));
    }

    /// Append the branch `id` with the fields `ops` to `label`.
    fn emit_branch(&mut self, id: InsnId, ops: &[(Slot, i64)], label: u32) {
        let i = self.mk(id, ops);
        self.items.push(ProgramItem::Branch(i, label));
    }

    pub(crate) fn new_label(&mut self) -> u32 {
        self.labels += 1;
        self.labels - 1
    }

    fn random_inst(&mut self, c: Class) -> Inst {
        let id = *self.rng.pick(self.t.of(c));
        self.operands(id)
    }

    // ------------------------------------------------------------------ structure

    /// A block of about `budget` static instructions; returns its step bound. Random
    /// branches inside target later statement boundaries of this block.
    fn block(&mut self, budget: usize) -> u64 {
        let mut pending: Vec<(u32, u32)> = Vec::new();
        let (mut used, mut bound) = (0usize, 0u64);
        while used < budget {
            let items = &mut self.items;
            pending.retain(|&(l, left)| {
                if left == 0 {
                    items.push(ProgramItem::Label(l));
                }
                left != 0
            });
            let (n, b) = self.statement(budget - used, &mut pending);
            used += n;
            bound += b;
            for p in pending.iter_mut() {
                p.1 -= 1.min(p.1);
            }
        }
        for (l, _) in pending {
            self.items.push(ProgramItem::Label(l));
        }
        bound
    }

    /// One statement: (static instructions, step bound).
    fn statement(&mut self, rem: usize, pending: &mut Vec<(u32, u32)>) -> (usize, u64) {
        if let Some(t) = self.cfg.toward.clone() {
            if self.rng.chance(AIM_SHARE.0, AIM_SHARE.1) {
                return t.statement(self, pending);
            }
        }
        let c = self.rng.weighted(&self.cfg.mix.weights);
        match c {
            5 => self.branch(pending),
            6 if self.depth < self.cfg.depth && rem >= 12 => self.structure(rem),
            7 => self.directed(rem),
            0..=4 => {
                let i = self.random_inst(CLASSES[c]);
                self.items.push(ProgramItem::Inst(i));
                (1, 1)
            }
            _ => {
                let i = self.random_inst(Class::Int);
                self.items.push(ProgramItem::Inst(i));
                (1, 1)
            }
        }
    }

    /// A random forward branch or jump (direct, or `upc` + indirect).
    fn branch(&mut self, pending: &mut Vec<(u32, u32)>) -> (usize, u64) {
        let id = *self.rng.pick(self.t.of(Class::Branch));
        let label = self.new_label();
        pending.push((label, self.rng.below(6) as u32));
        if id.desc().flags.has(Flags::IX) {
            let tmp = self.pick_u_dst(1, 1);
            self.indirect(id, tmp, label);
            (2, 2)
        } else {
            let i = self.operands(id);
            self.items.push(ProgramItem::Branch(i, label));
            (1, 1)
        }
    }

    /// `upc tmp, ...` then the indirect jump `id` (`jr`/`jalr`) through `tmp` with a random
    /// immediate; the `upc` offset absorbs the immediate and the low two bits the jump
    /// clears.
    pub(crate) fn indirect(&mut self, id: InsnId, tmp: u8, label: u32) {
        let mut j = self.operands(id);
        j.rs1 = tmp;
        let w = id.desc().operand(Slot::Imm).map_or(10, |o| o.width);
        let imm = values::field(&mut self.rng, w, true);
        j.set(Slot::Imm, imm);
        let upc = self.mk(self.t.t.upc, &[(Slot::Rd, tmp as i64)]);
        let adjust = self.rng.below(4) as i64 - imm;
        self.items.push(ProgramItem::PcRel(upc, label, adjust));
        self.items.push(ProgramItem::Inst(j));
    }

    fn structure(&mut self, rem: usize) -> (usize, u64) {
        let k = self.depth + 1;
        let (us, uc) = reserved(k);
        let room = (rem - 10).clamp(2, 80);
        let body = 2 + self.rng.below(room as u64 - 1) as usize;
        let tt = &self.t.t;
        let (saveexec_and, saveexec_else, exec_get, exec_set) = (
            tt.saveexec_and,
            if self.rng.chance(1, 2) {
                tt.saveexec_andn1
            } else {
                tt.saveexec_xor
            },
            tt.exec_get,
            tt.exec_set,
        );
        let (bexecz, bexecnz, bnone, bz, bnz, jmp, jal, jr, jalr, umovi, uaddi) = (
            tt.bexecz, tt.bexecnz, tt.bnone, tt.bz, tt.bnz, tt.jmp, tt.jal, tt.jr, tt.jalr,
            tt.umovi, tt.uaddi,
        );
        // uaddi uc, uc, -1: both loops count their trips down in uc.
        let count_down = [
            (Slot::Rd, uc as i64),
            (Slot::Rs1, uc as i64),
            (Slot::Imm, -1),
        ];
        self.depth = k;
        let r = match self.rng.weighted(&[4, 3, 3, 2]) {
            // Divergent if/else.
            0 => {
                let id = *self.rng.pick(&self.t.cmp_mask);
                let mut cmp = self.operands(id);
                cmp.rd = uc;
                self.items.push(ProgramItem::Inst(cmp));
                self.emit(
                    saveexec_and,
                    &[(Slot::Rd, us as i64), (Slot::Rs1, uc as i64)],
                );
                let (l_else, l_join) = (self.new_label(), self.new_label());
                let skip = if self.rng.chance(1, 2) {
                    self.mk(bexecz, &[])
                } else {
                    self.mk(bnone, &[(Slot::Rs1, uc as i64)])
                };
                self.items.push(ProgramItem::Branch(skip, l_else));
                let then_n = body.div_ceil(2).max(1);
                let b1 = self.block(then_n);
                self.items.push(ProgramItem::Label(l_else));
                self.emit(
                    saveexec_else,
                    &[(Slot::Rd, uc as i64), (Slot::Rs1, us as i64)],
                );
                self.emit_branch(bexecz, &[], l_join);
                let else_n = if self.rng.chance(1, 4) {
                    0
                } else {
                    body - then_n.min(body)
                };
                let b2 = self.block(else_n);
                self.items.push(ProgramItem::Label(l_join));
                self.emit(exec_set, &[(Slot::Rs1, us as i64)]);
                (then_n + else_n + 6, b1 + b2 + 6)
            }
            // Divergent loop: lanes leave when a per-lane condition says so, all leave
            // when the counter runs out.
            1 => {
                let n = self.trip_count();
                self.emit(exec_get, &[(Slot::Rd, us as i64)]);
                self.emit(umovi, &[(Slot::Rd, uc as i64), (Slot::Imm, n as i64)]);
                let (top, exit) = (self.new_label(), self.new_label());
                self.items.push(ProgramItem::Label(top));
                self.trips *= n;
                let b = self.block(body);
                self.trips /= n;
                let id = *self.rng.pick(&self.t.cmp_mask);
                let mut cmp = self.operands(id);
                let brk = self.pick_u_dst(1, 1);
                cmp.rd = brk;
                self.items.push(ProgramItem::Inst(cmp));
                let tmp = self.pick_u_dst(1, 1);
                self.emit(
                    self.t.t.saveexec_andn2,
                    &[(Slot::Rd, tmp as i64), (Slot::Rs1, brk as i64)],
                );
                self.emit(uaddi, &count_down);
                self.emit_branch(bz, &[(Slot::Rs1, uc as i64)], exit);
                self.emit_branch(bexecnz, &[], top);
                self.items.push(ProgramItem::Label(exit));
                self.emit(exec_set, &[(Slot::Rs1, us as i64)]);
                (body + 8, 2 + n * (b + 5) + 1)
            }
            // Uniform counted loop.
            2 => {
                let n = self.trip_count();
                self.emit(umovi, &[(Slot::Rd, uc as i64), (Slot::Imm, n as i64)]);
                let top = self.new_label();
                self.items.push(ProgramItem::Label(top));
                self.trips *= n;
                let b = self.block(body);
                self.trips /= n;
                self.emit(uaddi, &count_down);
                self.emit_branch(bnz, &[(Slot::Rs1, uc as i64)], top);
                (body + 3, 1 + n * (b + 2))
            }
            // Call forward, return through the link register.
            _ => {
                let (f, after) = (self.new_label(), self.new_label());
                let entry = if self.rng.chance(1, 2) {
                    self.emit_branch(jal, &[(Slot::Rd, us as i64)], f);
                    1
                } else {
                    self.indirect(jalr, uc, f);
                    // The link goes to the reserved register the return reads.
                    if let Some(ProgramItem::Inst(last)) = self.items.last_mut() {
                        last.rd = us;
                    }
                    2
                };
                self.emit_branch(jmp, &[], after);
                self.items.push(ProgramItem::Label(f));
                let b = self.block(body);
                // Any immediate 0..3 returns to the link: the jump clears the low bits.
                let low = self.rng.below(4) as i64;
                self.emit(jr, &[(Slot::Rs1, us as i64), (Slot::Imm, low)]);
                self.items.push(ProgramItem::Label(after));
                (body + entry + 2, b + entry as u64 + 2)
            }
        };
        self.depth = k - 1;
        r
    }

    fn trip_count(&mut self) -> u64 {
        let most = MAX_TRIPS.min(MAX_TRIP_PRODUCT / self.trips).max(1);
        self.rng.range(1, most)
    }

    // ------------------------------------------------------------------ directed streams

    fn directed(&mut self, rem: usize) -> (usize, u64) {
        let n = rem.min(self.rng.range(3, 10) as usize);
        match self.rng.below(5) {
            // Hazards: a run of instructions on two or three registers.
            0 => {
                let (vw, uw) = (self.vwin, self.uwin);
                let lo = self.pick_v(1, 1).min(self.vlim - 3);
                self.vwin = (lo, lo + self.rng.range(2, 3) as u8);
                let ulo = self.pick_u_dst(1, 1).min(self.ufree - 2);
                self.uwin = (ulo, ulo + 2);
                for _ in 0..n {
                    let c = *self
                        .rng
                        .pick(&[Class::Int, Class::Fp, Class::Half, Class::Uni]);
                    let i = self.random_inst(c);
                    self.items.push(ProgramItem::Inst(i));
                }
                (self.vwin, self.uwin) = (vw, uw);
                (n, n as u64)
            }
            // Pair/half aliasing: 64-bit pairs, 32-bit registers and 16-bit halves on the
            // same two registers.
            1 => {
                let vw = self.vwin;
                let lo = self.pick_v(2, 2);
                self.vwin = (lo, lo + 2);
                for _ in 0..n {
                    let id = *self.rng.pick(&self.t.alias);
                    let i = self.operands(id);
                    self.items.push(ProgramItem::Inst(i));
                }
                self.vwin = vw;
                (n, n as u64)
            }
            // movrel with the index landing next to the vgprs limit.
            2 => {
                let tmp = self.pick_u_dst(1, 1);
                let b = self.pick_v(1, 1);
                let idx = self.vlim as i64 - b as i64 + self.rng.range(0, 4) as i64 - 2;
                self.emit(self.t.t.umovi, &[(Slot::Rd, tmp as i64), (Slot::Imm, idx)]);
                let id = *self.rng.pick(&self.t.movrel);
                let mut m = self.operands(id);
                // Base in both rd and rs1: whichever is the relative one lands near the limit.
                (m.rd, m.rs1, m.rs2) = (b, b, tmp);
                self.items.push(ProgramItem::Inst(m));
                (2, 2)
            }
            // Rounding: one operation in every explicit mode and in dyn (MODE), then a
            // MODE-rounded one (the warps' MODE values differ).
            3 => {
                let id = *self.rng.pick(&self.t.rmo);
                let base = self.operands(id);
                let rd_ty = id.desc().operand(Slot::Rd).map(|o| o.ty);
                for rm in [0u8, 1, 2, 3, 4, 7] {
                    let mut i = base;
                    i.rm = rm;
                    match rd_ty.and_then(|t| t.reg()) {
                        Some((RegFile::V, n, a)) => i.rd = self.pick_v(n, a),
                        Some((RegFile::H, ..)) => {
                            i.rd = 2 * self.pick_v(1, 1) + self.rng.below(2) as u8
                        }
                        _ => {}
                    }
                    self.items.push(ProgramItem::Inst(i));
                }
                let id = *self.rng.pick(&self.t.dyn_fp);
                let i = self.operands(id);
                self.items.push(ProgramItem::Inst(i));
                (7, 7)
            }
            // Corner values loaded from literals.
            _ => {
                for _ in 0..n {
                    let id = *self.rng.pick(&self.t.lit_move);
                    let i = self.operands(id);
                    self.items.push(ProgramItem::Inst(i));
                }
                (n, n as u64)
            }
        }
    }

    // ------------------------------------------------------------------ faults

    fn fault_item(&mut self, kind: FaultKind, vmax: u8) -> ProgramItem {
        // An even register every warp lacks (vmax <= 120 when the kinds that use it are
        // chosen; otherwise unused).
        let lo = vmax.next_multiple_of(2).min(126);
        let high = lo + 2 * self.rng.below((126 - lo) as u64 / 2 + 1) as u8;
        match kind {
            FaultKind::Undecodable => loop {
                if self.rng.chance(1, 2) {
                    // Random word with an even opcode (so it is one 32-bit word).
                    let w = self.rng.u32() & !1;
                    if matches!(decode(&w.to_le_bytes()), Err(e) if !matches!(e, DecodeError::Truncated { .. }))
                    {
                        return ProgramItem::Word(w);
                    }
                } else {
                    // A valid instruction with one reserved bit set.
                    let id = InsnId(self.rng.below(INSNS.len() as u64) as u16);
                    let d = id.desc();
                    let inst = self.operands(id);
                    let bits = if d.size == 4 { 0xffff_ffff } else { u64::MAX };
                    let mask = d.zero_mask & bits;
                    if mask == 0 {
                        continue;
                    }
                    let mut pick = self.rng.below(mask.count_ones() as u64);
                    let mut bit = 0;
                    for b in 0..64 {
                        if mask >> b & 1 == 1 {
                            if pick == 0 {
                                bit = b;
                                break;
                            }
                            pick -= 1;
                        }
                    }
                    let w = encode_word(&inst) ^ (1u64 << bit);
                    let bytes = w.to_le_bytes();
                    if decode(&bytes[..d.size as usize]).is_ok() {
                        continue;
                    }
                    return if d.size == 4 {
                        ProgramItem::Word(w as u32)
                    } else {
                        ProgramItem::Dword(w)
                    };
                }
            },
            FaultKind::Unsupported => {
                let id = *self.rng.pick(&self.t.unsupported);
                ProgramItem::Inst(self.operands(id))
            }
            FaultKind::VgprLimit => {
                let id = *self.rng.pick(&self.t.uses_v);
                let mut i = self.operands(id);
                let vops: Vec<_> = id
                    .desc()
                    .operands
                    .iter()
                    .filter(|o| matches!(o.ty.reg(), Some((RegFile::V | RegFile::H, ..))))
                    .collect();
                let o = **self.rng.pick(&vops);
                let v = match o.ty.reg() {
                    Some((RegFile::H, ..)) => 2 * high as i64 + self.rng.below(2) as i64,
                    _ => high as i64,
                };
                i.set(o.slot, v);
                ProgramItem::Inst(i)
            }
            FaultKind::MovrelRange => {
                let id = *self.rng.pick(&self.t.movrel);
                let mut i = self.operands(id);
                (i.rd, i.rs1) = (high, high);
                ProgramItem::Inst(i)
            }
        }
    }

    // ------------------------------------------------------------------ warps

    fn warps(&mut self, n: usize, vlim: u8, vmax: u8) -> Vec<WarpInit> {
        let mut rm0 = self.rng.below(5) as u8;
        let mut rm16_0 = self.rng.below(5) as u8;
        if let Some(t) = self.cfg.toward.clone() {
            // MODE is set at launch only: the first warp starts in a missing mode.
            (rm0, rm16_0) = t.modes(&mut self.rng, rm0, rm16_0);
        }
        let mut out: Vec<WarpInit> = Vec::with_capacity(n);
        for w in 0..n {
            let vgprs = if self.rng.chance(7, 10) {
                vlim
            } else {
                self.rng.range(vlim as u64, vmax as u64) as u8
            };
            let exec = values::exec_mask(&mut self.rng);
            // Distinct MODE per warp, so MODE-rounded code runs in several modes.
            let (rm, rm16) = ((rm0 + w as u8) % 5, (rm16_0 + 2 * w as u8) % 5);
            let fflags = if self.rng.chance(1, 8) {
                self.rng.below(32) as u8
            } else {
                0
            };
            let (u, v) = if w > 0 && self.rng.chance(1, 2) {
                (out[0].u.clone(), out[0].v.clone())
            } else {
                self.contents()
            };
            out.push(WarpInit {
                vgprs,
                exec,
                rm,
                rm16,
                fflags,
                u,
                v,
            });
        }
        out
    }

    /// Initial register contents: the register windows random code uses, plus a few
    /// others; per-lane values for some vector registers so compares diverge.
    fn contents(&mut self) -> Contents {
        let mut u = Vec::new();
        for r in self.uwin.0..self.uwin.1 {
            u.push((r, values::value32(&mut self.rng)));
        }
        for _ in 0..self.rng.below(4) {
            let r = self.rng.below(self.ufree as u64) as u8;
            if !(self.uwin.0..self.uwin.1).contains(&r) && !u.iter().any(|x| x.0 == r) {
                u.push((r, values::value32(&mut self.rng)));
            }
        }
        let mut v = Vec::new();
        let mut lane_arrays = 0;
        for r in self.vwin.0..self.vwin.1 {
            if lane_arrays < 6 && self.rng.chance(2, 5) {
                lane_arrays += 1;
                let base = values::value32(&mut self.rng);
                let mut l = [base; 32];
                for x in l.iter_mut() {
                    if self.rng.chance(1, 2) {
                        *x = values::value32(&mut self.rng);
                    }
                }
                v.push((r, VInit::Lanes(l)));
            } else {
                v.push((r, VInit::All(values::value32(&mut self.rng))));
            }
        }
        (u, v)
    }

    // ------------------------------------------------------------------ output

    /// Lay the items out, resolve labels and print. Returns the text, the address of item
    /// `mark`, and the number of instructions and data words.
    fn render(&mut self, mark: Option<usize>) -> (String, Option<u32>, usize) {
        self.label_pc.clear();
        self.label_pc.resize(self.labels as usize, 0);
        let mut pc = 0u32;
        let mut mark_pc = None;
        let mut count = 0;
        for (k, it) in self.items.iter().enumerate() {
            if Some(k) == mark {
                mark_pc = Some(pc);
            }
            match it {
                ProgramItem::Label(l) => self.label_pc[*l as usize] = pc,
                ProgramItem::Inst(i) | ProgramItem::Branch(i, _) | ProgramItem::PcRel(i, ..) => {
                    pc += i.size() as u32;
                    count += 1;
                }
                ProgramItem::Word(_) => {
                    pc += 4;
                    count += 1
                }
                ProgramItem::Dword(_) => {
                    pc += 8;
                    count += 1
                }
            }
        }
        self.is_label.clear();
        self.is_label.resize(pc as usize / 4 + 1, false);
        for &p in &self.label_pc {
            self.is_label[p as usize / 4] = true;
        }
        let is_label = &self.is_label;
        let named =
            |t: u32| t.is_multiple_of(4) && is_label.get(t as usize / 4).copied().unwrap_or(false);
        let mut text = String::with_capacity(self.items.len() * 40);
        let mut pc = 0u32;
        let mut last_label = None;
        for it in &self.items {
            let inst = match *it {
                ProgramItem::Label(l) => {
                    let p = self.label_pc[l as usize];
                    if last_label != Some(p) {
                        text.push_str(&format!("L_{p:04x}:\n"));
                        last_label = Some(p);
                    }
                    continue;
                }
                ProgramItem::Word(w) => {
                    text.push_str(&format!("    .word 0x{w:08x}\n"));
                    pc += 4;
                    continue;
                }
                ProgramItem::Dword(w) => {
                    text.push_str(&format!("    .dword 0x{w:016x}\n"));
                    pc += 8;
                    continue;
                }
                ProgramItem::Inst(i) => i,
                ProgramItem::Branch(mut i, l) => {
                    i.set(Slot::Imm, self.label_pc[l as usize] as i64 - pc as i64);
                    i
                }
                ProgramItem::PcRel(mut i, l, adjust) => {
                    i.set(
                        Slot::Imm,
                        self.label_pc[l as usize] as i64 - pc as i64 + adjust,
                    );
                    i
                }
            };
            self.line.clear();
            warpkit_asm::format_inst(&inst, pc, Some(&named), &mut self.line);
            text.push_str("    ");
            text.push_str(&self.line);
            text.push('\n');
            pc += inst.size() as u32;
        }
        (text, mark_pc, count)
    }
}
