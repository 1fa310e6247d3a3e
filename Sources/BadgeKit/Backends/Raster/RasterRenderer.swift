// The raster pipeline's driver: a `Scene` in; bands of premultiplied RGBA8
// pixels out, top to bottom, to an encoder. Fills are flattened once; then
// every band is drawn on its own (so bands are drawn on all cores at once):
// edges are accumulated into coverage cells, and each row is walked span by
// span. Between the cells that edges touched the coverage is constant, so
// the inside of a shape is filled a whole span at a time (an opaque span is
// a plain store); only the cells along edges are worked pixel by pixel.
// Groups (opacity, colour effects) are drawn into band-sized layers, then
// composited. No buffer holds more than a few bands of the canvas.

/// How to rasterize.
public struct RasterOptions: Sendable {
  /// Pixels per point.
  public var scale: Double = 1
  /// What the image is composited over; nil keeps transparency (where the
  /// format has it; PPM then uses white).
  public var background: RGBA?

  /// PNG: compressed as small as badgec can (`--optimize`): every row
  /// filter strategy tried with a thorough compressor, the smallest kept.
  public var optimize = false

  public init(scale: Double = 1, background: RGBA? = nil, optimize: Bool = false) {
    self.scale = scale
    self.background = background
    self.optimize = optimize
  }
}

/// Receives the image a few bands of rows at a time, top to bottom.
protocol BandEncoder {
  /// `pixels` holds `rows` rows of `width` premultiplied pixels.
  mutating func encode(_ pixels: UnsafeBufferPointer<Pixel>, rows: Int) -> Bool
  mutating func finish() -> Bool
}

/// A fill ready to draw: edges in pixels, the rows and columns they touch.
/// (A class: every band visits every fill, and a reference is cheaper to
/// pass around than the arrays it holds.)
final class PreparedFill {
  /// Edges in pixels; for even-odd fills, with y multiplied by `subRows`.
  let edges: [Edge]
  let shader: Shader
  let rule: FillRule
  /// Horizontal strips a pixel row is cut into before the fill rule is
  /// applied: 1, or `RasterRenderer.evenOddSubRows` for even-odd fills,
  /// where a pixel that two edges cross would otherwise take the rule's
  /// value of its average winding (windings 0 and 2 side by side read as 1).
  let subRows: Int
  /// Pixel bounds of the edges, clamped to the canvas: rows y0...y1
  /// (inclusive); empty when y0 > y1.
  let y0, y1: Int
  /// Columns x0...x1 (inclusive), clamped to the canvas.
  let x0, x1: Int

  init(edges: [Edge], shader: Shader, rule: FillRule, subRows: Int, y0: Int, y1: Int, x0: Int = 0, x1: Int = Int.max) {
    self.edges = edges
    self.shader = shader
    self.rule = rule
    self.subRows = subRows
    (self.y0, self.y1, self.x0, self.x1) = (y0, y1, x0, x1)
  }
}

