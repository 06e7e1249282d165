//! `warpkit timing` as a user meets it: the report, its JSON form, the pictures and files it
//! writes, and the errors it gives.

mod common;
use common::*;
use serde_json::Value;

/// A chain of 5 dependent adds (20 cycles) and a state with two warps.
fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.s"), "add v1, v1, v2\n".repeat(5)).unwrap();
    std::fs::write(
        dir.path().join("s.json"),
        r#"{"warps": [{}, {"exec": "0xf"}]}"#,
    )
    .unwrap();
    dir
}

#[test]
fn the_text_report_gives_cycles_stalls_and_lanes() {
    let dir = setup();
    let o = run(&["timing", "p.s"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let t = o.text();
    // One warp: @0, @4, @8, @12, @16, done 20.
    assert!(t.starts_with("cycles 20, instructions 5, IPC 0.250"), "{t}");
    assert!(
        t.contains("waiting on a register written by valu-int"),
        "{t}"
    );
    assert!(t.contains("32 lanes"), "{t}");
    // Two warps on two schedulers: each alone, 20 cycles; the second with 4 lanes.
    let o = run(
        &["timing", "p.s", "--state", "s.json", "--schedulers", "2"],
        dir.path(),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.text().starts_with("cycles 20, instructions 10"),
        "{}",
        o.text()
    );
    assert!(o.text().contains(" 4 lanes"), "{}", o.text());
}

#[test]
fn json_has_the_documented_keys_and_the_timeline() {
    let dir = setup();
    let o = run(
        &[
            "timing",
            "p.s",
            "--state",
            "s.json",
            "--json",
            "--policy",
            "gto",
            "--timeline=3",
        ],
        dir.path(),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    // One scheduler, gto: w0 runs @0,4,8,12,16; w1 fills the gaps @1,5,9,13,17, done 21.
    assert_eq!(v["cycles"], 21);
    assert_eq!(v["instructions"], 10);
    assert_eq!(v["policy"], "gto");
    assert_eq!(v["warps"][1]["cycles"], 21);
    assert_eq!(v["warps"][1]["active_lanes"]["4"], 5);
    assert!(v["warps"][0]["stalls"]["register"]["valu-int"].is_u64());
    let tl = v["timeline"].as_array().unwrap();
    assert_eq!(tl.len(), 3);
    assert_eq!(tl[1]["warp"], 1);
    assert_eq!(tl[1]["issue"], 1);
    assert_eq!(tl[1]["waits"]["other_warp"], 1);
    assert_eq!(tl[2]["asm"], "add v1, v1, v2");
}

#[test]
fn the_text_timeline_has_a_default_length_and_a_legend() {
    let dir = setup();
    std::fs::write(dir.path().join("long.s"), "add v1, v2, v3\n".repeat(100)).unwrap();
    let o = run(&["timing", "long.s", "--timeline"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let t = o.text();
    assert!(t.contains("first 40 instructions"), "{t}");
    assert!(t.contains("[39]") && !t.contains("[40]"), "{t}");
    assert!(t.contains("= waiting on a register"), "{t}");
}

#[test]
fn pictures_and_the_final_state_are_written() {
    let dir = setup();
    let o = run(
        &[
            "timing",
            "p.s",
            "--state",
            "s.json",
            "--svg",
            "t.svg",
            "--trace-events",
            "t.json",
            "--final-state",
            "final.json",
        ],
        dir.path(),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let svg = std::fs::read_to_string(dir.path().join("t.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let te: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("t.json")).unwrap()).unwrap();
    let x = te["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["ph"] == "X" && e["cat"] == "valu-int")
        .count();
    assert_eq!(x, 10);
    // The final state is what `run` prints.
    let r = run(&["run", "p.s", "--state", "s.json"], dir.path());
    assert_eq!(r.code, 0);
    let fin = std::fs::read(dir.path().join("final.json")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&fin).trim_end(),
        r.text().trim_end()
    );
    no_temporaries(dir.path());
}

#[test]
fn a_faulting_warp_is_reported_and_the_run_succeeds() {
    let dir = setup();
    std::fs::write(dir.path().join("f.s"), "add v1, v2, v3\nadd v9, v1, v1\n").unwrap();
    let o = run_with(
        &["timing", "f.s", "--state", "-"],
        dir.path(),
        br#"{"vgprs": 8}"#,
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let t = o.text();
    assert!(t.contains("faulted"), "{t}");
    assert!(
        t.contains("warp 0 faulted: IllegalInsn (cause 1) at pc 0x00000004"),
        "{t}"
    );
}

#[test]
fn bad_configurations_and_options_are_errors_naming_the_problem() {
    let dir = setup();
    std::fs::write(
        dir.path().join("sm.toml"),
        "schedulers = 2\nwarp_size = 64\n",
    )
    .unwrap();
    let o = run(&["timing", "p.s", "--config", "sm.toml"], dir.path());
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("sm.toml") && o.stderr.contains("warp_size"),
        "{}",
        o.stderr
    );
    std::fs::write(dir.path().join("sm.toml"), "[latency]\nvalu-fp = 0\n").unwrap();
    let o = run(&["timing", "p.s", "--config", "sm.toml"], dir.path());
    o.fails(1, "latency.valu-fp");
    let o = run(&["timing", "p.s", "--schedulers", "0"], dir.path());
    o.fails(2, "--schedulers");
    let o = run(&["timing", "p.s", "--policy", "fifo"], dir.path());
    assert_eq!(o.code, 2, "clap refuses it");
    // A good configuration, overridden from the command line.
    std::fs::write(
        dir.path().join("sm.toml"),
        "schedulers = 2\npolicy = \"gto\"\n[latency]\nvalu-int = 2\n",
    )
    .unwrap();
    let o = run(
        &[
            "timing", "p.s", "--config", "sm.toml", "--json", "--policy", "lrr",
        ],
        dir.path(),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["cycles"].as_u64(), v["schedulers"].as_u64()),
        (Some(10), Some(2))
    );
    assert_eq!(v["policy"], "lrr");
    assert_eq!(v["latency_overrides"]["valu-int"], 2);
}

#[test]
fn outputs_never_replace_inputs_and_are_checked_first() {
    let dir = setup();
    let before = std::fs::read(dir.path().join("p.s")).unwrap();
    for flag in ["--svg", "--trace-events", "--final-state"] {
        let o = run(&["timing", "p.s", flag, "p.s"], dir.path());
        assert_eq!(o.code, 1, "{flag}");
        assert!(o.stderr.contains("input file"), "{flag}: {}", o.stderr);
        let o = run(
            &["timing", "p.s", "--state", "s.json", flag, "s.json"],
            dir.path(),
        );
        assert_eq!(o.code, 1, "{flag}");
        let o = run(&["timing", "p.s", flag, "-"], dir.path());
        assert_eq!(o.code, 2, "{flag}");
        assert!(
            o.stderr.contains("standard output carries the report"),
            "{}",
            o.stderr
        );
    }
    assert_eq!(std::fs::read(dir.path().join("p.s")).unwrap(), before);
    let o = run(
        &["timing", "p.s", "--svg", "x", "--trace-events", "./x"],
        dir.path(),
    );
    o.fails(1, "same file as another output");
    // A bad state file fails after the outputs were opened: none is left behind.
    std::fs::write(dir.path().join("bad.json"), "{\"warps\": 3}").unwrap();
    let o = run(
        &["timing", "p.s", "--state", "bad.json", "--svg", "t.svg"],
        dir.path(),
    );
    o.fails(1, "bad.json");
    assert!(!dir.path().join("t.svg").exists());
    no_temporaries(dir.path());
    // A missing directory fails before the program is read.
    let o = run(
        &["timing", "missing.s", "--svg", "no/such/dir/t.svg"],
        dir.path(),
    );
    o.fails(1, "does not exist");
}
