// The Type 2 charstring interpreter on charstrings written here: the
// arithmetic operators (which fontTools does not run, so the expected
// values are worked out by hand), and the limits on arguments, nesting and
// work, which must end a hostile charstring with an error, quickly.
import Testing

@testable import BadgeKit

struct FontCharStringTests {
  /// A number or an operator of a charstring.
  enum Item: Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    case number(Int)
    case op(String)
    init(integerLiteral value: Int) { self = .number(value) }
    init(stringLiteral value: String) { self = .op(value) }
  }

  /// A charstring from numbers and operator names, in Type 2's encoding.
  static func code(_ items: [Item]) -> [UInt8] {
    let operators: [String: [UInt8]] = [
      "rmoveto": [21], "rlineto": [5], "endchar": [14], "callsubr": [10], "callgsubr": [29], "return": [11],
      "hstem": [1], "hintmask": [19], "and": [12, 3], "or": [12, 4], "not": [12, 5], "abs": [12, 9],
      "add": [12, 10], "sub": [12, 11], "div": [12, 12], "neg": [12, 14], "eq": [12, 15], "drop": [12, 18],
      "put": [12, 20], "get": [12, 21], "ifelse": [12, 22], "mul": [12, 24], "sqrt": [12, 26], "dup": [12, 27],
      "exch": [12, 28], "index": [12, 29], "roll": [12, 30], "random": [12, 23],
    ]
    var bytes: [UInt8] = []
    for item in items {
      switch item {
      case .op(let name): bytes += operators[name]!
      case .number(let v) where (-107...107).contains(v): bytes.append(UInt8(v + 139))
      case .number(let v): bytes += [28, UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
      }
    }
    return bytes
  }

  /// A CFF INDEX holding `items`.
  static func index(_ items: [[UInt8]]) throws -> CFFIndex {
    var offsets = [1]
    for item in items { offsets.append(offsets.last! + item.count) }
    var bytes: [UInt8] = [UInt8(items.count >> 8), UInt8(items.count & 0xFF), 4]
    for o in offsets { bytes += [24, 16, 8, 0].map { UInt8((o >> $0) & 0xFF) } }
    return try CFFIndex(FontBytes(bytes + items.flatMap { $0 }), "test")
  }

  static func run(_ items: [Item], local: [[Item]] = [], global: [[Item]] = []) throws(FontError) -> [GlyphCommand] {
    let l: CFFIndex
    let g: CFFIndex
    do {
      l = try index(local.map(code))
      g = try index(global.map(code))
    } catch {
      throw FontError(message: "bad test index")
    }
    var interpreter = CharStringInterpreter(glyph: 7, global: g, local: l)
    try interpreter.run(FontBytes(code(items)))
    return interpreter.commands
  }

  /// Each program leaves two numbers for rmoveto: the expected point.
  @Test(arguments: [
    ([10, 20, "add", 5, "sub", 0] as [Item], 25.0, 0.0),
    ([3, 4, "mul", 2, "div", "neg", "abs", 1, 2, "exch", "drop"], 6, 2),
    ([9, "sqrt", "dup"], 3, 3),
    ([1, 0, "and", 1, 0, "or"], 0, 1),
    ([0, "not", 5, 5, "eq"], 1, 1),
    ([7, 3, 0, "put", 0, "get"], 7, 3),
    ([10, 20, 1, 2, "ifelse", 10, 20, 2, 1, "ifelse"], 10, 20),
    ([1, 2, 3, 2, "index", "drop", "drop"], 1, 2),
    ([1, 2, 3, 3, 1, "roll", "drop"], 3, 1),
    ([5, 0, "div", "random", "drop", 0], 0, 0),
  ])
  func arithmetic(_ program: [Item], _ x: Double, _ y: Double) throws {
    #expect(try FontCharStringTests.run(program + ["rmoveto", "endchar"]) == [.move(x, y), .close])
  }

  @Test func widthBeforeTheFirstMoveIsSkipped() throws {
    #expect(try FontCharStringTests.run([500, 10, 20, "rmoveto", "endchar"]) == [.move(10, 20), .close])
    #expect(
      try FontCharStringTests.run([10, 20, "rmoveto", 5, 5, "rmoveto", "endchar"]) == [
        .move(10, 20), .close, .move(15, 25), .close,
      ])
  }

  @Test func subroutinesWithTheirBias() throws {
    let commands = try FontCharStringTests.run(
      [0, 0, "rmoveto", -107, "callsubr", -107, "callgsubr", "endchar"], local: [[10, 0, "rlineto", "return"]],
      global: [[0, 10, "rlineto", "return"]])
    #expect(commands == [.move(0, 0), .line(10, 0), .line(10, 10), .close])
    // endchar inside a subroutine ends the glyph.
    let ended = try FontCharStringTests.run(
      [0, 0, "rmoveto", -107, "callsubr", 50, 50, "rlineto"], local: [[10, 0, "rlineto", "endchar"]])
    #expect(ended == [.move(0, 0), .line(10, 0), .close])
  }

  @Test func moreThan48ArgumentsIsAnError() {
    #expect(throws: FontError(message: "the outline of glyph 7 is damaged: more than 48 arguments")) {
      try FontCharStringTests.run(Array(repeating: 1, count: 49) + ["rlineto"])
    }
  }

  @Test func subroutinesNestedTooDeep() {
    #expect(throws: FontError(message: "the outline of glyph 7 is damaged: subroutines nest more than 10 deep")) {
      try FontCharStringTests.run([-107, "callsubr"], local: [[-107, "callsubr", "return"]])
    }
  }

  @Test func missingSubroutine() {
    #expect(throws: FontError(message: "the outline of glyph 7 is damaged: it calls subroutine -106.0 of 1")) {
      try FontCharStringTests.run([-106, "callsubr"], local: [[10, 0, "rlineto", "return"]])
    }
  }

  /// Subroutine k calls subroutine k + 1 thirty times: 30^9 calls, within
  /// the nesting limit; the work budget ends it.
  @Test func workBudgetEndsAnExplodingGlyph() {
    let calls: (Int) -> [Item] = { k in
      Array(repeating: [.number(k + 1 - 107), "callsubr"] as [Item], count: 30).flatMap { $0 }
    }
    var local = (0..<9).map { calls($0) + ["return"] }
    local.append([1, 1, "rlineto", "return"])
    #expect(throws: FontError(message: "glyph 7 takes more than 100000 steps to draw")) {
      try FontCharStringTests.run([0, 0, "rmoveto", -107, "callsubr", "endchar"], local: local)
    }
  }

  @Test func hintmaskPastTheEndIsAnError() {
    #expect(throws: FontError(message: "the outline of glyph 7 is damaged: a hintmask is cut short")) {
      try FontCharStringTests.run([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, "hstem", "hintmask"])
    }
  }

  @Test func tooFewArgumentsIsAnError() {
    #expect(throws: FontError(message: "the outline of glyph 7 is damaged: rmoveto takes 2 arguments, found 1")) {
      try FontCharStringTests.run([1, "rmoveto"])
    }
  }
}
