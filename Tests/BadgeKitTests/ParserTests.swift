// Parser tests: the shape of the tree for small inputs, and the exact text
// of rendered syntax errors (with recovery: every error in one run).
import Testing

@testable import BadgeKit

struct ParserTests {
  static func parse(_ text: String) -> (BadgeFile, [Diagnostic]) {
    let parsed = Parser.parse(SourceFile(name: "t.badge", text: text))
    return (parsed.file, parsed.diagnostics)
  }

  static func rendered(_ text: String) -> String {
    let file = SourceFile(name: "t.badge", text: text)
    return DiagnosticRenderer(files: [file]).render(Parser.parse(file).diagnostics)
  }

  @Test func declarations() throws {
    let (file, diagnostics) = ParserTests.parse(
      """
      let n = 8
      component Star(points, color = red) { path { move (0, 0) } }
      badge "My Badge" size 200, 100 { Star(points: n) }
      """)
    #expect(diagnostics.isEmpty)
    #expect(file.lets.map(\.name) == ["n"])
    #expect(file.components.map(\.name) == ["Star"])
    #expect(file.components[0].parameters.map(\.name) == ["points", "color"])
    #expect(file.components[0].parameters[1].defaultValue?.kind == .name("red"))
    let badge = try #require(file.badge)
    #expect(badge.name == "My Badge")
    #expect(badge.size.count == 2)
    guard case .element(let e) = badge.body.items[0], case .call(let name, _, let args) = e.primary else {
      Issue.record("expected a call element")
      return
    }
    #expect(name == "Star")
    #expect(args.map(\.label) == ["points"])
  }

  /// Expressions and the tree they give, written back as S-expressions.
  static let expressions: [(String, String)] = [
    ("1 + 2 * 3", "(+ 1 (* 2 3))"),
    ("(1 + 2) * 3", "(* (+ 1 2) 3)"),
    ("-a - -b", "(- (neg a) (neg b))"),
    ("a / b / c", "(/ (/ a b) c)"),
    ("min(width, height) * 0.5", "(* (min width height) 0.5)"),
    ("(0.5, 1)", "(tuple 0.5 1)"),
    ("45deg * i", "(* 45deg i)"),
    ("3 / 4 * height", "(* (/ 3 4) height)"),
    ("black.opacity(0.33)", "(.opacity black 0.33)"),
    (".black.opacity(0.4)", "(.opacity black 0.4)"),
    ("(.center, .top)", "(tuple center top)"),
    ("-red.opacity(a).opacity(2 * b)", "(neg (.opacity (.opacity red a) (* 2 b)))"),
    ("rgb(1, 2, 3).opacity(50%)", "(.opacity (rgb 1 2 3) 50%)"),
    ("(red).opacity(1) + 2", "(+ (.opacity red 1) 2)"),
    ("linear(repeat n as i { stop(red, i / n), blue }, end: top)", "(linear (repeat n i (stop red (/ i n)) blue) top)"),
    ("f(repeat 2 { a b, -c })", "(f (repeat 2 _ a b (neg c)))"),
    // Comparisons bind looser than sums, && than comparisons, || than &&,
    // and the conditional loosest of all (as in Swift).
    ("a + 1 < b * 2", "(< (+ a 1) (* b 2))"),
    ("a < b && c >= d || !e", "(|| (&& (< a b) (>= c d)) (not e))"),
    ("a == 1 ? b : c ? d : e", "(? (== a 1) b (? c d e))"),
    ("!a == b", "(== (not a) b)"),
    ("n != 1 ? \"s\" : \"\"", "(? (!= n 1) \"s\" \"\")"),
    ("\"\\(n) hike\\(n == 1 ? \"\" : \"s\")!\"", "(str (\\ n) \" hike\" (\\ (? (== n 1) \"\" \"s\")) \"!\")"),
    ("\"\\(x, specifier: \"%.1f\") km\"", "(str (\\ x %.1f) \" km\")"),
    ("\"a\\(\"b\\(c)\")\"", "(str \"a\" (\\ (str \"b\" (\\ c))))"),
    ("values[i + 1].count * 2", "(* (.count ([] values (+ i 1))) 2)"),
    ("(1, 2)[0]", "([] (tuple 1 2) 0)"),
  ]

