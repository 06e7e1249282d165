//! What a block compiles to, before any machine code: the straight run of instructions
//! from a PC that the tier translates (each as an [`PlanItem`]), the branch that ends it, and
//! the variant that stopped it when it is one the tier leaves to the interpreter. The
//! semantics of every item are those of the interpreter's row for the variant
//! (`crates/sim/src/semantics.rs`); `tests/differential.rs` compares the two.

use warpkit_encoding::Inst;
use warpkit_isa::{id, InsnId};
use warpkit_sim::{has_semantics, Mode, Program};

/// A 32-bit source: a vector register, a uniform register broadcast, or an immediate
/// broadcast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlanSrc {
    V(u8),
    U(u8),
    Imm(u32),
}

/// Lane operations `d = op(a, b)` (unary ones read `a` only, `MovB` reads `b` only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Andn,
    Orn,
    Xnor,
    Sll,
    Srl,
    Sra,
    Min,
    Max,
    Minu,
    Maxu,
    Slt,
    Sltu,
    MovB,
    Not,
    Neg,
    Abs,
    Clz,
    Ctz,
    Cpop,
    SextB,
    SextH,
    ZextB,
    ZextH,
    Rol,
    Ror,
    /// `b == 0 ? 0 : a`.
    CzeroEqz,
    /// `b != 0 ? 0 : a`.
    CzeroNez,
    /// High halves of the 64-bit products: signed, unsigned, signed `a` by unsigned `b`.
    Mulh,
    Mulhu,
    Mulhsu,
    /// `low_mask(a[5:0]) << b[4:0]`.
    Bfm,
    /// Byte and bit reversal.
    Rev8,
    Brev,
    /// Saturating `a + b` / `a - b`, signed and unsigned.
    AddSatI,
    AddSatU,
    SubSatI,
    SubSatU,
    /// binary32 sign injection (`fsgnj`, `fsgnjn`, `fsgnjx`): bits only, no flags.
    Fsgnj,
    Fsgnjn,
    Fsgnjx,
}

impl VOp {
    /// Reads only `a`.
    pub(crate) fn unary(self) -> bool {
        matches!(
            self,
            VOp::Not
                | VOp::Neg
                | VOp::Abs
                | VOp::Clz
                | VOp::Ctz
                | VOp::Cpop
                | VOp::SextB
                | VOp::SextH
                | VOp::ZextB
                | VOp::ZextH
                | VOp::Rev8
                | VOp::Brev
        )
    }
}

/// Three-source lane operations `d = op(a, b, c)` (X format).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum V3Op {
    /// `a * b + c`.
    Mad,
    /// Median of three, signed / unsigned.
    Med3I,
    Med3U,
    /// `c != 0 ? a : b`.
    Sel,
    /// `(a & b) | (!a & c)`.
    Bfi,
    /// `({a, b} >> c[4:0])[31:0]`.
    Alignbit,
    /// The field of `c[5:0]` bits at `b[4:0]` of `a`, zero- or sign-extended.
    BfeU,
    BfeI,
    /// `c +` the sum of the products of the bytes of `a` and `b`, signed or not.
    Dp4aI,
    Dp4aU,
    /// Byte permute of `{a, b}` by the selector bytes of `c` (`perm.b32`).
    Perm,
}

/// Binary32 operations (`Fma`: `a * b + c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FOp {
    Add,
    Sub,
    Mul,
    Fma,
}

/// Uniform operations `U[d] = op(U[a], b)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    Andn,
    Orn,
    Xnor,
    Mul,
    Sll,
    Srl,
    Sra,
    Slt,
    Sltu,
    Seq,
    Sne,
    Sge,
    Sgeu,
    Min,
    Max,
    Minu,
    Maxu,
    /// `U[d] = b`.
    MovB,
    /// `U[d] = !U[a]`.
    Not,
    Clz,
    Ctz,
    Cpop,
    SextB,
    SextH,
    Rol,
    Ror,
    CzeroEqz,
    CzeroNez,
    Mulh,
    Mulhu,
    Mulhsu,
    /// `low_mask(a[5:0]) << b[4:0]`.
    Bfm,
    /// `(a >> b[4:0]) & low_mask(b[21:16])`.
    BfeU,
    /// The same field sign-extended.
    BfeI,
    /// Every group of 4 bits with a bit set made all set.
    Wqm,
    /// Bit reversal.
    Brev,
}

/// The new EXEC of `saveexec.*` from the old one and `U[a]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ExecOp {
    And,
    Or,
    Xor,
    /// `s & !exec`.
    Andn1,
    /// `exec & !s`.
    Andn2,
    /// `s`.
    Take2,
    /// `wqm(exec)` (`exec.wqm`; `U[a]` unused).
    Wqm,
}

/// Integer compare predicates (AVX-512 `vpcmp` immediates).
pub(crate) const CMP_EQ: u32 = 0;
pub(crate) const CMP_LT: u32 = 1;
pub(crate) const CMP_NE: u32 = 4;
pub(crate) const CMP_GE: u32 = 5;
pub(crate) const CMP_GT: u32 = 6;

/// The 64-bit shifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shift64 {
    Sll,
    Srl,
    Sra,
}

