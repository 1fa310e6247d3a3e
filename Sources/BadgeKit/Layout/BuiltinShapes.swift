// Built-in shapes, as SwiftUI's: each fills the frame the layout gives it.
// Curves are cubic Béziers (a quarter circle with the usual 0.5523 handle).

/// `rect()`, `roundedRect(radius)`, `circle()`, `ellipse()`, `capsule()`.
enum BuiltinShape: String, CaseIterable {
  case rect, roundedRect, circle, ellipse, capsule

  /// The path of the shape in a frame of `size` (points), or nil after an
  /// argument error.
  func path(_ args: [Argument], in size: Size, _ scope: Scope, _ ev: Evaluator, at range: SourceRange)
    -> ScenePath?
  {
    let params = self == .roundedRect ? ["radius"] : []
    let bound = ev.bind(args, to: params, required: params, callee: rawValue, at: range)
    guard bound.ok else { return nil }
    let w = size.width
    let h = size.height
    switch self {
    case .rect:
      return roundedRectangle(Point(0, 0), size, radius: 0)
    case .roundedRect:
      let a = bound["radius"]!
      guard let r = ev.length(ev.eval(a.value, scope), axis: min(w, h), a.value.range) else { return nil }
      return roundedRectangle(Point(0, 0), size, radius: max(0, min(r, w / 2, h / 2)))
    case .capsule:
      return roundedRectangle(Point(0, 0), size, radius: min(w, h) / 2)
    case .circle:
      let d = min(w, h)
      return ellipsePath(Point((w - d) / 2, (h - d) / 2), Size(d, d))
    case .ellipse:
      return ellipsePath(Point(0, 0), size)
    }
  }

  /// The handle length of a quarter circle of radius 1.
  static let kappa = 0.5522847498307936

  private func ellipsePath(_ o: Point, _ s: Size) -> ScenePath {
    roundedRectangle(o, s, radiusX: s.width / 2, radiusY: s.height / 2)
  }

  private func roundedRectangle(_ o: Point, _ s: Size, radius: Double) -> ScenePath {
    roundedRectangle(o, s, radiusX: radius, radiusY: radius)
  }

  /// A rectangle with elliptical corners, clockwise from the top edge.
  private func roundedRectangle(_ o: Point, _ s: Size, radiusX rx: Double, radiusY ry: Double) -> ScenePath {
    let (x0, y0, x1, y1) = (o.x, o.y, o.x + s.width, o.y + s.height)
    let kx = rx * BuiltinShape.kappa
    let ky = ry * BuiltinShape.kappa
    var e: [PathElement] = [.move(Point(x0 + rx, y0)), .line(Point(x1 - rx, y0))]
    if rx > 0 && ry > 0 {
      e.append(.cubic(c1: Point(x1 - rx + kx, y0), c2: Point(x1, y0 + ry - ky), to: Point(x1, y0 + ry)))
    }
    e.append(.line(Point(x1, y1 - ry)))
    if rx > 0 && ry > 0 {
      e.append(.cubic(c1: Point(x1, y1 - ry + ky), c2: Point(x1 - rx + kx, y1), to: Point(x1 - rx, y1)))
    }
    e.append(.line(Point(x0 + rx, y1)))
    if rx > 0 && ry > 0 {
      e.append(.cubic(c1: Point(x0 + rx - kx, y1), c2: Point(x0, y1 - ry + ky), to: Point(x0, y1 - ry)))
    }
    e.append(.line(Point(x0, y0 + ry)))
    if rx > 0 && ry > 0 {
      e.append(.cubic(c1: Point(x0, y0 + ry - ky), c2: Point(x0 + rx - kx, y0), to: Point(x0 + rx, y0)))
    }
    e.append(.close)
    return ScenePath(e)
  }
}
