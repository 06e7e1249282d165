//! The presenter over a full register grid (4,096 lanes of random bits) in each format:
//! what the playground's `/api/present` does for a page of new values.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use warpkit_ui::present::{word, Format};

fn bench(c: &mut Criterion) {
    // A fixed xorshift stream: the same values every run.
    let mut x = 0x9e37_79b9_u32;
    let values: Vec<u32> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        })
        .collect();
    let mut g = c.benchmark_group("present 4096 values");
    g.throughput(Throughput::Elements(values.len() as u64));
    for f in Format::ALL {
        g.bench_function(f.name(), |b| {
            b.iter(|| values.iter().map(|&v| word(v, f).len()).sum::<usize>())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
