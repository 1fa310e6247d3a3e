// Hostile input: files written to break the compiler (long chains, deep
// nesting, control characters, malformed UTF-8, huge numbers, floods of
// errors) give located errors and bounded, inert output, on any stack.
import Foundation
import Testing

@testable import BadgeKit

struct HostileInputTests {
  /// Runs `body` on a thread with a 512 KB stack, as an editor or a service
  /// may call the library, and returns its result.
  static func onSmallStack<T>(_ body: @escaping @Sendable () -> T) -> T {
    nonisolated(unsafe) var result: T?
    let box = StackBox()
    box.body = { result = body() }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 512 * 1024)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(box).toOpaque()
    let started = pthread_create(
      &thread, &attributes,
      { raw in
        let box = Unmanaged<StackBox>.fromOpaque(raw!).takeRetainedValue()
        box.body!()
        return nil
      }, context)
    precondition(started == 0)
    pthread_join(thread, nil)
    pthread_attr_destroy(&attributes)
    return result!
  }

  /// The review's chains and nestings, each far past the limits.
  static let chains: [(name: String, source: String, message: String)] = [
    (
      "sum", "let x = " + Array(repeating: "1", count: 50_000).joined(separator: "+") + "\nbadge B { rect() }",
      "nesting"
    ),
    (
      "product", "let x = " + Array(repeating: "1", count: 50_000).joined(separator: "*") + "\nbadge B { rect() }",
      "nesting"
    ),
    ("modifiers", "badge B { rect()" + String(repeating: ".opacity(1)", count: 10_000) + " }", "nesting"),
    ("negations", "let x = " + String(repeating: "-", count: 10_000) + "1\nbadge B { rect() }", "nesting"),
    (
      "brackets",
      "let x = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        + "\nbadge B { rect() }", "nesting"
    ),
    (
      "calls",
      "let x = " + String(repeating: "min(1, ", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        + "\nbadge B { rect() }", "nesting"
    ),
    (
      "zstacks",
      "badge B { " + String(repeating: "zstack { ", count: 10_000) + String(repeating: "}", count: 10_000)
        + " }", "nesting"
    ),
    (
      "mixed",
      "let x = " + Array(repeating: "(1+2)*3-(4/5)", count: 5_000).joined(separator: "-")
        + "\nbadge B { rect() }", "nesting"
    ),
  ]

  @Test(arguments: chains.indices)
  func chainsAreErrorsOnASmallStack(_ i: Int) {
    let (name, source, message) = HostileInputTests.chains[i]
    let result = HostileInputTests.onSmallStack {
      BadgeKit.compile(SourceFile(name: "\(name).badge", text: source))
    }
    #expect(result.hasErrors, "\(name)")
    #expect(result.output == nil)
    let first = result.diagnostics.first
    #expect(first?.message.text.contains(message) == true, "\(name): \(String(describing: first?.message.text))")
    #expect(first.map { $0.range.start > 0 && $0.range.end <= source.utf8.count } == true)
  }

  /// Chains within the limit still compile, and to the right value.
  @Test func chainsWithinTheLimitCompile() throws {
    let sum = Array(repeating: "1", count: 150).joined(separator: "+")
    let scene = try #require(Support.scene("let n = \(sum)\nbadge B size 200 { rect().frame(width: n, height: 10) }"))
    guard case .fill(let f) = scene.nodes[0] else { throw Failure("no fill") }
    #expect(f.path.elements.contains(.line(Point(150, 0))))
    let modifiers = String(repeating: ".offset(x: 1)", count: 150)
    let moved = try #require(Support.scene("badge B size 200 { rect().frame(width: 10, height: 10)\(modifiers) }"))
    guard case .fill(let g) = moved.nodes[0] else { throw Failure("no fill") }
    #expect(g.transform.tx == 95 + 150)
  }

  /// Components nested 200 deep, each wrapping the next in 150 modifiers,
  /// nest the layout 30,000 levels: an error, not a stack overflow.
  @Test func layoutNestingIsLimited() {
    var text = "component C0() { rect() }\n"
    for i in 1..<200 {
      text += "component C\(i)() { C\(i - 1)()" + String(repeating: ".offset(x: 0)", count: 150) + " }\n"
    }
    text += "badge B { C199() }\n"
    let source = text
    let result = HostileInputTests.onSmallStack { BadgeKit.compile(SourceFile(name: "deep.badge", text: source)) }
    #expect(result.diagnostics.map(\.message) == [.layoutTooDeep(LayoutEngine.maximumNesting)])
  }

  // MARK: Inert XML

  /// Every scalar XML 1.0 forbids becomes U+FFFD; markup characters become
  /// references even when a combining or joining scalar shares their
  /// grapheme cluster.
  @Test func escapingWorksOnScalars() {
    for c in (0..<0x20).map({ Unicode.Scalar($0)! }) + ["\u{FFFE}", "\u{FFFF}"] {
      let escaped = SVGText.escaped("a" + String(c) + "b")
      #expect(escaped.unicodeScalars.allSatisfy(SVGText.isXMLCharacter), "U+\(String(c.value, radix: 16))")
      #expect(escaped.hasPrefix("a") && escaped.hasSuffix("b"))
    }
    #expect(SVGText.escaped("\t\n") == "\t\n")
    #expect(SVGText.escaped("\r") == "&#xD;")
    for mark in ["\u{301}", "\u{35B}", "\u{200D}", "\u{600}"] {
      let text = mark + "<script>" + mark + "]]>" + mark + "'\"&" + mark
      let escaped = SVGText.escaped(text)
      #expect(!escaped.unicodeScalars.contains("<") && !escaped.unicodeScalars.contains(">"), "\(escaped)")
      #expect(!escaped.unicodeScalars.contains("'") && !escaped.unicodeScalars.contains("\""))
      // Compared as bytes: `&gt;` followed by a combining mark is one
      // Character, and String.contains would not find it.
      for part in ["&lt;script&gt;", "]]&gt;", "&apos;&quot;&amp;"] {
        #expect(HostileInputTests.contains(escaped, part), "\(escaped)")
      }
    }
  }

  /// Badge names built to break out of `<title>` stay text: the SVG is
  /// well-formed (xmllint) and holds no element of the name's.
  @Test func hostileBadgeNamesStayText() throws {
    let names = [
      #"\u{600}<script>alert(1)</script>"#, #"<\u{301}image href='http://x/y.png'/>"#, #"a]]>b"#,
      #"\u{35B}<svg onload=alert(1)>"#, #"x\u{200D}<foreignObject>"#, #"'\"&<>"#,
    ]
    let lint = Support.tool("xmllint")
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (i, name) in names.enumerated() {
      let result = Support.compile("badge \"\(name)\" size 10 { rect() }")
      let bytes = try #require(result.output, "\(name)")
      let svg = String(decoding: bytes, as: UTF8.self)
      // Bytes, not Characters: a combining mark after `>` makes one
      // Character of the two.
      let tags = bytes.filter { $0 == UInt8(ascii: "<") }.count
      #expect(tags == 5, "\(svg)")  // svg, title, /title, path, /svg
      #expect(bytes.filter { $0 == UInt8(ascii: ">") }.count == 5, "\(svg)")
      #expect(!HostileInputTests.contains(svg, "'") && HostileInputTests.contains(svg, "<title>"))
      if let lint {
        let file = dir.appendingPathComponent("\(i).svg")
        try svg.write(to: file, atomically: true, encoding: .utf8)
        let run = try Support.run(lint, ["--noout", file.path])
        #expect(run.status == 0, "\(name): \(run.stderr)")
      }
    }
  }

  static func contains(_ text: String, _ part: String) -> Bool {
    let (a, b) = (Array(text.utf8), Array(part.utf8))
    guard a.count >= b.count else { return false }
    return (0...(a.count - b.count)).contains { a[$0..<($0 + b.count)].elementsEqual(b) }
  }

  // MARK: The lexer

  static let lexical: [(source: String, message: String, at: String)] = [
    ("badge \"a\u{0}b\" { }", "a string cannot hold the character U+0000", "\u{0}"),
    ("badge \"a\u{1B}[2J\" { }", "a string cannot hold the character U+001B", "\u{1B}"),
    ("badge \"a\u{7F}\" { }", "a string cannot hold the character U+007F", "\u{7F}"),
    ("badge \"a\u{FFFF}\" { }", "a string cannot hold the character U+FFFF", "\u{FFFF}"),
    (#"badge "a\u{0}" { }"#, "a string cannot hold the character U+0000", #"\u{0}"#),
    (#"badge "a\u{FFFE}" { }"#, "a string cannot hold the character U+FFFE", #"\u{FFFE}"#),
    (#"badge "\u{D800}" { }"#, "names U+D800, which is not a Unicode scalar", #"\u{D800}"#),
    (#"badge "\u{110000}" { }"#, "names U+110000, which is not a Unicode scalar", #"\u{110000}"#),
    (#"badge "\u{}" { }"#, "invalid Unicode escape", #"\u{}"#),
    (#"badge "\u41" { }"#, "invalid Unicode escape", #"\u"#),
    ("badge B { re\u{202E}ct() }", "unexpected character '\\u{202E}'", "\u{202E}"),
    ("badge B { rect()\u{1B}]0;title\u{7} }", "unexpected character '\\u{1B}'", "\u{1B}"),
  ]

  @Test(arguments: lexical.indices)
  func lexicalErrors(_ i: Int) {
    let (source, message, at) = HostileInputTests.lexical[i]
    let result = Support.compile(source)
    let d = result.diagnostics.first { $0.message.text.contains(message) }
    #expect(d != nil, "\(result.diagnostics.map(\.message.text))")
    if let d {
      let start = source.utf8.count - source.utf8.drop { _ in false }.count
      _ = start
      let offset = source.range(of: at).map { source.utf8.distance(from: source.startIndex, to: $0.lowerBound) }
      #expect(d.range.start == offset, "\(d.range)")
    }
  }

  /// `\u{…}` escapes give the scalar they name.
  @Test func unicodeEscapes() throws {
    let scene = try #require(Support.scene(#"badge "\u{41}\u{1F600}\u{e9}" { }"#))
    #expect(scene.name == "A😀é")
  }

  /// Malformed UTF-8 is an error at the bad bytes, in names, strings and
  /// comments alike; nothing after it is lost.
  @Test func malformedUTF8() {
    for (bytes, at) in [
      (Array("badge B { re".utf8) + [0xFF] + Array("ct() }".utf8), 12),
      (Array("badge \"a".utf8) + [0xC0, 0x80] + Array("\" { }".utf8), 8),
      (Array("badge B { ".utf8) + [0xED, 0xA0, 0x80] + Array(" }".utf8), 10),
      (Array("let x = 1 ".utf8) + [0xE2, 0x82] + Array("\nbadge B { }".utf8), 10),
    ] {
      let result = BadgeKit.compile(SourceFile(name: "t.badge", bytes: bytes))
      let d = result.diagnostics.first { $0.message == .invalidUTF8 }
      #expect(d?.range.start == at, "\(result.diagnostics.map(\.message.text))")
      let text = result.renderedDiagnostics
      #expect(text.contains("\\x"), "\(text)")
      #expect(HostileInputTests.isPrintable(Array(text.utf8)))
    }
  }

  // MARK: Bounded diagnostics

  static func isPrintable(_ bytes: [UInt8]) -> Bool {
    guard let text = String(validating: bytes, as: UTF8.self) else { return false }
    return text.unicodeScalars.allSatisfy { c in
      c == "\n" || c == "\t"
        || (c.value >= 0x20 && c.value != 0x7F && !(0x80...0x9F).contains(c.value))
          && (c.value < 0x80 || Lexer.isIdentifierScalar(c) || c == "…" || c == "×")
    }
  }

  /// A 20 KB line of 10,000 bad characters, each on its own, once wrote
  /// 151 MB to standard error: now 20 errors, each a window of the line,
  /// then a count.
  @Test func floodOfErrorsOnOneLine() {
    let source = "badge B { " + String(repeating: "\u{1B} ", count: 10_000) + " }"
    let result = Support.compile(source)
    let text = result.renderedDiagnostics
    #expect(text.utf8.count < 20_000, "\(text.utf8.count) bytes")
    #expect(text.hasSuffix("and 9980 more errors\n"))
    #expect(HostileInputTests.isPrintable(Array(text.utf8)))
    #expect(text.components(separatedBy: "error:").count == 21)
    var streamed = ""
    result.writeDiagnostics(maxErrors: 3) { streamed += $0 }
    #expect(streamed.components(separatedBy: "error:").count == 4)
    #expect(streamed.hasSuffix("and 9997 more errors\n"))
    #expect(result.renderedDiagnostics(maxErrors: 50).components(separatedBy: "error:").count == 51)
  }

  /// A range far into a long line is shown as a window around it, the
  /// carets under the range.
  @Test func longLineIsShownAsAWindow() {
    let source = "let x = max(" + String(repeating: "1, ", count: 100_000) + "hieght)\nbadge B { }"
    let text = Support.compile(source).renderedDiagnostics
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "test.badge:1:300013: error: unknown name 'hieght'", "\(lines[0])")
    #expect(lines[2].hasPrefix("1 | …") && lines[2].hasSuffix("1, 1, hieght)"), "\(lines[2])")
    #expect(lines[2].count < 130)
    let caretColumn = lines[3].firstIndex(of: "^").map { lines[3].distance(from: lines[3].startIndex, to: $0) }
    let nameColumn = lines[2].range(of: "hieght").map {
      lines[2].distance(from: lines[2].startIndex, to: $0.lowerBound)
    }
    #expect(caretColumn == nameColumn)
    #expect(lines[3].hasSuffix("^^^^^^"))
  }

  /// Errors past `Diagnostic.keptLimit` are counted, not kept.
  @Test func errorsPastTheLimitAreCounted() {
    let source = String(repeating: "@ ", count: 30_000) + "\nbadge B { }"
    let result = Support.compile(source)
    #expect(result.diagnostics.count == Diagnostic.keptLimit)
    #expect(result.unlisted == 20_000)
    #expect(result.renderedDiagnostics.hasSuffix("and 29980 more errors\n"))
  }

  /// Conditions and interpolations nested or chained past any real use:
  /// a located error or a result, quickly, never a crash.
  @Test func deepConditionsAndLongInterpolations() {
    let deep = "let x = " + String(repeating: "true ? ", count: 50_000) + "1" + String(repeating: " : 0", count: 50_000)
    let a = Support.compile(deep + "\nbadge B { }")
    #expect(a.renderedDiagnostics.contains("error: ") && a.renderedDiagnostics.contains("deep"))
    let ifs =
      "badge B { " + String(repeating: "if true { ", count: 50_000) + String(repeating: "}", count: 50_000) + " }"
    #expect(Support.compile(ifs).renderedDiagnostics.contains("error: "))
    let chain = "badge B { " + String(repeating: "if false { circle() } else ", count: 20_000) + "{ rect() } }"
    #expect(Support.compile(chain).hasErrors)
    let nested = "let s = " + String(repeating: "\"\\(", count: 100) + "1" + String(repeating: ")\"", count: 100)
    #expect(Support.compile(nested + "\nbadge B { }").renderedDiagnostics.contains("error: "))
    let many =
      "let s = \"" + String(repeating: "\\(1)", count: 100_000) + "\"\nbadge B size 10 { text(s).frame(width: 1) }"
    let r = Support.compile(many)
    #expect(r.diagnostics.count <= 2, "\(r.renderedDiagnostics.prefix(400))")
  }

  /// A long list passed over at every copy (summed, compared, written
  /// out, handed to a component): each pass costs a step an item, so the
  /// evaluation budget stops it with a located error (it ran for minutes);
  /// a component's arguments holding one are not hashed at each use.
  @Test func longListsAtEveryCopy() {
    let list = "let v = (" + Array(repeating: "1", count: 50_000).joined(separator: ", ") + ")\n"
    for body in [
      "repeat 10000 as i { rect().frame(width: v.sum() / 1000) }",
      "repeat 10000 as i { if v == v { rect() } }",
      "repeat 10000 as i { rect().frame(width: v.max() + v.min() + v.prefix(i).count) }",
      "repeat 10000 as i { text(\"\\(v.prefix(20))\") }",
    ] {
      let start = Date()
      let r = Support.compile(list + "badge B size 100 { \(body) }")
      #expect(
        r.renderedDiagnostics.contains("takes more than 2000000 steps"), "\(body): \(r.renderedDiagnostics.prefix(300))"
      )
      #expect(Date().timeIntervalSince(start) < 20, "\(body)")
    }
    // Within the budget it is drawn: a list to a component at every copy.
    let start = Date()
    let r = Support.compile(
      list + "component C(list) { rect().frame(width: list[0]) }\nbadge B size 100 { repeat 2000 as i { C(list: v) } }")
    #expect(!r.hasErrors, "\(r.renderedDiagnostics.prefix(300))")
    #expect(Date().timeIntervalSince(start) < 20)
    let long = Value.tuple(Array(repeating: .number(1), count: 50_000))
    #expect(!ComponentDrawing.cacheable([.number(2), long]))
    #expect(ComponentDrawing.cacheable([.number(2), .tuple([long.prefixForTest(9_000)])]))
    #expect(!ComponentDrawing.cacheable([.tuple([long.prefixForTest(6_000), long.prefixForTest(6_000)])]))
  }

  /// A run of characters that start no token is one error at the run,
  /// however long: 60 MB of them took 2.7 s as 60 million errors.
  @Test func aRunOfBadCharactersIsOneError() {
    let source = "badge B { rect() }\n" + String(repeating: "@$~", count: 100_000) + "\n"
    let result = Support.compile(source)
    #expect(result.diagnostics.count == 1)
    #expect(result.unlisted == 0)
    #expect(result.diagnostics.first?.message.text.hasPrefix("unexpected characters '@$~@$~") == true)
    #expect(result.diagnostics.first?.range == SourceRange(file: 0, start: 19, end: 19 + 300_000))
    let one = Support.compile("badge B { rect() }\n@\n")
    #expect(one.diagnostics.map(\.message.text) == ["unexpected character '@'"])
  }

  // MARK: Values and budgets

  /// A second division by zero in the same argument list is reported too.
  @Test func everyArgumentReportsItsErrors() {
    let modifier = Support.compile("badge B size 100 { rect().frame(width: 1/0, height: 2/0) }")
    #expect(modifier.diagnostics.filter { $0.message == .divisionByZero }.count == 2)
    let path = Support.compile("badge B size 100 { path { move (1/0, 2/0) line (3/0, 1) } }")
    #expect(path.diagnostics.filter { $0.message == .divisionByZero }.count == 3)
  }

  /// Coordinates the SVG cannot carry are errors at the shape, or at the
  /// badge when a transform takes them there.
  @Test func hugeCoordinatesAreErrors() {
    let path = Support.compile("badge B size 100 {\n  path { move (0, 0) line (1e15, 0) line (0, 5) }\n}")
    #expect(path.diagnostics.map(\.message) == [.coordinateOutOfRange("1e15")])
    #expect(path.diagnostics.first?.range.start == 21)
    let moved = Support.compile("badge B size 100 { rect().offset(x: 1e16) }")
    #expect(moved.diagnostics.map(\.message) == [.coordinateOutOfRange("1e16")])
    // Far off the canvas, but within reach: only a warning.
    let far = Support.compile("badge B size 100 { rect().offset(x: 1e8) }")
    #expect(far.diagnostics.map(\.severity) == [.warning])
    #expect(far.output != nil)
    // A huge scale on a tiny path stays small on the canvas, but the scale
    // itself once overflowed the SVG writer's reuse key (a crash).
    let scaled = Support.compile(
      "badge B size 100 { path { move (0, 0) line (1e-12, 0) line (0, 1e-12) }.scale(1e19, anchor: topLeading) }")
    #expect(scaled.diagnostics.map(\.message) == [.coordinateOutOfRange("1e19")])
  }

  /// The SVG's size is checked before anything is written; so is a PPM's.
  @Test func outputLimit() {
    let source = "badge B size 100 { repeat 100 as i { circle().offset(x: i) } }"
    var options = CompileOptions()
    #expect(Support.compile(source, options).output != nil)
    options.maxOutputBytes = 2_000
    let svg = Support.compile(source, options)
    #expect(svg.diagnostics.map(\.message) == [.outputTooLarge(2_000)])
    #expect(svg.output == nil)
    options.format = .ppm
    options.maxOutputBytes = 100 * 100 * 3
    #expect(Support.compile(source, options).diagnostics.map(\.message) == [.outputTooLarge(30_000)])
    options.maxOutputBytes = 100 * 100 * 3 + 15
    #expect(Support.compile(source, options).output?.count == 100 * 100 * 3 + 15)
    // A PNG is bounded by its pixels at four bytes each: 4096 × 4096 is
    // the default's.
    let png = CompileOptions(format: .png)
    #expect(!Support.compile("badge B size 4096 { rect() }", png).hasErrors)
    #expect(
      Support.compile("badge B size 4097, 4096 { rect() }", png).diagnostics.map(\.message) == [
        .imagePixelsTooLarge(defaultMaxOutputBytes)
      ])
  }

  /// Paths built past the segment budget stop the layout's path building
  /// with one error.
  @Test func segmentBudget() {
    let points = (0..<1000).map { "line (\($0 % 97), \($0 % 89))" }.joined(separator: " ")
    let source = """
      component S(k) { path { move (k, 0) \(points) } }
      badge B size 100 { repeat 600 as i { S(k: i) } }
      """
    let result = Support.compile(source)
    #expect(result.diagnostics.map(\.message) == [.tooManySegments(LayoutEngine.maximumSegments)])
  }

  /// Past 500,000 elements and path commands the parser stops reading,
  /// with one error and nothing about the unread rest.
  @Test func itemBudgetStopsTheParser() {
    let source = "badge A size 300 { zstack {" + String(repeating: "rect() ", count: Parser.maximumItems + 1) + "} }"
    let result = Support.compile(source)
    #expect(result.diagnostics.map(\.message) == [.tooManyItems(Parser.maximumItems)])
    // The zstack is an item too: the error is at the last rect.
    #expect(result.diagnostics.first?.range.start == 27 + 7 * (Parser.maximumItems - 1))
  }

  /// A few bytes can ask for hours of drawing: the pixels the fills cover
  /// are counted before drawing, with one error past the limit.
  @Test func drawingAreaIsLimited() {
    let source = "badge B size 4096 { repeat 60 { rect() } }"
    for format in [OutputFormat.ppm, .png] {
      let over = Support.compile(source, CompileOptions(format: format))
      #expect(over.diagnostics.map(\.message) == [.tooMuchArea(RasterRenderer.maximumCoveredArea)])
      let within = Support.compile(source.replacingOccurrences(of: "60", with: "59"), CompileOptions(format: format))
      #expect(!within.hasErrors)
    }
    // The SVG has no such cost.
    #expect(!Support.compile(source).hasErrors)
    // Nor may edges cross the image more than 20,000,000 times in all: a
    // zigzag of 5,000 lines across a 4096-pixel image crosses 20.5 million
    // rows.
    func zigzag(_ n: Int) -> String {
      let lines = (0..<n).map { "line (\($0 % 4096), \($0 % 2 == 0 ? 4096 : 0))" }.joined(separator: " ")
      return "badge Z size 4096 { path { move (0, 0) \(lines) } }"
    }
    let crossed = Support.compile(zigzag(5_000), CompileOptions(format: .ppm))
    #expect(crossed.diagnostics.map(\.message) == [.tooManyEdgeRows(RasterRenderer.maximumEdgeRows)])
    #expect(!Support.compile(zigzag(4_800), CompileOptions(format: .ppm)).hasErrors)
  }

  /// Work an outside review found unbounded, each now a budget with one
  /// error: shapes copied up a chain of components, default arguments
  /// bound for every copy, modifiers inherited by nested copies, and groups
  /// nested deeper than the image's bands allow.
  @Test func reviewFindingsAreBudgeted() {
    var chain = ""
    for k in 0..<250 { chain += "component C\(k)(a) { rect() C\(k + 1)(a: a) }\n" }
    chain += "component C250(a) { rect() }\nbadge B size 64 { repeat 200 as i { C0(a: i) } }\n"
    #expect(
      Support.compile(chain).diagnostics.map(\.message).contains(.tooManyCopiedShapes(LayoutEngine.maximumCopiedShapes))
    )

    let parameters = (0..<1000).map { "p\($0) = 1" }.joined(separator: ", ")
    let defaults = "component C(\(parameters)) { rect() }\nbadge B size 64 { repeat 10000 { C() } }"
    #expect(Support.compile(defaults).diagnostics.map(\.message) == [.tooManySteps(Evaluator.maximumSteps)])

    let modifiers = String(repeating: ".padding(1)", count: 100)
    let inherited = "badge B size 64 { repeat 100 { repeat 100 { repeat 10 { rect() }\(modifiers) }\(modifiers) } }"
    #expect(Support.compile(inherited).diagnostics.map(\.message) == [.tooManyViews(LayoutEngine.maximumViews)])

    let groups = String(repeating: "zstack { rect() ", count: 150) + String(repeating: "}.opacity(0.5) ", count: 150)
    let nested = Support.compile("badge B size 4096, 8 { \(groups) }", CompileOptions(format: .png))
    #expect(nested.diagnostics.map(\.message) == [.groupsTooDeep(128, width: 4096)])
    #expect(!Support.compile("badge B size 4096, 8 { \(groups) }").hasErrors)
  }

  /// Names quoted in notes and the file name in headers are cut: ten
  /// errors inside components with 5,000-character names print well under
  /// 100 KB.
  @Test func longNamesInNotesAreCut() {
    let name = "C" + String(repeating: "x", count: 5_000)
    var source = "component \(name)0() { rect().rotate(1) }\n"
    for k in 1...4 { source += "component \(name)\(k)() { \(name)\(k - 1)() }\n" }
    source += "badge B { " + String(repeating: "\(name)4() ", count: 10) + "}\n"
    let result = Support.compile(source, name: String(repeating: "d/", count: 2_000) + "t.badge")
    let text = result.renderedDiagnostics
    #expect(result.hasErrors)
    #expect(text.utf8.count < 20_000, "\(text.utf8.count) bytes")
  }

  // MARK: Scopes

  /// A `let` declared again lower in a block does not change what the
  /// elements above it saw; in a path, each command sees the lets above it.
  @Test func shadowingLetsInOneBlock() throws {
    let scene = try #require(
      Support.scene(
        """
        badge B size 100 {
          let a = 10
          rect().frame(width: a, height: a)
          let a = a * 2
          rect().frame(width: a, height: a)
          path { let p = 1  move (p, 0)  let p = p + 1  line (p, 0)  let p = p * 10  line (p, 0) }
        }
        """))
    let fills = scene.fills
    #expect(fills[0].path.elements.contains(.line(Point(10, 10))))
    #expect(fills[1].path.elements.contains(.line(Point(20, 20))))
    #expect(fills[2].path.elements == [.move(Point(1, 0)), .line(Point(2, 0)), .line(Point(20, 0))])
  }

  /// Thousands of lets, in a file and in a path, resolve to the right
  /// bindings, and suggestions still find near misses among them.
  @Test func manyLets() throws {
    var source = "let radius = 3\nlet v0 = 1\n"
    for i in 1..<5_000 { source += "let v\(i) = v\(i - 1) + 1\n" }
    source += "badge B size 10000 {\n  path {\n    move (0, 0)\n"
    for i in 0..<2_000 { source += "    let p\(i) = v\(i) * 2\n    line (p\(i), 1)\n" }
    source += "  }\n}\n"
    let scene = try #require(Support.scene(source))
    #expect(scene.fills[0].path.elements.last == .line(Point(4000, 1)))
    let typos = source.replacingOccurrences(of: "line (p1999, 1)", with: "line (p1998x, raduis)")
    #expect(
      Support.compile(typos).diagnostics.map(\.message) == [
        .unknownName("p1998x", suggestion: "p1998"), .unknownName("raduis", suggestion: "radius"),
      ])
  }
}

/// What a small-stack thread runs.
final class StackBox: @unchecked Sendable {
  var body: (() -> Void)?
}

/// A test failure with a message.
struct Failure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension Value {
  /// A list of this list's first `n` items.
  fileprivate func prefixForTest(_ n: Int) -> Value {
    guard case .tuple(let items) = self else { return self }
    return .tuple(Array(items.prefix(n)))
  }
}
