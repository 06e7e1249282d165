//! Assembler and disassembler throughput on a generated 100k-instruction program
//! (every variant at random, or a kernel-like mix; labels and branches included).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use warpkit_asm::{assemble, disassemble, DisasmOptions};
use warpkit_encoding::random::random_program;

fn bench(c: &mut Criterion) {
    for (name, kernel_mix) in [("all_variants", false), ("kernel_mix", true)] {
        let code = random_program(100_000, kernel_mix, 42);
        let text = disassemble(&code, DisasmOptions::default());
        let lines = text.lines().count() as u64;
        assert_eq!(assemble(&text).expect("round trip").code, code);
        let mut g = c.benchmark_group(format!("asm_{name}"));
        g.sample_size(20);
        g.throughput(Throughput::Elements(lines));
        g.bench_function("assemble_100k_lines", |b| {
            b.iter(|| assemble(&text).map(|a| a.code.len()))
        });
        g.bench_function("disassemble_100k_lines", |b| {
            b.iter(|| disassemble(&code, DisasmOptions::default()).len())
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
