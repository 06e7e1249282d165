//! The assembler as people write for it: case, byte-order marks, names defined twice,
//! characters outside the name alphabet, huge lines and floods of errors.

use warpkit_asm::{assemble, AsmOptions, Diagnostic, Severity};

fn code(src: &str) -> Vec<u8> {
    match assemble(src, &Default::default()) {
        Ok(a) => a.code,
        Err(d) => panic!("{src}: {d}"),
    }
}

fn errors(src: &str) -> Vec<Diagnostic> {
    assemble(src, &Default::default())
        .expect_err(src)
        .main_file()
}

#[test]
fn mnemonics_registers_modifiers_and_directives_ignore_case() {
    assert_eq!(code("ADD V1, V2, V3"), code("add v1, v2, v3"));
    assert_eq!(
        code("FAdd.F16 V1.H, v2.L, V3.h, RM:RTZ, NEG:0B11, Sat:1"),
        code("fadd.f16 v1.h, v2.l, v3.h, rm:rtz, neg:0b11, sat:1")
    );
    assert_eq!(
        code("Add64 V[2:3], v[4:5], V[6:7]"),
        code("add64 v[2:3], v[4:5], v[6:7]")
    );
    assert_eq!(
        code("TEX.SAMPLE V0, V4, U[8:15], U[4:7], DIM:2D, DMASK:0XF"),
        code("tex.sample v0, v4, u[8:15], u[4:7], dim:2d, dmask:0xf")
    );
    assert_eq!(code(".WORD 1\n.Align 8"), code(".word 1\n.align 8"));
    assert_eq!(
        code("FADD.F32.VL v1, v2, INF"),
        code("fadd.f32.vl v1, v2, inf")
    );
    // Names people define keep their case: `Start` and `start` are different labels.
    let e = errors("Start:\n  jmp start\n");
    assert!(
        e[0].message.contains("unknown label or symbol `start`"),
        "{e:?}"
    );
    assert!(
        e[0].hint.as_deref().unwrap_or("").contains("`Start`"),
        "{e:?}"
    );
    // A register in an immediate's place is recognised in any case.
    let e = errors("add.vi v1, v2, V3");
    assert!(e[0].message.contains("found register `V3`"), "{e:?}");
}

#[test]
fn a_leading_byte_order_mark_is_ignored() {
    assert_eq!(code("\u{feff}add v1, v2, v3\n"), code("add v1, v2, v3\n"));
    assert_eq!(code("\u{feff}"), Vec::<u8>::new());
    let e = errors("\u{feff}bogus v1\n");
    assert_eq!((e[0].line, e[0].col), (1, 1));
    assert_eq!(e[0].message, "unknown instruction `bogus`");
    assert_eq!(e[0].start, 3);
    let r = assemble("\u{feff}bogus v1\n", &AsmOptions::named("b.s"))
        .unwrap_err()
        .render(false);
    assert!(r.contains("b.s:1:1") && !r.contains('\u{feff}'), "{r}");
    // The mark is only skipped at the very start; elsewhere it is an error.
    let e = errors("laneid v0\n\u{feff}laneid v0\n");
    assert_eq!(e[0].line, 2);
}

#[test]
fn labels_and_equiv_are_defined_once_and_the_error_shows_both_places() {
    let e = errors(".equiv N, 1\nmov.vl v1, N\n.equiv N, 2\n");
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].line, e[0].col), (3, 8));
    assert!(e[0].message.contains("`N` is defined twice"));
    let rel = e[0].related.as_ref().expect("first definition");
    assert_eq!((rel.line, rel.col), (1, 8));
    assert_eq!(rel.message, "first defined here");
    let r = assemble(
        ".equ N, 1\nmov.vl v1, N\n.equiv N, 2\n",
        &AsmOptions::named("e.s"),
    )
    .unwrap_err()
    .render(false);
    assert!(
        r.contains("e.s:3:8") && r.contains("first defined here"),
        "{r}"
    );
    assert!(
        r.contains("1 │ .equ N, 1") && r.contains("3 │ .equiv N, 2"),
        "{r}"
    );
    // Labels and .equ names share one namespace; a label is never redefined.
    let e = errors("top:\nlaneid v0\n.equ top, 4\n");
    assert_eq!(e[0].related.as_ref().unwrap().line, 1);
    let e = errors("top:\nlaneid v0\n.set top, 4\n");
    assert!(e[0].message.contains("defined twice") && e[0].line == 3);
    let e = errors(".equ x, 1\nx:\n");
    assert!(e[0].message.contains("defined twice") && e[0].line == 2);
    let e = errors("a:\nlaneid v0\na:\n");
    assert_eq!(e[0].related.as_ref().unwrap().line, 1);
}