/// The 64-bit second operand of [`PlanItem::Add64`] (vector registers) and
/// [`PlanItem::U64`] (uniform registers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Src64 {
    /// The pair `b:b+1` (of the item's register file).
    Pair(u8),
    /// Register `b` (of the item's register file) sign- or zero-extended (`signed`).
    V { b: u8, signed: bool },
    /// `U[b]` zero-extended.
    UZext(u8),
    /// A constant.
    Imm(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlanItem {
    /// `V[d] = op(a, b)` under EXEC.
    V {
        op: VOp,
        d: u8,
        a: PlanSrc,
        b: PlanSrc,
    },
    /// `V[d] += a * b` under EXEC.
    Mac { d: u8, a: PlanSrc, b: PlanSrc },
    /// `V[d] = lane number` under EXEC (`laneid`).
    LaneId { d: u8 },
    /// `V[d] = V[a] + popcount(U[m] & ((1 << lane) - 1))` under EXEC (`mbcnt`).
    Mbcnt { d: u8, a: u8, m: u8 },
    /// `V[d] = U[m][lane] ? V[a] : V[d]` under EXEC (`cndmask`).
    Cnd { d: u8, a: u8, m: u8 },
    /// `V[d] = op(V[a], V[b], V[c])` under EXEC.
    V3 {
        op: V3Op,
        d: u8,
        a: u8,
        b: u8,
        c: u8,
    },
    /// `V[d:d+1] = V[a:a+1] + b` (or `- b`) in 64 bits under EXEC (`add64`, `sub64`,
    /// `addsx64`, `addzx64`, `mov64`).
    Add64 { sub: bool, d: u8, a: u8, b: Src64 },
    /// `V[d:d+1] = V[a] * V[b]` widened to 64 bits, signed or not, plus `V[c:c+1]` if
    /// any, under EXEC (`mulw`, `mulwu`, `mad64.i32`, `mad64.u32`).
    MulW {
        signed: bool,
        d: u8,
        a: u8,
        b: u8,
        c: Option<u8>,
    },
    /// `V[d:d+1] = U[a:a+1]` in every active lane (`mov64.vu`).
    MovU64 { d: u8, a: u8 },
    /// `V[d:d+1] = V[c] != 0 ? V[a:a+1] : V[b:b+1]` under EXEC (`sel64`).
    Sel64 { d: u8, a: u8, b: u8, c: u8 },
    /// `V[d:d+1] = V[a:a+1] << / >>u / >>s V[b][5:0]` under EXEC (`sll64`, `srl64`,
    /// `sra64`).
    Shift64 { op: Shift64, d: u8, a: u8, b: u8 },
    /// `U[d]` = the active lanes where the 64-bit compare `pred` (CMP_EQ, CMP_NE, CMP_LT,
    /// CMP_GE) of `V[a:a+1]` and `V[b:b+1]` holds, `unsigned` or signed.
    Cmp64 {
        pred: u32,
        unsigned: bool,
        d: u8,
        a: u8,
        b: u8,
    },
    /// `U[d:d+1] = U[a:a+1] +/- b` in 64 bits (`uadd64`, `usub64`, `uaddsx64`, `uaddzx64`,
    /// `uadd64i`, `uadd64.l`, `umov64`; `b` a uniform pair, a uniform register extended,
    /// or a constant).
    U64 { sub: bool, d: u8, a: u8, b: Src64 },
    /// `U[d:d+1] = CODE_BASE + off` (`upca`; `off` is `PC + sext(imm)`).
    Upca { d: u8, off: u64 },
    /// `V[d] = op(a, b, c)` in binary32, rounding `rm` (0..=4), for a warp whose FFLAGS
    /// hold NX; a side exit (the interpreter runs it) when an active lane could raise
    /// another flag.
    F {
        op: FOp,
        rm: u8,
        d: u8,
        a: PlanSrc,
        b: PlanSrc,
        c: PlanSrc,
    },
    /// Packed binary16 `V[d].x = op(V[a].x, V[b].x, V[c].x)` for both halves `x` of each
    /// lane (`Fma`: `a * b + c`), rounding `rm` (0..=4), for a warp whose FFLAGS hold NX;
    /// `mode16` when `rm` is MODE.rm16. A side exit when an active lane's half could raise
    /// another flag (as for `F`). `halves`: a scalar binary16 row (`h` operands) instead,
    /// one half of each register: bit 0 `d`'s (only that half is written), bits 1, 2, 3
    /// those of `a`, `b`, `c`.
    Pk16 {
        op: FOp,
        rm: u8,
        mode16: bool,
        d: u8,
        a: u8,
        b: u8,
        c: u8,
        halves: Option<u8>,
    },
    /// `U[d]` = the active lanes where `a pred b` (`unsigned` compare or signed).
    Cmp {
        pred: u32,
        unsigned: bool,
        d: u8,
        a: u8,
        b: PlanSrc,
    },
    /// `U[d]` = the active lanes where the binary32 compare `pred` (a `vcmpps` predicate)
    /// of `a` and `b` holds; a side exit when an active lane of either is a NaN (the only
    /// case that raises a flag or tells the ordered and unordered predicates apart).
    FCmp { pred: u32, d: u8, a: u8, b: PlanSrc },
    /// `V[d]` = binary32 minimumNumber / maximumNumber (`max`) of `a` and `b` under EXEC;
    /// a side exit when an active lane of either is a NaN (NV, NaN rules).
    FMinMax {
        max: bool,
        d: u8,
        a: PlanSrc,
        b: PlanSrc,
    },
    /// `U[d] = op(U[a], b)` (`b` a uniform register or an immediate).
    U { op: UOp, d: u8, a: u8, b: PlanSrc },
    /// `U[d] = EXEC`.
    ExecGet { d: u8 },
    /// `EXEC = U[a]`.
    ExecSet { a: u8 },
    /// `U[d] = EXEC; EXEC = op(old EXEC, U[a])` (`U[a]` read first).
    SaveExec { op: ExecOp, d: u8, a: u8 },
    /// A kernel call: the instruction at `pc` (`size` bytes) run by the interpreter from
    /// the compiled code (`emit::call_run`, consecutive calls in one piece), for a variant
    /// the tier has no native code for; a side exit when it does not retire (a fault), an
    /// exit after it when it does not go on to `pc + size`.
    Call { pc: u32, size: u8 },
}

/// When a branch is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BranchCond {
    Always,
    ExecZero,
    ExecNonzero,
    UZero,
    UNonzero,
    /// `U[u] & EXEC == 0`.
    NoneActive,
    AnyActive,
}

/// The branch that ends a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Term {
    pub cond: BranchCond,
    pub u: u8,
    /// The target; for an `indirect` jump the immediate added to `U[u]`.
    pub target: u32,
    /// `jr`/`jalr`: the target is `(U[u] + target) & !3`, known only at run time.
    pub indirect: bool,
    /// `jal`/`jalr`: `U[d] = value` (the PC after the jump), written after the target is
    /// read (`d` may be `u`).
    pub link: Option<(u8, u32)>,
}

