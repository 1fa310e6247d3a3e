// The font reader on small font files made with fontTools for what the
// installed fonts do not exercise (Tests/make-font-fixtures.py): composite
// glyphs with scales, matrices and nesting, and CID-keyed CFF fonts with
// two Font DICTs and every flex and curve operator. The expected outlines
// were computed by fontTools (Tests/fonttools-reference.py `tables`) except
// where a comment says otherwise.
import Foundation
import Testing

@testable import BadgeKit

struct FontFixtureTests {
  static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Support.url("Tests/BadgeKitTests/FontFiles/" + name)))
  }

  /// A glyph, its name, and its outline.
  typealias Outline = (glyph: Int, name: String, commands: String)

  /// composites.ttf: o starts with two off-curve points and has a second
  /// contour; c has no on-curve point; a scales o by 0.5 and c by 1.5 ×
  /// 0.75 (byte offsets); b turns o by a 2 × 2 matrix (word offsets); d
  /// nests a and b; n1 … n8 nest o one level deeper each.
  static let compositeOutlines: [Outline] = [
    (0, ".notdef", "M 0 0 | L 500 0 | L 500 700 | L 0 700 | Z"),
    (
      1, "o",
      "M 400 100 | L 400 400 | Q 400 500 250 500 | Q 100 500 100 300 | L 100 100 | Q 100 0 200 0 | Q 300 0 350 0 | Q 400 0 400 100 | Z | M 200 200 | L 300 200 | L 250 300 | Z"
    ),
    (2, "c", "M 100 100 | Q 0 200 100 300 | Q 200 400 300 300 | Q 400 200 300 100 | Q 200 0 100 100 | Z"),
    (
      3, "a",
      "M 300 100 | L 300 250 | Q 300 300 225 300 | Q 150 300 150 200 | L 150 100 | Q 150 50 200 50 | Q 250 50 275 50 | Q 300 50 300 100 | Z | M 200 150 | L 250 150 | L 225 200 | Z | M 130 85 | Q -20 160 130 235 | Q 280 310 430 235 | Q 580 160 430 85 | Q 280 10 130 85 | Z"
    ),
    (
      4, "b",
      "M 559.99755859375 119.989013671875 | L 380.0048828125 359.9853515625 | Q 320.00732421875 439.984130859375 200.0091552734375 349.98779296875 | Q 80.010986328125 259.991455078125 200.006103515625 99.993896484375 | L 320.001220703125 -60.003662109375 | Q 379.998779296875 -140.00244140625 459.99755859375 -80.0048828125 | Q 539.996337890625 -20.00732421875 579.9957275390625 9.991455078125 | Q 619.9951171875 39.990234375 559.99755859375 119.989013671875 | Z | M 340.00244140625 79.99267578125 | L 420.001220703125 139.990234375 | L 320.0042724609375 189.990234375 | Z"
    ),
    (
      5, "d",
      "M 300 100 | L 300 250 | Q 300 300 225 300 | Q 150 300 150 200 | L 150 100 | Q 150 50 200 50 | Q 250 50 275 50 | Q 300 50 300 100 | Z | M 200 150 | L 250 150 | L 225 200 | Z | M 130 85 | Q -20 160 130 235 | Q 280 310 430 235 | Q 580 160 430 85 | Q 280 10 130 85 | Z | M 1259.99755859375 119.989013671875 | L 1080.0048828125 359.9853515625 | Q 1020.00732421875 439.984130859375 900.0091552734375 349.98779296875 | Q 780.010986328125 259.991455078125 900.006103515625 99.993896484375 | L 1020.001220703125 -60.003662109375 | Q 1079.998779296875 -140.00244140625 1159.99755859375 -80.0048828125 | Q 1239.996337890625 -20.00732421875 1279.9957275390625 9.991455078125 | Q 1319.9951171875 39.990234375 1259.99755859375 119.989013671875 | Z | M 1040.00244140625 79.99267578125 | L 1120.001220703125 139.990234375 | L 1020.0042724609375 189.990234375 | Z"
    ),
    (
      7, "n1",
      "M 410 100 | L 410 400 | Q 410 500 260 500 | Q 110 500 110 300 | L 110 100 | Q 110 0 210 0 | Q 310 0 360 0 | Q 410 0 410 100 | Z | M 210 200 | L 310 200 | L 260 300 | Z"
    ),
    (
      8, "n2",
      "M 420 100 | L 420 400 | Q 420 500 270 500 | Q 120 500 120 300 | L 120 100 | Q 120 0 220 0 | Q 320 0 370 0 | Q 420 0 420 100 | Z | M 220 200 | L 320 200 | L 270 300 | Z"
    ),
    (
      9, "n3",
      "M 430 100 | L 430 400 | Q 430 500 280 500 | Q 130 500 130 300 | L 130 100 | Q 130 0 230 0 | Q 330 0 380 0 | Q 430 0 430 100 | Z | M 230 200 | L 330 200 | L 280 300 | Z"
    ),
    (
      10, "n4",
      "M 440 100 | L 440 400 | Q 440 500 290 500 | Q 140 500 140 300 | L 140 100 | Q 140 0 240 0 | Q 340 0 390 0 | Q 440 0 440 100 | Z | M 240 200 | L 340 200 | L 290 300 | Z"
    ),
    (
      11, "n5",
      "M 450 100 | L 450 400 | Q 450 500 300 500 | Q 150 500 150 300 | L 150 100 | Q 150 0 250 0 | Q 350 0 400 0 | Q 450 0 450 100 | Z | M 250 200 | L 350 200 | L 300 300 | Z"
    ),
    (
      12, "n6",
      "M 460 100 | L 460 400 | Q 460 500 310 500 | Q 160 500 160 300 | L 160 100 | Q 160 0 260 0 | Q 360 0 410 0 | Q 460 0 460 100 | Z | M 260 200 | L 360 200 | L 310 300 | Z"
    ),
    (
      13, "n7",
      "M 470 100 | L 470 400 | Q 470 500 320 500 | Q 170 500 170 300 | L 170 100 | Q 170 0 270 0 | Q 370 0 420 0 | Q 470 0 470 100 | Z | M 270 200 | L 370 200 | L 320 300 | Z"
    ),
    (
      14, "n8",
      "M 480 100 | L 480 400 | Q 480 500 330 500 | Q 180 500 180 300 | L 180 100 | Q 180 0 280 0 | Q 380 0 430 0 | Q 480 0 480 100 | Z | M 280 200 | L 380 200 | L 330 300 | Z"
    ),
    // e scales c by 0.5 with SCALED_COMPONENT_OFFSET, so its offset (100,
    // 40) is scaled too: fontTools' pens leave the offset unscaled, so this
    // one is HarfBuzz's outline (hb_font_draw_glyph), which scales it as
    // FreeType does.
    (6, "e", "M 100 70 | Q 50 120 100 170 | Q 150 220 200 170 | Q 250 120 200 70 | Q 150 20 100 70 | Z"),
  ]

  @Test(arguments: compositeOutlines.map { $0.glyph })
  func compositeGlyph(_ glyph: Int) throws {
    let font = try Font(bytes: try FontFixtureTests.fixture("composites.ttf"))
    let expected = try #require(FontFixtureTests.compositeOutlines.first { $0.glyph == glyph })
    let found = try font.outline(of: glyph).commands
    #expect(FontFiles.same(found, FontFiles.commands(expected.commands)), "\(expected.name): \(found)")
  }

  /// n9 nests components 9 deep, past the limit of 8: an error, not a
  /// drawing (fontTools has no limit).
  @Test func componentsNestedTooDeep() throws {
    let font = try Font(bytes: try FontFixtureTests.fixture("composites.ttf"))
    #expect(font.glyph(for: "9") == 15)
    #expect(throws: FontError(message: "glyph 15 nests components more than 8 deep")) {
      try font.outline(of: 15)
    }
    #expect(font.familyName == "Badge Fixture Glyf")
  }

  /// cid-fdselect0.otf and cid-fdselect3.otf: the same CID-keyed font with
  /// FDSelect in format 0 and 3. Glyphs 1, 4 and 6 use Font DICT 0, whose
  /// local subroutine 0 draws 200 units right; glyphs 2, 3, 5 and 7 use
  /// Font DICT 1, whose subroutine 0 draws 200 units up. Glyph 1: the
  /// width before hstemhm, a 1-byte hintmask and cntrmask, flex; 2: global
  /// subroutines, hflex, hflex1; 3: flex1 both ways, vvcurveto and
  /// hhcurveto with and without their first argument; 4: a 2-byte
  /// hintmask, a subroutine calling a global one, vhcurveto and hvcurveto
  /// with their last argument, rcurveline, rlinecurve, hmoveto, vmoveto;
  /// 5: empty contours, hlineto and vlineto; 6: a contour without a move;
  /// 7: only a width.
  static let cidOutlines: [Outline] = [
    (0, ".notdef", "M 50 0 | L 450 0 | L 450 700 | L 50 700 | Z"),
    (
      1, "cid00001",
      "M 100 0 | L 300 0 | L 300 300 | C 300 300 400 350 600 400 | C 900 400 1000 350 1200 300 | L 900 300 | Z"
    ),
    (
      2, "cid00002",
      "M 100 100 | L 100 300 | L 200 300 | C 300 300 350 330 450 330 | C 550 330 600 300 700 300 | C 750 320 800 350 850 350 | C 900 350 950 320 1000 300 | Z"
    ),
    (
      3, "cid00003",
      "M 0 0 | C 100 10 200 20 300 20 | C 400 10 500 0 600 0 | C 610 100 620 200 620 300 | C 610 400 600 500 600 600 | C 610 650 630 680 630 720 | C 680 730 700 760 740 760 | C 740 810 760 840 760 880 | C 810 880 830 910 870 910 | Z"
    ),
    (
      4, "cid00004",
      "M 0 0 | L 0 100 | L 100 100 | C 100 110 120 140 160 140 | C 210 140 270 210 275 290 | C 285 290 305 320 312 360 | C 322 380 352 420 402 480 | C 472 560 562 660 672 780 | L 802 920 | L 812 940 | L 842 980 | L 892 1040 | C 962 1120 1052 1220 1162 1340 | Z | M 1192 1340 | C 1202 1340 1222 1370 1222 1410 | Z | M 1222 1450 | C 1222 1460 1242 1490 1282 1490 | Z"
    ),
    (
      5, "cid00005",
      "M 30 0 | Z | M 30 0 | Z | M 30 40 | L 80 90 | L 90 90 | L 90 100 | L 110 100 | L 110 130 | L 120 130 | L 120 150 | Z"
    ),
    (6, "cid00006", "M 0 0 | L 50 50 | L 100 0 | Z"),
    (7, "cid00007", ""),
  ]

  @Test(arguments: ["cid-fdselect0.otf", "cid-fdselect3.otf"])
  func cidKeyedGlyphs(_ file: String) throws {
    let font = try Font(bytes: try FontFixtureTests.fixture(file))
    #expect(font.glyphCount == 8)
    #expect(font.glyph(for: "A") == 1)
    for expected in FontFixtureTests.cidOutlines {
      let found = try font.outline(of: expected.glyph).commands
      #expect(FontFiles.same(found, FontFiles.commands(expected.commands)), "\(file) \(expected.name): \(found)")
    }
  }
}
