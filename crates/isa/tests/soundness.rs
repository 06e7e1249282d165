//! The table is sound: the checks the build runs, plus counts and cross-checks of the
//! generated tables against the text.

use warpkit_isa::*;

#[test]
fn database_has_every_variant_of_the_three_chapters() {
    // The counts themselves are the seeds' (tools/import_seeds.py --check compares every
    // row); here: every row belongs to one of the three chapters, none is empty, and the
    // generated table has every row of the text.
    let by_ch = |c: &str| INSNS.iter().filter(|i| i.group_desc().chapter == c).count();
    let chapters = ["6.1", "6.2", "7"];
    for c in chapters {
        assert!(by_ch(c) > 0, "chapter {c} has no rows");
    }
    assert_eq!(
        chapters.iter().map(|c| by_ch(c)).sum::<usize>(),
        INSNS.len()
    );
    let db = parse::parse(SOURCE).expect("parses");
    assert_eq!(db.rows.len(), INSNS.len());
}

#[test]
fn source_text_passes_every_check() {
    let db = parse::parse(SOURCE).expect("parses");
    assert_eq!(parse::check(&db), Vec::<String>::new());
    assert_eq!(db.rows.len(), INSNS.len());
}

#[test]
fn checker_rejects_broken_tables() {
    let good = parse::parse(SOURCE).unwrap();
    // Two variants sharing (opcode, funct).
    let mut db = good.clone();
    db.rows[1].opcode = db.rows[0].opcode;
    db.rows[1].format = db.rows[0].format.clone();
    db.rows[1].funct = db.rows[0].funct.clone();
    assert!(parse::check(&db).iter().any(|e| e.contains("also used by")));
    // One opcode, two formats.
    let mut db = good.clone();
    let x = db.rows.iter().position(|r| r.format == "RU").unwrap();
    db.rows[x].format = "R".into();
    db.rows[x].funct = Some(("f4".into(), 0xf));
    assert!(parse::check(&db)
        .iter()
        .any(|e| e.contains("used by formats")));
    // Operand type that does not fit its slot.
    let mut db = good.clone();
    db.rows[0].operands[2].1 = "u".into();
    assert!(parse::check(&db)
        .iter()
        .any(|e| e.contains("needs a u slot")));
    // A format with a hole and an overlap.
    let mut db = good.clone();
    db.formats[0].fields[1].hi = 9;
    let errs = parse::check(&db);
    assert!(
        errs.iter().any(|e| e.contains("belongs to no field")),
        "{errs:?}"
    );
    let mut db = good;
    db.formats[0].fields[1].hi = 11;
    assert!(parse::check(&db).iter().any(|e| e.contains("in both")));
}

#[test]
fn every_format_covers_its_bits_exactly_once() {
    assert_eq!(FORMATS.len(), parse::parse(SOURCE).unwrap().formats.len());
    for f in FORMATS.iter() {
        let mut covered: u64 = 0;
        for fd in f.fields {
            let m = if fd.width == 64 {
                u64::MAX
            } else {
                ((1u64 << fd.width) - 1) << fd.lo
            };
            assert_eq!(covered & m, 0, "{} field {} overlaps", f.name, fd.name);
            covered |= m;
        }
        let all = if f.size == 8 { u64::MAX } else { 0xffff_ffff };
        assert_eq!(covered, all, "{} does not cover its bits", f.name);
    }
}

#[test]
fn identify_finds_every_variant_from_its_match_bits() {
    for d in INSNS.iter() {
        assert_eq!(d.match_bits & !d.match_mask, 0);
        assert_eq!(identify(d.match_bits as u32), Ok(d.id), "{}", d.mnemonic);
        assert_eq!(size_of_opcode(d.opcode), d.size as usize);
        assert_eq!(lookup(d.mnemonic), Some(d.id));
    }
    assert_eq!(identify(0x7f), Err(IdentifyError::UnknownOpcode(0x7f)));
}

#[test]
fn operand_types_fit_their_slots() {
    for d in INSNS.iter() {
        let f = d.format_desc();
        for o in d.operands {
            let fd = f
                .fields
                .iter()
                .find(|x| x.name == o.slot.name())
                .expect("slot exists");
            match o.ty.reg() {
                Some((file, _, _)) => {
                    assert_eq!(fd.file, Some(file), "{} {}", d.mnemonic, o.slot.name())
                }
                None => assert!(o.width <= fd.width, "{} {}", d.mnemonic, o.slot.name()),
            }
        }
        // The per-slot register extents agree with the operand list.
        for (k, slot) in [Slot::Rd, Slot::Rs1, Slot::Rs2, Slot::Rs3]
            .into_iter()
            .enumerate()
        {
            let want = d
                .operand(slot)
                .and_then(|o| o.ty.reg())
                .map(|(file, count, _)| RegExtent { file, count });
            assert_eq!(d.reg_slots[k], want, "{} {}", d.mnemonic, slot.name());
        }
        // Named operands, opcode and funct never overlap the must-be-zero bits.
        assert_eq!(d.zero_mask & d.match_mask, 0);
    }
}

