//! One value presenter for every front: the same registers fed to the CLI debugger (`p`
//! with each format), `warpkit run --view table --as`, the DAP server (`variables` and
//! `evaluate` under each `valueFormat`, and `format.hex`) and the playground's API
//! (`/api/present` over the registers a session serves) give the same text, and that text
//! is the one stated in docs/debugging.md (shortest floats, one NaN spelling, binary16
//! halves low first).

mod common;

use common::run;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Registers and the bits each holds in every lane.
const REGS: [(&str, u32); 7] = [
    ("v1", 0x3c00_c000),
    ("v2", 0x0000_0001),
    ("v3", 0x7f7f_ffff),
    ("v4", 0x7fc0_0001),
    ("v5", 0xffff_ffff),
    ("v6", 0x7e01_7c00),
    ("v7", 0x8000_0000),
];

const FORMATS: [&str; 5] = ["hex", "i32", "u32", "f32", "f16"];

fn program() -> String {
    REGS.iter()
        .map(|(r, b)| format!("mov.vl {r}, 0x{b:08x}\n"))
        .collect()
}

/// What docs/debugging.md says each value is, written out by hand.
fn stated(bits: u32, f: &str) -> &'static str {
    match (bits, f) {
        (0x3c00_c000, "hex") => "0x3c00c000",
        (0x3c00_c000, "i32") => "1006682112",
        (0x3c00_c000, "f32") => "0.007858276",
        (0x3c00_c000, "f16") => ".l -2 .h 1",
        (0x0000_0001, "f32") => "1e-45",
        (0x0000_0001, "f16") => ".l 6e-8 .h 0",
        (0x7f7f_ffff, "f32") => "3.4028235e38",
        (0x7f7f_ffff, "f16") => ".l nan(0xffff) .h nan(0x7f7f)",
        (0x7fc0_0001, "f32") => "nan(0x7fc00001)",
        (0xffff_ffff, "i32") => "-1",
        (0xffff_ffff, "u32") => "4294967295",
        (0xffff_ffff, "f32") => "nan(0xffffffff)",
        (0x7e01_7c00, "f16") => ".l inf .h nan(0x7e01)",
        (0x8000_0000, "f32") => "-0",
        (0x8000_0000, "f16") => ".l 0 .h -0",
        _ => "",
    }
}

/// The text of every (register, format) from one front.
type Shown = Vec<(String, String, String)>;

fn check(front: &str, shown: &Shown) {
    for (reg, f, text) in shown {
        let bits = REGS.iter().find(|(r, _)| r == reg).unwrap().1;
        let want = warpkit_ui::present::word(bits, warpkit_ui::present::Format::parse(f).unwrap());
        assert_eq!(text, &want, "{front}: {reg} as {f}");
        let s = stated(bits, f);
        assert!(
            s.is_empty() || text == s,
            "{front}: {reg} as {f}: {text}, docs say {s}"
        );
    }
    assert_eq!(
        shown.len(),
        REGS.len() * FORMATS.len(),
        "{front}: {shown:?}"
    );
}

fn dir() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("p.s"), program()).unwrap();
    d
}

#[test]
fn the_cli_debugger_prints_the_presenters_text() {
    let d = dir();
    let letters = [
        ("hex", "x"),
        ("i32", "d"),
        ("u32", "u"),
        ("f32", "f"),
        ("f16", "h"),
    ];
    let mut script = String::from("c\n");
    for (r, _) in REGS {
        for (_, l) in letters {
            script += &format!("p/{l} {r}[0]\n");
        }
    }
    std::fs::write(d.path().join("s.gdb"), &script).unwrap();
    let o = run(&["debug", "p.s", "--batch", "-x", "s.gdb"], d.path());
    assert_eq!(o.code, 0, "{}\n{}", o.text(), o.stderr);
    let text = o.text();
    let mut lines = text
        .lines()
        .filter(|l| l.starts_with('v') && l.contains("[0] = "));
    let mut shown = Shown::new();
    for (r, _) in REGS {
        for (f, _) in letters {
            let line = lines.next().expect("a line per print");
            let v = line.split_once(" = ").unwrap().1;
            // Hex is followed by the decimal value in parentheses, as gdb's p/x is not.
            let v = if f == "hex" {
                v.split(" (").next().unwrap()
            } else {
                v
            };
            assert!(line.starts_with(&format!("{r}[0] = ")), "{line}");
            shown.push((r.to_string(), f.to_string(), v.to_string()));
        }
    }
    check("p", &shown);
}

