// Shading: a scene paint, its fill's opacity and the transform from the
// fill's frame to pixels in; the premultiplied colour of any pixel out.
// Gradients are interpolated like SVG's, in unpremultiplied sRGB, into a
// table of premultiplied colours (one a pixel along the gradient, 1024 to
// 8192); t is an affine function of the pixel centre, padded to [0, 1].

/// The colour source of one fill, in pixel coordinates.
enum Shader {
  case solid(Pixel)
  /// t = gx·x + gy·y + g0 at a pixel centre; colour = table[t · (count−1)].
  case linear(table: [Pixel], gx: Float, gy: Float, g0: Float)

  static let tableSize = 1024
  static let maximumTableSize = 8192

  /// The shader of `paint` for a fill drawn onto `canvas` (pixels)
  /// through `m`.
  init(_ paint: Paint, opacity: Double, toPixels m: Transform, canvas: Size) {
    switch paint {
    case .solid(let c):
      self = .solid(Pixels.pack(c, opacity: opacity))
    case .radial(let g):
      self = .solid(Pixels.pack(Shader.color(at: 1, g.stops), opacity: opacity))
    case .conic(let g):
      self = .solid(Pixels.pack(Shader.color(at: 1, g.stops), opacity: opacity))
    case .linear(let g):
      let (vx, vy) = (g.end.x - g.start.x, g.end.y - g.start.y)
      let len2 = vx * vx + vy * vy
      let det = m.a * m.d - m.b * m.c
      guard len2 > 0, det != 0 else {
        // A gradient of no length paints its last colour (as SVG).
        self = .solid(Pixels.pack(Shader.color(at: 1, g.stops), opacity: opacity))
        return
      }
      // The gradient's direction divided by its length: t = u · (q − start)
      // for a frame point q, and q is the inverse of m at the pixel.
      let (ux, uy) = (vx / len2, vy / len2)
      let (ia, ib, ic, id) = (m.d / det, -m.b / det, -m.c / det, m.a / det)
      let itx = -(ia * m.tx + ic * m.ty)
      let ity = -(ib * m.tx + id * m.ty)
      let gx = ux * ia + uy * ib
      let gy = ux * ic + uy * id
      let g0 = ux * (itx - g.start.x) + uy * (ity - g.start.y)
      // The table covers only the part of [0, 1] that the canvas shows,
      // with an entry a pixel along the gradient there (at least 1024, at
      // most 8192): a long gradient seen in part shows no steps.
      let corners = [(0.0, 0.0), (canvas.width, 0), (0, canvas.height), (canvas.width, canvas.height)]
      let ts = corners.map { gx * $0.0 + gy * $0.1 + g0 }
      let lo = max(0, min(1, ts.min()!))
      let hi = max(0, min(1, ts.max()!))
      guard hi > lo, lo.isFinite, hi.isFinite else {
        self = .solid(Pixels.pack(Shader.color(at: lo.isFinite ? lo : 0, g.stops), opacity: opacity))
        return
      }
      let pixels = (hi - lo) / (gx * gx + gy * gy).squareRoot()
      let size =
        pixels.isFinite ? min(Shader.maximumTableSize, max(Shader.tableSize, Int(pixels) + 2)) : Shader.tableSize
      let table = (0..<size).map { i in
        Pixels.pack(Shader.color(at: lo + (hi - lo) * Double(i) / Double(size - 1), g.stops), opacity: opacity)
      }
      // t mapped onto the table: (t − lo) / (hi − lo).
      let span = hi - lo
      self = .linear(table: table, gx: Float(gx / span), gy: Float(gy / span), g0: Float((g0 - lo) / span))
    }
  }

  /// The colour of the whole row `y` when it does not change along x.
  @inline(__always)
  func rowColor(_ y: Int) -> Pixel? {
    switch self {
    case .solid(let p): return p
    case .linear(let table, let gx, let gy, let g0):
      guard gx == 0 else { return nil }
      return Shader.lookup(table, gy * (Float(y) + 0.5) + g0)
    }
  }

  /// The colour at pixel (x, y).
  @inline(__always)
  func color(_ x: Int, _ y: Int) -> Pixel {
    switch self {
    case .solid(let p): return p
    case .linear(let table, let gx, let gy, let g0):
      return Shader.lookup(table, gx * (Float(x) + 0.5) + gy * (Float(y) + 0.5) + g0)
    }
  }

  @inline(__always)
  static func lookup(_ table: [Pixel], _ t: Float) -> Pixel {
    let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
    return table[Int(clamped * Float(table.count - 1) + 0.5)]
  }

  /// The unpremultiplied colour at `t`, padded beyond the first and last
  /// stop. Where both pads meet (every stop at one place), the near end
  /// of the table wins: t = 1 (and beyond) is the last colour even when
  /// every stop is at 1, and t = 0 the first even when all are at 0.
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
