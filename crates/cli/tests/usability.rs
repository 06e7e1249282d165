//! The command line as a new user meets it: input kinds, literals, `spec` lookups,
//! assembler diagnostics at scale, help texts.

mod common;

use common::run;
use warpkit_isa::INSNS;

fn dir_with(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, data) in files {
        std::fs::write(dir.path().join(name), data).unwrap();
    }
    dir
}

const LOOP: &[u8] = b"  laneid v1\n  add v2, v1, v1\n";

#[test]
fn assembly_is_recognised_by_name_or_format() {
    let dir = dir_with(&[
        ("a.asm", LOOP),
        ("b.S", LOOP),
        ("c.s", LOOP),
        ("d.txt", LOOP),
    ]);
    for name in ["a.asm", "b.S", "c.s"] {
        let o = run(&["run", name], dir.path());
        assert_eq!(o.code, 0, "{name}: {}", o.stderr);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["warps"][0]["status"], "exited", "{name}");
        assert_eq!(v["warps"][0]["v"]["v2"][5], "0x0000000a", "{name}");
    }
    // Text under another name runs as machine code, faults at once, and gets a hint.
    let o = run(&["run", "d.txt"], dir.path());
    assert_eq!(o.code, 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["warps"][0]["status"], "faulted");
    assert!(
        o.stderr.contains("hint: d.txt is text") && o.stderr.contains("--format asm"),
        "{}",
        o.stderr
    );
    let o = run(&["run", "d.txt", "--format", "asm"], dir.path());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["warps"][0]["status"], "exited");
    assert!(o.stderr.is_empty(), "{}", o.stderr);
    // An explicit --format bin is taken at its word: no hint.
    let o = run(&["run", "c.s", "--format", "bin"], dir.path());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["warps"][0]["status"], "faulted");
    assert!(!o.stderr.contains("hint"), "{}", o.stderr);
    // Real machine code that faults gets no hint either.
    std::fs::write(dir.path().join("ill.bin"), [0x7eu8, 0, 0, 0]).unwrap();
    let o = run(&["run", "ill.bin"], dir.path());
    assert!(!o.stderr.contains("hint"), "{}", o.stderr);
    let o = run(&["run", "c.s", "--format", "text"], dir.path());
    assert_eq!(o.code, 2);
}

#[test]
fn float_literals_and_the_subnormal_warning() {
    let dir = dir_with(&[
        (
            "f.s",
            b"mov.vl v1, 1.0\numov.l u1, 1.5\nfmul.f32.vl v2, v1, 2.0\n",
        ),
        ("w.s", b"fmul.f32.vl v1, v2, 2\n"),
        ("o.s", b"mov.vl v1, 1.5e999\nfadd.f32.vl v1, v1, 1e-50\n"),
    ]);
    let o = run(&["run", "f.s"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["warps"][0]["v"]["v1"][0], "0x3f800000");
    assert_eq!(v["warps"][0]["v"]["v2"][0], "0x40000000");
    assert_eq!(v["warps"][0]["u"]["u1"], "0x3fc00000");
    let o = run(&["asm", "w.s"], dir.path());
    assert_eq!(o.code, 0, "warnings do not fail: {}", o.stderr);
    assert!(
        o.stderr.contains("warning:") && o.stderr.contains("did you mean `2.0`?"),
        "{}",
        o.stderr
    );
    assert!(o.stderr.contains("1 warning in w.s"), "{}", o.stderr);
    assert!(dir.path().join("w.bin").exists());
    let o = run(&["asm", "o.s"], dir.path());
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("`1.5e999` overflows binary32")
            && o.stderr.contains("`1e-50` underflows binary32"),
        "{}",
        o.stderr
    );
}

fn count_with_prefix(p: &str) -> usize {
    INSNS.iter().filter(|d| d.mnemonic.starts_with(p)).count()
}

#[test]
fn spec_finds_families_ignores_case_and_fails_on_unknown_names() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = run(&["spec", "nosuch", "--json"], d);
    assert_eq!(o.code, 1);
    assert!(o.stdout.is_empty());
    assert!(
        o.stderr.contains("unknown instruction `nosuch`"),
        "{}",
        o.stderr
    );
    // One entry as one object.
    let o = run(&["spec", "FADD.F32", "--json"], d);
    assert_eq!(o.code, 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["mnemonic"], "fadd.f32");
    // A family: every saveexec.* variant, as text and as JSON.
    let o = run(&["spec", "saveexec"], d);
    assert_eq!(o.code, 0);
    let n = count_with_prefix("saveexec.");
    assert!(n >= 2);
    assert_eq!(
        o.text()
            .lines()
            .filter(|l| l.starts_with("saveexec."))
            .count(),
        n,
        "{}",
        o.text()
    );
    let o = run(&["spec", "fadd", "--json"], d);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let arr = v.as_array().unwrap();
    assert_eq!(arr.len(), count_with_prefix("fadd."));
    assert!(arr
        .iter()
        .all(|e| e["mnemonic"].as_str().unwrap().starts_with("fadd.")));
    // A prefix that is no component boundary still lists.
    let o = run(&["spec", "Saveex"], d);
    assert_eq!(o.code, 0);
    assert!(o.text().contains("saveexec.and"), "{}", o.text());
    // ffma is a family of two, not a typo of bfm.
    let o = run(&["spec", "ffma"], d);
    assert!(
        o.text().contains("ffma.f32") && o.text().contains("ffma.f16") && !o.text().contains("bfm"),
        "{}",
        o.text()
    );
    // Suggestions by component.
    let o = run(&["spec", "ffmaa"], d);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("`ffma.f32`")
            && o.stderr.contains("`ffma.f16`")
            && !o.stderr.contains("bfm"),
        "{}",
        o.stderr
    );
    let o = run(&["spec", "fadd.f23", "--json"], d);
    o.fails(1, "`fadd.f32`");
    // No name: every variant.
    let o = run(&["spec", "--json"], d);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), INSNS.len());
}

