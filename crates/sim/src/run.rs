//! The fetch/execute loops: [`Warp::step`] and [`Warp::interpret`] (fast copies of the
//! handlers, nothing recorded) and [`Warp::step_logged`] / [`Warp::run_logged`] (logged
//! copies, one [`Commit`] per retired instruction).

use crate::commit::Commit;
use crate::fault::{Fault, FaultCause, FaultReason};
use crate::op::{Flow, Op};
use crate::program::Program;
use crate::warp::Warp;

/// Result of one [`Warp::step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepResult {
    /// One instruction executed; the warp can go on.
    Running,
    /// PC equals the code size: the warp has ended normally (nothing executed).
    Exited,
    /// The instruction at PC faulted and changed nothing.
    Faulted(Fault),
}

/// How a [`Warp::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStatus {
    Exited,
    Faulted(Fault),
    /// `max_steps` instructions executed and the warp has not ended.
    StepLimit,
}

impl RunStatus {
    /// `exited`, `faulted`, `step_limit` (state files).
    pub fn name(&self) -> &'static str {
        match self {
            RunStatus::Exited => "exited",
            RunStatus::Faulted(_) => "faulted",
            RunStatus::StepLimit => "step_limit",
        }
    }
}

/// [`RunStatus`] plus the number of instructions executed (a faulting instruction does
/// not count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOutcome {
    pub status: RunStatus,
    pub steps: u64,
}

/// Why the fast path stopped.
enum FastStop {
    Exit,
    Fault(FaultCause, Option<FaultReason>),
}

/// Conditional branches whose directions are the bits of `tag`, just before a handler
/// is called through a pointer. Indirect-branch predictors choose the target from the
/// recent branch history; with one call site for every instruction that history can be
/// the same whichever handler comes next (measured: alternating `add`/`xor` ran 4x slower
/// than either alone, depending on where the linker put the two handlers). These branches
/// make the history name the handler; for code that repeats (loops, unrolled kernels)
/// they are predicted like any pattern. The empty `asm!` keeps each one a real branch.
#[inline(always)]
fn tag_branches(tag: u8) {
    if tag & 1 != 0 {
        // SAFETY: an empty instruction sequence.
        unsafe { std::arch::asm!("", options(nomem, nostack, preserves_flags)) }
    }
    if tag & 2 != 0 {
        // SAFETY: as above.
        unsafe { std::arch::asm!("", options(nomem, nostack, preserves_flags)) }
    }
}

/// Another way to execute a warp's instructions (the compiling tier, `warpkit-jit`), chosen
/// per process (`crate::engine`, behind [`Warp::run`]) or per [`Sim`](crate::Sim) with
/// [`Sim::set_engine`](crate::Sim::set_engine). It must leave the warp, and return,
/// exactly what [`Warp::interpret`] would (state, outcome, step count), and may run
/// [`Warp::interpret`] itself for what it does not handle.
pub trait RunEngine: Send + Sync {
    /// [`Warp::run`]: execute up to `max_steps` instructions of `p` on `w`.
    fn run(&self, w: &mut Warp, p: &Program, max_steps: u64) -> RunOutcome;

    /// What the engine has done so far, for people (`warpkit run --jit-stats`); lines
    /// ending in a newline, or nothing.
    fn report(&self) -> String {
        String::new()
    }
}

/// Watches a run instruction by instruction ([`Warp::run_watched`]): for observers (the
/// coverage collector) that look at the warp just before and just after each instruction.
/// Called inline, so a watcher costs only what its own methods do.
pub trait Watch {
    /// The instruction at `pc` is about to execute (also called where PC is the end of
    /// the code or not an instruction: the run then stops).
    fn before(&mut self, w: &mut Warp, pc: u32);
    /// The instruction at `pc` retired; `w.pc()` is where the warp goes next.
    fn after(&mut self, w: &mut Warp, pc: u32);
    /// Run the instruction at `pc`: [`Step::run`] executes it and says whether it retired.
    /// Return `false` when the run is to stop (a step did not retire). The default is
    /// [`Watch::before`], the step, and [`Watch::after`] if it retired. A watcher can
    /// instead look around the step in one piece, keeping what it found before in
    /// registers for after, and can run the instructions that follow in the same round
    /// (while [`Step::room`] is not 0), looking at a straight run of code in one piece.
    #[inline(always)]
    fn around<const CHECK: bool>(&mut self, w: &mut Warp, pc: u32, step: &mut Step<CHECK>) -> bool {
        self.before(w, pc);
        let retired = step.run(w);
        if retired {
            self.after(w, pc);
        }
        retired
    }
}

