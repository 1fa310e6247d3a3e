// Text in layout: a line's frame from the font's advances and metrics,
// the text environment flowing down (`.font` on a stack, inner wins,
// `.bold()`), stacks of text, the SVG's label, and the errors of fonts and
// text. Advances and metrics were read with fontTools and HarfBuzz from
// the pinned DejaVu Sans files (Debian's fonts-dejavu-core), not from
// badgec.
import Foundation
import Testing

@testable import BadgeKit

struct TextLayoutTests {
  /// Only the pinned DejaVu folder, so that what else is installed cannot
  /// change a result.
  static let pinned = CompileOptions(
    fonts: FontOptions(directories: ["/usr/share/fonts/truetype/dejavu"], standardDirectories: false))

  /// The scene of `body` in a badge of `canvas`, with the pinned fonts;
  /// nil (after a failure under CI) when they are not installed.
  static func scene(_ body: String, canvas: String = "300") -> Scene? {
    guard FontFiles.bytes(FontFiles.dejaVuSans) != nil else { return nil }
    return Support.scene("badge B size \(canvas) {\n\(body)\n}", pinned)
  }

  /// The canvas box (left, top, right, bottom) of fill `i`'s points.
  static func box(_ scene: Scene, _ i: Int) -> [Double] { Support.canvasBox(scene.fills[i]) }

  @Test func aLineIsItsAdvanceWideAndItsLineTall() throws {
    // "Hiking" at 48 points: 6462 units of advance (no kerning pair) of
    // 2048 a 48 em: 151.453125 wide; ascender 1901 + descender 483 =
    // 55.875 tall. A 20-point rect in an hstack after it (spacing 8):
    // the stack is 179.453125 wide, centred in 300: the rect at
    // 60.2734375 + 151.453125 + 8.
    guard
      let scene = TextLayoutTests.scene(
        "hstack { text(\"Hiking\").font(size: 48)\n rect().frame(width: 20, height: 20) }")
    else { return }
    let left = (300 - 179.453125) / 2
    let rect = TextLayoutTests.box(scene, 1)
    #expect(abs(rect[0] - (left + 151.453125 + 8)) < 1e-9)
    #expect(abs(rect[1] - 140) < 1e-9)
    // The text's glyphs lie inside its line: the tops of 'i' and 'k'
    // (1556 units, the highest of "Hiking") above the baseline at
    // 150 − 55.875 / 2 + 1901 / 2048 × 48.
    let text = TextLayoutTests.box(scene, 0)
    let baseline = 150 - 55.875 / 2 + 1901.0 / 2048 * 48
    #expect(abs(text[1] - (baseline - 1556.0 / 2048 * 48)) < 1e-9)
    #expect(text[0] > left && text[2] < left + 151.453125)
  }

  @Test func fontOnAStackSetsItsTextAndTheInnerOneWins() throws {
    // Two lines in a vstack with .font(size: 24): the first keeps its own
    // 12, the second takes 24. Lines 13.96875 and 27.9375 tall, spacing 8:
    // 49.90625, centred in 300.
    guard
      let scene = TextLayoutTests.scene(
        "vstack { text(\"Hiking\").font(size: 12)\n text(\"Hiking\") }.font(size: 24)")
    else { return }
    let top = (300 - 49.90625) / 2
    let first = TextLayoutTests.box(scene, 0)
    let second = TextLayoutTests.box(scene, 1)
    // The tops of 'i' and 'k' are (1901 − 1556) / 2048 of an em below
    // each line's top.
    #expect(abs(first[1] - (top + 345.0 / 2048 * 12)) < 1e-9)
    #expect(abs(second[1] - (top + 13.96875 + 8 + 345.0 / 2048 * 24)) < 1e-9)
  }

