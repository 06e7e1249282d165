//! Blocks that side-exit often are retired and recompiled with the item that side-exited
//! as a kernel call: the final state is the interpreter's, the side exits stop (a handful,
//! not one a pass) and the loop still runs compiled; blocks that side-exit rarely stay as
//! they are.

use warpkit_jit::Jit;
use warpkit_sim::{Program, RunEngine, RunStatus, Warp, LANES};

/// A loop: `fadd v3, v3, v2`, `fadd v1, v0, v2` (an infinite lane of v0 makes the block
/// side-exit there), two more `fadd`, then `tail` (e.g. a write of v0), and the counter
/// (enough native instructions for a recompile with a kernel call to pay).
fn program(tail: &str) -> Program {
    let text = format!(
        "loop:\n  fadd.f32 v3, v3, v2\n  fadd.f32 v1, v0, v2\n  fadd.f32 v4, v3, v2\n  \
         fadd.f32 v6, v6, v2\n{tail}  uaddi u7, u7, 1\n  usltu u8, u7, u9\n  bnz u8, loop\n"
    );
    Program::new(
        &warpkit_asm::assemble(&text, &Default::default())
            .unwrap()
            .code,
    )
}

/// A warp for [`program`]: v0 = 1.0 but +inf in lane 5, v2 = 0.5, v3 = 1.0, v5 = 2.0, FFLAGS
/// NX (blocks with FP items run only then), `iters` passes.
fn warp(iters: u32) -> Warp {
    let mut w = Warp::new();
    for l in 0..LANES {
        w.vregs_mut()[0][l] = if l == 5 { 0x7f80_0000 } else { 0x3f80_0000 };
        w.vregs_mut()[2][l] = 0x3f00_0000;
        w.vregs_mut()[3][l] = 0x3f80_0000;
        w.vregs_mut()[5][l] = 0x4000_0000;
    }
    w.uregs_mut()[9] = iters;
    w.set_fflags(1).unwrap();
    w
}

#[test]
fn a_block_that_side_exits_every_pass_is_recompiled_with_a_kernel_call() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    let p = program("");
    let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
    let (mut a, mut b) = (warp(10_000), warp(10_000));
    let oa = a.interpret(&p, u64::MAX);
    let ob = jit.run(&mut b, &p, u64::MAX);
    assert_eq!(oa.status, RunStatus::Exited);
    assert_eq!(oa, ob);
    assert_eq!(a, b);
    let s = jit.stats();
    // Before retirement: one side exit a pass, 10,000.
    assert_eq!(s.retired, 1, "{s}");
    assert!(s.side_exits < 100, "{s}");
    assert!(s.side_exits >= 16, "{s}");
    assert!(
        s.calls
            .iter()
            .any(|c| c.0 == "fadd.f32" && c.1.contains("side-exited often")),
        "{s}"
    );
    // The loop runs compiled, the fadd that side-exited as a call.
    assert!(
        s.compiled_steps * 100 > 99 * (s.compiled_steps + s.interpreted_steps),
        "{s}"
    );
}

#[test]
fn a_block_that_side_exits_rarely_stays_compiled() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    // v0 becomes finite after the first pass: one side exit a run.
    let p = program("  mov v0, v5\n");
    let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
    for k in 0..40 {
        let (mut a, mut b) = (warp(100), warp(100));
        let oa = a.interpret(&p, u64::MAX);
        let ob = jit.run(&mut b, &p, u64::MAX);
        assert_eq!(oa, ob, "warp {k}");
        assert_eq!(a, b, "warp {k}");
    }
    let s = jit.stats();
    assert_eq!(s.retired, 0, "{s}");
    assert!(s.side_exits >= 39, "{s}");
    assert!(
        s.compiled_steps * 10 > 9 * (s.compiled_steps + s.interpreted_steps),
        "{s}"
    );
}

#[test]
fn a_retired_block_gives_the_interpreters_state_under_a_step_limit() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    // Runs cut at every step count around retirement: the same outcome and state.
    let p = program("");
    for limit in [1u64, 7, 50, 100, 101, 102, 103, 150, 200, 333] {
        let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
        let (mut a, mut b) = (warp(1_000), warp(1_000));
        loop {
            let oa = a.interpret(&p, limit);
            let ob = jit.run(&mut b, &p, limit);
            assert_eq!(oa, ob, "limit {limit}");
            assert_eq!(a, b, "limit {limit}");
            if oa.status != RunStatus::StepLimit {
                break;
            }
        }
    }
}

#[test]
fn a_short_block_that_side_exits_every_pass_is_left_to_the_interpreter() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    // The oracle programs' loop: one FP item and the counter. A kernel call each pass
    // costs more than interpreting the four instructions: the interpreter runs it.
    let p = Program::new(
        &warpkit_asm::assemble(
            "loop:\n  fadd.f32 v1, v0, v2\n  uaddi u7, u7, 1\n  usltu u8, u7, u9\n  bnz u8, loop\n",
            &Default::default(),
        )
        .unwrap()
        .code,
    );
    let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
    let (mut a, mut b) = (warp(10_000), warp(10_000));
    assert_eq!(a.interpret(&p, u64::MAX), jit.run(&mut b, &p, u64::MAX));
    assert_eq!(a, b);
    let s = jit.stats();
    assert_eq!(s.retired, 1, "{s}");
    assert!(s.side_exits < 100, "{s}");
    assert!(s.calls.is_empty(), "{s}");
    assert!(s.interpreted_steps > 39_000, "{s}");
}
