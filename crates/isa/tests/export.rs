//! The exported SystemVerilog package and C header: committed copies are current, the
//! match/mask pairs identify exactly one variant, and the header compiles with `cc` and
//! carries the table's values.

use std::path::{Path, PathBuf};
use std::process::Command;
use warpkit_isa::{export, identify, Latency, FORMATS, INSNS};

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

#[test]
fn committed_exports_are_current() {
    for (rel, text, flag) in [
        (export::SV_PATH, export::systemverilog(), "--sv"),
        (export::C_PATH, export::c_header(), "--c"),
    ] {
        let on_disk = std::fs::read_to_string(repo(rel)).unwrap_or_default();
        assert!(
            on_disk == text,
            "{rel} is out of date: run `cargo run -p warpkit -- export {flag} -o {rel}` and commit it"
        );
    }
}

fn mask(d: &warpkit_isa::InsnDesc) -> u64 {
    d.match_mask | d.zero_mask
}

#[test]
fn every_match_identifies_its_variant_and_no_two_overlap() {
    for d in INSNS.iter() {
        let m = mask(d);
        let size_mask = if d.size == 8 { u64::MAX } else { 0xffff_ffff };
        assert_eq!(d.match_bits & !m, 0, "{}: MATCH outside MASK", d.mnemonic);
        assert_eq!(
            m & !size_mask,
            0,
            "{}: MASK wider than the instruction",
            d.mnemonic
        );
        assert_eq!(
            identify(d.match_bits as u32),
            Ok(d.id),
            "{}: MATCH does not identify the variant",
            d.mnemonic
        );
    }
    // Two pairs overlap when some word satisfies both: they agree on every bit both fix.
    for (i, a) in INSNS.iter().enumerate() {
        for b in &INSNS[i + 1..] {
            let both = mask(a) & mask(b);
            assert_ne!(
                a.match_bits & both,
                b.match_bits & both,
                "{} and {} can match the same word",
                a.mnemonic,
                b.mnemonic
            );
        }
    }
}

/// The header compiles as strict C99 and its values are the table's: a C program prints them
/// through the header's own `DECLARE_WK_INSN` table and the test reads them back.
#[test]
fn c_header_compiles_and_carries_the_table() {
    let dir = std::env::temp_dir().join(format!("warpkit-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("t.c");
    std::fs::write(
        &src,
        r#"#include <stdio.h>
#include "warpkit_encoding.h"
#include "warpkit_encoding.h" /* include guard */
int main(void) {
    unsigned n = 0;
#define DECLARE_WK_INSN(m, X) \
    printf("%s %llx %llx %d %d %d %d %d %d %d %u\n", m, (unsigned long long)MATCH_##X, \
           (unsigned long long)MASK_##X, WK_OPCODE_##X, WK_FUNCT_##X, WK_SIZE_##X, \
           WK_FORMAT_##X, WK_LATENCY_##X, WK_ASYNC_##X, WK_ID_##X, \
           (unsigned)(sizeof(MATCH_##X) * 8)); \
    n++;
#include "warpkit_encoding.h"
#undef DECLARE_WK_INSN
    /* encoding.h-style table: lower-case names */
#define DECLARE_INSN(name, match, mask) n += ((match) & ~(mask)) == 0 ? 0 : 1000;
#include "warpkit_encoding.h"
    printf("count %u %d %d %d %d\n", n, WK_NUM_INSNS, WK_NUM_FORMATS, WK_FMT_R_RD_LO, WK_FMT_R_RD_WIDTH);
    return 0;
}
"#,
    )
    .unwrap();
    let exe = dir.join("t");
    let out = Command::new("cc")
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
        .arg(repo("crates/capi/include"))
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run cc (a C compiler is needed for this test)");
    assert!(
        out.status.success(),
        "cc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&exe).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let mut lines = text.lines();
    let mut units: Vec<&str> = Vec::new();
    for d in INSNS.iter() {
        let f: Vec<&str> = lines
            .next()
            .expect("a line per variant")
            .split(' ')
            .collect();
        let num = |i: usize| f[i].parse::<u64>().unwrap();
        let hex = |i: usize| u64::from_str_radix(f[i], 16).unwrap();
        assert_eq!(f[0], d.mnemonic);
        assert_eq!(hex(1), d.match_bits, "{}", d.mnemonic);
        assert_eq!(
            hex(2),
            d.match_mask | d.zero_mask | warpkit_isa::export::operand_zero_bits(d),
            "{}",
            d.mnemonic
        );
        assert_eq!(num(3), d.opcode as u64, "{}", d.mnemonic);
        assert_eq!(
            num(4),
            d.funct.map_or(0, |f| f.value) as u64,
            "{}",
            d.mnemonic
        );
        assert_eq!(num(5), d.size as u64, "{}", d.mnemonic);
        assert_eq!(num(6), d.format as u64, "{}", d.mnemonic);
        match d.latency {
            Latency::Fixed(n) => assert_eq!((num(7), num(8)), (n as u64, 0), "{}", d.mnemonic),
            Latency::Async(u) => {
                if !units.contains(&u) {
                    units.push(u);
                }
                let k = units.iter().position(|x| *x == u).unwrap() as u64 + 1;
                assert_eq!((num(7), num(8)), (0, k), "{}", d.mnemonic);
            }
        }
        assert_eq!(num(9), d.id.0 as u64);
        assert_eq!(num(10), d.size as u64 * 8, "{}: width of MATCH", d.mnemonic);
    }
    let rd = FORMATS[0].fields.iter().find(|f| f.name == "rd").unwrap();
    assert_eq!(
        lines.next().unwrap(),
        format!(
            "count {} {} {} {} {}",
            INSNS.len(),
            INSNS.len(),
            FORMATS.len(),
            rd.lo,
            rd.width
        )
    );
}

#[test]
fn every_format_exports_op_and_funct_fields() {
    let sv = export::systemverilog();
    for f in FORMATS.iter() {
        for field in ["OP", "FUNCT"] {
            for part in ["LO", "WIDTH"] {
                let name = format!("localparam int FMT_{}_{field}_{part} = ", f.name);
                assert!(sv.contains(&name), "missing {name}");
            }
        }
        for fd in f.fields {
            let n = if fd.name.starts_with('f') && fd.name[1..].parse::<u8>().is_ok() {
                "FUNCT".to_string()
            } else {
                fd.name.to_ascii_uppercase()
            };
            let line = format!(
                "localparam int FMT_{}_{n}_LO = {};\n  localparam int FMT_{}_{n}_WIDTH = {};",
                f.name, fd.lo, f.name, fd.width
            );
            assert!(sv.contains(&line), "missing {line}");
        }
    }
}
