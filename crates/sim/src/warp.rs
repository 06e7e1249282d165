//! Architectural state of one warp and the fetch/execute loop.

use crate::exec::Flow;
use crate::fault::{Fault, FaultCause, FaultReason};
use crate::program::{Op, Program};
use crate::trace::{RegWrite, TraceRecord};
use warpkit_encoding::Inst;

/// Lanes per warp.
pub const LANES: usize = 32;
/// Architectural vector registers (`v0..v127`).
pub const NUM_VREGS: usize = 128;
/// Uniform registers (`u0..u63`).
pub const NUM_UREGS: usize = 64;

/// One vector register: a 32-bit value per lane.
pub type VReg = [u32; LANES];

/// Rounding-mode values of `MODE.rm` / `MODE.rm16` and of the `rm` field.
pub mod rm {
    pub const RNE: u8 = 0;
    pub const RTZ: u8 = 1;
    pub const RDN: u8 = 2;
    pub const RUP: u8 = 3;
    pub const RMM: u8 = 4;
    /// Only in an instruction's `rm` field: use MODE.
    pub const DYN: u8 = 7;

    /// Name of a MODE value (`rne` ...), or `None` for 5..7.
    pub fn name(v: u8) -> Option<&'static str> {
        Some(match v {
            RNE => "rne",
            RTZ => "rtz",
            RDN => "rdn",
            RUP => "rup",
            RMM => "rmm",
            _ => return None,
        })
    }

    /// MODE value of a name.
    pub fn from_name(s: &str) -> Option<u8> {
        Some(match s {
            "rne" => RNE,
            "rtz" => RTZ,
            "rdn" => RDN,
            "rup" => RUP,
            "rmm" => RMM,
            _ => return None,
        })
    }
}

/// FFLAGS bits (RISC-V order).
pub mod fflag {
    pub const NX: u8 = 1 << 0;
    pub const UF: u8 = 1 << 1;
    pub const OF: u8 = 1 << 2;
    pub const DZ: u8 = 1 << 3;
    pub const NV: u8 = 1 << 4;
    pub const ALL: u8 = 0x1f;
}

/// Dynamic rounding modes, set at launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mode {
    /// binary32 rounding mode (0..=4).
    pub rm: u8,
    /// binary16 rounding mode (0..=4).
    pub rm16: u8,
}

impl Mode {
    /// The rounding mode an FP instruction uses: its explicit `rm` field, or for 7 (dyn)
    /// MODE.rm (binary32 work) / MODE.rm16 (binary16 work). The place §6.2 semantics
    /// resolve rounding.
    #[inline]
    pub fn resolve(self, rm_field: u8, binary16: bool) -> u8 {
        if rm_field == rm::DYN {
            if binary16 {
                self.rm16
            } else {
                self.rm
            }
        } else {
            rm_field
        }
    }
}

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
enum Stop {
    Exit,
    Fault(FaultCause, Option<FaultReason>),
}

/// The architectural state of one warp (SUPPLEMENT §1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Warp {
    pub(crate) v: Box<[VReg; NUM_VREGS]>,
    pub(crate) u: [u32; NUM_UREGS],
    pub(crate) exec: u32,
    pub(crate) pc: u32,
    pub(crate) code_base: u64,
    pub(crate) mode: Mode,
    pub(crate) fflags: u8,
    pub(crate) vgprs: u8,
}

impl Default for Warp {
    fn default() -> Self {
        Warp::new()
    }
}

/// A setter got a value outside the architectural range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError(pub String);

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateError {}

impl Warp {
    /// All registers 0, EXEC all ones, PC 0, CODE_BASE 0, MODE rne/rne, FFLAGS 0, 128 vgprs.
    pub fn new() -> Warp {
        Warp {
            v: Box::new([[0; LANES]; NUM_VREGS]),
            u: [0; NUM_UREGS],
            exec: u32::MAX,
            pc: 0,
            code_base: 0,
            mode: Mode::default(),
            fflags: 0,
            vgprs: NUM_VREGS as u8,
        }
    }

