//! Assembler and disassembler throughput on a generated 100k-instruction program
//! (random valid instructions of every variant, plus labels and branches).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use warpkit_asm::{assemble, disassemble, DisasmOptions};
use warpkit_encoding::encode_into;
use warpkit_encoding::random::{random_any, XorShift};

fn program(n: usize) -> Vec<u8> {
    let mut rng = XorShift::new(42);
    let mut code = Vec::new();
    for _ in 0..n {
        let mut i = random_any(&mut rng);
        // Keep branch targets inside the program so labels get synthesized.
        if let Some(o) = i.desc().operands.iter().find(|o| o.ty.is_pc_relative()) {
            let back = (rng.below(64) as i64) * 4;
            let v = -(back.min(code.len() as i64));
            i.set(o.slot, v);
        }
        encode_into(&i, &mut code);
    }
    code
}

fn bench(c: &mut Criterion) {
    let code = program(100_000);
    let text = disassemble(&code, DisasmOptions::default());
    let lines = text.lines().count() as u64;
    assert_eq!(assemble(&text).expect("round trip").code, code);
    let mut g = c.benchmark_group("asm");
    g.sample_size(20);
    g.throughput(Throughput::Elements(lines));
    g.bench_function("assemble_100k_lines", |b| {
        b.iter(|| assemble(&text).map(|a| a.code.len()))
    });
    g.throughput(Throughput::Elements(100_000));
    g.bench_function("disassemble_100k_insns", |b| {
        b.iter(|| disassemble(&code, DisasmOptions::default()).len())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
