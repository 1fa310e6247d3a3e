// The raster backends' entry: a scene, a format and raster options in;
// the encoded image out to a byte sink, band by band.

/// Rasterizes `scene` and encodes it as `format` (PPM or PNG) into `sink`.
func renderRaster(
  _ scene: Scene, format: OutputFormat, options: RasterOptions, to sink: @escaping (UnsafeRawBufferPointer) -> Bool
) -> Bool {
  switch format {
  case .png:
    // A background is drawn opaque: the PNG is then RGB.
    let background = options.background.map { RGBA(r: $0.r, g: $0.g, b: $0.b, a: 1) }
    let renderer = RasterRenderer(scene, scale: options.scale, background: background)
    var encoder = PNGEncoder(
      width: renderer.width, height: renderer.height, opaque: background != nil, threads: renderer.defaultThreads(),
      sink: sink)
    return renderer.render(into: &encoder)
  default:
    return PPM.write(ppmRenderer(scene, options), to: sink)
  }
}

/// The renderer for PPM: over the background (white unless given), opaque.
func ppmRenderer(_ scene: Scene, _ options: RasterOptions) -> RasterRenderer {
  let b = options.background ?? RGBA(r: 1, g: 1, b: 1)
  return RasterRenderer(scene, scale: options.scale, background: RGBA(r: b.r, g: b.g, b: b.b, a: 1))
}

/// A colour written on the command line (`#rrggbb`, a colour name,
/// `rgb(…)`), or nil.
public func parseColor(_ text: String) -> RGBA? {
  let (expr, diagnostics) = Parser.parseExpression(SourceFile(name: "<colour>", text: text))
  guard diagnostics.isEmpty else { return nil }
  let ev = Evaluator()
  if case .color(let c) = ev.eval(expr, Builtins.globalScope()), !ev.diagnostics.hasErrors { return c }
  return nil
}
