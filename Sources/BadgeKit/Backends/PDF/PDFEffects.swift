// Shadows, blurs and colour effects for the PDF writer, which PDF 1.4
// cannot draw as vectors: the effect is drawn by badgec's own rasterizer, on the canvas'
// pixel grid at the writer's pixels per point, cut to the pixels it
// changes, and placed as an RGB image with its alpha as a soft-mask image.
// A shadow's image holds the shadow alone (its content is written as
// vectors over it): the content recoloured in the shadow's colour, moved
// by its offset, at its alpha, blurred.

extension PDFBuilder {
  /// The shadow of `children` alone, as a scene node: what the
  /// rasterizer draws under them.
  static func shadowAlone(_ s: Shadow, _ children: [SceneNode]) -> SceneNode {
    let moved = children.map {
      recoloured($0, s.color).transformed(by: .translation(s.offset.x, s.offset.y), site: nil)
    }
    let tinted = SceneNode.layer(opacity: max(0, min(1, s.color.a)), children: moved)
    return s.sigma.x > 0 || s.sigma.y > 0 ? .blur(sigma: s.sigma, children: [tinted]) : tinted
  }

  /// `node` with every colour it paints made `colour`'s (its alphas
  /// kept): the same alpha everywhere, in that one colour. A mask's
  /// content, which only lends its alpha, is left as it is.
  static func recoloured(_ node: SceneNode, _ colour: RGBA) -> SceneNode {
    func tint(_ c: RGBA) -> RGBA { RGBA(r: colour.r, g: colour.g, b: colour.b, a: c.a) }
    func tint(_ stops: [GradientStop]) -> [GradientStop] {
      stops.map { GradientStop(color: tint($0.color), location: $0.location) }
    }
    func all(_ nodes: [SceneNode]) -> [SceneNode] { nodes.map { recoloured($0, colour) } }
    switch node {
    case .fill(var f):
      switch f.paint {
      case .solid(let c): f.paint = .solid(tint(c))
      case .linear(var g):
        g.stops = tint(g.stops)
        f.paint = .linear(g)
      case .radial(var g):
        g.stops = tint(g.stops)
        f.paint = .radial(g)
      case .conic(var g):
        g.stops = tint(g.stops)
        f.paint = .conic(g)
      }
      return .fill(f)
    case .layer(let o, let c): return .layer(opacity: o, children: all(c))
    case .clip(let shapes, let c): return .clip(shapes, children: all(c))
    case .mask(let m, let c): return .mask(m, children: all(c))
    case .shadow(var s, let c):
      s.color = tint(s.color)
      return .shadow(s, children: all(c))
    case .blur(let sigma, let c): return .blur(sigma: sigma, children: all(c))
    case .blend:
      // Its colours come from those behind it too: the blend kept, then
      // its colours set to `colour`'s.
      return .colorEffect(ColorMatrix.tint(colour), children: [node])
    case .colorEffect:
      // Its alphas are what the effect makes of them: the effect kept,
      // then its colours set to `colour`'s.
      return .colorEffect(ColorMatrix.tint(colour), children: [node])
    }
  }

  /// Draws `node` through the rasterizer and places its image in `c`.
  func image(of node: SceneNode, into c: inout PDFContent) {
    let k = pixelsPerPoint
    let (w, h) = RasterRenderer.pixelSize(Scene(name: "", size: canvas, nodes: []), scale: k)
    guard w > 0, h > 0 else { return }
    // The page's pixel grid bounds the images as a PNG's pixels are.
    guard w <= maximumPixelSide, h <= maximumPixelSide, w * h * 4 <= limit else {
      effectsTooCostly = true
      return
    }
    // Where it draws on the page's pixel grid, then only there.
    var probe = PreparationCosts(edgesLeft: costs.edgesLeft)
    let whole = RasterRenderer([node], width: w, height: h, toPixels: .scale(k, k), background: nil, &probe)
    let b = whole.nodes.reduce(PixelBounds.empty) { $0.union($1.bounds) }
      .intersection(PixelBounds(x0: 0, y0: 0, x1: w - 1, y1: h - 1))
    guard !b.isEmpty, !probe.tooManyEdges else {
      effectsTooCostly = effectsTooCostly || probe.tooManyEdges
      return
    }
    let (iw, ih) = (b.x1 - b.x0 + 1, b.y1 - b.y0 + 1)
    let renderer = RasterRenderer(
      [node], width: iw, height: ih, toPixels: .translation(Double(-b.x0), Double(-b.y0)) * .scale(k, k),
      background: nil, &costs)
    if costs.tooManyEdges || costs.area > RasterRenderer.maximumCoveredArea
      || costs.edgeRows > RasterRenderer.maximumEdgeRows || costs.strokeTooComplex
      || renderer.groupDepth > RasterRenderer.maximumGroupDepth(width: iw)
      || costs.effectBytes > RasterRenderer.maximumEffectBytes
    {
      effectsTooCostly = true
      return
    }
    var collected = CollectedPixels(count: iw * ih)
    _ = renderer.render(into: &collected, threads: renderer.defaultThreads())
    // Straight colour and alpha, as PDF's images and soft masks hold them.
    var rgb = [UInt8](repeating: 0, count: iw * ih * 3)
    var alpha = [UInt8](repeating: 0, count: iw * ih)
    for (i, p) in collected.pixels.enumerated() {
      let a = p >> 24
      alpha[i] = UInt8(a)
      guard a > 0 else { continue }
      for ch in 0..<3 {
        let v = (p >> UInt32(8 * ch)) & 0xFF
        rgb[3 * i + ch] = UInt8(min(255, (v * 255 + a / 2) / a))
      }
    }
    if alpha.allSatisfy({ $0 == 0 }) { return }
    let size = "/Width \(iw) /Height \(ih) /BitsPerComponent 8"
    let mask = add(PDFFile.stream("/Type /XObject /Subtype /Image \(size) /ColorSpace /DeviceGray", alpha))
    let image = add(
      PDFFile.stream("/Type /XObject /Subtype /Image \(size) /ColorSpace /DeviceRGB /SMask \(mask) 0 R", rgb))
    // The image's unit square onto its pixels' place on the page (y up:
    // its top row at the top).
    let place = Transform(
      a: Double(iw) / k, b: 0, c: 0, d: Double(ih) / k, tx: Double(b.x0) / k,
      ty: canvas.height - Double(b.y0 + ih) / k)
    c.text("q \(PDFContent.matrix(place)) cm /\(xobject(image)) Do Q\n")
  }
}

/// A band encoder that keeps every row drawn.
struct CollectedPixels: BandEncoder {
  var pixels: [Pixel]
  private var filled = 0
  init(count: Int) { pixels = [Pixel](repeating: 0, count: count) }
  mutating func encode(_ rows: UnsafeBufferPointer<Pixel>, rows count: Int) -> Bool {
    let n = min(rows.count, pixels.count - filled)
    pixels.withUnsafeMutableBufferPointer { out in
      (out.baseAddress! + filled).update(from: rows.baseAddress!, count: n)
    }
    filled += n
    return true
  }
  mutating func finish() -> Bool { true }
}
