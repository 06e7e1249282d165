//! The records of the C interface a device and the model exchange: one retired
//! instruction ([`wk_commit`]) and the registers it wrote ([`wk_write`]).

use warpkit_sim::{MAX_U_WRITES, MAX_V_WRITES};

/// Most registers one record holds (vector and uniform together).
pub const WK_MAX_WRITES: usize = 16;
const _: () = assert!(WK_MAX_WRITES >= MAX_V_WRITES + MAX_U_WRITES);

/// `wk_write.file`: a vector register (32 lanes).
pub const WK_FILE_V: u8 = 1;
/// `wk_write.file`: a uniform register (its value in `lanes[0]`).
pub const WK_FILE_U: u8 = 2;

/// One register an instruction wrote.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct wk_write {
    /// WK_FILE_V or WK_FILE_U.
    pub file: u8,
    /// Register number: v0..v127, u0..u63.
    pub reg: u8,
    pub reserved: [u8; 2],
    /// Vector: the lanes written (bit i = lane i; EXEC at the write). Uniform: 1.
    pub mask: u32,
    /// Vector: the whole register after the instruction, lane 0 first (lanes outside `mask`
    /// keep their value). Uniform: the value in lanes[0], the rest 0.
    pub lanes: [u32; 32],
}

/// One retired instruction, as a device's retirement port reports it (RVFI-like) and as
/// `wk_sim_step` fills it from the model.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct wk_commit {
    /// Warp index (set by wk_sim_step; wk_cosim_check ignores it).
    pub warp: u32,
    /// 0: the instruction retired. Otherwise the fault cause it raised (1 IllegalInsn,
    /// 2 FetchFault): nothing was written and the warp stopped.
    pub trap: u32,
    /// The warp's retired-instruction count before this instruction (set by wk_sim_step;
    /// wk_cosim_check ignores it).
    pub step: u64,
    /// The instruction bits: a 32-bit instruction in bits 31:0, a 64-bit one whole (its
    /// second word in bits 63:32).
    pub insn: u64,
    pub pc: u32,
    /// 4 or 8 bytes (set by wk_sim_step; wk_cosim_check ignores it).
    pub size: u32,
    pub exec_before: u32,
    pub exec_after: u32,
    /// FFLAGS after the instruction (5 bits, RISC-V order).
    pub fflags_after: u32,
    /// PC of the next instruction.
    pub next_pc: u32,
    /// Entries of `writes` in use.
    pub n_writes: u32,
    pub reserved: u32,
    pub writes: [wk_write; WK_MAX_WRITES],
}
