// Built-in shapes, as SwiftUI's: each fills the frame the layout gives it
// (points of that frame, y down). Curves are cubic Béziers (a quarter circle
// with the usual 0.5523 handle). Outlines run clockwise on screen from
// where SwiftUI's start, which is where `.trim` measures from: a rectangle
// from its top-left corner, a circle or ellipse from its trailing point.

/// `rect()`, `roundedRect(radius:)`, `circle()`, `ellipse()`, `capsule()`,
/// `polygon(sides:)`, `star(points:, innerRadius:)`.
enum BuiltinShape: String, CaseIterable {
  case rect, roundedRect, unevenRoundedRect, circle, ellipse, capsule, polygon, star

  /// The shape's argument labels, in order.
  var parameters: [String] {
    switch self {
    case .roundedRect: return ["radius", "style"]
    case .unevenRoundedRect: return ["topLeading", "bottomLeading", "bottomTrailing", "topTrailing", "style"]
    case .capsule: return ["style"]
    case .polygon: return ["sides"]
    case .star: return ["points", "innerRadius"]
    default: return []
    }
  }

  /// Whether `style:` asks for SwiftUI's `.continuous` corners (else
  /// `.circular`, the default); nil after an error.
  private func continuous(_ bound: BoundArguments, _ scope: Scope, _ ev: Evaluator) -> Bool? {
    guard let a = bound["style"] else { return false }
    guard let k = ev.keyword(ev.eval(a.value, scope), ["circular", "continuous"], a.value.range) else { return nil }
    return k == "continuous"
  }

  /// The arguments that must be given.
  private var required: [String] {
    switch self {
    case .roundedRect: return ["radius"]
    case .polygon: return ["sides"]
    case .star: return ["points"]
    default: return []
    }
  }

  /// The most corners of a polygon, or points of a star.
  static let maximumCorners = 1000

  /// The path of the shape in a frame of `size` (points), inset by `inset`
  /// points on every side (`.strokeBorder`: the shape SwiftUI's
  /// `inset(by:)` gives), or nil after an argument error.
  func path(
    _ args: [Argument], in size: Size, inset: Double, _ scope: Scope, _ ev: Evaluator, at range: SourceRange
  ) -> ScenePath? {
    let bound = ev.bind(args, to: parameters, required: required, callee: rawValue, at: range)
    guard bound.ok else { return nil }
    let i = min(inset, size.width / 2, size.height / 2)
    let o = Point(i, i)
    let s = Size(size.width - 2 * i, size.height - 2 * i)
    let (w, h) = (s.width, s.height)
    switch self {
    case .rect:
      return roundedRectangle(o, s, radius: 0)
    case .roundedRect:
      let a = bound["radius"]!
      guard let r = ev.length(ev.eval(a.value, scope), axis: min(size.width, size.height), a.value.range) else {
        return nil
      }
      let radius = ev.notNegative(r, "corner radius", a.value.range)
      guard let smooth = continuous(bound, scope, ev) else { return nil }
      if smooth { return BuiltinShape.continuousRectangle(o, s, radius: max(0, radius - i)) }
      return roundedRectangle(o, s, radius: max(0, min(radius - i, w / 2, h / 2)))
    case .unevenRoundedRect:
      // SwiftUI's UnevenRoundedRectangle: a radius a corner (0 by default).
      var radii: [Double] = []
      for name in ["topTrailing", "bottomTrailing", "bottomLeading", "topLeading"] {
        guard let a = bound[name] else {
          radii.append(0)
          continue
        }
        guard let r = ev.length(ev.eval(a.value, scope), axis: min(size.width, size.height), a.value.range) else {
          return nil
        }
        radii.append(max(0, ev.notNegative(r, "corner radius", a.value.range) - i))
      }
      guard let smooth = continuous(bound, scope, ev) else { return nil }
      return BuiltinShape.unevenRectangle(o, s, radii: radii, continuous: smooth)
    case .capsule:
      guard let smooth = continuous(bound, scope, ev) else { return nil }
      if smooth { return BuiltinShape.continuousRectangle(o, s, radius: min(w, h) / 2) }
      return roundedRectangle(o, s, radius: min(w, h) / 2)
    case .circle:
      let d = min(w, h)
      return ellipse(Point(o.x + (w - d) / 2, o.y + (h - d) / 2), Size(d, d))
    case .ellipse:
      return ellipse(o, s)
    case .polygon, .star:
      let countLabel = self == .polygon ? "sides" : "points"
      let a = bound[countLabel]!
      let least = self == .polygon ? 3 : 2
      guard let n = ev.number(ev.eval(a.value, scope), a.value.range) else { return nil }
      guard n == n.rounded(), n >= Double(least), n <= Double(BuiltinShape.maximumCorners) else {
        _ = ev.mismatch(
          "a whole number of \(countLabel) from \(least) to \(BuiltinShape.maximumCorners)", .number(n), a.value.range)
        return nil
      }
      var ratio = 1.0
      if self == .star {
        ratio = 0.382
        if let r = bound["innerRadius"] {
          guard let x = ev.number(ev.eval(r.value, scope), r.value.range) else { return nil }
          guard x >= 0 && x <= 1 else {
            _ = ev.mismatch("an inner radius from 0 to 1 (a fraction of the outer)", .number(x), r.value.range)
            return nil
          }
          ratio = x
        }
      }
      // Centred in the frame, in the circle of the shorter side, the
      // first corner pointing up.
      let outer = min(size.width, size.height) / 2
      let c = Point(size.width / 2, size.height / 2)
      return BuiltinShape.star(
        center: c, outer: max(0, outer - i), inner: max(0, outer * ratio - i),
        corners: Int(n), star: self == .star)
    }
  }

