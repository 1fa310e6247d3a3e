// `badgec lsp` as an editor meets it: the built badgec started as a process,
// driven over its standard input and output by scripted sessions whose
// replies are compared with the exact JSON expected (initialize, diagnostics
// as documents open and change in whole and by ranges, quick fixes from
// fix-its, formatting, symbols, colours, shutdown and exit), and hostile
// input (truncated frames, a huge Content-Length, deep JSON, invalid UTF-8,
// unknown methods, requests before initialize): an error reply or a clean
// exit, never a crash or a hang.
import Foundation
import Testing

/// One `badgec lsp` process and its pipes.
final class LSPSession: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer = Data()
  private let condition = NSCondition()

  init(arguments: [String] = ["lsp"], cwd: URL? = nil) throws {
    process.executableURL = Support.badgec
    process.arguments = arguments
    if let cwd { process.currentDirectoryURL = cwd }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    _ = Support.ignoreBrokenPipes
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self else { return }
      self.condition.lock()
      self.buffer.append(data)
      self.condition.broadcast()
      self.condition.unlock()
    }
    try process.run()
  }

  func sendRaw(_ bytes: Data) {
    try? input.fileHandleForWriting.write(contentsOf: bytes)
  }

  /// Sends one message (JSON text) with its header.
  func send(_ json: String) {
    let body = Data(json.utf8)
    sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  /// The next message's body, or nil after `seconds`.
  func receive(seconds: Double = 10) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        if let line = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
          let n = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)),
          buffer.count - (end.upperBound - buffer.startIndex) >= n
        {
          let body = buffer[end.upperBound..<end.upperBound + n]
          buffer = Data(buffer[(end.upperBound + n)...])
          return String(decoding: body, as: UTF8.self)
        }
      }
      if !condition.wait(until: deadline) { return nil }
    }
  }

  /// Closes the input and waits for the process; its exit status, or nil
  /// if it did not end within `seconds` (then it is killed).
  func finish(closing: Bool = true, seconds: Double = 10) -> Int32? {
    if closing { try? input.fileHandleForWriting.close() }
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    output.fileHandleForReading.readabilityHandler = nil
    if process.isRunning {
      process.terminate()
      return nil
    }
    return process.terminationStatus
  }

  static let initialize =
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#
  static let initialized = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#

  /// A session past initialize.
  static func started(cwd: URL? = nil) throws -> LSPSession {
    let s = try LSPSession(cwd: cwd)
    s.send(initialize)
    _ = s.receive()
    s.send(initialized)
    return s
  }
}

@Suite struct LanguageServerTests {
  static let capabilities =
    #"{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},"documentFormattingProvider":true,"codeActionProvider":{"codeActionKinds":["quickfix"]},"documentSymbolProvider":true,"colorProvider":true,"hoverProvider":true,"definitionProvider":true,"referencesProvider":true,"renameProvider":true,"completionProvider":{"triggerCharacters":["."]}},"serverInfo":{"name":"badgec","version":"0.1.0"}}}"#

