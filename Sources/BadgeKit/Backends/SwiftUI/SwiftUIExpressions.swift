// Expressions for the SwiftUI writer: a badge expression in, Swift source
// out, by the kind of value it has (a number, an angle, a colour, a paint,
// a point, a string, a Boolean). Numbers are `Double`s, so that
// arithmetic mixes as the badge's does (a `repeat` index, an `Int` in
// `ForEach`, is read as `Double(i)`); angles are SwiftUI's `Angle`,
// reckoned in degrees inside their arithmetic (`.degrees(Double(i) * 360 /
// rotations)`); colours and gradients are SwiftUI's `Color`,
// `LinearGradient`, `RadialGradient` and `AngularGradient`.

/// The kind of value a badge expression has, for its Swift spelling.
enum SwiftKind: Equatable {
  case number
  /// A `repeat` index: an `Int` in Swift.
  case integer
  case angle
  case color
  /// A gradient (or a colour) given where a paint goes.
  case paint
  case string
  case bool
  case point
  case unknown
}

/// Something the SwiftUI writer cannot say, and where.
struct SwiftUIProblem: Error {
  var what: String
  var range: SourceRange
}

/// The names in scope and their kinds, innermost last.
struct SwiftScope {
  var kinds: [String: SwiftKind] = [:]
  /// Swift's spelling of each badge name (mangled where it is not a valid
  /// or free Swift name).
  var spelled: [String: String] = [:]

  func kind(_ name: String) -> SwiftKind? { kinds[name] }

  mutating func define(_ name: String, _ kind: SwiftKind) {
    kinds[name] = kind
    spelled[name] = SwiftNames.identifier(name)
  }
}

/// Swift's spelling of names.
enum SwiftNames {
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
    "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any", "catch", "false", "is",
    "nil", "super", "self", "Self", "throw", "throws", "true", "try", "some", "any", "body", "path", "geometry",
    "Type", "Protocol", "_", "rect", "frame", "await", "precedencegroup", "borrowing", "consuming", "nonisolated",
    "Body", "MainActor", "Sendable", "Task", "Error", "Never", "Void", "Equatable", "Hashable", "Identifiable",
  ]

  /// A Swift identifier for a badge name of a value (a let, a parameter,
  /// an index): characters Swift does not allow in identifiers become `_`,
  /// a leading digit gets a `_` before it, and a keyword, a name the
  /// generated code itself uses (`body`, `path`, `geometry`) or a type's
  /// name it could hide (`Circle`, `Color`, `Double`) gets a `_` after it.
  static func identifier(_ name: String) -> String {
    let out = sanitized(name)
    return keywords.contains(out) || SwiftUIWriter.swiftUITypes.contains(out) ? out + "_" : out
  }

  /// `name` with only what Swift allows in an identifier (`_` alone is
  /// not an identifier: it becomes `__`).
  static func sanitized(_ name: String) -> String {
    var out = ""
    for s in name.unicodeScalars {
      let ok = s.properties.isAlphabetic || s == "_" || ("0"..."9").contains(s)
      out.unicodeScalars.append(ok ? s : "_")
    }
    if out.isEmpty || out == "_" { return "__" }
    if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { out = "_" + out }
    return out
  }

  /// A type name: the name made an identifier with its first letter upper
  /// case (a keyword, or `Type`, gets a `_` after it; a type of SwiftUI's
  /// is told apart where the names are chosen).
  static func type(_ name: String) -> String {
    let id = sanitized(name)
    let type = id.prefix(1).uppercased() + id.dropFirst()
    return keywords.contains(type) ? type + "_" : type
  }
}

/// Writes badge expressions as Swift.
struct SwiftExpressions {
  /// Top-level lets, for the kinds of the names they declare.
  var scope: SwiftScope

  // MARK: Kinds

