//! The module graph of a crate, read from its sources: one node per source file
//! (`lib.rs`/`main.rs` is the root, `crate`), an edge from a module to every module whose
//! items it names (`use crate::a::X`, `crate::a::f()`, `super::X`, `self::a`, a child
//! module by its bare name). A name re-exported by a module (`pub use b::X` in the root,
//! `use` in any module) leads to the module that defines it, so `crate::X` is an edge to
//! the module of `X`, not to the root; a `pub use` re-export is itself a use only when the
//! file's own code uses the name it brings in. Unit-test modules (`#[cfg(test)] mod tests { .. }`)
//! are left out: nothing imports them, so they cannot be part of a circle.
//!
//! Used by this crate's test (`tests/workspace.rs`: no crate of the workspace has an import
//! circle) and by the crates whose documentation states a layering (`crates/sim`,
//! `crates/asm`: every module uses only the modules above it in a table).

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The name of the root module (`lib.rs` or `main.rs`).
pub const ROOT: &str = "crate";

/// A crate's modules and who uses whom.
#[derive(Debug, Default)]
pub struct Graph {
    /// Module name (`a`, `a::b`, [`ROOT`]) to its source file.
    pub files: BTreeMap<String, PathBuf>,
    /// Module to the modules it uses, each with one path that shows it (`crate::a::f`).
    pub edges: BTreeMap<String, BTreeMap<String, String>>,
}

/// One `use` or path reference of a module, before resolution.
struct Reference {
    /// Absolute module path of the first segment's meaning (`["a"]` for `crate::a::..`).
    segments: Vec<String>,
    /// The text as written, to show in messages.
    text: String,
}

/// What one file says: the paths it refers to and the names its `use` items bring in.
#[derive(Default)]
struct FileFacts {
    refs: Vec<Reference>,
    /// Name brought in by a `use` (last segment or `as` alias) to the absolute path;
    /// `None` for a name of another crate (`use std::fmt`, `use warpkit_isa::Slot`).
    imports: BTreeMap<String, Option<Vec<String>>>,
    /// References of `pub use` items, with the name each brings in: a re-export names an
    /// item for others, so it is a use only when the file's own code uses the name.
    reexports: Vec<(Option<String>, Reference)>,
    /// Every identifier outside `use` items.
    idents: BTreeSet<String>,
}

/// Read the crate whose sources are in `src` (the directory holding `lib.rs` or
/// `main.rs`).
pub fn read_crate(src: &Path) -> Result<Graph, String> {
    let mut files = BTreeMap::new();
    collect_files(src, src, &mut files)?;
    if !files.contains_key(ROOT) {
        return Err(format!("{}: no lib.rs or main.rs", src.display()));
    }
    let mut facts = BTreeMap::new();
    for (module, path) in &files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let tokens: TokenStream = text
            .parse()
            .map_err(|e| format!("cannot tokenise {}: {e:?}", path.display()))?;
        let here = module_path(module);
        let mut f = FileFacts::default();
        scan(
            &tokens.into_iter().collect::<Vec<_>>(),
            &here,
            0,
            &files,
            &mut f,
        );
        for (alias, r) in std::mem::take(&mut f.reexports) {
            if alias.is_some_and(|a| f.idents.contains(&a)) {
                f.refs.push(r);
            }
        }
        facts.insert(module.clone(), f);
    }
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (module, f) in &facts {
        let out = edges.entry(module.clone()).or_default();
        for r in &f.refs {
            let Some(target) = resolve(&r.segments, &files, &facts, 0) else {
                continue;
            };
            if &target != module {
                out.entry(target).or_insert_with(|| r.text.clone());
            }
        }
    }
    Ok(Graph { files, edges })
}

fn module_path(module: &str) -> Vec<String> {
    if module == ROOT {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    }
}

fn module_name(path: &[String]) -> String {
    if path.is_empty() {
        ROOT.to_string()
    } else {
        path.join("::")
    }
}

/// Every `.rs` file below `dir` as a module name: `a.rs` and `a/mod.rs` are `a`,
/// `a/b.rs` is `a::b`. Files under `src/bin/` are crates of their own and skipped.
fn collect_files(
    root: &Path,
    dir: &Path,
    out: &mut BTreeMap<String, PathBuf>,
) -> Result<(), String> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if dir == root && p.file_name().is_some_and(|n| n == "bin") {
                continue;
            }
            collect_files(root, &p, out)?;
            continue;
        }
        if p.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = p.strip_prefix(root).unwrap_or(&p);
        let mut parts: Vec<String> = rel
            .iter()
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        let last = parts.pop().unwrap_or_default();
        let stem = last.trim_end_matches(".rs");
        let is_root = parts.is_empty() && (stem == "lib" || stem == "main");
        if !is_root && stem != "mod" {
            parts.push(stem.to_string());
        }
        out.insert(module_name(&parts), p.clone());
    }
    Ok(())
}

