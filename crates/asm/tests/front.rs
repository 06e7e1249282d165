//! The front stage as GNU as users and compilers write it: nested blocks of every kind,
//! `.rept`/`.irpc`/`.exitm`/`.purgem`/`.altmacro`, every conditional, macro parameters,
//! numeric and `.L` labels, `#` lines, data directives, and all errors reported at once.

use warpkit_asm::{assemble, AsmOptions, Unit, UnitDiagnostics};

fn unit(text: &str, ext: bool) -> Result<Unit, UnitDiagnostics> {
    assemble(
        text,
        &AsmOptions {
            externals: ext,
            ..AsmOptions::file("main.s")
        },
    )
}

fn code(text: &str) -> Vec<u8> {
    unit(text, false)
        .unwrap_or_else(|e| panic!("{text}\n{e}"))
        .code
}

fn err(text: &str) -> String {
    unit(text, false).expect_err("must fail").to_string()
}

fn errors(text: &str) -> usize {
    unit(text, false).expect_err("must fail").errors()
}

#[test]
fn irp_inside_a_macro_is_filled_by_the_irp() {
    // Bug: "`\r` is not a parameter here" at column 1.
    let src = ".macro movs base\n.irp r, v1, v2\n  mov \\r, \\base\n.endr\n.endm\n  movs v0\n";
    assert_eq!(
        code(src),
        assemble("mov v1, v0\nmov v2, v0\n", &Default::default())
            .unwrap()
            .code
    );
}

#[test]
fn blocks_of_every_kind_nest() {
    let src = "\
.macro outer n
.rept \\n
.irpc c, 12
.irp k, 3
  .byte \\c, \\k
.endr
.endr
.endr
.endm
  outer 2
.macro inner x
  .byte \\x
.endm
.irp v, 7, 8
  inner \\v
.endr
";
    assert_eq!(code(src), [1, 3, 2, 3, 1, 3, 2, 3, 7, 8]);
    // A parameter of the macro and the inner block's own both filled.
    let src = ".macro m a\n.irp b, 1, 2\n.byte \\a + \\b\n.endr\n.endm\nm 10\n";
    assert_eq!(code(src), [11, 12]);
    // What no block fills is an error at the name, not at column 1.
    let e = err(".macro m a\n  .byte \\a, \\zz\n.endm\n  m 1\n");
    assert!(e.contains("`\\zz` is not a parameter here"), "{e}");
    assert!(e.contains("main.s:2:13"), "{e}");
}

#[test]
fn rept_irpc_exitm_purgem() {
    assert_eq!(code(".rept 3\n.byte 9\n.endr\n"), [9, 9, 9]);
    assert_eq!(code(".rept 0\n.byte 9\n.endr\n"), [] as [u8; 0]);
    assert_eq!(code(".irpc c, 123\n.byte \\c\n.endr\n"), [1, 2, 3]);
    // No values: the body once, the parameter empty (GNU as).
    assert_eq!(code(".irp r\n.byte 9\\r\n.endr\n"), [9]);
    let src = ".macro m n\n.byte \\n\n.if \\n > 1\n.exitm\n.endif\n.byte 0\n.endm\nm 1\nm 2\n";
    assert_eq!(code(src), [1, 0, 2]);
    let src = ".macro m\n.byte 1\n.endm\nm\n.purgem m\n.macro m\n.byte 2\n.endm\nm\n";
    assert_eq!(code(src), [1, 2]);
    assert!(err(".purgem mov v1, v0e\n").contains("macro `mov v1, v0e` is not defined"));
    assert!(err(".exitm\n").contains(".exitm outside a macro"));
    assert!(err(".rept -1\n.endr\n").contains("negative"));
    assert!(err(".rept 2\n.byte 1\n").contains("this .rept has no .endr"));
}

