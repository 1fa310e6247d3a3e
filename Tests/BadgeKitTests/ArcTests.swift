// Arcs in paths against exact circles: SwiftUI's addArc with a centre and
// angles (both directions of its flipped `clockwise`), and with tangents.
import Testing

@testable import BadgeKit

struct ArcTests {
  /// The points of `path`'s cubics at many t, with their distance from
  /// `c` divided by `r`, minus 1 (0 on the circle).
  static func radialError(_ path: ScenePath, _ c: Point, _ r: Double) -> Double {
    var worst = 0.0
    var at = Point(0, 0)
    for e in path.elements {
      switch e {
      case .move(let p), .line(let p): at = p
      case .cubic(let c1, let c2, let p):
        for k in 0...64 {
          let t = Double(k) / 64
          let u = 1 - t
          let x = u * u * u * at.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
          let y = u * u * u * at.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
          worst = max(worst, abs(((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot() / r - 1))
        }
        at = p
      default: break
      }
    }
    return worst
  }

  func path(_ body: String) throws -> ScenePath {
    try #require(Support.scene("badge A size 200 { path { \(body) } }")?.fills.first).path
  }

  @Test func centreFormFollowsTheCircle() throws {
    // 0° to 90° grows clockwise on screen: from (150, 100) to (100, 150).
    let quarter = try path("arc (100, 100), radius: 50, startAngle: 0deg, endAngle: 90deg")
    #expect(quarter.elements.first == .move(Point(150, 100)))
    guard case .cubic(_, _, let end) = quarter.elements.last else { throw ArcFailure() }
    #expect(abs(end.x - 100) < 1e-9 && abs(end.y - 150) < 1e-9)
    #expect(quarter.elements.count == 2)
    #expect(ArcTests.radialError(quarter, Point(100, 100), 50) < 2.8e-4)
    // clockwise: true goes the other way: three quarters, three cubics.
    let other = try path("arc (100, 100), radius: 50, startAngle: 0deg, endAngle: 90deg, clockwise: true")
    #expect(other.elements.count == 4)
    #expect(ArcTests.radialError(other, Point(100, 100), 50) < 2.8e-4)
    guard case .cubic(_, let c2, _) = other.elements[1] else { throw ArcFailure() }
    #expect(c2.y < 100)  // the first quarter runs up, through (100, 50)
    // A whole turn, and more than one, is one turn in four cubics.
    for end in ["360deg", "720deg"] {
      let full = try path("arc (100, 100), radius: 80, startAngle: 45deg, endAngle: \(end)")
      #expect(full.elements.count == 5, "\(end)")
      #expect(ArcTests.radialError(full, Point(100, 100), 80) < 2.8e-4)
    }
    // After a point, a line joins the arc's start, as addArc does.
    let joined = try path("move (0, 0) arc (100, 100), radius: 10, startAngle: 180deg, endAngle: 270deg")
    #expect(joined.elements[1] == .line(Point(90, 100)))
  }

  /// The fillet of radius 20 in the corner of (10, 190)–(190, 190)–(190,
  /// 10) touches the lines 20 from the corner: at (170, 190) and (190,
  /// 170), about the centre (170, 170).
  @Test func tangentFormRoundsTheCorner() throws {
    let p = try path("move (10, 190) arc tangent1End: (190, 190), tangent2End: (190, 10), radius: 20")
    #expect(p.elements[1] == .line(Point(170, 190)))
    guard case .cubic(_, _, let end) = p.elements.last else { throw ArcFailure() }
    #expect(abs(end.x - 190) < 1e-9 && abs(end.y - 170) < 1e-9)
    #expect(ArcTests.radialError(ScenePath(Array(p.elements.dropFirst())), Point(170, 170), 20) < 2.8e-4)
    // On one line: a line to the corner.
    let straight = try path("move (0, 0) arc tangent1End: (50, 0), tangent2End: (100, 0), radius: 5")
    #expect(straight.elements == [.move(Point(0, 0)), .line(Point(50, 0))])
  }

  @Test func errors() {
    Support.expectError(
      "path { arc (1, 1), radius: 5, startAngle: 0, endAngle: 90deg }", "expected an angle, found a number")
    Support.expectError(
      "path { arc (1, 1), radius: -5, startAngle: 0deg, endAngle: 90deg }", "expected a radius of 0 or more")
    Support.expectError(
      "path { arc tangent1End: (1, 1), tangent2End: (2, 2), radius: 1 }",
      "'arc' needs a current point; start the path with 'move'")
    Support.expectError("path { arc (1, 1), startAngle: 0deg, endAngle: 90deg }", "radius")
  }
}

struct ArcFailure: Error {}
