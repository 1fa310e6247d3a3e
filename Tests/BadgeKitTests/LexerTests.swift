// Lexer tests: a table of inputs and the tokens (or diagnostics) they give.
import Testing

@testable import BadgeKit

struct LexerTests {
  static func kinds(_ text: String) -> [TokenKind] {
    Lexer.tokenize(SourceFile(name: "t", text: text)).tokens.map(\.kind).dropLast()
  }

  static func messages(_ text: String) -> [String] {
    Lexer.tokenize(SourceFile(name: "t", text: text)).diagnostics.map(\.message.text)
  }

  static let table: [(String, [TokenKind])] = [
    ("", []),
    ("badge", [.keyword(.badge)]),
    ("badges _x y2 héllo", [.identifier("badges"), .identifier("_x"), .identifier("y2"), .identifier("héllo")]),
    (
      "0 12 1.5 .25 2e3 1E-2 4.5e+1",
      [
        .number(0, .none), .number(12, .none), .number(1.5, .none),
        .number(0.25, .none), .number(2000, .none), .number(0.01, .none), .number(45, .none),
      ]
    ),
    ("45deg 1.5rad 60pt 75%", [.number(45, .deg), .number(1.5, .rad), .number(60, .pt), .number(75, .percent)]),
    (
      "#fff #EF78DD #00000080",
      [
        .color(RGBA(r: 1, g: 1, b: 1)), .color(.bytes(239, 120, 221)),
        .color(.bytes(0, 0, 0, 128.0 / 255)),
      ]
    ),
    ("\"a \\\"b\\\" \\n\"", [.string("a \"b\" \n")]),
    (
      "( ) { } , : . = + - * /",
      [
        .leftParen, .rightParen, .leftBrace, .rightBrace, .comma, .colon, .dot,
        .equals, .plus, .minus, .star, .slash,
      ]
    ),
    ("a // comment\nb /* block /* nested */ still */ c", [.identifier("a"), .identifier("b"), .identifier("c")]),
    (
      "x.padding(-60)",
      [
        .identifier("x"), .dot, .identifier("padding"), .leftParen, .minus,
        .number(60, .none), .rightParen,
      ]
    ),
  ]

  @Test(arguments: table.indices)
  func tokens(_ i: Int) {
    let (input, expected) = LexerTests.table[i]
    #expect(LexerTests.kinds(input) == expected, "input: \(input)")
  }

  @Test func exponentNeedsDigits() {
    // "2e" is not an exponent: the digits end at 2 and "e" is read as a unit.
    #expect(LexerTests.messages("2e") == ["unknown unit 'e'; expected deg, rad, pt or %"])
  }

  static let errors: [(String, String)] = [
    ("5px", "unknown unit 'px'; expected deg, rad, pt or %"),
    ("#12", "invalid colour '#12'; expected #rgb, #rrggbb or #rrggbbaa"),
    ("#ggg", "invalid colour '#ggg'; expected #rgb, #rrggbb or #rrggbbaa"),
    ("\"open", "unterminated string; expected '\"'"),
    ("/* open", "unterminated block comment; expected '*/'"),
    ("a ~ b", "unexpected character '~'"),
    ("a $ b", "unexpected character '$'"),
    ("\"\\q\"", "unknown escape '\\q' in string"),
  ]

  @Test(arguments: errors.indices)
  func lexicalErrors(_ i: Int) {
    let (input, message) = LexerTests.errors[i]
    #expect(LexerTests.messages(input) == [message], "input: \(input)")
  }

  @Test func tokensKnowTheirRangeAndSpacing() {
    let tokens = Lexer.tokenize(SourceFile(name: "t", text: "min(a)\n  f (b)")).tokens
    #expect(tokens[0].range == SourceRange(file: 0, start: 0, end: 3))
    #expect(tokens[1].spaceBefore == false)
    #expect(tokens[4].kind == .identifier("f"))
    #expect(tokens[4].lineBefore == true)
    #expect(tokens[5].spaceBefore == true)
  }

  @Test func badCharacterDoesNotStopTheLexer() {
    #expect(LexerTests.kinds("a @ b") == [.identifier("a"), .identifier("b")])
  }

  @Test func malformedUTF8InACommentIsAnError() {
    // "é" in Latin-1 (0xE9) inside a comment: an error at that byte, as in
    // code.
    var bytes = Array("badge B { } // caf".utf8)
    bytes.append(0xE9)
    let r = BadgeKit.compile(SourceFile(name: "t.badge", bytes: bytes))
    #expect(r.diagnostics.map(\.message.text) == ["invalid UTF-8; the source must be UTF-8 text"])
    #expect(r.diagnostics.first?.range.start == 18)
  }
}