#[test]
fn assembler_diagnostics_people_meet() {
    let mut long = "add v1, v2, ".to_string();
    long.push_str(&"x".repeat(1 << 20));
    long.push('\n');
    let many: String = (0..40_000).map(|i| format!("bad{i} v1\n")).collect();
    let dir = dir_with(&[
        ("equ.s", b".equ N, 1\nmov.vl v1, N\n.equiv N, 2\n"),
        ("bom.s", "\u{feff}ADD V1, V2, V3\n".as_bytes()),
        ("lab.s", "jmp läbel\n".as_bytes()),
        ("long.s", long.as_bytes()),
        ("many.s", many.as_bytes()),
    ]);
    let d = dir.path();
    let o = run(&["asm", "equ.s"], d);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("equ.s:3:8")
            && o.stderr.contains("first defined here")
            && o.stderr.contains("1 │ .equ N, 1"),
        "{}",
        o.stderr
    );
    let o = run(&["asm", "bom.s", "-o", "-"], d);
    assert_eq!(o.code, 0, "{}", o.stderr);
    std::fs::write(d.join("plain.s"), "add v1, v2, v3\n").unwrap();
    assert_eq!(o.stdout, run(&["asm", "plain.s", "-o", "-"], d).stdout);
    let o = run(&["asm", "lab.s"], d);
    assert!(
        o.stderr.contains("lab.s:1:6") && o.stderr.contains("`ä` (U+00E4)"),
        "{}",
        o.stderr
    );
    let o = run(&["asm", "long.s"], d);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.len() < 2000,
        "{} bytes of diagnostics",
        o.stderr.len()
    );
    assert!(o.stderr.contains("long.s:1:13"), "{}", o.stderr);
    let o = run(&["asm", "many.s"], d);
    assert_eq!(o.code, 1);
    assert_eq!(o.stderr.matches("error: unknown instruction").count(), 100);
    assert!(
        o.stderr.contains("... and 39900 more errors"),
        "{}",
        &o.stderr[o.stderr.len() - 300..]
    );
    let o = run(&["asm", "many.s", "--max-errors", "3"], d);
    assert_eq!(o.stderr.matches("error: unknown instruction").count(), 3);
    assert!(
        o.stderr.contains("... and 39997 more errors")
            && o.stderr.contains("40000 errors in many.s"),
        "{}",
        o.stderr
    );
    let o = run(&["run", "many.s", "--max-errors", "1"], d);
    o.fails(1, "... and 39999 more errors");
}

#[test]
fn help_describes_arguments_state_files_and_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["asm", "disasm", "spec", "run", "docs"] {
        let o = run(&[sub, "--help"], dir.path());
        assert_eq!(o.code, 0);
        let t = o.text();
        assert!(t.contains("Exit codes:"), "{sub}: {t}");
        assert!(t.contains("Usage: warpkit"), "{sub}: {t}");
    }
    let t = run(&["run", "--help"], dir.path()).text();
    for want in [
        "State file",
        "\"warps\"",
        "--format",
        "--state",
        "--trace",
        "--max-steps",
        "runs past its last instruction",
        "16,384",
    ] {
        assert!(t.contains(want), "run --help lacks {want}: {t}");
    }
    let t = run(&["asm", "--help"], dir.path()).text();
    assert!(
        t.contains("--max-errors") && t.contains("standard input"),
        "{t}"
    );
    let t = run(&["--help"], dir.path()).text();
    assert!(t.contains("Exit codes:"), "{t}");
}

#[test]
fn docs_check_says_when_the_file_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["docs", "--check", "-o", "missing.md"], dir.path());
    o.fails(1, "missing.md does not exist");
    // A missing directory is refused, not created.
    let o = run(&["docs", "-o", "out/isa.md"], dir.path());
    o.fails(1, "directory out does not exist");
    assert!(!dir.path().join("out").exists());
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let o = run(&["docs", "-o", "out/isa.md"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let o = run(&["docs", "--check", "-o", "out/isa.md"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    std::fs::write(dir.path().join("out/isa.md"), "old").unwrap();
    let o = run(&["docs", "--check", "-o", "out/isa.md"], dir.path());
    o.fails(1, "out of date");
}
