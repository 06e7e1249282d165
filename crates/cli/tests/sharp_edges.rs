//! Mistakes a new user makes, each of which once crashed, lost work or said the wrong
//! thing: deep expressions, closed pipes, missing directories, standard input where a
//! name is derived, exit codes of bad option values, timeouts, stray bytes.

mod common;
use common::{cmd, run, run_with};
use std::path::Path;
use std::process::Stdio;

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// Names in `dir` (sorted), to see what a command left behind.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_100000_deep_expression_is_a_diagnostic_in_every_command() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "minus.s", format!("movi v1, {}1\n", "-".repeat(100_000)));
    write(p, "paren.s", format!("movi v1, {}1\n", "(".repeat(100_000)));
    write(p, "s.json", "{}");
    for f in ["minus.s", "paren.s"] {
        run(&["asm", f, "-o", "/dev/null"], p).fails(1, "nested more than 256 levels");
        run(&["run", f], p).fails(1, "nested more than 256 levels");
        run(&["timing", f], p).fails(1, "nested more than 256 levels");
        let before = listing(p);
        let o = run(&["shrink", f, "--state", "s.json", "--test", "true"], p);
        o.fails(1, "nested more than 256 levels");
        // No temporary and no output left behind.
        assert_eq!(listing(p), before);
    }
}

/// A long trace into a pipe closed after one line: quiet, exit 0, for `-` and
/// `/dev/stdout`; and the other commands that write standard output alike.
#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "loop.s", "top:\n  add v1, v1, v2\n  jmp top\n");
    let closed = |args: &[&str]| {
        // Standard output is a pipe whose reader is gone before anything is written.
        let mut c = cmd(args, p);
        c.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = c.spawn().unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    for trace in ["-", "/dev/stdout"] {
        let (code, err) = closed(&["run", "loop.s", "--max-steps", "200000", "--trace", trace]);
        assert_eq!(code, Some(0), "--trace {trace}: {err}");
        assert!(!err.contains("Broken pipe"), "{err}");
    }
    run(
        &["run", "loop.s", "--max-steps", "300", "--trace", "t.jsonl"],
        p,
    );
    write(p, "s.json", "{}");
    write(p, "p.s", "movi v1, 3\nadd v1, v1, v1\n");
    let big = "add v1, v2, v3\n".repeat(20_000);
    write(p, "big.s", &big);
    run(&["asm", "big.s", "-o", "big.bin"], p);
    for args in [
        &["diff", "t.jsonl", "t.jsonl"][..],
        &["spec"],
        &["disasm", "big.bin"],
        &["timing", "loop.s", "--max-steps", "100", "--timeline=100"],
        &[
            "gen",
            "--seed",
            "1",
            "--count",
            "3",
            "-o",
            "g",
            "--coverage",
        ],
        &["run", "big.s"],
        &["shrink", "p.s", "--state", "s.json", "--test", "true", "-q"],
    ] {
        let (code, err) = closed(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(
            !err.contains("Broken pipe") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn docs_does_not_create_directories() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    run(&["docs"], p).fails(1, "directory docs does not exist");
    run(&["docs", "-o", "newdir/x.md"], p).fails(1, "directory newdir does not exist");
    assert!(listing(p).is_empty(), "{:?}", listing(p));
    assert_eq!(run(&["docs", "-o", "isa.md"], p).code, 0);
}

#[test]
fn shrink_of_standard_input_needs_output_names_and_says_so() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "p.s", "movi v1, 3\nadd v1, v1, v1\n");
    write(p, "w.json", "{}");
    let bin = run(&["asm", "p.s", "-o", "-"], p).stdout;
    let o = run_with(
        &["shrink", "-", "--state", "w.json", "--test", "true"],
        p,
        &bin,
    );
    o.fails(2, "give the reduced program's name with -o FILE");
    assert!(!p.join("-.min.s").exists());
    let o = run_with(
        &[
            "shrink", "-", "-o", "m.s", "--state", "w.json", "--test", "true", "-q",
        ],
        p,
        &bin,
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(p.join("m.s").exists() && p.join("w.min.json").exists());
    let state = std::fs::read(p.join("w.json")).unwrap();
    run_with(
        &["shrink", "p.s", "--state", "-", "--test", "true"],
        p,
        &state,
    )
    .fails(2, "--output-state FILE");
}

#[test]
fn reduced_state_pairs_with_the_reduced_program() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "0001.s", "movi v1, 3\nadd v1, v1, v1\n");
    write(p, "0001.state.json", "{}");
    let o = run(
        &[
            "shrink",
            "0001.s",
            "--state",
            "0001.state.json",
            "--test",
            "true",
            "-q",
        ],
        p,
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    // `{.}.state.json` of the reproducer names its state.
    assert!(p.join("0001.min.s").exists() && p.join("0001.min.state.json").exists());
}

#[test]
fn diff_reads_standard_input() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "loop.s", "top:\n  add v1, v1, v2\n  jmp top\n");
    run(
        &["run", "loop.s", "--max-steps", "5", "--trace", "a.jsonl"],
        p,
    );
    let a = std::fs::read(p.join("a.jsonl")).unwrap();
    let o = run_with(&["diff", "-", "a.jsonl"], p, &a);
    assert_eq!(
        (o.code, o.text().trim()),
        (0, "equal: 5 records"),
        "{}",
        o.stderr
    );
    let o = run_with(&["diff", "a.jsonl", "-"], p, &a[..a.len() / 2]);
    assert_eq!(o.code, 1);
    assert!(
        o.text().contains("<stdin>") || o.stderr.contains("<stdin>"),
        "{}{}",
        o.text(),
        o.stderr
    );
    run(&["diff", "-", "-"], p).fails(2, "cannot both be standard input");
}

