// SwiftUI's colour effects: the matrices against the formulas worked out
// by hand, the raster's flat colours against them, the scene of every
// effect, a luminance mask and a group of overlapping translucent shapes
// (drawn beside resvg, rsvg-convert and Chromium in
// EffectSceneComparisonTests), the SVG's filters, the effects left out
// when they change nothing, SwiftUI's code of them, and the platforms that
// refuse them (mistakes: EffectMistakeTests).
import Foundation
import Testing

@testable import BadgeKit

struct ColorEffectTests {
  /// `m` applied to `c`, within a millionth of `expected`.
  static func expect(
    _ m: ColorMatrix, _ c: (Double, Double, Double, Double), _ expected: (Double, Double, Double, Double),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let got = m.apply(c)
    let pairs = [(got.0, expected.0), (got.1, expected.1), (got.2, expected.2), (got.3, expected.3)]
    #expect(pairs.allSatisfy { abs($0.0 - $0.1) < 1e-6 }, "\(got) is not \(expected)", sourceLocation: sourceLocation)
  }

  /// Each effect on colours whose results are known without the matrix:
  /// luminance 0.2126 r + 0.7152 g + 0.0722 b.
  @Test func matricesGiveTheFormulas() {
    let red = (1.0, 0.0, 0.0, 1.0)
    // Grey at red's luminance; half saturated: l + 0.5 (c − l).
    ColorEffectTests.expect(.grayscale(1), red, (0.2126, 0.2126, 0.2126, 1))
    ColorEffectTests.expect(.saturation(0.5), red, (0.6063, 0.1063, 0.1063, 1))
    ColorEffectTests.expect(.grayscale(0.5), red, (0.6063, 0.1063, 0.1063, 1))
    ColorEffectTests.expect(.grayscale(3), red, (0.2126, 0.2126, 0.2126, 1))
    // Twice saturated: l = 0.30315 for (0.5, 0.25, 0.25); pure red's
    // channels leave 0…1 (1.7874 and −0.2126) and are clamped.
    ColorEffectTests.expect(.saturation(2), (0.5, 0.25, 0.25, 1), (0.69685, 0.19685, 0.19685, 1))
    ColorEffectTests.expect(.saturation(2), red, (1, 0, 0, 1))
    ColorEffectTests.expect(.brightness(0.2), (0.5, 0.1, 0.9, 0.4), (0.7, 0.3, 1, 0.4))
    ColorEffectTests.expect(.brightness(-1), (0.5, 0.1, 0.9, 1), (0, 0, 0, 1))
    ColorEffectTests.expect(.contrast(0.5), (1, 0, 0.5, 1), (0.75, 0.25, 0.5, 1))
    ColorEffectTests.expect(.contrast(-1), (0.2, 0.7, 1, 1), (0.8, 0.3, 0, 1))
    // A whole turn changes nothing; a grey has no hue to turn.
    ColorEffectTests.expect(.hueRotation(2 * Double.pi), (0.3, 0.6, 0.9, 1), (0.3, 0.6, 0.9, 1))
    ColorEffectTests.expect(.hueRotation(1), (0.4, 0.4, 0.4, 0.5), (0.4, 0.4, 0.4, 0.5))
    ColorEffectTests.expect(
      .multiply(RGBA(r: 1, g: 0.5, b: 0, a: 0.5)), (1, 1, 1, 1), (1, 0.5, 0, 0.5))
    ColorEffectTests.expect(.invert, (0.2, 0.4, 0.6, 0.7), (0.8, 0.6, 0.4, 0.7))
    // Luminance times alpha, in black.
    ColorEffectTests.expect(.luminanceToAlpha, (1, 1, 1, 0.5), (0, 0, 0, 0.5))
    ColorEffectTests.expect(.luminanceToAlpha, (1, 0, 0, 1), (0, 0, 0, 0.2126))
    #expect(ColorMatrix.hueRotation(0).isIdentity && ColorMatrix.grayscale(0).isIdentity)
    #expect(!ColorMatrix.luminanceToAlpha.isIdentity && !ColorMatrix.brightness(0.01).isIdentity)
  }

