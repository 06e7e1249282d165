//! Helpers shared by the integration tests: build instructions by mnemonic, encode them,
//! run them.
#![allow(dead_code)]

/// The compiling tier behind `Warp::run` in every test binary that includes this module
/// (before `main`, so before any test runs): with WARPKIT_ENGINE=jit the tests go through
/// it, with WARPKIT_ENGINE=interp they do not (.ci/run runs both).
#[ctor::ctor]
fn register_tier() {
    warpkit_jit::register();
}

use warpkit_encoding::{check, encode_into, Inst};
use warpkit_isa::lookup;
use warpkit_sim::{Program, RunOutcome, RunStatus, Warp};

/// A variant with every operand zero (rm = dyn).
pub fn ins(m: &str) -> Inst {
    Inst::new(lookup(m).unwrap_or_else(|| panic!("no variant {m}")))
}

/// A variant with register slots and immediate set.
pub fn mk(m: &str, rd: u8, rs1: u8, rs2: u8, rs3: u8, imm: i32) -> Inst {
    let mut i = ins(m);
    i.rd = rd;
    i.rs1 = rs1;
    i.rs2 = rs2;
    i.rs3 = rs3;
    i.imm = imm;
    i
}

/// Encode a program (each instruction checked first, so test bugs show up as such).
pub fn code(insts: &[Inst]) -> Vec<u8> {
    let mut v = Vec::new();
    for i in insts {
        if let Err((slot, e)) = check(i) {
            panic!(
                "test builds a bad {}: {} {e}",
                i.desc().mnemonic,
                slot.name()
            );
        }
        encode_into(i, &mut v);
    }
    v
}

/// Run a program on a copy of `w` for at most `max` steps.
pub fn run(insts: &[Inst], w: &Warp, max: u64) -> (Warp, RunOutcome) {
    let p = Program::new(&code(insts));
    let mut w = w.clone();
    let o = w.run(&p, max);
    (w, o)
}

/// Run one instruction that must complete and fall off the end.
pub fn run1(i: &Inst, w: &Warp) -> Warp {
    let (w2, o) = run(std::slice::from_ref(i), w, 10);
    assert_eq!(
        o.status,
        RunStatus::Exited,
        "{}: {:?}",
        i.desc().mnemonic,
        o.status
    );
    assert_eq!(o.steps, 1);
    assert_eq!(w2.pc() as usize, i.size());
    w2
}

/// Expect a fault with this cause; the warp must be unchanged.
pub fn expect_fault(insts: &[Inst], w: &Warp, cause: u32) -> warpkit_sim::Fault {
    let (w2, o) = run(insts, w, 10);
    match o.status {
        RunStatus::Faulted(f) => {
            assert_eq!(f.cause.code(), cause, "{f}");
            assert_eq!(&w2, w, "faulting instruction changed state");
            f
        }
        s => panic!("expected a fault, got {s:?}"),
    }
}

// ------------------------------------------------------------------ random programs and states

use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_isa::{InsnId, INSNS};
use warpkit_sim::{has_semantics, Mode};

/// Every variant the model executes (read from the tables).
pub fn executable_ids() -> Vec<InsnId> {
    INSNS
        .iter()
        .map(|d| d.id)
        .filter(|&id| has_semantics(id))
        .collect()
}

/// A lane value drawn to hit corner cases of integer and FP semantics.
pub fn lane_value(rng: &mut XorShift) -> u32 {
    let x = rng.next_u64();
    let r = x as u32;
    match (x >> 40) % 10 {
        0 => [0, 1, 2, 31, 32, 0x7fff_ffff, 0x8000_0000, u32::MAX][(r % 8) as usize],
        // binary32 specials and near-specials: zeros, infinities, NaNs, subnormals, 1.0
        1 => [
            0x8000_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0x7f80_0001,
            0x0000_0001,
            0x0080_0000,
            0x3f80_0000,
        ][(r % 8) as usize],
        // packed binary16 pairs of specials
        2 => [0x7c00, 0x7e00, 0x7c01, 0x0001, 0x3c00, 0x8000][(r % 6) as usize] * 0x1_0001,
        3 => r & 0xff,
        4 => (r & 0x807f_ffff) | 0x3f00_0000,
        _ => r,
    }
}

/// A warp with random registers, one of the EXEC patterns (full, empty, one lane,
/// random), random MODE and FFLAGS.
pub fn random_warp(rng: &mut XorShift) -> Warp {
    let mut w = Warp::new();
    for r in 0..128 {
        for l in 0..32 {
            w.vregs_mut()[r][l] = lane_value(rng);
        }
    }
    for r in 0..64 {
        // Small values too, so movrel indices and shift amounts land in range.
        w.uregs_mut()[r] = if rng.below(3) == 0 {
            rng.below(40) as u32
        } else {
            lane_value(rng)
        };
    }
    w.set_exec(match rng.below(4) {
        0 => u32::MAX,
        1 => 0,
        2 => 1 << rng.below(32),
        _ => rng.next_u64() as u32,
    });
    w.set_mode(Mode {
        rm: rng.below(5) as u8,
        rm16: rng.below(5) as u8,
    })
    .unwrap();
    w.set_fflags(rng.below(32) as u8).unwrap();
    w
}

/// `w` as a state file launches it: not yet run, no steps taken.
pub fn not_yet_run(w: Warp) -> warpkit_sim::WarpResult {
    warpkit_sim::WarpResult {
        warp: w,
        outcome: RunOutcome {
            status: RunStatus::StepLimit,
            steps: 0,
        },
    }
}

/// `n` random instructions of the executable variants. Branch and jump offsets point
/// forward (to the next few instructions or just past the end), so programs terminate;
/// `back` lets one in `back` of them jump backwards a little instead (loops that only a
/// step limit ends).
pub fn random_exec_program(n: usize, rng: &mut XorShift, back: u64) -> Vec<u8> {
    let ids = executable_ids();
    let mut insts = Vec::with_capacity(n);
    for _ in 0..n {
        insts.push(random_inst(ids[rng.below(ids.len() as u64) as usize], rng));
    }
    // Byte offset of each instruction, to aim branches at instruction starts.
    let mut at = Vec::with_capacity(n + 1);
    let mut off = 0i64;
    for i in &insts {
        at.push(off);
        off += i.size() as i64;
    }
    at.push(off);
    for (k, i) in insts.iter_mut().enumerate() {
        if let Some(o) = i.desc().operands.iter().find(|o| o.ty.is_pc_relative()) {
            let target = if back > 0 && rng.below(back) == 0 {
                k.saturating_sub(rng.below(6) as usize)
            } else {
                (k + 1 + rng.below(4) as usize).min(n)
            };
            i.set(o.slot, at[target] - at[k]);
        }
    }
    code(&insts)
}
