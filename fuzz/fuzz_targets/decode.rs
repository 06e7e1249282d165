//! Decoding any bytes never panics, and whatever decodes re-encodes to the same bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok((inst, len)) = warpkit_encoding::decode(data) {
        assert_eq!(&warpkit_encoding::encode(&inst)[..], &data[..len]);
    }
});
