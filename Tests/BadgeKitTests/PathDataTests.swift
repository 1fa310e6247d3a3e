// SVG path data: the grammar's corners (packed numbers, exponents, arc
// flags without separators, implicit and relative commands, smooth
// curves), arcs as cubics, and errors at the exact character.
import Testing

@testable import BadgeKit

struct PathDataTests {
  /// The end points of each element, as "M x y", "L x y", "C x y", "Q x y", "Z".
  static func ends(_ text: String) -> String {
    PathData.parse(text).elements.map { e -> String in
      func n(_ v: Double) -> String { formatForMessage((v * 1000).rounded() / 1000) }
      switch e {
      case .move(let p): return "M \(n(p.x)) \(n(p.y))"
      case .line(let p): return "L \(n(p.x)) \(n(p.y))"
      case .quad(_, let p): return "Q \(n(p.x)) \(n(p.y))"
      case .cubic(_, _, let p): return "C \(n(p.x)) \(n(p.y))"
      case .close: return "Z"
      }
    }.joined(separator: ", ")
  }

  @Test(arguments: [
    ("M10 20L30 40", "M 10 20, L 30 40"),
    ("M 10,20 30,40 50 60", "M 10 20, L 30 40, L 50 60"),  // implicit lines after a move
    ("m10 20 5 5l1 1", "M 10 20, L 15 25, L 16 26"),  // relative throughout
    ("M1.5.5L010-.1", "M 1.5 0.5, L 10 -0.1"),  // packed numbers
    ("M1e1 2E-1L-1.5e+1 .5e1", "M 10 0.2, L -15 5"),  // exponents
    ("M10 10H20V30h5v-5", "M 10 10, L 20 10, L 20 30, L 25 30, L 25 25"),
    ("M0 0C1 1 2 2 3 3S5 5 6 6", "M 0 0, C 3 3, C 6 6"),
    ("M0 0Q1 1 2 0T4 0", "M 0 0, Q 2 0, Q 4 0"),
    ("M10 10L20 10Zl5 5", "M 10 10, L 20 10, Z, L 15 15"),  // after Z, from the subpath's start
    ("M0 0A5 5 0 1 1 10 0", "M 0 0, C 10 0"),  // half a turn: two quarter cubics
    ("M0 0a5 5 0 1010 0", "M 0 0, C 10 0"),  // flags without separators
    ("M0 0A0 5 0 0 1 10 10", "M 0 0, L 10 10"),  // a zero radius is a line
    ("  M 1 2  ", "M 1 2"),
    ("", ""),
  ])
  func parses(_ text: String, _ expected: String) {
    #expect(PathData.parse(text).failure == nil)
    // Arcs: only the last piece's end is compared (pieces end on the ellipse).
    let got = PathDataTests.ends(text)
    if expected.contains("C") && (text.contains("A") || text.contains("a")) {
      #expect(got.hasPrefix("M 0 0, C") && got.hasSuffix(expected.components(separatedBy: ", ").last!), "\(got)")
    } else {
      #expect(got == expected)
    }
  }

  /// A half turn of radius 5 is two quarter cubics whose middle point is
  /// on the circle: (5, −5) for a clockwise sweep from (0, 0) to (10, 0)
  /// (y down), and radii too small are scaled up to reach.
  @Test func arcsFollowTheEllipse() throws {
    let half = PathData.parse("M0 0A5 5 0 0 1 10 0").elements
    #expect(half.count == 3)
    guard case .cubic(_, _, let mid) = half[1] else { return }
    #expect(abs(mid.x - 5) < 1e-9 && abs(mid.y + 5) < 1e-9)
    let small = PathData.parse("M0 0A1 1 0 0 1 10 0").elements
    guard case .cubic(_, _, let m) = small[1], case .cubic(_, _, let end) = small.last! else { return }
    #expect(abs(m.x - 5) < 1e-9 && abs(m.y + 5) < 1e-9 && end == Point(10, 0))
  }

  @Test(arguments: [
    ("L10 10", 0, "a move command 'M' or 'm' first"),
    ("M10 10 L 20 x30", 12, "a number"),
    ("M10 10 L 20", 11, "a number"),
    ("M0 0 A5 5 0 2 1 10 10", 12, "an arc flag, 0 or 1"),
    ("M0 0 #", 5, "a number or a command letter"),
    ("M0 0 Z 5", 7, "a command letter"),
  ])
  func failsAtTheCharacter(_ text: String, _ offset: Int, _ expected: String) {
    #expect(PathData.parse(text).failure == PathData.Failure(offset: offset, expected: expected))
  }

