// Checksum tests against the published check values, and Adler-32 of two
// parts combined equal to that of the whole.
import Testing

@testable import BadgeKit

struct ChecksumTests {
  @Test func crc32CheckValue() {
    var crc = CRC32()
    crc.update(Array("123456789".utf8))
    #expect(crc.checksum == 0xCBF4_3926)
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

  @Test(arguments: [0, 1, 7, 5552, 5553, 100_000])
  func adler32Combines(_ split: Int) {
    var r = RasterCoverageTests.Random(state: 77 + UInt64(split))
    let bytes = (0..<120_000).map { _ in UInt8(r.next() * 256) }
    var first = ChecksumTests.adler(Array(bytes[..<split]))
    first.combine(ChecksumTests.adler(Array(bytes[split...])), length: bytes.count - split)
    #expect(first.checksum == ChecksumTests.adler(bytes).checksum)
  }
}
