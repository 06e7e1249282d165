//! The semantics table: for every executable variant, its handler = one operand-shape
//! driver (`shapes.rs`) applied to one pure lane function (`int.rs`, `float.rs`, or
//! `warpkit-fp`). [`semantics_for`] is the one place that says which variants execute;
//! adding an instruction is one row in `instructions.isa` and one row here.
//!
//! Every handler is compiled three times from the same source (the `handler!` macro):
//! the fast copy (logger [`NoLog`], nothing recorded), the same fast copy built for AVX2
//! (chosen at run time by [`Program`](crate::Program)), and the logged copy that reports
//! every write to a [`Commit`].

use crate::commit::{Commit, Log, NoLog};
use crate::float::*;
use crate::int::*;
use crate::op::{Flow, Handler, Op};
use crate::shapes::*;
use crate::warp::Warp;
use std::sync::OnceLock;
use warpkit_fp::{self as fp, CmpOp};
use warpkit_isa::{InsnId, INSNS};

/// A handler from one generic body `|w, o, l| ...` (`l`: the logger).
macro_rules! handler {
    (|$w:ident, $o:ident, $l:ident| $body:expr) => {{
        #[inline(always)]
        fn go<L: Log>($w: &mut Warp, $o: &Op, $l: &mut L) -> Flow {
            $body
        }
        fn fast(w: &mut Warp, o: &Op) -> Flow {
            go(w, o, &mut NoLog)
        }
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        fn fast_avx2(w: &mut Warp, o: &Op) -> Flow {
            go(w, o, &mut NoLog)
        }
        fn logged(w: &mut Warp, o: &Op, c: &mut Commit) -> Flow {
            go(w, o, c)
        }
        Handler {
            fast,
            #[cfg(target_arch = "x86_64")]
            fast_avx2,
            logged,
        }
    }};
}

/// `driver` applied to the lane function `f`.
macro_rules! h {
    ($driver:ident, $f:expr) => {
        handler!(|w, o, l| $driver(w, o, l, $f))
    };
}

/// A 32-bit-lane FP instruction: second source, third source, rounding, kernel.
macro_rules! fp32 {
    ($b:ident, $c:ident, $round:ident, $kernel:expr) => {
        handler!(|w, o, l| fp32(w, o, l, Src::$b, Src3::$c, Round::$round, $kernel))
    };
}

/// An H-format instruction: rounding, kernel on half registers.
macro_rules! fp16 {
    ($round:ident, $kernel:expr) => {
        handler!(|w, o, l| fp16(w, o, l, Round::$round, $kernel))
    };
}

/// A binary32 compare into a uniform mask (second source V or U).
macro_rules! fcmp {
    ($b:ident, $f:expr) => {
        handler!(|w, o, l| fcmp32(w, o, l, Src::$b, $f))
    };
}

/// A binary16 compare into a uniform mask (HC).
macro_rules! hcmp {
    ($f:expr) => {
        handler!(|w, o, l| fcmp16(w, o, l, $f))
    };
}

