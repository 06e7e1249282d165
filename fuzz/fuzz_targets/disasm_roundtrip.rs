//! The disassembly of any bytes assembles back to exactly those bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = warpkit_asm::disassemble(data, warpkit_asm::DisasmOptions::default());
    let back = warpkit_asm::assemble(&text, &Default::default()).expect("disassembly assembles");
    assert_eq!(back.code, data);
});
