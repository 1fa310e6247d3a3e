// Deflate (RFC 1951) for the PNG encoder: bytes in, a compressed stream out,
// incrementally, so the image never has to be held whole. LZ77 with hash
// chains over a 32 KiB window (lazy by one byte), coded with the fixed
// Huffman codes, in one long block ended by an empty final block.

/// An incremental deflate compressor writing to a byte array.
struct Deflater {
  /// Compressed bytes not yet taken by the caller.
  var output: [UInt8] = []

  private static let windowSize = 32_768
  private static let hashBits = 15
  private static let maxChain = 48
  private static let minMatch = 3
  private static let maxMatch = 258

  /// History (up to a window) and input not yet compressed.
  private var data: [UInt8] = []
  /// Absolute stream position of `data[0]`.
  private var base = 0
  /// Absolute position of the next byte to compress.
  private var position = 0
  /// Most recent absolute position (+1; 0 for none) of each 3-byte hash.
  private var head = [Int](repeating: 0, count: 1 << Deflater.hashBits)
  /// Previous position (+1) with the same hash, by position modulo the window.
  private var previous = [Int](repeating: 0, count: Deflater.windowSize)
  private var bits: UInt64 = 0
  private var bitCount = 0

  init() {
    writeBits(0, 1)  // BFINAL = 0: more blocks follow
    writeBits(1, 2)  // BTYPE = 01: fixed Huffman codes
  }

  /// Takes more input; compresses what it can while keeping look-ahead.
  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    data.append(contentsOf: bytes)
    compress(final: false)
  }

  /// Compresses the rest and ends the stream on a byte boundary.
  mutating func finish() {
    compress(final: true)
    writeLiteralOrLength(256)  // end of the long block
    writeBits(1, 1)  // BFINAL = 1
    writeBits(1, 2)  // fixed Huffman
    writeLiteralOrLength(256)  // an empty final block
    if bitCount > 0 { writeBits(0, 8 - bitCount) }
  }

  private mutating func compress(final: Bool) {
    let end = base + data.count
    let limit = final ? end : end - Deflater.maxMatch
    data.withUnsafeBufferPointer { d in
      var pending: (length: Int, distance: Int)? = nil
      while position < limit {
        let (length, distance) = longestMatch(d, at: position, end: end)
        if let p = pending {
          if length > p.length {
            // Lazy: a longer match starts here; the previous byte is a literal.
            writeLiteralOrLength(Int(d[position - 1 - base]))
            pending = (length, distance)
            insert(d, position)
            position += 1
            continue
          }
          writeMatch(p.length, p.distance)
          // Positions inside the match (the first two are already in).
          let stop = position - 1 + p.length
          while position < stop {
            insert(d, position)
            position += 1
          }
          pending = nil
          continue
        }
        if length >= Deflater.minMatch {
          pending = (length, distance)
          insert(d, position)
          position += 1
        } else {
          writeLiteralOrLength(Int(d[position - base]))
          insert(d, position)
          position += 1
        }
      }
      if let p = pending {
        writeMatch(p.length, p.distance)
        let stop = position - 1 + p.length
        while position < stop {
          insert(d, position)
          position += 1
        }
      }
    }
    // Keep one window of history.
    let keepFrom = max(base, position - Deflater.windowSize)
    if keepFrom - base > 65_536 {
      data.removeFirst(keepFrom - base)
      base = keepFrom
    }
  }

  @inline(__always)
  private func hash(_ d: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    let v = UInt32(d[i]) | UInt32(d[i + 1]) << 8 | UInt32(d[i + 2]) << 16
    return Int((v &* 2_654_435_761) >> UInt32(32 - Deflater.hashBits))
  }

  @inline(__always)
  private mutating func insert(_ d: UnsafeBufferPointer<UInt8>, _ p: Int) {
    guard p + 2 < base + d.count else { return }
    let h = hash(d, p - base)
    previous[p & (Deflater.windowSize - 1)] = head[h]
    head[h] = p + 1
  }

  /// The longest earlier match for the bytes at `p` (length 0 if none of at
  /// least three bytes).
  private func longestMatch(_ d: UnsafeBufferPointer<UInt8>, at p: Int, end: Int) -> (Int, Int) {
    let available = min(Deflater.maxMatch, end - p)
    guard available >= Deflater.minMatch else { return (0, 0) }
    var candidate = head[hash(d, p - base)] - 1
    var best = 0
    var bestDistance = 0
    var chain = Deflater.maxChain
    let here = p - base
    while candidate >= 0 && chain > 0 {
      let distance = p - candidate
      if distance > Deflater.windowSize || candidate < base { break }
      let there = candidate - base
      if d[there + best] == d[here + best] {
        var n = 0
        while n < available && d[there + n] == d[here + n] { n += 1 }
        if n > best {
          best = n
          bestDistance = distance
          if n == available { break }
        }
      }
      let next = previous[candidate & (Deflater.windowSize - 1)] - 1
      if next >= candidate { break }
      candidate = next
      chain -= 1
    }
    return best >= Deflater.minMatch ? (best, bestDistance) : (0, 0)
  }

  // MARK: Fixed Huffman codes

  /// Code and bit count of each literal/length symbol, bits reversed for
  /// LSB-first packing.
  private static let literalCodes: [(UInt32, Int)] = (0..<288).map { v in
    let (code, n): (Int, Int)
    switch v {
    case 0...143: (code, n) = (0x30 + v, 8)
    case 144...255: (code, n) = (0x190 + v - 144, 9)
    case 256...279: (code, n) = (v - 256, 7)
    default: (code, n) = (0xC0 + v - 280, 8)
    }
    return (reverse(UInt32(code), n), n)
  }

  private static func reverse(_ code: UInt32, _ n: Int) -> UInt32 {
    var r: UInt32 = 0
    for i in 0..<n where code & (1 << i) != 0 { r |= 1 << (n - 1 - i) }
    return r
  }

  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  private static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]
  /// The length code index (0…28) of every length 3…258.
  private static let lengthIndex: [UInt8] = (0...258).map { len in
    var i = 0
    while i + 1 < lengthBase.count && lengthBase[i + 1] <= len { i += 1 }
    return UInt8(i)
  }

  @inline(__always)
  private mutating func writeBits(_ value: UInt32, _ n: Int) {
    bits |= UInt64(value) << UInt64(bitCount)
    bitCount += n
    while bitCount >= 8 {
      output.append(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
      bitCount -= 8
    }
  }

  @inline(__always)
  private mutating func writeLiteralOrLength(_ symbol: Int) {
    let (code, n) = Deflater.literalCodes[symbol]
    writeBits(code, n)
  }

  private mutating func writeMatch(_ length: Int, _ distance: Int) {
    let li = Int(Deflater.lengthIndex[length])
    writeLiteralOrLength(257 + li)
    if Deflater.lengthExtra[li] > 0 {
      writeBits(UInt32(length - Deflater.lengthBase[li]), Deflater.lengthExtra[li])
    }
    var di = 0
    while di + 1 < Deflater.distanceBase.count && Deflater.distanceBase[di + 1] <= distance { di += 1 }
    writeBits(Deflater.reverse(UInt32(di), 5), 5)
    if Deflater.distanceExtra[di] > 0 {
      writeBits(UInt32(distance - Deflater.distanceBase[di]), Deflater.distanceExtra[di])
    }
  }
}
