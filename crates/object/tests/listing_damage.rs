//! The disassembly of damaged code objects: whatever the reader accepts lists without a
//! panic, every item once, in order, and the source directory lookup never panics either.

use warpkit_asm::listing::{disassemble_listing, Listing};
use warpkit_asm::{assemble, AsmOptions, DisasmOptions};
use warpkit_object::{dwarf, read, CodeObject};

const SRC: &str = "\
    .globl helper
    .kernel k
    mov.vu v3, u0
    jal u62, helper
    mov.vl v1, table+8
    bz u1, done
    .byte 1
    .align 4
    jmp _end
done:
    .end_kernel
    .type tab, @object
tab:
    .word 0x12345678, helper
    .size tab, . - tab
    .dword table-2
";

/// The offsets of the `; OFFSET:` comments of a listing.
fn offsets(text: &str) -> Vec<u32> {
    text.lines()
        .filter(|l| l.starts_with("    ") && !l.trim_start().starts_with(';'))
        .filter(|l| !l.contains("R_WARPKIT"))
        .filter_map(|l| {
            let c = l.rfind("; ")?;
            let hex = l[c + 2..].split(':').next()?;
            u32::from_str_radix(hex, 16).ok()
        })
        .collect()
}

fn listing(o: &CodeObject) -> String {
    let items: Vec<u32> = o.lines.rows().iter().map(|r| r.offset).collect();
    disassemble_listing(
        &Listing {
            code: &o.code,
            symbols: &o.symbols,
            relocs: &o.relocs,
            items: &items,
            reloc_name: Some(warpkit_object::abi::reloc_name),
        },
        DisasmOptions::default(),
        None,
    )
}

#[test]
fn damaged_objects_list_every_item_once_in_order() {
    let u = assemble(SRC, &AsmOptions::object("t.s")).unwrap();
    let good = CodeObject::from_unit(u).to_elf().unwrap();
    let o = read("t.o", &good).unwrap();
    let text = listing(&o);
    assert!(
        text.contains("jmp _end") && text.contains(".word helper"),
        "{text}"
    );
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut listed = 0;
    for _ in 0..3000 {
        let mut b = good.clone();
        for _ in 0..1 + next() % 4 {
            let at = (next() % b.len() as u64) as usize;
            b[at] = next() as u8;
        }
        let _ = dwarf::source_paths(&b);
        let Ok(o) = read("damaged.o", &b) else {
            continue;
        };
        let offs = offsets(&listing(&o));
        assert!(offs.windows(2).all(|w| w[0] < w[1]), "{offs:?}");
        assert!(offs.iter().all(|&x| (x as usize) < o.code.len().max(1)));
        listed += 1;
    }
    assert!(listed > 100, "only {listed} damaged files read back");
}
