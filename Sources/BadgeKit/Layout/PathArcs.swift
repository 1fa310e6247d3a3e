// Arcs in paths, as SwiftUI's `Path` adds them:
//   arc (cx, cy), radius: r, startAngle: a, endAngle: b, clockwise: false
// is `addArc(center:radius:startAngle:endAngle:clockwise:)`, and
//   arc tangent1End: (x1, y1), tangent2End: (x2, y2), radius: r
// is `addArc(tangent1End:tangent2End:radius:)`. Angles grow clockwise on
// screen (y down) from +x, as everywhere in badgec; `clockwise: true`
// runs the other way, as SwiftUI's flipped `clockwise` does. An arc is
// drawn as cubic Béziers of at most 90° each (4/3 · tan(θ/4) handles:
// at most 0.027 % of the radius off the circle), the same in every
// backend. Inside `within`, the circle is one of the rectangle's unit
// square, as every point there is.

extension PathBuilder {
  /// Every label `arc` takes, in the centre form's order and then the
  /// tangent form's.
  static let arcParameters = [
    "center", "radius", "startAngle", "endAngle", "clockwise", "tangent1End", "tangent2End",
  ]

  /// `arc …`: either form, told apart by its labels.
  mutating func arc(_ command: PathCommand, _ scope: Scope, _ space: Space) {
    let tangent = command.arguments.contains { $0.label == "tangent1End" || $0.label == "tangent2End" }
    let names =
      tangent ? ["tangent1End", "tangent2End", "radius"] : ["center", "radius", "startAngle", "endAngle", "clockwise"]
    let required = tangent ? names : ["center", "radius", "startAngle", "endAngle"]
    let args = evaluator.bind(command.arguments, to: names, required: required, callee: "arc", at: command.range)
    var values: [Value?] = []
    for i in names.indices { values.append(args[position: i].map { evaluator.eval($0.value, scope) }) }
    guard args.ok else {
      broken = true
      return
    }
    func range(_ i: Int) -> SourceRange { args[position: i]!.value.range }
    // Lengths and points in the space's units: the frame's points, or the
    // `within` rectangle's fractions.
    let unitSpace: Bool
    if case .unit = space { unitSpace = true } else { unitSpace = false }
    func radius(_ i: Int) -> Double? {
      let v = values[i]!
      let r = unitSpace ? unitNumber(v, range(i)) : evaluator.length(v, axis: nil, range(i))
      guard let r else { return nil }
      guard r >= 0 else {
        evaluator.report(.typeMismatch(expected: "a radius of 0 or more", found: formatForMessage(r)), range(i))
        return nil
      }
      return r
    }
    func local(_ i: Int) -> Point? {
      // The point as written, in the space's own coordinates.
      guard case .tuple(let items) = values[i]!, items.count == 2 else {
        _ = evaluator.mismatch("a point (x, y)", values[i]!, range(i))
        return nil
      }
      if unitSpace {
        guard let x = unitNumber(items[0], range(i)), let y = unitNumber(items[1], range(i)) else { return nil }
        return Point(x, y)
      }
      return point(values[i]!, range(i), space)
    }
    let map: Transform
    switch space {
    case .frame: map = .identity
    case .unit(let origin, let size): map = .translation(origin.x, origin.y) * .scale(size.width, size.height)
    }
    if tangent {
      guard let p1 = local(0), let p2 = local(1), let r = radius(2) else {
        broken = true
        return
      }
      guard let p0 = current.flatMap({ map.inverted?.apply($0) }) else {
        if !broken { evaluator.report(.pathNeedsMove("arc"), command.nameRange) }
        broken = true
        return
      }
      tangentArc(from: p0, p1, p2, radius: r, map)
      return
    }
    guard let c = local(0), let r = radius(1),
      let a0 = evaluator.angle(values[2]!, range(2)), let a1 = evaluator.angle(values[3]!, range(3))
    else {
      broken = true
      return
    }
    var clockwise = false
    if let v = values[4] {
      guard let b = evaluator.condition(v, range(4)) else {
        broken = true
        return
      }
      clockwise = b
    }
    // SwiftUI's clockwise is in its flipped space: `false` sweeps with the
    // angles (clockwise on screen), `true` against them. A whole turn or
    // more is one turn.
    let turn = 2 * Double.pi
    let delta = a1 - a0
    var sweep = delta.truncatingRemainder(dividingBy: turn)
    if clockwise {
      if sweep > 0 { sweep -= turn }
      if delta <= -turn { sweep = -turn }
    } else {
      if sweep < 0 { sweep += turn }
      if delta >= turn { sweep = turn }
    }
    circularArc(center: c, radius: r, start: a0, sweep: sweep, map)
  }

