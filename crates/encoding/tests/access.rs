//! Concrete registers read and written: representative variants of every format and operand
//! type by hand, and every variant under random operands against the data file's text.

use proptest::prelude::*;
use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_encoding::{decode, Inst, Reg, RegSet, Slot, MAX_ACCESS_REGS, RM_DYN};
use warpkit_isa::{lookup, parse, InsnId, INSNS, SOURCE};
use Reg::*;

fn inst(m: &str, fields: &[(Slot, i64)]) -> Inst {
    let mut i = Inst::new(lookup(m).unwrap_or_else(|| panic!("{m}")));
    for &(s, v) in fields {
        i.set(s, v);
    }
    warpkit_encoding::check(&i).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    i
}

#[track_caller]
fn rw(i: &Inst, reads: &[Reg], writes: &[Reg]) {
    assert_eq!(i.reads().as_slice(), reads, "{} reads", i.desc().mnemonic);
    assert_eq!(
        i.writes().as_slice(),
        writes,
        "{} writes",
        i.desc().mnemonic
    );
}

use Slot::{Imm, Rd, Rm, Rs1, Rs2, Rs3};

#[test]
fn vector_formats() {
    // R, with a repeated source listed once.
    rw(
        &inst("add", &[(Rd, 1), (Rs1, 2), (Rs2, 2)]),
        &[V(2), Exec],
        &[V(1)],
    );
    // RU: v* destination read and written; uniform source.
    rw(
        &inst("mac.vu", &[(Rd, 7), (Rs1, 8), (Rs2, 63)]),
        &[V(7), V(8), U(63), Exec],
        &[V(7)],
    );
    // I8, R1, R1U (uniform pair source), LI.
    rw(
        &inst("add.vi", &[(Rd, 3), (Rs1, 4), (Imm, -5)]),
        &[V(4), Exec],
        &[V(3)],
    );
    rw(
        &inst("not", &[(Rd, 127), (Rs1, 0)]),
        &[V(0), Exec],
        &[V(127)],
    );
    rw(
        &inst("mov64.vu", &[(Rd, 10), (Rs1, 62)]),
        &[U(62), U(63), Exec],
        &[V(10), V(11)],
    );
    rw(&inst("movi", &[(Rd, 5), (Imm, 1000)]), &[Exec], &[V(5)]);
    // R with pairs everywhere.
    rw(
        &inst("add64", &[(Rd, 0), (Rs1, 2), (Rs2, 126)]),
        &[V(2), V(3), V(126), V(127), Exec],
        &[V(0), V(1)],
    );
    // X: pair accumulator source, and rm:dyn reads MODE while an explicit rm does not.
    rw(
        &inst("mad64.u32", &[(Rd, 4), (Rs1, 1), (Rs2, 2), (Rs3, 6)]),
        &[V(1), V(2), V(6), V(7), Exec],
        &[V(4), V(5)],
    );
    let f = [(Rd, 1), (Rs1, 2), (Rs2, 3), (Rs3, 4)];
    rw(
        &inst("ffma.f32", &f),
        &[V(2), V(3), V(4), Exec, Mode],
        &[V(1), Fflags],
    );
    let mut rtz = inst("ffma.f32", &f);
    rtz.set(Rm, 1);
    rw(&rtz, &[V(2), V(3), V(4), Exec], &[V(1), Fflags]);
    assert_eq!(inst("ffma.f32", &f).rm, RM_DYN);
    // No rm operand: MODE always.
    rw(
        &inst("fadd.f32", &[(Rd, 1), (Rs1, 2), (Rs2, 3)]),
        &[V(2), V(3), Exec, Mode],
        &[V(1), Fflags],
    );
    // Bit operations touch no FP state.
    rw(
        &inst("fsgnj.f32", &[(Rd, 1), (Rs1, 2), (Rs2, 3)]),
        &[V(2), V(3), Exec],
        &[V(1)],
    );
    // XL.
    rw(
        &inst("addsx64.vl", &[(Rd, 8), (Rs1, 8), (Imm, 7)]),
        &[V(8), V(9), Exec],
        &[V(8), V(9)],
    );
}

