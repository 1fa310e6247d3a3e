// Huffman codes for deflate blocks (RFC 1951, 3.2.2 and 3.2.7): symbol
// counts in; code lengths no longer than the format allows, the canonical
// codes for them, and the header that describes a block's own codes. The
// builder works in buffers of its own, made once per compressor, so a
// block's codes cost no allocation.

/// Code lengths, canonical codes and the dynamic block header.
enum Huffman {
  /// Code lengths (0 for a symbol not used) for symbols used `counts` times,
  /// none longer than `limit` bits (for 2 to 2^limit symbols).
  /// At least two symbols get codes, so the code is always complete (a
  /// decoder may refuse a one-symbol code).
  static func lengths(_ counts: [Int], limit: Int) -> [Int] {
    precondition(counts.count >= 2 && counts.count <= 1 << limit, "2 to 2^\(limit) symbols")
    let builder = Builder(symbols: counts.count)
    var out = [UInt8](repeating: 0, count: counts.count)
    counts.withUnsafeBufferPointer { c in
      out.withUnsafeMutableBufferPointer {
        builder.lengths(c.baseAddress!, counts.count, limit: limit, into: $0.baseAddress!)
      }
    }
    return out.map(Int.init)
  }

  /// The canonical codes of the `n` symbols whose lengths are at `lengths`,
  /// bits reversed for deflate's least-significant-bit-first packing, into
  /// `codes`.
  static func codes(_ lengths: UnsafePointer<UInt8>, _ n: Int, into codes: UnsafeMutablePointer<UInt32>) {
    var perLength = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var next = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &perLength) { raw in
      let per = raw.bindMemory(to: Int.self).baseAddress!
      for i in 0..<n where lengths[i] > 0 { per[Int(lengths[i])] += 1 }
      withUnsafeMutableBytes(of: &next) { rawNext in
        let next = rawNext.bindMemory(to: Int.self).baseAddress!
        var code = 0
        for bits in 1...15 {
          code = (code + per[bits - 1]) << 1
          next[bits] = code
        }
        for i in 0..<n {
          let l = Int(lengths[i])
          guard l > 0 else {
            codes[i] = 0
            continue
          }
          codes[i] = reverse(UInt32(next[l]), l)
          next[l] += 1
        }
      }
    }
  }

  /// The low `n` bits of `code` in reverse order.
  @inline(__always)
  static func reverse(_ code: UInt32, _ n: Int) -> UInt32 {
    // All 32 bits reversed, then the top n brought down.
    var v = code
    v = (v >> 1) & 0x5555_5555 | (v & 0x5555_5555) << 1
    v = (v >> 2) & 0x3333_3333 | (v & 0x3333_3333) << 2
    v = (v >> 4) & 0x0F0F_0F0F | (v & 0x0F0F_0F0F) << 4
    v = v.byteSwapped
    return n == 0 ? 0 : v >> UInt32(32 - n)
  }

  /// Buffers for building codes of up to `symbols` symbols, reused from
  /// block to block.
  final class Builder {
    private let capacity: Int
    /// Patched counts, then flattened ones when a code is too deep.
    private let counts: UnsafeMutablePointer<Int>
    /// Sort keys of the used symbols: count above the symbol's 16 bits.
    private let keys: UnsafeMutablePointer<UInt64>
    /// The other half of the radix sort's buffers, and its bucket counts.
    private let spareKeys: UnsafeMutablePointer<UInt64>
    private let buckets: UnsafeMutablePointer<Int>
    /// Weights, parents and depths of the tree's leaves and nodes.
    private let weight: UnsafeMutablePointer<Int>
    private let parent: UnsafeMutablePointer<Int32>
    private let depth: UnsafeMutablePointer<UInt8>

    init(symbols: Int) {
      capacity = symbols
      counts = .allocate(capacity: symbols)
      keys = .allocate(capacity: symbols)
      spareKeys = .allocate(capacity: symbols)
      buckets = .allocate(capacity: 256)
      weight = .allocate(capacity: 2 * symbols)
      parent = .allocate(capacity: 2 * symbols)
      depth = .allocate(capacity: 2 * symbols)
    }

    deinit {
      counts.deallocate()
      keys.deallocate()
      spareKeys.deallocate()
      buckets.deallocate()
      weight.deallocate()
      parent.deallocate()
      depth.deallocate()
    }

    /// Code lengths for the `n` counts at `source` (2 ≤ n ≤ the builder's
    /// symbols), none longer than `limit`, into `lengths`; as
    /// `Huffman.lengths`.
    func lengths(_ source: UnsafePointer<Int>, _ n: Int, limit: Int, into lengths: UnsafeMutablePointer<UInt8>) {
      precondition(n >= 2 && n <= capacity)
      counts.update(from: source, count: n)
      var used = 0
      for i in 0..<n where counts[i] > 0 { used += 1 }
      var i = 0
      while used < 2 && i < n {
        if counts[i] == 0 {
          counts[i] = 1
          used += 1
        }
        i += 1
      }
      while true {
        let deepest = unlimitedLengths(n, into: lengths)
        if deepest <= limit { return }
        // Too deep: flatten the counts (rare symbols gain weight) and retry.
        for i in 0..<n where counts[i] > 0 { counts[i] = (counts[i] + 1) / 2 }
      }
    }

    /// Sorts `keys[0..<n]`, made in the order of their symbols, by count:
    /// a stable radix sort a byte of the count at a time (as many passes
    /// as the largest count has bytes), so ties stay in symbol order, the
    /// order of the whole keys. (The standard library's sort took half of
    /// a small image's codes.)
    private func sortKeys(_ n: Int) {
      var largest: UInt64 = 0
      for i in 0..<n { largest = max(largest, keys[i] >> 16) }
      var (from, to) = (keys, spareKeys)
      var shift: UInt64 = 16
      while shift < 64 && largest >> (shift &- 16) > 0 {
        buckets.update(repeating: 0, count: 256)
        for i in 0..<n { buckets[Int(from[i] >> shift & 0xFF)] &+= 1 }
        var start = 0
        for b in 0..<256 { (buckets[b], start) = (start, start &+ buckets[b]) }
        for i in 0..<n {
          let b = Int(from[i] >> shift & 0xFF)
          to[buckets[b]] = from[i]
          buckets[b] &+= 1
        }
        (from, to) = (to, from)
        shift &+= 8
      }
      if from != keys { keys.update(from: from, count: n) }
    }

    /// Optimal code lengths for the used symbols among `counts[0..<n]` (at
    /// least two), by the two-queue construction: leaves sorted by count,
    /// and internal nodes, which are made in order of weight. Returns the
    /// deepest length.
    private func unlimitedLengths(_ n: Int, into lengths: UnsafeMutablePointer<UInt8>) -> Int {
      var leaves = 0
      for s in 0..<n where counts[s] > 0 {
        keys[leaves] = UInt64(counts[s]) << 16 | UInt64(s)
        leaves += 1
      }
      sortKeys(leaves)
      for i in 0..<leaves { weight[i] = counts[Int(keys[i] & 0xFFFF)] }
      var made = leaves
      var nextLeaf = 0
      var nextNode = leaves
      @inline(__always) func takeSmallest() -> Int {
        if nextLeaf < leaves && (nextNode >= made || weight[nextLeaf] <= weight[nextNode]) {
          nextLeaf += 1
          return nextLeaf - 1
        }
        nextNode += 1
        return nextNode - 1
      }
      for node in leaves..<(2 * leaves - 1) {
        let a = takeSmallest()
        let b = takeSmallest()
        weight[node] = weight[a] + weight[b]
        made += 1
        parent[a] = Int32(node)
        parent[b] = Int32(node)
      }
      // The root is the last node; every other node is one deeper than its
      // parent, which was made after it. (Depths past 255 are not reached:
      // counts of Int cannot grow that skewed.)
      let root = 2 * leaves - 2
      depth[root] = 0
      var deepest = 0
      for node in stride(from: root - 1, through: 0, by: -1) {
        let d = depth[Int(parent[node])] &+ 1
        depth[node] = d
        deepest = max(deepest, Int(d))
      }
      lengths.update(repeating: 0, count: n)
      for i in 0..<leaves { lengths[Int(keys[i] & 0xFFFF)] = depth[i] }
      return deepest
    }
  }

  /// A block's own codes and the header that describes them: the code
  /// lengths of literals/lengths and of distances, run-length coded with
  /// symbols 16 (repeat the last length 3–6 times), 17 (3–10 zeros) and 18
  /// (11–138 zeros), themselves Huffman coded. Held by a compressor and
  /// built again for each block.
  final class DynamicCodes {
    /// Lengths and codes of the 286 literal/length symbols and 30
    /// distance codes.
    let literalLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 286)
    let distanceLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 30)
    let literalCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 286)
    let distanceCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 30)
    /// Run-length coded lengths: a symbol 0…18 in the low byte, its extra
    /// bits' count in the next, its extra value above.
    private let runs = UnsafeMutablePointer<UInt32>.allocate(capacity: 316)
    private var runCount = 0
    private var literalCount = 257
    private var distanceCount = 1
    private let lengthLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 19)
    private let lengthCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 19)
    private var lengthLengthCount = 4
    private let builder = Builder(symbols: 286)
    private let sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: 316)
    private let runCounts = UnsafeMutablePointer<Int>.allocate(capacity: 19)
    /// The header's size in bits, once built.
    private(set) var headerBits = 0
    /// The order code-length code lengths are sent in.
    private static let order: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init() {}

    deinit {
      literalLengths.deallocate()
      distanceLengths.deallocate()
      literalCodes.deallocate()
      distanceCodes.deallocate()
      runs.deallocate()
      lengthLengths.deallocate()
      lengthCodes.deallocate()
      sequence.deallocate()
      runCounts.deallocate()
    }

    /// Codes for `literalCounts` (286 symbols) and `distanceCounts` (30).
    func build(literalCounts: UnsafePointer<Int>, distanceCounts: UnsafePointer<Int>) {
      builder.lengths(literalCounts, 286, limit: 15, into: literalLengths)
      builder.lengths(distanceCounts, 30, limit: 15, into: distanceLengths)
      Huffman.codes(literalLengths, 286, into: literalCodes)
      Huffman.codes(distanceLengths, 30, into: distanceCodes)
      var last = 285
      while last > 0 && literalLengths[last] == 0 { last -= 1 }
      literalCount = max(257, last + 1)
      last = 29
      while last > 0 && distanceLengths[last] == 0 { last -= 1 }
      distanceCount = max(1, last + 1)
      let total = literalCount + distanceCount
      sequence.update(from: literalLengths, count: literalCount)
      (sequence + literalCount).update(from: distanceLengths, count: distanceCount)
      runCount = 0
      @inline(__always) func add(_ symbol: Int, _ extra: Int, _ bits: Int) {
        runs[runCount] = UInt32(symbol | bits << 8 | extra << 16)
        runCount += 1
      }
      var i = 0
      while i < total {
        let value = Int(sequence[i])
        var run = 1
        while i + run < total && Int(sequence[i + run]) == value { run += 1 }
        i += run
        if value == 0 {
          while run >= 11 {
            let k = min(run, 138)
            add(18, k - 11, 7)
            run -= k
          }
          if run >= 3 {
            add(17, run - 3, 3)
            run = 0
          }
        } else {
          add(value, 0, 0)
          run -= 1
          while run >= 3 {
            let k = min(run, 6)
            add(16, k - 3, 2)
            run -= k
          }
        }
        for _ in 0..<run { add(value, 0, 0) }
      }
      runCounts.update(repeating: 0, count: 19)
      for r in 0..<runCount { runCounts[Int(runs[r] & 0xFF)] += 1 }
      builder.lengths(runCounts, 19, limit: 7, into: lengthLengths)
      Huffman.codes(lengthLengths, 19, into: lengthCodes)
      var lastOrder = 0
      for (k, symbol) in DynamicCodes.order.enumerated() where lengthLengths[symbol] > 0 { lastOrder = k }
      lengthLengthCount = max(4, lastOrder + 1)
      var bits = 14 + 3 * lengthLengthCount
      for r in 0..<runCount {
        let run = runs[r]
        bits += Int(lengthLengths[Int(run & 0xFF)]) + Int(run >> 8 & 0xFF)
      }
      headerBits = bits
    }

    /// Writes the header (after BFINAL and BTYPE) through `write(value, bits)`.
    func writeHeader(_ write: (UInt32, Int) -> Void) {
      write(UInt32(literalCount - 257), 5)
      write(UInt32(distanceCount - 1), 5)
      write(UInt32(lengthLengthCount - 4), 4)
      for symbol in DynamicCodes.order.prefix(lengthLengthCount) { write(UInt32(lengthLengths[symbol]), 3) }
      for r in 0..<runCount {
        let run = runs[r]
        let symbol = Int(run & 0xFF)
        write(lengthCodes[symbol], Int(lengthLengths[symbol]))
        let extraBits = Int(run >> 8 & 0xFF)
        if extraBits > 0 { write(run >> 16, extraBits) }
      }
    }
  }
}
