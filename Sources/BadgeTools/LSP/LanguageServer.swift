// `badgec lsp`: a Language Server Protocol server over a pair of file
// descriptors (standard input and output). JSON-RPC messages in, one at a
// time; responses and notifications out. It holds the open documents, and
// after each change compiles the document (its imports read from disk, or
// as the editor holds them when open) and publishes badgec's diagnostics,
// whose fix-its it offers as quick fixes, and those of the documents that
// import it.
// It formats (through BadgeFormatter), lists a document's symbols, shows
// its colours, and answers about names (Navigation.swift). Any message gets an answer or is ignored as the protocol
// says (unknown notifications); nothing a client sends ends it but `exit`
// or the end of its input (or a framing it cannot read past).
import BadgeKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The language server's state and its message loop.
public final class LanguageServer {
  private let reader: MessageReader
  private let writer: MessageWriter
  /// The open documents, by URI.
  var documents: [String: Document] = [:]
  /// The diagnostics last published for each open document, with the
  /// fix-its each has (for code actions).
  private var published: [String: [(diagnostic: JSON, fixes: [(range: JSON, text: String)])]] = [:]
  var encoding = PositionEncoding.utf16
  private var initialized = false
  private var shuttingDown = false
  /// Compiler options for the diagnostics (the CLI's defaults).
  let options: CompileOptions

  /// JSON-RPC's error codes, and the protocol's.
  enum ErrorCode: Int {
    case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
    case serverNotInitialized = -32002, requestFailed = -32803
  }

  public init(input: Int32, output: Int32, options: CompileOptions = CompileOptions()) {
    reader = MessageReader(descriptor: input)
    writer = MessageWriter(descriptor: output)
    self.options = options
  }

  /// Serves until `exit` or the end of the input; the exit code: 0 after
  /// a `shutdown`, 1 otherwise (as the protocol asks).
  public func run(log: (String) -> Void = { _ in }) -> Int32 {
    var input = reader
    while true {
      switch input.next() {
      case .end:
        return shuttingDown ? 0 : 1
      case .broken(let why):
        log("badgec lsp: cannot read the input: \(why)")
        return 1
      case .message(let body):
        if let code = handle(body) { return code }
        // Diagnostics wait while more messages are there: a burst of
        // changes (fast typing in a large file) is compiled once.
        if !stale.isEmpty && !input.hasMore { publishStale() }
      }
    }
  }

  /// The symbol index of each open document, while no document changed.
  var indexes: [String: SymbolIndex] = [:]

  /// Documents changed since their diagnostics were last published.
  private var stale: [String] = []

  /// Marks `uri` (and the documents that import it) for new diagnostics.
  private func changed(_ uri: String) {
    // An index may read any open document (as an import): all go.
    indexes = [:]
    if !stale.contains(uri) { stale.append(uri) }
  }

  /// Publishes the diagnostics of every stale document, and of the open
  /// documents that import one.
  private func publishStale() {
    let uris = stale
    stale = []
    for uri in uris where documents[uri] != nil { publishDiagnostics(uri) }
    for uri in uris { republishImporters(of: uri, besides: Set(uris)) }
  }

