//! A fixed integer workload for instruction-count profiling
//! (`valgrind --tool=callgrind target/release/examples/int_loop [ITERS] [EXEC]`): one warp
//! runs a loop of eight independent `mul`+`add` chains (16 vector instructions and 3
//! uniform ones per iteration), the kernel of `benches/sim.rs`, under EXEC (default all
//! lanes).

// The loop and its registers, as benches/sim.rs runs them.
#[path = "../benches/common/muladd.rs"]
mod muladd;

use warpkit_sim::{Program, RunStatus, Warp};

fn main() {
    let iters: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let code = muladd::program();
    let p = Program::new(&code);
    let mut w = Warp::new();
    for r in 0..24 {
        for l in 0..32 {
            w.vregs_mut()[r][l] = muladd::lane(r, l);
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
