//! The commit record: what one retired instruction did, built where the writes happen.
//!
//! Like Spike's `--log-commits`, every handler exists twice: a fast copy, and a logged copy
//! whose register-access layer reports each write to a [`Commit`] at the moment it
//! happens. A write cannot be left out of the record, because the record is made by the
//! code that writes; and the fast copy contains none of it (its logger is a zero-sized
//! type whose methods are empty).

use crate::warp::{VReg, LANES};
use std::fmt::Write as _;
use warpkit_encoding::Inst;

/// Vector registers one record holds: the widest vector register group of the ISA is
/// four registers, and no executable instruction writes more than two.
pub const MAX_V_WRITES: usize = 8;
/// Uniform registers one record holds (the widest uniform group, `d8^8`, is eight).
pub const MAX_U_WRITES: usize = 8;

/// A vector register written by an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VWrite {
    /// Register number (`v0..v127`).
    pub reg: u8,
    /// Lanes the instruction wrote (bit i = lane i): EXEC at the write. Lanes outside it
    /// keep their old value in [`VWrite::value`]. For a half-register destination only the
    /// written half of those lanes can differ.
    pub mask: u32,
    /// The whole register after the instruction (all 32 lanes).
    pub value: VReg,
}

/// A uniform register written by an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UWrite {
    /// Register number (`u0..u63`).
    pub reg: u8,
    pub value: u32,
}

/// One entry of [`Commit::writes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegWrite {
    /// A vector register: number, lane mask written, new value of all 32 lanes.
    V { reg: u8, mask: u32, value: VReg },
    /// A uniform register and its new value.
    U { reg: u8, value: u32 },
    /// The new EXEC, when the instruction changed it.
    Exec(u32),
    /// The new FFLAGS, when the instruction changed them (flags are sticky: only a newly
    /// raised flag changes them).
    Fflags(u8),
    /// The new PC, when control did not go on to the next instruction (a taken branch or
    /// jump whose target is not PC + size).
    Pc(u32),
}

/// What one retired instruction did: the record of `warpkit run --trace`, and what an
/// embedder gets from [`Warp::step_logged`](crate::Warp::step_logged).
///
/// Fixed capacity, no allocation: a record is reused from instruction to instruction.
/// Registers appear once each, in the order of their first write; a vector register that
/// an instruction writes is recorded even when no lane is active (its mask is then 0),
/// so the registers of a record are exactly the destinations of the instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commit {
    /// The warp's retired-instruction count before this instruction ([`Warp::steps`]).
    ///
    /// [`Warp::steps`]: crate::Warp::steps
    pub step: u64,
    pub pc: u32,
    /// The raw instruction bits (`size` bytes).
    pub word: u64,
    /// 4 or 8 bytes.
    pub size: u8,
    /// The decoded instruction (for disassembly).
    pub inst: Inst,
    /// EXEC before the instruction.
    pub exec: u32,
    nv: u8,
    nu: u8,
    v: [VWrite; MAX_V_WRITES],
    u: [UWrite; MAX_U_WRITES],
    new_exec: Option<u32>,
    new_fflags: Option<u8>,
    new_pc: Option<u32>,
}

impl Default for Commit {
    fn default() -> Self {
        Commit::new()
    }
}

impl Commit {
    /// An empty record.
    pub fn new() -> Commit {
        Commit {
            step: 0,
            pc: 0,
            word: 0,
            size: 4,
            inst: Inst::default(),
            exec: 0,
            nv: 0,
            nu: 0,
            v: [VWrite {
                reg: 0,
                mask: 0,
                value: [0; LANES],
            }; MAX_V_WRITES],
            u: [UWrite { reg: 0, value: 0 }; MAX_U_WRITES],
            new_exec: None,
            new_fflags: None,
            new_pc: None,
        }
    }

    /// Forget the writes (the header fields are overwritten by the next step).
    #[inline]
    pub(crate) fn clear_writes(&mut self) {
        self.nv = 0;
        self.nu = 0;
        self.new_exec = None;
        self.new_fflags = None;
        self.new_pc = None;
    }

