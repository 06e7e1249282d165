//! The assembler against GNU as itself (`as --64`, binutils): on inputs that use only
//! directives, `warpkit asm -f elf` must give the same bytes, the same relocations (symbol,
//! offset, addend) and the same symbols as GNU as, and GNU as's errors must be errors here.
//!
//! GNU as assembles each input in `.data` (its `.text` pads alignment with x86 no-ops);
//! warpkit has one section, `.text`. GNU as writes a reference to a label of the file as a
//! relocation against its section with the label's offset as addend; the test applies
//! those (the section at 0), so they compare with warpkit's resolved values.
//!
//! Needs GNU as (`binutils`, installed by `.ci/run`).

mod common;

use object::read::elf::ElfFile64;
use object::{Endianness, Object, ObjectSection, ObjectSymbol, RelocationTarget, SymbolKind};
use std::path::Path;
use std::process::Command;

/// What both assemblers must agree on.
#[derive(Debug, PartialEq, Eq)]
struct Obj {
    bytes: Vec<u8>,
    /// (symbol, offset, addend) of relocations against symbols defined elsewhere.
    relocs: Vec<(String, u64, i64)>,
    /// Names of the labels defined in the file (in the symbol table).
    symbols: Vec<String>,
}

fn gnu(dir: &Path, src: &str) -> Result<Obj, String> {
    let s = dir.join("gnu.s");
    let o = dir.join("gnu.o");
    std::fs::write(&s, format!("\t.data\n{src}")).unwrap();
    let out = Command::new("as")
        .current_dir(dir)
        .arg("--64")
        .arg(&s)
        .arg("-o")
        .arg(&o)
        .output()
        .expect("GNU as (binutils) is needed for this test: install binutils");
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let data = std::fs::read(&o).unwrap();
    let elf = ElfFile64::<Endianness>::parse(&*data).expect("GNU as's object reads");
    let sec = elf.section_by_name(".data").expect(".data");
    let mut bytes = sec.data().unwrap().to_vec();
    let mut relocs = Vec::new();
    for (off, r) in sec.relocations() {
        let RelocationTarget::Symbol(i) = r.target() else {
            panic!("relocation target {:?}", r.target());
        };
        let sym = elf.symbol_by_index(i).unwrap();
        if sym.kind() == SymbolKind::Section {
            // A label of this file: its value, with the section at 0.
            let n = r.size() as usize / 8;
            let v = r.addend().to_le_bytes();
            bytes[off as usize..off as usize + n].copy_from_slice(&v[..n]);
        } else {
            relocs.push((sym.name().unwrap().to_string(), off, r.addend()));
        }
    }
    let symbols = elf
        .symbols()
        .filter(|s| {
            !s.is_undefined() && !matches!(s.kind(), SymbolKind::Section | SymbolKind::File)
        })
        .filter(|s| !s.name().unwrap_or("").is_empty())
        // `.equ`/`.set` names: GNU as writes them as absolute symbols, warpkit's objects
        // hold labels only (SYNTAX.md).
        .filter(|s| s.section() != object::SymbolSection::Absolute)
        .map(|s| s.name().unwrap().to_string())
        .collect();
    Ok(Obj {
        bytes,
        relocs,
        symbols,
    })
}

fn warpkit(dir: &Path, src: &str) -> Result<Obj, String> {
    std::fs::write(dir.join("wk.s"), src).unwrap();
    let out = common::run(&["asm", "-f", "elf", "wk.s", "-o", "wk.o"], dir);
    if out.code != 0 {
        return Err(out.stderr);
    }
    let obj = warpkit_object::read("wk.o", &std::fs::read(dir.join("wk.o")).unwrap()).unwrap();
    Ok(Obj {
        bytes: obj.code,
        relocs: obj
            .relocs
            .iter()
            .map(|r| (r.symbol.clone(), r.offset as u64, r.addend))
            .collect(),
        symbols: obj.symbols.iter().map(|s| s.name.clone()).collect(),
    })
}

