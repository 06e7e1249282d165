//! The exported MATCH_/MASK_ constants against the decoder, over random words: a word with
//! `(w & MASK_X) == MATCH_X` decodes to X, except where a field holds one of the reserved
//! values the header lists (DECLARE_WK_RESERVED); a word that decodes to X matches X. Read
//! from the header text itself, as an RTL decoder built on it would.

use proptest::prelude::*;
use std::collections::HashMap;
use warpkit_encoding::decode_word;
use warpkit_isa::{export::c_header, INSNS};

struct Variant {
    matchv: u64,
    mask: u64,
    /// (low bit, width, first, last) of each listed reserved value range.
    reserved: Vec<(u32, u32, u64, u64)>,
}

fn hex_in(s: &str) -> u64 {
    let h = s.split("(0x").nth(1).unwrap().trim_end_matches(')');
    u64::from_str_radix(h, 16).unwrap()
}

/// Per variant index (in INSNS order), what the header says.
fn header_facts() -> Vec<Variant> {
    let h = c_header();
    let mut by_name: HashMap<String, Variant> = HashMap::new();
    for line in h.lines() {
        let mut w = line.split_whitespace();
        if let (Some("#define"), Some(n), Some(v)) = (w.next(), w.next(), w.next()) {
            if let Some(name) = n.strip_prefix("MATCH_") {
                by_name
                    .entry(name.to_ascii_lowercase())
                    .or_insert(Variant {
                        matchv: 0,
                        mask: 0,
                        reserved: vec![],
                    })
                    .matchv = hex_in(v);
            } else if let Some(name) = n.strip_prefix("MASK_") {
                by_name.get_mut(&name.to_ascii_lowercase()).unwrap().mask = hex_in(v);
            }
        }
        if let Some(args) = line
            .strip_prefix("DECLARE_WK_RESERVED(")
            .and_then(|r| r.strip_suffix(')'))
        {
            let a: Vec<&str> = args.split(", ").collect();
            let n = |i: usize| a[i].parse::<u64>().unwrap();
            by_name
                .get_mut(a[0])
                .unwrap()
                .reserved
                .push((n(2) as u32, n(3) as u32, n(4), n(5)));
        }
    }
    INSNS
        .iter()
        .map(|d| {
            let name = d.mnemonic.to_ascii_uppercase().replace('.', "_");
            by_name
                .remove(&name.to_ascii_lowercase())
                .expect(d.mnemonic)
        })
        .collect()
}

fn facts() -> &'static [Variant] {
    static F: std::sync::OnceLock<Vec<Variant>> = std::sync::OnceLock::new();
    F.get_or_init(header_facts)
}

fn size_mask(i: usize) -> u64 {
    if INSNS[i].size == 8 {
        u64::MAX
    } else {
        0xffff_ffff
    }
}

/// Whether a listed reserved value explains why `w` does not decode as variant `i`.
fn listed(v: &Variant, w: u64) -> bool {
    v.reserved
        .iter()
        .any(|&(lo, width, first, last)| (first..=last).contains(&((w >> lo) & ((1 << width) - 1))))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn a_match_decodes_to_its_variant_except_listed_values(i in 0..INSNS.len(), r in any::<u64>()) {
        let v = &facts()[i];
        let w = (r & !v.mask | v.matchv) & size_mask(i);
        match decode_word(w) {
            Ok(inst) => prop_assert_eq!(inst.id, INSNS[i].id, "{:#x}", w),
            Err(e) => prop_assert!(
                listed(v, w),
                "{}: {:#018x} matches MATCH/MASK but does not decode ({:?}) and no listed \
                 reserved value explains it",
                INSNS[i].mnemonic, w, e
            ),
        }
    }

    #[test]
    fn a_decoded_word_matches_its_variant(r in any::<u64>(), op in 0u64..128) {
        let w = r & !0x7f | op;
        if let Ok(inst) = decode_word(w) {
            let i = inst.id.0 as usize;
            let v = &facts()[i];
            prop_assert_eq!(w & size_mask(i) & v.mask, v.matchv, "{}", INSNS[i].mnemonic);
            prop_assert!(!listed(v, w));
        }
    }
}

/// Every variant once, with every operand bit set that MASK leaves free: the reserved
/// modifier bits that once slipped through (neg/abs of a missing third source) decode.
#[test]
fn every_free_bit_set_decodes_or_is_listed() {
    for (i, v) in facts().iter().enumerate() {
        let w = (!v.mask | v.matchv) & size_mask(i);
        match decode_word(w) {
            Ok(inst) => assert_eq!(inst.id, INSNS[i].id),
            Err(e) => assert!(listed(v, w), "{}: {w:#x}: {e:?}", INSNS[i].mnemonic),
        }
    }
    let fadd = facts()
        .iter()
        .zip(INSNS.iter())
        .find(|(_, d)| d.mnemonic == "fadd.f32.m")
        .unwrap()
        .0;
    // neg[2] and abs[2] (rs3, which fadd.f32.m does not have) are in the mask.
    assert_eq!(fadd.mask >> 50 & 1, 1);
    assert_eq!(fadd.mask >> 53 & 1, 1);
}
