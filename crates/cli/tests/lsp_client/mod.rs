//! A test client that speaks the Language Server Protocol to `warpkit lsp` over its
//! standard input and output.

#![allow(dead_code)]

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Long enough for a debug build on a busy machine; a hang fails instead of blocking CI.
const WAIT: Duration = Duration::from_secs(120);

pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: mpsc::Receiver<Value>,
    /// Messages received while waiting for something else.
    pending: VecDeque<Value>,
    next_id: i64,
}

fn read_frame(r: &mut impl BufRead) -> Option<Value> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            len = v.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

pub fn uri(name: &str) -> String {
    format!("file:///work/{name}")
}

impl Client {
    /// Start `warpkit lsp` and initialize it.
    pub fn start() -> Client {
        let mut c = Client::spawn();
        let r = c.request("initialize", json!({"processId": null, "capabilities": {}}));
        assert!(
            r["result"]["capabilities"]["hoverProvider"] == json!(true),
            "{r}"
        );
        c.notify("initialized", json!({}));
        c
    }

    /// Start `warpkit lsp` without initializing it.
    pub fn spawn() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_warpkit"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start warpkit lsp");
        let stdout = child.stdout.take().unwrap();
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Some(v) = read_frame(&mut r) {
                if tx.send(v).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            rx,
            pending: VecDeque::new(),
            next_id: 1,
        }
    }

    pub fn raw(&mut self, bytes: &[u8]) {
        let w = self.stdin.as_mut().expect("stdin open");
        w.write_all(bytes).unwrap();
        w.flush().unwrap();
    }

    pub fn send(&mut self, v: &Value) {
        let body = v.to_string();
        self.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn next(&mut self) -> Value {
        self.rx
            .recv_timeout(WAIT)
            .expect("the server answers (it did not crash or hang)")
    }

    /// The first message that satisfies `f`; others are kept for later.
    pub fn wait_for(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(&f) {
            return self.pending.remove(i).unwrap();
        }
        loop {
            let v = self.next();
            if f(&v) {
                return v;
            }
            self.pending.push_back(v);
        }
    }

    /// Send a request and return the whole response (`result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(|v| v["id"] == json!(id) && v.get("method").is_none())
    }

    /// The result of a request, which must not fail.
    #[track_caller]
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let r = self.request(method, params);
        assert!(r.get("error").is_none(), "{method}: {r}");
        r["result"].clone()
    }

    pub fn open(&mut self, name: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(name), "languageId": "warpkit-asm", "version": 1, "text": text}}),
        );
    }

    /// The next diagnostics published for `name` (at `version` when given).
    pub fn diagnostics(&mut self, name: &str, version: Option<i64>) -> Vec<Value> {
        let u = uri(name);
        let v = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == json!(u)
                && version.is_none_or(|ver| m["params"]["version"] == json!(ver))
        });
        v["params"]["diagnostics"].as_array().unwrap().clone()
    }

    pub fn at(&mut self, method: &str, name: &str, line: u32, character: u32) -> Value {
        self.call(
            method,
            json!({"textDocument": {"uri": uri(name)}, "position": {"line": line, "character": character}}),
        )
    }

    /// `shutdown`, `exit`, and the exit code.
    pub fn finish(mut self) -> i32 {
        self.call("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        self.wait_exit()
    }

    pub fn wait_exit(mut self) -> i32 {
        drop(self.stdin.take());
        for _ in 0..1200 {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s.code().unwrap_or(-1);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("warpkit lsp did not exit");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `((line, character), (line, character))`.
pub type Span = ((u64, u64), (u64, u64));

/// A range as a [`Span`].
pub fn range_of(v: &Value) -> Span {
    let p = |p: &Value| {
        (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        )
    };
    (p(&v["start"]), p(&v["end"]))
}

/// Apply the protocol's text edits (non-overlapping) to `text`, positions in UTF-16.
pub fn apply_edits(text: &str, edits: &[Value]) -> String {
    let offset = |line: u64, ch: u64| -> usize {
        let mut start = 0;
        for _ in 0..line {
            start = text[start..]
                .find('\n')
                .map_or(text.len(), |p| start + p + 1);
        }
        let mut units = 0;
        for (i, c) in text[start..].char_indices() {
            if units >= ch || c == '\n' {
                return start + i;
            }
            units += c.len_utf16() as u64;
        }
        text.len()
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            let ((a, b), (c, d)) = range_of(&e["range"]);
            (
                offset(a, b),
                offset(c, d),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut t = text.to_string();
    for (s, e, n) in spans {
        t.replace_range(s..e, &n);
    }
    t
}
