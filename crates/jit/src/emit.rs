//! Machine code for a [`Plan`]: x86-64 with AVX-512 (F, DQ, BW), BMI1/BMI2, emitted with
//! `iced-x86`'s code assembler.
//!
//! The compiled function is `extern "sysv64" fn(v, u, ctx, max_iters) -> u64`: `v` the
//! warp's 128 vector registers (32 u32 each, 64-byte aligned), `u` its 64 uniform
//! registers, `ctx` a [`BlockCtx`] (EXEC read at entry and written at exit; the warp and program
//! for kernel calls), `max_iters` the passes through the block the step budget allows (at
//! least 1). It returns `passes << 20 | code`: code [`EXIT_END`] (left at the block's end
//! or by its branch not taken), [`EXIT_TAKEN`] (by its branch taken; an indirect target
//! in [`BlockCtx::next`]), [`EXIT_SIDE`] + i (stopped before item i, which did nothing: the
//! interpreter runs it), or [`EXIT_AFTER`] + i (stopped after item i, a kernel call that
//! retired and went elsewhere than the next instruction: to [`BlockCtx::next`]), with `passes`
//! the whole passes done (before the current one for a side exit).
//!
//! Register use. Vector registers: up to [`CACHED`] warp registers live in zmm0..zmm25
//! (two zmm each, lanes 0-15 and 16-31; less the constants the block needs, taken from
//! zmm26 down), loaded at entry and stored at exit; the others are read from and written
//! to the register file in memory (a block with a checked pair of binary32 items,
//! [`paired`], gives one cached pair to the pair's second result). zmm27..zmm31 are
//! temporaries. EXEC is in r8d and as masks k1 (lanes 0-15) and
//! k2 (16-31): every write merges under them, as the interpreter blends under EXEC.
//! General registers: rdi `v`, rsi `u`, r9 `ctx`, r10 the pass limit, r11 the passes
//! done; rax, rcx, rdx scratch. Only caller-saved registers are used (nothing to save).
//!
//! Kernel calls ([`PlanItem::Call`], QEMU's "helpers"): the code stores the cached
//! registers written since the last call and EXEC, calls [`call_run`] (which runs the
//! instruction, or a run of consecutive calls in one piece, with the interpreter on the
//! warp in memory), then reloads EXEC,
//! the constants and every cached register (a call clobbers every vector and mask
//! register). Uniform registers and FFLAGS are never cached, so the call sees and leaves
//! them in the warp.
use crate::plan::{
    BranchCond, ExecOp, FOp, Plan, PlanItem, PlanSrc, Shift64, Src64, UOp, V3Op, VOp, MAX_ITEMS,
};
use iced_x86::code_asm::*;
use iced_x86::IcedError;
use warpkit_sim::{Program, RunStatus, StepResult, Warp};

mod fp;

pub(crate) const EXIT_END: u64 = 0;
pub(crate) const EXIT_TAKEN: u64 = 1;
pub(crate) const EXIT_SIDE: u64 = 2;
pub(crate) const EXIT_AFTER: u64 = EXIT_SIDE + MAX_ITEMS as u64;

/// What a compiled block shares with the engine and with [`call_run`] (`repr(C)`: the code
/// reads `exec` at offset 0 and writes `next` at offset 4).
#[repr(C)]
pub(crate) struct BlockCtx {
    /// EXEC: read at entry, written at exit and around kernel calls.
    pub exec: u32,
    /// Where control goes after [`EXIT_AFTER`] or an indirect [`EXIT_TAKEN`].
    pub next: u32,
    /// The warp the block runs on (its register file is the block's `v` and `u`).
    pub w: *mut Warp,
    pub p: *const Program,
    /// The warp's CODE_BASE (read by `upca`, at offset 24).
    pub code_base: u64,
}

/// [`call_run`]'s answer when an instruction retired and control went elsewhere than the
/// next one (to [`BlockCtx::next`]): this bit, or the count retired.
const CALL_ELSEWHERE: u32 = 1 << 31;

/// The kernel call: run the `n` instructions from `pc` (up to `next`) on the warp with the
/// interpreter itself ([`Warp::run`]: the handlers and register checks it uses), EXEC
/// taken from and given back to `ctx`. Returns `n` when all retired and control is at
/// `next`; `j < n` when the `j`-th did not retire (a fault: it changed nothing, and the
/// block side-exits there for the interpreter to raise it); [`CALL_ELSEWHERE`] | `j` when
/// the `j`-th retired and went elsewhere, to [`BlockCtx::next`] (none of the variants called
/// does; the interpreter's own run is exact there too). The warp's step count and PC are
/// the engine's to set: they are left as they were.
///
/// # Safety
/// `ctx` points to a [`BlockCtx`] whose `w` and `p` are valid, and nothing else uses the warp
/// during the call (the compiled block that calls this has stored what it caches).
pub(crate) unsafe extern "sysv64" fn call_run(
    ctx: *mut BlockCtx,
    pc: u32,
    n: u32,
    next: u32,
) -> u32 {
    // SAFETY: the caller's contract.
    let c = unsafe { &mut *ctx };
    let (w, p) = unsafe { (&mut *c.w, &*c.p) };
    let (steps, pc0) = (w.steps(), w.pc());
    w.set_exec(c.exec);
    w.set_pc(pc);
    // One instruction: the interpreter's single step (less set-up than a run; measured on
    // native items alternating with single calls: 0.67 -> 0.50 s).
    let (j, faulted) = if n == 1 {
        match w.step(p) {
            StepResult::Running => (1, false),
            r => (0, matches!(r, StepResult::Faulted(_))),
        }
    } else {
        let o = w.interpret(p, n as u64);
        (o.steps as u32, matches!(o.status, RunStatus::Faulted(_)))
    };
    c.exec = w.exec();
    c.next = w.pc();
    w.set_steps(steps);
    w.set_pc(pc0);
    if j == n && c.next == next {
        n
    } else if j == 0 || (j < n && (pc..next).contains(&c.next) && faulted) {
        // (Nothing retired: the first did not, whatever else the run says.)
        j
    } else {
        CALL_ELSEWHERE | j
    }
}
/// Bits of the return value below the pass count.
pub(crate) const PASS_SHIFT: u32 = 20;

/// Most warp registers kept in zmm registers across the block (zmm0..zmm25, less the
/// constants a block needs, which are taken from zmm26 down).
pub(crate) const CACHED: usize = 13;

const ZMM: [AsmRegisterZmm; 32] = [
    zmm0, zmm1, zmm2, zmm3, zmm4, zmm5, zmm6, zmm7, zmm8, zmm9, zmm10, zmm11, zmm12, zmm13, zmm14,
    zmm15, zmm16, zmm17, zmm18, zmm19, zmm20, zmm21, zmm22, zmm23, zmm24, zmm25, zmm26, zmm27,
    zmm28, zmm29, zmm30, zmm31,
];
const TA: AsmRegisterZmm = zmm27;
const TB: AsmRegisterZmm = zmm28;
const TC: AsmRegisterZmm = zmm29;
/// Results of the two halves (and the destination of an uncached register).
const R: [AsmRegisterZmm; 2] = [zmm30, zmm31];
/// The first register (counting down) for constants.
const CONST_TOP: usize = 26;

/// Constants (broadcast to every lane).
const ONES: u32 = u32::MAX;
const THIRTY_ONE: u32 = 31;
const ABS: u32 = 0x7fff_ffff;
/// `rm` of ties-to-away (`rmm`), done in `fp`.
const RMM: u8 = 4;

/// Bytes 0 and 2 of a word (`rev8`).
const BYTES_0_2: u32 = 0x00ff_00ff;
/// `perm.b32`'s constants: the dword index within a 128-bit lane mask, the selector's
/// byte-index bits, its hi/lo bit (and the step from one dword to the next in a lane),
/// the first selector past the 8 bytes, the selector of 0xff, all ones.
const PERM_CONSTS: [u32; 6] = [3, 0x0303_0303, 0x0404_0404, 0x0808_0808, 0x0d0d_0d0d, ONES];

/// The bits `brev` moves down by 1, 2 and 4 places within each byte.
const BREV_MASKS: [u32; 3] = [0x5555_5555, 0x3333_3333, 0x0f0f_0f0f];
/// A result's magnitude at or above this (per rounding) could raise a flag besides NX:
/// NaN and infinity in rne; also the largest finite value in a directed mode and in rmm
/// (whose fast path rounds toward zero, see `fp`).
fn limit(rm: u8) -> u32 {
    if rm == 0 {
        0x7f80_0000
    } else {
        0x7f7f_ffff
    }
}
/// Products at or below the smallest normal could underflow: magnitude - BIAS (wrapping)
/// must be below `limit - BIAS`.
const BIAS: u32 = 0x0080_0001;

/// The constants of rmm's fast path (`fp`): the exponent field, its least value there,
/// sign and exponent, and 24 in the exponent field.
const RMM_FAST: [u32; 4] = [0x7f80_0000, 0x0c80_0000, 0xff80_0000, 0x0c00_0000];

/// The constants of packed binary16 in rmm (`fp`): the exponent field, 11 in it, 2^-25,
/// the sign.
const PK16_RMM: [u32; 4] = [0x7f80_0000, 0x0580_0000, 0x3300_0000, 0x8000_0000];

/// The low and the high half of a lane (scalar binary16 rows, `fp`).
const HALF: [u32; 2] = [0x0000_ffff, 0xffff_0000];

/// The same for packed binary16, in both halves of a lane (`fp`).
const ABS16: u32 = 0x7fff_7fff;
const BIAS16: u16 = 0x0401;
fn limit16(rm: u8) -> u16 {
    if rm == 0 {
        0x7c00
    } else {
        0x7bff
    }
}
/// A 16-bit value in both halves.
fn twice(x: u16) -> u32 {
    x as u32 * 0x0001_0001
}
/// The range check's bound of a binary16 `op` in `rm`: `limit16`, less `BIAS16` for a
/// product.
fn bound16(op: FOp, rm: u8) -> u32 {
    match op {
        FOp::Mul | FOp::Fma => twice(limit16(rm).wrapping_sub(BIAS16)),
        _ => twice(limit16(rm)),
    }
}