#[test]
fn macro_parameters_as_gnu_as_has_them() {
    // Defaults, :req, :vararg, keywords, \(), names in any case, empty when not given.
    let src = "\
.macro M a, b=5, c:vararg
.byte \\a, \\b
.ifnb \\c
.byte \\c
.endif
.endm
m 1
M 2, 3, 4, 5, 6
m b=7, a=8
.macro lbl n
l\\n\\()x: .byte \\n
.endm
lbl 4
.macro e p
.ifb \\p
.byte 99
.endif
.endm
e
";
    assert_eq!(code(src), [1, 5, 2, 3, 4, 5, 6, 8, 7, 4, 99]);
    let u = unit(src, false).unwrap();
    assert!(u.symbols.iter().any(|s| s.name == "l4x"));
    let e = err(".macro m a:req\n.endm\nm\n");
    assert!(e.contains("needs a value for `a` (:req)"), "{e}");
    assert!(err(".macro m a:vararg, b\n.endm\n").contains("must be the last"));
    assert!(err(".macro M\n.endm\n.macro m\n.endm\n").contains("defined twice"));
}

#[test]
fn altmacro_local_and_percent() {
    let src = "\
.altmacro
.macro m x
LOCAL here
here: .byte x
.long here
.endm
m %(2+3)
m <7>
.noaltmacro
";
    let u = unit(src, false).unwrap();
    assert_eq!(u.code, [5, 0, 0, 0, 0, 7, 5, 0, 0, 0]);
    assert!(u.symbols.is_empty(), "{:?}", u.symbols);
}

#[test]
fn every_conditional() {
    let src = "\
.equ N, 3
.ifc a b, a b
.byte 1
.endif
.ifnc a, b
.byte 2
.endif
.ifc \"a\", a
.byte 0
.endif
.ifeqs \"x\", \"x\"
.byte 3
.endif
.ifnes \"x\", \"y\"
.byte 4
.endif
.ifb
.byte 5
.endif
.ifnb ,
.byte 6
.endif
.ifeq N - 3
.byte 7
.endif
.ifne N
.byte 8
.endif
.ifgt N
.byte 9
.endif
.ifge N - 4
.byte 0
.elseif N
.byte 10
.endif
.iflt -N
.byte 11
.endif
.ifle 0
.byte 12
.endif
.ifdef N
.byte 13
.endif
.ifndef M
.byte 14
.endif
";
    assert_eq!(code(src), (1..=14).collect::<Vec<u8>>());
    // The caret is on the condition, not on the directive.
    let e = err("  .if nosuch + 1\n.endif\n");
    assert!(e.contains("main.s:1:7"), "{e}");
}

#[test]
fn error_warning_print_err() {
    let e = err(".error \"stop here\"\n.warning \"careful\"\n.err\n");
    assert!(e.contains("error: stop here"), "{e}");
    assert!(e.contains("warning: careful"), "{e}");
    assert!(e.contains(".err encountered"), "{e}");
    let u = unit(".warning \"w\"\n.print \"hello\"\n.byte 1\n", false).unwrap();
    let w = u.warnings.to_string();
    assert!(w.contains("w") && w.contains(".print: hello"), "{w}");
}

#[test]
fn all_errors_are_collected() {
    // Bug: `.rept 3 ... .endr` reported only ".endr without an open block".
    assert_eq!(code(".rept 3\nmov v1, v0\n.endr\n").len(), 12);
    // Bug: `.if UNDEF` and an unclosed `.macro` hid the assembler's errors.
    let src = ".if UNDEF\nmov v1, v0\n.endif\n  bogus v1\n  add v1, v2, v999\n.macro m\n";
    let e = err(src);
    assert_eq!(errors(src), 4, "{e}");
    assert!(
        e.contains("UNDEF") && e.contains("bogus") && e.contains("v999"),
        "{e}"
    );
    assert!(e.contains("has no .endm"), "{e}");
    // A bad .macro still takes its body to .endm: no error per body line.
    assert_eq!(errors(".macro add\n  nonsense\n.endm\n"), 1);
}

#[test]
fn recursion_notes_once_per_level() {
    let e = err(".macro m a\n  m \\a\n.endm\n  m 1\n");
    let notes = e.matches("in expansion of macro").count();
    assert!(notes <= 2, "{notes} notes:\n{e}");
    assert!(e.contains("levels)"), "{e}");
}

