// The PNG backend: bands of premultiplied pixels in, a PNG out: RGBA with
// straight alpha (transparent background), or RGB composited over a given
// background. Each row gets the PNG filter (None, Sub, Up, Average, Paeth)
// whose output has the smallest sum of magnitudes; the rows go through our
// own zlib stream (Deflate.swift) into IDAT chunks as they fill up.

/// Writes a PNG to a byte sink, band by band.
struct PNGEncoder: BandEncoder {
  let width: Int
  let sink: (UnsafeRawBufferPointer) -> Bool
  /// Bytes per pixel: 4 (RGBA) or 3 (RGB).
  let channels: Int
  private var previousRow: [UInt8]
  private var row: [UInt8]
  private var candidates: [[UInt8]]
  private var deflater = Deflater()
  private var adler = Adler32()
  private var ok = true
  /// IDAT chunks are written when this much compressed data is waiting.
  private static let chunkSize = 65_536

  /// `opaque`: the pixels are drawn over an opaque background; write RGB.
  init(width: Int, height: Int, opaque: Bool, sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
    self.width = width
    self.sink = sink
    channels = opaque ? 3 : 4
    let rowBytes = width * channels
    previousRow = [UInt8](repeating: 0, count: rowBytes)
    row = previousRow
    candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes + 1), count: 5)
    let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    ok = signature.withUnsafeBytes { sink($0) }
    var header: [UInt8] = []
    PNGEncoder.append32(&header, UInt32(width))
    PNGEncoder.append32(&header, UInt32(height))
    header += [8, channels == 4 ? 6 : 2, 0, 0, 0]  // 8 bits, RGBA or RGB, deflate, filters, no interlace
    ok = ok && chunk("IHDR", header)
    deflater.output.reserveCapacity(PNGEncoder.chunkSize * 2)
    deflater.output += [0x78, 0x01]  // zlib: deflate, 32 KiB window, no dictionary
  }

  static func append32(_ out: inout [UInt8], _ v: UInt32) {
    out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  /// Writes one chunk: length, type, data, CRC of type and data.
  private func chunk(_ type: String, _ data: [UInt8]) -> Bool {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(data.count + 12)
    PNGEncoder.append32(&bytes, UInt32(data.count))
    bytes += Array(type.utf8)
    bytes += data
    var crc = CRC32()
    crc.update(bytes[4...])
    PNGEncoder.append32(&bytes, crc.checksum)
    return bytes.withUnsafeBytes { sink($0) }
  }

  mutating func encode(_ pixels: UnsafeBufferPointer<Pixel>, rows: Int) -> Bool {
    guard ok else { return false }
    for r in 0..<rows {
      convert(pixels, rowStart: r * width)
      let filtered = filter()
      candidates[filtered].withUnsafeBufferPointer { bytes in
        adler.update(bytes)
        deflater.write(bytes)
      }
      swap(&previousRow, &row)
      if deflater.output.count >= PNGEncoder.chunkSize {
        ok = chunk("IDAT", deflater.output)
        deflater.output.removeAll(keepingCapacity: true)
        if !ok { return false }
      }
    }
    return true
  }

  mutating func finish() -> Bool {
    guard ok else { return false }
    deflater.finish()
    PNGEncoder.append32(&deflater.output, adler.checksum)
    return chunk("IDAT", deflater.output) && chunk("IEND", [])
  }

  /// One row of premultiplied pixels as bytes: RGB (opaque), or straight RGBA.
  private mutating func convert(_ pixels: UnsafeBufferPointer<Pixel>, rowStart: Int) {
    let width = self.width
    let rgb = channels == 3
    row.withUnsafeMutableBufferPointer { out in
      if rgb {
        rgbBytes(UnsafeBufferPointer(rebasing: pixels[rowStart..<(rowStart + width)]), into: out.baseAddress!, count: width)
        return
      }
      for x in 0..<width {
        let p = pixels[rowStart + x]
        let a = p >> 24
        var (r, g, b) = (p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF)
        if a != 0 && a != 255 {
          // Unpremultiply, rounded.
          r = (r * 255 + a / 2) / a
          g = (g * 255 + a / 2) / a
          b = (b * 255 + a / 2) / a
        }
        out[4 * x] = UInt8(min(r, 255))
        out[4 * x + 1] = UInt8(min(g, 255))
        out[4 * x + 2] = UInt8(min(b, 255))
        out[4 * x + 3] = UInt8(a)
      }
    }
  }

  /// Fills the five filtered versions of `row` and returns the index of the
  /// one whose bytes, read as signed, have the smallest sum of magnitudes.
  private mutating func filter() -> Int {
    let bpp = channels
    let n = row.count
    var best = 0
    var bestScore = Int.max
    for f in 0..<5 {
      var score = 0
      row.withUnsafeBufferPointer { cur in
        previousRow.withUnsafeBufferPointer { up in
          candidates[f].withUnsafeMutableBufferPointer { out in
            out[0] = UInt8(f)
            for i in 0..<n {
              let a = i >= bpp ? Int(cur[i - bpp]) : 0
              let b = Int(up[i])
              let c = i >= bpp ? Int(up[i - bpp]) : 0
              let x = Int(cur[i])
              let predictor: Int
              switch f {
              case 0: predictor = 0
              case 1: predictor = a
              case 2: predictor = b
              case 3: predictor = (a + b) / 2
              default:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
              }
              let v = UInt8(truncatingIfNeeded: x - predictor)
              out[i + 1] = v
              score += v < 128 ? Int(v) : 256 - Int(v)
            }
          }
        }
      }
      if score < bestScore {
        bestScore = score
        best = f
      }
    }
    return best
  }
}