#[test]
fn suggestions_find_near_misses() {
    assert_eq!(suggest("fadd.f23"), Some("fadd.f32"));
    assert_eq!(suggest("sadd"), Some("add"));
    assert_eq!(suggest("completelywrong"), None);
}

#[test]
fn generated_reference_docs_are_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/isa.md");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == docs::markdown(),
        "docs/isa.md is out of date: run `cargo run -p warpkit -- docs` and commit it"
    );
}

#[test]
fn describe_shows_every_field() {
    let d = id::FFMA_F32.desc();
    let text = docs::describe(d);
    for want in [
        "reads:     rs1 rs2 rs3 exec mode",
        "writes:    rd fflags",
        "format:    X (64-bit)",
        "f10=0x0",
        "63:55",
        "reserved",
        "47:45",
        "rm",
        "fixed:5",
        "fm rmo",
    ] {
        assert!(text.contains(want), "{want} missing in\n{text}");
    }
}

#[test]
fn packed_raw_fields_match_the_field_by_field_extraction() {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for f in FORMATS.iter() {
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = extract_fields(f.format, x);
            let want = RawFields {
                regs: v.rd as u64
                    | (v.rs1 as u64) << 16
                    | (v.rs2 as u64) << 32
                    | (v.rs3 as u64) << 48,
                imm: v.imm,
                md: v.rm as u32 | (v.neg as u32) << 3 | (v.abs as u32) << 6 | (v.sat as u32) << 9,
                tx: v.dim as u32
                    | (v.dmask as u32) << 4
                    | (v.voff as u32) << 8
                    | (v.rsd as u32) << 9
                    | (v.a16 as u32) << 10
                    | (v.d16 as u32) << 11
                    | (v.toff as u32) << 12,
            };
            assert_eq!(with_raw_fields!(f.format, x, |r| r), want, "{}", f.name);
        }
    }
}

