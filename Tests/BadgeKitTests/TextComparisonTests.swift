// Text against an independent shaper and two independent renderers, as
// the issue checks it: badgec's pen positions against HarfBuzz's (the
// shaper inside rsvg-convert and resvg) at 12, 17 and 48 points, within
// 0.25 pt and in fact to 1e-6 of a font unit; the compiled path's glyphs
// where those positions and the font's metrics put them; and badgec's
// raster of a text against rsvg-convert's and resvg's drawing of the same
// string with the same font file through SVG `<text>`.
import Foundation
import Testing

@testable import BadgeKit

struct TextPositionTests {
  static let sizes = [12.0, 17, 48]

  @Test(arguments: Shaped.strings.indices, sizes)
  func penPositionsAsHarfBuzz(_ i: Int, _ size: Double) throws {
    let shaped = Shaped.strings[i]
    guard let font = try FontFiles.font(shaped.font.path) else { return }
    let line = LayoutEngine.setLine(shaped.string, in: font, size: size, spacing: 0)
    let scale = shaped.font.scale(size)
    #expect(line.scale == scale)
    #expect(line.missing.isEmpty)
    #expect(line.glyphs.map(\.glyph) == shaped.glyphs, "\(shaped.string)")
    // The worst difference in font units, the pen's end included.
    var worst = abs(line.width / scale - Double(shaped.advance))
    for (g, x) in zip(line.glyphs, shaped.x) { worst = max(worst, abs(g.x / scale - Double(x))) }
    #expect(worst <= 1e-6, "\(shaped.font.family) \(size) pt '\(shaped.string)': \(worst) units from HarfBuzz")
    #expect(worst * scale <= 0.25)
  }

  /// Tracking adds its amount after every character, the last included
  /// (as SVG's letter-spacing and SwiftUI's tracking do), on top of the
  /// font's kerning.
  @Test func trackingAfterEveryCharacter() throws {
    let shaped = Shaped.strings[0]
    guard let font = try FontFiles.font(shaped.font.path) else { return }
    let line = LayoutEngine.setLine(shaped.string, in: font, size: 48, spacing: 2.5)
    let scale = shaped.font.scale(48)
    for (k, (g, x)) in zip(line.glyphs, shaped.x).enumerated() {
      #expect(abs(g.x - (Double(x) * scale + 2.5 * Double(k))) <= 1e-9)
    }
    #expect(abs(line.width - (Double(shaped.advance) * scale + 2.5 * Double(shaped.glyphs.count))) <= 1e-9)
  }

  /// The compiled path: every glyph's outline at its HarfBuzz position,
  /// upright at the text's size, on the baseline the font's metrics give
  /// (the frame's top, plus half the line gap, plus the ascender), the
  /// frame centred where `.position` puts it.
  @Test(arguments: Shaped.strings.indices, sizes)
  func glyphsWhereTheMetricsPutThem(_ i: Int, _ size: Double) throws {
    let shaped = Shaped.strings[i]
    guard let font = try FontFiles.font(shaped.font.path) else { return }
    let f = shaped.font
    let s = f.scale(size)
    let (cx, cy) = (200.0, 40.0)
    let source = """
      badge T size 400, 80 {
        geometry { text("\(shaped.string)").font(size: \(size), family: "\(f.path)").position(x: \(cx), y: \(cy)) }
      }
      """
    let fill = try #require(Support.scene(source)?.fills.first)
    #expect(fill.text == shaped.string)
    let placed = try #require(try TextPaths.placements(fill, shaped.glyphs, in: font))
    let left = cx - Double(shaped.advance) * s / 2
    let baseline = cy - (f.ascender + f.descender + f.lineGap) * s / 2 + (f.lineGap / 2 + f.ascender) * s
    // The space has no outline, and no place in the path.
    let expected = try zip(shaped.glyphs, shaped.x).filter { g, _ in try !font.outline(of: g).commands.isEmpty }
    #expect(placed.count == expected.count)
    for (p, (g, x)) in zip(placed, expected) {
      #expect(p.glyph == g)
      #expect(p.residual <= 1e-9)
      #expect(abs(p.ax.x - s) <= 1e-12 && abs(p.ax.y) <= 1e-12 && abs(p.ay.x) <= 1e-12 && abs(p.ay.y + s) <= 1e-12)
      let dx = abs(p.origin.x - (left + Double(x) * s))
      let dy = abs(p.origin.y - baseline)
      #expect(dx / s <= 1e-6, "glyph \(g) of '\(shaped.string)': \(dx) pt across from HarfBuzz's place")
      #expect(dy / s <= 1e-6, "glyph \(g) of '\(shaped.string)': \(dy) pt off the baseline")
    }
  }
}

