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

  /// The keyword spelled by `bytes`, if any, without building a String.
  static func match(_ bytes: ArraySlice<UInt8>) -> Keyword? {
    guard bytes.count >= 2 && bytes.count <= 9 else { return nil }
    for k in Keyword.allCases where k.rawValue.utf8.count == bytes.count {
      if k.rawValue.utf8.elementsEqual(bytes) { return k }
    }
    return nil
  }
}

/// What kind of token, with its value where it has one.
public enum TokenKind: Equatable, Sendable {
  case identifier(String)
  case keyword(Keyword)
  /// A number literal with its unit, e.g. `45deg` is `.number(45, .deg)`.
  case number(Double, NumberUnit)
  /// A string literal, escapes already decoded.
  case string(String)
  /// A string with `\(…)` in it, read in pieces around the tokens of each
  /// interpolated expression: its text up to the first `\(`, the text
  /// between one interpolation's `)` and the next `\(`, and the text from
  /// the last `)` to the closing quote.
  case interpolationStart(String), interpolationMiddle(String), interpolationEnd(String)
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

  /// How the token is described in "expected …, found …" messages.
  public var description: String {
    switch self {
    case .identifier(let name): return "'\(name)'"
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

/// One token and where it is.
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
