// Conic gradients in SVG: the wedges that stand in for them, and renders by
// rsvg-convert (and resvg when present) against an exact per-pixel conic
// gradient computed here with the same colour function.
import Foundation
import Testing

@testable import BadgeKit

struct SVGConicTests {
  /// A conic gradient over the whole canvas (so that no edge is
  /// anti-aliased), drawn through `t`.
  struct Case: CustomStringConvertible {
    var name: String
    var gradient: ConicGradient
    var transform: Transform = .identity
    var opacity = 1.0
    var size = Size(120, 100)
    var description: String { name }

    var scene: Scene {
      // The canvas rectangle in the frame: its corners mapped back.
      let inverse = transform.inverted!
      let corners = [Point(0, 0), Point(size.width, 0), Point(size.width, size.height), Point(0, size.height)]
        .map(inverse.apply)
      let path = ScenePath([.move(corners[0]), .line(corners[1]), .line(corners[2]), .line(corners[3]), .close])
      return Scene(
        name: name, size: size, nodes: [SVGScenes.fill(path, .conic(gradient), transform, opacity: opacity)])
    }

    /// The exact colour at the canvas point `p`, over white, in bytes.
    func exact(_ p: Point) -> [Int] {
      let q = transform.inverted!.apply(p)
      let g = gradient
      let c = GradientStop.color(at: g.t(atAngle: atan2(q.y - g.center.y, q.x - g.center.x)), g.stops)
      let a = c.a * opacity
      return [c.r, c.g, c.b].map { Int(((a * $0 + 1 - a) * 255).rounded()) }
    }

    var exactImage: RGBImage {
      var bytes: [UInt8] = []
      for y in 0..<Int(size.height) {
        for x in 0..<Int(size.width) {
          bytes += exact(Point(Double(x) + 0.5, Double(y) + 0.5)).map { UInt8($0) }
        }
      }
      return RGBImage(width: Int(size.width), height: Int(size.height), bytes: bytes)
    }
  }

  static let cases: [Case] = [
    Case(
      name: "rainbow",
      gradient: ConicGradient(
        stops: SVGScenes.rainbow, center: Point(62.3, 47.1), startAngle: 0.3, endAngle: 0.3 + 2 * .pi)),
    Case(
      name: "three stops over a part of the turn",
      gradient: ConicGradient(
        stops: [
          GradientStop(color: RGBA(r: 0.1, g: 0.2, b: 0.9), location: 0),
          GradientStop(color: RGBA(r: 1, g: 0.8, b: 0.1), location: 0.3),
          GradientStop(color: RGBA(r: 0.2, g: 0.9, b: 0.3), location: 1),
        ], center: Point(40, 60), startAngle: -0.5, endAngle: 3.5)),
    Case(
      name: "skewed, with a hard stop",
      gradient: ConicGradient(
        stops: [
          GradientStop(color: RGBA(r: 0, g: 0, b: 0), location: 0),
          GradientStop(color: RGBA(r: 1, g: 1, b: 1), location: 0.5),
          GradientStop(color: RGBA(r: 1, g: 0, b: 0), location: 0.5),
          GradientStop(color: RGBA(r: 0, g: 0, b: 1), location: 1),
        ], center: Point(10, 10), startAngle: 1, endAngle: 1 + 2 * .pi),
      transform: Transform(a: 1.5, b: 0.4, c: -0.7, d: 0.9, tx: 50, ty: 40)),
    Case(
      name: "mirrored and stretched",
      gradient: ConicGradient(
        stops: [
          GradientStop(color: RGBA(r: 0.1, g: 0.2, b: 0.9), location: 0),
          GradientStop(color: RGBA(r: 1, g: 0.8, b: 0.1), location: 0.4),
          GradientStop(color: RGBA(r: 0.2, g: 0.9, b: 0.3), location: 1),
        ], center: Point(10, 100), startAngle: 0.2, endAngle: 4),
      transform: Transform(a: -4, b: 0.5, c: 0, d: 0.3, tx: 100, ty: 20)),
    Case(
      name: "gentle",
      gradient: ConicGradient(
        stops: [
          GradientStop(color: RGBA(r: 0.9, g: 0.3, b: 0.2), location: 0),
          GradientStop(color: RGBA(r: 0.3, g: 0.5, b: 0.9), location: 0.6),
          GradientStop(color: RGBA(r: 0.9, g: 0.3, b: 0.2), location: 1),
        ], center: Point(60, 50), startAngle: -2, endAngle: -2 + 2 * .pi)),
    Case(
      name: "alpha changing round the turn",
      gradient: ConicGradient(
        stops: [
          GradientStop(color: RGBA(r: 1, g: 0, b: 0, a: 1), location: 0),
          GradientStop(color: RGBA(r: 0, g: 0, b: 1, a: 0.1), location: 1),
        ], center: Point(60, 50), startAngle: 2, endAngle: 2 + 2 * .pi), opacity: 0.8),
  ]

