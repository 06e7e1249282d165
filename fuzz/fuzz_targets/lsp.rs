//! The language server over a multi-file project: random edits and requests never make it
//! panic or hang, every request gets one answer, and every position it sends is inside the
//! text it had (the checks of `warpkit_lsp::stress`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = warpkit_lsp::stress::session(data) {
        panic!("{e}");
    }
});
