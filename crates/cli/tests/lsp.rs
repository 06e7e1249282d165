//! `warpkit lsp` as an editor meets it: a client speaking the protocol over standard
//! input/output; every answer checked against the database, the assembler, or positions
//! counted by hand.

mod lsp_client;

use lsp_client::{apply_edits, range_of, uri, Client, Span};
use serde_json::{json, Value};
use warpkit_isa::{docs, id};

const ERRORS: &str = "start:\n    add v1, v2\n    .word 😀, zz\n    jmp nowhere\n.equ start, 3\n    fmul.f32.vl v1, v2, 2\n";

/// What `warpkit asm -f elf` prints for a source (names defined elsewhere are relocations).
fn cli_report(src: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("e.s"), src).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args(["asm", "-f", "elf", "e.s", "-o", "/dev/null"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn summary(d: &[Value]) -> Vec<(Span, u64)> {
    d.iter()
        .map(|d| (range_of(&d["range"]), d["severity"].as_u64().unwrap()))
        .collect()
}

#[test]
fn diagnostics_have_the_assemblers_text_and_exact_utf16_ranges() {
    let mut c = Client::start();
    c.open("e.s", ERRORS);
    let d = c.diagnostics("e.s", Some(1));
    // Ranges counted by hand (😀 is two UTF-16 units). `zz` and `nowhere` are defined
    // elsewhere for all the file knows: relocations, not errors, as in an object.
    assert_eq!(
        summary(&d),
        vec![
            (((1, 14), (1, 14)), 1),
            (((2, 10), (2, 12)), 1),
            (((4, 5), (4, 10)), 1),
            (((5, 24), (5, 25)), 2),
        ]
    );
    // The same messages and hints as the command line.
    let report = cli_report(ERRORS);
    for x in &d {
        let msg = x["message"].as_str().unwrap();
        let mut lines = msg.split('\n');
        let first = lines.next().unwrap();
        let sev = if x["severity"] == 1 {
            "error"
        } else {
            "warning"
        };
        assert!(
            report.contains(&format!("{sev}: {first}\n")),
            "{first}\n{report}"
        );
        for hint in lines {
            assert!(report.contains(&format!("= {hint}\n")), "{hint}\n{report}");
        }
        assert_eq!(x["source"], "warpkit asm");
    }
    assert!(d[1]["message"]
        .as_str()
        .unwrap()
        .contains("cannot be part of a name"));
    assert!(d[0]["message"]
        .as_str()
        .unwrap()
        .ends_with("\nhint: syntax: add rd:v, rs1:v, rs2:v"));
    // The first definition of a name defined twice is related information.
    let rel = &d[2]["relatedInformation"][0];
    assert_eq!(range_of(&rel["location"]["range"]), ((0, 0), (0, 5)));
    assert_eq!(rel["location"]["uri"], uri("e.s"));
    assert_eq!(rel["message"], "first defined here");

    // Incremental edits, applied in order, positions in UTF-16 (after the emoji).
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri("e.s"), "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 1, "character": 14}, "end": {"line": 1, "character": 14}}, "text": ", v3"},
            {"range": {"start": {"line": 2, "character": 14}, "end": {"line": 2, "character": 16}}, "text": "12"},
            {"range": {"start": {"line": 2, "character": 10}, "end": {"line": 2, "character": 12}}, "text": "7"},
        ]}),
    );
    let d = c.diagnostics("e.s", Some(2));
    assert_eq!(
        summary(&d),
        vec![(((4, 5), (4, 10)), 1), (((5, 24), (5, 25)), 2)]
    );
    // An edit that breaks a line shows its new error; fixing everything clears the list.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri("e.s"), "version": 3}, "contentChanges": [
            {"range": {"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 7}}, "text": "addx"},
        ]}),
    );
    let d = c.diagnostics("e.s", Some(3));
    assert_eq!(range_of(&d[0]["range"]), ((1, 4), (1, 8)));
    assert!(d[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("unknown instruction `addx`"));
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri("e.s"), "version": 4}, "contentChanges": [
            {"text": "start:\n    add v1, v2, v3\n"}
        ]}),
    );
    assert!(c.diagnostics("e.s", Some(4)).is_empty());
    assert_eq!(c.finish(), 0);
}

