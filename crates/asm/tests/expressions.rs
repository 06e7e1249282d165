//! Expressions in operands: C's operators and precedence, a nesting limit instead of a
//! stack overflow, and messages that name the real problem.

use warpkit_asm::{assemble, Diagnostic};

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
fn binary_operators_follow_c_precedence() {
    // Each expression against the literal value C gives it.
    let cases: &[(&str, i64)] = &[
        ("(3*4)-1", 11),
        ("3*4-1", 11),
        ("1+2*3", 7),
        ("(1+2)*3", 9),
        ("7/2", 3),
        ("-7/2", -3),
        ("-7%3", -1),
        ("1<<4|2", 18),
        ("1<<2+1", 8),
        ("6&3^1", 3),
        ("1|2^3&1", 3),
        ("16>>2>>1", 2),
        ("-16>>2", -4),
        ("10-3-2", 5),
        ("~0&0xff", 255),
        ("+5", 5),
        ("2*-3", -6),
    ];
    for (e, v) in cases {
        assert_eq!(
            code(&format!("movi v1, {e}")),
            code(&format!("movi v1, {v}")),
            "{e}"
        );
    }
    // In .equ and data too, with symbols.
    assert_eq!(
        code(".equ N, 8\n.word N*N-1, N<<2\n"),
        code(".word 63, 32\n")
    );
}

#[test]
fn comparisons_and_logical_operators() {
    // Comparisons are signed and give -1 for true (GNU as, llvm-mc); `&&`, `||` and `!`
    // give 1; with C's precedence: `* /` > `+ -` > `<< >>` > `< <= > >=` > `== !=` > `&` >
    // `^` > `|` > `&&` > `||`.
    let cases: &[(&str, i64)] = &[
        ("3 == 3", -1),
        ("3 == 4", 0),
        ("3 != 4", -1),
        ("3 <> 3", 0),
        ("2 < 3", -1),
        ("3 < 3", 0),
        ("3 <= 3", -1),
        ("4 <= 3", 0),
        ("4 > 3", -1),
        ("3 > 3", 0),
        ("3 >= 3", -1),
        ("2 >= 3", 0),
        ("-1 < 0", -1),
        ("1 && 2", 1),
        ("1 && 0", 0),
        ("0 || 5", 1),
        ("0 || 0", 0),
        ("!0", 1),
        ("!7", 0),
        ("!!7", 1),
        ("1 << 2 < 5", -1),
        ("1 << 3 < 5", 0),
        ("1 + 1 == 2", -1),
        ("1 < 2 == 1", 0),
        ("1 < 2 == -1", -1),
        ("6 & 3 == 3", 6),
        ("(6 & 3) == 2", -1),
        ("1 | 2 && 0", 0),
        ("0 && 0 || 1", 1),
        ("1 || 0 && 0", 1),
        ("0 || 1 && 0", 0),
        ("2 > 1 && 3 > 2", 1),
        ("!(1 == 1) || 4 >= 5", 0),
    ];
    for (e, v) in cases {
        assert_eq!(
            code(&format!(".dword {e}\n")),
            code(&format!(".dword {v}\n")),
            "{e}"
        );
    }
    // Comparing labels gives a plain number.
    assert_eq!(
        code("a:\n.word 0\nb:\n.word (b > a) & 5, a == b\n"),
        code(".word 0, 5, 0\n")
    );
    let e = errors("movi v1, 1 <\n");
    assert!(e[0].message.contains("missing value"), "{}", e[0].message);
    let e = errors("movi v1, (1 => 2)\n");
    assert!(e[0].message.contains("unexpected"), "{}", e[0].message);
}

#[test]
fn deep_nesting_is_a_diagnostic_not_a_crash() {
    for deep in ["-".repeat(100_000) + "1", "(".repeat(100_000) + "1"] {
        let e = errors(&format!("movi v1, {deep}\n"));
        assert!(
            e[0].message.contains("nested more than"),
            "{}",
            e[0].message
        );
        assert_eq!((e[0].line, e[0].col), (1, 10));
    }
    // Just below the limit still assembles.
    let depth = warpkit_asm::MAX_EXPR_DEPTH - 1;
    let ok = format!("movi v1, {}1{}", "(".repeat(depth), ")".repeat(depth));
    assert_eq!(code(&ok), code("movi v1, 1"));
}

#[test]
fn messages_name_the_real_problem() {
    let e = errors("movi v1, 99999999999999999999\n");
    assert!(e[0].message.contains("out of range"), "{}", e[0].message);
    let e = errors("movi v1, 7/0\n");
    assert!(
        e[0].message.contains("division by zero"),
        "{}",
        e[0].message
    );
    let e = errors("movi v1, (3 $ 4)\n");
    assert!(
        e[0].message.contains("expected `)` or an operator"),
        "{}",
        e[0].message
    );
    let e = errors("movi v1, 12abc\n");
    assert!(e[0].message.contains("is not a number"), "{}", e[0].message);
}

#[test]
fn register_group_hints_are_valid_groups() {
    for (bad, want) in [
        ("add64 v[3:2], v[4:5], v[6:7]", "v[2:3]"),
        ("add64 v3, v[4:5], v[6:7]", "v[2:3]"),
        ("add64 v[5:7], v[4:5], v[6:7]", "v[4:5]"),
    ] {
        let e = errors(bad);
        let hint = e[0].hint.clone().unwrap_or_default();
        assert!(hint.contains(want), "{bad}: {hint}");
        // The hint's suggestion itself assembles.
        code(&bad.replacen(
            bad.split(',').next().unwrap().trim_start_matches("add64 "),
            want,
            1,
        ));
    }
}
