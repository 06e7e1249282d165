//! Finding variants by name, for people: case-insensitive, by family or prefix, and
//! "did you mean" that compares mnemonics component by component (`ffma` is closer to
//! `ffma.f32` than to `bfm`).

use crate::{edit_distance, lookup, InsnId, BY_MNEMONIC};

/// What a name refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Exactly one variant (the name, ignoring case).
    Exact(InsnId),
    /// Several variants, sorted by mnemonic: a family (`fadd` -> `fadd.f32`, `fadd.f16`,
    /// ...), a prefix (`savee` -> `saveexec.*`) or a run of components (`f32.vl`).
    Many(Vec<InsnId>),
    /// Nothing; the closest mnemonics, best first (possibly none).
    Nothing(Vec<&'static str>),
}

/// Look a name up the way `warpkit spec` does.
pub fn find(name: &str) -> Found {
    let q = name.trim().to_ascii_lowercase();
    if q.is_empty() {
        return Found::Nothing(Vec::new());
    }
    if let Some(id) = lookup(&q) {
        return Found::Exact(id);
    }
    let fam = family(&q);
    if !fam.is_empty() {
        return Found::Many(fam);
    }
    let prefix: Vec<InsnId> = BY_MNEMONIC
        .iter()
        .filter(|(m, _)| m.starts_with(q.as_str()))
        .map(|(_, id)| InsnId(*id))
        .collect();
    if !prefix.is_empty() {
        return Found::Many(prefix);
    }
    let q_comps: Vec<&str> = q.split('.').collect();
    let inside: Vec<InsnId> = BY_MNEMONIC
        .iter()
        .filter(|(m, _)| {
            let comps: Vec<&str> = m.split('.').collect();
            comps
                .windows(q_comps.len())
                .any(|w| w == q_comps.as_slice())
        })
        .map(|(_, id)| InsnId(*id))
        .collect();
    if !inside.is_empty() {
        return Found::Many(inside);
    }
    Found::Nothing(suggestions(&q))
}

/// The variants whose mnemonic starts with the components of `name` (`fadd` -> every
/// `fadd.*`, not `faddx`), sorted by mnemonic; case is ignored.
pub fn family(name: &str) -> Vec<InsnId> {
    let q = name.trim().to_ascii_lowercase();
    let q = q.trim_end_matches('.');
    if q.is_empty() {
        return Vec::new();
    }
    BY_MNEMONIC
        .iter()
        .filter(|(m, _)| {
            m.strip_prefix(q)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
        })
        .map(|(_, id)| InsnId(*id))
        .collect()
}

/// The mnemonics closest to `name`, compared component by component: the sum of the edit
/// distances of the components `name` has (a missing one costs its length), then as few
/// extra components as possible. Only plausible typos are returned; case is ignored.
pub fn suggestions(name: &str) -> Vec<&'static str> {
    let q = name.trim().to_ascii_lowercase();
    let qc: Vec<&str> = q.split('.').collect();
    // About one edit in four characters, at least one.
    let limit = (q.len() / 4).max(1);
    let mut best: Vec<(usize, usize, &'static str)> = Vec::new();
    for (m, _) in BY_MNEMONIC.iter() {
        let mc: Vec<&str> = m.split('.').collect();
        let mut cost = 0;
        for (i, c) in qc.iter().enumerate() {
            cost += match mc.get(i) {
                Some(x) if x.len().abs_diff(c.len()) > limit => limit + 1,
                Some(x) => edit_distance(c, x),
                None => c.len(),
            };
            if cost > limit {
                break;
            }
        }
        if cost <= limit {
            best.push((cost, mc.len().saturating_sub(qc.len()), m));
        }
    }
    let Some(&(c0, e0, _)) = best.iter().min() else {
        return Vec::new();
    };
    best.retain(|&(c, e, _)| (c, e) == (c0, e0));
    best.into_iter().map(|(_, _, m)| m).collect()
}

/// Candidates for a "did you mean" after an unknown mnemonic: its family when small enough
/// to list, else [`suggestions`].
pub fn did_you_mean(name: &str) -> Vec<&'static str> {
    let fam = family(name);
    if !fam.is_empty() && fam.len() <= 8 {
        return fam.iter().map(|id| id.desc().mnemonic).collect();
    }
    suggestions(name)
}

