// The font reader against fontTools: metrics, names, the character map,
// advances, kerning and outlines of the pinned font files, one TrueType
// (DejaVu Sans) and one CFF (Nimbus Sans). Every expected value in the
// tables was computed by fontTools, an independent implementation, with
// Tests/fonttools-reference.py (`tables`); the kerning pairs also agree with
// HarfBuzz's shaping of the same pairs.
import Testing

@testable import BadgeKit

struct FontReaderTests {
  /// A character, its glyph and that glyph's advance (font units).
  typealias Mapping = (scalar: UInt32, glyph: Int, advance: Int)
  /// Two characters, their glyphs and the kerning of the pair.
  typealias Pair = (text: String, left: Int, right: Int, kerning: Int)
  /// A glyph, its name in the font, and its outline as fontTools draws it.
  typealias Outline = (glyph: Int, name: String, commands: String)

  // MARK: DejaVu Sans (TrueType)

  static let dejaVuMappings: [Mapping] = [
    (0x0041, 36, 1401),
    (0x0056, 57, 1401),
    (0x0054, 55, 1251),
    (0x006F, 82, 1253),
    (0x0020, 3, 651),
    (0x00E9, 171, 1260),
    (0x00C4, 134, 1401),
    (0x20AC, 2948, 1303),
    (0xFB01, 5042, 1290),
    (0x2603, 3803, 1836),
    (0x10300, 5373, 1550),
    (0x10FFFF, 0, 1229),
  ]

  static let dejaVuPairs: [Pair] = [
    ("AV", 36, 57, -131),
    ("VA", 57, 36, -131),
    ("To", 55, 82, -348),
    ("Te", 55, 72, -348),
    ("Ty", 55, 92, -319),
    ("Yo", 60, 82, -272),
    ("LT", 47, 55, -282),
    ("P.", 51, 17, -319),
    ("r.", 85, 17, -188),
    ("WA", 58, 36, -112),
    ("AA", 36, 36, 57),
    ("oo", 82, 82, 0),
  ]

