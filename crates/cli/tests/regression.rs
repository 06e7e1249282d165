//! The regression loop as a user runs it: `warpkit gen`, `run --trace`, `diff`, `shrink`.

mod common;

use common::warpkit;
use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_warpkit");

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// FFLAGS of warp 0 in a `warpkit run` output.
fn fflags0(out: &str) -> u32 {
    let v: serde_json::Value = serde_json::from_str(out).unwrap();
    u32::from_str_radix(
        v["warps"][0]["fflags"]
            .as_str()
            .unwrap()
            .trim_start_matches("0x"),
        16,
    )
    .unwrap()
}

#[test]
fn gen_is_deterministic_and_slices_agree() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    assert_eq!(
        warpkit(&["gen", "--seed", "3", "--count", "4", "-o", "a"], p).0,
        0
    );
    assert_eq!(
        warpkit(&["gen", "--seed", "3", "--count", "4", "-o", "b"], p).0,
        0
    );
    assert_eq!(
        warpkit(
            &["gen", "--seed", "3", "--first", "2", "--count", "1", "-o", "c"],
            p
        )
        .0,
        0
    );
    for i in 0..4 {
        for ext in ["s", "state.json"] {
            let name = format!("{i:04}.{ext}");
            assert_eq!(
                read(&p.join("a"), &name),
                read(&p.join("b"), &name),
                "{name}"
            );
        }
    }
    assert_eq!(read(&p.join("a"), "0002.s"), read(&p.join("c"), "0002.s"));
    assert!(!p.join("c/0000.s").exists());
    let a0 = read(&p.join("a"), "0000.s");
    assert!(a0.contains("; steps <= "), "{a0}");
    // Every program runs to `exited` with the bundled runner.
    for i in 0..4 {
        let (code, out, err) = warpkit(
            &[
                "run",
                &format!("a/{i:04}.s"),
                "--state",
                &format!("a/{i:04}.state.json"),
            ],
            p,
        );
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        for w in v["warps"].as_array().unwrap() {
            assert_eq!(w["status"], "exited");
        }
    }
}

#[test]
fn gen_coverage_lists_executed_and_missing_variants() {
    let d = tempfile::tempdir().unwrap();
    let (code, out, err) = warpkit(
        &[
            "gen",
            "--seed",
            "1",
            "--count",
            "3",
            "--length",
            "20",
            "--coverage",
            "-o",
            "g",
        ],
        d.path(),
    );
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("coverage: "), "{out}");
    // Three short programs cannot execute everything: both lists are there.
    let missing: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("not executed ("))
        .and_then(|l| l.split(')').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(missing > 0, "{out}");
    assert!(out.contains("executed ("), "{out}");
}

#[test]
fn gen_rejects_bad_options_with_a_message() {
    let d = tempfile::tempdir().unwrap();
    for (args, msg) in [
        (vec!["--mix", "int=2,vec=1"], "unknown mix category `vec`"),
        (
            vec!["--length", "0"],
            "--length <LENGTH>': must be 1..=4000",
        ),
        (vec!["--depth", "12"], "--depth <DEPTH>': must be 0..=8"),
    ] {
        let mut a = vec!["gen", "--seed", "1", "-o", "x"];
        a.extend(args);
        let (code, _, err) = warpkit(&a, d.path());
        // Bad option values are command-line errors.
        assert_eq!(code, 2);
        assert!(err.contains(msg), "{err}");
    }
}

