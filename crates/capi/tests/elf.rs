//! `wk_sim_new` takes ELF code objects and linked programs like `warpkit run` does.

use std::ffi::{c_char, CStr, CString};
use std::ptr::null_mut;
use warpkit::*;
use warpkit_asm::{assemble_unit, NoIncludes, SourceFile};
use warpkit_object::{link, CodeObject, LinkInput};

fn new_sim(code: &[u8], state: &str) -> Result<*mut wk_sim, String> {
    let st = CString::new(state).unwrap();
    let mut err = [0 as c_char; 256];
    let s = unsafe {
        wk_sim_new(
            code.as_ptr(),
            code.len(),
            st.as_ptr(),
            err.as_mut_ptr(),
            err.len(),
        )
    };
    if s.is_null() {
        Err(unsafe { CStr::from_ptr(err.as_ptr()) }
            .to_string_lossy()
            .into_owned())
    } else {
        Ok(s)
    }
}

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
    let main = SourceFile {
        name: "k.s".into(),
        text: src.into(),
        from_cpp: false,
    };
    CodeObject::from_unit(assemble_unit(main, &mut NoIncludes, true).unwrap())
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
    let got = state_of(new_sim(&elf, state).unwrap());
    // The same as the raw code started at the kernel (offset 4).
    let raw = warpkit_asm::assemble("  .word 0\n  mov.vu v5, u0\n  add v6, v5, v5\n  jmp 4\n")
        .unwrap()
        .code;
    let want = state_of(new_sim(&raw, r#"{"warps": [{"pc": 4, "u": {"u0": 21}}]}"#).unwrap());
    assert!(got == want, "the ELF run differs from the raw run");
    assert!(got.contains("\"0x0000002a\""), "{got}");
    let e = new_sim(&elf, r#"{"warps": [{"vgprs": 6}]}"#).unwrap_err();
    assert!(
        e.contains("warp 0 has vgprs 6 but kernel `k` uses registers up to v6"),
        "{e}"
    );
    let e = new_sim(&elf[..40], "{}").unwrap_err();
    assert!(e.contains("truncated"), "{e}");
}
