//! `warpkit debug` in batch mode: scripts under tests/debug/*.gdb that use every command
//! (and bad input, after which the session goes on) against expected transcripts
//! (tests/debug/*.out; `UPDATE_TRANSCRIPTS=1` rewrites them for review).

use std::process::Command;

fn transcript(script: &str, program: &str, state: &str) {
    transcript_with(script, program, state, &[]);
}

fn transcript_with(script: &str, program: &str, state: &str, options: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args([
            "debug",
            program,
            "--state",
            state,
            "--batch",
            "-x",
            &format!("tests/debug/{script}.gdb"),
        ])
        .args(options)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let got = String::from_utf8(out.stdout).unwrap();
    let path = format!("tests/debug/{script}.out");
    if std::env::var_os("UPDATE_TRANSCRIPTS").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{script}: transcript differs from {path} at line {}:\n got: {:?}\nwant: {:?}",
            line + 1,
            got.lines().nth(line),
            want.lines().nth(line)
        );
    }
    // Bad commands made the batch fail (exit 1) without ending it early.
    assert_eq!(
        out.status.code(),
        Some(if want.contains("error: ") { 1 } else { 0 })
    );
}

#[test]
fn loop_session() {
    transcript(
        "loop",
        "../../examples/loop_bexecz.s",
        "../../examples/loop_bexecz.state.json",
    );
}

#[test]
fn calls_session() {
    transcript(
        "calls",
        "tests/debug/calls.s",
        "tests/debug/calls.state.json",
    );
}

/// A breakpoint on the first instruction, several breakpoints or watched places at one
/// stop, `run`, `goto -1`, unallocated registers, `step N` past the warp's end, and the
/// budget of `--budget 0`.
#[test]
fn stops_session() {
    transcript_with(
        "stops",
        "tests/debug/stops.s",
        "tests/debug/stops.state.json",
        &["--budget", "0"],
    );
}

#[test]
fn commands_from_standard_input_and_errors() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args(["debug", "tests/debug/calls.s", "--batch"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"b func\nc\np v3[0]\nbogus\np v1[1]\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Breakpoint 1 (func), warp 0"), "{text}");
    assert!(text.contains("v3[0] = 0x00000000 (0)"), "{text}");
    assert!(text.contains("error: unknown command `bogus`"), "{text}");
    assert!(
        text.contains("v1[1] = 0x00000001 (1)"),
        "the session went on: {text}"
    );
    assert_eq!(out.status.code(), Some(1));
    // A program that does not assemble, and a bad state file: exit 1 with a message.
    let bad = Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args([
            "debug",
            "tests/debug/calls.s",
            "--state",
            "tests/debug/calls.gdb",
            "--batch",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("calls.gdb"));
}

/// `debug --kernel NAME` starts fresh warps at that kernel; without one on an input with
/// several kernels, or with an unknown name, it refuses with `run`'s very words.
#[test]
fn kernels_are_chosen_as_run_chooses_them() {
    let dir = "../../examples/multi";
    let warpkit = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_warpkit"))
            .args(args)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    for extra in [&[][..], &["--kernel", "nope"][..]] {
        let run = warpkit(&[&["run", "all.s"][..], extra].concat());
        let dbg = warpkit(&[&["debug", "all.s", "--batch"][..], extra].concat());
        let err = String::from_utf8_lossy(&run.stderr).into_owned();
        assert!(err.contains("kernel"), "{err}");
        assert_eq!((dbg.status.code(), run.status.code()), (Some(1), Some(1)));
        assert_eq!(String::from_utf8_lossy(&dbg.stderr), err);
        assert!(dbg.stdout.is_empty());
    }
    let path = std::env::temp_dir().join(format!("kernels-{}.gdb", std::process::id()));
    std::fs::write(&path, "info frame\n").unwrap();
    let script = path.to_str().unwrap();
    for k in ["axpy", "square_plus"] {
        let out = warpkit(&[
            "debug",
            "all.s",
            "--kernel",
            k,
            "--state",
            "axpy.state.json",
            "--batch",
            "-x",
            script,
        ]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with("#0  0x"), "{text}");
        assert!(text.contains(&format!("<{k}>")), "{k}: {text}");
        assert_eq!(out.status.code(), Some(0), "{text}");
    }
    let _ = std::fs::remove_file(script);
}
