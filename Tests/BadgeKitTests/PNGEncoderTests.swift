// The PNG encoder on its own: images of every shape (1 × 1 to 4096 ×
// 4096; flat, noisy, gradients, translucent), handed over in chunks of
// many sizes and encoded on one thread and on two, are read back by
// Pillow (an independent decoder) to exactly what was encoded, pass
// pngcheck, and come out byte for byte the same every time.
import Foundation
import Testing

@testable import BadgeKit

struct PNGEncoderTests {
  /// A test image: premultiplied pixels, `width` × `height`.
  struct Image {
    var width: Int
    var height: Int
    var pixels: [UInt32]
  }

  /// `kind` of image: "flat", "noise", "gradient", "translucent" (noise
  /// with every alpha), "stripes" (runs of two colours, some clear).
  static func image(_ kind: String, _ width: Int, _ height: Int, seed: UInt64 = 7) -> Image {
    var r = RasterCoverageTests.Random(state: seed)
    var pixels = [UInt32](repeating: 0, count: width * height)
    func pack(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Int) -> UInt32 {
      // Premultiplied, rounded: each channel at most alpha.
      let p = { (c: Int) in UInt32((c * alpha + 127) / 255) }
      return p(red) | p(green) << 8 | p(blue) << 16 | UInt32(alpha) << 24
    }
    for y in 0..<height {
      for x in 0..<width {
        let v: UInt32
        switch kind {
        case "flat": v = pack(40, 120, 200, 255)
        case "gradient": v = pack(x * 255 / max(1, width - 1), y * 255 / max(1, height - 1), 128, 255)
        case "stripes":
          v = (x / 5 + y / 3) % 3 == 0 ? 0 : (x / 5) % 2 == 0 ? pack(255, 0, 0, 255) : pack(0, 0, 255, 200)
        case "translucent":
          v = pack(Int(r.next() * 256), Int(r.next() * 256), Int(r.next() * 256), Int(r.next() * 256))
        default: v = pack(Int(r.next() * 256), Int(r.next() * 256), Int(r.next() * 256), 255)
        }
        pixels[y * width + x] = v
      }
    }
    return Image(width: width, height: height, pixels: pixels)
  }

  /// `image` encoded on `threads` threads, handed over `chunkRows` rows at a time.
  static func encode(
    _ image: Image, threads: Int, chunkRows: Int, filtering: PNGEncoder.Filtering? = nil, chain: Int? = nil
  ) -> [UInt8] {
    var out: [UInt8] = []
    var e = PNGEncoder(
      width: image.width, height: image.height, opaque: false, threads: threads, filtering: filtering, chain: chain
    ) {
      out.append(contentsOf: $0)
      return true
    }
    image.pixels.withUnsafeBufferPointer { all in
      var top = 0
      while top < image.height {
        let rows = min(chunkRows, image.height - top)
        _ = e.encode(UnsafeBufferPointer(rebasing: all[(top * image.width)..<((top + rows) * image.width)]), rows: rows)
        top += rows
      }
    }
    _ = e.finish()
    return out
  }

  /// The straight RGBA bytes Pillow reads from `png`.
  static func decode(_ png: [UInt8], _ python: URL, in dir: URL) throws -> [UInt8]? {
    let file = dir.appendingPathComponent("image.png")
    try Data(png).write(to: file)
    let read =
      "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1])\nim.load()\nsys.stdout.buffer.write(im.convert('RGBA').tobytes())"
    let run = try Support.run(python, ["-c", read, file.path])
    guard run.status == 0 else {
      Issue.record("Pillow: \(run.stderr)")
      return nil
    }
    return Array(run.stdout)
  }

