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
    #expect(Resolver.editDistance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
    #expect(Resolver.editDistance(Array("ab".utf8), Array("ba".utf8)) == 1)
    #expect(Resolver.editDistance(Array("".utf8), Array("abc".utf8)) == 3)
  }

  static func messages(_ text: String) -> [String] {
    Resolver.check(Parser.parse(SourceFile(name: "t", text: text)).file).map(\.message.text)
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