#[test]
fn run_as_shows_the_presenters_text() {
    let d = dir();
    let mut shown = Shown::new();
    for f in FORMATS {
        let regs = REGS.map(|r| r.0).join(",");
        let o = run(
            &["run", "p.s", "--view", "table", "--as", f, "--regs", &regs],
            d.path(),
        );
        assert_eq!(o.code, 0, "{}", o.stderr);
        let text = o.text();
        let row: Vec<&str> = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some("0"))
            .unwrap()
            .split_whitespace()
            .skip(2)
            .collect();
        for (i, (r, _)) in REGS.iter().enumerate() {
            // f16 has a column per half, named v1.l and v1.h: low half first.
            let v = if f == "f16" {
                format!(".l {} .h {}", row[2 * i], row[2 * i + 1])
            } else {
                row[i].to_string()
            };
            shown.push((r.to_string(), f.to_string(), v));
        }
        if f == "f16" {
            let header = text
                .lines()
                .find(|l| l.trim_start().starts_with("lane"))
                .unwrap();
            assert!(
                header.split_whitespace().collect::<Vec<_>>()[2..4] == ["v1.l", "v1.h"],
                "{text}"
            );
        }
    }
    check("run --as", &shown);
}

struct Dap {
    child: Child,
    stdin: ChildStdin,
    out: BufReader<ChildStdout>,
    seq: i64,
}

impl Dap {
    fn start() -> Dap {
        let mut child = Command::new(env!("CARGO_BIN_EXE_warpkit"))
            .arg("dap")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        Dap {
            child,
            stdin,
            out,
            seq: 0,
        }
    }

    fn message(&mut self) -> Value {
        let mut len = None;
        loop {
            let mut line = String::new();
            assert!(self.out.read_line(&mut line).unwrap() > 0, "adapter ended");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                len = n.parse::<usize>().ok();
            }
        }
        let mut body = vec![0; len.expect("Content-Length")];
        self.out.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    /// Send a request; its response body (events before it are read and dropped, except
    /// that `until_event` waits for that event after the response too).
    fn request(&mut self, command: &str, arguments: Value, until_event: Option<&str>) -> Value {
        self.seq += 1;
        let body =
            json!({"seq": self.seq, "type": "request", "command": command, "arguments": arguments})
                .to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
        let (mut response, mut event) = (None, until_event.is_none());
        while response.is_none() || !event {
            let m = self.message();
            if m["type"] == "response" && m["request_seq"] == self.seq {
                assert_eq!(m["success"], true, "{command}: {m}");
                response = Some(m["body"].clone());
            } else if m["type"] == "event" && Some(m["event"].as_str().unwrap_or("")) == until_event
            {
                event = true;
            }
        }
        response.unwrap()
    }
}