  /// Handles one message's body; an exit code when it was `exit`.
  func handle(_ body: [UInt8]) -> Int32? {
    let message: JSON
    do throws(JSON.ParseError) {
      message = try JSON.parse(body)
    } catch {
      reply(error: .parseError, "the message is not JSON: \(error.message) at byte \(error.offset)", id: .null)
      return nil
    }
    guard case .object = message, let method = message["method"]?.string else {
      // A response to a request of the server's (it sends none) is let be.
      if message["result"] != nil || message["error"] != nil { return nil }
      reply(error: .invalidRequest, "a message needs a method", id: message["id"] ?? .null)
      return nil
    }
    let id = message["id"]
    if let id, !(id.string != nil || id.integer != nil) {
      reply(error: .invalidRequest, "a request's id is a number or a string", id: .null)
      return nil
    }
    let params = message["params"] ?? .null
    if method == "exit" { return shuttingDown ? 0 : 1 }
    guard let id else {
      notification(method, params)
      return nil
    }
    if method == "initialize" {
      // Once a session: a second one would change the positions' encoding
      // under the documents already open.
      if initialized {
        reply(error: .invalidRequest, "the server is already initialized", id: id)
      } else {
        reply(initialize(params), id: id)
      }
      return nil
    }
    guard initialized else {
      reply(error: .serverNotInitialized, "the server is not initialized yet", id: id)
      return nil
    }
    if shuttingDown {
      reply(error: .invalidRequest, "the server is shutting down", id: id)
      return nil
    }
    switch method {
    case "shutdown":
      shuttingDown = true
      reply(.null, id: id)
    case "textDocument/formatting": reply(formatting(params), id: id)
    case "textDocument/codeAction": reply(codeActions(params), id: id)
    case "textDocument/documentSymbol": reply(symbols(params), id: id)
    case "textDocument/documentColor": reply(colors(params), id: id)
    case "textDocument/colorPresentation": reply(colorPresentations(params), id: id)
    case "textDocument/definition": reply(definition(params), id: id)
    case "textDocument/references": reply(references(params), id: id)
    case "textDocument/hover": reply(hover(params), id: id)
    case "textDocument/completion": reply(completion(params), id: id)
    case "textDocument/rename":
      switch rename(params) {
      case .success(let edit): reply(edit, id: id)
      case .failure(let problem): reply(error: .invalidParams, problem.why, id: id)
      }
    default: reply(error: .methodNotFound, "badgec lsp has no method '\(method)'", id: id)
    }
    return nil
  }

  // MARK: Lifecycle

  private func initialize(_ params: JSON) -> JSON {
    initialized = true
    let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
    encoding = offered.contains("utf-8") ? .utf8 : .utf16
    let capabilities: JSON = .object([
      ("positionEncoding", .string(encoding.rawValue)),
      (
        "textDocumentSync",
        .object([
          ("openClose", .bool(true)), ("change", .number(2)), ("save", .object([("includeText", .bool(false))])),
        ])
      ),
      ("documentFormattingProvider", .bool(true)),
      ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
      ("documentSymbolProvider", .bool(true)),
      ("colorProvider", .bool(true)),
      ("hoverProvider", .bool(true)),
      ("definitionProvider", .bool(true)),
      ("referencesProvider", .bool(true)),
      ("renameProvider", .bool(true)),
      ("completionProvider", .object([("triggerCharacters", .array([.string(".")]))])),
    ])
    return .object([
      ("capabilities", capabilities),
      ("serverInfo", .object([("name", .string("badgec")), ("version", .string(BadgeKit.version))])),
    ])
  }

  private func notification(_ method: String, _ params: JSON) {
    guard initialized else { return }
    switch method {
    case "textDocument/didOpen":
      guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string
      else { return }
      documents[uri] = Document(uri: uri, version: item["version"]?.integer ?? 0, text: text)
      changed(uri)
    case "textDocument/didChange":
      guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri],
        let changes = params["contentChanges"]?.array
      else { return }
      for change in changes where !document.apply(change, encoding) { return }
      document.version = params["textDocument"]?["version"]?.integer ?? document.version
      documents[uri] = document
      changed(uri)
    case "textDocument/didClose":
      guard let uri = params["textDocument"]?["uri"]?.string else { return }
      documents[uri] = nil
      published[uri] = nil
      importsOf[uri] = nil
      stale.removeAll { $0 == uri }
      indexes = [:]
      republishImporters(of: uri, besides: [])
      send(
        notification: "textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
    default: break  // initialized, didSave, $/…: nothing to do
    }
  }

  // MARK: Diagnostics

  /// The files (identities) each open document imported when last
  /// compiled.
  private var importsOf: [String: Set<FileIdentity>] = [:]

  /// The open documents' texts, for the files they stand for, but `uri`'s
  /// own: what a compilation reads instead of the disk.
  func unsavedTexts(but uri: String) -> [FileIdentity: [UInt8]] {
    var out: [FileIdentity: [UInt8]] = [:]
    for (other, document) in documents where other != uri {
      if let path = FileURI.path(other), let identity = FileSystem.identity(of: path) { out[identity] = document.bytes }
    }
    return out
  }

