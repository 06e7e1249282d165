//! The adapter: DAP requests mapped onto a [`warpkit_debug::Engine`].
//!
//! Threads are warps (`threadId` = warp + 1); a warp's stack is its current PC and the
//! calls the engine saw it make; its scopes are Vector (each register expands to 32
//! lanes), Uniform and Control (pc, exec, mode, fflags, steps). Requests are answered in
//! order; a reader thread passes them on and turns a `pause` into an interrupt of the
//! running motion. Every bad input gets an error response.

use crate::framing::{write_message, FrameReader, Received};
use crate::types::*;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use warpkit_debug::{
    loc::parse_value, DebugConfig, Engine, FaultCatch, HitCondition, StatePlace, Stop, StopReason,
    Target, WarpStatus,
};
use warpkit_sim::{FaultCause, LANES, NUM_UREGS};
use warpkit_ui::present::{self, Format};

/// Loads a launch's program: (target, state JSON). Given by the front end (it knows files).
pub type LaunchLoader = dyn Fn(&str, Option<&str>) -> Result<(Target, String), String>;

const K_VECTOR: i64 = 0;
const K_UNIFORM: i64 = 1;
const K_CONTROL: i64 = 2;
const K_LANES: i64 = 16;
const PER_WARP: i64 = 256;
const FRAMES_PER_WARP: i64 = 1024;

struct DapSession {
    engine: Engine,
    program: String,
    source_bps: Vec<u32>,
    instr_bps: Vec<u32>,
    data_bps: Vec<u32>,
    fmt: Format,
    stop_on_entry: bool,
}

struct DapServer<'a> {
    out: &'a mut dyn Write,
    seq: i64,
    initialized: bool,
    session: Option<DapSession>,
    load: &'a LaunchLoader,
    interrupt: Arc<AtomicBool>,
    done: bool,
}

type R<T> = Result<T, String>;

fn args<T: DeserializeOwned + Default>(v: &Value) -> R<T> {
    match v.get("arguments") {
        None | Some(Value::Null) => Ok(T::default()),
        Some(a) => serde_json::from_value(a.clone()).map_err(|e| format!("bad arguments: {e}")),
    }
}

/// Serve DAP on `input` / `output` until `disconnect` or the end of the input.
pub fn serve(
    input: impl Read + Send + 'static,
    output: &mut dyn Write,
    load: &LaunchLoader,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel::<Received>();
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = interrupt.clone();
    std::thread::spawn(move || {
        let mut r = FrameReader::new(input);
        while let Ok(Some(f)) = r.next_frame() {
            if let Received::Message(m) = &f {
                if m.get("command").and_then(Value::as_str) == Some("pause") {
                    flag.store(true, Ordering::Relaxed);
                }
            }
            if tx.send(f).is_err() {
                break;
            }
        }
    });
    let mut s = DapServer {
        out: output,
        seq: 0,
        initialized: false,
        session: None,
        load,
        interrupt,
        done: false,
    };
    for f in rx {
        match f {
            Received::Bad(why) => s.respond_raw(0, "", Err(why))?,
            Received::Message(m) => s.handle(m)?,
        }
        if s.done {
            break;
        }
    }
    Ok(())
}

