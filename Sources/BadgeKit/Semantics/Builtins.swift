// Built-in names: constants (pi, colours, anchors, options) and functions
// (min max abs sqrt sin cos tan atan2 floor ceil round clamp rgb rgba linear
// stop). Every function checks its arguments' kinds.

/// The built-in constants and functions of the language.
enum Builtins {
  /// SwiftUI's named colours (light appearance), plus black, white, clear.
  static let colors: [String: RGBA] = [
    "black": .bytes(0, 0, 0), "white": .bytes(255, 255, 255), "clear": .bytes(0, 0, 0, 0),
    "gray": .bytes(142, 142, 147), "red": .bytes(255, 59, 48), "orange": .bytes(255, 149, 0),
    "yellow": .bytes(255, 204, 0), "green": .bytes(52, 199, 89), "mint": .bytes(0, 199, 190),
    "teal": .bytes(48, 176, 199), "cyan": .bytes(50, 173, 230), "blue": .bytes(0, 122, 255),
    "indigo": .bytes(88, 86, 214), "purple": .bytes(175, 82, 222), "pink": .bytes(255, 45, 85),
    "brown": .bytes(162, 132, 94),
  ]

  /// The system colours' values in the dark appearance (iOS's), for
  /// `--appearance dark`; black, white, clear and gray are the same.
  static let darkColors: [String: RGBA] = [
    "red": .bytes(255, 69, 58), "orange": .bytes(255, 159, 10), "yellow": .bytes(255, 214, 10),
    "green": .bytes(48, 209, 88), "mint": .bytes(99, 230, 226), "teal": .bytes(64, 200, 224),
    "cyan": .bytes(100, 210, 255), "blue": .bytes(10, 132, 255), "indigo": .bytes(94, 92, 230),
    "purple": .bytes(191, 90, 242), "pink": .bytes(255, 55, 95), "brown": .bytes(172, 142, 104),
  ]

  /// UnitPoint names, as in SwiftUI.
  static let anchors: [String: (Double, Double)] = [
    "topLeading": (0, 0), "top": (0.5, 0), "topTrailing": (1, 0),
    "leading": (0, 0.5), "center": (0.5, 0.5), "trailing": (1, 0.5),
    "bottomLeading": (0, 1), "bottom": (0.5, 1), "bottomTrailing": (1, 1),
  ]

  /// Named options used by modifiers. (`round` is also a function:
  /// `round(x)` calls it, `cap: round` names the option.)
  static let keywords =
    [
      "fit", "fill", "nonzero", "evenodd", "butt", "round", "square", "miter", "bevel", "horizontal", "vertical", "all",
      "percent", "dark", "head", "middle", "tail", "circular", "continuous", "normal",
    ]
    + textKeywords + BlendMode.allCases.map(\.rawValue) + LayoutEngine.unsayableBlendModes

  /// The options of text: styles, weights, slant and side. (Never offered
  /// as the name meant by a misspelt one: `hieght` is not `light`.)
  static let textKeywords: Set<String> = [
    "largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote",
    "caption", "caption2", "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy",
    "italic", "upright", "inside", "outside", "default", "rounded", "serif", "monospaced",
  ]

  static let functions: Set<String> = [
    "min", "max", "abs", "sqrt", "sin", "cos", "tan", "atan2", "floor", "ceil", "round", "clamp", "count", "sum", "hsb",
    "hsba", "mix",
    "rgb", "rgba", "linear", "radial", "elliptical", "angular", "stop",
    "pow", "exp", "log", "mod", "hypot", "asin", "acos", "atan", "sign", "lerp",
  ]

  /// The argument labels of the functions that take any.
  static let labels: [String: [String]] = [
    "linear": ["start", "end"],
    "radial": ["center", "focus", "startRadius", "endRadius"],
    "elliptical": ["center", "startRadiusFraction", "endRadiusFraction"],
    "angular": ["center", "startAngle", "endAngle", "angle"],
    "formatted": ["decimals", "grouping"],
    "mix": ["with", "by"],
  ]

  /// Methods of values: `black.opacity(0.33)`.
  static let methods: Set<String> = [
    "opacity", "formatted", "count", "sum", "min", "max", "prefix", "mix", "uppercased", "lowercased",
  ]

  /// The root scope: every built-in constant.
  /// With `colorScheme` `.dark`, the system colours take their dark
  /// values; `colorScheme` is `.light` or `.dark`, as SwiftUI's
  /// environment value.
  /// The built-in names are not copied into it: its frame holds the
  /// top-level lets, and a name it does not hold is looked up in the
  /// tables above (`value(named:colorScheme:)`), so a start makes no
  /// table of some eighty values to look up a few of them.
  static func globalScope(colorScheme: ColorScheme = .light) -> Scope {
    Scope(builtinsFor: colorScheme)
  }

