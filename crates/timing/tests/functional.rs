//! A timing run changes nothing functional: its final state file equals `warpkit run`'s
//! (`warpkit_sim::run_state`, the independent path: `Warp::run` per warp, in parallel) on
//! every example and on random programs, under every policy and scheduler count; and its
//! accounting adds up.

mod common;
use common::*;
use std::path::PathBuf;
use warpkit_gen::{GenConfig, Generator};
use warpkit_sim::state::{parse_state, state_to_json};
use warpkit_sim::{run_state, Program};
use warpkit_timing::{SmConfig, Timing};

fn configs() -> Vec<SmConfig> {
    let mut v = Vec::new();
    for text in [
        "",
        "policy = \"gto\"",
        "schedulers = 2",
        "schedulers = 3\npolicy = \"gto\"\n[latency]\nbranch = 4\nvalu-fp = 9",
    ] {
        v.push(cfg(text));
    }
    v
}

/// Compare one program and state under every configuration; the number of instructions
/// executed.
fn check(name: &str, code: &[u8], state: &str, max_steps: u64) -> u64 {
    let want = run_state(code, state, max_steps, None).expect("run");
    let p = Program::new(code);
    let mut executed = 0;
    for c in configs() {
        let launch = parse_state(state).expect("state");
        let run = Timing::new(&p, &c)
            .run(launch.warps, max_steps, &mut ())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = state_to_json(launch.code_base, &run.results);
        assert!(
            got == want,
            "{name} under {c:?}: the timing run's final state differs from run's"
        );
        check_accounting(&run.report);
        let steps: u64 = run.results.iter().map(|r| r.outcome.steps).sum();
        assert_eq!(run.report.instructions, steps, "{name}");
        executed = steps;
    }
    executed
}

#[test]
fn every_example_ends_as_warpkit_run_leaves_it() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("examples/") {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("s") {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let state_path = path.with_extension("state.json");
        let state = std::fs::read_to_string(&state_path).unwrap_or_else(|_| "{}".into());
        let executed = check(
            &path.display().to_string(),
            &assemble(&src),
            &state,
            1 << 20,
        );
        assert!(executed > 0, "{}", path.display());
        n += 1;
    }
    assert!(n > 0, "no examples found in {}", dir.display());
}

#[test]
fn random_programs_end_as_warpkit_run_leaves_them() {
    let mut executed = 0;
    for faults in [false, true] {
        let mut gen = Generator::new(GenConfig {
            faults,
            ..GenConfig::default()
        })
        .unwrap();
        for i in 0..40 {
            let g = gen.generate(7, i);
            let code = assemble(&g.text);
            let name = format!("program {i} (faults: {faults})");
            executed += check(&name, &code, &g.state, g.step_bound + 1);
            // Cut short: the step limit ends warps where run's does.
            check(&name, &code, &g.state, g.step_bound / 3);
        }
    }
    assert!(executed > 10_000, "only {executed} instructions executed");
}

#[test]
fn random_bytes_are_timed_without_panicking_and_end_as_run_leaves_them() {
    // Words at random: most fault at once, some decode and run (loops are cut by the
    // step limit). Also odd lengths, so the last instruction is cut by the end.
    let mut rng = warpkit_gen::rng::Rng::new(11, 0);
    for i in 0..300 {
        let len = 1 + rng.below(64) as usize;
        let code: Vec<u8> = (0..len).map(|_| rng.u32() as u8).collect();
        let state = r#"{"warps": [{}, {"vgprs": 4, "exec": "0x1"}, {"u": {"u1": 100}}]}"#;
        check(&format!("random code {i}"), &code, state, 200);
    }
}
