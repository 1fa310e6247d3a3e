// The Android backend: VectorDrawables of the samples and of scenes built
// to be hard (skewed strokes, squashed radial gradients, mirrored and
// partial angular ones, clips, single-shape opacity) checked against a
// schema of VectorDrawable's XML (Tests/VectorDrawable/*.xsd, by xmllint),
// converted back to SVG by Android's rules (Tests/vectordrawable-to-svg.py),
// drawn by resvg and compared with badgec's raster; and every construct
// VectorDrawable cannot draw refused at its element, with nothing written.
import Foundation
import Testing

@testable import BadgeKit

enum VectorDrawableSupport {
  static func xml(_ source: String, _ options: CompileOptions) -> [UInt8]? {
    Support.output(source, as: .vectordrawable, options)
  }

  /// xmllint's complaints about `xml` against the schema, or nil when it
  /// validates (or xmllint is missing, a failure under CI).
  static func schemaProblems(_ xml: [UInt8]) throws -> String? {
    guard let xmllint = Support.tool("xmllint") else { return nil }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("drawable.xml")
    try Data(xml).write(to: file)
    let run = try Support.run(
      xmllint, ["--noout", "--schema", Support.url("Tests/VectorDrawable/vector.xsd").path, file.path])
    return run.status == 0 ? nil : run.stderr
  }

  /// `xml` converted to SVG and drawn by resvg over white at `scale`.
  static func drawnBack(_ xml: [UInt8], scale: Double) throws -> RGBImage? {
    guard let python = Support.tool("python3"), let resvg = Support.tool("resvg"),
      let pngtopnm = Support.tool("pngtopnm")
    else { return nil }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let convert = try Support.run(python, [Support.url("Tests/vectordrawable-to-svg.py").path], stdin: Data(xml))
    #expect(convert.status == 0, "vectordrawable-to-svg: \(convert.stderr)")
    let (svg, png) = (dir.appendingPathComponent("back.svg"), dir.appendingPathComponent("back.png"))
    try convert.stdout.write(to: svg)
    let draw = try Support.run(resvg, ["--background", "white", "-z", String(scale), svg.path, png.path])
    #expect(draw.status == 0, "resvg: \(draw.stderr)")
    let ppm = try Support.run(pngtopnm, [png.path])
    return RGBImage(ppm: Array(ppm.stdout))
  }

  static func check(
    _ name: String, _ source: String, _ options: CompileOptions, mean: Double = 1, fraction: Double = 0.99,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard let xml = xml(source, options) else {
      Issue.record("\(name): no VectorDrawable", sourceLocation: sourceLocation)
      return
    }
    if let problems = try schemaProblems(xml) {
      Issue.record("\(name): not a valid VectorDrawable: \(problems)", sourceLocation: sourceLocation)
    }
    guard let back = try drawnBack(xml, scale: options.raster.scale), let ours = RasterSupport.badgec(source, options)
    else { return }
    try RasterSupport.expectClose(
      name, ours: ours, theirs: back, by: "vectordrawable-resvg", mean: mean, fraction: fraction,
      keeping: [("\(name).xml", xml)], sourceLocation: sourceLocation)
  }
}

@Suite(.serialized)
struct VectorDrawableTests {
  /// The samples VectorDrawable can draw (the others have shadows or
  /// dashes: see `refusedSamples`).
  @Test(arguments: ["landmark", "shield", "summit", "hikebadge", "streak", "donut", "build-status"])
  func sample(_ name: String) throws {
    let source = try Support.read("samples/\(name).badge")
    // The status badge on a whole-point canvas (its own is 89.245 wide,
    // which resvg rounds down and badgec up).
    var options = CompileOptions(
      canvasSize: name == "build-status" ? Size(90, 20) : nil, raster: RasterOptions(scale: 2))
    options.importPaths = [Support.url("samples").path]
    // The status badge is nearly all edges of 11-point words, where
    // resvg's 4 × 4 supersampling differs from badgec's coverage by a mean
    // of 1.9/255 (as its SVG does: RasterComparisonTests.buildStatus).
    let wordy = name == "build-status"
    try VectorDrawableSupport.check(name, source, options, mean: wordy ? 2 : 1, fraction: wordy ? 0.975 : 0.99)
  }

  static let transforms = """
    badge T size 200 {
      roundedRect(radius: 10).stroke(#2050c0, width: 6, join: round).frame(width: 60, height: 40).rotate(30deg)
        .scale(x: 1.8, y: 0.7).position(x: 60, y: 50)
      circle().fill(radial(white, #c03030, endRadius: 30)).frame(width: 60, height: 60).scale(x: 1.6, y: 0.6)
        .rotate(20deg).position(x: 145, y: 50)
      circle().fill(angular(red, yellow, green, startAngle: 30deg, endAngle: 250deg)).frame(width: 70, height: 70)
        .scale(x: -1, y: 1).position(x: 55, y: 145)
      circle().trim(from: 0.1, to: 0.8).stroke(angular(cyan, blue, purple), width: 10, cap: round)
        .frame(width: 60, height: 60).rotate(-40deg).position(x: 150, y: 145)
      star(points: 5).fill(linear(#e0a020, #e0a02000)).opacity(0.6).frame(width: 40, height: 40).position(x: 100, y: 100)
      rect().fill(#30a050).frame(width: 50, height: 24).clipShape(circle()).position(x: 100, y: 185)
      path { move (10, 180) line (40, 195) line (10, 195) close }.fill(#804080, rule: evenodd)
    }
    """

