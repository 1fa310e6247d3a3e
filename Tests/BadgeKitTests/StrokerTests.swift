// Stroker tests: outline areas against the formulas (measured by the
// coverage accumulator, which counts overlaps at an outline's edge), the
// winding of outlines sampled point by point (never of two signs, never
// zero inside the stroke), joins, caps, dashes and the SVG special cases.
import Testing

@testable import BadgeKit

struct StrokerTests {
  // MARK: - Measuring outlines

  /// The closed polygons of a move/line/close path.
  static func polygons(_ path: ScenePath) -> [[Point]] {
    var out: [[Point]] = []
    var current: [Point] = []
    for e in path.elements {
      switch e {
      case .move(let p):
        if !current.isEmpty { out.append(current) }
        current = [p]
      case .line(let p): current.append(p)
      case .close:
        out.append(current)
        current = []
      case .quad, .cubic:
        Issue.record("an outline holds a curve")
      }
    }
    if !current.isEmpty { out.append(current) }
    return out
  }

  /// The winding number of the polygons around `q` (crossings of a ray to
  /// the right, signed by direction).
  static func winding(_ polygons: [[Point]], _ q: Point) -> Int {
    var w = 0
    for poly in polygons {
      for i in poly.indices {
        let (a, b) = (poly[i], poly[(i + 1) % poly.count])
        let side = (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y)
        if a.y <= q.y && b.y > q.y && side > 0 { w += 1 }
        if b.y <= q.y && a.y > q.y && side < 0 { w -= 1 }
      }
    }
    return w
  }

  static func bounds(_ path: ScenePath) -> (min: Point, max: Point) {
    var (lo, hi) = (Point(.infinity, .infinity), Point(-.infinity, -.infinity))
    for poly in polygons(path) {
      for p in poly {
        lo = Point(min(lo.x, p.x), min(lo.y, p.y))
        hi = Point(max(hi.x, p.x), max(hi.y, p.y))
      }
    }
    return (lo, hi)
  }

  /// The area non-zero filling covers, by the coverage accumulator at
  /// `scale` pixels a unit (so winding 2 at a pixel on the outline's edge
  /// shows as extra area), and the area of pixels wound the other way
  /// than the whole (cancelling windings).
  static func rasterArea(_ path: ScenePath, scale: Double = 4) -> (area: Double, opposite: Double) {
    guard !path.elements.isEmpty else { return (0, 0) }
    let (lo, hi) = bounds(path)
    let t = Transform(a: scale, b: 0, c: 0, d: scale, tx: 1 - lo.x * scale, ty: 1 - lo.y * scale)
    let width = Int(((hi.x - lo.x) * scale).rounded(.up)) + 2
    let height = Int(((hi.y - lo.y) * scale).rounded(.up)) + 2
    let edges = Flattener().edges(path, t) ?? []
    var band = CoverageBand(width: width, y0: 0, height: height)
    band.accumulate(edges, y0: 0, rows: height)
    let areas = band.areas()
    let total = areas.reduce(0.0) { $0 + Double($1) }
    var (area, opposite) = (0.0, 0.0)
    for a in areas {
      area += Double(coverage(a, .nonZero))
      if Double(a) * total < 0 { opposite += abs(Double(a)) }
    }
    return (area / (scale * scale), opposite / (scale * scale))
  }

  static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ScenePath {
    ScenePath([.move(Point(x0, y0)), .line(Point(x1, y1))])
  }

  /// The square from (x, y) with side `side`, clockwise on screen or not.
  static func square(_ x: Double, _ y: Double, _ side: Double, clockwise: Bool = true) -> ScenePath {
    let corners = [Point(x, y), Point(x + side, y), Point(x + side, y + side), Point(x, y + side)]
    let order = clockwise ? corners : corners.reversed()
    return ScenePath([.move(order[0])] + order.dropFirst().map { .line($0) } + [.close])
  }

  /// A circle of four cubics (the usual 0.5523 handles).
  static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> ScenePath {
    let k = 0.552_284_749_8 * r
    return ScenePath([
      .move(Point(cx + r, cy)),
      .cubic(c1: Point(cx + r, cy + k), c2: Point(cx + k, cy + r), to: Point(cx, cy + r)),
      .cubic(c1: Point(cx - k, cy + r), c2: Point(cx - r, cy + k), to: Point(cx - r, cy)),
      .cubic(c1: Point(cx - r, cy - k), c2: Point(cx - k, cy - r), to: Point(cx, cy - r)),
      .cubic(c1: Point(cx + k, cy - r), c2: Point(cx + r, cy - k), to: Point(cx + r, cy)),
      .close,
    ])
  }

