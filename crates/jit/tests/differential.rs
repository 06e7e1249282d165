//! The tier against the interpreter: random programs run both ways must end with the same
//! warps (every register, EXEC, FFLAGS, PC, step count) and the same outcomes, faults
//! included. Programs mix the variants the tier compiles natively with ones it compiles as
//! kernel calls (every §6.1/§6.2 variant is drawn), branch anywhere, and run under random
//! EXEC, MODE, FFLAGS, vgprs and step limits, with binary32 values biased to the corners
//! (NaN, infinities, subnormals, the largest finite value, the smallest normal).

use proptest::prelude::*;
use std::sync::Arc;
mod common;

use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_encoding::{encode_into, Inst};
use warpkit_isa::{id, InsnId, RegFile};
use warpkit_jit::Jit;
use warpkit_sim::{Mode, Program, RunEngine, Sim, Warp, LANES};

/// Variants the tier compiles natively (and some kernel calls).
const VARIANTS: &[InsnId] = &[
    id::ADD,
    id::ADD_VU,
    id::ADD_VI,
    id::ADD_VL,
    id::SUB,
    id::SUB_VU,
    id::SUBR_VU,
    id::SUBR_VI,
    id::SUBR_VL,
    id::MUL,
    id::MUL_VU,
    id::MUL_VI,
    id::MUL_VL,
    id::AND,
    id::AND_VU,
    id::AND_VI,
    id::AND_VL,
    id::OR,
    id::OR_VU,
    id::OR_VI,
    id::OR_VL,
    id::XOR,
    id::XOR_VU,
    id::XOR_VI,
    id::XOR_VL,
    id::ANDN,
    id::ANDN_VU,
    id::ORN,
    id::ORN_VU,
    id::XNOR,
    id::SLL,
    id::SLL_VU,
    id::SLL_VI,
    id::SRL,
    id::SRL_VU,
    id::SRL_VI,
    id::SRA,
    id::SRA_VU,
    id::SRA_VI,
    id::SLLR_VU,
    id::SRLR_VU,
    id::SRAR_VU,
    id::SLT,
    id::SLT_VU,
    id::SLT_VI,
    id::SLTU,
    id::SLTU_VU,
    id::SLTU_VI,
    id::MIN,
    id::MIN_VU,
    id::MIN_VI,
    id::MAX,
    id::MAX_VU,
    id::MAX_VI,
    id::MINU,
    id::MINU_VU,
    id::MINU_VI,
    id::MAXU,
    id::MAXU_VU,
    id::MAXU_VI,
    id::MAC,
    id::MAC_VU,
    id::MOV,
    id::MOV_VU,
    id::MOVI,
    id::MOV_VL,
    id::NOT,
    id::NEG,
    id::ABS,
    id::CMP_EQ_I32,
    id::CMP_NE_I32,
    id::CMP_LT_I32,
    id::CMP_GE_I32,
    id::CMP_LT_U32,
    id::CMP_GE_U32,
    id::CMP_EQ_I32_VU,
    id::CMP_NE_I32_VU,
    id::CMP_LT_I32_VU,
    id::CMP_GE_I32_VU,
    id::CMP_LT_U32_VU,
    id::CMP_GE_U32_VU,
    id::CMP_EQ_I32_VI,
    id::CMP_NE_I32_VI,
    id::CMP_LT_I32_VI,
    id::CMP_GE_I32_VI,
    id::CMP_LT_U32_VI,
    id::CMP_GE_U32_VI,
    id::CMP_GT_I32_VI,
    id::CMP_GT_U32_VI,
    id::UADD,
    id::USUB,
    id::USLL,
    id::USLT,
    id::USLTU,
    id::UXOR,
    id::USRL,
    id::USRA,
    id::UOR,
    id::UAND,
    id::UMIN,
    id::UMAX,
    id::UMINU,
    id::UMAXU,
    id::UANDN,
    id::UORN,
    id::UXNOR,
    id::UMUL,
    id::USEQ,
    id::USNE,
    id::USGE,
    id::USGEU,
    id::UADDI,
    id::UADD_L,
    id::UANDI,
    id::UAND_L,
    id::UORI,
    id::UOR_L,
    id::UXORI,
    id::UXOR_L,
    id::USLLI,
    id::USRLI,
    id::USRAI,
    id::USLTI,
    id::USLT_L,
    id::USLTIU,
    id::USLTU_L,
    id::USEQI,
    id::USEQ_L,
    id::USNEI,
    id::UMULI,
    id::UMUL_L,
    id::UMOV,
    id::UNOT,
    id::UMOVI,
    id::UMOV_L,
    id::EXEC_GET,
    id::EXEC_SET,
    id::SAVEEXEC_AND,
    id::SAVEEXEC_OR,
    id::SAVEEXEC_XOR,
    id::SAVEEXEC_ANDN1,
    id::SAVEEXEC_ANDN2,
    id::SAVEEXEC_MOV,
    id::JMP,
    id::BEXECZ,
    id::BEXECNZ,
    id::BZ,
    id::BNZ,
    id::BNONE,
    id::BANY,
    id::FADD_F32,
    id::FADD_F32_VU,
    id::FADD_F32_M,
    id::FADD_F32_VL,
    id::FSUB_F32,
    id::FSUB_F32_VU,
    id::FSUBR_F32_VU,
    id::FSUBR_F32_VL,
    id::FMUL_F32,
    id::FMUL_F32_VU,
    id::FMUL_F32_M,
    id::FMUL_F32_VL,
    id::FMAC_F32,
    id::FMAC_F32_VU,
    id::FMAC_F32_VL,
    id::FFMA_F32,
    id::FFMA_F32,
    id::FFMA_F32,
    id::FADD_F32,
    id::FMUL_F32,
    id::CMP_EQ_F32,
    id::CMP_NE_F32,
    id::CMP_LT_F32,
    id::CMP_LE_F32,
    id::CMP_GT_F32,
    id::CMP_GE_F32,
    id::CMP_O_F32,
    id::CMP_U_F32,
    id::CMP_EQU_F32,
    id::CMP_NEU_F32,
    id::CMP_LTU_F32,
    id::CMP_LEU_F32,
    id::CMP_GTU_F32,
    id::CMP_GEU_F32,
    id::CMP_EQ_F32_VU,
    id::CMP_NE_F32_VU,
    id::CMP_LT_F32_VU,
    id::CMP_LE_F32_VU,
    id::CMP_GT_F32_VU,
    id::CMP_GE_F32_VU,
    id::CMP_O_F32_VU,
    id::CMP_U_F32_VU,
    id::CMP_EQU_F32_VU,
    id::CMP_NEU_F32_VU,
    id::CMP_LTU_F32_VU,
    id::CMP_LEU_F32_VU,
    id::CMP_GTU_F32_VU,
    id::CMP_GEU_F32_VU,
    id::FSGNJ_F32,
    id::FSGNJ_F32_VU,
    id::FSGNJN_F32,
    id::FSGNJN_F32_VU,
    id::FSGNJX_F32,
    id::FSGNJX_F32_VU,
    id::FMIN_F32,
    id::FMIN_F32_VU,
    id::FMIN_F32_VL,
    id::FMAX_F32,
    id::FMAX_F32_VU,
    id::FMAX_F32_VL,
    id::MAD_U32,
    id::MED3_I32,
    id::MED3_U32,
    id::SEL,
    // Others, native and kernel calls.
    id::BFE_U32,
    id::REV8,
    id::BREV,
    id::PKFMA_F16,
    id::FADD_F16,
    id::JAL,
    id::ADD64,
    id::CMP_CLASS_F32,
    id::FCVT_F32_I32,
];

