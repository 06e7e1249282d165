//! The one loader: assembly with includes read beside the file, the kernel choice and its
//! refusals, the launch check, and the two things it gives the fronts (a `Sim`, the
//! debugger's target and state); and the ELF crate it reads through stays a pure ELF crate.

use std::path::Path;
use warpkit_ui::load::{load_program, LoadOptions, LoadedProgram, ProgramFormat, Sources};

const MAIN: &str = "\
    .kernel first
    mov.vl v1, 1
    jmp _end
    .end_kernel
    .kernel second
.include \"inc.s\"
    mov.vl v5, 5
    jmp _end
    .end_kernel
_end:
";

const INC: &str = "\
; the second kernel's first instruction
    add.vi v2, v2, 1
";

fn load(dir: &Path, kernel: Option<&str>) -> Result<LoadedProgram, String> {
    let path = dir.join("main.s");
    let opts = LoadOptions {
        kernel: kernel.map(str::to_string),
        ..LoadOptions::default()
    };
    // The name is the path as given (as the command line names it): includes are found
    // beside it.
    load_program(
        path.to_str().unwrap(),
        std::fs::read(&path).unwrap(),
        Some(&path),
        ProgramFormat::Auto,
        &opts,
    )
    .map_err(|e| e.to_string())
}

fn files() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("main.s"), MAIN).unwrap();
    std::fs::write(d.path().join("inc.s"), INC).unwrap();
    d
}

#[test]
fn the_kernel_is_chosen_or_the_choice_refused() {
    let d = files();
    let main = d.path().join("main.s");
    let main = main.display();
    let e = load(d.path(), None).unwrap_err();
    assert_eq!(
        e,
        format!("{main} has several kernels (first, second): choose one with --kernel NAME")
    );
    let e = load(d.path(), Some("third")).unwrap_err();
    assert_eq!(
        e,
        format!("--kernel third: {main} has no kernel `third` (it has first, second)")
    );
    let p = load(d.path(), Some("second")).unwrap();
    assert_eq!(p.format, ProgramFormat::Asm);

    // Raw code has no kernels to choose from.
    let e = load_program(
        "k.bin",
        vec![0; 8],
        None,
        ProgramFormat::Auto,
        &LoadOptions {
            kernel: Some("k".into()),
            ..LoadOptions::default()
        },
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "--kernel k: k.bin is raw machine code, which has no kernels"
    );
}

#[test]
fn a_sim_and_a_debuggee_start_at_the_kernel() {
    let d = files();
    let p = load(d.path(), Some("second")).unwrap();
    let mut sim = p.sim("{}").unwrap();
    assert_eq!(sim.warp(0).unwrap().pc(), 12);
    sim.run(100);
    let w = sim.warp(0).unwrap();
    assert_eq!(
        (w.vregs()[2][0], w.vregs()[5][0], w.vregs()[1][0]),
        (1, 5, 0)
    );

    let (target, state) = p.debuggee(Vec::new(), Sources::Disk, "{}").unwrap();
    let launch = warpkit_sim::state::parse_state(&state).unwrap();
    assert_eq!(launch.warps[0].pc(), 12, "{state}");
    assert_eq!(target.label("second"), Some(12));
    // The included instruction is on the include's line; the files are read from disk.
    let at = target.lines.line_of(12).unwrap();
    assert!(at.file.ends_with("inc.s"), "{}:{}", at.file, at.line);
    assert_eq!(at.line, 2);
    assert_eq!(
        target.source_line(at.file, at.line).map(str::trim),
        Some("add.vi v2, v2, 1")
    );
    // Given sources only: nothing read from disk.
    let (t, _) = p.debuggee(Vec::new(), Sources::Given, "{}").unwrap();
    assert!(t.sources.is_empty());
}

#[test]
fn a_program_at_zero_keeps_its_state_file_as_it_is() {
    let p = load_program(
        "p.s",
        b"mov.vl v1, 1\n".to_vec(),
        None,
        ProgramFormat::Asm,
        &LoadOptions::default(),
    )
    .unwrap();
    let state = r#"{"exec": "0x0000ffff"}"#;
    assert_eq!(p.debug_state(state).unwrap(), state);
}

#[test]
fn a_launch_short_of_the_kernels_registers_is_refused() {
    let d = files();
    let p = load(d.path(), Some("second")).unwrap();
    let e = p.sim(r#"{"vgprs": 4}"#).err().unwrap();
    assert!(
        e.contains("warp 0 has vgprs 4 but kernel `second` uses registers up to v5"),
        "{e}"
    );
    assert_eq!(p.debug_state(r#"{"vgprs": 4}"#).unwrap_err(), e);
}

/// `warpkit-object` reads and writes ELF and links; running a program is this crate's.
#[test]
fn the_elf_crate_does_not_depend_on_the_simulator() {
    let toml =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../object/Cargo.toml"))
            .unwrap();
    let deps = toml
        .split("[dependencies]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap();
    for engine in ["warpkit-sim", "warpkit-debug", "warpkit-timing"] {
        assert!(!deps.contains(engine), "warpkit-object depends on {engine}");
    }
}