impl Drop for Dap {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn dap_variables_and_evaluate_show_the_presenters_text() {
    let d = dir();
    let prog = d.path().join("p.s");
    let mut variables = Shown::new();
    let mut evaluated = Shown::new();
    for f in FORMATS {
        let mut c = Dap::start();
        c.request("initialize", json!({"adapterID": "warpkit"}), None);
        c.request(
            "launch",
            json!({"program": prog, "valueFormat": f, "stopOnEntry": false}),
            None,
        );
        c.request("configurationDone", json!({}), Some("stopped"));
        let frames = c.request("stackTrace", json!({"threadId": 1}), None);
        let frame = frames["stackFrames"][0]["id"].clone();
        let scopes = c.request("scopes", json!({"frameId": frame}), None);
        let vector = scopes["scopes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == "Vector")
            .unwrap()["variablesReference"]
            .clone();
        let regs = c.request("variables", json!({"variablesReference": vector}), None);
        for (r, bits) in REGS {
            let reg = regs["variables"]
                .as_array()
                .unwrap()
                .iter()
                .find(|v| v["name"] == r)
                .unwrap()
                .clone();
            let lanes = c.request(
                "variables",
                json!({"variablesReference": reg["variablesReference"]}),
                None,
            );
            let lane0 = lanes["variables"][0]["value"].as_str().unwrap().to_string();
            variables.push((r.to_string(), f.to_string(), lane0));
            let e = c.request(
                "evaluate",
                json!({"expression": format!("{r}[0]"), "frameId": frame, "context": "watch"}),
                None,
            );
            evaluated.push((
                r.to_string(),
                f.to_string(),
                e["result"].as_str().unwrap().into(),
            ));
            // format.hex asks for hex whatever the launch said, in both requests.
            let hex = warpkit_ui::present::word(bits, warpkit_ui::present::Format::Hex);
            let e = c.request(
                "evaluate",
                json!({"expression": format!("{r}[0]"), "frameId": frame, "format": {"hex": true}}),
                None,
            );
            assert_eq!(e["result"], hex.as_str(), "{r} evaluate format.hex");
            let lanes = c.request(
                "variables",
                json!({"variablesReference": reg["variablesReference"], "format": {"hex": true}}),
                None,
            );
            assert_eq!(
                lanes["variables"][0]["value"],
                hex.as_str(),
                "{r} variables format.hex"
            );
        }
    }
    check("DAP variables", &variables);
    check("DAP evaluate", &evaluated);
}

/// One HTTP/1.1 request to the playground; (status, JSON body).
fn http(port: u16, method: &str, path: &str, body: &Value) -> (u32, Value) {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let b = body.to_string();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{b}",
        b.len()
    )
    .unwrap();
    let mut r = String::new();
    s.read_to_string(&mut r).unwrap();
    let (head, body) = r.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_playground_api_presents_the_served_registers_the_same_way() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _server = Server(child);
    let port: u16 = line
        .trim()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let (st, v) = http(port, "POST", "/api/sessions", &json!({"source": program()}));
    assert_eq!(st, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    let (st, v) = http(port, "POST", &format!("/api/sessions/{id}/run"), &json!({}));
    assert_eq!(st, 200, "{v}");
    let (st, regs) = http(
        port,
        "GET",
        &format!("/api/sessions/{id}/registers"),
        &json!({}),
    );
    assert_eq!(st, 200, "{regs}");
    // Lane 0 of each register, as the page sends them back: the hex the API served.
    let lane0: String = REGS
        .iter()
        .map(|(r, _)| {
            let i: usize = r[1..].parse().unwrap();
            regs["v"][i].as_str().unwrap()[..8].to_string()
        })
        .collect();
    let mut shown = Shown::new();
    for f in FORMATS {
        let (st, v) = http(
            port,
            "POST",
            "/api/present",
            &json!({"format": f, "values": lane0}),
        );
        assert_eq!(st, 200, "{v}");
        for (i, (r, _)) in REGS.iter().enumerate() {
            shown.push((
                r.to_string(),
                f.to_string(),
                v["text"][i].as_str().unwrap().into(),
            ));
        }
    }
    check("playground API", &shown);
    // Bad requests are answered with JSON errors naming the problem.
    let (st, v) = http(
        port,
        "POST",
        "/api/present",
        &json!({"format": "f33", "values": ""}),
    );
    assert_eq!(
        (st, v["error"].as_str().unwrap().contains("f33")),
        (400, true),
        "{v}"
    );
    let (st, v) = http(
        port,
        "POST",
        "/api/present",
        &json!({"format": "hex", "values": "12z"}),
    );
    assert_eq!(st, 400, "{v}");
}
