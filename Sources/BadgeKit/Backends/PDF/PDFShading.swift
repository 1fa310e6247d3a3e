// Gradients for the PDF writer: a paint in, a shading pattern out, in the
// fill's own frame (the pattern's matrix maps that frame onto the page, so
// a gradient under any affine map is drawn exactly). The colour between
// stops is one stitching function of linear pieces, interpolated in sRGB
// with alpha straight, as the other backends do; the pads beyond the ends
// are the shadings' `Extend`. Linear gradients are axial shadings (type 2),
// radial ones radial shadings (type 3: from the focus' circle to the
// centre's, with PDF's rule of the larger t where circles overlap, as the
// canvas has it; an elliptical one's matrix stretches its unit square over
// the frame), angular ones a
// Coons-patch mesh (type 6) of wedges around the centre, each at most 10°
// wide and split where the colour's angle range starts and ends, whose
// parametric value runs from the wedge's first angle to its last (the
// wedges' sides are cubic arcs, whose parameter follows the angle to
// within 0.003° at 10°).

extension PDFBuilder {
  /// The farthest a fill paints from a conic gradient's centre, in its frame
  /// (its path's points, and a stroke's reach beyond them), plus a point.
  static func reach(_ f: Fill) -> Double {
    guard case .conic(let g) = f.paint else { return 0 }
    var far = 0.0
    f.path.forEachPoint { p in
      let (dx, dy) = (p.x - g.center.x, p.y - g.center.y)
      far = max(far, (dx * dx + dy * dy).squareRoot())
    }
    if let s = f.stroke { far += s.width / 2 * max(s.miterLimit, 1.5) }
    return far + 1
  }

  /// The name of the shading pattern painting `paint` (a gradient) in the
  /// frame that `toPage` maps onto the page; `grey`: its alphas as grey
  /// levels instead of its colours. `reach`: how far from a conic
  /// gradient's centre it must paint.
  func shading(_ paint: Paint, _ toPage: Transform, reach: Double, grey: Bool) -> String {
    let space = grey ? "/DeviceGray" : "/DeviceRGB"
    let function = PDFBuilder.function(paint.stops, grey: grey)
    let n = { PDFContent.number($0, 4) }
    // A radial gradient's circles are in its own plane.
    var toPage = toPage
    if case .radial(let g) = paint { toPage = toPage * g.space }
    let matrix = PDFContent.matrix(toPage)
    var key = "\(grey) \(matrix) "
    let shading: () -> Int
    switch paint {
    case .solid:
      preconditionFailure("a solid colour has no shading")
    case .linear(let g):
      let body =
        "<< /ShadingType 2 /ColorSpace \(space) /Coords [\(n(g.start.x)) \(n(g.start.y)) \(n(g.end.x)) \(n(g.end.y))]"
        + " /Function \(function) /Extend [true true] >>"
      key += body
      shading = { self.add(Array(body.utf8)) }
    case .radial(let g):
      let (cx, cy) = (n(g.center.x), n(g.center.y))
      let (fx, fy) = (n(g.focus.x), n(g.focus.y))
      let r0 = min(max(0, g.startRadius), g.endRadius)
      let body =
        "<< /ShadingType 3 /ColorSpace \(space) /Coords [\(fx) \(fy) \(n(r0)) \(cx) \(cy) \(n(g.endRadius))]"
        + " /Function \(function) /Extend [true true] >>"
      key += body
      shading = { self.add(Array(body.utf8)) }
    case .conic(let g):
      let radius = max(1, reach)
      key += "conic \(g.center) \(g.startAngle) \(g.endAngle) \(radius) \(function)"
      shading = {
        let (data, decode) = PDFBuilder.wedges(g, radius: radius)
        let dictionary =
          "/ShadingType 6 /ColorSpace \(space) /BitsPerCoordinate 32 /BitsPerComponent 16 /BitsPerFlag 8"
          + " /Decode [\(decode)] /Function \(function)"
        return self.add(PDFFile.stream(dictionary, data))
      }
    }
    return pattern(key) {
      let object = shading()
      return add(Array("<< /Type /Pattern /PatternType 2 /Shading \(object) 0 R /Matrix [\(matrix)] >>".utf8))
    }
  }

