//! The timing model itself (docs/timing.md says the same in prose): warp schedulers pick
//! ready warps cycle by cycle; a per-warp scoreboard of pending register writes decides
//! readiness; the functional simulator executes each instruction.
//!
//! Each warp's registers are its own, so the only thing warps share is their scheduler's
//! issue slot. That lets the engine execute a warp's next instruction as soon as it becomes
//! the warp's head (right after the previous one issued): its readiness depends only on the
//! warp's own earlier instructions, which have all issued by then, and its functional effect
//! is the same whenever it happens. The scheduler then only needs each head's ready cycle.

use crate::config::{unit_of, units, Policy, SmConfig};
use crate::report::{Report, Stalls, WarpReport};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use warpkit_encoding::Reg;
use warpkit_isa::InsnId;
use warpkit_sim::{Program, RunOutcome, RunStatus, StepResult, Warp, WarpResult, LANES};

/// Scoreboard entries: v0..v127, u0..u63, EXEC, MODE, CODE_BASE. FFLAGS accumulates without
/// ordering and PC is covered by the branch rule, so neither has an entry.
const SB_U: usize = 128;
const SB_EXEC: usize = 192;
const SB_MODE: usize = 193;
const SB_CODE_BASE: usize = 194;
/// Entries 195..255 are never used: indexing by a `u8` then needs no bounds check.
const SB_LEN: usize = 256;

fn sb_index(r: Reg) -> Option<u8> {
    Some(match r {
        // A §7 run (never executed) stands for its first register.
        Reg::V(n) | Reg::VRun(n) => n & 127,
        Reg::U(n) => (SB_U + (n & 63) as usize) as u8,
        Reg::Exec => SB_EXEC as u8,
        Reg::Mode => SB_MODE as u8,
        Reg::CodeBase => SB_CODE_BASE as u8,
        Reg::Fflags | Reg::Pc | Reg::VIndexed { .. } => return None,
    })
}

/// What the model needs of one static instruction, computed once per code offset. Kept
/// to 16 bytes: the model reads one per executed instruction, next to the simulator's own
/// tables, and a program's worth should stay in the first-level cache.
#[derive(Clone, Copy, Default)]
struct SlotInfo {
    /// The instruction's scoreboard entries: `Timing::deps[first..first + ndeps]`, the
    /// `nwrites` it writes first, then the others it reads. It waits for all of them.
    first: u32,
    ndeps: u8,
    nwrites: u8,
    unit: u8,
    flags: u8,
    /// 0: no latency (an `async:*` variant; never executes).
    latency: u32,
    id: InsnId,
}

/// [`SlotInfo::flags`]: something decodes at this offset.
const DECODED: u8 = 1;
/// Writes PC: the next instruction waits for the branch latency.
const CONTROL: u8 = 2;
/// Names a `movrel` register, resolved per execution.
const INDEXED: u8 = 4;

impl SlotInfo {
    /// The slot of `inst`, appending its scoreboard entries to `deps`.
    fn new(inst: &warpkit_encoding::Inst, cfg: &SmConfig, deps: &mut Vec<u8>) -> SlotInfo {
        let first = deps.len();
        let mut s = SlotInfo {
            first: first as u32,
            unit: unit_of(inst.id),
            flags: DECODED,
            latency: cfg.latency(inst.id).unwrap_or(0),
            id: inst.id,
            ..SlotInfo::default()
        };
        let push = |deps: &mut Vec<u8>, r: Reg| {
            if let Some(i) = sb_index(r) {
                if !deps[first..].contains(&i) {
                    deps.push(i);
                }
            }
        };
        for r in inst.writes().iter() {
            match r {
                Reg::Pc => s.flags |= CONTROL,
                Reg::VIndexed { .. } => s.flags |= INDEXED,
                _ => push(deps, r),
            }
        }
        s.nwrites = (deps.len() - first) as u8;
        for r in inst.reads().iter() {
            match r {
                Reg::VIndexed { .. } => s.flags |= INDEXED,
                _ => push(deps, r),
            }
        }
        // At most the two access columns' worth (2 * MAX_ACCESS_REGS), well inside a u8.
        s.ndeps = (deps.len() - first) as u8;
        s
    }
}

