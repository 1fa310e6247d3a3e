// SwiftUI's continuous corners (`RoundedRectangle(cornerRadius:, style:
// .continuous)`): the corner iOS draws since iOS 7, whose curvature grows
// from the straight edge instead of jumping to a circle's. Drawn from the
// published description of that curve (PaintCode's "iOS 7 rounded
// rectangle", the construction UIKit's `bezierPathWithRoundedRect` uses):
// each corner leaves its edge 1.52866483 radii before the corner, in three
// cubics joined by two short lines, symmetric about the diagonal. The
// radius is at most the shorter side over 2 · 1.52866483, as there, so
// that the corners never overlap.

extension BuiltinShape {
  /// How far along each edge a corner of radius 1 reaches.
  static let continuousExtent = 1.52866483

  /// One corner from the edge it leaves to the edge it joins, in units of
  /// the radius: (a, b) is a back along the incoming edge from the corner
  /// and b along the outgoing one. The points after the start: cubics as
  /// (control, control, end), lines as one point.
  static let continuousCorner: [[(Double, Double)]] = [
    [(1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)],
    [(0.63149399, 0.07491100)],
    [(0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399)],
    [(0.06549600, 0.66993427)],
    [(0, 0.86840689), (0, 1.08849323), (0, 1.52866483)],
  ]

  /// A rectangle at `o` of size `s` with continuous corners of `radius`,
  /// clockwise from the top edge (where a circular one starts).
  static func continuousRectangle(_ o: Point, _ s: Size, radius: Double) -> ScenePath {
    let r = max(0, min(radius, min(s.width, s.height) / 2 / continuousExtent))
    let (x0, y0, x1, y1) = (o.x, o.y, o.x + s.width, o.y + s.height)
    guard r > 0 else {
      return ScenePath([.move(Point(x0, y0)), .line(Point(x1, y0)), .line(Point(x1, y1)), .line(Point(x0, y1)), .close])
    }
    let e = continuousExtent * r
    // Each corner: its point, the direction back along the incoming edge
    // and along the outgoing one.
    let corners: [(Point, Point, Point)] = [
      (Point(x1, y0), Point(-1, 0), Point(0, 1)),  // top-right
      (Point(x1, y1), Point(0, -1), Point(-1, 0)),  // bottom-right
      (Point(x0, y1), Point(1, 0), Point(0, -1)),  // bottom-left
      (Point(x0, y0), Point(0, 1), Point(1, 0)),  // top-left
    ]
    var out: [PathElement] = [.move(Point(x0 + e, y0))]
    for (c, back, along) in corners {
      func at(_ p: (Double, Double)) -> Point {
        Point(c.x + (back.x * p.0 + along.x * p.1) * r, c.y + (back.y * p.0 + along.y * p.1) * r)
      }
      out.append(.line(at((continuousExtent, 0))))
      for piece in continuousCorner {
        if piece.count == 3 {
          out.append(.cubic(c1: at(piece[0]), c2: at(piece[1]), to: at(piece[2])))
        } else {
          out.append(.line(at(piece[0])))
        }
      }
    }
    out.append(.close)
    return ScenePath(out)
  }
}

extension BuiltinShape {
  /// SwiftUI's `UnevenRoundedRectangle`: a rectangle at `o` of size `s`
  /// whose corners (top-right, bottom-right, bottom-left, top-left) have
  /// radii of their own, quarter circles or continuous corners, clockwise
  /// from the top edge. A radius is at most half the shorter side (a
  /// continuous one, that over 1.52866483), as for one radius.
  static func unevenRectangle(_ o: Point, _ s: Size, radii: [Double], continuous: Bool) -> ScenePath {
    let (x0, y0, x1, y1) = (o.x, o.y, o.x + s.width, o.y + s.height)
    let most = min(s.width, s.height) / 2 / (continuous ? continuousExtent : 1)
    let r = radii.map { max(0, min($0, most)) }
    let corners: [(Point, Point, Point)] = [
      (Point(x1, y0), Point(-1, 0), Point(0, 1)),
      (Point(x1, y1), Point(0, -1), Point(-1, 0)),
      (Point(x0, y1), Point(1, 0), Point(0, -1)),
      (Point(x0, y0), Point(0, 1), Point(1, 0)),
    ]
    let reach = continuous ? continuousExtent : 1
    var out: [PathElement] = [.move(Point(x0 + reach * r[3], y0))]
    for (k, (c, back, along)) in corners.enumerated() {
      let rk = r[k]
      func at(_ p: (Double, Double)) -> Point {
        Point(c.x + (back.x * p.0 + along.x * p.1) * rk, c.y + (back.y * p.0 + along.y * p.1) * rk)
      }
      out.append(.line(at((reach, 0))))
      guard rk > 0 else { continue }
      if continuous {
        for piece in continuousCorner {
          if piece.count == 3 {
            out.append(.cubic(c1: at(piece[0]), c2: at(piece[1]), to: at(piece[2])))
          } else {
            out.append(.line(at(piece[0])))
          }
        }
      } else {
        let k = 1 - BuiltinShape.kappa
        out.append(.cubic(c1: at((k, 0)), c2: at((0, k)), to: at((0, 1))))
      }
    }
    out.append(.close)
    return ScenePath(out)
  }
}
