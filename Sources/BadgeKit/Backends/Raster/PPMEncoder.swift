// The PPM backend: bands of premultiplied pixels in, binary PPM (P6, maxval
// 255) out. PPM has no alpha, so every pixel is composited over the
// background (white unless one is given).

/// Writes P6 PPM to a byte sink, band by band.
struct PPMEncoder: BandEncoder {
  let width: Int
  let background: Premultiplied
  let sink: (UnsafeRawBufferPointer) -> Bool
  private var row: [UInt8]

  init(width: Int, height: Int, background: RGBA, sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
    self.width = width
    self.background = Shader.premultiply(RGBA(r: background.r, g: background.g, b: background.b, a: 1))
    self.sink = sink
    self.row = []
    let header = Array("P6\n\(width) \(height)\n255\n".utf8)
    ok = header.withUnsafeBytes { sink($0) }
  }

  private var ok: Bool

  mutating func encode(_ pixels: UnsafeBufferPointer<Premultiplied>, rows: Int) -> Bool {
    guard ok else { return false }
    let count = width * rows
    if row.count != count * 3 { row = [UInt8](repeating: 0, count: count * 3) }
    let bg = background
    row.withUnsafeMutableBufferPointer { out in
      for i in 0..<count {
        let p = pixels[i]
        let c = p + bg * (1 - p.w)
        out[3 * i] = toByte(c.x)
        out[3 * i + 1] = toByte(c.y)
        out[3 * i + 2] = toByte(c.z)
      }
    }
    return row.withUnsafeBytes { sink($0) }
  }

  mutating func finish() -> Bool { ok }
}

/// A channel 0…1 as a byte, rounded.
@inline(__always)
func toByte(_ v: Float) -> UInt8 {
  UInt8(min(max(v * 255 + 0.5, 0), 255))
}
