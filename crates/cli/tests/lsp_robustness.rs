//! `warpkit lsp` under bad input: malformed frames and messages, unknown methods, unopened
//! documents, positions outside the text or inside a character, a 100,000-line document.
//! Each gets an error or an empty answer, and the server keeps serving.

mod lsp_client;

use lsp_client::{uri, Client};
use serde_json::{json, Value};

/// The server still answers a real request.
#[track_caller]
fn alive(c: &mut Client) {
    let h = c.at("textDocument/hover", "ok.s", 0, 5);
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("semantics"),
        "{h}"
    );
}

#[test]
fn malformed_messages_get_errors_and_the_session_goes_on() {
    let mut c = Client::start();
    c.open("ok.s", "    add v1, v2, v3\n");
    // Not JSON: a parse error with a null id.
    c.raw(b"Content-Length: 9\r\n\r\n{not json");
    let e = c.wait_for(|v| v["error"]["code"] == -32700);
    assert_eq!(e["id"], Value::Null);
    // JSON but not a message: invalid request.
    c.raw(b"Content-Length: 12\r\n\r\n{\"id\": true}");
    c.wait_for(|v| v["error"]["code"] == -32600);
    // A header that is not one, then a frame without Content-Length.
    c.raw(b"garbage\r\n\r\n");
    c.wait_for(|v| {
        v["error"]["code"] == -32700
            && v["error"]["message"]
                .as_str()
                .unwrap()
                .contains("malformed header")
    });
    c.raw(b"Content-Type: x\r\n\r\n");
    c.wait_for(|v| {
        v["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("no Content-Length"))
    });
    // A Content-Length over the limit (here a lie: no such body follows) is answered at
    // once, and the next frame is read.
    c.raw(b"Content-Length: 99999999999\r\n\r\n");
    c.wait_for(|v| {
        v["error"]["code"] == -32600
            && v["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("larger than the limit"))
    });
    alive(&mut c);
    // Not UTF-8 inside a body.
    c.raw(b"Content-Length: 4\r\n\r\n\xff\xfe\xfd\xfc");
    c.wait_for(|v| v["error"]["code"] == -32700 && v["id"].is_null());
    alive(&mut c);
    // A request whose parameters have the wrong shape.
    let r = c.request("textDocument/hover", json!({"textDocument": 5}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    let r = c.request("textDocument/completion", json!(null));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    // Notifications with bad parameters are dropped (with a log message for a change).
    c.notify("textDocument/didChange", json!({"bogus": 1}));
    c.notify("textDocument/didOpen", json!([1, 2]));
    alive(&mut c);
    assert_eq!(c.finish(), 0);
}

#[test]
fn unknown_methods_unopened_documents_and_the_lifecycle() {
    let mut c = Client::spawn();
    // Before initialize: the protocol's error.
    let r = c.request("textDocument/hover", json!({}));
    assert_eq!(r["error"]["code"], -32002);
    c.call("initialize", json!({"capabilities": {}}));
    let r = c.request("initialize", json!({"capabilities": {}}));
    assert_eq!(r["error"]["code"], -32600);
    c.notify("initialized", json!({}));
    let r = c.request("workspace/frobnicate", json!({}));
    assert_eq!(r["error"]["code"], -32601);
    assert!(r["error"]["message"]
        .as_str()
        .unwrap()
        .contains("workspace/frobnicate"));
    // Unknown notifications and `$/` ones are ignored.
    c.notify("$/setTrace", json!({"value": "off"}));
    c.notify("custom/thing", json!({}));
    for method in [
        "textDocument/hover",
        "textDocument/definition",
        "textDocument/completion",
        "textDocument/signatureHelp",
    ] {
        let r = c.request(
            method,
            json!({"textDocument": {"uri": uri("never.s")}, "position": {"line": 0, "character": 0}}),
        );
        assert_eq!(r["error"]["code"], -32602, "{method}: {r}");
        assert!(r["error"]["message"].as_str().unwrap().contains("not open"));
    }
    for method in [
        "textDocument/documentSymbol",
        "textDocument/semanticTokens/full",
        "textDocument/formatting",
    ] {
        let r = c.request(
            method,
            json!({"textDocument": {"uri": uri("never.s")}, "options": {"tabSize": 4, "insertSpaces": true}}),
        );
        assert_eq!(r["error"]["code"], -32602, "{method}: {r}");
    }
    // A change to a document never opened, a close of one never opened.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri("never.s"), "version": 2}, "contentChanges": [{"text": "x"}]}),
    );
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri("never.s")}}),
    );
    c.open("ok.s", "    add v1, v2, v3\n");
    alive(&mut c);
    // Closing clears the document's diagnostics; requests for it are then errors.
    c.open("gone.s", "    add v1\n");
    assert_eq!(c.diagnostics("gone.s", Some(1)).len(), 1);
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri("gone.s")}}),
    );
    assert!(c.diagnostics("gone.s", None).is_empty());
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri("gone.s")}, "position": {"line": 0, "character": 5}}),
    );
    assert_eq!(r["error"]["code"], -32602);
    // After shutdown only exit is accepted.
    c.call("shutdown", Value::Null);
    let r = c.request("textDocument/hover", json!({}));
    assert_eq!(r["error"]["code"], -32600);
    c.notify("exit", Value::Null);
    assert_eq!(c.wait_exit(), 0);
    // exit without shutdown: exit code 1, as the protocol says.
    let mut c = Client::start();
    c.notify("exit", Value::Null);
    assert_eq!(c.wait_exit(), 1);
    // The client going away (end of input) ends the server too.
    let c = Client::start();
    assert_eq!(c.wait_exit(), 1);
}

