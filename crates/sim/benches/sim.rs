//! Simulator throughput: warp-instructions/s and lane-ops/s on a straight-line integer
//! kernel (full EXEC) and on a branchy loop (compares, saveexec, branches), each next to
//! native Rust doing the same arithmetic on `[u32; 32]` arrays. Besides the criterion
//! groups, a summary with the simulator/native ratio is printed.
#![allow(clippy::needless_range_loop)]

mod common;
use common::best;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::lookup;
use warpkit_sim::{Program, RunStatus, Warp};

const BLOCK: usize = 24;
const BLOCKS: usize = 40;
/// Instructions of the straight-line kernel.
const STRAIGHT: usize = BLOCK * BLOCKS;
/// Iterations of the branchy loop.
const ITERS: u32 = 1000;

fn mk(m: &str, rd: u8, rs1: u8, rs2: u8, imm: i32) -> Inst {
    let mut i = Inst::new(lookup(m).expect("known mnemonic"));
    i.rd = rd;
    i.rs1 = rs1;
    i.rs2 = rs2;
    i.imm = imm;
    i
}

/// Op k of the 24-op block: (mnemonic, d, a, b).
fn block_op(k: usize) -> (&'static str, u8, u8, u8) {
    let m = ["add", "xor", "mul", "sll.vi", "srl", "sub"][k % 6];
    (
        m,
        1 + (k % 8) as u8,
        1 + ((k + 3) % 8) as u8,
        1 + ((k + 5) % 8) as u8,
    )
}