#[test]
fn set_and_equ_redefine_a_name_for_what_follows() {
    // Each use sees the value defined last before it, in operands and data (GNU as).
    let a = assemble(
        ".set N, 1\nmov.vl v1, N\n.word N\n.set N, N + 1\nmov.vl v2, N\n.word N\n\
         .equ N, 7\nmov.vl v3, N\n.word N, N * 2\n",
        &Default::default(),
    )
    .unwrap();
    let b = assemble(
        "mov.vl v1, 1\n.word 1\nmov.vl v2, 2\n.word 2\nmov.vl v3, 7\n.word 7, 14\n",
        &Default::default(),
    )
    .unwrap();
    assert_eq!(a.code, b.code);
    // A counter, as macros use it.
    let a = assemble(
        ".set i, 0\n.word i\n.set i, i + 1\n.word i\n.set i, i + 1\n.byte i\n",
        &Default::default(),
    )
    .unwrap();
    assert_eq!(a.code, [0, 0, 0, 0, 1, 0, 0, 0, 2]);
    // A forward reference resolves with the last value, as in GNU as.
    let a = assemble(".word L\n.set L, 3\n.set L, 4\n", &Default::default()).unwrap();
    assert_eq!(a.code, [4, 0, 0, 0]);
}
#[test]
fn characters_outside_the_name_alphabet_are_pointed_at() {
    let e = errors("jmp läbel\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].line, e[0].col), (1, 6));
    assert!(
        e[0].message
            .contains("`ä` (U+00E4) cannot be part of a name"),
        "{}",
        e[0].message
    );
    let e = errors("laneid v0\nläbel:\n  laneid v0\n");
    assert_eq!((e[0].line, e[0].col), (2, 2), "{e:?}");
    let e = errors(".equ größe, 4\n");
    assert_eq!((e[0].line, e[0].col), (1, 8), "{e:?}");
    let e = errors(".word ñ\n");
    assert_eq!((e[0].line, e[0].col), (1, 7), "{e:?}");
    let e = errors("mov.vl v1, 1 + é\n");
    assert_eq!((e[0].line, e[0].col), (1, 16), "{e:?}");
}

#[test]
fn one_error_on_a_megabyte_line_prints_a_short_window() {
    let mut src = String::from("add v1, v2, v3 ; ");
    src.push_str(&"x".repeat(500_000));
    src.push('\n');
    src.push_str(&"y".repeat(1_000_000));
    src.push_str(" v1\n");
    let d = assemble(&src, &AsmOptions::named("long.s")).unwrap_err();
    assert_eq!(d.list.len(), 1);
    assert_eq!(d.list[0].line, 2);
    let r = d.render(false);
    assert!(r.len() < 1000, "{} bytes:\n{r}", r.len());
    assert!(r.contains("long.s:2:1"), "{r}");
    assert!(r.contains('…'), "{r}");
    // The error in the middle of a long line: the column is exact, the caret under it.
    let mut src = "z".repeat(300_000);
    src.push_str(" ; ");
    let col = src.chars().count() + 1;
    let src = format!("laneid v0\n.word 1, {src}\n");
    let line2: String = src.lines().nth(1).unwrap().to_string();
    let at = line2.find('z').unwrap() + 1;
    let d = assemble(&src, &AsmOptions::named("mid.s")).unwrap_err();
    assert_eq!((d.list[0].line, d.main_file()[0].col), (2, at));
    let r = d.render(false);
    assert!(
        r.len() < 1000 && r.contains(&format!("mid.s:2:{at}")),
        "{r}"
    );
    assert!(col > at);
    // Message text quoting the operand is shortened too.
    assert!(d.list[0].message.len() < 200, "{}", d.list[0].message);
    // Long multi-byte text is cut at character boundaries.
    let src = format!("bogus {}\n", "é".repeat(100_000));
    let r = assemble(&src, &AsmOptions::named("u.s"))
        .unwrap_err()
        .render(false);
    assert!(r.len() < 1000, "{r}");
}

#[test]
fn forty_thousand_errors_are_collected_and_printed_up_to_a_limit() {
    let src: String = (0..40_000).map(|i| format!("bogus{i} v1, v2\n")).collect();
    let d = assemble(&src, &AsmOptions::named("many.s")).unwrap_err();
    assert_eq!(d.errors(), 40_000);
    let r = d.render_limited(false, 100);
    assert_eq!(r.matches("error: unknown instruction").count(), 100);
    assert!(
        r.contains("... and 39900 more errors\n"),
        "{}",
        &r[r.len() - 200..]
    );
    assert!(r.ends_with("40000 errors in many.s\n"));
    // Warnings are counted and limited separately.
    let src = "fmul.f32.vl v1, v2, 1\n".repeat(5);
    let a = assemble(&src, &AsmOptions::named("w.s")).unwrap();
    let w = a.warnings.render_limited(false, 2);
    assert_eq!(w.matches("warning: integer `1`").count(), 2);
    assert!(
        w.contains("... and 3 more warnings") && w.ends_with("5 warnings in w.s\n"),
        "{w}"
    );
    assert!(a
        .warnings
        .list
        .iter()
        .all(|d| d.severity == Severity::Warning));
}

#[test]
fn unknown_mnemonics_get_family_and_component_hints() {
    let hint = |src: &str| errors(src)[0].hint.clone().unwrap_or_default();
    let h = hint("ffma v1, v2, v3, v4");
    assert!(
        h.contains("`ffma.f32`") && h.contains("`ffma.f16`") && !h.contains("bfm"),
        "{h}"
    );
    let h = hint("fadd.f23 v1, v2, v3");
    assert!(h.contains("`fadd.f32`"), "{h}");
}
