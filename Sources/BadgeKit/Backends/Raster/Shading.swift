// Shading: a scene paint, its fill's opacity and the transform from the
// fill's frame to pixels in; the premultiplied colour of any pixel out.
// Gradients are interpolated like SVG's, in unpremultiplied sRGB, into a
// table of premultiplied colours (one a pixel along the gradient, 1024 to
// 8192); t is padded to [0, 1]. A linear gradient's t is an affine function
// of the pixel centre; a radial one's the centre's distance from the
// gradient's centre in its plane (the fill's frame, or the unit square an
// elliptical gradient stretches over it), or for a focus the larger root
// of the two-point cone's equation there (no colour where no circle
// passes); a conic one's its angle in the fill's frame.

/// Maps pixel centres back into a fill's frame.
struct PixelToFrame {
  var a, b, c, d, tx, ty: Double
  init?(_ m: Transform) {
    guard let inverse = m.inverted else { return nil }
    (a, b, c, d, tx, ty) = (inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty)
  }
  /// The frame point under the centre of pixel (x, y), less `origin`.
  @inline(__always)
  func apply(_ x: Int, _ y: Int, less origin: Point) -> (Double, Double) {
    let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
    return (a * px + c * py + tx - origin.x, b * px + d * py + ty - origin.y)
  }
}

/// The colour source of one fill, in pixel coordinates.
enum Shader {
  case solid(Pixel)
  /// t = gx·x + gy·y + g0 at a pixel centre; colour = table[t · (count−1)].
  case linear(table: [Pixel], gx: Float, gy: Float, g0: Float)
  /// t = (|q − centre| − r0) / (r1 − r0), q the pixel centre in the frame.
  case radial(table: [Pixel], toFrame: PixelToFrame, gradient: RadialGradient)
  /// t = `gradient.t(atFocal:)` of the pixel centre in the gradient's
  /// plane: circles from a focus of radius 0 (as layout settles them).
  case focal(table: [Pixel], toFrame: PixelToFrame, gradient: RadialGradient)
  /// t = `gradient.t(atAngle:)` of the pixel centre seen from the centre.
  case conic(table: [Pixel], toFrame: PixelToFrame, gradient: ConicGradient)

  static let tableSize = 1024
  static let maximumTableSize = 8192

  /// The shader of `paint` for a fill drawn onto `canvas` (pixels)
  /// through `m`.
  init(_ paint: Paint, opacity: Double, toPixels m: Transform, canvas: Size) {
    switch paint {
    case .solid(let c):
      self = .solid(Pixels.pack(c, opacity: opacity))
    case .radial(let g):
      let span = g.endRadius - g.startRadius
      let m = m * g.space
      guard span > 0, let toFrame = PixelToFrame(m) else {
        self = Shader.last(g.stops, opacity)
        return
      }
      // An entry a pixel along the radius (1024 to 8192).
      let scale = (abs(m.a * m.d - m.b * m.c)).squareRoot()
      let pixels = span * max(scale, m.frameStretch)
      let table = Shader.table(g.stops, pixels, opacity)
      self =
        g.isConcentric
        ? .radial(table: table, toFrame: toFrame, gradient: g) : .focal(table: table, toFrame: toFrame, gradient: g)
    case .conic(let g):
      guard g.endAngle > g.startAngle, let toFrame = PixelToFrame(m) else {
        self = Shader.last(g.stops, opacity)
        return
      }
      // An entry a pixel along the circle through the canvas' far corner.
      let reach = (canvas.width * canvas.width + canvas.height * canvas.height).squareRoot()
      self = .conic(
        table: Shader.table(g.stops, reach * (g.endAngle - g.startAngle), opacity), toFrame: toFrame, gradient: g)
    case .linear(let g):
      let (vx, vy) = (g.end.x - g.start.x, g.end.y - g.start.y)
      let len2 = vx * vx + vy * vy
      let det = m.a * m.d - m.b * m.c
      guard len2 > 0, det != 0 else {
        // A gradient of no length paints its last colour (as SVG).
        self = Shader.last(g.stops, opacity)
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
        self = .solid(Pixels.pack(GradientStop.color(at: lo.isFinite ? lo : 0, g.stops), opacity: opacity))
        return
      }
      let pixels = (hi - lo) / (gx * gx + gy * gy).squareRoot()
      let size =
        Shader.tableSize(pixels)
      let table = (0..<size).map { i in
        Pixels.pack(GradientStop.color(at: lo + (hi - lo) * Double(i) / Double(size - 1), g.stops), opacity: opacity)
      }
      // t mapped onto the table: (t − lo) / (hi − lo).
      let span = hi - lo
      self = .linear(table: table, gx: Float(gx / span), gy: Float(gy / span), g0: Float((g0 - lo) / span))
    }
  }

