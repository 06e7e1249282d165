//! The semantics table: every executable variant is one row `id::X => h!(driver, op)`,
//! its handler = one operand-shape driver (`shapes.rs`) applied to one operation: a lane
//! function (`int.rs`, `float.rs`, `warpkit-fp`; FP ones wrapped by their signature,
//! `i2(fsgnj_f32)`, `r1(FIELD, fp::u32_to_f32)`) or a 32-lane host kernel (`kernels.rs`:
//! `Min`, `Add::<MODE>`). [`semantics_for`] is the one place that says which variants
//! execute; ARCHITECTURE.md ("Adding an instruction") says what else a new row needs.
//!
//! Every handler is compiled three times from the same source (the `handler!` macro):
//! the fast copy (logger [`NoLog`], nothing recorded), the same fast copy built for AVX2
//! (logger `NoLogAvx2`; chosen at run time by [`Program`](crate::Program)), and the
//! logged copy that reports every write to a [`Commit`].

#[cfg(target_arch = "x86_64")]
use crate::commit::NoLogAvx2;
use crate::commit::{Commit, Log, NoLog};
use crate::float::*;
use crate::int::*;
use crate::kernels::*;
use crate::op::{Flow, Handler, Op};
use crate::shapes::*;
use crate::warp::Warp;
use std::sync::OnceLock;
use warpkit_fp::{self as fp, CmpOp, RoundOp};
use warpkit_isa::{id, InsnId, INSNS};

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
            go(w, o, &mut NoLogAvx2)
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

/// `driver` applied to the operation `f` (the one row form of the table).
macro_rules! h {
    ($driver:ident, $f:expr) => {
        handler!(|w, o, l| $driver(w, o, l, $f))
    };
}