  /// A: lines only; o: quadratics through implied midpoints; eacute and
  /// Adieresis: composites; uni0221: a contour that starts off-curve;
  /// uni035A: contours without an on-curve point; space: nothing.
  static let dejaVuOutlines: [Outline] = [
    (
      36, "A",
      "M 700 1294 | L 426 551 | L 975 551 | Z | M 586 1493 | L 815 1493 | L 1384 0 | L 1174 0 | L 1038 383 | L 365 383 | L 229 0 | L 16 0 | Z"
    ),
    (
      82, "o",
      "M 627 991 | Q 479 991 393 875.5 | Q 307 760 307 559 | Q 307 358 392.5 242.5 | Q 478 127 627 127 | Q 774 127 860 243 | Q 946 359 946 559 | Q 946 758 860 874.5 | Q 774 991 627 991 | Z | M 627 1147 | Q 867 1147 1004 991 | Q 1141 835 1141 559 | Q 1141 284 1004 127.5 | Q 867 -29 627 -29 | Q 386 -29 249.5 127.5 | Q 113 284 113 559 | Q 113 835 249.5 991 | Q 386 1147 627 1147 | Z"
    ),
    (
      171, "eacute",
      "M 1151 606 | L 1151 516 | L 305 516 | Q 317 326 419.5 226.5 | Q 522 127 705 127 | Q 811 127 910.5 153 | Q 1010 179 1108 231 | L 1108 57 | Q 1009 15 905 -7 | Q 801 -29 694 -29 | Q 426 -29 269.5 127 | Q 113 283 113 549 | Q 113 824 261.5 985.5 | Q 410 1147 662 1147 | Q 888 1147 1019.5 1001.5 | Q 1151 856 1151 606 | Z | M 967 660 | Q 965 811 882.5 901 | Q 800 991 664 991 | Q 510 991 417.5 904 | Q 325 817 311 659 | Z | M 790 1638 | L 989 1638 | L 663 1262 | L 510 1262 | Z"
    ),
    (
      134, "Adieresis",
      "M 700 1294 | L 426 551 | L 975 551 | Z | M 586 1493 | L 815 1493 | L 1384 0 | L 1174 0 | L 1038 383 | L 365 383 | L 229 0 | L 16 0 | Z | M 794 1870 | L 997 1870 | L 997 1667 | L 794 1667 | Z | M 403 1870 | L 606 1870 | L 606 1667 | L 403 1667 | Z"
    ),
    (
      483, "uni0221",
      "M 1206 130 | Q 1223 125 1260 125 | Q 1420 125 1420 300 | Q 1420 345 1368 346 | Q 1316 346 1206 130 | Z | M 1114 314 | Q 1224 498 1360 498 | Q 1604 498 1604 292 | Q 1604 -29 1262 -29 | Q 1189 -29 1136 -14 | Q 1102 -86 1078 -144 | L 882 -144 | Q 911 -75 978 72 | Q 930 132 930 168 | Q 872 68 784 20 | Q 695 -29 571 -29 | Q 368 -29 240 133 | Q 113 295 113 559 | Q 113 823 240 985 | Q 368 1147 571 1147 | Q 695 1147 784 1098 | Q 872 1050 930 950 | L 930 1556 | L 1114 1556 | Z | M 386 240 | Q 470 125 616 125 | Q 762 125 846 240 | Q 930 356 930 559 | Q 930 762 846 878 | Q 762 993 616 993 | Q 470 993 386 878 | Q 303 762 303 559 | Q 303 356 386 240 | Z"
    ),
    (
      774, "uni035A",
      "M -759 -277.5 | Q -759 -317 -732.5 -343.5 | Q -706 -370 -666.5 -370 | Q -627 -370 -600.5 -343.5 | Q -574 -317 -573 -278.5 | Q -572 -240 -599.5 -212.5 | Q -627 -185 -666.5 -185 | Q -706 -185 -732.5 -211.5 | Q -759 -238 -759 -277.5 | Z | M -512 -129 | Q -450 -66 -359.5 -66 | Q -269 -66 -207 -128 | Q -145 -190 -145 -279.5 | Q -145 -369 -207 -431.5 | Q -269 -494 -360 -494 | Q -451 -494 -512 -429 | Q -574 -493 -665 -493 | Q -756 -493 -818 -430.5 | Q -880 -368 -880 -278.5 | Q -880 -189 -818 -127 | Q -756 -65 -665 -65 | Q -574 -65 -512 -129 | Z | M -359.5 -371 | Q -320 -371 -293 -344 | Q -266 -317 -266 -278.5 | Q -266 -240 -293 -213 | Q -320 -186 -359.5 -186 | Q -399 -186 -425.5 -212.5 | Q -452 -239 -452 -278.5 | Q -452 -318 -425.5 -344.5 | Q -399 -371 -359.5 -371 | Z"
    ),
    (
      3, "space",
      ""
    ),
  ]

  @Test func dejaVuSansMetricsAndNames() throws {
    guard let font = try FontFiles.font(FontFiles.dejaVuSans) else { return }
    #expect(font.unitsPerEm == 2048)
    #expect([font.ascender, font.descender, font.lineGap] == [1901, -483, 0])
    #expect(font.glyphCount == 6253)
    #expect(font.familyName == "DejaVu Sans")
    #expect(font.styleName == "Book")
    #expect(font.weight == 400)
    #expect(!font.isItalic)
  }

  @Test func dejaVuSansCharactersAndAdvances() throws {
    guard let font = try FontFiles.font(FontFiles.dejaVuSans) else { return }
    for m in FontReaderTests.dejaVuMappings {
      let scalar = try #require(Unicode.Scalar(m.scalar))
      #expect(font.glyph(for: scalar) == m.glyph, "U+\(String(m.scalar, radix: 16))")
      #expect(font.advance(of: m.glyph) == m.advance, "U+\(String(m.scalar, radix: 16))")
    }
    // Past numberOfHMetrics (6238) the last advance repeats.
    #expect(font.advance(of: 6237) == 1508)
    #expect(font.advance(of: 6238) == 1508)
    #expect(font.advance(of: 6252) == 1508)
    #expect(font.advance(of: 6253) == 0)
    #expect(font.advance(of: -1) == 0)
  }

