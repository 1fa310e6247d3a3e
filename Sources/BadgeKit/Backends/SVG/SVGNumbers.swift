// Number and colour text for the SVG writer: at most three decimals, no
// exponent, no "-0", never NaN or infinity.

/// Text of numbers, colours and escaped strings for SVG output.
enum SVGText {
  /// `x` rounded to three decimals, trailing zeros dropped: 0.1 → "0.1",
  /// 2.0 → "2", -0.0004 → "0". A non-finite value (which layout never
  /// produces) is written as 0.
  static func number(_ x: Double) -> String {
    var bytes: [UInt8] = []
    appendNumber(x, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `number(x)` to `out`, without making a String.
  static func appendNumber(_ x: Double, to out: inout [UInt8]) {
    guard x.isFinite, abs(x) < 1e15 else {
      out.append(UInt8(ascii: "0"))
      return
    }
    let thousandths = Int64((x * 1000).rounded(.toNearestOrAwayFromZero))
    if thousandths == 0 {
      out.append(UInt8(ascii: "0"))
      return
    }
    if thousandths < 0 { out.append(UInt8(ascii: "-")) }
    let m = thousandths.magnitude
    appendDigits(m / 1000, to: &out)
    var frac = Int(m % 1000)
    if frac != 0 {
      out.append(UInt8(ascii: "."))
      var digits = 3
      while frac % 10 == 0 {
        frac /= 10
        digits -= 1
      }
      var divisor = 1
      for _ in 1..<digits { divisor *= 10 }
      while divisor > 0 {
        out.append(UInt8(ascii: "0") + UInt8(frac / divisor % 10))
        divisor /= 10
      }
    }
  }

  /// The decimal digits of `n`.
  private static func appendDigits(_ n: UInt64, to out: inout [UInt8]) {
    if n >= 10 { appendDigits(n / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(n % 10))
  }

  /// `#rrggbb` for the colour's channels (alpha is written separately).
  /// Written as bytes: a list of the digits as characters, made at every
  /// call, was 7 % of writing a grid of small shapes.
  static func hex(_ c: RGBA) -> String {
    func byte(_ v: Double) -> Int { Int((min(1, max(0, v)) * 255).rounded()) }
    func digit(_ d: Int) -> UInt8 { UInt8(d < 10 ? 48 + d : 87 + d) }  // 0-9, a-f
    let (r, g, b) = (byte(c.r), byte(c.g), byte(c.b))
    return String(unsafeUninitializedCapacity: 7) { out in
      out[0] = UInt8(ascii: "#")
      out[1] = digit(r >> 4)
      out[2] = digit(r & 15)
      out[3] = digit(g >> 4)
      out[4] = digit(g & 15)
      out[5] = digit(b >> 4)
      out[6] = digit(b & 15)
      return 7
    }
  }

  /// Text safe in XML 1.0 character data and in attribute values in
  /// either quote: `& < > " '` become references, a carriage return is
  /// written as `&#xD;` (so it is not folded into a line break), and every
  /// scalar that XML 1.0 does not allow (C0 controls other than tab and
  /// line feed, U+FFFE, U+FFFF) becomes U+FFFD. Escaping works on Unicode
  /// scalars, never on grapheme clusters: a `<` followed by a combining
  /// mark is still a `<`.
  static func escaped(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\r": out += "&#xD;"
      default:
        out.unicodeScalars.append(isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return out
  }

  /// Whether XML 1.0 allows `c` in a document (its production `Char`).
  static func isXMLCharacter(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }
}
