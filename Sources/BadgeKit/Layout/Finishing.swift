// The layout's last step: the drawn scene in, the scene every backend
// reads out. Two things are settled here, once, so that the SVG and the
// rasterizer cannot disagree on them:
// - coordinates: a shape reaching farther than `maximumCoordinate` points
//   from the canvas' origin is an error (SVG numbers and the renderers that
//   read them cannot carry such values faithfully);
// - gradients: ends and stop offsets put where the SVG writes them (three
//   decimals, ends in canvas space), and a gradient whose ends meet there
//   is its last stop's colour, as SVG paints a gradient of no length.
// A shape drawn wholly off the canvas is a warning (OffCanvas.swift).

extension LayoutEngine {
  /// The farthest a shape may reach from the canvas' origin, in points.
  static let maximumCoordinate = 1e9

  /// Settles the gradient ends of `nodes`; reports (at `range`, the badge's
  /// name) a shape that reaches too far, and warns of a shape drawn
  /// wholly outside the `canvas`.
  func finish(_ nodes: inout [SceneNode], at range: SourceRange, canvas: Size) {
    var extents: [UnsafeRawPointer?: Double] = [:]
    var offCanvas = OffCanvasCheck(canvas: canvas)
    var reported = false
    // Reports `message` the first time only: one error for the badge.
    func report(_ message: Message) {
      if !reported { evaluator.report(message, range) }
      reported = true
    }
    // Reports a blur, an offset or a point too large for the backends.
    func far(_ reach: Double) {
      if !(reach <= LayoutEngine.maximumCoordinate) { report(.coordinateOutOfRange(LayoutEngine.magnitude(reach))) }
    }
    // Reports a path that `t` puts too far (`pad`: how far a stroke
    // reaches beyond it, in the path's frame).
    func check(_ path: ScenePath, _ t: Transform, pad: Double = 0) {
      let key = path.storage
      let extent = (extents[key] ?? LayoutEngine.extent(of: path))
      extents[key] = extent
      let reach0 = extent + pad
      // The transform's own entries count too: a scale of 1e19 on a
      // path of 1e-12 stays small, but no backend can carry the scale.
      far(
        max(
          (abs(t.a) + abs(t.c)) * reach0 + abs(t.tx), (abs(t.b) + abs(t.d)) * reach0 + abs(t.ty), reach0,
          abs(t.a), abs(t.b), abs(t.c), abs(t.d)))
    }
    // Warns of a fill drawn wholly off the canvas (`pad`: its stroke's
    // reach in its frame; `margin`: the reach of blurs and shadows around
    // it, in canvas points).
    func warnOffCanvas(_ f: Fill, pad: Double, margin: Double) {
      guard let origin = f.origin, let box = offCanvas.bounds(of: f, pad: pad) else { return }
      let notes = origin.call.map { [Note("in component '\($0.name)', used here", at: $0.range)] } ?? []
      if offCanvas.misses(box, margin: margin) {
        evaluator.warn(offCanvas.message(box), origin.element, notes: notes)
      } else if let text = f.text, let cut = offCanvas.cutMessage(text, box) {
        // Text that the canvas cuts is text the reader cannot read.
        evaluator.warn(cut, origin.element, notes: notes)
      }
    }
    // Settles one fill's gradient and checks how far it reaches.
    func settle(_ f: inout Fill, _ margin: Double, drawn: Bool) {
      let t = f.transform
      // A stroke reaches half its width beyond the path, a square cap
      // √2 times that, a miter up to the limit times the width.
      let pad = f.stroke.map { $0.width * ($0.join == .miter ? max(1, $0.miterLimit) : 1) } ?? 0
      check(f.path, t, pad: pad)
      // (A shape too far for the backends is an error already.)
      if drawn && !reported { warnOffCanvas(f, pad: pad, margin: margin) }
      // Gradients are written in canvas space too: their ends,
      // centres and radii must be carried as well.
      switch f.paint {
      case .solid:
        break
      case .linear(let g):
        f.paint = LayoutEngine.settled(g, t)
        if case .linear(let settled) = f.paint, let (q0, q1) = settled.canvasEnds(t) {
          far(max(abs(q0.x), abs(q0.y), abs(q1.x), abs(q1.y)))
        }
      case .radial(let g):
        let toCanvas = t * g.space
        let (c, focus) = (toCanvas.apply(g.center), toCanvas.apply(g.focus))
        let s = toCanvas.frameStretch
        far(
          max(
            abs(c.x), abs(c.y), abs(focus.x), abs(focus.y), g.endRadius * s, g.startRadius * s, g.endRadius,
            abs(g.center.x), abs(g.center.y)))
        f.paint = LayoutEngine.settled(g, t)
        // A focus carried far off by a start radius close to the end one.
        if case .radial(let settled) = f.paint {
          let apex = toCanvas.apply(settled.focus)
          far(max(abs(apex.x), abs(apex.y)))
        }
      case .conic(var g):
        let c = t.apply(g.center)
        far(max(abs(c.x), abs(c.y), abs(g.center.x), abs(g.center.y)))
        // Angles past a million radians carry no precision.
        if !(abs(g.startAngle) <= 1e6 && abs(g.endAngle) <= 1e6) { report(.angleOutOfRange) }
        g.stops = LayoutEngine.settledStops(g.stops)
        f.paint = .conic(g)
      }
    }
    // `margin`: how far blurs and shadows around the nodes reach, in
    // canvas points; `drawn`: false inside a mask's content (which is
    // not drawn itself). In place: a large scene's nodes are not copied.
    func visit(_ nodes: inout [SceneNode], _ margin: Double = 0, drawn: Bool = true) {
      for i in nodes.indices {
        switch nodes[i] {
        case .fill(var f):
          settle(&f, margin, drawn: drawn)
          nodes[i] = .fill(f)
        case .clip(let shapes, _):
          for c in shapes { check(c.path, c.transform) }
          nodes[i].updateChildren { visit(&$0, margin, drawn: drawn) }
        case .shadow(let s, _):
          far(max(abs(s.sigma.x), abs(s.sigma.y), abs(s.offset.x), abs(s.offset.y)))
          let reach = 3 * max(abs(s.sigma.x), abs(s.sigma.y)) + max(abs(s.offset.x), abs(s.offset.y))
          nodes[i].updateChildren { visit(&$0, margin + reach, drawn: drawn) }
        case .blur(let sigma, _):
          far(max(abs(sigma.x), abs(sigma.y)))
          let reach = 3 * max(abs(sigma.x), abs(sigma.y))
          nodes[i].updateChildren { visit(&$0, margin + reach, drawn: drawn) }
        case .layer, .colorEffect, .blend:
          nodes[i].updateChildren { visit(&$0, margin, drawn: drawn) }
        case .mask:
          nodes[i].updateMask { visit(&$0, margin, drawn: false) }
          nodes[i].updateChildren { visit(&$0, margin, drawn: drawn) }
        }
      }
    }
    visit(&nodes)
  }