  /// The kind of `e`'s value.
  func kind(_ e: Expr) -> SwiftKind {
    switch e.kind {
    case .number(_, let unit):
      return unit == .deg || unit == .rad ? .angle : .number
    case .string, .interpolation: return .string
    case .color: return .color
    case .name(let n):
      if let k = scope.kind(n) { return k }
      if n == "true" || n == "false" { return .bool }
      if Builtins.colors[n] != nil { return .color }
      if n == "pi" || n == "width" || n == "height" || n == "infinity" { return .number }
      if Builtins.anchors[n] != nil { return .point }
      return .unknown
    case .call(let name, _):
      switch name {
      case "rgb", "rgba", "hsb", "hsba": return .color
      case "linear", "radial", "angular": return .paint
      case "min", "max", "abs", "clamp":
        if case .call(_, let args) = e.kind, let first = args.first {
          return kind(first.value) == .angle ? .angle : .number
        }
        return .number
      default: return .number
      }
    case .member(let base, let name, _, _):
      if name == "uppercased" || name == "lowercased" || name == "formatted" { return .string }
      return name == "opacity" ? kind(base) : .unknown
    case .tuple(let items): return items.count == 2 ? .point : .unknown
    case .negate(let x): return kind(x) == .integer ? .number : kind(x)
    case .not: return .bool
    case .conditional(_, let a, _): return kind(a) == .integer ? .number : kind(a)
    case .binary(let op, let a, let b):
      switch op {
      case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .and, .or: return .bool
      default:
        let (ka, kb) = (kind(a), kind(b))
        if ka == .string || kb == .string { return .string }
        return ka == .angle || kb == .angle ? .angle : .number
      }
    default: return .unknown
    }
  }

  /// Whether the number `e` reads a value Swift holds as a `Double` or
  /// `CGFloat` (a name, `width`, `pi`, a function of one), so that Swift
  /// types it without being told; a condition's operands do not count.
  func readsDouble(_ e: Expr) -> Bool {
    switch e.kind {
    case .name(let n):
      return n == "pi" || n == "width" || n == "height" || scope.kind(n) == .number || scope.kind(n) == .integer
    case .conditional(_, let a, let b): return readsDouble(a) || readsDouble(b)
    case .call(let name, _) where ["sin", "cos", "tan"].contains(name): return true
    default: return e.children.contains { readsDouble($0) }
    }
  }

  // MARK: Values by kind

  /// `e` as a Swift value of `kind` (its own when nil).
  func value(_ e: Expr, as wanted: SwiftKind? = nil) throws -> String {
    let k = wanted ?? kind(e)
    switch k {
    case .angle: return try angle(e)
    case .color: return try color(e)
    case .paint: return try paint(e)
    case .string: return try string(e)
    case .bool: return try bool(e)
    case .point: return try unitPoint(e)
    case .number, .integer, .unknown: return try number(e)
    }
  }

  /// A Double.
  func number(_ e: Expr) throws -> String {
    switch e.kind {
    case .number(let v, let unit):
      switch unit {
      case .percent:
        throw SwiftUIProblem(
          what: "a percentage (a fraction of the container; give points or a fraction)", range: e.range)
      case .deg, .rad: throw SwiftUIProblem(what: "an angle where a number goes", range: e.range)
      default: return SwiftExpressions.literal(v)
      }
    case .name(let n):
      if n == "pi" { return "Double.pi" }
      if n == "infinity" { return ".infinity" }
      guard let k = scope.kind(n) ?? ((n == "width" || n == "height") ? .number : nil) else {
        throw SwiftUIProblem(what: "the name '\(n)' here", range: e.range)
      }
      let spelled = scope.spelled[n] ?? n
      return k == .integer ? "Double(\(spelled))" : spelled
    case .negate(let x): return "-" + (try wrapped(x, { (x) throws in try number(x) }))
    case .binary(let op, let a, let b):
      guard [.add, .subtract, .multiply, .divide].contains(op) else {
        throw SwiftUIProblem(what: "'\(op.rawValue)' where a number goes", range: e.range)
      }
      return try binary(op, a, b, { (x) throws in try number(x) })
    case .conditional(let c, let a, let b):
      return "(\(try bool(c)) ? \(try number(a)) : \(try number(b)))"
    case .call(let name, let args) where ["sin", "cos", "tan"].contains(name) && args.count == 1:
      // SwiftUI's Angle in radians, for Foundation's functions.
      let a = try angle(args[0].value)
      // (`.degrees(x)` needs its type named where nothing gives it.)
      return "\(name)(\(a.hasPrefix(".") ? "Angle" + a : a).radians)"
    case .call(let name, let args):
      let values = try args.map { (a) throws in try number(a.value) }
      switch (name, values.count) {
      case ("min", 2...), ("max", 2...): return "\(name)(\(values.joined(separator: ", ")))"
      case ("abs", 1): return "abs(\(values[0]))"
      case ("sqrt", 1): return "(\(values[0])).squareRoot()"
      case ("floor", 1): return "(\(values[0])).rounded(.down)"
      case ("ceil", 1): return "(\(values[0])).rounded(.up)"
      case ("round", 1): return "(\(values[0])).rounded()"
      case ("clamp", 3): return "min(max(\(values[0]), \(values[1])), \(values[2]))"
      case ("pow", 2), ("hypot", 2): return "\(name)(\(values[0]), \(values[1]))"
      case ("exp", 1), ("log", 1): return "\(name)(\(values[0]))"
      case ("lerp", 3):
        let (a, b, t) = (
          SwiftExpressions.parenthesised(values[0]), values[1], SwiftExpressions.parenthesised(values[2])
        )
        return "\(a) + (\(b) - \(a)) * \(t)"
      default: throw SwiftUIProblem(what: "the function '\(name)'", range: e.range)
      }
    case .tuple, .repeatList, .index:
      throw SwiftUIProblem(what: "a list (the SwiftUI code has no lists yet)", range: e.range)
    default:
      throw SwiftUIProblem(what: "this expression as a number", range: e.range)
    }
  }

