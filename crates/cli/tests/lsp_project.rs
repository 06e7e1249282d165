//! `warpkit lsp` on a multi-file project as people write one: a header of macros with
//! `.if` and `.irp`, `.include`, two kernels, a helper, a `.S` through cpp. Every feature
//! is checked at exact positions, through expansions and across the files; diagnostics are
//! those of `warpkit asm -f elf` (names defined elsewhere are relocations).

mod lsp_client;

use lsp_client::{apply_edits, range_of, Client, Span};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const MACROS: &str = "; macros of the project
.ifndef MACROS_INC
.equ MACROS_INC, 1
.equ LANES, 32
.irp n, 1, 2
.equ STEP\\n, \\n * 4
.endr
.macro call fn
    jal     u62, \\fn
.endm
.macro ret
    jr      u62, 0
.endm
.endif
";

const KERNELS: &str = ".include \"macros.inc\"
    .text
    .globl axpy
    .kernel axpy
    mov.vu  v3, u0
    call    helper
    bz      u1, done
    add     v2, v2, v3
done:
    jmp     _end
    .end_kernel

    .kernel scale
    mov.vl  v4, LANES
    call    helper
    jmp     _end
    .end_kernel
";

const HELPER: &str = ".include \"macros.inc\"
    .globl helper
helper:
.if LANES == 32
    add     v2, v2, v0
.else
    sub     v2, v2, v0
.endif
    ret
";

const FAST: &str = "#define SCALE 4
/* a kernel through cpp:
   SCALE is a cpp macro */
.include \"macros.inc\"
    .kernel fast
    mov.vl  v1, SCALE
again:
    bnz     u1, again
    call    helper
    .end_kernel
";

/// The 0-based line and column of the `nth` occurrence of `needle` in `text` (ASCII).
fn pos(text: &str, needle: &str, nth: usize) -> (u64, u64) {
    let at = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle} #{nth}"))
        .0;
    let line = text[..at].matches('\n').count() as u64;
    let col = (at - text[..at].rfind('\n').map_or(0, |p| p + 1)) as u64;
    (line, col)
}

fn span(text: &str, needle: &str, nth: usize) -> Span {
    let (l, c) = pos(text, needle, nth);
    ((l, c), (l, c + needle.len() as u64))
}

struct Project {
    _dir: tempfile::TempDir,
    root: PathBuf,
}

impl Project {
    fn new() -> Project {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        for (n, t) in [
            ("macros.inc", MACROS),
            ("kernels.s", KERNELS),
            ("helper.s", HELPER),
            ("fast.S", FAST),
        ] {
            std::fs::write(root.join(n), t).unwrap();
        }
        Project { _dir: dir, root }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    fn uri(&self, name: &str) -> String {
        format!("file://{}", self.path(name).display())
    }
}

fn open(c: &mut Client, uri: &str, text: &str) -> Vec<Value> {
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "warpkit-asm", "version": 1, "text": text}}),
    );
    diagnostics(c, uri, 1)
}

fn diagnostics(c: &mut Client, uri: &str, version: i64) -> Vec<Value> {
    let v = c.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == json!(uri)
            && m["params"]["version"] == json!(version)
    });
    v["params"]["diagnostics"].as_array().unwrap().clone()
}

fn at(c: &mut Client, method: &str, uri: &str, (line, ch): (u64, u64)) -> Value {
    c.call(
        method,
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": ch}}),
    )
}

fn change(c: &mut Client, uri: &str, version: i64, text: &str) {
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
    );
}

/// (uri, span) of each location, sorted.
fn places(v: &Value) -> Vec<(String, Span)> {
    let mut out: Vec<(String, Span)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["uri"].as_str().unwrap().to_string(),
                range_of(&l["range"]),
            )
        })
        .collect();
    out.sort();
    out
}

