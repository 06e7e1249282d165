//! The assembler never panics on any text; it assembles or returns diagnostics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = warpkit_asm::assemble(s, &Default::default());
    }
});
