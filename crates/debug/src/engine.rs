//! The engine: the schedule, stops, motions forward and back, checkpoints.
//!
//! # Time
//! Time is one schedule of all launched warps: **round-robin, one attempt per live warp
//! per round, in warp-index order**. An attempt is one instruction executed, or one
//! instruction that faults (the warp then ends). A warp is live while it has not faulted,
//! its PC is not the end of the code (it exited) and its step count is below the
//! session's step limit. The **position** is the number of attempts made since launch;
//! every position names exactly one state of every warp (`goto`).
//!
//! # How it runs fast
//! Warps share nothing but the program, so a stretch of whole rounds is run warp by warp
//! on the simulator's fast path (`Warp::run`); only where something must be looked at is
//! an instruction run one at a time. Those places are found like software breakpoints:
//! a second copy of the program has an undecodable word at each of them (breakpoints,
//! calls and indirect jumps for the call frames, instructions that may write a watched
//! register), so the fast path stops there with a precise fault that changed nothing,
//! and the engine executes the real instruction itself. When some warp meets an event
//! inside a stretch, the earliest event in schedule order wins and the stretch is run
//! again up to exactly that position.
//!
//! # Reverse
//! Checkpoints (a clone of every warp) are taken every `checkpoint_interval` attempts;
//! going back restores the latest checkpoint before the target and replays. Within the
//! memory budget old checkpoints are thinned so that their spacing grows with their
//! distance from the present. Reverse searches (`reverse-continue`, `last-write`) replay
//! the stretch between two checkpoints and keep the last event, stretch by stretch
//! backwards.

use crate::expr::Expr;
use crate::loc::StatePlace;
use crate::target::Target;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use warpkit_encoding::{decode, Inst, Reg};
use warpkit_isa::Flags;
use warpkit_sim::state::{parse_state, state_to_json, Launch};
use warpkit_sim::{
    Commit, Fault, FaultCause, Program, RunOutcome, RunStatus, StepResult, Warp, WarpResult,
};

/// Most call frames kept per warp (older ones are forgotten): bounds memory under runaway
/// recursion.
pub const MAX_FRAMES: usize = 256;

/// Session settings.
#[derive(Clone, Debug)]
pub struct DebugConfig {
    /// Memory for checkpoints and the live state, bytes (the launch state is kept whatever
    /// its size).
    pub budget_bytes: usize,
    /// A warp stops (status `step_limit`) when its step count reaches this.
    pub max_steps: u64,
    /// Attempts between checkpoints.
    pub checkpoint_interval: u64,
}

impl Default for DebugConfig {
    fn default() -> Self {
        DebugConfig {
            budget_bytes: 64 << 20,
            max_steps: warpkit_sim::DEFAULT_MAX_STEPS,
            checkpoint_interval: 1 << 20,
        }
    }
}

/// A call the engine saw a warp make (`jal` / `jalr`), not yet returned from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Frame {
    /// PC of the call instruction.
    pub call_pc: u32,
    /// Where the callee returns to.
    pub return_pc: u32,
    /// The callee's entry.
    pub target: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WarpEnd {
    Faulted(Fault),
    /// Ended by the state file it was launched from.
    Exited,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct TrackedWarp {
    warp: Warp,
    ended: Option<WarpEnd>,
    /// Attempts this warp made since launch.
    attempts: u64,
    frames: Vec<Frame>,
}

/// Every warp at one position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct World {
    pos: u64,
    /// The next attempt goes to the first live warp at or after this index (else a new
    /// round starts at warp 0).
    cursor: usize,
    slots: Vec<TrackedWarp>,
}

impl World {
    fn bytes(&self) -> usize {
        std::mem::size_of::<World>()
            + self
                .slots
                .iter()
                .map(|s| {
                    std::mem::size_of::<TrackedWarp>()
                        + std::mem::size_of_val(s.warp.vregs())
                        + s.frames.capacity() * std::mem::size_of::<Frame>()
                })
                .sum::<usize>()
    }
}

/// How a warp stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WarpStatus {
    /// It takes part in the schedule.
    Live,
    Exited,
    Faulted,
    /// Its step count reached the session's limit.
    StepLimit,
}

impl WarpStatus {
    pub fn name(self) -> &'static str {
        match self {
            WarpStatus::Live => "live",
            WarpStatus::Exited => "exited",
            WarpStatus::Faulted => "faulted",
            WarpStatus::StepLimit => "step_limit",
        }
    }
}

/// When a breakpoint's hits make it stop (DAP's hit condition, gdb's ignore count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "op", content = "n", rename_all = "snake_case")]
pub enum HitCondition {
    /// On the n-th hit and after (`N`, `>=N`).
    AtLeast(u64),
    /// On the n-th hit only (`==N`).
    Exactly(u64),
    /// After the n-th (`>N`).
    After(u64),
    /// Every n-th (`%N`).
    Every(u64),
}

impl HitCondition {
    pub fn parse(s: &str) -> Result<HitCondition, String> {
        let t = s.trim();
        let (ctor, num): (fn(u64) -> HitCondition, &str) = if let Some(n) = t.strip_prefix(">=") {
            (HitCondition::AtLeast, n)
        } else if let Some(n) = t.strip_prefix("==") {
            (HitCondition::Exactly, n)
        } else if let Some(n) = t.strip_prefix('>') {
            (HitCondition::After, n)
        } else if let Some(n) = t.strip_prefix('%') {
            (HitCondition::Every, n)
        } else {
            (HitCondition::AtLeast, t)
        };
        let n: u64 = num
            .trim()
            .parse()
            .map_err(|_| format!("hit condition `{t}`: expected N, >=N, ==N, >N or %N"))?;
        if matches!(ctor(0), HitCondition::Every(_)) && n == 0 {
            return Err("hit condition `%0`: the period must be at least 1".into());
        }
        Ok(ctor(n))
    }

    fn stops(self, hits: u64) -> bool {
        match self {
            HitCondition::AtLeast(n) => hits >= n,
            HitCondition::Exactly(n) => hits == n,
            HitCondition::After(n) => hits > n,
            HitCondition::Every(n) => hits.is_multiple_of(n.max(1)),
        }
    }
}

/// What a breakpoint watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BreakKind {
    /// Stop before a warp executes an instruction at one of these PCs.
    Code { pcs: Vec<u32> },
    /// Stop after an instruction changed this location.
    Watch { loc: StatePlace },
}

/// A breakpoint or watchpoint.
#[derive(Clone, Debug, Serialize)]
pub struct Breakpoint {
    pub id: u32,
    pub kind: BreakKind,
    /// As the user wrote it (`ffma*`, `loop`, `prog.s:12`, `v3[5]`).
    pub spec: String,
    /// Only this warp (else any).
    pub warp: Option<usize>,
    pub condition: Option<String>,
    #[serde(skip)]
    cond: Option<Expr>,
    pub hit_condition: Option<HitCondition>,
    /// Times it was reached with its condition true (counted in forward execution).
    pub hits: u64,
    pub enabled: bool,
    /// Deleted after its first stop (`tbreak`).
    pub temporary: bool,
}

/// Which faults stop execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultCatch {
    None,
    Any,
    Causes(Vec<FaultCause>),
}

impl FaultCatch {
    fn catches(&self, c: FaultCause) -> bool {
        match self {
            FaultCatch::None => false,
            FaultCatch::Any => true,
            FaultCatch::Causes(v) => v.contains(&c),
        }
    }
}

/// A fault, for views.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FaultView {
    pub cause: u32,
    /// `IllegalInsn`, `FetchFault`.
    pub name: &'static str,
    pub pc: u32,
    pub word: String,
    /// Why, in words.
    pub reason: String,
}

impl From<&Fault> for FaultView {
    fn from(f: &Fault) -> FaultView {
        FaultView {
            cause: f.cause.code(),
            name: f.cause.name(),
            pc: f.pc,
            word: f.word_hex(),
            reason: f.reason.to_string(),
        }
    }
}

/// Why execution stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum StopReason {
    /// A step, next, finish or until ended normally.
    Step,
    Breakpoint {
        id: u32,
    },
    /// A watched location changed (`old`, `new`: its values, one per lane for a vector).
    Watchpoint {
        id: u32,
        loc: StatePlace,
        old: Vec<u64>,
        new: Vec<u64>,
    },
    Fault {
        fault: FaultView,
    },
    /// The frame being finished returned.
    Returned,
    /// `until` / `advance` reached its location.
    Location,
    /// The warp being stepped ended.
    WarpEnded,
    /// No warp is live any more.
    AllEnded,
    /// Going back reached the launch.
    HistoryStart,
    /// `goto`.
    Goto,
    Interrupted,
}

