//! The adapter's session: what a launch holds, the shared helpers of the request handlers
//! ([`crate::handlers`]) and how a [`Stop`] is told to the client.
//!
//! Threads are warps (`threadId` = warp + 1); a warp's stack is its current PC and the
//! calls the engine saw it make; its scopes are Vector (each register expands to 32
//! lanes), Uniform and Control (pc, exec, mode, fflags, steps).

use crate::types::*;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use warpkit_debug::{Engine, HitCondition, StatePlace, Stop, StopReason, Target, WarpStatus};
use warpkit_encoding::Slot;
use warpkit_sim::{LANES, NUM_UREGS};
use warpkit_ui::present;

/// Loads a launch's program (its `program`, `state` and `kernel`): (target, state JSON with
/// the warps at the kernel's entry). Given by the front end (it knows files).
pub type LaunchLoader = dyn Fn(&LaunchArgs) -> Result<(Target, String), String>;

/// The launch's `valueFormat`: the formats of the presenter every front shares.
pub(crate) use warpkit_ui::present::Format as ValueFormat;

/// A launch's `valueFormat` text.
pub(crate) fn parse_format(s: &str) -> Result<ValueFormat, String> {
    ValueFormat::parse(s).map_err(|_| format!("valueFormat `{s}`: hex, i32, u32, f32 or f16"))
}

pub(crate) const K_VECTOR: i64 = 0;
pub(crate) const K_UNIFORM: i64 = 1;
pub(crate) const K_CONTROL: i64 = 2;
pub(crate) const K_LANES: i64 = 16;
pub(crate) const PER_WARP: i64 = 256;
pub(crate) const FRAMES_PER_WARP: i64 = 1024;

/// A launched program.
pub(crate) struct DapSession {
    pub engine: Engine,
    pub program: String,
    /// Breakpoints of each source (as the client names it): `setBreakpoints` replaces one
    /// source's only.
    pub source_bps: Vec<(String, u32)>,
    pub instr_bps: Vec<u32>,
    pub data_bps: Vec<u32>,
    pub fmt: ValueFormat,
    pub stop_on_entry: bool,
    /// The debug console's command session (its displays, `list`'s place): the engine is
    /// lent to it for each command.
    pub console: warpkit_ui::command::Session<()>,
}

pub(crate) type R<T> = Result<T, String>;

/// Events a request causes, sent after its response.
pub(crate) type Events = Vec<(String, Value)>;

/// A motion run away from the request loop; `interrupt` stops it early.
pub(crate) type MotionFn = fn(&mut Engine, usize, &AtomicBool) -> R<Stop>;

/// What a request starts on the engine: its response goes out at once, its `stopped`
/// event when it ends.
pub(crate) struct Motion {
    pub name: &'static str,
    pub run: MotionFn,
    /// The warp it concerns.
    pub warp: usize,
    /// Whether it may be interrupted to serve a request and then run on from where it was
    /// (`continue`, `reverseContinue`: going on misses no stop).
    pub resumable: bool,
    pub body: Value,
}

/// A handler's answer: the response body, or a motion to start.
pub(crate) enum HandlerOutcome {
    Body(Value),
    Motion(Motion),
}

/// What the handlers see: the launch and the session's phase.
pub(crate) struct AdapterState<'a> {
    pub load: &'a LaunchLoader,
    pub initialized: bool,
    /// After `terminate`: only `disconnect` is served.
    pub terminated: bool,
    /// `disconnect` was served (or the input ended).
    pub done: bool,
    /// Away on the motion's thread while one runs.
    pub session: Option<DapSession>,
    /// The motion running, if any.
    pub running: Option<&'static str>,
}

/// A request's arguments (absent ones are the defaults).
pub(crate) fn args<T: DeserializeOwned + Default>(v: &Value) -> R<T> {
    match v.get("arguments") {
        None | Some(Value::Null) => Ok(T::default()),
        Some(a) => serde_json::from_value(a.clone()).map_err(|e| format!("bad arguments: {e}")),
    }
}