  @Test func dejaVuSansKerningFromGPOS() throws {
    guard let font = try FontFiles.font(FontFiles.dejaVuSans) else { return }
    for p in FontReaderTests.dejaVuPairs {
      let l = font.glyph(for: p.text.unicodeScalars.first!)
      let r = font.glyph(for: p.text.unicodeScalars.last!)
      #expect([l, r] == [p.left, p.right], "\(p.text)")
      #expect(font.kerning(l, r) == p.kerning, "\(p.text)")
    }
    #expect(font.kerning(-1, 36) == 0)
    #expect(font.kerning(36, 70_000) == 0)
  }

  /// DejaVu Sans also has a legacy 'kern' table (format 0), read when a
  /// font has no 'kern' feature in GPOS.
  @Test func dejaVuSansLegacyKernTable() throws {
    guard let bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    let file = FontBytes(bytes)
    let directory = try SfntDirectory(file)
    let entry = try #require(directory.table(fontTag("kern")))
    let kerning = Kerning(gpos: nil, kern: file.range(entry.offset, entry.length))
    for (l, r, value) in FontReaderTests.dejaVuLegacyPairs {
      #expect(kerning.value(l, r) == value, "\(l) \(r)")
    }
  }

  /// Glyph, glyph, kerning in DejaVu Sans' 'kern' table.
  static let dejaVuLegacyPairs: [(Int, Int, Int)] = [
    (36, 57, -131),
    (57, 36, -131),
    (55, 82, -348),
    (55, 72, -348),
    (55, 92, -319),
    (60, 82, -272),
    (47, 55, -282),
    (51, 17, -319),
    (85, 17, -188),
    (58, 36, -112),
    (36, 36, 57),
    (82, 82, 0),
  ]

  @Test(arguments: dejaVuOutlines.map { $0.glyph })
  func dejaVuSansOutline(_ glyph: Int) throws {
    guard let font = try FontFiles.font(FontFiles.dejaVuSans) else { return }
    let expected = try #require(FontReaderTests.dejaVuOutlines.first { $0.glyph == glyph })
    let found = try font.outline(of: glyph).commands
    #expect(FontFiles.same(found, FontFiles.commands(expected.commands)), "\(expected.name): \(found)")
  }

  // MARK: Nimbus Sans (CFF)

  static let nimbusMappings: [Mapping] = [
    (0x0041, 34, 667),
    (0x0056, 55, 667),
    (0x0054, 53, 611),
    (0x006F, 80, 556),
    (0x0020, 1, 278),
    (0x00E9, 207, 556),
    (0x00C4, 173, 667),
    (0x20AC, 347, 556),
    (0xFB01, 109, 500),
    (0x2603, 0, 278),
    (0x10300, 0, 278),
    (0x10FFFF, 0, 278),
  ]

  static let nimbusPairs: [Pair] = [
    ("AV", 34, 55, -71),
    ("VA", 55, 34, -68),
    ("To", 53, 80, -91),
    ("Te", 53, 70, -93),
    ("Ty", 53, 90, -101),
    ("Yo", 58, 80, -85),
    ("LT", 45, 53, -105),
    ("P.", 49, 15, -132),
    ("r.", 83, 15, -70),
    ("WA", 56, 34, -50),
    ("AA", 34, 34, 20),
    ("oo", 80, 80, 0),
  ]

