// The small fixed tables every face has: 'head', 'hhea', 'maxp' and 'OS/2'.
// It takes their bytes and hands on the numbers the reader and the catalog
// use: the em, the line metrics, the glyph count, and the face's weight,
// width and slant.

/// Numbers from the 'head' table.
struct HeadTable: Sendable {
  /// Font units per em (16 to 16384).
  var unitsPerEm: Int
  /// Bit 0 bold, bit 1 italic.
  var macStyle: Int
  /// 0: 'loca' holds 16-bit offsets (halved); 1: 32-bit offsets.
  var indexToLocFormat: Int

  init(_ table: FontBytes) throws(FontError) {
    guard let units = table.u16(18), let style = table.u16(44), let loca = table.i16(50) else {
      throw .truncated("head")
    }
    guard units >= 16 && units <= 16_384 else { throw .badTable("head", "\(units) units per em") }
    unitsPerEm = units
    macStyle = style
    indexToLocFormat = loca
  }

  /// Only the style, for the catalog (which reads no outlines); nil when
  /// the table is too short.
  static func macStyle(_ table: FontBytes) -> Int? { table.u16(44) }
}

/// Numbers from the 'hhea' table, in font units with y up.
struct HheaTable: Sendable {
  var ascender: Int
  /// Below the baseline, so usually negative.
  var descender: Int
  var lineGap: Int
  /// How many glyphs have their own advance in 'hmtx'.
  var numberOfHMetrics: Int

  init(_ table: FontBytes) throws(FontError) {
    guard let a = table.i16(4), let d = table.i16(6), let g = table.i16(8), let n = table.u16(34) else {
      throw .truncated("hhea")
    }
    (ascender, descender, lineGap, numberOfHMetrics) = (a, d, g, n)
  }
}

/// Numbers from the 'OS/2' table: the face's style and its typographic
/// line metrics (font units, y up).
struct OS2Table: Sendable {
  /// usWeightClass, 1 to 1000.
  var weight: Int
  /// usWidthClass, 1 (ultra-condensed) to 9 (ultra-expanded); 5 is normal.
  var width: Int
  var fsSelection: Int
  /// sTypoAscender, sTypoDescender, sTypoLineGap; nil in a short table.
  var typoMetrics: (ascender: Int, descender: Int, lineGap: Int)?

  /// nil when the table is too short to hold fsSelection.
  init?(_ table: FontBytes) {
    guard let w = table.u16(4), let width = table.u16(6), let selection = table.u16(62) else { return nil }
    // A weight of 1 to 9 is an old scale of hundreds; 0 means unset.
    weight = w == 0 ? 400 : w < 10 ? w * 100 : min(w, 1_000)
    self.width = (1...9).contains(width) ? width : 5
    fsSelection = selection
    if let a = table.i16(68), let d = table.i16(70), let g = table.i16(72) {
      typoMetrics = (a, d, g)
    }
  }

  /// fsSelection bit 0 (italic) or bit 9 (oblique).
  var isItalic: Bool { fsSelection & 0x201 != 0 }
  /// fsSelection bit 7: the typographic metrics are the line metrics.
  var useTypoMetrics: Bool { fsSelection & 0x80 != 0 }
}

/// A face's weight, width and slant, as the catalog matches them: from
/// 'OS/2', or from 'head' alone (weight 400, normal width) without it.
struct FaceStyle: Equatable, Sendable {
  /// CSS weight, 1 to 1000 (400 regular, 700 bold).
  var weight = 400
  /// OS/2 width class, 1 to 9 (5 normal).
  var width = 5
  var isItalic = false

  init(os2: OS2Table?, macStyle: Int?) {
    if let os2 {
      weight = os2.weight
      width = os2.width
      isItalic = os2.isItalic
    }
    if let macStyle, macStyle & 2 != 0 { isItalic = true }
  }

  init(weight: Int, width: Int, isItalic: Bool) {
    (self.weight, self.width, self.isItalic) = (weight, width, isItalic)
  }
}
