// The VS Code side of `badgec lsp`: starts the server (the setting
// `badgec.path`, or `badgec` on the PATH) for `.badge` documents and speaks
// the Language Server Protocol to it over its standard input and output,
// with Node's own modules only (no npm packages): the documents' texts go
// to the server as they change, its diagnostics come back into the
// Problems view, and hover, go to definition, references, rename,
// completion, formatting, quick fixes, symbols and colours ask it.
"use strict";

const vscode = require("vscode");
const { spawn } = require("child_process");

/** One running server and the requests waiting for its replies. */
class Connection {
  constructor(command, onNotification, onExit) {
    this.process = spawn(command, ["lsp"], { stdio: ["pipe", "pipe", "pipe"] });
    this.buffer = Buffer.alloc(0);
    this.nextId = 1;
    this.waiting = new Map();
    this.onNotification = onNotification;
    this.process.stdout.on("data", (chunk) => this.read(chunk));
    this.process.on("exit", (code) => {
      for (const { reject } of this.waiting.values()) reject(new Error("badgec lsp ended"));
      this.waiting.clear();
      onExit(code);
    });
    this.process.on("error", (error) => onExit(error));
  }

  /** Reads framed messages out of the bytes received so far. */
  read(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const header = this.buffer.subarray(0, end).toString("ascii");
      const match = /content-length:\s*(\d+)/i.exec(header);
      if (!match) {
        this.buffer = Buffer.alloc(0);
        return;
      }
      const length = Number(match[1]);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString("utf8");
      this.buffer = this.buffer.subarray(end + 4 + length);
      let message;
      try {
        message = JSON.parse(body);
      } catch {
        continue;
      }
      if (message.id !== undefined && message.method === undefined) {
        const waiter = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (!waiter) continue;
        if (message.error) waiter.reject(new Error(message.error.message));
        else waiter.resolve(message.result);
      } else if (message.method !== undefined && message.id === undefined) {
        this.onNotification(message.method, message.params);
      }
    }
  }

  write(message) {
    const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: "2.0" }, message)), "utf8");
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.write({ id, method, params });
    });
  }

  notify(method, params) {
    this.write({ method, params });
  }
}

// MARK: Protocol values to VS Code's and back

const position = (p) => new vscode.Position(p.line, p.character);
const range = (r) => new vscode.Range(position(r.start), position(r.end));
const location = (l) => new vscode.Location(vscode.Uri.parse(l.uri), range(l.range));
const protocolPosition = (p) => ({ line: p.line, character: p.character });
const protocolRange = (r) => ({ start: protocolPosition(r.start), end: protocolPosition(r.end) });
const at = (document, p) => ({ textDocument: { uri: document.uri.toString() }, position: protocolPosition(p) });

function workspaceEdit(edit) {
  const out = new vscode.WorkspaceEdit();
  for (const [uri, edits] of Object.entries((edit && edit.changes) || {})) {
    for (const e of edits) out.replace(vscode.Uri.parse(uri), range(e.range), e.newText);
  }
  return out;
}

function diagnostic(d) {
  const severity = [
    vscode.DiagnosticSeverity.Error,
    vscode.DiagnosticSeverity.Error,
    vscode.DiagnosticSeverity.Warning,
    vscode.DiagnosticSeverity.Information,
  ][d.severity || 1];
  const out = new vscode.Diagnostic(range(d.range), d.message, severity);
  out.source = d.source;
  if (d.relatedInformation) {
    out.relatedInformation = d.relatedInformation.map(
      (r) => new vscode.DiagnosticRelatedInformation(location(r.location), r.message)
    );
  }
  return out;
}

// MARK: The extension

