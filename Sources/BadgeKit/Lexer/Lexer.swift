// The lexer: source bytes in, tokens out (plus diagnostics for characters and
// literals it cannot read). It never stops early: a bad character is reported
// and skipped, so the parser always sees the whole file.

/// Turns one `SourceFile` into tokens. Comments and white space are dropped,
/// but each token records whether it followed some.
public struct Lexer {
  private let bytes: [UInt8]
  private let file: Int
  private var pos = 0
  private var diagnostics: [Diagnostic] = []

  public init(_ source: SourceFile, fileIndex: Int = 0) {
    self.bytes = source.bytes
    self.file = fileIndex
  }

  /// Reads the whole file; the last token is always `.endOfFile`.
  public static func tokenize(_ source: SourceFile, fileIndex: Int = 0) -> (tokens: [Token], diagnostics: [Diagnostic])
  {
    var lexer = Lexer(source, fileIndex: fileIndex)
    var tokens: [Token] = []
    while true {
      let t = lexer.next()
      tokens.append(t)
      if t.kind == .endOfFile { break }
    }
    return (tokens, lexer.diagnostics)
  }

  private func peek(_ ahead: Int = 0) -> UInt8 {
    pos + ahead < bytes.count ? bytes[pos + ahead] : 0
  }

  private func range(_ start: Int) -> SourceRange { SourceRange(file: file, start: start, end: pos) }

  private mutating func report(_ message: Message, _ start: Int, _ end: Int) {
    diagnostics.append(Diagnostic(message, at: SourceRange(file: file, start: start, end: end)))
  }

