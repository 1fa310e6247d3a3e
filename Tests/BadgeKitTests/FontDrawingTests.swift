// Text drawn the way layout will draw it: each character's glyph placed at
// the pen, the pen moved by the advance and the kerning with the next
// glyph. The placed outlines are not empty, and their box (control points
// included) and the total advance are what fontTools gives for the same
// placement (ControlBoundsPen through a TransformPen per glyph, from
// Tests/fonttools-reference.py `tables`).
import Testing

@testable import BadgeKit

struct FontDrawingTests {
  /// The placed outlines of `text` in `font` (font units, y up, the first
  /// glyph's origin at 0), and the pen's final position.
  static func draw(_ text: String, _ font: Font) throws -> (commands: [GlyphCommand], advance: Int) {
    var commands: [GlyphCommand] = []
    var x = 0
    var previous: Int?
    for scalar in text.unicodeScalars {
      let glyph = font.glyph(for: scalar)
      if let previous { x += font.kerning(previous, glyph) }
      let dx = Double(x)
      for c in try font.outline(of: glyph).commands {
        switch c {
        case .move(let a, let b): commands.append(.move(a + dx, b))
        case .line(let a, let b): commands.append(.line(a + dx, b))
        case .quad(let a, let b, let c, let d): commands.append(.quad(a + dx, b, c + dx, d))
        case .cubic(let a, let b, let c, let d, let e, let f): commands.append(.cubic(a + dx, b, c + dx, d, e + dx, f))
        case .close: commands.append(.close)
        }
      }
      x += font.advance(of: glyph)
      previous = glyph
    }
    return (commands, x)
  }

  static let text = "Badge Ä AV To 2025"

  @Test(arguments: [
    (FontFiles.dejaVuSans, [201.0, -426, 20385, 1870], 20564),
    (FontFiles.nimbusSans, [79.0, -218, 9189, 914], 9232),
  ])
  func textBoxMatchesFontTools(_ path: String, _ box: [Double], _ advance: Int) throws {
    guard let font = try FontFiles.font(path) else { return }
    let drawn = try FontDrawingTests.draw(FontDrawingTests.text, font)
    #expect(drawn.commands.count > 100)
    #expect(drawn.advance == advance)
    let b = try #require(GlyphOutline(commands: drawn.commands).controlBounds)
    let found = [b.minX, b.minY, b.maxX, b.maxY]
    #expect(zip(found, box).allSatisfy { abs($0 - $1) <= 1 }, "\(found)")
  }
}
