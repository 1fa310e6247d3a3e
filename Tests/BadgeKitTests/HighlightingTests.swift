// The TextMate grammar (grammar/badge.tmLanguage.json) tokenised by an
// outside tokenizer (textmate-grammar-python, on Oniguruma, through
// Tests/grammar-scopes.py) on every sample and library file: each keyword,
// label, number and unit, string and escape, colour, comment, modifier,
// path command, component and top-level let must have its scope, and no
// token may be scoped invalid. The expectations come from badgec's own
// lexer and parser, so every token of those kinds is checked.
import Foundation
import Testing

@testable import BadgeKit
@testable import BadgeTools

@Suite struct HighlightingTests {
  /// One expectation: a place (line and column from 0, the column in
  /// Unicode scalars), the scope it must have, and what it is (for the
  /// failure's text).
  struct Expectation: Encodable {
    var line: Int, column: Int, scope: String, what: String

    func encode(to encoder: Encoder) throws {
      var c = encoder.unkeyedContainer()
      try c.encode(line)
      try c.encode(column)
      try c.encode(scope)
      try c.encode(what)
    }
  }

  struct File: Encodable {
    var name: String
    var text: String
    var expect: [Expectation]
  }

  struct Request: Encodable {
    var grammar: String
    var files: [File]
  }

  /// What every token of the checked kinds in `text` must be scoped.
  static func expectations(_ text: String) -> [Expectation] {
    let source = SourceFile(name: "t", text: text)
    let bytes = source.bytes
    let tokens = Lexer.tokenize(source).tokens
    let parsed = Parser.parse(source, requiresBadge: false)
    let roles = SyntaxRoles(parsed.file)
    // Line and column of every byte offset.
    var lineOf = [Int](repeating: 0, count: bytes.count + 1)
    var columnOf = [Int](repeating: 0, count: bytes.count + 1)
    var line = 0
    var column = 0
    for (i, b) in bytes.enumerated() {
      lineOf[i] = line
      columnOf[i] = column
      if b == 0x0A {
        line += 1
        column = 0
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
    }
    lineOf[bytes.count] = line
    columnOf[bytes.count] = column
    var out: [Expectation] = []
    func expect(_ offset: Int, _ scope: String) {
      let what = String(decoding: bytes[offset..<min(bytes.count, offset + 12)], as: UTF8.self)
      out.append(Expectation(line: lineOf[offset], column: columnOf[offset], scope: scope, what: what))
    }
    let declared = Set(parsed.file.components.map(\.nameRange.start))
    let lets = Set(parsed.file.lets.map(\.nameRange.start))
    let badgeName = parsed.file.badge?.nameRange.start
    for (i, t) in tokens.enumerated() {
      let start = t.range.start
      let labelled =
        i > 0 && i + 1 < tokens.count && tokens[i + 1].tag == .colon
        && (tokens[i - 1].tag == .leftParen || tokens[i - 1].tag == .comma)
      switch t.kind {
      case .keyword where labelled: expect(start, "variable.parameter.label")
      case .keyword(.let), .keyword(.component), .keyword(.badge): expect(start, "storage.type")
      case .keyword: expect(start, "keyword.")
      case .identifier where labelled: expect(start, "variable.parameter.label")
      case .identifier:
        if roles.chainOfModifier[start] != nil {
          expect(start, "entity.name.function.member")
        } else if start == badgeName {
          expect(start, "entity.name.type.badge")
        } else if roles.pathCommands.contains(start) {
          expect(start, "support.function.path")
        } else if declared.contains(start) || bytes[start] >= 0x41 && bytes[start] <= 0x5A {
          expect(start, "entity.name.type.component")
        } else if lets.contains(start) {
          expect(start, "variable.other.constant")
        }
      case .number(_, let unit):
        expect(start, "constant.numeric")
        if unit != .none { expect(t.range.end - unit.rawValue.utf8.count, "keyword.other.unit") }
      case .string, .interpolationStart, .interpolationMiddle, .interpolationEnd:
        expect(start, "string.quoted.double")
        // Each escape but `\(`.
        var k = start
        while k + 1 < t.range.end {
          if bytes[k] == UInt8(ascii: "\\") {
            if bytes[k + 1] != UInt8(ascii: "(") { expect(k, "constant.character.escape") }
            k += 2
          } else {
            k += 1
          }
        }
      case .color: expect(start, "constant.other.color")
      default: break
      }
      // The comments before the token.
      let gapStart = i == 0 ? 0 : tokens[i - 1].range.end
      for piece in Trivia(bytes, gapStart..<start).pieces {
        guard case .comment(let text, _) = piece else { continue }
        expect(text.startIndex, bytes[text.startIndex + 1] == UInt8(ascii: "/") ? "comment.line" : "comment.block")
      }
    }
    return out
  }

  /// Runs the check on `files`; nil when the tokenizer is missing (a
  /// failure under CI=true).
  static func check(_ files: [File], sourceLocation: SourceLocation = #_sourceLocation) throws -> Support.Run? {
    guard let python = Support.tool("python3", sourceLocation: sourceLocation) else { return nil }
    let request = Request(grammar: Support.url("grammar/badge.tmLanguage.json").path, files: files)
    let run = try Support.run(
      python, [Support.url("Tests/grammar-scopes.py").path], stdin: try JSONEncoder().encode(request))
    if run.status == 2 {
      if Support.isCI { Issue.record("\(String(decoding: run.stdout, as: UTF8.self))", sourceLocation: sourceLocation) }
      return nil
    }
    return run
  }

  @Test func everyTokenOfTheSamplesHasItsScope() throws {
    var files: [File] = []
    for file in try FormatterTests.badgeFiles("samples") + FormatterTests.badgeFiles("samples/lib") {
      let text = try Support.read(file)
      files.append(File(name: file, text: text, expect: HighlightingTests.expectations(text)))
    }
    #expect(files.map(\.expect.count).reduce(0, +) > 1000)
    guard let run = try HighlightingTests.check(files) else { return }
    #expect(run.status == 0, "\(String(decoding: run.stdout, as: UTF8.self))\(run.stderr)")
  }

  @Test func theCheckFailsOnAWrongScope() throws {
    let text = "let a = 1 // one\n"
    var expect = HighlightingTests.expectations(text)
    #expect(expect.count == 4)
    expect.append(Expectation(line: 0, column: 8, scope: "comment.line", what: "1"))
    guard let run = try HighlightingTests.check([File(name: "wrong", text: text, expect: expect)]) else { return }
    #expect(run.status == 1)
    #expect(String(decoding: run.stdout, as: UTF8.self).hasPrefix("wrong:1:9: 1 should be comment.line, is "))
  }

  /// Constructs the samples do not hold: nested block comments, escapes,
  /// interpolations with calls in them, units, colours of each length.
  @Test func harderConstructs() throws {
    let text = """
      /* outer /* inner */ still outer */
      let s = "tab\\t quote\\" \\u{1F600} \\(min(1, 2) + 3)pt"
      let c = (#fff, #ff8800, #ff880080)
      let a = 45deg + 1rad + 2pt + 50% + .5 + 1e3
      component Dot(size = 4) {
        circle().fill(red.opacity(0.5)).frame(width: size, height: size)
      }
      badge B size 100 {
        Dot(size: 2)
          .mask { rect() }
      }

      """
    let expect = HighlightingTests.expectations(text)
    guard let run = try HighlightingTests.check([File(name: "hard", text: text, expect: expect)]) else { return }
    #expect(run.status == 0, "\(String(decoding: run.stdout, as: UTF8.self))\(run.stderr)")
  }
}

/// The VS Code extension folder (editors/vscode): its manifest names the
/// grammar (the same file as grammar/badge.tmLanguage.json, through a link)
/// for `.badge` files, at badgec's version; its comment markers are the
/// ones the lexer skips.
@Suite struct EditorFolderTests {
  static func json(_ relative: String) throws -> [String: Any] {
    let data = try Data(contentsOf: Support.url(relative))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(relative) is no JSON object")
  }

