//! The real terminal front end of `warpkit debug` (rustyline), driven through tmux:
//! commands typed at the prompt, Enter repeating the last command, history recall with
//! the Up key, and colour on a terminal unless NO_COLOR. `.ci/run` installs tmux; where it
//! is missing the test says so and does nothing.

mod common;

use common::tmux::Tmux;

fn session(no_color: bool) -> Option<Tmux> {
    let t = Tmux::new(
        format!("warpkit-debug-test-{}-{no_color}", std::process::id()),
        "dbg",
    )?;
    let cmd = format!(
        "{} {} debug tests/debug/calls.s --state tests/debug/calls.state.json",
        if no_color {
            "env NO_COLOR=1"
        } else {
            "env -u NO_COLOR"
        },
        env!("CARGO_BIN_EXE_warpkit")
    );
    t.run(&[
        "new-session",
        "-d",
        "-s",
        "dbg",
        "-x",
        "160",
        "-y",
        "60",
        &cmd,
    ]);
    t.wait_for("(warpkit)", 1);
    Some(t)
}

#[test]
fn typed_commands_enter_repeats_and_history() {
    let Some(t) = session(true) else { return };
    t.keys(&["b func", "Enter"]);
    t.wait_for("Breakpoint 1 at func", 1);
    t.keys(&["c", "Enter"]);
    t.wait_for("Breakpoint 1 (func), warp 0", 1);
    // Enter on an empty line repeats `c`: warp 1 reaches func next.
    t.keys(&["Enter"]);
    t.wait_for("Breakpoint 1 (func), warp 1", 1);
    t.keys(&["p v1[2]", "Enter"]);
    t.wait_for("v1[2] = 0x00000002 (2)", 1);
    // Up recalls the last command from the history.
    t.keys(&["Up", "Enter"]);
    t.wait_for("v1[2] = 0x00000002 (2)", 2);
    t.keys(&["frobnicate", "Enter"]);
    t.wait_for("error: unknown command `frobnicate`", 1);
    t.keys(&["rc", "Enter"]);
    let s = t.wait_for("Breakpoint 1 (func), warp 0", 2);
    assert!(
        !s.contains("\x1b[31m") && !s.contains("\x1b[32m"),
        "NO_COLOR: no colour codes:\n{s}"
    );
    t.keys(&["q", "Enter"]);
}

#[test]
fn colour_on_a_terminal() {
    let Some(t) = session(false) else { return };
    t.keys(&["frobnicate", "Enter"]);
    let s = t.wait_for("unknown command", 1);
    assert!(s.contains("\x1b[31m"), "errors in red on a terminal:\n{s}");
    t.keys(&["q", "Enter"]);
}