    /// Vector registers written, in order of first write.
    pub fn v_writes(&self) -> &[VWrite] {
        &self.v[..self.nv as usize]
    }

    /// Uniform registers written, in order of first write.
    pub fn u_writes(&self) -> &[UWrite] {
        &self.u[..self.nu as usize]
    }

    /// The new EXEC, if the instruction changed it.
    pub fn exec_write(&self) -> Option<u32> {
        self.new_exec
    }

    /// The new FFLAGS, if the instruction changed them.
    pub fn fflags_write(&self) -> Option<u8> {
        self.new_fflags
    }

    /// The new PC, if control did not go on to `pc + size`.
    pub fn pc_write(&self) -> Option<u32> {
        self.new_pc
    }

    /// PC after the instruction.
    pub fn next_pc(&self) -> u32 {
        self.new_pc
            .unwrap_or(self.pc.wrapping_add(self.size as u32))
    }

    /// Every write: vector registers, uniform registers, then EXEC, FFLAGS and PC.
    pub fn writes(&self) -> impl Iterator<Item = RegWrite> + '_ {
        let v = self.v_writes().iter().map(|w| RegWrite::V {
            reg: w.reg,
            mask: w.mask,
            value: w.value,
        });
        let u = self.u_writes().iter().map(|w| RegWrite::U {
            reg: w.reg,
            value: w.value,
        });
        v.chain(u)
            .chain(self.new_exec.map(RegWrite::Exec))
            .chain(self.new_fflags.map(RegWrite::Fflags))
            .chain(self.new_pc.map(RegWrite::Pc))
    }

    pub(crate) fn set_pc_write(&mut self, pc: u32) {
        self.new_pc = Some(pc);
    }

    /// One JSON Lines object (no trailing newline), see [`Commit::write_json`].
    pub fn to_json(&self, warp: usize, asm: &str) -> String {
        let mut s = String::with_capacity(256 + 360 * self.nv as usize);
        self.write_json(&mut s, warp, asm);
        s
    }

    /// Append the record as one JSON object (no newline):
    /// `{"warp":0,"step":0,"pc":"0x…","word":"0x…","asm":"…","exec":"0x…","writes":{…}}`.
    /// `writes` maps `v3` to its 32 lanes (hex strings), `u1`, `exec`, `fflags` and `pc`
    /// to one hex string each; `exec` outside `writes` is EXEC before the instruction.
    pub fn write_json(&self, s: &mut String, warp: usize, asm: &str) {
        let _ = write!(s, "{{\"warp\":{warp},\"step\":{},\"pc\":", self.step);
        hex32(s, self.pc);
        s.push_str(",\"word\":");
        if self.size == 8 {
            let _ = write!(s, "\"0x{:016x}\"", self.word);
        } else {
            hex32(s, self.word as u32);
        }
        s.push_str(",\"asm\":");
        json_string(s, asm);
        s.push_str(",\"exec\":");
        hex32(s, self.exec);
        s.push_str(",\"writes\":{");
        let mut first = true;
        let mut key = |s: &mut String, k: std::fmt::Arguments<'_>| {
            if !first {
                s.push(',');
            }
            first = false;
            let _ = write!(s, "\"{k}\":");
        };
        for w in self.v_writes() {
            key(s, format_args!("v{}", w.reg));
            s.push('[');
            for (j, x) in w.value.iter().enumerate() {
                if j > 0 {
                    s.push(',');
                }
                hex32(s, *x);
            }
            s.push(']');
        }
        for w in self.u_writes() {
            key(s, format_args!("u{}", w.reg));
            hex32(s, w.value);
        }
        if let Some(x) = self.new_exec {
            key(s, format_args!("exec"));
            hex32(s, x);
        }
        if let Some(x) = self.new_fflags {
            key(s, format_args!("fflags"));
            hex32(s, x as u32);
        }
        if let Some(x) = self.new_pc {
            key(s, format_args!("pc"));
            hex32(s, x);
        }
        s.push_str("}}");
    }
}

