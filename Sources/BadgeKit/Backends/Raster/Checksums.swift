// Checksums for PNG: CRC-32 (of every chunk) and Adler-32 (of the zlib
// stream's uncompressed data).

/// CRC-32 as PNG and zlib define it (polynomial 0xEDB88320, reflected),
/// eight bytes a step by slicing: table k holds the CRC of a byte followed
/// by k zero bytes, so eight lookups advance the CRC by eight bytes.
struct CRC32 {
  static let tables: [UInt32] = {
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
  }()

  private var value: UInt32 = 0xFFFF_FFFF

  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress else { return }
    var c = value
    CRC32.tables.withUnsafeBufferPointer { table in
      let t = table.baseAddress!
      var i = 0
      let n = bytes.count
      while i + 8 <= n {
        let word = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let low = UInt32(truncatingIfNeeded: word) ^ c
        let high = UInt32(truncatingIfNeeded: word >> 32)
        c =
          t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int(low >> 8 & 0xFF)] ^ t[5 * 256 + Int(low >> 16 & 0xFF)]
          ^ t[4 * 256 + Int(low >> 24)] ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int(high >> 8 & 0xFF)]
          ^ t[256 + Int(high >> 16 & 0xFF)] ^ t[Int(high >> 24)]
        i += 8
      }
      while i < n {
        c = t[Int((c ^ UInt32(start.load(fromByteOffset: i, as: UInt8.self))) & 0xFF)] ^ (c >> 8)
        i += 1
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

  /// Sixteen bytes a step: a gains their sum, b sixteen times a before
  /// them and their sum weighted 16, 15, …, 1 (the same sums as a byte at
  /// a time); the modulo every 5,552 bytes, as zlib's, keeps them below
  /// 2^32.
  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress else { return }
    let raw = UnsafeRawPointer(start)
    let weights = SIMD16<UInt16>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    var (a, b) = (self.a, self.b)
    var i = 0
    let n = bytes.count
    while i < n {
      let end = min(n, i + 5552)
      while i + 16 <= end {
        let x = SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
        b &+= a &* 16 &+ UInt32((x &* weights).wrappedSum())
        a &+= UInt32(x.wrappedSum())
        i += 16
      }
      while i < end {
        a &+= UInt32(start[i])
        b &+= a
        i += 1
      }
      a %= 65521
      b %= 65521
    }
    (self.a, self.b) = (a, b)
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
