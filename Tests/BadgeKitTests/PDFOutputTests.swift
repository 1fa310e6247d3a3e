// The PDF backend: every sample and the rasterizer's hard scenes written as
// PDF, checked by qpdf, drawn by Poppler (pdftoppm) and MuPDF (mutool
// draw) and compared with badgec's own raster of the same scene; the
// file's structure (one page of the canvas' size, vector paths, shadings
// for gradients, images only for shadows and blurs), determinism, and the
// command line's choice of the format.
import Foundation
import Testing

@testable import BadgeKit

enum PDFSupport {
  /// `source` compiled to PDF with `options`.
  static func pdf(_ source: String, _ options: CompileOptions) -> [UInt8]? {
    Support.output(source, as: .pdf, options)
  }

  /// `pdf` drawn over white by `renderer` (pdftoppm or mutool) at `scale`
  /// pixels a point; nil when the tool is missing (a failure under CI).
  static func render(_ pdf: [UInt8], _ renderer: String, scale: Double) throws -> RGBImage? {
    guard let tool = Support.tool(renderer) else { return nil }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("in.pdf")
    try Data(pdf).write(to: input)
    let dpi = String(72 * scale)
    let out = dir.appendingPathComponent("out.ppm")
    let run =
      renderer == "mutool"
      ? try Support.run(tool, ["draw", "-q", "-r", dpi, "-c", "rgb", "-F", "pnm", "-o", out.path, input.path])
      : try Support.run(tool, ["-r", dpi, "-singlefile", input.path, dir.appendingPathComponent("out").path])
    #expect(run.status == 0, "\(renderer): \(run.stderr)")
    return RGBImage(ppm: Array(try Data(contentsOf: out)))
  }

  /// `pdf` with its streams uncompressed by qpdf, as text, so that its
  /// operators can be read; nil when qpdf is missing (a failure under CI).
  static func uncompressed(_ pdf: [UInt8]) throws -> String? {
    guard let qpdf = Support.tool("qpdf") else { return nil }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (input, output) = (dir.appendingPathComponent("in.pdf"), dir.appendingPathComponent("out.pdf"))
    try Data(pdf).write(to: input)
    let run = try Support.run(qpdf, ["--stream-data=uncompress", input.path, output.path])
    #expect(run.status == 0, "qpdf: \(run.stderr)")
    return String(decoding: try Data(contentsOf: output), as: UTF8.self)
  }

  /// qpdf's verdict on `pdf`: nil when it finds nothing wrong.
  static func qpdfProblems(_ pdf: [UInt8]) throws -> String? {
    guard let qpdf = Support.tool("qpdf") else { return nil }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("in.pdf")
    try Data(pdf).write(to: input)
    let run = try Support.run(qpdf, ["--check", input.path])
    let text = String(decoding: run.stdout, as: UTF8.self) + run.stderr
    return run.status == 0 && text.contains("No syntax or stream encoding errors") ? nil : text
  }

  /// `check` of a scene at twice its size, with the bounds of the hard
  /// scenes: MuPDF 99 % and Poppler 98 % within 16, 1.5/255 on average.
  static func checkAtTwice(_ name: String, _ source: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    var options = CompileOptions(raster: RasterOptions(scale: 2))
    options.format = .pdf
    try check(
      name, source, options, mean: 1.5, fraction: ["mutool": 0.99, "pdftoppm": 0.98], sourceLocation: sourceLocation)
  }

  /// Checks `source`'s PDF with qpdf and compares each renderer's drawing
  /// of it with badgec's raster: at most `mean`/255 apart on average and
  /// at least `fraction` of the pixels within 16/255. Writes the images
  /// to the raster tests' folder when a check fails.
  static func check(
    _ name: String, _ source: String, _ options: CompileOptions, mean: Double, fraction: [String: Double],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard let pdf = pdf(source, options) else {
      Issue.record("\(name): no PDF", sourceLocation: sourceLocation)
      return
    }
    if let problems = try qpdfProblems(pdf) {
      Issue.record("\(name): qpdf --check: \(problems)", sourceLocation: sourceLocation)
    }
    guard let ours = RasterSupport.badgec(source, options) else { return }
    for (renderer, least) in fraction.sorted(by: { $0.key < $1.key }) {
      guard let theirs = try render(pdf, renderer, scale: options.raster.scale) else { continue }
      try RasterSupport.expectClose(
        name, ours: ours, theirs: theirs, by: renderer, mean: mean, fraction: least, keeping: [("\(name).pdf", pdf)],
        sourceLocation: sourceLocation)
    }
  }
}

