// Strokes of nearly degenerate curves, drawn as the SVG renderers draw
// badgec's SVG of them: a cubic whose control point lies a hair from its
// end (butt, round and square caps, bevel and miter joins after it, at the
// start), a cubic on a line to a hair with hooks at both ends, and a curve
// tighter than the stroke's half width. badgec's raster beside resvg (and
// Chromium, in EffectSceneComparisonTests); the reduction of curves on a
// line; the notch both leave where the curve turns within the stroke.
import Foundation
import Testing

@testable import BadgeKit

struct DegenerateCurveStrokeTests {
  /// Each case in a cell of 200 × 200 points: its path data and style.
  static let cases: [(String, String)] = [
    ("M 20 100 C 80 20, 149.99 100.02, 150 100", "cap: butt"),
    ("M 20 100 C 80 20, 149.99 100.02, 150 100", "cap: round"),
    ("M 20 100 C 80 20, 149.99 100.02, 150 100", "cap: square"),
    ("M 20 100 C 80 20, 149.99 100.02, 150 100 L 150 170", "join: bevel"),
    ("M 20 100 C 80 20, 149.99 100.02, 150 100 L 150 170", "join: miter, miterLimit: 10"),
    ("M 20 100 C 20.01 99.98, 100 20, 150 100", "cap: butt"),
    ("M 20 100 C 20.03 100.01, 150.02 99.99, 150 100 L 100 170", "join: bevel"),
    ("M 80 100 C 80 90, 100 90, 100 100 C 100 110, 80 110, 80 100", "cap: butt"),
  ]

  static let scene: String = {
    let cells = cases.enumerated().map { i, c in
      let (x, y) = (Double(i % 4) * 200, Double(i / 4) * 200)
      let width = i == 7 ? 40 : 24
      return "  path(\"\(c.0)\").stroke(rgb(30, 60, 140), width: \(width), \(c.1)).offset(x: \(x), y: \(y))"
    }
    return "badge Degenerate size 800, 400 {\n" + cells.joined(separator: "\n") + "\n}\n"
  }()

  @Test func drawnAsResvgDrawsTheSVG() throws {
    try RasterSupport.check(
      "degenerate-strokes", DegenerateCurveStrokeTests.scene, within: 16, fraction: 0.995, mean: 0.5,
      renderer: "resvg")
  }

  /// Where the curve turns through most of a half turn within a hair of
  /// its end, the offset curve's loop is left unfilled: the point 8
  /// points above the end is clear, as resvg and Chromium leave it; the
  /// stroke before it is painted.
  @Test func theTurnAtTheEndLeavesANotch() throws {
    let source = """
      badge B size 200 {
        path("M 20 100 C 80 20, 149.99 100.02, 150 100").stroke(rgb(30, 60, 140), width: 24)
      }
      """
    var options = CompileOptions()
    options.format = .ppm
    options.raster.background = RGBA(r: 1, g: 1, b: 1)
    let image = try #require(RasterSupport.badgec(source, options))
    func at(_ x: Int, _ y: Int) -> [UInt8] { Array(image.bytes[(3 * (y * 200 + x))..<(3 * (y * 200 + x) + 3)]) }
    #expect(at(150, 92) == [255, 255, 255], "\(at(150, 92))")
    #expect(at(140, 100) == [30, 60, 140], "\(at(140, 100))")
  }

  /// A curve on a line to a hair is its line, through the points where
  /// it turns most (F′·F″ = 0: for evenly spaced control points, where
  /// it is fastest, half way); a curve a visible distance off is not
  /// reduced.
  @Test func curvesOnALineAreLines() throws {
    let hooked = try #require(
      StrokeReduction.cubic(Point(20, 100), Point(20.03, 100.01), Point(150.02, 99.99), Point(150, 100)))
    #expect(hooked.last == Point(150, 100))
    #expect(hooked.dropLast().allSatisfy { abs($0.y - 100) < 0.02 }, "\(hooked)")
    let even = try #require(StrokeReduction.cubic(Point(0, 0), Point(30, 0), Point(70, 0), Point(100, 0)))
    #expect(even.count == 2 && abs(even[0].x - 50) < 1e-9 && even[0].y == 0 && even[1] == Point(100, 0), "\(even)")
    #expect(StrokeReduction.cubic(Point(0, 0), Point(30, 1), Point(70, 0), Point(100, 0)) == nil)
    #expect(StrokeReduction.quad(Point(0, 0), Point(50, 0.001), Point(100, 0)) == [Point(50, 0.0005), Point(100, 0)])
    #expect(StrokeReduction.quad(Point(0, 0), Point(50, 2), Point(100, 0)) == nil)
    // A quadratic whose control point lies beyond its end turns back
    // there: through the point of most turn, at t = 3/4 (x = 112.5).
    let back = try #require(StrokeReduction.quad(Point(0, 0), Point(150, 0), Point(100, 0)))
    #expect(back == [Point(112.5, 0), Point(100, 0)], "\(back)")
  }

  /// The cubic's roots in 0…1: (t − ¼)(t − ½)(t − ¾) and t³ − t (0 and 1
  /// of −1, 0 and 1), and a quadratic when the cubic term is gone.
  @Test func unitRootsAreFound() {
    let three = StrokeReduction.unitRoots(1, -1.5, 0.6875, -0.09375)
    #expect(three.count == 3 && zip(three, [0.25, 0.5, 0.75]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(three)")
    #expect(StrokeReduction.unitRoots(1, 0, -1, 0).map { ($0 * 1e9).rounded() / 1e9 } == [0, 1])
    #expect(StrokeReduction.unitRoots(0, 1, -1, 0.21).map { ($0 * 1e9).rounded() / 1e9 } == [0.3, 0.7])
  }
}
