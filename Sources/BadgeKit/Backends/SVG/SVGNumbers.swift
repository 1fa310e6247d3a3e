// Number and colour text for the SVG writer: at most three decimals, no
// exponent, no "-0", never NaN or infinity.

/// Text of numbers, colours and escaped strings for SVG output.
enum SVGText {
  /// `x` rounded to three decimals, trailing zeros dropped: 0.1 → "0.1",
  /// 2.0 → "2", -0.0004 → "0". A non-finite value (which layout never
  /// produces) is written as 0.
  static func number(_ x: Double) -> String {
    guard x.isFinite, abs(x) < 1e15 else { return "0" }
    let thousandths = Int64((x * 1000).rounded(.toNearestOrAwayFromZero))
    if thousandths == 0 { return "0" }
    let negative = thousandths < 0
    let m = negative ? -thousandths : thousandths
    var s = negative ? "-" : ""
    s += String(m / 1000)
    var frac = Int(m % 1000)
    if frac != 0 {
      var digits = 3
      while frac % 10 == 0 {
        frac /= 10
        digits -= 1
      }
      let f = String(frac)
      s += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return s
  }

  /// `#rrggbb` for the colour's channels (alpha is written separately).
  static func hex(_ c: RGBA) -> String {
    let digits = Array("0123456789abcdef")
    var s = "#"
    for v in [c.r, c.g, c.b] {
      let byte = Int((min(1, max(0, v)) * 255).rounded())
      s.append(digits[byte >> 4])
      s.append(digits[byte & 15])
    }
    return s
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
