// Coverage tests: the fast accumulation rasterizer against the plain
// clip-and-shoelace reference, and the flattener against its error bound.
import Testing

@testable import BadgeKit

struct RasterCoverageTests {
  /// A small deterministic generator (xorshift), so failures repeat.
  struct Random {
    var state: UInt64
    mutating func next() -> Double {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Double(state % 1_000_000) / 1_000_000
    }
  }

  static func fast(_ edges: [Edge], _ w: Int, _ h: Int, band: Int) -> [Float] {
    var out: [Float] = []
    var y = 0
    while y < h {
      var b = CoverageBand(width: w, y0: y, height: min(band, h - y))
      for e in edges { b.add(e) }
      out += b.areas()
      y += band
    }
    return out
  }

  static func compare(
    _ edges: [Edge], _ w: Int, _ h: Int, band: Int = 4, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let a = fast(edges, w, h, band: band)
    let b = ReferenceCoverage.areas(edges, width: w, height: h)
    var worst: Float = 0
    for rule in [FillRule.nonZero, .evenOdd] {
      for i in a.indices { worst = max(worst, abs(coverage(a[i], rule) - coverage(b[i], rule))) }
    }
    #expect(worst < 2e-4, "largest coverage difference \(worst)", sourceLocation: sourceLocation)
  }

  static func polygon(_ points: [(Float, Float)]) -> [Edge] {
    points.indices.map { i in
      let (a, b) = (points[i], points[(i + 1) % points.count])
      return Edge(a.0, a.1, b.0, b.1)
    }
  }

  @Test func squareCoversExactly() {
    // A square from (1.5, 1.25) to (3.5, 3.25): corner pixels half or a
    // quarter covered.
    let edges = RasterCoverageTests.polygon([(1.5, 1.25), (3.5, 1.25), (3.5, 3.25), (1.5, 3.25)])
    let a = RasterCoverageTests.fast(edges, 5, 5, band: 2).map { coverage($0, .nonZero) }
    #expect(a[1 * 5 + 1] == 0.375)  // (0.5 wide) × (0.75 tall)
    #expect(a[2 * 5 + 2] == 1)
    #expect(a[2 * 5 + 3] == 0.5)
    #expect(a[3 * 5 + 3] == 0.125)
    #expect(a[0] == 0 && a[4 * 5 + 4] == 0)
    RasterCoverageTests.compare(edges, 5, 5)
  }

  @Test(arguments: 0..<40)
  func randomPolygonsMatchTheReference(_ seed: Int) {
    var r = Random(state: UInt64(seed) &* 2_654_435_761 &+ 12345)
    let n = 3 + Int(r.next() * 12)
    // Points may leave the 12 × 9 canvas on every side.
    let points = (0..<n).map { _ in (Float(r.next() * 18 - 3), Float(r.next() * 15 - 3)) }
    RasterCoverageTests.compare(RasterCoverageTests.polygon(points), 12, 9, band: 1 + seed % 4)
  }

  @Test func slivers() {
    // Thinner than a pixel, nearly horizontal and nearly vertical.
    RasterCoverageTests.compare(RasterCoverageTests.polygon([(0.2, 1.1), (9.7, 1.3), (9.7, 1.35)]), 10, 4)
    RasterCoverageTests.compare(RasterCoverageTests.polygon([(2.1, 0.1), (2.15, 7.9), (2.12, 7.9)]), 5, 8)
  }

  @Test func selfIntersectingStarUnderBothRules() {
    // A pentagram: the centre winds twice (non-zero: filled; even-odd: empty).
    let c: (Float, Float) = (8, 8)
    let points = (0..<5).map { i -> (Float, Float) in
      let a = Double(i * 2) * 2 * Double.pi / 5 - Double.pi / 2
      return (c.0 + Float(7 * cosOf(a)), c.1 + Float(7 * sinOf(a)))
    }
    let edges = RasterCoverageTests.polygon(points)
    RasterCoverageTests.compare(edges, 16, 16)
    let a = RasterCoverageTests.fast(edges, 16, 16, band: 16)
    #expect(coverage(a[8 * 16 + 8], .nonZero) == 1)
    #expect(coverage(a[8 * 16 + 8], .evenOdd) < 1e-5)
  }