  /// The names of the constants `value(named:colorScheme:)` knows.
  static let constantNames = ["pi", "infinity", "true", "false", "colorScheme"]

  /// `keywords` as a set, for looking one up.
  static let keywordSet = Set(keywords)

  /// The value of the built-in constant, colour, anchor or option `name`
  /// in `colorScheme` (nil: no such built-in).
  static func value(named name: String, colorScheme: ColorScheme) -> Value? {
    switch name {
    case "pi": return .number(Double.pi)
    case "infinity": return .number(Double.infinity)
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "colorScheme": return .keyword(colorScheme.rawValue)
    default: break
    }
    if colorScheme == .dark, let c = darkColors[name] { return .color(c) }
    if let c = colors[name] { return .color(c) }
    if let p = anchors[name] { return .tuple([.number(p.0), .number(p.1)]) }
    if keywordSet.contains(name) { return .keyword(name) }
    return nil
  }

  static func call(_ name: String, _ args: [Argument], at range: SourceRange, _ scope: Scope, _ ev: Evaluator)
    -> Value
  {
    switch name {
    case "min", "max":
      // Over a list: min(values).
      if args.count == 1 && args[0].label == nil {
        let v = ev.eval(args[0].value, scope)
        if case .tuple = v { return Lists.method(name, of: v, [], at: range, scope, ev) }
        if v != .invalid { ev.report(.missingArgument("#2", of: name), range) }
        return .invalid
      }
      return minMax(name == "min", args, range, scope, ev)
    case "count", "sum":
      guard arity(name, args, 1, range, ev) else { return .invalid }
      return Lists.method(name, of: ev.eval(args[0].value, scope), [], at: range, scope, ev)
    case "abs", "floor", "ceil", "round": return rounding(name, args, range, scope, ev)
    case "sqrt": return squareRoot(args, range, scope, ev)
    case "sin", "cos", "tan": return trig(name, args, range, scope, ev)
    case "atan2": return arcTangent(args, range, scope, ev)
    case "clamp": return clamp(args, range, scope, ev)
    case "pow", "exp", "log", "mod", "hypot", "asin", "acos", "atan", "sign", "lerp":
      return more(name, args, range, scope, ev)
    case "rgb", "rgba": return rgb(name, args, range, scope, ev)
    case "hsb", "hsba": return ColorFunctions.hsb(name, args, range, scope, ev)
    case "mix": return ColorFunctions.mix(args, range, scope, ev)
    case "linear", "radial", "elliptical", "angular": return gradient(name, args, range, scope, ev)
    case "stop": return stop(args, range, scope, ev)
    default:
      ev.report(.unknownFunction(name), range)
      for a in args { _ = ev.eval(a.value, scope) }
      return .invalid
    }
  }

  /// Evaluates unlabeled arguments; reports labels (these functions take none).
  static func positional(_ name: String, _ args: [Argument], _ scope: Scope, _ ev: Evaluator) -> [Value] {
    args.map { a in
      if let label = a.label { ev.report(.unknownArgumentLabel(label, of: name), a.labelRange) }
      return ev.eval(a.value, scope)
    }
  }

  static func arity(_ name: String, _ args: [Argument], _ n: Int, _ range: SourceRange, _ ev: Evaluator) -> Bool {
    if args.count > n {
      ev.report(.tooManyArguments(name, max: n), args[n].range)
      return false
    }
    if args.count < n {
      ev.report(.missingArgument("#\(args.count + 1)", of: name), range)
      return false
    }
    return true
  }

  /// Applies `f` to a numeric value, keeping its kind.
  static func mapNumeric(_ v: Value, _ f: (Double) -> Double) -> Value? {
    switch v {
    case .scalar(let x, let p): return .scalar(f(x), power: p)
    case .angle(let x): return .angle(f(x))
    case .fraction(let x): return .fraction(f(x))
    default: return nil
    }
  }

  static func magnitude(_ v: Value) -> Double? {
    switch v {
    case .scalar(let x, _), .angle(let x), .fraction(let x): return x
    default: return nil
    }
  }

  private static func minMax(_ isMin: Bool, _ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator)
    -> Value
  {
    let name = isMin ? "min" : "max"
    let values = positional(name, args, scope, ev)
    guard values.count >= 2 else {
      ev.report(.missingArgument("#\(values.count + 1)", of: name), range)
      return .invalid
    }
    var best = values[0]
    for (i, v) in values.enumerated().dropFirst() {
      // Kinds must agree (a plain number may stand for points).
      let r = args[i].value.range
      guard ev.binary(.subtract, best, v, at: r, right: r) != .invalid,
        let a = magnitude(best), let b = magnitude(v)
      else { return .invalid }
      let picked = isMin ? Swift.min(a, b) : Swift.max(a, b)
      best = mapNumeric(isLength(v) ? v : best) { _ in picked } ?? .invalid
    }
    return best
  }