/// The handler of a variant, or `None` when the model cannot execute it: §7 tex/gfx
/// (their units are not modelled). Executing a variant without a handler raises
/// IllegalInsn.
pub(crate) fn semantics_for(id: InsnId) -> Option<Handler> {
    Some(match id {
        // ================================ §6.1 integer, uniform, EXEC, branches
        // ---- valu-int-arith (R / RU / I8)
        id::ADD => h!(vv, add),
        id::ADD_VU => h!(vu, add),
        id::ADD_VI => h!(vi, add),
        id::SUB => h!(vv, sub),
        id::SUB_VU => h!(vu, sub),
        id::SLL => h!(vv, sll),
        id::SLL_VU => h!(vu, sll),
        id::SLL_VI => h!(vi, sll),
        id::SLT => h!(vv, slt),
        id::SLT_VU => h!(vu, slt),
        id::SLT_VI => h!(vi, slt),
        id::SLTU => h!(vv, sltu),
        id::SLTU_VU => h!(vu, sltu),
        id::SLTU_VI => h!(vi, sltu),
        id::XOR => h!(vv, xor),
        id::XOR_VU => h!(vu, xor),
        id::XOR_VI => h!(vi, xor),
        id::SRL => h!(vv, srl),
        id::SRL_VU => h!(vu, srl),
        id::SRL_VI => h!(vi, srl),
        id::SRA => h!(vv, sra),
        id::SRA_VU => h!(vu, sra),
        id::SRA_VI => h!(vi, sra),
        id::OR => h!(vv, or),
        id::OR_VU => h!(vu, or),
        id::OR_VI => h!(vi, or),
        id::AND => h!(vv, and),
        id::AND_VU => h!(vu, and),
        id::AND_VI => h!(vi, and),
        id::MIN => h!(vv, min),
        id::MIN_VU => h!(vu, min),
        id::MIN_VI => h!(vi, min),
        id::MAX => h!(vv, max),
        id::MAX_VU => h!(vu, max),
        id::MAX_VI => h!(vi, max),
        id::MINU => h!(vv, minu),
        id::MINU_VU => h!(vu, minu),
        id::MINU_VI => h!(vi, minu),
        id::MAXU => h!(vv, maxu),
        id::MAXU_VU => h!(vu, maxu),
        id::MAXU_VI => h!(vi, maxu),
        id::ANDN => h!(vv, andn),
        id::ANDN_VU => h!(vu, andn),
        id::ORN => h!(vv, orn),
        id::ORN_VU => h!(vu, orn),
        id::MUL => h!(vv, mul),
        id::MUL_VU => h!(vu, mul),
        id::MUL_VI => h!(vi, mul),
        id::MULH => h!(vv, mulh),
        id::MULH_VU => h!(vu, mulh),
        id::MULHSU => h!(vv, mulhsu),
        id::MULHU => h!(vv, mulhu),
        id::MULHU_VU => h!(vu, mulhu),
        id::MAC => h!(vv_acc, mac),
        id::MAC_VU => h!(vu_acc, mac),
        id::XNOR => h!(vv, xnor),
        id::ROL => h!(vv, rol),
        id::ROR => h!(vv, ror),
        id::CZERO_EQZ => h!(vv, czero_eqz),
        id::CZERO_NEZ => h!(vv, czero_nez),
        id::ADDSAT_I32 => h!(vv, addsat_i32),
        id::ADDSAT_U32 => h!(vv, addsat_u32),
        id::SUBSAT_I32 => h!(vv, subsat_i32),
        id::SUBSAT_U32 => h!(vv, subsat_u32),
        id::BFM => h!(vv, bfm),
        id::MULWU => h!(p_vv, mulwu),
        id::ADD64 => h!(p_pp, add64),
        id::SUB64 => h!(p_pp, sub64),
        id::ADDSX64 => h!(p_pv, addsx64),
        id::ADDZX64 => h!(p_pv, addzx64),
        id::ADDZX64_VU => h!(p_pu, addzx64),
        id::SLL64 => h!(p_pv, sll64),
        id::SRL64 => h!(p_pv, srl64),
        id::SRA64 => h!(p_pv, sra64),
        id::MULW => h!(p_vv, mulw),
        id::SUBR_VU => h!(vu, subr),
        id::SUBR_VI => h!(vi, subr),
        id::SLLR_VU => h!(vu, sllr),
        id::SRLR_VU => h!(vu, srlr),
        id::SRAR_VU => h!(vu, srar),
        id::MBCNT => h!(vu_idx, mbcnt),
        id::CNDMASK => h!(vu_lane, cndmask),
        id::MOVREL_S => h!(movrel_s, mov),
        id::MOVREL_D => h!(movrel_d, mov),
        // ---- valu-int-unary (R1 / R1U / LI)
        id::MOV => h!(v1, mov),
        id::MOV_VU => h!(v_u1, mov),
        id::NOT => h!(v1, not),
        id::CLZ => h!(v1, clz),
        id::CTZ => h!(v1, ctz),
        id::CPOP => h!(v1, cpop),
        id::BREV => h!(v1, brev),
        id::REV8 => h!(v1, rev8),
        id::SEXT_B => h!(v1, sext_b),
        id::SEXT_H => h!(v1, sext_h),
        id::ZEXT_B => h!(v1, zext_b),
        id::ZEXT_H => h!(v1, zext_h),
        id::LANEID => h!(v_lane, mov),
        id::NEG => h!(v1, neg),
        id::ABS => h!(v1, abs),
        id::MOV64 => h!(p_p, mov64),
        id::MOV64_VU => h!(p_u1, mov64),
        id::MOVI => h!(v_imm, mov),
        // ---- valu-int-cmp (C / CU / CI)
        id::CMP_EQ_I32 => h!(c_vv, eq),
        id::CMP_NE_I32 => h!(c_vv, ne),
        id::CMP_LT_I32 => h!(c_vv, lt_i),
        id::CMP_GE_I32 => h!(c_vv, ge_i),
        id::CMP_LT_U32 => h!(c_vv, lt_u),
        id::CMP_GE_U32 => h!(c_vv, ge_u),
        id::CMP_EQ_I32_VU => h!(c_vu, eq),
        id::CMP_NE_I32_VU => h!(c_vu, ne),
        id::CMP_LT_I32_VU => h!(c_vu, lt_i),
        id::CMP_GE_I32_VU => h!(c_vu, ge_i),
        id::CMP_LT_U32_VU => h!(c_vu, lt_u),
        id::CMP_GE_U32_VU => h!(c_vu, ge_u),
        id::CMP_EQ_I64 => h!(c_pp, eq64),
        id::CMP_NE_I64 => h!(c_pp, ne64),
        id::CMP_LT_I64 => h!(c_pp, lt_i64),
        id::CMP_GE_I64 => h!(c_pp, ge_i64),
        id::CMP_LT_U64 => h!(c_pp, lt_u64),
        id::CMP_GE_U64 => h!(c_pp, ge_u64),
        id::CMP_EQ_I32_VI => h!(c_vi, eq),
        id::CMP_NE_I32_VI => h!(c_vi, ne),
        id::CMP_LT_I32_VI => h!(c_vi, lt_i),
        id::CMP_GE_I32_VI => h!(c_vi, ge_i),
        id::CMP_LT_U32_VI => h!(c_vi, lt_u),
        id::CMP_GE_U32_VI => h!(c_vi, ge_u),
        id::CMP_GT_I32_VI => h!(c_vi, gt_i),
        id::CMP_GT_U32_VI => h!(c_vi, gt_u),
        // ---- valu-int-x (X)
        id::SEL => h!(vvv, sel),
        id::BFE_U32 => h!(vvv, bfe_u32),
        id::BFE_I32 => h!(vvv, bfe_i32),
        id::BFI => h!(vvv, bfi),
        id::PERM_B32 => h!(vvv, perm_b32),
        id::MAD_U32 => h!(vvv, mad_u32),
        id::MAD64_U32 => h!(p_vvp, mad64_u32),
        id::MAD64_I32 => h!(p_vvp, mad64_i32),
        id::ALIGNBIT => h!(vvv, alignbit),
        id::MED3_I32 => h!(vvv, med3_i32),
        id::MED3_U32 => h!(vvv, med3_u32),
        id::DP4A_I32 => h!(vvv, dp4a_i32),
        id::DP4A_U32 => h!(vvv, dp4a_u32),
        id::SEL64 => h!(p_ppv, sel64),
        // ---- valu-int-lit (XL)
        id::MOV_VL => h!(v_imm, mov),
        id::ADD_VL => h!(vi, add),
        id::SUBR_VL => h!(vi, subr),
        id::AND_VL => h!(vi, and),
        id::OR_VL => h!(vi, or),
        id::XOR_VL => h!(vi, xor),
        id::MUL_VL => h!(vi, mul),
        id::ADDSX64_VL => h!(p_pi, addsx64),
        // ---- salu-arith (UR / UI)
        id::UADD => h!(uu, add),
        id::USUB => h!(uu, sub),
        id::USLL => h!(uu, sll),
        id::USLT => h!(uu, slt),
        id::USLTU => h!(uu, sltu),
        id::UXOR => h!(uu, xor),
        id::USRL => h!(uu, srl),
        id::USRA => h!(uu, sra),
        id::UOR => h!(uu, or),
        id::UAND => h!(uu, and),
        id::UMIN => h!(uu, min),
        id::UMAX => h!(uu, max),
        id::UMINU => h!(uu, minu),
        id::UMAXU => h!(uu, maxu),
        id::UANDN => h!(uu, andn),
        id::UORN => h!(uu, orn),
        id::UXNOR => h!(uu, xnor),
        id::UMUL => h!(uu, mul),
        id::UMULH => h!(uu, mulh),
        id::UMULHU => h!(uu, mulhu),
        id::UMULHSU => h!(uu, mulhsu),
        id::UCZERO_EQZ => h!(uu, czero_eqz),
        id::UCZERO_NEZ => h!(uu, czero_nez),
        id::USEQ => h!(uu, seq),
        id::USNE => h!(uu, sne),
        id::USGE => h!(uu, sge),
        id::USGEU => h!(uu, sgeu),
        id::UBFM => h!(uu, ubfm),
        id::UBFE_U32 => h!(uu, ubfe_u32),
        id::UBFE_I32 => h!(uu, ubfe_i32),
        id::UADD64 => h!(up_pp, add64),
        id::USUB64 => h!(up_pp, sub64),
        id::UADDSX64 => h!(up_pu, addsx64),
        id::UADDZX64 => h!(up_pu, addzx64),
        id::UROL => h!(uu, rol),
        id::UROR => h!(uu, ror),
        id::UADDI => h!(ui, add),
        id::UANDI => h!(ui, and),
        id::UORI => h!(ui, or),
        id::UXORI => h!(ui, xor),
        id::USLLI => h!(ui, sll),
        id::USRLI => h!(ui, srl),
        id::USRAI => h!(ui, sra),
        id::USLTI => h!(ui, slt),
        id::USLTIU => h!(ui, sltu),
        id::USEQI => h!(ui, seq),
        id::USNEI => h!(ui, sne),
        id::UMULI => h!(ui, mul),
        id::UADD64I => h!(up_pi, addsx64),
        // ---- salu-unary-exec (U1)
        id::UMOV => h!(u1, mov),
        id::UNOT => h!(u1, not),
        id::UCLZ => h!(u1, clz),
        id::UCTZ => h!(u1, ctz),
        id::UCPOP => h!(u1, cpop),
        id::UBREV => h!(u1, brev),
        id::USEXT_B => h!(u1, sext_b),
        id::USEXT_H => h!(u1, sext_h),
        id::UMOV64 => h!(up_p, mov64),
        id::UWQM => h!(u1, wqm),
        id::EXEC_GET => h!(u_exec, mov),
        id::EXEC_SET => h!(exec_set, mov),
        id::EXEC_WQM => h!(exec_self, wqm),
        id::SAVEEXEC_AND => h!(saveexec, and),
        id::SAVEEXEC_OR => h!(saveexec, or),
        id::SAVEEXEC_XOR => h!(saveexec, xor),
        id::SAVEEXEC_ANDN1 => h!(saveexec, andn1),
        id::SAVEEXEC_ANDN2 => h!(saveexec, andn),
        id::SAVEEXEC_MOV => h!(saveexec, take2),
        // ---- salu-imm (ULI)
        id::UMOVI => h!(u_imm, mov),
        id::UPC => h!(u_pc, upc),
        id::UPCA => h!(up_pc, upca),
        // ---- salu-lit (UL)
        id::UMOV_L => h!(u_imm, mov),
        id::UADD_L => h!(ui, add),
        id::UAND_L => h!(ui, and),
        id::UOR_L => h!(ui, or),
        id::UXOR_L => h!(ui, xor),
        id::UMUL_L => h!(ui, mul),
        id::USEQ_L => h!(ui, seq),
        id::USLT_L => h!(ui, slt),
        id::USLTU_L => h!(ui, sltu),
        id::UADD64_L => h!(up_pi, addsx64),
        // ---- branch
        id::JMP => h!(branch, always),
        id::BEXECZ => h!(branch, exec_zero),
        id::BEXECNZ => h!(branch, exec_nonzero),
        id::JAL => h!(jump_link, pc_rel),
        id::BZ => h!(branch, u_zero),
        id::BNZ => h!(branch, u_nonzero),
        id::BNONE => h!(branch, none_active),
        id::BANY => h!(branch, any_active),
        id::JR => h!(jump, reg_rel),
        id::JALR => h!(jump_link, reg_rel),
        // ================================ §6.2 floating point
        // ---- fp32-arith: add / sub / mul (MODE.rm, or the rm field for .m)
        id::FADD_F32 => h!(f_vv, Add::<MODE>),
        id::FADD_F32_VU => h!(f_vu, Add::<MODE>),
        id::FADD_F32_M => h!(f_vv, Add::<FIELD>),
        id::FADD_F32_VL => h!(f_vl, Add::<MODE>),
        id::FSUB_F32 => h!(f_vv, Sub::<MODE>),
        id::FSUB_F32_VU => h!(f_vu, Sub::<MODE>),
        id::FSUBR_F32_VU => h!(f_vu, SubR::<MODE>),
        id::FSUBR_F32_VL => h!(f_vl, SubR::<MODE>),
        id::FMUL_F32 => h!(f_vv, Mul::<MODE>),
        id::FMUL_F32_VU => h!(f_vu, Mul::<MODE>),
        id::FMUL_F32_M => h!(f_vv, Mul::<FIELD>),
        id::FMUL_F32_VL => h!(f_vl, Mul::<MODE>),
        // ---- fused multiply-add: fmac adds to d, ffma to s3
        id::FMAC_F32 => h!(f_vvd, Fma::<MODE>),
        id::FMAC_F32_VU => h!(f_vud, Fma::<MODE>),
        id::FMAC_F32_VL => h!(f_vld, Fma::<MODE>),
        id::FFMA_F32 => h!(f_vvv, Fma::<FIELD>),
        // ---- min / max / sign injection / 0-1 compares
        id::FMIN_F32 => h!(f_vv, Min),
        id::FMIN_F32_VU => h!(f_vu, Min),
        id::FMIN_F32_VL => h!(f_vl, Min),
        id::FMAX_F32 => h!(f_vv, Max),
        id::FMAX_F32_VU => h!(f_vu, Max),
        id::FMAX_F32_VL => h!(f_vl, Max),
        id::FSGNJ_F32 => h!(f_vv, i2(fsgnj_f32)),
        id::FSGNJ_F32_VU => h!(f_vu, i2(fsgnj_f32)),
        id::FSGNJN_F32 => h!(f_vv, i2(fsgnjn_f32)),
        id::FSGNJN_F32_VU => h!(f_vu, i2(fsgnjn_f32)),
        id::FSGNJX_F32 => h!(f_vv, i2(fsgnjx_f32)),
        id::FSGNJX_F32_VU => h!(f_vu, i2(fsgnjx_f32)),
        id::FEQ_F32 => h!(f_vv, ZeroOne(Cmp(CmpOp::Eq))),
        id::FEQ_F32_VU => h!(f_vu, ZeroOne(Cmp(CmpOp::Eq))),
        id::FLT_F32 => h!(f_vv, ZeroOne(Cmp(CmpOp::Lt))),
        id::FLT_F32_VU => h!(f_vu, ZeroOne(Cmp(CmpOp::Lt))),
        id::FLE_F32 => h!(f_vv, ZeroOne(Cmp(CmpOp::Le))),
        id::FLE_F32_VU => h!(f_vu, ZeroOne(Cmp(CmpOp::Le))),
        // ---- ldexp (exponent = int32 s2), MODE.rm
        id::FLDEXP_F32 => h!(f_vv, Ldexp::<MODE>),
        id::FLDEXP_F32_VU => h!(f_vu, Ldexp::<MODE>),
        // ---- packed binary16 (MODE.rm16; pkfma.f16 has an rm field)
        id::PKADD_F16 => h!(f_vv, Pk(Add::<MODE16>)),
        id::PKSUB_F16 => h!(f_vv, Pk(Sub::<MODE16>)),
        id::PKMUL_F16 => h!(f_vv, Pk(Mul::<MODE16>)),
        id::PKFMAC_F16 => h!(f_vvd, Pk(Fma::<MODE16>)),
        id::PKFMA_F16 => h!(f_vvv, Pk(Fma::<FIELD16>)),
        id::PKMIN_F16 => h!(f_vv, Pk(Min)),
        id::PKMAX_F16 => h!(f_vv, Pk(Max)),
        // ---- packed 16-bit integer (no flags)
        id::PKADD_I16 => h!(f_vv, pk_i2(add_i16)),
        id::PKSUB_I16 => h!(f_vv, pk_i2(sub_i16)),
        id::PKMUL_I16 => h!(f_vv, pk_i2(mul_i16)),
        id::PKMIN_I16 => h!(f_vv, pk_i2(min_i16)),
        id::PKMAX_I16 => h!(f_vv, pk_i2(max_i16)),
        id::PKMIN_U16 => h!(f_vv, pk_i2(min_u16)),
        id::PKMAX_U16 => h!(f_vv, pk_i2(max_u16)),
        id::PKSLL_I16 => h!(f_vv, pk_i2(sll_i16)),
        id::PKSRL_I16 => h!(f_vv, pk_i2(srl_i16)),
        id::PKSRA_I16 => h!(f_vv, pk_i2(sra_i16)),
        // ---- pack conversions
        id::PKCVT_F16_F32 => h!(f_vv, r2(MODE16, pkcvt_f16_f32)),
        id::PKCVT_F16_F32_M => h!(f_vv, r2(FIELD16, pkcvt_f16_f32)),
        id::PKCVT_UNORM16_F32 => h!(f_vv, i2(pkcvt_unorm16_f32)),
        id::PKCVT_SNORM16_F32 => h!(f_vv, i2(pkcvt_snorm16_f32)),
        id::PKCVT_U16_U32 => h!(f_vv, i2(pkcvt_u16_u32)),
        id::PKCVT_I16_I32 => h!(f_vv, i2(pkcvt_i16_i32)),
        id::PKCVT_UNORM8_F32 => h!(f_vvd, i3(pkcvt_unorm8_f32)),
        id::PKCVT_UNORM8H_F32 => h!(f_vvd, i3(pkcvt_unorm8h_f32)),
        id::PACK_LO_B16 => h!(f_vv, i2(pack_lo_b16)),
        id::PACK_HI_B16 => h!(f_vv, i2(pack_hi_b16)),
        id::PACK_LOHI_B16 => h!(f_vv, i2(pack_lohi_b16)),
        // ---- three-source X forms
        id::FMED3_F32 => h!(f_vvv, Med3),
        id::DOT2_F32_F16 => h!(f_vvv, Dot2::<MODE>),
        // ---- conversions with an explicit rm (dyn: MODE.rm, MODE.rm16 for f16 results)
        id::FCVT_F32_I32_M => h!(f_v, I32ToF32::<FIELD>),
        id::FCVT_F32_U32_M => h!(f_v, r1(FIELD, fp::u32_to_f32)),
        id::FCVT_I32_F32_M => h!(f_v, F32ToI32::<FIELD>),
        id::FCVT_U32_F32_M => h!(f_v, r1(FIELD, fp::f32_to_u32)),
        id::FCVT_F16_F32_LO_M => h!(f_vd, NarrowLo::<FIELD16>),
        id::FCVT_F16_F32_HI_M => h!(f_vd, NarrowHi::<FIELD16>),
        // ---- fp32-unary (R1)
        id::FCLASS_F32 => h!(f_v, Class),
        id::FFLOOR_F32 => h!(f_v, RoundTo(RoundOp::Floor)),
        id::FCEIL_F32 => h!(f_v, RoundTo(RoundOp::Ceil)),
        id::FTRUNC_F32 => h!(f_v, RoundTo(RoundOp::Trunc)),
        id::FRNDNE_F32 => h!(f_v, RoundTo(RoundOp::NearestEven)),
        id::FFRACT_F32 => h!(f_v, Fract::<MODE>),
        id::FSAT_F32 => h!(f_v, n1(fp::f32_sat)),
        id::FCVT_I32_F32 => h!(f_v, F32ToI32::<RTZ>),
        id::FCVT_U32_F32 => h!(f_v, n1(fcvt_u32_f32)),
        id::FCVT_F32_I32 => h!(f_v, I32ToF32::<MODE>),
        id::FCVT_F32_U32 => h!(f_v, r1(MODE, fp::u32_to_f32)),
        id::FCVT_F16_F32_LO => h!(f_vd, NarrowLo::<MODE16>),
        id::FCVT_F16_F32_HI => h!(f_vd, NarrowHi::<MODE16>),
        id::FCVT_F32_F16_LO => h!(f_v, WidenLo),
        id::FCVT_F32_F16_HI => h!(f_v, WidenHi),
        id::FCVT_F32_UBYTE0 => h!(f_v, i1(fcvt_f32_ubyte0)),
        id::FCVT_F32_UBYTE1 => h!(f_v, i1(fcvt_f32_ubyte1)),
        id::FCVT_F32_UBYTE2 => h!(f_v, i1(fcvt_f32_ubyte2)),
        id::FCVT_F32_UBYTE3 => h!(f_v, i1(fcvt_f32_ubyte3)),
        id::FREXP_MANT_F32 => h!(f_v, n1(fp::f32_frexp_mant)),
        id::FREXP_EXP_F32 => h!(f_v, i1(fp::f32_frexp_exp)),
        // ---- fp32-cmp (C / CU)
        id::CMP_EQ_F32 => h!(fc_vv, Cmp(CmpOp::Eq)),
        id::CMP_NE_F32 => h!(fc_vv, Cmp(CmpOp::Ne)),
        id::CMP_LT_F32 => h!(fc_vv, Cmp(CmpOp::Lt)),
        id::CMP_LE_F32 => h!(fc_vv, Cmp(CmpOp::Le)),
        id::CMP_GT_F32 => h!(fc_vv, Cmp(CmpOp::Gt)),
        id::CMP_GE_F32 => h!(fc_vv, Cmp(CmpOp::Ge)),
        id::CMP_O_F32 => h!(fc_vv, Cmp(CmpOp::O)),
        id::CMP_U_F32 => h!(fc_vv, Cmp(CmpOp::U)),
        id::CMP_EQU_F32 => h!(fc_vv, Cmp(CmpOp::Equ)),
        id::CMP_NEU_F32 => h!(fc_vv, Cmp(CmpOp::Neu)),
        id::CMP_LTU_F32 => h!(fc_vv, Cmp(CmpOp::Ltu)),
        id::CMP_LEU_F32 => h!(fc_vv, Cmp(CmpOp::Leu)),
        id::CMP_GTU_F32 => h!(fc_vv, Cmp(CmpOp::Gtu)),
        id::CMP_GEU_F32 => h!(fc_vv, Cmp(CmpOp::Geu)),
        id::CMP_CLASS_F32 => h!(fc_vv, ClassTest),
        id::CMP_EQ_F32_VU => h!(fc_vu, Cmp(CmpOp::Eq)),
        id::CMP_NE_F32_VU => h!(fc_vu, Cmp(CmpOp::Ne)),
        id::CMP_LT_F32_VU => h!(fc_vu, Cmp(CmpOp::Lt)),
        id::CMP_LE_F32_VU => h!(fc_vu, Cmp(CmpOp::Le)),
        id::CMP_GT_F32_VU => h!(fc_vu, Cmp(CmpOp::Gt)),
        id::CMP_GE_F32_VU => h!(fc_vu, Cmp(CmpOp::Ge)),
        id::CMP_O_F32_VU => h!(fc_vu, Cmp(CmpOp::O)),
        id::CMP_U_F32_VU => h!(fc_vu, Cmp(CmpOp::U)),
        id::CMP_EQU_F32_VU => h!(fc_vu, Cmp(CmpOp::Equ)),
        id::CMP_NEU_F32_VU => h!(fc_vu, Cmp(CmpOp::Neu)),
        id::CMP_LTU_F32_VU => h!(fc_vu, Cmp(CmpOp::Ltu)),
        id::CMP_LEU_F32_VU => h!(fc_vu, Cmp(CmpOp::Leu)),
        id::CMP_GTU_F32_VU => h!(fc_vu, Cmp(CmpOp::Gtu)),
        id::CMP_GEU_F32_VU => h!(fc_vu, Cmp(CmpOp::Geu)),
        id::CMP_CLASS_F32_VU => h!(fc_vu, ClassTest),
        // ---- half (H): binary16 arithmetic, MODE.rm16 / explicit rm
        id::FADD_F16 => h!(h_hh, Add::<FIELD16>),
        id::FSUB_F16 => h!(h_hh, Sub::<FIELD16>),
        id::FMUL_F16 => h!(h_hh, Mul::<FIELD16>),
        id::FFMA_F16 => h!(h_hhh, Fma::<FIELD16>),
        id::FLDEXP_F16 => h!(h_hh, r2(MODE16, fldexp_f16)),
        id::FCVT_F16_I16 => h!(h_h, r1(MODE16, fp::i16_to_f16)),
        id::FCVT_F16_U16 => h!(h_h, r1(MODE16, fp::u16_to_f16)),
        id::FCVT_I16_F16 => h!(h_h, n1(fcvt_i16_f16)),
        id::FCVT_U16_F16 => h!(h_h, n1(fcvt_u16_f16)),
        id::FMIN_F16 => h!(h_hh, Min),
        id::FMAX_F16 => h!(h_hh, Max),
        id::FSGNJ_F16 => h!(h_hh, i2(fsgnj_f16)),
        id::FSGNJN_F16 => h!(h_hh, i2(fsgnjn_f16)),
        id::FSGNJX_F16 => h!(h_hh, i2(fsgnjx_f16)),
        id::FFLOOR_F16 => h!(h_h, n1(ffloor_f16)),
        id::FCEIL_F16 => h!(h_h, n1(fceil_f16)),
        id::FTRUNC_F16 => h!(h_h, n1(ftrunc_f16)),
        id::FRNDNE_F16 => h!(h_h, n1(frndne_f16)),
        id::FFRACT_F16 => h!(h_h, r1(MODE16, fp::f16_fract)),
        id::FCLASS_F16 => h!(h_h, i1(fp::f16_class)),
        // ---- half (H): 16-bit integer and bit operations (no flags)
        id::MOV_B16 => h!(h_h, i1(mov_b16)),
        id::ADD_I16 => h!(h_hh, i2(add_i16)),
        id::SUB_I16 => h!(h_hh, i2(sub_i16)),
        id::MUL_I16 => h!(h_hh, i2(mul_i16)),
        id::SLL_I16 => h!(h_hh, i2(sll_i16)),
        id::SRL_I16 => h!(h_hh, i2(srl_i16)),
        id::SRA_I16 => h!(h_hh, i2(sra_i16)),
        id::AND_B16 => h!(h_hh, i2(and_b16)),
        id::OR_B16 => h!(h_hh, i2(or_b16)),
        id::XOR_B16 => h!(h_hh, i2(xor_b16)),
        id::MIN_I16 => h!(h_hh, i2(min_i16)),
        id::MAX_I16 => h!(h_hh, i2(max_i16)),
        id::MIN_U16 => h!(h_hh, i2(min_u16)),
        id::MAX_U16 => h!(h_hh, i2(max_u16)),
        id::SEL_B16 => h!(h_hhh, i3(sel_b16)),
        // ---- half-cmp (HC)
        id::CMP_EQ_F16 => h!(fc_hh, Cmp(CmpOp::Eq)),
        id::CMP_NE_F16 => h!(fc_hh, Cmp(CmpOp::Ne)),
        id::CMP_LT_F16 => h!(fc_hh, Cmp(CmpOp::Lt)),
        id::CMP_LE_F16 => h!(fc_hh, Cmp(CmpOp::Le)),
        id::CMP_GT_F16 => h!(fc_hh, Cmp(CmpOp::Gt)),
        id::CMP_GE_F16 => h!(fc_hh, Cmp(CmpOp::Ge)),
        id::CMP_O_F16 => h!(fc_hh, Cmp(CmpOp::O)),
        id::CMP_U_F16 => h!(fc_hh, Cmp(CmpOp::U)),
        id::CMP_EQU_F16 => h!(fc_hh, Cmp(CmpOp::Equ)),
        id::CMP_NEU_F16 => h!(fc_hh, Cmp(CmpOp::Neu)),
        id::CMP_LTU_F16 => h!(fc_hh, Cmp(CmpOp::Ltu)),
        id::CMP_LEU_F16 => h!(fc_hh, Cmp(CmpOp::Leu)),
        id::CMP_GTU_F16 => h!(fc_hh, Cmp(CmpOp::Gtu)),
        id::CMP_GEU_F16 => h!(fc_hh, Cmp(CmpOp::Geu)),
        id::CMP_EQ_I16 => h!(c_hh, eq_i16),
        id::CMP_NE_I16 => h!(c_hh, ne_i16),
        id::CMP_LT_I16 => h!(c_hh, lt_i16),
        id::CMP_GE_I16 => h!(c_hh, ge_i16),
        id::CMP_LT_U16 => h!(c_hh, lt_u16),
        id::CMP_GE_U16 => h!(c_hh, ge_u16),

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
    use crate::commit::Commit;
    use crate::program::Program;
    use crate::run::{RunStatus, StepResult};
    use crate::warp::{Warp, LANES};
    use warpkit_encoding::{encode, Inst};
    use warpkit_isa::{id, InsnId};

    fn inst(v: InsnId, rd: u8, rs1: u8, rs2: u8, rs3: u8) -> Inst {
        let mut i = Inst::new(v);
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
        let mut i = inst(id::FFMA_F32, 1, 2, 3, 4);
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
        let h = inst(id::FADD_F16, 2, 3, 4, 0);
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
            step(&inst(id::FMIN_F32, 0, 0, 0, 0), &mut w),
            StepResult::Running
        );
        for (v, b16) in [
            (id::FADD_F32, false),
            (id::PKADD_F16, true),
            (id::DOT2_F32_F16, false),
            (id::FCVT_F16_F32_LO, true),
            (id::FFRACT_F32, false),
            (id::FFRACT_F16, true),
        ] {
            let i = inst(v, 0, 0, 0, 0);
            let name = i.desc().mnemonic;
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
