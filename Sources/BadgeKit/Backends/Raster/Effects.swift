// Shadows and blurs. An effect draws its children on a canvas of its own,
// as large as they are and the blur's reach on every side (so shapes
// beyond the image's edges still blur into it), within the image grown by
// that reach, a window of rows plus that reach at a time (a window serves
// every band that falls in it; an effect inside another draws a window as
// tall as the other's, so that it is drawn once for each of them), so
// memory and time stay bounded by what the effect covers, not by the
// image. Its canvas is cut to where its children may paint, found from
// their outlines without drawing them. A wide blur (σ of 24 pixels or
// more) is drawn on a coarser canvas, `step` image pixels to its pixel,
// blurred there by σ / step and sampled back bilinearly: the same blur to
// within a level, for a fraction of the work. A shadow's own content is
// drawn at full resolution over it.

/// A shadow or blur ready to draw.
final class PreparedEffect {
  /// The children on the effect's canvas: image pixel (x, y) lies at
  /// its point ((x + 0.5) / step + marginX − originX, (y + 0.5) / step +
  /// marginY − originY). The canvas covers only where the children and
  /// their blur reach: `origin` is where it starts on the canvas of the
  /// whole image.
  let content: RasterRenderer
  let originX: Int
  let originY: Int
  /// For a shadow drawn on a coarser canvas: the children on the image
  /// itself, drawn over the shadow.
  let sharp: RasterRenderer?
  /// Image pixels to one pixel of the effect's canvas (1: the same grid).
  let step: Int
  let marginX: Int
  let marginY: Int
  /// The Gaussian's deviation on the effect's canvas, in its pixels.
  let sigma: (x: Double, y: Double)
  /// For a shadow: its colour (premultiplied) and offset in image pixels;
  /// nil for a blur.
  let shadow: (color: Pixel, dx: Double, dy: Double)?
  /// The image pixels the effect may change.
  let bounds: PixelBounds
  /// Layers nested inside the children.
  let groupDepth: Int
  /// The columns and rows of the effect's canvas the blurred content may
  /// reach.
  let spread: PixelBounds
  /// Rows of the effect's canvas a window holds, margins aside.
  let window: Int

  /// Deviations (image pixels) from which the blur is drawn coarser.
  static let coarseFrom = 24.0
  /// The largest deviation (image pixels) of a blur along one axis only
  /// that is drawn on a canvas of the image's own pixels.
  static let fineAlongOneAxis = 512.0

