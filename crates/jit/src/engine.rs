//! [`Jit`]: the engine. Interprets cold code, compiles a block where a run has started
//! [`HOT`] instructions, and runs compiled blocks where their preconditions hold.

use crate::code::{CodeError, CodeMem};
use crate::emit::{emit, BlockFn, Ctx, EXIT_AFTER, EXIT_END, EXIT_SIDE, EXIT_TAKEN, PASS_SHIFT};
use crate::plan::{is_control, plan, Plan};
use crate::tier::{Stats, DEFAULT_CODE_CAP, HOT};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;
use warpkit_sim::{fflag, has_semantics, Mode, Program, RunEngine, RunOutcome, RunStatus, Warp};

/// Longest interpreted run counted from one PC.
const MAX_SEG: u32 = 64;

/// Most instructions the interpreter runs at once from a PC where no block compiles (twice
/// `hot`, so that with `hot` = 1 the tests see every PC where a block may start).
const COLD_RUN: u32 = 4096;

/// A compiled block.
struct CompiledBlock {
    f: BlockFn,
    plan: Plan,
}

/// One 4-byte slot of the program: how many instructions runs starting there have
/// interpreted, and its block once compiled (`None`: it could not be).
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
    slots: Vec<CodeSlot>,
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
        let n = p.len().div_ceil(4);
        Some(Arc::new(Jit {
            code: (p.code().as_ptr() as usize, p.len()),
            slots: (0..n).map(|_| CodeSlot::default()).collect(),
            mem: CodeMem::new(cap),
            hot: hot.max(1),
            warm: AtomicU64::new(0),
            blocks: AtomicU64::new(0),
            insns: AtomicU64::new(0),
            compile_ns: AtomicU64::new(0),
            compiled_steps: AtomicU64::new(0),
            interpreted_steps: AtomicU64::new(0),
            side_exits: AtomicU64::new(0),
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
            interpreted_steps: self.interpreted_steps.load(Relaxed),
            side_exits: self.side_exits.load(Relaxed),
            refused: self.refused.load(Relaxed),
            fallbacks: listed(&self.fallbacks),
            calls: listed(&self.calls),
        }
    }

    fn note_fallback(&self, stop: Option<(warpkit_isa::InsnId, &'static str)>) {
        note(&self.fallbacks, stop.iter());
    }

    /// Compile the block at `pc` for a warp whose MODE is `mode`.
    fn compile(&self, p: &Program, pc: u32, mode: Mode) -> Option<Box<CompiledBlock>> {
        let t0 = Instant::now();
        let plan = match plan(p, pc, mode) {
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
        Some(Box::new(CompiledBlock { f, plan }))
    }

    /// [`CodeSlot::seg`] of the slot at `pc` (1 off the code), worked out on first use.
    #[inline]
    fn seg(&self, p: &Program, pc: u32) -> u32 {
        let Some(slot) = self.slots.get((pc >> 2) as usize) else {
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
    fn block_at(&self, p: &Program, w: &Warp, pc: u32, seg: u32) -> Option<&CompiledBlock> {
        let slot = self.slots.get((pc >> 2) as usize)?;
        if pc & 3 != 0 {
            return None;
        }
        if let Some(b) = slot.block.get() {
            return b.as_deref();
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
            .get_or_init(|| self.compile(p, pc, w.mode()))
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
        // programs then pay nothing for the tier. (With `hot` 1 nothing warms up: the tests
        // that force the tier run even a program's first instruction compiled.)
        while self.hot > 1 && n < max_steps {
            let warm = self.warm.load(Relaxed);
            if warm >= self.hot as u64 {
                break;
            }
            let o = w.interpret(p, (self.hot as u64 - warm).min(max_steps - n));
            n += o.steps;
            self.warm.fetch_add(o.steps, Relaxed);
            if o.status != RunStatus::StepLimit && n < max_steps {
                self.interpreted_steps.fetch_add(n, Relaxed);
                return RunOutcome {
                    status: o.status,
                    steps: n,
                };
            }
        }
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
            let seg = self.seg(p, pc);
            if let Some(b) = self
                .block_at(p, w, pc, seg)
                .filter(|b| runnable(b, w, room))
            {
                let len = b.plan.len();
                let mut ctx = Ctx {
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
                if (EXIT_SIDE..EXIT_AFTER).contains(&code) {
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
            // Where no block compiles, the interpreter goes on past the next jump: coming
            // back here every few instructions costs the interpreter its branch history
            // (measured: the pkfma.f16 loop of fp_loop.py 30% slower).
            let uncompiled = self
                .slots
                .get((pc >> 2) as usize)
                .is_some_and(|s| matches!(s.block.get(), Some(None)));
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
        self.interpreted_steps.fetch_add(n - compiled, Relaxed);
        self.side_exits.fetch_add(side, Relaxed);
        RunOutcome { status, steps: n }
    }

    fn report(&self) -> String {
        self.stats().to_string()
    }
}
