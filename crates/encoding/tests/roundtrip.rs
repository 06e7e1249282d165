//! decode(encode(x)) == x for every variant with random operands, strictness of the
//! decoder, and "never panics" over arbitrary words.

use proptest::prelude::*;
use warpkit_encoding::random::{self, random_inst, XorShift};
use warpkit_encoding::*;
use warpkit_isa::{lookup, INSNS};

fn id(m: &str) -> InsnId {
    lookup(m).unwrap_or_else(|| panic!("{m} not in the database"))
}

#[test]
fn every_variant_round_trips_with_random_operands() {
    let mut rng = XorShift::new(1);
    for d in INSNS.iter() {
        for _ in 0..200 {
            let i = random_inst(d.id, &mut rng);
            let bytes = encode(&i);
            assert_eq!(bytes.len(), d.size as usize);
            let (back, len) =
                decode(&bytes).unwrap_or_else(|e| panic!("{}: {e} for {i:?}", d.mnemonic));
            assert_eq!(len, d.size as usize);
            assert_eq!(back, i, "{}", d.mnemonic);
            assert_eq!(encode(&back), bytes);
        }
    }
}

#[test]
fn known_encodings_match_the_supplement_layout() {
    // add v1, v2, v3: R op=0x02 f4=0 rd[17:11] rs1[24:18] rs2[31:25]
    let mut i = Inst::new(id("add"));
    i.rd = 1;
    i.rs1 = 2;
    i.rs2 = 3;
    assert_eq!(encode_word(&i), 0x02 | (1 << 11) | (2 << 18) | (3 << 25));
    // movi v5, -1: LI imm18[31:14]
    let mut i = Inst::new(id("movi"));
    i.rd = 5;
    i.imm = -1;
    assert_eq!(encode_word(&i), 0x12 | (5 << 7) | (0x3ffff << 14));
    // mov.vl v1, 0xdeadbeef: XL, literal is the second word
    let mut i = Inst::new(id("mov.vl"));
    i.rd = 1;
    i.imm = 0xdeadbeefu32 as i32;
    assert_eq!(
        encode(&i),
        vec![0x05, 0x00, 0x04, 0x00, 0xef, 0xbe, 0xad, 0xde]
    );
    // ffma.f32 with rm omitted encodes rm = dyn (7) at bits 47:45
    let i = Inst::new(id("ffma.f32"));
    assert_eq!(encode_word(&i) >> 45 & 7, 7);
    // fadd.f16 v1.h, v2.l, v3.h: h fields are 2n+half
    let mut i = Inst::new(id("fadd.f16"));
    i.rd = 3;
    i.rs1 = 4;
    i.rs2 = 7;
    let w = encode_word(&i);
    assert_eq!((w >> 17) & 0xff, 3);
    assert_eq!((w >> 25) & 0xff, 4);
    assert_eq!((w >> 33) & 0xff, 7);
}

#[test]
fn decoder_is_strict() {
    let base = |m: &str| encode_word(&Inst::new(id(m)));
    // Unknown opcode / function code.
    assert_eq!(
        decode_word(0x7e),
        Err(DecodeError::UnknownOpcode { opcode: 0x7e })
    );
    assert!(decode_word(0x02).is_ok());
    assert!(decode_word(0x1a).is_ok());
    assert!(matches!(
        decode_word(0x4e | (0x1 << 7)),
        Err(DecodeError::UnknownFunct {
            opcode: 0x4e,
            funct: 1
        })
    ));
    // Reserved bits of SYS and of unnamed slots (exec.set has no rd).
    assert!(matches!(
        decode_word(base("interlock.begin") | 1 << 20),
        Err(DecodeError::ReservedBits { .. })
    ));
    assert!(matches!(
        decode_word(base("exec.set") | 1 << 20),
        Err(DecodeError::ReservedBits { .. })
    ));
    // rm 5 and 6 are reserved.
    let ffma = base("ffma.f32") & !(7u64 << 45);
    assert!(decode_word(ffma | 4 << 45).is_ok());
    for rm in [5u64, 6] {
        assert!(matches!(
            decode_word(ffma | rm << 45),
            Err(DecodeError::BadOperand {
                slot: Slot::Rm,
                error: OperandError::ReservedValue { .. },
                ..
            })
        ));
    }
    // neg bit for a source fadd.f32.m does not have (s3).
    let fadd = base("fadd.f32.m");
    assert!(decode_word(fadd | 0b011 << 48).is_ok());
    assert!(matches!(
        decode_word(fadd | 0b100 << 48),
        Err(DecodeError::BadOperand {
            slot: Slot::Neg,
            ..
        })
    ));
    // vp^2 must be even; v^3 must not run past v127; d8^8 aligned to 8.
    assert!(matches!(
        decode_word(base("add64") | 1 << 11),
        Err(DecodeError::BadOperand {
            error: OperandError::Misaligned { reg: 1, align: 2 },
            ..
        })
    ));
    assert!(matches!(
        decode_word(base("interp.coef") | 126 << 11),
        Err(DecodeError::BadOperand {
            error: OperandError::PastEnd { .. },
            ..
        })
    ));
    assert!(decode_word(base("interp.coef") | 125 << 11).is_ok());
    assert!(matches!(
        decode_word(base("tex.fetch") | 4u64 << 26),
        Err(DecodeError::BadOperand {
            slot: Slot::Rs2,
            ..
        })
    ));
    assert!(decode_word(base("tex.fetch") | 8u64 << 26).is_ok());
    // dim 10..15 reserved.
    assert!(matches!(
        decode_word(base("tex.fetch") | 10u64 << 38),
        Err(DecodeError::BadOperand {
            slot: Slot::Dim,
            ..
        })
    ));
    // Branch offsets must be multiples of 4, upc offsets need not.
    assert!(matches!(
        decode_word(base("jmp") | 2 << 10),
        Err(DecodeError::BadOperand {
            error: OperandError::BranchAlign { offset: 2 },
            ..
        })
    ));
    assert!(decode_word(base("jmp") | 4 << 10).is_ok());
    assert!(decode_word(base("upc") | 2 << 15).is_ok());
    // Truncation.
    assert_eq!(
        decode(&[0x02, 0, 0]),
        Err(DecodeError::Truncated { need: 4, have: 3 })
    );
    assert_eq!(
        decode(&[0x05, 0, 0, 0, 0]),
        Err(DecodeError::Truncated { need: 8, have: 5 })
    );
}

