// `--format symbol` and `.symbolset`: SF Symbols templates of a badge's
// three weights. The template's structure (the groups, guides and
// variants the SF Symbols app reads by their ids); each variant drawn by
// resvg against badgec's raster of the same weight; the weights' paths
// matched segment for segment; the template's rules as located errors
// with nothing written; a badge without `let weight`; the symbol set's
// Contents.json.
import Foundation
import Testing

@testable import BadgeKit

enum SymbolSupport {
  static func template(_ source: String, _ options: CompileOptions = CompileOptions()) -> String? {
    Support.output(source, as: .symbol, options).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The text of the element `<g id="ID" …>…</g>` in `svg`.
  static func group(_ id: String, in svg: String) -> String? {
    guard let start = svg.range(of: "<g id=\"\(id)\"") else { return nil }
    guard let end = svg.range(of: "</g>", range: start.upperBound..<svg.endIndex) else { return nil }
    return String(svg[start.lowerBound..<end.upperBound])
  }

  /// The `d` attributes in `text`, in order.
  static func pathData(_ text: String) -> [String] {
    text.components(separatedBy: " d=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
  }
}

@Suite(.serialized)
struct SymbolTemplateTests {
  static let weights = ["ultralight", "regular", "black"]

  @Test func sampleTemplateHasTheSFSymbolsStructure() throws {
    let source = try Support.read("samples/symbol.badge")
    let svg = try #require(SymbolSupport.template(source))
    for id in [
      "Notes", "Guides", "Symbols", "template-version", "Baseline-S", "Capline-S", "Baseline-M", "Capline-M",
      "Baseline-L", "Capline-L", "left-margin-Ultralight-S", "right-margin-Ultralight-S", "left-margin-Regular-S",
      "right-margin-Regular-S", "left-margin-Black-S", "right-margin-Black-S", "Ultralight-S", "Regular-S", "Black-S",
    ] {
      #expect(svg.contains("id=\"\(id)\""), "missing \(id)")
    }
    #expect(svg.contains(">Template v.3.0</text>"))
    #expect(svg.contains("width=\"3300\" height=\"2200\""))
    #expect(!svg.contains("stroke=") && !svg.contains("fill=\""), "a variant holds paths only")
    if let xmllint = Support.tool("xmllint") {
      let dir = try Support.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: dir) }
      let file = dir.appendingPathComponent("t.svg")
      try Data(svg.utf8).write(to: file)
      let run = try Support.run(xmllint, ["--noout", file.path])
      #expect(run.status == 0, "\(run.stderr)")
    }
    // The weights interpolate: the same segments, of the same kinds, and
    // they differ (the sample is heavier at each weight).
    let variants = try ["Ultralight-S", "Regular-S", "Black-S"].map { id in
      try #require(SymbolSupport.group(id, in: svg)).map(SymbolSupport.pathData) ?? []
    }
    let parsed = variants.map { $0.map { PathData.parse($0) } }
    #expect(parsed.allSatisfy { $0.allSatisfy { $0.failure == nil } })
    let kinds = parsed.map { $0.map { $0.elements.map(SymbolTemplateWriter.kind) } }
    #expect(kinds[0] == kinds[1] && kinds[1] == kinds[2])
    #expect(kinds[1].first?.count == 18, "the ring's two hexagons and the triangle: \(kinds[1])")
    #expect(variants[0] != variants[1] && variants[1] != variants[2])
    // The same bytes twice.
    #expect(SymbolSupport.template(source) == svg)
  }