fn straight_program() -> Vec<u8> {
    let mut code = Vec::new();
    for i in 0..STRAIGHT {
        let (m, d, a, b) = block_op(i % BLOCK);
        let inst = if m == "sll.vi" {
            mk(m, d, a, 0, 3)
        } else {
            mk(m, d, a, b, 0)
        };
        encode_into(&inst, &mut code);
    }
    code
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

/// Native Rust: the same 960 operations on arrays (shift amounts masked like the ISA).
fn native_straight(v: &mut [[u32; 32]; 9]) {
    macro_rules! op {
        ($k:expr) => {{
            const K: usize = $k;
            let (d, a, b) = (1 + K % 8, 1 + (K + 3) % 8, 1 + (K + 5) % 8);
            let (x, y) = (v[a], v[b]);
            let mut r = [0u32; 32];
            for l in 0..32 {
                r[l] = match K % 6 {
                    0 => x[l].wrapping_add(y[l]),
                    1 => x[l] ^ y[l],
                    2 => x[l].wrapping_mul(y[l]),
                    3 => x[l] << 3,
                    4 => x[l] >> (y[l] & 31),
                    _ => x[l].wrapping_sub(y[l]),
                };
            }
            v[d] = r;
        }};
    }
    for _ in 0..BLOCKS {
        op!(0);
        op!(1);
        op!(2);
        op!(3);
        op!(4);
        op!(5);
        op!(6);
        op!(7);
        op!(8);
        op!(9);
        op!(10);
        op!(11);
        op!(12);
        op!(13);
        op!(14);
        op!(15);
        op!(16);
        op!(17);
        op!(18);
        op!(19);
        op!(20);
        op!(21);
        op!(22);
        op!(23);
        black_box(&mut *v);
    }
}

/// loop: lanes with v1 < u6 do v2 += v1; v3 = v2 * v1; v4 ^= v3; then v1 += 1; ITERS times.
fn branchy_program() -> Vec<u8> {
    let body = [
        mk("cmp.lt.u32.vu", 2, 1, 6, 0),
        mk("saveexec.and", 3, 2, 0, 0),
        mk("bexecz", 0, 0, 0, 16), // skip the three vector ops
        mk("add", 2, 2, 1, 0),
        mk("mul", 3, 2, 1, 0),
        mk("xor", 4, 4, 3, 0),
        mk("exec.set", 0, 3, 0, 0),
        mk("add.vi", 1, 1, 0, 1),
        mk("uaddi", 7, 7, 0, 1),
        mk("usltu", 8, 7, 9, 0),
        mk("bnz", 0, 8, 0, -40),
    ];
    let mut code = Vec::new();
    for i in &body {
        encode_into(i, &mut code);
    }
    code
}

fn branchy_warp() -> Warp {
    let mut w = init_warp();
    for l in 0..32 {
        w.vregs_mut()[1][l] = l as u32 * 40;
    }
    w.uregs_mut()[6] = 30_000;
    w.uregs_mut()[9] = ITERS;
    w
}

fn native_branchy(v: &mut [[u32; 32]; 9], limit: u32) {
    for _ in 0..ITERS {
        let mut m = 0u32;
        for l in 0..32 {
            m |= ((v[1][l] < limit) as u32) << l;
        }
        if m != 0 {
            for l in 0..32 {
                if m >> l & 1 == 1 {
                    v[2][l] = v[2][l].wrapping_add(v[1][l]);
                    v[3][l] = v[2][l].wrapping_mul(v[1][l]);
                    v[4][l] ^= v[3][l];
                }
            }
        }
        for l in 0..32 {
            v[1][l] = v[1][l].wrapping_add(1);
        }
        black_box(&mut *v);
    }
}

/// Run the kernel again on a warp that ran it before: only the loop state is reset (PC,
/// the loop counter u7 and the lane counters v1), so no 16 KiB state copy is timed.
fn sim_run(p: &Program, w: &mut Warp, v1: &[u32; 32]) -> u64 {
    w.set_pc(0);
    w.uregs_mut()[7] = 0;
    w.vregs_mut()[1] = *v1;
    let o = w.run(p, u64::MAX);
    assert_eq!(o.status, RunStatus::Exited);
    black_box(&*w);
    o.steps
}

fn summary() {
    let sp = Program::new(&straight_program());
    let sw = init_warp();
    let mut ws = sw.clone();
    let steps = sim_run(&sp, &mut ws, &sw.vregs()[1]);
    assert_eq!(steps as usize, STRAIGHT);
    let t_sim = best(
        || {
            sim_run(&sp, &mut ws, &sw.vregs()[1]);
        },
        200,
    );
    let mut nv = [[0u32; 32]; 9];
    nv.copy_from_slice(&sw.vregs()[..9]);
    let t_nat = best(|| native_straight(black_box(&mut nv.clone())), 200);
    // Check that native and simulated compute the same thing.
    let mut w = sw.clone();
    w.run(&sp, u64::MAX);
    let mut check = [[0u32; 32]; 9];
    check.copy_from_slice(&sw.vregs()[..9]);
    native_straight(&mut check);
    assert_eq!(
        &w.vregs()[..9],
        &check[..],
        "native kernel differs from the simulated one"
    );
    let ips = steps as f64 / t_sim;
    println!(
        "straight-line ({STRAIGHT} insts, full EXEC): sim {:.1} M warp-inst/s, {:.2} G lane-ops/s; native {:.1} M inst-equiv/s; sim/native time ratio {:.2}",
        ips / 1e6,
        ips * 32.0 / 1e9,
        STRAIGHT as f64 / t_nat / 1e6,
        t_sim / t_nat
    );

    let bp = Program::new(&branchy_program());
    let bw = branchy_warp();
    let mut wb = bw.clone();
    let steps = sim_run(&bp, &mut wb, &bw.vregs()[1]);
    let t_sim = best(
        || {
            sim_run(&bp, &mut wb, &bw.vregs()[1]);
        },
        50,
    );
    let mut nv = [[0u32; 32]; 9];
    nv.copy_from_slice(&bw.vregs()[..9]);
    let t_nat = best(|| native_branchy(black_box(&mut nv.clone()), 30_000), 50);
    let mut w = bw.clone();
    w.run(&bp, u64::MAX);
    let mut check = nv;
    native_branchy(&mut check, 30_000);
    assert_eq!(
        &w.vregs()[1..5],
        &check[1..5],
        "native branchy kernel differs"
    );
    let ips = steps as f64 / t_sim;
    println!(
        "branchy loop ({steps} insts): sim {:.1} M warp-inst/s, {:.2} G lane-slots/s; native loop {:.2} us vs sim {:.2} us; sim/native time ratio {:.2}",
        ips / 1e6,
        ips * 32.0 / 1e9,
        t_nat * 1e6,
        t_sim * 1e6,
        t_sim / t_nat
    );
}

fn bench(c: &mut Criterion) {
    summary();
    let sp = Program::new(&straight_program());
    let sw = init_warp();
    let mut g = c.benchmark_group("straight_line");
    g.throughput(Throughput::Elements(STRAIGHT as u64));
    let mut ws = sw.clone();
    g.bench_function("sim", |b| b.iter(|| sim_run(&sp, &mut ws, &sw.vregs()[1])));
    let mut nv = [[0u32; 32]; 9];
    nv.copy_from_slice(&sw.vregs()[..9]);
    g.bench_function("native", |b| {
        b.iter(|| native_straight(black_box(&mut nv.clone())))
    });
    g.finish();

    let bp = Program::new(&branchy_program());
    let bw = branchy_warp();
    let steps = {
        let mut w = bw.clone();
        w.run(&bp, u64::MAX).steps
    };
    let mut g = c.benchmark_group("branchy");
    g.throughput(Throughput::Elements(steps));
    let mut wb = bw.clone();
    g.bench_function("sim", |b| b.iter(|| sim_run(&bp, &mut wb, &bw.vregs()[1])));
    let mut nv = [[0u32; 32]; 9];
    nv.copy_from_slice(&bw.vregs()[..9]);
    g.bench_function("native", |b| {
        b.iter(|| native_branchy(black_box(&mut nv.clone()), 30_000))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