  @Test func theManifestNamesTheGrammar() throws {
    let manifest = try EditorFolderTests.json("editors/vscode/package.json")
    #expect(manifest["version"] as? String == BadgeKit.version)
    let contributes = try #require(manifest["contributes"] as? [String: Any])
    let languages = try #require(contributes["languages"] as? [[String: Any]])
    #expect(languages.first?["id"] as? String == "badge")
    #expect(languages.first?["extensions"] as? [String] == [".badge"])
    let grammars = try #require(contributes["grammars"] as? [[String: Any]])
    let path = try #require(grammars.first?["path"] as? String)
    let linked = try Data(contentsOf: Support.url("editors/vscode").appendingPathComponent(path))
    #expect(linked == (try Data(contentsOf: Support.url("grammar/badge.tmLanguage.json"))))
    let grammar = try EditorFolderTests.json("grammar/badge.tmLanguage.json")
    #expect(grammars.first?["scopeName"] as? String == grammar["scopeName"] as? String)
  }

  @Test func theCommentMarkersAreTheLexers() throws {
    let configuration = try EditorFolderTests.json("editors/vscode/language-configuration.json")
    let comments = try #require(configuration["comments"] as? [String: Any])
    let line = try #require(comments["lineComment"] as? String)
    let block = try #require(comments["blockComment"] as? [String])
    for text in ["\(line) a comment\n", "\(block[0]) a comment \(block[1])"] {
      let tokens = Lexer.tokenize(SourceFile(name: "t", text: text)).tokens
      #expect(tokens.map(\.tag) == [.endOfFile], "\(text)")
    }
  }
}
