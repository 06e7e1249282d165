//! The debugger's costs (a benchmark, not a test): `cargo bench -p warpkit-debug --bench
//! engine` (WARPKIT_BENCH_STEPS sets the long run, default 10^8 steps). Prints, for one
//! warp on tools/bench/debug_loop.s:
//! * the simulator's fast path (what `warpkit run` does per warp) and `continue` with ten
//!   PC breakpoints, with a conditional breakpoint inside the loop, and with watchpoints;
//! * the checkpoint memory and peak RSS after the long run;
//! * reverse-step latency at step 10^7 and at the end of the long run.

use std::time::Instant;
use warpkit_debug::{DebugConfig, Engine, StopReason, Target};
use warpkit_sim::{Program, Warp};

fn rss_kib(key: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn engine(t: &Target, max_steps: u64) -> Engine {
    Engine::new(
        t.clone(),
        "{}",
        DebugConfig {
            max_steps,
            ..DebugConfig::default()
        },
    )
    .unwrap()
}

/// Adds the stops of one case.
type Setup = dyn Fn(&mut Engine);

fn rate(n: u64, secs: f64) -> String {
    format!("{:7.1} M instr/s", n as f64 / secs / 1e6)
}

fn main() {
    let n: u64 = std::env::var("WARPKIT_BENCH_STEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000_000);
    let src = include_str!("../../../tools/bench/debug_loop.s");
    let t = Target::from_assembly("debug_loop.s", src).unwrap();
    let dead = t.label("dead").unwrap();

    let p = Program::new(&t.code);
    // The better of two runs (the first also warms the machine up).
    let base = (0..2)
        .map(|_| {
            let mut w = Warp::new();
            let t0 = Instant::now();
            w.run(&p, n);
            t0.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min);
    println!(
        "fast path (warpkit run, 1 warp): {n} steps in {base:.3} s  {}",
        rate(n, base)
    );

    let mut e = engine(&t, n);
    for k in 0..10 {
        e.add_breakpoint(&format!("*0x{:x}", dead + 4 * k), None, None)
            .unwrap();
    }
    let t0 = Instant::now();
    let s = e.cont(None);
    let bp = t0.elapsed().as_secs_f64();
    assert_eq!(s.reason, StopReason::AllEnded);
    assert_eq!(e.warp(0).unwrap().steps(), n);
    println!(
        "continue, 10 PC breakpoints:     {n} steps in {bp:.3} s  {}  = {:.0}% of the fast path",
        rate(n, bp),
        100.0 * base / bp
    );
    let h = e.history_stats();
    println!(
        "after {n} steps: {} checkpoints, {:.1} MiB of a {} MiB budget; peak RSS {:.1} MiB",
        h.checkpoints,
        h.bytes as f64 / (1 << 20) as f64,
        h.budget_bytes >> 20,
        rss_kib("VmHWM:") as f64 / 1024.0
    );
    let mut lat = Vec::new();
    for _ in 0..10 {
        let t0 = Instant::now();
        e.reverse_step(0).unwrap();
        lat.push(t0.elapsed().as_secs_f64() * 1e3);
    }
    lat.sort_by(f64::total_cmp);
    println!(
        "reverse-step at step {}: median {:.2} ms, max {:.2} ms (10 in a row)",
        n, lat[5], lat[9]
    );
    let at = (n / 10).max(1);
    e.goto(at);
    let mut lat = Vec::new();
    for _ in 0..10 {
        let t0 = Instant::now();
        e.reverse_step(0).unwrap();
        lat.push(t0.elapsed().as_secs_f64() * 1e3);
    }
    lat.sort_by(f64::total_cmp);
    println!(
        "reverse-step at step {at}: median {:.2} ms, max {:.2} ms (10 in a row)",
        lat[5], lat[9]
    );

    let m = (n / 10).max(1);
    let cases: [(&str, &Setup); 4] = [
        (
            "conditional breakpoint in the loop (false)",
            &|e: &mut Engine| {
                e.add_breakpoint("loop", None, Some("u7 == 0xffffffff"))
                    .unwrap();
            },
        ),
        (
            "watch v3 if v3[0] == 12345 (2 writes per 18 instr)",
            &|e: &mut Engine| {
                e.add_watchpoint("v3", None, Some("v3[0] == 12345"))
                    .unwrap();
            },
        ),
        ("watch exec (no writer in the loop)", &|e: &mut Engine| {
            e.add_watchpoint("exec", None, None).unwrap();
        }),
        (
            "watch v30[5] (written only in dead code)",
            &|e: &mut Engine| {
                e.add_watchpoint("v30[5]", None, None).unwrap();
            },
        ),
    ];
    let mut w = Warp::new();
    let t0 = Instant::now();
    w.run(&p, m);
    let base_m = t0.elapsed().as_secs_f64();
    for (name, setup) in cases {
        let mut e = engine(&t, m);
        setup(&mut e);
        let t0 = Instant::now();
        let s = e.cont(None);
        let d = t0.elapsed().as_secs_f64();
        assert_eq!(s.reason, StopReason::AllEnded, "{name}");
        println!(
            "continue, {name:<52} {m} steps in {d:.3} s  {}  = {:.0}% of the fast path",
            rate(m, d),
            100.0 * base_m / d
        );
    }
}
