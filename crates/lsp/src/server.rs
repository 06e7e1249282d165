//! The protocol loop: JSON-RPC over a byte stream, documents by URI, each request answered
//! from the engines (`analysis`, `hover`, `complete`, ...) with positions converted to the
//! protocol's UTF-16 ones. Diagnostics are published once the queue of incoming messages
//! is empty, so a burst of keystrokes assembles the document once.

use crate::analysis::Analysis;
use crate::complete::{self, CompletionKind};
use crate::navigate::{self, Destination, Named, SymbolRole};
use crate::text::{Document, Pos};
use crate::transport::{self, Incoming};
use crate::workspace::Workspace;
use crate::{format, hover, inlay, semantic};
use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types as lt;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// At most this many diagnostics are published per document, then one that says how many
/// more there are (the command line caps its report the same way).
pub const MAX_DIAGNOSTICS: usize = 1000;

const PUBLISH_AT_LEAST_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

struct Open {
    doc: Document,
    version: i32,
    /// `None` when the text changed since the last assembly.
    analysis: Option<Analysis>,
    /// The file the document is, for `.include` (none for other URI schemes).
    path: Option<PathBuf>,
    /// The files its last assembly read (a change to one of them, open, re-checks it).
    deps: Vec<PathBuf>,
}

impl Open {
    /// Its assembly (made by `LspServer::ensure` before any request reads it).
    fn analysis(&mut self) -> &Analysis {
        let (doc, path) = (&self.doc, self.path.as_deref());
        self.analysis
            .get_or_insert_with(|| Analysis::of_file(doc.text(), path))
    }
}

/// The `file:` URI of a path (bytes outside the unreserved set and `/` escaped).
pub fn file_uri(path: &Path) -> Option<lt::Uri> {
    let mut s = String::from("file://");
    for &b in path.to_str()?.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s.parse().ok()
}

/// The path of a `file:` URI (`file:///dir/a%20b.s`, or with `localhost` as the host);
/// none for other schemes, other hosts, or escapes that are not UTF-8.
pub fn file_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    let b = rest.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok().map(PathBuf::from)
}

/// How the session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// `shutdown` then `exit`.
    Clean,
    /// `exit` without `shutdown`, or the input ended.
    Abrupt,
}

struct LspServer<W: Write> {
    out: W,
    docs: HashMap<String, Open>,
    dirty: BTreeSet<String>,
    /// When the oldest unpublished change arrived.
    dirty_since: Option<std::time::Instant>,
    initialized: bool,
    shut_down: bool,
    /// The assembly files of the workspace folders (workspace symbols).
    ws: Workspace,
    /// The client registers file watchers when asked (`client/registerCapability`).
    watch: bool,
}

/// The workspace folders an `initialize` names: `workspaceFolders`, else `rootUri`, else
/// `rootPath` (`file:` URIs only).
fn roots_of(p: &Value) -> Vec<PathBuf> {
    let folders: Vec<PathBuf> = (p.get("workspaceFolders").and_then(Value::as_array))
        .into_iter()
        .flatten()
        .filter_map(|f| file_path(f.get("uri")?.as_str()?))
        .collect();
    if !folders.is_empty() {
        return folders;
    }
    if let Some(r) = p.get("rootUri").and_then(Value::as_str).and_then(file_path) {
        return vec![r];
    }
    (p.get("rootPath").and_then(Value::as_str))
        .filter(|r| r.starts_with('/'))
        .map(|r| vec![PathBuf::from(r)])
        .unwrap_or_default()
}

/// Why a request got no result.
struct Failure(i32, String);

type Answer = Result<Value, Failure>;

fn invalid(msg: impl Into<String>) -> Failure {
    Failure(ErrorCode::InvalidParams as i32, msg.into())
}

fn to_value(v: impl serde::Serialize) -> Answer {
    serde_json::to_value(v).map_err(|e| Failure(ErrorCode::InternalError as i32, e.to_string()))
}

fn params<P: DeserializeOwned>(v: Value) -> Result<P, Failure> {
    serde_json::from_value(v).map_err(|e| invalid(format!("bad parameters: {e}")))
}

fn pos(p: Pos) -> lt::Position {
    lt::Position::new(p.line, p.character)
}

fn range(doc: &Document, start: usize, end: usize) -> lt::Range {
    lt::Range::new(pos(doc.pos(start)), pos(doc.pos(end)))
}

fn from_lsp(p: lt::Position) -> Pos {
    Pos {
        line: p.line,
        character: p.character,
    }
}