  /// Frames skewed and mirrored, gradients of every kind under them,
  /// trims, clips, a single shape's opacity and both fill rules.
  @Test func transformsAndGradients() throws {
    try VectorDrawableSupport.check(
      "vectordrawable-transforms", VectorDrawableTests.transforms, CompileOptions(raster: RasterOptions(scale: 2)))
    // The skewed frames are made of groups (the map's decomposition),
    // the angular gradients of sweeps turned to their start.
    let xml = String(
      decoding: try #require(VectorDrawableSupport.xml(VectorDrawableTests.transforms, CompileOptions())), as: UTF8.self
    )
    #expect(xml.contains("android:scaleX="))
    #expect(xml.contains("android:type=\"sweep\""))
    #expect(xml.contains("android:type=\"radial\""))
    #expect(xml.contains("<clip-path "))
    #expect(xml.contains("xmlns:aapt"))
    #expect(xml.contains("API 24"))
  }

  /// The rasterizer's hard scenes that VectorDrawable can draw.
  @Test func hardScenes() throws {
    var drawn = 0
    for (name, source) in RasterComparisonTests.scenes + RasterEffectComparisonTests.cases.map({ ($0.0, $0.1) }) {
      var options = CompileOptions(raster: RasterOptions(scale: 2))
      options.format = .vectordrawable
      guard !Support.compile(source, options).hasErrors else { continue }
      drawn += 1
      try VectorDrawableSupport.check("vectordrawable-\(name)", source, options)
    }
    #expect(drawn >= 8, "only \(drawn) of the hard scenes could be VectorDrawables")
  }

  /// Each thing VectorDrawable cannot draw is one error at the element it
  /// changes, and nothing is written.
  @Test(arguments: [
    ("rect().fill(red).frame(width: 40, height: 40).shadow(radius: 4)", "a shadow", 1),
    ("rect().fill(red).blur(radius: 3)", "a blur", 1),
    ("rect().fill(red).mask { circle() }", "a mask", 1),
    ("circle().stroke(red, width: 2, dash: (4, 2))", "a dashed stroke", 1),
    ("zstack { rect().fill(red)\n circle().fill(blue) }.opacity(0.5)", "an opacity over several shapes", 1),
    (
      "rect().fill(red).clipShape(path { move (0, 0) line (90, 0) line (0, 90) close }, rule: evenodd)",
      "an even-odd clip", 1
    ),
  ])
  func refused(_ body: String, _ what: String, _ line: Int) throws {
    try Support.expectRefused(body, writing: "b.xml", line: line, message: "VectorDrawable cannot draw \(what)")
  }

  /// A file name Android's resource compiler would refuse is a warning
  /// naming one it takes; the file is written all the same. An even-odd
  /// fill is noted as needing API 24, as gradients are.
  @Test func androidNames() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try Support.badgec([Support.url("samples/landmark.badge").path, "-o", dir.path + "/{badge}.xml"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("will be refused by the resource compiler; name it 'landmark.xml'"), "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.path + "/Landmark.xml"))
    let fine = try Support.badgec([Support.url("samples/landmark.badge").path, "-o", dir.path + "/landmark_2.xml"])
    #expect(fine.stderr.isEmpty, "\(fine.stderr)")
    var options = CompileOptions()
    options.format = .vectordrawable
    let ring = try #require(
      VectorDrawableSupport.xml(
        "badge R size 40 { path { move (0, 0) line (40, 0) line (40, 40) close move (10, 10) line (30, 10) line (30, 30) close }.fill(red, rule: evenodd) }",
        options))
    #expect(String(decoding: ring, as: UTF8.self).contains("Its even-odd fills need Android 7.0 (API 24)"))
  }

  /// A clear shadow draws nothing: the README's way to leave shadows out
  /// of the Android export.
  @Test func clearShadowIsLeftOut() throws {
    let source = """
      let android = false
      badge P size 100 { circle().fill(red).padding(20).shadow(color: android ? clear : black.opacity(0.3), radius: 6) }
      """
    var options = CompileOptions()
    options.format = .vectordrawable
    #expect(Support.compile(source, options).hasErrors)
    options.overrides = ["android=true"]
    let xml = try #require(VectorDrawableSupport.xml(source, options))
    #expect(String(decoding: xml, as: UTF8.self).contains("android:fillColor=\"#ff3b30\""))
  }

  /// A sample with shadows names each place, through imported components
  /// too, with the use that placed it as a note.
  @Test func refusedSamples() throws {
    let run = try Support.badgec([
      Support.url("samples/medal.badge").path, "-I", Support.url("samples").path, "--format", "vectordrawable",
    ])
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("lib/ribbon.badge:13:3: error: VectorDrawable cannot draw a shadow"), "\(run.stderr)")
    #expect(run.stderr.contains("note: in component"), "\(run.stderr)")
  }
}