#[test]
fn half_registers_widen_to_the_whole_register() {
    // H: v5.h = 11, v6.l = 12, v6.h = 13.
    rw(
        &inst("fadd.f16", &[(Rd, 11), (Rs1, 12), (Rs2, 13)]),
        &[V(6), Exec, Mode],
        &[V(5), Fflags],
    );
    rw(
        &inst("sel.b16", &[(Rd, 0), (Rs1, 255), (Rs2, 2), (Rs3, 3)]),
        &[V(127), V(1), Exec],
        &[V(0)],
    );
    // HC: halves in, uniform mask out.
    rw(
        &inst("cmp.lt.f16", &[(Rd, 9), (Rs1, 2), (Rs2, 3)]),
        &[V(1), Exec],
        &[U(9), Fflags],
    );
}

#[test]
fn compares_into_uniform_masks() {
    // C with pairs, CU, CI.
    rw(
        &inst("cmp.lt.i64", &[(Rd, 1), (Rs1, 4), (Rs2, 6)]),
        &[V(4), V(5), V(6), V(7), Exec],
        &[U(1)],
    );
    rw(
        &inst("cmp.eq.f32.vu", &[(Rd, 2), (Rs1, 3), (Rs2, 4)]),
        &[V(3), U(4), Exec],
        &[U(2), Fflags],
    );
    rw(
        &inst("cmp.gt.u32.vi", &[(Rd, 3), (Rs1, 9), (Imm, 1)]),
        &[V(9), Exec],
        &[U(3)],
    );
}

#[test]
fn uniform_exec_and_control_flow() {
    // UR with pairs, UI, U1, ULI, UL: no EXEC.
    rw(
        &inst("uadd64", &[(Rd, 0), (Rs1, 2), (Rs2, 4)]),
        &[U(2), U(3), U(4), U(5)],
        &[U(0), U(1)],
    );
    rw(
        &inst("uaddi", &[(Rd, 1), (Rs1, 1), (Imm, -1)]),
        &[U(1)],
        &[U(1)],
    );
    rw(
        &inst("saveexec.and", &[(Rd, 4), (Rs1, 5)]),
        &[U(5), Exec],
        &[U(4), Exec],
    );
    rw(&inst("exec.set", &[(Rs1, 5)]), &[U(5)], &[Exec]);
    rw(&inst("exec.get", &[(Rd, 5)]), &[Exec], &[U(5)]);
    rw(&inst("upc", &[(Rd, 5), (Imm, 8)]), &[Pc], &[U(5)]);
    rw(
        &inst("upca", &[(Rd, 6), (Imm, -8)]),
        &[Pc, CodeBase],
        &[U(6), U(7)],
    );
    rw(&inst("umov.l", &[(Rd, 1), (Imm, 0x1234)]), &[], &[U(1)]);
    // J, JL, B, JR.
    rw(&inst("jmp", &[(Imm, 8)]), &[Pc], &[Pc]);
    rw(&inst("bexecz", &[(Imm, 8)]), &[Exec, Pc], &[Pc]);
    rw(&inst("jal", &[(Rd, 2), (Imm, -4)]), &[Pc], &[U(2), Pc]);
    rw(
        &inst("bnone", &[(Rs1, 3), (Imm, 4)]),
        &[U(3), Exec, Pc],
        &[Pc],
    );
    rw(&inst("bz", &[(Rs1, 3), (Imm, 4)]), &[U(3), Pc], &[Pc]);
    rw(&inst("jr", &[(Rs1, 3)]), &[U(3)], &[Pc]);
    rw(
        &inst("jalr", &[(Rd, 1), (Rs1, 3)]),
        &[U(3), Pc],
        &[U(1), Pc],
    );
    // SYS.
    rw(&inst("interlock.begin", &[]), &[], &[]);
}

