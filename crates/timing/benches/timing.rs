//! Timing-model throughput in warp-instructions/s, next to the untimed simulator on the same
//! program in the same run: the straight-line integer kernel of the simulator benchmark
//! (960 add/xor/mul/sll/srl/sub, full EXEC) on one warp, and on 16 warps over 4 schedulers
//! (gto), where the schedulers' choice is exercised every cycle.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Instant;
use warpkit_sim::{Program, RunStatus, Warp};
use warpkit_timing::{Policy, SmConfig, Timing};

const BLOCK: usize = 24;
const BLOCKS: usize = 40;
const STRAIGHT: usize = BLOCK * BLOCKS;

/// The simulator benchmark's straight-line kernel, as assembly: op k of each 24-op block is
/// `[add, xor, mul, sll.vi, srl, sub][k % 6]` on v(1 + k%8) <- v(1 + (k+3)%8), v(1 + (k+5)%8).
fn straight_source() -> String {
    let mut s = String::new();
    for i in 0..STRAIGHT {
        let k = i % BLOCK;
        let (d, a, b) = (1 + k % 8, 1 + (k + 3) % 8, 1 + (k + 5) % 8);
        let m = ["add", "xor", "mul", "sll.vi", "srl", "sub"][k % 6];
        if m == "sll.vi" {
            s += &format!("{m} v{d}, v{a}, 3\n");
        } else {
            s += &format!("{m} v{d}, v{a}, v{b}\n");
        }
    }
    s
}

fn init_warp() -> Warp {
    let mut w = Warp::new();
    for r in 1..=8 {
        for l in 0..32 {
            w.vregs_mut()[r][l] = (r as u32 * 0x9e37_79b9) ^ (l as u32 * 0x85eb_ca6b);
        }
    }
    w
}

/// Best-of-7 seconds per call.
fn best(mut f: impl FnMut(), reps: u32) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..7 {
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        b = b.min(t.elapsed().as_secs_f64() / reps as f64);
    }
    b
}

/// Time `warps` again: the final states come back and are rewound (PC 0), so no state is
/// built inside the measurement.
fn timed(t: &Timing<'_>, warps: &mut Vec<Warp>) -> u64 {
    let run = t.run(std::mem::take(warps), u64::MAX, &mut ()).unwrap();
    let n = run.report.instructions;
    *warps = run
        .results
        .into_iter()
        .map(|r| {
            assert_eq!(r.outcome.status, RunStatus::Exited);
            let mut w = r.warp;
            w.set_pc(0);
            w
        })
        .collect();
    black_box(run.report.cycles);
    n
}

fn untimed(p: &Program, warps: &mut [Warp]) -> u64 {
    let mut n = 0;
    for w in warps.iter_mut() {
        w.set_pc(0);
        let o = w.run(p, u64::MAX);
        assert_eq!(o.status, RunStatus::Exited);
        n += o.steps;
    }
    black_box(&*warps);
    n
}

fn program() -> Program {
    let a =
        warpkit_asm::assemble(straight_source(), &Default::default()).expect("kernel assembles");
    Program::new(&a.code)
}

fn summary() {
    let p = program();
    for (warps, schedulers, policy) in [(1, 1, Policy::Lrr), (16, 4, Policy::Gto)] {
        let mut cfg = SmConfig::default();
        cfg.set_schedulers(schedulers).unwrap();
        cfg.set_policy(policy);
        let t = Timing::new(&p, &cfg);
        let mut ws = vec![init_warp(); warps];
        let n = timed(&t, &mut ws);
        assert_eq!(n as usize, STRAIGHT * warps);
        let t_timed = best(
            || {
                timed(&t, &mut ws);
            },
            50,
        );
        let mut us = vec![init_warp(); warps];
        let t_untimed = best(
            || {
                untimed(&p, &mut us);
            },
            50,
        );
        println!(
            "straight-line ({STRAIGHT} insts x {warps} warp(s), {schedulers} scheduler(s), {policy}): \
             timed {:.1} M warp-inst/s, untimed simulator {:.1} M warp-inst/s; timed/untimed time ratio {:.2}",
            n as f64 / t_timed / 1e6,
            n as f64 / t_untimed / 1e6,
            t_timed / t_untimed
        );
    }
}

fn bench(c: &mut Criterion) {
    summary();
    let p = program();
    let t = Timing::new(&p, &SmConfig::default());
    let mut g = c.benchmark_group("straight_line");
    g.throughput(Throughput::Elements(STRAIGHT as u64));
    let mut ws = vec![init_warp()];
    g.bench_function("timed", |b| b.iter(|| timed(&t, &mut ws)));
    let mut us = vec![init_warp()];
    g.bench_function("untimed", |b| b.iter(|| untimed(&p, &mut us)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
