// Stack and flexible-frame layout: vstack, hstack, zstack alignment,
// spacer, and `.frame(min…:, max…:)`, each checked against numbers worked
// out by hand from SwiftUI's rules (in the comments).
import Testing

@testable import BadgeKit

struct StackLayoutTests {
  /// The canvas bounds (left, top, right, bottom) of every fill of a badge
  /// whose body is `body`, in drawing order.
  static func boxes(_ body: String, canvas: String = "100") throws -> [[Double]] {
    let scene = try #require(Support.scene("badge B size \(canvas) {\n\(body)\n}"))
    return scene.fills.map { Support.canvasBox($0).map { ($0 * 1e6).rounded() / 1e6 } }
  }

  @Test func hstackProposesTheLeastFlexibleFirst() throws {
    // 200 − 3 × 10 spacing = 170. Flexibility: the 30-wide frame 0, the
    // maxWidth-20 frame 20, the circle infinite, the spacer last.
    // 30 takes 30 (140 left); the max frame is offered 140 / 3 and takes
    // 20 (120 left); the circle is offered 120 / 2 = 60; the spacer 60.
    let b = try StackLayoutTests.boxes(
      """
      hstack(spacing: 10) {
        rect().fill(red).frame(width: 30)
        circle().fill(blue)
        spacer()
        rect().fill(green).frame(maxWidth: 20)
      }
      """, canvas: "200, 100")
    #expect(b == [[0, 0, 30, 100], [40, 20, 100, 80], [180, 0, 200, 100]])
  }

  @Test func vstackSpacingAndLeadingAlignment() throws {
    // Default spacing 8: the stack is 40 × (10 + 8 + 10) = 40 × 28,
    // centred in 100 × 100 at (30, 36); leading alignment puts both
    // children at x = 30.
    let b = try StackLayoutTests.boxes(
      """
      vstack(alignment: .leading) {
        rect().frame(width: 20, height: 10)
        rect().frame(width: 40, height: 10)
      }
      """)
    #expect(b == [[30, 36, 50, 46], [30, 54, 70, 64]])
  }

  @Test func hstackTrailingIsAnError() throws {
    let r = Support.compile("badge B size 100 { hstack(alignment: .trailing) { rect() } }")
    #expect(r.renderedDiagnostics.contains("expected a vertical alignment ('top', 'center' or 'bottom')"))
  }

  @Test func spacersShareWhatIsLeftWithNoSpacingBesideThem() throws {
    // Three 10-wide frames take 30; default spacing is 0 beside a spacer,
    // so the two spacers share 70: 35 each.
    let b = try StackLayoutTests.boxes(
      """
      hstack {
        rect().frame(width: 10)
        spacer()
        rect().frame(width: 10)
        spacer()
        rect().frame(width: 10)
      }
      """, canvas: "100, 20")
    #expect(b.map { $0[0] } == [0, 45, 90])
  }

  @Test func flexibleChildrenShareEqually() throws {
    // 100 − 10 spacing = 90: the first rect is offered 45 and takes it,
    // the second is offered the 45 left.
    let b = try StackLayoutTests.boxes("vstack(spacing: 10) { rect()\n rect() }")
    #expect(b == [[0, 0, 100, 45], [0, 55, 100, 100]])
  }

  @Test func idealSizeOfAStackThroughScaledToFit() throws {
    // Ideal: each rect 10 × 10 (an unspecified proposal), so 28 × 10.
    // Fit into 100 × 100 at ratio 2.8: proposed 100 × 35.714…; each rect
    // is offered (100 − 8) / 2 = 46 wide.
    let b = try StackLayoutTests.boxes("hstack { rect()\n rect() }.scaledToFit()")
    let h = 100 / 2.8
    let top = ((50 - h / 2) * 1e6).rounded() / 1e6
    let bottom = ((50 + h / 2) * 1e6).rounded() / 1e6
    #expect(b == [[0, top, 46, bottom], [54, top, 100, bottom]])
  }

  @Test func zstackAlignment() throws {
    // A 60 × 60 and a 20 × 20 aligned bottomTrailing: the stack is 60 × 60
    // at (20, 20); the small one at (20 + 40, 20 + 40).
    let b = try StackLayoutTests.boxes(
      "zstack(alignment: .bottomTrailing) { rect().frame(width: 60, height: 60)\n rect().frame(width: 20, height: 20) }"
    )
    #expect(b == [[20, 20, 80, 80], [60, 60, 80, 80]])
  }

