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