  @Test func aWholeSession() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let uri = "file://\(dir.path)/a%20b.badge"
    let s = try LSPSession(cwd: dir)
    s.send(LSPSession.initialize)
    #expect(s.receive() == LanguageServerTests.capabilities)
    s.send(LSPSession.initialized)
    // An unknown modifier, with its fix-it.
    let text = #"badge B size 100 {\n  rect().fil(red)\n}\n"#
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"badge","version":1,"text":"\#(text)"}}}"#
    )
    let diagnostic =
      #"{"range":{"start":{"line":1,"character":9},"end":{"line":1,"character":12}},"severity":1,"source":"badgec","message":"unknown modifier '.fil'; did you mean '.fill'?"}"#
    #expect(
      s.receive()
        == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","version":1,"diagnostics":[\#(diagnostic)]}}"#
    )
    // The quick fix at the mistake.
    s.send(
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":1,"character":10},"end":{"line":1,"character":10}},"context":{"diagnostics":[]}}}"#
    )
    #expect(
      s.receive()
        == #"{"jsonrpc":"2.0","id":2,"result":[{"title":"write 'fill'","kind":"quickfix","diagnostics":[\#(diagnostic)],"isPreferred":true,"edit":{"changes":{"\#(uri)":[{"range":{"start":{"line":1,"character":9},"end":{"line":1,"character":12}},"newText":"fill"}]}}}]}"#
    )
    // Elsewhere, none.
    s.send(
      #"{"jsonrpc":"2.0","id":3,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"context":{"diagnostics":[]}}}"#
    )
    #expect(s.receive() == #"{"jsonrpc":"2.0","id":3,"result":[]}"#)
    // The fix applied as an incremental change: no diagnostics left.
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":9},"end":{"line":1,"character":12}},"text":"fill"}]}}"#
    )
    #expect(
      s.receive()
        == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","version":2,"diagnostics":[]}}"#
    )
    // A whole new text, badly spaced, with a colour: formatting and colours.
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":3},"contentChanges":[{"text":"let  c = #ff000080\nbadge B size 100 {\nrect().fill(c)\n}\n"}]}}"#
    )
    #expect(
      s.receive()
        == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","version":3,"diagnostics":[]}}"#
    )
    s.send(
      #"{"jsonrpc":"2.0","id":4,"method":"textDocument/formatting","params":{"textDocument":{"uri":"\#(uri)"},"options":{"tabSize":2,"insertSpaces":true}}}"#
    )
    #expect(
      s.receive()
        == #"{"jsonrpc":"2.0","id":4,"result":[{"range":{"start":{"line":0,"character":0},"end":{"line":4,"character":0}},"newText":"let c = #ff000080\nbadge B size 100 {\n  rect().fill(c)\n}\n"}]}"#
    )
    s.send(
      #"{"jsonrpc":"2.0","id":5,"method":"textDocument/documentColor","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
    #expect(
      s.receive()
        == #"{"jsonrpc":"2.0","id":5,"result":[{"range":{"start":{"line":0,"character":9},"end":{"line":0,"character":18}},"color":{"red":1,"green":0,"blue":0,"alpha":0.5019607843137255}}]}"#
    )
    s.send(
      #"{"jsonrpc":"2.0","id":6,"method":"textDocument/colorPresentation","params":{"textDocument":{"uri":"\#(uri)"},"color":{"red":0,"green":0.5,"blue":1,"alpha":1},"range":{"start":{"line":0,"character":9},"end":{"line":0,"character":18}}}}"#
    )
    let range = #"{"start":{"line":0,"character":9},"end":{"line":0,"character":18}}"#
    #expect(
      s.receive()
        == ##"{"jsonrpc":"2.0","id":6,"result":[{"label":"#0080ff","textEdit":{"range":\##(range),"newText":"#0080ff"}},{"label":"rgb(0, 128, 255)","textEdit":{"range":\##(range),"newText":"rgb(0, 128, 255)"}}]}"##
    )
    s.send(
      #"{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
    #expect(
      s.receive()
        == #"{"jsonrpc":"2.0","id":7,"result":[{"name":"c","kind":14,"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":18}},"selectionRange":{"start":{"line":0,"character":5},"end":{"line":0,"character":6}}},{"name":"B","detail":"badge","kind":23,"range":{"start":{"line":1,"character":0},"end":{"line":3,"character":1}},"selectionRange":{"start":{"line":1,"character":6},"end":{"line":1,"character":7}}}]}"#
    )
    s.send(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
    #expect(
      s.receive()
        == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","diagnostics":[]}}"#)
    s.send(#"{"jsonrpc":"2.0","id":8,"method":"shutdown"}"#)
    #expect(s.receive() == #"{"jsonrpc":"2.0","id":8,"result":null}"#)
    s.send(#"{"jsonrpc":"2.0","id":9,"method":"textDocument/formatting","params":{}}"#)
    #expect(
      s.receive() == #"{"jsonrpc":"2.0","id":9,"error":{"code":-32600,"message":"the server is shutting down"}}"#)
    s.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(s.finish(closing: false) == 0)
  }

  @Test func positionsCountUTF16UnlessTheClientOffersUTF8() throws {
    // "é" is one UTF-16 unit and two bytes; "😀" two units and four bytes.
    let text = #"let s = \"é😀\" + 1\nbadge B size 10 { rect().frame(width: s) }\n"#
    let utf8 = #","general":{"positionEncodings":["utf-8","utf-16"]}"#
    for (offer, encoding, character) in [("", "utf-16", 16), (utf8, "utf-8", 19)] {
      let s = try LSPSession()
      s.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"x":1\#(offer)}}}"#)
      #expect(s.receive()?.contains(#""positionEncoding":"\#(encoding)""#) == true)
      s.send(LSPSession.initialized)
      s.send(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///t.badge","languageId":"badge","version":1,"text":"\#(text)"}}}"#
      )
      // A string plus a number: the error is at the number.
      let reply = s.receive() ?? ""
      #expect(reply.contains(#""start":{"line":0,"character":\#(character)}"#), "\(encoding): \(reply)")
      s.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
      #expect(s.finish(closing: false) == 1)
    }
  }

  @Test func hostileInputGetsAnErrorOrACleanExit() throws {
    // Each reply is an error with the code JSON-RPC gives it.
    let cases: [(String, Int)] = [
      ("{not json", -32700),
      (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), -32700),
      (#"{"jsonrpc":"2.0","id":2,"method":"workspace/noSuchThing","params":{}}"#, -32601),
      (#"{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":1}}}"#, 0),
      (#"{"jsonrpc":"2.0","id":3}"#, -32600),
      (#"[1,2]"#, -32600),
      (#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#, -32600),
    ]
    let s = try LSPSession()
    // Before initialize: refused.
    s.send(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
    #expect(
      s.receive() == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"the server is not initialized yet"}}"#)
    s.send(LSPSession.initialize)
    _ = s.receive()
    // A second initialize is refused.
    s.send(LSPSession.initialize)
    #expect(
      s.receive() == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"the server is already initialized"}}"#)
    for (body, code) in cases {
      s.send(body)
      let reply = s.receive() ?? "no reply"
      // (0: a request the server answers, with nothing.)
      let expected = code == 0 ? #""result":null"# : #""error":{"code":\#(code),"#
      #expect(reply.contains(expected), "\(body.prefix(40)): \(reply)")
    }
    // Invalid UTF-8 in a string.
    s.sendRaw(Data("Content-Length: 7\r\n\r\n".utf8) + Data([0x22, 0x61, 0xFF, 0xFE, 0x62, 0x22, 0x20]))
    #expect(s.receive()?.contains(#""code":-32700"#) == true)
    // Unknown notifications and broken documents are let be; the server
    // still answers.
    s.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#)
    s.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///none"}}}"#)
    s.send(
      #"{"jsonrpc":"2.0","id":10,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///none"}}}"#
    )
    #expect(s.receive() == #"{"jsonrpc":"2.0","id":10,"result":[]}"#)
    // A truncated frame: the input ends inside it, the server exits (1:
    // no shutdown came).
    s.sendRaw(Data("Content-Length: 100\r\n\r\n{\"jsonrpc\"".utf8))
    #expect(s.finish() == 1)
  }

  @Test func aHugeContentLengthOrABadHeaderEndsTheServer() throws {
    for header in [
      "Content-Length: 99999999999999\r\n\r\n", "Content-Length: -4\r\n\r\n", "Nonsense\r\n\r\n",
      String(repeating: "X-A: b\r\n", count: 2000),
    ] {
      let s = try LSPSession()
      s.sendRaw(Data(header.utf8))
      // It does not wait for the bytes announced.
      #expect(s.finish(closing: false) == 1, "\(header.prefix(30))")
    }
  }

  @Test func aBurstOfChangesIsCompiledOnce() throws {
    let s = try LSPSession.started()
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///b.badge","languageId":"badge","version":1,"text":"badge B size 10 { rect() }\n"}}}"#
    )
    _ = s.receive()
    // Ten changes and a request in one write: the request is answered,
    // then the diagnostics of the last text only.
    var burst = Data()
    for v in 2...11 {
      let body = Data(
        #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///b.badge","version":\#(v)},"contentChanges":[{"text":"badge B size \#(v) { rect().fil(red) }\n"}]}}"#
          .utf8)
      burst += Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    let request = Data(
      #"{"jsonrpc":"2.0","id":5,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///b.badge"}}}"#
        .utf8)
    burst += Data("Content-Length: \(request.count)\r\n\r\n".utf8) + request
    s.sendRaw(burst)
    #expect(s.receive()?.hasPrefix(#"{"jsonrpc":"2.0","id":5,"result":[{"name":"B""#) == true)
    let diagnostics = s.receive() ?? ""
    #expect(
      diagnostics.contains(#""version":11,"#) && diagnostics.contains("unknown modifier '.fil'"), "\(diagnostics)")
    // Nothing more came.
    s.send(#"{"jsonrpc":"2.0","id":6,"method":"shutdown"}"#)
    #expect(s.receive() == #"{"jsonrpc":"2.0","id":6,"result":null}"#)
    s.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(s.finish(closing: false) == 0)
  }

  @Test func exitWithoutShutdownIsCodeOneAndTheInputsEndToo() throws {
    let s = try LSPSession.started()
    s.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(s.finish(closing: false) == 1)
    let t = try LSPSession.started()
    #expect(t.finish() == 1)
  }

  @Test func aLargeFileStaysUsable() throws {
    // A megabyte of lets: the diagnostics come back, and later requests too.
    var text = "let v0 = 1\\n"
    for i in 1..<60_000 { text += "let v\(i) = v\(i - 1) + 1\\n" }
    text += "badge B size 100 {\\n  rect().frame(width: v59999 - v59999 + 10)\\n}\\n"
    let s = try LSPSession.started()
    let start = Date()
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///big.badge","languageId":"badge","version":1,"text":"\#(text)"}}}"#
    )
    let reply = s.receive(seconds: 30)
    #expect(reply?.contains(#""diagnostics":[]"#) == true, "\(reply?.prefix(300) ?? "none")")
    s.send(
      #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentColor","params":{"textDocument":{"uri":"file:///big.badge"}}}"#
    )
    #expect(s.receive(seconds: 30) == #"{"jsonrpc":"2.0","id":2,"result":[]}"#)
    #expect(Date().timeIntervalSince(start) < 30)
    s.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
    _ = s.receive()
    s.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(s.finish(closing: false) == 0)
  }
}

/// Definitions, references, renames, hovers and completions across a
/// file and the one it imports.
@Suite struct LanguageServerNavigationTests {
  static let lib = """
    // A dot of colour.
    // Sized by its caller.
    component Dot(side, tint = red) {
      circle().fill(tint).frame(width: side, height: side)
    }

    """
  static let main = """
    import "lib.badge"
    let gap = 4
    badge B size 100 {
      repeat 3 as i {
        let k = i * gap
        Dot(side: k, tint: #00ff00)
      }
      rect().frame(width: gap, height: 10)
    }

    """

  /// A session with both files on disk and main.badge open.
  static func session() throws -> (LSPSession, URL, String, String) {
    let dir = try Support.temporaryFolder()
    try lib.write(to: dir.appendingPathComponent("lib.badge"), atomically: true, encoding: .utf8)
    try main.write(to: dir.appendingPathComponent("main.badge"), atomically: true, encoding: .utf8)
    let s = try LSPSession.started(cwd: dir)
    let mainURI = "file://\(dir.path)/main.badge"
    let libURI = "file://\(dir.path)/lib.badge"
    let escaped = main.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(mainURI)","languageId":"badge","version":1,"text":"\#(escaped)"}}}"#
    )
    _ = s.receive()
    return (s, dir, mainURI, libURI)
  }

  static func at(_ uri: String, _ line: Int, _ character: Int) -> String {
    #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}"#
  }

  static func request(_ s: LSPSession, _ id: Int, _ method: String, _ params: String) -> String {
    s.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    return s.receive() ?? "no reply"
  }

  static func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> String {
    #"{"start":{"line":\#(l0),"character":\#(c0)},"end":{"line":\#(l1),"character":\#(c1)}}"#
  }

  @Test func definitionsAndReferencesAcrossTheImport() throws {
    let (s, dir, main, lib) = try LanguageServerNavigationTests.session()
    defer { try? FileManager.default.removeItem(at: dir) }
    typealias T = LanguageServerNavigationTests
    // `Dot` in main.badge is declared in lib.badge.
    #expect(
      T.request(s, 2, "textDocument/definition", T.at(main, 5, 5))
        == #"{"jsonrpc":"2.0","id":2,"result":{"uri":"\#(lib)","range":\#(T.range(2, 10, 2, 13))}}"#)
    // The label `side:` names Dot's parameter.
    #expect(
      T.request(s, 3, "textDocument/definition", T.at(main, 5, 9))
        == #"{"jsonrpc":"2.0","id":3,"result":{"uri":"\#(lib)","range":\#(T.range(2, 14, 2, 18))}}"#)
    // `gap`: declared at line 1, used twice.
    let params =
      #"{"textDocument":{"uri":"\#(main)"},"position":{"line":1,"character":5},"context":{"includeDeclaration":true}}"#
    #expect(
      T.request(s, 4, "textDocument/references", params)
        == #"{"jsonrpc":"2.0","id":4,"result":[{"uri":"\#(main)","range":\#(T.range(1, 4, 1, 7))},{"uri":"\#(main)","range":\#(T.range(4, 16, 4, 19))},{"uri":"\#(main)","range":\#(T.range(7, 22, 7, 25))}]}"#
    )
    // The repeat's index, and a block's let.
    #expect(
      T.request(s, 5, "textDocument/definition", T.at(main, 4, 12))
        == #"{"jsonrpc":"2.0","id":5,"result":{"uri":"\#(main)","range":\#(T.range(3, 14, 3, 15))}}"#)
    #expect(
      T.request(s, 6, "textDocument/definition", T.at(main, 5, 14))
        == #"{"jsonrpc":"2.0","id":6,"result":{"uri":"\#(main)","range":\#(T.range(4, 8, 4, 9))}}"#)
    // Nothing to find on a number.
    #expect(T.request(s, 7, "textDocument/definition", T.at(main, 7, 35)) == #"{"jsonrpc":"2.0","id":7,"result":null}"#)
    _ = s.finish()
  }

  @Test func renameChangesEveryFileThatUsesTheName() throws {
    let (s, dir, main, lib) = try LanguageServerNavigationTests.session()
    defer { try? FileManager.default.removeItem(at: dir) }
    typealias T = LanguageServerNavigationTests
    let params = #"{"textDocument":{"uri":"\#(main)"},"position":{"line":5,"character":9},"newName":"diameter"}"#
    let edit: (String) -> String = { r in #"{"range":\#(r),"newText":"diameter"}"# }
    #expect(
      T.request(s, 2, "textDocument/rename", params)
        == #"{"jsonrpc":"2.0","id":2,"result":{"changes":{"\#(lib)":[\#(edit(T.range(2, 14, 2, 18))),\#(edit(T.range(3, 35, 3, 39))),\#(edit(T.range(3, 49, 3, 53)))],"\#(main)":[\#(edit(T.range(5, 8, 5, 12)))]}}}"#
    )
    let bad = #"{"textDocument":{"uri":"\#(main)"},"position":{"line":1,"character":5},"newName":"let"}"#
    #expect(
      T.request(s, 3, "textDocument/rename", bad).contains(#""error":{"code":-32602,"message":"'let' is not a name"#))
    _ = s.finish()
  }

  @Test func hovers() throws {
    let (s, dir, main, _) = try LanguageServerNavigationTests.session()
    defer { try? FileManager.default.removeItem(at: dir) }
    typealias T = LanguageServerNavigationTests
    func hover(_ id: Int, _ line: Int, _ character: Int) -> String {
      T.request(s, id, "textDocument/hover", T.at(main, line, character))
    }
    #expect(
      hover(2, 7, 23)
        == #"{"jsonrpc":"2.0","id":2,"result":{"contents":{"kind":"markdown","value":"```badge\nlet gap = 4\n```\n\nset it with `-D gap=…`\n\nhere: `4`"},"range":\#(T.range(7, 22, 7, 25))}}"#
    )
    #expect(
      hover(3, 5, 5)
        == #"{"jsonrpc":"2.0","id":3,"result":{"contents":{"kind":"markdown","value":"```badge\ncomponent Dot(side, tint = red)\n```\n\nA dot of colour.\nSized by its caller."},"range":\#(T.range(5, 4, 5, 7))}}"#
    )
    #expect(hover(4, 5, 24).contains(#""value":"a colour: `#00ff00`, `rgb(0, 255, 0)`""#))
    #expect(hover(5, 7, 10).contains(#"modifier `.frame`; labels: `width:`"#))
    #expect(hover(6, 5, 15).contains(#"let k = i * gap"#))
    #expect(hover(7, 3, 14).contains(#"the index of each copy, from 0"#))
    #expect(hover(8, 0, 0) == #"{"jsonrpc":"2.0","id":8,"result":null}"#)
    _ = s.finish()
  }

  @Test func completions() throws {
    let (s, dir, main, _) = try LanguageServerNavigationTests.session()
    defer { try? FileManager.default.removeItem(at: dir) }
    typealias T = LanguageServerNavigationTests
    func labels(_ id: Int, _ line: Int, _ character: Int) throws -> [String] {
      let reply = T.request(s, id, "textDocument/completion", T.at(main, line, character))
      let json = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any]
      return (json?["result"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }
    // After `rect().`: modifiers.
    let afterDot = try labels(2, 7, 11)
    #expect(afterDot.contains("frame") && afterDot.contains("fill") && !afterDot.contains("gap"))
    // In `.frame(width: gap, height: 10)`: the labels not written, then names.
    let inFrame = try labels(3, 7, 30)
    #expect(inFrame.contains("alignment:") && !inFrame.contains("width:") && !inFrame.contains("height:"))
    // Inside the repeat: its index, the block's let, the top-level let,
    // the imported component.
    let inside = try labels(4, 5, 4)
    for name in ["i", "k", "gap", "Dot", "circle", "red", "topLeading"] { #expect(inside.contains(name), "\(name)") }
    // Outside it: not its index or let.
    let outside = try labels(5, 7, 2)
    #expect(!outside.contains("i") && !outside.contains("k") && outside.contains("gap"))
    // In Dot's call: its parameters' labels, less the written ones.
    let inCall = try labels(6, 5, 8)
    #expect(!inCall.contains("side:") && !inCall.contains("tint:"))
    _ = s.finish()
  }
}

/// A real client: Neovim's (Debian's `neovim`, headless) starts `badgec
/// lsp` on a copy of the hike badge with a mistake in it, and gets the
/// diagnostic, a hover on the hike's name and the definition of `Badge` in
/// the file it imports.
@Suite struct LanguageServerClientTests {
  /// Writes the hike badge, with `.fil(red)` after its caption's font, and
  /// the landmark it imports into `dir`; the hike badge's text.
  static func hikeWithAMistake(in dir: URL) throws -> String {
    var hike = try Support.read("samples/hikebadge.badge")
    hike = hike.replacingOccurrences(of: "      .font(.caption)", with: "      .font(.caption)\n      .fil(red)")
    try hike.write(to: dir.appendingPathComponent("hikebadge.badge"), atomically: true, encoding: .utf8)
    try Support.read("samples/landmark.badge").write(
      to: dir.appendingPathComponent("landmark.badge"), atomically: true, encoding: .utf8)
    return hike
  }

  @Test func neovimGetsDiagnosticsAHoverAndADefinition() throws {
    guard let nvim = Support.tool("nvim") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let hike = try LanguageServerClientTests.hikeWithAMistake(in: dir)
    let lines = hike.components(separatedBy: "\n")
    let textLine = try #require(lines.firstIndex { $0.contains("text(name)") })
    let badgeLine = try #require(lines.firstIndex { $0.contains("Badge()") && !$0.hasPrefix("//") })
    let result = dir.appendingPathComponent("result.json")
    let run = try Support.run(
      nvim, ["--headless", "--clean", "-c", "luafile \(Support.url("Tests/nvim-lsp-client.lua").path)"],
      cwd: dir,
      environment: [
        "BADGEC": Support.badgec.path, "BADGE_FILE": dir.appendingPathComponent("hikebadge.badge").path,
        "RESULT": result.path, "HOVER_LINE": "\(textLine)",
        "HOVER_CHARACTER": "\(lines[textLine].distance(of: "name"))", "DEFINITION_LINE": "\(badgeLine)",
        "DEFINITION_CHARACTER": "\(lines[badgeLine].distance(of: "Badge") + 1)",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: result)) as? [String: Any], "no result")
    #expect((json["errors"] as? [Any])?.isEmpty ?? true, "\(json["errors"] ?? "")")
    let diagnostics = json["diagnostics"] as? [[String: Any]] ?? []
    #expect(diagnostics.count == 1)
    #expect((diagnostics.first?["message"] as? String)?.hasPrefix("unknown modifier '.fil'") == true)
    let hover = (json["hover"] as? [String: Any])?["contents"] as? [String: Any]
    #expect((hover?["value"] as? String)?.contains(#"let name = "Preview Testing""#) == true, "\(json["hover"] ?? "")")
    let definition = json["definition"] as? [String: Any]
    #expect((definition?["uri"] as? String)?.hasSuffix("/landmark.badge") == true, "\(json["definition"] ?? "")")
  }
}

/// The VS Code extension's client (editors/vscode/extension.js) run by
/// Node against the real server, with a stand-in for VS Code's API
/// (Tests/vscode-extension-check.js): the same hike badge with a mistake.
@Suite struct VSCodeExtensionTests {
  @Test func theExtensionTalksToTheServer() throws {
    guard let node = Support.tool("node") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try LanguageServerClientTests.hikeWithAMistake(in: dir)
    let run = try Support.run(
      node, [Support.url("Tests/vscode-extension-check.js").path], cwd: dir,
      environment: [
        "BADGEC": Support.badgec.path, "EXTENSION": Support.url("editors/vscode/extension.js").path,
        "BADGE_FILE": dir.appendingPathComponent("hikebadge.badge").path,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], "\(run.stderr)")
    let diagnostics = json["diagnostics"] as? [[String: Any]] ?? []
    #expect(diagnostics.count == 1)
    #expect((diagnostics.first?["message"] as? String)?.hasPrefix("unknown modifier '.fil'") == true)
    let hover = (json["hover"] as? [String: Any])?["contents"] as? [String: Any]
    #expect((hover?["value"] as? String)?.contains(#"let name = "Preview Testing""#) == true, "\(json["hover"] ?? "")")
    #expect(((json["definition"] as? [String: Any])?["uri"] as? String)?.hasSuffix("/landmark.badge") == true)
    #expect((json["completion"] as? [String])?.contains("font") == true)
    #expect(((json["codeActions"] as? [[String: Any]])?.first?["title"] as? String) == "write 'fill'")
    #expect(json["symbols"] as? [String] == ["name", "HikeBadge"])
    #expect((json["colors"] as? [Any])?.count == 1)
  }
}

extension String {
  /// Characters before the first `word`.
  fileprivate func distance(of word: String) -> Int {
    guard let r = range(of: word) else { return 0 }
    return self[..<r.lowerBound].count
  }
}

/// `width` and `height` hovered: the side of the frame they are read in,
/// in every place it is laid out, as the badge is drawn.
@Suite struct LanguageServerFrameHoverTests {
  @Test func widthInTheLandmarksPaths() throws {
    let path = Support.url("samples/landmark.badge").path
    let text = try Support.read("samples/landmark.badge")
    let s = try LSPSession.started()
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://\#(path)","languageId":"badge","version":1,"text":"\#(escaped)"}}}"#
    )
    _ = s.receive()
    let lines = text.components(separatedBy: "\n")
    let uses = lines.indices.filter { lines[$0].contains("min(width, height)") }
    #expect(uses.count == 2)
    var replies: [String] = []
    for (k, line) in uses.enumerated() {
      let c = lines[line].components(separatedBy: "min(width")[0].count + 4
      let params = LanguageServerNavigationTests.at("file://\(path)", line, c + 1)
      replies.append(LanguageServerNavigationTests.request(s, 10 + k, "textDocument/hover", params))
    }
    // BadgeBackground's path fills the 300-point badge; BadgeSymbol's is
    // 300 + 2 × 60 (its padding of −60), in each of the 8 rotated copies.
    #expect(replies[0].contains("**300** points here, the badge drawn at its own size"), "\(replies[0])")
    #expect(replies[1].contains("**420** points here (in its 8 places)"), "\(replies[1])")
    // The values names take as the badge is drawn: the rotation of each
    // of the 8 copies; the symbol's height, three quarters of 420.
    let rotate = try #require(lines.firstIndex { $0.contains("rotate(angle") })
    let angle = LanguageServerNavigationTests.request(
      s, 20, "textDocument/hover",
      LanguageServerNavigationTests.at(
        "file://\(path)", rotate, lines[rotate].components(separatedBy: "rotate(")[0].count + 8))
    #expect(
      angle.contains(
        "here: `0deg`, `45deg`, `90deg`, `135deg`, `180deg`, `225deg`, `270deg`, `315deg` (in its places)"), "\(angle)")
    let h = try #require(lines.firstIndex { $0.contains("let h = ") })
    let height = LanguageServerNavigationTests.request(
      s, 21, "textDocument/hover",
      LanguageServerNavigationTests.at("file://\(path)", h, lines[h].components(separatedBy: "let h")[0].count + 4))
    #expect(height.contains(#"let h = side * 0.75\n```\n\nhere: `315`"#), "\(height)")
    _ = s.finish()
  }
}

