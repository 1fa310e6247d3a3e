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
  /// A list of values of one kind: a Swift array (`[Double]`, `[Color]`).
  indirect case list(SwiftKind)
  case unknown

  /// The kind of a list's items (nil for what is not a list).
  var element: SwiftKind? {
    if case .list(let k) = self { return k }
    return nil
  }
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

/// What a percentage means where an expression is written.
enum PercentMeaning {
  /// Nothing SwiftUI can say (a length without a container to measure).
  case refused
  /// A fraction, 0 to 1 (an opacity, a trim, a stop's location).
  case fraction
  /// A fraction of the container's side: the Swift expression of its
  /// length (`geometry.size.width`).
  case length(String)
}

/// Writes badge expressions as Swift.
struct SwiftExpressions {
  /// Top-level lets, for the kinds of the names they declare.
  var scope: SwiftScope
  /// What a percentage is here.
  var percent = PercentMeaning.refused
  /// The Swift expression of the size a view's percentages are taken of
  /// (its `GeometryReader`'s, `geometry.size`), when there is one.
  var container: String?
  /// The Swift expression of the size of the frame a shape's paint fills
  /// (for a radial gradient's radii as fractions), when there is one.
  var fillFrame: String?

  /// These expressions with percentages meaning `meaning`.
  func with(_ meaning: PercentMeaning) -> SwiftExpressions {
    var x = self
    x.percent = meaning
    return x
  }