#[test]
fn numeric_local_labels() {
    let src = "1: mov v1, v0\n  jmp 1b\n  jmp 1f\n1: mov v1, v0\n  jmp 1b\n2:\n  .long 2b, 1b\n";
    let u = unit(src, false).unwrap();
    let want = assemble(
        "a: mov v1, v0\n  jmp a\n  jmp b\nb: mov v1, v0\n  jmp b\nc:\n  .long c, b\n",
        &Default::default(),
    )
    .unwrap()
    .code;
    assert_eq!(u.code, want);
    assert!(u.symbols.is_empty(), "{:?}", u.symbols);
    // Inside a macro each expansion has its own.
    let m = ".macro spin\n1: jmp 1b\n.endm\nspin\nspin\n";
    assert_eq!(
        code(m),
        assemble("a: jmp a\nb: jmp b\n", &Default::default())
            .unwrap()
            .code
    );
    let e = err("  jmp 4b\n");
    assert!(
        e.contains("`4b` refers back") && e.contains("main.s:1:7"),
        "{e}"
    );
    let e = err("3:\n  jmp 3f\n  jmp 4b\n");
    assert!(
        e.contains("`4b` refers back") && e.contains("main.s:3:7"),
        "{e}"
    );
    assert!(
        e.contains("`3f` refers forward") && e.contains("main.s:2:7"),
        "{e}"
    );
    // Hex digits and register names are not labels.
    assert_eq!(code("1: .long 0x1f, 1b\n"), [0x1f, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn dot_l_labels_stay_out_of_the_symbol_table() {
    let u = unit(".Lx: mov v1, v0\nkeep: jmp .Lx\n", true).unwrap();
    let names: Vec<_> = u.symbols.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["keep"]);
}

#[test]
fn hash_lines_are_comments_and_markers_set_the_place() {
    let src = "#APP\n# 1 \"file.c\"\n  mov v1, v0\n#NO_APP\n  add v1, v2, v999\n";
    let e = err(src);
    // `# 1 "file.c"` names line 3 of the text line 1 of file.c: the error is file.c:3.
    assert!(e.contains("file.c:3:"), "{e}");
    assert_eq!(code("#APP\n  mov v1, v0\n#NO_APP\n").len(), 4);
    assert_eq!(
        assemble("#APP\nmov v1, v0\n", &Default::default())
            .unwrap()
            .code
            .len(),
        4
    );
}

#[test]
fn sections_other_than_text_name_the_directive() {
    // Bug: "error:  is not supported" (the directive's name was empty).
    for (src, name) in [
        (".data\n", "`.data`"),
        (".bss\n", "`.bss`"),
        (".rodata\n", "`.rodata`"),
        (".section .data,\"aw\"\n", "`.section .data,\"aw\"`"),
    ] {
        let e = err(src);
        assert!(e.contains(&format!("{name} is not supported")), "{e}");
    }
    assert!(unit(".text\n.section .text\nmov v1, v0\n", false).is_ok());
}

#[test]
fn data_directives() {
    let c = |s: &str| {
        assemble(s, &Default::default())
            .unwrap_or_else(|e| panic!("{s}: {e:?}"))
            .code
    };
    assert_eq!(c(".short 1, -1\n"), [1, 0, 0xff, 0xff]);
    assert_eq!(
        c(".long 0x11223344\n.int 5\n"),
        [0x44, 0x33, 0x22, 0x11, 5, 0, 0, 0]
    );
    assert_eq!(
        c(".quad -2\n"),
        [0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
    );
    assert_eq!(c(".ascii \"a;b\", \"\\n\\x41\\101\"\n"), b"a;b\nAA");
    assert_eq!(c(".asciz \"hi\"\n.string \"\"\n"), b"hi\0\0");
    assert_eq!(c(".byte 1\n.p2align 2\n.byte 2\n"), [1, 0, 0, 0, 2]);
    assert_eq!(c(".byte 1\n.balign 4, 0xee\n"), [1, 0xee, 0xee, 0xee]);
    assert_eq!(c(".byte 1\n.balign 8, 0xee, 2\n"), [1]);
    assert_eq!(c(".zero 2\n.space 2, 7\n.skip 1\n"), [0, 0, 7, 7, 0]);
    assert_eq!(
        c(".fill 2, 8, 0x1122334455667788\n"),
        [0x88, 0x77, 0x66, 0x55, 0, 0, 0, 0, 0x88, 0x77, 0x66, 0x55, 0, 0, 0, 0]
    );
    assert_eq!(c(".fill 1, 3, -1\n.fill 2\n"), [0xff, 0xff, 0xff, 0, 0]);
    assert_eq!(c("N = 3\n.byte N\nN = N + 1\n.byte N\n"), [3, 4]);
    let bad = |s: &str| {
        assemble(s, &Default::default()).expect_err(s).main_file()[0]
            .message
            .clone()
    };
    assert!(bad(".long 1.5\n").contains("1.5"));
    assert!(bad(".ascii \"open\n").contains("no closing quote"));
    assert!(bad(".ascii \"\\q\"\n").contains("unknown escape"));
    assert!(bad(".space later\nlater:\n").contains("not defined"));
    assert!(bad(".fill 1 << 40\n").contains("MiB"));
    // `N = ...` in the front stage feeds `.if`.
    assert_eq!(code("N = 2\n.if N == 2\n.byte 1\n.endif\n"), [1]);
}

#[test]
fn externals_in_new_data_directives_are_relocations() {
    let u = unit(".long ext + 4\n.quad ext2\n", true).unwrap();
    let r: Vec<_> = u
        .relocs
        .iter()
        .map(|r| (r.offset, r.symbol.as_str(), r.addend))
        .collect();
    assert_eq!(r, [(0, "ext", 4), (4, "ext2", 0)]);
}

#[test]
fn undefined_symbols_say_which_slots_take_a_relocation() {
    // An immediate that cannot carry a relocation names the slots that can.
    let e = unit("  add.vi v1, v2, ext\n", true)
        .expect_err("must fail")
        .to_string();
    assert!(e.contains("unknown label or symbol `ext`"), "{e}");
    assert!(e.contains("32-bit literals (k32: mov.vl"), "{e}");
    assert!(e.contains("this operand is"), "{e}");
    let e = unit(".byte ext\n", true)
        .expect_err("must fail")
        .to_string();
    assert!(e.contains(".long/.quad"), "{e}");
    // A slot that could, without object output: the hint says how.
    let e = err("  jmp elsewhere\n");
    assert!(e.contains("asm -f elf"), "{e}");
}

#[test]
fn options_define_symbols() {
    let opts = AsmOptions {
        defsyms: vec![("N".into(), 5), ("M".into(), -1)],
        ..AsmOptions::named("d.s")
    };
    // Symbols defined from outside need the front stage; setting them runs it.
    let u = assemble(".if N == 5\n.byte N, M\n.endif\n", &opts).unwrap();
    assert_eq!(u.code, [5, 0xff]);
}

#[test]
fn carets_point_at_the_wrong_argument() {
    let e = err("  .globl good, 9bad\n");
    assert!(
        e.contains("`9bad` is not a symbol name") && e.contains("main.s:1:16"),
        "{e}"
    );
    let e = err(".rept nosuch\n.endr\n");
    assert!(e.contains("main.s:1:7"), "{e}");
    let e = err(".purgem nosuch\n");
    assert!(e.contains("main.s:1:9"), "{e}");
}

#[test]
fn line_markers_set_the_line_table() {
    let u = unit("# 10 \"kern.c\"\n  mov v1, v0\n\n  mov v2, v0\n", false).unwrap();
    assert_eq!(u.files, ["kern.c"]);
    let rows: Vec<_> = u.lines.iter().map(|r| (r.offset, r.line)).collect();
    assert_eq!(rows, [(0, 10), (4, 12)]);
}

#[test]
fn a_macro_argument_not_given_is_empty_and_one_error() {
    // GNU as: a parameter without a value is empty; the empty operand is the one error.
    let e = err(".macro add3 d, a, b\n  add \\d, \\a, \\b\n.endm\n  add3 v1, v2\n");
    assert_eq!(
        errors(".macro add3 d, a, b\n  add \\d, \\a, \\b\n.endm\n  add3 v1, v2\n"),
        1,
        "{e}"
    );
    assert!(e.contains("empty operand"), "{e}");
}
