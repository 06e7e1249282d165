//! Simulator integer throughput against native Rust doing the same lane arithmetic on
//! `[u32; 32]` arrays, in one run. Native code comes in two builds: the crate's default
//! target (x86-64 baseline) and the host CPU's (`#[target_feature(enable = "avx2,fma")]`,
//! chosen at run time when the CPU has them). Kernels:
//!
//! * straight line: 960 add/xor/mul/sll/srl/sub on eight registers, full EXEC;
//! * mul+add loop: eight independent `mul`+`add` chains per iteration (16 vector
//!   instructions, plus 3 uniform ones for the loop counter and branch), 1000 iterations;
//! * branchy loop: compare, saveexec, bexecz, three vector ops, exec.set, loop branch.
//!
//! Each kernel's result is checked against its native version. Besides the criterion
//! groups, a summary prints the simulator/native time ratios.
#![allow(clippy::needless_range_loop)]

mod common;
use common::best;
use common::muladd::{self, encode, mk};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use warpkit_encoding::Inst;
use warpkit_sim::{HandlerLevel, Program, RunStatus, Warp};

type Regs = [[u32; 32]; 24];

const BLOCK: usize = 24;
const BLOCKS: usize = 40;
/// Instructions of the straight-line kernel.
const STRAIGHT: usize = BLOCK * BLOCKS;
/// Iterations of the loops.
const ITERS: u32 = 1000;

// ------------------------------------------------------------------ kernels

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
    let insts: Vec<Inst> = (0..STRAIGHT)
        .map(|i| {
            let (m, d, a, b) = block_op(i % BLOCK);
            if m == "sll.vi" {
                mk(m, d, a, 0, 3)
            } else {
                mk(m, d, a, b, 0)
            }
        })
        .collect();
    encode(&insts)
}

