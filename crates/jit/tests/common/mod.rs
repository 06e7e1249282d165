//! What several of the tier's tests build the same way.

use warpkit_encoding::Inst;
use warpkit_isa::id;

/// The loop control the random loop programs end with: `u60 += 1; u61 = u60 < u62;
/// bnz u61` (the branch's offset is the caller's to set).
pub fn loop_tail() -> [Inst; 3] {
    let mut tail = [
        Inst::new(id::UADDI),
        Inst::new(id::USLTU),
        Inst::new(id::BNZ),
    ];
    (tail[0].rd, tail[0].rs1, tail[0].imm) = (60, 60, 1);
    (tail[1].rd, tail[1].rs1, tail[1].rs2) = (61, 60, 62);
    tail[2].rs1 = 61;
    tail
}