const PROGRAM: &str = "; features
.equ N, 8
start:
    add v1, v2, v3
    fadd.f32.m v1, v2, v3, rm:rtz
    add64 v[2:3], v[4:5], v[6:7]
    mov.vl v9, 0x3f800000
loop: bz u1, start
    bnz u1, loop
    .word N
";

fn labels() -> Vec<(String, u32)> {
    warpkit_asm::assemble(PROGRAM, &Default::default())
        .unwrap()
        .labels
}

fn label(name: &str) -> u32 {
    labels().iter().find(|(n, _)| n == name).unwrap().1
}

fn hover_text(c: &mut Client, line: u32, ch: u32) -> String {
    let h = c.at("textDocument/hover", "p.s", line, ch);
    h["contents"]["value"].as_str().unwrap_or("").to_string()
}

#[test]
fn hover_tells_what_the_database_and_the_assembler_say() {
    let mut c = Client::start();
    c.open("p.s", PROGRAM);
    let d = id::FADD_F32_M.desc();
    assert_eq!(
        hover_text(&mut c, 4, 6),
        format!("```text\n{}```", docs::describe(d))
    );
    let h = c.at("textDocument/hover", "p.s", 4, 6);
    assert_eq!(range_of(&h["range"]), ((4, 4), (4, 14)));
    let reg = hover_text(&mut c, 5, 11);
    assert!(
        reg.contains("pair v2..v3") && reg.contains("rd:vp^2"),
        "{reg}"
    );
    assert!(reg.contains("written"), "{reg}");
    let loop_at = label("loop");
    assert!(hover_text(&mut c, 8, 12).contains(&format!("byte offset `0x{loop_at:x}`")));
    let n = hover_text(&mut c, 9, 11);
    assert!(n.contains("`.equ N`") && n.contains("`8` = `0x8`"), "{n}");
    let lit = hover_text(&mut c, 6, 18);
    assert!(lit.contains("as binary32: 1.0"), "{lit}");
    let m = hover_text(&mut c, 4, 28);
    assert!(m.contains("rounding mode") && m.contains("rtz"), "{m}");
    // Nothing to say about white space or a comment.
    assert_eq!(c.at("textDocument/hover", "p.s", 0, 3), Value::Null);
    assert_eq!(c.finish(), 0);
}

