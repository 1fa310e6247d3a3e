// Deflate (RFC 1951) for the PNG encoder: filtered rows in, compressed
// segments out, at memory speed on badge-like images (flat colours and
// smooth gradients, which filter to long runs of few byte values). In the
// manner of fpng and fdeflate's fast modes: one probe of a hash table of
// four-byte sequences a position (no chains), greedy matches compared eight
// bytes at a time, the positions inside a match not entered, tokens kept in
// a buffer and counted as they are made, a block's Huffman codes built once
// from those counts (Huffman.swift), or the fixed codes, or stored bytes,
// whichever is shortest, and bits written eight bytes at a time. The stream
// is cut into segments that end on a byte boundary (a "sync flush": an
// empty stored block), each able to look back into the 32 KiB before it, so
// segments are compressed on different threads and simply concatenated, as
// pigz does. An empty final block ends the stream.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compresses segments of a deflate stream; one per thread, reused.
/// `chain` > 0 makes it thorough instead (as zlib's higher levels): every
/// position entered in hash chains, up to `chain` earlier positions tried
/// for the longest match, and a match put off by a byte when the next
/// position has a longer one ("lazy" matching).
final class Deflater {
  /// The two bytes of an empty final block (BFINAL = 1, fixed codes, end).
  static let finalBlock: [UInt8] = [0x03, 0x00]

