//! Assembler behaviour: syntax, directives, labels, and diagnostics for bad input.

use warpkit_asm::{assemble, disassemble, AsmOptions, DisasmOptions};
use warpkit_encoding::{decode, encode, Inst};
use warpkit_isa::lookup;

fn asm(src: &str) -> Vec<u8> {
    match assemble(src, &Default::default()) {
        Ok(a) => a.code,
        Err(d) => panic!("{d}"),
    }
}

fn errors(src: &str) -> Vec<String> {
    match assemble(src, &AsmOptions::named("t.s")) {
        Ok(_) => panic!("expected errors for {src:?}"),
        Err(d) => d
            .main_file()
            .iter()
            .map(|x| {
                format!(
                    "{}:{}: {} | {}",
                    x.line,
                    x.col,
                    x.message,
                    x.hint.clone().unwrap_or_default()
                )
            })
            .collect(),
    }
}

fn one(m: &str, f: impl FnOnce(&mut Inst)) -> Vec<u8> {
    let mut i = Inst::new(lookup(m).unwrap());
    f(&mut i);
    encode(&i)
}

#[test]
fn basic_instructions_encode_as_the_database_says() {
    assert_eq!(
        asm("add v1, v2, v3"),
        one("add", |i| {
            i.rd = 1;
            i.rs1 = 2;
            i.rs2 = 3
        })
    );
    assert_eq!(
        asm("  add.vi v1, v2, -5 ; comment"),
        one("add.vi", |i| {
            i.rd = 1;
            i.rs1 = 2;
            i.imm = -5
        })
    );
    assert_eq!(
        asm("add64 v[2:3], v[4:5], v[6:7] // c"),
        one("add64", |i| {
            i.rd = 2;
            i.rs1 = 4;
            i.rs2 = 6
        })
    );
    assert_eq!(
        asm("fadd.f16 v1.h, v2.l, v3.h, rm:rtz, neg:0b11, sat:1"),
        one("fadd.f16", |i| {
            i.rd = 3;
            i.rs1 = 4;
            i.rs2 = 7;
            i.rm = 1;
            i.neg = 3;
            i.sat = 1
        })
    );
    assert_eq!(
        asm("ffma.f32 v1, v2, v3, v4"),
        one("ffma.f32", |i| {
            i.rd = 1;
            i.rs1 = 2;
            i.rs2 = 3;
            i.rs3 = 4
        })
    );
    assert_eq!(
        asm("tex.sample v0, v4, u[8:15], u[4:7], dim:2d, dmask:0xf, toff:(1,-2,0)"),
        one("tex.sample", |i| {
            i.rd = 0;
            i.rs1 = 4;
            i.rs2 = 8;
            i.rs3 = 4;
            i.dim = 1;
            i.dmask = 15;
            i.toff = 0x0e1
        })
    );
    assert_eq!(asm("interlock.begin"), one("interlock.begin", |_| {}));
    assert_eq!(asm("exec.set u3"), one("exec.set", |i| i.rs1 = 3));
}

#[test]
fn float_literals_for_fp_k32() {
    let with = |lit: &str, bits: u32| {
        assert_eq!(
            asm(&format!("fadd.f32.vl v1, v2, {lit}")),
            one("fadd.f32.vl", |i| {
                i.rd = 1;
                i.rs1 = 2;
                i.imm = bits as i32
            }),
            "{lit}"
        )
    };
    with("1.5", 0x3fc0_0000);
    with("-0x1p-3", 0xbe00_0000);
    with("inf", 0x7f80_0000);
    with("-inf", 0xff80_0000);
    with("0x3f800000", 0x3f80_0000);
    // The smallest subnormal, written exactly (a decimal like 1e-45 is not exact: an error).
    with("0x1p-149", 1);
    assert!(errors("fadd.f32.vl v1, v2, 1e-45")[0].contains("underflows binary32"));
    // Integer k32 of an integer instruction: raw bits, signed or not.
    assert_eq!(asm("mov.vl v1, -1"), asm("mov.vl v1, 0xffffffff"));
}

#[test]
fn labels_forward_and_backward_and_directives() {
    let code = asm(
        ".equ N, 8\nstart:\n  jmp end\n  bz u1, start\n  .word 0x12345678, N\n  .align 8\nend:\n",
    );
    let (j, _) = decode(&code).unwrap();
    assert_eq!(j.imm, 16); // jmp at 0, words at 8/12, .align 8 keeps 16, end = 16
    let (b, _) = decode(&code[4..]).unwrap();
    assert_eq!(b.imm, -4);
    assert_eq!(&code[8..12], &0x12345678u32.to_le_bytes());
    assert_eq!(&code[12..16], &8u32.to_le_bytes());
    assert_eq!(code.len(), 16);
    assert_eq!(
        asm(".dword 0x1122334455667788"),
        0x1122334455667788u64.to_le_bytes()
    );
    assert_eq!(asm(".byte 1, 2, 3"), vec![1, 2, 3]);
    // Numeric branch offsets are relative to the instruction.
    assert_eq!(asm("jmp 8"), one("jmp", |i| i.imm = 8));
}

