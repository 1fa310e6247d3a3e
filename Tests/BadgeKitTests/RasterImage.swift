// Test support for raster images: PPM parsing and writing, comparison
// statistics, and renders of SVG by rsvg-convert (converted to PPM by
// pngtopnm) to compare badgec's own rasterizer against.
import Foundation
import Testing

@testable import BadgeKit

/// An RGB image, 8 bits a channel.
struct RGBImage: Equatable {
  var width: Int
  var height: Int
  var bytes: [UInt8]

  /// Parses binary PPM (P6, maxval 255), or PGM (P5: grey, each sample
  /// made three).
  init?(ppm data: [UInt8]) {
    var fields: [String] = []
    var i = 0
    while fields.count < 4 && i < data.count {
      while i < data.count && (data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09) { i += 1 }
      if i < data.count && data[i] == UInt8(ascii: "#") {
        while i < data.count && data[i] != 0x0A { i += 1 }
        continue
      }
      var token = ""
      while i < data.count && !(data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09) {
        token.append(Character(UnicodeScalar(data[i])))
        i += 1
      }
      fields.append(token)
    }
    i += 1
    guard fields.count == 4, fields[0] == "P6" || fields[0] == "P5", let w = Int(fields[1]), let h = Int(fields[2]),
      fields[3] == "255", data.count - i == w * h * (fields[0] == "P6" ? 3 : 1)
    else { return nil }
    width = w
    height = h
    bytes = fields[0] == "P6" ? Array(data[i...]) : data[i...].flatMap { [$0, $0, $0] }
  }

  init(width: Int, height: Int, bytes: [UInt8]) {
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  var ppm: [UInt8] { Array("P6\n\(width) \(height)\n255\n".utf8) + bytes }

  /// Mean absolute difference per channel (in 1/255) and the fraction of
  /// pixels whose every channel is within `within`.
  func compare(_ other: RGBImage, within: Int) -> (mean: Double, fraction: Double) {
    precondition(width == other.width && height == other.height)
    var total = 0
    var close = 0
    for p in 0..<(width * height) {
      var worst = 0
      for c in 0..<3 {
        let d = abs(Int(bytes[3 * p + c]) - Int(other.bytes[3 * p + c]))
        total += d
        worst = max(worst, d)
      }
      if worst <= within { close += 1 }
    }
    return (Double(total) / Double(width * height * 3), Double(close) / Double(width * height))
  }

  /// |a − b| per channel, times 4, for looking at where two images differ.
  func difference(_ other: RGBImage) -> RGBImage {
    RGBImage(
      width: width, height: height,
      bytes: zip(bytes, other.bytes).map { UInt8(min(255, 4 * abs(Int($0) - Int($1)))) })
  }
}

enum RasterSupport {
  /// Where comparison images are written when a check fails.
  static let artifacts = Support.url(".build/raster-test-output")

  /// Expects `theirs` (what `by` drew of output `name`) to be as large as
  /// badgec's raster `ours`, at most `mean`/255 from it on average and
  /// with at least `fraction` of its pixels within 16/255; otherwise
  /// records the figures and writes both images, their difference and the
  /// `kept` files (name, bytes) to `artifacts`.
  static func expectClose(
    _ name: String, ours: RGBImage, theirs: RGBImage, by: String, mean: Double, fraction: Double,
    keeping kept: [(String, [UInt8])] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard theirs.width == ours.width && theirs.height == ours.height else {
      Issue.record(
        "\(name): \(by) drew \(theirs.width)×\(theirs.height), badgec \(ours.width)×\(ours.height)",
        sourceLocation: sourceLocation)
      return
    }
    let (m, f) = ours.compare(theirs, within: 16)
    guard m > mean || f < fraction else { return }
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    try Data(ours.ppm).write(to: artifacts.appendingPathComponent("\(name).ppm"))
    try Data(theirs.ppm).write(to: artifacts.appendingPathComponent("\(name).\(by).ppm"))
    try Data(ours.difference(theirs).ppm).write(to: artifacts.appendingPathComponent("\(name).\(by).diff.ppm"))
    for (file, bytes) in kept { try Data(bytes).write(to: artifacts.appendingPathComponent(file)) }
    Issue.record(
      "\(name): \(by)'s drawing is \(m)/255 from badgec's raster on average (at most \(mean)), \(f * 100)% within 16 (at least \(fraction * 100)%); images in \(artifacts.path)",
      sourceLocation: sourceLocation)
  }