  /// b, d, g, percent and ae call local and global subroutines and use
  /// hintmask; ellipsis uses cntrmask; dollar vvcurveto; ampersand
  /// hhcurveto and rcurveline.
  static let nimbusOutlines: [Outline] = [
    (
      34, "A",
      "M 474 219 | L 549 0 | L 653 0 | L 397 729 | L 277 729 | L 17 0 | L 116 0 | L 193 219 | Z | M 448 297 | L 216 297 | L 336 629 | Z"
    ),
    (
      67, "b",
      "M 54 729 | L 54 0 | L 129 0 | L 129 67 | C 169 6 222 -23 295 -23 | C 433 -23 523 90 523 264 | C 523 434 438 539 299 539 | C 227 539 176 512 137 453 | L 137 729 | Z | M 283 461 | C 376 461 436 380 436 255 | C 436 136 374 55 283 55 | C 194 55 137 135 137 258 | C 137 381 194 461 283 461 | Z"
    ),
    (
      69, "d",
      "M 495 729 | L 412 729 | L 412 458 | C 377 511 321 539 251 539 | C 115 539 26 430 26 263 | C 26 86 112 -23 254 -23 | C 326 -23 376 4 421 69 | L 421 0 | L 495 0 | Z | M 265 461 | C 355 461 412 382 412 256 | C 412 135 354 55 266 55 | C 174 55 113 136 113 258 | C 113 380 174 461 265 461 | Z"
    ),
    (
      72, "g",
      "M 404 524 | L 404 448 | C 362 511 316 539 250 539 | C 123 539 35 421 35 253 | C 35 165 56 101 101 48 | C 140 2 190 -23 244 -23 | C 307 -23 352 5 396 71 | L 396 44 | C 396 -96 357 -148 253 -148 | C 182 -148 145 -120 137 -60 | L 52 -60 | C 60 -157 137 -218 251 -218 | C 328 -218 392 -193 426 -151 | C 466 -102 481 -37 481 86 | L 481 524 | Z | M 258 462 | C 346 462 396 388 396 255 | C 396 128 345 54 258 54 | C 172 54 122 129 122 258 | C 122 386 172 462 258 462 | Z"
    ),
    (
      6, "percent",
      "M 199 685 | C 105 685 29 608 29 514 | C 29 420 105 343 200 343 | C 293 343 370 420 370 512 | C 370 609 295 685 199 685 | Z | M 199 615 | C 256 615 301 570 301 513 | C 301 458 255 413 200 413 | C 144 413 98 458 98 514 | C 98 570 143 615 199 615 | Z | M 609 709 | L 214 -20 | L 280 -20 | L 675 709 | Z | M 688 322 | C 594 322 518 246 518 152 | C 518 57 594 -19 689 -19 | C 782 -19 859 57 859 150 | C 859 246 784 322 688 322 | Z | M 688 252 | C 745 252 790 207 790 150 | C 790 96 744 51 689 51 | C 632 51 587 96 587 152 | C 587 207 632 252 688 252 | Z"
    ),
    (
      144, "ae",
      "M 751 159 | C 727 90 680 54 613 54 | C 560 54 515 78 487 122 | C 467 152 460 182 459 234 | L 845 234 | C 845 314 839 362 824 401 | C 790 486 710 539 613 539 | C 541 539 476 509 440 457 | C 409 512 350 539 265 539 | C 190 539 128 517 93 478 | C 69 451 59 421 57 369 | L 141 369 | C 148 433 186 462 263 462 | C 340 462 381 435 381 384 | L 381 362 | C 380 321 364 310 294 303 | C 210 296 159 286 126 272 | C 65 246 34 200 34 132 | C 34 38 100 -23 202 -23 | C 280 -23 343 9 418 87 | C 425 75 429 68 434 60 | C 469 8 535 -23 612 -23 | C 730 -23 813 45 835 159 | Z | M 381 157 | C 381 138 362 111 332 88 | C 299 63 262 50 221 50 | C 159 50 121 82 121 134 | C 121 189 157 216 247 229 | C 336 242 353 246 381 258 | Z | M 461 302 | C 468 399 527 462 611 462 | C 696 462 755 397 755 302 | Z"
    ),
    (
      121, "ellipsis",
      "M 219 104 | L 115 104 | L 115 0 | L 219 0 | Z | M 552 104 | L 448 104 | L 448 0 | L 552 0 | Z | M 885 104 | L 781 104 | L 781 0 | L 885 0 | Z"
    ),
    (
      5, "dollar",
      "M 250 770 | L 250 716 | C 122 700 53 630 53 516 | C 53 453 77 404 123 370 | C 150 351 178 340 250 318 | L 250 46 | C 205 52 167 72 144 103 | C 129 126 125 143 119 208 | L 40 208 | C 33 69 109 -14 250 -23 | L 250 -126 | L 309 -126 | L 309 -23 | C 363 -19 400 -8 433 12 | C 491 48 525 116 525 195 | C 525 266 498 316 440 349 | C 414 364 401 369 309 397 | L 309 646 | C 376 643 423 592 424 519 | L 503 519 | C 503 633 430 707 309 716 | L 309 770 | Z | M 250 405 | C 171 426 134 465 134 526 | C 134 592 176 635 250 645 | Z | M 309 309 | C 411 279 443 249 443 183 | C 443 144 428 109 401 83 | C 377 60 352 51 309 46 | Z"
    ),
    (
      7, "ampersand",
      "M 493 334 | C 494 298 482 250 462 215 | L 329 378 | C 433 437 467 480 467 552 | C 467 644 399 709 304 709 | C 208 709 133 640 133 552 | C 133 505 151 468 214 389 | C 89 317 52 268 52 176 | C 52 56 134 -23 257 -23 | C 307 -23 353 -11 389 12 | C 410 26 427 40 466 78 | L 528 0 | L 637 0 | L 515 151 | C 552 208 573 274 573 334 | Z | M 285 431 | C 224 501 215 517 215 553 | C 215 605 249 639 301 639 | C 351 639 388 603 388 554 | C 388 510 361 478 285 431 | Z | M 418 137 | C 362 78 319 55 267 55 | C 195 55 136 112 136 183 | C 136 239 167 279 258 337 | Z"
    ),
    (
      1, "space",
      ""
    ),
  ]