/// The handler of a variant, or `None` when the model cannot execute it: §7 tex/gfx
/// (their units are not modelled). Executing a variant without a handler raises
/// IllegalInsn.
pub(crate) fn semantics_for(id: InsnId) -> Option<Handler> {
    let d = INSNS.get(id.0 as usize)?;
    Some(match d.mnemonic {
        // ================================ §6.1 integer, uniform, EXEC, branches
        // ---- valu-int-arith (R / RU / I8)
        "add" => h!(vv, add),
        "add.vu" => h!(vu, add),
        "add.vi" => h!(vi, add),
        "sub" => h!(vv, sub),
        "sub.vu" => h!(vu, sub),
        "sll" => h!(vv, sll),
        "sll.vu" => h!(vu, sll),
        "sll.vi" => h!(vi, sll),
        "slt" => h!(vv, slt),
        "slt.vu" => h!(vu, slt),
        "slt.vi" => h!(vi, slt),
        "sltu" => h!(vv, sltu),
        "sltu.vu" => h!(vu, sltu),
        "sltu.vi" => h!(vi, sltu),
        "xor" => h!(vv, xor),
        "xor.vu" => h!(vu, xor),
        "xor.vi" => h!(vi, xor),
        "srl" => h!(vv, srl),
        "srl.vu" => h!(vu, srl),
        "srl.vi" => h!(vi, srl),
        "sra" => h!(vv, sra),
        "sra.vu" => h!(vu, sra),
        "sra.vi" => h!(vi, sra),
        "or" => h!(vv, or),
        "or.vu" => h!(vu, or),
        "or.vi" => h!(vi, or),
        "and" => h!(vv, and),
        "and.vu" => h!(vu, and),
        "and.vi" => h!(vi, and),
        "min" => h!(vv, min),
        "min.vu" => h!(vu, min),
        "min.vi" => h!(vi, min),
        "max" => h!(vv, max),
        "max.vu" => h!(vu, max),
        "max.vi" => h!(vi, max),
        "minu" => h!(vv, minu),
        "minu.vu" => h!(vu, minu),
        "minu.vi" => h!(vi, minu),
        "maxu" => h!(vv, maxu),
        "maxu.vu" => h!(vu, maxu),
        "maxu.vi" => h!(vi, maxu),
        "andn" => h!(vv, andn),
        "andn.vu" => h!(vu, andn),
        "orn" => h!(vv, orn),
        "orn.vu" => h!(vu, orn),
        "mul" => h!(vv, mul),
        "mul.vu" => h!(vu, mul),
        "mul.vi" => h!(vi, mul),
        "mulh" => h!(vv, mulh),
        "mulh.vu" => h!(vu, mulh),
        "mulhsu" => h!(vv, mulhsu),
        "mulhu" => h!(vv, mulhu),
        "mulhu.vu" => h!(vu, mulhu),
        "mac" => h!(vv_acc, mac),
        "mac.vu" => h!(vu_acc, mac),
        "xnor" => h!(vv, xnor),
        "rol" => h!(vv, rol),
        "ror" => h!(vv, ror),
        "czero.eqz" => h!(vv, czero_eqz),
        "czero.nez" => h!(vv, czero_nez),
        "addsat.i32" => h!(vv, addsat_i32),
        "addsat.u32" => h!(vv, addsat_u32),
        "subsat.i32" => h!(vv, subsat_i32),
        "subsat.u32" => h!(vv, subsat_u32),
        "bfm" => h!(vv, bfm),
        "mulwu" => h!(p_vv, mulwu),
        "add64" => h!(p_pp, add64),
        "sub64" => h!(p_pp, sub64),
        "addsx64" => h!(p_pv, addsx64),
        "addzx64" => h!(p_pv, addzx64),
        "addzx64.vu" => h!(p_pu, addzx64),
        "sll64" => h!(p_pv, sll64),
        "srl64" => h!(p_pv, srl64),
        "sra64" => h!(p_pv, sra64),
        "mulw" => h!(p_vv, mulw),
        "subr.vu" => h!(vu, subr),
        "subr.vi" => h!(vi, subr),
        "sllr.vu" => h!(vu, sllr),
        "srlr.vu" => h!(vu, srlr),
        "srar.vu" => h!(vu, srar),
        "mbcnt" => h!(vu_idx, mbcnt),
        "cndmask" => h!(vu_lane, cndmask),
        "movrel.s" => h!(movrel_s, mov),
        "movrel.d" => h!(movrel_d, mov),
        // ---- valu-int-unary (R1 / R1U / LI)
        "mov" => h!(v1, mov),
        "mov.vu" => h!(v_u1, mov),
        "not" => h!(v1, not),
        "clz" => h!(v1, clz),
        "ctz" => h!(v1, ctz),
        "cpop" => h!(v1, cpop),
        "brev" => h!(v1, brev),
        "rev8" => h!(v1, rev8),
        "sext.b" => h!(v1, sext_b),
        "sext.h" => h!(v1, sext_h),
        "zext.b" => h!(v1, zext_b),
        "zext.h" => h!(v1, zext_h),
        "laneid" => h!(v_lane, mov),
        "neg" => h!(v1, neg),
        "abs" => h!(v1, abs),
        "mov64" => h!(p_p, mov64),
        "mov64.vu" => h!(p_u1, mov64),
        "movi" => h!(v_imm, mov),
        // ---- valu-int-cmp (C / CU / CI)
        "cmp.eq.i32" => h!(c_vv, eq),
        "cmp.ne.i32" => h!(c_vv, ne),
        "cmp.lt.i32" => h!(c_vv, lt_i),
        "cmp.ge.i32" => h!(c_vv, ge_i),
        "cmp.lt.u32" => h!(c_vv, lt_u),
        "cmp.ge.u32" => h!(c_vv, ge_u),
        "cmp.eq.i32.vu" => h!(c_vu, eq),
        "cmp.ne.i32.vu" => h!(c_vu, ne),
        "cmp.lt.i32.vu" => h!(c_vu, lt_i),
        "cmp.ge.i32.vu" => h!(c_vu, ge_i),
        "cmp.lt.u32.vu" => h!(c_vu, lt_u),
        "cmp.ge.u32.vu" => h!(c_vu, ge_u),
        "cmp.eq.i64" => h!(c_pp, eq64),
        "cmp.ne.i64" => h!(c_pp, ne64),
        "cmp.lt.i64" => h!(c_pp, lt_i64),
        "cmp.ge.i64" => h!(c_pp, ge_i64),
        "cmp.lt.u64" => h!(c_pp, lt_u64),
        "cmp.ge.u64" => h!(c_pp, ge_u64),
        "cmp.eq.i32.vi" => h!(c_vi, eq),
        "cmp.ne.i32.vi" => h!(c_vi, ne),
        "cmp.lt.i32.vi" => h!(c_vi, lt_i),
        "cmp.ge.i32.vi" => h!(c_vi, ge_i),
        "cmp.lt.u32.vi" => h!(c_vi, lt_u),
        "cmp.ge.u32.vi" => h!(c_vi, ge_u),
        "cmp.gt.i32.vi" => h!(c_vi, gt_i),
        "cmp.gt.u32.vi" => h!(c_vi, gt_u),
        // ---- valu-int-x (X)
        "sel" => h!(vvv, sel),
        "bfe.u32" => h!(vvv, bfe_u32),
        "bfe.i32" => h!(vvv, bfe_i32),
        "bfi" => h!(vvv, bfi),
        "perm.b32" => h!(vvv, perm_b32),
        "mad.u32" => h!(vvv, mad_u32),
        "mad64.u32" => h!(p_vvp, mad64_u32),
        "mad64.i32" => h!(p_vvp, mad64_i32),
        "alignbit" => h!(vvv, alignbit),
        "med3.i32" => h!(vvv, med3_i32),
        "med3.u32" => h!(vvv, med3_u32),
        "dp4a.i32" => h!(vvv, dp4a_i32),
        "dp4a.u32" => h!(vvv, dp4a_u32),
        "sel64" => h!(p_ppv, sel64),
        // ---- valu-int-lit (XL)
        "mov.vl" => h!(v_imm, mov),
        "add.vl" => h!(vi, add),
        "subr.vl" => h!(vi, subr),
        "and.vl" => h!(vi, and),
        "or.vl" => h!(vi, or),
        "xor.vl" => h!(vi, xor),
        "mul.vl" => h!(vi, mul),
        "addsx64.vl" => h!(p_pi, addsx64),
        // ---- salu-arith (UR / UI)
        "uadd" => h!(uu, add),
        "usub" => h!(uu, sub),
        "usll" => h!(uu, sll),
        "uslt" => h!(uu, slt),
        "usltu" => h!(uu, sltu),
        "uxor" => h!(uu, xor),
        "usrl" => h!(uu, srl),
        "usra" => h!(uu, sra),
        "uor" => h!(uu, or),
        "uand" => h!(uu, and),
        "umin" => h!(uu, min),
        "umax" => h!(uu, max),
        "uminu" => h!(uu, minu),
        "umaxu" => h!(uu, maxu),
        "uandn" => h!(uu, andn),
        "uorn" => h!(uu, orn),
        "uxnor" => h!(uu, xnor),
        "umul" => h!(uu, mul),
        "umulh" => h!(uu, mulh),
        "umulhu" => h!(uu, mulhu),
        "umulhsu" => h!(uu, mulhsu),
        "uczero.eqz" => h!(uu, czero_eqz),
        "uczero.nez" => h!(uu, czero_nez),
        "useq" => h!(uu, seq),
        "usne" => h!(uu, sne),
        "usge" => h!(uu, sge),
        "usgeu" => h!(uu, sgeu),
        "ubfm" => h!(uu, ubfm),
        "ubfe.u32" => h!(uu, ubfe_u32),
        "ubfe.i32" => h!(uu, ubfe_i32),
        "uadd64" => h!(up_pp, add64),
        "usub64" => h!(up_pp, sub64),
        "uaddsx64" => h!(up_pu, addsx64),
        "uaddzx64" => h!(up_pu, addzx64),
        "urol" => h!(uu, rol),
        "uror" => h!(uu, ror),
        "uaddi" => h!(ui, add),
        "uandi" => h!(ui, and),
        "uori" => h!(ui, or),
        "uxori" => h!(ui, xor),
        "uslli" => h!(ui, sll),
        "usrli" => h!(ui, srl),
        "usrai" => h!(ui, sra),
        "uslti" => h!(ui, slt),
        "usltiu" => h!(ui, sltu),
        "useqi" => h!(ui, seq),
        "usnei" => h!(ui, sne),
        "umuli" => h!(ui, mul),
        "uadd64i" => h!(up_pi, addsx64),
        // ---- salu-unary-exec (U1)
        "umov" => h!(u1, mov),
        "unot" => h!(u1, not),
        "uclz" => h!(u1, clz),
        "uctz" => h!(u1, ctz),
        "ucpop" => h!(u1, cpop),
        "ubrev" => h!(u1, brev),
        "usext.b" => h!(u1, sext_b),
        "usext.h" => h!(u1, sext_h),
        "umov64" => h!(up_p, mov64),
        "uwqm" => h!(u1, wqm),
        "exec.get" => handler!(|w, o, l| exec_get(w, o, l)),
        "exec.set" => h!(exec_set, mov),
        "exec.wqm" => h!(exec_self, wqm),
        "saveexec.and" => h!(saveexec, and),
        "saveexec.or" => h!(saveexec, or),
        "saveexec.xor" => h!(saveexec, xor),
        "saveexec.andn1" => h!(saveexec, andn1),
        "saveexec.andn2" => h!(saveexec, andn),
        "saveexec.mov" => h!(saveexec, take2),
        // ---- salu-imm (ULI)
        "umovi" => h!(u_imm, mov),
        "upc" => h!(u_pc, upc),
        "upca" => h!(up_pc, upca),
        // ---- salu-lit (UL)
        "umov.l" => h!(u_imm, mov),
        "uadd.l" => h!(ui, add),
        "uand.l" => h!(ui, and),
        "uor.l" => h!(ui, or),
        "uxor.l" => h!(ui, xor),
        "umul.l" => h!(ui, mul),
        "useq.l" => h!(ui, seq),
        "uslt.l" => h!(ui, slt),
        "usltu.l" => h!(ui, sltu),
        "uadd64.l" => h!(up_pi, addsx64),
        // ---- branch
        "jmp" => h!(branch, always),
        "bexecz" => h!(branch, exec_zero),
        "bexecnz" => h!(branch, exec_nonzero),
        "jal" => handler!(|w, o, l| jump(w, o, l, true, pc_rel)),
        "bz" => h!(branch, u_zero),
        "bnz" => h!(branch, u_nonzero),
        "bnone" => h!(branch, none_active),
        "bany" => h!(branch, any_active),
        "jr" => handler!(|w, o, l| jump(w, o, l, false, reg_rel)),
        "jalr" => handler!(|w, o, l| jump(w, o, l, true, reg_rel)),
        // ================================ §6.2 floating point
        // ---- fp32-arith: add / sub / mul (MODE.rm, or the rm field for .m)
        "fadd.f32" => fp32!(V, No, Mode, rne2(add_rne, fp::f32_add)),
        "fadd.f32.vu" => fp32!(U, No, Mode, rne2(add_rne, fp::f32_add)),
        "fadd.f32.m" => fp32!(V, No, Field, rne2(add_rne, fp::f32_add)),
        "fadd.f32.vl" => fp32!(I, No, Mode, rne2(add_rne, fp::f32_add)),
        "fsub.f32" => fp32!(V, No, Mode, rne2(sub_rne, fp::f32_sub)),
        "fsub.f32.vu" => fp32!(U, No, Mode, rne2(sub_rne, fp::f32_sub)),
        "fsubr.f32.vu" => fp32!(U, No, Mode, rne2(subr_rne, fsubr_f32)),
        "fsubr.f32.vl" => fp32!(I, No, Mode, rne2(subr_rne, fsubr_f32)),
        "fmul.f32" => fp32!(V, No, Mode, rne2(mul_rne, fp::f32_mul)),
        "fmul.f32.vu" => fp32!(U, No, Mode, rne2(mul_rne, fp::f32_mul)),
        "fmul.f32.m" => fp32!(V, No, Field, rne2(mul_rne, fp::f32_mul)),
        "fmul.f32.vl" => fp32!(I, No, Mode, rne2(mul_rne, fp::f32_mul)),
        // ---- fused multiply-add: fmac adds to d, ffma to s3
        "fmac.f32" => fp32!(V, D, Mode, rne3(fma_rne, fp::f32_fma)),
        "fmac.f32.vu" => fp32!(U, D, Mode, rne3(fma_rne, fp::f32_fma)),
        "fmac.f32.vl" => fp32!(I, D, Mode, rne3(fma_rne, fp::f32_fma)),
        "ffma.f32" => fp32!(V, S3, Field, rne3(fma_rne, fp::f32_fma)),
        // ---- min / max / sign injection / 0-1 compares
        "fmin.f32" => fp32!(V, No, No, n2(fp::f32_min)),
        "fmin.f32.vu" => fp32!(U, No, No, n2(fp::f32_min)),
        "fmin.f32.vl" => fp32!(I, No, No, n2(fp::f32_min)),
        "fmax.f32" => fp32!(V, No, No, n2(fp::f32_max)),
        "fmax.f32.vu" => fp32!(U, No, No, n2(fp::f32_max)),
        "fmax.f32.vl" => fp32!(I, No, No, n2(fp::f32_max)),
        "fsgnj.f32" => fp32!(V, No, No, i2(fsgnj_f32)),
        "fsgnj.f32.vu" => fp32!(U, No, No, i2(fsgnj_f32)),
        "fsgnjn.f32" => fp32!(V, No, No, i2(fsgnjn_f32)),
        "fsgnjn.f32.vu" => fp32!(U, No, No, i2(fsgnjn_f32)),
        "fsgnjx.f32" => fp32!(V, No, No, i2(fsgnjx_f32)),
        "fsgnjx.f32.vu" => fp32!(U, No, No, i2(fsgnjx_f32)),
        "feq.f32" => fp32!(V, No, No, n2(feq_f32)),
        "feq.f32.vu" => fp32!(U, No, No, n2(feq_f32)),
        "flt.f32" => fp32!(V, No, No, n2(flt_f32)),
        "flt.f32.vu" => fp32!(U, No, No, n2(flt_f32)),
        "fle.f32" => fp32!(V, No, No, n2(fle_f32)),
        "fle.f32.vu" => fp32!(U, No, No, n2(fle_f32)),
        // ---- ldexp (exponent = int32 s2), MODE.rm
        "fldexp.f32" => fp32!(V, No, Mode, r2(fldexp_f32)),
        "fldexp.f32.vu" => fp32!(U, No, Mode, r2(fldexp_f32)),
        // ---- packed binary16 (MODE.rm16; pkfma.f16 has an rm field)
        "pkadd.f16" => fp32!(V, No, Mode16, pk_r2(fp::f16_add)),
        "pksub.f16" => fp32!(V, No, Mode16, pk_r2(fp::f16_sub)),
        "pkmul.f16" => fp32!(V, No, Mode16, pk_r2(fp::f16_mul)),
        "pkfmac.f16" => fp32!(V, D, Mode16, pk_r3(fp::f16_fma)),
        "pkfma.f16" => fp32!(V, S3, Field16, pk_r3(fp::f16_fma)),
        "pkmin.f16" => fp32!(V, No, No, pk_n2(fp::f16_min)),
        "pkmax.f16" => fp32!(V, No, No, pk_n2(fp::f16_max)),
        // ---- packed 16-bit integer (no flags)
        "pkadd.i16" => fp32!(V, No, No, pk_i2(add_i16)),
        "pksub.i16" => fp32!(V, No, No, pk_i2(sub_i16)),
        "pkmul.i16" => fp32!(V, No, No, pk_i2(mul_i16)),
        "pkmin.i16" => fp32!(V, No, No, pk_i2(min_i16)),
        "pkmax.i16" => fp32!(V, No, No, pk_i2(max_i16)),
        "pkmin.u16" => fp32!(V, No, No, pk_i2(min_u16)),
        "pkmax.u16" => fp32!(V, No, No, pk_i2(max_u16)),
        "pksll.i16" => fp32!(V, No, No, pk_i2(sll_i16)),
        "pksrl.i16" => fp32!(V, No, No, pk_i2(srl_i16)),
        "pksra.i16" => fp32!(V, No, No, pk_i2(sra_i16)),
        // ---- pack conversions
        "pkcvt.f16.f32" => fp32!(V, No, Mode16, r2(pkcvt_f16_f32)),
        "pkcvt.f16.f32.m" => fp32!(V, No, Field16, r2(pkcvt_f16_f32)),
        "pkcvt.unorm16.f32" => fp32!(V, No, No, i2(pkcvt_unorm16_f32)),
        "pkcvt.snorm16.f32" => fp32!(V, No, No, i2(pkcvt_snorm16_f32)),
        "pkcvt.u16.u32" => fp32!(V, No, No, i2(pkcvt_u16_u32)),
        "pkcvt.i16.i32" => fp32!(V, No, No, i2(pkcvt_i16_i32)),
        "pkcvt.unorm8.f32" => fp32!(V, D, No, i3(pkcvt_unorm8_f32)),
        "pkcvt.unorm8h.f32" => fp32!(V, D, No, i3(pkcvt_unorm8h_f32)),
        "pack.lo.b16" => fp32!(V, No, No, i2(pack_lo_b16)),
        "pack.hi.b16" => fp32!(V, No, No, i2(pack_hi_b16)),
        "pack.lohi.b16" => fp32!(V, No, No, i2(pack_lohi_b16)),
        // ---- three-source X forms
        "fmed3.f32" => fp32!(V, S3, No, n3(fp::f32_med3)),
        "dot2.f32.f16" => fp32!(V, S3, Mode, r3(fp::dot2_f32_f16)),
        // ---- conversions with an explicit rm (dyn: MODE.rm, MODE.rm16 for f16 results)
        "fcvt.f32.i32.m" => fp32!(No, No, Field, r1(fp::i32_to_f32)),
        "fcvt.f32.u32.m" => fp32!(No, No, Field, r1(fp::u32_to_f32)),
        "fcvt.i32.f32.m" => fp32!(No, No, Field, r1(fp::f32_to_i32)),
        "fcvt.u32.f32.m" => fp32!(No, No, Field, r1(fp::f32_to_u32)),
        "fcvt.f16.f32.lo.m" => fp32!(No, D, Field16, r1c(fcvt_f16_f32_lo)),
        "fcvt.f16.f32.hi.m" => fp32!(No, D, Field16, r1c(fcvt_f16_f32_hi)),
        // ---- fp32-unary (R1)
        "fclass.f32" => fp32!(No, No, No, i1(fp::f32_class)),
        "ffloor.f32" => fp32!(No, No, No, n1(ffloor_f32)),
        "fceil.f32" => fp32!(No, No, No, n1(fceil_f32)),
        "ftrunc.f32" => fp32!(No, No, No, n1(ftrunc_f32)),
        "frndne.f32" => fp32!(No, No, No, n1(frndne_f32)),
        "ffract.f32" => fp32!(No, No, Mode, r1(fp::f32_fract)),
        "fsat.f32" => fp32!(No, No, No, n1(fp::f32_sat)),
        "fcvt.i32.f32" => fp32!(No, No, No, n1(fcvt_i32_f32)),
        "fcvt.u32.f32" => fp32!(No, No, No, n1(fcvt_u32_f32)),
        "fcvt.f32.i32" => fp32!(No, No, Mode, r1(fp::i32_to_f32)),
        "fcvt.f32.u32" => fp32!(No, No, Mode, r1(fp::u32_to_f32)),
        "fcvt.f16.f32.lo" => fp32!(No, D, Mode16, r1c(fcvt_f16_f32_lo)),
        "fcvt.f16.f32.hi" => fp32!(No, D, Mode16, r1c(fcvt_f16_f32_hi)),
        "fcvt.f32.f16.lo" => fp32!(No, No, No, n1(fcvt_f32_f16_lo)),
        "fcvt.f32.f16.hi" => fp32!(No, No, No, n1(fcvt_f32_f16_hi)),
        "fcvt.f32.ubyte0" => fp32!(No, No, No, i1(fcvt_f32_ubyte0)),
        "fcvt.f32.ubyte1" => fp32!(No, No, No, i1(fcvt_f32_ubyte1)),
        "fcvt.f32.ubyte2" => fp32!(No, No, No, i1(fcvt_f32_ubyte2)),
        "fcvt.f32.ubyte3" => fp32!(No, No, No, i1(fcvt_f32_ubyte3)),
        "frexp.mant.f32" => fp32!(No, No, No, n1(fp::f32_frexp_mant)),
        "frexp.exp.f32" => fp32!(No, No, No, i1(fp::f32_frexp_exp)),
        // ---- fp32-cmp (C / CU)
        "cmp.eq.f32" => fcmp!(V, cmp_f32(CmpOp::Eq)),
        "cmp.ne.f32" => fcmp!(V, cmp_f32(CmpOp::Ne)),
        "cmp.lt.f32" => fcmp!(V, cmp_f32(CmpOp::Lt)),
        "cmp.le.f32" => fcmp!(V, cmp_f32(CmpOp::Le)),
        "cmp.gt.f32" => fcmp!(V, cmp_f32(CmpOp::Gt)),
        "cmp.ge.f32" => fcmp!(V, cmp_f32(CmpOp::Ge)),
        "cmp.o.f32" => fcmp!(V, cmp_f32(CmpOp::O)),
        "cmp.u.f32" => fcmp!(V, cmp_f32(CmpOp::U)),
        "cmp.equ.f32" => fcmp!(V, cmp_f32(CmpOp::Equ)),
        "cmp.neu.f32" => fcmp!(V, cmp_f32(CmpOp::Neu)),
        "cmp.ltu.f32" => fcmp!(V, cmp_f32(CmpOp::Ltu)),
        "cmp.leu.f32" => fcmp!(V, cmp_f32(CmpOp::Leu)),
        "cmp.gtu.f32" => fcmp!(V, cmp_f32(CmpOp::Gtu)),
        "cmp.geu.f32" => fcmp!(V, cmp_f32(CmpOp::Geu)),
        "cmp.class.f32" => fcmp!(V, class_test_f32),
        "cmp.eq.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Eq)),
        "cmp.ne.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Ne)),
        "cmp.lt.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Lt)),
        "cmp.le.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Le)),
        "cmp.gt.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Gt)),
        "cmp.ge.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Ge)),
        "cmp.o.f32.vu" => fcmp!(U, cmp_f32(CmpOp::O)),
        "cmp.u.f32.vu" => fcmp!(U, cmp_f32(CmpOp::U)),
        "cmp.equ.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Equ)),
        "cmp.neu.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Neu)),
        "cmp.ltu.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Ltu)),
        "cmp.leu.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Leu)),
        "cmp.gtu.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Gtu)),
        "cmp.geu.f32.vu" => fcmp!(U, cmp_f32(CmpOp::Geu)),
        "cmp.class.f32.vu" => fcmp!(U, class_test_f32),
        // ---- half (H): binary16 arithmetic, MODE.rm16 / explicit rm
        "fadd.f16" => fp16!(Field16, r2(fp::f16_add)),
        "fsub.f16" => fp16!(Field16, r2(fp::f16_sub)),
        "fmul.f16" => fp16!(Field16, r2(fp::f16_mul)),
        "ffma.f16" => fp16!(Field16, r3(fp::f16_fma)),
        "fldexp.f16" => fp16!(Mode16, r2(fldexp_f16)),
        "fcvt.f16.i16" => fp16!(Mode16, r1(fp::i16_to_f16)),
        "fcvt.f16.u16" => fp16!(Mode16, r1(fp::u16_to_f16)),
        "fcvt.i16.f16" => fp16!(No, n1(fcvt_i16_f16)),
        "fcvt.u16.f16" => fp16!(No, n1(fcvt_u16_f16)),
        "fmin.f16" => fp16!(No, n2(fp::f16_min)),
        "fmax.f16" => fp16!(No, n2(fp::f16_max)),
        "fsgnj.f16" => fp16!(No, i2(fsgnj_f16)),
        "fsgnjn.f16" => fp16!(No, i2(fsgnjn_f16)),
        "fsgnjx.f16" => fp16!(No, i2(fsgnjx_f16)),
        "ffloor.f16" => fp16!(No, n1(ffloor_f16)),
        "fceil.f16" => fp16!(No, n1(fceil_f16)),
        "ftrunc.f16" => fp16!(No, n1(ftrunc_f16)),
        "frndne.f16" => fp16!(No, n1(frndne_f16)),
        "ffract.f16" => fp16!(Mode16, r1(fp::f16_fract)),
        "fclass.f16" => fp16!(No, i1(fp::f16_class)),
        // ---- half (H): 16-bit integer and bit operations (no flags)
        "mov.b16" => fp16!(No, i1(mov_b16)),
        "add.i16" => fp16!(No, i2(add_i16)),
        "sub.i16" => fp16!(No, i2(sub_i16)),
        "mul.i16" => fp16!(No, i2(mul_i16)),
        "sll.i16" => fp16!(No, i2(sll_i16)),
        "srl.i16" => fp16!(No, i2(srl_i16)),
        "sra.i16" => fp16!(No, i2(sra_i16)),
        "and.b16" => fp16!(No, i2(and_b16)),
        "or.b16" => fp16!(No, i2(or_b16)),
        "xor.b16" => fp16!(No, i2(xor_b16)),
        "min.i16" => fp16!(No, i2(min_i16)),
        "max.i16" => fp16!(No, i2(max_i16)),
        "min.u16" => fp16!(No, i2(min_u16)),
        "max.u16" => fp16!(No, i2(max_u16)),
        "sel.b16" => fp16!(No, i3(sel_b16)),
        // ---- half-cmp (HC)
        "cmp.eq.f16" => hcmp!(cmp_f16(CmpOp::Eq)),
        "cmp.ne.f16" => hcmp!(cmp_f16(CmpOp::Ne)),
        "cmp.lt.f16" => hcmp!(cmp_f16(CmpOp::Lt)),
        "cmp.le.f16" => hcmp!(cmp_f16(CmpOp::Le)),
        "cmp.gt.f16" => hcmp!(cmp_f16(CmpOp::Gt)),
        "cmp.ge.f16" => hcmp!(cmp_f16(CmpOp::Ge)),
        "cmp.o.f16" => hcmp!(cmp_f16(CmpOp::O)),
        "cmp.u.f16" => hcmp!(cmp_f16(CmpOp::U)),
        "cmp.equ.f16" => hcmp!(cmp_f16(CmpOp::Equ)),
        "cmp.neu.f16" => hcmp!(cmp_f16(CmpOp::Neu)),
        "cmp.ltu.f16" => hcmp!(cmp_f16(CmpOp::Ltu)),
        "cmp.leu.f16" => hcmp!(cmp_f16(CmpOp::Leu)),
        "cmp.gtu.f16" => hcmp!(cmp_f16(CmpOp::Gtu)),
        "cmp.geu.f16" => hcmp!(cmp_f16(CmpOp::Geu)),
        "cmp.eq.i16" => h!(c_hh, eq_i16),
        "cmp.ne.i16" => h!(c_hh, ne_i16),
        "cmp.lt.i16" => h!(c_hh, lt_i16),
        "cmp.ge.i16" => h!(c_hh, ge_i16),
        "cmp.lt.u16" => h!(c_hh, lt_u16),
        "cmp.ge.u16" => h!(c_hh, ge_u16),

        _ => return None,
    })
}

