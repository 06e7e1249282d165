//! Pure per-lane semantics of the §6.1 integer, uniform, EXEC and branch instructions, in
//! the style of Spike's `insns/*.h`: one short function per family. The drivers in
//! `shapes.rs` do the lane loops, EXEC masking, register pairs and uniform broadcast through
//! the register-access layer; nothing here knows about registers. Every function is total
//! (no panics, wrapping arithmetic).
//!
//! Decisions the manual leaves open are listed in `SEMANTICS-INT.md`.

// ---------------------------------------------------------------- 32-bit ALU

#[inline(always)]
pub fn add(a: u32, b: u32) -> u32 {
    a.wrapping_add(b)
}
#[inline(always)]
pub fn sub(a: u32, b: u32) -> u32 {
    a.wrapping_sub(b)
}
/// `b - a` (reverse subtract: `subr.*`).
#[inline(always)]
pub fn subr(a: u32, b: u32) -> u32 {
    b.wrapping_sub(a)
}
/// `a << b[4:0]`.
#[inline(always)]
pub fn sll(a: u32, b: u32) -> u32 {
    a << (b & 31)
}
/// `a >>u b[4:0]`.
#[inline(always)]
pub fn srl(a: u32, b: u32) -> u32 {
    a >> (b & 31)
}
/// `a >>s b[4:0]`.
#[inline(always)]
pub fn sra(a: u32, b: u32) -> u32 {
    ((a as i32) >> (b & 31)) as u32
}
/// Reverse shifts (`sllr.vu` etc.): the vector operand is the amount.
#[inline(always)]
pub fn sllr(a: u32, b: u32) -> u32 {
    sll(b, a)
}
#[inline(always)]
pub fn srlr(a: u32, b: u32) -> u32 {
    srl(b, a)
}
#[inline(always)]
pub fn srar(a: u32, b: u32) -> u32 {
    sra(b, a)
}
#[inline(always)]
pub fn slt(a: u32, b: u32) -> u32 {
    ((a as i32) < (b as i32)) as u32
}
#[inline(always)]
pub fn sltu(a: u32, b: u32) -> u32 {
    (a < b) as u32
}
#[inline(always)]
pub fn sge(a: u32, b: u32) -> u32 {
    ((a as i32) >= (b as i32)) as u32
}
#[inline(always)]
pub fn sgeu(a: u32, b: u32) -> u32 {
    (a >= b) as u32
}
#[inline(always)]
pub fn seq(a: u32, b: u32) -> u32 {
    (a == b) as u32
}
#[inline(always)]
pub fn sne(a: u32, b: u32) -> u32 {
    (a != b) as u32
}
#[inline(always)]
pub fn xor(a: u32, b: u32) -> u32 {
    a ^ b
}
#[inline(always)]
pub fn or(a: u32, b: u32) -> u32 {
    a | b
}
#[inline(always)]
pub fn and(a: u32, b: u32) -> u32 {
    a & b
}
#[inline(always)]
pub fn andn(a: u32, b: u32) -> u32 {
    a & !b
}
#[inline(always)]
pub fn orn(a: u32, b: u32) -> u32 {
    a | !b
}
#[inline(always)]
pub fn xnor(a: u32, b: u32) -> u32 {
    !(a ^ b)
}
#[inline(always)]
pub fn min(a: u32, b: u32) -> u32 {
    (a as i32).min(b as i32) as u32
}
#[inline(always)]
pub fn max(a: u32, b: u32) -> u32 {
    (a as i32).max(b as i32) as u32
}
#[inline(always)]
pub fn minu(a: u32, b: u32) -> u32 {
    a.min(b)
}
#[inline(always)]
pub fn maxu(a: u32, b: u32) -> u32 {
    a.max(b)
}
#[inline(always)]
pub fn mul(a: u32, b: u32) -> u32 {
    a.wrapping_mul(b)
}
/// `(sext(a) * sext(b))[63:32]`.
#[inline(always)]
pub fn mulh(a: u32, b: u32) -> u32 {
    ((a as i32 as i64 * b as i32 as i64) >> 32) as u32
}
/// `(sext(a) * zext(b))[63:32]`.
#[inline(always)]
pub fn mulhsu(a: u32, b: u32) -> u32 {
    ((a as i32 as i64).wrapping_mul(b as i64) >> 32) as u32
}
/// `(zext(a) * zext(b))[63:32]`.
#[inline(always)]
pub fn mulhu(a: u32, b: u32) -> u32 {
    ((a as u64 * b as u64) >> 32) as u32
}
/// `d + a * b` (low 32 bits).
#[inline(always)]
pub fn mac(d: u32, a: u32, b: u32) -> u32 {
    d.wrapping_add(a.wrapping_mul(b))
}
#[inline(always)]
pub fn rol(a: u32, b: u32) -> u32 {
    a.rotate_left(b & 31)
}
#[inline(always)]
pub fn ror(a: u32, b: u32) -> u32 {
    a.rotate_right(b & 31)
}
#[inline(always)]
pub fn czero_eqz(a: u32, b: u32) -> u32 {
    if b == 0 {
        0
    } else {
        a
    }
}
#[inline(always)]
pub fn czero_nez(a: u32, b: u32) -> u32 {
    if b != 0 {
        0
    } else {
        a
    }
}
#[inline(always)]
pub fn addsat_i32(a: u32, b: u32) -> u32 {
    (a as i32).saturating_add(b as i32) as u32
}
#[inline(always)]
pub fn addsat_u32(a: u32, b: u32) -> u32 {
    a.saturating_add(b)
}
#[inline(always)]
pub fn subsat_i32(a: u32, b: u32) -> u32 {
    (a as i32).saturating_sub(b as i32) as u32
}
#[inline(always)]
pub fn subsat_u32(a: u32, b: u32) -> u32 {
    a.saturating_sub(b)
}