  /// Whether straight RGBA `decoded` is `image`: the same alpha, and each
  /// channel premultiplied again (rounded) gives the pixel encoded.
  static func matches(_ decoded: [UInt8], _ image: Image) -> Bool {
    guard decoded.count == image.pixels.count * 4 else { return false }
    for (i, p) in image.pixels.enumerated() {
      let a = Int(p >> 24)
      guard Int(decoded[4 * i + 3]) == a else { return false }
      for c in 0..<3 {
        let premultiplied = Int((p >> (8 * UInt32(c))) & 0xFF)
        let straight = Int(decoded[4 * i + c])
        if a == 0 { continue }  // no colour to keep
        if (straight * a + 127) / 255 != premultiplied { return false }
      }
    }
    return true
  }

  static var hasPillow: Bool {
    guard let python = Support.tool("python3") else { return false }
    let ok = (try? Support.run(python, ["-c", "import PIL"]).status) == 0
    if !ok && Support.isCI { Issue.record("Pillow is missing; .ci/run should install it") }
    return ok
  }

  @Test(arguments: [
    ("flat", 1, 1), ("noise", 1, 1), ("translucent", 3, 5), ("noise", 4096, 1), ("gradient", 1, 600),
    ("stripes", 257, 129), ("translucent", 300, 200), ("gradient", 1024, 300), ("noise", 640, 97),
    ("flat", 4096, 4096),
  ])
  func decodesToWhatWasEncoded(kind: String, width: Int, height: Int) throws {
    guard PNGEncoderTests.hasPillow, let python = Support.tool("python3"), let pngcheck = Support.tool("pngcheck")
    else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let image = PNGEncoderTests.image(kind, width, height)
    // Large images once, on two threads in the renderer's chunks; the
    // fast mode, and the thorough one with each way of filtering.
    let ways: [(Int, Int, PNGEncoder.Filtering?, Int?)] =
      width * height > 1 << 20
      ? [(2, 256, .sampled, 0)]
      : [
        (1, height, .sampled, 0), (2, 256, .sampled, 0), (2, 7, .sampled, 0), (1, 1, .sampled, 0),
        (2, 256, .smallest, 64), (1, height, .every(0), 4096), (1, 9, .every(3), 16), (2, 256, .every(4), 64),
      ]
    for (threads, chunkRows, filtering, chain) in ways where chunkRows > 1 || height <= 600 {
      let png = PNGEncoderTests.encode(
        image, threads: threads, chunkRows: chunkRows, filtering: filtering, chain: chain)
      let file = dir.appendingPathComponent("check.png")
      try Data(png).write(to: file)
      let check = try Support.run(pngcheck, [file.path])
      #expect(check.status == 0, "\(kind) \(width)×\(height): \(String(decoding: check.stdout, as: UTF8.self))")
      let decoded = try #require(try PNGEncoderTests.decode(png, python, in: dir))
      #expect(
        PNGEncoderTests.matches(decoded, image),
        "\(kind) \(width)×\(height), \(threads) threads, \(chunkRows) rows, \(String(describing: filtering)), chain \(chain ?? -1)"
      )
    }
  }

  /// The same image gives the same bytes every time, however the threads
  /// run (a segment once read its dictionary while the thread before it
  /// was still writing it).
  @Test func bytesAreTheSameEveryTime() {
    let image = PNGEncoderTests.image("stripes", 1200, 700)
    let first = PNGEncoderTests.encode(image, threads: 2, chunkRows: 256)
    for _ in 0..<12 { #expect(PNGEncoderTests.encode(image, threads: 2, chunkRows: 256) == first) }
  }

  /// `--optimize`: the same pixels as the default, in fewer bytes, and
  /// within 2 % of what optipng -o2 makes of the default's file.
  @Test(arguments: ["medal", "progress"])
  func optimizeComesNearOptipng(sample: String) throws {
    guard PNGEncoderTests.hasPillow, let python = Support.tool("python3"), let optipng = Support.tool("optipng")
    else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var options = CompileOptions(canvasSize: Size(256, 256), format: .png)
    let plain = try #require(try Support.compileFile("samples/\(sample).badge", options).output)
    options.raster.optimize = true
    let optimized = try #require(try Support.compileFile("samples/\(sample).badge", options).output)
    #expect(optimized.count < plain.count)
    #expect(try PNGEncoderTests.decode(optimized, python, in: dir) == PNGEncoderTests.decode(plain, python, in: dir))
    let input = dir.appendingPathComponent("plain.png")
    let output = dir.appendingPathComponent("optipng.png")
    try Data(plain).write(to: input)
    let run = try Support.run(optipng, ["-quiet", "-o2", "-out", output.path, input.path])
    #expect(run.status == 0, "\(run.stderr)")
    let theirs = try Data(contentsOf: output).count
    #expect(Double(optimized.count) <= Double(theirs) * 1.02, "\(optimized.count) bytes, optipng \(theirs)")
  }

  @Test func commandLineOptimizes() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (plain, small) = (dir.appendingPathComponent("a.png"), dir.appendingPathComponent("b.png"))
    let sample = Support.root.appendingPathComponent("samples/sunburst.badge").path
    #expect(try Support.badgec([sample, "--size", "400", "-o", plain.path]).status == 0)
    let run = try Support.badgec([sample, "--size", "400", "--optimize", "-o", small.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Data(contentsOf: small).count < Data(contentsOf: plain).count)
    #expect(try Support.badgec(["explain", sample, "--optimize"]).status == 2)
  }

  /// Flat images are small: a flat 1024 × 1024 fits in a few kilobytes.
  @Test func flatImagesCompress() {
    let png = PNGEncoderTests.encode(PNGEncoderTests.image("flat", 1024, 1024), threads: 2, chunkRows: 256)
    #expect(png.count < 8_000, "\(png.count) bytes")
  }

  /// The multiplication that stands for the division when pixels are
  /// unpremultiplied gives the division's quotient for every colour and
  /// alpha a premultiplied pixel can hold (and for colours above alpha).
  @Test func unpremultiplyingMatchesDivision() {
    let reciprocals = PNGEncoder.reciprocals
    for a in 1..<256 {
      for c in 0..<256 {
        let n = UInt64(c * 255 + a / 2)
        #expect((n * UInt64(reciprocals[a])) >> 24 == n / UInt64(a), "colour \(c), alpha \(a)")
      }
    }
  }

  /// A row converted to straight RGBA holds, pixel by pixel, the rounded
  /// quotient of each colour by alpha, zeros for empty pixels, and opaque
  /// pixels as they are, wherever they fall among the four-pixel steps.
  @Test func rowsConvertPixelByPixel() {
    var r = RasterCoverageTests.Random(state: 11)
    for width in [1, 3, 4, 5, 8, 13, 64] {
      let pixels: [UInt32] = (0..<width).map { x in
        let kind = Int(r.next() * 4)
        let a: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : UInt32(r.next() * 256)
        // An empty pixel with colour left in it must still come out as zeros.
        let colour = { a == 0 ? UInt32(r.next() * 256) : UInt32(r.next() * Double(a + 1)) }
        return colour() | colour() << 8 | colour() << 16 | a << 24
      }
      var out = [UInt8](repeating: 0xAA, count: 4 * width)
      pixels.withUnsafeBufferPointer { p in
        out.withUnsafeMutableBufferPointer {
          PNGEncoder.convert(p.baseAddress!, into: $0.baseAddress!, width: width, channels: 4)
        }
      }
      for x in 0..<width {
        let p = pixels[x]
        let a = p >> 24
        let expected: [UInt8] =
          a == 0
          ? [0, 0, 0, 0]
          : (0..<3).map { k in UInt8(min((((p >> (8 * UInt32(k))) & 0xFF) * 255 + a / 2) / a, 255)) } + [UInt8(a)]
        #expect(Array(out[4 * x..<4 * x + 4]) == expected, "width \(width), pixel \(x): \(String(p, radix: 16))")
      }
    }
  }
}
