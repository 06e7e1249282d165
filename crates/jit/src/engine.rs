//! [`Jit`]: the engine. Interprets cold code, compiles a block where a run has started
//! [`HOT`] instructions, and runs compiled blocks where their preconditions hold; a block
//! that side-exits often is replaced by one with that item as a kernel call.

use crate::code::{CodeError, CodeMem};
use crate::emit::{
    emit, BlockCtx, BlockFn, EXIT_AFTER, EXIT_END, EXIT_SIDE, EXIT_TAKEN, PASS_SHIFT,
};
use crate::plan::{is_control, plan, Plan, PlanItem};
use crate::tier::{Stats, DEFAULT_CODE_CAP, FIRST_WARM, HOT};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;
use warpkit_sim::{fflag, has_semantics, Mode, Program, RunEngine, RunOutcome, RunStatus, Warp};

/// Whether this process has compiled a block (built the code assembler's tables).
static FIRST_COMPILED: AtomicBool = AtomicBool::new(false);

/// Longest interpreted run counted from one PC.
const MAX_SEG: u32 = 64;

/// Most instructions the interpreter runs at once from a PC where no block compiles (twice
/// `hot`, so that with `hot` = 1 the tests see every PC where a block may start).
const COLD_RUN: u32 = 4096;

/// A block is retired when its side exits outnumber its whole passes by this many, over
/// its recent history (the count of passes less side exits floors at `-SIDE_MARGIN`, so
/// a long clean history does not keep a block that now side-exits every pass). Measured
/// on a loop of four `fadd.f32` (one side-exiting) and the counter: a pass that
/// side-exits 29 ns, a pass with the item as a kernel call 18.5 ns, a clean pass about
/// 2 ns (the interpreter: 27 ns); so the call pays from about 60% of passes
/// side-exiting, and retiring past 50% loses at most about 15% between the two.
const SIDE_MARGIN: i64 = 16;

/// Instructions of a pass that must stay native for a retired block to be recompiled
/// with a kernel call (else the interpreter runs from there): the same measurement, the
/// call about 17 ns, what the interpreter spends on 4.4 instructions, the native ones well
/// under 1 ns each.
const MIN_NATIVE: usize = 5;

/// A compiled block.
struct CompiledBlock {
    f: BlockFn,
    plan: Plan,
    /// The instructions made kernel calls because they side-exited often.
    as_calls: Vec<u32>,
    /// Side exits less whole passes, at least `-SIDE_MARGIN` (plain loads and stores, as
    /// [`CodeSlot::hits`]: a lost count only delays a retirement), and the item of the
    /// latest side exit.
    score: AtomicI64,
    last_side: AtomicU32,
    /// Retired: side exits cost it more than it saves. Its replacement (compiled once, on
    /// first need) makes the item that side-exited a kernel call (`None`: it was a kernel
    /// call already, or nothing compiles; the interpreter runs from here).
    retired: AtomicBool,
    next: OnceLock<Option<Box<CompiledBlock>>>,
}

impl CompiledBlock {
    /// Count `passes` more whole passes, and a side exit at item `side` if any; retire
    /// the block when its side exits are frequent: a side exit costs the block's exit and
    /// entry (storing and reloading its cached registers) and an interpreter call, more
    /// than a kernel call of the item each pass (see [`SIDE_MARGIN`]). Whether this
    /// retired it.
    #[inline]
    fn exited(&self, passes: u64, side: Option<usize>) -> bool {
        let score = (self.score.load(Relaxed) - passes.min(SIDE_MARGIN as u64) as i64)
            .max(-SIDE_MARGIN)
            + side.is_some() as i64;
        self.score.store(score, Relaxed);
        if let Some(item) = side {
            self.last_side.store(item as u32, Relaxed);
            if score >= SIDE_MARGIN && !self.retired.swap(true, Relaxed) {
                return true;
            }
        }
        false
    }
}

