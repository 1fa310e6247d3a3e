// Content-stream text for the PDF writer: numbers (a fixed count of
// decimals, no exponent, no "-0"), matrices, paths as PDF's path operators
// (quadratic curves raised to cubics) and text strings.

/// One content stream being written: operators and their operands, as
/// bytes.
struct PDFContent {
  var bytes: [UInt8] = []

  mutating func text(_ s: String) { bytes += Array(s.utf8) }

  /// `x` rounded to `decimals` places, trailing zeros dropped, then a
  /// space. A non-finite value (which layout never produces) is 0.
  mutating func number(_ x: Double, _ decimals: Int = 3) {
    PDFContent.append(x, decimals, to: &bytes)
    bytes.append(0x20)
  }

  /// `number` without the space, into any byte list.
  static func append(_ x: Double, _ decimals: Int, to out: inout [UInt8]) {
    var unit: Double = 1
    for _ in 0..<decimals { unit *= 10 }
    guard x.isFinite, abs(x) * unit < 9e15 else {
      out.append(UInt8(ascii: "0"))
      return
    }
    let scaled = Int64((x * unit).rounded(.toNearestOrAwayFromZero))
    if scaled == 0 {
      out.append(UInt8(ascii: "0"))
      return
    }
    if scaled < 0 { out.append(UInt8(ascii: "-")) }
    let m = scaled.magnitude
    let u = UInt64(unit)
    out += Array(String(m / u).utf8)
    var frac = m % u
    guard frac != 0 else { return }
    var digits = decimals
    while frac % 10 == 0 {
      frac /= 10
      digits -= 1
    }
    out.append(UInt8(ascii: "."))
    let text = Array(String(frac).utf8)
    out += repeatElement(UInt8(ascii: "0"), count: digits - text.count)
    out += text
  }

  /// `number` as a String, for dictionaries.
  static func number(_ x: Double, _ decimals: Int = 3) -> String {
    var out: [UInt8] = []
    append(x, decimals, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The six numbers of `t` as PDF writes a matrix (`a b c d e f`), the
  /// linear part with more decimals than the offsets.
  static func matrix(_ t: Transform) -> String {
    [number(t.a, 6), number(t.b, 6), number(t.c, 6), number(t.d, 6), number(t.tx, 4), number(t.ty, 4)].joined(
      separator: " ")
  }

  /// Whether `t`'s linear part, as `matrix` writes it, is singular (a
  /// frame scaled by 1e-12 is written as zeros, which readers refuse as a
  /// pattern's or `cm`'s matrix).
  static func writesSingular(_ t: Transform) -> Bool {
    func written(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 }
    return written(t.a) * written(t.d) - written(t.b) * written(t.c) == 0
  }

  /// Decimals that keep a frame's coordinates to a thousandth of a point
  /// once `t` maps them onto the page (more for a frame drawn larger).
  static func decimals(for t: Transform) -> Int {
    var d = 3
    var stretch = t.frameStretch
    while stretch > 1.5 && d < 8 {
      stretch /= 10
      d += 1
    }
    return d
  }

  /// The path operators of `path` with its points mapped through `t`.
  mutating func path(_ path: ScenePath, _ t: Transform, decimals: Int = 3) {
    var current = Point(0, 0)
    var start = Point(0, 0)
    func point(_ p: Point) {
      let q = t.apply(p)
      number(q.x, decimals)
      number(q.y, decimals)
    }
    for e in path.elements {
      switch e {
      case .move(let p):
        point(p)
        text("m\n")
        (current, start) = (p, p)
      case .line(let p):
        point(p)
        text("l\n")
        current = p
      case .quad(let c, let p):
        // The cubic with the same curve: controls 2/3 of the way to c.
        point(Point(current.x + 2 / 3 * (c.x - current.x), current.y + 2 / 3 * (c.y - current.y)))
        point(Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y)))
        point(p)
        text("c\n")
        current = p
      case .cubic(let c1, let c2, let p):
        point(c1)
        point(c2)
        point(p)
        text("c\n")
        current = p
      case .close:
        text("h\n")
        current = start
      }
    }
  }

  /// A PDF text string holding `s`: UTF-16BE with its byte-order mark,
  /// in hexadecimal (any text, and no escaping to get wrong).
  static func textString(_ s: String) -> String {
    var out = "<FEFF"
    let digits = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for unit in s.utf16 {
      for shift in [12, 8, 4, 0] { bytes.append(digits[Int(unit >> UInt16(shift)) & 15]) }
    }
    out += String(decoding: bytes, as: UTF8.self)
    return out + ">"
  }
}