/// Mask of the low `w` bits; `w >= 32` gives all ones.
#[inline(always)]
pub fn low_mask(w: u32) -> u32 {
    if w >= 32 {
        u32::MAX
    } else {
        (1u32 << w) - 1
    }
}

/// Bit-field mask: width `a[5:0]` (32..63 = all 32 bits), offset `b[4:0]`; bits shifted
/// past bit 31 are lost.
#[inline(always)]
pub fn bfm(a: u32, b: u32) -> u32 {
    low_mask(a & 63) << (b & 31)
}

/// `(a >>u off[4:0]) & mask(width[5:0])`.
#[inline(always)]
pub fn bfe_u32(a: u32, off: u32, width: u32) -> u32 {
    (a >> (off & 31)) & low_mask(width & 63)
}

/// Signed bit-field extract: the field of `width[5:0]` bits at `off[4:0]`, sign-extended
/// from its top bit; field bits above bit 31 of `a` read as 0. Width 0 gives 0; widths of
/// 32 or more give `a >>u off`.
#[inline(always)]
pub fn bfe_i32(a: u32, off: u32, width: u32) -> u32 {
    let w = width & 63;
    let f = bfe_u32(a, off, w);
    if (1..32).contains(&w) && (f >> (w - 1)) & 1 == 1 {
        f | !low_mask(w)
    } else {
        f
    }
}

/// `(m & a) | (!m & b)` (bit-field insert with a `bfm`-style mask).
#[inline(always)]
pub fn bfi(m: u32, a: u32, b: u32) -> u32 {
    (m & a) | (!m & b)
}

/// Byte permute: byte k of the result is selected by byte k of `sel` from the 8 bytes of
/// `{hi, lo}` (selectors 0..3 = bytes of `lo`, 4..7 = bytes of `hi`); `0x0c` gives 0x00,
/// `0x0d` gives 0xff, every other selector gives 0x00.
#[inline(always)]
pub fn perm_b32(hi: u32, lo: u32, sel: u32) -> u32 {
    let src = ((hi as u64) << 32) | lo as u64;
    let mut r = 0u32;
    for k in 0..4 {
        let s = (sel >> (8 * k)) & 0xff;
        let byte = match s {
            0..=7 => ((src >> (8 * s)) & 0xff) as u32,
            0x0d => 0xff,
            _ => 0,
        };
        r |= byte << (8 * k);
    }
    r
}

