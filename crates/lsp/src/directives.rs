//! The assembler's directives, for completion and hover (a test checks that the assembler
//! accepts each of them).

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
        "`.equ NAME, value`: defines a name once; values may use earlier names",
    ),
    (".set", "a synonym of .equ (a name is still defined once)"),
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
    #[test]
    fn the_assembler_knows_every_listed_directive() {
        for (name, _) in super::DIRECTIVES {
            let src = match *name {
                ".equ" | ".set" => format!("{name} X, 1"),
                _ => format!("{name} 4"),
            };
            if let Err(d) = warpkit_asm::assemble(&src) {
                assert!(
                    d.iter().all(|d| !d.message.contains("unknown directive")),
                    "{name}: {d:?}"
                );
            }
        }
        let d = warpkit_asm::assemble(".nosuch 1").unwrap_err();
        assert!(d[0].message.contains("unknown directive"));
    }
}
