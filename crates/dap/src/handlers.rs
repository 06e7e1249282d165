//! One handler per request, as rust-analyzer's handlers are: each reads its arguments,
//! works on the [`AdapterState`], and answers a body or a [`Motion`] to start. [`find`] maps a
//! command to its handler.

use crate::server::ValueFormat;
use crate::server::*;
use crate::types::{
    BreakpointOut, DataBreakpointInfoArgs, DisassembleArgs, EvaluateArgs, FrameArgs, GotoArgs,
    GotoTarget, GotoTargetsArgs, LaunchArgs, Scope, SetBreakpointsArgs, SetDataBreakpointsArgs,
    SetExceptionBreakpointsArgs, SetInstructionBreakpointsArgs, SetVariableArgs, SourceOut,
    StackFrame, ThreadArgs, VariablesArgs,
};
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use warpkit_debug::{
    loc::parse_value, DebugConfig, Engine, FaultCatch, HitCondition, StatePlace, Stop,
};
use warpkit_sim::{FaultCause, NUM_UREGS};
use warpkit_ui::command;

/// A request handler.
pub(crate) type RequestHandler = fn(&mut AdapterState, &Value, &mut Events) -> R<HandlerOutcome>;

/// The handler of a command.
pub(crate) fn find(command: &str) -> Option<RequestHandler> {
    Some(match command {
        "initialize" => initialize,
        "launch" => launch,
        "configurationDone" => configuration_done,
        "setBreakpoints" => set_breakpoints,
        "setInstructionBreakpoints" => set_instruction_breakpoints,
        "dataBreakpointInfo" => data_breakpoint_info,
        "setDataBreakpoints" => set_data_breakpoints,
        "setExceptionBreakpoints" => set_exception_breakpoints,
        "threads" => threads,
        "stackTrace" => stack_trace,
        "scopes" => scopes,
        "variables" => variables,
        "setVariable" => set_variable,
        "evaluate" => evaluate,
        "continue" => continue_,
        "next" => next,
        "stepIn" => step_in,
        "stepOut" => step_out,
        "stepBack" => step_back,
        "reverseContinue" => reverse_continue,
        "pause" => pause,
        "gotoTargets" => goto_targets,
        "goto" => goto,
        "disassemble" => disassemble,
        "terminate" => terminate,
        "disconnect" => disconnect,
        _ => return None,
    })
}

/// Requests that start a motion or replace the session: refused while one runs.
pub(crate) fn moves(command: &str) -> bool {
    matches!(
        command,
        "launch"
            | "configurationDone"
            | "continue"
            | "next"
            | "stepIn"
            | "stepOut"
            | "stepBack"
            | "reverseContinue"
            | "goto"
    )
}

fn body(v: Value) -> R<HandlerOutcome> {
    Ok(HandlerOutcome::Body(v))
}

fn initialize(st: &mut AdapterState, _: &Value, _: &mut Events) -> R<HandlerOutcome> {
    st.initialized = true;
    body(serde_json::to_value(capabilities()).unwrap_or(Value::Null))
}

fn launch(st: &mut AdapterState, m: &Value, ev: &mut Events) -> R<HandlerOutcome> {
    let a: LaunchArgs = args(m)?;
    let program = a.program.clone().ok_or("launch needs `program`")?;
    let fmt = crate::server::parse_format(a.value_format.as_deref().unwrap_or("hex"))?;
    let (target, state) = (st.load)(&a)?;
    let cfg = DebugConfig {
        budget_bytes: a.budget_mib.unwrap_or(64).saturating_mul(1 << 20),
        max_steps: a.max_steps.unwrap_or(warpkit_sim::DEFAULT_MAX_STEPS),
        ..DebugConfig::default()
    };
    let engine = Engine::new(target, &state, cfg)?;
    st.session = Some(DapSession {
        engine,
        program,
        source_bps: Vec::new(),
        instr_bps: Vec::new(),
        data_bps: Vec::new(),
        fmt,
        stop_on_entry: a.stop_on_entry,
        console: command::Session::detached(false),
    });
    ev.push(("initialized".into(), json!({})));
    body(Value::Null)
}

