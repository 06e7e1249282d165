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
    objects(p);
    run(&["cover", "p.s", "-o", "c.json"], p);
    write(p, "cmds.txt", "info registers\n".repeat(200));
    let isa = concat!(env!("CARGO_MANIFEST_DIR"), "/../isa/instructions.isa");
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
        &["cover", "p.s"],
        &["cover", "merge", "c.json", "c.json"],
        &["cover", "report", "c.json", "--holes"],
        &["link", "kernels.o", "helper.o", "-o", "-"],
        &["asm", "-f", "elf", "big.s", "-o", "-"],
        &["disasm", "--source", "kernels.o"],
        &["debug", "--batch", "p.s", "-x", "cmds.txt"],
        &["spec", "--json", "add"],
        &["isa", "check"],
        &["isa", "map", "--json"],
        &["isa", "map", "--svg", "-"],
        &["isa", "free", "--format", "R"],
        &["isa", "diff", isa, isa],
        &["export", "--sv"],
        &["export", "--c"],
        &["docs", "-o", "-"],
        &["--help"],
    ] {
        let (code, err) = closed(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(
            !err.contains("Broken pipe") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

/// `kernels.o` and `helper.o` of examples/multi, assembled into `dir`.
fn objects(dir: &Path) {
    let multi = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/multi");
    for k in ["kernels", "helper"] {
        let o = dir.join(format!("{k}.o"));
        let src = format!("{multi}/{k}.s");
        let out = run(&["asm", "-f", "elf", &src, "-o", o.to_str().unwrap()], dir);
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
}

/// The protocol servers on standard input/output whose client closed its end: no message,
/// no panic; `lsp` exits 1 as the protocol says of a client gone without `shutdown`, `dap`
/// 0. `serve` with a closed output keeps serving (the URL line is lost, nothing else).
#[test]
fn a_closed_pipe_ends_the_servers_quietly() {
    use std::io::Write;
    let d = tempfile::tempdir().unwrap();
    let frame = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
    for (server, body, code) in [
        (
            "lsp",
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            1,
        ),
        (
            "dap",
            r#"{"seq":1,"type":"request","command":"initialize","arguments":{}}"#,
            0,
        ),
    ] {
        let mut child = cmd(&[server], d.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(frame(body).as_bytes());
        drop(input);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{server}: {err}");
        assert!(err.is_empty(), "{server}: {err}");
    }
    let mut child = cmd(&["serve", "--port", "0"], d.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(running, "serve ended: {:?} {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}

/// `-` for the file arguments of the newer commands, and a clear command-line error where
/// it cannot be.
#[test]
fn newer_commands_read_standard_input_or_say_why_not() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    objects(p);
    let src = "movi v1, 3\nadd v1, v1, v1\n";
    write(p, "p.s", src);
    let ok = |args: &[&str], stdin: &[u8]| {
        let o = run_with(args, p, stdin);
        assert_eq!(o.code, 0, "{args:?}: {}", o.stderr);
        o.text()
    };
    // Standard input has no name to tell assembly by: --format says it.
    let db = ok(&["cover", "-", "--format", "asm"], src.as_bytes());
    assert!(db.contains("\"instructions\": 2"), "{db}");
    assert_eq!(ok(&["cover", "p.s", "--state", "-"], b"{}"), db);
    write(p, "c.json", &db);
    assert!(ok(&["cover", "merge", "-", "c.json"], db.as_bytes()).contains("\"programs\": 2"));
    assert!(ok(&["cover", "report", "-"], db.as_bytes()).starts_with("coverage: "));
    let kernels = std::fs::read(p.join("kernels.o")).unwrap();
    ok(&["link", "-", "helper.o", "-o", "prog.elf"], &kernels);
    assert_eq!(
        ok(&["disasm", "--source", "-"], &kernels),
        ok(&["disasm", "--source", "kernels.o"], b"")
    );
    ok(&["asm", "-f", "elf", "-", "-o", "stdin.o"], src.as_bytes());
    assert!(std::fs::read(p.join("stdin.o"))
        .unwrap()
        .starts_with(b"\x7fELF"));
    let regs = ok(&["debug", "--batch", "p.s", "-x", "-"], b"s\ns\np v1[0]\n");
    assert!(regs.contains("v1[0] = 0x00000006 (6)"), "{regs}");
    let isa = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../isa/instructions.isa"
    ))
    .unwrap();
    assert!(ok(&["isa", "check", "-"], &isa).contains("no problems"));
    // Where `-` cannot be, a command-line error (2) says why, and nothing is created.
    run(&["cover", "report", "c.json", "--html", "-"], p).fails(2, "takes a directory");
    assert!(!p.join("-").exists());
    run_with(&["debug", "--batch", "-"], p, src.as_bytes())
        .fails(2, "reads its commands from standard input");
    run(&["debug", "-", "--state", "-"], p).fails(2, "read only once");
}

/// The debugger's expressions (`print`, breakpoint conditions; also DAP's and the
/// playground's) are bounded like the assembler's: a 100,000-deep or -long one is an error
/// and the session goes on.
#[test]
fn a_100000_deep_debugger_expression_is_an_error() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "p.s", "movi v1, 3\nsecond:\n  add v1, v1, v1\n");
    let n = 100_000;
    let deep = format!("{}1{}", "(".repeat(n), ")".repeat(n));
    let long = vec!["1"; n].join("+");
    let cmds = format!(
        "p {deep}\nb second if {long}\np -{}\np v1[0] + 1\n",
        "-".repeat(n)
    );
    let o = run_with(&["debug", "--batch", "p.s"], p, cmds.as_bytes());
    assert_eq!(o.code, 1, "{}", o.stderr);
    let all = format!("{}{}", o.text(), o.stderr);
    assert_eq!(
        all.matches("nested more than 256 levels deep").count(),
        2,
        "{all}"
    );
    assert!(all.contains("more than 1024 operators"), "{all}");
    assert!(
        all.contains("v1[0] + 1 = 1 (0x1)"),
        "the session goes on: {all}"
    );
}

/// `timing --config` of a deeply nested TOML file: the toml crate's own depth limit
/// answers, with the file's name and exit 1 (no stack overflow), from a file or `-`.
#[test]
fn a_deeply_nested_config_is_an_error_not_a_crash() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "p.s", "add v1, v1, v2\n");
    let n = 100_000;
    let deep = [
        format!("a = {}", "[".repeat(n)),
        format!("a = {}1{}", "[".repeat(n), "]".repeat(n)),
        format!("a = {}1{}", "{b = ".repeat(n), "}".repeat(n)),
        format!("{} = 1", vec!["a"; n].join(".")),
        format!("[{}]", vec!["a"; n].join(".")),
    ];
    for (i, text) in deep.iter().enumerate() {
        let name = format!("deep{i}.toml");
        write(p, &name, text);
        let o = run(&["timing", "p.s", "--config", &name], p);
        assert_eq!(
            o.code,
            1,
            "form {i}: {}",
            &o.stderr[..o.stderr.len().min(400)]
        );
        assert!(
            o.stderr.starts_with(&format!("warpkit: error: {name}: ")),
            "form {i}"
        );
        assert!(
            o.stderr.contains("recurs"),
            "form {i}: {}",
            &o.stderr[..400.min(o.stderr.len())]
        );
        let o = run_with(&["timing", "p.s", "--config", "-"], p, text.as_bytes());
        assert_eq!(o.code, 1, "form {i} from standard input");
        assert!(
            o.stderr.starts_with("warpkit: error: <stdin>: "),
            "form {i}"
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
    // Stopped below the limit by Ctrl-C: `interrupted`, which resumes as `step_limit` does.
    assert!(
        steps > 0 && st["warps"][0]["status"] == "interrupted",
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