  @Test(arguments: cases)
  func matchesTheExactGradient(_ c: Case) throws {
    let svg = SVGScenes.svg(c.scene)
    #expect(SVGInertness.problems(in: Array(svg.utf8)) == [])
    let exact = c.exactImage
    for tool in SVGScenes.renderers {
      guard let image = try SVGScenes.render(svg, tool: tool) else { continue }
      let (mean, _) = image.compare(exact, within: 2)
      if mean > 1 { SVGScenes.keep("conic-\(tool)", svg, [("render", image), ("exact", exact)]) }
      #expect(mean <= 1, "\(tool): \(c.name) differs from the exact gradient by \(mean)/255 on average")
      if SVGScenes.report { print("\(tool): \(c.name): mean difference \(mean)/255, \(svg.utf8.count) bytes") }
    }
  }

  /// At points round the centre (away from hard edges, where a pixel's
  /// area and its centre differ), the colours of `t(atAngle:)` within
  /// 2/255. Where the colour changes fast, a pixel holds many thin
  /// wedges, and their overlaps lean its colour toward its leading side:
  /// up to half the colour's change across a pixel more is allowed there.
  @Test(arguments: cases)
  func colourAtAngles(_ c: Case) throws {
    let svg = SVGScenes.svg(c.scene)
    let centre = c.transform.apply(c.gradient.center)
    for tool in SVGScenes.renderers {
      guard let image = try SVGScenes.render(svg, tool: tool) else { continue }
      var checked = 0
      for k in 0..<24 {
        let angle = Double(k) * .pi / 12 + 0.05
        let x = Int(centre.x + 30 * cos(angle))
        let y = Int(centre.y + 30 * sin(angle))
        guard x >= 0, y >= 0, x < image.width, y < image.height else { continue }
        let p = Point(Double(x) + 0.5, Double(y) + 0.5)
        let expected = c.exact(p)
        let around = [(-1.0, 0.0), (1, 0), (0, -1), (0, 1)].map { c.exact(Point(p.x + $0.0, p.y + $0.1)) }
        let change = around.map { zip($0, expected).map { abs($0 - $1) }.max()! }.max()!
        // A hard edge (a seam, or stops at one place) is no place to look.
        if change > 40 { continue }
        checked += 1
        let actual = image.pixel(x, y)
        #expect(
          zip(actual, expected).allSatisfy { abs($0 - $1) <= 2 + change / 2 },
          "\(tool): \(c.name) at (\(x), \(y)): \(actual), expected \(expected) (neighbours differ by \(change))")
      }
      #expect(checked >= 12)
    }
  }

  @Test func wedgesAreFineWhereTheColourChangesAndFewWhereItDoesNot() {
    let black = RGBA(r: 0, g: 0, b: 0)
    let white = RGBA(r: 1, g: 1, b: 1)
    // Black to white over a quarter turn: 255 steps of 1/255 (256 when
    // the cut half a turn from the seam halves one), and the
    // rest of the turn (one colour on each side of the seam) in wedges
    // no wider than a quarter turn.
    let g = ConicGradient(
      stops: SVGScenes.stops([black, white]), center: Point(0, 0), startAngle: 0, endAngle: .pi / 2)
    let conic = SVGConic(g) { a, b in abs(a.r - b.r) }
    let changing = conic.wedges.filter { $0.from >= 0 && $0.to <= .pi / 2 + 1e-12 }
    #expect((255...256).contains(changing.count))
    #expect(conic.wedges.count - changing.count <= 5)
    for (a, b) in zip(conic.wedges, conic.wedges.dropFirst()) {
      #expect(a.to == b.from)
      #expect(abs(a.color.r - b.color.r) <= 1.0 / 255 + 1e-9)
      #expect(b.to - b.from <= SVGConic.widest + 1e-12)
    }
    // Boundaries on the stops, the seam and half a turn from it.
    let boundaries = Set(conic.wedges.map(\.from))
    #expect(boundaries.contains(0) && boundaries.contains(conic.low) && boundaries.contains(conic.low + .pi))
    #expect(conic.wedges.contains { abs($0.to - .pi / 2) < 1e-12 })
    #expect(conic.wedges.first!.from == conic.low && abs(conic.wedges.last!.to - conic.low - 2 * .pi) < 1e-12)
    #expect(conic.wedges[conic.split].from == conic.low + .pi)

    // Many stops of strong changes: held to the bound.
    let many = ConicGradient(
      stops: SVGScenes.stops((0..<40).map { $0 % 2 == 0 ? black : white }), center: Point(0, 0), startAngle: 0,
      endAngle: 2 * .pi)
    #expect(SVGConic(many) { a, b in abs(a.r - b.r) }.wedges.count <= SVGConic.maximumWedges)
  }
}