  private static func isLength(_ v: Value) -> Bool { v == .length(magnitude(v) ?? 0) }

  private static func rounding(
    _ name: String, _ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator
  ) -> Value {
    let values = positional(name, args, scope, ev)
    guard arity(name, args, 1, range, ev), values[0] != .invalid else { return .invalid }
    let f: (Double) -> Double
    switch name {
    case "abs": f = { Swift.abs($0) }
    case "floor": f = { $0.rounded(.down) }
    case "ceil": f = { $0.rounded(.up) }
    default: f = { $0.rounded(.toNearestOrAwayFromZero) }
    }
    if let v = mapNumeric(values[0], f) { return v }
    _ = ev.mismatch("a number", values[0], args[0].value.range)
    return .invalid
  }

  private static func squareRoot(_ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator) -> Value {
    let values = positional("sqrt", args, scope, ev)
    guard arity("sqrt", args, 1, range, ev) else { return .invalid }
    guard case .scalar(let x, let p) = values[0], p % 2 == 0 else {
      _ = ev.mismatch("a number or an area", values[0], args[0].value.range)
      return .invalid
    }
    guard x >= 0 else {
      ev.report(.sqrtOfNegative, args[0].value.range)
      return .invalid
    }
    return .scalar(x.squareRoot(), power: p / 2)
  }

  private static func trig(_ name: String, _ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator)
    -> Value
  {
    let values = positional(name, args, scope, ev)
    guard arity(name, args, 1, range, ev) else { return .invalid }
    if case .scalar(_, 0) = values[0] {
      // Swift's sin(.pi / 4) takes radians: here an angle has its unit.
      ev.report(
        .typeMismatch(
          expected: "an angle such as 45deg (radians as a number x are x * 1rad: \(name)(pi / 4 * 1rad))",
          found: "a number"), args[0].value.range)
      return .invalid
    }
    guard let a = ev.angle(values[0], args[0].value.range) else { return .invalid }
    switch name {
    case "sin": return .number(sinOf(a))
    case "cos": return .number(cosOf(a))
    default:
      let t = tanOf(a)
      if t.isFinite && Swift.abs(t) < 1e15 { return .number(t) }
      ev.report(.notFinite, range)
      return .invalid
    }
  }

  private static func arcTangent(_ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator) -> Value {
    let values = positional("atan2", args, scope, ev)
    guard arity("atan2", args, 2, range, ev) else { return .invalid }
    // Same kinds on both sides (y and x of one vector).
    let check = ev.binary(.subtract, values[0], values[1], at: range, right: args[1].value.range)
    guard check != .invalid, let y = magnitude(values[0]), let x = magnitude(values[1]) else { return .invalid }
    return .angle(atan2Of(y, x))
  }

  private static func clamp(_ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator) -> Value {
    let values = positional("clamp", args, scope, ev)
    guard arity("clamp", args, 3, range, ev) else { return .invalid }
    for i in 1...2 {
      if ev.binary(.subtract, values[0], values[i], at: args[i].value.range, right: args[i].value.range) == .invalid {
        return .invalid
      }
    }
    guard let x = magnitude(values[0]), let lo = magnitude(values[1]), let hi = magnitude(values[2]) else {
      return .invalid
    }
    return mapNumeric(values[0]) { _ in Swift.min(Swift.max(x, lo), hi) } ?? .invalid
  }

  /// `rgb(r, g, b)` with 0–255 channels; `rgba(r, g, b, a)` with alpha 0–1.
  private static func rgb(_ name: String, _ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator)
    -> Value
  {
    let values = positional(name, args, scope, ev)
    let n = name == "rgb" ? 3 : 4
    guard arity(name, args, n, range, ev) else { return .invalid }
    var channels: [Double] = []
    for (i, v) in values.enumerated() {
      let r = args[i].value.range
      guard let x = ev.number(v, r) else { return .invalid }
      channels.append(
        i < 3
          ? ev.clamped(x, 0, 255, "colour channel", r)
          : ev.clamped(x, 0, 1, "alpha", percent: Warnings.isPercent(v), r))
    }
    return .color(.bytes(channels[0], channels[1], channels[2], n == 4 ? channels[3] : 1))
  }

  /// `stop(colour, location)`: a gradient stop at a fraction 0–1.
  private static func stop(_ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator) -> Value {
    let values = positional("stop", args, scope, ev)
    guard arity("stop", args, 2, range, ev),
      let c = ev.color(values[0], args[0].value.range),
      let at = ev.number(values[1], args[1].value.range)
    else { return .invalid }
    let location = ev.clamped(
      at, 0, 1, "gradient stop location", percent: Warnings.isPercent(values[1]), args[1].value.range)
    return .tuple([.color(c), .number(location)])
  }
}
