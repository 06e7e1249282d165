//! Resumable state: the state a run prints is accepted as input; running to `K` steps and
//! resuming with a limit of `N` gives exactly the final state and (concatenated) trace of
//! one run with a limit of `N`. On the examples (every split point), on random programs,
//! and from a `step_limit` in the middle of a divergent loop.

mod common;
use common::*;
use serde_json::Value;
use warpkit_encoding::random::XorShift;
use warpkit_sim::state::{parse_state, state_to_json};
use warpkit_sim::{run_state, RunStatus, WarpResult};

/// Output state and trace of one `run_state` call.
fn run(code: &[u8], state: &str, max: u64) -> (String, String) {
    let mut trace = Vec::new();
    let asm = |i: &warpkit_encoding::Inst, pc: u32, s: &mut String| {
        s.push_str(&format!("{} @{pc}", i.desc().mnemonic))
    };
    let out = run_state(code, state, max, Some((&mut trace, &asm))).unwrap();
    // The untraced (parallel) path prints the same state.
    assert_eq!(run_state(code, state, max, None).unwrap(), out);
    (out, String::from_utf8(trace).unwrap())
}

/// The trace lines of each warp, in order (the trace is written warp after warp).
fn per_warp(trace: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    for line in trace.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let w = v["warp"].as_u64().unwrap() as usize;
        if out.len() <= w {
            out.resize(w + 1, Vec::new());
        }
        out[w].push(line);
    }
    out
}

/// Split a run at `k` steps and resume to `max`; compare with one run to `max`: the same
/// final state, and for every warp its trace lines before the split followed by those
/// after it are the lines of the uninterrupted run.
fn check_split(what: &str, code: &[u8], state: &str, k: u64, max: u64) {
    let (whole, whole_trace) = run(code, state, max);
    let (mid, mid_trace) = run(code, state, k);
    let (end, end_trace) = run(code, &mid, max);
    assert!(
        end == whole,
        "{what}: resumed at {k} of {max}: final state differs"
    );
    let (a, b, want) = (
        per_warp(&mid_trace),
        per_warp(&end_trace),
        per_warp(&whole_trace),
    );
    for w in 0..want.len().max(a.len()).max(b.len()) {
        let got: Vec<&str> = [a.get(w), b.get(w)]
            .into_iter()
            .flatten()
            .flatten()
            .copied()
            .collect();
        let want = want.get(w).cloned().unwrap_or_default();
        if let Some(i) = (0..got.len().max(want.len())).find(|&i| got.get(i) != want.get(i)) {
            panic!(
                "{what}: resumed at {k} of {max}: warp {w} trace line {i}:\n got {:?}\nwant {:?}",
                got.get(i),
                want.get(i)
            );
        }
    }
}

fn example(name: &str) -> (Vec<u8>, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    let src = std::fs::read_to_string(format!("{dir}{name}.s")).unwrap();
    let code = warpkit_asm::assemble(&src, &warpkit_asm::AsmOptions::named(name))
        .unwrap_or_else(|d| panic!("{name}: {}", d.render(false)))
        .code;
    (
        code,
        std::fs::read_to_string(format!("{dir}{name}.state.json")).unwrap(),
    )
}

const EXAMPLES: [&str; 4] = [
    "divergent_if_else",
    "loop_bexecz",
    "stream_compaction",
    "addr64",
];

