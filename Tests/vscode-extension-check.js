// Runs the VS Code extension (editors/vscode/extension.js) under Node with a
// stand-in for the parts of VS Code's API it uses, against the real
// `badgec lsp` (BADGEC): opens BADGE_FILE as a document, waits for its
// diagnostics, then asks the registered providers for a hover, a
// definition, completions, formatting edits, quick fixes and colours, and
// prints what came back as one JSON object. Exits 1 if something failed to
// answer within 10 s. Run by LanguageServerClientTests.
"use strict";

const fs = require("fs");
const Module = require("module");
const { EventEmitter } = require("events");

class Position {
  constructor(line, character) {
    this.line = line;
    this.character = character;
  }
}
class Range {
  constructor(start, end) {
    this.start = start;
    this.end = end;
  }
}
const emitters = { open: new EventEmitter(), change: new EventEmitter(), close: new EventEmitter() };
const collections = [];
const providers = {};
const register = (name) => (selector, provider) => {
  providers[name] = provider;
  return { dispose() {} };
};
const vscode = {
  Position,
  Range,
  Location: class {
    constructor(uri, range) {
      this.uri = uri.toString();
      this.range = range;
    }
  },
  Uri: { parse: (s) => ({ toString: () => s }) },
  Diagnostic: class {
    constructor(range, message, severity) {
      Object.assign(this, { range, message, severity });
    }
  },
  DiagnosticRelatedInformation: class {
    constructor(location, message) {
      Object.assign(this, { location, message });
    }
  },
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  MarkdownString: class {
    constructor(value) {
      this.value = value;
    }
  },
  Hover: class {
    constructor(contents, range) {
      Object.assign(this, { contents, range });
    }
  },
  CompletionItem: class {
    constructor(label, kind) {
      Object.assign(this, { label, kind });
    }
  },
  WorkspaceEdit: class {
    constructor() {
      this.edits = [];
    }
    replace(uri, range, newText) {
      this.edits.push({ uri: uri.toString(), range, newText });
    }
  },
  TextEdit: { replace: (range, newText) => ({ range, newText }) },
  CodeAction: class {
    constructor(title, kind) {
      Object.assign(this, { title, kind });
    }
  },
  CodeActionKind: { QuickFix: "quickfix" },
  DocumentSymbol: class {
    constructor(name, detail, kind, range, selectionRange) {
      Object.assign(this, { name, detail, kind, range, selectionRange });
    }
  },
  Color: class {
    constructor(red, green, blue, alpha) {
      Object.assign(this, { red, green, blue, alpha });
    }
  },
  ColorInformation: class {
    constructor(range, color) {
      Object.assign(this, { range, color });
    }
  },
  ColorPresentation: class {
    constructor(label) {
      this.label = label;
    }
  },
  languages: {
    createDiagnosticCollection: () => {
      const byURI = new Map();
      collections.push(byURI);
      return { set: (uri, list) => byURI.set(uri.toString(), list), dispose() {} };
    },
    registerHoverProvider: register("hover"),
    registerDefinitionProvider: register("definition"),
    registerReferenceProvider: register("references"),
    registerRenameProvider: register("rename"),
    registerCompletionItemProvider: register("completion"),
    registerDocumentFormattingEditProvider: register("formatting"),
    registerCodeActionsProvider: register("codeActions"),
    registerDocumentSymbolProvider: register("symbols"),
    registerColorProvider: register("colors"),
  },
  workspace: {
    textDocuments: [],
    getConfiguration: () => ({ get: () => process.env.BADGEC }),
    onDidOpenTextDocument: (f) => (emitters.open.on("e", f), { dispose() {} }),
    onDidChangeTextDocument: (f) => (emitters.change.on("e", f), { dispose() {} }),
    onDidCloseTextDocument: (f) => (emitters.close.on("e", f), { dispose() {} }),
  },
  window: { showWarningMessage: (m) => console.error(m) },
};
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? vscode : load.call(this, request, ...rest);
};

const within = (promise, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in 10 s`)), 10000))]);

async function main() {
  const extension = require(process.env.EXTENSION);
  const context = { subscriptions: [] };
  const file = process.env.BADGE_FILE;
  const text = fs.readFileSync(file, "utf8");
  const document = {
    uri: { toString: () => "file://" + file },
    languageId: "badge",
    version: 1,
    getText: () => text,
  };
  const { ready } = extension.activate(context);
  await within(ready, "initialize");
  emitters.open.emit("e", document);
  const diagnostics = await within(
    new Promise((resolve) => {
      const poll = setInterval(() => {
        const found = collections[0] && collections[0].get(document.uri.toString());
        if (found) {
          clearInterval(poll);
          resolve(found);
        }
      }, 10);
    }),
    "diagnostics"
  );
  const p = (line, character) => new Position(line, character);
  const lines = text.split("\n");
  const find = (word) => {
    const line = lines.findIndex((l) => l.includes(word) && !l.trim().startsWith("//"));
    return p(line, lines[line].indexOf(word) + 1);
  };
  const out = {
    diagnostics: diagnostics.map((d) => ({ message: d.message, severity: d.severity, line: d.range.start.line })),
    hover: await within(providers.hover.provideHover(document, find("(name)")), "hover"),
    definition: await within(providers.definition.provideDefinition(document, find("Badge()")), "definition"),
    completion: (await within(providers.completion.provideCompletionItems(document, find(".font")), "completion")).map((i) => i.label),
    formatting: await within(providers.formatting.provideDocumentFormattingEdits(document, {}), "formatting"),
    codeActions: await within(
      providers.codeActions.provideCodeActions(document, new Range(p(diagnostics[0].range.start.line, 0), p(diagnostics[0].range.end.line, 99))),
      "code actions"
    ),
    symbols: (await within(providers.symbols.provideDocumentSymbols(document), "symbols")).map((s) => s.name),
    colors: await within(providers.colors.provideDocumentColors(document), "colours"),
  };
  console.log(JSON.stringify(out));
  for (const s of context.subscriptions) s.dispose();
  setTimeout(() => process.exit(0), 200);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
