// The raster backends' entry: a scene, a format and raster options in;
// the encoded image out to a byte sink, band by band.

/// The renderer for `format` (PPM or PNG). PNG is drawn over the
/// background as given: none or a clear one leaves it transparent (RGBA),
/// an opaque one makes it RGB, a translucent one stays translucent (RGBA).
/// PPM has no alpha: it is drawn over the background laid over white.
/// Nil when the scene has more edges than `RasterRenderer.maximumEdges`.
func rasterRenderer(_ scene: Scene, format: OutputFormat, options: RasterOptions) -> RasterRenderer? {
  let white = RGBA(r: 1, g: 1, b: 1)
  let background =
    format == .png
    ? options.background.flatMap { $0.a > 0 ? $0 : nil }
    : options.background.map { $0.over(white) } ?? white
  return RasterRenderer(scene, scale: options.scale, background: background)
}

/// Encodes what `renderer` draws as `format` (PPM or PNG) into `sink`;
/// `optimize`: a PNG as small as badgec makes it (see `optimizedPNG`).
func renderRaster(
  _ renderer: RasterRenderer, format: OutputFormat, optimize: Bool = false,
  to sink: @escaping (UnsafeRawBufferPointer) -> Bool
) -> Bool {
  switch format {
  case .png where optimize:
    return optimizedPNG(renderer, to: sink)
  case .png:
    let threads = renderer.defaultThreads()
    var encoder = PNGEncoder(
      width: renderer.width, height: renderer.height, opaque: renderer.background >> 24 == 255,
      threads: threads, sink: sink)
    // On one thread, chunks of up to 256 KiB of pixels: each chunk is a
    // deflate segment with codes of its own, and one for every band of
    // 32 rows built them eight times for a 256-pixel badge.
    let rows = threads == 1 ? smallChunkBytes / max(1, 4 * renderer.width) : nil
    return renderer.render(into: &encoder, threads: threads, chunkRows: rows)
  default:
    return PPM.write(renderer, to: sink)
  }
}

/// The smallest of the PNGs of what `renderer` draws with each way of
/// filtering rows (all five filters by the smallest sum, and each filter
/// on every row), each compressed on one thread with hash chains of 4,096
/// positions and lazy matches: for assets that ship, at many times the
/// default's time. The image is drawn again for each, a chunk of rows at a
/// time as by default, so memory stays bounded; a candidate is dropped as
/// soon as it is larger than the best so far or than `candidateLimit`
/// bytes, and when none fits in that the default encoding is written.
func optimizedPNG(_ renderer: RasterRenderer, to sink: @escaping (UnsafeRawBufferPointer) -> Bool) -> Bool {
  var best: [UInt8]? = nil
  for filtering: PNGEncoder.Filtering in [.smallest, .every(0), .every(1), .every(2), .every(4)] {
    var bytes: [UInt8] = []
    let cap = min(candidateLimit, best?.count ?? Int.max)
    var e = PNGEncoder(
      width: renderer.width, height: renderer.height, opaque: renderer.background >> 24 == 255,
      threads: 1, filtering: filtering, chain: 4096
    ) {
      bytes.append(contentsOf: $0)
      return bytes.count <= cap
    }
    // Chunks of 16 MiB of pixels: each ends a deflate segment, which costs
    // a little compression.
    let rows = (16 << 20) / max(1, 4 * renderer.width)
    if renderer.render(into: &e, threads: renderer.defaultThreads(), chunkRows: rows) { best = bytes }
  }
  guard let best else { return renderRaster(renderer, format: .png, to: sink) }
  return best.withUnsafeBytes { sink($0) }
}

/// The pixels a PNG drawn on one thread hands to its encoder at a time,
/// in bytes.
let smallChunkBytes = 256 << 10

/// The most bytes an `--optimize` candidate PNG may take in memory.
let candidateLimit = 256 << 20

/// A colour written on the command line (`#rrggbb`, a colour name,
/// `rgb(…)`), or nil.
public func parseColor(_ text: String) -> RGBA? {
  let (expr, diagnostics) = Parser.parseExpression(SourceFile(name: "<colour>", text: text))
  guard diagnostics.isEmpty else { return nil }
  let ev = Evaluator()
  if case .color(let c) = ev.eval(expr, Builtins.globalScope()), !ev.diagnostics.hasErrors { return c }
  return nil
}

/// The colour name `text` was likely meant to be (a near miss, or `clear`
/// for the CSS words `transparent` and `none`), or nil.
public func colorNameSuggestion(_ text: String) -> String? {
  if ["transparent", "none"].contains(text.lowercased()) { return "clear" }
  return Resolver.suggest(text, Array(Builtins.colors.keys))
}
