//! Decode throughput over generated 100k-instruction programs.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use warpkit_encoding::random::random_program;
use warpkit_encoding::{decode, decode_stream, encode_into, Reg};

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

fn stream_all(code: &[u8]) -> u32 {
    let mut acc = 0u32;
    decode_stream(code, |_, r, _| {
        acc = acc.wrapping_add(r.expect("valid stream").rd as u32)
    });
    acc
}

fn bench(c: &mut Criterion) {
    // Uniformly random variants: the worst case for branch prediction.
    let random = random_program(100_000, false, 7);
    // A kernel-like stream: a 32-instruction loop body of common variants, repeated.
    let kernel = random_program(100_000, true, 7);
    // The same instructions as `random`, sorted by format: what the random order of formats
    // (one mispredicted jump per instruction) costs, with everything else equal.
    let sorted = {
        let mut insts = Vec::new();
        decode_stream(&random, |_, r, _| insts.push(r.expect("valid stream")));
        insts.sort_by_key(|i| i.desc().format as u8);
        let mut code = Vec::new();
        for i in &insts {
            encode_into(i, &mut code);
        }
        code
    };
    // Instructions are 4 or 8 bytes: say how many 32-bit words each program has, so
    // instructions/s converts to words/s.
    for (name, code) in [("uniform", &random), ("kernel mix", &kernel)] {
        eprintln!(
            "{name}: 100000 instructions, {} words of 32 bits",
            code.len() / 4
        );
    }
    let mut g = c.benchmark_group("decode");
    g.throughput(Throughput::Elements(100_000));
    g.bench_function("100k_uniform_random_variants", |b| {
        b.iter(|| std::hint::black_box(decode_all(&random)))
    });
    g.bench_function("100k_kernel_mix", |b| {
        b.iter(|| std::hint::black_box(decode_all(&kernel)))
    });
    // The stream API, as the disassembler uses it.
    g.bench_function("stream_100k_uniform_random_variants", |b| {
        b.iter(|| std::hint::black_box(stream_all(&random)))
    });
    g.bench_function("stream_100k_kernel_mix", |b| {
        b.iter(|| std::hint::black_box(stream_all(&kernel)))
    });
    g.bench_function("stream_100k_uniform_variants_sorted_by_format", |b| {
        b.iter(|| std::hint::black_box(stream_all(&sorted)))
    });

    g.finish();

    // Concrete read and write sets of already-decoded instructions (what a scoreboard or a
    // commit checker asks per executed instruction).
    let mut g = c.benchmark_group("access");
    g.throughput(Throughput::Elements(100_000));
    for (name, code) in [("uniform", &random), ("kernel_mix", &kernel)] {
        let mut insts = Vec::new();
        decode_stream(code, |_, r, _| insts.push(r.expect("valid stream")));
        g.bench_function(format!("reads_and_writes_100k_{name}"), |b| {
            b.iter(|| {
                insts.iter().fold(0usize, |n, i| {
                    let i = std::hint::black_box(i);
                    i.reads()
                        .iter()
                        .chain(i.writes().iter())
                        .fold(n, |n, r| n + matches!(r, Reg::V(_)) as usize)
                })
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