impl AdapterState<'_> {
    pub fn session(&mut self) -> R<&mut DapSession> {
        if let Some(m) = self.running {
            return Err(format!(
                "the program is running (`{m}`): pause it first, or wait for it to stop"
            ));
        }
        self.session
            .as_mut()
            .ok_or_else(|| "no program is launched (send `launch` first)".to_string())
    }

    pub fn warp_of(&mut self, thread_id: i64) -> R<usize> {
        let s = self.session()?;
        let n = s.engine.num_warps() as i64;
        if thread_id < 1 || thread_id > n {
            return Err(format!("no thread {thread_id}: threads are warps 1..{n}"));
        }
        Ok(thread_id as usize - 1)
    }

    /// The live warp of a thread (a motion of an ended warp is refused before it starts).
    pub fn live_warp_of(&mut self, thread_id: i64) -> R<usize> {
        let w = self.warp_of(thread_id)?;
        match self.session()?.engine.status(w)? {
            WarpStatus::Live => Ok(w),
            s => Err(format!(
                "thread {thread_id} (warp {w}) has ended ({}): pick a live thread",
                s.name()
            )),
        }
    }

    /// A variables reference: (warp, kind).
    pub fn split_ref(&mut self, r: i64) -> R<(usize, i64)> {
        if r < 1 {
            return Err(format!("no variables reference {r}"));
        }
        let w = (r - 1) / PER_WARP;
        let k = (r - 1) % PER_WARP;
        self.warp_of(w + 1)
            .map_err(|e| format!("no variables reference {r} ({e})"))?;
        let vgprs = self.session()?.engine.warp(w as usize)?.vgprs() as i64;
        if !(k <= K_CONTROL || (K_LANES..K_LANES + vgprs).contains(&k)) {
            return Err(format!("no variables reference {r}"));
        }
        Ok((w as usize, k))
    }

    /// The warp of a frame id.
    pub fn warp_of_frame(&mut self, frame_id: i64) -> R<usize> {
        if frame_id < 0 {
            return Err(format!("no frame {frame_id}"));
        }
        self.warp_of(frame_id / FRAMES_PER_WARP + 1)
    }
}

/// The exit code told in `exited`: 1 if a warp faulted.
pub(crate) fn exit_code(s: Option<&DapSession>) -> i64 {
    s.map_or(0, |s| {
        (0..s.engine.num_warps()).any(|w| s.engine.status(w) == Ok(WarpStatus::Faulted)) as i64
    })
}

/// The threads (warps) as the client lists them.
pub(crate) fn threads(e: &Engine) -> Vec<Thread> {
    e.warp_views()
        .iter()
        .map(|v| Thread {
            id: v.index as i64 + 1,
            name: format!("warp {} ({})", v.index, v.status.name()),
        })
        .collect()
}

/// The ids of the user's breakpoints at `pc` whose condition holds for warp `w` (several
/// at one address are all reported; the engine stops on the first).
fn breakpoints_at(e: &Engine, w: usize, pc: u32) -> Vec<u32> {
    e.breakpoints()
        .iter()
        .filter(|b| {
            b.enabled
                && b.warp.is_none_or(|x| x == w)
                && matches!(&b.kind, warpkit_debug::BreakKind::Code { pcs } if pcs.contains(&pc))
                && b.condition
                    .as_deref()
                    .is_none_or(|c| e.eval(w, c).is_ok_and(|v| v != 0))
        })
        .map(|b| b.id)
        .collect()
}

/// A breakpoint the next attempt is about to hit, as a stop. A `continue` interrupted only
/// to serve a request goes on from where it was, and going on steps over a breakpoint at the
/// current position (as resuming from a stop must): this is the stop the uninterrupted
/// motion would have made there. Breakpoints with a hit count are left to the engine, which
/// counts them.
pub(crate) fn breakpoint_due(e: &mut Engine) -> Option<Stop> {
    let w = e.next_warp()?;
    let pc = e.warp(w).ok()?.pc();
    let at = breakpoints_at(e, w, pc);
    let mut due = e
        .breakpoints()
        .iter()
        .filter(|b| b.hit_condition.is_none() && at.contains(&b.id))
        .map(|b| StopReason::Breakpoint { id: b.id });
    let reason = due.next()?;
    let also = due.collect();
    e.select(w).ok()?;
    Some(Stop {
        position: e.position(),
        warp: Some(w),
        reason,
        also,
    })
}