/// `"0x%08x"` with the quotes.
fn hex32(s: &mut String, x: u32) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut b = *b"\"0x00000000\"";
    for k in 0..8 {
        b[10 - k] = HEX[((x >> (4 * k)) & 15) as usize];
    }
    // Only ASCII bytes were written.
    s.push_str(std::str::from_utf8(&b).unwrap_or_default());
}

/// A JSON string literal.
fn json_string(s: &mut String, text: &str) {
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\r' => s.push_str("\\r"),
            '\t' => s.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
}

/// Where the register-access layer reports writes. Two implementations: [`NoLog`] (the
/// fast copy of every handler: nothing) and [`Commit`] (the logged copy).
pub(crate) trait Log {
    /// Vector register `reg` was written in the lanes of `mask`; `value` is its new
    /// content.
    fn vreg(&mut self, reg: u8, value: &VReg, mask: u32);
    /// Uniform register `reg` was written.
    fn ureg(&mut self, reg: u8, value: u32);
    /// EXEC was written and changed.
    fn exec(&mut self, value: u32);
    /// FFLAGS changed.
    fn fflags(&mut self, value: u8);
    /// Runs `f`, a handler's rarely taken general path, as a function of its own in the
    /// fast builds (compiled with the target features of the build this logger belongs
    /// to), so that the common path does not set up its stack frame; inline when logging.
    fn out_of_line<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R;
}

/// The logger of the fast path (portable build): every method is empty and inlined away.
pub(crate) struct NoLog;

/// The logger of the AVX2 build of the fast path: [`NoLog`], but its out-of-line paths
/// are compiled for AVX2 too.
#[cfg(target_arch = "x86_64")]
pub(crate) struct NoLogAvx2;

macro_rules! no_log {
    () => {
        #[inline(always)]
        fn vreg(&mut self, _: u8, _: &VReg, _: u32) {}
        #[inline(always)]
        fn ureg(&mut self, _: u8, _: u32) {}
        #[inline(always)]
        fn exec(&mut self, _: u32) {}
        #[inline(always)]
        fn fflags(&mut self, _: u8) {}
    };
}

impl Log for NoLog {
    no_log!();
    #[inline(always)]
    fn out_of_line<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        #[inline(never)]
        fn run<R, F: FnOnce(&mut NoLog) -> R>(f: F) -> R {
            f(&mut NoLog)
        }
        run(f)
    }
}

#[cfg(target_arch = "x86_64")]
impl Log for NoLogAvx2 {
    no_log!();
    #[inline(always)]
    fn out_of_line<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        #[target_feature(enable = "avx2")]
        #[inline(never)]
        fn run<R, F: FnOnce(&mut NoLogAvx2) -> R>(f: F) -> R {
            f(&mut NoLogAvx2)
        }
        // SAFETY: a `NoLogAvx2` is made only by the AVX2 build of a handler, which
        // `Program` stores only when this CPU has AVX2.
        unsafe { run(f) }
    }
}

impl Log for Commit {
    #[inline(always)]
    fn out_of_line<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        f(self)
    }
    fn vreg(&mut self, reg: u8, value: &VReg, mask: u32) {
        let n = self.nv as usize;
        // A register written twice by one instruction is one entry with the final value.
        if let Some(e) = self.v[..n].iter_mut().find(|e| e.reg == reg) {
            e.value = *value;
            e.mask |= mask;
        } else if n < MAX_V_WRITES {
            self.v[n] = VWrite {
                reg,
                mask,
                value: *value,
            };
            self.nv += 1;
        } else {
            // Unreachable: capacity exceeds what any instruction writes (tested against
            // the access facts of every variant).
            debug_assert!(false, "commit record full");
        }
    }

    fn ureg(&mut self, reg: u8, value: u32) {
        let n = self.nu as usize;
        if let Some(e) = self.u[..n].iter_mut().find(|e| e.reg == reg) {
            e.value = value;
        } else if n < MAX_U_WRITES {
            self.u[n] = UWrite { reg, value };
            self.nu += 1;
        } else {
            debug_assert!(false, "commit record full");
        }
    }

    fn exec(&mut self, value: u32) {
        self.new_exec = Some(value);
    }

    fn fflags(&mut self, value: u8) {
        self.new_fflags = Some(value);
    }
}