  static func sexpr(_ e: Expr) -> String {
    switch e.kind {
    case .number(let v, let u): return formatForMessage(v) + u.rawValue
    case .string(let s): return "\"\(s)\""
    case .color: return "#color"
    case .name(let n): return n
    case .call(let n, let args): return "(" + ([n] + args.map { sexpr($0.value) }).joined(separator: " ") + ")"
    case .member(let base, let n, _, let args):
      return "(." + ([n, sexpr(base)] + args.map { sexpr($0.value) }).joined(separator: " ") + ")"
    case .view: return "<view>"
    case .tuple(let items): return "(tuple " + items.map(sexpr).joined(separator: " ") + ")"
    case .index(let list, let i): return "([] \(sexpr(list)) \(sexpr(i)))"
    case .repeatList(let count, let index, let items, _):
      return "(repeat " + ([sexpr(count), index ?? "_"] + items.map(sexpr)).joined(separator: " ") + ")"
    case .negate(let x): return "(neg \(sexpr(x)))"
    case .not(let x): return "(not \(sexpr(x)))"
    case .conditional(let c, let a, let b): return "(? \(sexpr(c)) \(sexpr(a)) \(sexpr(b)))"
    case .interpolation(let parts):
      return "(str "
        + parts.map { part -> String in
          switch part {
          case .text(let t): return "\"\(t)\""
          case .value(let v, let spec, _): return "(\\ " + sexpr(v) + (spec.map { " " + $0 } ?? "") + ")"
          }
        }.joined(separator: " ") + ")"
    case .binary(let op, let l, let r): return "(\(op.rawValue) \(sexpr(l)) \(sexpr(r)))"
    case .invalid: return "<invalid>"
    }
  }

  @Test(arguments: expressions.indices)
  func expressionTree(_ i: Int) throws {
    let (text, expected) = ParserTests.expressions[i]
    let (file, diagnostics) = ParserTests.parse("let x = \(text)\nbadge B { }")
    #expect(diagnostics.isEmpty)
    #expect(ParserTests.sexpr(try #require(file.lets.first).value) == expected)
  }