#[test]
fn indexed_registers_resolve_with_the_warp_registers() {
    let mut u = [0u32; 64];
    u[2] = 5;
    u[3] = 120;
    u[4] = u32::MAX;
    let s = inst("movrel.s", &[(Rd, 1), (Rs1, 10), (Rs2, 2)]);
    rw(
        &s,
        &[
            VIndexed {
                base: 10,
                index_ureg: 2,
            },
            U(2),
            Exec,
        ],
        &[V(1)],
    );
    let ix = s.reads().as_slice()[0];
    assert_eq!(ix.resolve(&u, 128), Some(V(15)));
    // At or past vgprs: no register (movrel.s reads 0).
    assert_eq!(ix.resolve(&u, 15), None);
    assert_eq!(ix.resolve(&u, 16), Some(V(15)));
    let d = inst("movrel.d", &[(Rd, 10), (Rs1, 1), (Rs2, 3)]);
    rw(
        &d,
        &[V(1), U(3), Exec],
        &[VIndexed {
            base: 10,
            index_ureg: 3,
        }],
    );
    // 10 + 120 is past v127: not wrapped, dropped.
    assert_eq!(d.writes().as_slice()[0].resolve(&u, 128), None);
    let far = Reg::VIndexed {
        base: 127,
        index_ureg: 4,
    };
    assert_eq!(far.resolve(&u, 128), None);
    // A hand-made index outside the file resolves to nothing instead of panicking.
    let bad = Reg::VIndexed {
        base: 0,
        index_ureg: 200,
    };
    assert_eq!(bad.resolve(&u, 128), None);
    // Other registers resolve to themselves.
    assert_eq!(V(3).resolve(&u, 1), Some(V(3)));
    assert_eq!(Exec.resolve(&u, 1), Some(Exec));
}

#[test]
fn chapter_7_groups_runs_and_sources() {
    // Two runs that start at the same register (img.store: data rd.., coordinates rs1..)
    // are one entry.
    rw(
        &inst("img.store", &[(Rd, 117), (Rs1, 117), (Rs2, 16)]),
        &[
            VRun(117),
            U(16),
            U(17),
            U(18),
            U(19),
            U(20),
            U(21),
            U(22),
            U(23),
            Exec,
        ],
        &[],
    );
    // T: coordinate and data runs, image and sampler descriptors as uniform groups.
    rw(
        &inst("tex.sample", &[(Rd, 20), (Rs1, 4), (Rs2, 8), (Rs3, 4)]),
        &[
            VRun(4),
            U(8),
            U(9),
            U(10),
            U(11),
            U(12),
            U(13),
            U(14),
            U(15),
            U(4),
            U(5),
            U(6),
            U(7),
            Exec,
        ],
        &[VRun(20)],
    );
    rw(
        &inst("img.atom.add.u32.rtn", &[(Rd, 2), (Rs1, 4), (Rs2, 0)]),
        &[
            V(2),
            VRun(4),
            U(0),
            U(1),
            U(2),
            U(3),
            U(4),
            U(5),
            U(6),
            U(7),
            Exec,
        ],
        &[V(2)],
    );
    // R groups: v^3 and v^4 destinations; tile.st's rd is a source.
    rw(
        &inst("interp.coef", &[(Rd, 125)]),
        &[Exec],
        &[V(125), V(126), V(127)],
    );
    rw(
        &inst("tile.ld.b128", &[(Rd, 3), (Rs1, 1), (Rs2, 9)]),
        &[V(1), Exec],
        &[V(3), V(4), V(5), V(6)],
    );
    rw(
        &inst("tile.st.b64", &[(Rd, 3), (Rs1, 1), (Rs2, 9)]),
        &[V(3), V(4), V(1), Exec],
        &[],
    );
    // R1 pair destination, U1 with no reads.
    rw(
        &inst("bary.persp.center", &[(Rd, 2)]),
        &[Exec],
        &[V(2), V(3)],
    );
    rw(&inst("helper.get", &[(Rd, 2)]), &[], &[U(2)]);
}

#[test]
fn reg_sets_print_like_the_assembler() {
    let i = inst("movrel.s", &[(Rd, 1), (Rs1, 10), (Rs2, 2)]);
    let shown: Vec<String> = i.reads().iter().map(|r| r.to_string()).collect();
    assert_eq!(shown, ["v[10+u2]", "u2", "exec"]);
    assert_eq!(format!("{:?}", RegSet::EMPTY), "{}");
    assert_eq!(VRun(4).to_string(), "v4..");
    assert_eq!(CodeBase.to_string(), "code_base");
}

