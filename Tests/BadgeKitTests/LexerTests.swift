// Lexer tests: a table of inputs and the tokens (or diagnostics) they give.
import Testing

@testable import BadgeKit

struct LexerTests {
  /// A token as the tests write it: a name or a string with its text.
  enum Lexeme: Equatable {
    case identifier(String)
    case string(String)
    /// The pieces of an interpolated string.
    case start(String), middle(String), end(String)
    case kind(TokenKind)
  }

  static func kinds(_ text: String) -> [Lexeme] {
    let read = Lexer.tokenize(SourceFile(name: "t", text: text))
    return read.tokens.dropLast().map { lexeme($0, read.lexer) }
  }

  static func lexeme(_ t: Token, _ lexer: Lexer) -> Lexeme {
    switch t.kind {
    case .identifier: return .identifier(lexer.name(t.range))
    case .string(let text): return .string(lexer.text(text))
    case .interpolationStart(let text): return .start(lexer.text(text))
    case .interpolationMiddle(let text): return .middle(lexer.text(text))
    case .interpolationEnd(let text): return .end(lexer.text(text))
    default: return .kind(t.kind)
    }
  }

  static func messages(_ text: String) -> [String] {
    Lexer.tokenize(SourceFile(name: "t", text: text)).diagnostics.map(\.message.text)
  }

  static let table: [(String, [Lexeme])] = [
    ("", []),
    ("badge", [.kind(.keyword(.badge))]),
    ("badges _x y2 héllo", [.identifier("badges"), .identifier("_x"), .identifier("y2"), .identifier("héllo")]),
    (
      "0 12 1.5 .25 2e3 1E-2 4.5e+1",
      [
        .kind(.number(0, .none)), .kind(.number(12, .none)), .kind(.number(1.5, .none)),
        .kind(.number(0.25, .none)), .kind(.number(2000, .none)), .kind(.number(0.01, .none)),
        .kind(.number(45, .none)),
      ]
    ),
    (
      "45deg 1.5rad 60pt 75%",
      [.kind(.number(45, .deg)), .kind(.number(1.5, .rad)), .kind(.number(60, .pt)), .kind(.number(75, .percent))]
    ),
    (
      "#fff #EF78DD #00000080",
      [
        .kind(.color(ColorLiteral(r: 255, g: 255, b: 255))), .kind(.color(ColorLiteral(r: 239, g: 120, b: 221))),
        .kind(.color(ColorLiteral(r: 0, g: 0, b: 0, a: 128))),
      ]
    ),
    ("\"a \\\"b\\\" \\n\"", [.string("a \"b\" \n")]),
    (
      "( ) { } , : . = + - * /",
      [
        .kind(.leftParen), .kind(.rightParen), .kind(.leftBrace), .kind(.rightBrace), .kind(.comma), .kind(.colon),
        .kind(.dot),
        .kind(.equals), .kind(.plus), .kind(.minus), .kind(.star), .kind(.slash),
      ]
    ),
    ("a // comment\nb /* block /* nested */ still */ c", [.identifier("a"), .identifier("b"), .identifier("c")]),
    (
      "x.padding(-60)",
      [
        .identifier("x"), .kind(.dot), .identifier("padding"), .kind(.leftParen), .kind(.minus),
        .kind(.number(60, .none)), .kind(.rightParen),
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
    let read = Lexer.tokenize(SourceFile(name: "t", text: "min(a)\n  f (b)"))
    let tokens = read.tokens
    #expect(tokens[0].range == SourceRange(file: 0, start: 0, end: 3))
    #expect(tokens[1].spaceBefore == false)
    #expect(LexerTests.lexeme(tokens[4], read.lexer) == .identifier("f"))
    #expect(tokens[4].lineBefore == true)
    #expect(tokens[5].spaceBefore == true)
  }

  /// Every keyword is read as one; a word that begins or ends like one
  /// is a name (the lexer picks the keyword a word could be by its first
  /// byte and its length, then compares the whole word).
  @Test func keywordsAndWordsLikeThem() {
    for k in Keyword.allCases {
      let word = k.rawValue
      #expect(LexerTests.kinds(word) == [.kind(.keyword(k))], "\(word)")
      #expect(LexerTests.kinds(word + "s") == [.identifier(word + "s")], "\(word)s")
      #expect(LexerTests.kinds("_" + word) == [.identifier("_" + word)], "_\(word)")
      let shorter = String(word.dropLast())
      #expect(LexerTests.kinds(shorter) == [.identifier(shorter)], "\(shorter)")
    }
    #expect(LexerTests.kinds("in im ix iff Badge") == ["in", "im", "ix", "iff", "Badge"].map { .identifier($0) })
  }

  /// The pieces of an interpolated string keep their texts, escapes
  /// decoded, around the tokens of each expression.
  @Test func interpolatedStringPieces() {
    #expect(
      LexerTests.kinds(#""a\(x)b\n\(y + 1)""#)
        == [
          .start("a"), .identifier("x"), .middle("b\n"), .identifier("y"), .kind(.plus), .kind(.number(1, .none)),
          .end(""),
        ])
  }

  /// A token holds no reference (no string): it is copied as plain bytes.
  @Test func tokensArePlainBytes() {
    #expect(_isPOD(Token.self))
    #expect(_isPOD(TokenKind.self))
  }

  /// A colour literal's bytes are its channels over 255, as `rgb(…)`
  /// gives them.
  @Test func colorLiteralChannels() {
    #expect(ColorLiteral(r: 255, g: 255, b: 255).rgba == RGBA(r: 1, g: 1, b: 1))
    #expect(ColorLiteral(r: 239, g: 120, b: 221).rgba == .bytes(239, 120, 221))
    #expect(ColorLiteral(r: 0, g: 0, b: 0, a: 128).rgba == .bytes(0, 0, 0, 128.0 / 255))
  }

  /// A token is small: its kind holds at most a number and its unit.
  @Test func tokensAreSmall() {
    #expect(MemoryLayout<TokenKind>.size <= 10)
    #expect(MemoryLayout<Token>.stride <= 32)
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
