//! Reading any bytes as a code object never panics; whatever reads back writes an ELF file
//! that reads back to the same object.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(o) = warpkit_object::read("fuzz.o", data) {
        if let Ok(b) = o.to_elf() {
            let again = warpkit_object::read("again.o", &b).expect("a written file reads back");
            assert_eq!(again.code, o.code);
        }
    }
});