  @Test(arguments: [
    ("zstack { rect() }", StackAxis.z, [String?]()),
    ("vstack(spacing: 4, alignment: .leading) { rect() }", .v, ["spacing", "alignment"]),
    ("hstack(4) { rect() spacer() }", .h, [nil]),
  ])
  func stacks(_ text: String, _ axis: StackAxis, _ labels: [String?]) throws {
    let (file, diagnostics) = ParserTests.parse("badge B { \(text) }")
    #expect(diagnostics.isEmpty)
    guard case .element(let e) = try #require(file.badge).body.items[0], case .stack(let stack) = e.primary else {
      Issue.record("expected a stack")
      return
    }
    #expect(stack.axis == axis)
    #expect(stack.arguments.map(\.label) == labels)
    #expect(stack.body.items.count >= 1)
  }

  @Test func anUnterminatedStringIsOneError() {
    // The string runs to the end of its line; the ')' it swallowed is not
    // a second error.
    let (_, diagnostics) = ParserTests.parse("badge B {\n  text(\"hello)\n  circle()\n}")
    #expect(diagnostics.map(\.message.text) == ["unterminated string; expected '\"'"])
  }

  @Test func modifiersWrapInOrder() throws {
    let (file, _) = ParserTests.parse("badge B { S().padding(-60)\n  .rotate(45deg, anchor: bottom) }")
    guard case .element(let e) = try #require(file.badge).body.items[0] else { return }
    #expect(e.modifiers.map(\.name) == ["padding", "rotate"])
    #expect(e.modifiers[1].arguments.map(\.label) == [nil, "anchor"])
  }

  /// `.mask { … }` and `.mask(alignment) { … }` take a trailing block;
  /// `.clipShape(path { … })` a view argument; `.clipShape(H().padding(4))`
  /// an expression that layout reads as a view.
  @Test func modifierContentAndViewArguments() throws {
    let (file, diagnostics) = ParserTests.parse(
      """
      badge B {
        circle().mask { rect() circle() }.mask(x) { rect() }
          .clipShape(path { move (0, 0) line (1, 1) }, rule: evenodd)
          .clipShape(H().padding(4))
      }
      """)
    #expect(diagnostics.isEmpty)
    guard case .element(let e) = try #require(file.badge).body.items[0] else { return }
    #expect(e.modifiers.map(\.name) == ["mask", "mask", "clipShape", "clipShape"])
    #expect(e.modifiers[0].arguments.isEmpty)
    #expect(e.modifiers[0].content?.items.count == 2)
    #expect(e.modifiers[1].arguments.count == 1 && e.modifiers[1].content?.items.count == 1)
    guard case .view(let clip) = e.modifiers[2].arguments[0].value.kind, case .path = clip.primary else {
      Issue.record("expected a path view")
      return
    }
    #expect(e.modifiers[2].arguments[1].label == "rule")
    let isCallee = { (name: String) in name == "H" }
    let shape = try #require(Element(viewExpression: e.modifiers[3].arguments[0].value, isCallee: isCallee))
    #expect(shape.modifiers.map(\.name) == ["padding"])
    guard case .call(let name, _, _) = shape.primary else { return }
    #expect(name == "H")
    // A name that is no component or shape is not a view.
    #expect(Element(viewExpression: e.modifiers[3].arguments[0].value, isCallee: { _ in false }) == nil)
  }

  @Test func pathCommandsEndWithoutNewlines() throws {
    let (file, diagnostics) = ParserTests.parse(
      "badge B { path { move (0, 0) line (1, 0) quad (1, 1), control: (2, 2) close lines (0, 0), (1, 1) } }")
    #expect(diagnostics.isEmpty)
    guard case .element(let e) = try #require(file.badge).body.items[0], case .path(let body) = e.primary else {
      Issue.record("expected a path")
      return
    }
    let names = body.items.compactMap { item -> String? in
      if case .command(let c) = item { return c.name }
      return nil
    }
    #expect(names == ["move", "line", "quad", "close", "lines"])
  }

  @Test func callNeedsAdjacentParenthesis() {
    // `f (x)` in an expression is the name f followed by something else.
    let (_, diagnostics) = ParserTests.parse("let a = f (1)\nbadge B { }")
    #expect(diagnostics.map(\.message.text) == ["expected 'badge', 'component', 'import' or 'let', found '('"])
  }

  @Test func renderedSyntaxError() {
    #expect(
      ParserTests.rendered("badge B {\n  path { move (0 0) }\n}\n") == """
        t.badge:2:18: error: expected ')', found a number
          |
        2 |   path { move (0 0) }
          |                  ^

        """)
  }

  @Test func recoveryReportsEveryError() {
    let text = """
      let a = 1 +
      let b = (2
      component C() { path { jump (0, 0) } }
      badge B {
        zstack { ) }
        path { }
      }
      """
    #expect(
      ParserTests.rendered(text) == """
        t.badge:1:12: error: expected an expression, found the end of the line
          |
        1 | let a = 1 +
          |            ^
        t.badge:2:11: error: expected ')', found the end of the line
          |
        2 | let b = (2
          |           ^
        t.badge:3:24: error: unknown path command 'jump'; expected move, line, lines, quad, cubic, arc, close or data
          |
        3 | component C() { path { jump (0, 0) } }
          |                        ^^^^
        t.badge:5:12: error: expected an element (a path, stack, geometry, repeat or a component), found ')'
          |
        5 |   zstack { ) }
          |            ^

        """)
  }

  @Test func missingBadge() {
    #expect(
      ParserTests.parse("let a = 1").1.map(\.message.text) == [
        "no badge declaration; expected 'badge Name size W { … }'"
      ])
  }

  @Test func columnsCountCharactersNotBytes() {
    #expect(
      ParserTests.rendered("let é = \"ü\" @") == """
        t.badge:1:13: error: unexpected character '@'
          |
        1 | let é = "ü" @
          |             ^
        t.badge:1:14: error: no badge declaration; expected 'badge Name size W { … }'
          |
        1 | let é = "ü" @
          |              ^

        """)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = "let a = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
    #expect(ParserTests.parse(deep + "\nbadge B { }").1.first?.message == .nestingTooDeep(Parser.maximumDepth))
    let minus = "let a = " + String(repeating: "-", count: 100_000) + "1\nbadge B { }"
    #expect(ParserTests.parse(minus).1.first?.message == .nestingTooDeep(Parser.maximumDepth))
    let blocks = "badge B { " + String(repeating: "zstack { ", count: 10_000)
    #expect(ParserTests.parse(blocks).1.first?.message == .nestingTooDeep(Parser.maximumDepth))
  }

  @Test func everyLoopMakesProgress() {
    // Garbage of every kind ends, with errors, and never hangs.
    for text in [
      "}}}", "badge", "badge B {", "badge B { .x() }", "component", "((((", "badge B { path { , } }",
      "badge B { repeat { } }", "let = = =", "badge B size { }",
    ] {
      let (_, diagnostics) = ParserTests.parse(text)
      #expect(!diagnostics.isEmpty, "input: \(text)")
    }
  }
}
