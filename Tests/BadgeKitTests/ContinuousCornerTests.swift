// SwiftUI's continuous corners against the published curve (PaintCode's
// iOS 7 rounded rectangle): where each corner leaves its edges, the points
// it passes, its symmetry, and the radius limit.
import Foundation
import Testing

@testable import BadgeKit

struct ContinuousCornerTests {
  func path(_ shape: String, _ w: Double = 200, _ h: Double = 100) throws -> ScenePath {
    try #require(Support.scene("badge B size \(w), \(h) { \(shape) }")?.fills.first).path
  }

  func near(_ p: Point, _ x: Double, _ y: Double) -> Bool { abs(p.x - x) < 1e-6 && abs(p.y - y) < 1e-6 }

  @Test func cornersFollowThePublishedCurve() throws {
    let p = try path("roundedRect(radius: 20, style: .continuous)")
    // 6 elements a corner (a line, three cubics, two lines), a move and a close.
    #expect(p.elements.count == 1 + 4 * 6 + 1)
    guard case .move(let start) = p.elements[0], case .line(let edge) = p.elements[1] else { throw ArcFailure() }
    // The top edge runs from 1.52866483 radii in from each corner.
    #expect(near(start, 30.5732966, 0) && near(edge, 200 - 30.5732966, 0))
    // The top-right corner's middle cubic ends at (0.07491100, 0.63149399)
    // radii from the corner, back along the top and down the side.
    guard case .cubic(_, _, let mid) = p.elements[4] else { throw ArcFailure() }
    #expect(near(mid, 200 - 0.07491100 * 20, 0.63149399 * 20))
    guard case .cubic(_, _, let down) = p.elements[6] else { throw ArcFailure() }
    #expect(near(down, 200, 1.52866483 * 20))
    // The four corners are one corner turned: the path turned half a turn
    // about the centre has the same points.
    var points: [Point] = []
    p.forEachPoint { points.append($0) }
    let turned = points.map { Point(200 - $0.x, 100 - $0.y) }
    for q in turned { #expect(points.contains { near($0, q.x, q.y) }, "\(q)") }
  }

  /// The radius is at most the shorter side over 2 · 1.52866483: a
  /// continuous capsule of 100 high has corners of 32.71 and straight
  /// edges between them.
  @Test func theRadiusIsLimited() throws {
    let p = try path("capsule(style: .continuous)")
    guard case .move(let start) = p.elements[0] else { throw ArcFailure() }
    #expect(near(start, 50, 0))
    let big = try path("roundedRect(radius: 500, style: .continuous)")
    #expect(big == p)
    #expect(try path("roundedRect(radius: 20, style: .circular)") == path("roundedRect(radius: 20)"))
    Support.expectError("roundedRect(radius: 4, style: .smooth)", "unknown name 'smooth'")
    Support.expectError("roundedRect(radius: 4, style: .fit)", "expected 'circular' or 'continuous'")
  }
}

/// SwiftUI's UnevenRoundedRectangle: a radius a corner.
struct UnevenCornerTests {
  @Test func eachCornerHasItsOwnRadius() throws {
    let p = try #require(
      Support.scene("badge B size 100, 60 { unevenRoundedRect(topLeading: 20, bottomTrailing: 10) }")?.fills.first
    ).path
    // The top edge from 20 in at the left to the right corner; the right
    // edge down to 10 above the bottom, a quarter circle to (90, 60).
    #expect(p.elements.first == .move(Point(20, 0)))
    #expect(p.elements.contains(.line(Point(100, 50))))
    // The quarter circle's handles are 0.5523 of the radius long.
    let k = 10 * (1 - 0.5522847498307936)
    let arcs = p.elements.compactMap { e -> (Point, Point, Point)? in
      if case .cubic(let c1, let c2, let q) = e { return (c1, c2, q) }
      return nil
    }
    #expect(arcs.count == 2)
    let corner = try #require(arcs.first { $0.2 == Point(90, 60) })
    #expect(abs(corner.0.y - (60 - k)) < 1e-9 && corner.0.x == 100 && abs(corner.1.x - (100 - k)) < 1e-9)
    // Equal radii draw what roundedRect draws, both styles.
    for style in [".circular", ".continuous"] {
      let a = try #require(
        Support.scene(
          "badge B size 100, 60 { unevenRoundedRect(topLeading: 12, bottomLeading: 12, bottomTrailing: 12, topTrailing: 12, style: \(style)) }"
        )?.fills.first
      ).path
      let b = try #require(
        Support.scene("badge B size 100, 60 { roundedRect(radius: 12, style: \(style)) }")?.fills.first
      ).path
      var pa: [Point] = []
      var pb: [Point] = []
      a.forEachPoint { pa.append($0) }
      b.forEachPoint { pb.append($0) }
      for q in pb { #expect(pa.contains { abs($0.x - q.x) < 1e-9 && abs($0.y - q.y) < 1e-9 }, "\(style) \(q)") }
    }
    let habit = Support.compile("badge B { UnevenRoundedRectangle(topLeadingRadius: 8) }")
    #expect(habit.renderedDiagnostics.contains("'UnevenRoundedRectangle' is 'unevenRoundedRect' here"))
  }
}