fn run_cont(e: &mut Engine, _: usize, i: &AtomicBool) -> R<Stop> {
    Ok(e.cont(Some(i)))
}

fn cont_motion(name: &'static str, warp: usize, body: Value) -> HandlerOutcome {
    HandlerOutcome::Motion(Motion {
        name,
        run: run_cont,
        warp,
        resumable: true,
        body,
    })
}

fn configuration_done(st: &mut AdapterState, _: &Value, ev: &mut Events) -> R<HandlerOutcome> {
    let s = st.session()?;
    if s.stop_on_entry {
        ev.push((
            "stopped".into(),
            json!({"reason": "entry", "threadId": 1, "allThreadsStopped": true}),
        ));
        return body(Value::Null);
    }
    Ok(cont_motion("continue", 0, Value::Null))
}

/// The first instruction of each run of a line's code: a line that expands to several
/// instructions (a macro, `.irp`) stops once, not once per instruction.
fn line_starts(e: &Engine, pcs: Vec<u32>) -> Vec<u32> {
    let rows = e.target().lines.rows();
    pcs.into_iter()
        .filter(|&pc| {
            let i = rows.partition_point(|r| r.offset < pc);
            match (i.checked_sub(1).map(|j| rows[j]), rows.get(i)) {
                (Some(prev), Some(row)) => {
                    prev.offset + prev.size != pc || (prev.file, prev.line) != (row.file, row.line)
                }
                _ => true,
            }
        })
        .collect()
}

fn unverified(line: Option<u32>, message: String) -> BreakpointOut {
    BreakpointOut {
        id: None,
        verified: false,
        line,
        message: Some(message),
        instruction_reference: None,
    }
}

fn set_breakpoints(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: SetBreakpointsArgs = args(m)?;
    let s = st.session()?;
    let file = a.source.path.clone().or(a.source.name.clone());
    let key = file.clone().unwrap_or_default();
    s.source_bps.retain(|(k, id)| {
        k != &key || {
            let _ = s.engine.delete(*id);
            false
        }
    });
    let files = s.engine.target().lines.files();
    let single = files.len() == 1;
    let name = base_name(&key);
    // A one-file program matches its file by name only (the client's path and the
    // program's may be spelt differently); another file's lines are not its lines.
    let foreign = single && name != base_name(&files[0]) && name != base_name(&s.program);
    let mut out = Vec::new();
    for b in &a.breakpoints {
        if foreign {
            let why = format!(
                "{name} is not part of the program ({})",
                base_name(&s.program)
            );
            out.push(unverified(Some(b.line), why));
            continue;
        }
        // A line without code moves to the next line that has some (as gdb does).
        let found = (b.line..b.line.saturating_add(20)).find_map(|l| {
            let pcs = s
                .engine
                .target()
                .lines
                .offsets_of(if single { None } else { file.as_deref() }, l);
            (!pcs.is_empty()).then_some((l, pcs))
        });
        let Some((line, pcs)) = found else {
            out.push(unverified(
                Some(b.line),
                format!("line {} of {name} has no code", b.line),
            ));
            continue;
        };
        let pcs = line_starts(&s.engine, pcs);
        match add_bp(
            &mut s.engine,
            &format!("{name}:{line}"),
            pcs,
            b.condition.as_deref(),
            b.hit_condition.as_deref(),
        ) {
            Ok(id) => {
                s.source_bps.push((key.clone(), id));
                out.push(BreakpointOut {
                    id: Some(id),
                    verified: true,
                    line: Some(line),
                    message: None,
                    instruction_reference: None,
                });
            }
            Err(e) => out.push(unverified(Some(b.line), e)),
        }
    }
    body(json!({ "breakpoints": out }))
}

