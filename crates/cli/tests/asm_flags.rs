//! `warpkit asm` flags for real projects: `-I DIR` for `.include`, `-D NAME[=VAL]` for a
//! `.S` file's C preprocessor, `--defsym NAME=VALUE`; and what a missing include says.

mod common;

use common::run;
use std::path::Path;

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

#[test]
fn include_dirs_are_searched_in_order_after_the_files_own() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    write(dir, "src/main.s", ".include \"m.inc\"\n.byte V\n");
    write(dir, "inc1/m.inc", ".equ V, 1\n");
    write(dir, "inc2/m.inc", ".equ V, 2\n");
    // Without -I: the error names the path it looked for and says -I exists.
    let out = run(&["asm", "src/main.s", "-o", "-"], dir);
    out.fails(1, "src/m.inc does not exist");
    assert!(out.stderr.contains("-I DIR"), "{}", out.stderr);
    let out = run(
        &["asm", "-I", "inc2", "-I", "inc1", "src/main.s", "-o", "-"],
        dir,
    );
    assert_eq!(
        (out.code, out.stdout.as_slice()),
        (0, &[2u8][..]),
        "{}",
        out.stderr
    );
    // The including file's directory comes first.
    write(dir, "src/m.inc", ".equ V, 3\n");
    let out = run(&["asm", "-I", "inc1", "src/main.s", "-o", "-"], dir);
    assert_eq!(out.stdout, [3], "{}", out.stderr);
    // Not found anywhere: every path tried.
    write(dir, "src/other.s", ".include \"nope.inc\"\n");
    let out = run(&["asm", "-I", "inc1", "src/other.s", "-o", "-"], dir);
    out.fails(1, "not found; looked for src/nope.inc, inc1/nope.inc");
}

#[test]
fn defsym_defines_a_symbol() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    write(
        dir,
        "a.s",
        ".if MODE == 2\n.byte N\n.else\n.byte 0\n.endif\n",
    );
    let out = run(
        &[
            "asm", "--defsym", "MODE=2", "--defsym", "N=0x7f", "a.s", "-o", "-",
        ],
        dir,
    );
    assert_eq!(out.stdout, [0x7f], "{}", out.stderr);
    let out = run(
        &[
            "asm", "--defsym", "MODE=1", "--defsym", "N=-1", "a.s", "-o", "-",
        ],
        dir,
    );
    assert_eq!(out.stdout, [0], "{}", out.stderr);
    // Plain files (no front stage otherwise) see it too.
    write(dir, "b.s", ".long N\n");
    let out = run(&["asm", "--defsym", "N=-2", "b.s", "-o", "-"], dir);
    assert_eq!(out.stdout, [0xfe, 0xff, 0xff, 0xff], "{}", out.stderr);
    run(&["asm", "--defsym", "N", "b.s"], dir).fails(2, "expected NAME=VALUE");
    run(&["asm", "--defsym", "9x=1", "b.s"], dir).fails(2, "not a symbol name");
    run(&["asm", "--defsym", "N=x", "b.s"], dir).fails(2, "not an integer");
}

#[test]
fn defines_go_to_cpp_for_dot_s_capital() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    write(
        dir,
        "k.S",
        "#include \"cfg.h\"\n#if FOO == 2\n.byte WIDTH\n#else\n.byte 1\n#endif\n",
    );
    write(dir, "h/cfg.h", "#define WIDTH 9\n");
    let out = run(&["asm", "-D", "FOO=2", "-I", "h", "k.S", "-o", "-"], dir);
    assert_eq!(out.stdout, [9], "{}", out.stderr);
    let out = run(&["asm", "-I", "h", "k.S", "-o", "-"], dir);
    assert_eq!(out.stdout, [1], "{}", out.stderr);
    write(dir, "p.s", ".byte 1\n");
    run(&["asm", "-D", "FOO", "p.s", "-o", "-"], dir).fails(2, "use --defsym");
}