  @Test func boldPicksTheBoldFace() throws {
    // DejaVu Sans Bold's "Hiking" advances 7404 units: at 20.48 points,
    // 74.04 wide; the regular face's 64.62. Read off a trailing rect.
    guard
      let bold = TextLayoutTests.scene(
        "hstack(spacing: 0) { text(\"Hiking\").font(size: 20.48).bold()\n rect().frame(width: 1, height: 1) }"),
      let regular = TextLayoutTests.scene(
        "hstack(spacing: 0) { text(\"Hiking\").font(size: 20.48)\n rect().frame(width: 1, height: 1) }")
    else { return }
    #expect(abs(TextLayoutTests.box(bold, 1)[0] - ((300 - 75.04) / 2 + 74.04)) < 1e-9)
    #expect(abs(TextLayoutTests.box(regular, 1)[0] - ((300 - 65.62) / 2 + 64.62)) < 1e-9)
  }

  @Test(arguments: [".font(.title).bold()", ".bold().font(.title)", ".font(size: 28).bold()"])
  func boldWinsOverTheStylesWeightWhicheverIsFirst(_ modifiers: String) throws {
    // SwiftUI's Text("…").font(.title).bold() is bold: 7404 units at 28
    // points = 101.2265625 wide.
    guard
      let scene = TextLayoutTests.scene(
        "hstack(spacing: 0) { text(\"Hiking\")\(modifiers)\n rect().frame(width: 1, height: 1) }")
    else { return }
    #expect(abs(TextLayoutTests.box(scene, 1)[0] - ((300 - 102.2265625) / 2 + 101.2265625)) < 1e-9)
  }

  @Test(arguments: [".font(.system(size: 28, weight: .bold))", ".font(.system(size: 28, design: .rounded)).bold()"])
  func swiftUIsSystemFont(_ modifiers: String) throws {
    // As .font(size: 28, weight: .bold): 101.2265625 wide (7404 units).
    guard
      let scene = TextLayoutTests.scene(
        "hstack(spacing: 0) { text(\"Hiking\")\(modifiers)\n rect().frame(width: 1, height: 1) }")
    else { return }
    #expect(abs(TextLayoutTests.box(scene, 1)[0] - ((300 - 102.2265625) / 2 + 101.2265625)) < 1e-9)
  }

  @Test func swiftUIsCustomFont() throws {
    // DejaVu Serif's "Hiking": HarfBuzz 6967 units; at 20.48 points 69.67.
    guard
      let scene = TextLayoutTests.scene(
        "hstack(spacing: 0) { text(\"Hiking\").font(.custom(\"DejaVu Serif\", size: 20.48))\n rect().frame(width: 1, height: 1) }"
      )
    else { return }
    #expect(abs(TextLayoutTests.box(scene, 1)[0] - ((300 - 70.67) / 2 + 69.67)) < 1e-9)
  }

  @Test func aStylesOwnWeightGivesWayToAnExplicitOne() throws {
    // headline is semibold (DejaVu has none: CSS picks bold above 500),
    // .fontWeight(.regular) sets it back: 6462 units at 17 points.
    guard
      let scene = TextLayoutTests.scene(
        "hstack(spacing: 0) { text(\"Hiking\").fontWeight(.regular).font(.headline)\n rect().frame(width: 1, height: 1) }"
      )
    else { return }
    let width = 6462.0 / 2048 * 17
    #expect(abs(TextLayoutTests.box(scene, 1)[0] - ((300 - width - 1) / 2 + width)) < 1e-9)
  }

  @Test func kerningAndTracking() throws {
    // "AV": HarfBuzz sets it 2671 units (A 1401 + V 1401 − 131); with
    // tracking 10 at 20.48 points, 26.71 + 20.
    guard
      let scene = TextLayoutTests.scene(
        "hstack(spacing: 0) { text(\"AV\").font(size: 20.48).tracking(10)\n rect().frame(width: 1, height: 1) }")
    else { return }
    #expect(abs(TextLayoutTests.box(scene, 1)[0] - ((300 - 47.71) / 2 + 46.71)) < 1e-9)
  }

