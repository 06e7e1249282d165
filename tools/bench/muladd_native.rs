//! The arithmetic of `muladd.s` as plain Rust on `u32` arrays, for a process-level
//! comparison (`tools/bench/int_loop.py` builds it with `rustc -O -C target-cpu=native`).
//! Usage: `muladd_native ITERS [memory|registers]`; prints v0..v7 as JSON (hex strings) to
//! compare with `warpkit run`'s final state.
//!
//! `memory` (the default) makes the register file live in memory from one iteration to
//! the next (`black_box` after each), as a simulator's does and as in
//! `crates/sim/benches/sim.rs`; `registers` keeps the 8 accumulators x 32 lanes in 16 zmm
//! registers for the whole loop (`int_loop.py` checks the machine code of
//! `muladd_registers`: 16 `vpmulld` and 16 `vpaddd` on zmm per iteration, no store, no
//! call, no gather).

mod accumulators;

use std::hint::black_box;

/// Eight registers of 32 lanes, one after the other (v0..v7, v8..v15 or v16..v23).
type Group = [u32; 256];

fn main() {
    let iters: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .expect("usage: muladd_native ITERS [memory|registers]");
    let mut v = [[0u32; 32]; 24];
    for (r, reg) in v.iter_mut().enumerate() {
        for (l, x) in reg.iter_mut().enumerate() {
            *x = (r as u32).wrapping_mul(0x9e37_79b9) ^ (l as u32).wrapping_mul(0x85eb_ca6b);
        }
    }
    let mut v = black_box(v);
    // SAFETY: [[u32; 32]; 24] and [[u32; 256]; 3] have the same size and alignment.
    let g = unsafe { &mut *(&mut v as *mut [[u32; 32]; 24] as *mut [Group; 3]) };
    match std::env::args().nth(2).as_deref() {
        None | Some("memory") => muladd_memory(g, iters),
        Some("registers") => muladd_registers(g, iters),
        Some(m) => panic!("unknown mode {m} (memory or registers)"),
    }
    accumulators::print(&v);
}

/// One iteration of the eight chains. One flat loop over the 256 lanes: LLVM vectorises it
/// with contiguous zmm loads; written as eight rows of 32 it vectorises across the rows
/// with gathers and scatters.
#[inline(always)]
fn iteration(acc: &mut Group, b: &Group, c: &Group) {
    for i in 0..256 {
        acc[i] = acc[i].wrapping_mul(b[i]).wrapping_add(c[i]);
    }
}

#[inline(never)]
fn muladd_memory(g: &mut [Group; 3], iters: u64) {
    for _ in 0..iters {
        let [acc, b, c] = &mut *g;
        iteration(acc, b, c);
        black_box(&mut *g);
    }
}

#[inline(never)]
fn muladd_registers(g: &mut [Group; 3], iters: u64) {
    // Local copies: the accumulators are a value the loop carries (16 zmm registers).
    let (b, c) = (g[1], g[2]);
    let mut acc = g[0];
    for _ in 0..iters {
        iteration(&mut acc, &b, &c);
    }
    g[0] = acc;
}
