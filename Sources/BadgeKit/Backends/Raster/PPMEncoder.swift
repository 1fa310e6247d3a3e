// The PPM backend: the renderer's bands, drawn over an opaque background,
// in; binary PPM (P6, maxval 255) out. PPM has no alpha: the renderer
// starts every band as the background (white unless one is given), so each
// pixel is already opaque and only its alpha is dropped. Bands are turned
// into bytes by the threads that drew them, straight into the output.

/// Binary PPM: its header, size, and the two ways to write it.
enum PPM {
  static func header(width: Int, height: Int) -> [UInt8] { Array("P6\n\(width) \(height)\n255\n".utf8) }

  /// The size of the whole file.
  static func size(width: Int, height: Int) -> Int { header(width: width, height: height).count + width * height * 3 }

  /// Writes the image to `sink` a chunk of rows at a time.
  static func write(_ renderer: RasterRenderer, threads: Int? = nil, to sink: (UnsafeRawBufferPointer) -> Bool)
    -> Bool
  {
    let (width, height) = (renderer.width, renderer.height)
    guard header(width: width, height: height).withUnsafeBytes({ sink($0) }) else { return false }
    let threads = threads ?? renderer.defaultThreads()
    let chunkRows = RasterRenderer.bandHeight * threads * (threads > 1 ? 4 : 1)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: width * min(chunkRows, height) * 3)
    defer { bytes.deallocate() }
    return renderer.drawBands(
      threads: threads, chunkRows: chunkRows,
      perBand: { y0, rows, pixels in
        rgbBytes(pixels, into: bytes + (y0 % chunkRows) * width * 3, count: rows * width)
      },
      afterChunk: { _, rows in sink(UnsafeRawBufferPointer(start: bytes, count: rows * width * 3)) })
  }

  /// Writes the whole file into `buffer` (exactly `size` bytes), every
  /// thread drawing and converting its bands in place. After each chunk of
  /// rows, `done` gets the byte range now final.
  static func write(
    _ renderer: RasterRenderer, into buffer: UnsafeMutableRawBufferPointer, done: (Range<Int>) -> Void
  ) -> Bool {
    let (width, height) = (renderer.width, renderer.height)
    let header = header(width: width, height: height)
    guard buffer.count == size(width: width, height: height) else { return false }
    header.withUnsafeBytes { buffer.copyMemory(from: $0) }
    let pixels = (buffer.baseAddress! + header.count).assumingMemoryBound(to: UInt8.self)
    let threads = renderer.defaultThreads()
    var finished = 0
    return renderer.drawBands(
      threads: threads, chunkRows: RasterRenderer.bandHeight * threads * 8,
      perBand: { y0, rows, band in rgbBytes(band, into: pixels + y0 * width * 3, count: rows * width) },
      afterChunk: { top, rows in
        let end = header.count + (top + rows) * width * 3
        done(finished..<end)
        finished = end
        return true
      })
  }
}

/// The R, G and B bytes of `count` opaque pixels, packed. Four pixels at a
/// time as two 64-bit lanes of two pixels each: a lane's six colour bytes
/// are gathered in its low 48 bits and stored as 8 bytes, the 2 extra bytes
/// overwritten by the next store (so the vector loop stops 2 pixels early).
func rgbBytes(_ pixels: UnsafePointer<Pixel>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
  let source = UnsafeRawPointer(pixels)
  let target = UnsafeMutableRawPointer(out)
  var i = 0
  while i + 6 <= count {
    let two = source.loadUnaligned(fromByteOffset: 4 * i, as: SIMD2<UInt64>.self)
    let packed = (two & 0xFF_FFFF) | ((two &>> 8) & 0xFFFF_FF00_0000)
    target.storeBytes(of: packed[0], toByteOffset: 3 * i, as: UInt64.self)
    target.storeBytes(of: packed[1], toByteOffset: 3 * i + 6, as: UInt64.self)
    i += 4
  }
  while i < count {
    let p = pixels[i]
    out[3 * i] = UInt8(truncatingIfNeeded: p)
    out[3 * i + 1] = UInt8(truncatingIfNeeded: p >> 8)
    out[3 * i + 2] = UInt8(truncatingIfNeeded: p >> 16)
    i += 1
  }
}
