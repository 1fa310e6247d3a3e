// Trimming by arc length: a scene path and two fractions of its length in,
// the part of the path between them out (SwiftUI's `trim(from:to:)`), in
// the same frame. The measuring underneath (a path cut into subpaths of
// segments, a segment's length and the parameter where a length is
// reached) is shared with the stroker's dashes.
//
// A curve's length is the integral of its speed |B′(t)|: the curve is cut
// into uniform parameter pieces (more for a curve that bends more, at most
// 256) and each piece is integrated with 5-point Gauss–Legendre, which is
// exact for smooth pieces far below the requested tolerance; a cusp (speed
// zero) costs accuracy only within its own small piece.

extension ScenePath {
  /// One drawn segment of a subpath with all its points, the start
  /// included, in the path's frame (points).
  enum Segment: Hashable, Sendable {
    case line(Point, Point)
    /// A quadratic Bézier: start, control, end.
    case quad(Point, Point, Point)
    /// A cubic Bézier: start, two controls, end.
    case cubic(Point, Point, Point, Point)
  }

  /// A subpath in the path's frame: where it starts, its segments in order
  /// (a closed subpath's closing line is not among them) and whether it
  /// ends with `close`.
  struct Subpath: Sendable {
    /// Where the subpath starts, in the path's frame.
    var start: Point
    /// The segments from `start` on, zero-length ones included.
    var segments: [Segment]
    /// Whether the subpath ends with `close`.
    var closed: Bool

    /// The segments drawn, the closing line of a closed subpath included
    /// (unless it has no length).
    var drawn: [Segment] {
      guard closed, let last = segments.last?.end, last != start else { return segments }
      return segments + [.line(last, start)]
    }
  }

  /// The subpaths in order. Segments before any `move` start at (0, 0) and
  /// segments after a `close` start a new subpath where the closed one
  /// started (as filling reads them); a `close` with no subpath open is
  /// ignored. A lone `move` is a subpath with no segments.
  ///
  /// The open subpath's segments are kept in a variable of their own and
  /// appended to in place: a copy of a growing array on every append
  /// would make one long subpath quadratic.
  var subpaths: [Subpath] {
    var out: [Subpath] = []
    var open = false
    var start = Point(0, 0)
    var segments: [Segment] = []
    var point = Point(0, 0)
    func finish(closed: Bool) {
      out.append(Subpath(start: start, segments: segments, closed: closed))
      segments = []
      open = false
    }
    func begin() {
      if !open {
        open = true
        start = point
      }
    }
    for element in elements {
      switch element {
      case .move(let p):
        if open { finish(closed: false) }
        open = true
        start = p
        point = p
      case .line(let p):
        begin()
        segments.append(.line(point, p))
        point = p
      case .quad(let c1, let p):
        begin()
        segments.append(.quad(point, c1, p))
        point = p
      case .cubic(let c1, let c2, let p):
        begin()
        segments.append(.cubic(point, c1, c2, p))
        point = p
      case .close:
        if open {
          finish(closed: true)
          point = start
        }
      }
    }
    if open { finish(closed: false) }
    return out
  }

  /// How precisely `length` and `trimmed` measure, in the path's units.
  static let trimTolerance = 0.01

  /// The length of the path in its units: every subpath's segments and
  /// closing lines (curves measured to 0.01).
  var length: Double {
    var total = 0.0
    for s in subpaths {
      for segment in s.drawn { total += segment.length(tolerance: ScenePath.trimTolerance) }
    }
    return total
  }

