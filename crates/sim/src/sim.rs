//! [`Sim`]: a program and the warps a state file launches, run together or stepped one
//! instruction at a time; and [`run_state`], `warpkit run`, built on it. Embeddings that
//! step warps and print the state get exactly what `warpkit run` prints.

use crate::commit::Commit;
use crate::engine::{default_engine, tier_for, EngineKind};
use crate::launch::par_map;
use crate::program::Program;
use crate::run::{RunEngine, RunOutcome, RunStatus, StepResult};
use crate::state::{
    parse_state, write_named_state_to, write_state, Fields, Launch, SimError, INTERRUPTED,
};
use crate::trace_line::{AsmFn, TraceLine};
use crate::warp::Warp;
use std::io::Write;
use std::sync::Arc;

/// A program and its launched warps, each with how its run stands.
pub struct Sim {
    pub(crate) program: Program,
    code_base: u64,
    pub(crate) warps: Vec<LaunchWarp>,
    /// What [`Sim::run`] executes with.
    engine: SimEngine,
    /// The step limit of a run that was stopped before it (Ctrl-C): warps below it are
    /// `interrupted` in the state written, not `step_limit`.
    stopped_below: Option<u64>,
}

/// The engine of a [`Sim`].
enum SimEngine {
    /// The process's ([`Warp::run`], `crate::engine`).
    Process,
    /// The interpreter ([`Warp::interpret`]).
    Interp,
    /// A given engine.
    With(Arc<dyn RunEngine>),
}

/// A warp and how an earlier run left it (`None`: fresh).
pub(crate) struct LaunchWarp {
    pub(crate) warp: Warp,
    pub(crate) status: Option<RunStatus>,
}

impl LaunchWarp {
    /// Whether a run continues this warp (fresh, or stopped by a step limit).
    pub(crate) fn runnable(&self) -> bool {
        matches!(self.status, None | Some(RunStatus::StepLimit))
    }

    /// Go on until the step count reaches `max_steps` or the warp ends; a warp that
    /// exited or faulted is not run. `run` executes at most the given number of
    /// instructions (the one place that works out a warp's step budget).
    pub(crate) fn continue_with(
        &mut self,
        max_steps: u64,
        run: impl FnOnce(&mut Warp, u64) -> RunOutcome,
    ) {
        if self.runnable() {
            let budget = max_steps.saturating_sub(self.warp.steps());
            self.status = Some(run(&mut self.warp, budget).status);
        }
    }

    /// [`LaunchWarp::continue_with`] on the fast path.
    pub(crate) fn continue_fast(&mut self, p: &Program, max_steps: u64) {
        self.continue_with(max_steps, |w, n| w.run(p, n));
    }
}

fn launch_warps(l: Launch) -> Vec<LaunchWarp> {
    l.warps
        .into_iter()
        .zip(l.status.into_iter().chain(std::iter::repeat(None)))
        .map(|(warp, status)| LaunchWarp { warp, status })
        .collect()
}

impl Sim {
    /// Decode `code` and launch (or resume) the warps of a state file.
    pub fn new(code: &[u8], state_json: &str) -> Result<Sim, SimError> {
        Ok(Sim::from_launch(
            Program::new(code),
            parse_state(state_json)?,
        ))
    }

    /// A program and an already parsed state file.
    pub fn from_launch(program: Program, launch: Launch) -> Sim {
        Sim {
            program,
            code_base: launch.code_base,
            warps: launch_warps(launch),
            engine: SimEngine::Process,
            stopped_below: None,
        }
    }

    /// Replace the warps (and code base) by those of another state file; the program
    /// stays. On error nothing changes.
    pub fn set_state(&mut self, state_json: &str) -> Result<(), SimError> {
        let l = parse_state(state_json)?;
        self.code_base = l.code_base;
        self.warps = launch_warps(l);
        Ok(())
    }

    /// Run with `engine` ([`Sim::run`], [`Sim::run_sliced`]; stepping, logged and traced
    /// runs always interpret); `None`: the interpreter. (Without a call: the process's
    /// engine, [`default_engine`].)
    pub fn set_engine(&mut self, engine: Option<Arc<dyn RunEngine>>) {
        self.engine = match engine {
            Some(e) => SimEngine::With(e),
            None => SimEngine::Interp,
        };
    }

    /// Run with the interpreter or with the compiling tier (the program's instance,
    /// [`tier_for`]); an error, and nothing changed, when the tier is asked for and there is
    /// none this host runs.
    pub fn select_engine(&mut self, e: EngineKind) -> Result<(), String> {
        self.engine = match e {
            EngineKind::Interp => SimEngine::Interp,
            EngineKind::Jit => SimEngine::With(tier_for(&self.program).ok_or(
                "engine `jit`: the compiling tier is not available (it needs an x86-64 host \
                 with AVX-512 F/DQ/BW/VL/CD/VPOPCNTDQ, BMI1/BMI2, LZCNT and POPCNT); use `interp`",
            )?),
        };
        Ok(())
    }

