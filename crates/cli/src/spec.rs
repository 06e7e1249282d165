//! `warpkit spec`: one variant in full (with the rest of its family), a family, prefix,
//! opcode (`spec 0x14`), format, unit or flag as a list, or an error with suggestions (exit 1,
//! with or without `--json`).

use clap::Args;
use warpkit_isa::search::{self, find, Found};
use warpkit_isa::{InsnDesc, InsnId, INSNS};

#[derive(Args)]
pub struct SpecArgs {
    /// Mnemonic (fadd.f32.m), family (fadd), prefix or opcode (0x14); none lists every
    /// variant (or every one the filters keep).
    #[arg(value_name = "NAME")]
    pub mnemonic: Option<String>,
    /// JSON: one object for a mnemonic, an array for a list (with bit layout, MATCH and MASK).
    #[arg(long)]
    pub json: bool,
    /// Only variants of this format (R, X, ...; exactly, not a prefix).
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
    /// Only variants of this execution unit (valu-fp) or group (valu-int-arith).
    #[arg(long, value_name = "UNIT")]
    pub unit: Option<String>,
    /// Only variants carrying this manual flag (rmo, fm, br, ...).
    #[arg(long, value_name = "FLAG")]
    pub flag: Option<String>,
}

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
    let arr: Vec<serde_json::Value> = descs
        .iter()
        .map(|d| warpkit_isa::export::spec_json(d))
        .collect();
    serde_json::to_string_pretty(&arr).unwrap_or_default() + "\n"
}

fn list(descs: &[&InsnDesc], what: &str, json: bool) -> String {
    if json {
        return json_array(descs);
    }
    format!(
        "{} variant{} {what} (`warpkit spec MNEMONIC` shows one in full):\n{}",
        descs.len(),
        if descs.len() == 1 { "" } else { "s" },
        table(descs)
    )
}

/// `0x14` / `0X14`: an opcode query.
fn opcode(name: &str) -> Option<Result<u8, String>> {
    let h = name
        .trim()
        .strip_prefix("0x")
        .or_else(|| name.trim().strip_prefix("0X"))?;
    Some(
        u8::from_str_radix(h, 16)
            .ok()
            .filter(|&v| v < 0x80)
            .ok_or_else(|| format!("`{name}` is no opcode (0x00..0x7f)")),
    )
}

/// The filters as one list of ids (`None` when no filter is given) and their description.
fn filtered(a: &SpecArgs) -> Result<Option<(Vec<InsnId>, String)>, String> {
    let mut keep: Option<Vec<InsnId>> = None;
    let mut what = Vec::new();
    let mut and = |ids: Vec<InsnId>| {
        keep = Some(match keep.take() {
            None => ids,
            Some(k) => k.into_iter().filter(|x| ids.contains(x)).collect(),
        })
    };
    if let Some(f) = &a.format {
        and(search::by_format(f)?);
        what.push(format!("of format {f}"));
    }
    if let Some(u) = &a.unit {
        and(search::by_unit(u)?);
        what.push(format!("of unit {u}"));
    }
    if let Some(fl) = &a.flag {
        and(search::by_flag(fl)?);
        what.push(format!("with flag {fl}"));
    }
    Ok(keep.map(|k| (k, what.join(", "))))
}

/// The text `spec` prints, or the error.
pub fn answer(a: &SpecArgs) -> Result<String, String> {
    let json = a.json;
    let filter = filtered(a)?;
    let Some(name) = a.mnemonic.as_deref() else {
        return Ok(match filter {
            Some((ids, what)) => {
                let descs: Vec<&InsnDesc> = ids.iter().map(|id| id.desc()).collect();
                list(&descs, &format!("are {what}"), json)
            }
            None => {
                let all: Vec<&InsnDesc> = INSNS.iter().collect();
                if json {
                    json_array(&all)
                } else {
                    table(&all)
                }
            }
        });
    };
    let keep = |ids: Vec<InsnId>| -> Vec<InsnId> {
        match &filter {
            Some((k, _)) => ids.into_iter().filter(|x| k.contains(x)).collect(),
            None => ids,
        }
    };
    let also = filter
        .as_ref()
        .map_or(String::new(), |(_, w)| format!(", {w}"));
    if let Some(op) = opcode(name) {
        let op = op?;
        let ids = keep(search::by_opcode(op));
        let descs: Vec<&InsnDesc> = ids.iter().map(|id| id.desc()).collect();
        if descs.is_empty() && !json {
            return Ok(format!("no variant has opcode 0x{op:02x}{also}\n"));
        }
        return Ok(list(&descs, &format!("have opcode 0x{op:02x}{also}"), json));
    }
    match find(name) {
        Found::Exact(id) if filter.is_none() => Ok(if json {
            serde_json::to_string_pretty(&warpkit_isa::export::spec_json(id.desc()))
                .unwrap_or_default()
                + "\n"
        } else {
            search::describe_with_family(id)
        }),
        Found::Exact(id) => {
            let ids = keep(vec![id]);
            let descs: Vec<&InsnDesc> = ids.iter().map(|id| id.desc()).collect();
            Ok(list(&descs, &format!("match `{name}`{also}"), json))
        }
        Found::Many(ids) => {
            let ids = keep(ids);
            let descs: Vec<&InsnDesc> = ids.iter().map(|id| id.desc()).collect();
            Ok(list(&descs, &format!("match `{name}`{also}"), json))
        }
        Found::Nothing(s) => Err(warpkit_isa::export::unknown_instruction(name, &s)),
    }
}
