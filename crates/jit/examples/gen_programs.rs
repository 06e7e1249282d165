//! Branchy generated programs: `N` programs of `warpkit gen` (default config, seed 1), each
//! assembled and decoded, then run through `Sim` with the interpreter and with the tier
//! (default tiering; making the `Jit` and compiling included), the runs timed in total;
//! the final states must agree.
//!
//!     cargo run --release -p warpkit-jit --example gen_programs -- [N]

use std::sync::Arc;
use std::time::{Duration, Instant};
use warpkit_jit::Jit;
use warpkit_sim::{Engine, Sim};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    let mut g = warpkit_gen::Generator::new(warpkit_gen::GenConfig::default()).unwrap();
    let (mut t_interp, mut t_jit) = (Duration::ZERO, Duration::ZERO);
    let (mut steps, mut blocks, mut compiled, mut compile_ns) = (0u64, 0u64, 0u64, 0u64);
    for index in 0..n {
        let gen = g.generate(1, index);
        let code = warpkit_asm::assemble(&gen.text).unwrap().code;
        let max = gen.step_bound + 10;
        // Each program decoded once per engine; the order alternates, so neither engine
        // always runs on caches the other warmed.
        let mut a = Sim::new(&code, &gen.state).unwrap();
        let mut b = Sim::new(&code, &gen.state).unwrap();
        let run_a = |a: &mut Sim| {
            let t0 = Instant::now();
            a.run(max);
            t0.elapsed()
        };
        let run_b = |b: &mut Sim| {
            let t0 = Instant::now();
            let jit = Jit::new(b.program()).expect("this host runs the tier");
            b.set_engine(Some(jit.clone() as Arc<dyn Engine>));
            b.run(max);
            (t0.elapsed(), jit)
        };
        let jit = if index % 2 == 0 {
            t_interp += run_a(&mut a);
            let (t, jit) = run_b(&mut b);
            t_jit += t;
            jit
        } else {
            let (t, jit) = run_b(&mut b);
            t_jit += t;
            t_interp += run_a(&mut a);
            jit
        };
        assert_eq!(a.state_json(), b.state_json(), "program {index}");
        steps += a.total_steps();
        let s = jit.stats();
        blocks += s.blocks;
        compiled += s.compiled_steps;
        compile_ns += s.compile_ns;
    }
    println!(
        "{n} generated programs, {steps} instructions: interp {:.3} s, jit {:.3} s ({:.2}x), \
         {blocks} blocks compiled in {:.3} s ({:.1} us per block), {:.1}% of instructions \
         retired compiled",
        t_interp.as_secs_f64(),
        t_jit.as_secs_f64(),
        t_interp.as_secs_f64() / t_jit.as_secs_f64(),
        compile_ns as f64 / 1e9,
        compile_ns as f64 / 1e3 / blocks.max(1) as f64,
        100.0 * compiled as f64 / steps.max(1) as f64
    );
}
