// SwiftUI's blend modes: the W3C formulas against values worked out by
// hand, the raster's flat colours against them, the scene of every mode
// over translucent backdrops with blends kept inside a clip and a
// compositing group (drawn beside resvg, rsvg-convert and Chromium in
// EffectSceneComparisonTests), the PDF drawn by MuPDF and Poppler, SwiftUI's
// code of them, the formats that refuse them, and thousands of blended
// shapes (mistakes: EffectMistakeTests).
import Foundation
import Testing

@testable import BadgeKit

struct BlendModeTests {
  /// Every mode SVG can say, and `normal`, each in a cell of 50 points: a
  /// blue backdrop with a translucent orange bar, under a translucent
  /// circle and a gradient bar blended as one group; then a blend inside
  /// a clipped group and one inside a compositing group, which blend with
  /// what the group holds only.
  static let scene: String = {
    let modes = BlendMode.allCases.map(\.rawValue) + ["normal"]
    let cells = modes.map { mode in
      """
          zstack {
            rect().fill(rgb(48, 128, 192))
            rect().fill(rgb(224, 160, 32).opacity(0.7)).frame(width: 25, height: 40).offset(x: -7.5)
            zstack {
              circle().fill(rgb(192, 48, 96).opacity(0.8)).frame(width: 36, height: 36).offset(x: 5)
              rect().fill(linear(rgb(96, 208, 160), rgb(250, 250, 250))).frame(width: 28, height: 18).offset(x: 9, y: 14)
            }
            .blendMode(\(mode))
          }
          .frame(width: 50, height: 50)
      """
    }
    var rows: [String] = []
    for r in 0..<4 {
      rows.append("    hstack(spacing: 10) {\n" + cells[(r * 4)..<(r * 4 + 4)].joined(separator: "\n") + "\n    }")
    }
    let clipped = """
          hstack(spacing: 10) {
            zstack {
              rect().fill(yellow)
              zstack {
                rect().fill(rgb(40, 40, 160)).frame(width: 30, height: 30)
                circle().fill(white).frame(width: 30, height: 30).offset(x: 10, y: 10).blendMode(difference)
              }
              .clipShape(circle())
            }
            .frame(width: 50, height: 50)
            zstack {
              rect().fill(yellow)
              zstack {
                rect().fill(rgb(40, 40, 160)).frame(width: 30, height: 30)
                circle().fill(white).frame(width: 30, height: 30).offset(x: 10, y: 10).blendMode(difference)
              }
              .compositingGroup()
            }
            .frame(width: 50, height: 50)
          }
      """
    return "badge Blends size 230, 290 {\n  vstack(spacing: 10) {\n" + rows.joined(separator: "\n") + "\n" + clipped
      + "\n  }\n}\n"
  }()