/// One 4-byte slot of the program: how many instructions runs starting there have
/// interpreted, and its block once compiled (`None`: it could not be; a retired block
/// counts as none).
#[derive(Default)]
struct CodeSlot {
    hits: AtomicU32,
    /// The instructions from here up to and including the next that may jump, at most
    /// [`MAX_SEG`] (an interpreted run of that length ends where a block may start); 0
    /// until first needed.
    seg: AtomicU32,
    block: OnceLock<Option<Box<CompiledBlock>>>,
}

/// The compiling tier for one program (see the crate docs). Shared by all warps of a
/// `Sim` (compiled blocks are shared; code memory is freed when it is dropped).
pub struct Jit {
    /// The program it was made for (its code's address and length): another program is
    /// run by the interpreter.
    code: (usize, usize),
    /// The program's slots, made when warming up ends: a program that never gets there
    /// allocates nothing for them.
    slots: OnceLock<Box<[CodeSlot]>>,
    /// Slots of the program (4-byte units of its code).
    n_slots: usize,
    mem: CodeMem,
    hot: u32,
    /// Instructions interpreted while warming up (see [`RunEngine::run`]).
    warm: AtomicU64,
    blocks: AtomicU64,
    insns: AtomicU64,
    compile_ns: AtomicU64,
    compiled_steps: AtomicU64,
    interpreted_steps: AtomicU64,
    side_exits: AtomicU64,
    retired: AtomicU64,
    refused: AtomicU64,
    fallbacks: Mutex<BTreeMap<(String, &'static str), u64>>,
    calls: Mutex<BTreeMap<(String, &'static str), u64>>,
}

impl Jit {
    /// The tier for `p`, or `None` when this host cannot run it ([`crate::tier::supported`]).
    pub fn new(p: &Program) -> Option<Arc<Jit>> {
        Jit::with_options(p, DEFAULT_CODE_CAP, HOT)
    }

    /// [`Jit::new`] with a cap on code memory (bytes; blocks past it are not compiled) and
    /// the number of instructions interpreted from a PC after which the block there is
    /// compiled (`hot`, at least 1; tests use 1 to compile every block they reach).
    pub fn with_options(p: &Program, cap: usize, hot: u32) -> Option<Arc<Jit>> {
        if !crate::tier::supported() {
            return None;
        }
        Some(Arc::new(Jit {
            code: (p.code().as_ptr() as usize, p.len()),
            slots: OnceLock::new(),
            n_slots: p.len().div_ceil(4),
            mem: CodeMem::new(cap),
            hot: hot.max(1),
            warm: AtomicU64::new(0),
            blocks: AtomicU64::new(0),
            insns: AtomicU64::new(0),
            compile_ns: AtomicU64::new(0),
            compiled_steps: AtomicU64::new(0),
            interpreted_steps: AtomicU64::new(0),
            side_exits: AtomicU64::new(0),
            retired: AtomicU64::new(0),
            refused: AtomicU64::new(0),
            fallbacks: Mutex::new(BTreeMap::new()),
            calls: Mutex::new(BTreeMap::new()),
        }))
    }

    /// What the tier has done so far.
    pub fn stats(&self) -> Stats {
        let listed = |m: &Mutex<BTreeMap<(String, &'static str), u64>>| {
            let m = m.lock().unwrap_or_else(|e| e.into_inner());
            let mut v: Vec<_> = m
                .iter()
                .map(|((name, why), n)| (name.clone(), why.to_string(), *n))
                .collect();
            v.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
            v
        };
        Stats {
            blocks: self.blocks.load(Relaxed),
            insns: self.insns.load(Relaxed),
            compile_ns: self.compile_ns.load(Relaxed),
            code_bytes: self.mem.used() as u64,
            compiled_steps: self.compiled_steps.load(Relaxed),
            // Warming up counts only in `warm`.
            interpreted_steps: self.interpreted_steps.load(Relaxed) + self.warm.load(Relaxed),
            side_exits: self.side_exits.load(Relaxed),
            retired: self.retired.load(Relaxed),
            refused: self.refused.load(Relaxed),
            fallbacks: listed(&self.fallbacks),
            calls: listed(&self.calls),
        }
    }

    fn note_fallback(&self, stop: Option<(warpkit_isa::InsnId, &'static str)>) {
        note(&self.fallbacks, stop.iter());
    }

    /// Compile the block at `pc` for a warp whose MODE is `mode`, the instructions at
    /// `as_calls` as kernel calls.
    fn compile(
        &self,
        p: &Program,
        pc: u32,
        mode: Mode,
        as_calls: Vec<u32>,
    ) -> Option<Box<CompiledBlock>> {
        let t0 = Instant::now();
        FIRST_COMPILED.store(true, Relaxed);
        let plan = match plan(p, pc, mode, &as_calls) {
            Ok(b) => b,
            Err(stop) => {
                self.note_fallback(stop);
                return None;
            }
        };
        self.note_fallback(plan.stop);
        let bytes = emit(&plan).ok()?;
        let f = match self.mem.place(&bytes) {
            Ok(ptr) => ptr,
            Err(CodeError::Cap) | Err(CodeError::Os) => {
                self.refused.fetch_add(1, Relaxed);
                return None;
            }
        };
        note(&self.calls, plan.calls.iter());
        self.blocks.fetch_add(1, Relaxed);
        self.insns.fetch_add(plan.len(), Relaxed);
        self.compile_ns
            .fetch_add(t0.elapsed().as_nanos() as u64, Relaxed);
        // SAFETY: `f` is the start of the code `emit` made for this signature, placed in
        // executable memory that lives as long as `self`.
        let f: BlockFn = unsafe { std::mem::transmute::<*const u8, BlockFn>(f) };
        Some(Box::new(CompiledBlock {
            f,
            plan,
            as_calls,
            score: AtomicI64::new(0),
            last_side: AtomicU32::new(0),
            retired: AtomicBool::new(false),
            next: OnceLock::new(),
        }))
    }

    /// What runs in place of `b`: `b` itself, or once it is retired its replacement
    /// (compiled now if not yet, with the item of its latest side exit a kernel call, when
    /// at least [`MIN_NATIVE`] instructions of a pass stay native), and so on; `None`
    /// where the interpreter runs.
    fn live<'b>(
        &self,
        p: &Program,
        w: &Warp,
        mut b: &'b CompiledBlock,
    ) -> Option<&'b CompiledBlock> {
        while b.retired.load(Relaxed) {
            b = b
                .next
                .get_or_init(|| {
                    let i = b.last_side.load(Relaxed) as usize;
                    let native = b.plan.len() as usize
                        - b.plan
                            .items
                            .iter()
                            .filter(|x| matches!(x, PlanItem::Call { .. }))
                            .count()
                        - 1;
                    match b.plan.items.get(i) {
                        Some(PlanItem::Call { .. }) | None => None,
                        Some(_) if native < MIN_NATIVE => None,
                        Some(_) => {
                            let mut as_calls = b.as_calls.clone();
                            as_calls.push(b.plan.pcs[i]);
                            self.compile(p, b.plan.pc, w.mode(), as_calls)
                        }
                    }
                })
                .as_deref()?;
        }
        Some(b)
    }

    /// The program's slots (made on first use, when warming up ends).
    #[inline]
    fn slots(&self) -> &[CodeSlot] {
        self.slots
            .get_or_init(|| (0..self.n_slots).map(|_| CodeSlot::default()).collect())
    }

    /// [`CodeSlot::seg`] of the slot at `pc` (1 off the code), worked out on first use.
    #[inline]
    fn seg(&self, slots: &[CodeSlot], p: &Program, pc: u32) -> u32 {
        let Some(slot) = slots.get((pc >> 2) as usize) else {
            return 1;
        };
        let s = slot.seg.load(Relaxed);
        if s != 0 {
            return s;
        }
        let mut s = 0;
        let mut at = pc & !3;
        while s < MAX_SEG {
            s += 1;
            match p.inst_at(at) {
                Some(i) if !is_control(i.id) && has_semantics(i.id) => at += i.size() as u32,
                _ => break,
            }
        }
        slot.seg.store(s, Relaxed);
        s
    }

    /// The compiled block at `pc`, once it is hot (compiling it when it becomes so); an
    /// interpreted run of `seg` instructions from there counts toward that.
    #[inline]
    fn block_at<'s>(
        &'s self,
        slot: &'s CodeSlot,
        p: &Program,
        w: &Warp,
        pc: u32,
        seg: u32,
    ) -> Option<&'s CompiledBlock> {
        if pc & 3 != 0 {
            return None;
        }
        if let Some(b) = slot.block.get() {
            return self.live(p, w, b.as_deref()?);
        }
        // A compile (tens of microseconds) pays only once the block has run some thousand
        // instructions: count what the interpreter retires from here, not the starts.
        // A plain load and store, not an atomic add: warps on other threads may lose a
        // count, which only delays a compile, and no locked instruction is paid per run.
        let hits = slot.hits.load(Relaxed).saturating_add(seg);
        if hits < self.hot {
            slot.hits.store(hits, Relaxed);
            return None;
        }
        slot.block
            .get_or_init(|| self.compile(p, pc, w.mode(), Vec::new()))
            .as_deref()
    }
}

