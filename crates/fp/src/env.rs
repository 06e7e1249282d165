//! The floating-point environment every operation takes and reports to: the rounding
//! modes ([`Rm`]) and the exception flag bits ([`flags`]).

/// Exception flag bits (RISC-V `fflags` order).
pub mod flags {
    /// Inexact.
    pub const NX: u8 = 1;
    /// Underflow (tiny after rounding and inexact).
    pub const UF: u8 = 2;
    /// Overflow.
    pub const OF: u8 = 4;
    /// Division by zero.
    pub const DZ: u8 = 8;
    /// Invalid operation.
    pub const NV: u8 = 16;
}

/// Rounding mode, encoded like the RISC-V `rm` field.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rm {
    /// Round to nearest, ties to even.
    Rne = 0,
    /// Round towards zero.
    Rtz = 1,
    /// Round down (towards -infinity).
    Rdn = 2,
    /// Round up (towards +infinity).
    Rup = 3,
    /// Round to nearest, ties to max magnitude.
    Rmm = 4,
}

impl Rm {
    /// All five modes, in encoding order.
    pub const ALL: [Rm; 5] = [Rm::Rne, Rm::Rtz, Rm::Rdn, Rm::Rup, Rm::Rmm];

    /// Decode a 3-bit rounding-mode field; `None` for the reserved encodings 5..=7 and above.
    pub fn from_bits(b: u8) -> Option<Rm> {
        match b {
            0 => Some(Rm::Rne),
            1 => Some(Rm::Rtz),
            2 => Some(Rm::Rdn),
            3 => Some(Rm::Rup),
            4 => Some(Rm::Rmm),
            _ => None,
        }
    }
}
