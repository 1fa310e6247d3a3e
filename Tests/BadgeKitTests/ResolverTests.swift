// Name-check tests: suggestions for near misses, and names that must be
// declared before they are used.
import Testing

@testable import BadgeKit

struct ResolverTests {
  static let suggestions: [(String, [String], String?)] = [
    ("hieght", ["width", "height"], "height"),
    ("colour", ["color"], "color"),
    ("paddin", ["padding", "position"], "padding"),
    ("rotaitons", ["rotations", "rotate"], "rotations"),
    ("x", ["y"], nil),  // too short to guess
    ("bottomCentre", ["bottom", "center"], nil),  // too far
    ("Evenodd", ["evenodd", "nonzero"], "evenodd"),
  ]

  @Test(arguments: suggestions.indices)
  func suggestion(_ i: Int) {
    let (name, candidates, expected) = ResolverTests.suggestions[i]
    #expect(Resolver.suggest(name, candidates) == expected, "\(name)")
  }

  @Test func editDistance() {
    #expect(Suggestions.distance(Array("kitten".utf8), Array("sitting".utf8), limit: 3) == 3)
    #expect(Suggestions.distance(Array("kitten".utf8), Array("sitting".utf8), limit: 2) == nil)
    #expect(Suggestions.distance(Array("ab".utf8), Array("ba".utf8), limit: 2) == 1)
    #expect(Suggestions.distance(Array("".utf8), Array("abc".utf8), limit: 3) == 3)
    #expect(Suggestions.distance(Array("Height".utf8), Array("hieght".utf8), limit: 2) == 1)
    #expect(Suggestions.distance(Array("abcdef".utf8), Array("abcxyz".utf8), limit: 2) == nil)
    #expect(Suggestions.distance(Array("abcd".utf8), Array("abcd".utf8), limit: 1) == 0)
  }

  /// The banded distance agrees with the full one wherever it is within
  /// the limit, on random short words.
  @Test func bandedDistanceAgreesWithFullDistance() {
    var r = RasterCoverageTests.Random(state: 0x5EED)
    func word() -> [UInt8] { (0..<Int(r.next() * 7)).map { _ in UInt8(0x61 + Int(r.next() * 3)) } }
    for _ in 0..<3000 {
      let (a, b) = (word(), word())
      let full = ResolverTests.fullDistance(a, b)
      for limit in 1...3 {
        #expect(Suggestions.distance(a, b, limit: limit) == (full <= limit ? full : nil), "\(a) \(b) \(limit)")
      }
    }
  }

  /// Plain optimal-string-alignment distance over the whole table.
  static func fullDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  static func messages(_ text: String) -> [String] {
    Resolver.check(Parser.parse(SourceFile(name: "t", text: text)).file).all.map(\.message.text)
  }

  @Test func letsAreVisibleBelowTheirDeclaration() {
    #expect(ResolverTests.messages("let a = b\nlet b = 1\nbadge B { }") == ["unknown name 'b'"])
    #expect(ResolverTests.messages("badge B { path { line (k, 0) let k = 1 } }") == ["unknown name 'k'"])
  }

  @Test func repeatIndexIsScopedToItsBody() {
    #expect(ResolverTests.messages("badge B { repeat 2 as k { rect().offset(x: k) } }").isEmpty)
    #expect(ResolverTests.messages("badge B { repeat 2 { rect().offset(x: index) } }").isEmpty)
    #expect(ResolverTests.messages("badge B { repeat 2 as k { rect() } rect().offset(x: k) }") == ["unknown name 'k'"])
  }

  @Test func componentsSeeOnlyGlobalsAndTheirParameters() {
    let text =
      "let g = 1\ncomponent C(p) { rect().offset(x: g + p + width + local) }\nbadge B { let local = 2\n C(p: 1) }"
    #expect(ResolverTests.messages(text) == ["unknown name 'local'"])
  }

  /// `component C(a, a)` once reached a dictionary built from the parameter
  /// names and trapped on the duplicate key.
  @Test func regressionDuplicateParameterTrapped() {
    #expect(ResolverTests.messages("component C(a, a) { rect() }\nbadge B { C(a: 1) }") == ["'a' is already declared"])
  }
}
