// Fonts read in parts from their files (FontFile): the same font as the
// file read whole, glyph by glyph, for TrueType, CFF and a collection; a
// file that ends before its tables is the same error; a file cut short
// while its font is in use is an error at the glyph, never a fault.
import Foundation
import Testing

@testable import BadgeKit

@Suite struct FontFileTests {
  /// `path` as a font read in parts and read whole.
  static func both(_ path: String, faceIndex: Int = 0) throws -> (parts: Font, whole: Font)? {
    guard let bytes = FontFiles.bytes(path) else { return nil }
    let file = try FontFile(path, limit: FontCatalog.maxFontFileSize)
    return (try Font(file: file, faceIndex: faceIndex), try Font(bytes: bytes, faceIndex: faceIndex))
  }

  /// Whether two fonts agree in their metrics and names, and in the
  /// character, advance and outline (or error) of every `step`-th glyph.
  static func expectSame(_ a: Font, _ b: Font, step: Int = 1) throws {
    #expect(a.unitsPerEm == b.unitsPerEm && a.ascender == b.ascender && a.descender == b.descender)
    #expect(a.lineGap == b.lineGap && a.familyName == b.familyName && a.styleName == b.styleName)
    #expect(a.weight == b.weight && a.isItalic == b.isItalic && a.glyphCount == b.glyphCount)
    for s in (32...0x24F).compactMap(Unicode.Scalar.init) { #expect(a.glyph(for: s) == b.glyph(for: s)) }
    var drawn = 0
    for g in stride(from: 0, to: a.glyphCount, by: step) {
      #expect(a.advance(of: g) == b.advance(of: g))
      // The same outline, or the same error (the fixtures hold damaged
      // glyphs on purpose).
      let outline = Result { () throws(FontError) in try a.outline(of: g) }
      #expect(outline == Result { () throws(FontError) in try b.outline(of: g) }, "glyph \(g)")
      drawn += ((try? outline.get())?.commands.isEmpty ?? true) ? 0 : 1
    }
    #expect(drawn > 0)
  }

  @Test(arguments: [FontFiles.dejaVuSans, FontFiles.dejaVuSansBold, FontFiles.nimbusSans])
  func aFontReadInPartsIsTheFontReadWhole(_ path: String) throws {
    guard let (parts, whole) = try Self.both(path) else { return }
    try Self.expectSame(parts, whole, step: 3)
  }

  @Test(arguments: ["composites.ttf", "cid-fdselect0.otf", "cid-fdselect3.otf"])
  func fixturesReadInPartsAreTheFontsReadWhole(_ name: String) throws {
    guard let (parts, whole) = try Self.both(Support.url("Tests/BadgeKitTests/FontFiles/" + name).path) else { return }
    try Self.expectSame(parts, whole)
  }

  /// A collection of one face (DejaVu Sans after a 'ttcf' header, its
  /// tables moved by the header's 16 bytes).
  @Test func aCollectionsFaceReadInParts() throws {
    guard let bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    var font = bytes
    let tables = Int(font[4]) << 8 | Int(font[5])
    for i in 0..<tables {
      let at = 12 + 16 * i + 8
      let offset = font[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } + 16
      for k in 0..<4 { font[at + k] = UInt8(truncatingIfNeeded: offset >> (24 - 8 * k)) }
    }
    let collection = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16] + font
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("one.ttc").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(collection)))
    let file = try FontFile(path, limit: FontCatalog.maxFontFileSize)
    try Self.expectSame(try Font(file: file, faceIndex: 0), try Font(bytes: bytes), step: 11)
    #expect(throws: FontError.self) { try Font(file: file, faceIndex: 1) }
    #expect(throws: FontError.faceOutOfRange(1, count: 1)) { try FontCatalog.font(at: path, faceIndex: 1) }
  }

  /// A file that ends inside its 'glyf' table: the error of the file read
  /// whole, from the catalog's reading.
  @Test func aFileCutShortIsTheSameError() throws {
    guard let bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("cut.ttf").path
    let cut = Array(bytes[..<300_000])
    #expect(FileManager.default.createFile(atPath: path, contents: Data(cut)))
    var whole: FontError?
    do { _ = try Font(bytes: cut) } catch { whole = error }
    #expect(whole != nil)
    #expect(throws: whole!) { try FontCatalog.font(at: path) }
  }

  /// A file cut short after its font was read: the glyphs past the cut
  /// are errors when drawn, those before it are drawn as before.
  @Test func aFileCutShortInUseIsAnErrorAtTheGlyph() throws {
    guard let bytes = FontFiles.bytes(FontFiles.dejaVuSans) else { return }
    let dir = try Support.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("shrinks.ttf").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let font = try Font(file: try FontFile(path, limit: FontCatalog.maxFontFileSize), faceIndex: 0)
    let whole = try Font(bytes: bytes)
    #expect(truncate(path, 200_000) == 0)
    let early = whole.glyph(for: "A")
    #expect(try font.outline(of: early) == (try whole.outline(of: early)))
    var failed = 0
    for g in stride(from: whole.glyphCount - 400, to: whole.glyphCount, by: 1) {
      do { #expect(try font.outline(of: g) == (try whole.outline(of: g))) } catch { failed += 1 }
    }
    #expect(failed > 0)
  }
}
