// The formatter (BadgeTools' BadgeFormatter, `badgec fmt`): every sample and
// library file is already in its style; formatting keeps what a file draws
// (the same SVG bytes) and is idempotent on the samples, the library, the
// golden inputs, the random valid programs and those programs and samples
// respaced with comments in every gap; the style itself, case by case; a
// file with syntax errors is refused.
import Foundation
import Testing

@testable import BadgeKit
@testable import BadgeTools

@Suite struct FormatterTests {
  /// The formatted text of `text`, or nil (recorded) when it is refused.
  static func formatted(
    _ text: String, name: String = "test.badge", sourceLocation: SourceLocation = #_sourceLocation
  ) -> String? {
    switch BadgeFormatter.format(SourceFile(name: name, text: text)) {
    case .formatted(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .refused(let diagnostics, _):
      let rendered = DiagnosticRenderer(files: [SourceFile(name: name, text: text)]).render(diagnostics)
      Issue.record("refused:\n\(rendered)\n\(text)", sourceLocation: sourceLocation)
    case .failed(let why):
      Issue.record("failed: \(why)\n\(text)", sourceLocation: sourceLocation)
    }
    return nil
  }

  /// The package's files (relative paths) in `folder` ending in `.badge`.
  static func badgeFiles(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: Support.url(folder).path)
      .filter { $0.hasSuffix(".badge") }.sorted().map { "\(folder)/\($0)" }
  }