  /// The part of the path from fraction `from` to fraction `to` of its
  /// whole length (SwiftUI's `Shape.trim(from:to:)`), by arc length over all
  /// subpaths in order (a closed subpath's closing line counts). Curves are
  /// split exactly (de Casteljau) at the parameters where the arc length is
  /// reached, measured to 0.01 in the path's units. `from` and `to` are
  /// clamped to 0…1 (NaN counts as 0); `from >= to` gives an empty path;
  /// from 0 to 1 returns the path unchanged. Pieces are open subpaths,
  /// except a closed subpath kept whole stays closed. A subpath of no
  /// length is kept when it lies in [from, to) of the length; a lone
  /// `move` is dropped.
  func trimmed(from: Double, to: Double) -> ScenePath {
    func clamp(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
    let (a, b) = (clamp(from), clamp(to))
    if a == 0 && b == 1 { return self }
    guard a < b else { return ScenePath() }
    let tolerance = ScenePath.trimTolerance
    let subs = subpaths
    // Each drawn segment's length, subpath by subpath, and their sum in
    // the order the walk below adds them (so the last end is the total).
    let lengths = subs.map { $0.drawn.map { $0.length(tolerance: tolerance) } }
    var total = 0.0
    for l in lengths { total += l.reduce(0, +) }
    guard total > 0 else { return ScenePath() }
    let (lo, hi) = (a * total, b * total)

    var out: [PathElement] = []
    var d = 0.0
    for (i, sub) in subs.enumerated() {
      let s0 = d
      d += lengths[i].reduce(0, +)
      let s1 = d
      if sub.segments.isEmpty && !sub.closed { continue }
      if lo <= s0 && s1 <= hi && (s1 > s0 || s0 < hi) {
        out.append(.move(sub.start))
        for segment in sub.segments { out.append(segment.element) }
        if sub.closed { out.append(.close) }
        continue
      }
      let (pa, pb) = (max(s0, lo) - s0, min(s1, hi) - s0)
      guard pb > pa else { continue }
      var c0 = 0.0
      var started = false
      for (segment, len) in zip(sub.drawn, lengths[i]) {
        let c1 = c0 + len
        defer { c0 = c1 }
        if c1 <= pa || c0 >= pb { continue }
        let t0 = c0 < pa ? segment.measured(tolerance: tolerance).parameter(atLength: pa - c0) : 0
        let t1 = c1 > pb ? segment.measured(tolerance: tolerance).parameter(atLength: pb - c0) : 1
        let part = segment.part(t0, t1)
        if !started { out.append(.move(part.start)) }
        started = true
        out.append(part.element)
      }
    }
    return ScenePath(out)
  }
}

extension ScenePath.Segment {
  var start: Point {
    switch self {
    case .line(let p, _), .quad(let p, _, _), .cubic(let p, _, _, _): return p
    }
  }

  var end: Point {
    switch self {
    case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): return p
    }
  }

  /// The segment as an element continuing from its start.
  var element: PathElement {
    switch self {
    case .line(_, let p): return .line(p)
    case .quad(_, let c, let p): return .quad(control: c, to: p)
    case .cubic(_, let c1, let c2, let p): return .cubic(c1: c1, c2: c2, to: p)
    }
  }

