//! `warpkit lsp` under Neovim's own LSP client (the reference client), headless: a project
//! with a macros header, a kernel file using its macros and `.kernel`, opened in Neovim;
//! its diagnostics, a definition through a macro use into the header, and a hover on a
//! label, and a workspace symbol in a file of the root directory that was never opened, each
//! read back from Neovim. `.ci/run` installs Neovim (`apt-get install neovim`);
//! where it is missing the test says so and does nothing.

use std::process::Command;

const MACROS: &str = ".ifndef M\n.equ M, 1\n.macro call fn\n    jal     u62, \\fn\n.endm\n.endif\n";
const HELPER: &str = "    .globl helper\nhelper:\n    jr      u62, 0\n";
const KERNEL: &str = ".include \"macros.inc\"\n    .kernel k\n    bz      u1, done\n    call    helper\ndone:\n    jmp     _end\n    .end_kernel\n";

/// Neovim 0.7's API: start a client, attach it, wait for diagnostics, then ask.
const SCRIPT: &str = r#"
local out = {}
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({ cmd = { os.getenv("WARPKIT"), "lsp" }, root_dir = os.getenv("ROOT") })
vim.lsp.buf_attach_client(buf, id)
out.attached = vim.wait(20000, function()
  local c = vim.lsp.get_client_by_id(id)
  return c ~= nil and c.initialized
end, 50)
-- Diagnostics are published after the open; an empty list is published too.
vim.wait(3000, function() return false end, 100)
out.diagnostics = #vim.diagnostic.get(buf)
local function at(line, col)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = col } }
end
local d = vim.lsp.buf_request_sync(buf, "textDocument/definition", at(3, 5), 10000)
for _, r in pairs(d or {}) do
  local loc = r.result
  if loc and loc[1] then loc = loc[1] end
  if loc then out.def_uri = loc.uri or loc.targetUri; out.def_range = loc.range or loc.targetSelectionRange end
end
local h = vim.lsp.buf_request_sync(buf, "textDocument/hover", at(2, 17), 10000)
for _, r in pairs(h or {}) do
  if r.result then out.hover = r.result.contents.value end
end
local w = vim.lsp.buf_request_sync(buf, "workspace/symbol", { query = "helper" }, 10000)
for _, r in pairs(w or {}) do
  if r.result and r.result[1] then out.ws_uri = r.result[1].location.uri; out.ws_range = r.result[1].location.range end
end
vim.fn.writefile({ vim.fn.json_encode(out) }, os.getenv("OUT"))
vim.lsp.stop_client(id)
vim.cmd("qa!")
"#;

#[test]
fn neovims_client_gets_diagnostics_definition_and_hover() {
    if Command::new("nvim").arg("--version").output().is_err() {
        eprintln!("nvim is not installed: the Neovim test is skipped (.ci/run installs it)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("macros.inc"), MACROS).unwrap();
    std::fs::write(root.join("k.s"), KERNEL).unwrap();
    std::fs::write(root.join("helper.s"), HELPER).unwrap();
    std::fs::write(root.join("test.lua"), SCRIPT).unwrap();
    let out = root.join("out.json");
    let st = Command::new("nvim")
        .args(["--headless", "--clean", "-n"])
        .arg(root.join("k.s"))
        .arg("-c")
        .arg(format!("luafile {}", root.join("test.lua").display()))
        .env("WARPKIT", env!("CARGO_BIN_EXE_warpkit"))
        .env("ROOT", &root)
        .env("OUT", &out)
        .current_dir(&root)
        .output()
        .unwrap();
    let text = std::fs::read_to_string(&out).unwrap_or_else(|_| {
        panic!(
            "Neovim wrote no result: {}\n{}",
            String::from_utf8_lossy(&st.stdout),
            String::from_utf8_lossy(&st.stderr)
        )
    });
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["attached"], true, "{v}");
    assert_eq!(v["diagnostics"], 0, "{v}");
    // `call` (line 3) is a macro of the header: its `.macro` line, the name's range.
    assert_eq!(
        v["def_uri"],
        format!("file://{}", root.join("macros.inc").display()),
        "{v}"
    );
    assert_eq!(v["def_range"]["start"]["line"], 2, "{v}");
    assert_eq!(v["def_range"]["start"]["character"], 7, "{v}");
    assert!(
        v["hover"]
            .as_str()
            .unwrap_or("")
            .starts_with("label `done`"),
        "{v}"
    );
    // `helper` is defined in helper.s, which Neovim never opened: found through the root.
    assert_eq!(
        v["ws_uri"],
        format!("file://{}", root.join("helper.s").display()),
        "{v}"
    );
    assert_eq!(v["ws_range"]["start"]["line"], 1, "{v}");
    assert_eq!(v["ws_range"]["start"]["character"], 0, "{v}");
    assert_eq!(v["ws_range"]["end"]["character"], 6, "{v}");
}
