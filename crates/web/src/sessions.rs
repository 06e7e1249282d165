//! Debugging sessions of the page: an [`Engine`] each, bounded in number, dropped when
//! idle, and the views the page shows (registers of one warp, the EXEC history).

use axum::body::Bytes;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
// Per-session locks are waited for without holding a thread; the map's lock is held only
// to find a session, never across engine work.
use tokio::sync::Mutex as AsyncMutex;
use warpkit_debug::history::{ExecHistory, ExecOverview, ExecWindow};
use warpkit_debug::{Breakpoint, DebugConfig, Engine, Stop, Target, WarpView};

use warpkit_ui::command::Session;

use crate::limits::Limits;
use crate::tools::SOURCE_NAME;

/// One session: the engine, what it was made from, and the breakpoint lines.
pub struct WebSession {
    pub engine: Engine,
    source: String,
    state: String,
    cfg: DebugConfig,
    bp_lines: Vec<u32>,
    last_stop: Option<Stop>,
    note: Option<String>,
    /// The EXEC histories of this launch (the schedule is deterministic: valid until a
    /// reset), made when first asked for.
    exec_hist: Option<ExecHistory>,
    /// The last EXEC history answer: (warp, window start, JSON).
    exec_window: Option<(usize, u64, Bytes)>,
    /// The registers' JSON at (position, warp).
    regs_cache: Option<(u64, usize, Bytes)>,
    /// The console's command session (displays, `list`'s place); the engine is lent to it
    /// for each command.
    console: Session<()>,
}

/// An error for a client: the HTTP status and the message.
#[derive(Debug)]
pub struct ApiError(pub u16, pub String);

impl ApiError {
    pub fn bad(msg: impl Into<String>) -> ApiError {
        ApiError(400, msg.into())
    }
    pub fn conflict(msg: impl Into<String>) -> ApiError {
        ApiError(409, msg.into())
    }
}

/// Sessions by id, each with its last use.
type SessionMap = HashMap<u64, (Arc<AsyncMutex<WebSession>>, Instant)>;

/// The sessions and their last use.
pub struct Store {
    limits: Limits,
    map: Mutex<SessionMap>,
    next: Mutex<u64>,
}

