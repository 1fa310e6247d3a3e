// The lexer: source bytes in, tokens out (plus diagnostics for characters and
// literals it cannot read). It never stops early: a bad character is reported
// and skipped, so the parser always sees the whole file.

/// Turns one `SourceFile` into tokens. Comments and white space are dropped,
/// but each token records whether it followed some.
public struct Lexer {
  private let bytes: [UInt8]
  private let file: Int
  private var pos = 0
  private(set) var diagnostics: [Diagnostic] = []
  /// Diagnostics past `Diagnostic.keptLimit`, counted only.
  private(set) var unlisted = 0
  /// For each `\(` of a string being read, innermost last: how many
  /// parentheses are open inside it. Its `)` resumes the string.
  private var interpolations: [Int] = []
  /// The texts of the string tokens read so far, by `TokenText.index`.
  private var texts: [String] = []
  /// The most `\(` open at once (strings in interpolations in strings).
  static let maximumInterpolationDepth = 64

  public init(_ source: SourceFile, fileIndex: Int = 0) {
    self.bytes = source.bytes
    self.file = fileIndex
  }

  /// Reads the whole file; the last token is always `.endOfFile`. The
  /// lexer is handed on too, for the tokens' names and texts.
  public static func tokenize(_ source: SourceFile, fileIndex: Int = 0) -> (
    tokens: [Token], diagnostics: [Diagnostic], unlisted: Int, lexer: Lexer
  ) {
    var lexer = Lexer(source, fileIndex: fileIndex)
    var tokens: [Token] = []
    while true {
      let t = lexer.next()
      tokens.append(t)
      if t.tag == .endOfFile { break }
    }
    return (tokens, lexer.diagnostics, lexer.unlisted, lexer)
  }

  /// The text of string token piece `t` (escapes decoded).
  func text(_ t: TokenText) -> String { texts[Int(t.index)] }

  /// The name an identifier token at `range` spells: its source text.
  func name(_ range: SourceRange) -> String {
    String(decoding: bytes[range.start..<range.end], as: UTF8.self)
  }

  /// Whether the source text at `range` is `word` (no string is built).
  func spells(_ range: SourceRange, _ word: StaticString) -> Bool {
    range.end - range.start == word.utf8CodeUnitCount
      && word.withUTF8Buffer { $0.elementsEqual(bytes[range.start..<range.end]) }
  }

  /// Keeps `text` for a string token and returns its handle.
  private mutating func keep(_ text: String) -> TokenText {
    texts.append(text)
    return TokenText(index: UInt32(texts.count - 1))
  }

  private func peek(_ ahead: Int = 0) -> UInt8 {
    pos + ahead < bytes.count ? bytes[pos + ahead] : 0
  }

  private func range(_ start: Int) -> SourceRange { SourceRange(file: file, start: start, end: pos) }

  private mutating func report(_ message: Message, _ start: Int, _ end: Int) {
    if diagnostics.count >= Diagnostic.keptLimit {
      unlisted += 1
      return
    }
    diagnostics.append(Diagnostic(message, at: SourceRange(file: file, start: start, end: end)))
  }