#[test]
fn positions_outside_the_text_or_inside_a_character_get_empty_answers() {
    let mut c = Client::start();
    c.open("ok.s", "    add v1, v2, v3\n");
    c.open("u.s", "x😀: add v1, v2, v3 ; 😀\n    bz u1, x😀\n");
    c.diagnostics("u.s", Some(1));
    let requests = [
        "textDocument/hover",
        "textDocument/definition",
        "textDocument/signatureHelp",
        "textDocument/prepareRename",
    ];
    // Line past the end, column past the line's end, column inside the surrogate pair
    // (😀 is characters 1 and 2), huge numbers.
    for (line, ch) in [
        (3u64, 0u64),
        (99, 0),
        (0, 200),
        (0, 2),
        (1, 13),
        (4294967295, 4294967295),
    ] {
        for m in requests {
            let r = c.request(
                m,
                json!({"textDocument": {"uri": uri("u.s")}, "position": {"line": line, "character": ch}}),
            );
            assert_eq!(r["result"], Value::Null, "{m} at {line}:{ch}: {r}");
        }
        let r = c.call(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri("u.s")}, "position": {"line": line, "character": ch}}),
        );
        assert!(r.as_array().is_some_and(|a| a.is_empty()), "{r}");
        let r = c.call(
            "textDocument/references",
            json!({"textDocument": {"uri": uri("u.s")}, "position": {"line": line, "character": ch}, "context": {"includeDeclaration": true}}),
        );
        assert_eq!(r, json!([]));
    }
    // Ranges out of the text: answers for the lines that exist.
    let r = c.call(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": uri("u.s")}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 4000000000u64, "character": 9}}}),
    );
    assert!(!r.as_array().unwrap().is_empty(), "{r}");
    let r = c.call(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": uri("u.s")}, "range": {"start": {"line": 50, "character": 0}, "end": {"line": 60, "character": 0}}}),
    );
    assert_eq!(r["data"], json!([]));
    // Edits with bad positions are applied as the protocol says (past the end: the end;
    // inside a character: its start); the document stays usable.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri("u.s"), "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 0, "character": 2}, "end": {"line": 0, "character": 2}}, "text": "_"},
            {"range": {"start": {"line": 900, "character": 0}, "end": {"line": 901, "character": 0}}, "text": "\n.equ Z, 1\n"},
            {"range": {"start": {"line": 1, "character": 500}, "end": {"line": 0, "character": 0}}, "text": ""},
        ]}),
    );
    let d = c.diagnostics("u.s", Some(2));
    assert!(d
        .iter()
        .all(|d| d["range"]["start"]["line"].as_u64().is_some()));
    alive(&mut c);
    assert_eq!(c.finish(), 0);
}

#[test]
fn a_document_of_100000_lines() {
    let mut c = Client::start();
    let mut text = String::from("top:\n");
    for i in 0..100_000 {
        match i % 4 {
            0 => text.push_str("    add v1, v2, v3\n"),
            1 => text.push_str("    fadd.f32.m v4, v5, v6, rm:rtz ; c\n"),
            2 => text.push_str("    bnz u1, top\n"),
            _ => text.push_str("    .word 0x12345678\n"),
        }
    }
    c.open("big.s", &text);
    // Branches far from `top` are out of range: errors, capped, with a final count.
    let d = c.diagnostics("big.s", Some(1));
    assert!(d.len() <= 1001, "{}", d.len());
    // Line n holds pattern (n - 1) % 4: 99,998 is an fadd.
    let h = c.at("textDocument/hover", "big.s", 99_998, 6);
    assert!(
        h["contents"]["value"].as_str().unwrap().contains("fadd"),
        "{h}"
    );
    let t = c.call(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": uri("big.s")}, "range": {"start": {"line": 99990, "character": 0}, "end": {"line": 99999, "character": 0}}}),
    );
    assert!(!t["data"].as_array().unwrap().is_empty());
    let syms = c.call(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri("big.s")}}),
    );
    assert_eq!(syms.as_array().unwrap().len(), 1);
    // An edit at the end, then one at the start: diagnostics follow.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri("big.s"), "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 100001, "character": 0}, "end": {"line": 100001, "character": 0}}, "text": "    addq v1\n"},
        ]}),
    );
    let d = c.diagnostics("big.s", Some(2));
    assert!(!d.is_empty());
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri("big.s"), "version": 3}, "contentChanges": [{"text": "    add v1, v2, v3\n"}]}),
    );
    assert!(c.diagnostics("big.s", Some(3)).is_empty());
    assert_eq!(c.finish(), 0);
}