/// The constants a block uses, in the order they are given registers.
fn constants_of(p: &Plan) -> Vec<u32> {
    let mut c = Vec::new();
    let mut need = |x: u32| {
        if !c.contains(&x) {
            c.push(x);
        }
    };
    for item in &p.items {
        match *item {
            PlanItem::V {
                op: VOp::Not | VOp::Ctz,
                ..
            } => need(ONES),
            PlanItem::V { op: VOp::ZextB, .. } => need(0xff),
            PlanItem::V {
                op: VOp::Fsgnj | VOp::Fsgnjn | VOp::Fsgnjx,
                ..
            } => need(ABS),
            PlanItem::V { op: VOp::ZextH, .. } => need(0xffff),
            PlanItem::V {
                op: VOp::AddSatI | VOp::SubSatI,
                ..
            } => need(ABS),
            PlanItem::V { op: VOp::Bfm, .. } => {
                need(ONES);
                need(63);
                need(THIRTY_ONE);
            }
            PlanItem::V { op: VOp::Rev8, .. } => need(BYTES_0_2),
            PlanItem::V { op: VOp::Brev, .. } => {
                for m in BREV_MASKS {
                    need(m);
                }
                need(BYTES_0_2);
            }
            PlanItem::V3 {
                op: V3Op::BfeU | V3Op::BfeI,
                ..
            } => {
                need(THIRTY_ONE);
                need(63);
                need(32);
            }
            PlanItem::Shift64 { .. } => {
                need(63);
                need(32);
            }
            PlanItem::V3 {
                op: V3Op::Dp4aU, ..
            } => need(BYTES_0_2),
            PlanItem::V3 { op: V3Op::Perm, .. } => {
                for x in PERM_CONSTS {
                    need(x);
                }
            }
            PlanItem::V3 {
                op: V3Op::Alignbit, ..
            } => {
                need(THIRTY_ONE);
                need(32);
            }
            PlanItem::V {
                op: VOp::Sll | VOp::Srl | VOp::Sra,
                ..
            } => need(THIRTY_ONE),
            PlanItem::Pk16 { op, rm, halves, .. } => {
                if let Some(h) = halves {
                    need(HALF[h as usize & 1]);
                }
                // 1: rounding to odd (rne and rmm sums and fmas).
                if rm == RMM || (rm == 0 && op != FOp::Mul) {
                    need(1);
                }
                need(ABS16);
                need(twice(BIAS16));
                need(bound16(op, rm));
                if rm == RMM {
                    for x in PK16_RMM {
                        need(x);
                    }
                }
            }
            PlanItem::F { op, rm, .. } => {
                need(ABS);
                if rm == RMM {
                    need(ONES);
                    for x in RMM_FAST {
                        need(x);
                    }
                }
                if matches!(op, FOp::Mul | FOp::Fma) {
                    need(BIAS);
                    need(limit(rm).wrapping_sub(BIAS));
                } else {
                    need(limit(rm));
                }
            }
            _ => {}
        }
    }
    c
}

/// The compiled function's type.
pub(crate) type BlockFn = unsafe extern "sysv64" fn(*mut u32, *mut u32, *mut BlockCtx, u64) -> u64;

struct Em<'p> {
    a: CodeAssembler,
    /// Labels of the lane tables placed after the code: lanes 0-15 and 16-31 of
    /// `lane` and of `32 - lane`.
    lane: [CodeLabel; 2],
    below: [CodeLabel; 2],
    p: &'p Plan,
    /// The cached pair of each warp register, if any.
    cache: [Option<u8>; 128],
    /// The constants and their registers.
    consts: Vec<(u32, AsmRegisterZmm)>,
    /// Where the second item of a checked pair ([`paired`]) is computed, when the block
    /// has one (a pair of registers taken from the cache).
    ry: Option<[AsmRegisterZmm; 2]>,
    /// The out-of-line code of checked pairs whose check failed ([`Em::fop_pair`]):
    /// where it starts, the first item's op, rounding and destination, and its two side
    /// exits (before the first item, before the second).
    pair_fails: Vec<(CodeLabel, FOp, u8, u8, CodeLabel, CodeLabel)>,
}

/// Whether binary32 items `x` and `y` (consecutive) are computed both and then checked
/// with one compare and one branch ([`Em::fop_pair`]): neither rmm (whose code branches
/// and uses every temporary), the same range bound (product or not, rne or a directed
/// mode), `y` reads no register `x` writes, and they write different registers. Then
/// computing `y` before `x` is written gives what the interpreter gives, and when the
/// check fails nothing of either is written.
fn paired(x: &PlanItem, y: &PlanItem) -> bool {
    let (
        &PlanItem::F {
            op: ox,
            rm: rx,
            d: xd,
            ..
        },
        &PlanItem::F {
            op: oy,
            rm: ry,
            d: yd,
            a,
            b,
            c,
        },
    ) = (x, y)
    else {
        return false;
    };
    let product = |o| matches!(o, FOp::Mul | FOp::Fma);
    let reads_xd = |s: PlanSrc| s == PlanSrc::V(xd);
    rx != RMM
        && ry != RMM
        && product(ox) == product(oy)
        && limit(rx) == limit(ry)
        && xd != yd
        && !reads_xd(a)
        && !reads_xd(b)
        && !(oy == FOp::Fma && reads_xd(c))
}

/// An operand merged under the EXEC mask of half `h` (k1 or k2).
trait Masked: Sized {
    fn k(self, h: usize) -> Self;
}

macro_rules! masked {
    ($($t:ty),*) => {$(
        impl Masked for $t {
            fn k(self, h: usize) -> Self {
                if h == 0 {
                    self.k1()
                } else {
                    self.k2()
                }
            }
        }
    )*};
}
masked!(AsmRegisterZmm, AsmRegisterK, AsmMemoryOperand);

fn vmem(r: u8, h: usize) -> AsmMemoryOperand {
    zmmword_ptr(rdi + (r as i32 * 128 + h as i32 * 64))
}

fn umem(r: u8) -> AsmMemoryOperand {
    dword_ptr(rsi + (r as i32 & 63) * 4)
}

/// The registers to keep in zmm: the most used, writes counted four times (an uncached
/// write is a load, a merge and a store).
fn choose_cache(p: &Plan, pairs: usize) -> [Option<u8>; 128] {
    let mut score = [0u32; 128];
    let read = |s: &PlanSrc, score: &mut [u32; 128]| {
        if let PlanSrc::V(r) = s {
            score[*r as usize & 127] += 1;
        }
    };
    for item in &p.items {
        match item {
            PlanItem::V { d, a, b, .. } | PlanItem::Mac { d, a, b } => {
                score[*d as usize & 127] += 4;
                read(a, &mut score);
                read(b, &mut score);
            }
            PlanItem::Cnd { d, a, .. } | PlanItem::Mbcnt { d, a, .. } => {
                score[*d as usize & 127] += 4;
                score[*a as usize & 127] += 1;
            }
            PlanItem::LaneId { d } => score[*d as usize & 127] += 4,
            PlanItem::Shift64 { d, a, b, .. } => {
                for r in [*d, d.wrapping_add(1)] {
                    score[r as usize & 127] += 4;
                }
                for r in [*a, a.wrapping_add(1), *b] {
                    score[r as usize & 127] += 1;
                }
            }
            PlanItem::Cmp64 { a, b, .. } => {
                for r in [*a, a.wrapping_add(1), *b, b.wrapping_add(1)] {
                    score[r as usize & 127] += 1;
                }
            }
            PlanItem::Sel64 { d, a, b, c } => {
                for r in [*d, d.wrapping_add(1)] {
                    score[r as usize & 127] += 4;
                }
                for r in [*a, a.wrapping_add(1), *b, b.wrapping_add(1), *c] {
                    score[r as usize & 127] += 1;
                }
            }
            PlanItem::MulW { d, a, b, c, .. } => {
                for r in [*d, d.wrapping_add(1)] {
                    score[r as usize & 127] += 4;
                }
                score[*a as usize & 127] += 1;
                score[*b as usize & 127] += 1;
                if let Some(c) = c {
                    score[*c as usize & 127] += 1;
                    score[c.wrapping_add(1) as usize & 127] += 1;
                }
            }
            PlanItem::MovU64 { d, .. } => {
                for r in [*d, d.wrapping_add(1)] {
                    score[r as usize & 127] += 4;
                }
            }
            PlanItem::Add64 { d, a, b, .. } => {
                for r in [*d, d.wrapping_add(1)] {
                    score[r as usize & 127] += 4;
                }
                for r in [*a, a.wrapping_add(1)] {
                    score[r as usize & 127] += 1;
                }
                match *b {
                    Src64::Pair(b) => {
                        score[b as usize & 127] += 1;
                        score[b.wrapping_add(1) as usize & 127] += 1;
                    }
                    Src64::V { b, .. } => score[b as usize & 127] += 1,
                    _ => {}
                }
            }
            PlanItem::V3 { d, a, b, c, .. } | PlanItem::Pk16 { d, a, b, c, .. } => {
                score[*d as usize & 127] += 4;
                for r in [a, b, c] {
                    score[*r as usize & 127] += 1;
                }
            }
            PlanItem::FMinMax { d, a, b, .. } => {
                score[*d as usize & 127] += 4;
                read(a, &mut score);
                read(b, &mut score);
            }
            PlanItem::F { d, a, b, c, .. } => {
                score[*d as usize & 127] += 4;
                read(a, &mut score);
                read(b, &mut score);
                read(c, &mut score);
            }
            PlanItem::Cmp { a, b, .. } | PlanItem::FCmp { a, b, .. } => {
                score[*a as usize & 127] += 1;
                read(b, &mut score);
            }
            _ => {}
        }
    }
    // Every kernel call (a run of them is one) reloads each cached register and stores it
    // back if written: a register is kept in zmm only where that costs less than reading
    // it from memory at each use (a read costs 1 in the score, a write 4; measured on a
    // loop of native items alternating with calls: 0.41 -> 0.33 s).
    let syncs = p
        .items
        .iter()
        .enumerate()
        .filter(|(i, x)| {
            matches!(x, PlanItem::Call { .. })
                && (*i == 0 || !matches!(p.items[i - 1], PlanItem::Call { .. }))
        })
        .count() as u32;
    let mut regs: Vec<usize> = (0..128).filter(|&r| score[r] > 2 * syncs).collect();
    regs.sort_by_key(|&r| (std::cmp::Reverse(score[r]), r));
    let mut cache = [None; 128];
    for (k, &r) in regs.iter().take(pairs.min(CACHED)).enumerate() {
        cache[r] = Some(k as u8);
    }
    cache
}

/// The vector registers a natively compiled item writes.
fn native_writes(item: &PlanItem) -> [Option<u8>; 2] {
    match item {
        PlanItem::V { d, .. }
        | PlanItem::Mac { d, .. }
        | PlanItem::F { d, .. }
        | PlanItem::FMinMax { d, .. }
        | PlanItem::V3 { d, .. }
        | PlanItem::Pk16 { d, .. }
        | PlanItem::Cnd { d, .. }
        | PlanItem::Mbcnt { d, .. }
        | PlanItem::LaneId { d } => [Some(*d), None],
        PlanItem::Add64 { d, .. }
        | PlanItem::MulW { d, .. }
        | PlanItem::Sel64 { d, .. }
        | PlanItem::Shift64 { d, .. }
        | PlanItem::MovU64 { d, .. } => [Some(*d), Some(d.wrapping_add(1))],
        _ => [None, None],
    }
}

fn written(p: &Plan) -> [bool; 128] {
    let mut w = [false; 128];
    for d in p.items.iter().flat_map(native_writes).flatten() {
        w[d as usize & 127] = true;
    }
    w
}