    /// Which engine [`Sim::run`] uses.
    pub fn engine_kind(&self) -> EngineKind {
        match self.engine {
            SimEngine::Process => default_engine(),
            SimEngine::Interp => EngineKind::Interp,
            SimEngine::With(_) => EngineKind::Jit,
        }
    }

    /// The engine [`Sim::run`] uses, if one was given ([`Sim::set_engine`],
    /// [`Sim::select_engine`]).
    pub fn engine(&self) -> Option<&Arc<dyn RunEngine>> {
        match &self.engine {
            SimEngine::With(e) => Some(e),
            _ => None,
        }
    }

    pub fn program(&self) -> &Program {
        &self.program
    }

    pub fn code_base(&self) -> u64 {
        self.code_base
    }

    /// How many warps are launched.
    pub fn num_warps(&self) -> usize {
        self.warps.len()
    }

    /// Warp `i`'s state.
    pub fn warp(&self, i: usize) -> Result<&Warp, SimError> {
        self.warps
            .get(i)
            .map(|w| &w.warp)
            .ok_or_else(|| self.no_warp(i))
    }

    /// Warp `i`'s state, to change it (e.g. a co-simulation overriding what only the
    /// device knows).
    pub fn warp_mut(&mut self, i: usize) -> Result<&mut Warp, SimError> {
        let n = self.warps.len();
        self.warps
            .get_mut(i)
            .map(|w| &mut w.warp)
            .ok_or(SimError::NoWarp { index: i, warps: n })
    }

    fn no_warp(&self, i: usize) -> SimError {
        SimError::NoWarp {
            index: i,
            warps: self.warps.len(),
        }
    }

    /// How warp `i` stands: `Exited` or `Faulted` once it has ended (it is not run
    /// again), otherwise `StepLimit` (it can go on; a warp standing exactly at the end of
    /// the code counts as `Exited`, as in [`Warp::run`]).
    pub fn status(&self, i: usize) -> Result<RunStatus, SimError> {
        self.warps
            .get(i)
            .map(|w| self.effective(w))
            .ok_or_else(|| self.no_warp(i))
    }

    fn effective(&self, w: &LaunchWarp) -> RunStatus {
        match w.status {
            Some(s @ (RunStatus::Exited | RunStatus::Faulted(_))) => s,
            _ if w.warp.pc() as usize == self.program.len() => RunStatus::Exited,
            _ => RunStatus::StepLimit,
        }
    }

    /// Execute one instruction of warp `i` with the logged handlers; `c` gets its commit
    /// record when the result is `Running`. A warp that has exited or faulted is not run:
    /// the result repeats how it ended.
    pub fn step(&mut self, i: usize, c: &mut Commit) -> Result<StepResult, SimError> {
        let n = self.warps.len();
        let lw = self
            .warps
            .get_mut(i)
            .ok_or(SimError::NoWarp { index: i, warps: n })?;
        self.stopped_below = None;
        let r = match lw.status {
            Some(RunStatus::Exited) => StepResult::Exited,
            Some(RunStatus::Faulted(f)) => StepResult::Faulted(f),
            None | Some(RunStatus::StepLimit) => lw.warp.step_logged(&self.program, c),
        };
        lw.status = Some(match r {
            StepResult::Running => RunStatus::StepLimit,
            StepResult::Exited => RunStatus::Exited,
            StepResult::Faulted(f) => RunStatus::Faulted(f),
        });
        Ok(r)
    }

    /// Run every warp that can go on until its step count ([`Warp::steps`]) reaches
    /// `max_steps` or it ends, in parallel on all cores (the result equals a sequential
    /// run).
    pub fn run(&mut self, max_steps: u64) {
        self.stopped_below = None;
        let p = &self.program;
        let engine = &self.engine;
        let warps = std::mem::take(&mut self.warps);
        self.warps = par_map(warps, |mut lw| {
            match engine {
                SimEngine::With(e) => lw.continue_with(max_steps, |w, n| e.run(w, p, n)),
                SimEngine::Interp => lw.continue_with(max_steps, |w, n| w.interpret(p, n)),
                SimEngine::Process => lw.continue_fast(p, max_steps),
            }
            lw
        });
    }

    /// [`Sim::run`] in slices of about `slice` of wall time each, so that a long run can be
    /// watched and stopped: after every slice `between(self)` is called, and a `false`
    /// stops the run there. Returns whether the run went to its end (every warp ended or
    /// reached `max_steps`). A stopped run is a consistent state: every warp stands between
    /// two instructions, and running on (or resuming its state file) with the same
    /// `max_steps` gives what one uninterrupted run gives.
    pub fn run_sliced(
        &mut self,
        max_steps: u64,
        slice: std::time::Duration,
        between: &mut dyn FnMut(&Sim) -> bool,
    ) -> bool {
        // Steps per warp and slice, adapted to the measured speed; small at first so a short
        // run is one slice and a slow one (many warps) is interruptible early.
        let mut chunk: u64 = 1 << 16;
        loop {
            let Some(low) = self
                .warps
                .iter()
                .filter(|w| w.runnable() && w.warp.steps() < max_steps)
                .map(|w| w.warp.steps())
                .min()
            else {
                return true;
            };
            let target = low.saturating_add(chunk).min(max_steps);
            let t0 = std::time::Instant::now();
            self.run(target);
            let took = t0.elapsed().as_secs_f64().max(1e-6);
            let want = slice.as_secs_f64();
            chunk = ((chunk as f64 * (want / took).clamp(0.25, 4.0)) as u64).clamp(1 << 8, 1 << 40);
            if target == max_steps
                && !self
                    .warps
                    .iter()
                    .any(|w| w.runnable() && w.warp.steps() < max_steps)
            {
                return true;
            }
            if !between(self) {
                self.stopped_below = Some(max_steps);
                return false;
            }
        }
    }