fn set_instruction_breakpoints(
    st: &mut AdapterState,
    m: &Value,
    _: &mut Events,
) -> R<HandlerOutcome> {
    let a: SetInstructionBreakpointsArgs = args(m)?;
    let s = st.session()?;
    for id in std::mem::take(&mut s.instr_bps) {
        let _ = s.engine.delete(id);
    }
    let mut out = Vec::new();
    for b in &a.breakpoints {
        let r = parse_value(&b.instruction_reference)
            .map_err(|e| format!("instructionReference: {e}"))
            .and_then(|pc| {
                let pc = u32::try_from(pc as i128 + b.offset as i128)
                    .map_err(|_| format!("{} + {} is not an address", pc, b.offset))?;
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
            Err(e) => out.push(unverified(None, e)),
        }
    }
    body(json!({ "breakpoints": out }))
}

fn data_breakpoint_info(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: DataBreakpointInfoArgs = args(m)?;
    let s = st.session()?;
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
    body(match StatePlace::parse(&name) {
        Ok(l) => {
            let id = match warp {
                Some(w) if w < s.engine.num_warps() => format!("{l}@{w}"),
                _ => l.to_string(),
            };
            json!({"dataId": id, "description": format!("{l} changes"), "accessTypes": ["write"], "canPersist": true})
        }
        Err(e) => json!({"dataId": null, "description": e}),
    })
}

fn set_data_breakpoints(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: SetDataBreakpointsArgs = args(m)?;
    let s = st.session()?;
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
                if let Some(h) = b.hit_condition.as_deref().filter(|h| !h.trim().is_empty()) {
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
            Err(e) => out.push(unverified(None, e)),
        }
    }
    body(json!({ "breakpoints": out }))
}

fn set_exception_breakpoints(
    st: &mut AdapterState,
    m: &Value,
    _: &mut Events,
) -> R<HandlerOutcome> {
    let a: SetExceptionBreakpointsArgs = args(m)?;
    let s = st.session()?;
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
    body(json!({}))
}

fn threads(st: &mut AdapterState, _: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let s = st.session()?;
    body(json!({"threads": crate::server::threads(&s.engine)}))
}