  /// These expressions with percentages a fraction of the container's
  /// `side` (`width` or `height`) when there is a container.
  func lengths(along side: String) -> SwiftExpressions {
    with(container.map { .length("\($0).\(side)") } ?? .refused)
  }

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
      case "linear", "radial", "elliptical", "angular": return .paint
      case "asin", "acos", "atan", "atan2": return .angle
      case "lerp":
        if case .call(_, let args) = e.kind, let first = args.first, kind(first.value) == .angle { return .angle }
        return .number
      case "mix": return .color
      case "min", "max", "abs", "clamp", "sum":
        if case .call(_, let args) = e.kind, let first = args.first {
          let k = kind(first.value)
          if args.count == 1, let item = k.element { return item }
          return k == .angle ? .angle : .number
        }
        return .number
      default: return .number
      }
    case .member(let base, let name, _, _):
      switch name {
      case "uppercased", "lowercased", "formatted": return .string
      case "opacity", "prefix": return kind(base)
      case "count": return .number
      case "sum", "min", "max": return kind(base).element ?? .unknown
      default: return .unknown
      }
    case .index(let list, _): return kind(list).element ?? .unknown
    case .tuple(let items):
      // A pair of numbers is a point; other parentheses a list.
      let kinds = items.map { kind($0) == .integer ? .number : kind($0) }
      if items.count == 2 && kinds.allSatisfy({ $0 == .number }) { return .point }
      guard let first = kinds.first, kinds.allSatisfy({ $0 == first }) else { return .unknown }
      return .list(first)
    case .negate(let x): return kind(x) == .integer ? .number : kind(x)
    case .not: return .bool
    case .conditional(_, let a, _): return kind(a) == .integer ? .number : kind(a)
    case .binary(let op, let a, let b):
      switch op {
      case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .and, .or: return .bool
      default:
        let (ka, kb) = (kind(a), kind(b))
        if ka == .string || kb == .string { return .string }
        // An angle over an angle is their ratio.
        if op == .divide && ka == .angle && kb == .angle { return .number }
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
    case .list(let item): return try list(e, of: item)
    case .number, .integer, .unknown: return try number(e)
    }
  }

  /// A Swift array of `item`s (or a slice of one, for `prefix`).
  func list(_ e: Expr, of item: SwiftKind? = nil) throws -> String {
    switch e.kind {
    case .name(let n) where scope.kind(n)?.element != nil: return scope.spelled[n] ?? n
    case .tuple(let items):
      let k = item ?? kind(e).element
      return "[" + (try items.map { (x) throws in try value(x, as: k) }).joined(separator: ", ") + "]"
    case .member(let base, "prefix", _, let args) where args.count == 1:
      return "\(try list(base, of: item)).prefix(\(try integer(args[0].value)))"
    case .conditional(let c, let a, let b):
      return "(\(try bool(c)) ? \(try list(a, of: item)) : \(try list(b, of: item)))"
    default: throw SwiftUIProblem(what: "this expression as a list", range: e.range)
    }
  }

  /// An `Int` (an index, a count, a `prefix`'s length): a `repeat` index,
  /// a list's count, whole literals and their sums and products as they
  /// are, anything else as `Int(…)` of its Double.
  func integer(_ e: Expr) throws -> String {
    if let exact = try exactInteger(e) { return exact.text }
    return "Int(\(try number(e)))"
  }

  /// `e` as Swift `Int` arithmetic when it is made of indices, counts and
  /// whole literals, and whether it cannot be negative (so that `mod`,
  /// badgec's floored remainder, is Swift's `%`); nil otherwise.
  func exactInteger(_ e: Expr) throws -> (text: String, nonNegative: Bool)? {
    switch e.kind {
    case .name(let n) where scope.kind(n) == .integer: return (scope.spelled[n] ?? n, true)
    case .number(let v, .none) where v == v.rounded() && abs(v) < 1e15:
      return (SwiftExpressions.literal(v), v >= 0)
    case .member(let base, "count", _, let args) where args.isEmpty && kind(base).element != nil:
      return ("\(try list(base)).count", true)
    case .call("count", let args) where args.count == 1 && kind(args[0].value).element != nil:
      return ("\(try list(args[0].value)).count", true)
    case .binary(let op, let a, let b) where [.add, .multiply].contains(op):
      guard let x = try exactInteger(a), let y = try exactInteger(b) else { return nil }
      return ("\(x.text) \(op.rawValue) \(SwiftExpressions.parenthesised(y.text))", x.nonNegative && y.nonNegative)
    case .call("mod", let args) where args.count == 2:
      guard let x = try exactInteger(args[0].value), let y = try exactInteger(args[1].value), x.nonNegative,
        y.nonNegative
      else { return nil }
      return ("\(SwiftExpressions.parenthesised(x.text)) % \(SwiftExpressions.parenthesised(y.text))", true)
    default: return nil
    }
  }

  /// A list's item at an index: `palette[i % palette.count]`.
  func item(_ e: Expr) throws -> String? {
    guard case .index(let l, let i) = e.kind else { return nil }
    return "\(try list(l))[\(try integer(i))]"
  }

  /// A Double.
  func number(_ e: Expr) throws -> String {
    switch e.kind {
    case .number(let v, let unit):
      switch unit {
      case .percent:
        switch percent {
        case .fraction: return SwiftExpressions.literal(v / 100)
        case .length(let side): return "\(side) * \(SwiftExpressions.literal(v / 100))"
        case .refused:
          throw SwiftUIProblem(
            what:
              "a percentage of a length here (SwiftUI measures a container only directly inside 'geometry { … }')",
            range: e.range)
        }
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
    case .binary(.divide, let a, let b) where kind(a) == .angle && kind(b) == .angle:
      // The ratio of two angles: of their degrees.
      return try binary(.divide, a, b, { (x) throws in try degrees(x) })
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
    case .call(let name, let args) where args.count == 1 && kind(args[0].value).element != nil:
      let l = try list(args[0].value)
      switch name {
      case "count": return "Double(\(l).count)"
      case "sum": return "\(l).reduce(0, +)"
      case "min", "max": return "(\(l).\(name)() ?? 0)"
      default: throw SwiftUIProblem(what: "the function '\(name)' of a list", range: e.range)
      }
    case .call("mod", let args) where args.count == 2:
      if let exact = try exactInteger(e) { return "Double(\(exact.text))" }
      // badgec's remainder of a floored division (b's sign).
      let (a, b) = (
        SwiftExpressions.parenthesised(try number(args[0].value)),
        SwiftExpressions.parenthesised(try number(args[1].value))
      )
      return "(\(a) - \(b) * (\(a) / \(b)).rounded(.down))"
    case .call(let name, let args):
      let values = try args.map { (a) throws in try number(a.value) }
      switch (name, values.count) {
      case ("min", 2...), ("max", 2...): return "\(name)(\(values.joined(separator: ", ")))"
      case ("abs", 1): return "abs(\(values[0]))"
      case ("sqrt", 1): return SwiftExpressions.parenthesised(values[0]) + ".squareRoot()"
      case ("floor", 1): return SwiftExpressions.parenthesised(values[0]) + ".rounded(.down)"
      case ("ceil", 1): return SwiftExpressions.parenthesised(values[0]) + ".rounded(.up)"
      case ("round", 1): return SwiftExpressions.parenthesised(values[0]) + ".rounded()"
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
    case .index:
      return try item(e)!
    case .member(let base, "count", _, let args) where args.isEmpty:
      return "Double(\(try list(base)).count)"
    case .member(let base, "sum", _, let args) where args.isEmpty:
      return "\(try list(base)).reduce(0, +)"
    case .member(let base, let name, _, let args) where (name == "min" || name == "max") && args.isEmpty:
      // (badgec refuses the least of no items; Swift's is nil.)
      return "(\(try list(base)).\(name)() ?? 0)"
    case .tuple, .repeatList:
      throw SwiftUIProblem(what: "a list where a number goes", range: e.range)
    default:
      throw SwiftUIProblem(what: "this expression as a number", range: e.range)
    }
  }

  /// An `Angle`.
  func angle(_ e: Expr) throws -> String {
    if case .name(let n) = e.kind, scope.kind(n) == .angle { return scope.spelled[n] ?? n }
    if case .index = e.kind, kind(e) == .angle { return try item(e)! }
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
    case .index where kind(e) == .angle: return "\(try item(e)!).degrees"
    case .negate(let x): return "-" + (try wrapped(x, { (x) throws in try degrees(x) }))
    case .conditional(let c, let a, let b): return "(\(try bool(c)) ? \(try degrees(a)) : \(try degrees(b)))"
    case .call(let name, let args) where ["asin", "acos", "atan"].contains(name) && args.count == 1:
      return "\(name)(\(try number(args[0].value))) * 180 / Double.pi"
    case .call("atan2", let args) where args.count == 2:
      return "atan2(\(try number(args[0].value)), \(try number(args[1].value))) * 180 / Double.pi"
    case .call("lerp", let args) where args.count == 3:
      let (a, b) = (SwiftExpressions.parenthesised(try degrees(args[0].value)), try degrees(args[1].value))
      return "\(a) + (\(b) - \(a)) * \(SwiftExpressions.parenthesised(try number(args[2].value)))"
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
      return base + (args.count == 4 ? ", opacity: \(try with(.fraction).number(args[3].value)))" : ")")
    case .call(let name, let args) where ["hsb", "hsba"].contains(name) && args.count == (name == "hsb" ? 3 : 4):
      let f = with(.fraction)
      let hue = kind(args[0].value) == .angle ? "(\(try degrees(args[0].value))) / 360" : try f.number(args[0].value)
      let base =
        "Color(hue: \(hue), saturation: \(try f.number(args[1].value)), brightness: \(try f.number(args[2].value))"
      return base + (args.count == 4 ? ", opacity: \(try f.number(args[3].value)))" : ")")
    case .member(let base, "opacity", _, let args) where args.count == 1:
      return "\(try color(base)).opacity(\(try with(.fraction).number(args[0].value)))"
    case .conditional(let c, let a, let b): return "(\(try bool(c)) ? \(try color(a)) : \(try color(b)))"
    case .index: return try item(e)!
    case .call("mix", _), .member(_, "mix", _, _):
      throw SwiftUIProblem(
        what: "colour mixing (SwiftUI mixes colours only from iOS 18, in its own colour space: give the mixed colour)",
        range: e.range)
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
    guard case .call(let name, let args) = e.kind, ["linear", "radial", "elliptical", "angular"].contains(name) else {
      if case .member(let base, "opacity", _, let a) = e.kind, kind(base) == .paint, a.count == 1 {
        throw SwiftUIProblem(what: "a gradient's opacity (give the stops' colours their opacity)", range: e.range)
      }
      return try color(e)
    }
    var stops: [(color: String, location: String?)] = []
    var labelled: [String: Expr] = [:]
    for a in args {
      if let label = a.label {
        labelled[label] = a.value
        continue
      }
      if case .repeatList = a.value.kind {
        throw SwiftUIProblem(what: "a repeat among a gradient's stops (write the stops out)", range: a.value.range)
      }
      if case .call("stop", let s) = a.value.kind, s.count == 2 {
        stops.append((try color(s[0].value), try with(.fraction).number(s[1].value)))
      } else {
        stops.append((try color(a.value), nil))
      }
    }
    // Among stops with locations, a colour without one is where badgec
    // (and SwiftUI's `colors:`) spreads it: i / (n - 1).
    let located = stops.contains { $0.location != nil }
    let spread = stops.enumerated().map { i, s in
      let at = s.location ?? SwiftExpressions.literal(stops.count > 1 ? Double(i) / Double(stops.count - 1) : 0)
      return "Gradient.Stop(color: \(s.color), location: \(at))"
    }
    let colours =
      located
      ? "stops: [\(spread.joined(separator: ", "))]" : "colors: [\(stops.map(\.color).joined(separator: ", "))]"
    func point(_ label: String, _ fallback: String) throws -> String {
      try labelled[label].map { (x) throws in try unitPoint(x) } ?? fallback
    }
    switch name {
    case "linear":
      return
        "LinearGradient(\(colours), startPoint: \(try point("start", ".top")), endPoint: \(try point("end", ".bottom")))"
    case "elliptical":
      let f = with(.fraction)
      let start = try labelled["startRadiusFraction"].map { (x) throws in try f.number(x) } ?? "0"
      let end = try labelled["endRadiusFraction"].map { (x) throws in try f.number(x) } ?? "0.5"
      return
        "EllipticalGradient(\(colours), center: \(try point("center", ".center")), startRadiusFraction: \(start), endRadiusFraction: \(end))"
    case "radial":
      if let focus = labelled["focus"] {
        throw SwiftUIProblem(
          what:
            "a radial gradient's focus (SwiftUI's RadialGradient has none; leave it out for circles about the centre)",
          range: focus.range)
      }
      // Radii as fractions (a percentage, or the end's default of half
      // the shorter side) are of the filled frame: known in a reader.
      let side = fillFrame.map { "min(\($0).width, \($0).height)" }
      func radius(_ label: String, _ fallback: Double) throws -> String {
        guard let r = labelled[label] else {
          if fallback == 0 { return "0" }
          guard let side else {
            throw SwiftUIProblem(
              what: "a radial gradient without endRadius: here (SwiftUI's needs one in points)", range: e.range)
          }
          return "\(side) / 2"
        }
        return try with(side.map { .length($0) } ?? .refused).number(r)
      }
      return
        "RadialGradient(\(colours), center: \(try point("center", ".center")), startRadius: \(try radius("startRadius", 0)), endRadius: \(try radius("endRadius", 0.5)))"
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
      let f = with(.fraction)
      return "UnitPoint(x: \(try f.number(items[0])), y: \(try f.number(items[1])))"
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
    case .index: return try item(e)!
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
          if case .number(let x, .percent) = v.kind, specifier == nil {
            // (A percentage written out is its text.)
            out += SwiftExpressions.literal(x) + "%"
          } else {
            out += try interpolated(v, specifier: specifier)
          }
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
    // (An index or a count is an Int, which Swift writes as badgec does.)
    if k == .number || k == .integer, let exact = try exactInteger(v) { return exact.text }
    switch k {
    case .string: return try string(v)
    case .integer:
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

  /// `text` in parentheses unless it is one term: a name, a number, or a
  /// chain of members, calls and subscripts (`values.reduce(0, +)`).
  static func parenthesised(_ text: String) -> String {
    var depth = 0
    var single = !text.isEmpty && text.first != "(" && text.first != "-"
    for c in text where single {
      switch c {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      default: if depth == 0 && !(c.isLetter || c.isNumber || c == "." || c == "_") { single = false }
      }
      if depth < 0 { single = false }
    }
    return single && depth == 0 ? text : "(" + text + ")"
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
