// Huffman codes for deflate blocks (RFC 1951, 3.2.2 and 3.2.7): symbol
// counts in; code lengths no longer than the format allows, the canonical
// codes for them, and the header that describes a block's own codes.

/// Code lengths, canonical codes and the dynamic block header.
enum Huffman {
  /// Code lengths (0 for a symbol not used) for symbols used `counts` times,
  /// none longer than `limit` bits (for 2 to 2^limit symbols).
  /// At least two symbols get codes, so the code is always complete (a
  /// decoder may refuse a one-symbol code).
  static func lengths(_ counts: [Int], limit: Int) -> [Int] {
    precondition(counts.count >= 2 && counts.count <= 1 << limit, "2 to 2^\(limit) symbols")
    var counts = counts
    var used = counts.indices.filter { counts[$0] > 0 }
    for i in counts.indices where used.count < 2 && counts[i] == 0 {
      counts[i] = 1
      used.append(i)
    }
    while true {
      let lengths = unlimitedLengths(counts, used)
      if lengths.max()! <= limit { return lengths }
      // Too deep: flatten the counts (rare symbols gain weight) and retry.
      counts = counts.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
    }
  }

  /// Optimal code lengths for the `used` symbols (at least two), by the
  /// two-queue construction: leaves sorted by count, and internal nodes,
  /// which are made in order of weight.
  private static func unlimitedLengths(_ counts: [Int], _ used: [Int]) -> [Int] {
    // By count, then symbol: sorted as keys (count above the symbol's 16 bits).
    let leaves = used.map { UInt64(counts[$0]) << 16 | UInt64($0) }.sorted().map { Int($0 & 0xFFFF) }
    let n = leaves.count
    var weight = leaves.map { counts[$0] }
    var parent = [Int](repeating: -1, count: 2 * n - 1)
    weight.reserveCapacity(2 * n - 1)
    var nextLeaf = 0
    var nextNode = n
    func takeSmallest() -> Int {
      if nextLeaf < n && (nextNode >= weight.count || weight[nextLeaf] <= weight[nextNode]) {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextNode += 1
      return nextNode - 1
    }
    for node in n..<(2 * n - 1) {
      let a = takeSmallest()
      let b = takeSmallest()
      weight.append(weight[a] + weight[b])
      parent[a] = node
      parent[b] = node
    }
    // The root is the last node; every other node is one deeper than its
    // parent, which was made after it.
    var depth = [Int](repeating: 0, count: 2 * n - 1)
    for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
    var lengths = [Int](repeating: 0, count: counts.count)
    for (i, symbol) in leaves.enumerated() { lengths[symbol] = depth[i] }
    return lengths
  }

  /// The canonical code of each symbol with a length, its bits reversed
  /// for deflate's least-significant-bit-first packing.
  static func codes(_ lengths: [Int]) -> [UInt32] {
    var perLength = [Int](repeating: 0, count: 16)
    for l in lengths where l > 0 { perLength[l] += 1 }
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for bits in 1...15 {
      code = (code + perLength[bits - 1]) << 1
      next[bits] = code
    }
    var codes = [UInt32](repeating: 0, count: lengths.count)
    for (symbol, l) in lengths.enumerated() where l > 0 {
      codes[symbol] = reverse(UInt32(next[l]), l)
      next[l] += 1
    }
    return codes
  }

  static func reverse(_ code: UInt32, _ n: Int) -> UInt32 {
    var r: UInt32 = 0
    for i in 0..<n where code & (1 << i) != 0 { r |= 1 << (n - 1 - i) }
    return r
  }

  /// A block's own codes and the header that describes them: the code
  /// lengths of literals/lengths and of distances, run-length coded with
  /// symbols 16 (repeat the last length 3–6 times), 17 (3–10 zeros) and 18
  /// (11–138 zeros), themselves Huffman coded.
  struct DynamicCodes {
    let literalLengths: [Int]
    let distanceLengths: [Int]
    let literalCodes: [UInt32]
    let distanceCodes: [UInt32]
    /// Run-length coded lengths: a symbol 0…18, its extra value and bits.
    private var runs: [(symbol: Int, extra: UInt32, extraBits: Int)] = []
    private let literalCount: Int
    private let distanceCount: Int
    private let lengthLengths: [Int]
    private let lengthCodes: [UInt32]
    private let lengthLengthCount: Int
    /// The order code-length code lengths are sent in.
    private static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Codes for `literalCounts` (286 symbols) and `distanceCounts` (30).
    init(literalCounts: [Int], distanceCounts: [Int]) {
      literalLengths = Huffman.lengths(literalCounts, limit: 15)
      distanceLengths = Huffman.lengths(distanceCounts, limit: 15)
      literalCodes = Huffman.codes(literalLengths)
      distanceCodes = Huffman.codes(distanceLengths)
      literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
      distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
      let sequence = Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount])
      var i = 0
      while i < sequence.count {
        let value = sequence[i]
        var run = 1
        while i + run < sequence.count && sequence[i + run] == value { run += 1 }
        i += run
        if value == 0 {
          while run >= 11 {
            let k = min(run, 138)
            runs.append((18, UInt32(k - 11), 7))
            run -= k
          }
          if run >= 3 {
            runs.append((17, UInt32(run - 3), 3))
            run = 0
          }
        } else {
          runs.append((value, 0, 0))
          run -= 1
          while run >= 3 {
            let k = min(run, 6)
            runs.append((16, UInt32(k - 3), 2))
            run -= k
          }
        }
        for _ in 0..<run { runs.append((value, 0, 0)) }
      }
      var counts = [Int](repeating: 0, count: 19)
      for r in runs { counts[r.symbol] += 1 }
      let lengthLengths = Huffman.lengths(counts, limit: 7)
      self.lengthLengths = lengthLengths
      lengthCodes = Huffman.codes(lengthLengths)
      let last = DynamicCodes.order.lastIndex { lengthLengths[$0] > 0 } ?? 0
      lengthLengthCount = max(4, last + 1)
    }

    /// The header's size in bits.
    var headerBits: Int {
      14 + 3 * lengthLengthCount + runs.reduce(0) { $0 + lengthLengths[$1.symbol] + $1.extraBits }
    }

    /// Writes the header (after BFINAL and BTYPE) through `write(value, bits)`.
    func writeHeader(_ write: (UInt32, Int) -> Void) {
      write(UInt32(literalCount - 257), 5)
      write(UInt32(distanceCount - 1), 5)
      write(UInt32(lengthLengthCount - 4), 4)
      for symbol in DynamicCodes.order.prefix(lengthLengthCount) { write(UInt32(lengthLengths[symbol]), 3) }
      for r in runs {
        write(lengthCodes[r.symbol], lengthLengths[r.symbol])
        if r.extraBits > 0 { write(r.extra, r.extraBits) }
      }
    }
  }
}