@Suite(.serialized)
struct PDFOutputTests {
  static let samples = [
    "landmark", "sunburst", "shield", "outlined", "progress", "stripes", "medal", "hikebadge", "summit", "streak",
    "donut", "build-status", "achievement", "orb",
  ]

  /// Every sample at twice its size. MuPDF anti-aliases as badgec does
  /// (mean differences under 1.1/255 here); Poppler's coverage of small
  /// glyphs and hairline seams differs more (text samples 93–99 % within
  /// 16, their means up to 2.5/255).
  @Test(arguments: samples)
  func sample(_ name: String) throws {
    let source = try Support.read("samples/\(name).badge")
    var options = CompileOptions(raster: RasterOptions(scale: 2))
    options.importPaths = [Support.url("samples").path]
    let words = ["hikebadge", "summit", "streak", "donut", "build-status", "medal"]
    try PDFSupport.check(
      name, source, options, mean: words.contains(name) ? 2.5 : 1.5,
      fraction: ["mutool": 0.995, "pdftoppm": words.contains(name) ? 0.93 : 0.985])
  }

  /// The rasterizer's hard scenes (slivers, both fill rules, gradients
  /// with translucent stops, skews, dashes, conic seams, radial pads,
  /// clips, masks, blurs at the canvas' edges, many small effects).
  @Test(arguments: RasterComparisonTests.scenes.map(\.0) + RasterEffectComparisonTests.cases.map(\.0))
  func hardScene(_ name: String) throws {
    let source =
      RasterComparisonTests.scenes.first { $0.0 == name }?.1
      ?? RasterEffectComparisonTests.cases.first {
        $0.0 == name
      }!.1
    try PDFSupport.check(
      name, source, CompileOptions(raster: RasterOptions(scale: 2)), mean: 1.5,
      fraction: ["mutool": 0.99, "pdftoppm": 0.98])
  }

  /// A clip of two shapes (their union, a luminosity soft mask) and a
  /// mask of a letter (an alpha soft mask over a group).
  @Test func clipUnionAndMask() throws {
    let source = """
      component Two() {
        circle().frame(width: 40, height: 40).position(x: 30, y: 30)
        circle().frame(width: 40, height: 40).position(x: 60, y: 60)
      }
      badge C size 100 {
        rect().fill(linear(red, blue)).clipShape(Two())
        rect().fill(green.opacity(0.5)).mask { text("M").font(size: 60) }.frame(width: 50, height: 50)
          .position(x: 70, y: 30)
      }
      """
    try PDFSupport.check(
      "clip-union-and-mask", source, CompileOptions(raster: RasterOptions(scale: 2)), mean: 1.5,
      fraction: ["mutool": 0.99, "pdftoppm": 0.98])
    let pdf = try #require(PDFSupport.pdf(source, CompileOptions()))
    let text = try #require(try PDFSupport.uncompressed(pdf))
    #expect(text.contains("/S /Luminosity"))
    #expect(text.contains("/S /Alpha"))
  }

  /// One page the canvas' size in points, and the landmark's paths as
  /// vectors: no image, its gradient a shading, its symbol's rotations
  /// under `cm`-free page coordinates.
  @Test func structure() throws {
    let source = try Support.read("samples/landmark.badge")
    let pdf = try #require(PDFSupport.pdf(source, CompileOptions()))
    let text = String(decoding: pdf, as: UTF8.self)
    #expect(text.hasPrefix("%PDF-1.4\n"))
    #expect(text.hasSuffix("%%EOF\n"))
    #expect(text.contains("/MediaBox [0 0 300 300]"))
    #expect(text.contains("/Count 1"))
    #expect(text.contains("/ShadingType 2"))
    #expect(!text.contains("/Subtype /Image"))
    #expect(text.contains("/Title <FEFF"))
    // The cross-reference table points at each object.
    let xref = try #require(text.range(of: "\nxref\n0 "))
    let table = text[xref.upperBound...].split(separator: "\n")
    let count = try #require(Int(table[0].split(separator: " ")[0]))
    for line in table[2..<(count + 1)] {
      let offset = try #require(Int(line.prefix(10)))
      let object = String(decoding: pdf[offset..<min(pdf.count, offset + 12)], as: UTF8.self)
      #expect(object.range(of: #"^\d+ 0 obj\n"#, options: .regularExpression) != nil, "\(object)")
    }
  }

