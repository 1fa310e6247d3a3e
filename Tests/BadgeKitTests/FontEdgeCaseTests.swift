// The font reader on what real fonts rarely hold, made by changing a few
// bytes of DejaVu Sans or by joining two fonts into a collection: a face
// of a .ttc, a left side bearing that differs from xMin, a component
// placed by matching points, a component cycle, and files that are not
// fonts. The expected values follow from the change itself.
import Testing

@testable import BadgeKit

struct FontEdgeCaseTests {
  /// Where table `tag` starts in the font file `bytes`.
  static func tableOffset(_ bytes: [UInt8], _ tag: StaticString) throws -> Int {
    try #require(try SfntDirectory(FontBytes(bytes)).table(fontTag(tag))).offset
  }

  /// Where glyph `glyph`'s data starts in DejaVu Sans (whose 'loca' holds
  /// 32-bit offsets).
  static func glyphOffset(_ bytes: [UInt8], _ glyph: Int) throws -> Int {
    let loca = try tableOffset(bytes, "loca")
    return try tableOffset(bytes, "glyf") + (try #require(FontBytes(bytes).u32(loca + 4 * glyph)))
  }

  static func write16(_ bytes: inout [UInt8], _ at: Int, _ value: Int) {
    bytes[at] = UInt8((value >> 8) & 0xFF)
    bytes[at + 1] = UInt8(value & 0xFF)
  }

  /// A TrueType collection of `fonts`: a 'ttcf' header and the fonts one
  /// after another, their table offsets moved by where each one lands.
  static func collection(_ fonts: [[UInt8]]) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
    let headerSize = 12 + 4 * fonts.count
    var offsets: [Int] = []
    var body: [UInt8] = []
    for font in fonts {
      let base = headerSize + body.count
      offsets.append(base)
      var copy = font
      let tables = Int(copy[4]) << 8 | Int(copy[5])
      for i in 0..<tables {
        let at = 12 + 16 * i + 8
        let old = Int(copy[at]) << 24 | Int(copy[at + 1]) << 16 | Int(copy[at + 2]) << 8 | Int(copy[at + 3])
        copy.replaceSubrange(at..<(at + 4), with: be32(old + base))
      }
      body += copy
      while body.count % 4 != 0 { body.append(0) }
    }
    return Array("ttcf".utf8) + be32(0x1_0000) + be32(fonts.count) + offsets.flatMap(be32) + body
  }

