//! A fixed workload for instruction-count profiling of the assembler and disassembler
//! (`valgrind --tool=cachegrind`): the benchmark's 100k-instruction program, disassembled
//! and assembled a few times. `--asm` or `--disasm` limits it to one side.

use warpkit_asm::{assemble, disassemble, DisasmOptions};
use warpkit_encoding::encode_into;
use warpkit_encoding::random::{random_any, XorShift};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let only = |k: &str| args.len() < 2 || args.iter().any(|a| a == k);
    let mut rng = XorShift::new(42);
    let mut code = Vec::new();
    for _ in 0..100_000 {
        let mut i = random_any(&mut rng);
        if let Some(o) = i.desc().operands.iter().find(|o| o.ty.is_pc_relative()) {
            let back = (rng.below(64) as i64) * 4;
            i.set(o.slot, -(back.min(code.len() as i64)));
        }
        encode_into(&i, &mut code);
    }
    let text = disassemble(&code, DisasmOptions::default());
    let mut total = 0usize;
    for _ in 0..3 {
        if only("--disasm") {
            total += disassemble(&code, DisasmOptions::default()).len();
        }
        if only("--asm") {
            total += assemble(&text).map(|a| a.code.len()).unwrap_or(0);
        }
    }
    println!("{} lines, checksum {total}", text.lines().count());
}
