// Deflate (RFC 1951) for the PNG encoder: bytes in, compressed segments out.
// LZ77 with short hash chains over a 32 KiB window, tuned for speed (greedy,
// matches of four bytes or more compared eight bytes at a time, long runs not
// re-hashed). The matches and literals of each block (up to 64 Ki of them)
// are coded with Huffman codes made for that block (Huffman.swift), or with
// the fixed codes when those come out shorter. The stream is cut into
// segments that end on a byte boundary (a "sync flush": an empty stored
// block), each able to look back into the 32 KiB before it, so segments can
// be compressed on different threads and simply concatenated, as pigz does.
// An empty final block ends the stream.

/// Compresses segments of a deflate stream; one per thread, reused.
final class Deflater {
  /// The two bytes of an empty final block (BFINAL = 1, fixed codes, end).
  static let finalBlock: [UInt8] = [0x03, 0x00]

  /// Compressed bytes not yet taken by the caller.
  var output: [UInt8] = []

  private static let windowSize = 32_768
  private static let hashBits = 16
  /// Candidates tried per position; a match this long ends the search.
  private static let maxChain = 8
  private static let goodEnough = 64
  /// Matches start at four bytes (the hash covers four).
  private static let minMatch = 4
  private static let maxMatch = 258
  /// Inside a match, positions are entered in the hash only for matches
  /// up to this long (longer ones are runs; their start suffices).
  private static let maxInsert = 16

  /// The dictionary (up to a window) and the segment's input.
  private var data: [UInt8] = []
  /// This compressor's own position of `data[0]`; it only grows, so table
  /// entries from earlier segments always fall before it and are ignored.
  private var base = 0
  /// Absolute position of the next byte to compress.
  private var position = 0
  /// Most recent absolute position (+1; 0 for none) of each 4-byte hash.
  private let head = UnsafeMutablePointer<Int>.allocate(capacity: 1 << Deflater.hashBits)
  /// Previous position (+1) with the same hash, by position modulo the window.
  private let previous = UnsafeMutablePointer<Int>.allocate(capacity: Deflater.windowSize)
  private var bits: UInt64 = 0
  private var bitCount = 0

  init() {
    head.initialize(repeating: 0, count: 1 << Deflater.hashBits)
    previous.initialize(repeating: 0, count: Deflater.windowSize)
  }

  deinit {
    head.deallocate()
    previous.deallocate()
  }

  /// Compresses `input`, which follows `dictionary` in the stream (only
  /// its last 32 KiB matter), and appends to `output` its blocks, ended by
  /// a sync flush, so the output ends on a byte boundary.
  func compressSegment(_ input: UnsafeBufferPointer<UInt8>, dictionary: UnsafeBufferPointer<UInt8>) {
    let keep = min(dictionary.count, Deflater.windowSize)
    base = position + Deflater.windowSize + 1
    data.removeAll(keepingCapacity: true)
    data.append(contentsOf: dictionary[(dictionary.count - keep)...])
    data.append(contentsOf: input)
    data.withUnsafeBufferPointer { d in
      var p = base
      while p < base + keep && p + 3 < base + d.count {
        let h = hash(d.baseAddress! + (p - base))
        previous[p & (Deflater.windowSize - 1)] = head[h]
        head[h] = p + 1
        p += 1
      }
    }
    position = base + keep
    compress()
    writeBlock()
    // Sync flush: an empty stored block, then the byte boundary.
    writeBits(0, 3)
    if bitCount > 0 { writeBits(0, 8 - bitCount) }
    output += [0x00, 0x00, 0xFF, 0xFF]
  }

