// Colours from hue, saturation and brightness (SwiftUI's
// `Color(hue:saturation:brightness:)`), and mixing two colours (SwiftUI's
// `mix(with:by:)`): `hsb(h, s, b)`, `hsba(h, s, b, a)`, `mix(a, b, t)` and
// `a.mix(with: b, by: t)`. Mixing is in sRGB with straight alpha, as
// gradients interpolate.

enum ColorFunctions {
  /// `hsb(h, s, b)`: the hue a number 0–1 (SwiftUI's) or an angle
  /// (`210deg`), saturation and brightness 0–1 or percentages.
  static func hsb(_ name: String, _ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator)
    -> Value
  {
    let n = name == "hsb" ? 3 : 4
    let values = Builtins.positional(name, args, scope, ev)
    guard Builtins.arity(name, args, n, range, ev) else { return .invalid }
    var hue: Double
    switch values[0] {
    case .angle(let a): hue = a / (2 * Double.pi)
    case .invalid: return .invalid
    default:
      guard let h = ev.number(values[0], args[0].value.range) else { return .invalid }
      hue = ev.clamped(h, 0, 1, "hue", percent: Warnings.isPercent(values[0]), args[0].value.range)
    }
    hue -= hue.rounded(.down)
    var parts: [Double] = []
    for i in 1..<n {
      guard let x = ev.number(values[i], args[i].value.range) else { return .invalid }
      let what = ["", "saturation", "brightness", "alpha"][i]
      parts.append(ev.clamped(x, 0, 1, what, percent: Warnings.isPercent(values[i]), args[i].value.range))
    }
    var c = rgb(hue: hue, saturation: parts[0], brightness: parts[1])
    if n == 4 { c.a = parts[2] }
    return .color(c)
  }

  /// The sRGB colour of a hue (0–1, 0 red, 1/3 green, 2/3 blue) at a
  /// saturation and brightness (0–1): the HSV cone.
  static func rgb(hue: Double, saturation s: Double, brightness v: Double) -> RGBA {
    let h = hue * 6
    let sector = Int(h.rounded(.down)) % 6
    let f = h - h.rounded(.down)
    let (p, q, t) = (v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f)))
    switch sector {
    case 0: return RGBA(r: v, g: t, b: p)
    case 1: return RGBA(r: q, g: v, b: p)
    case 2: return RGBA(r: p, g: v, b: t)
    case 3: return RGBA(r: p, g: q, b: v)
    case 4: return RGBA(r: t, g: p, b: v)
    default: return RGBA(r: v, g: p, b: q)
    }
  }

  /// `mix(a, b, t)`: a at 0, b at 1.
  static func mix(_ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator) -> Value {
    let values = Builtins.positional("mix", args, scope, ev)
    guard Builtins.arity("mix", args, 3, range, ev) else { return .invalid }
    return mixed(values[0], args[0].value.range, values[1], args[1].value.range, values[2], args[2].value.range, ev)
  }

  /// `a.mix(with: b, by: t)`.
  static func mixMethod(_ a: Value, _ args: [Argument], at range: SourceRange, _ scope: Scope, _ ev: Evaluator)
    -> Value
  {
    let bound = ev.bind(args, to: ["with", "by"], required: ["with", "by"], callee: "mix", at: range)
    let values = args.map { ev.eval($0.value, scope) }
    guard bound.ok, let with = bound["with"], let by = bound["by"] else { return .invalid }
    if values.contains(.invalid) { return .invalid }
    return mixed(a, range, ev.eval(with.value, scope), with.value.range, ev.eval(by.value, scope), by.value.range, ev)
  }

  private static func mixed(
    _ a: Value, _ ar: SourceRange, _ b: Value, _ br: SourceRange, _ t: Value, _ tr: SourceRange, _ ev: Evaluator
  ) -> Value {
    if a == .invalid || b == .invalid || t == .invalid { return .invalid }
    guard let x = ev.color(a, ar), let y = ev.color(b, br), let f = ev.number(t, tr) else { return .invalid }
    let k = ev.clamped(f, 0, 1, "mix fraction", percent: Warnings.isPercent(t), tr)
    return .color(
      RGBA(r: x.r + (y.r - x.r) * k, g: x.g + (y.g - x.g) * k, b: x.b + (y.b - x.b) * k, a: x.a + (y.a - x.a) * k))
  }
}
