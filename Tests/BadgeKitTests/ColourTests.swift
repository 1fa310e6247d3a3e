// Colours from hue, saturation and brightness, mixing, and the dark
// appearance: values worked out by hand (the HSV cone; iOS's dark system
// colours).
import Foundation
import Testing

@testable import BadgeKit

struct ColourTests {
  static let values: [(String, RGBA)] = [
    ("hsb(0, 1, 1)", RGBA(r: 1, g: 0, b: 0)),
    ("hsb(1 / 3, 1, 1)", RGBA(r: 0, g: 1, b: 0)),
    ("hsb(240deg, 1, 0.5)", RGBA(r: 0, g: 0, b: 0.5)),
    ("hsb(0.5, 50%, 1)", RGBA(r: 0.5, g: 1, b: 1)),
    ("hsb(1, 0, 0.25)", RGBA(r: 0.25, g: 0.25, b: 0.25)),
    ("hsb(30deg, 1, 1)", RGBA(r: 1, g: 0.5, b: 0)),
    ("hsba(0, 1, 1, 0.5)", RGBA(r: 1, g: 0, b: 0, a: 0.5)),
    ("mix(black, white, 0.25)", RGBA(r: 0.25, g: 0.25, b: 0.25)),
    ("black.mix(with: white, by: 75%)", RGBA(r: 0.75, g: 0.75, b: 0.75)),
    ("mix(clear, #ff0000, 0.5)", RGBA(r: 0.5, g: 0, b: 0, a: 0.5)),
  ]

  @Test(arguments: values.indices)
  func value(_ i: Int) {
    let (text, expected) = ColourTests.values[i]
    let (v, errors) = EvaluatorTests.eval(text)
    #expect(errors.isEmpty, "\(text): \(errors)")
    guard case .color(let c) = v else {
      Issue.record("\(text): \(v)")
      return
    }
    #expect(
      abs(c.r - expected.r) < 1e-9 && abs(c.g - expected.g) < 1e-9 && abs(c.b - expected.b) < 1e-9, "\(text): \(c)")
    #expect(abs(c.a - expected.a) < 1e-9, "\(text)")
  }

  @Test func errors() {
    for (text, message) in [
      ("hsb(0, 1)", "missing argument"), ("mix(red, 1, 0.5)", "expected a colour, found a number"),
      ("red.mix(by: 0.5)", "missing argument 'with'"),
    ] {
      let (v, errors) = EvaluatorTests.eval(text)
      #expect(v == .invalid && errors.first?.contains(message) == true, "\(text): \(errors)")
    }
    // Out of range is clamped with a warning, as rgb's channels are.
    let (v, warnings) = EvaluatorTests.eval("hsb(0, 2, 1)")
    #expect(v == .color(RGBA(r: 1, g: 0, b: 0)) && warnings.first?.contains("saturation") == true, "\(warnings)")
  }

  /// `--appearance dark`: the system colours' dark values, and
  /// `colorScheme` says which appearance is drawn.
  @Test func darkAppearance() throws {
    let text = "badge B size 10 { rect().fill(colorScheme == .dark ? blue : red) }"
    var options = CompileOptions()
    let light = try #require(Support.compile(text, options).scene).fills[0].paint
    #expect(light == .solid(.bytes(255, 59, 48)))
    options.colorScheme = .dark
    let dark = try #require(Support.compile(text, options).scene).fills[0].paint
    #expect(dark == .solid(.bytes(10, 132, 255)))
    let run = try Support.badgec(["-", "--appearance", "dark"], stdin: Data(text.utf8))
    #expect(String(decoding: run.stdout, as: UTF8.self).contains("fill=\"#0a84ff\""))
    #expect(try Support.badgec(["-", "--appearance", "dim"], stdin: Data(text.utf8)).status == 2)
  }
}
