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
        ta == tb ? 0 : step(GradientStop.color(at: ta + inside, g.stops), GradientStop.color(at: tb - inside, g.stops))
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
        wedges.append(Wedge(from: from, to: to, color: GradientStop.color(at: t((from + to) / 2), g.stops)))
      }
    }
  }
}

/// Where a conic gradient's wedges lie on the canvas: the images of the
/// frame's sectors (the rays of a wedge's edges drawn through the fill's
/// transform), as triangles or fans from the centre out past the shape's
/// box, so that every point stays within a box's reach of the shape
/// however the transform stretches. Each has a strip `overlap` wide along
/// its leading edge that the next wedge covers (so no background shows
/// through the anti-aliased seams between them).
struct SVGConicGeometry {
  /// The fill's transform: frame to canvas.
  let transform: Transform
  /// The gradient's centre, in the frame.
  let center: Point
  /// The centre on the canvas.
  let apex: Point
  /// A canvas distance from `apex` past every corner of the shape's box.
  let radius: Double
  /// 1 when the transform keeps the turning sense of angles, −1 when it
  /// mirrors it.
  let sense: Double

  /// The strip's width, in canvas points.
  static let overlap = 2.0

  /// Nil when the transform (nearly) flattens the plane: the shape covers
  /// (nearly) nothing.
  init?(center: Point, transform t: Transform, box: SVGBox) {
    let c = t.apply(center)
    let reach = box.corners.map { (($0.x - c.x) * ($0.x - c.x) + ($0.y - c.y) * ($0.y - c.y)).squareRoot() }.max()!
    let (high, low) = t.svgStretches
    guard low > 1e-12 * high, low > 0, reach.isFinite else { return nil }
    transform = t
    self.center = center
    apex = c
    radius = reach + SVGConicGeometry.overlap * 2
    sense = t.a * t.d - t.b * t.c > 0 ? 1 : -1
  }

  /// The canvas unit vector along the ray at frame angle `angle`.
  func direction(_ angle: Double) -> Point {
    let t = transform
    let (c, s) = (cosOf(angle), sinOf(angle))
    let ray = Point(t.a * c + t.c * s, t.b * c + t.d * s)
    let length = (ray.x * ray.x + ray.y * ray.y).squareRoot()
    return Point(ray.x / length, ray.y / length)
  }

  /// The canvas unit vector across the ray at frame angle `angle`, toward
  /// growing angles.
  func normal(_ angle: Double) -> Point {
    let d = direction(angle)
    return Point(-d.y * sense, d.x * sense)
  }

  /// The wedge from frame angle `from` to `to` (at most a quarter turn
  /// apart) with its leading strip, and with `backward` a strip along its
  /// trailing edge too, in canvas coordinates.
  func wedge(from: Double, to: Double, backward: Bool) -> ScenePath {
    let (a, b) = (direction(from), direction(to))
    // The canvas angle the wedge spans (under a half turn: a linear map
    // keeps a sector under a half turn so), cut into eighths of a turn at
    // most, with corners far enough out that every cut's chord stays
    // past `radius`.
    let sweep = max(0, atan2Of(sense * (a.x * b.y - a.y * b.x), a.x * b.x + a.y * b.y))
    let pieces = max(1, Int((sweep / (Double.pi / 4)).rounded(.up)))
    let r = radius / cosOf(sweep / Double(pieces) / 2)
    let base = atan2Of(a.y, a.x)
    func far(_ j: Int) -> Point {
      if j == 0 { return plus(apex, a, r) }
      if j == pieces { return plus(apex, b, r) }
      let angle = base + sense * sweep * Double(j) / Double(pieces)
      return Point(apex.x + r * cosOf(angle), apex.y + r * sinOf(angle))
    }
    let w = SVGConicGeometry.overlap
    var e: [PathElement] = []
    if backward {
      let n = normal(from)
      e += [.move(plus(apex, n, -w)), .line(plus(far(0), n, -w)), .line(far(0))]
    } else {
      e += [.move(apex), .line(far(0))]
    }
    for j in 1...pieces { e.append(.line(far(j))) }
    let n = normal(to)
    e += [.line(plus(far(pieces), n, w)), .line(plus(apex, n, w))]
    if backward { e.append(.line(apex)) }
    e.append(.close)
    return ScenePath(e)
  }

  /// The half of the plane that the frame's angles from `from` round to
  /// `from + π` are drawn onto, as far as the wedges reach, in canvas
  /// coordinates: a rectangle on the line through the centre.
  func halfPlane(from: Double) -> ScenePath {
    let d = direction(from)
    let side = normal(from)
    let r = radius * 2
    return ScenePath([
      .move(plus(apex, d, r)), .line(plus(plus(apex, d, r), side, r)), .line(plus(plus(apex, d, -r), side, r)),
      .line(plus(apex, d, -r)), .close,
    ])
  }

  private func plus(_ p: Point, _ v: Point, _ k: Double) -> Point { Point(p.x + k * v.x, p.y + k * v.y) }
}
