// Values as text: what `"\(value)"` writes, SwiftUI's `specifier:` formats
// (`"\(x, specifier: "%.1f")"`) and the `formatted` method (`decimals:`,
// `grouping:`, `.percent`). Numbers are written with a dot whatever the
// machine's locale, and without an exponent below 9e15 (beyond, as Swift
// writes them: 1e+20).

enum Formatting {
  /// The longest string interpolation may build, in bytes.
  static let maximumLength = 1 << 20

  /// How `"\(v)"` writes `v`: a number as a whole number when it is one,
  /// else with up to six decimals (`2.5`); an angle in degrees (`45°`); a
  /// fraction as a percentage (`50%`); a colour as `#rrggbb` (`#rrggbbaa`
  /// when translucent); a point as `(x, y)`. Nil after an error at
  /// `range` (a gradient has no text).
  static func text(of v: Value, at range: SourceRange, _ ev: Evaluator) -> String? {
    switch v {
    case .scalar(let x, _): return number(x)
    case .angle(let a): return number(a * 180 / Double.pi) + "°"
    case .fraction(let f): return number(f * 100) + "%"
    case .string(let s): return s
    case .bool(let b): return b ? "true" : "false"
    case .keyword(let k): return k
    case .color(let c): return SVGText.hex(c)
    case .tuple(let items):
      guard ev.spend(over: v, at: range) else { return nil }
      var parts: [String] = []
      for item in items {
        guard let t = text(of: item, at: range, ev) else { return nil }
        parts.append(t)
      }
      return "(" + parts.joined(separator: ", ") + ")"
    case .gradient:
      ev.report(.typeMismatch(expected: "a value that can be written as text", found: v.kindDescription), range)
      return nil
    case .invalid: return nil
    }
  }