/// The events that tell the client how a motion ended (an error ends it as a step, with
/// the error on the console).
pub(crate) fn stopped(s: &DapSession, r: R<Stop>, warp: usize, ev: &mut Events) {
    let stop = match r {
        Ok(stop) => stop,
        Err(e) => {
            ev.push((
                "output".into(),
                json!({"category": "stderr", "output": format!("{e}\n")}),
            ));
            Stop {
                position: s.engine.position(),
                warp: Some(warp),
                reason: StopReason::Step,
                also: Vec::new(),
            }
        }
    };
    let thread = stop.warp.unwrap_or(s.engine.selected());
    let (reason, text, ids) = match &stop.reason {
        StopReason::Breakpoint { id } => {
            let pc = s.engine.warp(thread).map_or(0, |w| w.pc());
            let mut ids = breakpoints_at(&s.engine, thread, pc);
            if !ids.contains(id) {
                ids.insert(0, *id);
            }
            let instr = ids.iter().all(|i| s.instr_bps.contains(i));
            let reason = if instr {
                "instruction breakpoint"
            } else {
                "breakpoint"
            };
            (reason.to_string(), None, ids)
        }
        // One instruction may change several watched places: every one is reported.
        StopReason::Watchpoint { loc, .. } => (
            "data breakpoint".into(),
            Some(format!("{loc} changed")),
            stop.hit_ids(),
        ),
        StopReason::Fault { fault } => (
            "exception".into(),
            Some(format!("{}: {}", fault.name, fault.reason)),
            vec![],
        ),
        StopReason::Interrupted => ("pause".into(), None, vec![]),
        StopReason::AllEnded => {
            ev.push((
                "output".into(),
                json!({"category": "console", "output": "The program ended: no warp is live.\n"}),
            ));
            ("end".into(), Some("no warp is live".to_string()), vec![])
        }
        StopReason::HistoryStart => (
            "step".into(),
            Some("at the launch: no earlier history".into()),
            vec![],
        ),
        StopReason::WarpEnded => ("step".into(), Some(format!("warp {thread} ended")), vec![]),
        _ => ("step".into(), None, vec![]),
    };
    let description = match &stop.reason {
        StopReason::Fault { fault } => Some(fault.name.to_string()),
        _ => text.clone(),
    };
    let ev_body = StoppedEvent {
        reason,
        description,
        thread_id: Some(thread as i64 + 1),
        all_threads_stopped: true,
        text,
        hit_breakpoint_ids: ids,
    };
    ev.push((
        "stopped".into(),
        serde_json::to_value(ev_body).unwrap_or(Value::Null),
    ));
}

pub(crate) fn add_bp(
    e: &mut Engine,
    spec: &str,
    pcs: Vec<u32>,
    cond: Option<&str>,
    hit: Option<&str>,
) -> R<u32> {
    let hit = hit
        .filter(|h| !h.trim().is_empty())
        .map(HitCondition::parse)
        .transpose()?;
    let cond = cond.filter(|c| !c.trim().is_empty());
    let id = e.add_breakpoint_pcs(spec, pcs, None, cond)?;
    e.set_hit_condition(id, hit)?;
    Ok(id)
}

pub(crate) fn base_name(p: &str) -> String {
    std::path::Path::new(p)
        .file_name()
        .map_or_else(|| p.to_string(), |n| n.to_string_lossy().into_owned())
}

pub(crate) fn show_scalar(loc: StatePlace, v: u64, fmt: ValueFormat) -> String {
    match loc.width() {
        16 | 32 | 64 => present::value(v, loc.width(), fmt),
        _ => format!("0x{v:x}"),
    }
}

