//! Architectural state of one warp (SUPPLEMENT §1): registers, EXEC, PC, MODE, FFLAGS,
//! and the count of instructions it has retired. Execution lives in `run.rs`.

/// Lanes per warp.
pub const LANES: usize = 32;
/// Architectural vector registers (`v0..v127`).
pub const NUM_VREGS: usize = 128;
/// Uniform registers (`u0..u63`).
pub const NUM_UREGS: usize = 64;

/// One vector register: a 32-bit value per lane.
pub type VReg = [u32; LANES];

/// Rounding-mode values of `MODE.rm` / `MODE.rm16` and of the `rm` field.
pub mod rm {
    pub const RNE: u8 = 0;
    pub const RTZ: u8 = 1;
    pub const RDN: u8 = 2;
    pub const RUP: u8 = 3;
    pub const RMM: u8 = 4;
    /// Only in an instruction's `rm` field: use MODE.
    pub const DYN: u8 = 7;

    /// Name of a MODE value (`rne` ...), or `None` for 5..7.
    pub fn name(v: u8) -> Option<&'static str> {
        Some(match v {
            RNE => "rne",
            RTZ => "rtz",
            RDN => "rdn",
            RUP => "rup",
            RMM => "rmm",
            _ => return None,
        })
    }

    /// MODE value of a name.
    pub fn from_name(s: &str) -> Option<u8> {
        Some(match s {
            "rne" => RNE,
            "rtz" => RTZ,
            "rdn" => RDN,
            "rup" => RUP,
            "rmm" => RMM,
            _ => return None,
        })
    }
}

/// FFLAGS bits (RISC-V order).
pub mod fflag {
    pub const NX: u8 = 1 << 0;
    pub const UF: u8 = 1 << 1;
    pub const OF: u8 = 1 << 2;
    pub const DZ: u8 = 1 << 3;
    pub const NV: u8 = 1 << 4;
    pub const ALL: u8 = 0x1f;
}

/// Dynamic rounding modes, set at launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mode {
    /// binary32 rounding mode (0..=4).
    pub rm: u8,
    /// binary16 rounding mode (0..=4).
    pub rm16: u8,
}

impl Mode {
    /// The rounding mode an FP instruction uses: its explicit `rm` field, or for 7 (dyn)
    /// MODE.rm (binary32 work) / MODE.rm16 (binary16 work). The place §6.2 semantics
    /// resolve rounding.
    #[inline]
    pub fn resolve(self, rm_field: u8, binary16: bool) -> u8 {
        if rm_field == rm::DYN {
            if binary16 {
                self.rm16
            } else {
                self.rm
            }
        } else {
            rm_field
        }
    }
}

/// The vector register file, aligned to a cache line so that every register (128 bytes)
/// starts on one: 32-byte vector loads and stores then never straddle two lines. (Its
/// plain array type would be 4-byte aligned, and where the allocator put it decided
/// whether stores forwarded to the next instruction's loads: the straight-line kernel ran
/// 2x slower in a cloned warp.)
#[derive(Clone, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub(crate) struct VFile(pub(crate) [VReg; NUM_VREGS]);

impl std::ops::Deref for VFile {
    type Target = [VReg; NUM_VREGS];
    #[inline(always)]
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for VFile {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// The architectural state of one warp (SUPPLEMENT §1).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Warp {
    pub(crate) v: Box<VFile>,
    pub(crate) u: [u32; NUM_UREGS],
    pub(crate) exec: u32,
    pub(crate) pc: u32,
    pub(crate) code_base: u64,
    pub(crate) mode: Mode,
    pub(crate) fflags: u8,
    pub(crate) vgprs: u8,
    /// Instructions retired so far (a faulting instruction does not retire).
    pub(crate) steps: u64,
}

impl Default for Warp {
    fn default() -> Self {
        Warp::new()
    }
}

/// A setter got a value outside the architectural range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError(pub String);

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateError {}

impl Warp {
    /// All registers 0, EXEC all ones, PC 0, CODE_BASE 0, MODE rne/rne, FFLAGS 0, 128 vgprs,
    /// no instruction retired.
    pub fn new() -> Warp {
        Warp {
            v: Box::new(VFile([[0; LANES]; NUM_VREGS])),
            u: [0; NUM_UREGS],
            exec: u32::MAX,
            pc: 0,
            code_base: 0,
            mode: Mode::default(),
            fflags: 0,
            vgprs: NUM_VREGS as u8,
            steps: 0,
        }
    }

    /// All 128 vector registers (those at or above `vgprs` are not addressable by code).
    pub fn vregs(&self) -> &[VReg; NUM_VREGS] {
        &self.v.0
    }
    pub fn vregs_mut(&mut self) -> &mut [VReg; NUM_VREGS] {
        &mut self.v.0
    }
    pub fn uregs(&self) -> &[u32; NUM_UREGS] {
        &self.u
    }
    pub fn uregs_mut(&mut self) -> &mut [u32; NUM_UREGS] {
        &mut self.u
    }
    pub fn exec(&self) -> u32 {
        self.exec
    }
    pub fn set_exec(&mut self, exec: u32) {
        self.exec = exec;
    }
    pub fn pc(&self) -> u32 {
        self.pc
    }
    pub fn set_pc(&mut self, pc: u32) {
        self.pc = pc;
    }
    pub fn code_base(&self) -> u64 {
        self.code_base
    }
    pub fn set_code_base(&mut self, base: u64) {
        self.code_base = base;
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// Both fields must be 0..=4.
    pub fn set_mode(&mut self, mode: Mode) -> Result<(), StateError> {
        if mode.rm > rm::RMM || mode.rm16 > rm::RMM {
            return Err(StateError(format!(
                "mode values must be 0..=4 (rne, rtz, rdn, rup, rmm), got rm={} rm16={}",
                mode.rm, mode.rm16
            )));
        }
        self.mode = mode;
        Ok(())
    }
    pub fn fflags(&self) -> u8 {
        self.fflags
    }
    /// FFLAGS := the 5 flag bits of `f` (the others ignored): for observers that save and
    /// restore FFLAGS around an instruction, with values that came from FFLAGS.
    #[inline]
    pub fn put_fflags(&mut self, f: u8) {
        self.fflags = f & fflag::ALL;
    }
    /// 5 bits.
    pub fn set_fflags(&mut self, f: u8) -> Result<(), StateError> {
        if f & !fflag::ALL != 0 {
            return Err(StateError(format!("fflags has 5 bits, got 0x{f:x}")));
        }
        self.fflags = f;
        Ok(())
    }
    pub fn vgprs(&self) -> u32 {
        self.vgprs as u32
    }
    /// 1..=128 allocated vector registers.
    pub fn set_vgprs(&mut self, n: u32) -> Result<(), StateError> {
        if !(1..=NUM_VREGS as u32).contains(&n) {
            return Err(StateError(format!("vgprs must be 1..=128, got {n}")));
        }
        self.vgprs = n as u8;
        Ok(())
    }

    /// Instructions this warp has retired (state files call it `steps`). Every retired
    /// instruction adds one; a commit record's `step` is this count before the instruction.
    pub fn steps(&self) -> u64 {
        self.steps
    }
    pub fn set_steps(&mut self, n: u64) {
        self.steps = n;
    }
}
