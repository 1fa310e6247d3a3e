// Checksum tests against the published check values, and Adler-32 of two
// parts combined equal to that of the whole; the font index's checksum
// changed by every one-bit change and every cut; the CRC tables kept as
// constants equal to the computed ones.
import Foundation
import Testing

@testable import BadgeKit

struct ChecksumTests {
  @Test func crc32CheckValue() {
    var crc = CRC32()
    crc.update(Array("123456789".utf8))
    #expect(crc.checksum == 0xCBF4_3926)
  }

  /// The slicing tables written as constants are the ones computed bit by
  /// bit, and a long run (through the eight-byte steps) matches a byte at
  /// a time.
  @Test func crc32TablesAreTheComputedOnes() {
    #expect(CRC32.tables == CRC32.computedTables())
    var r = RasterCoverageTests.Random(state: 32)
    let bytes = (0..<1_003).map { _ in UInt8(r.next() * 256) }
    var whole = CRC32()
    whole.update(bytes)
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      c ^= UInt32(b)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    #expect(whole.checksum == c ^ 0xFFFF_FFFF)
  }

  @Test func indexChecksumNoticesEveryChange() {
    // Every one-bit change of a buffer a few words long, in each lane and
    // in the last bytes; every cut; a zero byte added; all different.
    var r = RasterCoverageTests.Random(state: 64)
    let bytes = (0..<77).map { _ in UInt8(r.next() * 256) }
    let sum = IndexChecksum.of(bytes)
    var seen: Set<UInt64> = [sum]
    for i in bytes.indices {
      for bit in 0..<8 {
        var changed = bytes
        changed[i] ^= 1 << bit
        seen.insert(IndexChecksum.of(changed))
      }
    }
    for n in 0..<bytes.count { seen.insert(IndexChecksum.of(Array(bytes.prefix(n)))) }
    seen.insert(IndexChecksum.of(bytes + [0]))
    #expect(seen.count == 1 + bytes.count * 8 + bytes.count + 1)
    #expect(IndexChecksum.of(bytes) == sum)
  }

  static func adler(_ bytes: [UInt8]) -> Adler32 {
    var a = Adler32()
    bytes.withUnsafeBufferPointer { a.update($0) }
    return a
  }

  @Test func adler32CheckValue() {
    #expect(ChecksumTests.adler(Array("Wikipedia".utf8)).checksum == 0x11E6_0398)
    #expect(ChecksumTests.adler([]).checksum == 1)
  }

  /// Long runs (every length to 40, and 100,003 bytes of every value),
  /// eight and sixteen bytes a step, against Python's zlib.
  @Test func longInputsAgreeWithZlib() throws {
    guard let python = Support.tool("python3") else { return }
    var r = RasterCoverageTests.Random(state: 5)
    let bytes = (0..<100_003).map { _ in UInt8(r.next() * 256) } + [UInt8](repeating: 255, count: 20_000)
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("bytes")
    try Data(bytes).write(to: file)
    let script = """
      import sys, zlib
      b = open(sys.argv[1], 'rb').read()
      for n in list(range(41)) + [len(b)]:
          print(zlib.crc32(b[:n]), zlib.adler32(b[:n]))
      """
    let lines = String(decoding: try Support.run(python, ["-c", script, file.path]).stdout, as: UTF8.self)
      .split(separator: "\n")
    let lengths = Array(0...40) + [bytes.count]
    #expect(lines.count == lengths.count)
    for (n, line) in zip(lengths, lines) {
      var crc = CRC32()
      crc.update(Array(bytes[..<n]))
      #expect(line == "\(crc.checksum) \(ChecksumTests.adler(Array(bytes[..<n])).checksum)", "\(n) bytes")
    }
  }

  @Test(arguments: [0, 1, 7, 5552, 5553, 100_000])
  func adler32Combines(_ split: Int) {
    var r = RasterCoverageTests.Random(state: 77 + UInt64(split))
    let bytes = (0..<120_000).map { _ in UInt8(r.next() * 256) }
    var first = ChecksumTests.adler(Array(bytes[..<split]))
    first.combine(ChecksumTests.adler(Array(bytes[split...])), length: bytes.count - split)
    #expect(first.checksum == ChecksumTests.adler(bytes).checksum)
  }
}