#[test]
fn bad_option_values_are_command_line_errors() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "p.s", "movi v1, 3\n");
    write(p, "s.json", "{}");
    for args in [
        &["timing", "p.s", "--schedulers", "0"][..],
        &["gen", "--seed", "1", "--depth", "9", "-o", "g"],
        &["gen", "--seed", "1", "--mix", "foo=1", "-o", "g"],
        &["gen", "--seed", "1", "--length", "0", "-o", "g"],
        &["run", "p.s", "--regs", "v200"],
        &[
            "shrink",
            "p.s",
            "--state",
            "s.json",
            "--test",
            "true",
            "--timeout",
            "0",
        ],
        &["timing", "p.s", "--svg", "-"],
        &["export", "--c", "--check"],
    ] {
        let o = run(args, p);
        assert_eq!(o.code, 2, "{args:?}: {}", o.stderr);
    }
    assert!(!p.join("g").exists());
    let o = run_with(&["run", "-", "--state", "-"], p, b"");
    o.fails(2, "cannot both be standard input");
}

#[test]
fn shrink_says_when_the_test_timed_out() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "p.s", "movi v1, 3\n");
    write(p, "s.json", "{}");
    let o = run(
        &[
            "shrink",
            "p.s",
            "--state",
            "s.json",
            "--test",
            "sleep 100",
            "--timeout",
            "1",
        ],
        p,
    );
    o.fails(1, "timed out on the input as given");
    // A test that simply fails still says so.
    let o = run(
        &["shrink", "p.s", "--state", "s.json", "--test", "false"],
        p,
    );
    o.fails(1, "the test fails on it as given");
}

#[test]
fn stray_bytes_are_fine_in_comments_and_located_elsewhere() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(
        p,
        "c.s",
        b"movi v1, 2 ; caf\xe9 (Latin-1)\n// \xff\nadd v1, v1, v1\n",
    );
    write(p, "ok.s", "movi v1, 2\nadd v1, v1, v1\n");
    let a = run(&["asm", "c.s", "-o", "-"], p);
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert_eq!(a.stdout, run(&["asm", "ok.s", "-o", "-"], p).stdout);
    write(p, "bad.s", b"movi v1, 2\n  add v1, v\xe91, v1\n");
    run(&["asm", "bad.s", "-o", "-"], p).fails(1, "bad.s:2:12: byte 0xe9 is not UTF-8");
    run(&["run", "bad.s"], p).fails(1, "bad.s:2:12");
}

/// Ctrl-C during a long run: within a fraction of a second the state reached is printed (a
/// valid --state that resumes the run) and the exit status is 130.
#[test]
fn sigint_prints_the_state_reached_and_exits_130() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "loop.s", "top:\n  add v1, v1, v2\n  jmp top\n");
    write(
        p,
        "s.json",
        r#"{"warps": [{"v": {"v2": 1}}, {"v": {"v2": 3}}]}"#,
    );
    let child = cmd(
        &[
            "run",
            "loop.s",
            "--state",
            "s.json",
            "--max-steps",
            "1000000000000",
        ],
        p,
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let t = std::time::Instant::now();
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let took = t.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(took.as_millis() < 1500, "answered after {took:?}");
    assert!(err.contains("interrupted after"), "{err}");
    // The state is where the warps stand: resuming it for 10 more steps of warp 0 gives
    // what one run of that many steps gives.
    let st: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = st["warps"][0]["steps"].as_u64().unwrap();
    assert!(
        steps > 0 && st["warps"][0]["status"] == "step_limit",
        "{st}"
    );
    let steps1 = st["warps"][1]["steps"].as_u64().unwrap();
    let target = (steps.max(steps1) + 10).to_string();
    write(p, "reached.json", &out.stdout);
    let resumed = run(
        &[
            "run",
            "loop.s",
            "--state",
            "reached.json",
            "--max-steps",
            &target,
        ],
        p,
    );
    let direct = run(
        &["run", "loop.s", "--state", "s.json", "--max-steps", &target],
        p,
    );
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert_eq!(resumed.text(), direct.text());
}

/// `--as` per register class: vector registers as f32, uniform masks in hex.
#[test]
fn table_formats_can_differ_per_register_class() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "p.s", "laneid v9\n");
    write(
        p,
        "s.json",
        r#"{"u": {"u1": 1}, "v": {"v1": "0x3fc00000"}}"#,
    );
    let table = |how: &str| {
        let o = run(
            &[
                "run", "p.s", "--state", "s.json", "--view", "table", "--regs", "v1,u1", "--as",
                how,
            ],
            p,
        );
        assert_eq!(o.code, 0, "{how}: {}", o.stderr);
        o.text()
    };
    let all = table("f32");
    assert!(all.contains("u1 1e-45"), "{all}");
    let mixed = table("v=f32,u=hex");
    assert!(mixed.contains("u1 0x00000001"), "{mixed}");
    assert!(mixed.contains(" 1.5"), "{mixed}");
    let one = table("v1=i32,f32");
    assert!(
        one.contains("u1 1e-45") && one.contains("1069547520"),
        "{one}"
    );
    let o = run(&["run", "p.s", "--view", "table", "--as", "v=f33"], p);
    o.fails(2, "`f33` is not a kind");
    let o = run(&["run", "p.s", "--view", "table", "--as", "exec=f32"], p);
    o.fails(2, "--as applies to v and u registers");
}