  /// Skips white space and comments; returns whether it skipped anything and
  /// whether that included a line break.
  private mutating func skipTrivia() -> (space: Bool, line: Bool) {
    let start = pos
    var line = false
    while pos < bytes.count {
      let b = bytes[pos]
      if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
        if b == 0x0A { line = true }
        pos += 1
      } else if b == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") {
        while pos < bytes.count && bytes[pos] != 0x0A { pos += 1 }
      } else if b == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
        let open = pos
        pos += 2
        var depth = 1
        while pos < bytes.count && depth > 0 {
          if bytes[pos] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
            depth -= 1
            pos += 2
          } else if bytes[pos] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
            depth += 1
            pos += 2
          } else {
            if bytes[pos] == 0x0A { line = true }
            pos += 1
          }
        }
        if depth > 0 { report(.unterminatedComment, open, open + 2) }
      } else {
        break
      }
    }
    return (pos > start, line)
  }

  /// The next token.
  public mutating func next() -> Token {
    while true {
      let atStart = pos == 0
      let trivia = skipTrivia()
      let start = pos
      guard pos < bytes.count else {
        return Token(kind: .endOfFile, range: range(start), spaceBefore: true, lineBefore: true)
      }
      if let kind = scanToken() {
        return Token(
          kind: kind, range: range(start), spaceBefore: trivia.space || atStart,
          lineBefore: trivia.line || atStart)
      }
    }
  }

  /// Scans one token at `pos`; nil after reporting (and skipping) a bad character.
  private mutating func scanToken() -> TokenKind? {
    let start = pos
    let b = bytes[pos]
    switch b {
    case UInt8(ascii: "("): pos += 1; return .leftParen
    case UInt8(ascii: ")"): pos += 1; return .rightParen
    case UInt8(ascii: "{"): pos += 1; return .leftBrace
    case UInt8(ascii: "}"): pos += 1; return .rightBrace
    case UInt8(ascii: ","): pos += 1; return .comma
    case UInt8(ascii: ":"): pos += 1; return .colon
    case UInt8(ascii: "="): pos += 1; return .equals
    case UInt8(ascii: "+"): pos += 1; return .plus
    case UInt8(ascii: "-"): pos += 1; return .minus
    case UInt8(ascii: "*"): pos += 1; return .star
    case UInt8(ascii: "/"): pos += 1; return .slash
    case UInt8(ascii: "."):
      if isDigit(peek(1)) { return scanNumber() }
      pos += 1
      return .dot
    case UInt8(ascii: "\""): return scanString()
    case UInt8(ascii: "#"): return scanColor()
    default:
      if isDigit(b) { return scanNumber() }
      if isIdentifierStart(b) { return scanIdentifier() }
      // Skip one whole UTF-8 character.
      pos += 1
      while pos < bytes.count && bytes[pos] & 0xC0 == 0x80 { pos += 1 }
      let text = String(decoding: bytes[start..<pos], as: UTF8.self)
      report(.unexpectedCharacter(text), start, pos)
      return nil
    }
  }

  private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
  private func isIdentifierStart(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b >= 0x80
  }
  private func isIdentifierPart(_ b: UInt8) -> Bool { isIdentifierStart(b) || isDigit(b) }
  private func isHexDigit(_ b: UInt8) -> Bool {
    isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
  }

  private mutating func scanIdentifier() -> TokenKind {
    let start = pos
    while pos < bytes.count && isIdentifierPart(bytes[pos]) { pos += 1 }
    if let k = Keyword.match(bytes[start..<pos]) { return .keyword(k) }
    return .identifier(String(decoding: bytes[start..<pos], as: UTF8.self))
  }

  /// `123`, `1.5`, `.5`, `2e-3`, each optionally followed directly by a unit.
  private mutating func scanNumber() -> TokenKind {
    let start = pos
    while isDigit(peek()) { pos += 1 }
    if peek() == UInt8(ascii: ".") && isDigit(peek(1)) {
      pos += 1
      while isDigit(peek()) { pos += 1 }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      var look = 1
      if peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-") { look = 2 }
      if isDigit(peek(look)) {
        pos += look
        while isDigit(peek()) { pos += 1 }
      }
    }
    let value = Lexer.decimalValue(bytes[start..<pos])
    if !value.isFinite { report(.numberOutOfRange(String(decoding: bytes[start..<pos], as: UTF8.self)), start, pos) }
    // A unit directly after the digits.
    if peek() == UInt8(ascii: "%") {
      pos += 1
      return .number(value, .percent)
    }
    if isIdentifierStart(peek()) {
      let unitStart = pos
      while pos < bytes.count && isIdentifierPart(bytes[pos]) { pos += 1 }
      let name = String(decoding: bytes[unitStart..<pos], as: UTF8.self)
      if let unit = NumberUnit(rawValue: name), unit != .none, unit != .percent {
        return .number(value, unit)
      }
      report(.unknownUnit(name), unitStart, pos)
    }
    return .number(value.isFinite ? value : 0, .none)
  }

  /// The value of a number literal's digits. Short literals (up to 15
  /// significant digits and a power of ten up to 22) take the exact fast
  /// path: both the digits and the power are exact doubles, so one
  /// multiplication or division rounds correctly. Others go to the
  /// standard library's parser.
  static func decimalValue(_ text: ArraySlice<UInt8>) -> Double {
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    var i = text.startIndex
    var seenDot = false
    while i < text.endIndex {
      let b = text[i]
      if b == UInt8(ascii: ".") {
        seenDot = true
      } else if b >= 0x30 && b <= 0x39 {
        if mantissa != 0 || b != 0x30 { digits += 1 }
        mantissa = mantissa &* 10 &+ UInt64(b - 0x30)
        if seenDot { scale -= 1 }
      } else {
        break
      }
      i += 1
    }
    if i < text.endIndex {
      // An exponent.
      i += 1
      var negative = false
      if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
        negative = text[i] == UInt8(ascii: "-")
        i += 1
      }
      var e = 0
      while i < text.endIndex && e < 100_000 {
        e = e * 10 + Int(text[i] - 0x30)
        i += 1
      }
      scale += negative ? -e : e
    }
    if digits <= 15 && abs(scale) <= 22 {
      let powers: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
      ]
      let m = Double(mantissa)
      return scale < 0 ? m / powers[-scale] : m * powers[scale]
    }
    return Double(String(decoding: text, as: UTF8.self)) ?? .infinity
  }

  private mutating func scanString() -> TokenKind {
    let start = pos
    pos += 1
    var out: [UInt8] = []
    while pos < bytes.count && bytes[pos] != UInt8(ascii: "\"") && bytes[pos] != 0x0A {
      if bytes[pos] == UInt8(ascii: "\\") && pos + 1 < bytes.count {
        let e = bytes[pos + 1]
        switch e {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
        default: report(.unknownEscape(String(decoding: [e], as: UTF8.self)), pos, pos + 2)
        }
        pos += 2
      } else {
        out.append(bytes[pos])
        pos += 1
      }
    }
    if pos < bytes.count && bytes[pos] == UInt8(ascii: "\"") {
      pos += 1
    } else {
      report(.unterminatedString, start, pos)
    }
    return .string(String(decoding: out, as: UTF8.self))
  }

  /// `#rgb`, `#rrggbb` or `#rrggbbaa`.
  private mutating func scanColor() -> TokenKind {
    let start = pos
    pos += 1
    while pos < bytes.count && isIdentifierPart(bytes[pos]) { pos += 1 }
    let digits = Array(bytes[(start + 1)..<pos])
    guard [3, 6, 8].contains(digits.count), digits.allSatisfy(isHexDigit) else {
      report(.badColorLiteral(String(decoding: bytes[start..<pos], as: UTF8.self)), start, pos)
      return .color(RGBA(r: 0, g: 0, b: 0, a: 1))
    }
    func hex(_ b: UInt8) -> Int {
      if isDigit(b) { return Int(b) - 0x30 }
      return Int(b | 0x20) - 0x61 + 10
    }
    var channels: [Int] = []
    if digits.count == 3 {
      channels = digits.map { hex($0) * 17 }
    } else {
      for i in stride(from: 0, to: digits.count, by: 2) {
        channels.append(hex(digits[i]) * 16 + hex(digits[i + 1]))
      }
    }
    let alpha = channels.count == 4 ? Double(channels[3]) / 255 : 1
    return .color(
      RGBA(r: Double(channels[0]) / 255, g: Double(channels[1]) / 255, b: Double(channels[2]) / 255, a: alpha))
  }
}