fn labels_of(items: &Value) -> Vec<String> {
    let list = if items.is_array() {
        items
    } else {
        &items["items"]
    };
    list.as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn completion_and_signature_help_come_from_the_database() {
    let mut c = Client::start();
    let text = "top:\n    fad\n    fadd.f32.m v1, v2, v3, rm:\n    bz u1, \n    .e\n    add v1, \n";
    c.open("c.s", text);
    let got = labels_of(&c.at("textDocument/completion", "c.s", 1, 7));
    let want: Vec<String> = warpkit_isa::mnemonics()
        .filter(|m| m.starts_with("fad"))
        .map(String::from)
        .collect();
    assert!(!want.is_empty());
    assert_eq!(got, want);
    // After `rm:`, the rounding modes the assembler knows.
    let got = labels_of(&c.at("textDocument/completion", "c.s", 2, 30));
    let want: Vec<String> = warpkit_asm::syntax::RM_NAMES
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    assert_eq!(got, want);
    // A branch target: labels.
    let got = labels_of(&c.at("textDocument/completion", "c.s", 3, 11));
    assert!(got.contains(&"top".to_string()), "{got:?}");
    assert!(!got.iter().any(|g| g.starts_with('v')), "{got:?}");
    // Every directive the assembler knows that starts so, in the list's order.
    let want: Vec<String> = warpkit_lsp::directives::DIRECTIVES
        .iter()
        .filter(|(n, _)| n.starts_with(".e"))
        .map(|(n, _)| n.to_string())
        .collect();
    assert!(want.len() > 1 && want.contains(&".end_kernel".to_string()));
    assert_eq!(
        labels_of(&c.at("textDocument/completion", "c.s", 4, 6)),
        want
    );
    // add's rs1 is a vector register: all of them, then the modifier keys (none for add).
    let got = labels_of(&c.at("textDocument/completion", "c.s", 5, 12));
    assert_eq!(got.len(), 128);
    assert_eq!((got[0].as_str(), got[127].as_str()), ("v0", "v127"));
    // Modifier keys of a variant with modifiers, after its positional operands.
    c.open("m.s", "    fadd.f32.m v1, v2, v3, \n");
    let got = labels_of(&c.at("textDocument/completion", "m.s", 0, 27));
    let d = id::FADD_F32_M.desc();
    let keys: Vec<String> = d
        .operands
        .iter()
        .filter(|o| o.slot.is_modifier())
        .map(|o| format!("{}:", o.slot.name()))
        .collect();
    assert_eq!(got, keys);

    // Signature help: the syntax, the operand being typed.
    let s = c.at("textDocument/signatureHelp", "c.s", 2, 23);
    let sig = &s["signatures"][0];
    let ops: Vec<String> = d
        .operands
        .iter()
        .map(|o| {
            let t = format!("{}:{}", o.slot.name(), o.ty.name());
            if o.slot.is_modifier() {
                format!("[{t}]")
            } else {
                t
            }
        })
        .collect();
    assert_eq!(sig["label"], format!("fadd.f32.m {}", ops.join(", ")));
    assert_eq!(s["activeParameter"], 2);
    let p = &sig["parameters"][2]["label"];
    let label = sig["label"].as_str().unwrap();
    assert_eq!(
        &label[p[0].as_u64().unwrap() as usize..p[1].as_u64().unwrap() as usize],
        "rs2:v"
    );
    let s = c.at("textDocument/signatureHelp", "c.s", 2, 30);
    assert_eq!(s["activeParameter"], 3);
    assert_eq!(c.at("textDocument/signatureHelp", "c.s", 0, 2), Value::Null);
    assert_eq!(c.finish(), 0);
}

#[test]
fn definition_references_rename_and_symbols() {
    let mut c = Client::start();
    c.open("p.s", PROGRAM);
    let def = c.at("textDocument/definition", "p.s", 8, 12);
    assert_eq!(def["uri"], uri("p.s"));
    assert_eq!(range_of(&def["range"]), ((7, 0), (7, 4)));
    let refs = c.call(
        "textDocument/references",
        json!({"textDocument": {"uri": uri("p.s")}, "position": {"line": 7, "character": 14},
               "context": {"includeDeclaration": true}}),
    );
    let r: Vec<_> = refs
        .as_array()
        .unwrap()
        .iter()
        .map(|l| range_of(&l["range"]))
        .collect();
    assert_eq!(r, vec![((2, 0), (2, 5)), ((7, 13), (7, 18))]);
    let refs = c.call(
        "textDocument/references",
        json!({"textDocument": {"uri": uri("p.s")}, "position": {"line": 1, "character": 5},
               "context": {"includeDeclaration": false}}),
    );
    let r: Vec<_> = refs
        .as_array()
        .unwrap()
        .iter()
        .map(|l| range_of(&l["range"]))
        .collect();
    assert_eq!(r, vec![((9, 10), (9, 11))]);

    let prep = c.at("textDocument/prepareRename", "p.s", 7, 14);
    assert_eq!(range_of(&prep), ((7, 13), (7, 18)));
    let edit = c.call(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri("p.s")}, "position": {"line": 7, "character": 14}, "newName": "begin"}),
    );
    let edits = edit["changes"][uri("p.s")].as_array().unwrap().clone();
    let renamed = apply_edits(PROGRAM, &edits);
    assert_eq!(renamed, PROGRAM.replace("start", "begin"));
    assert_eq!(
        warpkit_asm::assemble(&renamed, &Default::default())
            .unwrap()
            .code,
        warpkit_asm::assemble(PROGRAM, &Default::default())
            .unwrap()
            .code
    );
    for bad in ["v1", "loop", "9lives", "add"] {
        let r = c.request(
            "textDocument/rename",
            json!({"textDocument": {"uri": uri("p.s")}, "position": {"line": 7, "character": 14}, "newName": bad}),
        );
        assert!(r["error"]["message"].is_string(), "{bad}: {r}");
    }

    let syms = c.call(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri("p.s")}}),
    );
    let s: Vec<(String, u64, String)> = syms
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["kind"].as_u64().unwrap(),
                s["detail"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        s,
        vec![
            ("N".into(), 14, "= 8".into()),
            ("start".into(), 20, format!("offset 0x{:x}", label("start"))),
            ("loop".into(), 20, format!("offset 0x{:x}", label("loop"))),
        ]
    );
    // A label declared global is a kernel (a function symbol).
    c.open("k.s", ".globl main\nmain:\n    add v1, v2, v3\n");
    let syms = c.call(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri("k.s")}}),
    );
    assert_eq!(
        (syms[0]["name"].as_str(), syms[0]["kind"].as_u64()),
        (Some("main"), Some(12))
    );
    assert_eq!(c.finish(), 0);
}

