// The PPM backend: bands of premultiplied pixels, drawn over an opaque
// background, in; binary PPM (P6, maxval 255) out. PPM has no alpha: the
// renderer starts every band as the background (white unless one is
// given), so each pixel is already opaque and only its alpha is dropped.

/// Writes P6 PPM to a byte sink, band by band.
struct PPMEncoder: BandEncoder {
  let width: Int
  let sink: (UnsafeRawBufferPointer) -> Bool
  private var bytes: [UInt8] = []
  private var ok: Bool

  init(width: Int, height: Int, sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
    self.width = width
    self.sink = sink
    ok = Array("P6\n\(width) \(height)\n255\n".utf8).withUnsafeBytes { sink($0) }
  }

  mutating func encode(_ pixels: UnsafeBufferPointer<Pixel>, rows: Int) -> Bool {
    guard ok else { return false }
    let count = width * rows
    if bytes.count != count * 3 { bytes = [UInt8](repeating: 0, count: count * 3) }
    bytes.withUnsafeMutableBufferPointer { out in
      rgbBytes(pixels, into: out.baseAddress!, count: count)
    }
    ok = bytes.withUnsafeBytes { sink($0) }
    return ok
  }

  mutating func finish() -> Bool { ok }
}

/// The R, G and B bytes of `count` opaque pixels, packed.
func rgbBytes(_ pixels: UnsafeBufferPointer<Pixel>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
  var o = out
  for i in 0..<count {
    let p = pixels[i]
    o[0] = UInt8(truncatingIfNeeded: p)
    o[1] = UInt8(truncatingIfNeeded: p >> 8)
    o[2] = UInt8(truncatingIfNeeded: p >> 16)
    o += 3
  }
}
