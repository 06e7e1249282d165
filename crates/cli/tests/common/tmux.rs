//! A terminal for tests: a tmux server of its own (socket named per test and process) with
//! one window, keys sent to it and its screen read back. `.ci/run` installs tmux.

use std::process::Command;
use std::time::{Duration, Instant};

pub struct Tmux {
    socket: String,
    /// The session (and window) the keys and screen refer to.
    target: String,
}

impl Tmux {
    /// A tmux for `socket` and session `target`, or `None` (after saying why) where tmux is
    /// not installed.
    pub fn new(socket: String, target: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("tmux is not installed: the terminal test is skipped (.ci/run installs it)");
            return None;
        }
        Some(Tmux {
            socket,
            target: target.to_string(),
        })
    }

    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut a = vec!["send-keys", "-t", &self.target];
        a.extend_from_slice(keys);
        self.run(&a);
    }

    /// The visible screen.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.target])
    }

    /// Wait until `done` holds of the visible screen; it, or a failure after 30 s showing
    /// what it was.
    pub fn wait(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let t0 = Instant::now();
        loop {
            let s = self.screen();
            if done(&s) {
                return s;
            }
            assert!(
                t0.elapsed() < Duration::from_secs(30),
                "waited for {what}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Wait until the screen and its last 200 lines of history, escapes included, show
    /// `text` `n` times.
    pub fn wait_for(&self, text: &str, n: usize) -> String {
        let t0 = Instant::now();
        loop {
            let s = self.run(&["capture-pane", "-p", "-e", "-t", &self.target, "-S", "-200"]);
            if s.matches(text).count() >= n {
                return s;
            }
            assert!(
                t0.elapsed() < Duration::from_secs(20),
                "waited for {n} x {text:?}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// `warpkit ARGS` in a terminal (tmux, `width`x40) in `dir`, by a shell that records the
/// exit status in `rc.txt` (its `trap : INT` lets warpkit answer Ctrl-C, since a trapped
/// signal is reset to its default in the child, and keeps the shell for the status). The
/// socket is named by `socket` and the process.
pub fn warpkit_terminal(
    dir: &std::path::Path,
    args: &str,
    socket: &str,
    width: u32,
) -> Option<Tmux> {
    let t = Tmux::new(format!("warpkit-{socket}-{}", std::process::id()), "run")?;
    let script = format!(
        "trap : INT; {} {args}; echo \"exit=$?\" > rc.txt; sleep 60",
        env!("CARGO_BIN_EXE_warpkit")
    );
    t.run(&[
        "new-session",
        "-d",
        "-s",
        "run",
        "-x",
        &width.to_string(),
        "-y",
        "40",
        "-c",
        dir.to_str().unwrap(),
        "env",
        "-u",
        "NO_COLOR",
        "bash",
        "-c",
        &script,
    ]);
    Some(t)
}

/// Wait (at most a minute) for `file` to hold a line; its text.
pub fn wait_file(file: &std::path::Path) -> String {
    let t0 = Instant::now();
    loop {
        if let Ok(s) = std::fs::read_to_string(file) {
            if s.ends_with('\n') {
                return s;
            }
        }
        assert!(
            t0.elapsed() < Duration::from_secs(60),
            "{} was not written",
            file.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
