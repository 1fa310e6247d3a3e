// What the text tests share: the two fonts they set text in, with their
// metrics as fontTools reads them; the pen positions HarfBuzz gives for
// the strings they set; and a reading of a compiled text's path back into
// its glyphs, each with the affine map that placed its outline.
import Foundation
import Testing

@testable import BadgeKit

/// A font file the text tests use, with its 'hhea' metrics as fontTools
/// reads them (font units; the descender positive, below the baseline).
/// Neither font sets OS/2's USE_TYPO_METRICS, so 'hhea' is what counts.
struct ComparedFont: Sendable {
  /// The family name the font file gives, for SVG's `font-family`.
  var family: String
  var path: String
  var unitsPerEm: Double
  var ascender: Double
  var descender: Double
  var lineGap: Double

  /// DejaVu Sans: TrueType outlines, composite glyphs for Ä and Ö, kerning
  /// in GPOS (and a legacy 'kern' table, which HarfBuzz then ignores).
  static let dejaVu = ComparedFont(
    family: "DejaVu Sans", path: FontFiles.dejaVuSans, unitsPerEm: 2048, ascender: 1901, descender: 483, lineGap: 0)
  /// Nimbus Sans: CFF outlines, kerning in GPOS, a line gap of 200.
  static let nimbus = ComparedFont(
    family: "Nimbus Sans", path: FontFiles.nimbusSans, unitsPerEm: 1000, ascender: 729, descender: 271, lineGap: 200)

  /// Points per font unit at `size` points.
  func scale(_ size: Double) -> Double { size / unitsPerEm }
}

/// A string as HarfBuzz sets it in one font.
struct ShapedString: Sendable {
  var font: ComparedFont
  var string: String
  /// The glyph of each character.
  var glyphs: [Int]
  /// Each glyph's pen position from the start of the line, font units.
  var x: [Int]
  /// The line's advance, font units.
  var advance: Int
}