/// `(a * b + c)[31:0]`.
#[inline(always)]
pub fn mad_u32(a: u32, b: u32, c: u32) -> u32 {
    a.wrapping_mul(b).wrapping_add(c)
}
/// `zext(a) * zext(b) + c` (64-bit, wrapping).
#[inline(always)]
pub fn mad64_u32(a: u32, b: u32, c: u64) -> u64 {
    (a as u64 * b as u64).wrapping_add(c)
}
/// `sext(a) * sext(b) + c` (64-bit, wrapping).
#[inline(always)]
pub fn mad64_i32(a: u32, b: u32, c: u64) -> u64 {
    ((a as i32 as i64 * b as i32 as i64) as u64).wrapping_add(c)
}
/// `({hi, lo} >> s[4:0])[31:0]` (funnel shift right).
#[inline(always)]
pub fn alignbit(hi: u32, lo: u32, s: u32) -> u32 {
    ((((hi as u64) << 32) | lo as u64) >> (s & 31)) as u32
}
#[inline(always)]
pub fn med3_i32(a: u32, b: u32, c: u32) -> u32 {
    let (a, b, c) = (a as i32, b as i32, c as i32);
    a.max(b).min(a.min(b).max(c)) as u32
}
#[inline(always)]
pub fn med3_u32(a: u32, b: u32, c: u32) -> u32 {
    a.max(b).min(a.min(b).max(c))
}
/// `c + sum_k sext(a.b[k]) * sext(b.b[k])` (wrapping).
#[inline(always)]
pub fn dp4a_i32(a: u32, b: u32, c: u32) -> u32 {
    let mut s = c;
    for k in 0..4 {
        let x = (a >> (8 * k)) as u8 as i8 as i32;
        let y = (b >> (8 * k)) as u8 as i8 as i32;
        s = s.wrapping_add((x * y) as u32);
    }
    s
}
/// `c + sum_k zext(a.b[k]) * zext(b.b[k])` (wrapping).
#[inline(always)]
pub fn dp4a_u32(a: u32, b: u32, c: u32) -> u32 {
    let mut s = c;
    for k in 0..4 {
        let x = (a >> (8 * k)) & 0xff;
        let y = (b >> (8 * k)) & 0xff;
        s = s.wrapping_add(x * y);
    }
    s
}
/// `(c != 0) ? a : b`.
#[inline(always)]
pub fn sel(a: u32, b: u32, c: u32) -> u32 {
    if c != 0 {
        a
    } else {
        b
    }
}
#[inline(always)]
pub fn sel64(a: u64, b: u64, c: u32) -> u64 {
    if c != 0 {
        a
    } else {
        b
    }
}

// ---------------------------------------------------------------- unary

#[inline(always)]
pub fn mov(a: u32) -> u32 {
    a
}
#[inline(always)]
pub fn not(a: u32) -> u32 {
    !a
}
/// Leading zeros; 32 for 0.
#[inline(always)]
pub fn clz(a: u32) -> u32 {
    a.leading_zeros()
}
/// Trailing zeros; 32 for 0.
#[inline(always)]
pub fn ctz(a: u32) -> u32 {
    a.trailing_zeros()
}
#[inline(always)]
pub fn cpop(a: u32) -> u32 {
    a.count_ones()
}
#[inline(always)]
pub fn brev(a: u32) -> u32 {
    a.reverse_bits()
}
#[inline(always)]
pub fn rev8(a: u32) -> u32 {
    a.swap_bytes()
}
#[inline(always)]
pub fn sext_b(a: u32) -> u32 {
    a as u8 as i8 as i32 as u32
}
#[inline(always)]
pub fn sext_h(a: u32) -> u32 {
    a as u16 as i16 as i32 as u32
}
#[inline(always)]
pub fn zext_b(a: u32) -> u32 {
    a & 0xff
}
#[inline(always)]
pub fn zext_h(a: u32) -> u32 {
    a & 0xffff
}
#[inline(always)]
pub fn neg(a: u32) -> u32 {
    a.wrapping_neg()
}
/// Absolute value; `INT_MIN` wraps to itself (0x80000000).
#[inline(always)]
pub fn abs(a: u32) -> u32 {
    (a as i32).wrapping_abs() as u32
}
/// Whole-quad mask: each 4-bit group with any bit set becomes 0xf.
#[inline(always)]
pub fn wqm(a: u32) -> u32 {
    let mut r = 0;
    for q in 0..8 {
        if (a >> (4 * q)) & 0xf != 0 {
            r |= 0xf << (4 * q);
        }
    }
    r
}

/// `saveexec.andn1`: `s & !exec`.
#[inline(always)]
pub fn andn1(exec: u32, s: u32) -> u32 {
    s & !exec
}
/// `saveexec.mov`: the new EXEC is `s`.
#[inline(always)]
pub fn take2(_exec: u32, s: u32) -> u32 {
    s
}

