//! Code objects from the command line: `asm -f elf`, `link`, and every reader taking ELF;
//! the files checked with binutils' readelf (and LLVM's when installed).

mod common;

use common::warpkit;
use std::path::{Path, PathBuf};
use std::process::Command;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

#[track_caller]
fn ok(args: &[&str], dir: &Path) -> String {
    let (code, out, err) = warpkit(args, dir);
    assert_eq!(code, 0, "warpkit {args:?}: {err}");
    out
}

/// `readelf -a` (and `llvm-readelf -a` where there is one) read the file and warn of
/// nothing; the text of `readelf -a` and of the line dump come back.
fn readelf(file: &Path) -> (String, String) {
    let mut all = String::new();
    for tool in ["readelf", "llvm-readelf"] {
        let out = match Command::new(tool).arg("-a").arg("-W").arg(file).output() {
            Ok(o) => o,
            Err(_) if tool == "llvm-readelf" => continue,
            Err(e) => panic!("readelf (binutils) is needed: {e}"),
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && err.is_empty(),
            "{tool} {file:?}: {err}"
        );
        if tool == "readelf" {
            all = String::from_utf8_lossy(&out.stdout).into_owned();
        }
    }
    let out = Command::new("readelf")
        .arg("--debug-dump=line")
        .arg(file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.is_empty(), "readelf --debug-dump=line {file:?}: {err}");
    (all, String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `run` of the assembly, of its object and of the object linked alone print the same.
fn same_runs(dir: &Path, src: &str, state: Option<&str>) {
    let stem = Path::new(src).file_stem().unwrap().to_str().unwrap();
    let obj = format!("{stem}.o");
    let elf = format!("{stem}.elf");
    ok(&["asm", "-f", "elf", src, "-o", &obj], dir);
    ok(&["link", &obj, "-o", &elf], dir);
    let mut want = None;
    for prog in [src, obj.as_str(), elf.as_str()] {
        let mut args = vec!["run", prog];
        if let Some(s) = state {
            args.extend(["--state", s]);
        }
        let out = ok(&args, dir);
        match &want {
            None => want = Some(out),
            Some(w) => assert_eq!(&out, w, "run {prog} differs from run {src}"),
        }
    }
    for f in [&obj, &elf] {
        let (text, lines) = readelf(&dir.join(f));
        assert!(
            text.contains("Machine:                           <unknown>: 0x574b"),
            "{text}"
        );
        assert!(
            text.contains("Displaying notes found in: .note.warpkit"),
            "{text}"
        );
        assert!(lines.contains(&format!("{stem}.s")), "{lines}");
    }
}

#[test]
fn every_example_runs_the_same_from_source_object_and_linked_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut n = 0;
    for e in std::fs::read_dir(examples()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "s") {
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            std::fs::copy(&p, dir.path().join(&name)).unwrap();
            let state = p.with_extension("state.json");
            let st = state.exists().then(|| {
                std::fs::copy(&state, dir.path().join("st.json")).unwrap();
                "st.json"
            });
            same_runs(dir.path(), &name, st);
            n += 1;
        }
    }
    assert!(n >= 4);
}

#[test]
fn generated_programs_run_the_same_from_source_object_and_linked_file() {
    let dir = tempfile::tempdir().unwrap();
    ok(
        &["gen", "--seed", "7", "--count", "12", "-o", "g"],
        dir.path(),
    );
    let gdir = dir.path().join("g");
    let mut n = 0;
    for e in std::fs::read_dir(&gdir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "s") {
            let stem = p.file_stem().unwrap().to_str().unwrap().to_string();
            let st = format!("{stem}.state.json");
            same_runs(&gdir, &format!("{stem}.s"), Some(&st));
            n += 1;
        }
    }
    assert_eq!(n, 12);
}