/// The instructions of one round of [`Warp::run_watched`], for [`Watch::around`] to run.
/// `CHECK`: some instruction of the program names a register at or above the warp's
/// `vgprs` (checked at each step).
pub struct Step<'p, const CHECK: bool> {
    p: &'p Program,
    /// Instructions the run has retired, and its limit.
    n: u64,
    max: u64,
    /// Why the run stops, once a step did not retire.
    stop: Option<FastStop>,
}

impl<'p, const CHECK: bool> Step<'p, CHECK> {
    /// Fetch and execute the instruction at PC with the fast handlers and move PC on:
    /// whether it retired (if not, the run stops: the end of the code or a fault, with the
    /// warp unchanged). Call it only while [`Step::room`] is not 0 (at a round's first call
    /// it never is).
    #[inline(always)]
    pub fn run(&mut self, w: &mut Warp) -> bool {
        match w.step_watched::<CHECK>(self.p) {
            Ok(()) => {
                self.n += 1;
                true
            }
            Err(s) => {
                self.stop = Some(s);
                false
            }
        }
    }

    /// How many more instructions the run may retire.
    #[inline(always)]
    pub fn room(&self) -> u64 {
        self.max - self.n
    }

    /// Whether a step did not retire: the run stops.
    #[inline(always)]
    pub fn stopped(&self) -> bool {
        self.stop.is_some()
    }

    /// The instructions straight along the code from PC, up to `count` and the step limit,
    /// for [`Straight::next`] to run one by one as [`Warp::run`] does (no fetch per
    /// instruction); `None` where PC is off the code's chain (inside a 64-bit instruction,
    /// or outside the code).
    #[inline(always)]
    pub fn straight<'s>(&'s mut self, w: &Warp, count: usize) -> Option<Straight<'s, 'p, CHECK>> {
        let p = self.p;
        let pc = w.pc;
        let room = (self.max - self.n).min(count as u64) as usize;
        let i = p.chain_index(pc)?;
        Some(Straight {
            ops: &p.chain[i..p.chain.len().min(i + room)],
            step: self,
            done: 0,
        })
    }
}

/// Instructions straight along the code from where a round of [`Warp::run_watched`]
/// starts ([`Step::straight`]). The run counts them when this is dropped.
pub struct Straight<'s, 'p, const CHECK: bool> {
    step: &'s mut Step<'p, CHECK>,
    /// The instructions left to run after the `done` that retired (none once one jumped or
    /// did not retire).
    ops: &'p [Op],
    done: usize,
}

impl<const CHECK: bool> Straight<'_, '_, CHECK> {
    /// Run the next instruction, PC moving on: whether it retired. `false` after an
    /// instruction that jumped, at one that does not retire ([`Step::stopped`]), at the end
    /// of the code or at the limit.
    #[inline(always)]
    pub fn next(&mut self, w: &mut Warp) -> bool {
        let Some((op, rest)) = self.ops.split_first() else {
            return false;
        };
        w.pc = op.pc;
        if CHECK && op.vreg_end > w.vgprs {
            self.step.stop = Some(w.vgpr_stop(op));
            self.ops = &[];
            return false;
        }
        tag_branches(op.tag());
        // SAFETY: `op` was made by `Program`, which stores a handler build only when the
        // CPU supports it (`HandlerLevel::is_available`).
        let flow = unsafe { (op.handler)(w, op) };
        if matches!(flow, Flow::Next) {
            w.pc = op.pc.wrapping_add(op.size() as u32);
            self.ops = rest;
        } else {
            self.ops = &[];
            match Warp::next_pc_taken(op.pc, op, flow) {
                Ok(t) => w.pc = t,
                Err(s) => {
                    self.step.stop = Some(s);
                    return false;
                }
            }
        }
        self.done += 1;
        true
    }

    /// How many retired.
    #[inline(always)]
    pub fn done(&self) -> usize {
        self.done
    }
}

impl<const CHECK: bool> Drop for Straight<'_, '_, CHECK> {
    #[inline(always)]
    fn drop(&mut self) {
        self.step.n += self.done as u64;
    }
}