  private func compress() {
    let end = base + data.count
    let limit = end
    data.withUnsafeBufferPointer { buffer in
      let d = buffer.baseAddress!
      while position < limit {
        let here = position - base
        guard end - position >= Deflater.minMatch else {
          literal(d[here])
          position += 1
          continue
        }
        let h = hash(d + here)
        let (length, distance) = longestMatch(d, here, h, available: min(Deflater.maxMatch, end - position))
        previous[position & (Deflater.windowSize - 1)] = head[h]
        head[h] = position + 1
        if length >= Deflater.minMatch {
          match(length, distance)
          if length <= Deflater.maxInsert {
            for p in (position + 1)..<min(position + length, end - 3) {
              let hp = hash(d + (p - base))
              previous[p & (Deflater.windowSize - 1)] = head[hp]
              head[hp] = p + 1
            }
          }
          position += length
        } else {
          literal(d[here])
          position += 1
        }
      }
    }
  }

  @inline(__always)
  private func hash(_ p: UnsafePointer<UInt8>) -> Int {
    let v = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
    return Int((v &* 2_654_435_761) >> UInt32(32 - Deflater.hashBits))
  }

  /// The longest earlier match for the bytes at `here` (an index into `d`)
  /// among the hash chain's first candidates; length 0 if none.
  @inline(__always)
  private func longestMatch(_ d: UnsafePointer<UInt8>, _ here: Int, _ h: Int, available: Int) -> (Int, Int) {
    var candidate = head[h] - 1
    var best = 0
    var bestDistance = 0
    var chain = Deflater.maxChain
    let p = here + base
    while candidate >= base && chain > 0 {
      let distance = p - candidate
      if distance > Deflater.windowSize || distance <= 0 { break }
      let n = Deflater.matchLength(d + (candidate - base), d + here, available)
      if n > best {
        best = n
        bestDistance = distance
        if n >= Deflater.goodEnough || n == available { break }
      }
      let next = previous[candidate & (Deflater.windowSize - 1)] - 1
      if next >= candidate { break }
      candidate = next
      chain -= 1
    }
    return best >= Deflater.minMatch ? (best, bestDistance) : (0, 0)
  }

