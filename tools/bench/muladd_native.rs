//! The arithmetic of `muladd.s` as plain Rust on `[u32; 32]` arrays, for a process-level
//! comparison (`tools/bench/int_loop.py` builds it with `rustc -O -C target-cpu=native`).
//! Usage: `muladd_native ITERS [memory|registers]`; prints v0..v7 as JSON (hex strings) to
//! compare with `warpkit run`'s final state.
//!
//! `memory` (the default) makes the register file live in memory from one iteration to
//! the next (`black_box` after each), as a simulator's does and as in
//! `crates/sim/benches/sim.rs`; `registers` lets the compiler keep the accumulators in
//! vector registers for the whole loop.

mod accumulators;

use std::hint::black_box;

fn main() {
    let iters: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .expect("usage: muladd_native ITERS");
    let mut v = [[0u32; 32]; 24];
    for (r, reg) in v.iter_mut().enumerate() {
        for (l, x) in reg.iter_mut().enumerate() {
            *x = (r as u32).wrapping_mul(0x9e37_79b9) ^ (l as u32).wrapping_mul(0x85eb_ca6b);
        }
    }
    let mut v = black_box(v);
    match std::env::args().nth(2).as_deref() {
        None | Some("memory") => in_memory(&mut v, iters),
        Some("registers") => in_registers(&mut v, iters),
        Some(m) => panic!("unknown mode {m} (memory or registers)"),
    }
    accumulators::print(&v);
}

#[inline(always)]
fn iteration(v: &mut [[u32; 32]; 24]) {
    for k in 0..8 {
        for l in 0..32 {
            v[k][l] = v[k][l].wrapping_mul(v[8 + k][l]);
            v[k][l] = v[k][l].wrapping_add(v[16 + k][l]);
        }
    }
}

#[inline(never)]
fn in_memory(v: &mut [[u32; 32]; 24], iters: u64) {
    for _ in 0..iters {
        iteration(v);
        black_box(&mut *v);
    }
}

#[inline(never)]
fn in_registers(v: &mut [[u32; 32]; 24], iters: u64) {
    for _ in 0..iters {
        iteration(v);
    }
}
