// Flattening: a scene path and its transform to the canvas, times the pixel
// scale, in; straight edges in pixel coordinates out, every subpath closed
// (filling closes open subpaths).
//
// Curves are cut into uniform parameter steps. A quadratic with control
// polygon P0 P1 P2 stays within |P0 − 2·P1 + P2| / (4n²) of its n-segment
// chord polyline, and a cubic within (3/4)·max|Pi − 2·Pi+1 + Pi+2| / n²
// (Wang's formula); n is the smallest count that keeps that under the
// tolerance, in pixels after the transform: 0.025 px by default, a quarter
// of the 0.1 px a curve may be off, because the chords of a convex curve all
// lie on its inside and a nearly horizontal edge shows even that.

/// A straight edge in pixel coordinates (x right, y down, pixel (i, j)
/// covering [i, i+1] × [j, j+1]).
public struct Edge: Equatable, Sendable {
  public var x0, y0, x1, y1: Float

  public init(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
    (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
  }
}

/// Turns paths into edges.
public struct Flattener {
  /// The largest distance, in pixels, between a curve and its edges.
  public var tolerance: Double
  /// The canvas in pixels, if known: a curve wholly above, below or to
  /// either side of it is drawn as its chord, which covers the same pixels
  /// (none) and crosses the same rows (its winding is the same).
  public var canvas: Size?
  /// The most edges `edges` may produce.
  public var limit = Int.max

  public init(tolerance: Double = 0.025) { self.tolerance = tolerance }

  /// Whether every point lies beyond one edge of the canvas.
  private func outside(_ points: [Point]) -> Bool {
    guard let c = canvas else { return false }
    return points.allSatisfy { $0.x <= 0 } || points.allSatisfy { $0.x >= c.width }
      || points.allSatisfy { $0.y <= 0 } || points.allSatisfy { $0.y >= c.height }
  }

  /// The edges of `path` mapped by `transform` (frame → pixels), each
  /// subpath closed; nil if there would be more than `limit`.
  public func edges(_ path: ScenePath, _ transform: Transform) -> [Edge]? {
    var out: [Edge] = []
    var start = Point(0, 0)
    var current = Point(0, 0)
    var open = false

    func lineTo(_ p: Point) {
      if p != current {
        let (a, b) = (Flattener.safe(current), Flattener.safe(p))
        out.append(Edge(a.0, a.1, b.0, b.1))
      }
      current = p
    }
    func closeSubpath() {
      if open { lineTo(start) }
      open = false
    }

    for element in path.elements {
      if out.count > limit { return nil }
      switch element {
      case .move(let p):
        closeSubpath()
        start = transform.apply(p)
        current = start
        open = true
      case .line(let p):
        lineTo(transform.apply(p))
      case .quad(let c, let p):
        let (p1, p2) = (transform.apply(c), transform.apply(p))
        let p0 = current
        let n = outside([p0, p1, p2]) ? 1 : Flattener.segments(Flattener.secondDifference(p0, p1, p2) / 4, tolerance)
        for i in 1...n {
          let t = Double(i) / Double(n)
          let u = 1 - t
          lineTo(
            i == n
              ? p2
              : Point(
                u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
        }
      case .cubic(let c1, let c2, let p):
        let (p1, p2, p3) = (transform.apply(c1), transform.apply(c2), transform.apply(p))
        let p0 = current
        let m = max(Flattener.secondDifference(p0, p1, p2), Flattener.secondDifference(p1, p2, p3))
        let n = outside([p0, p1, p2, p3]) ? 1 : Flattener.segments(0.75 * m, tolerance)
        for i in 1...n {
          let t = Double(i) / Double(n)
          let u = 1 - t
          let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
          lineTo(
            i == n
              ? p3
              : Point(
                a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
      case .close:
        closeSubpath()
        // A segment after `close` starts a new subpath at the same point,
        // which filling closes too.
        current = start
        open = true
      }
    }
    closeSubpath()
    return out.count <= limit ? out : nil
  }

  /// How far from the canvas a coordinate may be, in pixels: farther ones
  /// are pulled in (a huge or infinite coordinate from a wild transform must
  /// not overflow later arithmetic; the canvas is at most 32768 pixels).
  static let reach = 1_000_000.0

  /// A point as Float pixel coordinates within `reach` (NaN becomes 0).
  static func safe(_ p: Point) -> (Float, Float) {
    func clamp(_ v: Double) -> Float { v.isNaN ? 0 : Float(min(max(v, -reach), reach)) }
    return (clamp(p.x), clamp(p.y))
  }

  /// |a − 2b + c|.
  static func secondDifference(_ a: Point, _ b: Point, _ c: Point) -> Double {
    let x = a.x - 2 * b.x + c.x
    let y = a.y - 2 * b.y + c.y
    return (x * x + y * y).squareRoot()
  }

  /// The smallest n with `bound / n² <= tolerance` (at least 1, at most
  /// 10,000 so that a huge curve cannot exhaust memory).
  static func segments(_ bound: Double, _ tolerance: Double) -> Int {
    guard bound.isFinite, bound > tolerance else { return 1 }
    return Int(min(10_000, max(1, (bound / tolerance).squareRoot().rounded(.up))))
  }
}
