//! Random request sequences against the adapter in-process, for the `dap` fuzz target and
//! the bounded random test: [`requests_from_bytes`] turns bytes into frames (requests with
//! good and bad arguments, malformed frames, motions with requests sent while they run),
//! [`check_session`] serves them and checks that nothing panicked or hung and that every
//! request before the first `disconnect` was answered.

use crate::adapter::serve;
use crate::framing::{FrameReader, Received};
use crate::types::LaunchArgs;
use serde_json::{json, Value};
use std::io::Read;
use std::time::Duration;
use warpkit_debug::Target;

/// The program every launch gets: a loop that never ends by itself, with a call in it
/// (so `next`, `stepOut` and `reverseContinue` have frames to work on).
const PROGRAM: &str = "\
        laneid v1
        movi v3, 0
top:
        jal u20, func
        uaddi u1, u1, 1
        jmp top
func:
        add v3, v3, v1
        jr u20, 0
";

const COMMANDS: &[&str] = &[
    "configurationDone",
    "setBreakpoints",
    "setInstructionBreakpoints",
    "dataBreakpointInfo",
    "setDataBreakpoints",
    "setExceptionBreakpoints",
    "threads",
    "stackTrace",
    "scopes",
    "variables",
    "setVariable",
    "evaluate",
    "continue",
    "next",
    "stepIn",
    "stepOut",
    "stepBack",
    "reverseContinue",
    "pause",
    "pause",
    "gotoTargets",
    "goto",
    "disassemble",
    "flyToTheMoon",
];

/// Ends of a session, picked rarely (the rest of a sequence after them tests little).
const ENDS: &[&str] = &["terminate", "disconnect", "launch", "initialize"];

/// RequestBytes read one at a time, 0 when they run out.
struct RequestBytes<'a>(&'a [u8]);

impl RequestBytes<'_> {
    fn byte(&mut self) -> u8 {
        let (b, rest) = self.0.split_first().map_or((0, &[][..]), |(b, r)| (*b, r));
        self.0 = rest;
        b
    }

    fn pick<T: Clone>(&mut self, from: &[T]) -> T {
        from[self.byte() as usize % from.len()].clone()
    }

    /// Mostly a good value, else one of the bad ones.
    fn either(&mut self, good: &[Value], bad: &[Value]) -> Value {
        if self.byte() < 200 {
            self.pick(good)
        } else {
            self.pick(bad)
        }
    }

    fn int(&mut self) -> Value {
        self.either(
            &[json!(1), json!(1), json!(0), json!(2), json!(4), json!(17)],
            &[
                json!(-1),
                json!(257),
                json!(1025),
                json!(i64::MAX),
                json!(u64::MAX),
                json!("1"),
                json!(1.5),
            ],
        )
    }

    fn text(&mut self) -> Value {
        self.either(
            &[
                json!("v3"),
                json!("v3[0]"),
                json!("u1 + 1"),
                json!("exec"),
                json!("[0]"),
                json!("pc"),
                json!("0x10"),
                json!("u1"),
            ],
            &[json!("v3[99]"), json!("v3[ =="), json!(""), json!(7)],
        )
    }
}

