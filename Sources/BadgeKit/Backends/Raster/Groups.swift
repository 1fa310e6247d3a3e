// Groups that are more than an opacity: masks (and clips, which are masks
// of their shapes filled opaque) and effects (shadow, blur). A mask's
// content and its mask are drawn band by band into two layers and
// multiplied. An effect draws its children on a canvas of its own, wider
// and taller than the image by the blur's reach, a window of rows plus that
// reach at a time (a window serves the bands that fall in it), so that
// memory stays bounded by the window plus the reach and shapes beyond the
// image's edges still blur into it.

/// A shadow or blur ready to draw: its children prepared on a canvas of
/// their own, `marginX` columns and `marginY` rows larger than the image on
/// every side (image pixel (x, y) is its pixel (x + marginX, y + marginY)).
final class PreparedEffect {
  /// The children on the effect's own canvas.
  let content: RasterRenderer
  let marginX: Int
  let marginY: Int
  /// The Gaussian's deviation, in pixels along x and y.
  let sigma: (x: Double, y: Double)
  /// For a shadow: its colour (premultiplied) and offset in pixels; nil
  /// for a blur.
  let shadow: (color: Pixel, dx: Double, dy: Double)?
  /// The image pixels the effect may change.
  let bounds: PixelBounds
  /// Layers nested inside the children.
  let groupDepth: Int
  /// The columns and rows of the effect's canvas the blurred content may
  /// reach.
  let spread: PixelBounds
  /// Image rows a window holds (bands falling in a window are drawn from
  /// it; each window is drawn with the reach above and below it).
  let window: Int

  init(_ node: SceneNode, canvasWidth w: Int, canvasHeight h: Int, toPixels: Transform, _ costs: inout PreparationCosts)
  {
    let scale = (abs(toPixels.a * toPixels.d - toPixels.b * toPixels.c)).squareRoot()
    var sigma = Point(0, 0)
    var children: [SceneNode] = []
    var shadow: (color: Pixel, dx: Double, dy: Double)?
    switch node {
    case .shadow(let s, let c):
      sigma = s.sigma
      children = c
      let d = Point(
        toPixels.a * s.offset.x + toPixels.c * s.offset.y, toPixels.b * s.offset.x + toPixels.d * s.offset.y)
      shadow = (Pixels.pack(s.color), d.x, d.y)
    case .blur(let s, let c):
      sigma = s
      children = c
    default:
      break
    }
    self.sigma = (min(sigma.x * scale, PreparedEffect.maximumSigma), min(sigma.y * scale, PreparedEffect.maximumSigma))
    self.shadow = shadow
    // The blur's reach: three box blurs reach about 2.8σ; an offset moves
    // the shadow farther.
    let reachX = BoxBlur.reach(self.sigma.x) + Int((abs(shadow?.dx ?? 0)).rounded(.up))
    let reachY = BoxBlur.reach(self.sigma.y) + Int((abs(shadow?.dy ?? 0)).rounded(.up))
    marginX = reachX + 1
    marginY = reachY + 1
    let areaBefore = costs.area
    content = RasterRenderer(
      children, width: w + 2 * marginX, height: h + 2 * marginY,
      toPixels: .translation(Double(marginX), Double(marginY)) * toPixels, background: nil, &costs)
    let contentArea = costs.area - areaBefore
    // Where the content may have pixels on its canvas, grown by the reach:
    // the blur's passes leave the rest alone.
    let c = content.nodes.reduce(PixelBounds.empty) { $0.union($1.bounds) }
    spread =
      c.isEmpty ? .empty : PixelBounds(x0: c.x0 - reachX, y0: c.y0 - reachY, x1: c.x1 + reachX, y1: c.y1 + reachY)
    groupDepth = content.groupDepth + 1
    var b = content.nodes.reduce(PixelBounds.empty) { $0.union($1.bounds) }
    if !b.isEmpty {
      b = PixelBounds(
        x0: b.x0 - marginX - reachX, y0: b.y0 - marginY - reachY, x1: b.x1 - marginX + reachX,
        y1: b.y1 - marginY + reachY
      )
      .intersection(PixelBounds(x0: 0, y0: 0, x1: w - 1, y1: h - 1))
    }
    bounds = b
    // A window of 256 rows, or one band when that would take more than
    // 32 MiB (a wide blur on a wide image).
    let wide = (256 + 2 * marginY) * (w + 2 * marginX) * 5 > 32 << 20
    window = wide ? RasterRenderer.bandHeight : 256
    // Each window draws the children over the window and twice the reach
    // (on each thread: threads draw overlapping windows, counted as two),
    // and blurs that many rows where the content reaches (a blur's four
    // channels cost four times a shadow's alpha).
    let rowsDrawn = window + 2 * marginY
    let redraw = 2 * Double(rowsDrawn) / Double(window)
    let sub = PixelBounds(x0: 0, y0: 0, x1: w + 2 * marginX - 1, y1: h + 2 * marginY - 1)
    // (In floating point, saturated: effects nested in effects multiply
    // their costs, and only the comparison with the limits matters.)
    let extra =
      Double(contentArea) * (redraw - 1) + Double(spread.intersection(sub).area) * redraw * (shadow == nil ? 8 : 2)
    costs.area = PreparedEffect.saturated(Double(costs.area) + extra)
    // Its canvas rows, their alpha and a line, on each thread.
    let bytes = Double(rowsDrawn) * Double(w + 2 * marginX) * 5 + Double(max(w, h) + 2 * (marginX + marginY))
    costs.effectBytes = PreparedEffect.saturated(Double(costs.effectBytes) + bytes)
  }