  /// A huge distance as a message shows it: `1e15`, `infinity`.
  static func magnitude(_ x: Double) -> String {
    guard x.isFinite else { return "infinity" }
    var e = 0
    var v = x
    while v >= 10 {
      v /= 10
      e += 1
    }
    // A reach just past the limit is written whole, so that it never
    // reads as the limit itself.
    if e == 9 && Int(v) == 1 && x > maximumCoordinate { return formatForMessage(x.rounded(.up)) }
    return "\(Int(v))e\(e)"
  }

  /// The largest absolute coordinate of any point of `path`, control
  /// points included (infinity if one is not finite).
  static func extent(of path: ScenePath) -> Double {
    var m = 0.0
    func see(_ p: Point) {
      let v = max(abs(p.x), abs(p.y))
      m = v.isNaN ? .infinity : max(m, v)
    }
    path.forEachPoint(see)
    return m
  }

  /// The paint of gradient `g` in a fill drawn through `t`, settled as
  /// the SVG writes it: ends in canvas space with three decimals, stop
  /// offsets with three decimals, each at least the one before (as SVG
  /// reads them); a solid colour, the last stop's, when the ends meet.
  static func settled(_ g: LinearGradient, _ t: Transform) -> Paint {
    let r = round3
    let last = g.stops.last?.color ?? RGBA(r: 0, g: 0, b: 0)
    guard let (q0, q1) = g.canvasEnds(t) else { return .solid(last) }
    let (start, end) = (Point(r(q0.x), r(q0.y)), Point(r(q1.x), r(q1.y)))
    guard start != end, let (p0, p1) = LinearGradient.frameEnds(canvasStart: start, canvasEnd: end, t) else {
      return .solid(last)
    }
    return .linear(LinearGradient(stops: settledStops(g.stops), start: p0, end: p1))
  }