/// Whether the model executes this variant.
pub fn has_semantics(id: InsnId) -> bool {
    handler_for(id).is_some()
}

/// Cached [`semantics_for`] of every variant, indexed by id (built once per process).
pub(crate) fn handler_for(id: InsnId) -> Option<Handler> {
    static TABLE: OnceLock<Vec<Option<Handler>>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..INSNS.len())
            .map(|i| semantics_for(InsnId(i as u16)))
            .collect()
    });
    t.get(id.0 as usize).copied().flatten()
}

#[cfg(test)]
mod tests {
    use crate::program::Program;
    use crate::run::{RunStatus, StepResult};
    use crate::warp::{Warp, LANES};
    use crate::Commit;
    use warpkit_encoding::{encode, Inst};
    use warpkit_isa::lookup;

    fn inst(m: &str, rd: u8, rs1: u8, rs2: u8, rs3: u8) -> Inst {
        let mut i = Inst::new(lookup(m).unwrap());
        (i.rd, i.rs1, i.rs2, i.rs3) = (rd, rs1, rs2, rs3);
        i
    }

    /// Step `i` on `w` with the fast and the logged handlers; both must agree.
    fn step(i: &Inst, w: &mut Warp) -> StepResult {
        let p = Program::new(&encode(i));
        let mut w2 = w.clone();
        let r = w.step(&p);
        let r2 = w2.step_logged(&p, &mut Commit::new());
        assert_eq!((&r, &*w), (&r2, &w2));
        r
    }

