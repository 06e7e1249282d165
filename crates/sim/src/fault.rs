//! The fault model (SUPPLEMENT §4): precise faults with a cause number, the PC and the raw
//! instruction bits there.

use std::fmt;
use warpkit_encoding::DecodeError;
use warpkit_isa::InsnId;

/// Fault causes. The numbers are architectural (state files, traces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultCause {
    /// Undecodable word, reserved value, out-of-range register, or an instruction whose
    /// unit is not modelled.
    IllegalInsn = 1,
    /// PC outside the code object, not 4-aligned, or an instruction cut by the end.
    FetchFault = 2,
}

impl FaultCause {
    pub fn code(self) -> u32 {
        self as u32
    }
    pub fn name(self) -> &'static str {
        match self {
            FaultCause::IllegalInsn => "IllegalInsn",
            FaultCause::FetchFault => "FetchFault",
        }
    }
}

/// Why a fault happened (more detail than the architectural cause, for messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultReason {
    /// The word does not decode.
    Decode(DecodeError),
    /// A §7 tex/gfx instruction: its unit is not modelled.
    Unsupported(InsnId),
    /// A decodable instruction whose semantics the model does not have yet (§6.2 FP).
    NotImplemented(InsnId),
    /// The instruction names vector register `reg`, but the warp has only `vgprs`.
    VgprLimit { reg: u8, vgprs: u8 },
    /// PC is at or past the end of the code object (but not exactly at the end).
    OutsideCode,
    /// PC is not a multiple of 4.
    Misaligned,
    /// The instruction at PC runs past the end of the code object.
    Truncated,
    /// The fault was read from a state file (which records cause, PC and word, not why).
    FromState,
}

impl fmt::Display for FaultReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FaultReason::Decode(e) => write!(f, "undecodable: {e}"),
            FaultReason::Unsupported(id) => {
                write!(f, "{}: tex/gfx unit is not modelled", id.desc().mnemonic)
            }
            FaultReason::NotImplemented(id) => {
                write!(f, "{}: semantics not implemented yet", id.desc().mnemonic)
            }
            FaultReason::VgprLimit { reg, vgprs } => {
                write!(
                    f,
                    "names v{reg}, but only {vgprs} vector registers are allocated"
                )
            }
            FaultReason::OutsideCode => write!(f, "PC outside the code object"),
            FaultReason::Misaligned => write!(f, "PC not 4-byte aligned"),
            FaultReason::Truncated => write!(f, "instruction cut by the end of the code object"),
            FaultReason::FromState => write!(f, "recorded in the input state"),
        }
    }
}

/// A precise fault: the faulting instruction changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    pub cause: FaultCause,
    pub pc: u32,
    /// The raw bits at PC (zero-padded if fewer bytes are there; 0 outside the code).
    pub word: u64,
    /// 4 or 8: how many bytes `word` stands for.
    pub word_bytes: u8,
    pub reason: FaultReason,
}

impl Fault {
    /// `0x` + 8 or 16 lowercase hex digits.
    pub fn word_hex(&self) -> String {
        if self.word_bytes == 8 {
            format!("0x{:016x}", self.word)
        } else {
            format!("0x{:08x}", self.word as u32)
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (cause {}) at pc 0x{:08x}, word {}: {}",
            self.cause.name(),
            self.cause.code(),
            self.pc,
            self.word_hex(),
            self.reason
        )
    }
}

impl std::error::Error for Fault {}