fn is_ident(t: Option<&TokenTree>, name: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(i)) if i == name)
}

fn is_punct(t: Option<&TokenTree>, c: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// `::` at `tokens[i]`.
fn is_path_sep(tokens: &[TokenTree], i: usize) -> bool {
    is_punct(tokens.get(i), ':') && is_punct(tokens.get(i + 1), ':')
}

/// Whether the attribute group at `tokens[i]` (after `#`) is `[cfg(test)]`.
fn is_cfg_test(t: Option<&TokenTree>) -> bool {
    let Some(TokenTree::Group(g)) = t else {
        return false;
    };
    if g.delimiter() != Delimiter::Bracket {
        return false;
    }
    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
    is_ident(inner.first(), "cfg")
        && matches!(inner.get(1), Some(TokenTree::Group(a))
            if a.stream().to_string().trim() == "test")
}

/// The base module of a path's first segment, as seen from module `here` with `inline`
/// levels of inline `mod x { .. }` inside its file: `crate`, `super`, `self`, or a child
/// module of `here` named bare. `None` when the segment is none of these.
fn base_of(
    first: &str,
    here: &[String],
    inline: usize,
    files: &BTreeMap<String, PathBuf>,
) -> Option<(Vec<String>, bool)> {
    match first {
        "crate" => Some((Vec::new(), true)),
        // Inside an inline module, `super` is still the same file.
        "super" if inline > 0 => Some((here.to_vec(), true)),
        "super" => Some((here[..here.len().saturating_sub(1)].to_vec(), true)),
        "self" => Some((here.to_vec(), true)),
        name => {
            let mut child = here.to_vec();
            child.push(name.to_string());
            files
                .contains_key(&module_name(&child))
                .then_some((here.to_vec(), false))
        }
    }
}

/// `base` followed by the segments of a path: `super` (leading, as in `super::super::x`)
/// goes up one module; `self` and a glob's `*` add nothing.
fn join(mut base: Vec<String>, rest: &[String]) -> Vec<String> {
    let mut leading = true;
    for seg in rest {
        match seg.as_str() {
            "super" if leading => {
                base.pop();
            }
            "self" | "*" => {}
            _ => {
                leading = false;
                base.push(seg.clone());
            }
        }
    }
    base
}

/// Scan a token list for `use` trees and paths, recursing into groups.
fn scan(
    tokens: &[TokenTree],
    here: &[String],
    inline: usize,
    files: &BTreeMap<String, PathBuf>,
    f: &mut FileFacts,
) {
    let mut i = 0;
    while i < tokens.len() {
        // `#[cfg(test)] (more attributes) (pub) mod name { .. }`: skipped.
        if is_punct(tokens.get(i), '#') && is_cfg_test(tokens.get(i + 1)) {
            let mut k = i + 2;
            while is_punct(tokens.get(k), '#') {
                k += 2;
            }
            if is_ident(tokens.get(k), "pub") {
                k += 1;
                if matches!(tokens.get(k), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                {
                    k += 1;
                }
            }
            if is_ident(tokens.get(k), "mod") {
                if let Some(TokenTree::Group(_)) = tokens.get(k + 2) {
                    i = k + 3;
                    continue;
                }
            }
        }
        // An inline module: its `super` is this file.
        if is_ident(tokens.get(i), "mod") {
            if let (Some(TokenTree::Ident(_)), Some(TokenTree::Group(g))) =
                (tokens.get(i + 1), tokens.get(i + 2))
            {
                if g.delimiter() == Delimiter::Brace {
                    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                    scan(&inner, here, inline + 1, files, f);
                    i += 3;
                    continue;
                }
            }
        }
        if is_ident(tokens.get(i), "use") {
            let before = |k: usize| i.checked_sub(k).and_then(|j| tokens.get(j));
            let public = is_ident(before(1), "pub")
                || (matches!(before(1), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                    && is_ident(before(2), "pub"));
            let end = (i..tokens.len())
                .find(|&k| is_punct(tokens.get(k), ';'))
                .unwrap_or(tokens.len());
            let mut paths = Vec::new();
            use_tree(&tokens[i + 1..end], Vec::new(), &mut paths);
            for (segments, alias) in paths {
                let Some(first) = segments.first() else {
                    continue;
                };
                let first = first.trim_start_matches('$').to_string();
                let Some((base, _)) = base_of(&first, here, inline, files) else {
                    if let Some(alias) = alias {
                        f.imports.insert(alias, None);
                    }
                    continue;
                };
                let rest = if matches!(first.as_str(), "crate" | "super" | "self") {
                    &segments[1..]
                } else {
                    &segments[..]
                };
                let abs = join(base, rest);
                if let Some(alias) = &alias {
                    f.imports.insert(alias.clone(), Some(abs.clone()));
                }
                let r = Reference {
                    segments: abs,
                    text: format!("use {}", segments.join("::")),
                };
                if public {
                    f.reexports.push((alias, r));
                } else {
                    f.refs.push(r);
                }
            }
            i = end + 1;
            continue;
        }
        if let TokenTree::Ident(id) = &tokens[i] {
            f.idents.insert(id.to_string());
        }
        match &tokens[i] {
            TokenTree::Group(g) => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                scan(&inner, here, inline, files, f);
                i += 1;
            }
            TokenTree::Ident(id)
                if is_path_sep(tokens, i + 1) && !(i >= 2 && is_path_sep(tokens, i - 2)) =>
            {
                let first = id.to_string();
                // `$crate` in a macro is the crate root.
                let dollar = i > 0 && is_punct(tokens.get(i - 1), '$');
                let key = if dollar {
                    "crate".to_string()
                } else {
                    first.clone()
                };
                let mut segments = vec![key.clone()];
                let mut k = i + 1;
                while is_path_sep(tokens, k) {
                    match tokens.get(k + 2) {
                        Some(TokenTree::Ident(s)) => segments.push(s.to_string()),
                        _ => break,
                    }
                    k += 3;
                }
                if let Some((base, prefixed)) = base_of(&key, here, inline, files) {
                    let abs = join(base, &segments[usize::from(prefixed)..]);
                    f.refs.push(Reference {
                        segments: abs,
                        text: segments.join("::"),
                    });
                }
                i = k;
            }
            _ => i += 1,
        }
    }
}

/// Expand a `use` tree (`a::{b, c::{self, D as E}}`) into paths with the name each
/// brings in (`None` for a glob).
fn use_tree(
    tokens: &[TokenTree],
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix;
    let mut i = 0;
    // A leading `::` (an extern crate path) names nothing of this crate.
    if is_path_sep(tokens, 0) {
        return;
    }
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Ident(id) => {
                let name = id.to_string();
                if is_ident(tokens.get(i + 1), "as") {
                    let alias = match tokens.get(i + 2) {
                        Some(TokenTree::Ident(a)) => Some(a.to_string()),
                        _ => None,
                    };
                    path.push(name);
                    out.push((path, alias));
                    return;
                }
                path.push(name);
                i += 1;
            }
            TokenTree::Punct(p) if p.as_char() == '$' => i += 1,
            TokenTree::Punct(p) if p.as_char() == ':' => i += 1,
            TokenTree::Punct(p) if p.as_char() == '*' => {
                path.push("*".into());
                out.push((path, None));
                return;
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                for part in inner.split(|t| is_punct(Some(t), ',')) {
                    if !part.is_empty() {
                        use_tree(part, path.clone(), out);
                    }
                }
                return;
            }
            _ => i += 1,
        }
    }
    let alias = match path.last().map(String::as_str) {
        Some("self") => path.len().checked_sub(2).map(|k| path[k].clone()),
        other => other.map(str::to_string),
    };
    out.push((path, alias));
}