impl Warp {
    /// The slot at PC, or why there is none (end of code: exit; otherwise a fetch fault).
    #[inline(always)]
    fn fetch<'p>(&self, p: &'p Program) -> Result<&'p Op, FastStop> {
        let pc = self.pc;
        match p.ops.get((pc >> 2) as usize) {
            Some(op) if pc & 3 == 0 => Ok(op),
            _ => Err(self.fetch_stop(p)),
        }
    }

    #[cold]
    fn fetch_stop(&self, p: &Program) -> FastStop {
        if self.pc as usize == p.len() {
            FastStop::Exit
        } else if self.pc & 3 != 0 {
            FastStop::Fault(FaultCause::FetchFault, Some(FaultReason::Misaligned))
        } else {
            FastStop::Fault(FaultCause::FetchFault, Some(FaultReason::OutsideCode))
        }
    }

    #[cold]
    fn vgpr_stop(&self, op: &Op) -> FastStop {
        FastStop::Fault(
            FaultCause::IllegalInsn,
            Some(FaultReason::VgprLimit {
                reg: op.vreg_end - 1,
                vgprs: self.vgprs,
            }),
        )
    }

    /// Where a handler's flow leads: the next PC, or the fault it raised.
    #[inline(always)]
    fn next_pc(pc: u32, op: &Op, flow: Flow) -> Result<u32, FastStop> {
        match flow {
            Flow::Next => Ok(pc.wrapping_add(op.size() as u32)),
            Flow::Jump(t) => Ok(t),
            Flow::Illegal => Err(FastStop::Fault(FaultCause::IllegalInsn, None)),
            Flow::FetchFault => Err(FastStop::Fault(
                FaultCause::FetchFault,
                Some(FaultReason::Truncated),
            )),
        }
    }

    /// [`Warp::next_pc`], not inlined.
    #[inline(never)]
    fn next_pc_taken(pc: u32, op: &Op, flow: Flow) -> Result<u32, FastStop> {
        Self::next_pc(pc, op, flow)
    }

    /// Fetch and execute one instruction with the fast handlers. The hot path: no
    /// decoding, no allocation. `CHECK_VGPRS` is false when the caller knows that no
    /// instruction of the program names a register at or above `vgprs`.
    #[inline(always)]
    fn step_fast<const CHECK_VGPRS: bool>(&mut self, p: &Program) -> Result<(), FastStop> {
        let pc = self.pc;
        let op = self.fetch(p)?;
        if CHECK_VGPRS && op.vreg_end > self.vgprs {
            return Err(self.vgpr_stop(op));
        }
        // SAFETY: `op` was made by `Program`, which stores a handler build only when the
        // CPU supports it (`HandlerLevel::is_available`).
        let flow = unsafe { (op.handler)(self, op) };
        self.pc = Self::next_pc(pc, op, flow)?;
        Ok(())
    }

    #[cold]
    fn make_fault(&self, p: &Program, cause: FaultCause, reason: Option<FaultReason>) -> Fault {
        let (word, word_bytes) = p.raw_word(self.pc);
        let reason = reason.unwrap_or_else(|| p.illegal_reason(self.pc));
        Fault {
            cause,
            pc: self.pc,
            word,
            word_bytes,
            reason,
        }
    }

    fn step_result(&mut self, p: &Program, r: Result<(), FastStop>) -> StepResult {
        match r {
            Ok(()) => {
                self.steps += 1;
                StepResult::Running
            }
            Err(FastStop::Exit) => StepResult::Exited,
            Err(FastStop::Fault(c, r)) => StepResult::Faulted(self.make_fault(p, c, r)),
        }
    }

    /// Execute one instruction.
    pub fn step(&mut self, p: &Program) -> StepResult {
        let r = self.step_fast::<true>(p);
        self.step_result(p, r)
    }

    /// The outcome when the step limit is reached: a warp standing exactly at the end of the
    /// code has exited, any other has hit the limit.
    fn at_limit(&self, p: &Program, steps: u64) -> RunOutcome {
        let status = if self.pc as usize == p.len() {
            RunStatus::Exited
        } else {
            RunStatus::StepLimit
        };
        RunOutcome { status, steps }
    }

    fn outcome(&self, p: &Program, stop: Option<FastStop>, steps: u64) -> RunOutcome {
        match stop {
            None => self.at_limit(p, steps),
            Some(FastStop::Exit) => RunOutcome {
                status: RunStatus::Exited,
                steps,
            },
            Some(FastStop::Fault(c, r)) => RunOutcome {
                status: RunStatus::Faulted(self.make_fault(p, c, r)),
                steps,
            },
        }
    }

    /// The run loop. Where PC is on the program's chain of instructions, execute straight
    /// along it (no fetch checks, no per-instruction bookkeeping beyond PC) until an
    /// instruction jumps, faults, the chain ends or the step limit is reached; elsewhere
    /// take one ordinary step.
    #[inline(always)]
    fn run_loop<const CHECK_VGPRS: bool>(
        &mut self,
        p: &Program,
        max_steps: u64,
    ) -> (Option<FastStop>, u64) {
        let mut n = 0u64;
        while n < max_steps {
            let pc = self.pc;
            let start = match p.chain_index(pc) {
                Some(i) => i,
                None => {
                    if let Err(s) = self.step_fast::<CHECK_VGPRS>(p) {
                        return (Some(s), n);
                    }
                    n += 1;
                    continue;
                }
            };
            let room = (max_steps - n).min(p.chain.len() as u64) as usize;
            let block = &p.chain[start..p.chain.len().min(start + room)];
            let mut done = 0usize;
            let mut jumped = None;
            // One instruction of the block; `break $out` when control leaves it.
            macro_rules! one {
                ($out:lifetime, $op:expr) => {{
                    let op: &Op = $op;
                    if CHECK_VGPRS && op.vreg_end > self.vgprs {
                        self.pc = op.pc;
                        return (Some(self.vgpr_stop(op)), n + done as u64);
                    }
                    self.pc = op.pc;
                    tag_branches(op.tag());
                    // SAFETY: `op` was made by `Program`, which stores a handler build
                    // only when the CPU supports it (`HandlerLevel::is_available`).
                    let flow = unsafe { (op.handler)(self, op) };
                    if !matches!(flow, Flow::Next) {
                        match Self::next_pc(op.pc, op, flow) {
                            Ok(t) => {
                                done += 1;
                                jumped = Some(t);
                            }
                            Err(s) => return (Some(s), n + done as u64),
                        }
                        break $out;
                    }
                    done += 1;
                }};
            }
            // Two call sites, for even and odd positions: the indirect-branch predictor
            // then tells apart handlers that alternate even when their addresses make
            // them look alike in its history.
            'block: {
                let mut pairs = block.chunks_exact(2);
                for pair in &mut pairs {
                    one!('block, &pair[0]);
                    one!('block, &pair[1]);
                }
                if let [op] = pairs.remainder() {
                    one!('block, op);
                }
            }
            self.pc = match (jumped, done.checked_sub(1).and_then(|i| block.get(i))) {
                (Some(t), _) => t,
                (None, Some(last)) => last.pc.wrapping_add(last.size() as u32),
                (None, None) => pc,
            };
            n += done as u64;
        }
        (None, n)
    }

    /// Execute up to `max_steps` instructions (counted from this call; [`Warp::steps`]
    /// grows by the number executed) with the interpreter, whatever engine
    /// [`Warp::run`] uses: for engines, the debugger and traces. A warp that reaches the
    /// end of the code exactly at the limit counts as exited.
    pub fn interpret(&mut self, p: &Program, max_steps: u64) -> RunOutcome {
        // The register check is made once here when the whole program fits.
        let (stop, n) = if p.vreg_end <= self.vgprs {
            self.run_loop::<false>(p, max_steps)
        } else {
            self.run_loop::<true>(p, max_steps)
        };
        self.steps += n;
        self.outcome(p, stop, n)
    }

    /// [`Warp::run`] with `watch` called around every instruction: the fast handlers, one
    /// instruction at a time (no chained blocks: the watcher sees the warp between any two
    /// instructions). A faulting instruction gets [`Watch::before`] only. [`Warp::steps`]
    /// grows when the run ends.
    #[inline(always)]
    pub fn run_watched<W: Watch>(
        &mut self,
        p: &Program,
        max_steps: u64,
        watch: &mut W,
    ) -> RunOutcome {
        // The register check is made once here when the whole program fits.
        let (stop, n) = if p.vreg_end > self.vgprs {
            self.run_watched_loop::<true, W>(p, max_steps, watch)
        } else {
            self.run_watched_loop::<false, W>(p, max_steps, watch)
        };
        self.steps += n;
        self.outcome(p, stop, n)
    }

    #[inline(always)]
    fn run_watched_loop<const CHECK: bool, W: Watch>(
        &mut self,
        p: &Program,
        max_steps: u64,
        watch: &mut W,
    ) -> (Option<FastStop>, u64) {
        // Made once: it counts the instructions retired until it stops the run.
        let mut step = Step::<CHECK> {
            p,
            n: 0,
            max: max_steps,
            stop: None,
        };
        // One round at a time; `break` with why the run stops. One call site (unlike
        // `run_loop`): with a watcher inlined around it the loop is long, and a second copy
        // of it measured slower (coverage of `muladd.s`: 182 -> 166 ms).
        let stop = loop {
            if step.n >= max_steps {
                break None;
            }
            let pc = self.pc;
            if !watch.around(self, pc, &mut step) {
                // (A watcher that ran no step ends the run as a step limit.)
                break step.stop;
            }
        };
        (stop, step.n)
    }

    /// The instruction at PC for [`Warp::run_watched`]: fetched, executed with the fast
    /// handlers, PC moved on.
    #[inline(always)]
    fn step_watched<const CHECK: bool>(&mut self, p: &Program) -> Result<(), FastStop> {
        let pc = self.pc;
        let op = self.fetch(p)?;
        if CHECK && op.vreg_end > self.vgprs {
            return Err(self.vgpr_stop(op));
        }
        // The watcher's code between two handlers looks alike whatever they are: the tag
        // branches tell the indirect-branch predictor which handler comes.
        tag_branches(op.tag());
        // SAFETY: `op` was made by `Program`, which stores a handler build only when the
        // CPU supports it (`HandlerLevel::is_available`).
        let flow = unsafe { (op.handler)(self, op) };
        self.pc = if matches!(flow, Flow::Next) {
            pc.wrapping_add(op.size() as u32)
        } else {
            // Out of line: the common case is then one compare, not a jump table.
            Self::next_pc_taken(pc, op, flow)?
        };
        Ok(())
    }

    /// [`Warp::step`] with the logged handlers: when the instruction retires
    /// ([`StepResult::Running`]), `c` holds its commit record (`c.step` is
    /// [`Warp::steps`] before it). Otherwise the warp is unchanged and `c` holds no writes.
    pub fn step_logged(&mut self, p: &Program, c: &mut Commit) -> StepResult {
        c.clear_writes();
        let r = self.step_logged_inner(p, c);
        if r.is_err() {
            c.clear_writes();
        }
        self.step_result(p, r)
    }

    fn step_logged_inner(&mut self, p: &Program, c: &mut Commit) -> Result<(), FastStop> {
        let pc = self.pc;
        let op = self.fetch(p)?;
        if op.vreg_end > self.vgprs {
            return Err(self.vgpr_stop(op));
        }
        let meta = &p.meta[(pc >> 2) as usize];
        c.step = self.steps;
        c.pc = pc;
        c.word = p.raw_word(pc).0;
        c.size = op.size();
        c.inst = meta.inst.unwrap_or_default();
        c.exec = self.exec;
        let flow = (meta.logged)(self, op, c);
        let next = Self::next_pc(pc, op, flow)?;
        if next != pc.wrapping_add(op.size() as u32) {
            c.set_pc_write(next);
        }
        self.pc = next;
        Ok(())
    }

    /// [`Warp::run`] with the logged handlers: `hook` gets the commit record of every
    /// retired instruction. One record is reused throughout (no allocation per step).
    pub fn run_logged(
        &mut self,
        p: &Program,
        max_steps: u64,
        hook: &mut dyn FnMut(&Commit),
    ) -> RunOutcome {
        let mut c = Commit::new();
        let mut n = 0u64;
        while n < max_steps {
            match self.step_logged(p, &mut c) {
                StepResult::Running => {
                    n += 1;
                    hook(&c);
                }
                StepResult::Exited => {
                    return RunOutcome {
                        status: RunStatus::Exited,
                        steps: n,
                    }
                }
                StepResult::Faulted(f) => {
                    return RunOutcome {
                        status: RunStatus::Faulted(f),
                        steps: n,
                    }
                }
            }
        }
        self.at_limit(p, n)
    }
}
