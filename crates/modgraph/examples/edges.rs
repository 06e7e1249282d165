//! Print a crate's module graph: `cargo run -p warpkit-modgraph --example edges -- crates/asm/src`.

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: edges CRATE/src");
        std::process::exit(2);
    };
    match warpkit_modgraph::read_crate(std::path::Path::new(&dir)) {
        Ok(g) => {
            for (m, uses) in &g.edges {
                let list: Vec<&str> = uses.keys().map(String::as_str).collect();
                println!("{m}: {}", list.join(" "));
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
