//! The progress line of a long `warpkit run` (indicatif, on standard error when it is a
//! terminal, after a second), seen in a real terminal through tmux, and Ctrl-C there: the
//! state reached on standard output (a valid `--state`), exit 130. Off a terminal there is
//! no progress line. `.ci/run` installs tmux; where it is missing the terminal test says so
//! and does nothing.

mod common;

use common::cmd;
use common::tmux::{wait_file, warpkit_terminal, Tmux};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const LOOP: &str = "top:\n  add v1, v1, v2\n  jmp top\n";

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// `warpkit run ARGS` in a terminal in `dir` (`rc.txt` gets the exit status).
fn terminal(dir: &Path, args: &str, name: &str) -> Option<Tmux> {
    warpkit_terminal(
        dir,
        &format!("run {args}"),
        &format!("progress-{name}"),
        160,
    )
}

/// The instruction count of a progress line (`⠁ 00:00:02 123456789 instructions, 98.7 M/s ...`).
fn progress_count(screen: &str) -> Option<u64> {
    let line = screen.lines().find(|l| l.contains(" instructions, "))?;
    if !line.contains(" M/s") {
        return None;
    }
    let before = &line[..line.find(" instructions, ")?];
    before.rsplit(' ').next()?.parse().ok()
}

#[test]
fn a_long_run_on_a_terminal_shows_progress_and_ctrl_c_keeps_the_state() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "loop.s", LOOP);
    write(p, "s.json", r#"{"warps": [{"v": {"v2": 1}}]}"#);
    let args = "loop.s --state s.json --max-steps 1000000000000 > state.json";
    let Some(t) = terminal(p, args, "tty") else {
        return;
    };
    // Steps and rate, and the count goes up from one drawing to the next.
    let s = t.wait("a progress line", |s| progress_count(s).is_some());
    let first = progress_count(&s).unwrap();
    assert!(
        s.contains("Ctrl-C stops and prints the state reached"),
        "{s}"
    );
    t.wait("the count to grow", |s| {
        progress_count(s).is_some_and(|n| n > first)
    });
    t.run(&["send-keys", "-t", "run", "C-c"]);
    assert_eq!(wait_file(&p.join("rc.txt")).trim(), "exit=130");
    t.wait("the interruption message", |s| {
        s.contains("interrupted after")
    });
    let st: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(p.join("state.json")).unwrap()).unwrap();
    let w = &st["warps"][0];
    let steps = w["steps"].as_u64().unwrap();
    // Ctrl-C left the warp below its limit: `interrupted`, not `step_limit`.
    assert!(steps > first && w["status"] == "interrupted", "{st}");
    // A valid --state: the run goes on from it.
    let more = (steps + 10).to_string();
    let out = cmd(
        &[
            "run",
            "loop.s",
            "--state",
            "state.json",
            "--max-steps",
            &more,
        ],
        p,
    )
    .output()
    .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(after["warps"][0]["steps"].as_u64(), Some(steps + 10));
    assert_eq!(after["warps"][0]["status"], "step_limit", "{after}");
}

/// Standard output on the terminal, standard error into a file: no progress line in it.
#[test]
fn no_progress_line_when_standard_error_is_a_file() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "loop.s", LOOP);
    let args = "loop.s --max-steps 1000000000000 2> err.txt";
    let Some(t) = terminal(p, args, "file") else {
        return;
    };
    // Well past the second after which a terminal would show progress.
    std::thread::sleep(Duration::from_millis(2500));
    let s = t.screen();
    assert!(progress_count(&s).is_none(), "{s}");
    t.run(&["send-keys", "-t", "run", "C-c"]);
    assert_eq!(wait_file(&p.join("rc.txt")).trim(), "exit=130");
    let err = std::fs::read_to_string(p.join("err.txt")).unwrap();
    assert!(err.contains("interrupted after"), "{err}");
    assert!(
        !err.contains("M/s") && !err.contains('\r') && !err.contains('\x1b'),
        "{err:?}"
    );
}

/// Neither output a terminal (pipes): a long run, interrupted, writes no progress.
#[test]
fn no_progress_line_into_pipes() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "loop.s", LOOP);
    let mut c = cmd(&["run", "loop.s", "--max-steps", "1000000000000"], p);
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    // SIGINT's default action whatever this test inherited (a background job's children
    // start with it ignored). SAFETY: signal() is async-signal-safe, as pre_exec requires.
    unsafe {
        use std::os::unix::process::CommandExt;
        c.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let child = c.spawn().unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted after"), "{err}");
    assert!(
        !err.contains("M/s") && !err.contains('\r') && !err.contains('\x1b'),
        "{err:?}"
    );
    let st: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(st["warps"][0]["steps"].as_u64().unwrap() > 0);
}