    /// All 128 vector registers (those at or above `vgprs` are not addressable by code).
    pub fn vregs(&self) -> &[VReg; NUM_VREGS] {
        &self.v
    }
    pub fn vregs_mut(&mut self) -> &mut [VReg; NUM_VREGS] {
        &mut self.v
    }
    pub fn uregs(&self) -> &[u32; NUM_UREGS] {
        &self.u
    }
    pub fn uregs_mut(&mut self) -> &mut [u32; NUM_UREGS] {
        &mut self.u
    }
    pub fn exec(&self) -> u32 {
        self.exec
    }
    pub fn set_exec(&mut self, exec: u32) {
        self.exec = exec;
    }
    pub fn pc(&self) -> u32 {
        self.pc
    }
    pub fn set_pc(&mut self, pc: u32) {
        self.pc = pc;
    }
    pub fn code_base(&self) -> u64 {
        self.code_base
    }
    pub fn set_code_base(&mut self, base: u64) {
        self.code_base = base;
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// Both fields must be 0..=4.
    pub fn set_mode(&mut self, mode: Mode) -> Result<(), StateError> {
        if mode.rm > rm::RMM || mode.rm16 > rm::RMM {
            return Err(StateError(format!(
                "mode values must be 0..=4 (rne, rtz, rdn, rup, rmm), got rm={} rm16={}",
                mode.rm, mode.rm16
            )));
        }
        self.mode = mode;
        Ok(())
    }
    pub fn fflags(&self) -> u8 {
        self.fflags
    }
    /// 5 bits.
    pub fn set_fflags(&mut self, f: u8) -> Result<(), StateError> {
        if f & !fflag::ALL != 0 {
            return Err(StateError(format!("fflags has 5 bits, got 0x{f:x}")));
        }
        self.fflags = f;
        Ok(())
    }
    pub fn vgprs(&self) -> u32 {
        self.vgprs as u32
    }
    /// 1..=128 allocated vector registers.
    pub fn set_vgprs(&mut self, n: u32) -> Result<(), StateError> {
        if !(1..=NUM_VREGS as u32).contains(&n) {
            return Err(StateError(format!("vgprs must be 1..=128, got {n}")));
        }
        self.vgprs = n as u8;
        Ok(())
    }

    // ------------------------------------------------------------ execution

    /// Fetch and execute one instruction. The hot path: no decoding, no allocation.
    #[inline(always)]
    fn step_fast(&mut self, p: &Program) -> Result<(), Stop> {
        let pc = self.pc;
        let k = (pc >> 2) as usize;
        let Some(op) = p.ops.get(k) else {
            return Err(self.fetch_stop(p));
        };
        if pc & 3 != 0 {
            return Err(self.fetch_stop(p));
        }
        if op.vreg_end > self.vgprs {
            return Err(Stop::Fault(
                FaultCause::IllegalInsn,
                Some(FaultReason::VgprLimit {
                    reg: op.vreg_end - 1,
                    vgprs: self.vgprs,
                }),
            ));
        }
        match (op.handler)(self, op) {
            Flow::Next => self.pc = pc.wrapping_add(op.size as u32),
            Flow::Jump(t) => self.pc = t,
            Flow::Illegal => return Err(Stop::Fault(FaultCause::IllegalInsn, None)),
            Flow::FetchFault => {
                return Err(Stop::Fault(
                    FaultCause::FetchFault,
                    Some(FaultReason::Truncated),
                ))
            }
        }
        Ok(())
    }

    #[cold]
    fn fetch_stop(&self, p: &Program) -> Stop {
        if self.pc as usize == p.len() {
            Stop::Exit
        } else if self.pc & 3 != 0 {
            Stop::Fault(FaultCause::FetchFault, Some(FaultReason::Misaligned))
        } else {
            Stop::Fault(FaultCause::FetchFault, Some(FaultReason::OutsideCode))
        }
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

    /// Execute one instruction.
    pub fn step(&mut self, p: &Program) -> StepResult {
        match self.step_fast(p) {
            Ok(()) => StepResult::Running,
            Err(Stop::Exit) => StepResult::Exited,
            Err(Stop::Fault(c, r)) => StepResult::Faulted(self.make_fault(p, c, r)),
        }
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

    /// Execute up to `max_steps` instructions. A warp that reaches the end of the code
    /// exactly at the limit counts as exited.
    pub fn run(&mut self, p: &Program, max_steps: u64) -> RunOutcome {
        let mut steps = 0u64;
        loop {
            if steps >= max_steps {
                return self.at_limit(p, steps);
            }
            match self.step_fast(p) {
                Ok(()) => steps += 1,
                Err(Stop::Exit) => {
                    return RunOutcome {
                        status: RunStatus::Exited,
                        steps,
                    }
                }
                Err(Stop::Fault(c, r)) => {
                    let f = self.make_fault(p, c, r);
                    return RunOutcome {
                        status: RunStatus::Faulted(f),
                        steps,
                    };
                }
            }
        }
    }

    /// [`Warp::step`] that also reports what the instruction wrote. `step_no` is passed
    /// through to the record. The untraced path does not contain any of this.
    pub fn step_traced(
        &mut self,
        p: &Program,
        step_no: u64,
        hook: &mut dyn FnMut(&TraceRecord<'_>),
    ) -> StepResult {
        let pc = self.pc;
        let exec_before = self.exec;
        // Dynamic destination of movrel.d: computed before execution (its u2 is not written).
        let k = (pc >> 2) as usize;
        let movrel_dst = match (p.ops.get(k), p.meta.get(k)) {
            (Some(op), Some(m)) if m.writes.movrel_d && pc & 3 == 0 => {
                let idx = op.rd as u64 + self.u[(op.rs2 & 63) as usize] as u64;
                (idx < self.vgprs as u64).then_some(idx as u8)
            }
            _ => None,
        };
        let r = self.step(p);
        if r != StepResult::Running {
            return r;
        }
        let (Some(op), Some(m)) = (p.ops.get(k), p.meta.get(k)) else {
            return r;
        };
        let inst: Inst = m.inst.unwrap_or_default();
        let mut writes: [RegWrite; 4] = [RegWrite::Pc(0); 4];
        let mut n = 0;
        let mut push = |w: RegWrite| {
            if n < writes.len() {
                writes[n] = w;
                n += 1;
            }
        };
        if let Some((first, count)) = m.writes.v {
            for i in 0..count {
                let reg = first.wrapping_add(i) & 127;
                push(RegWrite::V(reg, self.v[reg as usize]));
            }
        }
        if let Some(reg) = movrel_dst {
            push(RegWrite::V(reg, self.v[(reg & 127) as usize]));
        }
        if let Some((first, count)) = m.writes.u {
            for i in 0..count {
                let reg = first.wrapping_add(i) & 63;
                push(RegWrite::U(reg, self.u[reg as usize]));
            }
        }
        if m.writes.exec {
            push(RegWrite::Exec(self.exec));
        }
        if self.pc != pc.wrapping_add(op.size as u32) {
            push(RegWrite::Pc(self.pc));
        }
        let (word, _) = p.raw_word(pc);
        hook(&TraceRecord {
            step: step_no,
            pc,
            word,
            size: op.size,
            inst: &inst,
            exec_before,
            writes: &writes[..n],
        });
        r
    }

    /// [`Warp::run`] with a trace hook called after every executed instruction.
    pub fn run_traced(
        &mut self,
        p: &Program,
        max_steps: u64,
        hook: &mut dyn FnMut(&TraceRecord<'_>),
    ) -> RunOutcome {
        let mut steps = 0u64;
        loop {
            if steps >= max_steps {
                return self.at_limit(p, steps);
            }
            match self.step_traced(p, steps, hook) {
                StepResult::Running => steps += 1,
                StepResult::Exited => {
                    return RunOutcome {
                        status: RunStatus::Exited,
                        steps,
                    }
                }
                StepResult::Faulted(f) => {
                    return RunOutcome {
                        status: RunStatus::Faulted(f),
                        steps,
                    }
                }
            }
        }
    }
}

const _: () = assert!(std::mem::size_of::<Op>() <= 24);