/// The strings the text tests set, as HarfBuzz sets them.
enum Shaped {
  /// HarfBuzz 15.0.0 (through uharfbuzz 0.57.0) with 'kern' on and 'liga'
  /// off, the script and direction guessed from the text, the scale set to
  /// the units per em (so no rounding):
  ///
  ///     face = hb.Face(hb.Blob.from_file_path(path)); font = hb.Font(face)
  ///     font.scale = (face.upem, face.upem)
  ///     buf = hb.Buffer(); buf.add_str(s); buf.guess_segment_properties()
  ///     hb.shape(font, buf, {"kern": True, "liga": False})
  ///     x = the sum of the x_advance before each glyph, plus its x_offset
  ///
  /// No glyph has an x or y offset; with the default features (liga on)
  /// the glyphs and positions are the same for these strings. The last two
  /// hold default-ignorable characters (a soft hyphen, a zero-width space,
  /// a word joiner, a variation selector): HarfBuzz hides each, putting the
  /// space glyph with no advance in its place and kerning across it, and
  /// those hidden glyphs are left out here (rsvg-convert and resvg draw
  /// nothing there either).
  static let strings: [ShapedString] = [
    ShapedString(
      font: .dejaVu, string: "AVATAR To Wa", glyphs: [36, 57, 36, 55, 36, 53, 3, 55, 82, 3, 58, 68],
      x: [0, 1270, 2540, 3782, 4874, 6275, 7698, 8349, 9252, 10505, 11156, 13050], advance: 14305),
    ShapedString(
      font: .dejaVu, string: "Preview Testing", glyphs: [51, 85, 72, 89, 76, 72, 90, 3, 55, 72, 86, 87, 76, 81, 74],
      x: [0, 1199, 1996, 3256, 4468, 5037, 6297, 7972, 8623, 9526, 10786, 11853, 12656, 13225, 14523],
      advance: 15823),
    ShapedString(
      font: .dejaVu, string: "Hiking", glyphs: [43, 76, 78, 76, 81, 74], x: [0, 1540, 2109, 3295, 3864, 5162],
      advance: 6462),
    ShapedString(
      font: .dejaVu, string: "2026", glyphs: [21, 19, 21, 25], x: [0, 1303, 2606, 3909], advance: 5212),
    ShapedString(
      font: .dejaVu, string: "Ärger Öl Tête", glyphs: [134, 85, 74, 72, 85, 3, 152, 79, 3, 55, 172, 87, 72],
      x: [0, 1401, 2207, 3507, 4767, 5609, 6260, 7872, 8441, 9092, 10055, 11315, 12118], advance: 13378),
    ShapedString(
      font: .nimbus, string: "AVATAR To Wa", glyphs: [34, 55, 34, 53, 34, 51, 1, 53, 80, 1, 56, 66],
      x: [0, 596, 1195, 1769, 2284, 2951, 3673, 3951, 4471, 5027, 5305, 6212], advance: 6768),
    ShapedString(
      font: .nimbus, string: "Preview Testing", glyphs: [49, 83, 70, 87, 74, 70, 88, 1, 53, 70, 84, 85, 74, 79, 72],
      x: [0, 667, 990, 1531, 2031, 2253, 2800, 3522, 3800, 4318, 4870, 5367, 5640, 5862, 6418], advance: 6974),
    ShapedString(
      font: .nimbus, string: "Hiking", glyphs: [41, 74, 76, 74, 79, 72], x: [0, 722, 944, 1450, 1672, 2228],
      advance: 2784),
    ShapedString(
      font: .nimbus, string: "2026", glyphs: [19, 17, 19, 23], x: [0, 556, 1112, 1668], advance: 2224),
    ShapedString(
      font: .nimbus, string: "Ärger Öl Tête", glyphs: [173, 83, 72, 70, 83, 1, 189, 77, 1, 53, 208, 85, 70],
      x: [0, 667, 997, 1548, 2104, 2437, 2715, 3493, 3715, 3993, 4604, 5160, 5424], advance: 5980),
    ShapedString(
      font: .dejaVu, string: "AVA\u{AD}TAR T\u{200B}o W\u{2060}a\u{FE0F}",
      glyphs: [36, 57, 36, 55, 36, 53, 3, 55, 82, 3, 58, 68],
      x: [0, 1270, 2540, 3782, 4874, 6275, 7698, 8349, 9252, 10505, 11156, 13050], advance: 14305),
    ShapedString(
      font: .nimbus, string: "AVA\u{AD}TAR T\u{200B}o W\u{2060}a\u{FE0F}",
      glyphs: [34, 55, 34, 53, 34, 51, 1, 53, 80, 1, 56, 66],
      x: [0, 596, 1195, 1769, 2284, 2951, 3673, 3951, 4471, 5027, 5305, 6212], advance: 6768),
  ]
}

/// One glyph found in a compiled text's path: the affine map from its
/// outline (font units, y up) to the canvas (points, y down).
struct PlacedGlyph {
  var glyph: Int
  /// The map's linear part: the canvas vector of one font unit along x
  /// (`ax`) and along y (`ay`).
  var ax: Point
  var ay: Point
  /// Where the glyph's origin (the pen position on the baseline) lands.
  var origin: Point
  /// The largest distance, in points, of a point of the path from the
  /// map's image of the outline's point.
  var residual: Double

  /// Where `p` (font units) lands on the canvas.
  func apply(_ p: Point) -> Point {
    Point(origin.x + ax.x * p.x + ay.x * p.y, origin.y + ax.y * p.x + ay.y * p.y)
  }
}

/// A compiled text's path read back into its glyphs.
enum TextPaths {
  /// The points of `commands` in order (control points included), as
  /// `ScenePath.forEachPoint` gives a path's.
  static func points(_ commands: [GlyphCommand]) -> [Point] {
    commands.flatMap { c -> [Point] in
      switch c {
      case .move(let x, let y), .line(let x, let y): return [Point(x, y)]
      case .quad(let a, let b, let x, let y): return [Point(a, b), Point(x, y)]
      case .cubic(let a, let b, let c, let d, let x, let y): return [Point(a, b), Point(c, d), Point(x, y)]
      case .close: return []
      }
    }
  }

