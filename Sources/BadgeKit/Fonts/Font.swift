// A font face read for drawing text: a font file's bytes in; its metrics,
// names and style, and per glyph its character mapping, advance, kerning
// and outline out. The table directory and the small tables are read at
// once; the character map, the kerning lookups and the CFF structure are
// located and checked once, so each later question is a few bounds-checked
// reads; an outline is decoded only when asked for.

/// A font file read for drawing: an sfnt (TrueType `glyf` or OpenType
/// `CFF `), one face of it. Every number is in font units (`unitsPerEm` to
/// the em) with y up; glyphs are indices into the face's glyphs, 0 being
/// .notdef. A damaged file gives a `FontError` when it is read or when a
/// damaged glyph is drawn, never a crash.
public struct Font: Sendable {
  /// Font units per em.
  public let unitsPerEm: Int
  /// The line's extent above the baseline, in font units: 'hhea', or the
  /// OS/2 typographic metrics when OS/2 says to use them (fsSelection bit
  /// 7, USE_TYPO_METRICS).
  public let ascender: Int
  /// The line's extent below the baseline, in font units, negative.
  public let descender: Int
  /// The extra space between lines, in font units.
  public let lineGap: Int
  /// The typographic family (name ID 16) if given, else the family (ID 1):
  /// "DejaVu Sans". Empty when the font names none.
  public let familyName: String
  /// The typographic style (name ID 17) if given, else the style (ID 2):
  /// "Bold Oblique".
  public let styleName: String
  /// The CSS weight, 1 to 1000, from OS/2 usWeightClass (400 without OS/2).
  public let weight: Int
  /// Whether the face slants: OS/2 fsSelection's italic or oblique bit, or
  /// head.macStyle's italic bit.
  public let isItalic: Bool
  /// How many glyphs the face has.
  public let glyphCount: Int

  private let cmap: CharacterMap
  private let hmtx: FontBytes
  /// How many glyphs have their own entry in 'hmtx'; the rest repeat the
  /// last advance.
  private let numberOfHMetrics: Int
  private let kern: Kerning
  private let outlines: Outlines

  /// Where the outlines come from.
  private enum Outlines: Sendable {
    case trueType(TrueTypeOutlines)
    case cff(CFFOutlines)
  }

  /// Reads face `faceIndex` of the font file `bytes` (a single font has
  /// only face 0; a TrueType or OpenType collection, .ttc or .otc, has
  /// several).
  public init(bytes: [UInt8], faceIndex: Int = 0) throws(FontError) {
    let file = FontBytes(bytes)
    let faces = try SfntDirectory.faceOffsets(file)
    guard faceIndex >= 0, faceIndex < faces.count else { throw .faceOutOfRange(faceIndex, count: faces.count) }
    guard let start = file.from(faces[faceIndex]) else { throw .notAFont }
    try self.init(
      directory: try SfntDirectory(start), read: { file.range($0, $1) }, glyf: { file.range($0, $1).map { .bytes($0) } }
    )
  }

  /// Reads face `faceIndex` of the open font file `file` in parts: its
  /// directory and the tables the font keeps now, and each glyph's data
  /// from 'glyf' when it is drawn. A file this cannot read may still be
  /// one `init(bytes:)` reads (a collection's header that lists more faces
  /// than a collection may hold, say), or give another error: the caller
  /// reads it whole then, for the same font or the same error.
  init(file: FontFile, faceIndex: Int) throws(FontError) {
    let header = FontBytes(file.bytes(at: 0, count: min(file.size, 12)) ?? [])
    var faces = [0]
    if header.u32(0) == 0x7474_6366 {
      guard let n = header.u32(8), n <= SfntDirectory.maxFaces else { throw .notAFont }
      faces = try SfntDirectory.faceOffsets(FontBytes(file.bytes(at: 0, count: 12 + 4 * n) ?? []))
    }
    guard faceIndex >= 0, faceIndex < faces.count,
      let top = file.bytes(at: faces[faceIndex], count: 12), let n = FontBytes(top).u16(4),
      n <= SfntDirectory.maxTables, let entries = file.bytes(at: faces[faceIndex], count: 12 + 16 * n)
    else { throw .notAFont }
    try self.init(
      directory: try SfntDirectory(FontBytes(entries)), read: { file.bytes(at: $0, count: $1).map(FontBytes.init) },
      glyf: { (offset, count) in
        offset <= file.size && count <= file.size - offset ? .file(file, offset: offset, count: count) : nil
      })
  }