  @Test func maxWidthInfinityFillsTheProposal() throws {
    // Width: min(∞, max(10, 100)) = 100; height has no bounds: the child's
    // 10. The 100 × 10 frame is centred (y 45); leading puts the rect at 0.
    let b = try StackLayoutTests.boxes(
      "rect().frame(width: 10, height: 10).frame(maxWidth: .infinity, alignment: .leading)")
    #expect(b == [[0, 45, 10, 55]])
  }

  @Test func minWidthGrowsTheFrameNotTheChild() throws {
    // Width: max(40, min(10, 100)) = 40; the rect is centred in it, and the
    // 40-wide frame in the canvas at x = 30: the rect at 45.
    let b = try StackLayoutTests.boxes("rect().frame(width: 10, height: 10).frame(minWidth: 40)")
    #expect(b == [[45, 45, 55, 55]])
  }

  @Test func maxWidthLimitsWhatTheChildIsOffered() throws {
    // The rect is offered min(30, 100) = 30 and takes it; the frame is
    // min(30, max(30, 100)) = 30 wide, centred.
    let b = try StackLayoutTests.boxes("rect().frame(maxWidth: 30)")
    #expect(b == [[35, 0, 65, 100]])
  }

  @Test func idealWidthAnswersAnUnspecifiedProposal() throws {
    // In an hstack without a proposal along it (inside scaledToFit's ideal
    // measure) the frame offers its ideal width 30 instead of nothing.
    let scene = try #require(
      Support.scene(
        "badge B size 100 { hstack { rect().frame(idealWidth: 30, maxWidth: 50) }.frame(height: 10).scaledToFit() }"))
    #expect(scene.fills.count == 1)
  }

  @Test(arguments: [
    ("rect().frame(minWidth: 50, maxWidth: 20)", "'minWidth:' is larger than 'maxWidth:'"),
    ("rect().frame(width: 10, maxWidth: 20)", "'width:' cannot be given with the flexible bounds"),
    ("rect().frame(minHeight: -5)", "'minHeight:' is negative"),
    ("rect().frame(minWidth: infinity)", "'minWidth:' is infinite"),
    ("vstack(alignment: .top) { rect() }", "expected a horizontal alignment"),
    ("vstack(spacing: red) { rect() }", "expected a length, found a colour"),
    ("hstack { spacer(minLength: -3) }", "'minLength:' is negative"),
    ("hstack(gap: 3) { rect() }", "'gap'"),
  ])
  func errors(_ body: String, _ message: String) {
    Support.expectError(body, message)
  }

  @Test func measuringReportsNothingTheDrawingDoesNot() throws {
    // Measured at an infinite width, `floor(width / 10pt)` copies would
    // be an error; the hstack draws the geometry 100 − 8 − 10 = 82 wide:
    // 8 copies and the rect, no error.
    let scene = try #require(
      Support.scene(
        "badge B size 100 { hstack { geometry { repeat floor(width / 10pt) { rect().frame(width: 5, height: 5) } }\n rect().frame(width: 10) } }"
      ))
    #expect(scene.fills.count == 9)
  }

  @Test func deeplyNestedStacksAreLaidOutOnce() throws {
    // Sixty alternating stacks, each measuring its children at several
    // proposals: their children are made once, not once a proposal (which
    // multiplied level by level and ran out of views at sixteen levels).
    var body = "rect()"
    for d in 1...60 {
      body = "\(d % 2 == 1 ? "vstack" : "hstack") { \(body)\n rect().frame(maxWidth: 10)\n spacer() }"
    }
    let scene = try #require(Support.scene("badge N size 300 {\n\(body)\n}"))
    #expect(scene.fills.count == 61)
  }

  @Test func aStacksChildrenSeeTheEnclosingWidth() throws {
    // In a component 120 wide, a let in a vstack reads the component's
    // width, not the share the stack was offered.
    let scene = try #require(
      Support.scene(
        """
        component C() { vstack { let w = width / 4
          rect().frame(width: w, height: 10) } }
        badge B size 200 { C().frame(width: 120, height: 50) }
        """))
    let box = Support.canvasBox(scene.fills[0])
    #expect(box[2] - box[0] == 30)
  }

  @Test func errorsOfTextInAStackAreReported() {
    // The stack measures its children first, with errors muted: what the
    // text's font modifier reports must still be reported when it is laid
    // out for real.
    Support.expectError("hstack { text(\"a\").font(red)\n rect() }", "expected a text style")
  }

  @Test func aMissingFontFamilyInAStackIsReported() {
    // The family is looked up first while the stack measures (errors
    // muted); the error is still reported when the text is laid out.
    guard FontFiles.bytes(FontFiles.dejaVuSans) != nil else { return }
    Support.expectError(
      "hstack { text(\"a\").font(family: \"Nope Sans\")\n rect() }", "no font family 'Nope Sans' is installed",
      TextLayoutTests.pinned)
  }
}
