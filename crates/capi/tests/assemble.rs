//! wk_assemble: machine code and diagnostics from C, with the same checks as the rest of
//! the API (null arguments, short buffers, bad bytes) and never a crash.

use std::ffi::CStr;
use std::os::raw::c_char;
use warpkit::{wk_assemble, WK_ERR_ASM, WK_ERR_NULL, WK_OK};

/// (return code, code, code length reported, message).
fn asm(src: &[u8], cap: usize) -> (i32, Vec<u8>, usize, String) {
    let mut code = vec![0u8; cap];
    let mut len = usize::MAX;
    let mut msg = vec![0 as c_char; 4096];
    let rc = unsafe {
        wk_assemble(
            src.as_ptr(),
            src.len(),
            if cap == 0 {
                std::ptr::null_mut()
            } else {
                code.as_mut_ptr()
            },
            cap,
            &mut len,
            msg.as_mut_ptr(),
            msg.len(),
        )
    };
    let m = unsafe { CStr::from_ptr(msg.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    code.truncate(len.min(cap));
    (rc, code, len, m)
}

#[test]
fn assembles_what_the_assembler_assembles() {
    let src = "laneid v1\nadd v2, v1, v1 ; caf\u{e9}\n";
    let want = warpkit_asm::assemble(src, &Default::default())
        .unwrap()
        .code;
    let (rc, code, len, msg) = asm(src.as_bytes(), 64);
    assert_eq!((rc, len, msg.as_str()), (WK_OK, want.len(), ""));
    assert_eq!(code, want);
    // Length first with no buffer, then a buffer too short: the length is still whole.
    assert_eq!(asm(src.as_bytes(), 0).2, want.len());
    let (rc, code, len, _) = asm(src.as_bytes(), 4);
    assert_eq!((rc, len, code.as_slice()), (WK_OK, want.len(), &want[..4]));
    // A comment with a byte that is not UTF-8 is fine.
    assert_eq!(asm(b"laneid v1 ; \xff\n", 8).0, WK_OK);
}

#[test]
fn errors_come_back_as_diagnostics() {
    let (rc, _, len, msg) = asm(b"add v1, v2\nfadd.f23 v1, v2, v3\n", 64);
    assert_eq!((rc, len), (WK_ERR_ASM, 0));
    assert!(
        msg.contains("<source>:2:1") || msg.contains("<source>:1:"),
        "{msg}"
    );
    assert!(msg.contains("fadd.f32"), "{msg}");
    let (rc, _, _, msg) = asm(b"add v1, v\xff2, v3\n", 64);
    assert_eq!(rc, WK_ERR_ASM);
    assert!(msg.contains("<source>:1:10: byte 0xff"), "{msg}");
    // A 100,000-deep expression is a diagnostic, not a stack overflow in the caller.
    let deep = format!("movi v1, {}1\n", "(".repeat(100_000));
    let (rc, _, _, msg) = asm(deep.as_bytes(), 64);
    assert_eq!(rc, WK_ERR_ASM);
    assert!(msg.contains("nested more than 256 levels"), "{msg}");
    let mut len = 0usize;
    let rc = unsafe {
        wk_assemble(
            std::ptr::null(),
            5,
            std::ptr::null_mut(),
            0,
            &mut len,
            std::ptr::null_mut(),
            0,
        )
    };
    assert_eq!(rc, WK_ERR_NULL);
    let rc = unsafe {
        wk_assemble(
            b"x".as_ptr(),
            1,
            std::ptr::null_mut(),
            0,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            0,
        )
    };
    assert_eq!(rc, WK_ERR_NULL);
}
