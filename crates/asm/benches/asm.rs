//! Assembler and disassembler throughput on a generated 100k-instruction program
//! (random valid instructions of every variant, plus labels and branches).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use warpkit_asm::{assemble, disassemble, DisasmOptions};
use warpkit_encoding::encode_into;
use warpkit_encoding::random::{random_any, random_inst, XorShift};

/// The 32 variants of a typical compute kernel's inner loop (the decode bench uses the same).
const KERNEL: [&str; 32] = [
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

/// `n` random instructions: of every variant uniformly, or of the kernel variants.
fn program(n: usize, kernel_mix: bool) -> Vec<u8> {
    let mut rng = XorShift::new(42);
    let mut code = Vec::new();
    let ids: Vec<_> = KERNEL
        .iter()
        .map(|m| warpkit_isa::lookup(m).expect("known"))
        .collect();
    for k in 0..n {
        let mut i = if kernel_mix {
            random_inst(ids[k % ids.len()], &mut rng)
        } else {
            random_any(&mut rng)
        };
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
    for (name, kernel_mix) in [("all_variants", false), ("kernel_mix", true)] {
        let code = program(100_000, kernel_mix);
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
