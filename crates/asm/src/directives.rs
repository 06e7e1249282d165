//! Symbol directives of real code: `.text`, `.section .text`, `.globl`/`.global`, `.local`,
//! `.type`, `.size`, `.kernel`/`.end_kernel`. The front stage records them (`Decl`) and
//! leaves labels in the text where they need an address; after assembly `resolve` turns
//! them and the labels into the symbol table and the kernel list.

use crate::origin::Loc;
use crate::symbols::{Binding, Kernel, SymKind, Symbol};
use crate::syntax::split_args;
use std::collections::HashMap;

/// A recorded symbol directive.
#[derive(Clone, Debug)]
pub(crate) enum Decl {
    Global(String),
    Local(String),
    Type(String, SymKind),
    /// `.size NAME, EXPR`: the expression with `.` replaced by the label `here`.
    Size {
        name: String,
        expr: String,
    },
    /// `.kernel NAME` .. `.end_kernel` (the label after the kernel's last byte).
    Kernel {
        name: String,
        end: String,
    },
}

const WORDS: &[&str] = &[
    ".text",
    ".section",
    ".data",
    ".bss",
    ".rodata",
    ".globl",
    ".global",
    ".local",
    ".type",
    ".size",
    ".kernel",
    ".end_kernel",
];

/// Prefix of the labels the front stage adds (never in the symbol table).
pub(crate) const SYNTH_PREFIX: &str = ".L$wk";

pub(crate) fn is_symbol_directive(lower: &str) -> bool {
    WORDS.contains(&lower)
}

fn is_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_' || b[0] == b'.')
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$'))
}

/// Replace the location counter `.` (a lone dot, not part of a name) by `label`.
fn replace_dot(expr: &str, label: &str) -> String {
    let b = expr.as_bytes();
    let mut out = String::new();
    let name_char = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$');
    for (i, &c) in b.iter().enumerate() {
        let lone = c == b'.'
            && (i == 0 || !name_char(b[i - 1]))
            && b.get(i + 1).is_none_or(|&n| !name_char(n));
        if lone {
            out.push_str(label);
        } else {
            out.push(c as char);
        }
    }
    out
}

/// What the symbol directives ask of the front stage that reads them (`preprocess.rs`).
pub(crate) trait Front {
    fn error(&mut self, at: Loc, len: usize, ctx: Option<u32>, msg: String) {
        self.error_hint(at, len, ctx, msg, None);
    }
    fn error_hint(
        &mut self,
        at: Loc,
        len: usize,
        ctx: Option<u32>,
        msg: String,
        hint: Option<String>,
    );
    /// A label no source can collide with, placed at the current line.
    fn synth_label(&mut self, at: Loc, ctx: Option<u32>) -> String;
    fn emit_line(&mut self, text: &str, at: Loc, ctx: Option<u32>);
    fn add_decl(&mut self, d: Decl, at: Loc, ctx: Option<u32>);
    /// The open `.kernel`: its name and where.
    fn open_kernel(&mut self) -> &mut Option<(String, Loc)>;
}

pub(crate) fn handle<F: Front>(
    pre: &mut F,
    wl: &str,
    rest: &str,
    at: Loc,
    len: usize,
    ctx: Option<u32>,
) {
    let args = split_args(rest);
    // Where each argument is, for a caret on the one that is wrong.
    let places: Vec<(Loc, usize)> = crate::syntax::arg_ranges(rest)
        .into_iter()
        .map(|(s, e)| {
            let l = Loc {
                off: at.off + len + s,
                ..at
            };
            (l, (e - s).max(1))
        })
        .collect();
    let names = |pre: &mut F, args: &[String]| -> Vec<String> {
        let mut v = Vec::new();
        for (k, a) in args.iter().enumerate() {
            if is_name(a) {
                v.push(a.clone());
            } else {
                let (l, n) = places.get(k).copied().unwrap_or((at, len));
                pre.error(l, n, ctx, format!("{wl}: `{a}` is not a symbol name"));
            }
        }
        if args.is_empty() {
            pre.error(at, len, ctx, format!("{wl} needs a symbol name"));
        }
        v
    };
    match wl {
        ".text" if args.is_empty() => {}
        ".section" if args.first().is_some_and(|s| s == ".text") => {}
        ".text" | ".section" | ".data" | ".bss" | ".rodata" => pre.error_hint(
            at,
            len,
            ctx,
            format!(
                "`{}` is not supported: code objects have one section, .text (the model has \
                 no data memory to load another into)",
                format!("{wl} {}", rest.trim()).trim_end()
            ),
            Some("put constants in .text with .long/.quad/.byte/.ascii".into()),
        ),
        ".globl" | ".global" => {
            for n in names(pre, &args) {
                pre.add_decl(Decl::Global(n), at, ctx);
            }
        }
        ".local" => {
            for n in names(pre, &args) {
                pre.add_decl(Decl::Local(n), at, ctx);
            }
        }
        ".type" => {
            let kind = match args.get(1).map(|s| s.trim_start_matches(['@', '%'])) {
                Some("function") | Some("STT_FUNC") => Some(SymKind::Func),
                Some("object") | Some("STT_OBJECT") => Some(SymKind::Object),
                Some("notype") | Some("STT_NOTYPE") => Some(SymKind::NoType),
                _ => None,
            };
            match (args.first().filter(|n| is_name(n)), kind, args.len()) {
                (Some(n), Some(k), 2) => pre.add_decl(Decl::Type(n.clone(), k), at, ctx),
                _ => pre.error_hint(
                    at,
                    len,
                    ctx,
                    ".type needs a name and a type".into(),
                    Some(".type NAME, @function (or @object, @notype)".into()),
                ),
            }
        }
        ".size" => match (args.first().filter(|n| is_name(n)), args.len()) {
            (Some(n), 2) => {
                let here = pre.synth_label(at, ctx);
                let expr = replace_dot(&args[1], &here);
                pre.add_decl(
                    Decl::Size {
                        name: n.clone(),
                        expr,
                    },
                    at,
                    ctx,
                );
            }
            _ => pre.error_hint(
                at,
                len,
                ctx,
                ".size needs a name and a size".into(),
                Some(".size NAME, . - NAME".into()),
            ),
        },
        ".kernel" => {
            let n = match (args.first().filter(|n| is_name(n)), args.len()) {
                (Some(n), 1) => n.clone(),
                _ => {
                    pre.error_hint(
                        at,
                        len,
                        ctx,
                        ".kernel needs one name".into(),
                        Some(".kernel NAME ... .end_kernel".into()),
                    );
                    return;
                }
            };
            if let Some((open, _)) = pre.open_kernel() {
                let m = format!("kernel `{n}` starts inside kernel `{open}`");
                pre.error_hint(
                    at,
                    len,
                    ctx,
                    m,
                    Some("end it with .end_kernel first".into()),
                );
                return;
            }
            // The kernel's name is a label at its first instruction.
            pre.emit_line(&format!("{n}:"), at, ctx);
            *pre.open_kernel() = Some((n, at));
        }
        ".end_kernel" => match pre.open_kernel().take() {
            Some((name, _)) => {
                let end = pre.synth_label(at, ctx);
                pre.add_decl(Decl::Kernel { name, end }, at, ctx);
            }
            None => pre.error(at, len, ctx, ".end_kernel without .kernel".into()),
        },
        _ => {}
    }
}

