//! The reducer with in-process tests: results are small, still interesting and
//! deterministic; bad inputs are errors.

mod common;

use serde_json::Value;
use warpkit_asm::assemble;
use warpkit_gen::shrink::{shrink, Options, Reduced};
use warpkit_gen::{GenConfig, Generator};
use warpkit_sim::run_state;

fn final_state(program: &str, state: &str) -> Option<Value> {
    let code = assemble(program, &Default::default()).ok()?.code;
    serde_json::from_str(&run_state(&code, state, 1_000_000, None).ok()?).ok()
}

fn fflags0(v: &Value) -> u64 {
    u64::from_str_radix(
        v["warps"][0]["fflags"]
            .as_str()
            .unwrap()
            .trim_start_matches("0x"),
        16,
    )
    .unwrap()
}

fn overflow(p: &str, s: &str) -> Result<bool, String> {
    Ok(final_state(p, s).is_some_and(|v| fflags0(&v) & 4 != 0))
}

fn reduce(p: &str, s: &str, f: fn(&str, &str) -> Result<bool, String>) -> Result<Reduced, String> {
    let mut oracle = f;
    shrink(
        p,
        s,
        &mut oracle,
        Options {
            max_steps: 1_000_000,
            progress: None,
        },
    )
}

#[test]
fn an_overflow_reduces_to_at_most_three_instructions_the_same_way_twice() {
    let mut g = Generator::new(GenConfig::default()).unwrap();
    let p = (0..50)
        .map(|i| g.generate(5, i))
        .find(|p| {
            let start: Value = serde_json::from_str(&p.state).unwrap();
            start["warps"][0]["fflags"] == "0x00000000" && overflow(&p.text, &p.state).unwrap()
        })
        .expect("a generated program that raises OF");
    let r = reduce(&p.text, &p.state, overflow).unwrap();
    assert!(r.after.instructions <= 3, "{}", r.program);
    assert!(r.after.instructions < r.before.instructions);
    assert!(overflow(&r.program, &r.state).unwrap());
    let again = reduce(&p.text, &p.state, overflow).unwrap();
    assert_eq!(
        (again.program, again.state, again.tests),
        (r.program, r.state, r.tests)
    );
}

#[test]
fn a_fault_reduces_to_the_faulting_word() {
    let mut g = Generator::new(GenConfig {
        faults: true,
        ..GenConfig::default()
    })
    .unwrap();
    let p = (0..50)
        .map(|i| g.generate(6, i))
        .find(|p| p.fault.is_some())
        .unwrap();
    fn faults(p: &str, s: &str) -> Result<bool, String> {
        Ok(final_state(p, s).is_some_and(|v| v["warps"][0]["fault"]["cause"] == 1))
    }
    let r = reduce(&p.text, &p.state, faults).unwrap();
    assert_eq!(r.after.instructions, 1, "{}", r.program);
    assert_eq!(r.after.warps, 1);
}

#[test]
fn bad_inputs_are_errors() {
    let yes = |_: &str, _: &str| Ok(true);
    let no = |_: &str, _: &str| Ok(false);
    let e = reduce("add v1, v2", "{}", yes).err().unwrap();
    assert!(e.contains("does not assemble"), "{e}");
    let e = reduce("top:\n jmp top\n", "{}", yes).err().unwrap();
    assert!(e.contains("does not stop"), "{e}");
    let e = reduce("add v1, v2, v3\n", "{}", no).err().unwrap();
    assert!(e.contains("not interesting"), "{e}");
    let e = reduce("add v1, v2, v3\n", "{\"warps\": 3}", yes)
        .err()
        .unwrap();
    assert!(e.contains("warps"), "{e}");
    let e = reduce("add v1, v2, v3\n", "{", yes).err().unwrap();
    assert!(e.contains("JSON"), "{e}");
    let failing = |_: &str, _: &str| Err("the test could not run".to_string());
    let e = reduce("add v1, v2, v3\n", "{}", failing).err().unwrap();
    assert!(e.contains("could not run"), "{e}");
}

#[test]
fn a_top_level_warp_state_and_labels_survive_reduction() {
    // Interesting: v5 ends as 7 in warp 0. Only the movi and the branch structure matter.
    let prog = "    movi v9, 3\n    bz u1, skip\n    movi v5, 9\nskip:\n    movi v5, 7\n    add v2, v9, v9\n";
    fn v5_is_7(p: &str, s: &str) -> Result<bool, String> {
        Ok(final_state(p, s).is_some_and(|v| v["warps"][0]["v"]["v5"][0] == "0x00000007"))
    }
    let r = reduce(prog, r#"{"exec": "0x0000ffff", "u": {"u1": 1}}"#, v5_is_7).unwrap();
    assert_eq!(r.after.instructions, 1, "{}", r.program);
    assert!(r.program.contains("movi v5, 7"), "{}", r.program);
    assert!(v5_is_7(&r.program, &r.state).unwrap());
}