/// The same 960 operations on arrays (shift amounts masked like the ISA).
#[inline(always)]
fn straight_body(v: &mut Regs) {
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

#[inline(always)]
fn muladd_body(v: &mut Regs) {
    for _ in 0..ITERS {
        for k in 0..8 {
            for l in 0..32 {
                v[k][l] = v[k][l].wrapping_mul(v[8 + k][l]);
            }
            for l in 0..32 {
                v[k][l] = v[k][l].wrapping_add(v[16 + k][l]);
            }
        }
        black_box(&mut *v);
    }
}

/// loop: lanes with v1 < u6 do v2 += v1; v3 = v2 * v1; v4 ^= v3; then v1 += 1; ITERS times.
fn branchy_program() -> Vec<u8> {
    encode(&[
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
    ])
}

const LIMIT: u32 = 30_000;

#[inline(always)]
fn branchy_body(v: &mut Regs) {
    for _ in 0..ITERS {
        let mut m = 0u32;
        for l in 0..32 {
            m |= ((v[1][l] < LIMIT) as u32) << l;
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

// ------------------------------------------------------------------ native builds

/// A kernel body compiled twice: for the default target and for AVX2+FMA.
struct Native {
    name: &'static str,
    portable: fn(&mut Regs),
    #[cfg(target_arch = "x86_64")]
    avx2: unsafe fn(&mut Regs),
}

macro_rules! native {
    ($name:literal, $body:ident) => {{
        fn portable(v: &mut Regs) {
            $body(v)
        }
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,fma")]
        fn avx2(v: &mut Regs) {
            $body(v)
        }
        Native {
            name: $name,
            portable,
            #[cfg(target_arch = "x86_64")]
            avx2,
        }
    }};
}

fn host_has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

impl Native {
    /// The build for the host CPU.
    fn host(&self, v: &mut Regs) {
        #[cfg(target_arch = "x86_64")]
        if host_has_avx2() {
            // SAFETY: the CPU has AVX2 and FMA (checked just above).
            return unsafe { (self.avx2)(v) };
        }
        (self.portable)(v)
    }
}

// ------------------------------------------------------------------ simulated runs

struct Kernel {
    native: Native,
    code: Vec<u8>,
    warp: Warp,
}

fn init_regs() -> Regs {
    let mut v = [[0u32; 32]; 24];
    for (r, reg) in v.iter_mut().enumerate() {
        for (l, x) in reg.iter_mut().enumerate() {
            *x = muladd::lane(r, l);
        }
    }
    v
}

fn kernels() -> Vec<Kernel> {
    let regs = init_regs();
    let mut base = Warp::new();
    base.vregs_mut()[..24].copy_from_slice(&regs);
    base.uregs_mut()[9] = ITERS;
    base.uregs_mut()[6] = LIMIT;
    let mut branchy = base.clone();
    for l in 0..32 {
        branchy.vregs_mut()[1][l] = l as u32 * 40;
    }
    vec![
        Kernel {
            native: native!("straight line", straight_body),
            code: straight_program(),
            warp: base.clone(),
        },
        Kernel {
            native: native!("mul+add loop", muladd_body),
            code: muladd::program(),
            warp: base,
        },
        Kernel {
            native: native!("branchy loop", branchy_body),
            code: branchy_program(),
            warp: branchy,
        },
    ]
}

/// Run a kernel on a warp that ran it before: only the loop state is reset (PC, the loop
/// counter u7, the registers the kernel reads and writes), so no 16 KiB state copy is timed.
fn sim_run(p: &Program, w: &mut Warp, init: &Regs) -> u64 {
    w.set_pc(0);
    w.uregs_mut()[7] = 0;
    w.vregs_mut()[..24].copy_from_slice(init);
    let o = w.run(p, u64::MAX);
    assert_eq!(o.status, RunStatus::Exited);
    black_box(&*w);
    o.steps
}

impl Kernel {
    fn regs(&self) -> Regs {
        let mut r = [[0u32; 32]; 24];
        r.copy_from_slice(&self.warp.vregs()[..24]);
        r
    }

    /// The simulated and native results agree (on every native build).
    fn check(&self, p: &Program) {
        let mut w = self.warp.clone();
        sim_run(p, &mut w, &self.regs());
        let mut a = self.regs();
        (self.native.portable)(&mut a);
        let mut b = self.regs();
        self.native.host(&mut b);
        assert_eq!(a, b, "{}: native builds differ", self.native.name);
        assert_eq!(
            &w.vregs()[..24],
            &a[..],
            "{}: simulator differs",
            self.native.name
        );
    }
}

fn summary() {
    println!(
        "host CPU build of the native kernels: {}",
        if host_has_avx2() {
            "AVX2+FMA"
        } else {
            "none (AVX2/FMA not available): portable build"
        }
    );
    for k in kernels() {
        let init = k.regs();
        let mut times = Vec::new();
        for level in HandlerLevel::ALL {
            let Some(p) = Program::with_level(&k.code, level) else {
                continue;
            };
            k.check(&p);
            let mut w = k.warp.clone();
            let steps = sim_run(&p, &mut w, &init);
            let t = best(
                || {
                    sim_run(&p, &mut w, &init);
                },
                100,
            );
            times.push((level, steps, t));
        }
        let reps = 100;
        let t_port = best(|| (k.native.portable)(black_box(&mut init.clone())), reps);
        let t_host = best(|| k.native.host(black_box(&mut init.clone())), reps);
        let (level, steps, t_sim) = *times.last().expect("the portable level always runs");
        println!(
            "{:<14} sim ({level:?} handlers) {:>7.1} us, {:>6.1} M warp-inst/s; native: host build {:>7.1} us, baseline build {:>7.1} us; sim/native(host) {:.2}x, sim/native(baseline) {:.2}x",
            k.native.name,
            t_sim * 1e6,
            steps as f64 / t_sim / 1e6,
            t_host * 1e6,
            t_port * 1e6,
            t_sim / t_host,
            t_sim / t_port,
        );
        for (level, _, t) in &times[..times.len() - 1] {
            println!("{:<14} sim ({level:?} handlers) {:>7.1} us", "", t * 1e6);
        }
    }
}

fn bench(c: &mut Criterion) {
    summary();
    for k in kernels() {
        let p = Program::new(&k.code);
        let steps = sim_run(&p, &mut k.warp.clone(), &k.regs());
        let init = k.regs();
        let mut g = c.benchmark_group(k.native.name);
        g.throughput(Throughput::Elements(steps));
        let mut w = k.warp.clone();
        g.bench_function("sim", |b| b.iter(|| sim_run(&p, &mut w, &init)));
        g.bench_function("native host", |b| {
            b.iter(|| k.native.host(black_box(&mut init.clone())))
        });
        g.bench_function("native baseline", |b| {
            b.iter(|| (k.native.portable)(black_box(&mut init.clone())))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
