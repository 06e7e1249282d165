//! The command line as a user meets it: files in, files out, errors on bad input.

mod common;

use common::warpkit;
use std::path::Path;

#[test]
fn asm_then_disasm_round_trips_through_files() {
    let dir = tempfile::tempdir().unwrap();
    let src =
        "start:\n  movi v1, 5\n  add.vi v2, v1, -3\n  fadd.f32.vl v3, v2, 1.5\n  bnz u0, start\n";
    std::fs::write(dir.path().join("p.s"), src).unwrap();
    let (code, _, err) = warpkit(&["asm", "p.s", "-o", "p.bin"], dir.path());
    assert_eq!(code, 0, "{err}");
    let bin = std::fs::read(dir.path().join("p.bin")).unwrap();
    assert_eq!(bin.len(), 4 + 4 + 8 + 4);
    let (code, text, _) = warpkit(&["disasm", "p.bin"], dir.path());
    assert_eq!(code, 0);
    assert!(
        text.contains("movi v1, 5") && text.contains("bnz u0, L_0000"),
        "{text}"
    );
    std::fs::write(dir.path().join("q.s"), &text).unwrap();
    assert_eq!(warpkit(&["asm", "q.s"], dir.path()).0, 0);
    assert_eq!(std::fs::read(dir.path().join("q.bin")).unwrap(), bin);
}

#[test]
fn errors_are_reported_all_at_once_with_location_and_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.s"),
        "add v1, v2\nfadd.f23 v1, v2, v3\njmp nowhere\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("bad.bin"), b"keep me").unwrap();
    let (code, _, err) = warpkit(&["asm", "bad.s"], dir.path());
    assert_eq!(code, 1);
    for want in [
        "bad.s:1:",
        "bad.s:2:1",
        "did you mean `fadd.f32`?",
        "bad.s:3:5",
        "3 errors in bad.s",
        "^",
    ] {
        assert!(err.contains(want), "missing {want:?} in\n{err}");
    }
    // A failed assembly leaves an existing output untouched.
    assert_eq!(
        std::fs::read(dir.path().join("bad.bin")).unwrap(),
        b"keep me"
    );
}

#[test]
fn never_overwrites_the_input() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.s"), "laneid v0\n").unwrap();
    let (code, _, err) = warpkit(&["asm", "x.s", "-o", "x.s"], dir.path());
    assert_eq!(code, 1);
    assert!(err.contains("input"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("x.s")).unwrap(),
        "laneid v0\n"
    );
    std::fs::write(dir.path().join("y.bin"), [0x7eu8, 0, 0, 0]).unwrap();
    assert_eq!(
        warpkit(&["disasm", "y.bin", "-o", "y.bin"], dir.path()).0,
        1
    );
    assert_eq!(
        std::fs::read(dir.path().join("y.bin")).unwrap(),
        [0x7e, 0, 0, 0]
    );
}

#[test]
fn garbage_and_empty_and_missing_inputs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("g.bin"),
        [0xffu8, 0xff, 0xff, 0xff, 0x7e, 0, 0, 0, 1, 2],
    )
    .unwrap();
    let (code, text, _) = warpkit(&["disasm", "g.bin"], dir.path());
    assert_eq!(code, 0);
    assert!(
        text.contains(".dword 0x0000007effffffff") && text.contains("not an instruction"),
        "{text}"
    );
    assert!(text.contains(".byte 0x01, 0x02"), "{text}");
    std::fs::write(dir.path().join("e.s"), "").unwrap();
    assert_eq!(warpkit(&["asm", "e.s"], dir.path()).0, 0);
    assert_eq!(std::fs::read(dir.path().join("e.bin")).unwrap().len(), 0);
    let (code, _, err) = warpkit(&["asm", "missing.s"], dir.path());
    assert_eq!(code, 1);
    assert!(err.contains("cannot read missing.s"), "{err}");
    std::fs::write(dir.path().join("b.s"), [0xffu8, 0xfe, 0x00]).unwrap();
    let (code, _, err) = warpkit(&["asm", "b.s"], dir.path());
    assert_eq!(code, 1);
    assert!(err.contains("not UTF-8"), "{err}");
}