  /// A gradient of no extent: its last colour, as SVG paints it.
  static func last(_ stops: [GradientStop], _ opacity: Double) -> Shader {
    .solid(Pixels.pack(GradientStop.color(at: 1, stops), opacity: opacity))
  }

  /// Entries for a gradient `pixels` long: one a pixel, 1024 to 8192
  /// (clamped before converting: a huge gradient must not overflow).
  static func tableSize(_ pixels: Double) -> Int {
    guard pixels.isFinite else { return tableSize }
    return Int(min(Double(maximumTableSize), max(Double(tableSize), pixels + 2)))
  }

  /// The colours of `stops` at `t` from 0 to 1, premultiplied with
  /// `opacity`: an entry a pixel along a gradient `pixels` long, 1024 to
  /// 8192 entries.
  static func table(_ stops: [GradientStop], _ pixels: Double, _ opacity: Double) -> [Pixel] {
    let size = tableSize(pixels)
    return (0..<size).map { i in
      Pixels.pack(GradientStop.color(at: Double(i) / Double(size - 1), stops), opacity: opacity)
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
    case .radial, .focal, .conic: return nil
    }
  }

  /// The colours of pixels x0 ..< x1 of row y, left to right, handed to
  /// `body`: as `color(_:_:)` gives them, with the frame point stepped
  /// along the row instead of mapped at every pixel.
  @inline(__always)
  func colors(_ x0: Int, _ x1: Int, _ y: Int, _ body: (Int, Pixel) -> Void) {
    switch self {
    case .radial(let table, let m, let g):
      var (px, py) = m.apply(x0, y, less: g.center)
      table.withUnsafeBufferPointer { t in
        for x in x0..<x1 {
          body(x, Shader.lookup(t, Float(g.t(atDistance: (px * px + py * py).squareRoot()))))
          px += m.a
          py += m.b
        }
      }
    case .focal(let table, let m, let g):
      var (px, py) = m.apply(x0, y, less: Point(0, 0))
      table.withUnsafeBufferPointer { t in
        for x in x0..<x1 {
          body(x, g.t(atFocal: Point(px, py)).map { Shader.lookup(t, Float($0)) } ?? 0)
          px += m.a
          py += m.b
        }
      }
    case .conic(let table, let m, let g):
      var (px, py) = m.apply(x0, y, less: g.center)
      table.withUnsafeBufferPointer { t in
        for x in x0..<x1 {
          body(x, Shader.lookup(t, Float(g.t(atAngle: atan2Of(py, px)))))
          px += m.a
          py += m.b
        }
      }
    case .linear(let table, let gx, let gy, let g0):
      let base = gy * (Float(y) + 0.5) + g0
      table.withUnsafeBufferPointer { t in
        for x in x0..<x1 { body(x, Shader.lookup(t, gx * (Float(x) + 0.5) + base)) }
      }
    case .solid(let p):
      for x in x0..<x1 { body(x, p) }
    }
  }

  /// The colour at pixel (x, y).
  @inline(__always)
  func color(_ x: Int, _ y: Int) -> Pixel {
    switch self {
    case .solid(let p): return p
    case .linear(let table, let gx, let gy, let g0):
      return Shader.lookup(table, gx * (Float(x) + 0.5) + gy * (Float(y) + 0.5) + g0)
    case .radial(let table, let toFrame, let g):
      let (dx, dy) = toFrame.apply(x, y, less: g.center)
      return Shader.lookup(table, Float(g.t(atDistance: (dx * dx + dy * dy).squareRoot())))
    case .focal(let table, let toFrame, let g):
      let (px, py) = toFrame.apply(x, y, less: Point(0, 0))
      return g.t(atFocal: Point(px, py)).map { Shader.lookup(table, Float($0)) } ?? 0
    case .conic(let table, let toFrame, let g):
      let (dx, dy) = toFrame.apply(x, y, less: g.center)
      return Shader.lookup(table, Float(g.t(atAngle: atan2Of(dy, dx))))
    }
  }

  @inline(__always)
  static func lookup(_ table: [Pixel], _ t: Float) -> Pixel {
    table.withUnsafeBufferPointer { lookup($0, t) }
  }

  /// The entry of `table` for `t`, padded to [0, 1] (NaN: 0).
  @inline(__always)
  static func lookup(_ table: UnsafeBufferPointer<Pixel>, _ t: Float) -> Pixel {
    let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
    return table[Int(clamped * Float(table.count - 1) + 0.5)]
  }
}
