// Curves the stroker draws as lines: a quadratic or cubic segment (points
// in the path's frame) in, nil when it is a curve to flatten, or the points
// of the polyline it is stroked as. A curve whose control points lie within
// a hair of the line through its two farthest points (its squared distance
// at most 0.00001 × the largest x or y spread squared, 0.000005 for a
// quadratic: Skia's and tiny-skia's criterion, which resvg and Chromium
// stroke by) is stroked as straight lines through the points where it turns
// most, where F′·F″ = 0, joined round. Its caps and joins then face along
// that line, as in the SVG renderers, not along a control leg a fraction of
// a point long that the curve turns through within a hair of its end.

enum StrokeReduction {
  /// The points, after the segment's start, that a curve nearly on a line
  /// is stroked through, ending at its end; nil for a curve.
  static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Point]? {
    // (Asked of every cubic stroked: the points go on the stack.)
    let isLine = withUnsafeTemporaryAllocation(of: Point.self, capacity: 4) { p in
      (p[0], p[1], p[2], p[3]) = (p0, p1, p2, p3)
      return inLine(UnsafeBufferPointer(p), slop: 0.00001)
    }
    guard isLine else { return nil }
    // F′·F″ = 0, per axis: with A = p1 − p0, B = p2 − 2p1 + p0, C = p3 +
    // 3(p1 − p2) − p0, the cubic C·C t³ + 3B·C t² + (2B·B + C·A) t + A·B.
    let a = Point(p1.x - p0.x, p1.y - p0.y)
    let b = Point(p2.x - 2 * p1.x + p0.x, p2.y - 2 * p1.y + p0.y)
    let c = Point(p3.x + 3 * (p1.x - p2.x) - p0.x, p3.y + 3 * (p1.y - p2.y) - p0.y)
    func dot(_ u: Point, _ v: Point) -> Double { u.x * v.x + u.y * v.y }
    let roots = unitRoots(dot(c, c), 3 * dot(b, c), 2 * dot(b, b) + dot(c, a), dot(a, b))
    var out: [Point] = []
    for t in roots where t > 0 && t < 1 {
      let mt = 1 - t
      let q = Point(
        mt * mt * mt * p0.x + 3 * mt * mt * t * p1.x + 3 * mt * t * t * p2.x + t * t * t * p3.x,
        mt * mt * mt * p0.y + 3 * mt * mt * t * p1.y + 3 * mt * t * t * p2.y + t * t * t * p3.y)
      if q != p0 && q != p3 { out.append(q) }
    }
    return out + [p3]
  }

  /// The same for a quadratic: through its point of most turn, if inside.
  static func quad(_ p0: Point, _ p1: Point, _ p2: Point) -> [Point]? {
    let isLine = withUnsafeTemporaryAllocation(of: Point.self, capacity: 3) { p in
      (p[0], p[1], p[2]) = (p0, p1, p2)
      return inLine(UnsafeBufferPointer(p), slop: 0.000005)
    }
    guard isLine else { return nil }
    let a = Point(p1.x - p0.x, p1.y - p0.y)
    let b = Point(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
    let numer = -(a.x * b.x + a.y * b.y)
    let denom = b.x * b.x + b.y * b.y
    guard numer > 0, numer < denom else { return [p2] }
    let t = numer / denom
    let mt = 1 - t
    return [
      Point(mt * mt * p0.x + 2 * mt * t * p1.x + t * t * p2.x, mt * mt * p0.y + 2 * mt * t * p1.y + t * t * p2.y), p2,
    ]
  }

  /// Whether the points other than the two farthest apart (by their
  /// larger difference in x or y) are within `slop` × that difference²
  /// (squared distance) of the segment between those two.
  static func inLine(_ p: UnsafeBufferPointer<Point>, slop: Double) -> Bool {
    var spread = -1.0
    var (o1, o2) = (0, 1)
    for i in 0..<(p.count - 1) {
      for j in (i + 1)..<p.count {
        let d = max(abs(p[j].x - p[i].x), abs(p[j].y - p[i].y))
        if spread < d { (spread, o1, o2) = (d, i, j) }
      }
    }
    guard spread > 0, spread.isFinite else { return false }
    let limit = spread * spread * slop
    return p.indices.allSatisfy { $0 == o1 || $0 == o2 || squaredDistance(p[$0], p[o1], p[o2]) <= limit }
  }

  /// The squared distance from `q` to the segment from `s` to `e` (to `s`
  /// when its foot falls outside the segment).
  static func squaredDistance(_ q: Point, _ s: Point, _ e: Point) -> Double {
    let (dx, dy) = (e.x - s.x, e.y - s.y)
    let t = ((q.x - s.x) * dx + (q.y - s.y) * dy) / (dx * dx + dy * dy)
    let foot = t >= 0 && t <= 1 ? Point(s.x + t * dx, s.y + t * dy) : s
    return (q.x - foot.x) * (q.x - foot.x) + (q.y - foot.y) * (q.y - foot.y)
  }

  /// The real roots of a t³ + b t² + c t + d in 0…1 (within a billionth,
  /// then held to it: rounding leaves a root of 0 a hair below), in order,
  /// repeats once.
  static func unitRoots(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
    var roots: [Double] = []
    let scale = max(abs(a), abs(b), abs(c), abs(d))
    guard scale > 0, scale.isFinite else { return [] }
    if abs(a) <= 1e-12 * scale {
      // A quadratic (or a line).
      if abs(b) <= 1e-12 * scale {
        if c != 0 { roots = [-d / c] }
      } else {
        let disc = c * c - 4 * b * d
        if disc >= 0 {
          let q = -0.5 * (c + (c < 0 ? -disc.squareRoot() : disc.squareRoot()))
          roots = [q / b]
          if q != 0 { roots.append(d / q) }
        }
      }
    } else {
      let (p, q, r) = (b / a, c / a, d / a)
      let qq = (p * p - 3 * q) / 9
      let rr = (2 * p * p * p - 9 * p * q + 27 * r) / 54
      if rr * rr < qq * qq * qq {
        let theta = acosOf(min(1, max(-1, rr / (qq * qq * qq).squareRoot())))
        let k = -2 * qq.squareRoot()
        roots = [0.0, 2, -2].map { k * cosOf((theta + $0 * Double.pi) / 3) - p / 3 }
      } else {
        var s = cbrtOf(abs(rr) + (rr * rr - qq * qq * qq).squareRoot())
        if rr > 0 { s = -s }
        if s != 0 { s += qq / s }
        roots = [s - p / 3]
      }
    }
    var out: [Double] = []
    for t in roots.sorted() where t >= -1e-9 && t <= 1 + 1e-9 {
      let held = min(1, max(0, t))
      if out.last != held { out.append(held) }
    }
    return out
  }
}
