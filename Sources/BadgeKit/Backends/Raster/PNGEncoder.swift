// The PNG backend: chunks of premultiplied pixels in, a PNG out: RGBA with
// straight alpha (transparent background), or RGB drawn over a given
// background. Each row gets the PNG filter, Sub or Up, whose output looks
// smaller; the rows go through our own zlib stream (Deflate.swift) into
// IDAT chunks as they fill up.

/// Writes a PNG to a byte sink, a chunk of rows at a time. Each chunk is
/// converted, filtered and compressed by `threads` threads at once (rows and
/// deflate segments split between them), then written in order.
struct PNGEncoder: BandEncoder {
  let width: Int
  let sink: (UnsafeRawBufferPointer) -> Bool
  /// Bytes per pixel: 4 (RGBA) or 3 (RGB).
  let channels: Int
  let threads: Int
  private let rowBytes: Int
  /// The last unfiltered row of the previous chunk (zeros at the top).
  private var lastRow: [UInt8]
  /// The last 32 KiB of filtered data, for the next chunk's matches.
  private var history: [UInt8] = []
  private let compressors: [Deflater]
  private let buffers = Buffers()
  /// zlib header, then compressed bytes not yet written as IDAT.
  private var pending: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary
  private var adler = Adler32()
  private var ok = true
  /// IDAT chunks are written when this much compressed data is waiting.
  private static let chunkSize = 65_536

  /// `opaque`: the pixels are drawn over an opaque background; write RGB.
  init(width: Int, height: Int, opaque: Bool, threads: Int, sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
    self.width = width
    self.sink = sink
    self.threads = max(1, threads)
    channels = opaque ? 3 : 4
    rowBytes = width * channels
    lastRow = [UInt8](repeating: 0, count: rowBytes)
    compressors = (0..<max(1, threads)).map { _ in Deflater() }
    let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    ok = signature.withUnsafeBytes { sink($0) }
    var header: [UInt8] = []
    PNGEncoder.append32(&header, UInt32(width))
    PNGEncoder.append32(&header, UInt32(height))
    header += [8, channels == 4 ? 6 : 2, 0, 0, 0]  // 8 bits, RGBA or RGB, deflate, filters, no interlace
    ok = ok && chunk("IHDR", header)
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
    let rowBytes = self.rowBytes
    let stride = rowBytes + 1
    let width = self.width
    let channels = self.channels
    // raw[0] is the row above the chunk; raw[r + 1] is row r.
    buffers.reserve(raw: (rows + 1) * rowBytes, filtered: rows * stride)
    let raw = buffers.raw
    let filtered = buffers.filtered
    lastRow.withUnsafeBufferPointer { raw.update(from: $0.baseAddress!, count: rowBytes) }
    let parts = min(threads, rows)
    let source = pixels.baseAddress!
    // Rows to bytes, then filtered, split between the threads.
    runInParallel(parts) { t in
      let (r0, r1) = (rows * t / parts, rows * (t + 1) / parts)
      for r in r0..<r1 {
        PNGEncoder.convert(source + r * width, into: raw + (r + 1) * rowBytes, width: width, channels: channels)
      }
    }
    runInParallel(parts) { t in
      let (r0, r1) = (rows * t / parts, rows * (t + 1) / parts)
      for r in r0..<r1 {
        PNGEncoder.filter(
          raw + (r + 1) * rowBytes, above: raw + r * rowBytes, into: filtered + r * stride, rowBytes, channels)
      }
    }
    // Deflate segments (by rows) and their checksums, one per thread.
    let all = UnsafeBufferPointer(start: filtered, count: rows * stride)
    let sums = UnsafeMutablePointer<Adler32>.allocate(capacity: parts)
    sums.initialize(repeating: Adler32(), count: parts)
    defer { sums.deallocate() }
    let compressors = self.compressors
    history.withUnsafeBufferPointer { past in
      runInParallel(parts) { t in
        let (a, b) = (rows * t / parts * stride, rows * (t + 1) / parts * stride)
        let segment = UnsafeBufferPointer(rebasing: all[a..<b])
        sums[t].update(segment)
        compressors[t].output.removeAll(keepingCapacity: true)
        if a == 0 {
          compressors[t].compressSegment(segment, dictionary: past)
        } else {
          let from = max(0, a - 32_768)
          compressors[t].compressSegment(segment, dictionary: UnsafeBufferPointer(rebasing: all[from..<a]))
        }
      }
    }
    for t in 0..<parts {
      adler.combine(sums[t], length: (rows * (t + 1) / parts - rows * t / parts) * stride)
      pending += compressors[t].output
    }
    lastRow = Array(UnsafeBufferPointer(start: raw + rows * rowBytes, count: rowBytes))
    history = Array(all[max(0, all.count - 32_768)...])
    if pending.count >= PNGEncoder.chunkSize {
      ok = chunk("IDAT", pending)
      pending.removeAll(keepingCapacity: true)
    }
    return ok
  }