pub fn capabilities() -> lt::ServerCapabilities {
    lt::ServerCapabilities {
        position_encoding: Some(lt::PositionEncodingKind::UTF16),
        text_document_sync: Some(lt::TextDocumentSyncCapability::Options(
            lt::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lt::TextDocumentSyncKind::INCREMENTAL),
                ..Default::default()
            },
        )),
        hover_provider: Some(lt::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lt::CompletionOptions {
            trigger_characters: Some([":", ".", ",", " "].map(String::from).to_vec()),
            ..Default::default()
        }),
        signature_help_provider: Some(lt::SignatureHelpOptions {
            trigger_characters: Some([" ", ","].map(String::from).to_vec()),
            retrigger_characters: Some(vec![":".into()]),
            ..Default::default()
        }),
        definition_provider: Some(lt::OneOf::Left(true)),
        references_provider: Some(lt::OneOf::Left(true)),
        rename_provider: Some(lt::OneOf::Right(lt::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_symbol_provider: Some(lt::OneOf::Left(true)),
        document_formatting_provider: Some(lt::OneOf::Left(true)),
        semantic_tokens_provider: Some(
            lt::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lt::SemanticTokensOptions {
                    legend: lt::SemanticTokensLegend {
                        token_types: semantic::TYPES
                            .iter()
                            .map(|t| lt::SemanticTokenType::new(t))
                            .collect(),
                        token_modifiers: semantic::MODIFIERS
                            .iter()
                            .map(|m| lt::SemanticTokenModifier::new(m))
                            .collect(),
                    },
                    range: Some(true),
                    full: Some(lt::SemanticTokensFullOptions::Bool(true)),
                    ..Default::default()
                },
            ),
        ),
        inlay_hint_provider: Some(lt::OneOf::Left(true)),
        workspace_symbol_provider: Some(lt::OneOf::Left(true)),
        workspace: Some(lt::WorkspaceServerCapabilities {
            workspace_folders: Some(lt::WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(lt::OneOf::Left(true)),
            }),
            file_operations: None,
        }),
        ..Default::default()
    }
}

/// Serve one client over `input`/`output` until `exit` or the end of the input.
pub fn serve<R: BufRead + Send + 'static, W: Write>(
    input: R,
    output: W,
) -> std::io::Result<SessionEnd> {
    let (tx, rx) = mpsc::sync_channel::<Incoming>(64);
    let reader = std::thread::Builder::new()
        .name("lsp-reader".into())
        .spawn(move || {
            let mut input = transport::MessageReader::new(input);
            // The loop ends at the end of input, on a read error, or when the server is gone.
            while let Ok(Some(m)) = input.read() {
                let exit =
                    matches!(&m, Incoming::Message(Message::Notification(n)) if n.method == "exit");
                if tx.send(m).is_err() || exit {
                    break;
                }
            }
        })?;
    let mut s = LspServer {
        out: output,
        docs: HashMap::new(),
        dirty: BTreeSet::new(),
        dirty_since: None,
        initialized: false,
        shut_down: false,
        ws: Workspace::default(),
        watch: false,
    };
    let end = loop {
        // Under a steady stream of requests, diagnostics still go out every so often.
        if s.dirty_since
            .is_some_and(|t| t.elapsed() > PUBLISH_AT_LEAST_EVERY)
        {
            s.publish_dirty()?;
        }
        let m = if s.dirty.is_empty() {
            match rx.recv() {
                Ok(m) => m,
                Err(_) => break SessionEnd::Abrupt,
            }
        } else {
            match rx.try_recv() {
                Ok(m) => m,
                Err(mpsc::TryRecvError::Empty) => {
                    s.publish_dirty()?;
                    continue;
                }
                Err(mpsc::TryRecvError::Disconnected) => break SessionEnd::Abrupt,
            }
        };
        match m {
            Incoming::Malformed { code, id, message } => {
                transport::write_malformed(&mut s.out, code, id, &message)?
            }
            Incoming::Message(Message::Request(r)) => s.request(r)?,
            Incoming::Message(Message::Notification(n)) => {
                if n.method == "exit" {
                    break if s.shut_down {
                        SessionEnd::Clean
                    } else {
                        SessionEnd::Abrupt
                    };
                }
                s.notification(n)?;
            }
            // The server sends no requests, so answers are not expected.
            Incoming::Message(Message::Response(_)) => {}
        }
    };
    drop(rx);
    // The reader may be blocked on input the client never sends; it ends with the process.
    drop(reader);
    Ok(end)
}

impl<W: Write> LspServer<W> {
    fn send(&mut self, m: Message) -> std::io::Result<()> {
        transport::write(&mut self.out, &m)
    }

