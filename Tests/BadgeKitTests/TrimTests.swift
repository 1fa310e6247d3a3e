// Trim tests: path lengths against dense numerical measurement, trims of
// lines, squares and curves by arc length, and the edge cases (empty,
// identity, clamping, whole closed subpaths).
import Testing

@testable import BadgeKit

struct TrimTests {
  /// The length of a segment measured with 200,000 chords.
  static func denseLength(_ s: ScenePath.Segment, steps: Int = 200_000) -> Double {
    var total = 0.0
    var previous = s.start
    for i in 1...steps {
      let p = s.point(at: Double(i) / Double(steps))
      total += ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y)).squareRoot()
      previous = p
    }
    return total
  }

  /// The point at arc length `target` along `s`, measured densely.
  static func densePoint(_ s: ScenePath.Segment, at target: Double, steps: Int = 200_000) -> Point {
    var total = 0.0
    var previous = s.start
    for i in 1...steps {
      let p = s.point(at: Double(i) / Double(steps))
      let d = ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y)).squareRoot()
      if total + d >= target {
        let f = d == 0 ? 0 : (target - total) / d
        return Point(previous.x + f * (p.x - previous.x), previous.y + f * (p.y - previous.y))
      }
      total += d
      previous = p
    }
    return s.end
  }

  static func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  static let square = ScenePath([
    .move(Point(0, 0)), .line(Point(100, 0)), .line(Point(100, 100)), .line(Point(0, 100)), .close,
  ])

  /// Curves of several kinds: a quarter circle, an S, a cusp, a loop, a
  /// quadratic and a long flat cubic.
  static let curves: [ScenePath.Segment] = [
    .cubic(Point(100, 0), Point(100, 55.228_474_98), Point(55.228_474_98, 100), Point(0, 100)),
    .cubic(Point(0, 0), Point(50, 100), Point(100, -50), Point(150, 50)),
    .cubic(Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)),
    .cubic(Point(0, 0), Point(200, 100), Point(-100, 100), Point(100, 0)),
    .quad(Point(0, 0), Point(40, 90), Point(80, 10)),
    .cubic(Point(0, 0), Point(3000, 1), Point(6000, -1), Point(9000, 0)),
  ]

  // MARK: - Length

  @Test func lengthOfLines() {
    #expect(ScenePath([.move(Point(1, 1)), .line(Point(4, 5))]).length == 5)
    #expect(TrimTests.square.length == 400)
    // A closed subpath's closing line counts; a lone move has no length.
    #expect(
      ScenePath([.move(Point(0, 0)), .line(Point(3, 0)), .line(Point(3, 4)), .close, .move(Point(9, 9))]).length == 12)
  }

  @Test func lengthOfAQuarterCircleCubic() {
    let r = 100.0
    let length = ScenePath([
      .move(Point(r, 0)), .cubic(c1: Point(r, 0.552_284_749_8 * r), c2: Point(0.552_284_749_8 * r, r), to: Point(0, r)),
    ]).length
    // The cubic strays from the circle by at most 0.027% of the radius.
    #expect(abs(length - Double.pi * r / 2) <= Double.pi * r / 2 * 2.7e-4)
  }

  @Test(arguments: TrimTests.curves)
  func curveLengthsMatchDenseMeasurement(_ s: ScenePath.Segment) {
    let measured = ScenePath([.move(s.start), s.element]).length
    let dense = TrimTests.denseLength(s)
    #expect(abs(measured - dense) <= 0.01, "\(measured) vs \(dense)")
    // Bounded work: a few hundred pieces at most.
    #expect(s.measuringPieces(ScenePath.trimTolerance) <= 256)
  }

  // MARK: - Trimming

  @Test func halfASquareIsTwoFullSides() {
    #expect(
      TrimTests.square.trimmed(from: 0, to: 0.5)
        == ScenePath([.move(Point(0, 0)), .line(Point(100, 0)), .line(Point(100, 100))]))
    // The second half ends with the closing line, drawn as a line: the
    // piece is open.
    #expect(
      TrimTests.square.trimmed(from: 0.5, to: 1)
        == ScenePath([.move(Point(100, 100)), .line(Point(0, 100)), .line(Point(0, 0))]))
    #expect(
      TrimTests.square.trimmed(from: 0.125, to: 0.375)
        == ScenePath([.move(Point(50, 0)), .line(Point(100, 0)), .line(Point(100, 50))]))
  }

  @Test(arguments: TrimTests.curves)
  func trimsEndWhereTheArcLengthIsReached(_ s: ScenePath.Segment) {
    let path = ScenePath([.move(s.start), s.element])
    let dense = TrimTests.denseLength(s)
    for (from, to) in [(0.0, 0.4), (0.3, 1.0), (0.25, 0.75)] {
      let piece = path.trimmed(from: from, to: to)
      #expect(piece.elements.count == 2)
      guard case .move(let start) = piece.elements[0], let segment = piece.subpaths.first?.segments.first else {
        Issue.record("not one segment")
        continue
      }
      #expect(TrimTests.distance(start, TrimTests.densePoint(s, at: from * dense)) <= 0.02)
      #expect(TrimTests.distance(segment.end, TrimTests.densePoint(s, at: to * dense)) <= 0.02)
      #expect(abs(TrimTests.denseLength(segment, steps: 100_000) - (to - from) * dense) <= 0.02)
      // The piece is the curve itself, split exactly.
      let mid = segment.point(at: 0.5)
      let nearest = (0...20_000).map { TrimTests.distance(mid, s.point(at: Double($0) / 20_000)) }.min()!
      #expect(nearest < 0.05)
    }
  }

  @Test func piecesAcrossSubpaths() {
    // A 10-long subpath, then a 30-long one: half the 40 is the first and
    // a third of the second.
    let path = ScenePath([
      .move(Point(0, 0)), .line(Point(10, 0)), .move(Point(0, 5)), .line(Point(30, 5)),
    ])
    #expect(
      path.trimmed(from: 0, to: 0.5)
        == ScenePath([.move(Point(0, 0)), .line(Point(10, 0)), .move(Point(0, 5)), .line(Point(10, 5))]))
    #expect(path.trimmed(from: 0.5, to: 1) == ScenePath([.move(Point(10, 5)), .line(Point(30, 5))]))
  }

  @Test func aClosedSubpathKeptWholeStaysClosed() {
    var elements = TrimTests.square.elements
    elements += [.move(Point(200, 0)), .line(Point(300, 0))]
    let path = ScenePath(elements)
    #expect(
      path.trimmed(from: 0, to: 0.9)
        == ScenePath(TrimTests.square.elements + [.move(Point(200, 0)), .line(Point(250, 0))]))
  }

  @Test func emptyIdentityAndClamping() {
    let path = ScenePath([
      .move(Point(0, 0)), .quad(control: Point(5, 9), to: Point(10, 0)), .line(Point(20, 0)), .close,
    ])
    #expect(path.trimmed(from: 0.6, to: 0.4).elements.isEmpty)
    #expect(path.trimmed(from: 0.5, to: 0.5).elements.isEmpty)
    #expect(path.trimmed(from: 0, to: 1) == path)
    #expect(path.trimmed(from: -3, to: 7) == path)
    #expect(path.trimmed(from: -0.5, to: 0.5) == path.trimmed(from: 0, to: 0.5))
    #expect(path.trimmed(from: 0.5, to: 2) == path.trimmed(from: 0.5, to: 1))
    #expect(path.trimmed(from: .nan, to: 0.5) == path.trimmed(from: 0, to: 0.5))
    #expect(ScenePath([.move(Point(1, 1))]).trimmed(from: 0.2, to: 0.8).elements.isEmpty)
    #expect(ScenePath().trimmed(from: 0, to: 0.5).elements.isEmpty)
  }
}
