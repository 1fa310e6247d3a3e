// Paint for the SVG writer: one fill (other than a conic gradient's) as a
// `<path>` or `<use>` element with its fill or stroke attributes, and the
// linear and radial gradients it refers to, each defined once in `<defs>`.
// In a mask's content (`whiten`) every colour is written white with its
// alpha kept, so that SVG 1.1's luminance mask is the content's alpha.

extension SVGWriter.State {
  /// `f` as one element, without indentation or line break. A stroke
  /// drawn through a map that does not scale every direction alike is
  /// written in its frame (scaled, `SVGMatrix`) under `transform=matrix`,
  /// so that SVG stretches its pen as the map does.
  mutating func element(_ f: Fill, whiten: Bool) -> String {
    if let i = plan.sharedIndex(f) {
      let t = f.transform
      var transform = "translate(\(SVGText.number(t.tx)) \(SVGText.number(t.ty)))"
      let angle = SVGText.number(t.rotationDegrees)
      if angle != "0" { transform += " rotate(\(angle))" }
      let attributes = paintAttributes(f, t, lengthScale: plan.shared[i].scale, whiten: whiten)
      return "<use xlink:href=\"#p\(i)\" transform=\"\(transform)\"\(attributes)\(label(f))\(source(f, whiten))/>"
    }
    var toUser = f.transform
    var lengthScale = 1.0
    var matrix = ""
    if f.stroke != nil {
      let t = f.transform
      if let s = t.svgUniformScale() {
        lengthScale = s
      } else if let m = SVGMatrix(t) {
        toUser = m.inward * t
        lengthScale = m.scale
        matrix = " transform=\"\(m.text)\""
      } else {
        // A map that (nearly) flattens the plane: the stroke is (nearly)
        // a line of no width whatever it is written as.
        lengthScale = abs(t.a * t.d - t.b * t.c).squareRoot()
      }
    }
    let attributes = paintAttributes(f, toUser, lengthScale: lengthScale, whiten: whiten)
    return "<path d=\"\(f.path.svgData(toUser))\"\(matrix)\(attributes)\(label(f))\(source(f, whiten))/>"
  }

  /// With a source map, the shape's layout node and where it is written:
  /// ` data-node="3" data-source="landmark.badge:47:3"` (a mask's content
  /// is not a shape of the picture, and has none).
  func source(_ f: Fill, _ whiten: Bool) -> String {
    guard let map = sourceMap, !whiten, let node = f.origin?.node, node < map.nodes.count else { return "" }
    return " data-node=\"\(node)\" data-source=\"\(SVGText.escaped(map.nodes[node].location))\""
  }

  /// For text, its words as the shape's accessible name:
  /// ` role="img" aria-label="…"`.
  private func label(_ f: Fill) -> String {
    guard let text = f.text else { return "" }
    return " role=\"img\" aria-label=\"\(SVGText.escaped(text))\""
  }

  /// ` fill="…"` and, where needed, ` fill-opacity`, ` fill-rule`; or for
  /// a stroke ` fill="none" stroke="…"` and its style. `toUser` maps the
  /// fill's frame onto the element's user space, where one unit is
  /// `lengthScale` units of the frame.
  mutating func paintAttributes(_ f: Fill, _ toUser: Transform, lengthScale: Double, whiten: Bool) -> String {
    let (value, alpha) = paintValue(f.paint, toUser, whiten: whiten)
    let opacity = f.opacity * alpha
    guard let stroke = f.stroke else {
      var s = " fill=\"\(value)\""
      if opacity < 1 { s += " fill-opacity=\"\(SVGText.number(opacity))\"" }
      if f.rule == .evenOdd { s += " fill-rule=\"evenodd\"" }
      return s
    }
    var s = " fill=\"none\" stroke=\"\(value)\""
    if opacity < 1 { s += " stroke-opacity=\"\(SVGText.number(opacity))\"" }
    return s + SVGWriter.strokeAttributes(stroke, scale: lengthScale)
  }

