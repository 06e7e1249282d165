//! Decode a kernel-like stream repeatedly: a fixed workload for instruction-count profiling
//! (`valgrind --tool=cachegrind --branch-sim=yes`), which, unlike wall time, does not
//! depend on what else the machine is doing.

use warpkit_encoding::random::{random_any, random_inst, XorShift};
use warpkit_encoding::{decode, encode_into};

fn main() {
    let uniform = std::env::args().any(|a| a == "--uniform");
    let mut rng = XorShift::new(7);
    let common = [
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
    let body: Vec<_> = common
        .iter()
        .map(|m| random_inst(warpkit_isa::lookup(m).expect("known"), &mut rng))
        .collect();
    let mut code = Vec::new();
    for k in 0..100_000 {
        let i = if uniform {
            random_any(&mut rng)
        } else {
            body[k % body.len()]
        };
        encode_into(&i, &mut code);
    }
    let mut acc = 0u32;
    let mut n = 0u64;
    for _ in 0..10 {
        let mut off = 0;
        while off < code.len() {
            let (i, len) = decode(&code[off..]).expect("valid stream");
            acc = acc.wrapping_add(i.rd as u32);
            off += len;
            n += 1;
        }
    }
    println!("decoded {n} instructions (checksum {acc})");
}