/// Whether this host runs the tier; the tests say so and pass vacuously where it does not
/// (there `--engine jit` refuses to start and the interpreter is all there is).
fn host() -> bool {
    let ok = warpkit_jit::supported();
    if !ok {
        eprintln!("this host lacks AVX-512 (or BMI2/LZCNT): the tier is not tested here");
    }
    ok
}

/// Every variant of §6.1 and §6.2 in the database (what the tier compiles natively or as
/// a kernel call).
fn chapter6() -> &'static [InsnId] {
    static ALL: std::sync::OnceLock<Vec<InsnId>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        warpkit_isa::INSNS
            .iter()
            .filter(|d| matches!(warpkit_isa::GROUPS[d.group as usize].chapter, "6.1" | "6.2"))
            .map(|d| d.id)
            .collect()
    })
}

/// A random program of `n` instructions (registers v0..v15, u0..u7) followed by a loop
/// back to the start counted in u60..u62; branch targets are instruction starts. Half the
/// instructions are drawn from [`VARIANTS`], half from every §6.1/§6.2 variant.
fn program(seed: u64, n: usize) -> Vec<u8> {
    let mut rng = XorShift::new(seed);
    let all = chapter6();
    let mut insts: Vec<Inst> = (0..n)
        .map(|_| {
            let v = if rng.below(2) == 0 {
                VARIANTS[rng.below(VARIANTS.len() as u64) as usize]
            } else {
                all[rng.below(all.len() as u64) as usize]
            };
            let mut i = random_inst(v, &mut rng);
            for o in i.desc().operands {
                if let Some((file, count, _)) = o.ty.reg() {
                    let r = i.get(o.slot);
                    let r = match file {
                        RegFile::V => (r % 16) & !(count as i64 - 1),
                        RegFile::U => (r % 8) & !(count as i64 - 1),
                        RegFile::H => r % 32,
                    };
                    i.set(o.slot, r);
                }
            }
            i
        })
        .collect();
    insts.extend(common::loop_tail());
    let mut at = Vec::with_capacity(insts.len() + 1);
    let mut pc = 0i64;
    for i in &insts {
        at.push(pc);
        pc += i.size() as i64;
    }
    at.push(pc);
    let last = insts.len() - 1;
    insts[last].imm = -(at[last] as i32);
    let mut code = Vec::new();
    for (k, i) in insts.iter_mut().enumerate() {
        if k != last {
            if let Some(o) = i.desc().operands.iter().find(|o| o.ty.is_pc_relative()) {
                let t = at[rng.below(at.len() as u64) as usize];
                i.set(o.slot, t - at[k]);
            }
        }
        encode_into(i, &mut code);
    }
    code
}