/// Semantic tokens decoded to (line, character, length, type name, modifier bits).
fn decode_tokens(data: &Value, types: &[Value]) -> Vec<(u64, u64, u64, String, u64)> {
    let d: Vec<u64> = data
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (mut line, mut ch) = (0, 0);
    d.chunks(5)
        .map(|t| {
            if t[0] > 0 {
                line += t[0];
                ch = t[1];
            } else {
                ch += t[1];
            }
            (
                line,
                ch,
                t[2],
                types[t[3] as usize].as_str().unwrap().to_string(),
                t[4],
            )
        })
        .collect()
}

#[test]
fn semantic_tokens_and_inlay_hints() {
    let mut c = Client::spawn();
    let init = c.call("initialize", json!({"capabilities": {}}));
    let legend = init["capabilities"]["semanticTokensProvider"]["legend"].clone();
    let types = legend["tokenTypes"].as_array().unwrap().clone();
    c.notify("initialized", json!({}));
    c.open("p.s", PROGRAM);
    let t = c.call(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri("p.s")}}),
    );
    let toks = decode_tokens(&t["data"], &types);
    let line = |n: u64| -> Vec<(u64, u64, String, u64)> {
        toks.iter()
            .filter(|t| t.0 == n)
            .map(|t| (t.1, t.2, t.3.clone(), t.4))
            .collect()
    };
    let s = |x: &str| x.to_string();
    assert_eq!(line(0), vec![(0, 10, s("comment"), 0)]);
    assert_eq!(
        line(1),
        vec![
            (0, 4, s("macro"), 0),
            (5, 1, s("property"), 3),
            (8, 1, s("number"), 0)
        ]
    );
    assert_eq!(
        line(4),
        vec![
            (4, 10, s("keyword"), 0),
            (15, 2, s("variable"), 0),
            (19, 2, s("variable"), 0),
            (23, 2, s("variable"), 0),
            (27, 2, s("parameter"), 0),
            (30, 3, s("enumMember"), 0),
        ]
    );
    assert_eq!(
        line(7),
        vec![
            (0, 4, s("label"), 1),
            (6, 2, s("keyword"), 0),
            (9, 2, s("variable"), 0),
            (13, 5, s("label"), 0),
        ]
    );
    assert_eq!(line(9)[1], (10, 1, s("property"), 2));
    // A range asks for its lines only.
    let t = c.call(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": uri("p.s")}, "range": {"start": {"line": 7, "character": 0}, "end": {"line": 7, "character": 3}}}),
    );
    let r = decode_tokens(&t["data"], &types);
    assert_eq!(r.len(), 4);
    assert_eq!(r[0].0, 7);

    // Inlay hints: each instruction's size and address, the offset a branch encodes.
    let h = c.call(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri("p.s")}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}}),
    );
    let hints: Vec<((u64, u64), String)> = h
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                (
                    h["position"]["line"].as_u64().unwrap(),
                    h["position"]["character"].as_u64().unwrap(),
                ),
                h["label"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let (lp, sp) = (label("loop") as i64, label("start") as i64);
    assert!(
        hints.contains(&((7, 18), format!(" = {:+}", sp - lp))),
        "{hints:?}"
    );
    let a = warpkit_asm::assemble(PROGRAM, &Default::default()).unwrap();
    let bnz_pc = lp + 4;
    assert!(
        hints.contains(&((8, 16), format!(" = {:+}", lp - bnz_pc))),
        "{hints:?}"
    );
    let sizes: Vec<&String> = hints
        .iter()
        .filter(|h| h.1.contains(" B @"))
        .map(|h| &h.1)
        .collect();
    let fadd = id::FADD_F32_M.desc().size;
    assert!(sizes.contains(&&format!("  {fadd} B @0x4")), "{sizes:?}");
    let total: u64 = sizes
        .iter()
        .map(|s| s.trim().split(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    // The .word line is data, not an instruction: its 4 bytes have no hint.
    assert_eq!(total as usize, a.code.len() - 4);
    assert_eq!(c.finish(), 0);
}

fn format(c: &mut Client, name: &str, text: &str) -> String {
    c.open(name, text);
    let edits = c.call(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri(name)}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    apply_edits(text, edits.as_array().unwrap())
}

#[test]
fn formatting_gives_the_canonical_form_and_the_same_bytes() {
    let mut c = Client::start();
    let messy = ".EQU  N ,8\nSTART:   ADD V1,V2,   V3   ; sum\n  FFMA.F32 v1, v2, v3,V4, RM:RTZ,sat:0\n\tbz u1,START\n; full comment\n    fadd.f32.vl v1, v2, 1.5\n    .word N+1\n";
    let f = format(&mut c, "f.s", messy);
    let want = [
        "    .equ N, 8",
        "START:",
        &format!("{:<44}; sum", "    add v1, v2, v3"),
        "    ffma.f32 v1, v2, v3, v4, rm:rtz",
        "    bz u1, START",
        "; full comment",
        "    fadd.f32.vl v1, v2, 1.5",
        "    .word N+1",
        "",
    ]
    .join("\n");
    assert_eq!(f, want);
    let code = |t: &str| warpkit_asm::assemble(t, &Default::default()).unwrap().code;
    assert_eq!(code(&f), code(messy));
    // Formatting the formatted text changes nothing.
    assert_eq!(format(&mut c, "f2.s", &f), f);
    // Every example: the same bytes after formatting.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "s") {
            let src = std::fs::read_to_string(&p).unwrap();
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            let f = format(&mut c, &name, &src);
            assert_eq!(code(&f), code(&src), "{name}\n{f}");
            n += 1;
        }
    }
    assert!(n >= 4);
    // A document with errors is not formatted: an error says why.
    c.open("bad.s", "    add v1\n");
    let r = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri("bad.s")}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert!(
        r["error"]["message"].as_str().unwrap().contains("errors"),
        "{r}"
    );
    assert_eq!(c.finish(), 0);
}