  @Test func theSVGKeepsTheWordsAsItsLabel() throws {
    guard FontFiles.bytes(FontFiles.dejaVuSans) != nil else { return }
    let r = Support.compile("badge B size 100 { text(\"Tom & \\\"Jerry\\\" <3\") }", TextLayoutTests.pinned)
    let svg = String(decoding: try #require(r.output), as: UTF8.self)
    #expect(svg.contains("role=\"img\" aria-label=\"Tom &amp; &quot;Jerry&quot; &lt;3\""))
  }

  @Test func aMissingGlyphIsAWarning() throws {
    guard FontFiles.bytes(FontFiles.dejaVuSans) != nil else { return }
    let r = Support.compile("badge B size 100 { text(\"a日本b\") }", TextLayoutTests.pinned)
    #expect(!r.hasErrors)
    #expect(r.scene != nil)
    #expect(
      r.renderedDiagnostics.contains(
        "warning: the font 'DejaVu Sans' has no glyph for '日', '本'; drawn as its missing-glyph box"))
  }

  @Test(arguments: [
    (
      "text(\"a\").font(family: \"DejaVu Sanz\")",
      "no font family 'DejaVu Sanz' is installed; did you mean 'DejaVu Sans'?"
    ),
    ("text(\"a\").font(.titel)", "unknown name 'titel'; did you mean 'title'?"),
    ("text(\"a\").font(red)", "expected a text style"),
    ("text(\"a\").font(.system(sise: 3))", "'system' has no argument 'sise'; did you mean 'size'?"),
    ("text(\"a\").font(.system(size: 9, design: .gothic))", "unknown name 'gothic'"),
    ("text(\"a\").fontWeight(1200)", "expected a weight"),
    ("text(\"a\").font(size: -3)", "a font size of -3 points; expected 0.01 to 10000"),
    ("text(red)", "expected a string in quotes, found a colour"),
    ("text()", "missing"),
    ("text(\"a\", radius: -4)", "a radius of -4 points; expected more than 0"),
    ("text(\"a\", side: .top)", "expected 'inside' or 'outside'"),
    ("text(\"a\").font(family: \"/nonexistent/font.ttf\")", "cannot use font file '/nonexistent/font.ttf'"),
  ])
  func errors(_ body: String, _ message: String) {
    guard FontFiles.bytes(FontFiles.dejaVuSans) != nil else { return }
    Support.expectError(body, message, TextLayoutTests.pinned)
  }