/// Why a warp did not issue in a cycle before its instruction issued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// The previous instruction was control flow and its latency has not passed.
    Branch,
    /// A register the instruction reads or writes has a write pending; `unit` (an index into
    /// [`units`](crate::units)) produces the write that completes last.
    Register { unit: u8 },
    /// Ready, but the scheduler issued another warp.
    OtherWarp,
}

/// One issued instruction, as observers see it. Cycle `since` is the first in which the
/// instruction was its warp's next one (0, or the cycle after the warp's previous issue);
/// it issued in cycle `cycle` and its writes complete at `cycle + latency`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Issue {
    pub warp: u32,
    pub scheduler: u32,
    pub pc: u32,
    pub id: InsnId,
    pub since: u64,
    /// The branch rule allows no issue before this cycle.
    pub branch_until: u64,
    /// The registers allow no issue before this cycle...
    pub reg_until: u64,
    /// ...because of a write by this unit (0 when the instruction did not wait on a
    /// register).
    pub reg_unit: u8,
    pub cycle: u64,
    pub latency: u32,
    pub unit: u8,
    /// Lanes active in EXEC at issue (0..=32).
    pub lanes: u8,
}

impl Issue {
    /// The cycle at which the instruction's writes complete.
    pub fn done(&self) -> u64 {
        self.cycle + self.latency as u64
    }

    /// The cycles `since..cycle` by cause, in this order: waiting after a branch, waiting on a
    /// register, ready but another warp issued. Each `(cause, start, end)` may be empty;
    /// together they cover `since..cycle` exactly.
    #[inline]
    pub fn waits(&self) -> [(Wait, u64, u64); 3] {
        let b = self.branch_until.clamp(self.since, self.cycle);
        let r = self.reg_until.clamp(b, self.cycle);
        [
            (Wait::Branch, self.since, b),
            (
                Wait::Register {
                    unit: self.reg_unit,
                },
                b,
                r,
            ),
            (Wait::OtherWarp, r, self.cycle),
        ]
    }
}

/// Sees every issued instruction, in cycle order (within a cycle, by scheduler).
pub trait Observer {
    /// Before the first cycle.
    fn start(&mut self, _warps: usize, _schedulers: usize) {}
    fn issue(&mut self, _e: &Issue) {}
}

/// No observer: the fast path.
impl Observer for () {}

impl<O: Observer + ?Sized> Observer for &mut O {
    fn start(&mut self, warps: usize, schedulers: usize) {
        (**self).start(warps, schedulers)
    }
    fn issue(&mut self, e: &Issue) {
        (**self).issue(e)
    }
}

impl<A: Observer, B: Observer> Observer for (A, B) {
    fn start(&mut self, warps: usize, schedulers: usize) {
        self.0.start(warps, schedulers);
        self.1.start(warps, schedulers);
    }
    fn issue(&mut self, e: &Issue) {
        self.0.issue(e);
        self.1.issue(e);
    }
}

impl<O: Observer> Observer for Option<O> {
    fn start(&mut self, warps: usize, schedulers: usize) {
        if let Some(o) = self {
            o.start(warps, schedulers)
        }
    }
    fn issue(&mut self, e: &Issue) {
        if let Some(o) = self {
            o.issue(e)
        }
    }
}

/// A run the model cannot time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimingError {
    /// An instruction executed that has no latency (an `async:*` variant).
    Untimed { warp: usize, pc: u32, id: InsnId },
}

impl fmt::Display for TimingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimingError::Untimed { warp, pc, id } => write!(
                f,
                "warp {warp}, pc 0x{pc:08x}: {} executed, but its latency `{}` has no cycle count; \
                 set one for its unit in the SM configuration",
                id.desc().mnemonic,
                id.desc().latency_text
            ),
        }
    }
}

impl std::error::Error for TimingError {}

/// The timing report and the warps' final states (exactly those of `warpkit run`).
pub struct TimingRun {
    pub report: Report,
    pub results: Vec<WarpResult>,
}

/// The warp's next instruction, already executed functionally, waiting to issue.
#[derive(Clone, Copy, Default)]
struct Head {
    slot: u32,
    pc: u32,
    since: u64,
    /// The registers allow no issue before this cycle.
    reg_until: u64,
    ready: u64,
    lanes: u8,
    /// Scoreboard entries of a resolved `movrel.s` source / `movrel.d` destination.
    idx_read: Option<u8>,
    idx_write: Option<u8>,
}