/// "`a`", "`a` or `b`", "`a`, `b` or `c`" (at most `max` names, then "...").
pub fn or_list(names: &[&str], max: usize) -> String {
    let shown: Vec<String> = names.iter().take(max).map(|n| format!("`{n}`")).collect();
    let mut s = match shown.len() {
        0 => String::new(),
        1 => shown[0].clone(),
        n => format!("{} or {}", shown[..n - 1].join(", "), shown[n - 1]),
    };
    if names.len() > max {
        s.push_str(&format!(" ({} more)", names.len() - max));
    }
    s
}

/// The variants of one opcode, by function-code value (`spec 0x14`).
pub fn by_opcode(opcode: u8) -> Vec<InsnId> {
    let mut v: Vec<&crate::InsnDesc> = crate::INSNS.iter().filter(|d| d.opcode == opcode).collect();
    v.sort_by_key(|d| d.funct.map_or(0, |f| f.value));
    v.iter().map(|d| d.id).collect()
}

fn sorted(f: impl Fn(&crate::InsnDesc) -> bool) -> Vec<InsnId> {
    BY_MNEMONIC
        .iter()
        .map(|(_, id)| InsnId(*id))
        .filter(|id| f(id.desc()))
        .collect()
}

/// The variants of a format (`spec --format R`; the name ignoring case, exactly: `R` is not
/// `R1`), sorted by mnemonic; an unknown format is an error listing the formats.
pub fn by_format(name: &str) -> Result<Vec<InsnId>, String> {
    let Some(f) = crate::FORMATS
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(name.trim()))
    else {
        let all: Vec<&str> = crate::FORMATS.iter().map(|f| f.name).collect();
        return Err(format!(
            "unknown format `{name}` (formats: {})",
            all.join(" ")
        ));
    };
    Ok(sorted(|d| d.format == f.format))
}

/// The variants of an execution unit or a group (`spec --unit valu-fp`, or a group id such
/// as `valu-int-arith`), sorted by mnemonic.
pub fn by_unit(name: &str) -> Result<Vec<InsnId>, String> {
    let q = name.trim().to_ascii_lowercase();
    let v = sorted(|d| d.group_desc().unit == q || d.group_desc().id == q);
    if v.is_empty() {
        let mut all: Vec<&str> = crate::GROUPS.iter().map(|g| g.unit).collect();
        all.sort_unstable();
        all.dedup();
        return Err(format!(
            "no unit or group `{name}` (units: {}; groups: {})",
            all.join(" "),
            crate::GROUPS
                .iter()
                .map(|g| g.id)
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    Ok(v)
}

/// The variants that carry a manual flag (`spec --flag rmo`), sorted by mnemonic.
pub fn by_flag(name: &str) -> Result<Vec<InsnId>, String> {
    let q = name.trim().to_ascii_lowercase();
    let Some(bit) = crate::Flags::ALL.iter().position(|(n, _)| *n == q) else {
        let all: Vec<&str> = crate::Flags::ALL.iter().map(|(n, _)| *n).collect();
        return Err(format!("unknown flag `{name}` (flags: {})", all.join(" ")));
    };
    Ok(sorted(|d| d.flags.0 >> bit & 1 == 1))
}

/// The other variants of a variant's family: those sharing its first mnemonic component
/// (`add` -> `add.vi`, `add.vl`, `add.vu`), sorted by mnemonic.
pub fn siblings(id: InsnId) -> Vec<InsnId> {
    let root = id.desc().mnemonic.split('.').next().unwrap_or_default();
    family(root).into_iter().filter(|x| *x != id).collect()
}

/// What `warpkit spec NAME` prints for one variant: [`crate::docs::describe`] and the
/// other variants of its family (the playground's hover shows the same text).
pub fn describe_with_family(id: InsnId) -> String {
    let mut s = crate::docs::describe(id.desc());
    let sib: Vec<&str> = siblings(id).iter().map(|x| x.desc().mnemonic).collect();
    if !sib.is_empty() {
        s.push_str(&format!("  family:    {}\n", sib.join(" ")));
    }
    s
}