#[test]
fn objects_show_symbols_relocations_notes_and_lines_in_readelf() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for f in [
        "macros.inc",
        "helper.s",
        "kernels.s",
        "all.s",
        "axpy.state.json",
    ] {
        std::fs::copy(examples().join("multi").join(f), d.join(f)).unwrap();
    }
    ok(&["asm", "-f", "elf", "kernels.s"], d);
    ok(&["asm", "-f", "elf", "helper.s"], d);
    ok(&["link", "kernels.o", "helper.o", "-o", "prog.elf"], d);
    let (k, klines) = readelf(&d.join("kernels.o"));
    for want in [
        "REL (Relocatable file)",
        "FUNC    GLOBAL DEFAULT    1 axpy",
        "FUNC    GLOBAL DEFAULT    1 square_plus",
        "NOTYPE  GLOBAL DEFAULT  UND mul_add",
        "NOTYPE  GLOBAL DEFAULT  UND _end",
        "Relocation section '.rela.text'",
        "mul_add + 0",
        "Flags:                             0x1",
    ] {
        assert!(k.contains(want), "missing {want:?} in\n{k}");
    }
    // The kernels' lines, and the macro uses standing for their expansions.
    assert!(klines.contains("kernels.s"), "{klines}");
    let (p, plines) = readelf(&d.join("prog.elf"));
    for want in [
        "EXEC (Executable file)",
        "LOAD",
        "FUNC    GLOBAL DEFAULT    1 mul_add",
        "NOTYPE  GLOBAL DEFAULT    1 _end",
        "There are no relocations in this file.",
    ] {
        assert!(p.contains(want), "missing {want:?} in\n{p}");
    }
    assert!(
        plines.contains("kernels.s") && plines.contains("helper.s"),
        "{plines}"
    );
}

#[test]
fn the_multi_file_example_links_to_the_single_file_program() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for f in [
        "macros.inc",
        "helper.s",
        "kernels.s",
        "all.s",
        "axpy.state.json",
    ] {
        std::fs::copy(examples().join("multi").join(f), d.join(f)).unwrap();
    }
    ok(&["asm", "-f", "elf", "kernels.s"], d);
    ok(&["asm", "-f", "elf", "helper.s"], d);
    ok(
        &[
            "link",
            "kernels.o",
            "helper.o",
            "-o",
            "prog.elf",
            "--entry",
            "square_plus",
        ],
        d,
    );
    ok(&["asm", "all.s", "-o", "all.bin"], d);
    ok(&["asm", "-f", "elf", "all.s", "-o", "all.o"], d);
    let linked =
        warpkit_object::read("prog.elf", &std::fs::read(d.join("prog.elf")).unwrap()).unwrap();
    assert_eq!(linked.code, std::fs::read(d.join("all.bin")).unwrap());
    let k = linked.kernel("axpy").unwrap();
    // v0..v3 and the argument u0; the helper's registers count (it is called).
    assert_eq!((k.vgprs, k.uniform_args), (4, 1));
    assert_eq!(linked.entry, linked.kernel("square_plus").unwrap().offset);
    for kernel in ["axpy", "square_plus"] {
        let a = ok(
            &[
                "run",
                "prog.elf",
                "--kernel",
                kernel,
                "--state",
                "axpy.state.json",
            ],
            d,
        );
        let b = ok(
            &[
                "run",
                "all.o",
                "--kernel",
                kernel,
                "--state",
                "axpy.state.json",
            ],
            d,
        );
        let c = ok(
            &[
                "run",
                "all.s",
                "--kernel",
                kernel,
                "--state",
                "axpy.state.json",
            ],
            d,
        );
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert!(a.matches("\"exited\"").count() == 2, "{a}");
    }
    // axpy: v2 = 5 * v0 + v1 on warp 0 (lane 3: 5 * 3 + 103).
    let a = ok(
        &[
            "run",
            "prog.elf",
            "--kernel",
            "axpy",
            "--state",
            "axpy.state.json",
            "--regs",
            "v2",
            "--warps",
            "0",
        ],
        d,
    );
    assert!(
        a.contains("\"0x00000064\", \"0x0000006a\", \"0x00000070\", \"0x00000076\""),
        "{a}"
    );
    // The entry kernel when none is named; timing reads ELF too.
    let e = ok(&["run", "prog.elf", "--state", "axpy.state.json"], d);
    let s = ok(
        &[
            "run",
            "prog.elf",
            "--kernel",
            "square_plus",
            "--state",
            "axpy.state.json",
        ],
        d,
    );
    assert_eq!(e, s);
    let t = ok(
        &[
            "timing",
            "prog.elf",
            "--kernel",
            "axpy",
            "--state",
            "axpy.state.json",
        ],
        d,
    );
    assert!(t.contains("cycles"), "{t}");
    // Disassembly of the linked file (symbols as labels) assembles to the same code.
    let text = ok(&["disasm", "prog.elf"], d);
    assert!(
        text.contains("jal u62, mul_add") && text.contains("jmp _end"),
        "{text}"
    );
    std::fs::write(d.join("re.s"), &text).unwrap();
    ok(&["asm", "re.s", "-o", "re.bin"], d);
    assert_eq!(std::fs::read(d.join("re.bin")).unwrap(), linked.code);
    // --source interleaves the source lines.
    let src = ok(&["disasm", "--source", "prog.elf"], d);
    assert!(
        src.contains("; helper.s:") && src.contains("madd    v2, v3, v0, v1"),
        "{src}"
    );
    assert!(
        src.contains("; kernels.s:") && src.contains("call    mul_add"),
        "{src}"
    );
}

