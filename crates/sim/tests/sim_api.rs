//! `Sim`, the embedding API: stepping every warp one instruction at a time gives the
//! records and final state of `run_state` (`warpkit run`), in any interleaving of warps.

mod common;
use common::*;
use warpkit_encoding::random::XorShift;
use warpkit_sim::state::state_to_json;
use warpkit_sim::{run_state, Commit, RunStatus, Sim, SimError, StepResult, WarpResult};

fn asm(i: &warpkit_encoding::Inst, pc: u32, s: &mut String) {
    s.push_str(&format!("{}@{pc}", i.desc().mnemonic));
}

fn example(name: &str) -> (Vec<u8>, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    let src = std::fs::read_to_string(format!("{dir}{name}.s")).unwrap();
    let code = warpkit_asm::assemble(&src, &warpkit_asm::AsmOptions::named(name))
        .unwrap()
        .code;
    (
        code,
        std::fs::read_to_string(format!("{dir}{name}.state.json")).unwrap(),
    )
}

/// Step warp after warp to the end (or `max` steps), as JSON lines.
fn step_all(sim: &mut Sim, max: u64, round_robin: bool) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut c = Commit::new();
    let mut live: Vec<usize> = (0..sim.num_warps()).collect();
    while !live.is_empty() {
        let mut next = Vec::new();
        for &i in &live {
            loop {
                if sim.warp(i).unwrap().steps() >= max {
                    break;
                }
                match sim.step(i, &mut c).unwrap() {
                    StepResult::Running => {
                        let mut text = String::new();
                        asm(&c.inst, c.pc, &mut text);
                        lines.push((i, c.to_json(i, &text)));
                        if round_robin {
                            next.push(i);
                            break;
                        }
                    }
                    _ => break,
                }
            }
        }
        live = next;
    }
    lines
}

fn check(code: &[u8], state: &str, max: u64) {
    let mut trace = Vec::new();
    let want = run_state(code, state, max, Some((&mut trace, &asm))).unwrap();
    let want_lines: Vec<String> = String::from_utf8(trace)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    for round_robin in [false, true] {
        let mut sim = Sim::new(code, state).unwrap();
        let mut got = step_all(&mut sim, max, round_robin);
        assert_eq!(sim.state_json(), want, "round robin {round_robin}");
        // Order the records warp by warp, like the trace.
        got.sort_by_key(|(w, _)| *w);
        let got: Vec<String> = got.into_iter().map(|(_, l)| l).collect();
        assert_eq!(got, want_lines, "round robin {round_robin}");
    }
    // Sim::run and Sim::run_logged agree with run_state too.
    let mut sim = Sim::new(code, state).unwrap();
    sim.run(max);
    assert_eq!(sim.state_json(), want);
    let mut sim = Sim::new(code, state).unwrap();
    let mut n = 0;
    sim.run_logged(max, &mut |_, _| n += 1);
    assert_eq!((sim.state_json(), n), (want, want_lines.len()));
}

#[test]
fn stepping_equals_warpkit_run_on_the_examples() {
    for name in [
        "divergent_if_else",
        "loop_bexecz",
        "stream_compaction",
        "addr64",
    ] {
        let (code, state) = example(name);
        check(&code, &state, 10_000);
        check(&code, &state, 5);
    }
}

#[test]
fn stepping_equals_warpkit_run_on_random_programs() {
    let mut rng = XorShift::new(99);
    for _ in 0..40 {
        let code = random_exec_program(40, &mut rng, 3);
        let warps: Vec<WarpResult> = (0..3).map(|_| not_yet_run(random_warp(&mut rng))).collect();
        check(&code, &state_to_json(0, &warps), 150);
    }
}

