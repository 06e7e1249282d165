//! `warpkit run --engine`: the default is the compiling tier where the host runs it (and
//! what WARPKIT_ENGINE says), both engines print the same state, `--jit-stats` says which
//! ran, and a bad WARPKIT_ENGINE is named without stopping the run.

mod common;

use common::{cmd, Out};
use std::path::Path;

/// A loop whose trip count is `u1`; `v2` accumulates lane ids.
const LOOP: &str = "loop:\n  uaddi u1, u1, -1\n  add v2, v2, v1\n  laneid v1\n  bnz u1, loop\n";
const STATE: &str =
    r#"{"warps": [{"u": {"u1": 100000}}, {"u": {"u1": 40000}, "exec": "0x0000ffff"}]}"#;

/// `warpkit run p.s --state s.json --jit-stats` and `extra`, with WARPKIT_ENGINE set to
/// `env` (or unset).
fn run(d: &Path, env: Option<&str>, extra: &[&str]) -> Out {
    let mut args = vec!["run", "p.s", "--state", "s.json", "--jit-stats"];
    args.extend_from_slice(extra);
    let mut c = cmd(&args, d);
    c.env_remove("WARPKIT_ENGINE").env_remove("WARPKIT_JIT_HOT");
    if let Some(e) = env {
        c.env("WARPKIT_ENGINE", e);
    }
    let o = c.output().expect("run warpkit");
    Out {
        code: o.status.code().unwrap_or(-1),
        stdout: o.stdout,
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

fn dir() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("p.s"), LOOP).unwrap();
    std::fs::write(d.path().join("s.json"), STATE).unwrap();
    d
}

#[test]
fn the_default_is_the_tier_where_the_host_runs_it_and_both_print_the_same_state() {
    let d = dir();
    let interp = run(d.path(), None, &["--engine", "interp"]);
    assert_eq!(interp.code, 0, "{}", interp.stderr);
    assert!(
        interp.stderr.contains("jit: not used (--engine interp)"),
        "{}",
        interp.stderr
    );
    let default = run(d.path(), None, &[]);
    assert_eq!(default.code, 0, "{}", default.stderr);
    assert_eq!(default.stdout, interp.stdout);
    let by_env = run(d.path(), Some("interp"), &[]);
    assert_eq!(by_env.stdout, interp.stdout);
    assert!(by_env.stderr.contains("jit: not used"), "{}", by_env.stderr);
    if warpkit_jit::supported() {
        // 560,000 instructions: past the first compile's warm-up (200,000) the loop gets
        // hot and runs compiled.
        assert!(
            default.stderr.contains("1 blocks compiled"),
            "{}",
            default.stderr
        );
        let jit = run(d.path(), Some("interp"), &["--engine", "jit"]);
        assert_eq!(jit.code, 0, "{}", jit.stderr);
        assert_eq!(jit.stdout, interp.stdout);
        assert!(jit.stderr.contains("retired compiled"), "{}", jit.stderr);
        // A traced run gives the same state (its traced warps interpret).
        let traced = run(d.path(), None, &["--engine", "jit", "--trace", "t.jsonl"]);
        assert_eq!(traced.stdout, interp.stdout, "{}", traced.stderr);
    } else {
        assert!(
            default.stderr.contains("jit: not used"),
            "{}",
            default.stderr
        );
        let jit = run(d.path(), None, &["--engine", "jit"]);
        jit.fails(1, "not available");
    }
}

#[test]
fn a_bad_warpkit_engine_is_named_and_the_default_kept() {
    let d = dir();
    let o = run(d.path(), Some("fast"), &[]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stderr
            .contains("WARPKIT_ENGINE: unknown engine `fast` (expected `jit` or `interp`)"),
        "{}",
        o.stderr
    );
    assert_eq!(
        o.stdout,
        run(d.path(), None, &["--engine", "interp"]).stdout
    );
}

#[test]
fn help_says_the_default() {
    let o = cmd(&["run", "--help"], Path::new(".")).output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("Default: jit where the host supports it, interp otherwise"),
        "{text}"
    );
}
