//! Branchy generated programs: `N` programs of `warpkit gen` (default config, seed 1), each
//! assembled and decoded, then every warp of its state file run on this thread with the
//! interpreter (`Warp::run`) and with the tier (default tiering; making the `Jit` and
//! compiling included), the runs timed in total (threads left out: spawning them costs
//! more than these programs run); the final warps must agree.
//!
//!     cargo run --release -p warpkit-jit --example gen_programs -- [N] [interp|jit]
//!
//! With an engine named, only that engine runs (nothing compared): the workload for
//! instruction counts, e.g. `valgrind --tool=callgrind` of `... 1000 interp` against
//! `... 1000 jit` (generating and assembling cost the same in both).

use std::time::{Duration, Instant};
use warpkit_jit::Jit;
use warpkit_sim::state::parse_state;
use warpkit_sim::{Program, RunEngine, Warp};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    let only = std::env::args().nth(2);
    if let Some(e) = only.as_deref() {
        if e != "interp" && e != "jit" {
            eprintln!("gen_programs: engine {e:?} is neither `interp` nor `jit`");
            std::process::exit(2);
        }
    }
    let mut g = warpkit_gen::Generator::new(warpkit_gen::GenConfig::default()).unwrap();
    let (mut t_interp, mut t_jit, mut t_new) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let (mut steps, mut blocks, mut compiled, mut compile_ns) = (0u64, 0u64, 0u64, 0u64);
    for index in 0..n {
        let gen = g.generate(1, index);
        let code = warpkit_asm::assemble(&gen.text, &Default::default())
            .unwrap()
            .code;
        let max = gen.step_bound + 10;
        let p = Program::new(&code);
        let warps: Vec<Warp> = parse_state(&gen.state).unwrap().warps;
        let interp = |ws: &mut Vec<Warp>| {
            let t0 = Instant::now();
            for w in ws.iter_mut() {
                w.run(&p, max);
            }
            t0.elapsed()
        };
        let tier = |ws: &mut Vec<Warp>| {
            let t0 = Instant::now();
            let jit = Jit::new(&p).expect("this host runs the tier");
            let made = t0.elapsed();
            for w in ws.iter_mut() {
                jit.run(w, &p, max);
            }
            (t0.elapsed(), made, jit)
        };
        if let Some(e) = only.as_deref() {
            let mut ws = warps;
            if e == "interp" {
                t_interp += interp(&mut ws);
            } else {
                let (t, made, jit) = tier(&mut ws);
                t_jit += t;
                t_new += made;
                let s = jit.stats();
                blocks += s.blocks;
                compiled += s.compiled_steps;
                compile_ns += s.compile_ns;
            }
            steps += ws.iter().map(|w| w.steps()).sum::<u64>();
            continue;
        }
        let (mut a, mut b) = (warps.clone(), warps);
        // The order alternates, so neither engine always runs on caches the other warmed.
        let (t, made, jit) = if index % 2 == 0 {
            t_interp += interp(&mut a);
            tier(&mut b)
        } else {
            let r = tier(&mut b);
            t_interp += interp(&mut a);
            r
        };
        t_jit += t;
        t_new += made;
        assert_eq!(a, b, "program {index}");
        steps += a.iter().map(|w| w.steps()).sum::<u64>();
        let s = jit.stats();
        blocks += s.blocks;
        compiled += s.compiled_steps;
        compile_ns += s.compile_ns;
    }
    println!(
        "{n} generated programs, {steps} instructions: interp {:.3} s, jit {:.3} s ({:.2}x; \
         making the Jits {:.3} s), {blocks} blocks compiled in {:.3} s ({:.1} us per block), \
         {:.1}% of instructions retired compiled",
        t_interp.as_secs_f64(),
        t_jit.as_secs_f64(),
        t_interp.as_secs_f64() / t_jit.as_secs_f64(),
        t_new.as_secs_f64(),
        compile_ns as f64 / 1e9,
        compile_ns as f64 / 1e3 / blocks.max(1) as f64,
        100.0 * compiled as f64 / steps.max(1) as f64,
    );
}
