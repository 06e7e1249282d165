//! The C examples (examples/c), compiled with plain `cc` against include/warpkit.h and the
//! library this test was built with (static and shared): `run_state` prints exactly what
//! `warpkit run` prints, its instruction mix (found with the MATCH_/MASK_ table of
//! warpkit_encoding.h) equals the model's decoded mnemonics, and `cosim_check` matches every
//! retirement and names an injected error.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use warpkit_sim::{run_state, Sim, DEFAULT_MAX_STEPS};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Where cargo put libwarpkit.a / libwarpkit.so for this test (deps/, or the profile dir).
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap().to_path_buf();
    for d in [deps.clone(), deps.parent().unwrap().to_path_buf()] {
        if d.join("libwarpkit.a").exists() && d.join("libwarpkit.so").exists() {
            return d;
        }
    }
    panic!(
        "libwarpkit.a / libwarpkit.so not found near {}",
        deps.display()
    );
}

struct Built {
    dir: tempfile::TempDir,
}

impl Built {
    fn exe(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
}

/// Compile both examples, each linked statically (`NAME`) and dynamically (`NAME-so`).
fn build() -> Built {
    let dir = tempfile::tempdir().unwrap();
    let lib = lib_dir();
    for name in ["run_state", "cosim_check"] {
        let src = root().join(format!("examples/c/{name}.c"));
        let common = |c: &mut Command| {
            c.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
                .arg(root().join("crates/capi/include"))
                .arg(&src);
        };
        let mut st = Command::new("cc");
        common(&mut st);
        st.arg(lib.join("libwarpkit.a"))
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(dir.path().join(name));
        let mut dy = Command::new("cc");
        common(&mut dy);
        dy.arg("-L")
            .arg(&lib)
            .arg(format!("-Wl,-rpath,{}", lib.display()))
            .args(["-lwarpkit", "-o"])
            .arg(dir.path().join(format!("{name}-so")));
        for mut c in [st, dy] {
            let out = c
                .output()
                .expect("run cc (a C compiler is needed for this test)");
            assert!(
                out.status.success(),
                "{c:?} failed:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    Built { dir }
}

/// An example program: name, machine code file, state file if any, code, state text.
type Example = (String, PathBuf, Option<PathBuf>, Vec<u8>, String);

/// Every example program, its machine code written to `dir`.
fn examples(dir: &Path) -> Vec<Example> {
    let mut out = Vec::new();
    for sub in ["examples", "examples/cosim/programs"] {
        let mut names: Vec<PathBuf> = std::fs::read_dir(root().join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "s"))
            .collect();
        names.sort();
        for p in names {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let src = std::fs::read_to_string(&p).unwrap();
            let code = warpkit_asm::assemble(&src, &warpkit_asm::AsmOptions::named(&name))
                .unwrap()
                .code;
            let bin = dir.join(format!("{name}.bin"));
            std::fs::write(&bin, &code).unwrap();
            let st = p.with_file_name(format!("{name}.state.json"));
            let text = std::fs::read_to_string(&st).unwrap_or_else(|_| "{}".into());
            out.push((name, bin, st.exists().then_some(st), code, text));
        }
    }
    assert!(out.len() >= 4);
    out
}

fn run(exe: &Path, args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    // The tier compiles every block it reaches (the examples are too short to get hot).
    let o = Command::new(exe)
        .args(args)
        .env("WARPKIT_JIT_HOT", "1")
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

/// The mix line `run_state` prints for warp `w`, from the model's own decoding.
fn model_mix(code: &[u8], state: &str) -> Vec<String> {
    let mut sim = Sim::new(code, state).unwrap();
    let mut per_warp: Vec<BTreeMap<&'static str, u64>> = vec![BTreeMap::new(); sim.num_warps()];
    let mut retired = vec![0u64; sim.num_warps()];
    sim.run_logged(DEFAULT_MAX_STEPS, &mut |w, c| {
        *per_warp[w].entry(c.inst.desc().mnemonic).or_default() += 1;
        retired[w] += 1;
    });
    per_warp
        .iter()
        .zip(&retired)
        .map(|(m, n)| {
            let mut v: Vec<String> = m.iter().map(|(k, n)| format!("{k}={n}")).collect();
            v.sort();
            format!("{n} retired: {}", v.join(" "))
        })
        .collect()
}

#[test]
fn run_state_prints_what_warpkit_run_prints() {
    let b = build();
    for (name, bin, st, code, state) in examples(b.dir.path()) {
        let want = run_state(&code, &state, DEFAULT_MAX_STEPS, None).unwrap() + "\n";
        let mix = model_mix(&code, &state);
        // Run both ways: the engine is the C host's choice (wk_sim_set_engine).
        let mut runs: Vec<&[&str]> = vec![&[], &["--run"], &["--run", "--engine", "interp"]];
        warpkit_ui::load::register_engines();
        if warpkit_sim::tier_available() {
            runs.push(&["--run", "--engine", "jit"]);
        }
        for exe in ["run_state", "run_state-so"] {
            for flags in &runs {
                let mut args: Vec<&std::ffi::OsStr> = vec![bin.as_os_str()];
                if let Some(s) = &st {
                    args.push(s.as_os_str());
                }
                args.extend(flags.iter().map(std::ffi::OsStr::new));
                let (code, out, err) = run(&b.exe(exe), &args);
                assert_eq!(code, 0, "{name} {exe} {flags:?}: {err}");
                assert!(out == want, "{name} {exe} {flags:?}: output differs");
                if flags.is_empty() {
                    // The mix, in the table's order there, sorted here.
                    let got: Vec<String> = err
                        .lines()
                        .map(|l| {
                            let (_, rest) = l.split_once(": ").unwrap();
                            let (n, list) = rest.split_once(':').unwrap();
                            let mut v: Vec<&str> = list.split_whitespace().collect();
                            v.sort();
                            format!("{n}: {}", v.join(" "))
                        })
                        .collect();
                    assert_eq!(got, mix, "{name}: instruction mix by MATCH/MASK");
                }
            }
        }
    }
}

#[test]
fn cosim_check_matches_the_model_and_names_an_injected_error() {
    let b = build();
    for (name, bin, st, code, state) in examples(b.dir.path()) {
        let mut n = 0u64;
        Sim::new(&code, &state)
            .unwrap()
            .run_logged(DEFAULT_MAX_STEPS, &mut |_, _| n += 1);
        let faults = run_state(&code, &state, DEFAULT_MAX_STEPS, None)
            .unwrap()
            .matches("\"status\": \"faulted\"")
            .count() as u64;
        let mut args: Vec<&std::ffi::OsStr> = vec![bin.as_os_str()];
        if let Some(s) = &st {
            args.push(s.as_os_str());
        }
        let (code, out, err) = run(&b.exe("cosim_check"), &args);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert_eq!(out, format!("{} retirements match\n", n + faults), "{name}");
    }
    let bin = b.dir.path().join("loop_bexecz.bin");
    let st = root().join("examples/loop_bexecz.state.json");
    for exe in ["cosim_check", "cosim_check-so"] {
        let (code, out, _) = run(
            &b.exe(exe),
            &[
                bin.as_os_str(),
                st.as_os_str(),
                "--flip".as_ref(),
                "7".as_ref(),
                "5".as_ref(),
            ],
        );
        assert_eq!(code, 1);
        assert_eq!(
            out,
            "warp 0 step 7 pc 0x0000001c (add.vi v1, v1, -1): v1 lane 5: \
             expected 0x00000004, got 0x00010004\n"
        );
    }
}
