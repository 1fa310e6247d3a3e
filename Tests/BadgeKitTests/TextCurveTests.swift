// Text on a circle, measured from the compiled path: every glyph is its
// outline turned and moved, upright and unmirrored at the text's size; the
// middle of its advance lies on the circle of the given radius, its up
// points away from the centre outside and towards it inside, and the
// glyphs are spaced along the arc as HarfBuzz spaces them along a line,
// the text's middle at the given angle, reading clockwise outside and
// anticlockwise inside.
import Foundation
import Testing

@testable import BadgeKit

struct TextCurveTests {
  /// (index into `Shaped.strings`, size in points, radius in points, angle
  /// in degrees, the `side:` argument if any, whether the text is inside).
  static let cases: [(shaped: Int, size: Double, radius: Double, angle: Double, side: String?, inside: Bool)] = [
    (0, 17, 80, -90, nil, false),  // over the top: outside by default
    (3, 17, 80, 90, nil, true),  // under the bottom: inside by default
    (6, 17, 70, -90, "inside", true),
    (9, 12, 60, 30, "outside", false),
    (1, 48, 100, 180, nil, false),  // more than half the circle
    (4, 20, 50, 135, nil, true),
  ]

  /// The badge's side; the circle is centred on it.
  static let side = 240.0

  @Test(arguments: cases.indices)
  func glyphsOnTheCircle(_ k: Int) throws {
    let c = TextCurveTests.cases[k]
    let shaped = Shaped.strings[c.shaped]
    guard let font = try FontFiles.font(shaped.font.path) else { return }
    let sideArgument = c.side.map { ", side: .\($0)" } ?? ""
    let source = """
      badge C size \(TextCurveTests.side) {
        text("\(shaped.string)", radius: \(c.radius), angle: \(c.angle)deg\(sideArgument))
          .font(size: \(c.size), family: "\(shaped.font.path)")
      }
      """
    let fill = try #require(Support.scene(source)?.fills.first)
    #expect(fill.text == shaped.string)
    let placed = try #require(try TextPaths.placements(fill, shaped.glyphs, in: font))
    let s = shaped.font.scale(c.size)
    let centre = Point(TextCurveTests.side / 2, TextCurveTests.side / 2)
    let width = Double(shaped.advance) * s
    // Clockwise on the screen (y down) is the angle growing.
    let turning = c.inside ? -1.0 : 1.0
    let drawn = try zip(shaped.glyphs, shaped.x).filter { g, _ in try !font.outline(of: g).commands.isEmpty }
    #expect(placed.count == drawn.count)
    for (p, (g, x)) in zip(placed, drawn) {
      let what = "glyph \(g) of '\(shaped.string)'"
      #expect(p.glyph == g)
      #expect(p.residual <= 1e-9, "\(what): not one rigid placement")
      // A rotation of the upright glyph: lengths kept, not mirrored.
      let det = p.ax.x * p.ay.y - p.ax.y * p.ay.x
      #expect(abs(hypot(p.ax.x, p.ax.y) - s) <= 1e-12 && abs(hypot(p.ay.x, p.ay.y) - s) <= 1e-12, "\(what)")
      #expect(abs(p.ax.x * p.ay.x + p.ax.y * p.ay.y) <= 1e-12 && abs(det + s * s) <= 1e-12, "\(what)")
      // The middle of the glyph's own advance, on the baseline.
      let advance = Double(font.advance(of: g))
      let middle = p.apply(Point(advance / 2, 0))
      let (dx, dy) = (middle.x - centre.x, middle.y - centre.y)
      let distance = hypot(dx, dy)
      #expect(abs(distance - c.radius) <= 1e-9, "\(what): \(distance) pt from the centre")
      // Its up: font units' y on the canvas, against the radius outwards.
      let up = Point(p.ay.x / s, p.ay.y / s)
      let outwards = (up.x * dx + up.y * dy) / distance
      #expect(abs(outwards - (c.inside ? -1 : 1)) <= 1e-9, "\(what): up · outwards is \(outwards)")
      // Along the arc as along the line: from the text's middle, the
      // glyph's middle at HarfBuzz's pen position plus half its advance.
      let along = Double(x) * s + advance * s / 2 - width / 2
      let expected = c.angle * Double.pi / 180 + turning * along / c.radius
      var off = (atan2(dy, dx) - expected).truncatingRemainder(dividingBy: 2 * Double.pi)
      if off > Double.pi { off -= 2 * Double.pi }
      if off < -Double.pi { off += 2 * Double.pi }
      #expect(abs(off) * c.radius <= 1e-9, "\(what): \(off * c.radius) pt along the arc from its place")
    }
  }
}