#[test]
fn ended_warps_and_bad_indices() {
    let prog = code(&[mk("uaddi", 1, 1, 0, 0, 1)]);
    let mut sim = Sim::new(&prog, r#"{"warps": [{}, {"pc": 2}]}"#).unwrap();
    let mut c = Commit::new();
    assert_eq!(sim.num_warps(), 2);
    assert_eq!(sim.status(0).unwrap(), RunStatus::StepLimit);
    assert_eq!(sim.step(0, &mut c).unwrap(), StepResult::Running);
    // At the end of the code: exited, before and after stepping.
    assert_eq!(sim.status(0).unwrap(), RunStatus::Exited);
    assert_eq!(sim.step(0, &mut c).unwrap(), StepResult::Exited);
    assert_eq!(sim.step(0, &mut c).unwrap(), StepResult::Exited);
    // A fault is repeated, not re-executed.
    let f = match sim.step(1, &mut c).unwrap() {
        StepResult::Faulted(f) => f,
        r => panic!("{r:?}"),
    };
    sim.warp_mut(1).unwrap().set_pc(0); // even if the state is edited afterwards
    assert_eq!(sim.step(1, &mut c).unwrap(), StepResult::Faulted(f));
    assert_eq!(sim.status(1).unwrap(), RunStatus::Faulted(f));
    for e in [
        sim.step(2, &mut c).unwrap_err(),
        sim.status(7).unwrap_err(),
        sim.warp(2).map(|_| ()).unwrap_err(),
    ] {
        assert!(matches!(e, SimError::NoWarp { warps: 2, .. }), "{e}");
        assert!(e.to_string().contains("2 warps are launched"), "{e}");
    }
    // A bad state leaves the Sim as it was.
    let before = sim.state_json();
    assert!(sim.set_state("{\"warps\": 3}").is_err());
    assert_eq!(sim.state_json(), before);
    sim.set_state("{\"u\": {\"u1\": 41}}").unwrap();
    assert_eq!(sim.num_warps(), 1);
    assert_eq!(sim.step(0, &mut c).unwrap(), StepResult::Running);
    assert_eq!(sim.warp(0).unwrap().uregs()[1], 42);
}

/// A run stopped between slices (Ctrl-C in `warpkit run`) leaves its warps `interrupted`,
/// not `step_limit`; the state reads back and runs on to what one run gives.
#[test]
fn a_stopped_run_leaves_its_warps_interrupted() {
    // An endless loop: `L: add v1, v1, v2` then `jmp L`.
    let src = "L:\n add v1, v1, v2\n jmp L\n";
    let code = warpkit_asm::assemble(src, &warpkit_asm::AsmOptions::named("loop.s"))
        .unwrap()
        .code;
    let state = r#"{"warps": [{"v": {"v2": 1}}, {"v": {"v2": 2}}]}"#;
    let limit = 1u64 << 40;
    let mut sim = Sim::new(&code, state).unwrap();
    let mut slices = 0;
    let done = sim.run_sliced(limit, std::time::Duration::from_millis(1), &mut |_| {
        slices += 1;
        slices < 3
    });
    assert!(!done);
    let mut out = Vec::new();
    sim.write_state(&mut out, None, &warpkit_sim::state::Fields::NONE)
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    for w in v["warps"].as_array().unwrap() {
        assert_eq!(w["status"], "interrupted", "{text}");
    }
    assert!(sim.interrupted(0).unwrap() && sim.interrupted(1).unwrap());
    // Resumed to a limit it reaches: `step_limit`, with the steps of one uninterrupted run.
    let steps = sim.warp(0).unwrap().steps();
    let mut again = Sim::new(&code, &text).unwrap();
    again.run(steps + 7);
    assert!(!again.interrupted(0).unwrap());
    let mut out = Vec::new();
    again
        .write_state(&mut out, Some(&[0]), &warpkit_sim::state::Fields::NONE)
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["warps"][0]["status"], "step_limit");
    assert_eq!(v["warps"][0]["steps"], steps + 7);
    // A status that is neither is refused, naming the accepted ones.
    let bad = text.replacen("interrupted", "paused", 1);
    let e = Sim::new(&code, &bad).err().unwrap().to_string();
    assert!(e.contains("\"interrupted\""), "{e}");
}
