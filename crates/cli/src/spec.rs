//! `warpkit spec`: one variant in full, a family or prefix as a list, or an error with
//! suggestions (exit 1, with or without `--json`).

use warpkit_isa::search::{find, or_list, Found};
use warpkit_isa::{docs, InsnDesc, INSNS};

fn table(descs: &[&InsnDesc]) -> String {
    let mut s = String::new();
    for d in descs {
        s.push_str(&format!(
            "{:<24} {:<4} {}\n",
            d.mnemonic,
            d.format_desc().name,
            d.semantics
        ));
    }
    s
}

fn json_array(descs: &[&InsnDesc]) -> String {
    let arr: Vec<serde_json::Value> = descs.iter().map(|d| crate::spec_entry(d)).collect();
    serde_json::to_string_pretty(&arr).unwrap_or_default() + "\n"
}

/// The text `spec` prints for `name` (all variants without one), or the error.
pub fn answer(name: Option<&str>, json: bool) -> Result<String, String> {
    let Some(name) = name else {
        let all: Vec<&InsnDesc> = INSNS.iter().collect();
        return Ok(if json { json_array(&all) } else { table(&all) });
    };
    match find(name) {
        Found::Exact(id) => Ok(if json {
            serde_json::to_string_pretty(&crate::spec_entry(id.desc())).unwrap_or_default() + "\n"
        } else {
            docs::describe(id.desc())
        }),
        Found::Many(ids) => {
            let descs: Vec<&InsnDesc> = ids.iter().map(|id| id.desc()).collect();
            Ok(if json {
                json_array(&descs)
            } else {
                format!(
                    "{} variant{} match `{name}` (`warpkit spec MNEMONIC` shows one in full):\n{}",
                    descs.len(),
                    if descs.len() == 1 { "" } else { "s" },
                    table(&descs)
                )
            })
        }
        Found::Nothing(s) if !s.is_empty() => Err(format!(
            "unknown instruction `{name}`; did you mean {}?",
            or_list(&s, 6)
        )),
        Found::Nothing(_) => Err(format!(
            "unknown instruction `{name}` (`warpkit spec` lists all {})",
            INSNS.len()
        )),
    }
}