/// Where and why execution stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stop {
    pub position: u64,
    /// The warp the stop concerns (the one that hit the breakpoint, changed the watched
    /// value, faulted, or was stepped).
    pub warp: Option<usize>,
    #[serde(flatten)]
    pub reason: StopReason,
    /// The other breakpoints or watchpoints that stopped at the same attempt (several at one
    /// address, or one instruction changing several watched places); `reason` is the first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<StopReason>,
}

impl Stop {
    fn new(position: u64, warp: Option<usize>, reason: StopReason) -> Stop {
        Stop {
            position,
            warp,
            reason,
            also: Vec::new(),
        }
    }

    /// The ids of every breakpoint and watchpoint this stop reports, `reason` first.
    pub fn hit_ids(&self) -> Vec<u32> {
        std::iter::once(&self.reason)
            .chain(&self.also)
            .filter_map(|r| match r {
                StopReason::Breakpoint { id } | StopReason::Watchpoint { id, .. } => Some(*id),
                _ => None,
            })
            .collect()
    }
}

/// The last write of a location (`last-write`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WriteInfo {
    /// The attempt that wrote: the position before it.
    pub position: u64,
    pub warp: usize,
    /// The warp's step count before the instruction (the commit log's `step`).
    pub step: u64,
    pub pc: u32,
    /// The location's value after the write.
    pub value: Vec<u64>,
}

/// One warp, for views.
#[derive(Clone, Debug, Serialize)]
pub struct WarpView {
    pub index: usize,
    pub status: WarpStatus,
    pub pc: u32,
    pub steps: u64,
    /// Instructions attempted under the schedule since launch (a faulting one counts).
    pub attempts: u64,
    pub exec: u32,
    pub active_lanes: u32,
    pub fault: Option<FaultView>,
    pub frames: Vec<Frame>,
    /// Whether this warp makes the next attempt.
    pub next: bool,
}

/// Checkpoint store figures.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct HistoryStats {
    pub checkpoints: usize,
    /// Checkpoints plus the live state (and its working copy).
    pub bytes: usize,
    /// The budget asked for. `bytes` exceeds it when the launch alone needs more: the
    /// launch checkpoint and the live state are kept whatever the budget.
    pub budget_bytes: usize,
    /// Positions of the oldest and newest checkpoint.
    pub first: u64,
    pub last: u64,
}

// ---------------------------------------------------------------------------------------
// Static facts and the patched program.

const P_BP: u8 = 1;
const P_TEMP: u8 = 2;
const P_CALL: u8 = 4;
const P_RET: u8 = 8;
const P_WATCH: u8 = 16;
const P_SCAN: u8 = 32;
/// An 8-byte instruction whose second word is patched: run it on the real program.
const P_GUARD: u8 = 64;

/// An even-opcode (4-byte) word that does not decode, whatever follows it.
fn trap_word() -> u32 {
    (0u32..1 << 20)
        .map(|k| k << 7 | 0x7e)
        .chain((0u32..).step_by(2))
        .find(|w| decode(&w.to_le_bytes()).is_err())
        .unwrap_or(0)
}

/// Whether `inst` may write (part of) `loc`.
fn may_write(inst: &Inst, loc: StatePlace) -> bool {
    let vr = loc.vregs();
    let ur = loc.uregs();
    inst.writes().iter().any(|r| match r {
        // Every register of a pair or group is an entry of its own.
        Reg::V(n) => vr.contains(&n),
        Reg::VIndexed { .. } | Reg::VRun(_) => !vr.is_empty(),
        Reg::U(n) => ur.contains(&n),
        Reg::Exec => matches!(loc, StatePlace::Exec { .. }),
        Reg::Fflags => matches!(loc, StatePlace::Fflags { .. }),
        Reg::Mode => matches!(loc, StatePlace::Mode | StatePlace::Rm | StatePlace::Rm16),
        Reg::Pc => matches!(loc, StatePlace::Pc),
        Reg::CodeBase => false,
    }) || matches!(loc, StatePlace::Pc | StatePlace::Steps)
}

/// What one motion looks for.
#[derive(Clone, Debug, Default)]
struct MotionGoal {
    /// Report events at all (off when replaying to a position).
    events: bool,
    /// User breakpoints, watchpoints and fault catching.
    user: bool,
    /// (warp, pcs, deepest frame count): stop before that warp runs one of the pcs.
    temp: Option<(usize, Vec<u32>, usize)>,
    /// (warp, depth): stop after an attempt of the warp leaves at most `depth` frames.
    frame_return: Option<(usize, usize)>,
    /// (warp, attempts): stop when the warp's attempts reach the count.
    step_of: Option<(usize, u64)>,
    /// (warp, depth): stop before a call of the warp made with `depth` frames.
    call_from: Option<(usize, usize)>,
    /// (warp, loc): stop after an attempt of the warp whose commit record writes loc.
    write: Option<(usize, StatePlace)>,
    /// Stop when this warp ends.
    warp_end: Option<usize>,
}

impl MotionGoal {
    fn replay() -> MotionGoal {
        MotionGoal::default()
    }
}

