// A comparison of every glyph of whole fonts with fontTools, run on demand:
// Tests/fonttools-reference.py writes what fontTools reads of a font (metrics,
// character map, advances, kerning pairs and every outline), and this test
// reads the same font and compares. BADGEC_FONTTOOLS_DUMPS names the dump
// files, colon-separated; without it the test does nothing.
//
//   python3 Tests/fonttools-reference.py dump /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf > /tmp/dejavu.txt
//   BADGEC_FONTTOOLS_DUMPS=/tmp/dejavu.txt swift test --filter FontToolsComparison
import Foundation
import Testing

@testable import BadgeKit

struct FontToolsComparisonTests {
  @Test func everyGlyphAsFontToolsReadsIt() throws {
    guard let list = ProcessInfo.processInfo.environment["BADGEC_FONTTOOLS_DUMPS"] else { return }
    for dump in list.split(separator: ":") {
      try compare(String(dump))
    }
  }

  func compare(_ dump: String) throws {
    let text = try String(contentsOfFile: dump, encoding: .utf8)
    var font: Font?
    var mismatches = 0
    var compared = 0
    for line in text.split(separator: "\n") {
      let f = line.split(separator: " ", maxSplits: 1)
      guard let kind = f.first else { continue }
      let rest = f.count > 1 ? String(f[1]) : ""
      let n = rest.split(separator: " ").map { Int($0) ?? Int.min }
      switch kind {
      case "F":
        font = try Font(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: rest))))
      case "H":
        guard let font else { continue }
        #expect(
          [font.unitsPerEm, font.ascender, font.descender, font.lineGap, font.glyphCount, font.weight] == n,
          "\(dump): metrics")
      case "U":
        guard let font, let scalar = Unicode.Scalar(UInt32(n[0])) else { continue }
        #expect(font.glyph(for: scalar) == n[1], "\(dump): U+\(String(n[0], radix: 16))")
      case "K":
        guard let font else { continue }
        #expect(font.kerning(n[0], n[1]) == n[2], "\(dump): kerning \(n[0]) \(n[1])")
      case "G":
        guard let font else { continue }
        let parts = rest.split(separator: " ", maxSplits: 2)
        guard let glyph = Int(parts[0]), let advance = Int(parts[1]) else { continue }
        #expect(font.advance(of: glyph) == advance, "\(dump): advance of \(glyph)")
        let expected = FontFiles.commands(parts.count > 2 ? String(parts[2]) : "")
        let found: [GlyphCommand]
        do { found = try font.outline(of: glyph).commands } catch {
          Issue.record("\(dump): glyph \(glyph): \(error.message)")
          continue
        }
        compared += 1
        if !FontFiles.same(found, expected) {
          mismatches += 1
          if mismatches <= 5 {
            Issue.record("\(dump): glyph \(glyph)\nexpected \(expected)\nfound    \(found)")
          }
        }
      default:
        continue
      }
    }
    #expect(mismatches == 0, "\(dump): \(mismatches) glyphs differ")
    #expect(compared > 0 && compared == font?.glyphCount, "\(dump): \(compared) glyphs compared")
    print("\(dump): \(compared) glyphs compared, \(mismatches) differ")
  }
}