/// The arguments of a request, good or bad.
fn arguments(cmd: &str, b: &mut RequestBytes) -> Value {
    let n = b.int();
    let t = b.text();
    let hex = b.byte() & 1 == 1;
    match cmd {
        "launch" => json!({
            "program": b.pick(&[json!("loop.s"), json!("missing.s"), json!(3)]),
            "maxSteps": b.pick(&[json!(1000), json!(1_000_000), json!(100_000_000_000u64)]),
            "stopOnEntry": hex,
            "valueFormat": b.pick(&[json!("hex"), json!("f16"), json!("i32"), json!("x")]),
        }),
        "setBreakpoints" => json!({
            "source": {"path": "loop.s"},
            "breakpoints": [{"line": n}, {"line": b.byte() % 12, "condition": t}],
        }),
        "setInstructionBreakpoints" => json!({
            "breakpoints": [{"instructionReference": t, "offset": n}],
        }),
        "dataBreakpointInfo" => json!({"name": t, "variablesReference": n}),
        "setDataBreakpoints" => json!({"breakpoints": [{"dataId": t, "hitCondition": "2"}]}),
        "setExceptionBreakpoints" => json!({"filters": [b.pick(&["fault", "nope"])]}),
        "scopes" => json!({"frameId": n}),
        "variables" => json!({"variablesReference": n, "format": {"hex": hex}}),
        "setVariable" => json!({"variablesReference": n, "name": t, "value": b.text()}),
        "evaluate" => json!({"expression": t, "frameId": n, "format": {"hex": hex}}),
        "gotoTargets" => json!({"source": {"path": "loop.s"}, "line": n}),
        "goto" => json!({"threadId": 1, "targetId": n}),
        "disassemble" => json!({
            "memoryReference": t, "instructionOffset": n, "instructionCount": b.byte() % 40,
        }),
        _ => json!({"threadId": n}),
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut v = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    v.extend_from_slice(body);
    v
}

/// Frames made from `data`, and the `seq` of every request that must be answered (those up
/// to the first `disconnect`).
pub fn requests_from_bytes(data: &[u8]) -> (Vec<Vec<u8>>, Vec<Value>) {
    let mut b = RequestBytes(data);
    let mut frames = Vec::new();
    let mut answered = Vec::new();
    let mut open = true;
    // Most sequences start a session, so that the later requests reach the engine.
    if b.byte() % 4 != 0 {
        for (i, (c, a)) in [
            ("initialize", json!({})),
            (
                "launch",
                json!({"program": "loop.s", "maxSteps": 100_000_000_000u64}),
            ),
        ]
        .into_iter()
        .enumerate()
        {
            let seq = json!(i + 1);
            let m = json!({"seq": seq, "type": "request", "command": c, "arguments": a});
            frames.push(frame(m.to_string().as_bytes()));
            answered.push(seq);
        }
    }
    let mut i = 10u64;
    while !b.0.is_empty() {
        i += 1;
        let kind = b.byte();
        if kind % 16 == 0 {
            // Malformed: answered with request_seq 0, which is not checked.
            frames.push(b.pick(&[
                b"Content-Length: 5\r\n\r\n{\"a\":".to_vec(),
                b"Content-Length: x\r\n\r\n".to_vec(),
                frame(b"[1,2]"),
                frame(b"{\"type\":\"request\",\"seq\":\"s\"}"),
                b"garbage\r\n\r\n".to_vec(),
            ]));
            continue;
        }
        let cmd = if kind % 32 == 2 {
            b.pick(ENDS)
        } else {
            b.pick(COMMANDS)
        };
        let seq = if kind % 16 == 1 {
            json!(u64::MAX - i)
        } else {
            json!(i)
        };
        let m = json!({"seq": seq, "type": "request", "command": cmd, "arguments": arguments(cmd, &mut b)});
        frames.push(frame(m.to_string().as_bytes()));
        if open {
            answered.push(seq);
        }
        open &= cmd != "disconnect";
    }
    (frames, answered)
}

/// A reader giving one frame at a time, `pace` apart (so that motions run between them).
struct Paced {
    frames: std::vec::IntoIter<Vec<u8>>,
    cur: std::io::Cursor<Vec<u8>>,
    pace: Duration,
}

impl Read for Paced {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let n = self.cur.read(buf)?;
            if n > 0 {
                return Ok(n);
            }
            let Some(f) = self.frames.next() else {
                return Ok(0);
            };
            std::thread::sleep(self.pace);
            self.cur = std::io::Cursor::new(f);
        }
    }
}

/// What a session answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Answers {
    pub responses: usize,
    pub successes: usize,
    pub stops: usize,
}