  /// In a badge, the error points at the character inside the string.
  @Test func errorsPointIntoTheString() {
    let result = Support.compile("badge P { path(\"M0 0 L 5 q\") }")
    #expect(result.diagnostics.map(\.message.text) == ["malformed path data: expected a number, found 'q'"])
    #expect(result.diagnostics.first?.range == SourceRange(file: 0, start: 25, end: 26))
  }

  /// `viewBox:` fits the data's box into the frame, centred, as SVG's
  /// `xMidYMid meet`: a 24 × 24 box in a 200 × 100 frame is scaled by
  /// 100 / 24 and moved right by 50.
  @Test func viewBoxFitsTheFrame() throws {
    let scene = try #require(Support.scene("badge V size 200, 100 { path(\"M0 0 L24 24\", viewBox: (0, 0, 24, 24)) }"))
    let f = try #require(scene.fills.first)
    #expect(
      f.path.elements.map { e -> Point? in
        if case .move(let p) = e { return f.transform.apply(p) }
        if case .line(let p) = e { return f.transform.apply(p) }
        return nil
      } == [Point(50, 0), Point(150, 100)])
  }
}

extension PathDataTests {
  /// `data "M…"` inside a path: points of the frame, or fractions of a
  /// `within` rectangle; its errors point into its string.
  @Test func dataInsideAPath() throws {
    let scene = try #require(
      Support.scene(
        "badge D size 100 { path { data \"M10 10 h20\" within 50, 50, 40, 20 { data \"M0 0 L1 1z\" } } }"))
    let points = scene.fills[0].path.elements.compactMap { e -> Point? in
      switch e {
      case .move(let p), .line(let p): return scene.fills[0].transform.apply(p)
      default: return nil
      }
    }
    #expect(points == [Point(10, 10), Point(30, 10), Point(50, 50), Point(90, 70)])
    let bad = Support.compile("badge D { path { data \"M0 0 L\" } }")
    #expect(
      bad.diagnostics.map(\.message.text) == ["malformed path data: expected a number, found the end of the path data"])
    #expect(bad.diagnostics.first?.range == SourceRange(file: 0, start: 29, end: 30))  // the closing quote
  }
}

extension PathDataTests {
  /// `repeat` in a path body: a polygon of N corners in one loop, the
  /// index visible inside; counts are checked as a view's repeat's.
  @Test func repeatInsideAPath() throws {
    let scene = try #require(
      Support.scene(
        """
        badge R size 100 {
          path {
            move (50, 10)
            repeat 5 as k { line (50 + 40 * sin((k + 1) * 72deg), 50 - 40 * cos((k + 1) * 72deg)) }
            close
          }
        }
        """))
    let elements = scene.fills[0].path.elements
    #expect(elements.count == 7)
    guard case .line(let last) = elements[5] else { return }
    // The fifth corner is the first again: 5 · 72° = 360°.
    #expect(abs(last.x - 50) < 1e-9 && abs(last.y - 10) < 1e-9)
    let bad = Support.compile("badge R { path { move (0, 0) repeat 2.5 { line (1, 1) } } }")
    #expect(bad.diagnostics.map(\.message) == [.badRepeatCount("2.5")])
    let unknown = Support.compile("badge R { path { move (0, 0) repeat 2 as j { line (j, i) } } }")
    #expect(unknown.diagnostics.map(\.message.text) == ["unknown name 'i'"])
  }
}

extension PathDataTests {
  /// Reading stops at the segment budget: a 64 MiB string cannot build
  /// millions of segments first.
  @Test func readingStopsAtTheSegmentLimit() {
    let (elements, failure) = PathData.parse("M0 0 L1 1 2 2 3 3 4 4 5 5", limit: 3)
    #expect(failure?.tooMany == true && elements.count == 4)
    #expect(PathData.parse("M0 0 L1 1 2 2", limit: 3).failure == nil)
  }
}

extension PathDataTests {
  /// Random strings over the path grammar's alphabet never crash the
  /// reader, and every point it makes is finite (a huge arc rotation once
  /// overflowed to NaN and trapped).
  @Test func randomDataNeverCrashes() {
    var rng = RasterCoverageTests.Random(state: 2024)
    let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-+eE ,")
    let seeds = ["M0 0 A 1 1 1e308 1 1 5 5", "M0 0A1e300 1e-300 45 1 0 5 5", "M1e308 1e308 a1e308 1 0 1 1 -1e308 0"]
    var texts = seeds
    for _ in 0..<3000 {
      let n = Int(rng.next() * 40)
      texts.append(String((0..<n).map { _ in alphabet[Int(rng.next() * Double(alphabet.count))] }))
    }
    for text in texts {
      let (elements, _) = PathData.parse(text)
      var finite = true
      ScenePath(elements).forEachPoint { finite = finite && $0.x.isFinite && $0.y.isFinite }
      #expect(finite, "\(text)")
    }
  }
}
