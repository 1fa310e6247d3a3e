// Deflate tests: streams made of our segments are inflated by zlib (through
// Python, an independent decoder) back to the input, for data that takes
// the fixed codes, blocks' own codes, several blocks, and matches reaching
// back into the previous segment. Huffman code lengths are checked for the
// length limit and for a complete code.
import Foundation
import Testing

@testable import BadgeKit

struct DeflateTests {
  /// A zlib stream of `data` cut into segments of `segment` bytes, each
  /// compressed with the 32 KiB before it as its dictionary; `continuing`:
  /// each segment after the first told that it continues the last (whose
  /// positions the compressor then keeps instead of entering them again).
  static func zlib(_ data: [UInt8], segment: Int, continuing: Bool = false) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    let deflater = Deflater()
    data.withUnsafeBufferPointer { all in
      var start = 0
      repeat {
        let end = min(data.count, start + segment)
        deflater.clearOutput()
        // (An empty input has no address to start from.)
        if let base = all.baseAddress {
          deflater.compressSegment(
            base + start, count: end - start, dictionary: min(start, 32_768), continuing: continuing && start > 0)
        } else {
          [UInt8(0)].withUnsafeBufferPointer { deflater.compressSegment($0.baseAddress!, count: 0, dictionary: 0) }
        }
        out += deflater.output
        start = end
      } while start < data.count
    }
    out += Deflater.finalBlock
    PNGEncoder.append32(&out, ChecksumTests.adler(data).checksum)
    return out
  }

  static var inputs: [(String, [UInt8])] {
    var r = RasterCoverageTests.Random(state: 2024)
    let random = (0..<70_000).map { _ in UInt8(r.next() * 256) }
    let skewed = (0..<200_000).map { _ in UInt8(r.next() * r.next() * r.next() * 40) }
    let text = Array(String(repeating: "badge Landmark size 300 { zstack { BadgeBackground() } }\n", count: 3000).utf8)
    var rows: [UInt8] = []
    for y in 0..<300 { for x in 0..<1_200 { rows.append(UInt8((x / 7 + y / 5) & 0xFF)) } }
    // Literals only, as many as a block holds give or take a few: a block
    // is written just before the segment's last literals.
    let edges = (32_758...32_772).map { n in ("random \(n)", Array(random.prefix(n))) }
    return [
      ("empty", []), ("one byte", [42]), ("zeros", [UInt8](repeating: 0, count: 100_000)),
      ("random", random), ("skewed", skewed), ("text", text), ("gradient rows", rows),
    ] + edges
  }

  @Test(arguments: [(1 << 20, false), (10_000, false), (10_000, true), (100, true)])
  func zlibInflatesOurStreams(segment: Int, continuing: Bool) throws {
    guard let python = Support.tool("python3") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (name, data) in DeflateTests.inputs {
      let file = dir.appendingPathComponent("stream.z")
      try Data(DeflateTests.zlib(data, segment: segment, continuing: continuing)).write(to: file)
      let inflate = "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read()))"
      let run = try Support.run(python, ["-c", inflate, file.path])
      #expect(run.status == 0, "\(name): \(run.stderr)")
      #expect(Array(run.stdout) == data, "\(name), segments of \(segment), continuing: \(continuing)")
    }
  }

  @Test func ownCodesShrinkSkewedData() {
    // Skewed random bytes (about 4.3 bits of information each), few
    // matches: the fixed codes take 8 bits a byte, the block's own codes
    // must come near the information.
    let data = DeflateTests.inputs.first { $0.0 == "skewed" }!.1
    let compressed = DeflateTests.zlib(data, segment: 1 << 20)
    #expect(compressed.count < data.count * 6 / 10)
  }

  @Test func codeLengthsAreOptimalBelowTheLimit() {
    // Random counts (some unused, some past 16 and 24 bits: the sort of the
    // symbols by count takes a pass a byte), whose optimal code is well
    // under 15 deep: the bits they cost are a Huffman code's, the sum of
    // the weights merged, two smallest first.
    var r = RasterCoverageTests.Random(state: 286)
    var checked = 0
    for trial in 0..<60 {
      let n = 2 + Int(r.next() * 285)
      let scale = [10.0, 300, 70_000, 20_000_000][trial % 4]
      let counts = (0..<n).map { _ in r.next() < 0.2 ? 0 : 1 + Int(r.next() * scale) }
      // Weights with the depth of the deepest leaf under them.
      var nodes = counts.filter { $0 > 0 }.map { (weight: $0, depth: 0) }
      guard nodes.count >= 2 else { continue }
      var optimal = 0
      while nodes.count > 1 {
        nodes.sort { $0.weight < $1.weight }
        let merged = (weight: nodes[0].weight + nodes[1].weight, depth: max(nodes[0].depth, nodes[1].depth) + 1)
        optimal += merged.weight
        nodes = [merged] + nodes.dropFirst(2)
      }
      // (Well below the limit, whichever way ties are broken.)
      guard nodes[0].depth <= 12 else { continue }
      checked += 1
      let lengths = Huffman.lengths(counts, limit: 15)
      #expect(zip(counts, lengths).reduce(0) { $0 + $1.0 * $1.1 } == optimal, "trial \(trial)")
      #expect(zip(counts, lengths).allSatisfy { ($0 == 0) == ($1 == 0) })
    }
    #expect(checked >= 30)
  }

  @Test func codeLengthsAreLimitedAndComplete() {
    // Counts growing like Fibonacci numbers make an unlimited code 30 deep.
    var fibonacci = [1, 1]
    while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
    for (counts, limit) in [
      (fibonacci, 15), (fibonacci, 7), ([5, 0], 15), ([0, 0, 3], 15), ([1, 1, 1, 1], 2), ([9, 1, 1, 1], 2),
    ] {
      let lengths = Huffman.lengths(counts, limit: limit)
      #expect(lengths.max()! <= limit, "\(counts)")
      // Kraft sum exactly 1: a complete prefix code.
      let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + pow(2, -Double($1)) }
      #expect(kraft == 1, "\(counts) → \(lengths)")
      #expect(lengths.filter { $0 > 0 }.count >= 2)
    }
  }
}