    /// A reserved MODE value used through `dyn` raises IllegalInsn and changes nothing;
    /// an explicit rm ignores MODE. (MODE can only hold a reserved value inside the crate:
    /// `Warp::set_mode` refuses them.)
    #[test]
    fn reserved_mode_faults_precisely() {
        let mut i = inst("ffma.f32", 1, 2, 3, 4);
        let mut w = Warp::new();
        w.v[2] = [0x3f80_0000; LANES];
        w.v[3] = [0x3f80_0000; LANES];
        w.v[4] = [0x3f80_0000; LANES];
        w.mode.rm = 5;
        let before = w.clone();
        assert!(matches!(step(&i, &mut w), StepResult::Faulted(_)));
        assert_eq!(w, before);
        i.rm = 1;
        assert_eq!(step(&i, &mut w), StepResult::Running);
        assert_eq!(w.v[1], [0x4000_0000; LANES]);
        // binary16 work looks at MODE.rm16 only.
        let h = inst("fadd.f16", 2, 3, 4, 0);
        let mut w = Warp::new();
        w.mode.rm = 6;
        assert_eq!(step(&h, &mut w), StepResult::Running);
        w.mode.rm16 = 7;
        w.pc = 0;
        let before = w.clone();
        assert!(matches!(step(&h, &mut w), StepResult::Faulted(_)));
        assert_eq!(w, before);
        // Non-rounding FP ops do not care about MODE.
        w.pc = 0;
        assert_eq!(
            step(&inst("fmin.f32", 0, 0, 0, 0), &mut w),
            StepResult::Running
        );
        for (name, b16) in [
            ("fadd.f32", false),
            ("pkadd.f16", true),
            ("dot2.f32.f16", false),
            ("fcvt.f16.f32.lo", true),
            ("ffract.f32", false),
            ("ffract.f16", true),
        ] {
            let i = inst(name, 0, 0, 0, 0);
            let mut w = Warp::new();
            if b16 {
                w.mode.rm16 = 5;
            } else {
                w.mode.rm = 5;
            }
            let before = w.clone();
            let p = Program::new(&encode(&i));
            match w.run(&p, 1).status {
                RunStatus::Faulted(f) => assert_eq!(f.cause.code(), 1, "{name}"),
                s => panic!("{name}: {s:?}"),
            }
            assert_eq!(w, before);
        }
    }
}
