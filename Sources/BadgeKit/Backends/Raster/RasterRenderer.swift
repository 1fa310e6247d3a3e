// The raster pipeline's driver: a `Scene` in; bands of premultiplied pixels
// out, top to bottom, to an encoder. Per band: flattened edges (prepared
// once) are accumulated into coverage, the coverage is shaded and
// composited source-over in premultiplied alpha, group layers composited
// with their opacity. No buffer ever holds more than one band of the canvas.

/// How to rasterize.
public struct RasterOptions: Sendable {
  /// Pixels per point.
  public var scale: Double = 1
  /// What the image is composited over; nil keeps transparency (where the
  /// format has it; PPM then uses white).
  public var background: RGBA?

  public init(scale: Double = 1, background: RGBA? = nil) {
    self.scale = scale
    self.background = background
  }
}

/// Receives the image one band of rows at a time.
protocol BandEncoder {
  /// `pixels` holds `rows` rows of `width` premultiplied pixels.
  mutating func encode(_ pixels: UnsafeBufferPointer<Premultiplied>, rows: Int) -> Bool
  mutating func finish() -> Bool
}

/// A fill ready to draw: edges in pixels, the rows and columns they touch.
struct PreparedFill {
  var edges: [Edge]
  var shader: Shader
  var rule: FillRule
  /// Pixel bounds of the edges, clamped to the canvas: columns x0...x1 and
  /// rows y0...y1 (inclusive); empty when x0 > x1 or y0 > y1.
  var x0, y0, x1, y1: Int
}

/// The scene tree with its fills prepared.
indirect enum PreparedNode {
  case fill(PreparedFill)
  case layer(opacity: Float, children: [PreparedNode])
}

/// Renders one scene at one scale.
struct RasterRenderer {
  let width: Int
  let height: Int
  let nodes: [PreparedNode]
  /// Rows per band.
  static let bandHeight = 32

  /// The pixel size of `scene` at `scale` points → pixels.
  static func pixelSize(_ scene: Scene, scale: Double) -> (Int, Int) {
    (max(1, Int((scene.size.width * scale).rounded())), max(1, Int((scene.size.height * scale).rounded())))
  }

  init(_ scene: Scene, scale: Double) {
    (width, height) = RasterRenderer.pixelSize(scene, scale: scale)
    let toPixels = Transform.scale(scale, scale)
    let flattener = Flattener()
    let (w, h) = (width, height)
    func prepare(_ nodes: [SceneNode]) -> [PreparedNode] {
      nodes.map { node in
        switch node {
        case .fill(let f):
          let m = toPixels * f.transform
          let edges = flattener.edges(f.path, m)
          var (minX, minY, maxX, maxY) = (Float.infinity, Float.infinity, -Float.infinity, -Float.infinity)
          for e in edges {
            minX = min(minX, e.x0, e.x1)
            maxX = max(maxX, e.x0, e.x1)
            minY = min(minY, e.y0, e.y1)
            maxY = max(maxY, e.y0, e.y1)
          }
          let ok = !edges.isEmpty && minX.isFinite && maxY.isFinite
          return .fill(
            PreparedFill(
              edges: edges, shader: Shader(f.paint, opacity: f.opacity, toPixels: m), rule: f.rule,
              x0: ok ? max(0, Int(minX.rounded(.down))) : 1, y0: ok ? max(0, Int(minY.rounded(.down))) : 1,
              x1: ok ? min(w - 1, Int(maxX.rounded(.up))) : 0, y1: ok ? min(h - 1, Int(maxY.rounded(.up))) : 0))
        case .layer(let opacity, let children):
          return .layer(opacity: Float(opacity), children: prepare(children))
        }
      }
    }
    nodes = prepare(scene.nodes)
  }

  /// Draws every band and hands it to `encoder`; false if the encoder
  /// failed (it could not write).
  func render<E: BandEncoder>(into encoder: inout E) -> Bool {
    let bandHeight = RasterRenderer.bandHeight
    var coverage = CoverageBand(width: width, y0: 0, height: bandHeight)
    var layers: [[Premultiplied]] = []
    var y0 = 0
    while y0 < height {
      let rows = min(bandHeight, height - y0)
      coverage.moveTo(y0: y0)
      var pixels = [Premultiplied](repeating: .zero, count: width * rows)
      draw(nodes, into: &pixels, rows: rows, y0: y0, &coverage, &layers, depth: 0)
      let ok = pixels.withUnsafeBufferPointer { encoder.encode($0, rows: rows) }
      if !ok { return false }
      y0 += rows
    }
    return encoder.finish()
  }

  private func draw(
    _ nodes: [PreparedNode], into pixels: inout [Premultiplied], rows: Int, y0: Int, _ coverage: inout CoverageBand,
    _ layers: inout [[Premultiplied]], depth: Int
  ) {
    for node in nodes {
      switch node {
      case .fill(let f):
        drawFill(f, into: &pixels, rows: rows, y0: y0, &coverage)
      case .layer(let opacity, let children):
        if layers.count <= depth { layers.append([]) }
        var layer = layers[depth]
        layer = [Premultiplied](repeating: .zero, count: width * rows)
        draw(children, into: &layer, rows: rows, y0: y0, &coverage, &layers, depth: depth + 1)
        for i in 0..<(width * rows) {
          let s = layer[i] * opacity
          pixels[i] = s + pixels[i] * (1 - s.w)
        }
        layers[depth] = layer
      }
    }
  }

  private func drawFill(
    _ f: PreparedFill, into pixels: inout [Premultiplied], rows: Int, y0: Int, _ coverage: inout CoverageBand
  ) {
    let top = max(f.y0, y0)
    let bottom = min(f.y1, y0 + rows - 1)
    guard top <= bottom, f.x0 <= f.x1 else { return }
    let bandTop = Float(y0)
    let bandBottom = Float(y0 + rows)
    for e in f.edges where max(e.y0, e.y1) > bandTop && min(e.y0, e.y1) < bandBottom {
      coverage.add(e)
    }
    let stride = coverage.stride
    let x0 = f.x0
    let x1 = min(f.x1 + 1, width - 1)
    coverage.cells.withUnsafeMutableBufferPointer { cells in
      pixels.withUnsafeMutableBufferPointer { out in
        for row in top...bottom {
          let r = row - y0
          let cellRow = cells.baseAddress! + r * stride
          let pixelRow = out.baseAddress! + r * width
          var sum: Float = 0
          let y = Float(row) + 0.5
          for x in x0...x1 {
            sum += cellRow[x]
            cellRow[x] = 0
            let c = BadgeKit.coverage(sum, f.rule)
            if c <= 0 { continue }
            let s: Premultiplied
            switch f.shader {
            case .solid(let color): s = color * c
            case .linear(let table, let gx, let gy, let g0):
              let t = gx * (Float(x) + 0.5) + gy * y + g0
              let i = Int(min(max(t, 0), 1) * Float(table.count - 1) + 0.5)
              s = table[i] * c
            }
            pixelRow[x] = s + pixelRow[x] * (1 - s.w)
          }
          // Cells right of the fill (edges clamped at the right end).
          for x in (x1 + 1)..<stride { cellRow[x] = 0 }
        }
      }
    }
  }
}

extension CoverageBand {
  /// Reuses the (all-zero) buffer for the band starting at row `y0`.
  mutating func moveTo(y0: Int) { self.y0 = y0 }
}