/// A block: `items` from `pc` (item `i` at `pcs[i]`), then `term` if any; after the last
/// instruction (not taken) control goes to `next_pc`.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub pc: u32,
    pub items: Vec<PlanItem>,
    pub pcs: Vec<u32>,
    pub term: Option<Term>,
    pub next_pc: u32,
    /// One past the highest vector register named.
    pub vreg_end: u8,
    /// The MODE.rm the block was compiled for, when an item rounds by MODE.
    pub mode: Option<u8>,
    /// The MODE.rm16 the block was compiled for, when an item rounds by it.
    pub mode16: Option<u8>,
    /// Some item is binary32 or binary16 arithmetic (the block needs NX in FFLAGS).
    pub fp: bool,
    /// The variant that ended the block because the tier does not compile it (and the
    /// reason), if that is why it ended.
    pub stop: Option<(InsnId, &'static str)>,
    /// The variants compiled as kernel calls, with the reason they are not native.
    pub calls: Vec<(InsnId, &'static str)>,
}

impl Plan {
    /// Instructions one pass through the block retires (the branch included).
    pub(crate) fn len(&self) -> u64 {
        self.items.len() as u64 + self.term.is_some() as u64
    }

    /// Whether the block branches back to its own start (a loop the code runs in place).
    pub(crate) fn is_loop(&self) -> bool {
        self.term
            .is_some_and(|t| !t.indirect && t.target == self.pc)
    }
}

/// Longest block (instructions).
pub(crate) const MAX_ITEMS: usize = 512;

/// Whether `v` may change control flow (ends an interpreted run).
pub(crate) fn is_control(v: InsnId) -> bool {
    matches!(
        v,
        id::JMP
            | id::BEXECZ
            | id::BEXECNZ
            | id::JAL
            | id::BZ
            | id::BNZ
            | id::BNONE
            | id::BANY
            | id::JR
            | id::JALR
    )
}

/// What an instruction becomes: an item, a branch, or why the tier leaves it to the
/// interpreter.
enum Tr {
    PlanItem(PlanItem, bool),
    Term(Term),
    No(&'static str),
}

/// Where the rounding mode of an FP row comes from.
#[derive(Clone, Copy)]
enum Rnd {
    Mode,
    Field,
}

/// Why an instruction in `as_calls` of [`plan`] is a kernel call.
pub(crate) const SIDE_EXITED: &str = "side-exited often: recompiled as a kernel call";

/// The block the tier compiles at `pc` for a warp whose MODE is `mode`, the instructions
/// at `as_calls` made kernel calls (they side-exited often in an earlier compile); `None`
/// when the first instruction is not compiled (then the reason, with the variant).
pub(crate) fn plan(
    p: &Program,
    pc: u32,
    mode: Mode,
    as_calls: &[u32],
) -> Result<Plan, Option<(InsnId, &'static str)>> {
    let mode_rm = mode.rm;
    let mut b = Plan {
        pc,
        items: Vec::new(),
        pcs: Vec::new(),
        term: None,
        next_pc: pc,
        vreg_end: 0,
        mode: None,
        mode16: None,
        fp: false,
        stop: None,
        calls: Vec::new(),
    };
    let mut at = pc;
    while b.items.len() < MAX_ITEMS {
        let Some(inst) = p.inst_at(at) else { break };
        let size = inst.size() as u32;
        if at as usize + size as usize > p.len() {
            break;
        }
        let item = match (translate(&inst, at, mode_rm), pk16(&inst, mode.rm16)) {
            (Tr::PlanItem(..), _) | (Tr::No(_), Some(_)) if as_calls.contains(&at) => {
                Tr::No(SIDE_EXITED)
            }
            (Tr::No(_), Some(t)) => t,
            (t, _) => t,
        };
        match item {
            Tr::PlanItem(item, by_mode) => {
                if by_mode {
                    b.mode = Some(mode_rm);
                }
                if let PlanItem::Pk16 { mode16: true, .. } = item {
                    b.mode16 = Some(mode.rm16);
                }
                b.fp |= matches!(item, PlanItem::F { .. } | PlanItem::Pk16 { .. });
                b.vreg_end = b.vreg_end.max(vreg_end(&item));
                b.items.push(item);
                b.pcs.push(at);
                at = at.wrapping_add(size);
                b.next_pc = at;
            }
            Tr::Term(t) => {
                b.term = Some(t);
                b.next_pc = at.wrapping_add(size);
                break;
            }
            // What the tier has no native code for runs as a kernel call, except what has
            // no semantics (chapter 7: IllegalInsn) or may jump (none is left over).
            Tr::No(why) if has_semantics(inst.id) && !is_control(inst.id) => {
                b.calls.push((inst.id, why));
                b.items.push(PlanItem::Call {
                    pc: at,
                    size: size as u8,
                });
                b.pcs.push(at);
                at = at.wrapping_add(size);
                b.next_pc = at;
            }
            Tr::No(why) => {
                b.stop = Some((inst.id, why));
                break;
            }
        }
    }
    if b.items.is_empty() && b.term.is_none() {
        return Err(b.stop);
    }
    merge_calls(&mut b);
    Ok(b)
}

/// Most native items between two kernel calls that are made calls too, joining the two
/// into one: a call costs about what the interpreter spends on three instructions
/// (measured: a loop of native items alternating with calls, 0.39 s compiled as they are
/// against 0.29 s interpreted).
const MERGE: usize = 3;

/// Make calls of the few native items between two kernel calls (see [`MERGE`]).
fn merge_calls(b: &mut Plan) {
    let is_call = |x: &PlanItem| matches!(x, PlanItem::Call { .. });
    let mut last_call = None;
    for i in 0..b.items.len() {
        if !is_call(&b.items[i]) {
            continue;
        }
        if let Some(k) = last_call {
            if i - k - 1 <= MERGE {
                for j in k + 1..i {
                    b.items[j] = PlanItem::Call {
                        pc: b.pcs[j],
                        size: b.pcs[j + 1].wrapping_sub(b.pcs[j]) as u8,
                    };
                }
            }
        }
        last_call = Some(i);
    }
}

fn vreg_end(item: &PlanItem) -> u8 {
    let v = |s: &PlanSrc| match s {
        PlanSrc::V(r) => r + 1,
        _ => 0,
    };
    match item {
        PlanItem::V { d, a, b, .. } | PlanItem::Mac { d, a, b } => (d + 1).max(v(a)).max(v(b)),
        PlanItem::F { d, a, b, c, .. } => (d + 1).max(v(a)).max(v(b)).max(v(c)),
        PlanItem::FMinMax { d, a, b, .. } => (d + 1).max(v(a)).max(v(b)),
        PlanItem::Cnd { d, a, .. } | PlanItem::Mbcnt { d, a, .. } => (*d).max(*a) + 1,
        PlanItem::LaneId { d } => d + 1,
        PlanItem::V3 { d, a, b, c, .. } | PlanItem::Pk16 { d, a, b, c, .. } => {
            (d.max(a).max(b).max(c)) + 1
        }
        PlanItem::MulW { d, a, b, c, .. } => {
            (d + 2).max(a + 1).max(b + 1).max(c.map_or(0, |c| c + 2))
        }
        PlanItem::MovU64 { d, .. } => d + 2,
        PlanItem::Sel64 { d, a, b, c } => (d + 2).max(a + 2).max(b + 2).max(c + 1),
        PlanItem::Shift64 { d, a, b, .. } => (d + 2).max(a + 2).max(b + 1),
        PlanItem::Cmp64 { a, b, .. } => (a + 2).max(b + 2),
        PlanItem::Add64 { d, a, b, .. } => {
            let b = match b {
                Src64::Pair(b) => b + 2,
                Src64::V { b, .. } => b + 1,
                _ => 0,
            };
            (d + 2).max(a + 2).max(b)
        }
        PlanItem::Cmp { a, b, .. } | PlanItem::FCmp { a, b, .. } => (a + 1).max(v(b)),
        _ => 0,
    }
}

fn translate(i: &Inst, pc: u32, mode_rm: u8) -> Tr {
    use PlanSrc::{Imm, U, V};
    let (d, s1, s2, s3, imm) = (i.rd, i.rs1, i.rs2, i.rs3, i.imm as u32);
    let vv = |op| {
        Tr::PlanItem(
            PlanItem::V {
                op,
                d,
                a: V(s1),
                b: V(s2),
            },
            false,
        )
    };
    let vu = |op| {
        Tr::PlanItem(
            PlanItem::V {
                op,
                d,
                a: V(s1),
                b: U(s2),
            },
            false,
        )
    };
    let vi = |op| {
        Tr::PlanItem(
            PlanItem::V {
                op,
                d,
                a: V(s1),
                b: Imm(imm),
            },
            false,
        )
    };
    let v1 = |op| {
        Tr::PlanItem(
            PlanItem::V {
                op,
                d,
                a: V(s1),
                b: V(s1),
            },
            false,
        )
    };
    let c = |pred, unsigned, b| {
        Tr::PlanItem(
            PlanItem::Cmp {
                pred,
                unsigned,
                d,
                a: s1,
                b,
            },
            false,
        )
    };
    let uu = |op| {
        Tr::PlanItem(
            PlanItem::U {
                op,
                d,
                a: s1,
                b: U(s2),
            },
            false,
        )
    };
    let v3 = |op| {
        Tr::PlanItem(
            PlanItem::V3 {
                op,
                d,
                a: s1,
                b: s2,
                c: s3,
            },
            false,
        )
    };
    let mm = |max, b| {
        Tr::PlanItem(
            PlanItem::FMinMax {
                max,
                d,
                a: V(s1),
                b,
            },
            false,
        )
    };
    // FP rows without modifiers (the interpreter applies neg/abs/sat).
    let plain = |t: &dyn Fn() -> Tr| {
        if i.neg | i.abs | i.sat != 0 {
            Tr::No("neg/abs/sat modifiers")
        } else {
            t()
        }
    };
    let u1 = |op| {
        Tr::PlanItem(
            PlanItem::U {
                op,
                d,
                a: s1,
                b: U(s1),
            },
            false,
        )
    };
    let ui = |op| {
        Tr::PlanItem(
            PlanItem::U {
                op,
                d,
                a: s1,
                b: Imm(imm),
            },
            false,
        )
    };
    let br = |cond| {
        Tr::Term(Term {
            cond,
            u: s1,
            target: pc.wrapping_add(imm),
            indirect: false,
            link: None,
        })
    };
    // `jal`, `jr`, `jalr`: the link is the PC after the 4-byte jump (`shapes::jump_link`).
    let jump = |indirect, link: bool| {
        Tr::Term(Term {
            cond: BranchCond::Always,
            u: s1,
            target: if indirect { imm } else { pc.wrapping_add(imm) },
            indirect,
            link: link.then_some((d, pc.wrapping_add(4))),
        })
    };
    let se = |op| Tr::PlanItem(PlanItem::SaveExec { op, d, a: s1 }, false);
    // FP rows: modifiers and reserved modes are left to the interpreter.
    let f = |op, rnd: Rnd, a: PlanSrc, b: PlanSrc, c: PlanSrc| {
        if i.neg | i.abs | i.sat != 0 {
            return Tr::No("neg/abs/sat modifiers");
        }
        let (rm, by_mode) = match rnd {
            Rnd::Mode => (mode_rm, true),
            Rnd::Field if i.rm == 7 => (mode_rm, true),
            Rnd::Field => (i.rm, false),
        };
        if rm > 4 {
            return Tr::No("reserved rounding mode");
        }
        Tr::PlanItem(PlanItem::F { op, rm, d, a, b, c }, by_mode)
    };
    let add64 = |sub, b| Tr::PlanItem(PlanItem::Add64 { sub, d, a: s1, b }, false);
    let u64op = |sub, b| Tr::PlanItem(PlanItem::U64 { sub, d, a: s1, b }, false);
    let mulw = |signed, c| {
        Tr::PlanItem(
            PlanItem::MulW {
                signed,
                d,
                a: s1,
                b: s2,
                c,
            },
            false,
        )
    };
    let shift64 = |op| {
        Tr::PlanItem(
            PlanItem::Shift64 {
                op,
                d,
                a: s1,
                b: s2,
            },
            false,
        )
    };
    let cmp64 = |pred, unsigned| {
        Tr::PlanItem(
            PlanItem::Cmp64 {
                pred,
                unsigned,
                d,
                a: s1,
                b: s2,
            },
            false,
        )
    };
    let z = Imm(0);
    match i.id {
        id::ADD => vv(VOp::Add),
        id::ADD_VU => vu(VOp::Add),
        id::ADD_VI | id::ADD_VL => vi(VOp::Add),
        id::SUB => vv(VOp::Sub),
        id::SUB_VU => vu(VOp::Sub),
        id::SUBR_VU => Tr::PlanItem(
            PlanItem::V {
                op: VOp::Sub,
                d,
                a: U(s2),
                b: V(s1),
            },
            false,
        ),
        id::SUBR_VI | id::SUBR_VL => Tr::PlanItem(
            PlanItem::V {
                op: VOp::Sub,
                d,
                a: Imm(imm),
                b: V(s1),
            },
            false,
        ),
        id::MUL => vv(VOp::Mul),
        id::MUL_VU => vu(VOp::Mul),
        id::MUL_VI | id::MUL_VL => vi(VOp::Mul),
        id::AND => vv(VOp::And),
        id::AND_VU => vu(VOp::And),
        id::AND_VI | id::AND_VL => vi(VOp::And),
        id::OR => vv(VOp::Or),
        id::OR_VU => vu(VOp::Or),
        id::OR_VI | id::OR_VL => vi(VOp::Or),
        id::XOR => vv(VOp::Xor),
        id::XOR_VU => vu(VOp::Xor),
        id::XOR_VI | id::XOR_VL => vi(VOp::Xor),
        id::ANDN => vv(VOp::Andn),
        id::ANDN_VU => vu(VOp::Andn),
        id::ORN => vv(VOp::Orn),
        id::ORN_VU => vu(VOp::Orn),
        id::XNOR => vv(VOp::Xnor),
        id::SLL => vv(VOp::Sll),
        id::SLL_VU => vu(VOp::Sll),
        id::SLL_VI => vi(VOp::Sll),
        id::SRL => vv(VOp::Srl),
        id::SRL_VU => vu(VOp::Srl),
        id::SRL_VI => vi(VOp::Srl),
        id::SRA => vv(VOp::Sra),
        id::SRA_VU => vu(VOp::Sra),
        id::SRA_VI => vi(VOp::Sra),
        id::SLLR_VU => Tr::PlanItem(
            PlanItem::V {
                op: VOp::Sll,
                d,
                a: U(s2),
                b: V(s1),
            },
            false,
        ),
        id::SRLR_VU => Tr::PlanItem(
            PlanItem::V {
                op: VOp::Srl,
                d,
                a: U(s2),
                b: V(s1),
            },
            false,
        ),
        id::SRAR_VU => Tr::PlanItem(
            PlanItem::V {
                op: VOp::Sra,
                d,
                a: U(s2),
                b: V(s1),
            },
            false,
        ),
        id::SLT => vv(VOp::Slt),
        id::SLT_VU => vu(VOp::Slt),
        id::SLT_VI => vi(VOp::Slt),
        id::SLTU => vv(VOp::Sltu),
        id::SLTU_VU => vu(VOp::Sltu),
        id::SLTU_VI => vi(VOp::Sltu),
        id::MIN => vv(VOp::Min),
        id::MIN_VU => vu(VOp::Min),
        id::MIN_VI => vi(VOp::Min),
        id::MAX => vv(VOp::Max),
        id::MAX_VU => vu(VOp::Max),
        id::MAX_VI => vi(VOp::Max),
        id::MINU => vv(VOp::Minu),
        id::MINU_VU => vu(VOp::Minu),
        id::MINU_VI => vi(VOp::Minu),
        id::MAXU => vv(VOp::Maxu),
        id::MAXU_VU => vu(VOp::Maxu),
        id::MAXU_VI => vi(VOp::Maxu),
        id::MULH => vv(VOp::Mulh),
        id::MULH_VU => vu(VOp::Mulh),
        id::MULHU => vv(VOp::Mulhu),
        id::MULHU_VU => vu(VOp::Mulhu),
        id::MULHSU => vv(VOp::Mulhsu),
        id::UMULH => uu(UOp::Mulh),
        id::UMULHU => uu(UOp::Mulhu),
        id::UMULHSU => uu(UOp::Mulhsu),
        id::UBFM => uu(UOp::Bfm),
        id::UBFE_U32 => uu(UOp::BfeU),
        id::UBFE_I32 => uu(UOp::BfeI),
        id::UPCA => Tr::PlanItem(
            PlanItem::Upca {
                d,
                off: (pc as u64).wrapping_add(imm as i32 as i64 as u64),
            },
            false,
        ),
        id::UWQM => u1(UOp::Wqm),
        id::UBREV => u1(UOp::Brev),
        id::EXEC_WQM => se(ExecOp::Wqm),
        id::CNDMASK => Tr::PlanItem(PlanItem::Cnd { d, a: s1, m: s2 }, false),
        id::LANEID => Tr::PlanItem(PlanItem::LaneId { d }, false),
        id::MBCNT => Tr::PlanItem(PlanItem::Mbcnt { d, a: s1, m: s2 }, false),
        id::MAD_U32 => v3(V3Op::Mad),
        id::MED3_I32 => v3(V3Op::Med3I),
        id::MED3_U32 => v3(V3Op::Med3U),
        id::SEL => v3(V3Op::Sel),
        id::BFI => v3(V3Op::Bfi),
        id::ALIGNBIT => v3(V3Op::Alignbit),
        id::BFE_U32 => v3(V3Op::BfeU),
        id::BFE_I32 => v3(V3Op::BfeI),
        id::DP4A_I32 => v3(V3Op::Dp4aI),
        id::DP4A_U32 => v3(V3Op::Dp4aU),
        id::PERM_B32 => v3(V3Op::Perm),
        id::BFM => vv(VOp::Bfm),
        id::REV8 => v1(VOp::Rev8),
        id::BREV => v1(VOp::Brev),
        id::ADDSAT_I32 => vv(VOp::AddSatI),
        id::ADDSAT_U32 => vv(VOp::AddSatU),
        id::SUBSAT_I32 => vv(VOp::SubSatI),
        id::SUBSAT_U32 => vv(VOp::SubSatU),
        id::ADD64 => add64(false, Src64::Pair(s2)),
        id::SUB64 => add64(true, Src64::Pair(s2)),
        id::ADDSX64 => add64(
            false,
            Src64::V {
                b: s2,
                signed: true,
            },
        ),
        id::ADDZX64 => add64(
            false,
            Src64::V {
                b: s2,
                signed: false,
            },
        ),
        id::ADDZX64_VU => add64(false, Src64::UZext(s2)),
        id::ADDSX64_VL => add64(false, Src64::Imm(imm as i32 as i64 as u64)),
        id::MOV64 => add64(false, Src64::Imm(0)),
        id::MULW => mulw(true, None),
        id::MAD64_I32 => mulw(true, Some(s3)),
        id::MAD64_U32 => mulw(false, Some(s3)),
        id::MOV64_VU => Tr::PlanItem(PlanItem::MovU64 { d, a: s1 }, false),
        id::SLL64 => shift64(Shift64::Sll),
        id::SRL64 => shift64(Shift64::Srl),
        id::SRA64 => shift64(Shift64::Sra),
        id::CMP_EQ_I64 => cmp64(CMP_EQ, false),
        id::CMP_NE_I64 => cmp64(CMP_NE, false),
        id::CMP_LT_I64 => cmp64(CMP_LT, false),
        id::CMP_GE_I64 => cmp64(CMP_GE, false),
        id::CMP_LT_U64 => cmp64(CMP_LT, true),
        id::CMP_GE_U64 => cmp64(CMP_GE, true),
        id::SEL64 => Tr::PlanItem(
            PlanItem::Sel64 {
                d,
                a: s1,
                b: s2,
                c: s3,
            },
            false,
        ),
        id::UADD64 => u64op(false, Src64::Pair(s2)),
        id::USUB64 => u64op(true, Src64::Pair(s2)),
        id::UADDSX64 => u64op(
            false,
            Src64::V {
                b: s2,
                signed: true,
            },
        ),
        id::UADDZX64 => u64op(false, Src64::UZext(s2)),
        id::UADD64I | id::UADD64_L => u64op(false, Src64::Imm(imm as i32 as i64 as u64)),
        id::UMOV64 => u64op(false, Src64::Imm(0)),
        // The PC is known here.
        id::UPC => Tr::PlanItem(
            PlanItem::U {
                op: UOp::MovB,
                d,
                a: s1,
                b: Imm(pc.wrapping_add(imm)),
            },
            false,
        ),
        id::MULWU => mulw(false, None),
        id::MAC => Tr::PlanItem(
            PlanItem::Mac {
                d,
                a: V(s1),
                b: V(s2),
            },
            false,
        ),
        id::MAC_VU => Tr::PlanItem(
            PlanItem::Mac {
                d,
                a: V(s1),
                b: U(s2),
            },
            false,
        ),
        id::MOV => Tr::PlanItem(
            PlanItem::V {
                op: VOp::MovB,
                d,
                a: V(s1),
                b: V(s1),
            },
            false,
        ),
        id::MOV_VU => Tr::PlanItem(
            PlanItem::V {
                op: VOp::MovB,
                d,
                a: z,
                b: U(s1),
            },
            false,
        ),
        id::MOVI | id::MOV_VL => Tr::PlanItem(
            PlanItem::V {
                op: VOp::MovB,
                d,
                a: z,
                b: Imm(imm),
            },
            false,
        ),
        id::NOT => v1(VOp::Not),
        id::CLZ => v1(VOp::Clz),
        id::CTZ => v1(VOp::Ctz),
        id::CPOP => v1(VOp::Cpop),
        id::SEXT_B => v1(VOp::SextB),
        id::SEXT_H => v1(VOp::SextH),
        id::ZEXT_B => v1(VOp::ZextB),
        id::ZEXT_H => v1(VOp::ZextH),
        id::ROL => vv(VOp::Rol),
        id::ROR => vv(VOp::Ror),
        id::CZERO_EQZ => vv(VOp::CzeroEqz),
        id::CZERO_NEZ => vv(VOp::CzeroNez),
        id::NEG => v1(VOp::Neg),
        id::ABS => v1(VOp::Abs),
        id::CMP_EQ_I32 => c(CMP_EQ, false, V(s2)),
        id::CMP_NE_I32 => c(CMP_NE, false, V(s2)),
        id::CMP_LT_I32 => c(CMP_LT, false, V(s2)),
        id::CMP_GE_I32 => c(CMP_GE, false, V(s2)),
        id::CMP_LT_U32 => c(CMP_LT, true, V(s2)),
        id::CMP_GE_U32 => c(CMP_GE, true, V(s2)),
        id::CMP_EQ_I32_VU => c(CMP_EQ, false, U(s2)),
        id::CMP_NE_I32_VU => c(CMP_NE, false, U(s2)),
        id::CMP_LT_I32_VU => c(CMP_LT, false, U(s2)),
        id::CMP_GE_I32_VU => c(CMP_GE, false, U(s2)),
        id::CMP_LT_U32_VU => c(CMP_LT, true, U(s2)),
        id::CMP_GE_U32_VU => c(CMP_GE, true, U(s2)),
        id::CMP_EQ_I32_VI => c(CMP_EQ, false, Imm(imm)),
        id::CMP_NE_I32_VI => c(CMP_NE, false, Imm(imm)),
        id::CMP_LT_I32_VI => c(CMP_LT, false, Imm(imm)),
        id::CMP_GE_I32_VI => c(CMP_GE, false, Imm(imm)),
        id::CMP_LT_U32_VI => c(CMP_LT, true, Imm(imm)),
        id::CMP_GE_U32_VI => c(CMP_GE, true, Imm(imm)),
        id::CMP_GT_I32_VI => c(CMP_GT, false, Imm(imm)),
        id::CMP_GT_U32_VI => c(CMP_GT, true, Imm(imm)),
        // ---- uniform
        id::UADD => uu(UOp::Add),
        id::USUB => uu(UOp::Sub),
        id::USLL => uu(UOp::Sll),
        id::USLT => uu(UOp::Slt),
        id::USLTU => uu(UOp::Sltu),
        id::UXOR => uu(UOp::Xor),
        id::USRL => uu(UOp::Srl),
        id::USRA => uu(UOp::Sra),
        id::UOR => uu(UOp::Or),
        id::UAND => uu(UOp::And),
        id::UMIN => uu(UOp::Min),
        id::UMAX => uu(UOp::Max),
        id::UMINU => uu(UOp::Minu),
        id::UMAXU => uu(UOp::Maxu),
        id::UANDN => uu(UOp::Andn),
        id::UORN => uu(UOp::Orn),
        id::UXNOR => uu(UOp::Xnor),
        id::UMUL => uu(UOp::Mul),
        id::USEQ => uu(UOp::Seq),
        id::USNE => uu(UOp::Sne),
        id::USGE => uu(UOp::Sge),
        id::USGEU => uu(UOp::Sgeu),
        id::UADDI | id::UADD_L => ui(UOp::Add),
        id::UANDI | id::UAND_L => ui(UOp::And),
        id::UORI | id::UOR_L => ui(UOp::Or),
        id::UXORI | id::UXOR_L => ui(UOp::Xor),
        id::USLLI => ui(UOp::Sll),
        id::USRLI => ui(UOp::Srl),
        id::USRAI => ui(UOp::Sra),
        id::USLTI | id::USLT_L => ui(UOp::Slt),
        id::USLTIU | id::USLTU_L => ui(UOp::Sltu),
        id::USEQI | id::USEQ_L => ui(UOp::Seq),
        id::USNEI => ui(UOp::Sne),
        id::UMULI | id::UMUL_L => ui(UOp::Mul),
        id::UMOV => Tr::PlanItem(
            PlanItem::U {
                op: UOp::MovB,
                d,
                a: s1,
                b: U(s1),
            },
            false,
        ),
        id::UNOT => Tr::PlanItem(
            PlanItem::U {
                op: UOp::Not,
                d,
                a: s1,
                b: U(s1),
            },
            false,
        ),
        id::UCLZ => u1(UOp::Clz),
        id::UCTZ => u1(UOp::Ctz),
        id::UCPOP => u1(UOp::Cpop),
        id::USEXT_B => u1(UOp::SextB),
        id::USEXT_H => u1(UOp::SextH),
        id::UROL => uu(UOp::Rol),
        id::UROR => uu(UOp::Ror),
        id::UCZERO_EQZ => uu(UOp::CzeroEqz),
        id::UCZERO_NEZ => uu(UOp::CzeroNez),
        id::UMOVI | id::UMOV_L => Tr::PlanItem(
            PlanItem::U {
                op: UOp::MovB,
                d,
                a: s1,
                b: Imm(imm),
            },
            false,
        ),
        // ---- EXEC
        id::EXEC_GET => Tr::PlanItem(PlanItem::ExecGet { d }, false),
        id::EXEC_SET => Tr::PlanItem(PlanItem::ExecSet { a: s1 }, false),
        id::SAVEEXEC_AND => se(ExecOp::And),
        id::SAVEEXEC_OR => se(ExecOp::Or),
        id::SAVEEXEC_XOR => se(ExecOp::Xor),
        id::SAVEEXEC_ANDN1 => se(ExecOp::Andn1),
        id::SAVEEXEC_ANDN2 => se(ExecOp::Andn2),
        id::SAVEEXEC_MOV => se(ExecOp::Take2),
        // ---- branches (PC-relative)
        id::JMP => br(BranchCond::Always),
        id::BEXECZ => br(BranchCond::ExecZero),
        id::BEXECNZ => br(BranchCond::ExecNonzero),
        id::BZ => br(BranchCond::UZero),
        id::BNZ => br(BranchCond::UNonzero),
        id::BNONE => br(BranchCond::NoneActive),
        id::BANY => br(BranchCond::AnyActive),
        id::JAL => jump(false, true),
        id::JR => jump(true, false),
        id::JALR => jump(true, true),
        // ---- binary32 arithmetic
        id::FADD_F32 => f(FOp::Add, Rnd::Mode, V(s1), V(s2), z),
        id::FADD_F32_VU => f(FOp::Add, Rnd::Mode, V(s1), U(s2), z),
        id::FADD_F32_M => f(FOp::Add, Rnd::Field, V(s1), V(s2), z),
        id::FADD_F32_VL => f(FOp::Add, Rnd::Mode, V(s1), Imm(imm), z),
        id::FSUB_F32 => f(FOp::Sub, Rnd::Mode, V(s1), V(s2), z),
        id::FSUB_F32_VU => f(FOp::Sub, Rnd::Mode, V(s1), U(s2), z),
        id::FSUBR_F32_VU => f(FOp::Sub, Rnd::Mode, U(s2), V(s1), z),
        id::FSUBR_F32_VL => f(FOp::Sub, Rnd::Mode, Imm(imm), V(s1), z),
        id::FMUL_F32 => f(FOp::Mul, Rnd::Mode, V(s1), V(s2), z),
        id::FMUL_F32_VU => f(FOp::Mul, Rnd::Mode, V(s1), U(s2), z),
        id::FMUL_F32_M => f(FOp::Mul, Rnd::Field, V(s1), V(s2), z),
        id::FMUL_F32_VL => f(FOp::Mul, Rnd::Mode, V(s1), Imm(imm), z),
        id::FMAC_F32 => f(FOp::Fma, Rnd::Mode, V(s1), V(s2), V(d)),
        id::FMAC_F32_VU => f(FOp::Fma, Rnd::Mode, V(s1), U(s2), V(d)),
        id::FMAC_F32_VL => f(FOp::Fma, Rnd::Mode, V(s1), Imm(imm), V(d)),
        id::FFMA_F32 => f(FOp::Fma, Rnd::Field, V(s1), V(s2), V(s3)),
        id::FMIN_F32 => plain(&|| mm(false, V(s2))),
        id::FMIN_F32_VU => plain(&|| mm(false, U(s2))),
        id::FMIN_F32_VL => plain(&|| mm(false, Imm(imm))),
        id::FMAX_F32 => plain(&|| mm(true, V(s2))),
        id::FMAX_F32_VU => plain(&|| mm(true, U(s2))),
        id::FMAX_F32_VL => plain(&|| mm(true, Imm(imm))),
        id::FSGNJ_F32 => plain(&|| vv(VOp::Fsgnj)),
        id::FSGNJ_F32_VU => plain(&|| vu(VOp::Fsgnj)),
        id::FSGNJN_F32 => plain(&|| vv(VOp::Fsgnjn)),
        id::FSGNJN_F32_VU => plain(&|| vu(VOp::Fsgnjn)),
        id::FSGNJX_F32 => plain(&|| vv(VOp::Fsgnjx)),
        id::FSGNJX_F32_VU => plain(&|| vu(VOp::Fsgnjx)),
        v => match fcmp(v) {
            Some((pred, uniform)) => Tr::PlanItem(
                PlanItem::FCmp {
                    pred,
                    d,
                    a: s1,
                    b: if uniform { U(s2) } else { V(s2) },
                },
                false,
            ),
            None if has_semantics(v) => Tr::No("no native code"),
            None => Tr::No("chapter 7: no semantics in the model (IllegalInsn)"),
        },
    }
}

/// The `vcmpps` predicate of a binary32 compare into a mask, for operands that are not
/// NaN (then an ordered predicate and its unordered twin agree, `o` is always true and `u`
/// always false), and whether `b` is a uniform register.
fn fcmp(v: InsnId) -> Option<(u32, bool)> {
    const EQ: u32 = 0x00;
    const LT: u32 = 0x11;
    const LE: u32 = 0x12;
    const NE: u32 = 0x0c;
    const GT: u32 = 0x1e;
    const GE: u32 = 0x1d;
    const TRUE: u32 = 0x07;
    const FALSE: u32 = 0x03;
    Some(match v {
        id::CMP_EQ_F32 | id::CMP_EQU_F32 => (EQ, false),
        id::CMP_NE_F32 | id::CMP_NEU_F32 => (NE, false),
        id::CMP_LT_F32 | id::CMP_LTU_F32 => (LT, false),
        id::CMP_LE_F32 | id::CMP_LEU_F32 => (LE, false),
        id::CMP_GT_F32 | id::CMP_GTU_F32 => (GT, false),
        id::CMP_GE_F32 | id::CMP_GEU_F32 => (GE, false),
        id::CMP_O_F32 => (TRUE, false),
        id::CMP_U_F32 => (FALSE, false),
        id::CMP_EQ_F32_VU | id::CMP_EQU_F32_VU => (EQ, true),
        id::CMP_NE_F32_VU | id::CMP_NEU_F32_VU => (NE, true),
        id::CMP_LT_F32_VU | id::CMP_LTU_F32_VU => (LT, true),
        id::CMP_LE_F32_VU | id::CMP_LEU_F32_VU => (LE, true),
        id::CMP_GT_F32_VU | id::CMP_GTU_F32_VU => (GT, true),
        id::CMP_GE_F32_VU | id::CMP_GEU_F32_VU => (GE, true),
        id::CMP_O_F32_VU => (TRUE, true),
        id::CMP_U_F32_VU => (FALSE, true),
        _ => return None,
    })
}

/// The packed binary16 arithmetic rows (`pkadd.f16 pksub.f16 pkmul.f16 pkfmac.f16`, which
/// round by MODE.rm16, and `pkfma.f16`, by its field) and the scalar ones (`fadd.f16
/// fsub.f16 fmul.f16 ffma.f16`, by their field; with modifiers they are left to the
/// interpreter); reserved modes are left to the interpreter.
fn pk16(i: &Inst, mode_rm16: u8) -> Option<Tr> {
    let (d, s1, s2, s3) = (i.rd, i.rs1, i.rs2, i.rs3);
    let scalar = match i.id {
        id::FADD_F16 => Some((FOp::Add, s1)),
        id::FSUB_F16 => Some((FOp::Sub, s1)),
        id::FMUL_F16 => Some((FOp::Mul, s1)),
        id::FFMA_F16 => Some((FOp::Fma, s3)),
        _ => None,
    };
    if let Some((op, c)) = scalar {
        if i.neg | i.abs | i.sat != 0 {
            return Some(Tr::No("neg/abs/sat modifiers"));
        }
        let mode16 = i.rm == warpkit_encoding::RM_DYN;
        let rm = if mode16 { mode_rm16 } else { i.rm };
        if rm > 4 {
            return Some(Tr::No("reserved rounding mode"));
        }
        // Register slot 2n + half.
        let halves = (d & 1) | (s1 & 1) << 1 | (s2 & 1) << 2 | (c & 1) << 3;
        return Some(Tr::PlanItem(
            PlanItem::Pk16 {
                op,
                rm,
                mode16,
                d: d >> 1,
                a: s1 >> 1,
                b: s2 >> 1,
                c: c >> 1,
                halves: Some(halves),
            },
            false,
        ));
    }
    let (op, c, field) = match i.id {
        // (`c` unread: `a` again, so that it names no other register.)
        id::PKADD_F16 => (FOp::Add, s1, false),
        id::PKSUB_F16 => (FOp::Sub, s1, false),
        id::PKMUL_F16 => (FOp::Mul, s1, false),
        id::PKFMAC_F16 => (FOp::Fma, d, false),
        id::PKFMA_F16 => (FOp::Fma, s3, true),
        _ => return None,
    };
    let mode16 = !field || i.rm == warpkit_encoding::RM_DYN;
    let rm = if mode16 { mode_rm16 } else { i.rm };
    if rm > 4 {
        return Some(Tr::No("reserved rounding mode"));
    }
    Some(Tr::PlanItem(
        PlanItem::Pk16 {
            op,
            rm,
            mode16,
            d,
            a: s1,
            b: s2,
            c,
            halves: None,
        },
        false,
    ))
}