#[test]
fn spec_answers_for_every_mnemonic_and_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let (code, text, _) = warpkit(&["spec", "mad64.u32"], dir.path());
    assert_eq!(code, 0);
    assert!(
        text.contains("X (64-bit)")
            && text.contains("f10=0xa")
            && text.contains("vp^2")
            && text.contains("p64")
            && text.contains("reads:     rs1 rs2 rs3 exec")
            && text.contains("writes:    rd"),
        "{text}"
    );
    let (code, json, _) = warpkit(&["spec", "--json"], dir.path());
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let arr = v.as_array().unwrap();
    assert_eq!(arr.len(), warpkit_isa::INSNS.len());
    let tex = arr.iter().find(|x| x["mnemonic"] == "tex.sample").unwrap();
    assert_eq!(tex["latency"], "async:tex");
    assert_eq!(tex["size"], 8);
    assert_eq!(tex["operands"][2]["type"], "d8^8");
    assert_eq!(
        tex["reads"],
        serde_json::json!(["rs1..", "rs2", "rs3", "exec"])
    );
    assert_eq!(tex["writes"], serde_json::json!(["rd.."]));
    let movrel = arr.iter().find(|x| x["mnemonic"] == "movrel.d").unwrap();
    assert_eq!(movrel["reads"], serde_json::json!(["rs1", "rs2", "exec"]));
    assert_eq!(movrel["writes"], serde_json::json!(["rd+rs2"]));
    let f = arr.iter().find(|x| x["mnemonic"] == "fadd.f16").unwrap();
    assert_eq!(
        f["reads"],
        serde_json::json!(["rs1", "rs2", "exec", "mode"])
    );
    assert_eq!(f["writes"], serde_json::json!(["rd", "fflags"]));
    let jal = arr.iter().find(|x| x["mnemonic"] == "jal").unwrap();
    assert!(jal["funct"].is_null());
    let (code, _, err) = warpkit(&["spec", "nosuch"], dir.path());
    assert_eq!(code, 1);
    assert!(err.contains("unknown instruction"), "{err}");
}

fn repo() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn run_the_bundled_example_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let ex = repo().join("examples");
    let trace = dir.path().join("t.jsonl");
    let (code, out, err) = warpkit(
        &[
            "run",
            ex.join("divergent_if_else.s").to_str().unwrap(),
            "--state",
            ex.join("divergent_if_else.state.json").to_str().unwrap(),
            "--trace",
            trace.to_str().unwrap(),
        ],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let w0 = &v["warps"][0];
    assert_eq!(w0["status"], "exited");
    assert_eq!(w0["exec"], "0xffffffff");
    // Lane 3 takes the then-branch: v2 = 3*3 = 9, v3 = 10; lane 20 the else: v2 = 20 - 100.
    assert_eq!(w0["v"]["v3"][3], "0x0000000a");
    assert_eq!(w0["v"]["v2"][20], format!("0x{:08x}", (20i32 - 100) as u32));
    // Warp 2 launched with lanes 0..11 inactive: their v2 keeps the state file's value.
    assert_eq!(v["warps"][2]["v"]["v2"][0], "0xdeadbeef");
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&trace)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["asm"], "laneid v1");
    assert_eq!(lines[0]["warp"], 0);
    assert!(
        lines.iter().any(|l| l["writes"].get("exec").is_some()),
        "EXEC writes are traced"
    );
}

#[test]
fn run_reports_bad_state_files_and_stops_infinite_loops() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("loop.s"), "top:\n  jmp top\n").unwrap();
    std::fs::write(
        dir.path().join("bad.json"),
        r#"{"warps": [{"exce": "0x1"}]}"#,
    )
    .unwrap();
    let (code, _, err) = warpkit(&["run", "loop.s", "--state", "bad.json"], dir.path());
    assert_eq!(code, 1);
    assert!(err.contains("exce"), "{err}");
    std::fs::write(dir.path().join("junk.json"), "{not json").unwrap();
    let (code, _, err) = warpkit(&["run", "loop.s", "--state", "junk.json"], dir.path());
    assert_eq!(code, 1);
    assert!(err.contains("JSON"), "{err}");
    let (code, out, _) = warpkit(&["run", "loop.s", "--max-steps", "1000"], dir.path());
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warps"][0]["status"], "step_limit");
    assert_eq!(v["warps"][0]["steps"], 1000);
    // Raw machine code with an illegal word faults with cause 1.
    std::fs::write(dir.path().join("ill.bin"), [0x7eu8, 0, 0, 0]).unwrap();
    let (code, out, _) = warpkit(&["run", "ill.bin"], dir.path());
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["warps"][0]["status"], "faulted");
    assert_eq!(v["warps"][0]["fault"]["cause"], 1);
    assert_eq!(v["warps"][0]["fault"]["name"], "IllegalInsn");
}