/// badgec's raster of a text against rsvg-convert's and resvg's drawing of
/// an SVG `<text>` of the same string in the same font file, at the same
/// size, from the same baseline (worked out here from HarfBuzz's advance
/// and the font's metrics, not from badgec's layout). Each image is the
/// text's line box with `margin` around it, so that it is mostly text: the
/// means are over the whole image, as in RasterComparisonTests, and would
/// be smaller over a badge with more background.
///
/// The limits, mean difference per channel in 1/255 (the figures seen are
/// printed by every case):
/// - rsvg-convert (cairo, which computes each pixel's coverage closely):
///   1 at every size, the issue's bound at 48 pt (seen: 0.13 to 0.58).
/// - resvg: 1.5 at 48 pt, 2.5 at 12 and 17. tiny-skia anti-aliases a
///   path on four sub-scanlines a pixel, so a horizontal edge's coverage
///   comes in quarters (a stem's top a third into a pixel is drawn a
///   quarter covered), and text lines up many horizontal edges at the
///   baseline, x-height and cap height. resvg differs from rsvg-convert as
///   much as from badgec (seen at 48 pt: badgec 0.48 to 1.20, rsvg-convert
///   0.47 to 1.17; at 12 and 17: 1.01 to 1.82 and 0.94 to 1.73).
/// - Both renderers drawing 4 × larger, each 4 × 4 block averaged into a
///   pixel (which brings resvg's coverage to sixteenths): 1 at every size
///   (seen: at most 0.45).
/// - Each renderer's text against its own drawing of badgec's SVG, where
///   the rasterizer is the same on both sides and only the glyphs' places
///   and outlines can differ: 0.35 for rsvg-convert, 0.1 for resvg (seen:
///   at most 0.18 and 0.05; 'Hiking' moved by 0.1 pt gave 1.1 to 2.3 in
///   either font at 12 and 48 pt). Neither renderer hints: at 12 pt rsvg-convert's text
///   matches badgec's unhinted outlines as closely as at 48.
///
/// The strings have no "fi" or "fl": resvg sets those as the fonts'
/// ligatures ('liga' on, as CSS has it by default), while badgec and
/// rsvg-convert 2.54 set each letter.
@Suite(.serialized)
struct TextImageTests {
  /// (index into `Shaped.strings`, size in points, tracking in points).
  static let cases: [(shaped: Int, size: Double, tracking: Double)] =
    Shaped.strings.indices.flatMap { i in TextPositionTests.sizes.map { (i, $0, 0.0) } }
    + [(0, 48, 3), (6, 48, -1), (2, 17, 1.5)]

  /// Blank canvas around the line box on every side, in points.
  static let margin = 8.0

