//! `warpkit run` for people and scripts: the streaming trace and its filters, strict state
//! files, `--warps` / `--regs`, `--view table --as ...`, the line per warp that did not
//! exit, and `--fail-on-fault`.

mod common;

use common::{cmd, entries, no_temporaries, run, run_with, Out};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// A loop whose trip count is `u1`; `v2` accumulates lane ids.
const LOOP: &str = "loop:\n  uaddi u1, u1, -1\n  add v2, v2, v1\n  laneid v1\n  bnz u1, loop\n";

fn dir_with(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// `n` warps of different lengths.
fn warps(n: usize) -> String {
    let ws: Vec<String> = (0..n)
        .map(|i| format!(r#"{{"u": {{"u1": {}}}}}"#, (i * 7) % 13 + 1))
        .collect();
    format!(r#"{{"warps": [{}]}}"#, ws.join(","))
}

fn json(o: &Out) -> serde_json::Value {
    assert_eq!(o.code, 0, "{}", o.stderr);
    serde_json::from_slice(&o.stdout).unwrap()
}

/// `warpkit run p.s --state s.json --trace TRACE` and the `extra` arguments.
fn traced(d: &Path, trace: &str, extra: &[&str]) -> Out {
    let mut args = vec!["run", "p.s", "--state", "s.json", "--trace", trace];
    args.extend_from_slice(extra);
    run(&args, d)
}

fn lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn trace_filters_keep_their_warps_and_steps() {
    let dir = dir_with(&[("p.s", LOOP), ("s.json", &warps(6))]);
    let d = dir.path();
    let full = traced(d, "all.jsonl", &[]);
    let all = lines(&d.join("all.jsonl"));
    let o = traced(
        d,
        "f.jsonl",
        &["--trace-warps", "0,2-3", "--trace-steps", "2..5"],
    );
    // A filter changes what is traced, not what runs.
    assert_eq!(json(&o), json(&full));
    let want: Vec<&serde_json::Value> = all
        .iter()
        .filter(|l| [0, 2, 3].contains(&l["warp"].as_u64().unwrap()))
        .filter(|l| (2..5).contains(&l["step"].as_u64().unwrap()))
        .collect();
    let got = lines(&d.join("f.jsonl"));
    assert_eq!(got.iter().collect::<Vec<_>>(), want);
    assert_eq!(
        got.len(),
        2 + 3 + 3,
        "steps 2, 3, 4 of warps 2 and 3; warp 0 has 4 steps"
    );
    // FROM..=TO includes TO; FROM.. is open.
    traced(d, "i.jsonl", &["--trace-steps", "2..=4"]);
    let n = all
        .iter()
        .filter(|l| (2..=4).contains(&l["step"].as_u64().unwrap()))
        .count();
    assert_eq!(lines(&d.join("i.jsonl")).len(), n);
    traced(d, "o.jsonl", &["--trace-steps", "40.."]);
    let n = all
        .iter()
        .filter(|l| l["step"].as_u64() >= Some(40))
        .count();
    assert_eq!(lines(&d.join("o.jsonl")).len(), n);
    // Bad filters: the command line (2), or a warp that is not there (1).
    for bad in [
        ["--trace-steps", "5"],
        ["--trace-steps", "5..2"],
        ["--trace-warps", "x"],
        ["--trace-warps", "3-1"],
    ] {
        let o = run(&["run", "p.s", "--trace", "t.jsonl", bad[0], bad[1]], d);
        assert_eq!(o.code, 2, "{bad:?}: {}", o.stderr);
    }
    let o = run(&["run", "p.s", "--trace-steps", "1..2"], d);
    assert_eq!(o.code, 2, "a filter needs --trace: {}", o.stderr);
    let o = traced(d, "t.jsonl", &["--trace-warps", "1,6"]);
    o.fails(
        1,
        "--trace-warps: there is no warp 6 (the state launches 6 warps: 0-5)",
    );
    assert!(!d.join("t.jsonl").exists());
    no_temporaries(d);
}

#[test]
fn a_trace_to_standard_output_spills_to_the_temporary_directory_and_cleans_up() {
    let dir = dir_with(&[("p.s", LOOP), ("s.json", &warps(30))]);
    let tmp = tempfile::tempdir().unwrap();
    let d = dir.path();
    let to_file = traced(d, "t.jsonl", &[]);
    let mut c = cmd(&["run", "p.s", "--state", "s.json", "--trace", "-"], d);
    let out = c.env("TMPDIR", tmp.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    // Trace lines first, then the state: the same bytes as the file and the state.
    let mut want = std::fs::read(d.join("t.jsonl")).unwrap();
    want.extend_from_slice(&to_file.stdout);
    assert!(out.stdout == want);
    assert_eq!(entries(tmp.path()), Vec::<String>::new());
    assert_eq!(entries(d), ["p.s", "s.json", "t.jsonl"]);
}

/// Files the process `pid` has open in `dir` that have no name (spills).
fn unnamed_open_in(pid: u32, dir: &Path) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|fds| {
            fds.filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
                .filter(|p| p.starts_with(dir) && p.to_string_lossy().ends_with("(deleted)"))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn an_interrupted_parallel_trace_leaves_nothing_behind() {
    if !Path::new("/proc/self/fd").exists() {
        return;
    }
    // Warp 0 never ends; warps 1.. end after a while and wait in spills behind it.
    let mut ws = vec![r#"{"u": {"u1": "0xffffffff"}}"#.to_string()];
    ws.extend((0..7).map(|_| r#"{"u": {"u1": 3000}}"#.to_string()));
    let state = format!(r#"{{"warps": [{}]}}"#, ws.join(","));
    let dir = dir_with(&[("p.s", LOOP), ("s.json", &state)]);
    let d = dir.path();
    let mut child = cmd(
        &[
            "run",
            "p.s",
            "--state",
            "s.json",
            "--max-steps",
            "100000000000",
            "--trace",
            "t.jsonl",
        ],
        d,
    )
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let start = Instant::now();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores > 1 {
        // Spills exist (unnamed files in the output's directory) while warp 0 runs.
        while unnamed_open_in(child.id(), d) == 0 {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no spill appeared"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    } else {
        std::thread::sleep(Duration::from_millis(500));
    }
    let st = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(child.wait().unwrap().signal(), Some(15));
    assert_eq!(entries(d), ["p.s", "s.json"]);
}

#[test]
fn state_files_refuse_duplicates_and_negatives_naming_the_key() {
    let dir = dir_with(&[
        ("p.s", LOOP),
        ("dup.json", r#"{"warps": [{"u": {"u5": 1, "u5": 2}}]}"#),
        ("neg.json", r#"{"vgprs": -1}"#),
        ("negu.json", r#"{"warps": [{}, {"u": {"u5": -1}}]}"#),
    ]);
    let d = dir.path();
    let o = run(&["run", "p.s", "--state", "dup.json"], d);
    o.fails(1, "dup.json: state file: warps[0].u.u5: duplicate key");
    let o = run(&["run", "p.s", "--state", "neg.json"], d);
    o.fails(1, "vgprs: -1 is negative");
    assert!(!o.stderr.contains("4294967295"), "{}", o.stderr);
    let o = run(&["run", "p.s", "--state", "negu.json"], d);
    assert!(
        o.stderr.contains("warps[1].u.u5: -1 is negative") && o.stderr.contains("\"0xffffffff\""),
        "{}",
        o.stderr
    );
    // Everything the printed state holds is accepted back (resume), from a file or stdin.
    let first = run(&["run", "p.s", "--max-steps", "3"], d);
    let first = run_with(
        &["run", "p.s", "--state", "-", "--max-steps", "3"],
        d,
        &first.stdout,
    );
    assert_eq!(first.code, 0, "{}", first.stderr);
    std::fs::write(d.join("mid.json"), &first.stdout).unwrap();
    assert_eq!(run(&["run", "p.s", "--state", "mid.json"], d).code, 0);
}

#[test]
fn warps_and_regs_select_the_json() {
    let dir = dir_with(&[("p.s", LOOP), ("s.json", &warps(4))]);
    let d = dir.path();
    let full = json(&run(&["run", "p.s", "--state", "s.json"], d));
    let o = run(
        &[
            "run",
            "p.s",
            "--state",
            "s.json",
            "--warps",
            "3,1",
            "--regs",
            "v1-v2,u1,exec,pc",
        ],
        d,
    );
    let v = json(&o);
    let ws = v["warps"].as_array().unwrap();
    assert_eq!(ws.len(), 2);
    for (w, i) in ws.iter().zip([1, 3]) {
        assert_eq!(w["warp"], i);
        let keys: Vec<&str> = w.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            ["exec", "fault", "pc", "status", "steps", "u", "v", "warp"]
        );
        assert_eq!(w["u"].as_object().unwrap().len(), 1);
        assert_eq!(w["v"].as_object().unwrap().len(), 2);
        for k in ["status", "steps", "pc", "exec"] {
            assert_eq!(w[k], full["warps"][i][k]);
        }
        assert_eq!(w["v"]["v2"], full["warps"][i]["v"]["v2"]);
        assert_eq!(w["u"]["u1"], full["warps"][i]["u"]["u1"]);
    }
    // `v` and `u` alone mean all of them; a selected output reads back as a state.
    let o = run(&["run", "p.s", "--regs", "u,fflags"], d);
    let v = json(&o);
    assert_eq!(v["warps"][0]["u"].as_object().unwrap().len(), 64);
    assert!(v["warps"][0].get("v").is_none());
    std::fs::write(d.join("sel.json"), &o.stdout).unwrap();
    assert_eq!(run(&["run", "p.s", "--state", "sel.json"], d).code, 0);
    let o = run(&["run", "p.s", "--state", "s.json", "--warps", "2"], d);
    std::fs::write(d.join("one.json"), &o.stdout).unwrap();
    assert_eq!(run(&["run", "p.s", "--state", "one.json"], d).code, 0);
    // Bad selections.
    for bad in ["v128", "u64", "x1", "v3-v1", "vv1", ""] {
        let o = run(&["run", "p.s", "--regs", bad], d);
        assert_eq!(o.code, 2, "{bad}: {}", o.stderr);
    }
    let o = run(&["run", "p.s", "--regs", "v200"], d);
    assert!(
        o.stderr.contains("`v200` is not a register of v0-v127"),
        "{}",
        o.stderr
    );
    let o = run(&["run", "p.s", "--state", "s.json", "--warps", "4"], d);
    o.fails(1, "--warps: there is no warp 4");
    assert!(o.stdout.is_empty());
}

/// The column names of a `--view table` output.
fn header(t: &str) -> Vec<&str> {
    t.lines()
        .find(|l| l.trim_start().starts_with("lane"))
        .unwrap()
        .split_whitespace()
        .collect()
}

/// The rows of a table block: lines that start with a lane number.
fn rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .map(|l| l.split_whitespace().collect())
        .collect()
}

#[test]
fn the_table_shows_lanes_in_the_chosen_format() {
    let prog = "mov.vl v1, 1.5\nmov.vl v2, -1\nmov.vl v3, 0x3c00c000\nmov.vl v4, 0x00000001\numov.l u7, 2.5\n";
    let dir = dir_with(&[("p.s", prog), ("s.json", r#"{"exec": "0x0000ffff"}"#)]);
    let d = dir.path();
    let table = |as_: &str, regs: &str| {
        let o = run(
            &[
                "run", "p.s", "--state", "s.json", "--view", "table", "--as", as_, "--regs", regs,
            ],
            d,
        );
        assert_eq!(o.code, 0, "{}", o.stderr);
        o.text()
    };
    let t = table("f32", "v1-v4,u7,exec");
    assert!(
        t.starts_with("warp 0: exited, 5 steps, pc 0x00000028\n"),
        "{t}"
    );
    assert!(t.contains("  exec 0x0000ffff\n"), "{t}");
    assert!(t.contains("u7 2.5"), "{t}");
    assert_eq!(header(&t), ["lane", "exec", "v1", "v2", "v3", "v4"]);
    let r = rows(&t);
    assert_eq!(r.len(), 32);
    assert_eq!(
        r[0],
        ["0", "1", "1.5", "nan(0xffffffff)", "0.007858276", "1e-45"]
    );
    assert_eq!(r[31][1], "0", "lane 31 is outside EXEC (and kept its zero)");
    assert_eq!(r[31][2], "0");
    // Columns are aligned: every row has the header's width.
    let widths: Vec<usize> = t
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("lane"))
        .take(33)
        .map(str::len)
        .collect();
    assert!(widths.iter().all(|w| *w == widths[0]), "{widths:?}");
    let t = table("i32", "v2,v4");
    assert_eq!(rows(&t)[0][2..], ["-1", "1"]);
    let t = table("u32", "v2");
    assert_eq!(rows(&t)[0][2], "4294967295");
    let t = table("hex", "v3");
    assert_eq!(rows(&t)[0][2], "0x3c00c000");
    // f16: both halves, low then high.
    let t = table("f16", "v1,v3");
    assert_eq!(header(&t), ["lane", "exec", "v1.l", "v1.h", "v3.l", "v3.h"]);
    assert_eq!(rows(&t)[0][2..], ["0", "1.9375", "-2", "1"]);
    // Without --regs the table shows the registers that are not all zero, and says so.
    let o = run(&["run", "p.s", "--view", "table"], d);
    assert!(
        o.text()
            .contains("(124 vector and 63 uniform registers are zero"),
        "{}",
        o.text()
    );
    // --as belongs to the table.
    let o = run(&["run", "p.s", "--as", "f32"], d);
    o.fails(2, "--as applies to --view table");
}

#[test]
fn warps_that_did_not_exit_are_named_on_stderr() {
    let dir = dir_with(&[
        ("p.s", LOOP),
        (
            "s.json",
            r#"{"warps": [{"u": {"u1": 2}}, {"u": {"u1": 1000}}, {"pc": 6}, {"vgprs": 1, "u": {"u1": 2}}, {"u": {"u1": 1}}]}"#,
        ),
    ]);
    let d = dir.path();
    std::fs::write(
        d.join("many.json"),
        format!(r#"{{"warps": [{}]}}"#, ["{}"; 5].join(",")),
    )
    .unwrap();
    let o = run(&["run", "p.s", "--state", "s.json", "--max-steps", "50"], d);
    assert_eq!(o.code, 0, "the default stays 0: {}", o.stderr);
    let lines: Vec<&str> = o.stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "warpkit: warp 1: stopped by the step limit after 50 steps, at pc 0x00000008 before `laneid v1` (--max-steps raises the limit)",
            "warpkit: warp 2: faulted at pc 0x00000006, outside the code: FetchFault: PC not 4-byte aligned",
            "warpkit: warp 3: faulted at pc 0x00000004, `add v2, v2, v1`: IllegalInsn: names v2, but only 1 vector registers are allocated",
        ],
        "{}",
        o.stderr
    );
    let o = run(
        &[
            "run",
            "p.s",
            "--state",
            "s.json",
            "--max-steps",
            "50",
            "--fail-on-fault",
        ],
        d,
    );
    assert_eq!(o.code, 3);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["warps"][2]["status"], "faulted",
        "the state is printed all the same"
    );
    // Only exited warps: exit 0 with --fail-on-fault, nothing on stderr.
    std::fs::write(d.join("e.s"), "laneid v1\n").unwrap();
    let o = run(
        &["run", "e.s", "--state", "many.json", "--fail-on-fault"],
        d,
    );
    assert_eq!((o.code, o.stderr.as_str()), (0, ""));
    // An undecodable word is shown as data; many warps are capped by --max-errors.
    std::fs::write(d.join("ill.bin"), [0x7eu8, 0, 0, 0]).unwrap();
    let o = run(
        &[
            "run",
            "ill.bin",
            "--state",
            "many.json",
            "--max-errors",
            "2",
            "--fail-on-fault",
        ],
        d,
    );
    assert_eq!(o.code, 3);
    let lines: Vec<&str> = o.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", o.stderr);
    assert!(
        lines[0].starts_with("warpkit: warp 0: faulted at pc 0x00000000, `.word 0x0000007e`: IllegalInsn: undecodable"),
        "{}",
        o.stderr
    );
    assert_eq!(
        lines[2],
        "warpkit: and 3 more warps did not exit (5 faulted, 0 stopped by the step limit in all)"
    );
    // A fault read back from a state file says so.
    std::fs::write(d.join("f.json"), &o.stdout).unwrap();
    let o = run(
        &[
            "run",
            "ill.bin",
            "--state",
            "f.json",
            "--warps",
            "0",
            "--max-errors",
            "1",
        ],
        d,
    );
    assert!(
        o.stderr.contains("recorded in the input state"),
        "{}",
        o.stderr
    );
}