  static func distanceToSegment(_ p: Point, _ e: Edge) -> Double {
    let (ax, ay, bx, by) = (Double(e.x0), Double(e.y0), Double(e.x1), Double(e.y1))
    let (dx, dy) = (bx - ax, by - ay)
    let len2 = dx * dx + dy * dy
    let t = len2 == 0 ? 0 : max(0, min(1, ((p.x - ax) * dx + (p.y - ay) * dy) / len2))
    let (qx, qy) = (ax + t * dx - p.x, ay + t * dy - p.y)
    return (qx * qx + qy * qy).squareRoot()
  }

  @Test(arguments: [1.0, 10.0, 300.0])
  func flatteningStaysWithinATenthOfAPixel(_ scale: Double) {
    let path = ScenePath([
      .move(Point(0, 0)), .quad(control: Point(5, 9), to: Point(10, 0)),
      .cubic(c1: Point(14, 8), c2: Point(3, 12), to: Point(1, 3)), .close,
    ])
    let edges = Flattener().edges(path, .scale(scale, scale)) ?? []
    // Sample both curves finely; every sample is within 0.1 px of some edge.
    var worst = 0.0
    for i in 0...400 {
      let t = Double(i) / 400
      let u = 1 - t
      let q = Point(scale * (2 * u * t * 5 + t * t * 10), scale * (2 * u * t * 9))
      let c = Point(
        scale * (u * u * u * 10 + 3 * u * u * t * 14 + 3 * u * t * t * 3 + t * t * t * 1),
        scale * (3 * u * u * t * 8 + 3 * u * t * t * 12 + t * t * t * 3))
      for p in [q, c] {
        worst = max(worst, edges.map { RasterCoverageTests.distanceToSegment(p, $0) }.min()!)
      }
    }
    #expect(worst <= 0.1 + 1e-6, "worst distance \(worst) px")
    // And not wastefully fine: the edge count grows like the square root of the scale.
    #expect(edges.count < Int(40 * scale.squareRoot()) + 10)
  }

  /// The quadratic's bound was once taken as |P0 − 2P1 + P2| / (8n²), half
  /// the true error: curves came out up to 0.18 px off at a 0.1 px tolerance.
  @Test func regressionQuadraticBoundWasHalfTheError() {
    let path = ScenePath([.move(Point(0, 0)), .quad(control: Point(5, 9), to: Point(10, 0))])
    let edges = Flattener(tolerance: 0.1).edges(path, .identity) ?? []
    var worst = 0.0
    for i in 0...1000 {
      let t = Double(i) / 1000
      let p = Point(2 * (1 - t) * t * 5 + t * t * 10, 2 * (1 - t) * t * 9)
      worst = max(worst, edges.map { RasterCoverageTests.distanceToSegment(p, $0) }.min()!)
    }
    #expect(worst <= 0.1)
  }

  /// A segment drawn after `close` without a `move` starts a new subpath
  /// at the closed one's start, as in SVG; that subpath was left open, and
  /// its unmatched edges filled everything to their right.
  @Test func regressionSubpathAfterCloseWasLeftOpen() {
    let path = ScenePath([.move(Point(0, 0)), .line(Point(4, 0)), .line(Point(4, 4)), .close, .line(Point(0, 4))])
    let edges = Flattener().edges(path, .identity) ?? []
    #expect(edges.suffix(2) == [Edge(0, 0, 0, 4), Edge(0, 4, 0, 0)])
  }

  @Test func openSubpathsAreClosed() {
    let edges =
      Flattener().edges(ScenePath([.move(Point(0, 0)), .line(Point(4, 0)), .line(Point(4, 4))]), .identity) ?? []
    #expect(edges.last == Edge(4, 4, 0, 0))
  }
}
