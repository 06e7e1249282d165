//! Checked pairs: two consecutive binary32 items computed both and checked with one
//! branch. Whichever of the two has a lane that needs the interpreter (the first, the
//! second, both, or only on inactive lanes), the final warp is the interpreter's; and when
//! only the second fails, the first still ran compiled.

use warpkit_encoding::random::XorShift;
use warpkit_jit::Jit;
use warpkit_sim::{Program, RunEngine, RunStatus, Warp, LANES};

/// Values that pass and that fail the range checks: ordinary, the largest finite, infinity,
/// NaN, tiny (products underflow), zero.
const VALUES: [u32; 8] = [
    0x3f80_0000,
    0x4040_0000,
    0x7f7f_ffff,
    0x7f80_0000,
    0x7fc0_0000,
    0x0080_0000,
    0x0000_0000,
    0xbf00_0000,
];

fn program() -> Program {
    let text = "  uaddi u1, u1, 1\n  fadd.f32 v1, v0, v2\n  fsub.f32 v3, v4, v2\n  \
                fmul.f32 v5, v0, v6\n  ffma.f32 v7, v4, v6, v2\n  fadd.f32 v8, v1, v3\n";
    Program::new(
        &warpkit_asm::assemble(text, &Default::default())
            .unwrap()
            .code,
    )
}

#[test]
fn pairs_match_the_interpreter_whichever_item_fails() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    let p = program();
    let mut rng = XorShift::new(35);
    let (mut side, mut compiled) = (0, 0);
    for k in 0..600 {
        let mut w = Warp::new();
        // Mostly ordinary values; now and then a lane of one source that fails.
        for r in [0usize, 2, 4, 6] {
            for l in 0..LANES {
                w.vregs_mut()[r][l] = VALUES[rng.below(2) as usize];
            }
            if rng.below(3) == 0 {
                let l = rng.below(LANES as u64) as usize;
                w.vregs_mut()[r][l] = VALUES[rng.below(VALUES.len() as u64) as usize];
            }
        }
        w.set_fflags(1).unwrap();
        if rng.below(2) == 0 {
            w.set_exec(rng.next_u64() as u32);
        }
        // A fresh tier (hot at once) each time: no block is retired.
        let jit = Jit::with_options(&p, 1 << 20, 1).unwrap();
        let (mut a, mut b) = (w.clone(), w);
        let oa = a.interpret(&p, u64::MAX);
        let ob = jit.run(&mut b, &p, u64::MAX);
        assert_eq!(oa.status, RunStatus::Exited);
        assert_eq!(oa, ob, "warp {k}");
        assert_eq!(a, b, "warp {k}");
        let s = jit.stats();
        side += s.side_exits;
        compiled += s.compiled_steps;
    }
    // The failing lanes were met, and most of the work ran compiled.
    assert!(side > 100, "{side} side exits");
    assert!(compiled > 600 * 3, "{compiled} compiled steps");
}

#[test]
fn a_failing_second_item_leaves_the_first_compiled() {
    if !warpkit_jit::supported() {
        eprintln!("this host lacks AVX-512: the tier is not tested here");
        return;
    }
    // Only v4 has an infinite lane: `fsub v3, v4, v2` (the second of the first pair) and
    // `ffma v7, v4, ...` (the second of the second pair) fail, and so does the last
    // `fadd v8, v1, v3` (v3 is infinite there); `fadd v1` and `fmul v5` run compiled, as
    // the first of a failed pair, written before the side exit.
    let p = program();
    let mut w = Warp::new();
    for l in 0..LANES {
        for r in [0usize, 2, 4, 6] {
            w.vregs_mut()[r][l] = 0x3f80_0000;
        }
    }
    w.vregs_mut()[4][9] = 0x7f80_0000;
    w.set_fflags(1).unwrap();
    let jit = Jit::with_options(&p, 1 << 20, 1).unwrap();
    let (mut a, mut b) = (w.clone(), w);
    assert_eq!(a.interpret(&p, u64::MAX), jit.run(&mut b, &p, u64::MAX));
    assert_eq!(a, b);
    let s = jit.stats();
    assert_eq!(s.side_exits, 3, "{s}");
    // uaddi compiled too (with hot = 1 nothing warms up); the three that fail by side
    // exits interpreted.
    assert_eq!(s.compiled_steps, 3, "{s}");
    assert_eq!(s.interpreted_steps, 3, "{s}");
}