  @Test func nimbusSansMetricsAndNames() throws {
    guard let font = try FontFiles.font(FontFiles.nimbusSans) else { return }
    #expect(font.unitsPerEm == 1000)
    #expect([font.ascender, font.descender, font.lineGap] == [729, -271, 200])
    #expect(font.glyphCount == 855)
    #expect(font.familyName == "Nimbus Sans")
    #expect(font.styleName == "Regular")
    #expect(font.weight == 400)
    #expect(!font.isItalic)
  }

  @Test func nimbusSansCharactersAdvancesAndKerning() throws {
    guard let font = try FontFiles.font(FontFiles.nimbusSans) else { return }
    for m in FontReaderTests.nimbusMappings {
      let scalar = try #require(Unicode.Scalar(m.scalar))
      #expect(font.glyph(for: scalar) == m.glyph, "U+\(String(m.scalar, radix: 16))")
      #expect(font.advance(of: m.glyph) == m.advance, "U+\(String(m.scalar, radix: 16))")
    }
    for p in FontReaderTests.nimbusPairs {
      let l = font.glyph(for: p.text.unicodeScalars.first!)
      let r = font.glyph(for: p.text.unicodeScalars.last!)
      #expect([l, r] == [p.left, p.right], "\(p.text)")
      #expect(font.kerning(l, r) == p.kerning, "\(p.text)")
    }
  }

  @Test(arguments: nimbusOutlines.map { $0.glyph })
  func nimbusSansOutline(_ glyph: Int) throws {
    guard let font = try FontFiles.font(FontFiles.nimbusSans) else { return }
    let expected = try #require(FontReaderTests.nimbusOutlines.first { $0.glyph == glyph })
    let found = try font.outline(of: glyph).commands
    #expect(FontFiles.same(found, FontFiles.commands(expected.commands)), "\(expected.name): \(found)")
  }
}