  /// Publishes again the diagnostics of every open document that imports
  /// document `uri` (its text changed, opened or closed), but those in
  /// `published`.
  private func republishImporters(of uri: String, besides published: Set<String>) {
    guard let path = FileURI.path(uri), let identity = FileSystem.identity(of: path) else { return }
    for other in documents.keys.sorted()
    where other != uri && !published.contains(other) && importsOf[other]?.contains(identity) == true {
      publishDiagnostics(other)
    }
  }

  /// Compiles document `uri` and publishes its diagnostics (those in its
  /// own text; one in an imported file is shown at the document's import
  /// of it when the compiler gives that as a note).
  private func publishDiagnostics(_ uri: String) {
    guard let document = documents[uri] else { return }
    let name = FileURI.path(uri) ?? uri
    var options = self.options
    options.format = .svg
    options.unsavedFiles = unsavedTexts(but: uri)
    let result = compile(SourceFile(name: name, bytes: document.bytes), options: options)
    importsOf[uri] = Set(
      result.filesRead.filter { $0.role == .imported }.compactMap { FileSystem.identity(of: $0.path) })
    var items: [(diagnostic: JSON, fixes: [(range: JSON, text: String)])] = []
    for d in result.diagnostics {
      guard let (start, end) = placeInDocument(d, result) else { continue }
      let severity: Double = d.severity == .error ? 1 : d.severity == .warning ? 2 : 3
      var fields: [(String, JSON)] = [
        ("range", document.range(start, end, encoding)), ("severity", .number(severity)),
        ("source", .string("badgec")), ("message", .string(d.text)),
      ]
      let related: [JSON] = d.notes.compactMap { note in
        guard note.range.file >= 0 && note.range.file < result.files.count else { return nil }
        let file = result.files[note.range.file]
        let location: JSON
        if note.range.file == 0 {
          location = .object([
            ("uri", .string(uri)), ("range", document.range(note.range.start, note.range.end, encoding)),
          ])
        } else {
          let other = Document(uri: "", version: 0, text: String(decoding: file.bytes, as: UTF8.self))
          location = .object([
            ("uri", .string(FileURI.uri(absolute(file.name)))),
            ("range", other.range(note.range.start, note.range.end, encoding)),
          ])
        }
        return .object([("location", location), ("message", .string(note.text))])
      }
      if !related.isEmpty { fields.append(("relatedInformation", .array(related))) }
      let diagnostic = JSON.object(fields)
      let fixes = d.fixIts.compactMap { fix -> (range: JSON, text: String)? in
        fix.range.file == 0 ? (document.range(fix.range.start, fix.range.end, encoding), fix.replacement) : nil
      }
      items.append((diagnostic, fixes))
    }
    published[uri] = items
    var params: [(String, JSON)] = [("uri", .string(uri))]
    params.append(("version", .number(Double(document.version))))
    params.append(("diagnostics", .array(items.map(\.diagnostic))))
    send(notification: "textDocument/publishDiagnostics", .object(params))
  }

  /// Where in the document (file 0) diagnostic `d` is shown: its own
  /// range, or for one in an imported file, the first note in the
  /// document (the import that brought the file in).
  private func placeInDocument(_ d: Diagnostic, _ result: CompileResult) -> (Int, Int)? {
    if d.range.file == 0 { return (d.range.start, d.range.end) }
    if let note = d.notes.first(where: { $0.range.file == 0 }) { return (note.range.start, note.range.end) }
    return nil
  }

