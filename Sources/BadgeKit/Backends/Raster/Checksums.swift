// Checksums for PNG: CRC-32 (of every chunk) and Adler-32 (of the zlib
// stream's uncompressed data).

/// CRC-32 as PNG and zlib define it (polynomial 0xEDB88320, reflected),
/// eight bytes a step by slicing: table k holds the CRC of a byte followed
/// by k zero bytes, so eight lookups advance the CRC by eight bytes.
struct CRC32 {
  /// The slicing tables, computed bit by bit (the constants in
  /// CRC32Tables.swift are these; a test compares them).
  static func computedTables() -> [UInt32] {
    var t = [UInt32](repeating: 0, count: 8 * 256)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      t[n] = c
    }
    for k in 1..<8 {
      for n in 0..<256 {
        let previous = t[(k - 1) * 256 + n]
        t[k * 256 + n] = (previous >> 8) ^ t[Int(previous & 0xFF)]
      }
    }
    return t
  }

  private var value: UInt32 = 0xFFFF_FFFF

  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress else { return }
    var c = value
    CRC32.tables.withUnsafeBufferPointer { table in
      let t = table.baseAddress!
      var i = 0
      let n = bytes.count
      while i &+ 8 <= n {
        let word = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let low = UInt32(truncatingIfNeeded: word) ^ c
        let high = UInt32(truncatingIfNeeded: word >> 32)
        c =
          t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int(low >> 8 & 0xFF)] ^ t[5 * 256 + Int(low >> 16 & 0xFF)]
          ^ t[4 * 256 + Int(low >> 24)] ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int(high >> 8 & 0xFF)]
          ^ t[256 + Int(high >> 16 & 0xFF)] ^ t[Int(high >> 24)]
        i &+= 8
      }
      while i < n {
        c = t[Int((c ^ UInt32(start.load(fromByteOffset: i, as: UInt8.self))) & 0xFF)] ^ (c >> 8)
        i &+= 1
      }
    }
    value = c
  }

  mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

  var checksum: UInt32 { value ^ 0xFFFF_FFFF }
}

/// Adler-32 as zlib defines it.
struct Adler32 {
  private var a: UInt32 = 1
  private var b: UInt32 = 0

  /// Sixteen bytes a step in sixteen lanes. Over a run of steps, lane j
  /// sums the j-th byte of each step, and b's part from the steps is the
  /// sum, at each step, of every lane's sum before it (each step counted
  /// once for every step after it, 16 times: a step is 16 bytes), plus
  /// lane j's sum weighted 16 − j (for the bytes after it in its own
  /// step); b also gains the run's length times a before it, and a the
  /// lanes' total: the same sums as a byte at a time. The lanes add up in
  /// 16 bits for 22 steps at a time (at most 22 × 21 / 2 × 255 in the
  /// running sum of sums), then in 32 bits; runs of 5,552 bytes, as
  /// zlib's, keep those below 2^32.
  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress else { return }
    let raw = UnsafeRawPointer(start)
    let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    let m: UInt64 = 65521
    var (a, b) = (UInt64(self.a), UInt64(self.b))
    var i = 0
    let n = bytes.count
    while i < n {
      let end = min(n, i + 5552)
      let runStart = i
      var lanes = SIMD16<UInt32>(repeating: 0)
      var total: UInt64 = 0
      var sumOfSums: UInt64 = 0
      while i + 16 <= end {
        let steps = min(22, (end - i) / 16)
        var s1 = SIMD16<UInt16>(repeating: 0)
        var s2 = SIMD16<UInt16>(repeating: 0)
        for _ in 0..<steps {
          s2 &+= s1
          s1 &+= SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
          i &+= 16
        }
        sumOfSums += UInt64(steps) * total + UInt64(SIMD16<UInt32>(truncatingIfNeeded: s2).wrappedSum())
        let wide = SIMD16<UInt32>(truncatingIfNeeded: s1)
        lanes &+= wide
        total += UInt64(wide.wrappedSum())
      }
      b += UInt64(i - runStart) * a + 16 * sumOfSums + UInt64((lanes &* weights).wrappedSum())
      a += total
      while i < end {
        a += UInt64(start[i])
        b += a
        i += 1
      }
      a %= m
      b %= m
    }
    (self.a, self.b) = (UInt32(a), UInt32(b))
  }

  var checksum: UInt32 { (b << 16) | a }

  /// Appends the checksum `next` of `length` bytes that follow the bytes
  /// of this one: a adds up (less the 1 each starts from), and every byte
  /// of the second part adds this part's a once more to b.
  mutating func combine(_ next: Adler32, length: Int) {
    let m: UInt64 = 65521
    let (a1, b1) = (UInt64(a), UInt64(b))
    let (a2, b2) = (UInt64(next.a), UInt64(next.b))
    let n = UInt64(length) % m
    a = UInt32((a1 + a2 + m - 1) % m)
    b = UInt32((b1 + b2 + n * ((a1 + m - 1) % m)) % m)
  }
}