#[test]
fn link_and_launch_errors_are_clear() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for f in ["macros.inc", "helper.s", "kernels.s", "axpy.state.json"] {
        std::fs::copy(examples().join("multi").join(f), d.join(f)).unwrap();
    }
    ok(&["asm", "-f", "elf", "kernels.s"], d);
    ok(&["asm", "-f", "elf", "helper.s"], d);
    let (c, _, err) = warpkit(&["link", "kernels.o", "-o", "x.elf"], d);
    assert_eq!(c, 1);
    assert!(
        err.contains("undefined symbol `mul_add`, referenced by kernels.o"),
        "{err}"
    );
    assert!(!d.join("x.elf").exists());
    let (c, _, err) = warpkit(
        &["link", "kernels.o", "helper.o", "helper.o", "-o", "x.elf"],
        d,
    );
    assert_eq!(c, 1);
    assert!(
        err.contains("duplicate symbol `mul_add`: defined in helper.o and in helper.o"),
        "{err}"
    );
    // A branch too far for its field.
    std::fs::write(d.join("far.s"), ".globl far\n  bz u1, far\n").unwrap();
    std::fs::write(d.join("pad.s"), ".globl far\n.dword 0\n.align 4096\n.irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17\n.align 4096\n.word 0\n.endr\nfar:\n").unwrap();
    ok(&["asm", "-f", "elf", "far.s"], d);
    ok(&["asm", "-f", "elf", "pad.s"], d);
    let (c, _, err) = warpkit(&["link", "far.o", "pad.o", "-o", "x.elf"], d);
    assert_eq!(c, 1);
    assert!(
        err.contains("R_WARPKIT_PC17 at .text+0x0 against `far`: relocation overflow"),
        "{err}"
    );
    // A kernel that needs more vector registers than a warp has.
    ok(&["link", "kernels.o", "helper.o", "-o", "p.elf"], d);
    std::fs::write(
        d.join("few.json"),
        r#"{"warps": [{"vgprs": 8}, {"vgprs": 3}]}"#,
    )
    .unwrap();
    let (c, _, err) = warpkit(
        &["run", "p.elf", "--kernel", "axpy", "--state", "few.json"],
        d,
    );
    assert_eq!(c, 1);
    assert!(
        err.contains(
            "warp 1 has vgprs 3 but kernel `axpy` uses registers up to v3 (it needs vgprs >= 4)"
        ),
        "{err}"
    );
    // A macro use whose expansion names an undefined symbol: both places are named.
    let (c, _, err) = warpkit(&["run", "kernels.s", "--kernel", "axpy"], d);
    assert_eq!(c, 1);
    assert!(
        err.contains("unknown label or symbol `mul_add`") && err.contains("macros.inc:8:"),
        "{err}"
    );
    assert!(
        err.contains(
            "in expansion of macro `call` (defined at macros.inc:7), used at kernels.s:11"
        ),
        "{err}"
    );
    // Objects with relocations left, and kernels that are not there.
    let (c, _, err) = warpkit(&["run", "kernels.o", "--kernel", "axpy"], d);
    assert_eq!(c, 1);
    assert!(
        err.contains("unresolved relocations") && err.contains("warpkit link"),
        "{err}"
    );
    let (c, _, err) = warpkit(&["run", "p.elf", "--kernel", "nope"], d);
    assert_eq!(c, 1);
    assert!(
        err.contains("no kernel `nope` (it has axpy, square_plus)"),
        "{err}"
    );
    std::fs::copy(examples().join("multi/all.s"), d.join("all.s")).unwrap();
    let (c, _, err) = warpkit(&["run", "all.s"], d);
    assert_eq!(c, 1);
    assert!(
        err.contains("several kernels (axpy, square_plus): choose one with --kernel"),
        "{err}"
    );
    // Corrupt input: truncated, another machine.
    let elf = std::fs::read(d.join("p.elf")).unwrap();
    std::fs::write(d.join("cut.elf"), &elf[..elf.len() - 10]).unwrap();
    let (c, _, err) = warpkit(&["run", "cut.elf"], d);
    assert_eq!(c, 1);
    assert!(
        err.contains("section header table") && err.contains("past the end"),
        "{err}"
    );
    let mut other = elf.clone();
    other[18..20].copy_from_slice(&62u16.to_le_bytes());
    std::fs::write(d.join("x86.elf"), &other).unwrap();
    let (c, _, err) = warpkit(&["disasm", "x86.elf"], d);
    assert_eq!(c, 1);
    assert!(err.contains("e_machine is 0x3e (x86-64)"), "{err}");
}

