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

  /// Where the elements are stored: the same for paths that share their
  /// storage (a shape made once for its size), nil for an empty path. A
  /// key for work done once a storage while every path is held.
  var storage: UnsafeRawPointer? { elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) } }

  /// The box of every point of the path, control points included (the
  /// curves lie in it), in the path's frame; nil for a path of no points.
  public var pointBox: (lo: Point, hi: Point)? {
    var lo = Point(Double.infinity, Double.infinity)
    var hi = Point(-Double.infinity, -Double.infinity)
    forEachPoint { p in
      lo = Point(min(lo.x, p.x), min(lo.y, p.y))
      hi = Point(max(hi.x, p.x), max(hi.y, p.y))
    }
    return lo.x <= hi.x && lo.y <= hi.y ? (lo, hi) : nil
  }

  /// Calls `body` with every point of the path, control points included
  /// (the curves lie in their hull).
  public func forEachPoint(_ body: (Point) -> Void) {
    for e in elements {
      switch e {
      case .move(let p), .line(let p): body(p)
      case .quad(let c, let p):
        body(c)
        body(p)
      case .cubic(let c1, let c2, let p):
        body(c1)
        body(c2)
        body(p)
      case .close: break
      }
    }
  }
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

extension GradientStop {
  /// The unpremultiplied colour at `t` of a gradient with `stops`, as
  /// every backend interpolates (in sRGB, alpha straight, as SVG does),
  /// padded with the end colours beyond the first and last stop. Where
  /// both pads meet (every stop at one place) the near end wins: t = 1
  /// and beyond is the last colour even when every stop is at 1, and t = 0
  /// the first even when all are at 0.
  public static func color(at t: Double, _ stops: [GradientStop]) -> RGBA {
    guard let first = stops.first, let last = stops.last else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
    if t < 0.5 {
      if t <= first.location { return first.color }
      if t >= last.location { return last.color }
    } else {
      if t >= last.location { return last.color }
      if t <= first.location { return first.color }
    }
    for i in 1..<stops.count where t <= stops[i].location {
      let (a, b) = (stops[i - 1], stops[i])
      let span = b.location - a.location
      let f = span > 0 ? (t - a.location) / span : 1
      return RGBA(
        r: a.color.r + (b.color.r - a.color.r) * f, g: a.color.g + (b.color.g - a.color.g) * f,
        b: a.color.b + (b.color.b - a.color.b) * f, a: a.color.a + (b.color.a - a.color.a) * f)
    }
    return last.color
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

/// A radial gradient: circles in the gradient's own plane (points), which
/// `space` maps into the path's frame (the identity, but for an elliptical
/// gradient: the frame's unit square). Colour t is on the circle about
/// `focus + t · (center − focus)` of radius `startRadius + t · (endRadius −
/// startRadius)`, the circle of the largest such t where a point lies on
/// several (SVG 2's and the canvas's two-point cone), t padded to 0…1; a
/// point on no circle of a radius ≥ 0 is not painted. `focus` is `center`
/// but for a focal gradient. `startRadius <= endRadius` (layout swaps the
/// circles and reverses the stops otherwise).
public struct RadialGradient: Hashable, Sendable {
  public var stops: [GradientStop]
  public var center: Point
  public var startRadius: Double
  public var endRadius: Double
  /// The start circle's centre.
  public var focus: Point
  /// The gradient's plane into the path's frame.
  public var space: Transform
  public init(
    stops: [GradientStop], center: Point, startRadius: Double, endRadius: Double, focus: Point? = nil,
    space: Transform = .identity
  ) {
    self.stops = stops
    self.center = center
    self.startRadius = startRadius
    self.endRadius = endRadius
    self.focus = focus ?? center
    self.space = space
  }

  /// Whether the circles share a centre (every point then on one circle).
  public var isConcentric: Bool { focus == center }

  /// The gradient's t (not yet padded) at `distance` from the centre, for
  /// concentric circles.
  @inline(__always)
  public func t(atDistance distance: Double) -> Double {
    (distance - startRadius) / (endRadius - startRadius)
  }

  /// The gradient's t (not yet padded) at the point `p` of its plane, for
  /// circles from a focus of radius 0 (as layout settles them): the larger
  /// root s ≥ 0 of |p − focus − s·(center − focus)| = s·endRadius; nil
  /// where no circle passes.
  @inline(__always)
  public func t(atFocal p: Point) -> Double? {
    let (dx, dy) = (center.x - focus.x, center.y - focus.y)
    let (px, py) = (p.x - focus.x, p.y - focus.y)
    let a = dx * dx + dy * dy - endRadius * endRadius
    let pd = px * dx + py * dy
    let pp = px * px + py * py
    if abs(a) < 1e-9 * max(1, endRadius * endRadius) {
      // The focus on the end circle: one root.
      return pd > 0 ? pp / (2 * pd) : nil
    }
    let disc = pd * pd - a * pp
    guard disc >= 0 else { return nil }
    let q = disc.squareRoot()
    let (s0, s1) = ((pd + q) / a, (pd - q) / a)
    let s = max(s0, s1)
    return s >= 0 ? s : nil
  }
}

/// An angular (conic) gradient in the path's frame: colour t on the ray
/// from `center` at angle `startAngle + t · (endAngle − startAngle)`.
/// Angles are radians, 0 pointing along +x of the frame and growing
/// clockwise on screen (y down), as SwiftUI's `AngularGradient`;
/// `startAngle < endAngle`. When the range is less than a full turn, the
/// angles outside it take the nearer end's colour: the gap is split in
/// the middle.
public struct ConicGradient: Hashable, Sendable {
  public var stops: [GradientStop]
  public var center: Point
  public var startAngle: Double
  public var endAngle: Double
  public init(stops: [GradientStop], center: Point, startAngle: Double, endAngle: Double) {
    self.stops = stops
    self.center = center
    self.startAngle = startAngle
    self.endAngle = endAngle
  }

  /// The gradient's t (0…1, padded) at the angle `theta` (radians) of a
  /// frame point seen from `center`.
  public func t(atAngle theta: Double) -> Double {
    let span = endAngle - startAngle
    guard span > 0 else { return 1 }
    let turn = 2 * Double.pi
    let gap = max(0, turn - span)
    // The angle brought into [start − gap/2, start − gap/2 + turn).
    let low = startAngle - gap / 2
    var a = (theta - low).truncatingRemainder(dividingBy: turn)
    if a < 0 { a += turn }
    return min(1, max(0, (a + low - startAngle) / span))
  }
}

/// What paints a path (gradients boxed: a solid colour, the common case,
/// is all a fill holds inline).
public enum Paint: Hashable, Sendable {
  case solid(RGBA)
  indirect case linear(LinearGradient)
  indirect case radial(RadialGradient)
  indirect case conic(ConicGradient)
}

/// How a stroke's open ends are drawn (SVG's `stroke-linecap`).
public enum LineCap: String, Hashable, Sendable {
  case butt, round, square
}

/// How a stroke turns a corner (SVG's `stroke-linejoin`).
public enum LineJoin: String, Hashable, Sendable {
  case miter, round, bevel
}

/// How a path's outline is stroked: lengths in the path's frame (points),
/// like the path itself, so the fill's transform scales them too.
public struct StrokeStyle: Hashable, Sendable {
  /// The line's width.
  public var width: Double
  public var cap: LineCap
  public var join: LineJoin
  /// A miter longer than `miterLimit` times the width is drawn as a
  /// bevel (SVG's and SwiftUI's rule; default 10).
  public var miterLimit: Double
  /// Dash and gap lengths, alternating, repeated; empty for a solid line.
  /// Never all zero, never negative.
  public var dash: [Double]
  /// How far into the dash pattern each subpath starts.
  public var dashPhase: Double

  public init(
    width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10, dash: [Double] = [],
    dashPhase: Double = 0
  ) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.dash = dash
    self.dashPhase = dashPhase
  }
}

/// One painted path: its inside filled by `rule`, or, with a `stroke`
/// style, its outline stroked.
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
  /// Nil: the inside is painted. Otherwise the outline, drawn with this
  /// style (in the element's frame), is painted instead (`rule` is then
  /// unused: an outline is filled non-zero).
  public var stroke: StrokeStyle?
  /// The words the shape draws, when it is text (for accessibility: the
  /// SVG keeps them as its label).
  public var text: String?
  /// Where the shape was written, for warnings about it (not part of
  /// what it draws).
  public var origin: FillOrigin?