  mutating func finish() -> Bool {
    guard ok else { return false }
    pending += Deflater.finalBlock
    PNGEncoder.append32(&pending, adler.checksum)
    return chunk("IDAT", pending) && chunk("IEND", [])
  }

  /// One row of premultiplied pixels as bytes: RGB (opaque), or straight RGBA.
  static func convert(_ pixels: UnsafePointer<Pixel>, into out: UnsafeMutablePointer<UInt8>, width: Int, channels: Int)
  {
    if channels == 3 {
      rgbBytes(pixels, into: out, count: width)
      return
    }
    let words = UnsafeMutableRawPointer(out)
    for x in 0..<width {
      let p = pixels[x]
      let a = p >> 24
      if a == 255 || a == 0 {
        // Opaque or empty: premultiplied and straight are the same bytes.
        words.storeBytes(of: (a == 0 ? 0 : p).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
        continue
      }
      // Unpremultiply, rounded.
      let r = ((p & 0xFF) * 255 + a / 2) / a
      let g = (((p >> 8) & 0xFF) * 255 + a / 2) / a
      let b = (((p >> 16) & 0xFF) * 255 + a / 2) / a
      out[4 * x] = UInt8(min(r, 255))
      out[4 * x + 1] = UInt8(min(g, 255))
      out[4 * x + 2] = UInt8(min(b, 255))
      out[4 * x + 3] = UInt8(a)
    }
  }

  /// Filters one row (`n` bytes, `above` it the unfiltered row before) into
  /// `out`: the filter type byte, then the row under Sub or Up, whichever
  /// output, read as signed bytes, has the smaller sum of magnitudes
  /// (estimated on every 16th byte). Badges are flat colours and smooth
  /// gradients: those two compress them as well as all five filters do, at
  /// a fraction of the cost.
  static func filter(
    _ cur: UnsafePointer<UInt8>, above up: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, _ n: Int,
    _ bpp: Int
  ) {
    var sub = 0
    var vertical = 0
    var i = bpp
    while i < n {
      let s = cur[i] &- cur[i - bpp]
      let u = cur[i] &- up[i]
      sub += s < 128 ? Int(s) : 256 - Int(s)
      vertical += u < 128 ? Int(u) : 256 - Int(u)
      i += 16
    }
    let o = out + 1
    if sub <= vertical {
      out[0] = 1
      for i in 0..<min(bpp, n) { o[i] = cur[i] }
      if n > bpp { subtract(cur + bpp, cur, into: o + bpp, n - bpp) }
    } else {
      out[0] = 2
      subtract(cur, up, into: o, n)
    }
  }

  /// out[i] = a[i] − b[i] (mod 256), sixteen bytes at a time.
  @inline(__always)
  static func subtract(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, _ n: Int
  ) {
    var i = 0
    let (ra, rb, ro) = (UnsafeRawPointer(a), UnsafeRawPointer(b), UnsafeMutableRawPointer(out))
    while i + 16 <= n {
      let x = ra.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
      let y = rb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
      ro.storeBytes(of: x &- y, toByteOffset: i, as: SIMD16<UInt8>.self)
      i += 16
    }
    while i < n {
      out[i] = a[i] &- b[i]
      i += 1
    }
  }

  /// The unfiltered and filtered rows of a chunk, kept from one chunk to
  /// the next.
  final class Buffers {
    private(set) var raw = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private var rawCount = 1
    private var filteredCount = 1

    func reserve(raw r: Int, filtered f: Int) {
      if r > rawCount {
        raw.deallocate()
        raw = .allocate(capacity: r)
        rawCount = r
      }
      if f > filteredCount {
        filtered.deallocate()
        filtered = .allocate(capacity: f)
        filteredCount = f
      }
    }

    deinit {
      raw.deallocate()
      filtered.deallocate()
    }
  }
}
