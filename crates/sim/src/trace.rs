//! Per-instruction trace records, and their JSON Lines form.

use std::fmt::Write as _;
use warpkit_encoding::Inst;

/// One register (or EXEC / PC) an instruction wrote, with its new value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegWrite {
    /// Vector register and all 32 lanes after the write (inactive lanes unchanged).
    V(u8, [u32; 32]),
    U(u8, u32),
    /// EXEC after an EXEC-writing instruction (recorded even if the value is unchanged).
    Exec(u32),
    /// The new PC, recorded when control did not go to the next instruction.
    Pc(u32),
}

/// What one executed instruction did.
#[derive(Clone, Copy, Debug)]
pub struct TraceRecord<'a> {
    /// Instructions this warp executed before this one.
    pub step: u64,
    pub pc: u32,
    /// The raw instruction bits (`size` bytes).
    pub word: u64,
    pub size: u8,
    pub inst: &'a Inst,
    pub exec_before: u32,
    pub writes: &'a [RegWrite],
}

impl TraceRecord<'_> {
    /// One JSON Lines object (no trailing newline):
    /// `{"warp":0,"step":0,"pc":"0x...","word":"0x...","asm":"...","exec":"0x...","writes":{...}}`.
    /// `writes` maps `v3` to a 32-element array, `u1` / `exec` / `pc` to a hex string.
    pub fn to_json(&self, warp: usize, asm: &str) -> String {
        let mut s = String::with_capacity(128);
        let word = if self.size == 8 {
            format!("0x{:016x}", self.word)
        } else {
            format!("0x{:08x}", self.word as u32)
        };
        let asm_json = serde_json::Value::String(asm.to_string()).to_string();
        let _ = write!(
            s,
            "{{\"warp\":{warp},\"step\":{},\"pc\":\"0x{:08x}\",\"word\":\"{word}\",\"asm\":{asm_json},\"exec\":\"0x{:08x}\",\"writes\":{{",
            self.step, self.pc, self.exec_before
        );
        for (i, w) in self.writes.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            match w {
                RegWrite::V(r, lanes) => {
                    let _ = write!(s, "\"v{r}\":[");
                    for (j, x) in lanes.iter().enumerate() {
                        if j > 0 {
                            s.push(',');
                        }
                        let _ = write!(s, "\"0x{x:08x}\"");
                    }
                    s.push(']');
                }
                RegWrite::U(r, x) => {
                    let _ = write!(s, "\"u{r}\":\"0x{x:08x}\"");
                }
                RegWrite::Exec(x) => {
                    let _ = write!(s, "\"exec\":\"0x{x:08x}\"");
                }
                RegWrite::Pc(x) => {
                    let _ = write!(s, "\"pc\":\"0x{x:08x}\"");
                }
            }
        }
        s.push_str("}}");
        s
    }
}