  public init(
    path: ScenePath, transform: Transform, paint: Paint, opacity: Double, rule: FillRule,
    stroke: StrokeStyle? = nil
  ) {
    self.path = path
    self.transform = transform
    self.paint = paint
    self.opacity = opacity
    self.rule = rule
    self.stroke = stroke
  }
}

/// Where a fill comes from: the element that drew it and, when that is
/// inside a component, the outermost use of a component that placed it on
/// the canvas. Two origins are always equal: where a shape was written is
/// not part of what it draws, so fills that draw the same compare equal.
/// Kept in 24 bytes (a fill of a large scene holds one): the use of a
/// component by reference, shared by the fills it places, and the node as
/// 32 bits.
public struct FillOrigin: Hashable, Sendable {
  /// The element (or built-in shape, or text) that made the fill.
  public var element: SourceRange
  /// The outermost component use it was drawn through, if any.
  var site: CallSite?
  /// The node, or −1 for none.
  private var nodeIndex: Int32

  /// The outermost component use it was drawn through, if any: the name
  /// and where it is used.
  public var call: (name: String, range: SourceRange)? {
    get { site.map { ($0.name, $0.range) } }
    set { site = newValue.map { CallSite(name: $0.name, range: $0.range) } }
  }
  /// Its node in the layout record (`LayoutRecord.nodes`), when the layout
  /// was recorded.
  public var node: Int? {
    get { nodeIndex < 0 ? nil : Int(nodeIndex) }
    set { nodeIndex = newValue.map { Int32(clamping: $0) } ?? -1 }
  }