#[test]
fn diff_reports_equal_logs_and_the_first_divergence() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    assert_eq!(
        warpkit(&["gen", "--seed", "8", "--count", "1", "-o", "g"], p).0,
        0
    );
    let (code, _, err) = warpkit(
        &[
            "run",
            "g/0000.s",
            "--state",
            "g/0000.state.json",
            "--trace",
            "a.jsonl",
        ],
        p,
    );
    assert_eq!(code, 0, "{err}");
    let a = read(p, "a.jsonl");
    let n = a.lines().count();
    std::fs::write(p.join("same.jsonl"), &a).unwrap();
    let (code, out, _) = warpkit(&["diff", "a.jsonl", "same.jsonl"], p);
    assert_eq!(
        (code, out.trim().to_string()),
        (0, format!("equal: {n} records"))
    );

    // One lane of one vector write changed, written the way another tool might
    // (decimal instead of hex elsewhere must still compare equal).
    let mut lines: Vec<serde_json::Value> = a
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let k = lines
        .iter()
        .position(|r| {
            r["writes"]
                .as_object()
                .unwrap()
                .keys()
                .any(|k| k.starts_with('v'))
        })
        .unwrap();
    let reg = lines[k]["writes"]
        .as_object()
        .unwrap()
        .keys()
        .find(|k| k.starts_with('v'))
        .unwrap()
        .clone();
    let old = lines[k]["writes"][&reg][7].as_str().unwrap().to_string();
    let new = if old == "0x00000001" {
        "0x00000002"
    } else {
        "0x00000001"
    };
    lines[k]["writes"][&reg][7] = new.into();
    lines[0]["step"] = 0.into();
    lines[0]["exec"] = serde_json::Value::from(
        u64::from_str_radix(
            lines[0]["exec"].as_str().unwrap().trim_start_matches("0x"),
            16,
        )
        .unwrap(),
    );
    let b: String = lines.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(p.join("b.jsonl"), &b).unwrap();
    let (code, out, _) = warpkit(&["diff", "a.jsonl", "b.jsonl"], p);
    assert_eq!(code, 1);
    assert!(
        out.contains(&format!("first divergence at record {}", k + 1)),
        "{out}"
    );
    assert!(
        out.contains(&format!("{reg}: 1 lane differs: lane 7: A {old} B {new}")),
        "{out}"
    );
    assert!(out.contains(&format!("step {}", lines[k]["step"])), "{out}");

    // A log cut short: the missing record is named.
    let cut: String = a.lines().take(n - 1).map(|l| format!("{l}\n")).collect();
    std::fs::write(p.join("cut.jsonl"), cut).unwrap();
    let (code, out, _) = warpkit(&["diff", "a.jsonl", "cut.jsonl"], p);
    assert_eq!(code, 1);
    assert!(
        out.contains(&format!("cut.jsonl ends after {} records", n - 1)),
        "{out}"
    );
    assert!(out.contains("extra record"), "{out}");

    // Extra keys in one log are tolerated; --ignore leaves keys out.
    let extra: String = a
        .lines()
        .map(|l| {
            let mut r: serde_json::Value = serde_json::from_str(l).unwrap();
            r["cycle"] = 17.into();
            format!("{r}\n")
        })
        .collect();
    std::fs::write(p.join("extra.jsonl"), extra).unwrap();
    assert_eq!(warpkit(&["diff", "a.jsonl", "extra.jsonl"], p).0, 0);
    let (code, _, _) = warpkit(&["diff", "b.jsonl", "a.jsonl", "--ignore", &reg], p);
    assert_eq!(code, 0);

    // Bad input: an error naming the file and line, never a crash.
    std::fs::write(
        p.join("bad.jsonl"),
        format!("{}\n{{not json\n", a.lines().next().unwrap()),
    )
    .unwrap();
    let (code, _, err) = warpkit(&["diff", "a.jsonl", "bad.jsonl"], p);
    assert_eq!(code, 1);
    assert!(err.contains("bad.jsonl:2: not a JSON record"), "{err}");
    let (code, _, err) = warpkit(&["diff", "a.jsonl", "missing.jsonl"], p);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read missing.jsonl"), "{err}");
}

/// The issue's acceptance test: "FFLAGS of warp 0 has OF set" on a generated program
/// that raises it reduces to at most three instructions.
#[test]
fn shrink_reduces_an_overflow_to_at_most_three_instructions() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    assert_eq!(
        warpkit(&["gen", "--seed", "5", "--count", "30", "-o", "g"], p).0,
        0
    );
    // A program whose warp 0 starts without OF and ends with it.
    let pick = (0..30)
        .find(|i| {
            let state = read(p, &format!("g/{i:04}.state.json"));
            let start: serde_json::Value = serde_json::from_str(&state).unwrap();
            let f0 = start["warps"][0]["fflags"].as_str().unwrap();
            let (_, out, _) = warpkit(
                &[
                    "run",
                    &format!("g/{i:04}.s"),
                    "--state",
                    &format!("g/{i:04}.state.json"),
                ],
                p,
            );
            f0 == "0x00000000" && fflags0(&out) & 4 != 0
        })
        .expect("a generated program that raises OF");
    let test = format!(
        "\"{BIN}\" run \"$WARPKIT_PROGRAM\" --state \"$WARPKIT_STATE\" | grep -m1 '\"fflags\"' | grep -qE '\"0x[0-9a-f]*[4567cdef]\"'"
    );
    let prog = format!("g/{pick:04}.s");
    let state = format!("g/{pick:04}.state.json");
    let before = read(p, &prog);
    let (code, out, err) = warpkit(&["shrink", &prog, "--state", &state, "--test", &test], p);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("before: ") && out.contains("after: "), "{out}");
    let min = read(p, &format!("g/{pick:04}.min.s"));
    let n = min.lines().filter(|l| l.starts_with("    ")).count();
    assert!((1..=3).contains(&n), "{n} instructions:\n{min}");
    // The result is still interesting, and the inputs are untouched.
    let (code, run, err) = warpkit(
        &[
            "run",
            &format!("g/{pick:04}.min.s"),
            "--state",
            &format!("g/{pick:04}.min.state.json"),
        ],
        p,
    );
    assert_eq!(code, 0, "{err}");
    assert!(fflags0(&run) & 4 != 0, "{run}");
    assert_eq!(read(p, &prog), before);
}

