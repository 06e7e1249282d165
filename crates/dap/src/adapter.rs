//! The request loop. A reader thread parses frames; a motion (`continue`, `next`,
//! `reverseContinue`, …) runs on a thread of its own with the session, so the loop keeps
//! answering while it runs: `pause` interrupts it (its `stopped` event, then the pause's
//! response), `threads` is answered from the list taken at its start, a request that needs
//! the engine interrupts a `continue` or `reverseContinue`, is served, and the motion goes
//! on from there; other motions and session changes are refused until it stops.

use crate::framing::{write_message, FrameReader, Received};
use crate::handlers;
use crate::server::*;
use crate::types::Thread;
use serde_json::{json, Value};
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use warpkit_debug::{Stop, StopReason};

enum Msg {
    Frame(Received),
    /// The input ended (or could not be read).
    Eof,
    /// A motion ended: the session back, and how it ended.
    Ended(Box<DapSession>, R<Stop>),
}

/// The motion running.
struct Running {
    name: &'static str,
    run: MotionFn,
    warp: usize,
    resumable: bool,
    /// The threads when it started (`threads` during the motion).
    threads: Vec<Thread>,
    /// `pause` requests, answered after the `stopped` event.
    pauses: Vec<Value>,
    /// Requests served when it stops.
    queued: Vec<Value>,
    /// The client asked for a stop (`pause`, `terminate`, `disconnect`): no going on.
    stop_asked: bool,
}

struct Adapter<'a> {
    out: &'a mut dyn Write,
    seq: i64,
    st: AdapterState<'a>,
    tx: mpsc::Sender<Msg>,
    interrupt: Arc<AtomicBool>,
    running: Option<Running>,
}

/// Serve DAP on `input` / `output` until `disconnect` or the end of the input.
pub fn serve(
    input: impl Read + Send + 'static,
    output: &mut dyn Write,
    load: &LaunchLoader,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel::<Msg>();
    let reader = tx.clone();
    std::thread::spawn(move || {
        let mut r = FrameReader::new(input);
        while let Ok(Some(f)) = r.next_frame() {
            if reader.send(Msg::Frame(f)).is_err() {
                return;
            }
        }
        let _ = reader.send(Msg::Eof);
    });
    let mut a = Adapter {
        out: output,
        seq: 0,
        st: AdapterState {
            load,
            initialized: false,
            terminated: false,
            done: false,
            session: None,
            running: None,
        },
        tx,
        interrupt: Arc::new(AtomicBool::new(false)),
        running: None,
    };
    while let Ok(msg) = rx.recv() {
        match msg {
            Msg::Frame(Received::Bad(why)) => a.respond(&json!(0), "", Err(why))?,
            Msg::Frame(Received::Message(m)) => a.request(m)?,
            Msg::Eof => {
                a.st.done = true;
                a.interrupt.store(true, Ordering::Relaxed);
            }
            Msg::Ended(s, r) => a.ended(*s, r)?,
        }
        if a.st.done && a.running.is_none() {
            break;
        }
    }
    Ok(())
}

/// A request's `seq` as sent (any JSON number, beyond i64 too), else 0.
fn seq_of(m: &Value) -> Value {
    m.get("seq")
        .filter(|s| s.is_number())
        .cloned()
        .unwrap_or(json!(0))
}

