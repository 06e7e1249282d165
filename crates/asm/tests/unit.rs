//! Translation units: includes, macros, conditionals, symbol directives, relocations and
//! the line table, and the diagnostics that name both the use and the definition site.

use std::collections::HashMap;
use warpkit_asm::unit::{Binding, RelocKind, SymKind};
use warpkit_asm::{assemble, AsmOptions, Includes, Loader, Unit, UnitDiagnostics};

/// Files in memory; names resolve as given.
struct Mem(HashMap<&'static str, &'static str>);

impl Loader for Mem {
    fn load(&self, _from: &str, path: &str) -> Result<(String, String), String> {
        self.0
            .get(path)
            .map(|t| (path.to_string(), t.to_string()))
            .ok_or_else(|| "no such file".to_string())
    }
}

fn unit(
    main: &str,
    files: &[(&'static str, &'static str)],
    ext: bool,
) -> Result<Unit, UnitDiagnostics> {
    let l = Mem(files.iter().copied().collect());
    assemble(
        main,
        &AsmOptions {
            externals: ext,
            includes: Includes::With(&l),
            ..AsmOptions::file("main.s")
        },
    )
}

fn err(main: &str, files: &[(&'static str, &'static str)]) -> String {
    unit(main, files, true).expect_err("must fail").to_string()
}

#[test]
fn a_plain_file_assembles_as_before() {
    let src = "start:\n  add v1, v2, v3\n  bz u1, start\n.word 7\n";
    let u = unit(src, &[], false).unwrap();
    assert_eq!(u.code, assemble(src, &Default::default()).unwrap().code);
    assert_eq!(
        u.lines
            .iter()
            .map(|r| (r.offset, r.line))
            .collect::<Vec<_>>(),
        [(0, 2), (4, 3), (8, 4)]
    );
    assert_eq!(u.symbols[0].name, "start");
    assert_eq!(u.symbols[0].binding, Binding::Local);
}

#[test]
fn macros_with_arguments_defaults_and_counters() {
    let src = ".macro addn d, s, n=3\n  add.vi \\d, \\s, \\n\nl\\@:\n.endm\n  addn v1, v2\n  addn v3, v4, 5\n";
    let u = unit(src, &[], false).unwrap();
    let want = assemble("add.vi v1, v2, 3\nadd.vi v3, v4, 5\n", &Default::default())
        .unwrap()
        .code;
    assert_eq!(u.code, want);
    // Lines of an expansion are attributed to the line that used the macro.
    assert_eq!(u.lines.iter().map(|r| r.line).collect::<Vec<_>>(), [5, 6]);
    assert!(u.symbols.iter().any(|s| s.name == "l1") && u.symbols.iter().any(|s| s.name == "l2"));
}

#[test]
fn irp_and_conditionals() {
    let src = ".equ FAST, 1\n.irp r, v1, v2, v3\n  mov \\r, v0\n.endr\n.if FAST\n  add v9, v9, v9\n.else\n  sub v9, v9, v9\n.endif\n.ifdef NOPE\n  jmp 0\n.elseif FAST + 1 - 1\n  xor v1, v1, v1\n.endif\n.ifndef NOPE\n  or v2, v2, v2\n.endif\n";
    let u = unit(src, &[], false);
    let want = assemble(
        "mov v1, v0\nmov v2, v0\nmov v3, v0\nadd v9, v9, v9\nxor v1, v1, v1\nor v2, v2, v2\n",
        &Default::default(),
    );
    match (u, want) {
        (Ok(u), Ok(w)) => assert_eq!(u.code, w.code),
        (u, w) => panic!("{:?} {:?}", u.err().map(|e| e.to_string()), w.err()),
    }
}

#[test]
fn conditions_compare_and_follow_redefinitions() {
    let same = |a: &str, b: &str| {
        let x = unit(a, &[], false)
            .unwrap_or_else(|e| panic!("{a}: {e}"))
            .code;
        assert_eq!(x, assemble(b, &Default::default()).unwrap().code, "{a}");
    };
    same(
        ".equ N, 4\n.if N == 4\n  mov v1, v0\n.endif\n.if N != 4\n  mov v2, v0\n.endif\n",
        "  mov v1, v0\n",
    );
    same(
        ".equ N, 4\n.if N > 2 && N <= 4\n  mov v1, v0\n.else\n  mov v2, v0\n.endif\n",
        "  mov v1, v0\n",
    );
    same(
        ".equ N, 4\n.if N < 2 || !(N >= 8)\n  mov v1, v0\n.endif\n.if !N\n  mov v3, v0\n.endif\n",
        "  mov v1, v0\n",
    );
    same(
        ".equ N, 4\n.if N < 2\n  mov v1, v0\n.elseif N == 4\n  mov v2, v0\n.endif\n",
        "  mov v2, v0\n",
    );
    // A loop unrolled with .set and .if: each .if sees the value set last.
    same(
        ".set K, 1\n.if K == 1\n  mov v1, v0\n.endif\n.set K, K + 1\n.if K == 2\n  mov v2, v0\n.endif\n\
         .if K == 1\n  mov v3, v0\n.endif\n",
        "  mov v1, v0\n  mov v2, v0\n",
    );
    // Inside a macro (the operands see the new value too).
    same(
        ".macro step\n.set I, I + 1\n  mov.vl v1, I\n.endm\n.set I, 0\nstep\nstep\nstep\n",
        "  mov.vl v1, 1\n  mov.vl v1, 2\n  mov.vl v1, 3\n",
    );
    // .equiv refuses a name already defined, naming both places.
    let e = err(".equ N, 1\n.equiv N, 2\n", &[]);
    assert!(
        e.contains("`N` is defined twice") && e.contains("first defined here"),
        "{e}"
    );
    assert!(err(".if 1 <\n.endif\n", &[]).contains(".if: missing value"));
}

