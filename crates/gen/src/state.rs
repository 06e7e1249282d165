//! State files of generated programs, written by hand (fast, fixed key order) in the
//! schema `warpkit run --state` reads.

/// Initial value of a vector register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VInit {
    /// The same value in every lane.
    All(u32),
    Lanes([u32; 32]),
}

/// One warp's launch state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpInit {
    pub vgprs: u8,
    pub exec: u32,
    /// MODE.rm / MODE.rm16 (0..=4).
    pub rm: u8,
    pub rm16: u8,
    pub fflags: u8,
    pub u: Vec<(u8, u32)>,
    pub v: Vec<(u8, VInit)>,
}

const RM: [&str; 5] = ["rne", "rtz", "rdn", "rup", "rmm"];
const HEX: &[u8; 16] = b"0123456789abcdef";

/// `"0x"` and eight hex digits, quoted.
fn push_hex32(s: &mut Vec<u8>, x: u32) {
    let mut b = *b"\"0x00000000\"";
    for i in 0..8 {
        b[10 - i] = HEX[(x >> (4 * i)) as usize & 15];
    }
    s.extend_from_slice(&b);
}

fn push_dec(s: &mut Vec<u8>, x: u32) {
    s.extend_from_slice(x.to_string().as_bytes());
}

/// `"uN": ` for register N of the file `file` (b'u' or b'v'), after `sep` unless it is
/// the first (`i == 0`) of its object.
fn push_reg_key(s: &mut Vec<u8>, i: usize, sep: &[u8], file: u8, n: u32) {
    if i > 0 {
        s.extend_from_slice(sep);
    }
    s.push(b'"');
    s.push(file);
    push_dec(s, n);
    s.extend_from_slice(b"\": ");
}

/// The state file: `code_base` and one object per warp.
pub fn write_state(code_base: u64, warps: &[WarpInit]) -> String {
    let mut s: Vec<u8> = Vec::with_capacity(1024 + warps.len() * 4096);
    s.extend_from_slice(format!("{{\"code_base\": \"0x{code_base:x}\", \"warps\": [").as_bytes());
    for (k, w) in warps.iter().enumerate() {
        s.extend_from_slice(if k == 0 { b"\n  {" } else { b",\n  {" });
        s.extend_from_slice(b"\"exec\": ");
        push_hex32(&mut s, w.exec);
        s.extend_from_slice(b", \"vgprs\": ");
        push_dec(&mut s, w.vgprs as u32);
        s.extend_from_slice(b", \"mode\": {\"rm\": \"");
        s.extend_from_slice(RM[w.rm as usize % 5].as_bytes());
        s.extend_from_slice(b"\", \"rm16\": \"");
        s.extend_from_slice(RM[w.rm16 as usize % 5].as_bytes());
        s.extend_from_slice(b"\"}, \"fflags\": ");
        push_hex32(&mut s, w.fflags as u32);
        s.extend_from_slice(b",\n   \"u\": {");
        for (i, (r, x)) in w.u.iter().enumerate() {
            push_reg_key(&mut s, i, b", ", b'u', *r as u32);
            push_hex32(&mut s, *x);
        }
        s.extend_from_slice(b"},\n   \"v\": {");
        for (i, (r, x)) in w.v.iter().enumerate() {
            push_reg_key(&mut s, i, b",\n         ", b'v', *r as u32);
            match x {
                VInit::All(x) => push_hex32(&mut s, *x),
                VInit::Lanes(l) => {
                    s.push(b'[');
                    for (j, x) in l.iter().enumerate() {
                        if j > 0 {
                            s.push(b',');
                        }
                        push_hex32(&mut s, *x);
                    }
                    s.push(b']');
                }
            }
        }
        s.extend_from_slice(b"}}");
    }
    s.extend_from_slice(b"\n]}\n");
    // Everything written above is ASCII.
    String::from_utf8(s).unwrap_or_default()
}
