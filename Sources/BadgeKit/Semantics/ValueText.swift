// Values written back as the language writes them, for tools (an editor's
// hover): a value in, its spelling out (`4`, `45deg`, `50%`, `(0.5, 0)`,
// `#ff8800`, `"text"`, `fit`).

extension Value {
  /// The value as a badge file would write it; numbers with at most three
  /// decimals, angles in degrees, lengths as plain numbers (points).
  public var written: String {
    switch self {
    case .scalar(let v, let power): return Value.shown(v) + (power == 2 ? " square points" : "")
    case .angle(let radians): return Value.shown(radians * 180 / Double.pi) + "deg"
    case .fraction(let f): return Value.shown(f * 100) + "%"
    case .tuple(let items): return "(" + items.map(\.written).joined(separator: ", ") + ")"
    case .color(let c):
      func hex(_ x: Double) -> String {
        let byte = Int((min(1, max(0, x)) * 255).rounded())
        return (byte < 16 ? "0" : "") + String(byte, radix: 16)
      }
      return "#" + hex(c.r) + hex(c.g) + hex(c.b) + (c.a < 1 ? hex(c.a) : "")
    case .gradient: return "a gradient"
    case .string(let s):
      var out = "\""
      for ch in s.unicodeScalars {
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default:
          if ch.value < 0x20 || ch.value == 0x7F {
            out += "\\u{" + String(ch.value, radix: 16) + "}"
          } else {
            out.unicodeScalars.append(ch)
          }
        }
      }
      return out + "\""
    case .bool(let b): return b ? "true" : "false"
    case .keyword(let k): return k
    case .invalid: return "invalid"
    }
  }

  /// `x` with at most three decimals, without trailing zeros.
  static func shown(_ x: Double) -> String {
    guard x.isFinite else { return x > 0 ? "infinity" : x < 0 ? "-infinity" : "nan" }
    let r = (x * 1000).rounded() / 1000
    if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
    var text = String(r)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