/// A watched place that one attempt changed.
#[derive(Clone, Debug, PartialEq, Eq)]
struct WatchHit {
    id: u32,
    loc: StatePlace,
    old: Vec<u64>,
    new: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Ev {
    /// Every breakpoint at the PC whose condition holds, in creation order.
    Bp(Vec<u32>),
    /// Every watched place the attempt changed (condition holding), in creation order.
    Watch(Vec<WatchHit>),
    Fault(Fault),
    Temp,
    CallFrom,
    FrameReturn,
    StepDone,
    WarpEnded,
    Write {
        step: u64,
        pc: u32,
        value: Vec<u64>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Side {
    Before = 0,
    After = 1,
}

/// The engine's view of the program: the real one, the patched one, per-slot flags.
struct ProgramView {
    real: Program,
    patched: Program,
    /// Flags of every 4-byte slot the patched program traps at.
    flags: Vec<u8>,
    /// The flags without the per-motion ones (calls, returns, guards of those).
    static_flags: Vec<u8>,
    trap: u32,
    max_steps: u64,
    code_len: usize,
    bps: Vec<Breakpoint>,
    catch: FaultCatch,
}

impl ProgramView {
    fn flag(&self, pc: u32) -> u8 {
        if pc & 3 != 0 {
            return 0;
        }
        self.flags.get((pc >> 2) as usize).copied().unwrap_or(0)
    }

    fn live(&self, s: &TrackedWarp) -> bool {
        s.ended.is_none()
            && s.warp.pc() as usize != self.code_len
            && s.warp.steps() < self.max_steps
    }

    fn status(&self, s: &TrackedWarp) -> WarpStatus {
        match s.ended {
            Some(WarpEnd::Faulted(_)) => WarpStatus::Faulted,
            Some(WarpEnd::Exited) => WarpStatus::Exited,
            None if s.warp.pc() as usize == self.code_len => WarpStatus::Exited,
            None if s.warp.steps() >= self.max_steps => WarpStatus::StepLimit,
            None => WarpStatus::Live,
        }
    }

    /// Before-events at the warp's PC (a trapped slot).
    fn before_event(&self, u: usize, s: &TrackedWarp, ctx: &MotionGoal) -> Option<Ev> {
        let pc = s.warp.pc();
        if ctx.user {
            let ids: Vec<u32> = self
                .bps
                .iter()
                .filter(|bp| match &bp.kind {
                    BreakKind::Code { pcs } => {
                        bp.enabled
                            && bp.warp.is_none_or(|w| w == u)
                            && pcs.binary_search(&pc).is_ok()
                            // A condition that cannot be evaluated stops (and the front end
                            // shows why).
                            && bp.cond.as_ref().is_none_or(|c| c.eval(&s.warp) != Ok(0))
                    }
                    BreakKind::Watch { .. } => false,
                })
                .map(|bp| bp.id)
                .collect();
            if !ids.is_empty() {
                return Some(Ev::Bp(ids));
            }
        }
        if let Some((w, pcs, depth)) = &ctx.temp {
            if *w == u && s.frames.len() <= *depth && pcs.binary_search(&pc).is_ok() {
                return Some(Ev::Temp);
            }
        }
        if let Some((w, d)) = ctx.call_from {
            if w == u && self.flag(pc) & P_CALL != 0 && s.frames.len() == d {
                return Some(Ev::CallFrom);
            }
        }
        None
    }

    /// One attempt on the real program, with the bookkeeping and after-events.
    fn attempt(
        &self,
        u: usize,
        s: &mut TrackedWarp,
        ctx: &MotionGoal,
        commit: &mut Commit,
    ) -> Option<Ev> {
        let pc = s.warp.pc();
        let f = self.flag(pc);
        let watches: Vec<(u32, StatePlace, Vec<u64>)> = if ctx.user && f & P_WATCH != 0 {
            self.bps
                .iter()
                .filter(|b| b.enabled && b.warp.is_none_or(|w| w == u))
                .filter_map(|b| match b.kind {
                    BreakKind::Watch { loc } => Some((b.id, loc, loc.read(&s.warp))),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        let scan = match ctx.write {
            Some((w, loc)) if w == u && f & P_SCAN != 0 => Some(loc),
            _ => None,
        };
        let r = if scan.is_some() {
            s.warp.step_logged(&self.real, commit)
        } else {
            s.warp.step(&self.real)
        };
        s.attempts += 1;
        match r {
            StepResult::Running => {
                let next = s.warp.pc();
                if f & P_CALL != 0 {
                    if s.frames.len() == MAX_FRAMES {
                        s.frames.remove(0);
                    }
                    let size = self.real.inst_at(pc).map_or(4, |i| i.desc().size as u32);
                    s.frames.push(Frame {
                        call_pc: pc,
                        return_pc: pc.wrapping_add(size),
                        target: next,
                    });
                } else if f & P_RET != 0 {
                    if let Some(k) = s.frames.iter().rposition(|fr| fr.return_pc == next) {
                        s.frames.truncate(k);
                    }
                }
            }
            StepResult::Exited => {}
            StepResult::Faulted(fault) => {
                s.ended = Some(WarpEnd::Faulted(fault));
                if ctx.user && self.catch.catches(fault.cause) {
                    return Some(Ev::Fault(fault));
                }
            }
        }
        let hits: Vec<WatchHit> = watches
            .into_iter()
            .filter_map(|(id, loc, old)| {
                let new = loc.read(&s.warp);
                let cond_ok = self
                    .bps
                    .iter()
                    .find(|b| b.id == id)
                    .and_then(|b| b.cond.as_ref())
                    .is_none_or(|c| c.eval(&s.warp) != Ok(0));
                (new != old && cond_ok).then_some(WatchHit { id, loc, old, new })
            })
            .collect();
        if !hits.is_empty() {
            return Some(Ev::Watch(hits));
        }
        if let (Some(loc), StepResult::Running) = (scan, r) {
            if commit_writes(commit, loc) {
                return Some(Ev::Write {
                    step: commit.step,
                    pc,
                    value: loc.read(&s.warp),
                });
            }
        }
        if let Some((w, d)) = ctx.frame_return {
            if w == u && s.frames.len() <= d {
                return Some(Ev::FrameReturn);
            }
        }
        if let Some((w, n)) = ctx.step_of {
            if w == u && s.attempts >= n {
                return Some(Ev::StepDone);
            }
        }
        if ctx.warp_end == Some(u) && !self.live(s) {
            return Some(Ev::WarpEnded);
        }
        None
    }

    /// Run warp `u` for up to `n` attempts, stopping at its first event. `skip0`: no
    /// before-event at the first attempt (the position the motion starts from).
    fn run_local(
        &self,
        u: usize,
        s: &mut TrackedWarp,
        n: u64,
        ctx: &MotionGoal,
        mut skip0: bool,
        commit: &mut Commit,
    ) -> (u64, Option<(Side, Ev)>) {
        let mut done = 0u64;
        let mut real_fault = false;
        loop {
            if done >= n || !self.live(s) {
                return (done, None);
            }
            if self.flag(s.warp.pc()) != 0 || real_fault {
                if ctx.events && !skip0 {
                    if let Some(e) = self.before_event(u, s, ctx) {
                        return (done, Some((Side::Before, e)));
                    }
                }
                skip0 = false;
                real_fault = false;
                let e = self.attempt(u, s, ctx, commit);
                done += 1;
                if ctx.events {
                    if let Some(e) = e {
                        return (done, Some((Side::After, e)));
                    }
                }
                continue;
            }
            skip0 = false;
            let mut budget = (n - done).min(self.max_steps - s.warp.steps());
            // A step of this warp ends after a counted number of attempts.
            let step_target = ctx.step_of.filter(|&(w, _)| w == u).map(|(_, t)| t);
            if let Some(t) = step_target {
                budget = budget.min(t.saturating_sub(s.attempts));
            }
            // The interpreter, whatever engine `Warp::run` has (docs/simulator.md).
            let RunOutcome { status, steps } = s.warp.interpret(&self.patched, budget);
            done += steps;
            s.attempts += steps;
            if let RunStatus::Faulted(_) = status {
                // A trap word, or a real fault (redone on the real program for its cause).
                real_fault = self.flag(s.warp.pc()) == 0;
            }
            if ctx.events && steps > 0 {
                if step_target.is_some_and(|t| s.attempts >= t) {
                    return (done, Some((Side::After, Ev::StepDone)));
                }
                if ctx.warp_end == Some(u) && !self.live(s) {
                    return (done, Some((Side::After, Ev::WarpEnded)));
                }
            }
        }
    }
}

fn commit_writes(c: &Commit, loc: StatePlace) -> bool {
    let vr = loc.vregs();
    let ur = loc.uregs();
    let lane_ok = |mask: u32| match loc.lane() {
        Some(l) => mask >> l & 1 == 1,
        None => true,
    };
    match loc {
        StatePlace::V { .. } | StatePlace::VHalf { .. } | StatePlace::VPair { .. } => c
            .v_writes()
            .iter()
            .any(|w| vr.contains(&w.reg) && lane_ok(w.mask)),
        StatePlace::U { .. } | StatePlace::UPair { .. } => {
            c.u_writes().iter().any(|w| ur.contains(&w.reg))
        }
        StatePlace::Exec { .. } => c.exec_write().is_some(),
        StatePlace::Fflags { mask } => c.fflags_write().is_some_and(|f| f & mask != 0),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------
// Checkpoints.

struct Checkpoint {
    world: World,
    /// Made by `set`: the history differs from replay here, so it is never thinned.
    pinned: bool,
    bytes: usize,
}

struct Checkpoints {
    cps: BTreeMap<u64, Checkpoint>,
    bytes: usize,
    /// Bytes of the budget set aside for the live state.
    reserve: usize,
    budget: usize,
    /// The session's whole budget, as asked ([`DebugConfig::budget_bytes`]).
    asked: usize,
    interval: u64,
}

impl Checkpoints {
    fn latest_le(&self, pos: u64) -> &Checkpoint {
        self.cps
            .range(..=pos)
            .next_back()
            .or_else(|| self.cps.iter().next())
            .map(|(_, c)| c)
            .expect("the launch checkpoint is never removed")
    }

    fn latest_lt(&self, pos: u64) -> Option<u64> {
        self.cps.range(..pos).next_back().map(|(p, _)| *p)
    }

    fn insert(&mut self, world: &World, pinned: bool) {
        let bytes = world.bytes();
        if let Some(old) = self.cps.insert(
            world.pos,
            Checkpoint {
                world: world.clone(),
                pinned,
                bytes,
            },
        ) {
            self.bytes -= old.bytes;
        }
        self.bytes += bytes;
    }

    fn maybe_insert(&mut self, world: &World) {
        let last = self
            .cps
            .range(..=world.pos)
            .next_back()
            .map_or(0, |(p, _)| *p);
        if world.pos >= last + self.interval {
            self.insert(world, false);
            self.thin(world.pos);
        }
    }

    /// Remove checkpoints until within budget: each time the one whose removal widens the
    /// gap least relative to its distance from the present, so spacing grows
    /// exponentially with age.
    fn thin(&mut self, now: u64) {
        while self.bytes > self.budget {
            let keys: Vec<(u64, bool)> = self.cps.iter().map(|(p, c)| (*p, c.pinned)).collect();
            let mut best: Option<(f64, u64)> = None;
            for i in 1..keys.len() {
                let (p, pinned) = keys[i];
                if pinned {
                    continue;
                }
                let prev = keys[i - 1].0;
                let next = keys.get(i + 1).map_or(now.max(p), |k| k.0);
                let cost = (next - prev) as f64 / (p.abs_diff(now) as f64 + 1.0);
                if best.is_none_or(|(c, _)| cost < c) {
                    best = Some((cost, p));
                }
            }
            let Some((_, p)) = best else { break };
            if let Some(c) = self.cps.remove(&p) {
                self.bytes -= c.bytes;
            }
        }
    }

    fn drop_after(&mut self, pos: u64) {
        let later: Vec<u64> = self.cps.range(pos + 1..).map(|(p, _)| *p).collect();
        for p in later {
            if let Some(c) = self.cps.remove(&p) {
                self.bytes -= c.bytes;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// The engine.

/// How a forward run ended.
#[derive(Debug)]
enum Fwd {
    Event { warp: usize, ev: Ev },
    Limit,
    AllEnded,
    Interrupted,
}

/// A debugging session over one program and its launched warps.
pub struct Engine {
    target: Target,
    sh: ProgramView,
    world: World,
    history: Checkpoints,
    code_base: u64,
    selected: usize,
    next_id: u32,
    commit: Commit,
    chunk: u64,
    /// At the launch (or after `rerun`) with no stop reported yet: the next motion may stop
    /// before the first attempt.
    fresh: bool,
    /// Where the engine is while it runs, for fronts that show progress.
    progress: Option<Arc<AtomicU64>>,
}

impl Engine {
    /// Launch (or resume) the warps of a state file on `target`.
    pub fn new(target: Target, state_json: &str, cfg: DebugConfig) -> Result<Engine, String> {
        let launch = parse_state(state_json).map_err(|e| e.to_string())?;
        Engine::from_launch(target, launch, cfg)
    }

    /// Launch (or resume) parsed warps on `target` (a loader has set their entry, e.g. a
    /// chosen kernel's).
    pub fn from_launch(target: Target, launch: Launch, cfg: DebugConfig) -> Result<Engine, String> {
        if launch.warps.is_empty() {
            return Err("the state file launches no warp".into());
        }
        let slots = launch
            .warps
            .into_iter()
            .zip(launch.status)
            .map(|(warp, st)| TrackedWarp {
                warp,
                ended: match st {
                    Some(RunStatus::Exited) => Some(WarpEnd::Exited),
                    Some(RunStatus::Faulted(f)) => Some(WarpEnd::Faulted(f)),
                    _ => None,
                },
                attempts: 0,
                frames: Vec::new(),
            })
            .collect();
        let real = Program::new(&target.code);
        let trap = trap_word();
        let n = target.code.len().div_ceil(4);
        let mut static_flags = vec![0u8; n];
        for (k, f) in static_flags.iter_mut().enumerate() {
            if let Some(i) = real.inst_at(4 * k as u32) {
                let fl = i.desc().flags;
                if fl.has(Flags::CAL) {
                    *f |= P_CALL;
                } else if fl.has(Flags::IX) {
                    *f |= P_RET;
                }
            }
        }
        let world = World {
            pos: 0,
            cursor: 0,
            slots,
        };
        // The budget covers the live warps and the copy a stretch of rounds keeps too.
        let reserve = 2 * world.bytes();
        let mut history = Checkpoints {
            cps: BTreeMap::new(),
            bytes: 0,
            reserve,
            budget: cfg.budget_bytes.saturating_sub(reserve),
            asked: cfg.budget_bytes,
            interval: cfg.checkpoint_interval.max(1),
        };
        history.insert(&world, true);
        let mut e = Engine {
            sh: ProgramView {
                patched: Program::new(&target.code),
                real,
                flags: Vec::new(),
                static_flags,
                trap,
                max_steps: cfg.max_steps,
                code_len: target.code.len(),
                bps: Vec::new(),
                catch: FaultCatch::Any,
            },
            target,
            world,
            history,
            code_base: launch.code_base,
            selected: 0,
            next_id: 1,
            commit: Commit::new(),
            chunk: cfg.checkpoint_interval.clamp(1, 1 << 22),
            fresh: true,
            progress: None,
        };
        e.repatch(&MotionGoal::replay());
        Ok(e)
    }

    // ----------------------------------------------------------------- queries

    pub fn target(&self) -> &Target {
        &self.target
    }

    pub fn program(&self) -> &Program {
        &self.sh.real
    }

    /// The current position in the schedule.
    pub fn position(&self) -> u64 {
        self.world.pos
    }

    /// A counter that follows the position while a motion runs (another thread reads it to
    /// show progress; it moves between stretches of at most `checkpoint_interval`
    /// attempts, backwards too while a reverse motion replays).
    pub fn position_counter(&mut self) -> Arc<AtomicU64> {
        self.progress
            .get_or_insert_with(|| Arc::new(AtomicU64::new(self.world.pos)))
            .clone()
    }

    pub fn num_warps(&self) -> usize {
        self.world.slots.len()
    }

    pub fn max_steps(&self) -> u64 {
        self.sh.max_steps
    }

    fn check_warp(&self, i: usize) -> Result<(), String> {
        if i < self.world.slots.len() {
            Ok(())
        } else {
            Err(format!(
                "no warp {i}: {} warp{} launched (0..{})",
                self.world.slots.len(),
                if self.world.slots.len() == 1 {
                    " is"
                } else {
                    "s are"
                },
                self.world.slots.len() - 1
            ))
        }
    }

    pub fn warp(&self, i: usize) -> Result<&Warp, String> {
        self.check_warp(i)?;
        Ok(&self.world.slots[i].warp)
    }

    pub fn status(&self, i: usize) -> Result<WarpStatus, String> {
        self.check_warp(i)?;
        Ok(self.sh.status(&self.world.slots[i]))
    }

    pub fn fault(&self, i: usize) -> Result<Option<Fault>, String> {
        self.check_warp(i)?;
        Ok(match self.world.slots[i].ended {
            Some(WarpEnd::Faulted(f)) => Some(f),
            _ => None,
        })
    }

    /// The call frames of warp `i`, outermost first.
    pub fn frames(&self, i: usize) -> Result<&[Frame], String> {
        self.check_warp(i)?;
        Ok(&self.world.slots[i].frames)
    }

    pub fn selected(&self) -> usize {
        self.selected
    }

    pub fn select(&mut self, i: usize) -> Result<(), String> {
        self.check_warp(i)?;
        self.selected = i;
        Ok(())
    }

    /// The warp that makes the next attempt, if any is live.
    pub fn next_warp(&self) -> Option<usize> {
        let n = self.world.slots.len();
        (self.world.cursor..n)
            .chain(0..self.world.cursor.min(n))
            .find(|&u| self.sh.live(&self.world.slots[u]))
    }

    pub fn warp_view(&self, i: usize) -> Result<WarpView, String> {
        self.check_warp(i)?;
        let s = &self.world.slots[i];
        Ok(WarpView {
            index: i,
            status: self.sh.status(s),
            pc: s.warp.pc(),
            steps: s.warp.steps(),
            attempts: s.attempts,
            exec: s.warp.exec(),
            active_lanes: s.warp.exec().count_ones(),
            fault: match &s.ended {
                Some(WarpEnd::Faulted(f)) => Some(f.into()),
                _ => None,
            },
            frames: s.frames.clone(),
            next: self.next_warp() == Some(i),
        })
    }

    pub fn warp_views(&self) -> Vec<WarpView> {
        (0..self.num_warps())
            .filter_map(|i| self.warp_view(i).ok())
            .collect()
    }

    /// The state file of every warp now (what `warpkit run` prints; a valid input).
    pub fn state_json(&self) -> String {
        let results: Vec<WarpResult> = self
            .world
            .slots
            .iter()
            .map(|s| WarpResult {
                warp: s.warp.clone(),
                outcome: RunOutcome {
                    status: match s.ended {
                        Some(WarpEnd::Faulted(f)) => RunStatus::Faulted(f),
                        Some(WarpEnd::Exited) => RunStatus::Exited,
                        None if s.warp.pc() as usize == self.sh.code_len => RunStatus::Exited,
                        None => RunStatus::StepLimit,
                    },
                    steps: s.warp.steps(),
                },
            })
            .collect();
        state_to_json(self.code_base, &results)
    }

    /// The instruction at `pc`: its text and size; `None` where nothing decodes. Branch
    /// and call targets are absolute addresses with the label they are at or after, as gdb
    /// shows them (`bexecz 0x34 <done>`), not the encoded byte offsets.
    pub fn disassemble_at(&self, pc: u32) -> Option<(String, u32)> {
        let inst = self.sh.real.inst_at(pc)?;
        let mut s = String::new();
        // Every PC-relative operand comes out as `L_<hex target>`, replaced below.
        warpkit_asm::format_inst(&inst, pc, Some(&|_| true), &mut s);
        let mut out = String::with_capacity(s.len() + 16);
        let mut rest = s.as_str();
        while let Some(i) = rest.find("L_") {
            out.push_str(&rest[..i]);
            let hex = &rest[i + 2..];
            let n = hex
                .find(|c: char| !c.is_ascii_hexdigit())
                .unwrap_or(hex.len());
            match u32::from_str_radix(&hex[..n], 16) {
                Ok(t) => out.push_str(&self.address_text(t)),
                Err(_) => out.push_str(&rest[i..i + 2 + n]),
            }
            rest = &hex[n..];
        }
        out.push_str(rest);
        Some((out, inst.desc().size as u32))
    }

    /// `0x34 <done>`, `0x1c <loop+16>`, `0x40 <end of code>`, or `0x8` where no label is at
    /// or before it.
    pub fn address_text(&self, pc: u32) -> String {
        match self.symbol_text(pc) {
            Some(sym) => format!("0x{pc:x} {sym}"),
            None => format!("0x{pc:x}"),
        }
    }

    /// `<done>`, `<loop+16>`, `<end of code>` (an exited warp's PC: no label's offset),
    /// or `None` where no label is at or before `pc`.
    pub fn symbol_text(&self, pc: u32) -> Option<String> {
        if pc as usize >= self.target.code.len() {
            return Some("<end of code>".into());
        }
        Some(match self.target.symbolize(pc)? {
            (l, 0) => format!("<{l}>"),
            (l, d) => format!("<{l}+{d}>"),
        })
    }

    /// Evaluate an expression on warp `i`.
    pub fn eval(&self, i: usize, expr: &str) -> Result<i64, String> {
        let e = Expr::parse(expr)?;
        e.eval(self.warp(i)?)
    }

    pub fn history_stats(&self) -> HistoryStats {
        HistoryStats {
            checkpoints: self.history.cps.len(),
            bytes: self.history.bytes + self.history.reserve,
            budget_bytes: self.history.asked,
            first: self.history.cps.keys().next().copied().unwrap_or(0),
            last: self.history.cps.keys().next_back().copied().unwrap_or(0),
        }
    }

    // ----------------------------------------------------------------- breakpoints

    /// The PCs a location names: `*0x10` / `0x10` (an address), `12` or `file.s:12` (a
    /// source line), a label, or a mnemonic, family or glob (`ffma*`, `fadd`: every
    /// instruction of the code whose mnemonic matches).
    pub fn resolve(&self, spec: &str) -> Result<Vec<u32>, String> {
        let s = spec.trim();
        if s.is_empty() {
            return Err("a location is needed: an address, a line, a label or a mnemonic".into());
        }
        let addr = |t: &str| -> Result<Vec<u32>, String> {
            let t = t.trim();
            let v = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                Some(h) => u32::from_str_radix(h, 16),
                None => t.parse(),
            }
            .map_err(|_| format!("`{t}` is not an address"))?;
            if v % 4 != 0 || v as usize >= self.target.code.len() {
                return Err(format!(
                    "address 0x{v:x} is not an instruction slot of the code (0x0..0x{:x}, multiples of 4)",
                    self.target.code.len()
                ));
            }
            Ok(vec![v])
        };
        if let Some(t) = s.strip_prefix('*') {
            return addr(t);
        }
        if s.starts_with("0x") || s.starts_with("0X") {
            return addr(s);
        }
        let line = |file: Option<&str>, n: &str| -> Result<Vec<u32>, String> {
            let n: u32 = n
                .parse()
                .map_err(|_| format!("`{n}` is not a line number"))?;
            if self.target.lines.is_empty() {
                return Err("no line table: the program was not assembled from source here".into());
            }
            if let Some(f) = file {
                if !self.target.lines.has_file(f) {
                    return Err(format!("no source file `{f}` in the line table"));
                }
            }
            let pcs = self.target.lines.offsets_of(file, n);
            if pcs.is_empty() {
                return Err(format!("line {n} has no code"));
            }
            // A line of several instructions (a macro's expansion) stops once, before its
            // first; each separate run of the line's instructions (a macro body line used
            // twice) has its own start.
            let starts = self.target.instruction_starts();
            Ok(pcs
                .iter()
                .copied()
                .filter(|&p| {
                    let i = starts.partition_point(|&q| q < p);
                    i == 0 || !pcs.contains(&starts[i - 1])
                })
                .collect())
        };
        if s.bytes().all(|b| b.is_ascii_digit()) {
            return line(None, s);
        }
        if let Some((f, n)) = s.rsplit_once(':') {
            if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                return line(Some(f), n);
            }
        }
        if let Some(o) = self.target.label(s) {
            return Ok(vec![o]);
        }
        let pat = s.to_ascii_lowercase();
        let matches = |m: &str| {
            if pat.contains(['*', '?']) {
                glob(&pat, m)
            } else {
                m == pat
                    || m.strip_prefix(pat.as_str())
                        .is_some_and(|r| r.starts_with('.'))
            }
        };
        let any_variant = warpkit_isa::INSNS.iter().any(|d| matches(d.mnemonic));
        if !any_variant {
            return Err(format!(
                "no label, line or instruction `{s}` (labels: {})",
                if self.target.labels.is_empty() {
                    "none".to_string()
                } else {
                    self.target
                        .labels
                        .iter()
                        .map(|(n, _)| n.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ));
        }
        let pcs: Vec<u32> = self
            .target
            .instruction_starts()
            .into_iter()
            .filter(|&pc| {
                self.sh
                    .real
                    .inst_at(pc)
                    .is_some_and(|i| matches(i.desc().mnemonic))
            })
            .collect();
        if pcs.is_empty() {
            return Err(format!("no instruction of the code matches `{s}`"));
        }
        Ok(pcs)
    }

    fn add(
        &mut self,
        kind: BreakKind,
        spec: &str,
        warp: Option<usize>,
        cond: Option<&str>,
    ) -> Result<u32, String> {
        if let Some(w) = warp {
            self.check_warp(w)?;
        }
        let cond_expr = cond.map(Expr::parse).transpose()?;
        let id = self.next_id;
        self.next_id += 1;
        self.sh.bps.push(Breakpoint {
            id,
            kind,
            spec: spec.trim().to_string(),
            warp,
            condition: cond.map(|c| c.trim().to_string()),
            cond: cond_expr,
            hit_condition: None,
            hits: 0,
            enabled: true,
            temporary: false,
        });
        Ok(id)
    }

    /// A breakpoint at a location ([`Engine::resolve`]), for one warp or all, with an
    /// optional condition.
    pub fn add_breakpoint(
        &mut self,
        spec: &str,
        warp: Option<usize>,
        cond: Option<&str>,
    ) -> Result<u32, String> {
        let mut pcs = self.resolve(spec)?;
        pcs.sort_unstable();
        pcs.dedup();
        self.add(BreakKind::Code { pcs }, spec, warp, cond)
    }

    /// A breakpoint at explicit PCs (DAP instruction and source breakpoints).
    pub fn add_breakpoint_pcs(
        &mut self,
        spec: &str,
        mut pcs: Vec<u32>,
        warp: Option<usize>,
        cond: Option<&str>,
    ) -> Result<u32, String> {
        if let Some(bad) = pcs
            .iter()
            .find(|&&p| p % 4 != 0 || p as usize >= self.target.code.len())
        {
            return Err(format!("0x{bad:x} is not an instruction slot of the code"));
        }
        pcs.sort_unstable();
        pcs.dedup();
        self.add(BreakKind::Code { pcs }, spec, warp, cond)
    }

    /// A watchpoint: stop after an instruction changes `loc` (of one warp, or of any).
    pub fn add_watchpoint(
        &mut self,
        loc: &str,
        warp: Option<usize>,
        cond: Option<&str>,
    ) -> Result<u32, String> {
        let l = StatePlace::parse(loc)?;
        // A register no watched warp has can never change.
        let watched: Vec<usize> = match warp {
            Some(w) => vec![w],
            None => (0..self.world.slots.len()).collect(),
        };
        let errs: Vec<String> = watched
            .iter()
            .filter_map(|&w| self.warp(w).and_then(|wp| l.check(wp)).err())
            .collect();
        if errs.len() == watched.len() {
            return Err(errs.into_iter().next().unwrap_or_default());
        }
        self.add(BreakKind::Watch { loc: l }, loc, warp, cond)
    }

    pub fn breakpoints(&self) -> &[Breakpoint] {
        &self.sh.bps
    }

    fn bp_mut(&mut self, id: u32) -> Result<&mut Breakpoint, String> {
        self.sh
            .bps
            .iter_mut()
            .find(|b| b.id == id)
            .ok_or_else(|| format!("no breakpoint {id}"))
    }

    pub fn delete(&mut self, id: u32) -> Result<(), String> {
        self.bp_mut(id)?;
        self.sh.bps.retain(|b| b.id != id);
        Ok(())
    }

    pub fn delete_all(&mut self) {
        self.sh.bps.clear();
    }

    pub fn enable(&mut self, id: u32, on: bool) -> Result<(), String> {
        self.bp_mut(id)?.enabled = on;
        Ok(())
    }

    pub fn set_condition(&mut self, id: u32, cond: Option<&str>) -> Result<(), String> {
        let e = cond.map(Expr::parse).transpose()?;
        let b = self.bp_mut(id)?;
        b.cond = e;
        b.condition = cond.map(|c| c.trim().to_string());
        Ok(())
    }

    pub fn set_hit_condition(&mut self, id: u32, h: Option<HitCondition>) -> Result<(), String> {
        self.bp_mut(id)?.hit_condition = h;
        Ok(())
    }

    pub fn set_temporary(&mut self, id: u32, t: bool) -> Result<(), String> {
        self.bp_mut(id)?.temporary = t;
        Ok(())
    }

    pub fn set_fault_catch(&mut self, c: FaultCatch) {
        self.sh.catch = c;
    }

    pub fn fault_catch(&self) -> &FaultCatch {
        &self.sh.catch
    }

    // ----------------------------------------------------------------- patching

    /// Make the patched program trap where `ctx` and the breakpoints need a look.
    fn repatch(&mut self, ctx: &MotionGoal) {
        let mut flags = self.sh.static_flags.clone();
        let n = flags.len();
        let mark = |pc: u32, bit: u8, flags: &mut Vec<u8>| {
            if let Some(f) = flags.get_mut((pc >> 2) as usize) {
                *f |= bit;
            }
        };
        let watch_locs: Vec<StatePlace> = self
            .sh
            .bps
            .iter()
            .filter(|b| b.enabled)
            .filter_map(|b| match &b.kind {
                BreakKind::Code { pcs } => {
                    for &pc in pcs {
                        mark(pc, P_BP, &mut flags);
                    }
                    None
                }
                BreakKind::Watch { loc } => Some(*loc),
            })
            .collect();
        if let Some((_, pcs, _)) = &ctx.temp {
            for &pc in pcs {
                mark(pc, P_TEMP, &mut flags);
            }
        }
        let scan = ctx.write.map(|(_, l)| l);
        if !watch_locs.is_empty() || scan.is_some() {
            for (k, f) in flags.iter_mut().enumerate() {
                if let Some(i) = self.sh.real.inst_at(4 * k as u32) {
                    if watch_locs.iter().any(|&l| may_write(&i, l)) {
                        *f |= P_WATCH;
                    }
                    if scan.is_some_and(|l| may_write(&i, l)) {
                        *f |= P_SCAN;
                    }
                }
            }
        }
        // An 8-byte instruction whose second word is a trap must not run on the patched
        // program: trap it too (downwards, so chains of such overlaps are covered).
        for k in (0..n.saturating_sub(1)).rev() {
            if flags[k + 1] != 0 && flags[k] == 0 {
                if let Some(i) = self.sh.real.inst_at(4 * k as u32) {
                    if i.desc().size == 8 {
                        flags[k] |= P_GUARD;
                    }
                }
            }
        }
        let traps: Vec<bool> = flags.iter().map(|&f| f != 0).collect();
        let old: Vec<bool> = self.sh.flags.iter().map(|&f| f != 0).collect();
        if traps != old || self.sh.flags.is_empty() {
            let mut code = self.target.code.clone();
            for (k, &t) in traps.iter().enumerate() {
                if t && 4 * k + 4 <= code.len() {
                    code[4 * k..4 * k + 4].copy_from_slice(&self.sh.trap.to_le_bytes());
                }
            }
            self.sh.patched = Program::new(&code);
        }
        self.sh.flags = flags;
    }

    // ----------------------------------------------------------------- running

    fn live_count(&self) -> usize {
        self.world.slots.iter().filter(|s| self.sh.live(s)).count()
    }

    fn normalize_cursor(&mut self) {
        let n = self.world.slots.len();
        if !(self.world.cursor..n).any(|u| self.sh.live(&self.world.slots[u])) {
            self.world.cursor = 0;
        }
    }

    /// Run the schedule forward until an event of `ctx`, the position `limit`, the end of
    /// every warp, or an interrupt. Events at the start position are not reported unless
    /// `include_start`.
    fn forward(
        &mut self,
        ctx: &MotionGoal,
        limit: u64,
        include_start: bool,
        interrupt: Option<&AtomicBool>,
    ) -> Fwd {
        let start = self.world.pos;
        loop {
            if let Some(p) = &self.progress {
                p.store(self.world.pos, Ordering::Relaxed);
            }
            self.normalize_cursor();
            if self.world.pos >= limit {
                return Fwd::Limit;
            }
            let k = self.live_count() as u64;
            if k == 0 {
                return Fwd::AllEnded;
            }
            if interrupt.is_some_and(|f| f.swap(false, Ordering::Relaxed)) {
                return Fwd::Interrupted;
            }
            let skip0 = self.world.pos == start && !include_start;
            let left = limit - self.world.pos;
            if self.world.cursor != 0 || left < k {
                let Some(u) = self.next_warp() else {
                    return Fwd::AllEnded;
                };
                let (done, ev) =
                    self.sh
                        .run_local(u, &mut self.world.slots[u], 1, ctx, skip0, &mut self.commit);
                self.world.pos += done;
                match ev {
                    Some((Side::Before, ev)) => {
                        self.world.cursor = u;
                        return Fwd::Event { warp: u, ev };
                    }
                    Some((Side::After, ev)) => {
                        self.world.cursor = u + 1;
                        self.normalize_cursor();
                        self.history.maybe_insert(&self.world);
                        return Fwd::Event { warp: u, ev };
                    }
                    None => {
                        self.world.cursor = u + 1;
                    }
                }
                self.normalize_cursor();
                self.history.maybe_insert(&self.world);
                continue;
            }
            // Whole rounds from a round boundary: every live warp `q` attempts (fewer if
            // it ends), which is exactly the schedule's next `sum` attempts.
            let q = (left / k).min((self.chunk / k).max(1)).max(1);
            let live: Vec<usize> = (0..self.world.slots.len())
                .filter(|&u| self.sh.live(&self.world.slots[u]))
                .collect();
            let first = live[0];
            let saved: Vec<TrackedWarp> =
                live.iter().map(|&u| self.world.slots[u].clone()).collect();
            let mut best: Option<((u64, usize, Side), Ev)> = None;
            let mut sum = 0;
            for &u in &live {
                let (done, ev) = self.sh.run_local(
                    u,
                    &mut self.world.slots[u],
                    q,
                    ctx,
                    skip0 && u == first,
                    &mut self.commit,
                );
                sum += done;
                if let Some((side, ev)) = ev {
                    let round = match side {
                        Side::Before => done,
                        Side::After => done - 1,
                    };
                    let key = (round, u, side);
                    if best.as_ref().is_none_or(|(b, _)| key < *b) {
                        best = Some((key, ev));
                    }
                }
            }
            match best {
                None => {
                    self.world.pos += sum;
                    self.history.maybe_insert(&self.world);
                }
                Some(((round, w, side), ev)) => {
                    let mut sum = 0;
                    for (&u, s) in live.iter().zip(saved) {
                        self.world.slots[u] = s;
                        let t = round
                            + match u.cmp(&w) {
                                std::cmp::Ordering::Less => 1,
                                std::cmp::Ordering::Equal => side as u64,
                                std::cmp::Ordering::Greater => 0,
                            };
                        let (done, _) = self.sh.run_local(
                            u,
                            &mut self.world.slots[u],
                            t,
                            &MotionGoal::replay(),
                            false,
                            &mut self.commit,
                        );
                        sum += done;
                    }
                    self.world.pos += sum;
                    self.world.cursor = w + side as usize;
                    self.normalize_cursor();
                    self.history.maybe_insert(&self.world);
                    return Fwd::Event { warp: w, ev };
                }
            }
        }
    }

    /// Go to position `pos` (or the last position, if the run ends before it).
    fn seek(&mut self, pos: u64) {
        self.seek_within(pos, None);
    }

    /// [`Self::seek`] that `interrupt` can stop on the way (false: stopped short of `pos`,
    /// at a position between the checkpoint it replayed from and `pos`).
    fn seek_within(&mut self, pos: u64, interrupt: Option<&AtomicBool>) -> bool {
        let cp = self.history.latest_le(pos);
        if !(self.world.pos <= pos && cp.world.pos <= self.world.pos) {
            self.world = cp.world.clone();
        }
        self.repatch(&MotionGoal::replay());
        !matches!(
            self.forward(&MotionGoal::replay(), pos, true, interrupt),
            Fwd::Interrupted
        )
    }

    /// Go to a position of the schedule.
    pub fn goto(&mut self, pos: u64) -> Stop {
        self.goto_within(pos, None)
    }

    /// [`Self::goto`] that `interrupt` can stop: then it stops (reason `Interrupted`) at
    /// the position it had reached.
    pub fn goto_within(&mut self, pos: u64, interrupt: Option<&AtomicBool>) -> Stop {
        self.fresh = false;
        let reason = if !self.seek_within(pos, interrupt) {
            StopReason::Interrupted
        } else if self.world.pos < pos {
            StopReason::AllEnded
        } else {
            StopReason::Goto
        };
        Stop::new(self.world.pos, None, reason)
    }

    /// Back to the launch and on until the first stop, as gdb's `run`: a breakpoint on
    /// the first instruction stops warp 0 before it.
    pub fn rerun(&mut self, interrupt: Option<&AtomicBool>) -> Stop {
        self.seek(0);
        self.fresh = true;
        self.cont(interrupt)
    }

    fn make_stop(&mut self, f: Fwd, stepped: Option<usize>) -> Stop {
        let (warp, mut reasons) = match f {
            Fwd::Event { warp, ev } => (
                Some(warp),
                match ev {
                    Ev::Bp(ids) => ids
                        .into_iter()
                        .map(|id| StopReason::Breakpoint { id })
                        .collect(),
                    Ev::Watch(hits) => hits
                        .into_iter()
                        .map(|h| StopReason::Watchpoint {
                            id: h.id,
                            loc: h.loc,
                            old: h.old,
                            new: h.new,
                        })
                        .collect(),
                    Ev::Fault(f) => vec![StopReason::Fault { fault: (&f).into() }],
                    Ev::Temp => vec![StopReason::Location],
                    Ev::FrameReturn => vec![StopReason::Returned],
                    Ev::StepDone | Ev::CallFrom | Ev::Write { .. } => vec![StopReason::Step],
                    Ev::WarpEnded => vec![StopReason::WarpEnded],
                },
            ),
            Fwd::Limit | Fwd::AllEnded => (stepped, vec![StopReason::AllEnded]),
            Fwd::Interrupted => (stepped, vec![StopReason::Interrupted]),
        };
        if let Some(w) = warp {
            self.selected = w;
        }
        let reason = if reasons.is_empty() {
            StopReason::Step
        } else {
            reasons.remove(0)
        };
        Stop {
            position: self.world.pos,
            warp,
            reason,
            also: reasons,
        }
    }

    /// Run forward with `ctx` plus the user's stops, counting hits and going on past
    /// breakpoints whose hit condition is not met.
    fn run_motion(
        &mut self,
        mut ctx: MotionGoal,
        stepped: Option<usize>,
        interrupt: Option<&AtomicBool>,
    ) -> Stop {
        ctx.events = true;
        self.repatch(&ctx);
        // From the launch (or `rerun`) a stop before warp 0's first instruction counts: no
        // stop was reported there yet. Elsewhere the start is where the last stop was.
        let mut include_start = std::mem::take(&mut self.fresh);
        let f = loop {
            let mut f = self.forward(&ctx, u64::MAX, include_start, interrupt);
            include_start = false;
            let ids: Vec<u32> = match &f {
                Fwd::Event {
                    ev: Ev::Bp(ids), ..
                } => ids.clone(),
                Fwd::Event {
                    ev: Ev::Watch(hits),
                    ..
                } => hits.iter().map(|h| h.id).collect(),
                _ => break f,
            };
            // Every breakpoint reached counts a hit; those whose hit condition holds stop.
            let mut stopping = Vec::new();
            for id in ids {
                if let Some(bp) = self.sh.bps.iter_mut().find(|b| b.id == id) {
                    bp.hits += 1;
                    if bp.hit_condition.is_none_or(|h| h.stops(bp.hits)) {
                        stopping.push(id);
                    }
                }
            }
            if stopping.is_empty() {
                continue;
            }
            if let Fwd::Event { ev, .. } = &mut f {
                match ev {
                    Ev::Bp(ids) => ids.retain(|id| stopping.contains(id)),
                    Ev::Watch(hits) => hits.retain(|h| stopping.contains(&h.id)),
                    _ => {}
                }
            }
            self.sh
                .bps
                .retain(|b| !(b.temporary && stopping.contains(&b.id)));
            break f;
        };
        self.repatch(&MotionGoal::replay());
        self.make_stop(f, stepped)
    }

    fn user_ctx() -> MotionGoal {
        MotionGoal {
            events: true,
            user: true,
            ..MotionGoal::default()
        }
    }

    fn live_warp(&self, w: usize) -> Result<(), String> {
        match self.status(w)? {
            WarpStatus::Live => Ok(()),
            // Every front shows this: name the live warps rather than a front's command.
            s => {
                let live: Vec<usize> = (0..self.world.slots.len())
                    .filter(|&u| self.sh.live(&self.world.slots[u]))
                    .collect();
                let mut names: Vec<String> = live.iter().take(8).map(|u| u.to_string()).collect();
                if live.len() > 8 {
                    names.push("...".into());
                }
                let others = match live.len() {
                    0 => "no warp is live".to_string(),
                    1 => format!("warp {} is live", live[0]),
                    _ => format!("live: warps {}", names.join(", ")),
                };
                Err(format!("warp {w} has ended ({}); {others}", s.name()))
            }
        }
    }

    /// Run the schedule until warp `w` has executed one instruction.
    pub fn step(&mut self, w: usize) -> Result<Stop, String> {
        self.live_warp(w)?;
        let ctx = MotionGoal {
            step_of: Some((w, self.world.slots[w].attempts + 1)),
            ..MotionGoal::default()
        };
        Ok(self.run_motion(ctx, Some(w), None))
    }

    /// Like [`Engine::step`], but a call (`jal`/`jalr`) runs until it returns.
    pub fn next(&mut self, w: usize, interrupt: Option<&AtomicBool>) -> Result<Stop, String> {
        self.live_warp(w)?;
        let s = &self.world.slots[w];
        if self
            .sh
            .static_flags
            .get((s.warp.pc() >> 2) as usize)
            .is_some_and(|f| f & P_CALL != 0)
            && s.warp.pc().is_multiple_of(4)
        {
            let ctx = MotionGoal {
                frame_return: Some((w, s.frames.len())),
                warp_end: Some(w),
                ..Self::user_ctx()
            };
            Ok(self.run_motion(ctx, Some(w), interrupt))
        } else {
            self.step(w)
        }
    }

    /// Run until the current call frame of warp `w` returns.
    pub fn finish(&mut self, w: usize, interrupt: Option<&AtomicBool>) -> Result<Stop, String> {
        self.live_warp(w)?;
        let d = self.world.slots[w].frames.len();
        if d == 0 {
            return Err(format!(
                "warp {w} is in its outermost frame: finish needs a call to return from"
            ));
        }
        let ctx = MotionGoal {
            frame_return: Some((w, d - 1)),
            warp_end: Some(w),
            ..Self::user_ctx()
        };
        Ok(self.run_motion(ctx, Some(w), interrupt))
    }

    /// Run until warp `w` is about to execute an instruction after the current one in its
    /// frame (a loop's back jump does not stop it), or its frame returns.
    pub fn until(&mut self, w: usize, interrupt: Option<&AtomicBool>) -> Result<Stop, String> {
        self.live_warp(w)?;
        let s = &self.world.slots[w];
        let pc = s.warp.pc();
        let pcs: Vec<u32> = self
            .target
            .instruction_starts()
            .into_iter()
            .filter(|&p| p > pc)
            .collect();
        let d = s.frames.len();
        let ctx = MotionGoal {
            temp: Some((w, pcs, d)),
            frame_return: d.checked_sub(1).map(|d| (w, d)),
            warp_end: Some(w),
            ..Self::user_ctx()
        };
        Ok(self.run_motion(ctx, Some(w), interrupt))
    }

    /// Run until warp `w` is about to execute at one of `pcs` (`until LOCATION`,
    /// `advance`), or its current frame returns.
    pub fn advance(
        &mut self,
        w: usize,
        mut pcs: Vec<u32>,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Stop, String> {
        self.live_warp(w)?;
        pcs.sort_unstable();
        let d = self.world.slots[w].frames.len();
        let ctx = MotionGoal {
            temp: Some((w, pcs, usize::MAX)),
            frame_return: d.checked_sub(1).map(|d| (w, d)),
            warp_end: Some(w),
            ..Self::user_ctx()
        };
        Ok(self.run_motion(ctx, Some(w), interrupt))
    }

    /// Run the schedule until a breakpoint, watchpoint, caught fault or the end.
    pub fn cont(&mut self, interrupt: Option<&AtomicBool>) -> Stop {
        self.run_motion(Self::user_ctx(), None, interrupt)
    }

    // ----------------------------------------------------------------- reverse

    /// The last event of `ctx` before position `before` (its position and warp), searched
    /// stretch by stretch backwards; leaves the engine somewhere (callers seek).
    fn find_last(&mut self, ctx: MotionGoal, before: u64) -> Option<(u64, usize, Ev)> {
        self.find_last_within(ctx, before, None).unwrap_or(None)
    }

    /// [`Self::find_last`], stopped early by `interrupt`: then `Err(p)`, where nothing of
    /// `ctx` happens between position `p` and `before`.
    fn find_last_within(
        &mut self,
        mut ctx: MotionGoal,
        before: u64,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Option<(u64, usize, Ev)>, u64> {
        ctx.events = true;
        self.repatch(&ctx);
        let mut hi = before;
        let found = loop {
            let Some(cp) = self.history.latest_lt(hi) else {
                break Ok(None);
            };
            self.world = self.history.cps[&cp].world.clone();
            let mut last = None;
            let mut incl = true;
            let mut cut = false;
            loop {
                match self.forward(&ctx, hi, incl, interrupt) {
                    Fwd::Interrupted => {
                        cut = true;
                        break;
                    }
                    // An event at `hi` is one after the stretch's last attempt: it belongs
                    // here, except at the search's own bound.
                    Fwd::Event { warp, ev }
                        if self.world.pos < hi || (hi < before && self.world.pos == hi) =>
                    {
                        last = Some((self.world.pos, warp, ev));
                        incl = false;
                    }
                    _ => break,
                }
            }
            if cut {
                break Err(hi);
            }
            if last.is_some() {
                break Ok(last);
            }
            hi = cp;
        };
        self.repatch(&MotionGoal::replay());
        found
    }

    /// An interrupted reverse motion: back where it started, nothing moved.
    fn interrupted_at(&mut self, here: u64, w: Option<usize>) -> Stop {
        self.seek(here);
        Stop::new(self.world.pos, w, StopReason::Interrupted)
    }

    /// Back to the position before warp `w`'s previous instruction.
    pub fn reverse_step(&mut self, w: usize) -> Result<Stop, String> {
        self.reverse_step_within(w, None)
    }

    /// [`Self::reverse_step`] that `interrupt` can stop: then it stays where it was
    /// (reason `Interrupted`).
    pub fn reverse_step_within(
        &mut self,
        w: usize,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Stop, String> {
        self.check_warp(w)?;
        self.fresh = false;
        let p = self.world.pos;
        let a = self.world.slots[w].attempts;
        if a == 0 || p == 0 {
            return Ok(self.history_start(w));
        }
        // Between two attempts of a warp every other warp attempts at most once.
        let from = p.saturating_sub(self.world.slots.len() as u64 + 1);
        if !self.seek_within(from, interrupt) {
            return Ok(self.interrupted_at(p, Some(w)));
        }
        let mut found = None;
        while self.world.pos < p {
            if self.next_warp() == Some(w) {
                found = Some(self.world.pos);
            }
            let here = self.world.pos;
            self.forward(&MotionGoal::replay(), here + 1, true, None);
            if self.world.pos == here {
                break;
            }
        }
        let target = match found {
            Some(t) => t,
            None => {
                // The warp's last attempt lies further back: the largest position whose
                // attempt count is below `a` (attempt counts only grow).
                let (mut lo, mut hi) = (0u64, from);
                while lo < hi {
                    let mid = lo + (hi - lo).div_ceil(2);
                    if !self.seek_within(mid, interrupt) {
                        return Ok(self.interrupted_at(p, Some(w)));
                    }
                    if self.world.slots[w].attempts < a {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                lo
            }
        };
        self.seek(target);
        self.selected = w;
        Ok(Stop::new(self.world.pos, Some(w), StopReason::Step))
    }

    fn history_start(&mut self, w: usize) -> Stop {
        self.seek(0);
        Stop::new(0, Some(w), StopReason::HistoryStart)
    }

    /// Back over warp `w`'s previous instruction; a call it returned from is gone back
    /// over whole.
    pub fn reverse_next(&mut self, w: usize) -> Result<Stop, String> {
        self.reverse_next_within(w, None)
    }

    /// [`Self::reverse_next`] that `interrupt` can stop: then it stays where it was
    /// (reason `Interrupted`).
    pub fn reverse_next_within(
        &mut self,
        w: usize,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Stop, String> {
        self.check_warp(w)?;
        let start = self.world.pos;
        let d = self.world.slots[w].frames.len();
        let stop = self.reverse_step_within(w, interrupt)?;
        if stop.reason != StopReason::Step || self.world.slots[w].frames.len() <= d {
            return Ok(stop);
        }
        let here = self.world.pos;
        let ctx = MotionGoal {
            call_from: Some((w, d)),
            ..MotionGoal::default()
        };
        match self.find_last_within(ctx, here, interrupt) {
            Err(_) => Ok(self.interrupted_at(start, Some(w))),
            Ok(Some((pos, _, _))) => {
                self.seek(pos);
                Ok(Stop::new(pos, Some(w), StopReason::Step))
            }
            Ok(None) => {
                self.seek(here);
                Ok(stop)
            }
        }
    }

    /// Back to the call that made warp `w`'s current frame (before it).
    pub fn reverse_finish(&mut self, w: usize) -> Result<Stop, String> {
        self.reverse_finish_within(w, None)
    }

    /// [`Self::reverse_finish`] that `interrupt` can stop: then it stays where it was
    /// (reason `Interrupted`).
    pub fn reverse_finish_within(
        &mut self,
        w: usize,
        interrupt: Option<&AtomicBool>,
    ) -> Result<Stop, String> {
        self.check_warp(w)?;
        let d = self.world.slots[w].frames.len();
        if d == 0 {
            return Err(format!(
                "warp {w} is in its outermost frame: there is no call to go back to"
            ));
        }
        self.fresh = false;
        let here = self.world.pos;
        let ctx = MotionGoal {
            call_from: Some((w, d - 1)),
            ..MotionGoal::default()
        };
        match self.find_last_within(ctx, here, interrupt) {
            Err(_) => Ok(self.interrupted_at(here, Some(w))),
            Ok(Some((pos, _, _))) => {
                self.seek(pos);
                self.selected = w;
                Ok(Stop::new(pos, Some(w), StopReason::Returned))
            }
            Ok(None) => {
                // The call happened before the launch state (a resumed state file).
                self.seek(here);
                Err(format!(
                    "the call of warp {w}'s frame is not in the recorded history"
                ))
            }
        }
    }

    /// Back to the previous stop a forward `continue` would make (breakpoint, watchpoint,
    /// caught fault), or to the launch.
    pub fn reverse_continue(&mut self) -> Stop {
        self.reverse_continue_within(None)
    }

    /// [`Self::reverse_continue`] that `interrupt` can stop: then it stops (reason
    /// `Interrupted`) as far back as it has searched, and going on from there misses nothing.
    pub fn reverse_continue_within(&mut self, interrupt: Option<&AtomicBool>) -> Stop {
        self.fresh = false;
        let here = self.world.pos;
        match self.find_last_within(Self::user_ctx(), here, interrupt) {
            Err(pos) => {
                self.seek(pos);
                Stop::new(pos, None, StopReason::Interrupted)
            }
            Ok(Some((pos, warp, ev))) => {
                self.seek(pos);
                self.make_stop(Fwd::Event { warp, ev }, None)
            }
            Ok(None) => {
                self.seek(0);
                Stop::new(0, None, StopReason::HistoryStart)
            }
        }
    }

    /// When warp `w` last wrote `loc` (`v3`, `v3[5]`, `u2`, `exec`, `fflags`) before the
    /// current position: the attempt and the value it wrote. Stays at the current position.
    pub fn last_write(&mut self, w: usize, loc: &str) -> Result<Option<WriteInfo>, String> {
        self.check_warp(w)?;
        let l = StatePlace::parse(loc)?;
        l.check(&self.world.slots[w].warp)?;
        if matches!(
            l,
            StatePlace::Pc
                | StatePlace::Steps
                | StatePlace::Mode
                | StatePlace::Rm
                | StatePlace::Rm16
        ) {
            return Err(format!(
                "`{l}` is not in the commit log: last-write takes registers, exec and fflags"
            ));
        }
        let here = self.world.pos;
        let ctx = MotionGoal {
            write: Some((w, l)),
            ..MotionGoal::default()
        };
        let r = self.find_last(ctx, here + 1);
        self.seek(here);
        Ok(r.and_then(|(pos, warp, ev)| match ev {
            Ev::Write { step, pc, value } => Some(WriteInfo {
                position: pos - 1,
                warp,
                step,
                pc,
                value,
            }),
            _ => None,
        }))
    }

    // ----------------------------------------------------------------- changing state

    /// Set a location of warp `w` (every lane of a vector location). The recorded future
    /// is dropped: from here the history is what the changed state does.
    pub fn set(&mut self, w: usize, loc: &str, value: u64) -> Result<(), String> {
        self.check_warp(w)?;
        let l = StatePlace::parse(loc)?;
        l.check(&self.world.slots[w].warp)?;
        l.write(&mut self.world.slots[w].warp, value)?;
        self.history.drop_after(self.world.pos);
        self.history.insert(&self.world, true);
        self.history.thin(self.world.pos);
        Ok(())
    }
}

/// `*` any run, `?` one character.
fn glob(p: &str, s: &str) -> bool {
    let (p, s) = (p.as_bytes(), s.as_bytes());
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < s.len() {
        if i < p.len() && (p[i] == b'?' || p[i] == s[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == b'*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(st) = star {
            i = st + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_matches() {
        assert!(glob("ffma*", "ffma.f32"));
        assert!(glob("*.f16", "fadd.f16"));
        assert!(!glob("ffma*", "fadd.f32"));
        assert!(glob("f?dd.f32", "fadd.f32"));
    }

    #[test]
    fn trap_word_does_not_decode() {
        let w = trap_word();
        assert_eq!(w & 1, 0);
        assert!(decode(&w.to_le_bytes()).is_err());
        assert!(decode(&[w.to_le_bytes(), [0x13, 0, 0, 0]].concat()).is_err());
    }

    #[test]
    fn hit_conditions() {
        assert_eq!(HitCondition::parse("3"), Ok(HitCondition::AtLeast(3)));
        assert_eq!(HitCondition::parse("%2"), Ok(HitCondition::Every(2)));
        assert!(HitCondition::parse("x").is_err());
        assert!(HitCondition::Exactly(2).stops(2) && !HitCondition::Exactly(2).stops(3));
    }
}
