//! Random valid instructions, for property tests, benchmarks and stream generators.
//! Deterministic given the generator, so failures reproduce.

use crate::{check_operand, Inst};
use warpkit_isa::{id, InsnId, INSNS};

/// A small, fast, seedable generator (xorshift64*); enough for test-data variety.
#[derive(Clone, Debug)]
pub struct XorShift(pub u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// A random instruction of variant `id` whose every operand is valid.
pub fn random_inst(id: InsnId, rng: &mut XorShift) -> Inst {
    let d = id.desc();
    let mut inst = Inst::new(id);
    for o in d.operands {
        let w = o.width as u32;
        // Rejection sampling over the raw field: valid values are dense for every type.
        loop {
            let raw = rng.next_u64() & if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
            let v = if o.ty.is_signed() {
                let sh = 64 - w;
                ((raw << sh) as i64) >> sh
            } else {
                raw as i64
            };
            if check_operand(d, o, v).is_ok() {
                inst.set(o.slot, v);
                break;
            }
        }
    }
    inst
}

/// A random valid instruction of any variant.
pub fn random_any(rng: &mut XorShift) -> Inst {
    let id = InsnId(rng.below(INSNS.len() as u64) as u16);
    random_inst(id, rng)
}

/// The variants of a typical compute kernel's inner loop: ALU, FP, compares, EXEC control,
/// 64-bit address arithmetic and branches. A realistic mix for benchmarks.
pub const KERNEL_MIX: [InsnId; 32] = [
    id::ADD,
    id::ADD_VI,
    id::MUL,
    id::MAD_U32,
    id::SLL_VI,
    id::AND,
    id::OR_VI,
    id::XOR,
    id::FADD_F32,
    id::FMUL_F32,
    id::FFMA_F32,
    id::FMAC_F32,
    id::CMP_LT_I32,
    id::CMP_LT_F32,
    id::SAVEEXEC_AND,
    id::BEXECZ,
    id::MOV_VU,
    id::MOVI,
    id::ADD64,
    id::MAD64_U32,
    id::UADD,
    id::UADDI,
    id::CNDMASK,
    id::MBCNT,
    id::MOV_VL,
    id::FADD_F32_VL,
    id::MIN,
    id::MAX,
    id::SUB,
    id::SRL,
    id::EXEC_SET,
    id::BNZ,
];

/// `n` random valid instructions, encoded: every variant uniformly (`kernel_mix` false), or
/// the 32 [`KERNEL_MIX`] variants in a repeating order, like a loop body unrolled, each
/// instruction with fresh random operands. PC-relative operands point a short way back
/// inside the program, so a disassembler names them with labels.
pub fn random_program(n: usize, kernel_mix: bool, seed: u64) -> Vec<u8> {
    let mut rng = XorShift::new(seed);
    let mut code = Vec::new();
    for k in 0..n {
        let mut i = if kernel_mix {
            random_inst(KERNEL_MIX[k % KERNEL_MIX.len()], &mut rng)
        } else {
            random_any(&mut rng)
        };
        if let Some(o) = i.desc().operands.iter().find(|o| o.ty.is_pc_relative()) {
            let back = (rng.below(64) as i64) * 4;
            i.set(o.slot, -(back.min(code.len() as i64)));
        }
        crate::encode_into(&i, &mut code);
    }
    code
}
