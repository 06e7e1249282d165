//! Output files as the usual tools treat them: devices, FIFOs and symbolic links are written
//! through and never replaced, regular files atomically with their mode kept, read-only
//! files refused, `-` for standard input and output, every output checked before the work,
//! and no temporary left behind by failures or signals.

mod common;

use common::{cmd, entries, no_temporaries, run, run_with, PROG};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn setup() -> (tempfile::TempDir, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.s"), PROG).unwrap();
    let o = run(&["asm", "p.s", "-o", "want.bin"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let want = std::fs::read(dir.path().join("want.bin")).unwrap();
    std::fs::remove_file(dir.path().join("want.bin")).unwrap();
    assert_eq!(want.len(), 8);
    (dir, want)
}

#[test]
fn dev_null_is_written_not_replaced() {
    let (dir, _) = setup();
    let o = run(&["asm", "p.s", "-o", "/dev/null"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let m = std::fs::symlink_metadata("/dev/null").unwrap();
    assert!(
        m.file_type().is_char_device(),
        "/dev/null is still a device"
    );
    let o = run(&["disasm", "/dev/null", "-o", "/dev/null"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
}

#[test]
fn dev_stdout_writes_standard_output() {
    let (dir, want) = setup();
    let before = std::fs::symlink_metadata("/dev/stdout").unwrap();
    let o = run(&["asm", "p.s", "-o", "/dev/stdout"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.stdout, want);
    let after = std::fs::symlink_metadata("/dev/stdout").unwrap();
    assert_eq!(
        before.file_type().is_symlink(),
        after.file_type().is_symlink()
    );
    assert!(
        !after.file_type().is_file(),
        "/dev/stdout was replaced by a file"
    );
    // Standard output redirected to a file, in append mode: appended, not replaced.
    let log = dir.path().join("log.bin");
    std::fs::write(&log, b"head").unwrap();
    let f = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
    let st = cmd(&["asm", "p.s", "-o", "/dev/stdout"], dir.path())
        .stdout(Stdio::from(f))
        .status()
        .unwrap();
    assert!(st.success());
    let mut expect = b"head".to_vec();
    expect.extend(&want);
    assert_eq!(std::fs::read(&log).unwrap(), expect);
}

#[test]
fn dash_is_standard_input_and_output() {
    let (dir, want) = setup();
    let o = run_with(&["asm", "-", "-o", "-"], dir.path(), PROG.as_bytes());
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.stdout, want);
    // Input `-` writes to standard output by default.
    let o = run_with(&["asm", "-"], dir.path(), PROG.as_bytes());
    assert_eq!(o.stdout, want);
    let o = run_with(&["disasm", "-"], dir.path(), &want);
    assert!(o.text().contains("laneid v0"), "{}", o.text());
    let o = run_with(
        &["disasm", "-", "-o", "-", "--no-comments"],
        dir.path(),
        &want,
    );
    assert_eq!(o.text().lines().next().map(str::trim), Some("laneid v0"));
    // Diagnostics name standard input.
    let o = run_with(&["asm", "-"], dir.path(), b"bogus\n");
    o.fails(1, "<stdin>:1:1");
    // run: machine code or (with --format asm) assembly from standard input, and the
    // state file too; not both at once.
    let o = run_with(&["run", "-"], dir.path(), &want);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let o = run_with(
        &["run", "-", "--format", "asm"],
        dir.path(),
        PROG.as_bytes(),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["warps"][0]["v"]["v1"][3], "0x00000006");
    let o = run_with(
        &["run", "p.s", "--state", "-"],
        dir.path(),
        br#"{"exec": "0x1"}"#,
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["warps"][0]["exec"], "0x00000001");
    let o = run(&["run", "-", "--state", "-"], dir.path());
    o.fails(2, "both");
}

#[test]
fn a_fifo_is_written_in_place() {
    let (dir, want) = setup();
    let fifo = dir.path().join("f.fifo");
    let st = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(st.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let o = run(&["asm", "p.s", "-o", "f.fifo"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(reader.join().unwrap(), want);
    let m = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(m.file_type().is_fifo(), "the FIFO is still a FIFO");
    no_temporaries(dir.path());
}

#[test]
fn a_symlink_is_written_through_and_stays_a_link() {
    let (dir, want) = setup();
    let d = dir.path();
    std::fs::create_dir(d.join("sub")).unwrap();
    std::fs::write(d.join("sub/real.bin"), b"old").unwrap();
    std::os::unix::fs::symlink("sub/real.bin", d.join("link.bin")).unwrap();
    let o = run(&["asm", "p.s", "-o", "link.bin"], d);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(std::fs::symlink_metadata(d.join("link.bin"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read(d.join("sub/real.bin")).unwrap(), want);
    // A dangling link: its target is created.
    std::os::unix::fs::symlink("sub/new.bin", d.join("dangling.bin")).unwrap();
    let o = run(&["asm", "p.s", "-o", "dangling.bin"], d);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(std::fs::read(d.join("sub/new.bin")).unwrap(), want);
    assert!(std::fs::symlink_metadata(d.join("dangling.bin"))
        .unwrap()
        .file_type()
        .is_symlink());
    // A link to the input is the input.
    std::os::unix::fs::symlink("p.s", d.join("alias.s")).unwrap();
    let o = run(&["asm", "p.s", "-o", "alias.s"], d);
    o.fails(1, "input");
    assert_eq!(std::fs::read_to_string(d.join("p.s")).unwrap(), PROG);
    no_temporaries(d);
    no_temporaries(&d.join("sub"));
}

#[test]
fn regular_files_keep_their_mode_and_read_only_ones_are_refused() {
    let (dir, want) = setup();
    let d = dir.path();
    let f = d.join("out.bin");
    std::fs::write(&f, b"old").unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
    let o = run(&["asm", "p.s", "-o", "out.bin"], d);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(std::fs::read(&f).unwrap(), want);
    let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o640);
    // Read-only: refused (also as root, who could write it), content and mode kept.
    let ro = d.join("ro.bin");
    std::fs::write(&ro, b"keep").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    let o = run(&["asm", "p.s", "-o", "ro.bin"], d);
    o.fails(1, "read-only");
    assert_eq!(std::fs::read(&ro).unwrap(), b"keep");
    let mode = std::fs::metadata(&ro).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o444);
    // A directory is not a file.
    let o = run(&["asm", "p.s", "-o", "."], d);
    o.fails(1, "directory");
    no_temporaries(d);
}

#[test]
fn outputs_are_checked_before_any_work() {
    let (dir, _) = setup();
    let d = dir.path();
    // The output problem is reported, not the assembly errors found after it.
    std::fs::write(d.join("bad.s"), "bogus\n").unwrap();
    let o = run(&["asm", "bad.s", "-o", "/nonexistent/x.bin"], d);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("/nonexistent") && o.stderr.contains("does not exist"),
        "{}",
        o.stderr
    );
    assert!(!o.stderr.contains("bogus"), "{}", o.stderr);
    // run: the trace path fails before the program runs or the state file is read.
    std::fs::write(d.join("bad.json"), "{not json").unwrap();
    let o = run(
        &[
            "run",
            "p.s",
            "--state",
            "bad.json",
            "--trace",
            "/nonexistent/t.jsonl",
        ],
        d,
    );
    o.fails(1, "/nonexistent/t.jsonl");
    assert!(!o.stderr.contains("JSON"), "{}", o.stderr);
    assert!(o.stdout.is_empty());
    // The trace must not replace an input either.
    let o = run(&["run", "p.s", "--trace", "p.s"], d);
    assert_eq!(o.code, 1);
    assert_eq!(std::fs::read_to_string(d.join("p.s")).unwrap(), PROG);
}

#[test]
fn failed_commands_leave_no_temporary_and_no_output() {
    let (dir, _) = setup();
    let d = dir.path();
    std::fs::write(d.join("bad.json"), "{not json").unwrap();
    let o = run(
        &["run", "p.s", "--state", "bad.json", "--trace", "t.jsonl"],
        d,
    );
    assert_eq!(o.code, 1);
    assert!(!d.join("t.jsonl").exists());
    std::fs::write(d.join("bad.s"), "bogus\n").unwrap();
    std::fs::write(d.join("bad.bin"), "keep").unwrap();
    let o = run(&["asm", "bad.s"], d);
    assert_eq!(o.code, 1);
    assert_eq!(std::fs::read(d.join("bad.bin")).unwrap(), b"keep");
    no_temporaries(d);
}

/// A long traced run in `d`, started with SIGINT ignored if `ignore_int` (as a shell starts
/// background jobs).
fn long_run(d: &Path, ignore_int: bool) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    std::fs::write(d.join("loop.s"), "top:\n  jmp top\n").unwrap();
    let mut c = cmd(
        &[
            "run",
            "loop.s",
            "--max-steps",
            "1000000000",
            "--trace",
            "t.jsonl",
        ],
        d,
    );
    c.stdout(Stdio::null()).stderr(Stdio::null());
    // SIGINT ignored, or its default action whatever this test inherited (a background
    // job's children start with it ignored).
    let action = if ignore_int {
        libc::SIG_IGN
    } else {
        libc::SIG_DFL
    };
    // SAFETY: signal() is async-signal-safe, as pre_exec requires.
    unsafe {
        c.pre_exec(move || {
            libc::signal(libc::SIGINT, action);
            Ok(())
        });
    }
    c.spawn().unwrap()
}

fn send(signal: &str, pid: u32) {
    let st = std::process::Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
    assert!(st.success());
}

/// Wait until a temporary in `d` holds some data.
fn wait_for_temporary(d: &Path) {
    let start = Instant::now();
    let tmp_size = || -> u64 {
        entries(d)
            .iter()
            .filter(|n| n.ends_with(".tmp"))
            .map(|n| std::fs::metadata(d.join(n)).map_or(0, |m| m.len()))
            .sum()
    };
    while tmp_size() < 100_000 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary trace appeared"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Start a long traced run, wait until its temporary trace file is growing, send `signal`,
/// and check the process died of it and removed the temporary.
fn interrupt(signal: &str, signo: i32) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut child = long_run(d, false);
    wait_for_temporary(d);
    send(signal, child.id());
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(signo), "{status:?}");
    no_temporaries(d);
    assert!(!d.join("t.jsonl").exists());
}

#[test]
fn an_interrupted_run_leaves_no_temporary() {
    interrupt("-INT", 2);
    interrupt("-TERM", 15);
    interrupt("-HUP", 1);
}

#[test]
fn a_signal_ignored_at_start_stays_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut child = long_run(d, true);
    wait_for_temporary(d);
    send("-INT", child.id());
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "SIGINT was ignored at start and must stay ignored"
    );
    send("-TERM", child.id());
    assert_eq!(child.wait().unwrap().signal(), Some(15));
    no_temporaries(d);
}
