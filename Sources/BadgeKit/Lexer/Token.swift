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
  /// only the keywords with the word's first letter are compared.
  static func match(_ bytes: ArraySlice<UInt8>) -> Keyword? {
    guard bytes.count >= 2 && bytes.count <= 9, let first = bytes.first,
      first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
    else { return nil }
    for k in byFirstLetter[Int(first - UInt8(ascii: "a"))] where k.rawValue.utf8.count == bytes.count {
      if k.rawValue.utf8.elementsEqual(bytes) { return k }
    }
    return nil
  }

  /// The keywords by their first letter, `a` to `z`.
  private static let byFirstLetter: [[Keyword]] = (0..<26).map { letter in
    allCases.filter { $0.rawValue.utf8.first == UInt8(ascii: "a") + UInt8(letter) }
  }
}

/// A string a token carries (a string literal's text with its escapes
/// decoded, or one piece of an interpolated string): its index in the
/// texts its lexer keeps (`Lexer.text(_:)`), so that a token holds no
/// string of its own and is copied as plain bytes.
public struct TokenText: Hashable, Sendable {
  public let index: UInt32
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
  case color(RGBA)
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

/// One token and where it is: plain bytes (nothing reference counted),
/// so that copying one is copying its bytes.
public struct Token: Equatable, Sendable {
  public var kind: TokenKind
  /// Byte range of the token's text.
  public var range: SourceRange
  /// Whether white space or a comment comes directly before the token. A call
  /// needs its `(` directly after the name: `f(x)`, not `f (x)`.
  public var spaceBefore: Bool
  /// Whether a line break comes before the token (used to resynchronise
  /// after a syntax error).
  public var lineBefore: Bool = false
}