fn command_of(m: &Value) -> String {
    m.get("command")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

impl Adapter<'_> {
    fn send(&mut self, mut v: Value) -> io::Result<()> {
        self.seq += 1;
        v["seq"] = json!(self.seq);
        write_message(self.out, &v)
    }

    fn events(&mut self, ev: Events) -> io::Result<()> {
        for (e, b) in ev {
            self.send(json!({"type": "event", "event": e, "body": b}))?;
        }
        Ok(())
    }

    fn respond(&mut self, req: &Value, command: &str, r: R<Value>) -> io::Result<()> {
        match r {
            Ok(body) => self.send(json!({"type": "response", "request_seq": req, "success": true, "command": command, "body": body})),
            Err(msg) => self.send(json!({
                "type": "response", "request_seq": req, "success": false, "command": command,
                "message": msg.clone(),
                "body": {"error": {"id": 1, "format": msg}}
            })),
        }
    }

    /// A message from the client.
    fn request(&mut self, m: Value) -> io::Result<()> {
        let seq = seq_of(&m);
        let command = command_of(&m);
        if m.get("type").and_then(Value::as_str) != Some("request") || command.is_empty() {
            let why = "expected a request: {\"type\":\"request\",\"seq\":N,\"command\":...}";
            return self.respond(&seq, &command, Err(why.into()));
        }
        match &mut self.running {
            Some(run) => {
                let name = run.name;
                match command.as_str() {
                    "pause" => {
                        run.stop_asked = true;
                        run.pauses.push(seq);
                    }
                    "threads" => {
                        let t = json!({"threads": run.threads});
                        return self.respond(&seq, &command, Ok(t));
                    }
                    "terminate" | "disconnect" => {
                        run.stop_asked = true;
                        run.queued.push(m);
                    }
                    c if handlers::moves(c) || !run.resumable => {
                        let why = format!(
                            "`{c}` while the program runs (`{name}`): pause it first, or wait for it to stop"
                        );
                        return self.respond(&seq, &command, Err(why));
                    }
                    _ => run.queued.push(m),
                }
                self.interrupt.store(true, Ordering::Relaxed);
                Ok(())
            }
            None => self.handle(m),
        }
    }

    /// A request served now (nothing runs).
    fn handle(&mut self, m: Value) -> io::Result<()> {
        let seq = seq_of(&m);
        let command = command_of(&m);
        let refused = if !self.st.initialized && command != "initialize" && command != "disconnect"
        {
            Some(format!(
                "`{command}` before `initialize`: the first request must be initialize"
            ))
        } else if self.st.terminated && command != "disconnect" {
            Some(format!(
                "`{command}` after `terminate`: the session has ended, only `disconnect` is accepted"
            ))
        } else {
            None
        };
        if let Some(why) = refused {
            return self.respond(&seq, &command, Err(why));
        }
        let mut ev = Vec::new();
        let r = match handlers::find(&command) {
            // A handler's bug answers this request with an error; the session goes on.
            Some(h) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                h(&mut self.st, &m, &mut ev)
            }))
            .unwrap_or_else(|_| Err(format!("internal error while serving `{command}`"))),
            None => Err(format!("unknown or unsupported request `{command}`")),
        };
        match r {
            Ok(HandlerOutcome::Body(b)) => {
                self.respond(&seq, &command, Ok(b))?;
                self.events(ev)
            }
            Ok(HandlerOutcome::Motion(mo)) => {
                self.respond(&seq, &command, Ok(mo.body))?;
                self.events(ev)?;
                self.start(mo.name, mo.run, mo.warp, mo.resumable);
                Ok(())
            }
            Err(e) => self.respond(&seq, &command, Err(e)),
        }
    }

    /// Start a motion on a thread of its own, with the session.
    fn start(&mut self, name: &'static str, run: MotionFn, warp: usize, resumable: bool) {
        let Some(mut s) = self.st.session.take() else {
            return;
        };
        let threads = threads(&s.engine);
        self.interrupt.store(false, Ordering::Relaxed);
        let flag = self.interrupt.clone();
        let tx = self.tx.clone();
        std::thread::spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(&mut s.engine, warp, &flag)
            }))
            .unwrap_or_else(|_| Err(format!("internal error: `{name}` failed")));
            let _ = tx.send(Msg::Ended(Box::new(s), r));
        });
        self.st.running = Some(name);
        self.running = Some(Running {
            name,
            run,
            warp,
            resumable,
            threads,
            pauses: Vec::new(),
            queued: Vec::new(),
            stop_asked: false,
        });
    }

    /// A motion ended: serve what waited, then go on (interrupted only to serve requests)
    /// or tell the stop.
    fn ended(&mut self, s: DapSession, mut r: R<Stop>) -> io::Result<()> {
        self.st.session = Some(s);
        self.st.running = None;
        let Some(mut run) = self.running.take() else {
            return Ok(());
        };
        let interrupted = matches!(&r, Ok(stop) if stop.reason == StopReason::Interrupted);
        if interrupted && !run.stop_asked && !self.st.done && run.resumable {
            for m in std::mem::take(&mut run.queued) {
                self.handle(m)?;
            }
            let due = match &mut self.st.session {
                Some(s) if run.name == "continue" => breakpoint_due(&mut s.engine),
                _ => None,
            };
            match due {
                Some(stop) => r = Ok(stop),
                None => {
                    self.start(run.name, run.run, run.warp, true);
                    return Ok(());
                }
            }
        }
        let mut ev = Vec::new();
        if let Some(s) = &self.st.session {
            stopped(s, r, run.warp, &mut ev);
        }
        self.events(ev)?;
        for seq in run.pauses {
            self.respond(&seq, "pause", Ok(Value::Null))?;
        }
        for m in run.queued {
            self.handle(m)?;
        }
        Ok(())
    }
}
