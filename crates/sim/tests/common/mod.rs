//! Helpers shared by the integration tests: build instructions by mnemonic, encode them,
//! run them.
#![allow(dead_code)]

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