  /// An `Angle`.
  func angle(_ e: Expr) throws -> String {
    if case .name(let n) = e.kind, scope.kind(n) == .angle { return scope.spelled[n] ?? n }
    if case .number(let v, .rad) = e.kind { return ".radians(\(SwiftExpressions.literal(v)))" }
    return ".degrees(\(try degrees(e)))"
  }

  /// An angle's Double value in degrees.
  func degrees(_ e: Expr) throws -> String {
    switch e.kind {
    case .number(let v, .deg): return SwiftExpressions.literal(v)
    case .number(let v, .rad): return "\(SwiftExpressions.literal(v)) * 180 / Double.pi"
    case .number: throw SwiftUIProblem(what: "a number where an angle goes (write 45deg)", range: e.range)
    case .name(let n) where scope.kind(n) == .angle: return "\(scope.spelled[n] ?? n).degrees"
    case .negate(let x): return "-" + (try wrapped(x, { (x) throws in try degrees(x) }))
    case .conditional(let c, let a, let b): return "(\(try bool(c)) ? \(try degrees(a)) : \(try degrees(b)))"
    case .binary(let op, let a, let b):
      switch op {
      case .add, .subtract: return try binary(op, a, b, { (x) throws in try degrees(x) })
      case .multiply:
        let angleFirst = kind(a) == .angle
        return try binary(
          op, a, b,
          left: { (x) throws in try angleFirst ? degrees(x) : number(x) },
          right: { (x) throws in try angleFirst ? number(x) : degrees(x) })
      case .divide:
        return try binary(
          op, a, b, left: { (x) throws in try degrees(x) },
          right: { (x) throws in try number(x) })
      default: break
      }
    default: break
    }
    throw SwiftUIProblem(what: "this expression as an angle", range: e.range)
  }

  /// A `Color`.
  func color(_ e: Expr) throws -> String {
    switch e.kind {
    case .name(let n) where scope.kind(n) == .color: return scope.spelled[n] ?? n
    case .name(let n) where Builtins.colors[n] != nil: return "Color.\(n)"
    case .color(let c): return SwiftExpressions.colorLiteral(c)
    case .call(let name, let args) where ["rgb", "rgba"].contains(name) && args.count == (name == "rgb" ? 3 : 4):
      let v = try args.map { (a) throws in try number(a.value) }
      let base = "Color(red: \(v[0]) / 255, green: \(v[1]) / 255, blue: \(v[2]) / 255"
      return base + (args.count == 4 ? ", opacity: \(v[3]))" : ")")
    case .call(let name, let args) where ["hsb", "hsba"].contains(name) && args.count == (name == "hsb" ? 3 : 4):
      let hue = kind(args[0].value) == .angle ? "(\(try degrees(args[0].value))) / 360" : try number(args[0].value)
      let base = "Color(hue: \(hue), saturation: \(try number(args[1].value)), brightness: \(try number(args[2].value))"
      return base + (args.count == 4 ? ", opacity: \(try number(args[3].value)))" : ")")
    case .member(let base, "opacity", _, let args) where args.count == 1:
      return "\(try color(base)).opacity(\(try number(args[0].value)))"
    case .conditional(let c, let a, let b): return "(\(try bool(c)) ? \(try color(a)) : \(try color(b)))"
    default: throw SwiftUIProblem(what: "this expression as a colour", range: e.range)
    }
  }

