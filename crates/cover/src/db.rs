//! The coverage database: hit counts by bin name, the number of programs and instructions
//! behind them. JSON, one bin per line, sorted, only bins that were hit: small whatever
//! the number of programs, and merged by adding counts (associative and commutative).

use crate::counts::Counts;
use crate::model::Model;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The `format` key of a database file.
pub const FORMAT: &str = "warpkit-cover";
/// The version of the file layout (bins are matched by name across versions).
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Db {
    pub format: String,
    pub version: u32,
    pub programs: u64,
    pub instructions: u64,
    /// Bins hit at least once, by name.
    pub bins: BTreeMap<String, u64>,
}

impl Db {
    /// An empty database.
    pub fn new() -> Db {
        Db {
            format: FORMAT.into(),
            version: VERSION,
            ..Db::default()
        }
    }

    pub fn from_counts(c: &Counts) -> Db {
        let m = Model::get();
        let mut db = Db::new();
        db.programs = c.programs;
        db.instructions = c.instructions;
        for (b, &n) in m.bins.iter().zip(&c.bins) {
            if n > 0 {
                db.bins.insert(b.name.clone(), n);
            }
        }
        db
    }

    /// Add another database's counts to this one.
    pub fn merge(&mut self, o: &Db) {
        self.programs = self.programs.saturating_add(o.programs);
        self.instructions = self.instructions.saturating_add(o.instructions);
        for (k, &v) in &o.bins {
            let e = self.bins.entry(k.clone()).or_insert(0);
            *e = e.saturating_add(v);
        }
    }

    /// Parse a database file; `name` is for messages.
    pub fn parse(text: &str, name: &str) -> Result<Db, String> {
        let db: Db = serde_json::from_str(text)
            .map_err(|e| format!("{name}: not a coverage database: {e}"))?;
        if db.format != FORMAT {
            return Err(format!(
                "{name}: format is `{}`, expected `{FORMAT}`",
                db.format
            ));
        }
        if db.version != VERSION {
            return Err(format!(
                "{name}: version {} is not supported (this build reads version {VERSION})",
                db.version
            ));
        }
        if let Some((k, _)) = db.bins.iter().find(|(_, &v)| v == 0) {
            return Err(format!(
                "{name}: bin `{k}` has count 0 (only hit bins are stored)"
            ));
        }
        Ok(db)
    }

    /// The JSON text (one bin per line, sorted by name).
    pub fn to_json(&self) -> String {
        let mut s = format!(
            "{{\"format\": \"{}\", \"version\": {}, \"programs\": {}, \"instructions\": {},\n \"bins\": {{",
            self.format, self.version, self.programs, self.instructions
        );
        for (i, (k, v)) in self.bins.iter().enumerate() {
            s.push_str(if i == 0 { "\n  " } else { ",\n  " });
            // Bin names come from mnemonics and fixed words, but quote them properly anyway.
            s.push_str(&serde_json::Value::String(k.clone()).to_string());
            s.push_str(": ");
            s.push_str(&v.to_string());
        }
        s.push_str("\n}}\n");
        s
    }

    /// Hit count of a bin (0 when absent).
    pub fn count(&self, name: &str) -> u64 {
        self.bins.get(name).copied().unwrap_or(0)
    }

    /// Dense counts in model order (bins of other model versions are left out).
    pub fn dense(&self) -> Vec<u64> {
        let m = Model::get();
        let mut v = vec![0u64; m.len()];
        for (k, &n) in &self.bins {
            if let Some(i) = m.index(k) {
                v[i] = n;
            }
        }
        v
    }

    /// Names of stored bins this build's model does not have (another version's).
    pub fn foreign(&self) -> Vec<&str> {
        let m = Model::get();
        self.bins
            .keys()
            .filter(|k| m.index(k).is_none())
            .map(String::as_str)
            .collect()
    }
}