  /// `fill`'s path read back as `glyphs` in `font`, in order (glyphs with
  /// no outline, such as the space, are not in the path): each glyph's
  /// commands in turn, the map fitted through three of its points far
  /// apart and measured on all. Records an issue and returns nil when the
  /// path does not have the glyphs' commands.
  static func placements(
    _ fill: Fill, _ glyphs: [Int], in font: Font, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [PlacedGlyph]? {
    var canvas: [Point] = []
    for e in fill.path.elements {
      ScenePath([e]).forEachPoint { canvas.append(fill.transform.apply($0)) }
    }
    var kinds = fill.path.elements.map { e -> Character in
      switch e {
      case .move: return "M"
      case .line: return "L"
      case .quad: return "Q"
      case .cubic: return "C"
      case .close: return "Z"
      }
    }[...]
    var next = 0
    var placed: [PlacedGlyph] = []
    for g in glyphs {
      let commands = try font.outline(of: g).commands
      if commands.isEmpty { continue }
      let expected = commands.map { FontFiles.parts($0).0 }
      guard kinds.prefix(expected.count).elementsEqual(expected) else {
        Issue.record("glyph \(g): the path's commands are not its outline's", sourceLocation: sourceLocation)
        return nil
      }
      kinds = kinds.dropFirst(expected.count)
      let from = points(commands)
      let to = Array(canvas[next..<(next + from.count)])
      next += from.count
      guard let map = fit(from, to) else {
        Issue.record("glyph \(g): its outline is degenerate", sourceLocation: sourceLocation)
        return nil
      }
      var residual = 0.0
      for (p, q) in zip(from, to) {
        let r = map.apply(p)
        residual = max(residual, ((r.x - q.x) * (r.x - q.x) + (r.y - q.y) * (r.y - q.y)).squareRoot())
      }
      placed.append(PlacedGlyph(glyph: g, ax: map.ax, ay: map.ay, origin: map.origin, residual: residual))
    }
    #expect(kinds.isEmpty && next == canvas.count, "the path has more than the glyphs", sourceLocation: sourceLocation)
    return placed
  }

  /// The affine map taking `from` to `to`, solved on the first point, the
  /// one farthest from it and the one farthest from the line through both.
  private static func fit(_ from: [Point], _ to: [Point]) -> PlacedGlyph? {
    guard let p0 = from.first else { return nil }
    func d2(_ a: Point, _ b: Point) -> Double { (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) }
    func cross(_ i: Int, _ j: Int) -> Double {
      (from[i].x - p0.x) * (from[j].y - p0.y) - (from[i].y - p0.y) * (from[j].x - p0.x)
    }
    guard let i = from.indices.max(by: { d2(from[$0], p0) < d2(from[$1], p0) }),
      let j = from.indices.max(by: { abs(cross(i, $0)) < abs(cross(i, $1)) })
    else { return nil }
    let det = cross(i, j)
    guard abs(det) > 1e-9 else { return nil }
    // [u v] = A [p q], with p, q the outline's vectors and u, v the canvas'.
    let (px, py) = (from[i].x - p0.x, from[i].y - p0.y)
    let (qx, qy) = (from[j].x - p0.x, from[j].y - p0.y)
    let (ux, uy) = (to[i].x - to[0].x, to[i].y - to[0].y)
    let (vx, vy) = (to[j].x - to[0].x, to[j].y - to[0].y)
    // The inverse of [p q] is [qy −qx; −py px] / det.
    let ax = Point((ux * qy - vx * py) / det, (uy * qy - vy * py) / det)
    let ay = Point((vx * px - ux * qx) / det, (vy * px - uy * qx) / det)
    let origin = Point(to[0].x - ax.x * p0.x - ay.x * p0.y, to[0].y - ax.y * p0.x - ay.y * p0.y)
    return PlacedGlyph(glyph: 0, ax: ax, ay: ay, origin: origin, residual: 0)
  }
}