#[test]
fn includes_are_relative_and_checked() {
    let lib = ".macro twice r\n  add \\r, \\r, \\r\n  add \\r, \\r, \\r\n.endm\n";
    let u = unit(
        ".include \"lib.inc\"\n  twice v4\n",
        &[("lib.inc", lib)],
        false,
    )
    .unwrap();
    assert_eq!(
        u.code,
        assemble("add v4, v4, v4\nadd v4, v4, v4\n", &Default::default())
            .unwrap()
            .code
    );
    let e = err(
        ".include \"a.inc\"\n",
        &[
            ("a.inc", ".include \"b.inc\"\n"),
            ("b.inc", ".include \"a.inc\"\n"),
        ],
    );
    assert!(e.contains("include cycle: a.inc -> b.inc -> a.inc"), "{e}");
    let e = err(
        ".include \"self.s\"\n",
        &[("self.s", ".include \"self.s\"\n")],
    );
    assert!(e.contains("include cycle"), "{e}");
    let e = err(".include \"gone.inc\"\n", &[]);
    assert!(
        e.contains("cannot include \"gone.inc\": no such file"),
        "{e}"
    );
    let e = assemble(".include \"y\"\n", &AsmOptions::file("x.s"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot include"), "{e}");
}

#[test]
fn include_depth_is_limited() {
    // A file that includes itself under ever new names: the loader makes them up.
    struct Deep;
    impl Loader for Deep {
        fn load(&self, from: &str, _path: &str) -> Result<(String, String), String> {
            Ok((format!("{from}+"), ".include \"next\"\n".into()))
        }
    }
    let e = assemble(
        ".include \"next\"\n",
        &AsmOptions {
            includes: Includes::With(&Deep),
            ..AsmOptions::file("d.s")
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains(".include nested more than 32 deep"), "{e}");
}

#[test]
fn errors_in_macros_name_use_and_definition() {
    let lib = ".macro bad r\n  add \\r, v1, v999\n.endm\n";
    let e = err(".include \"lib.inc\"\n\n  bad v2\n", &[("lib.inc", lib)]);
    assert!(e.contains("lib.inc:2"), "{e}");
    assert!(
        e.contains("in expansion of macro `bad` (defined at lib.inc:1), used at main.s:3"),
        "{e}"
    );
    let e = err(
        "\n.include \"lib.inc\"\n",
        &[("lib.inc", "  mov v1, v1\n  add v1, v1, v999\n")],
    );
    assert!(
        e.contains("lib.inc:2:") && e.contains("included from main.s:2"),
        "{e}"
    );
    let e = err(".macro m a\n.endm\n  m 1, 2\n", &[]);
    assert!(e.contains("macro `m` takes 1 argument, 2 given"), "{e}");
    let e = err(".macro m a\n  m \\a\n.endm\n  m 1\n", &[]);
    assert!(e.contains("nested more than 64 deep"), "{e}");
    let e = err(".macro add a\n.endm\n", &[]);
    assert!(e.contains("would hide an instruction"), "{e}");
    let e = err(".macro m a\n  add \\b, v1, v1\n.endm\n m v1\n", &[]);
    assert!(e.contains("`\\b` is not a parameter here"), "{e}");
    assert!(err(".if 1\n", &[]).contains("has no .endif"));
    assert!(err(".endif\n", &[]).contains(".endif without .if"));
    assert!(err(".macro m\n", &[]).contains("has no .endm"));
    assert!(err(".if nosuch\n.endif\n", &[]).contains(".if: `nosuch` is not defined"));
}

#[test]
fn symbols_kernels_and_relocations() {
    let src = "  .text\n  .globl helper\n  .kernel k\n  jal u60, helper\n  bz u1, done\n  jmp far+8\n  upc u2, table\n  mov.vl v3, far\ndone:\n  .end_kernel\nhelper:\n  .type helper, @function\n  add v1, v1, v1\n  .size helper, . - helper\n  .word ext, 5\n  .dword ext2 + 1\n";
    let u = unit(src, &[], true).unwrap();
    let k = &u.kernels[0];
    assert_eq!((k.name.as_str(), k.offset, k.size), ("k", 0, 24));
    let h = u.symbols.iter().find(|s| s.name == "helper").unwrap();
    assert_eq!(
        (h.offset, h.size, h.kind, h.binding),
        (24, 4, SymKind::Func, Binding::Global)
    );
    let ks = u.symbols.iter().find(|s| s.name == "k").unwrap();
    assert_eq!(
        (ks.kind, ks.binding, ks.size),
        (SymKind::Func, Binding::Global, 24)
    );
    assert!(u.symbols.iter().all(|s| !s.name.starts_with(".L$")));
    let r: Vec<_> = u
        .relocs
        .iter()
        .map(|r| (r.offset, r.kind, r.symbol.as_str(), r.addend))
        .collect();
    assert_eq!(
        r,
        [
            (8, RelocKind::Pc22, "far", 8),
            (12, RelocKind::Pc17, "table", 0),
            (16, RelocKind::K32, "far", 0),
            (28, RelocKind::Abs32, "ext", 0),
            (36, RelocKind::Abs64, "ext2", 1),
        ]
    );
    assert_eq!(u.undefined, ["far", "table", "ext", "ext2"]);
    // Without externals the same references are errors.
    assert!(unit(src, &[], false)
        .unwrap_err()
        .to_string()
        .contains("unknown label or symbol `far`"));
    assert!(err(".kernel a\n.kernel b\n", &[]).contains("starts inside kernel `a`"));
    assert!(err(".kernel a\n", &[]).contains("has no .end_kernel"));
    assert!(err(".data\n", &[]).contains("not supported"));
    assert!(err(".type nope, @function\n", &[]).contains("not defined in this file"));
}

#[test]
fn cpp_line_markers_set_file_and_line() {
    let text =
        "# 1 \"k.S\"\n# 1 \"<built-in>\"\n# 1 \"k.S\"\n\n\n# 5 \"k.S\"\n  add v1, v2, v999\n";
    let e = assemble(
        text,
        &AsmOptions {
            cpp_output: true,
            ..AsmOptions::file("k.S")
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("k.S:5:"), "{e}");
}

#[test]
fn the_options_select_the_front_stage_includes_and_products() {
    let src =
        ".macro two r\n  add \\r, \\r, \\r\n  add \\r, \\r, \\r\n.endm\n.Ltop:\nstart:\n  two v1\n";
    // The default: the text alone, as programs built in memory want it.
    let e = assemble(src, &AsmOptions::default()).unwrap_err();
    let t = assemble(".Ltop:\nstart:\n  laneid v0\n", &AsmOptions::default()).unwrap();
    assert_eq!(
        t.labels,
        [(".Ltop".to_string(), 0), ("start".to_string(), 0)]
    );
    assert!(t.symbols.is_empty());
    assert!(e.to_string().contains("<input>:1:1"), "{e}");
    assert!(
        e.main_file()[0].message.contains("unknown directive"),
        "{e}"
    );
    // The front stage: the macro expands; `labels` keep `.L` names, `symbols` do not.
    let u = assemble(src, &AsmOptions::file("m.s")).unwrap();
    let plain = assemble("add v1, v1, v1\nadd v1, v1, v1\n", &AsmOptions::default()).unwrap();
    assert_eq!(u.code, plain.code);
    assert_eq!(
        u.labels,
        [(".Ltop".to_string(), 0), ("start".to_string(), 0)]
    );
    assert_eq!(u.symbols.len(), 1);
    assert_eq!(u.files, ["m.s"]);
    assert_eq!(u.lines.len(), 2);
    // Without `lines`: no table.
    let u = assemble(
        src,
        &AsmOptions {
            front: true,
            ..AsmOptions::named("m.s")
        },
    )
    .unwrap();
    assert!(u.lines.is_empty() && u.files.is_empty());

    // Includes from disk: beside the including file, then in the search path.
    let dir = tempfile::tempdir().unwrap();
    let (main_dir, inc_dir) = (dir.path().join("src"), dir.path().join("inc"));
    std::fs::create_dir_all(&main_dir).unwrap();
    std::fs::create_dir_all(&inc_dir).unwrap();
    std::fs::write(main_dir.join("near.inc"), ".equ NEAR, 3\n").unwrap();
    std::fs::write(inc_dir.join("far.inc"), ".equ FAR, 4\n").unwrap();
    let name = main_dir.join("main.s").display().to_string();
    let text = ".include \"near.inc\"\n.include \"far.inc\"\n.byte NEAR, FAR\n";
    let beside = AsmOptions {
        includes: Includes::Beside,
        ..AsmOptions::file(&name)
    };
    let e = assemble(text, &beside).unwrap_err().to_string();
    assert!(e.contains("far.inc") && e.contains("does not exist"), "{e}");
    let dirs = [inc_dir.clone()];
    let search = AsmOptions {
        includes: Includes::Search(&dirs),
        ..AsmOptions::file(&name)
    };
    let u = assemble(text, &search).unwrap();
    assert_eq!(u.code, [3, 4]);
    // Includes named but no file around the text: an error that says so.
    let e = assemble(text, &AsmOptions::file(&name))
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot include"), "{e}");
}
