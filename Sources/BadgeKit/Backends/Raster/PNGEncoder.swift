// The PNG backend: chunks of premultiplied pixels in, a PNG out: RGBA with
// straight alpha (transparent background), or RGB drawn over a given
// background. Each row gets the PNG filter, Sub or Up, whose output looks
// smaller on a sample (or, when asked, the best of all five, or one filter
// throughout: `--optimize` tries each); the rows go through our own zlib
// stream (Deflate.swift) into IDAT chunks as they fill up.

/// Writes a PNG to a byte sink, a chunk of rows at a time. Each chunk is
/// converted, filtered and compressed by `threads` threads at once (rows and
/// deflate segments split between them), then written in order.
struct PNGEncoder: BandEncoder {
  /// How each row's filter is chosen.
  enum Filtering: Equatable {
    /// Sub or Up, on a sample of the row (fast).
    case sampled
    /// Of all five, the one whose output has the smallest sum of
    /// magnitudes (the heuristic the PNG specification suggests).
    case smallest
    /// This filter (0 to 4) on every row.
    case every(UInt8)
  }

  let width: Int
  let sink: (UnsafeRawBufferPointer) -> Bool
  /// Bytes per pixel: 4 (RGBA) or 3 (RGB).
  let channels: Int
  let threads: Int
  private let rowBytes: Int
  /// The last unfiltered row of the previous chunk (zeros at the top).
  private var lastRow: [UInt8]
  /// How many bytes of filtered data before this chunk's are kept at the
  /// front of the filtered buffer (at most 32 KiB), for its matches.
  private var historyCount = 0
  private let compressors: [Deflater]
  /// The compressor of the last segment so far (it takes the next
  /// chunk's first segment, which continues that one), and whether there
  /// is one yet.
  private var lastCompressor = 0
  private var compressedBefore = false
  private let buffers = Buffers()
  /// zlib header, then compressed bytes not yet written as IDAT.
  private var pending: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary
  private var adler = Adler32()
  private var ok = true
  /// Chunks written but not yet handed to the sink.
  private var outgoing: [UInt8] = []
  /// IDAT chunks are written when this much compressed data is waiting.
  private static let chunkSize = 65_536
  /// How many threads share `rows` filtered rows of `stride` bytes: each
  /// takes at least 128 KiB (starting one costs more than encoding less
  /// takes) and a row.
  private static func parts(threads: Int, rows: Int, stride: Int) -> Int {
    max(1, min(threads, rows, rows * stride / 131_072))
  }

  /// How rows are filtered.
  let filtering: Filtering

  /// `opaque`: the pixels are drawn over an opaque background; write RGB.
  /// `filtering`, and `chain`, how many earlier positions the compressor
  /// tries for a match (0: one probe): by default (nil) the fast mode.
  init(
    width: Int, height: Int, opaque: Bool, threads: Int, filtering: Filtering? = nil, chain: Int? = nil,
    sink: @escaping (UnsafeRawBufferPointer) -> Bool
  ) {
    self.width = width
    self.sink = sink
    self.threads = max(1, threads)
    channels = opaque ? 3 : 4
    rowBytes = width * channels
    self.filtering = filtering ?? .sampled
    let chain = chain ?? 0
    lastRow = [UInt8](repeating: 0, count: rowBytes)
    let length = (rowBytes + 1) * height
    // As many compressors as the whole image would have parts: one for a
    // small image, whose tables would otherwise be made and cleared for
    // every thread.
    let parts = PNGEncoder.parts(threads: self.threads, rows: height, stride: rowBytes + 1)
    compressors = (0..<parts).map { _ in Deflater(chain: chain, length: length) }
    outgoing = [137, 80, 78, 71, 13, 10, 26, 10]  // the signature
    var header: [UInt8] = []
    PNGEncoder.append32(&header, UInt32(width))
    PNGEncoder.append32(&header, UInt32(height))
    header += [8, channels == 4 ? 6 : 2, 0, 0, 0]  // 8 bits, RGBA or RGB, deflate, filters, no interlace
    ok = ok && chunk("IHDR", header)
  }