  /// `path` made absolute against the current folder.
  func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let here = getcwd(nil, 0) else { return "/" + path }
    defer { free(here) }
    return String(cString: here) + "/" + path
  }

  private func codeActions(_ params: JSON) -> JSON {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri],
      let wanted = params["range"], let from = wanted["start"].flatMap({ document.offset(of: $0, encoding) }),
      let to = wanted["end"].flatMap({ document.offset(of: $0, encoding) })
    else { return .array([]) }
    var actions: [JSON] = []
    for (diagnostic, fixes) in published[uri] ?? [] where !fixes.isEmpty {
      guard let range = diagnostic["range"], let start = range["start"].flatMap({ document.offset(of: $0, encoding) }),
        let end = range["end"].flatMap({ document.offset(of: $0, encoding) }), start <= to && from <= end
      else { continue }
      let edits = JSON.array(fixes.map { .object([("range", $0.range), ("newText", .string($0.text))]) })
      let title = fixes.count == 1 ? LanguageServer.title(fixes[0].text) : "apply badgec's fix-its"
      actions.append(
        .object([
          ("title", .string(title)), ("kind", .string("quickfix")), ("diagnostics", .array([diagnostic])),
          ("isPreferred", .bool(true)),
          ("edit", .object([("changes", .object([(uri, edits)]))])),
        ]))
    }
    return .array(actions)
  }

  /// A fix-it's title: what it writes.
  static func title(_ replacement: String) -> String {
    replacement.isEmpty
      ? "remove it" : "write '\(replacement.count > 60 ? String(replacement.prefix(60)) + "…" : replacement)'"
  }

  // MARK: Formatting, symbols, colours

  private func formatting(_ params: JSON) -> JSON {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return .array([]) }
    guard case .formatted(let text) = BadgeFormatter.format(SourceFile(name: uri, bytes: document.bytes)),
      text != document.bytes
    else { return .array([]) }
    return .array([
      .object([("range", document.wholeRange(encoding)), ("newText", .string(String(decoding: text, as: UTF8.self)))])
    ])
  }

  private func symbols(_ params: JSON) -> JSON {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return .array([]) }
    let file = Parser.parse(SourceFile(name: uri, bytes: document.bytes), requiresBadge: false).file
    func symbol(_ name: String, _ kind: Double, _ range: SourceRange, _ selection: SourceRange, _ detail: String? = nil)
      -> JSON
    {
      var fields: [(String, JSON)] = [("name", .string(name))]
      if let detail { fields.append(("detail", .string(detail))) }
      fields += [
        ("kind", .number(kind)), ("range", document.range(range.start, max(range.end, selection.end), encoding)),
        ("selectionRange", document.range(selection.start, selection.end, encoding)),
      ]
      return .object(fields)
    }
    // Struct (23) for views, as SwiftUI's are; Constant (14) for lets.
    var out: [(Int, JSON)] = []
    for l in file.lets { out.append((l.range.start, symbol(l.name, 14, l.range, l.nameRange))) }
    for c in file.components {
      let detail = "(" + c.parameters.map(\.name).joined(separator: ", ") + ")"
      out.append((c.range.start, symbol(c.name, 23, c.range, c.nameRange, detail)))
    }
    if let b = file.badge { out.append((b.range.start, symbol(b.name, 23, b.range, b.nameRange, "badge"))) }
    return .array(out.sorted { $0.0 < $1.0 }.map(\.1))
  }

  private func colors(_ params: JSON) -> JSON {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return .array([]) }
    return .array(
      ColorLiterals.find(in: document.bytes).map { found in
        .object([
          ("range", document.range(found.range.lowerBound, found.range.upperBound, encoding)),
          (
            "color",
            .object([
              ("red", .number(found.color.r)), ("green", .number(found.color.g)), ("blue", .number(found.color.b)),
              ("alpha", .number(found.color.a)),
            ])
          ),
        ])
      })
  }

  private func colorPresentations(_ params: JSON) -> JSON {
    guard let c = params["color"], let r = c["red"]?.number, let g = c["green"]?.number, let b = c["blue"]?.number,
      let a = c["alpha"]?.number, let range = params["range"]
    else { return .array([]) }
    return .array(
      ColorLiterals.spellings(RGBA(r: r, g: g, b: b, a: a)).map { label in
        .object([("label", .string(label)), ("textEdit", .object([("range", range), ("newText", .string(label))]))])
      })
  }

  // MARK: Sending

  private func reply(_ result: JSON, id: JSON) {
    writer.send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
  }

  private func reply(error code: ErrorCode, _ message: String, id: JSON) {
    writer.send(
      .object([
        ("jsonrpc", .string("2.0")), ("id", id),
        ("error", .object([("code", .number(Double(code.rawValue))), ("message", .string(message))])),
      ]))
  }

  private func send(notification method: String, _ params: JSON) {
    writer.send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
  }
}
