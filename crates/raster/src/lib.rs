//! Tests only (a dev-dependency): rasterise an SVG document at its own size with resvg, a
//! pure-Rust renderer, and read back the colour of a pixel, so a test can check what a
//! picture shows rather than the text that draws it. Failures panic: they are test failures.

pub use resvg::tiny_skia::Pixmap;

/// The document rendered at its own size (panics if it does not parse).
pub fn rasterise(svg: &str) -> Pixmap {
    let tree =
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a non-empty picture");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// The colour (red, green, blue) at pixel (`x`, `y`) (panics outside the picture).
pub fn colour_at(p: &Pixmap, x: u32, y: u32) -> (u8, u8, u8) {
    let c = p.pixel(x, y).expect("a pixel inside the picture");
    (c.red(), c.green(), c.blue())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_red_square_on_white() {
        let p = super::rasterise(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="8"><rect width="10" height="8" fill="#ffffff"/><rect x="2" y="2" width="4" height="4" fill="#ff0000"/></svg>"##,
        );
        assert_eq!((p.width(), p.height()), (10, 8));
        assert_eq!(super::colour_at(&p, 3, 3), (255, 0, 0));
        assert_eq!(super::colour_at(&p, 8, 1), (255, 255, 255));
    }
}