impl DapServer<'_> {
    fn send(&mut self, mut v: Value) -> io::Result<()> {
        self.seq += 1;
        v["seq"] = json!(self.seq);
        write_message(self.out, &v)
    }

    fn event(&mut self, event: &str, body: Value) -> io::Result<()> {
        self.send(json!({"type": "event", "event": event, "body": body}))
    }

    fn respond_raw(&mut self, req: i64, command: &str, r: R<Value>) -> io::Result<()> {
        match r {
            Ok(body) => self.send(json!({"type": "response", "request_seq": req, "success": true, "command": command, "body": body})),
            Err(msg) => self.send(json!({
                "type": "response", "request_seq": req, "success": false, "command": command,
                "message": msg.clone(),
                "body": {"error": {"id": 1, "format": msg}}
            })),
        }
    }

    fn handle(&mut self, m: Value) -> io::Result<()> {
        let seq = m.get("seq").and_then(Value::as_i64).unwrap_or(0);
        let command = m
            .get("command")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        if m.get("type").and_then(Value::as_str) != Some("request") || command.is_empty() {
            return self.respond_raw(
                seq,
                &command,
                Err("expected a request: {\"type\":\"request\",\"seq\":N,\"command\":...}".into()),
            );
        }
        if !self.initialized && command != "initialize" && command != "disconnect" {
            return self.respond_raw(
                seq,
                &command,
                Err(format!(
                    "`{command}` before `initialize`: the first request must be initialize"
                )),
            );
        }
        // Events a request causes go after its response.
        let mut after: Vec<(String, Value)> = Vec::new();
        let r = self.dispatch(&command, &m, &mut after);
        self.respond_raw(seq, &command, r)?;
        for (e, b) in after {
            self.event(&e, b)?;
        }
        Ok(())
    }

    fn session(&mut self) -> R<&mut DapSession> {
        self.session
            .as_mut()
            .ok_or_else(|| "no program is launched (send `launch` first)".to_string())
    }

    fn warp_of(&mut self, thread_id: i64) -> R<usize> {
        let s = self.session()?;
        let n = s.engine.num_warps() as i64;
        if thread_id < 1 || thread_id > n {
            return Err(format!("no thread {thread_id}: threads are warps 1..{n}"));
        }
        Ok(thread_id as usize - 1)
    }

    fn dispatch(&mut self, command: &str, m: &Value, after: &mut Vec<(String, Value)>) -> R<Value> {
        match command {
            "initialize" => {
                self.initialized = true;
                Ok(serde_json::to_value(capabilities()).unwrap_or(Value::Null))
            }
            "launch" => {
                let a: LaunchArgs = args(m)?;
                let program = a.program.ok_or("launch needs `program`")?;
                let (target, state) = (self.load)(&program, a.state.as_deref())?;
                let cfg = DebugConfig {
                    budget_bytes: a.budget_mib.unwrap_or(64).saturating_mul(1 << 20),
                    max_steps: a.max_steps.unwrap_or(warpkit_sim::DEFAULT_MAX_STEPS),
                    ..DebugConfig::default()
                };
                let fmt = match a.value_format.as_deref() {
                    None => Format::Hex,
                    Some(f) => Format::parse(f)
                        .map_err(|_| format!("valueFormat `{f}`: hex, i32, u32, f32 or f16"))?,
                };
                let engine = Engine::new(target, &state, cfg)?;
                self.session = Some(DapSession {
                    engine,
                    program,
                    source_bps: Vec::new(),
                    instr_bps: Vec::new(),
                    data_bps: Vec::new(),
                    fmt,
                    stop_on_entry: a.stop_on_entry,
                });
                after.push(("initialized".into(), json!({})));
                Ok(Value::Null)
            }
            "configurationDone" => {
                let s = self.session()?;
                if s.stop_on_entry {
                    after.push((
                        "stopped".into(),
                        json!({"reason": "entry", "threadId": 1, "allThreadsStopped": true}),
                    ));
                } else {
                    self.run(after, |e, i| e.cont(i))?;
                }
                Ok(Value::Null)
            }
            "setBreakpoints" => {
                let a: SetBreakpointsArgs = args(m)?;
                let s = self.session()?;
                for id in std::mem::take(&mut s.source_bps) {
                    let _ = s.engine.delete(id);
                }
                let single = s.engine.target().lines.files().len() == 1;
                let file = a.source.path.clone().or(a.source.name.clone());
                let mut out = Vec::new();
                for b in &a.breakpoints {
                    // A line without code moves to the next line that has some (as gdb does).
                    let found = (b.line..b.line + 20).find_map(|l| {
                        let pcs = s
                            .engine
                            .target()
                            .lines
                            .offsets_of(if single { None } else { file.as_deref() }, l);
                        (!pcs.is_empty()).then_some((l, pcs))
                    });
                    let Some((line, pcs)) = found else {
                        out.push(BreakpointOut {
                            id: None,
                            verified: false,
                            line: Some(b.line),
                            message: Some(format!("line {} has no code", b.line)),
                            instruction_reference: None,
                        });
                        continue;
                    };
                    match add_bp(
                        &mut s.engine,
                        &format!("line {line}"),
                        pcs,
                        b.condition.as_deref(),
                        b.hit_condition.as_deref(),
                    ) {
                        Ok(id) => {
                            s.source_bps.push(id);
                            out.push(BreakpointOut {
                                id: Some(id),
                                verified: true,
                                line: Some(line),
                                message: None,
                                instruction_reference: None,
                            });
                        }
                        Err(e) => out.push(BreakpointOut {
                            id: None,
                            verified: false,
                            line: Some(b.line),
                            message: Some(e),
                            instruction_reference: None,
                        }),
                    }
                }
                Ok(json!({"breakpoints": out}))
            }
            "setInstructionBreakpoints" => {
                let a: SetInstructionBreakpointsArgs = args(m)?;
                let s = self.session()?;
                for id in std::mem::take(&mut s.instr_bps) {
                    let _ = s.engine.delete(id);
                }
                let mut out = Vec::new();
                for b in &a.breakpoints {
                    let r = parse_value(&b.instruction_reference)
                        .map_err(|e| format!("instructionReference: {e}"))
                        .and_then(|pc| {
                            let pc = (pc as i64 + b.offset) as u32;
                            add_bp(
                                &mut s.engine,
                                &format!("*0x{pc:x}"),
                                vec![pc],
                                b.condition.as_deref(),
                                b.hit_condition.as_deref(),
                            )
                            .map(|id| (id, pc))
                        });
                    match r {
                        Ok((id, pc)) => {
                            s.instr_bps.push(id);
                            out.push(BreakpointOut {
                                id: Some(id),
                                verified: true,
                                line: None,
                                message: None,
                                instruction_reference: Some(format!("0x{pc:x}")),
                            });
                        }
                        Err(e) => out.push(BreakpointOut {
                            id: None,
                            verified: false,
                            line: None,
                            message: Some(e),
                            instruction_reference: None,
                        }),
                    }
                }
                Ok(json!({"breakpoints": out}))
            }
            "dataBreakpointInfo" => {
                let a: DataBreakpointInfoArgs = args(m)?;
                let s = self.session()?;
                let r = a.variables_reference.unwrap_or(0);
                let (warp, name) = if r > 0 {
                    let w = ((r - 1) / PER_WARP) as usize;
                    let k = (r - 1) % PER_WARP;
                    let name = if k >= K_LANES {
                        format!("v{}{}", k - K_LANES, a.name)
                    } else {
                        a.name.clone()
                    };
                    (Some(w), name)
                } else {
                    (None, a.name.clone())
                };
                match StatePlace::parse(&name) {
                    Ok(l) => {
                        let id = match warp {
                            Some(w) if w < s.engine.num_warps() => format!("{l}@{w}"),
                            _ => l.to_string(),
                        };
                        Ok(
                            json!({"dataId": id, "description": format!("{l} changes"), "accessTypes": ["write"], "canPersist": true}),
                        )
                    }
                    Err(e) => Ok(json!({"dataId": null, "description": e})),
                }
            }
            "setDataBreakpoints" => {
                let a: SetDataBreakpointsArgs = args(m)?;
                let s = self.session()?;
                for id in std::mem::take(&mut s.data_bps) {
                    let _ = s.engine.delete(id);
                }
                let mut out = Vec::new();
                for b in &a.breakpoints {
                    let (loc, warp) = match b.data_id.split_once('@') {
                        Some((l, w)) => (l, w.parse::<usize>().ok()),
                        None => (b.data_id.as_str(), None),
                    };
                    let r = s
                        .engine
                        .add_watchpoint(loc, warp, b.condition.as_deref())
                        .and_then(|id| {
                            if let Some(h) = &b.hit_condition {
                                s.engine
                                    .set_hit_condition(id, Some(HitCondition::parse(h)?))?;
                            }
                            Ok(id)
                        });
                    match r {
                        Ok(id) => {
                            s.data_bps.push(id);
                            out.push(BreakpointOut {
                                id: Some(id),
                                verified: true,
                                line: None,
                                message: None,
                                instruction_reference: None,
                            });
                        }
                        Err(e) => out.push(BreakpointOut {
                            id: None,
                            verified: false,
                            line: None,
                            message: Some(e),
                            instruction_reference: None,
                        }),
                    }
                }
                Ok(json!({"breakpoints": out}))
            }
            "setExceptionBreakpoints" => {
                let a: SetExceptionBreakpointsArgs = args(m)?;
                let s = self.session()?;
                let mut causes = Vec::new();
                let mut any = false;
                for f in &a.filters {
                    match f.as_str() {
                        "fault" => any = true,
                        "IllegalInsn" => causes.push(FaultCause::IllegalInsn),
                        "FetchFault" => causes.push(FaultCause::FetchFault),
                        _ => {
                            return Err(format!(
                                "unknown exception filter `{f}`: fault, IllegalInsn, FetchFault"
                            ))
                        }
                    }
                }
                s.engine.set_fault_catch(if any {
                    FaultCatch::Any
                } else if causes.is_empty() {
                    FaultCatch::None
                } else {
                    FaultCatch::Causes(causes)
                });
                Ok(json!({}))
            }
            "threads" => {
                let s = self.session()?;
                let threads: Vec<Thread> = s
                    .engine
                    .warp_views()
                    .iter()
                    .map(|v| Thread {
                        id: v.index as i64 + 1,
                        name: format!("warp {} ({})", v.index, v.status.name()),
                    })
                    .collect();
                Ok(json!({"threads": threads}))
            }
            "stackTrace" => {
                let a: ThreadArgs = args(m)?;
                let w = self.warp_of(a.thread_id)?;
                let s = self.session()?;
                let v = s.engine.warp_view(w)?;
                let mut pcs = vec![(
                    v.pc,
                    s.engine.target().symbolize(v.pc).map(|x| x.0.to_string()),
                )];
                for f in v.frames.iter().rev() {
                    pcs.push((
                        f.call_pc,
                        s.engine
                            .target()
                            .symbolize(f.call_pc)
                            .map(|x| x.0.to_string()),
                    ));
                }
                let single = s.engine.target().lines.files().len() <= 1;
                let frames: Vec<StackFrame> = pcs
                    .iter()
                    .enumerate()
                    .map(|(i, (pc, sym))| {
                        let pos = s.engine.target().lines.pos_of(*pc);
                        StackFrame {
                            id: w as i64 * FRAMES_PER_WARP + i as i64,
                            name: match sym {
                                Some(l) => format!("{l} (0x{pc:x})"),
                                None => format!("0x{pc:x}"),
                            },
                            source: pos.as_ref().map(|p| {
                                let path = source_path(&s.program, single, &p.file);
                                SourceOut {
                                    name: base_name(&path),
                                    path,
                                }
                            }),
                            line: pos.map_or(0, |p| p.line),
                            column: 1,
                            instruction_pointer_reference: format!("0x{pc:x}"),
                        }
                    })
                    .collect();
                Ok(json!({"stackFrames": frames, "totalFrames": pcs.len()}))
            }
            "scopes" => {
                let a: FrameArgs = args(m)?;
                let w = a.frame_id / FRAMES_PER_WARP;
                self.warp_of(w + 1)?;
                let s = self.session()?;
                let vgprs = s.engine.warp(w as usize)?.vgprs();
                let base = 1 + w * PER_WARP;
                let scopes = vec![
                    Scope {
                        name: "Vector".into(),
                        variables_reference: base + K_VECTOR,
                        expensive: false,
                        named_variables: vgprs,
                    },
                    Scope {
                        name: "Uniform".into(),
                        variables_reference: base + K_UNIFORM,
                        expensive: false,
                        named_variables: NUM_UREGS as u32,
                    },
                    Scope {
                        name: "Control".into(),
                        variables_reference: base + K_CONTROL,
                        expensive: false,
                        named_variables: 6,
                    },
                ];
                Ok(json!({"scopes": scopes}))
            }
            "variables" => {
                let a: VariablesArgs = args(m)?;
                let (w, k) = self.split_ref(a.variables_reference)?;
                let s = self.session()?;
                let fmt = asked_format(a.format.as_ref(), s.fmt);
                Ok(json!({"variables": variables(&s.engine, w, k, fmt)?}))
            }
            "setVariable" => {
                let a: SetVariableArgs = args(m)?;
                let (w, k) = self.split_ref(a.variables_reference)?;
                let s = self.session()?;
                let name = if k >= K_LANES {
                    format!("v{}{}", k - K_LANES, a.name)
                } else {
                    a.name.clone()
                };
                let loc = StatePlace::parse(&name)?;
                let v = parse_value(&a.value)?;
                s.engine.set(w, &name, v)?;
                let shown = match loc.read(s.engine.warp(w)?).as_slice() {
                    [x] => show_scalar(loc, *x, s.fmt),
                    lanes => format!("[{} lanes]", lanes.len()),
                };
                Ok(json!({"value": shown}))
            }
            "evaluate" => {
                let a: EvaluateArgs = args(m)?;
                let w = match a.frame_id {
                    Some(f) => {
                        let w = f / FRAMES_PER_WARP;
                        self.warp_of(w + 1)?
                    }
                    None => self.session()?.engine.selected(),
                };
                let s = self.session()?;
                let fmt = asked_format(a.format.as_ref(), s.fmt);
                let e = a.expression.trim();
                if let Ok(loc) = StatePlace::parse(e) {
                    let vals = loc.read(s.engine.warp(w)?);
                    if loc.is_vector() {
                        let lanes_ref = match loc {
                            StatePlace::V { reg, .. } => {
                                1 + w as i64 * PER_WARP + K_LANES + reg as i64
                            }
                            _ => 0,
                        };
                        let text: Vec<String> = vals
                            .iter()
                            .map(|v| present::value(*v, loc.width(), fmt))
                            .collect();
                        return Ok(
                            json!({"result": format!("[{}]", text.join(", ")), "variablesReference": lanes_ref}),
                        );
                    }
                    return Ok(
                        json!({"result": show_scalar(loc, vals[0], fmt), "variablesReference": 0}),
                    );
                }
                let v = s.engine.eval(w, e)?;
                // An expression's value: decimal with its hex, or only hex when asked.
                let text = match a.format.and_then(|f| f.hex) {
                    Some(true) => format!("0x{v:x}"),
                    _ => format!("{v} (0x{v:x})"),
                };
                Ok(json!({"result": text, "variablesReference": 0}))
            }
            "continue" => {
                let a: ThreadArgs = args(m)?;
                if a.thread_id != 0 {
                    self.warp_of(a.thread_id)?;
                }
                self.run(after, |e, i| e.cont(i))?;
                Ok(json!({"allThreadsContinued": true}))
            }
            "next" | "stepIn" | "stepOut" | "stepBack" => {
                let a: ThreadArgs = args(m)?;
                let w = self.warp_of(a.thread_id)?;
                self.session()?.engine.select(w)?;
                let r: R<()> = match command {
                    "next" => self.run_r(after, |e, i| e.next(w, i)),
                    "stepIn" => self.run_r(after, |e, _| e.step(w)),
                    "stepOut" => self.run_r(after, |e, i| e.finish(w, i)),
                    _ => self.run_r(after, |e, _| e.reverse_step(w)),
                };
                r.map(|()| Value::Null)
            }
            "reverseContinue" => {
                let a: ThreadArgs = args(m)?;
                if a.thread_id != 0 {
                    self.warp_of(a.thread_id)?;
                }
                self.run(after, |e, _| e.reverse_continue())?;
                Ok(Value::Null)
            }
            "pause" => {
                // The reader thread already interrupted a running motion; when nothing
                // runs, report the stop anyway.
                let a: ThreadArgs = args(m)?;
                self.session()?;
                self.interrupt.store(false, Ordering::Relaxed);
                after.push(("stopped".into(), json!({"reason": "pause", "threadId": a.thread_id.max(1), "allThreadsStopped": true})));
                Ok(Value::Null)
            }
            "gotoTargets" => {
                let a: GotoTargetsArgs = args(m)?;
                let s = self.session()?;
                let single = s.engine.target().lines.files().len() == 1;
                let pcs = s.engine.target().lines.offsets_of(
                    if single {
                        None
                    } else {
                        a.source.path.as_deref()
                    },
                    a.line,
                );
                let targets: Vec<GotoTarget> = pcs
                    .iter()
                    .map(|&pc| GotoTarget {
                        id: pc as i64 + 1,
                        label: format!("line {} (0x{pc:x})", a.line),
                        line: a.line,
                        instruction_pointer_reference: format!("0x{pc:x}"),
                    })
                    .collect();
                Ok(json!({"targets": targets}))
            }
            "goto" => {
                let a: GotoArgs = args(m)?;
                let w = self.warp_of(a.thread_id)?;
                if a.target_id < 1 {
                    return Err(format!("no goto target {}", a.target_id));
                }
                let s = self.session()?;
                s.engine.set(w, "pc", (a.target_id - 1) as u64)?;
                after.push((
                    "stopped".into(),
                    json!({"reason": "goto", "threadId": a.thread_id, "allThreadsStopped": true}),
                ));
                Ok(Value::Null)
            }
            "disassemble" => {
                let a: DisassembleArgs = args(m)?;
                let s = self.session()?;
                let base = parse_value(&a.memory_reference)
                    .map_err(|e| format!("memoryReference: {e}"))?
                    as i64
                    + a.offset;
                let count = a.instruction_count.clamp(0, 100_000) as usize;
                let starts = s.engine.target().instruction_starts();
                let at =
                    starts.partition_point(|&p| (p as i64) < base) as i64 + a.instruction_offset;
                let mut out = Vec::with_capacity(count);
                for k in 0..count as i64 {
                    let i = at + k;
                    match (i >= 0).then(|| starts.get(i as usize)).flatten() {
                        Some(&pc) => {
                            let (text, size) = s
                                .engine
                                .disassemble_at(pc)
                                .unwrap_or(("(does not decode)".into(), 4));
                            let (word, _) = s.engine.program().raw_word(pc);
                            let pos = s.engine.target().lines.pos_of(pc);
                            out.push(DisassembledInstruction {
                                address: format!("0x{pc:x}"),
                                instruction_bytes: if size == 8 {
                                    format!("{word:016x}")
                                } else {
                                    format!("{:08x}", word as u32)
                                },
                                instruction: text,
                                symbol: s.engine.target().label_at(pc).map(str::to_string),
                                location: pos.as_ref().map(|_| SourceOut {
                                    name: base_name(&s.program),
                                    path: s.program.clone(),
                                }),
                                line: pos.map(|p| p.line),
                            });
                        }
                        // Outside the code: placeholder rows, as the protocol wants the count.
                        None => out.push(DisassembledInstruction {
                            address: format!("0x{:x}", (base + 4 * k).max(0)),
                            instruction_bytes: String::new(),
                            instruction: "(outside the code)".into(),
                            symbol: None,
                            location: None,
                            line: None,
                        }),
                    }
                }
                Ok(json!({"instructions": out}))
            }
            "terminate" => {
                let code = self.exit_code();
                after.push(("exited".into(), json!({"exitCode": code})));
                after.push(("terminated".into(), json!({})));
                Ok(Value::Null)
            }
            "disconnect" => {
                self.done = true;
                Ok(Value::Null)
            }
            _ => Err(format!("unknown or unsupported request `{command}`")),
        }
    }

    fn exit_code(&self) -> i64 {
        self.session.as_ref().map_or(0, |s| {
            (0..s.engine.num_warps()).any(|w| s.engine.status(w) == Ok(WarpStatus::Faulted)) as i64
        })
    }

    fn split_ref(&mut self, r: i64) -> R<(usize, i64)> {
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

    fn run(
        &mut self,
        after: &mut Vec<(String, Value)>,
        f: impl FnOnce(&mut Engine, Option<&AtomicBool>) -> Stop,
    ) -> R<()> {
        self.run_r(after, |e, i| Ok(f(e, i)))
    }

    fn run_r(
        &mut self,
        after: &mut Vec<(String, Value)>,
        f: impl FnOnce(&mut Engine, Option<&AtomicBool>) -> R<Stop>,
    ) -> R<()> {
        let flag = self.interrupt.clone();
        flag.store(false, Ordering::Relaxed);
        let s = self.session()?;
        let stop = f(&mut s.engine, Some(&flag))?;
        let (reason, text, ids) = match &stop.reason {
            StopReason::Breakpoint { id } if s.instr_bps.contains(id) => {
                ("instruction breakpoint".to_string(), None, vec![*id])
            }
            StopReason::Breakpoint { id } => ("breakpoint".into(), None, vec![*id]),
            StopReason::Watchpoint { id, loc, .. } => (
                "data breakpoint".into(),
                Some(format!("{loc} changed")),
                vec![*id],
            ),
            StopReason::Fault { fault } => (
                "exception".into(),
                Some(format!("{}: {}", fault.name, fault.reason)),
                vec![],
            ),
            StopReason::Interrupted => ("pause".into(), None, vec![]),
            StopReason::AllEnded => {
                after.push(("output".into(), json!({"category": "console", "output": "The program ended: no warp is live.\n"})));
                ("end".into(), Some("no warp is live".to_string()), vec![])
            }
            StopReason::HistoryStart => (
                "step".into(),
                Some("at the launch: no earlier history".into()),
                vec![],
            ),
            _ => ("step".into(), None, vec![]),
        };
        let thread = stop.warp.unwrap_or(s.engine.selected()) as i64 + 1;
        let description = match &stop.reason {
            StopReason::Fault { fault } => Some(fault.name.to_string()),
            _ => text.clone(),
        };
        let ev = StoppedEvent {
            reason,
            description,
            thread_id: Some(thread),
            all_threads_stopped: true,
            text,
            hit_breakpoint_ids: ids,
        };
        after.push((
            "stopped".into(),
            serde_json::to_value(ev).unwrap_or(Value::Null),
        ));
        Ok(())
    }
}

fn add_bp(
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

fn base_name(p: &str) -> String {
    std::path::Path::new(p)
        .file_name()
        .map_or_else(|| p.to_string(), |n| n.to_string_lossy().into_owned())
}

/// A value of the state in the session's format (or `format.hex`): the shared presenter
/// for registers, hex for the control fields.
fn show_scalar(loc: StatePlace, v: u64, fmt: Format) -> String {
    match loc.width() {
        16 | 32 | 64 => present::value(v, loc.width(), fmt),
        _ => format!("0x{v:x}"),
    }
}

/// The format a request asks for: hex when its `format.hex` is true, else the launch's.
fn asked_format(f: Option<&ValueFormat>, launch: Format) -> Format {
    match f.and_then(|f| f.hex) {
        Some(true) => Format::Hex,
        _ => launch,
    }
}

fn variables(e: &Engine, w: usize, k: i64, fmt: Format) -> R<Vec<Variable>> {
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

fn capabilities() -> Capabilities {
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
fn source_path(program: &str, single: bool, file: &str) -> String {
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
