// Robustness of the font reader: font files cut short at many lengths, and
// with random bytes written over the table directory and over the 'loca',
// 'glyf', 'cmap', 'CFF ', 'GPOS', 'hmtx' and 'kern' tables, must read as a
// FontError or as a font whose every question (glyph, advance, kerning,
// outline) gets an answer or a FontError: never a crash or a hang. The
// random numbers are a fixed sequence; BADGEC_FONT_FUZZ_ROUNDS=n runs n
// times as many mutations, each round with new numbers (for a longer run
// by hand, e.g. 200 for a few minutes).
import Foundation
import Testing

@testable import BadgeKit

struct FontFuzzTests {
  /// SplitMix64: a fixed sequence of pseudo-random numbers.
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
  }

  static var rounds: Int { Int(ProcessInfo.processInfo.environment["BADGEC_FONT_FUZZ_ROUNDS"] ?? "") ?? 1 }

  static let sample = "AVTo Wé Ä fi%&g 09"

  /// Reads `bytes` as a font and asks it everything about the sample text
  /// and a few more glyphs; returns whether it read as a font.
  @discardableResult
  static func exercise(_ bytes: [UInt8], extraGlyphs: [Int] = []) -> Bool {
    guard let font = try? Font(bytes: bytes) else { return false }
    var previous: Int?
    var glyphs: [Int] = []
    for scalar in sample.unicodeScalars {
      let g = font.glyph(for: scalar)
      #expect(g >= 0 && g < font.glyphCount)
      glyphs.append(g)
      _ = font.advance(of: g)
      if let previous { _ = font.kerning(previous, g) }
      previous = g
    }
    for g in glyphs + extraGlyphs {
      if let outline = try? font.outline(of: g) {
        #expect(outline.commands.allSatisfy(finite))
      }
    }
    _ = (font.familyName, font.styleName, font.weight, font.ascender)
    return true
  }

  static func finite(_ c: GlyphCommand) -> Bool {
    FontFiles.parts(c).1.allSatisfy { $0.isFinite }
  }

  /// The fonts mutated: both pinned files (when installed) and the fixtures.
  static func fonts() throws -> [(name: String, bytes: [UInt8])] {
    var fonts: [(String, [UInt8])] = []
    for path in [FontFiles.dejaVuSans, FontFiles.nimbusSans] {
      if let bytes = FontFiles.bytes(path) { fonts.append((path, bytes)) }
    }
    for name in ["composites.ttf", "cid-fdselect3.otf"] {
      fonts.append((name, try FontFixtureTests.fixture(name)))
    }
    return fonts
  }

  @Test func truncatedFontsNeverCrash() throws {
    for (name, bytes) in try FontFuzzTests.fonts() {
      let directory = try SfntDirectory(FontBytes(bytes))
      // Every length up to the end of the directory, the ends of tables
      // give or take a few bytes, and lengths spread over the file.
      var lengths = Set(0...min(bytes.count, 12 + 16 * directory.entries.count + 8))
      for entry in directory.entries {
        for d in -3...3 { lengths.insert(entry.offset + d) }
        for d in -3...3 { lengths.insert(entry.offset + entry.length + d) }
      }
      for k in 1..<(60 * FontFuzzTests.rounds) { lengths.insert(bytes.count * k / (60 * FontFuzzTests.rounds)) }
      var read = 0
      for n in lengths.sorted() where n >= 0 && n < bytes.count {
        if FontFuzzTests.exercise(Array(bytes.prefix(n))) { read += 1 }
      }
      // A file cut inside its table directory never reads.
      #expect(read < lengths.count - 12 - 16 * directory.entries.count, "\(name)")
    }
  }

  /// Where in the file the sample text's glyphs lie: their 'glyf' data or
  /// their charstrings, and a CFF font's local subroutines (which the
  /// charstrings call); random bytes elsewhere in a large table would
  /// seldom be read.
  static func sampleGlyphRanges(_ bytes: [UInt8]) throws -> [Range<Int>] {
    let font = try Font(bytes: bytes)
    let glyphs = sample.unicodeScalars.map { font.glyph(for: $0) }
    let directory = try SfntDirectory(FontBytes(bytes))
    let file = FontBytes(bytes)
    if let glyf = directory.table(fontTag("glyf")), let loca = directory.table(fontTag("loca")) {
      let long = file.i16(try #require(directory.table(fontTag("head"))).offset + 50) == 1
      return glyphs.compactMap { g in
        let start = long ? file.u32(loca.offset + 4 * g) : file.u16(loca.offset + 2 * g).map { 2 * $0 }
        let end = long ? file.u32(loca.offset + 4 * g + 4) : file.u16(loca.offset + 2 * g + 2).map { 2 * $0 }
        guard let start, let end, end > start else { return nil }
        return (glyf.offset + start)..<(glyf.offset + end)
      }
    }
    let cffEntry = try #require(directory.table(fontTag("CFF ")))
    let cff = try CFFOutlines(try #require(file.range(cffEntry.offset, cffEntry.length)), numGlyphs: font.glyphCount)
    var ranges = glyphs.compactMap { cff.charStrings.item($0) }.map { $0.start..<($0.start + $0.count) }
    for subrs in cff.localSubrs + [cff.globalSubrs] where subrs.size > 0 {
      ranges.append(subrs.bytes.start..<(subrs.bytes.start + subrs.size))
    }
    return ranges
  }

  @Test(arguments: ["directory", "loca", "glyf", "cmap", "CFF ", "GPOS", "hmtx", "kern"])
  func corruptedTablesNeverCrash(_ region: String) throws {
    for (index, (_, bytes)) in try FontFuzzTests.fonts().enumerated() {
      let directory = try SfntDirectory(FontBytes(bytes))
      var ranges: [Range<Int>]
      if region == "directory" {
        ranges = [0..<(12 + 16 * directory.entries.count)]
      } else {
        let tag = region.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let entry = directory.table(tag) else { continue }
        ranges = [entry.offset..<min(bytes.count, entry.offset + entry.length)]
        if region == "glyf" || region == "CFF " { ranges += try FontFuzzTests.sampleGlyphRanges(bytes) }
      }
      ranges = ranges.filter { !$0.isEmpty }
      guard !ranges.isEmpty else { continue }
      let glyphCount = (try? Font(bytes: bytes).glyphCount) ?? 1
      for round in 0..<FontFuzzTests.rounds {
        var r = Random(state: UInt64(0xF0_4700 + 7919 * index + 104_729 * round) ^ UInt64(region.utf8.count))
        // Mutations of a few bytes each, near the start of a range (where
        // a table's header and offsets are) half the time.
        for _ in 0..<300 {
          var copy = bytes
          for _ in 0..<(1 + r.below(4)) {
            let range = ranges[r.below(ranges.count)]
            let span = r.below(2) == 0 ? min(range.count, 64) : range.count
            let at = range.lowerBound + r.below(span)
            switch r.below(4) {
            case 0: copy[at] = UInt8(truncatingIfNeeded: r.next())
            case 1: copy[at] = [0x00, 0xFF, 0x7F, 0x80][r.below(4)]
            case 2: copy[at] ^= UInt8(1 << r.below(8))
            default:
              for k in 0..<min(4, bytes.count - at) { copy[at + k] = 0xFF }
            }
          }
          let extra = (0..<8).map { _ in r.below(glyphCount) }
          FontFuzzTests.exercise(copy, extraGlyphs: extra)
        }
      }
    }
  }
}