  /// Reads the face whose table directory is `directory`: `read` gives a
  /// table's bytes from its offset in the file and its length, and `glyf`
  /// the 'glyf' table; nil when the file does not hold them.
  private init(
    directory: SfntDirectory, read: (Int, Int) -> FontBytes?, glyf readGlyf: (Int, Int) -> GlyphTable?
  ) throws(FontError) {
    func table(_ tag: StaticString) throws(FontError) -> FontBytes? {
      guard let entry = directory.table(fontTag(tag)) else { return nil }
      guard let bytes = read(entry.offset, entry.length) else { throw .tableOutside("\(tag)") }
      return bytes
    }
    func required(_ tag: StaticString) throws(FontError) -> FontBytes {
      guard let bytes = try table(tag) else { throw .tableMissing("\(tag)") }
      return bytes
    }

    let head = try HeadTable(try required("head"))
    let hhea = try HheaTable(try required("hhea"))
    guard let numGlyphs = try required("maxp").u16(4) else { throw .truncated("maxp") }
    guard numGlyphs >= 1 else { throw .badTable("maxp", "the font has no glyphs") }
    let os2 = try table("OS/2").flatMap(OS2Table.init)
    let names = try table("name").map(FontNames.init) ?? FontNames()

    unitsPerEm = head.unitsPerEm
    if let os2, os2.useTypoMetrics, let typo = os2.typoMetrics {
      (ascender, descender, lineGap) = typo
    } else {
      (ascender, descender, lineGap) = (hhea.ascender, hhea.descender, hhea.lineGap)
    }
    familyName = names.family
    styleName = names.style
    let style = FaceStyle(os2: os2, macStyle: head.macStyle)
    weight = style.weight
    isItalic = style.isItalic
    glyphCount = numGlyphs

    hmtx = try required("hmtx")
    numberOfHMetrics = min(hhea.numberOfHMetrics, numGlyphs)
    guard numberOfHMetrics >= 1, hmtx.count >= 4 * numberOfHMetrics else { throw .truncated("hmtx") }
    cmap = try CharacterMap(try required("cmap"), numGlyphs: numGlyphs)
    kern = Kerning(gpos: try table("GPOS"), kern: try table("kern"))

    if let entry = directory.table(fontTag("glyf")) {
      guard let glyf = readGlyf(entry.offset, entry.length) else { throw .tableOutside("glyf") }
      outlines = .trueType(
        try TrueTypeOutlines(
          loca: try required("loca"), glyf: glyf, indexToLocFormat: head.indexToLocFormat, numGlyphs: numGlyphs,
          hmtx: hmtx, numberOfHMetrics: numberOfHMetrics))
    } else if let cff = try table("CFF ") {
      outlines = .cff(try CFFOutlines(cff, numGlyphs: numGlyphs))
    } else {
      throw .noOutlines
    }
  }

  /// How many faces the font file `bytes` holds: 1, or a collection's
  /// count.
  public static func faceCount(bytes: [UInt8]) throws(FontError) -> Int {
    try SfntDirectory.faceOffsets(FontBytes(bytes)).count
  }

  /// The glyph that draws `scalar`, or 0 (.notdef) when the face has none.
  public func glyph(for scalar: Unicode.Scalar) -> Int {
    cmap.glyph(for: scalar.value)
  }

  /// How far the pen moves after `glyph`, in font units (0 for a glyph
  /// the face does not have).
  public func advance(of glyph: Int) -> Int {
    guard glyph >= 0, glyph < glyphCount else { return 0 }
    return hmtx.u16(4 * min(glyph, numberOfHMetrics - 1)) ?? 0
  }

  /// The adjustment of the advance of `left` when `right` follows it, in
  /// font units (negative brings them closer): the 'kern' feature of
  /// 'GPOS' (pair adjustments, for the Latin and default scripts), else
  /// the legacy 'kern' table. 0 when the pair is not kerned.
  public func kerning(_ left: Int, _ right: Int) -> Int {
    guard left >= 0, left <= 0xFFFF, right >= 0, right <= 0xFFFF else { return 0 }
    return kern.value(left, right)
  }

  /// Whether the face has any kerning pairs.
  public var hasKerning: Bool { !kern.isEmpty }

  /// The outline of `glyph` in font units, y up; a `FontError` when the
  /// glyph does not exist or its data is damaged.
  public func outline(of glyph: Int) throws(FontError) -> GlyphOutline {
    switch outlines {
    case .trueType(let t): return try t.outline(of: glyph)
    case .cff(let c): return try c.outline(of: glyph)
    }
  }
}
