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
  /// `zoom`; nil when the tool is missing (a failure under CI=true).
  static func render(
    _ svg: String, tool: String = "rsvg-convert", zoom: Double = 1, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> RGBImage? {
    let found = Support.tool(tool, sourceLocation: sourceLocation)
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

  /// Whether to print measurements (BADGEC_SVG_REPORT=1).
  static var report: Bool { ProcessInfo.processInfo.environment["BADGEC_SVG_REPORT"] == "1" }

  /// The renderers to check against: rsvg-convert and resvg (each skipped
  /// when missing, except under CI=true, where `.ci/run` installs both).
  static var renderers: [String] { ["rsvg-convert", "resvg"] }

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
  /// The channels of the pixel at column `x`, row `y`; -1s outside the
  /// image (which no check takes for a colour).
  func pixel(_ x: Int, _ y: Int) -> [Int] {
    guard x >= 0, y >= 0, x < width, y < height else { return [-1, -1, -1] }
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

  /// With BADGEC_SVG_DUMP=folder, writes the scene with every construct
  /// there as everything.svg, for a look.
  @Test func dump() throws {
    guard let dir = ProcessInfo.processInfo.environment["BADGEC_SVG_DUMP"] else { return }
    try Data(SVGScenes.svg(SVGScenes.everything).utf8).write(to: URL(fileURLWithPath: dir + "/everything.svg"))
  }
}

extension SVGSceneTests {
  typealias S = SVGScenes

  /// One of each construct, small enough to read.
  static var small: Scene {
    let stroke = StrokeStyle(width: 2, cap: .round, join: .miter, miterLimit: 10, dash: [3, 1], dashPhase: 1)
    let line = ScenePath([.move(Point(0, 0)), .line(Point(10, 5))])
    let radial = RadialGradient(stops: S.stops([S.red, S.blue]), center: Point(5, 5), startRadius: 2, endRadius: 5)
    return Scene(
      name: "Small", size: Size(40, 30),
      nodes: [
        S.fill(
          line, .solid(RGBA(r: 1, g: 0, b: 0, a: 0.5)), Transform(a: 1.5, b: 0, c: 0, d: 1.5, tx: 2, ty: 3),
          opacity: 0.8, stroke: stroke),
        S.fill(line, .solid(S.black), Transform(a: 2, b: 0.5, c: 0, d: 1, tx: 2, ty: 3), stroke: StrokeStyle(width: 1)),
        S.fill(S.rect(0, 0, 10, 10), .radial(radial), .translation(20, 0)),
        .clip(
          [ClipPath(path: S.rect(0, 0, 5, 5), transform: .translation(1, 1), rule: .evenOdd)],
          children: [S.fill(S.rect(0, 0, 10, 10), .solid(S.blue))]),
        .mask(
          [S.fill(S.rect(0, 0, 10, 10), .solid(RGBA(r: 0, g: 0, b: 0, a: 0.5)))],
          children: [S.fill(S.rect(0, 0, 20, 20), .solid(S.blue))]),
        .shadow(
          Shadow(color: RGBA(r: 0, g: 0, b: 0, a: 0.25), sigma: Point(2, 1), offset: Point(1, 2)),
          children: [S.fill(S.rect(10, 10, 5, 5), .solid(S.red))]),
        .blur(sigma: Point(1.5, 1.5), children: [S.fill(S.rect(20, 20, 5, 5), .solid(S.red))]),
      ])
  }

  /// The exact text: a stroke through a similarity (width and dashes
  /// scaled, in canvas coordinates) and through a skew (in its frame,
  /// scaled, under matrix()), a radial gradient whose start radius moved
  /// its first stop, a clip, a mask (its content white, alpha kept), a
  /// shadow and a blur over regions holding their spread.
  @Test func smallSceneText() {
    let expected = """
      <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
        <title>Small</title>
        <defs>
          <radialGradient id="g0" gradientUnits="userSpaceOnUse" cx="25" cy="5" r="5">
            <stop offset="0.4" stop-color="#ff0000"/>
            <stop offset="1" stop-color="#0000ff"/>
          </radialGradient>
          <clipPath id="c0" clipPathUnits="userSpaceOnUse">
            <path d="M1 1L6 1L6 6L1 6Z" clip-rule="evenodd"/>
          </clipPath>
          <mask id="m0" maskUnits="userSpaceOnUse" x="-1" y="-1" width="12" height="12">
            <path d="M0 0L10 0L10 10L0 10Z" fill="#ffffff" fill-opacity="0.5"/>
          </mask>
          <filter id="f0" filterUnits="userSpaceOnUse" x="3" y="6" width="20" height="15" color-interpolation-filters="sRGB">
            <feGaussianBlur in="SourceAlpha" stdDeviation="2 1"/>
            <feOffset dx="1" dy="2" result="shadow"/>
            <feFlood flood-color="#000000" flood-opacity="0.25"/>
            <feComposite in2="shadow" operator="in"/>
            <feMerge>
              <feMergeNode/>
              <feMergeNode in="SourceGraphic"/>
            </feMerge>
          </filter>
          <filter id="f1" filterUnits="userSpaceOnUse" x="14.5" y="14.5" width="16" height="16" color-interpolation-filters="sRGB">
            <feGaussianBlur in="SourceGraphic" stdDeviation="1.5 1.5"/>
          </filter>
        </defs>
        <path d="M2 3L17 10.5" fill="none" stroke="#ff0000" stroke-opacity="0.4" stroke-width="3" stroke-linecap="round" stroke-miterlimit="10" stroke-dasharray="4.5 1.5" stroke-dashoffset="1.5"/>
        <path d="M0 0L20.79 10.417" transform="matrix(0.962 0.24 0 0.481 2 3)" fill="none" stroke="#000000" stroke-width="2.08" stroke-miterlimit="10"/>
        <path d="M20 0L30 0L30 10L20 10Z" fill="url(#g0)"/>
        <g clip-path="url(#c0)">
          <path d="M0 0L10 0L10 10L0 10Z" fill="#0000ff"/>
        </g>
        <g mask="url(#m0)">
          <path d="M0 0L20 0L20 20L0 20Z" fill="#0000ff"/>
        </g>
        <g filter="url(#f0)">
          <path d="M10 10L15 10L15 15L10 15Z" fill="#ff0000"/>
        </g>
        <g filter="url(#f1)">
          <path d="M20 20L25 20L25 25L20 25Z" fill="#ff0000"/>
        </g>
      </svg>

      """
    #expect(S.svg(SVGSceneTests.small) == expected)
  }

  @Test func identicalDefinitionsAreWrittenOnce() {
    let linear = LinearGradient(stops: S.stops([S.red, S.blue]), start: Point(0, 0), end: Point(10, 0))
    let clip = [ClipPath(path: S.circle(5, 5, 5), transform: .identity, rule: .nonZero)]
    let shadow = Shadow(color: S.black, sigma: Point(1, 1), offset: Point(1, 1))
    let mask = [S.fill(S.circle(5, 5, 4), .solid(S.red))]
    let svg = S.svg(
      Scene(
        name: "Twice", size: Size(20, 20),
        nodes: [
          S.fill(S.rect(0, 0, 10, 10), .linear(linear)), S.fill(S.rect(0, 0, 10, 10), .linear(linear)),
          .clip(clip, children: [S.fill(S.rect(0, 0, 10, 10), .solid(S.red))]),
          .clip(clip, children: [S.fill(S.rect(0, 0, 5, 10), .solid(S.blue))]),
          .shadow(shadow, children: [S.fill(S.rect(0, 0, 10, 10), .solid(S.red))]),
          .shadow(shadow, children: [S.fill(S.rect(0, 0, 10, 10), .solid(S.blue))]),
          .mask(mask, children: [S.fill(S.rect(0, 0, 10, 10), .solid(S.red))]),
          .mask(mask, children: [S.fill(S.rect(5, 5, 10, 10), .solid(S.blue))]),
        ]))
    for element in ["<linearGradient", "<clipPath", "<filter", "<mask"] {
      #expect(svg.components(separatedBy: element).count - 1 == 1, "\(element)")
    }
    #expect(svg.components(separatedBy: "url(#g0)").count - 1 == 2)
    #expect(svg.components(separatedBy: "url(#c0)").count - 1 == 2)
    #expect(svg.components(separatedBy: "url(#f0)").count - 1 == 2)
    #expect(svg.components(separatedBy: "url(#m0)").count - 1 == 2)
    #expect(SVGInertness.problems(in: Array(svg.utf8)) == [])
  }

  /// A path drawn in a mask's content and outside it shares one
  /// definition: the `<use>` in the mask is white, the other keeps its
  /// colour.
  @Test func maskContentSharesPathsWhite() {
    let star = ScenePath(
      (0..<40).map { k -> PathElement in
        let r = k % 2 == 0 ? 10.0 : 4
        let a = Double(k) * .pi / 20
        let p = Point(r * cos(a), r * sin(a))
        return k == 0 ? .move(p) : .line(p)
      } + [.close])
    let svg = S.svg(
      Scene(
        name: "Stars", size: Size(60, 30),
        nodes: [
          .mask(
            [S.fill(star, .solid(S.red), .translation(15, 15)), S.fill(star, .solid(S.red), .translation(45, 15))],
            children: [S.fill(S.rect(0, 0, 60, 30), .solid(S.blue))]),
          S.fill(star, .solid(S.red), .translation(15, 15)),
        ]))
    #expect(svg.components(separatedBy: "<use ").count - 1 == 3)
    #expect(svg.contains("<use xlink:href=\"#p0\" transform=\"translate(45 15)\" fill=\"#ffffff\"/>"))
    #expect(svg.contains("<use xlink:href=\"#p0\" transform=\"translate(15 15)\" fill=\"#ff0000\"/>"))
    #expect(SVGInertness.problems(in: Array(svg.utf8)) == [])
  }

  /// The limit counts definitions too: every limit under the document's
  /// size gives nil, and the size itself the document.
  @Test func limitHoldsForEveryConstruct() {
    for scene in [SVGSceneTests.small, S.everything] {
      let full = S.svg(scene)
      let size = full.utf8.count
      #expect(SVGWriter().write(scene, limit: size) == full)
      for limit in [size - 1, size / 2, size / 10, 200, 0] {
        #expect(SVGWriter().write(scene, limit: limit) == nil, "\(scene.name) at \(limit)")
      }
    }
    // Definitions alone past the limit: a small body over a large mask.
    let big = ScenePath([.move(Point(0, 0))] + (1...2000).map { .line(Point(Double($0 % 50), Double($0 / 50))) })
    let scene = Scene(
      name: "M", size: Size(50, 50),
      nodes: [.mask([S.fill(big, .solid(S.red))], children: [S.fill(S.rect(0, 0, 9, 9), .solid(S.blue))])])
    #expect(SVGWriter().write(scene, limit: 4000) == nil)
    #expect(SVGWriter().write(scene, limit: 40000) != nil)
  }
}