  /// The colour (or, `grey`, the alpha) at t in 0…1 of a gradient with
  /// `stops`, as a PDF function: linear pieces between the stops, the
  /// end colours from 0 to the first stop and from the last to 1, a hard
  /// step where stops share a place.
  static func function(_ stops: [GradientStop], grey: Bool) -> String {
    guard let first = stops.first, let last = stops.last else { return "" }
    // The places and colours the pieces run between, held to 0…1 and in
    // order as the SVG writer writes them.
    var points: [(t: Double, c: RGBA)] = [(0, first.color)]
    var previous = 0.0
    for s in stops {
      let t = max(previous, min(1, max(0, s.location)))
      previous = t
      points.append((t, s.color))
    }
    points.append((1, last.color))
    func channels(_ c: RGBA) -> String {
      let values = grey ? [c.a] : [c.r, c.g, c.b]
      return "[" + values.map { PDFContent.number(min(1, max(0, $0)), 4) }.joined(separator: " ") + "]"
    }
    var pieces: [String] = []
    var bounds: [Double] = []
    for i in 1..<points.count where points[i].t > points[i - 1].t {
      if !pieces.isEmpty { bounds.append(points[i - 1].t) }
      pieces.append(
        "<< /FunctionType 2 /Domain [0 1] /C0 \(channels(points[i - 1].c)) /C1 \(channels(points[i].c)) /N 1 >>")
    }
    if pieces.count == 1 { return pieces[0] }
    let encode = Array(repeating: "0 1", count: pieces.count).joined(separator: " ")
    let places = bounds.map { PDFContent.number($0, 6) }.joined(separator: " ")
    return "<< /FunctionType 3 /Domain [0 1] /Functions [\(pieces.joined(separator: " "))] /Bounds [\(places)]"
      + " /Encode [\(encode)] >>"
  }

  /// The Coons patches of an angular gradient out to `radius` from its
  /// centre, as a type 6 shading's data, and its `Decode` array.
  static func wedges(_ g: ConicGradient, radius: Double) -> (data: [UInt8], decode: String) {
    let turn = 2 * Double.pi
    let span = g.endAngle - g.startAngle
    let gap = max(0, turn - span)
    let low = g.startAngle - gap / 2
    // The angles where t starts and stops changing, within one turn from
    // the middle of the gap (where the colour jumps from the last to the
    // first).
    var cuts = [low]
    for a in [g.startAngle, min(g.endAngle, low + turn)] where a > cuts.last! && a < low + turn { cuts.append(a) }
    cuts.append(low + turn)
    var angles: [Double] = []
    for i in 1..<cuts.count {
      let pieces = max(1, Int(((cuts[i] - cuts[i - 1]) / (Double.pi / 18)).rounded(.up)))
      for k in 0..<pieces { angles.append(cuts[i - 1] + (cuts[i] - cuts[i - 1]) * Double(k) / Double(pieces)) }
    }
    angles.append(low + turn)
    let (cx, cy) = (g.center.x, g.center.y)
    // The decoding box, as written (four decimals).
    func written(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
    let (x0, x1) = (written(cx - radius * 1.01), written(cx + radius * 1.01))
    let (y0, y1) = (written(cy - radius * 1.01), written(cy + radius * 1.01))
    var data: [UInt8] = []
    func coordinate(_ v: Double, _ lo: Double, _ hi: Double) {
      let q = UInt32(min(max(0, ((v - lo) / (hi - lo) * 4_294_967_295).rounded()), 4_294_967_295))
      data += [UInt8(q >> 24), UInt8((q >> 16) & 0xFF), UInt8((q >> 8) & 0xFF), UInt8(q & 0xFF)]
    }
    func point(_ p: Point) {
      coordinate(p.x, x0, x1)
      coordinate(p.y, y0, y1)
    }
    func value(_ t: Double) {
      let q = UInt16(min(max(0, (t * 65535).rounded()), 65535))
      data += [UInt8(q >> 8), UInt8(q & 0xFF)]
    }
    let c = g.center
    for i in 1..<angles.count {
      let (a0, a1) = (angles[i - 1], angles[i])
      // t at either side, taken just inside the wedge: at a cut the two
      // sides belong to different pieces.
      let t0 = g.t(atAngle: a0 + (a1 - a0) * 1e-9)
      let t1 = g.t(atAngle: a1 - (a1 - a0) * 1e-9)
      let p0 = Point(cx + radius * cosOf(a0), cy + radius * sinOf(a0))
      let p3 = Point(cx + radius * cosOf(a1), cy + radius * sinOf(a1))
      let k = 4 / 3 * tanOf((a1 - a0) / 4) * radius
      let p1 = Point(p0.x - k * sinOf(a0), p0.y + k * cosOf(a0))
      let p2 = Point(p3.x + k * sinOf(a1), p3.y - k * cosOf(a1))
      func along(_ p: Point, _ f: Double) -> Point { Point(cx + (p.x - cx) * f, cy + (p.y - cy) * f) }
      data.append(0)  // a patch of its own
      // The boundary: out from the centre to p0, the arc to p3, back to
      // the centre, and the centre itself (a side of no length).
      for p in [c, along(p0, 1 / 3), along(p0, 2 / 3), p0, p1, p2, p3, along(p3, 2 / 3), along(p3, 1 / 3), c, c, c] {
        point(p)
      }
      // Corners p00, p03, p33, p30.
      for t in [t0, t0, t1, t1] { value(t) }
    }
    let n = { PDFContent.number($0, 4) }
    return (data, "\(n(x0)) \(n(x1)) \(n(y0)) \(n(y1)) 0 1")
  }
}
