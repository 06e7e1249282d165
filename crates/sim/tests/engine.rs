//! The engine behind `Warp::run` (`warpkit_sim::engine`): chosen by the environment or the
//! API, the compiling tier registered by `warpkit-jit` (tests/common), one tier instance
//! per program, and a `Sim`'s own choice; the results are the interpreter's either way.

mod common;

use warpkit_sim::{
    default_engine, set_default_engine, set_jit_hot, tier_available, tier_for, EngineKind, Program,
    Sim, Warp,
};

/// A loop whose trip count is `u1`; `v2` accumulates lane ids.
const LOOP: &str = "loop:\n  uaddi u1, u1, -1\n  add v2, v2, v1\n  laneid v1\n  bnz u1, loop\n";

fn code() -> Vec<u8> {
    warpkit_asm::assemble(LOOP, &warpkit_asm::AsmOptions::file("loop.s"))
        .unwrap()
        .code
}

/// Instructions the tier's report says compiled code retired.
fn compiled_steps(p: &Program) -> u64 {
    let report = tier_for(p).expect("a tier instance").report();
    let line = report
        .lines()
        .find(|l| l.contains("retired compiled"))
        .unwrap_or_else(|| panic!("no count in the report:\n{report}"));
    line.trim_start_matches("jit: ")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {line:?}"))
}

fn looped(p: &Program, trips: u32) -> (Warp, warpkit_sim::RunOutcome) {
    let mut w = Warp::new();
    w.uregs_mut()[1] = trips;
    let o = w.run(p, u64::MAX);
    (w, o)
}

/// One test: the process-wide choice is shared by everything in this binary.
#[test]
fn the_process_choice_is_the_environment_then_the_api() {
    let env = std::env::var("WARPKIT_ENGINE").ok();
    let expected = if env.as_deref() == Some("interp") || !tier_available() {
        EngineKind::Interp
    } else {
        EngineKind::Jit
    };
    assert_eq!(default_engine(), expected, "WARPKIT_ENGINE={env:?}");
    // The tier is registered by tests/common and exists on every host that runs it.
    assert_eq!(tier_available(), warpkit_jit::supported());

    let reference = {
        let p = Program::new(&code());
        let mut w = Warp::new();
        w.uregs_mut()[1] = 5000;
        let o = w.interpret(&p, u64::MAX);
        (w, o)
    };

    set_default_engine(EngineKind::Interp);
    assert_eq!(default_engine(), EngineKind::Interp);
    let p = Program::new(&code());
    assert_eq!(looped(&p, 5000), reference);
    // No run went through the tier: the program has no instance yet (one is made now).
    if tier_available() {
        assert_eq!(compiled_steps(&p), 0);
    }

    set_default_engine(EngineKind::Jit);
    set_jit_hot(1);
    assert_eq!(default_engine(), expected_jit());
    let p = Program::new(&code());
    assert_eq!(looped(&p, 5000), reference);
    if tier_available() {
        // Hot at once: nearly all of the 20,000 instructions ran compiled.
        let n = compiled_steps(&p);
        assert!(n > 15_000, "{n} compiled");
        // The instance is the program's: a second run shares its blocks.
        let before = tier_for(&p).unwrap().report();
        assert_eq!(looped(&p, 5000), reference);
        assert!(compiled_steps(&p) > n, "{before}");
        // Even a one-instruction program, run once, runs compiled.
        let one = Program::new(
            &warpkit_asm::assemble("add v1, v2, v3\n", &warpkit_asm::AsmOptions::file("one.s"))
                .unwrap()
                .code,
        );
        let mut w = Warp::new();
        let mut reference = w.clone();
        assert_eq!(w.run(&one, 10), reference.interpret(&one, 10));
        assert_eq!(w, reference);
        assert_eq!(compiled_steps(&one), 1);
    }
}

fn expected_jit() -> EngineKind {
    if tier_available() {
        EngineKind::Jit
    } else {
        EngineKind::Interp
    }
}

#[test]
fn a_sim_chooses_its_own_engine() {
    let state = r#"{"warps": [{"u": {"u1": 3000}}, {"u": {"u1": 700}}, {"u": {"u1": 1}}]}"#;
    let mut interp = Sim::new(&code(), state).unwrap();
    interp.select_engine(EngineKind::Interp).unwrap();
    assert_eq!(interp.engine_kind(), EngineKind::Interp);
    interp.run(1_000_000);

    let mut jit = Sim::new(&code(), state).unwrap();
    match jit.select_engine(EngineKind::Jit) {
        Ok(()) => {
            assert!(tier_available());
            assert_eq!(jit.engine_kind(), EngineKind::Jit);
        }
        Err(e) => {
            assert!(!tier_available());
            assert!(e.contains("not available"), "{e}");
            assert_eq!(jit.engine_kind(), default_engine());
        }
    }
    jit.run(1_000_000);
    assert_eq!(jit.state_json(), interp.state_json());
}

#[test]
fn engine_names() {
    assert_eq!(EngineKind::parse("jit"), Ok(EngineKind::Jit));
    assert_eq!(EngineKind::parse("interp"), Ok(EngineKind::Interp));
    assert_eq!(EngineKind::Jit.name(), "jit");
    let e = EngineKind::parse("fast").unwrap_err();
    assert!(
        e.contains("`fast`") && e.contains("jit") && e.contains("interp"),
        "{e}"
    );
}
