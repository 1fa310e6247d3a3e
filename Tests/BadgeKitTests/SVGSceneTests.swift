// SVG writer tests on scenes built in Swift (the language cannot write
// strokes, radial and conic paints, clips, masks, shadows or blurs yet):
// every construct is well-formed (xmllint), inert (SVGInertness), byte-
// stable, held to three decimals and to the size limit. `SVGScenes` builds
// the scenes and renders SVG text with rsvg-convert or resvg.
import Foundation
import Testing

@testable import BadgeKit

/// Scenes for the SVG tests, and renders of their SVG.
enum SVGScenes {
  static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ScenePath {
    ScenePath([.move(Point(x, y)), .line(Point(x + w, y)), .line(Point(x + w, y + h)), .line(Point(x, y + h)), .close])
  }

  /// A circle of four cubics.
  static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> ScenePath {
    let k = 0.5522847498 * r
    return ScenePath([
      .move(Point(cx + r, cy)), .cubic(c1: Point(cx + r, cy + k), c2: Point(cx + k, cy + r), to: Point(cx, cy + r)),
      .cubic(c1: Point(cx - k, cy + r), c2: Point(cx - r, cy + k), to: Point(cx - r, cy)),
      .cubic(c1: Point(cx - r, cy - k), c2: Point(cx - k, cy - r), to: Point(cx, cy - r)),
      .cubic(c1: Point(cx + k, cy - r), c2: Point(cx + r, cy - k), to: Point(cx + r, cy)), .close,
    ])
  }

  static func fill(
    _ path: ScenePath, _ paint: Paint, _ t: Transform = .identity, opacity: Double = 1, rule: FillRule = .nonZero,
    stroke: StrokeStyle? = nil
  ) -> SceneNode {
    .fill(Fill(path: path, transform: t, paint: paint, opacity: opacity, rule: rule, stroke: stroke))
  }

  static let red = RGBA(r: 1, g: 0, b: 0)
  static let blue = RGBA(r: 0, g: 0, b: 1)
  static let black = RGBA(r: 0, g: 0, b: 0)

  /// Stops of `colours` spread evenly from 0 to 1.
  static func stops(_ colours: [RGBA]) -> [GradientStop] {
    colours.enumerated().map {
      GradientStop(color: $0.element, location: Double($0.offset) / Double(colours.count - 1))
    }
  }

  static let rainbow = stops([
    RGBA(r: 1, g: 0, b: 0), RGBA(r: 1, g: 1, b: 0), RGBA(r: 0, g: 1, b: 0), RGBA(r: 0, g: 1, b: 1),
    RGBA(r: 0, g: 0, b: 1), RGBA(r: 1, g: 0, b: 1), RGBA(r: 1, g: 0, b: 0),
  ])

  /// A scene with every construct the writer has, each more than once.
  static var everything: Scene {
    let conic = ConicGradient(stops: rainbow, center: Point(40, 40), startAngle: 0.3, endAngle: 0.3 + 2 * .pi)
    let fading = ConicGradient(
      stops: [GradientStop(color: red, location: 0), GradientStop(color: RGBA(r: 0, g: 0, b: 1, a: 0.2), location: 1)],
      center: Point(20, 20), startAngle: -1, endAngle: 2)
    let radial = RadialGradient(stops: stops([red, blue]), center: Point(20, 20), startRadius: 5, endRadius: 20)
    let linear = LinearGradient(stops: stops([red, blue]), start: Point(0, 0), end: Point(40, 0))
    let skew = Transform(a: 1.2, b: 0.3, c: -0.4, d: 0.8, tx: 100, ty: 10)
    let dashed = StrokeStyle(width: 3, cap: .round, join: .bevel, dash: [6, 2, 1], dashPhase: 2)
    let square = circle(8, 8, 8)
    return Scene(
      name: "Everything & <more>", size: Size(200, 160),
      nodes: [
        fill(rect(0, 0, 80, 80), .conic(conic)),
        fill(circle(20, 20, 18), .conic(fading), .translation(100, 0), stroke: StrokeStyle(width: 4)),
        fill(circle(20, 20, 18), .radial(radial), .translation(0, 90)),
        fill(circle(20, 20, 18), .radial(radial), skew, stroke: dashed),
        fill(circle(20, 20, 18), .radial(radial), Transform(a: 0.6, b: 0.2, c: -0.3, d: 0.4, tx: 150, ty: 50)),
        fill(rect(0, 0, 40, 20), .linear(linear), skew, opacity: 0.5, stroke: StrokeStyle(width: 2, miterLimit: 3)),
        fill(square, .solid(blue), .translation(150, 100), stroke: StrokeStyle(width: 1.5, join: .round)),
        fill(square, .solid(blue), .translation(170, 100)),
        .clip(
          [ClipPath(path: circle(60, 120, 20), transform: .identity, rule: .evenOdd)],
          children: [
            .clip(
              [ClipPath(path: rect(40, 100, 30, 30), transform: .identity, rule: .nonZero)],
              children: [fill(rect(30, 90, 60, 60), .solid(red))])
          ]),
        .mask(
          [
            fill(
              rect(90, 90, 50, 50),
              .linear(
                LinearGradient(
                  stops: stops([black, RGBA(r: 0, g: 0, b: 0, a: 0)]), start: Point(90, 0), end: Point(140, 0)))),
            fill(square, .solid(red), .translation(150, 130), opacity: 0.5),
            fill(rect(0, 0, 30, 30), .conic(fading), .translation(90, 90)),
          ],
          children: [fill(rect(90, 90, 80, 60), .solid(blue))]),
        .shadow(
          Shadow(color: RGBA(r: 0, g: 0, b: 0, a: 0.5), sigma: Point(3, 1), offset: Point(4, 5)),
          children: [
            fill(rect(10, 130, 20, 20), .solid(red)),
            .blur(sigma: Point(2, 2), children: [fill(circle(40, 140, 5), .solid(blue))]),
          ]),
        .shadow(Shadow(color: blue, sigma: Point(0, 0), offset: Point(2, 2)), children: [fill(square, .solid(red))]),
        .layer(
          opacity: 0.5,
          children: [.blur(sigma: Point(0, 4), children: [fill(rect(180, 10, 10, 40), .solid(black))])]),
      ])
  }