fn f32_corner(rng: &mut XorShift) -> u32 {
    let sign = (rng.below(2) as u32) << 31;
    sign | match rng.below(12) {
        0 => 0x7fc0_0000,
        1 => 0x7f80_0000,
        2 => 0x7f7f_ffff,
        3 => 0x0080_0000,
        4 => rng.below(0x0080_0000) as u32,
        5 => 0,
        6 => 0x7f80_0001 + rng.below(0x3f_ffff) as u32,
        _ => 0x3f80_0000 + rng.below(0x0100_0000) as u32,
    }
}

fn warp(rng: &mut XorShift) -> Warp {
    let mut w = Warp::new();
    for r in 0..16 {
        for l in 0..LANES {
            w.vregs_mut()[r][l] = match rng.below(4) {
                0 => rng.next_u64() as u32,
                1 => rng.below(64) as u32,
                _ => f32_corner(rng),
            };
        }
    }
    for r in 0..8 {
        w.uregs_mut()[r] = match rng.below(3) {
            0 => rng.next_u64() as u32,
            1 => rng.below(40) as u32,
            _ => f32_corner(rng),
        };
    }
    w.uregs_mut()[62] = rng.below(30) as u32;
    // Now and then a `jr`/`jalr` base that lands in the code (the others fault).
    if rng.below(2) == 0 {
        w.uregs_mut()[rng.below(8) as usize] = 4 * rng.below(16) as u32;
    }
    w.set_exec(match rng.below(4) {
        0 => rng.next_u64() as u32,
        1 => 0,
        _ => u32::MAX,
    });
    let rm = rng.below(5) as u8;
    w.set_mode(Mode {
        rm,
        rm16: rng.below(5) as u8,
    })
    .unwrap();
    w.set_fflags(if rng.below(4) == 0 {
        0
    } else {
        1 | rng.below(32) as u8
    })
    .unwrap();
    if rng.below(6) == 0 {
        w.set_vgprs(8 + rng.below(10) as u32).unwrap();
    }
    w
}