  init(_ node: SceneNode, canvasWidth w: Int, canvasHeight h: Int, toPixels: Transform, _ costs: inout PreparationCosts)
  {
    let scale = (abs(toPixels.a * toPixels.d - toPixels.b * toPixels.c)).squareRoot()
    var deviation = Point(0, 0)
    var children: [SceneNode] = []
    var shadow: (color: Pixel, dx: Double, dy: Double)?
    switch node {
    case .shadow(let s, let c):
      deviation = s.sigma
      children = c
      let d = Point(
        toPixels.a * s.offset.x + toPixels.c * s.offset.y, toPixels.b * s.offset.x + toPixels.d * s.offset.y)
      shadow = (Pixels.pack(s.color), d.x, d.y)
    case .blur(let s, let c):
      deviation = s
      children = c
    default:
      break
    }
    let sx = min(deviation.x * scale, PreparedEffect.maximumSigma)
    let sy = min(deviation.y * scale, PreparedEffect.maximumSigma)
    // A canvas `k` times coarser keeps the blur at 12 to 24 of its pixels.
    // (Not for a blur along one axis, up to `fineAlongOneAxis`: the coarse
    // canvas would blur the other axis too.)
    let alongOne = min(sx, sy) == 0 && max(sx, sy) <= PreparedEffect.fineAlongOneAxis
    let k = max(sx, sy) >= PreparedEffect.coarseFrom && !alongOne ? max(2, Int(max(sx, sy) / 12)) : 1
    step = k
    // Drawing k × k pixels as one (a box of k) and sampling back
    // bilinearly (a tent of 2k) add a variance of (k² − 1) / 4 image
    // pixels², taken off the Gaussian's.
    func reduced(_ s: Double) -> Double {
      k == 1 ? s : max(0, s * s - Double(k * k - 1) / 4).squareRoot() / Double(k)
    }
    sigma = (reduced(sx), reduced(sy))
    self.shadow = shadow
    // The blur's reach on the effect's canvas: three box blurs reach about
    // 2.8σ; an offset moves the shadow farther; bilinear sampling needs a
    // pixel more.
    let reachX = BoxBlur.reach(sigma.x) + Int((abs(shadow?.dx ?? 0) / Double(k)).rounded(.up)) + 1
    let reachY = BoxBlur.reach(sigma.y) + Int((abs(shadow?.dy ?? 0) / Double(k)).rounded(.up)) + 1
    marginX = reachX + 1
    marginY = reachY + 1
    let (fullWidth, fullHeight) = ((w + k - 1) / k + 2 * marginX, (h + k - 1) / k + 2 * marginY)
    let onCanvas =
      Transform.translation(Double(marginX), Double(marginY)) * .scale(1 / Double(k), 1 / Double(k)) * toPixels
    let before = costs
    // The canvas cut to where the children may lie (their outlines' boxes,
    // strokes and effects grown by their reach: found without drawing
    // them, so that effects nested in effects are prepared once each),
    // grown by the blur's reach and a pixel for sampling: an effect costs
    // what its own bounds do, not the image's.
    let drawn = PreparedEffect.reach(children, onCanvas, scale: scale / Double(k))
    // (The image pixels the effect changes reach the offset beyond the
    // blur, and each samples the offset back: twice the offset.)
    let offsetX = Int((abs(shadow?.dx ?? 0) / Double(k)).rounded(.up))
    let offsetY = Int((abs(shadow?.dy ?? 0) / Double(k)).rounded(.up))
    let (growX, growY) = (reachX + offsetX + 3, reachY + offsetY + 3)
    let full = PixelBounds(x0: 0, y0: 0, x1: fullWidth - 1, y1: fullHeight - 1)
    var cut =
      drawn.isEmpty
      ? PixelBounds(x0: 0, y0: 0, x1: 0, y1: 0)
      : PixelBounds(x0: drawn.x0 - growX, y0: drawn.y0 - growY, x1: drawn.x1 + growX, y1: drawn.y1 + growY)
        .intersection(full)
    // Effects inside draw a window of their own for each of this one's
    // (its rows and their margins at a time, and a band to start at any
    // of them), so that they are drawn once for each of its windows, not
    // again for each band of it.
    let nested = costs.windowRows
    let ownWindow = nested.map { ($0 + k - 1) / k + RasterRenderer.bandHeight + 3 } ?? 128
    costs.windowRows = ownWindow + 2 * marginY
    func prepare(_ cut: PixelBounds) -> RasterRenderer {
      RasterRenderer(
        children, width: cut.x1 - cut.x0 + 1, height: cut.y1 - cut.y0 + 1,
        toPixels: .translation(Double(-cut.x0), Double(-cut.y0)) * onCanvas, background: nil, &costs)
    }
    var prepared = prepare(cut)
    // (Should what is drawn come nearer the cut's edges than the reach
    // where the canvas goes on, the estimate was short: the children are
    // drawn on the whole canvas instead.)
    let inside = prepared.nodes.reduce(PixelBounds.empty) { $0.union($1.bounds) }
    let (cutW, cutH) = (cut.x1 - cut.x0 + 1, cut.y1 - cut.y0 + 1)
    if !inside.isEmpty
      && !((cut.x0 == 0 || inside.x0 >= growX) && (cut.y0 == 0 || inside.y0 >= growY)
        && (cut.x1 == full.x1 || inside.x1 <= cutW - 1 - growX) && (cut.y1 == full.y1 || inside.y1 <= cutH - 1 - growY))
    {
      costs = before
      costs.windowRows = ownWindow + 2 * marginY
      cut = full
      prepared = prepare(cut)
    }
    let (cw, ch) = (cut.x1 - cut.x0 + 1, cut.y1 - cut.y0 + 1)
    (originX, originY) = (cut.x0, cut.y0)
    content = prepared
    costs.windowRows = nil
    let contentArea = costs.area - before.area
    sharp =
      shadow != nil && k > 1
      ? RasterRenderer(children, width: w, height: h, toPixels: toPixels, background: nil, &costs) : nil
    costs.windowRows = nested
    // Where the content may have pixels on its canvas, grown by the reach:
    // the blur's passes leave the rest alone. (`c`: on the canvas of the
    // whole image.)
    let local = content.nodes.reduce(PixelBounds.empty) { $0.union($1.bounds) }
    let c =
      local.isEmpty
      ? local : PixelBounds(x0: local.x0 + cut.x0, y0: local.y0 + cut.y0, x1: local.x1 + cut.x0, y1: local.y1 + cut.y0)
    spread =
      local.isEmpty
      ? .empty
      : PixelBounds(x0: local.x0 - reachX, y0: local.y0 - reachY, x1: local.x1 + reachX, y1: local.y1 + reachY)
    groupDepth = max(content.groupDepth, sharp?.groupDepth ?? 0) + 1
    bounds =
      c.isEmpty
      ? .empty
      : PixelBounds(
        x0: (c.x0 - marginX - reachX) * k - k, y0: (c.y0 - marginY - reachY) * k - k,
        x1: (c.x1 + 1 - marginX + reachX) * k + k, y1: (c.y1 + 1 - marginY + reachY) * k + k
      )
      .intersection(PixelBounds(x0: 0, y0: 0, x1: w - 1, y1: h - 1))
    // A window of 128 rows (the run of bands a drawing thread takes in
    // turn), or one band when that would take more than 32 MiB (a wide
    // blur on a wide image); inside another effect, the rows that one
    // draws at a time.
    let wide = (128 + 2 * marginY) * cw * 5 > 32 << 20
    window = nested != nil ? ownWindow : wide ? RasterRenderer.bandHeight : 128
    // Each window draws the children over the window and twice the reach
    // (the drawing threads' windows may overlap: counted as two, once),
    // and blurs that many rows where the content reaches (a blur's four
    // channels cost four times a shadow's alpha); each image pixel it
    // covers is sampled once.
    let rowsDrawn = window + 2 * marginY
    let redraw = (nested == nil ? 2 : 1) * Double(rowsDrawn) / Double(window)
    let sub = PixelBounds(x0: 0, y0: 0, x1: cw - 1, y1: ch - 1)
    // (In floating point, saturated: effects nested in effects multiply
    // their costs, and only the comparison with the limits matters.)
    let extra =
      Double(contentArea) * (redraw - 1) + Double(spread.intersection(sub).area) * redraw * (shadow == nil ? 8 : 2)
      + Double(bounds.area) * 2
    costs.area = PreparedEffect.saturated(Double(costs.area) + extra)
    // Its canvas rows, their alpha and a line, on each thread (and a band
    // of the image for a shadow's sharp content).
    let bytes =
      Double(rowsDrawn) * Double(cw) * 5 + Double(max(cw, ch) * 2)
      + (sharp != nil ? Double(w * RasterRenderer.bandHeight * 4) : 0)
    costs.effectBytes = PreparedEffect.saturated(Double(costs.effectBytes) + bytes)
  }

