// Tokens: what the lexer hands the parser. Each token keeps its byte range in
// the source so that any later stage can point at it.

/// A unit written directly after a number literal.
public enum NumberUnit: String, Sendable, Equatable {
  /// No unit: a plain number (points where a length is expected).
  case none = ""
  /// Degrees: an angle.
  case deg
  /// Radians: an angle.
  case rad
  /// Points: a length.
  case pt
  /// Percent: a fraction of the container (`50%` is one half).
  case percent = "%"
}

/// Reserved words of the language.
public enum Keyword: String, Sendable, CaseIterable {
  case `as`, badge, component, `else`, geometry, hstack, `if`, `import`, `let`, path, `repeat`, size, vstack, within,
    zstack

  /// The keyword spelled by `bytes`, if any, without building a String:
  /// the first letter and the length pick the one keyword it could be
  /// (no two share both), which is then compared.
  static func match(_ bytes: ArraySlice<UInt8>) -> Keyword? {
    guard let first = bytes.first else { return nil }
    let candidate: Keyword
    switch (first, bytes.count) {
    case (UInt8(ascii: "a"), 2): candidate = .as
    case (UInt8(ascii: "b"), 5): candidate = .badge
    case (UInt8(ascii: "c"), 9): candidate = .component
    case (UInt8(ascii: "e"), 4): candidate = .else
    case (UInt8(ascii: "g"), 8): candidate = .geometry
    case (UInt8(ascii: "h"), 6): candidate = .hstack
    case (UInt8(ascii: "i"), 2): candidate = .if
    case (UInt8(ascii: "i"), 6): candidate = .import
    case (UInt8(ascii: "l"), 3): candidate = .let
    case (UInt8(ascii: "p"), 4): candidate = .path
    case (UInt8(ascii: "r"), 6): candidate = .repeat
    case (UInt8(ascii: "s"), 4): candidate = .size
    case (UInt8(ascii: "v"), 6): candidate = .vstack
    case (UInt8(ascii: "w"), 6): candidate = .within
    case (UInt8(ascii: "z"), 6): candidate = .zstack
    default: return nil
    }
    return candidate.rawValue.utf8.elementsEqual(bytes) ? candidate : nil
  }
}

/// A string a token carries (a string literal's text with its escapes
/// decoded, or one piece of an interpolated string): its index in the
/// texts its lexer keeps (`Lexer.text(_:)`), so that a token holds no
/// string of its own and is copied as plain bytes.
public struct TokenText: Hashable, Sendable {
  public let index: UInt32
}

/// A colour literal's channels as written (`#rgb`, `#rrggbb`,
/// `#rrggbbaa`), 0–255 each: four bytes, so that a token stays small.
public struct ColorLiteral: Hashable, Sendable {
  public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    (self.r, self.g, self.b, self.a) = (r, g, b, a)
  }

  /// The colour, channels from 0 to 1.
  public var rgba: RGBA {
    .bytes(Double(r), Double(g), Double(b), Double(a) / 255)
  }
}

/// What kind of token, with its value where it has one. No case holds a
/// string: a name is its token's source text, a string's text is kept by
/// the lexer.
public enum TokenKind: Equatable, Sendable {
  /// A name: its text is the token's source text (`Lexer.name(_:)`).
  case identifier
  case keyword(Keyword)
  /// A number literal with its unit, e.g. `45deg` is `.number(45, .deg)`.
  case number(Double, NumberUnit)
  /// A string literal, escapes already decoded.
  case string(TokenText)
  /// A string with `\(…)` in it, read in pieces around the tokens of each
  /// interpolated expression: its text up to the first `\(`, the text
  /// between one interpolation's `)` and the next `\(`, and the text from
  /// the last `)` to the closing quote.
  case interpolationStart(TokenText), interpolationMiddle(TokenText), interpolationEnd(TokenText)
  /// A colour literal `#rgb`, `#rrggbb` or `#rrggbbaa`.
  case color(ColorLiteral)
  case leftParen, rightParen, leftBrace, rightBrace
  case comma, colon, dot, equals, plus, minus, star, slash
  /// Comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`), logic (`&&`, `||`,
  /// `!`) and the conditional's `?`.
  case equalEqual, notEqual, less, lessEqual, greater, greaterEqual, and, or, bang, question
  /// `[` and `]`, and Swift's range operators `..<` and `...`: not
  /// badgec's, read so that SwiftUI's spellings get a hint
  /// (`[a, b]` is `(a, b)`; `ForEach(0..<n)` is `repeat n`).
  case leftBracket, rightBracket, halfOpenRange, closedRange
  case endOfFile