    fn request(&mut self, r: Request) -> std::io::Result<()> {
        let id = r.id.clone();
        let answer = if r.method == "initialize" {
            if self.initialized {
                Err(Failure(
                    ErrorCode::InvalidRequest as i32,
                    "initialize was already received".into(),
                ))
            } else {
                self.initialized = true;
                self.ws.set_roots(roots_of(&r.params));
                self.watch = r.params["capabilities"]["workspace"]["didChangeWatchedFiles"]
                    ["dynamicRegistration"]
                    == Value::Bool(true);
                to_value(lt::InitializeResult {
                    capabilities: capabilities(),
                    server_info: Some(lt::ServerInfo {
                        name: "warpkit lsp".into(),
                        version: Some(env!("CARGO_PKG_VERSION").into()),
                    }),
                })
            }
        } else if !self.initialized {
            Err(Failure(
                ErrorCode::ServerNotInitialized as i32,
                "the first request must be initialize".into(),
            ))
        } else if self.shut_down {
            Err(Failure(
                ErrorCode::InvalidRequest as i32,
                "the server is shut down; only exit is accepted".into(),
            ))
        } else if r.method == "shutdown" {
            self.shut_down = true;
            Ok(Value::Null)
        } else {
            // A defect in a handler answers that request with an error; the session goes on.
            let method = r.method.clone();
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                self.dispatch(&r.method, r.params)
            })) {
                Ok(a) => a,
                Err(_) => Err(Failure(
                    ErrorCode::InternalError as i32,
                    format!("internal error while answering {method}"),
                )),
            }
        };
        let resp = match answer {
            Ok(v) => Response {
                id,
                response_result: Ok(v),
            },
            Err(Failure(code, message)) => Response::new_err(id, code, message),
        };
        self.send(Message::Response(resp))
    }

    /// Assemble an open document if its text changed, reading its open includes from the
    /// editor.
    fn ensure(&mut self, key: &str) {
        if self.docs.get(key).is_none_or(|o| o.analysis.is_some()) {
            return;
        }
        let Some(mut o) = self.docs.remove(key) else {
            return;
        };
        let docs = &self.docs;
        let open = |p: &Path| {
            docs.values()
                .find(|d| d.path.as_deref() == Some(p))
                .map(|d| d.doc.text().to_string())
        };
        let an = Analysis::of_project(o.doc.text(), o.path.as_deref(), &open);
        o.deps = an.files.iter().map(|f| f.path.clone()).collect();
        o.analysis = Some(an);
        self.docs.insert(key.to_string(), o);
    }

    /// A document's text changed (or it opened or closed): the open documents that include
    /// it are assembled again.
    fn recheck_includers(&mut self, key: &str) {
        let Some(p) = file_path(key) else { return };
        let users: Vec<String> = self
            .docs
            .iter()
            .filter(|(k, o)| k.as_str() != key && o.deps.contains(&p))
            .map(|(k, _)| k.clone())
            .collect();
        for k in users {
            if let Some(o) = self.docs.get_mut(&k) {
                o.analysis = None;
            }
            self.mark_dirty(k);
        }
    }

    /// The URI the editor knows a path by (an open document's own), else its `file:` URI.
    fn uri_of(&self, p: &Path) -> Option<lt::Uri> {
        self.docs
            .iter()
            .find(|(_, o)| o.path.as_deref() == Some(p))
            .and_then(|(k, _)| k.parse().ok())
            .or_else(|| file_uri(p))
    }

    /// A target of a document's analysis as a protocol location.
    fn location(&self, key: &str, t: &Destination) -> Option<lt::Location> {
        let o = self.docs.get(key)?;
        let an = o.analysis.as_ref()?;
        Some(match t {
            Destination::Doc(s, e) => lt::Location::new(key.parse().ok()?, range(&o.doc, *s, *e)),
            Destination::File(f, s, e) => {
                let file = an.files.get(*f)?;
                let d = Document::new(file.text.clone());
                lt::Location::new(self.uri_of(&file.path)?, range(&d, *s, *e))
            }
            Destination::Path(p) => lt::Location::new(
                self.uri_of(p)?,
                lt::Range::new(lt::Position::new(0, 0), lt::Position::new(0, 0)),
            ),
        })
    }

    /// Every place a name is written: in the document's unit, and in the units of the open
    /// documents that include the document; one location per place.
    fn all_occurrences(&mut self, key: &str, name: &str, named: Named) -> Vec<lt::Location> {
        let mut out: Vec<lt::Location> = Vec::new();
        let push = |l: lt::Location, out: &mut Vec<lt::Location>| {
            if !out.contains(&l) {
                out.push(l);
            }
        };
        let mine = match self
            .docs
            .get(key)
            .and_then(|o| Some((o, o.analysis.as_ref()?)))
        {
            Some((o, an)) => navigate::occurrences_in_unit(o.doc.text(), an, name, named),
            None => Vec::new(),
        };
        for t in &mine {
            if let Some(l) = self.location(key, t) {
                push(l, &mut out);
            }
        }
        // The open documents that include the document or the file defining the name (a
        // header's macro is used by every file that includes the header).
        let mut files: Vec<PathBuf> = file_path(key).into_iter().collect();
        if let Some(an) = self.docs.get(key).and_then(|o| o.analysis.as_ref()) {
            let def_file = match named {
                Named::Symbol => an.definition(name).and_then(|d| d.0),
                Named::Macro => an.macro_named(name).and_then(|m| m.file),
            };
            files.extend(
                def_file
                    .and_then(|f| an.files.get(f))
                    .map(|f| f.path.clone()),
            );
        }
        let users: Vec<String> = self
            .docs
            .iter()
            .filter(|(k, o)| {
                k.as_str() != key
                    && files
                        .iter()
                        .any(|f| o.deps.contains(f) || o.path.as_ref() == Some(f))
            })
            .map(|(k, _)| k.clone())
            .collect();
        for k in users {
            self.ensure(&k);
            let ts = match self
                .docs
                .get(&k)
                .and_then(|o| Some((o, o.analysis.as_ref()?)))
            {
                Some((o, an)) => navigate::occurrences_in_unit(o.doc.text(), an, name, named),
                None => continue,
            };
            for t in &ts {
                if let Some(l) = self.location(&k, t) {
                    push(l, &mut out);
                }
            }
        }
        out
    }

    fn doc(&mut self, uri: &lt::Uri) -> Result<&mut Open, Failure> {
        self.ensure(uri.as_str());
        self.docs
            .get_mut(uri.as_str())
            .ok_or_else(|| invalid(format!("document not open: {}", uri.as_str())))
    }

    /// A request's document and the byte offset of its position (`None`: the position is
    /// not in the document, which gets an empty answer).
    fn at(
        &mut self,
        p: &lt::TextDocumentPositionParams,
    ) -> Result<(&mut Open, Option<usize>), Failure> {
        let o = self.doc(&p.text_document.uri)?;
        let off = o.doc.offset(from_lsp(p.position)).ok();
        Ok((o, off))
    }

    fn dispatch(&mut self, method: &str, p: Value) -> Answer {
        match method {
            "textDocument/hover" => {
                let p: lt::HoverParams = params(p)?;
                let (o, off) = self.at(&p.text_document_position_params)?;
                let Some(off) = off else {
                    return Ok(Value::Null);
                };
                let h = hover::hover(
                    &o.doc,
                    o.analysis
                        .get_or_insert_with(|| Analysis::of_file(o.doc.text(), o.path.as_deref())),
                    off,
                );
                to_value(h.map(|h| lt::Hover {
                    contents: lt::HoverContents::Markup(lt::MarkupContent {
                        kind: lt::MarkupKind::Markdown,
                        value: h.markdown,
                    }),
                    range: Some(range(&o.doc, h.start, h.end)),
                }))
            }
            "textDocument/completion" => {
                let p: lt::CompletionParams = params(p)?;
                let (o, off) = self.at(&p.text_document_position)?;
                let Some(off) = off else {
                    return to_value(Vec::<lt::CompletionItem>::new());
                };
                o.analysis();
                let Open { doc, analysis, .. } = o;
                let c = complete::complete(doc, analysis.as_ref().expect("assembled above"), off);
                let r = range(doc, c.start, c.end);
                let items: Vec<lt::CompletionItem> = c
                    .items
                    .into_iter()
                    .map(|i| lt::CompletionItem {
                        kind: Some(match i.kind {
                            CompletionKind::Instruction => lt::CompletionItemKind::KEYWORD,
                            CompletionKind::Directive => lt::CompletionItemKind::KEYWORD,
                            CompletionKind::Register => lt::CompletionItemKind::VARIABLE,
                            CompletionKind::Modifier => lt::CompletionItemKind::PROPERTY,
                            CompletionKind::Value => lt::CompletionItemKind::ENUM_MEMBER,
                            CompletionKind::Label => lt::CompletionItemKind::REFERENCE,
                            CompletionKind::Constant => lt::CompletionItemKind::CONSTANT,
                        }),
                        detail: Some(i.detail),
                        text_edit: Some(lt::CompletionTextEdit::Edit(lt::TextEdit {
                            range: r,
                            new_text: i.insert.unwrap_or_else(|| i.label.clone()),
                        })),
                        command: i.retrigger.then(|| lt::Command {
                            title: "suggest".into(),
                            command: "editor.action.triggerSuggest".into(),
                            arguments: None,
                        }),
                        label: i.label,
                        ..Default::default()
                    })
                    .collect();
                to_value(lt::CompletionResponse::List(lt::CompletionList {
                    is_incomplete: false,
                    items,
                }))
            }
            "textDocument/signatureHelp" => {
                let p: lt::SignatureHelpParams = params(p)?;
                let (o, off) = self.at(&p.text_document_position_params)?;
                let Some(s) = off.and_then(|off| complete::signature(&o.doc, off)) else {
                    return Ok(Value::Null);
                };
                let active = s.active.map(|a| a as u32);
                to_value(lt::SignatureHelp {
                    signatures: vec![lt::SignatureInformation {
                        label: s.label,
                        documentation: Some(lt::Documentation::String(s.doc)),
                        parameters: Some(
                            s.params
                                .into_iter()
                                .map(|(a, b, what)| lt::ParameterInformation {
                                    label: lt::ParameterLabel::LabelOffsets([a as u32, b as u32]),
                                    documentation: Some(lt::Documentation::String(what)),
                                })
                                .collect(),
                        ),
                        active_parameter: active,
                    }],
                    active_signature: Some(0),
                    active_parameter: active,
                })
            }
            "textDocument/definition" => {
                let p: lt::GotoDefinitionParams = params(p)?;
                let key = p
                    .text_document_position_params
                    .text_document
                    .uri
                    .as_str()
                    .to_string();
                let (o, off) = self.at(&p.text_document_position_params)?;
                let Some(off) = off else {
                    return Ok(Value::Null);
                };
                o.analysis();
                let Open {
                    doc,
                    analysis,
                    path,
                    ..
                } = o;
                let an = analysis.as_ref().expect("assembled above");
                let def = navigate::definition(doc, an, path.as_deref(), off);
                to_value(
                    def.and_then(|t| self.location(&key, &t))
                        .map(lt::GotoDefinitionResponse::Scalar),
                )
            }
            "textDocument/references" => {
                let p: lt::ReferenceParams = params(p)?;
                let key = p
                    .text_document_position
                    .text_document
                    .uri
                    .as_str()
                    .to_string();
                let (o, off) = self.at(&p.text_document_position)?;
                let Some(off) = off else {
                    return Ok(Value::Array(Vec::new()));
                };
                o.analysis();
                let Open { doc, analysis, .. } = o;
                let an = analysis.as_ref().expect("assembled above");
                let Some((name, named, _, _)) = navigate::name_at(doc, an, off) else {
                    return Ok(Value::Array(Vec::new()));
                };
                let def = match named {
                    Named::Symbol => an.definition(&name).map(|(f, s, e)| match f {
                        None => Destination::Doc(s, e),
                        Some(f) => Destination::File(f, s, e),
                    }),
                    Named::Macro => an.macro_named(&name).map(|m| match m.file {
                        None => Destination::Doc(m.start, m.end),
                        Some(f) => Destination::File(f, m.start, m.end),
                    }),
                };
                let def = def.and_then(|t| self.location(&key, &t));
                let all = self.all_occurrences(&key, &name, named);
                to_value(
                    all.into_iter()
                        .filter(|l| p.context.include_declaration || Some(l) != def.as_ref())
                        .collect::<Vec<_>>(),
                )
            }
            "textDocument/prepareRename" => {
                let p: lt::TextDocumentPositionParams = params(p)?;
                let (o, off) = self.at(&p)?;
                let Some(off) = off else {
                    return Ok(Value::Null);
                };
                o.analysis();
                let Open { doc, analysis, .. } = o;
                let n = navigate::name_at(doc, analysis.as_ref().expect("assembled above"), off);
                to_value(n.map(|(_, _, s, e)| lt::PrepareRenameResponse::Range(range(doc, s, e))))
            }
            "textDocument/rename" => {
                let p: lt::RenameParams = params(p)?;
                let key = p
                    .text_document_position
                    .text_document
                    .uri
                    .as_str()
                    .to_string();
                let (o, off) = self.at(&p.text_document_position)?;
                let Some(off) = off else {
                    return Err(invalid("the position is not in the document"));
                };
                o.analysis();
                let Open { doc, analysis, .. } = o;
                let an = analysis.as_ref().expect("assembled above");
                let Some((name, named, _, _)) = navigate::name_at(doc, an, off) else {
                    return Err(Failure(
                        ErrorCode::RequestFailed as i32,
                        "no label, .equ name or macro here".into(),
                    ));
                };
                navigate::check_new_name(an, &name, &p.new_name)
                    .map_err(|e| Failure(ErrorCode::RequestFailed as i32, e))?;
                // Grouped by URI text (the protocol's URI type is no hash key).
                let mut by_uri: Vec<(lt::Uri, Vec<lt::TextEdit>)> = Vec::new();
                for l in self.all_occurrences(&key, &name, named) {
                    let edit = lt::TextEdit::new(l.range, p.new_name.clone());
                    match by_uri
                        .iter_mut()
                        .find(|(u, _)| u.as_str() == l.uri.as_str())
                    {
                        Some((_, v)) => v.push(edit),
                        None => by_uri.push((l.uri, vec![edit])),
                    }
                }
                #[allow(clippy::mutable_key_type)] // the protocol's type for `changes`
                let changes: HashMap<lt::Uri, Vec<lt::TextEdit>> = by_uri.into_iter().collect();
                to_value(lt::WorkspaceEdit::new(changes))
            }
            "textDocument/documentSymbol" => {
                let p: lt::DocumentSymbolParams = params(p)?;
                let o = self.doc(&p.text_document.uri)?;
                o.analysis();
                let Open { doc, analysis, .. } = o;
                let syms =
                    navigate::document_symbols(doc, analysis.as_ref().expect("assembled above"));
                #[allow(deprecated)] // `deprecated` is a required field of the type
                let list: Vec<lt::DocumentSymbol> = syms
                    .into_iter()
                    .map(|s| lt::DocumentSymbol {
                        name: s.name,
                        detail: Some(s.detail),
                        kind: symbol_kind(s.role),
                        tags: None,
                        deprecated: None,
                        range: range(doc, s.start, s.full_end),
                        selection_range: range(doc, s.start, s.end),
                        children: None,
                    })
                    .collect();
                to_value(lt::DocumentSymbolResponse::Nested(list))
            }
            "workspace/symbol" => {
                let p: lt::WorkspaceSymbolParams = params(p)?;
                let q = p.query.to_ascii_lowercase();
                let keys: Vec<String> = self.docs.keys().cloned().collect();
                let mut out: Vec<lt::SymbolInformation> = Vec::new();
                for k in keys {
                    self.ensure(&k);
                    let Some(o) = self.docs.get(&k) else { continue };
                    let Some(an) = o.analysis.as_ref() else {
                        continue;
                    };
                    let mut units = vec![(None, o.doc.clone())];
                    for (i, f) in an.files.iter().enumerate() {
                        units.push((Some(i), Document::new(f.text.clone())));
                    }
                    for (file, d) in &units {
                        for s in navigate::symbols_of(d, an, *file) {
                            if !s.name.to_ascii_lowercase().contains(&q) {
                                continue;
                            }
                            let t = match file {
                                None => Destination::Doc(s.start, s.end),
                                Some(f) => Destination::File(*f, s.start, s.end),
                            };
                            let Some(location) = self.location(&k, &t) else {
                                continue;
                            };
                            #[allow(deprecated)] // `deprecated` is a required field
                            let info = lt::SymbolInformation {
                                name: s.name,
                                kind: symbol_kind(s.role),
                                tags: None,
                                deprecated: None,
                                location,
                                container_name: None,
                            };
                            if !out
                                .iter()
                                .any(|x| x.name == info.name && x.location == info.location)
                            {
                                out.push(info);
                            }
                        }
                    }
                }
                // The assembly files of the workspace folders that are not open (an open
                // one's symbols are its text's, above).
                self.ws.refresh();
                for (path, f) in self.ws.files() {
                    if self.docs.values().any(|o| o.path.as_deref() == Some(path)) {
                        continue;
                    }
                    let Some(uri) = file_uri(path) else { continue };
                    for s in &f.symbols {
                        if !s.name.to_ascii_lowercase().contains(&q) {
                            continue;
                        }
                        let location =
                            lt::Location::new(uri.clone(), range(&f.doc, s.start, s.end));
                        if out
                            .iter()
                            .any(|x| x.name == s.name && x.location == location)
                        {
                            continue;
                        }
                        #[allow(deprecated)] // `deprecated` is a required field
                        out.push(lt::SymbolInformation {
                            name: s.name.clone(),
                            kind: symbol_kind(s.role),
                            tags: None,
                            deprecated: None,
                            location,
                            container_name: None,
                        });
                    }
                }
                to_value(out)
            }
            "textDocument/semanticTokens/full" => {
                let p: lt::SemanticTokensParams = params(p)?;
                let o = self.doc(&p.text_document.uri)?;
                let lines = o.doc.lines();
                to_value(semantic_tokens(o, 0, lines))
            }
            "textDocument/semanticTokens/range" => {
                let p: lt::SemanticTokensRangeParams = params(p)?;
                let o = self.doc(&p.text_document.uri)?;
                let (a, b) = (p.range.start.line as usize, p.range.end.line as usize + 1);
                to_value(semantic_tokens(o, a, b.min(o.doc.lines())))
            }
            "textDocument/formatting" => {
                let p: lt::DocumentFormattingParams = params(p)?;
                let o = self.doc(&p.text_document.uri)?;
                o.analysis();
                let Open { doc, analysis, .. } = o;
                let new = format::format(doc.text(), analysis.as_ref().expect("assembled above"))
                    .map_err(|e| Failure(ErrorCode::RequestFailed as i32, e))?;
                if new == doc.text() {
                    return to_value(Vec::<lt::TextEdit>::new());
                }
                to_value(vec![lt::TextEdit::new(
                    range(doc, 0, doc.text().len()),
                    new,
                )])
            }
            "textDocument/inlayHint" => {
                let p: lt::InlayHintParams = params(p)?;
                let o = self.doc(&p.text_document.uri)?;
                o.analysis();
                let Open { doc, analysis, .. } = o;
                let (a, b) = (p.range.start.line as usize, p.range.end.line as usize + 1);
                let hints = inlay::hints(
                    doc.text(),
                    analysis.as_ref().expect("assembled above"),
                    a,
                    b.min(doc.lines()),
                );
                to_value(
                    hints
                        .into_iter()
                        .map(|h| lt::InlayHint {
                            position: pos(doc.pos(h.at)),
                            label: lt::InlayHintLabel::String(h.label),
                            kind: None,
                            text_edits: None,
                            tooltip: None,
                            padding_left: None,
                            padding_right: None,
                            data: None,
                        })
                        .collect::<Vec<_>>(),
                )
            }
            m => Err(Failure(
                ErrorCode::MethodNotFound as i32,
                format!("unknown method `{m}`"),
            )),
        }
    }

    fn notification(&mut self, n: Notification) -> std::io::Result<()> {
        if !self.initialized {
            return Ok(()); // notifications before initialize are dropped
        }
        match n.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) = serde_json::from_value::<lt::DidOpenTextDocumentParams>(n.params) {
                    let key = p.text_document.uri.as_str().to_string();
                    self.docs.insert(
                        key.clone(),
                        Open {
                            doc: Document::new(p.text_document.text),
                            version: p.text_document.version,
                            analysis: None,
                            path: file_path(&key),
                            deps: Vec::new(),
                        },
                    );
                    self.recheck_includers(&key);
                    self.mark_dirty(key);
                }
            }
            "textDocument/didChange" => {
                let Ok(p) = serde_json::from_value::<lt::DidChangeTextDocumentParams>(n.params)
                else {
                    return self.log("didChange with bad parameters: ignored");
                };
                let key = p.text_document.uri.as_str().to_string();
                let Some(o) = self.docs.get_mut(&key) else {
                    return self.log(&format!("didChange for a document not open: {key}"));
                };
                for c in p.content_changes {
                    match c.range {
                        Some(r) => {
                            let a = o.doc.offset_lenient(from_lsp(r.start));
                            let b = o.doc.offset_lenient(from_lsp(r.end));
                            o.doc.replace(a, b, &c.text);
                        }
                        None => o.doc.set_text(c.text),
                    }
                }
                o.version = p.text_document.version;
                o.analysis = None;
                self.recheck_includers(&key);
                self.mark_dirty(key);
            }
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<lt::DidCloseTextDocumentParams>(n.params) {
                    let key = p.text_document.uri.as_str().to_string();
                    if self.docs.remove(&key).is_some() {
                        self.dirty.remove(&key);
                        // Its includers read it from disk again.
                        self.recheck_includers(&key);
                        // A closed document's problems leave the editor's list.
                        self.publish(&key, Vec::new(), None)?;
                        // Its symbols are the file's on disk again.
                        if let Some(path) = file_path(&key) {
                            self.ws.changed(&path);
                        }
                    }
                }
            }
            "initialized" if self.watch => {
                // Changes to assembly files on disk refresh the workspace symbols at once.
                let reg = json!({"registrations": [{
                    "id": "warpkit-assembly-files",
                    "method": "workspace/didChangeWatchedFiles",
                    "registerOptions": {"watchers": [{"globPattern": "**/*.{s,S,asm,inc}"}]},
                }]});
                self.send(Message::Request(Request::new(
                    "warpkit-watch".to_string().into(),
                    "client/registerCapability".into(),
                    reg,
                )))?;
            }
            "workspace/didChangeWatchedFiles" => {
                if let Ok(p) = serde_json::from_value::<lt::DidChangeWatchedFilesParams>(n.params) {
                    for c in p.changes {
                        if let Some(path) = file_path(c.uri.as_str()) {
                            self.ws.changed(&path);
                        }
                    }
                }
            }
            "workspace/didChangeWorkspaceFolders" => {
                if let Ok(p) =
                    serde_json::from_value::<lt::DidChangeWorkspaceFoldersParams>(n.params)
                {
                    let paths = |v: Vec<lt::WorkspaceFolder>| -> Vec<PathBuf> {
                        v.iter().filter_map(|f| file_path(f.uri.as_str())).collect()
                    };
                    let removed = paths(p.event.removed);
                    self.ws.change_roots(paths(p.event.added), &removed);
                }
            }
            "textDocument/didSave" => {
                if let Ok(p) = serde_json::from_value::<lt::DidSaveTextDocumentParams>(n.params) {
                    if let Some(path) = file_path(p.text_document.uri.as_str()) {
                        self.ws.changed(&path);
                    }
                }
            }
            // $/cancelRequest, configuration changes: nothing to do (requests are answered
            // in order, so there is nothing to cancel).
            _ => {}
        }
        Ok(())
    }

    fn mark_dirty(&mut self, key: String) {
        self.dirty.insert(key);
        self.dirty_since.get_or_insert_with(std::time::Instant::now);
    }

    fn log(&mut self, message: &str) -> std::io::Result<()> {
        self.send(Message::Notification(Notification::new(
            "window/logMessage".into(),
            lt::LogMessageParams {
                typ: lt::MessageType::WARNING,
                message: message.into(),
            },
        )))
    }

    fn publish_dirty(&mut self) -> std::io::Result<()> {
        let dirty = std::mem::take(&mut self.dirty);
        self.dirty_since = None;
        for key in dirty {
            self.ensure(&key);
            let Some(o) = self.docs.get(&key) else {
                continue;
            };
            let mut diags = match &o.analysis {
                Some(an) => diagnostics(&key, &o.doc, an),
                None => Vec::new(),
            };
            // A diagnostic whose place is in an included file points there too.
            if let Some(an) = &o.analysis {
                for (d, e) in diags.iter_mut().zip(&an.elsewhere) {
                    let Some((f, s, e)) = *e else { continue };
                    if let Some(l) = self.location(&key, &Destination::File(f, s, e)) {
                        d.related_information.get_or_insert_with(Vec::new).push(
                            lt::DiagnosticRelatedInformation {
                                location: l,
                                message: "the place in the included file".into(),
                            },
                        );
                    }
                }
            }
            let version = Some(o.version);
            self.publish(&key, diags, version)?;
        }
        Ok(())
    }

    fn publish(
        &mut self,
        key: &str,
        diagnostics: Vec<lt::Diagnostic>,
        version: Option<i32>,
    ) -> std::io::Result<()> {
        let Ok(uri) = key.parse::<lt::Uri>() else {
            return Ok(());
        };
        self.send(Message::Notification(Notification::new(
            "textDocument/publishDiagnostics".into(),
            lt::PublishDiagnosticsParams {
                uri,
                diagnostics,
                version,
            },
        )))
    }
}

