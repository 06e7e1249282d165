//! Assembler and disassembler throughput on a generated 100k-instruction program
//! (every variant at random, or a kernel-like mix; labels and branches included).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use warpkit_asm::{assemble, disassemble, AsmOptions, DisasmOptions};
use warpkit_encoding::random::random_program;

fn bench(c: &mut Criterion) {
    for (name, kernel_mix) in [("all_variants", false), ("kernel_mix", true)] {
        let code = random_program(100_000, kernel_mix, 42);
        let text = disassemble(&code, DisasmOptions::default());
        let lines = text.lines().count() as u64;
        assert_eq!(
            assemble(&text, &Default::default())
                .expect("round trip")
                .code,
            code
        );
        let mut g = c.benchmark_group(format!("asm_{name}"));
        g.sample_size(20);
        g.throughput(Throughput::Elements(lines));
        g.bench_function("assemble_100k_lines", |b| {
            b.iter(|| assemble(&text, &Default::default()).map(|a| a.code.len()))
        });
        g.bench_function("disassemble_100k_lines", |b| {
            b.iter(|| disassemble(&code, DisasmOptions::default()).len())
        });
        g.finish();
    }
}

/// A file of 40,000 errors (unknown mnemonics, bad registers, unknown labels): collecting
/// them, and printing the first 100 as the command line does.
fn errors(c: &mut Criterion) {
    let src: String = (0..40_000)
        .map(|i| match i % 3 {
            0 => format!("bogus{i} v1, v2\n"),
            1 => "add v1, v2, v999\n".to_string(),
            _ => format!("jmp nowhere{i}\n"),
        })
        .collect();
    let mut g = c.benchmark_group("asm_errors");
    g.sample_size(20);
    g.throughput(Throughput::Elements(40_000));
    g.bench_function("collect_40k_errors", |b| {
        b.iter(|| {
            assemble(&src, &Default::default())
                .err()
                .map_or(0, |d| d.list.len())
        })
    });
    let d = assemble(&src, &AsmOptions::named("e.s")).expect_err("errors");
    g.bench_function("render_first_100", |b| {
        b.iter(|| d.render_limited(false, 100).len())
    });
    g.finish();
}

criterion_group!(benches, bench, errors);
criterion_main!(benches);