#[test]
fn linking_against_a_local_definition_names_the_object_and_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("a.s"),
        ".kernel k\n  jal u62, helper\n  .end_kernel\n",
    )
    .unwrap();
    std::fs::write(d.join("b.s"), "helper:\n  jr u62, 0\n").unwrap();
    ok(&["asm", "-f", "elf", "a.s"], d);
    ok(&["asm", "-f", "elf", "b.s"], d);
    let (c, _, err) = warpkit(&["link", "a.o", "b.o", "-o", "x.elf"], d);
    assert_eq!(c, 1);
    assert!(
        err.contains("undefined symbol `helper`, referenced by a.o")
            && err.contains("b.o defines `helper` as a local symbol (add `.globl helper` there)"),
        "{err}"
    );
    assert!(!d.join("x.elf").exists());
}

#[test]
fn includes_macros_and_cpp_from_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("inc")).unwrap();
    std::fs::write(d.join("inc/a.inc"), ".include \"b.inc\"\n").unwrap();
    std::fs::write(d.join("inc/b.inc"), "  add v1, v1, v999\n").unwrap();
    std::fs::write(d.join("m.s"), "\n.include \"inc/a.inc\"\n").unwrap();
    let (c, _, err) = warpkit(&["asm", "m.s"], d);
    assert_eq!(c, 1);
    // Relative to the including file: inc/a.inc includes inc/b.inc.
    assert!(
        err.contains("inc/b.inc:1:") && err.contains("included from inc/a.inc:1"),
        "{err}"
    );
    assert!(err.contains("included from m.s:2"), "{err}");
    std::fs::write(d.join("cyc.s"), ".include \"cyc.s\"\n").unwrap();
    let (c, _, err) = warpkit(&["asm", "cyc.s"], d);
    assert_eq!(c, 1);
    assert!(err.contains("include cycle: cyc.s -> cyc.s"), "{err}");
    if Command::new("cpp").arg("--version").output().is_ok() {
        std::fs::write(
            d.join("k.S"),
            "#define DST v1\n#define TWICE(r) add r, r, r\n  TWICE(DST)\n  mov DST, v999\n",
        )
        .unwrap();
        let (c, _, err) = warpkit(&["asm", "k.S"], d);
        assert_eq!(c, 1);
        assert!(err.contains("k.S:4:"), "{err}");
        std::fs::write(
            d.join("k.S"),
            "#define DST v1\n#define TWICE(r) add r, r, r\n  TWICE(DST)\n",
        )
        .unwrap();
        ok(&["asm", "k.S", "-o", "k.bin"], d);
        let want = warpkit_asm::assemble("add v1, v1, v1\n", &Default::default())
            .unwrap()
            .code;
        assert_eq!(std::fs::read(d.join("k.bin")).unwrap(), want);
    }
}

/// `warpkit debug` on a linked file: positions, breakpoints and backtraces in the source
/// lines of its line table, in both objects' files.
#[test]
fn the_debugger_shows_source_lines_of_a_linked_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ex = examples().join("multi");
    for f in ["kernels.s", "helper.s", "macros.inc", "axpy.state.json"] {
        std::fs::copy(ex.join(f), d.join(f)).unwrap();
    }
    ok(&["asm", "-f", "elf", "kernels.s", "-o", "kernels.o"], d);
    ok(&["asm", "-f", "elf", "helper.s", "-o", "helper.o"], d);
    ok(&["link", "kernels.o", "helper.o", "-o", "prog.elf"], d);
    std::fs::write(d.join("cmds"), "info line\nstep\nstep\ninfo line\nbt\n").unwrap();
    let out = ok(
        &[
            "debug",
            "prog.elf",
            "--state",
            "axpy.state.json",
            "--batch",
            "-x",
            "cmds",
        ],
        d,
    );
    assert!(out.contains("is in kernels.s:10"), "{out}");
    assert!(out.contains("helper.s:"), "{out}");
    assert!(
        out.contains("kernels.s:11"),
        "the caller's line in the backtrace: {out}"
    );
}