  /// How many bytes at `a` and `b` agree, up to `limit`; eight at a time.
  @inline(__always)
  static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int) -> Int {
    var n = 0
    while n + 8 <= limit {
      let x = UnsafeRawPointer(a + n).loadUnaligned(as: UInt64.self)
      let y = UnsafeRawPointer(b + n).loadUnaligned(as: UInt64.self)
      let diff = x ^ y
      if diff != 0 { return n + diff.trailingZeroBitCount / 8 }
      n += 8
    }
    while n < limit && a[n] == b[n] { n += 1 }
    return n
  }

  // MARK: Blocks

  /// The block being gathered: a literal byte (below 256), or a match as
  /// `matchFlag | length << 16 | distance`.
  private var tokens: [UInt32] = []
  private static let matchFlag: UInt32 = 1 << 31
  /// Tokens a block holds at most (a new block adapts its codes).
  private static let blockTokens = 1 << 16

  @inline(__always)
  private func literal(_ byte: UInt8) {
    tokens.append(UInt32(byte))
    if tokens.count >= Deflater.blockTokens { writeBlock() }
  }

  @inline(__always)
  private func match(_ length: Int, _ distance: Int) {
    tokens.append(Deflater.matchFlag | UInt32(length) << 16 | UInt32(distance))
    if tokens.count >= Deflater.blockTokens { writeBlock() }
  }

  /// Writes the gathered tokens as one block (not the final one) with the
  /// shorter of its own codes and the fixed codes, then its end.
  private func writeBlock() {
    var literalCounts = [Int](repeating: 0, count: 286)
    var distanceCounts = [Int](repeating: 0, count: 30)
    for t in tokens {
      if t & Deflater.matchFlag == 0 {
        literalCounts[Int(t)] += 1
      } else {
        literalCounts[257 + Int(Deflater.lengthIndex[Int(t >> 16 & 0x1FF)])] += 1
        distanceCounts[Deflater.distanceIndex(Int(t & 0xFFFF))] += 1
      }
    }
    literalCounts[256] = 1
    let own = Huffman.DynamicCodes(literalCounts: literalCounts, distanceCounts: distanceCounts)
    func cost(_ literalLengths: [Int], _ distanceLengths: [Int]) -> Int {
      zip(literalCounts, literalLengths).reduce(0) { $0 + $1.0 * $1.1 }
        + zip(distanceCounts, distanceLengths).reduce(0) { $0 + $1.0 * $1.1 }
    }
    writeBits(0, 1)  // BFINAL = 0: more blocks follow
    if own.headerBits + cost(own.literalLengths, own.distanceLengths)
      < cost(Deflater.fixedLiteralLengths, Deflater.fixedDistanceLengths)
    {
      writeBits(2, 2)  // BTYPE = 10: codes of its own
      own.writeHeader { self.writeBits($0, $1) }
      writeTokens(own.literalCodes, own.literalLengths, own.distanceCodes, own.distanceLengths)
    } else {
      writeBits(1, 2)  // BTYPE = 01: fixed codes
      writeTokens(
        Deflater.fixedLiteralCodes, Deflater.fixedLiteralLengths, Deflater.fixedDistanceCodes,
        Deflater.fixedDistanceLengths)
    }
    tokens.removeAll(keepingCapacity: true)
  }

  private func writeTokens(
    _ literalCodes: [UInt32], _ literalLengths: [Int], _ distanceCodes: [UInt32], _ distanceLengths: [Int]
  ) {
    for t in tokens {
      if t & Deflater.matchFlag == 0 {
        writeBits(literalCodes[Int(t)], literalLengths[Int(t)])
        continue
      }
      let length = Int(t >> 16 & 0x1FF)
      let distance = Int(t & 0xFFFF)
      let li = Int(Deflater.lengthIndex[length])
      writeBits(literalCodes[257 + li], literalLengths[257 + li])
      if Deflater.lengthExtra[li] > 0 {
        writeBits(UInt32(length - Deflater.lengthBase[li]), Deflater.lengthExtra[li])
      }
      let di = Deflater.distanceIndex(distance)
      writeBits(distanceCodes[di], distanceLengths[di])
      if Deflater.distanceExtra[di] > 0 {
        writeBits(UInt32(distance - Deflater.distanceBase[di]), Deflater.distanceExtra[di])
      }
    }
    writeBits(literalCodes[256], literalLengths[256])  // end of block
  }

  // MARK: Tables (RFC 1951, 3.2.5 and 3.2.6)

  /// The fixed codes' lengths: literals 0–143 8 bits, 144–255 9, 256–279
  /// 7, 280–287 8; every distance 5 bits.
  static let fixedLiteralLengths: [Int] = (0..<288).map { v in
    switch v {
    case 0...143: 8
    case 144...255: 9
    case 256...279: 7
    default: 8
    }
  }
  static let fixedDistanceLengths = [Int](repeating: 5, count: 30)
  static let fixedLiteralCodes = Huffman.codes(fixedLiteralLengths)
  static let fixedDistanceCodes = Huffman.codes(fixedDistanceLengths)

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
  /// The distance code of distances 1…256 by distance − 1, then of longer
  /// ones by (distance − 1) >> 7 (as zlib does).
  private static let distanceIndices: [UInt8] = {
    func index(_ distance: Int) -> UInt8 {
      var i = 0
      while i + 1 < distanceBase.count && distanceBase[i + 1] <= distance { i += 1 }
      return UInt8(i)
    }
    return (1...256).map(index) + (0..<256).map { index(($0 << 7) + 1) }
  }()

  @inline(__always)
  static func distanceIndex(_ distance: Int) -> Int {
    let d = distance - 1
    return Int(d < 256 ? distanceIndices[d] : distanceIndices[256 + (d >> 7)])
  }

  @inline(__always)
  private func writeBits(_ value: UInt32, _ n: Int) {
    bits |= UInt64(value) << UInt64(bitCount)
    bitCount += n
    while bitCount >= 8 {
      output.append(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
      bitCount -= 8
    }
  }
}