#[test]
fn check_refuses_values_that_do_not_fit() {
    let mut i = Inst::new(id("add.vi"));
    i.imm = 128;
    assert_eq!(
        check(&i),
        Err((
            Slot::Imm,
            OperandError::OutOfRange {
                value: 128,
                min: -128,
                max: 127
            }
        ))
    );
    i.imm = -128;
    assert_eq!(check(&i), Ok(()));
    let mut i = Inst::new(id("add"));
    i.rd = 128;
    assert!(check(&i).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20000))]

    #[test]
    fn decoding_any_word_never_panics_and_reencodes_exactly(lo in any::<u32>(), hi in any::<u32>()) {
        let bytes = [lo.to_le_bytes(), hi.to_le_bytes()].concat();
        for n in [0usize, 3, 4, 5, 8] {
            if let Ok((inst, len)) = decode(&bytes[..n]) {
                prop_assert_eq!(&encode(&inst)[..], &bytes[..len]);
            }
        }
    }

    #[test]
    fn random_variant_round_trips(seed in any::<u64>(), which in any::<prop::sample::Index>()) {
        let mut rng = XorShift::new(seed);
        let i = random_inst(InsnId(which.index(INSNS.len()) as u16), &mut rng);
        let (back, _) = decode(&encode(&i)).unwrap();
        prop_assert_eq!(back, i);
    }
}

/// The reference decoder, from the operand descriptors alone (no format tables, no packed
/// fast path): every operand extracted and checked one by one with `check_operand`.
fn reference_decode(word: u64) -> Option<Inst> {
    let id = warpkit_isa::identify(word as u32).ok()?;
    let d = id.desc();
    let size_mask = if d.size == 4 {
        0xffff_ffffu64
    } else {
        u64::MAX
    };
    if word & (d.zero_mask | !size_mask) != 0 {
        return None;
    }
    let mut inst = Inst::new(id);
    for o in d.operands {
        let raw = (word >> o.lo)
            & if o.width >= 64 {
                u64::MAX
            } else {
                (1u64 << o.width) - 1
            };
        let v = if o.ty.is_signed() {
            let sh = 64 - o.width as u32;
            ((raw << sh) as i64) >> sh
        } else {
            raw as i64
        };
        check_operand(d, o, v).ok()?;
        inst.set(o.slot, v);
    }
    Some(inst)
}

#[test]
fn fast_validity_test_agrees_with_per_operand_checks() {
    let mut rng = XorShift::new(77);
    for d in INSNS.iter() {
        for _ in 0..3000 {
            // Random fields on top of the variant's opcode and function code.
            let mut w = (rng.next_u64() & !d.match_mask) | d.match_bits;
            if d.size == 4 {
                w &= 0xffff_ffff;
            }
            // Clear the must-be-zero bits half of the time so operand checks are reached.
            if rng.next_u64() & 1 == 0 {
                w &= !d.zero_mask;
            }
            assert_eq!(
                decode_word(w).ok(),
                reference_decode(w),
                "{} word {w:#x}",
                d.mnemonic
            );
        }
    }
}

/// Every unit of `bytes` as `decode` sees it at each offset: the reference for the stream.
fn decode_each(bytes: &[u8]) -> Vec<(usize, Result<Inst, DecodeError>, usize)> {
    let mut out = Vec::new();
    let mut off = 0;
    while off < bytes.len() {
        let r = decode(&bytes[off..]);
        let size = match &r {
            Ok((_, n)) => *n,
            Err(e) => e.size_hint(bytes[off]).min(bytes.len() - off),
        };
        out.push((off, r.map(|(i, _)| i), size));
        off += size;
    }
    out
}

#[test]
fn decode_stream_agrees_with_decode_at_each_offset() {
    let mut rng = XorShift::new(5);
    let mut inputs: Vec<Vec<u8>> = vec![
        random::random_program(20_000, false, 1),
        random::random_program(20_000, true, 2),
        Vec::new(),
        vec![0x01],
        vec![0x01, 0, 0, 0, 0, 0, 0],
    ];
    for len in [3usize, 4, 7, 8, 9, 4096, 100_000] {
        inputs.push((0..len).map(|_| rng.next_u64() as u8).collect());
    }
    // Valid instructions with garbage between them, ending in a cut instruction.
    let mut mixed = random::random_program(5_000, false, 3);
    for k in (0..mixed.len()).step_by(97) {
        mixed[k] ^= 0x5a;
    }
    mixed.truncate(mixed.len() - 3);
    inputs.push(mixed);
    for bytes in &inputs {
        let want = decode_each(bytes);
        let mut got = Vec::new();
        decode_stream(bytes, |off, r, size| got.push((off, r, size)));
        assert_eq!(got, want);
    }
}