  public init(element: SourceRange, call: (name: String, range: SourceRange)? = nil, node: Int? = nil) {
    self.element = element
    self.site = call.map { CallSite(name: $0.name, range: $0.range) }
    self.nodeIndex = node.map { Int32(clamping: $0) } ?? -1
  }

  public static func == (a: FillOrigin, b: FillOrigin) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

/// A use of a component: its name and where it is used (shared by the
/// fills it places).
final class CallSite: Sendable {
  let name: String
  let range: SourceRange
  init(name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }
}

/// One shape of a clip: the inside of `path` (by `rule`) in the frame
/// that `transform` maps onto the canvas.
public struct ClipPath: Hashable, Sendable {
  public var path: ScenePath
  public var transform: Transform
  public var rule: FillRule
  public init(path: ScenePath, transform: Transform, rule: FillRule) {
    self.path = path
    self.transform = transform
    self.rule = rule
  }
}

/// A drop shadow: the alpha of what it is under, blurred by a Gaussian
/// of deviation `sigma`, moved by `offset` and tinted with `color`.
/// All in canvas points.
public struct Shadow: Hashable, Sendable {
  public var color: RGBA
  /// The Gaussian's standard deviation along the canvas' x and y.
  public var sigma: Point
  public var offset: Point
  public init(color: RGBA, sigma: Point, offset: Point) {
    self.color = color
    self.sigma = sigma
    self.offset = offset
  }
}

/// A node of the scene, in drawing order. Every group composites its
/// children together first, then applies its effect.
public enum SceneNode: Hashable, Sendable {
  case fill(Fill)
  /// Children composited together, then drawn with `opacity` (a group
  /// opacity: overlaps inside the group are not darker).
  case layer(opacity: Double, children: [SceneNode])
  /// Children drawn only inside the union of `clip`'s shapes.
  case clip([ClipPath], children: [SceneNode])
  /// Children whose alpha is multiplied by the alpha of `mask` drawn
  /// (SwiftUI's `.mask`: the mask's colours do not matter).
  case mask([SceneNode], children: [SceneNode])
  /// Children drawn over their shadow.
  case shadow(Shadow, children: [SceneNode])
  /// Children blurred by a Gaussian of deviation `sigma` (canvas points,
  /// along x and y), colour and alpha alike.
  case blur(sigma: Point, children: [SceneNode])
  /// Children composited together, then each pixel's colour changed by
  /// the matrix (SwiftUI's colour effects, see ColorMatrix.swift).
  case colorEffect(ColorMatrix, children: [SceneNode])
  /// Children composited together (in isolation), then drawn over what is
  /// behind them in the nearest enclosing group (or the canvas) through
  /// the blend mode: SwiftUI's `.blendMode`, CSS's `mix-blend-mode`.
  case blend(BlendMode, children: [SceneNode])
}

extension SceneNode {
  /// The node drawn through `t` after its own transforms; an effect's
  /// deviations grow as `t` stretches each canvas axis, as they were made
  /// (`LayoutEngine.sigma`).
  /// `site`: the use of a component that places the node, recorded as
  /// its fills' outermost one (made once by the caller, for all the nodes
  /// it places).
  func transformed(by t: Transform, site: CallSite?) -> SceneNode {
    func all(_ nodes: [SceneNode]) -> [SceneNode] { nodes.map { $0.transformed(by: t, site: site) } }
    switch self {
    case .fill(var f):
      f.transform = t * f.transform
      if let site { f.origin?.site = site }
      return .fill(f)
    case .layer(let opacity, let children):
      return .layer(opacity: opacity, children: all(children))
    case .clip(let shapes, let children):
      return .clip(
        shapes.map { ClipPath(path: $0.path, transform: t * $0.transform, rule: $0.rule) }, children: all(children))
    case .mask(let mask, let children):
      return .mask(all(mask), children: all(children))
    case .shadow(var s, let children):
      let k = t.axisStretch
      s.sigma = Point(s.sigma.x * k.x, s.sigma.y * k.y)
      s.offset = Point(t.a * s.offset.x + t.c * s.offset.y, t.b * s.offset.x + t.d * s.offset.y)
      return .shadow(s, children: all(children))
    case .blur(let sigma, let children):
      let k = t.axisStretch
      return .blur(sigma: Point(sigma.x * k.x, sigma.y * k.y), children: all(children))
    case .colorEffect(let m, let children):
      return .colorEffect(m, children: all(children))
    case .blend(let mode, let children):
      return .blend(mode, children: all(children))
    }
  }

