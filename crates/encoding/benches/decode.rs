//! Decode throughput over a generated stream of 100k valid instructions.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use warpkit_encoding::random::{random_any, XorShift};
use warpkit_encoding::{decode, encode_into};

fn decode_all(code: &[u8]) -> u32 {
    let mut off = 0;
    let mut acc = 0u32;
    while off < code.len() {
        let (i, len) = decode(&code[off..]).expect("valid stream");
        acc = acc.wrapping_add(i.rd as u32);
        off += len;
    }
    acc
}

fn bench(c: &mut Criterion) {
    // Uniformly random variants: the worst case for branch prediction.
    let mut rng = XorShift::new(7);
    let mut random = Vec::new();
    for _ in 0..100_000 {
        encode_into(&random_any(&mut rng), &mut random);
    }
    // A kernel-like stream: a 32-instruction loop body of common ALU, FP, compare and
    // branch variants with random operands, repeated.
    let common = [
        "add",
        "add.vi",
        "mul",
        "mad.u32",
        "sll.vi",
        "and",
        "or.vi",
        "xor",
        "fadd.f32",
        "fmul.f32",
        "ffma.f32",
        "fmac.f32",
        "cmp.lt.i32",
        "cmp.lt.f32",
        "saveexec.and",
        "bexecz",
        "mov.vu",
        "movi",
        "add64",
        "mad64.u32",
        "uadd",
        "uaddi",
        "cndmask",
        "mbcnt",
        "mov.vl",
        "fadd.f32.vl",
        "min",
        "max",
        "sub",
        "srl",
        "exec.set",
        "bnz",
    ];
    let ids: Vec<_> = common
        .iter()
        .map(|m| warpkit_isa::lookup(m).expect("known"))
        .collect();
    let body: Vec<_> = ids
        .iter()
        .map(|id| warpkit_encoding::random::random_inst(*id, &mut rng))
        .collect();
    let mut kernel = Vec::new();
    for k in 0..100_000 {
        encode_into(&body[k % body.len()], &mut kernel);
    }
    let mut g = c.benchmark_group("decode");
    g.throughput(Throughput::Elements(100_000));
    g.bench_function("100k_uniform_random_variants", |b| {
        b.iter(|| std::hint::black_box(decode_all(&random)))
    });
    g.bench_function("100k_kernel_mix", |b| {
        b.iter(|| std::hint::black_box(decode_all(&kernel)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