// ---------------------------------------------------------------- PC-relative

/// `upc`: `PC + imm`.
#[inline(always)]
pub fn upc(pc: u32, imm: u32) -> u32 {
    pc.wrapping_add(imm)
}
/// `upca`: `CODE_BASE + PC + sext64(imm)`.
#[inline(always)]
pub fn upca(code_base: u64, pc: u32, imm: u32) -> u64 {
    code_base
        .wrapping_add(pc as u64)
        .wrapping_add(imm as i32 as i64 as u64)
}

// ---------------------------------------------------------------- branches

/// Branch conditions on (EXEC, u1).
#[inline(always)]
pub fn always(_exec: u32, _u: u32) -> bool {
    true
}
#[inline(always)]
pub fn exec_zero(exec: u32, _u: u32) -> bool {
    exec == 0
}
#[inline(always)]
pub fn exec_nonzero(exec: u32, _u: u32) -> bool {
    exec != 0
}
#[inline(always)]
pub fn u_zero(_exec: u32, u: u32) -> bool {
    u == 0
}
#[inline(always)]
pub fn u_nonzero(_exec: u32, u: u32) -> bool {
    u != 0
}
/// No active lane is set in `u`.
#[inline(always)]
pub fn none_active(exec: u32, u: u32) -> bool {
    u & exec == 0
}
/// Some active lane is set in `u`.
#[inline(always)]
pub fn any_active(exec: u32, u: u32) -> bool {
    u & exec != 0
}
/// Target of `jal`/`jmp`-style jumps: `PC + imm`.
#[inline(always)]
pub fn pc_rel(pc: u32, _u: u32, imm: u32) -> u32 {
    pc.wrapping_add(imm)
}
/// Target of `jr`/`jalr`: `(u1 + imm) & !3`.
#[inline(always)]
pub fn reg_rel(_pc: u32, u: u32, imm: u32) -> u32 {
    u.wrapping_add(imm) & !3
}

// ---------------------------------------------------------------- lane-indexed

/// `a + popcount(m & ((1 << lane) - 1))`: rank of this lane among the lanes set in `m`.
#[inline(always)]
pub fn mbcnt(a: u32, m: u32, lane: u32) -> u32 {
    let below = (1u32 << (lane & 31)) - 1;
    a.wrapping_add((m & below).count_ones())
}
/// `m[lane] ? a : d`.
#[inline(always)]
pub fn cndmask(d: u32, a: u32, m: u32, lane: u32) -> u32 {
    if (m >> (lane & 31)) & 1 == 1 {
        a
    } else {
        d
    }
}

// ---------------------------------------------------------------- 64-bit

#[inline(always)]
pub fn mov64(a: u64) -> u64 {
    a
}

#[inline(always)]
pub fn add64(a: u64, b: u64) -> u64 {
    a.wrapping_add(b)
}
#[inline(always)]
pub fn sub64(a: u64, b: u64) -> u64 {
    a.wrapping_sub(b)
}
/// `a + sext64(b)`.
#[inline(always)]
pub fn addsx64(a: u64, b: u32) -> u64 {
    a.wrapping_add(b as i32 as i64 as u64)
}
/// `a + zext64(b)`.
#[inline(always)]
pub fn addzx64(a: u64, b: u32) -> u64 {
    a.wrapping_add(b as u64)
}
/// `a << b[5:0]`.
#[inline(always)]
pub fn sll64(a: u64, b: u32) -> u64 {
    a << (b & 63)
}
#[inline(always)]
pub fn srl64(a: u64, b: u32) -> u64 {
    a >> (b & 63)
}
#[inline(always)]
pub fn sra64(a: u64, b: u32) -> u64 {
    ((a as i64) >> (b & 63)) as u64
}
/// `zext(a) * zext(b)` (full 64-bit product).
#[inline(always)]
pub fn mulwu(a: u32, b: u32) -> u64 {
    a as u64 * b as u64
}
/// `sext(a) * sext(b)` (full 64-bit product).
#[inline(always)]
pub fn mulw(a: u32, b: u32) -> u64 {
    (a as i32 as i64 * b as i32 as i64) as u64
}

// ---------------------------------------------------------------- compares

