//! `wk_sim_new` takes ELF code objects and linked programs like `warpkit run` does.

use std::ffi::{c_char, CStr};
use std::ptr::null_mut;
use warpkit::*;

mod common;
use common::*;
use warpkit_asm::{assemble, AsmOptions};
use warpkit_object::{link, CodeObject, LinkInput};

fn state_of(s: *mut wk_sim) -> String {
    unsafe {
        assert_eq!(wk_sim_run(s, 1000), WK_OK);
        let n = wk_sim_state_json(s, null_mut(), 0);
        let mut buf = vec![0 as c_char; n + 1];
        wk_sim_state_json(s, buf.as_mut_ptr(), buf.len());
        wk_sim_free(s);
        CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned()
    }
}

fn object(src: &str) -> CodeObject {
    CodeObject::from_unit(assemble(src, &AsmOptions::object("k.s")).unwrap())
}

#[test]
fn elf_programs_start_at_their_kernel_and_check_registers() {
    let src = "  .word 0\n.kernel k\n  mov.vu v5, u0\n  add v6, v5, v5\n  jmp _end\n.end_kernel\n";
    let elf = link(
        &[LinkInput {
            name: "k.o".into(),
            object: object(src),
        }],
        None,
    )
    .unwrap()
    .to_elf()
    .unwrap();
    let state = r#"{"warps": [{"u": {"u0": 21}}]}"#;
    let got = state_of(new_sim(&elf, Some(state)).unwrap());
    // The same as the raw code started at the kernel (offset 4).
    let raw = warpkit_asm::assemble(
        "  .word 0\n  mov.vu v5, u0\n  add v6, v5, v5\n  jmp 4\n",
        &Default::default(),
    )
    .unwrap()
    .code;
    let want = state_of(new_sim(&raw, Some(r#"{"warps": [{"pc": 4, "u": {"u0": 21}}]}"#)).unwrap());
    assert!(got == want, "the ELF run differs from the raw run");
    assert!(got.contains("\"0x0000002a\""), "{got}");
    let e = new_sim(&elf, Some(r#"{"warps": [{"vgprs": 6}]}"#)).unwrap_err();
    assert!(
        e.contains("warp 0 has vgprs 6 but kernel `k` uses registers up to v6"),
        "{e}"
    );
    let e = new_sim(&elf[..40], Some("{}")).unwrap_err();
    assert!(e.contains("truncated"), "{e}");
}

#[test]
fn wk_sim_new_kernel_picks_the_kernel_of_a_file_with_several() {
    // Two kernels writing different values; `first` needs v0..v1, `second` v0..v7.
    let src = ".kernel first\n  mov.vl v1, 11\n  jmp done\n.end_kernel\n\
               .kernel second\n  mov.vl v7, 22\n.end_kernel\ndone:\n";
    let elf = object(src).to_elf().unwrap();
    let e = new_sim(&elf, Some("{}")).unwrap_err();
    assert!(
        e.contains("several kernels (first, second): choose one with kernel NAME"),
        "{e}"
    );
    let first = state_of(new_sim_kernel(&elf, Some("{}"), Some("first")).unwrap());
    let second = state_of(new_sim_kernel(&elf, Some("{}"), Some("second")).unwrap());
    // Only the chosen kernel ran: v1 = 11 (first) or v7 = 22 (second), the other zero.
    let lanes = |state: &str, reg: &str| {
        let at = state.find(&format!("\"{reg}\":")).expect(reg);
        let end = at + state[at..].find(']').expect("lanes end");
        state[at..end].to_string()
    };
    assert!(lanes(&first, "v1").contains("0x0000000b"), "{first}");
    assert!(!lanes(&first, "v7").contains("0x00000016"), "{first}");
    assert!(lanes(&second, "v7").contains("0x00000016"), "{second}");
    assert!(!lanes(&second, "v1").contains("0x0000000b"), "{second}");
    // A null kernel is wk_sim_new.
    let e = new_sim_kernel(&elf, Some("{}"), None).unwrap_err();
    assert!(e.contains("several kernels"), "{e}");
    let e = new_sim_kernel(&elf, Some("{}"), Some("third")).unwrap_err();
    assert!(
        e.contains("kernel third: program has no kernel `third` (it has first, second)"),
        "{e}"
    );
    let e = new_sim_kernel(&elf, Some(r#"{"warps": [{"vgprs": 4}]}"#), Some("second")).unwrap_err();
    assert!(
        e.contains("warp 0 has vgprs 4 but kernel `second` uses registers up to v7"),
        "{e}"
    );
    // The same warps suit `first`.
    assert!(new_sim_kernel(&elf, Some(r#"{"warps": [{"vgprs": 4}]}"#), Some("first")).is_ok());
    let raw = warpkit_asm::assemble("  mov v1, v0\n", &Default::default())
        .unwrap()
        .code;
    let e = new_sim_kernel(&raw, Some("{}"), Some("first")).unwrap_err();
    assert!(e.contains("raw machine code, which has no kernels"), "{e}");
    // A name that is not UTF-8.
    let bad = [0xffu8, 0];
    let mut err = [0 as c_char; 256];
    let s = unsafe {
        wk_sim_new_kernel(
            elf.as_ptr(),
            elf.len(),
            std::ptr::null(),
            bad.as_ptr() as *const c_char,
            err.as_mut_ptr(),
            err.len(),
        )
    };
    assert!(s.is_null());
    let e = unsafe { CStr::from_ptr(err.as_ptr()) }.to_string_lossy();
    assert!(e.contains("kernel name is not valid UTF-8"), "{e}");
}
