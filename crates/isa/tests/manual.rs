//! The HTML reference manual: the committed page is what the database generates, every
//! variant has its anchor, and the bit-field diagrams render (rasterised with resvg) with
//! each field's bits in the colour of what it holds.

use warpkit_isa::{html, lookup, INSNS};
use warpkit_raster::{colour_at, rasterise, Pixmap};

#[test]
fn the_committed_manual_is_regenerated_identically() {
    let page = html::manual();
    assert_eq!(page, html::manual(), "generation is deterministic");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/manual/index.html");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == page,
        "docs/manual/index.html is out of date: run `cargo run -p warpkit -- docs --html docs/manual` and commit it"
    );
}

#[test]
fn every_variant_has_one_anchor_and_the_page_needs_no_network() {
    let page = html::manual();
    for d in INSNS.iter() {
        let id = format!("id=\"{}\"", d.mnemonic);
        assert_eq!(page.matches(&id).count(), 1, "{}", d.mnemonic);
    }
    assert!(page.contains("id=\"ffma.f32\""));
    // Nothing to fetch: no external scripts, styles or images; the only URLs are the SVG
    // namespace names, which browsers never load.
    assert!(!page.contains("https://") && !page.contains("src=") && !page.contains("<link"));
    assert_eq!(
        page.matches("http://").count(),
        page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
    );
    assert!(page.contains("prefers-color-scheme: dark"));
}

fn rgb(hex: &str) -> (u8, u8, u8) {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    ((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// The colour of bit `bit` of a variant's diagram (a point inside the box, clear of the label).
fn bit_colour(p: &Pixmap, size: u8, bit: u32) -> (u8, u8, u8) {
    let rows = size as u32 / 4;
    let row = bit / 32;
    let x = 1 + (31 - bit % 32) * html::BIT_W + html::BIT_W / 2;
    let y = (rows - 1 - row) * html::ROW_H + 14 + 4;
    colour_at(p, x, y)
}

#[test]
fn bit_field_diagrams_render_each_field_in_its_colour() {
    for name in ["add", "ffma.f32", "tex.sample", "jal", "mov.vl"] {
        let d = lookup(name).unwrap().desc();
        let pic = rasterise(&html::bitfield_svg(d));
        assert_eq!(pic.width(), 32 * html::BIT_W + 2);
        assert_eq!(pic.height(), d.size as u32 / 4 * html::ROW_H + 2);
        for fd in d.format_desc().fields {
            let want = if fd.name == "op" || d.funct.is_some_and(|f| f.name == fd.name) {
                html::FIXED_FILL
            } else if d.operands.iter().any(|o| o.slot.name() == fd.name) {
                html::OPERAND_FILL
            } else {
                html::RESERVED_FILL
            };
            for bit in [fd.lo as u32, fd.lo as u32 + fd.width as u32 - 1] {
                assert_eq!(
                    bit_colour(&pic, d.size, bit),
                    rgb(want),
                    "{name} {} bit {bit}",
                    fd.name
                );
            }
        }
    }
}
