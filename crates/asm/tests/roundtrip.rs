//! assemble(disassemble(bytes), &Default::default()) == bytes: for every variant with random operands, and for
//! arbitrary bytes (which must come back as data where they do not decode).

use proptest::prelude::*;
use warpkit_asm::{assemble, disassemble, inst_to_string, DisasmOptions};
use warpkit_encoding::random::{random_inst, XorShift};
use warpkit_encoding::{decode, encode, encode_into};
use warpkit_isa::{InsnId, INSNS};

#[test]
fn every_variant_survives_disassemble_then_assemble() {
    let mut rng = XorShift::new(9);
    for d in INSNS.iter() {
        let mut code = Vec::new();
        for _ in 0..100 {
            encode_into(&random_inst(d.id, &mut rng), &mut code);
        }
        for opts in [
            DisasmOptions::default(),
            DisasmOptions {
                comments: false,
                labels: false,
            },
        ] {
            let text = disassemble(&code, opts);
            let back = assemble(&text, &Default::default())
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", d.mnemonic));
            assert_eq!(back.code, code, "{}", d.mnemonic);
        }
    }
}

#[test]
fn one_instruction_text_assembles_to_itself() {
    let mut rng = XorShift::new(3);
    for d in INSNS.iter() {
        let i = random_inst(d.id, &mut rng);
        let text = inst_to_string(&i);
        let a = assemble(&text, &Default::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(decode(&a.code).map(|x| x.0), Ok(i), "{text}");
    }
}

#[test]
fn canonical_text_examples() {
    let t = |m: &str, f: &dyn Fn(&mut warpkit_encoding::Inst)| {
        let mut i = warpkit_encoding::Inst::new(warpkit_isa::lookup(m).unwrap());
        f(&mut i);
        inst_to_string(&i)
    };
    assert_eq!(
        t("add", &|i| {
            i.rd = 1;
            i.rs1 = 2;
            i.rs2 = 3
        }),
        "add v1, v2, v3"
    );
    assert_eq!(
        t("ffma.f32", &|i| {
            i.rd = 1;
            i.rm = 1;
            i.neg = 5
        }),
        "ffma.f32 v1, v0, v0, v0, rm:rtz, neg:0b101"
    );
    assert_eq!(
        t("fadd.f16", &|i| {
            i.rd = 3;
            i.rs1 = 4
        }),
        "fadd.f16 v1.h, v2.l, v0.l"
    );
    assert_eq!(
        t("mad64.u32", &|i| {
            i.rd = 2;
            i.rs3 = 6
        }),
        "mad64.u32 v[2:3], v0, v0, v[6:7]"
    );
    assert_eq!(
        t("tex.fetch", &|i| {
            i.rs2 = 8;
            i.dim = 1;
            i.dmask = 0xf;
            i.toff = 0x0e1
        }),
        "tex.fetch v0, v0, u[8:15], dim:2d, dmask:0xf, toff:(1,-2,0)"
    );
    assert_eq!(t("jmp", &|i| i.imm = -8), "jmp -8");
    assert_eq!(t("mov.vl", &|i| i.imm = -1), "mov.vl v0, 0xffffffff");
}

#[test]
fn branch_targets_become_labels() {
    let mut jmp = warpkit_encoding::Inst::new(warpkit_isa::id::JMP);
    jmp.imm = 8;
    let mut code = encode(&jmp);
    code.extend(encode(&warpkit_encoding::Inst::new(
        warpkit_isa::id::LANEID,
    )));
    let text = disassemble(&code, DisasmOptions::default());
    assert!(text.contains("jmp L_0008"), "{text}");
    assert!(text.trim_end().ends_with("L_0008:"), "{text}");
    assert_eq!(assemble(&text, &Default::default()).unwrap().code, code);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn arbitrary_bytes_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..96)) {
        let text = disassemble(&bytes, DisasmOptions::default());
        let a = assemble(&text, &Default::default());
        prop_assert!(a.is_ok(), "{}", text);
        prop_assert_eq!(a.unwrap().code, bytes);
    }

    #[test]
    fn arbitrary_words_of_valid_opcodes_round_trip(words in proptest::collection::vec(any::<u32>(), 1..32), which in any::<prop::sample::Index>()) {
        // Force real opcodes so most words decode or fail late (reserved bits, operands).
        let op = INSNS[which.index(INSNS.len())].opcode as u32;
        let bytes: Vec<u8> = words.iter().flat_map(|w| ((w & !0x7f) | op).to_le_bytes()).collect();
        let text = disassemble(&bytes, DisasmOptions::default());
        prop_assert_eq!(assemble(&text, &Default::default()).map(|a| a.code).map_err(|e| e.to_string()), Ok(bytes));
        let _ = InsnId(0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    /// Lines made of the assembler's own tokens in random order (brackets unbalanced,
    /// commas doubled, long padding) get diagnostics or code, never a panic.
    #[test]
    fn token_soup_never_panics(tokens in proptest::collection::vec(prop_oneof![
        Just("add"), Just("tex.sample"), Just("v1"), Just("v[4:5]"), Just("u[8:15]"), Just(","),
        Just("("), Just(")"), Just("["), Just("]"), Just(":"), Just("toff:(1,-2,0)"), Just("rm:rtz"),
        Just("        "), Just("\t"), Just(";"), Just("//"), Just("lab:"), Just("lab"), Just("-"),
        Just("0x"), Just("1.5"), Just("\n"), Just(".word"), Just(".equ"), Just("v7.h"), Just("~"),
    ], 0..40)) {
        let src: String = tokens.concat();
        let _ = assemble(&src, &Default::default());
    }
}