/// The module a path leads to: the longest prefix that is a module; then, if the next
/// segment is a name some `use` of that module brings in, where that name comes from
/// (`None`: from another crate).
fn resolve(
    path: &[String],
    files: &BTreeMap<String, PathBuf>,
    facts: &BTreeMap<String, FileFacts>,
    depth: usize,
) -> Option<String> {
    let mut k = path.len();
    while k > 0 && !files.contains_key(&module_name(&path[..k])) {
        k -= 1;
    }
    let module = module_name(&path[..k]);
    if depth < 16 {
        if let (Some(name), Some(f)) = (path.get(k), facts.get(&module)) {
            match f.imports.get(name) {
                Some(Some(from)) => {
                    let mut next = from.clone();
                    next.extend(path[k + 1..].iter().cloned());
                    return resolve(&next, files, facts, depth + 1);
                }
                Some(None) => return None,
                None => {}
            }
        }
    }
    Some(module)
}

impl Graph {
    /// Every import circle: one per group of modules that reach each other, shown as a
    /// path `a -> b -> a` with the reference that makes each step.
    pub fn circles(&self) -> Vec<String> {
        let mut out = Vec::new();
        for scc in self.strongly_connected() {
            if scc.len() < 2 {
                continue;
            }
            let start = &scc[0];
            let path = self.shortest_cycle(start, &scc);
            let mut s = format!("circle among {{{}}}:", scc.join(", "));
            for w in path.windows(2) {
                let why = &self.edges[&w[0]][&w[1]];
                s.push_str(&format!("\n    {} -> {}  ({why})", w[0], w[1]));
            }
            s.push_str("\n  every use inside the group:");
            for m in &scc {
                for (u, why) in self.edges.get(m).into_iter().flatten() {
                    if scc.contains(u) {
                        s.push_str(&format!("\n    {m} -> {u}  ({why})"));
                    }
                }
            }
            out.push(s);
        }
        out
    }