  /// Where `nodes` may paint on a canvas `t` maps them onto (`scale`: its
  /// pixels to a canvas point), in whole pixels: their outlines' boxes
  /// (control points included, corner by corner through the map), a stroke grown by its width times the
  /// miter limit, a shadow or blur by seven deviations and twice its
  /// offset and 16 pixels (what its own bounds may reach), and a pixel for
  /// antialiasing. Wider than what they paint.
  static func reach(_ nodes: [SceneNode], _ t: Transform, scale: Double) -> PixelBounds {
    var (lo, hi) = (Point(Double.infinity, Double.infinity), Point(-Double.infinity, -Double.infinity))
    func visit(_ nodes: [SceneNode], grow: Double) {
      for node in nodes {
        switch node {
        case .fill(let f):
          guard let box = f.path.pointBox else { continue }
          let m = t * f.transform
          let pad =
            grow + 1
            + (f.stroke.map { $0.width * max(1.5, $0.join == .miter ? $0.miterLimit : 1) } ?? 0) * m.frameStretch
          // (The box's corners carried through the map hold its points'.)
          for corner in [box.lo, Point(box.hi.x, box.lo.y), Point(box.lo.x, box.hi.y), box.hi] {
            let q = m.apply(corner)
            lo = Point(min(lo.x, q.x - pad), min(lo.y, q.y - pad))
            hi = Point(max(hi.x, q.x + pad), max(hi.y, q.y + pad))
          }
        case .shadow(let s, let c):
          // (An effect's own bounds reach twice its blur and offset, and
          // a few of its canvas' pixels: up to a third of a deviation.)
          let spread = (7 * max(s.sigma.x, s.sigma.y) + 2 * max(abs(s.offset.x), abs(s.offset.y))) * scale + 16
          visit(c, grow: grow + spread)
        case .blur(let sigma, let c):
          visit(c, grow: grow + 7 * max(sigma.x, sigma.y) * scale + 16)
        case .mask(_, let c):
          // (Only where the content is; the mask's content draws nothing.)
          visit(c, grow: grow)
        default:
          visit(node.children, grow: grow)
        }
      }
    }
    visit(nodes, grow: 0)
    guard lo.x <= hi.x, lo.y <= hi.y else { return .empty }
    func whole(_ x: Double, _ up: Bool) -> Int {
      guard x.isFinite else { return x > 0 ? Int.max / 4 : -Int.max / 4 }
      let r = up ? x.rounded(.up) : x.rounded(.down)
      return Int(min(max(r, -1e15), 1e15))
    }
    return PixelBounds(x0: whole(lo.x, false), y0: whole(lo.y, false), x1: whole(hi.x, true), y1: whole(hi.y, true))
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
  /// The effect canvas' rows `top ..< top + rows` (margins aside: its
  /// rows `top + marginY …`) the window holds (none yet).
  var top = Int.min
  var rows = 0
  /// For a coarse shadow: the sharp content's band, and its working memory.
  var sharpPixels: [Pixel] = []
  var sharpScratch: RasterRenderer.Scratch? = nil
}

extension RasterRenderer {
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
    let k = Double(e.step)
    let (dx, dy) = (e.shadow?.dx ?? 0, e.shadow?.dy ?? 0)
    // The sample of image row y: the effect canvas' row (margins aside)
    // (y + 0.5 − dy) / k − 0.5, and the one below it.
    func sampleRow(_ y: Int) -> Double { (Double(y) + 0.5 - dy) / k - 0.5 - Double(e.originY) }
    let first = Int(sampleRow(y0 + r0).rounded(.down))
    let last = Int(sampleRow(y0 + r1).rounded(.down)) + 1
    if !(s.top <= first && last < s.top + s.rows) { fill(e, &s, from: first, rows: max(last - first + 1, e.window)) }
    let (c0, c1) = (max(0, b.x0), min(width - 1, b.x1))
    let sharp = e.sharp.map { sharp in
      drawSharp(sharp, &s, rows: rows, y0: y0)
    }
    // Bilinear weights in 1/256ths, and the first of the two samples, for
    // every column.
    var columns: [(Int, UInt32)] = []
    columns.reserveCapacity(c1 - c0 + 1)
    for x in c0...c1 {
      let u = (Double(x) + 0.5 - dx) / k - 0.5 + Double(e.marginX - e.originX)
      let i = u.rounded(.down)
      columns.append((Int(i), UInt32(((u - i) * 256).rounded())))
    }
    let total = s.rows + 2 * e.marginY
    // For band row r: the window's row of the upper sample and the lower
    // one's weight in 1/256ths.
    func rowSample(_ r: Int) -> (Int, UInt32) {
      let v = sampleRow(y0 + r) - Double(s.top) + Double(e.marginY)
      let j = v.rounded(.down)
      return (Int(j), UInt32(((v - j) * 256).rounded()))
    }
    precondition(
      columns.first!.0 >= 0 && columns.last!.0 + 1 < sw && first - s.top + e.marginY >= 0
        && last - s.top + e.marginY < total)
    if let shadow = e.shadow {
      s.alpha.withUnsafeBufferPointer { alpha in
        s.pixels.withUnsafeBufferPointer { drawn in
          for r in r0...r1 {
            let (j, wy) = rowSample(r)
            let upper = alpha.baseAddress! + j * sw
            let lower = upper + sw
            let out = pixels + r * width
            // The content over the shadow: the effect canvas' own pixels
            // when it is the image's grid, else the sharp band.
            let own =
              sharp == nil
              ? drawn.baseAddress! + (y0 + r - e.originY - s.top + e.marginY) * sw + e.marginX - e.originX : nil
            for (n, x) in (c0...c1).enumerated() {
              let (i, wx) = columns[n]
              let a = PreparedEffect.mix(
                UInt32(upper[i]), UInt32(upper[i + 1]), UInt32(lower[i]), UInt32(lower[i + 1]), wx, wy)
              let c = own?[x] ?? sharp![r * width + x]
              guard a != 0 || c != 0 else { continue }
              out[x] = Pixels.over(Pixels.over(c, Pixels.scale(shadow.color, a)), out[x])
            }
          }
        }
      }
    } else {
      s.pixels.withUnsafeBufferPointer { blurred in
        for r in r0...r1 {
          let (j, wy) = rowSample(r)
          let upper = blurred.baseAddress! + j * sw
          let lower = upper + sw
          let out = pixels + r * width
          for (n, x) in (c0...c1).enumerated() {
            let (i, wx) = columns[n]
            let (p00, p01, p10, p11) = (upper[i], upper[i + 1], lower[i], lower[i + 1])
            guard p00 | p01 | p10 | p11 != 0 else { continue }
            var p = PreparedEffect.bilinear(p00, p01, p10, p11, wx, wy)
            // Rounding may leave a channel above alpha: clamp it.
            let a = p >> 24
            for shift in [UInt32(0), 8, 16] where (p >> shift) & 0xFF > a { p = (p & ~(0xFF << shift)) | a << shift }
            out[x] = Pixels.over(p, out[x])
          }
        }
      }
    }
    scratch.effects[key] = s
  }