  /// A badge of 20-point squares in a row, each of `colour` under one of
  /// `effects`.
  static func row(_ colour: String, _ effects: [String]) -> String {
    let cells = effects.map { "    rect().fill(\(colour)).frame(width: 20, height: 20)\($0)" }
    return "badge B size \(20 * effects.count), 20 {\n  hstack(spacing: 0) {\n"
      + cells.joined(separator: "\n") + "\n  }\n}\n"
  }

  /// The raster's flat colours are the formulas' (to a byte).
  @Test func rasterFlatColoursAreTheFormulas() throws {
    // rgb(200, 100, 50): luminance (0.2126·200 + 0.7152·100 + 0.0722·50) / 255.
    let l = (0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50) / 255
    let effects: [(String, [Double])] = [
      (".grayscale(1)", [l, l, l]),
      (".saturation(0)", [l, l, l]),
      (".brightness(0.25)", [200 / 255 + 0.25, 100 / 255 + 0.25, 50 / 255 + 0.25]),
      (".contrast(2)", [1, (100 / 255 - 0.5) * 2 + 0.5, 0]),
      (".colorInvert()", [55 / 255, 155 / 255, 205 / 255]),
      (".colorMultiply(rgb(255, 128, 0))", [200 / 255, 100 / 255 * 128 / 255, 0]),
      // Black at alpha l over the white background.
      (".luminanceToAlpha()", [1 - l, 1 - l, 1 - l]),
    ]
    var options = CompileOptions(format: .ppm)
    options.raster.background = RGBA(r: 1, g: 1, b: 1, a: 1)
    let result = Support.compile(ColorEffectTests.row("rgb(200, 100, 50)", effects.map(\.0)), options)
    let image = try #require(result.output.flatMap { RGBImage(ppm: $0) }, "\(result.renderedDiagnostics)")
    for (i, (effect, rgb)) in effects.enumerated() {
      let at = (10 * image.width + 20 * i + 10) * 3
      let got = Array(image.bytes[at..<(at + 3)])
      let want = rgb.map { Int((min(max($0, 0), 1) * 255).rounded()) }
      #expect(zip(got, want).allSatisfy { abs(Int($0) - $1) <= 1 }, "\(effect): \(got), expected \(want)")
    }
  }

  /// Every effect, stacked effects on overlapping translucent shapes, a
  /// gradient turned, and a luminance mask, beside the SVG renderers.
  static let scene = """
    badge Effects size 240 {
      vstack(spacing: 0) {
        hstack(spacing: 0) {
          rect().fill(linear(red, blue)).frame(width: 60, height: 60).grayscale(0.8)
          rect().fill(linear(red, blue)).frame(width: 60, height: 60).saturation(1.8)
          rect().fill(linear(orange, teal)).frame(width: 60, height: 60).brightness(-0.3)
          rect().fill(linear(orange, teal)).frame(width: 60, height: 60).contrast(1.6)
        }
        hstack(spacing: 0) {
          rect().fill(angular(red, yellow, green, blue, red)).frame(width: 60, height: 60).hueRotation(120deg)
          circle().fill(white).frame(width: 60, height: 60).colorMultiply(pink.opacity(0.7))
          rect().fill(linear(red, blue)).frame(width: 60, height: 60).colorInvert()
          rect().fill(linear(black, white)).frame(width: 60, height: 60).luminanceToAlpha()
        }
        zstack {
          rect().fill(green).frame(width: 240, height: 60)
          rect().fill(red).frame(width: 200, height: 40)
            .mask {
              rect().fill(linear(rgb(250, 250, 250), rgb(10, 10, 10), start: leading, end: trailing))
                .luminanceToAlpha()
            }
        }
        zstack {
          circle().fill(red.opacity(0.6)).frame(width: 50, height: 50).offset(x: -12)
          circle().fill(blue.opacity(0.6)).frame(width: 50, height: 50).offset(x: 12)
        }
        .grayscale(0.7).brightness(0.2).contrast(1.5).frame(width: 240, height: 60)
      }
    }
    """

