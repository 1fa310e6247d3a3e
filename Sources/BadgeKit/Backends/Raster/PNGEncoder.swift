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
  /// The filter type byte and the filtered row.
  private var filteredRow: [UInt8]
  private let deflater = Deflater()
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
    filteredRow = [UInt8](repeating: 0, count: rowBytes + 1)
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
      filter()
      filteredRow.withUnsafeBufferPointer { bytes in
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
        rgbBytes(pixels.baseAddress! + rowStart, into: out.baseAddress!, count: width)
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

  /// Picks the PNG filter for `row` (the one whose output, read as signed
  /// bytes, has the smallest sum of magnitudes, estimated on every 16th
  /// byte) and writes the filtered row into `filteredRow`.
  private mutating func filter() {
    let bpp = channels
    let n = row.count
    var best = 0
    row.withUnsafeBufferPointer { cur in
      previousRow.withUnsafeBufferPointer { up in
        var bestScore = Int.max
        for f in [1, 2, 4] {
          var score = 0
          var i = bpp
          while i < n {
            let v = PNGEncoder.filtered(f, cur[i], cur[i - bpp], up[i], up[i - bpp])
            score += v < 128 ? Int(v) : 256 - Int(v)
            i += 16
          }
          if score < bestScore {
            bestScore = score
            best = f
          }
        }
        filteredRow.withUnsafeMutableBufferPointer { out in
          out[0] = UInt8(best)
          let o = out.baseAddress! + 1
          // The first pixel has no left neighbour (a = c = 0).
          for i in 0..<min(bpp, n) { o[i] = PNGEncoder.filtered(best, cur[i], 0, up[i], 0) }
          switch best {
          case 0: for i in bpp..<max(bpp, n) { o[i] = cur[i] }
          case 1: for i in bpp..<max(bpp, n) { o[i] = cur[i] &- cur[i - bpp] }
          case 2: for i in bpp..<max(bpp, n) { o[i] = cur[i] &- up[i] }
          case 3:
            for i in bpp..<max(bpp, n) { o[i] = cur[i] &- UInt8((UInt16(cur[i - bpp]) + UInt16(up[i])) >> 1) }
          default:
            for i in bpp..<max(bpp, n) { o[i] = PNGEncoder.filtered(4, cur[i], cur[i - bpp], up[i], up[i - bpp]) }
          }
        }
      }
    }
  }

  /// Byte x under filter `f` (None, Sub, Up, Average, Paeth), with a the
  /// byte to its left, b above, c above-left.
  @inline(__always)
  static func filtered(_ f: Int, _ x: UInt8, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    switch f {
    case 0: return x
    case 1: return x &- a
    case 2: return x &- b
    case 3: return x &- UInt8((UInt16(a) + UInt16(b)) >> 1)
    default:
      let p = Int(a) + Int(b) - Int(c)
      let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
      return x &- (pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
    }
  }
}