  static func svg(_ scene: Scene) -> String { SVGWriter().write(scene) }

  /// `svg` rendered over white by `tool` ("rsvg-convert" or "resvg") at
  /// `zoom`; nil when the tool is missing (a failure under CI=true for
  /// rsvg-convert; resvg is optional everywhere).
  static func render(
    _ svg: String, tool: String = "rsvg-convert", zoom: Double = 1, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> RGBImage? {
    let found = tool == "resvg" ? SVGScenes.optionalTool(tool) : Support.tool(tool, sourceLocation: sourceLocation)
    guard let renderer = found, let pngtopnm = Support.tool("pngtopnm", sourceLocation: sourceLocation) else {
      return nil
    }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let svgFile = dir.appendingPathComponent("in.svg")
    let pngFile = dir.appendingPathComponent("out.png")
    try Data(svg.utf8).write(to: svgFile)
    let arguments =
      tool == "resvg"
      ? ["--background", "white", "-z", String(zoom), svgFile.path, pngFile.path]
      : ["-b", "white", "-z", String(zoom), "-o", pngFile.path, svgFile.path]
    let run = try Support.run(renderer, arguments)
    #expect(run.status == 0, "\(tool): \(run.stderr)", sourceLocation: sourceLocation)
    let ppm = try Support.run(pngtopnm, [pngFile.path])
    #expect(ppm.status == 0, "pngtopnm: \(ppm.stderr)", sourceLocation: sourceLocation)
    return RGBImage(ppm: Array(ppm.stdout))
  }

  /// The path of a tool the tests use when it is there (resvg, which
  /// `pip install resvg-cli` provides), or nil.
  static func optionalTool(_ name: String) -> URL? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// Whether to print measurements (BADGEC_SVG_REPORT=1).
  static var report: Bool { ProcessInfo.processInfo.environment["BADGEC_SVG_REPORT"] == "1" }

  /// The renderers to check against: rsvg-convert, and resvg when found.
  static var renderers: [String] { ["rsvg-convert"] + (optionalTool("resvg") != nil ? ["resvg"] : []) }

  /// Writes `image` (and the SVG) to `.build/raster-test-output` for a
  /// look when a check failed.
  static func keep(_ name: String, _ svg: String, _ images: [(String, RGBImage)]) {
    let dir = RasterSupport.artifacts
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try? Data(svg.utf8).write(to: dir.appendingPathComponent("\(name).svg"))
    for (suffix, image) in images {
      try? Data(image.ppm).write(to: dir.appendingPathComponent("\(name).\(suffix).ppm"))
    }
  }
}

extension RGBImage {
  /// The channels of the pixel at column `x`, row `y`.
  func pixel(_ x: Int, _ y: Int) -> [Int] {
    let i = 3 * (y * width + x)
    return [Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2])]
  }
}

struct SVGSceneTests {
  @Test func everyConstructIsWrittenAndInert() throws {
    let svg = SVGScenes.svg(SVGScenes.everything)
    #expect(SVGInertness.problems(in: Array(svg.utf8)) == [])
    for element in [
      "<radialGradient", "<clipPath", "<mask", "<filter", "feGaussianBlur in=\"SourceAlpha\"",
      "feGaussianBlur in=\"SourceGraphic\"", "stroke-dasharray", "transform=\"matrix(", "gradientTransform=\"matrix(",
      "<use", "clip-path=", "mask=\"url(#", "filter=\"url(#",
    ] {
      #expect(svg.contains(element), "\(element)")
    }
  }

  @Test func xmllintAcceptsEveryConstruct() throws {
    guard let xmllint = Support.tool("xmllint") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("everything.svg")
    try Data(SVGScenes.svg(SVGScenes.everything).utf8).write(to: file)
    let run = try Support.run(xmllint, ["--noout", file.path])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
  }

  @Test func sameSceneSameBytes() {
    #expect(SVGScenes.svg(SVGScenes.everything) == SVGScenes.svg(SVGScenes.everything))
  }

  @Test func numbersHaveAtMostThreeDecimals() {
    let svg = SVGScenes.svg(SVGScenes.everything)
    #expect(!svg.contains("nan") && !svg.contains("inf"))
    #expect(svg.range(of: #"\d\.\d{4}"#, options: .regularExpression) == nil)
    // No exponents (colours aside: #3e3e3e is no number).
    let numbers = svg.replacingOccurrences(of: #"#[0-9a-f]{6}"#, with: "", options: .regularExpression)
    #expect(numbers.range(of: #"\de[+-]?\d"#, options: .regularExpression) == nil)
  }

  @Test func dump() throws {
    guard let dir = ProcessInfo.processInfo.environment["BADGEC_SVG_DUMP"] else { return }
    try Data(SVGScenes.svg(SVGScenes.everything).utf8).write(to: URL(fileURLWithPath: dir + "/everything.svg"))
  }
}
