//! Decode a generated 100k-instruction program ten times: a fixed workload for
//! instruction-count profiling (`valgrind --tool=cachegrind --branch-sim=yes`), which,
//! unlike wall time, does not depend on what else the machine is doing.
//! `--uniform` uses every variant at random instead of the kernel-like mix; `--stream`
//! decodes with `decode_stream` instead of `decode` at each offset; `--access` also builds
//! each instruction's read and write sets (`Inst::reads` / `Inst::writes`).

use warpkit_encoding::decode;
use warpkit_encoding::random::random_program;

fn main() {
    let uniform = std::env::args().any(|a| a == "--uniform");
    let code = random_program(100_000, !uniform, 7);
    let mut acc = 0u32;
    let mut n = 0u64;
    let stream = std::env::args().any(|a| a == "--stream");
    let access = std::env::args().any(|a| a == "--access");
    for _ in 0..10 {
        if stream {
            warpkit_encoding::decode_stream(&code, |_, r, _| {
                acc = acc.wrapping_add(r.expect("valid stream").rd as u32);
                n += 1;
            });
            continue;
        }
        let mut off = 0;
        while off < code.len() {
            let (i, len) = decode(&code[off..]).expect("valid stream");
            acc = acc.wrapping_add(i.rd as u32);
            if access {
                acc = acc.wrapping_add((i.reads().len() + i.writes().len()) as u32);
            }
            off += len;
            n += 1;
        }
    }
    println!("decoded {n} instructions (checksum {acc})");
}
