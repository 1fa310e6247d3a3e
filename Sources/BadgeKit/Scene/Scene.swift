// The scene: what layout hands the backends. Only absolute geometry: every
// path is in its element's own frame (points) with the transform that maps
// that frame onto the canvas; paints are in the same frame as their path.
// Nothing here is relative to a container.

/// How a path's inside is decided.
public enum FillRule: String, Hashable, Sendable {
  case nonZero = "nonzero"
  case evenOdd = "evenodd"
}

/// One segment-building step of a path; coordinates in the element's frame,
/// in points.
public enum PathElement: Hashable, Sendable {
  case move(Point)
  case line(Point)
  /// A quadratic Bézier to `to` with control point `control`.
  case quad(control: Point, to: Point)
  /// A cubic Bézier to `to` with control points `c1` and `c2`.
  case cubic(c1: Point, c2: Point, to: Point)
  case close
}

/// A path: subpaths of lines and curves, in one element's frame (points).
public struct ScenePath: Hashable, Sendable {
  public var elements: [PathElement]
  public init(_ elements: [PathElement] = []) { self.elements = elements }
}

/// A colour stop of a gradient: a colour at a fraction 0…1 along it.
public struct GradientStop: Hashable, Sendable {
  public var color: RGBA
  public var location: Double
  public init(color: RGBA, location: Double) {
    self.color = color
    self.location = location
  }
}

/// A linear gradient between two points of the path's frame (points),
/// padded with the end colours beyond them.
public struct LinearGradient: Hashable, Sendable {
  public var stops: [GradientStop]
  public var start: Point
  public var end: Point

  /// The same gradient drawn through `t`, as a gradient of canvas space:
  /// its ends there (the start's image, and the end of the canvas vector
  /// along which the colour changes). A skewing `t` turns the gradient's
  /// lines of equal colour, so the canvas end is not simply the end's
  /// image. Nil when `t` is singular or the gradient has no length.
  public func canvasEnds(_ t: Transform) -> (start: Point, end: Point)? {
    guard let inverse = t.inverted else { return nil }
    let d = Point(end.x - start.x, end.y - start.y)
    let len2 = d.x * d.x + d.y * d.y
    guard len2 > 0 else { return nil }
    // t(q) = d · (inverse(q) − start) / |d|², a linear function of q whose
    // gradient is inverseᵀ d / |d|².
    let g = Point((inverse.a * d.x + inverse.b * d.y) / len2, (inverse.c * d.x + inverse.d * d.y) / len2)
    let g2 = g.x * g.x + g.y * g.y
    guard g2 > 0, g2.isFinite else { return nil }
    let q0 = t.apply(start)
    return (q0, Point(q0.x + g.x / g2, q0.y + g.y / g2))
  }

  /// The gradient of the fill's frame that `t` draws as the canvas
  /// gradient from `start` to `end` (the inverse of `canvasEnds`).
  static func frameEnds(canvasStart q0: Point, canvasEnd q1: Point, _ t: Transform) -> (start: Point, end: Point)? {
    guard let inverse = t.inverted else { return nil }
    let e = Point(q1.x - q0.x, q1.y - q0.y)
    let e2 = e.x * e.x + e.y * e.y
    guard e2 > 0 else { return nil }
    // In the frame, t(p) = (t(p) − q0) · e / |e|² = (p − p0) · tᵀe / |e|².
    let v = Point((t.a * e.x + t.b * e.y) / e2, (t.c * e.x + t.d * e.y) / e2)
    let v2 = v.x * v.x + v.y * v.y
    guard v2 > 0, v2.isFinite else { return nil }
    let p0 = inverse.apply(q0)
    return (p0, Point(p0.x + v.x / v2, p0.y + v.y / v2))
  }
}

/// What fills a path.
public enum Paint: Hashable, Sendable {
  case solid(RGBA)
  case linear(LinearGradient)
}

/// One filled path.
public struct Fill: Hashable, Sendable {
  /// The geometry, in the element's frame (points).
  public var path: ScenePath
  /// Maps the element's frame onto the canvas (points).
  public var transform: Transform
  /// The paint, in the element's frame.
  public var paint: Paint
  /// Opacity from 0 to 1, applied to this fill alone.
  public var opacity: Double
  public var rule: FillRule
}

/// A node of the scene, in drawing order.
public enum SceneNode: Hashable, Sendable {
  case fill(Fill)
  /// Children composited together, then drawn with `opacity` (a group
  /// opacity: overlaps inside the group are not darker).
  case layer(opacity: Double, children: [SceneNode])
}

extension SceneNode {
  /// The node drawn through `t` after its own transforms.
  public func transformed(by t: Transform) -> SceneNode {
    switch self {
    case .fill(var f):
      f.transform = t * f.transform
      return .fill(f)
    case .layer(let opacity, let children):
      return .layer(opacity: opacity, children: children.map { $0.transformed(by: t) })
    }
  }
}

/// A laid-out badge: the canvas size and what to draw on it.
public struct Scene: Hashable, Sendable {
  /// The badge's name.
  public var name: String
  /// The canvas, in points; its origin is the top-left corner, y down.
  public var size: Size
  /// What to draw, back to front.
  public var nodes: [SceneNode]

  /// Every fill, depth first, in drawing order.
  public var fills: [Fill] {
    var out: [Fill] = []
    func walk(_ nodes: [SceneNode]) {
      for n in nodes {
        switch n {
        case .fill(let f): out.append(f)
        case .layer(_, let children): walk(children)
        }
      }
    }
    walk(nodes)
    return out
  }
}
