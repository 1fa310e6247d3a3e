// SVG backend tests: number text, golden files for every sample and golden
// scene, determinism, and xmllint where available (required under CI).
import Foundation
import Testing

@testable import BadgeKit

struct SVGWriterTests {
  static let numbers: [(Double, String)] = [
    (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (0.1, "0.1"), (2.5, "2.5"), (262.32, "262.32"),
    (1.0 / 3, "0.333"), (2.0 / 3, "0.667"), (0.0004, "0"), (-0.0004, "0"), (0.0005, "0.001"), (-0.0005, "-0.001"),
    (12.3456, "12.346"), (100.05, "100.05"), (1e20, "0"), (.nan, "0"), (.infinity, "0"), (999.9999, "1000"),
  ]

  @Test(arguments: numbers.indices)
  func numberText(_ i: Int) {
    let (x, text) = SVGWriterTests.numbers[i]
    #expect(SVGText.number(x) == text, "\(x)")
  }

  @Test func colourText() {
    #expect(SVGText.hex(.bytes(239, 120, 221)) == "#ef78dd")
    // Each digit's edges (9 and a, 0 and f), and channels out of range.
    #expect(SVGText.hex(.bytes(0x09, 0x0a, 0xf0)) == "#090af0")
    #expect(SVGText.hex(RGBA(r: -1, g: 2, b: 0.5)) == "#00ff80")
    #expect(SVGText.escaped("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;")
  }

  /// Every golden input: the samples and Tests/BadgeKitTests/Golden/*.badge.
  static var goldenCases: [String] {
    let fm = FileManager.default
    let samples = ((try? fm.contentsOfDirectory(atPath: Support.url("samples").path)) ?? [])
      .filter { $0.hasSuffix(".badge") }.sorted().map { "samples/" + $0 }
    let golden = ((try? fm.contentsOfDirectory(atPath: Support.url("Tests/BadgeKitTests/Golden").path)) ?? [])
      .filter { $0.hasSuffix(".badge") }.sorted().map { "Tests/BadgeKitTests/Golden/" + $0 }
    return samples + golden
  }

  /// Where the expected output of `input` is kept: beside it (the samples'
  /// SVGs are also the pictures the README shows).
  static func goldenPath(_ input: String, ext: String) -> String {
    String(input.dropLast(".badge".count)) + "." + ext
  }

  /// An input with diagnostics (errors or warnings) has them in its
  /// `.err`; one without errors has its SVG in its `.svg` (so an input
  /// with only warnings has both).
  @Test(arguments: goldenCases)
  func golden(_ input: String) throws {
    let result = try Support.compileFile(input)
    var outputs: [(text: String, ext: String)] = []
    if !result.diagnostics.isEmpty || result.unlisted > 0 {
      outputs.append((Support.relativePaths(result.renderedDiagnostics), "err"))
    }
    if !result.hasErrors { outputs.append((String(decoding: result.output ?? [], as: UTF8.self), "svg")) }
    for (actual, ext) in outputs {
      try Support.checkGolden(actual, at: SVGWriterTests.goldenPath(input, ext: ext), madeFrom: input)
    }
  }

  @Test func samplesCompileWithoutDiagnostics() throws {
    let samples = SVGWriterTests.goldenCases.filter { $0.hasPrefix("samples/") }
    #expect(samples.count >= 3)
    for input in samples {
      let result = try Support.compileFile(input)
      #expect(result.diagnostics.isEmpty, "\(input):\n\(result.renderedDiagnostics)")
      #expect(result.output != nil)
    }
  }

  /// The library files compiled on their own (their previews) warn of
  /// nothing either: each preview shows what its file offers.
  @Test func libraryPreviewsCompileWithoutDiagnostics() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Support.url("samples/lib").path)
      .filter { $0.hasSuffix(".badge") }.sorted()
    #expect(names.count >= 4)
    for name in names {
      let result = try Support.compileFile("samples/lib/" + name)
      #expect(result.diagnostics.isEmpty, "\(name):\n\(result.renderedDiagnostics)")
    }
  }

  @Test func sameInputSameBytes() throws {
    let text = try Support.read("samples/landmark.badge")
    let a = Support.compile(text).output
    let b = Support.compile(text).output
    #expect(a != nil && a == b)
  }

  @Test func repeatedSymbolIsDefinedOnce() throws {
    let svg = String(decoding: Support.compile(try Support.read("samples/landmark.badge")).output ?? [], as: UTF8.self)
    #expect(svg.components(separatedBy: "<use ").count - 1 == 8)
    #expect(svg.components(separatedBy: "<path ").count - 1 == 2)
    #expect(svg.contains("fill-opacity=\"0.5\""))
    #expect(!svg.contains(" opacity="))
    #expect(svg.contains("gradientUnits=\"userSpaceOnUse\""))
    #expect(svg.contains("width=\"300\" height=\"300\" viewBox=\"0 0 300 300\""))
  }

  @Test func everyNumberHasAtMostThreeDecimals() throws {
    for input in SVGWriterTests.goldenCases.filter({ $0.hasPrefix("samples/") }) {
      let svg = String(decoding: try Support.compileFile(input).output ?? [], as: UTF8.self)
      #expect(!svg.contains("nan") && !svg.contains("inf"))
      #expect(svg.range(of: #"\.\d{4}"#, options: .regularExpression) == nil, "\(input)")
    }
  }

  /// A gradient whose start is its end was written as one, which
  /// rsvg-convert paints with a blend of its stops rather than the last
  /// stop (as SVG and badgec's rasterizer do).
  @Test func regressionGradientOfNoLengthIsItsLastColour() {
    let svg = String(
      decoding: Support.compile(
        "badge B size 20 {\n  rect().fill(linear(blue, rgba(255, 0, 0, 0.5), start: top, end: top))\n}"
      ).output ?? [], as: UTF8.self)
    #expect(!svg.contains("linearGradient"))
    #expect(svg.contains("fill=\"#ff0000\" fill-opacity=\"0.5\""))
  }

  @Test func xmllintAcceptsEveryOutput() throws {
    guard let xmllint = Support.tool("xmllint") else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for input in SVGWriterTests.goldenCases {
      let result = try Support.compileFile(input)
      guard let out = result.output else { continue }
      let file = dir.appendingPathComponent("out.svg")
      try Data(out).write(to: file)
      let run = try Support.run(xmllint, ["--noout", file.path])
      #expect(run.status == 0 && run.stderr.isEmpty, "\(input): \(run.stderr)")
    }
  }
}