fn symbol_kind(r: SymbolRole) -> lt::SymbolKind {
    match r {
        SymbolRole::Kernel => lt::SymbolKind::FUNCTION,
        SymbolRole::Macro => lt::SymbolKind::OPERATOR,
        SymbolRole::Label => lt::SymbolKind::KEY,
        SymbolRole::Equ => lt::SymbolKind::CONSTANT,
    }
}

/// The assembler's diagnostics of a document in the protocol's terms: the message and the
/// hint as `warpkit asm` prints them, the first definition of a name defined twice as
/// related information.
pub fn diagnostics(key: &str, doc: &Document, an: &Analysis) -> Vec<lt::Diagnostic> {
    let uri: Option<lt::Uri> = key.parse().ok();
    let mut out: Vec<lt::Diagnostic> = an
        .diagnostics
        .iter()
        .take(MAX_DIAGNOSTICS)
        .map(|d| {
            let mut message = d.message.clone();
            if let Some(h) = &d.hint {
                message.push_str("\nhint: ");
                message.push_str(h);
            }
            lt::Diagnostic {
                range: range(doc, d.start, d.end),
                severity: Some(if d.is_error() {
                    lt::DiagnosticSeverity::ERROR
                } else {
                    lt::DiagnosticSeverity::WARNING
                }),
                source: Some("warpkit asm".into()),
                message,
                related_information: d.related.as_ref().and_then(|r| {
                    Some(vec![lt::DiagnosticRelatedInformation {
                        location: lt::Location::new(uri.clone()?, range(doc, r.start, r.end)),
                        message: r.message.clone(),
                    }])
                }),
                ..Default::default()
            }
        })
        .collect();
    if an.diagnostics.len() > MAX_DIAGNOSTICS {
        let next = &an.diagnostics[MAX_DIAGNOSTICS];
        out.push(lt::Diagnostic {
            range: range(doc, next.start, next.end),
            severity: Some(lt::DiagnosticSeverity::INFORMATION),
            source: Some("warpkit asm".into()),
            message: format!(
                "... and {} more diagnostics (the first {MAX_DIAGNOSTICS} are shown)",
                an.diagnostics.len() - MAX_DIAGNOSTICS
            ),
            ..Default::default()
        });
    }
    out
}

fn semantic_tokens(o: &mut Open, first: usize, last: usize) -> lt::SemanticTokens {
    o.analysis();
    let doc = &o.doc;
    let an = o.analysis.as_ref().expect("assembled above");
    let toks = semantic::tokens(doc.text(), an, first, last);
    let mut data = Vec::with_capacity(toks.len());
    let (mut line, mut col) = (0u32, 0u32);
    for t in toks {
        let a = doc.pos(t.start);
        let b = doc.pos(t.end);
        let len = if b.line == a.line {
            b.character - a.character
        } else {
            continue;
        };
        let delta_line = a.line - line;
        let delta_start = if delta_line == 0 {
            a.character - col
        } else {
            a.character
        };
        data.push(lt::SemanticToken {
            delta_line,
            delta_start,
            length: len,
            token_type: t.ty,
            token_modifiers_bitset: t.modifiers,
        });
        line = a.line;
        col = a.character;
    }
    lt::SemanticTokens {
        result_id: None,
        data,
    }
}
