//! `disasm` of code objects: relocations shown by the symbols they name (as `objdump -dr`
//! does, the symbol in place), data in the code kept apart from the instructions after it,
//! and source lines found from any directory.

mod common;

use common::warpkit;
use std::path::Path;

#[track_caller]
fn ok(args: &[&str], dir: &Path) -> (String, String) {
    let (code, out, err) = warpkit(args, dir);
    assert_eq!(code, 0, "warpkit {args:?}: {err}");
    (out, err)
}

/// The instruction lines of a listing (labels, source comments and blank lines left out),
/// without their `; OFFSET: WORDS` comments.
fn insts(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("    ") && !l.trim_start().starts_with(';'))
        .map(|l| l.split("; ").next().unwrap().trim().to_string())
        .collect()
}

const CALLER: &str = "\
    .globl k
    .kernel k
    jal     u62, helper
    mov.vl  v1, table+8
    bz      u3, done
    jmp     far-4
done:
    mov.vl  v2, 7
    .end_kernel
    .word   helper
    .dword  table-2
";

/// Bug: a call to an external `helper` printed as `jal u62, k` (a self-call), a literal
/// with a relocation as `0x00000000`, data filled by the linker as zeros.
#[test]
fn relocated_operands_print_as_their_symbols_and_reassemble_to_the_same_object() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("k.s"), CALLER).unwrap();
    ok(&["asm", "-f", "elf", "k.s", "-o", "k.o"], d);
    let (text, _) = ok(&["disasm", "k.o"], d);
    let lines = insts(&text);
    for want in [
        "jal     u62, helper",
        "mov.vl  v1, table+8",
        "jmp     far-4",
        ".word helper",
        ".dword table-2",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.split_whitespace().eq(want.split_whitespace())),
            "no `{want}` in\n{text}"
        );
    }
    assert!(
        !text.contains("u62, k\n") && !text.contains("0x00000000"),
        "{text}"
    );
    // And, as `objdump -dr` has it, a relocation line under each relocated item.
    for want in [
        "; 0000: R_WARPKIT_PC19 helper\n",
        "; 0004: R_WARPKIT_K32 table+8\n",
        "; 0010: R_WARPKIT_PC22 far-4\n",
        ": R_WARPKIT_ABS32 helper\n",
        ": R_WARPKIT_ABS64 table-2\n",
    ] {
        assert!(text.contains(want), "no `{want}` in\n{text}");
    }
    // The local branch keeps its label.
    assert!(
        text.contains("u3, done\n") || text.contains("u3, done "),
        "{text}"
    );
    // The comment column stays where it is when an operand is a longer symbol name.
    let cols: Vec<usize> = text
        .lines()
        .filter(|l| l.starts_with("    ") && !l.trim_start().starts_with(';'))
        .filter_map(|l| l.find("; "))
        .collect();
    assert!(cols.windows(2).all(|w| w[0] == w[1]), "{text}");
    // Assembled again as an object: the same code and the same relocations.
    std::fs::write(d.join("re.s"), &text).unwrap();
    ok(&["asm", "-f", "elf", "re.s", "-o", "re.o"], d);
    let a = warpkit_object::read("k.o", &std::fs::read(d.join("k.o")).unwrap()).unwrap();
    let b = warpkit_object::read("re.o", &std::fs::read(d.join("re.o")).unwrap()).unwrap();
    assert_eq!(a.code, b.code);
    assert_eq!(a.relocs, b.relocs);
    assert!(a.relocs.len() >= 5, "{:?}", a.relocs);
}

/// `STT_OBJECT` data in the code prints as data, without "not an instruction" notes.
#[test]
fn object_symbols_print_as_data() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let src = "\
    .kernel k
    movi    v1, 1
    .end_kernel
    .type   tab, @object
tab:
    .word   0xffffffff, 0x12345678, 0xfedcba98
    .size   tab, . - tab
";
    std::fs::write(d.join("t.s"), src).unwrap();
    ok(&["asm", "-f", "elf", "t.s", "-o", "t.o"], d);
    let (text, _) = ok(&["disasm", "t.o"], d);
    assert!(!text.contains("not an instruction"), "{text}");
    assert!(
        text.contains("tab:\n    .word 0xffffffff")
            && text.contains(".word 0x12345678")
            && text.contains(".word 0xfedcba98"),
        "{text}"
    );
    std::fs::write(d.join("re.s"), &text).unwrap();
    ok(&["asm", "re.s", "-o", "re.bin"], d);
    ok(&["asm", "t.s", "-o", "t.bin"], d);
    assert_eq!(
        std::fs::read(d.join("re.bin")).unwrap(),
        std::fs::read(d.join("t.bin")).unwrap()
    );
}

/// Bug: `.byte 1` + `.align 4` in `.text` desynchronised `disasm --source` and the
/// `movi v2, 2` after it disappeared.
#[test]
fn data_in_the_code_does_not_hide_the_next_instruction() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let src = "\
    .kernel k
    movi    v1, 1
    .byte   1
    .align  4
    movi    v2, 2
    .end_kernel
";
    std::fs::write(d.join("b.s"), src).unwrap();
    ok(&["asm", "-f", "elf", "b.s", "-o", "b.o"], d);
    for args in [&["disasm", "--source", "b.o"][..], &["disasm", "b.o"][..]] {
        let (text, _) = ok(args, d);
        let lines = insts(&text);
        assert!(
            lines
                .iter()
                .any(|l| l.split_whitespace().eq(["movi", "v2,", "2"])),
            "{args:?}:\n{text}"
        );
        if args.len() == 3 {
            assert!(text.contains("; b.s:5: movi    v2, 2"), "{text}");
        }
        std::fs::write(d.join("re.s"), &text).unwrap();
        ok(&["asm", "re.s", "-o", "re.bin"], d);
        ok(&["asm", "b.s", "-o", "b.bin"], d);
        assert_eq!(
            std::fs::read(d.join("re.bin")).unwrap(),
            std::fs::read(d.join("b.bin")).unwrap()
        );
    }
}

/// Bug: `disasm --source` from another directory printed empty source text, silently.
#[test]
fn source_lines_are_found_from_another_directory_and_a_missing_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("src")).unwrap();
    std::fs::create_dir(d.join("elsewhere")).unwrap();
    std::fs::write(
        d.join("src/s.s"),
        "    .kernel k\n    movi    v1, 41\n    .end_kernel\n",
    )
    .unwrap();
    ok(&["asm", "-f", "elf", "s.s", "-o", "s.o"], &d.join("src"));
    ok(&["link", "s.o", "-o", "s.elf"], &d.join("src"));
    for f in ["../src/s.o", "../src/s.elf"] {
        let (text, err) = ok(&["disasm", "--source", f], &d.join("elsewhere"));
        assert!(text.contains("; s.s:2: movi    v1, 41"), "{f}:\n{text}");
        assert!(err.is_empty(), "{err}");
    }
    // The source gone: one warning naming it, and the listing still.
    std::fs::rename(d.join("src/s.s"), d.join("src/t.s")).unwrap();
    let (text, err) = ok(&["disasm", "--source", "s.o"], &d.join("src"));
    assert!(
        text.contains("; s.s:2: \n") && text.contains("movi v1, 41"),
        "{text}"
    );
    assert_eq!(err.matches("warning").count(), 1, "{err}");
    assert!(err.contains("s.s") && err.contains("cannot read"), "{err}");
}
