// Masks (and clips, which are masks of their shapes filled opaque): a
// mask's content and its mask are drawn band by band into two layers and
// the content multiplied by the mask's alpha. (Shadows and blurs are in
// Effects.swift.)

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
}
