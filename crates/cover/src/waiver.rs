//! Waivers: bins a verification lead takes out of the total by hand, each with a reason
//! (and an owner if given), as sign-off flows do with exclusion files.
//!
//! A waiver file has one waiver a line: a bin name or a glob (`*` any run of characters,
//! `?` one character), an optional `@owner`, and the reason after `#`:
//!
//! ```text
//! fault/fetch_fault/*        @lead  # faults are covered by crates/cover/tests/bins.rs
//! value/jalr/rs1/minus_one          # a jump to an odd address only faults
//! ```
//!
//! Blank lines and lines starting with `#` are comments.

/// One waiver line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiver {
    pub pattern: String,
    pub owner: Option<String>,
    pub reason: String,
    /// 1-based line in its file.
    pub line: usize,
}

/// Parse a waiver file; `name` is for messages.
pub fn parse(text: &str, name: &str) -> Result<Vec<Waiver>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |msg: &str| format!("{name}:{}: {msg}", i + 1);
        let Some((head, reason)) = line.split_once('#') else {
            return Err(at("a waiver needs its reason after `#`"));
        };
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(at("a waiver needs its reason after `#`"));
        }
        let mut words = head.split_whitespace();
        let pattern = words.next().ok_or_else(|| at("no bin name before `#`"))?;
        let mut owner = None;
        for w in words {
            match w.strip_prefix('@') {
                Some(o) if !o.is_empty() && owner.is_none() => owner = Some(o.to_string()),
                _ => {
                    return Err(at(&format!(
                        "unexpected `{w}` (a line is: BIN-OR-GLOB [@owner] # reason)"
                    )))
                }
            }
        }
        out.push(Waiver {
            pattern: pattern.to_string(),
            owner,
            reason: reason.to_string(),
            line: i + 1,
        });
    }
    Ok(out)
}

/// Whether `name` matches the glob `pat` (`*` any run of characters, `?` one).
pub fn glob(pat: &str, name: &str) -> bool {
    let (p, n) = (pat.as_bytes(), name.as_bytes());
    let (mut i, mut j) = (0, 0);
    // The last `*` seen and the name position it was tried at: backtrack there.
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        if i < p.len() && (p[i] == b'?' || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == b'*' {
            star = Some((i, j));
            i += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == b'*')
}