/// What `warpkit asm -f elf` prints for a file on disk (named by its full path, as the server
/// names a `file:` document), and whether it succeeded.
fn cli_report_of(path: &std::path::Path) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_warpkit"))
        .args(["asm", "-f", "elf"])
        .arg(path)
        .args(["-o", "/dev/null"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Open the file at `path` (its text from disk) under its `file:` URI; its diagnostics.
fn open_file(c: &mut Client, path: &std::path::Path) -> Vec<Value> {
    let u = format!("file://{}", path.display());
    let text = std::fs::read_to_string(path).unwrap();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": u, "languageId": "warpkit-asm", "version": 1, "text": text}}),
    );
    let v = c.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == json!(u)
    });
    v["params"]["diagnostics"].as_array().unwrap().clone()
}

/// Every line of each diagnostic's message is a line of the command line's report, and
/// the report has no error or warning the server left out.
fn assert_same_as_cli(d: &[Value], report: &str) {
    for x in d {
        let msg = x["message"].as_str().unwrap();
        let mut lines = msg.split('\n');
        let first = lines.next().unwrap();
        let sev = if x["severity"] == 1 {
            "error"
        } else {
            "warning"
        };
        assert!(
            report.contains(&format!("{sev}: {first}\n")),
            "{first}\n{report}"
        );
        for l in lines {
            // The report draws the place as `┌─ file:line:col`.
            let want = if let Some(at) = l.strip_prefix("--> ") {
                format!("─ {at}\n")
            } else {
                format!("= {l}\n")
            };
            assert!(report.contains(&want), "{l}\n{report}");
        }
        assert_eq!(x["source"], "warpkit asm");
    }
    let count = |p: &str| report.lines().filter(|l| l.starts_with(p)).count();
    let sevs = |s: u64| d.iter().filter(|x| x["severity"] == s).count();
    assert_eq!((count("error: "), count("warning: ")), (sevs(1), sevs(2)));
}

