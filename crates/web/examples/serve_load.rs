//! Load benchmark of `warpkit serve` with a light client: N threads, each with its own
//! session and one keep-alive connection, alternately stepping and reading registers on
//! loopback. Same workload and figures as `tools/bench/serve_load.mjs`, whose Node `fetch`
//! client costs more CPU per request than the server does, so on a 2-core machine that
//! script measures mostly its own queueing.
//!
//! Usage: cargo run --release -p warpkit-web --example serve_load -- [WARPKIT] [CLIENTS=50] [SECONDS=10]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SOURCE: &str = "top:\n        add.vi v1, v1, 1\n        mul v2, v1, v1\n        jmp top\n";

/// One keep-alive HTTP/1.1 connection.
struct Conn {
    r: BufReader<TcpStream>,
    w: TcpStream,
    /// The server's address, sent as `Host` (the server refuses other names).
    host: String,
}

impl Conn {
    fn open(addr: &str) -> Conn {
        let s = TcpStream::connect(addr).expect("connect to the server");
        s.set_nodelay(true).ok();
        Conn {
            r: BufReader::new(s.try_clone().expect("clone the socket")),
            w: s,
            host: addr.to_string(),
        }
    }

    /// One request; (status, body).
    fn call(&mut self, method: &str, path: &str, body: &str) -> (u16, Vec<u8>) {
        let req = if method == "GET" {
            format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.host)
        } else {
            format!(
                "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                self.host,
                body.len()
            )
        };
        self.w.write_all(req.as_bytes()).expect("send a request");
        let mut line = String::new();
        self.r.read_line(&mut line).expect("read the status line");
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status code");
        let mut len = None;
        loop {
            line.clear();
            self.r.read_line(&mut line).expect("read a header");
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    len = v.trim().parse::<usize>().ok();
                }
            }
        }
        let mut out = vec![0; len.expect("responses carry a Content-Length")];
        self.r.read_exact(&mut out).expect("read the body");
        (status, out)
    }
}

/// User and system CPU seconds of a process (Linux `/proc`; clock ticks of 10 ms).
fn cpu_time(pid: u32) -> Option<(f64, f64)> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let f: Vec<&str> = s.rsplit_once(") ")?.1.split(' ').collect();
    Some((
        f[11].parse::<f64>().ok()? / 100.0,
        f[12].parse::<f64>().ok()? / 100.0,
    ))
}

fn quantile(a: &mut [f64], p: f64) -> f64 {
    a.sort_by(|x, y| x.total_cmp(y));
    a[((p * a.len() as f64) as usize).min(a.len() - 1)]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bin = args.get(1).map_or("target/release/warpkit", |s| s.as_str());
    let clients: usize = args.get(2).map_or(50, |s| s.parse().expect("CLIENTS"));
    let seconds: u64 = args.get(3).map_or(10, |s| s.parse().expect("SECONDS"));

    let mut server = Command::new(bin)
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("start warpkit serve");
    let mut out = BufReader::new(server.stdout.take().expect("server stdout"));
    let mut line = String::new();
    let addr = loop {
        line.clear();
        if out.read_line(&mut line).expect("read the server's output") == 0 {
            panic!("the server exited before printing its URL");
        }
        if let Some(i) = line.find("http://") {
            let rest = &line[i + 7..];
            break rest
                .split(|c: char| c == '/' || c.is_whitespace())
                .next()
                .expect("host:port")
                .to_string();
        }
    };
    // Keep draining the server's output so it never blocks on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));

    // Sessions first: their making (assembling, launching) is not part of the figures.
    let body = serde_json::json!({ "source": SOURCE }).to_string();
    let sessions: Vec<(Conn, u64)> = (0..clients)
        .map(|_| {
            let mut c = Conn::open(&addr);
            let (st, b) = c.call("POST", "/api/sessions", &body);
            assert_eq!(st, 200, "{}", String::from_utf8_lossy(&b));
            let v: serde_json::Value = serde_json::from_slice(&b).expect("session JSON");
            (c, v["id"].as_u64().expect("a session id"))
        })
        .collect();

    let cpu0 = cpu_time(server.id());
    let t0 = Instant::now();
    let end = t0 + Duration::from_secs(seconds);
    let threads: Vec<_> = sessions
        .into_iter()
        .map(|(mut c, id)| {
            std::thread::spawn(move || {
                let (step_p, regs_p) = (
                    format!("/api/sessions/{id}/step"),
                    format!("/api/sessions/{id}/registers"),
                );
                let (mut step, mut regs, mut errors) = (Vec::new(), Vec::new(), 0u64);
                while Instant::now() < end {
                    let t = Instant::now();
                    let (s1, _) = c.call("POST", &step_p, "{}");
                    step.push(t.elapsed().as_secs_f64() * 1e3);
                    let t = Instant::now();
                    let (s2, _) = c.call("GET", &regs_p, "");
                    regs.push(t.elapsed().as_secs_f64() * 1e3);
                    errors += u64::from(s1 != 200 || s2 != 200);
                }
                (step, regs, errors)
            })
        })
        .collect();
    let (mut step, mut regs, mut errors) = (Vec::new(), Vec::new(), 0);
    for t in threads {
        let (s, r, e) = t.join().expect("a client thread");
        step.extend(s);
        regs.extend(r);
        errors += e;
    }
    let wall = t0.elapsed().as_secs_f64();
    let cpu1 = cpu_time(server.id());
    server.kill().ok();
    server.wait().ok();

    let total = step.len() + regs.len();
    println!("clients: {clients}; wall: {wall:.1} s; requests: {total}; errors: {errors}");
    println!("requests/s: {:.0}", total as f64 / wall);
    match (cpu0, cpu1) {
        (Some(a), Some(b)) => {
            let (u, s) = (b.0 - a.0, b.1 - a.1);
            println!(
                "server CPU per request: {:.3} ms (user {:.3}, system {:.3}; {:.2} s in all)",
                1e3 * (u + s) / total as f64,
                1e3 * u / total as f64,
                1e3 * s / total as f64,
                u + s
            );
        }
        _ => println!("server CPU per request: unknown (no /proc)"),
    }
    for (k, a) in [("step", &mut step), ("registers", &mut regs)] {
        let n = a.len();
        println!(
            "{k}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (n={n})",
            quantile(a, 0.5),
            quantile(a, 0.99),
            quantile(a, 1.0)
        );
    }
}