#[test]
fn examples_resume_at_every_step() {
    for name in EXAMPLES {
        let (code, state) = example(name);
        let (whole, _) = run(&code, &state, 10_000);
        let v: Value = serde_json::from_str(&whole).unwrap();
        let longest = v["warps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["steps"].as_u64().unwrap())
            .max()
            .unwrap();
        assert!(longest > 3, "{name}");
        for k in 0..=longest + 1 {
            check_split(name, &code, &state, k, 10_000);
            // A limit that stops the resumed run early too.
            check_split(name, &code, &state, k / 2, k);
        }
    }
}

/// The divergent loop stopped where some lanes have left it: EXEC is partial in the
/// printed state, and the resumed run still ends like the uninterrupted one.
#[test]
fn resume_inside_a_divergent_loop() {
    let (code, state) = example("loop_bexecz");
    let (whole, trace) = run(&code, &state, 10_000);
    let lines: Vec<Value> = trace
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // A step inside the loop with a partial EXEC.
    let k = lines
        .iter()
        .position(|l| {
            let e = l["exec"].as_str().unwrap();
            e != "0xffffffff" && e != "0x00000000"
        })
        .expect("the loop diverges") as u64
        + 3;
    let (mid, _) = run(&code, &state, k);
    let m: Value = serde_json::from_str(&mid).unwrap();
    assert_eq!(m["warps"][0]["status"], "step_limit");
    assert_eq!(m["warps"][0]["steps"], k);
    let e = m["warps"][0]["exec"].as_str().unwrap();
    assert!(e != "0xffffffff" && e != "0x00000000", "exec {e}");
    let (end, _) = run(&code, &mid, 10_000);
    assert_eq!(end, whole);
    // Resuming in several hops gives the same too.
    let mut s = state;
    for hop in (5..=300).step_by(7).chain([10_000]) {
        s = run(&code, &s, hop).0;
    }
    assert_eq!(s, whole);
}

#[test]
fn random_programs_resume() {
    let mut rng = XorShift::new(31337);
    for round in 0..50 {
        let code = random_exec_program(50, &mut rng, 3);
        let warps: Vec<WarpResult> = (0..3).map(|_| not_yet_run(random_warp(&mut rng))).collect();
        let state = state_to_json(rng.next_u64(), &warps);
        let max = 20 + rng.below(200);
        let k = rng.below(max + 1);
        check_split(&format!("round {round}"), &code, &state, k, max);
    }
}

/// Exited and faulted warps are not run again; their status, fault and step count are
/// kept; a limit below a warp's count runs nothing.
#[test]
fn ended_warps_stay_ended() {
    let prog = code(&[mk("uaddi", 1, 1, 0, 0, 1), mk("uaddi", 1, 1, 0, 0, 1)]);
    let state = r#"{"warps": [
        {"status": "exited", "steps": 7, "pc": 0},
        {"status": "faulted", "steps": 3, "pc": 4,
         "fault": {"cause": 2, "name": "FetchFault", "pc": "0x00000004", "word": "0x00000000"}},
        {"status": "step_limit", "steps": 5, "pc": 0},
        {"steps": 9, "pc": 0}
    ]}"#;
    let (out, trace) = run(&prog, state, 6);
    let v: Value = serde_json::from_str(&out).unwrap();
    let w = v["warps"].as_array().unwrap();
    assert_eq!(
        (&w[0]["status"], &w[0]["steps"], &w[0]["pc"]),
        (&"exited".into(), &7.into(), &"0x00000000".into())
    );
    assert_eq!(w[0]["u"]["u1"], "0x00000000");
    assert_eq!(w[1]["status"], "faulted");
    assert_eq!(w[1]["steps"], 3);
    assert_eq!(
        w[1]["fault"],
        serde_json::json!({"cause": 2, "name": "FetchFault", "pc": "0x00000004", "word": "0x00000000"})
    );
    // step_limit at 5 with a limit of 6: one more instruction.
    assert_eq!(
        (&w[2]["status"], &w[2]["steps"]),
        (&"step_limit".into(), &6.into())
    );
    assert_eq!(w[2]["u"]["u1"], "0x00000001");
    // Already past the limit: nothing runs.
    assert_eq!(
        (&w[3]["status"], &w[3]["steps"]),
        (&"step_limit".into(), &9.into())
    );
    assert_eq!(trace.lines().count(), 1);
    assert!(trace.contains("\"warp\":2,\"step\":5,"));
    // The output resumes to itself when nothing is left to run.
    assert_eq!(run(&prog, &out, 6).0, out);
    // Output of a faulted run parses back to the same fault.
    let l = parse_state(&out).unwrap();
    match l.status[1] {
        Some(RunStatus::Faulted(f)) => assert_eq!((f.cause.code(), f.pc, f.word_bytes), (2, 4, 4)),
        ref s => panic!("{s:?}"),
    }
    // A 64-bit faulting word keeps its width.
    let s =
        r#"{"status": "faulted", "fault": {"cause": 1, "pc": 0, "word": "0x0000000000000003"}}"#;
    let out = run(&prog, s, 10).0;
    assert!(out.contains("\"word\": \"0x0000000000000003\""), "{out}");
}

#[test]
fn inconsistent_status_is_an_error() {
    let prog = code(&[mk("uaddi", 1, 1, 0, 0, 1)]);
    for (state, want) in [
        (
            r#"{"status": "faulted"}"#,
            "status: a faulted warp needs its \"fault\" object",
        ),
        (
            r#"{"status": "exited", "fault": {"cause": 1, "pc": 0, "word": "0x0"}}"#,
            "status: only a faulted warp has a \"fault\" object",
        ),
        (
            r#"{"fault": {"cause": 1, "pc": 0, "word": "0x0"}}"#,
            "fault: a fault needs \"status\": \"faulted\"",
        ),
        (
            r#"{"status": "running"}"#,
            "status: expected \"exited\", \"faulted\", \"step_limit\" or \"interrupted\"",
        ),
        (
            r#"{"status": "faulted", "fault": {"cause": 3, "pc": 0, "word": "0x0"}}"#,
            "fault.cause: unknown fault cause 3",
        ),
        (
            r#"{"status": "faulted", "fault": {"cause": 1, "name": "FetchFault", "pc": 0, "word": "0x0"}}"#,
            "fault.name: cause 1 is IllegalInsn",
        ),
        (
            r#"{"status": "faulted", "fault": {"cause": 1, "pc": 0}}"#,
            "fault: missing \"word\"",
        ),
        (
            r#"{"status": "faulted", "fault": {"cause": 1, "pc": 0, "word": "0x0", "why": 1}}"#,
            "fault.why: unknown key",
        ),
        (r#"{"steps": "many"}"#, "steps: expected a 64-bit value"),
        (r#"{"warps": [{"status": 3}]}"#, "warps[0].status: expected"),
    ] {
        let e = run_state(&prog, state, 10, None).unwrap_err().to_string();
        assert!(e.contains(want), "{state}: {e}");
    }
}
