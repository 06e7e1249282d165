// Starts `warpkit lsp` for warpkit assembly files, and `warpkit dap` for the debugger that
// package.json declares (the configured command, found on PATH; a debugger contribution's
// own `program` would be looked up in this folder). Run `npm install` here before packaging.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("warpkit").get("path", "warpkit");
  client = new LanguageClient(
    "warpkit",
    "warpkit language server",
    { command, args: ["lsp"] },
    { documentSelector: [{ language: "warpkit-asm" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory("warpkit", {
      createDebugAdapterDescriptor: () => new vscode.DebugAdapterExecutable(command, ["dap"]),
    })
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