  /// The point at parameter `t` (0…1).
  func point(at t: Double) -> Point {
    let u = 1 - t
    switch self {
    case .line(let p0, let p1):
      return t == 1 ? p1 : Point(u * p0.x + t * p1.x, u * p0.y + t * p1.y)
    case .quad(let p0, let p1, let p2):
      let (a, b, c) = (u * u, 2 * u * t, t * t)
      return Point(a * p0.x + b * p1.x + c * p2.x, a * p0.y + b * p1.y + c * p2.y)
    case .cubic(let p0, let p1, let p2, let p3):
      let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
      return Point(
        a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
  }

  /// The derivative dB/dt at `t`.
  func derivative(at t: Double) -> Point {
    let u = 1 - t
    switch self {
    case .line(let p0, let p1):
      return Point(p1.x - p0.x, p1.y - p0.y)
    case .quad(let p0, let p1, let p2):
      return Point(
        2 * (u * (p1.x - p0.x) + t * (p2.x - p1.x)), 2 * (u * (p1.y - p0.y) + t * (p2.y - p1.y)))
    case .cubic(let p0, let p1, let p2, let p3):
      let (a, b, c) = (3 * u * u, 6 * u * t, 3 * t * t)
      return Point(
        a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
        a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }
  }

  /// The segment cut at `t` (de Casteljau): the parts before and after.
  func split(at t: Double) -> (Self, Self) {
    func mix(_ a: Point, _ b: Point) -> Point { Point(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
    switch self {
    case .line(let p0, let p1):
      let m = point(at: t)
      return (.line(p0, m), .line(m, p1))
    case .quad(let p0, let p1, let p2):
      let (a, b) = (mix(p0, p1), mix(p1, p2))
      let m = mix(a, b)
      return (.quad(p0, a, m), .quad(m, b, p2))
    case .cubic(let p0, let p1, let p2, let p3):
      let (a, b, c) = (mix(p0, p1), mix(p1, p2), mix(p2, p3))
      let (d, e) = (mix(a, b), mix(b, c))
      let m = mix(d, e)
      return (.cubic(p0, a, d, m), .cubic(m, e, c, p3))
    }
  }

  /// The segment between parameters `t0 <= t1`, exactly.
  func part(_ t0: Double, _ t1: Double) -> Self {
    var s = self
    if t1 < 1 { s = s.split(at: t1).0 }
    if t0 > 0 && t1 > 0 { s = s.split(at: min(1, t0 / t1)).1 }
    return s
  }

  /// The largest second difference of the control points (0 for a line):
  /// how much the segment bends, as in Wang's formula.
  var bend: Double {
    func second(_ a: Point, _ b: Point, _ c: Point) -> Double {
      let (x, y) = (a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y)
      return (x * x + y * y).squareRoot()
    }
    switch self {
    case .line: return 0
    case .quad(let p0, let p1, let p2): return second(p0, p1, p2)
    case .cubic(let p0, let p1, let p2, let p3): return max(second(p0, p1, p2), second(p1, p2, p3))
    }
  }

  /// |dB/dt| at `t`.
  func speed(at t: Double) -> Double {
    let d = derivative(at: t)
    return (d.x * d.x + d.y * d.y).squareRoot()
  }

  /// The arc length between parameters `a` and `b` (5-point Gauss–Legendre).
  func arcLength(_ a: Double, _ b: Double) -> Double {
    let (mid, half) = ((a + b) / 2, (b - a) / 2)
    var sum = 0.568_888_888_888_888_9 * speed(at: mid)
    sum +=
      0.478_628_670_499_366_5
      * (speed(at: mid - 0.538_469_310_105_683_1 * half) + speed(at: mid + 0.538_469_310_105_683_1 * half))
    sum +=
      0.236_926_885_056_189_1
      * (speed(at: mid - 0.906_179_845_938_664 * half) + speed(at: mid + 0.906_179_845_938_664 * half))
    return sum * half
  }

  /// How many uniform parameter pieces measure the segment to `tolerance`
  /// (1 to 256).
  func measuringPieces(_ tolerance: Double) -> Int {
    if case .line = self { return 1 }
    let n = (bend / max(tolerance, 1e-300)).squareRoot() / 2
    return n.isFinite ? Int(min(256, max(1, n.rounded(.up)))) : 256
  }

  /// The segment's length to `tolerance` (in its units).
  func length(tolerance: Double) -> Double {
    if case .line(let p0, let p1) = self {
      return ((p1.x - p0.x) * (p1.x - p0.x) + (p1.y - p0.y) * (p1.y - p0.y)).squareRoot()
    }
    let n = measuringPieces(tolerance)
    var total = 0.0
    for k in 0..<n { total += arcLength(Double(k) / Double(n), Double(k + 1) / Double(n)) }
    return total
  }

  /// The segment measured for finding parameters by length.
  func measured(tolerance: Double) -> ScenePath.ArcTable { ScenePath.ArcTable(self, tolerance: tolerance) }
}

extension ScenePath {
  /// One segment measured: the arc length (in the segment's units) from its
  /// start to each of `n` uniform parameter steps, for finding the parameter
  /// at which a length is reached.
  struct ArcTable {
    /// The segment measured, in the path's frame.
    let segment: ScenePath.Segment
    /// How precisely lengths are found (the segment's units).
    let tolerance: Double
    /// `lengths[k]`: the arc length from t = 0 to t = k/n; n + 1 entries.
    let lengths: [Double]

    init(_ segment: ScenePath.Segment, tolerance: Double) {
      self.segment = segment
      self.tolerance = tolerance
      if case .line = segment {
        lengths = [0, segment.length(tolerance: tolerance)]
        return
      }
      let n = segment.measuringPieces(tolerance)
      var l = [0.0]
      l.reserveCapacity(n + 1)
      for k in 0..<n { l.append(l[k] + segment.arcLength(Double(k) / Double(n), Double(k + 1) / Double(n))) }
      lengths = l
    }

    var length: Double { lengths[lengths.count - 1] }

    /// The parameter t (0…1) at which the arc length from the start is `s`:
    /// the piece holding it by bisection of the table, then Newton's method
    /// kept inside the piece.
    func parameter(atLength s: Double) -> Double {
      guard s > 0 else { return 0 }
      guard s < length else { return 1 }
      let n = lengths.count - 1
      if case .line = segment { return s / length }
      var (lo, hi) = (0, n)  // lengths[lo] <= s < lengths[hi]
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if lengths[mid] <= s { lo = mid } else { hi = mid }
      }
      let (ta, tb) = (Double(lo) / Double(n), Double(hi) / Double(n))
      let (la, lb) = (lengths[lo], lengths[hi])
      guard lb > la else { return ta }
      var (low, high) = (ta, tb)
      var t = ta + (s - la) / (lb - la) * (tb - ta)
      for _ in 0..<16 {
        let f = la + segment.arcLength(ta, t) - s
        if abs(f) <= tolerance * 1e-3 { break }
        if f > 0 { high = t } else { low = t }
        let v = segment.speed(at: t)
        var next = v > 0 ? t - f / v : (low + high) / 2
        if !(next > low && next < high) { next = (low + high) / 2 }
        t = next
      }
      return t
    }
  }
}