  /// A colour (`#rrggbb`) or a gradient (`url(#id)`) for `paint` in the
  /// user space `toUser` maps the frame onto, and the alpha it adds.
  mutating func paintValue(_ paint: Paint, _ toUser: Transform, whiten: Bool) -> (String, Double) {
    func solid(_ c: RGBA) -> (String, Double) { (whiten ? "#ffffff" : SVGText.hex(c), c.a) }
    switch paint {
    case .solid(let c):
      return solid(c)
    case .linear(let g):
      // The layout settled the gradient: its ends do not meet here.
      let (start, end) = g.canvasEnds(toUser) ?? (toUser.apply(g.start), toUser.apply(g.end))
      var rest = " gradientUnits=\"userSpaceOnUse\""
      rest += " x1=\"\(SVGText.number(start.x))\" y1=\"\(SVGText.number(start.y))\""
      rest += " x2=\"\(SVGText.number(end.x))\" y2=\"\(SVGText.number(end.y))\">\n"
      rest += SVGWriter.stops(g.stops, whiten: whiten) { $0 }
      rest += "    </linearGradient>\n"
      return ("url(#\(define("g", "linearGradient", rest)))", 1)
    case .radial(let g):
      guard let geometry = SVGWriter.radialGeometry(g, toUser) else {
        return solid(GradientStop.color(at: 1, g.stops))
      }
      let (r0, r1) = (min(max(0, g.startRadius), g.endRadius), g.endRadius)
      var rest = " gradientUnits=\"userSpaceOnUse\"" + geometry + ">\n"
      rest += SVGWriter.stops(g.stops, whiten: whiten) { (r0 + $0 * (r1 - r0)) / r1 }
      rest += "    </radialGradient>\n"
      return ("url(#\(define("g", "radialGradient", rest)))", 1)
    case .conic(let g):
      // (Conic gradients are drawn by `conic`; this is their colour when
      // they show one only.)
      return solid(GradientStop.color(at: 1, g.stops))
    }
  }
}

extension SVGWriter {
  /// The `<stop>` lines of a gradient, each offset `map`ped, held to 0…1
  /// and to at least the offset before it (as SVG reads them), so that
  /// offsets stay in order once written with three decimals.
  static func stops(_ stops: [GradientStop], whiten: Bool, map: (Double) -> Double) -> String {
    var out = ""
    var previous = 0.0
    for stop in stops {
      let offset = max(previous, min(1, max(0, map(stop.location))))
      previous = offset
      let colour = whiten ? "#ffffff" : SVGText.hex(stop.color)
      out += "      <stop offset=\"\(SVGText.number(offset))\" stop-color=\"\(colour)\""
      if stop.color.a < 1 { out += " stop-opacity=\"\(SVGText.number(stop.color.a))\"" }
      out += "/>\n"
    }
    return out
  }

  /// ` cx cy r` of a radial gradient drawn through `toUser` (and ` fx fy`
  /// for a focus, a `gradientTransform` when the map from the gradient's
  /// plane is not uniform), or nil when the gradient paints its last
  /// colour only (no radius, or a map that flattens the plane). A map
  /// uniform within 0.1% is taken as uniform: the circle is then off by at
  /// most 0.1% of its radius, a colour error under a quarter of 1/255.
  static func radialGeometry(_ g: RadialGradient, _ toUser: Transform) -> String? {
    guard g.endRadius > 0, g.endRadius.isFinite else { return nil }
    let map = toUser * g.space
    let toGradient: (Point) -> Point
    let radius: Double
    var transform = ""
    if let k = map.svgUniformScale(tolerance: 1e-3) {
      toGradient = { map.apply($0) }
      radius = g.endRadius * k
    } else if let m = SVGMatrix(map) {
      toGradient = { m.inward.apply(map.apply($0)) }
      radius = g.endRadius * m.scale
      transform = " gradientTransform=\"\(m.text)\""
    } else {
      return nil
    }
    let centre = toGradient(g.center)
    var out = " cx=\"\(SVGText.number(centre.x))\" cy=\"\(SVGText.number(centre.y))\" r=\"\(SVGText.number(radius))\""
    if !g.isConcentric {
      let focus = toGradient(g.focus)
      let (fx, fy) = (SVGText.number(focus.x), SVGText.number(focus.y))
      if fx != SVGText.number(centre.x) || fy != SVGText.number(centre.y) {
        out += " fx=\"\(fx)\" fy=\"\(fy)\""
      }
    }
    return out + transform
  }

  /// The stroke's width, cap, join, miter limit and dashes, its lengths
  /// times `scale` (user units per frame unit). Defaults are left out:
  /// butt caps, miter joins, no dashes; the miter limit is written
  /// whenever it is not SVG's default of 4 and joins are mitred.
  static func strokeAttributes(_ s: StrokeStyle, scale: Double) -> String {
    var out = " stroke-width=\"\(SVGText.number(max(0, s.width) * scale))\""
    if s.cap != .butt { out += " stroke-linecap=\"\(s.cap.rawValue)\"" }
    if s.join != .miter {
      out += " stroke-linejoin=\"\(s.join.rawValue)\""
    } else {
      let limit = SVGText.number(max(1, s.miterLimit))
      if limit != "4" { out += " stroke-miterlimit=\"\(limit)\"" }
    }
    if !s.dash.isEmpty {
      let dashes = s.dash.map { SVGText.number(max(0, $0) * scale) }
      out += " stroke-dasharray=\"\(dashes.joined(separator: " "))\""
      let phase = SVGText.number(s.dashPhase * scale)
      if phase != "0" { out += " stroke-dashoffset=\"\(phase)\"" }
    }
    return out
  }
}
