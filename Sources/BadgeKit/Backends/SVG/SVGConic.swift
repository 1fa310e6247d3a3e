// Conic gradients for the SVG writer, which SVG has none of: the gradient is
// cut into wedges of one colour each (fine enough that neighbours differ by
// about 1/255 a channel), drawn from the centre out past the shape, under a
// `<mask>` of the shape in white. Hands the wedges to `SVGConicWriter`.

/// A conic gradient cut into wedges, in its frame: angles in radians from
/// the seam `low` round to `low + 2π`, growing clockwise on screen.
struct SVGConic {
  /// One wedge: from frame angle `from` to `to`, painted with the
  /// gradient's (unpremultiplied) colour at its middle.
  struct Wedge {
    var from: Double
    var to: Double
    var color: RGBA
  }

  /// The wedges, in drawing order (by angle).
  var wedges: [Wedge] = []
  /// The seam's angle: where t jumps (from the last colour to the first).
  var low: Double
  /// The first wedge of the second half turn (from `low + π` on).
  var split = 0

  /// At most this many wedges where the colour changes (more only when
  /// the gradient has more stops).
  static let maximumWedges = 2048
  /// The widest wedge: its strip of overlap needs less than a half turn.
  static let widest = Double.pi / 2

  /// The wedges of `g`; `step(a, b)` is the largest change between the
  /// colours `a` and `b` of a channel that is drawn (0…1). A wedge
  /// boundary falls on every stop, on the seam and half a turn from it.
  init(_ g: ConicGradient, step: (RGBA, RGBA) -> Double) {
    let turn = 2 * Double.pi
    let span = g.endAngle - g.startAngle
    let gap = max(0, turn - span)
    low = g.startAngle - gap / 2
    let high = low + turn
    let middle = low + Double.pi
    var cuts = [low, middle, high]
    if gap > 0 { cuts += [g.startAngle, g.endAngle] }
    for stop in g.stops {
      let a = g.startAngle + stop.location * span
      if a > low && a < high { cuts.append(a) }
    }
    cuts.sort()
    func t(_ angle: Double) -> Double { span > 0 ? min(1, max(0, (angle - g.startAngle) / span)) : 1 }

    // Each piece between cuts is one stretch of a linear gradient (or of
    // one colour): its wedges are as many as its largest change in 1/255,
    // and none wider than `widest`.
    var pieces: [(from: Double, to: Double, count: Int, least: Int)] = []
    for (a, b) in zip(cuts, cuts.dropFirst()) where b - a > 1e-12 {
      let (ta, tb) = (t(a), t(b))
      let inside = (tb - ta) * 1e-6
      let change =
        ta == tb ? 0 : step(SVGConic.color(at: ta + inside, g.stops), SVGConic.color(at: tb - inside, g.stops))
      let least = Int(((b - a) / SVGConic.widest).rounded(.up))
      pieces.append((a, b, max(least, Int((change * 255 * (1 + 3e-6) - 1e-9).rounded(.up))), least))
    }
    let total = pieces.reduce(0) { $0 + $1.count }
    if total > SVGConic.maximumWedges {
      let share = Double(SVGConic.maximumWedges) / Double(total)
      for i in pieces.indices { pieces[i].count = max(pieces[i].least, Int(Double(pieces[i].count) * share)) }
    }
    for p in pieces {
      for j in 0..<p.count {
        let from = p.from + (p.to - p.from) * Double(j) / Double(p.count)
        let to = j == p.count - 1 ? p.to : p.from + (p.to - p.from) * Double(j + 1) / Double(p.count)
        if from < middle { split = wedges.count + 1 }
        wedges.append(Wedge(from: from, to: to, color: SVGConic.color(at: t((from + to) / 2), g.stops)))
      }
    }
  }

