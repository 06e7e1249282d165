//! The comparison behind `wk_cosim_check`: a device's retirement against the model's
//! record of the same step, and the one-line message that names the first difference.
//!
//! The message format is shared with the cocotb testbench of `examples/cosim`
//! (`tb/cosim.py`, whose tests check that both say the same words):
//! `warp W step S pc 0xPPPPPPPP (ASM): WHAT: expected X, got Y`.

use crate::record::{wk_commit, wk_write, WK_FILE_U, WK_FILE_V, WK_MAX_WRITES};
use warpkit_sim::{Commit, StepResult, NUM_UREGS, NUM_VREGS};

fn hex(x: u32) -> String {
    format!("0x{x:08x}")
}

/// A record a device could not have produced: why.
pub fn validate(d: &wk_commit) -> Result<(), String> {
    if d.n_writes as usize > WK_MAX_WRITES {
        return Err(format!(
            "dut->n_writes is {}; at most {WK_MAX_WRITES}",
            d.n_writes
        ));
    }
    for (k, w) in d.writes[..d.n_writes as usize].iter().enumerate() {
        let limit = match w.file {
            WK_FILE_V => NUM_VREGS,
            WK_FILE_U => NUM_UREGS,
            f => {
                return Err(format!(
                    "dut->writes[{k}].file is {f}; want WK_FILE_V ({WK_FILE_V}) or WK_FILE_U ({WK_FILE_U})"
                ))
            }
        };
        if w.reg as usize >= limit {
            return Err(format!(
                "dut->writes[{k}]: register {}{} does not exist",
                name_prefix(w),
                w.reg
            ));
        }
    }
    Ok(())
}

fn name_prefix(w: &wk_write) -> char {
    if w.file == WK_FILE_V {
        'v'
    } else {
        'u'
    }
}

fn name(w: &wk_write) -> String {
    format!("{}{}", name_prefix(w), w.reg)
}

/// The first difference between the model's step (`r`; its record `c` when it retired,
/// FFLAGS after it, its text) and the device's retirement, or None.
pub fn compare(
    warp: u32,
    r: &StepResult,
    c: &Commit,
    fflags_after: u8,
    asm: &str,
    dut: &wk_commit,
) -> Option<String> {
    match r {
        StepResult::Faulted(f) => {
            let cause = f.cause.code();
            if dut.trap == cause && dut.pc == f.pc {
                return None;
            }
            let got = if dut.trap != 0 {
                format!("trap cause {} at pc {}", dut.trap, hex(dut.pc))
            } else {
                format!("retired pc {}", hex(dut.pc))
            };
            Some(format!(
                "warp {warp}: expected fault cause {cause} ({}) at pc {}, got {got}",
                f.cause.name(),
                hex(f.pc)
            ))
        }
        StepResult::Exited => Some(format!(
            "warp {warp}: the model's warp has ended; the DUT retired pc {}",
            hex(dut.pc)
        )),
        StepResult::Running => compare_retired(c, fflags_after, dut).map(|what| {
            format!(
                "warp {warp} step {} pc {} ({asm}): {what}",
                c.step,
                hex(c.pc)
            )
        }),
    }
}

fn compare_retired(c: &Commit, fflags_after: u8, dut: &wk_commit) -> Option<String> {
    let diff = |what: &str, want: u32, got: u32| {
        (want != got).then(|| format!("{what}: expected {}, got {}", hex(want), hex(got)))
    };
    if let Some(m) = diff("pc", c.pc, dut.pc) {
        return Some(m);
    }
    if dut.insn != c.word {
        let w = if c.size == 8 || dut.insn > u32::MAX as u64 {
            16
        } else {
            8
        };
        return Some(format!(
            "insn: expected 0x{:0w$x}, got 0x{:0w$x}",
            c.word, dut.insn
        ));
    }
    if dut.trap != 0 {
        return Some(format!("trap: expected none, got cause {}", dut.trap));
    }
    if let Some(m) = diff("exec before", c.exec, dut.exec_before) {
        return Some(m);
    }
    // The model's registers, vector then uniform, as wk_write records.
    let model = wk_commit::from_commit(0, c, fflags_after);
    let mine = &model.writes[..model.n_writes as usize];
    let theirs = &dut.writes[..dut.n_writes as usize];
    let find = |set: &[wk_write], w: &wk_write| {
        set.iter().position(|x| x.file == w.file && x.reg == w.reg)
    };
    for w in mine {
        if find(theirs, w).is_none() {
            return Some(format!("{}: written by the model, not by the DUT", name(w)));
        }
    }
    for w in theirs {
        if find(mine, w).is_none() {
            return Some(format!("{}: written by the DUT, not by the model", name(w)));
        }
    }
    for w in mine {
        let d = &theirs[find(theirs, w)?];
        if w.file == WK_FILE_V {
            for lane in 0..32 {
                if w.mask >> lane & 1 == 1 && w.lanes[lane] != d.lanes[lane] {
                    return Some(format!(
                        "{} lane {lane}: expected {}, got {}",
                        name(w),
                        hex(w.lanes[lane]),
                        hex(d.lanes[lane])
                    ));
                }
            }
        } else if let Some(m) = diff(&name(w), w.lanes[0], d.lanes[0]) {
            return Some(m);
        }
    }
    diff("exec after", model.exec_after, dut.exec_after)
        .or_else(|| diff("next pc", model.next_pc, dut.next_pc))
        .or_else(|| diff("fflags after", model.fflags_after, dut.fflags_after))
}