    /// Instructions retired by all warps together (progress of a long run).
    pub fn total_steps(&self) -> u64 {
        self.warps.iter().map(|w| w.warp.steps()).sum()
    }

    /// [`Sim::run`] with the logged handlers, warp 0 first then warp 1 ... (so the order
    /// of records is deterministic): `hook(warp index, record)` for every retired
    /// instruction.
    pub fn run_logged(&mut self, max_steps: u64, hook: &mut dyn FnMut(usize, &Commit)) {
        let p = &self.program;
        let warps = std::mem::take(&mut self.warps);
        self.warps = warps
            .into_iter()
            .enumerate()
            .map(|(i, mut lw)| {
                lw.continue_with(max_steps, |w, n| {
                    w.run_logged(p, n, &mut |c: &Commit| hook(i, c))
                });
                lw
            })
            .collect();
    }

    /// The state file of every warp: what `warpkit run` prints, and a valid input
    /// (`status`, `steps` and `fault` included) to resume from.
    pub fn state_json(&self) -> String {
        write_state(
            self.code_base,
            self.warps.iter().map(|w| (&w.warp, self.effective(w))),
        )
    }

    /// The state file, written to `out` one warp at a time (for many warps: the text of
    /// one is held at once). `warps`: the warps to show, each labelled with its index
    /// (`"warp": i`), or `None` for all, unlabelled; `fields`: what each shows. With
    /// `None` and [`Fields::ALL`] this is [`Sim::state_json`].
    pub fn write_state(
        &self,
        out: &mut dyn Write,
        warps: Option<&[usize]>,
        fields: &Fields,
    ) -> Result<(), SimError> {
        let item = |i: usize, label: Option<usize>| {
            self.warps
                .get(i)
                .map(|w| (label, &w.warp, self.effective(w), self.status_name(w)))
                .ok_or_else(|| self.no_warp(i))
        };
        let chosen: Vec<_> = match warps {
            Some(list) => list
                .iter()
                .map(|&i| item(i, Some(i)))
                .collect::<Result<_, _>>()?,
            None => (0..self.warps.len())
                .map(|i| item(i, None))
                .collect::<Result<_, _>>()?,
        };
        write_named_state_to(out, self.code_base, chosen.into_iter(), fields).map_err(SimError::Io)
    }

    /// The `status` a state file gives warp `w`: its status's name, except that a warp a
    /// stopped run left below its step limit is `interrupted` (it can go on, like a
    /// `step_limit` warp, but it did not reach the limit).
    fn status_name(&self, w: &LaunchWarp) -> &'static str {
        match (self.effective(w), self.stopped_below) {
            (RunStatus::StepLimit, Some(limit)) if w.warp.steps() < limit => INTERRUPTED,
            (s, _) => s.name(),
        }
    }

    /// Whether warp `i` was left below its step limit by a run that was stopped (see
    /// [`Sim::run_sliced`]).
    pub fn interrupted(&self, i: usize) -> Result<bool, SimError> {
        let w = self.warps.get(i).ok_or_else(|| self.no_warp(i))?;
        Ok(self.status_name(w) == INTERRUPTED)
    }
}

/// `warpkit run`: load `code`, launch (or resume) the warps of `state_json`, run each
/// until its step count reaches `max_steps` and return the output state file.
///
/// Without a trace the warps run in parallel; with one they run one after another (warp
/// 0 first) so the trace is deterministic, and every retired instruction becomes one JSON
/// line (see [`Commit::write_json`]) with its text from `asm`.
pub fn run_state(
    code: &[u8],
    state_json: &str,
    max_steps: u64,
    trace: Option<(&mut dyn Write, AsmFn<'_>)>,
) -> Result<String, SimError> {
    let mut sim = Sim::new(code, state_json)?;
    match trace {
        None => sim.run(max_steps),
        Some((out, asm)) => {
            let mut io_error: Option<std::io::Error> = None;
            let mut lines = TraceLine::default();
            sim.run_logged(max_steps, &mut |i, c| {
                if io_error.is_none() {
                    io_error = lines.write(out, asm, c, i).err();
                }
            });
            if let Some(e) = io_error.or_else(|| out.flush().err()) {
                return Err(SimError::Io(e));
            }
        }
    }
    Ok(sim.state_json())
}