/// The code bytes `warpkit asm -f elf` makes of `text` (written as `name` in `root`).
fn code_of(root: &Path, name: &str, text: &str) -> Vec<u8> {
    let src = root.join(name);
    std::fs::write(&src, text).unwrap();
    let obj = root.join(format!("{name}.o"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args(["asm", "-f", "elf"])
        .arg(&src)
        .arg("-o")
        .arg(&obj)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let data = std::fs::read(&obj).unwrap();
    warpkit_object::read::read(name, &data).unwrap().code
}

#[test]
fn every_feature_works_across_the_files_of_a_project() {
    let p = Project::new();
    let (k, m, h, f) = (
        p.uri("kernels.s"),
        p.uri("macros.inc"),
        p.uri("helper.s"),
        p.uri("fast.S"),
    );
    let mut c = Client::start();

    // Diagnostics: none anywhere (`helper`, `_end` are relocations; cpp runs on the `.S`).
    for (u, t) in [(&k, KERNELS), (&h, HELPER), (&f, FAST)] {
        let d = open(&mut c, u, t);
        assert!(d.is_empty(), "{u}: {d:?}");
    }
    // The project's own example gets none either.
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/multi/kernels.s");
    let ex = ex.canonicalize().unwrap();
    let d = open(
        &mut c,
        &format!("file://{}", ex.display()),
        &std::fs::read_to_string(&ex).unwrap(),
    );
    assert!(d.is_empty(), "{d:?}");

    // Hover on a label inside a kernel, and on a macro use.
    let hv = at(&mut c, "textDocument/hover", &k, pos(KERNELS, "done", 0));
    let text = hv["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("label `done`: byte offset"), "{text}");
    assert_eq!(range_of(&hv["range"]), span(KERNELS, "done", 0));
    let hv = at(&mut c, "textDocument/hover", &k, pos(KERNELS, "call", 0));
    let text = hv["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("macro `call fn`, defined at ") && text.contains("macros.inc:8"),
        "{text}"
    );
    // A `.equ` of the header: its value.
    let hv = at(&mut c, "textDocument/hover", &k, pos(KERNELS, "LANES", 0));
    assert!(hv["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("`.equ LANES`: `32`"));

    // Definition: a macro use goes to its `.macro` line, an `.include` path to the file,
    // a header's `.equ` to the header, a label to its line.
    let d = at(
        &mut c,
        "textDocument/definition",
        &k,
        pos(KERNELS, "call", 1),
    );
    assert_eq!(d["uri"], json!(m));
    assert_eq!(range_of(&d["range"]), span(MACROS, "call", 0));
    let d = at(
        &mut c,
        "textDocument/definition",
        &k,
        pos(KERNELS, "macros.inc", 0),
    );
    assert_eq!(d["uri"], json!(m));
    assert_eq!(range_of(&d["range"]), ((0, 0), (0, 0)));
    let d = at(
        &mut c,
        "textDocument/definition",
        &k,
        pos(KERNELS, "LANES", 0),
    );
    assert_eq!(
        (d["uri"].clone(), range_of(&d["range"])),
        (json!(m), span(MACROS, "LANES", 0))
    );
    let d = at(
        &mut c,
        "textDocument/definition",
        &k,
        pos(KERNELS, "done", 0),
    );
    assert_eq!(
        (d["uri"].clone(), range_of(&d["range"])),
        (json!(k), span(KERNELS, "done:", 0).0.into_span(4))
    );

    // References across the files: the header's `LANES` is used in the kernels and in
    // the helper (both open, both including it).
    let r = c.call(
        "textDocument/references",
        json!({"textDocument": {"uri": k}, "position": {"line": pos(KERNELS, "LANES", 0).0, "character": pos(KERNELS, "LANES", 0).1},
               "context": {"includeDeclaration": true}}),
    );
    let mut want = vec![
        (k.clone(), span(KERNELS, "LANES", 0)),
        (m.clone(), span(MACROS, "LANES", 0)),
        (h.clone(), span(HELPER, "LANES", 0)),
    ];
    want.sort();
    assert_eq!(places(&r), want);
    // From the header, once it is open, its includers count too.
    assert!(open(&mut c, &m, MACROS).is_empty());
    // Opening it checks its includers again (the same text: still clean).
    assert!(diagnostics(&mut c, &k, 1).is_empty());
    let r = c.call(
        "textDocument/references",
        json!({"textDocument": {"uri": m}, "position": {"line": pos(MACROS, "LANES", 0).0, "character": pos(MACROS, "LANES", 0).1},
               "context": {"includeDeclaration": false}}),
    );
    let mut want = vec![
        (k.clone(), span(KERNELS, "LANES", 0)),
        (h.clone(), span(HELPER, "LANES", 0)),
    ];
    want.sort();
    assert_eq!(places(&r), want);

    // Rename a macro from one of its uses: every use in every file, and its definition.
    let r = c.call(
        "textDocument/rename",
        json!({"textDocument": {"uri": k}, "position": {"line": pos(KERNELS, "call", 0).0, "character": pos(KERNELS, "call", 0).1}, "newName": "invoke"}),
    );
    let ch = &r["changes"];
    let edits = |u: &str| ch[u].as_array().cloned().unwrap_or_default();
    assert_eq!(edits(&k).len(), 2, "{r}");
    assert_eq!(edits(&h).len(), 0, "{r}"); // helper.s uses `ret`, not `call`
    assert_eq!(edits(&f).len(), 1, "{r}");
    assert_eq!(range_of(&edits(&m)[0]["range"]), span(MACROS, "call", 0));
    let renamed = apply_edits(KERNELS, &edits(&k));
    assert_eq!(renamed.matches("invoke").count(), 2);
    // A name that would read as an instruction is refused.
    let r = c.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": k}, "position": {"line": pos(KERNELS, "done", 0).0, "character": pos(KERNELS, "done", 0).1}, "newName": "add"}),
    );
    assert!(
        r["error"]["message"].as_str().unwrap().contains("mnemonic"),
        "{r}"
    );

    // Document symbols: the kernels as functions, the label, in order.
    let s = c.call(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": k}}),
    );
    let names: Vec<(String, u64)> = s
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["name"].as_str().unwrap().to_string(),
                x["kind"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        names,
        vec![
            ("axpy".into(), 12),
            ("done".into(), 20),
            ("scale".into(), 12)
        ]
    );
    let s = c.call(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": m}}),
    );
    let names: Vec<&str> = s
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    // `STEP1` and `STEP2` come from the `.irp`: placed on the line that defines them.
    assert_eq!(
        names,
        vec!["MACROS_INC", "LANES", "STEP1", "STEP2", "call", "ret"],
        "{s}"
    );
    // Workspace symbols: found in whichever file defines them.
    let w = c.call("workspace/symbol", json!({"query": "help"}));
    let w: Vec<(String, Span)> = w
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["location"]["uri"].as_str().unwrap().to_string(),
                range_of(&x["location"]["range"]),
            )
        })
        .collect();
    assert_eq!(w, vec![(h.clone(), span(HELPER, "helper", 1))]);

    // Semantic tokens: a macro use is a function, the kernel's label a label.
    let t = c.call(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": k}}),
    );
    let data: Vec<u64> = t["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    let (mut line, mut col) = (0, 0);
    let mut toks = Vec::new();
    for q in data.chunks(5) {
        line += q[0];
        col = if q[0] == 0 { col + q[1] } else { q[1] };
        toks.push(((line, col), q[2], q[3]));
    }
    let call = pos(KERNELS, "call", 0);
    assert!(toks.contains(&(call, 4, 10)), "{toks:?}");
    let done = pos(KERNELS, "done", 1);
    assert!(toks.contains(&(done, 4, 6)), "{toks:?}");

    // Inlay hints: the macro use's bytes and address, like an instruction's.
    let hints = c.call(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": k}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}}),
    );
    let labels: Vec<(u64, String)> = hints
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["position"]["line"].as_u64().unwrap(),
                x["label"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let call_line = pos(KERNELS, "call", 0).0;
    let mov_line = pos(KERNELS, "mov.vu", 0).0;
    let hint_of = |l: u64| labels.iter().find(|x| x.0 == l).map(|x| x.1.clone());
    let mov = hint_of(mov_line).unwrap();
    let size: u32 = mov.trim().split(' ').next().unwrap().parse().unwrap();
    assert_eq!(
        hint_of(call_line),
        Some(format!("  4 B @0x{size:x}")),
        "{labels:?}"
    );

    // Formatting a file that uses macros, includes and conditionals: the same bytes.
    for (u, name, text) in [(&k, "kernels.s", KERNELS), (&h, "helper.s", HELPER)] {
        let e = c.call(
            "textDocument/formatting",
            json!({"textDocument": {"uri": u}, "options": {"tabSize": 4, "insertSpaces": true}}),
        );
        let formatted = apply_edits(text, e.as_array().unwrap());
        assert_ne!(formatted, text);
        assert_eq!(
            code_of(&p.root, &format!("f_{name}"), &formatted),
            code_of(&p.root, &format!("o_{name}"), text),
            "{formatted}"
        );
    }
    // A `.S` is not formatted, and the answer says why.
    let r = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": f}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert!(
        r["error"]["message"].as_str().unwrap().contains(".S"),
        "{r}"
    );

    // The `.S`: cpp's output placed back on the written lines (a comment of three lines
    // above): hover and definition at the label's own place.
    let hv = at(&mut c, "textDocument/hover", &f, pos(FAST, "again", 1));
    assert!(
        hv["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("label `again`"),
        "{hv}"
    );
    let d = at(&mut c, "textDocument/definition", &f, pos(FAST, "again", 1));
    assert_eq!(range_of(&d["range"]), span(FAST, "again", 0));
    // An error after the multi-line comment is on its written line and column.
    let bad = FAST.replace("bnz     u1, again", "bnz     u1");
    change(&mut c, &f, 2, &bad);
    let d = diagnostics(&mut c, &f, 2);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(range_of(&d[0]["range"]).0 .0, pos(&bad, "bnz", 0).0);

    // Unsaved edits of an open included file are used, and the files that include it are
    // checked again: an error in the header's macro shows on each use, pointing into the
    // header with its own URI.
    let broken = MACROS.replace("jal     u62, \\fn", "jal     u62");
    change(&mut c, &m, 2, &broken);
    let d = diagnostics(&mut c, &k, 1);
    assert_eq!(d.len(), 2, "{d:?}");
    for (x, n) in d.iter().zip(0..) {
        assert_eq!(range_of(&x["range"]).0 .0, pos(KERNELS, "call", n).0, "{x}");
        let rel = &x["relatedInformation"][0]["location"];
        assert_eq!(rel["uri"], json!(m), "{x}");
        assert_eq!(
            range_of(&rel["range"]).0 .0,
            pos(&broken, "jal", 0).0,
            "{x}"
        );
    }
    // The file on disk is unchanged: the command line still assembles it.
    change(&mut c, &m, 3, MACROS);
    assert!(diagnostics(&mut c, &k, 1).is_empty());
    assert_eq!(c.finish(), 0);
}

/// (name, uri, span) of each workspace symbol matching `query`, sorted.
fn workspace_symbols(c: &mut Client, query: &str) -> Vec<(String, String, Span)> {
    let w = c.call("workspace/symbol", json!({ "query": query }));
    let mut out: Vec<(String, String, Span)> = w
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["name"].as_str().unwrap().to_string(),
                x["location"]["uri"].as_str().unwrap().to_string(),
                range_of(&x["location"]["range"]),
            )
        })
        .collect();
    out.sort();
    out
}