  /// A colour literal's bytes as SwiftUI's `Color(red:green:blue:)`.
  static func colorLiteral(_ c: RGBA) -> String {
    func part(_ v: Double) -> String {
      let byte = (v * 255).rounded()
      return abs(byte - v * 255) < 1e-9 ? "\(Int(byte)) / 255" : literal(v)
    }
    let base = "Color(red: \(part(c.r)), green: \(part(c.g)), blue: \(part(c.b))"
    return base + (c.a < 1 ? ", opacity: \(literal(c.a)))" : ")")
  }

  /// A colour or a gradient, where a paint goes.
  func paint(_ e: Expr) throws -> String {
    if case .conditional(let c, let a, let b) = e.kind, kind(a) == .paint || kind(b) == .paint {
      // Two paints of one type choose as they are; of two types, each
      // is erased to `AnyShapeStyle` (Swift's `?:` needs one type).
      let (pa, pb) = (try paint(a), try paint(b))
      let same = SwiftExpressions.styleType(pa) == SwiftExpressions.styleType(pb)
      return same
        ? "(\(try bool(c)) ? \(pa) : \(pb))" : "(\(try bool(c)) ? AnyShapeStyle(\(pa)) : AnyShapeStyle(\(pb)))"
    }
    guard case .call(let name, let args) = e.kind, ["linear", "radial", "angular"].contains(name) else {
      if case .member(let base, "opacity", _, let a) = e.kind, kind(base) == .paint, a.count == 1 {
        throw SwiftUIProblem(what: "a gradient's opacity (give the stops' colours their opacity)", range: e.range)
      }
      return try color(e)
    }
    var stops: [String] = []
    var located = false
    var labelled: [String: Expr] = [:]
    for a in args {
      if let label = a.label {
        labelled[label] = a.value
        continue
      }
      if case .call("stop", let s) = a.value.kind, s.count == 2 {
        located = true
        stops.append("Gradient.Stop(color: \(try color(s[0].value)), location: \(try number(s[1].value)))")
      } else {
        stops.append(try color(a.value))
      }
    }
    let colours = located ? "stops: [\(stops.joined(separator: ", "))]" : "colors: [\(stops.joined(separator: ", "))]"
    func point(_ label: String, _ fallback: String) throws -> String {
      try labelled[label].map { (x) throws in try unitPoint(x) } ?? fallback
    }
    switch name {
    case "linear":
      return
        "LinearGradient(\(colours), startPoint: \(try point("start", ".top")), endPoint: \(try point("end", ".bottom")))"
    case "radial":
      guard let end = labelled["endRadius"] else {
        throw SwiftUIProblem(
          what: "a radial gradient without endRadius: (SwiftUI's needs one in points)", range: e.range)
      }
      let start = try labelled["startRadius"].map { (x) throws in try number(x) } ?? "0"
      return
        "RadialGradient(\(colours), center: \(try point("center", ".center")), startRadius: \(start), endRadius: \(try number(end)))"
    default:
      let centre = try point("center", ".center")
      if let a = labelled["angle"] { return "AngularGradient(\(colours), center: \(centre), angle: \(try angle(a)))" }
      let start = try labelled["startAngle"].map { (x) throws in try angle(x) } ?? ".zero"
      let end =
        try labelled["endAngle"].map { (x) throws in try angle(x) }
        ?? (labelled["startAngle"].map { _ in "\(start) + .degrees(360)" } ?? ".degrees(360)")
      return "AngularGradient(\(colours), center: \(centre), startAngle: \(start), endAngle: \(end))"
    }
  }

