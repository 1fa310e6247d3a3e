// Checksums for PNG: CRC-32 (of every chunk) and Adler-32 (of the zlib
// stream's uncompressed data).

/// CRC-32 as PNG and zlib define it (polynomial 0xEDB88320, reflected).
struct CRC32 {
  static let table: [UInt32] = (0..<256).map { n -> UInt32 in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  private var value: UInt32 = 0xFFFF_FFFF

  mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
    var c = value
    CRC32.table.withUnsafeBufferPointer { t in
      for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    }
    value = c
  }

  var checksum: UInt32 { value ^ 0xFFFF_FFFF }
}

/// Adler-32 as zlib defines it.
struct Adler32 {
  private var a: UInt32 = 1
  private var b: UInt32 = 0

  mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
    var i = 0
    while i < bytes.count {
      // 5552 bytes keep the sums below 2^32 before the modulo.
      let n = min(5552, bytes.count - i)
      for j in i..<(i + n) {
        a &+= UInt32(bytes[j])
        b &+= a
      }
      a %= 65521
      b %= 65521
      i += n
    }
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