/// The registers native items may have written (in their cached zmm) since the registers
/// were last in memory, when the kernel call at item `at` is reached: those after the
/// previous call, or after the block's start (and, in a loop, after the last call of the
/// pass before).
fn dirty_at(p: &Plan, at: usize) -> [bool; 128] {
    let is_call = |i: &PlanItem| matches!(i, PlanItem::Call { .. });
    let mut w = [false; 128];
    let mut mark = |items: &[PlanItem]| {
        for d in items.iter().flat_map(native_writes).flatten() {
            w[d as usize & 127] = true;
        }
    };
    let before = &p.items[..at];
    match before.iter().rposition(is_call) {
        Some(k) => mark(&before[k + 1..]),
        None => {
            mark(before);
            if p.is_loop() {
                let last = p.items.iter().rposition(is_call).unwrap_or(at);
                mark(&p.items[last + 1..]);
            }
        }
    }
    w
}

/// eax = `wqm(eax)` (ecx clobbered): the groups of 4 bits with a bit set, all set.
fn wqm(x: &mut CodeAssembler) -> Result<(), IcedError> {
    x.mov(ecx, eax)?;
    x.shr(ecx, 1)?;
    x.or(eax, ecx)?;
    x.mov(ecx, eax)?;
    x.shr(ecx, 2)?;
    x.or(eax, ecx)?;
    x.and(eax, 0x1111_1111)?;
    x.imul_3(eax, eax, 15)
}

/// Machine code for `p` (position-independent).
pub(crate) fn emit(p: &Plan) -> Result<Vec<u8>, IcedError> {
    let consts: Vec<(u32, AsmRegisterZmm)> = constants_of(p)
        .into_iter()
        .enumerate()
        .map(|(k, x)| (x, ZMM[CONST_TOP - k]))
        .collect();
    let mut pairs = (CONST_TOP + 1 - consts.len()) / 2;
    // A block with a checked pair gives one cached pair to its second item.
    let ry = p.items.windows(2).any(|w| paired(&w[0], &w[1])).then(|| {
        pairs -= 1;
        [ZMM[2 * pairs], ZMM[2 * pairs + 1]]
    });
    let mut a = CodeAssembler::new(64)?;
    let lane = [a.create_label(), a.create_label()];
    let below = [a.create_label(), a.create_label()];
    let mut e = Em {
        a,
        lane,
        below,
        p,
        cache: choose_cache(p, pairs),
        consts,
        ry,
        pair_fails: Vec::new(),
    };
    e.body()?;
    e.a.assemble(0)
}