/** Starts the server and registers what it answers. */
function activate(context) {
  const selector = { language: "badge" };
  const diagnostics = vscode.languages.createDiagnosticCollection("badgec");
  context.subscriptions.push(diagnostics);
  const command = vscode.workspace.getConfiguration("badgec").get("path") || "badgec";
  const connection = new Connection(
    command,
    (method, params) => {
      if (method === "textDocument/publishDiagnostics") {
        diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map(diagnostic));
      }
    },
    (why) => {
      if (why !== 0) vscode.window.showWarningMessage(`badgec lsp ended (${why}); is badgec on the PATH?`);
    }
  );
  const ready = connection.request("initialize", {
    processId: process.pid,
    rootUri: null,
    capabilities: { general: { positionEncodings: ["utf-16"] } },
  });
  ready.then(() => {
    connection.notify("initialized", {});
    for (const document of vscode.workspace.textDocuments) opened(document);
  }, () => {});

  const isBadge = (document) => document.languageId === "badge";
  function opened(document) {
    if (!isBadge(document)) return;
    connection.notify("textDocument/didOpen", {
      textDocument: { uri: document.uri.toString(), languageId: "badge", version: document.version, text: document.getText() },
    });
  }
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((d) => ready.then(() => opened(d))),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (!isBadge(e.document)) return;
      ready.then(() =>
        connection.notify("textDocument/didChange", {
          textDocument: { uri: e.document.uri.toString(), version: e.document.version },
          contentChanges: e.contentChanges.map((c) => ({ range: protocolRange(c.range), text: c.text })),
        })
      );
    }),
    vscode.workspace.onDidCloseTextDocument((d) => {
      if (!isBadge(d)) return;
      ready.then(() => connection.notify("textDocument/didClose", { textDocument: { uri: d.uri.toString() } }));
    })
  );

  const ask = (method, params) => ready.then(() => connection.request(method, params));
  context.subscriptions.push(
    vscode.languages.registerHoverProvider(selector, {
      provideHover: async (document, p) => {
        const h = await ask("textDocument/hover", at(document, p));
        return h ? new vscode.Hover(new vscode.MarkdownString(h.contents.value), h.range && range(h.range)) : null;
      },
    }),
    vscode.languages.registerDefinitionProvider(selector, {
      provideDefinition: async (document, p) => {
        const l = await ask("textDocument/definition", at(document, p));
        return l ? location(l) : null;
      },
    }),
    vscode.languages.registerReferenceProvider(selector, {
      provideReferences: async (document, p, context) => {
        const ls = await ask("textDocument/references", Object.assign(at(document, p), { context }));
        return (ls || []).map(location);
      },
    }),
    vscode.languages.registerRenameProvider(selector, {
      provideRenameEdits: async (document, p, newName) =>
        workspaceEdit(await ask("textDocument/rename", Object.assign(at(document, p), { newName }))),
    }),
    vscode.languages.registerCompletionItemProvider(
      selector,
      {
        provideCompletionItems: async (document, p) => {
          const items = (await ask("textDocument/completion", at(document, p))) || [];
          return items.map((i) => {
            const item = new vscode.CompletionItem(i.label, (i.kind || 1) - 1);
            item.detail = i.detail;
            if (i.insertText) item.insertText = i.insertText;
            return item;
          });
        },
      },
      "."
    ),
    vscode.languages.registerDocumentFormattingEditProvider(selector, {
      provideDocumentFormattingEdits: async (document, options) => {
        const edits = await ask("textDocument/formatting", { textDocument: { uri: document.uri.toString() }, options });
        return (edits || []).map((e) => vscode.TextEdit.replace(range(e.range), e.newText));
      },
    }),
    vscode.languages.registerCodeActionsProvider(selector, {
      provideCodeActions: async (document, r) => {
        const actions = await ask("textDocument/codeAction", {
          textDocument: { uri: document.uri.toString() },
          range: protocolRange(r),
          context: { diagnostics: [] },
        });
        return (actions || []).map((a) => {
          const action = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
          action.edit = workspaceEdit(a.edit);
          action.isPreferred = a.isPreferred;
          return action;
        });
      },
    }),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      provideDocumentSymbols: async (document) => {
        const symbols = (await ask("textDocument/documentSymbol", { textDocument: { uri: document.uri.toString() } })) || [];
        return symbols.map(
          (s) => new vscode.DocumentSymbol(s.name, s.detail || "", s.kind - 1, range(s.range), range(s.selectionRange))
        );
      },
    }),
    vscode.languages.registerColorProvider(selector, {
      provideDocumentColors: async (document) => {
        const colors = (await ask("textDocument/documentColor", { textDocument: { uri: document.uri.toString() } })) || [];
        return colors.map(
          (c) => new vscode.ColorInformation(range(c.range), new vscode.Color(c.color.red, c.color.green, c.color.blue, c.color.alpha))
        );
      },
      provideColorPresentations: async (color, context) => {
        const presentations =
          (await ask("textDocument/colorPresentation", {
            textDocument: { uri: context.document.uri.toString() },
            color: { red: color.red, green: color.green, blue: color.blue, alpha: color.alpha },
            range: protocolRange(context.range),
          })) || [];
        return presentations.map((p) => {
          const out = new vscode.ColorPresentation(p.label);
          if (p.textEdit) out.textEdit = vscode.TextEdit.replace(range(p.textEdit.range), p.textEdit.newText);
          return out;
        });
      },
    }),
    {
      dispose: () => {
        ready.then(() => connection.request("shutdown", null)).then(
          () => connection.notify("exit", null),
          () => connection.process.kill()
        );
      },
    }
  );
  return { connection, ready };
}

function deactivate() {}

module.exports = { activate, deactivate };
