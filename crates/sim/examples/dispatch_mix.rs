//! Dispatch under different mixes of handlers: the straight-line kernel of
//! `benches/sim.rs` (960 instructions on v1..v8) built from a chosen list of variants in
//! rotation, timed (best of 7 x 200 runs). The run loop's indirect call was once 4x
//! slower on some mixes than on others (`add,xor` against `add` alone), depending on
//! where the linker put the handlers; this shows whether that is back.
//!
//! `cargo run --release -p warpkit-sim --example dispatch_mix -- avx2|portable zero|data [add,xor,...]`
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::lookup;
use warpkit_sim::{HandlerLevel, Program, Warp};
fn mk(m: &str, rd: u8, rs1: u8, rs2: u8, imm: i32) -> Inst {
    let mut i = Inst::new(lookup(m).unwrap_or_else(|| panic!("unknown variant {m}")));
    (i.rd, i.rs1, i.rs2, i.imm) = (rd, rs1, rs2, imm);
    i
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: dispatch_mix avx2|portable zero|data [VARIANT,VARIANT,...]");
        std::process::exit(2);
    }
    let level = if args[1] == "avx2" {
        HandlerLevel::Avx2
    } else {
        HandlerLevel::Portable
    };
    let data = args[2] == "data";
    let list: Vec<&str> = args
        .get(3)
        .map(|s| s.split(',').collect())
        .unwrap_or(vec!["add", "xor", "mul", "sll.vi", "srl", "sub"]);
    let only = Some(list.join(","));
    let mut code = Vec::new();
    for k in 0..960usize {
        let m = list[k % list.len()];
        let (d, a, b) = (
            1 + (k % 8) as u8,
            1 + ((k + 3) % 8) as u8,
            1 + ((k + 5) % 8) as u8,
        );
        let i = if m == "sll.vi" {
            mk(m, d, a, 0, 3)
        } else {
            mk(m, d, a, b, 0)
        };
        encode_into(&i, &mut code);
    }
    let Some(p) = Program::with_level(&code, level) else {
        eprintln!("{level:?} is not available on this CPU");
        std::process::exit(1);
    };
    let mut w = Warp::new();
    let mut init = [[0u32; 32]; 24];
    if data {
        for (r, reg) in init.iter_mut().enumerate() {
            for (l, x) in reg.iter_mut().enumerate() {
                *x = (r as u32).wrapping_mul(0x9e37_79b9) ^ (l as u32).wrapping_mul(0x85eb_ca6b);
            }
        }
    }
    let mut best = f64::MAX;
    for _ in 0..7 {
        let t = std::time::Instant::now();
        for _ in 0..200 {
            w.set_pc(0);
            w.vregs_mut()[..24].copy_from_slice(&init);
            w.run(&p, u64::MAX);
        }
        best = best.min(t.elapsed().as_secs_f64() / 200.0);
    }
    println!(
        "{:?} data={data} {:?}: {:.2} us per run",
        level,
        only,
        best * 1e6
    );
}