#[test]
fn every_error_is_reported_with_position_and_hint() {
    let e = errors("fadd.f23 v1, v2, v3\nadd v1, v2\nadd64 v[3:4], v[4:5], v[6:7]\nadd.vi v1, v2, 300\njmp nowhere\nadd v1, v2, v200\nsadd v1,v2,v3\n");
    assert_eq!(e.len(), 7, "{e:#?}");
    assert!(
        e[0].starts_with("1:1: unknown instruction `fadd.f23`") && e[0].contains("fadd.f32"),
        "{}",
        e[0]
    );
    assert!(
        e[1].starts_with("2:") && e[1].contains("needs 1 more operand"),
        "{}",
        e[1]
    );
    assert!(
        e[2].starts_with("3:7:") && e[2].contains("multiple of 2") && e[2].contains("v[2:3]"),
        "{}",
        e[2]
    );
    assert!(
        e[3].starts_with("4:16:") && e[3].contains("out of range"),
        "{}",
        e[3]
    );
    assert!(
        e[4].starts_with("5:5:") && e[4].contains("unknown label or symbol `nowhere`"),
        "{}",
        e[4]
    );
    assert!(
        e[5].starts_with("6:13:") && e[5].contains("v200"),
        "{}",
        e[5]
    );
    assert!(e[6].contains("did you mean `add`"), "{}", e[6]);
}

#[test]
fn more_bad_input() {
    assert!(errors("add u1, v2, v3")[0].contains("vector"));
    assert!(errors("add v1, v2, v3, v4")[0].contains("one too many"));
    assert!(errors("add v1, v2, v3, rm:rtz")[0].contains("not a modifier"));
    assert!(errors("fadd.f32 v1, v2, v3, rm:rtz")[0].contains("fadd.f32.m"));
    assert!(errors("ffma.f32 v1, v2, v3, v4, rm:foo")[0].contains("unknown rounding mode"));
    assert!(errors("fadd.f32.m v1, v2, v3, neg:0b100")[0].contains("source"));
    assert!(errors("fadd.f16 v1, v2.l, v3.h")[0].contains("half"));
    assert!(errors("jmp 6")[0].contains("multiple of 4"));
    assert!(errors(".bogus 1")[0].contains("unknown directive"));
    assert!(errors("a:\na:\n")[0].contains("defined twice"));
    assert!(errors("tex.fetch v0, v1, u[4:11]")[0].contains("multiple of 8"));
    assert!(errors("movi v1, 0x40000")[0].contains("out of range"));
    assert!(errors("add v1, , v3")[0].contains("empty operand"));
    // k32 takes any 32-bit pattern, signed or unsigned, and nothing wider: known values
    // (pass 1) and forward references (pass 2) alike.
    assert_eq!(asm("mov.vl v1, -1"), asm("mov.vl v1, 0xffffffff"));
    assert!(errors("mov.vl v1, 0x100000000")[0].contains("does not fit 32 bits"));
    assert!(errors("mov.vl v1, -0x80000001")[0].contains("does not fit 32 bits"));
    assert!(errors("mov.vl v1, big\n.equ big, 0x100000000")[0].contains("does not fit 32 bits"));
    // A rendered report carries file:line:col and a caret.
    let d = assemble("nop\n", &AsmOptions::named("prog.s")).unwrap_err();
    let r = d.render(false);
    assert!(r.contains("prog.s:1:1") && r.contains('^'), "{r}");
}

#[test]
fn empty_and_comment_only_files_assemble_to_nothing() {
    assert!(asm("").is_empty());
    assert!(asm("; nothing\n\n   // here\n").is_empty());
}

#[test]
fn disassembly_of_garbage_reassembles_to_the_same_bytes() {
    let bytes: Vec<u8> = (0u32..4000)
        .flat_map(|i| i.wrapping_mul(2654435761).to_le_bytes())
        .chain([1, 2, 3])
        .collect();
    let text = disassemble(&bytes, DisasmOptions::default());
    assert_eq!(asm(&text), bytes);
}

#[test]
fn extreme_literals_are_errors_or_values_never_panics() {
    // Debug builds check arithmetic overflow: these must not trip it.
    for src in [
        "fadd.f32.vl v1, v2, 0x1.8p-2147483648",
        "fadd.f32.vl v1, v2, 0x1p2147483647",
        "tex.fetch v0, v1, u[8:15], toff:(-0x8000000000000000,0,0)",
        "movi v1, 0xffffffffffffffffff",
        "movi v1, -(-9223372036854775807 - 1)",
        ".dword 18446744073709551615",
        ".word 99999999999999999999999",
        "jmp ((((((((((1))))))))))",
        "add.vi v1, v2, ~0",
    ] {
        let _ = assemble(src, &Default::default());
    }
    // Far below the smallest subnormal: an underflow error, not a silent zero.
    assert!(errors("fadd.f32.vl v1, v2, 0x1p-2147483648")[0].contains("underflows"));
    assert!(errors("fadd.f32.vl v1, v2, 0x1p2147483647")[0].contains("overflows"));
}