  /// Checks that formatting `text` (a file named `name`) keeps its SVG
  /// and its errors, and that formatting the result changes nothing.
  static func expectSameDrawing(
    _ text: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let once = formatted(text, name: name, sourceLocation: sourceLocation) else { return }
    let before = BadgeKit.compile(SourceFile(name: name, text: text), options: CompileOptions())
    let after = BadgeKit.compile(SourceFile(name: name, text: once), options: CompileOptions())
    let same = after.output == before.output
    #expect(
      same, "\(name): the formatted file draws differently\n\(once)",
      sourceLocation: sourceLocation)
    #expect(after.hasErrors == before.hasErrors, sourceLocation: sourceLocation)
    #expect(
      after.diagnostics.count == before.diagnostics.count, "\(name)\n\(after.renderedDiagnostics)",
      sourceLocation: sourceLocation)
    #expect(
      formatted(once, name: name, sourceLocation: sourceLocation) == once,
      "\(name): formatting twice changes the text\n\(once)", sourceLocation: sourceLocation)
  }

  @Test func samplesAndLibraryAreFormatted() throws {
    for file in try FormatterTests.badgeFiles("samples") + FormatterTests.badgeFiles("samples/lib") {
      let text = try Support.read(file)
      let once = FormatterTests.formatted(text, name: file)
      #expect(once == text, "\(file) is not formatted (badgec fmt \(file))")
    }
  }

  @Test func formattingKeepsWhatFilesDraw() throws {
    let files =
      try FormatterTests.badgeFiles("samples") + FormatterTests.badgeFiles("samples/lib")
      + FormatterTests.badgeFiles("Tests/BadgeKitTests/Golden")
    for file in files {
      let text = try Support.read(file)
      let name = Support.rootFromHere + file
      // Golden inputs with syntax errors are refused (tested below).
      let parsed = Parser.parse(SourceFile(name: name, text: text), requiresBadge: false)
      guard !parsed.diagnostics.contains(where: { $0.severity == .error })
      else { continue }
      FormatterTests.expectSameDrawing(text, name: name)
    }
  }

  @Test func randomProgramsFormatToTheSameDrawing() {
    for seed in RandomProgramTests.seeds {
      var generator = ProgramGenerator(seed: seed)
      FormatterTests.expectSameDrawing(generator.program(), name: "random-\(seed).badge")
    }
  }

  /// `text` with the gaps between its tokens made odd: spaces, tabs, runs
  /// of blank lines, block and line comments, each comment marked `cN`
  /// (in order); gaps where a space changes the meaning are left alone.
  static func respaced(_ text: String, seed: UInt64) -> (text: String, marks: Int) {
    let source = SourceFile(name: "t", text: text)
    let tokens = Lexer.tokenize(source).tokens
    var random = RasterCoverageTests.Random(state: seed)
    var out: [UInt8] = []
    var marks = 0
    for (i, t) in tokens.enumerated() {
      let start = i == 0 ? 0 : tokens[i - 1].range.end
      let gap = Array(source.bytes[start..<t.range.start])
      let left = i == 0 ? TokenTag.endOfFile : tokens[i - 1].tag
      let matters =
        left == .dot || (t.tag == .leftParen || t.tag == .leftBracket) && SpacingRules.endsOperand(left)
        || [.interpolationStart, .interpolationMiddle].contains(left)
        || [.interpolationMiddle, .interpolationEnd].contains(t.tag)
      if matters || random.next() < 0.5 {
        out += gap
      } else {
        let choice = Int(random.next() * 9)
        if choice >= 5 { marks += 1 }
        let odd = [
          " ", "   ", "\t", "\n", "\n\n\n\n", " /* c\(marks) */ ", "/*c\(marks)*/", "  // c\(marks)\n",
          "\n\n   // c\(marks)\n\t",
        ][choice]
        // A `/` before a comment would make it `//`.
        out += Array(((left == .slash ? " " : "") + odd).utf8)
      }
      if t.tag != .endOfFile { out += source.bytes[t.range.start..<t.range.end] }
    }
    return (String(decoding: out, as: UTF8.self), marks)
  }

  @Test func oddSpacingAndCommentsEverywhere() throws {
    var inputs: [(name: String, text: String)] = []
    for file in try FormatterTests.badgeFiles("samples") + FormatterTests.badgeFiles("samples/lib") {
      inputs.append((Support.rootFromHere + file, try Support.read(file)))
    }
    for seed in RandomProgramTests.seeds.prefix(10) {
      var generator = ProgramGenerator(seed: seed)
      inputs.append(("random-\(seed).badge", generator.program()))
    }
    for (k, input) in inputs.enumerated() {
      for round in 0..<3 {
        let (odd, marks) = FormatterTests.respaced(input.text, seed: UInt64(1 + 1000 * k + round))
        let expected = BadgeKit.compile(SourceFile(name: input.name, text: input.text), options: CompileOptions())
        let parsed = BadgeKit.compile(SourceFile(name: input.name, text: odd), options: CompileOptions())
        // The respacing itself must keep the meaning (else it is this test's fault).
        let respacedSame = parsed.output == expected.output
        try #require(
          respacedSame,
          "\(input.name): the respaced text differs\n\(parsed.renderedDiagnostics)\n\(odd)")
        guard let once = FormatterTests.formatted(odd, name: input.name) else { continue }
        let result = BadgeKit.compile(SourceFile(name: input.name, text: once), options: CompileOptions())
        let same = result.output == expected.output
        #expect(
          same, "\(input.name) round \(round): draws differently\n\(once)")
        #expect(FormatterTests.formatted(once, name: input.name) == once, "\(input.name): not idempotent\n\(once)")
        // Every comment kept, in order.
        var at = once.startIndex
        for m in 1...max(1, marks) where marks > 0 {
          guard let found = once.range(of: "c\(m)", range: at..<once.endIndex) else {
            Issue.record("\(input.name): comment c\(m) lost\n\(odd)\n----\n\(once)")
            break
          }
          at = found.upperBound
        }
        let lines = once.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
          !lines.contains { $0.hasPrefix("\t") || $0.hasSuffix(" ") }, "\(input.name): tabs or trailing spaces\n\(once)"
        )
      }
    }
  }

  /// Inputs and the text they format to, one rule of the style each.
  static let styleCases: [(String, String)] = [
    // Spaces around operators, after commas and labels' colons; none
    // inside parentheses; unary minus and not joined to their operand.
    (
      "let x=( 1,2 )\nlet y=x[0]+x .count\nlet d = true&&!false||1<=2\nlet e = -(1+2)*-3\n",
      "let x = (1, 2)\nlet y = x[0] + x.count\nlet d = true && !false || 1 <= 2\nlet e = -(1 + 2) * -3\n"
    ),
    // The conditional's colon is spaced, a label's is not; interpolations
    // are tight.
    (
      "let a = 1 > 0?2 :3\nlet s = \"v \\( a , specifier: \"%.1f\" )!\"\n",
      "let a = 1 > 0 ? 2 : 3\nlet s = \"v \\(a, specifier: \"%.1f\")!\"\n"
    ),
    // Indentation two spaces a level (tabs and odd indents redone), the
    // blank lines at the start and end of a file and of a block dropped,
    // runs of blank lines made one, trailing spaces dropped.
    (
      "\n\nbadge B size 100 {\n\n\t zstack {   \n rect()\n\n\n\n      circle()\n\n  }\n\n}\n\n\n",
      "badge B size 100 {\n  zstack {\n    rect()\n\n    circle()\n  }\n}\n"
    ),
    // A modifier on its own line is one level in from its view, or level
    // with the view's `}`; a line continuing parentheses one level in.
    (
      "badge B size 100 {\nrect()\n.fill(red)\nzstack {\nrect()\n}\n.padding(2)\n.frame(width: 10,\nheight: 10)\n}\n",
      "badge B size 100 {\n  rect()\n    .fill(red)\n  zstack {\n    rect()\n  }\n  .padding(2)\n  .frame(width: 10,\n    height: 10)\n}\n"
    ),
    // Comments stay where they stand: leading, trailing (with the spaces
    // before them), between tokens, at the end of a block and of the file.
    (
      "/* a */ let /* b */ x = 1   // c\n  // d\nbadge B size 100 { rect() /* e */ .fill(red)\n    // f\n}  // g\n// h",
      "/* a */ let /* b */ x = 1   // c\n// d\nbadge B size 100 { rect() /* e */ .fill(red)\n  // f\n}  // g\n// h\n"
    ),
    // A path's lines spaced as columns are kept; others are made canonical.
    (
      "badge B size 100 {\n  path {\n    move ( 0.5,0)\n    line (10.5, 1)    quad (1, 1), control: (0, 0)\n    line (1 ,2)\n    line (3,4)\n  }\n}\n",
      "badge B size 100 {\n  path {\n    move ( 0.5,0)\n    line (10.5, 1)    quad (1, 1), control: (0, 0)\n    line (1, 2)\n    line (3, 4)\n  }\n}\n"
    ),
    // A path command's negative point stays a point; `if`/`else` and
    // `repeat`.
    (
      "component C(a) {\n  path { move -1,-2 }\n  if a>1 { rect() }\n  else { circle() }\n  repeat 3 as i,v { rect() }\n}\n",
      "component C(a) {\n  path { move -1, -2 }\n  if a > 1 { rect() }\n  else { circle() }\n  repeat 3 as i, v { rect() }\n}\n"
    ),
    // A chain past 100 columns: one modifier a line; in a one-line block,
    // the block opened too.
    (
      "badge B size 100 {\n  repeat 4 as i { rect().frame(width: 18%, height: 40%).rotate(i * 90deg, anchor: bottom).opacity(0.5) }.opacity(0.8)\n}\n",
      "badge B size 100 {\n  repeat 4 as i {\n    rect()\n      .frame(width: 18%, height: 40%)\n      .rotate(i * 90deg, anchor: bottom)\n      .opacity(0.5)\n  }\n  .opacity(0.8)\n}\n"
    ),
    // A column of trailing comments stays a column when the code before
    // them changes width; a lone one keeps its spaces. Unary minus after
    // a parenthesis is joined to its operand.
    (
      "let gold = rgb(250, 196, 70)   // the gold\nlet ink  = rgb(24, 40, 96)     // deep blue\nlet n    = -(-5)               // points\nlet z=1 // lone\n",
      "let gold = rgb(250, 196, 70)   // the gold\nlet ink = rgb(24, 40, 96)      // deep blue\nlet n = -(-5)                  // points\nlet z = 1 // lone\n"
    ),
    // A block's `{` on a line of its own stands with its item; a trailing
    // comment does not count toward the width.
    (
      "component C(a) {\n  if a > 1 { rect() }\n  else\n  {\n    circle()\n  }\n  rect().fill(red).frame(width: 10, height: 10).offset(x: 1, y: 2).rotate(45deg)   // a comment long enough to pass the width\n}\n",
      "component C(a) {\n  if a > 1 { rect() }\n  else\n  {\n    circle()\n  }\n  rect().fill(red).frame(width: 10, height: 10).offset(x: 1, y: 2).rotate(45deg)   // a comment long enough to pass the width\n}\n"
    ),
    // A call's parenthesis stays joined to its name, and a path command's
    // point apart from its name.
    (
      "badge B size 100 {\n  path { move (0,0) line(1, 1) }\n}\n",
      "badge B size 100 {\n  path { move (0, 0) line(1, 1) }\n}\n"
    ),
  ]

  @Test(arguments: FormatterTests.styleCases.indices) func canonicalStyle(_ k: Int) {
    let (input, expected) = FormatterTests.styleCases[k]
    let once = FormatterTests.formatted(input)
    #expect(once == expected, "case \(k):\n\(once ?? "")")
    if let once { #expect(FormatterTests.formatted(once) == once, "case \(k) is not idempotent") }
  }

  /// Samples with random bytes changed: each is refused (syntax errors) or
  /// formatted to a text that draws the same and formats to itself; the
  /// formatter never fails its own check.
  @Test func mangledSamplesAreRefusedOrFormattedFaithfully() throws {
    var random = RasterCoverageTests.Random(state: 0x5EED_F00D)
    let pieces: [[UInt8]] = [
      "(", ")", "{", "}", ",", ".", "-", " ", "\n", "//", "/*", "*/", "\"", "x", "1", ":", "?", "\\", "é",
    ]
    .map { Array($0.utf8) }
    var formatted = 0
    for file in try FormatterTests.badgeFiles("samples") + FormatterTests.badgeFiles("samples/lib") {
      let original = Array(try Support.read(file).utf8)
      for _ in 0..<20 {
        var bytes = original
        for _ in 0..<1 + Int(random.next() * 3) {
          let at = Int(random.next() * Double(bytes.count))
          switch Int(random.next() * 3) {
          case 0: bytes.insert(contentsOf: pieces[Int(random.next() * Double(pieces.count))], at: at)
          case 1: bytes.remove(at: min(at, bytes.count - 1))
          default: bytes[min(at, bytes.count - 1)] = pieces[Int(random.next() * Double(pieces.count))][0]
          }
        }
        let name = Support.rootFromHere + file
        let source = SourceFile(name: name, bytes: bytes)
        switch BadgeFormatter.format(source) {
        case .refused: continue
        case .failed(let why):
          Issue.record("\(file): the formatter failed its check (\(why))\n\(String(decoding: bytes, as: UTF8.self))")
        case .formatted(let text):
          formatted += 1
          let before = BadgeKit.compile(source, options: CompileOptions()).output
          let after = BadgeKit.compile(SourceFile(name: name, bytes: text), options: CompileOptions()).output
          let same = before == after
          #expect(same, "\(file): draws differently after formatting\n\(String(decoding: text, as: UTF8.self))")
          guard case .formatted(let again) = BadgeFormatter.format(SourceFile(name: name, bytes: text)) else {
            Issue.record("\(file): the formatted text is refused")
            continue
          }
          #expect(again == text, "\(file): not idempotent")
        }
      }
    }
    // Some mangled files still parse (a space, a digit): they are formatted.
    #expect(formatted > 10)
  }

  @Test func filesWithSyntaxErrorsAreRefused() {
    for text in ["badge B size 100 {\n  rect(\n}\n", "let x = \n", "badge B size 100 {\n  rect()\n", "let = 1\n"] {
      guard case .refused(let diagnostics, _) = BadgeFormatter.format(SourceFile(name: "t.badge", text: text)) else {
        Issue.record("formatted a file with errors:\n\(text)")
        continue
      }
      #expect(diagnostics.contains { $0.severity == .error })
    }
  }

  @Test func theCheckCatchesAChangeOfMeaning() {
    let source = SourceFile(name: "t.badge", text: "let a = min(1, 2)\n")
    let tokens = Lexer.tokenize(source).tokens
    #expect(BadgeFormatter.check(Array("let a = min(1, 2)\n".utf8), against: source, tokens) == nil)
    // A space before a call's parenthesis makes it no call.
    #expect(BadgeFormatter.check(Array("let a = min (1, 2)\n".utf8), against: source, tokens) != nil)
    #expect(BadgeFormatter.check(Array("let a = min(1, 3)\n".utf8), against: source, tokens) != nil)
    #expect(BadgeFormatter.check(Array("let a = min(1 2)\n".utf8), against: source, tokens) != nil)
  }
}
