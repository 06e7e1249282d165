//! Running the `warpkit` binary from tests.

#![allow(dead_code)]

pub mod tmux;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

pub struct Out {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Out {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// The command ended with exit code `code` and said `needle` on standard error.
    #[track_caller]
    pub fn fails(&self, code: i32, needle: &str) {
        assert_eq!(self.code, code, "{}", self.stderr);
        assert!(self.stderr.contains(needle), "{}", self.stderr);
    }
}

pub fn cmd(args: &[&str], dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_warpkit"));
    c.args(args).current_dir(dir).env("NO_COLOR", "1");
    c
}

/// Run with `stdin` as standard input.
pub fn run_with(args: &[&str], dir: &Path, stdin: &[u8]) -> Out {
    let mut child = cmd(args, dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start warpkit");
    let mut pipe = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("run warpkit");
    let _ = feeder.join();
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

pub fn run(args: &[&str], dir: &Path) -> Out {
    run_with(args, dir, b"")
}

/// Run with no standard input: (exit code, stdout, stderr), both outputs as text.
pub fn warpkit(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = cmd(args, dir).output().expect("run warpkit");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Names of the entries of a directory, sorted.
pub fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// No temporary output file is left in `dir`.
pub fn no_temporaries(dir: &Path) {
    let left: Vec<String> = entries(dir)
        .into_iter()
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporaries left: {left:?}");
}

/// The machine code of `laneid v0` (4 bytes), the small program the file tests write.
pub const PROG: &str = "laneid v0\nadd v1, v0, v0\n";