fn stack_trace(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: ThreadArgs = args(m)?;
    let w = st.warp_of(a.thread_id)?;
    let s = st.session()?;
    let t = s.engine.target();
    let v = s.engine.warp_view(w)?;
    let mut pcs = vec![v.pc];
    pcs.extend(v.frames.iter().rev().map(|f| f.call_pc));
    let single = t.lines.files().len() <= 1;
    let frames: Vec<StackFrame> = pcs
        .iter()
        .enumerate()
        .map(|(i, &pc)| {
            // A warp that exited is past the code: no line of the source is there.
            let inside = (pc as usize) < t.code.len();
            let pos = inside.then(|| t.lines.pos_of(pc)).flatten();
            StackFrame {
                id: w as i64 * FRAMES_PER_WARP + i as i64,
                name: match t.symbolize(pc) {
                    _ if !inside => format!("end of the code (0x{pc:x})"),
                    Some((l, _)) => format!("{l} (0x{pc:x})"),
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
    body(json!({"stackFrames": frames, "totalFrames": pcs.len()}))
}

fn scopes(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: FrameArgs = args(m)?;
    let w = st.warp_of_frame(a.frame_id)?;
    let s = st.session()?;
    let vgprs = s.engine.warp(w)?.vgprs();
    let base = 1 + w as i64 * PER_WARP;
    let scope = |name: &str, k: i64, n: u32| Scope {
        name: name.into(),
        variables_reference: base + k,
        expensive: false,
        named_variables: n,
    };
    let scopes = vec![
        scope("Vector", K_VECTOR, vgprs),
        scope("Uniform", K_UNIFORM, NUM_UREGS as u32),
        scope("Control", K_CONTROL, 6),
    ];
    body(json!({ "scopes": scopes }))
}

/// The format a request asks for (`format.hex`), else the session's.
fn format_of(f: &Option<crate::types::ValueFormat>, default: ValueFormat) -> ValueFormat {
    match f.as_ref().and_then(|f| f.hex) {
        Some(true) => ValueFormat::Hex,
        _ => default,
    }
}

fn variables(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: VariablesArgs = args(m)?;
    let (w, k) = st.split_ref(a.variables_reference)?;
    let s = st.session()?;
    let fmt = format_of(&a.format, s.fmt);
    body(json!({"variables": crate::server::variables(&s.engine, w, k, fmt)?}))
}

fn set_variable(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: SetVariableArgs = args(m)?;
    let (w, k) = st.split_ref(a.variables_reference)?;
    let s = st.session()?;
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
    body(json!({ "value": shown }))
}

fn evaluate(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: EvaluateArgs = args(m)?;
    let w = match a.frame_id {
        Some(f) => st.warp_of_frame(f)?,
        None => st.session()?.engine.selected(),
    };
    let s = st.session()?;
    let fmt = format_of(&a.format, s.fmt);
    let e = a.expression.trim();
    // The debug console also takes the CLI's commands (`info warps`, `last-write v1`); a
    // register name or an expression stays what it was.
    let repl = a.context.as_deref() == Some("repl");
    if repl && StatePlace::parse(e).is_err() && command::names_command(e) {
        return console_command(s, w, e);
    }
    if let Ok(loc) = StatePlace::parse(e) {
        let vals = loc.read(s.engine.warp(w)?);
        if loc.is_vector() {
            let lanes_ref = match loc {
                StatePlace::V { reg, .. } => 1 + w as i64 * PER_WARP + K_LANES + reg as i64,
                _ => 0,
            };
            let text: Vec<String> = vals.iter().map(|&v| show_scalar(loc, v, fmt)).collect();
            return body(
                json!({"result": format!("[{}]", text.join(", ")), "variablesReference": lanes_ref}),
            );
        }
        return body(json!({"result": show_scalar(loc, vals[0], fmt), "variablesReference": 0}));
    }
    let v = match s.engine.eval(w, e) {
        Ok(v) => v,
        Err(not_expr) if repl => {
            let not_cmd = command::parse(e).err().unwrap_or_default();
            return Err(format!("{not_cmd} (nor an expression: {not_expr})"));
        }
        Err(not_expr) => return Err(not_expr),
    };
    let result = if a.format.as_ref().and_then(|f| f.hex) == Some(true) {
        format!("0x{v:x}")
    } else {
        format!("{v} (0x{v:x})")
    };
    body(json!({"result": result, "variablesReference": 0}))
}

/// One command of the shared vocabulary, on warp `w` (the frame's): its text, or its error.
/// Motions are refused: the toolbar runs them, so that their `stopped` events follow.
fn console_command(s: &mut DapSession, w: usize, line: &str) -> R<HandlerOutcome> {
    s.engine.select(w)?;
    let r = s.console.execute_on(
        &mut s.engine,
        line,
        "run the program from the toolbar (continue, step, step back, reverse continue)",
    );
    if r.failed {
        let text = r.text.trim_end();
        return Err(text.strip_prefix("error: ").unwrap_or(text).to_string());
    }
    body(json!({"result": r.text.trim_end(), "variablesReference": 0}))
}

/// The warp a `continue` concerns (`threadId` 0: the selected one).
fn any_thread(st: &mut AdapterState, m: &Value) -> R<usize> {
    let a: ThreadArgs = args(m)?;
    if a.thread_id != 0 {
        st.warp_of(a.thread_id)
    } else {
        Ok(st.session()?.engine.selected())
    }
}

fn continue_(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let w = any_thread(st, m)?;
    Ok(cont_motion(
        "continue",
        w,
        json!({"allThreadsContinued": true}),
    ))
}

/// A motion of one live warp, selected first.
fn warp_motion(
    st: &mut AdapterState,
    m: &Value,
    name: &'static str,
    run: MotionFn,
) -> R<HandlerOutcome> {
    let a: ThreadArgs = args(m)?;
    let w = st.live_warp_of(a.thread_id)?;
    st.session()?.engine.select(w)?;
    Ok(HandlerOutcome::Motion(Motion {
        name,
        run,
        warp: w,
        resumable: false,
        body: Value::Null,
    }))
}

fn next(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    warp_motion(st, m, "next", |e, w, i| e.next(w, Some(i)))
}

fn step_in(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    warp_motion(st, m, "stepIn", |e, w, _| e.step(w))
}

/// Out of the current call; in the outermost frame, on to the warp's end (an editor
/// expects a stop where gdb's `finish` refuses).
fn step_out(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    warp_motion(st, m, "stepOut", |e, w, i| {
        if e.frames(w)?.is_empty() {
            e.advance(w, Vec::new(), Some(i))
        } else {
            e.finish(w, Some(i))
        }
    })
}

fn step_back(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: ThreadArgs = args(m)?;
    let w = st.warp_of(a.thread_id)?;
    st.session()?.engine.select(w)?;
    Ok(HandlerOutcome::Motion(Motion {
        name: "stepBack",
        run: |e, w, _| e.reverse_step(w),
        warp: w,
        resumable: false,
        body: Value::Null,
    }))
}

fn reverse_continue(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let w = any_thread(st, m)?;
    Ok(HandlerOutcome::Motion(Motion {
        name: "reverseContinue",
        run: |e, _, i| Ok(e.reverse_continue_within(Some(i))),
        warp: w,
        resumable: true,
        body: Value::Null,
    }))
}

/// `pause` with nothing running: nothing to stop, so no `stopped` event (a running motion's
/// pause is the request loop's).
fn pause(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let _: ThreadArgs = args(m)?;
    st.session()?;
    body(Value::Null)
}

fn goto_targets(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: GotoTargetsArgs = args(m)?;
    let s = st.session()?;
    let lines = &s.engine.target().lines;
    let single = lines.files().len() == 1;
    let file = if single {
        None
    } else {
        a.source.path.as_deref().or(a.source.name.as_deref())
    };
    let targets: Vec<GotoTarget> = lines
        .offsets_of(file, a.line)
        .iter()
        .map(|&pc| GotoTarget {
            id: pc as i64 + 1,
            label: format!("line {} (0x{pc:x})", a.line),
            line: a.line,
            instruction_pointer_reference: format!("0x{pc:x}"),
        })
        .collect();
    body(json!({ "targets": targets }))
}

/// Jump: the warp's PC set to the target (the recorded future is dropped).
fn goto(st: &mut AdapterState, m: &Value, ev: &mut Events) -> R<HandlerOutcome> {
    let a: GotoArgs = args(m)?;
    let w = st.warp_of(a.thread_id)?;
    let pc = a
        .target_id
        .checked_sub(1)
        .and_then(|p| u32::try_from(p).ok())
        .ok_or_else(|| format!("no goto target {}: ask gotoTargets for them", a.target_id))?;
    st.session()?.engine.set(w, "pc", pc as u64)?;
    ev.push((
        "stopped".into(),
        json!({"reason": "goto", "threadId": a.thread_id, "allThreadsStopped": true}),
    ));
    body(Value::Null)
}

fn disassemble(st: &mut AdapterState, m: &Value, _: &mut Events) -> R<HandlerOutcome> {
    let a: DisassembleArgs = args(m)?;
    let s = st.session()?;
    let base = parse_value(&a.memory_reference).map_err(|e| format!("memoryReference: {e}"))?
        as i128
        + a.offset as i128;
    let count = a.instruction_count.clamp(0, 100_000) as usize;
    body(json!({"instructions": disassembly(s, base, a.instruction_offset, count)}))
}

fn terminate(st: &mut AdapterState, _: &Value, ev: &mut Events) -> R<HandlerOutcome> {
    let code = exit_code(st.session.as_ref());
    st.terminated = true;
    st.session = None;
    ev.push(("exited".into(), json!({ "exitCode": code })));
    ev.push(("terminated".into(), json!({})));
    body(Value::Null)
}

fn disconnect(st: &mut AdapterState, _: &Value, _: &mut Events) -> R<HandlerOutcome> {
    st.done = true;
    body(Value::Null)
}