/// Serve `frames` (one every `pace`) with a loader that knows one program, `loop.s`; an
/// error says what went wrong (a panic of the adapter, no end within `limit`, a request of
/// `answered` without its response).
pub fn check_session(
    frames: Vec<Vec<u8>>,
    answered: &[Value],
    pace: Duration,
    limit: Duration,
) -> Result<Answers, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let input = Paced {
        frames: frames.into_iter(),
        cur: std::io::Cursor::new(Vec::new()),
        pace,
    };
    std::thread::spawn(move || {
        let load = |a: &LaunchArgs| match a.program.as_deref() {
            Some("loop.s") => Ok((Target::from_assembly("loop.s", PROGRAM)?, "{}".into())),
            p => Err(format!("no program {p:?}")),
        };
        let mut out = Vec::new();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            serve(input, &mut out, &load)
        }));
        let _ = tx.send(r.map(|r| (r, out)));
    });
    let (r, out) = match rx.recv_timeout(limit) {
        Ok(Ok(x)) => x,
        Ok(Err(_)) => return Err("the adapter panicked".into()),
        Err(_) => return Err(format!("the adapter did not end within {limit:?}")),
    };
    r.map_err(|e| format!("serve: {e}"))?;
    let mut seen = Vec::new();
    let mut n = Answers::default();
    let mut reader = FrameReader::new(&out[..]);
    while let Ok(Some(f)) = reader.next_frame() {
        match f {
            Received::Message(m) if m["type"] == "response" => {
                n.responses += 1;
                n.successes += (m["success"] == true) as usize;
                seen.push(m["request_seq"].clone());
            }
            Received::Message(m) => n.stops += (m["event"] == "stopped") as usize,
            Received::Bad(why) => return Err(format!("the adapter wrote a bad frame: {why}")),
        }
    }
    match answered.iter().find(|s| !seen.contains(s)) {
        Some(s) => Err(format!("request {s} got no response")),
        None => Ok(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift: the same sequences on every run.
    fn bytes(seed: u64, n: usize) -> Vec<u8> {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect()
    }

    #[test]
    fn random_request_sequences_are_all_answered() {
        let mut total = Answers::default();
        for seed in 0..60 {
            let (frames, answered) = requests_from_bytes(&bytes(seed, 400));
            let pace = Duration::from_millis(if seed % 3 == 0 { 2 } else { 0 });
            match check_session(frames, &answered, pace, Duration::from_secs(30)) {
                Ok(n) => {
                    total.responses += n.responses;
                    total.successes += n.successes;
                    total.stops += n.stops;
                }
                Err(e) => panic!("seed {seed}: {e}"),
            }
        }
        // The sequences reach the engine: many requests succeed and motions stop.
        assert!(total.successes * 5 > total.responses, "{total:?}");
        assert!(total.stops > 30, "{total:?}");
    }

    #[test]
    fn a_session_in_order_succeeds() {
        let m = |seq: u64, c: &str, a: Value| {
            frame(
                json!({"seq": seq, "type": "request", "command": c, "arguments": a})
                    .to_string()
                    .as_bytes(),
            )
        };
        // Short motions (1000 steps a warp), paced far apart: each has stopped before the
        // next request comes.
        let frames = vec![
            m(1, "initialize", json!({})),
            m(
                2,
                "launch",
                json!({"program": "loop.s", "maxSteps": 1000, "stopOnEntry": true}),
            ),
            m(3, "configurationDone", json!({})),
            m(4, "threads", json!({})),
            m(5, "next", json!({"threadId": 1})),
            m(6, "stackTrace", json!({"threadId": 1})),
            // The outermost frame: on to the warp's end.
            m(7, "stepOut", json!({"threadId": 1})),
            // Nothing runs: no stop.
            m(8, "pause", json!({"threadId": 1})),
            m(9, "evaluate", json!({"expression": "u1 > 100"})),
        ];
        let seqs: Vec<Value> = (1..=9).map(|i| json!(i)).collect();
        let n = check_session(
            frames,
            &seqs,
            Duration::from_millis(50),
            Duration::from_secs(30),
        );
        assert_eq!(
            n,
            Ok(Answers {
                responses: 9,
                successes: 9,
                stops: 3
            })
        );
    }

    #[test]
    fn the_fuzzers_findings_are_answered() {
        // `disassemble` with an instructionOffset near i64::MAX overflowed.
        let found: &[&[u8]] = &[&[0x73, 0x1c, 0x76, 0xff, 0xff, 0x76, 0x76, 0x71]];
        for data in found {
            let (frames, answered) = requests_from_bytes(data);
            let r = check_session(frames, &answered, Duration::ZERO, Duration::from_secs(30));
            assert!(r.is_ok(), "{data:?}: {r:?}");
        }
    }

    #[test]
    fn a_lost_response_is_noticed() {
        let (frames, mut answered) = requests_from_bytes(&[1, 2, 8, 2]);
        answered.push(json!(12345));
        let e = check_session(frames, &answered, Duration::ZERO, Duration::from_secs(30));
        assert_eq!(e, Err("request 12345 got no response".into()));
    }
}