#[test]
fn real_code_directives_and_includes_get_the_command_lines_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::write(
        p.join("ops.s"),
        ".ifndef OPS\n.equ OPS, 1\n.macro add3 d, a, b\n    add \\d, \\a, \\b\n.endm\n.endif\n",
    )
    .unwrap();
    std::fs::write(p.join("bad.s"), "    add v1, v2\n").unwrap();
    let clean = p.join("clean.s");
    std::fs::write(
        &clean,
        ".include \"ops.s\"\n.globl k\n.kernel k\n    add3 v1, v2, v3\n.end_kernel\n",
    )
    .unwrap();
    // An error inside an included file; one in a macro's use (a missing argument).
    let wrong = p.join("wrong.s");
    std::fs::write(
        &wrong,
        ".include \"ops.s\"\n.include \"bad.s\"\n.kernel k\n    add3 v1, v2, v3\n.end_kernel\n",
    )
    .unwrap();
    let wrong_macro = p.join("wrong_macro.s");
    std::fs::write(
        &wrong_macro,
        ".include \"ops.s\"\n.kernel k\n    add3 v1, v2\n.end_kernel\n",
    )
    .unwrap();
    let mut c = Client::start();

    let (ok, report) = cli_report_of(&clean);
    assert!(ok && report.is_empty(), "{report}");
    let d = open_file(&mut c, &clean);
    assert!(d.is_empty(), "{d:?}");

    let (ok, report) = cli_report_of(&wrong);
    assert!(!ok);
    let d = open_file(&mut c, &wrong);
    assert!(!d.is_empty(), "{report}");
    assert_same_as_cli(&d, &report);
    // The included file's error is on the `.include` that brings it in, and names its file.
    let inc = d
        .iter()
        .find(|x| x["message"].as_str().unwrap().contains("bad.s:1:"))
        .unwrap_or_else(|| panic!("{d:?}\n{report}"));
    assert_eq!(range_of(&inc["range"]).0 .0, 1, "{inc}");

    let (ok, report) = cli_report_of(&wrong_macro);
    assert!(!ok);
    let d = open_file(&mut c, &wrong_macro);
    assert_eq!(d.len(), 1, "{report}");
    assert_same_as_cli(&d, &report);
    assert_eq!(range_of(&d[0]["range"]).0 .0, 2, "{d:?}");

    // The same text in a document that is no file: its includes are errors, as for stdin.
    let u = "untitled:Untitled-1";
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": u, "languageId": "warpkit-asm", "version": 1,
            "text": std::fs::read_to_string(&clean).unwrap()}}),
    );
    let v = c.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == json!(u)
    });
    let d = v["params"]["diagnostics"].as_array().unwrap();
    assert!(
        d.iter().any(|x| x["message"]
            .as_str()
            .unwrap()
            .contains("cannot include files")),
        "{d:?}"
    );
    assert_eq!(c.finish(), 0);
}