/// An imported file open in the editor is read as the editor holds it: a
/// change to it, saved or not, gives the files that import it their
/// diagnostics again.
@Suite struct LanguageServerUnsavedImportTests {
  @Test func editingALibraryUpdatesTheBadgesThatUseIt() throws {
    let (s, dir, main, lib) = try LanguageServerNavigationTests.session()
    defer { try? FileManager.default.removeItem(at: dir) }
    let escaped = LanguageServerNavigationTests.lib.replacingOccurrences(of: "\n", with: "\\n")
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(lib)","languageId":"badge","version":1,"text":"\#(escaped)"}}}"#
    )
    // The library alone has no badge: an error of its own, and main's
    // diagnostics again (none).
    #expect(s.receive()?.contains(#""uri":"\#(lib)""#) == true)
    #expect(s.receive()?.contains(#""uri":"\#(main)","version":1,"diagnostics":[]"#) == true)
    // Dot renamed in the editor, not saved: main's use of it is unknown.
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(lib)","version":2},"contentChanges":[{"range":{"start":{"line":2,"character":10},"end":{"line":2,"character":13}},"text":"Spot"}]}}"#
    )
    _ = s.receive()
    let after = s.receive() ?? ""
    #expect(after.contains(#""uri":"\#(main)""#) && after.contains("unknown component or shape 'Dot'"), "\(after)")
    // Its definition is now found where the editor has it.
    s.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(main)","version":2},"contentChanges":[{"range":{"start":{"line":5,"character":4},"end":{"line":5,"character":7}},"text":"Spot"}]}}"#
    )
    #expect(s.receive()?.contains(#""uri":"\#(main)","version":2,"diagnostics":[]"#) == true)
    #expect(
      LanguageServerNavigationTests.request(
        s, 9, "textDocument/definition", LanguageServerNavigationTests.at(main, 5, 5))
        == #"{"jsonrpc":"2.0","id":9,"result":{"uri":"\#(lib)","range":\#(LanguageServerNavigationTests.range(2, 10, 2, 14))}}"#
    )
    _ = s.finish()
  }
}