  /// The unpremultiplied colour at `t` of a gradient with `stops`, as
  /// linear gradients interpolate (in sRGB, alpha straight), padded with
  /// the end colours beyond the first and last stop. Where both pads meet
  /// (every stop at one place) t = 1 and beyond is the last colour, t = 0
  /// the first.
  static func color(at t: Double, _ stops: [GradientStop]) -> RGBA {
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

/// Where a conic gradient's wedges lie on the canvas: triangles (or fans
/// of them, for wide wedges) from the centre out past the shape's box,
/// drawn through the fill's transform, each with a strip `overlap` wide
/// along its leading edge that the next wedge covers (so no background
/// shows through the anti-aliased seams between them).
struct SVGConicGeometry {
  /// The fill's transform: frame to canvas.
  let transform: Transform
  /// The gradient's centre, in the frame.
  let center: Point
  /// A radius of the frame whose circle, drawn, holds the shape's box.
  let radius: Double

  /// The strip's width, in canvas points.
  static let overlap = 2.0

  /// Nil when the transform flattens the plane (the shape covers
  /// nothing).
  init?(center: Point, transform t: Transform, box: SVGBox) {
    let c = t.apply(center)
    let reach = box.corners.map { (($0.x - c.x) * ($0.x - c.x) + ($0.y - c.y) * ($0.y - c.y)).squareRoot() }.max()!
    let (high, low) = t.svgStretches
    guard low > 1e-9 * high, low > 0, reach.isFinite else { return nil }
    transform = t
    self.center = center
    radius = (reach + SVGConicGeometry.overlap * 2) / low
  }

  /// The canvas point at frame angle `angle` and frame distance `r` from
  /// the centre.
  func point(_ angle: Double, _ r: Double) -> Point {
    transform.apply(Point(center.x + r * cosOf(angle), center.y + r * sinOf(angle)))
  }

  /// The canvas unit vector across the ray at frame angle `angle`, toward
  /// growing angles.
  func normal(_ angle: Double) -> Point {
    let t = transform
    let (c, s) = (cosOf(angle), sinOf(angle))
    let ray = Point(t.a * c + t.c * s, t.b * c + t.d * s)
    let turning = Point(-t.a * s + t.c * c, -t.b * s + t.d * c)
    var n = Point(-ray.y, ray.x)
    if n.x * turning.x + n.y * turning.y < 0 { n = Point(-n.x, -n.y) }
    let length = (n.x * n.x + n.y * n.y).squareRoot()
    return Point(n.x / length, n.y / length)
  }

  /// The wedge from frame angle `from` to `to` (less than a half turn
  /// apart) with its leading strip, and with `backward` a strip along its
  /// trailing edge too, in canvas coordinates.
  func wedge(from: Double, to: Double, backward: Bool) -> ScenePath {
    let pieces = max(1, Int(((to - from) / (Double.pi / 4)).rounded(.up)))
    let r = radius / cosOf((to - from) / Double(pieces) / 2)
    let c = transform.apply(center)
    let w = SVGConicGeometry.overlap
    func plus(_ p: Point, _ n: Point, _ k: Double) -> Point { Point(p.x + k * n.x, p.y + k * n.y) }
    var e: [PathElement] = []
    let first = point(from, r)
    if backward {
      let n = normal(from)
      e += [.move(plus(c, n, -w)), .line(plus(first, n, -w)), .line(first)]
    } else {
      e += [.move(c), .line(first)]
    }
    for j in 1...pieces {
      e.append(.line(point(j == pieces ? to : from + (to - from) * Double(j) / Double(pieces), r)))
    }
    let n = normal(to)
    e += [.line(plus(point(to, r), n, w)), .line(plus(c, n, w))]
    if backward { e.append(.line(c)) }
    e.append(.close)
    return ScenePath(e)
  }

  /// The half of the plane from frame angle `from` round to `from + π`,
  /// as far as the wedges reach, in canvas coordinates.
  func halfPlane(from: Double) -> ScenePath {
    let r = radius / cosOf(Double.pi / 8)
    var e: [PathElement] = [.move(point(from, r))]
    for j in 1...4 { e.append(.line(point(from + Double.pi * Double(j) / 4, r))) }
    e.append(.close)
    return ScenePath(e)
  }
}