/// A copy of the table with one row's access column replaced.
fn with_access(mnemonic: &str, reads: Option<&str>, writes: Option<&str>) -> Vec<String> {
    let mut db = parse::parse(SOURCE).unwrap();
    let r = db
        .rows
        .iter_mut()
        .find(|r| r.mnemonic == mnemonic)
        .expect("known mnemonic");
    let toks = |t: &str| {
        t.split_whitespace()
            .filter(|w| *w != "-")
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    if let Some(t) = reads {
        r.reads = toks(t);
    }
    if let Some(t) = writes {
        r.writes = toks(t);
    }
    parse::check(&db)
}

#[track_caller]
fn rejects(errs: Vec<String>, want: &str) {
    assert!(
        errs.iter().any(|e| e.contains(want)),
        "want `{want}` in {errs:?}"
    );
}

#[test]
fn checker_rejects_broken_access_facts() {
    // The unchanged rows pass (so every rejection below is the edit's doing).
    assert_eq!(with_access("add", None, None), Vec::<String>::new());
    // Tokens: unknown names, immediates, duplicates, implicit state no instruction touches.
    rejects(
        with_access("add", Some("rs1 rs3 exec"), None),
        "rs3 is neither an operand slot",
    );
    rejects(
        with_access("add", Some("rs1 rs2 exec fpsr"), None),
        "fpsr is neither",
    );
    rejects(
        with_access("add.vi", Some("rs1 imm exec"), None),
        "imm, a s8 operand, not a register",
    );
    rejects(
        with_access("add", Some("rs1 rs2 rs2 exec"), None),
        "lists rs2 twice",
    );
    rejects(
        with_access("fadd.f32", Some("rs1 rs2 exec mode fflags"), None),
        "no instruction reads fflags",
    );
    rejects(
        with_access("fadd.f32", None, Some("rd fflags mode")),
        "no instruction writes mode",
    );
    // Every register operand is read or written; only v* is both; sources are never written.
    rejects(
        with_access("add", Some("rs1 exec"), None),
        "register operand rs2:v is in neither",
    );
    rejects(
        with_access("mac", Some("rs1 rs2 exec"), None),
        "rd:v* is not read and written",
    );
    rejects(
        with_access("add", Some("rd rs1 rs2 exec"), None),
        "rd:v is read and written",
    );
    rejects(
        with_access("add", None, Some("rd rs1")),
        "source operand rs1 written",
    );
    // rd is a source only for stores and atomics.
    rejects(
        with_access("add", Some("rd rs1 rs2 exec"), Some("-")),
        "rd is not written",
    );
    rejects(
        with_access("tile.st.b32", None, Some("rd")),
        "rd:v is read and written",
    );
    // Indexed registers: v base, u index that is itself read, exactly the 'ir' rows.
    rejects(
        with_access("movrel.s", Some("rs1+rs2 exec"), None),
        "index register rs2 must be listed as read",
    );
    rejects(
        with_access("movrel.s", Some("rs2+rs1 rs1 exec"), None),
        "the base of an indexed register is a v operand",
    );
    rejects(
        with_access("movrel.s", Some("rs1 rs2 exec"), None),
        "disagree with flag ir",
    );
    // Runs only for dim-sized chapter 7 operands.
    rejects(
        with_access("add", Some("rs1.. rs2 exec"), None),
        "runs are for vector operands",
    );
    // EXEC: lanes read it, ei without re does not, we <=> written.
    rejects(with_access("add", Some("rs1 rs2"), None), "runs per lane");
    rejects(
        with_access("uadd", Some("rs1 rs2 exec"), None),
        "is ei without re",
    );
    rejects(with_access("exec.get", Some("-"), None), "has flag re");
    rejects(
        with_access("saveexec.and", None, Some("rd")),
        "exec written disagrees with flag we",
    );
    rejects(
        with_access("uadd", None, Some("rd exec")),
        "exec written disagrees with flag we",
    );
    // ur writes a uniform register.
    rejects(
        with_access("cmp.eq.i32", Some("rd rs1 rs2 exec"), Some("-")),
        "flag ur but no uniform register written",
    );
    // PC: written by br/ix (eb), read by PC-relative operands and links.
    rejects(
        with_access("jmp", None, Some("-")),
        "pc written disagrees with flags br / ix",
    );
    rejects(
        with_access("add", None, Some("rd pc")),
        "pc written disagrees",
    );
    rejects(with_access("jmp", Some("-"), None), "pc read disagrees");
    rejects(with_access("jalr", Some("rs1"), None), "pc read disagrees");
    rejects(with_access("jr", Some("rs1 pc"), None), "pc read disagrees");
    rejects(
        with_access("jal", None, Some("pc")),
        "flag cal but no link register written",
    );
    rejects(
        with_access("upc", Some("pc code_base"), None),
        "code_base read without pc and a 64-bit result",
    );
    // FP state: only fm rows, rm operands read MODE, rounding writes FFLAGS.
    rejects(
        with_access("add", None, Some("rd fflags")),
        "mode / fflags without flag fm",
    );
    rejects(
        with_access("fadd.f32.m", Some("rs1 rs2 exec"), None),
        "an rm operand (rm:dyn) reads mode",
    );
    rejects(
        with_access("fadd.f32", None, Some("rd")),
        "rounds with mode but writes no fflags",
    );
    // Something is written unless the state is outside the model.
    rejects(with_access("exec.set", None, Some("-")), "writes nothing");
}

#[test]
fn checker_rejects_colliding_id_names() {
    let mut db = parse::parse(SOURCE).unwrap();
    // `add_vi` would be ADD_VI like `add.vi`.
    db.rows[1].mnemonic = "add_vi".into();
    let errs = parse::check(&db);
    rejects(errs, "id name ADD_VI also names");
    let mut db = parse::parse(SOURCE).unwrap();
    db.rows[0].mnemonic = "2add".into();
    rejects(parse::check(&db), "is not a Rust identifier");
}

#[test]
fn generated_access_facts_match_the_text() {
    let db = parse::parse(SOURCE).unwrap();
    for (d, r) in INSNS.iter().zip(&db.rows) {
        assert_eq!(d.mnemonic, r.mnemonic);
        let show = |l: &[StateLoc]| l.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(show(d.reads), r.reads, "{} reads", d.mnemonic);
        assert_eq!(show(d.writes), r.writes, "{} writes", d.mnemonic);
        // The capacity constant bounds every column with pairs and groups expanded.
        for col in [d.reads, d.writes] {
            let n: usize = col
                .iter()
                .map(|l| match l {
                    StateLoc::Op(s) => d
                        .operand(*s)
                        .and_then(|o| o.ty.reg())
                        .map_or(0, |r| r.1 as usize),
                    _ => 1,
                })
                .sum();
            assert!(n <= MAX_ACCESS_REGS, "{}", d.mnemonic);
        }
    }
}

#[test]
fn access_facts_of_representative_variants() {
    use Slot::*;
    use StateLoc::*;
    let facts = |m: &str| {
        let d = lookup(m).unwrap().desc();
        (d.reads.to_vec(), d.writes.to_vec())
    };
    assert_eq!(facts("add"), (vec![Op(Rs1), Op(Rs2), Exec], vec![Op(Rd)]));
    assert_eq!(
        facts("mac"),
        (vec![Op(Rd), Op(Rs1), Op(Rs2), Exec], vec![Op(Rd)])
    );
    assert_eq!(
        facts("fadd.f32"),
        (vec![Op(Rs1), Op(Rs2), Exec, Mode], vec![Op(Rd), Fflags])
    );
    assert_eq!(
        facts("fmin.f32"),
        (vec![Op(Rs1), Op(Rs2), Exec], vec![Op(Rd), Fflags])
    );
    assert_eq!(
        facts("fsgnj.f32"),
        (vec![Op(Rs1), Op(Rs2), Exec], vec![Op(Rd)])
    );
    assert_eq!(
        facts("movrel.s"),
        (
            vec![
                Indexed {
                    base: Rs1,
                    index: Rs2
                },
                Op(Rs2),
                Exec
            ],
            vec![Op(Rd)]
        )
    );
    assert_eq!(
        facts("movrel.d"),
        (
            vec![Op(Rs1), Op(Rs2), Exec],
            vec![Indexed {
                base: Rd,
                index: Rs2
            }]
        )
    );
    assert_eq!(
        facts("saveexec.and"),
        (vec![Op(Rs1), Exec], vec![Op(Rd), Exec])
    );
    assert_eq!(facts("exec.set"), (vec![Op(Rs1)], vec![Exec]));
    assert_eq!(facts("uadd"), (vec![Op(Rs1), Op(Rs2)], vec![Op(Rd)]));
    assert_eq!(facts("bexecz"), (vec![Exec, Pc], vec![Pc]));
    assert_eq!(facts("jalr"), (vec![Op(Rs1), Pc], vec![Op(Rd), Pc]));
    assert_eq!(facts("jr"), (vec![Op(Rs1)], vec![Pc]));
    assert_eq!(facts("upca"), (vec![Pc, CodeBase], vec![Op(Rd)]));
    assert_eq!(facts("tile.st.b64"), (vec![Op(Rd), Op(Rs1), Exec], vec![]));
    assert_eq!(
        facts("tex.sample"),
        (vec![Run(Rs1), Op(Rs2), Op(Rs3), Exec], vec![Run(Rd)])
    );
    assert_eq!(facts("interlock.begin"), (vec![], vec![]));
}

#[test]
fn instruction_ids_name_their_rows() {
    for (k, d) in INSNS.iter().enumerate() {
        assert_eq!(d.id, InsnId(k as u16));
    }
    assert_eq!(id::ADD.desc().mnemonic, "add");
    assert_eq!(id::FADD_F32_M.desc().mnemonic, "fadd.f32.m");
    assert_eq!(id::CMP_EQ_I32_VU.desc().mnemonic, "cmp.eq.i32.vu");
    assert_eq!(id::TEX_SAMPLE_C_LZ.desc().mnemonic, "tex.sample.c.lz");
    // Ids are match patterns.
    let kind = |i: InsnId| match i {
        id::ADD | id::ADD_VU | id::ADD_VI => "add",
        id::FADD_F32_M => "fadd",
        _ => "other",
    };
    assert_eq!(kind(id::ADD_VI), "add");
    assert_eq!(kind(id::FADD_F32_M), "fadd");
    assert_eq!(kind(id::SUB), "other");
}

#[test]
fn op_type_reads_the_one_table_of_operand_type_facts() {
    // Every operand type the database uses resolves to the row of its name, and the enum
    // and the table list the types in one order.
    for d in INSNS.iter() {
        for o in d.operands {
            let t = o.ty.facts();
            assert_eq!(t.name, o.ty.name());
            assert_eq!(format!("{:?}", o.ty), t.variant, "{}", d.mnemonic);
        }
    }
    assert_eq!(parse::TYPES.len(), OpType::Dim as usize + 1);
    assert_eq!(OpType::VP2.reg(), Some((RegFile::V, 2, 2)));
    assert_eq!(OpType::D8.reg(), Some((RegFile::U, 8, 8)));
    assert_eq!(OpType::K32.reg(), None);
    assert!(OpType::O22.is_signed() && OpType::O22.is_pc_relative());
    assert!(OpType::S8.is_signed() && !OpType::S8.is_pc_relative());
    assert!(!OpType::T12.is_signed());
}