  /// The case without its value: what the parser compares most often
  /// (`Token.tag`, `TokenStream.isKind`).
  @inline(__always) public var tag: TokenTag {
    switch self {
    case .identifier: return .identifier
    case .keyword: return .keyword
    case .number: return .number
    case .string: return .string
    case .interpolationStart: return .interpolationStart
    case .interpolationMiddle: return .interpolationMiddle
    case .interpolationEnd: return .interpolationEnd
    case .color: return .color
    case .leftParen: return .leftParen
    case .rightParen: return .rightParen
    case .leftBrace: return .leftBrace
    case .rightBrace: return .rightBrace
    case .comma: return .comma
    case .colon: return .colon
    case .dot: return .dot
    case .equals: return .equals
    case .plus: return .plus
    case .minus: return .minus
    case .star: return .star
    case .slash: return .slash
    case .equalEqual: return .equalEqual
    case .notEqual: return .notEqual
    case .less: return .less
    case .lessEqual: return .lessEqual
    case .greater: return .greater
    case .greaterEqual: return .greaterEqual
    case .and: return .and
    case .or: return .or
    case .bang: return .bang
    case .question: return .question
    case .leftBracket: return .leftBracket
    case .rightBracket: return .rightBracket
    case .halfOpenRange: return .halfOpenRange
    case .closedRange: return .closedRange
    case .endOfFile: return .endOfFile
    }
  }

  /// How the token is described in "expected …, found …" messages (a
  /// name by its text: see `Parser.describe`).
  public var description: String {
    switch self {
    case .identifier: return "a name"
    case .keyword(let k): return "'\(k.rawValue)'"
    case .number: return "a number"
    case .string: return "a string"
    case .interpolationStart: return "a string"
    case .interpolationMiddle, .interpolationEnd: return "the rest of the string"
    case .color: return "a colour"
    case .leftParen: return "'('"
    case .rightParen: return "')'"
    case .leftBrace: return "'{'"
    case .rightBrace: return "'}'"
    case .comma: return "','"
    case .colon: return "':'"
    case .dot: return "'.'"
    case .equals: return "'='"
    case .plus: return "'+'"
    case .minus: return "'-'"
    case .star: return "'*'"
    case .slash: return "'/'"
    case .equalEqual: return "'=='"
    case .notEqual: return "'!='"
    case .less: return "'<'"
    case .lessEqual: return "'<='"
    case .greater: return "'>'"
    case .greaterEqual: return "'>='"
    case .and: return "'&&'"
    case .or: return "'||'"
    case .bang: return "'!'"
    case .question: return "'?'"
    case .leftBracket: return "'['"
    case .rightBracket: return "']'"
    case .halfOpenRange: return "'..<'"
    case .closedRange: return "'...'"
    case .endOfFile: return "the end of the file"
    }
  }
}

/// The cases of `TokenKind` without their values, one byte each.
public enum TokenTag: UInt8, Sendable {
  case identifier, keyword, number, string, interpolationStart, interpolationMiddle, interpolationEnd, color
  case leftParen, rightParen, leftBrace, rightBrace
  case comma, colon, dot, equals, plus, minus, star, slash
  case equalEqual, notEqual, less, lessEqual, greater, greaterEqual, and, or, bang, question
  case leftBracket, rightBracket, halfOpenRange, closedRange
  case endOfFile

  /// Whether the case holds a value (a keyword, a number, a string's
  /// text or a colour): only then is more than the tag compared.
  @inline(__always) var hasValue: Bool { rawValue <= TokenTag.color.rawValue }
}

/// One token and where it is: plain bytes (nothing reference counted),
/// so that copying one is copying its bytes.
public struct Token: Equatable, Sendable {
  public let kind: TokenKind
  /// `kind`'s case, kept beside it: finding the case of a kind without
  /// a value is a chain of comparisons, and the parser asks for it
  /// several times a token.
  public let tag: TokenTag
  /// Byte range of the token's text.
  public var range: SourceRange
  /// Whether white space or a comment comes directly before the token. A call
  /// needs its `(` directly after the name: `f(x)`, not `f (x)`.
  public var spaceBefore: Bool
  /// Whether a line break comes before the token (used to resynchronise
  /// after a syntax error).
  public var lineBefore: Bool = false

  public init(kind: TokenKind, range: SourceRange, spaceBefore: Bool, lineBefore: Bool = false) {
    self.kind = kind
    self.tag = kind.tag
    self.range = range
    self.spaceBefore = spaceBefore
    self.lineBefore = lineBefore
  }
}