  /// Skips one character of a comment: malformed UTF-8 there is an error
  /// at its bytes, as anywhere else.
  private mutating func skipCommentByte() {
    guard bytes[pos] >= 0x80 else {
      pos += 1
      return
    }
    if let (_, length) = decodeScalar(at: pos) {
      pos += length
    } else {
      let start = pos
      pos += invalidLength(at: pos)
      report(.invalidUTF8, start, pos)
    }
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
        while pos < bytes.count && bytes[pos] != 0x0A { skipCommentByte() }
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
            skipCommentByte()
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

  /// Scans one token at `pos`; nil after reporting (and skipping) a bad
  /// character, or a run of them (`unexpectedLength` lists the characters
  /// that start a token, as this does).
  private mutating func scanToken() -> TokenKind? {
    let start = pos
    let b = bytes[pos]
    switch b {
    case UInt8(ascii: "("):
      pos += 1
      if !interpolations.isEmpty { interpolations[interpolations.count - 1] += 1 }
      return .leftParen
    case UInt8(ascii: ")"):
      if let open = interpolations.last {
        if open == 0 {
          interpolations.removeLast()
          return scanString(resuming: true)
        }
        interpolations[interpolations.count - 1] -= 1
      }
      pos += 1
      return .rightParen
    case UInt8(ascii: "{"): pos += 1; return .leftBrace
    case UInt8(ascii: "}"): pos += 1; return .rightBrace
    case UInt8(ascii: ","): pos += 1; return .comma
    case UInt8(ascii: ":"): pos += 1; return .colon
    case UInt8(ascii: "="): return withEquals(.equalEqual, else: .equals)
    case UInt8(ascii: "!"): return withEquals(.notEqual, else: .bang)
    case UInt8(ascii: "<"): return withEquals(.lessEqual, else: .less)
    case UInt8(ascii: ">"): return withEquals(.greaterEqual, else: .greater)
    case UInt8(ascii: "?"): pos += 1; return .question
    case UInt8(ascii: "&") where peek(1) == UInt8(ascii: "&"): pos += 2; return .and
    case UInt8(ascii: "|") where peek(1) == UInt8(ascii: "|"): pos += 2; return .or
    case UInt8(ascii: "+"): pos += 1; return .plus
    case UInt8(ascii: "-"): pos += 1; return .minus
    case UInt8(ascii: "*"): pos += 1; return .star
    case UInt8(ascii: "/"): pos += 1; return .slash
    case UInt8(ascii: "["): pos += 1; return .leftBracket
    case UInt8(ascii: "]"): pos += 1; return .rightBracket
    case UInt8(ascii: "."):
      if peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: "<") {
        pos += 3
        return .halfOpenRange
      }
      if peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") {
        pos += 3
        return .closedRange
      }
      if isDigit(peek(1)) { return scanNumber() }
      pos += 1
      return .dot
    case UInt8(ascii: "\""): return scanString(resuming: false)
    case UInt8(ascii: "#"): return scanColor()
    default:
      if isDigit(b) { return scanNumber() }
      if isIdentifierStart(b) && b < 0x80 { return scanIdentifier() }
      if b >= 0x80 {
        guard let (scalar, _) = decodeScalar(at: pos) else {
          pos += invalidLength(at: pos)
          report(.invalidUTF8, start, pos)
          return nil
        }
        if Lexer.isIdentifierScalar(scalar) { return scanIdentifier() }
      }
      // A run of characters that start no token is one error, however
      // long (a pasted line of symbols is one mistake).
      // The message quotes at most 60 characters: 256 bytes hold them.
      while pos < bytes.count, let length = unexpectedLength(at: pos) { pos += length }
      report(.unexpectedCharacter(String(decoding: bytes[start..<min(pos, start + 256)], as: UTF8.self)), start, pos)
      return nil
    }
  }

  /// `pair` when an `=` follows the character at `pos` (`==`, `<=`), else
  /// `single`; past what it read.
  private mutating func withEquals(_ pair: TokenKind, else single: TokenKind) -> TokenKind {
    let both = peek(1) == UInt8(ascii: "=")
    pos += both ? 2 : 1
    return both ? pair : single
  }

  /// The length of the character at byte `i` if it starts no token and is
  /// neither white space nor a comment; nil otherwise (malformed UTF-8
  /// included, which is an error of its own). The ASCII characters listed
  /// are those `scanToken` starts a token with: the two lists go together.
  private func unexpectedLength(at i: Int) -> Int? {
    let b = bytes[i]
    guard b < 0x80 else {
      guard let (scalar, length) = decodeScalar(at: i), !Lexer.isIdentifierScalar(scalar) else { return nil }
      return length
    }
    if isDigit(b) || isIdentifierStart(b) { return nil }
    switch b {
    case 0x20, 0x09, 0x0A, 0x0D: return nil
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","),
      UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"),
      UInt8(ascii: "/"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "."), UInt8(ascii: "\""),
      UInt8(ascii: "#"), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"):
      return nil
    case UInt8(ascii: "&"), UInt8(ascii: "|"):
      return i + 1 < bytes.count && bytes[i + 1] == b ? nil : 1
    default: return 1
    }
  }

  /// The scalar encoded at byte `i` and its length in bytes, or nil when
  /// the bytes there are not well-formed UTF-8 (overlong forms, surrogates
  /// and values past U+10FFFF included).
  private func decodeScalar(at i: Int) -> (Unicode.Scalar, Int)? {
    let b0 = bytes[i]
    if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
    let length: Int
    var value: UInt32
    switch b0 {
    case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
    case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
    case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
    default: return nil
    }
    guard i + length <= bytes.count else { return nil }
    for k in 1..<length {
      let b = bytes[i + k]
      guard b & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(b & 0x3F)
    }
    let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  /// How many bytes at `i` to report as one piece of invalid UTF-8: the
  /// first byte and the continuation bytes after it (at most three).
  private func invalidLength(at i: Int) -> Int {
    var n = 1
    while n < 4 && i + n < bytes.count && bytes[i + n] & 0xC0 == 0x80 { n += 1 }
    return n
  }

  /// Whether a non-ASCII scalar may be part of a name: letters, marks,
  /// digits, symbols and punctuation of any script, but not controls,
  /// spaces, separators, format characters (bidirectional overrides, tags,
  /// prepended marks such as U+0600), private-use or unassigned scalars,
  /// invisible fillers, variation selectors or non-characters, which could
  /// make the source read differently from what it says or move a
  /// terminal's cursor when printed.
  static func isIdentifierScalar(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0..<0xA1, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x2800, 0x3164, 0xFE00...0xFE0F, 0xFFA0,
      0xE0100...0xE01EF, 0xFDD0...0xFDEF:
      return false
    default:
      if c.value & 0xFFFE == 0xFFFE { return false }
      switch c.properties.generalCategory {
      case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
        .paragraphSeparator:
        return false
      default:
        return true
      }
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
    while pos < bytes.count {
      let b = bytes[pos]
      if b < 0x80 {
        guard isIdentifierPart(b) else { break }
        pos += 1
      } else {
        guard let (scalar, length) = decodeScalar(at: pos), Lexer.isIdentifierScalar(scalar) else { break }
        pos += length
      }
    }
    if let k = Keyword.match(bytes[start..<pos]) { return .keyword(k) }
    return .identifier
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

  /// A string literal: escapes `\" \\ \n \t \u{…}`. Control characters
  /// (other than tab and line feed) and non-characters are refused, raw or
  /// escaped, as is malformed UTF-8: a string may end up in the SVG, and
  /// XML 1.0 cannot hold them.
  /// `resuming`: at the `)` that ends an interpolation, reading the rest.
  private mutating func scanString(resuming: Bool) -> TokenKind {
    let start = pos
    pos += 1
    var out = ""
    while pos < bytes.count && bytes[pos] != UInt8(ascii: "\"") && bytes[pos] != 0x0A {
      // A run of plain ASCII (no quote, backslash or control) is copied at
      // once: a long string costs what its bytes cost.
      var end = pos
      while end < bytes.count, case let b = bytes[end],
        (b >= 0x20 && b <= 0x7E && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\")) || b == 0x09
      {
        end += 1
      }
      if end > pos {
        out += String(decoding: bytes[pos..<end], as: UTF8.self)
        pos = end
        continue
      }
      let here = pos
      if bytes[pos] == UInt8(ascii: "\\") && pos + 1 < bytes.count {
        let e = bytes[pos + 1]
        pos += 2
        switch e {
        case UInt8(ascii: "(") where interpolations.count < Lexer.maximumInterpolationDepth:
          interpolations.append(0)
          return resuming ? .interpolationMiddle(keep(out)) : .interpolationStart(keep(out))
        case UInt8(ascii: "("):
          report(.nestingTooDeep(Lexer.maximumInterpolationDepth), here, pos)
        case UInt8(ascii: "n"): out.unicodeScalars.append("\n")
        case UInt8(ascii: "t"): out.unicodeScalars.append("\t")
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.unicodeScalars.append(Unicode.Scalar(e))
        case UInt8(ascii: "u"):
          if let scalar = scanUnicodeEscape(from: here) { appendStringScalar(scalar, here, &out) }
        default:
          if e >= 0x80 { pos = here + 1 }
          report(.unknownEscape(Lexer.visible(String(decoding: bytes[(here + 1)..<pos], as: UTF8.self))), here, pos)
        }
      } else if let (scalar, length) = decodeScalar(at: pos) {
        pos += length
        appendStringScalar(scalar, here, &out)
      } else {
        pos += invalidLength(at: pos)
        report(.invalidUTF8, here, pos)
      }
    }
    if pos < bytes.count && bytes[pos] == UInt8(ascii: "\"") {
      pos += 1
    } else {
      report(.unterminatedString, start, pos)
    }
    return resuming ? .interpolationEnd(keep(out)) : .string(keep(out))
  }

  /// Appends `c` (read from byte `start` on) to a string literal, or reports
  /// a character a string may not hold.
  private mutating func appendStringScalar(_ c: Unicode.Scalar, _ start: Int, _ out: inout String) {
    switch c.value {
    case 0x09, 0x0A, 0x20...0x7E, 0xA0...0xFFFD, 0x10000...0x10FFFF:
      if c.value & 0xFFFE == 0xFFFE || (0xFDD0...0xFDEF).contains(c.value) { fallthrough }
      out.unicodeScalars.append(c)
    default:
      report(.controlInString(Lexer.codePoint(c.value)), start, pos)
    }
  }

  /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar; `pos` is
  /// after the `u`. Nil after a report.
  private mutating func scanUnicodeEscape(from start: Int) -> Unicode.Scalar? {
    guard peek() == UInt8(ascii: "{") else {
      report(.badUnicodeEscape, start, pos)
      return nil
    }
    pos += 1
    var value: UInt32 = 0
    var digits = 0
    while pos < bytes.count && isHexDigit(bytes[pos]) {
      let b = bytes[pos]
      let d = isDigit(b) ? UInt32(b - 0x30) : UInt32(b | 0x20) - 0x61 + 10
      if digits < 8 { value = value << 4 | d }
      digits += 1
      pos += 1
    }
    guard peek() == UInt8(ascii: "}"), (1...8).contains(digits) else {
      report(.badUnicodeEscape, start, pos)
      return nil
    }
    pos += 1
    guard let scalar = Unicode.Scalar(value) else {
      report(.notAScalar(Lexer.codePoint(value)), start, pos)
      return nil
    }
    return scalar
  }

  /// `U+001B`: how a code point is named in messages.
  static func codePoint(_ v: UInt32) -> String {
    let hex = String(v, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// `s` with every control, invisible format character and non-character
  /// written as `\u{…}`, so that printing it shows what is there and moves
  /// no terminal cursor.
  static func visible(_ s: String) -> String {
    // Printable ASCII, as most messages and paths are, is shown as it is
    // (a string built a scalar at a time cost as much as a small badge's
    // drawing, for every diagnostic).
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s }
    var out = ""
    for c in s.unicodeScalars {
      if c.value >= 0x20 && c.value < 0x7F || c.value >= 0x80 && isIdentifierScalar(c) {
        out.unicodeScalars.append(c)
      } else {
        out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
      }
    }
    return out
  }

  /// `#rgb`, `#rrggbb` or `#rrggbbaa`.
  private mutating func scanColor() -> TokenKind {
    let start = pos
    pos += 1
    while pos < bytes.count && isIdentifierPart(bytes[pos]) { pos += 1 }
    let digits = Array(bytes[(start + 1)..<pos])
    // Swift's `#Preview`: a word, for the parser to name.
    if String(decoding: digits, as: UTF8.self) == "Preview" { return .identifier }
    guard [3, 6, 8].contains(digits.count), digits.allSatisfy(isHexDigit) else {
      report(.badColorLiteral(String(decoding: bytes[start..<pos], as: UTF8.self)), start, pos)
      return .color(ColorLiteral(r: 0, g: 0, b: 0))
    }
    func hex(_ b: UInt8) -> UInt8 {
      if isDigit(b) { return b - 0x30 }
      return (b | 0x20) - 0x61 + 10
    }
    /// Channel `i`: one digit repeated (`#rgb`) or two.
    func channel(_ i: Int) -> UInt8 {
      digits.count == 3 ? hex(digits[i]) * 17 : hex(digits[2 * i]) * 16 + hex(digits[2 * i + 1])
    }
    return .color(ColorLiteral(r: channel(0), g: channel(1), b: channel(2), a: digits.count == 8 ? channel(3) : 255))
  }
}
