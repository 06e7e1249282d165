//! The assembler's directives, for completion and hover (a test checks that the assembler's
//! front stage, the one `warpkit asm` runs, accepts each of them).

/// (name, what it does).
pub const DIRECTIVES: &[(&str, &str)] = &[
    (
        ".word",
        "32-bit data values (integers, expressions, binary32 float literals)",
    ),
    (".dword", "64-bit data values"),
    (".half", "16-bit data values (binary16 float literals too)"),
    (".byte", "8-bit data values"),
    (
        ".align",
        "pads with zero bytes to a multiple of N (a power of two, 1..=4096)",
    ),
    (
        ".equ",
        "`.equ NAME, value`: defines a name, or gives it a new value for the lines after it; values may use earlier names",
    ),
    (".set", "a synonym of .equ (a later `.set` gives the name a new value)"),
    (
        ".equiv",
        "`.equiv NAME, value`: `.equ` that refuses a name already defined",
    ),
    (
        ".include",
        "`.include \"file\"`: the file's lines in place, named relative to the including file",
    ),
    (
        ".macro",
        "`.macro NAME p1, p2=default` ... `.endm`: a macro; `\\p1` in the body is the argument, `\\@` a number unique to each expansion",
    ),
    (".endm", "ends a `.macro`"),
    (
        ".irp",
        "`.irp NAME, v1, v2, ...` ... `.endr`: the body once per value, `\\NAME` replaced by it",
    ),
    (".endr", "ends an `.irp`"),
    (
        ".if",
        "`.if EXPR` ... `.endif`: assembles the lines when EXPR (numbers and earlier names; `== != < <= > >= && || !`) is not 0",
    ),
    (
        ".ifdef",
        "`.ifdef NAME`: true for an `.equ`/`.set` name, label or macro defined before it",
    ),
    (".ifndef", "`.ifndef NAME`: true when NAME is not defined before it (include guards)"),
    (".elseif", "`.elseif EXPR`: the next branch of an `.if`"),
    (".else", "the last branch of an `.if`"),
    (".endif", "ends an `.if`, `.ifdef` or `.ifndef`"),
    (".text", "the code section (code objects have one section)"),
    (".section", "`.section .text` only: code objects have one section"),
    (
        ".globl",
        "`.globl NAME`: global in the object's symbol table (defined here or elsewhere)",
    ),
    (".global", "a synonym of .globl"),
    (
        ".local",
        "`.local NAME`: local (the default for labels; makes a kernel local)",
    ),
    (
        ".type",
        "`.type NAME, @function` (or `@object`, `@notype`): the symbol's ELF type",
    ),
    (
        ".size",
        "`.size NAME, EXPR`: the symbol's size; `.` is the current offset (`.size f, . - f`)",
    ),
    (
        ".kernel",
        "`.kernel NAME` ... `.end_kernel`: a kernel: a global function symbol and a kernel note",
    ),
    (".end_kernel", "ends a `.kernel`"),
];

/// A directive by name (case is ignored, as in the assembler).
pub fn find(word: &str) -> Option<(&'static str, &'static str)> {
    DIRECTIVES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(word))
        .copied()
}

#[cfg(test)]
mod tests {
    use warpkit_asm::{assemble, AsmOptions};

    fn unknown(src: &str) -> bool {
        assemble(src, &AsmOptions::file("t.s"))
            .err()
            .is_some_and(|d| {
                d.list
                    .iter()
                    .any(|d| d.message.contains("unknown directive"))
            })
    }

    #[test]
    fn the_assembler_knows_every_listed_directive() {
        for (name, _) in super::DIRECTIVES {
            // Each one as it is written, so that the front stage reaches it.
            let src = match *name {
                ".equ" | ".set" | ".equiv" => format!("{name} X, 1\n"),
                ".include" => ".include \"x.s\"\n".to_string(),
                ".macro" | ".endm" => ".macro m a\n.endm\n".to_string(),
                ".irp" | ".endr" => ".irp r, 1\n.endr\n".to_string(),
                ".if" | ".else" | ".endif" => ".if 1\n.else\n.endif\n".to_string(),
                ".elseif" => ".if 0\n.elseif 1\n.endif\n".to_string(),
                ".ifdef" | ".ifndef" => format!("{name} X\n.endif\n"),
                ".section" => ".section .text\n".to_string(),
                ".globl" | ".global" | ".local" => format!("{name} f\nf: .word 0\n"),
                ".type" => ".type f, @function\nf: .word 0\n".to_string(),
                ".size" => "f: .word 0\n.size f, . - f\n".to_string(),
                ".kernel" | ".end_kernel" => ".kernel k\n .word 0\n.end_kernel\n".to_string(),
                _ => format!("{name} 4\n"),
            };
            assert!(!unknown(&src), "{name}: {src}");
        }
        assert!(unknown(".nosuch 1\n"));
    }
}
