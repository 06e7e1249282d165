//! The assembly files of the workspace folders, for workspace symbols in files that were
//! never opened: found by walking the folders (bounded in files, bytes, directory entries
//! and depth; a directory reached twice, as through a symlink loop, is walked once), each
//! file assembled alone (no includes, no cpp: its own labels, `.equ` names and macros) and
//! its symbols kept. A file is read again only when its size or modification time changed.

use crate::analysis::Analysis;
use crate::navigate::{symbols_of, DocSymbol};
use crate::text::Document;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// Files indexed at most (the first ones in path order).
pub const MAX_FILES: usize = 2_000;
/// A larger file is left out (generated code, not something people search by name).
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// Bytes indexed at most over all files.
pub const MAX_TOTAL_BYTES: u64 = 64 << 20;
/// Directory entries looked at per scan (a folder such as a home directory stays cheap).
pub const MAX_ENTRIES: usize = 50_000;
/// Directory levels below a folder.
pub const MAX_DEPTH: usize = 24;
/// Without change notifications, the folders are walked again when the last walk is older
/// than this (each file is only looked at, not read, unless it changed).
pub const RESCAN_AFTER: Duration = Duration::from_secs(2);

/// Whether a path names an assembly file: `.s`, `.S`, `.asm` (what `warpkit` assembles)
/// and `.inc` (what they include).
pub fn is_assembly(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e, "s" | "S" | "asm" | "inc"))
}

/// One indexed file.
pub struct IndexedFile {
    pub doc: Document,
    pub symbols: Vec<DocSymbol>,
    /// Size and modification time when it was read.
    stamp: (u64, Option<SystemTime>),
}

/// The workspace folders and their indexed assembly files.
#[derive(Default)]
pub struct Workspace {
    roots: Vec<PathBuf>,
    files: BTreeMap<PathBuf, IndexedFile>,
    scanned: Option<Instant>,
}

fn stamp(m: &std::fs::Metadata) -> (u64, Option<SystemTime>) {
    (m.len(), m.modified().ok())
}

fn index(text: String, stamp: (u64, Option<SystemTime>)) -> IndexedFile {
    let an = Analysis::of(&text);
    let doc = Document::new(text);
    let symbols = symbols_of(&doc, &an, None);
    IndexedFile {
        doc,
        symbols,
        stamp,
    }
}

impl Workspace {
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// Replace the folders (the next [`Workspace::refresh`] walks them).
    pub fn set_roots(&mut self, roots: Vec<PathBuf>) {
        self.roots = roots;
        self.scanned = None;
    }

    /// Folders added and removed (`workspace/didChangeWorkspaceFolders`).
    pub fn change_roots(&mut self, added: Vec<PathBuf>, removed: &[PathBuf]) {
        self.roots.retain(|r| !removed.contains(r));
        for a in added {
            if !self.roots.contains(&a) {
                self.roots.push(a);
            }
        }
        self.scanned = None;
    }

    /// The indexed files, in path order.
    pub fn files(&self) -> impl Iterator<Item = (&Path, &IndexedFile)> {
        self.files.iter().map(|(p, f)| (p.as_path(), f))
    }

    fn in_roots(&self, p: &Path) -> bool {
        self.roots.iter().any(|r| p.starts_with(r))
    }

    /// A file was created, changed or deleted (`workspace/didChangeWatchedFiles`, a save):
    /// read it again now, or drop it.
    pub fn changed(&mut self, p: &Path) {
        if !is_assembly(p) || !self.in_roots(p) {
            return;
        }
        let meta = std::fs::metadata(p).ok().filter(|m| m.is_file());
        let Some(m) = meta.filter(|m| m.len() <= MAX_FILE_BYTES) else {
            self.files.remove(p);
            return;
        };
        let others: u64 = (self.files.iter())
            .filter(|(q, _)| q.as_path() != p)
            .map(|(_, f)| f.doc.text().len() as u64)
            .sum();
        if (!self.files.contains_key(p) && self.files.len() >= MAX_FILES)
            || others + m.len() > MAX_TOTAL_BYTES
        {
            self.files.remove(p);
            return;
        }
        match std::fs::read(p) {
            Ok(b) => {
                let text = warpkit_asm::source_text(&b).map(|t| t.into_owned());
                match text {
                    Ok(t) => {
                        self.files.insert(p.to_path_buf(), index(t, stamp(&m)));
                    }
                    Err(_) => {
                        self.files.remove(p);
                    }
                }
            }
            Err(_) => {
                self.files.remove(p);
            }
        }
    }

