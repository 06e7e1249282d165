//! Generation speed: programs of 200 instructions (text and state file) per second, one
//! thread. Target: at least 10,000 per second per core.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use warpkit_gen::{GenConfig, Generator};

fn generate(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    for (name, cfg) in [
        ("200 instructions", GenConfig::default()),
        (
            "200 instructions, --faults",
            GenConfig {
                faults: true,
                ..GenConfig::default()
            },
        ),
    ] {
        let mut gen = Generator::new(cfg).expect("tables");
        // Programs per iteration: a fresh index each time, as a real run makes them.
        g.throughput(Throughput::Elements(1));
        let mut i = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let p = gen.generate(black_box(7), i);
                black_box((p.text.len(), p.state.len()))
            })
        });
    }
    // The same, plus assembling each program (what `warpkit gen` does to check its output).
    let mut gen = Generator::new(GenConfig::default()).expect("tables");
    let mut i = 0u64;
    g.bench_function("200 instructions + assemble", |b| {
        b.iter(|| {
            i += 1;
            let p = gen.generate(black_box(7), i);
            black_box(
                warpkit_asm::assemble(&p.text, &Default::default())
                    .map(|a| a.code.len())
                    .ok(),
            )
        })
    });
    g.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