struct WarpSlot {
    warp: Warp,
    /// Cycle at which the pending write of each scoreboard entry completes.
    done_at: [u64; SB_LEN],
    /// Unit of that write.
    by_unit: [u8; SB_LEN],
    steps: u64,
    status: Option<RunStatus>,
    head: Head,
    branch_until: u64,
    last_issue: Option<u64>,
    /// Completion of the warp's last write.
    cycles: u64,
    register: Vec<u64>,
    branch: u64,
    other_warp: u64,
    lanes: [u64; LANES + 1],
}

/// One scheduler's warps: the ready ones as a bit set over the scheduler's own warp list
/// (in warp order, so the lowest bit is the oldest warp), the others by ready cycle.
struct Scheduler {
    warps: Vec<u32>,
    ready: Vec<u64>,
    ready_count: usize,
    pending: BinaryHeap<Reverse<(u64, u32)>>,
    last: Option<usize>,
}

impl Scheduler {
    #[inline]
    fn set(&mut self, local: usize) {
        self.ready[local / 64] |= 1 << (local % 64);
        self.ready_count += 1;
    }

    #[inline]
    fn clear(&mut self, local: usize) {
        self.ready[local / 64] &= !(1 << (local % 64));
        self.ready_count -= 1;
    }

    #[inline]
    fn is_ready(&self, local: usize) -> bool {
        self.ready[local / 64] >> (local % 64) & 1 == 1
    }

    /// The lowest ready local index at or after `from`.
    #[inline]
    fn next_ready(&self, from: usize) -> Option<usize> {
        let mut wi = from / 64;
        let mut word = *self.ready.get(wi)? & (!0u64 << (from % 64));
        loop {
            if word != 0 {
                return Some(wi * 64 + word.trailing_zeros() as usize);
            }
            wi += 1;
            word = *self.ready.get(wi)?;
        }
    }

    #[inline]
    fn pick(&self, policy: Policy) -> Option<usize> {
        if self.ready_count == 0 {
            return None;
        }
        match policy {
            Policy::Lrr => {
                let from = self.last.map_or(0, |l| l + 1);
                if let [word] = self.ready[..] {
                    // Up to 64 warps: the first ready at or after `from`, else the first.
                    let after = if from < 64 { word & (!0u64 << from) } else { 0 };
                    let w = if after != 0 { after } else { word };
                    return Some(w.trailing_zeros() as usize);
                }
                self.next_ready(from).or_else(|| self.next_ready(0))
            }
            Policy::Gto => match self.last {
                Some(l) if self.is_ready(l) => Some(l),
                _ => self.next_ready(0),
            },
        }
    }
}

/// A program prepared for timing under one SM configuration.
pub struct Timing<'p> {
    program: &'p Program,
    /// Per 4-byte code offset (without [`DECODED`] where nothing decodes: the simulator
    /// faults there).
    slots: Vec<SlotInfo>,
    /// The slots' scoreboard entries, one after another.
    deps: Vec<u8>,
    schedulers: usize,
    policy: Policy,
    config: SmConfig,
}

