//! The integer mul+add loop (tools/bench/muladd.s, hand-encoded) and the registers it starts
//! from, shared by benches/sim.rs and examples/int_loop.rs (which includes this file by path).

use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::lookup;

/// The variant `m` with the given register fields and immediate.
pub fn mk(m: &str, rd: u8, rs1: u8, rs2: u8, imm: i32) -> Inst {
    let mut i = Inst::new(lookup(m).expect("known mnemonic"));
    (i.rd, i.rs1, i.rs2, i.imm) = (rd, rs1, rs2, imm);
    i
}

/// Machine code of `insts`, one after the other.
pub fn encode(insts: &[Inst]) -> Vec<u8> {
    let mut code = Vec::new();
    for i in insts {
        encode_into(i, &mut code);
    }
    code
}

/// loop: v[k] = v[k] * v[8+k]; v[k] = v[k] + v[16+k] for k = 0..8 (eight independent
/// chains, registers v0..v23); u7 += 1; loop while u7 < u9.
pub fn program() -> Vec<u8> {
    let mut body = Vec::new();
    for k in 0..8u8 {
        body.push(mk("mul", k, k, 8 + k, 0));
        body.push(mk("add", k, k, 16 + k, 0));
    }
    body.push(mk("uaddi", 7, 7, 0, 1));
    body.push(mk("usltu", 8, 7, 9, 0));
    let back = -4 * body.len() as i32;
    body.push(mk("bnz", 0, 8, 0, back));
    encode(&body)
}

/// Lane `l` of register `r` at the start (v0..v23 are used).
pub fn lane(r: usize, l: usize) -> u32 {
    (r as u32 * 0x9e37_79b9) ^ (l as u32 * 0x85eb_ca6b)
}
