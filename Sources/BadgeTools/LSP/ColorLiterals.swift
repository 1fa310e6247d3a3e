// The colours written in a document, for the editor's swatches and picker:
// a file's bytes in, each colour it spells out (`#rgb`, `#rrggbb`,
// `#rrggbbaa`, a colour's name, `rgb(…)`, `rgba(…)`, `hsb(…)`, `hsba(…)`
// with numbers only) with its byte range and value out; and the ways to
// write a colour back.
import BadgeKit

/// Finds and spells colour literals.
enum ColorLiterals {
  /// Each colour literal of `bytes`, in order.
  static func find(in bytes: [UInt8]) -> [(range: Range<Int>, color: RGBA)] {
    let source = SourceFile(name: "", bytes: bytes)
    let tokens = Lexer.tokenize(source).tokens
    var out: [(range: Range<Int>, color: RGBA)] = []
    var i = 0
    func text(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }
    while i < tokens.count {
      let t = tokens[i]
      switch t.kind {
      case .color(let c):
        out.append((t.range.start..<t.range.end, c.rgba))
      case .identifier:
        let name = text(t.range.start, t.range.end)
        let called = i + 1 < tokens.count && tokens[i + 1].tag == .leftParen && !tokens[i + 1].spaceBefore
        let member = i > 0 && tokens[i - 1].tag == .dot
        if called && ["rgb", "rgba", "hsb", "hsba"].contains(name) {
          // To the call's `)`, if only numbers and commas come first.
          var k = i + 2
          while k < tokens.count, [.number, .comma, .minus].contains(tokens[k].tag) { k += 1 }
          if k < tokens.count, tokens[k].tag == .rightParen,
            let c = parseColor(text(t.range.start, tokens[k].range.end))
          {
            out.append((t.range.start..<tokens[k].range.end, c))
            i = k
          }
        } else if !called && !member, let c = parseColor(name) {
          out.append((t.range.start..<t.range.end, c))
        }
      default: break
      }
      i += 1
    }
    return out
  }

  /// The ways to write `color`: `#rrggbb` (`#rrggbbaa` when translucent)
  /// and `rgb(r, g, b)` (`rgba(r, g, b, a)`), channels rounded to bytes.
  static func spellings(_ color: RGBA) -> [String] {
    func byte(_ x: Double) -> Int { Int((min(1, max(0, x)) * 255).rounded()) }
    func hex(_ x: Int) -> String {
      let h = String(x, radix: 16)
      return h.count == 1 ? "0" + h : h
    }
    let (r, g, b, a) = (byte(color.r), byte(color.g), byte(color.b), byte(color.a))
    if a == 255 {
      return ["#" + hex(r) + hex(g) + hex(b), "rgb(\(r), \(g), \(b))"]
    }
    let alpha = (min(1, max(0, color.a)) * 1000).rounded() / 1000
    var shown = "\(alpha)"
    if shown.hasSuffix(".0") { shown.removeLast(2) }
    return ["#" + hex(r) + hex(g) + hex(b) + hex(a), "rgba(\(r), \(g), \(b), \(shown))"]
  }
}