  /// `x` as an Int, at most 2⁶⁰.
  static func saturated(_ x: Double) -> Int { x < 0x1p60 ? Int(x) : 1 << 60 }

  /// The largest deviation drawn, in pixels: a blur wider than this looks
  /// the same on any image badgec makes.
  static let maximumSigma = 2000.0
}

/// An effect's working memory on one thread: the last window drawn.
struct EffectScratch {
  var scratch: RasterRenderer.Scratch
  /// Rows of the effect's canvas: the window and the margin above and
  /// below it; blurred, for a blur, as drawn for a shadow.
  var pixels: [Pixel] = []
  /// A shadow's blurred alpha over the same rows.
  var alpha: [UInt8] = []
  var line: [UInt8] = []
  /// The image rows `top ..< top + rows` the window holds (none yet).
  var top = Int.min
  var rows = 0
}

extension RasterRenderer {
  /// Draws `children` multiplied by the alpha of `mask`, within `b`.
  func drawMask(
    _ mask: [PreparedNode], _ children: [PreparedNode], _ b: PixelBounds, into pixels: UnsafeMutablePointer<Pixel>,
    rows: Int, y0: Int, _ scratch: inout Scratch, depth: Int
  ) {
    let r0 = max(b.y0, y0) - y0
    let r1 = min(b.y1, y0 + rows - 1) - y0
    guard !b.isEmpty, r0 <= r1 else { return }
    while scratch.layers.count <= depth + 1 { scratch.layers.append([]) }
    var content = scratch.layers[depth]
    var alpha = scratch.layers[depth + 1]
    scratch.layers[depth] = []
    scratch.layers[depth + 1] = []
    if content.count != width * rows { content = [Pixel](repeating: 0, count: width * rows) }
    if alpha.count != width * rows { alpha = [Pixel](repeating: 0, count: width * rows) }
    let (c0, c1) = (max(0, b.x0), min(width - 1, b.x1))
    content.withUnsafeMutableBufferPointer { l in
      alpha.withUnsafeMutableBufferPointer { m in
        for r in r0...r1 {
          (l.baseAddress! + r * width + c0).update(repeating: 0, count: c1 - c0 + 1)
          (m.baseAddress! + r * width + c0).update(repeating: 0, count: c1 - c0 + 1)
        }
        draw(children, into: l.baseAddress!, rows: rows, y0: y0, &scratch, depth: depth + 2)
        draw(mask, into: m.baseAddress!, rows: rows, y0: y0, &scratch, depth: depth + 2)
        for r in r0...r1 {
          for i in (r * width + c0)...(r * width + c1) where l[i] != 0 {
            let a = m[i] >> 24
            if a != 0 { pixels[i] = Pixels.over(a == 255 ? l[i] : Pixels.scale(l[i], a), pixels[i]) }
          }
        }
      }
    }
    scratch.layers[depth] = content
    scratch.layers[depth + 1] = alpha
  }

