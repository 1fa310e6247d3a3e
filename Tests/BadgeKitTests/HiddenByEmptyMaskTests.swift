// Masks and clips that draw nothing: written empty (`.mask { }`,
// `.clipShape(path { })`, a component with an empty body) they are an
// error; empty through their values (a repeat of 0, an `if` not taken, a
// frame of no height) they hide the view, as SVG does, with a warning, in
// every backend alike, and the hidden view's own errors are still found.
import Foundation
import Testing

@testable import BadgeKit

struct HiddenByEmptyMaskTests {
  /// A badge of a blue square beside `view`.
  static func badge(_ view: String, lets: String = "") -> String {
    "\(lets)badge B size 60, 30 {\n  hstack(spacing: 0) {\n    \(view)\n"
      + "    rect().fill(blue).frame(width: 30, height: 30)\n  }\n}\n"
  }

  static let placeholder = "rect().fill(clear).frame(width: 30, height: 30)"

  @Test(arguments: [
    ("rect().fill(red).frame(width: 30, height: 30).mask { repeat n { circle() } }", "mask"),
    ("rect().fill(red).frame(width: 30, height: 30).mask { if n > 0 { circle() } }", "mask"),
    ("rect().fill(red).frame(width: 30, height: 30).mask { rect().frame(height: 10 * n) }", "mask"),
    ("rect().fill(red).frame(width: 30, height: 30).clipShape(rect().frame(width: 10 * n))", "clip shape"),
    (
      "rect().fill(red).frame(width: 30, height: 30).clipShape(path { move (0, 0) repeat n as i { line (30, 30 * i) } })",
      "clip shape"
    ),
  ])
  func emptyThroughValuesHidesTheView(_ view: String, _ what: String) throws {
    let lets = "let n = 0\n"
    let result = Support.compile(HiddenByEmptyMaskTests.badge(view, lets: lets))
    #expect(!result.hasErrors, "\(result.renderedDiagnostics)")
    let hidden = result.diagnostics.filter {
      $0.severity == .warning && $0.message.text.contains("the \(what) draws nothing with these values")
    }
    #expect(hidden.count == 1, "\(result.renderedDiagnostics)")
    #expect(result.renderedDiagnostics.contains("test.badge:4:"), "\(result.renderedDiagnostics)")
    // Nothing of the red square is drawn, in the SVG or the raster: the
    // same as a clear square in its place.
    let clear = HiddenByEmptyMaskTests.badge(HiddenByEmptyMaskTests.placeholder, lets: lets)
    #expect(result.scene?.fills.count == 1)
    for format in [OutputFormat.png, .pdf] {
      let hiddenOut = Support.compile(HiddenByEmptyMaskTests.badge(view, lets: lets), CompileOptions(format: format))
      let clearOut = Support.compile(clear, CompileOptions(format: format))
      #expect(hiddenOut.output != nil && hiddenOut.output == clearOut.output, "\(format)")
    }
    // With values that draw, the same badge draws the red square.
    let drawn = Support.compile(HiddenByEmptyMaskTests.badge(view, lets: "let n = 2\n"))
    #expect(!drawn.hasErrors && drawn.diagnostics.isEmpty, "\(drawn.renderedDiagnostics)")
    #expect((drawn.scene?.fills.count ?? 0) > 1)
  }

  @Test(arguments: [
    ("circle().mask { }", "the mask draws nothing, so it would hide everything"),
    ("circle().mask { zstack { } }", "the mask draws nothing, so it would hide everything"),
    ("circle().clipShape(path { })", "the clip shape draws nothing, so it would hide everything"),
    ("circle().clipShape(Nothing())", "the clip shape draws nothing, so it would hide everything"),
  ])
  func writtenEmptyIsAnError(_ view: String, _ message: String) {
    let source = "component Nothing() { zstack { } }\n" + HiddenByEmptyMaskTests.badge(view)
    let result = Support.compile(source)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1 && errors.first?.message.text.contains(message) == true, "\(result.renderedDiagnostics)")
  }

  /// The hidden view is still laid out for its diagnostics.
  @Test func aHiddenViewsErrorsAreStillFound() {
    let view = "Missing().mask { repeat 0 { circle() } }"
    let result = Support.compile(HiddenByEmptyMaskTests.badge(view))
    #expect(
      result.renderedDiagnostics.contains("unknown component or shape 'Missing'"), "\(result.renderedDiagnostics)")
  }
}
