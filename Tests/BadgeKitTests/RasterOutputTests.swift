// Raster output tests: small scenes against hand-checked coverage masks,
// PPM and PNG files accepted by pngcheck and decoded by netpbm to the same
// pixels, --scale, --background, and the command line.
import Foundation
import Testing

@testable import BadgeKit

@Suite(.serialized)
struct RasterOutputTests {
  /// The scene as an ASCII mask: ' ' empty, '.' up to a quarter, '+' under
  /// three quarters, '#' above (darkness of black on white); trailing
  /// blanks of a row are dropped.
  static func mask(_ source: String, scale: Double = 1) -> String {
    guard let image = RasterSupport.badgec(source, CompileOptions(raster: RasterOptions(scale: scale))) else {
      return ""
    }
    var out = ""
    for y in 0..<image.height {
      for x in 0..<image.width {
        let darkness = 255 - Int(image.bytes[3 * (y * image.width + x)])
        out += darkness == 0 ? " " : darkness <= 64 ? "." : darkness < 192 ? "+" : "#"
      }
      while out.hasSuffix(" ") { out.removeLast() }
      out += "\n"
    }
    return out
  }

  @Test func halfPixelSquare() {
    // A square from (1.5, 1.5) to (6.5, 4.5): edges half cover their pixels,
    // corners a quarter.
    #expect(
      RasterOutputTests.mask(
        "badge M size 8, 6 { path { move (1.5, 1.5) line (6.5, 1.5) line (6.5, 4.5) line (1.5, 4.5) } }")
          == """

           .++++.
           +####+
           +####+
           .++++.


          """)
  }

  @Test func triangleAndEvenOddHole() {
    #expect(
      RasterOutputTests.mask(
        "badge M size 10 { path { move (0, 0) line (10, 0) line (10, 10) line (0, 10) close move (3, 3) line (7, 3) line (7, 7) line (3, 7) close }.fill(black, rule: evenodd) }"
      ) == """
        ##########
        ##########
        ##########
        ###    ###
        ###    ###
        ###    ###
        ###    ###
        ##########
        ##########
        ##########

        """)
    #expect(
      RasterOutputTests.mask("badge M size 8 { path { move (0, 0) line (8, 8) line (0, 8) close } }") == """
        +
        #+
        ##+
        ###+
        ####+
        #####+
        ######+
        #######+

        """)
  }

  /// Two copies of a half-pixel-tall bar in one even-odd path wind twice:
  /// empty. Applying the rule to a pixel's total winding (2 × ½ = 1) once
  /// filled the row; each quarter-pixel strip now takes the rule itself.
  @Test func regressionEvenOddTookTheRowsTotalWinding() {
    let bar = "move (0, 2) line (8, 2) line (8, 2.5) line (0, 2.5) close"
    #expect(
      RasterOutputTests.mask("badge M size 8, 4 { path { \(bar) \(bar) }.fill(black, rule: evenodd) }") == "\n\n\n\n")
    #expect(
      RasterOutputTests.mask("badge M size 8, 4 { path { \(bar) }.fill(black, rule: evenodd) }") == "\n\n++++++++\n\n")
  }

  @Test func scaleMultipliesPixels() throws {
    let source = "badge M size 8 { path { move (0, 0) line (8, 8) line (0, 8) close } }"
    let image = try #require(RasterSupport.badgec(source, CompileOptions(raster: RasterOptions(scale: 2))))
    #expect(image.width == 16 && image.height == 16)
    #expect(RasterOutputTests.mask("badge M size 2 { rect() }", scale: 0.5) == "#\n")
  }

  @Test func rgbBytesDropAlphaAtEveryLength() {
    // The packing loop stores 8 bytes for 6 and stops early; every length
    // around its step must give exactly R, G, B per pixel and write nothing
    // past the end.
    for count in Array(0...21) + [4096 * 3 + 1] {
      let pixels = (0..<count).map { Pixel(truncatingIfNeeded: $0 &* 2_654_435_761) }
      var out = [UInt8](repeating: 0xAA, count: count * 3 + 8)
      pixels.withUnsafeBufferPointer { p in
        out.withUnsafeMutableBufferPointer { rgbBytes(p.baseAddress!, into: $0.baseAddress!, count: count) }
      }
      let expected = pixels.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 >> 16 & 0xFF)] }
      #expect(Array(out[..<(count * 3)]) == expected, "\(count) pixels")
      #expect(out[(count * 3)...].allSatisfy { $0 == 0xAA }, "\(count) pixels")
    }
  }

  @Test(arguments: [(1, 1), (7, 300), (1365, 97), (4096, 70)])
  func ppmPiecesByOffsetAreTheStreamedFile(width: Int, height: Int) throws {
    // Pieces cut rows anywhere (the header shifts them); on 1 or 3 threads
    // they must tile the file exactly, each page-aligned in the file and in
    // memory, and hold the bytes written in order.
    let source = "badge B { path { move (0, 0) line (100%, 30%) line (20%, 100%) }.fill(linear(red, blue)) }"
    var options = CompileOptions(format: .ppm)
    options.canvasSize = Size(Double(width), Double(height))
    let result = Support.compile(source, options)
    let renderer = try #require(result.raster)
    let streamed = try #require(result.output)
    for threads in [1, 3] {
      let file = Pieces(count: streamed.count)
      #expect(PPM.write(renderer, threads: threads, at: file.write))
      #expect(file.bytes == streamed, "\(width)×\(height) on \(threads) threads")
      #expect(file.covered == streamed.count && file.overlaps == 0)
      #expect(file.misaligned == 0)
    }
    // A failed write is reported (here every piece but the first fails).
    let firstOnly = PPM.write(renderer, threads: 2, at: { _, offset in offset == 0 })
    #expect(firstOnly == (streamed.count <= PPM.page))
  }

  @Test func ppmHeaderAndBackground() throws {
    var options = CompileOptions(format: .ppm, raster: RasterOptions(background: .bytes(0, 128, 255)))
    options.canvasSize = Size(3, 2)
    let bytes = try #require(Support.compile("badge B { }", options).output)
    #expect(Array(bytes.prefix(11)) == Array("P6\n3 2\n255\n".utf8))
    #expect(Array(bytes.suffix(3)) == [0, 128, 255])
  }

  static func tool(_ name: String) -> URL? { Support.tool(name) }

  @Test func translucentBackgroundStaysInPNGAndLiesOverWhiteInPPM() throws {
    // Regression: a background with alpha used to be drawn opaque.
    let half = RGBA.bytes(255, 0, 0, 0.5)
    var options = CompileOptions(format: .ppm, raster: RasterOptions(background: half))
    options.canvasSize = Size(2, 1)
    let ppm = try #require(Support.compile("badge B { }", options).output)
    #expect(Array(ppm.suffix(3)) == [255, 128, 128])  // 255 · 0.5 rounds up
    guard let pngtopnm = Support.tool("pngtopnm") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    options.format = .png
    let file = dir.appendingPathComponent("half.png")
    try Data(try #require(Support.compile("badge B { }", options).output)).write(to: file)
    #expect(Array(try Support.run(pngtopnm, [file.path]).stdout.suffix(3)) == [255, 0, 0])
    #expect(Array(try Support.run(pngtopnm, ["-alpha", file.path]).stdout.suffix(2)) == [128, 128])
    // A clear background is no background: RGBA and transparent.
    options.raster.background = RGBA.bytes(0, 0, 0, 0)
    try Data(try #require(Support.compile("badge B { }", options).output)).write(to: file)
    #expect(Array(try Support.run(pngtopnm, ["-alpha", file.path]).stdout.suffix(2)) == [0, 0])
  }

  @Test func pngIsValidAndDecodesToThePPMPixels() throws {
    guard let pngcheck = Support.tool("pngcheck"), let pngtopnm = Support.tool("pngtopnm") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["landmark", "sunburst", "shield"] {
      let source = try Support.read("samples/\(name).badge")
      let ppm = try #require(RasterSupport.badgec(source, CompileOptions()))
      // RGB over white: exactly the PPM's pixels.
      var opaque = CompileOptions(format: .png, raster: RasterOptions(background: .bytes(255, 255, 255)))
      let rgbFile = dir.appendingPathComponent("\(name)-rgb.png")
      try Data(try #require(Support.compile(source, opaque).output)).write(to: rgbFile)
      let check = try Support.run(pngcheck, ["-v", rgbFile.path])
      #expect(check.status == 0, "\(check.stdout)")
      #expect(RGBImage(ppm: Array(try Support.run(pngtopnm, [rgbFile.path]).stdout)) == ppm, "\(name)")
      // RGBA: composited over white by netpbm, within a level of the PPM.
      opaque.raster.background = nil
      let rgbaFile = dir.appendingPathComponent("\(name)-rgba.png")
      try Data(try #require(Support.compile(source, opaque).output)).write(to: rgbaFile)
      #expect(try Support.run(pngcheck, ["-v", rgbaFile.path]).status == 0)
      let mixed = try Support.run(pngtopnm, ["-mix", "-background", "rgb:ff/ff/ff", rgbaFile.path])
      let decoded = try #require(RGBImage(ppm: Array(mixed.stdout)))
      let (mean, fraction) = decoded.compare(ppm, within: 2)
      #expect(mean < 0.1 && fraction == 1, "\(name): \(mean) \(fraction)")
    }
  }

  @Test func noisyImageSurvivesDeflate() throws {
    // Many small shapes in many colours: literals and matches of every kind.
    guard let pngtopnm = Support.tool("pngtopnm") else { return }
    var body = ""
    for i in 0..<300 {
      let x = (i * 37) % 190
      let y = (i * 53) % 130
      body +=
        "rect().frame(width: \(3 + i % 7), height: \(2 + i % 5)).position(x: \(x), y: \(y)).fill(rgb(\(i * 7 % 256), \(i * 13 % 256), \(i * 29 % 256)))\n"
    }
    let source = "badge N size 200, 140 {\n\(body)}"
    let ppm = try #require(RasterSupport.badgec(source, CompileOptions()))
    let png = try #require(
      Support.compile(source, CompileOptions(format: .png, raster: RasterOptions(background: .bytes(255, 255, 255))))
        .output)
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("noisy.png")
    try Data(png).write(to: file)
    #expect(RGBImage(ppm: Array(try Support.run(pngtopnm, [file.path]).stdout)) == ppm)
  }

  /// Coordinates of 1e30 (or infinite, after two huge scales) once reached
  /// Int(Float) conversions in the rasterizer and trapped. The language now
  /// refuses shapes that reach past 1e9 points (the SVG could not carry
  /// them), and the rasterizer still pulls such coordinates in to a million
  /// pixels from the canvas when a scene holds them.
  @Test func regressionHugeCoordinatesTrapped() throws {
    let source = """
      badge W size 100 {
        path { move (-1e30, 0) line (10, 10) line (50, 1e30) close }.fill(red)
        rect().scale(1e200).scale(1e200).fill(blue)
        path { move (0, 0) cubic (1e20, 1e20), control1: (-1e25, 3), control2: (5, 1e22) close }.fill(green)
      }
      """
    for format in [OutputFormat.ppm, .png, .svg] {
      let result = Support.compile(source, CompileOptions(format: format))
      #expect(result.output == nil, "\(format)")
      let messages = result.diagnostics.map(\.message.text)
      #expect(messages.filter { $0.contains("points from the canvas' origin") }.count == 3, "\(messages)")
    }
    let huge = ScenePath([.move(Point(-1e30, 0)), .line(Point(10, 10)), .line(Point(50, 1e30)), .close])
    let cubic = ScenePath([
      .move(Point(0, 0)), .cubic(c1: Point(-1e25, 3), c2: Point(5, 1e22), to: Point(1e20, 1e20)), .close,
    ])
    let square = ScenePath([.move(Point(0, 0)), .line(Point(1, 0)), .line(Point(1, 1)), .close])
    let scene = Scene(
      name: "W", size: Size(100, 100),
      nodes: [
        .fill(
          Fill(path: huge, transform: .identity, paint: .solid(RGBA(r: 1, g: 0, b: 0)), opacity: 1, rule: .nonZero)),
        .fill(
          Fill(
            path: square, transform: .scale(.infinity, .infinity), paint: .solid(RGBA(r: 0, g: 0, b: 1)), opacity: 1,
            rule: .nonZero)),
        .fill(
          Fill(path: cubic, transform: .identity, paint: .solid(RGBA(r: 0, g: 1, b: 0)), opacity: 1, rule: .nonZero)),
      ])
    for format in [OutputFormat.ppm, .png] {
      let renderer = try #require(rasterRenderer(scene, format: format, options: RasterOptions()))
      var bytes = 0
      #expect(
        renderRaster(renderer, format: format) {
          bytes += $0.count; return true
        })
      #expect(bytes > 0)
    }
  }

  @Test func threadsAndChunksDoNotChangePixels() throws {
    // Bands are drawn independently: one thread and four, small chunks and
    // one big chunk, give the same image (the last band is shorter).
    let scene = try #require(Support.compile(try Support.read("samples/shield.badge")).scene)
    let renderer = try #require(RasterRenderer(scene, scale: 1.3, background: RGBA(r: 1, g: 1, b: 1)))
    func pixels(threads: Int, chunkRows: Int) -> [Pixel] {
      let count = renderer.width * renderer.height
      let buffer = UnsafeMutablePointer<Pixel>.allocate(capacity: count)
      defer { buffer.deallocate() }
      _ = renderer.drawBands(
        threads: threads, chunkRows: chunkRows,
        perBand: { y0, rows, band in (buffer + y0 * renderer.width).update(from: band, count: rows * renderer.width) },
        afterChunk: { _, _ in true })
      return Array(UnsafeBufferPointer(start: buffer, count: count))
    }
    let one = pixels(threads: 1, chunkRows: 32)
    #expect(renderer.height % RasterRenderer.bandHeight != 0)
    #expect(pixels(threads: 4, chunkRows: 64) == one)
    #expect(pixels(threads: 2, chunkRows: renderer.height) == one)
  }

  /// What `render(into:)` hands its encoder, whatever rows a chunk is
  /// asked to hold (whole bands or not, one chunk or many): the rows in
  /// order, the image `drawBands` draws. (Chunks of rows that were not
  /// whole bands wrote the next chunk's first band past the buffer.)
  @Test func chunksOfAnyRowsHandOnTheImage() throws {
    struct Collect: BandEncoder {
      var pixels: [Pixel] = []
      var chunks = 0
      mutating func encode(_ p: UnsafeBufferPointer<Pixel>, rows: Int) -> Bool {
        pixels += p
        chunks += 1
        return true
      }
      mutating func finish() -> Bool { true }
    }
    let scene = try #require(Support.compile(try Support.read("samples/landmark.badge")).scene)
    let renderer = try #require(RasterRenderer(scene, scale: 1, background: nil))
    let count = renderer.width * renderer.height
    let whole = UnsafeMutablePointer<Pixel>.allocate(capacity: count)
    defer { whole.deallocate() }
    _ = renderer.drawBands(
      threads: 1, chunkRows: renderer.height,
      perBand: { y0, rows, band in (whole + y0 * renderer.width).update(from: band, count: rows * renderer.width) },
      afterChunk: { _, _ in true })
    let expected = Array(UnsafeBufferPointer(start: whole, count: count))
    for (threads, rows) in [(1, 50), (1, 218), (2, 100), (1, 32), (1, renderer.height + 7)] {
      var collect = Collect()
      #expect(renderer.render(into: &collect, threads: threads, chunkRows: rows))
      #expect(collect.pixels == expected, "\(threads) threads, \(rows) rows a chunk")
    }
  }

  @Test func tooManyEdgesIsAnError() {
    // 2,000 cubics with far control points: each would flatten into up to
    // 10,000 edges; together past the limit, reported rather than drawn.
    var path = "move (0, 0)"
    for k in 0..<2_000 { path += " cubic (\(k % 100), 50), control1: (1e9, 3), control2: (-1e9, 97)" }
    let result = Support.compile("badge E size 100 { path { \(path) } }", CompileOptions(format: .ppm))
    #expect(result.diagnostics.map(\.message) == [.tooManyEdges(RasterRenderer.maximumEdges)])
    // Curves wholly off the canvas cost one edge each, whatever their size.
    var outside = "move (-10, 0)"
    for _ in 0..<2_000 { outside += " cubic (-10, 100), control1: (-1e9, 3), control2: (-1e9, 97)" }
    let fine = Support.compile("badge E size 100 { path { \(outside) } }", CompileOptions(format: .ppm))
    #expect(!fine.hasErrors)
  }

  @Test func commandLineWritesRasterFiles() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let landmark = Support.url("samples/landmark.badge").path
    let ppm = dir.appendingPathComponent("out.ppm")
    #expect(try Support.badgec([landmark, "--size", "64", "--scale", "2", "-o", ppm.path]).status == 0)
    let image = try #require(RGBImage(ppm: Array(try Data(contentsOf: ppm))))
    #expect(image.width == 128 && image.height == 128)
    // The file (written piece by piece at offsets) is the bytes written to a pipe.
    let piped = try Support.badgec([landmark, "--size", "64", "--scale", "2", "--format", "ppm", "-o", "-"])
    #expect(piped.stdout == (try Data(contentsOf: ppm)))
    // A large image is drawn on several threads: still the same bytes.
    let big = dir.appendingPathComponent("big.ppm")
    #expect(try Support.badgec([landmark, "--size", "1200", "-o", big.path]).status == 0)
    let bigPiped = try Support.badgec([landmark, "--size", "1200", "--format", "ppm", "-o", "-"])
    #expect(bigPiped.stdout == (try Data(contentsOf: big)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["big.ppm", "out.ppm"])
    let png = try Support.badgec([landmark, "--format", "png", "--background", "navy", "-o", "-"])
    #expect(png.status == 2)  // no colour named navy
    let png2 = try Support.badgec([landmark, "--format", "png", "--background", "#000080", "-o", "-"])
    #expect(png2.status == 0)
    #expect(Array(png2.stdout.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
    #expect(try Support.badgec([landmark, "--scale", "0", "-o", ppm.path]).status == 2)
    let huge = try Support.badgec([landmark, "--size", "50000", "-o", ppm.path])
    #expect(huge.status == 1)
    #expect(huge.stderr.contains("expected at most 32768 on a side"))
  }
}

/// A file assembled from pieces written at offsets, from several threads.
private final class Pieces: @unchecked Sendable {
  private let lock = NSLock()
  var bytes: [UInt8]
  private var written: [Bool]
  var covered = 0
  var overlaps = 0
  var misaligned = 0

  init(count: Int) {
    bytes = Array(repeating: 0, count: count)
    written = Array(repeating: false, count: count)
  }

  func write(_ piece: UnsafeRawBufferPointer, _ offset: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if offset % PPM.page != 0 || Int(bitPattern: piece.baseAddress) % PPM.page != 0 { misaligned += 1 }
    for (i, byte) in piece.enumerated() {
      if written[offset + i] { overlaps += 1 }
      written[offset + i] = true
      bytes[offset + i] = byte
    }
    covered += piece.count
    return true
  }
}