/// Inputs both assemble, to the same object.
const SAME: &[(&str, &str)] = &[
    ("byte", ".byte 1, 2, -1, 255, 1 + 2 * 3\n"),
    ("short", ".short 1, -2, 0x7fff\n.2byte 0xffff\n"),
    ("long", ".long 1, -1, 0x12345678\n.int 7\n.4byte -3\n"),
    ("quad", ".quad 1, -1, 0x123456789abcdef0\n.8byte 9\n"),
    (
        "ascii",
        ".ascii \"abc\", \"d\\n\\t\\x41\\101\\\"\\\\\"\n.ascii \"semi;colon\", \"hash#\"\n",
    ),
    ("asciz", ".asciz \"a\", \"\"\n.string \"xy\"\n"),
    (
        "p2align",
        ".byte 1\n.p2align 3\n.byte 2\n.p2align 2, 0xaa\n.byte 3\n.p2align 4, 0xbb, 3\n.byte 4\n.p2align 4, 0xcc, 12\n.byte 5\n",
    ),
    (
        "balign",
        ".byte 1\n.balign 8\n.byte 2\n.balign 4, 0x11\n.byte 3\n.balign 16, 0x22, 2\n.byte 4\n.align 4\n",
    ),
    ("zero_space_skip", ".zero 3\n.space 2, 0x55\n.skip 3, 1\n.space 2\n"),
    (
        "fill",
        ".fill 3, 2, 0x1234\n.fill 2, 8, 0x1122334455667788\n.fill 1, 3, -1\n.fill 2\n.fill 2, 1\n",
    ),
    (
        "assignments",
        "N = 3\n.byte N\nN = N + 1\n.byte N\n.set M, N * 2\n.byte M\n.equ K, M - 1\n.byte K\n",
    ),
    (
        "macro_parameters",
        "\
.macro M a, b=5, c:vararg
.byte \\a, \\b
.ifnb \\c
.byte \\c
.endif
.endm
m 1
M 2, 3, 4, 5, 6
m b=7, a=8
.macro Req x:req, y=2
.byte \\x, \\y
.endm
req 9
.macro paste p
.byte 0x\\p\\()0
.endm
paste 4
.macro q s
.ascii \"\\s\"
.endm
q \"a b\"
q cd
",
    ),
    (
        "rept_irp_irpc",
        "\
.rept 3
.byte 9
.endr
.rept 0
.byte 8
.endr
.irp r, 1, 2, 3
.byte \\r * 2
.endr
.irpc c, 456
.byte \\c
.endr
.irp r
.byte 7\\r
.endr
",
    ),
    (
        "nested_blocks",
        "\
.macro movs base
.irp r, 1, 2
.byte \\base + \\r
.endr
.endm
movs 10
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
",
    ),
    (
        "exitm_purgem",
        "\
.macro m n
.byte \\n
.if \\n > 1
.exitm
.endif
.byte 0
.endm
m 1
m 2
.purgem m
.macro m
.byte 3
.endm
m
",
    ),
    (
        "altmacro",
        "\
.altmacro
.macro lo x
LOCAL l1, l2
l1: .byte x
l2: .long l1
.endm
lo 5
lo 6
.macro pct y
.byte y
.endm
pct %(2+3)
pct <7>
.noaltmacro
",
    ),
    (
        "conditionals",
        "\
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
.else
.byte 0
.endif
.ifdef N
.byte 13
.endif
.ifndef M
.byte 14
.endif
.if N == 3 && N > 2
.byte 15
.endif
",
    ),
    (
        "numeric_labels",
        "1: .byte 1\n.long 1b, 1f\n1: .byte 2\n.long 1b\n2: .quad 2b, 1b\n",
    ),
    (
        "local_and_global_labels",
        ".Lx: .byte 1\nkeep: .long .Lx, keep\n.Ly: .byte 2\n.long .Ly - .Lx\n",
    ),
    (
        "hash_lines",
        "#APP\n.byte 1\n#NO_APP\n# 1 \"file.c\"\n  # a comment\n.byte 2\n",
    ),
    (
        "include",
        ".include \"inc.s\"\nput 3\n.ifdef INC_GUARD\n.byte INC_GUARD\n.endif\n",
    ),
    (
        "externals",
        ".long ext, ext + 4, ext - 2\n.quad ext2 + 8\n.4byte ext3\n",
    ),
    (
        "warning_print",
        ".warning \"careful\"\n.print \"hello\"\n.byte 1\n",
    ),
];

/// Inputs GNU as rejects; warpkit must too.
const BOTH_FAIL: &[(&str, &str)] = &[
    ("error", ".error \"stop\"\n"),
    ("err", ".err\n"),
    ("rept_negative", ".rept -1\n.endr\n"),
    ("rept_undefined", ".rept undefined_name\n.endr\n"),
    ("req_missing", ".macro m a:req\n.byte \\a\n.endm\nm\n"),
    ("if_open", ".if 1\n.byte 1\n"),
    ("endif_alone", ".endif\n"),
    ("else_alone", ".else\n"),
    ("too_many_args", ".macro m a\n.endm\nm 1, 2\n"),
    ("ascii_unquoted", ".ascii abc\n"),
    ("irp_no_name", ".irp\n.endr\n"),
    ("vararg_not_last", ".macro m a:vararg, b\n.endm\n"),
    ("p2align_undefined", ".p2align x\n"),
    ("back_ref_missing", ".byte 1b\n"),
    ("forward_ref_missing", ".long 1f\n"),
    ("ifc_one_string", ".ifc a\n.endif\n"),
    ("ifeqs_unquoted", ".ifeqs a, b\n.endif\n"),
    ("unknown_parameter", ".macro m\n.byte \\q\n.endm\nm\n"),
    ("macro_twice_any_case", ".macro m\n.endm\n.macro M\n.endm\n"),
    ("skip_undefined", ".skip undefined_s\n"),
    ("balign_not_power", ".balign 3\n"),
    ("include_missing", ".include \"no_such_file.s\"\n"),
];

#[test]
fn same_bytes_relocations_and_symbols_as_gnu_as() {
    let dir = tempfile::tempdir().unwrap();
    // For `.include`: beside the including file (warpkit) and in the current directory
    // (GNU as), the same place here.
    std::fs::write(
        dir.path().join("inc.s"),
        ".ifndef INC_GUARD\n.equ INC_GUARD, 7\n.macro put v\n.byte \\v, \\v + 1\n.endm\n.endif\n",
    )
    .unwrap();
    let mut bad = Vec::new();
    for (name, src) in SAME {
        let g = gnu(dir.path(), src).unwrap_or_else(|e| panic!("{name}: GNU as: {e}"));
        assert!(!g.bytes.is_empty(), "{name}");
        match warpkit(dir.path(), src) {
            Ok(w) if w == g => {}
            Ok(w) => bad.push(format!("{name}:\n  GNU as  {g:?}\n  warpkit {w:?}")),
            Err(e) => bad.push(format!("{name}: warpkit failed:\n{e}")),
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn gnu_as_errors_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    for (name, src) in BOTH_FAIL {
        assert!(gnu(dir.path(), src).is_err(), "{name}: GNU as accepts it");
        let w = warpkit(dir.path(), src);
        assert!(w.is_err(), "{name}: warpkit accepts it: {w:?}");
        // An error message, never a crash.
        let e = w.unwrap_err();
        assert!(e.contains("error"), "{name}: {e}");
        assert!(!e.contains("panicked"), "{name}: {e}");
    }
}
