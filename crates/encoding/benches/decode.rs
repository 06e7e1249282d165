//! Decode throughput over a generated stream of 100k valid instructions.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use warpkit_encoding::random::{random_any, XorShift};
use warpkit_encoding::{decode, encode_into};

fn bench(c: &mut Criterion) {
    let mut rng = XorShift::new(7);
    let mut code = Vec::new();
    let mut n = 0u64;
    for _ in 0..100_000 {
        encode_into(&random_any(&mut rng), &mut code);
        n += 1;
    }
    let mut g = c.benchmark_group("decode");
    g.throughput(Throughput::Elements(n));
    g.bench_function("100k_mixed", |b| {
        b.iter(|| {
            let mut off = 0;
            let mut acc = 0u32;
            while off < code.len() {
                let (i, len) = decode(&code[off..]).expect("valid stream");
                acc = acc.wrapping_add(i.rd as u32);
                off += len;
            }
            std::hint::black_box(acc)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