  @Test(arguments: cases.indices)
  func againstRenderers(_ k: Int) throws {
    let (i, size, tracking) = TextImageTests.cases[k]
    let shaped = Shaped.strings[i]
    let f = shaped.font
    guard FontFiles.bytes(f.path) != nil else { return }
    let s = f.scale(size)
    let width = Double(shaped.advance) * s + tracking * Double(shaped.glyphs.count)
    let height = (f.ascender + f.descender + f.lineGap) * s
    let canvas = Size(width.rounded(.up) + 2 * TextImageTests.margin, height.rounded(.up) + 2 * TextImageTests.margin)
    let (cx, cy) = (canvas.width / 2, canvas.height / 2)
    let x = cx - width / 2
    let y = cy - height / 2 + (f.lineGap / 2 + f.ascender) * s
    let source = """
      badge T size \(canvas.width), \(canvas.height) {
        geometry {
          text("\(shaped.string)").font(size: \(size), family: "\(f.path)").tracking(\(tracking))
            .position(x: \(cx), y: \(cy))
        }
      }
      """
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(canvas.width)" height="\(canvas.height)" \
      viewBox="0 0 \(canvas.width) \(canvas.height)"><text x="\(x)" y="\(y)" font-family="\(f.family)" \
      font-size="\(size)" letter-spacing="\(tracking)">\(shaped.string)</text></svg>
      """
    let name = "text-\(f.family.split(separator: " ")[0])-\(Int(size))-\(k)"
    guard let ours = RasterSupport.badgec(source, CompileOptions()),
      let rsvg = try TextRender.draw(svg, font: f, renderer: "rsvg-convert", zoom: 1),
      let resvg = try TextRender.draw(svg, font: f, renderer: "resvg", zoom: 1),
      let rsvg4 = try TextRender.draw(svg, font: f, renderer: "rsvg-convert", zoom: 4),
      let resvg4 = try TextRender.draw(svg, font: f, renderer: "resvg", zoom: 4),
      let rsvgPath = try RasterSupport.rsvg(source, CompileOptions(), zoom: 1, renderer: "rsvg-convert"),
      let resvgPath = try RasterSupport.rsvg(source, CompileOptions(), zoom: 1, renderer: "resvg")
    else { return }
    for image in [rsvg, resvg, rsvgPath, resvgPath] {
      guard image.width == ours.width, image.height == ours.height else {
        Issue.record("\(name): \(image.width)×\(image.height), badgec \(ours.width)×\(ours.height)")
        return
      }
    }
    #expect(rsvg.bytes.contains { $0 < 64 } && resvg.bytes.contains { $0 < 64 }, "\(name): no text drawn")
    let figures = (
      rsvg: ours.compare(rsvg, within: 0).mean, resvg: ours.compare(resvg, within: 0).mean,
      rsvg4: TextRender.mean(ours, rsvg4, k: 4), resvg4: TextRender.mean(ours, resvg4, k: 4),
      rsvgSame: rsvgPath.compare(rsvg, within: 0).mean, resvgSame: resvgPath.compare(resvg, within: 0).mean,
      between: rsvg.compare(resvg, within: 0).mean
    )
    print(
      "\(name) \(f.family) \(size) pt '\(shaped.string)' tracking \(tracking), \(ours.width)×\(ours.height): "
        + "rsvg-convert \(TextRender.format(figures.rsvg)), resvg \(TextRender.format(figures.resvg)); "
        + "at 4× averaged \(TextRender.format(figures.rsvg4)), \(TextRender.format(figures.resvg4)); "
        + "text against badgec's SVG \(TextRender.format(figures.rsvgSame)), \(TextRender.format(figures.resvgSame)); "
        + "rsvg-convert against resvg \(TextRender.format(figures.between))")
    let limits = TextImageTests.limits(size)
    var failed = false
    for (what, m, limit) in [
      ("rsvg-convert", figures.rsvg, limits.rsvg), ("resvg", figures.resvg, limits.resvg),
      ("rsvg-convert at 4×", figures.rsvg4, limits.fine), ("resvg at 4×", figures.resvg4, limits.fine),
      ("rsvg-convert's text against its render of badgec's SVG", figures.rsvgSame, limits.rsvgSame),
      ("resvg's text against its render of badgec's SVG", figures.resvgSame, limits.resvgSame),
    ] where m > limit {
      Issue.record("\(name): mean difference \(m)/255 for \(what) (at most \(limit))")
      failed = true
    }
    if failed {
      try FileManager.default.createDirectory(at: RasterSupport.artifacts, withIntermediateDirectories: true)
      for (suffix, image) in [
        ("", ours), (".rsvg-convert", rsvg), (".resvg", resvg), (".rsvg-diff", ours.difference(rsvg)),
        (".resvg-diff", ours.difference(resvg)),
      ] {
        try Data(image.ppm).write(to: RasterSupport.artifacts.appendingPathComponent("\(name)\(suffix).ppm"))
      }
    }
  }

  /// The largest mean differences per channel (in 1/255) allowed at
  /// `size`: see above.
  static func limits(_ size: Double) -> (rsvg: Double, resvg: Double, fine: Double, rsvgSame: Double, resvgSame: Double)
  {
    (rsvg: 1, resvg: size >= 48 ? 1.5 : 2.5, fine: 1, rsvgSame: 0.35, resvgSame: 0.1)
  }
}

/// Drawing a hand-written SVG with one font file and nothing else.
enum TextRender {
  /// `svg` drawn by `renderer` (rsvg-convert or resvg) over white at
  /// `zoom`, as PPM, with `font`'s file the only font it can find: resvg
  /// is given the file and no system fonts; rsvg-convert (through Pango
  /// and fontconfig) a fontconfig setup listing only a folder that holds
  /// the file. Nil when a tool is missing (a failure under CI=true).
  static func draw(_ svg: String, font: ComparedFont, renderer: String, zoom: Int) throws -> RGBImage? {
    guard let tool = Support.tool(renderer), let pngtopnm = Support.tool("pngtopnm") else { return nil }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svgFile = dir.appendingPathComponent("in.svg")
    let pngFile = dir.appendingPathComponent("out.png")
    try Data(svg.utf8).write(to: svgFile)
    let run: Support.Run
    if renderer == "resvg" {
      run = try Support.run(
        tool,
        [
          "--skip-system-fonts", "--use-font-file", font.path, "--background", "white", "-z", String(zoom),
          svgFile.path, pngFile.path,
        ])
    } else {
      let fonts = dir.appendingPathComponent("fonts")
      try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: fonts.appendingPathComponent(URL(fileURLWithPath: font.path).lastPathComponent),
        withDestinationURL: URL(fileURLWithPath: font.path))
      let config = dir.appendingPathComponent("fonts.conf")
      try Data(
        """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig><dir>\(fonts.path)</dir><cachedir>\(dir.appendingPathComponent("cache").path)</cachedir></fontconfig>
        """.utf8
      ).write(to: config)
      run = try Support.run(
        tool, ["-b", "white", "-z", String(zoom), "-o", pngFile.path, svgFile.path],
        environment: ["FONTCONFIG_FILE": config.path])
    }
    #expect(run.status == 0, "\(renderer): \(run.stderr)")
    let ppm = try Support.run(pngtopnm, [pngFile.path])
    #expect(ppm.status == 0, "pngtopnm: \(ppm.stderr)")
    return RGBImage(ppm: Array(ppm.stdout))
  }

  /// The mean difference per channel (in 1/255) between `image` and
  /// `fine`, drawn `k` times larger, each k × k block of `fine` averaged
  /// (without rounding) into one pixel.
  static func mean(_ image: RGBImage, _ fine: RGBImage, k: Int) -> Double {
    guard fine.width == image.width * k, fine.height == image.height * k else { return .infinity }
    var total = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        for c in 0..<3 {
          var sum = 0
          for dy in 0..<k {
            for dx in 0..<k { sum += Int(fine.bytes[3 * ((y * k + dy) * fine.width + x * k + dx) + c]) }
          }
          total += abs(Double(image.bytes[3 * (y * image.width + x) + c]) - Double(sum) / Double(k * k))
        }
      }
    }
    return total / Double(image.width * image.height * 3)
  }

  static func format(_ m: Double) -> String { String(format: "%.3f", m) }
}
