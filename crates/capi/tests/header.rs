//! include/warpkit.h is what cbindgen generates from src/lib.rs today.
//! `WARPKIT_BLESS=1 cargo test -p warpkit-capi --test header` rewrites it.

use std::path::Path;

#[test]
fn header_is_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut text = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen parses src/lib.rs")
        .write(&mut text);
    let text = String::from_utf8(text).unwrap();
    let path = dir.join("include/warpkit.h");
    if std::env::var_os("WARPKIT_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == text,
        "crates/capi/include/warpkit.h is out of date: run \
         `WARPKIT_BLESS=1 cargo test -p warpkit-capi --test header` and commit it"
    );
}
