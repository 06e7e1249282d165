//! The code-object ABI: ELF identification, relocation numbers and the `.note.warpkit`
//! layout. docs/code-objects.md describes every field; the tests read files back with
//! binutils, LLVM and pyelftools.

use warpkit_asm::unit::RelocKind;

/// `e_machine`. No number is registered for this ISA; 0x574b ("WK") is unassigned in the
/// ELF registry and is provisional (ARCHITECTURE.md, decisions).
pub const EM_WARPKIT: u16 = 0x574b;

/// The ISA version the code is for: major, minor (SUPPLEMENT: v0.1).
pub const ISA_VERSION: (u8, u8) = (0, 1);

/// `e_flags`: bits 15..8 the ISA major version, 7..0 the minor; the rest are 0.
pub const fn e_flags(version: (u8, u8)) -> u32 {
    (version.0 as u32) << 8 | version.1 as u32
}

/// Bits of `e_flags` that are defined.
pub const EF_WARPKIT_VERSION_MASK: u32 = 0xffff;

/// The note owner name (`n_name`).
pub const NOTE_NAME: &[u8] = b"warpkit";
/// The note section's name.
pub const NOTE_SECTION: &str = ".note.warpkit";
/// `n_type` of the version note: u8 ISA major, u8 minor, u16 0, then the assembler's
/// version as a NUL-terminated string.
pub const NT_WARPKIT_VERSION: u32 = 1;
/// `n_type` of a kernel note (one per kernel); see [`crate::note::KernelInfo`].
pub const NT_WARPKIT_KERNEL: u32 = 2;

/// Kernel note flag: the kernel (or code it calls) has binary16 instructions (the
/// database's `h16` flag).
pub const KF_USES_BINARY16: u32 = 1;
/// Kernel note flag: the kernel has an indirect jump or call (`jr`/`jalr`), so the
/// register counts cover only the code reached by direct branches and calls.
pub const KF_INDIRECT: u32 = 2;

/// Relocation types (`ELF64_R_TYPE`), all RELA. S = symbol value, A = addend, P = offset
/// of the instruction (or data item) patched.
pub const R_WARPKIT_NONE: u32 = 0;
pub const R_WARPKIT_PC17: u32 = 1;
pub const R_WARPKIT_PC19: u32 = 2;
pub const R_WARPKIT_PC22: u32 = 3;
pub const R_WARPKIT_K32: u32 = 4;
pub const R_WARPKIT_ABS32: u32 = 5;
pub const R_WARPKIT_ABS64: u32 = 6;

pub fn reloc_number(k: RelocKind) -> u32 {
    match k {
        RelocKind::Pc17 => R_WARPKIT_PC17,
        RelocKind::Pc19 => R_WARPKIT_PC19,
        RelocKind::Pc22 => R_WARPKIT_PC22,
        RelocKind::K32 => R_WARPKIT_K32,
        RelocKind::Abs32 => R_WARPKIT_ABS32,
        RelocKind::Abs64 => R_WARPKIT_ABS64,
    }
}

pub fn reloc_kind(n: u32) -> Option<RelocKind> {
    RelocKind::ALL.into_iter().find(|&k| reloc_number(k) == n)
}

pub fn reloc_name(k: RelocKind) -> &'static str {
    match k {
        RelocKind::Pc17 => "R_WARPKIT_PC17",
        RelocKind::Pc19 => "R_WARPKIT_PC19",
        RelocKind::Pc22 => "R_WARPKIT_PC22",
        RelocKind::K32 => "R_WARPKIT_K32",
        RelocKind::Abs32 => "R_WARPKIT_ABS32",
        RelocKind::Abs64 => "R_WARPKIT_ABS64",
    }
}

/// The symbol the linker defines at the end of the linked code: a branch to it ends the
/// warp (a warp exits when its PC reaches the code size).
pub const END_SYMBOL: &str = "_end";