  /// Each variant, cut out of the sheet at its margins and cap line, as
  /// resvg draws it, against badgec's raster of that weight.
  @Test func eachVariantDrawsItsWeight() throws {
    let source = try Support.read("samples/symbol.badge")
    let svg = try #require(SymbolSupport.template(source))
    guard let resvg = Support.tool("resvg"), let pngtopnm = Support.tool("pngtopnm") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let zoom = 2.0
    for (w, column) in zip(SymbolTemplateTests.weights, SymbolTemplateWriter.columns) {
      let group = try #require(SymbolSupport.group(column.weight + "-S", in: svg))
      // The canvas (100 points square) is the cap height tall.
      let cap = SymbolTemplateWriter.capHeight
      let left = column.centre - cap / 2
      let cut = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(100 * zoom)" height="\(100 * zoom)" \
        viewBox="\(left) \(696 - cap) \(cap) \(cap)">\(group)</svg>
        """
      let (file, png) = (dir.appendingPathComponent("\(w).svg"), dir.appendingPathComponent("\(w).png"))
      try Data(cut.utf8).write(to: file)
      let draw = try Support.run(resvg, ["--background", "white", file.path, png.path])
      try #require(draw.status == 0, "\(draw.stderr)")
      let theirs = try #require(RGBImage(ppm: Array(try Support.run(pngtopnm, [png.path]).stdout)))
      var options = CompileOptions()
      options.overrides = ["weight=\"\(w)\""]
      options.raster.scale = zoom
      let ours = try #require(RasterSupport.badgec(source, options))
      // (At 200 pixels the slanted edges are 1 % of the pixels, where
      // resvg's anti-aliasing and badgec's exact coverage differ by up to
      // 31/255; inside and outside them the drawings agree.)
      try RasterSupport.expectClose(
        "symbol-\(w)", ours: ours, theirs: theirs, by: "resvg", mean: 1, fraction: 0.98,
        keeping: [("\(w).svg", Array(cut.utf8))])
      let worst = zip(ours.bytes, theirs.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(worst <= 40, "\(w): a pixel \(worst)/255 from badgec's")
    }
  }

  /// What a symbol cannot hold: one error at its shape each, nothing
  /// written.
  @Test(arguments: [
    ("circle().stroke(black, width: 2)", "cannot hold a stroke", 1),
    ("rect().fill(linear(red, blue))", "cannot hold a gradient", 1),
    ("rect().fill(black.opacity(0.5))", "cannot hold a translucent fill", 1),
    ("zstack {\n  rect().fill(black)\n  circle().fill(white).padding(20)\n}", "cannot hold a second colour", 3),
    ("rect().fill(black).clipShape(circle())", "cannot hold a clip", 1),
    ("circle().fill(black).shadow(radius: 3)", "cannot hold a shadow", 1),
    (
      "zstack {\n  rect().fill(black)\n  circle().fill(black)\n}.opacity(0.5)", "cannot hold an opacity over a group", 2
    ),
    ("path { move (0, 0) line (10, 0) line (0, 10) close }.fill(black, rule: evenodd)", "even-odd", 1),
  ])
  func refused(_ body: String, _ what: String, _ line: Int) throws {
    try Support.expectRefused(body, writing: "B.symbolset", line: line, message: what)
  }

  /// Weights that SF Symbols could not interpolate: another number of
  /// shapes, or of segments in a shape, is an error at the shape.
  @Test func weightsThatDoNotInterpolate() throws {
    let shapes = """
      let weight = "regular"
      badge B size 100 {
        repeat weight == "black" ? 4 : 3 as i { rect().fill(black).frame(width: 5, height: 5).offset(x: i * 10) }
      }
      """
    let a = Support.compile(shapes, CompileOptions(format: .symbol))
    #expect(a.hasErrors && a.output == nil)
    #expect(
      a.renderedDiagnostics.contains("the Black weight draws 4 shapes and the Regular 3"), "\(a.renderedDiagnostics)")
    let points = """
      let weight = "regular"
      badge B size 100 {
        star(points: weight == "ultralight" ? 6 : 5).fill(black)
      }
      """
    let b = Support.compile(points, CompileOptions(format: .symbol))
    #expect(
      b.renderedDiagnostics.contains(
        "test.badge:3:3: error: the symbol's weights cannot be interpolated: shape 1 has 13 segments at Ultralight and 11 at Regular"
      ), "\(b.renderedDiagnostics)")
  }

  /// Without `let weight` the three weights are one drawing, with a
  /// warning; a `-D weight` of the user's is replaced, not an error.
  @Test func withoutAndWithAGivenWeight() throws {
    let plain = "badge P size 50 { circle().fill(black) }"
    let result = Support.compile(plain, CompileOptions(format: .symbol))
    #expect(!result.hasErrors)
    #expect(result.renderedDiagnostics.contains("warning: the badge has no top-level 'let weight'"))
    let svg = try #require(result.output.map { String(decoding: $0, as: UTF8.self) })
    let variants = ["Ultralight-S", "Regular-S", "Black-S"].map {
      SymbolSupport.group($0, in: svg).map(SymbolSupport.pathData) ?? []
    }
    #expect(!variants[0].isEmpty && variants[0] == variants[1] && variants[1] == variants[2])
    var options = CompileOptions(format: .symbol)
    options.overrides = ["weight=\"black\""]
    let given = Support.compile(try Support.read("samples/symbol.badge"), options)
    #expect(!given.hasErrors, "\(given.renderedDiagnostics)")
    #expect(
      given.output.map { String(decoding: $0, as: UTF8.self) }
        == SymbolSupport.template(try Support.read("samples/symbol.badge")))
  }

  /// What one weight alone finds is said at its place in the badge file,
  /// with a note of the weight; weights that draw alike are warned of; a
  /// shape one weight adds is where the mismatch is shown.
  @Test func diagnosticsOfOneWeight() throws {
    let source = """
      let weight = "regular"
      let sizes = (10, 20)
      badge S size 100 {
        zstack {
          circle().fill(black).frame(width: sizes[weight == "black" ? 2 : 1])
          rect().fill(black).frame(width: 10, height: 10).offset(x: weight == "black" ? 200 : 10)
        }
      }
      """
    let result = Support.compile(source, CompileOptions(format: .symbol))
    let text = result.renderedDiagnostics
    #expect(result.hasErrors && result.output == nil)
    #expect(text.contains("test.badge:5:45: error: index 2 is out of range"), "\(text)")
    #expect(text.contains("test.badge:6:5: warning: the shape lies wholly outside the 100 × 100 canvas"), "\(text)")
    #expect(
      text.components(separatedBy: "note: at the symbol's \"black\" weight (weight = \"black\")").count == 3, "\(text)")
    #expect(!text.contains("given by -D"), "\(text)")
    let alike = Support.compile(
      "let weight = \"regular\"\nlet r = weight == \"ultraLight\" ? 2 : 10\nbadge S size 100 { circle().fill(black).padding(r) }",
      CompileOptions(format: .symbol))
    #expect(!alike.hasErrors)
    #expect(
      alike.renderedDiagnostics.contains("test.badge:3:7: warning: the symbol's three weights are the same drawing"))
    let extra = Support.compile(
      """
      let weight = "regular"
      badge S size 100 {
        zstack {
          circle().fill(black)
          if weight == "black" { rect().fill(black).padding(40) }
        }
      }
      """, CompileOptions(format: .symbol))
    #expect(
      extra.renderedDiagnostics.contains(
        "test.badge:5:28: error: the symbol's weights cannot be interpolated: the Black weight draws 2 shapes and the Regular 1"
      ), "\(extra.renderedDiagnostics)")
  }

  /// `-o NAME.symbolset`: the template and a Contents.json with Apple's
  /// keys, written by the command line.
  @Test func symbolSetFolder() throws {
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("hexagon.mountain.symbolset")
    let run = try Support.badgec([Support.url("samples/symbol.badge").path, "-o", out.path])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("Contents.json")))
    let contents = try #require(json as? [String: Any])
    #expect((contents["info"] as? [String: Any])?["version"] as? Int == 1)
    #expect((contents["info"] as? [String: Any])?["author"] as? String == "badgec")
    let symbols = try #require(contents["symbols"] as? [[String: Any]])
    #expect(symbols.count == 1 && symbols[0]["idiom"] as? String == "universal")
    let file = try #require(symbols[0]["filename"] as? String)
    let template = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
    #expect(template == SymbolSupport.template(try Support.read("samples/symbol.badge")))
  }
}