  /// Stop offsets as SVG reads them: three decimals, each at least the one
  /// before. The array is shared, not copied, when no offset moves (fills
  /// of one gradient share one list of stops).
  static func settledStops(_ stops: [GradientStop]) -> [GradientStop] {
    var stops = stops
    var floor = 0.0
    for i in stops.indices {
      floor = max(floor, min(1, max(0, round3(stops[i].location))))
      if stops[i].location != floor { stops[i].location = floor }
    }
    return stops
  }

  /// `x` with three decimals, as the SVG writes it.
  static func round3(_ x: Double) -> Double { (x * 1000).rounded(.toNearestOrAwayFromZero) / 1000 }

  /// The paint of radial gradient `g` in a fill drawn through `t`, settled
  /// as the SVG writes it: a start radius folded into the stop offsets
  /// (offset' = (r0 + offset · (r1 − r0)) / r1) and a focus moved to the
  /// cone's apex, where the circles' radius is 0 (focus' = focus + s ·
  /// (center − focus), s = −r0 / (r1 − r0)), so that SVG 1.1 needs no `fr`:
  /// the same circles, each with its colour. Under a rotation and scale,
  /// the centre, focus and radius are on the canvas at three decimals. A
  /// gradient of no radius is its last colour; one of equal radii about
  /// two centres (a cone with no apex) its last colour too, as the other
  /// backends cannot draw it.
  static func settled(_ g: RadialGradient, _ t: Transform) -> Paint {
    let last = g.stops.last?.color ?? RGBA(r: 0, g: 0, b: 0)
    var (center, focus) = (g.center, g.focus)
    var (r0, r1) = (g.startRadius, g.endRadius)
    let toCanvas = t * g.space
    let concentric = g.isConcentric
    // A map the SVG's matrix would flatten (a frame thousands of times
    // wider than tall) paints the last colour there: here too.
    if toCanvas.svgUniformScale(tolerance: 1e-3) == nil && SVGMatrix(toCanvas) == nil { return .solid(last) }
    // Under a similarity the SVG writes points and radii on the canvas,
    // at three decimals: the same numbers here.
    let similarity = toCanvas.similarityScale.flatMap { s in toCanvas.inverted.map { (scale: s, inverse: $0) } }
    func rounded(_ p: Point) -> Point {
      guard let inverse = similarity?.inverse else { return p }
      let q = toCanvas.apply(p)
      return inverse.apply(Point(round3(q.x), round3(q.y)))
    }
    if let s = similarity?.scale {
      center = rounded(center)
      focus = concentric ? center : rounded(focus)
      r0 = round3(r0 * s) / s
      r1 = round3(r1 * s) / s
    }
    guard r1 > 0, r1.isFinite else { return .solid(last) }
    var stops = g.stops
    if r0 > 0 {
      guard r1 > r0 || concentric else { return .solid(last) }
      let s = -r0 / (r1 - r0)
      if !concentric {
        focus = rounded(Point(focus.x + s * (center.x - focus.x), focus.y + s * (center.y - focus.y)))
      }
      stops = stops.map { GradientStop(color: $0.color, location: (r0 + $0.location * (r1 - r0)) / r1) }
    }
    return .radial(
      RadialGradient(
        stops: settledStops(stops), center: center, startRadius: 0, endRadius: r1, focus: focus, space: g.space))
  }
}