impl Store {
    pub fn new(limits: Limits) -> Store {
        Store {
            limits,
            map: Mutex::new(HashMap::new()),
            next: Mutex::new(1),
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    fn lock_map(&self) -> std::sync::MutexGuard<'_, SessionMap> {
        // A panic elsewhere never leaves the map half-changed: its data stays usable.
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Drop the sessions idle for longer than the limit; how many are left.
    pub fn expire(&self) -> usize {
        let idle = self.limits.session_idle;
        let mut m = self.lock_map();
        m.retain(|_, (_, t)| t.elapsed() < idle);
        m.len()
    }

    pub fn len(&self) -> usize {
        self.lock_map().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Add a session, if there is room (after dropping idle ones).
    pub fn insert(&self, s: WebSession) -> Result<u64, ApiError> {
        self.expire();
        let mut m = self.lock_map();
        if m.len() >= self.limits.max_sessions {
            return Err(ApiError(
                503,
                format!(
                    "too many sessions: the server keeps at most {} (idle ones expire after {} s); \
                     close one or try again later",
                    self.limits.max_sessions,
                    self.limits.session_idle.as_secs()
                ),
            ));
        }
        let mut n = self.next.lock().unwrap_or_else(|e| e.into_inner());
        let id = *n;
        *n += 1;
        m.insert(id, (Arc::new(AsyncMutex::new(s)), Instant::now()));
        Ok(id)
    }

    pub fn get(&self, id: u64) -> Result<Arc<AsyncMutex<WebSession>>, ApiError> {
        let mut m = self.lock_map();
        match m.get_mut(&id) {
            Some((s, t)) if t.elapsed() < self.limits.session_idle => {
                *t = Instant::now();
                Ok(s.clone())
            }
            Some(_) => {
                m.remove(&id);
                Err(ApiError(
                    404,
                    format!("session {id} expired (idle too long); start a new one"),
                ))
            }
            None => Err(ApiError(
                404,
                format!("no session {id} (it may have expired); start a new one"),
            )),
        }
    }

    pub fn remove(&self, id: u64) -> Result<(), ApiError> {
        self.lock_map()
            .remove(&id)
            .map(|_| ())
            .ok_or_else(|| ApiError(404, format!("no session {id}")))
    }
}

/// The program and launch state of a session, by the loader every front shares (the
/// assembler's front stage: macros, kernels; no `.include`, which would read the server's
/// files): its target and the state started at its kernel.
fn debuggee(source: &str, state: &str) -> Result<(Target, String), ApiError> {
    use warpkit_ui::load::{load_program, LoadOptions, ProgramFormat, Sources};
    let p = load_program(
        SOURCE_NAME,
        source.as_bytes().to_vec(),
        None,
        ProgramFormat::Asm,
        &LoadOptions::default(),
    )
    .map_err(|e| ApiError::bad(e.to_string().trim_end().to_string()))?;
    let sources = vec![(SOURCE_NAME.to_string(), source.to_string())];
    p.debuggee(sources, Sources::Given, state)
        .map_err(|e| ApiError::bad(format!("state: {e}")))
}

/// Registers of one warp, for the grid, written as JSON:
/// `{warp, pc, exec, rm, rm16, fflags, steps, vgprs, v, u}`. Lane values go out as hex, 8
/// digits per 32-bit value: one string of 32 lanes (lane 0 first) per vector register up to
/// the last one that is not all zero, and one string for all uniform registers. Written straight into bytes with a table: this is
/// most of what a step costs the server, and a fraction of the work (and bytes) of 4096
/// JSON numbers.
pub fn regs_to_json(w: usize, warp: &warpkit_sim::Warp) -> Vec<u8> {
    use std::io::Write;
    let n = (warp.vgprs() as usize).min(warp.vregs().len());
    // Registers after the last one with a non-zero lane are all zero: left out (`vgprs`
    // says how many there are).
    let sent = warp.vregs()[..n]
        .iter()
        .rposition(|r| r.iter().any(|&x| x != 0))
        .map_or(0, |i| i + 1);
    let (vregs, uregs) = (&warp.vregs()[..sent], warp.uregs());
    let mut out = Vec::with_capacity(192 + n * (32 * 8 + 3) + uregs.len() * 8);
    // Writing to a Vec cannot fail.
    let _ = write!(
        out,
        r#"{{"warp":{w},"pc":{},"exec":{},"rm":{},"rm16":{},"fflags":{},"steps":{},"vgprs":{n},"v":["#,
        warp.pc(),
        warp.exec(),
        warp.mode().rm,
        warp.mode().rm16,
        warp.fflags(),
        warp.steps()
    );
    for (i, r) in vregs.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_hex(&mut out, r);
    }
    out.extend_from_slice(br#"],"u":"#);
    push_hex(&mut out, uregs);
    out.push(b'}');
    out
}

/// The 8 hex digits of `x`, most significant first, computed in one u64 (no table, no
/// branch): each nibble is spread into a byte, then made a digit or a letter.
fn hex8(x: u32) -> [u8; 8] {
    let mut v = x as u64;
    v = (v | (v << 16)) & 0x0000_ffff_0000_ffff;
    v = (v | (v << 8)) & 0x00ff_00ff_00ff_00ff;
    v = (v | (v << 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // 1 in each byte whose nibble is 10 or more.
    let letters = ((v + 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101;
    (v + 0x3030_3030_3030_3030 + letters * (b'a' - b'0' - 10) as u64).to_be_bytes()
}

/// `"` + 8 hex digits per word + `"`.
fn push_hex(out: &mut Vec<u8>, words: &[u32]) {
    out.push(b'"');
    let start = out.len();
    out.resize(start + words.len() * 8, 0);
    for (w, o) in words.iter().zip(out[start..].chunks_exact_mut(8)) {
        o.copy_from_slice(&hex8(*w));
    }
    out.push(b'"');
}

/// The lane values of a hex string of [`RegsView`] (for clients and tests).
pub fn unhex(s: &str) -> Option<Vec<u32>> {
    if !s.len().is_multiple_of(8) || !s.is_ascii() {
        return None;
    }
    (0..s.len() / 8)
        .map(|i| u32::from_str_radix(&s[8 * i..8 * i + 8], 16).ok())
        .collect()
}

/// What a motion leaves for the page, serialised straight to bytes (no JSON tree).
#[derive(Serialize)]
struct ViewOut<'a> {
    id: u64,
    position: u64,
    selected: usize,
    stop: &'a Option<Stop>,
    note: &'a Option<String>,
    warps: Vec<WarpView>,
    line: Option<u32>,
    breakpoints: &'a [Breakpoint],
    breakpoint_lines: &'a [u32],
    #[serde(skip_serializing_if = "Option::is_none")]
    breakpoint_errors: Option<&'a [Value]>,
    /// A console command's reply: `{"text", "failed"}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    console: Option<Value>,
}

fn to_bytes<T: Serialize>(v: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(v).map_err(|e| ApiError(500, format!("internal error: {e}")))
}

impl WebSession {
    /// Assemble `source` and launch the warps of `state`.
    pub fn new(source: String, state: String, limits: &Limits) -> Result<WebSession, ApiError> {
        let (target, state) = debuggee(&source, &state)?;
        let cfg = DebugConfig {
            budget_bytes: limits.history_bytes,
            max_steps: limits.max_steps,
            checkpoint_interval: limits.checkpoint_interval,
        };
        let engine = Engine::new(target, &state, cfg.clone())
            .map_err(|e| ApiError::bad(format!("state: {e}")))?;
        if engine.num_warps() > limits.max_warps {
            return Err(ApiError::bad(format!(
                "state: {} warps launched; the playground runs at most {}",
                engine.num_warps(),
                limits.max_warps
            )));
        }
        Ok(WebSession {
            engine,
            source,
            state,
            cfg,
            bp_lines: Vec::new(),
            last_stop: None,
            note: None,
            exec_hist: None,
            regs_cache: None,
            exec_window: None,
            console: Session::detached(false),
        })
    }

    /// Back to the launch, breakpoints kept.
    pub fn reset(&mut self) -> Result<(), ApiError> {
        let (target, _) = debuggee(&self.source, &self.state)?;
        let sel = self.engine.selected();
        self.engine = Engine::new(target, &self.state, self.cfg.clone()).map_err(ApiError::bad)?;
        let _ = self.engine.select(sel);
        let lines = std::mem::take(&mut self.bp_lines);
        self.set_breakpoints(&lines)?;
        self.last_stop = None;
        self.note = None;
        self.regs_cache = None;
        Ok(())
    }

    fn stopped(&mut self, s: Stop) {
        self.last_stop = Some(s);
        self.note = None;
    }

    pub fn select(&mut self, w: usize) -> Result<(), ApiError> {
        self.engine.select(w).map_err(ApiError::bad)
    }

    pub fn step(&mut self) -> Result<(), ApiError> {
        let w = self.engine.selected();
        let s = self.engine.step(w).map_err(ApiError::conflict)?;
        self.stopped(s);
        Ok(())
    }

    pub fn back(&mut self) -> Result<(), ApiError> {
        let w = self.engine.selected();
        let s = self.engine.reverse_step(w).map_err(ApiError::conflict)?;
        self.stopped(s);
        Ok(())
    }

    /// Continue to a breakpoint or the end, within the run-time limit.
    pub fn cont(&mut self, deadline: Duration) {
        let stop_flag = Arc::new(AtomicBool::new(false));
        let timer = arm(stop_flag.clone(), deadline);
        let s = self.engine.cont(Some(&stop_flag));
        drop(timer);
        let timed_out = matches!(s.reason, warpkit_debug::StopReason::Interrupted);
        self.stopped(s);
        if timed_out {
            self.note = Some(format!(
                "stopped by the run-time limit ({} ms); continue goes on from here",
                deadline.as_millis()
            ));
        }
    }

    /// Run to the end, breakpoints ignored, in slices so that the time limit holds.
    pub fn run_to_end(&mut self, deadline: Duration) {
        let t0 = Instant::now();
        let slice = 1 << 16;
        loop {
            let here = self.engine.position();
            let s = self.engine.goto(here.saturating_add(slice));
            let done = self.engine.position() < here.saturating_add(slice);
            if done {
                self.stopped(s);
                return;
            }
            if t0.elapsed() >= deadline {
                self.stopped(s);
                self.note = Some(format!(
                    "stopped by the run-time limit ({} ms) at position {}",
                    deadline.as_millis(),
                    self.engine.position()
                ));
                return;
            }
        }
    }

    /// Back to the previous breakpoint or the launch, within the run-time limit.
    pub fn reverse_continue(&mut self, deadline: Duration) {
        let stop_flag = Arc::new(AtomicBool::new(false));
        let timer = arm(stop_flag.clone(), deadline);
        let s = self.engine.reverse_continue_within(Some(&stop_flag));
        drop(timer);
        let timed_out = matches!(s.reason, warpkit_debug::StopReason::Interrupted);
        self.stopped(s);
        if timed_out {
            self.note = Some(format!(
                "stopped by the run-time limit ({} ms) with no breakpoint after this position; \
                 reverse-continue goes on from here",
                deadline.as_millis()
            ));
        }
    }

    /// Go to a position; forward in slices so that the time limit holds (going back replays
    /// from the nearest checkpoint, which is bounded).
    pub fn goto(&mut self, pos: u64, deadline: Duration) {
        let t0 = Instant::now();
        let slice = 1 << 16;
        loop {
            let here = self.engine.position();
            let next = if pos <= here {
                pos
            } else {
                pos.min(here.saturating_add(slice))
            };
            let s = self.engine.goto(next);
            // Reached, or the run ended before it.
            if next == pos || self.engine.position() < next {
                self.stopped(s);
                return;
            }
            if t0.elapsed() >= deadline {
                self.stopped(s);
                self.note = Some(format!(
                    "stopped by the run-time limit ({} ms) at position {} on the way to {pos}",
                    deadline.as_millis(),
                    self.engine.position()
                ));
                return;
            }
        }
    }

    /// Replace the breakpoints by one per source line.
    pub fn set_breakpoints(&mut self, lines: &[u32]) -> Result<Vec<Value>, ApiError> {
        let mut errors = Vec::new();
        self.engine.delete_all();
        self.bp_lines.clear();
        for &l in lines {
            let pcs = self.engine.target().lines.offsets_of(None, l);
            if pcs.is_empty() {
                errors.push(json!({"line": l, "error": format!("line {l} has no instruction")}));
                continue;
            }
            match self
                .engine
                .add_breakpoint_pcs(&format!("{SOURCE_NAME}:{l}"), pcs, None, None)
            {
                Ok(_) => self.bp_lines.push(l),
                Err(e) => errors.push(json!({"line": l, "error": e})),
            }
        }
        Ok(errors)
    }

    /// The registers of warp `w` as JSON; made once per position and warp (the page reads
    /// them after every motion, the load benchmark after every step).
    pub fn regs_json(&mut self, w: usize) -> Result<Bytes, ApiError> {
        let pos = self.engine.position();
        if let Some((p, cw, b)) = &self.regs_cache {
            if *p == pos && *cw == w {
                return Ok(b.clone());
            }
        }
        let warp = self.engine.warp(w).map_err(ApiError::bad)?;
        let b = Bytes::from(regs_to_json(w, warp));
        self.regs_cache = Some((pos, w, b.clone()));
        Ok(b)
    }

    /// The cached registers of warp `w` at the current position, if made already.
    pub fn cached_regs(&self, w: usize) -> Option<Bytes> {
        match &self.regs_cache {
            Some((p, cw, b)) if *p == self.engine.position() && *cw == w => Some(b.clone()),
            _ => None,
        }
    }

    /// Run one debugger command line of the shared vocabulary (`info warps`, `p/f v1`,
    /// `last-write v1`): the view after it, with its reply as `console`. Motions are
    /// refused: the page's buttons run them (and the history's clicks).
    pub fn command(&mut self, id: u64, line: &str) -> Vec<u8> {
        let r = self.console.execute_on(
            &mut self.engine,
            line,
            "use the buttons (Step, Step back, Continue, Reverse-continue, Run, Reset) \
             or click a step of the EXEC history",
        );
        // `set` changes the state without moving: what was made at this position is stale.
        self.regs_cache = None;
        self.exec_hist = None;
        self.exec_window = None;
        let reply = json!({"text": r.text, "failed": r.failed});
        self.view_with(id, None, Some(reply))
    }

    /// Everything the page shows after a motion (`id` is the session's): JSON bytes.
    pub fn view(&mut self, id: u64, breakpoint_errors: Option<&[Value]>) -> Vec<u8> {
        self.view_with(id, breakpoint_errors, None)
    }

    fn view_with(
        &mut self,
        id: u64,
        breakpoint_errors: Option<&[Value]>,
        console: Option<Value>,
    ) -> Vec<u8> {
        let w = self.engine.selected();
        let regs = self.regs_json(w).ok();
        let pc = self.engine.warp(w).map(|x| x.pc()).unwrap_or(0);
        let out = ViewOut {
            id,
            position: self.engine.position(),
            selected: w,
            stop: &self.last_stop,
            note: &self.note,
            warps: self.engine.warp_views(),
            line: self.engine.target().lines.pos_of(pc).map(|p| p.line),
            breakpoints: self.engine.breakpoints(),
            breakpoint_lines: &self.bp_lines,
            breakpoint_errors,
            console,
        };
        // Serialising these plain structs cannot fail; the registers are spliced in as the
        // cached bytes.
        let mut v = serde_json::to_vec(&out).unwrap_or_else(|_| b"{}".to_vec());
        if let Some(r) = regs {
            v.pop();
            v.extend_from_slice(b",\"regs\":");
            v.extend_from_slice(&r);
            v.push(b'}');
        }
        v
    }

    /// The state file of every warp now (what `warpkit run` prints for the same program).
    pub fn state_json(&self) -> String {
        self.engine.state_json()
    }

    /// The EXEC history of warp `w` (the engine's [`ExecHistory`]): the overview of the
    /// whole run and every step in a window of `window` steps around step `around` (the
    /// warp's current step by default), within the run-time limit.
    pub fn exec_history(
        &mut self,
        w: usize,
        around: Option<u64>,
        window: usize,
        deadline: Duration,
    ) -> Result<Bytes, ApiError> {
        let cur = self.engine.warp(w).map_err(ApiError::bad)?.steps();
        let window = window.max(1) as u64;
        let lo = around.unwrap_or(cur).saturating_sub(window / 2);
        if let Some((cw, clo, b)) = &self.exec_window {
            if *cw == w && *clo == lo {
                return Ok(b.clone());
            }
        }
        let (target, cfg) = (self.engine.target(), &self.cfg);
        let hist = self
            .exec_hist
            .get_or_insert_with(|| ExecHistory::new(target.clone(), &self.state, cfg.clone()));
        let stop_flag = Arc::new(AtomicBool::new(false));
        let timer = arm(stop_flag.clone(), deadline);
        let win = hist
            .window(w, lo, window, Some(&stop_flag))
            .map_err(ApiError::bad)?;
        drop(timer);
        let ov = hist
            .overview(w)
            .ok_or_else(|| ApiError(500, "internal error: no EXEC overview".into()))?;
        let b = Bytes::from(to_bytes(&ExecHistoryOut {
            window: &win,
            complete: ov.complete,
            final_exec: ov.final_exec,
            overview: ov,
        })?);
        self.exec_window = Some((w, lo, b.clone()));
        Ok(b)
    }
}

/// The EXEC history answer: the window's fields, then the overview's.
#[derive(Serialize)]
struct ExecHistoryOut<'a> {
    #[serde(flatten)]
    window: &'a ExecWindow,
    /// Whether the overview covers the whole run.
    complete: bool,
    final_exec: u32,
    overview: &'a ExecOverview,
}

/// Sets `flag` after `after` unless dropped first.
struct Timer(Option<std::sync::mpsc::Sender<()>>);

impl Drop for Timer {
    fn drop(&mut self) {
        self.0.take();
    }
}

fn arm(flag: Arc<AtomicBool>, after: Duration) -> Timer {
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        // A dropped sender ends the wait early: the motion finished in time.
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(after) {
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    Timer(Some(tx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_words_are_eight_digits_each_most_significant_first() {
        let mut out = Vec::new();
        push_hex(&mut out, &[0x0123_abcd, 0xffff_ffff, 0, 0x8000_0001]);
        assert_eq!(out, br#""0123abcdffffffff0000000080000001""#);
        assert_eq!(
            unhex("0123abcdffffffff0000000080000001"),
            Some(vec![0x0123_abcd, 0xffff_ffff, 0, 0x8000_0001])
        );
        for x in [
            0u32,
            9,
            10,
            15,
            16,
            0x9a9a_9a9a,
            0xdead_beef,
            u32::MAX,
            0x7fff_0001,
        ] {
            assert_eq!(hex8(x), *format!("{x:08x}").as_bytes(), "{x:#x}");
        }
        assert_eq!(unhex("123"), None);
        assert_eq!(unhex("0000000g"), None);
    }
}