/// The symbol table and kernels of an assembled file: every label (local unless `.globl`;
/// kernels are global), with `.type` and `.size`, and names declared `.globl` that the
/// file does not define (returned as undefined).
pub(crate) fn resolve(
    decls: &[(Decl, Loc, Option<u32>)],
    labels: &[(String, u32)],
    equs: &HashMap<String, i64>,
    mut err: impl FnMut(Loc, Option<u32>, String),
) -> (Vec<Symbol>, Vec<Kernel>, Vec<String>) {
    let mut syms: Vec<Symbol> = Vec::with_capacity(labels.len());
    for (n, off) in labels {
        // `.L` names are local to the assembly, as in GNU as (the front stage's own too).
        if n.starts_with(".L") {
            continue;
        }
        syms.push(Symbol {
            name: n.clone(),
            offset: *off,
            size: 0,
            binding: Binding::Local,
            kind: SymKind::NoType,
        });
    }
    // Without declarations every label is a plain local symbol: nothing to look up.
    if decls.is_empty() {
        return (syms, Vec::new(), Vec::new());
    }
    let index: HashMap<&str, usize> = labels
        .iter()
        .filter(|(n, _)| !n.starts_with(".L"))
        .enumerate()
        .map(|(i, (n, _))| (n.as_str(), i))
        .collect();
    let mut values: HashMap<String, i64> = equs.clone();
    for (n, off) in labels {
        values.insert(n.clone(), *off as i64);
    }
    let mut kernels = Vec::new();
    let mut undefined = Vec::new();
    let mut local_at: HashMap<&str, Loc> = HashMap::new();
    for (d, at, ctx) in decls {
        let (at, ctx) = (*at, *ctx);
        match d {
            Decl::Global(n) => match index.get(n.as_str()) {
                Some(&i) => syms[i].binding = Binding::Global,
                None => {
                    if !undefined.contains(n) {
                        undefined.push(n.clone())
                    }
                }
            },
            Decl::Local(n) => match index.get(n.as_str()) {
                Some(&i) => {
                    syms[i].binding = Binding::Local;
                    local_at.insert(n, at);
                }
                None => err(
                    at,
                    ctx,
                    format!(".local: `{n}` is not defined in this file"),
                ),
            },
            Decl::Type(n, k) => match index.get(n.as_str()) {
                Some(&i) => syms[i].kind = *k,
                None => err(at, ctx, format!(".type: `{n}` is not defined in this file")),
            },
            Decl::Size { name, expr } => match index.get(name.as_str()) {
                Some(&i) => match crate::expr::eval_const(expr, &values) {
                    Ok(v) if (0..=u32::MAX as i64).contains(&v) => syms[i].size = v as u32,
                    Ok(v) => err(at, ctx, format!(".size of `{name}`: {v} is not a size")),
                    Err(m) => err(at, ctx, format!(".size of `{name}`: {m}")),
                },
                None => err(
                    at,
                    ctx,
                    format!(".size: `{name}` is not defined in this file"),
                ),
            },
            Decl::Kernel { name, end } => {
                let (Some(&i), Some(e)) = (index.get(name.as_str()), values.get(end)) else {
                    continue;
                };
                let s = &mut syms[i];
                s.kind = SymKind::Func;
                s.size = (*e as u32).saturating_sub(s.offset);
                if !local_at.contains_key(name.as_str()) {
                    s.binding = Binding::Global;
                }
                kernels.push(Kernel {
                    name: name.clone(),
                    offset: s.offset,
                    size: s.size,
                });
            }
        }
    }
    // A `.local` after `.kernel` still makes the kernel local.
    for (d, _, _) in decls {
        if let Decl::Local(n) = d {
            if let Some(&i) = index.get(n.as_str()) {
                syms[i].binding = Binding::Local;
            }
        }
    }
    (syms, kernels, undefined)
}
