//! A fixed integer workload for instruction-count profiling
//! (`valgrind --tool=callgrind target/release/examples/int_loop [ITERS] [EXEC]`): one warp
//! runs a loop of eight independent `mul`+`add` chains (16 vector instructions and 3
//! uniform ones per iteration), the kernel of `benches/sim.rs`, under EXEC (default all
//! lanes).

use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::lookup;
use warpkit_sim::{Program, RunStatus, Warp};

fn mk(m: &str, rd: u8, rs1: u8, rs2: u8, imm: i32) -> Inst {
    let mut i = Inst::new(lookup(m).expect("known mnemonic"));
    (i.rd, i.rs1, i.rs2, i.imm) = (rd, rs1, rs2, imm);
    i
}

fn main() {
    let iters: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let mut body = Vec::new();
    for k in 0..8u8 {
        body.push(mk("mul", k, k, 8 + k, 0));
        body.push(mk("add", k, k, 16 + k, 0));
    }
    body.push(mk("uaddi", 7, 7, 0, 1));
    body.push(mk("usltu", 8, 7, 9, 0));
    body.push(mk("bnz", 0, 8, 0, -4 * 18));
    let mut code = Vec::new();
    for i in &body {
        encode_into(i, &mut code);
    }
    let p = Program::new(&code);
    let mut w = Warp::new();
    for r in 0..24 {
        for l in 0..32 {
            w.vregs_mut()[r][l] = (r as u32 * 0x9e37_79b9) ^ (l as u32 * 0x85eb_ca6b);
        }
    }
    w.uregs_mut()[9] = iters;
    if let Some(e) = std::env::args().nth(2) {
        let e = e.trim_start_matches("0x");
        w.set_exec(u32::from_str_radix(e, 16).expect("EXEC in hex"));
    }
    let o = w.run(&p, u64::MAX);
    assert_eq!(o.status, RunStatus::Exited);
    println!(
        "{} instructions, {:?} handlers; v0[0] = {:#010x}",
        o.steps,
        p.level(),
        w.vregs()[0][0]
    );
}