pub(crate) fn variables(e: &Engine, w: usize, k: i64, fmt: ValueFormat) -> R<Vec<Variable>> {
    let warp = e.warp(w)?;
    let base = 1 + w as i64 * PER_WARP;
    let var = |name: String, value: String, ty: &str, r: i64| Variable {
        evaluate_name: Some(name.clone()),
        name,
        value,
        ty: ty.to_string(),
        variables_reference: r,
    };
    Ok(match k {
        K_VECTOR => (0..warp.vgprs() as usize)
            .map(|r| {
                let lanes = &warp.vregs()[r];
                let preview: Vec<String> = lanes
                    .iter()
                    .take(4)
                    .map(|&x| present::word(x, fmt))
                    .collect();
                var(
                    format!("v{r}"),
                    format!("[{}, …]", preview.join(", ")),
                    "vector",
                    base + K_LANES + r as i64,
                )
            })
            .collect(),
        K_UNIFORM => (0..NUM_UREGS)
            .map(|r| {
                var(
                    format!("u{r}"),
                    present::word(warp.uregs()[r], fmt),
                    "u32",
                    0,
                )
            })
            .collect(),
        K_CONTROL => {
            let m = warp.mode();
            vec![
                var("pc".into(), format!("0x{:08x}", warp.pc()), "u32", 0),
                var("exec".into(), format!("0x{:08x}", warp.exec()), "u32", 0),
                var(
                    "mode.rm".into(),
                    format!("{} ({})", m.rm, warpkit_sim::rm::name(m.rm).unwrap_or("?")),
                    "u8",
                    0,
                ),
                var(
                    "mode.rm16".into(),
                    format!(
                        "{} ({})",
                        m.rm16,
                        warpkit_sim::rm::name(m.rm16).unwrap_or("?")
                    ),
                    "u8",
                    0,
                ),
                var("fflags".into(), format!("0x{:02x}", warp.fflags()), "u8", 0),
                var("steps".into(), warp.steps().to_string(), "u64", 0),
            ]
        }
        _ => {
            let r = (k - K_LANES) as usize;
            let exec = warp.exec();
            (0..LANES)
                .map(|i| {
                    let active = exec >> i & 1 == 1;
                    Variable {
                        name: format!("[{i}]"),
                        value: present::word(warp.vregs()[r][i], fmt),
                        ty: if active {
                            "lane".into()
                        } else {
                            "lane (inactive)".into()
                        },
                        variables_reference: 0,
                        evaluate_name: Some(format!("v{r}[{i}]")),
                    }
                })
                .collect()
        }
    })
}

pub(crate) fn capabilities() -> Capabilities {
    Capabilities {
        supports_configuration_done_request: true,
        supports_step_back: true,
        supports_conditional_breakpoints: true,
        supports_hit_conditional_breakpoints: true,
        supports_instruction_breakpoints: true,
        supports_data_breakpoints: true,
        supports_disassemble_request: true,
        supports_goto_targets_request: true,
        supports_set_variable: true,
        supports_evaluate_for_hovers: true,
        supports_terminate_request: true,
        supports_stepping_granularity: false,
        supports_value_formatting_options: true,
        exception_breakpoint_filters: vec![
            ExceptionFilter {
                filter: "fault",
                label: "All faults",
                description: "Stop when a warp faults",
                default: true,
                supports_condition: false,
            },
            ExceptionFilter {
                filter: "IllegalInsn",
                label: "IllegalInsn",
                description: "Stop on IllegalInsn faults (cause 1)",
                default: false,
                supports_condition: false,
            },
            ExceptionFilter {
                filter: "FetchFault",
                label: "FetchFault",
                description: "Stop on FetchFault faults (cause 2)",
                default: false,
                supports_condition: false,
            },
        ],
    }
}

/// Where a line-table file is for the editor: the program itself for a one-file assembly,
/// else the file as named (absolute, or found beside the program), else the name as it is.
pub(crate) fn source_path(program: &str, single: bool, file: &str) -> String {
    let f = std::path::Path::new(file);
    if f.is_absolute() {
        return file.to_string();
    }
    let program = std::path::Path::new(program);
    if let Some(p) = program.parent().map(|d| d.join(f)).filter(|p| p.exists()) {
        return p.to_string_lossy().into_owned();
    }
    if single {
        return program.to_string_lossy().into_owned();
    }
    file.to_string()
}