#[inline(always)]
pub fn eq(a: u32, b: u32) -> bool {
    a == b
}
#[inline(always)]
pub fn ne(a: u32, b: u32) -> bool {
    a != b
}
#[inline(always)]
pub fn lt_i(a: u32, b: u32) -> bool {
    (a as i32) < (b as i32)
}
#[inline(always)]
pub fn ge_i(a: u32, b: u32) -> bool {
    (a as i32) >= (b as i32)
}
#[inline(always)]
pub fn gt_i(a: u32, b: u32) -> bool {
    (a as i32) > (b as i32)
}
#[inline(always)]
pub fn lt_u(a: u32, b: u32) -> bool {
    a < b
}
#[inline(always)]
pub fn ge_u(a: u32, b: u32) -> bool {
    a >= b
}
#[inline(always)]
pub fn gt_u(a: u32, b: u32) -> bool {
    a > b
}
#[inline(always)]
pub fn eq64(a: u64, b: u64) -> bool {
    a == b
}
#[inline(always)]
pub fn ne64(a: u64, b: u64) -> bool {
    a != b
}
#[inline(always)]
pub fn lt_i64(a: u64, b: u64) -> bool {
    (a as i64) < (b as i64)
}
#[inline(always)]
pub fn ge_i64(a: u64, b: u64) -> bool {
    (a as i64) >= (b as i64)
}
#[inline(always)]
pub fn lt_u64(a: u64, b: u64) -> bool {
    a < b
}
#[inline(always)]
pub fn ge_u64(a: u64, b: u64) -> bool {
    a >= b
}

// ---------------------------------------------------------------- uniform bit fields

/// `ubfm`: same as [`bfm`].
#[inline(always)]
pub fn ubfm(a: u32, b: u32) -> u32 {
    bfm(a, b)
}
/// `ubfe.u32`: offset `b[4:0]`, width `b[21:16]`.
#[inline(always)]
pub fn ubfe_u32(a: u32, b: u32) -> u32 {
    bfe_u32(a, b, b >> 16)
}
/// `ubfe.i32`: the sign-extending variant of [`ubfe_u32`].
#[inline(always)]
pub fn ubfe_i32(a: u32, b: u32) -> u32 {
    bfe_i32(a, b, b >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_fields() {
        assert_eq!(bfm(4, 8), 0xf00);
        assert_eq!(bfm(32, 4), 0xffff_fff0);
        assert_eq!(bfm(0, 31), 0);
        assert_eq!(bfe_u32(0xabcd_1234, 8, 8), 0x12);
        assert_eq!(bfe_i32(0x0000_8000, 12, 4), 0xffff_fff8);
        assert_eq!(bfe_i32(0x8000_0000, 24, 16), 0x80);
        assert_eq!(bfe_i32(0x8000_0000, 0, 32), 0x8000_0000);
        assert_eq!(bfe_i32(0xffff_ffff, 0, 0), 0);
        assert_eq!(ubfe_u32(0xabcd_1234, 8 | (12 << 16)), 0xd12);
    }

    #[test]
    fn perm_and_align() {
        assert_eq!(perm_b32(0x4433_2211, 0x8877_6655, 0x0706_0504), 0x4433_2211);
        assert_eq!(perm_b32(0x4433_2211, 0x8877_6655, 0x0c0d_0e00), 0x00ff_0055);
        assert_eq!(alignbit(0x1234_5678, 0x9abc_def0, 8), 0x789a_bcde);
        assert_eq!(alignbit(0x1234_5678, 0x9abc_def0, 32), 0x9abc_def0);
    }

    #[test]
    fn misc() {
        assert_eq!(med3_i32(-5i32 as u32, 3, 1), 1);
        assert_eq!(med3_u32(5, 3, 9), 5);
        assert_eq!(dp4a_i32(0xff02_0304, 0x0101_0101, 10), 10 - 1 + 2 + 3 + 4);
        assert_eq!(wqm(0x0100_8010), 0x0f00_f0f0);
        assert_eq!(mbcnt(0, 0xffff_ffff, 0), 0);
        assert_eq!(mbcnt(1, 0xffff_ffff, 31), 32);
        assert_eq!(abs(0x8000_0000), 0x8000_0000);
        assert_eq!(mulhsu(0xffff_ffff, 0xffff_ffff), 0xffff_ffff);
    }
}