  /// One filter per effect, or per row of effects: colour matrices in sRGB
  /// over the content; luminance to alpha composited with the content's
  /// alpha; in a mask, the content's own colours (not whitened) then
  /// whitened.
  @Test func svgFilters() throws {
    let svg = String(
      decoding: try #require(Support.compile(ColorEffectTests.scene, CompileOptions()).output), as: UTF8.self)
    let filters = svg.components(separatedBy: "<filter ").dropFirst()
    // Eight effects alone, one on the mask's content, and three in a row
    // as one filter of three primitives.
    #expect(filters.count == 10)
    #expect(filters.contains { $0.components(separatedBy: "<feColorMatrix").count - 1 == 3 })
    #expect(filters.allSatisfy { $0.contains("color-interpolation-filters=\"sRGB\"") && $0.contains("feColorMatrix") })
    #expect(svg.components(separatedBy: "operator=\"in\"").count - 1 == 2)
    // (rgb(10, 10, 10) is drawn only in the mask's content.)
    #expect(svg.contains("#0a0a0a"), "the mask's content keeps its colours under the effect")
    #expect(svg.contains("values=\"0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0\""), "then it is whitened")
  }

  /// An effect that changes nothing is left out: the same SVG as without.
  @Test func effectsThatChangeNothingAreLeftOut() throws {
    let plain = "badge B size 40 {\n  circle().fill(red)\n}\n"
    let same =
      "badge B size 40 {\n  circle().fill(red).grayscale(0).hueRotation(0deg).saturation(1).brightness(0)"
      + ".contrast(1).colorMultiply(white)\n}\n"
    #expect(Support.compile(plain).output == Support.compile(same).output)
    #expect(
      Support.compile(plain).output
        != Support.compile(plain.replacingOccurrences(of: "red)", with: "red).grayscale(1)")).output)
  }

  @Test func grayscaleOutsideItsRangeIsClampedWithAWarning() {
    let result = Support.compile("badge B size 40 {\n  circle().fill(red).grayscale(1.5)\n}\n")
    #expect(!result.hasErrors)
    #expect(result.diagnostics.contains { $0.severity == .warning && $0.message.text.contains("grayscale") })
    #expect(result.output == Support.compile("badge B size 40 {\n  circle().fill(red).grayscale(1)\n}\n").output)
  }

  /// SwiftUI's own modifiers, after a compositing group where several
  /// shapes are changed together; the code type-checks.
  @Test func swiftUICodeNamesThemAsSwiftUIDoes() throws {
    let code = try #require(SwiftUISupport.code(ColorEffectTests.scene, CompileOptions()))
    for m in [
      ".grayscale(0.8)", ".saturation(1.8)", ".brightness(-0.3)", ".contrast(1.6)", ".hueRotation(.degrees(120))",
      ".colorInvert()", ".luminanceToAlpha()",
    ] {
      #expect(code.contains(m), "\(m)\n\(code)")
    }
    let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let group = try #require(lines.firstIndex(of: ".grayscale(0.7)"), "\(code)")
    #expect(lines[group - 1] == ".compositingGroup()", "\(code)")
    #expect(code.contains(".colorMultiply(Color.pink.opacity(0.7))"), "\(code)")
    if let errors = try SwiftUISupport.typeCheckErrors(code, name: "effects") { Issue.record("\(errors)\n\(code)") }
  }

  /// VectorDrawable and SF Symbols cannot say them: one located error,
  /// nothing written.
  @Test func platformsWithoutColourEffectsRefuseThem() throws {
    try Support.expectRefused(
      "  circle().fill(red).grayscale(1)", writing: "b.xml", line: 1, message: "cannot draw a colour effect")
    try Support.expectRefused(
      "  circle().fill(red).colorInvert()", writing: "b.symbol", line: 1, message: "cannot hold a colour effect")
  }
}
