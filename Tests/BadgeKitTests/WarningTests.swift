// Warnings in the library: they never stop a compilation (the golden
// files show each one's text), each place warns once, `-D` values are
// noted, and `warningsAsErrors` makes them errors with nothing to write.
import Testing

@testable import BadgeKit

struct WarningTests {
  static let clamped = "badge B size 100 {\n  rect().fill(rgb(300, 0, 0))\n}\n"

  @Test func warningsLeaveTheOutput() throws {
    let r = Support.compile(WarningTests.clamped)
    #expect(!r.hasErrors)
    #expect(r.diagnostics.map(\.severity) == [.warning])
    #expect(r.output != nil)
    #expect(r.renderedDiagnostics.hasPrefix("test.badge:2:19: warning: colour channel 300 is outside 0 to 255"))
  }

  @Test func warningsAsErrorsWriteNothing() throws {
    var options = CompileOptions()
    options.warningsAsErrors = true
    let r = Support.compile(WarningTests.clamped, options)
    #expect(r.hasErrors)
    #expect(r.scene == nil && r.output == nil)
    #expect(r.diagnostics.map(\.severity) == [.error])
    #expect(r.renderedDiagnostics.hasPrefix("test.badge:2:19: error: colour channel 300 is outside 0 to 255"))
    // Without warnings, nothing changes.
    let clean = Support.compile("badge B size 100 { rect() }", options)
    #expect(clean.diagnostics.isEmpty && clean.output != nil)
  }

  /// A component drawn with two bad values, and a repeat's copies, warn
  /// once a place (the first value found).
  @Test func onePlaceWarnsOnce() {
    let r = Support.compile(
      """
      component C(a) { rect().fill(rgba(0, 0, 0, a)) }
      badge B size 100 {
        C(a: 2)
        C(a: 3)
        repeat 4 as i { rect().opacity(i + 2) }
      }
      """)
    #expect(
      r.diagnostics.map(\.message.text) == [
        "alpha 2 is outside 0 to 1; clamped to 1", "opacity 2 is outside 0 to 1; clamped to 1",
      ])
    #expect(r.diagnostics[0].notes.map(\.text) == ["in component 'C', used here"])
  }

  /// A stack measuring its children evaluates their modifiers at sizes
  /// the badge is never drawn at: no warning comes from those.
  @Test func measuringDoesNotWarn() {
    let r = Support.compile(
      "component C() { rect().frame(width: width - 50) }\nbadge B size 100 { hstack { C() } }")
    #expect(r.diagnostics.isEmpty, "\(r.renderedDiagnostics)")
    let drawn = Support.compile("badge B size 100 { hstack { rect().frame(width: -5) } }")
    #expect(drawn.diagnostics.map(\.message.text) == ["frame width -5 is negative; clamped to 0"])
  }

  /// A let set with -D but used by nothing still warns, with a note at
  /// the -D; a warning about a -D value used in the file notes it too.
  @Test func overriddenLetsAreNoted() {
    var options = CompileOptions()
    options.overrides = ["spare=2", "alpha=1.5"]
    let r = Support.compile(
      "let spare = 1\nlet alpha = 1\nbadge B size 100 { rect().fill(rgba(0, 0, 0, alpha)) }", options)
    #expect(
      r.diagnostics.map(\.message.text) == [
        "let 'spare' is never used", "alpha 1.5 is outside 0 to 1; clamped to 1",
      ])
    #expect(r.diagnostics[0].notes.map(\.text) == ["'spare' is given by -D here"])
    #expect(r.diagnostics[1].notes.map(\.text) == ["'alpha' is given by -D here"])
  }

  /// A component placed once on the canvas and once off it warns at its
  /// shape, with a note at the use that put it off.
  @Test func offCanvasNamesTheUse() {
    let text = """
      component Dot() { circle().frame(width: 10, height: 10) }
      badge B size 100 {
        Dot()
        Dot().offset(x: 200)
      }
      """
    let r = Support.compile(text)
    #expect(r.diagnostics.count == 1)
    #expect(r.diagnostics.first?.message.text.hasPrefix("the shape lies wholly outside the 100 × 100 canvas") == true)
    #expect(r.diagnostics.first?.range.start == 18)
    let use = text.utf8.count - "Dot().offset(x: 200)\n}".utf8.count
    #expect(r.diagnostics.first?.notes.map(\.range.start) == [use])
  }

  /// `-D` naming no let lists the lets there are, nearest first, with a
  /// fix-it for the nearest when it is close.
  @Test func unknownOverrideListsTheLets() {
    var options = CompileOptions()
    options.overrides = ["rotatoins=3"]
    let r = Support.compile(
      "let adjustment = 1\nlet rotation = 8\nlet rotations = 2\nbadge B size 100 { rect().frame(width: adjustment * rotation * rotations) }",
      options)
    #expect(r.diagnostics.count == 1)
    #expect(
      r.diagnostics[0].message.text
        == "-D rotatoins: there is no top-level let named 'rotatoins'; did you mean 'rotations'? (the lets: 'rotations', 'rotation', 'adjustment')"
    )
    #expect(r.diagnostics[0].fixIts == [FixIt(r.diagnostics[0].range, "rotations")])
    options.overrides = ["zzz=1"]
    let far = Support.compile("let a = 1\nbadge B size 100 { rect().frame(width: a) }", options)
    #expect(far.diagnostics.map(\.message.text) == ["-D zzz: there is no top-level let named 'zzz'; the lets are 'a'"])
  }

  /// What is left out past `--max-errors` is counted by kind; errors are
  /// shown before warnings when not all fit (three unused lets, two errors).
  @Test func theRestIsCountedByKind() {
    let text = "let a = 1\nlet b = 2\nlet c = 3\nbadge B size 100 { rect().rotate(1) rect().rotate(2) }"
    let r = Support.compile(text)
    let one = r.renderedDiagnostics(maxErrors: 1)
    #expect(one.hasPrefix("test.badge:4:34: error: expected an angle such as 1deg, found a number"))
    #expect(one.hasSuffix("\nand 1 more error and 3 more warnings\n"))
    let four = r.renderedDiagnostics(maxErrors: 4)
    #expect(four.components(separatedBy: "error:").count == 3)
    #expect(four.hasSuffix("\nand 1 more warning\n"))
    let warnings = Support.compile("let a = 1\nlet b = 2\nbadge B size 100 { rect() }")
    #expect(warnings.renderedDiagnostics(maxErrors: 1).hasSuffix("\nand 1 more warning\n"))
  }
}