  /// The compressed bytes of the segments since `clearOutput()`.
  var output: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: out, count: outCount) }

  static let windowSize = 32_768
  /// The hash table's size (2^hashBits entries): 2^15, or for a stream
  /// known to be short an entry for every four bytes of it (2^10 at
  /// least), so that a small image's table touches a few pages, not 32.
  private let hashBits: Int
  private let hashShift: UInt32
  private static let minMatch = 4
  private static let maxMatch = 258
  /// Tokens a block holds at most (a new block adapts its codes).
  private static let blockTokens = 1 << 15

  /// Most recent position (absolute, +1; 0 for none) of each 4-byte hash.
  private let head: UnsafeMutablePointer<Int32>
  /// The absolute position of the next segment's first byte (its
  /// dictionary's): table entries before it are from earlier segments.
  private var nextBase = 1
  /// The absolute position just past the last segment compressed, whose
  /// positions the table holds: a segment that continues it need not
  /// enter its dictionary again. Nil when there is none.
  private var lastEnd: Int? = nil

  /// The block being gathered: a literal byte (below 256), or a match as
  /// `1 << 31 | distance code << 26 | (length − 3) << 15 | (distance − 1)`.
  private let tokens: UnsafeMutablePointer<UInt32>
  /// Tokens a block holds here: `blockTokens`, or fewer for a short stream
  /// (a block is written 4 before it is full: a segment ends with up to 3
  /// literals).
  private let blockLimit: Int
  private var tokenCount = 0
  /// How often each literal/length symbol and distance code is used in it.
  private let literalCounts = UnsafeMutablePointer<Int>.allocate(capacity: 286)
  private let distanceCounts = UnsafeMutablePointer<Int>.allocate(capacity: 30)

  private var out: UnsafeMutablePointer<UInt8>
  private var outCount = 0
  private var outCapacity: Int
  private var bits: UInt64 = 0
  private var bitCount = 0
  /// Each length's code (by length − 3) and each distance's (see
  /// `writeCodeIndices`), made for each compressor: the hot loop reads
  /// them without the checks that a static's first use needs.
  private let lengthCodes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
  private let distanceCodes = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
  /// A block's own codes, built again for each block.
  private let own = Huffman.DynamicCodes()
  /// The block writer's tables: each literal/length symbol's code and
  /// length in one word, each length's code with its extra bits, each
  /// distance code's code, length, extra bits and base.
  private let literalTable = UnsafeMutablePointer<UInt64>.allocate(capacity: 286)
  private let lengthTable = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
  private let distanceTable = UnsafeMutablePointer<UInt64>.allocate(capacity: 30)

  /// Positions tried per match in the thorough mode; 0 for the fast one.
  let chain: Int
  /// The previous position (absolute, +1) with the same hash, by position
  /// modulo its size (the thorough mode's chains): the window, or for a
  /// short stream a power of two at least its length.
  private let previous: UnsafeMutablePointer<Int32>
  private let previousMask: Int

  /// `length`: how many bytes the whole stream holds at most, if known
  /// (the tables are sized to it).
  init(chain: Int = 0, length: Int? = nil) {
    self.chain = chain
    var size = 1
    while size < min(Deflater.windowSize, length ?? Deflater.windowSize) { size <<= 1 }
    previousMask = size - 1
    var bits = 10
    while bits < 15 && 1 << (bits + 2) < (length ?? Int.max) { bits += 1 }
    hashBits = bits
    hashShift = UInt32(32 - bits)
    // Zeroed by calloc: a table of 2^15 entries comes from pages the
    // system hands over zeroed, so it is not written twice.
    head = calloc(1 << bits, MemoryLayout<Int32>.stride)!.bindMemory(to: Int32.self, capacity: 1 << bits)
    blockLimit = min(Deflater.blockTokens, (length ?? Deflater.blockTokens) + 8)
    tokens = .allocate(capacity: blockLimit)
    outCapacity = min(1 << 16, (length ?? 1 << 16) + 1024)
    out = .allocate(capacity: outCapacity)
    previous = .allocate(capacity: chain > 0 ? size : 1)
    previous.initialize(repeating: 0, count: chain > 0 ? size : 1)
    Deflater.writeCodeIndices(lengthCodes, 256, Deflater.lengthBase) { $0 + 3 }
    Deflater.writeCodeIndices(distanceCodes, 256, Deflater.distanceBase) { $0 + 1 }
    Deflater.writeCodeIndices(distanceCodes + 256, 256, Deflater.distanceBase) { ($0 << 7) + 1 }
    literalCounts.initialize(repeating: 0, count: 286)
    distanceCounts.initialize(repeating: 0, count: 30)
  }

  deinit {
    free(head)
    previous.deallocate()
    tokens.deallocate()
    literalCounts.deallocate()
    distanceCounts.deallocate()
    out.deallocate()
    lengthCodes.deallocate()
    distanceCodes.deallocate()
    literalTable.deallocate()
    lengthTable.deallocate()
    distanceTable.deallocate()
  }

  func clearOutput() { outCount = 0 }

  /// Compresses the `count` bytes at `input`, which follow in the stream
  /// the `dictionary` bytes just before them in memory (only the last 32
  /// KiB are looked at), and appends their blocks, ended by a sync flush,
  /// so the output ends on a byte boundary. `continuing`: the dictionary
  /// ends with the segment this compressor compressed last (the same
  /// bytes, wherever they now are in memory), so the positions it entered
  /// for that segment still hold and the dictionary is not entered again
  /// (the fast mode only; the thorough one always enters it).
  func compressSegment(_ input: UnsafePointer<UInt8>, count: Int, dictionary: Int, continuing: Bool = false) {
    let keep = min(dictionary, Deflater.windowSize)
    let buffer = input - keep
    let end = keep + count
    // Absolute positions only grow, by more than a window a segment; the
    // table is cleared long before they would not fit.
    if nextBase > Int(Int32.max) - end - 2 * Deflater.windowSize {
      head.update(repeating: 0, count: 1 << hashBits)
      nextBase = 1
      lastEnd = nil
    }
    // Continuing, buffer[0] is the position `keep` bytes before the last
    // segment's end; positions entered before that lie before the buffer
    // (and earlier segments' lie before their own, fresh, bases).
    let continued = chain == 0 && continuing ? lastEnd.map { $0 - keep } : nil
    let base = continued ?? nextBase
    nextBase = base + end + Deflater.windowSize + 1
    lastEnd = base + end
    if chain > 0 {
      compressThoroughly(buffer, keep: keep, end: end, base: base)
      return
    }
    // The dictionary's positions, so the first rows find their matches.
    var p = 0
    while continued == nil && p + 4 <= min(keep, end) {
      head[hash(buffer + p)] = Int32(base + p + 1)
      p += 1
    }
    var blockStart = keep
    p = keep
    // The loop keeps the tables in locals (a class's fields would be read
    // again at every step) and the token count in a register.
    let head = self.head
    let tokens = self.tokens
    let literals = literalCounts
    let distances = distanceCounts
    let lengthCodes = self.lengthCodes
    let distanceCodes = self.distanceCodes
    var n = tokenCount
    let raw = UnsafeRawPointer(buffer)
    while p &+ Deflater.minMatch <= end {
      let here = raw.loadUnaligned(fromByteOffset: p, as: UInt32.self)
      let h = Int((here &* 2_654_435_761) &>> hashShift)
      let candidate = Int(head[h]) &- 1 &- base
      head[h] = Int32(truncatingIfNeeded: base &+ p &+ 1)
      let distance = p &- candidate
      if candidate >= 0 && distance <= Deflater.windowSize
        && raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == here
      {
        let length =
          4 &+ Deflater.matchLength(buffer + (candidate &+ 4), buffer + (p &+ 4), min(Deflater.maxMatch, end &- p) &- 4)
        Deflater.record(length, distance, at: n, tokens, literals, distances, lengthCodes, distanceCodes)
        p &+= length
        // One position near the match's end, so what follows finds it.
        if p &+ 4 <= end {
          let v = raw.loadUnaligned(fromByteOffset: p &- 2, as: UInt32.self)
          head[Int((v &* 2_654_435_761) &>> hashShift)] = Int32(truncatingIfNeeded: base &+ p &- 1)
        }
      } else {
        let byte = buffer[p]
        tokens[n] = UInt32(byte)
        literals[Int(byte)] &+= 1
        p &+= 1
      }
      n &+= 1
      if n >= blockLimit - 4 {
        tokenCount = n
        writeBlock(from: buffer + blockStart, count: p - blockStart)
        n = 0
        blockStart = p
      }
    }
    tokenCount = n
    while p < end {
      literal(buffer[p])
      p += 1
    }
    writeBlock(from: buffer + blockStart, count: p - blockStart)
    syncFlush()
  }

  /// Ends a segment: an empty stored block, then the byte boundary (zlib's
  /// sync flush), so the next segment may be simply appended.
  private func syncFlush() {
    reserve(16)
    put(0, 3)
    align()
    for b: UInt8 in [0x00, 0x00, 0xFF, 0xFF] {
      out[outCount] = b
      outCount += 1
    }
  }

  /// The thorough mode's pass over `buffer[keep..<end]` (the dictionary
  /// before it), its blocks and the sync flush.
  private func compressThoroughly(_ buffer: UnsafePointer<UInt8>, keep: Int, end: Int, base: Int) {
    let mask = previousMask
    let raw = UnsafeRawPointer(buffer)
    // As zlib's levels: a match this long ends the search, and one of
    // `goodLength` cuts the rest of the chain to a quarter (never for the
    // longest chains, which are for size alone).
    let niceLength = chain >= 1024 ? 258 : 128
    let goodLength = chain >= 1024 ? Deflater.maxMatch + 1 : 8
    /// Enters position p (which has four bytes) in its chain.
    func insert(_ p: Int) {
      let h = hash(buffer + p)
      previous[(base &+ p) & mask] = head[h]
      head[h] = Int32(truncatingIfNeeded: base &+ p &+ 1)
    }
    /// The longest match for position p among the chain's first `chain`
    /// candidates: (length, distance), length 0 for none.
    func longest(_ p: Int) -> (Int, Int) {
      guard p &+ 4 <= end else { return (0, 0) }
      let limit = min(Deflater.maxMatch, end &- p)
      let here = raw.loadUnaligned(fromByteOffset: p, as: UInt32.self)
      var candidate = Int(head[hash(buffer + p)]) &- 1 &- base
      var best = 0
      var bestDistance = 0
      var tries = chain
      while candidate >= 0 && p &- candidate <= Deflater.windowSize && tries > 0 {
        if raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == here
          && (best < 4 || buffer[candidate &+ best] == buffer[p &+ best])
        {
          let n = 4 &+ Deflater.matchLength(buffer + (candidate &+ 4), buffer + (p &+ 4), limit &- 4)
          if n > best {
            if best < goodLength && n >= goodLength { tries >>= 2 }
            (best, bestDistance) = (n, p &- candidate)
            if n >= niceLength || n == limit { break }
          }
        }
        let next = Int(previous[(base &+ candidate) & mask]) &- 1 &- base
        if next >= candidate { break }
        candidate = next
        tries &-= 1
      }
      return best >= Deflater.minMatch ? (best, bestDistance) : (0, 0)
    }
    var p = 0
    while p + 4 <= min(keep, end) {
      insert(p)
      p += 1
    }
    p = keep
    var blockStart = keep
    // The match found at p, looked for before p was entered.
    var current = longest(p)
    while p < end {
      if p + 4 <= end { insert(p) }
      let (length, distance) = current
      if length > 0 && length < 32 && p + 1 < end {
        // A longer match one byte on: a literal here, that match next.
        let next = longest(p + 1)
        if next.0 > length {
          literal(buffer[p])
          p += 1
          current = next
          if tokenCount >= blockLimit - 4 {
            writeBlock(from: buffer + blockStart, count: p - blockStart)
            blockStart = p
          }
          continue
        }
      }
      if length == 0 {
        literal(buffer[p])
        p += 1
      } else {
        Deflater.record(
          length, distance, at: tokenCount, tokens, literalCounts, distanceCounts, lengthCodes, distanceCodes)
        tokenCount += 1
        for q in (p + 1)..<(p + length) where q + 4 <= end { insert(q) }
        p += length
      }
      current = p < end ? longest(p) : (0, 0)
      if tokenCount >= blockLimit - 4 {
        writeBlock(from: buffer + blockStart, count: p - blockStart)
        blockStart = p
      }
    }
    writeBlock(from: buffer + blockStart, count: p - blockStart)
    syncFlush()
  }

  /// Records a match of `length` at `distance` as token `n` and counts
  /// its length and distance codes (the tables passed in, so a hot loop
  /// keeps them in registers).
  @inline(__always)
  private static func record(
    _ length: Int, _ distance: Int, at n: Int, _ tokens: UnsafeMutablePointer<UInt32>,
    _ literals: UnsafeMutablePointer<Int>, _ distances: UnsafeMutablePointer<Int>,
    _ lengthCodes: UnsafeMutablePointer<UInt8>, _ distanceCodes: UnsafeMutablePointer<UInt8>
  ) {
    let li = Int(lengthCodes[length &- 3])
    let d = distance &- 1
    let di = Int(d < 256 ? distanceCodes[d] : distanceCodes[256 &+ (d >> 7)])
    tokens[n] = 1 << 31 | UInt32(truncatingIfNeeded: di << 26 | (length &- 3) << 15 | d)
    literals[257 &+ li] &+= 1
    distances[di] &+= 1
  }

  @inline(__always)
  private func hash(_ p: UnsafePointer<UInt8>) -> Int {
    let v = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
    return Int((v &* 2_654_435_761) &>> hashShift)
  }

  /// How many bytes at `a` and `b` agree, up to `limit`; sixteen at a time.
  @inline(__always)
  static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int) -> Int {
    var n = 0
    let (ra, rb) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
    // Sixteen bytes a step while they agree (long runs are common), then eight.
    while n &+ 16 <= limit {
      let low =
        ra.loadUnaligned(fromByteOffset: n, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: n, as: UInt64.self)
      let high =
        ra.loadUnaligned(fromByteOffset: n &+ 8, as: UInt64.self)
        ^ rb.loadUnaligned(fromByteOffset: n &+ 8, as: UInt64.self)
      if low | high != 0 {
        return n &+ (low != 0 ? low.trailingZeroBitCount : 64 &+ high.trailingZeroBitCount) &>> 3
      }
      n &+= 16
    }
    while n &+ 8 <= limit {
      let diff =
        ra.loadUnaligned(fromByteOffset: n, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: n, as: UInt64.self)
      if diff != 0 { return n &+ diff.trailingZeroBitCount &>> 3 }
      n &+= 8
    }
    while n < limit && a[n] == b[n] { n += 1 }
    return n
  }

  @inline(__always)
  private func literal(_ byte: UInt8) {
    tokens[tokenCount] = UInt32(byte)
    tokenCount += 1
    literalCounts[Int(byte)] += 1
  }

  // MARK: Blocks

  /// Writes the gathered tokens, which stand for the `count` bytes at
  /// `raw`, as one block (not the final one): with codes of its own, the
  /// fixed codes or stored, whichever is shortest; then clears the counts.
  private func writeBlock(from raw: UnsafePointer<UInt8>, count: Int) {
    defer {
      tokenCount = 0
      literalCounts.update(repeating: 0, count: 286)
      distanceCounts.update(repeating: 0, count: 30)
    }
    guard count > 0 else { return }
    literalCounts[256] = 1
    let literal = literalCounts
    let distance = distanceCounts
    own.build(literalCounts: literal, distanceCounts: distance)
    let fixed = Deflater.fixed
    var extra = 0
    for i in 0..<29 { extra += literal[257 + i] * Int(fixed.lengthExtra[i]) }
    for i in 0..<30 { extra += distance[i] * Int(fixed.distanceExtra[i]) }
    func cost(_ literalLengths: UnsafePointer<UInt8>, _ distanceLengths: UnsafePointer<UInt8>) -> Int {
      var bits = extra
      for i in 0..<286 { bits += literal[i] * Int(literalLengths[i]) }
      for i in 0..<30 { bits += distance[i] * Int(distanceLengths[i]) }
      return bits
    }
    let dynamicBits = own.headerBits + cost(own.literalLengths, own.distanceLengths)
    let fixedBits = cost(fixed.literalLengths, fixed.distanceLengths)
    // Stored: a header and its four length bytes per 65,535 bytes, aligned.
    let storedBits = count * 8 + (count + 65_534) / 65_535 * 40 + 7
    reserve(count + count / 8 + 1024)
    if storedBits < min(dynamicBits, fixedBits) {
      var at = 0
      while at < count {
        let n = min(65_535, count - at)
        put(0, 3)  // BFINAL = 0, BTYPE = 00: stored
        align()
        let len = UInt16(n)
        for b in [UInt8(len & 0xFF), UInt8(len >> 8), UInt8(~len & 0xFF), UInt8(~len >> 8)] {
          out[outCount] = b
          outCount += 1
        }
        (out + outCount).update(from: raw + at, count: n)
        outCount += n
        at += n
      }
    } else if dynamicBits < fixedBits {
      put(0b100, 3)  // BFINAL = 0, BTYPE = 10: codes of its own
      own.writeHeader { self.put($0, $1) }
      writeTokens(own.literalCodes, own.literalLengths, own.distanceCodes, own.distanceLengths)
    } else {
      put(0b010, 3)  // BFINAL = 0, BTYPE = 01: fixed codes
      writeTokens(fixed.literalCodes, fixed.literalLengths, fixed.distanceCodes, fixed.distanceLengths)
    }
  }

  /// The tokens in the codes given, then the end of the block. Each
  /// token is one write: a literal's code, or a length's code and extra
  /// bits with the distance's code and extra bits (48 bits at most).
  private func writeTokens(
    _ literalCodes: UnsafePointer<UInt32>, _ literalLengths: UnsafePointer<UInt8>,
    _ distanceCodes: UnsafePointer<UInt32>, _ distanceLengths: UnsafePointer<UInt8>
  ) {
    // Each literal/length symbol's code and length in one word, and each
    // distance code's, for the loop below.
    let fixed = Deflater.fixed
    let lit = literalTable
    for i in 0..<286 { lit[i] = UInt64(literalCodes[i]) | UInt64(literalLengths[i]) << 32 }
    let len = lengthTable
    for l in 0..<256 {
      let li = Int(lengthCodes[l])
      let code = UInt64(literalCodes[257 + li])
      let n = Int(literalLengths[257 + li])
      let extra = UInt64(l + 3 - Int(fixed.lengthBase[li]))
      len[l] = (code | extra << UInt64(n)) | UInt64(n + Int(fixed.lengthExtra[li])) << 32
    }
    let dist = distanceTable
    // A distance code's code, its length, its extra bits' count and base.
    for i in 0..<30 {
      dist[i] =
        UInt64(distanceCodes[i]) | UInt64(distanceLengths[i]) << 32 | UInt64(fixed.distanceExtra[i]) << 40
        | UInt64(fixed.distanceBase[i]) << 48
    }
    // The bit state in locals for the loop, stored back after it.
    var bits = self.bits
    var bitCount = self.bitCount
    var at = out + outCount
    @inline(__always) func put(_ value: UInt64, _ n: Int) {
      // (Shifts by less than 64: masking shifts, without the checks.)
      bits |= value &<< UInt64(bitCount)
      bitCount &+= n
      UnsafeMutableRawPointer(at).storeBytes(of: bits.littleEndian, as: UInt64.self)
      let whole = bitCount >> 3
      at += whole
      bits = bits &>> UInt64(whole &* 8)
      bitCount &= 7
    }
    let tokens = self.tokens
    for k in 0..<tokenCount {
      let t = tokens[k]
      if t & (1 << 31) == 0 {
        let e = lit[Int(t)]
        put(e & 0xFFFF_FFFF, Int(e >> 32))
        continue
      }
      let l = len[Int(t >> 15 & 0xFF)]
      let di = Int(t >> 26 & 0x1F)
      let d = dist[di]
      let ln = Int(l >> 32)
      let dn = Int(d >> 32 & 0xFF)
      let extra = UInt64(t & 0x7FFF) &+ 1 &- (d >> 48)
      let value = (l & 0xFFFF_FFFF) | (d & 0xFFFF_FFFF | extra &<< UInt64(dn)) &<< UInt64(ln)
      put(value, ln &+ dn &+ Int(d >> 40 & 0xFF))
    }
    let e = lit[256]
    put(e & 0xFFFF_FFFF, Int(e >> 32))  // end of block
    self.bits = bits
    self.bitCount = bitCount
    outCount = at - out
  }

  // MARK: Bits

  /// Room for `n` more bytes (and the eight-byte writes' slack).
  private func reserve(_ n: Int) {
    guard outCount + n + 16 > outCapacity else { return }
    var capacity = outCapacity * 2
    while outCount + n + 16 > capacity { capacity *= 2 }
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    bigger.update(from: out, count: outCount)
    out.deallocate()
    out = bigger
    outCapacity = capacity
  }

  @inline(__always)
  private func put(_ value: UInt32, _ n: Int) { put64(UInt64(value), n) }

  /// Appends the low `n` bits (at most 56) of `value`: the pending bits
  /// are stored eight bytes at a time, and the whole bytes among them kept.
  @inline(__always)
  private func put64(_ value: UInt64, _ n: Int) {
    bits |= value &<< UInt64(bitCount)
    bitCount += n
    UnsafeMutableRawPointer(out + outCount).storeBytes(of: bits.littleEndian, as: UInt64.self)
    let whole = bitCount >> 3
    outCount += whole
    bits = whole == 8 ? 0 : bits >> UInt64(whole * 8)
    bitCount &= 7
  }

  /// Pads with zero bits to the next byte boundary.
  private func align() {
    if bitCount > 0 { put64(0, 8 - bitCount) }
  }

  // MARK: Tables (RFC 1951, 3.2.5 and 3.2.6)

  /// The fixed codes and the tables of extra bits, in memory that the
  /// block writer reads without checks.
  static let fixed = FixedTables()

  /// The fixed codes (literals 0–143 8 bits, 144–255 9, 256–279 7,
  /// 280–287 8; every distance 5 bits) and each length and distance
  /// code's base and extra bits.
  final class FixedTables: @unchecked Sendable {
    let literalLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 288)
    let literalCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 288)
    let distanceLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 30)
    let distanceCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 30)
    let lengthBase = UnsafeMutablePointer<UInt16>.allocate(capacity: 29)
    let lengthExtra = UnsafeMutablePointer<UInt8>.allocate(capacity: 29)
    let distanceBase = UnsafeMutablePointer<UInt16>.allocate(capacity: 30)
    let distanceExtra = UnsafeMutablePointer<UInt8>.allocate(capacity: 30)

    init() {
      for v in 0..<288 { literalLengths[v] = v < 144 ? 8 : v < 256 ? 9 : v < 280 ? 7 : 8 }
      distanceLengths.initialize(repeating: 5, count: 30)
      Huffman.codes(literalLengths, 288, into: literalCodes)
      Huffman.codes(distanceLengths, 30, into: distanceCodes)
      for i in 0..<29 {
        lengthBase[i] = UInt16(Deflater.lengthBase[i])
        lengthExtra[i] = UInt8(Deflater.lengthExtra[i])
      }
      for i in 0..<30 {
        distanceBase[i] = UInt16(Deflater.distanceBase[i])
        distanceExtra[i] = UInt8(Deflater.distanceExtra[i])
      }
    }
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
  /// Writes the code of each of `count` values (`value(i)`, ascending):
  /// the last code whose base is at most the value, found by one walk
  /// along the codes. The lengths' table is the code index (0…28) of every
  /// length 3…258 by length − 3; the distances', the code of distances
  /// 1…256 by distance − 1, then of longer ones by (distance − 1) >> 7 (as
  /// zlib does).
  private static func writeCodeIndices(
    _ out: UnsafeMutablePointer<UInt8>, _ count: Int, _ bases: [Int], value: (Int) -> Int
  ) {
    var code = 0
    for i in 0..<count {
      let v = value(i)
      while code + 1 < bases.count && bases[code + 1] <= v { code += 1 }
      out[i] = UInt8(code)
    }
  }
}
