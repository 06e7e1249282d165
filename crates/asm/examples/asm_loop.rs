//! A fixed workload for instruction-count profiling of the assembler and disassembler
//! (`valgrind --tool=cachegrind`): the benchmark's 100k-instruction program, disassembled
//! and assembled a few times. `--asm` or `--disasm` limits it to one side; `--kernel` uses
//! the kernel-like mix instead of every variant.

use warpkit_asm::{assemble, disassemble, DisasmOptions};
use warpkit_encoding::random::random_program;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kernel = args.iter().any(|a| a == "--kernel");
    let sides = args.iter().filter(|a| *a != "--kernel").count();
    let only = |k: &str| sides < 2 || args.iter().any(|a| a == k);
    let code = random_program(100_000, kernel, 42);
    let text = disassemble(&code, DisasmOptions::default());
    let mut total = 0usize;
    for _ in 0..3 {
        if only("--disasm") {
            total += disassemble(&code, DisasmOptions::default()).len();
        }
        if only("--asm") {
            total += assemble(&text, &Default::default())
                .map(|a| a.code.len())
                .unwrap_or(0);
        }
    }
    println!("{} lines, checksum {total}", text.lines().count());
}
