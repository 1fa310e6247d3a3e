// badgec 0.5's effect and gradient scenes, badgec's raster of each beside
// resvg's, rsvg-convert's and Chromium's drawing of badgec's SVG of the
// same badge (Chromium headless, through Selenium: Browser/
// svg_screenshot.py): the colour effects, blurs along one axis, affine
// transforms, focal and elliptical gradients, blend modes, and (Chromium)
// strokes of nearly degenerate curves and the achievement badge's four states, each within 1/255 on average and
// with 99.5 % of its pixels within 16/255.
import Foundation
import Testing

@testable import BadgeKit

/// The scenes of badgec 0.5's effects and gradients, each drawn by badgec's
/// raster beside resvg, rsvg-convert and Chromium drawing its SVG.
enum EffectScenes {
  static let all = [
    ("color-effects", ColorEffectTests.scene), ("axis-blur", AxisBlurTests.scene),
    ("transform-effect", TransformEffectTests.scene), ("focal-gradients", FocalGradientTests.scene),
    ("blend-modes", BlendModeTests.scene),
  ]
}

/// Each scene beside resvg's and rsvg-convert's drawing of its SVG.
struct SVGRendererComparisonTests {
  @Test(arguments: EffectScenes.all.map(\.0), ["resvg", "rsvg-convert"])
  func drawnAsTheSVGRenderersDrawTheSVG(_ name: String, _ renderer: String) throws {
    let scene = try #require(EffectScenes.all.first { $0.0 == name }?.1)
    try RasterSupport.check("\(name)-\(renderer)", scene, within: 16, fraction: 0.995, renderer: renderer)
  }
}

struct ChromiumComparisonTests {
  /// The cases: a name, a source, the `-D` values.
  static func cases() throws -> [(String, String, [String: String])] {
    let achievement = try Support.read("samples/achievement.badge")
    var list = EffectScenes.all.map { ($0.0, $0.1, [String: String]()) }
    list.append(("degenerate-strokes", DegenerateCurveStrokeTests.scene, [:]))
    for state in ["earned", "locked", "new", "expired"] {
      list.append(("achievement-\(state)", achievement, ["state": "\"\(state)\""]))
    }
    return list
  }

  @Test(.timeLimit(.minutes(3))) func drawnAsChromiumDrawsTheSVG() throws {
    guard let python = Support.tool("python3"), Support.tool("chromium") != nil, Support.tool("chromedriver") != nil,
      let pngtopnm = Support.tool("pngtopnm")
    else { return }
    if try Support.run(python, ["-c", "import selenium"]).status != 0 {
      if Support.isCI { Issue.record("selenium is missing; .ci/run should install it") }
      return
    }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    var ours: [String: RGBImage] = [:]
    var files: [String] = []
    for (name, source, values) in try ChromiumComparisonTests.cases() {
      var options = CompileOptions()
      options.importPaths = [Support.url("samples").path]
      options.overrides = values.map { "\($0.key)=\($0.value)" }
      var svgOptions = options
      svgOptions.format = .svg
      let svg = try #require(Support.compile(source, svgOptions).output, "\(name)")
      let file = dir.appendingPathComponent("\(name).svg")
      try Data(svg).write(to: file)
      files.append(file.path)
      ours[name] = try #require(RasterSupport.badgec(source, options), "\(name)")
    }
    let run = try Support.run(
      python, [Support.url("Tests/BadgeKitTests/Browser/svg_screenshot.py").path, dir.path] + files)
    #expect(run.status == 0, "\(String(decoding: run.stdout, as: UTF8.self))\n\(run.stderr)")
    for (name, image) in ours.sorted(by: { $0.key < $1.key }) {
      let ppm = try Support.run(pngtopnm, [dir.appendingPathComponent("\(name).png").path])
      let theirs = try #require(RGBImage(ppm: Array(ppm.stdout)), "\(name): no screenshot")
      try RasterSupport.expectClose(name, ours: image, theirs: theirs, by: "chromium", mean: 1, fraction: 0.995)
    }
  }
}
