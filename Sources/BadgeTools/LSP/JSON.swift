// JSON for the language server: UTF-8 bytes in, a `JSON` value out (or why
// not: the byte offset and what was wrong), and values back to bytes. Strict
// (RFC 8259: no trailing commas, no comments, no leading zeros, no lone
// surrogates, no control characters in strings) and bounded: nesting at most
// `JSON.maximumDepth` levels, so that no message can exhaust the stack.

/// A JSON value. Objects keep their members in order (as read, or as
/// built), so what the server writes is the same bytes each time.
public enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  public static func == (a: JSON, b: JSON) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The most arrays and objects one value may nest.
  public static let maximumDepth = 64

  /// The member `key` of an object (the last, if repeated); nil otherwise.
  public subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.0 == key }?.1
  }

  public var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  public var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// The value as an integer, when it is a number with no fraction that
  /// fits.
  public var integer: Int? {
    guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
    return Int(n)
  }

  public var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  public var array: [JSON]? {
    if case .array(let a) = self { return a }
    return nil
  }

  // MARK: Writing

  /// The value as compact JSON text.
  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n):
      if n.rounded() == n && abs(n) < 9.0e15 {
        out += String(Int(n))
      } else if n.isFinite {
        out += "\(n)"
      } else {
        out += "null"
      }
    case .string(let s): JSON.quote(s, into: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out += "," }
        JSON.quote(key, into: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  private static func quote(_ s: String, into out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  // MARK: Reading

  /// Why bytes are not JSON: where (a byte offset) and what was expected.
  public struct ParseError: Error, Equatable {
    public var offset: Int
    public var message: String
  }

  /// Reads one JSON value filling `bytes` (white space around it allowed).
  public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
    var reader = Reader(bytes: bytes)
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.at == bytes.count else { throw reader.error("the end of the message") }
    return value
  }

  /// A cursor over the bytes being read.
  private struct Reader {
    let bytes: [UInt8]
    var at = 0

    func error(_ expected: String) -> ParseError {
      ParseError(offset: at, message: "expected \(expected)")
    }

    mutating func skipSpace() {
      while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D {
        at += 1
      }
    }

    mutating func value(depth: Int) throws(ParseError) -> JSON {
      guard at < bytes.count else { throw error("a value") }
      switch bytes[at] {
      case UInt8(ascii: "{"): return try object(depth: depth + 1)
      case UInt8(ascii: "["): return try array(depth: depth + 1)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try word("true", .bool(true))
      case UInt8(ascii: "f"): return try word("false", .bool(false))
      case UInt8(ascii: "n"): return try word("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw error("a value")
      }
    }

    mutating func word(_ w: StaticString, _ v: JSON) throws(ParseError) -> JSON {
      let n = w.utf8CodeUnitCount
      let matches = w.withUTF8Buffer { at + n <= bytes.count && $0.elementsEqual(bytes[at..<at + n]) }
      guard matches else { throw error("a value") }
      at += n
      return v
    }

    mutating func object(depth: Int) throws(ParseError) -> JSON {
      guard depth <= JSON.maximumDepth else { throw error("at most \(JSON.maximumDepth) levels of nesting") }
      at += 1
      var members: [(String, JSON)] = []
      skipSpace()
      if at < bytes.count && bytes[at] == UInt8(ascii: "}") {
        at += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard at < bytes.count && bytes[at] == UInt8(ascii: "\"") else { throw error("a member's name in quotes") }
        let key = try string()
        skipSpace()
        guard at < bytes.count && bytes[at] == UInt8(ascii: ":") else { throw error("':' after the name") }
        at += 1
        skipSpace()
        members.append((key, try value(depth: depth)))
        skipSpace()
        guard at < bytes.count else { throw error("',' or '}'") }
        if bytes[at] == UInt8(ascii: ",") {
          at += 1
        } else if bytes[at] == UInt8(ascii: "}") {
          at += 1
          return .object(members)
        } else {
          throw error("',' or '}'")
        }
      }
    }

    mutating func array(depth: Int) throws(ParseError) -> JSON {
      guard depth <= JSON.maximumDepth else { throw error("at most \(JSON.maximumDepth) levels of nesting") }
      at += 1
      var items: [JSON] = []
      skipSpace()
      if at < bytes.count && bytes[at] == UInt8(ascii: "]") {
        at += 1
        return .array(items)
      }
      while true {
        skipSpace()
        items.append(try value(depth: depth))
        skipSpace()
        guard at < bytes.count else { throw error("',' or ']'") }
        if bytes[at] == UInt8(ascii: ",") {
          at += 1
        } else if bytes[at] == UInt8(ascii: "]") {
          at += 1
          return .array(items)
        } else {
          throw error("',' or ']'")
        }
      }
    }

    mutating func number() throws(ParseError) -> JSON {
      let start = at
      if bytes[at] == UInt8(ascii: "-") { at += 1 }
      func digits() -> Int {
        let s = at
        while at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") { at += 1 }
        return at - s
      }
      let first = at
      let whole = digits()
      guard whole > 0 else { throw error("a digit") }
      if whole > 1 && bytes[first] == UInt8(ascii: "0") {
        throw ParseError(offset: first, message: "a number cannot start with 0")
      }
      if at < bytes.count && bytes[at] == UInt8(ascii: ".") {
        at += 1
        guard digits() > 0 else { throw error("a digit after '.'") }
      }
      if at < bytes.count && (bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E")) {
        at += 1
        if at < bytes.count && (bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-")) { at += 1 }
        guard digits() > 0 else { throw error("a digit in the exponent") }
      }
      guard let n = Double(String(decoding: bytes[start..<at], as: UTF8.self)) else { throw error("a number") }
      guard n.isFinite else { throw ParseError(offset: start, message: "a number too large for a double") }
      return .number(n)
    }

    mutating func string() throws(ParseError) -> String {
      at += 1
      var out: [UInt8] = []
      while true {
        guard at < bytes.count else { throw error("'\"' to end the string") }
        let b = bytes[at]
        if b == UInt8(ascii: "\"") {
          at += 1
          break
        }
        if b < 0x20 { throw error("no control character in a string (write \\u00XX)") }
        if b != UInt8(ascii: "\\") {
          out.append(b)
          at += 1
          continue
        }
        at += 1
        guard at < bytes.count else { throw error("an escape") }
        let e = bytes[at]
        at += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if scalar >= 0xD800 && scalar < 0xDC00 {
            guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
              throw error("the second half of a surrogate pair")
            }
            at += 2
            let low = try hex4()
            guard low >= 0xDC00 && low < 0xE000 else { throw error("the second half of a surrogate pair") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if scalar >= 0xDC00 && scalar < 0xE000 {
            throw error("no lone half of a surrogate pair")
          }
          out += Array(String(Unicode.Scalar(scalar)!).utf8)
        default: throw error("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
      }
      guard let s = String(validating: out, as: UTF8.self) else { throw error("UTF-8 text in the string") }
      return s
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard at + 4 <= bytes.count else { throw error("four hex digits") }
      var v: UInt32 = 0
      for _ in 0..<4 {
        let c = bytes[at]
        let d: UInt32
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
        default: throw error("four hex digits")
        }
        v = v << 4 | d
        at += 1
      }
      return v
    }
  }
}