  /// Changes the group's children in place (a fill has none): the node
  /// lets go of them first, so that `f` changes the only copy.
  mutating func updateChildren(_ f: (inout [SceneNode]) -> Void) {
    let none: [SceneNode] = []
    switch self {
    case .fill: return
    case .layer(let o, var c):
      self = .layer(opacity: o, children: none)
      f(&c)
      self = .layer(opacity: o, children: c)
    case .clip(let shapes, var c):
      self = .clip(shapes, children: none)
      f(&c)
      self = .clip(shapes, children: c)
    case .mask(let m, var c):
      self = .mask(m, children: none)
      f(&c)
      self = .mask(m, children: c)
    case .shadow(let s, var c):
      self = .shadow(s, children: none)
      f(&c)
      self = .shadow(s, children: c)
    case .blur(let sigma, var c):
      self = .blur(sigma: sigma, children: none)
      f(&c)
      self = .blur(sigma: sigma, children: c)
    case .colorEffect(let m, var c):
      self = .colorEffect(m, children: none)
      f(&c)
      self = .colorEffect(m, children: c)
    case .blend(let mode, var c):
      self = .blend(mode, children: none)
      f(&c)
      self = .blend(mode, children: c)
    }
  }

  /// Changes a mask's content in place (other nodes have none).
  mutating func updateMask(_ f: (inout [SceneNode]) -> Void) {
    guard case .mask(var m, let c) = self else { return }
    self = .mask([], children: c)
    f(&m)
    self = .mask(m, children: c)
  }

  /// The groups' children (and a mask's content), for walking the tree.
  public var children: [SceneNode] {
    switch self {
    case .fill: return []
    case .layer(_, let c), .clip(_, let c), .shadow(_, let c), .blur(_, let c), .colorEffect(_, let c),
      .blend(_, let c):
      return c
    case .mask(let m, let c): return m + c
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

  /// Every fill, depth first, in drawing order (a mask's before what it
  /// masks).
  public var fills: [Fill] {
    var out: [Fill] = []
    forEachFill { out.append($0) }
    return out
  }

  /// Calls `body` with every fill, in the order of `fills`, without
  /// gathering them (a large scene's list of fills was a fifth of its
  /// memory).
  public func forEachFill(_ body: (Fill) -> Void) {
    func walk(_ nodes: [SceneNode]) {
      for n in nodes {
        switch n {
        case .fill(let f): body(f)
        case .mask(let m, let c):
          walk(m)
          walk(c)
        case .layer(_, let c), .clip(_, let c), .shadow(_, let c), .blur(_, let c), .colorEffect(_, let c),
          .blend(_, let c):
          walk(c)
        }
      }
    }
    walk(nodes)
  }
}