  @Test func faceOfACollection() throws {
    guard let regular = FontFiles.bytes(FontFiles.dejaVuSans), let bold = FontFiles.bytes(FontFiles.dejaVuSansBold)
    else { return }
    let ttc = FontEdgeCaseTests.collection([regular, bold])
    #expect(try Font.faceCount(bytes: ttc) == 2)
    let first = try Font(bytes: ttc)
    let second = try Font(bytes: ttc, faceIndex: 1)
    #expect(first.weight == 400 && first.styleName == "Book")
    #expect(second.weight == 700 && second.styleName == "Bold" && second.familyName == "DejaVu Sans")
    let alone = try Font(bytes: bold)
    let a = alone.glyph(for: "A")
    #expect(second.glyph(for: "A") == a)
    #expect(try second.outline(of: a) == alone.outline(of: a))
    #expect(second.advance(of: a) == alone.advance(of: a))
    #expect(throws: FontError(message: "the collection holds 2 faces; there is no face 2")) {
      try Font(bytes: ttc, faceIndex: 2)
    }
  }

  /// A left side bearing 100 units more than the glyph's xMin moves the
  /// whole outline 100 units right.
  @Test func glyphPlacedAtItsLeftSideBearing() throws {
    guard var bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    let before = try Font(bytes: bytes).outline(of: 36)
    let at = try FontEdgeCaseTests.tableOffset(bytes, "hmtx") + 4 * 36 + 2
    let lsb = try #require(FontBytes(bytes).i16(at))
    FontEdgeCaseTests.write16(&bytes, at, lsb + 100)
    let after = try Font(bytes: bytes).outline(of: 36)
    let moved = before.commands.map { c -> GlyphCommand in
      switch c {
      case .move(let x, let y): return .move(x + 100, y)
      case .line(let x, let y): return .line(x + 100, y)
      case .quad(let a, let b, let x, let y): return .quad(a + 100, b, x + 100, y)
      case .cubic(let a, let b, let c, let d, let x, let y): return .cubic(a + 100, b, c + 100, d, x + 100, y)
      case .close: return .close
      }
    }
    #expect(after.commands == moved)
  }

  /// Adieresis (glyph 134) is A and the dieresis moved by x/y offsets.
  /// With ARGS_ARE_XY_VALUES cleared, its arguments name points to match,
  /// which the reader does not follow: the dieresis stays where it is
  /// drawn alone.
  @Test func componentPlacedByPointsIsNotMoved() throws {
    guard var bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    let font = try Font(bytes: bytes)
    let glyph = try FontEdgeCaseTests.glyphOffset(bytes, 134)
    let first = try #require(FontBytes(bytes).u16(glyph + 10))
    #expect(first & 0x20 != 0)  // more components follow
    let second = glyph + 10 + 4 + (first & 1 != 0 ? 4 : 2)
    let flags = try #require(FontBytes(bytes).u16(second))
    let dieresis = try #require(FontBytes(bytes).u16(second + 2))
    #expect(flags & 2 != 0)
    FontEdgeCaseTests.write16(&bytes, second, flags & ~2)
    let patched = try Font(bytes: bytes)
    let expected = try font.outline(of: 36).commands + font.outline(of: dieresis).commands
    #expect(try patched.outline(of: 134).commands == expected)
  }

  /// Adieresis made to contain itself instead of A.
  @Test func componentCycleIsAnError() throws {
    guard var bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    let glyph = try FontEdgeCaseTests.glyphOffset(bytes, 134)
    #expect(FontBytes(bytes).u16(glyph + 12) == 36)
    FontEdgeCaseTests.write16(&bytes, glyph + 12, 134)
    let font = try Font(bytes: bytes)
    #expect(throws: FontError(message: "glyph 134 is made of components that contain it")) {
      try font.outline(of: 134)
    }
    #expect(try font.outline(of: 36).commands.count > 0)
  }

  @Test func filesThatAreNotFonts() throws {
    let notAFont = FontError(message: "not a font file (no sfnt header)")
    #expect(throws: notAFont) { try Font(bytes: []) }
    #expect(throws: notAFont) { try Font(bytes: Array("<svg></svg>".utf8)) }
    #expect(throws: notAFont) { try Font(bytes: [0, 1, 0, 0, 0]) }
    // A header that lists a table directory longer than the file.
    #expect(throws: FontError(message: "the table directory lists 9 tables but the file ends before their entries")) {
      try Font(bytes: [0, 1, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0])
    }
    #expect(throws: FontError(message: "the font has no 'head' table")) {
      try Font(bytes: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }
  }

  @Test func glyphsOutsideTheFont() throws {
    guard let font = try FontFiles.font(FontFiles.dejaVuSans) else { return }
    #expect(throws: FontError(message: "the font has 6253 glyphs; there is no glyph 6253")) {
      try font.outline(of: 6253)
    }
    #expect(throws: FontError(message: "the font has 6253 glyphs; there is no glyph -1")) {
      try font.outline(of: -1)
    }
    guard let cff = try FontFiles.font(FontFiles.nimbusSans) else { return }
    #expect(throws: FontError(message: "the font has 855 glyphs; there is no glyph 855")) {
      try cff.outline(of: 855)
    }
  }
}

extension FontEdgeCaseTests {
  /// A GPOS whose script list repeats 'latn' 10,000 times, each with a
  /// language system of 20,000 features: read once, not 10,000 times
  /// (2·10⁸ reads), and within the bound on indices.
  @Test func repeatedScriptRecordsAreReadOnce() {
    let scripts = 10_000
    let features = 20_000
    func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    let scriptTable = 2 + 6 * scripts  // offset of the one Script, from the ScriptList
    var scriptList = be16(scripts)
    for _ in 0..<scripts { scriptList += Array("latn".utf8) + be16(scriptTable) }
    scriptList += be16(4) + be16(0)  // Script: default LangSys right after it
    scriptList += be16(0) + be16(0xFFFF) + be16(features) + (0..<features).flatMap { be16($0) }
    // Header, then the empty feature and lookup lists, then the scripts.
    let header = be16(1) + be16(0) + be16(14) + be16(10) + be16(12)
    let gpos = header + be16(0) + be16(0) + scriptList
    #expect(Kerning.kernLookups(FontBytes(gpos)).isEmpty)
  }
}