  /// `source` rendered by badgec to PPM.
  static func badgec(_ source: String, _ options: CompileOptions) -> RGBImage? {
    var options = options
    options.format = .ppm
    let result = Support.compile(source, options)
    #expect(!result.hasErrors, "\(result.renderedDiagnostics)")
    return result.output.flatMap { RGBImage(ppm: $0) }
  }

  /// `source`'s SVG rendered by `renderer` (rsvg-convert or resvg) over
  /// white, as PPM; nil when the tools are missing (a failure under
  /// CI=true) or the source does not compile (a failure).
  static func rsvg(_ source: String, _ options: CompileOptions, zoom: Double, renderer: String = "rsvg-convert")
    throws -> RGBImage?
  {
    guard let rsvg = Support.tool(renderer), let pngtopnm = Support.tool("pngtopnm") else { return nil }
    var options = options
    options.format = .svg
    let compiled = Support.compile(source, options)
    guard let svg = compiled.output else {
      Issue.record("no SVG to draw: \(compiled.renderedDiagnostics)")
      return nil
    }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svgFile = dir.appendingPathComponent("in.svg")
    let pngFile = dir.appendingPathComponent("out.png")
    try Data(svg).write(to: svgFile)
    let arguments =
      renderer == "resvg"
      ? ["--background", "white", "-z", String(zoom), svgFile.path, pngFile.path]
      : ["-b", "white", "-z", String(zoom), "-o", pngFile.path, svgFile.path]
    let run = try Support.run(rsvg, arguments)
    #expect(run.status == 0, "\(renderer): \(run.stderr)")
    let ppm = try Support.run(pngtopnm, [pngFile.path])
    #expect(ppm.status == 0, "pngtopnm: \(ppm.stderr)")
    return RGBImage(ppm: Array(ppm.stdout))
  }

  /// Compares badgec's raster with rsvg-convert's render of the SVG; on
  /// failure writes both and a difference image to `artifacts`.
  static func check(
    _ name: String, _ source: String, _ options: CompileOptions = CompileOptions(), within: Int, fraction: Double,
    mean: Double = 1, renderer: String = "rsvg-convert", sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard let reference = try rsvg(source, options, zoom: options.raster.scale, renderer: renderer) else { return }
    guard let ours = badgec(source, options) else {
      Issue.record("\(name): no image", sourceLocation: sourceLocation)
      return
    }
    guard ours.width == reference.width && ours.height == reference.height else {
      Issue.record(
        "\(name): \(ours.width)×\(ours.height), rsvg-convert \(reference.width)×\(reference.height)",
        sourceLocation: sourceLocation)
      return
    }
    let (m, f) = ours.compare(reference, within: within)
    if m > mean || f < fraction {
      try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
      try Data(ours.ppm).write(to: artifacts.appendingPathComponent("\(name).ppm"))
      try Data(reference.ppm).write(to: artifacts.appendingPathComponent("\(name).\(renderer).ppm"))
      try Data(ours.difference(reference).ppm).write(to: artifacts.appendingPathComponent("\(name).diff.ppm"))
      Issue.record(
        "\(name): mean difference \(m)/255 from \(renderer) (at most \(mean)), \(f * 100)% within \(within)/255 (at least \(fraction * 100)%); images in \(artifacts.path)",
        sourceLocation: sourceLocation)
    }
  }
}