  /// Two compilations give the same bytes (no dates, no identifiers).
  @Test func deterministic() throws {
    for name in ["landmark", "medal", "summit"] {
      let source = try Support.read("samples/\(name).badge")
      var options = CompileOptions()
      options.importPaths = [Support.url("samples").path]
      #expect(PDFSupport.pdf(source, options) == PDFSupport.pdf(source, options))
    }
  }

  /// A shadow is an image under vector content: the content's path is
  /// still filled as a path. A blur is an image only. Strokes keep their
  /// caps, joins and dashes; an angular gradient is a patch mesh; stops
  /// of different alphas add a luminosity soft mask.
  @Test func constructs() throws {
    func pdfText(_ body: String) throws -> String {
      let pdf = try #require(PDFSupport.pdf("badge B size 100 {\n\(body)\n}", CompileOptions()))
      return try PDFSupport.uncompressed(pdf) ?? ""
    }
    let shadow = try pdfText("rect().fill(#3060c0).frame(width: 40, height: 40).shadow(color: .black, radius: 4)")
    #expect(shadow.contains("/Subtype /Image"))
    #expect(shadow.contains("/SMask"))
    #expect(shadow.contains("\nf\n"))
    let stroke = try pdfText(
      "circle().stroke(#c03020, width: 6, cap: round, join: bevel, dash: (8, 4)).padding(10)")
    #expect(stroke.contains("1 J 2 j"))
    #expect(stroke.contains("[8 4 ] 0 d"))
    let conic = try pdfText("circle().fill(angular(red, blue)).padding(10)")
    #expect(conic.contains("/ShadingType 6"))
    let translucent = try pdfText("rect().fill(linear(red, blue.opacity(0.2)))")
    #expect(translucent.contains("/S /Luminosity"))
  }

  /// A stroke of width 0 (which PDF would draw as a hairline) and a fill
  /// in a frame of no width are left out, and qpdf finds the file sound.
  @Test func degenerateStrokesAreLeftOut() throws {
    let pdf = try #require(
      PDFSupport.pdf(
        "badge B size 100 { circle().stroke(red, width: 0).padding(10)\n rect().fill(blue).frame(width: 0) }",
        CompileOptions()))
    let text = try #require(try PDFSupport.uncompressed(pdf))
    #expect(!text.contains("\nS\n"))
    #expect(!text.contains(" re\n"))
    // The same badge with a visible stroke does stroke.
    let visible = try #require(
      PDFSupport.pdf("badge B size 100 { circle().stroke(red, width: 1).padding(10) }", CompileOptions()))
    #expect(try PDFSupport.uncompressed(visible)?.contains("\nS\n") == true)
    #expect(try PDFSupport.qpdfProblems(pdf) == nil)
  }

  /// A gradient in a frame scaled so small that its matrix would be
  /// written as zeros (which Poppler refuses as a pattern's) is its last
  /// colour; a stroke there is left out.
  @Test func framesWrittenSingular() throws {
    let source = """
      badge T size 100 {
        circle().fill(linear(red, blue)).scale(1e-12)
        rect().stroke(angular(red, blue), width: 2).scale(1e-12).rotate(20deg)
      }
      """
    let pdf = try #require(PDFSupport.pdf(source, CompileOptions()))
    let text = try #require(try PDFSupport.uncompressed(pdf))
    #expect(!text.contains("/PatternType"), "\(text)")
    #expect(!text.contains("\nS\n"))
    #expect(try PDFSupport.qpdfProblems(pdf) == nil)
  }

  /// The command line: `.pdf` chooses PDF; `--format pdf` writes it to
  /// standard output; a too-small `--max-output` writes nothing.
  @Test func commandLine() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("landmark.pdf")
    let run = try Support.badgec([Support.url("samples/landmark.badge").path, "-o", out.path])
    #expect(run.status == 0, "\(run.stderr)")
    let written = try Data(contentsOf: out)
    #expect(written.starts(with: Array("%PDF-1.4".utf8)))
    let piped = try Support.badgec([Support.url("samples/landmark.badge").path, "--format", "pdf"])
    #expect(piped.status == 0)
    #expect(Data(piped.stdout) == written)
    let small = dir.appendingPathComponent("small.pdf")
    let refused = try Support.badgec([
      Support.url("samples/landmark.badge").path, "-o", small.path, "--max-output", "500",
    ])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("the output would be larger than 500 bytes"))
    #expect(!FileManager.default.fileExists(atPath: small.path))
  }
}
