//! `warpkit dap` driven by a test client over its standard input and output: a whole
//! session (launch, source-line breakpoints, next, stepBack, reverseContinue, a data
//! breakpoint on v3, variables equal to `warpkit run --max-steps` states, setVariable, a
//! fault as an exception stop, disconnect), and bad input answered with errors.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

const PROG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/debug/calls.s");
const STATE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/debug/calls.state.json");

struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    seq: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_warpkit"))
            .arg("dap")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let (tx, rx) = channel();
        std::thread::spawn(move || loop {
            let mut len = None;
            loop {
                let mut line = String::new();
                if out.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(n) = line.strip_prefix("Content-Length: ") {
                    len = n.parse::<usize>().ok();
                }
            }
            let mut body = vec![0; len.expect("Content-Length")];
            out.read_exact(&mut body).unwrap();
            if tx.send(serde_json::from_slice(&body).unwrap()).is_err() {
                return;
            }
        });
        Client {
            child,
            stdin,
            rx,
            seq: 0,
        }
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, command: &str, arguments: Value) -> i64 {
        self.seq += 1;
        let body =
            json!({"seq": self.seq, "type": "request", "command": command, "arguments": arguments})
                .to_string();
        self.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        self.seq
    }

    /// The next message (a server that hangs fails the test here).
    fn next(&mut self) -> Value {
        self.rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the adapter answers within 30 s")
    }

    /// The response to request `seq` (events before it are kept in `events`).
    fn response(&mut self, seq: i64, events: &mut Vec<Value>) -> Value {
        loop {
            let m = self.next();
            if m["type"] == "response" && m["request_seq"] == seq {
                return m;
            }
            events.push(m);
        }
    }

    fn ok(&mut self, command: &str, arguments: Value) -> (Value, Vec<Value>) {
        let seq = self.send(command, arguments);
        let mut ev = Vec::new();
        let r = self.response(seq, &mut ev);
        assert_eq!(r["success"], true, "{command}: {r}");
        (r["body"].clone(), ev)
    }

    fn err(&mut self, command: &str, arguments: Value) -> String {
        let seq = self.send(command, arguments);
        let r = self.response(seq, &mut Vec::new());
        assert_eq!(r["success"], false, "{command} should fail: {r}");
        r["message"].as_str().unwrap().to_string()
    }

    fn event(&mut self, name: &str, events: &mut Vec<Value>) -> Value {
        if let Some(i) = events.iter().position(|e| e["event"] == name) {
            return events.remove(i);
        }
        loop {
            let m = self.next();
            if m["type"] == "event" && m["event"] == name {
                return m;
            }
        }
    }

    /// Run a motion request and return its stopped event's body.
    fn motion(&mut self, command: &str, arguments: Value) -> Value {
        let (_, mut ev) = self.ok(command, arguments);
        self.event("stopped", &mut ev)["body"].clone()
    }

    fn top(&mut self, thread: i64) -> Value {
        let (b, _) = self.ok("stackTrace", json!({"threadId": thread}));
        b["stackFrames"][0].clone()
    }

    fn lanes(&mut self, thread: i64, reg: &str) -> Vec<String> {
        let frame = self.top(thread)["id"].clone();
        let (b, _) = self.ok("scopes", json!({"frameId": frame}));
        let vref = b["scopes"][0]["variablesReference"].clone();
        let (b, _) = self.ok("variables", json!({"variablesReference": vref}));
        let r = b["variables"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == reg)
            .unwrap()["variablesReference"]
            .clone();
        let (b, _) = self.ok("variables", json!({"variablesReference": r}));
        b["variables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["value"].as_str().unwrap().to_string())
            .collect()
    }

    fn finish(mut self) {
        self.ok("disconnect", json!({}));
        drop(self.stdin);
        for _ in 0..300 {
            if self.child.try_wait().unwrap().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("the adapter did not exit after disconnect");
    }
}

/// v3 of warp `w` after `warpkit run --max-steps n`.
fn run_v3(w: usize, n: u64) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args(["run", PROG, "--state", STATE, "--max-steps", &n.to_string()])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["warps"][w]["v"]["v3"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

fn steps(c: &mut Client, thread: i64) -> u64 {
    let frame = c.top(thread)["id"].clone();
    let (b, _) = c.ok("scopes", json!({"frameId": frame}));
    let cref = b["scopes"][2]["variablesReference"].clone();
    let (b, _) = c.ok("variables", json!({"variablesReference": cref}));
    b["variables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "steps")
        .unwrap()["value"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn a_whole_session() {
    let mut c = Client::start();
    let (caps, _) = c.ok(
        "initialize",
        json!({"adapterID": "warpkit", "linesStartAt1": true}),
    );
    for k in [
        "supportsStepBack",
        "supportsDataBreakpoints",
        "supportsInstructionBreakpoints",
        "supportsDisassembleRequest",
        "supportsGotoTargetsRequest",
        "supportsSetVariable",
        "supportsConditionalBreakpoints",
        "supportsHitConditionalBreakpoints",
    ] {
        assert_eq!(caps[k], true, "{k}");
    }
    let (_, mut ev) = c.ok(
        "launch",
        json!({"program": PROG, "state": STATE, "maxSteps": 1000}),
    );
    c.event("initialized", &mut ev);
    let (b, _) = c.ok(
        "setBreakpoints",
        json!({"source": {"path": PROG}, "breakpoints": [{"line": 7}, {"line": 6}]}),
    );
    assert_eq!(b["breakpoints"][0]["verified"], true);
    assert_eq!(
        b["breakpoints"][1]["line"], 7,
        "a line without code moves to the next with code"
    );
    c.ok("setExceptionBreakpoints", json!({"filters": ["fault"]}));
    let (t, _) = c.ok("threads", json!({}));
    assert_eq!(t["threads"].as_array().unwrap().len(), 2);

    let s = c.motion("configurationDone", json!({}));
    assert_eq!(
        (s["reason"].as_str(), s["threadId"].as_i64()),
        (Some("breakpoint"), Some(1))
    );
    let (st, _) = c.ok("stackTrace", json!({"threadId": 1}));
    let frames = st["stackFrames"].as_array().unwrap();
    assert_eq!(
        (frames[0]["line"].as_i64(), frames.len()),
        (Some(7), 2),
        "func and its caller"
    );
    assert_eq!(frames[1]["line"], 3);

    // Variables equal `warpkit run --max-steps` at the same step count.
    let n = steps(&mut c, 1);
    assert_eq!(c.lanes(1, "v3"), run_v3(0, n));

    let s = c.motion("next", json!({"threadId": 1}));
    assert_eq!(s["reason"], "step");
    assert_eq!(c.top(1)["line"], 8);
    let s = c.motion("stepBack", json!({"threadId": 1}));
    assert_eq!(s["reason"], "step");
    assert_eq!(c.top(1)["line"], 7);
    assert_eq!(
        c.lanes(1, "v3"),
        run_v3(0, n),
        "back where the breakpoint stopped"
    );

    // A data breakpoint on v3 (any warp).
    let (info, _) = c.ok("dataBreakpointInfo", json!({"name": "v3"}));
    let id = info["dataId"].as_str().unwrap().to_string();
    c.ok(
        "setDataBreakpoints",
        json!({"breakpoints": [{"dataId": id}]}),
    );
    let s = c.motion("continue", json!({"threadId": 1}));
    assert_eq!(s["reason"], "data breakpoint", "{s}");
    let w = s["threadId"].as_i64().unwrap();
    let n2 = steps(&mut c, w);
    assert_eq!(c.lanes(w, "v3"), run_v3(w as usize - 1, n2));
    let after = c.lanes(w, "v3");

    // Reverse-continue goes back to the previous stop: the breakpoint in func.
    let s = c.motion("reverseContinue", json!({"threadId": 1}));
    assert!(
        s["reason"] == "breakpoint" || s["reason"] == "data breakpoint",
        "{s}"
    );
    let s = c.motion("continue", json!({"threadId": 1}));
    assert_eq!(s["reason"], "data breakpoint");
    assert_eq!(c.lanes(w, "v3"), after, "forward again: the same stop");

    // setVariable on one lane; read back.
    let frame = c.top(w)["id"].clone();
    let (b, _) = c.ok("scopes", json!({"frameId": frame}));
    let vref = b["scopes"][0]["variablesReference"].as_i64().unwrap();
    let lanes_ref = vref + 16 + 3;
    let (b, _) = c.ok(
        "setVariable",
        json!({"variablesReference": lanes_ref, "name": "[0]", "value": "0x55"}),
    );
    assert_eq!(b["value"], "0x00000055");
    assert_eq!(c.lanes(w, "v3")[0], "0x00000055");
    let (b, _) = c.ok(
        "evaluate",
        json!({"expression": "v3[0] == 0x55 && popcount(exec) > 0", "frameId": frame}),
    );
    assert_eq!(b["result"], "1 (0x1)");

    // Disassembly and goto targets.
    let (b, _) = c.ok(
        "disassemble",
        json!({"memoryReference": "0x0", "instructionCount": 3}),
    );
    assert_eq!(b["instructions"][0]["instruction"], "laneid v1");
    assert_eq!(b["instructions"][2]["line"], 3);
    let (b, _) = c.ok("gotoTargets", json!({"source": {"path": PROG}, "line": 4}));
    assert_eq!(b["targets"][0]["instructionPointerReference"], "0xc");

    // The fault stops as an exception.
    c.ok("setDataBreakpoints", json!({"breakpoints": []}));
    c.ok(
        "setBreakpoints",
        json!({"source": {"path": PROG}, "breakpoints": []}),
    );
    let s = c.motion("continue", json!({"threadId": 1}));
    assert_eq!(s["reason"], "exception", "{s}");
    assert_eq!(s["description"], "FetchFault");
    let (_, mut ev) = c.ok("terminate", json!({}));
    c.event("exited", &mut ev);
    c.event("terminated", &mut ev);
    c.finish();
}

#[test]
fn bad_input_gets_errors() {
    let mut c = Client::start();
    assert!(c.err("threads", json!({})).contains("before `initialize`"));
    c.raw(b"Content-Length: 9\r\n\r\n{not json");
    let m = c.next();
    assert_eq!(
        (m["success"].as_bool(), m["request_seq"].as_i64()),
        (Some(false), Some(0)),
        "{m}"
    );
    // A Content-Length longer than the body: the next message is still answered.
    c.raw(b"Content-Length: 40\r\n\r\n{\"seq\":1}");
    let seq = c.send("initialize", json!({}));
    let m = c.next();
    assert_eq!(m["success"], false, "{m}");
    let m = c.next();
    assert_eq!(
        (m["request_seq"].as_i64(), m["success"].as_bool()),
        (Some(seq), Some(true)),
        "{m}"
    );
    c.raw(b"Content-Length: abc\r\n\r\n");
    assert_eq!(c.next()["success"], false);
    assert!(c.err("flyToTheMoon", json!({})).contains("unknown"));
    assert!(c
        .err("stackTrace", json!({"threadId": 1}))
        .contains("no program"));
    assert!(c
        .err("launch", json!({"program": "/nonexistent/x.s"}))
        .contains("x.s"));
    assert!(c
        .err("launch", json!({"program": 7}))
        .contains("bad arguments"));
    c.ok("launch", json!({"program": PROG, "state": STATE}));
    assert!(c
        .err("stackTrace", json!({"threadId": 99}))
        .contains("no thread 99"));
    assert!(c
        .err("next", json!({"threadId": 0}))
        .contains("no thread 0"));
    assert!(c
        .err("variables", json!({"variablesReference": 99999}))
        .contains("no variables reference"));
    assert!(c
        .err(
            "setVariable",
            json!({"variablesReference": 1, "name": "v300", "value": "1"})
        )
        .contains("out of range"));
    assert!(c
        .err(
            "setVariable",
            json!({"variablesReference": 1, "name": "v3", "value": "zz"})
        )
        .contains("not a number"));
    assert!(c
        .err("evaluate", json!({"expression": "v3[99]"}))
        .contains("out of range"));
    assert!(c
        .err("setExceptionBreakpoints", json!({"filters": ["nope"]}))
        .contains("unknown exception filter"));
    let (b, _) = c.ok("setBreakpoints", json!({"source": {"path": PROG}, "breakpoints": [{"line": 500}, {"line": 2, "condition": "v3[ == 1"}]}));
    assert_eq!(b["breakpoints"][0]["verified"], false);
    assert_eq!(b["breakpoints"][1]["verified"], false);
    // Another file's lines are not the program's.
    let (b, _) = c.ok(
        "setBreakpoints",
        json!({"source": {"path": "/elsewhere/other.s"}, "breakpoints": [{"line": 3}]}),
    );
    assert_eq!(b["breakpoints"][0]["verified"], false, "{b}");
    assert!(
        b["breakpoints"][0]["message"]
            .as_str()
            .unwrap()
            .contains("other.s is not part of the program"),
        "{b}"
    );
    // Still serving.
    let (t, _) = c.ok("threads", json!({}));
    assert_eq!(t["threads"].as_array().unwrap().len(), 2);
    c.finish();
}

#[test]
fn pause_interrupts_a_long_continue() {
    let endless = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tools/bench/endless.s");
    let mut c = Client::start();
    c.ok("initialize", json!({}));
    c.ok(
        "launch",
        json!({"program": endless, "maxSteps": 100_000_000_000u64, "stopOnEntry": true}),
    );
    c.motion("configurationDone", json!({}));
    let cont = c.send("continue", json!({"threadId": 1}));
    std::thread::sleep(Duration::from_millis(300));
    let pause = c.send("pause", json!({"threadId": 1}));
    let mut ev = Vec::new();
    let r = c.response(cont, &mut ev);
    assert_eq!(r["success"], true);
    let s = c.event("stopped", &mut ev);
    assert_eq!(s["body"]["reason"], "pause", "{s}");
    let r = c.response(pause, &mut ev);
    assert_eq!(r["success"], true);
    let (b, _) = c.ok("evaluate", json!({"expression": "steps > 0"}));
    assert_eq!(b["result"], "1 (0x1)");
    c.finish();
}

/// The program of `examples/multi` assembled to two objects and linked (file names relative
/// to `dir`, as the line table keeps them).
fn linked_multi(dir: &std::path::Path) -> std::path::PathBuf {
    let ex = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/multi");
    for f in ["kernels.s", "helper.s", "macros.inc", "axpy.state.json"] {
        std::fs::copy(format!("{ex}/{f}"), dir.join(f)).unwrap();
    }
    let w = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_warpkit"))
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(o.status.success(), "{args:?}: {o:?}");
    };
    w(&["asm", "-f", "elf", "kernels.s", "-o", "kernels.o"]);
    w(&["asm", "-f", "elf", "helper.s", "-o", "helper.o"]);
    w(&["link", "kernels.o", "helper.o", "-o", "prog.elf"]);
    dir.join("prog.elf")
}

#[test]
fn a_linked_file_shows_the_source_lines_of_its_line_table() {
    let dir = tempfile::tempdir().unwrap();
    let elf = linked_multi(dir.path());
    let state = dir.path().join("axpy.state.json");
    let mut c = Client::start();
    c.ok("initialize", json!({"linesStartAt1": true}));
    c.ok(
        "launch",
        json!({"program": elf, "state": state, "stopOnEntry": true}),
    );
    c.motion("configurationDone", json!({}));
    let top = c.top(1);
    let path = top["source"]["path"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(path.ends_with("kernels.s"), "{top}");
    assert_eq!(top["line"], 10, "the kernel's first instruction: {top}");
    // mov.vu, then the macro's call: into helper.s (a file of the other object).
    c.motion("stepIn", json!({"threadId": 1}));
    c.motion("stepIn", json!({"threadId": 1}));
    let top = c.top(1);
    let path = top["source"]["path"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(path.ends_with("helper.s"), "{top}");
    c.finish();
}

const MULTI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/multi");

/// A session on `examples/multi/all.s` (which includes kernels.s and helper.s), launched
/// with `extra` arguments and stopped on entry.
fn multi_session(extra: Value) -> Client {
    let mut c = Client::start();
    c.ok("initialize", json!({"linesStartAt1": true}));
    let mut launch = json!({
        "program": format!("{MULTI}/all.s"),
        "state": format!("{MULTI}/axpy.state.json"),
        "kernel": "axpy",
        "stopOnEntry": true,
    });
    for (k, v) in extra.as_object().unwrap() {
        launch[k] = v.clone();
    }
    c.ok("launch", launch);
    c
}

fn set_lines(c: &mut Client, file: &str, lines: &[u32]) -> Value {
    let bps: Vec<Value> = lines.iter().map(|l| json!({"line": l})).collect();
    let (b, _) = c.ok(
        "setBreakpoints",
        json!({"source": {"path": format!("{MULTI}/{file}")}, "breakpoints": bps}),
    );
    b
}

/// `continue` until the run ends: the file name and line of every stop.
fn stops_to_the_end(c: &mut Client) -> Vec<(String, i64)> {
    let mut v = Vec::new();
    for _ in 0..100 {
        let s = c.motion("continue", json!({"threadId": 1}));
        if s["reason"] == "end" {
            return v;
        }
        let top = c.top(s["threadId"].as_i64().unwrap());
        v.push((
            top["source"]["name"].as_str().unwrap_or("?").to_string(),
            top["line"].as_i64().unwrap(),
        ));
    }
    panic!("no end after 100 stops: {v:?}");
}

#[test]
fn set_breakpoints_replaces_only_its_own_source() {
    let mut c = multi_session(json!({}));
    let b = set_lines(&mut c, "helper.s", &[10]);
    assert_eq!(b["breakpoints"][0]["verified"], true, "{b}");
    let b = set_lines(&mut c, "kernels.s", &[11]);
    assert_eq!(b["breakpoints"][0]["verified"], true, "{b}");
    // An empty list for a third file clears nothing of the others.
    set_lines(&mut c, "macros.inc", &[]);
    c.motion("configurationDone", json!({}));
    let stops = stops_to_the_end(&mut c);
    let k = ("kernels.s".to_string(), 11);
    let h = ("helper.s".to_string(), 10);
    assert_eq!(
        stops,
        vec![k.clone(), k.clone(), h.clone(), h.clone()],
        "both files' breakpoints, once per warp"
    );
    c.finish();

    // An empty list clears only its own file.
    let mut c = multi_session(json!({}));
    set_lines(&mut c, "helper.s", &[10]);
    set_lines(&mut c, "kernels.s", &[11]);
    set_lines(&mut c, "helper.s", &[]);
    c.motion("configurationDone", json!({}));
    assert_eq!(stops_to_the_end(&mut c), vec![k.clone(), k]);
    c.finish();
}

const ENDLESS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tools/bench/endless.s");

/// Messages until the response to `seq`: (the events before it, the response).
fn until_response(c: &mut Client, seq: i64) -> (Vec<Value>, Value) {
    let mut ev = Vec::new();
    let r = c.response(seq, &mut ev);
    (ev, r)
}

fn stopped_count(ev: &[Value]) -> usize {
    ev.iter().filter(|e| e["event"] == "stopped").count()
}

#[test]
fn requests_during_long_motions_are_answered_and_pause_stops_them_at_once() {
    let mut c = Client::start();
    c.ok("initialize", json!({}));
    c.ok(
        "launch",
        json!({"program": ENDLESS, "maxSteps": 100_000_000_000u64, "stopOnEntry": true}),
    );
    c.motion("configurationDone", json!({}));
    let (_, ev) = c.ok("continue", json!({"threadId": 1}));
    assert_eq!(stopped_count(&ev), 0, "{ev:?}");
    std::thread::sleep(Duration::from_secs(4));

    // Answered while it runs, and it runs on.
    let t = std::time::Instant::now();
    let (b, ev) = c.ok("threads", json!({}));
    assert_eq!(b["threads"].as_array().unwrap().len(), 1);
    let (b, ev2) = c.ok("stackTrace", json!({"threadId": 1}));
    assert!(b["stackFrames"][0]["instructionPointerReference"].is_string());
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    assert_eq!(stopped_count(&ev) + stopped_count(&ev2), 0);
    let e = c.err("next", json!({"threadId": 1}));
    assert!(e.contains("while the program runs"), "{e}");

    let pause = c.send("pause", json!({"threadId": 1}));
    let (ev, r) = until_response(&mut c, pause);
    assert_eq!(r["success"], true);
    assert_eq!(stopped_count(&ev), 1, "{ev:?}");
    let steps_forward = steps(&mut c, 1);
    assert!(steps_forward > 1_000_000, "{steps_forward}");

    // A reverse-continue over the whole run, paused a second in.
    let (_, ev) = c.ok("reverseContinue", json!({"threadId": 1}));
    assert_eq!(stopped_count(&ev), 0);
    std::thread::sleep(Duration::from_secs(1));
    let t = std::time::Instant::now();
    let pause = c.send("pause", json!({"threadId": 1}));
    let (ev, r) = until_response(&mut c, pause);
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    assert_eq!(r["success"], true);
    assert_eq!(stopped_count(&ev), 1, "exactly one stop: {ev:?}");
    let s = ev.iter().find(|e| e["event"] == "stopped").unwrap();
    assert_eq!(s["body"]["reason"], "pause", "{s}");
    let back = steps(&mut c, 1);
    assert!(back <= steps_forward, "{back} > {steps_forward}");

    // No stale stop after it; a pause with nothing running stops nothing.
    let (_, ev) = c.ok("threads", json!({}));
    assert_eq!(stopped_count(&ev), 0, "{ev:?}");
    let (_, ev) = c.ok("pause", json!({"threadId": 1}));
    let (_, ev2) = c.ok("threads", json!({}));
    assert_eq!(
        stopped_count(&ev) + stopped_count(&ev2),
        0,
        "{ev:?} {ev2:?}"
    );
    c.finish();
}

#[test]
fn disassemble_before_the_code_and_across_files() {
    let mut c = multi_session(json!({}));
    let (b, _) = c.ok(
        "disassemble",
        json!({"memoryReference": "0x0", "instructionOffset": -5, "instructionCount": 20}),
    );
    let rows = b["instructions"].as_array().unwrap();
    assert_eq!(rows.len(), 20, "the count asked for");
    for r in &rows[..5] {
        assert_eq!(
            (r["address"].as_str(), r["presentationHint"].as_str()),
            (Some("-1"), Some("invalid")),
            "{r}"
        );
    }
    assert_eq!(rows[5]["address"], "0x0");
    let real: Vec<&str> = rows
        .iter()
        .filter_map(|r| r["address"].as_str())
        .filter(|a| *a != "-1")
        .collect();
    let mut unique = real.clone();
    unique.dedup();
    assert_eq!(real, unique, "no address twice");
    // kernels.s: `call mul_add` shows its target; helper.s's code is helper.s's.
    let call = &rows[6];
    assert_eq!(call["location"]["name"], "kernels.s", "{call}");
    assert_eq!(call["line"], 11);
    assert!(
        call["instruction"].as_str().unwrap().ends_with("<mul_add>"),
        "{call}"
    );
    let madd = rows
        .iter()
        .find(|r| r["symbol"] == "mul_add")
        .expect("mul_add in the first 15 instructions");
    assert_eq!(madd["location"]["name"], "helper.s", "{madd}");
    assert_eq!(madd["line"], 9, "{madd}");
    // Past the end: invalid rows with addresses of their own.
    let (b, _) = c.ok(
        "disassemble",
        json!({"memoryReference": "0x0", "instructionOffset": 10, "instructionCount": 20}),
    );
    let rows = b["instructions"].as_array().unwrap();
    assert_eq!(rows.len(), 20);
    let mut addrs: Vec<&str> = rows
        .iter()
        .map(|r| r["address"].as_str().unwrap())
        .collect();
    addrs.sort();
    addrs.dedup();
    assert_eq!(addrs.len(), 20, "{rows:?}");
    assert_eq!(rows[19]["presentationHint"], "invalid");
    c.finish();
}

#[test]
fn launch_chooses_a_kernel_as_run_does() {
    let mut c = Client::start();
    c.ok("initialize", json!({}));
    let all = format!("{MULTI}/all.s");
    let state = format!("{MULTI}/axpy.state.json");
    let e = c.err("launch", json!({"program": all, "state": state}));
    assert!(
        e.contains("several kernels") && e.contains("axpy") && e.contains("\"kernel\""),
        "{e}"
    );
    let e = c.err(
        "launch",
        json!({"program": all, "state": state, "kernel": "nope"}),
    );
    assert!(e.contains("no kernel `nope`"), "{e}");
    c.ok(
        "launch",
        json!({"program": all, "state": state, "kernel": "square_plus", "stopOnEntry": true}),
    );
    c.motion("configurationDone", json!({}));
    let top = c.top(2);
    assert_eq!(
        (top["source"]["name"].as_str(), top["line"].as_i64()),
        (Some("kernels.s"), Some(17)),
        "{top}"
    );
    c.finish();
}

#[test]
fn after_terminate_requests_fail_and_seq_comes_back_whole() {
    let mut c = Client::start();
    c.ok("initialize", json!({}));
    c.ok(
        "launch",
        json!({"program": PROG, "state": STATE, "stopOnEntry": true}),
    );
    c.motion("configurationDone", json!({}));
    // A seq beyond i64 is echoed as sent.
    let big = 9_300_000_000_000_000_000u64;
    let body = json!({"seq": big, "type": "request", "command": "threads"}).to_string();
    c.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    let m = c.next();
    assert_eq!(m["request_seq"].as_u64(), Some(big), "{m}");
    assert_eq!(m["success"], true);
    // Pause with nothing running: no stopped event.
    let (_, ev) = c.ok("pause", json!({"threadId": 1}));
    let (_, ev2) = c.ok("threads", json!({}));
    assert_eq!(stopped_count(&ev) + stopped_count(&ev2), 0);
    let (_, mut ev) = c.ok("terminate", json!({}));
    c.event("terminated", &mut ev);
    for cmd in ["threads", "next", "stackTrace", "continue"] {
        let e = c.err(cmd, json!({"threadId": 1}));
        assert!(e.contains("after `terminate`"), "{cmd}: {e}");
    }
    c.finish();
}

#[test]
fn breakpoints_on_a_macro_line_and_shared_addresses() {
    let mut c = multi_session(json!({"valueFormat": "i32"}));
    // helper.s:9 is `madd`, a macro of two instructions: one stop per warp.
    set_lines(&mut c, "helper.s", &[9]);
    // Two breakpoints at kernels.s:11's address: both reported.
    let b = set_lines(&mut c, "kernels.s", &[11]);
    let line_id = b["breakpoints"][0]["id"].as_i64().unwrap();
    let (t, _) = c.ok(
        "gotoTargets",
        json!({"source": {"path": format!("{MULTI}/kernels.s")}, "line": 11}),
    );
    let pc = t["targets"][0]["instructionPointerReference"].clone();
    let (b, _) = c.ok(
        "setInstructionBreakpoints",
        json!({"breakpoints": [{"instructionReference": pc}]}),
    );
    let instr_id = b["breakpoints"][0]["id"].as_i64().unwrap();
    c.motion("configurationDone", json!({}));
    let s = c.motion("continue", json!({"threadId": 1}));
    let mut ids: Vec<i64> = s["hitBreakpointIds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    ids.sort();
    assert_eq!(ids, vec![line_id, instr_id], "{s}");
    c.ok("setInstructionBreakpoints", json!({"breakpoints": []}));
    let stops = stops_to_the_end(&mut c);
    let k = ("kernels.s".to_string(), 11);
    let h = ("helper.s".to_string(), 9);
    assert_eq!(
        stops,
        vec![k, h.clone(), h],
        "once per warp, not per instruction"
    );
    c.finish();
}

#[test]
fn evaluate_formats_and_step_out_of_the_outermost_frame() {
    let mut c = multi_session(json!({"valueFormat": "i32"}));
    c.motion("configurationDone", json!({}));
    let (b, _) = c.ok("evaluate", json!({"expression": "u0"}));
    assert_eq!(b["result"], "5");
    let (b, _) = c.ok(
        "evaluate",
        json!({"expression": "u0", "format": {"hex": true}}),
    );
    assert_eq!(b["result"], "0x00000005");
    let (b, _) = c.ok(
        "evaluate",
        json!({"expression": "u0 + 1", "format": {"hex": true}}),
    );
    assert_eq!(b["result"], "0x6");
    // Out of the outermost frame: on to the warp's end, and a stop.
    let s = c.motion("stepOut", json!({"threadId": 1}));
    assert_eq!(s["threadId"], 1, "{s}");
    let (t, _) = c.ok("threads", json!({}));
    assert!(
        t["threads"][0]["name"].as_str().unwrap().contains("exited"),
        "{t}"
    );
    // Past the code: no source line, and the frame says so.
    let top = c.top(1);
    assert!(top["source"].is_null(), "{top}");
    assert!(
        top["name"].as_str().unwrap().starts_with("end of the code"),
        "{top}"
    );
    // An ended warp's motion is refused with a message about threads, not commands.
    let e = c.err("next", json!({"threadId": 1}));
    assert!(e.contains("has ended") && !e.contains("info warps"), "{e}");
    c.finish();
}

#[test]
fn a_breakpoint_set_during_a_long_continue_stops_it() {
    let mut c = Client::start();
    c.ok("initialize", json!({}));
    c.ok(
        "launch",
        json!({"program": ENDLESS, "maxSteps": 100_000_000_000u64, "stopOnEntry": true}),
    );
    c.motion("configurationDone", json!({}));
    c.ok("continue", json!({"threadId": 1}));
    std::thread::sleep(Duration::from_millis(500));
    // Served at once (the motion is interrupted, then goes on), and it takes effect.
    let t = std::time::Instant::now();
    let (b, ev) = c.ok(
        "setBreakpoints",
        json!({"source": {"path": ENDLESS}, "breakpoints": [{"line": 6}]}),
    );
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    assert_eq!(b["breakpoints"][0]["verified"], true, "{b}");
    assert_eq!(stopped_count(&ev), 0, "{ev:?}");
    let s = c.event("stopped", &mut Vec::new());
    assert_eq!(s["body"]["reason"], "breakpoint", "{s}");
    assert_eq!(c.top(1)["line"], 6);
    assert!(steps(&mut c, 1) > 1000, "it ran on before the breakpoint");
    c.finish();
}

#[test]
fn a_breakpoint_on_the_first_instruction_stops_warp_0() {
    let mut c = Client::start();
    c.ok("initialize", json!({}));
    c.ok("launch", json!({"program": PROG, "state": STATE}));
    c.ok(
        "setInstructionBreakpoints",
        json!({"breakpoints": [{"instructionReference": "0x0"}]}),
    );
    let s = c.motion("configurationDone", json!({}));
    assert_eq!(s["threadId"], 1, "{s}");
    assert_eq!(c.top(1)["instructionPointerReference"], "0x0");
    c.finish();
}

#[test]
fn extreme_numbers_give_rows_or_errors() {
    let mut c = Client::start();
    c.ok("initialize", json!({}));
    c.ok("launch", json!({"program": PROG, "state": STATE}));
    for (offset, instruction_offset) in [(0, i64::MAX), (i64::MIN, 0), (i64::MAX, i64::MIN)] {
        let (b, _) = c.ok(
            "disassemble",
            json!({"memoryReference": "0x0", "offset": offset,
                   "instructionOffset": instruction_offset, "instructionCount": 5}),
        );
        let rows = b["instructions"].as_array().unwrap();
        assert_eq!(rows.len(), 5, "{offset} {instruction_offset}: {b}");
        // Far after the code: past its end, not before it.
        if instruction_offset > 0 {
            assert!(rows.iter().all(|r| r["address"] != "-1"), "{b}");
        }
        // Far before the code, an address counts from the first instruction.
        let outside = instruction_offset != 0;
        assert!(
            rows.iter()
                .all(|r| (r["presentationHint"] == "invalid") == outside),
            "{b}"
        );
    }
    let e = c.err("goto", json!({"threadId": 1, "targetId": i64::MIN}));
    assert!(e.contains("no goto target"), "{e}");
    let (b, _) = c.ok(
        "setInstructionBreakpoints",
        json!({"breakpoints": [{"instructionReference": "0xffffffffffffffff", "offset": i64::MAX}]}),
    );
    assert_eq!(b["breakpoints"][0]["verified"], false, "{b}");
    c.finish();
}

/// What `warpkit debug --batch` prints for `lines` (after `b func` and `c`).
fn cli_transcript(lines: &str) -> String {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args(["debug", PROG, "--state", STATE, "--batch"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let script = format!("b func\nc\n{lines}");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

#[test]
fn the_debug_console_runs_the_cli_commands() {
    let mut c = Client::start();
    c.ok("initialize", json!({"linesStartAt1": true}));
    c.ok("launch", json!({"program": PROG, "state": STATE}));
    c.ok(
        "setBreakpoints",
        json!({"source": {"path": PROG}, "breakpoints": [{"line": 7}]}),
    );
    let s = c.motion("configurationDone", json!({}));
    assert_eq!(s["threadId"], 1, "{s}");
    let frame = c.top(1)["id"].clone();
    let commands = [
        "info warps",
        "last-write v1",
        "x/i",
        "disassemble",
        "p/f v1",
    ];
    let cli = cli_transcript(&commands.map(|l| format!("{l}\n")).concat());
    for line in commands {
        let (b, _) = c.ok(
            "evaluate",
            json!({"expression": line, "context": "repl", "frameId": frame}),
        );
        let text = b["result"].as_str().unwrap();
        assert!(
            !text.is_empty() && cli.contains(text),
            "`{line}` in the console:\n{text}\nnot what the CLI printed:\n{cli}"
        );
    }
    let (b, _) = c.ok(
        "evaluate",
        json!({"expression": "info warps", "context": "repl"}),
    );
    assert!(
        b["result"]
            .as_str()
            .unwrap()
            .contains("* 0     live        0x00000014"),
        "{b}"
    );
    // Registers and expressions stay what they were; outside the console, a command is an
    // expression error as before.
    let (b, _) = c.ok(
        "evaluate",
        json!({"expression": "u20 + 1", "context": "repl"}),
    );
    assert_eq!(b["result"], "13 (0xd)");
    let e = c.err(
        "evaluate",
        json!({"expression": "info warps", "context": "watch"}),
    );
    assert!(!e.contains("unknown command"), "{e}");
    // An unknown command names itself and the expression error; a motion points at the
    // toolbar and moves nothing.
    let e = c.err(
        "evaluate",
        json!({"expression": "frobnicate 3", "context": "repl"}),
    );
    assert!(
        e.starts_with("unknown command `frobnicate`") && e.contains("nor an expression"),
        "{e}"
    );
    let e = c.err("evaluate", json!({"expression": "next", "context": "repl"}));
    assert!(
        e.contains("`next` is not run here") && e.contains("toolbar"),
        "{e}"
    );
    let e = c.err(
        "evaluate",
        json!({"expression": "p/q v1", "context": "repl"}),
    );
    assert!(e.contains("unknown format /q"), "{e}");
    // Displays live in the console's session between requests.
    c.ok(
        "evaluate",
        json!({"expression": "display v3[1]", "context": "repl"}),
    );
    let (b, _) = c.ok(
        "evaluate",
        json!({"expression": "info display", "context": "repl"}),
    );
    assert_eq!(b["result"], "1: v3[1] = 0x00000000 (0)", "{b}");
    c.finish();
}
