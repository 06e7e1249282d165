//! Debugging sessions of the page: an [`Engine`] each, bounded in number, dropped when
//! idle, and the views the page shows (registers of one warp, the EXEC history).

use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use warpkit_debug::{Breakpoint, DebugConfig, Engine, Stop, Target, WarpView};
use warpkit_isa::Flags;

use crate::tools::SOURCE_NAME;
use crate::Limits;

/// One session: the engine, what it was made from, and the breakpoint lines.
pub struct WebSession {
    pub engine: Engine,
    source: String,
    state: String,
    cfg: DebugConfig,
    bp_lines: Vec<u32>,
    last_stop: Option<Stop>,
    note: Option<String>,
    /// Cached EXEC histories by warp (the schedule is deterministic: valid until a reset).
    exec_hist: HashMap<usize, Value>,
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
type SessionMap = HashMap<u64, (Arc<Mutex<WebSession>>, Instant)>;

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
        m.insert(id, (Arc::new(Mutex::new(s)), Instant::now()));
        Ok(id)
    }

    pub fn get(&self, id: u64) -> Result<Arc<Mutex<WebSession>>, ApiError> {
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

/// Registers of one warp, for the grid.
#[derive(Serialize)]
pub struct RegsView {
    pub warp: usize,
    pub pc: u32,
    pub exec: u32,
    pub rm: u8,
    pub rm16: u8,
    pub fflags: u8,
    pub steps: u64,
    pub vgprs: u32,
    /// v0..v(vgprs-1), 32 lanes each.
    pub v: Vec<[u32; 32]>,
    pub u: Vec<u32>,
}

impl WebSession {
    /// Assemble `source` and launch the warps of `state`.
    pub fn new(source: String, state: String, limits: &Limits) -> Result<WebSession, ApiError> {
        let target = Target::from_assembly(SOURCE_NAME, &source).map_err(ApiError::bad)?;
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
            exec_hist: HashMap::new(),
        })
    }

    /// Back to the launch, breakpoints kept.
    pub fn reset(&mut self) -> Result<(), ApiError> {
        let target = Target::from_assembly(SOURCE_NAME, &self.source).map_err(ApiError::bad)?;
        let sel = self.engine.selected();
        self.engine = Engine::new(target, &self.state, self.cfg.clone()).map_err(ApiError::bad)?;
        let _ = self.engine.select(sel);
        let lines = std::mem::take(&mut self.bp_lines);
        self.set_breakpoints(&lines)?;
        self.last_stop = None;
        self.note = None;
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

    pub fn reverse_continue(&mut self) {
        let s = self.engine.reverse_continue();
        self.stopped(s);
    }

    pub fn goto(&mut self, pos: u64) {
        let s = self.engine.goto(pos);
        self.stopped(s);
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

    pub fn regs(&self, w: usize) -> Result<RegsView, ApiError> {
        let warp = self.engine.warp(w).map_err(ApiError::bad)?;
        let n = warp.vgprs().min(warp.vregs().len() as u32);
        Ok(RegsView {
            warp: w,
            pc: warp.pc(),
            exec: warp.exec(),
            rm: warp.mode().rm,
            rm16: warp.mode().rm16,
            fflags: warp.fflags(),
            steps: warp.steps(),
            vgprs: n,
            v: warp.vregs()[..n as usize].to_vec(),
            u: warp.uregs().to_vec(),
        })
    }

    /// Everything the page shows after a motion.
    pub fn view(&self) -> Value {
        let w = self.engine.selected();
        let warps: Vec<WarpView> = self.engine.warp_views();
        let pc = self.engine.warp(w).map(|x| x.pc()).unwrap_or(0);
        let line = self.engine.target().lines.pos_of(pc).map(|p| p.line);
        let bps: Vec<&Breakpoint> = self.engine.breakpoints().iter().collect();
        json!({
            "position": self.engine.position(),
            "selected": w,
            "stop": self.last_stop,
            "note": self.note,
            "warps": warps,
            "line": line,
            "breakpoints": bps,
            "breakpoint_lines": self.bp_lines,
            "regs": self.regs(w).ok(),
            "state": self.engine.state_json(),
        })
    }

    /// EXEC before each of warp `w`'s first `max` instructions, with the position to go to
    /// for each (a second engine replays the same deterministic schedule).
    pub fn exec_history(&mut self, w: usize, max: usize) -> Result<Value, ApiError> {
        self.engine.warp(w).map_err(ApiError::bad)?;
        if let Some(v) = self.exec_hist.get(&w) {
            return Ok(v.clone());
        }
        let target = self.engine.target().clone();
        let marks = |pc: u32| match self.engine.program().inst_at(pc) {
            Some(i) => {
                let f = i.desc().flags;
                (
                    f.has(Flags::BR) || f.has(Flags::IX),
                    f.has(Flags::WE),
                    i.desc().mnemonic,
                )
            }
            None => (false, false, ""),
        };
        let mut e = Engine::new(target, &self.state, self.cfg.clone()).map_err(ApiError::bad)?;
        let mut rows = Vec::new();
        let mut pos_before = 0u64;
        let mut complete = true;
        while let Ok(warp) = e.warp(w) {
            if !matches!(e.status(w), Ok(warpkit_debug::WarpStatus::Live)) {
                break;
            }
            if rows.len() >= max {
                complete = false;
                break;
            }
            let (pc, exec, step) = (warp.pc(), warp.exec(), warp.steps());
            let (branch, writes_exec, mnemonic) = marks(pc);
            let line = e.target().lines.pos_of(pc).map(|p| p.line);
            rows.push(json!({
                "step": step,
                "position": pos_before,
                "pc": pc,
                "exec": exec,
                "line": line,
                "mnemonic": mnemonic,
                "branch": branch,
                "writes_exec": writes_exec,
            }));
            if e.step(w).is_err() {
                break;
            }
            pos_before = e.position();
        }
        let final_exec = e.warp(w).map(|x| x.exec()).unwrap_or(0);
        let v = json!({"warp": w, "rows": rows, "complete": complete, "final_exec": final_exec});
        self.exec_hist.insert(w, v.clone());
        Ok(v)
    }
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
