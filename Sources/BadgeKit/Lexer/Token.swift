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
  /// the first byte names the one keyword it could be (two for `i`).
  static func match(_ bytes: ArraySlice<UInt8>) -> Keyword? {
    guard bytes.count >= 2 && bytes.count <= 9, let first = bytes.first else { return nil }
    let candidate: Keyword
    switch first {
    case UInt8(ascii: "a"): candidate = .as
    case UInt8(ascii: "b"): candidate = .badge
    case UInt8(ascii: "c"): candidate = .component
    case UInt8(ascii: "e"): candidate = .else
    case UInt8(ascii: "g"): candidate = .geometry
    case UInt8(ascii: "h"): candidate = .hstack
    case UInt8(ascii: "i"): candidate = bytes.count == 2 ? .if : .import
    case UInt8(ascii: "l"): candidate = .let
    case UInt8(ascii: "p"): candidate = .path
    case UInt8(ascii: "r"): candidate = .repeat
    case UInt8(ascii: "s"): candidate = .size
    case UInt8(ascii: "v"): candidate = .vstack
    case UInt8(ascii: "w"): candidate = .within
    case UInt8(ascii: "z"): candidate = .zstack
    default: return nil
    }
    let spelled = candidate.rawValue.utf8
    return spelled.count == bytes.count && spelled.elementsEqual(bytes) ? candidate : nil
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

  /// Which case this is, without its value: two kinds of the same case
  /// have the same tag. Comparing tags reads no payload (no string is
  /// copied or retained), which the parser does several times a token.
  var tag: UInt8 {
    switch self {
    case .identifier: return 0
    case .keyword: return 1
    case .number: return 2
    case .string: return 3
    case .interpolationStart: return 4
    case .interpolationMiddle: return 5
    case .interpolationEnd: return 6
    case .color: return 7
    case .leftParen: return 8
    case .rightParen: return 9
    case .leftBrace: return 10
    case .rightBrace: return 11
    case .comma: return 12
    case .colon: return 13
    case .dot: return 14
    case .equals: return 15
    case .plus: return 16
    case .minus: return 17
    case .star: return 18
    case .slash: return 19
    case .equalEqual: return 20
    case .notEqual: return 21
    case .less: return 22
    case .lessEqual: return 23
    case .greater: return 24
    case .greaterEqual: return 25
    case .and: return 26
    case .or: return 27
    case .bang: return 28
    case .question: return 29
    case .leftBracket: return 30
    case .rightBracket: return 31
    case .halfOpenRange: return 32
    case .closedRange: return 33
    case .endOfFile: return 34
    }
  }

  /// Whether the kind is equal to `other`, comparing values only where
  /// the case has one (tags alone for punctuation and the end of file).
  func matches(_ other: TokenKind) -> Bool {
    if tag != other.tag { return false }
    switch other {
    case .keyword, .number, .string, .interpolationStart, .interpolationMiddle, .interpolationEnd, .color:
      return self == other
    default:
      return true
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