/// A branch's target in gdb's way: its pc-relative operand (`bexecz 52`) as the address and
/// the label it falls in (`bexecz 0x34 <loop>`).
fn with_branch_target(e: &Engine, pc: u32, text: String) -> String {
    let Some(inst) = e.program().inst_at(pc) else {
        return text;
    };
    let Some(o) = inst.desc().operands.iter().find(|o| o.ty.is_pc_relative()) else {
        return text;
    };
    let v = match o.slot {
        Slot::Imm if o.ty.is_signed() => inst.imm as i64,
        Slot::Imm => inst.imm as u32 as i64,
        s => inst.get(s),
    };
    let Some(stem) = text.strip_suffix(&v.to_string()) else {
        return text;
    };
    let target = pc as i64 + v;
    let sym = u32::try_from(target)
        .ok()
        .and_then(|t| e.target().symbolize(t))
        .map_or(String::new(), |(l, off)| match off {
            0 => format!(" <{l}>"),
            _ => format!(" <{l}+{off}>"),
        });
    format!("{stem}0x{target:x}{sym}")
}

/// `count` instructions from the `offset`-th after the one at or after `base`: rows before
/// the code have the address `-1` (which VS Code leaves out), rows after it the addresses
/// past its end, both marked invalid; each instruction names its own source file.
pub(crate) fn disassembly(
    s: &DapSession,
    base: i128,
    offset: i64,
    count: usize,
) -> Vec<DisassembledInstruction> {
    let e = &s.engine;
    let t = e.target();
    let starts = t.instruction_starts();
    // i128: any i64 offset from any address, without overflow.
    let at = starts.partition_point(|&p| (p as i128) < base) as i128 + offset as i128;
    let single = t.lines.files().len() <= 1;
    let invalid = |address: String| DisassembledInstruction {
        address,
        instruction_bytes: String::new(),
        instruction: "(outside the code)".into(),
        symbol: None,
        location: None,
        line: None,
        presentation_hint: Some("invalid"),
    };
    (at..at + count as i128)
        .map(|i| {
            let Some(&pc) = usize::try_from(i).ok().and_then(|i| starts.get(i)) else {
                return if i < 0 {
                    invalid("-1".into())
                } else {
                    let past = i - starts.len() as i128;
                    invalid(format!("0x{:x}", t.code.len() as i128 + 4 * past))
                };
            };
            let (text, size) = e
                .disassemble_at(pc)
                .unwrap_or(("(does not decode)".into(), 4));
            let (word, _) = e.program().raw_word(pc);
            let pos = t.lines.pos_of(pc);
            DisassembledInstruction {
                address: format!("0x{pc:x}"),
                instruction_bytes: if size == 8 {
                    format!("{word:016x}")
                } else {
                    format!("{:08x}", word as u32)
                },
                instruction: with_branch_target(e, pc, text),
                symbol: t.label_at(pc).map(str::to_string),
                location: pos.as_ref().map(|p| {
                    let path = source_path(&s.program, single, &p.file);
                    SourceOut {
                        name: base_name(&path),
                        path,
                    }
                }),
                line: pos.map(|p| p.line),
                presentation_hint: None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use warpkit_debug::DebugConfig;

    #[test]
    fn a_breakpoint_due_at_the_current_position_is_a_stop() {
        let t = Target::from_assembly("t.s", "top:\n  uaddi u1, u1, 1\n  jmp top\n").unwrap();
        let mut e = Engine::new(t, "{}", DebugConfig::default()).unwrap();
        assert_eq!(breakpoint_due(&mut e), None);
        let id = e.add_breakpoint_pcs("*0x4", vec![4], None, None).unwrap();
        assert_eq!(breakpoint_due(&mut e), None, "the next attempt is at 0x0");
        e.step(0).unwrap();
        let stop = breakpoint_due(&mut e).expect("the next attempt is at 0x4");
        assert_eq!(stop.reason, StopReason::Breakpoint { id });
        assert_eq!((stop.warp, stop.position), (Some(0), 1));
        e.set_condition(id, Some("u1 == 7")).unwrap();
        assert_eq!(breakpoint_due(&mut e), None, "its condition is false");
        e.set_hit_condition(id, Some(HitCondition::AtLeast(2)))
            .unwrap();
        e.set_condition(id, None).unwrap();
        assert_eq!(breakpoint_due(&mut e), None, "the engine counts hits");
    }
}
