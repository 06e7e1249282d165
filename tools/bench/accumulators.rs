//! The output of the native comparison programs (`muladd_native.rs`, `fp_native.rs`, which
//! include this file as a module): the accumulators v0..v7 as a JSON object of hex strings,
//! as `warpkit run` prints registers, for the scripts to compare.

/// Print `{"v0": ["0x........", ...], ..., "v7": [...]}` on one line.
pub fn print(v: &[[u32; 32]; 24]) {
    let regs: Vec<String> = (0..8)
        .map(|k| {
            let lanes: Vec<String> = v[k].iter().map(|x| format!("\"0x{x:08x}\"")).collect();
            format!("\"v{k}\": [{}]", lanes.join(", "))
        })
        .collect();
    println!("{{{}}}", regs.join(", "));
}
