// Gradient functions and value methods: `linear`, `radial`, `elliptical`
// and `angular`
// calls evaluated into gradient values (stops, and a geometry still in unit
// points of the frame they will fill), and `.opacity(x)` on colours and
// gradients.

extension Builtins {
  /// `linear(c1, c2, …, start: top, end: bottom)`,
  /// `radial(c1, …, center:, focus:, startRadius:, endRadius:)`,
  /// `elliptical(c1, …, center:, startRadiusFraction:, endRadiusFraction:)` and
  /// `angular(c1, …, center:, startAngle:, endAngle:)` (or `angle:`, a full
  /// turn from that angle). Colours may be `stop(c, location)`s.
  static func gradient(_ name: String, _ args: [Argument], _ range: SourceRange, _ scope: Scope, _ ev: Evaluator)
    -> Value
  {
    var points: [String: Point] = [:]
    var radii: [String: Extent] = [:]
    var angles: [String: Double] = [:]
    var fractions: [String: Double] = [:]
    /// Each colour, its location if given, and where it was written.
    var stops: [(RGBA, Double?, SourceRange)] = []
    var ok = true
    let labels = labels[name] ?? []
    /// Adds a colour or `stop(colour, location)`; false on a mismatch.
    func addStop(_ v: Value, _ range: SourceRange) -> Bool {
      switch v {
      case .color(let c): stops.append((c, nil, range))
      case .tuple(let items) where items.count == 2:
        guard case .color(let c) = items[0], case .scalar(let at, 0) = items[1] else { fallthrough }
        stops.append((c, at, range))
      default:
        return ev.mismatch("a colour or stop(colour, location)", v, range) != nil
      }
      return true
    }
    for a in args {
      // A repeat among the colours gives its items as colours.
      if a.label == nil, case .repeatList = a.value.kind {
        guard let values = ev.repeated(a.value, scope) else {
          ok = false
          continue
        }
        for v in values { ok = addStop(v, a.value.range) && ok }
        continue
      }
      let v = ev.eval(a.value, scope)
      guard let label = a.label else {
        ok = addStop(v, a.value.range) && ok
        continue
      }
      guard labels.contains(label) else {
        ev.report(.unknownArgumentLabel(label, of: name), a.labelRange)
        ok = false
        continue
      }
      switch label {
      case "start", "end", "center", "focus":
        if let p = ev.unitPoint(v, a.value.range) { points[label] = p } else { ok = false }
      case "startRadius", "endRadius":
        switch v {
        case .fraction(let f): radii[label] = .fraction(f)
        default:
          guard let r = ev.length(v, axis: nil, a.value.range) else {
            ok = false
            continue
          }
          guard r >= 0 else {
            _ = ev.mismatch("a radius that is not negative", v, a.value.range)
            ok = false
            continue
          }
          radii[label] = .points(r)
        }
      case "startRadiusFraction", "endRadiusFraction":
        // A plain number (SwiftUI's CGFloat) or a percentage.
        let f: Double
        switch v {
        case .fraction(let x): f = x
        default:
          guard let x = ev.number(v, a.value.range) else {
            ok = false
            continue
          }
          f = x
        }
        guard f >= 0, f.isFinite else {
          _ = ev.mismatch("a finite fraction that is not negative", v, a.value.range)
          ok = false
          continue
        }
        fractions[label] = f
      default:  // startAngle, endAngle, angle
        if let x = ev.angle(v, a.value.range) { angles[label] = x } else { ok = false }
      }
    }
    guard ok else { return .invalid }
    guard stops.count >= 2 else {
      ev.report(.gradientNeedsStops, range)
      return .invalid
    }
    // Stops without a location are spread evenly, as SwiftUI's Gradient(colors:).
    var resolved: [GradientStop] = []
    var last = 0.0
    // A location out of 0…1 was clamped by `stop`; one before the stop
    // ahead of it is moved up to it (as SVG reads stop offsets).
    for (i, s) in stops.enumerated() {
      let at = Swift.min(Swift.max(s.1 ?? Double(i) / Double(stops.count - 1), 0), 1)
      if at < last {
        let shown = { (x: Double) in Warnings.number(x, percent: false) }
        ev.warn(.stopOutOfOrder(found: shown(at), to: shown(last)), s.2)
      }
      last = Swift.max(last, at)
      resolved.append(GradientStop(color: s.0, location: last))
    }
    let center = points["center"] ?? Point(0.5, 0.5)
    let shape: GradientShape
    switch name {
    case "radial":
      // SwiftUI's RadialGradient has no default radii; badgec's: from the
      // centre to half the frame's shorter side.
      shape = .radial(
        center: center, startRadius: radii["startRadius"] ?? .points(0),
        endRadius: radii["endRadius"] ?? .fraction(0.5), focus: points["focus"])
    case "elliptical":
      // SwiftUI's defaults: from the centre to the ellipse touching the frame.
      shape = .elliptical(
        center: center, startFraction: fractions["startRadiusFraction"] ?? 0,
        endFraction: fractions["endRadiusFraction"] ?? 0.5)
    case "angular":
      if let a = angles["angle"] {
        if angles["startAngle"] != nil || angles["endAngle"] != nil {
          ev.report(.expected("either 'angle:' or 'startAngle:'/'endAngle:'", found: "both"), range)
          return .invalid
        }
        shape = .angular(center: center, startAngle: a, endAngle: a + 2 * Double.pi)
      } else {
        let start = angles["startAngle"] ?? 0
        let end = angles["endAngle"] ?? start + 2 * Double.pi
        shape = .angular(center: center, startAngle: start, endAngle: end)
      }
    default:
      shape = .linear(start: points["start"] ?? Point(0.5, 0), end: points["end"] ?? Point(0.5, 1))
    }
    return .gradient(GradientValue(stops: resolved, shape: shape))
  }

  /// `value.name(args)`: `.opacity(x)` multiplies a colour's alpha (or
  /// every stop's of a gradient) by x, 0 to 1.
  static func method(
    _ name: String, of value: Value, _ args: [Argument], at range: SourceRange, _ scope: Scope, _ ev: Evaluator
  ) -> Value {
    if name == "formatted" { return Formatting.formatted(value, args, at: range, scope, ev) }
    if name == "mix" { return ColorFunctions.mixMethod(value, args, at: range, scope, ev) }
    if name == "uppercased" || name == "lowercased" { return Formatting.cased(name, value, args, at: range, ev) }
    if Lists.methods.contains(name) { return Lists.method(name, of: value, args, at: range, scope, ev) }
    let values = args.map { ev.eval($0.value, scope) }
    guard name == "opacity" else {
      ev.report(.unknownMethod(name), range)
      return .invalid
    }
    if value == .invalid || values.contains(.invalid) { return .invalid }
    guard args.count == 1, args[0].label == nil else {
      if args.isEmpty {
        ev.report(.missingArgument("#1", of: name), range)
      } else if let label = args[0].label {
        ev.report(.unknownArgumentLabel(label, of: name), args[0].labelRange)
      } else {
        ev.report(.tooManyArguments(name, max: 1), args[1].range)
      }
      return .invalid
    }
    guard let x = ev.number(values[0], args[0].value.range) else { return .invalid }
    let amount = ev.clamped(x, 0, 1, "opacity", percent: Warnings.isPercent(values[0]), args[0].value.range)
    switch value {
    case .color(var c):
      c.a *= amount
      return .color(c)
    case .gradient(var g):
      for i in g.stops.indices { g.stops[i].color.a *= amount }
      return .gradient(g)
    default:
      _ = ev.mismatch("a colour or a gradient before '.opacity'", value, range)
      return .invalid
    }
  }
}