  /// The path as dense polylines (curves in `n` steps), for distances.
  static func dense(_ path: ScenePath, _ n: Int = 100) -> [[Point]] {
    path.subpaths.map { sub in
      var points = [sub.start]
      for segment in sub.drawn {
        let steps = segment.bend == 0 ? 1 : n
        for i in 1...steps { points.append(segment.point(at: Double(i) / Double(steps))) }
      }
      return points
    }
  }

  /// The distance from `q` to dense polylines.
  static func distance(_ q: Point, to polylines: [[Point]]) -> Double {
    var best = Double.infinity
    for line in polylines {
      best = min(best, segmentDistance(q, line[0], line[0]))
      for i in line.indices.dropFirst() { best = min(best, segmentDistance(q, line[i - 1], line[i])) }
    }
    return best
  }

  static func segmentDistance(_ q: Point, _ a: Point, _ b: Point) -> Double {
    let (dx, dy) = (b.x - a.x, b.y - a.y)
    let len2 = dx * dx + dy * dy
    let t = len2 == 0 ? 0 : max(0, min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2))
    let (x, y) = (a.x + t * dx - q.x, a.y + t * dy - q.y)
    return (x * x + y * y).squareRoot()
  }

  // MARK: - Lines and caps

  static let capAreas: [(LineCap, Double)] = [
    (.butt, 100.0 * 10),
    (.square, 110.0 * 10),
    (.round, 100.0 * 10 + Double.pi * 25),
  ]

  @Test(arguments: StrokerTests.capAreas)
  func straightLineAreaByCap(_ cap: LineCap, _ expected: Double) {
    for path in [StrokerTests.line(10, 20, 110, 20), StrokerTests.line(30, 10, 90, 90)] {
      let outline = Stroker.outline(path, StrokeStyle(width: 10, cap: cap), tolerance: 0.01)
      let (area, opposite) = StrokerTests.rasterArea(outline)
      // A round cap's polygon lies inside its arc by at most the tolerance.
      let slack = cap == .round ? 2 * Double.pi * 5 * 0.01 : 0
      #expect(area <= expected + 0.01 && area >= expected - slack - 0.01, "\(cap): \(area) vs \(expected)")
      #expect(opposite < 1e-3)
    }
  }

  @Test func buttCapsEndSquarelyAtTheEnds() {
    let outline = Stroker.outline(StrokerTests.line(10, 20, 110, 20), StrokeStyle(width: 10), tolerance: 0.01)
    let b = StrokerTests.bounds(outline)
    #expect(b.min == Point(10, 15) && b.max == Point(110, 25))
    #expect(StrokerTests.polygons(outline).count == 1)
  }

  @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity])
  func noWidthNoOutline(_ width: Double) {
    let outline = Stroker.outline(
      StrokerTests.line(0, 0, 10, 0), StrokeStyle(width: width, cap: .round), tolerance: 0.01)
    #expect(outline.elements.isEmpty)
  }

  // MARK: - Joins

  /// A 100 × 100 square stroked 10 wide: 110² − 90² with mitered
  /// corners, less four right triangles (legs 5) with bevels, less four
  /// corners of a 5 × 5 square outside a quarter disc with round joins.
  static let ringAreas: [(LineJoin, Double)] = [
    (.miter, 4000.0),
    (.bevel, 4000.0 - 4 * 12.5),
    (.round, 4000.0 - 4 * 25 * (1 - Double.pi / 4)),
  ]

  @Test(arguments: StrokerTests.ringAreas)
  func squareRingAreaByJoin(_ join: LineJoin, _ expected: Double) {
    for clockwise in [true, false] {
      let outline = Stroker.outline(
        StrokerTests.square(20, 20, 100, clockwise: clockwise), StrokeStyle(width: 10, join: join), tolerance: 0.01)
      // Two contours: non-zero leaves the inside of the ring empty.
      #expect(StrokerTests.polygons(outline).count == 2)
      let (area, opposite) = StrokerTests.rasterArea(outline)
      let slack = join == .round ? 4 * Double.pi / 2 * 5 * 0.01 : 0
      #expect(area <= expected + 0.01 && area >= expected - slack - 0.01, "\(join): \(area) vs \(expected)")
      #expect(opposite < 1e-3)
      let polygons = StrokerTests.polygons(outline)
      #expect(StrokerTests.winding(polygons, Point(70, 70)) == 0)
      #expect(abs(StrokerTests.winding(polygons, Point(70, 20))) == 1)
    }
  }

  /// The corner where a path turns back by 174°: its miter is 20 widths
  /// long, past the default limit of 10 (then a bevel) but not past 25.
  @Test func sharpMiterBecomesABevelPastTheLimit() {
    let path = ScenePath([.move(Point(0, 0)), .line(Point(100, 0)), .line(Point(0, 10))])
    func reach(_ join: LineJoin, _ limit: Double) -> Double {
      StrokerTests.bounds(Stroker.outline(path, StrokeStyle(width: 2, join: join, miterLimit: limit), tolerance: 0.01))
        .max.x
    }
    #expect(reach(.miter, 10) < 101.1)
    #expect(reach(.miter, 10) == reach(.bevel, 10))
    #expect(reach(.miter, 25) > 119)
    // The SVG ratio: miter length / width = 1 / sin(θ/2), θ the angle between the segments.
    let ratio = 1 / sinOf(atan2Of(10, 100) / 2)
    #expect(reach(.miter, ratio + 1e-9) > 119 && reach(.miter, ratio - 1e-6) < 101.1)
  }

  /// The inner side of a join meets at the offsets' crossing: a polyline
  /// outline with miter joins covers every point once.
  @Test func polylineOutlineDoesNotOverlapItself() {
    let path = ScenePath([
      .move(Point(10, 10)), .line(Point(60, 12)), .line(Point(40, 50)), .line(Point(90, 60)), .line(Point(70, 20)),
    ])
    for join in [LineJoin.miter, .bevel, .round] {
      let outline = Stroker.outline(path, StrokeStyle(width: 6, join: join), tolerance: 0.01)
      let polygons = StrokerTests.polygons(outline)
      for i in 0..<60 {
        for j in 0..<60 {
          let w = StrokerTests.winding(polygons, Point(Double(i) * 1.7 + 0.05, Double(j) * 1.2 + 0.03))
          #expect(w == 0 || abs(w) == 1, "\(join): winding \(w)")
        }
      }
    }
  }

  // MARK: - Curves

  @Test func circleRingAreaIsTwoPiRW() {
    let outline = Stroker.outline(StrokerTests.circle(60, 60, 50), StrokeStyle(width: 4), tolerance: 0.01)
    #expect(StrokerTests.polygons(outline).count == 2)
    let (area, opposite) = StrokerTests.rasterArea(outline)
    // The four cubics stray up to 0.027% (0.0135) from the circle.
    #expect(abs(area - 2 * Double.pi * 50 * 4) < 2 * Double.pi * 4 * 0.02 + 0.1, "\(area)")
    #expect(opposite < 1e-3)
    let polygons = StrokerTests.polygons(outline)
    for i in 0..<240 {
      let a = Double(i) * Double.pi / 120
      for d in [-2.2, -1.9, 0, 1.9, 2.2] {
        let w = StrokerTests.winding(polygons, Point(60 + (50 + d) * cosOf(a), 60 + (50 + d) * sinOf(a)))
        #expect(abs(d) < 2 ? abs(w) == 1 : w == 0)
      }
    }
  }

  /// Round caps and joins draw every point within half the width of the
  /// path and nothing else; outlines of any join never wind both ways and
  /// draw nothing far from the path.
  @Test(arguments: 0..<12)
  func randomPathsWindOneWayAndCoverTheStroke(_ seed: Int) {
    var rng = RasterCoverageTests.Random(state: UInt64(seed) &* 2_654_435_761 &+ 99)
    func p() -> Point { Point(10 + rng.next() * 60, 10 + rng.next() * 60) }
    var elements: [PathElement] = [.move(p())]
    for _ in 0..<(2 + seed % 4) {
      switch Int(rng.next() * 3) {
      case 0: elements.append(.line(p()))
      case 1: elements.append(.quad(control: p(), to: p()))
      default: elements.append(.cubic(c1: p(), c2: p(), to: p()))
      }
    }
    if seed % 3 == 0 { elements.append(.close) }
    let path = ScenePath(elements)
    let r = (1 + rng.next() * 12) / 2
    let tolerance = 0.01
    let dense = StrokerTests.dense(path)
    let grid = (0..<1600).map { k in Point(Double(k % 40) * 2 + 0.013, Double(k / 40) * 2 + 0.029) }
    let distances = grid.map { StrokerTests.distance($0, to: dense) }
    for join in [LineJoin.round, .miter, .bevel] {
      let style = StrokeStyle(width: 2 * r, cap: join == .round ? .round : .square, join: join, miterLimit: 4)
      let polygons = StrokerTests.polygons(Stroker.outline(path, style, tolerance: tolerance))
      var signs = Set<Int>()
      for (q, d) in zip(grid, distances) {
        let w = StrokerTests.winding(polygons, q)
        if w != 0 { signs.insert(w > 0 ? 1 : -1) }
        if join == .round {
          if d < r - 2 * tolerance { #expect(w != 0, "hole at \(q) (seed \(seed))") }
          if d > r + 2 * tolerance { #expect(w == 0, "ink at \(q) (seed \(seed))") }
        } else if d > r * 4 * 1.5 {
          #expect(w == 0, "ink far away at \(q) (seed \(seed), \(join))")
        }
      }
      #expect(signs.count <= 1, "windings of both signs (seed \(seed), \(join))")
    }
  }

  /// A path that turns straight back on itself (out and back, closed, or
  /// dashed across the turn) strokes as the union of the two pieces and
  /// the join's end: nothing beyond half the width (a bevel there is flat),
  /// no hole within it, one sign of winding. (It once drew a long spike.)
  @Test(arguments: [
    ([PathElement.move(Point(34.246, 49.785)), .line(Point(3.196, -4.495)), .close, .close], [9.0, 2.0]),
    ([.move(Point(25.55, 89.28)), .line(Point(-5.5, 35)), .close, .close], [9.0, 2.0]),
    ([.move(Point(10, 10)), .line(Point(70, 40)), .close], []),
    ([.move(Point(10, 10)), .line(Point(70, 40)), .line(Point(10, 10.001)), .line(Point(40, 70))], []),
  ])
  func reversalsStrokeAsTheirPieces(_ elements: [PathElement], _ dash: [Double]) {
    let path = ScenePath(elements)
    let dense = StrokerTests.dense(path)
    for join in [LineJoin.bevel, .miter, .round] {
      let style = StrokeStyle(width: 11, cap: join == .round ? .round : .butt, join: join, dash: dash)
      let polygons = StrokerTests.polygons(Stroker.outline(path, style, tolerance: 0.01))
      var signs = Set<Int>()
      let (lo, hi) = StrokerTests.bounds(path)
      for k in 0..<90000 {
        let q = Point(
          lo.x - 15 + Double(k % 300) / 300 * (hi.x - lo.x + 30) + 0.013,
          lo.y - 15 + Double(k / 300) / 300 * (hi.y - lo.y + 30) + 0.029)
        let w = StrokerTests.winding(polygons, q)
        if w != 0 { signs.insert(w > 0 ? 1 : -1) }
        let d = StrokerTests.distance(q, to: dense)
        // (A miter at the other corner may reach farther.)
        if d > 5.5 + 0.05 && join != .miter { #expect(w == 0, "ink at \(q), \(d) from the path (\(join))") }
        if dash.isEmpty && d < 5.5 - 0.05 && join == .round { #expect(w != 0, "hole at \(q) (\(join))") }
      }
      #expect(signs.count <= 1, "windings of both signs (\(join))")
    }
  }

  /// A cap at a curve's end faces the curve's tangent there, not its first
  /// flattened step: a wide butt-capped arc ends on the line through its
  /// end point along the normal.
  @Test func capsFaceTheCurvesTangent() {
    // A quarter circle of radius 50 around (0, 0) from (50, 0) to (0, 50).
    let k = 0.552_284_749_8 * 50
    let path = ScenePath([
      .move(Point(50, 0)), .cubic(c1: Point(50, k), c2: Point(k, 50), to: Point(0, 50)),
    ])
    let outline = Stroker.outline(path, StrokeStyle(width: 40), tolerance: 0.01)
    let b = StrokerTests.bounds(outline)
    // The start cap lies along y = 0 from x = 30 to 70, the end cap along x = 0.
    #expect(abs(b.min.y) < 1e-9 && abs(b.min.x) < 1e-9)
    let polygons = StrokerTests.polygons(outline)
    #expect(abs(StrokerTests.winding(polygons, Point(69.9, 0.05))) == 1)
    #expect(StrokerTests.winding(polygons, Point(69.9, -0.05)) == 0)
  }

  // MARK: - Zero-length subpaths

  @Test(arguments: [
    ScenePath([.move(Point(10, 10)), .line(Point(10, 10))]),
    ScenePath([.move(Point(10, 10)), .close]),
    ScenePath([
      .move(Point(10, 10)), .line(Point(10, 10)), .cubic(c1: Point(10, 10), c2: Point(10, 10), to: Point(10, 10)),
    ]),
  ])
  func zeroLengthSubpathsDrawTheirCaps(_ path: ScenePath) {
    let disc = Stroker.outline(path, StrokeStyle(width: 8, cap: .round), tolerance: 0.01)
    let (area, _) = StrokerTests.rasterArea(disc)
    #expect(area <= Double.pi * 16 + 0.01 && area >= Double.pi * 16 - 2 * Double.pi * 4 * 0.01 - 0.01)
    let square = Stroker.outline(path, StrokeStyle(width: 8, cap: .square), tolerance: 0.01)
    let b = StrokerTests.bounds(square)
    #expect(b.min == Point(6, 6) && b.max == Point(14, 14))
    #expect(StrokerTests.polygons(square).map(\.count) == [4])
    #expect(Stroker.outline(path, StrokeStyle(width: 8, cap: .butt), tolerance: 0.01).elements.isEmpty)
  }

  @Test func aLoneMoveDrawsNothing() {
    let path = ScenePath([.move(Point(1, 1)), .move(Point(5, 5))])
    #expect(Stroker.outline(path, StrokeStyle(width: 4, cap: .round), tolerance: 0.01).elements.isEmpty)
  }

  @Test func zeroLengthSegmentsInsideASubpathAreSkipped() {
    let plain = StrokerTests.line(0, 0, 50, 0)
    let repeated = ScenePath([.move(Point(0, 0)), .line(Point(0, 0)), .line(Point(50, 0)), .line(Point(50, 0))])
    let style = StrokeStyle(width: 4, cap: .square)
    #expect(Stroker.outline(plain, style, tolerance: 0.01) == Stroker.outline(repeated, style, tolerance: 0.01))
  }

  // MARK: - Dashes

  /// Each dash's extent along x, for dashes of a horizontal line.
  static func dashSpans(_ outline: ScenePath) -> [(Double, Double)] {
    StrokerTests.polygons(outline).map { poly in
      (poly.map(\.x).min()!, poly.map(\.x).max()!)
    }.sorted { $0.0 < $1.0 }
  }

  /// A dash pattern and phase, and the dashes they cut from a line from
  /// x = 0 to 100 (start and end x).
  struct DashCase: Sendable, CustomTestStringConvertible {
    var dash: [Double]
    var phase: Double
    var expected: [(Double, Double)]
    var testDescription: String { "\(dash) phase \(phase)" }
  }

  static let dashCases: [DashCase] = [
    DashCase(
      dash: [10, 5], phase: 0, expected: [(0, 10), (15, 25), (30, 40), (45, 55), (60, 70), (75, 85), (90, 100)]),
    DashCase(dash: [10, 5], phase: 5, expected: [(0, 5), (10, 20), (25, 35), (40, 50), (55, 65), (70, 80), (85, 95)]),
    DashCase(
      dash: [10, 5], phase: -5, expected: [(5, 15), (20, 30), (35, 45), (50, 60), (65, 75), (80, 90), (95, 100)]),
    DashCase(
      dash: [10, 5], phase: 35, expected: [(0, 5), (10, 20), (25, 35), (40, 50), (55, 65), (70, 80), (85, 95)]),
    // An odd count is repeated: 10 on, 10 off.
    DashCase(dash: [10], phase: 0, expected: [(0, 10), (20, 30), (40, 50), (60, 70), (80, 90)]),
    // Dashes of no length with butt caps draw nothing.
    DashCase(dash: [10, 5, 0, 5], phase: 0, expected: [(0, 10), (20, 30), (40, 50), (60, 70), (80, 90)]),
    // Butt-capped dashes with no gap between them stay apart, as SVG
    // draws them.
    DashCase(
      dash: [5, 0, 5, 5], phase: 0,
      expected: [
        (0, 5), (5, 10), (15, 20), (20, 25), (30, 35), (35, 40),
        (45, 50), (50, 55), (60, 65), (65, 70), (75, 80), (80, 85), (90, 95), (95, 100),
      ]),
  ]

  /// With round or square caps, dashes with no gap between them are one
  /// dash (5 + 5 on, 5 off); a last gap of none runs the last dash into the
  /// first (7 + 3 on, 5 off, starting 7 into it); no gaps at all is solid.
  @Test func touchingCappedDashesAreOneDash() throws {
    let a = try #require(Stroker.DashPattern([5, 0, 5, 5], phase: 0, joinTouching: true))
    #expect(a.intervals == [10, 5] && a.firstIndex == 0 && a.firstLength == 10)
    let b = try #require(Stroker.DashPattern([3, 5, 7, 0], phase: 0, joinTouching: true))
    #expect(b.intervals == [10, 5] && b.firstIndex == 0 && b.firstLength == 3)
    #expect(Stroker.DashPattern([4, 0], phase: 3, joinTouching: true) == nil)
    #expect(Stroker.DashPattern([4, 0], phase: 3, joinTouching: false)?.intervals == [4, 0])
    // As one run, the round caps of touching dashes do not overlap: the
    // outline's area is the solid line's.
    let style = StrokeStyle(width: 2, cap: .round, dash: [3, 0])
    let solid = StrokeStyle(width: 2, cap: .round)
    let line = StrokerTests.line(0, 0, 100, 0)
    let dashed = StrokerTests.rasterArea(Stroker.outline(line, style, tolerance: 0.01)).area
    #expect(abs(dashed - StrokerTests.rasterArea(Stroker.outline(line, solid, tolerance: 0.01)).area) < 0.01)
  }

  @Test(arguments: StrokerTests.dashCases)
  func dashesAlongALine(_ c: DashCase) {
    let (dash, phase, expected) = (c.dash, c.phase, c.expected)
    let style = StrokeStyle(width: 2, dash: dash, dashPhase: phase)
    let outline = Stroker.outline(StrokerTests.line(0, 0, 100, 0), style, tolerance: 0.01)
    let spans = StrokerTests.dashSpans(outline)
    #expect(spans.count == expected.count)
    for (s, e) in zip(spans, expected) {
      #expect(abs(s.0 - e.0) < 1e-9 && abs(s.1 - e.1) < 1e-9, "\(s) vs \(e)")
    }
    let total = expected.reduce(0) { $0 + $1.1 - $1.0 }
    #expect(abs(StrokerTests.rasterArea(outline).area - 2 * total) < 0.01)
  }

  @Test func dashesContinueAcrossSegmentsAndCurves() {
    // Two lines and a quarter circle: 50 + 50 + 25π ≈ 178.5 long.
    let k = 0.552_284_749_8 * 50
    let path = ScenePath([
      .move(Point(0, 0)), .line(Point(50, 0)), .line(Point(100, 0)),
      .cubic(c1: Point(100 + k, 0), c2: Point(150, 50 - k), to: Point(150, 50)),
    ])
    let style = StrokeStyle(width: 1, dash: [30, 10])
    let outline = Stroker.outline(path, style, tolerance: 0.001)
    // Dashes at 0, 40, 80 (across the joint at 50 it is one dash), 120, 160.
    let polygons = StrokerTests.polygons(outline)
    #expect(polygons.count == 5)
    let length =
      ScenePath.Segment.cubic(Point(100, 0), Point(100 + k, 0), Point(150, 50 - k), Point(150, 50))
      .length(tolerance: 1e-6) + 100
    let inked = 30 * 4 + min(30, length - 160)
    #expect(abs(StrokerTests.rasterArea(outline, scale: 8).area - inked) < 0.05)
  }

  /// On a closed subpath the dash that runs into the closing point goes on
  /// into the first dash, joined (here mitered) at the corner.
  @Test func aDashThroughTheClosingPointIsJoined() {
    let square = StrokerTests.square(0, 0, 100)
    func outline(_ phase: Double) -> [[Point]] {
      StrokerTests.polygons(
        Stroker.outline(square, StrokeStyle(width: 10, dash: [30, 10], dashPhase: phase), tolerance: 0.01))
    }
    // Phase 15: dashes start at 25, 65, …, 385; the last, to 415, wraps.
    let wrapped = outline(15)
    #expect(wrapped.count == 10)
    #expect(abs(StrokerTests.winding(wrapped, Point(-4, -4))) == 1)
    // Phase 0: the last dash ends at 390, in a gap before the corner; the
    // first dash starts at the corner with a butt cap.
    let separate = outline(0)
    #expect(separate.count == 10)
    #expect(StrokerTests.winding(separate, Point(-4, -4)) == 0)
    #expect(abs(StrokerTests.winding(separate, Point(1, -4))) == 1)
  }

  @Test func zeroLengthDashesAreDotsFacingThePath() {
    // Dots every 10 along a diagonal: squares turned 45°.
    let path = StrokerTests.line(0, 0, 60, 60)
    let outline = Stroker.outline(path, StrokeStyle(width: 4, cap: .square, dash: [0, 10]), tolerance: 0.01)
    let polygons = StrokerTests.polygons(outline)
    #expect(polygons.count == 9)  // at 0, 10, …, 80 of 84.85
    let (area, _) = StrokerTests.rasterArea(outline)
    #expect(abs(area - 9 * 16) < 0.01)
    // Turned: the square around (0, 0) reaches 2·√2 along x.
    let first = polygons.first { $0.contains { abs($0.x) < 3 && abs($0.y) < 3 } }!
    #expect(abs(first.map(\.x).max()! - 2 * 2.0.squareRoot()) < 1e-9)
    // Round caps: discs; butt caps: nothing.
    let discs = Stroker.outline(path, StrokeStyle(width: 4, cap: .round, dash: [0, 10]), tolerance: 0.01)
    #expect(abs(StrokerTests.rasterArea(discs).area - 9 * 4 * Double.pi) < 9 * 2 * Double.pi * 2 * 0.01 + 0.01)
    #expect(Stroker.outline(path, StrokeStyle(width: 4, dash: [0, 10]), tolerance: 0.01).elements.isEmpty)
  }

  @Test func patternsOfNoLengthAreSolid() {
    let path = StrokerTests.line(0, 0, 100, 0)
    let solid = Stroker.outline(path, StrokeStyle(width: 2), tolerance: 0.01)
    for dash in [[0.0, 0], [], [-1, 5], [Double.nan, 2]] {
      #expect(Stroker.outline(path, StrokeStyle(width: 2, dash: dash), tolerance: 0.01) == solid)
    }
  }

  /// The dashes of all strokes share one budget, and running out is
  /// reported (not a silent end).
  @Test func dashCountIsBounded() {
    let pattern = Stroker.DashPattern([1e-3, 1e-3], phase: 0)!
    var count = 0
    var budget = Stroker.Budget(dashes: 1000, steps: 4000)
    pattern.dashes(StrokerTests.line(0, 0, 1e6, 0).subpaths, tolerance: 0.01, budget: &budget) { _ in count += 1 }
    #expect(count == 1000 && budget.tooManyDashes && budget.dashes == 0)
    // The next path gets none.
    var more = 0
    pattern.dashes(StrokerTests.line(0, 0, 10, 0).subpaths, tolerance: 0.01, budget: &budget) { _ in more += 1 }
    #expect(more == 0)
    // Intervals too small to move along the path end the walk too.
    var tiny = 0
    var small = Stroker.Budget(dashes: 500, steps: 2000)
    Stroker.DashPattern([1e-300, 1e-300], phase: 0)!.dashes(
      StrokerTests.line(0, 0, 1, 0).subpaths, tolerance: 0.01, budget: &small
    ) { _ in tiny += 1 }
    #expect(tiny == 500 && small.tooManyDashes)
    // A pattern that fits says nothing.
    var enough = Stroker.Budget()
    pattern.dashes(StrokerTests.line(0, 0, 1, 0).subpaths, tolerance: 0.01, budget: &enough) { _ in }
    #expect(!enough.tooManyDashes)
  }
}