impl Em<'_> {
    /// The register holding constant `x` (made at entry by [`Em::constants`]).
    fn k_(&self, x: u32) -> AsmRegisterZmm {
        self.consts
            .iter()
            .find(|c| c.0 == x)
            .map(|c| c.1)
            .expect("constants_of lists every constant the block uses")
    }

    fn cached(&self, r: u8) -> Option<[AsmRegisterZmm; 2]> {
        self.cache[r as usize & 127].map(|k| [ZMM[2 * k as usize], ZMM[2 * k as usize + 1]])
    }

    /// Half `h` of a source in a register: its cached zmm, or loaded into `tmp`.
    fn src(
        &mut self,
        s: PlanSrc,
        h: usize,
        tmp: AsmRegisterZmm,
    ) -> Result<AsmRegisterZmm, IcedError> {
        Ok(match s {
            PlanSrc::V(r) => match self.cached(r) {
                Some(z) => z[h],
                None => {
                    self.a.vmovdqu32(tmp, vmem(r, h))?;
                    tmp
                }
            },
            PlanSrc::U(r) => {
                self.a.vpbroadcastd(tmp, umem(r))?;
                tmp
            }
            PlanSrc::Imm(x) => {
                self.a.mov(eax, x)?;
                self.a.vpbroadcastd(tmp, eax)?;
                tmp
            }
        })
    }

    /// Where half `h` of `V[d]` is computed: its cached zmm, or `R[h]`.
    fn dst(&self, d: u8, h: usize) -> AsmRegisterZmm {
        self.cached(d).map_or(R[h], |z| z[h])
    }

    /// After half `h` of `V[d]` was computed into `dst(d, h)` under EXEC: store it when
    /// the register is not cached.
    fn finish(&mut self, d: u8, h: usize) -> Result<(), IcedError> {
        if self.cached(d).is_none() {
            self.a.vmovdqu32(vmem(d, h).k(h), R[h])?;
        }
        Ok(())
    }

    fn reload_exec(&mut self) -> Result<(), IcedError> {
        self.a.kmovw(k1, r8d)?;
        self.a.mov(eax, r8d)?;
        self.a.shr(eax, 16)?;
        self.a.kmovw(k2, eax)
    }

    fn body(&mut self) -> Result<(), IcedError> {
        let p = self.p;
        let a = &mut self.a;
        a.mov(r9, rdx)?;
        a.mov(r8d, dword_ptr(r9))?;
        a.mov(r10, rcx)?;
        a.xor(r11d, r11d)?;
        self.reload_exec()?;
        self.constants()?;
        for r in 0..128u8 {
            if let Some(z) = self.cached(r) {
                self.a.vmovdqu32(z[0], vmem(r, 0))?;
                self.a.vmovdqu32(z[1], vmem(r, 1))?;
            }
        }
        let mut top = self.a.create_label();
        let mut exit = self.a.create_label();
        self.a.set_label(&mut top)?;
        let mut sides = Vec::new();
        let mut call_exits = Vec::new();
        let mut i = 0;
        while i < p.items.len() {
            let item = &p.items[i];
            if let PlanItem::Call { pc, .. } = *item {
                // A run of calls is one call: the interpreter runs them in one piece.
                let n = p.items[i..]
                    .iter()
                    .take_while(|x| matches!(x, PlanItem::Call { .. }))
                    .count();
                let next = match p.items[i + n - 1] {
                    PlanItem::Call { pc, size } => pc.wrapping_add(size as u32),
                    _ => unreachable!("the run is of calls"),
                };
                call_exits.push((i, self.call(i, pc, n as u32, next)?));
                i += n;
                continue;
            }
            if let (Some(ry), Some(y)) = (self.ry, p.items.get(i + 1)) {
                if paired(item, y) {
                    let (sx, sy) = self.fop_pair(item, y, ry)?;
                    sides.push((i, sx));
                    sides.push((i + 1, sy));
                    i += 2;
                    continue;
                }
            }
            if let Some(l) = self.item(item)? {
                sides.push((i, l));
            }
            i += 1;
        }
        self.a.inc(r11)?;
        match p.term {
            None => {
                self.a.mov(eax, EXIT_END as u32)?;
                self.a.jmp(exit)?;
            }
            Some(t) => {
                let mut taken = self.a.create_label();
                match t.cond {
                    BranchCond::Always => {
                        self.a.jmp(taken)?;
                    }
                    BranchCond::ExecZero | BranchCond::ExecNonzero => {
                        self.a.test(r8d, r8d)?;
                    }
                    BranchCond::UZero | BranchCond::UNonzero => {
                        self.a.mov(eax, umem(t.u))?;
                        self.a.test(eax, eax)?;
                    }
                    BranchCond::NoneActive | BranchCond::AnyActive => {
                        self.a.mov(eax, umem(t.u))?;
                        self.a.test(eax, r8d)?;
                    }
                }
                match t.cond {
                    BranchCond::Always => {}
                    BranchCond::ExecZero | BranchCond::UZero | BranchCond::NoneActive => {
                        self.a.je(taken)?
                    }
                    _ => self.a.jne(taken)?,
                }
                self.a.mov(eax, EXIT_END as u32)?;
                self.a.jmp(exit)?;
                self.a.set_label(&mut taken)?;
                if t.indirect {
                    // The target before the link (`jalr` may link into its own source).
                    self.a.mov(eax, umem(t.u))?;
                    self.a.add(eax, t.target)?;
                    self.a.and(eax, !3u32)?;
                    self.a.mov(dword_ptr(r9 + 4), eax)?;
                }
                if let Some((d, value)) = t.link {
                    self.a.mov(umem(d), value)?;
                }
                if p.is_loop() {
                    self.a.cmp(r11, r10)?;
                    self.a.jb(top)?;
                }
                self.a.mov(eax, EXIT_TAKEN as u32)?;
                self.a.jmp(exit)?;
            }
        }
        // A checked pair failed: the first item alone. When it passes it is written (as
        // it would be alone) and the side exit is before the second, so a side exit names
        // the item that needs the interpreter.
        for (mut l, op, rm, d, sx, sy) in std::mem::take(&mut self.pair_fails) {
            self.a.set_label(&mut l)?;
            let lim = self.f_tested(op, rm, R, TA, TB)?;
            self.a.vpcmpud(k3, TA, lim, crate::plan::CMP_GE)?;
            self.a.kortestw(k3, k3)?;
            self.a.jne(sx)?;
            self.commit(d, R, None)?;
            self.a.jmp(sy)?;
        }
        for (i, mut l) in sides {
            self.a.set_label(&mut l)?;
            self.a.mov(eax, (EXIT_SIDE + i as u64) as u32)?;
            self.a.jmp(exit)?;
        }
        // ecx: the answer of `call_run` for the run of calls from item i.
        for (i, mut l) in call_exits {
            let mut after = self.a.create_label();
            self.a.set_label(&mut l)?;
            self.a.test(ecx, CALL_ELSEWHERE)?;
            self.a.jne(after)?;
            self.a
                .lea(eax, dword_ptr(rcx + (EXIT_SIDE as i32 + i as i32)))?;
            self.a.jmp(exit)?;
            // The j-th retired and went elsewhere: exit after item i + j - 1.
            self.a.set_label(&mut after)?;
            self.a.and(ecx, !CALL_ELSEWHERE)?;
            self.a
                .lea(eax, dword_ptr(rcx + (EXIT_AFTER as i32 + i as i32 - 1)))?;
            self.a.jmp(exit)?;
        }
        self.a.set_label(&mut exit)?;
        self.a.shl(r11, PASS_SHIFT)?;
        self.a.or(rax, r11)?;
        let w = written(p);
        for r in 0..128u8 {
            if let (Some(z), true) = (self.cached(r), w[r as usize]) {
                self.a.vmovdqu32(vmem(r, 0), z[0])?;
                self.a.vmovdqu32(vmem(r, 1), z[1])?;
            }
        }
        self.a.mov(dword_ptr(r9), r8d)?;
        self.a.vzeroupper()?;
        self.a.ret()?;
        if p.items.iter().any(|i| {
            matches!(
                i,
                PlanItem::LaneId { .. }
                    | PlanItem::Mbcnt { .. }
                    | PlanItem::V3 { op: V3Op::Perm, .. }
            )
        }) {
            for h in 0..2 {
                let lanes: Vec<u32> = (16 * h as u32..16 * h as u32 + 16).collect();
                self.a.set_label(&mut self.lane[h])?;
                self.a.dd(&lanes)?;
                let below: Vec<u32> = lanes.iter().map(|l| 32 - l).collect();
                self.a.set_label(&mut self.below[h])?;
                self.a.dd(&below)?;
            }
        }
        Ok(())
    }

    /// Items `i..i + n`, kernel calls of the instructions from `pc` to `next`: the label
    /// the code goes to (answer in ecx) when they did not all retire and go on to `next`.
    fn call(&mut self, i: usize, pc: u32, n: u32, next: u32) -> Result<CodeLabel, IcedError> {
        let dirty = dirty_at(self.p, i);
        for r in 0..128u8 {
            if let (Some(z), true) = (self.cached(r), dirty[r as usize]) {
                self.a.vmovdqu32(vmem(r, 0), z[0])?;
                self.a.vmovdqu32(vmem(r, 1), z[1])?;
            }
        }
        let x = &mut self.a;
        x.mov(dword_ptr(r9), r8d)?;
        // The registers the block keeps that a call may clobber; five pushes also align the
        // stack to 16 bytes for the call (it was at 8 past a multiple of 16 at entry).
        for r in [rdi, rsi, r9, r10, r11] {
            x.push(r)?;
        }
        x.vzeroupper()?;
        x.mov(rdi, r9)?;
        x.mov(esi, pc)?;
        x.mov(edx, n)?;
        x.mov(ecx, next)?;
        x.mov(rax, call_run as *const () as u64)?;
        x.call(rax)?;
        for r in [r11, r10, r9, rsi, rdi] {
            x.pop(r)?;
        }
        // The answer in ecx: the reloads use eax.
        x.mov(ecx, eax)?;
        x.mov(r8d, dword_ptr(r9))?;
        self.reload_exec()?;
        self.constants()?;
        for r in 0..128u8 {
            if let Some(z) = self.cached(r) {
                self.a.vmovdqu32(z[0], vmem(r, 0))?;
                self.a.vmovdqu32(z[1], vmem(r, 1))?;
            }
        }
        let stopped = self.a.create_label();
        self.a.cmp(ecx, n)?;
        self.a.jne(stopped)?;
        Ok(stopped)
    }

    /// The constant registers the block uses.
    fn constants(&mut self) -> Result<(), IcedError> {
        for &(x, reg) in &self.consts {
            self.a.mov(eax, x)?;
            self.a.vpbroadcastd(reg, eax)?;
        }
        Ok(())
    }

    /// One item; the label of its side exit, if it has one.
    fn item(&mut self, item: &PlanItem) -> Result<Option<CodeLabel>, IcedError> {
        match *item {
            PlanItem::V { op, d, a, b } => {
                for h in 0..2 {
                    self.vop(op, d, a, b, h)?;
                    self.finish(d, h)?;
                }
            }
            PlanItem::Mac { d, a, b } => {
                for h in 0..2 {
                    let za = self.src(a, h, TA)?;
                    let zb = self.src(b, h, TB)?;
                    self.a.vpmulld(TC, za, zb)?;
                    let zd = self.dst(d, h);
                    if self.cached(d).is_none() {
                        self.a.vmovdqu32(zd, vmem(d, h))?;
                    }
                    self.a.vpaddd(zd.k(h), zd, TC)?;
                    self.finish(d, h)?;
                }
            }
            PlanItem::F { op, rm, d, a, b, c } => return self.fop(op, rm, d, a, b, c).map(Some),
            PlanItem::Pk16 {
                op,
                rm,
                d,
                a,
                b,
                c,
                halves,
                ..
            } => return self.pk16(op, rm, d, [a, b, c], halves).map(Some),
            PlanItem::Cmp {
                pred,
                unsigned,
                d,
                a,
                b,
            } => {
                for h in 0..2 {
                    let za = self.src(PlanSrc::V(a), h, TA)?;
                    let zb = self.src(b, h, TB)?;
                    let k = [k3, k4][h].k(h);
                    if unsigned {
                        self.a.vpcmpud(k, za, zb, pred)?;
                    } else {
                        self.a.vpcmpd(k, za, zb, pred)?;
                    }
                }
                self.a.kmovw(eax, k3)?;
                self.a.kmovw(edx, k4)?;
                self.a.shl(edx, 16)?;
                self.a.or(eax, edx)?;
                self.a.mov(umem(d), eax)?;
            }
            PlanItem::FCmp { pred, d, a, b } => {
                // NaN in an active lane of either operand: the interpreter.
                for h in 0..2 {
                    let za = self.src(PlanSrc::V(a), h, TA)?;
                    let zb = self.src(b, h, TB)?;
                    let k = [k3, k4][h];
                    self.a.vfpclassps(k.k(h), za, 0x81)?;
                    self.a.vfpclassps(k5.k(h), zb, 0x81)?;
                    self.a.korw(k, k, k5)?;
                }
                let side = self.a.create_label();
                self.a.kortestw(k3, k4)?;
                self.a.jne(side)?;
                for h in 0..2 {
                    let za = self.src(PlanSrc::V(a), h, TA)?;
                    let zb = self.src(b, h, TB)?;
                    self.a.vcmpps([k3, k4][h].k(h), za, zb.sae(), pred as i32)?;
                }
                self.a.kmovw(eax, k3)?;
                self.a.kmovw(edx, k4)?;
                self.a.shl(edx, 16)?;
                self.a.or(eax, edx)?;
                self.a.mov(umem(d), eax)?;
                return Ok(Some(side));
            }
            PlanItem::LaneId { d } => {
                for h in 0..2 {
                    let zd = self.dst(d, h).k(h);
                    self.a.vmovdqu32(zd, zmmword_ptr(self.lane[h]))?;
                    self.finish(d, h)?;
                }
            }
            PlanItem::Mbcnt { d, a, m } => {
                for h in 0..2 {
                    // The bits of U[m] below the lane: U[m] << (32 - lane) (a count of 32
                    // gives 0), counted.
                    self.a.vpbroadcastd(TB, umem(m))?;
                    self.a.vmovdqu32(TC, zmmword_ptr(self.below[h]))?;
                    self.a.vpsllvd(TB, TB, TC)?;
                    self.a.vpopcntd(TB, TB)?;
                    let za = self.src(PlanSrc::V(a), h, TA)?;
                    let zd = self.dst(d, h).k(h);
                    self.a.vpaddd(zd, za, TB)?;
                    self.finish(d, h)?;
                }
            }
            PlanItem::Cnd { d, a, m } => {
                // k3/k4: the lanes of U[m] that are set, within EXEC.
                self.a.mov(eax, umem(m))?;
                self.a.kmovw(k3, eax)?;
                self.a.shr(eax, 16)?;
                self.a.kmovw(k4, eax)?;
                self.a.kandw(k3, k3, k1)?;
                self.a.kandw(k4, k4, k2)?;
                for h in 0..2 {
                    let za = self.src(PlanSrc::V(a), h, TA)?;
                    match (self.cached(d), h) {
                        (Some(z), 0) => self.a.vmovdqa32(z[0].k3(), za)?,
                        (Some(z), _) => self.a.vmovdqa32(z[1].k4(), za)?,
                        (None, 0) => self.a.vmovdqu32(vmem(d, 0).k3(), za)?,
                        (None, _) => self.a.vmovdqu32(vmem(d, 1).k4(), za)?,
                    }
                }
            }
            PlanItem::Add64 { sub, d, a, b } => self.add64(sub, d, a, b)?,
            PlanItem::MulW { signed, d, a, b, c } => self.mulw(signed, d, a, b, c)?,
            PlanItem::MovU64 { d, a } => {
                for h in 0..2 {
                    self.a.vpbroadcastd(R[0], umem(a))?;
                    self.a.vpbroadcastd(R[1], umem(a.wrapping_add(1)))?;
                    self.write_pair(d, h)?;
                }
            }
            PlanItem::Sel64 { d, a, b, c } => self.sel64(d, a, b, c)?,
            PlanItem::Shift64 { op, d, a, b } => self.shift64(op, d, a, b)?,
            PlanItem::Cmp64 {
                pred,
                unsigned,
                d,
                a,
                b,
            } => self.cmp64(pred, unsigned, d, a, b)?,
            PlanItem::U64 { sub, d, a, b } => self.u64op(sub, d, a, b)?,
            PlanItem::Upca { d, off } => {
                self.a.mov(rax, qword_ptr(r9 + 24))?;
                self.a.mov(rdx, off)?;
                self.a.add(rax, rdx)?;
                self.a.mov(qword_ptr(rsi + (d as i32 & 63) * 4), rax)?;
            }
            PlanItem::V3 { op, d, a, b, c } => {
                for h in 0..2 {
                    let za = self.src(PlanSrc::V(a), h, TA)?;
                    let zb = self.src(PlanSrc::V(b), h, TB)?;
                    // The other half's result register is free here (half 0's result was
                    // stored before half 1 starts).
                    let zc = self.src(PlanSrc::V(c), h, R[1 - h])?;
                    let zd = self.dst(d, h).k(h);
                    let k = |x: u32| self.consts.iter().find(|c| c.0 == x).map_or(TC, |c| c.1);
                    let (c31, c63, c32) = (k(THIRTY_ONE), k(63), k(32));
                    let bytes02 = k(BYTES_0_2);
                    let perm = PERM_CONSTS.map(k);
                    let lane = self.lane[h];
                    let x = &mut self.a;
                    match op {
                        V3Op::Mad => {
                            x.vpmulld(TC, za, zb)?;
                            x.vpaddd(zd, TC, zc)?;
                        }
                        V3Op::Med3I | V3Op::Med3U => {
                            // min(max(a, b), max(min(a, b), c)).
                            let signed = op == V3Op::Med3I;
                            if signed {
                                x.vpminsd(TC, za, zb)?;
                                x.vpmaxsd(TC, TC, zc)?;
                                x.vpmaxsd(TA, za, zb)?;
                                x.vpminsd(zd, TA, TC)?;
                            } else {
                                x.vpminud(TC, za, zb)?;
                                x.vpmaxud(TC, TC, zc)?;
                                x.vpmaxud(TA, za, zb)?;
                                x.vpminud(zd, TA, TC)?;
                            }
                        }
                        V3Op::Sel => {
                            x.vptestmd(k3, zc, zc)?;
                            x.vmovdqa32(TC, zb)?;
                            x.vmovdqa32(TC.k3(), za)?;
                            x.vmovdqa32(zd, TC)?;
                        }
                        V3Op::Bfi => {
                            // A ? B : C.
                            x.vmovdqa32(TC, za)?;
                            x.vpternlogd(TC, zb, zc, 0xca)?;
                            x.vmovdqa32(zd, TC)?;
                        }
                        V3Op::Alignbit => {
                            // (b >> s) | (a << (32 - s)), s = c & 31 (a count of 32 gives 0;
                            // TB is b's or free).
                            x.vpandd(TC, zc, c31)?;
                            x.vpsrlvd(TB, zb, TC)?;
                            x.vpsubd(TC, c32, TC)?;
                            x.vpsllvd(TC, za, TC)?;
                            x.vpord(zd, TB, TC)?;
                        }
                        V3Op::Dp4aI | V3Op::Dp4aU => {
                            // Bytes 0 and 2 (then 1 and 3) of a and b as 16-bit words,
                            // extended; vpmaddwd sums each pair of products into the dword.
                            // R[h] (the result's, written last) and TA (a's, or free once a
                            // is read) are free.
                            let t = R[h];
                            if op == V3Op::Dp4aI {
                                x.vpsllw(TC, za, 8)?;
                                x.vpsraw(TC, TC, 8)?;
                                x.vpsllw(t, zb, 8)?;
                                x.vpsraw(t, t, 8)?;
                            } else {
                                x.vpandd(TC, za, bytes02)?;
                                x.vpandd(t, zb, bytes02)?;
                            }
                            x.vpmaddwd(TC, TC, t)?;
                            if op == V3Op::Dp4aI {
                                x.vpsraw(t, za, 8)?;
                                x.vpsraw(TA, zb, 8)?;
                            } else {
                                x.vpsrlw(t, za, 8)?;
                                x.vpsrlw(TA, zb, 8)?;
                            }
                            x.vpmaddwd(t, t, TA)?;
                            x.vpaddd(TC, TC, t)?;
                            x.vpaddd(zd, TC, zc)?;
                        }
                        V3Op::Perm => {
                            // vpshufb indices: 4 * (dword index in its 128-bit lane) +
                            // selector & 3, from a (hi) and b (lo); bytes whose selector has
                            // bit 2 take a's; selectors from 8 give 0, and 0x0d gives 0xff.
                            let [c3, c03, c04, c08, c0d, ones] = perm;
                            let t = R[h];
                            x.vpandd(TC, c3, zmmword_ptr(lane))?;
                            x.vpmulld(TC, TC, c04)?;
                            x.vpandd(t, zc, c03)?;
                            x.vpaddd(TC, TC, t)?;
                            x.vpshufb(t, za, TC)?;
                            x.vpshufb(TC, zb, TC)?;
                            x.vptestmb(k5, zc, c04)?;
                            x.vmovdqu8(TC.k5(), t)?;
                            x.vpcmpub(k6, zc, c08, crate::plan::CMP_LT)?;
                            x.vmovdqu8(TC.k6().z(), TC)?;
                            x.vpcmpub(k7, zc, c0d, crate::plan::CMP_EQ)?;
                            x.vmovdqu8(TC.k7(), ones)?;
                            x.vmovdqa32(zd, TC)?;
                        }
                        V3Op::BfeU | V3Op::BfeI => {
                            // t = a >> b[4:0]; n = 32 - min(c[5:0], 32); (t << n) >> n,
                            // logical or arithmetic (counts of 32 give 0, or the sign; TA is
                            // a's or free once t is made).
                            x.vpandd(TC, zb, c31)?;
                            x.vpsrlvd(TC, za, TC)?;
                            x.vpandd(TA, zc, c63)?;
                            x.vpminud(TA, TA, c32)?;
                            x.vpsubd(TA, c32, TA)?;
                            x.vpsllvd(TC, TC, TA)?;
                            if op == V3Op::BfeI {
                                x.vpsravd(zd, TC, TA)?;
                            } else {
                                x.vpsrlvd(zd, TC, TA)?;
                            }
                        }
                    }
                    self.finish(d, h)?;
                }
            }
            PlanItem::FMinMax { max, d, a, b } => {
                for h in 0..2 {
                    let za = self.src(a, h, TA)?;
                    let zb = self.src(b, h, TB)?;
                    let k = [k3, k4][h];
                    self.a.vfpclassps(k.k(h), za, 0x81)?;
                    self.a.vfpclassps(k5.k(h), zb, 0x81)?;
                    self.a.korw(k, k, k5)?;
                    // vrangeps orders -0 below +0, as minimumNumber does (vminps does not);
                    // imm8 bits 1:0 min/max, bits 3:2 = 01: the sign of the value chosen
                    // (00 would take src1's sign).
                    self.a.vrangeps(R[h].sae(), za, zb, 0b0100 | max as i32)?;
                }
                return self.exit_or_commit(d).map(Some);
            }
            PlanItem::U { op, d, a, b } => self.uop(op, d, a, b)?,
            PlanItem::ExecGet { d } => self.a.mov(umem(d), r8d)?,
            PlanItem::ExecSet { a } => {
                self.a.mov(r8d, umem(a))?;
                self.reload_exec()?;
            }
            // `Em::call` emits these (it needs the item's index).
            PlanItem::Call { .. } => unreachable!("kernel calls are emitted by Em::call"),
            PlanItem::SaveExec { op, d, a } => {
                self.a.mov(edx, umem(a))?;
                self.a.mov(umem(d), r8d)?;
                match op {
                    ExecOp::And => self.a.and(r8d, edx)?,
                    ExecOp::Or => self.a.or(r8d, edx)?,
                    ExecOp::Xor => self.a.xor(r8d, edx)?,
                    ExecOp::Andn1 => self.a.andn(r8d, r8d, edx)?,
                    ExecOp::Andn2 => self.a.andn(r8d, edx, r8d)?,
                    ExecOp::Take2 => self.a.mov(r8d, edx)?,
                    ExecOp::Wqm => {
                        self.a.mov(eax, r8d)?;
                        wqm(&mut self.a)?;
                        self.a.mov(r8d, eax)?;
                    }
                }
                self.reload_exec()?;
            }
        }
        Ok(None)
    }

    /// `V[d:d+1] = V[a:a+1] +/- b` in 64 bits: per half, both result registers computed
    /// in R[0] (low words) and R[1] (high words) before either is written (`d` may be `a`
    /// or `b`), the carry (borrow) of the low words as a mask.
    fn add64(&mut self, sub: bool, d: u8, a: u8, b: Src64) -> Result<(), IcedError> {
        let (lo, hi) = (R[0], R[1]);
        for h in 0..2 {
            let alo = self.src(PlanSrc::V(a), h, TA)?;
            let blo = match b {
                Src64::Pair(r) | Src64::V { b: r, .. } => self.src(PlanSrc::V(r), h, TC)?,
                Src64::UZext(u) => self.src(PlanSrc::U(u), h, TC)?,
                Src64::Imm(x) => self.src(PlanSrc::Imm(x as u32), h, TC)?,
            };
            if sub {
                self.a.vpsubd(lo, alo, blo)?;
                self.a.vpcmpud(k3, alo, blo, crate::plan::CMP_LT)?;
            } else {
                self.a.vpaddd(lo, alo, blo)?;
                self.a.vpcmpud(k3, lo, alo, crate::plan::CMP_LT)?;
            }
            // The high word of b into `hi`, then the high words combined into it.
            match b {
                Src64::Pair(r) => {
                    let bhi = self.src(PlanSrc::V(r.wrapping_add(1)), h, TC)?;
                    self.a.vmovdqa32(hi, bhi)?;
                }
                Src64::V { signed: true, .. } => self.a.vpsrad(hi, blo, 31)?,
                Src64::V { signed: false, .. } | Src64::UZext(_) => self.a.vpxord(hi, hi, hi)?,
                Src64::Imm(x) => {
                    self.a.mov(eax, (x >> 32) as u32)?;
                    self.a.vpbroadcastd(hi, eax)?;
                }
            }
            let ahi = self.src(PlanSrc::V(a.wrapping_add(1)), h, TB)?;
            // TA (the low word of a, if it was loaded there) is no longer needed: all ones.
            self.a.vpternlogd(TA, TA, TA, 0xff)?;
            if sub {
                self.a.vpsubd(hi, ahi, hi)?;
                self.a.vpaddd(hi.k3(), hi, TA)?;
            } else {
                self.a.vpaddd(hi, ahi, hi)?;
                self.a.vpsubd(hi.k3(), hi, TA)?;
            }
            for (r, v) in [(d, lo), (d.wrapping_add(1), hi)] {
                match self.cached(r) {
                    Some(z) => self.a.vmovdqa32(z[h].k(h), v)?,
                    None => self.a.vmovdqu32(vmem(r, h).k(h), v)?,
                }
            }
        }
        Ok(())
    }

    /// Half `h` of `V[d:d+1]` from R[0] (low words) and R[1] (high words), under EXEC.
    fn write_pair(&mut self, d: u8, h: usize) -> Result<(), IcedError> {
        for (r, v) in [(d, R[0]), (d.wrapping_add(1), R[1])] {
            match self.cached(r) {
                Some(z) => self.a.vmovdqa32(z[h].k(h), v)?,
                None => self.a.vmovdqu32(vmem(r, h).k(h), v)?,
            }
        }
        Ok(())
    }

    /// `V[d:d+1] = V[a] * V[b] (+ V[c:c+1])` widened: per half, the 64-bit products of the
    /// even lanes and of the odd lanes (shifted down), their low words into TC and high
    /// words into TB (k3 = odd lanes); the addend's words added with the carry of the low
    /// words (k4); both computed before either register is written.
    fn mulw(&mut self, signed: bool, d: u8, a: u8, b: u8, c: Option<u8>) -> Result<(), IcedError> {
        self.a.mov(eax, 0xaaaau32)?;
        self.a.kmovw(k3, eax)?;
        for h in 0..2 {
            let za = self.src(PlanSrc::V(a), h, TA)?;
            let zb = self.src(PlanSrc::V(b), h, TB)?;
            let x = &mut self.a;
            x.vpsrlq(R[1], za, 32)?;
            x.vpsrlq(R[0], zb, 32)?;
            if signed {
                x.vpmuldq(TC, za, zb)?;
                x.vpmuldq(R[1], R[1], R[0])?;
            } else {
                x.vpmuludq(TC, za, zb)?;
                x.vpmuludq(R[1], R[1], R[0])?;
            }
            // TB is b's or free now.
            x.vpsrlq(TB, TC, 32)?;
            x.vmovdqa32(TB.k3(), R[1])?;
            x.vpsllq(R[0], R[1], 32)?;
            x.vmovdqa32(TC.k3(), R[0])?;
            match c {
                None => {
                    self.a.vmovdqa32(R[0], TC)?;
                    self.a.vmovdqa32(R[1], TB)?;
                }
                Some(c) => {
                    let clo = self.src(PlanSrc::V(c), h, TA)?;
                    self.a.vpaddd(R[0], TC, clo)?;
                    self.a.vpcmpud(k4, R[0], TC, crate::plan::CMP_LT)?;
                    let chi = self.src(PlanSrc::V(c.wrapping_add(1)), h, TA)?;
                    self.a.vpaddd(R[1], TB, chi)?;
                    self.a.vpternlogd(TC, TC, TC, 0xff)?;
                    self.a.vpsubd(R[1].k4(), R[1], TC)?;
                }
            }
            self.write_pair(d, h)?;
        }
        Ok(())
    }

    /// `V[d:d+1] = V[c] != 0 ? V[a:a+1] : V[b:b+1]`: per half, both words chosen (R[0],
    /// R[1]; k3 = the lanes where c is not 0) before either register is written.
    fn sel64(&mut self, d: u8, a: u8, b: u8, c: u8) -> Result<(), IcedError> {
        for h in 0..2 {
            let zc = self.src(PlanSrc::V(c), h, TC)?;
            self.a.vptestmd(k3, zc, zc)?;
            for (w, res) in [(0u8, R[0]), (1, R[1])] {
                let za = self.src(PlanSrc::V(a.wrapping_add(w)), h, TA)?;
                let zb = self.src(PlanSrc::V(b.wrapping_add(w)), h, TB)?;
                self.a.vmovdqa32(res, zb)?;
                self.a.vmovdqa32(res.k3(), za)?;
            }
            for (r, v) in [(d, R[0]), (d.wrapping_add(1), R[1])] {
                match self.cached(r) {
                    Some(z) => self.a.vmovdqa32(z[h].k(h), v)?,
                    None => self.a.vmovdqu32(vmem(r, h).k(h), v)?,
                }
            }
        }
        Ok(())
    }

    /// `V[d:d+1] = V[a:a+1]` shifted by `s = V[b] & 63` in 32-bit words: the word shifts
    /// give 0 for counts of 32 or more (and for the negative counts `32 - s`, `s - 32`
    /// when they do not apply), so each result word is the or of the terms that reach it
    /// (for `sra`, the term `hi >>s (s - 32)` only where `s >= 32`, k4). Both words are
    /// computed (R[0] low, R[1] high) before either is written.
    fn shift64(&mut self, op: Shift64, d: u8, a: u8, b: u8) -> Result<(), IcedError> {
        let (c63, c32) = (self.k_(63), self.k_(32));
        for h in 0..2 {
            let alo = self.src(PlanSrc::V(a), h, TA)?;
            let ahi = self.src(PlanSrc::V(a.wrapping_add(1)), h, TB)?;
            let zb = self.src(PlanSrc::V(b), h, TC)?;
            let x = &mut self.a;
            x.vpandd(TC, zb, c63)?;
            match op {
                Shift64::Sll => {
                    x.vpsllvd(R[0], alo, TC)?;
                    x.vpsllvd(R[1], ahi, TC)?;
                    // TB (a's high word, if loaded) is free now.
                    x.vpsubd(TC, c32, TC)?;
                    x.vpsrlvd(TB, alo, TC)?;
                    x.vpord(R[1], R[1], TB)?;
                    x.vpxord(TB, TB, TB)?;
                    x.vpsubd(TB, TB, TC)?;
                    x.vpsllvd(TB, alo, TB)?;
                    x.vpord(R[1], R[1], TB)?;
                }
                Shift64::Srl | Shift64::Sra => {
                    x.vpsrlvd(R[0], alo, TC)?;
                    if op == Shift64::Sra {
                        x.vpsravd(R[1], ahi, TC)?;
                    } else {
                        x.vpsrlvd(R[1], ahi, TC)?;
                    }
                    // TA (a's low word, if loaded) is free now.
                    x.vpsubd(TC, c32, TC)?;
                    x.vpsllvd(TA, ahi, TC)?;
                    x.vpord(R[0], R[0], TA)?;
                    x.vpxord(TA, TA, TA)?;
                    x.vpsubd(TA, TA, TC)?;
                    if op == Shift64::Sra {
                        x.vpcmpud(k4, TA, c32, crate::plan::CMP_LT)?;
                        x.vpsravd(TA.k4().z(), ahi, TA)?;
                    } else {
                        x.vpsrlvd(TA, ahi, TA)?;
                    }
                    x.vpord(R[0], R[0], TA)?;
                }
            }
            for (r, v) in [(d, R[0]), (d.wrapping_add(1), R[1])] {
                match self.cached(r) {
                    Some(z) => self.a.vmovdqa32(z[h].k(h), v)?,
                    None => self.a.vmovdqu32(vmem(r, h).k(h), v)?,
                }
            }
        }
        Ok(())
    }

    /// `U[d]` = the active lanes where `V[a:a+1] pred V[b:b+1]`, from word compares: equal
    /// when both words are; less when the high words are (signed or not), or they are
    /// equal and the low words are (unsigned). Half 0 into k3, half 1 into k4.
    fn cmp64(&mut self, pred: u32, unsigned: bool, d: u8, a: u8, b: u8) -> Result<(), IcedError> {
        use crate::plan::{CMP_EQ, CMP_LT};
        for h in 0..2 {
            let out = [k3, k4][h];
            let alo = self.src(PlanSrc::V(a), h, TA)?;
            let blo = self.src(PlanSrc::V(b), h, TB)?;
            self.a.vpcmpud(k5, alo, blo, CMP_EQ)?;
            self.a.vpcmpud(k6, alo, blo, CMP_LT)?;
            let ahi = self.src(PlanSrc::V(a.wrapping_add(1)), h, TA)?;
            let bhi = self.src(PlanSrc::V(b.wrapping_add(1)), h, TB)?;
            let x = &mut self.a;
            x.vpcmpud(k7, ahi, bhi, CMP_EQ)?;
            if pred == CMP_EQ || pred == crate::plan::CMP_NE {
                x.kandw(out, k5, k7)?;
            } else {
                // (hi equal and lo below) or hi below.
                x.kandw(k6, k6, k7)?;
                if unsigned {
                    x.vpcmpud(k7, ahi, bhi, CMP_LT)?;
                } else {
                    x.vpcmpd(k7, ahi, bhi, CMP_LT)?;
                }
                x.korw(out, k6, k7)?;
            }
            if pred == crate::plan::CMP_NE || pred == crate::plan::CMP_GE {
                x.knotw(out, out)?;
            }
            x.kandw(out, out, [k1, k2][h])?;
        }
        self.a.kmovw(eax, k3)?;
        self.a.kmovw(edx, k4)?;
        self.a.shl(edx, 16)?;
        self.a.or(eax, edx)?;
        self.a.mov(umem(d), eax)
    }

    /// `U[d:d+1] = U[a:a+1] +/- b` in rax/rdx (a pair is one little-endian qword).
    fn u64op(&mut self, sub: bool, d: u8, a: u8, b: Src64) -> Result<(), IcedError> {
        let q = |r: u8| qword_ptr(rsi + (r as i32 & 63) * 4);
        let x = &mut self.a;
        x.mov(rax, q(a))?;
        match b {
            Src64::Pair(r) => x.mov(rdx, q(r))?,
            Src64::V { b: r, .. } => x.movsxd(rdx, umem(r))?,
            Src64::UZext(r) => x.mov(edx, umem(r))?,
            Src64::Imm(v) => x.mov(rdx, v)?,
        }
        if sub {
            x.sub(rax, rdx)?;
        } else {
            x.add(rax, rdx)?;
        }
        x.mov(q(d), rax)
    }

    /// Half `h` of `V[d] = op(a, b)` into `dst(d, h)`, merged under EXEC.
    fn vop(&mut self, op: VOp, d: u8, a: PlanSrc, b: PlanSrc, h: usize) -> Result<(), IcedError> {
        let reads_a = !matches!(op, VOp::MovB);
        let reads_b = !op.unary();
        let za = if reads_a { self.src(a, h, TA)? } else { TA };
        let zb = if reads_b { self.src(b, h, TB)? } else { TB };
        let zd = self.dst(d, h).k(h);
        let ones = match op {
            VOp::Not | VOp::Ctz => self.k_(ONES),
            VOp::ZextB => self.k_(0xff),
            VOp::ZextH => self.k_(0xffff),
            VOp::Fsgnj | VOp::Fsgnjn | VOp::Fsgnjx | VOp::AddSatI | VOp::SubSatI => self.k_(ABS),
            VOp::Bfm => self.k_(ONES),
            _ => TC,
        };
        let k = |x: u32| self.consts.iter().find(|c| c.0 == x).map_or(TC, |c| c.1);
        let (c63, bytes02) = (k(63), k(BYTES_0_2));
        let brev_masks = BREV_MASKS.map(k);
        let thirty_one = if matches!(op, VOp::Sll | VOp::Srl | VOp::Sra | VOp::Bfm) {
            self.k_(THIRTY_ONE)
        } else {
            TC
        };
        let x = &mut self.a;
        match op {
            VOp::Add => x.vpaddd(zd, za, zb)?,
            VOp::Sub => x.vpsubd(zd, za, zb)?,
            VOp::Mul => x.vpmulld(zd, za, zb)?,
            VOp::And => x.vpandd(zd, za, zb)?,
            VOp::Or => x.vpord(zd, za, zb)?,
            VOp::Xor => x.vpxord(zd, za, zb)?,
            VOp::Andn => x.vpandnd(zd, zb, za)?,
            VOp::Orn | VOp::Xnor => {
                // vpternlogd's truth table over (TC = a, b, b): a | !b, !(a ^ b).
                let table = if op == VOp::Orn { 0xf3 } else { 0xc3 };
                x.vmovdqa32(TC, za)?;
                x.vpternlogd(TC, zb, zb, table)?;
                x.vmovdqa32(zd, TC)?;
            }
            VOp::Sll | VOp::Srl | VOp::Sra => {
                x.vpandd(TC, zb, thirty_one)?;
                match op {
                    VOp::Sll => x.vpsllvd(zd, za, TC)?,
                    VOp::Srl => x.vpsrlvd(zd, za, TC)?,
                    _ => x.vpsravd(zd, za, TC)?,
                }
            }
            VOp::Min => x.vpminsd(zd, za, zb)?,
            VOp::Max => x.vpmaxsd(zd, za, zb)?,
            VOp::Minu => x.vpminud(zd, za, zb)?,
            VOp::Maxu => x.vpmaxud(zd, za, zb)?,
            VOp::Slt | VOp::Sltu => {
                if op == VOp::Slt {
                    x.vpcmpd(k3, za, zb, crate::plan::CMP_LT)?;
                } else {
                    x.vpcmpud(k3, za, zb, crate::plan::CMP_LT)?;
                }
                x.vpmovm2d(TC, k3)?;
                x.vpsrld(zd, TC, 31)?;
            }
            VOp::MovB => x.vmovdqa32(zd, zb)?,
            VOp::Not => x.vpxord(zd, za, ones)?,
            VOp::Neg => {
                x.vpxord(TC, TC, TC)?;
                x.vpsubd(zd, TC, za)?;
            }
            VOp::Abs => x.vpabsd(zd, za)?,
            VOp::Clz => x.vplzcntd(zd, za)?,
            VOp::Cpop => x.vpopcntd(zd, za)?,
            VOp::Ctz => {
                // ctz(a) = popcount(!a & (a - 1)); 32 for 0.
                x.vpaddd(TC, za, ones)?;
                x.vpandnd(TC, za, TC)?;
                x.vpopcntd(zd, TC)?;
            }
            VOp::SextB | VOp::SextH => {
                let k = if op == VOp::SextB { 24 } else { 16 };
                x.vpslld(TC, za, k)?;
                x.vpsrad(zd, TC, k)?;
            }
            // `ones` holds the byte or half mask here.
            VOp::ZextB | VOp::ZextH => x.vpandd(zd, za, ones)?,
            // The counts are taken modulo 32, as the ISA does.
            VOp::Rol => x.vprolvd(zd, za, zb)?,
            VOp::Ror => x.vprorvd(zd, za, zb)?,
            VOp::Fsgnj | VOp::Fsgnjn | VOp::Fsgnjx => {
                // `ones` holds the magnitude mask C: C ? a : b, !b or a ^ b (truth tables
                // over A = a, B = b, C).
                let table = match op {
                    VOp::Fsgnj => 0xe4,
                    VOp::Fsgnjn => 0xb1,
                    _ => 0xb4,
                };
                x.vmovdqa32(TC, za)?;
                x.vpternlogd(TC, zb, ones, table)?;
                x.vmovdqa32(zd, TC)?;
            }
            VOp::Mulh | VOp::Mulhu | VOp::Mulhsu => {
                // Even lanes: the 64-bit products of lanes 0, 2, ...; odd lanes: of the
                // operands shifted down a lane; the high halves blended (k3 = odd lanes).
                let signed = op == VOp::Mulh;
                x.vpsrlq(TC, za, 32)?;
                x.vpsrlq(R[1 - h], zb, 32)?;
                if signed {
                    x.vpmuldq(TC, TC, R[1 - h])?;
                    x.vpmuldq(R[1 - h], za, zb)?;
                } else {
                    x.vpmuludq(TC, TC, R[1 - h])?;
                    x.vpmuludq(R[1 - h], za, zb)?;
                }
                x.vpsrlq(R[1 - h], R[1 - h], 32)?;
                x.mov(eax, 0xaaaau32)?;
                x.kmovw(k3, eax)?;
                x.vmovdqa32(R[1 - h].k3(), TC)?;
                if op == VOp::Mulhsu {
                    // Signed a: subtract b where a < 0.
                    x.vpsrad(TC, za, 31)?;
                    x.vpandd(TC, TC, zb)?;
                    x.vpsubd(zd, R[1 - h], TC)?;
                } else {
                    x.vmovdqa32(zd, R[1 - h])?;
                }
            }
            VOp::Bfm => {
                // !(ones << a[5:0]) << b[4:0] (a count of 32 or more gives 0).
                let t = R[1 - h];
                x.vpandd(TC, za, c63)?;
                x.vpsllvd(TC, ones, TC)?;
                x.vpandnd(TC, TC, ones)?;
                x.vpandd(t, zb, thirty_one)?;
                x.vpsllvd(zd, TC, t)?;
            }
            VOp::Rev8 => {
                // Bytes 0 and 2 from rol 8, 1 and 3 from rol 24 (C ? A : B).
                let t = R[1 - h];
                x.vprold(t, za, 24)?;
                x.vprold(TC, za, 8)?;
                x.vpternlogd(TC, t, bytes02, 0xe4)?;
                x.vmovdqa32(zd, TC)?;
            }
            VOp::Brev => {
                // Swap bits, pairs and nibbles (the mask selects the half shifted down),
                // then the bytes as rev8.
                let t = R[1 - h];
                x.vmovdqa32(TC, za)?;
                for (k, m) in [1u32, 2, 4].into_iter().zip(brev_masks) {
                    x.vpslld(t, TC, k)?;
                    x.vpsrld(TC, TC, k)?;
                    x.vpternlogd(TC, t, m, 0xe4)?;
                }
                x.vprold(t, TC, 24)?;
                x.vprold(TC, TC, 8)?;
                x.vpternlogd(TC, t, bytes02, 0xe4)?;
                x.vmovdqa32(zd, TC)?;
            }
            VOp::AddSatU | VOp::SubSatU => {
                // The wrapped result, then the lanes that wrapped (k3) set to the bound.
                if op == VOp::AddSatU {
                    x.vpaddd(TC, za, zb)?;
                    x.vpcmpud(k3, TC, za, crate::plan::CMP_LT)?;
                    x.vpternlogd(TC.k3(), TC, TC, 0xff)?;
                } else {
                    x.vpsubd(TC, za, zb)?;
                    x.vpcmpud(k3, za, zb, crate::plan::CMP_LT)?;
                    x.vpxord(TC.k3(), TC, TC)?;
                }
                x.vmovdqa32(zd, TC)?;
            }
            VOp::AddSatI | VOp::SubSatI => {
                // The wrapped result r; overflow (k3) in the sign of (r ^ a) & (r ^ b) for
                // a sum, (a ^ b) & (a ^ r) for a difference (vpternlogd tables over r, a,
                // b); there the bound of a's sign: (a >> 31) ^ 0x7fffffff (`ones` holds
                // 0x7fffffff). The other half's result register is free here.
                let t = R[1 - h];
                let table = if op == VOp::AddSatI {
                    x.vpaddd(TC, za, zb)?;
                    0x18
                } else {
                    x.vpsubd(TC, za, zb)?;
                    0x24
                };
                x.vmovdqa32(t, TC)?;
                x.vpternlogd(t, za, zb, table)?;
                x.vpmovd2m(k3, t)?;
                x.vpsrad(t, za, 31)?;
                x.vpxord(t, t, ones)?;
                x.vmovdqa32(TC.k3(), t)?;
                x.vmovdqa32(zd, TC)?;
            }
            VOp::CzeroEqz | VOp::CzeroNez => {
                // k3: the lanes that keep `a`; the others get 0.
                if op == VOp::CzeroEqz {
                    x.vptestmd(k3, zb, zb)?;
                } else {
                    x.vptestnmd(k3, zb, zb)?;
                }
                x.vpxord(TC, TC, TC)?;
                x.vmovdqa32(TC.k3(), za)?;
                x.vmovdqa32(zd, TC)?;
            }
        }
        Ok(())
    }

    /// Binary32 `V[d] = op(a, b, c)` in `rm`: both halves computed, then the side exit
    /// taken when an active lane could raise a flag other than NX (the tests of
    /// `warpkit_fp::lanes`' direct kernels: a NaN or infinite result, the largest finite
    /// magnitude in a directed mode, a product at or below the smallest normal; here as
    /// one unsigned range check of the magnitude), and only then merged into `d`. In rmm
    /// (`fp`): a fast path, else the rne result replaced on the lanes that may be ties.
    fn fop(
        &mut self,
        op: FOp,
        rm: u8,
        d: u8,
        a: PlanSrc,
        b: PlanSrc,
        c: PlanSrc,
    ) -> Result<CodeLabel, IcedError> {
        // rmm: a fast path for the usual lanes, else the general way (`fp`).
        let mut join = self.a.create_label();
        if rm == RMM {
            let mut general = self.a.create_label();
            self.rmm_fast(op, a, b, c, general)?;
            self.a.jmp(join)?;
            self.a.set_label(&mut general)?;
            self.rmm_candidates(op, a, b, c)?;
        }
        for (h, r) in R.into_iter().enumerate() {
            let (za, zb) = self.f_half(op, rm, a, b, c, h, r)?;
            if rm == RMM {
                self.rmm_away(op, c, h, za, zb)?;
            }
        }
        if rm == RMM {
            self.a.set_label(&mut join)?;
        }
        let lim = self.f_tested(op, rm, R, TA, TB)?;
        self.a.vpcmpud(k3, TA, lim, crate::plan::CMP_GE)?;
        self.exit_or_commit_masks(k3, k3, d, None)
    }

    /// Half `h` of binary32 `op(a, b, c)` rounded `rm` into `out` (rmm: rounded to
    /// nearest even); the registers `a` and `b` were read from.
    #[allow(clippy::too_many_arguments)]
    fn f_half(
        &mut self,
        op: FOp,
        rm: u8,
        a: PlanSrc,
        b: PlanSrc,
        c: PlanSrc,
        h: usize,
        out: AsmRegisterZmm,
    ) -> Result<(AsmRegisterZmm, AsmRegisterZmm), IcedError> {
        let round = |r: AsmRegisterZmm| match rm {
            0 | RMM => r.rn_sae(),
            1 => r.rz_sae(),
            2 => r.rd_sae(),
            _ => r.ru_sae(),
        };
        if op == FOp::Fma {
            // r = c, then r = a * b + r: the addend goes straight into the result.
            match (c, self.cached_src(c)) {
                (_, Some(z)) => self.a.vmovaps(out, z[h])?,
                (c, None) => {
                    self.src_into(c, h, out)?;
                }
            }
        }
        let za = self.src(a, h, TA)?;
        let zb = self.src(b, h, TB)?;
        match op {
            FOp::Add => self.a.vaddps(round(out), za, zb)?,
            FOp::Sub => self.a.vsubps(round(out), za, zb)?,
            FOp::Mul => self.a.vmulps(round(out), za, zb)?,
            FOp::Fma => self.a.vfmadd231ps(round(out), za, zb)?,
        }
        Ok((za, zb))
    }

    /// The range check's tested values of both halves of the result `r` of a binary32
    /// `op` in `rm`, as one register `t0` (`t1` is clobbered); the bound to compare them
    /// with. Both halves in one compare: each half's tested value (the magnitude, less
    /// BIAS for a product) is zeroed on inactive lanes, which then pass (0 is below every
    /// bound), and their lane-wise unsigned maximum is at or above the bound exactly when
    /// an active lane of either half is. One compare and one mask test an item instead of
    /// two and one: mask-register instructions are what the FP loops are bound by
    /// (BENCHMARKS.md), the `and`/`max` run on the vector ports.
    fn f_tested(
        &mut self,
        op: FOp,
        rm: u8,
        r: [AsmRegisterZmm; 2],
        t0: AsmRegisterZmm,
        t1: AsmRegisterZmm,
    ) -> Result<AsmRegisterZmm, IcedError> {
        let abs = self.k_(ABS);
        let (bias, lim) = if matches!(op, FOp::Mul | FOp::Fma) {
            (Some(self.k_(BIAS)), self.k_(limit(rm).wrapping_sub(BIAS)))
        } else {
            (None, self.k_(limit(rm)))
        };
        for (h, t) in [t0, t1].into_iter().enumerate() {
            match bias {
                Some(bias) => {
                    self.a.vpandd(t, r[h], abs)?;
                    self.a.vpsubd(t.k(h).z(), t, bias)?;
                }
                None => self.a.vpandd(t.k(h).z(), r[h], abs)?,
            }
        }
        self.a.vpmaxud(t0, t0, t1)?;
        Ok(lim)
    }

    /// A checked pair ([`paired`]): `x` computed into `R`, `y` into `ry`, the tested values
    /// of both in one compare and one branch, then both written, `x` first. One mask test
    /// and branch for two items (measured on the `fadd.f32` loop of fp_loop.py: those are
    /// what it is bound by). When the check fails nothing is written yet, and the code out
    /// of line checks `x` alone: the side exit before `x` (the warp as it was before it),
    /// or `x` written and the side exit before `y`. The labels of those two side exits.
    fn fop_pair(
        &mut self,
        x: &PlanItem,
        y: &PlanItem,
        ry: [AsmRegisterZmm; 2],
    ) -> Result<(CodeLabel, CodeLabel), IcedError> {
        let (
            &PlanItem::F {
                op: ox,
                rm: rx,
                d: xd,
                a: xa,
                b: xb,
                c: xc,
            },
            &PlanItem::F {
                op: oy,
                rm: rmy,
                d: yd,
                a: ya,
                b: yb,
                c: yc,
            },
        ) = (x, y)
        else {
            unreachable!("`paired` holds of binary32 items only");
        };
        for (h, r) in R.into_iter().enumerate() {
            self.f_half(ox, rx, xa, xb, xc, h, r)?;
        }
        for (h, r) in ry.into_iter().enumerate() {
            self.f_half(oy, rmy, ya, yb, yc, h, r)?;
        }
        let lim = self.f_tested(ox, rx, R, TA, TB)?;
        self.f_tested(oy, rmy, ry, TB, TC)?;
        self.a.vpmaxud(TA, TA, TB)?;
        self.a.vpcmpud(k3, TA, lim, crate::plan::CMP_GE)?;
        let (fail, sx, sy) = (
            self.a.create_label(),
            self.a.create_label(),
            self.a.create_label(),
        );
        self.a.kortestw(k3, k3)?;
        self.a.jne(fail)?;
        self.commit(xd, R, None)?;
        self.commit(yd, ry, None)?;
        self.pair_fails.push((fail, ox, rx, xd, sx, sy));
        Ok((sx, sy))
    }

    /// The side exit (its label) taken when k3 or k4 has a lane set; otherwise `R` merged
    /// into `V[d]` under EXEC.
    fn exit_or_commit(&mut self, d: u8) -> Result<CodeLabel, IcedError> {
        self.exit_or_commit_bits(d, None)
    }

    /// [`Em::exit_or_commit`], merging only the bits of each lane set in `bits` (a
    /// constant register) when given.
    fn exit_or_commit_bits(
        &mut self,
        d: u8,
        bits: Option<AsmRegisterZmm>,
    ) -> Result<CodeLabel, IcedError> {
        self.exit_or_commit_masks(k3, k4, d, bits)
    }

    /// [`Em::exit_or_commit_bits`] with the side exit taken when `ka` or `kb` has a lane
    /// set.
    fn exit_or_commit_masks(
        &mut self,
        ka: AsmRegisterK,
        kb: AsmRegisterK,
        d: u8,
        bits: Option<AsmRegisterZmm>,
    ) -> Result<CodeLabel, IcedError> {
        let side = self.a.create_label();
        // ZF is clear when either mask has a lane set.
        self.a.kortestw(ka, kb)?;
        self.a.jne(side)?;
        self.commit(d, R, bits)?;
        Ok(side)
    }

    /// `r` merged into `V[d]` under EXEC (only the bits set in `bits`, when given).
    fn commit(
        &mut self,
        d: u8,
        r: [AsmRegisterZmm; 2],
        bits: Option<AsmRegisterZmm>,
    ) -> Result<(), IcedError> {
        for h in 0..2 {
            match (self.cached(d), bits) {
                (Some(z), None) => self.a.vmovaps(z[h].k(h), r[h])?,
                (None, None) => self.a.vmovdqu32(vmem(d, h).k(h), r[h])?,
                // d = bits ? r : d: truth table over (A = d, B = r, C = bits).
                (Some(z), Some(m)) => self.a.vpternlogd(z[h].k(h), r[h], m, 0xd8)?,
                (None, Some(m)) => {
                    self.a.vmovdqu32(TA, vmem(d, h))?;
                    self.a.vpternlogd(TA, r[h], m, 0xd8)?;
                    self.a.vmovdqu32(vmem(d, h).k(h), TA)?;
                }
            }
        }
        Ok(())
    }

    fn cached_src(&self, s: PlanSrc) -> Option<[AsmRegisterZmm; 2]> {
        match s {
            PlanSrc::V(r) => self.cached(r),
            _ => None,
        }
    }

    /// Half `h` of an uncached source loaded into `dst`.
    fn src_into(&mut self, s: PlanSrc, h: usize, dst: AsmRegisterZmm) -> Result<(), IcedError> {
        let z = self.src(s, h, dst)?;
        if z != dst {
            self.a.vmovaps(dst, z)?;
        }
        Ok(())
    }

    /// `U[d] = op(U[a], b)` in eax/edx.
    fn uop(&mut self, op: UOp, d: u8, a: u8, b: PlanSrc) -> Result<(), IcedError> {
        let x = &mut self.a;
        x.mov(eax, umem(a))?;
        match b {
            PlanSrc::U(r) => x.mov(edx, umem(r))?,
            PlanSrc::Imm(v) => x.mov(edx, v)?,
            PlanSrc::V(_) => unreachable!("uniform operations have no vector source"),
        }
        let set = |x: &mut CodeAssembler, cc: fn(&mut CodeAssembler) -> Result<(), IcedError>| {
            x.cmp(eax, edx)?;
            cc(x)?;
            x.movzx(eax, al)
        };
        match op {
            UOp::Add => x.add(eax, edx)?,
            UOp::Sub => x.sub(eax, edx)?,
            UOp::And => x.and(eax, edx)?,
            UOp::Or => x.or(eax, edx)?,
            UOp::Xor => x.xor(eax, edx)?,
            UOp::Andn => x.andn(eax, edx, eax)?,
            UOp::Orn => {
                x.not(edx)?;
                x.or(eax, edx)?;
            }
            UOp::Xnor => {
                x.xor(eax, edx)?;
                x.not(eax)?;
            }
            UOp::Mul => x.imul_2(eax, edx)?,
            // shlx/shrx/sarx take the count modulo 32, as the ISA does.
            UOp::Sll => x.shlx(eax, eax, edx)?,
            UOp::Srl => x.shrx(eax, eax, edx)?,
            UOp::Sra => x.sarx(eax, eax, edx)?,
            UOp::Slt => set(x, |x| x.setl(al))?,
            UOp::Sltu => set(x, |x| x.setb(al))?,
            UOp::Seq => set(x, |x| x.sete(al))?,
            UOp::Sne => set(x, |x| x.setne(al))?,
            UOp::Sge => set(x, |x| x.setge(al))?,
            UOp::Sgeu => set(x, |x| x.setae(al))?,
            UOp::Min => {
                x.cmp(eax, edx)?;
                x.cmovg(eax, edx)?;
            }
            UOp::Max => {
                x.cmp(eax, edx)?;
                x.cmovl(eax, edx)?;
            }
            UOp::Minu => {
                x.cmp(eax, edx)?;
                x.cmova(eax, edx)?;
            }
            UOp::Maxu => {
                x.cmp(eax, edx)?;
                x.cmovb(eax, edx)?;
            }
            UOp::MovB => x.mov(eax, edx)?,
            UOp::Not => x.not(eax)?,
            // 32 for 0, as the ISA's clz/ctz.
            UOp::Clz => x.lzcnt(eax, eax)?,
            UOp::Ctz => x.tzcnt(eax, eax)?,
            UOp::Cpop => x.popcnt(eax, eax)?,
            UOp::SextB => x.movsx(eax, al)?,
            UOp::SextH => x.movsx(eax, ax)?,
            UOp::Rol | UOp::Ror => {
                // The count modulo 32 (the hardware masks 32-bit rotates the same way).
                x.mov(ecx, edx)?;
                if op == UOp::Rol {
                    x.rol(eax, cl)?;
                } else {
                    x.ror(eax, cl)?;
                }
            }
            UOp::Mulh | UOp::Mulhu | UOp::Mulhsu => {
                // The 64-bit product of the widened operands (signed a by unsigned b fits
                // in 64 signed bits), its high half.
                if op == UOp::Mulhu {
                    x.mov(eax, eax)?;
                } else {
                    x.movsxd(rax, eax)?;
                }
                if op == UOp::Mulh {
                    x.movsxd(rdx, edx)?;
                } else {
                    x.mov(edx, edx)?;
                }
                x.imul_2(rax, rdx)?;
                x.shr(rax, 32)?;
            }
            UOp::Bfm => {
                // (1 << a[5:0]) - 1 in 64 bits (its low word all ones from 32 on), << b.
                x.and(eax, 63)?;
                x.mov(ecx, 1)?;
                x.shlx(rcx, rcx, rax)?;
                x.dec(rcx)?;
                x.shlx(eax, ecx, edx)?;
            }
            UOp::BfeU => {
                x.shrx(eax, eax, edx)?;
                x.mov(ecx, edx)?;
                x.shr(ecx, 16)?;
                x.and(ecx, 63)?;
                x.mov(edx, 1)?;
                x.shlx(rdx, rdx, rcx)?;
                x.dec(rdx)?;
                x.and(eax, edx)?;
            }
            UOp::BfeI => {
                // t = a >> b[4:0] in the high word of rax; with w = min(b[21:16], 32), << 32 - w
                // and >>s 64 - w leave its low w bits sign-extended (w = 0: t is shifted
                // out, 0).
                x.shrx(eax, eax, edx)?;
                x.mov(ecx, edx)?;
                x.shr(ecx, 16)?;
                x.and(ecx, 63)?;
                x.mov(edx, 32)?;
                x.cmp(ecx, edx)?;
                x.cmova(ecx, edx)?;
                x.shl(rax, 32)?;
                x.sub(edx, ecx)?;
                x.shlx(rax, rax, rdx)?;
                x.mov(edx, 64)?;
                x.sub(edx, ecx)?;
                x.sarx(rax, rax, rdx)?;
            }
            UOp::Wqm => wqm(x)?,
            UOp::Brev => {
                // Swap bits, pairs, nibbles, then bytes.
                for (k, m) in [1u32, 2, 4].into_iter().zip(BREV_MASKS) {
                    x.mov(ecx, eax)?;
                    x.shr(ecx, k)?;
                    x.and(ecx, m)?;
                    x.and(eax, m)?;
                    x.shl(eax, k)?;
                    x.or(eax, ecx)?;
                }
                x.bswap(eax)?;
            }
            UOp::CzeroEqz | UOp::CzeroNez => {
                x.xor(ecx, ecx)?;
                x.test(edx, edx)?;
                if op == UOp::CzeroEqz {
                    x.cmove(eax, ecx)?;
                } else {
                    x.cmovne(eax, ecx)?;
                }
            }
        }
        x.mov(umem(d), eax)
    }
}