    /// Tarjan's algorithm, iterative enough for any crate: modules are few.
    fn strongly_connected(&self) -> Vec<Vec<String>> {
        struct State<'g> {
            g: &'g Graph,
            index: BTreeMap<&'g str, usize>,
            low: BTreeMap<&'g str, usize>,
            stack: Vec<&'g str>,
            on: BTreeSet<&'g str>,
            out: Vec<Vec<String>>,
        }
        fn visit<'g>(s: &mut State<'g>, v: &'g str) {
            let n = s.index.len();
            s.index.insert(v, n);
            s.low.insert(v, n);
            s.stack.push(v);
            s.on.insert(v);
            if let Some(next) = s.g.edges.get(v) {
                for w in next.keys() {
                    let w = w.as_str();
                    if !s.index.contains_key(w) {
                        visit(s, w);
                        let lw = s.low[w];
                        let lv = s.low.get_mut(v).expect("visited");
                        *lv = (*lv).min(lw);
                    } else if s.on.contains(w) {
                        let iw = s.index[w];
                        let lv = s.low.get_mut(v).expect("visited");
                        *lv = (*lv).min(iw);
                    }
                }
            }
            if s.low[v] == s.index[v] {
                let mut comp = Vec::new();
                while let Some(w) = s.stack.pop() {
                    s.on.remove(w);
                    comp.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                comp.sort();
                s.out.push(comp);
            }
        }
        let mut s = State {
            g: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on: BTreeSet::new(),
            out: Vec::new(),
        };
        for v in self.files.keys() {
            if !s.index.contains_key(v.as_str()) {
                visit(&mut s, v);
            }
        }
        s.out
    }

    /// The shortest path `start -> .. -> start` inside one strongly connected group.
    fn shortest_cycle(&self, start: &str, within: &[String]) -> Vec<String> {
        let mut prev: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.to_string()]);
        while let Some(v) = queue.pop_front() {
            for w in self.edges.get(&v).into_iter().flat_map(|e| e.keys()) {
                if !within.contains(w) {
                    continue;
                }
                if w == start {
                    let mut path = vec![start.to_string(), v.clone()];
                    let mut at = v.clone();
                    while let Some(p) = prev.get(&at) {
                        path.push(p.clone());
                        at = p.clone();
                    }
                    path.reverse();
                    // `path` now runs start .. v, start: put the first `start` back.
                    let mut cycle = vec![start.to_string()];
                    cycle.extend(path.into_iter().skip(1).take_while(|m| m != start));
                    cycle.push(start.to_string());
                    return cycle;
                }
                if w != start && !prev.contains_key(w) {
                    prev.insert(w.clone(), v.clone());
                    queue.push_back(w.clone());
                }
            }
        }
        vec![start.to_string()]
    }

    /// Check a documented layering: `order` lists every module but the root, and each uses
    /// only modules listed before it. Returns what is wrong, one line each.
    pub fn layer_problems(&self, order: &[String]) -> Vec<String> {
        let rank: BTreeMap<&str, usize> = order
            .iter()
            .enumerate()
            .map(|(i, m)| (m.as_str(), i))
            .collect();
        let mut problems = Vec::new();
        if rank.len() != order.len() {
            problems.push(format!("a module is listed twice: {order:?}"));
        }
        for m in order {
            if !self.files.contains_key(m) {
                problems.push(format!("the layer table lists {m}, which does not exist"));
            }
        }
        for (m, uses) in &self.edges {
            if m == ROOT {
                continue;
            }
            let Some(&r) = rank.get(m.as_str()) else {
                problems.push(format!("{m} is not in the layer table"));
                continue;
            };
            for (u, why) in uses {
                match rank.get(u.as_str()) {
                    Some(&ru) if ru < r => {}
                    Some(_) => {
                        problems.push(format!("{m} uses {u}, which is not above it ({why})"))
                    }
                    None => {
                        problems.push(format!("{m} uses {u}, which is not in the table ({why})"))
                    }
                }
            }
        }
        problems
    }
}

/// The modules of a layer table in a Markdown file: the section under `heading`, rows
/// that start with a module file in backquotes (`` | `warp.rs` | ... ``), in order.
pub fn layer_table(markdown: &str, heading: &str) -> Result<Vec<String>, String> {
    let start = markdown
        .find(heading)
        .ok_or_else(|| format!("no `{heading}` section"))?;
    let section = &markdown[start + heading.len()..];
    let end = section.find("\n#").unwrap_or(section.len());
    Ok(section[..end]
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once(".rs`"))
        .map(|(m, _)| m.replace('/', "::"))
        .collect())
}
