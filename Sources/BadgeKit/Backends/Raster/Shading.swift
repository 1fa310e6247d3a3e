// Shading: a scene paint, its fill's opacity and the transform from the
// fill's frame to pixels in; the premultiplied colour of any pixel out.
// Gradients are interpolated like SVG's, in unpremultiplied sRGB, into a
// table of 1024 premultiplied colours; t is an affine function of the pixel
// centre, padded to [0, 1].

/// A premultiplied RGBA colour, channels 0…1, sRGB (not linearised).
typealias Premultiplied = SIMD4<Float>

/// The colour source of one fill, in pixel coordinates.
enum Shader {
  case solid(Premultiplied)
  /// t = gx·x + gy·y + g0 at a pixel centre; colour = table[t · (count−1)].
  case linear(table: [Premultiplied], gx: Float, gy: Float, g0: Float)

  static let tableSize = 1024

  init(_ paint: Paint, opacity: Double, toPixels m: Transform) {
    let o = Float(opacity)
    switch paint {
    case .solid(let c):
      self = .solid(Shader.premultiply(c) * o)
    case .linear(let g):
      let table = Shader.table(g.stops).map { $0 * o }
      // Unit vector along the gradient, divided by its length.
      let (vx, vy) = (g.end.x - g.start.x, g.end.y - g.start.y)
      let len2 = vx * vx + vy * vy
      let det = m.a * m.d - m.b * m.c
      guard len2 > 0, det != 0 else {
        // A gradient of no length paints its last colour (as SVG).
        self = .solid(table[table.count - 1])
        return
      }
      let (ux, uy) = (vx / len2, vy / len2)
      // Inverse of m: pixel → frame.
      let (ia, ib, ic, id) = (m.d / det, -m.b / det, -m.c / det, m.a / det)
      let itx = -(ia * m.tx + ic * m.ty)
      let ity = -(ib * m.tx + id * m.ty)
      // t = u · (inverse(p) − start), affine in p = (x, y).
      let gx = ux * ia + uy * ib
      let gy = ux * ic + uy * id
      let g0 = ux * (itx - g.start.x) + uy * (ity - g.start.y)
      self = .linear(table: table, gx: Float(gx), gy: Float(gy), g0: Float(g0))
    }
  }

  static func premultiply(_ c: RGBA) -> Premultiplied {
    let a = Float(c.a)
    return Premultiplied(Float(c.r) * a, Float(c.g) * a, Float(c.b) * a, a)
  }

  /// The gradient sampled at `tableSize` evenly spaced t from 0 to 1.
  static func table(_ stops: [GradientStop]) -> [Premultiplied] {
    (0..<tableSize).map { i in
      let t = Double(i) / Double(tableSize - 1)
      return premultiply(color(at: t, stops))
    }
  }

  /// The unpremultiplied colour at `t`, padded beyond the first and last stop.
  static func color(at t: Double, _ stops: [GradientStop]) -> RGBA {
    guard let first = stops.first, let last = stops.last else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
    if t <= first.location { return first.color }
    if t >= last.location { return last.color }
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
