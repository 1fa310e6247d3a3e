// Sizing to content: `.fixedSize()`, badges declared `size fit`, and the
// PNG of a fractional canvas; numbers worked out by hand from SwiftUI's
// rules (a shape's ideal size is 10 × 10; a flexible frame's ideal is its
// `idealWidth`).
import Foundation
import Testing

@testable import BadgeKit

struct ContentSizingTests {
  func boxes(_ text: String, _ options: CompileOptions = CompileOptions()) throws -> [[Double]] {
    try #require(Support.scene(text, options)).fills.map(Support.canvasBox)
  }

  @Test func fixedSizeProposesNothingOnItsAxes() throws {
    // Proposed nil × nil, a circle is 10 × 10, centred in the 100 canvas.
    #expect(try boxes("badge B size 100 { circle().fixedSize() }") == [[45, 45, 55, 55]])
    // Only horizontally: 10 wide (its ideal), 100 high (the proposal).
    #expect(
      try boxes("badge B size 100 { rect().fixedSize(horizontal: true, vertical: false) }") == [[45, 0, 55, 100]])
    // The ideal of a flexible frame, on both axes.
    #expect(
      try boxes("badge B size 100 { rect().frame(idealWidth: 30, idealHeight: 20).fixedSize() }") == [[35, 40, 65, 60]])
    Support.expectError("rect().fixedSize(horizontal: 1)", "expected a Boolean")
  }

  @Test func aFittedCanvasTakesItsContentsIdealSize() throws {
    let a = try #require(Support.scene("badge B size fit { rect().frame(width: 30, height: 20) }"))
    #expect(a.size == Size(30, 20))
    // Fitted across only: proposed (nil, 50), the frame takes its ideal 30.
    let b = try #require(Support.scene("badge B size fit, 50 { rect().frame(idealWidth: 30) }"))
    #expect(b.size == Size(30, 50))
    // An hstack of two fixed frames and 4 of spacing: 24 + 4 + 12.
    let c = try #require(
      Support.scene(
        "badge B size fit, 10 { hstack(spacing: 4) { rect().frame(width: 24) rect().frame(width: 12) } }"))
    #expect(c.size == Size(40, 10))
    #expect(c.fills.map { Support.canvasBox($0)[0] } == [0, 28])
    // --size still wins.
    var options = CompileOptions()
    options.canvasSize = Size(64, 64)
    #expect(try #require(Support.scene("badge B size fit { circle() }", options)).size == Size(64, 64))
  }

  /// A 10.4-point canvas is an 11-pixel PNG (rounded up, never cut); 300
  /// points at 1.1 stay 330 pixels.
  @Test func aFractionalCanvasIsRoundedUpInPixels() throws {
    for (size, scale, pixels) in [(10.4, 1.0, 11), (300.0, 1.1, 330), (93.245, 4.0, 373), (10.0, 1.0, 10)] {
      var options = CompileOptions(format: .png)
      options.raster.scale = scale
      let text = "badge B size \(size) { rect() }"
      let png = try #require(Support.compile(text, options).output)
      let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == pixels, "\(size) at \(scale)")
    }
  }
}

struct ViewComponentTests {
  /// A component written `: View` is as large as its content: two 10-point
  /// dots in an hstack of no spacing make it 20 wide, centred in 100 (at
  /// x 40 and 50); as a GeometryReader each would take half the stack.
  @Test func aViewComponentIsSizedToItsContent() throws {
    let text = """
      component Dot(): View { circle().frame(width: 10, height: 10) }
      component Cell() { circle().frame(width: 10, height: 10) }
      badge B size 100 {
        hstack(spacing: 0) { Dot() Dot() }
        hstack(spacing: 0) { Cell() Cell() }.offset(y: 30)
      }
      """
    let fills = try #require(Support.scene(text)).fills
    #expect(fills.count == 4)
    #expect(fills[0...1].map { Support.canvasBox($0)[0] } == [40, 50])
    // A GeometryReader cell takes 50 and draws its circle at its top-left.
    #expect(fills[2...3].map { Support.canvasBox($0)[0] } == [0, 50])
  }

  /// Its elements are proposed what it is and centred in the largest.
  @Test func itsElementsAreCentredInTheLargest() throws {
    let text = """
      component Badge(): View {
        rect().frame(width: 20, height: 20)
        circle().frame(width: 10, height: 10)
      }
      badge B size fit { Badge() }
      """
    let scene = try #require(Support.scene(text))
    #expect(scene.size == Size(20, 20))
    #expect(Support.canvasBox(scene.fills[1]) == [5, 5, 15, 15])
  }

  @Test func errors() {
    let r = Support.compile("component C(): Shape { circle() }\nbadge B { C() }")
    #expect(r.renderedDiagnostics.contains("expected 'View' (a component written ': View' is sized to its content"))
    // A View component inside itself: one error, no hang.
    let loop = Support.compile("component C(): View { C() }\nbadge B { C() }")
    #expect(loop.hasErrors)
  }
}