#[test]
fn shrink_refuses_uninteresting_input_and_times_out_slow_tests() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    assert_eq!(
        warpkit(&["gen", "--seed", "2", "--count", "1", "-o", "g"], p).0,
        0
    );
    let args = |test: &'static str| {
        vec![
            "shrink",
            "g/0000.s",
            "--state",
            "g/0000.state.json",
            "--test",
            test,
            "--timeout",
            "0.3",
        ]
    };
    let (code, _, err) = warpkit(&args("exit 1"), p);
    assert_eq!(code, 1);
    assert!(err.contains("not interesting"), "{err}");
    // A test that hangs counts as not interesting after the timeout (not as a hang).
    let t = std::time::Instant::now();
    let (code, _, err) = warpkit(&args("sleep 30 | cat"), p);
    assert_eq!(code, 1);
    assert!(err.contains("timed out on the input as given"), "{err}");
    assert!(
        t.elapsed().as_secs() < 20,
        "the timeout did not end the test's pipeline"
    );
    assert!(!p.join("g/0000.min.s").exists());
    let (code, _, err) = warpkit(
        &[
            "shrink",
            "g/0000.s",
            "--state",
            "g/0000.state.json",
            "--test",
            "true",
            "--timeout",
            "0",
        ],
        p,
    );
    // A bad option value: a command-line error.
    assert_eq!(code, 2);
    assert!(err.contains("--timeout"), "{err}");
}

/// The documented recipe (`tools/regress/one.sh`): a self-check passes; a "design under
/// test" that loses the writes of `mul` is caught and reduced to one `mul`.
#[test]
fn the_regression_script_catches_and_reduces_a_divergence() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/regress/one.sh");
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    assert_eq!(
        warpkit(&["gen", "--seed", "9", "--count", "12", "-o", "g"], p).0,
        0
    );
    let with_mul = (0..12)
        .find(|i| read(p, &format!("g/{i:04}.s")).contains("\n    mul "))
        .expect("a program with mul");
    let run = |dut: Option<&str>| {
        let mut c = Command::new("sh");
        c.arg(&script)
            .arg(format!("g/{with_mul:04}.s"))
            .arg(format!("g/{with_mul:04}.state.json"))
            .current_dir(p)
            .env("WARPKIT", BIN);
        if let Some(d) = dut {
            c.env("DUT", d);
        }
        c.output().unwrap()
    };
    let ok = run(None);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let lossy = r#""$WARPKIT" run "$1" --state "$2" --trace "$3.full" >/dev/null && sed -E '/"asm":"mul /s/"writes":\{.*\}\}$/"writes":{}}/' "$3.full" > "$3""#;
    let bad = run(Some(lossy));
    let out = String::from_utf8_lossy(&bad.stdout);
    assert_eq!(
        bad.status.code(),
        Some(1),
        "{out}{}",
        String::from_utf8_lossy(&bad.stderr)
    );
    assert!(out.contains("written in A (32 values), not in B"), "{out}");
    let min = read(p, &format!("g/{with_mul:04}.min.s"));
    let lines: Vec<&str> = min.lines().filter(|l| l.starts_with("    ")).collect();
    assert_eq!(lines.len(), 1, "{min}");
    assert!(lines[0].trim_start().starts_with("mul "), "{min}");
}
