// The font index's checksum: its bytes in, 64 bits out, at several bytes a
// cycle (a CRC-32 of the index was a third of reading it). Damage, not a
// forger, is what it catches: any change of one 8-byte word changes the
// result, and other changes are missed about once in 2^64.

/// A 64-bit checksum of a byte buffer: four lanes of little-endian 8-byte
/// words, each word mixed into its lane as xxHash64 does (the word times an
/// odd constant added, a rotation, a multiplication by another odd one:
/// each step one-to-one, so a lane's result changes with any one of its
/// words, and a word's high bits reach the low ones of the next step), the
/// last bytes and the length mixed in, the lanes into one, and the result
/// avalanched.
enum IndexChecksum {
  private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let p3: UInt64 = 0x1656_67B1_9E37_79F9

  @inline(__always)
  private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
    let m = lane &+ word &* p2
    return (m << 31 | m >> 33) &* p1
  }

  /// The checksum of `bytes`.
  static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var (a, b, c, d): (UInt64, UInt64, UInt64, UInt64) = (
      0x2545_F491_4F6C_DD1D, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5
    )
    let n = bytes.count
    var i = 0
    while i &+ 32 <= n {
      a = mix(a, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
      b = mix(b, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)))
      c = mix(c, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)))
      d = mix(d, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)))
      i &+= 32
    }
    while i &+ 8 <= n {
      a = mix(a, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
      i &+= 8
    }
    // The last bytes (fewer than eight) as one word, above a marker bit,
    // so that trailing zeros count.
    var last: UInt64 = 1
    while i < n {
      last = last << 8 | UInt64(bytes[i])
      i &+= 1
    }
    b = mix(b, last)
    var h = mix(mix(mix(mix(a, b), c), d), UInt64(n))
    h = (h ^ h >> 33) &* p2
    h = (h ^ h >> 29) &* p3
    return h ^ h >> 32
  }

  /// The checksum of `bytes`.
  static func of(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { of($0) } }
}