  /// `x` as a whole number when it is one, else with at most six
  /// decimals, no trailing zeros.
  static func number(_ x: Double) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : x < 0 ? "-infinity" : "infinity" }
    return fixed(x, decimals: 6, trimmed: true, grouping: false)
  }

  /// `x` with `decimals` digits after the point (rounded half away from
  /// zero), the whole part in groups of three with `,` when `grouping`;
  /// `trimmed`: trailing zeros (and a bare point) left out.
  static func fixed(_ x: Double, decimals: Int, trimmed: Bool = false, grouping: Bool) -> String {
    guard x.isFinite else { return number(x) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(x) * scale).rounded(.toNearestOrAwayFromZero)
    var whole: String
    var fraction = ""
    if scaled < 9e15 {
      let n = UInt64(scaled)
      let unit = UInt64(scale)
      whole = String(n / unit)
      if decimals > 0 {
        let f = String(n % unit)
        fraction = String(repeating: "0", count: decimals - f.count) + f
      }
      if trimmed { while fraction.last == "0" { fraction.removeLast() } }
      if n == 0 { return "0" + (fraction.isEmpty ? "" : "." + fraction) }
    } else {
      // Past what 64 bits hold in that many decimals: the whole part alone.
      whole = String(describing: abs(x).rounded())
      if whole.hasSuffix(".0") { whole.removeLast(2) }
    }
    if grouping && whole.allSatisfy({ $0.isASCII && $0.isNumber }) {
      var grouped = ""
      for (i, c) in whole.enumerated() {
        if i > 0 && (whole.count - i) % 3 == 0 { grouped += "," }
        grouped.append(c)
      }
      whole = grouped
    }
    return (x < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// `v` written by a `specifier:` as SwiftUI's `Text` takes it: one of
  /// `%d` (`%i`, `%ld`: rounded to a whole number), `%f` (six decimals),
  /// `%.Nf` (N decimals), `%@` (as `\(v)`), with text and `%%` around it.
  static func specified(
    _ v: Value, _ spec: String, at specRange: SourceRange, _ range: SourceRange, _ ev: Evaluator
  ) -> String? {
    var out = ""
    var conversions = 0
    var chars = Array(spec.unicodeScalars)[...]
    func bad() -> String? {
      ev.report(.badFormatSpecifier(spec), specRange)
      return nil
    }
    while let c = chars.first {
      chars = chars.dropFirst()
      guard c == "%" else {
        out.unicodeScalars.append(c)
        continue
      }
      if chars.first == "%" {
        out += "%"
        chars = chars.dropFirst()
        continue
      }
      var decimals: Int?
      if chars.first == "." {
        chars = chars.dropFirst()
        var digits = ""
        while let d = chars.first, d.properties.numericType == .decimal, d.isASCII {
          digits.unicodeScalars.append(d)
          chars = chars.dropFirst()
        }
        guard let n = Int(digits), n <= 15 else { return bad() }
        decimals = n
      }
      while chars.first == "l" { chars = chars.dropFirst() }
      guard let conversion = chars.first else { return bad() }
      chars = chars.dropFirst()
      conversions += 1
      switch conversion {
      case "d", "i":
        guard decimals == nil else { return bad() }
        guard let x = numeric(v, range, ev) else { return nil }
        out += fixed(x, decimals: 0, grouping: false)
      case "f":
        guard let x = numeric(v, range, ev) else { return nil }
        out += fixed(x, decimals: decimals ?? 6, grouping: false)
      case "@":
        guard decimals == nil, let t = text(of: v, at: range, ev) else { return decimals == nil ? nil : bad() }
        out += t
      default:
        return bad()
      }
    }
    guard conversions == 1 else { return bad() }
    return out
  }

  /// `s.uppercased()` and `s.lowercased()`, as Swift's.
  static func cased(_ name: String, _ v: Value, _ args: [Argument], at range: SourceRange, _ ev: Evaluator) -> Value {
    if let extra = args.first {
      ev.report(.tooManyArguments(name, max: 0), extra.range)
      return .invalid
    }
    guard case .string(let s) = v else {
      _ = ev.mismatch("a string before '.\(name)'", v, range)
      return .invalid
    }
    return .string(name == "uppercased" ? s.uppercased() : s.lowercased())
  }

  /// A number to write: a plain number or a length as it is, an angle in
  /// degrees, a fraction as its value; nil after an error at `range`.
  static func numeric(_ v: Value, _ range: SourceRange, _ ev: Evaluator) -> Double? {
    switch v {
    case .scalar(let x, _), .fraction(let x): return x
    case .angle(let a): return a * 180 / Double.pi
    default:
      _ = ev.mismatch("a number", v, range)
      return nil
    }
  }

  /// `value.formatted()`, `value.formatted(decimals: N, grouping: false)`
  /// or `value.formatted(.percent)` (`.percent, decimals: N`), as
  /// Foundation's `formatted()` in English: a string of the number with N
  /// decimals (default: up to six, no trailing zeros), its whole part in
  /// groups of three with `,` unless `grouping` is false; a percentage is
  /// 100 times the number and `%`.
  static func formatted(_ v: Value, _ args: [Argument], at range: SourceRange, _ scope: Scope, _ ev: Evaluator)
    -> Value
  {
    var decimals: Int?
    var grouping = true
    var percent = false
    var ok = true
    for a in args {
      let value = ev.eval(a.value, scope)
      switch (a.label, value) {
      case (nil, .keyword("percent")): percent = true
      case ("decimals", _):
        if let x = ev.number(value, a.value.range) {
          if x == x.rounded() && x >= 0 && x <= 15 {
            decimals = Int(x)
          } else {
            ev.report(
              .typeMismatch(expected: "a whole number of decimals from 0 to 15", found: formatForMessage(x)),
              a.value.range)
            ok = false
          }
        } else {
          ok = false
        }
      case ("grouping", _):
        if let b = ev.condition(value, a.value.range) { grouping = b } else { ok = false }
      case (nil, _):
        if value != .invalid {
          ev.report(
            .typeMismatch(expected: "'.percent', 'decimals:' or 'grouping:'", found: value.kindDescription),
            a.value.range)
        }
        ok = false
      case (let label?, _):
        ev.report(.unknownArgumentLabel(label, of: "formatted"), a.labelRange)
        ok = false
      }
    }
    guard ok, v != .invalid, var x = numeric(v, range, ev) else { return .invalid }
    if percent { x *= 100 }
    let text =
      decimals.map { fixed(x, decimals: $0, grouping: grouping) }
      ?? fixed(x, decimals: 6, trimmed: true, grouping: grouping)
    return .string(text + (percent ? "%" : ""))
  }
}