/// The pixels a node may touch: columns x0...x1 and rows y0...y1 of the
/// canvas (inclusive); empty when x0 > x1 or y0 > y1.
struct PixelBounds {
  var x0, y0, x1, y1: Int
  static let empty = PixelBounds(x0: 1, y0: 1, x1: 0, y1: 0)
  var isEmpty: Bool { x0 > x1 || y0 > y1 }
  /// Pixels inside (0 when empty).
  var area: Int { isEmpty ? 0 : (x1 - x0 + 1) * (y1 - y0 + 1) }
  func intersection(_ o: PixelBounds) -> PixelBounds {
    PixelBounds(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
  }
  func union(_ o: PixelBounds) -> PixelBounds {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelBounds(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
  }
}

/// The scene tree with its fills prepared.
enum PreparedNode {
  case fill(PreparedFill)
  /// Children composited together, then drawn with `opacity` (0–255),
  /// within `bounds` (the union of the children's).
  case layer(opacity: UInt32, children: [PreparedNode], bounds: PixelBounds)
  /// Children composited together, multiplied by the alpha of `mask`
  /// drawn, within `bounds` (where both have pixels). Clips are masks of
  /// their shapes filled opaque.
  case mask(mask: [PreparedNode], children: [PreparedNode], bounds: PixelBounds)
  /// A shadow or blur of its children, drawn on a canvas of its own.
  case effect(PreparedEffect)
  /// Children composited together, each pixel then changed by the
  /// matrix and drawn, within `bounds` (the union of the children's: the
  /// effects keep what is clear clear).
  case colorEffect(ColorMatrix, children: [PreparedNode], bounds: PixelBounds)
  /// Children composited together, then blended onto what is behind
  /// them, within `bounds` (the union of the children's).
  case blend(BlendMode, children: [PreparedNode], bounds: PixelBounds)

  var bounds: PixelBounds {
    switch self {
    case .fill(let f): return PixelBounds(x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1)
    case .layer(_, _, let b), .mask(_, _, let b), .colorEffect(_, _, let b), .blend(_, _, let b): return b
    case .effect(let e): return e.bounds
    }
  }
}

/// What preparing a scene found it will cost to draw (see the limits of
/// `RasterRenderer`), summed over effects' own canvases.
struct PreparationCosts {
  /// Edges that may still be made.
  var edgesLeft: Int
  var tooManyEdges = false
  var area = 0
  var edgeRows = 0
  /// Bytes of the buffers every effect needs on each drawing thread.
  var effectBytes = 0
  /// What strokes may still make: dashes and outline points.
  var strokes = Stroker.Budget()
  /// Whether a stroke's outline took more than
  /// `Stroker.maximumOutlinePoints` points (and was not drawn).
  var strokeTooComplex = false
  /// While an effect's children are prepared: the rows of its canvas it
  /// draws at a time (nil outside effects).
  var windowRows: Int? = nil
}

/// Renders one scene at one scale.
struct RasterRenderer: @unchecked Sendable {
  let width: Int
  let height: Int
  let nodes: [PreparedNode]
  /// What every band starts as (0: transparent).
  let background: Pixel
  /// Rows per band.
  static let bandHeight = 32
  /// Strips per pixel row for even-odd fills. (Non-zero fills go without:
  /// there only pixels where edges of one path cross or nearly meet are
  /// off, and strips would nearly double the drawing time.)
  static let evenOddSubRows = 4

  /// The most shadows and blurs nested inside one another: each draws
  /// its content on a canvas of its own, a window of rows at a time, and
  /// an effect inside it a window as tall as that one's rows and margins,
  /// so the work grows with the margins, level by level, not by a factor
  /// (32 nested blurs, each over a mask and a clip, take 0.2 s at 256
  /// pixels). The limit keeps the recursion, which draws one level a
  /// call, within any thread's stack.
  static let maximumEffectDepth = 64

  /// How deep shadows and blurs are nested in `nodes` (a mask's content
  /// included).
  static func effectDepth(_ nodes: [SceneNode]) -> Int {
    var deepest = 0
    for node in nodes {
      switch node {
      case .fill: continue
      case .shadow(_, let c), .blur(_, let c): deepest = max(deepest, 1 + effectDepth(c))
      default: deepest = max(deepest, effectDepth(node.children))
      }
    }
    return deepest
  }

  /// The pixel size of `scene` at `scale` points → pixels.
  /// (Clamped to a billion a side, so that no scale can overflow; the
  /// compiler refuses images over `maximumPixelSide` anyway.)
  static func pixelSize(_ scene: Scene, scale: Double) -> (Int, Int) {
    func side(_ points: Double) -> Int {
      // Rounded up, so that a fractional canvas is never cut (a sliver
      // of a thousandth of a pixel, from floating point, does not count).
      let x = points * scale
      let pixels = (x - 1e-6 * Swift.max(1, x)).rounded(.up)
      return pixels.isNaN ? 1 : Int(min(max(pixels, 1), 1e9))
    }
    return (side(scene.size.width), side(scene.size.height))
  }

  /// The most edges one image is flattened into (16 bytes each).
  static let maximumEdges = 10_000_000

  /// How deeply groups nest: each level holds a band of its own on every
  /// drawing thread.
  let groupDepth: Int
  /// The most nested groups at `width` pixels: their bands take at most
  /// 64 MiB a thread.
  static func maximumGroupDepth(width: Int) -> Int { max(1, (64 << 20) / (width * bandHeight * 4)) }

  /// What preparing the image found drawing it costs, effects' own
  /// canvases included.
  let costs: PreparationCosts

  /// The pixel rows the edges cross, summed (even-odd fills four times):
  /// the other half of what drawing costs.
  var edgeRows: Int { costs.edgeRows }
  /// The most pixel rows all edges of an image may cross: about a second
  /// of drawing (the Landmarks badge at 4096 × 4096 crosses 27,000).
  static let maximumEdgeRows = 20_000_000

  /// The pixels the fills cover, each its bounding box on the canvas
  /// (overlaps counted, even-odd fills four times, gradients eight
  /// times): what drawing costs.
  var coveredArea: Int { costs.area }
  /// The most pixels an image's fills may cover in all, weighted: about a
  /// second of drawing (the Landmarks badge at 4096 × 4096, its gradient
  /// background weighted eight times, takes about an eighth).
  static let maximumCoveredArea = 1_000_000_000

  /// Nil when the scene flattens into more than `maximumEdges` edges.
  init?(_ scene: Scene, scale: Double, background: RGBA?) {
    let (w, h) = RasterRenderer.pixelSize(scene, scale: scale)
    var costs = PreparationCosts(edgesLeft: RasterRenderer.maximumEdges)
    self.init(scene.nodes, width: w, height: h, toPixels: .scale(scale, scale), background: background, &costs)
    if costs.tooManyEdges { return nil }
  }

  /// Prepares `nodes` drawn through `toPixels` onto a canvas of `width` ×
  /// `height` pixels, adding what drawing them costs to `costs`.
  init(
    _ sceneNodes: [SceneNode], width w: Int, height h: Int, toPixels: Transform, background: RGBA?,
    _ costs: inout PreparationCosts
  ) {
    width = w
    height = h
    self.background = background.map { Pixels.pack($0) } ?? 0
    var flattener = Flattener()
    flattener.canvas = Size(Double(w), Double(h))
    var depth = 0
    var deepest = 0
    // Every cost goes straight into `costs`, which effects' canvases add
    // to as well.
    func prepareFill(_ f: Fill) -> PreparedNode {
      flattener.limit = costs.edgesLeft
      let m = toPixels * f.transform
      var path = f.path
      var overlapping = false
      if let style = f.stroke {
        // The stroke's outline, in the fill's frame, within a quarter of the
        // flattening tolerance once drawn.
        let stretch = max(m.frameStretch, 1e-12)
        // An outline point makes about an edge, and takes about 60 bytes
        // until it is flattened: an outline may not grow past the edges
        // left, nor past `Stroker.maximumOutlinePoints`.
        costs.strokes.points = min(flattener.limit, Stroker.maximumOutlinePoints)
        path = Stroker.outline(
          f.path, style, tolerance: flattener.tolerance / stretch, overlapping: &overlapping, budget: &costs.strokes)
        if costs.strokes.tooManyPoints {
          if flattener.limit > Stroker.maximumOutlinePoints {
            costs.strokeTooComplex = true
          } else {
            costs.tooManyEdges = true
          }
          return .layer(opacity: 0, children: [], bounds: .empty)
        }
      }
      guard let edges = flattener.edges(path, m) else {
        costs.tooManyEdges = true
        return .layer(opacity: 0, children: [], bounds: .empty)
      }
      costs.edgesLeft -= edges.count
      let rule = f.stroke == nil ? f.rule : .nonZero
      // Dashes whose round or square caps reach over the gaps overlap one
      // another, and so do the pieces of a path that turns back on
      // itself: drawn in strips like even-odd fills, so that a pixel on
      // the edge of two overlapping pieces is counted twice in less of it.
      let k =
        rule == .evenOdd || overlapping || f.stroke.map(RasterRenderer.dashesOverlap) == true
        ? RasterRenderer.evenOddSubRows : 1
      var (minY, maxY) = (Float.infinity, -Float.infinity)
      var (minX, maxX) = (Float.infinity, -Float.infinity)
      var crossed: Float = 0
      for e in edges {
        minY = min(minY, e.y0, e.y1)
        maxY = max(maxY, e.y0, e.y1)
        minX = min(minX, e.x0, e.x1)
        maxX = max(maxX, e.x0, e.x1)
        crossed += min(max(e.y0, e.y1), Float(h)) - max(min(e.y0, e.y1), 0) + 1
      }
      costs.edgeRows += Int(min(crossed, 1e15)) * k
      let ok = !edges.isEmpty && minY.isFinite && maxY.isFinite && minX.isFinite && maxX.isFinite
      if ok {
        let rows = min(h - 1, Int(maxY.rounded(.up))) - max(0, Int(minY.rounded(.down))) + 1
        let columns = min(w, Int(maxX.rounded(.up)) + 1) - max(0, Int(minX.rounded(.down)))
        if rows > 0 && columns > 0 {
          // The pixels inside the shape are what filling costs: its
          // outline's fan around its centre (the area of a shape star-shaped
          // about it, more for others), at most the bounding box on the
          // image. A thin diagonal shape costs its area, not its box.
          let (cx, cy) = (Double(minX + maxX) / 2, Double(minY + maxY) / 2)
          var fan = 0.0
          for e in edges {
            fan += abs((Double(e.x0) - cx) * (Double(e.y1) - cy) - (Double(e.x1) - cx) * (Double(e.y0) - cy))
          }
          let inside = min(Double(rows * columns), fan / 2 + Double(rows + columns))
          costs.area += Int(inside) * k * RasterRenderer.weight(f.paint)
        }
      }
      let scaled = k == 1 ? edges : edges.map { Edge($0.x0, $0.y0 * Float(k), $0.x1, $0.y1 * Float(k)) }
      return .fill(
        PreparedFill(
          edges: scaled,
          shader: Shader(f.paint, opacity: f.opacity, toPixels: m, canvas: Size(Double(w), Double(h))),
          rule: rule, subRows: k,
          y0: ok ? max(0, Int(minY.rounded(.down))) : 1, y1: ok ? min(h - 1, Int(maxY.rounded(.up))) : 0,
          x0: ok ? max(0, Int(minX.rounded(.down))) : 1, x1: ok ? min(w - 1, Int(maxX.rounded(.up))) : 0))
    }
    func prepare(_ nodes: [SceneNode]) -> [PreparedNode] {
      nodes.map { node in
        switch node {
        case .fill(let f):
          return prepareFill(f)
        case .layer(let opacity, let children):
          let (prepared, bounds) = prepareLayer(children)
          return .layer(
            opacity: UInt32(min(max(opacity * 255 + 0.5, 0), 255)), children: prepared, bounds: bounds)
        case .clip(let shapes, let children):
          // A clip is a mask of its shapes filled opaque.
          let mask = shapes.map {
            SceneNode.fill(
              Fill(
                path: $0.path, transform: $0.transform, paint: .solid(RGBA(r: 0, g: 0, b: 0)), opacity: 1, rule: $0.rule
              ))
          }
          return prepareMask(mask, children)
        case .mask(let mask, let children):
          return prepareMask(mask, children)
        case .colorEffect(let m, let children):
          let (prepared, bounds) = prepareLayer(children)
          return .colorEffect(m, children: prepared, bounds: bounds)
        case .blend(let mode, let children):
          let (prepared, bounds) = prepareLayer(children)
          return .blend(mode, children: prepared, bounds: bounds)
        case .shadow, .blur:
          let effect = PreparedEffect(node, canvasWidth: w, canvasHeight: h, toPixels: toPixels, &costs)
          deepest = max(deepest, depth + effect.groupDepth)
          return .effect(effect)
        }
      }
    }
    // A group's children, drawn into a layer of their own, and their
    // bounds (compositing the layer costs its area once more).
    func prepareLayer(_ children: [SceneNode]) -> ([PreparedNode], PixelBounds) {
      depth += 1
      deepest = max(deepest, depth)
      defer { depth -= 1 }
      let prepared = prepare(children)
      let bounds = prepared.reduce(PixelBounds.empty) { $0.union($1.bounds) }
      costs.area += bounds.area
      return (prepared, bounds)
    }
    // Mask and content are each drawn into a layer of their own.
    func prepareMask(_ mask: [SceneNode], _ children: [SceneNode]) -> PreparedNode {
      depth += 2
      deepest = max(deepest, depth)
      defer { depth -= 2 }
      let content = prepare(children)
      let alpha = prepare(mask)
      let bounds = content.reduce(PixelBounds.empty) { $0.union($1.bounds) }
        .intersection(alpha.reduce(PixelBounds.empty) { $0.union($1.bounds) })
      costs.area += 2 * bounds.area
      return .mask(mask: alpha, children: content, bounds: bounds)
    }
    nodes = prepare(sceneNodes)
    groupDepth = deepest
    self.costs = costs
  }

  /// Whether a stroke's outline took more than
  /// `Stroker.maximumOutlinePoints` points.
  var strokeTooComplex: Bool { costs.strokeTooComplex }

  /// Whether the strokes of the image cut more than
  /// `Stroker.DashPattern.maximumDashes` dashes (the rest were not drawn).
  var tooManyDashes: Bool { costs.strokes.tooManyDashes }

  /// Bytes of the buffers this image's shadows and blurs take on each
  /// drawing thread.
  var effectBytes: Int { costs.effectBytes }
  /// The most bytes of effect buffers a thread may take.
  static let maximumEffectBytes = 256 << 20

  /// Whether the caps of neighbouring dashes of `style` overlap.
  static func dashesOverlap(_ style: StrokeStyle) -> Bool {
    guard !style.dash.isEmpty, style.cap != .butt else { return false }
    // Gaps are every second entry (an odd-length list repeats twice).
    let pattern = style.dash.count % 2 == 1 ? style.dash + style.dash : style.dash
    let gaps = stride(from: 1, to: pattern.count, by: 2).map { pattern[$0] }
    return gaps.contains { $0 < style.width * (style.cap == .square ? 1.5 : 1) }
  }

  /// How much more a pixel of `paint` costs to shade than a solid colour's.
  static func weight(_ paint: Paint) -> Int {
    switch paint {
    case .solid: return 1
    case .linear: return 8
    case .radial: return 12
    case .conic: return 24
    }
  }

  /// Working memory of one thread.
  struct Scratch {
    var coverage: CoverageBand
    /// For fills drawn in strips: `evenOddSubRows` strips a row.
    var strips: CoverageBand? = nil
    /// One band of pixels per nesting level of layers.
    var layers: [[Pixel]] = []
    /// The working memory of each effect's own canvas, made when first
    /// drawn.
    var effects: [ObjectIdentifier: EffectScratch] = [:]
  }

  /// The threads to draw with: small images are drawn faster than a
  /// thread starts.
  func defaultThreads() -> Int { width * height < 1_000_000 ? 1 : rasterThreads }

  /// Draws the image band by band on `threads` threads. Each band is drawn
  /// into its thread's own buffer and handed, still in that thread, to
  /// `perBand(y0, rows, pixels)`. Bands are grouped into chunks of
  /// `chunkRows` rows; after each chunk, `afterChunk(top, rows)` runs on the
  /// calling thread, in order. False when `afterChunk` returned false.
  func drawBands(
    threads: Int, chunkRows: Int, perBand: @escaping (Int, Int, UnsafePointer<Pixel>) -> Void,
    afterChunk: (Int, Int) -> Bool
  ) -> Bool {
    let band = RasterRenderer.bandHeight
    let scratches = UnsafeMutableBufferPointer<Scratch>.allocate(capacity: threads)
    let buffers = UnsafeMutablePointer<Pixel>.allocate(capacity: width * band * threads)
    for t in 0..<threads {
      (scratches.baseAddress! + t).initialize(to: Scratch(coverage: CoverageBand(width: width, y0: 0, height: band)))
    }
    defer {
      _ = scratches.baseAddress!.deinitialize(count: threads)
      scratches.deallocate()
      buffers.deallocate()
    }
    let chunkRows = max(band, chunkRows / band * band)
    var top = 0
    while top < height {
      let rows = min(chunkRows, height - top)
      let bands = (rows + band - 1) / band
      let chunkTop = top
      // Each thread draws a run of bands one after another, so that a
      // shadow's or blur's window serves several of its bands.
      let workers = min(threads, bands)
      let run = (bands + workers - 1) / workers
      runInParallel(workers) { t in
        let pixels = buffers + t * self.width * band
        for b in (t * run)..<min(bands, (t + 1) * run) {
          let y0 = chunkTop + b * band
          let n = min(band, chunkTop + rows - y0)
          self.renderBand(y0: y0, rows: n, into: pixels, &scratches[t])
          perBand(y0, n, pixels)
        }
      }
      guard afterChunk(top, rows) else { return false }
      top += rows
    }
    return true
  }

  /// Draws the image and hands it to `encoder` a chunk of rows at a time.
  /// (`chunkRows`: rows handed on at a time, made whole bands, at least
  /// one; by default four bands a thread.)
  func render<E: BandEncoder>(into encoder: inout E, threads: Int? = nil, chunkRows: Int? = nil) -> Bool {
    let threads = threads ?? defaultThreads()
    // Whole bands, as `drawBands` makes its chunks: the buffer and each
    // band's place in it are reckoned in the same rows (a chunk of rows
    // not a multiple of the band's put the first band of the next chunk
    // past the buffer's end).
    let band = RasterRenderer.bandHeight
    let chunkRows = max(band, (chunkRows ?? band * threads * (threads > 1 ? 4 : 1)) / band * band)
    let chunk = UnsafeMutablePointer<Pixel>.allocate(capacity: width * min(chunkRows, height))
    defer { chunk.deallocate() }
    let width = self.width
    let ok = drawBands(
      threads: threads, chunkRows: chunkRows,
      perBand: { y0, rows, pixels in (chunk + (y0 % chunkRows) * width).update(from: pixels, count: rows * width) },
      afterChunk: { _, rows in encoder.encode(UnsafeBufferPointer(start: chunk, count: width * rows), rows: rows) })
    return ok && encoder.finish()
  }

  /// Draws rows `y0 ..< y0 + rows` into `pixels` (`rows` × `width`).
  func renderBand(y0: Int, rows: Int, into pixels: UnsafeMutablePointer<Pixel>, _ scratch: inout Scratch) {
    pixels.update(repeating: background, count: width * rows)
    draw(nodes, into: pixels, rows: rows, y0: y0, &scratch, depth: 0)
  }

  func draw(
    _ nodes: [PreparedNode], into pixels: UnsafeMutablePointer<Pixel>, rows: Int, y0: Int, _ scratch: inout Scratch,
    depth: Int
  ) {
    for node in nodes {
      switch node {
      case .fill(let f) where f.subRows > 1:
        if scratch.strips == nil {
          scratch.strips = CoverageBand(width: width, y0: 0, height: RasterRenderer.bandHeight * f.subRows)
        }
        drawStrips(f, into: pixels, rows: rows, y0: y0, &scratch.strips!)
      case .fill(let f):
        drawFill(f, into: pixels, rows: rows, y0: y0, &scratch.coverage)
      case .layer(let opacity, let children, let b):
        drawLayer(children, b, into: pixels, rows: rows, y0: y0, &scratch, depth: depth) {
          Pixels.over(Pixels.scale($0, opacity), $1)
        }
      case .colorEffect(let m, let children, let b):
        drawLayer(children, b, into: pixels, rows: rows, y0: y0, &scratch, depth: depth) {
          Pixels.over(Pixels.colorEffect($0, m), $1)
        }
      case .blend(let mode, let children, let b):
        drawLayer(children, b, into: pixels, rows: rows, y0: y0, &scratch, depth: depth) {
          Pixels.blend($0, onto: $1, mode)
        }
      case .mask(let mask, let children, let b):
        drawMask(mask, children, b, into: pixels, rows: rows, y0: y0, &scratch, depth: depth)
      case .effect(let e):
        drawEffect(e, into: pixels, rows: rows, y0: y0, &scratch)
      }
    }
  }

  /// Draws `children` into a layer of their own (only the rows and
  /// columns of this band that `b` touches are cleared and composited),
  /// then puts each of its pixels that is not clear onto `pixels` by
  /// `composite` (the layer's pixel, the one behind it).
  private func drawLayer(
    _ children: [PreparedNode], _ b: PixelBounds, into pixels: UnsafeMutablePointer<Pixel>, rows: Int, y0: Int,
    _ scratch: inout Scratch, depth: Int, composite: (Pixel, Pixel) -> Pixel
  ) {
    let r0 = max(b.y0, y0) - y0
    let r1 = min(b.y1, y0 + rows - 1) - y0
    guard !b.isEmpty, r0 <= r1 else { return }
    if scratch.layers.count <= depth { scratch.layers.append([]) }
    var layer = scratch.layers[depth]
    scratch.layers[depth] = []
    if layer.count != width * rows { layer = [Pixel](repeating: 0, count: width * rows) }
    let (c0, c1) = (max(0, b.x0), min(width - 1, b.x1))
    layer.withUnsafeMutableBufferPointer { l in
      for r in r0...r1 { (l.baseAddress! + r * width + c0).update(repeating: 0, count: c1 - c0 + 1) }
      draw(children, into: l.baseAddress!, rows: rows, y0: y0, &scratch, depth: depth + 1)
      for r in r0...r1 {
        for i in (r * width + c0)...(r * width + c1) where l[i] != 0 {
          pixels[i] = composite(l[i], pixels[i])
        }
      }
    }
    scratch.layers[depth] = layer
  }

  private func drawFill(
    _ f: PreparedFill, into pixels: UnsafeMutablePointer<Pixel>, rows: Int, y0: Int, _ coverage: inout CoverageBand
  ) {
    guard max(f.y0, y0) <= min(f.y1, y0 + rows - 1) else { return }
    coverage.accumulate(f.edges, y0: y0, rows: rows)
    let width = self.width
    let stride = coverage.stride
    let touched = coverage.touched
    coverage.cells.withUnsafeMutableBufferPointer { cells in
      var i = 0
      while i < touched.count {
        let r = Int(touched[i] >> 48)
        let row = y0 + r
        let cellRow = cells.baseAddress! + r * stride
        let pixelRow = pixels + r * width
        let rowColor = f.shader.rowColor(row)
        var x = 0
        var sum: Float = 0
        // The touched ranges of this row, left to right.
        while i < touched.count && Int(touched[i] >> 48) == r {
          let start = Int((touched[i] >> 24) & 0xFF_FFFF)
          let end = Int(touched[i] & 0xFF_FFFF)
          i += 1
          if start > x {
            span(pixelRow, x, min(start, width), BadgeKit.coverage(sum, f.rule), f.shader, rowColor, row)
            x = start
          }
          while x <= end {
            sum += cellRow[x]
            cellRow[x] = 0
            if x < width { paint(pixelRow, x, BadgeKit.coverage(sum, f.rule), f.shader, rowColor, row) }
            x += 1
          }
        }
        if x < width { span(pixelRow, x, width, BadgeKit.coverage(sum, f.rule), f.shader, rowColor, row) }
      }
    }
    coverage.touched.removeAll(keepingCapacity: true)
  }

  /// Draws a fill whose coverage is taken strip by strip: each pixel row is
  /// `f.subRows` strips (the edges' y is already scaled), the fill rule is
  /// applied to each strip's winding area and the pixel gets the mean.
  private func drawStrips(
    _ f: PreparedFill, into pixels: UnsafeMutablePointer<Pixel>, rows: Int, y0: Int, _ strips: inout CoverageBand
  ) {
    guard max(f.y0, y0) <= min(f.y1, y0 + rows - 1) else { return }
    let k = f.subRows
    strips.accumulate(f.edges, y0: y0 * k, rows: rows * k)
    let width = self.width
    let stride = strips.stride
    let touched = strips.touched
    let scale = 1 / Float(k)
    var sums = [Float](repeating: 0, count: k)
    var ranges: [(Int, Int)] = []
    func mean(_ sums: [Float]) -> Float {
      var c: Float = 0
      for s in sums { c += BadgeKit.coverage(s, f.rule) }
      return c * scale
    }
    strips.cells.withUnsafeMutableBufferPointer { cells in
      var i = 0
      while i < touched.count {
        // All touched ranges of the strips of one pixel row, left to right.
        let r = Int(touched[i] >> 48) / k
        ranges.removeAll(keepingCapacity: true)
        while i < touched.count && Int(touched[i] >> 48) / k == r {
          ranges.append((Int((touched[i] >> 24) & 0xFF_FFFF), Int(touched[i] & 0xFF_FFFF)))
          i += 1
        }
        ranges.sort { $0.0 < $1.0 }
        let row = y0 + r
        let first = cells.baseAddress! + r * k * stride
        let pixelRow = pixels + r * width
        let rowColor = f.shader.rowColor(row)
        for j in 0..<k { sums[j] = 0 }
        var x = 0
        for (start, end) in ranges {
          if start > x {
            span(pixelRow, x, min(start, width), mean(sums), f.shader, rowColor, row)
            x = start
          }
          while x <= end {
            for j in 0..<k {
              sums[j] += first[j * stride + x]
              first[j * stride + x] = 0
            }
            if x < width { paint(pixelRow, x, mean(sums), f.shader, rowColor, row) }
            x += 1
          }
        }
        if x < width { span(pixelRow, x, width, mean(sums), f.shader, rowColor, row) }
      }
    }
    strips.touched.removeAll(keepingCapacity: true)
  }

  /// The coverage step alone, for the benchmark: every non-zero fill's edges are
  /// accumulated and every row walked, but no pixel is written. Returns a
  /// checksum of the coverage so the work cannot be skipped.
  func coverageOnly() -> Float {
    var coverage = CoverageBand(width: width, y0: 0, height: RasterRenderer.bandHeight)
    var total: Float = 0
    var fills: [PreparedFill] = []
    func collect(_ nodes: [PreparedNode]) {
      for n in nodes {
        switch n {
        case .fill(let f) where f.subRows == 1: fills.append(f)
        case .fill: break  // fills drawn in strips are left out
        case .layer(_, let children, _), .colorEffect(_, let children, _), .blend(_, let children, _):
          collect(children)
        case .mask(let mask, let children, _): collect(mask + children)
        case .effect: break  // drawn on canvases of their own
        }
      }
    }
    collect(nodes)
    var y0 = 0
    while y0 < height {
      let rows = min(RasterRenderer.bandHeight, height - y0)
      for f in fills {
        coverage.accumulate(f.edges, y0: y0, rows: rows)
        for t in coverage.touched {
          let r = Int(t >> 48)
          for x in Int((t >> 24) & 0xFF_FFFF)...Int(t & 0xFF_FFFF) {
            total += coverage.cells[r * coverage.stride + x]
            coverage.cells[r * coverage.stride + x] = 0
          }
        }
        coverage.touched.removeAll(keepingCapacity: true)
      }
      y0 += rows
    }
    return total
  }

  /// Pixel x of a row (one along an edge) at coverage `c`.
  @inline(__always)
  private func paint(
    _ row: UnsafeMutablePointer<Pixel>, _ x: Int, _ c: Float, _ shader: Shader, _ rowColor: Pixel?, _ y: Int
  ) {
    let cov = Pixels.coverageByte(c)
    guard cov > 0 else { return }
    let s = rowColor ?? shader.color(x, y)
    row[x] = Pixels.over(cov == 255 ? s : Pixels.scale(s, cov), row[x])
  }

  /// Pixels x0 ..< x1 of a row, all at coverage `c`.
  @inline(__always)
  private func span(
    _ row: UnsafeMutablePointer<Pixel>, _ x0: Int, _ x1: Int, _ c: Float, _ shader: Shader, _ rowColor: Pixel?, _ y: Int
  ) {
    let cov = Pixels.coverageByte(c)
    guard cov > 0, x1 > x0 else { return }
    if let color = rowColor {
      let s = cov == 255 ? color : Pixels.scale(color, cov)
      if s >> 24 == 255 {
        (row + x0).update(repeating: s, count: x1 - x0)
      } else {
        for x in x0..<x1 { row[x] = Pixels.over(s, row[x]) }
      }
      return
    }
    shader.colors(x0, x1, y) { x, s in
      row[x] = Pixels.over(cov == 255 ? s : Pixels.scale(s, cov), row[x])
    }
  }
}

extension Scene {
  /// The raster image's width and height in pixels at `scale` pixels per
  /// point: each side rounded, at least 1 (as PNG and PPM are drawn).
  public func pixelSize(scale: Double) -> (Int, Int) { RasterRenderer.pixelSize(self, scale: scale) }
}
