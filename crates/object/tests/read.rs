//! The reader against what it is given: files it wrote come back equal; corrupt files of
//! every kind named in docs/code-objects.md are errors that say what is wrong; random
//! damage never panics.

use warpkit_asm::{assemble, AsmOptions};
use warpkit_object::{link, read, CodeObject, LinkInput, ObjectKind};

const SRC: &str = "\
    .globl helper
    .kernel k
    mov.vu v3, u0
    jal u62, helper
    bz u1, done
    jmp _end
done:
    .end_kernel
local_fn:
    .word 0x12345678
";

fn object(src: &str) -> CodeObject {
    let u = assemble(src, &AsmOptions::object("t.s")).unwrap();
    CodeObject::from_unit(u)
}

fn sample() -> Vec<u8> {
    object(SRC).to_elf().unwrap()
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

fn put64(b: &mut [u8], at: usize, v: u64) {
    b[at..at + 8].copy_from_slice(&v.to_le_bytes());
}

/// File offset of section header `i`.
fn sh(b: &[u8], i: usize) -> usize {
    u64_at(b, 0x28) as usize + i * 64
}

#[track_caller]
fn fails(b: &[u8], needle: &str) {
    match read("x.o", b) {
        Ok(_) => panic!("read accepted a corrupt file (wanted: {needle})"),
        Err(e) => assert!(e.contains(needle), "{e}\n(wanted: {needle})"),
    }
}

#[test]
fn written_objects_read_back_equal() {
    let o = object(SRC);
    assert_eq!(o.relocs.len(), 2);
    assert_eq!(o.undefined, ["helper", "_end"]);
    let back = read("t.o", &o.to_elf().unwrap()).unwrap();
    assert_eq!(back, o);
    let k = &back.kernels[0];
    assert_eq!(
        (k.name.as_str(), k.offset, k.size, k.vgprs),
        ("k", 0, 16, 4)
    );
    // u0 and u1 are read before written; u62 is written by jal.
    assert_eq!(k.uniform_args, 0b11);
    assert_eq!(
        back.lines.line_of(4).map(|l| (l.file, l.line)),
        Some(("t.s", 4))
    );
    assert_eq!(back.lines.offset_of("t.s", 5), Some(8));
    assert_eq!(back.lines.line_of(1000), None);
}

#[test]
fn linked_programs_read_back_equal() {
    let h = object(".globl helper\nhelper:\n  add v9, v9, v9\n  jr u62, 0\n");
    let l = link(
        &[
            LinkInput {
                name: "a.o".into(),
                object: object(SRC),
            },
            LinkInput {
                name: "b.o".into(),
                object: h,
            },
        ],
        None,
    )
    .unwrap();
    assert_eq!(l.kind, ObjectKind::Executable);
    // The kernel calls the helper: v9 counts.
    assert_eq!(l.kernels[0].vgprs, 10);
    let back = read("p.elf", &l.to_elf().unwrap()).unwrap();
    assert_eq!(back, l);
}

#[test]
fn truncated_files_are_errors_at_every_length() {
    let b = sample();
    for n in 0..b.len() {
        assert!(
            read("x.o", &b[..n]).is_err(),
            "a file cut at {n} bytes was accepted"
        );
    }
    fails(&b[..10], "truncated: 10 bytes");
    fails(&b[..b.len() - 1], "section header table");
}

#[test]
fn wrong_identification_is_an_error() {
    let b = sample();
    let mut x = b.clone();
    x[0] = b'X';
    fails(&x, "not an ELF file");
    let mut x = b.clone();
    x[4] = 1;
    fails(&x, "is not ELF64");
    let mut x = b.clone();
    x[5] = 2;
    fails(&x, "not little-endian");
    let mut x = b.clone();
    x[18..20].copy_from_slice(&0xf3u16.to_le_bytes());
    fails(&x, "e_machine is 0xf3 (RISC-V), not warpkit's 0x574b");
    let mut x = b.clone();
    x[16..18].copy_from_slice(&3u16.to_le_bytes());
    fails(&x, "neither ET_REL");
    let mut x = b.clone();
    x[48..52].copy_from_slice(&0x0101_0000u32.to_le_bytes());
    fails(&x, "undefined bits");
    let mut x = b.clone();
    x[48..52].copy_from_slice(&0x0100u32.to_le_bytes());
    fails(&x, "made for ISA v1.0");
}

#[test]
fn sections_past_the_end_overlapping_or_absurd_are_errors() {
    let b = sample();
    // Section 1 is .text.
    let mut x = b.clone();
    let at = sh(&x, 1);
    put64(&mut x, at + 24, b.len() as u64 + 100);
    fails(&x, "section .text: offset");
    let mut x = b.clone();
    put64(&mut x, at + 32, u64::MAX / 2);
    fails(&x, "absurd size");
    let mut x = b.clone();
    put64(&mut x, at + 24, 0);
    fails(&x, "the ELF header (bytes 0..64) overlaps section .text");
    // .text moved onto the next section.
    let mut x = b.clone();
    let next = u64_at(&x, sh(&x, 2) + 24);
    put64(&mut x, at + 24, next - 4);
    fails(&x, "overlaps");
    let mut x = b.clone();
    put64(&mut x, 0x28, u64::MAX - 10);
    fails(&x, "section header table");
    let mut x = b.clone();
    x[0x3c..0x3e].copy_from_slice(&0xffffu16.to_le_bytes());
    fails(&x, "section header table");
}

#[test]
fn symbols_relocations_and_notes_outside_the_code_are_errors() {
    let b = sample();
    let o = read("x.o", &b).unwrap();
    let n = b.len();
    // Find the symbol table, relocation and note sections by type.
    let shnum = u16::from_le_bytes([b[0x3c], b[0x3d]]) as usize;
    let of_type = |t: u32| {
        (0..shnum)
            .find(|&i| u32::from_le_bytes(b[sh(&b, i) + 4..sh(&b, i) + 8].try_into().unwrap()) == t)
            .unwrap()
    };
    let symtab = u64_at(&b, sh(&b, of_type(2)) + 24) as usize;
    let rela = u64_at(&b, sh(&b, of_type(4)) + 24) as usize;
    let note = u64_at(&b, sh(&b, of_type(7)) + 24) as usize;
    // Symbol 1's st_value (symbols are 24 bytes; st_value at +8).
    let mut x = b.clone();
    put64(&mut x, symtab + 24 + 8, 0x10_0000);
    fails(&x, "is outside .text");
    // Relocation 0's r_offset.
    let mut x = b.clone();
    put64(&mut x, rela, o.code.len() as u64);
    fails(&x, "past the end of .text");
    let mut x = b.clone();
    put64(&mut x, rela + 8, (1u64 << 32) | 99);
    fails(&x, "unknown type 99");
    let mut x = b.clone();
    put64(&mut x, rela + 8, (500u64 << 32) | 1);
    fails(&x, "symbol index 500 is not a named symbol");
    // The version note's descsz.
    let mut x = b.clone();
    x[note + 4..note + 8].copy_from_slice(&0x7fff_0000u32.to_le_bytes());
    fails(&x, "past the end of the section");
    assert!(n > 0);
}

#[test]
fn random_damage_never_panics() {
    // A bounded in-process mutation test (the cargo-fuzz target `elf_read` does the same
    // without a bound): flip, overwrite and cut bytes of valid objects and linked files.
    let files = [sample(), {
        let l = link(
            &[LinkInput {
                name: "a.o".into(),
                object: object(".kernel k\n  add v1, v2, v3\n  jmp _end\n.end_kernel\n"),
            }],
            None,
        )
        .unwrap();
        l.to_elf().unwrap()
    }];
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let mut accepted = 0;
    for round in 0..20_000 {
        let mut b = files[round % 2].clone();
        for _ in 0..1 + next() % 4 {
            let i = (next() % b.len() as u64) as usize;
            match next() % 3 {
                0 => b[i] ^= 1 << (next() % 8),
                1 => b[i] = next() as u8,
                _ => {
                    let v = [0u8, 0xff, 0x7f, 0x80][(next() % 4) as usize];
                    let end = (i + 8).min(b.len());
                    b[i..end].fill(v);
                }
            }
        }
        if next() % 8 == 0 {
            let n = (next() % b.len() as u64) as usize;
            b.truncate(n);
        }
        if read("m.o", &b).is_ok() {
            accepted += 1;
        }
    }
    // Most damage lands in code or names, which stay readable; some must be refused.
    assert!(accepted < 20_000);
}

/// What the fuzz target `elf_read` checks, on one input: reading never panics, and a file
/// that reads back writes an ELF file that reads back to the same code.
fn fuzz_check(data: &[u8]) -> Result<(), String> {
    let o = read("fuzz.o", data)?;
    let b = o.to_elf().map_err(|e| format!("written back: {e}"))?;
    let again = read("again.o", &b).unwrap_or_else(|e| panic!("a written file reads back: {e}"));
    assert_eq!(again.code, o.code);
    Ok(())
}

/// Inputs the fuzz target found (crates/object/tests/fuzz), each with what it must give.
#[test]
fn fuzz_findings_are_errors() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz");
    let cases = [
        (
            // A version note (v2.1) that e_flags (v0.1) does not agree with was accepted, and
            // the file written back from it carried v2.1 in e_flags, which no reader takes.
            "version-note-differs-from-e_flags.o",
            "the version note says ISA v2.1 but e_flags says v0.1",
        ),
        (
            // A line table naming a file "" was accepted, and gimli's writer panics on it.
            "empty-line-table-file-name.o",
            ".debug_line: file 1 has an empty name",
        ),
    ];
    for (name, want) in cases {
        let data = std::fs::read(format!("{dir}/{name}")).unwrap();
        let e = fuzz_check(&data).expect_err(name);
        assert!(e.contains(want), "{name}: {e}");
    }
    // The writer refuses such a name rather than letting gimli panic.
    let mut o = object(SRC);
    o.lines.files[0] = String::new();
    let e = o.to_elf().unwrap_err();
    assert!(e.contains("is empty or holds a NUL byte"), "{e}");
    // And a good file with its version note changed the same way.
    let mut b = sample();
    // The version note: namesz 8, descsz, type, "warpkit\0", then (major, minor, 0, 0).
    let ty = warpkit_object::abi::NT_WARPKIT_VERSION.to_le_bytes();
    let note = b
        .windows(20)
        .position(|w| w[..4] == 8u32.to_le_bytes() && w[8..12] == ty && &w[12..] == b"warpkit\0")
        .expect("the version note");
    let desc = note + 20;
    assert_eq!(&b[desc..desc + 2], &[0, 1]);
    b[desc] = 2;
    fails(&b, "the version note says ISA v2.1 but e_flags says v0.1");
}