  /// A plain number of a `within` rectangle (a fraction of it).
  private func unitNumber(_ v: Value, _ range: SourceRange) -> Double? {
    switch v {
    case .scalar(let x, 0), .fraction(let x): return x
    default: return evaluator.mismatch("a fraction of the 'within' rectangle (a plain number)", v, range)
    }
  }

  /// The arc of the circle about `c` (space coordinates) from angle
  /// `start` through `sweep` radians: a line (or a move, with no current
  /// point) to its start, then cubics of at most 90°.
  mutating func circularArc(center c: Point, radius r: Double, start: Double, sweep: Double, _ map: Transform) {
    func at(_ a: Double) -> Point { Point(c.x + r * cosOf(a), c.y + r * sinOf(a)) }
    let first = map.apply(at(start))
    if current == nil { moveTo(first) } else { lineTo(first) }
    guard sweep != 0, r > 0 else { return }
    let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
    let step = sweep / Double(pieces)
    let k = 4.0 / 3.0 * tanOf(step / 4) * r
    for i in 0..<pieces {
      let a = start + step * Double(i)
      let b = a + step
      let (p, q) = (at(a), at(b))
      let c1 = Point(p.x - k * sinOf(a), p.y + k * cosOf(a))
      let c2 = Point(q.x + k * sinOf(b), q.y - k * cosOf(b))
      append(.cubic(c1: map.apply(c1), c2: map.apply(c2), to: map.apply(q)))
      current = map.apply(q)
    }
  }

  /// SwiftUI's `addArc(tangent1End:tangent2End:radius:)` from `p0`: the
  /// circle of radius `r` touching the lines p0–p1 and p1–p2, a line to
  /// where it touches the first, then the shorter arc to where it touches
  /// the second. Points on one line (or a zero radius) give a line to p1.
  private mutating func tangentArc(from p0: Point, _ p1: Point, _ p2: Point, radius r: Double, _ map: Transform) {
    let u = Point(p0.x - p1.x, p0.y - p1.y)
    let v = Point(p2.x - p1.x, p2.y - p1.y)
    let lu = (u.x * u.x + u.y * u.y).squareRoot()
    let lv = (v.x * v.x + v.y * v.y).squareRoot()
    let cross = u.x * v.y - u.y * v.x
    guard r > 0, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else {
      lineTo(map.apply(p1))
      return
    }
    let (du, dv) = (Point(u.x / lu, u.y / lu), Point(v.x / lv, v.y / lv))
    // The angle at p1 between the two lines, and the distance from p1 to
    // where the circle touches them.
    let cosTheta = max(-1, min(1, du.x * dv.x + du.y * dv.y))
    let theta = acosOf(cosTheta)
    let d = r / tanOf(theta / 2)
    let t1 = Point(p1.x + du.x * d, p1.y + du.y * d)
    let t2 = Point(p1.x + dv.x * d, p1.y + dv.y * d)
    // The centre: along the bisector, r / sin(θ/2) from p1.
    let bisector = Point(du.x + dv.x, du.y + dv.y)
    let lb = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
    let h = r / sinOf(theta / 2)
    let c = Point(p1.x + bisector.x / lb * h, p1.y + bisector.y / lb * h)
    let a0 = atan2Of(t1.y - c.y, t1.x - c.x)
    var sweep = atan2Of(t2.y - c.y, t2.x - c.x) - a0
    // The shorter way round (less than half a turn).
    if sweep > Double.pi { sweep -= 2 * Double.pi }
    if sweep < -Double.pi { sweep += 2 * Double.pi }
    circularArc(center: c, radius: r, start: a0, sweep: sweep, map)
  }
}
