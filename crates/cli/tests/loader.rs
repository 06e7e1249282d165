//! `run` and `debug` load programs with one loader: the same kernel choice, the same
//! refusals, the same entry (examples/multi/all.s: two kernels through `.include`s).

mod common;

use common::{run, run_with};
use std::path::Path;

const MULTI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/multi");

fn multi() -> &'static Path {
    Path::new(MULTI)
}

#[test]
fn run_and_debug_refuse_a_missing_or_unknown_kernel_alike() {
    let several = "all.s has several kernels (axpy, square_plus): choose one with --kernel NAME";
    run(&["run", "all.s"], multi()).fails(1, several);
    run(&["debug", "all.s", "--batch"], multi()).fails(1, several);
    let unknown = "--kernel nope: all.s has no kernel `nope` (it has axpy, square_plus)";
    run(&["run", "all.s", "--kernel", "nope"], multi()).fails(1, unknown);
    run(&["debug", "all.s", "--kernel", "nope", "--batch"], multi()).fails(1, unknown);
}

#[test]
fn debug_kernel_starts_where_run_kernel_does_and_ends_with_its_values() {
    let args = [
        "all.s",
        "--kernel",
        "square_plus",
        "--state",
        "axpy.state.json",
    ];
    let o = run(&[&["run"], &args[..]].concat(), multi());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let state: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let want = state["warps"][0]["v"]["v2"][2]
        .as_str()
        .unwrap()
        .to_string();
    // v0 * v0 + 1 + 3 * v0 in lane 2.
    assert_eq!(want, "0x0000000b");
    let o = run_with(
        &[&["debug"], &args[..], &["--batch"]].concat(),
        multi(),
        b"info warps\nc\np/x v2[2]\n",
    );
    assert_eq!(o.code, 0, "{}\n{}", o.text(), o.stderr);
    let text = o.text();
    let first = text.lines().find(|l| l.starts_with("* 0")).unwrap();
    assert!(!first.contains("0x00000000"), "not at 0: {first}");
    assert!(text.contains(&format!("v2[2] = {want} (11)")), "{text}");
}
