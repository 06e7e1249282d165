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
    // Tab completes commands, labels and registers.
    t.keys(&["tbreak fu", "Tab"]);
    t.wait_for("(warpkit) tbreak func", 1);
    t.keys(&["C-u", "info brea", "Tab"]);
    t.wait_for("(warpkit) info breakpoints", 1);
    t.keys(&["C-u", "reverse-cont", "Tab"]);
    t.wait_for("(warpkit) reverse-continue", 1);
    t.keys(&["C-u", "p v12", "Tab", "Tab"]);
    t.wait_for("v120", 1);
    t.keys(&["C-u"]);
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

/// Ctrl-C stops long motions at the prompt: `goto` far away (where it got to), a
/// `reverse-continue` over that history (as far back as it searched: not at the launch)
/// and a `step N` with a huge N; the session goes on after each.
#[test]
fn ctrl_c_interrupts_goto_reverse_continue_and_steps() {
    let Some(t) = Tmux::new(format!("warpkit-debug-intr-{}", std::process::id()), "intr") else {
        return;
    };
    let cmd = format!(
        "env NO_COLOR=1 {} debug ../../tools/bench/endless.s --max-steps 1000000000000",
        env!("CARGO_BIN_EXE_warpkit")
    );
    t.run(&[
        "new-session",
        "-d",
        "-s",
        "intr",
        "-x",
        "160",
        "-y",
        "60",
        &cmd,
    ]);
    t.wait_for("(warpkit)", 1);
    let pause = |ms| std::thread::sleep(std::time::Duration::from_millis(ms));
    t.keys(&["goto 100000000000000", "Enter"]);
    pause(3000);
    // A motion of more than a second shows where it is.
    t.wait_for("running: position ", 1);
    t.keys(&["C-c"]);
    t.wait_for("Interrupted.", 1);
    t.keys(&["info history", "Enter"]);
    t.wait_for("checkpoints", 1);
    t.keys(&["rc", "Enter"]);
    pause(300);
    t.keys(&["C-c"]);
    let s = t.wait_for("Interrupted.", 2);
    assert!(
        !s.contains("No more reverse-execution history"),
        "reverse-continue ran to the launch:\n{s}"
    );
    t.keys(&["step 100000000000", "Enter"]);
    pause(1000);
    t.keys(&["C-c"]);
    t.wait_for("Interrupted.", 3);
    // The prompt is back and takes commands.
    t.keys(&["p u1", "Enter"]);
    t.wait_for("u1 = 0x", 1);
    t.keys(&["q", "Enter"]);
}