fn watched(c: &mut Client, uri: &str, kind: u64) {
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri, "type": kind}]}),
    );
}

#[test]
fn workspace_symbols_cover_the_assembly_files_of_the_folders() {
    let p = Project::new();
    // A second folder, a nested library, a link back to the root (a loop), a file too large
    // to index, a hidden directory and a file that is not assembly.
    let other = tempfile::tempdir().unwrap();
    let other_root = other.path().canonicalize().unwrap();
    const TABLE: &str = "; lookup tables\n.equ TABLE_LEN, 16\n\ntable_base:\n    .word 1, 2\n";
    const EXTRA: &str = "\n\nextra_entry:\n    nop\n";
    std::fs::create_dir_all(p.path("lib/deep")).unwrap();
    std::fs::write(p.path("lib/deep/table.inc"), TABLE).unwrap();
    std::fs::write(other_root.join("extra.asm"), EXTRA).unwrap();
    std::os::unix::fs::symlink(&p.root, p.path("lib/deep/loop")).unwrap();
    let mut huge = String::from("huge_label:\n");
    huge.push_str(&"    nop\n".repeat(150_000));
    std::fs::write(p.path("huge.s"), huge).unwrap();
    std::fs::create_dir_all(p.path(".cache")).unwrap();
    std::fs::write(p.path(".cache/hidden.s"), "helper_hidden:\n").unwrap();
    std::fs::write(p.path("notes.txt"), "helper_note:\n").unwrap();

    let mut c = Client::spawn();
    let folder = |r: &Path| json!({"uri": format!("file://{}", r.display()), "name": "f"});
    let r = c.request(
        "initialize",
        json!({"processId": null, "capabilities": {}, "rootUri": p.uri(""),
               "workspaceFolders": [folder(&p.root), folder(&other_root)]}),
    );
    assert_eq!(
        r["result"]["capabilities"]["workspace"]["workspaceFolders"]["supported"],
        json!(true),
        "{r}"
    );
    c.notify("initialized", json!({}));

    // Nothing is open: every symbol comes from a file never opened, once (the loop walks
    // the root once), at the place its name is written.
    let t = p.uri("lib/deep/table.inc");
    assert_eq!(
        workspace_symbols(&mut c, "help"),
        vec![(
            "helper".into(),
            p.uri("helper.s"),
            span(HELPER, "helper", 1)
        )]
    );
    assert_eq!(
        workspace_symbols(&mut c, "table"),
        vec![
            ("TABLE_LEN".into(), t.clone(), span(TABLE, "TABLE_LEN", 0)),
            ("table_base".into(), t.clone(), span(TABLE, "table_base", 0)),
        ]
    );
    let lanes = vec![(
        "LANES".to_string(),
        p.uri("macros.inc"),
        span(MACROS, "LANES", 0),
    )];
    assert_eq!(workspace_symbols(&mut c, "lanes"), lanes);
    let e = format!("file://{}", other_root.join("extra.asm").display());
    assert_eq!(
        workspace_symbols(&mut c, "extra"),
        vec![("extra_entry".into(), e, span(EXTRA, "extra_entry", 0))]
    );
    // Kernels, macros: as document symbols name them.
    let names: Vec<String> = workspace_symbols(&mut c, "")
        .into_iter()
        .map(|x| x.0)
        .collect();
    for n in ["axpy", "scale", "fast", "again", "call", "ret", "done"] {
        assert!(names.contains(&n.to_string()), "{n}: {names:?}");
    }
    assert!(
        !names
            .iter()
            .any(|n| n.starts_with("huge") || n.starts_with("helper_")),
        "{names:?}"
    );

    // A file created and one changed on disk, announced by the client: found at once, at
    // their new places.
    const LATER: &str = "    nop\nlate_label:\n";
    std::fs::write(p.path("lib/later.s"), LATER).unwrap();
    watched(&mut c, &p.uri("lib/later.s"), 1);
    assert_eq!(
        workspace_symbols(&mut c, "late"),
        vec![(
            "late_label".into(),
            p.uri("lib/later.s"),
            span(LATER, "late_label", 0)
        )]
    );
    let moved = format!("; two more lines\n\n{HELPER}");
    std::fs::write(p.path("helper.s"), &moved).unwrap();
    watched(&mut c, &p.uri("helper.s"), 2);
    let want = vec![(
        "helper".to_string(),
        p.uri("helper.s"),
        span(&moved, "helper", 1),
    )];
    assert_eq!(workspace_symbols(&mut c, "help"), want);
    std::fs::remove_file(p.path("lib/later.s")).unwrap();
    watched(&mut c, &p.uri("lib/later.s"), 3);
    assert!(workspace_symbols(&mut c, "late").is_empty());

    // An open file's symbols are its editor text's (once), and the disk's after it closes.
    let h = p.uri("helper.s");
    open(&mut c, &h, HELPER);
    assert_eq!(
        workspace_symbols(&mut c, "help"),
        vec![("helper".into(), h.clone(), span(HELPER, "helper", 1))]
    );
    c.notify("textDocument/didClose", json!({"textDocument": {"uri": h}}));
    assert_eq!(workspace_symbols(&mut c, "help"), want);

    // A folder removed: its files go.
    c.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({"event": {"added": [], "removed": [folder(&other_root)]}}),
    );
    assert!(workspace_symbols(&mut c, "extra").is_empty());
    assert_eq!(workspace_symbols(&mut c, "lanes"), lanes);
    assert_eq!(c.finish(), 0);
}

#[test]
fn a_client_that_watches_files_is_asked_to_watch_assembly() {
    let p = Project::new();
    let mut c = Client::spawn();
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": p.uri(""), "capabilities":
               {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}}),
    );
    c.notify("initialized", json!({}));
    let r = c.wait_for(|m| m["method"] == "client/registerCapability");
    let reg = &r["params"]["registrations"][0];
    assert_eq!(reg["method"], "workspace/didChangeWatchedFiles", "{r}");
    assert_eq!(
        reg["registerOptions"]["watchers"][0]["globPattern"], "**/*.{s,S,asm,inc}",
        "{r}"
    );
    c.send(&json!({"jsonrpc": "2.0", "id": r["id"], "result": null}));
    // Still answering after the client's reply.
    assert_eq!(
        workspace_symbols(&mut c, "help"),
        vec![(
            "helper".into(),
            p.uri("helper.s"),
            span(HELPER, "helper", 1)
        )]
    );
    assert_eq!(c.finish(), 0);
}

trait IntoSpan {
    fn into_span(self, len: u64) -> Span;
}

impl IntoSpan for (u64, u64) {
    fn into_span(self, len: u64) -> Span {
        (self, (self.0, self.1 + len))
    }
}
