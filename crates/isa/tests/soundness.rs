//! The table is sound: the checks the build runs, plus counts and cross-checks of the
//! generated tables against the text.

use warpkit_isa::*;

#[test]
fn database_has_every_variant_of_the_three_chapters() {
    assert_eq!(INSNS.len(), 501);
    let by_ch = |c: &str| INSNS.iter().filter(|i| i.group_desc().chapter == c).count();
    assert_eq!(by_ch("6.1"), 241);
    assert_eq!(by_ch("6.2"), 178);
    assert_eq!(by_ch("7"), 82);
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
    assert_eq!(FORMATS.len(), 24);
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
    let d = lookup("ffma.f32").unwrap().desc();
    let text = docs::describe(d);
    for want in [
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