  /// The SwiftUI type a paint's text makes: its leading type name
  /// (`LinearGradient`, …), else `Color`.
  static func styleType(_ text: String) -> String {
    for type in ["LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "AnyShapeStyle"]
    where text.hasPrefix(type + "(") || text.hasPrefix("(") && text.contains("? " + type) {
      return type
    }
    return "Color"
  }

  /// A `UnitPoint`: an anchor's name or a pair of fractions.
  func unitPoint(_ e: Expr) throws -> String {
    switch e.kind {
    case .name(let n) where Builtins.anchors[n] != nil: return "." + n
    case .tuple(let items) where items.count == 2:
      return "UnitPoint(x: \(try number(items[0])), y: \(try number(items[1])))"
    default: throw SwiftUIProblem(what: "this expression as a unit point", range: e.range)
    }
  }

  /// A `CGPoint` of a path, mapped by a `within` rectangle when in one.
  func cgPoint(_ e: Expr, within: [(x: String, y: String, w: String, h: String)]) throws -> String {
    guard case .tuple(let items) = e.kind, items.count == 2 else {
      throw SwiftUIProblem(what: "this expression as a point (write (x, y))", range: e.range)
    }
    var x = try number(items[0])
    var y = try number(items[1])
    for r in within.reversed() {
      x = SwiftExpressions.mapped(x, r.x, r.w)
      y = SwiftExpressions.mapped(y, r.y, r.h)
    }
    return "CGPoint(x: \(x), y: \(y))"
  }

  func string(_ e: Expr) throws -> String {
    switch e.kind {
    case .string(let s): return SwiftExpressions.quoted(s)
    case .name(let n) where scope.kind(n) == .string: return scope.spelled[n] ?? n
    case .member(let base, let name, _, let args) where (name == "uppercased" || name == "lowercased") && args.isEmpty:
      return "\(SwiftExpressions.parenthesised(try string(base))).\(name)()"
    case .conditional(let c, let a, let b): return "(\(try bool(c)) ? \(try string(a)) : \(try string(b)))"
    case .member(let base, "formatted", _, let args):
      return try formatted(base, args, at: e.range)
    case .binary(.add, let a, let b):
      return try binary(.add, a, b, { (x) throws in try string(x) })
    case .interpolation(let parts):
      var out = "\""
      for p in parts {
        switch p {
        case .text(let t): out += String(SwiftExpressions.quoted(t).dropFirst().dropLast())
        case .value(let v, let specifier, _):
          out += try interpolated(v, specifier: specifier)
        }
      }
      return out + "\""
    default: throw SwiftUIProblem(what: "this expression as a string", range: e.range)
    }
  }

  /// `\(…)` for `v` in a string literal: a string as it is, a `repeat` index
  /// as an `Int`, a number as badgec writes it (up to six decimals, no
  /// grouping: Foundation's `.number.grouping(.never)`), or with a
  /// `printf` specifier by `String(format:)`; an angle in degrees and `°`.
  func interpolated(_ v: Expr, specifier: String?) throws -> String {
    let text = try interpolatedValue(v, specifier: specifier)
    return "\\(" + text + ")" + (kind(v) == .angle && specifier == nil ? "°" : "")
  }

  func interpolatedValue(_ v: Expr, specifier: String?) throws -> String {
    let k = kind(v)
    if let specifier {
      guard k == .number || k == .integer || k == .unknown else {
        throw SwiftUIProblem(what: "a format specifier for this value", range: v.range)
      }
      return "String(format: \(SwiftExpressions.quoted(specifier)), \(try number(v)))"
    }
    switch k {
    case .string: return try string(v)
    case .integer:
      if case .name(let n) = v.kind { return scope.spelled[n] ?? n }
      return "(\(try number(v))).formatted(.number.grouping(.never))"
    case .number, .unknown:
      return "\(SwiftExpressions.parenthesised(try number(v))).formatted(.number.grouping(.never))"
    case .angle:
      return "\(SwiftExpressions.parenthesised(try degrees(v))).formatted(.number.grouping(.never))"
    default: throw SwiftUIProblem(what: "this value written in a string", range: v.range)
    }
  }

  /// `x.formatted(…)` as Foundation's `formatted` with its format style:
  /// `decimals: N` a fraction length, `grouping: false` `.grouping(.never)`,
  /// `.percent` the percent style.
  func formatted(_ base: Expr, _ args: [Argument], at range: SourceRange) throws -> String {
    var style = ".number"
    var modifiers = ""
    for a in args {
      switch a.label {
      case nil:
        guard case .name("percent") = a.value.kind else {
          throw SwiftUIProblem(what: "this format", range: a.value.range)
        }
        style = ".percent"
      case "decimals":
        guard case .number(let n, .none) = a.value.kind else {
          throw SwiftUIProblem(what: "decimals that are not a number written out", range: a.value.range)
        }
        modifiers += ".precision(.fractionLength(\(SwiftExpressions.literal(n))))"
      case "grouping":
        let b = try bool(a.value)
        modifiers += b == "true" ? "" : b == "false" ? ".grouping(.never)" : ".grouping(\(b) ? .automatic : .never)"
      default: throw SwiftUIProblem(what: "the format argument '\(a.label ?? "")'", range: a.range)
      }
    }
    let value = SwiftExpressions.parenthesised(try number(base))
    return style == ".number" && modifiers.isEmpty
      ? "\(value).formatted()" : "\(value).formatted(\(style)\(modifiers))"
  }

  func bool(_ e: Expr) throws -> String {
    switch e.kind {
    case .name("true"), .name("false"):
      if case .name(let n) = e.kind { return n }
    case .name(let n) where scope.kind(n) == .bool: return scope.spelled[n] ?? n
    case .not(let x): return "!" + (try wrapped(x, { (x) throws in try bool(x) }))
    case .binary(let op, let a, let b):
      switch op {
      case .and, .or: return try binary(op, a, b, { (x) throws in try bool(x) })
      case .equal where SwiftExpressions.isColorScheme(a) || SwiftExpressions.isColorScheme(b),
        .notEqual where SwiftExpressions.isColorScheme(a) || SwiftExpressions.isColorScheme(b):
        // SwiftUI's environment value, which the view reads
        // (`@Environment(\.colorScheme)`).
        let other = SwiftExpressions.isColorScheme(a) ? b : a
        guard case .name(let scheme) = other.kind, scheme == "dark" || scheme == "light" else { break }
        return "colorScheme \(op.rawValue) .\(scheme)"
      case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
        let k = kind(a) == .unknown ? kind(b) : kind(a)
        guard k == .number || k == .integer || k == .string else { break }
        return try binary(op, a, b, { (x) throws in try value(x, as: k == .integer ? .number : k) })
      default: break
      }
    default: break
    }
    throw SwiftUIProblem(what: "this expression as a condition", range: e.range)
  }

  // MARK: Helpers

  static func isColorScheme(_ e: Expr) -> Bool {
    if case .name("colorScheme") = e.kind { return true }
    return false
  }

  /// `a op b`, each side written by `side`.
  func binary(
    _ op: BinaryOperator, _ a: Expr, _ b: Expr, _ side: (Expr) throws -> String
  ) throws -> String {
    try binary(op, a, b, left: side, right: side)
  }

  /// `a op b`, each side parenthesised where it binds more loosely.
  func binary(
    _ op: BinaryOperator, _ a: Expr, _ b: Expr, left: (Expr) throws -> String,
    right: (Expr) throws -> String
  ) throws -> String {
    func operand(_ x: Expr, right isRight: Bool) throws -> String {
      let text = try isRight ? right(x) : left(x)
      if case .binary(let inner, _, _) = x.kind, inner.level < op.level || (isRight && inner.level == op.level) {
        return "(" + text + ")"
      }
      return text
    }
    return "\(try operand(a, right: false)) \(op.rawValue) \(try operand(b, right: true))"
  }

  /// `side(x)`, parenthesised unless it is a single term.
  func wrapped(_ x: Expr, _ side: (Expr) throws -> String) throws -> String {
    let text = try side(x)
    if case .binary = x.kind { return "(" + text + ")" }
    return text
  }

  /// `origin + fraction * length`, without the terms that add nothing.
  static func mapped(_ fraction: String, _ origin: String, _ length: String) -> String {
    let scaled = fraction == "0" ? "" : fraction == "1" ? length : "\(parenthesised(fraction)) * \(length)"
    if origin.hasSuffix(".minX") && fraction == "1" { return origin.dropLast(5) + ".maxX" }
    if origin.hasSuffix(".minY") && fraction == "1" { return origin.dropLast(5) + ".maxY" }
    if origin == "0" { return scaled.isEmpty ? "0" : scaled }
    return scaled.isEmpty ? origin : "\(origin) + \(scaled)"
  }

  /// `text` in parentheses unless it is a name or number.
  static func parenthesised(_ text: String) -> String {
    text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" } ? text : "(" + text + ")"
  }

  /// A Double literal: the shortest digits that read back as `v`.
  static func literal(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }

  /// A Swift string literal of `s`.
  static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