/// Run `warps` on `code` with the interpreter and with the tier (compiling at the first
/// start), in several slices; every warp and outcome must agree. Returns the instructions
/// the tier retired compiled and in all.
fn check(seed: u64, n: usize) -> (u64, u64) {
    if !host() {
        return (0, 0);
    }
    let code = program(seed, n);
    let p = Program::new(&code);
    let jit = Jit::with_options(&p, 1 << 24, 1).expect("this host runs the tier");
    let mut rng = XorShift::new(seed ^ 0xabcdef);
    for _ in 0..3 {
        let w0 = warp(&mut rng);
        let (mut a, mut b) = (w0.clone(), w0.clone());
        for _ in 0..3 {
            let max = rng.below(3000);
            let oa = a.interpret(&p, max);
            let ob = jit.run(&mut b, &p, max);
            assert_eq!(oa, ob, "seed {seed}: outcomes");
            assert_eq!(a, b, "seed {seed}: warps after {max} steps");
        }
    }
    let s = jit.stats();
    if std::env::var("JIT_STATS").is_ok() {
        eprintln!("{s}");
    }
    (s.compiled_steps, s.compiled_steps + s.interpreted_steps)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn random_programs_agree(seed in any::<u64>(), n in 1usize..40) {
        check(seed, n);
    }
}

/// The random programs above exercise compiled code, not only the interpreter: a good
/// share of what they retire runs compiled (a change to the engine that hands them to
/// the interpreter would leave the comparison toothless).
#[test]
fn random_programs_run_compiled() {
    if !host() {
        return;
    }
    let (mut compiled, mut total) = (0, 0);
    for seed in 0..200 {
        let (c, t) = check(seed, 1 + seed as usize % 40);
        compiled += c;
        total += t;
    }
    // Measured: half; a third when the engine ran the interpreter past uncompiled PCs for
    // 4,096 instructions even in tests (which hid a wrong translation).
    assert!(
        5 * compiled > 2 * total,
        "{compiled} of {total} retired compiled"
    );
}

/// Programs of `warpkit gen` (SIMT control flow, loops, calls, faults, several warps) run
/// through `Sim` both ways: the same state file.
#[test]
fn generated_programs_agree() {
    if !host() {
        return;
    }
    for faults in [false, true] {
        let cfg = warpkit_gen::GenConfig {
            faults,
            ..Default::default()
        };
        let mut g = warpkit_gen::Generator::new(cfg).unwrap();
        for index in 0..150 {
            let gen = g.generate(7, index);
            let code = warpkit_asm::assemble(&gen.text, &Default::default())
                .unwrap()
                .code;
            let max = gen.step_bound + 10;
            let mut a = Sim::new(&code, &gen.state).unwrap();
            let mut b = Sim::new(&code, &gen.state).unwrap();
            let jit = Jit::with_options(b.program(), 1 << 24, 1).unwrap();
            b.set_engine(Some(jit.clone() as Arc<dyn RunEngine>));
            a.run(max);
            b.run(max);
            assert_eq!(
                a.state_json(),
                b.state_json(),
                "program {index} faults {faults}"
            );
        }
    }
}

/// The integer loop of `tools/bench/muladd.s` compiles to one block that loops in place,
/// and retires all its instructions compiled once hot (`HOT` interpreted first).
#[test]
fn muladd_loop_runs_compiled() {
    if !host() {
        return;
    }
    let src = include_str!("../../../tools/bench/muladd.s");
    let code = warpkit_asm::assemble(src, &Default::default())
        .unwrap()
        .code;
    let p = Program::new(&code);
    let jit = Jit::new(&p).unwrap();
    let mut w = Warp::new();
    let mut rng = XorShift::new(3);
    for r in 0..24 {
        for l in 0..LANES {
            w.vregs_mut()[r][l] = rng.next_u64() as u32;
        }
    }
    // 1.9 M instructions: past the first compile's warm-up (tier::FIRST_WARM) and HOT.
    w.uregs_mut()[9] = 100_000;
    let mut w2 = w.clone();
    let oa = w.interpret(&p, u64::MAX);
    let ob = jit.run(&mut w2, &p, u64::MAX);
    assert_eq!((oa, &w), (ob, &w2));
    let s = jit.stats();
    assert_eq!(s.blocks, 1, "{s}");
    assert!(s.compiled_steps > 1_600_000, "{s}");
    assert!(s.fallbacks.is_empty(), "{s}");
}

