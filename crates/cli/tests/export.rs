//! `warpkit export`: the command, and its MATCH/MASK pairs checked against the decoder of
//! warpkit-encoding (which validates fields by its own per-format code, not by these masks).

mod common;

use common::run;
use warpkit_encoding::{decode_word, DecodeError};
use warpkit_isa::{export, INSNS};

#[test]
fn export_writes_checks_and_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["export", "--sv"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(o.text(), export::systemverilog());
    let o = run(&["export", "--c", "-o", "enc.h"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("enc.h")).unwrap(),
        export::c_header()
    );
    let o = run(&["export", "--c", "--check", "-o", "enc.h"], dir.path());
    assert_eq!(o.code, 0, "{}", o.stderr);
    // The C header is not the SystemVerilog package.
    let o = run(&["export", "--sv", "--check", "-o", "enc.h"], dir.path());
    o.fails(
        1,
        "enc.h is out of date; run `warpkit export --sv -o enc.h`",
    );
    let o = run(&["export", "--sv", "--check", "-o", "none.sv"], dir.path());
    o.fails(1, "none.sv does not exist");
    let o = run(&["export", "--sv", "--check"], dir.path());
    // A command-line error: exit 2.
    o.fails(2, "--check needs the file");
    // Exactly one of --sv and --c.
    assert_eq!(run(&["export"], dir.path()).code, 2);
    assert_eq!(run(&["export", "--sv", "--c"], dir.path()).code, 2);
}

/// splitmix64: a fixed, seedable stream for the property below.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// For words near every variant's MATCH (random free bits, sometimes one fixed bit flipped):
/// a word satisfying `(w & MASK_X) == MATCH_X` decodes as X or is refused only for an operand
/// value; a word that decodes as Y satisfies Y's pair. So the masks miss no reserved bit and
/// cover nothing the decoder lets vary.
#[test]
fn match_and_mask_agree_with_the_decoder() {
    let mut rng = Rng(0x5eed);
    for d in INSNS.iter() {
        let size_mask = if d.size == 8 { u64::MAX } else { 0xffff_ffff };
        let mask = d.match_mask | d.zero_mask;
        for k in 0..64 {
            let mut w = (d.match_bits | (rng.next() & !mask)) & size_mask;
            if k % 2 == 1 {
                w ^= 1 << (rng.next() % (d.size as u64 * 8));
            }
            let matches = w & mask == d.match_bits;
            match decode_word(w) {
                Ok(i) => {
                    let e = i.desc();
                    assert_eq!(
                        w & (e.match_mask | e.zero_mask),
                        e.match_bits,
                        "{w:#x} decodes as {} but fails its MATCH/MASK",
                        e.mnemonic
                    );
                    assert_eq!(matches, e.id == d.id, "{w:#x} ({})", e.mnemonic);
                }
                Err(DecodeError::BadOperand { id, .. }) => {
                    assert_eq!(matches, id == d.id, "{w:#x}: {}", d.mnemonic)
                }
                Err(e) => assert!(!matches, "{w:#x} matches {} but {e:?}", d.mnemonic),
            }
        }
    }
}

/// `export::spec_lookup` (what the embeddings return) is what `warpkit spec --json` prints.
#[test]
fn spec_lookup_is_what_spec_json_prints() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "fadd.f32",
        "FADD.F32.M",
        "fadd",
        "savee",
        "fadd.f23",
        "qqqqqqqqqqqq",
    ] {
        let o = run(&["spec", "--json", name], dir.path());
        match export::spec_lookup(name) {
            Ok(v) => {
                assert_eq!(o.code, 0, "{name}: {}", o.stderr);
                let printed: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
                assert_eq!(printed, v, "{name}");
            }
            Err(msg) => {
                assert_eq!(o.code, 1, "{name}");
                assert_eq!(
                    o.stderr.trim_end(),
                    format!("warpkit: error: {msg}"),
                    "{name}"
                );
            }
        }
    }
    assert!(export::spec_lookup("fadd").unwrap().is_array());
    assert!(export::spec_lookup("fadd.f23")
        .unwrap_err()
        .contains("did you mean"));
}