  /// `mode` of backdrop `b` and source `s`, within a millionth of `expected`.
  static func expect(
    _ mode: BlendMode, _ b: (Double, Double, Double), _ s: (Double, Double, Double),
    _ expected: (Double, Double, Double), sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let got = mode.blend(b, s)
    let pairs = [(got.0, expected.0), (got.1, expected.1), (got.2, expected.2)]
    #expect(
      pairs.allSatisfy { abs($0.0 - $0.1) < 1e-6 }, "\(mode): \(got) is not \(expected)",
      sourceLocation: sourceLocation)
  }

  /// Each formula on colours whose result is known without it.
  @Test func formulasGiveTheSpecificationsValues() {
    let b = (0.5, 0.2, 1.0)
    let s = (0.4, 1.0, 0.5)
    BlendModeTests.expect(.multiply, b, s, (0.2, 0.2, 0.5))
    BlendModeTests.expect(.screen, b, s, (0.7, 1, 1))
    BlendModeTests.expect(.darken, b, s, (0.4, 0.2, 0.5))
    BlendModeTests.expect(.lighten, b, s, (0.5, 1, 1))
    BlendModeTests.expect(.difference, b, s, (0.1, 0.8, 0.5))
    // b + s − 2bs.
    BlendModeTests.expect(.exclusion, b, s, (0.5, 0.8, 0.5))
    // Hard light: s ≤ ½ multiplies by 2s, else screens with 2s − 1.
    BlendModeTests.expect(.hardLight, b, s, (0.4, 1, 1))
    // Overlay is hard light with the two swapped: b = 0.2 ≤ ½ gives
    // 2 · 0.2 · 1; b = 1 screens.
    BlendModeTests.expect(.overlay, b, s, (0.4, 0.4, 1))
    // Dodge: b / (1 − s), at most 1; 0 stays 0. Burn: 1 − (1 − b) / s.
    BlendModeTests.expect(.colorDodge, (0.3, 0, 0.6), (0.5, 0.9, 0.5), (0.6, 0, 1))
    BlendModeTests.expect(.colorBurn, (0.8, 1, 0.2), (0.5, 0, 0.1), (0.6, 1, 0))
    // Soft light: s ≤ ½ gives b − (1 − 2s)·b·(1 − b); above, with D(b) =
    // √b for b > ¼ and ((16b − 12)b + 4)b below.
    BlendModeTests.expect(.softLight, (0.25, 0.64, 0.1), (0.25, 1, 1), (0.15625, 0.8, 0.296))
    // Colour: the source's hue and saturation at the backdrop's
    // luminosity (0.5): (1.2, 0.2, 0.2) clipped into range about 0.5.
    BlendModeTests.expect(.color, (0.5, 0.5, 0.5), (1, 0, 0), (1, 0.5 - 0.3 * 0.5 / 0.7, 0.5 - 0.3 * 0.5 / 0.7))
    // Luminosity: a grey backdrop takes the source's luminosity.
    BlendModeTests.expect(.luminosity, (0.2, 0.2, 0.2), (1, 0, 0), (0.3, 0.3, 0.3))
    // Hue of a grey source: no saturation to give, the backdrop's
    // luminosity (0.34) kept. Saturation of a grey backdrop: stays grey.
    BlendModeTests.expect(.hue, (0.9, 0.1, 0.1), (0.5, 0.5, 0.5), (0.34, 0.34, 0.34))
    BlendModeTests.expect(.saturation, (0.4, 0.4, 0.4), (1, 0, 0), (0.4, 0.4, 0.4))
    // Saturation: the backdrop's hue with red's full saturation, (1, 0,
    // 0), at its luminosity 0.3 · 0.6 + 0.59 · 0.3 + 0.11 · 0.3 = 0.39:
    // (1.09, 0.09, 0.09), clipped about 0.39 into range.
    let k = 0.61 / 0.7
    BlendModeTests.expect(.saturation, (0.6, 0.3, 0.3), (1, 0, 0), (1, 0.39 - 0.3 * k, 0.39 - 0.3 * k))
  }

  /// Premultiplied compositing: a half-transparent red multiplied onto
  /// opaque blue is blue's half (the blend of red and blue is black);
  /// onto a clear backdrop the source is drawn as it is.
  @Test func compositingFollowsTheSpecification() {
    let o = BlendMode.multiply.composite((0.5, 0, 0), 0.5, onto: (0, 0, 1), 1)
    #expect(abs(o.r) < 1e-9 && abs(o.g) < 1e-9 && abs(o.b - 0.5) < 1e-9 && abs(o.a - 1) < 1e-9, "\(o)")
    let clear = BlendMode.screen.composite((0.2, 0.3, 0.1), 0.4, onto: (0, 0, 0), 0)
    #expect(clear.r == 0.2 && clear.g == 0.3 && clear.b == 0.1 && clear.a == 0.4)
  }

  /// The raster's flat colours: opaque squares multiplied, screened and
  /// differenced onto opaque grey, within a level of the formula.
  @Test func theRasterBlendsFlatColours() throws {
    let source = """
      badge B size 30, 10 {
        rect().fill(rgb(128, 128, 128))
        hstack(spacing: 0) {
          rect().fill(rgb(255, 102, 51)).frame(width: 10, height: 10).blendMode(multiply)
          rect().fill(rgb(255, 102, 51)).frame(width: 10, height: 10).blendMode(screen)
          rect().fill(rgb(255, 102, 51)).frame(width: 10, height: 10).blendMode(difference)
        }
      }
      """
    var options = CompileOptions()
    options.format = .ppm
    let image = try #require(RasterSupport.badgec(source, options))
    func at(_ x: Int) -> [Int] { (0..<3).map { Int(image.bytes[3 * (5 * image.width + x) + $0]) } }
    let g = 128.0 / 255
    func expected(_ f: (Double, Double) -> Double) -> [Int] {
      [255.0, 102, 51].map { Int((f(g, $0 / 255) * 255).rounded()) }
    }
    for (x, f) in [(5, { (b: Double, s: Double) in b * s }), (15, { $0 + $1 - $0 * $1 }), (25, { abs($0 - $1) })] {
      let want = expected(f)
      #expect(zip(at(x), want).allSatisfy { abs($0 - $1) <= 1 }, "pixel \(x): \(at(x)), expected \(want)")
    }
  }

  /// The SVG names each mode as CSS does; in a mask's content (whitened,
  /// where only alpha counts) the blend is left out.
  @Test func theSVGNamesTheModes() throws {
    let svg = String(
      decoding: try #require(Support.output(BlendModeTests.scene, as: .svg, CompileOptions())), as: UTF8.self)
    for css in ["multiply", "color-dodge", "color-burn", "soft-light", "hard-light", "luminosity"] {
      #expect(svg.contains("<g style=\"mix-blend-mode:\(css)\">"), "\(css)")
    }
    #expect(!svg.contains("mix-blend-mode:normal"))
    let masked = String(
      decoding: try #require(
        Support.output(
          "badge B size 40 {\n  rect().fill(red).mask { circle().fill(white).blendMode(difference) }\n}\n", as: .svg,
          CompileOptions())), as: UTF8.self)
    #expect(!masked.contains("mix-blend-mode"), "\(masked)")
  }

  /// MuPDF draws every mode as the raster does; Poppler the separable
  /// ones (its hue and saturation differ from the specification's, and
  /// from MuPDF, resvg, rsvg-convert and Chromium).
  @Test func drawnInThePDF() throws {
    var options = CompileOptions(raster: RasterOptions(scale: 2))
    options.format = .pdf
    try PDFSupport.check("blend-modes", BlendModeTests.scene, options, mean: 1.5, fraction: ["mutool": 0.99])
    let separable = BlendModeTests.scene.replacingOccurrences(of: ".blendMode(hue)", with: ".blendMode(multiply)")
      .replacingOccurrences(of: ".blendMode(saturation)", with: ".blendMode(screen)")
    try PDFSupport.check("blend-modes-separable", separable, options, mean: 1.5, fraction: ["pdftoppm": 0.98])
    let pdf = try #require(PDFSupport.pdf(BlendModeTests.scene, options))
    let text = String(decoding: pdf, as: UTF8.self)
    #expect(text.contains("/BM /ColorDodge") && text.contains("/BM /Luminosity"))
  }

  /// SwiftUI's code: `.blendMode` on each shape, after a compositing group
  /// for several, and the badge a compositing group of its own (so that
  /// it blends with itself only); drawn as the badge; a changed mode is
  /// seen.
  @Test func swiftUIsBlendMode() throws {
    let source = """
      badge B size 120 {
        rect().fill(linear(rgb(40, 120, 200), rgb(240, 200, 60), start: leading, end: trailing))
        circle().fill(rgb(200, 40, 90)).frame(width: 60, height: 60).offset(x: -20).blendMode(.multiply)
        zstack {
          rect().fill(red).frame(width: 40, height: 40)
          rect().fill(blue).frame(width: 40, height: 40).offset(x: 20, y: 20)
        }
        .offset(x: 10)
        .blendMode(difference)
      }
      """
    let code = try SwiftUIDrawing.expectDrawnAlike(source, name: "blend", mean: 1, fraction: 0.995)
    #expect(
      code.contains(".blendMode(.multiply)") && code.contains(".compositingGroup()\n      .blendMode(.difference)"))
    #expect(code.contains(".frame(width: 120, height: 120)\n    .compositingGroup()"), "\(code)")
    let changed = code.replacingOccurrences(of: ".blendMode(.multiply)", with: ".blendMode(.screen)")
    try #require(changed != code)
    if let mean = try SwiftUIDrawing.difference(of: changed, from: source, size: Size(120, 120)) {
      #expect(mean > 1, "a screened circle drew within \(mean)/255 of the multiplied one")
    }
    if let errors = try SwiftUISupport.typeCheckErrors(code, name: "blend") { Issue.record("\(errors)\n\(code)") }
    // A blend inside an overlay's content makes the badge a group too.
    var options = CompileOptions()
    options.importPaths = [Support.url("samples").path]
    let achievement = try #require(SwiftUISupport.code(try Support.read("samples/achievement.badge"), options))
    #expect(achievement.contains(".blendMode(.overlay)"))
    #expect(achievement.contains(".frame(width: 300, height: 300)\n    .compositingGroup()"), "\(achievement)")
  }

  @Test(arguments: [
    (OutputFormat.vectordrawable, "VectorDrawable cannot draw a blend mode"), (.symbol, "a blend mode"),
  ])
  func formatsWithoutBlendingSayWhere(_ format: OutputFormat, _ message: String) {
    let result = Support.compile(
      "let weight = \"regular\"\nbadge B size 40 {\n  rect().fill(black)\n  circle().fill(black).blendMode(multiply)\n}\n",
      CompileOptions(format: format))
    #expect(result.output == nil)
    #expect(result.renderedDiagnostics.contains(message), "\(result.renderedDiagnostics)")
    #expect(result.renderedDiagnostics.contains("test.badge:4:"), "\(result.renderedDiagnostics)")
  }

  /// `.compositingGroup()` keeps a blend inside to what the group holds:
  /// the white circle's part beyond the blue square is white (over the
  /// group's clear backdrop), not the difference of white and yellow; its
  /// part over the square is the difference of white and blue. Without
  /// the group it is the difference with yellow. Written as an isolated
  /// group in the SVG; left out where nothing inside blends.
  @Test func aCompositingGroupIsolatesItsBlends() throws {
    func source(_ group: String) -> String {
      """
      badge B size 50 {
        rect().fill(rgb(255, 204, 0))
        zstack {
          rect().fill(rgb(40, 40, 160)).frame(width: 30, height: 30)
          circle().fill(white).frame(width: 30, height: 30).offset(x: 10, y: 10).blendMode(difference)
        }
        \(group)
      }
      """
    }
    var options = CompileOptions()
    options.format = .ppm
    for (group, beyond) in [(".compositingGroup()", [255, 255, 255]), ("", [0, 51, 255])] {
      let image = try #require(RasterSupport.badgec(source(group), options))
      func at(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(image.bytes[3 * (y * 50 + x) + $0]) } }
      #expect(at(42, 35) == beyond, "\(group): \(at(42, 35))")
      #expect(at(30, 30) == [215, 215, 95], "\(group): \(at(30, 30))")
    }
    let svg = String(
      decoding: try #require(Support.output(source(".compositingGroup()"), as: .svg, CompileOptions())), as: UTF8.self)
    #expect(svg.contains("<g style=\"isolation:isolate\">"), "\(svg)")
    let plain = try #require(
      Support.compile("badge B size 40 {\n  zstack { circle().fill(red) }.compositingGroup()\n}\n").scene)
    guard case .fill = plain.nodes.first else {
      Issue.record("\(plain.nodes)")
      return
    }
  }

  /// `normal` is drawing over, as without the modifier.
  @Test func normalIsLeftOut() throws {
    let scene = try #require(
      Support.compile("badge B size 40 {\n  circle().fill(red).blendMode(normal)\n}\n").scene)
    guard case .fill = scene.nodes.first else {
      Issue.record("\(scene.nodes)")
      return
    }
  }

  /// Thousands of blended shapes: each a layer of its own bounds, drawn
  /// in proportion to them.
  @Test func thousandsOfBlendedShapesDraw() throws {
    let source = """
      badge B size 400 {
        rect().fill(gray)
        repeat 4000 as i {
          circle().fill(hsb(i * 1deg, 0.8, 0.9)).frame(width: 12, height: 12)
            .position(x: 6 + mod(i * 7, 388), y: 6 + mod(i * 13, 388)).blendMode(mod(i, 2) == 0 ? multiply : screen)
        }
      }
      """
    var options = CompileOptions()
    options.format = .png
    let result = Support.compile(source, options)
    #expect(!result.hasErrors, "\(result.renderedDiagnostics)")
    #expect((result.output?.count ?? 0) > 1000)
  }
}