/// The expected registers of one access column, computed from the text of the data file
/// (tokens and operand types as written), not from the generated tables.
fn from_text(i: &Inst, row: &parse::RowDef, tokens: &[String]) -> Vec<Reg> {
    let d = i.desc();
    let value = |name: &str| {
        let o = d.operands.iter().find(|o| o.slot.name() == name).unwrap();
        i.get(o.slot) as u32
    };
    let mut out: Vec<Reg> = Vec::new();
    for t in tokens {
        let more: Vec<Reg> = match parse::access(t) {
            parse::Access::Op(s) => {
                let ty = &row.operands.iter().find(|(sl, _)| sl == s).unwrap().1;
                let (file, count, _, _) = parse::type_info(ty).unwrap();
                let n = value(s);
                (0..count)
                    .map(|k| match file {
                        "v" => V((n + k) as u8),
                        "u" => U((n + k) as u8),
                        _ => V((n / 2) as u8),
                    })
                    .collect()
            }
            parse::Access::Indexed { base, index } => vec![VIndexed {
                base: value(base) as u8,
                index_ureg: value(index) as u8,
            }],
            parse::Access::Run(s) => vec![VRun(value(s) as u8)],
            parse::Access::Implicit(n) => match n {
                "exec" => vec![Exec],
                "fflags" => vec![Fflags],
                "pc" => vec![Pc],
                "code_base" => vec![CodeBase],
                // SUPPLEMENT 2: an explicit rm other than dyn does not use MODE.
                "mode" if row.operands.iter().any(|(s, _)| s == "rm") && i.rm != RM_DYN => vec![],
                "mode" => vec![Mode],
                other => panic!("unknown implicit {other}"),
            },
        };
        for r in more {
            if !out.contains(&r) {
                out.push(r);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn every_variant_matches_the_text(seed in any::<u64>(), which in any::<prop::sample::Index>()) {
        let db = parse::parse(SOURCE).unwrap();
        let k = which.index(INSNS.len());
        let i = random_inst(InsnId(k as u16), &mut XorShift::new(seed));
        let row = &db.rows[k];
        let (r, w) = (i.reads(), i.writes());
        prop_assert_eq!(r.as_slice(), &from_text(&i, row, &row.reads)[..], "{} reads", row.mnemonic);
        prop_assert_eq!(w.as_slice(), &from_text(&i, row, &row.writes)[..], "{} writes", row.mnemonic);
        // Valid instructions name registers inside their files.
        for reg in r.iter().chain(w.iter()) {
            match reg {
                V(n) | VRun(n) | VIndexed { base: n, .. } => prop_assert!(n < 128),
                U(n) => prop_assert!(n < 64),
                _ => {}
            }
        }
        prop_assert!(r.len() <= MAX_ACCESS_REGS && w.len() <= MAX_ACCESS_REGS);
    }

    #[test]
    fn any_decoded_word_has_access_sets(lo in any::<u32>(), hi in any::<u32>()) {
        let w = (hi as u64) << 32 | lo as u64;
        if let Ok((i, _)) = decode(&w.to_le_bytes()) {
            let (r, w) = (i.reads(), i.writes());
            // Every register operand shows up in one of the two sets.
            for o in i.desc().operands.iter().filter(|o| o.ty.reg().is_some()) {
                let n = i.get(o.slot) as u8;
                let hit = |s: &RegSet| s.iter().any(|x| match x {
                    V(v) | VRun(v) => v == n || v == n >> 1,
                    U(u) => u == n,
                    VIndexed { base, index_ureg } => base == n || index_ureg == n,
                    _ => false,
                });
                prop_assert!(hit(&r) || hit(&w), "{} {:?}", i.desc().mnemonic, o.slot);
            }
        }
    }
}

#[test]
fn every_variant_reads_exec_unless_uniform() {
    // The table's 'ei' flag and EXEC in the concrete set agree for every variant.
    for d in INSNS.iter() {
        let i = Inst::new(d.id);
        let ei = d.flags.has(warpkit_isa::Flags::EI);
        let re = d.flags.has(warpkit_isa::Flags::RE);
        assert_eq!(i.reads().contains(Exec), !ei || re, "{}", d.mnemonic);
    }
}