  static func append32(_ out: inout [UInt8], _ v: UInt32) {
    out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  /// Adds one chunk to the bytes going out: length, type, data, CRC of
  /// type and data; hands them to the sink once they fill an IDAT chunk
  /// (so a small image is a single write).
  private mutating func chunk(_ type: String, _ data: [UInt8]) -> Bool {
    let start = outgoing.count
    PNGEncoder.append32(&outgoing, UInt32(data.count))
    outgoing += type.utf8
    outgoing += data
    var crc = CRC32()
    outgoing.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[(start + 4)...])) }
    PNGEncoder.append32(&outgoing, crc.checksum)
    return outgoing.count < PNGEncoder.chunkSize || flush()
  }

  /// Hands the bytes going out to the sink.
  private mutating func flush() -> Bool {
    defer { outgoing.removeAll(keepingCapacity: true) }
    return outgoing.isEmpty || outgoing.withUnsafeBytes { sink($0) }
  }

  mutating func encode(_ pixels: UnsafeBufferPointer<Pixel>, rows: Int) -> Bool {
    guard ok else { return false }
    let rowBytes = self.rowBytes
    let stride = rowBytes + 1
    let width = self.width
    let channels = self.channels
    // raw[r] is row r, unfiltered. The filtered rows follow the last 32 KiB
    // of the chunks before, so every segment has the bytes it may refer
    // back to just before it.
    let window = Deflater.windowSize
    let parts = PNGEncoder.parts(threads: threads, rows: rows, stride: stride)
    buffers.reserve(raw: rows * rowBytes, filtered: window + rows * stride, above: parts * rowBytes)
    let raw = buffers.raw
    let front = buffers.filtered
    let filtered = front + window
    let aboveRows = buffers.above
    lastRow.withUnsafeBufferPointer { aboveRows.update(from: $0.baseAddress!, count: rowBytes) }
    let source = pixels.baseAddress!
    let sums = UnsafeMutablePointer<Adler32>.allocate(capacity: parts)
    sums.initialize(repeating: Adler32(), count: parts)
    defer { sums.deallocate() }
    // Part t goes to the compressor after the previous chunk's last, so
    // part 0 continues the segment that compressor has just made.
    let compressors = (0..<parts).map { self.compressors[(lastCompressor + $0) % self.compressors.count] }
    let continuing = compressedBefore
    let history = historyCount
    let filtering = self.filtering
    let scratch = buffers.scratch(parts * 5 * rowBytes)
    // Each thread takes a run of rows: converts, filters (against the row
    // above, which it converts again when another thread has it) and sums
    // them; then, once every row is filtered (a segment's dictionary is
    // the rows before it), compresses them.
    runInParallel(parts) { t in
      let (r0, r1) = (rows * t / parts, rows * (t + 1) / parts)
      var above = UnsafePointer(aboveRows + t * rowBytes)
      if r0 > 0 {
        PNGEncoder.convert(source + (r0 - 1) * width, into: aboveRows + t * rowBytes, width: width, channels: channels)
      }
      for r in r0..<r1 {
        let row = raw + r * rowBytes
        PNGEncoder.convert(source + r * width, into: row, width: width, channels: channels)
        switch filtering {
        case .sampled: PNGEncoder.filter(row, above: above, into: filtered + r * stride, rowBytes, channels)
        case .smallest:
          PNGEncoder.smallestFilter(
            row, above: above, into: filtered + r * stride, rowBytes, channels, scratch: scratch + t * 5 * rowBytes)
        case .every(let type):
          PNGEncoder.apply(type, row, above: above, into: filtered + r * stride + 1, rowBytes, channels)
          filtered[r * stride] = type
        }
        above = UnsafePointer(row)
        // Summed while the row is still in the cache.
        sums[t].update(UnsafeBufferPointer(start: filtered + r * stride, count: stride))
      }
    }
    runInParallel(parts) { t in
      let (a, b) = (rows * t / parts * stride, rows * (t + 1) / parts * stride)
      compressors[t].clearOutput()
      compressors[t].compressSegment(
        filtered + a, count: b - a, dictionary: a == 0 ? history : min(a + history, window),
        continuing: t == 0 && continuing)
    }
    lastCompressor = (lastCompressor + parts - 1) % self.compressors.count
    compressedBefore = true
    for t in 0..<parts {
      adler.combine(sums[t], length: (rows * (t + 1) / parts - rows * t / parts) * stride)
      pending.append(contentsOf: compressors[t].output)
    }
    lastRow.withUnsafeMutableBufferPointer {
      $0.baseAddress!.update(from: raw + (rows - 1) * rowBytes, count: rowBytes)
    }
    // The last 32 KiB of filtered data go to the front, for the next chunk.
    let total = history + rows * stride
    historyCount = min(window, total)
    // (The regions may overlap when a chunk is shorter than the window.)
    UnsafeMutableRawPointer(front + window - historyCount).copyMemory(
      from: filtered + rows * stride - historyCount, byteCount: historyCount)
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
    return chunk("IDAT", pending) && chunk("IEND", []) && flush()
  }

  /// One row of premultiplied pixels as bytes: RGB (opaque), or straight RGBA.
  /// Four pixels at a time while they are all opaque or empty (their
  /// bytes are the same premultiplied and straight); others are
  /// unpremultiplied with rounding, by a multiplication for the division.
  static func convert(_ pixels: UnsafePointer<Pixel>, into out: UnsafeMutablePointer<UInt8>, width: Int, channels: Int)
  {
    if channels == 3 {
      rgbBytes(pixels, into: out, count: width)
      return
    }
    let words = UnsafeMutableRawPointer(out)
    let source = UnsafeRawPointer(pixels)
    PNGEncoder.reciprocals.withUnsafeBufferPointer { reciprocals in
      let inverse = reciprocals.baseAddress!
      var x = 0
      while x < width {
        if x &+ 4 <= width {
          let four = source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
          let alpha = four &>> 24
          // Alpha + 1 has no bit of 0xFE set only for 0 and 255; the four
          // lanes' tests are read as two words (a vector compared with
          // `==` is compared lane by lane).
          let test = unsafeBitCast((alpha &+ 1) & 0xFE, to: (UInt64, UInt64).self)
          if test.0 | test.1 == 0 {
            // Empty pixels are written as zeros, whatever their colour:
            // 0 − (alpha >> 7) keeps all bits of opaque ones, none of empty ones.
            let straight = four & (SIMD4<UInt32>.zero &- (alpha &>> 7))
            words.storeBytes(of: straight, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            x &+= 4
            continue
          }
        }
        let p = pixels[x]
        let a = p >> 24
        if a == 255 || a == 0 {
          words.storeBytes(of: (a == 0 ? 0 : p).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
        } else {
          let scale = UInt64(inverse[Int(a)])
          @inline(__always) func straight(_ c: UInt32) -> UInt8 {
            UInt8(min((UInt64(c * 255 + a / 2) * scale) >> 24, 255))
          }
          out[4 * x] = straight(p & 0xFF)
          out[4 * x + 1] = straight((p >> 8) & 0xFF)
          out[4 * x + 2] = straight((p >> 16) & 0xFF)
          out[4 * x + 3] = UInt8(a)
        }
        x += 1
      }
    }
  }

  /// ⌈2^24 / a⌉ for each alpha a (0 for 0): (n × it) >> 24 is n / a,
  /// rounded down, for every n below 2^16 (the error, n × (it × a −
  /// 2^24) / 2^24 / a, stays below 1 / a).
  static let reciprocals: [UInt32] = (0..<256).map { (a: Int) -> UInt32 in
    a == 0 ? 0 : UInt32(((1 << 24) + a - 1) / a)
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
      let s = cur[i] &- cur[i &- bpp]
      let u = cur[i] &- up[i]
      // A byte's magnitude read as signed: itself or its negation, the smaller.
      sub &+= Int(min(s, 0 &- s))
      vertical &+= Int(min(u, 0 &- u))
      i &+= 16
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

  /// Filter `type` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) of the `n`
  /// bytes of row `cur` (`up` the unfiltered row above) into `out`.
  static func apply(
    _ type: UInt8, _ cur: UnsafePointer<UInt8>, above up: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
    _ n: Int, _ bpp: Int
  ) {
    switch type {
    case 0: out.update(from: cur, count: n)
    case 1:
      for i in 0..<min(bpp, n) { out[i] = cur[i] }
      if n > bpp { subtract(cur + bpp, cur, into: out + bpp, n - bpp) }
    case 2: subtract(cur, up, into: out, n)
    case 3:
      for i in 0..<n {
        let left = i >= bpp ? Int(cur[i - bpp]) : 0
        out[i] = cur[i] &- UInt8((left + Int(up[i])) >> 1)
      }
    default:
      for i in 0..<n {
        let a = i >= bpp ? Int(cur[i - bpp]) : 0
        let b = Int(up[i])
        let c = i >= bpp ? Int(up[i - bpp]) : 0
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        let predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        out[i] = cur[i] &- UInt8(predicted)
      }
    }
  }

  /// Filters a row with whichever of the five filters gives the smallest
  /// sum of its bytes' magnitudes (read as signed), into `out` (the type
  /// byte first); `scratch` holds five rows.
  static func smallestFilter(
    _ cur: UnsafePointer<UInt8>, above up: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, _ n: Int,
    _ bpp: Int, scratch: UnsafeMutablePointer<UInt8>
  ) {
    var best = 0
    var bestSum = Int.max
    for type in 0..<5 {
      let row = scratch + type * n
      apply(UInt8(type), cur, above: up, into: row, n, bpp)
      var sum = 0
      for i in 0..<n {
        let v = row[i]
        sum += v < 128 ? Int(v) : 256 - Int(v)
      }
      if sum < bestSum { (best, bestSum) = (type, sum) }
    }
    out[0] = UInt8(best)
    (out + 1).update(from: scratch + best * n, count: n)
  }

  /// out[i] = a[i] − b[i] (mod 256), sixteen bytes at a time.
  @inline(__always)
  static func subtract(
    _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, _ n: Int
  ) {
    var i = 0
    let (ra, rb, ro) = (UnsafeRawPointer(a), UnsafeRawPointer(b), UnsafeMutableRawPointer(out))
    while i &+ 16 <= n {
      let x = ra.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
      let y = rb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
      ro.storeBytes(of: x &- y, toByteOffset: i, as: SIMD16<UInt8>.self)
      i &+= 16
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
    /// A row above each thread's first row, unfiltered.
    private(set) var above = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    /// Rows for trying filters.
    private var trials = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private var trialCount = 1

    /// At least `n` bytes for trying filters.
    func scratch(_ n: Int) -> UnsafeMutablePointer<UInt8> {
      if n > trialCount {
        trials.deallocate()
        trials = .allocate(capacity: n)
        trialCount = n
      }
      return trials
    }
    private var rawCount = 1
    private var filteredCount = 1
    private var aboveCount = 1

    func reserve(raw r: Int, filtered f: Int, above a: Int) {
      if a > aboveCount {
        above.deallocate()
        above = .allocate(capacity: a)
        aboveCount = a
      }
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
      above.deallocate()
      trials.deallocate()
    }
  }
}