impl<'p> Timing<'p> {
    /// Compute every code offset's access facts and latency once.
    pub fn new(program: &'p Program, config: &SmConfig) -> Timing<'p> {
        let mut deps = Vec::new();
        let slots = (0..program.len().div_ceil(4))
            .map(|k| match program.inst_at(4 * k as u32) {
                Some(i) => SlotInfo::new(&i, config, &mut deps),
                None => SlotInfo::default(),
            })
            .collect();
        Timing {
            program,
            slots,
            deps,
            schedulers: config.schedulers() as usize,
            policy: config.policy(),
            config: config.clone(),
        }
    }

    #[inline]
    fn deps(&self, s: &SlotInfo) -> &[u8] {
        let a = s.first as usize;
        self.deps.get(a..a + s.ndeps as usize).unwrap_or(&[])
    }

    /// Execute the warp's next instruction and work out when it can issue; `false` when the
    /// warp has ended (exited, faulted, or at the step limit), with its status set.
    #[inline(always)]
    fn fetch(
        &self,
        w: &mut WarpSlot,
        wi: usize,
        since: u64,
        max_steps: u64,
    ) -> Result<bool, TimingError> {
        if w.steps >= max_steps {
            // As `Warp::run`: a warp standing at the end of the code has exited.
            w.status = Some(if w.warp.pc() as usize == self.program.len() {
                RunStatus::Exited
            } else {
                RunStatus::StepLimit
            });
            return Ok(false);
        }
        let pc = w.warp.pc();
        let k = (pc >> 2) as usize;
        let info = match self.slots.get(k) {
            Some(s) if s.flags & DECODED != 0 && pc & 3 == 0 => Some(s),
            _ => None,
        };
        let lanes = w.warp.exec().count_ones() as u8;
        let mut reg_until = 0u64;
        let (mut idx_read, mut idx_write) = (None, None);
        if let Some(s) = info {
            for &d in self.deps(s) {
                reg_until = reg_until.max(w.done_at[d as usize]);
            }
            if s.flags & INDEXED != 0 {
                (idx_read, idx_write) = self.resolve(pc, &w.warp);
                for d in [idx_read, idx_write].into_iter().flatten() {
                    reg_until = reg_until.max(w.done_at[d as usize]);
                }
            }
        }
        match w.warp.step(self.program) {
            StepResult::Running => {}
            StepResult::Exited => {
                w.status = Some(RunStatus::Exited);
                return Ok(false);
            }
            StepResult::Faulted(f) => {
                w.status = Some(RunStatus::Faulted(f));
                return Ok(false);
            }
        }
        // The simulator executes only instructions that decode, so `info` is there; an
        // `async:*` variant would have no latency (none executes today).
        if !matches!(info, Some(s) if s.latency > 0) {
            return Err(self.untimed(wi, pc));
        }
        w.steps += 1;
        w.head = Head {
            slot: k as u32,
            pc,
            since,
            reg_until,
            ready: since.max(w.branch_until).max(reg_until),
            lanes,
            idx_read,
            idx_write,
        };
        Ok(true)
    }

    /// The registers a `movrel` at `pc` names, with U[index] as it is now: its value at
    /// issue (nothing of this warp executes in between, and the index register is itself a
    /// read).
    #[cold]
    fn resolve(&self, pc: u32, warp: &Warp) -> (Option<u8>, Option<u8>) {
        let Some(inst) = self.program.inst_at(pc) else {
            return (None, None);
        };
        let find = |set: warpkit_encoding::RegSet| {
            let r = set.iter().find(|r| matches!(r, Reg::VIndexed { .. }))?;
            match r.resolve(warp.uregs(), warp.vgprs()) {
                Some(v @ Reg::V(_)) => sb_index(v),
                _ => None,
            }
        };
        (find(inst.reads()), find(inst.writes()))
    }

    #[cold]
    fn untimed(&self, warp: usize, pc: u32) -> TimingError {
        TimingError::Untimed {
            warp,
            pc,
            id: self.program.inst_at(pc).map_or(InsnId(0), |i| i.id),
        }
    }

    /// The unit whose write completes at `until` among the registers of the head (the first
    /// in the database's order): the producer the warp waited for.
    #[cold]
    fn producer(&self, w: &WarpSlot, s: &SlotInfo, until: u64) -> u8 {
        let h = &w.head;
        self.deps(s)
            .iter()
            .copied()
            .chain(h.idx_read)
            .chain(h.idx_write)
            .find(|&d| w.done_at[d as usize] == until)
            .map_or(0, |d| w.by_unit[d as usize])
    }

    /// Issue the warp's head in cycle `t`.
    #[inline]
    fn issue<O: Observer>(&self, w: &mut WarpSlot, wi: usize, si: usize, t: u64, obs: &mut O) {
        let h = w.head;
        // `fetch` made a head only from a decoded slot.
        let Some(s) = self.slots.get(h.slot as usize) else {
            return;
        };
        // The waits, as `Issue::waits` splits them.
        let b = w.branch_until.clamp(h.since, t);
        let r = h.reg_until.clamp(b, t);
        let reg_unit = if r > b {
            let u = self.producer(w, s, h.reg_until);
            if let Some(x) = w.register.get_mut(u as usize) {
                *x += r - b;
            }
            u
        } else {
            0
        };
        w.branch += b - h.since;
        w.other_warp += t - r;
        obs.issue(&Issue {
            warp: wi as u32,
            scheduler: si as u32,
            pc: h.pc,
            id: s.id,
            since: h.since,
            branch_until: w.branch_until,
            reg_until: h.reg_until,
            reg_unit,
            cycle: t,
            latency: s.latency,
            unit: s.unit,
            lanes: h.lanes,
        });
        let done = t + s.latency as u64;
        let writes = &self.deps(s)[..s.nwrites as usize];
        for &d in writes.iter().chain(h.idx_write.as_ref()) {
            w.done_at[d as usize] = done;
            w.by_unit[d as usize] = s.unit;
        }
        if s.flags & CONTROL != 0 {
            w.branch_until = done;
        }
        w.last_issue = Some(t);
        w.cycles = w.cycles.max(done);
        w.lanes[(h.lanes as usize).min(LANES)] += 1;
    }

    /// Time `warps` (warp i on scheduler i mod S), each for at most `max_steps`
    /// instructions, reporting every issue to `obs`.
    pub fn run<O: Observer>(
        &self,
        warps: Vec<Warp>,
        max_steps: u64,
        obs: &mut O,
    ) -> Result<TimingRun, TimingError> {
        let nunits = units().len();
        let ns = self.schedulers;
        obs.start(warps.len(), ns);
        let mut ws: Vec<WarpSlot> = warps
            .into_iter()
            .map(|warp| WarpSlot {
                warp,
                done_at: [0; SB_LEN],
                by_unit: [0; SB_LEN],
                steps: 0,
                status: None,
                head: Head::default(),
                branch_until: 0,
                last_issue: None,
                cycles: 0,
                register: vec![0; nunits],
                branch: 0,
                other_warp: 0,
                lanes: [0; LANES + 1],
            })
            .collect();
        let mut scheds: Vec<Scheduler> = (0..ns)
            .map(|s| {
                let warps: Vec<u32> = (s..ws.len()).step_by(ns).map(|i| i as u32).collect();
                Scheduler {
                    ready: vec![0; warps.len().div_ceil(64)],
                    warps,
                    ready_count: 0,
                    pending: BinaryHeap::new(),
                    last: None,
                }
            })
            .collect();
        let mut live = 0usize;
        for (i, w) in ws.iter_mut().enumerate() {
            if self.fetch(w, i, 0, max_steps)? {
                scheds[i % ns]
                    .pending
                    .push(Reverse((w.head.ready, (i / ns) as u32)));
                live += 1;
            }
        }
        let mut t = 0u64;
        while live > 0 {
            let mut next = u64::MAX;
            for (si, s) in scheds.iter_mut().enumerate() {
                while let Some(&Reverse((r, l))) = s.pending.peek() {
                    if r > t {
                        break;
                    }
                    s.pending.pop();
                    s.set(l as usize);
                }
                if let Some(l) = s.pick(self.policy) {
                    s.clear(l);
                    s.last = Some(l);
                    let wi = s.warps[l] as usize;
                    let w = &mut ws[wi];
                    self.issue(w, wi, si, t, obs);
                    if self.fetch(w, wi, t + 1, max_steps)? {
                        // This scheduler picks next at t + 1 or later: a warp ready by
                        // then joins the ready set at once, without the heap.
                        if w.head.ready <= t + 1 {
                            s.set(l);
                        } else {
                            s.pending.push(Reverse((w.head.ready, l as u32)));
                        }
                    } else {
                        live -= 1;
                    }
                }
                if s.ready_count > 0 {
                    next = next.min(t + 1);
                } else if let Some(&Reverse((r, _))) = s.pending.peek() {
                    next = next.min(r);
                }
            }
            // Every live warp is ready or pending, so `next` is finite and after `t`.
            t = next;
        }
        let cycles = ws.iter().map(|w| w.cycles).max().unwrap_or(0);
        let mut reports = Vec::with_capacity(ws.len());
        let mut results = Vec::with_capacity(ws.len());
        for (i, w) in ws.into_iter().enumerate() {
            let status = w.status.unwrap_or(RunStatus::StepLimit);
            reports.push(WarpReport {
                warp: i,
                scheduler: i % ns,
                status,
                cycles: w.cycles,
                instructions: w.steps,
                stalls: Stalls {
                    register: w.register,
                    branch: w.branch,
                    other_warp: w.other_warp,
                    finished: cycles.saturating_sub(w.last_issue.map_or(0, |l| l + 1)),
                },
                active_lanes: w.lanes,
            });
            results.push(WarpResult {
                warp: w.warp,
                outcome: RunOutcome {
                    status,
                    steps: w.steps,
                },
            });
        }
        Ok(TimingRun {
            report: Report::new(cycles, &self.config, reports),
            results,
        })
    }
}