  @Test func aDamagedFontFileIsAnError() throws {
    guard let bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("badgec-damaged-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // Cut short inside the glyph data: the header and tables' directory
    // are whole, the outlines are not.
    let path = dir.appendingPathComponent("cut.ttf").path
    FileManager.default.createFile(atPath: path, contents: Data(bytes.prefix(bytes.count / 3)))
    let r = Support.compile("badge B size 100 { text(\"Hiking\").font(family: \"\(path)\") }", TextLayoutTests.pinned)
    #expect(r.hasErrors)
    #expect(r.renderedDiagnostics.contains("test.badge:1:"), "\(r.renderedDiagnostics)")
  }

  @Test func aFontFileCutShortSaysWhy() throws {
    // The first 5,000 bytes of DejaVu Sans: its tables lie past the end.
    guard let bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("badgec-cut-\(getpid()).ttf").path
    FileManager.default.createFile(atPath: path, contents: Data(bytes.prefix(5_000)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = Support.compile("badge B size 100 { text(\"Hi\").font(family: \"\(path)\") }", TextLayoutTests.pinned)
    #expect(r.renderedDiagnostics.contains("table lies outside the file"), "\(r.renderedDiagnostics)")
  }

  @Test func aFontDirectoryThatDoesNotExistIsAnErrorOnTheCommandLine() {
    // With text or without.
    let options = CompileOptions(fonts: FontOptions(directories: ["/nonexistent/fonts"]))
    for body in ["text(\"a\")", "circle()"] {
      let r = Support.compile("badge B size 100 {\n  \(body)\n}", options)
      #expect(r.scene == nil)
      #expect(
        r.renderedDiagnostics == """
          <command line>:1:12: error: font directory '/nonexistent/fonts' does not exist
            |
          1 | --font-dir /nonexistent/fonts
            |            ^^^^^^^^^^^^^^^^^^

          """)
    }
  }

  @Test func trackedTextIsCentredOnItsAngle() throws {
    // "HH" tracked by 20 over the top of a circle: DejaVu's H sits in the
    // middle of its advance (201 units each side), so the glyphs lie
    // symmetrically about the vertical through the centre; the tracking
    // after the last H does not count.
    guard let scene = TextLayoutTests.scene("text(\"HH\", radius: 100).font(size: 30).tracking(20)") else { return }
    let box = TextLayoutTests.box(scene, 0)
    #expect(abs((box[0] + box[2]) / 2 - 150) < 1e-9, "\(box)")
  }

  @Test func curvedTextTakesTheProposal() throws {
    // Along a circle, text is sized like a shape: the whole 200 × 100.
    guard
      let scene = TextLayoutTests.scene(
        "hstack(spacing: 0) { text(\"ARC\", radius: 30)\n rect().frame(width: 1, height: 1) }.frame(width: 201, height: 100)"
      )
    else { return }
    #expect(abs(TextLayoutTests.box(scene, 1)[0] - (300 - 201) / 2 - 200) < 1e-9)
  }
}

/// The tutorial's HikeBadge (samples/hikebadge.badge), laid out by hand
/// from SwiftUI's rules.
struct HikeBadgeLayoutTests {
  @Test func theBadgeAndItsCaption() throws {
    guard FontFiles.bytes(FontFiles.dejaVuSans) != nil else { return }
    var options = CompileOptions()
    options.importPaths = [Support.url("samples").path]
    let source = try Support.read("samples/hikebadge.badge")
    let scene = try #require(Support.scene(source, options))
    // The vstack: the 100 × 100 frame, spacing 8, the caption's line:
    // "Preview Testing" in DejaVu Sans at 12 points is 15823 units of
    // advance (HarfBuzz, kerning P-r −36 …) = 92.712890625 wide and
    // (1901 + 483) / 2048 × 12 = 13.96875 tall. The stack is 100 ×
    // 121.96875, centred in 100 × 122: its top at 0.015625.
    let top = (122 - 121.96875) / 2
    // The badge: laid out at 300 × 300 centred in the 100 frame (its
    // origin at −100, −100), then scaled by 1/3 about its centre (150,
    // 150): a point (x, y) of the 300 frame lands at (x / 3, top + y / 3).
    // The hexagon's first point in the 300 frame is (262.32, 85.5)
    // (LayoutTests.hexagonAt300).
    let hexagon = scene.fills[0]
    guard case .move(let p)? = hexagon.path.elements.first else {
      Issue.record("expected the hexagon first")
      return
    }
    let q = hexagon.transform.apply(p)
    #expect(abs(q.x - 262.32 / 3) < 1e-9 && abs(q.y - (top + 85.5 / 3)) < 1e-9)
    // The caption: centred (the stack's width is the badge's 100): its
    // line from x = 3.6435546875, y = top + 108; its glyphs inside.
    let caption = try #require(scene.fills.last)
    #expect(caption.text == "Preview Testing")
    let box = Support.canvasBox(caption)
    // P's stem starts at its left side bearing, 201 units.
    #expect(abs(box[0] - (3.6435546875 + 201.0 / 2048 * 12)) < 1e-9)
    // The baseline at top + 108 + 1901 / 2048 × 12; 'g' descends 426
    // units below it, the 'i's rise 1556 above it (fontTools' glyph boxes).
    let baseline = top + 108 + 1901.0 / 2048 * 12
    #expect(abs(box[3] - (baseline + 426.0 / 2048 * 12)) < 1e-9)
    #expect(abs(box[1] - (baseline - 1556.0 / 2048 * 12)) < 1e-9)
  }
}
