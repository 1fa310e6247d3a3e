// Canvas boxes for the SVG writer: how far what a node draws can reach on
// the canvas (paths' control points, strokes' half-widths times the miter
// limit, blurs' and shadows' spread), for filter and mask regions and for
// how far a conic gradient's wedges must reach. Boxes are conservative:
// never smaller than what is drawn.

/// An axis-aligned box on the canvas, in points (y down).
struct SVGBox: Hashable {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  init(_ p: Point) { (minX, minY, maxX, maxY) = (p.x, p.y, p.x, p.y) }

  init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
  }

  var width: Double { maxX - minX }
  var height: Double { maxY - minY }
  var corners: [Point] { [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)] }

  mutating func add(_ p: Point) {
    minX = min(minX, p.x)
    minY = min(minY, p.y)
    maxX = max(maxX, p.x)
    maxY = max(maxY, p.y)
  }

  func union(_ o: SVGBox) -> SVGBox {
    SVGBox(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
  }

  /// The common part, or nil when the boxes do not meet.
  func intersection(_ o: SVGBox) -> SVGBox? {
    let b = SVGBox(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
    return b.minX <= b.maxX && b.minY <= b.maxY ? b : nil
  }

  /// The box grown by `dx` on the left and right and `dy` above and below.
  func grown(_ dx: Double, _ dy: Double) -> SVGBox {
    SVGBox(minX: minX - dx, minY: minY - dy, maxX: maxX + dx, maxY: maxY + dy)
  }

  func moved(_ d: Point) -> SVGBox {
    SVGBox(minX: minX + d.x, minY: minY + d.y, maxX: maxX + d.x, maxY: maxY + d.y)
  }

  /// `a ∪ b` where nil is the empty box.
  static func union(_ a: SVGBox?, _ b: SVGBox?) -> SVGBox? {
    guard let a else { return b }
    guard let b else { return a }
    return a.union(b)
  }

  /// The control points of `path` through `t`, or nil for an empty path.
  static func of(_ path: ScenePath, _ t: Transform) -> SVGBox? {
    var box: SVGBox?
    func add(_ p: Point) {
      let q = t.apply(p)
      if box == nil { box = SVGBox(q) } else { box!.add(q) }
    }
    path.forEachPoint(add)
    return box
  }

  /// What `f` paints: its path's control points, grown by a stroke's
  /// reach (half its width on the canvas, times the miter limit for
  /// mitred joins and √2 for square caps).
  static func of(_ f: Fill) -> SVGBox? {
    guard let box = of(f.path, f.transform) else { return nil }
    guard let s = f.stroke else { return box }
    let factor = max(s.join == .miter ? max(1, s.miterLimit) : 1, s.cap == .square ? 2.0.squareRoot() : 1)
    let reach = max(0, s.width) / 2 * f.transform.svgStretches.max * factor
    return box.grown(reach, reach)
  }

  /// How far a Gaussian of deviation `sigma` (canvas points) spreads what
  /// it blurs: three deviations (the rest is under 0.3% of the colour)
  /// and a point more, for the pixels that edges partly cover.
  static func spread(_ sigma: Point) -> Point {
    Point(3 * max(0, sigma.x) + 1, 3 * max(0, sigma.y) + 1)
  }
}

/// The canvas box of every group node of a scene (everything but fills),
/// found in one walk before writing, in the order the writer meets them:
/// depth first, a mask's content before what it masks.
struct SVGGroupBoxes {
  /// Per group: a mask's content's box for `.mask`, the children's box
  /// for the others; nil when nothing is drawn there.
  var inner: [SVGBox?] = []

  init(_ nodes: [SceneNode]) { _ = visit(nodes) }

  /// The box of everything `nodes` draw.
  private mutating func visit(_ nodes: [SceneNode]) -> SVGBox? {
    var total: SVGBox?
    for n in nodes { total = SVGBox.union(total, box(n)) }
    return total
  }

  private mutating func box(_ node: SceneNode) -> SVGBox? {
    if case .fill(let f) = node { return SVGBox.of(f) }
    let i = inner.count
    inner.append(nil)
    var drawn: SVGBox?
    switch node {
    case .fill:
      break
    case .layer(_, let c), .colorEffect(_, let c), .blend(_, let c):
      drawn = visit(c)
      inner[i] = drawn
    case .clip(let shapes, let c):
      let children = visit(c)
      inner[i] = children
      let clip = shapes.reduce(nil as SVGBox?) { SVGBox.union($0, SVGBox.of($1.path, $1.transform)) }
      drawn = clip.flatMap { children?.intersection($0) }
    case .mask(let m, let c):
      let mask = visit(m)
      let children = visit(c)
      inner[i] = mask
      drawn = mask.flatMap { children?.intersection($0) }
    case .shadow(let s, let c):
      let children = visit(c)
      inner[i] = children
      drawn = children.map { SVGFilterRegion.shadow(s, $0) }
    case .blur(let sigma, let c):
      let children = visit(c)
      inner[i] = children
      drawn = children.map { SVGFilterRegion.blur(sigma, $0) }
    }
    return drawn
  }
}

/// The regions of the writer's filters: what they draw, in canvas points.
enum SVGFilterRegion {
  /// The children's box and their shadow's: grown by the blur's spread
  /// and moved by the offset.
  static func shadow(_ s: Shadow, _ children: SVGBox) -> SVGBox {
    let d = SVGBox.spread(s.sigma)
    let blurred = children.grown(d.x, d.y)
    return blurred.union(blurred.moved(s.offset))
  }

  static func blur(_ sigma: Point, _ children: SVGBox) -> SVGBox {
    let d = SVGBox.spread(sigma)
    return children.grown(d.x, d.y)
  }
}