    /// Walk the folders again if they were never walked or the last walk is older than
    /// [`RESCAN_AFTER`]: new files are read, changed ones read again, gone ones dropped.
    pub fn refresh(&mut self) {
        if self.scanned.is_some_and(|t| t.elapsed() < RESCAN_AFTER) {
            return;
        }
        self.scanned = Some(Instant::now());
        let found = self.walk();
        let keep: HashSet<&PathBuf> = found.iter().map(|(p, _)| p).collect();
        self.files.retain(|p, _| keep.contains(p));
        let mut total = 0u64;
        for (p, m) in &found {
            total += m.len();
            if total > MAX_TOTAL_BYTES {
                self.files.remove(p);
                continue;
            }
            if self.files.get(p).is_some_and(|f| f.stamp == stamp(m)) {
                continue;
            }
            let Ok(b) = std::fs::read(p) else {
                self.files.remove(p);
                continue;
            };
            match warpkit_asm::source_text(&b) {
                Ok(t) => {
                    self.files
                        .insert(p.clone(), index(t.into_owned(), stamp(m)));
                }
                Err(_) => {
                    self.files.remove(p);
                }
            }
        }
    }

    /// The assembly files under the folders, in path order, at most [`MAX_FILES`], each
    /// at most [`MAX_FILE_BYTES`]; directories starting with `.` (`.git`) are skipped.
    fn walk(&self) -> Vec<(PathBuf, std::fs::Metadata)> {
        let mut seen_dirs: HashSet<PathBuf> = HashSet::new();
        let mut seen_files: HashSet<PathBuf> = HashSet::new();
        let mut out = Vec::new();
        let mut entries = 0usize;
        let mut stack: Vec<(PathBuf, usize)> =
            self.roots.iter().rev().map(|r| (r.clone(), 0)).collect();
        while let Some((dir, depth)) = stack.pop() {
            // The same directory twice (a symlink loop, a folder inside another): once.
            let Ok(canon) = dir.canonicalize() else {
                continue;
            };
            if !seen_dirs.insert(canon) {
                continue;
            }
            let Ok(rd) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut names: Vec<PathBuf> = Vec::new();
            for e in rd.flatten() {
                entries += 1;
                if entries > MAX_ENTRIES {
                    break;
                }
                names.push(e.path());
            }
            names.sort();
            let mut subdirs = Vec::new();
            for p in names {
                // Follows symlinks: a linked folder or file counts as what it links to.
                let Ok(m) = std::fs::metadata(&p) else {
                    continue;
                };
                if m.is_dir() {
                    let hidden = p
                        .file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with('.'));
                    if !hidden && depth < MAX_DEPTH {
                        subdirs.push(p);
                    }
                } else if m.is_file() && is_assembly(&p) && m.len() <= MAX_FILE_BYTES {
                    let canon = p.canonicalize().unwrap_or_else(|_| p.clone());
                    if seen_files.insert(canon) && out.len() < MAX_FILES {
                        out.push((p, m));
                    }
                }
            }
            stack.extend(subdirs.into_iter().rev().map(|d| (d, depth + 1)));
            if entries > MAX_ENTRIES {
                break;
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(w: &Workspace) -> Vec<(String, Vec<String>)> {
        w.files()
            .map(|(p, f)| {
                let rel = p.file_name().unwrap().to_string_lossy().into_owned();
                (rel, f.symbols.iter().map(|s| s.name.clone()).collect())
            })
            .collect()
    }

    #[test]
    fn folders_are_walked_with_bounds_and_loops_end() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("sub/deeper")).unwrap();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::write(root.join("a.s"), "start:\n  nop\n").unwrap();
        std::fs::write(
            root.join("sub/deeper/m.inc"),
            ".equ LANES, 32\n.macro twice\n.endm\n",
        )
        .unwrap();
        std::fs::write(root.join("sub/notes.txt"), "label:\n").unwrap();
        std::fs::write(root.join(".git/hidden.s"), "hidden:\n").unwrap();
        let mut big = String::from("big:\n");
        big.push_str(&"; filler\n".repeat((MAX_FILE_BYTES / 9 + 1) as usize));
        std::fs::write(root.join("big.s"), big).unwrap();
        // A loop: sub/deeper/up -> the root.
        std::os::unix::fs::symlink(&root, root.join("sub/deeper/up")).unwrap();
        let mut w = Workspace::default();
        w.set_roots(vec![root.clone()]);
        w.refresh();
        assert_eq!(
            names(&w),
            vec![
                ("a.s".to_string(), vec!["start".to_string()]),
                (
                    "m.inc".to_string(),
                    vec!["LANES".to_string(), "twice".to_string()]
                ),
            ]
        );
        // A change is read at once when announced; a deleted file goes.
        std::fs::write(root.join("a.s"), "; moved\n\nagain:\n").unwrap();
        w.changed(&root.join("a.s"));
        assert_eq!(names(&w)[0].1, vec!["again".to_string()]);
        std::fs::remove_file(root.join("a.s")).unwrap();
        w.changed(&root.join("a.s"));
        assert_eq!(names(&w).len(), 1);
        // Outside the folders, or not assembly: ignored.
        w.changed(Path::new("/etc/passwd"));
        assert_eq!(names(&w).len(), 1);
    }
}