  /// The sharp content of a coarse shadow for this band, at full
  /// resolution.
  private func drawSharp(_ sharp: RasterRenderer, _ s: inout EffectScratch, rows: Int, y0: Int) -> [Pixel] {
    if s.sharpScratch == nil {
      s.sharpScratch = Scratch(coverage: CoverageBand(width: width, y0: 0, height: RasterRenderer.bandHeight))
    }
    if s.sharpPixels.count != width * rows { s.sharpPixels = [Pixel](repeating: 0, count: width * rows) }
    var band = s.sharpPixels
    s.sharpPixels = []
    band.withUnsafeMutableBufferPointer {
      sharp.renderBand(y0: y0, rows: rows, into: $0.baseAddress!, &s.sharpScratch!)
    }
    s.sharpPixels = band
    return band
  }

  /// Draws the effect canvas' rows `top ..< top + rows` (margins aside)
  /// with the margin above and below them, and blurs them.
  private func fill(_ e: PreparedEffect, _ s: inout EffectScratch, from top: Int, rows: Int) {
    let sw = e.content.width
    let total = rows + 2 * e.marginY
    s.top = top
    s.rows = rows
    if s.pixels.count < sw * total { s.pixels = [Pixel](repeating: 0, count: sw * total) }
    // The window's rows are the effect canvas' rows top ..< top + total.
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
    if s.alpha.count < sw * total { s.alpha = [UInt8](repeating: 0, count: sw * total) }
    if e.shadow != nil {
      for i in 0..<(sw * total) { s.alpha[i] = UInt8(truncatingIfNeeded: s.pixels[i] >> 24) }
      BoxBlur.blur(
        &s.alpha, width: sw, height: total, sigmaX: e.sigma.x, sigmaY: e.sigma.y, line: &s.line, columns: columns,
        rows: reached)
    } else {
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

extension PreparedEffect {
  /// Four samples 0…255 mixed bilinearly (`wx` the right pair's weight,
  /// `wy` the lower pair's, in 1/256ths), rounded.
  @inline(__always)
  static func mix(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
    let top = a * (256 - wx) + b * wx
    let bottom = c * (256 - wx) + d * wx
    return min(255, (top * (256 - wy) + bottom * wy + 32768) >> 16)
  }

  /// Four premultiplied pixels mixed bilinearly, channel by channel.
  @inline(__always)
  static func bilinear(_ p00: Pixel, _ p01: Pixel, _ p10: Pixel, _ p11: Pixel, _ wx: UInt32, _ wy: UInt32) -> Pixel {
    var out: Pixel = 0
    for shift in [UInt32(0), 8, 16, 24] {
      out |=
        mix((p00 >> shift) & 255, (p01 >> shift) & 255, (p10 >> shift) & 255, (p11 >> shift) & 255, wx, wy)
        << shift
    }
    return out
  }
}