/// `warpkit_encoding::random::random_program`: every variant of the database uniformly
/// (and the kernel mix), any registers, backward branches; from random warps.
#[test]
fn any_variant_programs_agree() {
    if !host() {
        return;
    }
    for seed in 0..300u64 {
        let code =
            warpkit_encoding::random::random_program(1 + (seed % 60) as usize, seed % 3 == 0, seed);
        let p = Program::new(&code);
        let jit = Jit::with_options(&p, 1 << 24, 1).unwrap();
        let mut rng = XorShift::new(seed);
        let mut w = warp(&mut rng);
        for r in 16..128 {
            for l in 0..LANES {
                w.vregs_mut()[r][l] = f32_corner(&mut rng);
            }
        }
        let (mut a, mut b) = (w.clone(), w);
        for _ in 0..2 {
            let max = rng.below(500);
            assert_eq!(
                a.interpret(&p, max),
                jit.run(&mut b, &p, max),
                "seed {seed}"
            );
            assert_eq!(a, b, "seed {seed}");
        }
    }
}

/// The example programs (`examples/*.s` with their state files) through `Sim`, compiling
/// every block at its first start: the same state file as the interpreter's.
#[test]
fn examples_agree() {
    if !host() {
        return;
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "s") {
            continue;
        }
        let state = path.with_extension("state.json");
        let Ok(state) = std::fs::read_to_string(&state) else {
            continue;
        };
        let src = std::fs::read_to_string(&path).unwrap();
        let code = warpkit_asm::assemble(&src, &Default::default())
            .unwrap()
            .code;
        let mut a = Sim::new(&code, &state).unwrap();
        let mut b = Sim::new(&code, &state).unwrap();
        let jit = Jit::with_options(b.program(), 1 << 24, 1).unwrap();
        b.set_engine(Some(jit as Arc<dyn RunEngine>));
        a.run(1_000_000);
        b.run(1_000_000);
        assert_eq!(a.state_json(), b.state_json(), "{}", path.display());
        n += 1;
    }
    assert!(n >= 4, "examples found: {n}");
}

/// Several warps at once: the random programs over every §6.1/§6.2 variant through `Sim`
/// (warps run in parallel, sharing the compiled blocks, compiled by whichever warp gets
/// there first), from random warps, in slices of random step limits: the same state file.
#[test]
fn multi_warp_programs_agree() {
    if !host() {
        return;
    }
    for seed in 0..80u64 {
        let code = program(seed, 1 + (seed % 30) as usize);
        let state = r#"{"warps": [{}, {}, {}, {}, {}, {}]}"#;
        let mut a = Sim::new(&code, state).unwrap();
        let mut b = Sim::new(&code, state).unwrap();
        let jit = Jit::with_options(b.program(), 1 << 24, 1).unwrap();
        b.set_engine(Some(jit.clone() as Arc<dyn RunEngine>));
        let mut rng = XorShift::new(seed ^ 0x5eed);
        for i in 0..a.num_warps() {
            let w = warp(&mut rng);
            *a.warp_mut(i).unwrap() = w.clone();
            *b.warp_mut(i).unwrap() = w;
        }
        let mut max = 0;
        for _ in 0..3 {
            max += rng.below(4000);
            a.run(max);
            b.run(max);
            assert_eq!(a.state_json(), b.state_json(), "seed {seed}, {max} steps");
        }
        assert!(jit.stats().blocks > 0, "seed {seed}: {}", jit.stats());
    }
}