/// Count `variants` (with their reasons) in `m`.
fn note<'a>(
    m: &Mutex<BTreeMap<(String, &'static str), u64>>,
    variants: impl Iterator<Item = &'a (warpkit_isa::InsnId, &'static str)>,
) {
    let mut m = m.lock().unwrap_or_else(|e| e.into_inner());
    for &(v, why) in variants {
        *m.entry((v.desc().mnemonic.to_string(), why)).or_insert(0) += 1;
    }
}

/// Whether `b` may run on `w` with `room` steps left.
#[inline]
fn runnable(b: &CompiledBlock, w: &Warp, room: u64) -> bool {
    let p = &b.plan;
    room >= p.len()
        && w.vgprs() >= p.vreg_end as u32
        && (!p.fp || w.fflags() & fflag::NX != 0)
        && p.mode.is_none_or(|m| m == w.mode().rm)
        && p.mode16.is_none_or(|m| m == w.mode().rm16)
}

impl RunEngine for Jit {
    fn run(&self, w: &mut Warp, p: &Program, max_steps: u64) -> RunOutcome {
        if self.code != (p.code().as_ptr() as usize, p.len()) {
            return w.interpret(p, max_steps);
        }
        let (mut n, mut compiled, mut side) = (0u64, 0u64, 0u64);
        // Warming up: until the program has interpreted `hot` instructions (all warps
        // together) no block can be hot, so the interpreter runs in one piece; short
        // programs then pay a comparison and a count for the tier (and nothing is
        // allocated for them). These steps count in `warm` only. (With `hot` 1 nothing
        // warms up: the tests that force the tier run even a program's first instruction
        // compiled.)
        // Until this process has compiled a block, the first compile also builds the code
        // assembler's tables (about 0.4 ms): the program must first have run
        // [`FIRST_WARM`] instructions, so that a short one never pays for them.
        let target = if FIRST_COMPILED.load(Relaxed) {
            self.hot as u64
        } else {
            (self.hot as u64).max(FIRST_WARM)
        };
        while self.hot > 1 && n < max_steps {
            let warm = self.warm.load(Relaxed);
            if warm >= target {
                break;
            }
            let o = w.interpret(p, (target - warm).min(max_steps - n));
            n += o.steps;
            self.warm.fetch_add(o.steps, Relaxed);
            if o.status != RunStatus::StepLimit && n < max_steps {
                return RunOutcome {
                    status: o.status,
                    steps: n,
                };
            }
        }
        let warmed = n;
        let slots = self.slots();
        let status = loop {
            if n >= max_steps {
                break if w.pc() as usize == p.len() {
                    RunStatus::Exited
                } else {
                    RunStatus::StepLimit
                };
            }
            let pc = w.pc();
            let room = max_steps - n;
            let seg = self.seg(slots, p, pc);
            let slot = slots.get((pc >> 2) as usize);
            let block = slot.and_then(|s| self.block_at(s, p, w, pc, seg));
            if let Some(b) = block.filter(|b| runnable(b, w, room)) {
                let len = b.plan.len();
                let mut ctx = BlockCtx {
                    exec: w.exec(),
                    next: 0,
                    w: &mut *w,
                    p,
                    code_base: w.code_base(),
                };
                // SAFETY: `ctx.w` is `w`, borrowed for the call only.
                let (v, u) = unsafe {
                    (
                        (*ctx.w).vregs_mut().as_mut_ptr() as *mut u32,
                        (*ctx.w).uregs_mut().as_mut_ptr(),
                    )
                };
                // SAFETY: the block was compiled for this program; `v` and `u` are this
                // warp's 128 x 32 and 64 registers (the block touches no register past
                // `vreg_end`, within `vgprs`, and no uniform past 63), and `ctx` holds the
                // warp and the program its kernel calls run; it runs at most `room / len`
                // passes.
                let r = unsafe { (b.f)(v, u, &mut ctx, room / len) };
                w.set_exec(ctx.exec);
                let passes = r >> PASS_SHIFT;
                let code = r & ((1 << PASS_SHIFT) - 1);
                let mut done = passes * len;
                let next = match code {
                    EXIT_END => b.plan.next_pc,
                    EXIT_TAKEN => match b.plan.term {
                        Some(t) if t.indirect => ctx.next,
                        Some(t) => t.target,
                        None => b.plan.next_pc,
                    },
                    // A kernel call retired and went elsewhere.
                    _ if code >= EXIT_AFTER => {
                        done += code - EXIT_AFTER + 1;
                        ctx.next
                    }
                    _ => {
                        let i = (code - EXIT_SIDE) as usize;
                        done += i as u64;
                        b.plan.pcs[i]
                    }
                };
                w.set_pc(next);
                w.set_steps(w.steps() + done);
                n += done;
                compiled += done;
                let sided = (EXIT_SIDE..EXIT_AFTER).contains(&code);
                if b.exited(passes, sided.then(|| (code - EXIT_SIDE) as usize)) {
                    self.retired.fetch_add(1, Relaxed);
                }
                if sided {
                    // The item the block could not do exactly: the interpreter runs it.
                    side += 1;
                    let o = w.interpret(p, 1);
                    n += o.steps;
                    if o.status != RunStatus::StepLimit && o.steps == 0 {
                        break o.status;
                    }
                }
                continue;
            }
            // Where no block compiles, or the one there cannot run on this warp (another
            // MODE, no NX, a short register file), the interpreter goes on past the next
            // jump: coming back here every few instructions costs the interpreter its
            // branch history (measured: the pkfma.f16 loop of fp_loop.py 30% slower).
            // (`block_at` has just made any replacement there is.)
            let uncompiled = block.is_some()
                || slot.is_some_and(|s| {
                    s.block
                        .get()
                        .is_some_and(|b| b.as_deref().and_then(|b| self.live(p, w, b)).is_none())
                });
            let budget = if uncompiled {
                (2 * self.hot).min(COLD_RUN).max(seg)
            } else {
                seg
            };
            let o = w.interpret(p, (budget as u64).min(room));
            n += o.steps;
            match o.status {
                RunStatus::StepLimit => {}
                // At the end of the code exactly: the loop's limit check says so too.
                RunStatus::Exited if n >= max_steps => {}
                s => break s,
            }
        };
        self.compiled_steps.fetch_add(compiled, Relaxed);
        self.interpreted_steps
            .fetch_add(n - warmed - compiled, Relaxed);
        self.side_exits.fetch_add(side, Relaxed);
        RunOutcome { status, steps: n }
    }

    fn report(&self) -> String {
        self.stats().to_string()
    }
}
