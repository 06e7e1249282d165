//! `warpkit run` resumed from its own output: `--max-steps K`, then the printed state
//! as `--state` with `--max-steps N`, ends like one run with `--max-steps N` (state and
//! concatenated trace), and the trace records half-register and FFLAGS writes.

mod common;

use common::warpkit;
use std::path::Path;

/// `warpkit run PROGRAM --state STATE --max-steps MAX --trace T`: (state, trace).
fn run(dir: &Path, program: &Path, state: &Path, max: u64, tag: &str) -> (String, String) {
    let trace = dir.join(format!("{tag}.jsonl"));
    let (code, out, err) = warpkit(
        &[
            "run",
            program.to_str().unwrap(),
            "--state",
            state.to_str().unwrap(),
            "--max-steps",
            &max.to_string(),
            "--trace",
            trace.to_str().unwrap(),
        ],
        dir,
    );
    assert_eq!(code, 0, "{err}");
    (out, std::fs::read_to_string(trace).unwrap())
}

#[test]
fn resume_from_printed_state_equals_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let prog = ex.join("loop_bexecz.s");
    let state = ex.join("loop_bexecz.state.json");
    let (whole, whole_trace) = run(dir.path(), &prog, &state, 1000, "whole");
    for k in [1, 7, 20, 40] {
        let (mid, mid_trace) = run(dir.path(), &prog, &state, k, "mid");
        let v: serde_json::Value = serde_json::from_str(&mid).unwrap();
        assert_eq!(v["warps"][0]["status"], "step_limit");
        let mid_path = dir.path().join("mid.json");
        std::fs::write(&mid_path, &mid).unwrap();
        let (end, end_trace) = run(dir.path(), &prog, &mid_path, 1000, "end");
        assert_eq!(end, whole, "resumed at {k}");
        assert_eq!(
            format!("{mid_trace}{end_trace}"),
            whole_trace,
            "resumed at {k}"
        );
    }
    // A finished run resumes to itself with an empty trace.
    let done = dir.path().join("done.json");
    std::fs::write(&done, &whole).unwrap();
    let (again, trace) = run(dir.path(), &prog, &done, 1000, "again");
    assert_eq!((again, trace), (whole, String::new()));
}

#[test]
fn trace_records_half_registers_and_fflags() {
    let dir = tempfile::tempdir().unwrap();
    let src = "fadd.f16 v1.h, v2.l, v3.l\nfadd.f32 v4, v2, v3\n";
    std::fs::write(dir.path().join("p.s"), src).unwrap();
    // v2 = v3: binary16 1.0 in the low half; as binary32 a tiny subnormal whose sum is
    // exact, so take v3's high half to make the binary32 sum inexact.
    std::fs::write(
        dir.path().join("s.json"),
        r#"{"v": {"v2": "0x00003c00", "v3": "0x3f803c00"}}"#,
    )
    .unwrap();
    let (out, trace) = run(
        dir.path(),
        &dir.path().join("p.s"),
        &dir.path().join("s.json"),
        10,
        "t",
    );
    let lines: Vec<serde_json::Value> = trace
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    // fadd.f16 writes v1.h: the record holds all of v1 (1.0 + 1.0 = 2.0 in the high half).
    assert_eq!(lines[0]["writes"]["v1"][0], "0x40000000");
    assert_eq!(lines[0]["writes"].as_object().unwrap().len(), 1);
    // fadd.f32 raises NX: FFLAGS appears in the writes.
    assert_eq!(lines[1]["writes"]["fflags"], "0x00000001");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warps"][0]["fflags"], "0x00000001");
}