  /// The handle length of a quarter circle of radius 1.
  static let kappa = 0.5522847498307936

  /// A polygon of `corners` corners on the circle of radius `outer`, the
  /// first at the top; a star has a corner on the circle of radius `inner`
  /// between each two.
  static func star(center c: Point, outer: Double, inner: Double, corners n: Int, star: Bool) -> ScenePath {
    var e: [PathElement] = []
    let steps = star ? 2 * n : n
    for k in 0..<steps {
      let angle = -Double.pi / 2 + 2 * Double.pi * Double(k) / Double(steps)
      let r = star && k % 2 == 1 ? inner : outer
      let p = Point(c.x + r * cosOf(angle), c.y + r * sinOf(angle))
      e.append(k == 0 ? .move(p) : .line(p))
    }
    e.append(.close)
    return ScenePath(e)
  }

  /// An ellipse in the rectangle at `o` of size `s`: four quarter arcs
  /// clockwise from its trailing point.
  func ellipse(_ o: Point, _ s: Size) -> ScenePath { BuiltinShape.ellipse(o, s) }

  /// The same, for any caller (the debug frames' anchor dots).
  static func ellipse(_ o: Point, _ s: Size) -> ScenePath {
    let (rx, ry) = (s.width / 2, s.height / 2)
    let (cx, cy) = (o.x + rx, o.y + ry)
    let (kx, ky) = (rx * BuiltinShape.kappa, ry * BuiltinShape.kappa)
    return ScenePath([
      .move(Point(cx + rx, cy)),
      .cubic(c1: Point(cx + rx, cy + ky), c2: Point(cx + kx, cy + ry), to: Point(cx, cy + ry)),
      .cubic(c1: Point(cx - kx, cy + ry), c2: Point(cx - rx, cy + ky), to: Point(cx - rx, cy)),
      .cubic(c1: Point(cx - rx, cy - ky), c2: Point(cx - kx, cy - ry), to: Point(cx, cy - ry)),
      .cubic(c1: Point(cx + kx, cy - ry), c2: Point(cx + rx, cy - ky), to: Point(cx + rx, cy)),
      .close,
    ])
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