  /// Draws a shadow or blur for the band `y0 ..< y0 + rows`.
  func drawEffect(
    _ e: PreparedEffect, into pixels: UnsafeMutablePointer<Pixel>, rows: Int, y0: Int, _ scratch: inout Scratch
  ) {
    let b = e.bounds
    let r0 = max(b.y0, y0) - y0
    let r1 = min(b.y1, y0 + rows - 1) - y0
    guard !b.isEmpty, r0 <= r1 else { return }
    let key = ObjectIdentifier(e)
    let sw = e.content.width
    var s =
      scratch.effects.removeValue(forKey: key)
      ?? EffectScratch(scratch: Scratch(coverage: CoverageBand(width: sw, y0: 0, height: RasterRenderer.bandHeight)))
    if !(s.top <= y0 && y0 + rows <= s.top + s.rows) { fill(e, &s, from: y0, rows: max(rows, e.window)) }
    // Image row y is the window's row y − s.top + marginY.
    let shift = y0 - s.top
    let total = s.rows + 2 * e.marginY
    let (c0, c1) = (max(0, b.x0), min(width - 1, b.x1))
    if let shadow = e.shadow {
      // The shadow's alpha at image pixel (x, y) is the blurred alpha at
      // (x − dx, y − dy), bilinear between pixels.
      let fx = shadow.dx.rounded(.down)
      let fy = shadow.dy.rounded(.down)
      let wx = UInt32(((shadow.dx - fx) * 256).rounded())
      let wy = UInt32(((shadow.dy - fy) * 256).rounded())
      let (ix, iy) = (Int(fx), Int(fy))
      // The margins hold the offset and one more pixel, so every sample
      // lies inside the window's rows and the effect's columns.
      precondition(
        r0 + shift + e.marginY - iy - 1 >= 0 && r1 + shift + e.marginY - iy < total
          && c0 + e.marginX - ix - 1 >= 0 && c1 + e.marginX - ix < sw)
      s.alpha.withUnsafeBufferPointer { alpha in
        s.pixels.withUnsafeBufferPointer { content in
          for r in r0...r1 {
            let ey = r + shift + e.marginY
            // Samples at (sx, sy) and the pixels above and to the left,
            // weighted by the offset's fractions.
            let below = alpha.baseAddress! + (ey - iy) * sw - ix
            let above = below - sw
            let drawn = content.baseAddress! + ey * sw + e.marginX
            let out = pixels + r * width
            for x in c0...c1 {
              let ex = x + e.marginX
              let top = UInt32(below[ex]) * (256 - wx) + UInt32(below[ex - 1]) * wx
              let bottom = UInt32(above[ex]) * (256 - wx) + UInt32(above[ex - 1]) * wx
              let a = (top * (256 - wy) + bottom * wy + 32768) >> 16
              let c = drawn[x]
              guard a != 0 || c != 0 else { continue }
              out[x] = Pixels.over(Pixels.over(c, Pixels.scale(shadow.color, a)), out[x])
            }
          }
        }
      }
    } else {
      for r in r0...r1 {
        let ey = r + shift + e.marginY
        for x in c0...c1 {
          var p = s.pixels[ey * sw + x + e.marginX]
          guard p != 0 else { continue }
          // Rounding may leave a channel above alpha: clamp it.
          let a = p >> 24
          for shift in [UInt32(0), 8, 16] where (p >> shift) & 0xFF > a { p = (p & ~(0xFF << shift)) | a << shift }
          let i = r * width + x
          pixels[i] = Pixels.over(p, pixels[i])
        }
      }
    }
    scratch.effects[key] = s
  }

  /// Draws the window of image rows `top ..< top + rows` (clipped to the
  /// image) and the margin around it on the effect's canvas, and blurs it.
  private func fill(_ e: PreparedEffect, _ s: inout EffectScratch, from top: Int, rows wanted: Int) {
    let sw = e.content.width
    let rows = max(1, min(wanted, height - top))
    let total = rows + 2 * e.marginY
    s.top = top
    s.rows = rows
    if s.pixels.count < sw * total { s.pixels = [Pixel](repeating: 0, count: sw * total) }
    // The effect's canvas rows top ..< top + total are the image's rows
    // top − marginY ..< top + rows + marginY.
    s.pixels.withUnsafeMutableBufferPointer { buffer in
      var k = 0
      while k < total {
        let n = min(RasterRenderer.bandHeight, total - k)
        e.content.renderBand(y0: top + k, rows: n, into: buffer.baseAddress! + k * sw, &s.scratch)
        k += n
      }
    }
    // The window's rows and columns the blur can reach.
    let columns = e.spread.x0..<(e.spread.x1 + 1)
    let reached = (e.spread.y0 - top)..<(e.spread.y1 + 1 - top)
    if e.shadow != nil {
      if s.alpha.count < sw * total { s.alpha = [UInt8](repeating: 0, count: sw * total) }
      for i in 0..<(sw * total) { s.alpha[i] = UInt8(truncatingIfNeeded: s.pixels[i] >> 24) }
      BoxBlur.blur(
        &s.alpha, width: sw, height: total, sigmaX: e.sigma.x, sigmaY: e.sigma.y, line: &s.line, columns: columns,
        rows: reached)
    } else {
      if s.alpha.count < sw * total { s.alpha = [UInt8](repeating: 0, count: sw * total) }
      // Each channel of the premultiplied pixels blurred alike.
      for channel in 0..<4 {
        let shift = UInt32(channel * 8)
        for i in 0..<(sw * total) { s.alpha[i] = UInt8(truncatingIfNeeded: s.pixels[i] >> shift) }
        BoxBlur.blur(
          &s.alpha, width: sw, height: total, sigmaX: e.sigma.x, sigmaY: e.sigma.y, line: &s.line, columns: columns,
          rows: reached)
        let mask = ~(UInt32(0xFF) << shift)
        for i in 0..<(sw * total) { s.pixels[i] = (s.pixels[i] & mask) | UInt32(s.alpha[i]) << shift }
      }
    }
  }
}
